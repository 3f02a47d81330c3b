//! Tournaments through the `goobalay` binary, on real SQLite files in temp dirs:
//! whole engine events (round robin, Swiss, knockout), resuming an interrupted run,
//! pairing and withdrawals with human players, exports, the demo, and bad input that
//! must leave the database unchanged.

mod common;

use std::collections::{HashMap, HashSet};

use common::Db;
use serde_json::Value;

fn csv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

/// Checks standings JSON against the tournament's own boards: points add up, every
/// player's W+D+L is their finished games, and positions are 1..n.
fn check_standings(db: &Db, name: &str, players: usize, win_points: f64, bye_points: f64) {
    let s = db.json(&["tournament", "standings", name]);
    let rows = s["rows"].as_array().unwrap();
    assert_eq!(rows.len(), players);
    let show = db.json(&["tournament", "show", name]);
    let boards = show["boards"].as_array().unwrap();
    let games = boards.iter().filter(|b| !b["north"].is_null()).count();
    let byes = boards.len() - games;
    let total: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    let draws: u64 = rows.iter().map(|r| r["draws"].as_u64().unwrap()).sum();
    // Every game gives out one win's points (a draw: two halves), a bye its own (a
    // Swiss's pairing bye a win, a round robin's rest nothing: issue 33).
    let expect = games as f64 * win_points + byes as f64 * bye_points;
    assert!(
        (total - expect).abs() < 1e-9 || draws > 0,
        "points {total} != {expect}"
    );
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r["position"], i as u64 + 1);
        let wdl = ["wins", "draws", "losses"]
            .map(|k| r[k].as_u64().unwrap())
            .iter()
            .sum::<u64>();
        assert_eq!(wdl, r["played"].as_u64().unwrap(), "{r}");
    }
    // CSV: a header and one line per player, positions in order.
    let csv = db.ok(&["tournament", "standings", name, "--format", "csv"]);
    let rows = csv_rows(&csv);
    assert!(rows[0].starts_with(&["position".to_string(), "name".to_string()]));
    let mut columns = HashSet::new();
    assert!(
        rows[0].iter().all(|c| columns.insert(c)),
        "a column name twice: {:?}",
        rows[0]
    );
    assert_eq!(rows.len(), players + 1);
    for (i, r) in rows[1..].iter().enumerate() {
        assert_eq!(r[0], (i + 1).to_string());
    }
}

#[test]
#[allow(clippy::needless_range_loop)]
fn round_robin_of_engines_runs_to_the_end_from_the_cli() {
    let db = Db::new();
    let names = ["Ama", "Kofi", "Esi", "Yaw", "Abena"];
    db.players(&names, Some("random"));
    db.ok(&[
        "tournament",
        "new",
        "Club Night",
        "--variant",
        "layli-goobalay",
        "--system",
        "round-robin",
        "--max-hands",
        "4",
        "--seed",
        "11",
    ]);
    db.ok(&[
        "tournament",
        "add",
        "club night",
        "Ama",
        "Kofi",
        "Esi",
        "Yaw",
        "Abena",
    ]);
    let out = db.ok(&["tournament", "run", "Club Night"]);
    // 5 players: 5 rounds of 2 games and a bye, every game reported on its own line.
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("(match ")).collect();
    assert_eq!(lines.len(), 10, "{out}");
    assert!(out.contains("is finished"), "{out}");
    assert!(out.contains("standings after round 5 of 5, final"), "{out}");
    check_standings(&db, "Club Night", 5, 1.0, 0.0);

    // Every pair met exactly once, everybody had one bye, every match is finished.
    let show = db.json(&["tournament", "show", "Club Night"]);
    assert_eq!(show["finished"], true);
    assert_eq!(show["tournament"]["status"], "finished");
    let mut met = HashSet::new();
    let mut byes = HashMap::new();
    for b in show["boards"].as_array().unwrap() {
        let s = b["south"].as_str().unwrap().to_string();
        match b["north"].as_str() {
            Some(n) => {
                assert!(met.insert(if s.as_str() < n {
                    (s, n.to_string())
                } else {
                    (n.to_string(), s)
                }));
                assert_ne!(b["result"], "*");
            }
            None => *byes.entry(s).or_insert(0) += 1,
        }
    }
    assert_eq!(met.len(), 10);
    assert!(names.iter().all(|n| byes.get(*n) == Some(&1)), "{byes:?}");
    let history = db.json(&["history", "--tournament", "Club Night"]);
    assert_eq!(history.as_array().unwrap().len(), 10);

    // The crosstable mirrors itself: i beat j exactly when j lost to i.
    let x = db.json(&["tournament", "crosstable", "Club Night"]);
    let cells = x["cells"].as_array().unwrap();
    for i in 0..5 {
        for j in 0..5 {
            if i == j {
                continue;
            }
            let a = &cells[i][j][0]["outcome"];
            let b = &cells[j][i][0]["outcome"];
            let mirrored = match a.as_str().unwrap() {
                "win" => "loss",
                "loss" => "win",
                other => other,
            };
            assert_eq!(b, mirrored, "{i} {j}");
        }
    }
    let csv = db.ok(&["tournament", "crosstable", "Club Night", "--format", "csv"]);
    assert_eq!(csv_rows(&csv).len(), 6);

    // Ratings: every finished match rated once per player, Elo is zero-sum.
    let mut sum = 0.0;
    for n in names {
        let p = db.json(&["player", "show", n]);
        assert_eq!(p["rating_history"].as_array().unwrap().len(), 4, "{n}");
        sum += p["rating"].as_f64().unwrap();
    }
    assert!((sum - 5.0 * 1500.0).abs() < 1e-6, "{sum}");
    let table = db.ok(&["player", "show", "Ama"]);
    assert!(table.contains("Rating history"), "{table}");

    // A finished tournament pairs no more rounds.
    db.refused(
        &["tournament", "pair", "Club Night"],
        "is finished and closed",
    );
    // Running a finished tournament again plays nothing.
    let again = db.ok(&["tournament", "run", "Club Night"]);
    assert!(again.contains("0 matches played"), "{again}");
    let list = db.json(&["tournament", "list"]);
    assert_eq!(list[0]["matches_finished"], 10);
}

