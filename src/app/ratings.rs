//! Starting ratings and ratings per variant, worked out from the stored results.
//!
//! A starting rating is never overwritten: each entry is a new row, and a player's
//! base in a variant is the newest entry naming that variant or every variant
//! (variant NULL). A player's rating in a variant is then computed, as every rating
//! is, from the stored results: the finished matches of that variant only, in the
//! order they finished (then by match id), from each player's base (1500 without one).
//! A new starting rating so changes the computed ratings from the start of the
//! player's history in that variant; seedings already recorded keep what they stored.
//! Which matches count is the tournament layer's rule
//! ([`crate::tournament::rated_games`]: a forfeit or a void match is not rated).

use std::collections::HashMap;

use crate::app::records::StartingRatingRecord;
use crate::app::repo::{MatchRepo, PlayerRepo, StoreError, TournamentRepo};
use crate::tournament::{
    Elo, Entrant, EntrantId, Rated, RatingChange, RatingSystem, Seeding, rate_games, rated_games,
};

type Result<T> = std::result::Result<T, StoreError>;

/// Each player's base in `variant`: the newest starting rating that applies to it
/// (`entered`: oldest first).
fn bases(entered: &[StartingRatingRecord], variant: &str) -> HashMap<i64, f64> {
    entered
        .iter()
        .filter(|r| r.applies_to(variant))
        .map(|r| (r.player_id, r.rating))
        .collect()
}

/// Everyone's ratings in `variant` by `system` (see the module docs).
pub(crate) async fn variant_ratings_in(
    repo: &mut (impl PlayerRepo + MatchRepo),
    variant: &str,
    system: RatingSystem,
) -> Result<Rated> {
    let entered = repo.starting_ratings().await?;
    let games = rated_games(repo.finished_matches(Some(variant)).await?);
    Ok(rate_games(system, &bases(&entered, variant), &games))
}

/// Every player's Elo rating and every rating change, over every finished match in
/// the database whatever its variant, casual and tournament, human and engine alike,
/// in the order the matches finished (then by id), everybody from 1500: the rating
/// of tournaments seeded before ratings were kept per variant. Recomputed from the
/// stored results whenever needed, so it is reproducible and can never disagree
/// with the results.
pub(crate) async fn elo_over_every_match_in(
    repo: &mut impl MatchRepo,
) -> Result<(HashMap<i64, f64>, Vec<RatingChange>)> {
    let games = rated_games(repo.finished_matches(None).await?);
    Ok(Elo::default().rate_all(&HashMap::new(), &games))
}

/// What tournament `tid` (of `variant`) seeds by, as the ratings stand now: its
/// rating system over its variant, or for a tournament seeded before ratings were
/// kept per variant, Elo over every match.
pub(crate) async fn seeding_in(
    repo: &mut (impl PlayerRepo + MatchRepo + TournamentRepo),
    tid: i64,
    variant: &str,
) -> Result<Seeding> {
    Ok(match repo.rating_system(tid).await? {
        Some(system) => {
            Seeding::by_system(system, variant_ratings_in(repo, variant, system).await?)
        }
        None => Seeding::by_earlier_rule(elo_over_every_match_in(repo).await?.0),
    })
}

/// Whether each of `entrants` is rated, as a tournament records it once seeded
/// (nothing under the earlier rule).
pub(crate) fn rated_flags(seeding: &Seeding, entrants: &[Entrant]) -> Vec<(EntrantId, bool)> {
    entrants
        .iter()
        .filter_map(|e| seeding.rated(e.id).map(|flag| (e.id, flag)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;
    use crate::matches::{Absent, Closing, MatchForm};
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::ratings::{RatingSource, StartingRating};

    const LAYLI: &str = "layli-goobalay";

    async fn ratings(store: &Store) -> Rated {
        let mut tx = store.begin_read().await.unwrap();
        variant_ratings_in(&mut tx, LAYLI, RatingSystem::Elo)
            .await
            .unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[tokio::test]
    async fn a_win_between_equals_moves_half_of_k_each_way() {
        let (store, p) = fixture::store_with(&["Ada", "Bo"]).await;
        assert_eq!(fixture::layli().name, LAYLI);
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        fixture::won(&store, id, Side::South).await;
        let rated = ratings(&store).await;
        // Elo, K = 32, both from 1500: expected 0.5, so ±16.
        assert!(close(rated.ratings[&p[0].id], 1516.0), "{rated:?}");
        assert!(close(rated.ratings[&p[1].id], 1484.0), "{rated:?}");
    }

    #[tokio::test]
    async fn a_starting_rating_for_the_variant_is_the_base_and_a_forfeit_is_not_rated() {
        let (store, p) = fixture::store_with(&["Ada", "Bo"]).await;
        let start = |variant: &str| StartingRating {
            rating: 1900.0,
            source: RatingSource::Club,
            variant: Some(variant.to_string()),
        };
        crate::app::players::rate(&store, "Ada", &start("tampoduo"))
            .await
            .unwrap();
        let forfeited = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        crate::app::matches::close(&store, forfeited, Closing::Forfeit(Absent::North))
            .await
            .unwrap();
        let rated = ratings(&store).await;
        assert!(
            rated.changes.is_empty(),
            "a forfeit is not rated: {rated:?}"
        );
        assert!(
            !rated.rated.contains(&p[0].id),
            "another variant's rating is no base"
        );

        crate::app::players::rate(&store, "Ada", &start(LAYLI))
            .await
            .unwrap();
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        fixture::won(&store, id, Side::South).await;
        let rated = ratings(&store).await;
        // Expected 1 / (1 + 10^((1500 - 1900) / 400)) = 1 / 1.1; the win gains
        // 32 × (1 - 1/1.1) = 32 / 11.
        let gain = 32.0 / 11.0;
        assert!(close(rated.ratings[&p[0].id], 1900.0 + gain), "{rated:?}");
        assert!(close(rated.ratings[&p[1].id], 1500.0 - gain), "{rated:?}");
    }
}
