//! The file a long-running store (`goobalay serve --results`) opened, kept to
//! notice that the path no longer names it.
//!
//! A server keeps its database open for hours; meanwhile the file at its path can
//! be replaced (`mv` or `cp` of another database over it) or deleted. SQLite keeps
//! writing the file it opened, which may no longer be at the path, while the
//! write-ahead log stays at the path, where the next connection (or the next
//! command) takes it for the new file's: results went into a file nobody would
//! find, or into the swapped-in file as pages of another database. So a store that
//! stays open notes the file it opened ([`crate::store::Store::keep_file_identity`]):
//! its device and inode, and the database's own identity in page 1 (application id
//! and `user_version`, see `super::open`). Every write transaction checks them once
//! it holds the write lock ([`OpenedFile::check`]), and every committed write is
//! checkpointed into the file and the log emptied (`wal_checkpoint(TRUNCATE)`), so
//! that what was acknowledged is in the file it was written for whatever happens
//! to the path later, and the log at the path holds nothing another file could take.

use std::fs::File;
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};

use crate::app::repo::FileChange;
use crate::store::{OpenError, Result, StoreError};

/// The file a store opened: its identity on the file system and in its page 1.
#[derive(Debug)]
pub(crate) struct OpenedFile {
    path: PathBuf,
    file: File,
    device: u64,
    inode: u64,
    page_one: Option<[u8; 8]>,
}

/// Page 1's application id and `user_version` (bytes 68 and 60), which name a
/// goobalay database.
fn identity(file: &File) -> Option<[u8; 8]> {
    let mut header = [0u8; 100];
    file.read_exact_at(&mut header, 0).ok()?;
    let mut id = [0u8; 8];
    id[..4].copy_from_slice(&header[68..72]);
    id[4..].copy_from_slice(&header[60..64]);
    Some(id)
}

impl OpenedFile {
    /// Notes the file at `path` as it is now (its log checkpointed into it first,
    /// so that page 1 in the file is the database's).
    pub(crate) fn note(path: &Path) -> Result<OpenedFile, OpenError> {
        let file = File::open(path).map_err(|e| OpenError::Unreadable(path.to_path_buf(), e))?;
        let meta = file
            .metadata()
            .map_err(|e| OpenError::Unreadable(path.to_path_buf(), e))?;
        Ok(OpenedFile {
            path: path.to_path_buf(),
            device: meta.dev(),
            inode: meta.ino(),
            page_one: identity(&file),
            file,
        })
    }

    /// Whether the path still names the file noted, holding the same database;
    /// [`StoreError::FileChanged`] says what happened if not.
    pub(crate) fn check(&self) -> Result<()> {
        let changed = |change: FileChange| {
            Err(StoreError::FileChanged {
                path: self.path.clone(),
                change,
            })
        };
        if self.file.metadata().is_ok_and(|m| m.nlink() == 0) {
            return changed(FileChange::Deleted);
        }
        let Ok(now) = std::fs::metadata(&self.path) else {
            return changed(FileChange::DeletedOrMoved);
        };
        if (now.dev(), now.ino()) != (self.device, self.inode) {
            return changed(FileChange::Replaced);
        }
        if identity(&self.file) != self.page_one {
            return changed(FileChange::Overwritten);
        }
        Ok(())
    }
}

/// Copies the committed log into the database file and empties the log
/// (`wal_checkpoint(TRUNCATE)`, waiting for readers up to the busy timeout). A
/// reader that holds an old snapshot longer than that leaves the write in the log,
/// where it is as durable as any commit, in the same database; the next write's
/// checkpoint copies it.
pub(crate) async fn checkpoint(pool: &sqlx::SqlitePool) -> Result<()> {
    let mut conn = pool.acquire().await?;
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .fetch_all(&mut *conn)
        .await?;
    Ok(())
}
