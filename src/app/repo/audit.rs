//! What the audit (`goobalay verify`) reads: every record as stored, values the
//! decoder refuses handed over for the audit to name.

use std::future::Future;

use chrono::{DateTime, Utc};

use super::Result;
use crate::app::records::{FixtureRowSink, MatchRow, StoredTournament, TournamentRow};
use crate::engine::BySide;
use crate::matches::{Closing, MatchOutcome};

/// A player's or tournament's name and name key as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameKeyRecord {
    pub id: i64,
    /// The name and its stored key; `None` when either cannot be read.
    pub name_and_key: Option<(String, String)>,
}

/// A stored hand row, read column by column: a value of the wrong type is read as
/// `None` (the number as 0) and its column named in `unreadable`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandRecord {
    pub number: i64,
    pub first_mover: Option<String>,
    pub first_arranger: Option<String>,
    /// Seeds brought in (south, north).
    pub holdings: (Option<i64>, Option<i64>),
    /// Seeds kept in hand (south, north).
    pub kept: (Option<i64>, Option<i64>),
    pub arrangement: BySide<Option<String>>,
    pub moves: Option<String>,
    pub move_count: Option<i64>,
    pub end_reason: Option<String>,
    /// The scores (south, north).
    pub score: (Option<i64>, Option<i64>),
    /// The columns that could not be read, in the order read.
    pub unreadable: Vec<String>,
}

/// A tournament's row, as far as the audit judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentAuditRow {
    pub id: i64,
    pub name: String,
    pub variant: String,
    /// The status word as stored.
    pub status: String,
    pub match_form: String,
}

/// A tournament match's row, as far as the tournament's audit judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentMatchRecord {
    pub id: i64,
    pub variant: String,
    pub round: Option<i64>,
    pub winner: Option<MatchOutcome>,
    /// How many of its two players are entered in the tournament.
    pub entrants: i64,
    pub south_id: i64,
    pub north_id: i64,
}

/// A stored time the decoder refuses: whose it is (a match's id, an entrant's
/// name) and the decoder's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadableTime<K> {
    pub of: K,
    pub error: String,
}

/// A tournament match's creation time and round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchCreated {
    pub created_at: DateTime<Utc>,
    pub round: u32,
}

/// An entrant's entry: when, the rating they were seeded by, whether rated.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryRecord {
    pub player_id: i64,
    pub joined_at: DateTime<Utc>,
    /// The seeding rating (`None`: a database from before schema version 2).
    pub rating: Option<f64>,
    pub rated: Option<bool>,
}

/// A bye outside the pairing as stored (`tournament_requested_byes`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeRecord {
    pub round: u32,
    pub player_id: i64,
    /// `requested` or `late-entry`, as stored.
    pub reason: String,
    /// When it was entered; the decoder's message when that cannot be read.
    pub entered_at: std::result::Result<DateTime<Utc>, String>,
}

/// A postponement as stored (`match_postponements`), with its match's round and
/// creation time; a time the decoder refuses as its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostponementRecord {
    pub match_id: i64,
    pub round: u32,
    pub created_at: std::result::Result<DateTime<Utc>, String>,
    pub postponed_at: std::result::Result<DateTime<Utc>, String>,
}

/// What the store found of its own storage ([`AuditRepo::storage_findings`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StorageFindings {
    /// Each difference, in words, in the order found.
    pub differences: Vec<String>,
    /// The schema differs from the migrations': nothing else may be read (a table
    /// whose definition is damaged may make any query on it panic in sqlx's worker).
    pub schema_differs: bool,
}

/// Every record the audit reads, as stored.
pub trait AuditRepo {
    /// The checks of the database as a store (on SQLite its file's integrity, its
    /// foreign keys and its schema against the migrations'; its identity), each
    /// difference in words: the first things the audit reports.
    fn storage_findings(&mut self) -> impl Future<Output = Result<StorageFindings>>;