#[test]
fn swiss_of_engines_never_repeats_a_pairing() {
    let db = Db::new();
    let names = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"];
    db.players(&names, Some("greedy"));
    db.ok(&[
        "tournament",
        "new",
        "Open",
        "--variant",
        "tampoduo",
        "--system",
        "swiss",
        "--rounds",
        "4",
        "--points",
        "3,1,0",
        "--seed",
        "5",
    ]);
    let mut add = vec!["tournament", "add", "Open"];
    add.extend(names);
    db.ok(&add);
    let out = db.ok(&["tournament", "run", "Open", "--quiet"]);
    assert!(out.contains("is finished"), "{out}");
    assert!(
        !out.contains("(match "),
        "--quiet prints no match lines: {out}"
    );
    let show = db.json(&["tournament", "show", "Open"]);
    let boards = show["boards"].as_array().unwrap();
    assert_eq!(show["rounds_paired"], 4);
    assert_eq!(boards.len(), 4 * 4); // 3 games and a bye per round
    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    for b in boards {
        let s = b["south"].as_str().unwrap();
        match b["north"].as_str() {
            Some(n) => assert!(
                met.insert(if s < n { (s, n) } else { (n, s) }),
                "{s} v {n} twice"
            ),
            None => assert!(byes.insert(s), "{s} had two byes"),
        }
    }
    check_standings(&db, "Open", 7, 3.0, 3.0);
    let csv = db.ok(&["tournament", "show", "Open", "--format", "csv"]);
    assert_eq!(csv_rows(&csv).len(), 17);
    // verify re-derives every round's pairings.
    db.verified();
}

#[test]
fn knockout_of_engines_finds_a_champion() {
    let db = Db::new();
    let names = ["K1", "K2", "K3", "K4", "K5"];
    db.players(&names, Some("random"));
    db.ok(&[
        "tournament",
        "new",
        "Cup",
        "--variant",
        "tihbat",
        "--system",
        "knockout",
        "--seed",
        "3",
    ]);
    let mut add = vec!["tournament", "add", "Cup"];
    add.extend(names);
    db.ok(&add);
    let out = db.ok(&["tournament", "run", "Cup"]);
    assert!(out.contains("is finished"), "{out}");
    let s = db.json(&["tournament", "standings", "Cup"]);
    let rows = s["rows"].as_array().unwrap();
    // 5 players: 4 matches; the winner has lost nothing.
    let games: u64 = rows.iter().map(|r| r["played"].as_u64().unwrap()).sum();
    assert_eq!(games, 2 * 4);
    assert_eq!(rows[0]["losses"], 0);
    assert_eq!(rows.iter().filter(|r| r["losses"] == 0).count(), 1);
    db.verified();
}

