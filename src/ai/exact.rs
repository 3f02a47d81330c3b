//! Exact values of every position of a small variant, repetition included.

use std::sync::{Arc, Mutex, OnceLock};
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
        if self.holes == 0 {
            // The one empty board (every hole of the board an Uur).
            return 1;
        }
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

/// How a table numbers its positions: for each layout of Uurs (RULES.md §3: Uurs
/// are made in pairs, a hole and the one opposite, both the mover's; so each column
/// of the board is plain or an Uur pair of either owner: 3^N layouts, one where the
/// rules have no Uurs), the boards of the other holes, densely.
///
/// The seeds in Uurs are not part of a table position: nothing ever leaves an Uur and
/// its seeds go to its owner at the end, whatever happens, so they count as already
/// won (see [`owned_diff`]), and a table position keeps its Uurs empty.
#[derive(Clone, Debug)]
struct Layout {
    holes: usize,
    per_row: usize,
    max_seeds: usize,
    /// `free[u]`: the boards of the holes outside `u` Uur pairs.
    free: Vec<BoardIndex>,
    /// `first[code]`: the number of the first board of layout `code` (and one more
    /// entry: the number of boards).
    first: Vec<u64>,
}

impl Layout {
    fn new(holes: usize, uurs: bool, max_seeds: usize) -> Layout {
        let per_row = holes / 2;
        let pairs = if uurs { per_row } else { 0 };
        let free: Vec<BoardIndex> = (0..=pairs)
            .map(|u| BoardIndex::new(holes - 2 * u, max_seeds))
            .collect();
        let layouts = 3usize.pow(pairs as u32);
        let mut first = Vec::with_capacity(layouts + 1);
        let mut next = 0u64;
        for code in 0..layouts {
            first.push(next);
            let u = Layout::digits(code, pairs).filter(|&d| d != 0).count();
            next = next.saturating_add(free[u].len());
        }
        first.push(next);
        Layout {
            holes,
            per_row,
            max_seeds,
            free,
            first,
        }
    }

    /// Column `i`'s state in layout `code`: 0 plain, 1 South's Uurs, 2 North's.
    fn digits(code: usize, pairs: usize) -> impl Iterator<Item = usize> {
        (0..pairs).scan(code, |rest, _| {
            let digit = *rest % 3;
            *rest /= 3;
            Some(digit)
        })
    }

    fn len(&self) -> u64 {
        *self.first.last().expect("at least one layout")
    }

    /// The layout of `pos`'s Uurs, if they are pairs as play makes them.
    fn code(&self, pos: &Position) -> Option<usize> {
        if self.first.len() == 2 {
            return (0..self.holes)
                .all(|h| pos.uur_owner(h).is_none())
                .then_some(0);
        }
        let mut code = 0;
        for i in (0..self.per_row).rev() {
            let owners = (pos.uur_owner(i), pos.uur_owner(self.holes - 1 - i));
            let digit = match owners {
                (None, None) => 0,
                (Some(Side::South), Some(Side::South)) => 1,
                (Some(Side::North), Some(Side::North)) => 2,
                _ => return None,
            };
            code = code * 3 + digit;
        }
        Some(code)
    }

    fn is_uur(&self, code: usize, hole: usize) -> Option<Side> {
        if self.first.len() == 2 {
            return None;
        }
        let column = hole.min(self.holes - 1 - hole);
        match code / 3usize.pow(column as u32) % 3 {
            0 => None,
            1 => Some(Side::South),
            _ => Some(Side::North),
        }
    }

    /// `pos`'s board number, if it is a board of the table (Uurs as play makes them,
    /// at most `max_seeds` seeds outside them).
    fn rank(&self, pos: &Position) -> Option<u64> {
        let code = self.code(pos)?;
        let mut free = [0u16; crate::engine::MAX_HOLES];
        let mut count = 0;
        let mut seeds = 0;
        for (h, &s) in pos.board().iter().enumerate() {
            if self.is_uur(code, h).is_none() {
                free[count] = s;
                count += 1;
                seeds += s as usize;
            }
        }
        if seeds > self.max_seeds {
            return None;
        }
        let u = (self.holes - count) / 2;
        Some(self.first[code] + self.free[u].rank(&free[..count]))
    }

