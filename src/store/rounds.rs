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

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::StoreError;
use super::sql::{AsConn, Row, query};
use super::tournaments::{LoadedTournament, Result};

pub use super::tournaments::pair::{ManualRound, RecordedBoard};
pub use super::tournaments::status::{Reopened, StatusChange};

/// A pairing of a round as recorded (also one taken back).
#[derive(Clone, Debug, Serialize)]
pub struct RoundRecord {
    pub round: u32,
    /// "system" or "manual".
    pub method: String,
    pub reason: Option<String>,
    pub paired_at: DateTime<Utc>,
    pub boards: Vec<RecordedBoard>,
    pub unpaired_at: Option<DateTime<Utc>>,
    pub unpair_reason: Option<String>,
}

/// What `tournament unpair` did.
#[derive(Clone, Debug, Serialize)]
pub struct UnpairedRound {
    pub round: u32,
    pub boards: Vec<RecordedBoard>,
    /// Players withdrawn after the round was paired, now withdrawn as from the round
    /// before it (so they are not paired when it is paired again).
    pub withdrawals_moved: Vec<String>,
}

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

/// A tournament with its records, as `tournament show` and a page show it: read
/// in one transaction, so they agree with each other.
#[derive(Clone, Debug)]
pub struct TournamentRecord {
    pub loaded: LoadedTournament,
    /// How each round was paired (rounds taken back included).
    pub rounds: Vec<RoundRecord>,
    /// Closings and reopenings.
    pub status_changes: Vec<StatusChange>,
    pub corrections: Vec<super::corrections::Correction>,
}

/// Which tournament: by name (as typed: case and Unicode variants ignored) or by id.
#[derive(Clone, Copy, Debug)]
pub enum TournamentKey<'a> {
    Name(&'a str),
    Id(i64),
}
