//! Bad input across the whole CLI: malformed, out-of-range and hostile values each get
//! one clear line on stderr (`goobalay: ...`, no panic or backtrace even with
//! RUST_BACKTRACE=1), exit status 2, and the database byte for byte as it was.

mod common;

use common::Db;

fn club() -> Db {
    let db = Db::new();
    db.ok(&["player", "add", "Amina"]);
    db.ok(&["player", "add", "Bashir"]);
    db.ok(&["player", "add", "Robo", "--engine", "greedy"]);
    db.ok(&["player", "add", "Rand", "--engine", "random"]);
    let new = |v: &str, s: &str, n: &str| {
        db.ok(&[
            "match",
            "new",
            "--variant",
            v,
            "--south",
            s,
            "--north",
            n,
            "--seed",
            "1",
        ]);
    };
    new("layli-goobalay", "Amina", "Bashir"); // 1: human, in play
    db.ok(&["match", "move", "1", "4"]);
    new("tihbat", "Robo", "Rand"); // 2: engines, finished
    db.ok(&["match", "play", "2"]);
    db.tihbat_tournament("Cup", "round-robin", &[], &["Amina", "Bashir"]);
    db
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

const HUGE: &str = "99999999999999999999999999";

#[test]
fn every_bad_input_is_one_clear_line_exit_2_and_changes_nothing() {
    let db = club();
    let dir = db.dir.path();
    let file = |name: &str, text: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let wrong_type = file(
        "wrong-type.toml",
        b"name = \"x\"\nholes_per_row = \"six\"\n",
    );
    let negative = file("negative.json", br#"{"name": "x", "holes_per_row": -3}"#);
    let huge = file("huge.toml", format!("holes_per_row = {HUGE}\n").as_bytes());
    let binary = file("binary.toml", b"\x00\xff\xfe\x01");
    let unknown_key = file("unknown.toml", b"name = \"x\"\ncolour = \"red\"\n");
    let empty = file("empty.json", b"");
    let dir_s = dir.to_string_lossy().into_owned();
    let missing = dir.join("nope.toml").to_string_lossy().into_owned();
    let missing_db = dir.join("nope.db").to_string_lossy().into_owned();
    let bad_position = file("pos.json", b"{\"board\": [1, 2");
    let at_bad_position = format!("@{bad_position}");
    let long_name = "x".repeat(101);
    // Issue 12: a rule file named like a preset (or an alias), special and huge
    // files, exports over the database.
    let preset_file = |name: &str| {
        let mut f = goobalay::engine::Variant::preset("tihbat")
            .unwrap()
            .to_file();
        f.name = name.to_string();
        toml::to_string(&f).unwrap()
    };
    let named_tihbat = file("named-tihbat.toml", preset_file("tihbat").as_bytes());
    let named_alias = file("named-alias.toml", preset_file(" AYO-JODU ").as_bytes());
    let fifo = dir.join("pipe");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let fifo = fifo.to_string_lossy().into_owned();
    let at_fifo = format!("@{fifo}");
    let big = file("big.toml", &vec![b' '; (1 << 20) + 1]);
    let db_s = db.path.to_string_lossy().into_owned();
    let wal_s = format!("{db_s}-wal");
    let existing = file("standings.csv", b"keep\n");
    let export_to = |out: &str| -> Vec<String> {
        [
            "tournament",
            "export",
            "Cup",
            "--format",
            "csv",
            "--output",
            out,
        ]
        .map(String::from)
        .to_vec()
    };
    let export_over_db = export_to(&db_s);
    let export_over_wal = export_to(&wal_s);
    let export_over_file = export_to(&existing);
    let mut export_forced_over_db = export_to(&db_s);
    export_forced_over_db.push("--force".to_string());

    let new = |south: &'static str, north: &'static str| -> Vec<&'static str> {
        vec![
            "match",
            "new",
            "--variant",
            "modiar",
            "--south",
            south,
            "--north",
            north,
        ]
    };
    let cases: Vec<(Vec<&str>, &str)> = vec![
        // Non-numbers.
        (vec!["match", "move", "one", "3"], "invalid value 'one'"),
        (vec!["match", "state", "x"], "invalid value 'x'"),
        (vec!["match", "move", "1", "three"], "legal moves: 2 3 4 5"),
        (vec!["match", "move", "1", ""], "legal moves"),
        (vec!["match", "move", "1", "4.0"], "legal moves"),
        (
            vec!["match", "result", "1", "ten", "38"],
            "not a seed count",
        ),
        (
            vec!["match", "arrange", "1", "--seeds", "a,b,c"],
            "not a seed count",
        ),
        (
            vec!["perft", "--variant", "tihbat", "--depth", "deep"],
            "invalid value 'deep'",
        ),
        (vec!["bench", "--seconds", "soon"], "invalid value 'soon'"),
        (
            vec!["replay", "1", "--hand", "last"],
            "invalid value 'last'",
        ),
        (vec!["history", "--since", "yesterday"], "not a date"),
        (
            vec!["trace", "--variant", "tihbat", "--moves", "1 x"],
            "legal moves",
        ),
        // Huge numbers.
        (vec!["match", "state", HUGE], "invalid value"),
        (
            vec!["match", "state", "9223372036854775807"],
            "no match with id 9223372036854775807",
        ),
        (vec!["match", "move", "1", HUGE], "legal moves"),
        (
            vec!["match", "result", "1", "4294967295", "4294967295"],
            "48 seeds in play",
        ),
        (vec!["match", "result", "1", HUGE, "0"], "not a seed count"),
        (
            vec!["match", "arrange", "1", "--seeds", "70000,1,1,1,1,1"],
            "not a seed count",
        ),
        (
            vec!["perft", "--variant", "tihbat", "--depth", "4294967295"],
            "allowed: 0 to 40",
        ),
        (
            vec!["replay", "1", "--hand", "4294967295"],
            "no hand 4294967295",
        ),
        (vec!["bench", "--seconds", "1e300"], "at most 3600"),
        (
            [new("Amina", "Bashir"), vec!["--seed", HUGE]].concat(),
            "too large",
        ),
        (
            [new("Amina", "Bashir"), vec!["--form", "games:1000"]].concat(),
            "not a match form",
        ),
        (
            [new("Amina", "Bashir"), vec!["--form", "games:4294967296"]].concat(),
            "not a match form",
        ),
        (vec!["history", "--since", "99999-01-01"], "not a date"),
        // Negative numbers.
        (
            [new("Amina", "Bashir"), vec!["--seed", "-1"]].concat(),
            "invalid value '-1' for '--seed",
        ),
        (
            vec!["perft", "--variant", "tihbat", "--depth", "-1"],
            "invalid value '-1'",
        ),
        (vec!["match", "result", "1", "-3", "51"], "not a seed count"),
        (vec!["match", "move", "1", "-1"], "legal moves"),
        (
            vec!["match", "arrange", "1", "--seeds", "-1,5,5,5,5,5"],
            "not a seed count",
        ),
        (vec!["match", "state", "--", "-1"], "no match with id -1"),
        (
            [
                "match",
                "new",
                "--variant",
                "layli-goobalay",
                "--south",
                "Amina",
                "--north",
                "Bashir",
                "--max-hands",
                "0",
            ]
            .to_vec(),
            "at least 1",
        ),
        // Issue 34: the initial colour is a side or the lot, and only a swiss's.
        (
            vec![
                "tournament",
                "new",
                "Open",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
                "--initial",
                "white",
            ],
            "--initial: 'white' is not a side; give south, north or lot",
        ),
        (
            vec![
                "tournament",
                "new",
                "Open",
                "--variant",
                "tihbat",
                "--system",
                "round-robin",
                "--initial",
                "north",
            ],
            "a round-robin has no initial colour (--initial)",
        ),
        // Names with quotes and SQL, unicode, empty strings.
        (
            vec!["player", "show", "x' OR '1'='1"],
            "no player named 'x' OR '1'='1'",
        ),
        (
            vec!["player", "show", "Robert'); DROP TABLE players;--"],
            "no player named",
        ),
        (
            vec!["history", "--player", "'; DELETE FROM matches; --"],
            "no player named",
        ),
        (
            vec!["history", "--tournament", "\" OR 1=1 --"],
            "no tournament named",
        ),
        (
            vec!["player", "rename", "Amina", "BASHIR"],
            "already exists",
        ),
        (vec!["player", "add", "amina"], "already exists"),
        (vec!["player", "add", ""], "must not be empty"),
        (vec!["player", "add", "   "], "must not be empty"),
        (vec!["player", "add", "Tab\there"], "control characters"),
        (vec!["player", "add", "Line\nbreak"], "control characters"),
        (vec!["player", "add", "Bell\u{7}ring"], "control characters"),
        (vec!["player", "add", &long_name], "at most 100 characters"),
        (
            vec!["player", "add", "X", "--engine", ""],
            "unknown engine level",
        ),
        (vec!["player", "rename", "Amina", ""], "must not be empty"),
        (vec!["player", "show", ""], "no player named"),
        (vec!["player", "retire", "Ämîna"], "no player named 'Ämîna'"),
        (new("Amina", ""), "no player named"),
        (new("Amina", "amina"), "against themselves"),
        (new("Amina", "Zoë 🌍"), "no player named 'Zoë 🌍'"),
        (
            vec![
                "match",
                "new",
                "--variant",
                "",
                "--south",
                "Amina",
                "--north",
                "Bashir",
            ],
            "unknown variant ''",
        ),
        (
            vec![
                "match",
                "new",
                "--variant",
                "modiar'; --",
                "--south",
                "Amina",
                "--north",
                "Bashir",
            ],
            "unknown variant",
        ),
        (vec!["rules", "ñ"], "unknown variant 'ñ'"),
        (
            vec!["match", "arrange", "1", "--seeds", ""],
            "awaits a move by north",
        ),
        // Rule files: wrong types, negative, huge, binary, unknown keys, empty, missing, a folder.
        (vec!["rules", "--rules", &wrong_type], "invalid type"),
        (vec!["rules", "--rules", &negative], "invalid value"),
        (vec!["rules", "--rules", &huge], "rule file"),
        (vec!["rules", "--rules", &binary], "UTF-8"),
        (vec!["rules", "--rules", &unknown_key], "colour"),
        (vec!["rules", "--rules", &empty], "rule file"),
        (vec!["rules", "--rules", &missing], "cannot read rule file"),
        (vec!["rules", "--rules", &dir_s], "cannot read rule file"),
        (
            vec![
                "match",
                "new",
                "--rules",
                &wrong_type,
                "--south",
                "Amina",
                "--north",
                "Bashir",
            ],
            "invalid type",
        ),
        (vec!["trace", "--rules", &negative], "invalid value"),
        (vec!["perft", "--rules", &binary, "--depth", "1"], "UTF-8"),
        // Positions.
        (
            vec!["trace", "--variant", "tihbat", "--position", "{"],
            "position",
        ),
        (
            vec![
                "trace",
                "--variant",
                "tihbat",
                "--position",
                &at_bad_position,
            ],
            "position",
        ),
        (
            vec![
                "show",
                "--variant",
                "tihbat",
                "--position",
                "{\"board\": [-1, 2, 3, 4]}",
            ],
            "position",
        ),
        (
            vec![
                "perft",
                "--variant",
                "tihbat",
                "--depth",
                "1",
                "--position",
                "[]",
            ],
            "position",
        ),
        // Moves, arrangements and results the match does not allow.
        (vec!["match", "move", "2", "1"], "the match is over"),
        (vec!["match", "result", "1", "30", "17"], "47 seeds"),
        (
            vec!["match", "arrange", "1", "--seeds", "8,8,8,8,8,8"],
            "awaits a move by north",
        ),
        (vec!["match", "undo", "2"], "the match is over"),
        (vec!["replay", "1", "--hand", "0"], "no hand 0"),
        // Engine analysis and arenas.
        (
            vec!["analyse", "--variant", "tihbat", "--depth", "4294967295"],
            "allowed: 1 to 200",
        ),
        (
            vec!["analyse", "--variant", "tihbat", "--depth", "x"],
            "invalid value 'x'",
        ),
        (
            vec![
                "arena",
                "random",
                "greedy",
                "--variant",
                "tihbat",
                "--games",
                "0",
            ],
            "allowed: 1 to 1000000",
        ),
        (
            vec![
                "arena",
                "random",
                "bogus",
                "--variant",
                "tihbat",
                "--games",
                "2",
            ],
            "unknown engine level 'bogus'",
        ),
        (
            vec![
                "arena",
                "random",
                "greedy",
                "--variant",
                "tihbat",
                "--games",
                HUGE,
            ],
            "invalid value",
        ),
        (vec!["solve", "nonsense"], "unknown variant 'nonsense'"),
        // Tournaments.
        (
            vec![
                "tournament",
                "new",
                "",
                "--variant",
                "tihbat",
                "--system",
                "round-robin",
            ],
            "must not be empty",
        ),
        (
            vec![
                "tournament",
                "new",
                "Spring\nCup",
                "--variant",
                "tihbat",
                "--system",
                "round-robin",
            ],
            "control characters",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                "chess",
            ],
            "unknown pairing system",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
                "--rounds",
                "4294967295",
            ],
            "between 1 and 99",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                "round-robin",
                "--points",
                "1,x,0",
            ],
            "invalid points scheme",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                "round-robin",
                "--points",
                "-1,0.5,0",
            ],
            "cannot be negative",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                "round-robin",
                "--points",
                "1e308,1e308,1e308",
            ],
            "invalid points scheme",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                "round-robin",
                "--tiebreaks",
                "buchholz;DROP TABLE",
            ],
            "unknown tiebreak",
        ),
        (
            vec!["tournament", "add", "Nope", "Amina"],
            "no tournament named 'Nope'",
        ),
        (
            vec!["tournament", "standings", "'; DROP TABLE tournaments; --"],
            "no tournament named",
        ),
        (
            vec!["tournament", "run", "Cup", "--limit", "-1"],
            "unexpected argument '-1'",
        ),
        // Unknown commands and options.
        (vec!["tournement", "list"], "unrecognized subcommand"),
        (vec!["player", "add"], "required"),
        (
            vec!["match", "move", "1", "3", "--format", "xml"],
            "invalid value 'xml'",
        ),
        (vec!["verify", "--format", "pdf"], "invalid value 'pdf'"),
        // Issue 12: rule files taking a preset's name.
        (
            vec!["rules", "--rules", &named_tihbat],
            "the name 'tihbat' is the preset tihbat's; give the rule set a name of its own",
        ),
        (
            vec![
                "match",
                "new",
                "--rules",
                &named_tihbat,
                "--south",
                "Amina",
                "--north",
                "Bashir",
            ],
            "is the preset tihbat's",
        ),
        (
            vec![
                "tournament",
                "new",
                "Spring",
                "--rules",
                &named_alias,
                "--system",
                "round-robin",
            ],
            "the name 'AYO-JODU' is the preset tampoduo's",
        ),
        // Special and oversized input files (they must not block).
        (vec!["rules", "--rules", &fifo], "not a regular file"),
        (vec!["rules", "--rules", "/dev/zero"], "not a regular file"),
        (
            vec!["show", "--variant", "tihbat", "--position", &at_fifo],
            "not a regular file",
        ),
        (
            vec!["trace", "--variant", "tihbat", "--position", "@/dev/zero"],
            "not a regular file",
        ),
        (
            vec!["perft", "--rules", &big, "--depth", "1"],
            "larger than 1024 KiB",
        ),
        // Exports over the database, beside it, over a file without --force.
        (strs(&export_over_db), "it is the database in use"),
        (strs(&export_forced_over_db), "it is the database in use"),
        (
            strs(&export_over_wal),
            "SQLite would read it as part of the database",
        ),
        (
            strs(&export_over_file),
            "exists; give --force to replace it",
        ),
        (
            vec![
                "tournament",
                "export",
                "Cup",
                "--format",
                "csv",
                "--output",
                &fifo,
            ],
            "not a regular file",
        ),
    ];
    for (args, needle) in &cases {
        db.refused(args, needle);
    }
    // Reads of a database that does not exist; a FIFO as the database.
    let elsewhere = |path: &str| Db {
        dir: tempfile::tempdir().unwrap(),
        path: path.into(),
    };
    for args in [&["player", "list"][..], &["history"], &["verify"]] {
        elsewhere(&missing_db).refused(args, "no database at");
    }
    for args in [&["player", "list"][..], &["player", "add", "X"]] {
        // (Not `refused`, which reads the database's bytes: a FIFO would block it.)
        let out = elsewhere(&fifo)
            .cmd(args)
            .timeout(std::time::Duration::from_secs(30))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(
            err.starts_with("goobalay: ") && err.contains("not a regular file"),
            "{err}"
        );
    }
    assert_eq!(std::fs::read(&existing).unwrap(), b"keep\n");
    assert!(!std::path::Path::new(&missing_db).exists());
    assert!(!std::path::Path::new(&wal_s).exists());
    db.verified();
}

