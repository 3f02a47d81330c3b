//! The repositories' error ([`StoreError`]).

use std::path::PathBuf;

use thiserror::Error;

use crate::hint::{Hint, Refusal, Wording};
use crate::names::excerpt;

/// What the store meets (no database, a busy one, a record not found, stored data
/// that disagrees) and the pure layers' errors it carries: the repositories' error,
/// as the use cases see it. Messages are one lowercase line.
#[derive(Debug, Error)]
pub enum StoreError {
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
        "the database is busy: another goobalay process kept it locked longer than {0} ms; nothing was written, try again"
    )]
    Busy(u128),
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
    #[error("no match with id {0}")]
    UnknownMatch(i64),
    #[error("no tournament named '{}'", excerpt(.0))]
    UnknownTournament(String),
    /// A tournament looked up by name that is not there, with the recorded name
    /// closest to it.
    #[error(
        "no tournament named '{}'{}",
        excerpt(.name),
        .like.as_deref().map_or(String::new(), |l| format!("; did you mean '{l}'?"))
    )]
    TournamentNotFound { name: String, like: Option<String> },
    #[error(
        "the match was changed by another process each time this one tried to write; nothing was written, try again"
    )]
    Conflict,
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
    #[error("stored tournament data is inconsistent: {0}")]
    CorruptTournament(String),
    /// A stored tournament its rules refuse (its setup, points or tiebreaks).
    #[error(transparent)]
    Tournament(#[from] crate::tournament::TournamentError),
    /// The file at the path of a database a server keeps open is no longer the one
    /// it opened (`store::sqlite::opened`): replaced, overwritten or deleted.
    #[error("the database file {} {change} since the server opened it; nothing more is written to it: restart the server", path.display())]
    FileChanged {
        path: std::path::PathBuf,
        change: FileChange,
    },
    #[error("database error: {0}")]
    Backend(BackendError),
    #[error("database schema update failed: {0}")]
    SchemaUpdate(BackendError),
}

/// The database itself failed (a lost connection, a full disk, a read-only file, a
/// statement the backend refused): the backend's own error, kept as the source, with
/// what the use cases need to know of it said by the store that made it.
#[derive(Debug)]
pub struct BackendError {
    read_only: bool,
    source: Box<dyn std::error::Error + Send + Sync>,
}

impl BackendError {
    /// `read_only`: the backend refused to write because the database (or its
    /// folder) is read-only to this process.
    pub fn new(source: impl std::error::Error + Send + Sync + 'static, read_only: bool) -> Self {
        BackendError {
            read_only,
            source: Box::new(source),
        }
    }

    /// The backend's own error, for the store that made it to look into.
    pub fn source_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        &*self.source
    }
}

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.source.fmt(f)
    }
}

impl Refusal for StoreError {
    fn hint(&self) -> Option<Hint> {
        Some(match self {
            StoreError::Missing(_) | StoreError::EmptyServerDatabase => Hint::AddPlayerCreates,
            StoreError::DamagedSchema { .. } => Hint::Verify,
            StoreError::UnknownMatch(_) => Hint::History,
            StoreError::TournamentNotFound { .. } => Hint::ListTournaments,
            _ => return None,
        })
    }
    fn worded(&self, wording: &dyn Wording) -> String {
        match self {
            // The step belongs to the parenthesis on why there is no database.
            StoreError::Missing(_) | StoreError::EmptyServerDatabase => {
                let text = self.to_string();
                let bare = text.strip_suffix(')').unwrap_or(&text);
                format!("{bare}{})", wording.hint(&Hint::AddPlayerCreates))
            }
            _ => crate::hint::then_hint(self.to_string(), self.hint(), wording),
        }
    }
}

impl StoreError {
    /// The database refused to write: the file (or its folder, for the log) is
    /// read-only to this process.
    pub fn is_read_only(&self) -> bool {
        matches!(self, StoreError::Backend(e) if e.read_only)
    }
}

fn and_more(more: &usize) -> String {
    match more {
        0 => String::new(),
        n => format!(" (and {n} more)"),
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// Longest busy timeout, in milliseconds: SQLite takes it as a C `int`.
pub const MAX_BUSY_TIMEOUT_MS: u64 = i32::MAX as u64;

/// What happened to the file of a database a server keeps open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileChange {
    Deleted,
    DeletedOrMoved,
    Replaced,
    Overwritten,
}

impl std::fmt::Display for FileChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FileChange::Deleted => "was deleted",
            FileChange::DeletedOrMoved => "was deleted or moved away",
            FileChange::Replaced => "was replaced by another file",
            FileChange::Overwritten => "was overwritten by another database",
        })
    }
}
