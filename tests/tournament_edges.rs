//! Issue 12, items 9 and 12: retired players are not paired; `tournament run
//! --limit 0` pairs and plays nothing; CSV cells a spreadsheet would run as
//! formulas are defused.

mod common;

use common::Db;

fn names_in_round(db: &Db, name: &str, round: u64) -> Vec<String> {
    let shown = db.json(&["tournament", "show", name]);
    let mut names = Vec::new();
    for b in shown["boards"].as_array().unwrap() {
        if b["round"] == round {
            names.push(b["south"].as_str().unwrap().to_string());
            if let Some(n) = b["north"].as_str() {
                names.push(n.to_string());
            }
        }
    }
    names
}

#[test]
fn issue_12_a_retired_player_is_withdrawn_at_the_next_pairing() {
    let db = Db::new();
    db.players(&["A", "B", "C", "D"], None);
    db.tihbat_tournament("Cup", "round-robin", &[], &["A", "B", "C", "D"]);
    db.ok(&["tournament", "pair", "Cup"]);
    // Round 1 is played off-line.
    let shown = db.json(&["tournament", "show", "Cup"]);
    for b in shown["boards"].as_array().unwrap() {
        let id = b["match_id"].as_i64().unwrap().to_string();
        db.ok(&["match", "result", &id, "20", "8"]);
    }
    db.ok(&["player", "retire", "C"]);
    let out = db.ok(&["tournament", "pair", "Cup"]);
    assert!(
        out.contains("C is retired: withdrawn after round 1"),
        "{out}"
    );
    let round2 = names_in_round(&db, "Cup", 2);
    assert!(!round2.contains(&"C".to_string()), "{round2:?}");
    assert!(round2.contains(&"A".to_string()), "{round2:?}");
    let standings = db.json(&["tournament", "standings", "Cup"]);
    let c = standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "C")
        .unwrap();
    assert_eq!(c["withdrawn"], true, "{c}");
    // The pairing audit of verify re-derives round 2 with C withdrawn.
    db.verified();
}

#[test]
fn issue_12_a_retired_entrant_before_round_1_is_never_paired() {
    let db = Db::new();
    db.players(&["A", "B", "C"], Some("random"));
    db.tihbat_tournament("Cup", "round-robin", &[], &["A", "B", "C"]);
    db.ok(&["player", "retire", "B"]);
    // Through `tournament run` as through `tournament pair`.
    db.ok(&["tournament", "run", "Cup", "--quiet"]);
    let shown = db.json(&["tournament", "show", "Cup"]);
    let entrants: Vec<&str> = shown["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(entrants, ["A", "C"]);
    for round in 1..=3 {
        assert!(!names_in_round(&db, "Cup", round).contains(&"B".to_string()));
    }
    assert_eq!(shown["finished"], true);
    db.verified();
}

#[test]
fn issue_12_a_retirement_during_a_run_of_engines_is_honoured() {
    let db = Db::new();
    db.players(&["A", "B", "C", "D", "E", "F"], Some("random"));
    db.tihbat_tournament(
        "Swiss",
        "swiss",
        &["--rounds", "4", "--seed", "3"],
        &["A", "B", "C", "D", "E", "F"],
    );
    db.ok(&["tournament", "run", "Swiss", "--limit", "3", "--quiet"]);
    // Round 2 was paired when round 1's last match was stored, before this.
    let paired = db.json(&["tournament", "show", "Swiss"])["rounds_paired"]
        .as_u64()
        .unwrap();
    db.ok(&["player", "retire", "D"]);
    db.ok(&["tournament", "run", "Swiss", "--quiet"]);
    for round in paired + 1..=4 {
        assert!(
            !names_in_round(&db, "Swiss", round).contains(&"D".to_string()),
            "round {round}"
        );
    }
    db.verified();
}

#[test]
fn issue_12_run_with_limit_0_pairs_and_plays_nothing() {
    let db = Db::new();
    db.players(&["A", "B", "C", "D"], Some("random"));
    db.tihbat_tournament("Cup", "round-robin", &[], &["A", "B", "C", "D"]);
    let before = db.bytes();
    let out = db.ok(&["tournament", "run", "Cup", "--limit", "0"]);
    assert!(out.contains("0 matches played (--limit)"), "{out}");
    assert!(db.bytes() == before, "--limit 0 wrote to the database");
    assert_eq!(db.json(&["tournament", "show", "Cup"])["rounds_paired"], 0);
    // A limit of 1 plays one match (and pairs the round it is in).
    db.ok(&["tournament", "run", "Cup", "--limit", "1", "--quiet"]);
    let shown = db.json(&["tournament", "show", "Cup"]);
    assert_eq!(shown["rounds_paired"], 1, "{shown}");
    let finished = shown["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["result"] != "*")
        .count();
    assert_eq!(finished, 1, "{shown}");
    db.verified();
}

#[test]
fn issue_12_csv_cells_that_a_spreadsheet_would_run_are_defused() {
    let db = Db::new();
    let formula = "=HYPERLINK(\"http://example.invalid\",\"Cup\")";
    let names = [formula, "+1+2", "-3+4", "@SUM(A1)"];
    for n in names {
        let club = format!("--club={n}");
        db.ok(&["player", "add", "--engine", "random", &club, "--", n]);
    }
    db.ok(&[
        "tournament",
        "new",
        "Cup",
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
    ]);
    let mut add = vec!["tournament", "add", "Cup", "--"];
    add.extend(names);
    db.ok(&add);
    db.ok(&["tournament", "run", "Cup", "--quiet"]);
    let sheets = [
        db.ok(&["player", "list", "--format", "csv"]),
        db.ok(&["history", "--format", "csv"]),
        db.ok(&["tournament", "standings", "Cup", "--format", "csv"]),
        db.ok(&["tournament", "crosstable", "Cup", "--format", "csv"]),
        db.ok(&["tournament", "show", "Cup", "--format", "csv"]),
        db.ok(&["tournament", "export", "Cup", "--format", "csv"]),
    ];
    for sheet in &sheets {
        for line in sheet.lines().skip(1) {
            for cell in split_csv(line) {
                // Every name and club is in the sheet only defused.
                assert!(
                    !names.contains(&cell.as_str()),
                    "a live formula cell {cell:?} in {line}"
                );
            }
        }
    }
    assert!(sheets[0].contains("\"'=HYPERLINK(\"\"http://example.invalid\"\",\"\"Cup\"\")\""));
    for sheet in &sheets[..3] {
        for n in names {
            let defused = format!("'{n}");
            assert!(
                sheet.lines().any(|l| split_csv(l).contains(&defused)),
                "{n} is not in the sheet, defused: {sheet}"
            );
        }
    }
    db.verified();
}

/// The cells of one CSV line (RFC 4180 quoting), unquoted.
fn split_csv(line: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                cells.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => cells.push(String::new()),
            _ => cells.last_mut().unwrap().push(c),
        }
    }
    cells
}
