//! The league benchmark: PROCESSES processes enter hand results at once for SECONDS
//! seconds, each through the application layer on its own connection, into one
//! database (an SQLite file or a PostgreSQL URL). Half the results go to matches of
//! the process's own, half to matches every process races for (exactly one result
//! per match may be stored; the others are told the match is over). Then it checks
//! that nothing was lost or stored twice (the finished matches are exactly the
//! results the processes reported stored) and that `verify` is clean, and prints
//! the throughput.
//!
//! ```sh
//! cargo run --release --example concurrent_entry -- DB [PROCESSES] [SECONDS]
//! # DB: a file path (made fresh), or the URL of an empty PostgreSQL database
//! ```

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use goobalay::app::{AppError, HumanAction};
use goobalay::engine::{BySide, Side, Variant};
use goobalay::matches::{MatchForm, MatchSpec};
use goobalay::store::{HistoryFilter, NewMatch, Store};

/// Matches made for each process, and raced for by all, before the clock starts.
const OWN: i64 = 4000;
const SHARED: i64 = 3000;

fn spec() -> MatchSpec {
    let variant = Variant::preset("tihbat").expect("preset");
    MatchSpec::new(&variant, MatchForm::Single, None, Side::South).expect("spec")
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--worker") {
        let number = |i: usize| args[i].parse::<i64>();
        return worker(
            &args[2],
            number(3)?,
            number(4)?,
            number(5)? as u64,
            number(6)?,
        )
        .await;
    }
    let db = args
        .get(1)
        .ok_or("usage: concurrent_entry DB [PROCESSES] [SECONDS]")?;
    let processes: i64 = args.get(2).map_or(Ok(16), |s| s.parse())?;
    let seconds: u64 = args.get(3).map_or(Ok(60), |s| s.parse())?;
    if !db.starts_with("postgres") && Path::new(db).exists() {
        std::fs::remove_file(db)?;
    }
    let store = Store::open(&PathBuf::from(db)).await?;
    let mut players = Vec::new();
    for i in 0..2 {
        players.push(
            goobalay::app::players::add_player(&store, &format!("Player {i}"), None, None)
                .await?
                .id,
        );
    }
    // Ids: the shared matches first, then each process's own.
    let total = SHARED + OWN * processes;
    let mut batch = Vec::new();
    for seed in 0..total {
        let new = NewMatch {
            spec: spec(),
            south: players[0],
            north: players[1],
            seed: seed as u64,
            tournament_id: None,
            round: None,
        };
        let record = goobalay::matches::MatchRecord {
            spec: spec(),
            seed: seed as u64,
            engines: BySide::new(None, None),
            hands: goobalay::matches::MatchState::new(spec()).hands().to_vec(),
            outcome: None,
        };
        batch.push((new, record));
        if batch.len() == 1000 {
            goobalay::app::matches::insert_played(&store, &batch).await?;
            batch.clear();
        }
    }
    goobalay::app::matches::insert_played(&store, &batch).await?;
    let first = goobalay::app::matches::history(&store, &HistoryFilter::default())
        .await?
        .last()
        .map_or(1, |m| m.id);
    store.close().await;

    let start = Instant::now();
    let exe = std::env::current_exe()?;
    let children: Vec<_> = (0..processes)
        .map(|k| {
            std::process::Command::new(&exe)
                .args([
                    "--worker",
                    db,
                    &k.to_string(),
                    &first.to_string(),
                    &seconds.to_string(),
                ])
                .arg(processes.to_string())
                .stdout(std::process::Stdio::piped())
                .spawn()
        })
        .collect::<Result<_, _>>()?;
    let mut stored = 0u64;
    let mut refused = 0u64;
    for child in children {
        let out = child.wait_with_output()?;
        let text = String::from_utf8_lossy(&out.stdout);
        let mut it = text
            .split_whitespace()
            .map(|n| n.parse::<u64>().unwrap_or(0));
        stored += it.next().unwrap_or(0);
        refused += it.next().unwrap_or(0);
        if !out.status.success() {
            return Err(format!("a worker failed: {text}").into());
        }
    }
    let elapsed = start.elapsed().as_secs_f64();

    let store = Store::open(&PathBuf::from(db)).await?;
    let finished = goobalay::app::matches::history(&store, &HistoryFilter::default())
        .await?
        .iter()
        .filter(|m| m.winner.is_some())
        .count() as u64;
    let report = goobalay::app::verify(&store, false).await?;
    store.close().await;
    println!(
        "{processes} processes, {elapsed:.1} s: {stored} results stored ({:.0} a second), \
         {refused} refused as already entered; {finished} matches finished; verify: {} mismatches",
        stored as f64 / elapsed,
        report.mismatches.len()
    );
    if finished != stored || !report.mismatches.is_empty() {
        return Err("results were lost or stored twice".into());
    }
    Ok(())
}

/// One process: alternately a result for its own next match and for a shared one.
async fn worker(
    db: &str,
    k: i64,
    first: i64,
    seconds: u64,
    processes: i64,
) -> Result<(), Box<dyn std::error::Error>> {
    let store = Store::open(&PathBuf::from(db)).await?;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let result = HumanAction::Result(BySide::new(16, 12));
    let (mut stored, mut refused) = (0u64, 0u64);
    let mut own = first + SHARED + k * OWN;
    let own_end = own + OWN;
    // Each process walks the shared matches from its own offset, so they collide.
    let mut shared = first + (k * SHARED / processes.max(1)) % SHARED;
    let mut turn = 0u64;
    while Instant::now() < deadline && own < own_end {
        let id = if turn.is_multiple_of(2) {
            own += 1;
            own - 1
        } else {
            shared = first + (shared - first + 1) % SHARED;
            shared
        };
        turn += 1;
        match goobalay::app::enter(&store, id, &result).await {
            Ok(_) => stored += 1,
            Err(AppError::Match(_)) => refused += 1,
            Err(e) => return Err(format!("match {id}: {e}").into()),
        }
    }
    store.close().await;
    println!("{stored} {refused}");
    Ok(())
}
