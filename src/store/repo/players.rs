//! The players and their starting ratings.

pub(crate) use crate::app::repo::PlayerRepo;

use chrono::{DateTime, Utc};

use crate::app::records::PlayerDetailsRecord;
pub(crate) use crate::app::records::StartingRatingRecord;
use crate::store::sql::{AsConn, query, query_scalar};
use crate::store::{NewPlayer, Player, Result, StoreError, name_key};
use crate::tournament::player_details::{Born, PlayerDetails, Sex};
use crate::tournament::{RatingSource, StartingRating};

impl<C: AsConn> PlayerRepo for C {
    async fn player_by_name(&mut self, name: &str) -> Result<Option<Player>> {
        let row = query("SELECT * FROM players WHERE name_key = $1")
            .bind(name_key(name))
            .fetch_optional(self)
            .await?;
        row.as_ref().map(Player::from_row).transpose()
    }

    async fn player_by_id(&mut self, id: i64) -> Result<Option<Player>> {
        let row = query("SELECT * FROM players WHERE id = $1")
            .bind(id)
            .fetch_optional(self)
            .await?;
        row.as_ref().map(Player::from_row).transpose()
    }

    async fn players(&mut self, include_retired: bool) -> Result<Vec<Player>> {
        let rows = query("SELECT * FROM players WHERE $1 OR retired_at IS NULL ORDER BY name_key")
            .bind(include_retired)
            .fetch_all(self)
            .await?;
        rows.iter().map(Player::from_row).collect()
    }

    async fn player_names(&mut self) -> Result<Vec<String>> {
        Ok(query_scalar("SELECT name FROM players")
            .fetch_all(self)
            .await?)
    }

    async fn insert_player(&mut self, new: &NewPlayer, at: DateTime<Utc>) -> Result<i64> {
        Ok(query_scalar::<i64>(
            "INSERT INTO players (name, name_key, club, engine, created_at)
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(new.name.as_str())
        .bind(name_key(&new.name))
        .bind(new.club.clone())
        .bind(new.engine.map(|l| l.name().to_string()))
        .bind(at)
        .fetch_one(self)
        .await?)
    }

    async fn rename_player(&mut self, id: i64, name: &str) -> Result<bool> {
        let changed = query("UPDATE players SET name = $1, name_key = $2 WHERE id = $3")
            .bind(name)
            .bind(name_key(name))
            .bind(id)
            .execute(self)
            .await?;
        Ok(changed > 0)
    }

    async fn retire_player(&mut self, id: i64, at: DateTime<Utc>) -> Result<bool> {
        let changed = query("UPDATE players SET retired_at = $1 WHERE id = $2")
            .bind(at)
            .bind(id)
            .execute(self)
            .await?;
        Ok(changed > 0)
    }

    async fn insert_starting_rating(
        &mut self,
        player: i64,
        start: &StartingRating,
        at: DateTime<Utc>,
    ) -> Result<StartingRatingRecord> {
        let id = query_scalar::<i64>(
            "INSERT INTO player_ratings (player_id, variant, source, rating, entered_at)
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(player)
        .bind(start.variant.clone())
        .bind(start.source.name())
        .bind(start.rating)
        .bind(at)
        .fetch_one(self)
        .await?;
        Ok(StartingRatingRecord {
            id,
            player_id: player,
            variant: start.variant.clone(),
            source: start.source,
            rating: start.rating,
            entered_at: at,
        })
    }

    async fn starting_ratings(&mut self) -> Result<Vec<StartingRatingRecord>> {
        let rows = query(
            "SELECT id, player_id, variant, source, rating, entered_at FROM player_ratings ORDER BY id",
        )
        .fetch_all(self)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let id: i64 = r.try_get("id")?;
            let source: String = r.try_get("source")?;
            out.push(StartingRatingRecord {
                id,
                player_id: r.try_get("player_id")?,
                variant: r.try_get("variant")?,
                source: RatingSource::parse(&source).ok_or_else(|| {
                    StoreError::Corrupt(format!("starting rating {id}: source '{source}'"))
                })?,
                rating: r.try_get("rating")?,
                entered_at: r.try_get("entered_at")?,
            });
        }
        Ok(out)
    }

    async fn insert_player_details(
        &mut self,
        player: i64,
        details: &PlayerDetails,
        at: DateTime<Utc>,
    ) -> Result<()> {
        query(
            "INSERT INTO player_details (player_id, federation, sex, born, national_id, entered_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(player)
        .bind(details.federation.clone())
        .bind(details.sex.map(|s| s.code().to_string()))
        .bind(details.born.map(|b| b.to_string()))
        .bind(details.id.clone())
        .bind(at)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn player_details(&mut self) -> Result<Vec<PlayerDetailsRecord>> {
        let rows = query(
            "SELECT id, player_id, federation, sex, born, national_id, entered_at
             FROM player_details ORDER BY id",
        )
        .fetch_all(self)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let id: i64 = r.try_get("id")?;
            let corrupt = |what: &str, text: &str| {
                StoreError::Corrupt(format!("player details {id}: {what} '{text}'"))
            };
            let sex = match r.try_get::<Option<String>>("sex")? {
                Some(t) => Some(Sex::parse(&t).ok_or_else(|| corrupt("sex", &t))?),
                None => None,
            };
            let born = match r.try_get::<Option<String>>("born")? {
                Some(t) => Some(t.parse::<Born>().map_err(|_| corrupt("born", &t))?),
                None => None,
            };
            out.push(PlayerDetailsRecord {
                id,
                player_id: r.try_get("player_id")?,
                details: PlayerDetails {
                    federation: r.try_get("federation")?,
                    sex,
                    born,
                    id: r.try_get("national_id")?,
                },
                entered_at: r.try_get("entered_at")?,
            });
        }
        Ok(out)
    }
}
