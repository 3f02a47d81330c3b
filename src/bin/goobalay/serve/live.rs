//! Live pages: one task polls the store's change markers ([`goobalay::app::views::changes`])
//! every [`POLL`] and publishes them; each server-sent event stream (one per open
//! page) wakes on a new value and sends a `change` event when the part it watches
//! moved: one tournament's marker, or (the index, players and matches) anything.
//! The page then fetches its HTML again. One poll serves every open page, on SQLite
//! and PostgreSQL alike (it reads what other processes committed).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use goobalay::app::ChangeMarkers;
use goobalay::app::Database;
use tokio::sync::watch;

use super::refused::Refused;
use super::{Ctx, parse_id};

/// How often the store is asked what changed.
pub const POLL: Duration = Duration::from_millis(500);

/// Publishes the markers whenever they change; a failed read is logged once (until
/// reads work again) and retried.
pub async fn poll(store: impl Database, tx: watch::Sender<Arc<ChangeMarkers>>) {
    let mut failing = false;
    loop {
        tokio::time::sleep(POLL).await;
        if tx.is_closed() {
            return;
        }
        match goobalay::app::views::changes(&store).await {
            Ok(m) => {
                failing = false;
                tx.send_if_modified(|old| {
                    if **old == m {
                        false
                    } else {
                        *old = Arc::new(m);
                        true
                    }
                });
            }
            Err(e) if !failing => {
                failing = true;
                eprintln!("goobalay serve: cannot read what changed: {e}");
            }
            Err(_) => {}
        }
    }
}

/// Which part of the markers a stream watches.
#[derive(Clone, Copy)]
enum Watch {
    All,
    Tournament(i64),
}

fn part(m: &ChangeMarkers, w: Watch) -> String {
    match w {
        Watch::All => serde_json::to_string(m).unwrap_or_default(),
        Watch::Tournament(id) => match m.tournaments.get(&id) {
            Some(t) => serde_json::to_string(t).unwrap_or_default(),
            None => "gone".to_string(),
        },
    }
}

/// The stream: a `ready` event at once, then a `change` event each time the watched
/// part moves (comments keep the connection alive meanwhile).
fn stream(
    mut rx: watch::Receiver<Arc<ChangeMarkers>>,
    w: Watch,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let last = part(&rx.borrow_and_update(), w);
    let ready = stream::once(async { Ok(Event::default().event("ready").data("{}")) });
    let changes = stream::unfold((rx, last), move |(mut rx, mut last)| async move {
        loop {
            rx.changed().await.ok()?;
            let now = part(&rx.borrow_and_update(), w);
            if now != last {
                last = now;
                let data = match w {
                    Watch::All => "{}".to_string(),
                    Watch::Tournament(id) => format!("{{\"tournament\":{id}}}"),
                };
                return Some((Ok(Event::default().event("change").data(data)), (rx, last)));
            }
        }
    });
    Sse::new(futures_util::StreamExt::chain(ready, changes))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

/// `/api/events`: anything in the database changed.
pub async fn events(State(ctx): State<Ctx>) -> Response {
    stream(ctx.changes.clone(), Watch::All).into_response()
}

/// `/api/tournaments/{id}/events`: this tournament changed (404 for an unknown one).
/// A tournament made since the last poll is looked up in the store.
pub async fn tournament_events(State(ctx): State<Ctx>, Path(id): Path<String>) -> Response {
    let Some(id) = parse_id(&id) else {
        return Refused::not_found("tournament").into_response();
    };
    let polled = ctx.changes.borrow().tournaments.contains_key(&id);
    let known = polled
        || matches!(
            goobalay::app::views::tournament_revision(&ctx.store, id).await,
            Ok(Some(_))
        );
    if known {
        stream(ctx.changes.clone(), Watch::Tournament(id)).into_response()
    } else {
        Refused::not_found("tournament").into_response()
    }
}
