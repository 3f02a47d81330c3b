//! Why a database cannot be opened ([`OpenError`]): the file, its format, the
//! server's URL, the schema, the settings, before any repository runs on it.

use std::path::PathBuf;

use thiserror::Error;

use crate::app::repo::{BackendError, StoreError};
use crate::hint::{Hint, Refusal, Wording};
use crate::names::excerpt;

/// A database that cannot be opened as asked (`Store::open` and its kin), or taken
/// whole (`db copy` into a database that holds records already). What a repository
/// meets afterwards, in a transaction, is a [`StoreError`]; one met while opening
/// (a busy database, the backend failing) comes as [`OpenError::Store`].
#[derive(Debug, Error)]
pub enum OpenError {
    #[error("the file is not an SQLite database, so not a goobalay database")]
    NotSqlite(PathBuf),
    #[error(
        "the file is an SQLite database of another program (it has tables but no goobalay schema)"
    )]
    Foreign(PathBuf),
    #[error(
        "the database was made by a newer goobalay (schema version {found}; this goobalay knows up to {known}): use a newer goobalay"
    )]
    NewerSchema {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error(
        "GOOBALAY_BUSY_TIMEOUT_MS is '{}'; allowed: a whole number of milliseconds from 0 to {MAX_BUSY_TIMEOUT_MS}",
        excerpt(.0)
    )]
    BusyTimeout(String),
    #[error("not a regular file (a folder, FIFO, device or socket cannot be a database)")]
    NotAFile(PathBuf),
    #[error("cannot read it: {1}")]
    Unreadable(PathBuf, std::io::Error),
    #[error("no database at this path (a command that only reads never creates one)")]
    Missing(PathBuf),
    #[error(
        "it holds no goobalay database (no tables; a command that only reads never creates one)"
    )]
    EmptyServerDatabase,
    #[error(
        "its write-ahead log {} belongs to another database, so nothing was read or written; move that file away (it holds the other database's latest changes)", .0.display()
    )]
    ForeignLog(PathBuf),
    #[error(
        "the database schema is damaged: {first}{}",
        and_more(.more)
    )]
    DamagedSchema { first: String, more: usize },
    #[error(
        "the PostgreSQL database {0} belongs to another program (it has tables but no goobalay schema)"
    )]
    ForeignDatabase(String),
    #[error("{url} is not a usable PostgreSQL URL: {reason}")]
    BadUrl { url: String, reason: String },
    #[error(
        "the database to copy into is not empty ({table} holds {rows} rows): copy into an empty database"
    )]
    NotEmpty { table: String, rows: i64 },
    #[error("cannot create the database folder {path}")]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("database schema update failed: {0}")]
    SchemaUpdate(BackendError),
    /// What a repository could meet too, met while opening (busy, the backend failing).
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Longest busy timeout, in milliseconds: SQLite takes it as a C `int`.
pub const MAX_BUSY_TIMEOUT_MS: u64 = i32::MAX as u64;

pub(crate) type Result<T, E = OpenError> = std::result::Result<T, E>;

impl From<sqlx::Error> for OpenError {
    fn from(e: sqlx::Error) -> OpenError {
        OpenError::Store(e.into())
    }
}

impl From<sqlx::migrate::MigrateError> for OpenError {
    fn from(e: sqlx::migrate::MigrateError) -> OpenError {
        OpenError::SchemaUpdate(BackendError::new(e, false))
    }
}

impl OpenError {
    /// The database refused to write: the file (or its folder, for the log) is
    /// read-only to this process.
    pub fn is_read_only(&self) -> bool {
        matches!(self, OpenError::Store(e) if e.is_read_only())
    }
}

impl Refusal for OpenError {
    fn hint(&self) -> Option<Hint> {
        Some(match self {
            OpenError::Missing(_) | OpenError::EmptyServerDatabase => Hint::AddPlayerCreates,
            OpenError::DamagedSchema { .. } => Hint::Verify,
            OpenError::Store(e) => return e.hint(),
            _ => return None,
        })
    }
    fn worded(&self, wording: &dyn Wording) -> String {
        match self {
            // The step belongs to the parenthesis on why there is no database.
            OpenError::Missing(_) | OpenError::EmptyServerDatabase => {
                let text = self.to_string();
                let bare = text.strip_suffix(')').unwrap_or(&text);
                format!("{bare}{})", wording.hint(&Hint::AddPlayerCreates))
            }
            OpenError::Store(e) => e.worded(wording),
            _ => crate::hint::then_hint(self.to_string(), self.hint(), wording),
        }
    }
}

fn and_more(more: &usize) -> String {
    match more {
        0 => String::new(),
        n => format!(" (and {n} more)"),
    }
}

/// `error`'s message with its step worded by `wording`, for any error of the library,
/// opening's included (see [`crate::app::worded`]).
pub fn worded(error: &(dyn std::error::Error + 'static), wording: &dyn Wording) -> String {
    match error.downcast_ref::<OpenError>() {
        Some(e) => e.worded(wording),
        None => crate::app::worded(error, wording),
    }
}
