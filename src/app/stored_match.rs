//! A stored match read back: its rows ([`MatchRepo::stored_match_rows`]: the row, the
//! hands' events and summary columns, the corrections) replayed through the matches
//! layer, the replay checked against the summary columns the hands keep, then the
//! match's own closing and the whole-match corrections applied. A match whose rows
//! disagree with their replay is refused at the first disagreement
//! ([`StoreError::Corrupt`]); the audit (`goobalay verify`) names every one instead.

use crate::app::records::{StoredMatch, StoredMatchRows};
use crate::app::repo::{HandRecord, MatchRepo, Result, StoreError};
use crate::engine::{BySide, Side};
use crate::matches::correction::{corrected_closings, corrected_scores, with_closing};
use crate::matches::{Event, HandEnd, MatchState, parse_row};

/// Reading a stored match back, on any repository of matches.
pub trait StoredMatches: MatchRepo {
    /// Match `id` as stored: its row with how it ended, and its state replayed from
    /// its hands, closing and corrections ([`StoreError::UnknownMatch`] if none, and
    /// [`StoreError::Corrupt`] if the stored summary differs from the replay).
    fn stored_match(&mut self, id: i64) -> impl Future<Output = Result<StoredMatch>> {
        async move { replayed(self.stored_match_rows(id).await?) }
    }
}

impl<R: MatchRepo> StoredMatches for R {}

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
    let corrected = corrected_scores(corrections.iter().map(|c| c.kind));
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
                    let row = parse_row(text)?;
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
    for closing in corrected_closings(corrections.iter().map(|c| c.kind)) {
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
