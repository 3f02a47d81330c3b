//! What a club weekend found at the desk (issue 33): dead ends and confusing answers
//! that now have a way out.

mod common;

use common::Db;
use common::backends::{Target, on_both};
use common::server::Server;

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

/// A two-game match entered wrongly (30-18 twice: Ann won 60-36) is set right by one
/// correction of both games, 11-37 and 37-11: 48-48, a draw, everywhere a result is
/// shown, and `verify` replays it. A wrong count of games or a score that does not
/// add up to a game's 48 seeds is refused in one line, the database unchanged.
#[test]
fn one_correction_replaces_a_whole_games_result() {
    let db = Db::new();
    db.players(&["Ann", "Bob"], None);
    db.ok(&[
        "tournament",
        "new",
        "Duel",
        "--variant",
        "layli-goobalay",
        "--system",
        "round-robin",
        "--form",
        "games:2",
    ]);
    db.ok(&["tournament", "add", "Duel", "Ann", "Bob"]);
    let paired = db.json(&["tournament", "pair", "Duel"]);
    let board = &paired["boards"][0];
    assert_eq!(
        (board["south_id"].as_i64(), board["north_id"].as_i64()),
        (Some(1), Some(2))
    );
    let id = board["match_id"].as_i64().unwrap().to_string();
    db.ok(&["match", "result", &id, "30", "18"]);
    db.ok(&["match", "result", &id, "30", "18"]);
    let history = db.ok(&["history", "--format", "csv"]);
    assert!(history.contains(",Ann,Bob,2,60,36,south,"), "{history}");

    // Refused: one line each, exit 2, nothing written.
    let correct = |games: &str| -> Vec<String> {
        [
            "match",
            "correct",
            &id,
            "--games",
            games,
            "--reason",
            "sheets swapped",
        ]
        .map(str::to_string)
        .to_vec()
    };
    let refused = |games: &str, line: &str| {
        let args = correct(games);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        db.refused(&args, line);
    };
    refused(
        "11-37",
        &format!(
            "goobalay: match {id}: the match has 2 games, so --games takes 2 scores, one per game in order (e.g. --games 24-24,24-24); 1 given\n"
        ),
    );
    refused(
        "11-37,37-11,24-24",
        "the match has 2 games, so --games takes 2 scores, one per game in order (e.g. --games 24-24,24-24); 3 given",
    );
    refused(
        "11-37,37-12",
        &format!(
            "goobalay: match {id}: game 2: 37-12 makes 49 seeds, but a game of layli-goobalay has 48 (South's and North's seeds add up to that)\n"
        ),
    );
    refused(
        "30-18,30-18",
        &format!("goobalay: match {id}: the games' results are already 30-18, 30-18\n"),
    );
    refused(
        "11-37,37-x",
        "goobalay: 'x' is not a seed count for north; give a whole number 0 or more\n",
    );

    // One correction: 11+37 = 48 each, 1 game won each, equal seeds: a draw.
    let args = correct("11-37,37-11");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let done = db.ok(&args);
    assert_eq!(
        done,
        format!(
            "match {id}: corrected the games to 11-37, 37-11 (sheets swapped); the match's result was 1-0 (60-36), is draw (48-48)\n\
             Duel: Ann was 1. with 1 point, is 1. with 0.5 points\n\
             Duel: Bob was 2. with 0 points, is 2. with 0.5 points\n\
             Duel: rounds already paired stay as they were\n"
        )
    );
    let history = db.ok(&["history", "--format", "csv"]);
    assert!(
        history.contains(",Ann,Bob,2,48,48,draw,,,true,Duel,1"),
        "{history}"
    );
    let listed = db.ok(&["history"]);
    assert!(
        listed.contains("│ 48-48     │ draw, corrected │"),
        "{listed}"
    );
    let shown = db.ok(&["match", "show", &id]);
    for needle in [
        "│ result │ 11-37     │",
        "│ result │ 37-11     │",
        "Result: drawn\n",
        "the games to 11-37, 37-11 (sheets swapped); result 1-0 (60-36) before, draw (48-48) after",
    ] {
        assert!(shown.contains(needle), "{needle}\n{shown}");
    }
    let standings = db.json(&["tournament", "standings", "Duel"]);
    let rows = standings["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{standings}");
    for row in rows {
        assert_eq!(row["points"], 0.5, "{standings}");
        assert_eq!(
            (&row["wins"], &row["draws"]),
            (&0.into(), &1.into()),
            "{standings}"
        );
        // Seeds+/-: 48 won, 48 lost.
        assert_eq!(row["tiebreaks"][3], 0, "{standings}");
    }
    db.verified();
}

