//! Load on `goobalay serve` (a benchmark, not a test): `cargo bench --bench serve_load`.
//!
//! A 100-player Swiss (Tihbat, humans) on a fresh SQLite database, a server on a free
//! port of 127.0.0.1 started with `--results`, 200 clients each asking for the
//! standings (`/api/tournaments/ID/standings`, a new connection each time) once a
//! second, as a page that polls would, and 200 phones holding the tournament's event
//! stream open (server-sent events), while results arrive through the web at 20 a
//! minute (issue 35's room): reported by the players (`POST /api/report` with each
//! player's code from `tournament pairings --format json`, the second report
//! confirming the first), or with `SERVE_LOAD_BY=director` posted with the secret as
//! the director's page posts them (`POST /api/matches/ID/result`); or, with
//! `SERVE_LOAD_DESK=1`, entered one by one with the CLI every 100 ms (issue 16's busy
//! desk). Prints p50/p99/max
//! latency, requests answered, failures, the event streams still open and how many
//! changes each saw, and whether the standings at the end hold every result entered
//! once (nothing lost, nothing doubled: a second entry of a stored result is refused).
//! Target: p99 <= 50 ms. `SERVE_LOAD_CLIENTS`, `SERVE_LOAD_SSE`,
//! `SERVE_LOAD_PLAYERS`, `SERVE_LOAD_INTERVAL_MS` (0: no pause, a saturation test),
//! `SERVE_LOAD_RESULTS_PER_MIN` and `SERVE_LOAD_RESULTS` change the sizes.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_goobalay");

fn size(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn cli(db: &std::path::Path, args: &[&str]) -> String {
    let mut words = args.to_vec();
    words.splice(1..1, ["--db", db.to_str().unwrap()]);
    let out = Command::new(BIN)
        .args(&words)
        .env_remove("GOOBALAY_DB")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn get(addr: &str, path: &str) -> Result<String, String> {
    let mut s = TcpStream::connect(addr).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| e.to_string())?;
    let mut text = String::new();
    s.read_to_string(&mut text).map_err(|e| e.to_string())?;
    if !text.starts_with("HTTP/1.1 200") {
        return Err(text.lines().next().unwrap_or("").to_string());
    }
    Ok(text
        .split_once("\r\n\r\n")
        .map(|x| x.1.to_string())
        .unwrap_or_default())
}

/// A JSON body posted to `path` (with the secret if given): (status, answer).
fn post(addr: &str, path: &str, secret: Option<&str>, body: &str) -> (u16, String) {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return (0, String::new());
    };
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let auth = secret.map_or(String::new(), |s| format!("Authorization: Bearer {s}\r\n"));
    let _ = write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    let status = text.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, text)
}

/// A result posted as the director's page posts it: (status, body).
fn post_result(addr: &str, secret: &str, id: &str) -> (u16, String) {
    // No seeds: they must add up to the game's, which differ from game to game.
    let body = r#"{"winner": "south"}"#;
    post(
        addr,
        &format!("/api/matches/{id}/result"),
        Some(secret),
        body,
    )
}

/// A player's report that South won, made with `code`, as the report page sends it.
fn post_report(addr: &str, code: &str) -> (u16, String) {
    let body = serde_json::json!({ "code": code, "result": "south" }).to_string();
    post(addr, "/api/report", None, &body)
}

