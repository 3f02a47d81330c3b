//! `goobalay demo`: a small club of engine players plays a Layli Goobalay multi-hand
//! round robin on a database of its own (`demo.db` beside the default database), or
//! the one `--db` names on its command line (never the club's default, nor
//! `GOOBALAY_DB`'s); prints the standings, one match's hand table and a replayed hand. Re-running reuses the demo players and starts a new
//! tournament ("Demo 2", "Demo 3", ...).

use std::process::ExitCode;

use anyhow::bail;
use goobalay::ai::Level;
use goobalay::store::default_db_path;

use crate::args::demo::DemoArgs;
use crate::args::matches::{IdFormatArgs, MatchCommand, ReplayArgs};
use crate::args::{Format, RecordFormat};
use crate::db::with_store;
use crate::out::outln;

const CLUB: [(&str, Level); 8] = [
    ("Ama", Level::Greedy),
    ("Kofi", Level::Random),
    ("Esi", Level::Greedy),
    ("Yaw", Level::Random),
    ("Abena", Level::Greedy),
    ("Kwame", Level::Random),
    ("Efua", Level::Greedy),
    ("Kojo", Level::Random),
];

pub fn demo(a: DemoArgs) -> anyhow::Result<ExitCode> {
    let db = a.db.clone();
    if !(4..=CLUB.len()).contains(&a.players) {
        bail!(
            "--players must be between 4 and {}, not {}",
            CLUB.len(),
            a.players
        );
    }
    let own = db.is_none();
    let path = db.unwrap_or_else(|| default_db_path().with_file_name("demo.db"));
    let seed = a.seed.unwrap_or_else(|| rand::random::<u64>() >> 1);
    let db = Some(path.clone());
    let (name, shown) = with_store(db.clone(), async |store| {
        outln!(
            "goobalay demo, database {}{}",
            crate::db::shown(&path),
            if own {
                " (the demo's own; --db on this command line chooses another)"
            } else {
                ""
            }
        );
        let club = goobalay::app::set_up_demo(store, &CLUB[..a.players], seed).await?;
        for (name, level) in &club.added {
            outln!("added engine player {name} ({})", level.name());
        }
        outln!(
            "created tournament {}: Layli Goobalay multi-hand round robin, seed {seed}",
            club.tournament.name
        );
        let name = club.tournament.name;
        let summary = crate::tournament_cmd::run_engines(store, &name, None, true).await?;
        outln!("{}", summary.message);
        outln!();
        let loaded = goobalay::app::tournaments::load(store, &name).await?;
        crate::tournament_cmd::print_standings(
            &loaded,
            Format::Table,
            crate::tournament_cmd::Layout::Narrow,
        )?;
        // The match with the most hands, and its shortest hand.
        let longest = loaded
            .boards
            .iter()
            .filter(|b| b.match_id.is_some())
            .max_by_key(|b| (b.hands_played, std::cmp::Reverse(b.match_id)))
            .and_then(|b| b.match_id);
        let shown = match longest {
            Some(id) => {
                let m = goobalay::app::matches::load(store, id).await?;
                let hand = m
                    .state
                    .hands()
                    .iter()
                    .filter(|h| h.end.is_some())
                    .min_by_key(|h| h.moves.len())
                    .map_or(1, |h| h.number);
                Some((id, hand))
            }
            None => None,
        };
        Ok((name, shown))
    })?;
    if let Some((id, hand)) = shown {
        outln!();
        crate::match_cmd::run(
            db.clone(),
            MatchCommand::Show(IdFormatArgs {
                id,
                format: RecordFormat::Table,
            }),
        )?;
        outln!();
        outln!("Replay of match {id}, hand {hand}:");
        crate::match_cmd::replay(
            db.clone(),
            ReplayArgs {
                id,
                hand: Some(hand),
            },
        )?;
    }
    let db_flag = db.map_or(String::new(), |p| format!(" --db {}", p.display()));
    outln!();
    outln!("Next: goobalay tournament crosstable{db_flag} \"{name}\"");
    outln!("      goobalay tournament export{db_flag} \"{name}\" --format html --output demo.html");
    Ok(ExitCode::SUCCESS)
}
