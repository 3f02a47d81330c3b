//! Corrections of match results (`match correct`): each is a row of its own in
//! `match_corrections` (when, why, what it replaced, the match's result before and
//! after), and the hands keep their rows as entered. The match is its hands with the
//! corrections applied in order ([`crate::matches::correction`]); its summary columns
//! hold the result after the latest one, so standings, ratings and exports follow it.
//! A tournament's rounds paired before a correction stay as they were: `verify` judges
//! each round's pairing on the results as they stood when it was paired
//! ([`tournament_corrections`]).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::sql::{AsConn, Row, query};
use super::{Result, Store, StoreError, StoredMatch, load_match, now, tournaments};
use crate::engine::BySide;
use crate::matches::MatchState;
use crate::matches::correction::{self, CorrectionError};
use crate::tournament::{Decision, MatchResult};

/// What a correction replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum CorrectionKind {
    /// Hand `hand`'s entered result becomes `score`.
    Score { hand: u32, score: BySide<u32> },
}

/// A match's result as the standings count it: the winner ("south", "north",
/// "draw"; `None`: no result) and each side's seeds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultSummary {
    pub winner: Option<String>,
    pub seeds: Option<BySide<u32>>,
}

impl ResultSummary {
    pub fn of(state: &MatchState) -> ResultSummary {
        let played = tournaments::played(0, state);
        ResultSummary {
            winner: state.outcome().map(|o| o.name().to_string()),
            seeds: state
                .outcome()
                .map(|_| BySide::new(played.result_seeds.0, played.result_seeds.1)),
        }
    }

    /// The result as the pure layer counts it (`None`: no result).
    pub fn as_match_result(&self) -> Option<MatchResult> {
        let decision = match self.winner.as_deref()? {
            "south" => Decision::South,
            "north" => Decision::North,
            "draw" => Decision::Draw,
            _ => return None,
        };
        Some(MatchResult::played(
            decision,
            self.seeds.unwrap_or(BySide::new(0, 0)),
        ))
    }

    /// "1-0 (28-0)", "draw (14-14)", "none".
    pub fn text(&self) -> String {
        let seeds = self
            .seeds
            .map_or(String::new(), |s| format!(" ({}-{})", s.south, s.north));
        match self.winner.as_deref() {
            Some("south") => format!("1-0{seeds}"),
            Some("north") => format!("0-1{seeds}"),
            Some("draw") => format!("draw{seeds}"),
            _ => "no result".to_string(),
        }
    }
}

/// A correction as recorded.
#[derive(Clone, Debug, Serialize)]
pub struct Correction {
    pub id: i64,
    pub match_id: i64,
    pub corrected_at: DateTime<Utc>,
    pub reason: String,
    #[serde(flatten)]
    pub kind: CorrectionKind,
    pub before: ResultSummary,
    pub after: ResultSummary,
}

/// Errors of a correction.
#[derive(Debug, thiserror::Error)]
pub enum CorrectError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("match {id}: {error}")]
    Refused { id: i64, error: CorrectionError },
    #[error("a correction needs a reason (--reason TEXT): it is recorded with the correction")]
    NoReason,
}

impl From<sqlx::Error> for CorrectError {
    fn from(e: sqlx::Error) -> Self {
        CorrectError::Store(e.into())
    }
}

/// Every correction of match `id`, in the order made.
pub(crate) async fn corrections_of(conn: &mut impl AsConn, id: i64) -> Result<Vec<Correction>> {
    let rows = query("SELECT * FROM match_corrections WHERE match_id = $1 ORDER BY id")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(correction_row).collect()
}

fn correction_row(r: &Row) -> Result<Correction> {
    let id: i64 = r.try_get("id")?;
    let bad = |what: &str| StoreError::Corrupt(format!("correction {id}: {what}"));
    let kind: String = r.try_get("kind")?;
    let pair = |a: &str, b: &str| -> Result<Option<BySide<u32>>> {
        let (s, n): (Option<i64>, Option<i64>) = (r.try_get(a)?, r.try_get(b)?);
        match (s, n) {
            (Some(s), Some(n)) if s >= 0 && n >= 0 => Ok(Some(BySide::new(s as u32, n as u32))),
            (None, None) => Ok(None),
            _ => Err(bad("seeds out of range")),
        }
    };
    let kind = match kind.as_str() {
        "score" => CorrectionKind::Score {
            hand: r
                .try_get::<Option<i64>>("hand")?
                .filter(|&h| h >= 1)
                .ok_or_else(|| bad("a score correction without a hand"))? as u32,
            score: pair("score_south", "score_north")?
                .ok_or_else(|| bad("a score correction without a score"))?,
        },
        other => return Err(bad(&format!("kind '{other}' is not known to this version"))),
    };
    Ok(Correction {
        id,
        match_id: r.try_get("match_id")?,
        corrected_at: r.try_get("corrected_at")?,
        reason: r.try_get("reason")?,
        kind,
        before: ResultSummary {
            winner: r.try_get("winner_before")?,
            seeds: pair("seeds_south_before", "seeds_north_before")?,
        },
        after: ResultSummary {
            winner: r.try_get("winner_after")?,
            seeds: pair("seeds_south_after", "seeds_north_after")?,
        },
    })
}

