//! The director's desk through the `goobalay` binary (issue 13, items 4 and 5): a
//! finished tournament closes and refuses changes until reopened; the last round can
//! be taken back while none of its matches has started; a Swiss round can be paired by
//! hand, recorded as such, and `verify` accepts it as manual but names a manual round
//! changed in the tables afterwards. Every refusal leaves the database byte for byte.

mod common;

use common::Db;

/// The boards of a round just paired: (south, north or "bye", match id).
fn pair(db: &Db, args: &[&str]) -> Vec<(String, String, Option<i64>)> {
    let mut a = vec!["tournament", "pair"];
    a.extend(args);
    let paired = db.json(&a);
    boards_of(db, &a[2..3], paired["round"].as_u64().unwrap())
}

/// Round `round`'s boards as `tournament show` lists them.
fn boards_of(db: &Db, name: &[&str], round: u64) -> Vec<(String, String, Option<i64>)> {
    let show = db.json(&["tournament", "show", name[0]]);
    show["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["round"] == round)
        .map(|b| {
            (
                b["south"].as_str().unwrap().to_string(),
                b["north"].as_str().unwrap_or("bye").to_string(),
                b["match_id"].as_i64(),
            )
        })
        .collect()
}

/// Enters a South win (Tihbat: 28 seeds in play) on every match of `boards`.
fn south_wins(db: &Db, boards: &[(String, String, Option<i64>)]) {
    for (_, _, id) in boards {
        if let Some(id) = id {
            db.ok(&["match", "result", &id.to_string(), "28", "0"]);
        }
    }
}

fn show_text(db: &Db, name: &str) -> String {
    db.ok(&["tournament", "show", name])
}

const CLOSED: &str = "is finished and closed";

/// The progress `tournament list` gives tournament `name` and the one
/// `tournament show` gives it: one rule, so always the same.
fn progress(db: &Db, name: &str) -> serde_json::Value {
    let list = db.json(&["tournament", "list"]);
    let listed = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("{name} not listed: {list}"));
    let shown = db.json(&["tournament", "show", name]);
    assert_eq!(listed["progress"], shown["progress"], "{name}");
    listed["progress"].clone()
}

#[test]
fn the_list_and_the_event_say_one_progress_and_a_reopened_event_is_in_progress() {
    let db = Db::new();
    db.players(&["Ann", "Bob", "Cy", "Dee"], None);
    let players = ["Ann", "Bob", "Cy", "Dee"];
    db.tihbat_tournament("Club", "swiss", &["--rounds", "2"], &players);
    db.tihbat_tournament("Early", "swiss", &["--rounds", "3"], &players);
    let state = |p: serde_json::Value| {
        let n = |k: &str| p[k].as_u64().map_or(String::new(), |v| v.to_string());
        format!(
            "{} {}/{}",
            p["state"].as_str().unwrap(),
            n("round"),
            n("rounds")
        )
    };
    assert_eq!(state(progress(&db, "Club")), "not-started /");
    let r1 = pair(&db, &["Club"]);
    south_wins(&db, &r1);
    assert_eq!(state(progress(&db, "Club")), "in-progress 1/2");
    let r2 = pair(&db, &["Club"]);
    south_wins(&db, &r2);
    assert_eq!(state(progress(&db, "Club")), "finished 2/2");
    // Reopened without a round more: results, entries and pairings are taken again.
    db.ok(&[
        "tournament",
        "reopen",
        "Club",
        "--reason",
        "a score to check",
    ]);
    assert_eq!(state(progress(&db, "Club")), "in-progress 2/2");

    // Closed after round 1 of 3: finished early, in the list (which reads the row
    // alone) as on the event's page.
    south_wins(&db, &pair(&db, &["Early"]));
    db.ok(&[
        "tournament",
        "close",
        "Early",
        "--reason",
        "the hall closes",
    ]);
    assert_eq!(state(progress(&db, "Early")), "finished 1/3");
}

