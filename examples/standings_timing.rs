//! The standings benchmark: a round robin of PLAYERS `random` engine players in
//! Tihbat single games (448 players: 100,128 matches), stored through the code
//! `goobalay tournament run` uses, then the work of `tournament standings` (load the
//! tournament, compute the standings) and of `tournament export --format trf`
//! (load, write the TRF) timed five times each, with the fixture cache stale (as
//! after a result) and current (as between results), on the database DB: an SQLite file
//! (made fresh) or the URL of an empty PostgreSQL database. A database that already
//! holds the tournament "Bench" is timed as it is.
//!
//! ```sh
//! cargo run --release --example standings_timing -- DB [PLAYERS]
//! ```

use std::path::PathBuf;
use std::time::{Duration, Instant};

use goobalay::ai::Level;
use goobalay::app::NewTournament;
use goobalay::engine::Variant;
use goobalay::matches::MatchForm;
use goobalay::store::Store;
use goobalay::tournament::trf as trf_text;
use goobalay::tournament::{Format, PointsScheme, RatingSystem};

/// Marks the fixture cache stale, as a result written does, on a connection of the
/// benchmark's own: the library keeps its pool to itself.
async fn make_cache_stale(db: &str) -> Result<(), sqlx::Error> {
    use sqlx::Connection;
    const STALE: &str = "UPDATE fixture_cache SET cached_revision = NULL";
    if goobalay::store::server_url(std::path::Path::new(db)).is_some() {
        let mut conn = sqlx::PgConnection::connect(db).await?;
        sqlx::query(STALE).execute(&mut conn).await?;
        conn.close().await
    } else {
        let options = sqlx::sqlite::SqliteConnectOptions::new().filename(db);
        let mut conn = sqlx::SqliteConnection::connect_with(&options).await?;
        sqlx::query(STALE).execute(&mut conn).await?;
        conn.close().await
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let db = std::env::args()
        .nth(1)
        .ok_or("usage: standings_timing DB [PLAYERS]")?;
    let players: usize = std::env::args().nth(2).map_or(Ok(448), |s| s.parse())?;
    let store = Store::open(&PathBuf::from(&db)).await?;
    if !store.tournament_exists("Bench").await? {
        let mut names = Vec::new();
        for i in 1..=players {
            let name = format!("Random {i:03}");
            goobalay::app::players::add_player(&store, &name, None, Some(Level::Random)).await?;
            names.push(name);
        }
        goobalay::app::tournaments::create(
            &store,
            &NewTournament {
                name: "Bench".into(),
                variant: Variant::preset("tihbat").expect("preset"),
                format: Format::RoundRobin,
                rounds: None,
                form: MatchForm::Single,
                max_hands: None,
                points: PointsScheme::default(),
                tiebreaks: Vec::new(),
                seed: 2026,
                details: Default::default(),
                initial_colour: Default::default(),
                acceleration: Default::default(),
                third_place: false,
            },
            RatingSystem::Elo,
        )
        .await?;
        goobalay::app::tournaments::enter(&store, "Bench", &names).await?;
        let start = Instant::now();
        let report = goobalay::app::run_tournament(&store, "Bench", None, |_| {}).await?;
        println!(
            "stored {} matches in {:.1} s",
            report.played,
            start.elapsed().as_secs_f64()
        );
    }
    // Each result written makes the next read go to the match tables (the fixture
    // cache is stale); reads between writes (the room's screen, the players' phones,
    // the desk) find the cache current. Both are timed.
    for cached in [false, true] {
        let mut load = Vec::new();
        let mut standings = Vec::new();
        let mut trf = Vec::new();
        let mut status = Vec::new();
        let mut matches = 0;
        for _ in 0..5 {
            if !cached {
                make_cache_stale(&db).await?;
            }
            let t0 = Instant::now();
            let loaded = goobalay::app::tournaments::load(&store, "Bench").await?;
            let t1 = Instant::now();
            let s = loaded.tournament.standings();
            let t2 = Instant::now();
            let text = trf_text(&loaded.tournament);
            let t3 = Instant::now();
            // What the standings' heading says: "after round 446 of 447 (round 447
            // in progress)", "final".
            let t = &loaded.tournament;
            std::hint::black_box((
                t.completed_rounds(),
                t.current_round(),
                t.planned_rounds(),
                t.is_finished(),
            ));
            let t4 = Instant::now();
            std::hint::black_box((&s, &text));
            store.keep_caches().await;
            matches = loaded.tournament.fixtures().len();
            load.push(t1 - t0);
            standings.push(t2 - t0);
            trf.push((t1 - t0) + (t3 - t2));
            status.push(t4 - t3);
        }
        println!(
            "{db}: {matches} matches, {}; median of 5: load {:.0} ms, standings (load + compute) \
             {:.0} ms, TRF export (load + write) {:.0} ms, the heading's round status {:.1} ms",
            if cached {
                "fixture cache current"
            } else {
                "read from the match tables"
            },
            median(load).as_secs_f64() * 1e3,
            median(standings).as_secs_f64() * 1e3,
            median(trf).as_secs_f64() * 1e3,
            median(status).as_secs_f64() * 1e3,
        );
    }
    store.close().await;
    Ok(())
}
