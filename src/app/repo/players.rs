//! The players and their starting ratings.

use std::future::Future;

use chrono::{DateTime, Utc};

use super::Result;
use crate::app::records::{NewPlayer, Player, PlayerDetailsRecord, StartingRatingRecord};
use crate::tournament::StartingRating;
use crate::tournament::player_details::PlayerDetails;

/// The players and their starting ratings (`players`, `player_ratings`).
pub trait PlayerRepo {
    /// The player whose name has the same key as `name` (case and Unicode variants
    /// ignored, see [`crate::names::key`]).
    fn player_by_name(&mut self, name: &str) -> impl Future<Output = Result<Option<Player>>>;

    /// The player with id `id`.
    fn player_by_id(&mut self, id: i64) -> impl Future<Output = Result<Option<Player>>>;

    /// Players by name key; retired ones only with `include_retired`.
    fn players(&mut self, include_retired: bool) -> impl Future<Output = Result<Vec<Player>>>;

    /// Every player's name, retired ones too (in no particular order).
    fn player_names(&mut self) -> impl Future<Output = Result<Vec<String>>>;

    /// Inserts `new`, entered at `at`; returns its id.
    fn insert_player(
        &mut self,
        new: &NewPlayer,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<i64>>;

    /// Gives player `id` the name `name` (already checked); whether there was such a player.
    fn rename_player(&mut self, id: i64, name: &str) -> impl Future<Output = Result<bool>>;

    /// Marks player `id` retired at `at`; whether there was such a player.
    fn retire_player(&mut self, id: i64, at: DateTime<Utc>) -> impl Future<Output = Result<bool>>;

    /// Records a starting rating of player `player` (already checked), entered at `at`.
    fn insert_starting_rating(
        &mut self,
        player: i64,
        start: &StartingRating,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<StartingRatingRecord>>;

    /// Every starting rating entered, oldest first.
    fn starting_ratings(&mut self) -> impl Future<Output = Result<Vec<StartingRatingRecord>>>;

    /// Records the details of player `player` in force from `at` (already checked).
    fn insert_player_details(
        &mut self,
        player: i64,
        details: &PlayerDetails,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// Every entry of players' details, oldest first.
    fn player_details(&mut self) -> impl Future<Output = Result<Vec<PlayerDetailsRecord>>>;
}
