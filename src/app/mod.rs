//! The application layer: the use cases the front ends call (create a match, enter
//! a move, an arrangement or a result, take a move back, let the engines play, pair
//! a round, run a tournament's engine matches). Each use case reads what it needs,
//! decides in memory (engine decisions are thought here, outside any transaction)
//! and writes once, in one short transaction that checks nobody changed the record
//! meanwhile (a match's revision, see `matches::save`); on such
//! a conflict it reads again and decides again. So a command either stores all of
//! its effect or nothing of it, and its message can say which.
//!
//! The use cases run on a store they know only by the traits of the private `repo`
//! module (the application layer's boundary, as sqlx's `TodoRepo` example has it):
//! they take `&impl` [`Database`], open a `Transaction` themselves, run their
//! reads and writes on it through the repositories (`PlayerRepo`,
//! `MatchRepo`, `TournamentRepo`) and commit it, so one use case
//! joins several writes (a player and their starting rating; a result and the
//! closing of the tournament it ends; a round's engine matches and the next round's
//! pairing, in `tournament run`). The records they read and write are re-exported
//! here ([`TournamentRow`], [`StoredMatch`], [`Player`] and the rest); the store
//! ([`crate::store`]) implements the traits for SQLite and PostgreSQL.
//!
//! The audit of everything stored (`goobalay verify`, [`verify()`]) is a use case too:
//! it reads every record in one read transaction through
//! `AuditRepo` and judges it here (the replay of each
//! match, the engine decisions, the tournaments' standings and pairings, the names,
//! the presets' rules), with the store's checks of its own storage
//! (`AuditRepo::storage_findings`) first.
//!
//! The front ends (the `goobalay` CLI) parse, call these and print; the rules of
//! who may do what live here.

pub(crate) mod corrections;
pub(crate) mod demo;
mod html_export;
pub mod matches;
pub mod members;
pub mod players;
pub(crate) mod ratings;
pub(crate) mod records;
pub(crate) mod repo;
pub mod reports;
pub(crate) mod reviews;
pub(crate) mod run;
pub(crate) mod stored_match;
pub mod tournaments;
pub(crate) mod verify;
pub mod views;

pub use corrections::{CorrectError, CorrectionRequest, correct};
pub use demo::set_up as set_up_demo;
pub use matches::{
    HumanAction, MatchRequest, Played, UndoBy, close, create_match, enter, play_engine_turns, undo,
};
pub use records::{
    ChangeMarkers, Claim, Correction, Ending, EventDetails, FinishedHow, HistoryFilter,
    ListedTournament, LoadedTournament, ManualRound, MatchReport, MatchRow, NewTournament, Parts,
    Player, RoundRecord, StartingRatingRecord, StatusChange, StoredMatch, StoredReview,
    TournamentKey, TournamentMarker, TournamentRecord, TournamentRow,
};
pub use repo::{Database, FileChange, StoreError};
pub use reviews::{
    DEFAULT_REVIEW_NODES, ReviewOptions, ReviewedMatch, TournamentReviewEvent, review,
    review_tournament, standing_review, standing_reviews,
};
pub use run::{RunEnd, RunEvent, RunReport, run_tournament};
pub use tournaments::pair_round;
pub use verify::{verify, verify_with_progress};

use thiserror::Error;

use crate::app::repo::Transaction;
use crate::app::tournaments::refusal::TournamentRefusal;
use crate::engine::Side;
use crate::hint::{Hint, Plain, Refusal, Wording, then_hint};
use crate::matches::MatchError;
use crate::tournament::ClosingRefusal;

