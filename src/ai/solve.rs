//! Exact solving: the game-theoretic value of a position under RULES.md, repetition
//! included, by alpha-beta over the whole game tree.
//!
//! The value is the final seed difference (the mover's score minus the opponent's)
//! when both sides play to maximise it; its sign says who wins.
//!
//! **Repetition and history.** A game ends when a position recurs since the last
//! capture or Uur (RULES.md §2), so the value of a position can depend on the
//! positions seen before it. The solver searches on a [`Game`], which carries that
//! history, so every line ends exactly as the rules say. Its table stores values only
//! for positions whose remembered history is the position alone — the start of a game
//! or the position right after a capture or an Uur — because only there is the value
//! a function of the position (board, Uurs, side to move; plus "is this ply 0" for
//! Modiar's first-move rule). Positions inside a capture-free stretch are searched
//! again along every path: sound, and the reason the solver's reach is limited.
//!
//! Values in the table are stored relative to the captured difference, keyed by the
//! full [`PositionKey`] (no hash collisions).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::engine::{Game, Move, PositionKey};

const INF: i32 = 1 << 24;

/// How much work a solve may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveLimits {
    pub nodes: u64,
    pub time: Option<Duration>,
    /// Largest number of table entries (about 100 bytes each); beyond it new
    /// positions are not stored (still correct, only slower).
    pub table_entries: usize,
}

impl Default for SolveLimits {
    fn default() -> SolveLimits {
        SolveLimits {
            nodes: u64::MAX,
            time: None,
            table_entries: 20_000_000,
        }
    }
}

#[derive(Debug, Error, Clone, PartialEq)]
pub enum SolveError {
    #[error("not solved within the budget ({nodes} nodes, {seconds:.1} s)")]
    Budget { nodes: u64, seconds: f64 },
    #[error("the game is already over")]
    GameOver,
}

impl crate::hint::Refusal for SolveError {
    fn hint(&self) -> Option<crate::hint::Hint> {
        match self {
            SolveError::Budget { .. } => Some(crate::hint::Hint::MoreBudget),
            SolveError::GameOver => None,
        }
    }
}

/// An exact result.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Final seed difference for the side to move under perfect play.
    pub value: i32,
    /// Every legal move with its exact value for the side to move (empty when only
    /// the value was asked for).
    pub moves: Vec<(Move, i32)>,
    pub nodes: u64,
    pub elapsed: Duration,
    pub table_entries: usize,
}

impl Solution {
    /// The first of `order`'s moves with the best value (`None` if `order` holds
    /// none of them, or only the value was asked for): how the exact levels choose
    /// among equally good moves, in their seeded order.
    pub(crate) fn first_best(&self, order: &[Move]) -> Option<Move> {
        order
            .iter()
            .copied()
            .find(|m| self.moves.iter().any(|&(x, v)| x == *m && v == self.value))
    }
}

/// FxHash-style hasher: the table's keys are plain integers.
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Key = (PositionKey, bool);

/// An exact solver; its table is kept between calls (entries never depend on the
/// path, so they stay true for any later game of the same rules).
#[derive(Default, Clone)]
pub struct Solver {
    table: HashMap<Key, (i32, i32), BuildHasherDefault<FastHasher>>,
    nodes: u64,
    max_nodes: u64,
    max_entries: usize,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    fn start(&mut self, limits: &SolveLimits) -> Instant {
        let now = Instant::now();
        self.nodes = 0;
        self.max_nodes = limits.nodes;
        self.max_entries = limits.table_entries;
        self.deadline = limits.time.map(|t| now + t);
        self.aborted = false;
        now
    }

    fn budget_error(&self, started: Instant) -> SolveError {
        SolveError::Budget {
            nodes: self.nodes,
            seconds: started.elapsed().as_secs_f64(),
        }
    }

    /// The exact value of `game` and, with `each_move`, of every legal move.
    pub fn solve(
        &mut self,
        game: &Game,
        limits: &SolveLimits,
        each_move: bool,
    ) -> Result<Solution, SolveError> {
        if game.is_over() {
            return Err(SolveError::GameOver);
        }
        let started = self.start(limits);
        let mut game = game.clone();
        let total = game.position().seeds_in_play() as i32;
        let mut moves = Vec::new();
        let value = if each_move {
            let mut best = -INF;
            for m in game.legal_moves() {
                let saved = game.save();
                game.play_unchecked(m);
                let v = -self.value(&mut game, -total - 1, total + 1);
                game.restore(saved);
                if self.aborted {
                    return Err(self.budget_error(started));
                }
                best = best.max(v);
                moves.push((m, v));
            }
            best
        } else {
            let v = self.value(&mut game, -total - 1, total + 1);
            if self.aborted {
                return Err(self.budget_error(started));
            }
            v
        };
        Ok(Solution {
            value,
            moves,
            nodes: self.nodes,
            elapsed: started.elapsed(),
            table_entries: self.table.len(),
        })
    }

    /// A move of greatest exact value, trying moves in `order` (the first of equal
    /// moves wins), and that value.
    pub(crate) fn best_move(
        &mut self,
        game: &Game,
        limits: &SolveLimits,
        order: &[Move],
    ) -> Result<(Move, i32), SolveError> {
        if game.is_over() || order.is_empty() {
            return Err(SolveError::GameOver);
        }
        let started = self.start(limits);
        let mut game = game.clone();
        let total = game.position().seeds_in_play() as i32;
        let mut alpha = -total - 1;
        let mut best = order[0];
        for &m in order {
            let saved = game.save();
            game.play_unchecked(m);
            let v = -self.value(&mut game, -total - 1, -alpha);
            game.restore(saved);
            if self.aborted {
                return Err(self.budget_error(started));
            }
            if v > alpha {
                alpha = v;
                best = m;
            }
        }
        Ok((best, alpha))
    }

    fn value(&mut self, game: &mut Game, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let pos = game.position();
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
        let cap = pos.captured();
        let base = cap[me] as i32 - cap[!me] as i32;
        let key = (game.remembered_positions() == 1).then(|| (pos.key(), pos.ply() == 0));
        let (mut lo, mut hi) = (-INF, INF);
        if let Some(k) = &key
            && let Some(&(l, h)) = self.table.get(k)
        {
            lo = if l == -INF { -INF } else { l + base };
            hi = if h == INF { INF } else { h + base };
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if lo == hi {
                return lo;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        // Order: the moves that gain most at once first.
        let mut moves: arrayvec::ArrayVec<(i32, Move), 16> = game
            .legal_moves()
            .into_iter()
            .map(|m| {
                let saved = game.save();
                game.play_unchecked(m);
                let p = game.position();
                let gain = match p.outcome() {
                    Some(o) => 2 * (o.score[me] as i32 - o.score[!me] as i32),
                    None => p.captured()[me] as i32 - cap[me] as i32,
                };
                game.restore(saved);
                (gain, m)
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        let (alpha_used, beta_used) = (alpha, beta);
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
        if let Some(k) = key {
            if best <= alpha_used {
                hi = hi.min(best);
            } else if best >= beta_used {
                lo = lo.max(best);
            } else {
                lo = best;
                hi = best;
            }
            let rel = (
                if lo == -INF { -INF } else { lo - base },
                if hi == INF { INF } else { hi - base },
            );
            if self.table.len() < self.max_entries || self.table.contains_key(&k) {
                self.table.insert(k, rel);
            }
        }
        best
    }
}