#[test]
fn an_interrupted_run_resumes_to_the_same_tournament() {
    let setup = |db: &Db| {
        db.players(&["A", "B", "C", "D"], Some("random"));
        db.ok(&[
            "tournament",
            "new",
            "T",
            "--variant",
            "layli-goobalay",
            "--system",
            "double-round-robin",
            "--max-hands",
            "3",
            "--seed",
            "99",
        ]);
        db.ok(&["tournament", "add", "T", "A", "B", "C", "D"]);
    };
    let whole = Db::new();
    setup(&whole);
    whole.ok(&["tournament", "run", "T"]);

    let parts = Db::new();
    setup(&parts);
    let out = parts.ok(&["tournament", "run", "T", "--limit", "5"]);
    assert!(out.contains("5 matches played (--limit)"), "{out}");
    let show = parts.json(&["tournament", "show", "T"]);
    let done = show["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["result"] != "*")
        .count();
    assert_eq!(done, 5);
    parts.ok(&["tournament", "run", "T", "--limit", "4"]);
    parts.ok(&["tournament", "run", "T"]);
    // 12 matches, none twice, the same results as the uninterrupted run.
    let csv = |db: &Db| db.ok(&["tournament", "show", "T", "--format", "csv"]);
    assert_eq!(csv_rows(&csv(&parts)).len(), 13);
    assert_eq!(csv(&parts), csv(&whole));
    let standings = |db: &Db| db.ok(&["tournament", "standings", "T", "--format", "csv"]);
    assert_eq!(standings(&parts), standings(&whole));
    let history = parts.json(&["history", "--tournament", "T"]);
    assert_eq!(history.as_array().unwrap().len(), 12);
    parts.verified();
}

#[test]
fn humans_pair_withdraw_and_enter_results() {
    let db = Db::new();
    db.players(&["Ann", "Ben", "Cat", "Dan", "Eve"], None);
    db.ok(&[
        "tournament",
        "new",
        "Ladder",
        "--variant",
        "layli-goobalay",
        "--system",
        "round-robin",
        "--form",
        "single",
    ]);
    db.ok(&[
        "tournament",
        "add",
        "Ladder",
        "Ann",
        "Ben",
        "Cat",
        "Dan",
        "Eve",
    ]);
    let r1 = db.json(&["tournament", "pair", "Ladder"]);
    assert_eq!(r1["round"], 1);
    let boards = r1["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 3);
    assert!(boards[2]["match_id"].is_null(), "the bye is last");

    // Round 1 is not finished: no second pairing, nothing written.
    db.refused(&["tournament", "pair", "Ladder"], "round 1 is not finished");
    // A run has nothing to play between humans and says what it waits for.
    let out = db.ok(&["tournament", "run", "Ladder"]);
    assert!(
        out.contains("waits for 2 matches with a human player"),
        "{out}"
    );
    // After round 1 an odd round robin takes one late arrival, in the rest's place
    // (tests/postponed.rs); two are refused.
    db.players(&["Fay", "Gus"], None);
    db.refused(
        &["tournament", "add", "Ladder", "Fay", "Gus"],
        "closed when round 1 was paired",
    );

    // The games are ordinary matches: enter their results.
    for b in &boards[..2] {
        let id = b["match_id"].as_i64().unwrap().to_string();
        db.ok(&["match", "result", &id, "30", "18"]);
    }
    let eve_bye = boards[2]["south_id"].as_i64().unwrap();
    db.ok(&["tournament", "withdraw", "Ladder", "Dan"]);
    db.refused(
        &["tournament", "withdraw", "Ladder", "dan"],
        "already withdrawn",
    );
    db.refused(&["tournament", "withdraw", "Ladder", "Fay"], "not entered");
    let r2 = db.json(&["tournament", "pair", "Ladder"]);
    assert_eq!(r2["round"], 2);
    let show = db.json(&["tournament", "show", "Ladder"]);
    let entrants = show["entrants"].as_array().unwrap();
    let dan = entrants.iter().find(|e| e["name"] == "Dan").unwrap();
    assert_eq!(dan["withdrawn"], true);
    let dan_id = dan["id"].as_i64().unwrap();
    for b in r2["boards"].as_array().unwrap() {
        assert_ne!(b["south_id"].as_i64(), Some(dan_id));
        assert_ne!(b["north_id"].as_i64(), Some(dan_id));
    }
    assert!(eve_bye > 0);
    // Dan keeps his round-1 result in the standings.
    let s = db.json(&["tournament", "standings", "Ladder"]);
    let dan_row = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Dan")
        .unwrap()
        .clone();
    assert_eq!(dan_row["withdrawn"], true);
    assert_eq!(dan_row["played"], 1);
    let table = db.ok(&["tournament", "standings", "Ladder"]);
    assert!(
        table.contains("Dan (w)") && table.contains("(w): withdrawn"),
        "{table}"
    );
    let table = db.ok(&["tournament", "standings", "Ladder", "--wide"]);
    assert!(table.contains("Dan (withdrawn)"), "{table}");
    // Round 2 is paired without Dan, who withdrew after round 1.
    db.verified();
}

#[test]
fn exports_write_files() {
    let db = Db::new();
    db.players(&["Ama", "Kofi", "Esi", "Yaw"], Some("greedy"));
    db.ok(&[
        "tournament",
        "new",
        "Export <Test>",
        "--variant",
        "modiar",
        "--system",
        "swiss",
        "--rounds",
        "2",
        "--seed",
        "1",
    ]);
    db.ok(&[
        "tournament",
        "add",
        "Export <Test>",
        "Ama",
        "Kofi",
        "Esi",
        "Yaw",
    ]);
    db.ok(&["tournament", "run", "Export <Test>"]);
    let file = |ext: &str| db.dir.path().join(format!("out.{ext}"));
    for (format, ext) in [
        ("csv", "csv"),
        ("json", "json"),
        ("markdown", "md"),
        ("html", "html"),
        ("trf", "trf"),
    ] {
        let path = file(ext);
        db.ok(&[
            "tournament",
            "export",
            "Export <Test>",
            "--format",
            format,
            "--output",
            path.to_str().unwrap(),
        ]);
        assert!(path.exists(), "{format}");
    }
    let html = std::fs::read_to_string(file("html")).unwrap();
    assert!(html.to_lowercase().starts_with("<!doctype html"), "{html}");
    assert!(html.contains("<style"), "styles are inline");
    assert!(
        !html.contains("<link") && !html.contains("src="),
        "self-contained"
    );
    assert!(html.contains("Export &lt;Test&gt;"), "names are escaped");
    let trf = std::fs::read_to_string(file("trf")).unwrap();
    let players: Vec<&str> = trf.lines().filter(|l| l.starts_with("001 ")).collect();
    assert_eq!(players.len(), 4, "{trf}");
    assert!(trf.lines().any(|l| l.starts_with("012 ")), "{trf}");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(file("json")).unwrap()).unwrap();
    assert_eq!(json["standings"]["rows"].as_array().unwrap().len(), 4);
    let md = std::fs::read_to_string(file("md")).unwrap();
    assert!(md.contains("| "), "{md}");
    // Standard output when no file is given.
    let out = db.ok(&["tournament", "export", "Export <Test>", "--format", "trf"]);
    assert_eq!(out, trf);
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let db = Db::new();
    db.players(&["Ann", "Ben"], None);
    db.ok(&[
        "tournament",
        "new",
        "Club",
        "--variant",
        "tihbat",
        "--system",
        "swiss",
    ]);
    db.ok(&["tournament", "add", "Club", "Ann"]);
    db.refused(
        &["tournament", "standings", "Nope"],
        "no tournament named 'Nope'",
    );
    db.refused(
        &["tournament", "pair", "Nope"],
        "no tournament named 'Nope'",
    );
    db.refused(&["tournament", "run", "Nope"], "no tournament named 'Nope'");
    db.refused(
        &["tournament", "export", "Nope", "--format", "csv"],
        "no tournament named",
    );
    // Adding is all or nothing: Ben is not entered because Zed does not exist.
    db.refused(
        &["tournament", "add", "Club", "Ben", "Zed"],
        "no player named 'Zed'",
    );
    db.refused(&["tournament", "add", "Club", "ann"], "already entered");
    db.refused(&["tournament", "add", "Club", "Ben", "ben"], "named twice");
    db.refused(
        &[
            "tournament",
            "new",
            "club",
            "--variant",
            "tihbat",
            "--system",
            "swiss",
        ],
        "already exists",
    );
    db.refused(
        &[
            "tournament",
            "new",
            "X",
            "--variant",
            "tihbat",
            "--system",
            "league",
        ],
        "unknown pairing system",
    );
    db.refused(
        &[
            "tournament",
            "new",
            "X",
            "--variant",
            "nope",
            "--system",
            "swiss",
        ],
        "unknown variant",
    );
    db.refused(
        &[
            "tournament",
            "new",
            "X",
            "--variant",
            "tihbat",
            "--system",
            "round-robin",
            "--rounds",
            "3",
        ],
        "only a swiss sets its number of rounds",
    );
    db.refused(
        &[
            "tournament",
            "new",
            "X",
            "--variant",
            "tihbat",
            "--system",
            "swiss",
            "--points",
            "0,1,2",
        ],
        "invalid points scheme",
    );
    db.refused(
        &[
            "tournament",
            "new",
            "X",
            "--variant",
            "tihbat",
            "--system",
            "swiss",
            "--tiebreaks",
            "luck",
        ],
        "unknown tiebreak",
    );
    db.refused(
        &[
            "tournament",
            "new",
            "X",
            "--variant",
            "tihbat",
            "--system",
            "swiss",
            "--form",
            "games:0",
        ],
        "--form: 'games:0' is not a match form",
    );
    db.refused(
        &[
            "tournament",
            "new",
            " ",
            "--variant",
            "tihbat",
            "--system",
            "swiss",
        ],
        "must not be empty",
    );
    // One entrant cannot be paired.
    db.refused(&["tournament", "pair", "Club"], "at least");
    let list = db.json(&["tournament", "list"]);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["entrants"], 1);
}

