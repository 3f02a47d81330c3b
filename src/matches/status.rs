//! What a match shows (`match state`'s JSON, the last moves): views of the state, not the state.

use serde::Serialize;

use super::{Absent, Closing, HandEnd, MatchOutcome, MatchState};
use crate::engine::trace::{TraceLine, TraceResult};
use crate::engine::{BySide, Side};

impl MatchState {
    /// The match status (RULES.md §9 position + the `match` object of `match state`).
    pub fn status(&self, id: i64) -> MatchStatus {
        let hand = self.current_hand();
        let position = match &self.game {
            Some(g) => TraceLine::of_game(g),
            None => {
                let n = self.spec.rules.holes_per_row as usize;
                let mut board = vec![0u16; 2 * n];
                for side in Side::BOTH {
                    if let Some(row) = &hand.arrangement[side] {
                        board[side.index() * n..(side.index() + 1) * n].copy_from_slice(row);
                    }
                }
                // A hand entered as a result without being set up: shown as over.
                let result = hand.score.map(|score| TraceResult {
                    score,
                    winner: hand.winner().map_or("draw", Side::name).to_string(),
                    end: HandEnd::Entered.name().to_string(),
                });
                TraceLine {
                    ply: 0,
                    to_move: hand.first_mover,
                    board,
                    uur: vec![None; 2 * n],
                    captured: hand.kept,
                    legal: Vec::new(),
                    over: result.is_some(),
                    result,
                }
            }
        };
        let mut position = position;
        if hand.end == Some(HandEnd::Entered) {
            position.over = true;
            position.legal.clear();
            position.result = hand.score.map(|score| TraceResult {
                score,
                winner: hand.winner().map_or("draw", Side::name).to_string(),
                end: HandEnd::Entered.name().to_string(),
            });
        }
        if self.closing.is_some() {
            // Forfeited or decided off the system: nothing more is played here.
            position.over = true;
            position.legal.clear();
        }
        let awaiting = self.awaiting();
        MatchStatus {
            position,
            r#match: MatchInfo {
                id,
                variant: self.spec.variant.clone(),
                hand: hand.number,
                last_move: self.last_move(),
                holdings: hand.holdings,
                kept: hand.kept,
                awaiting: AwaitingJson {
                    kind: awaiting.kind(),
                    player: awaiting.side(),
                },
                winner: match self.closing {
                    Some(Closing::Forfeit(Absent::Both) | Closing::Void) => None,
                    _ => self.outcome.map(MatchOutcome::name),
                },
                absent: match self.closing {
                    Some(Closing::Forfeit(absent)) => Some(absent),
                    _ => None,
                },
                entered: matches!(self.closing, Some(Closing::Entered { .. })),
                void: self.closing == Some(Closing::Void),
            },
        }
    }
}

/// `match state --format json`: a §9 position object plus a `match` key.
#[derive(Clone, Debug, Serialize)]
pub struct MatchStatus {
    #[serde(flatten)]
    pub position: TraceLine,
    pub r#match: MatchInfo,
}

/// A move as made, with what it did (for the lines a player reads after it).
#[derive(Clone, Debug)]
pub struct PlayedMove {
    pub hand: u32,
    pub player: Side,
    pub notation: String,
    pub pass: bool,
    pub effect: crate::engine::MoveEffect,
}

impl PlayedMove {
    /// "captures 7 (5 from the opponent's row)", "makes two Uurs", "passes",
    /// "captures nothing".
    pub fn what_it_did(&self) -> String {
        let e = &self.effect;
        if self.pass {
            return "passes".to_string();
        }
        let mut parts = Vec::new();
        if e.laps > 1 {
            let relays = match e.laps - 1 {
                1 => "once".to_string(),
                2 => "twice".to_string(),
                k => format!("{k} times"),
            };
            parts.push(format!("sows {} laps (relays {relays})", e.laps));
        }
        if e.uurs_made {
            parts.push("makes two Uurs".to_string());
        }
        if e.captured > 0 {
            let from = match e.captured_from_opponent_row {
                0 => " (from the mover's own row)".to_string(),
                k if k == e.captured => String::new(),
                k => format!(" ({k} from the opponent's row)"),
            };
            parts.push(format!("captures {}{from}", e.captured));
        }
        if e.captured == 0 && !e.uurs_made {
            parts.push("captures nothing".to_string());
        }
        parts.join(" and ")
    }
}

/// The last move made in a match (after an engine's reply, the engine's), so that a
/// person copying the match onto a real board can follow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastMove {
    pub hand: u32,
    pub player: Side,
    /// In notation: the hole number in the mover's row, or `pass`.
    #[serde(rename = "move")]
    pub notation: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct MatchInfo {
    pub id: i64,
    pub variant: String,
    pub hand: u32,
    /// `None` before the first move.
    pub last_move: Option<LastMove>,
    pub holdings: BySide<u32>,
    pub kept: BySide<u32>,
    pub awaiting: AwaitingJson,
    /// `None` while in play, and for a double forfeit (nobody won).
    pub winner: Option<&'static str>,
    /// Forfeited: who was absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub absent: Option<Absent>,
    /// The whole match's result was entered (played off the system).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub entered: bool,
    /// Annulled by a correction: no result counts.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub void: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct AwaitingJson {
    pub kind: &'static str,
    pub player: Option<Side>,
}
