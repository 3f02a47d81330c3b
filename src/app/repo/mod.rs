//! What the use cases need of a store, at the application layer's boundary: a
//! repository per aggregate (players, matches, tournaments; and what the audit
//! reads), each a trait of rows read and written inside a transaction the use case
//! opens and commits, and the error they fail with ([`StoreError`]). The store
//! implements them ([`crate::store::repo`]), for SQLite and PostgreSQL alike.

use std::future::Future;

use crate::app::records::{ChangeMarkers, TournamentRevision};

mod audit;
mod error;
mod matches;
mod players;
mod reports;
mod reviews;
mod tournaments;

pub(crate) use audit::{
    AuditRepo, ByeRecord, EntryRecord, HandRecord, MatchCreated, NameKeyRecord, PostponementRecord,
    StorageFindings, TournamentAuditRow, TournamentMatchRecord, UnreadableTime, VoidedMatch,
};
pub use error::{BackendError, FileChange, Result, StoreError};
pub(crate) use matches::MatchRepo;
pub(crate) use players::PlayerRepo;
pub(crate) use reports::ReportRepo;
pub(crate) use reviews::ReviewRepo;
pub(crate) use tournaments::TournamentRepo;

/// A transaction the repositories read and write on: what a use case opens
/// ([`Database::begin_write`], [`Database::begin_read`]), works on and commits, so
/// that one use case stores all of its effect or none (dropped uncommitted, it
/// rolls back).
pub trait Transaction:
    PlayerRepo + MatchRepo + TournamentRepo + AuditRepo + ReviewRepo + ReportRepo + Send
{
    /// Commits every write made in it.
    fn commit(self) -> impl Future<Output = Result<()>> + Send;
}

/// A store the use cases run on, as sqlx's `TodoRepo` example has it: the front end
/// opens one (SQLite or PostgreSQL, [`crate::store::Store`]) and hands it to the use
/// cases, which see only this trait and the repositories of its transactions.
pub trait Database: Sync {
    type Transaction: Transaction;

    /// A transaction that reads, then writes what the reads decided: one writer at
    /// a time, waiting up to the busy timeout for another ([`StoreError::Busy`]).
    fn begin_write(&self) -> impl Future<Output = Result<Self::Transaction>> + Send;

    /// A transaction that only reads one state of the database.
    fn begin_read(&self) -> impl Future<Output = Result<Self::Transaction>> + Send;

    /// Tournament `id`'s revision (`None`: no such tournament): one cheap read, out
    /// of any transaction, that says whether a document made earlier still stands.
    fn tournament_revision(
        &self,
        id: i64,
    ) -> impl Future<Output = Result<Option<TournamentRevision>>> + Send;

    /// What changed: one marker for everything, one per tournament.
    fn change_markers(&self) -> impl Future<Output = Result<ChangeMarkers>> + Send;
}