#[test]
fn a_finished_tournament_is_closed_until_reopened() {
    let db = Db::new();
    db.players(&["Ann", "Bob", "Cy", "Dee", "Late"], None);
    db.tihbat_tournament(
        "Club",
        "swiss",
        &["--rounds", "2"],
        &["Ann", "Bob", "Cy", "Dee"],
    );
    let r1 = pair(&db, &["Club"]);
    south_wins(&db, &r1);
    assert!(!show_text(&db, "Club").contains("closed"));
    let r2 = pair(&db, &["Club"]);
    // Not closed while a match is pending: the last result closes it.
    db.refused(
        &["tournament", "close", "Club"],
        "2 matches without a result yet",
    );
    db.refused(&["tournament", "reopen", "Club"], "is not closed");
    south_wins(&db, &r2[..1]);
    assert!(!show_text(&db, "Club").contains("closed"));
    south_wins(&db, &r2[1..]);
    let show = show_text(&db, "Club");
    assert!(show.contains("finished (closed)"), "{show}");
    assert!(show.contains("Closed at "), "{show}");
    assert!(show.contains("the last result was entered"), "{show}");
    db.verified();

    // Everything that changes the event is refused, each with one line.
    db.refused(&["tournament", "add", "Club", "Late"], CLOSED);
    db.refused(&["tournament", "withdraw", "Club", "Ann"], CLOSED);
    db.refused(&["tournament", "pair", "Club"], CLOSED);
    db.refused(&["tournament", "unpair", "Club"], CLOSED);
    db.refused(&["tournament", "close", "Club"], "it is closed already");
    db.refused(
        &["tournament", "reopen", "Club", "--rounds", "1"],
        "2 rounds have been paired; a reopened swiss has at least that many, not 1",
    );

    // Reopened for a third round: it is paired, played, and closes again.
    let out = db.ok(&[
        "tournament",
        "reopen",
        "Club",
        "--rounds",
        "3",
        "--reason",
        "one more round",
    ]);
    assert!(out.contains("3 rounds planned"), "{out}");
    assert!(show_text(&db, "Club").contains("reopened"));
    db.ok(&["tournament", "add", "Club", "Late"]);
    let r3 = pair(&db, &["Club"]);
    assert_eq!(r3.len(), 3, "five players: two boards and a bye: {r3:?}");
    south_wins(&db, &r3);
    let show = show_text(&db, "Club");
    assert!(show.contains("finished (closed)"), "{show}");
    let closings: Vec<&str> = show
        .lines()
        .filter(|l| l.starts_with("Closed at") || l.starts_with("Reopened at"))
        .collect();
    assert_eq!(closings.len(), 3, "{show}");
    assert!(closings[0].starts_with("Closed at"));
    assert!(closings[1].starts_with("Reopened at") && closings[1].ends_with(": one more round"));
    assert!(closings[2].starts_with("Closed at"));
    db.verified();
    let list = db.json(&["tournament", "list"]);
    assert_eq!(list[0]["status"], "finished");
}

#[test]
fn a_director_closes_an_event_early_and_only_a_swiss_gets_more_rounds() {
    let db = Db::new();
    db.players(&["Ann", "Bob", "Cy", "Dee"], None);
    db.tihbat_tournament(
        "Short",
        "swiss",
        &["--rounds", "3"],
        &["Ann", "Bob", "Cy", "Dee"],
    );
    db.refused(
        &["tournament", "close", "Short"],
        "no round has been paired",
    );
    let r1 = pair(&db, &["Short"]);
    south_wins(&db, &r1);
    let out = db.ok(&[
        "tournament",
        "close",
        "Short",
        "--reason",
        "the hall closes",
    ]);
    assert!(out.contains("ended early"), "{out}");
    db.refused(&["tournament", "pair", "Short"], CLOSED);
    assert!(show_text(&db, "Short").contains("Closed at "));
    db.verified();

    db.tihbat_tournament("Robin", "round-robin", &[], &["Ann", "Bob", "Cy"]);
    for _ in 0..3 {
        let r = pair(&db, &["Robin"]);
        south_wins(&db, &r);
    }
    assert!(show_text(&db, "Robin").contains("finished (closed)"));
    db.refused(
        &["tournament", "reopen", "Robin", "--rounds", "5"],
        "only a swiss sets its number of rounds",
    );
    db.ok(&["tournament", "reopen", "Robin"]);
    // Reopened, a round robin over its schedule still has nothing to pair.
    db.refused(
        &["tournament", "pair", "Robin"],
        "the tournament is finished",
    );
}

