//! `goobalay verify`: an audit of everything stored, by replaying it.
//!
//! Every stored hand is replayed through the engine from its events (arrangements,
//! moves, an entered result) and the stored summary columns are compared with what the
//! replay gives: who moved first, who arranged first, the seeds brought in (carried
//! over from the hand before) and kept in hand, the number of moves, the end and the
//! scores. Engine players' decisions are recomputed from the match seed and compared
//! with the stored ones (`replay`). The match row's winner, hands played, final
//! seeds and finish time must be what the replay decides. Tournament matches must be
//! between entrants, in the tournament's variant, and a finished tournament must have
//! no match in play (`tournaments`). A match voided with its round taken back must
//! hold only engines' play, beside the record of that unpairing (`voided`). Every stored round must be the round the
//! pairing rules give from the rounds before it, and the starting ranks the ones
//! round 1 was seeded with ([`crate::tournament::pairing::audit`]). A match stored as
//! a preset must hold that preset's rules, and every stored name key must be the one
//! [`crate::names::key`] gives the name.
//!
//! The audit reads in one read transaction (a consistent snapshot even while other
//! processes write), through the audit's repository
//! ([`crate::app::repo::AuditRepo`]): the records as stored, column by column where
//! a damaged value must be named. What concerns the storage itself is the store's
//! (the store's own, `store::storage_checks`) and runs first: SQLite's own `integrity_check`
//! and `foreign_key_check`, then the schema compared with the one the migrations make;
//! if it differs, the differences are reported and nothing else is read.
//!
//! Unlike [`crate::app::stored_match::StoredMatches::stored_match`], which refuses a match at its
//! first inconsistency, the audit carries on and reports every mismatch it finds.

mod corrections;
mod engines;
mod pairings;
mod replay;
mod reports;
mod tournaments;
mod voided;

use std::collections::HashMap;
use std::fmt;

use crate::app::repo::{AuditRepo, Database, NameKeyRecord, StoreError};

/// One thing that differs between what is stored and what the replay gives.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Mismatch {
    /// The match concerned, if any.
    pub match_id: Option<i64>,
    /// The hand concerned (1-based), if any.
    pub hand: Option<u32>,
    /// The tournament concerned, if any.
    pub tournament: Option<String>,
    /// What differs, in words.
    pub what: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = Vec::new();
        if let Some(t) = &self.tournament {
            place.push(format!("tournament '{t}'"));
        }
        if let Some(m) = self.match_id {
            place.push(format!("match {m}"));
        }
        if let Some(h) = self.hand {
            place.push(format!("hand {h}"));
        }
        if place.is_empty() {
            write!(f, "database: {}", self.what)
        } else {
            write!(f, "{}: {}", place.join(", "), self.what)
        }
    }
}

/// What the audit looked at, and what it found.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct VerifyReport {
    pub matches: u64,
    pub finished_matches: u64,
    pub hands: u64,
    pub moves: u64,
    pub arrangements: u64,
    pub entered_results: u64,
    /// Engine moves and arrangements recomputed from the match seed.
    pub engine_decisions: u64,
    /// Decisions of the slow searching levels (hard, max, perfect) not recomputed
    /// (only with `deep`).
    pub engine_decisions_skipped: u64,
    /// Decisions made by an earlier version of the engine players
    /// ([`crate::ai::ENGINE_VERSION`]): replayed, not recomputed.
    pub engine_decisions_older: u64,
    pub tournaments: u64,
    pub mismatches: Vec<Mismatch>,
}

impl VerifyReport {
    pub fn is_clean(&self) -> bool {
        self.mismatches.is_empty()
    }

    fn flag(&mut self, match_id: Option<i64>, hand: Option<u32>, what: impl Into<String>) {
        self.mismatches.push(Mismatch {
            match_id,
            hand,
            tournament: None,
            what: what.into(),
        });
    }
}

/// Replays and checks everything stored, in one read transaction (a consistent
/// snapshot even while other processes write). Storage errors are `Err`; what
/// differs is in the report. Engine decisions of the levels `hard`, `max` and
/// `perfect` (up to millions of nodes a move) are recomputed only when `deep`.
pub async fn verify(store: &impl Database, deep: bool) -> super::Result<VerifyReport> {
    verify_with_progress(store, deep, |_, _| {}).await
}

