//! RULES.md §3 point 11 (issue 12, item 3): a `hands` match that sets no maximum has
//! one by default, 200 hands for Layli Goobalay and Tampoduo and 50 for the other
//! variants, so every match ends: `match new`/`play`, `arena`, tournaments. Matches
//! recorded before the rule keep theirs (no limit): they replay and verify as before.

mod common;

use std::time::Duration;

use common::Db;
use goobalay::engine::{BySide, Side, Variant};
use goobalay::matches::{Event, MatchForm, MatchOutcome, MatchSpec, MatchState};
use goobalay::store::{NewMatch, Store};

/// A command that would run for ever without the rule fails the test instead.
const ENDS_WITHIN: Duration = Duration::from_secs(120);

#[test]
fn issue_12_the_default_hand_limits_are_the_rule_books() {
    for (name, limit) in [
        ("layli-goobalay", 200),
        ("tampoduo", 200),
        ("modiar", 50),
        ("tihbat", 50),
        ("sadeqa-iii", 50),
        ("sadeqa-91", 50),
    ] {
        let v = Variant::preset(name).unwrap();
        let spec = MatchSpec::new(&v, MatchForm::Hands, None, Side::South).unwrap();
        assert_eq!(spec.max_hands, Some(limit), "{name}");
        // A limit given is kept; other forms have none.
        let given = MatchSpec::new(&v, MatchForm::Hands, Some(7), Side::South).unwrap();
        assert_eq!(given.max_hands, Some(7));
        let single = MatchSpec::new(&v, MatchForm::Single, None, Side::South).unwrap();
        assert_eq!(single.max_hands, None);
    }
    // A custom rule set is another variant, even with Layli Goobalay's rules.
    let mut custom = Variant::preset("layli-goobalay").unwrap();
    custom.name = "club-layli".into();
    assert_eq!(MatchSpec::default_max_hands(&custom), 50);
}

#[test]
fn issue_12_a_tihbat_hands_match_between_engines_ends_at_50_hands() {
    let db = Db::new();
    db.ok(&["player", "add", "Robo", "--engine", "greedy"]);
    db.ok(&["player", "add", "Rand", "--engine", "random"]);
    for variant in ["tihbat", "modiar"] {
        let created = db.json(&[
            "match",
            "new",
            "--variant",
            variant,
            "--form",
            "hands",
            "--south",
            "Robo",
            "--north",
            "Rand",
            "--seed",
            "5",
        ]);
        let id = created["id"].as_i64().unwrap().to_string();
        assert_eq!(created["max_hands"], 50, "{created}");
        db.cmd(&["match", "play", &id])
            .timeout(ENDS_WITHIN)
            .assert()
            .success();
        let shown = db.json(&["match", "show", &id]);
        let hands = shown["hands"].as_array().unwrap().len();
        assert!(hands <= 50, "{variant}: {hands} hands");
        assert!(shown["winner"].is_string(), "{shown}");
        let text = db.ok(&["match", "show", &id]);
        assert!(text.contains("at most 50 hands"), "{text}");
    }
    db.verified();
}

#[test]
fn issue_12_arena_of_tihbat_and_modiar_hands_matches_returns() {
    for variant in ["tihbat", "modiar"] {
        let out = Db::new()
            .cmd(&[
                "arena",
                "greedy",
                "random",
                "--variant",
                variant,
                "--form",
                "hands",
                "--games",
                "4",
                "--format",
                "json",
                "--per-game",
            ])
            .timeout(ENDS_WITHIN)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for g in v["games"].as_array().unwrap() {
            assert!(g["hands"].as_u64().unwrap() <= 50, "{g}");
        }
    }
}

#[test]
fn issue_12_a_tihbat_hands_tournament_runs_to_its_end() {
    let db = Db::new();
    db.players(&["A", "B", "C"], Some("random"));
    db.tihbat_tournament("Cup", "round-robin", &["--form", "hands"], &["A", "B", "C"]);
    let shown = db.json(&["tournament", "show", "Cup"]);
    assert_eq!(shown["tournament"]["max_hands"], 50, "{shown}");
    db.cmd(&["tournament", "run", "Cup", "--quiet"])
        .timeout(ENDS_WITHIN)
        .assert()
        .success();
    assert_eq!(db.json(&["tournament", "show", "Cup"])["finished"], true);
    for m in db
        .json(&["history", "--tournament", "Cup"])
        .as_array()
        .unwrap()
    {
        assert_eq!(m["max_hands"], 50, "{m}");
        assert!(m["hands_played"].as_i64().unwrap() <= 50, "{m}");
    }
    db.verified();
}

