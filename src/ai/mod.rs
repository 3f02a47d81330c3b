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
//! - `exact.rs`: exact bounds for every reachable position of a small board (Tihbat,
//!   Modiar) and for Layli Goobalay's and Tampoduo's endgames, valid whatever the
//!   repetition history, and the search within them (`goobalay solve` on those
//!   positions, the review, `perfect`, and `max` in those endgames);
//! - `arrange.rs`: choosing a rearrangement in a multi-hand match;
//! - `arena.rs`: engine-versus-engine series with an Elo estimate.

pub mod arena;
pub(crate) mod arrange;
pub(crate) mod exact;
pub(crate) mod search;
pub(crate) mod solve;
pub(crate) mod tt;

use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::{Game, Move, Rules, Side};

pub use exact::{ExactTable, TableCache, keep_tables_with, show_progress_with};
pub use search::{Limits, MAX_DEPTH, SCALE, Searcher};
pub use solve::{SolveError, SolveLimits, Solver};

/// The built-in strength levels, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// The move that captures most at once; ties broken at random.
    Greedy,
    /// Alpha-beta search 4 plies deep at most (3 on rows of up to 3 holes; 300 nodes
    /// a move); the move is
    /// drawn by value with wide noise (see [`Level::strength`]).
    Easy,
    /// Alpha-beta search, 1,000 nodes a move (more on rows of over 6 holes; 700 in
    /// Layli Goobalay); the move is drawn by value with half `easy`'s noise (as
    /// much as `easy`'s in Tampoduo).
    Medium,
    /// Alpha-beta search, 8,000 nodes a move (more on rows of over 6 holes; 5,000
    /// in Tampoduo); the move is drawn by value with a quarter of `easy`'s noise,
    /// and one move in 33 is random.
    Hard,
    /// Alpha-beta search, 64,000 nodes a move (more on rows of under 6 holes,
    /// where nodes are cheaper); always the best move found. Once few seeds are
    /// left in Layli Goobalay or Tampoduo (its endgame table, built on first use),
    /// an exactly best move, where the table's search keeps to the same budget.
    Max,
    /// Exact play: each move is solved (repetition included) within
    /// [`PERFECT_SOLVE_NODES`] nodes (Tihbat and Modiar: from the shared
    /// [`ExactTable`], made on first use; Layli Goobalay and Tampoduo with few seeds
    /// left: from their endgame tables); a position not solved within that budget
    /// is played as `max` would.
    Perfect,
}

/// Node budget of one `perfect` move's exact solve before it falls back to `max`
/// (a few seconds). After a failure, `perfect` tries to solve again only once fewer
/// seeds are left on the board.
pub const PERFECT_SOLVE_NODES: u64 = 2_000_000;

