//! `goobalay serve` over HTTP: a server started on a fresh database (SQLite, and
//! PostgreSQL when `GOOBALAY_TEST_POSTGRES` names a server) with a tournament built
//! by the CLI, asked on 127.0.0.1 through a raw socket (so that what a hostile client
//! sends reaches the server as sent). Tests talk only to servers they started.

mod common;

use std::time::{Duration, Instant};

use common::backends::on_both;
use common::server::{PLAYERS, Server, club_night, next_event};
use serde_json::Value;

fn tournament_id(server: &Server) -> i64 {
    let list = server.json("/api/tournaments");
    list["tournaments"][0]["id"].as_i64().unwrap()
}

#[test]
fn the_pages_and_the_api_show_the_tournament() {
    on_both(|db| {
        let ids = club_night(db);
        db.ok(&["match", "result", &ids[0], "--match", "south"]);
        let server = Server::start(db);
        let t = tournament_id(&server);

        let index = server.page("/");
        assert!(index.contains("Club Night"), "{index}");
        assert!(index.contains("1 event in progress"), "{index}");

        let page = server.page(&format!("/tournaments/{t}"));
        for name in &PLAYERS[..3] {
            assert!(page.contains(name), "{name} missing");
        }
        // Escaped, never markup.
        assert!(page.contains("Amina &lt;b&gt;&amp;"), "{page}");
        assert!(!page.contains("Amina <b>"), "{page}");
        assert!(page.contains("in progress: round 1 of 3"), "{page}");
        assert!(page.contains("<time datetime="), "the date");
        // The current round comes before the standings.
        let round = page.find("id=\"current\"").unwrap();
        let standings = page.find("id=\"standings\"").unwrap();
        assert!(round < standings);

        let api = server.json(&format!("/api/tournaments/{t}/standings"));
        let rows = api["standings"]["rows"].as_array().unwrap();
        let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
        for name in PLAYERS {
            assert!(names.contains(&name), "{name} not in {names:?}");
        }
        assert_eq!(rows[0]["points"], serde_json::json!(1.0), "{api}");
        assert_eq!(api["progress"]["state"], "in-progress");
        // The same standings as the CLI's.
        let cli = db.json(&["tournament", "standings", "Club Night"]);
        assert_eq!(api["standings"], cli);

        let whole = server.json(&format!("/api/tournaments/{t}"));
        assert_eq!(whole["in_progress"], true);
        assert_eq!(whole["boards"].as_array().unwrap().len(), 2);
        let x = server.json(&format!("/api/tournaments/{t}/crosstable"));
        assert_eq!(x["crosstable"]["players"].as_array().unwrap().len(), 4);
    });
}

#[test]
fn a_result_entered_by_the_cli_arrives_as_an_event_within_two_seconds() {
    on_both(|db| {
        let ids = club_night(db);
        let server = Server::start(db);
        let t = tournament_id(&server);
        let mut tournament = server.events(&format!("/api/tournaments/{t}/events"));
        let mut everything = server.events("/api/events");
        db.ok(&["match", "result", &ids[1], "--match", "draw"]);
        let deadline = Instant::now() + Duration::from_secs(2);
        assert_eq!(
            next_event(&mut tournament, deadline).as_deref(),
            Some("change"),
            "{}: no change event within 2 s of the result",
            db.backend()
        );
        assert_eq!(
            next_event(&mut everything, deadline).as_deref(),
            Some("change")
        );
        // The page shows it.
        let page = server.page(&format!("/tournaments/{t}"));
        assert!(page.contains("½-½"), "{page}");
    });
}

/// The API keeps a tournament's documents for their revision: asked again at once
/// after a result entered by the CLI (no waiting for the 500 ms poll), each gives
/// the result; a rename, which moves no fixture, shows at once too.
#[test]
fn the_api_gives_a_result_entered_by_the_cli_in_the_very_next_request() {
    on_both(|db| {
        let ids = club_night(db);
        let server = Server::start(db);
        let t = tournament_id(&server);
        let standings = format!("/api/tournaments/{t}/standings");
        let whole = format!("/api/tournaments/{t}");
        let crosstable = format!("/api/tournaments/{t}/crosstable");
        let points = |v: &Value| -> Vec<f64> {
            v["standings"]["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["points"].as_f64().unwrap())
                .collect()
        };
        let finished = |x: &Value| {
            x["crosstable"]["cards"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|c| c.as_array().unwrap())
                .filter(|e| e["outcome"] != "pending" && e["outcome"] != "not-paired")
                .count()
        };
        // Each asked twice: the second answer is the kept one.
        for path in [&standings, &whole, &crosstable] {
            assert_eq!(server.json(path), server.json(path), "{path}");
        }
        assert_eq!(points(&server.json(&standings)), [0.0; 4]);

        db.ok(&["match", "result", &ids[0], "--match", "south"]);
        let api = server.json(&standings);
        assert_eq!(points(&api).iter().sum::<f64>(), 1.0, "{api}");
        assert_eq!(
            api["standings"],
            db.json(&["tournament", "standings", "Club Night"])
        );
        let boards = server.json(&whole)["boards"].clone();
        assert_eq!(boards[0]["result"], "1-0", "{boards}");
        assert_eq!(finished(&server.json(&crosstable)), 2);

        db.ok(&["match", "result", &ids[1], "--match", "draw"]);
        assert_eq!(points(&server.json(&standings)).iter().sum::<f64>(), 2.0);
        assert_eq!(server.json(&whole)["boards"][1]["result"], "½-½");
        assert_eq!(finished(&server.json(&crosstable)), 4);

        db.ok(&["player", "rename", "Ζωή", "Zoe"]);
        for path in [&standings, &whole, &crosstable] {
            let text = server.page(path);
            assert!(
                text.contains("Zoe") && !text.contains("Ζωή"),
                "{path}: {text}"
            );
        }
    });
}

#[test]
fn pairing_a_round_is_an_event_and_other_tournaments_stay_quiet() {
    on_both(|db| {
        let ids = club_night(db);
        db.ok(&[
            "tournament",
            "new",
            "Quiet",
            "--variant",
            "tihbat",
            "--system",
            "round-robin",
        ]);
        let server = Server::start(db);
        let list = server.json("/api/tournaments");
        let id_of = |name: &str| {
            list["tournaments"]
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["name"] == name)
                .unwrap()["id"]
                .as_i64()
                .unwrap()
        };
        let mut quiet = server.events(&format!("/api/tournaments/{}/events", id_of("Quiet")));
        let mut club = server.events(&format!("/api/tournaments/{}/events", id_of("Club Night")));
        for id in &ids {
            db.ok(&["match", "result", id, "--match", "north"]);
        }
        assert_eq!(
            next_event(&mut club, Instant::now() + Duration::from_secs(2)).as_deref(),
            Some("change")
        );
        db.ok(&["tournament", "pair", "Club Night"]);
        // Drain the results' events; the pairing's arrives within 2 s of it.
        let deadline = Instant::now() + Duration::from_secs(2);
        let mut saw = false;
        while let Some(e) = next_event(&mut club, deadline) {
            saw |= e == "change";
            let page = server.page(&format!("/tournaments/{}", id_of("Club Night")));
            if page.contains("Round 2") {
                break;
            }
        }
        assert!(saw);
        assert!(
            server
                .page(&format!("/tournaments/{}", id_of("Club Night")))
                .contains("Round 2")
        );
        assert_eq!(
            next_event(&mut quiet, Instant::now() + Duration::from_millis(1200)),
            None,
            "a tournament nobody touched announced a change"
        );
    });
}

