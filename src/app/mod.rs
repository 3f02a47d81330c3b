//! The application layer: the use cases the front ends call (create a match, enter
//! a move, an arrangement or a result, take a move back, let the engines play, pair
//! a round, run a tournament's engine matches). Each use case reads what it needs,
//! decides in memory (engine decisions are thought here, outside any transaction)
//! and writes once, in one short transaction that checks nobody changed the record
//! meanwhile (a match's revision, see [`crate::store::Store::save_match`]); on such
//! a conflict it reads again and decides again. So a command either stores all of
//! its effect or nothing of it, and its message can say which.
//!
//! The front ends (the `goobalay` CLI) parse, call these and print; the rules of
//! who may do what live here.

pub mod corrections;
pub mod demo;
pub mod matches;
pub mod players;
pub mod run;
pub mod tournaments;
pub mod views;

pub use matches::{
    HumanAction, MatchRequest, Played, UndoBy, close, create_match, enter, play_engine_turns, undo,
};
pub use run::{RunEnd, RunEvent, RunReport, run_tournament};
pub use tournaments::pair_round;

use thiserror::Error;

use crate::engine::Side;
use crate::matches::MatchError;
use crate::store::StoreError;
use crate::store::tournaments::TournamentStoreError;

/// Errors of the use cases; messages are one line and say what was stored.
#[derive(Debug, Error)]
pub enum AppError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Tournament(#[from] TournamentStoreError),
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error(
        "match {id} is a match of tournament {tournament}, rated and counted: a move is taken back there only with the director's say-so (`goobalay match undo {id} --director`)"
    )]
    UndoNeedsDirector { id: i64, tournament: String },
    #[error("a player cannot play against themselves ('{0}')")]
    SamePlayer(String),
    #[error("player '{0}' is retired")]
    Retired(String),
    #[error(
        "it is {side}'s turn in match {id} and {player} is an engine player ({level}); run `goobalay match play {id}`"
    )]
    EngineToMove {
        id: i64,
        side: Side,
        player: String,
        level: String,
    },
    #[error(
        "match {id}: an engine turn left over by an interrupted command was made and stored first ({made}); nothing of yours was entered: look at the board (`goobalay match state {id}`) and enter your move again"
    )]
    EngineCaughtUp { id: i64, made: String },
    /// A correction refused (its message names the match and why).
    #[error("{0}")]
    Correction(String),
    #[error(
        "match {id} is finished ({how}); changing a finished result is a correction: `goobalay match correct {id} --reason TEXT ...`"
    )]
    Finished { id: i64, how: String },
    /// A TRF file that cannot be imported: what was wrong and on which line.
    #[error("{file}, {error}")]
    Trf {
        file: String,
        error: crate::tournament::import::TrfError,
    },
    #[error("tournament {tournament} has no round {round} to list: {paired}")]
    NoSuchRound {
        tournament: String,
        round: u32,
        /// What is paired ("rounds 1 to 3 are paired", "no round is paired yet").
        paired: String,
    },
    /// An import that cannot be made as asked (no name, no variant).
    #[error("{0}")]
    Import(String),
    /// Part of a command's effect was stored before `error` stopped it.
    #[error("{stored}; then: {error}")]
    PartlyStored {
        stored: String,
        error: Box<AppError>,
    },
}

pub type Result<T, E = AppError> = std::result::Result<T, E>;
