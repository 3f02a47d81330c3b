//! Which closings (a forfeit, a void match) a tournament's match may end with.

use thiserror::Error;

use super::Format;
use crate::hint::{Hint, Refusal};
use crate::matches::{Absent, Closing};

/// A closing a tournament's format does not allow.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum ClosingRefusal {
    /// A knockout match must send one player on: neither a double forfeit nor a void
    /// match (which counts as one) can end it.
    #[error(
        "match {id} is a knockout match, which must send one player on, so it cannot be {}: give it to one side",
        if *.void { "voided" } else { "forfeited by both" }
    )]
    UnplayedKnockout { id: i64, void: bool },
}

impl Refusal for ClosingRefusal {
    fn hint(&self) -> Option<Hint> {
        match self {
            ClosingRefusal::UnplayedKnockout { .. } => Some(Hint::ForfeitOneSide),
        }
    }
}

/// Whether match `id` of a tournament of `format` may end with `closing`: a knockout
/// match cannot end with nobody sent on (a double forfeit or a void match).
pub fn check_closing(format: Format, id: i64, closing: Closing) -> Result<(), ClosingRefusal> {
    if format.rules().eliminates && closing.unplayed() == Some(Absent::Both) {
        return Err(ClosingRefusal::UnplayedKnockout {
            id,
            void: closing == Closing::Void,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;
    use crate::matches::MatchOutcome;

    #[test]
    fn a_knockout_match_must_send_one_player_on() {
        let both = Closing::Forfeit(Absent::Both);
        assert_eq!(
            check_closing(Format::Knockout, 7, both),
            Err(ClosingRefusal::UnplayedKnockout { id: 7, void: false })
        );
        assert_eq!(
            check_closing(Format::Knockout, 7, Closing::Void),
            Err(ClosingRefusal::UnplayedKnockout { id: 7, void: true })
        );
        assert_eq!(
            check_closing(Format::Knockout, 7, both)
                .unwrap_err()
                .to_string(),
            "match 7 is a knockout match, which must send one player on, so it cannot be forfeited by both: give it to one side"
        );
        for allowed in [
            Closing::Forfeit(Absent::South),
            Closing::Forfeit(Absent::North),
            Closing::Entered {
                outcome: MatchOutcome::Winner(Side::North),
                seeds: None,
            },
        ] {
            assert_eq!(check_closing(Format::Knockout, 7, allowed), Ok(()));
        }
        for format in [Format::Swiss, Format::RoundRobin, Format::DoubleRoundRobin] {
            assert_eq!(check_closing(format, 7, both), Ok(()));
            assert_eq!(check_closing(format, 7, Closing::Void), Ok(()));
        }
    }
}
