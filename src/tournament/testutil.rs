//! Helpers shared by the tournament tests: entry lists and simulated results.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::engine::BySide;

pub fn entrant(id: EntrantId, name: &str, rating: f64) -> Entrant {
    Entrant {
        id,
        name: name.to_string(),
        rating,
        withdrawn_after: None,
        start_rank: id as u32,
    }
}

/// `n` entrants with ids and starting ranks 1..=n, ratings 2000, 1990, ...
pub fn tournament(format: Format, n: usize) -> Tournament {
    let mut t = Tournament::new("Test", "layli-goobalay", format);
    t.entrants = (1..=n as i64)
        .map(|i| entrant(i, &format!("P{i}"), 2010.0 - 10.0 * i as f64))
        .collect();
    t
}

/// A result chosen by `rng`: draws with probability `draw_pct`%, otherwise a win for
/// either side; seeds that agree with the decision.
pub(crate) fn random_result(rng: &mut ChaCha8Rng, draw_pct: u32) -> MatchResult {
    let roll = rng.random_range(0..100);
    let s: u32 = rng.random_range(0..=24);
    if roll < draw_pct {
        MatchResult {
            decision: Decision::Draw,
            seeds: BySide::new(24, 24),
            forfeit: None,
        }
    } else if roll % 2 == 0 {
        MatchResult {
            decision: Decision::South,
            seeds: BySide::new(48 - s.min(23), s.min(23)),
            forfeit: None,
        }
    } else {
        MatchResult {
            decision: Decision::North,
            seeds: BySide::new(s.min(23), 48 - s.min(23)),
            forfeit: None,
        }
    }
}

/// Pairs and plays rounds with random results until the tournament is finished (or
/// its next round has no legal pairing) or `max_rounds` rounds have been played; `check` sees the tournament and the new
/// pairings before their results are added.
pub(crate) fn simulate(
    t: &mut Tournament,
    seed: u64,
    draw_pct: u32,
    max_rounds: u32,
    mut check: impl FnMut(&Tournament, &[Pairing]),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..max_rounds {
        let pairings = match t.next_round() {
            Ok(p) => p,
            // A round the Dutch rules cannot pair ends the simulation: a director
            // would pair it by hand.
            Err(TournamentError::Finished { .. } | TournamentError::NoLegalPairing { .. }) => {
                return;
            }
            Err(e) => panic!("pairing failed: {e}"),
        };
        check(t, &pairings);
        for p in pairings {
            let result = p.north.map(|_| random_result(&mut rng, draw_pct));
            t.fixtures.push(Fixture { pairing: p, result });
        }
    }
}