/// The version of the engine players' play: raised whenever a level's choices for
/// the same position and seed change. Stored with every match, so that `verify`
/// re-makes only decisions this version made (1: the levels of the first release;
/// 2: levels drawing moves by value; 3: Layli Goobalay's `medium` and Tampoduo's
/// `medium` and `hard` recalibrated; 4: Modiar's `perfect` solves from the exact
/// table where it played as `max`; 5: `max` and `perfect` play from Layli
/// Goobalay's and Tampoduo's endgame tables).
pub const ENGINE_VERSION: i64 = 5;

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

    /// How a searching level plays under `rules` (`perfect`: its fallback); `None`
    /// for `random` and `greedy`.
    ///
    /// The levels differ in nodes searched and in noise: `easy`, `medium` and `hard`
    /// value every root move and draw one with [`Strength::halving`] (a move's chance
    /// halves for each `halving` it is worth less than the best: 6/8, 3/8 and 2/8 of
    /// a seed on rows of 6 holes or more), `hard` also plays one move in
    /// [`Strength::blunder_rate`] at random, and `easy` looks 4 plies deep at most (3
    /// on rows of 3 holes or fewer).
    /// The noise grows as rows shrink below 6 holes (`halving` times 6 / holes, at
    /// most doubled): on a small board every budget sees far ahead, and search alone
    /// hardly separates the levels. Layli Goobalay and Tampoduo have measured
    /// exceptions (`Level::calibrated`). Measured in `docs/ai-measurements.md`.
    pub fn strength(self, rules: &Rules) -> Option<Strength> {
        let holes = u32::from(rules.holes_per_row).clamp(3, 6);
        // Base halving in sixteenths of a seed for rows of 6 holes (at most doubled).
        let halving = |sixteenths: u32| (sixteenths * 6 + holes) / (2 * holes);
        let nodes = self.node_budget()?;
        // Rows longer than 6 holes: more nodes for the middle levels, so that they
        // keep their depth (`max` keeps its budget: its time a move).
        let wide = u64::from(rules.holes_per_row).max(6);
        let scaled = nodes * wide * wide / 36;
        // Rows shorter than 6 holes: more nodes for `max`, whose nodes cost less
        // there (about the same time a move as on 6 holes), so that it sees further.
        let narrow = u64::from(rules.holes_per_row).clamp(3, 6);
        let general = match self {
            Level::Random | Level::Greedy => return None,
            Level::Easy => Strength {
                nodes,
                depth: if rules.holes_per_row <= 3 { 3 } else { 4 },
                blunder_rate: 0.0,
                halving: halving(12).max(1),
            },
            Level::Medium => Strength {
                nodes: scaled,
                depth: MAX_DEPTH,
                blunder_rate: 0.0,
                halving: halving(6).max(1),
            },
            Level::Hard => Strength {
                nodes: scaled,
                depth: MAX_DEPTH,
                blunder_rate: 0.03,
                halving: halving(3).max(1),
            },
            Level::Max | Level::Perfect => Strength {
                nodes: nodes * 36 / (narrow * narrow),
                depth: MAX_DEPTH,
                blunder_rate: 0.0,
                halving: 0,
            },
        };
        Some(self.calibrated(rules, general))
    }

    /// The two measured exceptions to the general schedule, for the preset rules of
    /// Layli Goobalay and Tampoduo (a rule file equal to a preset plays the same).
    ///
    /// From their setup South wins with good play, so a level beats the one below
    /// only by winning as North, and whether a search finds North's chances depends
    /// on the depth it completes in the opening, which node budgets do not order
    /// smoothly: under the general schedule `hard` could not win as North against
    /// Layli Goobalay's `medium`, nor `max` against Tampoduo's `hard` (both rungs
    /// near 50%). The budgets below were screened on seeds other than the one the
    /// table in `docs/ai-measurements.md` is measured on.
    fn calibrated(self, rules: &Rules, mut strength: Strength) -> Strength {
        if *rules == Rules::layli_goobalay() && self == Level::Medium {
            strength.nodes = 700;
        }
        if *rules == Rules::tampoduo() {
            match self {
                // 6/8 of a seed, `easy`'s noise on 6 holes.
                Level::Medium => strength.halving = 6,
                Level::Hard => strength.nodes = 5_000,
                _ => {}
            }
        }
        strength
    }

    /// The node budget of a move for the searching levels (`perfect`: its fallback).
    pub(crate) const fn node_budget(self) -> Option<u64> {
        match self {
            Level::Random | Level::Greedy => None,
            Level::Easy => Some(300),
            Level::Medium => Some(1_000),
            Level::Hard => Some(8_000),
            Level::Max | Level::Perfect => Some(64_000),
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

/// What makes a searching level strong or weak.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    /// Nodes searched per move.
    pub nodes: u64,
    /// Deepest iteration of the search, in plies.
    pub depth: u32,
    /// Share of moves played at random instead of searched (a seeded draw).
    pub blunder_rate: f64,
    /// Noise: when non-zero, every root move is valued and one is drawn (seeded)
    /// with a chance that halves for every `halving` value units ([`search::SCALE`]
    /// per seed) it is worth less than the best move: near-equal moves are played
    /// about as often, a move losing many seeds almost never.
    pub halving: u32,
}

/// Draws one of `moves` (with their values): weight `2^-(loss / halving)` for a move
/// `loss` units below the best, in integer arithmetic so that the draw is the same
/// on every machine.
pub(crate) fn draw_by_value(moves: &[(Move, i32)], halving: u32, rng: &mut ChaCha8Rng) -> Move {
    const ONE: u64 = 1 << 40;
    let best = moves.iter().map(|&(_, v)| v).max().expect("a legal move");
    let h = halving.max(1) as u64;
    let weights: Vec<u64> = moves
        .iter()
        .map(|&(_, v)| {
            let loss = (best - v) as u64;
            let halvings = loss / h;
            if halvings >= 40 {
                return 0;
            }
            let w = ONE >> halvings;
            // Between two halvings: linear, from w down to w / 2.
            w - w / 2 * (loss % h) / h
        })
        .collect();
    let total: u64 = weights.iter().sum();
    let mut pick = rng.random_range(0..total);
    for (&(m, _), &w) in moves.iter().zip(&weights) {
        if pick < w {
            return m;
        }
        pick -= w;
    }
    unreachable!("the pick is below the total weight")
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error(
    "unknown engine level '{}'; known: {levels}",
    crate::names::excerpt(.0),
    levels = Level::names().join(", ")
)]
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
    strength: Option<Strength>,
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
            strength: None,
            time: None,
            searcher: None,
            solver: None,
            solve_nodes: PERFECT_SOLVE_NODES,
            unsolved_at: None,
            fallbacks: 0,
        }
    }

    /// Replaces `perfect`'s node budget for solving a move exactly.
    #[cfg(test)]
    pub(crate) fn with_solve_nodes(mut self, nodes: u64) -> EnginePlayer {
        self.solve_nodes = nodes.max(1);
        self
    }

    /// Replaces the level's node budget per move (searching levels only).
    pub fn with_nodes(mut self, nodes: u64) -> EnginePlayer {
        self.nodes = Some(nodes.max(1));
        self
    }

    /// Replaces the level's strength (searching levels only): for tuning and
    /// measuring levels. A node budget from [`EnginePlayer::with_nodes`] still wins.
    pub(crate) fn with_strength(mut self, strength: Strength) -> EnginePlayer {
        self.strength = Some(strength);
        self
    }

    /// How this player searches under `rules`, if its level searches.
    pub fn strength(&self, rules: &Rules) -> Option<Strength> {
        let mut s = self.level.strength(rules)?;
        if let Some(custom) = self.strength {
            s = custom;
        }
        if let Some(n) = self.nodes {
            s.nodes = n;
        }
        Some(s)
    }

    /// Adds a wall-clock limit per move: moves then depend on the machine's speed.
    pub fn with_time(mut self, time: Option<Duration>) -> EnginePlayer {
        self.time = time;
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The general node budget per move on rows of 6 holes, if the level searches
    /// (see [`Level::strength`] for other boards and the calibrated presets; a
    /// budget given here is used as is).
    pub(crate) fn node_budget(&self) -> Option<u64> {
        let nodes = self.level.node_budget()?;
        Some(self.strength.map_or(nodes, |s| s.nodes)).map(|n| self.nodes.unwrap_or(n))
    }

    /// How many `perfect` moves were played by search, not solved within budget.
    #[cfg(test)]
    pub(crate) fn perfect_fallbacks(&self) -> u32 {
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
                let strength = self.strength(game.rules()).expect("searching level");
                let blunder: f64 = self.rng.random();
                let mut order: Vec<Move> = moves.to_vec();
                order.shuffle(&mut self.rng);
                if order.len() == 1 || blunder < strength.blunder_rate {
                    return order[0];
                }
                if let Some(exact) = self.exact_move(game, &order, strength.nodes) {
                    return exact;
                }
                if self.level == Level::Perfect {
                    self.fallbacks += 1;
                }
                let limits = Limits {
                    depth: strength.depth,
                    nodes: strength.nodes,
                    time: self.time,
                };
                let searcher = self
                    .searcher
                    .get_or_insert_with(|| Searcher::new(strength.nodes));
                if strength.halving > 0 {
                    let analysis = searcher.analyse(game, &limits);
                    return draw_by_value(&analysis.moves, strength.halving, &mut self.rng);
                }
                searcher.search(game, &limits, Some(&order)).best
            }
        }
    }

    /// `max`'s and `perfect`'s exactly best move (the first of them in `order`),
    /// where a table or `perfect`'s solve gives it within the level's budget
    /// (`max`: `search_nodes`, its search's).
    fn exact_move(&mut self, game: &Game, order: &[Move], search_nodes: u64) -> Option<Move> {
        if !matches!(self.level, Level::Max | Level::Perfect) {
            return None;
        }
        let limits = SolveLimits {
            nodes: match self.level {
                Level::Perfect => self.solve_nodes,
                _ => search_nodes,
            },
            time: self.time,
            ..SolveLimits::default()
        };
        // Few seeds left in Layli Goobalay or Tampoduo: the endgame table.
        if let Some(best) = exact::endgame_best_move(game, order, &limits) {
            return Some(best);
        }
        let on_board = game.position().board().iter().map(|&s| s as u32).sum();
        if self.level != Level::Perfect || self.unsolved_at.is_some_and(|seeds| on_board >= seeds) {
            return None;
        }
        match exact::shared_solve(game, &limits) {
            // Tihbat and Modiar: the exact table (the first of the best moves in
            // `order`, as the solver below picks).
            Some(Ok(solution)) => return Some(solution.first_best(order).expect("a best move")),
            Some(Err(_)) => {}
            None => {
                let solver = self.solver.get_or_insert_with(Default::default);
                if let Ok((m, _)) = solver.best_move(game, &limits, order) {
                    return Some(m);
                }
            }
        }
        self.unsolved_at = Some(on_board);
        None
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
    pub(crate) fn choose_arrangement(&mut self, request: &ArrangeRequest) -> Vec<u16> {
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
