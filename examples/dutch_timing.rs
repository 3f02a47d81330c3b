//! The Dutch pairing benchmark: a seeded Swiss of PLAYERS players over ROUNDS
//! rounds with random results (a quarter drawn), paired round by round by
//! goobalay's Dutch system; prints how long each round's pairing took.
//! The targets: the last round of a 200-player Swiss in at most 0.5 s, any round
//! of a 1,000-player open in at most 10 s (release build).
//!
//! ```sh
//! cargo run --release --example dutch_timing -- [PLAYERS] [ROUNDS]
//! ```

use std::time::Instant;

use goobalay::engine::BySide;
use goobalay::tournament::{
    Decision, Entrant, Fixture, Format, MatchResult, Tournament, assign_start_ranks,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let players: i64 = args.next().map_or(Ok(200), |s| s.parse())?;
    let rounds: u32 = args.next().map_or(Ok(9), |s| s.parse())?;
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut t = Tournament::new("Open", "layli-goobalay", Format::Swiss);
    t.rounds = Some(rounds);
    t.entrants = (1..=players)
        .map(|id| Entrant {
            id,
            name: format!("Player {id}"),
            rating: rng.random_range(1000..2400) as f64,
            withdrawn_after: None,
            start_rank: 0,
        })
        .collect();
    assign_start_ranks(&mut t.entrants);
    let mut slowest = 0f64;
    for round in 1..=rounds {
        let start = Instant::now();
        let pairing = t.next_round()?;
        let took = start.elapsed().as_secs_f64();
        slowest = slowest.max(took);
        println!("{players} players, round {round}: paired in {took:.3} s");
        for p in pairing {
            let mut f = Fixture::pending(p);
            if p.north.is_some() {
                let roll: f64 = rng.random();
                let decision = if roll < 0.25 {
                    Decision::Draw
                } else if roll < 0.625 {
                    Decision::South
                } else {
                    Decision::North
                };
                f.result = Some(MatchResult {
                    decision,
                    seeds: BySide::new(24, 24),
                });
            }
            t.fixtures.push(f);
        }
    }
    println!("slowest round: {slowest:.3} s");
    Ok(())
}
