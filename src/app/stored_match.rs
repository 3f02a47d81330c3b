//! A stored match read back: its rows ([`MatchRepo::stored_match_rows`]: the row, the
//! hands' events and summary columns, the corrections) replayed through the matches
//! layer, the replay checked against the summary columns the hands keep, then the
//! match's own closing and the whole-match corrections applied. A match whose rows
//! disagree with their replay is refused at the first disagreement
//! ([`StoreError::Corrupt`]); the audit (`goobalay verify`) names every one instead.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::app::records::{Correction, MatchQuery, MatchRow, StoredMatch, StoredMatchRows};
use crate::app::repo::{HandRecord, MatchRepo, Result, StoreError, TournamentRepo};
use crate::engine::{BySide, Side};
use crate::matches::Closing;
use crate::matches::correction::{
    corrected_closings, corrected_scores, standing_closing, with_closing,
};
use crate::matches::{Event, HandEnd, MatchState, parse_row};

/// Reading a stored match and its corrections back, on any repository of matches.
pub(crate) trait StoredMatches: MatchRepo {
    /// Match `id` as stored: its row with how it ended, and its state replayed from
    /// its hands, closing and corrections ([`StoreError::UnknownMatch`] if none, and
    /// [`StoreError::Corrupt`] if the stored summary differs from the replay).
    fn stored_match(&mut self, id: i64) -> impl Future<Output = Result<StoredMatch>> {
        async move { replayed(self.stored_match_rows(id).await?) }
    }

    /// Every correction of match `id`, in the order made, each with whether the
    /// match stood unplayed before and after it (`with_unplayed`).
    fn corrections(&mut self, id: i64) -> impl Future<Output = Result<Vec<Correction>>> {
        async move {
            let corrections = self.correction_rows(id).await?;
            if corrections.is_empty() {
                return Ok(corrections);
            }
            let closing = self.own_closing(id).await?;
            Ok(with_unplayed(corrections, |_| closing))
        }
    }
}

impl<R: MatchRepo> StoredMatches for R {}

/// Reading a tournament's corrections back.
pub(crate) trait TournamentCorrections: TournamentRepo + MatchRepo {
    /// Every correction of tournament `tid`'s matches, in the order made, each with
    /// whether its match stood unplayed before and after it (`with_unplayed`).
    fn tournament_corrections(
        &mut self,
        tid: i64,
    ) -> impl Future<Output = Result<Vec<Correction>>> {
        async move {
            let corrections = self.tournament_correction_rows(tid).await?;
            let mut closings = HashMap::new();
            for c in &corrections {
                if let Entry::Vacant(e) = closings.entry(c.match_id) {
                    e.insert(self.own_closing(c.match_id).await?);
                }
            }
            Ok(with_unplayed(corrections, |id| {
                closings.get(&id).copied().flatten()
            }))
        }
    }
}

impl<R: TournamentRepo + MatchRepo> TournamentCorrections for R {}

/// Fills in each correction's `unplayed` before and after, from the closing that
/// stands before and after it ([`standing_closing`]; the first starts
/// from the match's own closing).
pub(crate) fn with_unplayed(
    mut corrections: Vec<Correction>,
    closing_of: impl Fn(i64) -> Option<Closing>,
) -> Vec<Correction> {
    let mut standing: HashMap<i64, Option<Closing>> = HashMap::new();
    for c in &mut corrections {
        let before = *standing
            .entry(c.match_id)
            .or_insert_with(|| closing_of(c.match_id));
        let after = standing_closing(before, [c.kind.closing()]);
        c.before.unplayed = before.and_then(Closing::unplayed);
        c.after.unplayed = after.and_then(Closing::unplayed);
        standing.insert(c.match_id, after);
    }
    corrections
}