/// The entered score that counts for each hand: the latest score correction's.
pub(crate) fn corrected_scores(corrections: &[Correction]) -> HashMap<u32, BySide<u32>> {
    corrections
        .iter()
        .map(|c| match c.kind {
            CorrectionKind::Score { hand, score } => (hand, score),
        })
        .collect()
}

/// `state` with `kind` applied (the rule is [`correction::with_hand_score`]).
pub fn apply(state: &MatchState, kind: CorrectionKind) -> Result<MatchState, CorrectionError> {
    match kind {
        CorrectionKind::Score { hand, score } => correction::with_hand_score(state, hand, score),
    }
}

impl Store {
    /// Corrects match `id` in one transaction: the correction is recorded, the hands
    /// keep their rows as entered, and the match's summary becomes the corrected
    /// result. Allowed in a closed tournament (it changes no pairing).
    pub async fn correct_match(
        &self,
        id: i64,
        kind: CorrectionKind,
        reason: &str,
    ) -> Result<(StoredMatch, Correction), CorrectError> {
        if reason.trim().is_empty() {
            return Err(CorrectError::NoReason);
        }
        let mut tx = self.begin_write().await?;
        let before = load_match(&mut tx, id).await?;
        let after =
            apply(&before.state, kind).map_err(|error| CorrectError::Refused { id, error })?;
        let (old, new) = (ResultSummary::of(&before.state), ResultSummary::of(&after));
        let (winner, hands_played, final_south, final_north) = tournaments::summary(&after);
        let at = now();
        query(
            "UPDATE matches SET revision = revision + 1, winner = $2, hands_played = $3,
                 final_south = $4, final_north = $5,
                 finished_at = CASE WHEN $2 IS NULL THEN NULL ELSE COALESCE(finished_at, $6) END
             WHERE id = $1",
        )
        .bind(id)
        .bind(winner)
        .bind(hands_played)
        .bind(final_south.map(i64::from))
        .bind(final_north.map(i64::from))
        .bind(at)
        .execute(&mut tx)
        .await?;
        // No hand row changes: the corrected hand keeps its row as entered, and the
        // hands after it come out the same (`with_hand_score`).
        let CorrectionKind::Score { hand, score } = kind;
        let seeds = |s: &ResultSummary| s.seeds.map(|b| (i64::from(b.south), i64::from(b.north)));
        let cid: i64 = query(
            "INSERT INTO match_corrections (match_id, corrected_at, reason, kind, hand,
                 score_south, score_north, winner_before, seeds_south_before,
                 seeds_north_before, winner_after, seeds_south_after, seeds_north_after)
             VALUES ($1, $2, $3, 'score', $4, $5, $6, $7, $8, $9, $10, $11, $12)
             RETURNING id",
        )
        .bind(id)
        .bind(at)
        .bind(reason.trim())
        .bind(i64::from(hand))
        .bind(i64::from(score.south))
        .bind(i64::from(score.north))
        .bind(old.winner.clone())
        .bind(seeds(&old).map(|s| s.0))
        .bind(seeds(&old).map(|s| s.1))
        .bind(new.winner.clone())
        .bind(seeds(&new).map(|s| s.0))
        .bind(seeds(&new).map(|s| s.1))
        .fetch_one(&mut tx)
        .await?
        .try_get("id")?;
        let stored = load_match(&mut tx, id).await?;
        tx.commit().await?;
        let correction = Correction {
            id: cid,
            match_id: id,
            corrected_at: at,
            reason: reason.trim().to_string(),
            kind,
            before: old,
            after: new,
        };
        Ok((stored, correction))
    }

    /// Every correction of tournament `name`'s matches, in the order made.
    pub async fn tournament_corrections(
        &self,
        name: &str,
    ) -> Result<Vec<Correction>, super::tournaments::TournamentStoreError> {
        let mut tx = self.begin_read().await?;
        let loaded = super::tournaments::load(&mut tx, name).await?;
        Ok(tournament_corrections(&mut tx, loaded.row.id).await?)
    }

    /// Every correction of match `id`, in order.
    pub async fn corrections(&self, id: i64) -> Result<Vec<Correction>> {
        let mut tx = self.begin_read().await?;
        corrections_of(&mut tx, id).await
    }
}

/// For `verify`: every correction of a tournament's matches, in the order made.
pub(crate) async fn tournament_corrections(
    conn: &mut impl AsConn,
    tournament_id: i64,
) -> Result<Vec<Correction>> {
    let rows = query(
        "SELECT c.* FROM match_corrections c JOIN matches m ON m.id = c.match_id
         WHERE m.tournament_id = $1 ORDER BY c.id",
    )
    .bind(tournament_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(correction_row).collect()
}
