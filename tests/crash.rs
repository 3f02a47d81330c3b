//! Crash safety: `goobalay` killed with SIGKILL at random (seeded) moments while it
//! plays engine matches, restarted each time, ends with exactly the records an
//! uninterrupted run writes: no match or hand lost, duplicated or half-written, and
//! `goobalay verify` passes.

mod common;

use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use common::Db;
use serde_json::Value;

/// SplitMix64: the kill moments, reproducible from the seed printed on failure.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Runs `args` once to the end; returns how long it took.
fn timed_run(db: &Db, args: &[&str]) -> Duration {
    let start = Instant::now();
    db.ok(args);
    start.elapsed()
}

/// Starts `args` and SIGKILLs it after `delay` (if it is still running). Returns
/// whether it was killed (false: it had finished, successfully).
fn run_and_kill(db: &Db, args: &[&str], delay: Duration) -> bool {
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("goobalay"))
        .arg("--db")
        .arg(&db.path)
        .args(args)
        .env_remove("GOOBALAY_DB")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + delay;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            assert!(
                status.success(),
                "{args:?} failed after a restart: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            return false;
        }
        if Instant::now() >= deadline {
            child.kill().unwrap(); // SIGKILL on Unix
            child.wait().unwrap();
            return true;
        }
        std::thread::sleep(Duration::from_micros(500));
    }
}

/// Every match's hands and result as `match show --format json` gives them, and its
/// state, by id.
fn records(db: &Db) -> Vec<(Value, Value)> {
    let history = db.json(&["history"]);
    let mut ids: Vec<i64> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    ids.sort();
    ids.iter()
        .map(|id| {
            let id = id.to_string();
            let mut show = db.json(&["match", "show", &id]);
            strip_times(&mut show);
            (show, db.json(&["match", "state", &id]))
        })
        .collect()
}

/// Timestamps differ between runs; everything else must not.
fn strip_times(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.retain(|k, _| !k.ends_with("_at"));
            map.values_mut().for_each(strip_times);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_times),
        _ => {}
    }
}

const ENGINES: [(&str, &str); 4] = [
    ("Ada", "greedy"),
    ("Bo", "random"),
    ("Cy", "greedy"),
    ("Di", "random"),
];

/// Engine matches (Layli Goobalay, multi-hand with engine arrangements; Modiar),
/// created but not played.
fn engine_matches() -> Db {
    let db = Db::new();
    for (name, level) in ENGINES {
        db.ok(&["player", "add", name, "--engine", level]);
    }
    for (i, (s, n)) in PAIRS.iter().enumerate() {
        let seed = (100 + i).to_string();
        let variant = if i % 4 == 3 {
            "modiar"
        } else {
            "layli-goobalay"
        };
        db.ok(&[
            "match",
            "new",
            "--variant",
            variant,
            "--south",
            s,
            "--north",
            n,
            "--seed",
            &seed,
        ]);
    }
    db
}

const PAIRS: [(&str, &str); 8] = [
    ("Ada", "Bo"),
    ("Cy", "Di"),
    ("Bo", "Cy"),
    ("Di", "Ada"),
    ("Bo", "Ada"),
    ("Di", "Cy"),
    ("Cy", "Bo"),
    ("Ada", "Di"),
];

#[test]
fn match_play_killed_at_random_moments_loses_and_duplicates_nothing() {
    let seed = 0x5EED_0001;
    let mut rng = Rng(seed);
    // The reference: every match played without interruption.
    let reference = engine_matches();
    let ids: Vec<String> = (1..=PAIRS.len()).map(|i| i.to_string()).collect();
    let took: Vec<Duration> = ids
        .iter()
        .map(|id| timed_run(&reference, &["match", "play", id]))
        .collect();
    let expected = records(&reference);
    // The same matches, each `match play` killed at random moments (in a window that
    // shrinks as the match progresses) until a run finishes it.
    let db = engine_matches();
    // A process's start (opening the database) before it plays: kills are spread over
    // the playing that follows it.
    let startup = (0..3)
        .map(|_| timed_run(&db, &["match", "state", "1"]))
        .min()
        .unwrap();
    let (mut kills, mut mid_match) = (0, 0);
    for (id, took) in ids.iter().zip(&took) {
        for attempt in 1..=10u32 {
            let playing = took.saturating_sub(startup).as_micros() as u64;
            let delay =
                startup + Duration::from_micros(rng.below(playing / u64::from(attempt + 1) + 1));
            let before = db.json(&["match", "state", id]);
            if !run_and_kill(&db, &["match", "play", id], delay) {
                break;
            }
            kills += 1;
            if db.json(&["match", "state", id]) != before {
                mid_match += 1; // killed after it had stored some of its moves
            }
            // Killed part-way: what is stored is a consistent prefix of the match.
            db.verified();
        }
        db.ok(&["match", "play", id]);
    }
    assert!(
        kills >= 12 && mid_match >= 6,
        "only {kills} kills landed, {mid_match} mid-match (seed {seed:#x})"
    );
    eprintln!("{kills} kills, {mid_match} after moves were stored (seed {seed:#x})");
    let got = records(&db);
    assert_eq!(got.len(), expected.len());
    for (g, e) in got.iter().zip(&expected) {
        assert_eq!(
            g, e,
            "seed {seed:#x}: a match differs from the uninterrupted run"
        );
    }
    db.verified();
}
