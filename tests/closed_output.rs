//! Standard output that cannot be written (issue 12, item 7): a closed pipe ends
//! every command quietly (exit status 0, nothing on stderr) with what it stored
//! kept; a full device is one `goobalay:` line, exit 2, the record kept too.

mod common;

use std::process::Stdio;

use common::Db;

/// Runs `args` with stdout a pipe whose reading end is already closed: every write
/// fails with EPIPE. Returns (exit status, stderr).
fn with_closed_stdout(db: &Db, args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut cmd = goobalay_cmd(db, args);
    cmd.stdout(writer)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    use std::io::Write;
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn goobalay_cmd(db: &Db, args: &[&str]) -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_goobalay"));
    cmd.args(common::db_args(&db.path, args))
        .env_remove("GOOBALAY_DB")
        .env_remove("GOOBALAY_BUSY_TIMEOUT_MS")
        .env("RUST_BACKTRACE", "1");
    cmd
}

fn club() -> Db {
    let db = Db::new();
    db.ok(&["player", "add", "Amina"]);
    db.ok(&["player", "add", "Bashir"]);
    db.ok(&["player", "add", "Robo", "--engine", "greedy"]);
    db.ok(&["player", "add", "Rand", "--engine", "random"]);
    db.ok(&[
        "tournament",
        "new",
        "Cup",
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
    ]);
    db.ok(&["tournament", "add", "Cup", "Robo", "Rand"]);
    db
}

#[test]
fn issue_12_a_closed_pipe_ends_every_command_quietly_and_keeps_the_record() {
    let db = club();
    // Commands that store something, then print: the record must be there.
    let writes: &[(&[&str], &str)] = &[
        (&["player", "add", "Idil"], ""),
        (
            &[
                "match",
                "new",
                "--variant",
                "tihbat",
                "--south",
                "Amina",
                "--north",
                "Robo",
            ],
            "",
        ),
        (
            &[
                "match",
                "new",
                "--variant",
                "tihbat",
                "--south",
                "Robo",
                "--north",
                "Rand",
            ],
            "",
        ),
        (&["match", "play", "2"], ""),
        (&["match", "move", "1", "1"], ""),
        (&["match", "play", "1"], "2\n1\nquit\n"),
        (&["player", "rename", "Idil", "Idil Farah"], ""),
        (&["tournament", "pair", "Cup"], ""),
        (&["tournament", "run", "Cup"], ""),
        (&["player", "retire", "Bashir"], ""),
    ];
    for (args, stdin) in writes {
        let (code, err) = with_closed_stdout(&db, args, stdin);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
    let amina_match = db.json(&["match", "state", "1"]);
    assert!(amina_match["ply"].as_u64().unwrap() >= 1, "{amina_match}");
    assert_eq!(
        db.json(&["player", "show", "Idil Farah"])["player"]["name"],
        "Idil Farah"
    );
    assert!(db.json(&["match", "state", "2"])["over"].as_bool().unwrap());
    let cup = db.json(&["tournament", "show", "Cup"]);
    assert_eq!(cup["finished"], true, "{cup}");
    // Commands that only read.
    let reads: &[&[&str]] = &[
        &["player", "list"],
        &["player", "list", "--format", "json"],
        &["player", "list", "--format", "csv"],
        &["player", "show", "Amina"],
        &["match", "state", "1"],
        &["match", "show", "1"],
        &["match", "show", "1", "--format", "json"],
        &["replay", "2"],
        &["history"],
        &["history", "--format", "csv"],
        &["verify"],
        &["verify", "--format", "json"],
        &["tournament", "list"],
        &["tournament", "standings", "Cup"],
        &["tournament", "standings", "Cup", "--format", "csv"],
        &["tournament", "crosstable", "Cup"],
        &["tournament", "show", "Cup"],
        &["tournament", "export", "Cup", "--format", "html"],
        &["variants"],
        &["rules", "tihbat"],
        &["trace", "--variant", "tihbat", "--moves", "1 2"],
        &["show", "--variant", "tihbat", "--moves", "1"],
        &["perft", "--variant", "tihbat", "--depth", "3", "--divide"],
        &["analyse", "--variant", "tihbat", "--depth", "2"],
        &["solve", "tihbat"],
    ];
    for args in reads {
        let (code, err) = with_closed_stdout(&db, args, "");
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
    db.verified();
}

#[test]
fn issue_12_a_full_output_is_one_line_and_keeps_the_record() {
    let full = std::path::Path::new("/dev/full");
    if !full.exists() {
        return; // not Linux
    }
    let db = club();
    for args in [
        vec!["player", "add", "Idil"],
        vec![
            "match",
            "new",
            "--variant",
            "tihbat",
            "--south",
            "Amina",
            "--north",
            "Robo",
        ],
        vec!["player", "list"],
        vec!["verify"],
    ] {
        let out = goobalay_cmd(&db, &args)
            .stdout(std::fs::OpenOptions::new().write(true).open(full).unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("goobalay: cannot write to standard output: "),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    db.ok(&["player", "show", "Idil"]);
    db.ok(&["match", "state", "1"]);
    db.verified();
}

/// A command that makes a new database and finds its output closed keeps what it
/// stored: the database is there with the record, and stderr says only that it was
/// made (a mistyped --db is noticed).
#[test]
fn a_new_database_is_kept_when_the_output_is_closed() {
    let db = Db::new();
    assert!(!db.path.exists());
    // The demo prints while it stores: its first line, once the database is open,
    // already fails.
    let (code, err) = with_closed_stdout(&db, &["demo", "--seed", "3", "--players", "4"], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err.trim_end(),
        format!("created a new database at {}", db.path.display())
    );
    // Nothing was stored before that first line, but the new database is kept;
    // `player add` prints after storing, into an existing database.
    assert_eq!(db.json(&["player", "list"]), serde_json::json!([]));
    let (code, err) = with_closed_stdout(&db, &["player", "add", "Amina"], "");
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(db.json(&["player", "list"])[0]["name"], "Amina");
}
