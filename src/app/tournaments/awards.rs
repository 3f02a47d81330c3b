//! Who wins a tournament's prizes now, and what heads its documents (its event's
//! details and the prizes): read for `tournament prizes`, the exports and the web
//! page. The rules are [`crate::tournament::prizes`]'.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;

use crate::app::records::{LoadedTournament, Parts};
use crate::app::repo::{Database, PlayerRepo, TournamentRepo};
use crate::tournament::export::Heading;
use crate::tournament::prizes::{
    Award, Category, Contender, Prize, Winner, award, categories_nobody_fits, totals,
};

use super::{Result, loading};

/// Who wins what in a tournament (see [`crate::tournament::prizes`]).
#[derive(Clone, Debug, serde::Serialize)]
pub struct PrizeReport {
    pub tournament: String,
    /// From the final standings (else the current ones).
    #[serde(rename = "final")]
    pub is_final: bool,
    /// Place prizes shared among players tied on points.
    pub shared: bool,
    /// The most valuable first.
    pub awards: Vec<Award>,
    /// Each winner's total, best placed first.
    pub totals: Vec<WinnerTotal>,
    /// One line each: a category no entrant fits.
    pub warnings: Vec<String>,
}

/// What one winner wins in all.
#[derive(Clone, Debug, serde::Serialize)]
pub struct WinnerTotal {
    #[serde(flatten)]
    pub winner: Winner,
    pub total: f64,
}

/// The prizes of `loaded` handed out over its standings as they are (`share`: place
/// prizes shared among players tied on points), read in the caller's transaction.
pub(crate) async fn report_in(
    repo: &mut (impl TournamentRepo + PlayerRepo),
    loaded: &LoadedTournament,
    share: bool,
) -> Result<PrizeReport> {
    let list = repo.prizes(loaded.row.id).await?;
    let contenders = contenders_in(repo, loaded).await?;
    let start = loaded.row.details.start;
    let awards = award(
        &list,
        &loaded.tournament.standings(),
        &contenders,
        start,
        share,
    );
    let totals = totals(&awards)
        .into_iter()
        .map(|(winner, total)| WinnerTotal { winner, total })
        .collect();
    Ok(PrizeReport {
        tournament: loaded.row.name.clone(),
        is_final: loaded.tournament.is_finished(),
        shared: share,
        awards,
        totals,
        warnings: nobody_fits(&list, &contenders, start).into_iter().collect(),
    })
}

/// [`report_in`] for tournament `name`, in one read transaction.
pub async fn prize_report(store: &impl Database, name: &str, share: bool) -> Result<PrizeReport> {
    let mut tx = store.begin_read().await?;
    let loaded = loading::load_in(&mut tx, name, Parts::Results).await?;
    report_in(&mut tx, &loaded, share).await
}

/// The warning for the categories of `list` no entrant fits (one line).
pub(crate) fn nobody_fits(
    list: &[Prize],
    contenders: &HashMap<i64, Contender>,
    start: Option<NaiveDate>,
) -> Option<String> {
    let empty: Vec<String> = categories_nobody_fits(list, contenders, start)
        .into_iter()
        .map(Category::to_string)
        .collect();
    (!empty.is_empty()).then(|| {
        format!(
            "no entrant fits the category {}: its prize goes to nobody unless an entrant does",
            empty.join(", ")
        )
    })
}

/// What the prize rules need to know of each entrant of `loaded`: rating (none
/// when seeded unrated), club and details.
pub(crate) async fn contenders_in(
    repo: &mut (impl TournamentRepo + PlayerRepo),
    loaded: &LoadedTournament,
) -> Result<HashMap<i64, Contender>> {
    let entrants: HashSet<i64> = loaded.tournament.entrants().iter().map(|e| e.id).collect();
    let unrated: HashSet<i64> = repo
        .entrants_rated(loaded.row.id)
        .await?
        .into_iter()
        .filter(|(_, rated)| *rated == Some(false))
        .map(|(id, _)| id)
        .collect();
    let details = repo.player_details().await?;
    let mut out = HashMap::new();
    for p in repo.players(true).await? {
        if !entrants.contains(&p.id) {
            continue;
        }
        let rating = loaded
            .tournament
            .entrant(p.id)
            .map(|e| e.rating)
            .filter(|_| !unrated.contains(&p.id));
        out.insert(
            p.id,
            Contender {
                rating,
                details: crate::app::players::details_in_force(&details, p.id),
                club: p.club,
            },
        );
    }
    Ok(out)
}

/// What heads `loaded`'s documents: its event's details and, when it has a prize
/// list, who wins what now (ties by the tiebreaks).
pub(crate) async fn heading_in(
    repo: &mut (impl TournamentRepo + PlayerRepo),
    loaded: &LoadedTournament,
) -> Result<Heading> {
    let prizes = if repo.prizes(loaded.row.id).await?.is_empty() {
        Vec::new()
    } else {
        report_in(repo, loaded, false).await?.awards
    };
    Ok(Heading {
        event: loaded.row.details.clone(),
        prizes,
    })
}
