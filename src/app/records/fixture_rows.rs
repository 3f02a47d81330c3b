//! A tournament's match and bye rows as the store reads them for a load: the columns
//! a fixture and its board are made from, as stored, deciding nothing. What they
//! become (the result that stands, the board's record) is the application layer's
//! (`app::tournaments::fixtures`). The rows come from the tables, or from the
//! store's fixture cache a row at a time (a 100,000-match tournament need not be
//! held as rows as well as fixtures).

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
pub struct FixtureRows {
    pub texts: Vec<String>,
    pub matches: Vec<MatchRowData>,
    pub byes: Vec<ByeRowData>,
}

/// A tournament's rows as a load hands them over.
pub enum StoredFixtureRows {
    /// Read from the tables (shared with the cache that is to keep them).
    Read(std::sync::Arc<FixtureRows>),
    /// Read from the fixture cache, a match row at a time.
    Cached(Box<dyn CachedMatchRows>),
}

impl std::fmt::Debug for StoredFixtureRows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoredFixtureRows::Read(rows) => f
                .debug_struct("Read")
                .field("matches", &rows.matches.len())
                .field("byes", &rows.byes.len())
                .finish(),
            StoredFixtureRows::Cached(rows) => f
                .debug_struct("Cached")
                .field("matches", &rows.row_count())
                .finish(),
        }
    }
}

/// Match rows read from a cached body a batch at a time: its texts first
/// ([`CachedMatchRows::take_texts`]), then the rows ([`CachedMatchRows::next_rows`]),
/// then [`CachedMatchRows::byes`]. A body found damaged ends the rows early and has
/// no byes: the rows are then to be read from the tables.
pub trait CachedMatchRows: Send {
    /// The texts the rows' [`Text`]s index (taken once).
    fn take_texts(&mut self) -> Vec<String>;
    /// How many match rows the body says it holds.
    fn row_count(&self) -> usize;
    /// The next rows in order; none: every row was read, or the body was found damaged.
    fn next_rows(&mut self) -> &[MatchRowData];
    /// The byes, once every row was read; `None` if the body was damaged anywhere.
    fn byes(&self) -> Option<Vec<ByeRowData>>;
}