    /// Board number `rank`'s layout, with its board (Uurs empty) in `board`.
    fn unrank(&self, rank: u64, board: &mut [u16]) -> usize {
        let code = self.first.partition_point(|&f| f <= rank) - 1;
        let mut free = [0u16; crate::engine::MAX_HOLES];
        let uur_holes = (0..self.holes)
            .filter(|&h| self.is_uur(code, h).is_some())
            .count();
        let count = self.holes - uur_holes;
        self.free[uur_holes / 2].unrank(rank - self.first[code], &mut free[..count]);
        let mut next = 0;
        for (h, hole) in board.iter_mut().enumerate() {
            if self.is_uur(code, h).is_some() {
                *hole = 0;
            } else {
                *hole = free[next];
                next += 1;
            }
        }
        code
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
pub(crate) const MAX_TABLE_POSITIONS: u64 = 40_000_000;

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
    layout: Layout,
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
    #[error("a table of {positions} positions is more than the {max} allowed")]
    TooLarge { positions: u64, max: u64 },
}

/// The seeds on `pos`'s board outside Uurs: what a table position holds (seeds in
/// Uurs are won for good, see [`owned_diff`]).
fn seeds_outside_uurs(pos: &Position) -> usize {
    (0..pos.board().len())
        .filter(|&h| pos.uur_owner(h).is_none())
        .map(|h| pos.seeds_in(h) as usize)
        .sum()
}

/// South's seeds won for good minus North's: captured, and (Layli Goobalay) in the
/// Uurs each owns, which nothing takes away and which go to their owner at the end.
fn owned_diff(pos: &Position) -> i32 {
    let cap = pos.captured();
    let mut diff = cap[Side::South] as i32 - cap[Side::North] as i32;
    if pos.rules().has_uurs() {
        for (h, &s) in pos.board().iter().enumerate() {
            match pos.uur_owner(h) {
                Some(Side::South) => diff += s as i32,
                Some(Side::North) => diff -= s as i32,
                None => {}
            }
        }
    }
    diff
}

/// South's final difference, minus what was won for good before, at a finished position.
fn final_value(pos: &Position) -> Option<i32> {
    pos.outcome()
        .map(|o| o.score[Side::South] as i32 - o.score[Side::North] as i32 - owned_diff(pos))
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
    /// now on `pos`'s board (outside Uurs).
    pub fn new(pos: &Position) -> Result<ExactTable, TableError> {
        ExactTable::with_max_seeds(pos, seeds_outside_uurs(pos))
    }

    /// An empty table for the positions of `pos`'s rules holding at most
    /// `max_seeds` seeds on the board (at most the seeds in play).
    fn with_max_seeds(pos: &Position, max_seeds: usize) -> Result<ExactTable, TableError> {
        ExactTable::with_limit(pos, max_seeds, MAX_TABLE_POSITIONS)
    }

    /// An empty table for at most `max_seeds` seeds on the board outside Uurs, if it
    /// has at most `max_positions` positions.
    fn with_limit(
        pos: &Position,
        max_seeds: usize,
        max_positions: u64,
    ) -> Result<ExactTable, TableError> {
        let (template, layout, n) = ExactTable::shape(pos, max_seeds, max_positions)?;
        Ok(ExactTable {
            template,
            layout,
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

    /// The template position, the layout and the number of positions of a table of
    /// `pos`'s rules with at most `max_seeds` seeds, if it has at most
    /// `max_positions`.
    fn shape(
        pos: &Position,
        max_seeds: usize,
        max_positions: u64,
    ) -> Result<(Position, Layout, usize), TableError> {
        let holes = pos.board().len();
        let too_large = |positions| TableError::TooLarge {
            positions,
            max: max_positions,
        };
        if max_seeds > 120 {
            return Err(too_large(u64::MAX));
        }
        let layout = Layout::new(holes, pos.rules().has_uurs(), max_seeds);
        let positions = layout.len().saturating_mul(2);
        if positions > max_positions || positions > u64::from(IN_COMPONENT) {
            return Err(too_large(positions));
        }
        let template = pos.with_board(pos.board(), pos.to_move(), pos.ply().max(1));
        Ok((template, layout, positions as usize))
    }

    pub fn stats(&self) -> TableStats {
        TableStats {
            positions: self.reached,
            exact: self.exact,
            largest_component: self.largest_component,
            bytes: (self.lower.len() + self.upper.len()) as u64
                + (self.order.len() + self.low.len()) as u64 * 4,
        }
    }

    /// The table's number for `pos`, if `pos` is one of its positions (Modiar: not
    /// its first move, which captures nothing).
    fn node(&self, pos: &Position) -> Option<u32> {
        let fits = pos.rules() == self.template.rules()
            && (pos.ply() > 0 || pos.rules().first_move_captures);
        if !fits {
            return None;
        }
        let rank = self.layout.rank(pos)?;
        Some((rank * 2 + pos.to_move().index() as u64) as u32)
    }

    fn position(&self, node: u32, board: &mut [u16]) -> Position {
        let code = self.layout.unrank(node as u64 / 2, board);
        let side = if node.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        };
        if code == 0 {
            return self.template.with_board(board, side, self.template.ply());
        }
        let on_board: u32 = board.iter().map(|&s| u32::from(s)).sum();
        let setup = crate::engine::Setup {
            board: board.iter().map(|&s| i64::from(s)).collect(),
            to_move: Some(side),
            uur: Some(
                (0..board.len())
                    .map(|h| self.layout.is_uur(code, h))
                    .collect(),
            ),
            captured: Some([i64::from(self.template.seeds_in_play() - on_board), 0]),
            ply: Some(i64::from(self.template.ply())),
            ..crate::engine::Setup::default()
        };
        Position::from_setup(&setup, *self.template.rules()).expect("a table position")
    }

    /// Bounds on the value of `pos` for the side to move (its final seed difference),
    /// whatever the history; `None` when `pos` was not reached.
    pub fn bounds(&self, pos: &Position) -> Option<(i32, i32)> {
        let node = self.node(pos)? as usize;
        let (lo, hi) = (self.lower[node], self.upper[node]);
        if lo == UNKNOWN {
            return None;
        }
        let base = owned_diff(pos);
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
        if self.order.is_empty() {
            // A complete table: every position valued, Tarjan's numbering let go.
            return true;
        }
        let roots: Vec<u32> = roots.iter().filter_map(|r| self.node(r)).collect();
        self.extend_nodes(roots, progress)
    }

    /// An endgame table: every position of `rules` with at most `max_seeds` seeds on
    /// the board outside Uurs, valued (`progress` is told the positions valued and
    /// the positions in all). Within a hand seeds on the board never increase
    /// (captures remove them, Uurs keep them for good), so these positions only move
    /// to each other, and the table is complete. `None` when it would hold more than
    /// `max_positions`.
    pub fn endgame(
        rules: Rules,
        max_seeds: usize,
        max_positions: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<ExactTable, TableError> {
        let setup = Position::new(rules, Side::South);
        let mut table = ExactTable::with_limit(&setup, max_seeds, max_positions)?;
        let all = table.lower.len() as u64;
        table.extend_nodes(0..all as u32, &mut |reached| {
            progress(reached, all);
            true
        });
        table.order = Vec::new();
        table.low = Vec::new();
        Ok(table)
    }

    /// Whether `pos` is one of the table's positions.
    pub fn holds(&self, pos: &Position) -> bool {
        self.node(pos).is_some()
    }

    fn extend_nodes(
        &mut self,
        roots: impl IntoIterator<Item = u32>,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> bool {
        let holes = self.layout.holes;
        let mut board = vec![0u16; holes];
        let mut stack: Vec<u32> = Vec::new();
        // (position, first successor in `kids`, successors, next to visit)
        let mut frames: Vec<(u32, u32, u8, u8)> = Vec::new();
        let mut kids: Vec<u32> = Vec::new();
        for r in roots {
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
        if pos.ply() > 0 || pos.rules().first_move_captures {
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
            let here = owned_diff(&pos);
            for (_, next) in successors(&pos) {
                let w = self.node(&next).expect("seeds on the board never grow") as usize;
                if self.order[w] == IN_COMPONENT {
                    edges.push(Edge::Inside(self.low[w]));
                } else {
                    let gain = owned_diff(&next) - here;
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

fn shared_table_within(pos: &Position, max_positions: u64) -> Option<Arc<Mutex<ExactTable>>> {
    if pos.rules().has_uurs() {
        // Layli Goobalay: its endgame table, not one per seeds in play.
        return None;
    }
    let in_play = pos.seeds_in_play();
    let mut tables = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, table)) = tables
        .iter()
        .find(|(rules, seeds, _)| rules == pos.rules() && *seeds == in_play)
    {
        return Some(table.clone());
    }
    let table = ExactTable::with_limit(pos, in_play as usize, max_positions).ok()?;
    let table = Arc::new(Mutex::new(table));
    tables.push((*pos.rules(), in_play, table.clone()));
    Some(table)
}

/// The exact values of `game` and of each of its moves from the shared table
/// (extended first from `game`'s position if it has not reached it: for Modiar from
/// the setup, about 13 s and 280 MB once per process, shown by
/// [`show_progress_with`]'s bar), or `None` where no table is made for these rules.
pub(crate) fn shared_solve(
    game: &Game,
    limits: &SolveLimits,
) -> Option<Result<Solution, SolveError>> {
    shared_solve_within(game, limits, MAX_TABLE_POSITIONS)
}

/// [`shared_solve`], making a table only if it has at most `max_positions`
/// positions (one made before is used whatever its size).
fn shared_solve_within(
    game: &Game,
    limits: &SolveLimits,
    max_positions: u64,
) -> Option<Result<Solution, SolveError>> {
    let pos = game.position();
    if game.is_over() {
        return Some(Err(SolveError::GameOver));
    }
    let table = shared_table_within(pos, max_positions)?;
    let mut table = table.lock().unwrap_or_else(|e| e.into_inner());
    let roots = ExactTable::roots_for(pos);
    if roots.iter().any(|r| table.bounds(r).is_none()) {
        let mut show = progress_shown("valuing the reachable positions", None);
        table.extend(&roots, &mut |reached| {
            show(reached);
            true
        });
    }
    Some(table.solve(game, limits, true))
}

/// What shows a table's build: given what is built and how many positions in all
/// (`None`: not known beforehand), a function told the positions valued so far;
/// dropping it ends the display.
pub(crate) type ShowProgress = fn(what: &str, total: Option<u64>) -> Box<dyn FnMut(u64) + Send>;

static SHOW_PROGRESS: OnceLock<ShowProgress> = OnceLock::new();

/// Shows every table build of this process with `show` (the binary: a bar on
/// stderr when it is a terminal). Without it nothing is shown (tests, the library).
pub fn show_progress_with(show: ShowProgress) {
    // A second call keeps the first display: one per process.
    let _ = SHOW_PROGRESS.set(show);
}

fn progress_shown(what: &str, total: Option<u64>) -> Box<dyn FnMut(u64) + Send> {
    match SHOW_PROGRESS.get() {
        Some(show) => show(what, total),
        None => Box::new(|_| {}),
    }
}

/// Largest table the review makes when it needs one (an endgame table, or Tihbat's
/// or Modiar's): all of them in a release build; in a debug build (the tests) only
/// small ones, so that no test waits minutes for Modiar's table or a large endgame
/// table. Smaller tables give the same values, for fewer positions.
pub(crate) const ON_DEMAND_POSITIONS: u64 = if cfg!(debug_assertions) {
    300_000
} else {
    MAX_TABLE_POSITIONS
};

/// Seeds on the board (outside Uurs) of the endgame tables of Layli Goobalay and
/// Tampoduo: each builds in under 10 minutes on one core and takes under 1 GB at
/// its peak (measured: docs/ai-measurements.md).
pub(crate) const ENDGAME_SEEDS: [(Rules, &str, usize); 2] = [
    (Rules::layli_goobalay(), "Layli Goobalay", 10),
    (Rules::tampoduo(), "Tampoduo", 12),
];

fn endgame_positions(rules: &Rules, seeds: usize) -> u64 {
    Layout::new(rules.holes(), rules.has_uurs(), seeds)
        .len()
        .saturating_mul(2)
}

/// The endgame table's seed limit for `rules` (`None`: no endgame table), the
/// largest within `max_positions`.
pub(crate) fn endgame_seeds(rules: &Rules, max_positions: u64) -> Option<usize> {
    let &(_, _, most) = ENDGAME_SEEDS.iter().find(|(r, _, _)| r == rules)?;
    (1..=most)
        .rev()
        .find(|&seeds| endgame_positions(rules, seeds) <= max_positions)
}

/// Where finished endgame tables are kept from one process to the next (the
/// binary: files in a cache folder, named for the build that made them). Both may
/// fail quietly: a table not found is built, one not kept is built again next time.
#[derive(Clone, Copy, Debug)]
pub struct TableCache {
    /// The bytes kept under a name, if any.
    pub load: fn(name: &str) -> Option<Vec<u8>>,
    pub save: fn(name: &str, bytes: &[u8]),
}

static TABLE_CACHE: OnceLock<TableCache> = OnceLock::new();

/// Keeps every endgame table this process builds in `cache`, and looks there first.
/// Without it every process builds its own (tests, the library).
pub fn keep_tables_with(cache: TableCache) {
    // A second call keeps the first cache: one per process.
    let _ = TABLE_CACHE.set(cache);
}

/// Raised whenever what an endgame table file holds, or how a table values its
/// positions, changes. The binary also names its files for its own build.
const TABLE_FILE_FORMAT: u32 = 1;
const TABLE_FILE_MAGIC: &[u8; 8] = b"GBTABLE\0";

/// The name a finished endgame table of `name`'s game with `seeds` seeds is kept
/// under.
fn endgame_file_name(name: &str, seeds: usize) -> String {
    let game = name.to_lowercase().replace(' ', "-");
    format!("endgame-{game}-{seeds}-seeds-v{TABLE_FILE_FORMAT}")
}

/// A checksum of `bytes`, to tell a whole file from a damaged one (not a defence
/// against someone who may write the cache folder: they could write the binary).
fn checksum(bytes: &[u8]) -> u64 {
    use std::hash::{DefaultHasher, Hasher};
    let mut h = DefaultHasher::new();
    h.write(bytes);
    h.finish()
}

impl ExactTable {
    /// A finished endgame table as bytes: its counts and every position's bounds,
    /// then a checksum of all that.
    fn endgame_to_bytes(&self) -> Vec<u8> {
        let n = self.lower.len();
        let mut bytes = Vec::with_capacity(48 + 2 * n);
        bytes.extend_from_slice(TABLE_FILE_MAGIC);
        for count in [
            n as u64,
            self.reached,
            self.exact,
            self.largest_component as u64,
        ] {
            bytes.extend_from_slice(&count.to_le_bytes());
        }
        bytes.extend(self.lower.iter().map(|&v| v as u8));
        bytes.extend(self.upper.iter().map(|&v| v as u8));
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// The endgame table of `rules` with `max_seeds` seeds from
    /// [`ExactTable::endgame_to_bytes`]; `None` unless the bytes are whole and of
    /// a table of that size.
    fn endgame_from_bytes(
        rules: Rules,
        max_seeds: usize,
        max_positions: u64,
        bytes: &[u8],
    ) -> Option<ExactTable> {
        let (body, sum) = bytes.split_last_chunk::<8>()?;
        if checksum(body) != u64::from_le_bytes(*sum) {
            return None;
        }
        let rest = body.strip_prefix(TABLE_FILE_MAGIC)?;
        let (counts, bounds) = rest.split_first_chunk::<32>()?;
        let count = |i: usize| u64::from_le_bytes(counts[8 * i..8 * i + 8].try_into().unwrap());
        let setup = Position::new(rules, Side::South);
        let (template, layout, n) = ExactTable::shape(&setup, max_seeds, max_positions).ok()?;
        if count(0) != n as u64 || bounds.len() != 2 * n {
            return None;
        }
        let (lower, upper) = bounds.split_at(n);
        // Complete: no Tarjan numbering is kept, as after `ExactTable::endgame`.
        Some(ExactTable {
            template,
            layout,
            lower: lower.iter().map(|&v| v as i8).collect(),
            upper: upper.iter().map(|&v| v as i8).collect(),
            order: Vec::new(),
            low: Vec::new(),
            counter: 0,
            reached: count(1),
            exact: count(2),
            largest_component: count(3) as usize,
        })
    }
}

/// The endgame table of `rules` with `seeds` seeds kept by the cache, if any.
fn cached_endgame(
    rules: Rules,
    name: &str,
    seeds: usize,
    max_positions: u64,
) -> Option<ExactTable> {
    let cache = TABLE_CACHE.get()?;
    let bytes = (cache.load)(&endgame_file_name(name, seeds))?;
    ExactTable::endgame_from_bytes(rules, seeds, max_positions, &bytes)
}

fn keep_endgame(table: &ExactTable, name: &str, seeds: usize) {
    if let Some(cache) = TABLE_CACHE.get() {
        (cache.save)(&endgame_file_name(name, seeds), &table.endgame_to_bytes());
    }
}

/// The endgame tables made in this process, one per rules (`None` inside: refused).
type SharedEndgame = (Rules, u64, Arc<OnceLock<Option<Arc<ExactTable>>>>);
static ENDGAMES: Mutex<Vec<SharedEndgame>> = Mutex::new(Vec::new());

/// The endgame table holding `pos` (built on first use, with a progress bar where
/// [`show_progress_with`] set one; concurrent callers wait for the one build), if
/// its rules have one of at most `max_positions` positions and `pos` is in it.
pub(crate) fn shared_endgame(pos: &Position, max_positions: u64) -> Option<Arc<ExactTable>> {
    let rules = *pos.rules();
    let seeds = endgame_seeds(&rules, max_positions)?;
    if seeds_outside_uurs(pos) > seeds {
        return None;
    }
    let cell = {
        let mut tables = ENDGAMES.lock().unwrap_or_else(|e| e.into_inner());
        match tables
            .iter()
            .find(|(r, most, _)| *r == rules && *most == max_positions)
        {
            Some((_, _, cell)) => cell.clone(),
            None => {
                let cell = Arc::new(OnceLock::new());
                tables.push((rules, max_positions, cell.clone()));
                cell
            }
        }
    };
    let table = cell.get_or_init(|| {
        let name = ENDGAME_SEEDS
            .iter()
            .find(|(r, _, _)| *r == rules)
            .map_or("", |(_, name, _)| name);
        if let Some(kept) = cached_endgame(rules, name, seeds, max_positions) {
            return Some(Arc::new(kept));
        }
        let what = format!("{name} endgame table (at most {seeds} seeds on the board)");
        let all = endgame_positions(&rules, seeds);
        let mut show = progress_shown(&what, Some(all));
        let table = ExactTable::endgame(rules, seeds, max_positions, &mut |done, _| show(done));
        // The bar ends with the build, before the file is written.
        drop(show);
        let table = table.ok()?;
        keep_endgame(&table, name, seeds);
        Some(Arc::new(table))
    });
    let table = table.as_ref()?;
    table.holds(pos).then(|| table.clone())
}

/// The first of `order`'s exactly best moves in `game` from its rules' endgame table
/// (Layli Goobalay, Tampoduo: few seeds left on the board), if its position is in
/// the table and the search within the table keeps to `limits`. Always the full
/// table, built on first use: a level that plays from it must make the same moves in
/// every build, where the review makes do with smaller tables in a debug build.
pub(crate) fn endgame_best_move(game: &Game, order: &[Move], limits: &SolveLimits) -> Option<Move> {
    // A finished game is refused by the table's search.
    let table = shared_endgame(game.position(), MAX_TABLE_POSITIONS)?;
    table.solve(game, limits, true).ok()?.first_best(order)
}

/// The exact values of `game` and of its moves where a table gives them: Tihbat's
/// and Modiar's (any position), Layli Goobalay's and Tampoduo's endgame tables
/// (few seeds left), making a table of at most `max_positions` positions if needed;
/// `None` elsewhere, or when the search within the table needs more than `limits`.
pub(crate) fn exact_values(
    game: &Game,
    limits: &SolveLimits,
    max_positions: u64,
) -> Option<Solution> {
    if game.is_over() {
        return None;
    }
    if let Some(solved) = shared_solve_within(game, limits, max_positions) {
        return solved.ok();
    }
    let table = shared_endgame(game.position(), max_positions)?;
    table.solve(game, limits, true).ok()
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
    use crate::engine::{Rules, Setup, Variant};
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

    /// A position of an endgame table of `rules` (at most `seeds` seeds outside
    /// Uurs): random Uur pairs holding random seeds (Layli Goobalay), a random board,
    /// side and captures, then a few random moves for a repetition history.
    fn random_endgame_game(rules: Rules, seeds: usize, rng: &mut Mix) -> Game {
        let holes = rules.holes();
        let mut board = vec![0i64; holes];
        let mut uur = vec![None; holes];
        if rules.has_uurs() {
            for column in 0..holes / 2 {
                if rng.below(4) == 0 {
                    let owner = [Side::South, Side::North][rng.below(2)];
                    for h in [column, holes - 1 - column] {
                        uur[h] = Some(owner);
                        board[h] = rng.below(6) as i64;
                    }
                }
            }
        }
        for _ in 0..rng.below(seeds + 1) {
            let free: Vec<usize> = (0..holes).filter(|&h| uur[h].is_none()).collect();
            if !free.is_empty() {
                board[free[rng.below(free.len())]] += 1;
            }
        }
        let setup = Setup {
            board,
            to_move: Some([Side::South, Side::North][rng.below(2)]),
            uur: Some(uur),
            captured: Some([rng.below(20) as i64, rng.below(20) as i64]),
            ply: Some(rng.below(3) as i64),
            ..Setup::default()
        };
        let mut game = Game::from_setup(&setup, rules).expect("a valid position");
        for _ in 0..rng.below(5) {
            if game.is_over() {
                break;
            }
            let moves = game.legal_moves();
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
        game
    }

    /// A kept endgame table reads back exactly as built; a damaged file, or one of
    /// another seed limit, is refused (and the table built again).
    #[test]
    fn a_kept_endgame_table_reads_back_as_built() {
        let rules = Rules::layli_goobalay();
        let built = ExactTable::endgame(rules, 4, u64::MAX, &mut |_, _| {}).expect("a table");
        let bytes = built.endgame_to_bytes();
        let read = ExactTable::endgame_from_bytes(rules, 4, u64::MAX, &bytes).expect("whole");
        assert_eq!(read.lower, built.lower);
        assert_eq!(read.upper, built.upper);
        assert_eq!(read.stats(), built.stats());
        assert!(read.order.is_empty() && read.low.is_empty(), "complete");
        let mut rng = Mix(6);
        let mut compared = 0;
        while compared < 100 {
            let game = random_endgame_game(rules, 4, &mut rng);
            if !game.is_over() {
                assert_eq!(read.bounds(game.position()), built.bounds(game.position()));
                compared += 1;
            }
        }
        for at in [0, 9, 40, bytes.len() / 2, bytes.len() - 1] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            assert!(ExactTable::endgame_from_bytes(rules, 4, u64::MAX, &damaged).is_none());
        }
        assert!(ExactTable::endgame_from_bytes(rules, 4, u64::MAX, &bytes[..100]).is_none());
        assert!(ExactTable::endgame_from_bytes(rules, 5, u64::MAX, &bytes).is_none());
        assert!(ExactTable::endgame_from_bytes(Rules::tampoduo(), 4, u64::MAX, &bytes).is_none());
    }

    /// Every value of the endgame tables, of the position and of each move, is the
    /// plain search's (which walks the whole game tree with the game's history), on
    /// seeded random positions inside the tables of Layli Goobalay (Uurs holding
    /// seeds included) and Tampoduo, many with a history.
    #[test]
    fn endgame_values_are_the_plain_searchs() {
        let mut rng = Mix(4);
        let limits = SolveLimits {
            nodes: 2_000_000,
            ..SolveLimits::default()
        };
        for (rules, seeds, uurs_wanted) in
            [(Rules::layli_goobalay(), 4, 30), (Rules::tampoduo(), 6, 0)]
        {
            let table =
                ExactTable::endgame(rules, seeds, u64::MAX, &mut |_, _| {}).expect("a small table");
            let (mut compared, mut with_history, mut with_uurs) = (0, 0, 0);
            // Most random boards with so few seeds are over (one row empty): draw
            // until enough are not.
            for _ in 0..5_000 {
                if compared == 150 {
                    break;
                }
                let game = random_endgame_game(rules, seeds, &mut rng);
                if game.is_over() {
                    continue;
                }
                assert!(table.holds(game.position()), "{:?}", game.position());
                let Ok(plain) = Solver::new().solve(&game, &limits, true) else {
                    continue;
                };
                let exact = table
                    .solve(&game, &SolveLimits::default(), true)
                    .expect("no budget");
                assert_eq!(exact.value, plain.value, "{:?}", game.position());
                assert_eq!(exact.moves, plain.moves, "{:?}", game.position());
                compared += 1;
                with_history += usize::from(game.remembered_positions() > 1);
                with_uurs +=
                    usize::from((0..rules.holes()).any(|h| game.position().uur_owner(h).is_some()));
            }
            assert!(compared == 150, "only {compared} positions solved by both");
            assert!(with_history >= 30, "only {with_history} with a history");
            assert!(with_uurs >= uurs_wanted, "only {with_uurs} with Uurs");
        }
    }

    /// An endgame table holds exactly the positions with few enough seeds outside
    /// Uurs, and its positions' moves stay inside it.
    #[test]
    fn endgame_tables_hold_the_positions_with_few_seeds() {
        let table = ExactTable::endgame(Rules::layli_goobalay(), 3, u64::MAX, &mut |_, _| {})
            .expect("a small table");
        let mut rng = Mix(5);
        for _ in 0..200 {
            let game = random_endgame_game(Rules::layli_goobalay(), 3, &mut rng);
            assert!(table.holds(game.position()));
            assert!(table.bounds(game.position()).is_some());
        }
        let setup = Game::new(Rules::layli_goobalay(), Side::South);
        assert!(!table.holds(setup.position()));
    }

    #[test]
    fn tihbat_is_minus_two_for_south() {
        let game = Game::new(Variant::preset("tihbat").unwrap().rules, Side::South);
        let s = exact(&game);
        assert_eq!(s.value, -2);
        assert_eq!(s.moves.iter().map(|m| m.1).collect::<Vec<_>>(), [-2, -2]);
    }
}
