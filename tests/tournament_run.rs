//! `app::run_tournament`, what `tournament run` does: the engine plays rounds ahead
//! of the database while they are stored. What it stores must be what playing one
//! match at a time stores, and a change another process makes mid-run must be
//! honoured (the engine's lead thrown away), not overwritten.

use std::path::Path;

use goobalay::ai::Level;
use goobalay::app::NewTournament;
use goobalay::app::{RunEnd, RunEvent};
use goobalay::engine::Variant;
use goobalay::matches::MatchForm;
use goobalay::store::Store;
use goobalay::tournament::{Format, PointsScheme, RatingSystem};

const NAME: &str = "Club Swiss";

/// Seven engine players (one bye a round) in a five-round Swiss of multi-hand Layli
/// Goobalay matches.
async fn club(path: &Path, rounds: u32) -> Store {
    let store = Store::open(path).await.unwrap();
    let mut names = Vec::new();
    for (i, level) in [
        Level::Random,
        Level::Greedy,
        Level::Random,
        Level::Greedy,
        Level::Random,
        Level::Greedy,
        Level::Random,
    ]
    .into_iter()
    .enumerate()
    {
        let name = format!("P{i}");
        goobalay::app::players::add_player(&store, &name, None, Some(level))
            .await
            .unwrap();
        names.push(name);
    }
    goobalay::app::tournaments::create(
        &store,
        &NewTournament {
            name: NAME.into(),
            variant: Variant::preset("layli-goobalay").unwrap(),
            format: Format::Swiss,
            rounds: Some(rounds),
            form: MatchForm::Hands,
            max_hands: None,
            points: PointsScheme::default(),
            tiebreaks: Vec::new(),
            seed: 31,
            details: Default::default(),
            initial_colour: Default::default(),
            acceleration: Default::default(),
            third_place: false,
        },
        RatingSystem::Elo,
    )
    .await
    .unwrap();
    goobalay::app::tournaments::enter(&store, NAME, &names)
        .await
        .unwrap();
    store
}

type MatchRecord = (
    i64,
    i64,
    i64,
    i64,
    Option<String>,
    Option<i64>,
    Option<i64>,
    String,
);

/// Every match as stored (round, players, seed, result) with all its moves, and
/// the byes.
async fn records(store: &Store) -> (Vec<MatchRecord>, Vec<(i64, i64)>) {
    // The test's own connection to the store's file: the library keeps its pool to itself.
    use sqlx::Connection;
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(store.path());
    let mut conn = sqlx::SqliteConnection::connect_with(&options)
        .await
        .unwrap();
    let mut tx = conn.begin().await.unwrap();
    let matches = sqlx::query_as(
        "SELECT m.round, m.south_id, m.north_id, m.seed, m.winner, m.final_south,
                m.final_north,
                (SELECT group_concat(h.moves, '|') FROM
                    (SELECT moves FROM hands WHERE match_id = m.id ORDER BY number) h)
         FROM matches m ORDER BY m.round, m.id",
    )
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    let byes = sqlx::query_as("SELECT round, player_id FROM tournament_byes ORDER BY round")
        .fetch_all(&mut *tx)
        .await
        .unwrap();
    tx.rollback().await.unwrap();
    conn.close().await.unwrap();
    (matches, byes)
}