/// The match of `rows`, replayed and checked.
pub(crate) fn replayed(rows: StoredMatchRows) -> Result<StoredMatch> {
    let StoredMatchRows {
        mut row,
        hands,
        corrections,
    } = rows;
    let id = row.id;
    let spec = row.spec()?;
    let corrupt =
        |hand: i64, what: &str| StoreError::Corrupt(format!("match {id} hand {hand}: {what}"));
    let closing = row.own_closing;
    row.settle(corrections.iter().map(|c| c.kind.closing()));
    // An entered hand's score as corrected since (the row keeps it as entered).
    let corrected = corrected_scores(corrections.iter().map(|c| &c.kind));
    let mut state = MatchState::new(spec);
    for h in &hands {
        let number = h.number;
        if let Some(column) = h.unreadable.first() {
            return Err(corrupt(number, &format!("column {column} cannot be read")));
        }
        let correction = corrected.get(&(number as u32)).copied();
        if i64::from(state.current_hand().number) != number || state.is_over() {
            return Err(corrupt(number, "hand out of sequence"));
        }
        if let Some(first) = &h.first_arranger {
            let first = Side::parse(first).ok_or_else(|| corrupt(number, "first arranger"))?;
            for side in [first, !first] {
                if let Some(text) = &h.arrangement[side] {
                    let row = parse_row(text).map_err(|e| corrupt(number, &e.to_string()))?;
                    state
                        .apply(&Event::Arrange { side, row })
                        .map_err(|e| corrupt(number, &e.to_string()))?;
                }
            }
        }
        for token in h.moves.as_deref().unwrap_or_default().split_whitespace() {
            let m = state
                .parse_move(token)
                .map_err(|e| corrupt(number, &e.to_string()))?;
            state
                .apply(&Event::Move(m))
                .map_err(|e| corrupt(number, &e.to_string()))?;
        }
        if h.end_reason.as_deref() == Some("result") {
            let score = BySide::new(h.score.0.unwrap_or(-1), h.score.1.unwrap_or(-1));
            if score.south < 0 || score.north < 0 {
                return Err(corrupt(number, "result without scores"));
            }
            state
                .apply(&Event::Result(
                    correction.unwrap_or_else(|| score.map(|s| s as u32)),
                ))
                .map_err(|e| corrupt(number, &e.to_string()))?;
        }
        summary_check(h, &state, correction.is_some()).map_err(|what| corrupt(number, what))?;
    }
    if hands.is_empty() {
        return Err(StoreError::Corrupt(format!("match {id} has no hands")));
    }
    if let Some(closing) = closing {
        state
            .close(closing)
            .map_err(|e| StoreError::Corrupt(format!("match {id}: closing: {e}")))?;
    }
    for closing in corrected_closings(corrections.iter().map(|c| &c.kind)) {
        state = with_closing(&state, closing)
            .map_err(|e| StoreError::Corrupt(format!("match {id}: a correction: {e}")))?;
    }
    Ok(StoredMatch { row, state })
}

/// The summary columns of hand `h` must be what the replay gives (its score unless a
/// correction replaced it).
fn summary_check(h: &HandRecord, state: &MatchState, corrected: bool) -> Result<(), &'static str> {
    let hand = &state.hands()[h.number as usize - 1];
    if hand.end != h.end_reason.as_deref().and_then(HandEnd::parse) {
        return Err("stored end differs from the replay");
    }
    let as_pair = |v: BySide<u32>| (Some(i64::from(v.south)), Some(i64::from(v.north)));
    if h.holdings != as_pair(hand.holdings)
        || h.kept != as_pair(hand.kept)
        || (!corrected && h.score != hand.score.map_or((None, None), as_pair))
    {
        return Err("stored holdings, kept seeds or scores differ from the replay");
    }
    Ok(())
}

/// The matches `query` selects, newest first, each with how it ended (the closing
/// that stands: [`MatchRow::settle`]).
pub(crate) async fn settled_matches(
    repo: &mut impl MatchRepo,
    query: &MatchQuery,
) -> Result<Vec<MatchRow>> {
    let rows = repo.match_rows(query).await?;
    Ok(rows
        .into_iter()
        .map(|(mut row, corrections)| {
            row.settle(corrections);
            row
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::MatchForm;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;

    /// A casual match with South's first move and North's reply entered.
    async fn two_moves_in() -> (Store, i64) {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        fixture::moves_entered(&store, id, &["1", "1"]).await;
        (store, id)
    }

    async fn rows(store: &Store, id: i64) -> StoredMatchRows {
        store
            .begin_read()
            .await
            .unwrap()
            .stored_match_rows(id)
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_stored_match_replays_to_the_moves_entered() {
        let (store, id) = two_moves_in().await;
        let stored = store
            .begin_read()
            .await
            .unwrap()
            .stored_match(id)
            .await
            .unwrap();
        assert_eq!(stored.state.event_count(), 2);
        assert_eq!(stored.row.id, id);
        // Replaying the rows again gives the same match.
        let again = replayed(rows(&store, id).await).unwrap();
        assert_eq!(again.state.events(), stored.state.events());
    }

    #[tokio::test]
    async fn an_unknown_match_is_refused_by_its_id() {
        let store = Store::in_memory().await;
        let refused = store.begin_read().await.unwrap().stored_match(41).await;
        assert!(
            matches!(refused, Err(StoreError::UnknownMatch(41))),
            "{:?}",
            refused.map(|_| ())
        );
    }

    #[tokio::test]
    async fn rows_that_disagree_with_their_replay_are_refused_as_damage() {
        let (store, id) = two_moves_in().await;
        let mut moved = rows(&store, id).await;
        moved.hands[0].moves = Some("1 1 9".into());
        let refused = replayed(moved);
        assert!(
            matches!(&refused, Err(StoreError::Corrupt(what)) if what.starts_with(&format!("match {id} hand 1: "))),
            "{:?}",
            refused.map(|_| ())
        );
        let mut recounted = rows(&store, id).await;
        recounted.hands[0].holdings.0 = Some(47);
        let refused = replayed(recounted);
        assert!(
            matches!(&refused, Err(StoreError::Corrupt(what)) if what.ends_with("differ from the replay")),
            "{:?}",
            refused.map(|_| ())
        );
        let mut emptied = rows(&store, id).await;
        emptied.hands.clear();
        let refused = replayed(emptied);
        assert!(
            matches!(&refused, Err(StoreError::Corrupt(what)) if *what == format!("match {id} has no hands")),
            "{:?}",
            refused.map(|_| ())
        );
    }
}
