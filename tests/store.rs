//! The store through the library: engine matches played in memory and through the
//! store agree, and a failed change writes nothing.

use goobalay::ai::Level;
use goobalay::engine::{BySide, Side, Variant};
use goobalay::matches::{Event, MatchForm, MatchSpec, play_engine_match};
use goobalay::store::{NewMatch, Store};
use sqlx::Connection;

/// A connection of the test's own to the store's SQLite file, to damage or inspect
/// what the library stored.
async fn connect(db: &std::path::Path) -> sqlx::SqliteConnection {
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(db);
    sqlx::SqliteConnection::connect_with(&options)
        .await
        .unwrap()
}

fn spec(variant: &str, form: MatchForm) -> MatchSpec {
    let v = Variant::preset(variant).unwrap();
    MatchSpec::new(&v, form, None, Side::South).unwrap()
}

#[tokio::test(flavor = "current_thread")]
async fn in_memory_and_stored_engine_matches_agree() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let store = Store::open(&db).await.unwrap();
    let g = goobalay::app::players::add_player(&store, "G", None, Some(Level::Greedy))
        .await
        .unwrap();
    let r = goobalay::app::players::add_player(&store, "R", None, Some(Level::Random))
        .await
        .unwrap();
    for (variant, form) in [
        ("layli-goobalay", MatchForm::Hands),
        ("modiar", MatchForm::Games(3)),
        ("tihbat", MatchForm::Single),
    ] {
        let spec = spec(variant, form);
        let levels = BySide::new(Level::Greedy, Level::Random);
        let record = play_engine_match(spec.clone(), levels, 77);
        let new = NewMatch {
            spec: spec.clone(),
            south: g.id,
            north: r.id,
            seed: 77,
            tournament_id: None,
            round: None,
        };
        // Stored whole, then reloaded by replaying its hands.
        let ids = goobalay::app::matches::insert_played(&store, &[(new.clone(), record.clone())])
            .await
            .unwrap();
        let loaded = goobalay::app::matches::load(&store, ids[0]).await.unwrap();
        assert_eq!(loaded.state.hands(), &record.hands[..], "{variant}");
        assert_eq!(loaded.state.outcome(), record.outcome);
        assert_eq!(
            loaded.row.winner.map(|o| o.name()),
            record.outcome.map(|o| o.name())
        );
        // A tampered score no longer matches the replay and is reported.
        let mut conn = connect(&db).await;
        sqlx::query(
            "UPDATE hands SET score_south = score_south + 1 WHERE match_id = $1 AND number = 1",
        )
        .bind(ids[0])
        .execute(&mut conn)
        .await
        .unwrap();
        conn.close().await.unwrap();
        let err = goobalay::app::matches::load(&store, ids[0])
            .await
            .unwrap_err();
        assert!(err.to_string().contains("differ from the replay"), "{err}");
        // Played step by step through the store: one engine decision a transaction.
        let created = goobalay::app::matches::insert(&store, &new).await.unwrap();
        let id = created.row.id;
        loop {
            let (stored, made) = goobalay::app::matches::update(&store, id, |state, row| {
                let side = state.awaiting().side();
                let mut one = BySide::new(None, None);
                if let Some(side) = side {
                    one[side] = row.engines()?[side];
                }
                // Only the first decision: replay the rest from the store.
                let mut probe = state.clone();
                let made = probe.play_engines(one, row.seed);
                if let Some(e) = made.first() {
                    state.apply(e)?;
                }
                Ok(made.len())
            })
            .await
            .unwrap();
            if made == 0 {
                assert_eq!(stored.state.hands(), &record.hands[..], "{variant}");
                break;
            }
        }
    }
    store.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_refused_change_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let store = Store::open(&db).await.unwrap();
    let a = goobalay::app::players::add_player(&store, "A", None, None)
        .await
        .unwrap();
    let b = goobalay::app::players::add_player(&store, "B", None, None)
        .await
        .unwrap();
    let new = NewMatch {
        spec: spec("layli-goobalay", MatchForm::Hands),
        south: a.id,
        north: b.id,
        seed: 1,
        tournament_id: None,
        round: None,
    };
    let id = goobalay::app::matches::insert(&store, &new)
        .await
        .unwrap()
        .row
        .id;
    let err = goobalay::app::matches::update(&store, id, |state, _| {
        let m = state.parse_move("4")?;
        state.apply(&Event::Move(m))?; // legal: applied in memory...
        let m = state.parse_move("9")?; // ...then an illegal one: all rolled back
        state.apply(&Event::Move(m))?;
        Ok(())
    })
    .await
    .unwrap_err();
    assert!(matches!(err, goobalay::app::AppError::Match(_)), "{err}");
    let loaded = goobalay::app::matches::load(&store, id).await.unwrap();
    assert!(loaded.state.hands()[0].moves.is_empty());
    // The carried-over seeds are queryable in SQL.
    let mut conn = connect(&db).await;
    let (south, north): (i64, i64) =
        sqlx::query_as("SELECT holdings_south, holdings_north FROM carry_over WHERE match_id = $1")
            .bind(id)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    conn.close().await.unwrap();
    assert_eq!((south, north), (24, 24));
    store.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn engine_turns_are_taken_up_to_the_human() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.db")).await.unwrap();
    let robo = goobalay::app::players::add_player(&store, "Robo", None, Some(Level::Random))
        .await
        .unwrap();
    let amina = goobalay::app::players::add_player(&store, "Amina", None, None)
        .await
        .unwrap();
    let new = NewMatch {
        spec: spec("layli-goobalay", MatchForm::Hands),
        south: robo.id,
        north: amina.id,
        seed: 5,
        tournament_id: None,
        round: None,
    };
    let created = goobalay::app::matches::insert(&store, &new).await.unwrap();
    assert_eq!(created.state.awaiting().side(), Some(Side::South));
    let played = goobalay::app::play_engine_turns(&store, created.row.id)
        .await
        .unwrap();
    let (stored, made) = (played.stored, played.engine_events);
    assert_eq!(made.len(), 1);
    assert_eq!(stored.state.awaiting().side(), Some(Side::North));
    assert_eq!(stored.state.current_hand().moves.len(), 1);
    // Nothing more to do: the human is awaited.
    let again = goobalay::app::play_engine_turns(&store, created.row.id)
        .await
        .unwrap();
    assert!(again.engine_events.is_empty());
    store.close().await;
}
