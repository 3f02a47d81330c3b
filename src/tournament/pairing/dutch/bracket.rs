//! The bracket-by-bracket procedure: one maximum-weight matching over all
//! players to pair, re-solved after each decision with the weights of the
//! current bracket nudged, so that the decisions follow the Dutch order (which
//! moved-down players are paired, their opponents, how many exchanges and which,
//! then each S1 player's opponent from the top).

use std::collections::HashMap;

use super::colours::Facts;
use super::matching::Matcher;
use super::weights::{EdgeContext, Layout};
use super::wide::Wide;
use super::{DutchInput, NoLegalPairing};

/// Pairs of player indices, and the player left over for the bye.
pub type Outcome = (Vec<(usize, usize)>, Option<usize>);

pub fn pair(input: &DutchInput, facts: &Facts) -> Result<Outcome, NoLegalPairing> {
    let mut sorted: Vec<usize> = (0..input.players.len())
        .filter(|&i| input.players[i].active)
        .collect();
    sorted.sort_by(|&a, &b| {
        if facts.ranks_above(a, b) {
            std::cmp::Ordering::Less
        } else if facts.ranks_above(b, a) {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    });
    if sorted.is_empty() {
        return Ok((Vec::new(), None));
    }
    let layout = Layout::new(input, facts, &sorted);
    let limbs = layout.width().div_ceil(64) as usize;
    macro_rules! dispatch {
        ($($l:literal)*) => {
            $(if limbs <= $l { return Run::<$l>::new(&layout, sorted).pair(); })*
        };
    }
    dispatch!(1 2 3 4 5 6 7 8 9 10 12 14 16 20 24 32 48 64 96 128);
    Run::<256>::new(&layout, sorted).pair()
}

/// One round's matching state, with edge weights of `L` limbs.
struct Run<'a, const L: usize> {
    layout: &'a Layout<'a>,
    /// Vertex `v` is player `sorted[v]`.
    sorted: Vec<usize>,
    n: usize,
    matcher: Matcher<Wide<L>>,
    /// Pairs already settled: such vertices take no further part.
    fixed: Vec<Option<usize>>,
}

impl<'a, const L: usize> Run<'a, L> {
    fn new(layout: &'a Layout<'a>, sorted: Vec<usize>) -> Self {
        let n = sorted.len();
        Run {
            layout,
            sorted,
            n,
            matcher: Matcher::new(n),
            fixed: vec![None; n],
        }
    }

    fn score(&self, v: usize) -> i64 {
        self.layout.facts.score[self.sorted[v]]
    }

