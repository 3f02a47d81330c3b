//! Forfeits, byes outside the pairing and whole-match results (issue 13, items 2 and
//! 3), through the CLI, on SQLite and (with `GOOBALAY_TEST_POSTGRES`) PostgreSQL.
//! Every expected value is worked out by hand in the comments.

mod common;

use common::backends::{Target, on_both};
use serde_json::Value;

fn row<'a>(standings: &'a Value, name: &str) -> &'a Value {
    standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("no row for {name}"))
}

/// The player's Elo rating (`None`: no rated match) and the number of rated matches.
fn rating(db: &dyn Target, name: &str) -> (Option<f64>, usize) {
    let v = db.json(&["player", "show", name]);
    (
        v["rating"].as_f64(),
        v["rating_history"].as_array().unwrap().len(),
    )
}

/// The TRF `001` record of the player with starting rank `rank`.
fn trf_line(trf: &str, rank: u32) -> String {
    let tag = format!("001 {rank:>4}");
    trf.lines()
        .find(|l| l.starts_with(&tag))
        .unwrap_or_else(|| panic!("no 001 record for {rank}:\n{trf}"))
        .to_string()
}

/// Round `r`'s 8-character TRF result field (opponent, colour, result).
fn trf_round(line: &str, r: usize) -> String {
    line.chars().skip(91 + 10 * (r - 1)).take(8).collect()
}

/// A Swiss evening: a no-show, an agreed drawn hands match, a half-point bye, a
/// double forfeit, a late entrant with two zero-point byes.
fn club_evening(db: &dyn Target) {
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
    // All rated 1500: starting ranks by name, Ama 1, Esi 2, Kofi 3, Yaw 4; round 1 is
    // 1 v 3 and 4 v 2 (the Dutch S1/S2 split, colours alternating by board).
    let r1 = db.ok(&["tournament", "pair", "Evening"]);
    assert!(
        r1.contains("board 1: Ama (south, moves first) v Kofi (north)  match 1"),
        "{r1}"
    );
    assert!(
        r1.contains("board 2: Yaw (south, moves first) v Esi (north)  match 2"),
        "{r1}"
    );

    // A casual match after the seeding, so that Yaw and Esi differ in rating and the
    // drawn match below moves both: Yaw beats Abena, 1516 and 1484 (K = 32).
    db.ok(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "Yaw",
        "--north",
        "Abena",
    ]);
    db.ok(&[
        "match", "result", "3", "--match", "south", "--seeds", "48,0",
    ]);

    // Refusals, each one `goobalay:` line, exit 2, nothing written.
    db.refused(
        &["match", "forfeit", "99", "--absent", "north"],
        "no match with id 99",
    );
    db.refused(
        &["match", "forfeit", "1", "--absent", "nobody"],
        "south, north or both",
    );
    db.refused(
        &["match", "forfeit", "3", "--absent", "north"],
        "match correct 3",
    );
    db.refused(
        &[
            "tournament",
            "bye",
            "Evening",
            "Esi",
            "--round",
            "1",
            "--points",
            "half",
        ],
        "round 1 is already paired",
    );
    db.refused(
        &[
            "tournament",
            "bye",
            "Evening",
            "Zed",
            "--round",
            "2",
            "--points",
            "half",
        ],
        "Zed is not entered in Evening",
    );
    db.refused(
        &[
            "tournament",
            "bye",
            "Evening",
            "Esi",
            "--round",
            "2",
            "--points",
            "quarter",
        ],
        "--points zero or --points half",
    );
    db.refused(
        &[
            "tournament",
            "bye",
            "Evening",
            "Esi",
            "--round",
            "4",
            "--points",
            "half",
        ],
        "no round 4",
    );
    db.refused(
        &[
            "match", "result", "2", "--match", "south", "--seeds", "10,38",
        ],
        "contradict",
    );
    db.refused(
        &[
            "match", "result", "2", "--match", "draw", "--seeds", "20,20",
        ],
        "add up to 48",
    );
    db.refused(
        &["match", "result", "2", "--match", "draw", "--seeds", "24,x"],
        "not two seed counts",
    );
    db.refused(
        &["match", "result", "2", "--match", "maybe"],
        "south, north or draw",
    );

    // Kofi does not come; Yaw and Esi agree a draw of their hands match.
    db.ok(&["match", "forfeit", "1", "--absent", "north"]);
    db.refused(
        &["match", "forfeit", "1", "--absent", "south"],
        "is a correction",
    );
    db.ok(&["match", "result", "2", "--match", "draw"]);
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
        &[
            "tournament",
            "bye",
            "Evening",
            "Esi",
            "--round",
            "2",
            "--points",
            "zero",
        ],
        "already has a bye for round 2",
    );

    // Round 2 without Esi: Ama 1 (a forfeit win, no colour), Yaw 0.5, Kofi 0. Kofi,
    // lowest, gets the pairing bye; Ama v Yaw, Yaw having moved first (South) in
    // round 1.
    let r2 = db.ok(&["tournament", "pair", "Evening"]);
    assert!(
        r2.contains("Ama (south, moves first) v Yaw (north)  match 4"),
        "{r2}"
    );
    assert!(r2.contains("Kofi") && r2.contains("bye"), "{r2}");
    assert!(!r2.contains("Esi"), "{r2}");
    // Abena arrives now: rounds 1 and 2 are missed, two zero-point byes.
    db.ok(&["tournament", "add", "Evening", "Abena"]);
    // Neither Ama nor Yaw comes to round 2.
    db.ok(&["match", "forfeit", "4", "--absent", "both"]);
}

