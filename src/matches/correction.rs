//! Corrections of a match as entered: what a director may replace ([`CorrectionKind`]),
//! the rules of it, and the match that results ([`apply`]). A correction never changes
//! what was recorded; the store keeps it as a record of its own and the match is its
//! events with the corrections applied in order ([`corrected_scores`],
//! [`corrected_closings`]; see `store::corrections`).

use std::collections::HashMap;

use serde::Serialize;
use thiserror::Error;

use super::{
    Absent, Closing, Event, HandEnd, MatchError, MatchOutcome, MatchState, ResultSummary,
    hand_events,
};
use crate::engine::BySide;
use crate::hint::{Hint, Refusal, Wording, then_hint};

/// Why a correction cannot be made.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CorrectionError {
    #[error("hand {hand} is still being played")]
    HandInPlay { hand: u32 },
    #[error("the match has no hand {hand} (it has {hands})")]
    NoSuchHand { hand: u32, hands: u32 },
    #[error(
        "hand {hand} was played move by move, so its score follows from the moves; correct the whole match's result instead"
    )]
    PlayedHand { hand: u32 },
    #[error("hand {hand} has no result yet")]
    NoResult { hand: u32 },
    #[error(
        "hand {later} was set up from hand {hand}'s score, so hand {hand} cannot change alone; correct the last hand, or the whole match's result"
    )]
    LaterHandPlayed { hand: u32, later: u32 },
    #[error("hand {hand}'s result is already {south}-{north}")]
    Unchanged { hand: u32, south: u32, north: u32 },
    #[error(
        "with hand {hand} at {south}-{north} the match would not be over; a finished match's correction must finish it"
    )]
    WouldReopen { hand: u32, south: u32, north: u32 },
    #[error(
        "the match's result was {how}, not taken from its hands; correct the whole result instead"
    )]
    ClosedMatch { how: &'static str },
    #[error("the match is already {0}")]
    SameResult(String),
    #[error(
        "the match is a {form} match; --games replaces the games of a games:N match (correct this one with --score or --match)"
    )]
    NotGames { form: super::MatchForm },
    #[error(
        "the match has {games} games, so --games takes {games} scores, one per game in order (e.g. {example}); {given} given"
    )]
    GameCount {
        games: u32,
        given: usize,
        example: String,
    },
    #[error(
        "game {game} was played move by move, so its score follows from the moves; correct the whole match's result instead"
    )]
    PlayedGame { game: u32 },
    #[error("game {game} has no result yet")]
    GameWithoutResult { game: u32 },
    #[error(
        "game {game}: {south}-{north} makes {sum} seeds, but a game of {variant} has {total} (South's and North's seeds add up to that)"
    )]
    GameSeeds {
        game: u32,
        south: u32,
        north: u32,
        sum: u64,
        variant: String,
        total: u64,
    },
    #[error("game {game}: {error}")]
    GameScore { game: u32, error: MatchError },
    #[error("the games' results are already {0}")]
    SameGames(String),
    #[error("{0}")]
    Match(#[from] MatchError),
}

/// Which closing stands: the one definition of how a match ended when it was not
/// played out on the board (issue 24), which the loader, the ratings, the history,
/// a match's load and `verify` all take. The latest whole-match correction replaces
/// the match's own closing (`own`: its forfeit or entered result, as first recorded);
/// with none, the own closing stands; `None`: nothing does (played out on the board,
/// or still in play).
///
/// `corrections` are the match's corrections in the order made, each as the closing
/// it puts in place: `None` for a hand's score, which replaces no whole result. A
/// closing is whatever its reader makes of the rows ([`Closing`], or the loader's
/// narrower columns).
pub(crate) fn standing_closing<C>(
    own: Option<C>,
    corrections: impl IntoIterator<Item = Option<C>>,
) -> Option<C> {
    corrections.into_iter().flatten().last().or(own)
}

