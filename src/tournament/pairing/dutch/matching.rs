//! Maximum-weight matching on a general graph: Edmonds' blossom algorithm with
//! the primal-dual method (Galil's O(n³) formulation), over any unsigned integer
//! weight type.
//!
//! Written for the Dutch pairing, whose weights are hundreds of bits wide.
//! Weights must be even (the caller doubles them), so that every dual update
//! stays an integer.

use std::collections::HashMap;

use super::wide::Wide;

/// What the matching needs from a weight: unsigned integer arithmetic.
pub(crate) trait Weight: Copy + Ord + Default + std::hash::Hash {
    fn plus(&mut self, o: &Self);
    fn minus(&mut self, o: &Self);
    fn halve(&mut self);
    fn is_zero(&self) -> bool;
    /// `a + b - c` (the slack of an edge), in one pass where the type allows.
    fn sum_less(a: &Self, b: &Self, c: &Self) -> Self {
        let mut s = *a;
        s.plus(b);
        s.minus(c);
        s
    }
}

impl<const L: usize> Weight for Wide<L> {
    fn plus(&mut self, o: &Self) {
        self.add(o);
    }
    fn minus(&mut self, o: &Self) {
        self.sub(o);
    }
    fn halve(&mut self) {
        self.shr1();
    }
    fn is_zero(&self) -> bool {
        Wide::is_zero(self)
    }
    #[inline]
    fn sum_less(a: &Self, b: &Self, c: &Self) -> Self {
        Wide::sum_less(a, b, c)
    }
}

impl Weight for u64 {
    fn plus(&mut self, o: &Self) {
        *self = self.wrapping_add(*o);
    }
    fn minus(&mut self, o: &Self) {
        *self = self.wrapping_sub(*o);
    }
    fn halve(&mut self) {
        *self >>= 1;
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
}

const NONE: usize = usize::MAX;

/// Returns, for each vertex `0..n`, its mate in a matching of maximum total
/// weight (`None`: unmatched). `edges` are `(u, v, weight)` with `u != v`, each
/// pair at most once, every weight even and non-zero.
#[cfg(test)]
pub(crate) fn max_weight_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
) -> Vec<Option<usize>> {
    let mut m = Matcher::new(n);
    for &(a, b, w) in edges {
        m.set(a, b, w);
    }
    m.solve();
    (0..n).map(|v| m.mate_of(v)).collect()
}

/// A maximum-weight matching kept up to date while edge weights change: after
/// weights around a few vertices change, [`Matcher::solve`] starts from the
/// previous optimum (its duals, with blossoms dissolved into the vertices) and
/// needs a few augmentation stages instead of a fresh run.
pub(crate) struct Matcher<W: Weight> {
    n: usize,
    /// Row length of the dense tables: a power of two, so that an edge number
    /// splits into its ends by shifting.
    stride: usize,
    shift: u32,
    /// Twice the edge weights, `weights[twice[a * stride + b]]`; index 0 is
    /// zero, no edge (stored doubled because the slack subtracts the weight
    /// twice).
    ///
    /// Each distinct weight is stored once and the table holds its number:
    /// the scans read a weight for every vertex pair, and the Dutch weights
    /// are hundreds of bits wide but few (a 1,000-player field sets about 7,700
    /// distinct weights on a million pairs), so the scans read a table of four
    /// megabytes and a hot list of weights instead of a hundred megabytes.
    twice: Vec<u32>,
    weights: Vec<W>,
    weight_numbers: HashMap<W, u32>,
    /// Vertices taken out (settled pairs): ignored from then on.
    dead: Vec<bool>,
    dirty: Vec<bool>,
    solved: bool,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    /// The slack of `bestedge`, valid while `bestgen` equals `generation`
    /// (duals unchanged since): the scan compares against it for every edge.
    bestslack: Vec<W>,
    bestgen: Vec<u64>,
    generation: u64,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    /// The edges marked in `allowedge` this stage, to clear them cheaply.
    allowed: Vec<usize>,
    /// Per top-level blossom, the least-slack edge to it (add_blossom's table).
    bestedgeto: Vec<usize>,
    bestslackto: Vec<W>,
    queue: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    pub(crate) fn new(n: usize) -> Self {
        let stride = n.next_power_of_two();
        Matcher {
            n,
            stride,
            shift: stride.trailing_zeros(),
            twice: vec![0; n * stride],
            weights: vec![W::default()],
            weight_numbers: HashMap::from([(W::default(), 0)]),
            dead: vec![false; n],
            dirty: vec![false; n],
            solved: false,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            bestslack: vec![W::default(); 2 * n],
            bestgen: vec![0; 2 * n],
            generation: 1,
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar: vec![W::default(); 2 * n],
            allowedge: vec![false; n * stride],
            allowed: Vec::new(),
            bestedgeto: vec![NONE; 2 * n],
            bestslackto: vec![W::default(); 2 * n],
            queue: Vec::new(),
        }
    }

