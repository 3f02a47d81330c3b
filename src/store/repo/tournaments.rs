//! Tournaments: the tournament as loaded, its entry list, the byes outside the
//! pairing, its closings and reopenings, and a round taken back (`tournaments`,
//! `tournament_players`, `tournament_requested_byes`, `tournament_status_changes`,
//! `round_pairings`).

use std::future::Future;

use chrono::{DateTime, Utc};

use crate::store::name_key;
use crate::store::ratings::Seeding;
use crate::store::rounds::RecordedBoard;
use crate::store::sql::{AsConn, query, query_scalar};
use crate::store::tournaments::byes::insert_bye;
use crate::store::tournaments::load::{find_tournament, load, same_counts};
use crate::store::tournaments::{
    LoadedTournament, NewTournament, Result, TournamentRow, TournamentStoreError,
};
use crate::store::{Result as StoreResult, StoreError};
use crate::tournament::{ByePoints, EntrantId, PairingSystem, RatingSystem};

/// Why a bye outside the pairing is there (`tournament_requested_byes.reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeReason {
    /// Asked for ahead of its round.
    Requested,
    /// A round paired before the player entered.
    LateEntry,
}

impl ByeReason {
    fn name(self) -> &'static str {
        match self {
            ByeReason::Requested => "requested",
            ByeReason::LateEntry => "late-entry",
        }
    }
}

/// The ratings a tournament seeds by, as they stand now: what a late entrant is
/// entered with.
pub struct EntryRatings(Seeding);

impl EntryRatings {
    /// The rating `player` is seeded by (Elo's initial rating when they have none).
    pub fn rating(&self, player: i64) -> f64 {
        self.0.rating(player)
    }

    /// Whether `player` is rated (`None`: a tournament seeded by the earlier rule,
    /// which records nothing).
    pub fn rated(&self, player: i64) -> Option<bool> {
        self.0.rated(player)
    }
}

/// The tournaments' rows, one tournament at a time.
pub trait TournamentRepo {
    /// The row of the tournament named `name` (case and Unicode variants ignored).
    fn tournament_row(&mut self, name: &str)
    -> impl Future<Output = Result<Option<TournamentRow>>>;

