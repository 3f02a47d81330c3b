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
        // The candidates lie in the mover's row: counted and picked there, a byte's
        // worth at a time from tables, without a loop whose length is drawn.
        let first_hole = pos.to_move().index() * usize::from(pos.rules().holes_per_row);
        let mut row = pos.candidate_mask() >> first_hole;
        debug_assert!(row != 0);
        loop {
            let count = count_bits(row);
            assert!(count > 0, "a game not over has a legal move");
            let hole = nth_bit(row, rng.random_range(0..count));
            let m = Move::from_hole(first_hole + hole);
            if self.try_play_candidate(m) {
                return Some(m);
            }
            row &= !(1 << hole);
        }
    }
}

/// `BITS_SET[b]`: the set bits of byte `b`.
const BITS_SET: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u32).count_ones() as u8;
        b += 1;
    }
    table
};

/// `NTH_SET[b][n]`: the index of the `n`-th set bit of byte `b` (8 where there is
/// none).
const NTH_SET: [[u8; 8]; 256] = {
    let mut table = [[8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// Bits set in `mask`, a byte at a time: the processors this is built for need not
/// have a population count instruction.
#[inline]
fn count_bits(mask: u32) -> u32 {
    mask.to_le_bytes()
        .iter()
        .map(|&b| u32::from(BITS_SET[usize::from(b)]))
        .sum()
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

/// Index of the `n`-th set bit of `mask` (from the lowest, counting from 0; `n`
/// below the bits set): found in the byte holding it.
#[inline]
fn nth_bit(mask: u32, mut n: u32) -> usize {
    for (k, &b) in mask.to_le_bytes().iter().enumerate() {
        let here = u32::from(BITS_SET[usize::from(b)]);
        if n < here {
            return 8 * k + usize::from(NTH_SET[usize::from(b)][n as usize]);
        }
        n -= here;
    }
    unreachable!("n is below the bits set")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seeds::SplitMix64 as Mix;

    /// The byte tables count and find the bits of any mask as one bit at a time does.
    #[test]
    fn bits_are_counted_and_found_as_one_at_a_time() {
        let mut rng = Mix(3);
        for _ in 0..20_000 {
            // Sparse and dense masks alike: an `and` of up to three draws.
            let mut mask = u32::MAX;
            for _ in 0..rng.below(4) {
                mask &= rng.next_u64() as u32;
            }
            assert_eq!(count_bits(mask), mask.count_ones(), "{mask:#x}");
            let set: Vec<usize> = (0..32).filter(|&b| mask >> b & 1 == 1).collect();
            for (n, &bit) in set.iter().enumerate() {
                assert_eq!(nth_bit(mask, n as u32), bit, "{mask:#x} bit {n}");
            }
        }
    }
}