#[test]
fn demo_runs_on_an_empty_database_and_again() {
    let db = Db::new();
    let out = db.ok(&["demo", "--seed", "4"]);
    assert!(out.contains("created tournament Demo 1"), "{out}");
    assert!(out.contains("standings after round 5 of 5, final"), "{out}");
    assert!(out.contains("Result: "), "a match's hand table: {out}");
    assert!(out.contains("Replay of match"), "{out}");
    assert!(out.contains("Game over"), "the replayed hand ends: {out}");
    let again = db.ok(&["demo"]);
    assert!(again.contains("created tournament Demo 2"), "{again}");
    assert!(
        !again.contains("added engine player"),
        "players are reused: {again}"
    );
    let players = db.json(&["player", "list"]);
    assert_eq!(players.as_array().unwrap().len(), 6);
}

#[test]
fn an_engine_facing_a_human_moves_when_the_round_is_paired() {
    let db = Db::new();
    db.players(&["Hum"], None);
    db.players(&["Bot"], Some("greedy"));
    db.ok(&[
        "tournament",
        "new",
        "Mixed",
        "--variant",
        "tihbat",
        "--system",
        "double-round-robin",
    ]);
    db.ok(&["tournament", "add", "Mixed", "Hum", "Bot"]);
    for round in 1..=2 {
        let r = db.json(&["tournament", "pair", "Mixed"]);
        assert_eq!(r["round"], round);
        let id = r["boards"][0]["match_id"].as_i64().unwrap().to_string();
        let state = db.json(&["match", "state", &id]);
        // Whoever moves first, the human is to move (or arrange) now.
        assert_eq!(state["match"]["awaiting"]["kind"], "move", "{state}");
        let human_side = if r["boards"][0]["south_id"] == 1 {
            "south"
        } else {
            "north"
        };
        assert_eq!(state["match"]["awaiting"]["player"], human_side, "{state}");
        let out = db.ok(&["tournament", "run", "Mixed"]);
        assert!(
            out.contains("waits for 1 match with a human player"),
            "{out}"
        );
        db.ok(&["match", "result", &id, "14", "14"]);
    }
    let s = db.json(&["tournament", "standings", "Mixed"]);
    assert_eq!(s["rows"][0]["draws"], 2);
    db.refused(&["tournament", "pair", "Mixed"], "is finished and closed");
}

