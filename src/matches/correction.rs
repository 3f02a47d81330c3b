//! Corrections of a match as entered: the rules of what a director may replace, and
//! the match that results. A correction never changes what was recorded; the store
//! keeps it as a record of its own and the match is its events with the correction
//! applied (see `store::corrections`).

use thiserror::Error;

use super::{Event, HandEnd, MatchError, MatchState, hand_events};
use crate::engine::BySide;

/// Why a correction cannot be made.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CorrectionError {
    #[error(
        "the match is not finished; a hand's entered score is corrected once the match is over (while it is played, its whole result can be replaced with --match)"
    )]
    NotFinished,
    #[error("the match has no hand {hand} (it has {hands})")]
    NoSuchHand { hand: u32, hands: u32 },
    #[error(
        "hand {hand} was played move by move, so its score follows from the moves; correct the whole match's result instead (--match south|north|draw)"
    )]
    PlayedHand { hand: u32 },
    #[error("hand {hand} has no result yet; enter it with `goobalay match result`")]
    NoResult { hand: u32 },
    #[error(
        "hand {later} was set up from hand {hand}'s score, so hand {hand} cannot change alone; correct the last hand, or the whole match's result (--match)"
    )]
    LaterHandPlayed { hand: u32, later: u32 },
    #[error("hand {hand}'s result is already {south}-{north}")]
    Unchanged { hand: u32, south: u32, north: u32 },
    #[error(
        "with hand {hand} at {south}-{north} the match would not be over; a finished match's correction must finish it (correct the whole match's result with --match)"
    )]
    WouldReopen { hand: u32, south: u32, north: u32 },
    #[error("{0}")]
    Match(#[from] MatchError),
}

/// `state` with hand `hand`'s entered result replaced by `score`. Only a finished
/// match is corrected this way, and only an entered hand (`match result`; a played
/// hand's score follows from its moves). The hands after it must come out the same
/// (a `games:N` match's games are independent; in a multi-hand match the next hand is
/// set up from this one's score, so only the last hand can be corrected), and the
/// match must still be over.
pub fn with_hand_score(
    state: &MatchState,
    hand: u32,
    score: BySide<u32>,
) -> Result<MatchState, CorrectionError> {
    if !state.is_over() {
        return Err(CorrectionError::NotFinished);
    }
    let hands = state.hands();
    let count = hands.len() as u32;
    let Some(target) = hand.checked_sub(1).and_then(|i| hands.get(i as usize)) else {
        return Err(CorrectionError::NoSuchHand { hand, hands: count });
    };
    match target.end {
        Some(HandEnd::Entered) => {}
        Some(HandEnd::Game(_)) => return Err(CorrectionError::PlayedHand { hand }),
        None => return Err(CorrectionError::NoResult { hand }),
    }
    if target.score == Some(score) {
        return Err(CorrectionError::Unchanged {
            hand,
            south: score.south,
            north: score.north,
        });
    }
    let mut events: Vec<Event> = hands[..hand as usize - 1]
        .iter()
        .flat_map(hand_events)
        .collect();
    let mut own = hand_events(target);
    own.pop(); // the entered result, replaced below
    events.extend(own);
    let mut corrected = MatchState::replay(state.spec().clone(), events)?;
    corrected.apply(&Event::Result(score))?;
    for later in &hands[hand as usize..] {
        let same = !corrected.is_over()
            && hand_events(later)
                .iter()
                .all(|e| corrected.apply(e).is_ok())
            && corrected.hands().get(later.number as usize - 1) == Some(later);
        if !same {
            return Err(CorrectionError::LaterHandPlayed {
                hand,
                later: later.number,
            });
        }
    }
    if !corrected.is_over() {
        return Err(CorrectionError::WouldReopen {
            hand,
            south: score.south,
            north: score.north,
        });
    }
    Ok(corrected)
}
