//! Opening the store for a command: the database path, a current-thread tokio
//! runtime, and closing the store (checkpointing the WAL) whatever the outcome.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use goobalay::store::{Store, default_db_path};

/// Runs `f` with the store at `db` (or the default path).
pub fn with_store<T>(
    db: Option<PathBuf>,
    f: impl AsyncFnOnce(&Store) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let path = db.unwrap_or_else(default_db_path);
        if is_server(&path) {
            return with_existing_store(&path, f).await;
        }
        if std::fs::symlink_metadata(&path).is_err() || is_empty_file(&path) {
            return with_new_store(&path, f).await;
        }
        with_existing_store(&path, f).await
    })
}

/// A `postgres://` URL rather than a file (the server keeps the database).
fn is_server(db: &Path) -> bool {
    goobalay::store::server_url(db).is_some()
}

async fn with_existing_store<T>(
    path: &Path,
    f: impl AsyncFnOnce(&Store) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let store = Store::open(path)
        .await
        .with_context(|| format!("cannot open database {}", shown(path)))?;
    let result = f(&store).await;
    if result.is_ok() {
        store.close_after_success().await;
    } else {
        store.close().await;
    }
    result
}

/// Takes the folder's advisory lock (`flock`), which goobalay processes making a
/// database in it hold, waiting up to the busy timeout; `None` where folders cannot
/// be locked.
async fn lock_folder(dir: &Path) -> anyhow::Result<Option<std::fs::File>> {
    let Ok(folder) = std::fs::File::open(dir) else {
        return Ok(None);
    };
    let timeout = goobalay::store::busy_timeout()?;
    let deadline = std::time::Instant::now() + timeout;
    loop {
        match folder.try_lock() {
            Ok(()) => return Ok(Some(folder)),
            Err(std::fs::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(goobalay::store::StoreError::Busy(timeout.as_millis()).into());
            }
            Err(std::fs::TryLockError::Error(_)) => return Ok(None),
        }
    }
}

/// A command that writes, on a database that does not exist yet: the database is
/// made under a temporary name in the same folder and takes its name only when the
/// command succeeds (without replacing a database another process made meanwhile),
/// so a refused command leaves no database behind. Meanwhile the folder is locked:
/// another goobalay process making the same database waits, then uses the one made.
async fn with_new_store<T>(
    path: &Path,
    f: impl AsyncFnOnce(&Store) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    // The folders this command makes, removed again (when empty) if it fails.
    let made: Vec<PathBuf> = dir
        .ancestors()
        .take_while(|d| !d.as_os_str().is_empty() && std::fs::symlink_metadata(d).is_err())
        .map(Path::to_path_buf)
        .collect();
    let result = with_new_store_in(path, dir, f).await;
    if result.is_err() {
        for folder in &made {
            let _ = std::fs::remove_dir(folder);
        }
    }
    result
}

async fn with_new_store_in<T>(
    path: &Path,
    dir: &Path,
    f: impl AsyncFnOnce(&Store) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let cannot = || format!("cannot open database {}", path.display());
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the database folder {}", dir.display()))
        .with_context(cannot)?;
    let folder_lock = lock_folder(dir).await.with_context(cannot)?;
    if std::fs::symlink_metadata(path).is_ok() && !is_empty_file(path) {
        drop(folder_lock);
        return with_existing_store(path, f).await;
    }
    if folder_lock.is_some() {
        remove_left_new_databases(dir);
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(NEW_PREFIX).suffix(".db");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As a plain create would make it (the umask still applies).
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let temp = builder
        .tempfile_in(dir)
        .with_context(cannot)?
        .into_temp_path();
    let store = Store::open(&temp).await.with_context(cannot)?;
    let result = f(&store).await;
    if result.is_ok() {
        store.close_after_success().await;
    } else {
        store.close().await;
    }
    // A closed pipe stops the printing, not what was stored before it: the new
    // database is kept, then the error ends the command quietly.
    let (value, output_error) = match result {
        Ok(v) => (Some(v), None),
        Err(e) if crate::out::is_broken_pipe(&e) => (None, Some(e)),
        Err(e) => return Err(e),
    };
    let mut wal = temp.as_os_str().to_owned();
    wal.push("-wal");
    if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        anyhow::bail!(
            "{}: the new database's log was not written into it; nothing was kept, try again",
            cannot()
        );
    }
    let persisted = if is_empty_file(path) {
        // An empty file made for the database (`touch club.db`, with the
        // permissions it should have): the new database takes its place and its
        // permissions.
        if let Ok(meta) = std::fs::metadata(path) {
            let _ = std::fs::set_permissions(&temp, meta.permissions());
        }
        temp.persist(path)
    } else {
        temp.persist_noclobber(path)
    };
    persisted.map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!(
                "another process created the database {} meanwhile; this command's changes were not kept, run it again",
                path.display()
            )
        } else {
            anyhow::Error::new(e.error).context(cannot())
        }
    })?;
    // On stderr, so that a mistyped --db is noticed without spoiling the output.
    let _ = writeln!(
        std::io::stderr(),
        "created a new database at {}",
        shown(path)
    );
    match (value, output_error) {
        (Some(v), _) => Ok(v),
        (None, Some(e)) => Err(e),
        (None, None) => unreachable!("a value or an output error"),
    }
}