/// A damaged schema (one flipped bit in a column's declared type, which made sqlx's
/// worker panic; a renamed column; a dropped view) is one clear line for every
/// command that uses the database, and the file stays as it was.
#[test]
fn a_damaged_schema_is_one_clear_line_for_every_command() {
    let commands: &[(&[&str], &str)] = &[
        (&["player", "list"], ""),
        (&["player", "show", "Amina"], ""),
        (&["player", "add", "Zoe"], ""),
        (&["history"], ""),
        (&["match", "state", "1"], ""),
        (&["match", "move", "1", "3"], ""),
        (&["tournament", "list"], ""),
    ];
    let damages: &[(&str, &str)] = &[
        (
            "PRAGMA writable_schema = ON;
             UPDATE sqlite_master
                SET sql = replace(sql, 'club        TEXT', 'club        T' || CAST(X'C5' AS TEXT) || 'XT')
              WHERE name = 'players';
             PRAGMA writable_schema = OFF;",
            "the table 'players': the column 'club' is declared 'T\\xc5XT', goobalay declares it 'TEXT'",
        ),
        (
            "ALTER TABLE players RENAME COLUMN club TO team",
            "the table 'players': the column 'club' is missing (and 1 more)",
        ),
        ("DROP VIEW carry_over", "the view 'carry_over' is missing"),
    ];
    for (sql, finding) in damages {
        let db = club();
        db.sql(sql);
        db.sql("PRAGMA wal_checkpoint(TRUNCATE)");
        for (args, _) in commands {
            db.refused(args, &format!("the database schema is damaged: {finding}"));
        }
        // verify names the damage (exit 1), and reads nothing else.
        let (code, out) = db.verify();
        assert_eq!(code, 1, "{out}");
        let first = finding.split(" (and").next().unwrap();
        assert!(
            out.contains(&format!("mismatch: database: schema: {first}")),
            "{out}"
        );
        assert!(!out.contains("panicked"), "{out}");
    }
}

