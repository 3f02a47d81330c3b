//! Matches: the multi-hand match of RULES.md §3 (seeds carried from hand to hand,
//! rearrangement, the fewer-than-a-row rule), and the `single` and `games:N` forms.
//!
//! A match is a state machine rebuilt from a list of [`Event`]s (moves, arrangements,
//! hand results entered off-line): the store persists the events and replays them, and
//! [`play_engine_match`] drives the same machine in memory. No I/O here.
//!
//! ```
//! use goobalay::ai::Level;
//! use goobalay::engine::{BySide, Side, Variant};
//! use goobalay::matches::{MatchForm, MatchSpec, play_engine_match};
//!
//! let variant = Variant::preset("layli-goobalay").unwrap();
//! let spec = MatchSpec::new(&variant, MatchForm::Hands, None, Side::South)?;
//! let record = play_engine_match(spec, BySide::new(Level::Greedy, Level::Random), 7);
//! assert!(record.outcome.is_some());
//! assert_eq!(record.hands[0].holdings, BySide::new(24, 24));
//! # Ok::<(), goobalay::matches::MatchError>(())
//! ```

mod closing;
pub(crate) mod correction;
mod engines;
mod error;
mod events;
mod hands;
mod progress;
pub(crate) mod replay;
mod result_summary;
mod spec;
mod state;
mod status;

