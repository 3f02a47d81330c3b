//! The JSON API: the pages' data, read through the application layer. Shapes:
//! docs/web.md. Unknown ids are 404 with `{"error": ...}`.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use goobalay::app::TournamentKey;
use goobalay::app::views::{self, TournamentView};
use goobalay::tournament::RatingSystem;
use serde_json::json;

use super::memo::{Doc, Outcome};
use super::refused::Refused;
use super::{Ctx, parse_id};

fn not_found(what: &str) -> Response {
    Refused::not_found(what).into_response()
}

fn failed(e: impl std::fmt::Display) -> Response {
    Refused::internal(e).into_response()
}

/// The tournament whose id is in the path, or the answer to give instead.
pub async fn load(ctx: &Ctx, id: &str) -> Result<TournamentView, Response> {
    let Some(id) = parse_id(id) else {
        return Err(not_found("tournament"));
    };
    match views::tournament(&ctx.store, TournamentKey::Id(id)).await {
        Ok(Some(v)) => Ok(v),
        Ok(None) => Err(not_found("tournament")),
        Err(e) => Err(failed(e)),
    }
}

/// The server's time, as every answer about an event carries it.
fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// `/api/tournaments`: every tournament, newest first (as `tournament list --format json`).
pub async fn tournaments(State(ctx): State<Ctx>) -> Response {
    match goobalay::app::tournaments::list(&ctx.store).await {
        Ok(list) => Json(json!({ "date": now(), "tournaments": list })).into_response(),
        Err(e) => failed(e),
    }
}

/// The whole tournament document (see docs/web.md).
pub fn tournament_json(v: &TournamentView) -> serde_json::Value {
    let loaded = &v.record.loaded;
    let t = &loaded.tournament;
    let byes: Vec<_> = t
        .recorded_byes()
        .map(|b| {
            json!({
                "round": b.round,
                "player_id": b.player,
                "player": loaded.name_of(b.player),
                "kind": goobalay::tournament::requested_bye_text(b),
            })
        })
        .collect();
    let mut doc = json!({
        "date": now(),
        "tournament": loaded.row,
        "progress": v.progress,
        "in_progress": v.progress.in_progress(),
        "progress_text": v.progress.text(),
        "rounds_planned": t.planned_rounds(),
        "rounds_paired": t.current_round(),
        "rounds_completed": t.completed_rounds(),
        "entrants": t.entrants(),
        "boards": views::boards(loaded),
        "requested_byes": byes,
        "standings": views::standings(loaded),
        "crosstable": t.crosstable(),
        "round_records": v.record.rounds,
        "status_changes": v.record.status_changes,
        "corrections": v.record.corrections,
    });
    if !v.prizes.is_empty() {
        doc["prizes"] = json!(v.prizes);
    }
    doc
}

/// A tournament's document `doc` as `make` writes it, kept for its revision (see
/// [`memo`](super::memo)).
async fn kept(
    ctx: &Ctx,
    id: &str,
    doc: Doc,
    make: impl Fn(&TournamentView) -> serde_json::Value,
) -> Response {
    let Some(id) = parse_id(id) else {
        return not_found("tournament");
    };
    match ctx.memo.answer(&ctx.store, id, doc, make, now).await {
        Ok(Outcome::Answer(r)) => r,
        Ok(Outcome::Unknown) => not_found("tournament"),
        Err(e) => failed(e),
    }
}

pub async fn tournament(State(ctx): State<Ctx>, Path(id): Path<String>) -> Response {
    kept(&ctx, &id, Doc::Tournament, tournament_json).await
}

/// `?round=N`: a tournament's results as they stood after round N.
#[derive(Debug, Default, serde::Deserialize)]
pub struct AfterRound {
    pub round: Option<u32>,
}

/// The tournament whose id is in the path as it stood after round `round` (its
/// standings, its crosstable), or the answer to give instead: 404 for no such
/// tournament, the refusal of a round not paired.
pub async fn load_after_round(
    ctx: &Ctx,
    id: &str,
    round: u32,
) -> Result<goobalay::app::LoadedTournament, Refused> {
    let Some(id) = parse_id(id) else {
        return Err(Refused::not_found("tournament"));
    };
    match goobalay::app::tournaments::load_after_round_by_id(&ctx.store, id, Some(round)).await {
        Ok(Some(loaded)) => Ok(loaded),
        Ok(None) => Err(Refused::not_found("tournament")),
        Err(e) => Err(e.into()),
    }
}

/// A document (`key`: what `make` gives) of the tournament as it stood after round
/// `round`; made on each request, not kept (it is asked for rarely).
async fn after_round(
    ctx: &Ctx,
    id: &str,
    round: u32,
    key: &str,
    make: impl FnOnce(&goobalay::app::LoadedTournament) -> serde_json::Value,
) -> Response {
    match load_after_round(ctx, id, round).await {
        Ok(then) => {
            let mut doc = json!({
                "date": now(),
                "tournament": then.row.name,
                "round": round,
            });
            doc[key] = make(&then);
            Json(doc).into_response()
        }
        Err(refused) => refused.into_response(),
    }
}

pub async fn standings(
    State(ctx): State<Ctx>,
    Path(id): Path<String>,
    Query(after): Query<AfterRound>,
) -> Response {
    if let Some(round) = after.round {
        return after_round(&ctx, &id, round, "standings", |then| {
            json!(views::standings(then))
        })
        .await;
    }
    kept(&ctx, &id, Doc::Standings, |v| {
        json!({
            "date": now(),
            "tournament": v.record.loaded.row.name,
            "progress": v.progress,
            "standings": views::standings(&v.record.loaded),
        })
    })
    .await
}

pub async fn crosstable(
    State(ctx): State<Ctx>,
    Path(id): Path<String>,
    Query(after): Query<AfterRound>,
) -> Response {
    if let Some(round) = after.round {
        return after_round(&ctx, &id, round, "crosstable", |then| {
            json!(then.tournament.crosstable())
        })
        .await;
    }
    kept(&ctx, &id, Doc::Crosstable, |v| {
        json!({
            "date": now(),
            "tournament": v.record.loaded.row.name,
            "progress": v.progress,
            "crosstable": v.record.loaded.tournament.crosstable(),
        })
    })
    .await
}

pub async fn player(State(ctx): State<Ctx>, Path(id): Path<String>) -> Response {
    let Some(id) = parse_id(&id) else {
        return not_found("player");
    };
    match goobalay::app::players::card_by_id(&ctx.store, id, RatingSystem::default()).await {
        Ok(Some(card)) => {
            let tally = card.tally();
            let mut v = serde_json::to_value(&card).unwrap_or_default();
            v["date"] = json!(now());
            v["tally"] = json!(tally);
            Json(v).into_response()
        }
        Ok(None) => not_found("player"),
        Err(e) => failed(e),
    }
}

pub async fn match_replay(State(ctx): State<Ctx>, Path(id): Path<String>) -> Response {
    let Some(id) = parse_id(&id) else {
        return not_found("match");
    };
    match views::match_replay(&ctx.store, id).await {
        Ok(Some(r)) => {
            let mut v = serde_json::to_value(&r).unwrap_or_default();
            v["date"] = json!(now());
            Json(v).into_response()
        }
        Ok(None) => not_found("match"),
        Err(e) => failed(e),
    }
}

/// `/api/changes`: the markers the live pages watch.
pub async fn changes(State(ctx): State<Ctx>) -> Response {
    let m = ctx.changes.borrow().clone();
    Json(json!({ "poll_ms": super::live::POLL.as_millis() as u64, "markers": *m })).into_response()
}