/// `tournament run` keeps the tournament in memory between rounds; a Swiss (whose
/// pairings depend on the results) run in one go must equal one run a match at a
/// time, each run reading the tournament from the database.
#[test]
fn a_swiss_run_in_one_go_equals_one_run_per_match() {
    let setup = |db: &Db| {
        db.players(&["P1", "P2", "P3", "P4", "P5"], Some("random"));
        db.players(&["G1", "G2"], Some("greedy"));
        db.ok(&[
            "tournament",
            "new",
            "S",
            "--variant",
            "layli-goobalay",
            "--system",
            "swiss",
            "--rounds",
            "4",
            "--max-hands",
            "3",
            "--seed",
            "7",
        ]);
        db.ok(&[
            "tournament",
            "add",
            "S",
            "P1",
            "P2",
            "P3",
            "P4",
            "P5",
            "G1",
            "G2",
        ]);
    };
    let whole = Db::new();
    setup(&whole);
    whole.ok(&["tournament", "run", "S"]);
    let parts = Db::new();
    setup(&parts);
    let mut finished = false;
    for _ in 0..40 {
        let out = parts.ok(&["tournament", "run", "S", "--limit", "1"]);
        if out.contains("is finished") {
            finished = true;
            break;
        }
    }
    assert!(finished, "the run a match at a time finishes");
    let csv = |db: &Db| db.ok(&["tournament", "show", "S", "--format", "csv"]);
    assert_eq!(csv(&parts), csv(&whole));
    let standings = |db: &Db| db.ok(&["tournament", "standings", "S", "--format", "csv"]);
    assert_eq!(standings(&parts), standings(&whole));
    whole.verified();
}

