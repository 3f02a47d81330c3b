//! Players report their own results (`--results` only): the page `/report` (a code,
//! then the code's match and its result), its API (`POST /api/report/match` reads the
//! match a code reports, `POST /api/report` stores a report) and the director's
//! acceptance of a report (`POST /api/reports/{id}/accept`, with the secret). Every
//! write is one transaction of `goobalay::app::reports`, with `goobalay match
//! result`'s checks; no page or answer ever holds a code. Every word of these pages
//! is here, for their translation.
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

use axum::Json;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use goobalay::app::AppError;
use goobalay::app::records::Claim;
use goobalay::app::reports::{self, ReportRefusal, ReportStatus};
use maud::html;

use super::guesses::{IN_ALL, PER_ADDRESS};
use super::refused::Refused;
use super::report_desk::claim_words;
use super::{Ctx, parse_id};

fn reporting_off() -> Response {
    Refused::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "reporting is off: players report on a server started with --results",
    )
    .into_response()
}

/// `GET /report`: the players' form. The code is typed here and sent only in the
/// body of a POST; the page is the same for everyone.
pub async fn page(State(ctx): State<Ctx>) -> Response {
    if ctx.secret.is_none() {
        // The report page is in English only so far (its words are not yet in the
        // translation files).
        return super::pages::error_page(
            crate::i18n::Lang::En,
            StatusCode::NOT_FOUND,
            "Players report their results only while the director's server takes results.",
        );
    }
    let body = html! {
        h1 { "Report your result" }
        p.sub { "Give the code on your slip; your match is shown; then its result. It stands when your opponent reports the same with their code, or when the director accepts it." }
        form #report-code.report autocomplete="off" {
            label { "Your code "
                input #code name="code" required autocomplete="off" autocapitalize="characters"
                    spellcheck="false" maxlength="20" placeholder="ABCD-EFGH" aria-label="your code"; }
            " "
            button type="submit" { "Show my match" }
        }
        p #code-answer.answer role="status" {}
        section #report-match hidden {
            p.match-text {}
            form #report-result.report autocomplete="off" {
                fieldset {
                    legend { "Result" }
                    label { input type="radio" name="result" value="south" required; " " span.south-won {} }
                    label { input type="radio" name="result" value="north"; " " span.north-won {} }
                    label { input type="radio" name="result" value="draw"; " Draw" }
                }
                label { "Seeds (if you counted them) "
                    input name="seeds" size="7" inputmode="numeric" placeholder="S,N" aria-label="seeds South,North" autocomplete="off"; }
                " "
                button.check type="submit" { "Check" }
                div.confirm hidden {
                    p.confirm-text {}
                    button.store type="button" { "Report it" }
                    " "
                    button.change type="button" { "Change" }
                }
            }
            p #report-answer.answer role="status" {}
        }
        script src="/static/report.js" defer {}
    };
    super::pages::plain_page("Report your result", "report", body).into_response()
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

const REPORT_SHAPE: &str = r#"the body must be JSON: {"code": CODE, "result": "south"|"north"|"draw", "seeds": "S,N"} (seeds optional)"#;

/// The claim a form makes, parsed as `goobalay match result` parses `--match` and
/// `--seeds`.
fn claim_of(form: &ReportForm) -> Result<Claim, Refused> {
    let seeds = form
        .seeds
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    match goobalay::matches::Closing::entered_from_text(&form.result, seeds) {
        Ok(goobalay::matches::Closing::Entered { outcome, seeds }) => Ok(Claim {
            result: outcome,
            seeds,
        }),
        Ok(_) | Err(goobalay::matches::EnteredResultError::Winner(_)) => Err(Refused::new(
            StatusCode::BAD_REQUEST,
            format!(
                r#"'{}' is not a result; give "result": "south", "north" or "draw""#,
                goobalay::names::excerpt(&form.result)
            ),
        )),
        Err(goobalay::matches::EnteredResultError::Seeds(text)) => Err(Refused::new(
            StatusCode::BAD_REQUEST,
            format!(
                "'{}' is not two seed counts; give them as South,North, whole numbers 0 or more, e.g. 30,18",
                goobalay::names::excerpt(&text)
            ),
        )),
    }
}

