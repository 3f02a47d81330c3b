//! What the Dutch rules derive from each player's history: score, colour
//! preference (A.6), floats (A.4) and bye eligibility; and the colour
//! allocation of a pair (E.1–E.5).

use super::{DutchInput, RoundRecord};
use crate::engine::Side;

/// A float in one earlier round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    Down,
    Up,
    None,
}

pub(crate) fn opposite(side: Side) -> Side {
    match side {
        Side::South => Side::North,
        Side::North => Side::South,
    }
}

/// Per-player facts, indexed like [`DutchInput::players`].
pub(crate) struct Facts {
    /// The pairing score in [`crate::tournament::Points`] units: points, plus any
    /// virtual points of the round being paired.
    pub score: Vec<i64>,
    /// |South games − North games|.
    pub imbalance: Vec<u32>,
    /// The side played in the last two (or more) games in a row, if any.
    pub repeated: Vec<Option<Side>>,
    pub preference: Vec<Option<Side>>,
    pub strong: Vec<bool>,
    pub played_games: Vec<u32>,
    pub bye_eligible: Vec<bool>,
    rank: Vec<usize>,
    played_rounds: usize,
    loss: i64,
}

impl Facts {
    pub(crate) fn new(input: &DutchInput) -> Facts {
        let n = input.players.len();
        let mut f = Facts {
            score: vec![0; n],
            imbalance: vec![0; n],
            repeated: vec![None; n],
            preference: vec![None; n],
            strong: vec![false; n],
            played_games: vec![0; n],
            bye_eligible: vec![true; n],
            rank: input.players.iter().map(|p| p.rank).collect(),
            played_rounds: input.played_rounds as usize,
            loss: input.points.loss.0,
        };
        for (i, p) in input.players.iter().enumerate() {
            let (mut south, mut north, mut run) = (0u32, 0u32, 0u32);
            let mut last = None;
            for r in &p.history {
                f.score[i] += r.points().0;
                match *r {
                    RoundRecord::Played { side, .. } => {
                        f.played_games[i] += 1;
                        if side == Side::South {
                            south += 1;
                        } else {
                            north += 1;
                        }
                        run = if last == Some(side) { run + 1 } else { 1 };
                        last = Some(side);
                    }
                    RoundRecord::Bye { .. } => f.bye_eligible[i] = false,
                    RoundRecord::Unplayed { points } if points >= input.points.win => {
                        f.bye_eligible[i] = false
                    }
                    RoundRecord::Unplayed { .. } => {}
                    RoundRecord::Absent => {}
                }
            }
            let lower = if south > north {
                Side::North
            } else {
                Side::South
            };
            // The pairing score: the virtual points of the round being paired
            // count as points (C.04.5), everywhere a score is compared.
            f.score[i] += p.virtual_points_in(f.played_rounds).0;
            f.imbalance[i] = south.abs_diff(north);
            f.preference[i] = if f.imbalance[i] > 1 || (run <= 1 && f.imbalance[i] > 0) {
                Some(lower)
            } else if run >= 1 {
                last.map(opposite)
            } else {
                None
            };
            f.repeated[i] = if run > 1 { last } else { None };
            f.strong[i] = !f.absolute(i) && f.imbalance[i] > 0;
        }
        f
    }

    pub(crate) fn absolute_imbalance(&self, i: usize) -> bool {
        self.imbalance[i] > 1
    }

    pub(crate) fn absolute(&self, i: usize) -> bool {
        self.absolute_imbalance(i) || self.repeated[i].is_some()
    }

    /// Whether `a` is ahead of `b` in the pairing order (score, then number).
    pub(crate) fn ranks_above(&self, a: usize, b: usize) -> bool {
        self.order_key(a) > self.order_key(b)
    }

    fn order_key(&self, i: usize) -> (i64, std::cmp::Reverse<(usize, usize)>) {
        (self.score[i], std::cmp::Reverse((self.rank[i], i)))
    }

    /// The pairing score `rounds_back` rounds ago: the points before that round
    /// and the virtual points it was paired with.
    pub(crate) fn score_back(&self, input: &DutchInput, i: usize, rounds_back: usize) -> i64 {
        let p = &input.players[i];
        let h = &p.history;
        self.score[i]
            - p.virtual_points_in(self.played_rounds).0
            - h[h.len() - rounds_back..]
                .iter()
                .map(|r| r.points().0)
                .sum::<i64>()
            + p.virtual_points_in(self.played_rounds - rounds_back).0
    }

    /// The float of player `i` `rounds_back` rounds ago (a bye, or any unplayed
    /// round that scored more than a loss, is a downfloat).
    pub(crate) fn float(&self, input: &DutchInput, i: usize, rounds_back: usize) -> Float {
        match input.players[i].history[self.played_rounds - rounds_back] {
            RoundRecord::Played { opponent, .. } => {
                let me = self.score_back(input, i, rounds_back);
                let them = self.score_back(input, opponent, rounds_back);
                match me.cmp(&them) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
            r => {
                if r.points().0 > self.loss {
                    Float::Down
                } else {
                    Float::None
                }
            }
        }
    }
}

/// Whether two preferences can both be granted.
pub(crate) fn compatible_preferences(a: Option<Side>, b: Option<Side>) -> bool {
    a != b || a.is_none()
}

/// The most recent round in which the two players' played sides differed.
fn first_difference(input: &DutchInput, a: usize, b: usize) -> (Option<Side>, Option<Side>) {
    let sides = |i: usize| {
        input.players[i]
            .history
            .iter()
            .rev()
            .filter_map(|r| match r {
                RoundRecord::Played { side, .. } => Some(*side),
                _ => None,
            })
    };
    let (mut sa, mut sb) = (sides(a), sides(b));
    loop {
        match (sa.next(), sb.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (x, y) => return (x, y),
        }
    }
}

/// E.1–E.4 for `player` against `opponent`, when they decide it.
fn neutral_side(player: usize, opponent: usize, input: &DutchInput, f: &Facts) -> Option<Side> {
    let (pp, op) = (f.preference[player], f.preference[opponent]);
    if compatible_preferences(pp, op) {
        return pp.or(op.map(opposite));
    }
    let (pa, oa) = (f.absolute(player), f.absolute(opponent));
    let (pi, oi) = (f.imbalance[player], f.imbalance[opponent]);
    if pa && (pi > oi || !oa) {
        pp
    } else if oa && (oi > pi || !pa) {
        op.map(opposite)
    } else if f.strong[player] && !f.strong[opponent] {
        pp
    } else if f.strong[opponent] && !f.strong[player] {
        op.map(opposite)
    } else {
        match first_difference(input, player, opponent) {
            (Some(_), Some(theirs)) => Some(theirs),
            _ => None,
        }
    }
}

/// The side `player` (the lower pairing number of the two) gets against
/// `opponent`.
pub(crate) fn side_for(player: usize, opponent: usize, input: &DutchInput, f: &Facts) -> Side {
    if let Some(s) = neutral_side(player, opponent, input, f) {
        return s;
    }
    let initial = input.initial_side;
    let rank = |i: usize| input.players[i].rank;
    let opponent_higher = f.ranks_above(opponent, player);
    match f.preference[player] {
        None if opponent_higher => {
            if rank(opponent) & 1 == 1 {
                initial
            } else {
                opposite(initial)
            }
        }
        None => {
            if rank(player) & 1 == 1 {
                opposite(initial)
            } else {
                initial
            }
        }
        Some(p) if opponent_higher => opposite(f.preference[opponent].unwrap_or(opposite(p))),
        Some(p) => p,
    }
}
