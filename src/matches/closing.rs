//! Ending a match off the board (forfeit, entered result, void): the director's record, apart.

use super::state::by_more;
use super::{Absent, MatchError, MatchOutcome, MatchState, ResultRefusal};
use crate::engine::{BySide, Side};

/// A whole-match result typed as text that is not one ([`Closing::entered_from_text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnteredResultError {
    /// Not `south`, `north` or `draw`.
    Winner(String),
    /// Not two whole numbers `SOUTH,NORTH`.
    Seeds(String),
}

/// How a match was ended other than by its hands on the system (issue 13): the
/// director's record, stored beside the hands (`match_closings`), applied after them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closing {
    /// Not played (whatever hands were begun stay as they are): `absent` did not come.
    /// The match's outcome is a win of the side present; a double forfeit is stored as
    /// [`MatchOutcome::Draw`] (the only outcome with no winner), but nobody scores.
    Forfeit(Absent),
    /// The whole match was played off the system and its result entered, with the
    /// final seeds (as [`MatchRecord`](super::MatchRecord) sums them: last hand's holdings, single game's
    /// score, sum over all games) when known. Played and rated.
    Entered {
        outcome: MatchOutcome,
        seeds: Option<BySide<u32>>,
    },
    /// Annulled by the director's correction (`match correct --void`): nobody wins,
    /// nobody scores, not played. Stored as [`MatchOutcome::Draw`], like a double
    /// forfeit, and counted as one by the standings (TRF has no other code for it).
    Void,
}

impl Closing {
    /// The match's outcome once closed this way.
    pub fn outcome(self) -> MatchOutcome {
        match self {
            Closing::Forfeit(Absent::South) => MatchOutcome::Winner(Side::North),
            Closing::Forfeit(Absent::North) => MatchOutcome::Winner(Side::South),
            Closing::Forfeit(Absent::Both) | Closing::Void => MatchOutcome::Draw,
            Closing::Entered { outcome, .. } => outcome,
        }
    }

    /// A whole-match result as a person types it: the winner (`south`, `north` or
    /// `draw`, in any case) and, if given, the final seeds as `SOUTH,NORTH`. The
    /// error holds the text that was refused, for the front end to name.
    pub fn entered_from_text(
        winner: &str,
        seeds: Option<&str>,
    ) -> Result<Closing, EnteredResultError> {
        let outcome = MatchOutcome::parse(&winner.trim().to_ascii_lowercase())
            .ok_or_else(|| EnteredResultError::Winner(winner.to_string()))?;
        let seeds = seeds
            .map(|text| {
                let bad = || EnteredResultError::Seeds(text.to_string());
                let (s, n) = text.split_once(',').ok_or_else(bad)?;
                let count = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
                Ok(BySide::new(count(s)?, count(n)?))
            })
            .transpose()?;
        Ok(Closing::Entered { outcome, seeds })
    }

    /// Who is counted absent: a forfeit's absent side; a void match counts as a
    /// double forfeit (nobody scores, not played). `None`: played.
    pub fn unplayed(self) -> Option<Absent> {
        match self {
            Closing::Forfeit(absent) => Some(absent),
            Closing::Void => Some(Absent::Both),
            Closing::Entered { .. } => None,
        }
    }
}

impl MatchState {
    /// How the match was closed by the director, if it was (a forfeit, a whole-match
    /// result).
    pub fn closing(&self) -> Option<Closing> {
        self.closing
    }

    /// Ends an unfinished match by a forfeit or by the result of the whole match played
    /// off the system. Refused once the match is over. An entered result's seeds must
    /// add up to the seeds in play (`games:N`: N times them) and agree with the
    /// decision: a win needs more seeds (`games:N`, decided by game wins first: any
    /// seeds), a drawn match equal seeds.
    pub fn close(&mut self, closing: Closing) -> Result<(), MatchError> {
        if let Some(e) = self.over_error() {
            return Err(e);
        }
        self.check_closing(closing)?;
        self.outcome = Some(closing.outcome());
        self.closing = Some(closing);
        Ok(())
    }

    /// The checks of [`MatchState::close`] that do not depend on the match being
    /// unfinished (a correction replaces a finished match's result with them too).
    pub(super) fn check_closing(&self, closing: Closing) -> Result<(), MatchError> {
        if let Closing::Entered {
            outcome,
            seeds: Some(seeds),
        } = closing
        {
            let first = &self.hands[0];
            let per_game = u64::from(first.holdings.south) + u64::from(first.holdings.north);
            let total = per_game * u64::from(self.spec.form.games().unwrap_or(1));
            let sum = u64::from(seeds.south) + u64::from(seeds.north);
            if sum != total {
                return Err(MatchError::Result(ResultRefusal::MatchSum {
                    south: seeds.south,
                    north: seeds.north,
                    sum,
                    in_play: total,
                }));
            }
            let by_seeds = by_more(seeds);
            let consistent = match (self.spec.form.games(), outcome) {
                (_, MatchOutcome::Draw) => by_seeds == MatchOutcome::Draw,
                (Some(_), MatchOutcome::Winner(_)) => true,
                (None, won) => by_seeds == won,
            };
            if !consistent {
                return Err(MatchError::Result(ResultRefusal::Contradicts {
                    south: seeds.south,
                    north: seeds.north,
                    result: outcome,
                }));
            }
        }
        Ok(())
    }
}