#[test]
fn the_match_page_replays_the_moves() {
    on_both(|db| {
        let ids = club_night(db);
        for hole in ["2", "1", "2"] {
            db.ok(&["match", "move", &ids[0], hole]);
        }
        let server = Server::start(db);
        let page = server.page(&format!("/matches/{}", ids[0]));
        assert!(page.contains("id=\"replay-data\""), "{page}");
        assert!(page.contains("match in progress"), "{page}");
        // The markup in a name is escaped inside the JSON too.
        assert!(!page.contains("<b>&"), "{page}");
        let api = server.json(&format!("/api/matches/{}", ids[0]));
        let steps = api["hands"][0]["steps"].as_array().unwrap();
        assert_eq!(steps.len(), 4, "the start and three moves");
        assert_eq!(steps[1]["played"]["move"], "2");
        let trace = db.ok(&["trace", "--variant", "tihbat", "--moves", "2 1 2"]);
        let last: Value = serde_json::from_str(trace.lines().last().unwrap()).unwrap();
        assert_eq!(steps[3]["position"]["board"], last["board"]);
    });
}

#[test]
fn a_player_page_lists_their_matches() {
    on_both(|db| {
        let ids = club_night(db);
        db.ok(&["match", "result", &ids[0], "--match", "south"]);
        let server = Server::start(db);
        let t = tournament_id(&server);
        let whole = server.json(&format!("/api/tournaments/{t}"));
        let south = whole["boards"][0]["south_id"].as_i64().unwrap();
        let name = whole["boards"][0]["south"].as_str().unwrap().to_string();
        let card = server.json(&format!("/api/players/{south}"));
        assert_eq!(card["player"]["name"], name.as_str());
        assert_eq!(card["tally"]["won"], 1);
        let page = server.page(&format!("/players/{south}"));
        assert!(page.contains(&format!("/matches/{}", ids[0])), "{page}");
        // The tally in the page's language (issue 35 point 4).
        let french = server.page(&format!("/players/{south}?lang=fr"));
        assert!(french.contains(": 1 gagnée, 0 nulle, 0 perdue"), "{french}");
        assert!(!french.contains("won 1"), "{french}");
    });
}

#[test]
fn unknown_ids_and_hostile_paths_get_4xx_and_change_nothing() {
    on_both(|db| {
        club_night(db);
        let server = Server::start(db);
        let before = db.snapshot();
        let long = format!("/tournaments/{}", "9".repeat(5000));
        for path in [
            "/tournaments/999",
            "/tournaments/0",
            "/tournaments/-1",
            "/tournaments/abc",
            "/tournaments/99999999999999999999999",
            long.as_str(),
            "/players/424242",
            "/matches/31337",
            "/api/tournaments/999",
            "/api/tournaments/999/standings",
            "/api/tournaments/999/events",
            "/api/players/x",
            "/api/matches/1.5",
            "/static/../../../../etc/passwd",
            "/static/%2e%2e/%2e%2e/etc/passwd",
            "/..%2f..%2fetc%2fpasswd",
            "/nothing-here",
            "/tournaments/1%00",
            "/tournaments/1/../../etc/passwd",
        ] {
            let (status, body) = server.get(path);
            assert!(
                (400..500).contains(&status),
                "{path}: {status} {}",
                &body[..body.len().min(200)]
            );
            assert!(!body.contains("root:"), "{path}");
        }
        // A malformed request and a huge header line are refused, not served.
        let (status, _, _) =
            server.raw(b"GET /tournaments/1 HTTP/1.1\r\nHost: x\r\nBad header\r\n\r\n");
        assert!((400..500).contains(&status), "{status}");
        let huge = format!(
            "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
            "a".repeat(1 << 20)
        );
        let (status, _, _) = server.raw(huge.as_bytes());
        assert!((400..500).contains(&status), "{status}");
        assert!(
            db.snapshot() == before,
            "{}: the database changed",
            db.backend()
        );
        // The server still answers.
        server.page("/");
    });
}

#[test]
fn writes_are_refused() {
    on_both(|db| {
        let ids = club_night(db);
        let server = Server::start(db);
        let t = tournament_id(&server);
        let before = db.snapshot();
        for (method, path) in [
            ("POST", format!("/tournaments/{t}")),
            ("POST", format!("/api/matches/{}", ids[0])),
            ("PUT", format!("/api/tournaments/{t}")),
            ("DELETE", format!("/api/tournaments/{t}")),
            ("PATCH", "/api/players/1".to_string()),
            ("POST", "/api/tournaments".to_string()),
            ("POST", format!("/matches/{}/result", ids[0])),
        ] {
            let (status, _, _) = server.request(method, &path);
            assert!((400..500).contains(&status), "{method} {path}: {status}");
        }
        let form = format!(
            "POST /api/matches/{} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 12\r\nConnection: close\r\n\r\nwinner=south",
            ids[0]
        );
        let (status, _, _) = server.raw(form.as_bytes());
        assert_eq!(status, 405);
        assert!(
            db.snapshot() == before,
            "{}: the database changed",
            db.backend()
        );
        let m = server.json(&format!("/api/matches/{}", ids[0]));
        assert!(m["match"]["winner"].is_null());
    });
}

