//! Names that look alike are one name (issue 12, item 8): NFC and NFD, full case
//! folding, compatibility forms; invisible and text-direction characters are
//! refused; every name is bounded and never echoed whole; databases whose name keys
//! were made the old way (lower case) are found as before, and two stored names
//! that the new key makes one both stay reachable.

mod common;

use common::Db;

const CAFE_NFC: &str = "Caf\u{00E9}";
const CAFE_NFD: &str = "Cafe\u{0301}";

#[test]
fn issue_12_names_that_look_alike_are_one_player_and_one_tournament() {
    let db = Db::new();
    db.ok(&["player", "add", CAFE_NFD]);
    // Stored in NFC, found by either form, and the other form is the same player.
    let shown = db.json(&["player", "show", CAFE_NFC]);
    assert_eq!(shown["player"]["name"], CAFE_NFC);
    db.refused(&["player", "add", CAFE_NFC], "already exists");
    db.ok(&["player", "add", "Straße"]);
    db.refused(&["player", "add", "STRASSE"], "already exists");
    db.ok(&["player", "add", "ΟΔΟΣ"]);
    db.refused(&["player", "add", "οδος"], "already exists");
    db.refused(&["player", "add", "ＳＴＲＡＳＳＥ"], "already exists");
    db.refused(&["player", "add", "  Straße  "], "already exists");
    assert_eq!(
        db.json(&["player", "show", "strasse"])["player"]["name"],
        "Straße"
    );
    db.ok(&["player", "rename", "strasse", "Strasse Two"]);
    db.refused(
        &["player", "rename", "ΟΔΟΣ", "STRASSE TWO"],
        "already exists",
    );

    db.ok(&[
        "tournament",
        "new",
        CAFE_NFC,
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
    ]);
    db.refused(
        &[
            "tournament",
            "new",
            CAFE_NFD,
            "--variant",
            "tihbat",
            "--system",
            "round-robin",
        ],
        "already exists",
    );
    db.ok(&["tournament", "add", CAFE_NFD, CAFE_NFC, "ΟΔΟΣ"]);
    // One event: entering the NFD name again is entering the same player again.
    db.refused(
        &["tournament", "add", CAFE_NFC, CAFE_NFD],
        "already entered",
    );
    let list = db.json(&["tournament", "list"]);
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    db.verified();
}

#[test]
fn issue_12_invisible_direction_and_control_characters_are_refused_everywhere() {
    let db = Db::new();
    db.ok(&["player", "add", "Amina"]);
    let hostile = [
        ("\u{202E}puC", "U+202E"),
        ("Cu\u{200B}p", "U+200B"),
        ("\u{FEFF}Cup", "U+FEFF"),
        ("Cu\u{200D}p", "U+200D"),
        ("C\u{2066}up", "U+2066"),
        ("Cup\nNight", "U+000A"),
        ("Cup\tNight", "U+0009"),
        ("Cu\u{3164}p", "U+3164"),
    ];
    for (name, code) in hostile {
        db.refused(&["player", "add", name], code);
        db.refused(&["player", "add", "Idil", "--club", name], code);
        db.refused(&["player", "rename", "Amina", name], code);
        db.refused(
            &[
                "tournament",
                "new",
                name,
                "--variant",
                "tihbat",
                "--system",
                "swiss",
            ],
            code,
        );
    }
    // A rule set's name is shown in tables too.
    let toml = db.ok(&["rules", "tihbat", "--toml"]);
    for (name, code) in [("my\nrules", "U+000A"), ("\u{202E}tabhit", "U+202E")] {
        let text = toml.replacen(
            "name = \"tihbat\"",
            &format!("name = {}", serde_json::to_string(name).unwrap()),
            1,
        );
        let path = db.dir.path().join("hostile.toml");
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        db.refused(&["rules", "--rules", path], code);
        db.refused(
            &[
                "match", "new", "--rules", path, "--south", "Amina", "--north", "Amina",
            ],
            code,
        );
    }
    db.verified();
}

