//! Forfeits, whole-match results and byes outside the pairing (issue 13), each one
//! write transaction.
//!
//! Representation (migration `20261202200000_forfeits_byes`):
//! - `match_closings`: at most one row per match, kind `forfeit` (`absent`: south,
//!   north or both) or `match` (a whole match played off the system: `winner`, final
//!   seeds if given). The match row is updated in the same transaction as
//!   [`crate::app::matches::save`] would write it for the closed state
//!   ([`crate::matches::MatchState::close`]): `winner` the side present ('draw' for a
//!   double forfeit), `finished_at` now, `revision` raised. Loading a match applies the
//!   row after the hands, so the match is over for every command (engines included).
//! - `tournament_requested_byes`: byes asked for ahead of a round (`requested`) and
//!   the rounds a late entrant missed (`late-entry`, zero points). The pure layer sees
//!   them as [`crate::tournament::Tournament::requested_byes`].

use super::repo::MatchRepo;
use super::sql::AsConn;
use super::tournaments::entrants::withdraw_in;
use super::tournaments::load::load;
use super::tournaments::status::close_if_over;
use super::tournaments::{LoadedTournament, Result as TResult};
use super::{Result, Store, StoredMatch, now, require_player_in};
use crate::engine::Side;
use crate::matches::{Absent, Closing};
use crate::store::Player;

impl Store {
    /// Withdraws `player` from tournament `name` ([`crate::app::tournaments::withdraw`])
    /// and, in the same transaction, forfeits their unfinished match of the current
    /// round (they are the absent side). Returns the player, the round withdrawn after
    /// and the match forfeited, if one was pending.
    pub async fn withdraw_forfeiting(
        &self,
        name: &str,
        player: &str,
    ) -> TResult<(Player, u32, Option<i64>)> {
        let mut tx = self.begin_write().await?;
        let loaded = load(&mut tx, name).await?;
        loaded.ensure_open()?;
        let p = require_player_in(&mut tx, player).await?;
        let pending = pending_match_of(&loaded, p.id);
        let mut forfeited = None;
        if let Some((id, side)) = pending {
            let stored = tx.stored_match(id).await?;
            let absent = match side {
                Side::South => Absent::South,
                Side::North => Absent::North,
            };
            close_match_in(&mut tx, stored, Closing::Forfeit(absent)).await?;
            forfeited = Some(id);
        }
        let (p, after) = withdraw_in(&mut tx, &loaded, p).await?;
        tx.commit().await?;
        Ok((p, after, forfeited))
    }
}

/// The unfinished match of `player` in the current round, and their side in it.
fn pending_match_of(loaded: &LoadedTournament, player: i64) -> Option<(i64, Side)> {
    let current = loaded.tournament.current_round();
    loaded
        .boards
        .iter()
        .filter(|b| b.round == current && !b.finished)
        .find_map(|b| {
            let id = b.match_id?;
            if b.south_id == player {
                Some((id, Side::South))
            } else if b.north_id == Some(player) {
                Some((id, Side::North))
            } else {
                None
            }
        })
}

/// Closes `before` (read in this transaction) and writes the match row's summary
/// and the `match_closings` row.
pub(crate) async fn close_match_in(
    conn: &mut impl AsConn,
    before: StoredMatch,
    closing: Closing,
) -> Result<StoredMatch> {
    let id = before.row.id;
    let mut state = before.state.clone();
    state.close(closing)?;
    let at = now();
    // A closing always gives an outcome, on a match that had none: the finish time
    // is `at`.
    let mut row = conn.write_result(&before.row, &state, at).await?;
    conn.insert_closing(id, closing, at).await?;
    if let Some(tid) = row.tournament_id
        && close_if_over(conn, tid).await?
    {
        row.tournament_status = Some(crate::tournament::TournamentStatus::Finished);
    }
    Ok(StoredMatch { row, state })
}
