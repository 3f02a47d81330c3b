//! Starting ratings (`player_ratings`) and ratings per variant.
//!
//! A starting rating is never overwritten: each entry is a new row, and a player's
//! base in a variant is the newest entry naming that variant or every variant
//! (variant NULL). A player's rating in a variant is then computed, as every rating
//! is, from the stored results: the finished matches of that variant only, in the
//! order they finished (then by match id), from each player's base (1500 without one).
//! A new starting rating so changes the computed ratings from the start of the
//! player's history in that variant; seedings already recorded keep what they stored.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use super::repo::PlayerRepo;
use super::sql::{AsConn, query, query_scalar};
use super::tournaments::Result as TResult;
use super::{Result, Store, StoreError};
use crate::matches::correction::standing_closing;
use crate::tournament::{Decision, Elo, Rated, RatedGame, RatingChange, RatingSystem, rate_games};

pub use super::repo::StartingRatingRecord;

impl Store {
    /// Every starting rating entered (of one player, or of all), oldest first.
    pub async fn starting_ratings(&self, player: Option<i64>) -> Result<Vec<StartingRatingRecord>> {
        let mut all = self.pool().acquire().await?.starting_ratings().await?;
        all.retain(|r| player.is_none_or(|p| r.player_id == p));
        Ok(all)
    }

    /// Everyone's ratings in `variant` by `system` (see the module docs).
    pub async fn variant_ratings(&self, variant: &str, system: RatingSystem) -> Result<Rated> {
        let mut tx = self.begin_read().await?;
        variant_ratings(&mut tx, variant, system).await
    }

    /// The variants in which `player` has finished a match, by name.
    pub async fn played_variants(&self, player: i64) -> Result<Vec<String>> {
        let mut conn = self.pool().acquire().await?;
        Ok(query_scalar::<String>(
            "SELECT DISTINCT variant FROM matches
             WHERE winner IS NOT NULL AND (south_id = $1 OR north_id = $1) ORDER BY variant",
        )
        .bind(player)
        .fetch_all(&mut conn)
        .await?)
    }
}

/// Each player's base in `variant`: the newest starting rating that applies to it.
pub(super) fn bases(records: &[StartingRatingRecord], variant: &str) -> HashMap<i64, f64> {
    records
        .iter()
        .filter(|r| r.applies_to(variant))
        .map(|r| (r.player_id, r.rating))
        .collect()
}

/// Finished matches (of `variant`, or of every variant) in the order they finished,
/// then by id.
pub(super) async fn rated_games(
    conn: &mut impl AsConn,
    variant: Option<&str>,
) -> Result<Vec<RatedGame>> {
    let rows = query(
        "SELECT m.id, m.south_id, m.north_id, m.winner, m.finished_at, c.kind AS closing
         FROM matches m LEFT JOIN match_closings c ON c.match_id = m.id
         WHERE m.winner IS NOT NULL AND (CAST($1 AS TEXT) IS NULL OR m.variant = $1)",
    )
    .bind(variant.map(str::to_string))
    .fetch_all(&mut *conn)
    .await?;
    // Whether each correction leaves the match unplayed (a forfeit, a void; `None`: a
    // hand's score), in the order made.
    let mut corrections: HashMap<i64, Vec<Option<bool>>> = HashMap::new();
    for r in &query("SELECT match_id, kind FROM match_corrections ORDER BY id")
        .fetch_all(&mut *conn)
        .await?
    {
        let kind: String = r.try_get("kind")?;
        corrections
            .entry(r.try_get("match_id")?)
            .or_default()
            .push(match kind.as_str() {
                "score" => None,
                k => Some(matches!(k, "absent" | "void")),
            });
    }
    let mut games = Vec::with_capacity(rows.len());
    for r in &rows {
        let id: i64 = r.try_get("id")?;
        // A match not played (by the closing that stands) is not rated.
        let own = r
            .try_get::<Option<String>>("closing")?
            .map(|k| k == "forfeit");
        let later = corrections.remove(&id).unwrap_or_default();
        if standing_closing(own, later).unwrap_or(false) {
            continue;
        }
        let decision = super::outcome_column(r, "winner", || format!("match {id}"))?
            .map(Decision::of)
            .ok_or_else(|| StoreError::Corrupt(format!("match {id}: no winner")))?;
        let finished: Option<DateTime<Utc>> = r.try_get("finished_at")?;
        games.push((
            finished,
            RatedGame {
                key: id,
                south: r.try_get("south_id")?,
                north: r.try_get("north_id")?,
                decision,
            },
        ));
    }
    games.sort_by_key(|(t, g)| (*t, g.key));
    Ok(games.into_iter().map(|(_, g)| g).collect())
}

