//! `goobalay verify`: replays everything stored and reports what differs.
//!
//! Exit status 0: everything replays to what is stored; 1: mismatches (each printed
//! on its own line, naming the match, the hand and what differs); 2: an error (no
//! database there, not a goobalay database, ...).

use goobalay::tournament::CsvWriter;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::args::Format;
use crate::args::verify::VerifyArgs;
use crate::db::{print_json, with_store_audit};
use crate::exit::EXIT_NO;
use crate::out::{count, outln};

pub fn run(db: Option<PathBuf>, a: VerifyArgs) -> anyhow::Result<ExitCode> {
    // Auditing never creates a database where there was none.
    let bar = crate::out::progress_bar(0, "matches replayed");
    let report = with_store_audit(db, async |store| {
        Ok(
            goobalay::app::verify_with_progress(store, a.deep, |done, total| {
                bar.set_length(total);
                bar.set_position(done);
            })
            .await?,
        )
    });
    bar.finish_and_clear();
    let report = report?;
    match a.format {
        Format::Json => print_json(&report)?,
        Format::Csv => {
            let mut w = CsvWriter::new(["tournament", "match_id", "hand", "what"]);
            for m in &report.mismatches {
                w.row([
                    m.tournament.clone().unwrap_or_default(),
                    m.match_id.map_or(String::new(), |id| id.to_string()),
                    m.hand.map_or(String::new(), |h| h.to_string()),
                    m.what.clone(),
                ]);
            }
            crate::out::outln!("{}", w.finish().trim_end());
        }
        Format::Table => {
            for m in &report.mismatches {
                outln!("mismatch: {m}");
            }
            outln!(
                "checked {} ({} finished), {}, {}, {}, {}, {}{}{}, {}: {}",
                count(report.matches, "match", "matches"),
                report.finished_matches,
                count(report.hands, "hand", "hands"),
                count(report.moves, "move", "moves"),
                count(report.arrangements, "arrangement", "arrangements"),
                count(report.entered_results, "entered result", "entered results"),
                count(
                    report.engine_decisions,
                    "engine decision",
                    "engine decisions"
                ),
                match report.engine_decisions_skipped {
                    0 => String::new(),
                    k => format!(" ({k} of hard/max/perfect players not recomputed; --deep does)"),
                },
                match report.engine_decisions_older {
                    0 => String::new(),
                    k => format!(" ({k} by an earlier engine version: replayed, not recomputed)"),
                },
                count(report.tournaments, "tournament", "tournaments"),
                match report.mismatches.len() {
                    0 => "all consistent".to_string(),
                    1 => "1 mismatch".to_string(),
                    k => format!("{k} mismatches"),
                }
            );
        }
    }
    Ok(if report.is_clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_NO)
    })
}
