//! Result entry from the web, off unless the server was started with `--results`:
//! `POST /api/matches/{id}/result` with the secret the server printed
//! (`Authorization: Bearer SECRET`) and a JSON body `{"winner": "south"|"north"|"draw",
//! "seeds": "S,N"}` (seeds optional). The result goes through the use case of
//! `goobalay match result ID --match WINNER [--seeds S,N]` ([`goobalay::app::close`]),
//! with its checks and its parsing; without the secret nothing is read or written.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use goobalay::matches::CorrectionKind;
use goobalay::matches::{Absent, Closing, EnteredResultError};
use goobalay::tournament::ByePoints;
use serde_json::json;

use super::lang::Lang;
use super::refusals;
use super::refused::Refused;
use super::{Ctx, parse_id};
use crate::i18n::args;

/// A new secret: 128 random bits as hex.
pub fn new_secret() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares without stopping at the first difference (`subtle`'s constant-time
/// equality; texts of different lengths differ at once, and the secret's length is
/// no secret).
fn same(a: &[u8], b: &[u8]) -> bool {
    use subtle::ConstantTimeEq;
    bool::from(a.ct_eq(b))
}

fn refuse(status: StatusCode, text: &str) -> Response {
    Refused::new(status, text).into_response()
}

/// The largest body a result entry may have: a result is a few dozen bytes.
const MAX_BODY: usize = 4096;

/// The body of a result entry, read within [`super::BODY_READ`] and at most
/// [`MAX_BODY`] bytes: a body that never arrives holds its connection no longer.
pub(super) async fn read_body(lang: Lang, body: axum::body::Body) -> Result<Vec<u8>, Response> {
    use futures_util::StreamExt;
    let read = async {
        let mut stream = body.into_data_stream();
        let mut bytes = Vec::new();
        while let Some(chunk) = stream.next().await {
            let Ok(chunk) = chunk else {
                return Err(refuse(
                    StatusCode::BAD_REQUEST,
                    &lang.t("web-refused-body-unreadable"),
                ));
            };
            if bytes.len() + chunk.len() > MAX_BODY {
                return Err(refuse(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    &lang.ta("web-refused-body-too-large", &args!["max" => MAX_BODY]),
                ));
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(bytes)
    };
    match tokio::time::timeout(super::BODY_READ, read).await {
        Ok(read) => read,
        Err(_) => Err(refuse(
            StatusCode::REQUEST_TIMEOUT,
            &lang.ta(
                "web-refused-body-late",
                &args!["seconds" => super::BODY_READ.as_secs()],
            ),
        )),
    }
}

/// What the director's page sends for a result: a winner (`south`, `north`, `draw`)
/// with optional seeds, or who was absent (`south`, `north`, `both`: a forfeit, as
/// `goobalay match forfeit`), never both.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultForm {
    winner: Option<String>,
    seeds: Option<String>,
    absent: Option<String>,
}

/// What a result's body must be (`web-shape-result`).
const RESULT_SHAPE: &str = "web-shape-result";

/// The closing a form asks for, parsed as the CLI parses `--match`, `--seeds` and
/// `--absent`; a refusal says what was wrong and what is allowed, in the page's
/// language.
fn closing_of(lang: Lang, form: &ResultForm) -> Result<Closing, Refused> {
    let bad = |text: String| Refused::new(StatusCode::BAD_REQUEST, text);
    match (&form.winner, &form.absent) {
        (Some(winner), None) => {
            Closing::entered_from_text(winner, form.seeds.as_deref()).map_err(|e| {
                let (id, text) = match e {
                    EnteredResultError::Winner(text) => ("web-refused-winner", text),
                    EnteredResultError::Seeds(text) => ("web-refused-seeds", text),
                };
                bad(lang.ta(id, &args!["text" => lang.excerpt(&text)]))
            })
        }
        (None, Some(absent)) if form.seeds.is_none() => {
            Absent::parse(&absent.trim().to_ascii_lowercase())
                .map(Closing::Forfeit)
                .ok_or_else(|| {
                    bad(lang.ta("web-refused-absent", &args!["text" => lang.excerpt(absent)]))
                })
        }
        (None, Some(_)) => Err(bad(lang.t("web-refused-forfeit-seeds"))),
        (Some(_), Some(_)) => Err(bad(lang.t("web-refused-winner-and-absent"))),
        (None, None) => Err(bad(lang.t(RESULT_SHAPE))),
    }
}

/// The secret, checked first: without it nothing is read or written.
pub(super) fn authorised(ctx: &Ctx, lang: Lang, headers: &HeaderMap) -> Result<(), Refused> {
    let Some(secret) = ctx.secret.as_deref() else {
        return Err(Refused::new(
            StatusCode::METHOD_NOT_ALLOWED,
            lang.t("web-refused-off"),
        ));
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match given {
        None => Err(Refused::new(
            StatusCode::UNAUTHORIZED,
            lang.t("web-refused-no-secret"),
        )),
        Some(g) if !same(g.trim().as_bytes(), secret.as_bytes()) => Err(Refused::new(
            StatusCode::FORBIDDEN,
            lang.t("web-refused-wrong-secret"),
        )),
        Some(_) => Ok(()),
    }
}

/// The secret, then the body read and parsed as `T`; a body of another shape is
/// refused with the message `shape` (what the body must be).
async fn authorised_form<T: serde::de::DeserializeOwned>(
    ctx: &Ctx,
    lang: Lang,
    headers: &HeaderMap,
    body: axum::body::Body,
    shape: &str,
) -> Result<T, Response> {
    authorised(ctx, lang, headers).map_err(IntoResponse::into_response)?;
    let body = read_body(lang, body).await?;
    serde_json::from_slice(&body).map_err(|_| refuse(StatusCode::BAD_REQUEST, &lang.t(shape)))
}

/// A match whose player is an engine is played by the engine (`goobalay tournament
/// run`), so the web takes no result for it.
/// The match `id`, refused if an engine plays it (its stored record otherwise).
async fn hand_entered_match(
    ctx: &Ctx,
    lang: Lang,
    id: i64,
) -> Result<goobalay::app::StoredMatch, Response> {
    let stored = goobalay::app::matches::load(&ctx.store, id)
        .await
        .map_err(|e| refusals::refused(lang, e).into_response())?;
    let row = &stored.row;
    if row.south_engine.is_some() || row.north_engine.is_some() {
        return Err(refuse(
            StatusCode::CONFLICT,
            &lang.ta(
                "web-refused-engine",
                &args!["match" => id, "south" => row.south.as_str(), "north" => row.north.as_str()],
            ),
        ));
    }
    Ok(stored)
}

pub async fn enter(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let form: ResultForm = match authorised_form(&ctx, lang, &headers, body, RESULT_SHAPE).await {
        Ok(f) => f,
        Err(refused) => return refused,
    };
    let Some(id) = parse_id(&id) else {
        return refuse(StatusCode::NOT_FOUND, &lang.t("refusal-no-such-match"));
    };
    let closing = match closing_of(lang, &form) {
        Ok(c) => c,
        Err(refused) => return refused.into_response(),
    };
    if let Err(refused) = hand_entered_match(&ctx, lang, id).await {
        return refused;
    }
    match goobalay::app::close(&ctx.store, id, closing).await {
        Ok(stored) => Json(json!({
            "match": stored.row,
            "status": stored.state.status(id),
        }))
        .into_response(),
        // Refused by the rules (a finished match, seeds that do not add up, a closed
        // tournament): the library's message in the web's words, in the page's
        // language ([`refusals`]).
        Err(e) => refusals::refused(lang, e).into_response(),
    }
}

/// How long after a result was entered the director's page may take it back.
/// Long enough to notice a slip at the board; after it, a change is a correction at
/// the desk, made with the whole record in view.
pub const TAKE_BACK_WINDOW: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// A take-back: the result the match really has (a winner with optional seeds, who
/// was absent, or `"void": true`: not played) and why.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakeBackForm {
    winner: Option<String>,
    seeds: Option<String>,
    absent: Option<String>,
    #[serde(default)]
    void: bool,
    reason: String,
}

/// What a take-back's body must be (`web-shape-take-back`).
const TAKE_BACK_SHAPE: &str = "web-shape-take-back";

/// `POST /api/matches/{id}/take-back`: a result entered less than
/// [`TAKE_BACK_WINDOW`] ago is replaced by a correction (`goobalay match correct`'s
/// use case and checks, one transaction): the entry stays recorded, the correction
/// beside it with its reason, and the standings count the correction.
pub async fn take_back(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let form: TakeBackForm =
        match authorised_form(&ctx, lang, &headers, body, TAKE_BACK_SHAPE).await {
            Ok(f) => f,
            Err(refused) => return refused,
        };
    let Some(id) = parse_id(&id) else {
        return refuse(StatusCode::NOT_FOUND, &lang.t("refusal-no-such-match"));
    };
    let kind = if form.void {
        if form.winner.is_some() || form.absent.is_some() || form.seeds.is_some() {
            return refuse(
                StatusCode::BAD_REQUEST,
                &lang.t("web-refused-void-and-more"),
            );
        }
        CorrectionKind::Void
    } else {
        let result = ResultForm {
            winner: form.winner,
            seeds: form.seeds,
            absent: form.absent,
        };
        match closing_of(lang, &result) {
            Ok(Closing::Entered { outcome, seeds }) => CorrectionKind::Match {
                decision: outcome,
                seeds,
            },
            Ok(Closing::Forfeit(absent)) => CorrectionKind::Absent { absent },
            Ok(Closing::Void) => CorrectionKind::Void,
            Err(refused) => return refused.into_response(),
        }
    };
    let entered_at = match hand_entered_match(&ctx, lang, id).await {
        Ok(stored) => stored.row.finished_at,
        Err(refused) => return refused,
    };
    let Some(entered_at) = entered_at else {
        return refuse(
            StatusCode::CONFLICT,
            &lang.ta("web-refused-nothing-to-take-back", &args!["match" => id]),
        );
    };
    if chrono::Utc::now() - entered_at > TAKE_BACK_WINDOW {
        return refuse(
            StatusCode::CONFLICT,
            &lang.ta(
                "web-refused-too-late",
                &args!["match" => id, "minutes" => TAKE_BACK_WINDOW.num_minutes()],
            ),
        );
    }
    match goobalay::app::correct(&ctx.store, id, kind, &form.reason).await {
        Ok(done) => Json(json!({
            "match": done.stored.row,
            "correction": done.correction,
        }))
        .into_response(),
        Err(e) => refusals::refused(lang, e).into_response(),
    }
}

/// `POST /api/tournaments/{id}/withdrawal` `{"player": NAME, "forfeit_pending":
/// bool}`: `goobalay tournament withdraw`'s use case and checks.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WithdrawalForm {
    player: String,
    #[serde(default)]
    forfeit_pending: bool,
}

/// `POST /api/tournaments/{id}/bye` `{"player": NAME, "round": N, "points":
/// "zero"|"half"}`: `goobalay tournament bye`'s use case and checks.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByeForm {
    player: String,
    round: u32,
    points: String,
}