#[test]
fn a_club_evening_of_forfeits_byes_and_an_agreed_draw_on_both() {
    on_both(|db| {
        club_evening(db);
        // History and a player's record say how each match ended.
        let history = db.ok(&["history", "--tournament", "Evening"]);
        for shown in ["Ama won by forfeit", "draw (entered)", "double forfeit"] {
            assert!(history.contains(shown), "{shown}: {history}");
        }
        let csv = db.ok(&["history", "--tournament", "Evening", "--format", "csv"]);
        assert!(
            csv.lines()
                .next()
                .unwrap()
                .contains(",winner,ending,absent,corrected,"),
            "{csv}"
        );
        assert!(
            csv.contains(",south,forfeit,north,false,Evening,1"),
            "{csv}"
        );
        let json = db.json(&["history", "--tournament", "Evening"]);
        let first = json
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == 1)
            .unwrap();
        assert_eq!(
            first["ending"],
            serde_json::json!({"kind": "forfeit", "absent": "north"})
        );
        let ama = db.ok(&["player", "show", "Ama"]);
        assert!(
            ama.contains("won 1 (1 by forfeit), drawn 0, lost 1 (1 by forfeit)"),
            "{ama}"
        );
        let kofi = db.json(&["player", "show", "Kofi"]);
        assert_eq!(kofi["matches"]["lost_by_forfeit"], 1, "{kofi}");
        assert_eq!(kofi["matches"]["won"], 0, "{kofi}");
        let s = db.json(&["tournament", "standings", "Evening"]);
        let pick = |name: &str| {
            let r = row(&s, name);
            (
                r["points"].as_f64().unwrap(),
                r["played"].as_u64().unwrap(),
                r["draws"].as_u64().unwrap(),
                r["forfeit_wins"].as_u64().unwrap(),
                r["forfeit_losses"].as_u64().unwrap(),
                r["byes"].as_u64().unwrap(),
            )
        };
        // (points, played, draws, forfeits won, forfeits lost, byes)
        // Ama: + (1) and - (0); Esi: = (0.5) and H (0.5); Kofi: - (0) and U (1);
        // Yaw: = (0.5) and - (0); Abena: Z, Z.
        assert_eq!(pick("Ama"), (1.0, 0, 0, 1, 1, 0));
        assert_eq!(pick("Esi"), (1.0, 1, 1, 0, 0, 1));
        assert_eq!(pick("Kofi"), (1.0, 0, 0, 0, 1, 1));
        assert_eq!(pick("Yaw"), (0.5, 1, 1, 0, 1, 0));
        assert_eq!(pick("Abena"), (0.0, 0, 0, 0, 0, 2));

        // Tiebreaks (Swiss defaults: BH, SB, H2H, wins, seeds), FIDE C.07 (2023) art.
        // 16: a round not played counts a dummy opponent with the player's own score;
        // in an opponent's score, their voluntary unplayed rounds (H, Z, a forfeit
        // loss) after their last round available count as draws.
        //   Ama  BH: +, - both unplayed: 1 + 1 = 2.      SB: + (own 1) + - (0) = 1.
        //   Esi  BH: Yaw (0.5 + his trailing forfeit loss as a draw 0.5 = 1) + H own 1
        //        = 2.                                     SB: 1/2 + own 1/2 = 1.
        //   Kofi BH: - own 1 + U own 1 = 2.               SB: 0 + U own 1 = 1.
        //   Yaw  BH: Esi (0.5 + trailing H as a draw 0.5 = 1) + - own 0.5 = 1.5.
        //                                                 SB: 1/2 + 0 = 0.5.
        //   Abena BH: own 0 twice = 0.                    SB: 0.
        let tb =
            |name: &str| -> Vec<Value> { row(&s, name)["tiebreaks"].as_array().unwrap().clone() };
        let num = |v: &Value| v.as_f64();
        for (name, bh, sb) in [
            ("Ama", 2.0, 1.0),
            ("Esi", 2.0, 1.0),
            ("Kofi", 2.0, 1.0),
            ("Yaw", 1.5, 0.5),
            ("Abena", 0.0, 0.0),
        ] {
            let t = tb(name);
            assert_eq!((num(&t[0]), num(&t[1])), (Some(bh), Some(sb)), "{name}");
        }
        // Ama, Esi and Kofi tie on 1, BH 2, SB 1; head-to-head inside the three: Ama
        // won her forfeit against Kofi (1), Esi 0, Kofi 0. Esi and Kofi stay level on
        // every tiebreak (no wins, no seeds): starting rank, shared.
        let order: Vec<&str> = s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["name"].as_str().unwrap())
            .collect();
        assert_eq!(order, ["Ama", "Esi", "Kofi", "Yaw", "Abena"]);
        assert_eq!(num(&tb("Ama")[2]), Some(1.0));
        assert_eq!(row(&s, "Esi")["shared"], true);

        // Ratings: the forfeits moved nobody. Kofi and Ama have no rated match; Abena
        // lost her casual match only (1484). The agreed draw is rated: Yaw (1516)
        // expected 1/(1+10^(-16/400)) = 0.5230 against Esi (1500), so he loses
        // 32 * 0.0230 = 0.736 and she gains it.
        assert_eq!(rating(db, "Kofi"), (None, 0));
        assert_eq!(rating(db, "Ama"), (None, 0));
        let (yaw, yaw_games) = rating(db, "Yaw");
        let (esi, esi_games) = rating(db, "Esi");
        let (yaw, esi) = (yaw.unwrap(), esi.unwrap());
        assert_eq!((yaw_games, esi_games), (2, 1));
        assert!((yaw - 1515.26).abs() < 0.01, "{yaw}");
        assert!((esi - 1500.74).abs() < 0.01, "{esi}");

        // Crosstable marks: + and - for the forfeit, - for both in the double forfeit.
        let x = db.json(&["tournament", "crosstable", "Evening"]);
        let pos = |name: &str| {
            x["players"]
                .as_array()
                .unwrap()
                .iter()
                .position(|p| p["name"] == name)
                .unwrap()
        };
        let cell = |a: &str, b: &str| -> Vec<String> {
            x["cells"][pos(a)][pos(b)]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["outcome"].as_str().unwrap().to_string())
                .collect()
        };
        assert_eq!(cell("Ama", "Kofi"), ["forfeit-win"]);
        assert_eq!(cell("Kofi", "Ama"), ["forfeit-loss"]);
        assert_eq!(cell("Ama", "Yaw"), ["forfeit-loss"]);
        assert_eq!(cell("Yaw", "Ama"), ["forfeit-loss"]);
        assert_eq!(cell("Esi", "Yaw"), ["draw"]);
        let card = |name: &str, round: usize| x["cards"][pos(name)][round - 1]["outcome"].clone();
        assert_eq!(card("Esi", 2), "half-bye");
        assert_eq!(card("Kofi", 2), "bye");
        assert_eq!(card("Abena", 1), "zero-bye");
        assert_eq!(card("Abena", 2), "zero-bye");
        let table = db.ok(&["tournament", "crosstable", "Evening", "--format", "csv"]);
        let ama = table.lines().find(|l| l.contains(",Ama,")).unwrap();
        // Ama against Esi, Kofi, Yaw, Abena (positions 1 to 5, herself first).
        assert_eq!(ama, "1,Ama,x,,+,-,,1");

        // TRF: + and - with the opponent and colour, H, U and Z without.
        let trf = db.ok(&["tournament", "export", "Evening", "--format", "trf"]);
        // Starting ranks: Ama 1, Esi 2, Kofi 3, Yaw 4, Abena 5 (late).
        assert_eq!(trf_round(&trf_line(&trf, 1), 1), "   3 w +");
        assert_eq!(trf_round(&trf_line(&trf, 1), 2), "   4 w -");
        assert_eq!(trf_round(&trf_line(&trf, 3), 1), "   1 b -");
        assert_eq!(trf_round(&trf_line(&trf, 3), 2), "0000 - U");
        assert_eq!(trf_round(&trf_line(&trf, 2), 1), "   4 b =");
        assert_eq!(trf_round(&trf_line(&trf, 2), 2), "0000 - H");
        assert_eq!(trf_round(&trf_line(&trf, 4), 2), "   1 b -");
        assert_eq!(trf_round(&trf_line(&trf, 5), 1), "0000 - Z");
        assert_eq!(trf_round(&trf_line(&trf, 5), 2), "0000 - Z");
        // The fixtures CSV names forfeits and lists the byes outside the pairing.
        let csv = db.ok(&["tournament", "export", "Evening", "--format", "csv"]);
        assert!(
            csv.contains("1,1,1,1,Ama,3,Kofi,'+:-,forfeit:north,,,0\n"),
            "{csv}"
        );
        assert!(
            csv.contains("2,1,4,1,Ama,4,Yaw,'-:-,forfeit:both,,,0\n"),
            "{csv}"
        );
        assert!(
            csv.contains("2,,,2,Esi,,bye,half-point bye,bye,,,\n"),
            "{csv}"
        );
        // Then the standings, after an empty line.
        assert!(csv.contains("\n\nposition,name,rating,points,"), "{csv}");

        // Round 3: Kofi had the pairing bye and Ama scored a win without playing, so
        // neither may have it; Abena, lowest on 0, gets it. Ama and Kofi may meet
        // again: their forfeit was no game.
        let r3 = db.ok(&["tournament", "pair", "Evening"]);
        assert!(
            r3.lines().any(|l| l.contains("Abena") && l.contains("bye")),
            "{r3}"
        );
        let v = verified(db);
        assert!(v.contains("all consistent"), "{v}");
    });
}

