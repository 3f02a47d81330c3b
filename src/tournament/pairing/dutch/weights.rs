//! The edge weight of a possible pair: every Dutch criterion as a bit field of
//! one wide integer, the most important in the highest bits, so that a
//! maximum-weight matching optimises them in the rule book's order.
//!
//! From the top: C1–C3 (absolute: a zero weight forbids the pair), C4/C5 (pair
//! as many as possible, the bye to an eligible player of the lowest score),
//! C6/C7 (pairs and paired scores in this bracket), C8 (the same for the next
//! bracket, so the downfloaters leave a pairable rest), C9 (the bye to the
//! player who played most), C10–C13 (colours: absolute imbalance, absolute
//! preference, preference, strong preference), C14–C17 (no repeated up/down
//! floats from the last two rounds), C18–C21 (their scores), and a few spare
//! low bits that the bracket procedure sets to choose among equal pairings.

use std::collections::{HashMap, HashSet};

use super::colours::{Facts, Float, compatible_preferences};
use super::wide::Wide;
use super::{DutchInput, RoundRecord};

/// Bits needed to write `n` (0 for 0).
pub(crate) fn bits_for(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// The widths of the fields for one round.
pub(crate) struct Layout<'a> {
    pub input: &'a DutchInput,
    pub facts: &'a Facts,
    /// Bits of a field counting players of one bracket.
    pub group_bits: u32,
    /// Bits of a field holding one counter per score group.
    pub groups_bits: u32,
    /// Where each score's counter sits within such a field.
    pub group_shift: HashMap<i64, u32>,
    met: HashSet<(usize, usize)>,
    last_round: bool,
    top_threshold: i64,
}

/// What the weight of an edge depends on besides the two players.
#[derive(Clone, Copy)]
pub(crate) struct EdgeContext<'r> {
    pub lower_in_current: bool,
    pub lower_in_next: bool,
    pub bye_score: i64,
    pub bye_from_single_downfloater: bool,
    pub unplayed_ranks: &'r HashMap<u32, u64>,
}

