//! Players and matches through the `goobalay` binary, on real SQLite files in temp dirs.

mod common;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use common::Db;
use serde_json::Value;

fn moves(db: &Db, id: &str, list: &str) {
    for m in list.split_whitespace() {
        db.ok(&["match", "move", id, m]);
    }
}

fn two_humans(db: &Db) {
    db.ok(&["player", "add", "Amina", "--club", "Hargeisa"]);
    db.ok(&["player", "add", "Bashir"]);
}

/// A whole Layli Goobalay match to elimination, hand by hand. Hand 1 is the first game
/// of `tests/vectors/layli-goobalay.jsonl` (worked out independently from RULES.md);
/// hands 2 and 3 start from chosen arrangements, their positions worked out by hand
/// (hand 2, move 1 shown in the comment) and checked with an independent script.
#[test]
fn whole_match_to_elimination_hand_by_hand() {
    let db = Db::new();
    two_humans(&db);
    let m = db.json(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Amina",
        "--north",
        "Bashir",
    ]);
    assert_eq!(m["id"], 1);
    assert_eq!(m["form"], "hands");
    let s = db.state("1");
    assert_eq!(s["board"], serde_json::json!(vec![4; 12]));
    assert_eq!(s["match"]["holdings"], serde_json::json!([24, 24]));
    assert_eq!(s["match"]["awaiting"]["kind"], "move");
    assert_eq!(s["match"]["awaiting"]["player"], "south");

    // Hand 1: South first; ends 41-7 (no moves), North keeps 7 >= 6 and stays in.
    moves(&db, "1", "4 4 5 2 2 3 6 3 4 3 6 2 3 4 4 1 5 4 6");
    let s = db.state("1");
    // Hand 2: North (7) is poorer and arranges first; South places 7 and keeps 34.
    assert_eq!(s["match"]["hand"], 2);
    assert_eq!(s["match"]["holdings"], serde_json::json!([41, 7]));
    assert_eq!(s["match"]["kept"], serde_json::json!([34, 0]));
    assert_eq!(
        s["match"]["awaiting"],
        serde_json::json!({"kind": "arrangement", "player": "north"})
    );
    assert_eq!(s["board"], serde_json::json!(vec![0; 12]));
    assert_eq!(s["legal"], serde_json::json!([]));
    assert_eq!(s["captured"], serde_json::json!([34, 0]));
    assert_eq!(s["match"]["winner"], Value::Null);

    // Bad arrangements and moves out of turn are refused, the database unchanged.
    db.refused(
        &["match", "arrange", "1", "--seeds", "1,1,1,1,1,1"],
        "exactly 7",
    );
    db.refused(
        &["match", "arrange", "1", "--seeds", "0,1,2,1,1,2"],
        "at least 1 seed",
    );
    db.refused(
        &["match", "arrange", "1", "--seeds", "2,2,3"],
        "needs 6 seed counts",
    );
    db.refused(
        &["match", "arrange", "1", "--seeds", "1,1,x,1,1,2"],
        "not a seed count",
    );
    db.refused(&["match", "move", "1", "3"], "awaits north's arrangement");

    db.ok(&["match", "arrange", "1", "--seeds", "1,1,2,1,1,1"]);
    let s = db.state("1");
    assert_eq!(
        s["board"],
        serde_json::json!([0, 0, 0, 0, 0, 0, 1, 1, 2, 1, 1, 1])
    );
    assert_eq!(s["match"]["awaiting"]["player"], "south");
    // South places the same number, 7, not all 41.
    db.refused(
        &["match", "arrange", "1", "--seeds", "6,7,7,7,7,7"],
        "exactly 7",
    );
    db.ok(&["match", "arrange", "1", "--seeds", "1,1,1,1,2,1"]);
    let s = db.state("1");
    assert_eq!(
        s["board"],
        serde_json::json!([1, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1])
    );
    assert_eq!(s["captured"], serde_json::json!([34, 0]));
    assert_eq!(s["to_move"], "north", "the first arranger moves first");
    assert_eq!(s["ply"], 0);

    // North 3 (index 8, 2 seeds): 9,10 -> relay 10 (2): 11,0 -> relay 0 (2): 1,2 ->
    // relay 2 (2): 3,4 -> relay 4 (3): 5,6,7 -> relay 7 (2): 8,9 -> relay 9 (3): 10,11,0;
    // index 0 was empty and is South's: the move ends.
    db.ok(&["match", "move", "1", "3"]);
    let s = db.state("1");
    assert_eq!(
        s["board"],
        serde_json::json!([1, 2, 0, 2, 0, 2, 2, 0, 1, 0, 1, 3])
    );
    moves(&db, "1", "2 3 2 2");
    // Hand 2 ends 37-11 (no moves): North brings 11 into hand 3 and arranges first.
    let s = db.state("1");
    assert_eq!(s["match"]["hand"], 3);
    assert_eq!(s["match"]["holdings"], serde_json::json!([37, 11]));
    assert_eq!(s["match"]["kept"], serde_json::json!([26, 0]));
    assert_eq!(s["match"]["awaiting"]["player"], "north");

    db.ok(&["match", "arrange", "1", "--seeds", "1,3,4,1,1,1"]);
    db.ok(&["match", "arrange", "1", "--seeds", "1,3,1,1,3,2"]);
    // Move 2 (South 2) makes two Uurs (hole 1 and North's 6), move 4 two more.
    moves(&db, "1", "3 2 5 5 3");
    let s = db.state("1");
    assert_eq!(
        s["uur"],
        serde_json::json!([
            "south", null, null, null, null, "south", "south", null, null, null, null, "south"
        ])
    );
    db.ok(&["match", "move", "1", "4"]);
    // North's row holds only South's Uurs: no move left. South: 32 captured + 1 in
    // its row + Uurs 3+2+2+3 = 43; North 5 < 6: eliminated.
    let s = db.state("1");
    assert_eq!(s["over"], true);
    assert_eq!(
        s["result"],
        serde_json::json!({"score": [43, 5], "winner": "south", "end": "no-moves"})
    );
    assert_eq!(
        s["board"],
        serde_json::json!([3, 1, 0, 0, 0, 2, 2, 0, 0, 0, 0, 3])
    );
    assert_eq!(s["captured"], serde_json::json!([32, 5]));
    assert_eq!(s["match"]["hand"], 3);
    assert_eq!(s["match"]["winner"], "south");
    assert_eq!(
        s["match"]["awaiting"],
        serde_json::json!({"kind": "none", "player": null})
    );

    // The stored hands, hand by hand.
    let show = db.json(&["match", "show", "1"]);
    let hands = show["hands"].as_array().unwrap();
    let col = |k: &str| hands.iter().map(|h| h[k].clone()).collect::<Vec<_>>();
    assert_eq!(col("first"), ["south", "north", "north"]);
    assert_eq!(col("brought"), ["24-24", "41-7", "37-11"]);
    assert_eq!(col("kept"), ["0-0", "34-0", "26-0"]);
    assert_eq!(
        col("arrangement_south"),
        ["-", "1,1,1,1,2,1", "1,3,1,1,3,2"]
    );
    assert_eq!(
        col("arrangement_north"),
        ["-", "1,1,2,1,1,1", "1,3,4,1,1,1"]
    );
    assert_eq!(col("score"), ["41-7", "37-11", "43-5"]);
    assert_eq!(col("end"), ["no-moves", "no-moves", "no-moves"]);
    assert_eq!(show["winner"], "south");
    assert_eq!(show["hands_played"], 3);

    // A finished match takes no more moves, arrangements or results.
    db.refused(
        &["match", "move", "1", "1"],
        "the match is over (south won)",
    );
    db.refused(&["match", "arrange", "1", "--seeds", "1,1,1,1,1,1"], "over");
    db.refused(&["match", "result", "1", "24", "24"], "over");

    // History and replay see it.
    let h = db.json(&["history", "--player", "bashir"]);
    assert_eq!(h[0]["winner"], "south");
    assert_eq!(h[0]["final_north"], 5);
    let replay = db.ok(&["replay", "1", "--hand", "2"]);
    assert_eq!(replay.matches(" plays ").count(), 5);
    assert!(replay.contains("Bashir (north) arranges 1,1,2,1,1,1"));
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let db = Db::new();
    two_humans(&db);
    db.ok(&["player", "add", "Robo", "--engine", "greedy"]);
    db.refused(&["player", "add", "AMINA"], "already exists");
    db.refused(&["player", "add", "  "], "must not be empty");
    db.refused(
        &["player", "add", "X", "--engine", "superhuman"],
        "unknown engine level",
    );
    db.refused(
        &["player", "rename", "Nobody", "Z"],
        "no player named 'Nobody'",
    );
    db.refused(&["player", "rename", "Amina", "bashir"], "already exists");
    db.refused(
        &[
            "match",
            "new",
            "--variant",
            "layli-goobalay",
            "--south",
            "Nobody",
            "--north",
            "Amina",
        ],
        "no player named 'Nobody'",
    );
    db.refused(
        &[
            "match",
            "new",
            "--variant",
            "layli-goobalay",
            "--south",
            "Amina",
            "--north",
            "amina",
        ],
        "against themselves",
    );
    db.refused(
        &[
            "match",
            "new",
            "--variant",
            "chess",
            "--south",
            "Amina",
            "--north",
            "Bashir",
        ],
        "unknown variant",
    );
    db.refused(
        &[
            "match",
            "new",
            "--variant",
            "modiar",
            "--south",
            "Amina",
            "--north",
            "Bashir",
            "--form",
            "best-of-3",
        ],
        "not a match form",
    );
    db.refused(
        &[
            "match",
            "new",
            "--variant",
            "modiar",
            "--south",
            "Amina",
            "--north",
            "Bashir",
            "--max-hands",
            "3",
        ],
        "only to the 'hands' form",
    );
    let m = db.json(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Amina",
        "--north",
        "Bashir",
    ]);
    let id = m["id"].to_string();
    db.refused(&["match", "move", "99", "3"], "no match with id 99");
    db.refused(&["match", "move", &id, "7"], "legal moves: 1 2 3 4 5 6");
    db.refused(&["match", "move", &id, "0"], "legal moves: 1 2 3 4 5 6");
    db.refused(&["match", "move", &id, "-1"], "legal moves");
    db.refused(&["match", "move", &id, "three"], "legal moves");
    db.refused(
        &["match", "move", &id, "99999999999999999999"],
        "legal moves",
    );
    db.refused(
        &["match", "arrange", &id, "--seeds", "4,4,4,4,4,4"],
        "awaits a move by south",
    );
    db.refused(&["match", "result", &id, "30", "17"], "47 seeds");
    db.refused(&["match", "result", &id, "-3", "51"], "not a seed count");
    db.refused(&["replay", &id, "--hand", "2"], "no hand 2");
    db.refused(&["history", "--since", "yesterday"], "not a date");
    db.refused(&["history", "--player", "Nobody"], "no player named");
    // After a capture, a result below the seeds already captured is impossible.
    db.ok(&["match", "move", &id, "4"]); // South captures 7 (vector game 1, move 1)
    db.refused(&["match", "result", &id, "6", "42"], "already holds 7");
    // An engine's turn cannot be entered by hand in an engine-vs-engine match.
    db.ok(&["player", "add", "Robo2", "--engine", "random"]);
    let e = db.json(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        "Robo",
        "--north",
        "Robo2",
    ]);
    db.refused(
        &["match", "move", &e["id"].to_string(), "1"],
        "engine player",
    );
    // Retired players take no new matches.
    db.ok(&["player", "retire", "Bashir"]);
    db.refused(
        &[
            "match",
            "new",
            "--variant",
            "modiar",
            "--south",
            "Amina",
            "--north",
            "Bashir",
        ],
        "retired",
    );
}