#[test]
fn verify_names_a_tampered_forfeit_and_a_whole_match_result_over_finished_hands() {
    on_both(|db| {
        club_evening(db);
        verified(db);
        // The forfeit of match 1 rewritten to name the other side.
        db.sql("UPDATE match_closings SET absent = 'south' WHERE match_id = 1");
        let (code, text) = verify_of(db);
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("match 1") && text.contains("a forfeit (south absent)"),
            "{text}"
        );
        db.sql("UPDATE match_closings SET absent = 'north' WHERE match_id = 1");
        verified(db);
        // A late entry's bye moved to a round after the entry.
        db.sql(
            "UPDATE tournament_requested_byes SET round = 3 WHERE reason = 'late-entry' AND round = 2",
        );
        let (code, text) = verify_of(db);
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("a late entry's zero-point bye is stored for round 3, but Abena entered after round 2"),
            "{text}"
        );
        db.sql(
            "UPDATE tournament_requested_byes SET round = 2 WHERE reason = 'late-entry' AND round = 3",
        );
        verified(db);
        // The drawn whole match 2 given a first hand that decided it already.
        db.sql(
            "UPDATE hands SET end_reason = 'result', score_south = 48, score_north = 0
             WHERE match_id = 2 AND number = 1",
        );
        let (code, text) = verify_of(db);
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("match 2")
                && text.contains("a whole-match result (draw) is stored, but the match's hands already decided it"),
            "{text}"
        );
    });
}

