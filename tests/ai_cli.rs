//! The AI commands driven as a user would: analyse, solve, arena, bench-search.

use assert_cmd::Command;

fn goobalay() -> Command {
    Command::cargo_bin("goobalay").expect("binary")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = goobalay()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).expect("JSON output")
}

#[test]
fn analyse_values_every_legal_move_and_names_the_best() {
    let v = json(&[
        "analyse",
        "--variant",
        "tampoduo",
        "--position",
        r#"{"board":[1,0,0,0,1,0,10,1,1,1,0,1],"to_move":"south"}"#,
        "--depth",
        "3",
        "--format",
        "json",
    ]);
    let moves = v["moves"].as_array().unwrap();
    let names: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(names, ["1", "5"]);
    assert_eq!(v["best"], "5");
    let best = moves
        .iter()
        .map(|m| m["value"].as_f64().unwrap())
        .fold(f64::MIN, f64::max);
    assert_eq!(v["value"].as_f64().unwrap(), best);
}

#[test]
fn analyse_after_moves_and_its_errors() {
    goobalay()
        .args([
            "analyse",
            "--variant",
            "layli-goobalay",
            "--moves",
            "3 1",
            "--depth",
            "4",
        ])
        .assert()
        .success()
        .stdout(predicates::str::contains("best"));
    goobalay()
        .args(["analyse", "--variant", "layli-goobalay", "--depth", "0"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--depth 0 is out of range"));
}

#[test]
fn solve_tihbat_gives_an_exact_value_with_its_cost() {
    let v = json(&["solve", "tihbat", "--format", "json"]);
    let value = v["value"].as_i64().unwrap();
    let score = v["score"].as_array().unwrap();
    let (s, n) = (score[0].as_i64().unwrap(), score[1].as_i64().unwrap());
    assert_eq!(s + n, 28);
    assert_eq!(s - n, value, "South moves first: the value is South's");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    // Each move's value, the best equal to the position's value.
    let best = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["value"].as_i64().unwrap())
        .max();
    assert_eq!(best, Some(value));
}

/// A Layli Goobalay position with North's Uurs (holes 3 and 10, 5 and 4 seeds), worked
/// out by hand from RULES.md §3. South's "1" sows into the empty hole 2 and captures
/// North's 2 seeds opposite with it (3); North is left without a move, so South takes
/// hole 4's seed (4) and North both Uurs, the one in South's row included (9): -5.
/// South's "4" lands in an empty hole with nothing opposite; North's only move relays
/// from South's hole 1 into its own Uur, and South's best reply leaves 3 to North's
/// 10: -7.
#[test]
fn solve_layli_goobalay_counts_the_uurs_for_their_owner() {
    let position = r#"{"board":[1,0,5,1,0,0,0,0,0,4,2,0],"to_move":"south",
        "uur":[null,null,"north",null,null,null,null,null,null,"north",null,null]}"#;
    let v = json(&[
        "solve",
        "layli-goobalay",
        "--position",
        position,
        "--format",
        "json",
    ]);
    assert_eq!(v["value"], -5, "{v}");
    assert_eq!(v["score"], serde_json::json!([4, 9]), "{v}");
    assert_eq!(v["best"], serde_json::json!(["1"]), "{v}");
    assert_eq!(
        v["moves"],
        serde_json::json!([{"move": "1", "value": -5}, {"move": "4", "value": -7}]),
        "{v}"
    );
}

