//! A round in which only engines have played can be taken back (issue 33, point 4):
//! engines move the instant a round is paired, so their play alone never holds a
//! round. The engine play is voided and kept (`voided_matches`, `voided_hands`), not
//! deleted; a match number handed out once is never handed out again; `verify`
//! accepts the record and names a voided match that held a player's move. A human's
//! move or an entered result still holds the round.

mod common;

use common::Db;

/// Round `round`'s boards as `tournament show` lists them: (south, north, match id).
fn boards(db: &Db, round: u64) -> Vec<(String, String, i64)> {
    let show = db.json(&["tournament", "show", "Club"]);
    show["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["round"] == round)
        .map(|b| {
            (
                b["south"].as_str().unwrap().to_string(),
                b["north"].as_str().unwrap_or("bye").to_string(),
                b["match_id"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn match_of(boards: &[(String, String, i64)], south: &str) -> i64 {
    boards.iter().find(|b| b.0 == south).unwrap().2
}

fn moves_made(db: &Db, id: i64) -> i64 {
    count(
        db,
        &format!("SELECT COALESCE(SUM(move_count), 0) FROM hands WHERE match_id = {id}"),
    )
}

/// The one integer `sql` selects, read straight from the database file.
fn count(db: &Db, sql: &str) -> i64 {
    common::runtime().block_on(async {
        let mut conn = common::connect(&db.path).await;
        sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql.to_string()))
            .fetch_one(&mut conn)
            .await
            .unwrap()
    })
}

const PAIRED_BY_HAND: &[&str] = &[
    "tournament",
    "pair",
    "Club",
    "--board",
    "E1",
    "E2",
    "--board",
    "E3",
    "Ann",
    "--board",
    "Bob",
    "Cy",
    "--reason",
    "the boards as the room set them",
];

/// Three players and three engines in a Tihbat Swiss, round 1 paired by hand: E1 v
/// E2 (engines), E3 v Ann (the engine moves first), Bob v Cy (players).
fn paired_by_hand() -> Db {
    let db = Db::new();
    db.players(&["Ann", "Bob", "Cy"], None);
    db.players(&["E1", "E2", "E3"], Some("random"));
    db.tihbat_tournament(
        "Club",
        "swiss",
        &["--rounds", "3"],
        &["Ann", "Bob", "Cy", "E1", "E2", "E3"],
    );
    db.ok(PAIRED_BY_HAND);
    db
}

#[test]
fn a_round_only_engines_have_played_in_is_voided_kept_and_its_numbers_not_reused() {
    let db = paired_by_hand();
    // E3 moves the instant the round is paired; the engines' board is played out.
    db.ok(&["tournament", "run", "Club", "--limit", "1"]);
    let first = boards(&db, 1);
    let engines_match = match_of(&first, "E1");
    let engine_first = match_of(&first, "E3");
    let humans = match_of(&first, "Bob");
    assert!(moves_made(&db, engines_match) > 0);
    assert_eq!(moves_made(&db, engine_first), 1);
    assert_eq!(moves_made(&db, humans), 0);
    let highest = first.iter().map(|b| b.2).max().unwrap();

    let out = db.ok(&[
        "tournament",
        "unpair",
        "Club",
        "--reason",
        "E3 and Ann were on the wrong board",
    ]);
    assert!(out.contains("round 1 taken back (3 boards"), "{out}");
    assert!(
        out.contains(&format!(
            "engine play voided and kept in matches {engines_match}, {engine_first}"
        )),
        "{out}"
    );
    // Kept, not deleted: every match of the round with its hands and moves.
    assert_eq!(count(&db, "SELECT count(*) FROM voided_matches"), 3);
    assert_eq!(count(&db, "SELECT count(*) FROM matches"), 0);
    assert_eq!(
        count(
            &db,
            &format!("SELECT move_count FROM voided_hands WHERE match_id = {engine_first}")
        ),
        1
    );
    db.verified();

    // Paired again, the round's matches are numbered after every number handed out.
    db.ok(&["tournament", "pair", "Club"]);
    let again = boards(&db, 1);
    assert_eq!(again.len(), 3);
    assert!(
        again.iter().all(|b| b.2 > highest),
        "match numbers {again:?} reuse one up to {highest}"
    );
    db.verified();
    // And a match made outside the tournament too.
    db.ok(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        "Ann",
        "--north",
        "Bob",
    ]);
    let newest = count(&db, "SELECT max(id) FROM matches");
    assert!(newest > again.iter().map(|b| b.2).max().unwrap());
}

#[test]
fn a_players_move_or_an_entered_result_holds_the_round() {
    let db = paired_by_hand();
    let first = boards(&db, 1);
    let engine_first = match_of(&first, "E3");
    // Ann answers the engine's move: a player has played in the round.
    let id = engine_first.to_string();
    let hole = db.state(&id)["legal"][0].as_str().unwrap().to_string();
    db.ok(&["match", "move", &id, &hole]);
    db.refused(
        &["tournament", "unpair", "Club"],
        &format!(
            "round 1 of Club cannot be taken back: board 2 (E3 v Ann, match {id}) has a move made by a player"
        ),
    );
    db.verified();

    // An entered result holds it as well, even between engines' boards.
    let db = paired_by_hand();
    let humans = match_of(&boards(&db, 1), "Bob").to_string();
    db.ok(&["match", "result", &humans, "28", "0"]);
    db.refused(&["tournament", "unpair", "Club"], "board 3 (Bob v Cy");
}

#[test]
fn verify_names_a_voided_match_that_held_a_players_move() {
    let db = paired_by_hand();
    let engine_first = match_of(&boards(&db, 1), "E3");
    db.ok(&["tournament", "unpair", "Club"]);
    db.verified();
    // A hand that says Ann (a human, North) answered: not engine play.
    db.sql(&format!(
        "UPDATE voided_matches SET north_engine = NULL, south_engine = NULL WHERE id = {engine_first}"
    ));
    let (code, text) = db.verify();
    assert_ne!(code, 0, "{text}");
    assert!(
        text.contains(&format!(
            "match {engine_first}: voided with its round, but it holds a player's move"
        )),
        "{text}"
    );
}