impl<'a> Layout<'a> {
    /// `sorted`: the players to pair, in pairing order.
    pub(crate) fn new(input: &'a DutchInput, facts: &'a Facts, sorted: &[usize]) -> Layout<'a> {
        let mut group_shift = HashMap::new();
        let mut groups_bits = 0;
        let mut largest = 0;
        let mut i = sorted.len();
        while i > 0 {
            let score = facts.score[sorted[i - 1]];
            let mut j = i;
            while j > 0 && facts.score[sorted[j - 1]] == score {
                j -= 1;
            }
            let size = i - j;
            group_shift.insert(score, groups_bits);
            groups_bits += bits_for(size);
            largest = largest.max(size);
            i = j;
        }
        let mut met = HashSet::new();
        for (i, p) in input.players.iter().enumerate() {
            for r in &p.history {
                if let RoundRecord::Played { opponent, .. } = *r {
                    met.insert((i, opponent));
                }
            }
        }
        let best = input.points.win.0.max(input.points.draw.0);
        Layout {
            input,
            facts,
            group_bits: bits_for(largest),
            groups_bits,
            group_shift,
            met,
            last_round: input.played_rounds + 1 >= input.total_rounds,
            top_threshold: (input.played_rounds as i64 * best) / 2,
        }
    }

    /// Bits of a full edge weight, with room for the matching's doubling.
    pub(crate) fn width(&self) -> u32 {
        let (g, s) = (self.group_bits, self.groups_bits);
        let played = self.input.played_rounds;
        let floats = match played {
            0 => 0,
            1 => 2 * g + 2 * s,
            _ => 4 * g + 4 * s,
        };
        2 + g + s + g + s + 2 * g + 4 * g + floats + 3 * g + 1 + 4
    }

    /// C1–C3: the two may meet at all.
    pub(crate) fn compatible(&self, a: usize, b: usize) -> bool {
        let f = self.facts;
        if self.met.contains(&(a, b)) {
            return false;
        }
        !f.absolute(a)
            || !f.absolute(b)
            || f.preference[a] != f.preference[b]
            || (self.last_round
                && (f.score[a] > self.top_threshold || f.score[b] > self.top_threshold))
    }

    fn shift_of(&self, score: i64) -> u32 {
        self.group_shift[&score]
    }

    fn bye_candidate(&self, i: usize, bye_score: i64) -> bool {
        self.facts.bye_eligible[i] && self.facts.score[i] <= bye_score
    }

    /// The weight of `higher` (earlier in the pairing order) against `lower`.
    pub(crate) fn edge<const L: usize>(
        &self,
        higher: usize,
        lower: usize,
        c: EdgeContext,
    ) -> Wide<L> {
        let mut w = Wide::<L>::default();
        if !self.compatible(higher, lower) {
            return w;
        }
        let f = self.facts;
        let (g, s) = (self.group_bits, self.groups_bits);
        let (hs, ls) = (f.score[higher], f.score[lower]);
        let input = self.input;
        w.or_u64(
            1 + !self.bye_candidate(higher, c.bye_score) as u64
                + !self.bye_candidate(lower, c.bye_score) as u64,
        );
        w.shl(g);
        w.or_u64(c.lower_in_current as u64);
        w.shl(s);
        if c.lower_in_current {
            w.add_shifted(1, self.shift_of(hs));
        }
        w.shl(g);
        w.or_u64(c.lower_in_next as u64);
        w.shl(s);
        if c.lower_in_next {
            w.add_shifted(1, self.shift_of(hs));
        }
        w.shl(2 * g);
        if c.bye_from_single_downfloater {
            if hs == c.bye_score {
                w.add_u64(c.unplayed_ranks[&f.played_games[higher]]);
            }
            if ls == c.bye_score {
                w.add_u64(c.unplayed_ranks[&f.played_games[lower]]);
            }
        }
        self.colour_bits(&mut w, lower, higher, c.lower_in_current);
        let cur = c.lower_in_current;
        let played = input.played_rounds as usize;
        for back in 1..=played.min(2) {
            w.shl(g);
            if cur {
                w.add_u64((f.float(input, lower, back) == Float::Down) as u64);
                w.add_u64((hs <= ls && f.float(input, higher, back) == Float::Down) as u64);
            }
            w.shl(g);
            if cur {
                w.add_u64(!(hs > ls && f.float(input, lower, back) == Float::Up) as u64);
            }
        }
        for back in 1..=played.min(2) {
            w.shl(s);
            if cur {
                if f.float(input, lower, back) == Float::Down {
                    w.add_shifted(1, self.shift_of(ls));
                }
                if f.float(input, higher, back) == Float::Down {
                    w.add_shifted(1, self.shift_of(hs));
                }
            }
            w.shl(s);
            if cur && !(f.float(input, lower, back) == Float::Up && hs > ls) {
                w.add_shifted(1, self.shift_of(hs));
            }
        }
        // Spare fields for the bracket procedure.
        w.shl(3 * g + 1);
        w
    }

    fn colour_bits<const L: usize>(&self, w: &mut Wide<L>, p: usize, o: usize, cur: bool) {
        let f = self.facts;
        let g = self.group_bits;
        let same = f.preference[p] == f.preference[o];
        w.shl(g);
        w.or_u64((cur && (!f.absolute_imbalance(p) || !f.absolute_imbalance(o) || !same)) as u64);
        w.shl(g);
        let repeated_ok = if f.imbalance[p] == f.imbalance[o] {
            f.repeated[p].is_none() || f.repeated[p] != f.repeated[o]
        } else {
            let weaker = if f.imbalance[p] > f.imbalance[o] {
                o
            } else {
                p
            };
            f.repeated[weaker] != f.preference[p].map(super::colours::opposite)
        };
        w.or_u64((cur && (!f.absolute(p) || !f.absolute(o) || !same || repeated_ok)) as u64);
        w.shl(g);
        w.or_u64((cur && compatible_preferences(f.preference[p], f.preference[o])) as u64);
        w.shl(g);
        let strong_ok = (!f.strong[p] && !f.absolute(p))
            || (!f.strong[o] && !f.absolute(o))
            || (f.absolute(p) && f.absolute(o))
            || !same;
        w.or_u64((cur && strong_ok) as u64);
    }
}