/// Hostile names that are legal are stored verbatim and found again; nothing else
/// changes.
#[test]
fn names_with_quotes_sql_and_unicode_are_stored_verbatim() {
    let db = Db::new();
    let names = [
        "Robert'); DROP TABLE players;--",
        "\" OR \"\"=\"",
        "Zoë Ñúñez-Ørsted",
        "ＡＭＩＮＡ",
        "محمد",
        "🌍 Earth",
        "50% _under_score",
    ];
    for n in names {
        db.ok(&["player", "add", n, "--club", "x'; DROP TABLE matches; --"]);
    }
    let list = db.json(&["player", "list"]);
    let stored: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    for n in names {
        assert!(stored.contains(&n), "{n} not in {stored:?}");
        let shown = db.json(&["player", "show", &n.to_lowercase()]);
        assert_eq!(shown["player"]["name"].as_str(), Some(n), "{shown}");
    }
    // LIKE wildcards are not wildcards.
    db.refused(&["player", "show", "50%"], "no player named");
    // Full-width letters are the same name as their ordinary forms (issue 12).
    db.refused(&["player", "add", "Amina"], "already exists");
    assert_eq!(
        db.json(&["player", "show", "amina"])["player"]["name"],
        "ＡＭＩＮＡ"
    );
    db.ok(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        names[0],
        "--north",
        names[2],
    ]);
    let csv = db.ok(&["history", "--format", "csv", "--player", names[1]]);
    assert_eq!(csv.lines().count(), 1, "{csv}"); // the header: no match of that player
    db.verified();
}

