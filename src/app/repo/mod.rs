//! What the use cases need of a store, at the application layer's boundary: a
//! repository per aggregate (players, matches, tournaments; and what the audit
//! reads), each a trait of rows read and written inside a transaction the use case
//! opens and commits, and the error they fail with ([`StoreError`]). The store
//! implements them ([`crate::store::repo`]), for SQLite and PostgreSQL alike.

mod audit;
mod error;
mod matches;
mod players;
mod tournaments;

pub use audit::{
    AuditRepo, ByeRecord, EntryRecord, HandRecord, MatchCreated, NameKeyRecord, TournamentAuditRow,
    TournamentMatchRecord, UnreadableTime,
};
pub use error::{MAX_BUSY_TIMEOUT_MS, Result, StoreError};
pub use matches::MatchRepo;
pub use players::PlayerRepo;
pub use tournaments::TournamentRepo;
