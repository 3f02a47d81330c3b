//! The records the use cases take and hand back, as the front ends name them: a
//! player, a match as stored and its corrections, a tournament as loaded and its
//! director's records, the change markers a live page watches. They are the rows
//! the repositories read ([`crate::store::repo`]); a front end reaches them here, so
//! that it names nothing of the store but the database it opens.

pub use crate::store::changes::{ChangeMarkers, TournamentRevision};
pub use crate::store::corrections::Correction;
pub use crate::store::repo::StartingRatingRecord;
pub use crate::store::rounds::{ManualRound, TournamentKey, TournamentRecord};
pub use crate::store::tournaments::{
    BoardRow, LoadedTournament, NewTournament, PairedRound, PlayedMatch, TournamentRow,
    TournamentSummary,
};
pub use crate::store::{Ending, HistoryFilter, MatchRow, NewPlayer, Player, StoredMatch};