/// A refusal of a report: a wrong code 403 (and counted), the rest as the library's.
fn refused(ctx: &Ctx, client: IpAddr, e: AppError) -> Response {
    if let AppError::Report(r) = &e {
        if r.is_wrong_code() {
            ctx.guesses.wrong(client);
            return Refused::new(StatusCode::FORBIDDEN, r.to_string()).into_response();
        }
        if let ReportRefusal::NoSuchReport(_) = r {
            return Refused::new(StatusCode::NOT_FOUND, r.to_string()).into_response();
        }
    }
    Refused::from(e).into_response()
}

/// The body, read as the director's forms are, then the guess limit.
async fn admitted<T: serde::de::DeserializeOwned>(
    ctx: &Ctx,
    client: IpAddr,
    body: axum::body::Body,
    shape: &str,
) -> Result<T, Response> {
    if ctx.secret.is_none() {
        return Err(reporting_off());
    }
    if let Err(wait) = ctx.guesses.admit(client) {
        let mut r = Refused::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many wrong codes ({PER_ADDRESS} a minute from one address, {IN_ALL} from all): try again in {wait} seconds"
            ),
        )
        .into_response();
        if let Ok(v) = HeaderValue::from_str(&wait.to_string()) {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        return Err(r);
    }
    let body = super::results::read_body(body).await?;
    serde_json::from_slice(&body)
        .map_err(|_| Refused::new(StatusCode::BAD_REQUEST, shape).into_response())
}

/// `POST /api/report/match` `{"code": CODE}`: the match the code reports (nothing
/// written).
pub async fn holder_match(
    State(ctx): State<Ctx>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: axum::body::Body,
) -> Response {
    let client = peer.ip();
    let form: CodeForm = match admitted(
        &ctx,
        client,
        body,
        r#"the body must be JSON: {"code": CODE}"#,
    )
    .await
    {
        Ok(f) => f,
        Err(r) => return r,
    };
    match reports::holder_match(&ctx.store, &form.code).await {
        Ok(m) => Json(m).into_response(),
        Err(e) => refused(&ctx, client, e),
    }
}

/// `POST /api/report` `{"code": CODE, "result": ..., "seeds": "S,N"}`: the holder's
/// report, kept; the result stored when it confirms the opponent's.
pub async fn report(
    State(ctx): State<Ctx>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: axum::body::Body,
) -> Response {
    let client = peer.ip();
    let form: ReportForm = match admitted(&ctx, client, body, REPORT_SHAPE).await {
        Ok(f) => f,
        Err(r) => return r,
    };
    let claim = match claim_of(&form) {
        Ok(c) => c,
        Err(r) => return r.into_response(),
    };
    match reports::report(&ctx.store, &form.code, claim, &client.to_string()).await {
        Ok(done) => {
            let m = &done.holder_match;
            let said = claim_words(done.claim, &m.south, &m.north);
            let message = match done.status {
                ReportStatus::Confirmed => {
                    format!("Stored: {said}. Your opponent reported the same.")
                }
                ReportStatus::Waiting => format!(
                    "Kept: {said}. It stands when your opponent reports the same, or when the director accepts it."
                ),
                ReportStatus::Disagrees => format!(
                    "Kept: {said}. Your opponent reported another result: the director will decide."
                ),
            };
            Json(serde_json::json!({
                "report": done,
                "message": message,
            }))
            .into_response()
        }
        Err(e) => refused(&ctx, client, e),
    }
}

/// `POST /api/reports/{id}/accept` with the secret: the director accepts report
/// `id`, and its result is stored.
pub async fn accept(
    State(ctx): State<Ctx>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Err(r) = super::results::authorised(&ctx, &headers) {
        return r.into_response();
    }
    let Some(id) = parse_id(&id) else {
        return Refused::not_found("report").into_response();
    };
    match reports::accept(&ctx.store, id).await {
        Ok(stored) => Json(serde_json::json!({
            "match": stored.row,
            "status": stored.state.status(stored.row.id),
        }))
        .into_response(),
        Err(e) => refused(&ctx, peer.ip(), e),
    }
}
