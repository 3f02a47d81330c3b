//! A Swiss accelerated by FIDE's Baku method (C.04.5.1; issue 34, point 2). Every
//! figure is worked out by hand from the regulation: 10 players give group A
//! 2·⌈10/4⌉ = 6 players; 5 rounds accelerate ⌈5/2⌉ = 3 rounds, the first ⌈3/2⌉ = 2
//! with a full virtual point and round 3 with half of one. On SQLite and (with
//! `GOOBALAY_TEST_POSTGRES`) PostgreSQL.

mod common;

use common::backends::{Target, on_both};

/// Round `round`'s boards as unordered pairs of names, sorted.
fn pairs(db: &dyn Target, name: &str, round: u64) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = db.json(&["tournament", "show", name])["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["round"] == round)
        .map(|b| {
            unordered(
                b["south"].as_str().unwrap(),
                b["north"].as_str().unwrap_or("bye"),
            )
        })
        .collect();
    out.sort();
    out
}

/// A pair with the lower-numbered player first ("P8" before "P10").
fn unordered(a: &str, b: &str) -> (String, String) {
    let number = |p: &str| p[1..].parse::<u32>().unwrap_or(u32::MAX);
    if number(a) <= number(b) {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

fn pair_list(list: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = list.iter().map(|(a, b)| unordered(a, b)).collect();
    out.sort();
    out
}

/// The match between `a` and `b` in round `round`, and whether `a` is South.
fn match_of(db: &dyn Target, name: &str, round: u64, a: &str, b: &str) -> (String, bool) {
    let show = db.json(&["tournament", "show", name]);
    let board = show["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| {
            x["round"] == round
                && ((x["south"] == a && x["north"] == b) || (x["south"] == b && x["north"] == a))
        })
        .unwrap_or_else(|| panic!("{}: no board {a} v {b}", db.backend()));
    (
        board["match_id"].as_i64().unwrap().to_string(),
        board["south"] == a,
    )
}

/// Enters round `round`'s results: the first named of each pair wins.
fn winners(db: &dyn Target, name: &str, round: u64, games: &[(&str, &str)]) {
    for (winner, loser) in games {
        let (id, south) = match_of(db, name, round, winner, loser);
        db.ok(&[
            "match",
            "result",
            &id,
            "--match",
            if south { "south" } else { "north" },
        ]);
    }
}

const FIELD: [&str; 10] = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10"];

/// "Open": a 5-round Tihbat Swiss of P1..P10, rated 1950 down to 1500 in that order,
/// accelerated by the Baku method, with round 1 paired.
fn accelerated_open(db: &dyn Target) {
    for (i, p) in FIELD.iter().enumerate() {
        db.ok(&["player", "add", p, "--rating", &(1950 - 50 * i).to_string()]);
    }
    let created = db.ok(&[
        "tournament",
        "new",
        "Open",
        "--variant",
        "tihbat",
        "--system",
        "swiss",
        "--rounds",
        "5",
        "--acceleration",
        "baku",
    ]);
    assert!(
        created.contains("swiss, accelerated by the Baku method"),
        "{created}"
    );
    let mut add = vec!["tournament", "add", "Open"];
    add.extend(FIELD);
    db.ok(&add);
    db.ok(&["tournament", "pair", "Open"]);
}

#[test]
fn group_a_pairs_among_itself_until_the_virtual_points_are_gone() {
    on_both(|db| {
        accelerated_open(db);
        // Round 1: group A (P1-P6, one virtual point each) is a bracket of its own,
        // top half against bottom half; so is group B (P7-P10). Unaccelerated, P1
        // would meet P6 and P5 would meet P10.
        assert_eq!(
            pairs(db, "Open", 1),
            pair_list(&[
                ("P1", "P4"),
                ("P2", "P5"),
                ("P3", "P6"),
                ("P7", "P9"),
                ("P8", "P10")
            ]),
            "{}",
            db.backend()
        );
        winners(
            db,
            "Open",
            1,
            &[
                ("P1", "P4"),
                ("P2", "P5"),
                ("P3", "P6"),
                ("P7", "P9"),
                ("P8", "P10"),
            ],
        );
        // The standings count real points only: the winners 1, the rest 0.
        let standings = db.json(&["tournament", "standings", "Open"]);
        let points: Vec<(String, f64)> = standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["name"].as_str().unwrap().to_string(),
                    r["points"].as_f64().unwrap(),
                )
            })
            .collect();
        for (name, got) in &points {
            let won = ["P1", "P2", "P3", "P7", "P8"].contains(&name.as_str());
            assert_eq!(
                *got,
                if won { 1.0 } else { 0.0 },
                "{}: {name}",
                db.backend()
            );
        }
        let acceleration = &standings["acceleration"];
        assert_eq!(acceleration["group_a"].as_array().unwrap().len(), 6);
        assert_eq!(acceleration["full_until"], 2);
        assert_eq!(acceleration["half_until"], 3);
        let table = db.ok(&["tournament", "standings", "Open"]);
        assert!(
            table.contains(
                "Baku acceleration: group A, the 6 players P1 to P6 by pairing number, is paired with 1 virtual point in rounds 1-2 and 0.5 in round 3; virtual points count for pairing only, never in points or tiebreaks"
            ),
            "{table}"
        );
        // The web page says it under the standings, in the room's language.
        let server = common::server::Server::start(db);
        let id = db.json(&["tournament", "show", "Open"])["tournament"]["id"]
            .as_i64()
            .unwrap();
        let page = server.page(&format!("/tournaments/{id}"));
        assert!(
            page.contains("Baku acceleration: group A (6 players, "),
            "{}: {page}",
            db.backend()
        );
        let french = server.page(&format!("/tournaments/{id}?lang=fr"));
        assert!(
            french.contains("avec 1 point virtuel jusqu'à la ronde 2 et 0,5 jusqu'à la ronde 3"),
            "{}: {french}",
            db.backend()
        );
        drop(server);
        // Round 2, pairing scores: P1-P3 2, P4-P6 1 (virtual), P7-P8 1, P9-P10 0.
        // The top bracket of three floats P3 down to P4; P5, P6 meet P7, P8 with
        // the colours both want (P5, P7 had South); P9 meets P10.
        db.ok(&["tournament", "pair", "Open"]);
        assert_eq!(
            pairs(db, "Open", 2),
            pair_list(&[
                ("P1", "P2"),
                ("P3", "P4"),
                ("P5", "P8"),
                ("P6", "P7"),
                ("P10", "P9")
            ]),
            "{}",
            db.backend()
        );
        assert!(db.ok(&["verify"]).contains("all consistent"));
        // verify pairs the rounds again with the virtual points: without them
        // (the acceleration erased behind goobalay's back) round 1 is not the
        // pairing the rules give.
        db.sql("UPDATE tournaments SET acceleration = NULL WHERE name = 'Open'");
        let out = db.run(&["verify"]);
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{}: {text}", db.backend());
        assert!(
            text.contains("round 1, board 1: stored P1 (South) v P4 (North), the pairing rules give P1 (South) v P6 (North)"),
            "{}: {text}",
            db.backend()
        );
    });
}