#[test]
fn solve_gives_up_cleanly_when_over_budget() {
    goobalay()
        .args(["solve", "modiar", "--max-nodes", "1000"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not solved within the budget"));
}

#[test]
fn arena_counts_games_and_repeats_from_its_seed() {
    let args = [
        "arena",
        "easy",
        "greedy",
        "--variant",
        "modiar",
        "--games",
        "6",
        "--seed",
        "7",
        "--format",
        "json",
        "--per-game",
    ];
    let a = json(&args);
    let b = json(&args);
    let total =
        a["wins"].as_u64().unwrap() + a["draws"].as_u64().unwrap() + a["losses"].as_u64().unwrap();
    assert_eq!(total, 6);
    assert_eq!(a["games"], b["games"]);
    let souths = a["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["a_side"] == "south")
        .count();
    assert_eq!(souths, 3);
}

#[test]
fn arena_plays_whole_matches_with_form_hands() {
    let args = [
        "arena",
        "greedy",
        "random",
        "--variant",
        "layli-goobalay",
        "--games",
        "4",
        "--seed",
        "3",
        "--form",
        "hands",
        "--format",
        "json",
        "--per-game",
    ];
    let a = json(&args);
    assert_eq!(a["games"], json(&args)["games"], "same seed, same matches");
    assert_eq!(a["form"], "hands");
    let games = a["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    // Every game is a whole match: it ends with a player below 6 seeds.
    for g in games {
        let low = g["score_a"]
            .as_u64()
            .unwrap()
            .min(g["score_b"].as_u64().unwrap());
        assert!(low < 6, "{g}");
        assert!(g["hands"].as_u64().unwrap() >= 1);
    }
    // A single-game series of the same seed is a different thing.
    let single = json(&[
        "arena",
        "greedy",
        "random",
        "--variant",
        "layli-goobalay",
        "--games",
        "4",
        "--seed",
        "3",
        "--format",
        "json",
        "--per-game",
    ]);
    assert!(
        single["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["hands"] == 1)
    );
    goobalay()
        .args([
            "arena",
            "easy",
            "greedy",
            "--variant",
            "tihbat",
            "--form",
            "hands",
            "--nodes-a",
            "50",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("apply only to --form single"));
    goobalay()
        .args([
            "arena",
            "easy",
            "greedy",
            "--variant",
            "tihbat",
            "--form",
            "sets",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not a match form"));
}

#[test]
fn arena_refuses_unknown_levels() {
    goobalay()
        .args(["arena", "easy", "grandmaster", "--variant", "tihbat"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "unknown engine level 'grandmaster'",
        ));
}

#[test]
fn bench_search_reports_nodes_per_second() {
    let v = json(&[
        "bench-search",
        "--variant",
        "tihbat",
        "--nodes",
        "2000",
        "--positions",
        "2",
        "--format",
        "json",
    ]);
    let row = &v.as_array().unwrap()[0];
    assert_eq!(row["variant"], "tihbat");
    assert!(row["nodes"].as_u64().unwrap() > 0);
    assert!(row["nodes_per_sec"].as_u64().unwrap() > 0);
}

fn csv(args: &[&str]) -> Vec<Vec<String>> {
    let out = goobalay()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out)
        .expect("UTF-8")
        .lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn csv_output_is_csv_and_agrees_with_json() {
    let arena = |format| {
        [
            "arena",
            "easy",
            "greedy",
            "--variant",
            "tihbat",
            "--games",
            "8",
            "--seed",
            "3",
            "--format",
            format,
        ]
    };
    let rows = csv(&arena("csv"));
    assert_eq!(rows.len(), 2, "a header and one row: {rows:?}");
    let field = |name: &str| {
        let i = rows[0].iter().position(|h| h == name).expect(name);
        rows[1][i].clone()
    };
    let j = json(&arena("json"));
    for key in ["wins", "draws", "losses"] {
        assert_eq!(field(key), j[key].to_string(), "{key}");
    }
    assert_eq!(field("variant"), "tihbat");
    assert_eq!(field("a"), "easy");

    let analyse = |format| {
        [
            "analyse",
            "--variant",
            "tihbat",
            "--depth",
            "6",
            "--format",
            format,
        ]
    };
    let rows = csv(&analyse("csv"));
    let j = json(&analyse("json"));
    assert_eq!(rows[0][0], "move");
    assert_eq!(rows.len() - 1, j["moves"].as_array().unwrap().len());
    for (row, m) in rows[1..].iter().zip(j["moves"].as_array().unwrap()) {
        assert_eq!(row[0], m["move"].as_str().unwrap());
    }

    let rows = csv(&["solve", "tihbat", "--format", "csv"]);
    assert_eq!(rows[0][0], "move");
    assert_eq!(rows.len(), 3, "Tihbat's two opening moves: {rows:?}");
}
