//! Exact values of every position of a small variant, repetition included.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::ai::solve::{Solution, SolveError, SolveLimits};
use crate::engine::{Game, Move, Position, Rules, Side};

/// Boards of `holes` holes holding at most `max_seeds` seeds, numbered densely
/// (stars and bars), so that a table over positions is a plain array.
#[derive(Clone, Debug)]
pub(crate) struct BoardIndex {
    holes: usize,
    max_seeds: usize,
    /// `skip[k][r][v]`: boards of the last `k` holes, at most `r` seeds, whose first
    /// hole holds fewer than `v`... counted for the hole before them: the number of
    /// boards ranked before one whose hole holds `v` with `r` seeds left.
    skip: Vec<u64>,
}

impl BoardIndex {
    pub(crate) fn new(holes: usize, max_seeds: usize) -> BoardIndex {
        // fits[k][r]: boards of k holes holding at most r seeds = C(r + k, k).
        // Saturating: a board too large for a table only has to count as too large.
        let fits = |k: usize, r: usize| -> u64 {
            let mut c: u128 = 1;
            for i in 1..=k as u128 {
                c = (c * (r as u128 + i) / i).min(u64::MAX as u128);
            }
            c as u64
        };
        let width = max_seeds + 2;
        let mut skip = vec![0u64; holes * width * width];
        for k in 0..holes {
            for r in 0..=max_seeds {
                let mut sum = 0;
                for v in 0..=r + 1 {
                    skip[(k * width + r) * width + v] = sum;
                    if v <= r {
                        sum = fits(k, r - v).saturating_add(sum);
                    }
                }
            }
        }
        BoardIndex {
            holes,
            max_seeds,
            skip,
        }
    }

    fn skip(&self, k: usize, r: usize, v: usize) -> u64 {
        let width = self.max_seeds + 2;
        self.skip[(k * width + r) * width + v]
    }

    /// Number of boards.
    pub(crate) fn len(&self) -> u64 {
        self.skip(self.holes - 1, self.max_seeds, self.max_seeds + 1)
    }

    pub(crate) fn rank(&self, board: &[u16]) -> u64 {
        let mut left = self.max_seeds;
        let mut rank = 0;
        for (i, &v) in board.iter().enumerate() {
            let v = v as usize;
            rank += self.skip(self.holes - 1 - i, left, v);
            left -= v;
        }
        rank
    }

    pub(crate) fn unrank(&self, mut rank: u64, board: &mut [u16]) {
        let mut left = self.max_seeds;
        for (i, hole) in board.iter_mut().enumerate() {
            let k = self.holes - 1 - i;
            let mut v = 0;
            while v < left && self.skip(k, left, v + 1) <= rank {
                v += 1;
            }
            rank -= self.skip(k, left, v);
            *hole = v as u16;
            left -= v;
        }
    }
}

/// The moves of a position with the position each leads to (end rules applied,
/// repetition not: that is the caller's).
fn successors(pos: &Position) -> arrayvec::ArrayVec<(Move, Position), 16> {
    let me = pos.to_move();
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = *pos;
            next.apply_legal(m);
            next.settle(Some(me));
            (m, next)
        })
        .collect()
}

/// Largest table built: positions (two per board), about 10 bytes each.
pub const MAX_TABLE_POSITIONS: u64 = 40_000_000;

/// No value known (the position was not reached when the table was built).
const UNKNOWN: i8 = i8::MIN;
/// Tarjan's marks: finished, and in the component being valued.
const DONE: u32 = u32::MAX;
const IN_COMPONENT: u32 = u32::MAX - 1;

/// A move of a component's position, for valuing it.
#[derive(Clone, Copy)]
enum Edge {
    /// To a position of the same component: its local number.
    Inside(u32),
    /// Leaving the component: the bounds South gets, gains of the move included.
    Leaving(i16, i16),
}