/// A phone's event stream: open until `done`; the `change` events it saw, and
/// whether it was still open at the end.
fn hold_events(addr: &str, path: &str, done: &AtomicBool) -> (usize, bool) {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return (0, false);
    };
    s.set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    if write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .is_err()
    {
        return (0, false);
    }
    let mut reader = BufReader::new(s);
    let mut changes = 0;
    let mut line = String::new();
    while !done.load(Ordering::Relaxed) {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => return (changes, false),
            Ok(_) => {
                if line.contains("event: change") {
                    changes += 1;
                }
            }
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return (changes, false),
        }
    }
    (changes, true)
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` does not: then only say so.
    if !std::env::args().any(|a| a == "--bench") {
        println!("serve_load: run with `cargo bench --bench serve_load`");
        return;
    }
    let players = size("SERVE_LOAD_PLAYERS", 100);
    let clients = size("SERVE_LOAD_CLIENTS", 200);
    let phones = size("SERVE_LOAD_SSE", 200);
    let desk = std::env::var("SERVE_LOAD_DESK").is_ok_and(|v| v == "1");
    let per_minute = size("SERVE_LOAD_RESULTS_PER_MIN", 20).max(1);
    let interval = Duration::from_millis(size("SERVE_LOAD_INTERVAL_MS", 1000) as u64);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("load.db");
    let names: Vec<String> = (1..=players).map(|i| format!("Player {i:03}")).collect();
    for n in &names {
        cli(&db, &["player", "add", n]);
    }
    cli(
        &db,
        &[
            "tournament",
            "new",
            "Load",
            "--variant",
            "tihbat",
            "--system",
            "swiss",
            "--rounds",
            "7",
        ],
    );
    let mut add = vec!["tournament", "add", "Load"];
    add.extend(names.iter().map(String::as_str));
    cli(&db, &add);
    let paired: serde_json::Value = serde_json::from_str(&cli(
        &db,
        &["tournament", "pair", "Load", "--format", "json"],
    ))
    .unwrap();
    let matches: Vec<String> = paired["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["match_id"].as_i64())
        .map(|i| i.to_string())
        .collect();
    // The players' codes, as the slips print them: (South's, North's) by match.
    let by_director = std::env::var("SERVE_LOAD_BY").is_ok_and(|v| v == "director");
    let listed: serde_json::Value = serde_json::from_str(&cli(
        &db,
        &["tournament", "pairings", "Load", "--format", "json"],
    ))
    .unwrap();
    let codes: std::collections::HashMap<String, (String, String)> = listed["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| {
            let code = |side: &str| b["codes"][side].as_str().map(str::to_string);
            Some((
                b["match_id"].as_i64()?.to_string(),
                (code("south")?, code("north")?),
            ))
        })
        .collect();

    let mut server = Command::new(BIN)
        .args(["serve", "--db"])
        .arg(&db)
        .args(["--listen", "127.0.0.1:0", "--results"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let mut out = BufReader::new(server.stdout.take().unwrap());
    out.read_line(&mut line).unwrap();
    let mut second = String::new();
    out.read_line(&mut second).unwrap();
    let secret = second
        .trim()
        .strip_prefix("result entry secret: ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap()
        .to_string();
    let addr = line
        .split("http://")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let path = "/api/tournaments/1/standings".to_string();

    let done = Arc::new(AtomicBool::new(false));
    let handles: Vec<_> = (0..clients)
        .map(|k| {
            let (addr, path, done) = (addr.clone(), path.clone(), done.clone());
            std::thread::spawn(move || {
                let mut times = Vec::new();
                let mut failures = 0usize;
                // Spread the clients over the interval.
                std::thread::sleep(interval * k as u32 / clients as u32);
                while !done.load(Ordering::Relaxed) {
                    let t = Instant::now();
                    match get(&addr, &path) {
                        Ok(_) => times.push(t.elapsed()),
                        Err(_) => failures += 1,
                    }
                    if let Some(rest) = interval.checked_sub(t.elapsed()) {
                        std::thread::sleep(rest);
                    }
                }
                (times, failures)
            })
        })
        .collect();
    let streams: Vec<_> = (0..phones)
        .map(|_| {
            let (addr, done) = (addr.clone(), done.clone());
            std::thread::spawn(move || hold_events(&addr, "/api/tournaments/1/events", &done))
        })
        .collect();
    let started = Instant::now();
    let results =
        size("SERVE_LOAD_RESULTS", if desk { matches.len() } else { 20 }).min(matches.len());
    let mut refused = 0;
    let mut doubled = 0;
    for id in &matches[..results] {
        if desk {
            // A busy desk: a result every 100 ms.
            cli(&db, &["match", "result", id, "--match", "south"]);
            std::thread::sleep(Duration::from_millis(100));
        } else {
            // The room: results through the web at `per_minute`.
            let t = Instant::now();
            if by_director {
                let (status, _) = post_result(&addr, &secret, id);
                if status != 200 {
                    refused += 1;
                }
                // The same result sent twice (a double tap, a retry): refused.
                if post_result(&addr, &secret, id).0 == 200 {
                    doubled += 1;
                }
            } else {
                // South reports, North confirms: the result is stored.
                let (south, north) = &codes[id];
                let waiting = post_report(&addr, south);
                let confirmed = post_report(&addr, north);
                if waiting.0 != 200
                    || confirmed.0 != 200
                    || !confirmed.1.contains(r#""status":"confirmed""#)
                {
                    refused += 1;
                }
                // A confirmation sent twice (a double tap, a retry): refused.
                if post_report(&addr, north).0 == 200 {
                    doubled += 1;
                }
            }
            if let Some(rest) =
                (Duration::from_secs(60) / per_minute as u32).checked_sub(t.elapsed())
            {
                std::thread::sleep(rest);
            }
        }
    }
    // Let the last result reach the pages' poll.
    std::thread::sleep(Duration::from_secs(1));
    done.store(true, Ordering::Relaxed);
    let elapsed = started.elapsed();
    let mut open_at_end = 0;
    let mut fewest_changes = usize::MAX;
    for h in streams {
        let (changes, open) = h.join().unwrap();
        open_at_end += usize::from(open);
        fewest_changes = fewest_changes.min(changes);
    }
    let mut times = Vec::new();
    let mut failures = 0;
    for h in handles {
        let (t, f) = h.join().unwrap();
        times.extend(t);
        failures += f;
    }
    times.sort();
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    let standings: serde_json::Value = serde_json::from_str(&get(&addr, &path).unwrap()).unwrap();
    let points: f64 = standings["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_f64().unwrap())
        .sum();
    let byes = players % 2;
    let _ = server.kill();
    let _ = server.wait();
    println!(
        "serve_load: {players}-player Swiss, {clients} clients polling every {} ms, {phones} event streams, {results} results {} in {:.1} s",
        interval.as_millis(),
        if desk {
            "entered with the CLI".to_string()
        } else {
            format!(
                "{} through the web at {per_minute}/min",
                if by_director {
                    "posted by the director"
                } else {
                    "reported by both players"
                }
            )
        },
        elapsed.as_secs_f64()
    );
    if phones > 0 {
        println!(
            "  event streams open at the end: {open_at_end} of {phones}; fewest changes seen by one: {}",
            if fewest_changes == usize::MAX {
                0
            } else {
                fewest_changes
            }
        );
    }
    if !desk {
        println!("  web results refused: {refused}; second entries stored (doubled): {doubled}");
    }
    println!(
        "  {} standings answered ({:.0}/s), {failures} failed; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms (target p99 <= 50 ms)",
        times.len(),
        times.len() as f64 / elapsed.as_secs_f64(),
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3
    );
    let expected = (results + byes) as f64;
    println!(
        "  points in the final standings: {points} of {expected} expected: {}",
        if (points - expected).abs() < 1e-9 {
            "nothing lost"
        } else {
            "RESULTS MISSING"
        }
    );
}
