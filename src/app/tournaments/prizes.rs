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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture::{self, refusal};
    use crate::tournament::Format;
    use crate::tournament::prizes::Category;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, d).unwrap()
    }

    async fn club() -> Store {
        let store = Store::in_memory().await;
        crate::app::players::add_player(&store, "Ada", Some("Kismayo"), None)
            .await
            .unwrap();
        crate::app::players::add_player(&store, "Bo", Some("Baidoa"), None)
            .await
            .unwrap();
        fixture::entered(&store, "Club", Format::Swiss, &["Ada", "Bo"]).await;
        store
    }

    #[tokio::test]
    async fn the_details_given_replace_those_held_and_the_others_stay() {
        let store = club().await;
        let first = EventChange {
            city: Some(" Mogadishu ".into()),
            start: Some(day(5)),
            ..Default::default()
        };
        set_event(&store, "Club", &first).await.unwrap();
        let second = EventChange {
            end: Some(day(6)),
            ..Default::default()
        };
        let row = set_event(&store, "club", &second).await.unwrap();
        assert_eq!(
            row.details.city.as_deref(),
            Some("Mogadishu"),
            "kept, cleaned"
        );
        assert_eq!(
            (row.details.start, row.details.end),
            (Some(day(5)), Some(day(6)))
        );
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        assert_eq!(loaded.row.details, row.details);
    }

    #[tokio::test]
    async fn nothing_to_change_or_dates_out_of_order_are_refused_and_nothing_stored() {
        let store = club().await;
        let start = EventChange {
            start: Some(day(5)),
            ..Default::default()
        };
        set_event(&store, "Club", &start).await.unwrap();
        let before = fixture::markers(&store).await;
        let loaded_before = crate::app::tournaments::load(&store, "Club").await.unwrap();
        let nothing = set_event(&store, "Club", &EventChange::default()).await;
        assert!(
            matches!(refusal(&nothing), TournamentRefusal::NothingToSet),
            "{nothing:?}"
        );
        // The end given is before the start held.
        let early_end = EventChange {
            end: Some(day(4)),
            ..Default::default()
        };
        let early = set_event(&store, "Club", &early_end).await;
        assert!(
            matches!(refusal(&early), TournamentRefusal::EventDates(_)),
            "{early:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        assert_eq!(loaded.row.details, loaded_before.row.details);
    }

    #[tokio::test]
    async fn a_prize_is_listed_and_a_category_nobody_fits_is_added_with_a_warning() {
        let store = club().await;
        let place = add_prize(&store, "Club", PrizeKind::Place { place: 1 }, 100.0)
            .await
            .unwrap();
        assert_eq!(place.tournament, "Club");
        assert_eq!(place.warning, None);
        let kismayo = PrizeKind::Category(Category::Club {
            club: "kismayo".into(),
        });
        assert_eq!(
            add_prize(&store, "Club", kismayo, 20.0)
                .await
                .unwrap()
                .warning,
            None
        );
        let nowhere = PrizeKind::Category(Category::Club {
            club: "Hargeisa".into(),
        });
        let added = add_prize(&store, "Club", nowhere, 10.0).await.unwrap();
        assert!(
            added
                .warning
                .as_deref()
                .is_some_and(|w| w.starts_with("no entrant fits")),
            "{added:?}"
        );
        let report = prize_report(&store, "Club", false).await.unwrap();
        let listed: Vec<f64> = report.awards.iter().map(|a| a.prize.value).collect();
        assert_eq!(listed, [100.0, 20.0, 10.0], "the most valuable first");
        assert_ne!(place.prize.id, added.prize.id);
    }

    #[tokio::test]
    async fn an_age_prize_needs_the_start_date_and_is_refused_without_it() {
        let store = club().await;
        let before = fixture::markers(&store).await;
        let juniors = PrizeKind::Category(Category::Junior { age: 20 });
        let refused = add_prize(&store, "Club", juniors.clone(), 10.0).await;
        assert!(
            matches!(refusal(&refused), TournamentRefusal::PrizeNeedsStart { tournament, .. } if tournament == "Club"),
            "{refused:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
        assert!(
            prize_report(&store, "Club", false)
                .await
                .unwrap()
                .awards
                .is_empty()
        );
        let start = EventChange {
            start: Some(day(5)),
            ..Default::default()
        };
        set_event(&store, "Club", &start).await.unwrap();
        assert!(add_prize(&store, "Club", juniors, 10.0).await.is_ok());
    }
}