fn verified(db: &dyn Target) -> String {
    let (code, text) = verify_of(db);
    assert_eq!(code, 0, "{}: verify failed:\n{text}", db.backend());
    text
}

fn verify_of(db: &dyn Target) -> (i32, String) {
    let out = db.run(&["verify"]);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn a_forfeited_engine_match_is_not_played_and_the_run_goes_on() {
    on_both(|db| {
        for p in ["R1", "R2", "R3", "R4"] {
            db.ok(&["player", "add", p, "--engine", "random"]);
        }
        db.ok(&[
            "tournament",
            "new",
            "Bots",
            "--variant",
            "tihbat",
            "--system",
            "round-robin",
            "--seed",
            "7",
        ]);
        db.ok(&["tournament", "add", "Bots", "R1", "R2", "R3", "R4"]);
        db.ok(&["tournament", "pair", "Bots"]);
        db.ok(&["match", "forfeit", "1", "--absent", "south"]);
        let run = db.ok(&["tournament", "run", "Bots", "--quiet"]);
        let state = db.json(&["match", "state", "1"]);
        assert_eq!(state["match"]["absent"], "south", "{run}");
        assert_eq!(state["match"]["awaiting"]["kind"], "none");
        assert_eq!(state["ply"], 0, "the forfeited match was not played");
        let s = db.json(&["tournament", "standings", "Bots"]);
        let played: u64 = s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["played"].as_u64().unwrap())
            .sum();
        // 6 games in a 4-player round robin, one forfeited: 5 played, 10 player-games.
        assert_eq!(played, 10);
        // A double forfeit cannot decide a knockout match.
        db.ok(&[
            "tournament",
            "new",
            "Cup",
            "--variant",
            "tihbat",
            "--system",
            "knockout",
        ]);
        db.ok(&["tournament", "add", "Cup", "R1", "R2"]);
        let paired = db.ok(&["tournament", "pair", "Cup"]);
        let id = paired
            .split("match ")
            .nth(1)
            .and_then(|t| t.split_whitespace().next())
            .unwrap()
            .to_string();
        db.refused(&["match", "forfeit", &id, "--absent", "both"], "knockout");
        verified(db);
    });
}

