//! Looking at a database file before anything may write to it.
//!
//! SQLite trusts the files beside a database: a `-wal` file (write-ahead log) next to
//! `club.db` is applied to it and, when the last writer closes, copied into it, even
//! when the log was written for another database (a log names no database). So
//! every open first inspects the file, reading bytes and then through a connection
//! that cannot write:
//!
//! - the path must be a regular file (SQLite would block for ever on a FIFO);
//! - a non-empty log must belong to this database. From schema version 4 a
//!   database names itself in page 1 (`application_id` "GOOB" and, as
//!   `user_version`, 31 bits of the random id its migration made), and every
//!   transaction goobalay commits rewrites page 1, so the log holds a copy of it
//!   ([`stamp_transaction`]). The committed frames of the log are read as bytes
//!   ([`read_log`]); a copy of page 1 that names another database (or another
//!   program) refuses the log. A log with committed frames but no copy of page 1
//!   (another program's, or an older goobalay's) is accepted only if the database
//!   read through it passes SQLite's `quick_check`. Nothing is written before this;
//! - the schema must be the one the migrations make ([`super::schema`]), since any
//!   query on a damaged table may make sqlx's worker thread panic.
//!
//! Without a log (and without a rollback journal), the file alone holds everything,
//! so the inspection reads it `immutable`: nothing is created beside it, and a
//! refused command leaves the folder as it was.
//!
//! A command that only reads opens with [`Store::open_read_only`]: it never creates
//! a database, never changes the journal mode (a rollback-journal database stays
//! one) and writes nothing (`query_only`). It still opens the file read-write where
//! it can, because only a connection that may write deletes the `-wal` and `-shm`
//! files when it closes last; on a read-only folder or medium, where no log can
//! exist and nobody can write in WAL mode, it reads the file `immutable`. Its
//! inspection runs on that connection (`query_only` from its first statement),
//! once the log's bytes have been found to be this database's or absent: a
//! connection costs a parse of the whole schema. Only a log that names no database
//! is first read through a connection that cannot write.

use std::path::{Path, PathBuf};

use sqlx::pool::PoolConnection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqlitePoolOptions};
use sqlx::{Connection, Sqlite};

use super::{check_header, not_a_db, recorded_migrations};
use crate::store::open_error::Result;
use crate::store::{DEFAULT_BUSY_TIMEOUT, OpenError, Store, StoreError, busy_timeout};

/// `club.db` + `-wal` etc.: the files SQLite keeps beside a database.
pub(crate) fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// `Ok(true)`: a regular file is there; `Ok(false)`: nothing is. Anything else (a
/// folder, FIFO, device, socket) is refused before anyone opens it.
pub(crate) fn check_regular_file(path: &Path) -> Result<bool> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(true),
        Ok(_) => Err(OpenError::NotAFile(path.to_path_buf())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(OpenError::Unreadable(path.to_path_buf(), e)),
    }
}

/// Is the file an SQLite database in rollback-journal mode (header bytes 18 and
/// 19, the read and write versions: 1 rollback journal, 2 WAL)?
pub(crate) fn is_rollback_journal(path: &Path) -> bool {
    use std::io::Read;
    let mut header = [0u8; 20];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok()
        && header[18..20] == [1, 1]
}

/// The file change counter (header bytes 24 to 27), which every commit in
/// rollback-journal mode raises.
pub(crate) fn change_counter(path: &Path) -> Option<u32> {
    use std::io::Read;
    let mut header = [0u8; 28];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .ok()?;
    Some(u32::from_be_bytes(header[24..28].try_into().ok()?))
}

/// If a write-ahead log is left beside the database at `path` once a store's
/// connections are closed, opens one more connection, reads through the log and
/// closes it: if no other connection has the database open, SQLite folds the log into
/// the file and deletes it as this one closes; if another has (another process, a
/// server), it is that one's last close that folds it. Only ever a fold SQLite makes
/// itself.
pub(crate) async fn close_last_again(path: &Path, busy: std::time::Duration) {
    if !std::fs::metadata(sidecar(path, "-wal")).is_ok_and(|m| m.len() > 0) {
        return;
    }
    let options = SqliteConnectOptions::new()
        .filename(path)
        .busy_timeout(busy);
    if let Ok(mut conn) = SqliteConnection::connect_with(&options).await {
        let _ = sqlx::query("SELECT count(*) FROM sqlite_master")
            .execute(&mut conn)
            .await;
        let _ = conn.close().await;
    }
}

