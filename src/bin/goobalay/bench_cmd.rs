//! `goobalay bench`: uniformly random games, single-threaded, per variant.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::bail;
use goobalay::engine::{Game, Position, Side, Variant, random_game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use tabled::{Table, Tabled, settings::Style};

use crate::args::bench::{BenchArgs, BenchFormat};

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

/// CPU time this thread has run, where the system tells it (Linux); `None` elsewhere.
pub(crate) fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// What one variant's run measured.
struct Run {
    games: u64,
    moves: u64,
    wall: Duration,
    /// CPU time of the playing thread (the wall time where unknown).
    cpu: Duration,
}

/// Plays random games from `start` for about `budget` of wall time, checking the
/// clock every few games.
fn measure(start: &Position, budget: Duration, rng: &mut ChaCha8Rng) -> Run {
    let mut game = Game::from_position(*start);
    let (mut games, mut moves) = (0u64, 0u64);
    let cpu_began = thread_cpu_time();
    let began = Instant::now();
    loop {
        for _ in 0..64 {
            moves += u64::from(random_game(&mut game, start, rng));
        }
        games += 64;
        let wall = began.elapsed();
        if wall >= budget {
            let cpu = match (cpu_began, thread_cpu_time()) {
                (Some(a), Some(b)) if b > a => b - a,
                _ => wall,
            };
            return Run {
                games,
                moves,
                wall,
                cpu,
            };
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
    let (mut wall, mut cpu) = (Duration::ZERO, Duration::ZERO);
    for v in &variants {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = *Game::new(v.rules, Side::South).position();
        let run = measure(&start, budget, &mut rng);
        wall += run.wall;
        cpu += run.cpu;
        let secs = run.cpu.as_secs_f64();
        rows.push(BenchRow {
            variant: v.name.clone(),
            games_per_sec: run.games as f64 / secs,
            moves_per_sec: run.moves as f64 / secs,
            avg_moves: run.moves as f64 / run.games as f64,
        });
    }
    let note = format!(
        "random games, single-threaded, seed {seed}; rates per CPU-second of the playing thread ({:.2} s CPU in {:.2} s wall)",
        cpu.as_secs_f64(),
        wall.as_secs_f64()
    );
    let mut out = crate::out::stdout();
    match args.format {
        BenchFormat::Table => {
            writeln!(out, "{note}")?;
            writeln!(out, "{}", Table::new(&rows).with(Style::rounded()))?;
        }
        BenchFormat::Json => {
            eprintln!("goobalay bench: {note}");
            writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
