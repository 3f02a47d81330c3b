//! A knockout seeded by hand or from another tournament's final standings, its
//! bracket shown before round 1 is paired, and its match for third place (issue 33,
//! point 5). Every figure below is worked out by hand from the seeding rules: the
//! bracket of 8 slots puts seeds 1 v 8, 4 v 5, 2 v 7, 3 v 6 in round 1 (a seed
//! above the field is a bye), and South is the one who has moved first less often,
//! then the higher seed. On SQLite and (with `GOOBALAY_TEST_POSTGRES`) PostgreSQL.

mod common;

use common::backends::{Target, on_both};

/// Round `round`'s boards: (south, north or "bye").
fn boards(db: &dyn Target, name: &str, round: u64) -> Vec<(String, String)> {
    db.json(&["tournament", "show", name])["boards"]
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

/// The match id of round `round`'s board between `south` and `north`.
fn match_of(db: &dyn Target, name: &str, round: u64, south: &str, north: &str) -> String {
    let show = db.json(&["tournament", "show", name]);
    let board = show["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["round"] == round && b["south"] == south && b["north"] == north)
        .unwrap_or_else(|| {
            panic!(
                "{}: no board {south} v {north} in round {round}",
                db.backend()
            )
        });
    board["match_id"].as_i64().unwrap().to_string()
}

/// The first column of the crosstable's bracket: "seed name" or "(bye)", top down.
fn first_column(db: &dyn Target, name: &str) -> Vec<String> {
    db.ok(&["tournament", "crosstable", name])
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with(' ') && !l.is_empty() && !l.starts_with("Third place"))
        .map(|l| l.split(" ─").next().unwrap().trim().to_string())
        .collect()
}

/// A Tihbat knockout "KO" of `players`, each added first.
fn knockout_of(db: &dyn Target, players: &[&str]) {
    for p in players {
        db.ok(&["player", "add", p]);
    }
    db.ok(&[
        "tournament",
        "new",
        "KO",
        "--variant",
        "tihbat",
        "--system",
        "knockout",
    ]);
    let mut add = vec!["tournament", "add", "KO"];
    add.extend(players);
    db.ok(&add);
}

fn verify_clean(db: &dyn Target) {
    let out = db.run(&["verify"]);
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: verify: {text}", db.backend());
}

#[test]
fn a_knockout_seeded_by_hand_shows_its_bracket_before_round_1() {
    on_both(|db| {
        db.ok(&["player", "add", "Kwame"]);
        knockout_of(db, &["Ama", "Kofi", "Esi", "Yaw", "Abena"]);
        // Nobody is rated: round 1 would seed by name, Abena 1, Ama 2, Esi 3, Kofi 4,
        // Yaw 5; the bracket shows that before round 1, not the order of entry.
        assert_eq!(
            first_column(db, "KO"),
            [
                "1 Abena", "(bye)", "4 Kofi", "5 Yaw", "2 Ama", "(bye)", "3 Esi", "(bye)"
            ],
            "{}",
            db.backend()
        );
        // Refused, each in one line with the database unchanged.
        db.refused(
            &["tournament", "seed", "KO", "Yaw", "Esi", "Yaw"],
            "Yaw is named twice in the seeding; name each entrant once, seed 1 first",
        );
        db.refused(
            &["tournament", "seed", "KO", "Kwame"],
            "Kwame is not entered in KO; enter them first (`goobalay tournament add KO NAME`)",
        );
        db.refused(
            &["tournament", "seed", "KO", "Kwesi"],
            "no player named 'Kwesi'",
        );
        // Seeded once, then again: the latest seeding counts.
        db.ok(&["tournament", "seed", "KO", "Esi"]);
        let out = db.ok(&[
            "tournament",
            "seed",
            "KO",
            "Yaw",
            "Esi",
            "--reason",
            "last year's finalists",
        ]);
        assert_eq!(
            out.lines().collect::<Vec<_>>(),
            [
                "KO seeded by hand:",
                "  seed 1: Yaw",
                "  seed 2: Esi",
                "  seed 3: Abena  (by rating)",
                "  seed 4: Ama  (by rating)",
                "  seed 5: Kofi  (by rating)",
            ],
            "{}",
            db.backend()
        );
        assert_eq!(
            first_column(db, "KO"),
            [
                "1 Yaw", "(bye)", "4 Ama", "5 Kofi", "2 Esi", "(bye)", "3 Abena", "(bye)"
            ],
            "{}",
            db.backend()
        );
        db.ok(&["tournament", "pair", "KO"]);
        // Round 1 as the bracket showed it: 4 Ama v 5 Kofi, the top three seeds a bye.
        assert_eq!(
            boards(db, "KO", 1),
            [
                ("Ama".into(), "Kofi".into()),
                ("Yaw".into(), "bye".into()),
                ("Esi".into(), "bye".into()),
                ("Abena".into(), "bye".into()),
            ],
            "{}",
            db.backend()
        );
        db.refused(
            &["tournament", "seed", "KO", "Ama"],
            "round 1 of KO is paired, so its seeding is fixed",
        );
        verify_clean(db);
    });
}

#[test]
fn a_knockout_seeded_from_final_standings_plays_for_third_place() {
    on_both(|db| {
        let field = ["Ann", "Bob", "Cy", "Dee"];
        for p in field {
            db.ok(&["player", "add", p]);
        }
        db.ok(&[
            "tournament",
            "new",
            "Sunday",
            "--variant",
            "tihbat",
            "--system",
            "round-robin",
        ]);
        db.ok(&["tournament", "add", "Sunday", "Ann", "Bob", "Cy", "Dee"]);
        db.refused(
            &["tournament", "seed", "Sunday", "Ann"],
            "Sunday is a round-robin: its starting ranks follow the ratings; only a knockout is seeded by hand",
        );
        db.ok(&[
            "tournament",
            "new",
            "Final Four",
            "--variant",
            "tihbat",
            "--system",
            "knockout",
            "--third-place",
        ]);
        db.refused(
            &[
                "tournament",
                "seed",
                "Final Four",
                "--from",
                "Sunday",
                "--top",
                "4",
            ],
            "Sunday is not finished (0 of 3 rounds paired)",
        );
        // The earlier player in `field` wins every match: Ann 3, Bob 2, Cy 1, Dee 0.
        let rank = |name: &str| field.iter().position(|&p| p == name).unwrap();
        for round in 1..=3u64 {
            db.ok(&["tournament", "pair", "Sunday"]);
            for (south, north) in boards(db, "Sunday", round) {
                let id = match_of(db, "Sunday", round, &south, &north);
                let winner = if rank(&south) < rank(&north) {
                    "south"
                } else {
                    "north"
                };
                db.ok(&["match", "result", &id, "--match", winner]);
            }
        }
        db.refused(
            &[
                "tournament",
                "new",
                "Swiss",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
                "--third-place",
            ],
            "a swiss has no match for third place (--third-place): only a knockout plays one",
        );
        db.refused(
            &[
                "tournament",
                "seed",
                "Final Four",
                "--from",
                "Sunday",
                "--top",
                "5",
            ],
            "Sunday has 4 players still in it; --top is between 2 and 4, not 5",
        );
        db.refused(
            &["tournament", "seed", "Final Four", "--from", "Final Four"],
            "a tournament is not seeded from its own standings",
        );
        let out = db.ok(&[
            "tournament",
            "seed",
            "Final Four",
            "--from",
            "Sunday",
            "--top",
            "4",
        ]);
        assert_eq!(
            out.lines().collect::<Vec<_>>(),
            [
                "entered Ann in Final Four",
                "entered Bob in Final Four",
                "entered Cy in Final Four",
                "entered Dee in Final Four",
                "Final Four seeded from the final standings of Sunday:",
                "  seed 1: Ann",
                "  seed 2: Bob",
                "  seed 3: Cy",
                "  seed 4: Dee",
            ],
            "{}",
            db.backend()
        );
        assert!(
            db.ok(&["tournament", "crosstable", "Final Four"])
                .contains("Third place: the semi-finals' losers, paired with the final"),
            "{}",
            db.backend()
        );
        // Semi-finals: 1 v 4 and 2 v 3, the higher seed South. Cy beats Bob.
        db.ok(&["tournament", "pair", "Final Four"]);
        assert_eq!(
            boards(db, "Final Four", 1),
            [("Ann".into(), "Dee".into()), ("Bob".into(), "Cy".into())],
            "{}",
            db.backend()
        );
        let semi1 = match_of(db, "Final Four", 1, "Ann", "Dee");
        let semi2 = match_of(db, "Final Four", 1, "Bob", "Cy");
        db.ok(&["match", "result", &semi1, "--match", "south"]);
        db.ok(&["match", "result", &semi2, "--match", "north"]);
        // The final and the match for third place, each South the one who moved
        // first less often: Cy v Ann, Dee v Bob.
        db.ok(&["tournament", "pair", "Final Four"]);
        assert_eq!(
            boards(db, "Final Four", 2),
            [("Cy".into(), "Ann".into()), ("Dee".into(), "Bob".into())],
            "{}",
            db.backend()
        );
        let final_match = match_of(db, "Final Four", 2, "Cy", "Ann");
        let third = match_of(db, "Final Four", 2, "Dee", "Bob");
        db.ok(&["match", "result", &final_match, "--match", "north"]);
        // The final is played, the match for third place is not: not finished.
        let show = db.json(&["tournament", "show", "Final Four"]);
        assert_eq!(show["finished"], false, "{}", db.backend());
        db.ok(&["match", "result", &third, "--match", "north"]);
        let show = db.json(&["tournament", "show", "Final Four"]);
        assert_eq!(show["finished"], true, "{}", db.backend());
        // Ann won, Cy lost the final, Bob won the match for third place over Dee.
        let standings = db.json(&["tournament", "standings", "Final Four"]);
        let places: Vec<(u64, &str)> = standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["place"].as_u64().unwrap(), r["name"].as_str().unwrap()))
            .collect();
        assert_eq!(
            places,
            [(1, "Ann"), (2, "Cy"), (3, "Bob"), (4, "Dee")],
            "{}",
            db.backend()
        );
        assert!(
            db.ok(&["tournament", "crosstable", "Final Four"])
                .contains("Third place: Dee v Bob: Bob is third"),
            "{}",
            db.backend()
        );
        verify_clean(db);
    });
}