/// Switches a rollback-journal database to WAL, which lets readers and a writer
/// work at once. Best effort: it needs the database to itself for a moment, and
/// the next command that writes tries again.
pub(crate) async fn switch_to_wal(pool: &sqlx::SqlitePool) {
    if let Ok(mut conn) = pool.acquire().await {
        let _ = sqlx::query("PRAGMA journal_mode = WAL")
            .execute(&mut *conn)
            .await;
    }
}

fn exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// What the inspection found.
pub(crate) struct Inspection {
    /// Migrations are pending (or the file holds no schema yet).
    pub pending: bool,
}

/// Options that can never write the database: read-only, and `immutable` (the file
/// alone, no log, no locks, nothing created beside it) when asked.
fn read_only_options(path: &Path, immutable: bool) -> SqliteConnectOptions {
    SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .immutable(immutable)
        .busy_timeout(busy_timeout().unwrap_or(DEFAULT_BUSY_TIMEOUT))
}

async fn connect(path: &Path, options: &SqliteConnectOptions) -> Result<SqliteConnection> {
    let mut conn = SqliteConnection::connect_with(options)
        .await
        .map_err(|e| not_a_db(path, e))?;
    // Opening is lazy: the first read opens the log and checks the header.
    let probe = sqlx::query_scalar::<_, i64>("SELECT count(*) FROM sqlite_master")
        .fetch_one(&mut conn)
        .await;
    match probe {
        Ok(_) => Ok(conn),
        Err(e) => {
            let _ = conn.close().await;
            Err(not_a_db(path, e))
        }
    }
}

/// A pool of two connections for a command that reads, and its first connection,
/// open and the file read through it (opening is lazy: the first read opens the
/// log), held for the inspection that follows.
async fn reading_pool(
    path: &Path,
    options: SqliteConnectOptions,
) -> Result<(sqlx::SqlitePool, PoolConnection<Sqlite>)> {
    let pool = SqlitePoolOptions::new()
        .max_connections(2)
        // A file on this machine does not drop connections: pinging one before each
        // use would cost a round trip to its thread, and no more.
        .test_before_acquire(false)
        .connect_with(options)
        .await
        .map_err(|e| not_a_db(path, e))?;
    let probed = match pool.acquire().await {
        Ok(mut conn) => sqlx::query_scalar::<_, i64>("SELECT count(*) FROM sqlite_master")
            .fetch_one(&mut *conn)
            .await
            .map(|_| conn),
        Err(e) => Err(e),
    };
    match probed {
        Ok(conn) => Ok((pool, conn)),
        Err(e) => {
            pool.close().await;
            Err(not_a_db(path, e))
        }
    }
}

/// Inspects an existing, non-empty database file read-only (see the module docs).
/// With `check_schema`, a schema other than the migrations' is refused.
pub(crate) async fn inspect(path: &Path, check_schema: bool) -> Result<Inspection> {
    let wal = sidecar(path, "-wal");
    let file_alone = !exists(&wal) && !exists(&sidecar(path, "-journal"));
    let log = log_check(path)?;
    let foreign = || OpenError::ForeignLog(wal.clone());
    let mut conn = match connect(path, &read_only_options(path, file_alone)).await {
        Ok(c) => c,
        Err(_) if log == LogCheck::Unnamed => return Err(foreign()),
        Err(e) => return Err(e),
    };
    let result = async {
        if log == LogCheck::Unnamed {
            let check: Vec<String> = sqlx::query_scalar("PRAGMA quick_check")
                .fetch_all(&mut conn)
                .await
                .unwrap_or_default();
            if check != ["ok"] {
                return Err(foreign());
            }
        }
        inspect_schema(path, &mut conn, check_schema).await
    }
    .await;
    let _ = conn.close().await;
    result
}

