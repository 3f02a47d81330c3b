//! Engine players: given a game, choose a move; given a multi-hand match's
//! rearrangement, choose how to place seeds (RULES.md §3).
//!
//! Every choice is reproducible: an [`EnginePlayer`] draws its random choices from a
//! seeded generator, and the seed is the caller's to record.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::{Game, Move, Rules, Side};

/// The built-in strength levels, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// The move that captures most at once; ties broken at random.
    Greedy,
}

impl Level {
    pub const ALL: [Level; 2] = [Level::Random, Level::Greedy];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
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
#[derive(Clone, Debug)]
pub struct EnginePlayer {
    level: Level,
    rng: ChaCha8Rng,
}

impl EnginePlayer {
    pub fn new(level: Level, seed: u64) -> EnginePlayer {
        EnginePlayer {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    pub fn level(&self) -> Level {
        self.level
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
                for &m in &moves {
                    let mut child = game.clone();
                    child.play_unchecked(m);
                    let gain = child.position().captured()[mover];
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
        }
    }

    /// Seeds per hole of the arranging player's row (own left to right), summing to
    /// `request.seeds`, at least one each.
    pub fn choose_arrangement(&mut self, request: &ArrangeRequest) -> Vec<u16> {
        even_spread(request.seeds, request.rules.holes_per_row as usize)
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
mod tests {
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
