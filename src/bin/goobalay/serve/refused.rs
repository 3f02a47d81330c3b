//! How the API answers what it does not do: one [`Refused`], `{"error": TEXT}` with
//! its status, whatever refused (the request, or the library's rules). A refusal of
//! the library is worded in the web's terms ([`Web`]): it says what was wrong and
//! what is allowed, never the command line that would take the next step.

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use goobalay::app::{AppError, Failure};
use goobalay::hint::{Hint, Refusal, Wording};
use serde_json::json;

/// The web's wording of the library's hints: the steps a director takes at the desk
/// in plain words, the others unsaid.
pub struct Web;

impl Wording for Web {
    fn hint(&self, hint: &Hint) -> String {
        match hint {
            Hint::Correct { .. } => " (the director's match correction, with a reason)".into(),
            _ => String::new(),
        }
    }
}

/// A refused request: its status and what it says.
#[derive(Debug)]
pub struct Refused {
    pub status: StatusCode,
    pub text: String,
}

impl Refused {
    pub fn new(status: StatusCode, text: impl Into<String>) -> Refused {
        Refused {
            status,
            text: text.into(),
        }
    }

    /// No such record.
    pub fn not_found(what: &str) -> Refused {
        Refused::new(StatusCode::NOT_FOUND, format!("no such {what}"))
    }

    /// A failure while answering, not the request's: logged, and 500.
    pub fn internal(e: impl std::fmt::Display) -> Refused {
        let (status, text) = super::internal(e);
        Refused::new(status, text)
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.text }))).into_response()
    }
}

/// Every error answered under `/api/` is `{"error": TEXT}`, whoever made it: an
/// answer of axum's own (a method not allowed, a path it cannot take apart) is
/// plain text or empty, and is made JSON here with its status and headers kept.
pub async fn json_errors(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let answer = next.run(request).await;
    let status = answer.status();
    let is_json = answer
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !api || is_json || !(status.is_client_error() || status.is_server_error()) {
        return answer;
    }
    let (mut parts, body) = answer.into_parts();
    let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let plain = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_none_or(|v| v.starts_with("text/plain"));
    let text = match text.trim() {
        t if plain && !t.is_empty() => t.to_string(),
        _ => status
            .canonical_reason()
            .unwrap_or("refused")
            .to_ascii_lowercase(),
    };
    parts.headers.remove(header::CONTENT_TYPE);
    parts.headers.remove(header::CONTENT_LENGTH);
    let json = Refused::new(status, text).into_response();
    let (json_parts, body) = json.into_parts();
    parts.headers.extend(json_parts.headers);
    Response::from_parts(parts, body)
}

/// A use case's error: an unknown match 404, a busy database 503, a database failure
/// 500 (logged), and a refusal by the rules (a finished match, seeds that do not add
/// up, a closed tournament) 409 with the library's message in the web's words.
impl From<AppError> for Refused {
    fn from(e: AppError) -> Refused {
        match e.failure() {
            Failure::NotFound(what) => Refused::not_found(what),
            Failure::Busy => Refused::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the database is busy; nothing was written, try again",
            ),
            Failure::Storage => Refused::internal(e),
            Failure::Unavailable => Refused::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
            Failure::Refused => Refused::new(StatusCode::CONFLICT, e.worded(&Web)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goobalay::app::tournaments::TournamentRefusal;
    use goobalay::store::StoreError;

    /// A busy database is a busy database whichever use case met it (a result's
    /// entry, a tournament's write: each reaches the web as `AppError::Store`), also
    /// after part of a command was stored: 503, try again; an unknown match 404.
    #[test]
    fn a_failure_is_answered_by_its_kind_whatever_refusal_carries_it() {
        let busy = || StoreError::Busy(10_000);
        for e in [
            AppError::Store(busy()),
            AppError::PartlyStored {
                stored: "round 2 paired".into(),
                error: Box::new(AppError::Store(busy())),
            },
        ] {
            assert_eq!(Refused::from(e).status, StatusCode::SERVICE_UNAVAILABLE);
        }
        let unknown = Refused::from(AppError::Store(StoreError::UnknownMatch(9)));
        assert_eq!(
            (unknown.status, unknown.text.as_str()),
            (StatusCode::NOT_FOUND, "no such match")
        );
    }

    /// The web words no command line: a refusal with a hint for the CLI comes out
    /// without the CLI's syntax.
    #[test]
    fn a_refusal_names_no_command_line() {
        let finished = AppError::Finished {
            id: 3,
            how: goobalay::app::FinishedHow::Drawn,
        };
        let refused = Refused::from(finished);
        assert_eq!(refused.status, StatusCode::CONFLICT);
        assert_eq!(
            refused.text,
            "match 3 is finished (drawn); changing a finished result is a correction (the director's match correction, with a reason)"
        );
        for e in [
            AppError::Tournament(TournamentRefusal::Closed(
                goobalay::tournament::ClosedTournament("Club Night".into()),
            )),
            AppError::Player(goobalay::app::players::PlayerRefusal::Unknown {
                name: "Zoe".into(),
                like: None,
            }),
            AppError::UndoNeedsDirector {
                id: 3,
                tournament: "Club Night".into(),
            },
            AppError::EngineCaughtUp {
                id: 3,
                made: "a move".into(),
            },
        ] {
            let text = Refused::from(e).text;
            assert!(
                !text.contains("goobalay ") && !text.contains("--"),
                "{text}"
            );
            assert!(!text.contains('`'), "{text}");
        }
    }
}
