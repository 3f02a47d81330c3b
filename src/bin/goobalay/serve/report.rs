//! Players report their own results (`--results` only): the page `/report` (a code,
//! then the code's match and its result), its API (`POST /api/report/match` reads the
//! match a code reports, `POST /api/report` stores a report) and the director's
//! acceptance of a report (`POST /api/reports/{id}/accept`, with the secret). Every
//! write is one transaction of `goobalay::app::reports`, with `goobalay match
//! result`'s checks; no page or answer ever holds a code. The page and its answers
//! are in the request's language (`locales/<lang>/report.ftl`), the refusals a
//! player can meet (a wrong or replaced code, no match to report, a decided match,
//! seeds that do not add up, a busy database) worded from the library's refusal
//! ([`super::refusals`]), their English the library's own.
//!
//! Wrong codes are limited before a code is even looked up
//! ([`super::guesses::Guesses`]): five a
//! minute from one address (a player mistyping needs one or two more tries; a phone
//! guessing gets 7,200 a day) and thirty a minute from all addresses together (so
//! many addresses guessing at once get no more: 43,200 a day, against about 2^40
//! codes of which a room holds a few hundred, a chance of about 1 in 100,000 a day).
//! The counts live in the server, not the database: nothing is written without a
//! valid code or the secret.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use goobalay::app::Claim;
use goobalay::app::reports::{self, ReportRefusal, ReportStatus};
use goobalay::app::{AppError, Failure};
use maud::html;

use super::guesses::{IN_ALL, PER_ADDRESS};
use super::lang::Lang;
use super::refusals::{report_words as refusal_words, result_words};
use super::refused::Refused;
use super::report_desk::claim_words;
use super::{Ctx, parse_id};
use crate::i18n::args;

/// The words `report.js` writes into the page, as message ids of report.ftl (and
/// web.ftl); the page carries them in its language as `script#report-words`.
pub const SCRIPT_WORDS: &[&str] = &[
    "report-match",
    "report-you-reported",
    "report-opponent-reported",
    "report-south-won",
    "report-north-won",
    "report-looking",
    "report-ask",
    "report-unreachable",
    "report-claim-south",
    "report-claim-north",
    "report-claim-draw",
    "report-claim-seeds",
    "south",
    "north",
    "js-sending",
    "js-refused",
    "js-unreachable",
];

fn reporting_off(lang: Lang) -> Response {
    Refused::new(StatusCode::METHOD_NOT_ALLOWED, lang.t("report-refused-off")).into_response()
}

/// `GET /report`: the players' form. The code is typed here and sent only in the
/// body of a POST; the page is the same for everyone.
pub async fn page(State(ctx): State<Ctx>, Extension(lang): Extension<Lang>) -> Response {
    if ctx.secret.is_none() {
        return super::pages::error_page(lang, StatusCode::NOT_FOUND, &lang.t("report-off-page"));
    }
    let title = lang.t("report-title");
    let body = html! {
        h1 { (title) }
        p.sub { (lang.t("report-sub")) }
        form #report-code.report autocomplete="off" {
            label { (lang.t("report-your-code")) " "
                input #code name="code" required autocomplete="off" autocapitalize="characters"
                    spellcheck="false" maxlength="20" placeholder="ABCD-EFGH" aria-label=(lang.t("report-code-label")); }
            " "
            button type="submit" { (lang.t("report-show-match")) }
        }
        p #code-answer.answer role="status" {}
        section #report-match hidden {
            p.match-text {}
            form #report-result.report autocomplete="off" {
                fieldset {
                    legend { (lang.t("report-result")) }
                    label { input type="radio" name="result" value="south" required; " " span.south-won {} }
                    label { input type="radio" name="result" value="north"; " " span.north-won {} }
                    label { input type="radio" name="result" value="draw"; " " (lang.t("draw")) }
                }
                label { (lang.t("report-seeds")) " "
                    input name="seeds" size="7" inputmode="numeric" placeholder=(lang.t("report-seeds-placeholder")) aria-label=(lang.t("seeds-label")) autocomplete="off"; }
                " "
                button.check type="submit" { (lang.t("check")) }
                div.confirm hidden {
                    p.confirm-text {}
                    button.store type="button" { (lang.t("report-it")) }
                    " "
                    button.change type="button" { (lang.t("change")) }
                }
            }
            p #report-answer.answer role="status" {}
        }
        (super::lang::words_json("report-words", lang, SCRIPT_WORDS))
        script src="/static/report.js" defer {}
    };
    super::pages::plain_page(lang, &title, "report", body).into_response()
}

