//! The SQLite side of the store: opening a database file (see `open` for what is
//! checked before anything may write), its migrations (`migrations/`, embedded), and
//! the checks of its file and schema that only SQLite has.
//!
//! Every connection runs with foreign keys on, the WAL journal and a busy timeout,
//! so several `goobalay` processes on one file wait for each other instead of failing.
//! Transactions that read and then write start with `BEGIN IMMEDIATE` (a deferred one
//! would fail with SQLITE_BUSY_SNAPSHOT under concurrency whatever the timeout).
//! Migrations run inside one `BEGIN IMMEDIATE` transaction, which serializes
//! processes that open a fresh database at the same moment (sqlx's own SQLite
//! migration lock does nothing).

#[cfg(test)]
pub(crate) mod memory;
pub(crate) mod open;
pub(crate) mod opened;
pub(crate) mod schema;

use std::path::Path;

use sqlx::Connection;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous,
};

use super::open_error::Result;
use super::{OpenError, Store, StoreError, busy_timeout};

pub(crate) static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!();

/// The newest schema version this build knows.
pub(crate) fn schema_version() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

impl Store {
    /// Opens (creating it and its folder if needed) the database at `path` and brings
    /// its schema up to date. Refuses a file that is not SQLite, an SQLite file of
    /// another program, and a database made by a newer goobalay.
    pub(crate) async fn open_file(path: &Path) -> Result<Store> {
        // Before anything is created: a refused setting leaves nothing behind.
        let timeout = busy_timeout()?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| OpenError::Folder {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let exists = open::check_regular_file(path)?;
        check_header(path)?;
        if exists && std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
            open::inspect(path, true).await?;
        }
        // A rollback-journal database becomes a WAL one after a command that wrote
        // (see `close`), so that a command refused before it writes leaves the
        // file as it was.
        let rollback = exists && open::is_rollback_journal(path);
        let mut options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .foreign_keys(true)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(timeout);
        if !rollback {
            options = options.journal_mode(SqliteJournalMode::Wal);
        }
        migrate(path, &options).await?;
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        Ok(Store::on_sqlite(
            pool,
            path,
            rollback.then(|| open::change_counter(path)).flatten(),
            timeout,
        ))
    }
}

pub(crate) fn check_header(path: &Path) -> Result<()> {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return Ok(()); // created on open
    };
    let mut header = [0u8; 16];
    let mut got = 0;
    while got < header.len() {
        match file.read(&mut header[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(_) => return Err(OpenError::NotSqlite(path.to_path_buf())),
        }
    }
    if got == 0 || (got == header.len() && header == *b"SQLite format 3\0") {
        Ok(())
    } else {
        Err(OpenError::NotSqlite(path.to_path_buf()))
    }
}

/// Applies pending migrations inside one `BEGIN IMMEDIATE` transaction; refuses a
/// database with a schema version this build does not know.
pub(crate) async fn migrate(path: &Path, options: &SqliteConnectOptions) -> Result<()> {
    let mut conn = SqliteConnection::connect_with(options)
        .await
        .map_err(|e| not_a_db(path, e))?;
    let result = async {
        if schema_state(path, &mut conn).await? {
            return Ok(());
        }
        let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
        // Another process may have migrated while we waited for the lock.
        if !schema_state(path, &mut tx).await? {
            let old_keys = !migration_applied(&mut tx, UNICODE_NAME_KEYS).await?;
            MIGRATOR.run(&mut *tx).await?;
            if old_keys {
                recompute_name_keys(&mut tx).await?;
            }
            open::record_identity(&mut tx).await?;
        }
        tx.commit().await?;
        Ok(())
    }
    .await;
    let _ = conn.close().await;
    result
}

/// `Ok(true)`: up to date; `Ok(false)`: migrations pending; errors for a newer or
/// foreign database.
pub(crate) async fn schema_state(path: &Path, conn: &mut SqliteConnection) -> Result<bool> {
    Ok(recorded_migrations(path, conn).await?.up_to_date())
}

/// What a database records of its migrations, read in two statements.
pub(crate) struct RecordedMigrations {
    /// Versions applied, in order (none without a migration table).
    pub applied: Vec<i64>,
    /// Whether it holds any table at all, SQLite's own included.
    pub has_tables: bool,
    /// Whether it holds a table other than SQLite's own.
    has_own_tables: bool,
}

