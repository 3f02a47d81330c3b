//! `goobalay verify`: a clean database passes; every kind of tampering is named.

mod common;

use common::Db;

/// A database with a human multi-hand match (moves, entered results, arrangements,
/// decided), engine matches played to the end, and a human-v-engine match in play.
fn club() -> Db {
    let db = Db::new();
    for p in ["Amina", "Bashir"] {
        db.ok(&["player", "add", p]);
    }
    db.ok(&["player", "add", "Robo", "--engine", "greedy"]);
    db.ok(&["player", "add", "Rand", "--engine", "random"]);
    let new = |variant: &str, south: &str, north: &str, extra: &[&str]| {
        let mut a = vec![
            "match",
            "new",
            "--variant",
            variant,
            "--south",
            south,
            "--north",
            north,
            "--seed",
            "7",
        ];
        a.extend(extra);
        db.ok(&a);
    };
    // Match 1: hand 1 moves then a result, hand 2 arranged then a result, hand 3 ends it.
    new("layli-goobalay", "Amina", "Bashir", &[]);
    db.ok(&["match", "move", "1", "4"]);
    db.ok(&["match", "move", "1", "4"]);
    db.ok(&["match", "result", "1", "30", "18"]);
    db.ok(&["match", "arrange", "1", "--seeds", "3,1,1,1,2,10"]);
    db.ok(&["match", "arrange", "1", "--seeds", "3,3,3,3,3,3"]);
    db.ok(&["match", "result", "1", "13", "35"]);
    db.ok(&["match", "result", "1", "5", "43"]);
    // Match 2: engines, Tihbat, played to the end.
    new("tihbat", "Robo", "Rand", &[]);
    db.ok(&["match", "play", "2"]);
    // Match 3: engines, a multi-hand Layli Goobalay match (engine arrangements).
    new("layli-goobalay", "Rand", "Robo", &["--max-hands", "3"]);
    db.ok(&["match", "play", "3"]);
    // Match 4: a human against an engine, in play.
    new("modiar", "Amina", "Robo", &[]);
    db.ok(&["match", "move", "4", "1"]);
    db
}

/// One bit flipped in the declared type of `players.club` ('E' 0x45 -> 0xc5, not
/// UTF-8), as a damaged disk would leave it.
const FLIPPED_BIT: &str = "PRAGMA writable_schema = ON;
     UPDATE sqlite_master
        SET sql = replace(sql, 'club        TEXT', 'club        T' || CAST(X'C5' AS TEXT) || 'XT')
      WHERE name = 'players';
     PRAGMA writable_schema = OFF;";

/// A copy of `db` (checkpointed), tampered with by `sql`; returns verify's output.
fn tampered(db: &Db, sql: &str) -> (i32, String) {
    db.sql("PRAGMA wal_checkpoint(TRUNCATE)");
    let copy = Db::new();
    std::fs::copy(&db.path, &copy.path).unwrap();
    copy.sql(sql);
    copy.verify()
}

