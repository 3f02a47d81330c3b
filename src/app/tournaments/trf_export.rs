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
