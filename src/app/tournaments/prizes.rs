//! A tournament's event details changed (`tournament set`) and its prize list
//! (`tournament prize add`, `tournament prizes`): the rules of who wins what are
//! [`crate::tournament::prizes`]'; here, who may change what and the rows.

use chrono::NaiveDate;

use crate::app::html_export::export_with;
use crate::app::records::{EventDetails, Parts, TournamentRow, now};
use crate::app::repo::{Database, TournamentRepo};
use crate::app::tournaments::refusal::TournamentRefusal;
use crate::tournament::export::ExportFormat;
use crate::tournament::prizes::{Prize, PrizeKind};

pub use super::awards::{PrizeReport, prize_report};
use super::awards::{contenders_in, heading_in, nobody_fits};
use super::{Result, begin_write, commit, loading};

/// The event details to change (`None`: as they are).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EventChange {
    pub city: Option<String>,
    pub federation: Option<String>,
    pub start: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
    pub chief_arbiter: Option<String>,
    pub round_dates: Option<Vec<NaiveDate>>,
}

/// Changes tournament `name`'s event details: those `change` gives replace the
/// ones it has, checked together as `tournament new` checks them (dates in order);
/// the details it had are kept in `tournament_event_changes`. One transaction.
pub async fn set_event(
    store: &impl Database,
    name: &str,
    change: &EventChange,
) -> Result<TournamentRow> {
    if *change == EventChange::default() {
        return Err(TournamentRefusal::NothingToSet.into());
    }
    let mut tx = begin_write(store).await?;
    let loaded = loading::load_in(&mut tx, name, Parts::Results).await?;
    let before = &loaded.row.details;
    let mut after = EventDetails {
        city: change.city.clone().or(before.city.clone()),
        federation: change.federation.clone().or(before.federation.clone()),
        start: change.start.or(before.start),
        end: change.end.or(before.end),
        chief_arbiter: change
            .chief_arbiter
            .clone()
            .or(before.chief_arbiter.clone()),
        round_dates: change
            .round_dates
            .clone()
            .unwrap_or(before.round_dates.clone()),
    };
    super::create::check_event_details(&mut after)?;
    if after != *before {
        tx.update_event_details(loaded.row.id, &after, now())
            .await?;
    }
    let row = loading::load_in(&mut tx, name, Parts::Results).await?.row;
    commit(tx).await?;
    Ok(row)
}

/// A prize added, and the warning its category gives (one line: no entrant fits it).
#[derive(Clone, Debug, serde::Serialize)]
pub struct PrizeAdded {
    pub tournament: String,
    pub prize: Prize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

/// Adds a prize (`kind`, worth `value`, already parsed) to tournament `name`'s
/// list. A junior's or senior's prize needs the tournament's start date (ages are
/// taken on it); a category none of the entrants fits is added with a warning.
pub async fn add_prize(
    store: &impl Database,
    name: &str,
    kind: PrizeKind,
    value: f64,
) -> Result<PrizeAdded> {
    let mut tx = begin_write(store).await?;
    let loaded = loading::load_in(&mut tx, name, Parts::Results).await?;
    let start = loaded.row.details.start;
    if let PrizeKind::Category(c) = &kind
        && c.by_age()
        && start.is_none()
    {
        return Err(TournamentRefusal::PrizeNeedsStart {
            category: c.name(),
            tournament: loaded.row.name.clone(),
        }
        .into());
    }
    let mut prize = Prize { id: 0, kind, value };
    prize.id = tx.insert_prize(loaded.row.id, &prize, now()).await?;
    let contenders = contenders_in(&mut tx, &loaded).await?;
    let warning = (!contenders.is_empty())
        .then(|| nobody_fits(std::slice::from_ref(&prize), &contenders, start))
        .flatten();
    commit(tx).await?;
    Ok(PrizeAdded {
        tournament: loaded.row.name,
        prize,
        warning,
    })
}

/// The export of tournament `name` in `format` (as it stood after round `round`:
/// see [`super::load_after_round`]), headed by its event's details and prizes, read
/// in one read transaction.
pub async fn export_prizes(
    store: &impl Database,
    name: &str,
    round: Option<u32>,
    format: ExportFormat,
) -> Result<String> {
    if format == ExportFormat::Trf {
        return super::trf_export(store, name, round).await;
    }
    let mut tx = store.begin_read().await?;
    // Only the CSV's pairing sheets show match numbers (the boards' records).
    let parts = if format == ExportFormat::Csv {
        Parts::Whole
    } else {
        Parts::Results
    };
    let loaded = loading::load_in(&mut tx, name, parts).await?;
    let loaded = super::as_after_round(&mut tx, loaded, round).await?;
    let heading = heading_in(&mut tx, &loaded).await?;
    Ok(match format {
        ExportFormat::Csv => crate::app::views::csv_export_headed(&loaded, &heading),
        format => export_with(&loaded.tournament, format, &heading),
    })
}
