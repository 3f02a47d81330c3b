//! What a command stores when the database is locked by another process: all of its
//! effect or nothing, as its message says, and a retry never applies anything twice
//! (issue: "nothing was written" after a partial write). And engines think outside
//! any transaction, so a long `tournament run` never keeps a human from entering a
//! move.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::{Db, connect, runtime};
use serde_json::Value;

/// The match's hands as `match show` gives them: moves, arrangements, scores.
fn hands(db: &Db, id: &str) -> Value {
    db.json(&["match", "show", id])["hands"].clone()
}

fn moves_stored(db: &Db, id: &str) -> usize {
    hands(db, id)
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            let text = h["moves"].as_str().unwrap();
            text.split(':').next().unwrap().parse::<usize>().unwrap()
        })
        .sum()
}

/// Holds the database's write lock, on a thread of its own, from the moment more
/// than `after_moves` moves are stored (at once with `None`) until `release` is set.
fn lock_when(
    db: &Db,
    after_moves: Option<i64>,
    held: Arc<AtomicBool>,
    release: Arc<AtomicBool>,
) -> std::thread::JoinHandle<()> {
    let path = db.path.clone();
    std::thread::spawn(move || {
        runtime().block_on(async {
            use sqlx::Connection;
            let mut conn = connect(&path).await;
            if let Some(n) = after_moves {
                loop {
                    let stored: i64 =
                        sqlx::query_scalar("SELECT COALESCE(SUM(move_count), 0) FROM hands")
                            .fetch_one(&mut conn)
                            .await
                            .unwrap();
                    if stored > n || release.load(Ordering::SeqCst) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            sqlx::raw_sql("BEGIN IMMEDIATE")
                .execute(&mut conn)
                .await
                .unwrap();
            held.store(true, Ordering::SeqCst);
            while !release.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(5));
            }
            sqlx::raw_sql("COMMIT").execute(&mut conn).await.unwrap();
            conn.close().await.unwrap();
        })
    })
}

fn new_match(db: &Db, south: &str, north: &str) -> String {
    db.json(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        south,
        "--north",
        north,
        "--form",
        "single",
        "--seed",
        "5",
    ])["id"]
        .to_string()
}

/// The move a human enters: the first legal one.
fn first_legal(db: &Db, id: &str) -> String {
    db.state(id)["legal"][0].as_str().unwrap().to_string()
}

#[test]
fn a_move_against_an_engine_is_stored_whole_or_not_at_all() {
    let db = Db::new();
    db.players(&["Amina"], None);
    // `perfect` thinks long enough for another process to take the lock between the
    // human's move and the engine's reply, if they were two writes.
    db.players(&["Robo"], Some("perfect"));
    let id = new_match(&db, "Amina", "Robo");
    let before = moves_stored(&db, &id);
    let hole = first_legal(&db, &id);

    // Another process takes the write lock as soon as it sees a move stored.
    let held = Arc::new(AtomicBool::new(false));
    let release = Arc::new(AtomicBool::new(false));
    let locker = lock_when(&db, Some(before as i64), held.clone(), release.clone());
    let out = db
        .cmd(&["match", "move", &id, &hole])
        .env("GOOBALAY_BUSY_TIMEOUT_MS", "300")
        .output()
        .unwrap();
    release.store(true, Ordering::SeqCst);
    locker.join().unwrap();
    let after = moves_stored(&db, &id);
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        // The move and the engine's reply, stored together.
        assert_eq!(after, before + 2, "{err}");
        assert_eq!(db.state(&id)["to_move"], "south");
    } else {
        assert!(err.contains("nothing was written"), "{err}");
        assert_eq!(after, before, "the message said nothing was written: {err}");
    }
    db.verified();
}