#[test]
fn a_round_pairs_as_a_csv_sheet_and_record_commands_refuse_csv() {
    let db = Db::new();
    db.players(&["Ama", "Kofi", "Yaw, Jr"], Some("random"));
    db.tihbat_tournament("Sheet", "round-robin", &[], &["Ama", "Kofi", "Yaw, Jr"]);
    let sheet = db.ok(&["tournament", "pair", "Sheet", "--format", "csv"]);
    let show = db.json(&["tournament", "show", "Sheet"]);
    let boards = show["boards"].as_array().unwrap();
    let lines: Vec<&str> = sheet.lines().collect();
    // The one pairing-sheet layout of `pair`, `show` and the export.
    assert_eq!(
        lines[0],
        "round,board,match_id,south_id,south,north_id,north,result,winner,south_seeds,north_seeds,hands"
    );
    assert_eq!(lines.len(), 1 + boards.len(), "{sheet}");
    let quoted = |n: &str| {
        if n.contains(',') {
            format!("\"{n}\"")
        } else {
            n.to_string()
        }
    };
    for b in boards {
        let north = b["north"].as_str().map_or("bye".to_string(), quoted);
        let south = quoted(b["south"].as_str().unwrap());
        let line = format!(
            "1,{},{},{},{south},{},{north},",
            b["board"],
            b["match_id"]
                .as_i64()
                .map_or(String::new(), |m| m.to_string()),
            b["south_id"],
            b["north_id"]
                .as_i64()
                .map_or(String::new(), |m| m.to_string()),
        );
        assert!(
            lines.iter().any(|l| l.starts_with(&line)),
            "{line} in {sheet}"
        );
    }
    // The same rows as `show --format csv` gives for the round.
    let shown = db.ok(&["tournament", "show", "Sheet", "--format", "csv"]);
    for line in &lines {
        assert!(shown.lines().any(|l| l == *line), "{line} in {shown}");
    }
    // One record, not a table: CSV is refused before anything is written.
    db.refused(
        &["player", "add", "Esi", "--format", "csv"],
        "possible values: table, json",
    );
    db.refused(
        &["match", "show", "1", "--format", "csv"],
        "possible values: table, json",
    );
}

#[test]
fn a_withdrawal_before_round_1_takes_the_player_off_the_entry_list() {
    let db = Db::new();
    db.players(&["Ann", "Ben", "Cat", "Dan"], None);
    db.tihbat_tournament("Cup", "round-robin", &[], &["Ann", "Ben", "Cat", "Dan"]);
    let out = db.ok(&["tournament", "withdraw", "Cup", "Dan"]);
    assert!(out.contains("off the entry list"), "{out}");
    let show = db.json(&["tournament", "show", "Cup"]);
    assert_eq!(show["entrants"].as_array().unwrap().len(), 3, "{show}");
    // Three players: every round one has a bye, nobody sits out a round unpaired.
    let r1 = db.json(&["tournament", "pair", "Cup"]);
    let boards = r1["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2, "{r1}");
    assert!(boards[1]["north_id"].is_null(), "a bye: {r1}");
    let s = db.json(&["tournament", "standings", "Cup"]);
    let names: Vec<&str> = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"Dan"), "{names:?}");
    db.verified();
}

/// `--format` is the output format everywhere: `tournament new` names its pairing
/// system with `--system` and its match form with `--form` (as `match new` does); the
/// earlier spellings are refused with a message naming the new ones.
#[test]
fn tournament_new_takes_system_and_form_and_refuses_the_old_spellings() {
    let db = Db::new();
    fn new<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        let mut a = vec!["tournament", "new", "Club", "--variant", "tihbat"];
        a.extend(extra);
        a
    }
    db.refused(
        &new(&["--format", "swiss"]),
        "the pairing system is --system: give --system swiss",
    );
    db.refused(
        &new(&["--system", "swiss", "--match-form", "games:2"]),
        "--match-form is now --form, as in `match new`: give --form games:2",
    );
    db.refused(
        &new(&[]),
        "give the pairing system: --system round-robin, double-round-robin, swiss or knockout",
    );
    db.refused(
        &new(&["--system", "swiss", "--format", "xml"]),
        "--format 'xml' is not an output format; give --format table or --format json",
    );
    let made = db.json(&new(&["--system", "swiss", "--form", "games:2"]));
    assert_eq!(made["format"], "swiss", "{made}");
    assert_eq!(made["match_form"], "games:2", "{made}");
    let text = db.ok(&[
        "tournament",
        "new",
        "Other",
        "--variant",
        "tihbat",
        "--system",
        "knockout",
    ]);
    assert!(text.starts_with("created tournament Other"), "{text}");
}