/// Bounds on the exact value of every position reached from the positions it was
/// extended from, valid whatever the history.
///
/// **Why bounds, and why they hold for any history.** The value of a position
/// depends on the positions seen since the last capture (RULES.md §2 repetition),
/// so no table keyed on the position alone can hold *the* value. Moves that capture
/// never come back, and a repetition can only close a cycle of the move graph, so
/// only the history inside the position's strongly connected component (SCC) of
/// that graph matters. Inside a component, a move to `r` is worth either `r`'s
/// repetition value (each player takes their own row, or Tihbat's even split) when
/// `r` was seen, or `r`'s value if not. Letting South pick the better of the two on
/// every move gives a game whose value bounds the true one from above for every
/// history (by induction over the finite game tree); its least fixed point is the
/// tightest such bound. Letting North pick gives the lower bound (greatest fixed
/// point). Components are valued sinks first (Tarjan's order), so a move leaving a
/// component uses the bounds of where it goes. Where the bounds meet, the value is
/// exact for any history; elsewhere [`ExactTable::solve`] searches the game with its
/// real history, pruning with the bounds.
pub struct ExactTable {
    /// A position of the rules with at least one move played (Modiar's capture-free
    /// first move is never a table position) and the seeds in play.
    template: Position,
    index: BoardIndex,
    /// South's final seed difference minus the difference captured so far, as bounds.
    lower: Vec<i8>,
    upper: Vec<i8>,
    /// Tarjan's numbering, kept so the table can be extended from new positions.
    order: Vec<u32>,
    low: Vec<u32>,
    counter: u32,
    reached: u64,
    exact: u64,
    largest_component: usize,
}

/// What a table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableStats {
    /// Positions reached and valued.
    pub positions: u64,
    /// Of those, the positions whose value is the same whatever the history.
    pub exact: u64,
    /// The most positions in one strongly connected component.
    pub largest_component: usize,
    /// Bytes the table's arrays take.
    pub bytes: u64,
}

/// Why a table cannot be made for some rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("exact tables are made only for variants without Uurs")]
    Uurs,
    #[error("a table of {positions} positions is more than the {max} allowed")]
    TooLarge { positions: u64, max: u64 },
}

fn south_diff(pos: &Position) -> i32 {
    let cap = pos.captured();
    cap[Side::South] as i32 - cap[Side::North] as i32
}

/// South's final difference, minus what was captured before, at a finished position.
fn final_value(pos: &Position) -> Option<i32> {
    pos.outcome()
        .map(|o| o.score[Side::South] as i32 - o.score[Side::North] as i32 - south_diff(pos))
}

/// What South gets, beyond the captured difference, if the game ends by repetition
/// on arriving at `pos`.
fn repetition_value(pos: &Position) -> i32 {
    let mut ended = *pos;
    ended.finish(crate::engine::EndReason::Repetition, Some(!pos.to_move()));
    final_value(&ended).expect("finished")
}

impl ExactTable {
    /// An empty table for the positions of `pos`'s rules holding at most the seeds
    /// now on `pos`'s board.
    pub fn new(pos: &Position) -> Result<ExactTable, TableError> {
        let on_board = pos.board().iter().map(|&s| s as usize).sum::<usize>();
        ExactTable::with_max_seeds(pos, on_board)
    }

    /// An empty table for the positions of `pos`'s rules holding at most
    /// `max_seeds` seeds on the board (at most the seeds in play).
    fn with_max_seeds(pos: &Position, max_seeds: usize) -> Result<ExactTable, TableError> {
        if pos.rules().has_uurs() {
            return Err(TableError::Uurs);
        }
        let holes = pos.board().len();
        let index = BoardIndex::new(holes, max_seeds);
        let positions = index.len().saturating_mul(2);
        if positions > MAX_TABLE_POSITIONS || max_seeds > 120 {
            return Err(TableError::TooLarge {
                positions,
                max: MAX_TABLE_POSITIONS,
            });
        }
        let n = positions as usize;
        let template = pos.with_board(pos.board(), pos.to_move(), pos.ply().max(1));
        Ok(ExactTable {
            template,
            index,
            lower: vec![UNKNOWN; n],
            upper: vec![UNKNOWN; n],
            order: vec![0; n],
            low: vec![0; n],
            counter: 0,
            reached: 0,
            exact: 0,
            largest_component: 0,
        })
    }

    pub fn stats(&self) -> TableStats {
        TableStats {
            positions: self.reached,
            exact: self.exact,
            largest_component: self.largest_component,
            bytes: self.lower.len() as u64 * 10,
        }
    }

    /// The table's number for `pos`, if `pos` is one of its positions.
    fn node(&self, pos: &Position) -> Option<u32> {
        let fits = pos.rules() == self.template.rules()
            && pos.ply() > 0
            && pos.board().len() == self.index.holes
            && pos.board().iter().map(|&s| s as usize).sum::<usize>() <= self.index.max_seeds;
        fits.then(|| (self.index.rank(pos.board()) * 2 + pos.to_move().index() as u64) as u32)
    }

