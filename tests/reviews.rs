//! Engine reviews of played matches (issue 37): `match review` and `tournament
//! review`, on SQLite and on PostgreSQL (with `GOOBALAY_TEST_POSTGRES`).

mod common;

use common::backends::{Target, on_both};
use serde_json::Value;

/// A finished engine match of `variant` (`form`: a match form, or the variant's
/// default) between two new engine players; returns its id.
fn engine_match(db: &dyn Target, variant: &str, form: Option<&str>, names: [&str; 2]) -> String {
    engine_match_seeded(db, variant, form, names, None)
}

/// [`engine_match`], the players' choices drawn from `seed` where given (a match
/// that must reach a given point).
fn engine_match_seeded(
    db: &dyn Target,
    variant: &str,
    form: Option<&str>,
    names: [&str; 2],
    seed: Option<&str>,
) -> String {
    for name in names {
        db.ok(&["player", "add", name, "--engine", "medium"]);
    }
    let mut new = vec![
        "match",
        "new",
        "--variant",
        variant,
        "--south",
        names[0],
        "--north",
        names[1],
    ];
    if let Some(form) = form {
        new.extend(["--form", form]);
    }
    if let Some(seed) = seed {
        new.extend(["--seed", seed]);
    }
    let id = db.json(&new)["id"].to_string();
    db.ok(&["match", "play", &id]);
    id
}

fn decisions(review: &Value) -> Vec<Value> {
    review["hands"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|h| h["decisions"].as_array().unwrap().clone())
        .collect()
}

#[test]
fn a_review_values_every_move_and_is_shown_again_without_searching() {
    on_both(|db| {
        let id = engine_match(db, "tihbat", None, ["Amina", "Bashir"]);
        let shown_before = db.json(&["match", "show", &id]);
        let review = db.json(&["match", "review", &id]);
        assert_eq!(review["made_now"], true);
        let played: usize = shown_before["hands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| {
                let moves = h["moves"].as_str().unwrap();
                moves.split(':').next().unwrap().parse::<usize>().unwrap()
            })
            .sum();
        let all = decisions(&review);
        assert_eq!(all.len(), played, "one decision a move: {review}");
        for d in &all {
            let (value, played_value, loss) = (
                d["value"].as_f64().unwrap(),
                d["played_value"].as_f64().unwrap(),
                d["loss"].as_f64().unwrap(),
            );
            assert_eq!(loss, value - played_value, "{d}");
            assert!(loss >= 0.0, "{d}");
            assert!(d["best"].is_string() && d["move"].is_string(), "{d}");
            let expected_mark = if d["forced"] == true || loss < 1.0 {
                Value::Null
            } else if loss < 3.0 {
                "inaccuracy".into()
            } else if loss < 6.0 {
                "mistake".into()
            } else {
                "blunder".into()
            };
            assert_eq!(d["mark"], expected_mark, "{d}");
        }
        // The first position's value is the value `analyse` gives it at the same effort.
        let nodes = review["nodes"].as_u64().unwrap().to_string();
        let analysed = db.json(&[
            "analyse",
            "--variant",
            "tihbat",
            "--nodes",
            &nodes,
            "--depth",
            "200",
        ]);
        assert_eq!(all[0]["value"], analysed["value"], "{analysed}");
        assert_eq!(all[0]["player"], "south");

        let again = db.json(&["match", "review", &id]);
        assert_eq!(again["made_now"], false, "shown again without searching");
        assert_eq!(again["reviewed_at"], review["reviewed_at"]);
        assert_eq!(again["hands"], review["hands"]);
        assert_eq!(again["players"], review["players"]);
        assert_eq!(db.count("SELECT count(*) FROM match_reviews"), 1);

        let anew = db.json(&["match", "review", &id, "--again"]);
        assert_eq!(anew["made_now"], true);
        assert_eq!(
            anew["hands"], review["hands"],
            "the same engine, the same review"
        );
        assert_eq!(db.count("SELECT count(*) FROM match_reviews"), 2);
        assert_eq!(
            db.json(&["match", "show", &id]),
            shown_before,
            "a review never changes the match's record"
        );
        let (code, text) = {
            let out = db.run(&["verify"]);
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stdout).into_owned(),
            )
        };
        assert_eq!(code, Some(0), "{text}");

        let table = db.ok(&["match", "review", &id]);
        assert!(table.contains("accuracy"), "{table}");
        assert!(table.contains("Amina (south)"), "{table}");
    });
}

