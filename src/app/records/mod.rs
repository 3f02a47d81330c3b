//! The records the use cases take and hand back, as the front ends name them: a
//! player, a match as stored and its corrections, a tournament as loaded and its
//! director's records, the change markers a live page watches. They are the rows
//! the repositories read ([`super::repo`]); a front end reaches them here, so
//! that it names nothing of the store but the database it opens. They are defined
//! here, at the application layer's boundary, and the store fills them from its rows.

mod changes;
mod fixture_rows;
mod matches;
mod players;
mod reports;
mod reviews;
mod rounds;
mod tournaments;

use chrono::{DateTime, Utc};

pub use changes::{ChangeMarkers, CopyReport, TournamentMarker, TournamentRevision};
pub use fixture_rows::{ByeRowData, FixtureRowSink, FixtureRows, MatchRowData, Text};
pub(crate) use matches::summary;
pub use matches::{
    Correction, Ending, FinishedHow, HistoryFilter, MatchInsert, MatchQuery, MatchRow, NewMatch,
    StoredMatch, StoredMatchRows,
};
pub use players::{NewPlayer, Player, PlayerDetailsRecord, StartingRatingRecord};
pub use reports::{Claim, MatchReport, NewMatchReport, ReportCodeRow, ReportDecision};
pub use reviews::{NewReview, StoredReview};
pub use rounds::{
    Reopened, RoundRecord, StatusChange, TournamentKey, TournamentRecord, UnpairedRound,
};
pub use tournaments::{
    BoardRow, ByeReason, EventDetails, ListedTournament, LoadedTournament, MAX_SWISS_ROUNDS,
    ManualRound, NewTournament, PairedRound, Parts, PlayedAhead, PlayedFromSetup, PlayedMatch,
    Progress, RecordedBoard, RoundMatch, StoredTournament, TournamentRow, TournamentSummary,
    WrittenRound, pending_engine_boards,
};
pub(crate) use tournaments::{board_row, played, record_result};

/// The time a record is stamped with: now, to the microsecond, which both backends
/// keep exactly (PostgreSQL's TIMESTAMPTZ has no nanoseconds), so a record reads back
/// as written and a copy between backends is exact.
pub(crate) fn now() -> DateTime<Utc> {
    use chrono::DurationRound;
    let t = Utc::now();
    t.duration_trunc(chrono::TimeDelta::microseconds(1))
        .unwrap_or(t)
}
