//! The searching players: negamax with alpha-beta pruning, iterative deepening, a
//! transposition table and history-heuristic move ordering, under a node budget
//! (deterministic) and an optional time budget.
//!
//! Values are in eighths of a seed ([`SCALE`]) from the point of view of the side to
//! move, and aim at the final seed difference (own score minus the opponent's). A
//! finished game is worth exactly its [`Outcome`] score difference; at the horizon a
//! position is worth the captured difference plus the difference of the seeds the end
//! rule would hand each player if the game ended now (own row and owned Uurs; half
//! the own rows where the board goes to the last mover; nothing for an even split).
//!
//! Repetition is part of the game: the search plays moves on a [`Game`] (copy-make with
//! [`Game::save`]/[`Game::restore`]), so a line that repeats a position of the game or
//! of the line ends there as the rules say. The transposition table ignores the path
//! (the usual graph-history compromise): a value stored for a position reached along
//! one path may be reused along another where a repetition would differ. The exact
//! solver ([`super::solve`]) does not take that shortcut.

use std::time::{Duration, Instant};

use crate::engine::{EndReason, Game, Move, MoveList, Outcome, Position, Reached, Remaining, Side};

use super::tt::{Bound, DEPTH_SOLVED, NO_MOVE, Table};

/// Value units per seed.
pub const SCALE: i32 = 8;
const INF: i32 = i32::MAX / 4;
/// Iterative deepening stops here at the latest.
pub const MAX_DEPTH: u32 = 200;

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Nodes (positions visited); the search stops within a few nodes of it.
    pub nodes: u64,
    /// Wall-clock limit: makes the result depend on the machine's speed.
    pub time: Option<Duration>,
}

impl Limits {
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: MAX_DEPTH,
            nodes,
            time: None,
        }
    }

    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
            time: None,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Report {
    pub best: Move,
    /// In [`SCALE`] units, for the side to move.
    pub value: i32,
    /// Deepest iteration completed (at least 1).
    pub depth: u32,
    pub nodes: u64,
    /// The last iteration reached no horizon: the value is the game's exact value
    /// (up to the transposition table's path compromise).
    pub exact: bool,
    pub elapsed: Duration,
}

/// The value of each root move at one depth.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Legal moves with their values ([`SCALE`] units, for the side to move), in the
    /// order of the legal moves.
    pub moves: Vec<(Move, i32)>,
    pub depth: u32,
    pub nodes: u64,
    pub exact: bool,
    pub elapsed: Duration,
}

/// A reusable searcher (its table's memory is kept between searches).
#[derive(Clone)]
pub struct Searcher {
    tt: Table,
    history: [[u32; 33]; 2],
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// Horizon leaves (and table cut-offs that may hide one) seen so far.
    horizon: u64,
    /// Weight of the end-rule material, in [`SCALE`] units per seed (halved where
    /// the board goes to the last mover, as a row's seeds are less surely its own).
    pub material_weight: i32,
}

/// The heuristic value of a position that is not over, for the side to move.
pub(crate) fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_move();
    let cap = pos.captured();
    let base = SCALE * (cap[me] as i32 - cap[!me] as i32);
    base + material(pos, me, SCALE)
}

fn material(pos: &Position, me: Side, weight: i32) -> i32 {
    let rules = pos.rules();
    let weight = match rules.remaining {
        Remaining::SplitEvenly => return 0,
        Remaining::LastMover => weight / 2,
        Remaining::OwnRow => weight,
    };
    let n = rules.holes_per_row as usize;
    let board = pos.board();
    let diff = if rules.has_uurs() {
        // The holes `me` takes at the end: own Uurs, and own row's holes that are
        // nobody's Uur (bit masks: this runs at every leaf).
        let uurs = pos.uurs_of(Side::South) | pos.uurs_of(Side::North);
        let south_row = (1u32 << n) - 1;
        let own_row = if me == Side::South {
            south_row
        } else {
            south_row << n
        };
        let mine = (own_row & !uurs) | pos.uurs_of(me);
        // Mine minus the rest is twice mine minus all; no branch on the holes.
        let (mut own, mut all) = (0i32, 0i32);
        for (h, &s) in board.iter().enumerate() {
            let s = i32::from(s);
            all += s;
            own += s & -(((mine >> h) & 1) as i32);
        }
        2 * own - all
    } else {
        let south: i32 = board[..n].iter().map(|&s| s as i32).sum();
        let north: i32 = board[n..].iter().map(|&s| s as i32).sum();
        if me == Side::South {
            south - north
        } else {
            north - south
        }
    };
    diff * weight
}

