//! The director's desk over one whole club evening (issue 13), through the CLI, on
//! SQLite and (with `GOOBALAY_TEST_POSTGRES`) PostgreSQL: a no-show forfeited, an
//! agreed drawn hands match, a half-point bye, a round unpaired and paired again by
//! hand with its boards changed, a typo corrected after the next round was paired, a
//! late entrant with two zero-point byes, a double forfeit, the event closing itself,
//! refusing, corrected while closed, reopened for another round, a match voided.
//! Standings, tiebreaks, crosstable marks, ratings and `verify` are checked on the
//! way against values worked out by hand in the comments.

mod common;

use common::backends::{Target, on_both};
use serde_json::Value;

/// Round `round`'s boards as `tournament show` lists them: (south, north or "bye",
/// match id as text, or "" for the bye).
fn boards(db: &dyn Target, round: u64) -> Vec<(String, String, String)> {
    db.json(&["tournament", "show", "Evening"])["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["round"] == round)
        .map(|b| {
            (
                b["south"].as_str().unwrap().to_string(),
                b["north"].as_str().unwrap_or("bye").to_string(),
                b["match_id"]
                    .as_i64()
                    .map_or(String::new(), |id| id.to_string()),
            )
        })
        .collect()
}

/// Each player's points, in the standings' order.
fn points(db: &dyn Target) -> Vec<(String, f64)> {
    db.json(&["tournament", "standings", "Evening"])["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["points"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn points_of(db: &dyn Target, name: &str) -> f64 {
    points(db)
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("{name} is not in the standings"))
        .1
}

fn verified(db: &dyn Target) {
    let out = db.cmd(&["verify"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("all consistent"),
        "{}: {text}{}",
        db.backend(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Elo with K = 32: `a`'s new rating after scoring `score` against `b`.
fn elo(a: f64, b: f64, score: f64) -> f64 {
    a + 32.0 * (score - 1.0 / (1.0 + 10f64.powf((b - a) / 400.0)))
}

fn rating(db: &dyn Target, name: &str) -> (Option<f64>, usize) {
    let v = db.json(&["player", "show", name]);
    (
        v["rating"].as_f64(),
        v["rating_history"].as_array().unwrap().len(),
    )
}

fn evening(db: &dyn Target) {
    for p in ["Ama", "Esi", "Kofi", "Yaw", "Abena", "Zed"] {
        db.ok(&["player", "add", p]);
    }
    db.ok(&[
        "tournament",
        "new",
        "Evening",
        "--variant",
        "layli-goobalay",
        "--system",
        "swiss",
        "--rounds",
        "3",
    ]);
    db.ok(&["tournament", "add", "Evening", "Ama", "Esi", "Kofi", "Yaw"]);

    // Round 1. Starting ranks by name (all unrated): Ama 1, Esi 2, Kofi 3, Yaw 4; the
    // Dutch split pairs 1 v 3 and 4 v 2, colours alternating by board.
    db.ok(&["tournament", "pair", "Evening"]);
    let r1 = boards(db, 1);
    assert_eq!(
        r1.iter()
            .map(|(s, n, _)| (s.as_str(), n.as_str()))
            .collect::<Vec<_>>(),
        [("Ama", "Kofi"), ("Yaw", "Esi")]
    );
    // Kofi does not come; Yaw and Esi agree a draw of their hands match; Esi asks
    // for a half-point bye in round 2.
    db.ok(&["match", "forfeit", &r1[0].2, "--absent", "north"]);
    db.ok(&["match", "result", &r1[1].2, "--match", "draw"]);
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
    db.refused(
        &["match", "forfeit", &r1[0].2, "--absent", "south"],
        "is a correction",
    );
    assert_eq!(
        points(db),
        [
            ("Ama".into(), 1.0),
            ("Esi".into(), 0.5),
            ("Yaw".into(), 0.5),
            ("Kofi".into(), 0.0)
        ]
    );
    verified(db);

    // Round 2 without Esi: Ama 1, Yaw 0.5, Kofi 0; Kofi (lowest) has the pairing bye,
    // Ama v Yaw. The director takes the round back before anyone starts and pairs
    // it by hand with Yaw moving first.
    db.ok(&["tournament", "pair", "Evening"]);
    let r2 = boards(db, 2);
    assert_eq!(r2[0].0, "Ama", "{r2:?}");
    assert_eq!(r2[0].1, "Yaw", "{r2:?}");
    assert_eq!((r2[1].0.as_str(), r2[1].1.as_str()), ("Kofi", "bye"));
    db.ok(&[
        "tournament",
        "unpair",
        "Evening",
        "--reason",
        "boards to be swapped",
    ]);
    db.refused(
        &[
            "tournament",
            "pair",
            "Evening",
            "--board",
            "Yaw",
            "Ama",
            "--board",
            "Kofi",
            "Yaw",
        ],
        "Yaw",
    );
    db.ok(&[
        "tournament",
        "pair",
        "Evening",
        "--board",
        "Yaw",
        "Ama",
        "--bye",
        "Kofi",
        "--reason",
        "Yaw asked to move first",
    ]);
    let r2 = boards(db, 2);
    assert_eq!((r2[0].0.as_str(), r2[0].1.as_str()), ("Yaw", "Ama"));
    assert!(
        db.ok(&["tournament", "show", "Evening"])
            .contains("Round 2 (paired by hand: Yaw asked to move first)")
    );
    // Entered the wrong way round: Ama won 48-0, the desk typed Yaw's win.
    db.ok(&["match", "result", &r2[0].2, "48", "0"]);
    // Abena arrives after round 2 was paired: zero-point byes for rounds 1 and 2.
    db.ok(&["tournament", "add", "Evening", "Abena"]);
    // As entered: Yaw 1/2 + 1; Ama 1 + 0; Esi 1/2 + H 1/2; Kofi 0 + pairing bye 1.
    assert_eq!(points_of(db, "Yaw"), 1.5);
    assert_eq!(points_of(db, "Ama"), 1.0);
    assert_eq!(points_of(db, "Esi"), 1.0);
    assert_eq!(points_of(db, "Kofi"), 1.0);
    assert_eq!(points_of(db, "Abena"), 0.0);
    verified(db);

    // Round 3 on the results as entered: Abena (0, no pairing bye yet; her zero-point
    // byes are not pairing-allocated) has the bye. Yaw (1.5) floats down to the
    // 1-point group and has met Esi and Ama, so he meets Kofi (their forfeit was no
    // game); Ama v Esi. Yaw moved first twice: he is North. Ama and Esi were both
    // North in their one played game; Ama ranks higher and moves first.
    db.ok(&["tournament", "pair", "Evening"]);
    let r3 = boards(db, 3);
    let pairs: Vec<(&str, &str)> = r3
        .iter()
        .map(|(s, n, _)| (s.as_str(), n.as_str()))
        .collect();
    assert_eq!(pairs, [("Kofi", "Yaw"), ("Ama", "Esi"), ("Abena", "bye")]);

    // The typo is found now: the round-2 hand is corrected; round 3 stays as paired.
    let out = db.ok(&[
        "match",
        "correct",
        &r2[0].2,
        "--score",
        "0,48",
        "--reason",
        "typed the wrong way round",
    ]);
    assert!(
        out.contains("the match's result was 1-0 (48-0), is 0-1 (0-48)"),
        "{out}"
    );
    assert!(
        out.contains("rounds already paired stay as they were"),
        "{out}"
    );
    assert_eq!(boards(db, 3), r3);
    assert_eq!(points_of(db, "Ama"), 2.0);
    assert_eq!(points_of(db, "Yaw"), 0.5);
    verified(db);

    // Round 3: neither Kofi nor Yaw comes (so it is entered); Ama beats Esi, the
    // whole match entered with its final seeds. The last result closes the event.
    db.ok(&["match", "forfeit", &r3[0].2, "--absent", "both"]);
    db.ok(&[
        "match", "result", &r3[1].2, "--match", "south", "--seeds", "30,18",
    ]);
    assert!(
        db.ok(&["tournament", "show", "Evening"])
            .contains("finished (closed)")
    );
    db.refused(
        &["tournament", "add", "Evening", "Zed"],
        "is finished and closed",
    );
    db.refused(&["tournament", "pair", "Evening"], "is finished and closed");
    db.refused(
        &["tournament", "withdraw", "Evening", "Esi"],
        "is finished and closed",
    );
    db.refused(
        &["tournament", "reopen", "Evening", "--rounds", "0"],
        "between 1 and 99 rounds",
    );

    // Yaw was at the board after all: the double forfeit becomes Kofi's forfeit.
    // Allowed while closed; it says whose standing changed.
    db.refused(
        &[
            "match", "correct", &r3[0].2, "--absent", "both", "--reason", "again",
        ],
        "already forfeited with both absent",
    );
    db.refused(
        &[
            "match",
            "correct",
            &r3[0].2,
            "--absent",
            "north",
            "--score",
            "1,1",
            "--reason",
            "two at once",
        ],
        "cannot be used with",
    );
    let out = db.ok(&[
        "match",
        "correct",
        &r3[0].2,
        "--absent",
        "south",
        "--reason",
        "Yaw was at the board",
    ]);
    assert!(
        out.contains("corrected the match to a forfeit, south absent (Yaw was at the board)"),
        "{out}"
    );
    assert!(
        out.contains("the match's result was unplayed, nobody scores, is 0-1 by forfeit"),
        "{out}"
    );
    assert!(out.contains("Evening: Yaw was "), "{out}");
    assert!(
        db.ok(&["tournament", "show", "Evening"])
            .contains("finished (closed)")
    );
    verified(db);

    // One more round: reopened, paired by hand, the last match voided (played on
    // the wrong board, to be replayed another evening).
    db.ok(&[
        "tournament",
        "reopen",
        "Evening",
        "--rounds",
        "4",
        "--reason",
        "time for one more round",
    ]);
    db.refused(&["tournament", "reopen", "Evening"], "is not closed");
    db.ok(&[
        "tournament",
        "pair",
        "Evening",
        "--board",
        "Ama",
        "Abena",
        "--board",
        "Esi",
        "Kofi",
        "--bye",
        "Yaw",
        "--reason",
        "the players' wish",
    ]);
    let r4 = boards(db, 4);
    db.ok(&["match", "result", &r4[0].2, "48", "0"]);
    db.ok(&["match", "result", &r4[1].2, "--match", "north"]);
    assert!(
        db.ok(&["tournament", "show", "Evening"])
            .contains("finished (closed)")
    );
    let out = db.ok(&[
        "match",
        "correct",
        &r4[1].2,
        "--void",
        "--reason",
        "played on the wrong board",
    ]);
    assert!(
        out.contains("corrected the match to void (annulled) (played on the wrong board); the match's result was 0-1, is unplayed, nobody scores"),
        "{out}"
    );
    db.refused(
        &["match", "correct", &r4[1].2, "--void", "--reason", "again"],
        "already void",
    );
    db.refused(
        &[
            "match", "correct", &r4[1].2, "--score", "1,47", "--reason", "x",
        ],
        "correct the whole result instead",
    );
    verified(db);
    let history = db.ok(&["history", "--tournament", "Evening"]);
    let voided = history
        .lines()
        .find(|l| l.starts_with(&format!("│ {} ", r4[1].2)))
        .unwrap_or_else(|| panic!("{history}"));
    assert!(
        voided.contains("│ void ") && !voided.contains("won"),
        "{voided}"
    );
    let kofi = db.ok(&["player", "show", "Kofi"]);
    assert!(kofi.contains(", void 1, in play 0"), "{kofi}");

    // The evening's record, by rounds:
    //          R1          R2           R3              R4
    //   Ama    + Kofi      W Yaw        W Esi (entered) W Abena     4
    //   Yaw    = Esi       L Ama        + Kofi          U (bye)     2.5
    //   Esi    = Yaw       H            L Ama           void Kofi   1
    //   Kofi   - Ama       U (bye)      - Yaw           void Esi    1
    //   Abena  Z           Z            U (bye)         L Ama       1
    let s = db.json(&["tournament", "standings", "Evening"]);
    let row = |name: &str| -> Value {
        s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap()
            .clone()
    };
    for (name, pts, played) in [
        ("Ama", 4.0, 3),
        ("Yaw", 2.5, 2),
        ("Esi", 1.0, 2),
        ("Kofi", 1.0, 0),
        ("Abena", 1.0, 1),
    ] {
        let r = row(name);
        assert_eq!(
            (r["points"].as_f64(), r["played"].as_u64()),
            (Some(pts), Some(played)),
            "{name}: {r}"
        );
    }
    assert_eq!(s["rows"][0]["name"], "Ama");
    assert_eq!(s["rows"][1]["name"], "Yaw");
    // Ama's Buchholz and Sonneborn-Berger (C.07 (2023) art. 16): her forfeit win is
    // an unplayed round, a dummy opponent with her own 4; Yaw 2.5 (no voluntary
    // unplayed round); Esi 1 with her trailing forfeit loss (the void) as a draw, 1.5;
    // Abena 1 (her Z byes are not trailing). BH = 4 + 2.5 + 1.5 + 1 = 9; all wins, so
    // SB is the same sum, 9.
    let tb = row("Ama")["tiebreaks"].clone();
    assert_eq!(
        (tb[0].as_f64(), tb[1].as_f64()),
        (Some(9.0), Some(9.0)),
        "{tb}"
    );

    // Ratings (Elo, K = 32, from 1500), unplayed and void matches unrated, in the
    // order the results came in: Yaw = Esi, Ama beats Yaw (as corrected), Ama beats
    // Esi, Ama beats Abena.
    let ama = elo(elo(elo(1500.0, 1500.0, 1.0), 1500.0, 1.0), 1500.0, 1.0);
    let ama_before_r4 = elo(elo(1500.0, 1500.0, 1.0), 1500.0, 1.0);
    let expected = [
        ("Ama", Some(ama), 3),
        ("Yaw", Some(elo(1500.0, 1500.0, 0.0)), 2),
        ("Esi", Some(elo(1500.0, elo(1500.0, 1500.0, 1.0), 0.0)), 2),
        ("Abena", Some(elo(1500.0, ama_before_r4, 0.0)), 1),
        ("Kofi", None, 0),
    ];
    for (name, want, games) in expected {
        let (got, n) = rating(db, name);
        assert_eq!(n, games, "{name}");
        match (got, want) {
            (Some(g), Some(w)) => assert!((g - w).abs() < 0.01, "{name}: {g} v {w}"),
            (g, w) => assert_eq!(g, w, "{name}"),
        }
    }

    // Crosstable marks for the unplayed rounds.
    let x = db.json(&["tournament", "crosstable", "Evening"]);
    let pos = |name: &str| {
        x["players"]
            .as_array()
            .unwrap()
            .iter()
            .position(|p| p["name"] == name)
            .unwrap()
    };
    let card = |name: &str, round: usize| x["cards"][pos(name)][round - 1]["outcome"].clone();
    for (name, round, mark) in [
        ("Ama", 1, "forfeit-win"),
        ("Kofi", 1, "forfeit-loss"),
        ("Esi", 2, "half-bye"),
        ("Kofi", 2, "bye"),
        ("Abena", 1, "zero-bye"),
        ("Abena", 2, "zero-bye"),
        ("Yaw", 3, "forfeit-win"),
        ("Kofi", 3, "forfeit-loss"),
        ("Esi", 4, "forfeit-loss"),
        ("Kofi", 4, "forfeit-loss"),
        ("Yaw", 4, "bye"),
    ] {
        assert_eq!(card(name, round), mark, "{name} round {round}");
    }

    // A correction changed in the tables is named.
    db.sql("UPDATE match_corrections SET absent = 'north' WHERE kind = 'absent'");
    let out = db.cmd(&["verify"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("correction "), "{text}");
}

#[test]
fn a_club_evening_that_does_not_go_to_plan_on_both() {
    on_both(evening);
}

/// A hand typed wrongly in a multi-hand match still being played: corrected before
/// anything was done in the next hand, which is set up again from the corrected
/// score (the poorer side arranges); once the next hand has begun, refused. A
/// correction that leaves the loser under 6 seeds ends the match (RULES.md §3).
fn unfinished_hand_corrections(db: &dyn Target) {
    for p in ["Ama", "Esi"] {
        db.ok(&["player", "add", p]);
    }
    let new_match = || {
        db.json(&[
            "match",
            "new",
            "--variant",
            "layli-goobalay",
            "--south",
            "Ama",
            "--north",
            "Esi",
        ])["id"]
            .to_string()
    };
    let id = new_match();
    db.ok(&["match", "result", &id, "30", "18"]);
    // Hand 2: North (18, the poorer) arranges first.
    assert_eq!(
        db.json(&["match", "state", &id])["match"]["awaiting"]["player"],
        "north"
    );
    let out = db.ok(&[
        "match", "correct", &id, "--hand", "1", "--score", "18,30", "--reason", "swapped",
    ]);
    assert!(
        out.contains(
            "corrected hand 1 to 18-30 (swapped); the match's result was no result, is no result"
        ),
        "{out}"
    );
    let state = db.json(&["match", "state", &id]);
    assert_eq!(state["match"]["awaiting"]["player"], "south", "{state}");
    assert_eq!(
        state["match"]["holdings"],
        serde_json::json!([18, 30]),
        "{state}"
    );
    verified(db);
    // South arranges hand 2: hand 1 can no longer change alone.
    db.ok(&["match", "arrange", &id, "--seeds", "3,3,3,3,3,3"]);
    db.refused(
        &[
            "match", "correct", &id, "--hand", "1", "--score", "30,18", "--reason", "x",
        ],
        "hand 2 was set up from hand 1's score",
    );
    db.refused(
        &[
            "match", "correct", &id, "--hand", "2", "--score", "30,18", "--reason", "x",
        ],
        "hand 2 is still being played",
    );
    db.ok(&["match", "result", &id, "--match", "north"]);
    verified(db);

    // Corrected to 44-4, the first hand ends the match: North has under 6 seeds.
    let id = new_match();
    db.ok(&["match", "result", &id, "30", "18"]);
    db.ok(&[
        "match",
        "correct",
        &id,
        "--score",
        "44,4",
        "--reason",
        "miscounted",
    ]);
    let shown = db.json(&["match", "show", &id]);
    assert_eq!(
        shown["corrections"][0]["after"]["winner"], "south",
        "{shown}"
    );
    assert_eq!(shown["hands"].as_array().unwrap().len(), 1, "{shown}");
    verified(db);
}

#[test]
fn a_hand_of_a_match_in_play_is_corrected_before_the_next_hand_begins_on_both() {
    on_both(unfinished_hand_corrections);
}