    fn position(&self, node: u32, board: &mut [u16]) -> Position {
        self.index.unrank(node as u64 / 2, board);
        let side = if node.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        };
        self.template.with_board(board, side, self.template.ply())
    }

    /// Bounds on the value of `pos` for the side to move (its final seed difference),
    /// whatever the history; `None` when `pos` was not reached.
    pub fn bounds(&self, pos: &Position) -> Option<(i32, i32)> {
        let node = self.node(pos)? as usize;
        let (lo, hi) = (self.lower[node], self.upper[node]);
        if lo == UNKNOWN {
            return None;
        }
        let base = south_diff(pos);
        let (lo, hi) = (lo as i32 + base, hi as i32 + base);
        Some(match pos.to_move() {
            Side::South => (lo, hi),
            Side::North => (-hi, -lo),
        })
    }

    /// Values every position reachable from `roots` not valued yet; `progress` is
    /// called now and then with the positions reached so far, and stops the work by
    /// answering `false` (then `false`: the positions valued so far keep their
    /// bounds, the others are left for a later call).
    pub fn extend(&mut self, roots: &[Position], progress: &mut dyn FnMut(u64) -> bool) -> bool {
        let holes = self.index.holes;
        let mut board = vec![0u16; holes];
        let mut stack: Vec<u32> = Vec::new();
        // (position, first successor in `kids`, successors, next to visit)
        let mut frames: Vec<(u32, u32, u8, u8)> = Vec::new();
        let mut kids: Vec<u32> = Vec::new();
        for root in roots {
            let Some(r) = self.node(root) else { continue };
            if self.order[r as usize] != 0 {
                continue;
            }
            self.visit(r, &mut board, &mut stack, &mut frames, &mut kids);
            while let Some(frame) = frames.last_mut() {
                let (v, start, count, next) = *frame;
                if next < count {
                    frame.3 += 1;
                    let w = kids[(start + next as u32) as usize];
                    let seen = self.order[w as usize];
                    if seen == 0 {
                        self.visit(w, &mut board, &mut stack, &mut frames, &mut kids);
                        if self.reached.is_multiple_of(1 << 16) && !progress(self.reached) {
                            // Positions not in a valued component are unvisited again.
                            for &v in &stack {
                                self.order[v as usize] = 0;
                                self.reached -= 1;
                            }
                            return false;
                        }
                    } else if seen != DONE {
                        self.low[v as usize] = self.low[v as usize].min(seen);
                    }
                    continue;
                }
                frames.pop();
                kids.truncate(start as usize);
                if let Some(parent) = frames.last() {
                    let p = parent.0 as usize;
                    self.low[p] = self.low[p].min(self.low[v as usize]);
                }
                if self.low[v as usize] == self.order[v as usize] {
                    let at = stack.iter().rposition(|&w| w == v).expect("on the stack");
                    let members = stack.split_off(at);
                    self.value_component(&members, &mut board);
                }
            }
        }
        progress(self.reached);
        true
    }

    /// The positions to extend a table from to solve `pos`: `pos` itself, or the
    /// positions after each of its moves when it is a first move (ply 0, never a
    /// table position: Modiar's first move captures nothing).
    pub fn roots_for(pos: &Position) -> Vec<Position> {
        if pos.ply() > 0 {
            vec![*pos]
        } else {
            successors(pos).into_iter().map(|(_, next)| next).collect()
        }
    }

    fn visit(
        &mut self,
        v: u32,
        board: &mut [u16],
        stack: &mut Vec<u32>,
        frames: &mut Vec<(u32, u32, u8, u8)>,
        kids: &mut Vec<u32>,
    ) {
        self.counter += 1;
        self.reached += 1;
        self.order[v as usize] = self.counter;
        self.low[v as usize] = self.counter;
        stack.push(v);
        let start = kids.len() as u32;
        let pos = self.position(v, board);
        let mut count = 0;
        for (_, next) in successors(&pos) {
            kids.push(self.node(&next).expect("seeds on the board never grow"));
            count += 1;
        }
        frames.push((v, start, count, 0));
    }

    /// Bounds for the positions of one component, every move leaving it valued.
    fn value_component(&mut self, members: &[u32], board: &mut [u16]) {
        self.largest_component = self.largest_component.max(members.len());
        for (local, &v) in members.iter().enumerate() {
            self.order[v as usize] = IN_COMPONENT;
            self.low[v as usize] = local as u32;
        }
        let n = members.len();
        let mut south_moves = vec![false; n];
        let mut finished: Vec<Option<i16>> = vec![None; n];
        let mut repetition = vec![0i16; n];
        let mut edge_start = Vec::with_capacity(n + 1);
        let mut edges: Vec<Edge> = Vec::new();
        for (local, &v) in members.iter().enumerate() {
            let pos = self.position(v, board);
            south_moves[local] = pos.to_move() == Side::South;
            repetition[local] = repetition_value(&pos) as i16;
            finished[local] = final_value(&pos).map(|f| f as i16);
            edge_start.push(edges.len() as u32);
            let here = south_diff(&pos);
            for (_, next) in successors(&pos) {
                let w = self.node(&next).expect("seeds on the board never grow") as usize;
                if self.order[w] == IN_COMPONENT {
                    edges.push(Edge::Inside(self.low[w]));
                } else {
                    let gain = south_diff(&next) - here;
                    edges.push(Edge::Leaving(
                        (gain + self.lower[w] as i32) as i16,
                        (gain + self.upper[w] as i32) as i16,
                    ));
                }
            }
        }
        edge_start.push(edges.len() as u32);
        let (upper, lower) = if n == 1 {
            let value = |pick: fn(&Edge) -> i16| {
                finished[0].unwrap_or_else(|| {
                    let values = edges.iter().map(pick);
                    if south_moves[0] {
                        values.max().expect("a move")
                    } else {
                        values.min().expect("a move")
                    }
                })
            };
            let upper = value(|e| match e {
                Edge::Leaving(_, hi) => *hi,
                Edge::Inside(_) => unreachable!("a move always changes the side to move"),
            });
            let lower = value(|e| match e {
                Edge::Leaving(lo, _) => *lo,
                Edge::Inside(_) => unreachable!("a move always changes the side to move"),
            });
            (vec![upper], vec![lower])
        } else {
            let component = Component {
                south_moves: &south_moves,
                finished: &finished,
                repetition: &repetition,
                edge_start: &edge_start,
                edges: &edges,
            };
            (component.fixed_point(true), component.fixed_point(false))
        };
        for (local, &v) in members.iter().enumerate() {
            self.order[v as usize] = DONE;
            self.upper[v as usize] = upper[local] as i8;
            self.lower[v as usize] = lower[local] as i8;
            self.exact += u64::from(upper[local] == lower[local]);
        }
    }
}