impl Refusal for CorrectionError {
    fn hint(&self) -> Option<Hint> {
        Some(match self {
            CorrectionError::HandInPlay { .. } => Hint::EnterHandResult,
            CorrectionError::PlayedHand { .. } => Hint::CorrectWholeWinner,
            CorrectionError::NoResult { .. } => Hint::EnterResult,
            CorrectionError::LaterHandPlayed { .. } => Hint::CorrectWhole,
            CorrectionError::WouldReopen { .. } => Hint::CorrectWholeToFinish,
            CorrectionError::ClosedMatch { .. } => Hint::CorrectWholeAnyHow,
            CorrectionError::PlayedGame { .. } => Hint::CorrectWholeWinner,
            CorrectionError::GameWithoutResult { .. } => Hint::EnterResult,
            _ => return None,
        })
    }
    fn worded(&self, wording: &dyn Wording) -> String {
        match self {
            CorrectionError::Match(e) => e.worded(wording),
            _ => then_hint(self.to_string(), self.hint(), wording),
        }
    }
}

/// What a correction replaces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum CorrectionKind {
    /// Hand `hand`'s entered result becomes `score`.
    Score { hand: u32, score: BySide<u32> },
    /// Every game of a `games:N` match, each entered as a result, gets the score at
    /// its place in `scores` (game 1 first): the whole result replaced in one record.
    Games { scores: Vec<BySide<u32>> },
    /// The whole match's result becomes `decision` ("south", "north", "draw"), with
    /// the final seeds when known: played and rated.
    Match {
        decision: MatchOutcome,
        seeds: Option<BySide<u32>>,
    },
    /// The match becomes a forfeit: `absent` did not come.
    Absent { absent: Absent },
    /// The match is annulled: no result counts, not played.
    Void,
}

impl CorrectionKind {
    /// The stored kind: `score`, `games`, `match`, `absent` or `void`.
    pub fn name(&self) -> &'static str {
        match self {
            CorrectionKind::Score { .. } => "score",
            CorrectionKind::Games { .. } => "games",
            CorrectionKind::Match { .. } => "match",
            CorrectionKind::Absent { .. } => "absent",
            CorrectionKind::Void => "void",
        }
    }

    /// What it changed, for a person: "hand 2 to 16-12", "the games to 11-37,
    /// 37-11", "the whole match to 1-0 (30-18)", "the match to a forfeit, north
    /// absent", "the match to void".
    pub fn describe(&self) -> String {
        match self {
            CorrectionKind::Score { hand, score } => {
                format!("hand {hand} to {}-{}", score.south, score.north)
            }
            CorrectionKind::Games { scores } => format!("the games to {}", scores_text(scores)),
            CorrectionKind::Match { decision, seeds } => {
                let result = ResultSummary {
                    winner: Some(*decision),
                    seeds: *seeds,
                    unplayed: None,
                };
                format!("the whole match to {}", result.text())
            }
            CorrectionKind::Absent {
                absent: Absent::Both,
            } => "the match to a double forfeit (both absent)".to_string(),
            CorrectionKind::Absent { absent } => {
                format!("the match to a forfeit, {} absent", absent.name())
            }
            CorrectionKind::Void => "the match to void (annulled)".to_string(),
        }
    }

    /// The closing a whole-match correction gives the match (`None`: a hand's or
    /// the games' scores, which the result follows from).
    pub fn closing(&self) -> Option<Closing> {
        match *self {
            CorrectionKind::Score { .. } | CorrectionKind::Games { .. } => None,
            CorrectionKind::Match { decision, seeds } => Some(Closing::Entered {
                outcome: decision,
                seeds,
            }),
            CorrectionKind::Absent { absent } => Some(Closing::Forfeit(absent)),
            CorrectionKind::Void => Some(Closing::Void),
        }
    }
}

/// Scores as `--games` takes them and a correction shows them: "11-37, 37-11".
pub fn scores_text(scores: &[BySide<u32>]) -> String {
    let each: Vec<String> = scores
        .iter()
        .map(|s| format!("{}-{}", s.south, s.north))
        .collect();
    each.join(", ")
}

