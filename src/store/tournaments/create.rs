//! Creating a tournament: its row, with the name, rounds, match form and hand limit
//! checked before anything is written.

use super::load::find_tournament;
use super::{
    MAX_SWISS_ROUNDS, NewTournament, Result, TournamentRow, TournamentStoreError, corrupt,
};
use crate::engine::Side;
use crate::matches::MatchSpec;
use crate::store::sql::{AsConn, query, query_scalar};
use crate::store::{Store, name_key};
use crate::tournament::{Format, PairingSystem, RatingSystem};

/// Creates a tournament (see [`Store::create_tournament_rated`]) in a write
/// transaction the caller commits.
pub(in crate::store) async fn create_in(
    tx: &mut impl AsConn,
    new: &NewTournament,
    rating_system: RatingSystem,
) -> Result<TournamentRow> {
    let name = &crate::names::clean(&new.name, "a tournament name")?;
    if let Some(r) = new.rounds {
        if new.format != Format::Swiss {
            return Err(TournamentStoreError::RoundsNotSwiss(new.format));
        }
        if !(1..=MAX_SWISS_ROUNDS).contains(&r) {
            return Err(TournamentStoreError::RoundsOutOfRange(r));
        }
    }
    // Check the match form and hand limit now, not at the first pairing; the
    // limit stored is the one the matches get (RULES.md §3 point 11's default if
    // none is given).
    let spec = MatchSpec::new(&new.variant, new.form, new.max_hands, Side::South)?;
    let rules_json = serde_json::to_string(&new.variant.to_file())
        .map_err(|e| corrupt(format!("rules do not serialise: {e}")))?;
    let tiebreaks = new
        .tiebreaks
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(",");
    if find_tournament(&mut *tx, name).await?.is_some() {
        return Err(TournamentStoreError::Duplicate(name.to_string()));
    }
    let id = query_scalar::<i64>(
        "INSERT INTO tournaments (name, name_key, variant, rules, format, rounds, match_form,
             max_hands, points, tiebreaks, seed, status, created_at, pairing_system, rating_system)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12, $13, $14)
         RETURNING id",
    )
    .bind(name.as_str())
    .bind(name_key(name))
    .bind(&new.variant.name)
    .bind(rules_json)
    .bind(new.format.name())
    .bind(new.rounds.map(i64::from))
    .bind(new.form.name())
    .bind(spec.max_hands.map(i64::from))
    .bind(new.points.to_string())
    .bind((!tiebreaks.is_empty()).then_some(tiebreaks))
    .bind(new.seed as i64)
    .bind(crate::store::now())
    .bind(PairingSystem::CURRENT.name())
    .bind(rating_system.name())
    .fetch_one(&mut *tx)
    .await?;
    let row = query("SELECT * FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    TournamentRow::from_row(&row)
}

impl Store {
    pub async fn create_tournament(&self, new: &NewTournament) -> Result<TournamentRow> {
        self.create_tournament_rated(new, RatingSystem::Elo).await
    }

    /// Creates a tournament that seeds by, and shows, `rating_system` ratings of its
    /// variant.
    pub async fn create_tournament_rated(
        &self,
        new: &NewTournament,
        rating_system: RatingSystem,
    ) -> Result<TournamentRow> {
        let mut tx = self.begin_write().await?;
        let row = create_in(&mut tx, new, rating_system).await?;
        tx.commit().await?;
        Ok(row)
    }
}
