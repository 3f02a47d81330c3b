//! `tournament export --format trf`: the TRF of a tournament with what the store
//! knows beyond the pure layer ([`crate::tournament::export::TrfDetails`]): the
//! event's details, the match form, and each player's club, engine, starting ratings
//! and whether they were seeded unrated, so that [`super::trf_import`] stores the
//! same event and its export is the same file.

use crate::app::Result;
use std::collections::{HashMap, HashSet};

use crate::app::records::{LoadedTournament, Parts};
use crate::app::repo::{Database, PlayerRepo, TournamentRepo};
use crate::tournament::export::{TrfDetails, TrfPlayerDetails, trf_with};
use crate::tournament::ratings::StartingRating;

use super::loading;

/// The TRF of tournament `name` (as it stood after round `round`: see
/// [`super::load_after_round`]), read in one read transaction.
pub(crate) async fn trf_export(
    store: &impl Database,
    name: &str,
    round: Option<u32>,
) -> crate::app::Result<String> {
    let mut tx = store.begin_read().await?;
    let loaded = loading::load_in(&mut tx, name, Parts::Results).await?;
    let loaded = super::as_after_round(&mut tx, loaded, round).await?;
    let details = trf_details_in(&mut tx, &loaded).await?;
    Ok(trf_with(&loaded.tournament, &details))
}

/// What the TRF of `loaded` carries beyond its tournament.
pub(crate) async fn trf_details_in(
    repo: &mut (impl TournamentRepo + PlayerRepo),
    loaded: &LoadedTournament,
) -> Result<TrfDetails> {
    let row = &loaded.row;
    let entrants: HashSet<i64> = loaded.tournament.entrants().iter().map(|e| e.id).collect();
    let mut players: HashMap<i64, TrfPlayerDetails> = HashMap::new();
    for p in repo.players(true).await? {
        if entrants.contains(&p.id) {
            players.insert(
                p.id,
                TrfPlayerDetails {
                    club: p.club,
                    engine: p.engine,
                    ..TrfPlayerDetails::default()
                },
            );
        }
    }
    for (id, rated) in repo.entrants_rated(row.id).await? {
        if let (Some(p), Some(false)) = (players.get_mut(&id), rated) {
            p.unrated = true;
        }
    }
    let records = repo.player_details().await?;
    for (id, p) in players.iter_mut() {
        p.person = crate::app::players::details_in_force(&records, *id);
    }
    for r in repo.starting_ratings().await? {
        if let Some(p) = players.get_mut(&r.player_id) {
            p.starting_ratings.push(StartingRating {
                rating: r.rating,
                source: r.source,
                variant: r.variant,
            });
        }
    }
    let event = &row.details;
    Ok(TrfDetails {
        city: event.city.clone(),
        federation: event.federation.clone(),
        start: event.start,
        end: event.end,
        chief_arbiter: event.chief_arbiter.clone(),
        round_dates: event.round_dates.clone(),
        form: Some(row.match_form.clone()),
        max_hands: row.max_hands,
        seed: Some(row.seed),
        players,
        ..TrfDetails::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::AppError;
    use crate::app::tournaments::{ImportOptions, import_trf, prepare_import};
    use crate::engine::Side;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::Format;

    /// A Swiss of four, round 1 played (every South won), its players in clubs.
    async fn played_swiss() -> Store {
        let store = Store::in_memory().await;
        for (name, club) in [
            ("Ada", "Kismayo"),
            ("Bo", "Hargeisa"),
            ("Cy", "Kismayo"),
            ("Di", "Baidoa"),
        ] {
            crate::app::players::add_player(&store, name, Some(club), None)
                .await
                .unwrap();
        }
        fixture::entered(
            &store,
            "Club Swiss",
            Format::Swiss,
            &["Ada", "Bo", "Cy", "Di"],
        )
        .await;
        for id in fixture::pair(&store, "Club Swiss").await {
            fixture::won(&store, id.unwrap(), Side::South).await;
        }
        store
    }

    #[tokio::test]
    async fn the_export_names_the_event_and_each_player_with_their_score() {
        let store = played_swiss().await;
        let trf = trf_export(&store, "club swiss", None).await.unwrap();
        let line = |tag: &str| trf.lines().find(|l| l.starts_with(tag)).map(str::to_string);
        assert_eq!(line("012").unwrap().trim_end(), "012 Club Swiss");
        let players: Vec<String> = trf
            .lines()
            .filter(|l| l.starts_with("001"))
            .map(str::to_string)
            .collect();
        assert_eq!(players.len(), 4);
        // Two won round 1 (1 point each), two lost it: the points column (TRF
        // 2016, columns 81-84) holds "1.0" twice and "0.0" twice.
        let mut points: Vec<&str> = players.iter().map(|l| l[80..84].trim()).collect();
        points.sort();
        assert_eq!(points, ["0.0", "0.0", "1.0", "1.0"]);
    }

    #[tokio::test]
    async fn an_exported_event_imported_elsewhere_exports_the_same_file() {
        let store = played_swiss().await;
        let trf = trf_export(&store, "Club Swiss", None).await.unwrap();

        let elsewhere = Store::in_memory().await;
        let prepared = prepare_import(&trf, "club.trf", ImportOptions::default()).unwrap();
        let imported = import_trf(&elsewhere, &prepared, |_, _| {}).await.unwrap();
        assert_eq!(imported.tournament.name, "Club Swiss");
        assert_eq!(
            (imported.players, imported.rounds, imported.matches),
            (4, 1, 2)
        );
        let mut added = imported.players_added.clone();
        added.sort();
        assert_eq!(added, ["Ada", "Bo", "Cy", "Di"]);
        let bo = crate::app::players::find(&elsewhere, "Bo")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(bo.club.as_deref(), Some("Hargeisa"));
        assert_eq!(
            trf_export(&elsewhere, "Club Swiss", None).await.unwrap(),
            trf
        );
    }

    #[tokio::test]
    async fn a_round_not_paired_is_refused_for_an_export_after_it() {
        let store = played_swiss().await;
        let refused = trf_export(&store, "Club Swiss", Some(2)).await;
        assert!(
            matches!(&refused, Err(AppError::NoSuchRound { round: 2, tournament, .. }) if tournament == "Club Swiss"),
            "{refused:?}"
        );
        assert!(trf_export(&store, "Club Swiss", Some(1)).await.is_ok());
    }
}