#[test]
fn a_player_summary_counts_the_marks_of_their_own_moves() {
    on_both(|db| {
        let id = engine_match(db, "tihbat", None, ["Amina", "Bashir"]);
        let review = db.json(&["match", "review", &id]);
        let all = decisions(&review);
        for side in ["south", "north"] {
            let mine: Vec<&Value> = all
                .iter()
                .filter(|d| d["player"] == side && d["forced"] == false)
                .collect();
            let summary = &review["players"][side];
            assert_eq!(summary["decisions"].as_u64().unwrap() as usize, mine.len());
            for (mark, key) in [
                ("inaccuracy", "inaccuracies"),
                ("mistake", "mistakes"),
                ("blunder", "blunders"),
            ] {
                let n = mine.iter().filter(|d| d["mark"] == mark).count();
                assert_eq!(summary[key].as_u64().unwrap() as usize, n, "{side} {key}");
            }
            if !mine.is_empty() {
                let losses: f64 = mine.iter().map(|d| d["loss"].as_f64().unwrap()).sum();
                let average = summary["average_loss"].as_f64().unwrap();
                assert!((average - losses / mine.len() as f64).abs() < 1e-9);
                let accuracy: f64 = mine
                    .iter()
                    .map(|d| 100.0 * (-d["loss"].as_f64().unwrap() / 2.0).exp2())
                    .sum::<f64>()
                    / mine.len() as f64;
                assert!((summary["accuracy"].as_f64().unwrap() - accuracy).abs() < 1e-9);
            }
        }
    });
}