#[test]
fn the_last_round_is_taken_back_while_nothing_in_it_has_started() {
    let db = Db::new();
    db.players(&["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], None);
    db.tihbat_tournament(
        "Club",
        "swiss",
        &["--rounds", "3"],
        &["Ann", "Bob", "Cy", "Dee", "Eve"],
    );
    let first = pair(&db, &["Club"]);
    let out = db.ok(&[
        "tournament",
        "unpair",
        "Club",
        "--reason",
        "Fay arrived late",
    ]);
    assert!(out.contains("round 1 taken back (3 boards"), "{out}");
    let show = show_text(&db, "Club");
    assert!(show.contains("round 0 of 3 paired"), "{show}");
    assert!(
        show.contains("Round 1 as paired (system)") && show.contains("(Fay arrived late)"),
        "{show}"
    );
    // Paired again on the same entries, the system gives the same round.
    let again = pair(&db, &["Club"]);
    let players = |b: &[(String, String, Option<i64>)]| -> Vec<(String, String)> {
        b.iter().map(|(s, n, _)| (s.clone(), n.clone())).collect()
    };
    assert_eq!(players(&first), players(&again));
    // With the late arrival entered, round 1 pairs six.
    db.ok(&["tournament", "unpair", "Club"]);
    db.ok(&["tournament", "add", "Club", "Fay"]);
    let with_fay = pair(&db, &["Club"]);
    assert_eq!(with_fay.len(), 3);
    assert!(with_fay.iter().all(|(_, n, _)| n != "bye"), "{with_fay:?}");
    db.verified();

    // Once a result is in, the round stays.
    let id = with_fay[0].2.unwrap().to_string();
    db.ok(&["match", "result", &id, "28", "0"]);
    db.refused(
        &["tournament", "unpair", "Club"],
        "round 1 of Club cannot be taken back: board 1",
    );
    south_wins(&db, &with_fay[1..]);

    // A withdrawal made after round 2 was paired moves back with it, so the round
    // paired again leaves the player out.
    let r2 = pair(&db, &["Club"]);
    let leaver = r2[0].0.clone();
    db.ok(&["tournament", "withdraw", "Club", &leaver]);
    let out = db.ok(&["tournament", "unpair", "Club"]);
    assert!(
        out.contains(&format!(
            "{leaver} withdrew after round 2 was paired: now withdrawn after round 1"
        )),
        "{out}"
    );
    let r2 = pair(&db, &["Club"]);
    assert!(
        r2.iter().all(|(s, n, _)| *s != leaver && *n != leaver),
        "{r2:?}"
    );
    assert_eq!(
        r2.iter().filter(|b| b.1 == "bye").count(),
        1,
        "five left: {r2:?}"
    );
    db.verified();
    db.refused(
        &["tournament", "unpair", "Nope"],
        "no tournament named 'Nope'",
    );
}

#[test]
fn a_swiss_round_paired_by_hand_is_recorded_checked_and_verified() {
    let db = Db::new();
    db.players(&["Ann", "Bob", "Cy", "Dee", "Eve", "Out", "Nobody"], None);
    db.tihbat_tournament(
        "Club",
        "swiss",
        &["--rounds", "2"],
        &["Ann", "Bob", "Cy", "Dee", "Eve", "Out"],
    );
    let pair_args = |boards: &[(&str, &str)], bye: Option<&str>| -> Vec<String> {
        let mut a: Vec<String> = vec!["tournament".into(), "pair".into(), "Club".into()];
        for (s, n) in boards {
            a.extend(["--board".into(), s.to_string(), n.to_string()]);
        }
        if let Some(b) = bye {
            a.extend(["--bye".into(), b.to_string()]);
        }
        a
    };
    let refused = |boards: &[(&str, &str)], bye: Option<&str>, needle: &str| {
        let a = pair_args(boards, bye);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        db.refused(&a, needle);
    };
    refused(
        &[("Ann", "Bob"), ("Cy", "Ann"), ("Eve", "Out")],
        None,
        "Ann is paired twice",
    );
    refused(
        &[("Ann", "Bob"), ("Cy", "Dee")],
        None,
        "not paired: Eve, Out (every active player needs a board or the bye)",
    );
    refused(
        &[("Ann", "Bob"), ("Cy", "Dee"), ("Eve", "Out")],
        Some("Ann"),
        "Ann is paired twice",
    );
    refused(
        &[("Ann", "Bob"), ("Cy", "Dee")],
        Some("Eve"),
        "not paired: Out",
    );
    refused(
        &[("Ann", "Bob"), ("Cy", "Dee"), ("Eve", "Nobody")],
        None,
        "Nobody is not entered in Club",
    );
    refused(
        &[("Ann", "Bob"), ("Cy", "Dee"), ("Eve", "Ghost")],
        None,
        "no player named 'Ghost'",
    );
    refused(
        &[("Ann", "Ann")],
        None,
        "Ann cannot play against themselves",
    );
    db.refused(&["tournament", "pair", "Club", "--bye", "Eve"], "--board");

    let out = db.ok(&[
        "tournament",
        "pair",
        "Club",
        "--board",
        "Dee",
        "Ann",
        "--board",
        "Bob",
        "Cy",
        "--board",
        "Eve",
        "Out",
        "--reason",
        "Ann and Cy are sisters",
    ]);
    assert!(out.contains("Club: round 1 paired by hand"), "{out}");
    assert_eq!(
        boards_of(&db, &["Club"], 1)
            .iter()
            .map(|(s, n, _)| (s.as_str(), n.as_str()))
            .collect::<Vec<_>>(),
        [("Dee", "Ann"), ("Bob", "Cy"), ("Eve", "Out")]
    );
    let show = show_text(&db, "Club");
    assert!(
        show.contains("Round 1 (paired by hand: Ann and Cy are sisters)"),
        "{show}"
    );
    let records = db.json(&["tournament", "show", "Club"])["round_records"].clone();
    assert_eq!(records[0]["method"], "manual");
    assert_eq!(records[0]["reason"], "Ann and Cy are sisters");
    db.verified();

    // After a withdrawal, the withdrawn player cannot be paired by hand, and an odd
    // number of players needs exactly one bye.
    south_wins(&db, &boards_of(&db, &["Club"], 1));
    db.ok(&["tournament", "withdraw", "Club", "Out"]);
    refused(
        &[("Ann", "Bob"), ("Cy", "Dee"), ("Eve", "Out")],
        None,
        "Out has withdrawn and cannot be paired",
    );
    refused(&[("Ann", "Bob"), ("Cy", "Dee")], None, "not paired: Eve");
    refused(
        &[("Ann", "Bob"), ("Cy", "Dee"), ("Eve", "Eve")],
        None,
        "Eve cannot play against themselves",
    );
    // The next round is the system's again, paired from the manual one.
    let r2 = pair(&db, &["Club"]);
    assert_eq!(r2.len(), 3);
    db.verified();

    // A manual round changed in the tables afterwards is named.
    db.sql(
        "UPDATE matches SET south_id = north_id, north_id = south_id
         WHERE round = 1 AND id = (SELECT MIN(id) FROM matches)",
    );
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("round 1 is stored as board 1: Ann v Dee, but it was paired (manual) as board 1: Dee v Ann"),
        "{text}"
    );
}

#[test]
fn only_a_swiss_is_paired_by_hand() {
    let db = Db::new();
    db.players(&["Ann", "Bob", "Cy", "Dee"], None);
    db.tihbat_tournament("Robin", "round-robin", &[], &["Ann", "Bob", "Cy", "Dee"]);
    db.refused(
        &[
            "tournament",
            "pair",
            "Robin",
            "--board",
            "Ann",
            "Bob",
            "--board",
            "Cy",
            "Dee",
        ],
        "only a swiss is paired by hand",
    );
}

#[test]
fn a_system_round_changed_in_the_tables_is_named_by_its_record() {
    let db = Db::new();
    db.players(&["Ann", "Bob", "Cy", "Dee"], None);
    db.tihbat_tournament(
        "Club",
        "swiss",
        &["--rounds", "2"],
        &["Ann", "Bob", "Cy", "Dee"],
    );
    pair(&db, &["Club"]);
    db.verified();
    db.sql("UPDATE round_pairings SET boards = '[]'");
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("round 1 is stored as board 1: ")
            && text.contains("but it was paired (system) as no board"),
        "{text}"
    );
}

