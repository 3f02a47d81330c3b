//! Plays a fixed number of uniformly random games from a preset's setup, as
//! `goobalay bench` does but without the clock, and prints the totals: the work is
//! the same on every run, so instruction counts compare engine versions on a loaded
//! machine.
//!
//! ```sh
//! cargo build --release --example random_games
//! valgrind --tool=callgrind target/release/examples/random_games layli-goobalay 10000 1
//! ```

use goobalay::engine::{Game, Side, Variant, random_games};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("layli-goobalay", String::as_str);
    let games: u64 = args.get(1).map_or(Ok(10_000), |s| s.parse())?;
    let seed: u64 = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let variant = Variant::preset(name).ok_or_else(|| format!("no preset named '{name}'"))?;
    let start = *Game::new(variant.rules, Side::South).position();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let totals = random_games(&start, games, &mut rng);
    println!(
        "{} games of {}, seed {seed}: {} moves",
        totals.games, variant.name, totals.moves
    );
    Ok(())
}
