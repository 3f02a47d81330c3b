//! `MatchError`, a refused match step, and its wording: every file of the module returns it.

use thiserror::Error;

use super::{MatchForm, MatchOutcome, MatchSpec};
use crate::engine::{PlayError, Side};
use crate::hint::{Plain, Refusal, Term, Wording};

/// A match step that was refused; the match is unchanged.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MatchError {
    #[error(transparent)]
    IllegalMove(#[from] PlayError),
    #[error("the match is over ({0})")]
    Over(String),
    #[error("the match awaits {awaiting}, not {got}")]
    OutOfTurn { awaiting: String, got: String },
    #[error("{0}")]
    Arrangement(String),
    #[error("{0}")]
    Result(ResultRefusal),
    #[error(
        "'{}' is not a match form; allowed: hands, single, games:N (N = 1 to 999)",
        crate::names::excerpt(.0)
    )]
    Form(String),
    #[error("{0}")]
    Spec(String),
    /// A hand limit above [`MatchSpec::MAX_HANDS`].
    #[error("{}", max_hands_out_of_range(&Plain, *.given))]
    MaxHandsOutOfRange { given: u32 },
    /// A hand limit on a match that is not of the `hands` form.
    #[error("{}", max_hands_not_hands(&Plain, *.form))]
    MaxHandsNotHands { form: MatchForm },
    #[error("{}", max_hands_zero(&Plain))]
    MaxHandsZero,
    #[error("stored match does not replay: {0}")]
    Replay(String),
}

/// An entered result the match refuses, as the facts a front end words it from.
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
pub enum ResultRefusal {
    /// A hand's scores that do not add up to the seeds in play in it.
    #[error("scores {south} + {north} = {sum} seeds, but this hand has {in_play} seeds in play")]
    HandSum {
        south: u32,
        north: u32,
        sum: u64,
        in_play: u64,
    },
    /// A hand's score below what the side already holds in it.
    #[error(
        "{side} already holds {held} seeds in this hand (captured or kept); a score of {score} is impossible"
    )]
    BelowHeld { side: Side, held: u32, score: u32 },
    /// A whole match's final seeds that do not add up to the seeds in play in it.
    #[error(
        "final seeds {south} + {north} = {sum}, but this match has {in_play} seeds in play; give two numbers that add up to {in_play}"
    )]
    MatchSum {
        south: u32,
        north: u32,
        sum: u64,
        in_play: u64,
    },
    /// Final seeds the result entered with them contradicts.
    #[error(
        "final seeds {south}-{north} contradict the result '{}': a drawn match needs equal seeds, a win more seeds for the winner",
        .result.name()
    )]
    Contradicts {
        south: u32,
        north: u32,
        result: MatchOutcome,
    },
}

fn max_hands_out_of_range(wording: &dyn Wording, given: u32) -> String {
    format!(
        "{} {given} is out of range; allowed: 1 to {}",
        wording.term(Term::MaxHands),
        MatchSpec::MAX_HANDS
    )
}

fn max_hands_not_hands(wording: &dyn Wording, form: MatchForm) -> String {
    format!(
        "{} applies only to the 'hands' form, not '{form}'",
        wording.term(Term::MaxHands)
    )
}

fn max_hands_zero(wording: &dyn Wording) -> String {
    format!("{} must be at least 1", wording.term(Term::MaxHands))
}

impl Refusal for MatchError {
    fn worded(&self, wording: &dyn Wording) -> String {
        match self {
            MatchError::MaxHandsOutOfRange { given } => max_hands_out_of_range(wording, *given),
            MatchError::MaxHandsNotHands { form } => max_hands_not_hands(wording, *form),
            MatchError::MaxHandsZero => max_hands_zero(wording),
            _ => self.to_string(),
        }
    }
}