/// `state` with `kind` applied (the rules are [`with_hand_score`],
/// [`with_game_scores`] and [`with_closing`]).
pub(crate) fn apply(
    state: &MatchState,
    kind: &CorrectionKind,
) -> Result<MatchState, CorrectionError> {
    match (kind, kind.closing()) {
        (CorrectionKind::Score { hand, score }, _) => with_hand_score(state, *hand, *score),
        (CorrectionKind::Games { scores }, _) => with_game_scores(state, scores),
        (_, Some(closing)) => with_closing(state, closing),
        (_, None) => unreachable!("only a score or games correction has no closing"),
    }
}

/// The entered score that counts for each hand: the latest score or games
/// correction's (`corrections`: a match's, in the order made).
pub(crate) fn corrected_scores<'a>(
    corrections: impl IntoIterator<Item = &'a CorrectionKind>,
) -> HashMap<u32, BySide<u32>> {
    let mut scores = HashMap::new();
    for kind in corrections {
        match kind {
            CorrectionKind::Score { hand, score } => {
                scores.insert(*hand, *score);
            }
            CorrectionKind::Games { scores: games } => {
                scores.extend((1..).zip(games.iter().copied()));
            }
            _ => {}
        }
    }
    scores
}

/// The whole-match results put in place by corrections, in order: each replaces the
/// one before (applied after the hands and the match's own closing).
pub(crate) fn corrected_closings<'a>(
    corrections: impl IntoIterator<Item = &'a CorrectionKind>,
) -> impl Iterator<Item = Closing> {
    corrections.into_iter().filter_map(CorrectionKind::closing)
}

/// The hand a `--score` correction means when none is named: the last hand with a
/// result (the hand after it may not be begun).
pub(crate) fn last_hand_with_result(state: &MatchState) -> u32 {
    let hands = state.hands();
    hands
        .iter()
        .rev()
        .find(|h| h.end.is_some())
        .map_or(hands.len() as u32, |h| h.number)
}

/// `state` with its whole result replaced by `closing` (`match correct --match`,
/// `--absent`, `--void`), finished or not: the hands stay as they are and nothing more
/// is played. An entered result's seeds are checked as when it is first entered
/// ([`MatchState::close`]).
pub fn with_closing(state: &MatchState, closing: Closing) -> Result<MatchState, CorrectionError> {
    if state.closing == Some(closing) {
        return Err(CorrectionError::SameResult(describe(closing)));
    }
    if state.closing.is_none()
        && let Closing::Entered { outcome, seeds } = closing
        && state.outcome == Some(outcome)
        && seeds.is_none_or(|s| state.counted_seeds() == Some(s))
    {
        return Err(CorrectionError::SameResult(describe(closing)));
    }
    state.check_closing(closing)?;
    let mut corrected = state.clone();
    corrected.outcome = Some(closing.outcome());
    corrected.closing = Some(closing);
    Ok(corrected)
}

fn describe(closing: Closing) -> String {
    match closing {
        Closing::Forfeit(a) => format!("forfeited with {} absent", a.name()),
        Closing::Void => "void".to_string(),
        Closing::Entered { outcome, seeds } => {
            let seeds = seeds.map_or(String::new(), |s| {
                format!(" with seeds {}-{}", s.south, s.north)
            });
            format!("'{}'{seeds}", outcome.name())
        }
    }
}

