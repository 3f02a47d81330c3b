//! The unit of work a use case holds: one transaction of either backend
//! ([`super::sql::Tx`]), on which the repositories ([`super::repo`]) read and write,
//! committed by the use case or rolled back when dropped. One begun to read also
//! notes the fixture rows its loads read from the tables, for the store to keep as
//! caches once the command has succeeded ([`super::Store::close_after_success`]):
//! the cache stays behind the repository, unseen by the use cases.

use sqlx::{Sqlite, Transaction};

use super::fixture_cache::{FixtureNotes, NotesFixtures};
use super::sql::{AsConn, Conn, Tx};

/// A transaction a use case reads and writes through the repositories.
pub struct UnitOfWork {
    tx: Tx,
    notes: Option<FixtureNotes>,
}

impl UnitOfWork {
    pub(crate) fn new(tx: Tx, notes: Option<FixtureNotes>) -> UnitOfWork {
        UnitOfWork { tx, notes }
    }

    /// The SQLite transaction, on SQLite (its file checks).
    pub fn on_sqlite(&mut self) -> Option<&mut Transaction<'static, Sqlite>> {
        self.tx.on_sqlite()
    }

    /// Commits every write made in it.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.tx.commit().await
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
        Ok(self.tx.commit().await?)
    }
}