#[test]
fn engines_reply_by_themselves_and_undo_takes_back_the_human_move() {
    let db = Db::new();
    db.ok(&["player", "add", "Amina"]);
    db.ok(&["player", "add", "Robo", "--engine", "greedy"]);
    // The engine moves first: `match new` already made its move.
    let m = db.json(&[
        "match",
        "new",
        "--variant",
        "tampoduo",
        "--south",
        "Robo",
        "--north",
        "Amina",
        "--seed",
        "42",
    ]);
    assert_eq!(m["form"], "single");
    assert_eq!(m["seed"], 42);
    let s = db.state("1");
    assert_eq!(s["ply"], 1);
    assert_eq!(s["match"]["awaiting"]["player"], "north");
    let legal = s["legal"][0].as_str().unwrap().to_string();
    let before = s.clone();
    db.ok(&["match", "move", "1", &legal]);
    let s = db.state("1");
    // The engine replied: North to move again, unless the game ended.
    if s["over"] == false {
        assert_eq!(s["match"]["awaiting"]["player"], "north");
        assert_eq!(s["ply"], 3);
    }
    db.ok(&["match", "undo", "1"]);
    assert_eq!(db.state("1"), before);
    db.refused(&["match", "undo", "1"], "no move of a human player");
}

#[test]
fn engine_match_played_by_match_play_is_reproducible() {
    let play = |seed: &str| {
        let db = Db::new();
        db.ok(&["player", "add", "G", "--engine", "greedy"]);
        db.ok(&["player", "add", "R", "--engine", "random"]);
        db.ok(&[
            "match",
            "new",
            "--variant",
            "layli-goobalay",
            "--south",
            "G",
            "--north",
            "R",
            "--seed",
            seed,
        ]);
        let s = db.state("1");
        assert_eq!(
            s["match"]["awaiting"]["kind"], "move",
            "engines wait for match play"
        );
        db.ok(&["match", "play", "1"]);
        let show = db.json(&["match", "show", "1"]);
        assert_ne!(show["winner"], Value::Null);
        for h in show["hands"].as_array().unwrap() {
            let score: Vec<u32> = h["score"]
                .as_str()
                .unwrap()
                .split('-')
                .map(|x| x.parse().unwrap())
                .collect();
            assert_eq!(score[0] + score[1], 48);
        }
        show["hands"].clone()
    };
    assert_eq!(play("9"), play("9"));
}

