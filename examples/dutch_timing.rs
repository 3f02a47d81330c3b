//! The Dutch pairing benchmark: a seeded Swiss of PLAYERS players over ROUNDS
//! rounds with random results (a quarter drawn), paired round by round by
//! goobalay's Dutch system; prints how long each round's pairing took.
//! The targets: the last round of a 200-player Swiss in at most 0.5 s, any round
//! of a 1,000-player open in at most 10 s (release build). Without arguments
//! both are measured: 200 players over 9 rounds, then 1,000 over 9.
//!
//! ```sh
//! cargo run --release --example dutch_timing -- [PLAYERS] [ROUNDS]
//! ```

use std::time::Instant;

use goobalay::engine::BySide;
use goobalay::tournament::{
    Decision, Entrant, Fixture, Format, MatchResult, Tournament, TournamentSetup,
    assign_start_ranks,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    if let Some(players) = args.next() {
        let players: i64 = players.parse()?;
        let rounds: u32 = args.next().map_or(Ok(9), |s| s.parse())?;
        let times = run(players, rounds)?;
        let slowest = times.iter().copied().fold(0f64, f64::max);
        println!("slowest round: {slowest:.3} s");
        return Ok(());
    }
    let small = run(200, 9)?;
    let open = run(1000, 9)?;
    let slowest = open.iter().copied().fold(0f64, f64::max);
    println!(
        "200 players, last round (9): {:.3} s (target 0.5 s)",
        small[8]
    );
    println!(
        "1000 players: round 5 {:.3} s, round 9 {:.3} s, slowest round {slowest:.3} s (target 10 s)",
        open[4], open[8]
    );
    Ok(())
}

/// Plays a seeded Swiss of `players` over `rounds`; returns each round's
/// pairing time in seconds.
fn run(players: i64, rounds: u32) -> Result<Vec<f64>, Box<dyn std::error::Error>> {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut t = TournamentSetup::new("Open", "layli-goobalay", Format::Swiss);
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
    let mut t = Tournament::new_checked(t)?;
    let mut times = Vec::new();
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for round in 1..=rounds {
        let start = Instant::now();
        let pairing = t.next_round()?;
        let took = start.elapsed().as_secs_f64();
        times.push(took);
        println!("{players} players, round {round}: paired in {took:.3} s");
        // A digest of the pairings, to show that a faster version pairs alike.
        for p in &pairing {
            digest = (digest ^ (p.south as u64) << 32 ^ p.north.map_or(0, |n| n as u64))
                .wrapping_mul(0x100_0000_01b3);
        }
        let mut fixtures = Vec::with_capacity(pairing.len());
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
                    forfeit: None,
                });
            }
            fixtures.push(f);
        }
        t.add_fixtures(&fixtures)?;
    }
    println!("{players} players: pairings digest {digest:016x}");
    Ok(times)
}
