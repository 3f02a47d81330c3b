//! The engine reviews of matches (`match_reviews`, `review_decisions`).

use std::future::Future;

use super::Result;
use crate::app::records::{NewReview, StoredReview};

/// The reviews' rows: a review is added, never changed; a match's latest stands.
pub trait ReviewRepo {
    /// Match `id`'s latest review with its decisions in order (`None`: never reviewed).
    fn latest_review(&mut self, id: i64) -> impl Future<Output = Result<Option<StoredReview>>>;

    /// The match revision each of `ids` had when its latest review was made (a match
    /// never reviewed is left out).
    fn reviewed_revisions(&mut self, ids: &[i64]) -> impl Future<Output = Result<Vec<(i64, i64)>>>;

    /// Adds a review with its decisions; returns its id.
    fn insert_review(&mut self, review: &NewReview<'_>) -> impl Future<Output = Result<i64>>;
}
