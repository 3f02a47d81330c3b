//! `TournamentError`, the layer's errors: on their own, as every file of the module returns them.

use thiserror::Error;

use super::{EntrantId, Format, Tiebreak, pairing};

/// Errors of the tournament layer. Messages are lowercase, one line, and say what is
/// allowed.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum TournamentError {
    #[error(
        "unknown pairing system {:?}; expected round-robin, double-round-robin, swiss, knockout or monrad",
        crate::names::excerpt(.0)
    )]
    UnknownFormat(String),
    #[error(
        "invalid points value {:?}; expected a number like 1 or 0.5",
        crate::names::excerpt(.0)
    )]
    BadPoints(String),
    #[error("invalid points scheme {:?}: {}", crate::names::excerpt(.0), .1)]
    BadPointsScheme(String, String),
    #[error(
        "unknown tiebreak {:?}; expected buchholz, buchholz-cut1, sonneborn-berger (sb), head-to-head (h2h), wins or seed-difference (seeds)",
        crate::names::excerpt(.0)
    )]
    UnknownTiebreak(String),
    #[error("tiebreak {0} is listed twice")]
    DuplicateTiebreak(Tiebreak),
    #[error("a {format} needs at least {min} active players, it has {have}")]
    TooFewEntrants {
        format: Format,
        min: usize,
        have: usize,
    },
    #[error(
        "round {round} is not finished: {} without a result",
        crate::wording::matches(*pending as u64)
    )]
    RoundIncomplete { round: u32, pending: usize },
    #[error("the tournament is finished: all {rounds} rounds have been paired")]
    Finished { rounds: u32 },
    #[error("entrant {0} is listed twice")]
    DuplicateEntrant(EntrantId),
    #[error("starting rank {0} is given to two entrants")]
    DuplicateStartRank(u32),
    #[error("fixture names entrant {0}, who is not in the tournament")]
    UnknownEntrant(EntrantId),
    #[error("entrant {id} is paired twice in round {round}")]
    PairedTwice { round: u32, id: EntrantId },
    #[error("the bye of entrant {id} in round {round} has a match result")]
    ByeWithResult { round: u32, id: EntrantId },
    #[error("fixture round {round} board {board}: rounds and boards are numbered from 1")]
    BadFixtureNumber { round: u32, board: u32 },
    #[error("the entry list changed after round 1 of a round robin; only withdrawals are allowed")]
    EntriesChanged,
    #[error("invalid k factor {0}; expected a number above 0 and at most 100")]
    BadKFactor(f64),
    #[error(
        "round {round} cannot be paired by the Dutch rules: every pairing repeats a game, gives two players who must have the same side the same side, or gives the bye to a player who already had one; pair it by hand"
    )]
    NoLegalPairing { round: u32 },
    #[error("unknown pairing system {0:?}; expected goobalay-swiss-1, dutch-2025 or dutch-2025-v2")]
    UnknownPairingSystem(String),
    #[error(transparent)]
    Manual(#[from] Box<pairing::manual::ManualPairingError>),
}
