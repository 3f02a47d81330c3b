//! Loading a tournament: its rows as stored
//! ([`crate::store::repo::TournamentRepo::stored_tournament`]), an entrant not yet
//! seeded shown with the rating the tournament seeds by now
//! ([`crate::app::ratings::seeding_in`]), then through the gate
//! ([`crate::tournament::Tournament::new_checked`]).

use crate::app::records::{LoadedTournament, Parts, StoredTournament};
use crate::app::repo::{Database, MatchRepo, PlayerRepo, StoreError, TournamentRepo};
use crate::tournament::{Tournament, TournamentError};

type Result<T> = std::result::Result<T, StoreError>;

/// Repositories a tournament is loaded through (its rows, and the ratings an entrant
/// not yet seeded is shown with).
pub(crate) trait LoadRepo: TournamentRepo + PlayerRepo + MatchRepo {}

impl<R: TournamentRepo + PlayerRepo + MatchRepo> LoadRepo for R {}

/// The tournament of `stored`: each entrant not yet seeded by a stored rating shown
/// with the one the tournament seeds by now, then checked.
pub(crate) async fn assemble(
    repo: &mut impl LoadRepo,
    stored: StoredTournament,
) -> Result<LoadedTournament> {
    let StoredTournament {
        row,
        mut setup,
        boards,
        engines,
        unrated,
    } = stored;
    if !unrated.is_empty() {
        let seeding = crate::app::ratings::seeding_in(repo, row.id, &row.variant).await?;
        for e in setup
            .entrants
            .iter_mut()
            .filter(|e| unrated.contains(&e.id))
        {
            e.rating = seeding.rating(e.id);
        }
    }
    Ok(through_gate(StoredTournament {
        row,
        setup,
        boards,
        engines,
        unrated,
    })?)
}

/// The tournament of `stored` if its setup passes the gate
/// ([`Tournament::new_checked`]), entrants not yet seeded at Elo's initial rating
/// (`verify`, which judges the rounds, not the ratings shown).
pub(crate) fn through_gate(
    stored: StoredTournament,
) -> std::result::Result<LoadedTournament, TournamentError> {
    Ok(LoadedTournament {
        tournament: Tournament::new_checked(stored.setup)?,
        row: stored.row,
        boards: stored.boards,
        engines: stored.engines,
    })
}

/// Tournament `name` read in a read transaction of its own (see [`load_in`]).
pub(crate) async fn read(store: &impl Database, name: &str) -> Result<LoadedTournament> {
    let mut tx = store.begin_read().await?;
    load_in(&mut tx, name, Parts::Whole).await
}

/// Tournament `name` (an unknown name refused with the closest one).
pub(crate) async fn load_in(
    repo: &mut impl LoadRepo,
    name: &str,
    parts: Parts,
) -> Result<LoadedTournament> {
    let stored = repo.stored_tournament(name, parts).await?;
    assemble(repo, stored).await
}

/// Tournament `id` (`None`: no such tournament).
pub(crate) async fn load_by_id_in(
    repo: &mut impl LoadRepo,
    id: i64,
) -> Result<Option<LoadedTournament>> {
    match repo.stored_tournament_by_id(id).await? {
        Some(stored) => Ok(Some(assemble(repo, stored).await?)),
        None => Ok(None),
    }
}
