//! A tournament's status: finished once over (the last result entered, or found
//! by `tournament run`), closed by the director, reopened; each closing and
//! reopening recorded in `tournament_status_changes`. Closing and reopening are
//! the application layer's ([`crate::app::tournaments`]); here are their records as
//! read.

use super::Result;
pub(crate) use crate::app::records::StatusChange;
use crate::store::sql::{AsConn, query};

/// Closings and reopenings of tournament `tid`, in order.
pub(crate) async fn status_changes(conn: &mut impl AsConn, tid: i64) -> Result<Vec<StatusChange>> {
    let rows = query(
        "SELECT status, reason, rounds_before, changed_at FROM tournament_status_changes
         WHERE tournament_id = $1 ORDER BY id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(StatusChange {
            status: r.try_get("status")?,
            reason: r.try_get("reason")?,
            rounds_before: r.try_get::<Option<i64>>("rounds_before")?.map(|n| n as u32),
            changed_at: r.try_get("changed_at")?,
        });
    }
    Ok(out)
}
