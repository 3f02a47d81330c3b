//! Uniformly random games: the loop behind `goobalay bench` and the property tests.
//!
//! The loop never allocates once the game's history has grown to its working size:
//! positions are `Copy`, move lists are fixed-capacity and [`Game::reset`] keeps the
//! history's memory from one game to the next.

use rand::Rng;

use super::game::Game;
use super::position::{Move, Position};

/// Totals of a run of random games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutTotals {
    pub games: u64,
    /// Moves played in all games (a `pass` counts as a move).
    pub moves: u64,
}

impl Game {
    /// Plays a legal move chosen uniformly at random; `None` (and nothing played)
    /// once the game is over.
    ///
    /// Where a candidate is legal exactly when its sowing ends, a candidate is drawn
    /// uniformly and played at once; an endless one is struck out and the draw
    /// repeated, which is uniform over the legal moves without computing them all.
    pub fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Move> {
        let pos = self.position();
        if pos.is_over() {
            return None;
        }
        if pos.must_pass() || pos.rules().needs_whole_move_for_legality() {
            let moves = self.legal_moves();
            let m = moves[rng.random_range(0..moves.len())];
            self.play_unchecked(m);
            return Some(m);
        }
        let mut candidates = pos.candidate_mask();
        debug_assert!(candidates != 0);
        loop {
            let count = candidates.count_ones();
            assert!(count > 0, "a game not over has a legal move");
            let m = Move::from_hole(nth_bit(candidates, rng.random_range(0..count)));
            if self.try_play_candidate(m) {
                return Some(m);
            }
            candidates &= !(1 << m.hole().unwrap_or(0));
        }
    }
}

/// Plays one uniformly random game from `start` in `game` (reusing its memory) and
/// returns the number of moves played.
pub fn random_game<R: Rng + ?Sized>(game: &mut Game, start: &Position, rng: &mut R) -> u32 {
    game.reset(*start);
    let mut moves = 0;
    while game.play_random(rng).is_some() {
        moves += 1;
    }
    moves
}

/// Plays `games` random games from `start` and adds up their lengths.
pub fn random_games<R: Rng + ?Sized>(start: &Position, games: u64, rng: &mut R) -> PlayoutTotals {
    let mut game = Game::from_position(*start);
    let mut totals = PlayoutTotals::default();
    for _ in 0..games {
        totals.moves += u64::from(random_game(&mut game, start, rng));
        totals.games += 1;
    }
    totals
}

/// Index of the `n`-th set bit of `mask` (from the lowest, counting from 0).
fn nth_bit(mut mask: u32, n: u32) -> usize {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}