/// [`verify`], calling `progress(checked, total)` as matches are replayed (a large
/// database takes seconds to minutes).
pub async fn verify_with_progress(
    store: &impl Database,
    deep: bool,
    progress: impl FnMut(u64, u64),
) -> super::Result<VerifyReport> {
    Ok(audit(store, deep, progress).await?)
}

async fn audit(
    store: &impl Database,
    deep: bool,
    mut progress: impl FnMut(u64, u64),
) -> Result<VerifyReport, StoreError> {
    let mut tx = store.begin_read().await?;
    let mut report = VerifyReport::default();
    let storage = tx.storage_findings().await?;
    for what in storage.differences {
        report.flag(None, None, what);
    }
    if storage.schema_differs {
        return Ok(report);
    }
    names_check(&tx.player_name_keys().await?, "player", &mut report);
    names_check(&tx.tournament_name_keys().await?, "tournament", &mut report);
    let ids = tx.match_ids().await?;
    voided::verify_voided(&mut tx, &ids.iter().copied().collect(), &mut report).await?;
    let mut replayed = HashMap::new();
    let total = ids.len() as u64;
    for (done, id) in ids.into_iter().enumerate() {
        if let Some(r) = replay::verify_match(&mut tx, id, deep, &mut report).await? {
            replayed.insert(id, r);
        }
        progress(done as u64 + 1, total);
    }
    tournaments::verify_tournaments(&mut tx, &replayed, &mut report).await?;
    reports::verify_reports(&mut tx, &mut report).await?;
    Ok(report)
}

/// Every player's (`what`: "player") or tournament's stored name key is the one
/// [`crate::names::key`] gives its name (lookups and uniqueness go by the key).
fn names_check(records: &[NameKeyRecord], what: &str, report: &mut VerifyReport) {
    for r in records {
        let id = r.id;
        let Some((name, key)) = &r.name_and_key else {
            report.flag(
                None,
                None,
                format!("{what} #{id}: unreadable name or name key"),
            );
            continue;
        };
        let expected = crate::names::key(name);
        // A name that became another's when the keys were recomputed (migration
        // unicode_name_keys) is kept apart as "NAME #ID".
        if *key != expected && *key != format!("{expected} #{id}") {
            report.flag(
                None,
                None,
                format!(
                    "{what} '{name}' (#{id}): stored name key '{key}', its name gives '{expected}'"
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::{Absent, Closing, MatchForm};
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;

    /// Two casual matches: one with two moves entered, one forfeited unplayed.
    async fn two_matches() -> (Store, i64) {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let moved = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        fixture::moves_entered(&store, moved, &["1", "1"]).await;
        let forfeit = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        crate::app::matches::close(&store, forfeit, Closing::Forfeit(Absent::South))
            .await
            .unwrap();
        (store, moved)
    }

    /// Runs `sql` on the store's database: damage, which no use case can make.
    async fn damage(store: &Store, sql: &str) {
        let crate::store::sql::Pool::Sqlite(pool) = store.pool() else {
            unreachable!("an in-memory SQLite store")
        };
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string()))
            .execute(pool)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn what_the_use_cases_stored_verifies_clean_with_everything_counted() {
        let (store, _) = two_matches().await;
        let report = verify(&store, false).await.unwrap();
        assert!(report.is_clean(), "{:?}", report.mismatches);
        assert_eq!(
            (
                report.matches,
                report.finished_matches,
                report.hands,
                report.moves
            ),
            (2, 1, 2, 2)
        );
        assert_eq!(
            (
                report.arrangements,
                report.engine_decisions,
                report.tournaments
            ),
            (0, 0, 0)
        );
    }

    #[tokio::test]
    async fn a_name_key_or_a_move_count_changed_behind_the_app_is_reported() {
        let (store, moved) = two_matches().await;
        damage(
            &store,
            "UPDATE players SET name_key = 'someone' WHERE name = 'Ada'",
        )
        .await;
        // Two moves are stored; the count says three.
        damage(
            &store,
            &format!("UPDATE hands SET move_count = 3 WHERE match_id = {moved}"),
        )
        .await;
        let report = verify(&store, false).await.unwrap();
        assert!(
            report
                .mismatches
                .iter()
                .any(|m| m.what
                    == "player 'Ada' (#1): stored name key 'someone', its name gives 'ada'"),
            "{:?}",
            report.mismatches
        );
        assert!(
            report
                .mismatches
                .iter()
                .any(|m| m.match_id == Some(moved) && m.hand == Some(1)),
            "{:?}",
            report.mismatches
        );
    }
}
