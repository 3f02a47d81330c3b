//! Players: a player's card (`player show`, a player's page).

use crate::matches::Absent;
use crate::store::ratings::StartingRatingRecord;
use crate::store::{Ending, HistoryFilter, MatchRow, Player, Store};
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

/// A player's matches counted: won, drawn and lost (forfeits among them counted
/// apart as well), void, and still in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    pub won: usize,
    pub drawn: usize,
    pub lost: usize,
    /// Of `won`: the opponent did not come.
    pub won_by_forfeit: usize,
    /// Of `lost`: this player did not come (a double forfeit too).
    pub lost_by_forfeit: usize,
    /// Annulled by a correction: neither won, drawn nor lost.
    pub void: usize,
    pub playing: usize,
}

impl Tally {
    /// "won 3 (1 by forfeit), drawn 1, lost 2, in play 1" (void and forfeits only
    /// when there are some).
    pub fn words(&self) -> String {
        let by_forfeit = |n: usize| {
            if n > 0 {
                format!(" ({n} by forfeit)")
            } else {
                String::new()
            }
        };
        let mut text = format!(
            "won {}{}, drawn {}, lost {}{}",
            self.won,
            by_forfeit(self.won_by_forfeit),
            self.drawn,
            self.lost,
            by_forfeit(self.lost_by_forfeit)
        );
        if self.void > 0 {
            text += &format!(", void {}", self.void);
        }
        text + &format!(", in play {}", self.playing)
    }
}

impl PlayerCard {
    /// The player's matches counted (see [`Tally`]).
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for m in &self.matches {
            let side = if m.south_id == self.player.id {
                "south"
            } else {
                "north"
            };
            let forfeit = match m.ending {
                Some(Ending::Void) => {
                    t.void += 1;
                    continue;
                }
                Some(Ending::Forfeit {
                    absent: Absent::Both,
                }) => {
                    t.lost += 1;
                    t.lost_by_forfeit += 1;
                    continue;
                }
                Some(Ending::Forfeit { .. }) => true,
                _ => false,
            };
            match m.winner.as_deref() {
                None => t.playing += 1,
                Some("draw") => t.drawn += 1,
                Some(w) if w == side => {
                    t.won += 1;
                    t.won_by_forfeit += usize::from(forfeit);
                }
                Some(_) => {
                    t.lost += 1;
                    t.lost_by_forfeit += usize::from(forfeit);
                }
            }
        }
        t
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
