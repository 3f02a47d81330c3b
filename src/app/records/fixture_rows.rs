//! A tournament's match and bye rows as the store reads them for a load: the columns
//! a fixture and its board are made from, as stored, deciding nothing. What they
//! become (the result that stands, the board's record) is the application layer's
//! (`app::tournaments::fixtures`). The repository hands them to a
//! [`FixtureRowSink`] a row at a time (a 100,000-match tournament need not be held
//! as rows as well as fixtures), from wherever the store reads them.

use serde::{Deserialize, Serialize};

/// A text column's value, as an index into [`FixtureRows::texts`] (0: NULL): the
/// few texts of these columns (winners, engine levels, closing kinds) are kept once
/// per tournament, not once per match.
pub(crate) type Text = u32;

/// One tournament match as the loader reads it: the columns of its query. Rounds,
/// seeds and hand counts are kept as `i32` (postcard writes the same bytes for either
/// width): a 100,000-match tournament decodes into 15 MB instead of 25.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRowData {
    pub id: i64,
    pub round: Option<i32>,
    pub south_id: i64,
    pub north_id: i64,
    pub winner: Text,
    pub final_south: Option<i32>,
    pub final_north: Option<i32>,
    pub hands_played: i32,
    pub seed: i64,
    pub south_engine: Text,
    pub north_engine: Text,
    /// The match's own closing (`match_closings`).
    pub closing: Text,
    pub absent: Text,
    pub closing_south: Option<i32>,
    pub closing_north: Option<i32>,
    /// A games:N match: the sums of its hands' scores, and the latest correction's.
    pub sum_south: Option<i32>,
    pub sum_north: Option<i32>,
    pub corrected_south: Option<i32>,
    pub corrected_north: Option<i32>,
    /// The latest whole-match correction.
    pub whole_kind: Text,
    pub whole_absent: Text,
    pub whole_south: Option<i32>,
    pub whole_north: Option<i32>,
}

/// One bye of the pairing (`tournament_byes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeRowData {
    pub round: i64,
    pub board: i64,
    pub player_id: i64,
}

/// A tournament's rows, from the tables or the cache.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct FixtureRows {
    pub texts: Vec<String>,
    pub matches: Vec<MatchRowData>,
    pub byes: Vec<ByeRowData>,
}

/// What a load makes of a tournament's match and bye rows, handed them by the
/// repository a row at a time ([`crate::app::repo::TournamentRepo::fixture_rows`]):
/// from its tables or from a copy the store keeps, which the sink never knows. A
/// store that finds its copy damaged part way starts the sink again
/// ([`FixtureRowSink::start`]) with the rows of its tables.
pub trait FixtureRowSink: Send {
    /// Starts (again), dropping any rows given before: `texts` are what the rows'
    /// [`Text`]s index, `matches` how many match rows follow.
    fn start(&mut self, texts: &[String], matches: usize);
    /// The next match row, in round and id order.
    fn push_match(&mut self, row: MatchRowData) -> Result<(), crate::app::repo::StoreError>;
    /// The byes, after every match row.
    fn push_byes(&mut self, byes: &[ByeRowData]);
}

impl FixtureRows {
    /// Hands these rows to `sink`, from the start.
    pub(crate) fn feed(
        &self,
        sink: &mut impl FixtureRowSink,
    ) -> Result<(), crate::app::repo::StoreError> {
        sink.start(&self.texts, self.matches.len());
        for &row in &self.matches {
            sink.push_match(row)?;
        }
        sink.push_byes(&self.byes);
        Ok(())
    }
}
