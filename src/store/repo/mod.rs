//! Repositories: one trait per aggregate, the rows the application layer reads and
//! writes inside a transaction it opens ([`crate::store::Store::begin_write`],
//! [`crate::store::Store::begin_read`]) and commits, so one use case can join several writes
//! (a player and their starting rating) in one unit of work. As sqlx's `TodoRepo`
//! example has it, but over a transaction rather than a pool.
//!
//! A repository method reads or writes rows and nothing else: the rules (a name's
//! form, "did you mean", a retired player refused) belong to its callers.
//!
//! Players ([`PlayerRepo`]), matches ([`MatchRepo`](crate::app::repo::MatchRepo):
//! rows, hands, closings, corrections) and tournaments ([`TournamentRepo`]: their
//! rows, entries, byes and status, a round's matches and byes) are here, their rules
//! in the application layer ([`crate::app`]); so are the records as the audit reads
//! them ([`AuditRepo`](crate::app::repo::AuditRepo): column by column where a damaged
//! value is to be named, judged by the application layer's `app::verify`).
//! `tournament run`'s round writes (its engine matches, read untouched by the
//! application layer and written only at the revision read) run their SQL in the
//! store's own methods.
//!
//! One implementation serves both backends: the store writes one SQL text for SQLite
//! and PostgreSQL ([`crate::store::sql`]), and each statement picks its backend from the
//! connection ([`crate::store::sql::Conn`]), so it is implemented for every [`AsConn`](crate::store::sql::AsConn) (a
//! [`crate::store::sql::Tx`], a pooled connection, a borrowed one); an implementation per
//! backend would repeat the same statements.

/// How a new match is numbered on `backend`: the id column and value to insert, or
/// none where the database numbers it. SQLite numbers a row after the table's highest
/// id, so the id of a match taken back with its round (kept in `voided_matches`) would
/// be handed out again; there the store numbers after both tables' highest id.
/// PostgreSQL's identity never goes back. `offset`: the row's place in a multi-row
/// insert (an SQL expression, counted from 0).
pub(crate) fn new_match_id(backend: crate::store::sql::Backend, offset: &str) -> Option<String> {
    match backend {
        crate::store::sql::Backend::Sqlite => Some(format!(
            "(SELECT MAX((SELECT COALESCE(MAX(id), 0) FROM matches),
                         (SELECT COALESCE(MAX(id), 0) FROM voided_matches)) + 1 + {offset})"
        )),
        crate::store::sql::Backend::Postgres => None,
    }
}

mod audit;
mod matches;
mod players;
mod reports;
mod reviews;
mod tournaments;

pub(crate) use matches::FINISHED;
pub(crate) use players::PlayerRepo;
pub(crate) use tournaments::TournamentRepo;
