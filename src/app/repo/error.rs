//! The repositories' error ([`StoreError`]).

use thiserror::Error;

use crate::hint::{Hint, Refusal};
use crate::names::excerpt;

/// What a repository meets in a transaction (a busy database, a record not found,
/// stored data that disagrees, a write that lost to another process's, the backend
/// failing, the file of a server's database swapped): the repositories' error, as
/// the use cases see it. Opening a database fails with the store's own error
/// (`store::OpenError`). Messages are one lowercase line.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error(
        "the database is busy: another goobalay process kept it locked longer than {0} ms; nothing was written, try again"
    )]
    Busy(u128),
    #[error("no match with id {0}")]
    UnknownMatch(i64),
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
    /// A stored tournament its rules refuse (its setup, points or tiebreaks as
    /// read back): damaged data, worded as the rules word it. A change the rules
    /// refuse is no store's error: it is the app's refusal
    /// (`TournamentRefusal::Tournament`).
    #[error(transparent)]
    DamagedTournament(#[from] crate::tournament::TournamentError),
    /// The file at the path of a database a server keeps open is no longer the one
    /// it opened (`store::sqlite::opened`): replaced, overwritten or deleted.
    #[error("the database file {} {change} since the server opened it; nothing more is written to it: restart the server", path.display())]
    FileChanged {
        path: std::path::PathBuf,
        change: FileChange,
    },
    #[error("database error: {0}")]
    Backend(BackendError),
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
    pub(crate) fn source_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
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
            StoreError::UnknownMatch(_) => Hint::History,
            StoreError::TournamentNotFound { .. } => Hint::ListTournaments,
            _ => return None,
        })
    }
}

impl StoreError {
    /// The database refused to write: the file (or its folder, for the log) is
    /// read-only to this process.
    pub fn is_read_only(&self) -> bool {
        matches!(self, StoreError::Backend(e) if e.read_only)
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

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