    /// Sets the weight of edge `a`–`b` (even; zero: no edge); `a` is the vertex
    /// whose dual is re-fitted at the next solve. Setting the weight an edge
    /// already has changes nothing: the current optimum stays one.
    pub(crate) fn set(&mut self, a: usize, b: usize, w: W) {
        let mut twice = w;
        twice.plus(&w);
        let number = self.number_of(twice);
        if self.twice[a * self.stride + b] == number {
            return;
        }
        self.twice[a * self.stride + b] = number;
        self.twice[b * self.stride + a] = number;
        self.dirty[a] = true;
    }

    fn number_of(&mut self, twice: W) -> u32 {
        let next = self.weights.len() as u32;
        let number = *self.weight_numbers.entry(twice).or_insert(next);
        if number == next {
            self.weights.push(twice);
        }
        number
    }

    /// Twice the weight of the edge at `k` (`a * stride + b`).
    fn twice_weight(&self, k: usize) -> &W {
        &self.weights[self.twice[k] as usize]
    }

    /// Takes two vertices matched to each other out of the graph for good.
    pub(crate) fn remove_pair(&mut self, a: usize, b: usize) {
        debug_assert_eq!(self.mate_of(a), Some(b));
        self.dead[a] = true;
        self.dead[b] = true;
    }

    pub(crate) fn mate_of(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then(|| self.endpoint(self.mate[v]))
    }

    fn endpoint(&self, p: usize) -> usize {
        let k = p / 2;
        if p.is_multiple_of(2) {
            k >> self.shift
        } else {
            k & (self.stride - 1)
        }
    }

    fn edge_ends(&self, k: usize) -> (usize, usize) {
        (k >> self.shift, k & (self.stride - 1))
    }

    /// The remote endpoint of the edge from `v` to `u`.
    fn toward(&self, v: usize, u: usize) -> usize {
        if v < u {
            2 * (v * self.stride + u) + 1
        } else {
            2 * (u * self.stride + v)
        }
    }

