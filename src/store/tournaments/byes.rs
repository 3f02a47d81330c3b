//! Byes outside the pairing (`tournament_requested_byes`): asked for ahead of a
//! round, or the rounds a late entrant missed; read with the tournament, written
//! by a request or a late entry ([`crate::store::repo::TournamentRepo::insert_bye`])
//! or an import.

use super::{Result, corrupt};
use crate::store::sql::{AsConn, query};
use crate::store::{Result as StoreResult, now};
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

pub(in crate::store) async fn insert_bye(
    conn: &mut impl AsConn,
    tournament_id: i64,
    round: u32,
    player_id: i64,
    points: ByePoints,
    reason: &str,
) -> StoreResult<()> {
    query(
        "INSERT INTO tournament_requested_byes
             (tournament_id, round, player_id, points, reason, entered_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(tournament_id)
    .bind(i64::from(round))
    .bind(player_id)
    .bind(points.name())
    .bind(reason)
    .bind(now())
    .execute(&mut *conn)
    .await?;
    Ok(())
}
