//! Measures what a whole `goobalay` command costs in CPU, as a process, against
//! `sqlite3` reading the same file: a command's fixed cost (opening the database,
//! checking its schema, parsing the command line) is the difference. Runs each
//! command alternately, many times, and prints the medians of the CPU time (user and
//! system) the kernel accounts to each child, so a noisy machine moves both alike.
//!
//! ```sh
//! cargo build --release && cargo run --release --example command_cost -- \
//!     [--bin target/release/goobalay] [--against OTHER_GOOBALAY] [--runs 150] \
//!     [--standings DB TOURNAMENT]
//! ```
//!
//! `--against` times another build's `player list` in the same alternation (a
//! before-and-after comparison on the same machine state).
//!
//! Each binary is timed as a fresh copy in a temporary folder, as `cargo install`
//! places one: how a file was written, and how long it has sat in the page cache,
//! change what starting it costs. `player list` of one build took 402-416 page
//! faults as a fresh copy, 448 as a copy an hour old and 473 as the linker's own
//! `target/release/goobalay`, which moved this ratio from about 1.7x to 2.0x-2.2x.
//!
//! Without `--standings` it makes a database of 8 players and compares `player list`
//! with `sqlite3 DB 'SELECT * FROM players ORDER BY name'` (the issue's target: at most
//! 2×). `--standings` also times `tournament standings` on a database made by
//! `examples/standings_timing` (the 100,128-match round robin: at most 50 ms).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut bin = PathBuf::from("target/release/goobalay");
    let mut runs = 150usize;
    let mut standings: Option<(PathBuf, String)> = None;
    let mut against: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--bin" => bin = args.next().ok_or("--bin needs a path")?.into(),
            "--against" => against = Some(args.next().ok_or("--against needs a path")?.into()),
            "--runs" => runs = args.next().ok_or("--runs needs a number")?.parse()?,
            "--standings" => {
                let db = args.next().ok_or("--standings needs DB TOURNAMENT")?;
                let name = args.next().ok_or("--standings needs DB TOURNAMENT")?;
                standings = Some((db.into(), name));
            }
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let dir = tempfile::tempdir()?;
    let bin = copied(&bin, &dir.path().join("goobalay"))?;
    let measured_against = match &against {
        Some(other) => Some(copied(other, &dir.path().join("other-goobalay"))?),
        None => None,
    };
    let small = dir.path().join("small.db");
    for i in 1..=8 {
        let name = format!("Player {i}");
        let db = small.to_str().ok_or("temp path")?;
        run_quietly(&bin, &["--db", db, "player", "add", &name])?;
    }
    let small = small.to_str().ok_or("temp path")?.to_string();
    let mut commands: Vec<(String, Vec<String>)> = vec![
        (
            "goobalay player list".into(),
            words(&bin, &["--db", &small, "player", "list"]),
        ),
        (
            "sqlite3 SELECT * FROM players".into(),
            vec![
                "sqlite3".into(),
                small.clone(),
                "SELECT * FROM players ORDER BY name".into(),
            ],
        ),
    ];
    if let (Some(other), Some(copy)) = (&against, &measured_against) {
        commands.push((
            format!("player list ({})", other.display()),
            words(copy, &["--db", &small, "player", "list"]),
        ));
    }
    if let Some((db, name)) = &standings {
        let db = db.to_str().ok_or("database path")?;
        commands.push((
            "goobalay tournament standings".into(),
            words(&bin, &["--db", db, "tournament", "standings", name]),
        ));
    }
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); commands.len()];
    for i in 0..runs {
        let order: Vec<usize> = if i % 2 == 0 {
            (0..commands.len()).collect()
        } else {
            (0..commands.len()).rev().collect()
        };
        for k in order {
            times[k].push(child_cpu(&commands[k].1)?);
        }
    }
    let medians: Vec<Duration> = times.iter_mut().map(|t| median(t)).collect();
    for ((label, _), m) in commands.iter().zip(&medians) {
        println!("{label:32} median CPU {:8.2} ms", ms(*m));
    }
    if against.is_some() {
        println!(
            "the other build's player list / sqlite3: {:.2}x",
            ms(medians[2]) / ms(medians[1])
        );
    }
    println!(
        "player list / sqlite3: {:.2}x (target: at most 2x), {runs} alternated runs each",
        ms(medians[0]) / ms(medians[1])
    );
    Ok(())
}

/// A copy of the binary `from` at `to` (permissions kept).
fn copied(from: &Path, to: &Path) -> Result<PathBuf, Box<dyn std::error::Error>> {
    std::fs::copy(from, to).map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    Ok(to.to_path_buf())
}

fn words(bin: &Path, args: &[&str]) -> Vec<String> {
    std::iter::once(bin.display().to_string())
        .chain(args.iter().map(|a| a.to_string()))
        .collect()
}

fn run_quietly(bin: &Path, args: &[&str]) -> Result<(), Box<dyn std::error::Error>> {
    let status = Command::new(bin)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()?;
    if !status.success() {
        return Err(format!("{} {} failed: {status}", bin.display(), args.join(" ")).into());
    }
    Ok(())
}

/// The user and system CPU time of one run of `command` (its output discarded): the
/// growth of what the kernel accounts to this process's waited-for children.
fn child_cpu(command: &[String]) -> Result<Duration, Box<dyn std::error::Error>> {
    let before = children_cpu();
    let status = Command::new(&command[0])
        .args(&command[1..])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()?;
    if !status.success() {
        return Err(format!("{} failed: {status}", command.join(" ")).into());
    }
    Ok(children_cpu().saturating_sub(before))
}

fn children_cpu() -> Duration {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid rusage for the call to fill.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
