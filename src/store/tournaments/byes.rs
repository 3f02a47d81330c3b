//! Byes outside the pairing (`tournament_requested_byes`): asked for ahead of a
//! round, or the rounds a late entrant missed.

use super::{Result, corrupt};
use crate::store::sql::{AsConn, query};
use crate::tournament::{ByePoints, RequestedBye};

/// The byes outside the pairing of tournament `tid` (`tournament_requested_byes`).
pub(super) async fn requested_byes(conn: &mut impl AsConn, tid: i64) -> Result<Vec<RequestedBye>> {
    let rows = query(
        "SELECT round, player_id, points FROM tournament_requested_byes
         WHERE tournament_id = $1 ORDER BY round, player_id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let points: String = r.try_get("points")?;
        let round: i64 = r.try_get("round")?;
        out.push(RequestedBye {
            round: u32::try_from(round).map_err(|_| {
                corrupt(format!("tournament {tid}: requested bye in round {round}"))
            })?,
            player: r.try_get("player_id")?,
            points: ByePoints::parse(&points).ok_or_else(|| {
                corrupt(format!(
                    "tournament {tid}: requested bye of '{points}' points"
                ))
            })?,
        });
    }
    Ok(out)
}