/// `state` with every game of a `games:N` match given the score at its place in
/// `scores` (`match correct --games`): one score per game, each game's result
/// entered (not played move by move), each score adding up to the seeds a game of
/// the variant has, and not all of them as they are. The games are independent, so
/// the match is its games replayed with the new scores: it is over, decided by them.
pub(crate) fn with_game_scores(
    state: &MatchState,
    scores: &[BySide<u32>],
) -> Result<MatchState, CorrectionError> {
    let spec = state.spec();
    let super::MatchForm::Games(games) = spec.form else {
        return Err(CorrectionError::NotGames { form: spec.form });
    };
    if scores.len() != games as usize {
        // Every game starts from the setup: game 1's seeds are every game's.
        let setup = state.hands()[0].holdings;
        let total = setup.south + setup.north;
        let example: Vec<BySide<u32>> = (0..games)
            .map(|k| {
                let half = total / 2;
                let other = total - half;
                if k % 2 == 0 {
                    BySide::new(half, other)
                } else {
                    BySide::new(other, half)
                }
            })
            .take(3)
            .collect();
        let mut example = scores_text(&example).replace(", ", ",");
        if games > 3 {
            example.push_str(",...");
        }
        return Err(CorrectionError::GameCount {
            games,
            given: scores.len(),
            example: format!("--games {example}"),
        });
    }
    if let Some(closing) = state.closing {
        return Err(CorrectionError::ClosedMatch {
            how: match closing {
                Closing::Forfeit(_) => "a forfeit",
                Closing::Entered { .. } => "entered for the whole match",
                Closing::Void => "voided",
            },
        });
    }
    let hands = state.hands();
    for game in 1..=games {
        match hands.get(game as usize - 1).and_then(|h| h.end) {
            Some(HandEnd::Entered) => {}
            Some(HandEnd::Game(_)) => return Err(CorrectionError::PlayedGame { game }),
            None => return Err(CorrectionError::GameWithoutResult { game }),
        }
    }
    if hands
        .iter()
        .map(|h| h.score)
        .eq(scores.iter().copied().map(Some))
    {
        return Err(CorrectionError::SameGames(scores_text(scores)));
    }
    let mut corrected = MatchState::new(spec.clone());
    for ((game, hand), &score) in (1..).zip(hands).zip(scores) {
        let total = u64::from(hand.holdings.south) + u64::from(hand.holdings.north);
        let sum = u64::from(score.south) + u64::from(score.north);
        if sum != total {
            return Err(CorrectionError::GameSeeds {
                game,
                south: score.south,
                north: score.north,
                sum,
                variant: spec.variant.clone(),
                total,
            });
        }
        let mut own = hand_events(hand);
        own.pop(); // the entered result, replaced below
        own.push(Event::Result(score));
        for event in &own {
            corrected
                .apply(event)
                .map_err(|error| CorrectionError::GameScore { game, error })?;
        }
    }
    Ok(corrected)
}

