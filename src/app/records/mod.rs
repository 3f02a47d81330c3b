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

pub(crate) use changes::CopyReport;
pub use changes::{ChangeMarkers, TournamentMarker, TournamentRevision};
pub(crate) use fixture_rows::{ByeRowData, FixtureRowSink, FixtureRows, MatchRowData, Text};
pub(crate) use matches::summary;
pub use matches::{
    Correction, Ending, FinishedHow, HistoryFilter, MatchRow, NewMatch, StoredMatch,
};
pub(crate) use matches::{MatchInsert, MatchQuery, StoredMatchRows};
pub(crate) use players::PlayerDetailsRecord;
pub use players::{NewPlayer, Player, StartingRatingRecord};
pub use reports::{Claim, MatchReport};
pub(crate) use reports::{NewMatchReport, ReportCodeRow, ReportDecision};
pub(crate) use reviews::NewReview;
pub use reviews::StoredReview;
pub(crate) use rounds::{Reopened, UnpairedRound};
pub use rounds::{RoundRecord, StatusChange, TournamentKey, TournamentRecord};
pub(crate) use tournaments::MAX_SWISS_ROUNDS;
pub(crate) use tournaments::{
    BoardRow, ByeReason, PairedRound, PlayedAhead, PlayedFromSetup, PlayedMatch, RecordedBoard,
    RoundMatch, StoredTournament, TournamentSummary, WrittenRound,
};
pub use tournaments::{
    EventDetails, ListedTournament, LoadedTournament, ManualRound, NewTournament, Parts, Progress,
    TournamentRow,
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
