//! What pairing a round hands over and records: a round as the director gives it
//! ([`ManualRound`]), a board as `round_pairings` keeps it ([`RecordedBoard`]), and
//! the matches played ahead of their round ([`PlayedAhead`]). The pairing itself is
//! the application layer's ([`crate::app::tournaments`]), over
//! [`crate::store::repo::TournamentRepo`].

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::BoardRow;
use crate::matches::MatchState;

/// Engine matches already played from the setup for a round not yet paired in the
/// database, by (round, board): see [`crate::app::run`].
pub type PlayedAhead = HashMap<(u32, u32), (BoardRow, MatchState)>;

/// A round as the director pairs it: boards in order, each South (who moves first)
/// and North, or a lone player for the bye; the boards with players first.
#[derive(Clone, Debug, Default)]
pub struct ManualRound {
    pub boards: Vec<(String, Option<String>)>,
    pub reason: Option<String>,
    /// Round 1 of an imported tournament: the starting ranks and ratings are the
    /// file's, already stored, not goobalay's seeding.
    pub keep_seeding: bool,
}

/// One board of a round as recorded in `round_pairings.boards`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedBoard {
    pub board: u32,
    pub south: i64,
    pub north: Option<i64>,
    pub match_id: Option<i64>,
}

impl RecordedBoard {
    pub(crate) fn of(b: &BoardRow) -> RecordedBoard {
        RecordedBoard {
            board: b.board,
            south: b.south_id,
            north: b.north_id,
            match_id: b.match_id,
        }
    }
}
