//! Repositories: one trait per aggregate, the rows the application layer reads and
//! writes inside a transaction it opens ([`crate::store::Store::begin_write`],
//! [`crate::store::Store::begin_read`]) and commits, so one use case can join several writes
//! (a player and their starting rating) in one unit of work. As sqlx's `TodoRepo`
//! example has it, but over a transaction rather than a pool.
//!
//! A repository method reads or writes rows and nothing else: the rules (a name's
//! form, "did you mean", a retired player refused) belong to its callers.
//!
//! Players ([`PlayerRepo`]), matches ([`MatchRepo`]: rows, hands, closings,
//! corrections) and tournaments ([`TournamentRepo`]: their rows, entries, byes and
//! status, a round's matches and byes) are here, their rules in the application layer
//! ([`crate::app`]); so are the records as the audit reads them ([`AuditRepo`]:
//! column by column where a damaged value is to be named, judged by the application
//! layer's `app::verify`). `tournament run`'s round writes (its engine matches,
//! checked untouched) still run their SQL in the store's own methods.
//!
//! One implementation serves both backends: the store writes one SQL text for SQLite
//! and PostgreSQL ([`crate::store::sql`]), and each statement picks its backend from the
//! connection ([`crate::store::sql::Conn`]), so it is implemented for every [`AsConn`](crate::store::sql::AsConn) (a
//! [`crate::store::sql::Tx`], a pooled connection, a borrowed one); an implementation per
//! backend would repeat the same statements.

mod audit;
mod matches;
mod players;
mod reviews;
mod tournaments;

pub use audit::{
    AuditRepo, ByeRecord, EntryRecord, HandRecord, MatchCreated, NameKeyRecord, TournamentAuditRow,
    TournamentMatchRecord, UnreadableTime,
};
pub use matches::{MatchInsert, MatchQuery, MatchRepo};
pub use players::{PlayerRepo, StartingRatingRecord};
pub use reviews::ReviewRepo;
pub use tournaments::{ByeReason, RoundMatch, TournamentRepo};
