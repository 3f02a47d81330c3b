//! A tournament's status: finished once over (the last result entered, or found
//! by `tournament run`), closed by the director, reopened; each closing and
//! reopening recorded in `tournament_status_changes`.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::load::{load, same_counts};
use super::{LoadedTournament, MAX_SWISS_ROUNDS, Result, TournamentStoreError};
use crate::store::sql::{AsConn, query, query_scalar};
use crate::store::{Store, name_key};
use crate::tournament::Format;

/// A closing or reopening.
#[derive(Clone, Debug, Serialize)]
pub struct StatusChange {
    /// "finished" or "reopened".
    pub status: String,
    pub reason: Option<String>,
    pub rounds_before: Option<u32>,
    pub changed_at: DateTime<Utc>,
}

/// What `tournament reopen` did.
#[derive(Clone, Debug, Serialize)]
pub struct Reopened {
    pub tournament: String,
    pub rounds_before: Option<u32>,
    pub rounds: Option<u32>,
}

/// Closings and reopenings of tournament `tid`, in order.
pub(in crate::store) async fn status_changes(
    conn: &mut impl AsConn,
    tid: i64,
) -> Result<Vec<StatusChange>> {
    let rows = query(
        "SELECT status, reason, rounds_before, changed_at FROM tournament_status_changes
         WHERE tournament_id = $1 ORDER BY id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(StatusChange {
            status: r.try_get("status")?,
            reason: r.try_get("reason")?,
            rounds_before: r.try_get::<Option<i64>>("rounds_before")?.map(|n| n as u32),
            changed_at: r.try_get("changed_at")?,
        });
    }
    Ok(out)
}

/// Marks tournament `tid` finished and records the closing.
async fn close_in(conn: &mut impl AsConn, tid: i64, reason: &str) -> Result<()> {
    let now = crate::store::now();
    query(
        "UPDATE tournaments SET status = 'finished', finished_at = COALESCE(finished_at, $2)
         WHERE id = $1",
    )
    .bind(tid)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    query(
        "INSERT INTO tournament_status_changes (tournament_id, status, reason, changed_at)
         VALUES ($1, 'finished', $2, $3)",
    )
    .bind(tid)
    .bind(reason)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Closes tournament `tid` if the write just made in this transaction finished it
/// (its last match of its last round). Cheap while matches are pending: the
/// tournament is only loaded once none is. Returns whether it closed it.
pub(crate) async fn close_if_over(conn: &mut impl AsConn, tid: i64) -> Result<bool> {
    let pending: i64 =
        query_scalar("SELECT COUNT(*) FROM matches WHERE tournament_id = $1 AND winner IS NULL")
            .bind(tid)
            .fetch_one(&mut *conn)
            .await?;
    if pending > 0 {
        return Ok(false);
    }
    // A closed tournament is not loaded: it is not closed again.
    let open: Option<String> =
        query_scalar("SELECT name FROM tournaments WHERE id = $1 AND status <> 'finished'")
            .bind(tid)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(name) = open else { return Ok(false) };
    let loaded = load(&mut *conn, &name).await?;
    if !loaded.tournament.closes_on_result(loaded.row.status) {
        return Ok(false);
    }
    close_in(conn, tid, "the last result was entered").await?;
    Ok(true)
}

/// Marks a tournament found over (by `tournament run`) finished.
async fn close_over(conn: &mut impl AsConn, tid: i64) -> Result<()> {
    let status: Option<String> = query_scalar("SELECT status FROM tournaments WHERE id = $1")
        .bind(tid)
        .fetch_optional(&mut *conn)
        .await?;
    if status.as_deref() != Some("finished") {
        close_in(conn, tid, "the last result was entered").await?;
    }
    Ok(())
}

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
            close_over(&mut tx, id).await?;
        }
        tx.commit().await?;
        Ok(finished)
    }

    /// Reopens a closed tournament; a Swiss may be given more rounds (`rounds`).
    pub async fn reopen_tournament(
        &self,
        name: &str,
        reason: Option<&str>,
        rounds: Option<u32>,
    ) -> Result<Reopened> {
        let mut tx = self.begin_write().await?;
        let loaded = load(&mut tx, name).await?;
        if !loaded.is_closed() {
            return Err(TournamentStoreError::NotClosed(loaded.row.name.clone()));
        }
        let tid = loaded.row.id;
        let before = loaded.row.rounds;
        if let Some(n) = rounds {
            let t = &loaded.tournament;
            if t.format() != Format::Swiss {
                return Err(TournamentStoreError::RoundsNotSwiss(t.format()));
            }
            if n == 0 || n > MAX_SWISS_ROUNDS {
                return Err(TournamentStoreError::RoundsOutOfRange(n));
            }
            if n < t.current_round() {
                return Err(TournamentStoreError::RoundsBelowPaired {
                    paired: t.current_round(),
                    given: n,
                });
            }
            query("UPDATE tournaments SET rounds = $2 WHERE id = $1")
                .bind(tid)
                .bind(i64::from(n))
                .execute(&mut tx)
                .await?;
        }
        let now = crate::store::now();
        query("UPDATE tournaments SET status = 'reopened' WHERE id = $1")
            .bind(tid)
            .execute(&mut tx)
            .await?;
        query(
            "INSERT INTO tournament_status_changes (tournament_id, status, reason, rounds_before, changed_at)
             VALUES ($1, 'reopened', $2, $3, $4)",
        )
        .bind(tid)
        .bind(reason)
        .bind(rounds.and(before).map(i64::from))
        .bind(now)
        .execute(&mut tx)
        .await?;
        tx.commit().await?;
        Ok(Reopened {
            tournament: loaded.row.name.clone(),
            rounds_before: before,
            rounds: rounds.or(before),
        })
    }

    /// Closes a tournament by the director's decision: every paired match must have
    /// its result (rounds left unpaired are not played: the event ended early).
    pub async fn close_tournament(&self, name: &str, reason: Option<&str>) -> Result<()> {
        let mut tx = self.begin_write().await?;
        let loaded = load(&mut tx, name).await?;
        let tname = loaded.row.name.clone();
        if loaded.row.status == crate::tournament::TournamentStatus::Finished {
            return Err(TournamentStoreError::CannotClose {
                tournament: tname,
                why: "it is closed already".into(),
            });
        }
        if loaded.tournament.current_round() == 0 {
            return Err(TournamentStoreError::CannotClose {
                tournament: tname,
                why: "no round has been paired".into(),
            });
        }
        let pending = loaded.pending_matches();
        if pending > 0 {
            return Err(TournamentStoreError::CannotClose {
                tournament: tname,
                why: format!(
                    "{} without a result yet",
                    crate::wording::matches(pending as u64)
                ),
            });
        }
        close_in(
            &mut tx,
            loaded.row.id,
            reason.unwrap_or("closed by the director"),
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
