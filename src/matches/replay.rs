//! A match hand by hand, position by position: what a replay steps through (the
//! match page of `goobalay serve`).

use serde::Serialize;

use super::{Hand, MatchState, PlayedMove};
use crate::engine::trace::TraceLine;
use crate::engine::{BySide, Move, Side};

/// One hand: how it was set up, then every position of its game.
#[derive(Clone, Debug, Serialize)]
pub struct HandReplay {
    pub number: u32,
    pub first_mover: Side,
    /// Seeds each player brought into the hand.
    pub holdings: BySide<u32>,
    /// Of those, seeds kept in hand at the rearrangement (the positions count them as
    /// captured, RULES.md §9).
    pub kept: BySide<u32>,
    /// Each player's row as arranged (own left to right); `None`: the ordinary setup.
    pub arrangement: BySide<Option<Vec<u16>>>,
    /// How the hand ended (`no-moves`, `all-captured`, `repetition`, `result`);
    /// `None` while it is played.
    pub end: Option<&'static str>,
    pub score: Option<BySide<u32>>,
    /// The hand's first position, then the position after each move (empty: the hand
    /// was not set up, e.g. a result entered without moves).
    pub steps: Vec<ReplayStep>,
}

/// A position of a hand and the move that led to it (`None` for the first).
#[derive(Clone, Debug, Serialize)]
pub struct ReplayStep {
    pub played: Option<StepMove>,
    pub position: TraceLine,
}

/// A move as the replay describes it.
#[derive(Clone, Debug, Serialize)]
pub struct StepMove {
    pub player: Side,
    /// The hole number in the mover's row, or `pass`.
    #[serde(rename = "move")]
    pub notation: String,
    pub pass: bool,
    pub captured: u32,
    pub captured_from_opponent_row: u32,
    pub uurs_made: bool,
    /// Times the sowing went round (more than 1: it relayed), as [`Self::text`] says it.
    pub laps: u32,
    /// In words: "captures 7 (5 from the opponent's row)", "makes two Uurs", ...
    pub text: String,
}

impl MatchState {
    /// Every hand of the match, each with its positions move by move.
    pub(crate) fn replay_hands(&self) -> Vec<HandReplay> {
        self.hands.iter().map(|h| self.replay_hand(h)).collect()
    }

    fn replay_hand(&self, hand: &Hand) -> HandReplay {
        let n = self.spec.rules.holes_per_row;
        let mut steps = Vec::new();
        if let Some(mut game) = self.hand_start(hand) {
            steps.push(ReplayStep {
                played: None,
                position: TraceLine::of_game(&game),
            });
            for &m in &hand.moves {
                let player = game.to_move();
                let Ok(effect) = game.play(m) else { break };
                let played = PlayedMove {
                    hand: hand.number,
                    player,
                    notation: m.notation(n),
                    pass: m == Move::PASS,
                    effect,
                };
                steps.push(ReplayStep {
                    played: Some(StepMove {
                        text: played.what_it_did(),
                        player,
                        notation: played.notation,
                        pass: played.pass,
                        captured: effect.captured,
                        captured_from_opponent_row: effect.captured_from_opponent_row,
                        uurs_made: effect.uurs_made,
                        laps: effect.laps,
                    }),
                    position: TraceLine::of_game(&game),
                });
            }
        }
        HandReplay {
            number: hand.number,
            first_mover: hand.first_mover,
            holdings: hand.holdings,
            kept: hand.kept,
            arrangement: hand.arrangement.clone(),
            end: hand.end.map(|e| e.name()),
            score: hand.score,
            steps,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;
    use crate::matches::{Event, MatchForm, MatchSpec};

    #[test]
    fn a_hand_replays_to_the_position_its_moves_left() {
        let v = Variant::preset("tihbat").unwrap();
        let spec = MatchSpec::new(&v, MatchForm::Single, None, Side::South).unwrap();
        let mut state = MatchState::new(spec);
        for text in ["2", "1", "2"] {
            let m = state.parse_move(text).unwrap();
            state.apply(&Event::Move(m)).unwrap();
        }
        let hands = state.replay_hands();
        assert_eq!(hands.len(), 1);
        let steps = &hands[0].steps;
        assert_eq!(steps.len(), 4, "the setup and three moves");
        assert!(steps[0].played.is_none());
        assert_eq!(steps[1].played.as_ref().unwrap().player, Side::South);
        assert_eq!(steps[2].played.as_ref().unwrap().player, Side::North);
        let last = TraceLine::of_game(&state.hand_game(1).unwrap());
        assert_eq!(steps[3].position, last);
        assert_ne!(steps[0].position, last);
    }
}