#[test]
fn games_form_and_offline_results() {
    let db = Db::new();
    two_humans(&db);
    db.ok(&[
        "match",
        "new",
        "--variant",
        "modiar",
        "--south",
        "Amina",
        "--north",
        "Bashir",
        "--form",
        "games:3",
    ]);
    db.ok(&["match", "result", "1", "30", "12"]);
    let s = db.state("1");
    assert_eq!(s["match"]["hand"], 2);
    assert_eq!(s["to_move"], "north", "first mover alternates");
    db.ok(&["match", "result", "1", "12", "30"]);
    db.ok(&["match", "result", "1", "21", "21"]);
    // One win each and a draw; seeds 63-63: a draw.
    assert_eq!(db.state("1")["match"]["winner"], "draw");

    // Entered results in the hands form, arrangements skipped: kept still computed.
    db.ok(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Amina",
        "--north",
        "Bashir",
        "--max-hands",
        "2",
    ]);
    db.ok(&["match", "result", "2", "20", "28"]);
    let s = db.state("2");
    assert_eq!(s["match"]["kept"], serde_json::json!([0, 8]));
    assert_eq!(s["match"]["awaiting"]["player"], "south");
    db.ok(&["match", "result", "2", "23", "25"]);
    assert_eq!(db.state("2")["match"]["winner"], "north");
    let csv = db.ok(&["history", "--format", "csv", "--variant", "layli-goobalay"]);
    assert_eq!(csv.lines().count(), 2);
    assert!(csv.lines().nth(1).unwrap().contains(",23,25,north,"));
}