/// `state` with hand `hand`'s entered result replaced by `score`. Only an entered
/// hand is corrected this way (`match result`; a played hand's score follows from its
/// moves). The hands after it must come out the same (a `games:N` match's games are
/// independent; in a multi-hand match the next hand is set up from this one's score),
/// except a next hand of an unfinished match in which nothing was done yet: it is set
/// up again from the corrected score (or is no more, if the correction ends the
/// match). A finished match must still be over.
pub fn with_hand_score(
    state: &MatchState,
    hand: u32,
    score: BySide<u32>,
) -> Result<MatchState, CorrectionError> {
    if let Some(closing) = state.closing {
        return Err(CorrectionError::ClosedMatch {
            how: match closing {
                Closing::Forfeit(_) => "a forfeit",
                Closing::Entered { .. } => "entered for the whole match",
                Closing::Void => "voided",
            },
        });
    }
    let hands = state.hands();
    let count = hands.len() as u32;
    let Some(target) = hand.checked_sub(1).and_then(|i| hands.get(i as usize)) else {
        return Err(CorrectionError::NoSuchHand { hand, hands: count });
    };
    match target.end {
        Some(HandEnd::Entered) => {}
        Some(HandEnd::Game(_)) => return Err(CorrectionError::PlayedHand { hand }),
        None if !target.moves.is_empty()
            || target.arrangement.south.is_some()
            || target.arrangement.north.is_some() =>
        {
            return Err(CorrectionError::HandInPlay { hand });
        }
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
        let untouched = !state.is_over() && later.number == count && hand_events(later).is_empty();
        if untouched {
            break;
        }
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
    if state.is_over() && !corrected.is_over() {
        return Err(CorrectionError::WouldReopen {
            hand,
            south: score.south,
            north: score.north,
        });
    }
    Ok(corrected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Side, Variant};
    use crate::matches::{Absent, MatchForm, MatchOutcome, MatchSpec};

    /// A Tihbat single game (28 seeds in play), its hand entered as `score`.
    fn entered(score: Option<BySide<u32>>) -> MatchState {
        let v = Variant::preset("tihbat").unwrap();
        let spec = MatchSpec::new(&v, MatchForm::Single, None, Side::South).unwrap();
        let mut state = MatchState::new(spec);
        if let Some(score) = score {
            state.apply(&Event::Result(score)).unwrap();
        }
        state
    }

    #[test]
    fn the_latest_whole_match_correction_stands_else_the_own_closing() {
        let entered = Closing::Entered {
            outcome: MatchOutcome::Winner(Side::South),
            seeds: Some(BySide::new(16, 12)),
        };
        let forfeit = Closing::Forfeit(Absent::North);
        // No correction: the match's own closing stands (or nothing does).
        assert_eq!(standing_closing(Some(entered), []), Some(entered));
        assert_eq!(standing_closing::<Closing>(None, []), None);
        // A whole-match correction replaces it, or closes a match that had none.
        assert_eq!(
            standing_closing(Some(entered), [Some(Closing::Void)]),
            Some(Closing::Void)
        );
        assert_eq!(standing_closing(None, [Some(forfeit)]), Some(forfeit));
        // Two corrections: the latest stands.
        assert_eq!(
            standing_closing(Some(entered), [Some(Closing::Void), Some(forfeit)]),
            Some(forfeit)
        );
        // Score corrections replace no whole result: ignored, before and after.
        assert_eq!(standing_closing(Some(entered), [None, None]), Some(entered));
        assert_eq!(standing_closing::<Closing>(None, [None]), None);
        assert_eq!(
            standing_closing(Some(entered), [None, Some(forfeit), None]),
            Some(forfeit)
        );
    }

    #[test]
    fn corrections_in_order_give_each_hands_latest_score_and_the_whole_results() {
        let kinds = [
            CorrectionKind::Score {
                hand: 1,
                score: BySide::new(16, 12),
            },
            CorrectionKind::Void,
            CorrectionKind::Score {
                hand: 2,
                score: BySide::new(20, 8),
            },
            CorrectionKind::Score {
                hand: 1,
                score: BySide::new(14, 14),
            },
            CorrectionKind::Absent {
                absent: Absent::North,
            },
        ];
        let scores = corrected_scores(&kinds);
        assert_eq!(scores.len(), 2);
        assert_eq!(scores[&1], BySide::new(14, 14));
        assert_eq!(scores[&2], BySide::new(20, 8));
        assert_eq!(
            corrected_closings(&kinds).collect::<Vec<_>>(),
            [Closing::Void, Closing::Forfeit(Absent::North)]
        );
        let names: Vec<_> = kinds.iter().map(|k| k.name()).collect();
        assert_eq!(names, ["score", "void", "score", "score", "absent"]);
        let described: Vec<_> = kinds.iter().map(|k| k.describe()).collect();
        assert_eq!(
            described,
            [
                "hand 1 to 16-12",
                "the match to void (annulled)",
                "hand 2 to 20-8",
                "hand 1 to 14-14",
                "the match to a forfeit, north absent",
            ]
        );
        let whole = CorrectionKind::Match {
            decision: MatchOutcome::Winner(Side::North),
            seeds: Some(BySide::new(12, 16)),
        };
        assert_eq!(whole.describe(), "the whole match to 0-1 (12-16)");
        let both = CorrectionKind::Absent {
            absent: Absent::Both,
        };
        assert_eq!(
            both.describe(),
            "the match to a double forfeit (both absent)"
        );
    }

    #[test]
    fn a_correction_applies_as_its_hands_score_or_its_closing() {
        let state = entered(Some(BySide::new(16, 12)));
        let score = CorrectionKind::Score {
            hand: 1,
            score: BySide::new(12, 16),
        };
        let corrected = apply(&state, &score).unwrap();
        assert_eq!(corrected.hands()[0].score, Some(BySide::new(12, 16)));
        assert_eq!(corrected.outcome(), Some(MatchOutcome::Winner(Side::North)));
        assert_eq!(corrected.closing(), None);
        let whole = CorrectionKind::Match {
            decision: MatchOutcome::Draw,
            seeds: Some(BySide::new(14, 14)),
        };
        let corrected = apply(&state, &whole).unwrap();
        assert_eq!(corrected.closing(), whole.closing());
        assert_eq!(corrected.hands(), state.hands());
        assert_eq!(
            apply(&corrected, &CorrectionKind::Void).unwrap().closing(),
            Some(Closing::Void)
        );
        assert_eq!(
            apply(
                &state,
                &CorrectionKind::Score {
                    hand: 2,
                    score: BySide::new(12, 16)
                }
            )
            .unwrap_err(),
            CorrectionError::NoSuchHand { hand: 2, hands: 1 }
        );
    }

    #[test]
    fn a_whole_match_correction_replaces_a_finished_result_and_keeps_the_hands() {
        let state = entered(Some(BySide::new(16, 12)));
        assert_eq!(state.outcome(), Some(MatchOutcome::Winner(Side::South)));
        let closing = Closing::Entered {
            outcome: MatchOutcome::Winner(Side::North),
            seeds: Some(BySide::new(12, 16)),
        };
        let corrected = with_closing(&state, closing).unwrap();
        assert_eq!(corrected.outcome(), Some(MatchOutcome::Winner(Side::North)));
        assert_eq!(corrected.closing(), Some(closing));
        assert_eq!(corrected.hands(), state.hands());
        // The same result again is no correction; a whole result must add up and agree.
        assert_eq!(
            with_closing(&corrected, closing).unwrap_err(),
            CorrectionError::SameResult("'north' with seeds 12-16".into())
        );
        let same_as_hands = Closing::Entered {
            outcome: MatchOutcome::Winner(Side::South),
            seeds: None,
        };
        assert!(matches!(
            with_closing(&state, same_as_hands),
            Err(CorrectionError::SameResult(_))
        ));
        // Seeds that do not add up to the 28 in play; a draw with unequal seeds.
        for (outcome, seeds) in [
            (MatchOutcome::Winner(Side::North), BySide::new(10, 10)),
            (MatchOutcome::Draw, BySide::new(16, 12)),
        ] {
            let bad = Closing::Entered {
                outcome,
                seeds: Some(seeds),
            };
            assert!(matches!(
                with_closing(&state, bad),
                Err(CorrectionError::Match(MatchError::Result(_)))
            ));
        }
    }

    #[test]
    fn an_unfinished_match_is_corrected_to_a_forfeit_or_void_and_then_is_over() {
        let state = entered(None);
        let forfeit = with_closing(&state, Closing::Forfeit(Absent::South)).unwrap();
        assert_eq!(forfeit.outcome(), Some(MatchOutcome::Winner(Side::North)));
        assert!(forfeit.is_over());
        let void = with_closing(&forfeit, Closing::Void).unwrap();
        assert_eq!(void.outcome(), Some(MatchOutcome::Draw));
        assert_eq!(void.closing(), Some(Closing::Void));
        assert_eq!(
            void.closing().and_then(Closing::unplayed),
            Some(Absent::Both)
        );
        // A result no longer taken from the hands: a hand's score cannot change it.
        assert_eq!(
            with_hand_score(&void, 1, BySide::new(14, 14)).unwrap_err(),
            CorrectionError::ClosedMatch { how: "voided" }
        );
        let finished_then_forfeited = with_closing(
            &entered(Some(BySide::new(16, 12))),
            Closing::Forfeit(Absent::North),
        )
        .unwrap();
        assert_eq!(
            with_hand_score(&finished_then_forfeited, 1, BySide::new(12, 16)).unwrap_err(),
            CorrectionError::ClosedMatch { how: "a forfeit" }
        );
    }

    /// A Tihbat `games:2` match (28 seeds a game), its games entered as `scores`.
    fn two_games(scores: &[BySide<u32>]) -> MatchState {
        let v = Variant::preset("tihbat").unwrap();
        let spec = MatchSpec::new(&v, MatchForm::Games(2), None, Side::South).unwrap();
        let mut state = MatchState::new(spec);
        for &score in scores {
            state.apply(&Event::Result(score)).unwrap();
        }
        state
    }

    #[test]
    fn a_games_correction_replaces_every_game_at_once() {
        let state = two_games(&[BySide::new(20, 8), BySide::new(20, 8)]);
        assert_eq!(state.outcome(), Some(MatchOutcome::Winner(Side::South)));
        let kind = CorrectionKind::Games {
            scores: vec![BySide::new(6, 22), BySide::new(22, 6)],
        };
        let corrected = apply(&state, &kind).unwrap();
        // One game each, 6 + 22 = 28 seeds each: a draw, the result follows the games.
        assert_eq!(corrected.outcome(), Some(MatchOutcome::Draw));
        assert_eq!(corrected.counted_seeds(), Some(BySide::new(28, 28)));
        assert_eq!(corrected.closing(), None);
        let scores: Vec<_> = corrected.hands().iter().map(|h| h.score).collect();
        assert_eq!(scores, [Some(BySide::new(6, 22)), Some(BySide::new(22, 6))]);
        assert_eq!(kind.name(), "games");
        assert_eq!(kind.describe(), "the games to 6-22, 22-6");
        assert_eq!(kind.closing(), None);
        // The replay reads each game's score from the latest correction naming it.
        let later = CorrectionKind::Score {
            hand: 2,
            score: BySide::new(14, 14),
        };
        let scores = corrected_scores([&kind, &later]);
        assert_eq!(scores[&1], BySide::new(6, 22));
        assert_eq!(scores[&2], BySide::new(14, 14));
        assert_eq!(corrected_scores([&later, &kind])[&2], BySide::new(22, 6));
    }

    #[test]
    fn a_games_correction_is_refused_unless_it_fits_the_match() {
        let state = two_games(&[BySide::new(20, 8), BySide::new(20, 8)]);
        let refused = |state: &MatchState, scores: &[BySide<u32>]| {
            with_game_scores(state, scores).unwrap_err()
        };
        assert!(matches!(
            refused(&state, &[BySide::new(14, 14)]),
            CorrectionError::GameCount {
                games: 2,
                given: 1,
                ..
            }
        ));
        assert_eq!(
            refused(&state, &[BySide::new(14, 14), BySide::new(14, 15)]),
            CorrectionError::GameSeeds {
                game: 2,
                south: 14,
                north: 15,
                sum: 29,
                variant: "tihbat".into(),
                total: 28
            }
        );
        assert!(matches!(
            refused(&state, &[BySide::new(20, 8), BySide::new(20, 8)]),
            CorrectionError::SameGames(_)
        ));
        // Game 2 without a result; a single game; a forfeited match; played games.
        assert_eq!(
            refused(&two_games(&[BySide::new(20, 8)]), &[BySide::new(14, 14); 2]),
            CorrectionError::GameWithoutResult { game: 2 }
        );
        assert!(matches!(
            with_game_scores(&entered(Some(BySide::new(16, 12))), &[BySide::new(14, 14)]),
            Err(CorrectionError::NotGames { .. })
        ));
        let forfeited = with_closing(&two_games(&[]), Closing::Forfeit(Absent::North)).unwrap();
        assert_eq!(
            refused(&forfeited, &[BySide::new(14, 14); 2]),
            CorrectionError::ClosedMatch { how: "a forfeit" }
        );
        let mut played = two_games(&[]);
        let random = Some(crate::ai::Level::Random);
        played.play_engines(BySide::new(random, random), 5);
        assert!(played.is_over());
        assert_eq!(
            refused(&played, &[BySide::new(14, 14); 2]),
            CorrectionError::PlayedGame { game: 1 }
        );
    }
}
