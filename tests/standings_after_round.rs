//! Standings as they stood (issue 33, point 3): `--round N` counts rounds 1 to N only,
//! in the standings, the crosstable, the exports and on the web; the current standings
//! say which later results they already count.

mod common;

use std::collections::HashMap;

use common::backends::{Target, on_both};
use common::server::Server;
use serde_json::Value;

/// Round `round`'s boards: (south, north, match id).
fn boards(db: &dyn Target, name: &str, round: u64) -> Vec<(String, String, String)> {
    db.json(&["tournament", "show", name])["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["round"] == round && b["match_id"].is_i64())
        .map(|b| {
            (
                b["south"].as_str().unwrap().to_string(),
                b["north"].as_str().unwrap().to_string(),
                b["match_id"].as_i64().unwrap().to_string(),
            )
        })
        .collect()
}

fn points(standings: &Value) -> HashMap<String, f64> {
    standings["rows"]
        .as_array()
        .unwrap_or_else(|| panic!("{standings}"))
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["points"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn check(db: &dyn Target) {
    let b = db.backend();
    for p in ["Ann", "Bob", "Cy", "Di"] {
        db.ok(&["player", "add", p]);
    }
    db.ok(&[
        "tournament",
        "new",
        "RR",
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
    ]);
    db.ok(&["tournament", "add", "RR", "Ann", "Bob", "Cy", "Di"]);
    // Every match goes 20-8 to South; a win is a point. So after round 2 each player
    // has as many points as rounds in which they were South, and seeds for 20 a
    // South round, 8 a North one.
    let mut by_round: HashMap<String, f64> = HashMap::new();
    for round in 1..=2 {
        db.ok(&["tournament", "pair", "RR"]);
        for (south, north, id) in boards(db, "RR", round) {
            db.ok(&["match", "result", &id, "20", "8"]);
            *by_round.entry(south).or_default() += 1.0;
            by_round.entry(north).or_default();
        }
    }
    db.ok(&["tournament", "pair", "RR"]);
    let third = boards(db, "RR", 3);
    assert_eq!(third.len(), 2, "{b}");
    db.ok(&["match", "result", &third[0].2, "20", "8"]);

    // Now: round 3's first result counts, and the heading says so.
    let now = db.json(&["tournament", "standings", "RR"]);
    let mut expected_now = by_round.clone();
    *expected_now.get_mut(&third[0].0).unwrap() += 1.0;
    assert_eq!(points(&now), expected_now, "{b}: {now}");
    assert_eq!(
        now["heading"], "after round 2 of 3 (round 3 in progress), with 1 of round 3's 2 results",
        "{b}: {now}"
    );
    let table = db.ok(&["tournament", "standings", "RR"]);
    assert!(
        table.starts_with(
            "RR (tihbat, round-robin): standings after round 2 of 3 (round 3 in progress), with 1 of round 3's 2 results"
        ),
        "{b}: {table}"
    );

    // After round 2: rounds 1 and 2 only.
    let then = db.json(&["tournament", "standings", "RR", "--round", "2"]);
    assert_eq!(points(&then), by_round, "{b}: {then}");
    assert_eq!(then["heading"], "after round 2 of 3", "{b}: {then}");
    let seeds_then: HashMap<String, i64> = then["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["played"].as_i64().unwrap(),
            )
        })
        .collect();
    assert!(seeds_then.values().all(|&n| n == 2), "{b}: {then}");
    let table = db.ok(&["tournament", "standings", "RR", "--round", "2"]);
    assert!(
        table.starts_with("RR (tihbat, round-robin): standings after round 2 of 3\n"),
        "{b}: {table}"
    );
    // After round 1: one round each.
    let first = db.json(&["tournament", "standings", "RR", "--round", "1"]);
    assert_eq!(
        points(&first).values().sum::<f64>(),
        2.0,
        "{b}: two matches, two points: {first}"
    );

    // The crosstable and the exports as they stood.
    let x = db.json(&["tournament", "crosstable", "RR", "--round", "2"]);
    assert_eq!(x["rounds"], 2, "{b}: {x}");
    let csv = db.ok(&[
        "tournament",
        "export",
        "RR",
        "--format",
        "csv",
        "--round",
        "2",
    ]);
    let csv_now = db.ok(&["tournament", "export", "RR", "--format", "csv"]);
    assert_ne!(csv, csv_now, "{b}");
    assert!(!csv.contains("Round 3"), "{b}: {csv}");
    let trf = db.ok(&[
        "tournament",
        "export",
        "RR",
        "--format",
        "trf",
        "--round",
        "1",
    ]);
    // A TRF holds the rounds completed: now rounds 1 and 2, after round 1 only the
    // first (each player's line one round shorter).
    let trf_now = db.ok(&["tournament", "export", "RR", "--format", "trf"]);
    assert_ne!(trf, trf_now, "{b}");
    let line_of = |text: &str| text.lines().find(|l| l.contains("Ann")).unwrap().len();
    assert!(line_of(&trf) < line_of(&trf_now), "{b}: {trf}");

    // Rounds not paired are refused, the database unchanged.
    db.refused(
        &["tournament", "standings", "RR", "--round", "4"],
        "tournament RR has no round 4",
    );
    db.refused(
        &["tournament", "crosstable", "RR", "--round", "0"],
        "rounds 1 to 3 are paired",
    );
    db.refused(
        &[
            "tournament",
            "export",
            "RR",
            "--format",
            "json",
            "--round",
            "9",
        ],
        "no round 9",
    );

    // The web: `?round=N` on the API and the page.
    let server = Server::start(db);
    let id = db.json(&["tournament", "list"])[0]["id"].as_i64().unwrap();
    let api = server.json(&format!("/api/tournaments/{id}/standings?round=2"));
    assert_eq!(points(&api["standings"]), by_round, "{b}: {api}");
    let api_now = server.json(&format!("/api/tournaments/{id}/standings"));
    assert_eq!(
        points(&api_now["standings"]),
        expected_now,
        "{b}: {api_now}"
    );
    let (status, body) = server.get(&format!("/api/tournaments/{id}/standings?round=5"));
    assert!((400..500).contains(&status), "{b}: {status} {body}");
    assert!(body.contains("\"error\""), "{b}: {body}");
    let page = server.page(&format!("/tournaments/{id}?round=2"));
    assert!(page.contains("after round 2 of 3"), "{b}: {page}");
    let page_now = server.page(&format!("/tournaments/{id}"));
    assert!(
        page_now.contains("with 1 of round 3&#39;s 2 results")
            || page_now.contains("with 1 of round 3's 2 results"),
        "{b}: {page_now}"
    );
}

#[test]
fn standings_after_a_round_count_that_round_and_those_before_only() {
    on_both(check);
}

/// A late entrant of a Swiss is not in the standings of the rounds before they
/// entered.
#[test]
fn a_late_entrant_is_not_in_the_standings_before_their_entry() {
    on_both(|db| {
        let b = db.backend();
        for p in ["Ann", "Bob", "Cy", "Di", "Eve"] {
            db.ok(&["player", "add", p]);
        }
        db.ok(&[
            "tournament",
            "new",
            "Sw",
            "--variant",
            "tihbat",
            "--system",
            "swiss",
            "--rounds",
            "4",
        ]);
        db.ok(&["tournament", "add", "Sw", "Ann", "Bob", "Cy", "Di"]);
        for round in 1..=2 {
            db.ok(&["tournament", "pair", "Sw"]);
            for (_, _, id) in boards(db, "Sw", round) {
                db.ok(&["match", "result", &id, "14", "14"]);
            }
        }
        db.ok(&["tournament", "pair", "Sw"]);
        db.ok(&["tournament", "add", "Sw", "Eve"]);
        let now = points(&db.json(&["tournament", "standings", "Sw"]));
        assert!(now.contains_key("Eve"), "{b}: {now:?}");
        let then = points(&db.json(&["tournament", "standings", "Sw", "--round", "2"]));
        assert_eq!(then.len(), 4, "{b}: {then:?}");
        assert!(!then.contains_key("Eve"), "{b}: {then:?}");
        assert!(
            then.values().all(|&p| p == 1.0),
            "{b}: two draws each: {then:?}"
        );
    });
}