/// `goobalay demo` never writes into the club's database: without `--db` on its own
/// command line it uses `demo.db` beside the default database and says so, whatever
/// `GOOBALAY_DB` names.
#[test]
fn demo_uses_a_database_of_its_own_unless_given_one_on_its_command_line() {
    let home = tempfile::tempdir().unwrap();
    let club = home.path().join("club.db");
    let out = assert_cmd::Command::cargo_bin("goobalay")
        .unwrap()
        .args(["demo", "--seed", "2", "--players", "4"])
        .env("XDG_DATA_HOME", home.path())
        .env("GOOBALAY_DB", &club)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let own = home.path().join("goobalay").join("demo.db");
    assert!(
        text.starts_with(&format!(
            "goobalay demo, database {} (the demo's own",
            own.display()
        )),
        "{text}"
    );
    assert!(own.exists());
    assert!(!club.exists(), "the demo wrote into GOOBALAY_DB's database");
    assert!(!home.path().join("goobalay").join("goobalay.db").exists());
}

/// Empty listings say so (and what would fill them); `history --variant` is checked
/// as `--player` is, and takes a preset by any of its names; counts read "1 match",
/// "2 matches".
#[test]
fn empty_listings_say_so_and_history_checks_its_variant() {
    let db = Db::new();
    db.ok(&["player", "add", "Ama"]);
    db.ok(&["player", "retire", "Ama"]);
    assert_eq!(
        db.ok(&["player", "list"]).trim(),
        "no players in play; `--all` lists retired ones too (`goobalay player add NAME` adds one)"
    );
    assert!(
        db.ok(&["tournament", "list"])
            .starts_with("no tournaments yet")
    );
    assert!(db.ok(&["history"]).starts_with("no match recorded yet"));
    assert_eq!(db.json(&["history"]), serde_json::json!([]));
    db.refused(
        &["history", "--variant", "chess"],
        "no variant named 'chess'",
    );
    db.ok(&["player", "add", "Esi"]);
    db.ok(&["player", "add", "Kofi"]);
    db.ok(&["player", "add", "Ümit"]);
    db.refused(
        &["player", "show", "umit"],
        "no player named 'umit'; did you mean 'Ümit'?",
    );
    db.refused(
        &[
            "match",
            "new",
            "--variant",
            "tihbat",
            "--south",
            "Esi",
            "--north",
            "Kofy",
        ],
        "did you mean 'Kofi'?",
    );
    let m = db.json(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        "Esi",
        "--north",
        "Kofi",
    ]);
    let id = m["id"].to_string();
    db.ok(&["match", "result", &id, "16", "12"]);
    assert!(
        db.ok(&["history", "--variant", "sadeqa-iii"])
            .starts_with("no match recorded fits these filters")
    );
    assert!(
        db.ok(&["history", "--variant", "tihbat"])
            .contains("Esi won")
    );
    let verify = db.ok(&["verify"]);
    assert!(
        verify.starts_with("checked 1 match (1 finished), 1 hand, 0 moves, 0 arrangements, 1 entered result, 0 engine decisions, 0 tournaments: "),
        "{verify}"
    );
}

/// The standings table says which round it is after and which is in progress, marks
/// a tied group with its shared place ("3=" for each), and explains every column.
#[test]
fn standings_say_the_round_in_progress_share_places_and_explain_columns() {
    let db = Db::new();
    db.players(&["A", "B", "C", "D"], None);
    db.tihbat_tournament("T", "swiss", &["--rounds", "3"], &["A", "B", "C", "D"]);
    db.ok(&["tournament", "pair", "T"]);
    let show = db.json(&["tournament", "show", "T"]);
    let first = show["boards"][0]["match_id"].to_string();
    db.ok(&["match", "result", &first, "28", "0"]);
    let text = db.ok(&["tournament", "standings", "T"]);
    assert!(
        text.starts_with("T (tihbat, swiss): standings after round 0 of 3 (round 1 in progress)"),
        "{text}"
    );
    // The two who have not played yet are tied on everything: both third.
    let places: Vec<&str> = text
        .lines()
        .skip(3)
        .take(4)
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(places, ["1", "2", "3=", "3="], "{text}");
    for legend in [
        "BH: Buchholz, the opponents' points added up",
        "SB: Sonneborn-Berger,",
        "Seeds+/-: seeds won minus seeds lost",
        "=: tied on points and every tiebreak",
    ] {
        assert!(text.contains(legend), "{legend}: {text}");
    }
    let json = db.json(&["tournament", "standings", "T"]);
    assert_eq!(json["rows"][3]["place"], 3, "{json}");
    assert_eq!(json["rows"][3]["position"], 4, "{json}");
}