/// One strongly connected component's positions and moves, by local number.
struct Component<'a> {
    south_moves: &'a [bool],
    finished: &'a [Option<i16>],
    repetition: &'a [i16],
    edge_start: &'a [u32],
    edges: &'a [Edge],
}

impl Component<'_> {
    /// The least fixed point of "South picks repetition or going on" (`upper`), or
    /// the greatest of "North picks" (`!upper`), by a work list: each position is
    /// valued again when a position it moves to changes.
    fn fixed_point(&self, upper: bool) -> Vec<i16> {
        let n = self.south_moves.len();
        let start = if upper { i16::MIN } else { i16::MAX };
        let mut value = vec![start; n];
        let mut movers_to: Vec<Vec<u32>> = vec![Vec::new(); n];
        for from in 0..n {
            for e in &self.edges[self.edge_start[from] as usize..self.edge_start[from + 1] as usize]
            {
                if let Edge::Inside(to) = e {
                    movers_to[*to as usize].push(from as u32);
                }
            }
        }
        let mut queued = vec![true; n];
        let mut queue: std::collections::VecDeque<u32> = (0..n as u32).collect();
        while let Some(at) = queue.pop_front() {
            let at = at as usize;
            queued[at] = false;
            let new = match self.finished[at] {
                Some(f) => f,
                None => {
                    let moves = self.edges
                        [self.edge_start[at] as usize..self.edge_start[at + 1] as usize]
                        .iter()
                        .map(|e| match *e {
                            Edge::Leaving(lo, hi) => {
                                if upper {
                                    hi
                                } else {
                                    lo
                                }
                            }
                            Edge::Inside(to) => {
                                let (seen, on) = (self.repetition[to as usize], value[to as usize]);
                                if upper { seen.max(on) } else { seen.min(on) }
                            }
                        });
                    if self.south_moves[at] {
                        moves.max().expect("a move")
                    } else {
                        moves.min().expect("a move")
                    }
                }
            };
            if new != value[at] {
                value[at] = new;
                for &from in &movers_to[at] {
                    if !queued[from as usize] {
                        queued[from as usize] = true;
                        queue.push_back(from);
                    }
                }
            }
        }
        value
    }
}

const INF: i32 = 1 << 24;

