//! Loading a tournament: its rows as stored
//! ([`crate::app::repo::TournamentRepo::stored_tournament`]), its fixtures and boards
//! made from them ([`super::fixtures`]), an entrant not yet seeded shown with the
//! rating the tournament seeds by now ([`crate::app::ratings::seeding_in`]) (a
//! knockout not yet paired: seeded as round 1 would seed it now), then through the
//! gate ([`crate::tournament::Tournament::new_checked`]).

use std::collections::HashMap;
use std::sync::Arc;

use super::fixtures::MatchFixtures;
use crate::app::records::{BoardRow, LoadedTournament, Parts, StoredTournament, TournamentRow};
use crate::app::repo::{AuditRepo, Database, MatchRepo, PlayerRepo, StoreError, TournamentRepo};
use crate::tournament::{Tournament, TournamentError, TournamentSetup};

type Result<T> = std::result::Result<T, StoreError>;

/// Repositories a tournament is loaded through (its rows, and the ratings an entrant
/// not yet seeded is shown with).
pub(crate) trait LoadRepo: TournamentRepo + PlayerRepo + MatchRepo {}

impl<R: TournamentRepo + PlayerRepo + MatchRepo> LoadRepo for R {}

/// The tournament of `stored`: its fixtures and boards made from its rows as the
/// repository hands them over, each entrant not yet seeded by a stored rating shown
/// with the one the tournament seeds by now, then checked.
pub(crate) async fn assemble(
    repo: &mut impl LoadRepo,
    stored: StoredTournament,
    parts: Parts,
) -> Result<LoadedTournament> {
    let StoredTournament {
        row,
        mut setup,
        engines,
        unrated,
    } = stored;
    let mut made = MatchFixtures::new(row.plays_games(), parts);
    repo.fixture_rows(&row, &mut made).await?;
    let (fixtures, boards) = made.made();
    setup.fixtures = fixtures;
    if !unrated.is_empty() {
        let seeding = crate::app::ratings::seeding_in(repo, row.id, &row.variant).await?;
        for e in setup
            .entrants
            .iter_mut()
            .filter(|e| unrated.contains(&e.id))
        {
            e.rating = seeding.rating(e.id);
        }
        // A knockout's bracket before round 1 is the one round 1 would pair now.
        if setup.format.rules().eliminates && setup.fixtures.is_empty() {
            seeding.seed_round_one(&mut setup.entrants);
            crate::tournament::seeding::put_first(&mut setup.entrants, &setup.seeded_by_hand);
        }
    }
    Ok(through_gate(row, setup, boards, engines)?)
}

/// Tournament `name` read from the tables ([`AuditRepo::tournament_tables`],
/// [`AuditRepo::fixture_rows_from_tables`]) with its fixtures and boards made from
/// its rows, entrants not yet seeded at Elo's initial rating (`verify`, which judges
/// the rounds, not the ratings shown), and whether it passes the gate
/// ([`Tournament::new_checked`]).
pub(crate) async fn from_tables(
    repo: &mut impl AuditRepo,
    name: &str,
) -> Result<std::result::Result<LoadedTournament, TournamentError>> {
    let StoredTournament {
        row,
        mut setup,
        engines,
        ..
    } = repo.tournament_tables(name).await?;
    let mut made = MatchFixtures::new(row.plays_games(), Parts::Whole);
    repo.fixture_rows_from_tables(&row, &mut made).await?;
    let (fixtures, boards) = made.made();
    setup.fixtures = fixtures;
    Ok(through_gate(row, setup, boards, engines))
}

/// The tournament of `setup` if it passes the gate ([`Tournament::new_checked`]).
fn through_gate(
    row: TournamentRow,
    setup: TournamentSetup,
    boards: Vec<BoardRow>,
    engines: HashMap<i64, Option<Arc<str>>>,
) -> std::result::Result<LoadedTournament, TournamentError> {
    Ok(LoadedTournament {
        tournament: Tournament::new_checked(setup)?,
        row,
        boards,
        engines,
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
    assemble(repo, stored, parts).await
}

/// Tournament `id` (`None`: no such tournament).
pub(crate) async fn load_by_id_in(
    repo: &mut impl LoadRepo,
    id: i64,
) -> Result<Option<LoadedTournament>> {
    match repo.stored_tournament_by_id(id).await? {
        Some(stored) => Ok(Some(assemble(repo, stored, Parts::Whole).await?)),
        None => Ok(None),
    }
}
