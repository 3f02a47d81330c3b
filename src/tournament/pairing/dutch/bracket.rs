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
pub(super) type Outcome = (Vec<(usize, usize)>, Option<usize>);

pub(super) fn pair(input: &DutchInput, facts: &Facts) -> Result<Outcome, NoLegalPairing> {
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

// Loops run over vertex numbers, which index several tables at once.
#[allow(clippy::needless_range_loop)]
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

    /// Pairs the round: the whole round first (can it be paired, from which score
    /// the bye), then bracket by bracket from the top.
    fn pair(mut self) -> Result<Outcome, NoLegalPairing> {
        let bye = self.weigh_whole_round()?;
        let mate_final = self.pair_brackets(bye);
        let mut pairs = Vec::new();
        let mut bye = None;
        for (v, mate) in mate_final.into_iter().enumerate() {
            match mate {
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

    /// First the whole round: can it be paired at all, and from which score must
    /// the bye come? Every edge is then weighed knowing the bye's score.
    fn weigh_whole_round(&mut self) -> Result<ByeContext, NoLegalPairing> {
        let n = self.n;
        let no_ranks = HashMap::new();
        for v in 0..n {
            for u in 0..v {
                let w = if n % 2 == 1 {
                    self.bye_finding_weight(v, u)
                } else {
                    self.edge(u, v, plain_context(0, false, &no_ranks))
                };
                self.set(v, u, w);
            }
        }
        let first = self.solve();
        let unmatched: Vec<usize> = (0..n).filter(|&v| first[v] == v).collect();
        if unmatched.len() > 1
            || unmatched
                .iter()
                .any(|&v| !self.layout.facts.bye_eligible[self.sorted[v]])
        {
            return Err(NoLegalPairing);
        }
        let mut bye = ByeContext {
            score: 0,
            single: false,
            ranks: HashMap::new(),
        };
        if n % 2 == 1 {
            bye = self.bye_context(&first, unmatched[0]);
            for v in 0..n {
                for u in 0..v {
                    let w = self.edge(u, v, plain_context(bye.score, bye.single, &bye.ranks));
                    self.set(v, u, w);
                }
            }
        }
        Ok(bye)
    }

    /// An edge's weight in an odd round's first matching, which finds the bye's
    /// score: compatible pairs only; pairing players who may not take the bye
    /// first (so that the one left over may), then the higher score groups (so
    /// that the bye comes from as low a score as possible), then the top group.
    fn bye_finding_weight(&self, v: usize, u: usize) -> Wide<L> {
        let lay = self.layout;
        let facts = lay.facts;
        let top = self.score(0);
        let (pv, pu) = (self.sorted[v], self.sorted[u]);
        let mut w = Wide::<L>::default();
        if lay.compatible(pv, pu) {
            w.or_u64(1 + !facts.bye_eligible[pv] as u64 + !facts.bye_eligible[pu] as u64);
            w.shl(lay.groups_bits);
            w.or_u64((lay.group_shift[&self.score(v)] + lay.group_shift[&self.score(u)]) as u64);
            w.shl(lay.group_bits);
            w.or_u64((self.score(v) >= top) as u64);
        }
        w
    }

    /// The bye's score (that of `unmatched`, left over by the first matching),
    /// whether it may come from a single player floating down from the top group,
    /// and the ranks by games played of the players with the bye's score.
    fn bye_context(&self, first: &[usize], unmatched: usize) -> ByeContext {
        let n = self.n;
        let top = self.score(0);
        let score = self.score(unmatched);
        let mut single = false;
        if score >= top {
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
            .filter(|&v| self.score(v) == score)
            .map(|v| self.layout.facts.played_games[self.sorted[v]])
            .collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        let ranks = played
            .into_iter()
            .enumerate()
            .map(|(rank, p)| (p, rank as u64))
            .collect();
        ByeContext {
            score,
            single,
            ranks,
        }
    }

    /// The brackets from the top score down, each decided in the Dutch order; each
    /// vertex's final mate (none for the bye).
    fn pair_brackets(&mut self, mut bye: ByeContext) -> Vec<Option<usize>> {
        let n = self.n;
        let top = self.score(0);
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
            let mut b = Bracket {
                by,
                moved_down,
                bracket_end,
                group_start,
                next_group_start,
                base: Vec::new(),
                group_bits: self.layout.group_bits,
            };
            self.weigh_bracket(&mut b, &bye);
            let mut mate = self.solve();
            self.choose_moved_down_paired(&b, &mut mate, &mut matched);
            self.pair_moved_down(&b, &mut mate, &mut matched);
            let (remainder, pairs) = b.remainder(&mate);
            let exchanges = self.weigh_remainder(&b, &remainder, pairs, &mut mate);
            self.exchange_out_of_s1(&mut b, &remainder, pairs, exchanges, &mut mate);
            self.exchange_into_s1(&mut b, &remainder, pairs, exchanges, &mut mate);
            self.fix_split(&mut b, &remainder, &mate);
            self.pair_s1_from_top(&b, &remainder, &mut mate, &mut matched);

            // The unpaired move down to the next bracket.
            bye.single = n % 2 == 1 && next_group < n && bye.score >= self.score(next_group);
            let mut new_by = Vec::new();
            moved_down = 0;
            for (pi, &pv) in b.by.iter().enumerate() {
                if pi < bracket_end && matched[pv] {
                    mate_final[pv] = Some(mate[pv]);
                    mate_final[mate[pv]] = Some(pv);
                } else {
                    new_by.push(pv);
                    if pi < bracket_end {
                        moved_down += 1;
                    }
                    if bye.single && self.score(mate[pv]) < self.score(next_group) {
                        bye.single = false;
                    }
                }
            }
            by = new_by;
            group_start = next_group_start;
        }
        mate_final
    }

    /// Weighs the bracket's edges (each kept in `base` before any nudge).
    fn weigh_bracket(&mut self, b: &mut Bracket<L>, bye: &ByeContext) {
        let m = b.by.len();
        b.base = vec![Wide::<L>::default(); m * m];
        for larger in b.moved_down..m {
            for smaller in 0..larger {
                let c = EdgeContext {
                    lower_in_current: larger < b.bracket_end,
                    lower_in_next: larger >= b.bracket_end,
                    bye_score: bye.score,
                    bye_from_single_downfloater: bye.single,
                    unplayed_ranks: &bye.ranks,
                };
                let w = self.edge(b.by[smaller], b.by[larger], c);
                b.base[larger * m + smaller] = w;
                self.set(b.by[larger], b.by[smaller], w);
            }
        }
    }

    /// Which moved-down players are paired in this bracket: higher scores first,
    /// and within a score the higher-ranked.
    fn choose_moved_down_paired(
        &mut self,
        b: &Bracket<L>,
        mate: &mut Vec<usize>,
        matched: &mut [bool],
    ) {
        let (by, m, moved_down, bracket_end) = (&b.by, b.by.len(), b.moved_down, b.bracket_end);
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
                    if b.in_group(mate, by[mi]) {
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
            if !b.in_group(mate, pv) {
                for oi in moved_down..bracket_end {
                    let mut w = b.base[oi * m + pi];
                    if !w.is_zero() {
                        w.or_u64(1);
                        self.set(pv, by[oi], w);
                    }
                }
                *mate = self.solve();
            }
            if b.in_group(mate, pv) {
                matched[pv] = true;
                remaining_matched -= 1;
                for oi in moved_down..bracket_end {
                    let mut w = b.base[oi * m + pi];
                    if !w.is_zero() {
                        w.or_u64((bracket_end - moved_down) as u64);
                        w.add_u64(1);
                        self.set(pv, by[oi], w);
                    }
                }
            }
        }
    }

    /// The moved-down players' opponents: the highest resident possible.
    fn pair_moved_down(&mut self, b: &Bracket<L>, mate: &mut Vec<usize>, matched: &mut [bool]) {
        let (by, m, moved_down, bracket_end) = (&b.by, b.by.len(), b.moved_down, b.bracket_end);
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
                let mut w = b.base[oi * m + pi];
                if !w.is_zero() {
                    w.add_u64(add);
                    self.set(pv, ov, w);
                    add += 1;
                }
            }
            *mate = self.solve();
            let mv = mate[pv];
            matched[mv] = true;
            self.settle(pv, mv);
        }
    }

    /// Weighs the remainder's edges for exchanges and returns how many exchanges
    /// the best matching makes between S1 (the first `pairs`) and S2.
    fn weigh_remainder(
        &mut self,
        b: &Bracket<L>,
        remainder: &[usize],
        pairs: usize,
        mate: &mut Vec<usize>,
    ) -> usize {
        for (oj, &oi) in remainder.iter().enumerate() {
            for (pj, &pi) in remainder.iter().enumerate().take(oj) {
                let w = b.exchange_weight(pi, oi, pj, pairs);
                self.set(b.by[pi], b.by[oi], w);
            }
        }
        *mate = self.solve();
        remainder[..pairs.min(remainder.len())]
            .iter()
            .filter(|&&pi| !b.pairs_down(mate, b.by[pi]))
            .count()
    }

    /// Exchanges out of S1: the lowest players of S1 first.
    fn exchange_out_of_s1(
        &mut self,
        b: &mut Bracket<L>,
        remainder: &[usize],
        pairs: usize,
        exchanges: usize,
        mate: &mut Vec<usize>,
    ) {
        let m = b.by.len();
        let mut left = exchanges;
        let mut pos = pairs;
        while pos > 0 && left > 0 {
            pos -= 1;
            let pi = remainder[pos];
            let pv = b.by[pi];
            if b.pairs_down(mate, pv) {
                for &oi in &remainder[pos + 1..] {
                    let mut w = b.exchange_weight(pi, oi, pos, pairs);
                    if !w.is_zero() {
                        w.sub_u64(1);
                        self.set(pv, b.by[oi], w);
                    }
                }
                *mate = self.solve();
            }
            let exchange = !b.pairs_down(mate, pv);
            left -= exchange as usize;
            for &oi in &remainder[pos + 1..] {
                if exchange {
                    b.base[oi * m + pi] = Wide::default();
                }
                let w = b.exchange_weight(pi, oi, pos, pairs);
                self.set(pv, b.by[oi], w);
            }
        }
    }

    /// Exchanges into S1: the highest players of S2 first.
    fn exchange_into_s1(
        &mut self,
        b: &mut Bracket<L>,
        remainder: &[usize],
        pairs: usize,
        exchanges: usize,
        mate: &mut Vec<usize>,
    ) {
        let m = b.by.len();
        let len = remainder.len();
        let mut left = exchanges;
        let mut pos = pairs;
        while pos < len && left > 1 {
            let pi = remainder[pos];
            let pv = b.by[pi];
            let already = b.pairs_down(mate, pv);
            if !already {
                for &oi in &remainder[pos + 1..] {
                    let mut w = b.exchange_weight(pi, oi, pos, pairs);
                    if !w.is_zero() {
                        w.add_u64(1);
                        self.set(pv, b.by[oi], w);
                    }
                }
                *mate = self.solve();
            }
            if b.pairs_down(mate, pv) {
                left -= 1;
                for &oi in &remainder[..pos] {
                    b.base[pi * m + oi] = Wide::default();
                    self.set(pv, b.by[oi], Wide::default());
                }
                for oi in b.bracket_end..m {
                    b.base[oi * m + pi] = Wide::default();
                    self.set(pv, b.by[oi], Wide::default());
                }
            }
            if !already {
                for &oi in &remainder[pos + 1..] {
                    let w = b.exchange_weight(pi, oi, pos, pairs);
                    self.set(pv, b.by[oi], w);
                }
            }
            pos += 1;
        }
    }

    /// Fixes the new S1/S2 split: only an S1 player's edge to an S2 player stays.
    fn fix_split(&mut self, b: &mut Bracket<L>, remainder: &[usize], mate: &[usize]) {
        let m = b.by.len();
        for pj in 0..remainder.len() {
            let pi = remainder[pj];
            let pv = b.by[pi];
            for &oi in &remainder[pj + 1..] {
                let ov = b.by[oi];
                if !b.pairs_down(mate, pv) || b.pairs_down(mate, ov) {
                    b.base[oi * m + pi] = Wide::default();
                }
                let w = b.base[oi * m + pi];
                self.set(pv, ov, w);
            }
        }
    }

    /// Each S1 player, from the top, gets the highest S2 player possible.
    fn pair_s1_from_top(
        &mut self,
        b: &Bracket<L>,
        remainder: &[usize],
        mate: &mut Vec<usize>,
        matched: &mut [bool],
    ) {
        let m = b.by.len();
        for &pi in remainder {
            let pv = b.by[pi];
            if !b.pairs_down(mate, pv) {
                continue;
            }
            let mut add = 0u64;
            for &oi in remainder.iter().rev() {
                let ov = b.by[oi];
                if oi <= pi || matched[ov] {
                    continue;
                }
                let mut w = b.base[oi * m + pi];
                if !w.is_zero() {
                    w.add_u64(add);
                    self.set(pv, ov, w);
                }
                add += 1;
            }
            *mate = self.solve();
            let mv = mate[pv];
            matched[pv] = true;
            matched[mv] = true;
            self.settle(pv, mv);
        }
    }
}

/// Where the bye comes from, as every edge weight after the first matching sees it.
struct ByeContext {
    score: i64,
    /// The bye may go to a single player floating down (from the top group at
    /// first, then from each bracket to the next).
    single: bool,
    /// Players with the bye's score, ranked by games played (most first).
    ranks: HashMap<u32, u64>,
}

fn plain_context(bye_score: i64, single: bool, ranks: &HashMap<u32, u64>) -> EdgeContext<'_> {
    EdgeContext {
        lower_in_current: false,
        lower_in_next: false,
        bye_score,
        bye_from_single_downfloater: single,
        unplayed_ranks: ranks,
    }
}

