//! `goobalay player ...` behaves the same on both backends: an SQLite file and a
//! PostgreSQL database (`--db postgres://...`; needs `GOOBALAY_TEST_POSTGRES`, see
//! tests/common/pg.rs).

mod common;

use common::backends::{Target, on_both, spawn};
use common::pg::PgDb;
use serde_json::Value;

#[test]
fn names_are_unique_ignoring_case_and_renames_follow() {
    on_both(|db| {
        let p = db.json(&["player", "add", "Ädan Ali", "--club", "Berbera"]);
        assert_eq!(p["id"], 1);
        assert_eq!(p["club"], "Berbera");
        assert_eq!(p["engine"], Value::Null);
        db.refused(&["player", "add", "äDAN ALI"], "already exists");
        let robo = db.json(&["player", "add", "Robo", "--engine", "greedy"]);
        assert_eq!(
            (robo["id"].as_i64(), robo["engine"].as_str()),
            (Some(2), Some("greedy"))
        );
        let renamed = db.json(&["player", "rename", "ädan ali", "Aadan Ali"]);
        assert_eq!(
            (renamed["id"].as_i64(), renamed["name"].as_str()),
            (Some(1), Some("Aadan Ali"))
        );
        db.refused(&["player", "rename", "robo", "AADAN ALI"], "already exists");
        // Renaming to the same name in other letters is no clash with oneself.
        db.ok(&["player", "rename", "robo", "ROBO"]);
        let retired = db.json(&["player", "retire", "Aadan Ali"]);
        assert!(retired["retired_at"].is_string(), "{retired}");
        db.refused(&["player", "retire", "aadan ali"], "retired");
        let list = db.json(&["player", "list"]);
        assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
        assert_eq!(list[0]["name"], "ROBO");
        let all = db.json(&["player", "list", "--all"]);
        let names: Vec<&str> = all
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Aadan Ali", "ROBO"]);
        let csv = db.ok(&["player", "list", "--all", "--format", "csv"]);
        assert_eq!(csv.lines().count(), 3, "{csv}");
        assert!(
            csv.lines()
                .nth(1)
                .unwrap()
                .starts_with("1,Aadan Ali,Berbera,,"),
            "{csv}"
        );
    });
}

#[test]
fn bad_player_input_is_refused_unchanged() {
    let long_name = "x".repeat(101);
    on_both(|db| {
        db.ok(&["player", "add", "Amina"]);
        db.ok(&["player", "add", "Bashir"]);
        let cases: Vec<(Vec<&str>, &str)> = vec![
            (
                vec!["player", "rename", "Amina", "BASHIR"],
                "already exists",
            ),
            (vec!["player", "add", "amina"], "already exists"),
            (vec!["player", "add", ""], "must not be empty"),
            (vec!["player", "add", "   "], "must not be empty"),
            (vec!["player", "add", "Tab\there"], "control characters"),
            (vec!["player", "add", &long_name], "at most 100 characters"),
            (vec!["player", "add", "X", "--engine", "clever"], "--engine"),
            (vec!["player", "rename", "Amina", ""], "must not be empty"),
            (
                vec!["player", "rename", "Nobody", "Amina2"],
                "no player named 'Nobody'",
            ),
            (vec!["player", "retire", "Ämîna"], "no player named 'Ämîna'"),
        ];
        for (args, needle) in &cases {
            db.refused(args, needle);
        }
        // Quotes are data, not SQL.
        let odd = "x'); DROP TABLE players;--";
        db.ok(&["player", "add", odd]);
        let list = db.json(&["player", "list"]);
        assert_eq!(list.as_array().unwrap().len(), 3, "{list}");
        assert!(list.as_array().unwrap().iter().any(|p| p["name"] == odd));
    });
}

/// Processes adding players at once: every distinct name is stored once, and of the
/// processes adding the same name exactly one succeeds (PostgreSQL: SERIALIZABLE
/// transactions retried on conflict; SQLite: the write lock).
#[test]
fn concurrent_adds_lose_nothing_and_store_no_name_twice() {
    on_both(|db| {
        let distinct: Vec<String> = (0..8).map(|i| format!("Player {i}")).collect();
        let mut children = Vec::new();
        for name in &distinct {
            children.push((name.clone(), spawn(db, &["player", "add", name])));
        }
        for _ in 0..6 {
            children.push(("Same".to_string(), spawn(db, &["player", "add", "same"])));
        }
        let mut same_added = 0;
        for (name, child) in children {
            let out = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            if name == "Same" {
                if out.status.success() {
                    same_added += 1;
                } else {
                    assert!(err.contains("already exists"), "{}: {err}", db.backend());
                }
            } else {
                assert!(out.status.success(), "{}: {name}: {err}", db.backend());
            }
        }
        assert_eq!(same_added, 1, "{}", db.backend());
        let list = db.json(&["player", "list"]);
        let mut names: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        names.sort();
        let mut expected: Vec<&str> = distinct.iter().map(String::as_str).collect();
        expected.push("same");
        expected.sort();
        assert_eq!(names, expected, "{}", db.backend());
    });
}

/// Processes retiring the same player at once (five for each of three players): one
/// retires them, the others are told the player is retired; the retirement time is
/// the winner's, not overwritten by a later writer.
#[test]
fn concurrent_retirements_retire_once() {
    let names = ["Amina", "Bashir", "Chala"];
    on_both(|db| {
        for name in names {
            db.ok(&["player", "add", name]);
        }
        let children: Vec<_> = (0..5)
            .flat_map(|_| names)
            .map(|name| {
                (
                    name,
                    spawn(db, &["player", "retire", name, "--format", "json"]),
                )
            })
            .collect();
        let mut retired_at = std::collections::BTreeMap::new();
        for (name, child) in children {
            let out = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            if out.status.success() {
                let p: Value = serde_json::from_slice(&out.stdout).unwrap();
                let earlier = retired_at.insert(name, p["retired_at"].clone());
                assert!(earlier.is_none(), "{}: {name} retired twice", db.backend());
            } else {
                assert!(err.contains("is retired"), "{}: {err}", db.backend());
            }
        }
        assert_eq!(retired_at.len(), names.len(), "{}", db.backend());
        for p in db.json(&["player", "list", "--all"]).as_array().unwrap() {
            let name = p["name"].as_str().unwrap();
            assert_eq!(
                p["retired_at"],
                retired_at[name],
                "{}: {name}",
                db.backend()
            );
        }
    });
}

#[test]
fn foreign_and_newer_postgresql_databases_are_refused_unchanged() {
    let commands: &[&[&str]] = &[&["player", "list"], &["player", "add", "Amina"]];
    let Some(db) = PgDb::new() else { return };
    db.sql("CREATE TABLE accounts (id BIGINT)");
    for args in commands {
        db.refused(args, "another program");
    }
    let db = PgDb::new().unwrap();
    db.ok(&["player", "add", "Setup"]);
    db.sql(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (29991231000000, 'from the future', TRUE, '\\x00', 0)",
    );
    for args in commands {
        db.refused(args, "made by a newer goobalay");
    }
}

#[test]
fn an_unreachable_server_is_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "postgres://goobalay:s3cret@localhost/goobalay?host={}",
        dir.path().display()
    );
    let out = assert_cmd::Command::cargo_bin("goobalay")
        .unwrap()
        .args(["player", "list", "--db", &url])
        .env_remove("GOOBALAY_DB")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("goobalay: cannot open database postgres://goobalay:***@localhost/"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(!err.contains("s3cret"), "{err}");
}
