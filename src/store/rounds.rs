//! The records of the director's changes to a tournament's course: a round paired by
//! hand, the last round taken back, closings and reopenings (the changes themselves
//! are use cases of [`crate::app::tournaments`]). Each is one write transaction that
//! adds a record (`round_pairings`, `tournament_status_changes`);
//! nothing is overwritten. A tournament's records read together
//! (`app::views::tournament`).
//!
//! Every round paired from schema version 5 on has a `round_pairings` row holding its
//! boards as paired, so `verify` can tell a round changed in the tables afterwards
//! from a round paired that way (and a manual round from a system one). A round taken
//! back keeps its row, with when and why: its matches had not started (nothing was
//! played or entered in them), so they are removed with nothing lost, and the row
//! says who was to play whom.

use super::StoreError;
use super::sql::{AsConn, Row, query};
use super::tournaments::Result;

pub(crate) use super::tournaments::pair::RecordedBoard;
pub(crate) use super::tournaments::status::StatusChange;
pub(crate) use crate::app::records::RoundRecord;

/// Every pairing recorded for tournament `tid` (also those taken back), in order.
pub(crate) async fn round_records(conn: &mut impl AsConn, tid: i64) -> Result<Vec<RoundRecord>> {
    let rows = query(
        "SELECT round, method, reason, paired_at, boards, unpaired_at, unpair_reason
         FROM round_pairings WHERE tournament_id = $1 ORDER BY id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(round_record).collect()
}

fn round_record(r: &Row) -> Result<RoundRecord> {
    let boards: String = r.try_get("boards")?;
    Ok(RoundRecord {
        round: r.try_get::<i64>("round")? as u32,
        method: r.try_get("method")?,
        reason: r.try_get("reason")?,
        paired_at: r.try_get("paired_at")?,
        boards: serde_json::from_str(&boards)
            .map_err(|e| StoreError::CorruptTournament(format!("round record boards: {e}")))?,
        unpaired_at: r.try_get("unpaired_at")?,
        unpair_reason: r.try_get("unpair_reason")?,
    })
}
