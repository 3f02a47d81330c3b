//! The matches: their rows, hands, closings and corrections.

use std::future::Future;

use chrono::{DateTime, Utc};

use super::Result;
use crate::app::records::{Correction, MatchInsert, MatchQuery, MatchRow, StoredMatchRows};
use crate::matches::correction::CorrectionKind;
use crate::matches::{Closing, Hand, MatchState, ResultSummary};
use crate::tournament::{FinishedMatch, Format, TournamentStatus};

/// The matches' rows (`matches`, `hands`, `match_closings`, `match_corrections`).
pub trait MatchRepo {
    /// Match `id`'s rows: the match row (with its own closing), every hand's events
    /// and summary columns in order, its corrections in order
    /// ([`StoreError::UnknownMatch`](super::StoreError::UnknownMatch) if none).
    fn stored_match_rows(&mut self, id: i64) -> impl Future<Output = Result<StoredMatchRows>>;

    /// Inserts matches with their hands, in order; returns their ids.
    fn insert_matches(
        &mut self,
        matches: &[MatchInsert<'_>],
    ) -> impl Future<Output = Result<Vec<i64>>>;

    /// Stores the result columns that `after` gives (winner, hands played, final
    /// seeds; the finish time `at` unless the match had one, none while unfinished)
    /// in the row `before`, raising its revision, if the row still has `before`'s
    /// revision (nobody wrote it since it was read); otherwise writes nothing and
    /// returns [`StoreError::Conflict`](super::StoreError::Conflict). Returns the row as it now stands.
    fn write_result(
        &mut self,
        before: &MatchRow,
        after: &MatchState,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<MatchRow>>;

    /// Writes the hands of `after` from index `from` on that differ from `before`,
    /// and deletes the hands past `after`'s last (`holes_per_row`: the board's, for
    /// the moves' notation).
    fn write_hands(
        &mut self,
        id: i64,
        before: &[Hand],
        after: &[Hand],
        from: usize,
        holes_per_row: u8,
    ) -> impl Future<Output = Result<()>>;

    /// Records the forfeit or whole-match result `closing` of match `id`.
    fn insert_closing(
        &mut self,
        id: i64,
        closing: Closing,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// Records a correction of match `id`, its result `before` and `after` it;
    /// returns the correction's id.
    fn insert_correction(
        &mut self,
        id: i64,
        kind: &CorrectionKind,
        reason: &str,
        before: &ResultSummary,
        after: &ResultSummary,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<i64>>;

    /// Every correction of match `id`, in order, as recorded (`unplayed` not filled
    /// in: `app::stored_match::StoredMatches::corrections` does).
    fn correction_rows(&mut self, id: i64) -> impl Future<Output = Result<Vec<Correction>>>;

    /// Match `id`'s own closing (a forfeit or a whole-match result entered), if any.
    fn own_closing(&mut self, id: i64) -> impl Future<Output = Result<Option<Closing>>>;

    /// The matches `query` selects, newest first, each with its corrections in order
    /// as the closings they put in place (`None`: a hand's score), its ending not
    /// yet settled ([`MatchRow::settle`]).
    fn match_rows(
        &mut self,
        query: &MatchQuery,
    ) -> impl Future<Output = Result<Vec<(MatchRow, Vec<Option<Closing>>)>>>;

    /// The status of tournament `tid` as it stands now (`None`: a word this build does
    /// not know).
    fn tournament_status(
        &mut self,
        tid: i64,
    ) -> impl Future<Output = Result<Option<TournamentStatus>>>;

    /// The format of tournament `tid`.
    fn tournament_format(&mut self, tid: i64) -> impl Future<Output = Result<Format>>;

    /// The id of the tournament whose name has the key of `name`; none is refused
    /// with the closest name ([`super::StoreError::TournamentNotFound`]).
    fn tournament_id(&mut self, name: &str) -> impl Future<Output = Result<i64>>;

    /// Every finished match (of `variant`, or of every variant), with its own
    /// closing and its corrections' closings in the order made, in no order.
    fn finished_matches(
        &mut self,
        variant: Option<&str>,
    ) -> impl Future<Output = Result<Vec<FinishedMatch>>>;

    /// The variants in which `player` has finished a match, by name.
    fn played_variants(&mut self, player: i64) -> impl Future<Output = Result<Vec<String>>>;
}