/// The tables made in this process, one per rule set and seeds in play, each made
/// on first use and extended as new positions come: the `perfect` level and the
/// review share them.
static SHARED: Mutex<Vec<SharedTable>> = Mutex::new(Vec::new());

/// A shared table with the rules and the seeds in play it is for.
type SharedTable = (Rules, u32, Arc<Mutex<ExactTable>>);

/// The shared table for `pos`'s rules and seeds in play (made empty on first use),
/// or `None` where no table is made (Uurs, or too many positions: every variant
/// but Tihbat and Modiar from their setups).
pub fn shared_table(pos: &Position) -> Option<Arc<Mutex<ExactTable>>> {
    let in_play = pos.seeds_in_play();
    let mut tables = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, table)) = tables
        .iter()
        .find(|(rules, seeds, _)| rules == pos.rules() && *seeds == in_play)
    {
        return Some(table.clone());
    }
    let table = ExactTable::with_max_seeds(pos, in_play as usize).ok()?;
    let table = Arc::new(Mutex::new(table));
    tables.push((*pos.rules(), in_play, table.clone()));
    Some(table)
}

/// The exact values of `game` and of each of its moves from the shared table
/// (extended first from `game`'s position if it has not reached it: for Modiar from
/// the setup, about half a minute and 250 MB once per process), or `None` where no
/// table is made for these rules.
pub fn shared_solve(game: &Game, limits: &SolveLimits) -> Option<Result<Solution, SolveError>> {
    let pos = game.position();
    if game.is_over() {
        return Some(Err(SolveError::GameOver));
    }
    let table = shared_table(pos)?;
    let mut table = table.lock().unwrap_or_else(|e| e.into_inner());
    let roots = ExactTable::roots_for(pos);
    if roots.iter().any(|r| table.bounds(r).is_none()) {
        table.extend(&roots, &mut |_| true);
    }
    Some(table.solve(game, limits, true))
}

/// One [`ExactTable::solve`]'s search.
struct Search<'a> {
    table: &'a ExactTable,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    aborted: bool,
}

