//! The CLI's words for the library's hints ([`goobalay::hint`]): each next step as
//! the command line that takes it, and each setting as its option.

use goobalay::hint::{Hint, Term, Wording};

/// The command line's wording.
pub struct Cli;

impl Wording for Cli {
    fn hint(&self, hint: &Hint) -> String {
        match hint {
            Hint::UndoWithDirector { id } => {
                format!(" (`goobalay match undo {id} --director`)")
            }
            Hint::PlayEngineTurn { id } => format!("; run `goobalay match play {id}`"),
            Hint::ShowState { id } => format!(" (`goobalay match state {id}`)"),
            Hint::Correct { id } => {
                format!(": `goobalay match correct {id} --reason TEXT ...`")
            }
            Hint::ListTournaments => " (see `goobalay tournament list`)".into(),
            Hint::ListPlayers => " (see `goobalay player list`)".into(),
            Hint::History => " (see `goobalay history`)".into(),
            Hint::Verify => " (`goobalay verify` lists every difference)".into(),
            Hint::AddPlayerCreates => "; `goobalay player add` does".into(),
            Hint::Reopen => " with `goobalay tournament reopen`".into(),
            Hint::ForfeitMatch => " (`goobalay match forfeit ID --absent south|north|both`)".into(),
            Hint::ForfeitOneSide => " with --absent south or --absent north".into(),
            Hint::GiveReason => " (--reason TEXT)".into(),
            Hint::EnterHandResult => {
                "; enter its result with `goobalay match result` (or replace the whole match's result with --match)".into()
            }
            Hint::EnterResult => "; enter it with `goobalay match result`".into(),
            Hint::CorrectWholeWinner => " (--match south|north|draw)".into(),
            Hint::CorrectWhole => " (--match)".into(),
            Hint::CorrectWholeToFinish => {
                " (correct the whole match's result with --match)".into()
            }
            Hint::CorrectWholeAnyHow => " (--match, --absent or --void)".into(),
            Hint::NameTournament => ": give --name NAME".into(),
            Hint::ChooseVariant => "; give --variant NAME or --rules FILE".into(),
            Hint::NameGame => format!(
                ": give --variant NAME ({}) or --rules FILE",
                goobalay::engine::VARIANT_NAMES.join(", ")
            ),
            Hint::PairByHand => " (pair such a round by hand with `tournament pair --board`)".into(),
            Hint::MoreBudget => "; allow more with --max-nodes or --seconds".into(),
            _ => String::new(),
        }
    }

    fn term(&self, term: Term) -> String {
        match term {
            Term::MaxHands => "--max-hands".into(),
            _ => String::new(),
        }
    }
}

/// `err` and its causes as `{err:#}` gives them (each after ": "), each library
/// error worded with the CLI's hints.
pub fn chain(err: &anyhow::Error) -> String {
    let mut line = String::new();
    for (i, cause) in err.chain().enumerate() {
        if i > 0 {
            line.push_str(": ");
        }
        line.push_str(&goobalay::store::worded(cause, &Cli));
    }
    line
}

/// One library error's message with the CLI's hints.
pub fn worded(err: &(dyn std::error::Error + 'static)) -> String {
    goobalay::store::worded(err, &Cli)
}

#[cfg(test)]
mod tests {
    use goobalay::app::{AppError, ImportRefusal};
    use goobalay::store::{OpenError, StoreError};

    use super::worded;

    /// The CLI words a library refusal as it always did, command line included.
    #[test]
    fn the_cli_words_the_next_step_as_a_command_line() {
        let cases = [
            (
                AppError::Import(ImportRefusal::NoGame {
                    file: "a.trf".into(),
                }),
                "a.trf does not say which game was played: give --variant NAME (layli-goobalay, tampoduo, modiar, tihbat, sadeqa-iii, sadeqa-91) or --rules FILE",
            ),
            (
                AppError::EngineCaughtUp {
                    id: 4,
                    made: "south played 3".into(),
                },
                "match 4: an engine turn left over by an interrupted command was made and stored first (south played 3); nothing of yours was entered: look at the board (`goobalay match state 4`) and enter your move again",
            ),
            (
                AppError::PartlyStored {
                    stored: "round 2 paired".into(),
                    error: Box::new(AppError::Store(StoreError::UnknownMatch(9))),
                },
                "round 2 paired; then: no match with id 9 (see `goobalay history`)",
            ),
        ];
        for (error, says) in cases {
            assert_eq!(worded(&error), says);
            let chained = anyhow::Error::from(error).context("cannot go on");
            assert_eq!(super::chain(&chained), format!("cannot go on: {says}"));
        }
        // Opening's refusals are the store's, worded the same way.
        let missing = OpenError::Missing("x.db".into());
        let says = "no database at this path (a command that only reads never creates one; `goobalay player add` does)";
        assert_eq!(worded(&missing), says);
        let chained = anyhow::Error::from(missing).context("cannot go on");
        assert_eq!(super::chain(&chained), format!("cannot go on: {says}"));
    }
}