/// The log's bytes checked ([`check_log`]) if there is a non-empty log.
fn log_check(path: &Path) -> Result<LogCheck> {
    let wal_len = std::fs::metadata(sidecar(path, "-wal")).map_or(0, |m| m.len());
    if wal_len > 0 {
        check_log(path)
    } else {
        Ok(LogCheck::Fine)
    }
}

/// The schema part of the inspection, on a connection that has read the file.
async fn inspect_schema(
    path: &Path,
    conn: &mut SqliteConnection,
    check_schema: bool,
) -> Result<Inspection> {
    let recorded = recorded_migrations(path, conn).await?;
    if recorded.has_tables && check_schema {
        let differences = super::schema::schema_differences_from(conn, &recorded.applied).await?;
        if let Some(first) = differences.first() {
            return Err(OpenError::DamagedSchema {
                first: first.clone(),
                more: differences.len() - 1,
            });
        }
    }
    Ok(Inspection {
        pending: !recorded.up_to_date(),
    })
}

/// `PRAGMA application_id` of a goobalay database (set by schema version 4):
/// "GOOB" in ASCII.
pub(crate) const APPLICATION_ID: u32 = u32::from_be_bytes(*b"GOOB");

/// Marks the transaction's commit with the database's identity: setting the
/// application id (to the value it has) rewrites page 1, which holds the identity
/// (`user_version`), so every transaction goobalay commits puts a copy of page 1 in
/// the log; [`check_log`] compares those copies with the file's page 1. Run first in
/// every write transaction.
pub(crate) async fn stamp_transaction(conn: &mut SqliteConnection) -> Result<(), StoreError> {
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "PRAGMA application_id = {APPLICATION_ID}"
    )))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Gives a database migrated to schema version 4 its identity in page 1: the
/// application id and, as `user_version`, 31 bits of the random id the migration
/// made (never 0, which means no identity).
pub(crate) async fn record_identity(conn: &mut SqliteConnection) -> Result<(), StoreError> {
    let id: Option<String> = sqlx::query_scalar("SELECT id FROM database_identity")
        .fetch_optional(&mut *conn)
        .await?;
    let Some(stamp) = id
        .as_deref()
        .and_then(|id| id.get(..8))
        .and_then(|h| u32::from_str_radix(h, 16).ok())
    else {
        return Err(StoreError::Corrupt(
            "the database identity is missing".to_string(),
        ));
    };
    let stamp = (stamp & 0x7fff_ffff) | 1;
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {stamp}"
    )))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Page 1's identity: (application id, user version), big-endian at 68 and 60.
fn identity_of_page_one(page: &[u8]) -> Option<(u32, u32)> {
    let word = |at: usize| Some(u32::from_be_bytes(page.get(at..at + 4)?.try_into().ok()?));
    Some((word(68)?, word(60)?))
}

/// What a write-ahead log holds, as SQLite reads it: the page numbers and page-1
/// images of its committed frames (frames whose salts are the header's and whose
/// running checksum holds, up to the last commit frame; see "The WAL File Format"
/// in <https://www.sqlite.org/fileformat2.html>).
struct CommittedLog {
    frames: usize,
    page_one: Vec<(u32, u32)>,
}

