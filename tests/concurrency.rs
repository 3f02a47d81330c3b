//! Concurrency: several `goobalay` processes enter moves, results, players and
//! matches (and play engine matches, and audit) in one database at the same time.
//! Every command succeeds (no "database is locked" reaches the user), nothing entered
//! is lost, and `goobalay verify` passes.

mod common;

use std::sync::Arc;
use std::thread;

use common::Db;
use serde_json::Value;

/// SplitMix64 for the workers' choices.
fn mix(z: u64) -> u64 {
    goobalay::seeds::SplitMix64(z).next_u64()
}

/// Runs a command that must succeed, with nothing about locks on stderr.
fn ok(db: &Db, args: &[&str]) -> String {
    let out = db.run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {err}");
    assert!(
        !err.contains("locked") && !err.contains("busy"),
        "{args:?}: {err}"
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(db: &Db, args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    serde_json::from_str(&ok(db, &a)).unwrap()
}

fn new_match(db: &Db, variant: &str, south: &str, north: &str, form: &str) -> String {
    let m = json(
        db,
        &[
            "match",
            "new",
            "--variant",
            variant,
            "--south",
            south,
            "--north",
            north,
            "--form",
            form,
            "--seed",
            "9",
        ],
    );
    m["id"].to_string()
}

const OPS: u64 = 30;

/// Moves in a human game, chosen from the legal moves `match state` offers; returns
/// (match id, moves entered per game).
fn mover(db: &Db, id: &str, seed: u64) -> Vec<Vec<String>> {
    let mut games: Vec<Vec<String>> = vec![Vec::new()];
    for k in 0..OPS {
        let s = json(db, &["match", "state", id]);
        if s["match"]["awaiting"]["kind"] != "move" {
            break;
        }
        let hand = s["match"]["hand"].as_u64().unwrap() as usize;
        while games.len() < hand {
            games.push(Vec::new());
        }
        let legal = s["legal"].as_array().unwrap();
        let mv = legal[(mix(seed ^ k) % legal.len() as u64) as usize].clone();
        let mv = mv.as_str().map_or(mv.to_string(), str::to_string);
        ok(db, &["match", "move", id, &mv]);
        games[hand - 1].push(mv);
    }
    games
}

/// Results of whole games entered one after another; returns the scores entered.
fn resulter(db: &Db, id: &str, seed: u64) -> Vec<(u64, u64)> {
    let mut entered = Vec::new();
    for k in 0..OPS / 2 {
        let s = json(db, &["match", "state", id]);
        if s["match"]["awaiting"]["kind"] != "move" {
            break;
        }
        let total: u64 = s["board"]
            .as_array()
            .unwrap()
            .iter()
            .chain(s["captured"].as_array().unwrap())
            .map(|v| v.as_u64().unwrap())
            .sum();
        let south = mix(seed ^ k) % (total + 1);
        ok(
            db,
            &[
                "match",
                "result",
                id,
                &south.to_string(),
                &(total - south).to_string(),
            ],
        );
        entered.push((south, total - south));
    }
    entered
}

#[test]
fn processes_writing_at_once_wait_for_each_other_and_lose_nothing() {
    let db = Arc::new(Db::new());
    for p in ["Amina", "Bashir", "Chidi", "Dalia"] {
        db.ok(&["player", "add", p]);
    }
    db.ok(&["player", "add", "Robo", "--engine", "greedy"]);
    db.ok(&["player", "add", "Rand", "--engine", "random"]);
    let moves_a = new_match(&db, "modiar", "Amina", "Bashir", "games:9");
    let moves_b = new_match(&db, "tampoduo", "Chidi", "Dalia", "games:9");
    let results = new_match(&db, "tihbat", "Amina", "Chidi", "games:99");
    let mut workers = Vec::new();
    for (id, seed) in [(moves_a.clone(), 1u64), (moves_b.clone(), 2)] {
        let db = Arc::clone(&db);
        workers.push(thread::spawn(move || {
            let games = mover(&db, &id, seed);
            // Everything entered is stored, in order.
            let show = json(&db, &["match", "show", &id]);
            let hands = show["hands"].as_array().unwrap_or_else(|| panic!("{show}"));
            for (g, entered) in games.iter().enumerate() {
                let stored = hands[g]["moves"].as_str().unwrap();
                let stored = stored.split_once(": ").map_or("", |(_, m)| m);
                assert_eq!(stored, entered.join(" "), "match {id} game {}", g + 1);
            }
            games.iter().map(Vec::len).sum::<usize>()
        }));
    }
    {
        let db = Arc::clone(&db);
        let id = results.clone();
        workers.push(thread::spawn(move || {
            let entered = resulter(&db, &id, 3);
            let show = json(&db, &["match", "show", &id]);
            let hands = show["hands"].as_array().unwrap();
            for (g, (s, n)) in entered.iter().enumerate() {
                assert_eq!(hands[g]["score"].as_str().unwrap(), format!("{s}-{n}"));
            }
            entered.len()
        }));
    }
    // New players and engine matches, played while the others write.
    {
        let db = Arc::clone(&db);
        workers.push(thread::spawn(move || {
            for k in 0..OPS / 3 {
                let name = format!("Bot {k}");
                ok(&db, &["player", "add", &name, "--engine", "random"]);
                let id = new_match(&db, "layli-goobalay", &name, "Robo", "hands");
                ok(&db, &["match", "play", &id]);
                let s = json(&db, &["match", "state", &id]);
                assert!(!s["match"]["winner"].is_null(), "{s}");
            }
            (OPS / 3) as usize
        }));
    }
    // An auditor: verify reads a consistent snapshot while the others write.
    {
        let db = Arc::clone(&db);
        workers.push(thread::spawn(move || {
            for _ in 0..6 {
                let out = ok(&db, &["verify"]);
                assert!(out.contains("all consistent"), "{out}");
                ok(&db, &["history", "--format", "csv"]);
            }
            6
        }));
    }
    let done: Vec<usize> = workers.into_iter().map(|w| w.join().unwrap()).collect();
    assert!(done[0] > 0 && done[1] > 0 && done[2] > 0, "{done:?}");
    let players = db.json(&["player", "list"]);
    assert_eq!(players.as_array().unwrap().len(), 6 + (OPS / 3) as usize);
    let history = db.json(&["history"]);
    assert_eq!(history.as_array().unwrap().len(), 3 + (OPS / 3) as usize);
    db.verified();
}

/// A director pairs rounds and enters results of a human tournament while another
/// process runs an engine tournament and a third enters moves in a casual game.
#[test]
fn pairings_results_and_engine_runs_at_once() {
    let db = Arc::new(Db::new());
    let humans = ["Hana", "Ivo", "Jun", "Kofi"];
    let bots = ["Bot A", "Bot B", "Bot C", "Bot D", "Bot E"];
    for p in humans {
        db.ok(&["player", "add", p]);
    }
    for p in bots {
        db.ok(&["player", "add", p, "--engine", "random"]);
    }
    for (name, entrants) in [("Club", &humans[..]), ("Bots", &bots[..])] {
        db.ok(&[
            "tournament",
            "new",
            name,
            "--variant",
            "tihbat",
            "--system",
            "round-robin",
            "--seed",
            "3",
        ]);
        let mut add = vec!["tournament", "add", name];
        add.extend(entrants);
        db.ok(&add);
    }
    let casual = new_match(&db, "modiar", "Hana", "Ivo", "games:9");
    let director = {
        let db = Arc::clone(&db);
        thread::spawn(move || {
            let mut entered = 0;
            for round in 1..=3u64 {
                let paired = json(&db, &["tournament", "pair", "Club"]);
                assert_eq!(paired["round"], round, "{paired}");
                for b in paired["boards"].as_array().unwrap() {
                    let Some(id) = b["match_id"].as_i64() else {
                        continue;
                    };
                    let id = id.to_string();
                    let (s, n) = match entered % 3 {
                        0 => ("20", "8"),
                        1 => ("8", "20"),
                        _ => ("14", "14"),
                    };
                    ok(&db, &["match", "result", &id, s, n]);
                    entered += 1;
                }
            }
            entered
        })
    };
    let runner = {
        let db = Arc::clone(&db);
        thread::spawn(move || ok(&db, &["tournament", "run", "Bots", "--quiet"]))
    };
    let mover = {
        let db = Arc::clone(&db);
        let id = casual.clone();
        thread::spawn(move || mover(&db, &id, 7).iter().map(Vec::len).sum::<usize>())
    };
    assert_eq!(director.join().unwrap(), 6);
    runner.join().unwrap();
    assert!(mover.join().unwrap() > 0);
    // Every result the director entered counts; the engine tournament is complete.
    let club = db.json(&["tournament", "standings", "Club"]);
    let text = club.to_string();
    for h in humans {
        assert!(text.contains(h), "{text}");
    }
    let history = db.json(&["history", "--tournament", "Club"]);
    let finished = history
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| !m["winner"].is_null())
        .count();
    assert_eq!(finished, 6, "{history}");
    let bots_history = db.json(&["history", "--tournament", "Bots"]);
    assert_eq!(bots_history.as_array().unwrap().len(), 10);
    assert!(
        bots_history
            .as_array()
            .unwrap()
            .iter()
            .all(|m| !m["winner"].is_null()),
        "{bots_history}"
    );
    db.verified();
}