/// The exact value of a finished game for `side`.
pub(crate) fn terminal_value(outcome: &Outcome, side: Side) -> i32 {
    SCALE * (outcome.score[side] as i32 - outcome.score[!side] as i32)
}

fn move_index(m: Move) -> usize {
    m.hole().unwrap_or(32)
}

fn move_code(m: Move) -> u8 {
    m.hole().map_or(u8::MAX, |h| h as u8)
}

impl Searcher {
    /// A searcher whose table suits searches of about `nodes` nodes.
    pub fn new(nodes: u64) -> Searcher {
        Searcher {
            tt: Table::for_nodes(nodes),
            history: [[0; 33]; 2],
            nodes: 0,
            max_nodes: u64::MAX,
            deadline: None,
            aborted: false,
            horizon: 0,
            material_weight: SCALE,
        }
    }

    fn start(&mut self, limits: &Limits) -> Instant {
        self.tt.clear();
        self.history = [[0; 33]; 2];
        self.nodes = 0;
        self.max_nodes = limits.nodes;
        self.aborted = false;
        self.horizon = 0;
        let now = Instant::now();
        self.deadline = limits.time.map(|t| now + t);
        now
    }

    /// Searches `game` (not over) by iterative deepening and returns the best move.
    /// `root` lists the legal moves in the order to try first (the caller's seeded
    /// shuffle breaks ties between equal moves); `None`: the legal order.
    pub fn search(&mut self, game: &Game, limits: &Limits, root: Option<&[Move]>) -> Report {
        let started = self.start(limits);
        let mut game = game.clone();
        let mut moves: Vec<Move> = match root {
            Some(r) => r.to_vec(),
            None => game.legal_moves().to_vec(),
        };
        assert!(!moves.is_empty(), "search called on a finished game");
        let mut report = Report {
            best: moves[0],
            value: 0,
            depth: 0,
            nodes: 0,
            exact: false,
            elapsed: Duration::ZERO,
        };
        for depth in 1..=limits.depth.max(1) {
            let horizon_before = self.horizon;
            let mut alpha = -INF;
            let mut best = None;
            for &m in &moves {
                let saved = game.save();
                game.play_unchecked(m);
                let v = -self.negamax(&mut game, depth as i32 - 1, -INF, -alpha, depth > 1);
                game.restore(saved);
                if self.aborted {
                    break;
                }
                if v > alpha {
                    alpha = v;
                    best = Some(m);
                }
            }
            if self.aborted {
                // The previous best was searched first: a move that beat it at this
                // depth is better informed.
                if let Some(m) = best
                    && alpha > -INF
                    && m != report.best
                {
                    report.best = m;
                    report.value = alpha;
                }
                break;
            }
            let best = best.expect("at least one move");
            report.best = best;
            report.value = alpha;
            report.depth = depth;
            report.exact = self.horizon == horizon_before;
            let at = moves.iter().position(|&m| m == best).expect("root move");
            moves[..=at].rotate_right(1);
            if report.exact {
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = started.elapsed();
        report
    }

    /// The value of every legal move searched to `depth` plies in all (full window
    /// for each, so every value is exact at that depth), deepening from 1 while the
    /// budget lasts.
    pub fn analyse(&mut self, game: &Game, limits: &Limits) -> Analysis {
        let started = self.start(limits);
        let mut game = game.clone();
        let moves = game.legal_moves();
        let mut result = Analysis {
            moves: moves.iter().map(|&m| (m, 0)).collect(),
            depth: 0,
            nodes: 0,
            exact: false,
            elapsed: Duration::ZERO,
        };
        for depth in 1..=limits.depth.max(1) {
            let horizon_before = self.horizon;
            let mut values = Vec::with_capacity(moves.len());
            for &m in &moves {
                let saved = game.save();
                game.play_unchecked(m);
                let v = -self.negamax(&mut game, depth as i32 - 1, -INF, INF, depth > 1);
                game.restore(saved);
                if self.aborted {
                    break;
                }
                values.push((m, v));
            }
            if self.aborted {
                break;
            }
            result.moves = values;
            result.depth = depth;
            result.exact = self.horizon == horizon_before;
            if result.exact {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = started.elapsed();
        result
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.max_nodes {
            self.aborted = true;
        } else if let Some(deadline) = self.deadline
            && self.nodes & 1023 == 0
            && Instant::now() >= deadline
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn negamax(
        &mut self,
        game: &mut Game,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        may_stop: bool,
    ) -> i32 {
        self.nodes += 1;
        let pos = game.position();
        let me = pos.to_move();
        if let Some(outcome) = pos.outcome() {
            if outcome.end == EndReason::Repetition {
                // Ended by a repetition of this path's history: the same position
                // reached along another path plays on, so the value is no exact
                // value of the position (for the table and for `exact`).
                self.horizon += 1;
            }
            return terminal_value(&outcome, me);
        }
        let cap = pos.captured();
        let base = SCALE * (cap[me] as i32 - cap[!me] as i32);
        if depth <= 0 {
            self.horizon += 1;
            return base + material(pos, me, self.material_weight);
        }
        if may_stop && self.out_of_budget() {
            return 0;
        }
        let key = game.position_hash();
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if e.depth >= depth as u8 {
                let v = e.value + base;
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    if e.depth != DEPTH_SOLVED {
                        self.horizon += 1;
                    }
                    return v;
                }
            }
        }
        // Candidates whose sowing turns out endless are skipped: the legal moves are
        // tried in the same order as if they had been listed alone.
        let moves = self.ordered(game.moves_to_try(), me, tt_move);
        let horizon_before = self.horizon;
        let alpha_before = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        // The child probes the table unless it is a leaf: ask for its slot while the
        // engine settles the child's position. A leaf is only valued and taken back,
        // so the game need not remember it for repetition.
        let child_probes = depth > 1;
        for m in moves {
            let saved = game.save();
            let tt = &self.tt;
            let played = if child_probes {
                game.try_play_candidate_then(m, Reached::PlayedOn(|hash| tt.prefetch(hash)))
            } else {
                game.try_play_candidate_then(m, Reached::Leaf::<fn(u64)>)
            };
            if !played {
                continue;
            }
            let v = -self.negamax(game, depth - 1, -beta, -alpha, may_stop);
            game.restore(saved);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        let h = &mut self.history[me.index()][move_index(m)];
                        *h = h.saturating_add((depth * depth) as u32);
                        break;
                    }
                }
            }
        }
        let bound = if best <= alpha_before {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let stored_depth = if self.horizon == horizon_before {
            DEPTH_SOLVED
        } else {
            depth.min(DEPTH_SOLVED as i32 - 1) as u8
        };
        self.tt
            .store(key, stored_depth, best - base, bound, move_code(best_move));
        best
    }

    /// `moves` with the table's move first, then by history, highest first; equal
    /// keys keep their order (a stable insertion sort in place: the lists are short,
    /// and sorting a keyed copy moved a few hundred bytes a node).
    fn ordered(&self, mut moves: MoveList, me: Side, tt_move: u8) -> MoveList {
        let history = &self.history[me.index()];
        let key = |m: Move| {
            if move_code(m) == tt_move {
                u32::MAX
            } else {
                history[move_index(m)]
            }
        };
        let list = moves.as_mut_slice();
        for i in 1..list.len() {
            let m = list[i];
            let k = key(m);
            let mut j = i;
            while j > 0 && key(list[j - 1]) < k {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = m;
        }
        moves
    }
}