/// The web player card draws a rating chart per variant played, each labelled, and
/// shows the starting rating entered. Ann starts Tihbat at 1700 and beats Bob (1500):
/// E = 1 / (1 + 10^(-200/400)) = 0.7597, so Ann 1700 + 32 * 0.2403 = 1707.7. In
/// Tampoduo both start at 1500 and Bob wins: Ann 1500 - 16 = 1484.
#[test]
fn the_web_player_card_has_a_chart_per_variant_and_the_starting_rating() {
    on_both(|db: &dyn Target| {
        db.ok(&[
            "player",
            "add",
            "Ann",
            "--rating",
            "1700",
            "--variant",
            "tihbat",
        ]);
        db.ok(&["player", "add", "Bob"]);
        for (variant, south, north) in [("tihbat", "20", "8"), ("tampoduo", "11", "37")] {
            let made = db.json(&[
                "match",
                "new",
                "--variant",
                variant,
                "--south",
                "Ann",
                "--north",
                "Bob",
            ]);
            let id = made["id"].as_i64().unwrap().to_string();
            db.ok(&["match", "result", &id, south, north]);
        }
        let server = Server::start(db);
        let page = server.page("/players/1");
        let b = db.backend();
        assert_eq!(page.matches("<polyline").count(), 2, "{b}: {page}");
        for needle in [
            "aria-label=\"rating history, tihbat\"",
            "tihbat, Elo over 1 rated match: 1700 to 1708, now 1708",
            "aria-label=\"rating history, tampoduo\"",
            "tampoduo, Elo over 1 rated match: 1484 to 1500, now 1484",
            "<th>Starting rating</th>",
            "<td>tihbat</td><td class=\"num\">1708</td><td class=\"num\">1</td><td>1700 (club, tihbat)</td>",
            "<td>tampoduo</td><td class=\"num\">1484</td><td class=\"num\">1</td><td>-</td>",
        ] {
            assert!(page.contains(needle), "{b}: {needle}\n{page}");
        }
        assert!(!page.contains("Elo over every match"), "{b}: {page}");
    });
}

/// Issue 35: the slips speak the room's language (`--lang CODE`, English by
/// default): the labels translated and lined up, the names as entered, a games
/// match's boxes in the same language; an unknown code is refused with exit 2.
#[test]
fn the_slips_speak_the_rooms_language() {
    let db = Db::new();
    db.players(&["Ann", "Ḃob"], None);
    db.tihbat_tournament("Nuit", "round-robin", &[], &["Ann", "Ḃob"]);
    db.ok(&["tournament", "pair", "Nuit"]);
    let english = db.ok(&["tournament", "pairings", "Nuit", "--layout", "slips"]);
    let default = db.ok(&[
        "tournament",
        "pairings",
        "Nuit",
        "--layout",
        "slips",
        "--lang",
        "en",
    ]);
    // The players' report codes below the board slips are new at every print.
    let boards_only = |text: &str| text.split("\nReport codes:").next().unwrap().to_string();
    assert_eq!(boards_only(&english), boards_only(&default));
    let french = db.ok(&[
        "tournament",
        "pairings",
        "Nuit",
        "--layout",
        "slips",
        "--lang",
        "fr",
    ]);
    assert!(
        french.starts_with("Nuit, ronde 1, table 1 (partie 1)\n"),
        "{french}"
    );
    assert!(french.contains("  Sud (commence) : "), "{french}");
    assert!(
        french.contains("\n  Résultat :    [ ] Sud gagne    [ ] Nord gagne    [ ] Nulle\n"),
        "{french}"
    );
    assert!(
        french.contains("\n  Graines :     Sud ______    Nord ______\n"),
        "{french}"
    );
    for name in ["Ann", "Ḃob"] {
        assert!(
            french.contains(name),
            "{name} not on the French slip: {french}"
        );
    }
    // The two players' names start in the same column, whatever the labels' length.
    let column = |text: &str, name: &str| {
        text.lines()
            .find_map(|l| l.find(name).map(|at| l[..at].chars().count()))
            .unwrap_or_else(|| panic!("{name}: {text}"))
    };
    for text in [&english, &french] {
        assert_eq!(column(text, "Ann"), column(text, "Ḃob"), "{text}");
    }
    let somali = db.ok(&[
        "tournament",
        "pairings",
        "Nuit",
        "--layout",
        "slips",
        "--lang",
        "so",
    ]);
    assert!(somali.contains("Koonfur ayaa guuleystay"), "{somali}");
    let amharic = db.ok(&[
        "tournament",
        "pairings",
        "Nuit",
        "--layout",
        "slips",
        "--lang",
        "am",
    ]);
    assert!(amharic.contains("ደቡብ አሸነፈ"), "{amharic}");
    let arabic = db.ok(&[
        "tournament",
        "pairings",
        "Nuit",
        "--layout",
        "slips",
        "--lang",
        "ar",
    ]);
    assert!(arabic.contains("فاز الجنوب"), "{arabic}");

    db.tihbat_tournament(
        "Duel",
        "round-robin",
        &["--form", "games:2"],
        &["Ann", "Ḃob"],
    );
    db.ok(&["tournament", "pair", "Duel"]);
    let games = db.ok(&[
        "tournament",
        "pairings",
        "Duel",
        "--layout",
        "slips",
        "--lang",
        "fr",
    ]);
    assert!(games.contains("┌─ Partie 1 sur 2 : Sud ("), "{games}");
    assert!(
        games.contains("│ Résultat :    [ ] Sud gagne    [ ] Nord gagne    [ ] Nulle │"),
        "{games}"
    );

    let refused = db.run(&[
        "tournament",
        "pairings",
        "Nuit",
        "--layout",
        "slips",
        "--lang",
        "xx",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("en, so, ar, fr, am"), "{stderr}");
}
