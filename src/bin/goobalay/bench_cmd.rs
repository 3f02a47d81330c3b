//! `goobalay bench`: uniformly random games, single-threaded, per variant.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::{Args, ValueEnum};
use goobalay::engine::{Game, Position, Side, Variant, random_game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use tabled::{Table, Tabled, settings::Style};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    #[default]
    Table,
    Json,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A preset (default: every preset in turn).
    #[arg(long, short = 'v', conflicts_with = "rules")]
    pub variant: Option<String>,
    /// A custom rule set from a TOML or JSON file.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<std::path::PathBuf>,
    /// Seconds of play per variant.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Seed of the random generator (default: taken from the clock, and printed).
    #[arg(long)]
    pub seed: Option<u64>,
    #[arg(long, value_enum, default_value_t)]
    pub format: BenchFormat,
}

#[derive(Serialize, Tabled)]
struct BenchRow {
    variant: String,
    #[tabled(display = "fmt_rate")]
    games_per_sec: f64,
    #[tabled(display = "fmt_rate")]
    moves_per_sec: f64,
    #[tabled(display = "fmt_avg")]
    avg_moves: f64,
}

fn fmt_rate(x: &f64) -> String {
    format!("{x:.0}")
}

fn fmt_avg(x: &f64) -> String {
    format!("{x:.2}")
}

/// Plays random games from `start` for about `budget`, checking the clock every
/// few games; returns (games, moves, elapsed).
fn measure(start: &Position, budget: Duration, rng: &mut ChaCha8Rng) -> (u64, u64, Duration) {
    let mut game = Game::from_position(*start);
    let (mut games, mut moves) = (0u64, 0u64);
    let began = Instant::now();
    loop {
        for _ in 0..64 {
            moves += u64::from(random_game(&mut game, start, rng));
        }
        games += 64;
        let elapsed = began.elapsed();
        if elapsed >= budget {
            return (games, moves, elapsed);
        }
    }
}

pub fn bench(args: BenchArgs) -> anyhow::Result<ExitCode> {
    if !(args.seconds.is_finite() && args.seconds > 0.0 && args.seconds <= 3600.0) {
        bail!(
            "--seconds is {}; allowed: more than 0, at most 3600",
            args.seconds
        );
    }
    let variants: Vec<Variant> = match (&args.variant, &args.rules) {
        (Some(name), None) => vec![crate::args::preset(name)?],
        (None, Some(path)) => vec![crate::args::load_rule_file(path)?],
        _ => Variant::presets(),
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let budget = Duration::from_secs_f64(args.seconds);
    let mut rows = Vec::new();
    for v in &variants {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = *Game::new(v.rules, Side::South).position();
        let (games, moves, elapsed) = measure(&start, budget, &mut rng);
        let secs = elapsed.as_secs_f64();
        rows.push(BenchRow {
            variant: v.name.clone(),
            games_per_sec: games as f64 / secs,
            moves_per_sec: moves as f64 / secs,
            avg_moves: moves as f64 / games as f64,
        });
    }
    let mut out = std::io::stdout().lock();
    match args.format {
        BenchFormat::Table => {
            writeln!(
                out,
                "random games, single-threaded, {} s per variant, seed {seed}",
                args.seconds
            )?;
            writeln!(out, "{}", Table::new(&rows).with(Style::rounded()))?;
        }
        BenchFormat::Json => {
            eprintln!("goobalay bench: seed {seed}");
            writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
