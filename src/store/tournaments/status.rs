//! A tournament's status: finished once over (the last result entered, or found
//! by `tournament run`), closed by the director, reopened; each closing and
//! reopening recorded in `tournament_status_changes`. Closing and reopening are
//! the application layer's ([`crate::app::tournaments`]); here are their records as
//! read, and the closing a result brings.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::Result;
use crate::store::repo::TournamentRepo;
use crate::store::sql::{AsConn, query};

/// A closing or reopening.
#[derive(Clone, Debug, Serialize)]
pub struct StatusChange {
    /// "finished" or "reopened".
    pub status: String,
    pub reason: Option<String>,
    pub rounds_before: Option<u32>,
    pub changed_at: DateTime<Utc>,
}

/// What `tournament reopen` did.
#[derive(Clone, Debug, Serialize)]
pub struct Reopened {
    pub tournament: String,
    pub rounds_before: Option<u32>,
    pub rounds: Option<u32>,
}

/// Closings and reopenings of tournament `tid`, in order.
pub(in crate::store) async fn status_changes(
    conn: &mut impl AsConn,
    tid: i64,
) -> Result<Vec<StatusChange>> {
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

/// Closes tournament `tid` if the write just made in this transaction finished it
/// (its last match of its last round): the matches' save path calls it, so a result
/// and the closing it brings are one write. Cheap while matches are pending: the
/// tournament is only loaded once none is. Returns whether it closed it.
pub(crate) async fn close_if_over(conn: &mut impl AsConn, tid: i64) -> Result<bool> {
    if conn.pending_match_count(tid).await? > 0 {
        return Ok(false);
    }
    // A closed tournament is not loaded: it is not closed again.
    let Some(name) = conn.unfinished_name(tid).await? else {
        return Ok(false);
    };
    let loaded = conn.tournament_by_name(&name).await?;
    if !loaded.tournament.closes_on_result(loaded.row.status) {
        return Ok(false);
    }
    conn.mark_finished(tid, "the last result was entered", crate::store::now())
        .await?;
    Ok(true)
}
