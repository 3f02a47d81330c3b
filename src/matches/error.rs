//! `MatchError`, a refused match step, and its wording: every file of the module returns it.

use thiserror::Error;

use super::{MatchForm, MatchSpec};
use crate::engine::PlayError;
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
    Result(String),
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