/// Thirty Tihbat hands entered as even splits: the hands never end by the
/// threshold, so only a hand limit ends the match.
fn even_splits(spec: &MatchSpec, hands: u32) -> Vec<Event> {
    let mut state = MatchState::new(spec.clone());
    let mut events = Vec::new();
    while state.hands().len() < hands as usize + 1 && !state.is_over() {
        let event = match state.awaiting() {
            goobalay::matches::Awaiting::Move(_) => Event::Result(BySide::new(14, 14)),
            goobalay::matches::Awaiting::Arrangement(side) => Event::Arrange {
                side,
                row: vec![7, 7],
            },
            goobalay::matches::Awaiting::None => break,
        };
        state.apply(&event).unwrap();
        events.push(event);
    }
    events
}

#[tokio::test(flavor = "current_thread")]
async fn issue_12_matches_recorded_before_the_rule_keep_no_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    let store = Store::open(&path).await.unwrap();
    let a = goobalay::app::players::add_player(&store, "A", None, None)
        .await
        .unwrap();
    let b = goobalay::app::players::add_player(&store, "B", None, None)
        .await
        .unwrap();
    let tihbat = Variant::preset("tihbat").unwrap();
    // As an earlier goobalay recorded it: a hands match without a limit, 60 hands.
    let old = MatchSpec::as_recorded(&tihbat, MatchForm::Hands, None, Side::South).unwrap();
    let new = MatchSpec::new(&tihbat, MatchForm::Hands, None, Side::South).unwrap();
    let mut ids = Vec::new();
    for spec in [&old, &new] {
        let created = goobalay::app::matches::insert(
            &store,
            &NewMatch {
                spec: spec.clone(),
                south: a.id,
                north: b.id,
                seed: 1,
                tournament_id: None,
                round: None,
            },
        )
        .await
        .unwrap();
        let events = even_splits(spec, 60);
        goobalay::app::matches::update(&store, created.row.id, |state, _| {
            for e in &events {
                state.apply(e)?;
            }
            Ok(())
        })
        .await
        .unwrap();
        ids.push(created.row.id);
    }
    let old_match = goobalay::app::matches::load(&store, ids[0]).await.unwrap();
    assert_eq!(old_match.row.max_hands, None);
    assert_eq!(
        old_match.state.hands().len(),
        61,
        "60 played, the 61st awaited"
    );
    assert!(!old_match.state.is_over());
    let new_match = goobalay::app::matches::load(&store, ids[1]).await.unwrap();
    assert_eq!(new_match.row.max_hands, Some(50));
    assert_eq!(new_match.state.hands().len(), 50);
    assert_eq!(new_match.state.outcome(), Some(MatchOutcome::Draw));
    store.close().await;
    let db = Db {
        dir,
        path: path.clone(),
    };
    let report = db.verified();
    assert!(report.contains("consistent"), "{report}");
}

/// A tournament whose stored matches were recorded under another hand limit than
/// its own (matches paired before RULES.md §3 point 11 have none, the tournament's
/// default now is 50): `tournament run` plays each match by its own record.
#[test]
fn issue_12_a_run_plays_each_stored_match_by_its_recorded_limit() {
    let db = Db::new();
    db.players(&["A", "B"], Some("random"));
    db.tihbat_tournament(
        "Cup",
        "round-robin",
        &["--form", "hands", "--max-hands", "3", "--seed", "4"],
        &["A", "B"],
    );
    db.ok(&["tournament", "pair", "Cup"]);
    db.sql("UPDATE tournaments SET max_hands = 9; PRAGMA wal_checkpoint(TRUNCATE);");
    db.cmd(&["tournament", "run", "Cup", "--quiet"])
        .timeout(ENDS_WITHIN)
        .assert()
        .success();
    let m = &db.json(&["history", "--tournament", "Cup"])[0];
    assert_eq!(m["max_hands"], 3, "{m}");
    assert!(m["hands_played"].as_i64().unwrap() <= 3, "{m}");
    db.verified();
}