async fn tournament_name(ctx: &Ctx, lang: Lang, id: &str) -> Result<String, Response> {
    let not_found = || refuse(StatusCode::NOT_FOUND, &lang.t("refusal-no-such-tournament"));
    let id = parse_id(id).ok_or_else(not_found)?;
    match goobalay::app::tournaments::load_by_id(&ctx.store, id).await {
        Ok(Some(loaded)) => Ok(loaded.row.name),
        Ok(None) => Err(not_found()),
        Err(e) => Err(refusals::refused(lang, e).into_response()),
    }
}

pub async fn withdraw(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let form: WithdrawalForm =
        match authorised_form(&ctx, lang, &headers, body, "web-shape-withdrawal").await {
            Ok(f) => f,
            Err(refused) => return refused,
        };
    let name = match tournament_name(&ctx, lang, &id).await {
        Ok(n) => n,
        Err(refused) => return refused,
    };
    match goobalay::app::tournaments::withdraw(
        &ctx.store,
        &name,
        &form.player,
        form.forfeit_pending,
    )
    .await
    {
        Ok(w) => Json(json!({
            "player": w.player.name,
            "after_round": w.after_round,
            "forfeited": w.forfeited,
        }))
        .into_response(),
        Err(e) => refusals::refused(lang, e).into_response(),
    }
}

