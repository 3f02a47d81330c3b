//! The entry list: entries (a late Swiss entry gets the next starting rank and
//! zero-point byes for the rounds it missed) and withdrawals.

use super::byes::record_late_entry_byes;
use super::load::load;
use super::{LoadedTournament, Result, TournamentStoreError};
use crate::store::sql::{AsConn, query};
use crate::store::{Player, Store, require_player_in};
use crate::tournament::Format;

impl Store {
    /// Enters players (all or none).
    pub async fn add_entrants(&self, name: &str, players: &[String]) -> Result<Vec<Player>> {
        let mut tx = self.begin_write().await?;
        let loaded = load(&mut tx, name).await?;
        loaded.ensure_open()?;
        let t = &loaded.tournament;
        if t.current_round() > 0 && t.format() != Format::Swiss {
            return Err(TournamentStoreError::EntriesClosed {
                tournament: loaded.row.name.clone(),
                format: t.format(),
            });
        }
        let mut next_seed = t.entrants().iter().map(|e| e.start_rank).max().unwrap_or(0) + 1;
        let seeding = if t.current_round() > 0 {
            Some(
                crate::store::ratings::Seeding::of(&mut tx, loaded.row.id, &loaded.row.variant)
                    .await?,
            )
        } else {
            None
        };
        let mut added: Vec<Player> = Vec::new();
        for p in players {
            let player = require_player_in(&mut tx, p).await?;
            if player.retired_at.is_some() {
                return Err(TournamentStoreError::Retired(player.name));
            }
            if t.entrant(player.id).is_some() {
                return Err(TournamentStoreError::AlreadyEntered {
                    player: player.name,
                    tournament: loaded.row.name.clone(),
                });
            }
            if added.iter().any(|a| a.id == player.id) {
                return Err(TournamentStoreError::NamedTwice {
                    player: player.name,
                });
            }
            // A late Swiss entry gets the next starting rank and today's rating.
            let rating = seeding.as_ref().map(|s| s.rating(player.id));
            let rated = seeding.as_ref().and_then(|s| s.rated(player.id));
            query(
                "INSERT INTO tournament_players (tournament_id, player_id, seed_no, joined_at, rating, rated)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(loaded.row.id)
            .bind(player.id)
            .bind(i64::from(next_seed))
            .bind(crate::store::now())
            .bind(rating)
            .bind(rated.map(i64::from))
            .execute(&mut tx)
            .await?;
            next_seed += 1;
            // The rounds already paired are missed: zero-point byes, recorded.
            record_late_entry_byes(&mut tx, loaded.row.id, player.id, t.current_round()).await?;
            added.push(player);
        }
        tx.commit().await?;
        Ok(added)
    }

    /// Withdraws a player: kept in the standings with the results so far, not paired
    /// again. A match already paired stays and counts when it is finished. Before
    /// round 1 is paired the player is taken off the entry list instead (round 0 is
    /// returned).
    pub async fn withdraw(&self, name: &str, player: &str) -> Result<(Player, u32)> {
        let mut tx = self.begin_write().await?;
        let loaded = load(&mut tx, name).await?;
        loaded.ensure_open()?;
        let p = require_player_in(&mut tx, player).await?;
        let withdrawn = withdraw_in(&mut tx, &loaded, p).await?;
        tx.commit().await?;
        Ok(withdrawn)
    }
}

/// The withdrawal of `p` from `loaded` ([`Store::withdraw`]) inside `tx`.
pub(crate) async fn withdraw_in(
    tx: &mut impl AsConn,
    loaded: &LoadedTournament,
    p: Player,
) -> Result<(Player, u32)> {
    let entrant =
        loaded
            .tournament
            .entrant(p.id)
            .ok_or_else(|| TournamentStoreError::NotEntered {
                player: p.name.clone(),
                tournament: loaded.row.name.clone(),
            })?;
    if entrant.is_withdrawn() {
        return Err(TournamentStoreError::AlreadyWithdrawn {
            player: p.name.clone(),
            tournament: loaded.row.name.clone(),
        });
    }
    let after = loaded.tournament.current_round();
    // Byes asked for rounds after the withdrawal lapse with it.
    query(
        "DELETE FROM tournament_requested_byes
         WHERE tournament_id = $1 AND player_id = $2 AND round > $3",
    )
    .bind(loaded.row.id)
    .bind(p.id)
    .bind(i64::from(after))
    .execute(&mut *tx)
    .await?;
    if after == 0 {
        // Before round 1 nothing has been played or seeded: a withdrawal takes
        // the player off the entry list, so that no pairing, bye or standings
        // row is ever made for someone who never played.
        query("DELETE FROM tournament_players WHERE tournament_id = $1 AND player_id = $2")
            .bind(loaded.row.id)
            .bind(p.id)
            .execute(&mut *tx)
            .await?;
    } else {
        query(
            "UPDATE tournament_players SET withdrawn_after = $1
             WHERE tournament_id = $2 AND player_id = $3",
        )
        .bind(i64::from(after))
        .bind(loaded.row.id)
        .bind(p.id)
        .execute(&mut *tx)
        .await?;
    }
    Ok((p, after))
}
