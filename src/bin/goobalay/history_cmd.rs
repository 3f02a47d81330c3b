//! `goobalay history`: matches, newest first, filtered by player, variant, dates and
//! tournament.

use goobalay::tournament::CsvWriter;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use chrono::{DateTime, Local, NaiveDate, TimeZone, Utc};
use goobalay::app::{Ending, HistoryFilter, MatchRow};
use goobalay::matches::MatchOutcome;
use tabled::{Table, Tabled, settings::Style};

use crate::args::Format;
use crate::args::history::HistoryArgs;
use crate::db::{local, print_json, with_store_read};

#[derive(Tabled)]
struct Row {
    id: i64,
    date: String,
    variant: String,
    form: String,
    south: String,
    north: String,
    hands: i64,
    #[tabled(rename = "seeds S-N")]
    seeds: String,
    result: String,
    tournament: String,
}

/// A day (local midnight) or an RFC 3339 instant; `end_of_day` moves a day to the
/// next midnight so that `--until` includes the whole day.
fn parse_date(text: &str, flag: &str, end_of_day: bool) -> anyhow::Result<DateTime<Utc>> {
    let t = text.trim();
    if let Ok(instant) = DateTime::parse_from_rfc3339(t) {
        return Ok(instant.with_timezone(&Utc));
    }
    let Ok(day) = NaiveDate::parse_from_str(t, "%Y-%m-%d") else {
        bail!(
            "{flag} '{}' is not a date; use YYYY-MM-DD or an RFC 3339 time",
            goobalay::names::excerpt(text)
        );
    };
    let day = if end_of_day {
        day.succ_opt().unwrap_or(day)
    } else {
        day
    };
    let midnight = day.and_hms_opt(0, 0, 0).expect("midnight");
    match Local.from_local_datetime(&midnight).earliest() {
        Some(t) => Ok(t.with_timezone(&Utc)),
        None => Ok(Utc.from_utc_datetime(&midnight)),
    }
}

pub fn run(db: Option<PathBuf>, a: HistoryArgs) -> anyhow::Result<ExitCode> {
    // A preset by any of its names; any other name must be a rule file's name that
    // matches were recorded under (checked below), as --player must name a player.
    let preset = a
        .variant
        .as_deref()
        .and_then(goobalay::engine::Variant::preset);
    let filter = HistoryFilter {
        player: a.player.clone(),
        player_id: None,
        variant: match &preset {
            Some(v) => Some(v.name.clone()),
            None => a.variant.clone(),
        },
        since: a
            .since
            .as_deref()
            .map(|t| parse_date(t, "--since", false))
            .transpose()?,
        until: a
            .until
            .as_deref()
            .map(|t| parse_date(t, "--until", true))
            .transpose()?,
        tournament: a.tournament.clone(),
    };
    let rows = with_store_read(db, async |store| {
        Ok(goobalay::app::matches::history(store, &filter).await?)
    })?;
    if let (Some(v), None, true) = (&a.variant, &preset, rows.is_empty()) {
        bail!(
            "no variant named '{}': not one of goobalay's (see `goobalay variants`), nor a rule file's name that any match was recorded under",
            goobalay::names::excerpt(v)
        );
    }
    let seeds = |m: &MatchRow| match m.seeds {
        Some(s) => format!("{}-{}", s.south, s.north),
        None => "-".to_string(),
    };
    let mut out = crate::out::stdout();
    match a.format {
        Format::Json => print_json(&rows)?,
        Format::Csv => {
            let mut w = CsvWriter::new([
                "id",
                "created_at",
                "variant",
                "form",
                "south",
                "north",
                "hands",
                "final_south",
                "final_north",
                "winner",
                "ending",
                "absent",
                "corrected",
                "tournament",
                "round",
            ]);
            for m in &rows {
                w.row([
                    m.id.to_string(),
                    m.created_at.to_rfc3339(),
                    m.variant.to_string(),
                    m.form.to_string(),
                    m.south.clone(),
                    m.north.clone(),
                    m.hands_played.to_string(),
                    m.seeds.map(|s| s.south.to_string()).unwrap_or_default(),
                    m.seeds.map(|s| s.north.to_string()).unwrap_or_default(),
                    m.winner.map_or("", MatchOutcome::name).to_string(),
                    m.ending.map_or("", Ending::kind).to_string(),
                    match m.ending {
                        Some(Ending::Forfeit { absent }) => absent.name().to_string(),
                        _ => String::new(),
                    },
                    m.corrected.to_string(),
                    m.tournament.clone().unwrap_or_default(),
                    m.round.map(|v| v.to_string()).unwrap_or_default(),
                ]);
            }
            write!(out, "{}", w.finish())?;
        }
        Format::Table if rows.is_empty() => {
            let filtered = a.player.is_some()
                || a.variant.is_some()
                || a.since.is_some()
                || a.until.is_some()
                || a.tournament.is_some();
            if filtered {
                writeln!(out, "no match recorded fits these filters")?;
            } else {
                writeln!(
                    out,
                    "no match recorded yet (`goobalay match new` starts one)"
                )?;
            }
        }
        Format::Table => {
            let table: Vec<Row> = rows
                .iter()
                .map(|m| Row {
                    id: m.id,
                    date: local(m.created_at),
                    variant: m.variant.clone(),
                    form: m.form.clone(),
                    south: m.south.clone(),
                    north: m.north.clone(),
                    hands: m.hands_played,
                    seeds: seeds(m),
                    result: goobalay::app::views::match_result(m),
                    tournament: match (&m.tournament, m.round) {
                        (Some(t), Some(r)) => format!("{t} r{r}"),
                        (Some(t), None) => t.clone(),
                        _ => String::new(),
                    },
                })
                .collect();
            writeln!(out, "{}", Table::new(table).with(Style::rounded()))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