fn read_log(bytes: &[u8]) -> Option<CommittedLog> {
    let be = |b: &[u8], at: usize| u32::from_be_bytes(b[at..at + 4].try_into().unwrap());
    if bytes.len() < 32 {
        return None;
    }
    let magic = be(bytes, 0);
    if magic & !1 != 0x377f_0682 {
        return None;
    }
    let big_endian = magic & 1 == 1;
    let page_size = be(bytes, 8) as usize;
    if !(512..=65536).contains(&page_size) || !page_size.is_power_of_two() {
        return None;
    }
    let checksum = |mut s: (u32, u32), data: &[u8]| {
        for pair in data.chunks_exact(8) {
            let word = |b: &[u8]| {
                let b: [u8; 4] = b.try_into().unwrap();
                if big_endian {
                    u32::from_be_bytes(b)
                } else {
                    u32::from_le_bytes(b)
                }
            };
            s.0 = s.0.wrapping_add(word(&pair[..4])).wrapping_add(s.1);
            s.1 = s.1.wrapping_add(word(&pair[4..])).wrapping_add(s.0);
        }
        s
    };
    let mut sum = checksum((0, 0), &bytes[..24]);
    if sum != (be(bytes, 24), be(bytes, 28)) {
        return None;
    }
    let salts = (be(bytes, 16), be(bytes, 20));
    let mut log = CommittedLog {
        frames: 0,
        page_one: Vec::new(),
    };
    let (mut pending_frames, mut pending_page_one) = (0, Vec::new());
    for frame in bytes[32..].chunks_exact(24 + page_size) {
        if (be(frame, 8), be(frame, 12)) != salts {
            break;
        }
        sum = checksum(checksum(sum, &frame[..8]), &frame[24..]);
        if sum != (be(frame, 16), be(frame, 20)) {
            break;
        }
        pending_frames += 1;
        if be(frame, 0) == 1 {
            pending_page_one.extend(identity_of_page_one(&frame[24..]));
        }
        if be(frame, 4) != 0 {
            log.frames += pending_frames;
            log.page_one.append(&mut pending_page_one);
            pending_frames = 0;
        }
    }
    Some(log)
}

/// Refuses a log that is not this database's, reading only bytes (see the module
/// docs). The file's page 1 names the database (application id and
/// `user_version`, from schema version 4 on); every transaction goobalay commits
/// copies page 1 into the log ([`stamp_transaction`]), so each copy must name the
/// same database. A log with committed frames but no copy of page 1 was written by
/// another program (or an older goobalay): [`LogCheck::Unnamed`].
fn check_log(path: &Path) -> Result<LogCheck> {
    use std::io::Read;
    let wal = sidecar(path, "-wal");
    let Ok(bytes) = std::fs::read(&wal) else {
        return Ok(LogCheck::Fine);
    };
    let Some(log) = read_log(&bytes) else {
        return Ok(LogCheck::Fine); // SQLite ignores a log without a valid header
    };
    let mut header = [0u8; 100];
    let stamped = std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .ok()
        .and_then(|()| identity_of_page_one(&header))
        .filter(|&(app, stamp)| app == APPLICATION_ID && stamp != 0);
    let Some(identity) = stamped else {
        // A database from before schema version 4 (or one being created): nothing
        // names it yet.
        return Ok(LogCheck::Fine);
    };
    if log.page_one.iter().any(|&copy| copy != identity) {
        return Err(OpenError::ForeignLog(wal));
    }
    if log.frames > 0 && log.page_one.is_empty() {
        return Ok(LogCheck::Unnamed);
    }
    Ok(LogCheck::Fine)
}

/// What [`check_log`] found.
#[derive(PartialEq, Eq)]
enum LogCheck {
    /// No log, an empty one, or one whose every copy of page 1 names this database.
    Fine,
    /// Committed frames but no copy of page 1: accepted only if the database read
    /// through the log passes SQLite's `quick_check`.
    Unnamed,
}

/// How a user who may read the database but not write it (another user's club
/// file) reads it without leaving a file behind. SQLite would make the `-wal` and
/// `-shm` files of a WAL database for any reader that can write the folder, owned
/// by that reader and closed to the owner, whose next write then fails with
/// "attempt to write a readonly database"; and only a connection that may write
/// removes them when it closes. So such a reader never makes them:
///
/// - the log and shared memory are there (a writer has the database open, or left
///   them): it reads through them, read-only (`mode=ro`), as SQLite reads a WAL
///   database it cannot write;
/// - neither is there (a rollback-journal database, or a WAL database nobody has
///   open): the file alone holds every committed change, and it reads it
///   `immutable` (no log, no locks, nothing created);
/// - a log without its shared memory (a writer killed, its log not yet folded in):
///   reading it would make the shared memory, and reading the file alone would miss
///   the log's changes, so the read is refused until a user who may write opens it.
#[derive(Clone, Copy)]
enum OtherUsersRead {
    ThroughTheLog,
    FileAlone,
    LogWithoutSharedMemory,
}

