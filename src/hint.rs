//! The next step a refusal points to, in the domain's terms. The library's messages
//! say what was wrong and what is allowed; how to take the next step (a command line,
//! a page, nothing) is the front end's to say: each refusal names its step as a
//! [`Hint`], and a front end's [`Wording`] words it where the message puts it. The
//! library's own [`Plain`] wording (what `Display` gives) words no step.

use std::error::Error;

/// A next step a message points to.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// Take back a move of match `id` with the director's say-so.
    UndoWithDirector { id: i64 },
    /// Let the engine make its turn in match `id`.
    PlayEngineTurn { id: i64 },
    /// Look at match `id`'s board.
    ShowState { id: i64 },
    /// Correct finished match `id`'s result (a correction, with a reason).
    Correct { id: i64 },
    /// See the tournaments there are.
    ListTournaments,
    /// See the players there are.
    ListPlayers,
    /// See the matches there are.
    History,
    /// List every difference of a damaged schema.
    Verify,
    /// Adding a player creates a missing database.
    AddPlayerCreates,
    /// Reopen a closed tournament.
    Reopen,
    /// Forfeit a match (one side or both absent) instead of a bye.
    ForfeitMatch,
    /// Give a knockout match to one side (one side absent).
    ForfeitOneSide,
    /// Give the correction's reason.
    GiveReason,
    /// Enter a hand's result, or else replace the whole match's result (a hand in play).
    EnterHandResult,
    /// Enter a hand's result (a hand without one).
    EnterResult,
    /// Correct the whole match's result with a winner or a draw.
    CorrectWholeWinner,
    /// Correct the whole match's result.
    CorrectWhole,
    /// Correct the whole match's result so that it finishes.
    CorrectWholeToFinish,
    /// Correct the whole result with a winner, an absence or a void.
    CorrectWholeAnyHow,
    /// Name the tournament an import creates.
    NameTournament,
    /// Name a preset variant or give a rule set (the file names a game that is none).
    ChooseVariant,
    /// Name the game an import's tournament is played with (the file names none).
    NameGame,
    /// Pair a round by hand.
    PairByHand,
    /// Allow a solve more nodes or more time.
    MoreBudget,
}

/// A setting a message names, which each front end calls in its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Term {
    /// A match's largest number of hands.
    MaxHands,
}

/// How a front end words hints and settings.
pub trait Wording {
    /// The text put where the message places `hint`, with its own punctuation (a
    /// leading space, "; ", ": "); empty to leave the step unsaid.
    fn hint(&self, hint: &Hint) -> String;
    /// The name of `term` as the message's subject.
    fn term(&self, term: Term) -> String {
        Plain.term(term)
    }
}

/// The library's own wording: no step, settings by their domain names.
pub struct Plain;

impl Wording for Plain {
    fn hint(&self, _: &Hint) -> String {
        String::new()
    }
    fn term(&self, term: Term) -> String {
        match term {
            Term::MaxHands => "the hand limit".to_string(),
        }
    }
}

/// An error whose message can name a next step.
pub trait Refusal: Error {
    /// The next step this error points to, if any.
    fn hint(&self) -> Option<Hint> {
        None
    }
    /// The message with its step worded by `wording`; by default the hint goes after
    /// the message ([`Plain`] gives `Display`'s text).
    fn worded(&self, wording: &dyn Wording) -> String {
        then_hint(self.to_string(), self.hint(), wording)
    }
}

/// `text` with `hint`, if any, worded by `wording` after it.
pub(crate) fn then_hint(mut text: String, hint: Option<Hint>, wording: &dyn Wording) -> String {
    if let Some(hint) = hint {
        text.push_str(&wording.hint(&hint));
    }
    text
}