/// Errors of the use cases; messages are one line and say what was stored.
#[derive(Debug, Error)]
pub enum AppError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Tournament(#[from] TournamentRefusal),
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error(transparent)]
    Player(#[from] players::PlayerRefusal),
    /// A player's report (or the director's acceptance of one) refused.
    #[error(transparent)]
    Report(#[from] reports::ReportRefusal),
    /// A review that cannot be made as asked.
    #[error(transparent)]
    Review(#[from] reviews::ReviewRefusal),
    #[error(
        "match {id} is a match of tournament {tournament}, rated and counted: a move is taken back there only with the director's say-so"
    )]
    UndoNeedsDirector { id: i64, tournament: String },
    #[error("a player cannot play against themselves ('{0}')")]
    SamePlayer(String),
    #[error("it is {side}'s turn in match {id} and {player} is an engine player ({level})")]
    EngineToMove {
        id: i64,
        side: Side,
        player: String,
        level: String,
    },
    #[error("{}", caught_up(&Plain, *.id, .made))]
    EngineCaughtUp { id: i64, made: String },
    /// A correction refused (its message names the match and why).
    #[error("{0}")]
    Correction(CorrectError),
    #[error("match {id} is finished ({how}); changing a finished result is a correction")]
    Finished { id: i64, how: FinishedHow },
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
    #[error(transparent)]
    Import(#[from] ImportRefusal),
    /// A closing the tournament's format does not allow.
    #[error(transparent)]
    Closing(#[from] ClosingRefusal),
    /// Part of a command's effect was stored before `error` stopped it.
    #[error("{stored}; then: {error}")]
    PartlyStored {
        stored: String,
        error: Box<AppError>,
    },
}

pub type Result<T, E = AppError> = std::result::Result<T, E>;

/// A tournament's rules refusing a change a use case asks for: one route,
/// [`TournamentRefusal::Tournament`].
impl From<crate::tournament::TournamentError> for AppError {
    fn from(e: crate::tournament::TournamentError) -> AppError {
        AppError::Tournament(e.into())
    }
}

/// A change refused because the tournament is closed: [`TournamentRefusal::Closed`].
impl From<crate::tournament::ClosedTournament> for AppError {
    fn from(e: crate::tournament::ClosedTournament) -> AppError {
        AppError::Tournament(e.into())
    }
}

/// What kind of failure an error is, for a front end that answers by kind (the
/// web's status codes): whatever use case it came from, a busy database is busy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No such record (the record's kind: "match").
    NotFound(&'static str),
    /// Another process held the database; nothing was written, and a retry may work.
    Busy,
    /// The database failed, not the request: nothing in the request to mend.
    Storage,
    /// The database file a server opened is no longer at its path: nothing can be
    /// written until the server is started again.
    Unavailable,
    /// Refused by the rules: the message says what was wrong and what is allowed.
    Refused,
}

impl Failure {
    fn of_store(e: &StoreError) -> Failure {
        match e {
            StoreError::UnknownMatch(_) => Failure::NotFound("match"),
            StoreError::Busy(_) => Failure::Busy,
            StoreError::FileChanged { .. } => Failure::Unavailable,
            StoreError::Backend(_) => Failure::Storage,
            _ => Failure::Refused,
        }
    }
}

impl AppError {
    /// Round `round` of `loaded` is not paired (0, or beyond the last paired round).
    pub(crate) fn no_such_round(loaded: &records::LoadedTournament, round: u32) -> AppError {
        AppError::NoSuchRound {
            tournament: loaded.row.name.clone(),
            round,
            paired: match loaded.tournament.current_round() {
                0 => "no round is paired yet".to_string(),
                1 => "round 1 is paired".to_string(),
                n => format!("rounds 1 to {n} are paired"),
            },
        }
    }

    /// The match's own refusal (an illegal move, a bad arrangement) this error is, if
    /// it is one: at the board, the player tries again.
    pub fn match_refusal(&self) -> Option<&MatchError> {
        match self {
            AppError::Match(e) => Some(e),
            _ => None,
        }
    }

    /// What kind of failure this is ([`Failure`]): a store's error reaches the
    /// front ends only as [`AppError::Store`].
    pub fn failure(&self) -> Failure {
        match self {
            AppError::Store(e) => Failure::of_store(e),
            AppError::PartlyStored { error, .. } => error.failure(),
            _ => Failure::Refused,
        }
    }
}

/// Commits the unit of work a use case opened ([`crate::store::Store::begin_write`])
/// and ran its repositories' writes in ([`crate::store::repo`]).
async fn commit(tx: impl Transaction) -> Result<()> {
    tx.commit().await?;
    Ok(())
}

fn caught_up(wording: &dyn Wording, id: i64, made: &str) -> String {
    format!(
        "match {id}: an engine turn left over by an interrupted command was made and stored first ({made}); nothing of yours was entered: look at the board{} and enter your move again",
        wording.hint(&Hint::ShowState { id })
    )
}

/// An import of a TRF file that cannot be made as asked.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ImportRefusal {
    #[error("{file} names no tournament (no 012 record)")]
    NoName { file: String },
    #[error("{file} names the game '{}', which is not a preset", crate::names::excerpt(.game))]
    NotAPreset { file: String, game: String },
    #[error("{file} does not say which game was played")]
    NoGame { file: String },
}

impl Refusal for ImportRefusal {
    fn hint(&self) -> Option<Hint> {
        Some(match self {
            ImportRefusal::NoName { .. } => Hint::NameTournament,
            ImportRefusal::NotAPreset { .. } => Hint::ChooseVariant,
            ImportRefusal::NoGame { .. } => Hint::NameGame,
        })
    }
}

impl Refusal for AppError {
    fn hint(&self) -> Option<Hint> {
        Some(match self {
            AppError::UndoNeedsDirector { id, .. } => Hint::UndoWithDirector { id: *id },
            AppError::EngineToMove { id, .. } => Hint::PlayEngineTurn { id: *id },
            AppError::EngineCaughtUp { id, .. } => Hint::ShowState { id: *id },
            AppError::Finished { id, .. } => Hint::Correct { id: *id },
            AppError::Store(e) => return e.hint(),
            AppError::Tournament(e) => return e.hint(),
            AppError::Match(e) => return e.hint(),
            AppError::Player(e) => return e.hint(),
            AppError::Correction(e) => return e.hint(),
            AppError::Trf { error, .. } => return error.hint(),
            AppError::Import(e) => return e.hint(),
            AppError::Closing(e) => return e.hint(),
            AppError::Review(e) => return e.hint(),
            AppError::Report(e) => return e.hint(),
            AppError::PartlyStored { error, .. } => return error.hint(),
            AppError::SamePlayer(_) | AppError::NoSuchRound { .. } => {
                return None;
            }
        })
    }
    fn worded(&self, wording: &dyn Wording) -> String {
        match self {
            AppError::Store(e) => e.worded(wording),
            AppError::Tournament(e) => e.worded(wording),
            AppError::Match(e) => e.worded(wording),
            AppError::Player(e) => e.worded(wording),
            AppError::Correction(e) => e.worded(wording),
            AppError::Trf { file, error } => format!("{file}, {}", error.worded(wording)),
            AppError::Import(e) => e.worded(wording),
            AppError::Closing(e) => e.worded(wording),
            AppError::PartlyStored { stored, error } => {
                format!("{stored}; then: {}", error.worded(wording))
            }
            AppError::EngineCaughtUp { id, made } => caught_up(wording, *id, made),
            _ => then_hint(self.to_string(), self.hint(), wording),
        }
    }
}

/// `error`'s message with its step worded by `wording`, for any error of the library
/// (an error from elsewhere: its message as it is). A front end words each error of
/// a chain of causes with this.
pub fn worded(error: &(dyn std::error::Error + 'static), wording: &dyn Wording) -> String {
    macro_rules! refusals {
        ($($t:ty),*) => {
            $(if let Some(e) = error.downcast_ref::<$t>() {
                return e.worded(wording);
            })*
        };
    }
    refusals!(
        AppError,
        StoreError,
        TournamentRefusal,
        players::PlayerRefusal,
        MatchError,
        CorrectError,
        crate::matches::correction::CorrectionError,
        crate::ai::solve::SolveError,
        crate::tournament::import::TrfError,
        ImportRefusal,
        ClosingRefusal,
        reports::ReportRefusal
    );
    error.to_string()
}