/// An empty regular file with no log or journal beside it: no database yet. A
/// command that writes makes the database as it would at a missing path, so that a
/// refused command leaves the file empty (opened in place, SQLite would give it its
/// tables before the command was refused).
fn is_empty_file(path: &Path) -> bool {
    let beside = |suffix: &str| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        std::fs::symlink_metadata(PathBuf::from(name)).is_ok()
    };
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0)
        && !beside("-wal")
        && !beside("-journal")
}

/// How a database being made is named until the command that makes it succeeds.
const NEW_PREFIX: &str = ".goobalay-new-";

/// Removes what a killed command left of a database it was making (the file, its
/// log, shared memory, journal). Called with the folder's lock held: every goobalay
/// process making a database in the folder holds that lock, so none of these files
/// is in use.
fn remove_left_new_databases(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let base = ["-wal", "-shm", "-journal"]
            .iter()
            .find_map(|e| name.strip_suffix(e))
            .unwrap_or(name);
        if base.starts_with(NEW_PREFIX)
            && base.ends_with(".db")
            && entry.file_type().is_ok_and(|t| t.is_file())
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The database a command uses: `--db` (or `GOOBALAY_DB`), else the default path.
pub fn db_path(db: Option<PathBuf>) -> PathBuf {
    db.unwrap_or_else(default_db_path)
}

/// Runs `f`, which only reads, with the store at `db` opened read-only
/// ([`Store::open_read_only`]: a missing database is refused, not created).
pub fn with_store_read<T>(
    db: Option<PathBuf>,
    f: impl AsyncFnOnce(&Store) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    with_store_reading(db, false, f)
}

/// Like [`with_store_read`] for `goobalay verify`, which opens a database whose
/// schema differs from goobalay's too, to list the differences.
pub fn with_store_audit<T>(
    db: Option<PathBuf>,
    f: impl AsyncFnOnce(&Store) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    with_store_reading(db, true, f)
}

fn with_store_reading<T>(
    db: Option<PathBuf>,
    audit: bool,
    f: impl AsyncFnOnce(&Store) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let path = db_path(db);
        let opened = if audit {
            Store::open_for_audit(&path).await
        } else {
            Store::open_read_only(&path).await
        };
        let store = opened.with_context(|| format!("cannot open database {}", shown(&path)))?;
        let result = f(&store).await;
        if result.is_ok() {
            store.close_after_success().await;
        } else {
            store.close().await;
        }
        result
    })
}

/// The database as messages name it: the file, or the URL without its password.
pub fn shown(db: &Path) -> String {
    match goobalay::store::server_url(db) {
        Some(url) => goobalay::store::redacted(url),
        None => db.display().to_string(),
    }
}

/// Prints a value as pretty JSON with a final newline.
pub fn print_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    let mut out = crate::out::stdout();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// A UTC time shown in local time.
pub fn local(t: chrono::DateTime<chrono::Utc>) -> String {
    t.with_timezone(&chrono::Local)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

/// Writes `rows` as CSV: a header line of the table's column names, then a line a row.
pub fn write_csv<T: tabled::Tabled>(
    out: &mut impl std::io::Write,
    rows: &[T],
) -> std::io::Result<()> {
    let mut w = goobalay::tournament::CsvWriter::new(T::headers());
    for row in rows {
        w.row(row.fields());
    }
    write!(out, "{}", w.finish())
}