#[test]
fn names_are_unique_ignoring_case_and_renames_follow() {
    let db = Db::new();
    let p = db.json(&["player", "add", "Ädan Ali", "--club", "Berbera"]);
    assert_eq!(p["id"], 1);
    assert_eq!(p["club"], "Berbera");
    db.refused(&["player", "add", "äDAN ALI"], "already exists");
    db.ok(&["player", "rename", "ädan ali", "Aadan Ali"]);
    let shown = db.json(&["player", "show", "AADAN ALI"]);
    assert_eq!(shown["player"]["name"], "Aadan Ali");
    db.ok(&["player", "retire", "Aadan Ali"]);
    assert_eq!(db.json(&["player", "list"]), serde_json::json!([]));
    assert_eq!(
        db.json(&["player", "list", "--all"])[0]["name"],
        "Aadan Ali"
    );
}

/// `match play` killed (SIGKILL) after a move: the move is kept and play resumes.
#[test]
fn human_game_resumes_after_the_process_is_killed() {
    let db = Db::new();
    two_humans(&db);
    db.ok(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Amina",
        "--north",
        "Bashir",
    ]);
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("goobalay"))
        .args(common::db_args(&db.path, &["match", "play", "1"]))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let output = Arc::new(Mutex::new(String::new()));
    let mut stdout = child.stdout.take().unwrap();
    let sink = Arc::clone(&output);
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    let wait_for = |count: usize| {
        let start = Instant::now();
        while output.lock().unwrap().matches("your move").count() < count {
            assert!(start.elapsed() < Duration::from_secs(30), "no prompt");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let mut stdin = child.stdin.take().unwrap();
    wait_for(1);
    writeln!(stdin, "9").unwrap(); // illegal: explained, asked again
    wait_for(2);
    writeln!(stdin, "4").unwrap(); // South 4: captures 7
    wait_for(3);
    assert!(
        output
            .lock()
            .unwrap()
            .contains("legal moves: 1 2 3 4 5 6; try again")
    );
    child.kill().unwrap();
    child.wait().unwrap();

    let s = db.state("1");
    assert_eq!(s["ply"], 1);
    assert_eq!(s["captured"], serde_json::json!([7, 0]));
    // Resume: North 4, take it back with undo, 4 again, quit.
    let out = db
        .cmd(&["match", "play", "1"])
        .write_stdin("4\nundo\n4\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("resume with `goobalay match play 1`"));
    assert_eq!(
        text.matches("Bashir (north), your move").count(),
        2,
        "{text}"
    );
    let s = db.state("1");
    assert_eq!(s["ply"], 2);
    assert_eq!(
        s["board"],
        serde_json::json!([2, 7, 7, 0, 8, 0, 0, 1, 6, 0, 7, 1])
    );
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

async fn connect(path: &Path) -> sqlx::SqliteConnection {
    use sqlx::Connection;
    let opts = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal);
    sqlx::SqliteConnection::connect_with(&opts).await.unwrap()
}

/// Another process holding the write lock: goobalay waits for it (busy timeout), and
/// when it is held too long, fails with a clear error and writes nothing.
#[test]
fn a_second_process_writing_waits_or_fails_cleanly() {
    use sqlx::Connection;
    let db = Db::new();
    two_humans(&db);
    db.ok(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Amina",
        "--north",
        "Bashir",
    ]);
    let rt = runtime();
    let mut conn = rt.block_on(connect(&db.path));
    let tx = rt.block_on(conn.begin_with("BEGIN IMMEDIATE")).unwrap();
    let before = db.bytes();
    let out = db
        .cmd(&["match", "move", "1", "3"])
        .env("GOOBALAY_BUSY_TIMEOUT_MS", "300")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the database is busy"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1);
    assert!(db.bytes() == before);
    // Held for a moment only: the writer waits and succeeds.
    let child = db.cmd(&["match", "move", "1", "3"]);
    let handle = std::thread::spawn(move || {
        let mut child = child;
        child.output().unwrap()
    });
    std::thread::sleep(Duration::from_millis(700));
    rt.block_on(tx.rollback()).unwrap();
    drop(conn);
    let out = handle.join().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(db.state("1")["ply"], 1);
}

#[test]
fn foreign_files_and_newer_schemas_are_refused() {
    let db = Db::new();
    std::fs::write(&db.path, "name,club\nAmina,Hargeisa\n").unwrap();
    db.refused(&["player", "list"], "not an SQLite database");

    let db = Db::new();
    db.ok(&["player", "add", "Amina"]);
    let rt = runtime();
    rt.block_on(async {
        let mut conn = connect(&db.path).await;
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
             VALUES (29991231000000, 'from the future', TRUE, X'00', 0)",
        )
        .execute(&mut conn)
        .await
        .unwrap();
        use sqlx::Connection;
        conn.close().await.unwrap();
    });
    db.refused(&["player", "list"], "made by a newer goobalay");
    db.refused(&["player", "add", "Bashir"], "made by a newer goobalay");

    let db = Db::new();
    rt.block_on(async {
        let mut conn = connect(&db.path).await;
        sqlx::query("CREATE TABLE accounts (id INTEGER)")
            .execute(&mut conn)
            .await
            .unwrap();
        use sqlx::Connection;
        conn.close().await.unwrap();
    });
    db.refused(&["player", "list"], "another program");
}

