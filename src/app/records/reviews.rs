//! A match's engine review as stored (`match_reviews`, `review_decisions`).

use chrono::{DateTime, Utc};

use crate::review::Review;

/// A review to add.
#[derive(Clone, Debug)]
pub struct NewReview<'a> {
    pub match_id: i64,
    /// The match's revision the review was made from.
    pub match_revision: i64,
    pub review: &'a Review,
    pub reviewed_at: DateTime<Utc>,
}

/// A review as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredReview {
    pub id: i64,
    pub match_id: i64,
    pub match_revision: i64,
    pub reviewed_at: DateTime<Utc>,
    pub review: Review,
}
