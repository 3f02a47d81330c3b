//! Engine players: given a game, choose a move; given a multi-hand match's
//! rearrangement, choose how to place seeds (RULES.md §3).
//!
//! Every choice is reproducible: an [`EnginePlayer`] draws its random choices from a
//! seeded generator, and the seed is the caller's to record. The searching levels
//! stop on a node budget, so for a given seed and budget they play the same moves on
//! any machine; a time budget ([`EnginePlayer::with_time`]) trades that for speed.
//!
//! - `search.rs`: alpha-beta search (levels `easy` to `max`);
//! - `tt.rs`: its transposition table;
//! - `solve.rs`: exact solving (level `perfect`, `goobalay solve`);
//! - `arrange.rs`: choosing a rearrangement in a multi-hand match;
//! - `arena.rs`: engine-versus-engine series with an Elo estimate.

pub mod arena;
pub mod arrange;
pub mod search;
pub mod solve;
pub mod tt;

use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::{Game, Move, Rules, Side};

use search::{Limits, Searcher};
use solve::{SolveLimits, Solver};

/// The built-in strength levels, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// The move that captures most at once; ties broken at random.
    Greedy,
    /// Alpha-beta search, 200 nodes a move; one move in five is random.
    Easy,
    /// Alpha-beta search, 1,000 nodes a move; one move in ten is random.
    Medium,
    /// Alpha-beta search, 8,000 nodes a move; one move in twenty is random.
    Hard,
    /// Alpha-beta search, 64,000 nodes a move.
    Max,
    /// Exact play: each move is solved (repetition included) within
    /// [`PERFECT_SOLVE_NODES`] nodes; a position not solved within that budget is
    /// played as `max` would.
    Perfect,
}

/// Node budget of one `perfect` move's exact solve before it falls back to `max`
/// (a few seconds). After a failure, `perfect` tries to solve again only once fewer
/// seeds are left on the board.
pub const PERFECT_SOLVE_NODES: u64 = 2_000_000;

impl Level {
    pub const ALL: [Level; 7] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Max,
        Level::Perfect,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
            Level::Perfect => "perfect",
        }
    }

    pub fn parse(text: &str) -> Result<Level, UnknownLevel> {
        let text = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == text)
            .ok_or(UnknownLevel(text))
    }

    pub fn names() -> Vec<&'static str> {
        Level::ALL.iter().map(|l| l.name()).collect()
    }

    /// The node budget of a move for the searching levels (`perfect`: its fallback).
    pub const fn node_budget(self) -> Option<u64> {
        match self {
            Level::Random | Level::Greedy => None,
            Level::Easy => Some(200),
            Level::Medium => Some(1_000),
            Level::Hard => Some(8_000),
            Level::Max | Level::Perfect => Some(64_000),
        }
    }

    /// Share of moves a searching level plays at random instead of searching (a
    /// seeded draw): what, with the node budget, separates the levels' strength.
    pub const fn blunder_rate(self) -> f64 {
        match self {
            Level::Easy => 1.0 / 5.0,
            Level::Medium => 1.0 / 10.0,
            Level::Hard => 1.0 / 20.0,
            _ => 0.0,
        }
    }

    /// How a rearrangement is chosen: candidates tried, nodes searched for each.
    const fn arrangement_effort(self) -> (usize, u64) {
        match self {
            Level::Random => (1, 0),
            Level::Greedy => (12, 0),
            Level::Easy => (16, 100),
            Level::Medium => (24, 400),
            Level::Hard => (32, 1_500),
            Level::Max | Level::Perfect => (48, 5_000),
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown engine level '{0}'; known: {levels}", levels = Level::names().join(", "))]
pub struct UnknownLevel(pub String);

/// What a player is asked when a multi-hand match is rearranged (RULES.md §3).
#[derive(Clone, Debug)]
pub struct ArrangeRequest {
    pub rules: Rules,
    /// Who is placing seeds now.
    pub side: Side,
    /// Seeds to place in the row, at least one in every hole.
    pub seeds: u32,
    /// The opponent's row when they arranged first (hole order: their own left to right).
    pub opponent_row: Option<Vec<u16>>,
    /// Seeds each player keeps in hand (already captured) in the coming hand.
    pub kept: crate::engine::BySide<u32>,
    /// Who makes the first move of the coming hand.
    pub first_mover: Side,
}

/// An engine player: a level and its own seeded random generator.
#[derive(Clone)]
pub struct EnginePlayer {
    level: Level,
    rng: ChaCha8Rng,
    nodes: Option<u64>,
    time: Option<Duration>,
    searcher: Option<Searcher>,
    solver: Option<Box<Solver>>,
    solve_nodes: u64,
    /// Seeds on the board when a solve last failed.
    unsolved_at: Option<u32>,
    fallbacks: u32,
}

impl std::fmt::Debug for EnginePlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePlayer")
            .field("level", &self.level)
            .field("nodes", &self.node_budget())
            .field("time", &self.time)
            .finish_non_exhaustive()
    }
}

impl EnginePlayer {
    pub fn new(level: Level, seed: u64) -> EnginePlayer {
        EnginePlayer {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
            nodes: None,
            time: None,
            searcher: None,
            solver: None,
            solve_nodes: PERFECT_SOLVE_NODES,
            unsolved_at: None,
            fallbacks: 0,
        }
    }

