//! Players and their starting ratings.

use chrono::{DateTime, Utc};

use crate::ai::Level;
use crate::tournament::RatingSource;

/// A player (human, or an engine whose moves the built-in AI makes).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Player {
    pub id: i64,
    pub name: String,
    pub club: Option<String>,
    /// Engine level name; `None` for a human.
    pub engine: Option<String>,
    pub rating: Option<f64>,
    pub created_at: DateTime<Utc>,
    pub retired_at: Option<DateTime<Utc>>,
}

impl Player {
    pub fn is_engine(&self) -> bool {
        self.engine.is_some()
    }
}

/// A player to enter, its names checked ([`crate::app::players::new_player`]).
#[derive(Clone, Debug, PartialEq)]
pub struct NewPlayer {
    pub name: String,
    pub club: Option<String>,
    /// Engine level; `None` for a human.
    pub engine: Option<Level>,
}

/// A stored starting rating.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StartingRatingRecord {
    pub id: i64,
    pub player_id: i64,
    /// A preset's name; `None`: every variant.
    pub variant: Option<String>,
    pub source: RatingSource,
    pub rating: f64,
    pub entered_at: DateTime<Utc>,
}

impl StartingRatingRecord {
    /// Whether it applies to `variant`.
    pub(crate) fn applies_to(&self, variant: &str) -> bool {
        self.variant.as_deref().is_none_or(|v| v == variant)
    }
}

/// A stored entry of a player's details: every detail in force from `entered_at`
/// (the newest entry of a player is in force; see
/// [`crate::app::players::details_in_force`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlayerDetailsRecord {
    pub id: i64,
    pub player_id: i64,
    #[serde(flatten)]
    pub details: crate::tournament::player_details::PlayerDetails,
    pub entered_at: DateTime<Utc>,
}
