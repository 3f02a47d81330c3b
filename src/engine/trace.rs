//! The machine-readable trace of RULES.md §9: one JSON object per position.

use serde::{Deserialize, Serialize};

use super::game::Game;
use super::position::{Outcome, Position};
use super::side::{BySide, Side};

/// One line of a trace. Field order is the §9 key order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceLine {
    pub ply: u32,
    pub to_move: Side,
    pub board: Vec<u16>,
    pub uur: Vec<Option<Side>>,
    pub captured: BySide<u32>,
    pub legal: Vec<String>,
    pub over: bool,
    pub result: Option<TraceResult>,
}

/// The `result` object of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceResult {
    pub score: BySide<u32>,
    /// `"south"`, `"north"` or `"draw"`.
    pub winner: String,
    pub end: String,
}

impl From<Outcome> for TraceResult {
    fn from(o: Outcome) -> TraceResult {
        TraceResult {
            score: o.score,
            winner: o.winner.map_or("draw", Side::name).to_string(),
            end: o.end.name().to_string(),
        }
    }
}

impl TraceLine {
    pub(crate) fn of_position(pos: &Position) -> TraceLine {
        let n = pos.rules().holes_per_row;
        TraceLine {
            ply: pos.ply(),
            to_move: pos.to_move(),
            board: pos.board().to_vec(),
            uur: pos.uur_owners(),
            captured: pos.captured(),
            legal: pos.legal_moves().iter().map(|m| m.notation(n)).collect(),
            over: pos.is_over(),
            result: pos.outcome().map(TraceResult::from),
        }
    }

    pub fn of_game(game: &Game) -> TraceLine {
        TraceLine::of_position(game.position())
    }
}
