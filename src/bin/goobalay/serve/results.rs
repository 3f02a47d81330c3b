//! Result entry from the web, off unless the server was started with `--results`:
//! `POST /api/matches/{id}/result` with the secret the server printed
//! (`Authorization: Bearer SECRET`) and a JSON body `{"winner": "south"|"north"|"draw",
//! "seeds": "S,N"}` (seeds optional). The result goes through the use case of
//! `goobalay match result ID --match WINNER [--seeds S,N]` ([`goobalay::app::close`]),
//! with its checks and its parsing; without the secret nothing is read or written.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use goobalay::matches::{Closing, EnteredResultError};
use serde_json::json;

use super::refused::Refused;
use super::{Ctx, parse_id};

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
async fn read_body(body: axum::body::Body) -> Result<Vec<u8>, Response> {
    use futures_util::StreamExt;
    let read = async {
        let mut stream = body.into_data_stream();
        let mut bytes = Vec::new();
        while let Some(chunk) = stream.next().await {
            let Ok(chunk) = chunk else {
                return Err(refuse(
                    StatusCode::BAD_REQUEST,
                    "the request's body could not be read",
                ));
            };
            if bytes.len() + chunk.len() > MAX_BODY {
                return Err(refuse(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    &format!(
                        "the body is larger than {MAX_BODY} bytes; a result is {{\"winner\": ..., \"seeds\": ...}}"
                    ),
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
            &format!(
                "the request's body did not arrive within {} seconds",
                super::BODY_READ.as_secs()
            ),
        )),
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultForm {
    winner: String,
    seeds: Option<String>,
}

pub async fn enter(
    State(ctx): State<Ctx>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let Some(secret) = ctx.secret.as_deref() else {
        return refuse(StatusCode::METHOD_NOT_ALLOWED, "result entry is off");
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match given {
        None => {
            return refuse(
                StatusCode::UNAUTHORIZED,
                "result entry needs the secret the server printed (Authorization: Bearer SECRET)",
            );
        }
        Some(g) if !same(g.trim().as_bytes(), secret.as_bytes()) => {
            return refuse(StatusCode::FORBIDDEN, "wrong secret");
        }
        Some(_) => {}
    }
    let body = match read_body(body).await {
        Ok(b) => b,
        Err(refused) => return refused,
    };
    let Some(id) = parse_id(&id) else {
        return refuse(StatusCode::NOT_FOUND, "no such match");
    };
    let form: ResultForm = match serde_json::from_slice(&body) {
        Ok(f) => f,
        Err(_) => {
            return refuse(
                StatusCode::BAD_REQUEST,
                "the body must be JSON: {\"winner\": \"south\"|\"north\"|\"draw\", \"seeds\": \"S,N\"}",
            );
        }
    };
    let closing = match Closing::entered_from_text(&form.winner, form.seeds.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            let (text, allowed) = match e {
                EnteredResultError::Winner(text) => (
                    text,
                    r#"a match result; give "winner": "south", "north" or "draw""#,
                ),
                EnteredResultError::Seeds(text) => (
                    text,
                    r#"two seed counts; give "seeds": "SOUTH,NORTH", whole numbers 0 or more, e.g. "30,18""#,
                ),
            };
            let excerpt = goobalay::names::excerpt(&text);
            return refuse(
                StatusCode::BAD_REQUEST,
                &format!("'{excerpt}' is not {allowed}"),
            );
        }
    };
    match goobalay::app::close(&ctx.store, id, closing).await {
        Ok(stored) => Json(json!({
            "match": stored.row,
            "status": stored.state.status(id),
        }))
        .into_response(),
        // Refused by the rules (a finished match, seeds that do not add up, a closed
        // tournament): the library's message in the web's words ([`Refused`]).
        Err(e) => Refused::from(e).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::same;

    #[test]
    fn only_the_same_secret_is_the_same() {
        assert!(same(b"3f9c", b"3f9c"));
        assert!(!same(b"3f9c", b"3f9d"));
        assert!(!same(b"3f9c", b"3f9"));
        assert!(!same(b"", b"3f9c"));
    }
}