#[tokio::test(flavor = "current_thread")]
async fn a_run_in_one_go_stores_what_one_match_at_a_time_stores() {
    let dir = tempfile::tempdir().unwrap();
    let whole = club(&dir.path().join("whole.db"), 5).await;
    let mut paired = Vec::new();
    let mut stored = 0;
    let report = goobalay::app::run_tournament(&whole, NAME, None, |event| match event {
        RunEvent::Paired(p) => paired.push(p.round),
        RunEvent::Stored(..) => stored += 1,
        RunEvent::Started(_) => {}
    })
    .await
    .unwrap();
    assert_eq!(report.end, RunEnd::Finished);
    assert_eq!(
        paired,
        vec![1, 2, 3, 4, 5],
        "each round paired once, in order"
    );
    assert_eq!(report.played, 15, "five rounds of three matches");
    assert_eq!(stored, 15);

    let step = club(&dir.path().join("step.db"), 5).await;
    let mut runs = 0;
    loop {
        let r = goobalay::app::run_tournament(&step, NAME, Some(1), |_| {})
            .await
            .unwrap();
        runs += 1;
        if r.end == RunEnd::Finished {
            break;
        }
        assert_eq!((r.end, r.played), (RunEnd::Limit, 1));
    }
    assert_eq!(
        runs, 15,
        "a run of one match each (the last one finds it finished)"
    );
    assert_eq!(records(&whole).await, records(&step).await);
    assert_eq!(standings(&whole).await, standings(&step).await);
}

async fn standings(store: &Store) -> String {
    let t = goobalay::app::tournaments::load(store, NAME)
        .await
        .unwrap()
        .tournament;
    serde_json::to_string(&t.standings()).unwrap()
}

/// Withdraws `player` through a store of its own (as another process would), while
/// the run that called it waits.
fn withdraw_elsewhere(path: &Path, player: &str) {
    let (path, player) = (path.to_owned(), player.to_owned());
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(async {
                let other = Store::open(&path).await.unwrap();
                goobalay::app::tournaments::withdraw(&other, NAME, &player, false)
                    .await
                    .unwrap();
                other.close().await;
            })
    })
    .join()
    .unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_withdrawal_by_another_process_mid_run_is_honoured() {
    let dir = tempfile::tempdir().unwrap();
    // During one run: P1 withdraws as soon as round 2 is paired, while the engine has
    // already played on (it pairs round 3 with P1 in it).
    let during_path = dir.path().join("during.db");
    // Four rounds: with P1 gone, five players cannot play a fifth round without
    // a repeat, which the Dutch rules refuse.
    let during = club(&during_path, 4).await;
    let report = goobalay::app::run_tournament(&during, NAME, None, |event| {
        if let RunEvent::Paired(p) = event
            && p.round == 2
        {
            withdraw_elsewhere(&during_path, "P1");
        }
    })
    .await
    .unwrap();
    assert_eq!(report.end, RunEnd::Finished);

    // The same withdrawal between two runs.
    let between_path = dir.path().join("between.db");
    let between = club(&between_path, 4).await;
    let first = goobalay::app::run_tournament(&between, NAME, Some(3), |_| {})
        .await
        .unwrap();
    assert_eq!((first.end, first.played), (RunEnd::Limit, 3));
    assert_eq!(
        goobalay::app::tournaments::load(&between, NAME)
            .await
            .unwrap()
            .tournament
            .current_round(),
        2,
        "round 2 is paired when the first run stops"
    );
    withdraw_elsewhere(&between_path, "P1");
    let rest = goobalay::app::run_tournament(&between, NAME, None, |_| {})
        .await
        .unwrap();
    assert_eq!(rest.end, RunEnd::Finished);

    let (matches, _) = records(&during).await;
    let p1 = goobalay::app::tournaments::load(&during, NAME)
        .await
        .unwrap();
    let p1 = p1
        .tournament
        .entrants()
        .iter()
        .find(|e| e.name == "P1")
        .unwrap()
        .id;
    assert!(
        matches.iter().all(|m| m.0 <= 2 || (m.1 != p1 && m.2 != p1)),
        "P1 plays no match after round 2"
    );
    assert_eq!(report.played, first.played + rest.played);
    assert_eq!(standings(&during).await, standings(&between).await);
    assert_eq!(records(&during).await, records(&between).await);
    // verify re-derives the pairings with P1 withdrawn after round 2.
    for store in [&during, &between] {
        let report = goobalay::app::verify(store, false).await.unwrap();
        assert!(report.is_clean(), "{:?}", report.mismatches);
    }
}