#[test]
fn serve_refuses_a_missing_database_and_a_bad_address() {
    let db = common::Db::new();
    let out = db.run(&["serve", "--listen", "127.0.0.1:0"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("goobalay: ") && err.contains("no database"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(!db.path.exists(), "serve created a database");
    let out = db.run(&["serve", "--listen", "localhost"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("goobalay: ") && err.contains("--listen"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

#[test]
fn a_knockout_is_drawn_as_a_bracket() {
    let db = common::Db::new();
    let names = ["Ümit", "Ζωή", "李娜", "Deqa"];
    for p in names {
        db.ok(&["player", "add", p]);
    }
    db.ok(&[
        "tournament",
        "new",
        "Cup",
        "--variant",
        "tihbat",
        "--system",
        "knockout",
    ]);
    let mut add = vec!["tournament", "add", "Cup"];
    add.extend(names);
    db.ok(&add);
    let paired = db.json(&["tournament", "pair", "Cup"]);
    let boards = paired["boards"].as_array().unwrap().clone();
    for b in &boards {
        db.ok(&[
            "match",
            "result",
            &b["match_id"].to_string(),
            "--match",
            "north",
        ]);
    }
    db.ok(&["tournament", "pair", "Cup"]);
    let server = Server::start(&db);
    let t = tournament_id(&server);
    let page = server.page(&format!("/tournaments/{t}"));
    let bracket = &page
        [page.find("id=\"bracket\"").expect("a bracket")..page.find("id=\"standings\"").unwrap()];
    assert!(
        bracket.contains("Round 1") && bracket.contains("Round 2"),
        "{bracket}"
    );
    // The North players of round 1 won and went on: marked so; the South players not.
    let whole = server.json(&format!("/api/tournaments/{t}"));
    for b in whole["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["round"] == 1)
    {
        let won = format!(
            "class=\"player won\"><a href=\"/players/{}\">",
            b["north_id"]
        );
        let lost = format!(
            "class=\"player won\"><a href=\"/players/{}\">",
            b["south_id"]
        );
        assert!(bracket.contains(&won), "{won} in {bracket}");
        assert!(!bracket.contains(&lost), "{lost} in {bracket}");
    }
}

#[test]
fn a_tournament_made_after_the_server_started_has_events() {
    let db = common::Db::new();
    club_night(&db);
    let server = Server::start(&db);
    db.ok(&[
        "tournament",
        "new",
        "Later",
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
    ]);
    let list = server.json("/api/tournaments");
    let later = list["tournaments"][0]["id"].as_i64().unwrap();
    assert_eq!(list["tournaments"][0]["name"], "Later");
    // At once, before the poll may have seen it: a stream, not a 404.
    let mut events = server.events(&format!("/api/tournaments/{later}/events"));
    db.ok(&["player", "add", "Deqa"]);
    db.ok(&["tournament", "add", "Later", "Deqa"]);
    assert_eq!(
        next_event(&mut events, Instant::now() + Duration::from_secs(2)).as_deref(),
        Some("change")
    );
}

#[test]
fn results_from_the_web_only_with_the_secret() {
    on_both(|db| {
        let ids = club_night(db);
        let (server, line) = Server::start_with(db, &["--results"]);
        let secret = secret_in(&line);
        assert_eq!(secret.len(), 32, "{secret}");
        let path = format!("/api/matches/{}/result", ids[0]);
        let before = db.snapshot();
        let wrong = "0".repeat(32);
        for (who, body, want) in [
            (None, r#"{"winner": "south"}"#, 401),
            (Some(wrong.as_str()), r#"{"winner": "south"}"#, 403),
            (Some(secret.as_str()), r#"{"winner": "sideways"}"#, 400),
            (
                Some(secret.as_str()),
                r#"{"winner": "south", "seeds": "1,2"}"#,
                409,
            ),
            (Some(secret.as_str()), "winner=south", 400),
            (
                Some(secret.as_str()),
                r#"{"winner": "south", "extra": 1}"#,
                400,
            ),
        ] {
            let (status, text) = server.post(&path, who, body);
            assert_eq!(status, want, "{}: {body}: {text}", db.backend());
        }
        // A refusal names what the API takes, in the API's terms (not the CLI's).
        for (body, says) in [
            (
                r#"{"winner": "sideways"}"#,
                r#"'sideways' is not a match result; give "winner": "south", "north" or "draw""#,
            ),
            (
                r#"{"winner": "south", "seeds": "thirty"}"#,
                r#"'thirty' is not two seed counts; give "seeds": "SOUTH,NORTH""#,
            ),
        ] {
            let (status, text) = server.post(&path, Some(&secret), body);
            assert_eq!(status, 400, "{body}: {text}");
            let error: serde_json::Value = serde_json::from_str(&text).unwrap();
            let error = error["error"].as_str().unwrap();
            assert!(error.starts_with(says), "{body}: {error}");
            assert!(!error.contains("--"), "{body}: {error}");
        }
        let (status, _) = server.post(
            "/api/matches/999/result",
            Some(&secret),
            r#"{"winner": "south"}"#,
        );
        assert_eq!(status, 404);
        let huge = format!(
            r#"{{"winner": "south", "seeds": "{}"}}"#,
            "1".repeat(10_000)
        );
        let (status, _) = server.post(&path, Some(&secret), &huge);
        assert_eq!(status, 413);
        assert!(
            db.snapshot() == before,
            "{}: a refused entry changed the database",
            db.backend()
        );

        let t = server.json("/api/tournaments")["tournaments"][0]["id"]
            .as_i64()
            .unwrap();
        let mut events = server.events(&format!("/api/tournaments/{t}/events"));
        let (status, text) = server.post(&path, Some(&secret), r#"{"winner": "north"}"#);
        assert_eq!(status, 200, "{text}");
        assert_eq!(
            next_event(&mut events, Instant::now() + Duration::from_secs(2)).as_deref(),
            Some("change")
        );
        // As `match result --match north` would have stored it.
        let shown = db.json(&["match", "state", &ids[0]]);
        assert_eq!(shown["match"]["winner"], "north", "{shown}");
        // A finished match is refused, with the CLI's message.
        let (status, text) = server.post(&path, Some(&secret), r#"{"winner": "south"}"#);
        assert_eq!(status, 409, "{text}");
        assert!(text.contains("match correct"), "{text}");
    });
}

#[test]
fn a_multi_hand_match_with_rearrangements_replays_as_played() {
    let db = common::Db::new();
    db.ok(&["player", "add", "E1", "--engine", "greedy"]);
    db.ok(&["player", "add", "E2", "--engine", "random"]);
    db.ok(&[
        "match",
        "new",
        "--variant",
        "layli-goobalay",
        "--south",
        "E1",
        "--north",
        "E2",
        "--max-hands",
        "3",
        "--seed",
        "7",
    ]);
    db.ok(&["match", "play", "1"]);
    let moves = db
        .ok(&["replay", "1"])
        .lines()
        .filter(|l| l.contains(" plays "))
        .count();
    let state = db.state("1");
    let server = Server::start(&db);
    let r = server.json("/api/matches/1");
    let hands = r["hands"].as_array().unwrap();
    assert!(hands.len() > 1, "{r}");
    let replayed: usize = hands
        .iter()
        .map(|h| h["steps"].as_array().unwrap().len().saturating_sub(1))
        .sum();
    assert_eq!(replayed, moves, "every move of every hand");
    assert!(
        hands.iter().any(|h| h["kept"] != serde_json::json!([0, 0])),
        "a rearranged hand with seeds kept"
    );
    for h in hands {
        let steps = h["steps"].as_array().unwrap();
        assert!(!steps.is_empty(), "hand {} was not replayed", h["number"]);
        if h["end"] != "result" && !h["end"].is_null() {
            let last = &steps[steps.len() - 1]["position"];
            assert_eq!(last["result"]["score"], h["score"], "hand {}", h["number"]);
        }
    }
    let last_hand = &hands[hands.len() - 1]["steps"];
    let last = &last_hand[last_hand.as_array().unwrap().len() - 1]["position"];
    assert_eq!(last["board"], state["board"]);
    assert_eq!(last["captured"], state["captured"]);
    let page = server.page("/matches/1");
    assert!(page.contains("match finished"), "{page}");
}

#[test]
fn the_directors_page_enters_results_with_the_secret_only() {
    on_both(|db| {
        let ids = club_night(db);
        // Without --results there is no such page.
        {
            let server = Server::start(db);
            let t = tournament_id(&server);
            let (status, _) = server.get(&format!("/director/{t}"));
            assert_eq!(status, 404, "{}", db.backend());
        }
        let (server, line) = Server::start_with(db, &["--results"]);
        let secret = secret_in(&line);
        let t = tournament_id(&server);
        let (status, _) = server.get("/director/999");
        assert_eq!(status, 404);

        // Both pending matches of round 1, each with its form; no secret in the page.
        let page = server.page(&format!("/director/{t}"));
        for id in &ids {
            assert!(
                page.contains(&format!("data-match=\"{id}\"")),
                "{}: match {id} has no form: {page}",
                db.backend()
            );
        }
        assert!(page.contains("type=\"password\""), "{page}");
        assert!(!page.contains(&secret), "the page holds the secret");
        assert!(page.contains("/static/app.js"), "{page}");

        // What the page's form posts (app.js): a wrong secret is refused, and
        // changes nothing.
        let path = format!("/api/matches/{}/result", ids[0]);
        let form = r#"{"winner":"draw","seeds":"14,14"}"#;
        let before = db.snapshot();
        let (status, text) = server.post(&path, Some(&"f".repeat(32)), form);
        assert_eq!(status, 403, "{text}");
        assert!(text.contains("wrong secret"), "{text}");
        assert!(
            db.snapshot() == before,
            "{}: a wrong secret wrote",
            db.backend()
        );

        // With the secret the result lands as the CLI would have stored it.
        let (status, text) = server.post(&path, Some(&secret), form);
        assert_eq!(status, 200, "{}: {text}", db.backend());
        let shown = db.json(&["tournament", "show", "Club Night"]);
        let board = shown["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["match_id"].as_i64() == Some(ids[0].parse().unwrap()))
            .unwrap_or_else(|| panic!("no board for match {}: {shown}", ids[0]))
            .clone();
        assert_eq!(board["result"], "½-½", "{board}");
        assert_eq!(board["seeds_south"], 14, "{board}");

        // The page now lists only the other match; a second entry for the first is
        // refused with the CLI's message.
        let page = server.page(&format!("/director/{t}"));
        assert!(
            !page.contains(&format!("data-match=\"{}\"", ids[0])),
            "{page}"
        );
        assert!(
            page.contains(&format!("data-match=\"{}\"", ids[1])),
            "{page}"
        );
        let (status, text) = server.post(&path, Some(&secret), r#"{"winner":"south"}"#);
        assert_eq!(status, 409, "{text}");
        assert!(text.contains("match correct"), "{text}");
    });
}

#[test]
fn a_refusal_through_the_api_names_no_command_line() {
    on_both(|db| {
        let ids = club_night(db);
        let (server, line) = Server::start_with(db, &["--results"]);
        let secret = secret_in(&line);
        let path = format!("/api/matches/{}/result", ids[0]);
        let (status, text) = server.post(&path, Some(&secret), r#"{"winner": "north"}"#);
        assert_eq!(status, 200, "{text}");
        // The library refuses a second result; the web words it without the CLI's
        // syntax, the CLI with its command line.
        let (status, text) = server.post(&path, Some(&secret), r#"{"winner": "south"}"#);
        assert_eq!(status, 409, "{text}");
        let error: Value = serde_json::from_str(&text).unwrap();
        let error = error["error"].as_str().unwrap();
        assert!(error.contains("is finished"), "{error}");
        assert!(
            !error.contains("goobalay ") && !error.contains("--") && !error.contains('`'),
            "{}: {error}",
            db.backend()
        );
        let out = db
            .cmd(&["match", "result", &ids[0], "--match", "south"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "; changing a finished result is a correction: `goobalay match correct {} --reason TEXT ...`",
                ids[0]
            )),
            "{err}"
        );
    });
}

/// The director's secret from the line `serve --results` prints.
fn secret_in(line: &str) -> String {
    line.trim()
        .strip_prefix("result entry secret: ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no secret in {line:?}"))
        .to_string()
}

/// A request sent on a fresh connection, answered within `within` or not at all:
/// (status, body) and how long the answer took, or `None`.
fn answered_within(addr: &str, request: &str, within: Duration) -> Option<(u16, String, Duration)> {
    use std::io::{Read, Write};
    let started = Instant::now();
    let mut s = std::net::TcpStream::connect_timeout(&addr.parse().unwrap(), within).ok()?;
    s.set_read_timeout(Some(within)).unwrap();
    s.write_all(request.as_bytes()).ok()?;
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).ok()?;
    let took = started.elapsed();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    Some((status, body.to_string(), took))
}

/// This test process may hold a few thousand sockets (its own soft limit raised to
/// its hard limit, as the server does).
fn allow_many_open_files() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
        limit.rlim_cur = limit.rlim_max.min(8192);
        assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &limit), 0);
    }
}

/// Issue 38: 1,100 idle connections (more than the usual open-file limit of 1,024
/// the server is started with) leave a new visitor answered at once; a connection
/// that sends nothing is closed after the header timeout, and a body that never
/// arrives is answered 408 after the body timeout (both 10 s, README).
#[test]
fn idle_connections_neither_starve_a_visitor_nor_stay_for_ever() {
    use std::io::{Read, Write};
    allow_many_open_files();
    let db = common::Db::new();
    let ids = club_night(&db);
    let (server, line) = Server::start_with_usual_file_limit(&db, &["--results"]);
    let secret = secret_in(&line);
    let opened = Instant::now();
    let idle: Vec<std::net::TcpStream> = (0..1100)
        .map(|_| std::net::TcpStream::connect(&server.addr).unwrap())
        .collect();
    let visit = format!(
        "GET /api/tournaments HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    let answer = answered_within(&server.addr, &visit, Duration::from_secs(5));
    let Some((status, body, took)) = answer else {
        panic!("a visitor under 1,100 idle connections was not answered within 5 s");
    };
    assert_eq!(status, 200, "{body}");
    eprintln!("under 1,100 idle connections a visitor was answered in {took:?}");
    // A POST whose body never arrives: 408, in JSON, after the body timeout.
    let mut slow = std::net::TcpStream::connect(&server.addr).unwrap();
    write!(
        slow,
        "POST /api/matches/{}/result HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {secret}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"winner\"",
        ids[0]
    )
    .unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut answer = String::new();
    let _ = slow.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains(r#"{"error":"#), "{answer}");
    // The idle connections were closed by the server after the header timeout.
    for mut s in idle.into_iter().step_by(100) {
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut byte = [0u8; 1];
        match s.read(&mut byte) {
            Ok(0) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
            other => panic!("an idle connection was not closed: {other:?}"),
        }
    }
    assert!(opened.elapsed() < Duration::from_secs(30));
    // And the match is as it was.
    assert!(db.state(&ids[0])["match"]["winner"].is_null());
}

/// Issue 38: every error of the API is `{"error": ...}`, axum's own answers too.
#[test]
fn every_api_error_is_json() {
    let db = common::Db::new();
    let ids = club_night(&db);
    let (server, line) = Server::start_with(&db, &["--results"]);
    let secret = secret_in(&line);
    let huge = format!(
        r#"{{"winner": "south", "seeds": "{}"}}"#,
        "1".repeat(10_000)
    );
    let (status, body) = server.post(
        &format!("/api/matches/{}/result", ids[0]),
        Some(&secret),
        &huge,
    );
    let mut answers = vec![(413, status, body)];
    for path in [
        "/api/tournaments/999/events",
        "/api/tournaments/x/events",
        "/api/nothing-here",
    ] {
        let (status, body) = server.get(path);
        answers.push((404, status, body));
    }
    let (status, _, body) = server.request("DELETE", "/api/tournaments");
    answers.push((405, status, body));
    for (want, status, body) in answers {
        assert_eq!(status, want, "{body}");
        let error: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{body}"));
        assert!(
            error["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{body}"
        );
    }
    // Pages still answer HTML.
    let (status, body) = server.get("/nothing-here");
    assert_eq!(status, 404);
    assert!(body.starts_with("<!DOCTYPE html>"), "{body}");
}

/// Issue 38: the served file moved away and another database put in its place,
/// overwritten in place, or deleted: the next result is refused 503 with what
/// happened, reads say it too; a result acknowledged before is in the file it was
/// acknowledged for (the file alone, without its log), and the file swapped in is
/// left as it was.
#[test]
fn a_database_swapped_under_the_server_is_noticed_before_the_next_write() {
    let other = common::Db::new();
    other.ok(&["player", "add", "Zed"]);
    other.sql("PRAGMA wal_checkpoint(TRUNCATE)");
    for swap in ["moved", "overwritten", "deleted"] {
        let db = common::Db::new();
        let ids = club_night(&db);
        let (mut server, line) = Server::start_with(&db, &["--results"]);
        let secret = secret_in(&line);
        let result = |id: &str| {
            server.post(
                &format!("/api/matches/{id}/result"),
                Some(&secret),
                r#"{"winner": "south"}"#,
            )
        };
        let (status, text) = result(&ids[0]);
        assert_eq!(status, 200, "{text}");
        // Acknowledged: in the database file itself, not only in its log.
        let file_alone = common::Db::new();
        std::fs::copy(&db.path, &file_alone.path).unwrap();
        assert_eq!(
            file_alone.state(&ids[0])["match"]["winner"],
            "south",
            "{swap}"
        );
        let moved = db.dir.path().join("moved-away.db");
        match swap {
            "moved" => {
                std::fs::rename(&db.path, &moved).unwrap();
                std::fs::copy(&other.path, &db.path).unwrap();
            }
            "overwritten" => {
                std::fs::write(&db.path, std::fs::read(&other.path).unwrap()).unwrap();
            }
            _ => std::fs::remove_file(&db.path).unwrap(),
        }
        let (status, text) = result(&ids[1]);
        assert_eq!(status, 503, "{swap}: {text}");
        let error: Value = serde_json::from_str(&text).unwrap();
        let error = error["error"].as_str().unwrap();
        let said = match swap {
            "moved" => "was replaced by another file",
            "overwritten" => "was overwritten by another database",
            _ => "was deleted",
        };
        assert!(error.contains(said), "{swap}: {error}");
        assert_eq!(error.lines().count(), 1, "{error}");
        for path in ["/api/tournaments", "/"] {
            let (status, text) = server.get(path);
            assert_eq!(status, 503, "{swap} {path}: {text}");
            assert!(text.contains(said), "{swap} {path}: {text}");
        }
        // In the page's language, naming the same file and what happened to it.
        let dit = match swap {
            "moved" => "a été remplacé par un autre fichier",
            "overwritten" => "a été écrasé par une autre base de données",
            _ => "a été supprimé",
        };
        for path in ["/api/tournaments?lang=fr", "/?lang=fr"] {
            let (status, text) = server.get(path);
            assert_eq!(status, 503, "{swap} {path}: {text}");
            assert!(text.contains(dit), "{swap} {path}: {text}");
            assert!(!text.contains(said), "{swap} {path}: {text}");
        }
        assert!(server.interrupt().success(), "{swap}");
        if swap == "moved" {
            // The file swapped in is the other database, as it was.
            db.verified();
            assert!(db.ok(&["player", "list"]).contains("Zed"));
            let away = common::Db {
                dir: tempfile::tempdir().unwrap(),
                path: moved.clone(),
            };
            away.verified();
            assert_eq!(away.state(&ids[0])["match"]["winner"], "south");
            assert!(away.state(&ids[1])["match"]["winner"].is_null());
        }
        if swap == "overwritten" {
            db.verified();
            assert!(db.ok(&["player", "list"]).contains("Zed"));
        }
    }
}

/// Issue 38: `--results` on a file this user may read but not write is refused at
/// start: one line, exit 2 (root runs the server as another user; others make the
/// file read-only).
#[test]
fn results_on_a_file_the_server_cannot_write_are_refused_at_start() {
    // The folder writable too (the log could be made), or not.
    for folder in [0o777, 0o755] {
        refused_at_start(folder);
    }
}

fn refused_at_start(folder: u32) {
    use std::os::unix::fs::PermissionsExt;
    let db = common::Db::new();
    club_night(&db);
    db.sql("PRAGMA wal_checkpoint(TRUNCATE)");
    std::fs::set_permissions(db.dir.path(), std::fs::Permissions::from_mode(folder)).unwrap();
    std::fs::set_permissions(&db.path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = db.bytes();
    let mut command = Server::command(&db, &["--results"]);
    command.stderr(std::process::Stdio::piped());
    if common::is_root() {
        common::as_user(&mut command, 64_038);
    }
    let mut child = command.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("serve --results started on a file it cannot write");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.starts_with("goobalay: "), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains("--results needs a database this user can write"),
        "{err}"
    );
    assert!(db.bytes() == before, "the database changed");
    // Read-only, it serves.
    let mut command = Server::command(&db, &[]);
    if common::is_root() {
        common::as_user(&mut command, 64_038);
    }
    let (server, _) = Server::spawn(command, false);
    server.page("/");
}

/// Issue 35: the director's page's other writes, as `app.js` sends them: a forfeit,
/// a take-back (a correction with its reason, the entry kept), a withdrawal and a
/// requested bye, each with the CLI's checks; each refusal a 4xx with one line, the
/// database as it was.
#[test]
fn the_directors_forfeits_take_backs_and_withdrawals() {
    on_both(|db| {
        let ids = club_night(db);
        let (server, line) = Server::start_with(db, &["--results"]);
        let secret = secret_in(&line);
        let t = tournament_id(&server);
        let result = |id: &str| format!("/api/matches/{id}/result");
        let take_back = |id: &str| format!("/api/matches/{id}/take-back");

        // Refused, each one line and nothing written.
        let before = db.snapshot();
        for (path, body, want, says) in [
            (
                result(&ids[0]),
                r#"{"absent": "east"}"#,
                400,
                "is not who was absent",
            ),
            (
                result(&ids[0]),
                r#"{"absent": "south", "seeds": "1,2"}"#,
                400,
                "no seeds",
            ),
            (
                result(&ids[0]),
                r#"{"absent": "south", "winner": "north"}"#,
                400,
                "not both",
            ),
            (
                take_back(&ids[0]),
                r#"{"winner": "draw", "reason": "slip"}"#,
                409,
                "nothing to take back",
            ),
            (
                format!("/api/tournaments/{t}/withdrawal"),
                r#"{"player": "Nobody Here"}"#,
                409,
                "Nobody Here",
            ),
            (
                format!("/api/tournaments/{t}/bye"),
                r#"{"player": "Ümit", "round": 2, "points": "half"}"#,
                409,
                "byes on request are for a swiss",
            ),
        ] {
            let (status, text) = server.post(&path, Some(&secret), body);
            assert_eq!(status, want, "{}: {path} {body}: {text}", db.backend());
            assert!(text.contains(says), "{path} {body}: {text}");
            assert!(!text.contains('\n'), "{text}");
        }
        let (status, _) = server.post(&result(&ids[0]), None, r#"{"absent": "south"}"#);
        assert_eq!(status, 401);
        assert!(db.snapshot() == before, "{}: a refusal wrote", db.backend());

        // A forfeit, as `match forfeit` stores it.
        let (status, text) = server.post(&result(&ids[0]), Some(&secret), r#"{"absent": "north"}"#);
        assert_eq!(status, 200, "{text}");
        let shown = db.json(&["tournament", "show", "Club Night"]);
        let board = shown["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["match_id"].as_i64() == Some(ids[0].parse().unwrap()))
            .unwrap()
            .clone();
        assert_eq!(board["result"], "+:-", "{board}");

        // Taken back: a correction with its reason, the forfeit still on record.
        let (status, text) = server.post(
            &take_back(&ids[0]),
            Some(&secret),
            r#"{"winner": "draw", "reason": "  "}"#,
        );
        assert_eq!(status, 409, "{text}");
        assert!(text.contains("reason"), "{text}");
        let (status, text) = server.post(
            &take_back(&ids[0]),
            Some(&secret),
            r#"{"winner": "draw", "seeds": "14,14", "reason": "wrong board tapped"}"#,
        );
        assert_eq!(status, 200, "{}: {text}", db.backend());
        let corrections = db.json(&["match", "show", &ids[0]]).to_string();
        assert!(corrections.contains("wrong board tapped"), "{corrections}");
        let shown = db.json(&["tournament", "show", "Club Night"]).to_string();
        assert!(shown.contains("½-½"), "{shown}");
        db.ok(&["verify"]);

        // A withdrawal forfeiting the other board.
        let shown = db.json(&["tournament", "show", "Club Night"]);
        let other = shown["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["match_id"].as_i64() == Some(ids[1].parse().unwrap()))
            .unwrap()["south"]
            .clone();
        let (status, text) = server.post(
            &format!("/api/tournaments/{t}/withdrawal"),
            Some(&secret),
            &serde_json::json!({"player": other, "forfeit_pending": true}).to_string(),
        );
        assert_eq!(status, 200, "{text}");
        let answer: Value = serde_json::from_str(&text).unwrap();
        assert!(answer["forfeited"].is_i64(), "{answer}");
    });
}

/// Issue 35: the standings put place, name and points first, the rating after.
#[test]
fn the_standings_put_points_before_the_rating() {
    on_both(|db| {
        club_night(db);
        let server = Server::start(db);
        let page = server.page(&format!("/tournaments/{}", tournament_id(&server)));
        let head = page
            .split("<table class=\"standings\">")
            .nth(1)
            .and_then(|t| t.split("</thead>").next())
            .unwrap_or_else(|| panic!("no standings: {page}"));
        let at = |word: &str| {
            head.find(word)
                .unwrap_or_else(|| panic!("no {word}: {head}"))
        };
        assert!(at(">#<") < at(">Name<"), "{head}");
        assert!(at(">Name<") < at(">Points<"), "{head}");
        assert!(at(">Points<") < at(">Elo"), "{head}");
    });
}

/// Issue 35: a match an engine plays takes no result from the web (the engine plays
/// it), refused with one line and nothing written.
#[test]
fn the_web_takes_no_result_for_an_engines_match() {
    on_both(|db| {
        for p in PLAYERS {
            db.ok(&["player", "add", p]);
        }
        db.ok(&["player", "add", "Robo", "--engine", "greedy"]);
        db.ok(&["player", "add", "Robo Two", "--engine", "greedy"]);
        db.ok(&[
            "tournament",
            "new",
            "Club Night",
            "--variant",
            "tihbat",
            "--system",
            "round-robin",
        ]);
        let mut add = vec!["tournament", "add", "Club Night", "Robo", "Robo Two"];
        add.extend(PLAYERS);
        db.ok(&add);
        let paired = db.json(&["tournament", "pair", "Club Night"]);
        let engine_match = paired["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| {
                b["engines"]
                    .as_array()
                    .is_some_and(|e| e.iter().any(|level| !level.is_null()))
            })
            .and_then(|b| b["match_id"].as_i64())
            .unwrap_or_else(|| panic!("no engine board: {paired}"));
        let (server, line) = Server::start_with(db, &["--results"]);
        let secret = secret_in(&line);
        let before = db.snapshot();
        let (status, text) = server.post(
            &format!("/api/matches/{engine_match}/result"),
            Some(&secret),
            r#"{"winner": "south"}"#,
        );
        assert_eq!(status, 409, "{}: {text}", db.backend());
        assert!(text.contains("played by the engine"), "{text}");
        assert!(
            db.snapshot() == before,
            "{}: an engine's match took a result",
            db.backend()
        );
    });
}

/// Issue 35: the page speaks the language asked for with `?lang=` (and remembers it
/// in a cookie), else the browser's `Accept-Language`, else English; names are
/// never translated, numbers are written the language's way (½ point: 0,5 in
/// French) and an Arabic page runs right to left.
#[test]
fn the_page_speaks_the_rooms_language() {
    on_both(|db| {
        let ids = club_night(db);
        db.ok(&["match", "result", &ids[0], "--match", "draw"]);
        let server = Server::start(db);
        let t = tournament_id(&server);
        let get = |path: &str, headers: &str| {
            let (status, head, body) = server.raw(
                format!(
                    "GET {path} HTTP/1.1\r\nHost: {}\r\n{headers}Connection: close\r\n\r\n",
                    server.addr
                )
                .as_bytes(),
            );
            assert_eq!(status, 200, "{path}: {body}");
            (head, body)
        };
        let page = format!("/tournaments/{t}");

        // No choice and no Accept-Language: English, and no cookie set.
        let (head, english) = get(&page, "");
        assert!(
            english.contains("<html lang=\"en\" dir=\"ltr\">"),
            "{english}"
        );
        assert!(
            english.contains(">Standings<") && english.contains(">0.5<"),
            "{english}"
        );
        assert!(!head.to_ascii_lowercase().contains("set-cookie"), "{head}");

        // The browser's language.
        let (_, french) = get(&page, "Accept-Language: fr-CH, fr;q=0.9, en;q=0.8\r\n");
        assert!(
            french.contains("<html lang=\"fr\" dir=\"ltr\">"),
            "{french}"
        );
        assert!(french.contains(">Classement<"), "{french}");
        assert!(french.contains(">0,5<"), "a half point in French: {french}");
        let (_, unknown) = get(&page, "Accept-Language: de-DE, de;q=0.9\r\n");
        assert!(unknown.contains("<html lang=\"en\""), "{unknown}");

        // ?lang= wins over the browser's language and is remembered.
        let (head, somali) = get(&format!("{page}?lang=so"), "Accept-Language: fr\r\n");
        assert!(somali.contains("<html lang=\"so\""), "{somali}");
        assert!(somali.contains(">Kala horreynta<"), "{somali}");
        let cookie = head
            .lines()
            .find_map(|l| l.strip_prefix("set-cookie: "))
            .unwrap_or_else(|| panic!("no cookie: {head}"));
        assert!(cookie.starts_with("goobalay-lang=so;"), "{cookie}");
        let pair = cookie.split(';').next().unwrap();
        let (_, again) = get(&page, &format!("Accept-Language: fr\r\nCookie: {pair}\r\n"));
        assert!(
            again.contains("<html lang=\"so\""),
            "the cookie was not followed"
        );

        // Arabic: right to left, names as entered.
        let (_, arabic) = get(&format!("{page}?lang=ar"), "");
        assert!(
            arabic.contains("<html lang=\"ar\" dir=\"rtl\">"),
            "{arabic}"
        );
        assert!(arabic.contains(">الترتيب<"), "{arabic}");
        for name in ["Ümit", "Ζωή", "李娜", "Amina &lt;b&gt;&amp;"] {
            assert!(arabic.contains(name), "{name} not on the Arabic page");
        }

        // The error pages too.
        let (status, _, missing) = server.raw(
            format!(
                "GET /players/999?lang=am HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
                server.addr
            )
            .as_bytes(),
        );
        assert_eq!(status, 404);
        assert!(missing.contains("በዚህ ቁጥር ተጫዋች የለም።"), "{missing}");
    });
}

/// Issue 35: the replay's words for each move come from the page's language; in
/// English they are the library's own words (as the API gives them), move by move,
/// over whole engine matches (captures, relays, Uurs and passes as they come).
#[test]
fn the_replays_moves_are_worded_in_the_pages_language() {
    let db = common::Db::new();
    for e in ["Robo", "Robo Two", "Robo Three"] {
        db.ok(&["player", "add", e, "--engine", "greedy"]);
    }
    db.ok(&[
        "tournament",
        "new",
        "Engines",
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
    ]);
    db.ok(&[
        "tournament",
        "add",
        "Engines",
        "Robo",
        "Robo Two",
        "Robo Three",
    ]);
    db.ok(&["tournament", "run", "Engines"]);
    let server = Server::start(&db);
    let replay = |page: &str| -> Vec<String> {
        let data = page
            .split("<script id=\"replay-data\" type=\"application/json\">")
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
            .unwrap_or_else(|| panic!("no replay data: {page}"));
        let v: Value = serde_json::from_str(data).unwrap();
        v["hands"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|h| h["steps"].as_array().unwrap().clone())
            .filter_map(|s| s["played"]["text"].as_str().map(str::to_string))
            .collect()
    };
    let mut words = 0;
    for id in 1..=3 {
        let api: Vec<String> = server.json(&format!("/api/matches/{id}"))["hands"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|h| h["steps"].as_array().unwrap().clone())
            .filter_map(|s| s["played"]["text"].as_str().map(str::to_string))
            .collect();
        assert!(!api.is_empty(), "match {id}: no move");
        assert_eq!(
            replay(&server.page(&format!("/matches/{id}"))),
            api,
            "match {id}"
        );
        let french = replay(&server.page(&format!("/matches/{id}?lang=fr")));
        assert_eq!(french.len(), api.len());
        for (f, e) in french.iter().zip(&api) {
            assert_ne!(f, e, "match {id}: not translated");
            assert_eq!(
                f.starts_with("prend "),
                e.starts_with("captures ") && e != "captures nothing",
                "{f} / {e}"
            );
        }
        words += api
            .iter()
            .filter(|t| t.starts_with("captures ") && t != &"captures nothing")
            .count();
    }
    assert!(words > 0, "no capture in three engine matches");
}

/// Issue 35: the director's page's refusals speak the page's language (`?lang=`
/// or the browser's `Accept-Language`): the library's refusals (seeds that do not
/// add up, a decided match, an unknown player, a bye the system does not give), the
/// secret and a body of the wrong shape, each with the status it always had and
/// nothing written. Names stay as entered.
#[test]
fn the_directors_refusals_speak_the_pages_language() {
    on_both(|db| {
        let ids = club_night(db);
        let (server, line) = Server::start_with(db, &["--results"]);
        let secret = secret_in(&line);
        let t = tournament_id(&server);
        let result = format!("/api/matches/{}/result?lang=fr", ids[0]);
        let error = |text: &str| -> String {
            let v: Value = serde_json::from_str(text).unwrap_or_else(|_| panic!("{text}"));
            v["error"].as_str().unwrap().to_string()
        };

        let before = db.snapshot();
        let (status, text) = server.post(&result, Some(&"f".repeat(32)), r#"{"winner":"draw"}"#);
        assert_eq!(
            (status, error(&text).as_str()),
            (403, "mauvais code secret")
        );
        let (status, text) = server.post(
            &result,
            Some(&secret),
            r#"{"winner":"draw","seeds":"200,200"}"#,
        );
        assert_eq!(status, 409, "{text}");
        let said = error(&text);
        assert!(
            said.starts_with("graines finales 200 + 200 = 400, mais cette partie a "),
            "{}: {said}",
            db.backend()
        );
        let (status, text) = server.post(
            &format!("/api/tournaments/{t}/withdrawal?lang=fr"),
            Some(&secret),
            r#"{"player": "Nobody Here"}"#,
        );
        assert_eq!(status, 409, "{text}");
        assert_eq!(error(&text), "aucun joueur ne s'appelle « Nobody Here »");
        let (status, text) = server.post(
            &format!("/api/tournaments/{t}/bye?lang=fr"),
            Some(&secret),
            r#"{"player": "Ümit", "round": 2, "points": "half"}"#,
        );
        assert_eq!(status, 409, "{text}");
        assert!(
            error(&text).starts_with("Club Night se joue en toutes rondes : les exemptions"),
            "{text}"
        );
        // A body of the wrong shape, the language from the browser.
        let body = r#"{"winner": 3}"#;
        let (status, _, text) = server.raw(
            format!(
                "POST /api/matches/{}/result HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {secret}\r\nAccept-Language: fr-CH, fr;q=0.9\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                ids[0],
                server.addr,
                body.len()
            )
            .as_bytes(),
        );
        assert_eq!(status, 400, "{text}");
        assert!(
            error(&text).starts_with(r#"le corps doit être du JSON : {"winner""#),
            "{text}"
        );
        assert!(db.snapshot() == before, "{}: a refusal wrote", db.backend());

        // A decided match: how it ended in French, the name as entered.
        let (status, text) = server.post(
            &format!("/api/matches/{}/result", ids[0]),
            Some(&secret),
            r#"{"winner":"draw"}"#,
        );
        assert_eq!(status, 200, "{text}");
        let decided = db.snapshot();
        let (status, text) = server.post(&result, Some(&secret), r#"{"winner":"south"}"#);
        assert_eq!(status, 409, "{text}");
        assert_eq!(
            error(&text),
            format!(
                "la partie {} est terminée (partie nulle) ; changer un résultat acquis est une correction (la correction de partie de l'arbitre, avec un motif)",
                ids[0]
            )
        );
        assert!(
            db.snapshot() == decided,
            "{}: a refusal wrote",
            db.backend()
        );
    });
}

/// Issue 35: the event's details under its title speak the page's language (days
/// in its order and month names); places and names stay as entered, and the
/// English page says what the CLI says.
#[test]
fn the_events_details_speak_the_pages_language() {
    let db = common::Db::new();
    club_night(&db);
    db.ok(&[
        "tournament",
        "set",
        "Club Night",
        "--city",
        "Mogadishu",
        "--federation",
        "SOM",
        "--start",
        "2026-12-05",
        "--end",
        "2026-12-06",
        "--arbiter",
        "Faadumo Ali",
        "--round-dates",
        "2026-12-05,2026-12-06",
    ]);
    let server = Server::start(&db);
    let t = tournament_id(&server);
    let english = server.page(&format!("/tournaments/{t}?lang=en"));
    assert!(
        english.contains("Mogadishu, SOM · 2026-12-05 to 2026-12-06 · chief arbiter Faadumo Ali"),
        "{english}"
    );
    assert!(
        english.contains("rounds: 1 2026-12-05, 2 2026-12-06"),
        "{english}"
    );
    let french = server.page(&format!("/tournaments/{t}?lang=fr"));
    assert!(
        french.contains(
            "Mogadishu, SOM · du 5 décembre 2026 au 6 décembre 2026 · arbitre principal Faadumo Ali"
        ),
        "{french}"
    );
    assert!(
        french.contains("rondes : 1 5 décembre 2026, 2 6 décembre 2026"),
        "{french}"
    );
    assert!(!french.contains("chief arbiter"), "{french}");
}

/// What the server read from a tournament's match tables (its cache made stale by a
/// result entered at the desk) is kept as the tournament's cache by the server
/// itself, off the request's path, so that the next reader of that revision reads
/// one row.
#[test]
fn the_server_keeps_the_rows_it_read_as_the_tournaments_cache() {
    on_both(|db| {
        let ids = club_night(db);
        db.ok(&["match", "result", &ids[0], "--match", "south"]);
        let current = "SELECT count(*) FROM fixture_cache WHERE cached_revision = revision";
        assert_eq!(
            db.count(current),
            0,
            "a result entered makes the cache stale"
        );
        let (server, _secret) = Server::start_with(db, &["--results"]);
        let t = tournament_id(&server);
        let standings = server.json(&format!("/api/tournaments/{t}/standings"));
        assert_eq!(standings["standings"]["rows"][0]["points"], 1.0);
        let deadline = Instant::now() + Duration::from_secs(20);
        while db.count(current) == 0 {
            assert!(
                Instant::now() < deadline,
                "the server never kept the rows it read"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        assert_eq!(db.count(current), 1);
    });
}