    fn live_neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).filter(move |&u| self.live_edge(v, u))
    }

    fn live_edge(&self, v: usize, u: usize) -> bool {
        u != v && !self.dead[u] && self.twice[v * self.stride + u] != 0
    }

    fn best_slack(&mut self, x: usize) -> W {
        if self.bestgen[x] != self.generation {
            self.bestslack[x] = self.slack(self.bestedge[x]);
            self.bestgen[x] = self.generation;
        }
        self.bestslack[x]
    }

    fn set_best(&mut self, x: usize, k: usize, slack: W) {
        self.bestedge[x] = k;
        self.bestslack[x] = slack;
        self.bestgen[x] = self.generation;
    }

    fn allow(&mut self, k: usize) {
        if !self.allowedge[k] {
            // Both ways round, so that a scan reads its own row.
            let (i, j) = self.edge_ends(k);
            self.allowedge[i * self.stride + j] = true;
            self.allowedge[j * self.stride + i] = true;
            self.allowed.push(k);
        }
    }

    /// Back to a state the stages can start from: blossoms dissolved into their
    /// vertices' duals, re-weighted vertices given the least duals that fit
    /// their new edges, matched edges no longer tight undone, and every exposed
    /// vertex with a positive dual of the same parity. The first time, every
    /// dual is the largest weight and the heaviest edges are matched greedily.
    fn prepare(&mut self) {
        let n = self.n;
        if !self.solved {
            let mut max = W::default();
            for &number in &self.twice {
                let w = self.weights[number as usize];
                if w > max {
                    max = w;
                }
            }
            max.halve();
            for v in 0..n {
                self.dualvar[v] = max;
            }
            // Edges of the largest weight are tight from the start: match them
            // greedily, so that the stages only have the rest to do.
            let mut top = max;
            top.plus(&max);
            for v in 0..n {
                if self.dead[v] || self.mate[v] != NONE {
                    continue;
                }
                let found = (v + 1..n).find(|&u| {
                    self.mate[u] == NONE
                        && self.live_edge(v, u)
                        && *self.twice_weight(v * self.stride + u) == top
                });
                if let Some(u) = found {
                    self.mate[v] = self.toward(v, u);
                    self.mate[u] = self.toward(u, v);
                }
            }
            self.solved = true;
            self.dirty.iter_mut().for_each(|d| *d = false);
            return;
        }
        // Blossoms holding a re-weighted or removed vertex are dissolved into
        // their vertices' duals; the others stay with their duals, so that the
        // stages need not build them again.
        for v in 0..n {
            if (self.dirty[v] || self.dead[v]) && self.inblossom[v] != v {
                self.dissolve_top(self.inblossom[v]);
            }
        }
        for v in 0..n {
            if !self.dirty[v] || self.dead[v] {
                continue;
            }
            self.dirty[v] = false;
            // The least dual that fits the new edges; a matched edge that is
            // still tight with it stays matched (checked below).
            let mut need = W::default();
            for u in self.live_neighbours(v) {
                let mut twice = *self.twice_weight(v * self.stride + u);
                if twice > self.dualvar[u] {
                    twice.minus(&self.dualvar[u]);
                    if twice > need {
                        need = twice;
                    }
                }
            }
            self.dualvar[v] = need;
        }
        for v in 0..n {
            if self.dead[v] {
                continue;
            }
            // A matched edge inside a blossom is tight with the blossom's dual.
            if let Some(u) = self.mate_of(v)
                && (self.inblossom[v] != self.inblossom[u] || self.inblossom[v] == v)
                && (self.twice[self.mate[v] / 2] == 0 || !self.slack(self.mate[v] / 2).is_zero())
            {
                self.mate[u] = NONE;
                self.mate[v] = NONE;
            }
        }
        for v in 0..n {
            if !self.dead[v] && self.mate[v] == NONE && !self.dualvar[v].is_zero() && self.is_odd(v)
            {
                // The base of a blossom shares its parity with the blossom's
                // other vertices: dissolved, it is a vertex of its own.
                if self.inblossom[v] != v {
                    self.dissolve_top(self.inblossom[v]);
                    if !self.is_odd(v) {
                        continue;
                    }
                }
                // Raising an exposed vertex's dual keeps every edge feasible.
                self.raise_by_one(v);
            }
        }
    }

    fn is_odd(&self, v: usize) -> bool {
        let mut h = self.dualvar[v];
        h.halve();
        let mut back = h;
        back.plus(&h);
        back != self.dualvar[v]
    }

    fn raise_by_one(&mut self, v: usize) {
        // dual + 1, built from the type's own arithmetic: d - (d/2)*2 is 1 here.
        let mut h = self.dualvar[v];
        h.halve();
        let mut twice = h;
        twice.plus(&h);
        let mut one = self.dualvar[v];
        one.minus(&twice);
        self.dualvar[v].plus(&one);
    }

    /// Dissolves top-level blossom `b` and every blossom inside it: each vertex
    /// takes the duals of the blossoms around it, and the slots are freed.
    fn dissolve_top(&mut self, b: usize) {
        self.dissolve(b, W::default());
        let mut stack = vec![b];
        while let Some(c) = stack.pop() {
            if c < self.n {
                self.inblossom[c] = c;
                self.blossomparent[c] = NONE;
                continue;
            }
            stack.append(&mut self.blossomchilds[c]);
            self.blossomendps[c].clear();
            self.blossombase[c] = NONE;
            self.blossomparent[c] = NONE;
            self.blossombestedges[c] = None;
            self.dualvar[c] = W::default();
            self.unusedblossoms.push(c);
        }
    }

    fn dissolve(&mut self, b: usize, extra: W) {
        let mut e = extra;
        e.plus(&self.dualvar[b]);
        for c in self.blossomchilds[b].clone() {
            if c < self.n {
                self.dualvar[c].plus(&e);
            } else {
                self.dissolve(c, e);
            }
        }
    }

    fn slack(&self, k: usize) -> W {
        let (i, j) = self.edge_ends(k);
        W::sum_less(&self.dualvar[i], &self.dualvar[j], self.twice_weight(k))
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.blossomchilds[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let mut l = Vec::new();
            self.leaves(b, &mut l);
            self.queue.extend(l);
        } else {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint(mb), 1, mb ^ 1);
        }
    }

    /// Traces back from `v` and `w` to find a new blossom's base, or `NONE`
    /// when the paths reach two different exposed vertices (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE {
            let b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                let t = self.endpoint(self.labelend[b]);
                let bt = self.inblossom[t];
                v = self.endpoint(self.labelend[bt]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.edge_ends(k);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::default();
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = std::mem::take(&mut self.bestedgeto);
        let mut slackto = std::mem::take(&mut self.bestslackto);
        let mut touched = Vec::new();
        let mut consider = |m: &Self, k: usize, row: Option<usize>, bestedgeto: &mut Vec<usize>| {
            let (i, j) = m.edge_ends(k);
            let j = if m.inblossom[j] == b { i } else { j };
            let bj = m.inblossom[j];
            if bj != b && m.label[bj] == 1 {
                let sk = match row {
                    Some(v) => {
                        let u = if v == i { j } else { i };
                        W::sum_less(
                            &m.dualvar[v],
                            &m.dualvar[u],
                            m.twice_weight(v * m.stride + u),
                        )
                    }
                    None => m.slack(k),
                };
                if bestedgeto[bj] == NONE {
                    touched.push(bj);
                    bestedgeto[bj] = k;
                    slackto[bj] = sk;
                } else if sk < slackto[bj] {
                    bestedgeto[bj] = k;
                    slackto[bj] = sk;
                }
            }
        };
        for &bv in &path {
            match self.blossombestedges[bv].take() {
                Some(list) => {
                    for k in list {
                        consider(self, k, None, &mut bestedgeto);
                    }
                }
                None => {
                    for v in self.leaves_of(bv) {
                        for u in 0..self.n {
                            // Only an edge to another S-blossom is considered:
                            // asked first, it spares reading the others' weights.
                            let bu = self.inblossom[u];
                            if bu != b && self.label[bu] == 1 && self.live_edge(v, u) {
                                consider(self, self.toward(v, u) / 2, Some(v), &mut bestedgeto);
                            }
                        }
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        // The table is indexed by blossom; the list keeps the blossoms' order.
        touched.sort_unstable();
        let best: Vec<usize> = touched.iter().map(|&bj| bestedgeto[bj]).collect();
        self.bestedge[b] = NONE;
        for &bj in &touched {
            let sk = slackto[bj];
            if self.bestedge[b] == NONE || sk < self.bestslack[b] {
                self.set_best(b, bestedgeto[bj], sk);
            }
            bestedgeto[bj] = NONE;
        }
        self.bestedgeto = bestedgeto;
        self.bestslackto = slackto;
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let at = |j: isize| (((j % len) + len) % len) as usize;
            let endps = self.blossomendps[b].clone();
            let entrychild = self.inblossom[self.endpoint(self.labelend[b] ^ 1)];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap() as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                let e = self.endpoint(p ^ 1);
                self.label[e] = 0;
                let q = endps[at(j - endptrick as isize)];
                let e2 = self.endpoint(q ^ endptrick ^ 1);
                self.label[e2] = 0;
                self.assign_label(e, 2, p);
                self.allow(q / 2);
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                self.allow(p / 2);
                j += jstep;
            }
            let bv = childs[at(j)];
            let e = self.endpoint(p ^ 1);
            self.label[e] = 2;
            self.label[bv] = 2;
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.leaves_of(bv);
                if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    let e2 = self.endpoint(mb);
                    self.label[e2] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let len = childs.len() as isize;
        let at = |j: isize| (((j % len) + len) % len) as usize;
        let i = childs.iter().position(|&c| c == t).unwrap();
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = childs[at(j)];
            let p = endps[at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p));
            }
            j += jstep;
            let t = childs[at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p ^ 1));
            }
            let (a, b) = (self.endpoint(p), self.endpoint(p ^ 1));
            self.mate[a] = p ^ 1;
            self.mate[b] = p;
        }
        let mut c = childs[i..].to_vec();
        c.extend_from_slice(&childs[..i]);
        let mut e = endps[i..].to_vec();
        e.extend_from_slice(&endps[..i]);
        self.blossombase[b] = self.blossombase[c[0]];
        self.blossomchilds[b] = c;
        self.blossomendps[b] = e;
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.edge_ends(k);
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint(self.labelend[bs]);
                let bt = self.inblossom[t];
                s = self.endpoint(self.labelend[bt]);
                let j = self.endpoint(self.labelend[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Walks from S-vertex `x` (dual zero) up to its tree's root, flipping the
    /// path: the root becomes matched and `x` exposed.
    fn expose(&mut self, x: usize) {
        let mut s = x;
        let mut p = NONE;
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.endpoint(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.endpoint(self.labelend[bt]);
            let j = self.endpoint(self.labelend[bt] ^ 1);
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }

    /// Brings the matching to a maximum weight for the current weights; returns
    /// each vertex's mate (itself when unmatched; removed vertices keep theirs).
    pub(crate) fn solve(&mut self) -> Vec<usize> {
        self.prepare();
        self.generation += 1;
        let n = self.n;
        loop {
            self.start_stage();
            if !self.label_roots() {
                break;
            }
            if !self.run_stage() {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        (0..n).map(|v| self.mate_of(v).unwrap_or(v)).collect()
    }

    /// Clears the labels, best edges and allowed edges of the stage before.
    fn start_stage(&mut self) {
        let n = self.n;
        self.label.iter_mut().for_each(|l| *l = 0);
        self.bestedge.iter_mut().for_each(|e| *e = NONE);
        for b in n..2 * n {
            self.blossombestedges[b] = None;
        }
        let mut allowed = std::mem::take(&mut self.allowed);
        for &k in &allowed {
            let (i, j) = self.edge_ends(k);
            self.allowedge[i * self.stride + j] = false;
            self.allowedge[j * self.stride + i] = false;
        }
        allowed.clear();
        self.allowed = allowed;
        self.queue.clear();
    }

    /// Labels the roots: exposed vertices whose dual is not yet zero. False when
    /// there are none (the matching is of maximum weight).
    fn label_roots(&mut self) -> bool {
        let mut roots = false;
        for v in 0..self.n {
            if !self.dead[v]
                && self.mate[v] == NONE
                && self.label[self.inblossom[v]] == 0
                && !self.dualvar[v].is_zero()
            {
                self.assign_label(v, 1, NONE);
                roots = true;
            }
        }
        roots
    }

    /// One stage: grows the trees along tight edges, changing the duals when none
    /// is left, until the matching is augmented or a root's dual reaches zero.
    fn run_stage(&mut self) -> bool {
        loop {
            if self.scan_tight_edges() {
                return true;
            }
            // No augmenting path with the tight edges: change the duals.
            let (delta, change) = self.dual_change();
            // The duals change: cached slacks go stale.
            self.generation += 1;
            self.change_duals(&delta);
            match change {
                DualChange::VertexAtZero(zero_vertex) => {
                    // An S-vertex's dual reached zero: if it is a matched one, it
                    // becomes the exposed end instead of its root.
                    if self.mate[zero_vertex] != NONE || self.inblossom[zero_vertex] != zero_vertex
                    {
                        self.expose(zero_vertex);
                    }
                    return true;
                }
                DualChange::TightToFree(deltaedge) => {
                    self.allow(deltaedge);
                    let (mut i, j) = self.edge_ends(deltaedge);
                    if self.label[self.inblossom[i]] == 0 {
                        i = j;
                    }
                    self.queue.push(i);
                }
                DualChange::TightBetweenS(deltaedge) => {
                    self.allow(deltaedge);
                    let (i, _) = self.edge_ends(deltaedge);
                    self.queue.push(i);
                }
                DualChange::BlossomAtZero(deltablossom) => self.expand_blossom(deltablossom, false),
            }
        }
    }

    /// Scans the queued S-vertices' edges; true once the matching is augmented.
    fn scan_tight_edges(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            for w in 0..self.n {
                if self.inblossom[v] == self.inblossom[w] || !self.live_edge(v, w) {
                    continue;
                }
                if self.scan_edge(v, w) {
                    return true;
                }
            }
        }
        false
    }

    /// Scans the edge from S-vertex `v` to `w`: a tight one grows a tree, makes a
    /// blossom or augments (true); a loose one may be the best edge of its ends.
    fn scan_edge(&mut self, v: usize, w: usize) -> bool {
        let p = self.toward(v, w);
        let k = p / 2;
        // v's own row of the (symmetric) tables: the column would cost a cache miss
        // per neighbour.
        let vw = v * self.stride + w;
        let mut kslack = W::default();
        if !self.allowedge[vw] {
            kslack = W::sum_less(&self.dualvar[v], &self.dualvar[w], self.twice_weight(vw));
            if kslack.is_zero() {
                self.allow(k);
            }
        }
        if self.allowedge[vw] {
            let bw = self.inblossom[w];
            if self.label[bw] == 0 && self.mate[self.blossombase[bw]] == NONE {
                // An exposed vertex whose dual is already zero: an augmenting path
                // ends there.
                self.labelend[bw] = NONE;
                self.augment_matching(k);
                return true;
            } else if self.label[bw] == 0 {
                self.assign_label(w, 2, p ^ 1);
            } else if self.label[bw] == 1 {
                let base = self.scan_blossom(v, w);
                if base != NONE {
                    self.add_blossom(base, k);
                } else {
                    self.augment_matching(k);
                    return true;
                }
            } else if self.label[w] == 0 {
                self.label[w] = 2;
                self.labelend[w] = p ^ 1;
            }
        } else if self.label[self.inblossom[w]] == 1 {
            let b = self.inblossom[v];
            if self.bestedge[b] == NONE || kslack < self.best_slack(b) {
                self.set_best(b, k, kslack);
            }
        } else if self.label[w] == 0 && (self.bestedge[w] == NONE || kslack < self.best_slack(w)) {
            self.set_best(w, k, kslack);
        }
        false
    }

    /// The largest change of the duals that keeps them feasible, and what it
    /// brings to zero.
    fn dual_change(&mut self) -> (W, DualChange) {
        let n = self.n;
        let mut change = DualChange::VertexAtZero(NONE);
        let mut delta = W::default();
        let mut first = true;
        for v in 0..n {
            if !self.dead[v]
                && self.label[self.inblossom[v]] == 1
                && (first || self.dualvar[v] < delta)
            {
                delta = self.dualvar[v];
                change = DualChange::VertexAtZero(v);
                first = false;
            }
        }
        for v in 0..n {
            if !self.dead[v] && self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.best_slack(v);
                if d < delta {
                    delta = d;
                    change = DualChange::TightToFree(self.bestedge[v]);
                }
            }
        }
        for b in 0..2 * n {
            if (b >= n || !self.dead[b])
                && self.blossomparent[b] == NONE
                && self.label[b] == 1
                && self.bestedge[b] != NONE
            {
                let mut d = self.best_slack(b);
                d.halve();
                if d < delta {
                    delta = d;
                    change = DualChange::TightBetweenS(self.bestedge[b]);
                }
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && self.dualvar[b] < delta
            {
                delta = self.dualvar[b];
                change = DualChange::BlossomAtZero(b);
            }
        }
        (delta, change)
    }

    /// Lowers the S-vertices' duals by `delta` and raises the T-vertices' (the
    /// other way round for top-level blossoms).
    fn change_duals(&mut self, delta: &W) {
        let n = self.n;
        for v in 0..n {
            if self.dead[v] {
                continue;
            }
            match self.label[self.inblossom[v]] {
                1 => self.dualvar[v].minus(delta),
                2 => self.dualvar[v].plus(delta),
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dualvar[b].plus(delta),
                    2 => self.dualvar[b].minus(delta),
                    _ => {}
                }
            }
        }
    }
}

/// What a change of the duals brings to zero.
enum DualChange {
    /// An S-vertex's dual.
    VertexAtZero(usize),
    /// The slack of an edge from an S-vertex to a free vertex.
    TightToFree(usize),
    /// The slack of an edge between two S-blossoms.
    TightBetweenS(usize),
    /// A T-blossom's dual: it is expanded.
    BlossomAtZero(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matching(n: usize, e: &[(usize, usize, u64)]) -> Vec<Option<usize>> {
        let doubled: Vec<(usize, usize, u64)> = e.iter().map(|&(a, b, w)| (a, b, 2 * w)).collect();
        max_weight_matching(n, &doubled)
    }

    fn total(e: &[(usize, usize, u64)], m: &[Option<usize>]) -> u64 {
        e.iter()
            .filter(|&&(a, b, _)| m[a] == Some(b))
            .map(|&(_, _, w)| w)
            .sum()
    }

    /// Every matching of a small graph, by brute force.
    fn best(n: usize, e: &[(usize, usize, u64)]) -> u64 {
        fn go(i: usize, used: u32, e: &[(usize, usize, u64)]) -> u64 {
            if i == e.len() {
                return 0;
            }
            let skip = go(i + 1, used, e);
            let (a, b, w) = e[i];
            if used & (1 << a) == 0 && used & (1 << b) == 0 {
                skip.max(w + go(i + 1, used | 1 << a | 1 << b, e))
            } else {
                skip
            }
        }
        let _ = n;
        go(0, 0, e)
    }

    #[test]
    #[allow(clippy::needless_range_loop)] // a and b are vertices, not just indices
    fn re_solving_after_weight_changes_stays_optimal() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..200 {
            let n = rng.random_range(2..=9);
            let mut w = vec![vec![0u64; n]; n];
            let mut m = Matcher::<u64>::new(n);
            for a in 0..n {
                for b in a + 1..n {
                    if rng.random_bool(0.6) {
                        w[a][b] = rng.random_range(1..=20);
                        m.set(b, a, 2 * w[a][b]);
                    }
                }
            }
            for _ in 0..6 {
                let mate = m.solve();
                let e: Vec<(usize, usize, u64)> = (0..n)
                    .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                    .filter(|&(a, b)| w[a][b] > 0)
                    .map(|(a, b)| (a, b, w[a][b]))
                    .collect();
                let got: u64 = e
                    .iter()
                    .filter(|&&(a, b, _)| mate[a] == b)
                    .map(|x| x.2)
                    .sum();
                assert_eq!(got, best(n, &e), "{e:?}");
                // Change the edges around one vertex.
                let v = rng.random_range(0..n);
                for u in 0..n {
                    if u != v && rng.random_bool(0.5) {
                        let nw = if rng.random_bool(0.3) {
                            0
                        } else {
                            rng.random_range(1..=20)
                        };
                        w[v.min(u)][v.max(u)] = nw;
                        m.set(v, u, 2 * nw);
                    }
                }
            }
        }
    }

    /// The way the Dutch pairing drives the matcher: weights from a few values
    /// (ties, so blossoms form and are kept between solves), the edges around
    /// one vertex changed at a time, and matched pairs taken out for good; every
    /// solve must still be a maximum-weight matching of the vertices left.
    #[test]
    #[allow(clippy::needless_range_loop)] // a and b are vertices, not just indices
    fn kept_blossoms_stay_optimal_while_pairs_are_settled() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
        let mut blossoms_kept = 0;
        for _ in 0..300 {
            let n = rng.random_range(3..=12);
            let mut w = vec![vec![0u64; n]; n];
            let mut m = Matcher::<u64>::new(n);
            let mut dead = vec![false; n];
            for a in 0..n {
                for b in a + 1..n {
                    if rng.random_bool(0.7) {
                        w[a][b] = rng.random_range(1..=3);
                        m.set(b, a, 2 * w[a][b]);
                    }
                }
            }
            for _ in 0..8 {
                let mate = m.solve();
                blossoms_kept += (m.n..2 * m.n).filter(|&b| m.blossombase[b] != NONE).count();
                let e: Vec<(usize, usize, u64)> = (0..n)
                    .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                    .filter(|&(a, b)| w[a][b] > 0 && !dead[a] && !dead[b])
                    .map(|(a, b)| (a, b, w[a][b]))
                    .collect();
                let got: u64 = e
                    .iter()
                    .filter(|&&(a, b, _)| mate[a] == b)
                    .map(|x| x.2)
                    .sum();
                assert_eq!(got, best(n, &e), "{e:?}");
                let live: Vec<usize> = (0..n).filter(|&v| !dead[v]).collect();
                if rng.random_bool(0.3) {
                    // Settle a matched pair, as a bracket does.
                    if let Some(&v) = live.iter().find(|&&v| mate[v] != v) {
                        dead[v] = true;
                        dead[mate[v]] = true;
                        m.remove_pair(v, mate[v]);
                        continue;
                    }
                }
                let Some(&v) = live.get(rng.random_range(0..live.len().max(1))) else {
                    break;
                };
                for &u in &live {
                    if u != v && rng.random_bool(0.5) {
                        let nw = if rng.random_bool(0.2) {
                            0
                        } else {
                            rng.random_range(1..=4)
                        };
                        w[v.min(u)][v.max(u)] = nw;
                        m.set(v, u, 2 * nw);
                    }
                }
            }
        }
        assert!(
            blossoms_kept > 50,
            "the cases keep blossoms: {blossoms_kept}"
        );
    }

    #[test]
    fn known_cases() {
        assert_eq!(matching(3, &[(0, 1, 1)]), vec![Some(1), Some(0), None]);
        // A square: the heavy edge and the light one beat the two middling ones.
        let e = [(0, 1, 5), (1, 2, 11), (2, 3, 5), (3, 0, 1)];
        let m = matching(4, &e);
        assert_eq!(m, vec![Some(3), Some(2), Some(1), Some(0)]);
        // A blossom (odd cycle) that has to be shrunk and expanded.
        let e = [
            (0, 1, 8),
            (0, 2, 9),
            (1, 2, 10),
            (2, 3, 7),
            (3, 4, 6),
            (4, 5, 5),
            (1, 5, 4),
        ];
        let m = matching(6, &e);
        assert_eq!(total(&e, &m), best(6, &e));
    }

    #[test]
    fn agrees_with_brute_force_on_random_graphs() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..400 {
            let n = rng.random_range(2..=9);
            let mut e = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if rng.random_bool(0.6) {
                        e.push((a, b, rng.random_range(1..=20)));
                    }
                }
            }
            let m = matching(n, &e);
            for v in 0..n {
                if let Some(u) = m[v] {
                    assert_eq!(m[u], Some(v));
                    assert!(e.iter().any(|&(a, b, _)| (a, b) == (v.min(u), v.max(u))));
                }
            }
            assert_eq!(total(&e, &m), best(n, &e), "{e:?}");
        }
    }
}
