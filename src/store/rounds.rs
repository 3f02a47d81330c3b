//! The records of the director's changes to a tournament's course: a round paired by
//! hand, the last round taken back, closings and reopenings (the changes themselves
//! are use cases of [`crate::app::tournaments`]). Each is one write transaction that
//! adds a record (`round_pairings`, `tournament_status_changes`);
//! nothing is overwritten. A tournament's records read together
//! ([`Store::tournament_record`]).
//!
//! Every round paired from schema version 5 on has a `round_pairings` row holding its
//! boards as paired, so `verify` can tell a round changed in the tables afterwards
//! from a round paired that way (and a manual round from a system one). A round taken
//! back keeps its row, with when and why: its matches had not started (nothing was
//! played or entered in them), so they are removed with nothing lost, and the row
//! says who was to play whom.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::Store;
use super::StoreError;
use super::sql::{AsConn, Row, query};
use super::tournaments::load::{FixtureSource, Parts, load, load_by_id, load_reading_cache};
use super::tournaments::status::status_changes;
use super::tournaments::{LoadedTournament, Result};

pub use super::tournaments::pair::{ManualRound, RecordedBoard};
pub use super::tournaments::status::{Reopened, StatusChange};

/// A pairing of a round as recorded (also one taken back).
#[derive(Clone, Debug, Serialize)]
pub struct RoundRecord {
    pub round: u32,
    /// "system" or "manual".
    pub method: String,
    pub reason: Option<String>,
    pub paired_at: DateTime<Utc>,
    pub boards: Vec<RecordedBoard>,
    pub unpaired_at: Option<DateTime<Utc>>,
    pub unpair_reason: Option<String>,
}

/// What `tournament unpair` did.
#[derive(Clone, Debug, Serialize)]
pub struct UnpairedRound {
    pub round: u32,
    pub boards: Vec<RecordedBoard>,
    /// Players withdrawn after the round was paired, now withdrawn as from the round
    /// before it (so they are not paired when it is paired again).
    pub withdrawals_moved: Vec<String>,
}

/// Every pairing recorded for tournament `tid` (also those taken back), in order.
pub(super) async fn round_records(conn: &mut impl AsConn, tid: i64) -> Result<Vec<RoundRecord>> {
    let rows = query(
        "SELECT round, method, reason, paired_at, boards, unpaired_at, unpair_reason
         FROM round_pairings WHERE tournament_id = $1 ORDER BY id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(round_record).collect()
}

fn round_record(r: &Row) -> Result<RoundRecord> {
    let boards: String = r.try_get("boards")?;
    Ok(RoundRecord {
        round: r.try_get::<i64>("round")? as u32,
        method: r.try_get("method")?,
        reason: r.try_get("reason")?,
        paired_at: r.try_get("paired_at")?,
        boards: serde_json::from_str(&boards)
            .map_err(|e| StoreError::CorruptTournament(format!("round record boards: {e}")))?,
        unpaired_at: r.try_get("unpaired_at")?,
        unpair_reason: r.try_get("unpair_reason")?,
    })
}

impl Store {
    /// How each round of a tournament was paired (also rounds taken back) and its
    /// closings and reopenings.
    pub async fn tournament_records(
        &self,
        name: &str,
    ) -> Result<(Vec<RoundRecord>, Vec<StatusChange>)> {
        let mut tx = self.begin_read().await?;
        let loaded = load(&mut tx, name).await?;
        let rounds = round_records(&mut tx, loaded.row.id).await?;
        let changes = status_changes(&mut tx, loaded.row.id).await?;
        Ok((rounds, changes))
    }
}

/// A tournament with its records, as `tournament show` and a page show it: read
/// in one transaction, so they agree with each other.
#[derive(Clone, Debug)]
pub struct TournamentRecord {
    pub loaded: LoadedTournament,
    /// How each round was paired (rounds taken back included).
    pub rounds: Vec<RoundRecord>,
    /// Closings and reopenings.
    pub status_changes: Vec<StatusChange>,
    pub corrections: Vec<super::corrections::Correction>,
}

/// Which tournament: by name (as typed, see [`Store::load_tournament`]) or by id.
#[derive(Clone, Copy, Debug)]
pub enum TournamentKey<'a> {
    Name(&'a str),
    Id(i64),
}

impl Store {
    /// The tournament and its records (`None`: no tournament with that id; an
    /// unknown name is an error, with a suggestion).
    pub async fn tournament_record(
        &self,
        key: TournamentKey<'_>,
    ) -> Result<Option<TournamentRecord>> {
        let mut tx = self.begin_read().await?;
        let (loaded, pending) = match key {
            TournamentKey::Name(name) => {
                load_reading_cache(&mut tx, name, FixtureSource::CacheIfCurrent, Parts::Whole)
                    .await?
            }
            TournamentKey::Id(id) => match load_by_id(&mut tx, id).await? {
                Some(l) => l,
                None => return Ok(None),
            },
        };
        self.note_fixture_rows(pending);
        let tid = loaded.row.id;
        Ok(Some(TournamentRecord {
            rounds: round_records(&mut tx, tid).await?,
            status_changes: status_changes(&mut tx, tid).await?,
            corrections: super::corrections::tournament_corrections(&mut tx, tid).await?,
            loaded,
        }))
    }

    /// Tournament `id` and its records with its revision, read in one transaction
    /// (so the record is exactly the one of that revision; `None`: no such tournament).
    pub async fn tournament_record_at(
        &self,
        id: i64,
    ) -> Result<Option<(super::changes::TournamentRevision, TournamentRecord)>> {
        let mut tx = self.begin_read().await?;
        let Some(revision) = super::changes::tournament_revision_in(&mut tx, id).await? else {
            return Ok(None);
        };
        let Some((loaded, pending)) = load_by_id(&mut tx, id).await? else {
            return Ok(None);
        };
        // The rows read from the tables (a stale cache) are kept once the reader is
        // done (`goobalay serve` keeps them at its next poll).
        self.note_fixture_rows(pending);
        let tid = loaded.row.id;
        Ok(Some((
            revision,
            TournamentRecord {
                rounds: round_records(&mut tx, tid).await?,
                status_changes: status_changes(&mut tx, tid).await?,
                corrections: super::corrections::tournament_corrections(&mut tx, tid).await?,
                loaded,
            },
        )))
    }
}