/// `verify` holds a knockout to its seeding by hand: a starting rank changed in the
/// table after round 1 is named.
#[test]
fn verify_names_a_starting_rank_that_is_not_the_seeding_by_hand() {
    let db = common::Db::new();
    knockout_of(&db, &["Ama", "Kofi", "Esi", "Yaw"]);
    db.ok(&["tournament", "seed", "KO", "Yaw", "Kofi"]);
    db.ok(&["tournament", "pair", "KO"]);
    db.verified();
    // Yaw (seed 1) and Kofi (seed 2) swap their starting ranks.
    db.sql(
        "UPDATE tournament_players SET seed_no = 3 - seed_no
         WHERE player_id IN (SELECT id FROM players WHERE name IN ('Yaw', 'Kofi'))",
    );
    let out = db.run(&["verify"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("Yaw was seeded 1 by hand, but has starting rank 2"),
        "{text}"
    );
}

/// A player seeded by hand who withdraws before round 1 leaves the entry list: the
/// other seeds move up in the director's order, and `verify` agrees.
#[test]
fn a_seed_who_withdraws_before_round_1_leaves_the_others_in_order() {
    on_both(|db| {
        knockout_of(db, &["Ama", "Kofi", "Esi", "Yaw"]);
        db.ok(&["tournament", "seed", "KO", "Yaw", "Kofi", "Esi"]);
        db.ok(&["tournament", "withdraw", "KO", "Yaw"]);
        // Seeds: Kofi 1, Esi 2, Ama 3; round 1 of 3 is 1 v bye, 2 v 3.
        db.ok(&["tournament", "pair", "KO"]);
        assert_eq!(
            boards(db, "KO", 1),
            [("Esi".into(), "Ama".into()), ("Kofi".into(), "bye".into())],
            "{}",
            db.backend()
        );
        verify_clean(db);
    });
}

/// The web page draws a knockout's bracket before round 1: its seeded pairs, as
/// round 1 will pair them.
#[test]
fn the_web_bracket_shows_round_1_before_it_is_paired() {
    on_both(|db| {
        knockout_of(db, &["Ama", "Kofi", "Esi", "Yaw"]);
        db.ok(&["tournament", "seed", "KO", "Yaw"]);
        let server = common::server::Server::start(db);
        let id = db.json(&["tournament", "show", "KO"])["tournament"]["id"]
            .as_i64()
            .unwrap();
        let page = server.page(&format!("/tournaments/{id}"));
        let bracket = &page[page.find("id=\"bracket\"").expect("a bracket section")..];
        // Yaw seed 1, then by name: Ama 2, Esi 3, Kofi 4; round 1 is 1 v 4, 2 v 3.
        let order: Vec<usize> = [
            "1 <a", ">Yaw<", "4 <a", ">Kofi<", "2 <a", ">Ama<", "3 <a", ">Esi<",
        ]
        .iter()
        .map(|s| {
            bracket
                .find(s)
                .unwrap_or_else(|| panic!("{s} missing: {bracket}"))
        })
        .collect();
        assert!(
            order.windows(2).all(|w| w[0] < w[1]),
            "{}: {bracket}",
            db.backend()
        );
    });
}