pub const SCRIPT: &str = include_str!("report.js");

pub async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=300"),
        ],
        SCRIPT,
    )
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeForm {
    code: String,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportForm {
    code: String,
    result: String,
    seeds: Option<String>,
}

/// What a report's body must be (`web-shape-report`).
const REPORT_SHAPE: &str = "web-shape-report";

/// The claim a form makes, parsed as `goobalay match result` parses `--match` and
/// `--seeds`.
fn claim_of(lang: Lang, form: &ReportForm) -> Result<Claim, Refused> {
    let seeds = form
        .seeds
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    match goobalay::matches::Closing::entered_from_text(&form.result, seeds).map(Claim::of_closing)
    {
        Ok(Some(claim)) => Ok(claim),
        Ok(None) | Err(goobalay::matches::EnteredResultError::Winner(_)) => Err(Refused::new(
            StatusCode::BAD_REQUEST,
            lang.ta(
                "report-refused-result",
                &args!["text" => lang.excerpt(&form.result)],
            ),
        )),
        Err(goobalay::matches::EnteredResultError::Seeds(text)) => Err(Refused::new(
            StatusCode::BAD_REQUEST,
            lang.ta(
                "report-refused-seeds",
                &args!["text" => lang.excerpt(&text)],
            ),
        )),
    }
}

/// A refusal of a report: a wrong code 403 (and counted), the rest as the library's
/// (a refusal by the rules 409), in the page's language ([`super::refusals`]).
fn refused(ctx: &Ctx, lang: Lang, client: IpAddr, e: AppError) -> Response {
    if let Some(text) = result_words(lang, &e) {
        return Refused::new(StatusCode::CONFLICT, text).into_response();
    }
    if e.failure() == Failure::Busy {
        return Refused::new(
            StatusCode::SERVICE_UNAVAILABLE,
            lang.t("report-refused-busy"),
        )
        .into_response();
    }
    if let AppError::Report(r) = &e {
        let words = refusal_words(lang, r);
        if r.is_wrong_code() {
            ctx.guesses.wrong(client);
            let text = words.unwrap_or_else(|| r.to_string());
            return Refused::new(StatusCode::FORBIDDEN, text).into_response();
        }
        if let ReportRefusal::NoSuchReport(_) = r {
            let text = match lang {
                Lang::En => r.to_string(),
                _ => lang.t("refusal-no-such-report"),
            };
            return Refused::new(StatusCode::NOT_FOUND, text).into_response();
        }
        if let Some(text) = words {
            return Refused::new(StatusCode::CONFLICT, text).into_response();
        }
    }
    super::refusals::refused(lang, e).into_response()
}

/// The body, read as the director's forms are, then the guess limit; a body of
/// another shape is refused with the message `shape`.
async fn admitted<T: serde::de::DeserializeOwned>(
    ctx: &Ctx,
    lang: Lang,
    client: IpAddr,
    body: axum::body::Body,
    shape: &str,
) -> Result<T, Response> {
    if ctx.secret.is_none() {
        return Err(reporting_off(lang));
    }
    if let Err(wait) = ctx.guesses.admit(client) {
        let mut r = Refused::new(
            StatusCode::TOO_MANY_REQUESTS,
            lang.ta(
                "report-refused-too-many",
                &args!["per-address" => PER_ADDRESS, "in-all" => IN_ALL, "wait" => wait],
            ),
        )
        .into_response();
        if let Ok(v) = HeaderValue::from_str(&wait.to_string()) {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        return Err(r);
    }
    let body = super::results::read_body(lang, body).await?;
    serde_json::from_slice(&body)
        .map_err(|_| Refused::new(StatusCode::BAD_REQUEST, lang.t(shape)).into_response())
}

/// `POST /api/report/match` `{"code": CODE}`: the match the code reports (nothing
/// written).
pub async fn holder_match(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: axum::body::Body,
) -> Response {
    let client = peer.ip();
    let form: CodeForm = match admitted(&ctx, lang, client, body, "web-shape-code").await {
        Ok(f) => f,
        Err(r) => return r,
    };
    match reports::holder_match(&ctx.store, &form.code).await {
        Ok(m) => Json(m).into_response(),
        Err(e) => refused(&ctx, lang, client, e),
    }
}

/// `POST /api/report` `{"code": CODE, "result": ..., "seeds": "S,N"}`: the holder's
/// report, kept; the result stored when it confirms the opponent's.
pub async fn report(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: axum::body::Body,
) -> Response {
    let client = peer.ip();
    let form: ReportForm = match admitted(&ctx, lang, client, body, REPORT_SHAPE).await {
        Ok(f) => f,
        Err(r) => return r,
    };
    let claim = match claim_of(lang, &form) {
        Ok(c) => c,
        Err(r) => return r.into_response(),
    };
    match reports::report(&ctx.store, &form.code, claim, &client.to_string()).await {
        Ok(done) => {
            let m = &done.holder_match;
            let said = claim_words(lang, done.claim, &m.south, &m.north);
            let said = args!["claim" => said];
            let message = match done.status {
                ReportStatus::Confirmed => lang.ta("report-confirmed", &said),
                ReportStatus::Waiting => lang.ta("report-waiting", &said),
                ReportStatus::Disagrees => lang.ta("report-disagrees", &said),
            };
            Json(serde_json::json!({
                "report": done,
                "message": message,
            }))
            .into_response()
        }
        Err(e) => refused(&ctx, lang, client, e),
    }
}

/// `POST /api/reports/{id}/accept` with the secret: the director accepts report
/// `id`, and its result is stored.
pub async fn accept(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Err(r) = super::results::authorised(&ctx, lang, &headers) {
        return r.into_response();
    }
    let Some(id) = parse_id(&id) else {
        return Refused::new(StatusCode::NOT_FOUND, lang.t("refusal-no-such-report"))
            .into_response();
    };
    match reports::accept(&ctx.store, id).await {
        Ok(stored) => Json(serde_json::json!({
            "match": stored.row,
            "status": stored.state.status(stored.row.id),
        }))
        .into_response(),
        Err(e) => refused(&ctx, lang, peer.ip(), e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goobalay::app::FinishedHow;
    use goobalay::engine::Side;
    use goobalay::matches::MatchError;
    use goobalay::store::StoreError;

    /// The refusals worded here say in English what the library says, word for
    /// word (tests and players' habits read them), and say something else in the
    /// other languages.
    #[test]
    fn refusals_in_english_are_the_librarys_own_words() {
        let refusals = [
            ReportRefusal::UnknownCode,
            ReportRefusal::ReplacedCode,
            ReportRefusal::NoMatch {
                player: "Ana".into(),
                tournament: "Club Night".into(),
                round: 3,
            },
            ReportRefusal::Closed("Club Night".into()),
            ReportRefusal::EngineMatch {
                id: 12,
                south: "Ana".into(),
                north: "Bo".into(),
            },
        ];
        for r in &refusals {
            assert_eq!(
                refusal_words(Lang::En, r).as_deref(),
                Some(r.to_string().as_str())
            );
            for lang in Lang::ALL.into_iter().skip(1) {
                let said = refusal_words(lang, r).unwrap();
                assert_ne!(said, r.to_string(), "{}", lang.code());
            }
        }
        let no_match = refusal_words(Lang::Fr, &refusals[2]).unwrap();
        assert!(
            no_match.contains("Ana") && no_match.contains("Club Night") && no_match.contains('3'),
            "{no_match}"
        );
    }

    /// A match that already has its result: the English is the library's, word for
    /// word, whatever ended it; French and Arabic say how it ended in their words.
    #[test]
    fn a_decided_match_is_refused_in_the_pages_language() {
        for how in crate::serve::refusals::tests::every_finished_how() {
            let english = how.to_string();
            let r = ReportRefusal::Decided {
                id: 7,
                south: "Ana".into(),
                north: "Bo".into(),
                how,
            };
            assert_eq!(
                refusal_words(Lang::En, &r).as_deref(),
                Some(r.to_string().as_str())
            );
            for lang in [Lang::Fr, Lang::Ar] {
                let said = refusal_words(lang, &r).unwrap();
                assert!(!said.contains(&english), "{}: {said}", lang.code());
            }
        }
        let r = ReportRefusal::Decided {
            id: 7,
            south: "Ana".into(),
            north: "Bo".into(),
            how: FinishedHow::Won {
                side: Side::South,
                name: "Ana".into(),
            },
        };
        assert_eq!(
            refusal_words(Lang::Fr, &r).unwrap(),
            "la partie 7 (Ana contre Bo) a déjà son résultat (Ana (Sud) a gagné) ; s'il est faux, dites-le à l'arbitre"
        );
    }

    /// Seeds the CLI's checks refuse: the English is what the library's check says
    /// (read from the match itself), the French its own.
    #[test]
    fn seeds_refused_by_the_clis_checks_in_the_pages_language() {
        use goobalay::engine::{BySide, Variant};
        use goobalay::matches::{
            Closing, MatchForm, MatchOutcome, MatchSpec, MatchState, ResultRefusal,
        };
        let variant = Variant::preset("layli-goobalay").unwrap();
        let spec = MatchSpec::new(&variant, MatchForm::Single, None, Side::South).unwrap();
        let refused = |result: MatchOutcome, south: u32, north: u32| {
            let claim = Claim {
                result,
                seeds: Some(BySide::new(south, north)),
            };
            let e = MatchState::new(spec.clone())
                .close(Closing::Entered {
                    outcome: claim.result,
                    seeds: claim.seeds,
                })
                .unwrap_err();
            let MatchError::Result(refusal) = e else {
                panic!("{e}")
            };
            let e = AppError::Match(e);
            let english = Refused::from(AppError::Match(MatchError::Result(refusal))).text;
            assert_eq!(
                result_words(Lang::En, &e).as_deref(),
                Some(english.as_str())
            );
            result_words(Lang::Fr, &e).unwrap()
        };
        let total = refused(MatchOutcome::Winner(Side::South), 20, 20);
        assert!(
            total.starts_with("graines finales 20 + 20 = 40, mais cette partie a "),
            "{total}"
        );
        // A draw with unequal seeds that add up to the seeds in play.
        let contradicts = (1..1000)
            .map(|south| refused(MatchOutcome::Draw, south, 1))
            .find(|said| said.contains("contredisent"))
            .unwrap();
        assert!(
            contradicts.ends_with(
                "-1 contredisent le résultat « partie nulle » : une partie nulle demande autant de graines de chaque côté, une victoire plus de graines au gagnant"
            ),
            "{contradicts}"
        );
        // Another of the library's refusals is not worded here.
        let other = AppError::Match(MatchError::Result(ResultRefusal::HandSum {
            south: 24,
            north: 23,
            sum: 47,
            in_play: 48,
        }));
        assert_eq!(result_words(Lang::Fr, &other), None);
    }

    /// A busy database: the English is what every other web answer says.
    #[test]
    fn a_busy_database_is_refused_in_the_pages_language() {
        let busy = || AppError::Store(StoreError::Busy(10_000));
        assert_eq!(
            Lang::En.t("report-refused-busy"),
            Refused::from(busy()).text
        );
        assert_ne!(
            Lang::Fr.t("report-refused-busy"),
            Refused::from(busy()).text
        );
    }
}