#[test]
fn a_locked_database_stores_nothing_and_the_retry_applies_once() {
    let db = Db::new();
    db.players(&["Amina"], None);
    db.players(&["Robo"], Some("greedy"));
    let id = new_match(&db, "Amina", "Robo");
    let hole = first_legal(&db, &id);
    let before = hands(&db, &id);

    let held = Arc::new(AtomicBool::new(false));
    let release = Arc::new(AtomicBool::new(false));
    let locker = lock_when(&db, None, held.clone(), release.clone());
    while !held.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(2));
    }
    for args in [
        vec!["match", "move", id.as_str(), hole.as_str()],
        vec![
            "match",
            "new",
            "--variant",
            "tihbat",
            "--south",
            "Robo",
            "--north",
            "Amina",
        ],
    ] {
        let out = db
            .cmd(&args)
            .env("GOOBALAY_BUSY_TIMEOUT_MS", "100")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("busy") && err.contains("nothing was written"),
            "{err}"
        );
    }
    release.store(true, Ordering::SeqCst);
    locker.join().unwrap();
    assert_eq!(hands(&db, &id), before, "nothing was stored");
    assert_eq!(
        db.json(&["history"]).as_array().unwrap().len(),
        1,
        "no match was created"
    );

    // The retry: the move and the engine's reply, once.
    db.ok(&["match", "move", &id, &hole]);
    assert_eq!(moves_stored(&db, &id), 2);
    db.verified();
}

#[test]
fn an_engine_turn_left_over_is_made_and_the_human_action_is_not_entered() {
    let db = Db::new();
    db.players(&["Amina"], None);
    db.players(&["Robo"], Some("greedy"));
    let id = new_match(&db, "Amina", "Robo");
    let hole = first_legal(&db, &id);
    // As an interrupted earlier goobalay left it: the human's move stored, the
    // engine's reply not.
    db.sql(&format!(
        "UPDATE hands SET moves = '{hole}', move_count = 1 WHERE match_id = {id};
         UPDATE matches SET revision = revision + 1 WHERE id = {id};"
    ));
    assert_eq!(db.state(&id)["to_move"], "north");
    let out = db.run(&["match", "move", &id, &hole]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nothing of yours was entered"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    // The engine's reply was stored; the human's move is not there twice.
    assert_eq!(moves_stored(&db, &id), 2);
    assert_eq!(db.state(&id)["to_move"], "south");
    db.verified();
}

#[test]
fn a_tournament_run_never_keeps_the_lock_while_its_engines_think() {
    let db = Db::new();
    db.players(&["E1", "E2", "E3", "E4"], Some("max"));
    db.players(&["Amina", "Farah"], None);
    db.ok(&[
        "tournament",
        "new",
        "League",
        "--variant",
        "layli-goobalay",
        "--system",
        "round-robin",
        "--seed",
        "3",
    ]);
    db.ok(&["tournament", "add", "League", "E1", "E2", "E3", "E4"]);
    db.ok(&["tournament", "pair", "League"]);
    let mut id = new_match(&db, "Amina", "Farah");

    let mut run = std::process::Command::new(assert_cmd::cargo::cargo_bin("goobalay"))
        .args(common::db_args(
            &db.path,
            &["tournament", "run", "League", "--quiet"],
        ))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // While the engines play their multi-hand matches, a human enters moves with a
    // short busy timeout: each must get the lock at once.
    let began = Instant::now();
    let mut entered = 0;
    while began.elapsed() < Duration::from_secs(4) {
        if db.state(&id)["legal"].as_array().unwrap().is_empty() {
            id = new_match(&db, "Amina", "Farah");
        }
        let hole = first_legal(&db, &id);
        let out = db
            .cmd(&["match", "move", &id, &hole])
            .env("GOOBALAY_BUSY_TIMEOUT_MS", "1000")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "move {entered} while the run played: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        entered += 1;
        std::thread::sleep(Duration::from_millis(200));
    }
    let still_running = run.try_wait().unwrap().is_none();
    let _ = run.kill();
    let _ = run.wait();
    assert!(still_running, "the run ended before the moves were tried");
    assert!(entered >= 5);
    db.verified();
}