/// One bracket as it is decided: vertices `by` are the players moved down into it,
/// then its residents (to `bracket_end`), then the next score group's players.
struct Bracket<const L: usize> {
    by: Vec<usize>,
    moved_down: usize,
    bracket_end: usize,
    /// Vertices `group_start..next_group_start` are this score group's residents.
    group_start: usize,
    next_group_start: usize,
    /// Each edge's weight before any nudge, at `larger * by.len() + smaller`.
    base: Vec<Wide<L>>,
    group_bits: u32,
}

impl<const L: usize> Bracket<L> {
    /// Whether `v`'s mate is a resident of this bracket's score group.
    fn in_group(&self, mate: &[usize], v: usize) -> bool {
        mate[v] >= self.group_start && mate[v] < self.next_group_start
    }

    /// Whether `v` is paired with a lower player of this bracket (so is in S1).
    fn pairs_down(&self, mate: &[usize], v: usize) -> bool {
        mate[v] > v && mate[v] < self.next_group_start
    }

    /// The residents the matching pairs within or below the group (not with a
    /// moved-down player), and how many of them pair downwards: S1's size.
    fn remainder(&self, mate: &[usize]) -> (Vec<usize>, usize) {
        let mut remainder = Vec::new();
        let mut pairs = 0;
        for pi in self.moved_down..self.bracket_end {
            let pv = self.by[pi];
            if mate[pv] < self.group_start {
                continue;
            }
            remainder.push(pi);
            if mate[pv] < pv {
                pairs += 1;
            }
        }
        (remainder, pairs)
    }

    /// The remainder's edge from position `index` (an S1 player while below `pairs`)
    /// to a lower player: S1 pairing into S2 counts first, then the higher players
    /// of S1 staying in it.
    fn exchange_weight(
        &self,
        smaller: usize,
        larger: usize,
        index: usize,
        pairs: usize,
    ) -> Wide<L> {
        let mut w = self.base[larger * self.by.len() + smaller];
        if !w.is_zero() {
            let mut add = Wide::<L>::from_u64((index < pairs) as u64);
            add.shl(2 * self.group_bits);
            add.sub_u64(index as u64);
            add.shl(1);
            w.add(&add);
        }
        w
    }
}
