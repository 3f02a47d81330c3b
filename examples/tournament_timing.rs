//! The tournament benchmark: a round robin of `random` engine players in Layli
//! Goobalay multi-hand matches (32 players: 496 matches), played through the store
//! by the code `goobalay tournament run` uses (`app::run_tournament`: each round
//! paired in memory, its matches played and written with every move, and the round
//! stored with its pairing in one transaction), then the same 496 matches (same specs
//! and seeds) played in memory only. Prints both wall times and the share of the stored run spent outside the
//! engine.
//!
//! ```sh
//! cargo run --release --example tournament_timing -- [PLAYERS]
//! GOOBALAY_TIMING_DB='postgres:///DB?host=...' cargo run --release --example tournament_timing
//! ```

use std::time::Instant;

use goobalay::ai::Level;
use goobalay::app::NewTournament;
use goobalay::app::RunEnd;
use goobalay::engine::{BySide, Variant};
use goobalay::matches::{MatchForm, play_engine_match};
use goobalay::store::{HistoryFilter, Store};
use goobalay::tournament::{Format, PointsScheme, RatingSystem};

/// This process's CPU time (user + system, all threads) in seconds, from
/// /proc/self/stat (Linux; `None` elsewhere). Resolution: one clock tick (10 ms).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let players: usize = std::env::args().nth(1).map_or(Ok(32), |s| s.parse())?;
    // GOOBALAY_TIMING_DB: an empty PostgreSQL database's URL, to time that backend.
    let dir = std::env::temp_dir().join(format!("goobalay-ttiming-{}", std::process::id()));
    let location = std::env::var_os("GOOBALAY_TIMING_DB")
        .map_or_else(|| dir.join("timing.db"), std::path::PathBuf::from);
    let store = Store::open(&location).await?;
    let mut names = Vec::new();
    for i in 1..=players {
        let name = format!("Random {i:02}");
        goobalay::app::players::add_player(&store, &name, None, Some(Level::Random)).await?;
        names.push(name);
    }
    let variant = Variant::preset("layli-goobalay").expect("preset");
    goobalay::app::tournaments::create(
        &store,
        &NewTournament {
            name: "Bench".into(),
            variant: variant.clone(),
            format: Format::RoundRobin,
            rounds: None,
            form: MatchForm::Hands,
            max_hands: None,
            points: PointsScheme::default(),
            tiebreaks: Vec::new(),
            seed: 2026,
            details: Default::default(),
            initial_colour: Default::default(),
            acceleration: Default::default(),
            third_place: false,
        },
        RatingSystem::Elo,
    )
    .await?;
    goobalay::app::tournaments::enter(&store, "Bench", &names).await?;

    // Stored: what `tournament run` does, without the printing.
    let cpu0 = cpu_seconds();
    let start = Instant::now();
    let report = goobalay::app::run_tournament(&store, "Bench", None, |_| {}).await?;
    let stored = start.elapsed();
    assert_eq!(
        report.end,
        RunEnd::Finished,
        "the round robin runs to its end"
    );
    let played = report.played;
    let cpu_stored = cpu_seconds().zip(cpu0).map(|(b, a)| b - a);

    if std::env::var_os("GOOBALAY_TIMING_DETAIL").is_some() {
        let t0 = Instant::now();
        let loaded = goobalay::app::tournaments::load(&store, "Bench").await?;
        let t1 = Instant::now();
        let _ = loaded.tournament.next_round();
        let t2 = Instant::now();
        let _ = loaded.tournament.standings();
        eprintln!(
            "detail: load {:.2} ms, next_round {:.2} ms, standings {:.2} ms",
            (t1 - t0).as_secs_f64() * 1e3,
            (t2 - t1).as_secs_f64() * 1e3,
            t2.elapsed().as_secs_f64() * 1e3
        );
    }
    // In memory: the same matches, same seeds.
    let rows = goobalay::app::matches::history(
        &store,
        &HistoryFilter {
            tournament: Some("Bench".into()),
            ..HistoryFilter::default()
        },
    )
    .await?;
    let specs: Vec<_> = rows
        .iter()
        .map(|r| Ok((r.spec()?, r.seed, r.winner)))
        .collect::<Result<_, goobalay::store::StoreError>>()?;
    let levels = BySide::new(Level::Random, Level::Random);
    let cpu0 = cpu_seconds();
    let start = Instant::now();
    let (mut hands, mut moves, mut same) = (0, 0, 0);
    for (spec, seed, winner) in &specs {
        let record = play_engine_match(spec.clone(), levels, *seed);
        hands += record.hands.len();
        moves += record.hands.iter().map(|h| h.moves.len()).sum::<usize>();
        if record.outcome == *winner {
            same += 1;
        }
    }
    let memory = start.elapsed();
    let cpu_memory = cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);

    let (s, m) = (stored.as_secs_f64(), memory.as_secs_f64());
    println!("{players}-player round robin: {played} matches, {hands} hands, {moves} moves stored");
    println!("  played and stored (tournament run): {s:.3} s");
    println!("  the same matches in memory only:    {m:.3} s");
    println!(
        "  storing costs {:+.1}% over playing; {:.1}% of the stored run is outside the engine",
        (s / m - 1.0) * 100.0,
        (1.0 - m / s) * 100.0
    );
    if let (Some(cs), Some(cm)) = (cpu_stored, cpu_memory) {
        println!(
            "  CPU time (all threads): stored {cs:.2} s, in memory {cm:.2} s: storing costs {:+.0}% CPU",
            (cs / cm - 1.0) * 100.0
        );
    }
    println!(
        "  {same}/{} in-memory results equal the stored ones",
        specs.len()
    );
    Ok(())
}