/// Files that are not goobalay databases are refused by every command that opens the
/// database, and left byte for byte as they were.
#[test]
fn foreign_files_and_newer_schemas_are_refused_unchanged() {
    let commands: &[&[&str]] = &[
        &["player", "list"],
        &["player", "add", "Amina"],
        &["match", "state", "1"],
        &["history"],
        &["verify"],
    ];
    // Not SQLite: text, random bytes, an SQLite header followed by garbage, empty-ish.
    let mut garbage = b"SQLite format 3\0".to_vec();
    garbage.extend((0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8));
    let texts: Vec<(Vec<u8>, &str)> = vec![
        (
            b"name,club\nAmina,Hargeisa\n".to_vec(),
            "not an SQLite database",
        ),
        ((0..255u8).rev().collect(), "not an SQLite database"),
        (garbage, "database"),
    ];
    for (content, needle) in &texts {
        let db = Db::new();
        std::fs::write(&db.path, content).unwrap();
        for args in commands {
            db.refused(args, needle);
        }
    }
    // A database made by a newer goobalay.
    let db = club();
    db.sql(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (29991231000000, 'from the future', TRUE, X'00', 0);
         PRAGMA wal_checkpoint(TRUNCATE);",
    );
    for args in commands {
        db.refused(args, "made by a newer goobalay");
    }
    // Another program's SQLite database.
    let db = Db::new();
    db.sql("CREATE TABLE accounts (id INTEGER); PRAGMA wal_checkpoint(TRUNCATE);");
    for args in commands {
        db.refused(args, "another program");
    }
    // A folder where the database should be.
    let db = Db::new();
    std::fs::create_dir(&db.path).unwrap();
    db.refused(&["player", "list"], "database");
}