pub(super) async fn variant_ratings(
    conn: &mut impl AsConn,
    variant: &str,
    system: RatingSystem,
) -> Result<Rated> {
    let records = conn.starting_ratings().await?;
    let games = rated_games(&mut *conn, Some(variant)).await?;
    Ok(rate_games(system, &bases(&records, variant), &games))
}

/// The rating system tournament `tid` records: `None` for one seeded before ratings
/// were kept per variant.
pub(super) async fn tournament_rating_system(
    conn: &mut impl AsConn,
    tid: i64,
) -> Result<Option<RatingSystem>> {
    let name: Option<String> = query_scalar("SELECT rating_system FROM tournaments WHERE id = $1")
        .bind(tid)
        .fetch_one(&mut *conn)
        .await?;
    name.map(|n| {
        RatingSystem::parse(&n)
            .ok_or_else(|| StoreError::Corrupt(format!("tournament {tid}: rating system '{n}'")))
    })
    .transpose()
}

/// What a tournament seeds by: its rating system over its variant, or (`system`
/// `None`) the earlier rule, Elo over every match with every player counted at 1500.
pub(super) struct Seeding {
    pub system: Option<RatingSystem>,
    ratings: HashMap<i64, f64>,
    rated: std::collections::HashSet<i64>,
}

impl Seeding {
    pub async fn of(conn: &mut impl AsConn, tid: i64, variant: &str) -> Result<Seeding> {
        let system = tournament_rating_system(&mut *conn, tid).await?;
        Ok(match system {
            Some(s) => {
                let rated = variant_ratings(&mut *conn, variant, s).await?;
                Seeding {
                    system,
                    ratings: rated.ratings,
                    rated: rated.rated,
                }
            }
            None => {
                let games = rated_games(&mut *conn, None).await?;
                let (ratings, _) =
                    crate::tournament::Elo::default().rate_all(&HashMap::new(), &games);
                Seeding {
                    system,
                    ratings,
                    rated: std::collections::HashSet::new(),
                }
            }
        })
    }

    pub fn into_ratings(self) -> HashMap<i64, f64> {
        self.ratings
    }

    pub fn rating(&self, player: i64) -> f64 {
        crate::tournament::seeding_rating(&self.ratings, player)
    }

    /// Whether the player is rated, as recorded in `tournament_players.rated`
    /// (`None` under the earlier rule, which records nothing).
    pub fn rated(&self, player: i64) -> Option<bool> {
        self.system.map(|_| self.rated.contains(&player))
    }

    /// Seeds round 1 by the tournament's rule ([`crate::tournament::seed_round_one`]
    /// with the ratings read).
    pub fn seed_round_one(&self, entrants: &mut [crate::tournament::Entrant]) {
        let rated = self.system.map(|_| &self.rated);
        crate::tournament::seed_round_one(entrants, &self.ratings, rated);
    }

    /// Records whether each entrant was rated (nothing under the earlier rule).
    pub async fn record_rated(
        &self,
        conn: &mut impl AsConn,
        tid: i64,
        entrants: &[crate::tournament::Entrant],
    ) -> Result<()> {
        for e in entrants {
            if let Some(flag) = self.rated(e.id) {
                query("UPDATE tournament_players SET rated = $1 WHERE tournament_id = $2 AND player_id = $3")
                    .bind(i64::from(flag))
                    .bind(tid)
                    .bind(e.id)
                    .execute(&mut *conn)
                    .await?;
            }
        }
        Ok(())
    }
}

impl super::tournaments::TournamentRow {
    /// What its standings' rating column shows: "Elo (layli-goobalay)", or
    /// "Elo (all games)" for a tournament seeded before ratings were kept per variant.
    pub fn rating_label(&self) -> String {
        match self.rating_system {
            Some(s) => format!("{} ({})", s.label(), self.variant),
            None => "Elo (all games)".to_string(),
        }
    }
}

impl Store {
    /// Every player's Elo rating and every rating change, from all finished matches
    /// in the order they finished: Elo (K = 32, start 1500) over every finished match
    /// in the database, casual and tournament, human and engine alike, in the order
    /// the matches finished (then by id). They are recomputed from the stored results
    /// whenever needed, so they are reproducible and can never disagree with the
    /// results.
    pub async fn ratings(&self) -> TResult<(HashMap<i64, f64>, Vec<RatingChange>)> {
        let mut conn = self.pool().acquire().await?;
        ratings(&mut conn).await
    }
}

/// Elo over every finished match, whatever its variant: the rating of tournaments
/// seeded before ratings were kept per variant (`rating_system` NULL).
async fn ratings(conn: &mut impl AsConn) -> TResult<(HashMap<i64, f64>, Vec<RatingChange>)> {
    let games = rated_games(&mut *conn, None).await?;
    Ok(Elo::default().rate_all(&HashMap::new(), &games))
}