/// Several processes opening one fresh database at once: migrations are serialized.
#[test]
fn concurrent_first_opens_migrate_once() {
    let db = Db::new();
    let children: Vec<_> = (0..4)
        .map(|i| {
            StdCommand::new(assert_cmd::cargo::cargo_bin("goobalay"))
                .args(common::db_args(
                    &db.path,
                    &["player", "add", &format!("P{i}")],
                ))
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(db.json(&["player", "list"]).as_array().unwrap().len(), 4);
}

#[test]
fn default_database_is_created_under_the_data_dir() {
    let home = tempfile::tempdir().unwrap();
    let mut c = Command::cargo_bin("goobalay").unwrap();
    c.env_remove("GOOBALAY_DB")
        .env("XDG_DATA_HOME", home.path().join("data"))
        .args(["player", "add", "Amina"])
        .assert()
        .success();
    assert!(home.path().join("data/goobalay/goobalay.db").exists());
    let mut c = Command::cargo_bin("goobalay").unwrap();
    let env_db = home.path().join("env.db");
    c.env("GOOBALAY_DB", &env_db)
        .args(["player", "add", "Amina"])
        .assert()
        .success();
    assert!(env_db.exists());
}

/// Arrangements typed at the `match play` prompt, a bad one explained and asked again.
#[test]
fn match_play_prompts_for_arrangements() {
    let db = Db::new();
    two_humans(&db);
    db.ok(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Amina",
        "--north",
        "Bashir",
    ]);
    db.ok(&["match", "result", "1", "30", "18"]);
    let out = db
        .cmd(&["match", "play", "1"])
        .write_stdin("0,3,3,3,3,6\n3,3,3,3,3,3\n1,2,3,4,5,3\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Bashir (north), your arrangement [6 seed counts, e.g. 3,3,3,3,3,3"));
    assert!(text.contains(
        "hole 1 of the arrangement is empty; every hole needs at least 1 seed; try again"
    ));
    assert!(text.contains("Amina (south), your arrangement"));
    let s = db.state("1");
    assert_eq!(
        s["board"],
        serde_json::json!([1, 2, 3, 4, 5, 3, 3, 3, 3, 3, 3, 3])
    );
    assert_eq!(s["captured"], serde_json::json!([12, 0]));
    assert_eq!(s["to_move"], "north");
}

