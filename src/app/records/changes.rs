//! What changed since a reader last looked (a live page's markers, a document's
//! revision), and what a copy between databases copied.

use std::collections::BTreeMap;

/// One tournament's marker: counts and sums over its rows.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct TournamentMarker {
    pub status: String,
    /// `fixture_cache.revision`, which the database's own triggers raise on every
    /// write to the tournament's matches, hands, closings, corrections and byes
    /// (one row read, where counting and summing its matches scanned them all).
    pub fixtures: i64,
    pub entrants: i64,
    pub withdrawn: i64,
    pub requested_byes: i64,
    /// Round records, and how many of them were taken back.
    pub rounds: i64,
    pub rounds_unpaired: i64,
    pub status_changes: i64,
    /// Seedings by hand and postponements recorded.
    pub seedings: i64,
    pub postponements: i64,
    /// Players' reports of their results (the director's page shows those awaited).
    pub reports: i64,
}

/// The whole database's markers: one for everything, one per tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ChangeMarkers {
    pub players: i64,
    pub players_retired: i64,
    pub matches: i64,
    pub revisions: i64,
    pub tournaments: BTreeMap<i64, TournamentMarker>,
}

/// Everything the tournament's documents are made of (`tournament_record`: its row,
/// entrants, fixtures, byes, rounds, closings, corrections), as one row of numbers and
/// texts: equal revisions read at two moments mean every document made from the
/// tournament at one is the one made at the other. Unlike the fixture revision alone
/// it also sees an entrant renamed, withdrawn or taken off, a bye asked for or
/// dropped, a round's record, a closing; `unrated` entrants (no rating kept at entry)
/// take today's ratings, which any match anywhere moves, so a reader keeps nothing
/// made from such a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRevision {
    pub status: String,
    pub rounds: Option<i64>,
    pub finished_at: Option<String>,
    /// `fixture_cache.revision`, which the database's own triggers raise on every
    /// write to the tournament's matches, hands, closings, corrections and byes.
    pub fixtures: i64,
    /// Each entrant's id, starting rank, withdrawal, rating and name, in order.
    pub entrants: Option<String>,
    pub unrated: i64,
    /// Each bye asked for: round, player and points.
    pub requested_byes: Option<String>,
    pub round_records: i64,
    pub rounds_unpaired: i64,
    pub last_round_record: i64,
    pub status_changes: i64,
    pub last_status_change: i64,
    /// The newest change of its event's details, prize added, and entry of an
    /// entrant's details (which its pages and prizes show).
    pub last_event_change: i64,
    pub last_prize: i64,
    pub last_player_details: i64,
    /// The newest seeding by hand and postponement.
    pub last_seeding: i64,
    pub postponements: i64,
}

impl TournamentRevision {
    /// Whether a document made at this revision may be kept and served again while
    /// the revision stays (not when ratings of today's are shown, see above).
    pub fn keepable(&self) -> bool {
        self.unrated == 0
    }
}

/// Rows copied, per table, in the order `db copy` copies them (`store::copy::TABLES`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CopyReport {
    pub tables: Vec<(String, u64)>,
}
