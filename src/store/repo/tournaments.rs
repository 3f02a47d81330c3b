//! Tournaments: the tournament as loaded, its entry list, the byes outside the
//! pairing, its closings and reopenings, and a round taken back (`tournaments`,
//! `tournament_players`, `tournament_requested_byes`, `tournament_status_changes`,
//! `round_pairings`).
//!
//! Byes outside the pairing (`tournament_requested_byes`, migration
//! `20261202200000_forfeits_byes`) are those asked for ahead of a round
//! (`requested`) and the rounds a late entrant missed (`late-entry`, zero points); the
//! pure layer sees them as [`crate::tournament::Tournament::requested_byes`].

pub(crate) use crate::app::repo::TournamentRepo;

use chrono::{DateTime, Utc};

pub(crate) use crate::app::records::{ByeReason, RoundMatch};
use crate::app::records::{FixtureRowSink, PlayedFromSetup, TournamentSummary};
use crate::engine::Variant;
use crate::matches::{Hand, MatchSpec};
use crate::store::changes::TournamentRevision;
use crate::store::corrections::Correction;
use crate::store::fixture_cache::NotesFixtures;
use crate::store::name_key;
use crate::store::repo::FINISHED;
use crate::store::rounds::RecordedBoard;
use crate::store::rounds::{RoundRecord, StatusChange};
use crate::store::sql::{AsConn, query, query_scalar};
use crate::store::tournaments::byes::insert_bye;
use crate::store::tournaments::load::{
    self, Parts, StoredTournament, find_tournament, same_counts,
};
use crate::store::tournaments::summary;
use crate::store::tournaments::{
    LoadedTournament, NewTournament, Result, TournamentRow, WrittenRound,
};
use crate::store::write_hand_rows;
use crate::store::{Result as StoreResult, StoreError};
use crate::tournament::{ByePoints, EntrantId, PairingSystem, RatingSystem};

impl ByeReason {
    fn name(self) -> &'static str {
        match self {
            ByeReason::Requested => "requested",
            ByeReason::LateEntry => "late-entry",
        }
    }
}

impl<C: AsConn + NotesFixtures> TournamentRepo for C {
    async fn tournament_summaries(&mut self) -> Result<Vec<TournamentSummary>> {
        load::tournament_summaries(self).await
    }

    async fn tournament_row(&mut self, name: &str) -> Result<Option<TournamentRow>> {
        find_tournament(self, name).await
    }

