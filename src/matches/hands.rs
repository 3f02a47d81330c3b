//! One hand of a match (`Hand`), its events and the moves played in it: per hand, not per match.

use super::{Event, LastMove, MatchError, MatchState, PlayedMove};
use crate::engine::{BySide, EndReason, Game, Move, Setup, Side};

/// Why a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandEnd {
    /// The game ended on the board.
    Game(EndReason),
    /// The scores were entered (a hand played off-line).
    Entered,
}

impl HandEnd {
    /// `no-moves`, `all-captured`, `repetition` or `result`.
    pub fn name(self) -> &'static str {
        match self {
            HandEnd::Game(e) => e.name(),
            HandEnd::Entered => "result",
        }
    }

    pub fn parse(text: &str) -> Option<HandEnd> {
        Some(match text {
            "no-moves" => HandEnd::Game(EndReason::NoMoves),
            "all-captured" => HandEnd::Game(EndReason::AllCaptured),
            "repetition" => HandEnd::Game(EndReason::Repetition),
            "result" => HandEnd::Entered,
            _ => return None,
        })
    }
}

/// One hand (game) of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// 1, 2, ...
    pub number: u32,
    pub first_mover: Side,
    /// Seeds each player brought into the hand.
    pub holdings: BySide<u32>,
    /// Of those, seeds held in hand (counted as captured) after the rearrangement.
    pub kept: BySide<u32>,
    /// Each player's row when the hand was set up by rearrangement (own left to
    /// right); `None` for the ordinary setup or while not (yet) given.
    pub arrangement: BySide<Option<Vec<u16>>>,
    /// Who arranged first (`None`: the hand started from the ordinary setup).
    pub first_arranger: Option<Side>,
    pub moves: Vec<Move>,
    /// `None` while the hand is being played.
    pub end: Option<HandEnd>,
    /// Final scores (what each player carries out of the hand), once ended.
    pub score: Option<BySide<u32>>,
}

impl Hand {
    /// The winner of the hand by score; `None` for a draw or an unfinished hand.
    pub fn winner(&self) -> Option<Side> {
        let s = self.score?;
        match s.south.cmp(&s.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The moves in notation, space separated.
    pub fn moves_text(&self, holes_per_row: u8) -> String {
        use std::fmt::Write;
        // Written in place: a tournament run stores about 100,000 moves.
        let mut text = String::with_capacity(self.moves.len() * 3);
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            match m.hole() {
                None => text.push_str("pass"),
                Some(h) => {
                    let number = h % usize::from(holes_per_row) + 1;
                    if number < 10 {
                        text.push(char::from(b'0' + number as u8));
                    } else {
                        write!(text, "{number}").expect("writing to a String");
                    }
                }
            }
        }
        text
    }
}

impl MatchState {
    /// What the last `count` moves did, oldest first (across hands): who played what,
    /// what it captured, whether it made Uurs.
    pub fn recent_moves(&self, count: usize) -> Vec<PlayedMove> {
        let mut out: Vec<PlayedMove> = Vec::new();
        for hand in self.hands.iter().rev() {
            if out.len() >= count {
                break;
            }
            if hand.moves.is_empty() {
                continue;
            }
            let Some(mut game) = self.hand_start(hand) else {
                break;
            };
            let mut these = Vec::with_capacity(hand.moves.len());
            for &m in &hand.moves {
                let player = game.to_move();
                let Ok(effect) = game.play(m) else { break };
                these.push(PlayedMove {
                    hand: hand.number,
                    player,
                    notation: m.notation(self.spec.rules.holes_per_row),
                    pass: m == Move::PASS,
                    effect,
                });
            }
            these.extend(out);
            out = these;
        }
        let skip = out.len().saturating_sub(count);
        out.split_off(skip)
    }

    /// A hand's game at its first position (`None`: not set up).
    pub(super) fn hand_start(&self, hand: &Hand) -> Option<Game> {
        match (
            hand.first_arranger,
            &hand.arrangement.south,
            &hand.arrangement.north,
        ) {
            (None, _, _) => Some(Game::new(self.spec.rules, hand.first_mover)),
            (Some(_), Some(s), Some(n)) => {
                let setup = Setup {
                    board: s.iter().chain(n).map(|&x| x as i64).collect(),
                    to_move: Some(hand.first_mover),
                    captured: Some([hand.kept.south as i64, hand.kept.north as i64]),
                    ..Setup::default()
                };
                Game::from_setup(&setup, self.spec.rules).ok()
            }
            _ => None,
        }
    }

    /// Hand `number`'s game at its first position, before any move (`None`: as for
    /// [`MatchState::hand_game`]).
    pub(crate) fn hand_start_game(&self, number: u32) -> Option<Game> {
        let hand = self.hands.get(number.checked_sub(1)? as usize)?;
        self.hand_start(hand)
    }

    /// Hand `number`'s game as its moves left it (its final position once it ended by
    /// play); `None` for a hand that was not set up (entered as a result, awaiting its
    /// arrangement, or never begun).
    pub fn hand_game(&self, number: u32) -> Option<Game> {
        let hand = self.hands.get(number.checked_sub(1)? as usize)?;
        let mut game = self.hand_start(hand)?;
        for m in &hand.moves {
            game.play(*m).ok()?;
        }
        Some(game)
    }

