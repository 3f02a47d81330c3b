//! The unit of work a use case holds: one transaction of either backend
//! ([`super::sql::Tx`]), on which the repositories ([`super::repo`]) read and write,
//! committed by the use case or rolled back when dropped. One begun to read also
//! notes the fixture rows its loads read from the tables, for the store to keep as
//! caches once the command has succeeded ([`super::Store::close_after_success`]):
//! the cache stays behind the repository, unseen by the use cases.

use std::sync::Arc;

use sqlx::{Sqlite, Transaction};

use super::StoreError;
use super::sqlite::opened::{OpenedFile, checkpoint};

use super::fixture_cache::{FixtureNotes, NotesFixtures};
use super::sql::{AsConn, Conn, Tx};

/// A transaction a use case reads and writes through the repositories.
pub struct UnitOfWork {
    tx: Tx,
    notes: Option<FixtureNotes>,
    /// A server's store: the file it opened, which a commit is checkpointed into
    /// and then checked against (`super::sqlite::opened`).
    checkpoint: Option<(sqlx::SqlitePool, Arc<OpenedFile>)>,
}

impl UnitOfWork {
    pub(crate) fn new(tx: Tx, notes: Option<FixtureNotes>) -> UnitOfWork {
        UnitOfWork {
            tx,
            notes,
            checkpoint: None,
        }
    }

    /// This unit of work, its commit checkpointed into the file `opened` and the
    /// file then checked, if given.
    pub(crate) fn checkpointed_after(
        self,
        checkpoint: Option<(sqlx::SqlitePool, Arc<OpenedFile>)>,
    ) -> UnitOfWork {
        UnitOfWork { checkpoint, ..self }
    }

    /// The SQLite transaction, on SQLite (its file checks).
    pub fn on_sqlite(&mut self) -> Option<&mut Transaction<'static, Sqlite>> {
        self.tx.on_sqlite()
    }

    /// Commits every write made in it; on a server's store, checkpoints it into the
    /// file and fails if the file at the path is no longer the one written
    /// ([`StoreError::FileChanged`]: the write is in the file that was there).
    pub async fn commit(self) -> Result<(), StoreError> {
        self.tx.commit().await?;
        if let Some((pool, opened)) = self.checkpoint {
            // Committed whatever the checkpoint meets: a failed one leaves the write
            // in the log, and the next one copies it.
            let _ = checkpoint(&pool).await;
            opened.check()?;
        }
        Ok(())
    }
}

impl AsConn for UnitOfWork {
    fn conn(&mut self) -> Conn<'_> {
        self.tx.conn()
    }
}

impl NotesFixtures for UnitOfWork {
    fn fixture_notes(&self) -> Option<&FixtureNotes> {
        self.notes.as_ref()
    }
}

impl crate::app::repo::Transaction for UnitOfWork {
    async fn commit(self) -> crate::app::repo::Result<()> {
        UnitOfWork::commit(self).await
    }
}