#[test]
fn a_clean_database_verifies_and_every_tampering_is_named() {
    let db = club();
    db.sql("PRAGMA wal_checkpoint(TRUNCATE)");
    let before = std::fs::read(&db.path).unwrap();
    let summary = db.verified();
    // An audit writes nothing.
    assert!(
        std::fs::read(&db.path).unwrap() == before,
        "verify changed the database"
    );
    assert!(
        summary.contains("checked 4 matches (3 finished)"),
        "{summary}"
    );
    assert!(summary.contains("all consistent"), "{summary}");
    let state = db.json(&["match", "state", "3"]);
    assert!(state["match"]["hand"].as_u64().unwrap() >= 2, "{state}");

    let cases: &[(&str, &[&str])] = &[
        // An engine game's score differs from the moves stored.
        (
            "UPDATE hands SET score_south = score_south + 1, score_north = score_north - 1
             WHERE match_id = 2 AND number = 1",
            &["match 2, hand 1: stored score"],
        ),
        // An entered result is the event itself: changed, it no longer carries over
        // into the arrangement the next hand was played with.
        (
            "UPDATE hands SET score_south = 31, score_north = 17 WHERE match_id = 1 AND number = 1",
            &[
                "match 1, hand 2: stored seeds brought in (carried over) 30-18, the replay gives 31-17",
                "match 1, hand 2: north's arrangement '3,1,1,1,2,10' does not replay",
            ],
        ),
        (
            "UPDATE hands SET holdings_south = 29, holdings_north = 19 WHERE match_id = 1 AND number = 2",
            &["match 1, hand 2: stored seeds brought in (carried over) 29-19, the replay gives 30-18"],
        ),
        (
            "UPDATE hands SET kept_south = 0 WHERE match_id = 1 AND number = 2",
            &["match 1, hand 2: stored seeds kept in hand 0-0, the replay gives 12-0"],
        ),
        (
            "UPDATE hands SET moves = '4 9', move_count = 2 WHERE match_id = 1 AND number = 1",
            &["match 1, hand 1: move 2 ('9') does not replay", "legal moves"],
        ),
        (
            "UPDATE hands SET move_count = 5 WHERE match_id = 1 AND number = 1",
            &["match 1, hand 1: stored move count 5, but 2 moves are stored"],
        ),
        (
            "UPDATE hands SET arrangement_south = '4,3,3,3,3,3' WHERE match_id = 1 AND number = 2",
            &["match 1, hand 2: south's arrangement '4,3,3,3,3,3' does not replay"],
        ),
        (
            "UPDATE matches SET winner = 'south' WHERE id = 1",
            &["match 1: stored winner 'south', the replay gives 'north'"],
        ),
        (
            "UPDATE matches SET winner = NULL, finished_at = NULL WHERE id = 2",
            &["match 2: stored winner none, the replay gives"],
        ),
        (
            "UPDATE matches SET hands_played = 2 WHERE id = 1",
            &["match 1: stored hands played 2, the replay gives 3"],
        ),
        (
            "DELETE FROM hands WHERE match_id = 1 AND number = 3",
            &["match 1, hand 3: missing"],
        ),
        (
            "UPDATE hands SET end_reason = NULL, score_south = NULL, score_north = NULL
             WHERE match_id = 1 AND number = 2",
            &["match 1, hand 2: unfinished, yet a later hand is stored"],
        ),
        (
            "UPDATE hands SET number = 5 WHERE match_id = 1 AND number = 3",
            &["match 1, hand 3: stored as hand 5"],
        ),
        (
            "UPDATE matches SET seed = seed + 1 WHERE id = 3",
            &["match 3, hand 1:", "was made for the engine player", "chooses"],
        ),
        (
            "UPDATE hands SET first_mover = 'south' WHERE match_id = 1 AND number = 2",
            &["match 1, hand 2: stored first mover 'south', the replay gives 'north'"],
        ),
        (
            "UPDATE matches SET rules = '{\"holes_per_row\": 0}' WHERE id = 4",
            &["match 4: the match cannot be set up"],
        ),
        (
            "INSERT INTO tournaments (name, name_key, variant, format, match_form, status, created_at)
               VALUES ('Spring', 'spring', 'tihbat', 'round-robin', 'single', 'finished', '2026-01-01T00:00:00Z');
             UPDATE matches SET tournament_id = 1, round = 1 WHERE id IN (3, 4)",
            &[
                "tournament 'Spring', match 3: a player of this tournament match is not entered",
                "tournament 'Spring', match 3: the match is played as 'layli-goobalay', the tournament's variant is 'tihbat'",
                "tournament 'Spring', match 4: the tournament is finished but this match is still in play",
            ],
        ),
        // A preset match's stored rules edited by hand (issue 12, item 11).
        (
            "UPDATE matches SET rules = json_set(rules, '$.max_lifts', 5) WHERE id = 2",
            &[
                "match 2: stored as the preset 'tihbat', but its stored rules differ from the preset's: max_lifts 5 (the preset's: 1000)",
            ],
        ),
        (
            "UPDATE matches SET rules = json_set(rules, '$.forbid_grand_slam', json('true')) WHERE id = 1",
            &["match 1: stored as the preset 'layli-goobalay'", "forbid_grand_slam true (the preset's: false)"],
        ),
        // A player renamed without the name key, which lookups go by.
        (
            "UPDATE players SET name = 'Amelia' WHERE name = 'Amina'",
            &["player 'Amelia' (#1): stored name key 'amina', its name gives 'amelia'"],
        ),
        (
            "INSERT INTO tournaments (name, name_key, variant, format, match_form, created_at)
               VALUES ('Spring', 'autumn', 'tihbat', 'round-robin', 'single', '2026-01-01T00:00:00Z')",
            &["tournament 'Spring' (#1): stored name key 'autumn', its name gives 'spring'"],
        ),
        // The schema itself (item 5): a renamed column, a dropped view, an added
        // trigger, one flipped bit in a column's declared type.
        (
            "ALTER TABLE players RENAME COLUMN club TO team",
            &[
                "database: schema: the table 'players': the column 'club' is missing",
                "database: schema: the table 'players': a column 'team' that goobalay's migrations do not make",
            ],
        ),
        (
            "DROP VIEW carry_over",
            &["database: schema: the view 'carry_over' is missing (goobalay's migrations make it)"],
        ),
        (
            "CREATE TRIGGER keep_scores AFTER UPDATE ON hands BEGIN SELECT 1; END",
            &["database: schema: a trigger 'keep_scores' that goobalay's migrations do not make"],
        ),
        (
            "DROP INDEX matches_created",
            &["database: schema: the index 'matches_created' is missing"],
        ),
        (
            FLIPPED_BIT,
            &["database: schema: the table 'players': the column 'club' is declared 'T\\xc5XT', goobalay declares it 'TEXT'"],
        ),
    ];
    for (sql, needles) in cases {
        let (code, out) = tampered(&db, sql);
        assert_eq!(code, 1, "{sql}\n{out}");
        for needle in *needles {
            assert!(out.contains(needle), "{sql}\nlacks '{needle}':\n{out}");
        }
        assert!(out.contains("mismatch"), "{out}");
    }
}

