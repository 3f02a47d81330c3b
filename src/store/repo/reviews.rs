//! The engine reviews of matches: `match_reviews` (one row a review: the match, its
//! revision, the engine version and effort) and `review_decisions` (one row a
//! decision, in order). Added, never updated: reviewing again adds a review.

pub(crate) use crate::app::repo::ReviewRepo;

use crate::app::records::{NewReview, StoredReview};
use crate::engine::Side;
use crate::review::{Decision, DecisionKind, Review};
use crate::store::sql::{AsConn, Row, query, query_scalar};
use crate::store::{Result, StoreError};

impl<C: AsConn> ReviewRepo for C {
    async fn latest_review(&mut self, id: i64) -> Result<Option<StoredReview>> {
        let Some(row) = query(
            "SELECT id, match_id, match_revision, engine_version, nodes, reviewed_at
             FROM match_reviews WHERE match_id = $1 ORDER BY id DESC LIMIT 1",
        )
        .bind(id)
        .fetch_optional(&mut *self)
        .await?
        else {
            return Ok(None);
        };
        let review_id: i64 = row.try_get("id")?;
        let rows = query(
            "SELECT hand, player, kind, played, best, played_value, best_value, choices, exact
             FROM review_decisions WHERE review_id = $1 ORDER BY seq",
        )
        .bind(review_id)
        .fetch_all(&mut *self)
        .await?;
        let decisions = rows
            .iter()
            .map(|r| decision(r, review_id))
            .collect::<Result<Vec<_>>>()?;
        let nodes: i64 = row.try_get("nodes")?;
        Ok(Some(StoredReview {
            id: review_id,
            match_id: row.try_get("match_id")?,
            match_revision: row.try_get("match_revision")?,
            reviewed_at: row.try_get("reviewed_at")?,
            review: Review {
                engine_version: row.try_get("engine_version")?,
                nodes: u64::try_from(nodes).map_err(|_| corrupt(review_id, "nodes"))?,
                decisions,
            },
        }))
    }

    async fn reviewed_revisions(&mut self, ids: &[i64]) -> Result<Vec<(i64, i64)>> {
        let mut out = Vec::with_capacity(ids.len());
        for &id in ids {
            let revision: Option<i64> = query_scalar(
                "SELECT match_revision FROM match_reviews WHERE match_id = $1
                 ORDER BY id DESC LIMIT 1",
            )
            .bind(id)
            .fetch_optional(&mut *self)
            .await?;
            if let Some(revision) = revision {
                out.push((id, revision));
            }
        }
        Ok(out)
    }

    async fn insert_review(&mut self, new: &NewReview<'_>) -> Result<i64> {
        let review = new.review;
        let id: i64 = query_scalar(
            "INSERT INTO match_reviews (match_id, match_revision, engine_version, nodes, reviewed_at)
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(new.match_id)
        .bind(new.match_revision)
        .bind(review.engine_version)
        .bind(i64::try_from(review.nodes).unwrap_or(i64::MAX))
        .bind(new.reviewed_at)
        .fetch_one(&mut *self)
        .await?;
        for (seq, d) in review.decisions.iter().enumerate() {
            query(
                "INSERT INTO review_decisions (review_id, seq, hand, player, kind, played, best,
                     played_value, best_value, choices, exact)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(id)
            .bind(seq as i64 + 1)
            .bind(i64::from(d.hand))
            .bind(d.player.name())
            .bind(d.kind.name())
            .bind(&d.played)
            .bind(&d.best)
            .bind(i64::from(d.played_value))
            .bind(i64::from(d.best_value))
            .bind(i64::from(d.choices))
            .bind(i64::from(d.exact))
            .execute(&mut *self)
            .await?;
        }
        Ok(id)
    }
}

fn corrupt(review: i64, what: &str) -> StoreError {
    StoreError::Corrupt(format!("review {review}: {what} out of range"))
}

fn decision(r: &Row, review: i64) -> Result<Decision> {
    let int = |column: &str| -> Result<i32> {
        let v: i64 = r.try_get(column)?;
        i32::try_from(v).map_err(|_| corrupt(review, column))
    };
    let player: String = r.try_get("player")?;
    let kind: String = r.try_get("kind")?;
    Ok(Decision {
        hand: u32::try_from(int("hand")?).map_err(|_| corrupt(review, "hand"))?,
        player: Side::parse(&player).ok_or_else(|| corrupt(review, "player"))?,
        kind: DecisionKind::parse(&kind).ok_or_else(|| corrupt(review, "kind"))?,
        played: r.try_get("played")?,
        best: r.try_get("best")?,
        played_value: int("played_value")?,
        best_value: int("best_value")?,
        choices: u32::try_from(int("choices")?).map_err(|_| corrupt(review, "choices"))?,
        exact: int("exact")? != 0,
    })
}