    async fn insert_tournament(
        &mut self,
        new: &NewTournament,
        name: &str,
        max_hands: Option<u32>,
        pairing: PairingSystem,
        rating: RatingSystem,
        at: DateTime<Utc>,
    ) -> Result<TournamentRow> {
        let rules_json = serde_json::to_string(&new.variant.to_file()).map_err(|e| {
            crate::store::StoreError::CorruptTournament(format!("rules do not serialise: {e}"))
        })?;
        let tiebreaks = new
            .tiebreaks
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(",");
        let id = query_scalar::<i64>(
            "INSERT INTO tournaments (name, name_key, variant, rules, format, rounds, match_form,
                 max_hands, points, tiebreaks, seed, status, created_at, pairing_system, rating_system,
                 city, federation, start_date, end_date, chief_arbiter, round_dates, initial_colour,
                 third_place, acceleration)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12, $13, $14,
                 $15, $16, $17, $18, $19, $20, $21, $22, $23)
             RETURNING id",
        )
        .bind(name)
        .bind(name_key(name))
        .bind(&new.variant.name)
        .bind(rules_json)
        .bind(new.format.name())
        .bind(new.rounds.map(i64::from))
        .bind(new.form.name())
        .bind(max_hands.map(i64::from))
        .bind(new.points.to_string())
        .bind((!tiebreaks.is_empty()).then_some(tiebreaks))
        .bind(new.seed as i64)
        .bind(at)
        .bind(pairing.name())
        .bind(rating.name())
        .bind(new.details.city.clone())
        .bind(new.details.federation.clone())
        .bind(new.details.start.map(|d| d.to_string()))
        .bind(new.details.end.map(|d| d.to_string()))
        .bind(new.details.chief_arbiter.clone())
        .bind(new.details.round_dates_text())
        .bind((!new.initial_colour.is_default()).then_some(new.initial_colour.name()))
        .bind(i64::from(new.third_place))
        .bind((!new.acceleration.is_none()).then_some(new.acceleration.name()))
        .fetch_one(&mut *self)
        .await?;
        let row = query("SELECT * FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_one(self)
            .await?;
        TournamentRow::from_row(&row)
    }

    async fn stored_tournament(&mut self, name: &str, parts: Parts) -> Result<StoredTournament> {
        load::stored_tournament(self, name, parts).await
    }

    async fn stored_tournament_by_id(&mut self, id: i64) -> Result<Option<StoredTournament>> {
        load::stored_tournament_by_id(self, id, Parts::Whole).await
    }

    async fn fixture_rows(
        &mut self,
        tournament: &TournamentRow,
        sink: &mut impl FixtureRowSink,
    ) -> Result<()> {
        load::fixture_rows(self, tournament, sink).await
    }

    async fn round_records(&mut self, id: i64) -> Result<Vec<RoundRecord>> {
        crate::store::rounds::round_records(self, id).await
    }

    async fn status_changes(&mut self, id: i64) -> Result<Vec<StatusChange>> {
        crate::store::tournaments::status::status_changes(self, id).await
    }

    async fn tournament_correction_rows(&mut self, id: i64) -> Result<Vec<Correction>> {
        crate::store::corrections::tournament_corrections(self, id).await
    }

    async fn tournament_revision(&mut self, id: i64) -> Result<Option<TournamentRevision>> {
        Ok(crate::store::changes::tournament_revision_in(self, id).await?)
    }

    async fn unchanged_since(&mut self, kept: &LoadedTournament) -> Result<bool> {
        same_counts(self, kept).await
    }

    async fn unfinished_name(&mut self, id: i64) -> StoreResult<Option<String>> {
        Ok(
            query_scalar("SELECT name FROM tournaments WHERE id = $1 AND status <> 'finished'")
                .bind(id)
                .fetch_optional(self)
                .await?,
        )
    }

    async fn pending_match_count(&mut self, id: i64) -> StoreResult<i64> {
        Ok(query_scalar(format!(
            "SELECT COUNT(*) FROM matches m WHERE m.tournament_id = $1 AND NOT ({FINISHED})",
        ))
        .bind(id)
        .fetch_one(self)
        .await?)
    }

    async fn rating_system(&mut self, id: i64) -> StoreResult<Option<RatingSystem>> {
        rating_system(self, id).await
    }

    async fn insert_entrant(
        &mut self,
        id: i64,
        player: i64,
        start_rank: u32,
        rating: Option<f64>,
        rated: Option<bool>,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        query(
            "INSERT INTO tournament_players (tournament_id, player_id, seed_no, joined_at, rating, rated)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(player)
        .bind(i64::from(start_rank))
        .bind(at)
        .bind(rating)
        .bind(rated.map(i64::from))
        .execute(self)
        .await?;
        Ok(())
    }

    async fn delete_entrant(&mut self, id: i64, player: i64) -> StoreResult<()> {
        query("DELETE FROM tournament_players WHERE tournament_id = $1 AND player_id = $2")
            .bind(id)
            .bind(player)
            .execute(self)
            .await?;
        Ok(())
    }

    async fn mark_withdrawn(&mut self, id: i64, player: i64, after: u32) -> StoreResult<()> {
        query(
            "UPDATE tournament_players SET withdrawn_after = $1
             WHERE tournament_id = $2 AND player_id = $3",
        )
        .bind(i64::from(after))
        .bind(id)
        .bind(player)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn delete_byes_after(&mut self, id: i64, player: i64, round: u32) -> StoreResult<()> {
        query(
            "DELETE FROM tournament_requested_byes
             WHERE tournament_id = $1 AND player_id = $2 AND round > $3",
        )
        .bind(id)
        .bind(player)
        .bind(i64::from(round))
        .execute(self)
        .await?;
        Ok(())
    }

    async fn entrants_rated(&mut self, id: i64) -> StoreResult<Vec<(i64, Option<bool>)>> {
        let rows = query(
            "SELECT player_id, rated FROM tournament_players WHERE tournament_id = $1 ORDER BY player_id",
        )
        .bind(id)
        .fetch_all(self)
        .await?;
        rows.iter()
            .map(|r| {
                let rated: Option<i64> = r.try_get("rated")?;
                Ok((r.try_get("player_id")?, rated.map(|v| v != 0)))
            })
            .collect()
    }

    async fn update_event_details(
        &mut self,
        id: i64,
        details: &crate::app::records::EventDetails,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        query(
            "INSERT INTO tournament_event_changes
                 (tournament_id, city, federation, start_date, end_date, chief_arbiter,
                  round_dates, changed_at)
             SELECT id, city, federation, start_date, end_date, chief_arbiter, round_dates, $2
             FROM tournaments WHERE id = $1",
        )
        .bind(id)
        .bind(at)
        .execute(&mut *self)
        .await?;
        query(
            "UPDATE tournaments SET city = $2, federation = $3, start_date = $4,
                 end_date = $5, chief_arbiter = $6, round_dates = $7
             WHERE id = $1",
        )
        .bind(id)
        .bind(details.city.clone())
        .bind(details.federation.clone())
        .bind(details.start.map(|d| d.to_string()))
        .bind(details.end.map(|d| d.to_string()))
        .bind(details.chief_arbiter.clone())
        .bind(details.round_dates_text())
        .execute(self)
        .await?;
        Ok(())
    }

    async fn insert_prize(
        &mut self,
        id: i64,
        prize: &crate::tournament::prizes::Prize,
        at: DateTime<Utc>,
    ) -> StoreResult<i64> {
        use crate::tournament::prizes::{Category, PrizeKind};
        let (place, category) = match &prize.kind {
            PrizeKind::Place { place } => (Some(i64::from(*place)), None),
            PrizeKind::Category(c) => (None, Some(c)),
        };
        let age = match category {
            Some(Category::Junior { age } | Category::Senior { age }) => Some(i64::from(*age)),
            _ => None,
        };
        let under = match category {
            Some(Category::Rating { under }) => Some(*under),
            _ => None,
        };
        let club = match category {
            Some(Category::Club { club }) => Some(club.clone()),
            _ => None,
        };
        Ok(query_scalar::<i64>(
            "INSERT INTO tournament_prizes
                 (tournament_id, place, category, age, under_rating, club, value, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(id)
        .bind(place)
        .bind(category.map(|c| c.name().to_string()))
        .bind(age)
        .bind(under)
        .bind(club)
        .bind(prize.value)
        .bind(at)
        .fetch_one(self)
        .await?)
    }

    async fn prizes(&mut self, id: i64) -> StoreResult<Vec<crate::tournament::prizes::Prize>> {
        use crate::tournament::prizes::{Category, Prize, PrizeKind};
        let rows = query(
            "SELECT id, place, category, age, under_rating, club, value
             FROM tournament_prizes WHERE tournament_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(self)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let prize_id: i64 = r.try_get("id")?;
            let corrupt = |what: String| {
                crate::app::repo::StoreError::Corrupt(format!("prize {prize_id}: {what}"))
            };
            let age = || -> StoreResult<u32> {
                r.try_get::<Option<i64>>("age")?
                    .and_then(|a| u32::try_from(a).ok())
                    .ok_or_else(|| corrupt("no age".into()))
            };
            let kind = match (
                r.try_get::<Option<i64>>("place")?,
                r.try_get::<Option<String>>("category")?,
            ) {
                (Some(place), None) => PrizeKind::Place {
                    place: u32::try_from(place).map_err(|_| corrupt(format!("place {place}")))?,
                },
                (None, Some(c)) => PrizeKind::Category(match c.as_str() {
                    "women" => Category::Women,
                    "junior" => Category::Junior { age: age()? },
                    "senior" => Category::Senior { age: age()? },
                    "rating" => Category::Rating {
                        under: r
                            .try_get::<Option<f64>>("under_rating")?
                            .ok_or_else(|| corrupt("no rating limit".into()))?,
                    },
                    "club" => Category::Club {
                        club: r
                            .try_get::<Option<String>>("club")?
                            .ok_or_else(|| corrupt("no club".into()))?,
                    },
                    other => return Err(corrupt(format!("category '{other}'"))),
                }),
                _ => return Err(corrupt("a place and a category, or neither".into())),
            };
            out.push(Prize {
                id: prize_id,
                kind,
                value: r.try_get("value")?,
            });
        }
        Ok(out)
    }

    async fn insert_import(
        &mut self,
        id: i64,
        source: &str,
        rounds: u32,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        query(
            "INSERT INTO tournament_imports (tournament_id, source, rounds, imported_at)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(source)
        .bind(i64::from(rounds))
        .bind(at)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn insert_bye(
        &mut self,
        id: i64,
        round: u32,
        player: i64,
        points: ByePoints,
        reason: ByeReason,
    ) -> StoreResult<()> {
        insert_bye(self, id, round, player, points, reason.name()).await
    }

    async fn mark_finished(&mut self, id: i64, reason: &str, at: DateTime<Utc>) -> StoreResult<()> {
        query(
            "UPDATE tournaments SET status = 'finished', finished_at = COALESCE(finished_at, $2)
             WHERE id = $1",
        )
        .bind(id)
        .bind(at)
        .execute(&mut *self)
        .await?;
        query(
            "INSERT INTO tournament_status_changes (tournament_id, status, reason, changed_at)
             VALUES ($1, 'finished', $2, $3)",
        )
        .bind(id)
        .bind(reason)
        .bind(at)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn set_rounds(&mut self, id: i64, rounds: u32) -> StoreResult<()> {
        query("UPDATE tournaments SET rounds = $2 WHERE id = $1")
            .bind(id)
            .bind(i64::from(rounds))
            .execute(self)
            .await?;
        Ok(())
    }

    async fn mark_reopened(
        &mut self,
        id: i64,
        reason: Option<&str>,
        rounds_before: Option<u32>,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        query("UPDATE tournaments SET status = 'reopened' WHERE id = $1")
            .bind(id)
            .execute(&mut *self)
            .await?;
        query(
            "INSERT INTO tournament_status_changes (tournament_id, status, reason, rounds_before, changed_at)
             VALUES ($1, 'reopened', $2, $3, $4)",
        )
        .bind(id)
        .bind(reason)
        .bind(rounds_before.map(i64::from))
        .bind(at)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn insert_knockout_seeding(
        &mut self,
        id: i64,
        players: &[i64],
        source: Option<i64>,
        reason: Option<&str>,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let seeding: i64 = query_scalar(
            "INSERT INTO knockout_seedings (tournament_id, source_tournament_id, reason, seeded_at)
             VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(id)
        .bind(source)
        .bind(reason)
        .bind(at)
        .fetch_one(&mut *self)
        .await?;
        for (seed, &player) in players.iter().enumerate() {
            query("INSERT INTO knockout_seeds (seeding_id, seed, player_id) VALUES ($1, $2, $3)")
                .bind(seeding)
                .bind(seed as i64 + 1)
                .bind(player)
                .execute(&mut *self)
                .await?;
        }
        Ok(())
    }

    async fn insert_postponement(
        &mut self,
        match_id: i64,
        at: DateTime<Utc>,
        reason: Option<&str>,
    ) -> StoreResult<()> {
        query(
            "INSERT INTO match_postponements (match_id, postponed_at, reason) VALUES ($1, $2, $3)",
        )
        .bind(match_id)
        .bind(at)
        .bind(reason)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn keep_voided_round(
        &mut self,
        id: i64,
        round: u32,
        at: DateTime<Utc>,
    ) -> StoreResult<u64> {
        let kept = query(
            "INSERT INTO voided_matches (id, tournament_id, round, variant, rules, form,
                     max_hands, first_mover, south_id, north_id, south_engine, north_engine,
                     seed, winner, hands_played, final_south, final_north, created_at,
                     finished_at, engine_version, revision, voided_at)
             SELECT id, tournament_id, round, variant, rules, form, max_hands, first_mover,
                    south_id, north_id, south_engine, north_engine, seed, winner,
                    hands_played, final_south, final_north, created_at, finished_at,
                    engine_version, revision, $3
             FROM matches WHERE tournament_id = $1 AND round = $2",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(at)
        .execute(&mut *self)
        .await?;
        query(
            "INSERT INTO voided_hands (match_id, number, first_mover, first_arranger,
                     holdings_south, holdings_north, kept_south, kept_north,
                     arrangement_south, arrangement_north, moves, move_count, end_reason,
                     score_south, score_north, updated_at)
             SELECT h.match_id, h.number, h.first_mover, h.first_arranger, h.holdings_south,
                    h.holdings_north, h.kept_south, h.kept_north, h.arrangement_south,
                    h.arrangement_north, h.moves, h.move_count, h.end_reason, h.score_south,
                    h.score_north, h.updated_at
             FROM hands h JOIN matches m ON m.id = h.match_id
             WHERE m.tournament_id = $1 AND m.round = $2",
        )
        .bind(id)
        .bind(i64::from(round))
        .execute(self)
        .await?;
        Ok(kept)
    }

    async fn mark_unpaired(
        &mut self,
        id: i64,
        round: u32,
        at: DateTime<Utc>,
        reason: Option<&str>,
        moved: &[EntrantId],
    ) -> StoreResult<bool> {
        let marked = query(
            "UPDATE round_pairings SET unpaired_at = $3, unpair_reason = $4,
                 unpair_moved_withdrawals = $5
             WHERE tournament_id = $1 AND round = $2 AND unpaired_at IS NULL",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(at)
        .bind(reason)
        .bind(json(&moved)?)
        .execute(self)
        .await?;
        Ok(marked > 0)
    }

    async fn round_created_at(
        &mut self,
        id: i64,
        round: u32,
    ) -> StoreResult<Option<DateTime<Utc>>> {
        Ok(query_scalar(
            "SELECT MIN(created_at) FROM matches WHERE tournament_id = $1 AND round = $2",
        )
        .bind(id)
        .bind(i64::from(round))
        .fetch_one(self)
        .await?)
    }

    async fn insert_unpaired_record(
        &mut self,
        id: i64,
        round: u32,
        paired_at: DateTime<Utc>,
        boards: &[RecordedBoard],
        at: DateTime<Utc>,
        reason: Option<&str>,
        moved: &[EntrantId],
    ) -> StoreResult<()> {
        query(
            "INSERT INTO round_pairings (tournament_id, round, method, paired_at, boards,
                 unpaired_at, unpair_reason, unpair_moved_withdrawals)
             VALUES ($1, $2, 'system', $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(paired_at)
        .bind(json(&boards)?)
        .bind(at)
        .bind(reason)
        .bind(json(&moved)?)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn move_withdrawals_before(&mut self, id: i64, round: u32) -> StoreResult<()> {
        query(
            "UPDATE tournament_players SET withdrawn_after = $3
             WHERE tournament_id = $1 AND withdrawn_after = $2",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(i64::from(round - 1))
        .execute(self)
        .await?;
        Ok(())
    }

    async fn delete_round(&mut self, id: i64, round: u32) -> StoreResult<u64> {
        query(
            "DELETE FROM hands WHERE match_id IN
                 (SELECT id FROM matches WHERE tournament_id = $1 AND round = $2)",
        )
        .bind(id)
        .bind(i64::from(round))
        .execute(&mut *self)
        .await?;
        let matches = query("DELETE FROM matches WHERE tournament_id = $1 AND round = $2")
            .bind(id)
            .bind(i64::from(round))
            .execute(&mut *self)
            .await?;
        let byes = query("DELETE FROM tournament_byes WHERE tournament_id = $1 AND round = $2")
            .bind(id)
            .bind(i64::from(round))
            .execute(self)
            .await?;
        Ok(matches + byes)
    }

    async fn retired_entrants(&mut self, id: i64) -> StoreResult<Vec<(i64, String)>> {
        query(
            "SELECT tp.player_id, p.name FROM tournament_players tp
             JOIN players p ON p.id = tp.player_id
             WHERE tp.tournament_id = $1 AND tp.withdrawn_after IS NULL
               AND p.retired_at IS NOT NULL
             ORDER BY tp.seed_no, tp.player_id",
        )
        .bind(id)
        .fetch_all(self)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("player_id")?, r.try_get("name")?)))
        .collect()
    }

    async fn withdraw_retired_entrant(
        &mut self,
        id: i64,
        player: i64,
        after: Option<u32>,
    ) -> StoreResult<bool> {
        let query = match after {
            Some(after) => query(
                "UPDATE tournament_players SET withdrawn_after = $3
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_after IS NULL",
            )
            .bind(id)
            .bind(player)
            .bind(i64::from(after)),
            None => query(
                "DELETE FROM tournament_players
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_after IS NULL",
            )
            .bind(id)
            .bind(player),
        };
        Ok(query.execute(self).await? == 1)
    }

    async fn record_rated(&mut self, id: i64, rated: &[(EntrantId, bool)]) -> StoreResult<()> {
        for &(player, flag) in rated {
            query(
                "UPDATE tournament_players SET rated = $1
                 WHERE tournament_id = $2 AND player_id = $3",
            )
            .bind(i64::from(flag))
            .bind(id)
            .bind(player)
            .execute(&mut *self)
            .await?;
        }
        Ok(())
    }

    async fn write_seeding(&mut self, id: i64, seeding: &[(i64, u32, f64)]) -> StoreResult<u64> {
        // Every entrant's starting rank and rating in one statement (a JSON array).
        Ok(query(
            "UPDATE tournament_players SET seed_no = CAST(v.value->>1 AS BIGINT),
                 rating = CAST(v.value->>2 AS DOUBLE PRECISION)
             FROM jsonb_each(jsonb($1)) AS v
             WHERE tournament_id = $2 AND player_id = CAST(v.value->>0 AS BIGINT)",
        )
        .bind(json(&seeding)?)
        .bind(id)
        .execute(self)
        .await?)
    }

    async fn insert_round_matches(
        &mut self,
        id: i64,
        round: u32,
        spec: &MatchSpec,
        matches: &[RoundMatch<'_>],
        at: DateTime<Utc>,
    ) -> StoreResult<Vec<(i64, i64)>> {
        if matches.is_empty() {
            return Ok(Vec::new());
        }
        let variant = Variant {
            name: spec.variant.clone(),
            summary: String::new(),
            rules: spec.rules,
        };
        let rules_json = serde_json::to_string(&variant.to_file())
            .map_err(|e| StoreError::Corrupt(format!("rules do not serialise: {e}")))?;
        // As in `write_hand_rows`, the rows go in as one JSON array; what every match
        // of the round shares is bound once. A played match has its summary.
        type Row<'e> = (
            i64,
            i64,
            Option<&'e str>,
            Option<&'e str>,
            i64,
            Option<&'static str>,
            i64,
            Option<u32>,
            Option<u32>,
        );
        let rows: Vec<Row> = matches
            .iter()
            .map(|m| {
                let (winner, hands_played, final_south, final_north) =
                    m.played.map_or((None, 0, None, None), summary);
                (
                    m.south,
                    m.north,
                    m.engines.0,
                    m.engines.1,
                    m.seed as i64,
                    winner,
                    hands_played,
                    final_south,
                    final_north,
                )
            })
            .collect();
        let (id_column, id_value) =
            match super::new_match_id(self.conn().backend(), "CAST(v.key AS BIGINT)") {
                Some(value) => ("id, ", value + ", "),
                None => ("", String::new()),
            };
        let inserted = query(format!(
            "INSERT INTO matches ({id_column}variant, rules, form, max_hands, first_mover,
                     south_id, north_id, south_engine, north_engine, seed, tournament_id, round,
                     created_at, winner, hands_played, final_south, final_north, finished_at,
                     engine_version)
                 SELECT {id_value}$2, $3, $4, $5, $6, CAST(v.value->>0 AS BIGINT),
                        CAST(v.value->>1 AS BIGINT), v.value->>2, v.value->>3,
                        CAST(v.value->>4 AS BIGINT), $7, $8, $9, v.value->>5,
                        CAST(v.value->>6 AS BIGINT), CAST(v.value->>7 AS BIGINT),
                        CAST(v.value->>8 AS BIGINT),
                        CASE WHEN v.value->>5 IS NULL THEN NULL ELSE $9 END, $10
                 FROM jsonb_each(jsonb($1)) AS v WHERE true
                 RETURNING id, south_id",
        ))
        .bind(json(&rows)?)
        .bind(spec.variant.as_str())
        .bind(rules_json.as_str())
        .bind(spec.form.name())
        .bind(spec.max_hands.map(i64::from))
        .bind(spec.first.name())
        .bind(id)
        .bind(i64::from(round))
        .bind(at)
        .bind(crate::ai::ENGINE_VERSION)
        .fetch_all(self)
        .await?;
        inserted
            .iter()
            .map(|r| Ok((r.try_get::<i64>("south_id")?, r.try_get::<i64>("id")?)))
            .collect()
    }

    async fn insert_hands(
        &mut self,
        matches: &[(i64, &[Hand])],
        holes_per_row: u8,
    ) -> StoreResult<()> {
        let rows = matches
            .iter()
            .flat_map(|(id, hands)| hands.iter().map(move |h| (*id, h)));
        write_hand_rows(self, rows, holes_per_row).await
    }

    async fn delete_round_bye(&mut self, id: i64, round: u32, player: i64) -> StoreResult<u64> {
        Ok(query(
            "DELETE FROM tournament_byes
             WHERE tournament_id = $1 AND round = $2 AND player_id = $3",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(player)
        .execute(self)
        .await?)
    }

    async fn insert_round_bye(
        &mut self,
        id: i64,
        round: u32,
        board: u32,
        player: i64,
    ) -> StoreResult<()> {
        query(
            "INSERT INTO tournament_byes (tournament_id, round, board, player_id)
                 VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(i64::from(board))
        .bind(player)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn record_pairing(
        &mut self,
        id: i64,
        round: u32,
        boards: &[RecordedBoard],
        manual: Option<Option<&str>>,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        query(
            "INSERT INTO round_pairings (tournament_id, round, method, reason, paired_at, boards)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(if manual.is_some() { "manual" } else { "system" })
        .bind(manual.flatten())
        .bind(at)
        .bind(json(&boards)?)
        .execute(self)
        .await?;
        Ok(())
    }

    async fn mark_running(&mut self, id: i64) -> StoreResult<()> {
        query("UPDATE tournaments SET status = 'running' WHERE id = $1 AND status = 'open'")
            .bind(id)
            .execute(self)
            .await?;
        Ok(())
    }

    async fn write_played_round(
        &mut self,
        played: Vec<PlayedFromSetup>,
    ) -> StoreResult<WrittenRound> {
        crate::store::tournaments::play::write_played_round(self, played).await
    }
}

/// A record's list as its JSON column holds it.
fn json<T: serde::Serialize>(v: &T) -> StoreResult<String> {
    serde_json::to_string(v).map_err(|e| StoreError::Corrupt(format!("round record: {e}")))
}

/// The rating system tournament `id` records (`None`: seeded before ratings were kept
/// per variant).
pub(crate) async fn rating_system(
    conn: &mut impl AsConn,
    id: i64,
) -> StoreResult<Option<RatingSystem>> {
    let name: Option<String> = query_scalar("SELECT rating_system FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
    name.map(|n| {
        RatingSystem::parse(&n)
            .ok_or_else(|| StoreError::Corrupt(format!("tournament {id}: rating system '{n}'")))
    })
    .transpose()
}