    /// Sets an edge weight; `a` is the vertex whose edges are being changed.
    fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        if self.fixed[a].is_some() || self.fixed[b].is_some() {
            return;
        }
        // The matching wants even weights.
        let mut d = w;
        d.shl(1);
        self.matcher.set(a, b, d);
    }

    fn settle(&mut self, a: usize, b: usize) {
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
        self.matcher.remove_pair(a, b);
    }

    /// The current best matching: each vertex's mate, itself when unmatched.
    fn solve(&mut self) -> Vec<usize> {
        self.matcher.solve()
    }

    fn edge(&self, higher: usize, lower: usize, c: EdgeContext) -> Wide<L> {
        self.layout
            .edge::<L>(self.sorted[higher], self.sorted[lower], c)
    }

    // Loops run over vertex numbers, which index several tables at once.
    #[allow(clippy::needless_range_loop)]
    fn pair(mut self) -> Result<Outcome, NoLegalPairing> {
        let n = self.n;
        let lay = self.layout;
        let facts = lay.facts;
        let (g, s) = (lay.group_bits, lay.groups_bits);
        let top = self.score(0);
        let no_ranks = HashMap::new();
        let plain = |bye_score, single, ranks| EdgeContext {
            lower_in_current: false,
            lower_in_next: false,
            bye_score,
            bye_from_single_downfloater: single,
            unplayed_ranks: ranks,
        };
        // First the whole round: can it be paired at all, and from which score
        // must the bye come?
        for v in 0..n {
            for u in 0..v {
                let w = if n % 2 == 1 {
                    let (pv, pu) = (self.sorted[v], self.sorted[u]);
                    let mut w = Wide::<L>::default();
                    if lay.compatible(pv, pu) {
                        w.or_u64(
                            1 + !facts.bye_eligible[pv] as u64 + !facts.bye_eligible[pu] as u64,
                        );
                        w.shl(s);
                        w.or_u64(
                            (lay.group_shift[&self.score(v)] + lay.group_shift[&self.score(u)])
                                as u64,
                        );
                        w.shl(g);
                        w.or_u64((self.score(v) >= top) as u64);
                    }
                    w
                } else {
                    self.edge(u, v, plain(0, false, &no_ranks))
                };
                self.set(v, u, w);
            }
        }
        let first = self.solve();
        let unmatched: Vec<usize> = (0..n).filter(|&v| first[v] == v).collect();
        if unmatched.len() > 1
            || unmatched
                .iter()
                .any(|&v| !facts.bye_eligible[self.sorted[v]])
        {
            return Err(NoLegalPairing);
        }
        let mut bye_score = 0;
        let mut single = false;
        let mut ranks = HashMap::new();
        if n % 2 == 1 {
            bye_score = self.score(unmatched[0]);
            if bye_score >= top {
                single = true;
                for v in 0..n {
                    if self.score(v) < top {
                        break;
                    }
                    if self.score(first[v]) < top {
                        single = false;
                        break;
                    }
                }
            }
            let mut played: Vec<u32> = (0..n)
                .filter(|&v| self.score(v) == bye_score)
                .map(|v| facts.played_games[self.sorted[v]])
                .collect();
            played.sort_unstable_by(|a, b| b.cmp(a));
            for (rank, p) in played.into_iter().enumerate() {
                ranks.insert(p, rank as u64);
            }
            for v in 0..n {
                for u in 0..v {
                    let w = self.edge(u, v, plain(bye_score, single, &ranks));
                    self.set(v, u, w);
                }
            }
        }

        let mut mate_final: Vec<Option<usize>> = vec![None; n];
        let mut matched = vec![false; n];
        let mut by: Vec<usize> = (0..n).take_while(|&v| self.score(v) >= top).collect();
        let mut next = by.len();
        let mut moved_down = 0usize;
        let mut group_start = 0usize;
        while by.len() > 1 || next < n {
            let bracket_end = by.len();
            let next_group_start = group_start + (bracket_end - moved_down);
            let next_group = next;
            if next < n {
                let sc = self.score(next);
                while next < n && self.score(next) >= sc {
                    by.push(next);
                    next += 1;
                }
            }
            let m = by.len();
            let mut base = vec![Wide::<L>::default(); m * m];
            for larger in moved_down..m {
                for smaller in 0..larger {
                    let c = EdgeContext {
                        lower_in_current: larger < bracket_end,
                        lower_in_next: larger >= bracket_end,
                        bye_score,
                        bye_from_single_downfloater: single,
                        unplayed_ranks: &ranks,
                    };
                    let w = self.edge(by[smaller], by[larger], c);
                    base[larger * m + smaller] = w;
                    self.set(by[larger], by[smaller], w);
                }
            }
            let exchange_weight =
                |base: &[Wide<L>], smaller: usize, larger: usize, index: usize, pairs: usize| {
                    let mut w = base[larger * m + smaller];
                    if !w.is_zero() {
                        let mut add = Wide::<L>::from_u64((index < pairs) as u64);
                        add.shl(2 * g);
                        add.sub_u64(index as u64);
                        add.shl(1);
                        w.add(&add);
                    }
                    w
                };
            let mut mate = self.solve();
            let in_group =
                |mate: &[usize], v: usize| mate[v] >= group_start && mate[v] < next_group_start;

            // Which moved-down players are paired in this bracket: higher scores
            // first, and within a score the higher-ranked.
            let mut md_score = 0;
            let mut remaining = 0usize;
            let mut remaining_matched = 0usize;
            for pi in 0..moved_down {
                if pi == 0 || self.score(by[pi]) < md_score {
                    md_score = self.score(by[pi]);
                    remaining = 0;
                    remaining_matched = 0;
                    let mut mi = pi;
                    while mi < m && self.score(by[mi]) >= md_score {
                        remaining += 1;
                        if in_group(&mate, by[mi]) {
                            remaining_matched += 1;
                        }
                        mi += 1;
                    }
                }
                if remaining_matched == 0 {
                    continue;
                }
                let pv = by[pi];
                if remaining <= remaining_matched {
                    matched[pv] = true;
                    continue;
                }
                remaining -= 1;
                if !in_group(&mate, pv) {
                    for oi in moved_down..bracket_end {
                        let mut w = base[oi * m + pi];
                        if !w.is_zero() {
                            w.or_u64(1);
                            self.set(pv, by[oi], w);
                        }
                    }
                    mate = self.solve();
                }
                if in_group(&mate, pv) {
                    matched[pv] = true;
                    remaining_matched -= 1;
                    for oi in moved_down..bracket_end {
                        let mut w = base[oi * m + pi];
                        if !w.is_zero() {
                            w.or_u64((bracket_end - moved_down) as u64);
                            w.add_u64(1);
                            self.set(pv, by[oi], w);
                        }
                    }
                }
            }

            // Their opponents: the highest resident possible.
            for pi in 0..moved_down {
                let pv = by[pi];
                if !matched[pv] {
                    continue;
                }
                let mut add = m as u64;
                for oi in (moved_down..bracket_end).rev() {
                    let ov = by[oi];
                    if matched[ov] {
                        continue;
                    }
                    let mut w = base[oi * m + pi];
                    if !w.is_zero() {
                        w.add_u64(add);
                        self.set(pv, ov, w);
                        add += 1;
                    }
                }
                mate = self.solve();
                let mv = mate[pv];
                matched[mv] = true;
                self.settle(pv, mv);
            }

            // The remainder: S1 is its first `pairs` players.
            let mut remainder = Vec::new();
            let mut pairs = 0;
            for pi in moved_down..bracket_end {
                let pv = by[pi];
                if mate[pv] < group_start {
                    continue;
                }
                remainder.push(pi);
                if mate[pv] < pv {
                    pairs += 1;
                }
            }
            let len = remainder.len();
            for (oj, &oi) in remainder.iter().enumerate() {
                for (pj, &pi) in remainder.iter().enumerate().take(oj) {
                    let w = exchange_weight(&base, pi, oi, pj, pairs);
                    self.set(by[pi], by[oi], w);
                }
            }
            mate = self.solve();
            let pairs_down = |mate: &[usize], v: usize| mate[v] > v && mate[v] < next_group_start;
            let exchanges = remainder[..pairs.min(len)]
                .iter()
                .filter(|&&pi| !pairs_down(&mate, by[pi]))
                .count();

            // Exchanges out of S1: the lowest players of S1 first.
            let mut left = exchanges;
            let mut pos = pairs;
            while pos > 0 && left > 0 {
                pos -= 1;
                let pi = remainder[pos];
                let pv = by[pi];
                if pairs_down(&mate, pv) {
                    for &oi in &remainder[pos + 1..] {
                        let mut w = exchange_weight(&base, pi, oi, pos, pairs);
                        if !w.is_zero() {
                            w.sub_u64(1);
                            self.set(pv, by[oi], w);
                        }
                    }
                    mate = self.solve();
                }
                let exchange = !pairs_down(&mate, pv);
                left -= exchange as usize;
                for &oi in &remainder[pos + 1..] {
                    if exchange {
                        base[oi * m + pi] = Wide::default();
                    }
                    let w = exchange_weight(&base, pi, oi, pos, pairs);
                    self.set(pv, by[oi], w);
                }
            }

            // Exchanges into S1: the highest players of S2 first.
            let mut left = exchanges;
            let mut pos = pairs;
            while pos < len && left > 1 {
                let pi = remainder[pos];
                let pv = by[pi];
                let already = pairs_down(&mate, pv);
                if !already {
                    for &oi in &remainder[pos + 1..] {
                        let mut w = exchange_weight(&base, pi, oi, pos, pairs);
                        if !w.is_zero() {
                            w.add_u64(1);
                            self.set(pv, by[oi], w);
                        }
                    }
                    mate = self.solve();
                }
                if pairs_down(&mate, pv) {
                    left -= 1;
                    for &oi in &remainder[..pos] {
                        base[pi * m + oi] = Wide::default();
                        self.set(pv, by[oi], Wide::default());
                    }
                    for oi in bracket_end..m {
                        base[oi * m + pi] = Wide::default();
                        self.set(pv, by[oi], Wide::default());
                    }
                }
                if !already {
                    for &oi in &remainder[pos + 1..] {
                        let w = exchange_weight(&base, pi, oi, pos, pairs);
                        self.set(pv, by[oi], w);
                    }
                }
                pos += 1;
            }

            // Fix the new S1/S2 split.
            for pj in 0..len {
                let pi = remainder[pj];
                let pv = by[pi];
                for &oi in &remainder[pj + 1..] {
                    let ov = by[oi];
                    if !pairs_down(&mate, pv) || pairs_down(&mate, ov) {
                        base[oi * m + pi] = Wide::default();
                    }
                    let w = base[oi * m + pi];
                    self.set(pv, ov, w);
                }
            }

            // Each S1 player, from the top, gets the highest S2 player possible.
            for &pi in &remainder {
                let pv = by[pi];
                if !pairs_down(&mate, pv) {
                    continue;
                }
                let mut add = 0u64;
                for &oi in remainder.iter().rev() {
                    let ov = by[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    let mut w = base[oi * m + pi];
                    if !w.is_zero() {
                        w.add_u64(add);
                        self.set(pv, ov, w);
                    }
                    add += 1;
                }
                mate = self.solve();
                let mv = mate[pv];
                matched[pv] = true;
                matched[mv] = true;
                self.settle(pv, mv);
            }

            // The unpaired move down to the next bracket.
            single = n % 2 == 1 && next_group < n && bye_score >= self.score(next_group);
            let mut new_by = Vec::new();
            moved_down = 0;
            for (pi, &pv) in by.iter().enumerate() {
                if pi < bracket_end && matched[pv] {
                    mate_final[pv] = Some(mate[pv]);
                    mate_final[mate[pv]] = Some(pv);
                } else {
                    new_by.push(pv);
                    if pi < bracket_end {
                        moved_down += 1;
                    }
                    if single && self.score(mate[pv]) < self.score(next_group) {
                        single = false;
                    }
                }
            }
            by = new_by;
            group_start = next_group_start;
        }

        let mut pairs = Vec::new();
        let mut bye = None;
        for v in 0..n {
            match mate_final[v] {
                Some(u) if u != v => {
                    if v < u {
                        pairs.push((self.sorted[v], self.sorted[u]));
                    }
                }
                _ => {
                    if bye.is_some() {
                        return Err(NoLegalPairing);
                    }
                    bye = Some(self.sorted[v]);
                }
            }
        }
        Ok((pairs, bye))
    }
}
