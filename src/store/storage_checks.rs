//! The store's checks of its own storage, for the audit (`goobalay verify`, whose
//! judging of the records is the application layer's, `app::verify`): what can be
//! wrong with the database as a store whatever the records say. Each returns the
//! differences it finds in words, for the audit's report.
//!
//! - [`database`]: SQLite's own `integrity_check` and `foreign_key_check` (PostgreSQL
//!   keeps its pages checked and its foreign keys enforced itself; an SQLite file can
//!   be damaged or edited by any program), then the schema against the one the
//!   applied migrations make (`store::sqlite::schema`), then the database identity.
//! - [`fixture_cache`]: a tournament's fixture cache that says it is current must
//!   hold what the match tables hold.

use sqlx::Row as _;
use sqlx::sqlite::SqliteConnection;

use super::Result;
use super::fixture_cache::{self as cache, CacheState};
use super::sql::{AsConn, Conn, query_scalar};
pub(crate) use crate::app::repo::StorageFindings;

/// The checks of the database as a store, on the audit's transaction: on SQLite its
/// file's integrity, its foreign keys and its schema (when the schema differs, the
/// schema's differences end the checks); then, on either backend, its identity (one
/// id of 32 hex digits, made by a migration).
pub(crate) async fn database(conn: &mut impl AsConn) -> Result<StorageFindings> {
    let mut found = StorageFindings::default();
    if let Conn::Sqlite(c) = conn.conn() {
        sqlite_checks(&mut *c, &mut found.differences).await?;
        let schema = super::sqlite::schema::schema_differences(c).await?;
        found.schema_differs = !schema.is_empty();
        found
            .differences
            .extend(schema.into_iter().map(|d| format!("schema: {d}")));
        if found.schema_differs {
            return Ok(found);
        }
    }
    let ids: Vec<String> = query_scalar("SELECT id FROM database_identity")
        .fetch_all(&mut *conn)
        .await?;
    let well_formed = |id: &String| id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit());
    if ids.len() != 1 || !ids.iter().all(well_formed) {
        found.differences.push(format!(
            "the database identity should be one id of 32 hex digits, {} stored",
            ids.len()
        ));
    }
    Ok(found)
}

async fn sqlite_checks(conn: &mut SqliteConnection, found: &mut Vec<String>) -> Result<()> {
    let integrity: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(&mut *conn)
        .await?;
    for line in integrity.into_iter().filter(|l| l != "ok") {
        found.push(format!("SQLite integrity check: {line}"));
    }
    let fk = sqlx::query("PRAGMA foreign_key_check")
        .fetch_all(&mut *conn)
        .await?;
    for r in fk {
        let table: String = r.try_get(0)?;
        let rowid: Option<i64> = r.try_get(1)?;
        let parent: String = r.try_get(2)?;
        found.push(format!(
            "a row of {table} (rowid {}) points at a missing row of {parent}",
            rowid.map_or("-".to_string(), |r| r.to_string())
        ));
    }
    Ok(())
}

/// Tournament `tid`'s fixture cache against the match tables (the triggers that mark
/// it stale were bypassed if a cache that says it is current differs); `match_form`
/// is the tournament's, as stored.
pub(crate) async fn fixture_cache(
    conn: &mut impl AsConn,
    tid: i64,
    match_form: &str,
) -> Result<Option<String>> {
    let Some(CacheState {
        revision,
        rows: Some(cached),
    }) = cache::read(&mut *conn, tid).await?
    else {
        return Ok(None);
    };
    let games_form = match_form.starts_with("games:");
    let tables = super::tournaments::load::fixture_rows_from_tables(conn, tid, games_form).await?;
    Ok((cached != tables).then(|| {
        format!(
            "the fixture cache (revision {revision}), which standings and exports read, \
             differs from the match records; the records are what counts"
        )
    }))
}
