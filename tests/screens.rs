//! What players and directors see, as snapshots (insta): a change that moves a
//! column, a hole number or a line of these screens shows in review as a diff of
//! `tests/snapshots/`. Every screen here is free of dates, so it is the same on every
//! run. (`INSTA_UPDATE=always cargo test --test screens` writes new snapshots.)

mod common;

use common::Db;

/// An Uur made: South's last seed falls into an empty hole opposite a 3 (the shared
/// vector's first game, after five moves).
#[test]
fn the_board_after_an_uur_is_made() {
    let out = assert_cmd::Command::cargo_bin("goobalay")
        .unwrap()
        .args([
            "show",
            "--variant",
            "layli-goobalay",
            "--moves",
            "4 4 5 2 2",
        ])
        .output()
        .unwrap();
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

/// A capture in Tampoduo, the board as the move left it.
#[test]
fn the_board_after_a_capture() {
    let out = assert_cmd::Command::cargo_bin("goobalay")
        .unwrap()
        .args(["show", "--variant", "tampoduo", "--moves", "4"])
        .output()
        .unwrap();
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

/// The end of a hand of a multi-hand match, then the next hand's arrangement.
#[test]
fn a_multi_hand_match_at_the_end_of_a_hand() {
    let db = Db::new();
    db.players(&["Amina", "Bashir"], None);
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
    for m in "4 4 5 2 2 3 6 3 4 3 6 2 3 4 4 1 5 4 6".split_whitespace() {
        db.ok(&["match", "move", "1", m]);
    }
    insta::assert_snapshot!(db.ok(&["match", "state", "1"]));
}

/// A Swiss evening with forfeits, byes and ties: standings and the crosstable.
fn swiss_evening() -> Db {
    let db = Db::new();
    db.players(&["Ama", "Esi", "Kofi", "Yaw", "Abena"], None);
    db.ok(&[
        "tournament",
        "new",
        "Evening",
        "--variant",
        "tihbat",
        "--system",
        "swiss",
        "--rounds",
        "3",
    ]);
    db.ok(&["tournament", "add", "Evening", "Ama", "Esi", "Kofi", "Yaw"]);
    let boards = |round: u64| -> Vec<String> {
        db.json(&["tournament", "show", "Evening"])["boards"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["round"] == round && b["match_id"].is_i64())
            .map(|b| b["match_id"].to_string())
            .collect()
    };
    db.ok(&["tournament", "pair", "Evening"]);
    let r1 = boards(1);
    db.ok(&["match", "forfeit", &r1[0], "--absent", "north"]);
    db.ok(&["match", "result", &r1[1], "14", "14"]);
    db.ok(&[
        "tournament",
        "bye",
        "Evening",
        "Esi",
        "--round",
        "2",
        "--points",
        "half",
    ]);
    db.ok(&["tournament", "pair", "Evening"]);
    db.ok(&["tournament", "add", "Evening", "Abena"]);
    for id in boards(2) {
        db.ok(&["match", "result", &id, "20", "8"]);
    }
    db.ok(&["tournament", "pair", "Evening"]);
    for id in boards(3) {
        db.ok(&["match", "result", &id, "8", "20"]);
    }
    db
}

#[test]
fn swiss_standings_with_forfeits_byes_and_ties() {
    let db = swiss_evening();
    let table = db.ok(&["tournament", "standings", "Evening"]);
    // An 80-column terminal shows it whole, legend included.
    for line in table.lines() {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line}",
            line.chars().count()
        );
    }
    insta::assert_snapshot!(table);
}

/// `--wide`: the full column names, nothing shortened.
#[test]
fn swiss_standings_wide() {
    let db = swiss_evening();
    insta::assert_snapshot!(db.ok(&["tournament", "standings", "Evening", "--wide"]));
}

#[test]
fn swiss_crosstable_with_forfeits_and_byes() {
    let db = swiss_evening();
    let table = db.ok(&["tournament", "crosstable", "Evening"]);
    for line in table.lines() {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }
    insta::assert_snapshot!(table);
}

/// A round's printed pairings: by board with points before the round (round 3 of
/// the Swiss evening: a late entrant's bye and a half-point bye behind), by name, and
/// the result slips.
#[test]
fn printed_pairing_lists_and_result_slips() {
    let db = swiss_evening();
    let by_board = db.ok(&["tournament", "pairings", "Evening"]);
    let by_name = db.ok(&["tournament", "pairings", "Evening", "--layout", "names"]);
    let slips = db.ok(&["tournament", "pairings", "Evening", "--layout", "slips"]);
    let round_2 = db.ok(&["tournament", "pairings", "Evening", "--round", "2"]);
    for page in [&by_board, &by_name, &slips, &round_2] {
        for line in page.lines() {
            assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
        }
    }
    insta::assert_snapshot!(format!("{by_board}\n{by_name}\n{slips}\n{round_2}"));
    // A round not paired is refused with what is paired.
    db.refused(
        &["tournament", "pairings", "Evening", "--round", "4"],
        "tournament Evening has no round 4 to list: rounds 1 to 3 are paired",
    );
}

/// A knockout of seven drawn as a bracket: round 1 played (the top seed's bye
/// included), one semi-final played, the other and the final still to come.
#[test]
fn a_knockout_bracket_in_progress() {
    let db = Db::new();
    let names = ["Ama", "Esi", "Kofi", "Yaw", "Abena", "Kwame", "Adwoa"];
    db.players(&names, None);
    db.ok(&[
        "tournament",
        "new",
        "Cup",
        "--variant",
        "tihbat",
        "--system",
        "knockout",
    ]);
    let mut add = vec!["tournament", "add", "Cup"];
    add.extend(names);
    db.ok(&add);
    let unfinished = || -> Vec<String> {
        db.json(&["tournament", "show", "Cup"])["boards"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["match_id"].is_i64() && b["result"] == "*")
            .map(|b| b["match_id"].to_string())
            .collect()
    };
    db.ok(&["tournament", "pair", "Cup"]);
    for id in unfinished() {
        db.ok(&["match", "result", &id, "20", "8"]);
    }
    db.ok(&["tournament", "pair", "Cup"]);
    db.ok(&["match", "result", &unfinished()[0], "8", "20"]);
    insta::assert_snapshot!(db.ok(&["tournament", "crosstable", "Cup"]));
}

/// A move against an engine: the player's move and the engine's reply, each with what
/// it did, then the board.
#[test]
fn a_move_and_the_engines_reply_with_what_each_did() {
    let db = Db::new();
    db.players(&["Amina"], None);
    db.players(&["Robo"], Some("greedy"));
    db.ok(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Amina",
        "--north",
        "Robo",
        "--seed",
        "2",
    ]);
    insta::assert_snapshot!(db.ok(&["match", "move", "1", "4"]));
}