#[test]
fn a_multi_hand_match_reviews_its_rearrangements() {
    let db = common::Db::new();
    let id = engine_match(&db, "modiar", Some("hands"), ["Amina", "Bashir"]);
    let shown = db.json(&["match", "show", &id]);
    let review = db.json(&["match", "review", &id]);
    let arranged: Vec<(u64, String, String)> = shown["hands"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|h| {
            let hand = h["hand"].as_u64().unwrap();
            ["south", "north"].into_iter().filter_map(move |side| {
                let row = h[format!("arrangement_{side}")].as_str().unwrap();
                (row != "-").then(|| (hand, side.to_string(), row.to_string()))
            })
        })
        .collect();
    assert!(!arranged.is_empty(), "the match was rearranged: {shown}");
    let reviewed: Vec<(u64, String, String)> = decisions(&review)
        .iter()
        .filter(|d| d["kind"] == "arrangement")
        .map(|d| {
            (
                d["hand"].as_u64().unwrap(),
                d["player"].as_str().unwrap().to_string(),
                d["move"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut expected = arranged.clone();
    expected.sort();
    let mut got = reviewed.clone();
    got.sort();
    assert_eq!(got, expected, "every rearrangement reviewed, as played");
    for d in decisions(&review)
        .iter()
        .filter(|d| d["kind"] == "arrangement")
    {
        let best: u64 = d["best"]
            .as_str()
            .unwrap()
            .split(',')
            .map(|s| s.parse::<u64>().unwrap())
            .sum();
        let played: u64 = d["move"]
            .as_str()
            .unwrap()
            .split(',')
            .map(|s| s.parse::<u64>().unwrap())
            .sum();
        assert_eq!(best, played, "the best row places the same seeds: {d}");
    }
}

#[test]
fn a_tournament_review_reviews_what_is_not_reviewed_and_resumes() {
    on_both(|db| {
        let names = ["Amina", "Bashir", "Cawo", "Dahir"];
        for name in names {
            db.ok(&["player", "add", name, "--engine", "medium"]);
        }
        db.ok(&[
            "tournament",
            "new",
            "Club Night",
            "--variant",
            "tihbat",
            "--system",
            "round-robin",
        ]);
        let mut add = vec!["tournament", "add", "Club Night"];
        add.extend(names);
        db.ok(&add);
        db.refused(
            &["tournament", "review", "Club Night"],
            "no finished match left to review",
        );
        db.ok(&["tournament", "run", "Club Night"]);
        // One match reviewed on its own first: as if an earlier review was stopped.
        db.json(&["match", "review", "1"]);
        let done = db.json(&["tournament", "review", "Club Night", "--jobs", "2"]);
        assert_eq!(done["reviewed"], 5, "{done}");
        assert_eq!(done["already_reviewed"], 1, "{done}");
        assert_eq!(db.count("SELECT count(*) FROM match_reviews"), 6);
        assert_eq!(db.json(&["match", "review", "4"])["made_now"], false);
        db.refused(
            &["tournament", "review", "Club Night"],
            "no finished match left to review (6 finished, 6 already reviewed",
        );
        db.refused(
            &["tournament", "review", "Club Night", "--jobs", "0"],
            "--jobs 0 is out of range; allowed: 1 to 256",
        );
    });
}

#[test]
fn a_review_that_cannot_be_made_is_refused_and_stores_nothing() {
    on_both(|db| {
        db.ok(&["player", "add", "Amina"]);
        db.ok(&["player", "add", "Bashir"]);
        db.ok(&[
            "match",
            "new",
            "--variant",
            "tihbat",
            "--south",
            "Amina",
            "--north",
            "Bashir",
        ]);
        db.refused(&["match", "review", "7"], "7");
        db.refused(&["match", "review", "1"], "match 1 is not finished");
        db.ok(&["match", "forfeit", "1", "--absent", "north"]);
        db.refused(&["match", "review", "1"], "nothing to review");
        db.refused(
            &["match", "review", "1", "--nodes", "0"],
            "--nodes 0 is out of range",
        );
        db.refused(&["tournament", "review", "Nowhere"], "Nowhere");
    });
}

/// The match page says each player's marks as a person writes them: "1 blunder",
/// "2 blunders", "0 mistakes", agreeing with the stored summary.
#[test]
fn the_match_page_counts_each_players_marks() {
    on_both(|db| {
        // Seed 3: the review marks a single inaccuracy or mistake, whose count must
        // read in the singular.
        let id = engine_match_seeded(db, "tihbat", None, ["Amina", "Bashir"], Some("3"));
        let review = db.json(&["match", "review", &id]);
        let singles = ["inaccuracies", "mistakes", "blunders"]
            .iter()
            .flat_map(|k| ["south", "north"].map(|side| &review["players"][side][*k]))
            .filter(|n| n.as_u64() == Some(1))
            .count();
        assert!(
            singles > 0,
            "no count of one to read: {}",
            review["players"]
        );
        let server = common::server::Server::start(db);
        let page = server.page(&format!("/matches/{id}"));
        for side in ["south", "north"] {
            let summary = &review["players"][side];
            if summary["accuracy"].is_null() {
                continue;
            }
            let said: Vec<String> = [
                ("inaccuracies", "inaccuracy"),
                ("mistakes", "mistake"),
                ("blunders", "blunder"),
            ]
            .iter()
            .map(|(key, one)| match summary[*key].as_u64().unwrap() {
                1 => format!("1 {one}"),
                n => format!("{n} {key}"),
            })
            .collect();
            let phrase = said.join(", ");
            assert!(page.contains(&phrase), "{side}: '{phrase}' not on the page");
        }
    });
}

/// Issue 35: a finished match with no review yet says how one is made in the
/// page's language; the command stays as it is typed.
#[test]
fn a_match_not_reviewed_says_how_in_the_pages_language() {
    on_both(|db| {
        let id = engine_match(db, "tihbat", None, ["Amina", "Bashir"]);
        let server = common::server::Server::start(db);
        let command = format!("<code>goobalay match review {id}</code>");
        let english = server.page(&format!("/matches/{id}?lang=en"));
        assert!(
            english.contains("Not reviewed yet: a review is made at the director")
                && english.contains(&command),
            "{english}"
        );
        let french = server.page(&format!("/matches/{id}?lang=fr"));
        assert!(
            french.contains("Pas encore analysée : l")
                && french.contains("analyse se lance à la table de l")
                && french.contains(&command),
            "{french}"
        );
        assert!(!french.contains("Not reviewed"), "{french}");
    });
}

/// The review's endgame table is kept in the cache folder after it is built, read
/// from there by the next review (not built again), and built again when the file
/// is damaged: the values are the same each time.
#[test]
fn an_endgame_table_is_kept_for_the_next_review() {
    let db = common::Db::new();
    let cache = tempfile::tempdir().unwrap();
    // Seeded, so that the match reaches the endgame table (8 seeds in a debug build).
    let id = engine_match_seeded(&db, "tampoduo", None, ["Amina", "Bashir"], Some("1"));
    let review = |again: bool| {
        let mut args = vec!["match", "review", &id, "--format", "json"];
        if again {
            args.push("--again");
        }
        let stdout = common::succeeded(db.cmd(&args).env("GOOBALAY_CACHE_DIR", cache.path()));
        decisions(&serde_json::from_slice(&stdout).unwrap())
    };
    let kept = || {
        let files: Vec<_> = std::fs::read_dir(cache.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1, "one table file: {files:?}");
        let name = files[0].file_name().unwrap().to_string_lossy().to_string();
        assert!(
            name.starts_with("endgame-tampoduo-") && name.ends_with(".table"),
            "{name}"
        );
        files[0].clone()
    };
    let first = review(false);
    assert!(
        first.iter().any(|d| d["exact"] == true),
        "the match reached its endgame table"
    );
    let file = kept();
    let written = std::fs::metadata(&file).unwrap();
    assert_eq!(review(true), first);
    let read = std::fs::metadata(kept()).unwrap();
    assert_eq!(
        read.modified().unwrap(),
        written.modified().unwrap(),
        "read, not written again"
    );
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    assert_eq!(review(true), first);
    assert_ne!(
        std::fs::read(kept()).unwrap(),
        bytes,
        "the damaged file replaced by the table built again"
    );
}
