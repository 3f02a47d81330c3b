//! The director's records of a tournament's course: rounds paired (by the system or
//! by hand) and taken back, closings and reopenings.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{Correction, LoadedTournament, RecordedBoard};

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
    /// The round's matches in which engines had played, voided with the round (kept
    /// as voided matches, not deleted).
    pub voided_play: Vec<i64>,
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
    pub corrections: Vec<Correction>,
}

/// Which tournament: by name (as typed: case and Unicode variants ignored) or by id.
#[derive(Clone, Copy, Debug)]
pub enum TournamentKey<'a> {
    Name(&'a str),
    Id(i64),
}