    /// The sides that have played in the match: moved in a hand (players alternate, a
    /// pass included) or given their row for one. Scores entered for a hand, or a
    /// result for the whole match, are nobody's play: see
    /// [`MatchState::has_entered_result`].
    pub(crate) fn sides_that_played(&self) -> BySide<bool> {
        let mut played = BySide::new(false, false);
        for hand in &self.hands {
            for side in [Side::South, Side::North] {
                if hand.arrangement[side].is_some() {
                    played[side] = true;
                }
            }
            if let Some(first) = hand.moves.first().map(|_| hand.first_mover) {
                played[first] = true;
            }
            if hand.moves.len() > 1 {
                played[!hand.first_mover] = true;
            }
        }
        played
    }

    /// Whether a result was entered by hand: a hand's scores, or a forfeit or the
    /// whole match's result.
    pub fn has_entered_result(&self) -> bool {
        self.closing.is_some() || self.hands.iter().any(|h| h.end == Some(HandEnd::Entered))
    }

    /// Whether everything in the match so far was engines' play: nothing entered by
    /// hand, and every side that moved or arranged is an engine (`engines`). Such play
    /// is voided, not refused, when its round is taken back.
    pub fn is_engine_play_only(&self, engines: BySide<bool>) -> bool {
        let played = self.sides_that_played();
        !self.has_entered_result()
            && (!played.south || engines.south)
            && (!played.north || engines.north)
    }

    /// The last move made, in whichever hand (players alternate, a pass included).
    pub fn last_move(&self) -> Option<LastMove> {
        let hand = self.hands.iter().rev().find(|h| !h.moves.is_empty())?;
        let i = hand.moves.len() - 1;
        Some(LastMove {
            hand: hand.number,
            player: if i % 2 == 0 {
                hand.first_mover
            } else {
                !hand.first_mover
            },
            notation: hand.moves[i].notation(self.spec.rules.holes_per_row),
        })
    }
}

/// The events of one hand in replay order: arrangements (first arranger first),
/// moves, then an entered result.
pub(crate) fn hand_events(hand: &Hand) -> Vec<Event> {
    let mut out = Vec::new();
    if let Some(first) = hand.first_arranger {
        for side in [first, !first] {
            if let Some(row) = &hand.arrangement[side] {
                out.push(Event::Arrange {
                    side,
                    row: row.clone(),
                });
            }
        }
    }
    out.extend(hand.moves.iter().map(|&m| Event::Move(m)));
    if hand.end == Some(HandEnd::Entered) {
        out.push(Event::Result(hand.score.expect("entered hand has a score")));
    }
    out
}

/// Parses `3,1,1,1,2,4` (commas and/or spaces).
pub fn parse_row(text: &str) -> Result<Vec<u16>, MatchError> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u16>().map_err(|_| {
                MatchError::Arrangement(format!(
                    "'{}' is not a seed count; an arrangement is seed counts per hole, e.g. 3,1,1,1,2,4",
                    crate::names::excerpt(s)
                ))
            })
        })
        .collect()
}

pub(super) fn ordinary_hand(number: u32, game: &Game) -> Hand {
    let pos = game.position();
    Hand {
        number,
        first_mover: pos.to_move(),
        holdings: BySide::new(pos.row_total(Side::South), pos.row_total(Side::North)),
        kept: BySide::new(0, 0),
        arrangement: BySide::default(),
        first_arranger: None,
        moves: Vec::new(),
        end: None,
        score: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;
    use crate::matches::{MatchForm, MatchSpec};

    fn tihbat_after(moves: &[&str]) -> MatchState {
        let v = Variant::preset("tihbat").unwrap();
        let spec = MatchSpec::new(&v, MatchForm::Single, None, Side::South).unwrap();
        let mut state = MatchState::new(spec);
        for text in moves {
            let m = state.parse_move(text).unwrap();
            state.apply(&Event::Move(m)).unwrap();
        }
        state
    }

    #[test]
    fn the_sides_that_played_are_the_movers_in_turn() {
        assert_eq!(
            tihbat_after(&[]).sides_that_played(),
            BySide::new(false, false)
        );
        assert_eq!(
            tihbat_after(&["2"]).sides_that_played(),
            BySide::new(true, false)
        );
        assert_eq!(
            tihbat_after(&["2", "1"]).sides_that_played(),
            BySide::new(true, true)
        );
    }

    #[test]
    fn only_an_engines_moves_are_engine_play() {
        let engine_south = BySide::new(true, false);
        let south_moved = tihbat_after(&["2"]);
        assert!(south_moved.is_engine_play_only(engine_south));
        assert!(!south_moved.is_engine_play_only(BySide::new(false, true)));
        assert!(!tihbat_after(&["2", "1"]).is_engine_play_only(engine_south));
        assert!(tihbat_after(&["2", "1"]).is_engine_play_only(BySide::new(true, true)));
        assert!(tihbat_after(&[]).is_engine_play_only(BySide::new(false, false)));
    }

    #[test]
    fn an_entered_result_is_never_engine_play() {
        let mut state = tihbat_after(&[]);
        state.apply(&Event::Result(BySide::new(28, 0))).unwrap();
        assert!(state.has_entered_result());
        assert_eq!(state.sides_that_played(), BySide::new(false, false));
        assert!(!state.is_engine_play_only(BySide::new(true, true)));
    }
}
