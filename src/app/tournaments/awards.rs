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

/// Who wins what in a tournament: its prizes handed out over the standings, one
/// prize per player, the most valuable first (the rules: `tournament::prizes`).
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

/// The prizes of tournament `name` handed out over its standings as they are
/// (`share`: place prizes shared among players tied on points), in one read
/// transaction.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tournaments::prizes::add_prize;
    use crate::engine::Side;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::Format;
    use crate::tournament::prizes::PrizeKind;

    /// A three-round Swiss of four after round 1, South winning both matches: the
    /// two winners on 1 point, the two losers on 0. First place pays 100, second 50.
    async fn after_round_one() -> (Store, Vec<String>) {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(&store, "Club", Format::Swiss, &["Ada", "Bo", "Cy", "Di"]).await;
        let mut winners = Vec::new();
        for id in fixture::pair(&store, "Club").await {
            let id = id.unwrap();
            fixture::won(&store, id, Side::South).await;
            winners.push(
                crate::app::matches::load(&store, id)
                    .await
                    .unwrap()
                    .row
                    .south,
            );
        }
        winners.sort();
        add_prize(&store, "Club", PrizeKind::Place { place: 1 }, 100.0)
            .await
            .unwrap();
        add_prize(&store, "Club", PrizeKind::Place { place: 2 }, 50.0)
            .await
            .unwrap();
        (store, winners)
    }

    fn paid(report: &PrizeReport) -> Vec<(String, f64)> {
        let mut paid: Vec<(String, f64)> = report
            .totals
            .iter()
            .map(|t| (t.winner.name.clone(), t.total))
            .collect();
        paid.sort_by(|a, b| a.0.cmp(&b.0));
        paid
    }

    #[tokio::test]
    async fn the_place_prizes_go_to_the_two_leaders_one_each() {
        let (store, winners) = after_round_one().await;
        let report = prize_report(&store, "club", false).await.unwrap();
        assert_eq!(report.tournament, "Club");
        assert!(!report.is_final, "round 1 of 3");
        assert!(!report.shared);
        assert_eq!(report.awards.len(), 2);
        assert_eq!(report.awards[0].prize.value, 100.0);
        let mut amounts: Vec<f64> = paid(&report).iter().map(|p| p.1).collect();
        amounts.sort_by(f64::total_cmp);
        assert_eq!(amounts, [50.0, 100.0]);
        let names: Vec<String> = paid(&report).into_iter().map(|p| p.0).collect();
        assert_eq!(names, winners);
    }

    #[tokio::test]
    async fn shared_place_prizes_split_equally_among_the_players_tied_on_points() {
        let (store, winners) = after_round_one().await;
        let report = prize_report(&store, "Club", true).await.unwrap();
        assert!(report.shared);
        // 100 + 50 shared by the two on 1 point.
        let expected: Vec<(String, f64)> = winners.into_iter().map(|w| (w, 75.0)).collect();
        assert_eq!(paid(&report), expected);
    }
}