/// Every command that writes takes `--format json` and answers with what it did.
#[test]
fn every_tournament_command_that_writes_answers_in_json() {
    let db = Db::new();
    db.players(&["A", "B", "C", "D", "E"], None);
    db.players(&["R1", "R2"], Some("random"));
    db.tihbat_tournament("T", "swiss", &["--rounds", "2"], &["A", "B", "C"]);
    let added = db.json(&["tournament", "add", "T", "D"]);
    assert_eq!(added["entered"], serde_json::json!(["D"]), "{added}");
    assert_eq!(added["entrants"], 4, "{added}");
    let bye = db.json(&[
        "tournament",
        "bye",
        "T",
        "A",
        "--round",
        "1",
        "--points",
        "half",
    ]);
    assert_eq!(
        (bye["player"].as_str(), bye["round"].as_u64()),
        (Some("A"), Some(1)),
        "{bye}"
    );
    assert_eq!(bye["points"], "half", "{bye}");
    let gone = db.json(&["tournament", "withdraw", "T", "D"]);
    assert_eq!(gone["withdrawn_after_round"], 0, "{gone}");
    assert_eq!(gone["forfeited_match"], serde_json::Value::Null, "{gone}");
    db.ok(&["tournament", "pair", "T"]);
    let forfeiting = db.json(&["tournament", "withdraw", "T", "B", "--forfeit-pending"]);
    assert!(
        forfeiting["forfeited_match"].is_i64() || forfeiting["forfeited_match"].is_null(),
        "{forfeiting}"
    );
    db.tihbat_tournament("Bots", "round-robin", &["--seed", "3"], &["R1", "R2"]);
    db.refused(
        &["tournament", "standings", "botz"],
        "no tournament named 'botz'; did you mean 'Bots'?",
    );
    let run = db.json(&["tournament", "run", "Bots"]);
    assert_eq!(
        (run["played"].as_u64(), run["finished"].as_bool()),
        (Some(1), Some(true)),
        "{run}"
    );
    let reopened = db.json(&["tournament", "reopen", "Bots"]);
    assert_eq!(reopened["status"], "reopened", "{reopened}");
    let closed = db.json(&["tournament", "close", "Bots"]);
    assert_eq!(
        (closed["status"].as_str(), closed["ended_early"].as_bool()),
        (Some("finished"), Some(false)),
        "{closed}"
    );
}

/// A tournament named that is not there is refused the same way by every command
/// that takes one, the history and the review included: with the closest name.
#[test]
fn every_command_refuses_an_unknown_tournament_with_the_closest_name() {
    let db = Db::new();
    db.players(&["R1", "R2"], Some("random"));
    db.tihbat_tournament("Bots", "round-robin", &["--seed", "3"], &["R1", "R2"]);
    for command in [
        &["tournament", "standings", "botz"][..],
        &["history", "--tournament", "botz"],
        &["tournament", "review", "botz"],
    ] {
        db.refused(command, "no tournament named 'botz'; did you mean 'Bots'?");
    }
}

/// `tournament list --format csv` gives each tournament's counts under their own
/// headings: a round robin of four engines with round 1 paired and nothing played
/// yet has 4 entrants, 1 round paired, 2 matches and none finished.
#[test]
fn the_tournament_list_as_csv_puts_each_count_under_its_heading() {
    let db = Db::new();
    let names = ["R1", "R2", "R3", "R4"];
    db.players(&names, Some("random"));
    db.tihbat_tournament("Bots", "round-robin", &["--seed", "3"], &names);
    db.ok(&["tournament", "pair", "Bots"]);
    assert_eq!(
        db.ok(&["tournament", "list", "--format", "csv"]),
        "id,name,variant,format,status,entrants,rounds_paired,matches,finished\n\
         1,Bots,tihbat,round-robin,running,4,1,2,0\n"
    );
}