/// Issue 12's hostile inputs (items 7, 8 and 12): numbers that overflow, plies that
/// would wrap, names that look alike, hide or reverse text, huge names and
/// arguments, rule names that break tables. Each is one short `goobalay:` line,
/// exit 2, the database unchanged.
#[test]
fn issue_12_hostile_numbers_names_and_plies_are_one_short_line() {
    let db = club();
    let dir = db.dir.path();
    let rule_file = |file: &str, name: &str| {
        let toml = db.ok(&["rules", "tihbat", "--toml"]);
        let text = toml.replacen(
            "name = \"tihbat\"",
            &format!("name = {}", serde_json::to_string(name).unwrap()),
            1,
        );
        let p = dir.join(file);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let newline_rules = rule_file("newline.toml", "two\nlines");
    let bidi_rules = rule_file("bidi.toml", "\u{202E}tabhit");
    let zero_width_rules = rule_file("zw.toml", "tih\u{200B}bat");
    let long_rules = rule_file("long.toml", &"r".repeat(200_000));
    let huge = "n".repeat(128 * 1024 - 1); // the longest argument Linux passes
    let long_101 = "é".repeat(101);
    let position = |ply: &str| format!(r#"{{"board":[7,7,7,7],"to_move":"south","ply":{ply}}}"#);
    // (ply, what the error names): out of range, or not an integer at all.
    let plies: Vec<(String, &str)> = [
        ("4294967295", "has ply 4294967295; allowed: 0 to 2147483647"),
        ("4294967296", "has ply 4294967296"),
        ("2147483648", "has ply 2147483648"),
        ("-1", "has ply -1"),
        ("1e30", "position does not parse"),
        ("18446744073709551616", "position does not parse"),
    ]
    .iter()
    .map(|(p, needle)| (position(p), *needle))
    .collect();
    let mut cases: Vec<(Vec<&str>, &str)> = vec![
        // Numbers that overflowed a duration or a counter.
        (
            vec!["solve", "tihbat", "--seconds", "1e26"],
            "--seconds is out of range",
        ),
        (
            vec!["solve", "tihbat", "--seconds", "9223372036854775808"],
            "--seconds is out of range",
        ),
        (
            vec!["solve", "tihbat", "--seconds", "18446744073709551615"],
            "--seconds is out of range",
        ),
        (
            vec!["solve", "tihbat", "--seconds", "1e300"],
            "--seconds is out of range",
        ),
        (
            vec!["solve", "tihbat", "--seconds", "inf"],
            "--seconds is out of range",
        ),
        (
            vec!["solve", "tihbat", "--seconds", "NaN"],
            "--seconds is out of range",
        ),
        (
            vec!["solve", "tihbat", "--seconds", "0"],
            "--seconds is out of range",
        ),
        (
            vec!["bench", "--seconds", "1e26"],
            "allowed: more than 0, at most 3600",
        ),
        (
            vec![
                "arena",
                "random",
                "random",
                "--variant",
                "tihbat",
                "--jobs",
                "18446744073709551615",
            ],
            "--jobs",
        ),
        (
            vec![
                "arena",
                "random",
                "random",
                "--variant",
                "tihbat",
                "--games",
                "4294967296",
            ],
            "invalid value",
        ),
        (
            vec![
                "arena",
                "random",
                "random",
                "--variant",
                "tihbat",
                "--games",
                "4294967295",
            ],
            "allowed: 1 to 1000000",
        ),
        (
            vec![
                "arena",
                "random",
                "random",
                "--variant",
                "tihbat",
                "--form",
                "hands",
                "--max-hands",
                "4294967295",
            ],
            "allowed: 1 to 10000",
        ),
        (
            vec![
                "match",
                "new",
                "--variant",
                "tihbat",
                "--form",
                "hands",
                "--south",
                "Amina",
                "--north",
                "Bashir",
                "--max-hands",
                "10001",
            ],
            "allowed: 1 to 10000",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
                "--form",
                "hands",
                "--max-hands",
                "4294967295",
            ],
            "allowed: 1 to 10000",
        ),
        (
            vec![
                "match",
                "new",
                "--variant",
                "tihbat",
                "--south",
                "Amina",
                "--north",
                "Bashir",
                "--max-hands",
                "4294967296",
            ],
            "invalid value",
        ),
        (
            vec![
                "match",
                "new",
                "--variant",
                "tihbat",
                "--south",
                "Amina",
                "--north",
                "Bashir",
                "--seed",
                "18446744073709551616",
            ],
            "invalid value",
        ),
        // Names that look alike an existing one, hide characters or reverse text.
        (vec!["player", "add", "AMINA"], "already exists"),
        (vec!["player", "add", "ＡＭＩＮＡ"], "already exists"),
        (vec!["player", "add", "Ami\u{200B}na"], "U+200B"),
        (vec!["player", "add", "\u{FEFF}Amina2"], "U+FEFF"),
        (vec!["player", "add", "\u{202E}puC"], "U+202E"),
        (vec!["player", "add", "Amina\u{2069}"], "U+2069"),
        (vec!["player", "add", "A\u{00AD}mina"], "U+00AD"),
        (vec!["player", "add", "Ami\u{3164}na"], "U+3164"),
        (
            vec!["player", "add", "Idil", "--club", "Har\u{200D}geisa"],
            "U+200D",
        ),
        (
            vec!["player", "rename", "Amina", "Bashir\u{034F}"],
            "U+034F",
        ),
        (
            vec!["player", "add", &long_101],
            "at most 100 characters; this one has 101",
        ),
        (vec!["player", "add", &huge], "at most 100 characters"),
        (
            vec!["player", "add", "Idil", "--club", &huge],
            "a club name may have at most 100",
        ),
        (
            vec![
                "tournament",
                "new",
                &huge,
                "--variant",
                "tihbat",
                "--system",
                "swiss",
            ],
            "a tournament name may have",
        ),
        (
            vec![
                "tournament",
                "new",
                "C\u{202E}up",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
            ],
            "U+202E",
        ),
        (vec!["player", "show", &huge], "no player named 'nnnnnnnn"),
        (
            vec!["tournament", "show", &huge],
            "no tournament named 'nnnnnnnn",
        ),
        (vec!["history", "--player", &huge], "no player named"),
        (
            vec![
                "match",
                "new",
                "--variant",
                &huge,
                "--south",
                "Amina",
                "--north",
                "Bashir",
            ],
            "unknown variant",
        ),
        (
            vec![
                "match",
                "new",
                "--variant",
                "tihbat",
                "--form",
                &huge,
                "--south",
                "Amina",
                "--north",
                "Bashir",
            ],
            "not a match form",
        ),
        (vec!["match", "result", "1", &huge, "0"], "not a seed count"),
        (
            vec!["match", "arrange", "1", "--seeds", &huge],
            "not a seed count",
        ),
        (
            vec![
                "match",
                "new",
                "--variant",
                "tihbat",
                "--south",
                &huge,
                "--north",
                "Bashir",
            ],
            "no player named",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                &huge,
            ],
            "unknown pairing system",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
                "--points",
                &huge,
            ],
            "invalid points",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
                "--tiebreaks",
                &huge,
            ],
            "unknown tiebreak",
        ),
        // Rule names that would break tables or hide text.
        (vec!["rules", "--rules", &newline_rules], "U+000A"),
        (vec!["rules", "--rules", &bidi_rules], "U+202E"),
        (vec!["rules", "--rules", &zero_width_rules], "U+200B"),
        (
            vec!["rules", "--rules", &long_rules],
            "at most 100 characters",
        ),
        (
            vec![
                "match",
                "new",
                "--rules",
                &newline_rules,
                "--south",
                "Amina",
                "--north",
                "Bashir",
            ],
            "U+000A",
        ),
        (
            vec![
                "tournament",
                "new",
                "X",
                "--rules",
                &long_rules,
                "--system",
                "swiss",
            ],
            "at most 100 characters",
        ),
    ];
    for (p, needle) in &plies {
        cases.push((
            vec![
                "trace",
                "--variant",
                "tihbat",
                "--position",
                p,
                "--moves",
                "1",
            ],
            needle,
        ));
    }
    let mut clean = 0;
    for (args, needle) in &cases {
        db.refused(args, needle);
        let err = String::from_utf8(db.run(args).stderr).unwrap();
        assert!(
            err.len() < 400,
            "{args:.80?}: {} bytes: {:.200}",
            err.len(),
            err
        );
        clean += 1;
    }
    assert_eq!(clean, cases.len());
    eprintln!(
        "issue 12 table: {} inputs, {clean} clean errors, 0 panics",
        cases.len()
    );
    db.verified();
}

