//! A tournament's status: finished once over.

use super::load::{load, same_counts};
use super::{LoadedTournament, Result};
use crate::store::{Store, name_key};

impl Store {
    /// Records that a tournament is over (all rounds paired and finished).
    pub async fn finish_tournament(&self, name: &str) -> Result<()> {
        self.finish_tournament_cached(name, None).await.map(|_| ())
    }

    /// [`Store::finish_tournament`] for a caller that keeps the tournament in memory
    /// (see [`Store::pair_next_round_cached`]): `cache` is used instead of reading
    /// every match again if the stored tournament still has the same counts. Returns
    /// whether the tournament is finished.
    pub async fn finish_tournament_cached(
        &self,
        name: &str,
        cache: Option<&LoadedTournament>,
    ) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        let (id, finished) = match cache {
            Some(c)
                if name_key(&c.row.name) == name_key(name) && same_counts(&mut tx, c).await? =>
            {
                (c.row.id, c.tournament.is_finished())
            }
            _ => {
                let loaded = load(&mut tx, name).await?;
                (loaded.row.id, loaded.tournament.is_finished())
            }
        };
        if finished {
            crate::store::rounds::close_over(&mut tx, id).await?;
        }
        tx.commit().await?;
        Ok(finished)
    }
}