/// A typo found after the next round was paired (issue 13, item 1): the correction is
/// recorded beside the result as entered, standings follow it, the round paired on the
/// old result stays, and `verify` judges that round on the result as it stood then.
#[test]
fn a_result_typed_wrongly_is_corrected_after_the_next_round_was_paired() {
    let db = Db::new();
    db.players(&["Ann", "Bob", "Cy", "Dee"], None);
    db.tihbat_tournament(
        "Club",
        "swiss",
        &["--rounds", "2"],
        &["Ann", "Bob", "Cy", "Dee"],
    );
    let r1 = pair(&db, &["Club"]);
    south_wins(&db, &r1);
    let r2 = pair(&db, &["Club"]);
    let (south, north, id) = r1[0].clone();
    let id = id.unwrap().to_string();
    db.refused(
        &[
            "match", "correct", &id, "--score", "28,0", "--reason", "check",
        ],
        "hand 1's result is already 28-0",
    );
    db.refused(
        &[
            "match", "correct", &id, "--score", "0,27", "--reason", "typo",
        ],
        "28 seeds in play",
    );
    db.refused(
        &[
            "match", "correct", &id, "--score", "0;28", "--reason", "typo",
        ],
        "is not a score; give South's and North's seeds as S,N",
    );
    db.refused(
        &["match", "correct", &id, "--score", "0,28", "--reason", "  "],
        "a correction needs a reason",
    );
    db.refused(
        &[
            "match", "correct", "999", "--score", "0,28", "--reason", "typo",
        ],
        "no match with id 999",
    );
    let pending = r2[0].2.unwrap().to_string();
    db.refused(
        &[
            "match", "correct", &pending, "--score", "0,28", "--reason", "typo",
        ],
        "hand 1 has no result yet",
    );
    let out = db.ok(&[
        "match",
        "correct",
        &id,
        "--score",
        "0,28",
        "--reason",
        "North won, typed the wrong way",
    ]);
    assert!(
        out.contains(&format!("match {id}: corrected hand 1 to 0-28 (North won, typed the wrong way); the match's result was 1-0 (28-0), is 0-1 (0-28)")),
        "{out}"
    );
    assert!(out.contains(&format!("Club: {north} was ")), "{out}");
    assert!(
        out.contains("rounds already paired stay as they were"),
        "{out}"
    );
    // Standings follow the correction: the North player has the point.
    let s = db.json(&["tournament", "standings", "Club"]);
    let points = |name: &str| {
        s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap()["points"]
            .as_f64()
            .unwrap()
    };
    assert_eq!((points(&south), points(&north)), (0.0, 1.0));
    // What was entered is kept: the hand's row, and the correction says before/after.
    let shown = db.json(&["match", "show", &id]);
    assert_eq!(
        shown["corrections"][0]["reason"],
        "North won, typed the wrong way"
    );
    assert_eq!(shown["corrections"][0]["before"]["winner"], "south");
    assert_eq!(shown["corrections"][0]["after"]["winner"], "north");
    assert!(db.ok(&["match", "show", &id]).contains("Corrected "));
    let entered: (i64, i64) = common::runtime().block_on(async {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(db.path.to_str().unwrap())
            .await
            .unwrap();
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT score_south, score_north FROM hands WHERE match_id = {id}"
        )))
        .fetch_one(&mut conn)
        .await
        .unwrap()
    });
    assert_eq!(
        entered,
        (28, 0),
        "the hand's row keeps the score as entered"
    );
    let show = show_text(&db, "Club");
    assert!(
        show.contains(&format!("round 1 board 1, match {id}: hand 1 to 0-28 (North won, typed the wrong way): 1-0 (28-0) before, 0-1 (0-28) after")),
        "{show}"
    );
    // Round 2 stays as paired; verify judges it on round 1 as it stood then.
    assert_eq!(boards_of(&db, &["Club"], 2), r2);
    db.verified();

    // A tampered correction is named.
    db.sql("UPDATE match_corrections SET winner_after = 'draw'");
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains(
            "correction 1 records the result after it as draw (0-28), the replay gives 0-1 (0-28)"
        ),
        "{text}"
    );
    db.sql("UPDATE match_corrections SET winner_after = 'north', score_north = 27");
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains(
            "hand 1: the entered result as corrected does not replay: scores 0 + 27 = 27 seeds"
        ),
        "{text}"
    );
}