/// The drawn board: every hole number stands right above or below its seeds, and the
/// seeds kept in hand at a rearrangement are shown as kept, not as captured.
#[test]
fn the_board_aligns_hole_numbers_and_shows_kept_seeds_as_kept() {
    let db = Db::new();
    db.players(&["Ama", "Esi"], None);
    db.ok(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Ama",
        "--north",
        "Esi",
    ]);
    db.ok(&["match", "result", "1", "30", "18"]);
    db.ok(&["match", "arrange", "1", "--seeds", "3,3,3,3,3,3"]);
    db.ok(&["match", "arrange", "1", "--seeds", "2,2,2,2,2,8"]);
    let text = db.ok(&["match", "state", "1"]);
    let lines: Vec<&str> = text.lines().collect();
    let at = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix)).unwrap();
    let (north, south) = (at("North"), at("South"));
    assert!(lines[south].ends_with("captured 0, kept 12"), "{text}");
    assert!(lines[north].ends_with("captured 0"), "{text}");
    // Column of each number's last digit, left to right.
    let ends = |line: &str| -> Vec<usize> {
        let b = line.as_bytes();
        (0..b.len())
            .filter(|&i| b[i].is_ascii_digit() && b.get(i + 1).is_none_or(|c| !c.is_ascii_digit()))
            .collect()
    };
    let cells = |line: &str| ends(&line[..line.find("captured").unwrap()]);
    assert_eq!(ends(lines[north - 1]), cells(lines[north]), "{text}");
    assert_eq!(ends(lines[south + 1]), cells(lines[south]), "{text}");
    // South's row as arranged (2,2,2,2,2,8), under hole numbers 1 to 6.
    assert!(lines[south].contains("2   2   2   2   2   8"), "{text}");
}