    /// Inserts tournament `new` (checked), named `name`, its matches limited to
    /// `max_hands`, paired by `pairing` and seeded by `rating`, open, created at `at`;
    /// returns its row as stored.
    fn insert_tournament(
        &mut self,
        new: &NewTournament,
        name: &str,
        max_hands: Option<u32>,
        pairing: PairingSystem,
        rating: RatingSystem,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<TournamentRow>>;

    /// The tournament `name` (case and Unicode variants ignored) with its boards'
    /// records; an unknown name is refused with the closest one.
    fn tournament_by_name(&mut self, name: &str) -> impl Future<Output = Result<LoadedTournament>>;

    /// Whether the stored tournament has as many matches, results, byes, entrants
    /// and withdrawals as `cached` (nobody has changed it since it was read).
    fn unchanged_since(&mut self, cached: &LoadedTournament) -> impl Future<Output = Result<bool>>;

    /// The name of tournament `id` unless it is marked finished (`None`: marked
    /// finished, or no such tournament).
    fn unfinished_name(&mut self, id: i64) -> impl Future<Output = StoreResult<Option<String>>>;

    /// The matches of tournament `id` without a result.
    fn pending_match_count(&mut self, id: i64) -> impl Future<Output = StoreResult<i64>>;

    /// The ratings tournament `id` (of `variant`) seeds by, as they stand now.
    fn entry_ratings(
        &mut self,
        id: i64,
        variant: &str,
    ) -> impl Future<Output = StoreResult<EntryRatings>>;

    /// Enters `player` in tournament `id` with starting rank `start_rank` at `at`,
    /// with the rating it was seeded by (`None`: seeded when round 1 is paired).
    fn insert_entrant(
        &mut self,
        id: i64,
        player: i64,
        start_rank: u32,
        rating: Option<f64>,
        rated: Option<bool>,
        at: DateTime<Utc>,
    ) -> impl Future<Output = StoreResult<()>>;

    /// Takes `player` off the entry list of tournament `id`.
    fn delete_entrant(&mut self, id: i64, player: i64) -> impl Future<Output = StoreResult<()>>;

    /// Marks `player` withdrawn from tournament `id` after round `after`.
    fn mark_withdrawn(
        &mut self,
        id: i64,
        player: i64,
        after: u32,
    ) -> impl Future<Output = StoreResult<()>>;

    /// Deletes the byes outside the pairing of `player` in tournament `id` for the
    /// rounds after `round`.
    fn delete_byes_after(
        &mut self,
        id: i64,
        player: i64,
        round: u32,
    ) -> impl Future<Output = StoreResult<()>>;

    /// Records that tournament `id` was imported from the file `source`, which held
    /// `rounds` rounds.
    fn insert_import(
        &mut self,
        id: i64,
        source: &str,
        rounds: u32,
        at: DateTime<Utc>,
    ) -> impl Future<Output = StoreResult<()>>;

    /// Records a bye outside the pairing of `player` in `round` of tournament `id`.
    fn insert_bye(
        &mut self,
        id: i64,
        round: u32,
        player: i64,
        points: ByePoints,
        reason: ByeReason,
    ) -> impl Future<Output = StoreResult<()>>;

    /// Marks tournament `id` finished (the first finishing time kept) and records
    /// the closing, both at `at`.
    fn mark_finished(
        &mut self,
        id: i64,
        reason: &str,
        at: DateTime<Utc>,
    ) -> impl Future<Output = StoreResult<()>>;

    /// Gives tournament `id` `rounds` rounds.
    fn set_rounds(&mut self, id: i64, rounds: u32) -> impl Future<Output = StoreResult<()>>;

    /// Marks tournament `id` reopened and records the reopening at `at`, with the
    /// rounds it had if they were changed (`rounds_before`).
    fn mark_reopened(
        &mut self,
        id: i64,
        reason: Option<&str>,
        rounds_before: Option<u32>,
        at: DateTime<Utc>,
    ) -> impl Future<Output = StoreResult<()>>;

    /// The first match of `round` of tournament `id` that has started: written to, with
    /// a result, or with a move, an arrangement or a hand's end in its hands.
    fn first_started_match(
        &mut self,
        id: i64,
        round: u32,
    ) -> impl Future<Output = StoreResult<Option<i64>>>;

    /// Marks the pairing record of `round` of tournament `id` taken back at `at` (with
    /// `reason`, and the players whose withdrawal moves to the round before); whether
    /// the round had a record.
    fn mark_unpaired(
        &mut self,
        id: i64,
        round: u32,
        at: DateTime<Utc>,
        reason: Option<&str>,
        moved: &[EntrantId],
    ) -> impl Future<Output = StoreResult<bool>>;

    /// When the first match of `round` of tournament `id` was made.
    fn round_created_at(
        &mut self,
        id: i64,
        round: u32,
    ) -> impl Future<Output = StoreResult<Option<DateTime<Utc>>>>;

    /// Records `round` of tournament `id`, paired by the system at `paired_at` as
    /// `boards`, as taken back at `at` ([`TournamentRepo::mark_unpaired`]'s record,
    /// for a round paired before rounds were recorded).
    #[allow(clippy::too_many_arguments)]
    fn insert_unpaired_record(
        &mut self,
        id: i64,
        round: u32,
        paired_at: DateTime<Utc>,
        boards: &[RecordedBoard],
        at: DateTime<Utc>,
        reason: Option<&str>,
        moved: &[EntrantId],
    ) -> impl Future<Output = StoreResult<()>>;

    /// Players of tournament `id` withdrawn after `round` are withdrawn after the
    /// round before it.
    fn move_withdrawals_before(
        &mut self,
        id: i64,
        round: u32,
    ) -> impl Future<Output = StoreResult<()>>;

    /// Deletes `round` of tournament `id`: its matches with their hands, and its
    /// byes; returns how many boards (matches and byes) it deleted.
    fn delete_round(&mut self, id: i64, round: u32) -> impl Future<Output = StoreResult<u64>>;
}

impl<C: AsConn> TournamentRepo for C {
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
        let rules_json = serde_json::to_string(&new.variant.to_file())
            .map_err(|e| TournamentStoreError::Corrupt(format!("rules do not serialise: {e}")))?;
        let tiebreaks = new
            .tiebreaks
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(",");
        let id = query_scalar::<i64>(
            "INSERT INTO tournaments (name, name_key, variant, rules, format, rounds, match_form,
                 max_hands, points, tiebreaks, seed, status, created_at, pairing_system, rating_system)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12, $13, $14)
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
        .fetch_one(&mut *self)
        .await?;
        let row = query("SELECT * FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_one(self)
            .await?;
        TournamentRow::from_row(&row)
    }

    async fn tournament_by_name(&mut self, name: &str) -> Result<LoadedTournament> {
        load(self, name).await
    }

    async fn unchanged_since(&mut self, cached: &LoadedTournament) -> Result<bool> {
        same_counts(self, cached).await
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
        Ok(
            query_scalar(
                "SELECT COUNT(*) FROM matches WHERE tournament_id = $1 AND winner IS NULL",
            )
            .bind(id)
            .fetch_one(self)
            .await?,
        )
    }

    async fn entry_ratings(&mut self, id: i64, variant: &str) -> StoreResult<EntryRatings> {
        Ok(EntryRatings(Seeding::of(self, id, variant).await?))
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

    async fn first_started_match(&mut self, id: i64, round: u32) -> StoreResult<Option<i64>> {
        Ok(query_scalar(
            "SELECT m.id FROM matches m
             WHERE m.tournament_id = $1 AND m.round = $2
               AND (m.revision > 0 OR m.winner IS NOT NULL OR EXISTS (
                   SELECT 1 FROM hands h WHERE h.match_id = m.id
                     AND (h.move_count > 0 OR h.arrangement_south IS NOT NULL
                          OR h.arrangement_north IS NOT NULL OR h.end_reason IS NOT NULL)))
             ORDER BY m.id LIMIT 1",
        )
        .bind(id)
        .bind(i64::from(round))
        .fetch_optional(self)
        .await?)
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
}

/// A record's list as its JSON column holds it.
fn json<T: serde::Serialize>(v: &T) -> StoreResult<String> {
    serde_json::to_string(v).map_err(|e| StoreError::Corrupt(format!("round record: {e}")))
}