/// A closed tournament's match can be corrected (and the tournament stays closed); a
/// played game's score follows from its moves and is not corrected; a games:N match's
/// earlier game can be, its later games being independent.
#[test]
fn corrections_in_a_closed_event_of_played_games_and_of_games_matches() {
    let db = Db::new();
    db.players(&["Ann", "Bob"], None);
    db.tihbat_tournament(
        "Duel",
        "round-robin",
        &["--form", "games:2"],
        &["Ann", "Bob"],
    );
    let r1 = pair(&db, &["Duel"]);
    let id = r1[0].2.unwrap().to_string();
    db.ok(&["match", "result", &id, "20", "8"]);
    db.ok(&["match", "result", &id, "16", "12"]);
    assert!(show_text(&db, "Duel").contains("finished (closed)"));
    let out = db.ok(&[
        "match",
        "correct",
        &id,
        "--hand",
        "1",
        "--score",
        "8,20",
        "--reason",
        "game 1 the other way",
    ]);
    assert!(
        out.contains("the match's result was 1-0 (36-20), is 0-1 (24-32)"),
        "{out}"
    );
    assert!(show_text(&db, "Duel").contains("finished (closed)"));
    let s = db.json(&["tournament", "standings", "Duel"]);
    assert_eq!(s["rows"][0]["points"].as_f64(), Some(1.0), "{s}");
    db.verified();

    db.players(&["R1", "R2"], Some("random"));
    let m = db.json(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        "R1",
        "--north",
        "R2",
        "--seed",
        "3",
    ]);
    let mid = m["id"].as_i64().unwrap().to_string();
    db.cmd(&["match", "play", &mid])
        .write_stdin("")
        .assert()
        .success();
    db.refused(
        &[
            "match", "correct", &mid, "--score", "14,14", "--reason", "x",
        ],
        "was played move by move",
    );
}

/// A move of a tournament match (rated and counted) is taken back only with the
/// director's say-so; a casual match's, on the player's word as before.
#[test]
fn a_tournament_move_is_taken_back_only_by_the_director() {
    let db = Db::new();
    db.players(&["Ann", "Bob"], None);
    db.tihbat_tournament("Duel", "round-robin", &[], &["Ann", "Bob"]);
    let r1 = pair(&db, &["Duel"]);
    let id = r1[0].2.unwrap().to_string();
    db.ok(&["match", "move", &id, "1"]);
    db.refused(
        &["match", "undo", &id],
        &format!("match {id} is a match of tournament Duel, rated and counted: a move is taken back there only with the director's say-so (`goobalay match undo {id} --director`)"),
    );
    db.ok(&["match", "undo", &id, "--director"]);
    assert_eq!(db.state(&id)["ply"], 0);
    let casual = db.json(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        "Ann",
        "--north",
        "Bob",
    ])["id"]
        .to_string();
    db.ok(&["match", "move", &casual, "1"]);
    db.ok(&["match", "undo", &casual]);
}
