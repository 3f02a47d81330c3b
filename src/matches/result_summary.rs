//! A match's result as the standings count it ([`ResultSummary`]): what a correction
//! records before and after it, and what `verify` replays it against.

use serde::Serialize;

use super::{Absent, Closing, MatchOutcome, MatchState};
use crate::engine::{BySide, Side};

/// A match's result as the standings count it: the winner ("south", "north",
/// "draw"; `None`: no result) and each side's seeds.
///
/// `unplayed` is not a stored column: it is the match's forfeit (a void match counts
/// as a double forfeit) as the corrections before it and the match's own closing
/// leave it, worked out when the store reads the corrections (`store::corrections`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultSummary {
    pub winner: Option<MatchOutcome>,
    pub seeds: Option<BySide<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unplayed: Option<Absent>,
}

/// Where a stored match's rows keep the seeds its hands count, read by a listing or
/// a tournament's loader instead of replaying the match: the summary columns (the
/// last scored hand's, or an entered result's), and for a `games:N` match the sums of
/// its hands' scores and the seeds after its latest correction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoredSeeds {
    pub last: Option<BySide<u32>>,
    pub game_sums: Option<BySide<u32>>,
    pub corrected: Option<BySide<u32>>,
}

impl StoredSeeds {
    /// The seeds the hands count, as [`MatchState::counted_seeds`] gives them on a
    /// replay: a `games:N` match (`sums_games`) the sum of its games as the latest
    /// correction left it, any other the last scored hand's.
    pub fn counted(&self, sums_games: bool) -> Option<BySide<u32>> {
        if sums_games {
            self.corrected.or(self.game_sums)
        } else {
            self.last
        }
    }
}

impl ResultSummary {
    pub fn of(state: &MatchState) -> ResultSummary {
        ResultSummary::of_parts(state.outcome(), state.closing(), state.counted_seeds())
    }

    /// A match's result from its outcome, the closing that stands (the latest
    /// whole-match correction, else the match's own) and the seeds its hands count
    /// ([`MatchState::counted_seeds`]): an entered result counts the seeds entered
    /// with it (none given: none), a forfeit or a void match none, a match played on
    /// the board its hands' (0-0 when none has a score). What a loader that reads the
    /// rows rather than replaying the match builds its results with.
    pub fn of_parts(
        winner: Option<MatchOutcome>,
        closing: Option<Closing>,
        counted: Option<BySide<u32>>,
    ) -> ResultSummary {
        let seeds = match closing {
            Some(Closing::Entered { seeds, .. }) => seeds,
            Some(Closing::Forfeit(_) | Closing::Void) => None,
            None => Some(counted.unwrap_or(BySide::new(0, 0))),
        };
        ResultSummary {
            winner,
            seeds: winner.and(seeds),
            unplayed: closing.and_then(Closing::unplayed),
        }
    }

    /// "1-0 (28-0)", "draw (14-14)", "1-0 by forfeit", "no result".
    pub fn text(&self) -> String {
        let seeds = self
            .seeds
            .map_or(String::new(), |s| format!(" ({}-{})", s.south, s.north));
        use MatchOutcome::{Draw, Winner};
        match (self.winner, self.unplayed) {
            (Some(_), Some(Absent::Both)) => "unplayed, nobody scores".to_string(),
            (Some(Winner(Side::South)), Some(_)) => "1-0 by forfeit".to_string(),
            (Some(Winner(Side::North)), Some(_)) => "0-1 by forfeit".to_string(),
            (Some(Winner(Side::South)), None) => format!("1-0{seeds}"),
            (Some(Winner(Side::North)), None) => format!("0-1{seeds}"),
            (Some(Draw), None) => format!("draw{seeds}"),
            (Some(Draw), Some(_)) | (None, _) => "no result".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;
    use crate::matches::{Event, MatchForm, MatchSpec};

    fn new_match(form: MatchForm) -> MatchState {
        let v = Variant::preset("layli-goobalay").unwrap();
        MatchState::new(MatchSpec::new(&v, form, None, Side::South).unwrap())
    }

    #[test]
    fn a_result_counts_the_hands_seeds_or_the_closings() {
        // Unfinished: no result, whatever the hands so far.
        let mut games = new_match(MatchForm::Games(2));
        games.apply(&Event::Result(BySide::new(30, 18))).unwrap();
        let pending = ResultSummary::of(&games);
        assert_eq!((pending.winner, pending.seeds), (None, None));
        assert_eq!(pending.text(), "no result");
        // Played out: a games:2 match counts the sum of its games.
        games.apply(&Event::Result(BySide::new(20, 28))).unwrap();
        let played = ResultSummary::of(&games);
        assert_eq!(played.winner, Some(MatchOutcome::Winner(Side::South)));
        assert_eq!(played.seeds, Some(BySide::new(50, 46)));
        assert_eq!(played.unplayed, None);
        assert_eq!(played.text(), "1-0 (50-46)");

        // A whole result entered: its seeds, or none.
        let mut entered = new_match(MatchForm::Hands);
        entered
            .close(Closing::Entered {
                outcome: MatchOutcome::Draw,
                seeds: None,
            })
            .unwrap();
        let summary = ResultSummary::of(&entered);
        assert_eq!(summary.seeds, None);
        assert_eq!(summary.text(), "draw");

        // A forfeit: unplayed, no seeds; a double forfeit scores nobody.
        for (absent, text) in [
            (Absent::South, "0-1 by forfeit"),
            (Absent::North, "1-0 by forfeit"),
            (Absent::Both, "unplayed, nobody scores"),
        ] {
            let mut forfeited = new_match(MatchForm::Hands);
            forfeited.close(Closing::Forfeit(absent)).unwrap();
            let summary = ResultSummary::of(&forfeited);
            assert_eq!((summary.seeds, summary.unplayed), (None, Some(absent)));
            assert_eq!(summary.text(), text);
        }
    }
}