impl ExactTable {
    /// The exact value of `game` for the side to move (its final seed difference)
    /// and, with `each_move`, of every legal move: a search of the game with its
    /// history, cut wherever the table's bounds decide. Positions the table has not
    /// reached are searched without bounds.
    pub fn solve(
        &self,
        game: &Game,
        limits: &SolveLimits,
        each_move: bool,
    ) -> Result<Solution, SolveError> {
        if game.is_over() {
            return Err(SolveError::GameOver);
        }
        let started = Instant::now();
        let mut search = Search {
            table: self,
            nodes: 0,
            max_nodes: limits.nodes,
            deadline: limits.time.map(|t| started + t),
            aborted: false,
        };
        let mut game = game.clone();
        let total = game.position().seeds_in_play() as i32;
        let mut moves = Vec::new();
        let value = if each_move {
            let mut best = -INF;
            for m in game.legal_moves() {
                let saved = game.save();
                game.play_unchecked(m);
                let v = -search.value(&mut game, -total - 1, total + 1);
                game.restore(saved);
                best = best.max(v);
                moves.push((m, v));
            }
            best
        } else {
            search.value(&mut game, -total - 1, total + 1)
        };
        if search.aborted {
            return Err(SolveError::Budget {
                nodes: search.nodes,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
        Ok(Solution {
            value,
            moves,
            nodes: search.nodes,
            elapsed: started.elapsed(),
            table_entries: self.reached as usize,
        })
    }
}

impl Search<'_> {
    fn value(&mut self, game: &mut Game, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let pos = *game.position();

        let me = pos.to_move();
        if let Some(outcome) = pos.outcome() {
            return outcome.score[me] as i32 - outcome.score[!me] as i32;
        }
        if self.nodes >= self.max_nodes
            || (self.nodes & 4095 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if let Some((lo, hi)) = self.table.bounds(&pos) {
            if lo == hi || lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        // The moves with the best lower bound first: lines that leave the undecided
        // positions soonest.
        let mut moves: arrayvec::ArrayVec<(i32, Move), 16> = game
            .legal_moves()
            .into_iter()
            .map(|m| {
                let saved = game.save();
                game.play_unchecked(m);
                let p = game.position();
                let promise = match p.outcome() {
                    Some(o) => o.score[me] as i32 - o.score[!me] as i32,
                    None => self.table.bounds(p).map_or(-INF, |(_, hi)| -hi),
                };
                game.restore(saved);
                (promise, m)
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        let mut best = -INF;
        for (_, m) in moves {
            let saved = game.save();
            game.play_unchecked(m);
            let v = -self.value(game, -beta, -alpha);
            game.restore(saved);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::solve::Solver;
    use crate::engine::{Setup, Variant};
    use crate::seeds::SplitMix64 as Mix;

    #[test]
    fn every_board_has_its_own_number() {
        let index = BoardIndex::new(4, 7);
        let mut seen = vec![false; index.len() as usize];
        let mut board = [0u16; 4];
        for code in 0..8u32.pow(4) {
            let b = [code % 8, code / 8 % 8, code / 64 % 8, code / 512].map(|s| s as u16);
            if b.iter().sum::<u16>() > 7 {
                continue;
            }
            let rank = index.rank(&b);
            assert!(!seen[rank as usize], "{b:?} shares {rank}");
            seen[rank as usize] = true;
            index.unrank(rank, &mut board);
            assert_eq!(board, b);
        }
        assert!(seen.iter().all(|&s| s), "C(11, 4) = 330 boards");
        assert_eq!(index.len(), 330);
    }

    /// A table and its search for `game` (as `goobalay solve` makes them).
    fn exact(game: &Game) -> Solution {
        let mut table = ExactTable::new(game.position()).expect("a small board");
        assert!(table.extend(&ExactTable::roots_for(game.position()), &mut |_| true));
        table
            .solve(game, &SolveLimits::default(), true)
            .expect("the table's search has no budget here")
    }

    /// Games of `variant` from the setup or a random board, played at random until at
    /// most `seeds` are on the board, each kept with its repetition history.
    fn random_games(variant: &str, seeds: u32, count: usize, rng: &mut Mix) -> Vec<Game> {
        let rules = Variant::preset(variant).expect("a preset").rules;
        let holes = rules.holes();
        let mut games = Vec::new();
        while games.len() < count {
            let mut game = if rng.below(3) == 0 {
                // A random board, as `--position` may give (Modiar: ply 0 or not).
                let mut board = vec![0i64; holes];
                for _ in 0..seeds {
                    board[rng.below(holes)] += 1;
                }
                if board.iter().sum::<i64>() % 2 == 1 {
                    board[0] += 1;
                }
                let setup = Setup {
                    board,
                    to_move: Some(if rng.below(2) == 0 {
                        Side::South
                    } else {
                        Side::North
                    }),
                    ply: Some(rng.below(2) as i64),
                    ..Setup::default()
                };
                Game::from_setup(&setup, rules).expect("a valid position")
            } else {
                Game::new(rules, Side::South)
            };
            let on_board = |g: &Game| g.position().board().iter().map(|&s| s as u32).sum::<u32>();
            while !game.is_over() && (on_board(&game) > seeds || rng.below(4) != 0) {
                let moves = game.legal_moves();
                game.play_unchecked(moves[rng.below(moves.len())]);
            }
            if !game.is_over() {
                games.push(game);
            }
        }
        games
    }

    /// Every exact value, of the position and of each move, is the plain search's
    /// (which walks the whole game tree with the game's history), on random
    /// positions of Tihbat and Modiar, many in the middle of a capture-free stretch.
    #[test]
    fn exact_values_are_the_plain_searchs() {
        let mut rng = Mix(37);
        let limits = SolveLimits {
            nodes: 3_000_000,
            ..SolveLimits::default()
        };
        let (mut compared, mut with_history) = (0, 0);
        for (variant, seeds, count) in [("tihbat", 28, 40), ("modiar", 14, 60)] {
            for game in random_games(variant, seeds, count, &mut rng) {
                let Ok(plain) = Solver::new().solve(&game, &limits, true) else {
                    continue;
                };
                let table = exact(&game);
                assert_eq!(table.value, plain.value, "{variant} {:?}", game.position());
                assert_eq!(table.moves, plain.moves, "{variant} {:?}", game.position());
                compared += 1;
                with_history += usize::from(game.remembered_positions() > 1);
            }
        }
        assert!(compared >= 80, "only {compared} positions solved by both");
        assert!(with_history >= 20, "only {with_history} with a history");
    }

    #[test]
    fn tihbat_is_minus_two_for_south() {
        let game = Game::new(Variant::preset("tihbat").unwrap().rules, Side::South);
        let s = exact(&game);
        assert_eq!(s.value, -2);
        assert_eq!(s.moves.iter().map(|m| m.1).collect::<Vec<_>>(), [-2, -2]);
    }
}