/// `match state --format json` names the last move (the engine's reply after a human
/// move), as the text names it, so it can be copied onto a real board.
#[test]
fn the_state_names_the_last_move_the_engine_made() {
    let db = Db::new();
    db.players(&["Ama"], None);
    db.players(&["Robo"], Some("greedy"));
    let id = db.json(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        "Ama",
        "--north",
        "Robo",
    ])["id"]
        .to_string();
    assert_eq!(db.state(&id)["match"]["last_move"], Value::Null);
    let text = db.ok(&["match", "move", &id, "1"]);
    let state = db.state(&id);
    let last = &state["match"]["last_move"];
    assert_eq!(last["player"], "north", "{state}");
    assert_eq!(last["hand"], 1, "{state}");
    let hole = last["move"].as_str().unwrap();
    assert!(
        text.contains(&format!("Robo (north) plays {hole}: ")),
        "{text}"
    );
    // The player's own move is named first, with what it did.
    assert!(text.starts_with("Ama (south) plays 1: "), "{text}");
}

/// The end of a hand is shown before the next hand's arrangement: the last board (as
/// the shared vector's last position has it), how the end rule handed out the seeds,
/// the score; then who arranges, and what the other keeps.
#[test]
fn the_end_of_a_hand_is_shown_before_the_next_arrangement() {
    let db = Db::new();
    two_humans(&db);
    db.ok(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Amina",
        "--north",
        "Bashir",
    ]);
    let vector: Value = serde_json::from_str(
        include_str!("vectors/layli-goobalay.jsonl")
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    moves(&db, "1", vector["moves"].as_str().unwrap());
    let last = vector["trace"].as_array().unwrap().last().unwrap().clone();
    let board: Vec<u64> = last["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let text = db.ok(&["match", "state", "1"]);
    assert!(
        text.starts_with("Hand 1 is over (no-moves): the last board\n"),
        "{text}"
    );
    let row = |prefix: &str| -> Vec<u64> {
        let line = text.lines().find(|l| l.starts_with(prefix)).unwrap();
        line[..line.find("captured").unwrap()]
            .split_whitespace()
            .skip(1)
            .map(|n| n.trim_end_matches(['*', '+']).parse().unwrap())
            .collect()
    };
    // South's holes 1..6 are indices 0..5; North's row is drawn 6..1 (indices 11..6).
    assert_eq!(row("South"), board[..6]);
    assert_eq!(
        row("North"),
        board[6..].iter().rev().copied().collect::<Vec<_>>()
    );
    assert!(
        text.contains("At the end each player takes the seeds of their own row (and of the Uurs they own): south 41, north 7."),
        "{text}"
    );
    assert!(
        text.contains("Bashir (north) to arrange 7 seeds over 6 holes, at least 1 in each; then Amina (south) places as many and keeps 34 in hand"),
        "{text}"
    );
}