#[test]
fn the_trf_carries_the_virtual_points_and_comes_back_accelerated() {
    on_both(|db| {
        accelerated_open(db);
        winners(
            db,
            "Open",
            1,
            &[
                ("P1", "P4"),
                ("P2", "P5"),
                ("P3", "P6"),
                ("P7", "P9"),
                ("P8", "P10"),
            ],
        );
        let trf = db.ok(&["tournament", "export", "Open", "--format", "trf"]);
        let xxa: Vec<&str> = trf.lines().filter(|l| l.starts_with("XXA")).collect();
        assert_eq!(
            xxa,
            (1..=6)
                .map(|n| format!("XXA {n:>4}  1.0  1.0  0.5"))
                .collect::<Vec<_>>(),
            "{}",
            db.backend()
        );
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("open.trf");
        std::fs::write(&file, &trf).unwrap();
        let file = file.to_str().unwrap();
        db.ok(&["tournament", "import", file, "--name", "Again"]);
        assert!(
            db.ok(&["tournament", "standings", "Again"])
                .contains("Baku acceleration: group A, the 6 players P1 to P6")
        );
        db.ok(&["tournament", "pair", "Open"]);
        db.ok(&["tournament", "pair", "Again"]);
        assert_eq!(
            pairs(db, "Again", 2),
            pairs(db, "Open", 2),
            "{}",
            db.backend()
        );

        // Virtual points that are not the method's are refused (`refused` checks
        // that nothing is stored).
        let other = trf.replace("XXA    6  1.0  1.0  0.5", "XXA    6  1.0  0.5");
        let bad = dir.path().join("bad.trf");
        std::fs::write(&bad, other).unwrap();
        db.refused(
            &["tournament", "import", bad.to_str().unwrap(), "--name", "Bad"],
            "XXA: player 6 has virtual points 1 0.5, but the Baku method gives 1 1 0.5 (group A is players 1-6; goobalay's accelerated pairings follow the Baku method only)",
        );
        assert!(db.ok(&["verify"]).contains("all consistent"));
    });
}

#[test]
fn acceleration_is_refused_where_it_cannot_work() {
    on_both(|db| {
        // Something stored first: the first command on a new database creates its
        // tables, which `refused` would count as a change.
        db.ok(&["player", "add", "Ann"]);
        db.refused(
            &[
                "tournament",
                "new",
                "RR",
                "--variant",
                "tihbat",
                "--system",
                "round-robin",
                "--acceleration",
                "baku",
            ],
            "goobalay: a round-robin has no accelerated rounds (--acceleration): only a swiss paired by the Dutch rules adds virtual points",
        );
        db.refused(
            &[
                "tournament",
                "new",
                "Three",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
                "--points",
                "3,1,0",
                "--acceleration",
                "baku",
            ],
            "needs a win worth two draws and a loss worth 0, not points 3,1,0",
        );
        db.refused(
            &[
                "tournament",
                "new",
                "Fast",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
                "--acceleration",
                "fast",
            ],
            "goobalay: --acceleration: 'fast' is not a method; give none or baku",
        );
    });
}