pub use closing::{Closing, EnteredResultError};
pub use correction::{CorrectionError, CorrectionKind, scores_text, with_closing, with_hand_score};
pub(crate) use engines::decision_seed;
pub use engines::{MatchRecord, arena_match, arena_matches, play_engine_match};
pub use error::{MatchError, ResultRefusal};
pub use events::{Absent, Awaiting, Event, MatchOutcome};
pub(crate) use hands::hand_events;
pub use hands::{Hand, HandEnd, parse_row};
pub use replay::{HandReplay, StepMove};
pub use result_summary::{ResultSummary, StoredSeeds};
pub use spec::{MatchForm, MatchSpec};
pub use state::MatchState;
pub use status::{AwaitingJson, LastMove, MatchInfo, MatchStatus, PlayedMove};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::engine::{BySide, HandOpener, Move, Side, Variant};

    /// A Layli Goobalay hands match under `opener` whose hand 1 ended 18-30 (South, the
    /// poorer, arranges first in hand 2).
    fn rearranged(opener: HandOpener) -> MatchState {
        let mut v = Variant::preset("layli-goobalay").unwrap();
        v.rules.hand_opener = opener;
        let spec = MatchSpec::new(&v, MatchForm::Hands, None, Side::South).unwrap();
        let mut m = MatchState::new(spec);
        m.apply(&Event::Result(BySide::new(18, 30))).unwrap();
        m
    }

    /// Both sides arrange 3 seeds in every hole, `first` first.
    fn arrange_both(m: &mut MatchState, first: Side) {
        for side in [first, !first] {
            m.apply(&Event::Arrange {
                side,
                row: vec![3; 6],
            })
            .unwrap();
        }
    }

    /// RULES.md §3 point 5 and its [option] (point 10): who opens a rearranged hand.
    #[test]
    fn the_rule_set_says_who_moves_first_in_a_rearranged_hand() {
        for (opener, expected) in [
            // Hand 1: South moved first and ends with 18 of 48, so South (the poorer)
            // arranges first in hand 2.
            (HandOpener::Arranger, Side::South),
            (HandOpener::Other, Side::North),
            (HandOpener::Alternate, Side::North),
        ] {
            let mut m = rearranged(opener);
            let hand = m.current_hand();
            assert_eq!(hand.first_arranger, Some(Side::South), "{opener:?}");
            assert_eq!(hand.first_mover, expected, "{opener:?}");
            arrange_both(&mut m, Side::South);
            assert_eq!(m.awaiting(), Awaiting::Move(expected), "{opener:?}");
        }
        // With Alternate, hand 3 goes back to South (North opened hand 2), whoever
        // arranges.
        let mut m = rearranged(HandOpener::Alternate);
        arrange_both(&mut m, Side::South);
        m.apply(&Event::Result(BySide::new(34, 14))).unwrap();
        assert_eq!(m.current_hand().first_arranger, Some(Side::North));
        assert_eq!(m.current_hand().first_mover, Side::South);
    }

    fn spec(form: MatchForm, max_hands: Option<u32>) -> MatchSpec {
        let v = Variant::preset("layli-goobalay").unwrap();
        MatchSpec::new(&v, form, max_hands, Side::South).unwrap()
    }

    #[test]
    fn moves_text_is_the_notation_of_each_move() {
        // 2x12 rows: two-digit hole numbers; indices of both rows; a pass.
        let moves = vec![
            Move::from_hole(0),
            Move::from_hole(8),
            Move::from_hole(9),
            Move::PASS,
            Move::from_hole(23),
            Move::from_hole(12),
        ];
        let hand = Hand {
            number: 1,
            first_mover: Side::South,
            holdings: BySide::new(0, 0),
            kept: BySide::new(0, 0),
            arrangement: BySide::new(None, None),
            first_arranger: None,
            moves: moves.clone(),
            end: None,
            score: None,
        };
        assert_eq!(hand.moves_text(12), "1 9 10 pass 12 1");
        let joined: Vec<String> = moves.iter().map(|m| m.notation(12)).collect();
        assert_eq!(hand.moves_text(12), joined.join(" "));
        assert_eq!(
            Hand {
                moves: Vec::new(),
                ..hand
            }
            .moves_text(6),
            ""
        );
    }

    #[test]
    fn forms_parse_and_refuse() {
        assert_eq!(MatchForm::parse("games:3").unwrap(), MatchForm::Games(3));
        assert_eq!(MatchForm::parse("Single").unwrap(), MatchForm::Single);
        for bad in ["games:0", "games:", "games:x", "best-of-3", ""] {
            assert!(MatchForm::parse(bad).is_err(), "{bad}");
        }
        let v = Variant::preset("modiar").unwrap();
        assert!(MatchSpec::new(&v, MatchForm::Single, Some(3), Side::South).is_err());
    }

    #[test]
    fn entered_results_carry_over_and_rearrange() {
        let mut m = MatchState::new(spec(MatchForm::Hands, None));
        assert_eq!(m.awaiting(), Awaiting::Move(Side::South));
        m.apply(&Event::Result(BySide::new(30, 18))).unwrap();
        // North is poorer: North arranges all 18, South places 18 and keeps 12.
        assert_eq!(m.awaiting(), Awaiting::Arrangement(Side::North));
        let hand = m.current_hand();
        assert_eq!((hand.number, hand.holdings), (2, BySide::new(30, 18)));
        assert_eq!(hand.kept, BySide::new(12, 0));
        assert_eq!(hand.first_mover, Side::North);
        // A wrong total, a zero and a short row are refused; nothing changes.
        for row in [vec![3, 3, 3, 3, 3, 4], vec![0, 3, 3, 3, 3, 6], vec![9, 9]] {
            let e = Event::Arrange {
                side: Side::North,
                row,
            };
            assert!(m.apply(&e).is_err());
        }
        let south_first = Event::Arrange {
            side: Side::South,
            row: vec![3; 6],
        };
        assert!(matches!(
            m.apply(&south_first),
            Err(MatchError::OutOfTurn { .. })
        ));
        assert_eq!(m.event_count(), 1);
        m.apply(&Event::Arrange {
            side: Side::North,
            row: vec![3, 1, 1, 1, 2, 10],
        })
        .unwrap();
        assert_eq!(m.awaiting(), Awaiting::Arrangement(Side::South));
        m.apply(&Event::Arrange {
            side: Side::South,
            row: vec![3; 6],
        })
        .unwrap();
        assert_eq!(m.awaiting(), Awaiting::Move(Side::North));
        let pos = m.game().unwrap().position();
        assert_eq!(pos.board(), &[3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 2, 10]);
        assert_eq!(pos.captured(), BySide::new(12, 0));
        // South ends with fewer than 6: North wins the match.
        m.apply(&Event::Result(BySide::new(5, 43))).unwrap_err();
        m.apply(&Event::Result(BySide::new(13, 35))).unwrap();
        m.apply(&Event::Result(BySide::new(43, 5))).unwrap_err();
        // Hand 3: South poorer (13), kept 22 for North.
        assert_eq!(m.current_hand().kept, BySide::new(0, 22));
        m.apply(&Event::Result(BySide::new(5, 43))).unwrap();
        assert_eq!(m.outcome(), Some(MatchOutcome::Winner(Side::North)));
        assert_eq!(m.awaiting(), Awaiting::None);
        assert!(matches!(
            m.apply(&Event::Result(BySide::new(24, 24))),
            Err(MatchError::Over(_))
        ));
        // The events rebuild the same match.
        let again = MatchState::replay(m.spec().clone(), m.events()).unwrap();
        assert_eq!(again.hands(), m.hands());
        assert_eq!(again.outcome(), m.outcome());
    }

    #[test]
    fn equal_holdings_the_previous_second_mover_arranges_first() {
        let mut m = MatchState::new(spec(MatchForm::Hands, None));
        m.apply(&Event::Result(BySide::new(24, 24))).unwrap();
        assert_eq!(m.awaiting(), Awaiting::Arrangement(Side::North));
        assert_eq!(m.current_hand().kept, BySide::new(0, 0));
    }

    #[test]
    fn max_hands_more_seeds_wins_equal_draws() {
        let mut m = MatchState::new(spec(MatchForm::Hands, Some(1)));
        m.apply(&Event::Result(BySide::new(25, 23))).unwrap();
        assert_eq!(m.outcome(), Some(MatchOutcome::Winner(Side::South)));
        let mut m = MatchState::new(spec(MatchForm::Hands, Some(1)));
        m.apply(&Event::Result(BySide::new(24, 24))).unwrap();
        assert_eq!(m.outcome(), Some(MatchOutcome::Draw));
    }

    #[test]
    fn games_form_alternates_and_counts_wins_then_seeds() {
        let mut m = MatchState::new(spec(MatchForm::Games(3), None));
        assert_eq!(m.awaiting(), Awaiting::Move(Side::South));
        m.apply(&Event::Result(BySide::new(34, 14))).unwrap();
        assert_eq!(m.awaiting(), Awaiting::Move(Side::North));
        assert_eq!(m.current_hand().holdings, BySide::new(24, 24));
        m.apply(&Event::Result(BySide::new(20, 28))).unwrap();
        assert_eq!(m.awaiting(), Awaiting::Move(Side::South));
        m.apply(&Event::Result(BySide::new(24, 24))).unwrap();
        // One win each, one draw: seeds 84 to 60, South.
        assert_eq!(m.outcome(), Some(MatchOutcome::Winner(Side::South)));
    }

    /// The seeds a result counts: a `games:N` match adds its games' scores up, a hands
    /// match takes its last hand's (its hands' seeds carry over), a `single` its game's.
    #[test]
    fn counted_seeds_are_the_games_sum_or_the_last_hands_score() {
        let mut games = MatchState::new(spec(MatchForm::Games(2), None));
        assert_eq!(games.counted_seeds(), Some(BySide::new(0, 0)));
        games.apply(&Event::Result(BySide::new(30, 18))).unwrap();
        assert_eq!(games.counted_seeds(), Some(BySide::new(30, 18)));
        games.apply(&Event::Result(BySide::new(20, 28))).unwrap();
        assert!(games.is_over());
        assert_eq!(games.counted_seeds(), Some(BySide::new(50, 46)));

        let mut hands = MatchState::new(spec(MatchForm::Hands, None));
        assert_eq!(hands.counted_seeds(), None);
        hands.apply(&Event::Result(BySide::new(30, 18))).unwrap();
        assert_eq!(hands.counted_seeds(), Some(BySide::new(30, 18)));
        hands.apply(&Event::Result(BySide::new(13, 35))).unwrap();
        assert_eq!(hands.counted_seeds(), Some(BySide::new(13, 35)));
        // Hand 3 set up and not yet ended: the last scored hand's still counts.
        assert_eq!(hands.current_hand().number, 3);
        assert_eq!(hands.counted_seeds(), Some(BySide::new(13, 35)));

        let mut single = MatchState::new(spec(MatchForm::Single, None));
        assert_eq!(single.counted_seeds(), Some(BySide::new(0, 0)));
        single.apply(&Event::Result(BySide::new(25, 23))).unwrap();
        assert_eq!(single.counted_seeds(), Some(BySide::new(25, 23)));
    }

    #[test]
    fn engine_matches_are_reproducible_and_conserve_seeds() {
        let levels = BySide::new(Level::Greedy, Level::Random);
        let a = play_engine_match(spec(MatchForm::Hands, None), levels, 11);
        let b = play_engine_match(spec(MatchForm::Hands, None), levels, 11);
        assert_eq!(a.hands, b.hands);
        assert!(a.outcome.is_some());
        for h in &a.hands {
            let s = h.score.unwrap();
            assert_eq!(s.south + s.north, 48);
            assert_eq!(
                h.kept.south + h.kept.north,
                h.holdings.south.abs_diff(h.holdings.north)
            );
        }
        // Interrupting after every event and resuming from the events gives the same.
        let engines = levels.map(Some);
        let mut m = MatchState::new(spec(MatchForm::Hands, None));
        while !m.is_over() {
            let side = m.awaiting().side().unwrap();
            let mut only = BySide::new(None, None);
            only[side] = engines[side];
            let made = m.play_engines(only, 11);
            assert!(!made.is_empty());
            m = MatchState::replay(m.spec().clone(), m.events()).unwrap();
        }
        assert_eq!(m.hands(), &a.hands[..]);
    }

    #[test]
    fn arena_of_matches_is_reproducible_and_each_game_is_a_whole_match() {
        let spec = spec(MatchForm::Hands, None);
        let one = arena_matches(&spec, Level::Greedy, Level::Random, 4, 9, 1);
        let two = arena_matches(&spec, Level::Greedy, Level::Random, 4, 9, 2);
        let key = |r: &crate::ai::arena::ArenaResult| {
            r.games
                .iter()
                .map(|g| (g.a_side, g.score_a, g.score_b, g.points_a, g.hands, g.plies))
                .collect::<Vec<_>>()
        };
        assert_eq!(key(&one), key(&two), "same seed, same matches, any jobs");
        assert_eq!(one.wins + one.draws + one.losses, 4);
        assert_ne!(
            key(&one),
            key(&arena_matches(
                &spec,
                Level::Greedy,
                Level::Random,
                4,
                10,
                1
            ))
        );
        for (i, g) in one.games.iter().enumerate() {
            let a_side = if i % 2 == 0 { Side::South } else { Side::North };
            assert_eq!(g.a_side, a_side);
            // Game i is the match an engine match with the derived seed plays.
            let mut levels = BySide::new(Level::Random, Level::Random);
            levels[a_side] = Level::Greedy;
            let record = play_engine_match(
                spec.clone(),
                levels,
                crate::ai::arena::mix(9, i as u64, 0x3A7C),
            );
            assert_eq!(g.hands, record.hands.len() as u32);
            let last = record.hands.last().unwrap().score.unwrap();
            assert_eq!((g.score_a, g.score_b), (last[a_side], last[!a_side]));
            // A hands match ends when a player holds fewer than a row's holes.
            assert!(g.score_a.min(g.score_b) < 6);
            let won = record.outcome == Some(MatchOutcome::Winner(a_side));
            assert_eq!(g.points_a == 1.0, won);
        }
    }
}
