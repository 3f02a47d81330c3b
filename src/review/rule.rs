//! The review rule: what a loss is called, and how a player's accuracy is figured.
//! Pure arithmetic on losses, so the thresholds and the formula live here and only
//! here (the CLI, the web page and the stored reviews all take them from this file).
//!
//! A decision's **loss** is the value of the best choice found minus the value of the
//! choice made, both from the decider's side and in seeds as `goobalay solve` counts
//! them (the hand's final seed difference, own minus the opponent's); it is never
//! negative. Values are kept in eighths of a seed ([`SCALE`]), so a threshold is
//! compared exactly.
//!
//! **Marks** (thresholds in seeds, a loss at or above the threshold):
//! an inaccuracy from [`INACCURACY_SEEDS`] seed, a mistake from [`MISTAKE_SEEDS`],
//! a blunder from [`BLUNDER_SEEDS`]. A Layli Goobalay hand has 48 seeds on the board:
//! one seed is the least a capture changes, three a typical capture, six a capture
//! that decides most hands.
//!
//! **Accuracy** of a decision: `100 × 2^(−loss / ACCURACY_HALVING_SEEDS)` percent
//! (100 for the best choice, 50 for a loss of [`ACCURACY_HALVING_SEEDS`] seeds, 25
//! for twice that); a player's accuracy is the mean over their decisions that had a
//! choice (a forced move, the only legal one, says nothing of the player and is left
//! out of every figure). The **average loss** is the mean loss over the same
//! decisions.

use serde::Serialize;

use crate::ai::search::SCALE;

/// A loss of this many seeds or more is an inaccuracy.
pub const INACCURACY_SEEDS: i32 = 1;
/// A loss of this many seeds or more is a mistake.
pub const MISTAKE_SEEDS: i32 = 3;
/// A loss of this many seeds or more is a blunder.
pub const BLUNDER_SEEDS: i32 = 6;
/// The loss in seeds that halves a decision's accuracy.
pub const ACCURACY_HALVING_SEEDS: f64 = 2.0;

/// How bad a decision was, by its loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The sign chess players write after such a move.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The mark of a loss of `loss` eighths of a seed (`None`: below an inaccuracy).
pub(crate) fn mark(loss: i32) -> Option<Mark> {
    if loss >= BLUNDER_SEEDS * SCALE {
        Some(Mark::Blunder)
    } else if loss >= MISTAKE_SEEDS * SCALE {
        Some(Mark::Mistake)
    } else if loss >= INACCURACY_SEEDS * SCALE {
        Some(Mark::Inaccuracy)
    } else {
        None
    }
}

/// Eighths of a seed as seeds.
pub fn seeds(eighths: i32) -> f64 {
    f64::from(eighths) / f64::from(SCALE)
}

/// The accuracy of one decision that lost `loss` eighths of a seed, in percent.
pub(crate) fn decision_accuracy(loss: i32) -> f64 {
    100.0 * (-seeds(loss.max(0)) / ACCURACY_HALVING_SEEDS).exp2()
}

/// One player's figures over a review.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Decisions that had a choice (moves with more than one legal move, and
    /// arrangements).
    pub decisions: u32,
    /// Mean loss in seeds (`None`: no decision).
    pub average_loss: Option<f64>,
    /// Mean accuracy in percent (`None`: no decision); a decision's accuracy is 100
    /// for the best choice and halves with every [`ACCURACY_HALVING_SEEDS`] seeds lost.
    pub accuracy: Option<f64>,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

/// The figures of a player whose decisions (with a choice) lost `losses` eighths of
/// a seed each.
pub(crate) fn summary(losses: impl IntoIterator<Item = i32>) -> Summary {
    let mut out = Summary::default();
    let (mut loss_sum, mut accuracy_sum) = (0i64, 0.0f64);
    for loss in losses {
        let loss = loss.max(0);
        out.decisions += 1;
        loss_sum += i64::from(loss);
        accuracy_sum += decision_accuracy(loss);
        match mark(loss) {
            Some(Mark::Inaccuracy) => out.inaccuracies += 1,
            Some(Mark::Mistake) => out.mistakes += 1,
            Some(Mark::Blunder) => out.blunders += 1,
            None => {}
        }
    }
    if out.decisions > 0 {
        let n = f64::from(out.decisions);
        out.average_loss = Some(loss_sum as f64 / f64::from(SCALE) / n);
        out.accuracy = Some(accuracy_sum / n);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_start_at_their_thresholds() {
        assert_eq!(mark(0), None);
        assert_eq!(mark(SCALE - 1), None);
        assert_eq!(mark(SCALE), Some(Mark::Inaccuracy));
        assert_eq!(mark(3 * SCALE - 1), Some(Mark::Inaccuracy));
        assert_eq!(mark(3 * SCALE), Some(Mark::Mistake));
        assert_eq!(mark(6 * SCALE - 1), Some(Mark::Mistake));
        assert_eq!(mark(6 * SCALE), Some(Mark::Blunder));
        assert_eq!(mark(40 * SCALE), Some(Mark::Blunder));
    }

    #[test]
    fn accuracy_halves_every_two_seeds_lost() {
        assert_eq!(decision_accuracy(0), 100.0);
        assert!((decision_accuracy(2 * SCALE) - 50.0).abs() < 1e-9);
        assert!((decision_accuracy(4 * SCALE) - 25.0).abs() < 1e-9);
    }

    #[test]
    fn a_summary_averages_losses_and_counts_marks() {
        let s = summary([0, 2 * SCALE, 3 * SCALE, 8 * SCALE]);
        assert_eq!(s.decisions, 4);
        assert_eq!(s.average_loss, Some(13.0 / 4.0));
        let expected = (100.0 + 50.0 + 100.0 * 2f64.powf(-1.5) + 6.25) / 4.0;
        assert!((s.accuracy.unwrap() - expected).abs() < 1e-9);
        assert_eq!((s.inaccuracies, s.mistakes, s.blunders), (1, 1, 1));
        assert_eq!(summary([]).accuracy, None);
    }
}