impl RecordedMigrations {
    /// Every migration of this build is applied (a database with no table of its
    /// own has none).
    pub(crate) fn up_to_date(&self) -> bool {
        self.has_own_tables && MIGRATOR.iter().all(|m| self.applied.contains(&m.version))
    }
}

/// The migrations the database records; errors for a newer or foreign database.
pub(crate) async fn recorded_migrations(
    path: &Path,
    conn: &mut SqliteConnection,
) -> Result<RecordedMigrations> {
    let tables: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table'")
            .fetch_all(&mut *conn)
            .await
            .map_err(|e| not_a_db(path, e))?;
    // SQLite's own tables, as `name LIKE 'sqlite_%'` matches them.
    let sqlites_own = |name: &str| {
        name.chars().count() >= 7
            && name
                .get(..6)
                .is_some_and(|p| p.eq_ignore_ascii_case("sqlite"))
    };
    let has_tables = !tables.is_empty();
    let own: Vec<&String> = tables.iter().filter(|t| !sqlites_own(t)).collect();
    if !own.iter().any(|t| *t == "_sqlx_migrations") {
        if own.is_empty() {
            return Ok(RecordedMigrations {
                applied: Vec::new(),
                has_tables,
                has_own_tables: false,
            });
        }
        return Err(OpenError::Foreign(path.to_path_buf()));
    }
    let applied: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
            .fetch_all(&mut *conn)
            .await?;
    let known = schema_version();
    if let Some(&found) = applied.iter().find(|&&v| !MIGRATOR.version_exists(v)) {
        return Err(OpenError::NewerSchema {
            path: path.to_path_buf(),
            found: found.max(*applied.last().unwrap_or(&found)),
            known,
        });
    }
    Ok(RecordedMigrations {
        applied,
        has_tables,
        has_own_tables: true,
    })
}

/// The migration from which name keys are [`crate::names::key`] (before: lower case).
const UNICODE_NAME_KEYS: i64 = 20261201200000;

async fn migration_applied(conn: &mut SqliteConnection, version: i64) -> Result<bool, StoreError> {
    let has_table: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations')",
    )
    .fetch_one(&mut *conn)
    .await?;
    if !has_table {
        return Ok(false);
    }
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM _sqlx_migrations WHERE version = ?1 AND success)",
    )
    .bind(version)
    .fetch_one(&mut *conn)
    .await?)
}

/// Recomputes every player's and tournament's name key (see the migration
/// `20261201200000_unicode_name_keys.sql`). Rows are taken in id order: when two
/// stored names have one key, the older keeps it and the other's key becomes
/// "KEY #ID" (what [`crate::names::key`] gives for "NAME #ID"), so both stay unique
/// and can be found. Names are not changed.
async fn recompute_name_keys(conn: &mut SqliteConnection) -> Result<(), StoreError> {
    for table in ["players", "tournaments"] {
        let rows: Vec<(i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT id, name FROM {table} ORDER BY id"
        )))
        .fetch_all(&mut *conn)
        .await?;
        if rows.is_empty() {
            continue;
        }
        let mut taken = std::collections::HashSet::new();
        let mut keys = Vec::with_capacity(rows.len());
        for (id, name) in rows {
            let mut key = crate::names::key(&name);
            while taken.contains(&key) {
                key = crate::names::key(&format!("{key} #{id}"));
            }
            taken.insert(key.clone());
            keys.push((id, key));
        }
        // First every key on a value no name key can be (it starts with a control
        // character), so no new key meets an old one in the unique index.
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE {table} SET name_key = char(1) || id"
        )))
        .execute(&mut *conn)
        .await?;
        let json = serde_json::to_string(&keys)
            .map_err(|e| StoreError::Corrupt(format!("name keys: {e}")))?;
        let updated = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE {table} SET name_key = v.value->>1
             FROM jsonb_each(jsonb(?1)) AS v WHERE {table}.id = v.value->>0"
        )))
        .bind(json)
        .execute(&mut *conn)
        .await?;
        if updated.rows_affected() != keys.len() as u64 {
            return Err(StoreError::Corrupt(format!(
                "{table}: {} of {} name keys recomputed",
                updated.rows_affected(),
                keys.len()
            )));
        }
    }
    Ok(())
}

pub(crate) fn not_a_db(path: &Path, e: sqlx::Error) -> OpenError {
    if let sqlx::Error::Database(db) = &e
        && db.code().as_deref() == Some("26")
    {
        return OpenError::NotSqlite(path.to_path_buf());
    }
    e.into()
}