    /// Replaces `perfect`'s node budget for solving a move exactly.
    pub fn with_solve_nodes(mut self, nodes: u64) -> EnginePlayer {
        self.solve_nodes = nodes.max(1);
        self
    }

    /// Replaces the level's node budget per move (searching levels only).
    pub fn with_nodes(mut self, nodes: u64) -> EnginePlayer {
        self.nodes = Some(nodes.max(1));
        self
    }

    /// Adds a wall-clock limit per move: moves then depend on the machine's speed.
    pub fn with_time(mut self, time: Option<Duration>) -> EnginePlayer {
        self.time = time;
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The node budget per move, if the level searches.
    pub fn node_budget(&self) -> Option<u64> {
        self.level.node_budget().map(|n| self.nodes.unwrap_or(n))
    }

    /// How many `perfect` moves were played by search, not solved within budget.
    pub fn perfect_fallbacks(&self) -> u32 {
        self.fallbacks
    }

    /// A legal move for the side to move. Panics if the game is over.
    pub fn choose_move(&mut self, game: &Game) -> Move {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "choose_move called on a finished game");
        match self.level {
            Level::Random => moves[self.rng.random_range(0..moves.len())],
            Level::Greedy => {
                let mover = game.to_move();
                let mut best = Vec::new();
                let mut best_gain = 0;
                let mut child = game.clone();
                for &m in &moves {
                    let saved = child.save();
                    child.play_unchecked(m);
                    let gain = child.position().captured()[mover];
                    child.restore(saved);
                    if best.is_empty() || gain > best_gain {
                        best.clear();
                        best_gain = gain;
                    }
                    if gain == best_gain {
                        best.push(m);
                    }
                }
                best[self.rng.random_range(0..best.len())]
            }
            Level::Easy | Level::Medium | Level::Hard | Level::Max | Level::Perfect => {
                let blunder: f64 = self.rng.random();
                let mut order: Vec<Move> = moves.to_vec();
                order.shuffle(&mut self.rng);
                if order.len() == 1 || blunder < self.level.blunder_rate() {
                    return order[0];
                }
                let on_board = game.position().board().iter().map(|&s| s as u32).sum();
                if self.level == Level::Perfect
                    && self.unsolved_at.is_none_or(|seeds| on_board < seeds)
                {
                    let limits = SolveLimits {
                        nodes: self.solve_nodes,
                        time: self.time,
                        ..SolveLimits::default()
                    };
                    let solver = self.solver.get_or_insert_with(Default::default);
                    match solver.best_move(game, &limits, &order) {
                        Ok((m, _)) => return m,
                        Err(_) => self.unsolved_at = Some(on_board),
                    }
                }
                if self.level == Level::Perfect {
                    self.fallbacks += 1;
                }
                let nodes = self.node_budget().expect("searching level");
                let limits = Limits {
                    time: self.time,
                    ..Limits::nodes(nodes)
                };
                let searcher = self.searcher.get_or_insert_with(|| Searcher::new(nodes));
                searcher.search(game, &limits, Some(&order)).best
            }
        }
    }

    /// Seeds per hole of the arranging player's row (own left to right), summing to
    /// `request.seeds`, at least one each (if `request.seeds` is below the number of
    /// holes no such row exists, and the even spread is returned).
    ///
    /// `random` places a random composition; the other levels set up the starting
    /// position of each of several candidate rows (the even spread, the surplus piled
    /// in each hole, seeded random compositions; the opponent's row as placed, or
    /// assumed evenly spread when they place second) and keep the row a search of the
    /// level's arrangement budget values most.
    pub fn choose_arrangement(&mut self, request: &ArrangeRequest) -> Vec<u16> {
        let holes = request.rules.holes_per_row as usize;
        if holes == 0 || (request.seeds as usize) < holes {
            return even_spread(request.seeds, holes.max(1));
        }
        if self.level == Level::Random {
            return arrange::random_composition(request.seeds, holes, &mut self.rng);
        }
        let (count, nodes) = self.level.arrangement_effort();
        arrange::choose(request, count, nodes, &mut self.rng)
    }
}

/// `seeds` spread as evenly as possible over `holes` holes, extra seeds to the right.
pub fn even_spread(seeds: u32, holes: usize) -> Vec<u16> {
    let base = seeds / holes as u32;
    let extra = seeds as usize % holes;
    (0..holes)
        .map(|i| (base + u32::from(i >= holes - extra)) as u16)
        .collect()
}

#[cfg(test)]
mod unit_tests {
    use super::*;
    use crate::engine::Variant;

    #[test]
    fn even_spread_places_every_seed() {
        assert_eq!(even_spread(14, 6), vec![2, 2, 2, 2, 3, 3]);
        assert_eq!(even_spread(6, 6), vec![1; 6]);
    }

    #[test]
    fn same_seed_same_game() {
        let rules = Variant::preset("layli-goobalay").unwrap().rules;
        let play = |seed| {
            let mut players = [
                EnginePlayer::new(Level::Random, seed),
                EnginePlayer::new(Level::Greedy, seed + 1),
            ];
            let mut game = Game::new(rules, Side::South);
            let mut moves = Vec::new();
            while !game.is_over() {
                let m = players[game.to_move().index()].choose_move(&game);
                moves.push(m);
                game.play_unchecked(m);
            }
            moves
        };
        assert_eq!(play(7), play(7));
        assert_ne!(play(7), play(8));
    }
}

#[cfg(test)]
mod tests;