#[test]
fn issue_12_names_are_bounded_and_huge_arguments_are_not_echoed() {
    let db = Db::new();
    db.ok(&["player", "add", "Amina"]);
    let huge = "x".repeat(128 * 1024 - 1); // the longest argument Linux passes
    let short = |args: &[&str], needle: &str| {
        db.refused(args, needle);
        let err = String::from_utf8(db.run(args).stderr).unwrap();
        assert!(
            err.len() < 400,
            "{} bytes echoed: {}",
            err.len(),
            &err[..200]
        );
    };
    short(&["player", "add", &huge], "at most 100 characters");
    short(
        &["player", "add", "Idil", "--club", &huge],
        "a club name may have at most 100",
    );
    short(
        &[
            "tournament",
            "new",
            &huge,
            "--variant",
            "tihbat",
            "--system",
            "swiss",
        ],
        "at most 100 characters",
    );
    short(&["player", "show", &huge], "no player named 'xxxxxxxx");
    short(&["tournament", "standings", &huge], "no tournament named");
    short(&["player", "rename", &huge, "B"], "no player named");
    short(&["history", "--player", &huge], "no player named");
    short(
        &[
            "match",
            "new",
            "--variant",
            &huge,
            "--south",
            "A",
            "--north",
            "B",
        ],
        "unknown variant",
    );
    short(
        &[
            "match",
            "new",
            "--variant",
            "tihbat",
            "--form",
            &huge,
            "--south",
            "A",
            "--north",
            "B",
        ],
        "not a match form",
    );
    short(&["match", "move", "1", &huge], "no match");
    // A 200 KB rule name (files over 1 MiB are refused before) is refused, not stored
    // in every match.
    let toml = db.ok(&["rules", "tihbat", "--toml"]);
    let big_name = "r".repeat(200_000);
    let text = toml.replacen("name = \"tihbat\"", &format!("name = \"{big_name}\""), 1);
    let path = db.dir.path().join("big.toml");
    std::fs::write(&path, text).unwrap();
    short(
        &["rules", "--rules", path.to_str().unwrap()],
        "at most 100 characters",
    );
    db.verified();
}

/// A database made before this change: name keys are the lower-cased names, so
/// NFD and NFC "Café", and "Straße" and "STRASSE", are separate players. Opening it
/// recomputes the keys once: the older of two colliding players keeps the name, the
/// other is found as "NAME #ID"; nothing else changes.
#[test]
fn issue_12_old_name_keys_are_recomputed_and_collisions_stay_reachable() {
    let db = Db::new();
    db.ok(&["player", "add", "Amina"]);
    db.ok(&[
        "tournament",
        "new",
        "Cup",
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
    ]);
    // As the previous version stored them (keys: `trim().to_lowercase()`).
    db.sql(&format!(
        "INSERT INTO players (name, name_key, created_at) VALUES
             ('{CAFE_NFC}', '{}', '2026-11-30T00:00:00Z'),
             ('{CAFE_NFD}', '{}', '2026-11-30T00:00:01Z'),
             ('Straße', 'straße', '2026-11-30T00:00:02Z'),
             ('STRASSE', 'strasse', '2026-11-30T00:00:03Z');
         UPDATE players SET name_key = 'amina' WHERE name = 'Amina';
         UPDATE tournaments SET name_key = 'cup';
         DELETE FROM _sqlx_migrations WHERE version = 20261201200000;
         PRAGMA wal_checkpoint(TRUNCATE);",
        CAFE_NFC.to_lowercase(),
        CAFE_NFD.to_lowercase(),
    ));
    let list = db.json(&["player", "list"]);
    let ids: Vec<(String, i64)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["id"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(ids.len(), 5, "{list}");
    let id_of = |name: &str| ids.iter().find(|(n, _)| n == name).unwrap().1;
    // Every old name is still found, case and forms ignored as before and more.
    assert_eq!(
        db.json(&["player", "show", "AMINA"])["player"]["id"],
        id_of("Amina")
    );
    db.ok(&["tournament", "standings", "CUP"]);
    // The older of each colliding pair keeps the name ...
    let nfc_id = id_of(CAFE_NFC);
    assert_eq!(
        db.json(&["player", "show", CAFE_NFD])["player"]["id"],
        nfc_id
    );
    assert_eq!(
        db.json(&["player", "show", "strasse"])["player"]["id"],
        id_of("Straße")
    );
    // ... and the younger is found as NAME #ID, and can be renamed apart.
    let nfd_id = ids
        .iter()
        .filter(|(n, _)| n == CAFE_NFD)
        .map(|(_, i)| *i)
        .next()
        .unwrap();
    let other = format!("{CAFE_NFC} #{nfd_id}");
    assert_eq!(db.json(&["player", "show", &other])["player"]["id"], nfd_id);
    db.ok(&["player", "rename", &other, "Café Noir"]);
    assert_eq!(
        db.json(&["player", "show", "café noir"])["player"]["id"],
        nfd_id
    );
    let strasse = format!("STRASSE #{}", id_of("STRASSE"));
    db.ok(&["player", "show", &strasse]);
    // The migration ran once: opening again changes nothing.
    let before = db.bytes();
    db.ok(&["player", "list"]);
    assert!(db.bytes() == before);
    db.verified();
}
