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
struct Rng(goobalay::seeds::SplitMix64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n.max(1)
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
    run_and_kill_after_progress(db, args, delay, None)
}

/// Like [`run_and_kill`], but with `watch = Some((read, extra))` the kill comes at
/// the latest `extra` after `read()` (a cheap look at the database) first changes.
fn run_and_kill_after_progress(
    db: &Db,
    args: &[&str],
    delay: Duration,
    mut watch: Option<(&mut dyn FnMut() -> i64, Duration)>,
) -> bool {
    let start_value = watch.as_mut().map(|(read, _)| read());
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("goobalay"))
        .args(common::db_args(&db.path, args))
        .env_remove("GOOBALAY_DB")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut deadline = Instant::now() + delay;
    let mut seen = false;
    loop {
        if let (false, Some((read, extra))) = (seen, watch.as_mut())
            && Some(read()) != start_value
        {
            seen = true;
            deadline = deadline.min(Instant::now() + *extra);
        }
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
    let mut rng = Rng(goobalay::seeds::SplitMix64(seed));
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
        // How many kills land depends on the machine's speed and load; these minimums
        // only make sure the test really interrupted runs part-way.
        kills >= 6 && mid_match >= 3,
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

/// A double round robin of five searching engine players (a bye each round, 10
/// rounds, 20 multi-hand Layli Goobalay matches slow enough to be killed part-way;
/// a round's matches are committed together, so the double cycle gives the kills
/// enough commits to land after), not yet paired.
fn engine_tournament() -> Db {
    let db = Db::new();
    let players = [
        ("Ada", "medium"),
        ("Bo", "easy"),
        ("Cy", "medium"),
        ("Di", "easy"),
        ("Ed", "medium"),
    ];
    let mut names = Vec::new();
    for (name, level) in players {
        db.ok(&["player", "add", name, "--engine", level]);
        names.push(name);
    }
    db.ok(&[
        "tournament",
        "new",
        "Cup",
        "--variant",
        "layli-goobalay",
        "--system",
        "double-round-robin",
        "--seed",
        "42",
    ]);
    let mut add = vec!["tournament", "add", "Cup"];
    add.extend(&names);
    db.ok(&add);
    db
}

/// The tournament as its director sees it: standings, rounds and every match.
fn tournament_records(db: &Db) -> (Value, Value, Vec<(Value, Value)>) {
    let mut standings = db.json(&["tournament", "standings", "Cup"]);
    strip_times(&mut standings);
    let mut show = db.json(&["tournament", "show", "Cup"]);
    strip_times(&mut show);
    (standings, show, records(db))
}

#[test]
fn tournament_run_killed_at_random_moments_loses_and_duplicates_nothing() {
    let seed = 0x5EED_0002;
    let mut rng = Rng(goobalay::seeds::SplitMix64(seed));
    let run = ["tournament", "run", "Cup", "--quiet"];
    let reference = engine_tournament();
    let took = timed_run(&reference, &run);
    let expected = tournament_records(&reference);
    let db = engine_tournament();
    // A run's start (loading the tournament and the ratings) before it plays: a run
    // of the finished reference does only that.
    let startup = (0..3).map(|_| timed_run(&reference, &run)).min().unwrap();
    let (mut kills, mut progressed) = (0, 0);
    let mut watcher = Watcher::new(&db);
    // (matches paired, matches finished)
    let progress = |db: &Db| {
        let h = db.json(&["history", "--tournament", "Cup"]);
        let h = h.as_array().cloned().unwrap_or_default();
        let finished = h.iter().filter(|m| !m["winner"].is_null()).count() as u64;
        (h.len() as u64, finished)
    };
    // A round's engine matches are committed together, so progress comes in a few
    // steps: keep killing until enough kills have landed just after one (bounded).
    let mut window = took / 3;
    for attempt in 0..60 {
        if attempt >= 30 && progressed >= 4 {
            break;
        }
        // A random moment, but no later than a random moment just after the run
        // stored something (a round paired, a round's matches played): kills land
        // while pairing, playing and writing, and the tournament advances between them.
        let before = progress(&db);
        let delay = startup + Duration::from_micros(rng.below(window.as_micros() as u64));
        let extra = Duration::from_micros(rng.below(20_000));
        let mut read = || watcher.count();
        if !run_and_kill_after_progress(&db, &run, delay, Some((&mut read, extra))) {
            break;
        }
        kills += 1;
        if progress(&db) != before {
            progressed += 1; // killed after pairing a round or storing a match
            window = took / 3;
        } else {
            // Killed before the next commit: give the next run longer to reach it.
            window = (window * 3 / 2).min(took);
        }
        if kills % 4 == 0 {
            db.verified(); // (recomputing every engine decision takes a moment)
        }
    }
    db.ok(&run);
    assert!(
        kills >= 6 && progressed >= 3,
        "only {kills} kills landed, {progressed} after a round or match was stored (seed {seed:#x})"
    );
    eprintln!("{kills} kills, {progressed} after a round or match was stored (seed {seed:#x})");
    let got = tournament_records(&db);
    assert_eq!(got.0, expected.0, "standings differ (seed {seed:#x})");
    assert_eq!(got.1, expected.1, "rounds differ (seed {seed:#x})");
    assert_eq!(got.2.len(), expected.2.len(), "match count differs");
    for (g, e) in got.2.iter().zip(&expected.2) {
        assert_eq!(
            g, e,
            "seed {seed:#x}: a match differs from the uninterrupted run"
        );
    }
    db.verified();
}

/// A connection of the test's own that counts what a run has stored so far.
struct Watcher {
    rt: tokio::runtime::Runtime,
    conn: sqlx::SqliteConnection,
}

impl Watcher {
    fn new(db: &Db) -> Watcher {
        let rt = common::runtime();
        let conn = rt.block_on(common::connect(&db.path));
        Watcher { rt, conn }
    }

    /// Matches paired and matches finished, in one number.
    fn count(&mut self) -> i64 {
        self.rt
            .block_on(
                sqlx::query_scalar::<_, i64>(
                    "SELECT (SELECT COUNT(*) FROM matches) * 1000
                          + (SELECT COUNT(*) FROM matches WHERE winner IS NOT NULL)",
                )
                .fetch_one(&mut self.conn),
            )
            .unwrap()
    }
}