/// `GOOBALAY_BUSY_TIMEOUT_MS` that is not a whole number of milliseconds from 0 to
/// 2^31 - 1 is refused before anything is opened (it was ignored, or panicked).
#[test]
fn issue_12_a_bad_busy_timeout_is_refused() {
    let db = club();
    for value in [
        "abc",
        "-5",
        "1.5",
        "",
        "2147483648",
        "99999999999999999999999",
        " 300",
    ] {
        let before = db.bytes();
        let out = db
            .cmd(&["player", "list"])
            .env("GOOBALAY_BUSY_TIMEOUT_MS", value)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{value:?}: {err}");
        assert!(err.starts_with("goobalay: "), "{value:?}: {err}");
        assert!(err.contains("GOOBALAY_BUSY_TIMEOUT_MS"), "{value:?}: {err}");
        assert!(err.contains("allowed: a whole number of milliseconds from 0 to 2147483647"));
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(db.bytes() == before);
    }
    let fresh = Db::new();
    let out = fresh
        .cmd(&["player", "list"])
        .env("GOOBALAY_BUSY_TIMEOUT_MS", "-1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        !fresh.path.exists(),
        "a refused setting created the database"
    );
    for value in ["0", "300", "2147483647"] {
        let out = db
            .cmd(&["player", "list"])
            .env("GOOBALAY_BUSY_TIMEOUT_MS", value)
            .output()
            .unwrap();
        assert!(out.status.success(), "{value}");
    }
}