/// A database with one Tihbat match (seed 5) between two engine players, played out;
/// each is (name, level).
fn engine_match(south: (&str, &str), north: (&str, &str)) -> Db {
    let db = Db::new();
    for (name, level) in [south, north] {
        db.ok(&["player", "add", name, "--engine", level]);
    }
    db.ok(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        south.0,
        "--north",
        north.0,
        "--seed",
        "5",
    ]);
    db.ok(&["match", "play", "1"]);
    db
}

/// Searching engine levels: quick ones are recomputed, the slow ones with --deep.
#[test]
fn searching_levels_are_recomputed_quick_ones_always_slow_ones_with_deep() {
    let db = engine_match(("Mid", "medium"), ("Deep", "hard"));
    let text = db.verified();
    assert!(
        text.contains("of hard/max/perfect players not recomputed"),
        "{text}"
    );
    let out = db.ok(&["verify", "--deep"]);
    assert!(
        out.contains("all consistent") && !out.contains("not recomputed"),
        "{out}"
    );
    // A changed seed: medium's own decisions no longer follow from it.
    db.sql("UPDATE matches SET seed = seed + 1");
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("engine player (medium)"), "{text}");
}

/// Matches stored by an earlier version of the engine players replay, and their engine
/// decisions are not held against today's levels; the rest is still checked.
#[test]
fn decisions_of_an_earlier_engine_version_are_replayed_not_recomputed() {
    let db = engine_match(("Mid", "medium"), ("Rand", "random"));
    let text = db.verified();
    assert!(!text.contains("earlier engine version"), "{text}");
    // Decisions that today's engine would not make from this seed are named...
    db.sql("UPDATE matches SET seed = seed + 1");
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("engine player (medium)"), "{text}");
    // ...unless an earlier version of the engine made them (a database from before).
    db.sql("UPDATE matches SET engine_version = NULL");
    let text = db.verified();
    assert!(
        text.contains("by an earlier engine version: replayed, not recomputed"),
        "{text}"
    );
    // The replay still checks the record itself.
    db.sql("UPDATE hands SET score_south = score_south + 1 WHERE match_id = 1");
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
}

