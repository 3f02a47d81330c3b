//! The Monrad system, added as one pairing module and one entry in
//! `tournament::systems` (issue 34, point 1). The rounds below are worked out by
//! hand from its rules: order by points, then pairing number; with an odd field the
//! last player without a bye gets it; each player from the top meets the next one
//! down not yet met. On SQLite and (with `GOOBALAY_TEST_POSTGRES`) PostgreSQL.

mod common;

use common::backends::{Target, on_both};

/// Round `round`'s boards in board order: (south, north or "bye").
fn boards(db: &dyn Target, round: u64) -> Vec<(String, String)> {
    db.json(&["tournament", "show", "Mon"])["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["round"] == round)
        .map(|b| {
            (
                b["south"].as_str().unwrap().to_string(),
                b["north"].as_str().unwrap_or("bye").to_string(),
            )
        })
        .collect()
}

fn expected(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(s, n)| (s.to_string(), n.to_string()))
        .collect()
}

/// South wins every match of round `round`.
fn south_wins(db: &dyn Target, round: u64) {
    let show = db.json(&["tournament", "show", "Mon"]);
    for b in show["boards"].as_array().unwrap() {
        if b["round"] == round && !b["north"].is_null() {
            let id = b["match_id"].as_i64().unwrap().to_string();
            db.ok(&["match", "result", &id, "--match", "south"]);
        }
    }
}

#[test]
fn a_monrad_pairs_each_player_with_the_next_one_down_not_yet_met() {
    on_both(|db| {
        let field = ["M1", "M2", "M3", "M4", "M5", "M6", "M7"];
        for (i, p) in field.iter().enumerate() {
            db.ok(&["player", "add", p, "--rating", &(1950 - 50 * i).to_string()]);
        }
        db.ok(&[
            "tournament",
            "new",
            "Mon",
            "--variant",
            "tihbat",
            "--system",
            "monrad",
            "--rounds",
            "3",
        ]);
        let mut add = vec!["tournament", "add", "Mon"];
        add.extend(field);
        db.ok(&add);

        // Round 1, by pairing number: 1 v 2, 3 v 4, 5 v 6, M7 (last) the bye.
        db.ok(&["tournament", "pair", "Mon"]);
        assert_eq!(
            boards(db, 1),
            expected(&[("M1", "M2"), ("M4", "M3"), ("M5", "M6"), ("M7", "bye")]),
            "{}",
            db.backend()
        );
        south_wins(db, 1);
        // Round 2: M1, M4, M5, M7 on 1 point, then M2, M3, M6 on 0; M6 is the
        // last without a bye; M1 v M4, M5 v M7, M2 v M3.
        db.ok(&["tournament", "pair", "Mon"]);
        assert_eq!(
            boards(db, 2),
            expected(&[("M4", "M1"), ("M7", "M5"), ("M2", "M3"), ("M6", "bye")]),
            "{}",
            db.backend()
        );
        south_wins(db, 2);
        // Round 3: M4, M7 on 2; M1, M2, M5, M6 on 1; M3 on 0 takes the bye. M1 has
        // met M2, so meets M5; M2 meets M6.
        db.ok(&["tournament", "pair", "Mon"]);
        assert_eq!(
            boards(db, 3),
            expected(&[("M7", "M4"), ("M1", "M5"), ("M6", "M2"), ("M3", "bye")]),
            "{}",
            db.backend()
        );
        south_wins(db, 3);
        let standings = db.json(&["tournament", "standings", "Mon"]);
        let top: Vec<(&str, f64)> = standings["rows"].as_array().unwrap()[..2]
            .iter()
            .map(|r| (r["name"].as_str().unwrap(), r["points"].as_f64().unwrap()))
            .collect();
        assert_eq!(top, [("M7", 3.0), ("M4", 2.0)], "{}", db.backend());
        assert!(db.ok(&["verify"]).contains("all consistent"));

        // What a monrad cannot do is refused as for the other systems.
        db.refused(
            &[
                "tournament", "new", "Col", "--variant", "tihbat", "--system", "monrad",
                "--initial", "north",
            ],
            "goobalay: a monrad has no initial colour (--initial): only a swiss draws its colours from one",
        );
        db.refused(
            &[
                "tournament", "new", "Third", "--variant", "tihbat", "--system", "monrad",
                "--third-place",
            ],
            "goobalay: a monrad has no match for third place (--third-place): only a knockout plays one",
        );
    });
}
