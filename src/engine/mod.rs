//! The rules engine: pure game logic, no I/O.
//!
//! Every rule of `RULES.md` lives in one place: the differences between games are the
//! fields of [`Rules`] (`rules.rs`); sowing, captures, legality and the end of a game
//! are in `position.rs`; repetition is in `game.rs`; the §9 trace format in `trace.rs`.

mod game;
mod playout;
mod position;
mod rules;
mod side;
pub(crate) mod trace;

pub use trace::TraceLine;

pub(crate) use game::Reached;
pub use game::{Game, PlayError, Saved, perft};
pub use playout::{PlayoutTotals, random_game, random_games};
pub use position::{
    EndReason, Move, MoveEffect, MoveList, Outcome, ParseMoveError, Position, PositionKey, Seeds,
    Setup, SetupError,
};
pub use rules::{
    Capture, CaptureFile, CaptureRows, EndRule, HandOpener, MAX_HOLES, Remaining, RuleFile, Rules,
    RulesError, Sowing, VARIANT_NAMES, Variant,
};
pub use side::{BySide, Side};
