//! `tournament import`: a Swiss read from a TRF file ([`crate::tournament::import`])
//! stored as if it had been run here, in one write transaction (all or nothing).
//!
//! Representation (migration `20261203000000_tournament_imports`): the tournament
//! row as `tournament new` makes it, one `tournament_imports` row (the file's name,
//! the rounds it held), the entrants with the file's pairing numbers as starting
//! ranks and its ratings as their seeding ratings; then round by round, as the
//! commands would have stored them: the byes asked for (`requested`), the round as
//! paired by hand ([`super::tournaments::pair::ManualRound`], reason "imported from FILE"), each
//! result as a whole-match result entered or a forfeit (`match_closings`), the
//! withdrawals after the round. Byes asked for the rounds left come last. Players
//! are found by name (ignoring case) or added.

use std::collections::HashMap;

use super::repo::{MatchRepo, PlayerRepo};
use super::sql::{AsConn, query};
use super::tournaments::create::create_in;
use super::tournaments::entrants::withdraw_in;
use super::tournaments::load::load;
use super::tournaments::pair::{ManualRound, PlayedAhead, pair_in};
use super::tournaments::{NewTournament, Result, TournamentRow, TournamentStoreError};
use super::{NewPlayer, Store, now, player_by_id};
use crate::engine::Side;
use crate::matches::{Closing, MatchOutcome};
use crate::tournament::import::TrfEvent;
use crate::tournament::{Decision, EntrantId, RatingSystem};

/// What an import stored.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ImportedTournament {
    pub tournament: TournamentRow,
    pub players: usize,
    /// Players added to the database (the others were there already).
    pub players_added: Vec<String>,
    pub rounds: u32,
    pub matches: usize,
}

impl Store {
    /// Stores `event` as the tournament `new` describes (its name, variant, rounds,
    /// points and tiebreaks), `source` naming the file. Nothing is written if
    /// anything is refused.
    pub async fn import_tournament(
        &self,
        event: &TrfEvent,
        new: &NewTournament,
        source: &str,
        progress: impl FnMut(u32, u32),
    ) -> Result<ImportedTournament> {
        let mut tx = self.begin_write().await?;
        let imported = import_in(&mut tx, event, new, source, progress).await?;
        tx.commit().await?;
        Ok(imported)
    }
}

async fn import_in(
    tx: &mut impl AsConn,
    event: &TrfEvent,
    new: &NewTournament,
    source: &str,
    mut progress: impl FnMut(u32, u32),
) -> Result<ImportedTournament> {
    let t = &event.tournament;
    let row = create_in(&mut *tx, new, RatingSystem::Elo).await?;
    let tid = row.id;
    let at = now();
    query(
        "INSERT INTO tournament_imports (tournament_id, source, rounds, imported_at)
         VALUES ($1, $2, $3, $4)",
    )
    .bind(tid)
    .bind(source)
    .bind(i64::from(event.rounds_played()))
    .bind(at)
    .execute(&mut *tx)
    .await?;
    // The players: found by name, or added.
    let mut id_of: HashMap<EntrantId, i64> = HashMap::new();
    let mut name_of: HashMap<EntrantId, String> = HashMap::new();
    let mut added = Vec::new();
    for e in t.entrants() {
        let player = match tx.player_by_name(&e.name).await? {
            Some(p) if p.retired_at.is_some() => {
                return Err(TournamentStoreError::Retired(p.name));
            }
            Some(p) => p,
            None => {
                let entry = NewPlayer {
                    name: e.name.clone(),
                    club: None,
                    engine: None,
                };
                let id = tx.insert_player(&entry, at).await?;
                added.push(e.name.clone());
                player_by_id(&mut *tx, id).await?
            }
        };
        query(
            "INSERT INTO tournament_players (tournament_id, player_id, seed_no, joined_at, rating, rated)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(tid)
        .bind(player.id)
        .bind(i64::from(e.start_rank))
        .bind(at)
        .bind(e.rating)
        .bind(i64::from(e.rating > 0.0))
        .execute(&mut *tx)
        .await?;
        id_of.insert(e.id, player.id);
        name_of.insert(e.id, player.name);
    }
    let reason = format!("imported from {source}");
    let played = event.rounds_played();
    let mut matches = 0;
    progress(0, played);
    for round in 1..=played {
        for b in t.requested_byes().iter().filter(|b| b.round == round) {
            super::tournaments::byes::insert_bye(
                &mut *tx,
                tid,
                round,
                id_of[&b.player],
                b.points,
                "requested",
            )
            .await?;
        }
        let fixtures = t.round_fixtures(round);
        let manual = ManualRound {
            boards: fixtures
                .iter()
                .map(|f| {
                    (
                        name_of[&f.pairing.south].clone(),
                        f.pairing.north.map(|n| name_of[&n].clone()),
                    )
                })
                .collect(),
            reason: Some(reason.clone()),
            keep_seeding: true,
        };
        let (paired, _, _) =
            pair_in(&mut *tx, &row.name, None, PlayedAhead::new(), Some(&manual)).await?;
        for (board, f) in paired.boards.iter().zip(&fixtures) {
            let (Some(id), Some(result)) = (board.match_id, f.result) else {
                continue;
            };
            let closing = match result.forfeit {
                Some(absent) => Closing::Forfeit(absent),
                None => Closing::Entered {
                    outcome: match result.decision {
                        Decision::South => MatchOutcome::Winner(Side::South),
                        Decision::North => MatchOutcome::Winner(Side::North),
                        Decision::Draw => MatchOutcome::Draw,
                    },
                    seeds: None,
                },
            };
            let stored = tx.stored_match(id).await?;
            super::forfeits::close_match_in(&mut *tx, stored, closing).await?;
            matches += 1;
        }
        for e in t
            .entrants()
            .iter()
            .filter(|e| e.withdrawn_after == Some(round))
        {
            let loaded = load(&mut *tx, &row.name).await?;
            let player = player_by_id(&mut *tx, id_of[&e.id]).await?;
            withdraw_in(&mut *tx, &loaded, player).await?;
        }
        progress(round, played);
    }
    for b in t.requested_byes().iter().filter(|b| b.round > played) {
        super::tournaments::byes::insert_bye(
            &mut *tx,
            tid,
            b.round,
            id_of[&b.player],
            b.points,
            "requested",
        )
        .await?;
    }
    let tournament = load(&mut *tx, &row.name).await?.row;
    Ok(ImportedTournament {
        tournament,
        players: t.entrants().len(),
        players_added: added,
        rounds: played,
        matches,
    })
}

/// Whether tournament `tid` was imported, and how many rounds the file held.
pub(crate) async fn imported_rounds(
    conn: &mut impl AsConn,
    tid: i64,
) -> super::Result<Option<u32>> {
    let rounds: Option<i64> =
        super::sql::query_scalar("SELECT rounds FROM tournament_imports WHERE tournament_id = $1")
            .bind(tid)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(rounds.map(|r| r as u32))
}