#[test]
fn a_withdrawal_forfeits_the_pending_match_in_one_command_and_drops_later_byes() {
    on_both(|db| {
        for p in ["Ama", "Esi", "Kofi", "Yaw"] {
            db.ok(&["player", "add", p]);
        }
        db.ok(&[
            "tournament",
            "new",
            "Night",
            "--variant",
            "tihbat",
            "--system",
            "swiss",
            "--rounds",
            "3",
        ]);
        db.ok(&["tournament", "add", "Night", "Ama", "Esi", "Kofi", "Yaw"]);
        db.ok(&["tournament", "pair", "Night"]);
        db.ok(&[
            "tournament",
            "bye",
            "Night",
            "Kofi",
            "--round",
            "3",
            "--points",
            "half",
        ]);
        let out = db.ok(&[
            "tournament",
            "withdraw",
            "Night",
            "Kofi",
            "--forfeit-pending",
        ]);
        assert!(
            out.contains("match 1 forfeited: Kofi did not come"),
            "{out}"
        );
        let state = db.json(&["match", "state", "1"]);
        assert_eq!(state["match"]["absent"], "north");
        assert_eq!(state["match"]["winner"], "south");
        db.refused(
            &[
                "tournament",
                "bye",
                "Night",
                "Kofi",
                "--round",
                "2",
                "--points",
                "zero",
            ],
            "Kofi has already withdrawn",
        );
        db.ok(&["match", "result", "2", "--match", "north"]);
        db.ok(&["tournament", "pair", "Night"]);
        // Kofi's half-point bye of round 3 lapsed with his withdrawal.
        let s = db.json(&["tournament", "standings", "Night"]);
        assert_eq!(row(&s, "Kofi")["points"], 0.0);
        assert_eq!(row(&s, "Kofi")["byes"], 0);
        verified(db);
    });
}
