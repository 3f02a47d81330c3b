//! Accelerated pairings for a Swiss (FIDE C.04.5): virtual points added to some
//! players' scores for pairing the first rounds, never counted in results,
//! standings or tiebreaks.
//!
//! The one method goobalay knows is Baku (C.04.5.1):
//! - Group A is the first half of the players paired in round 1, by pairing
//!   number, rounded up to an even count (2·⌈n/4⌉). Its last player stays the
//!   last of group A: a late entrant numbered above that player joins group A.
//! - The accelerated rounds are the first half of the rounds, rounded up; group A
//!   carries a win's points in the first half of those (rounded up) and a draw's
//!   in the rest.
//!
//! It needs a scheme where a win is worth two draws and a loss nothing, as the
//! method's "one point, half a point" assume.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{EntrantId, Points, PointsScheme, Tournament};

/// How a Swiss's first rounds are accelerated (`tournament new --acceleration`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Acceleration {
    /// Every round paired on the players' scores alone.
    #[default]
    None,
    /// FIDE's Baku Acceleration Method (C.04.5.1).
    Baku,
}

impl Acceleration {
    pub const ALL: [Acceleration; 2] = [Acceleration::None, Acceleration::Baku];

    pub const fn name(self) -> &'static str {
        match self {
            Acceleration::None => "none",
            Acceleration::Baku => "baku",
        }
    }

    pub fn parse(text: &str) -> Option<Acceleration> {
        Self::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(text.trim()))
    }

    pub fn is_none(&self) -> bool {
        *self == Acceleration::None
    }

    /// Whether `points` is a scheme the method can add virtual points to: a win
    /// worth two draws, a loss nothing.
    pub fn fits(self, points: &PointsScheme) -> bool {
        self.is_none() || (points.loss == Points::ZERO && points.win.0 == 2 * points.draw.0)
    }
}

impl fmt::Display for Acceleration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The Baku method's schedule for a tournament of `rounds` rounds: the last round
/// with a full virtual point (a win's points) and the last with half of one (a
/// draw's), both counted from 1.
pub(crate) fn baku_rounds(rounds: u32) -> (u32, u32) {
    let accelerated = rounds.div_ceil(2);
    (accelerated.div_ceil(2), accelerated)
}

/// The virtual points of group A when round `round` is paired.
pub(crate) fn baku_points(rounds: u32, round: u32, points: &PointsScheme) -> Points {
    let (full, last) = baku_rounds(rounds);
    if round <= full {
        points.win
    } else if round <= last {
        points.draw
    } else {
        Points::ZERO
    }
}

/// Who is in group A of an accelerated tournament, from its record: the entrants
/// numbered no lower than the last group A player of round 1. Round 1's players
/// are those it paired, or, before it is paired, those it will pair (`paired`).
/// Empty when the tournament is not accelerated.
pub(crate) fn group_a(t: &Tournament, paired_in_round_1: &[EntrantId]) -> Vec<EntrantId> {
    if t.acceleration.is_none() {
        return Vec::new();
    }
    let rank = |id: EntrantId| t.entrant(id).map(|e| e.start_rank);
    let mut first: Vec<u32> = paired_in_round_1
        .iter()
        .filter_map(|&id| rank(id))
        .collect();
    first.sort_unstable();
    let size = 2 * first.len().div_ceil(4);
    let Some(&last) = first.get(size.saturating_sub(1)).filter(|_| size > 0) else {
        return Vec::new();
    };
    let mut ga: Vec<&super::Entrant> = t.entrants.iter().filter(|e| e.start_rank <= last).collect();
    ga.sort_by_key(|e| e.start_rank);
    ga.into_iter().map(|e| e.id).collect()
}

/// The players round 1 paired (both sides of every board and the bye); before it
/// is paired, those it will pair (not withdrawn, no bye asked for round 1).
pub(crate) fn round_1_players(t: &Tournament) -> Vec<EntrantId> {
    let paired: Vec<EntrantId> = t
        .fixtures
        .iter()
        .filter(|f| f.pairing.round == 1)
        .flat_map(|f| std::iter::once(f.pairing.south).chain(f.pairing.north))
        .collect();
    if !paired.is_empty() {
        return paired;
    }
    t.entrants
        .iter()
        .filter(|e| e.withdrawn_after.is_none_or(|w| w >= 1) && t.requested_bye(e.id, 1).is_none())
        .map(|e| e.id)
        .collect()
}

/// A tournament's acceleration as a reader sees it: who carries virtual points,
/// how many, in which rounds. `None` when it is not accelerated.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AccelerationPlan {
    pub method: Acceleration,
    /// Group A, by pairing number.
    pub group_a: Vec<EntrantId>,
    /// The last round paired with a full virtual point, and the last with half.
    pub full_until: u32,
    pub half_until: u32,
    /// A win's and a draw's points: the virtual points of those rounds.
    pub full: Points,
    pub half: Points,
}

impl Tournament {
    /// The acceleration of this Swiss's first rounds (none for other systems).
    pub fn acceleration(&self) -> Acceleration {
        self.acceleration
    }

    /// Group A and its virtual points (before round 1 is paired, from the players
    /// it would pair now).
    pub fn acceleration_plan(&self) -> Option<AccelerationPlan> {
        if self.acceleration.is_none() {
            return None;
        }
        let (full_until, half_until) = baku_rounds(self.planned_rounds());
        Some(AccelerationPlan {
            method: self.acceleration,
            group_a: group_a(self, &round_1_players(self)),
            full_until,
            half_until,
            full: self.points.win,
            half: self.points.draw,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nine_round_event_accelerates_five_rounds_three_with_a_full_point() {
        // C.04.5.1's own example.
        assert_eq!(baku_rounds(9), (3, 5));
        let p = PointsScheme::default();
        let vp: Vec<Points> = (1..=9).map(|r| baku_points(9, r, &p)).collect();
        assert_eq!(
            vp,
            [
                p.win,
                p.win,
                p.win,
                p.draw,
                p.draw,
                Points::ZERO,
                Points::ZERO,
                Points::ZERO,
                Points::ZERO
            ]
        );
        assert_eq!(baku_rounds(1), (1, 1));
        assert_eq!(baku_rounds(4), (1, 2));
        assert_eq!(baku_rounds(7), (2, 4));
    }

    #[test]
    fn the_method_needs_a_win_worth_two_draws() {
        assert!(Acceleration::Baku.fits(&PointsScheme::default()));
        let three_one: PointsScheme = "3,1,0".parse().unwrap();
        assert!(!Acceleration::Baku.fits(&three_one));
        assert!(Acceleration::None.fits(&three_one));
    }
}