#[test]
fn verify_refuses_a_missing_database_and_a_foreign_file() {
    let db = Db::new();
    let out = db.run(&["verify"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no database at"));
    assert!(!db.path.exists(), "verify created a database");
    std::fs::write(&db.path, "not a database at all, just text").unwrap();
    let out = db.run(&["verify"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an SQLite database"));
}

/// Tournament standings: computed from the stored results, they must be what the
/// replayed matches give; rounds must be consistent.
#[test]
fn tournament_results_and_standings_are_checked_against_the_replay() {
    let db = Db::new();
    for (p, level) in [
        ("Ada", "greedy"),
        ("Bo", "random"),
        ("Cy", "greedy"),
        ("Di", "random"),
    ] {
        db.ok(&["player", "add", p, "--engine", level]);
    }
    db.ok(&[
        "tournament",
        "new",
        "Cup",
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
        "--seed",
        "8",
    ]);
    db.ok(&["tournament", "add", "Cup", "Ada", "Bo", "Cy", "Di"]);
    db.ok(&["tournament", "run", "Cup", "--quiet"]);
    let text = db.verified();
    assert!(text.contains("1 tournament: all consistent"), "{text}");
    // A result changed in the match row only: the match and the standings are named.
    let (code, out) = tampered(
        &db,
        "UPDATE matches SET winner = CASE winner WHEN 'south' THEN 'north' ELSE 'south' END,
                final_south = final_north, final_north = final_south WHERE id = 1",
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("match 1: stored winner"), "{out}");
    assert!(
        out.contains("tournament 'Cup': standings from the stored results"),
        "{out}"
    );
    // The standings, read once, are kept in the fixture cache; a result changed
    // behind the database's back (its revision not raised, so the cache still says
    // it is current) is named as the cache differing from the records.
    db.ok(&["tournament", "standings", "Cup"]);
    let (code, out) = tampered(&db, "SELECT 1");
    assert_eq!(code, 0, "{out}");
    let (code, out) = tampered(
        &db,
        "UPDATE matches SET winner = CASE winner WHEN 'south' THEN 'north' ELSE 'south' END,
                final_south = final_north, final_north = final_south WHERE id = 1;
         UPDATE fixture_cache SET cached_revision = revision WHERE cached_revision IS NOT NULL",
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("tournament 'Cup': the fixture cache (revision"),
        "{out}"
    );
    // A player paired twice in one round.
    let (code, out) = tampered(
        &db,
        "UPDATE matches SET north_id = south_id + 0, south_id = (SELECT north_id FROM matches WHERE id = 2) WHERE id = 1",
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("tournament 'Cup': the stored rounds are inconsistent")
            && out.contains("paired twice in round 1"),
        "{out}"
    );
}

/// One stored board of a tournament (from `tournament show`), with player ids.
#[derive(Clone, Debug)]
struct Board {
    round: u64,
    board: u64,
    match_id: Option<i64>,
    south: (i64, String),
    north: Option<(i64, String)>,
    finished: bool,
}

fn boards(db: &Db, tournament: &str) -> Vec<Board> {
    let show = db.json(&["tournament", "show", tournament]);
    let id_of = |name: &str| {
        show["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("no entrant {name}"))["id"]
            .as_i64()
            .unwrap()
    };
    show["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let south = b["south"].as_str().unwrap().to_string();
            Board {
                round: b["round"].as_u64().unwrap(),
                board: b["board"].as_u64().unwrap(),
                match_id: b["match_id"].as_i64(),
                south: (id_of(&south), south),
                north: b["north"].as_str().map(|n| (id_of(n), n.to_string())),
                finished: b["result"] != "*",
            }
        })
        .collect()
}

fn board(boards: &[Board], round: u64, board: u64) -> Board {
    boards
        .iter()
        .find(|b| b.round == round && b.board == board)
        .unwrap_or_else(|| panic!("no board {board} in round {round}: {boards:?}"))
        .clone()
}

fn bye(boards: &[Board], round: u64) -> Board {
    boards
        .iter()
        .find(|b| b.round == round && b.north.is_none())
        .unwrap_or_else(|| panic!("no bye in round {round}"))
        .clone()
}

/// Swaps the North players of two games of one round.
fn swap_players(a: &Board, b: &Board) -> String {
    format!(
        "UPDATE matches SET north_id = {} WHERE id = {};
         UPDATE matches SET north_id = {} WHERE id = {};",
        b.north.as_ref().unwrap().0,
        a.match_id.unwrap(),
        a.north.as_ref().unwrap().0,
        b.match_id.unwrap()
    )
}

/// Swaps South and North of one game.
fn swap_sides(a: &Board) -> String {
    format!(
        "UPDATE matches SET south_id = north_id, north_id = south_id WHERE id = {}",
        a.match_id.unwrap()
    )
}

/// Gives the bye of `bye`'s round to South of game `a` (who takes the bye player's
/// place in `a`).
fn move_bye(bye: &Board, a: &Board) -> String {
    format!(
        "UPDATE tournament_byes SET player_id = {} WHERE round = {} AND player_id = {};
         UPDATE matches SET south_id = {} WHERE id = {};",
        a.south.0,
        bye.round,
        bye.south.0,
        bye.south.0,
        a.match_id.unwrap()
    )
}

/// Verify's output on a tampered copy names `tournament` and every needle, and is a
/// failure.
fn assert_named(db: &Db, sql: &str, needles: &[String]) {
    let (code, out) = tampered(db, sql);
    assert_eq!(code, 1, "{sql}\n{out}");
    for needle in needles {
        assert!(
            out.contains(needle.as_str()),
            "{sql}\nlacks '{needle}':\n{out}"
        );
    }
}

/// The mismatch a board's pairing gives: `stored` on (round, board) where the
/// pairing rules give `expected`.
fn pairing_needle(tournament: &str, stored: &Board, south: &str, north: &str) -> String {
    format!(
        "tournament '{tournament}', match {}: round {}, board {}: stored {south} (South) v {north} (North), the pairing rules give",
        stored.match_id.unwrap(),
        stored.round,
        stored.board,
    )
}

/// Engine players `names` (greedy and random in turn) in a new Tihbat tournament.
fn engine_tournament(name: &str, format: &str, names: &[&str], extra: &[&str]) -> Db {
    let db = Db::new();
    for (i, n) in names.iter().enumerate() {
        let level = if i % 2 == 0 { "greedy" } else { "random" };
        db.ok(&["player", "add", n, "--engine", level]);
    }
    let mut options = vec!["--form", "single", "--seed", "12"];
    options.extend(extra);
    db.tihbat_tournament(name, format, &options, names);
    db
}

/// A Swiss with a bye every round, a withdrawal while the player's match of the
/// round is still to be played, and a late entry: verify re-derives every round.
#[test]
fn swiss_pairings_are_rederived_and_changed_ones_are_named() {
    let db = engine_tournament(
        "Open",
        "swiss",
        &["S1", "S2", "S3", "S4", "S5", "S6", "S7"],
        &["--rounds", "4"],
    );
    db.ok(&["player", "add", "S8", "--engine", "greedy"]);
    // Round 1's three games and one of round 2's.
    db.ok(&["tournament", "run", "Open", "--limit", "4", "--quiet"]);
    let r2 = boards(&db, "Open");
    let pending = r2
        .iter()
        .find(|b| b.round == 2 && b.north.is_some() && !b.finished)
        .expect("a pending match in round 2")
        .clone();
    let gone = pending.south.1.clone();
    db.ok(&["tournament", "withdraw", "Open", &gone]);
    db.ok(&["tournament", "add", "Open", "S8"]);
    db.verified();
    db.ok(&["tournament", "run", "Open", "--quiet"]);
    let all = boards(&db, "Open");
    // The withdrawn player's pending match was played; they are not paired after
    // round 2. The late entry is paired from round 3.
    assert!(board(&all, 2, pending.board).finished);
    let plays = |who: &str, round: u64| {
        all.iter().any(|b| {
            b.round == round && (b.south.1 == who || b.north.as_ref().is_some_and(|n| n.1 == who))
        })
    };
    assert!(!plays(&gone, 3) && !plays(&gone, 4));
    assert!(!plays("S8", 2) && plays("S8", 3));
    let text = db.verified();
    assert!(text.contains("all consistent"), "{text}");

    let (b1, b2) = (board(&all, 3, 1), board(&all, 3, 2));
    let (s1, n1) = (b1.south.1.clone(), b1.north.clone().unwrap().1);
    let n2 = b2.north.clone().unwrap().1;
    // Players swapped between boards 1 and 2 of round 3.
    assert_named(
        &db,
        &swap_players(&b1, &b2),
        &[pairing_needle("Open", &b1, &s1, &n2) + &format!(" {s1} (South) v {n1} (North)")],
    );
    // South and North swapped in round 2.
    let g = board(&all, 2, 1);
    let (s, n) = (g.south.1.clone(), g.north.clone().unwrap().1);
    assert_named(
        &db,
        &swap_sides(&g),
        &[pairing_needle("Open", &g, &n, &s) + &format!(" {s} (South) v {n} (North)")],
    );
    // The bye of round 4 given to South of board 1.
    let by = bye(&all, 4);
    let g = board(&all, 4, 1);
    assert_named(
        &db,
        &move_bye(&by, &g),
        &[
            pairing_needle("Open", &g, &by.south.1, &g.north.clone().unwrap().1),
            format!(
                "board {}: stored a bye for {}, the pairing rules give a bye for {}",
                by.board, g.south.1, by.south.1
            ),
        ],
    );
}

/// Round robin (a withdrawal mid-round) and double round robin: every round
/// re-derived from the Berger tables.
#[test]
fn round_robin_pairings_are_rederived_and_changed_ones_are_named() {
    let db = engine_tournament(
        "League",
        "round-robin",
        &["R1", "R2", "R3", "R4", "R5"],
        &[],
    );
    // Round 1 (two games and a bye) and one game of round 2.
    db.ok(&["tournament", "run", "League", "--limit", "3", "--quiet"]);
    let r2 = boards(&db, "League");
    let pending = r2
        .iter()
        .find(|b| b.round == 2 && b.north.is_some() && !b.finished)
        .expect("a pending match in round 2")
        .clone();
    let gone = pending.north.clone().unwrap().1;
    db.ok(&["tournament", "withdraw", "League", &gone]);
    db.ok(&["tournament", "run", "League", "--quiet"]);
    db.verified();
    let all = boards(&db, "League");
    assert!(board(&all, 2, pending.board).finished);
    let g = board(&all, 3, 1);
    let (s, n) = (g.south.1.clone(), g.north.clone().unwrap().1);
    assert_named(
        &db,
        &swap_sides(&g),
        &[pairing_needle("League", &g, &n, &s) + &format!(" {s} (South) v {n} (North)")],
    );
    let (b1, b2) = (board(&all, 1, 1), board(&all, 1, 2));
    assert_named(
        &db,
        &swap_players(&b1, &b2),
        &[pairing_needle(
            "League",
            &b1,
            &b1.south.1,
            &b2.north.clone().unwrap().1,
        )],
    );
    let by = bye(&all, 1);
    assert_named(
        &db,
        &move_bye(&by, &b1),
        &[pairing_needle(
            "League",
            &b1,
            &by.south.1,
            &b1.north.clone().unwrap().1,
        )],
    );

    let db = engine_tournament(
        "Double",
        "double-round-robin",
        &["D1", "D2", "D3", "D4"],
        &[],
    );
    db.ok(&["tournament", "run", "Double", "--limit", "7", "--quiet"]);
    db.ok(&["tournament", "run", "Double", "--quiet"]);
    db.verified();
    let all = boards(&db, "Double");
    assert_eq!(all.len(), 12);
    // The second cycle has the first's games with sides swapped: swapping them back
    // in round 5 is named.
    let g = board(&all, 5, 2);
    let (s, n) = (g.south.1.clone(), g.north.clone().unwrap().1);
    assert_named(
        &db,
        &swap_sides(&g),
        &[pairing_needle("Double", &g, &n, &s) + &format!(" {s} (South) v {n} (North)")],
    );
}

/// Knockout: the top seeds' first-round byes and the bracket re-derived.
#[test]
fn knockout_pairings_are_rederived_and_changed_ones_are_named() {
    let db = engine_tournament("Cup", "knockout", &["K1", "K2", "K3", "K4", "K5"], &[]);
    db.ok(&["tournament", "run", "Cup", "--quiet"]);
    db.verified();
    let all = boards(&db, "Cup");
    // 5 players: one game and three byes, then two games, then the final.
    assert_eq!(all.iter().filter(|b| b.round == 1).count(), 4);
    let g = board(&all, 1, 1);
    let by = bye(&all, 1);
    assert_named(
        &db,
        &move_bye(&by, &g),
        &[
            pairing_needle("Cup", &g, &by.south.1, &g.north.clone().unwrap().1),
            format!(
                "board {}: stored a bye for {}, the pairing rules give a bye for {}",
                by.board, g.south.1, by.south.1
            ),
        ],
    );
    let g = board(&all, 2, 1);
    let (s, n) = (g.south.1.clone(), g.north.clone().unwrap().1);
    assert_named(
        &db,
        &swap_sides(&g),
        &[pairing_needle("Cup", &g, &n, &s) + &format!(" {s} (South) v {n} (North)")],
    );
}

/// A round paired while the one before still had a match in play is named (here a
/// round-1 result taken back after round 2 was paired).
#[test]
fn a_round_paired_before_the_previous_one_finished_is_named() {
    let db = Db::new();
    db.players(&["Ama", "Bo", "Cy", "Di"], None);
    db.tihbat_tournament(
        "Club",
        "round-robin",
        &["--form", "single"],
        &["Ama", "Bo", "Cy", "Di"],
    );
    let r1 = db.json(&["tournament", "pair", "Club"]);
    for b in r1["boards"].as_array().unwrap() {
        let id = b["match_id"].as_i64().unwrap().to_string();
        db.ok(&["match", "result", &id, "20", "8"]);
    }
    db.ok(&["tournament", "pair", "Club"]);
    db.verified();
    let id = r1["boards"][0]["match_id"].as_i64().unwrap();
    assert_named(
        &db,
        &format!(
            "UPDATE hands SET end_reason = NULL, score_south = NULL, score_north = NULL
             WHERE match_id = {id};
             UPDATE matches SET winner = NULL, finished_at = NULL, hands_played = 0,
                    final_south = NULL, final_north = NULL WHERE id = {id};"
        ),
        &[
            "tournament 'Club': round 2 is paired, but round 1 still has 1 match without a result"
                .to_string(),
        ],
    );
}

#[test]
fn mismatches_as_csv_are_those_of_the_json_report() {
    let db = club();
    db.sql("UPDATE hands SET score_south = 31, score_north = 17 WHERE match_id = 1 AND number = 1");
    let out = db.run(&["verify", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(1));
    let csv = String::from_utf8(out.stdout).unwrap();
    let out = db.run(&["verify", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mismatches = report["mismatches"].as_array().unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "tournament,match_id,hand,what");
    assert_eq!(lines.len() - 1, mismatches.len(), "{csv}");
    assert!(mismatches.len() >= 2, "{report}");
    for (line, m) in lines[1..].iter().zip(mismatches) {
        let what = m["what"].as_str().unwrap();
        let quoted = if what.contains([',', '"']) {
            format!("\"{}\"", what.replace('"', "\"\""))
        } else {
            what.to_string()
        };
        assert_eq!(
            *line,
            format!(",{},{},{quoted}", m["match_id"], m["hand"]),
            "{csv}"
        );
    }
}

/// The tournament's fixture cache: whether it is current, and its body's length.
fn cache_of(db: &Db) -> (bool, i64) {
    common::runtime().block_on(async {
        use sqlx::Connection;
        let mut conn = common::connect(&db.path).await;
        let cache = sqlx::query_as::<_, (bool, i64)>(
            "SELECT cached_revision IS revision, coalesce(length(body), 0) FROM fixture_cache",
        )
        .fetch_one(&mut conn)
        .await
        .unwrap();
        conn.close().await.unwrap();
        cache
    })
}

/// A cached body damaged (its last bytes lost, so its rows read well and its byes
/// do not; or half of it lost) behind the database's back is not used: the standings
/// are the tables', as before, and the next command that writes (here a reopening,
/// then a closing) makes the cache again, whole.
#[test]
fn a_damaged_fixture_cache_is_read_past_and_made_again() {
    let db = Db::new();
    let names = ["Ada", "Bo", "Cy", "Di", "Ed"];
    db.players(&names, Some("random"));
    db.tihbat_tournament("Cup", "round-robin", &[], &names);
    db.ok(&["tournament", "run", "Cup", "--quiet"]);
    let standings = db.ok(&["tournament", "standings", "Cup"]);
    let (current, whole) = cache_of(&db);
    assert!(current && whole > 0, "the tournament's run keeps the cache");
    for (damage, kept, writer) in [
        ("length(body) - 2", whole - 2, "reopen"),
        ("length(body) / 2", whole / 2, "close"),
    ] {
        db.sql(&format!(
            "UPDATE fixture_cache SET body = substr(body, 1, {damage})"
        ));
        assert_eq!(cache_of(&db), (true, kept), "{damage}");
        assert_eq!(
            db.ok(&["tournament", "standings", "Cup"]),
            standings,
            "{damage}"
        );
        db.ok(&["tournament", writer, "Cup"]);
        assert_eq!(
            cache_of(&db),
            (true, whole),
            "{damage}: the cache made again"
        );
    }
    let text = db.verified();
    assert!(text.contains("all consistent"), "{text}");
}
