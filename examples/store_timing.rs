//! Measures playing engine matches in memory against playing them and storing every
//! hand in SQLite (one transaction per match), for the tournament benchmark.
//!
//! ```sh
//! cargo run --release --example store_timing -- [MATCHES]
//! ```

use std::time::Instant;

use goobalay::ai::Level;
use goobalay::engine::{BySide, Side, Variant};
use goobalay::matches::{MatchForm, MatchSpec, play_engine_match};
use goobalay::store::{NewMatch, Store};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let matches: u64 = std::env::args().nth(1).map_or(Ok(496), |s| s.parse())?;
    let variant = Variant::preset("layli-goobalay").expect("preset");
    let spec = MatchSpec::new(&variant, MatchForm::Hands, None, Side::South)?;
    let levels = BySide::new(Level::Random, Level::Random);

    let start = Instant::now();
    let mut hands = 0;
    for seed in 0..matches {
        hands += play_engine_match(spec.clone(), levels, seed).hands.len();
    }
    let memory = start.elapsed();

    let dir = std::env::temp_dir().join(format!("goobalay-timing-{}", std::process::id()));
    let store = Store::open(&dir.join("timing.db")).await?;
    let a = goobalay::app::players::add_player(&store, "A", None, Some(Level::Random)).await?;
    let b = goobalay::app::players::add_player(&store, "B", None, Some(Level::Random)).await?;
    let start = Instant::now();
    for seed in 0..matches {
        let record = play_engine_match(spec.clone(), levels, seed);
        let new = NewMatch {
            spec: spec.clone(),
            south: a.id,
            north: b.id,
            seed,
            tournament_id: None,
            round: None,
        };
        goobalay::app::matches::insert_played(&store, &[(new, record)]).await?;
    }
    let stored = start.elapsed();

    // The same, all matches in one transaction.
    let start = Instant::now();
    let batch: Vec<_> = (0..matches)
        .map(|seed| {
            let new = NewMatch {
                spec: spec.clone(),
                south: a.id,
                north: b.id,
                seed,
                tournament_id: None,
                round: None,
            };
            (new, play_engine_match(spec.clone(), levels, seed))
        })
        .collect();
    goobalay::app::matches::insert_played(&store, &batch).await?;
    let batched = start.elapsed();
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);

    println!(
        "{matches} random-v-random Layli Goobalay matches ({hands} hands): in memory {:.3} s; \
         played and stored one transaction a match {:.3} s; all in one transaction {:.3} s",
        memory.as_secs_f64(),
        stored.as_secs_f64(),
        batched.as_secs_f64(),
    );
    Ok(())
}
