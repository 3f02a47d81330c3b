//! A postponed match does not hold a round robin's next round (issue 33, point 6):
//! `tournament postpone` records it, the next round is paired as the schedule gives
//! it, the match's result counts when it comes in, and `verify` replays the pairing
//! with the postponement. A Swiss still needs every result first. On SQLite and
//! (with `GOOBALAY_TEST_POSTGRES`) PostgreSQL.

mod common;

use common::backends::{Target, on_both};

/// Round `round`'s boards: (south, north, match id).
fn boards(db: &dyn Target, name: &str, round: u64) -> Vec<(String, String, i64)> {
    let show = db.json(&["tournament", "show", name]);
    show["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["round"] == round)
        .map(|b| {
            (
                b["south"].as_str().unwrap().to_string(),
                b["north"].as_str().unwrap_or("bye").to_string(),
                b["match_id"].as_i64().unwrap_or(0),
            )
        })
        .collect()
}

fn verify_clean(db: &dyn Target) {
    let out = db.run(&["verify"]);
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: verify: {text}", db.backend());
}

fn tihbat(db: &dyn Target, name: &str, system: &str, players: &[&str]) {
    let mut new = vec![
        "tournament",
        "new",
        name,
        "--variant",
        "tihbat",
        "--system",
        system,
    ];
    if system == "swiss" {
        new.extend(["--rounds", "3"]);
    }
    db.ok(&new);
    let mut add = vec!["tournament", "add", name];
    add.extend(players);
    db.ok(&add);
}

#[test]
fn a_postponed_match_does_not_hold_a_round_robin() {
    on_both(|db| {
        for p in ["Ann", "Bob", "Cy", "Dee"] {
            db.ok(&["player", "add", p]);
        }
        tihbat(db, "Club", "round-robin", &["Ann", "Bob", "Cy", "Dee"]);
        db.ok(&["tournament", "pair", "Club"]);
        let round1 = boards(db, "Club", 1);
        assert_eq!(round1.len(), 2);
        // Berger round 1 of 4: 1-4 and 2-3 (Ann, Bob, Cy, Dee by entry).
        let played = round1[0].2.to_string();
        let later = round1[1].2.to_string();
        db.ok(&["match", "result", &played, "28", "0"]);
        db.refused(
            &["tournament", "pair", "Club"],
            "round 1 is not finished: 1 match without a result",
        );
        let out = db.ok(&[
            "tournament",
            "postpone",
            "Club",
            &later,
            "--reason",
            "Cy's train is late",
        ]);
        assert!(
            out.contains(&format!("Club: match {later} (round 1, board 2: ")),
            "{out}"
        );
        assert!(out.contains("postponed"), "{out}");
        db.refused(
            &["tournament", "postpone", "Club", &later],
            &format!("match {later} is already postponed"),
        );
        db.refused(
            &["tournament", "postpone", "Club", &played],
            &format!("match {played} already has a result"),
        );
        db.refused(
            &["tournament", "postpone", "Club", "999"],
            "match 999 is not a match of Club",
        );

        // Round 2 is the schedule's, whatever the postponed match gives.
        db.ok(&["tournament", "pair", "Club"]);
        let round2 = boards(db, "Club", 2);
        assert_eq!(round2.len(), 2);
        for (s, n, _) in &round2 {
            assert!(
                !round1
                    .iter()
                    .any(|(a, b, _)| (a == s && b == n) || (a == n && b == s)),
                "round 2 repeats a round 1 pairing: {round2:?}"
            );
        }
        verify_clean(db);
        // The postponed match is played later and counts: Cy's side wins 28-0.
        db.ok(&["match", "result", &later, "0", "28"]);
        let standings = db.json(&["tournament", "standings", "Club"]);
        let points = |who: &str| -> f64 {
            standings["rows"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["name"] == who)
                .unwrap()["points"]
                .as_f64()
                .unwrap()
        };
        let winner = &round1[1].1;
        assert_eq!(points(winner), 1.0, "{standings}");
        verify_clean(db);
        // A round holding a postponed match cannot be taken back.
        db.ok(&["tournament", "unpair", "Club"]);
        db.refused(
            &["tournament", "unpair", "Club"],
            &format!("round 1 of Club cannot be taken back: match {later} in it is postponed"),
        );
    });
}

#[test]
fn a_swiss_or_a_knockout_takes_no_postponement() {
    on_both(|db| {
        for p in ["Ann", "Bob", "Cy", "Dee"] {
            db.ok(&["player", "add", p]);
        }
        tihbat(db, "Open", "swiss", &["Ann", "Bob", "Cy", "Dee"]);
        db.ok(&["tournament", "pair", "Open"]);
        let id = boards(db, "Open", 1)[0].2.to_string();
        db.refused(
            &["tournament", "postpone", "Open", &id],
            "Open is a swiss: its next round depends on every result, so a match is not postponed",
        );
    });
}
