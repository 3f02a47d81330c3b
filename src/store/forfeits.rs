//! Forfeits and whole-match results (issue 13): the rows a closing writes, in the
//! transaction of the use case that decided it ([`crate::app::matches::close`], a
//! withdrawal that forfeits, a TRF import).
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
use super::tournaments::status::close_if_over;
use super::{Result, StoredMatch, now};
use crate::matches::Closing;

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
