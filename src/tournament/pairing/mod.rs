//! Pairing the next round: round robin (Berger tables), double round robin, Swiss
//! (FIDE Dutch, or goobalay's first Swiss for tournaments recorded with it) and
//! knockout. Every function here is deterministic: the same tournament gives the same
//! pairings.

pub(crate) mod audit;
pub mod dutch;
pub(crate) mod knockout;
pub(crate) mod manual;
pub(crate) mod monrad;
pub(crate) mod round_robin;
pub(crate) mod swiss;

use std::collections::HashMap;

use super::{EntrantId, Fixture, Pairing, Tournament, TournamentError};
use crate::engine::Side;

/// [`Tournament::next_round`]: the round after [`Tournament::current_round`] (its
/// errors are documented there).
pub(crate) fn next_round(t: &Tournament) -> Result<Vec<Pairing>, TournamentError> {
    let current = t.current_round();
    let pending = t
        .fixtures
        .iter()
        .filter(|f| f.pairing.round == current && !f.is_finished())
        .filter(|f| !(t.format.pairs_around_postponed() && t.is_postponed(f)))
        .count();
    if current > 0 && pending > 0 {
        return Err(TournamentError::RoundIncomplete {
            round: current,
            pending,
        });
    }
    (t.format.rules().pair)(t, current + 1)
}

/// How often each player has moved first (South) and second, and their sides in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ColourHistory {
    pub sides: Vec<Side>,
}

impl ColourHistory {
    /// South games minus North games.
    pub(crate) fn balance(&self) -> i32 {
        self.sides
            .iter()
            .map(|s| if *s == Side::South { 1 } else { -1 })
            .sum()
    }

    pub(crate) fn last(&self) -> Option<Side> {
        self.sides.last().copied()
    }

    /// The side this player must have next, if any: a balance of ±2 or more, or the
    /// same side in the last two games, demands the other side.
    pub(crate) fn absolute(&self) -> Option<Side> {
        let b = self.balance();
        let n = self.sides.len();
        let twice = n >= 2 && self.sides[n - 1] == self.sides[n - 2];
        if b >= 2 || (twice && self.sides[n - 1] == Side::South) {
            Some(Side::North)
        } else if b <= -2 || (twice && self.sides[n - 1] == Side::North) {
            Some(Side::South)
        } else {
            None
        }
    }
}

/// Sides played by each entrant in paired games (byes excluded), in round order.
pub(crate) fn colour_histories(fixtures: &[Fixture]) -> HashMap<EntrantId, ColourHistory> {
    let mut fs: Vec<&Fixture> = fixtures.iter().filter(|f| !f.pairing.is_bye()).collect();
    fs.sort_by_key(|f| (f.pairing.round, f.pairing.board));
    let mut h: HashMap<EntrantId, ColourHistory> = HashMap::new();
    for f in fs {
        h.entry(f.pairing.south)
            .or_default()
            .sides
            .push(Side::South);
        if let Some(n) = f.pairing.north {
            h.entry(n).or_default().sides.push(Side::North);
        }
    }
    h
}

/// Decides who moves first between `a` (the higher-ranked) and `b`.
///
/// In order: a player whose history demands a side ([`ColourHistory::absolute`]) gets
/// it; the lower South-minus-North balance moves first; then the player whose sides
/// differ from the other's most recently had North moves first (so players alternate);
/// with identical histories the higher-ranked player gets the side opposite to their
/// last one, or, with no history, South on odd boards and North on even boards.
/// Returns `(south, north)`.
pub(crate) fn assign_sides(
    a: EntrantId,
    b: EntrantId,
    ha: &ColourHistory,
    hb: &ColourHistory,
    board: u32,
) -> (EntrantId, EntrantId) {
    let a_first = (|| {
        match (ha.absolute(), hb.absolute()) {
            (Some(Side::South), Some(Side::South)) | (Some(Side::North), Some(Side::North)) => {
                // Both demand the same side: the stronger demand wins.
                return ha.balance() <= hb.balance();
            }
            (Some(side), _) => return side == Side::South,
            (None, Some(side)) => return side == Side::North,
            (None, None) => {}
        }
        if ha.balance() != hb.balance() {
            return ha.balance() < hb.balance();
        }
        for (sa, sb) in ha.sides.iter().rev().zip(hb.sides.iter().rev()) {
            if sa != sb {
                return *sa == Side::North;
            }
        }
        match ha.last() {
            Some(side) => side == Side::North,
            None => board % 2 == 1,
        }
    })();
    if a_first { (a, b) } else { (b, a) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> ColourHistory {
        ColourHistory {
            sides: s
                .chars()
                .map(|c| if c == 'S' { Side::South } else { Side::North })
                .collect(),
        }
    }

    #[test]
    fn absolute_preferences() {
        assert_eq!(h("").absolute(), None);
        assert_eq!(h("SN").absolute(), None);
        assert_eq!(h("SS").absolute(), Some(Side::North));
        assert_eq!(h("NSNN").absolute(), Some(Side::South));
        assert_eq!(h("SNSNS").absolute(), None);
    }

    #[test]
    fn sides_follow_balance_then_alternation_then_board() {
        // a has moved first more often: b moves first.
        assert_eq!(assign_sides(1, 2, &h("SSN"), &h("SNN"), 1), (2, 1));
        // Equal balance, a last moved first: b moves first.
        assert_eq!(assign_sides(1, 2, &h("NS"), &h("SN"), 1), (2, 1));
        // Identical histories: a gets the side opposite to its last.
        assert_eq!(assign_sides(1, 2, &h("SN"), &h("SN"), 1), (1, 2));
        // No history: board parity.
        assert_eq!(assign_sides(1, 2, &h(""), &h(""), 1), (1, 2));
        assert_eq!(assign_sides(1, 2, &h(""), &h(""), 2), (2, 1));
        // An absolute demand beats the rest.
        assert_eq!(assign_sides(1, 2, &h("NN"), &h("N"), 1), (1, 2));
    }
}
