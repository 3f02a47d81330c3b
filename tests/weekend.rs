//! What a club weekend found at the desk (issue 33): dead ends and confusing answers
//! that now have a way out.

mod common;

use common::Db;

/// `match play` keeps the session open after a refusal: `undo` of a tournament
/// match's move needs the director, and the player is told so and plays on.
#[test]
fn match_play_keeps_the_session_after_a_refused_undo() {
    let db = Db::new();
    db.players(&["Ann", "Bob"], None);
    db.tihbat_tournament("Duel", "round-robin", &[], &["Ann", "Bob"]);
    let paired = db.json(&["tournament", "pair", "Duel"]);
    let id = paired["boards"][0]["match_id"]
        .as_i64()
        .unwrap()
        .to_string();
    let out = db
        .cmd(&["match", "play", &id])
        .write_stdin("1\nundo\n9\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("a move is taken back there only with the director's say-so")
            && text.contains("try again"),
        "{text}"
    );
    // After the refusal the session went on: an illegal hole is refused too, and
    // `quit` leaves the match in play with the first move kept.
    assert_eq!(text.matches("try again").count(), 2, "{text}");
    assert!(text.contains(&format!("match {id} left in play")), "{text}");
    assert_eq!(db.state(&id)["ply"], 1);
}

/// A `games:N` match reads as games: the next game's heading, how the last one
/// ended, "Match over after 2 games", and no board after a last game entered by score.
#[test]
fn a_games_match_reads_as_games() {
    let db = Db::new();
    db.players(&["Ann", "Bob"], None);
    let made = db.json(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        "Ann",
        "--north",
        "Bob",
        "--form",
        "games:2",
    ]);
    let id = made["id"].as_i64().unwrap().to_string();
    let first = db.ok(&["match", "result", &id, "20", "8"]);
    assert!(
        first.starts_with("Game 1 is over: result entered, south 20, north 8."),
        "{first}"
    );
    assert!(first.contains("game 2 of 2"), "{first}");
    assert!(!first.contains("brought in"), "{first}");
    let last = db.ok(&["match", "result", &id, "8", "20"]);
    assert!(
        last.trim_end()
            .ends_with("game 2 of 2\nMatch over after 2 games: the match is drawn"),
        "{last}"
    );
    assert!(!last.contains("to move"), "{last}");
}

/// The standings of a `games:N` event say their columns count matches.
#[test]
fn a_games_events_standings_say_they_count_matches() {
    let db = Db::new();
    db.players(&["Ann", "Bob"], None);
    db.tihbat_tournament(
        "Duel",
        "round-robin",
        &["--form", "games:2", "--tiebreaks", "wins"],
        &["Ann", "Bob"],
    );
    let text = db.ok(&["tournament", "standings", "Duel"]);
    assert!(
        text.contains("G: matches played, of 2 games each")
            && text.contains("W D L: matches won, drawn, lost")
            && text.contains("Wins: matches won"),
        "{text}"
    );
    assert!(!text.contains("games played"), "{text}");
}

/// A `games:2` match's result slip has a box per game, each naming who moves first
/// in it: the match's South in game 1, its North in game 2.
#[test]
fn a_games_slip_has_a_box_per_game_saying_who_starts() {
    let db = Db::new();
    db.players(&["Ann", "Bob"], None);
    db.tihbat_tournament(
        "Duel",
        "round-robin",
        &["--form", "games:2"],
        &["Ann", "Bob"],
    );
    let paired = db.json(&["tournament", "pair", "Duel"]);
    let name = |id: &serde_json::Value| if id == 1 { "Ann" } else { "Bob" };
    let board = &paired["boards"][0];
    let (south, north) = (name(&board["south_id"]), name(&board["north_id"]));
    let slips = db.ok(&["tournament", "pairings", "Duel", "--layout", "slips"]);
    let expected = format!(
        "  South: {south} (0)\n  North: {north} (0)\n  \
         ┌─ Game 1 of 2: South ({south}) moves first ──────────────┐\n  \
         │ Result:  [ ] South won    [ ] North won    [ ] Draw │\n  \
         │ Seeds:   South ______    North ______               │\n  \
         └─────────────────────────────────────────────────────┘\n  \
         ┌─ Game 2 of 2: North ({north}) moves first ──────────────┐\n  \
         │ Result:  [ ] South won    [ ] North won    [ ] Draw │\n  \
         │ Seeds:   South ______    North ______               │\n  \
         └─────────────────────────────────────────────────────┘\n  \
         Signed:  South ________________    North ________________\n"
    );
    assert!(slips.contains(&expected), "{slips}");
    assert!(!slips.contains("moves first):"), "{slips}");
    // A single-game event's slip keeps its one result line for the match.
    db.tihbat_tournament("Single", "round-robin", &[], &["Ann", "Bob"]);
    db.ok(&["tournament", "pair", "Single"]);
    let single = db.ok(&["tournament", "pairings", "Single", "--layout", "slips"]);
    assert!(
        single.contains("  South (moves first): ") && !single.contains("Game 1"),
        "{single}"
    );
}
