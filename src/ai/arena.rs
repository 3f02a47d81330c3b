//! Engine-versus-engine series: who is stronger, by how much, reproducibly.
//!
//! Games come in pairs: both games of a pair start from the same opening (a few
//! seeded random plies from the setup, South first, so that deterministic engines
//! do not replay one game), once with A as South and once with A as North. Each
//! game's engines get their own seeds derived from the series seed, so the whole
//! series is reproducible from it, however many threads play it.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::engine::{Game, Rules, Side};

use super::{EnginePlayer, Level, Strength};

/// One series.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub rules: Rules,
    pub a: Level,
    pub b: Level,
    /// Node budgets replacing the levels' own.
    pub nodes_a: Option<u64>,
    pub nodes_b: Option<u64>,
    /// Strengths replacing the levels' own (tuning levels); node budgets above win.
    pub strength_a: Option<Strength>,
    pub strength_b: Option<Strength>,
    pub games: u32,
    pub seed: u64,
    /// Random plies played from the setup before the engines take over.
    pub opening_plies: u32,
    /// Threads (results do not depend on it).
    pub jobs: usize,
}

/// One game of a series, from A's point of view.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    pub game: u32,
    pub a_side: Side,
    pub opening: Vec<String>,
    /// Final scores (A, B).
    pub score_a: u32,
    pub score_b: u32,
    /// 1 win, 0.5 draw, 0 loss for A.
    pub points_a: f64,
    /// Moves played by the engines (over all hands of a match).
    pub plies: u32,
    /// Hands played: 1 for a single game, more for a multi-hand match.
    pub hands: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct ArenaResult {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// A's score fraction: (wins + draws / 2) / games.
    pub score: f64,
    /// Elo difference A minus B, and the half-width of its 95% interval.
    pub elo: f64,
    pub elo_margin: f64,
    pub games: Vec<GameRecord>,
}

/// A seed derived from a series seed and two numbers (SplitMix64 finaliser).
pub fn mix(seed: u64, a: u64, b: u64) -> u64 {
    use crate::seeds::{GOLDEN, SECOND, finish};
    finish(
        seed.wrapping_add(a.wrapping_mul(GOLDEN))
            .wrapping_add(b.wrapping_mul(SECOND)),
    )
}

/// The opening of pair `pair`: up to `plies` random moves that leave the game going.
pub fn opening(rules: Rules, seed: u64, pair: u32, plies: u32) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(mix(seed, pair as u64, 0xA11));
    for _ in 0..20 {
        let mut game = Game::new(rules, Side::South);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if !game.is_over() {
            return game;
        }
    }
    Game::new(rules, Side::South)
}

/// Game `index` of the series (depending on nothing else; see [`run_with`]).
pub fn play_one(config: &ArenaConfig, index: u32) -> GameRecord {
    let pair = index / 2;
    let a_side = if index.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let start = opening(config.rules, config.seed, pair, config.opening_plies);
    let mut game = start.clone();
    let make = |level: Level, nodes: Option<u64>, strength: Option<Strength>, who: u64| {
        let mut p = EnginePlayer::new(level, mix(config.seed, index as u64, who));
        if let Some(s) = strength {
            p = p.with_strength(s);
        }
        match nodes {
            Some(n) => p.with_nodes(n),
            None => p,
        }
    };
    let mut a = make(config.a, config.nodes_a, config.strength_a, 1);
    let mut b = make(config.b, config.nodes_b, config.strength_b, 2);
    let opening_plies = start.position().ply();
    while !game.is_over() {
        let m = if game.to_move() == a_side {
            a.choose_move(&game)
        } else {
            b.choose_move(&game)
        };
        game.play_unchecked(m);
    }
    let outcome = game.outcome().expect("over");
    let score_a = outcome.score[a_side];
    let score_b = outcome.score[!a_side];
    // Replay the opening's notation for the record.
    let opening = opening_notation(config, pair);
    GameRecord {
        game: index,
        a_side,
        opening,
        score_a,
        score_b,
        points_a: match score_a.cmp(&score_b) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        },
        plies: game.position().ply() - opening_plies,
        hands: 1,
    }
}

fn opening_notation(config: &ArenaConfig, pair: u32) -> Vec<String> {
    // Same draws as `opening`, recorded as notation.
    let mut rng = ChaCha8Rng::seed_from_u64(mix(config.seed, pair as u64, 0xA11));
    let n = config.rules.holes_per_row;
    for _ in 0..20 {
        let mut game = Game::new(config.rules, Side::South);
        let mut notes = Vec::new();
        for _ in 0..config.opening_plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            notes.push(m.notation(n));
            game.play_unchecked(m);
        }
        if !game.is_over() {
            return notes;
        }
    }
    Vec::new()
}

/// Elo difference for a score fraction over `games` games, with the half-width of
/// its 95% interval from the per-game variance (`per_game`: points of each game).
/// Scores of 0 or 1 are moved half a game inwards so the estimate stays finite.
pub fn elo(per_game: &[f64]) -> (f64, f64) {
    let n = per_game.len() as f64;
    if per_game.is_empty() {
        return (0.0, 0.0);
    }
    let mean = per_game.iter().sum::<f64>() / n;
    let var = per_game.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let clamp = |p: f64| p.clamp(0.5 / n, 1.0 - 0.5 / n);
    let to_elo = |p: f64| -400.0 * (1.0 / clamp(p) - 1.0).log10();
    let e = to_elo(mean);
    let lo = to_elo(mean - 1.96 * se);
    let hi = to_elo(mean + 1.96 * se);
    (e, (hi - lo) / 2.0)
}

/// Plays the series.
pub fn run(config: &ArenaConfig) -> ArenaResult {
    run_with(config.games, config.jobs, |i| play_one(config, i))
}

/// Plays `games` games on `jobs` threads, `play(i)` playing game `i` (and depending
/// on nothing else, so that the result does not depend on `jobs`), and sums them up.
/// The multi-hand match form of the arena ([`crate::matches::arena_matches`]) plays
/// whole matches through it.
pub fn run_with(games: u32, jobs: usize, play: impl Fn(u32) -> GameRecord + Sync) -> ArenaResult {
    let next = AtomicU32::new(0);
    let records = Mutex::new(Vec::with_capacity(games as usize));
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let record = play(i);
                    records.lock().expect("no panics").push(record);
                }
            });
        }
    });
    let mut games = records.into_inner().expect("no panics");
    games.sort_by_key(|g| g.game);
    let count = |p: f64| games.iter().filter(|g| g.points_a == p).count() as u32;
    let (wins, draws, losses) = (count(1.0), count(0.5), count(0.0));
    let points: Vec<f64> = games.iter().map(|g| g.points_a).collect();
    let (elo, elo_margin) = elo(&points);
    ArenaResult {
        wins,
        draws,
        losses,
        score: if games.is_empty() {
            0.0
        } else {
            points.iter().sum::<f64>() / games.len() as f64
        },
        elo,
        elo_margin,
        games,
    }
}
