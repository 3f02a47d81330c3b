//! A `games:N` match's seeds and result are its games' sums wherever a match is shown
//! (issue 33, point 1): history in every format, the player card (CLI and web), the
//! match's page and API, `tournament show` and the exports. A whole-match result
//! entered without seeds shows none, never `0-0`.

mod common;

use common::backends::{Target, on_both};
use common::server::Server;

/// A Tampoduo round robin of two, `games:2`, paired: its one match's id.
fn duel(db: &dyn Target) -> String {
    for name in ["Zoë Martin", "Hawa Cali"] {
        db.ok(&["player", "add", name]);
    }
    db.ok(&[
        "tournament",
        "new",
        "Duel",
        "--variant",
        "tampoduo",
        "--system",
        "round-robin",
        "--form",
        "games:2",
    ]);
    db.ok(&["tournament", "add", "Duel", "Zoë Martin", "Hawa Cali"]);
    let paired = db.json(&["tournament", "pair", "Duel"]);
    let id = paired["boards"][0]["match_id"]
        .as_i64()
        .unwrap_or_else(|| panic!("no match paired: {paired}"));
    id.to_string()
}

fn check_games_sum(db: &dyn Target) {
    let id = duel(db);
    // Game 1 goes 11-37 to North, game 2 37-11 to South: 48-48 over both, one game
    // each, a drawn match.
    db.ok(&["match", "result", &id, "11", "37"]);
    db.ok(&["match", "result", &id, "37", "11"]);
    let b = db.backend();

    let history = db.json(&["history"]);
    let row = &history[0];
    assert_eq!(
        row["id"].as_i64().unwrap().to_string(),
        id,
        "{b}: {history}"
    );
    assert_eq!(
        (&row["final_south"], &row["final_north"], &row["winner"]),
        (&48.into(), &48.into(), &"draw".into()),
        "{b}: {history}"
    );

    let table = db.ok(&["history"]);
    let line = table
        .lines()
        .find(|l| l.contains("Zoë Martin"))
        .unwrap_or_else(|| panic!("{b}: {table}"));
    assert!(line.contains("48-48"), "{b}: {line}");
    assert!(line.contains("│ draw"), "{b}: {line}");
    assert!(!line.contains("37-11"), "{b}: {line}");

    let csv = db.ok(&["history", "--format", "csv"]);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let fields: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let column = |name: &str| fields[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(
        (
            column("final_south"),
            column("final_north"),
            column("winner")
        ),
        ("48", "48", "draw"),
        "{b}: {csv}"
    );

    // The tournament's own boards and its exports count the sums too.
    let show = db.json(&["tournament", "show", "Duel"]);
    let board = &show["boards"][0];
    assert_eq!(
        (
            &board["seeds_south"],
            &board["seeds_north"],
            &board["result"]
        ),
        (&48.into(), &48.into(), &"½-½".into()),
        "{b}: {show}"
    );
    let markdown = db.ok(&["tournament", "export", "Duel", "--format", "markdown"]);
    assert!(markdown.contains("48-48"), "{b}: {markdown}");
    assert!(!markdown.contains("37-11"), "{b}: {markdown}");

    // The web: the match's API and page, the player's page.
    let server = Server::start(db);
    let api = server.json(&format!("/api/matches/{id}"));
    assert_eq!(
        (&api["match"]["final_south"], &api["match"]["final_north"]),
        (&48.into(), &48.into()),
        "{b}: {api}"
    );
    let page = server.page(&format!("/matches/{id}"));
    assert!(page.contains("draw (48–48)"), "{b}: {page}");
    // The player card (API and page) lists the match with the same figures.
    let player_id = row["north_id"].as_i64().unwrap();
    let card = server.json(&format!("/api/players/{player_id}"));
    let listed = &card["matches"][0];
    assert_eq!(
        (&listed["final_south"], &listed["final_north"]),
        (&48.into(), &48.into()),
        "{b}: {card}"
    );
    let player_page = server.page(&format!("/players/{player_id}"));
    assert!(player_page.contains("48–48"), "{b}: {player_page}");
    assert!(!player_page.contains("37–11"), "{b}: {player_page}");
}

#[test]
fn a_games_match_shows_the_sum_of_its_games_everywhere() {
    on_both(check_games_sum);
}

fn check_agreed_draw(db: &dyn Target) {
    let id = duel(db);
    db.ok(&["match", "result", &id, "--match", "draw"]);
    let b = db.backend();
    let history = db.json(&["history"]);
    assert_eq!(
        (&history[0]["final_south"], &history[0]["final_north"]),
        (&serde_json::Value::Null, &serde_json::Value::Null),
        "{b}: {history}"
    );
    let table = db.ok(&["history"]);
    let line = table
        .lines()
        .find(|l| l.contains("Zoë Martin"))
        .unwrap_or_else(|| panic!("{b}: {table}"));
    assert!(line.contains("draw (entered)"), "{b}: {line}");
    assert!(!line.contains("0-0"), "{b}: {line}");
    // The tournament's boards: a draw, no seeds.
    let show = db.json(&["tournament", "show", "Duel"]);
    let board = &show["boards"][0];
    assert_eq!(board["result"], "½-½", "{b}: {show}");
    assert!(board["seeds_south"].is_null(), "{b}: {show}");
    let text = db.ok(&["tournament", "show", "Duel"]);
    assert!(!text.contains("0-0"), "{b}: {text}");
}

#[test]
fn an_agreed_draw_shows_no_seeds() {
    on_both(check_agreed_draw);
}

/// One correction replaces both games of a `games:2` match entered wrongly (30-18
/// twice: Zoë, South, won 60-36) with 11-37 and 37-11: one game each, 48-48, a draw,
/// in the history, the match and the standings; `verify` replays it. A score that
/// does not make Tampoduo's 48 seeds is refused, nothing written.
fn check_games_correction(db: &dyn Target) {
    let id = duel(db);
    db.ok(&["match", "result", &id, "30", "18"]);
    db.ok(&["match", "result", &id, "30", "18"]);
    let b = db.backend();
    let before = db.snapshot();
    let refused = db.run(&[
        "match",
        "correct",
        &id,
        "--games",
        "11-37,37-10",
        "--reason",
        "sheets swapped",
    ]);
    assert_eq!(refused.status.code(), Some(2), "{b}");
    assert_eq!(
        String::from_utf8_lossy(&refused.stderr),
        format!(
            "goobalay: match {id}: game 2: 37-10 makes 47 seeds, but a game of tampoduo has 48 (South's and North's seeds add up to that)\n"
        ),
        "{b}"
    );
    assert!(db.snapshot() == before, "{b}: a refused correction wrote");
    db.ok(&[
        "match",
        "correct",
        &id,
        "--games",
        "11-37,37-11",
        "--reason",
        "sheets swapped",
    ]);
    let history = db.json(&["history"]);
    let row = &history[0];
    assert_eq!(
        (
            &row["final_south"],
            &row["final_north"],
            &row["winner"],
            &row["corrected"]
        ),
        (&48.into(), &48.into(), &"draw".into(), &true.into()),
        "{b}: {history}"
    );
    let shown = db.json(&["match", "show", &id]);
    let correction = &shown["corrections"][0];
    assert_eq!(
        (&correction["kind"], &correction["scores"]),
        (&"games".into(), &serde_json::json!([[11, 37], [37, 11]])),
        "{b}: {shown}"
    );
    assert_eq!(
        (
            &correction["before"]["seeds"],
            &correction["after"]["seeds"]
        ),
        (&serde_json::json!([60, 36]), &serde_json::json!([48, 48])),
        "{b}: {shown}"
    );
    let standings = db.json(&["tournament", "standings", "Duel"]);
    let mut points: Vec<_> = standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].to_string(),
                r["points"].clone(),
                r["draws"].clone(),
            )
        })
        .collect();
    points.sort_by(|a, c| a.0.cmp(&c.0));
    assert_eq!(
        points,
        [
            ("\"Hawa Cali\"".to_string(), 0.5.into(), 1.into()),
            ("\"Zoë Martin\"".to_string(), 0.5.into(), 1.into())
        ],
        "{b}: {standings}"
    );
    let out = db.run(&["verify"]);
    assert!(
        out.status.success(),
        "{b}: {}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn one_correction_replaces_a_games_result_on_both() {
    on_both(check_games_correction);
}