pub async fn request_bye(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let form: ByeForm = match authorised_form(&ctx, lang, &headers, body, "web-shape-bye").await {
        Ok(f) => f,
        Err(refused) => return refused,
    };
    let Some(points) = ByePoints::parse(&form.points) else {
        return refuse(
            StatusCode::BAD_REQUEST,
            &lang.ta(
                "web-refused-bye-points",
                &args!["text" => lang.excerpt(&form.points)],
            ),
        );
    };
    let name = match tournament_name(&ctx, lang, &id).await {
        Ok(n) => n,
        Err(refused) => return refused,
    };
    match goobalay::app::tournaments::request_bye(
        &ctx.store,
        &name,
        &form.player,
        form.round,
        points,
    )
    .await
    {
        Ok(p) => Json(json!({
            "player": p.name,
            "round": form.round,
            "points": points.name(),
        }))
        .into_response(),
        Err(e) => refusals::refused(lang, e).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The web's own refusals (a form, the secret, the body) say in English what
    /// they always said, word for word.
    #[test]
    fn the_webs_own_refusals_in_english_are_as_they_were() {
        let en = Lang::En;
        for (said, was) in [
            (
                en.t(RESULT_SHAPE),
                r#"the body must be JSON: {"winner": "south"|"north"|"draw", "seeds": "S,N"} or {"absent": "south"|"north"|"both"}"#,
            ),
            (
                en.t(TAKE_BACK_SHAPE),
                r#"the body must be JSON: {"winner": "south"|"north"|"draw", "seeds": "S,N", "reason": TEXT}, {"absent": "south"|"north"|"both", "reason": TEXT} or {"void": true, "reason": TEXT}"#,
            ),
            (
                en.t("web-shape-withdrawal"),
                r#"the body must be JSON: {"player": NAME, "forfeit_pending": true|false}"#,
            ),
            (
                en.t("web-shape-bye"),
                r#"the body must be JSON: {"player": NAME, "round": N, "points": "zero"|"half"}"#,
            ),
            (
                en.t("web-shape-code"),
                r#"the body must be JSON: {"code": CODE}"#,
            ),
            (
                en.t("web-shape-report"),
                r#"the body must be JSON: {"code": CODE, "result": "south"|"north"|"draw", "seeds": "S,N"} (seeds optional)"#,
            ),
            (
                en.t("web-refused-body-unreadable"),
                "the request's body could not be read",
            ),
            (
                en.ta("web-refused-body-too-large", &args!["max" => MAX_BODY]),
                r#"the body is larger than 4096 bytes; a result is {"winner": ..., "seeds": ...}"#,
            ),
            (
                en.ta(
                    "web-refused-body-late",
                    &args!["seconds" => super::super::BODY_READ.as_secs()],
                ),
                "the request's body did not arrive within 10 seconds",
            ),
            (en.t("web-refused-off"), "result entry is off"),
            (
                en.t("web-refused-no-secret"),
                "result entry needs the secret the server printed (Authorization: Bearer SECRET)",
            ),
            (en.t("web-refused-wrong-secret"), "wrong secret"),
            (
                en.ta(
                    "web-refused-engine",
                    &args!["match" => 12, "south" => "Ana", "north" => "Bo"],
                ),
                "match 12 is played by the engine (Ana v Bo); its result is the engine's, not entered",
            ),
            (
                en.ta("web-refused-nothing-to-take-back", &args!["match" => 12]),
                "match 12 has no result yet: there is nothing to take back",
            ),
            (
                en.ta(
                    "web-refused-too-late",
                    &args!["match" => 12, "minutes" => TAKE_BACK_WINDOW.num_minutes()],
                ),
                "match 12's result was entered more than 5 minutes ago; a later change is the director's match correction at the desk",
            ),
            (
                en.ta("web-refused-bye-points", &args!["text" => "full"]),
                r#"'full' is not a bye's points; give "points": "zero" or "half""#,
            ),
            (en.t("refusal-no-such-match"), "no such match"),
            (en.t("refusal-no-such-tournament"), "no such tournament"),
            (en.t("refusal-no-such-report"), "no such report"),
        ] {
            assert_eq!(said, was);
        }
    }

    fn form(winner: Option<&str>, seeds: Option<&str>, absent: Option<&str>) -> ResultForm {
        ResultForm {
            winner: winner.map(Into::into),
            seeds: seeds.map(Into::into),
            absent: absent.map(Into::into),
        }
    }

    /// A result's form the CLI's parsing refuses: in English as it always was, in
    /// the page's language otherwise, the text given kept as it was typed.
    #[test]
    fn a_result_form_refused_is_in_the_pages_language() {
        let refusals = [
            (
                form(Some("east"), None, None),
                r#"'east' is not a match result; give "winner": "south", "north" or "draw""#,
            ),
            (
                form(Some("south"), Some("30;18"), None),
                r#"'30;18' is not two seed counts; give "seeds": "SOUTH,NORTH", whole numbers 0 or more, e.g. "30,18""#,
            ),
            (
                form(None, None, Some("west")),
                r#"'west' is not who was absent; give "absent": "south", "north" or "both""#,
            ),
            (
                form(None, Some("1,2"), Some("south")),
                r#"a forfeit has no seeds: nobody played; give "absent" alone"#,
            ),
            (
                form(Some("north"), None, Some("south")),
                "give a winner or who was absent, not both",
            ),
            (
                form(None, None, None),
                r#"the body must be JSON: {"winner": "south"|"north"|"draw", "seeds": "S,N"} or {"absent": "south"|"north"|"both"}"#,
            ),
        ];
        for (f, english) in &refusals {
            let refused = closing_of(Lang::En, f).unwrap_err();
            assert_eq!(
                (refused.status, refused.text.as_str()),
                (StatusCode::BAD_REQUEST, *english)
            );
            for lang in Lang::ALL.into_iter().skip(1) {
                let refused = closing_of(lang, f).unwrap_err();
                assert_eq!(refused.status, StatusCode::BAD_REQUEST);
                assert_ne!(refused.text, *english, "{}", lang.code());
            }
        }
        let french = closing_of(Lang::Fr, &refusals[0].0).unwrap_err().text;
        assert_eq!(
            french,
            r#"« east » n'est pas un résultat de partie ; donnez "winner": "south", "north" ou "draw""#
        );
        let shape = closing_of(Lang::Fr, &refusals[5].0).unwrap_err().text;
        assert!(
            shape.starts_with(r#"le corps doit être du JSON : {"winner""#),
            "{shape}"
        );
    }

    #[test]
    fn only_the_same_secret_is_the_same() {
        assert!(same(b"3f9c", b"3f9c"));
        assert!(!same(b"3f9c", b"3f9d"));
        assert!(!same(b"3f9c", b"3f9"));
        assert!(!same(b"", b"3f9c"));
    }
}
