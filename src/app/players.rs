//! Players: a player's card (`player show`, a player's page).

use crate::store::ratings::StartingRatingRecord;
use crate::store::{HistoryFilter, MatchRow, Player, Store};
use crate::tournament::{RatingChange, RatingSystem};

use super::Result;

/// One variant's rating of one player.
#[derive(Clone, Debug, serde::Serialize)]
pub struct VariantRating {
    pub variant: String,
    pub system: RatingSystem,
    /// `None`: unrated in this variant (no starting rating, no rated match).
    pub rating: Option<f64>,
    /// Glicko-2's rating deviation.
    pub deviation: Option<f64>,
    /// The starting rating the computation starts from (`None`: 1500).
    pub base: Option<StartingRatingRecord>,
    pub history: Vec<RatingChange>,
}

/// The player's rating in every variant they have a starting rating for (presets,
/// for one applying to every variant) or a finished match in.
pub async fn ratings_of(
    store: &Store,
    player: i64,
    system: RatingSystem,
) -> Result<(Vec<VariantRating>, Vec<StartingRatingRecord>)> {
    let starts = store.starting_ratings(Some(player)).await?;
    let mut variants: Vec<String> = store.played_variants(player).await?;
    for s in &starts {
        match &s.variant {
            Some(v) => variants.push(v.clone()),
            None => variants.extend(crate::engine::VARIANT_NAMES.map(str::to_string)),
        }
    }
    variants.sort();
    variants.dedup();
    let mut out = Vec::with_capacity(variants.len());
    for variant in variants {
        let rated = store.variant_ratings(&variant, system).await?;
        out.push(VariantRating {
            rating: rated
                .rated
                .contains(&player)
                .then(|| rated.ratings.get(&player).copied())
                .flatten(),
            deviation: rated.deviations.get(&player).copied(),
            base: starts
                .iter()
                .rev()
                .find(|s| s.applies_to(&variant))
                .cloned(),
            history: crate::tournament::ratings::history_of(&rated.changes, player),
            system,
            variant,
        });
    }
    Ok((out, starts))
}

/// A player's card: their matches (newest first), their Elo over every match (as
/// before ratings were kept per variant) with its history, and their ratings per
/// variant by `system`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PlayerCard {
    pub player: Player,
    pub matches: Vec<MatchRow>,
    pub rating: Option<f64>,
    pub rating_history: Vec<RatingChange>,
    pub ratings: Vec<VariantRating>,
    pub starting_ratings: Vec<StartingRatingRecord>,
}

impl PlayerCard {
    /// Matches won, drawn, lost and still in play.
    pub fn tally(&self) -> (usize, usize, usize, usize) {
        let (mut won, mut drawn, mut lost, mut playing) = (0, 0, 0, 0);
        for m in &self.matches {
            let side = if m.south_id == self.player.id {
                "south"
            } else {
                "north"
            };
            match m.winner.as_deref() {
                None => playing += 1,
                Some("draw") => drawn += 1,
                Some(w) if w == side => won += 1,
                Some(_) => lost += 1,
            }
        }
        (won, drawn, lost, playing)
    }
}

/// The card of `player` (see [`PlayerCard`]).
pub async fn card(store: &Store, player: Player, system: RatingSystem) -> Result<PlayerCard> {
    let (ratings, changes) = store.ratings().await?;
    let rating = ratings.get(&player.id).copied();
    let rating_history = crate::tournament::ratings::history_of(&changes, player.id);
    let (per_variant, starts) = ratings_of(store, player.id, system).await?;
    let matches = store
        .history(&HistoryFilter {
            player_id: Some(player.id),
            ..HistoryFilter::default()
        })
        .await?;
    Ok(PlayerCard {
        player,
        matches,
        rating,
        rating_history,
        ratings: per_variant,
        starting_ratings: starts,
    })
}

/// The card of the player with id `id` (`None`: no such player).
pub async fn card_by_id(
    store: &Store,
    id: i64,
    system: RatingSystem,
) -> Result<Option<PlayerCard>> {
    match store.player_with_id(id).await? {
        Some(p) => Ok(Some(card(store, p, system).await?)),
        None => Ok(None),
    }
}