    /// Whether tournament `tid`'s stored cache of its fixtures, if it says it is
    /// current, differs from the match records (`match_form`: the tournament's, as
    /// stored): the difference in words.
    fn fixture_cache_difference(
        &mut self,
        tid: i64,
        match_form: &str,
    ) -> impl Future<Output = Result<Option<String>>>;

    /// Every player's id, name and name key, by id.
    fn player_name_keys(&mut self) -> impl Future<Output = Result<Vec<NameKeyRecord>>>;

    /// Every tournament's id, name and name key, by id.
    fn tournament_name_keys(&mut self) -> impl Future<Output = Result<Vec<NameKeyRecord>>>;

    /// Every match's id, in order.
    fn match_ids(&mut self) -> impl Future<Output = Result<Vec<i64>>>;

    /// Match `id`'s row (its ending not settled from its corrections): `None` when
    /// its players are not there, `Some(Err)` when a column cannot be read.
    fn match_record(&mut self, id: i64) -> impl Future<Output = Result<Option<Result<MatchRow>>>>;

    /// Match `id`'s hand rows, by number.
    fn hand_records(&mut self, id: i64) -> impl Future<Output = Result<Vec<HandRecord>>>;

    /// The forfeit or whole-match result stored for match `id` (`match_closings`).
    fn closing(&mut self, id: i64) -> impl Future<Output = Result<Option<Closing>>>;

    /// Every tournament's row, by id, each read on its own (an unreadable one is an
    /// error where the audit comes to it).
    fn tournament_audit_rows(
        &mut self,
    ) -> impl Future<Output = Result<Vec<Result<TournamentAuditRow>>>>;

    /// The matches of tournament `tid`, by id.
    fn tournament_match_records(
        &mut self,
        tid: i64,
    ) -> impl Future<Output = Result<Vec<TournamentMatchRecord>>>;

    /// The tournament named `name` from its tables.
    fn tournament_tables(&mut self, name: &str) -> impl Future<Output = Result<StoredTournament>>;

    /// Hands the match and bye rows of `tournament` to `sink` as the match tables
    /// hold them, never a copy the store keeps (the audit judges the records).
    fn fixture_rows_from_tables(
        &mut self,
        tournament: &TournamentRow,
        sink: &mut impl FixtureRowSink,
    ) -> impl Future<Output = Result<()>>;

    /// When each match of tournament `tid` was created, and its round; or the first
    /// creation time that cannot be read (the rows after it are not read).
    fn match_creations(
        &mut self,
        tid: i64,
    ) -> impl Future<Output = Result<std::result::Result<Vec<MatchCreated>, UnreadableTime<i64>>>>;

    /// The entries of tournament `tid`; or the first entry time that cannot be read,
    /// with the entrant's name (the rows after it are not read).
    fn entry_records(
        &mut self,
        tid: i64,
    ) -> impl Future<Output = Result<std::result::Result<Vec<EntryRecord>, UnreadableTime<String>>>>;

    /// The byes outside the pairing of tournament `tid`, by round and player.
    fn bye_records(&mut self, tid: i64) -> impl Future<Output = Result<Vec<ByeRecord>>>;

    /// The postponed matches of tournament `tid`, by match id.
    fn postponement_records(
        &mut self,
        tid: i64,
    ) -> impl Future<Output = Result<Vec<PostponementRecord>>>;

    /// How many rounds the file held, if tournament `tid` was imported.
    fn imported_rounds(&mut self, tid: i64) -> impl Future<Output = Result<Option<u32>>>;

    /// The matches voided when their round was taken back, by id.
    fn voided_matches(&mut self) -> impl Future<Output = Result<Vec<VoidedMatch>>>;

    /// Voided match `id`'s rows, as [`crate::app::repo::MatchRepo::stored_match_rows`]
    /// reads a match in play (it has no corrections).
    fn voided_match_rows(
        &mut self,
        id: i64,
    ) -> impl Future<Output = Result<crate::app::records::StoredMatchRows>>;
}

/// A match voided with its round ([`AuditRepo::voided_matches`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoidedMatch {
    pub id: i64,
    pub tournament_id: i64,
    pub round: u32,
    pub voided_at: DateTime<Utc>,
}