impl OtherUsersRead {
    /// `None` when this process may write the file (its owner, or root, for whom
    /// SQLite gives the files it makes the database's owner).
    fn of(path: &Path) -> Option<OtherUsersRead> {
        if std::fs::OpenOptions::new().write(true).open(path).is_ok() {
            return None;
        }
        let (wal, shm) = (
            exists(&sidecar(path, "-wal")),
            exists(&sidecar(path, "-shm")),
        );
        Some(match (wal, shm) {
            (true, true) => OtherUsersRead::ThroughTheLog,
            (false, _) => OtherUsersRead::FileAlone,
            (true, false) => OtherUsersRead::LogWithoutSharedMemory,
        })
    }

    fn options(self, path: &Path) -> Result<SqliteConnectOptions> {
        match self {
            OtherUsersRead::ThroughTheLog => Ok(read_only_options(path, false).foreign_keys(true)),
            OtherUsersRead::FileAlone => Ok(read_only_options(path, true).foreign_keys(true)),
            OtherUsersRead::LogWithoutSharedMemory => Err(OpenError::Unreadable(
                path.to_path_buf(),
                std::io::Error::other(format!(
                    "its log {} holds changes that only a user who may write the database can fold in (a writer stopped before it did); nothing was read",
                    sidecar(path, "-wal").display()
                )),
            )),
        }
    }
}

impl Store {
    /// Opens an existing database for a command that only reads (see the module
    /// docs): refuses a missing file rather than creating one. A database whose
    /// schema is older than this build's is brought up to date first (that writes).
    pub(crate) async fn open_file_read_only(path: &Path) -> Result<Store> {
        Store::open_reading(path, true).await
    }

    /// Like [`Store::open_read_only`], but a schema that differs from the
    /// migrations' is opened too, for the audit (`app::verify`) to list the differences.
    pub(crate) async fn open_file_for_audit(path: &Path) -> Result<Store> {
        Store::open_reading(path, false).await
    }

    async fn open_reading(path: &Path, check_schema: bool) -> Result<Store> {
        if !check_regular_file(path)? {
            return Err(OpenError::Missing(path.to_path_buf()));
        }
        check_header(path)?;
        if std::fs::metadata(path).map_or(0, |m| m.len()) == 0 {
            return Err(OpenError::Missing(path.to_path_buf()));
        }
        // A log whose bytes name this database (or no log) is one SQLite may read
        // and, when the last connection closes, copy into the file: the inspection
        // then runs on the pool's first connection, since opening one parses the
        // whole schema, the larger part of a small command's cost. A log that names
        // no database is first read through a connection that cannot write.
        if log_check(path)? == LogCheck::Unnamed && inspect(path, check_schema).await?.pending {
            return Store::open_file(path).await;
        }
        let writable = SqliteConnectOptions::new()
            .filename(path)
            .foreign_keys(true)
            .pragma("query_only", "ON")
            .busy_timeout(busy_timeout()?);
        let options = match OtherUsersRead::of(path) {
            None => writable,
            Some(read) => read.options(path)?,
        };
        // The pool's first connection is the probe: no separate one is opened to try
        // the options first.
        let (pool, mut conn) = match reading_pool(path, options).await {
            Ok(opened) => opened,
            // A read-only folder or medium: no log can be made, so none exists and
            // nobody can write in WAL mode; the file alone is the database.
            Err(OpenError::Store(e))
                if crate::store::failed_sqlite_code(&e)
                    .is_some_and(|c| c & 0xff == 8 || c & 0xff == 14)
                    && !exists(&sidecar(path, "-wal")) =>
            {
                reading_pool(path, read_only_options(path, true).foreign_keys(true)).await?
            }
            Err(e) => return Err(e),
        };
        let inspection = inspect_schema(path, &mut conn, check_schema).await;
        // Back in the pool before the command's first query, which would otherwise
        // open (and parse the schema on) a second connection while a dropped one is
        // still on its way back.
        conn.return_to_pool().await;
        match inspection {
            Ok(Inspection { pending: false }) => {}
            Ok(Inspection { pending: true }) => {
                pool.close().await;
                return Store::open_file(path).await;
            }
            Err(e) => {
                pool.close().await;
                return Err(e);
            }
        }
        Ok(Store::on_sqlite(pool, path, None, busy_timeout()?).keeping_no_caches())
    }
}
