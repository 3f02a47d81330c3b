//! Tournaments in the store: entry lists, rounds paired into ordinary matches (and
//! byes), engine matches played and written in transactions, and Elo ratings.
//!
//! The tables (`tournaments`, `tournament_players`, `tournament_byes`, and
//! `matches.tournament_id`/`round`) are turned into a [`Tournament`] value on every
//! call ([`Store::load_tournament`]); pairing, standings and exports are the pure
//! tournament layer's. A round is paired in one `BEGIN IMMEDIATE` transaction (all its
//! matches and byes or none), and an engine match is played in memory and written in
//! one transaction (`tournament run` writes a whole round's engine matches in one,
//! [`TournamentWriter::begin_round`], see [`super::run`]), so a
//! `tournament run` that is killed at any moment resumes without losing or
//! duplicating a match: engine decisions are seeded from the match seed, so a
//! replayed match is the same match.
//!
//! Boards: a round's matches are created in board order, so their board numbers are
//! their order by id within the round; byes store their board.
//!
//! Ratings ([`Store::ratings`]): Elo (K = 32, start 1500) over every finished match
//! in the database, casual and tournament, human and engine alike, in the order the
//! matches finished (then by id). They are recomputed from the stored results
//! whenever needed, so they are reproducible and can never disagree with the results.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::sql::{AsConn, Row, Tx, query, query_scalar};
use thiserror::Error;

use super::fixture_cache::{self, ByeRowData, FixtureRows, MatchRowData, PendingSave};
use super::rounds::ManualRound;
use super::{Player, Store, StoreError, load_match, name_key, require_player_in};
use crate::ai::Level;
use crate::engine::{BySide, Side, Variant};
use crate::matches::{MatchError, MatchForm, MatchOutcome, MatchSpec, MatchState};
use crate::tournament::{
    ByePoints, Decision, Elo, Entrant, Fixture, Format, MatchResult, Pairing, PairingSystem,
    PointsScheme, RatingChange, RatingSystem, RequestedBye, Tiebreak, Tournament, TournamentError,
    TournamentStatus,
};

/// Errors of tournament storage; messages are one line and say what is allowed.
#[derive(Debug, Error)]
pub enum TournamentStoreError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error(
        "no tournament named '{}'{} (see `goobalay tournament list`)",
        crate::names::excerpt(.name),
        .like.as_deref().map_or(String::new(), |l| format!("; did you mean '{l}'?"))
    )]
    Unknown { name: String, like: Option<String> },
    #[error(
        "a tournament named '{0}' already exists (names are unique, ignoring case and Unicode variants)"
    )]
    Duplicate(String),
    #[error(transparent)]
    Name(#[from] crate::names::NameError),
    #[error("{player} is already entered in {tournament}")]
    AlreadyEntered { player: String, tournament: String },
    #[error("{player} is named twice in this entry list")]
    NamedTwice { player: String },
    #[error("{player} is not entered in {tournament}")]
    NotEntered { player: String, tournament: String },
    #[error("{player} has already withdrawn from {tournament}")]
    AlreadyWithdrawn { player: String, tournament: String },
    #[error("player '{0}' is retired and cannot enter a tournament")]
    Retired(String),
    #[error(
        "the entry list of {tournament} ({format}) closed when round 1 was paired; only a swiss takes late entries"
    )]
    EntriesClosed { tournament: String, format: Format },
    #[error("a {0}'s rounds follow from its entry count; only a swiss sets its number of rounds")]
    RoundsNotSwiss(Format),
    #[error("a swiss has between 1 and {MAX_SWISS_ROUNDS} rounds, not {0}")]
    RoundsOutOfRange(u32),
    #[error("stored tournament data is inconsistent: {0}")]
    Corrupt(String),
    #[error("{0} is not closed: there is nothing to reopen")]
    NotClosed(String),
    #[error("{tournament} cannot be closed: {why}")]
    CannotClose { tournament: String, why: String },
    #[error(
        "{paired} rounds have been paired; a reopened swiss has at least that many, not {given}"
    )]
    RoundsBelowPaired { paired: u32, given: u32 },
    #[error("{tournament} has no round to take back")]
    NothingToUnpair { tournament: String },
    #[error(
        "round {round} of {tournament} cannot be taken back: {what} has started (only a round none of whose matches has started is unpaired)"
    )]
    RoundStarted {
        tournament: String,
        round: u32,
        what: String,
    },
    #[error(
        "{tournament} is a {format}: byes on request are for a swiss paired by the Dutch system; forfeit the match instead (`goobalay match forfeit ID --absent south|north|both`)"
    )]
    ByeNotSwiss { tournament: String, format: Format },
    #[error(
        "round {round} is already paired; a bye can be asked for a round not yet paired, {next} to {last}"
    )]
    RoundAlreadyPaired { round: u32, next: u32, last: u32 },
    #[error("the tournament has {planned} rounds; there is no round {round} to ask a bye for")]
    RoundBeyondEnd { round: u32, planned: u32 },
    #[error("{player} already has a bye for round {round}")]
    ByeAlreadyRequested { player: String, round: u32 },
}

impl From<sqlx::Error> for TournamentStoreError {
    fn from(e: sqlx::Error) -> Self {
        TournamentStoreError::Store(e.into())
    }
}

/// For the match use cases that touch a tournament (closing it when its last result
/// comes in): a store error stays one; anything else means the tables disagree.
impl From<TournamentStoreError> for StoreError {
    fn from(e: TournamentStoreError) -> Self {
        match e {
            TournamentStoreError::Store(e) => e,
            other => StoreError::Corrupt(other.to_string()),
        }
    }
}

pub type Result<T, E = TournamentStoreError> = std::result::Result<T, E>;

/// The most rounds a Swiss may have.
pub const MAX_SWISS_ROUNDS: u32 = 99;

/// A tournament to create.
#[derive(Clone, Debug)]
pub struct NewTournament {
    pub name: String,
    pub variant: Variant,
    pub format: Format,
    /// Swiss only: the number of rounds.
    pub rounds: Option<u32>,
    pub form: MatchForm,
    pub max_hands: Option<u32>,
    pub points: PointsScheme,
    /// Empty: the format's defaults.
    pub tiebreaks: Vec<Tiebreak>,
    /// Seeds every match's engine decisions (mixed with round and board).
    pub seed: u64,
}

/// A tournament's row.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TournamentRow {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub format: Format,
    pub rounds: Option<u32>,
    pub match_form: String,
    pub max_hands: Option<u32>,
    pub points: String,
    pub tiebreaks: Option<String>,
    pub seed: u64,
    pub status: TournamentStatus,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// How its Swiss rounds are paired (NULL in the table: made before systems
    /// were recorded).
    pub pairing_system: PairingSystem,
    /// The rating it seeds by and shows, over its variant's matches; `None`: seeded
    /// before ratings were kept per variant, by Elo over every match.
    pub rating_system: Option<RatingSystem>,
    #[serde(skip)]
    rules_json: String,
}

impl TournamentRow {
    fn from_row(r: &Row) -> Result<TournamentRow> {
        let id: i64 = r.try_get("id")?;
        let format: String = r.try_get("format")?;
        Ok(TournamentRow {
            id,
            name: r.try_get("name")?,
            variant: r.try_get("variant")?,
            format: format
                .parse()
                .map_err(|_| corrupt(format!("tournament {id}: format '{format}'")))?,
            rounds: r.try_get::<Option<i64>>("rounds")?.map(|v| v as u32),
            match_form: r.try_get("match_form")?,
            max_hands: r.try_get::<Option<i64>>("max_hands")?.map(|v| v as u32),
            points: r.try_get("points")?,
            tiebreaks: r.try_get("tiebreaks")?,
            pairing_system: {
                let name: Option<String> = r.try_get("pairing_system")?;
                PairingSystem::from_record(name.as_deref())
                    .map_err(|e| corrupt(format!("tournament {id}: {e}")))?
            },
            rating_system: {
                let name: Option<String> = r.try_get("rating_system")?;
                name.map(|n| {
                    RatingSystem::parse(&n)
                        .ok_or_else(|| corrupt(format!("tournament {id}: rating system '{n}'")))
                })
                .transpose()?
            },
            seed: r.try_get::<i64>("seed")? as u64,
            status: {
                let word: String = r.try_get("status")?;
                TournamentStatus::parse(&word)
                    .ok_or_else(|| corrupt(format!("tournament {id}: status '{word}'")))?
            },
            created_at: r.try_get("created_at")?,
            finished_at: r.try_get("finished_at")?,
            rules_json: r.try_get::<Option<String>>("rules")?.unwrap_or_default(),
        })
    }

    /// The spec of this tournament's matches (South moves first in hand 1).
    pub fn spec(&self) -> Result<MatchSpec> {
        let variant = if self.rules_json.is_empty() {
            Variant::preset(&self.variant)
                .ok_or_else(|| corrupt(format!("tournament {}: no rules", self.id)))?
        } else {
            Variant::from_recorded_json(&self.rules_json)
                .map_err(|e| corrupt(format!("tournament {}: rules: {e}", self.id)))?
        };
        let form = MatchForm::parse(&self.match_form)?;
        let mut spec = MatchSpec::new(&variant, form, self.max_hands, Side::South)?;
        spec.variant = self.variant.clone();
        Ok(spec)
    }

    pub fn points_scheme(&self) -> Result<PointsScheme> {
        Ok(self.points.parse()?)
    }

    pub fn tiebreak_list(&self) -> Result<Vec<Tiebreak>> {
        match self.tiebreaks.as_deref() {
            None | Some("") => Ok(Vec::new()),
            Some(t) => Ok(Tiebreak::parse_list(t)?),
        }
    }
}

fn corrupt(what: String) -> TournamentStoreError {
    TournamentStoreError::Corrupt(what)
}

/// One board of one round as stored.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BoardRow {
    pub round: u32,
    pub board: u32,
    /// `None` for a bye.
    pub match_id: Option<i64>,
    pub south_id: i64,
    pub north_id: Option<i64>,
    /// Both players are engines: `tournament run` plays it.
    pub engines_only: bool,
    pub finished: bool,
    pub hands_played: i64,
    /// The match seed (0 for a bye).
    pub seed: u64,
    /// Engine levels of South and North (`None`: a human, or a bye), shared: a
    /// 100,000-match tournament holds a handful of distinct ones.
    pub engines: (Option<Arc<str>>, Option<Arc<str>>),
}

/// A tournament loaded from the tables: its row, the pure layer's value, and where
/// each fixture's match is.
#[derive(Clone, Debug)]
pub struct LoadedTournament {
    pub row: TournamentRow,
    pub tournament: Tournament,
    pub boards: Vec<BoardRow>,
    /// Each entrant's engine level (`None`: a human).
    pub engines: HashMap<i64, Option<Arc<str>>>,
}

impl LoadedTournament {
    /// Matches of engine players only that are not finished, in round and board order.
    pub fn pending_engine_matches(&self) -> Vec<BoardRow> {
        pending_engine_boards(&self.boards)
    }

    /// Paired matches without a result.
    pub fn pending_matches(&self) -> usize {
        self.boards
            .iter()
            .filter(|b| b.match_id.is_some() && !b.finished)
            .count()
    }

    /// Closed: marked finished, or over (every round paired and played) and not
    /// reopened since. A closed tournament takes no entries, withdrawals, pairings or
    /// results until the director reopens it (`tournament reopen`); an event over
    /// before closings were recorded counts as closed too.
    pub fn is_closed(&self) -> bool {
        self.row.status == TournamentStatus::Finished
            || (self.row.status != TournamentStatus::Reopened && self.tournament.is_finished())
    }

    /// [`LoadedTournament::is_closed`] as an error.
    pub fn ensure_open(&self) -> Result<()> {
        if self.is_closed() {
            return Err(StoreError::TournamentClosed(self.row.name.clone()).into());
        }
        Ok(())
    }

    pub fn board_of_match(&self, id: i64) -> Option<&BoardRow> {
        self.boards.iter().find(|b| b.match_id == Some(id))
    }

    /// Records a match just stored by this process (see
    /// [`Store::pair_next_round_cached`]): its result as `load` would read it.
    pub fn record_played(&mut self, board: &BoardRow, m: &PlayedMatch) {
        if m.outcome.is_none() {
            return;
        }
        record_result(&mut self.tournament, board.round, board.board, m);
        if let Some(b) = self
            .boards
            .iter_mut()
            .find(|b| b.match_id.is_some() && b.match_id == board.match_id)
        {
            b.finished = true;
            b.hands_played = m.hands_finished;
        }
    }

    pub fn name_of(&self, id: i64) -> &str {
        self.tournament.entrant(id).map_or("?", |e| e.name.as_str())
    }
}

/// The boards with an unfinished match between engine players.
pub fn pending_engine_boards(boards: &[BoardRow]) -> Vec<BoardRow> {
    boards
        .iter()
        .filter(|b| !b.finished && b.engines_only && b.match_id.is_some())
        .cloned()
        .collect()
}

/// Records the result of the finished match `m` on `board` of `round` in `t`, as
/// `load` would read it from the stored match.
pub(crate) fn record_result(t: &mut Tournament, round: u32, board: u32, m: &PlayedMatch) {
    let Some(outcome) = m.outcome else {
        return;
    };
    let decision = match outcome {
        MatchOutcome::Winner(Side::South) => Decision::South,
        MatchOutcome::Winner(Side::North) => Decision::North,
        MatchOutcome::Draw => Decision::Draw,
    };
    if let Some(f) = t
        .fixtures
        .iter_mut()
        .find(|f| f.pairing.round == round && f.pairing.board == board && f.pairing.north.is_some())
    {
        f.result = Some(MatchResult::played(
            decision,
            BySide::new(m.result_seeds.0, m.result_seeds.1),
        ));
    }
}

/// Adds a round just paired to `t` as `load` would read it back: match fixtures in
/// (round, id) order, then the byes.
pub(crate) fn add_round(t: &mut Tournament, pairings: &[Pairing]) {
    let at = t
        .fixtures
        .iter()
        .filter(|f| f.pairing.north.is_some())
        .count();
    let (games, byes): (Vec<_>, Vec<_>) = pairings.iter().cloned().partition(|p| p.north.is_some());
    t.fixtures
        .splice(at..at, games.into_iter().map(Fixture::pending));
    t.fixtures.extend(byes.into_iter().map(Fixture::pending));
}

/// A round just paired.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PairedRound {
    pub round: u32,
    pub boards: Vec<BoardRow>,
    /// Retired entrants withdrawn just before this round was paired (names).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub withdrawn_retired: Vec<String>,
}

/// A tournament in `tournament list`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TournamentSummary {
    #[serde(flatten)]
    pub row: TournamentRow,
    pub entrants: i64,
    pub rounds_paired: i64,
    pub matches: i64,
    pub matches_finished: i64,
}

/// An engine match just played and stored by a tournament run.
#[derive(Clone, Debug)]
pub struct PlayedMatch {
    pub id: i64,
    pub outcome: Option<MatchOutcome>,
    pub hands: usize,
    pub moves: usize,
    /// Seeds at the end (the last hand's scores).
    pub seeds: Option<(u32, u32)>,
    /// The seeds the standings count (a `games:N` match: the sums over its games;
    /// otherwise the last hand's scores, 0 without one).
    pub result_seeds: (u32, u32),
    /// Hands finished.
    pub hands_finished: i64,
}

/// The seed of the match on `board` of `round`: a SplitMix64 mix of the tournament
/// seed, so a tournament's matches replay from its one recorded seed.
pub fn match_seed(seed: u64, round: u32, board: u32) -> u64 {
    use crate::seeds::{GOLDEN, finish};
    let spread = GOLDEN.wrapping_mul(u64::from(round) << 16 | u64::from(board));
    finish(seed.wrapping_add(spread)) >> 1 // fits in SQLite's signed 64-bit integer either way
}

/// Creates a tournament (see [`Store::create_tournament_rated`]) in a write
/// transaction the caller commits.
pub(super) async fn create_in(
    tx: &mut impl AsConn,
    new: &NewTournament,
    rating_system: RatingSystem,
) -> Result<TournamentRow> {
    let name = &crate::names::clean(&new.name, "a tournament name")?;
    if let Some(r) = new.rounds {
        if new.format != Format::Swiss {
            return Err(TournamentStoreError::RoundsNotSwiss(new.format));
        }
        if !(1..=MAX_SWISS_ROUNDS).contains(&r) {
            return Err(TournamentStoreError::RoundsOutOfRange(r));
        }
    }
    // Check the match form and hand limit now, not at the first pairing; the
    // limit stored is the one the matches get (RULES.md §3 point 11's default if
    // none is given).
    let spec = MatchSpec::new(&new.variant, new.form, new.max_hands, Side::South)?;
    let rules_json = serde_json::to_string(&new.variant.to_file())
        .map_err(|e| corrupt(format!("rules do not serialise: {e}")))?;
    let tiebreaks = new
        .tiebreaks
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(",");
    if find_tournament(&mut *tx, name).await?.is_some() {
        return Err(TournamentStoreError::Duplicate(name.to_string()));
    }
    let id = query_scalar::<i64>(
        "INSERT INTO tournaments (name, name_key, variant, rules, format, rounds, match_form,
             max_hands, points, tiebreaks, seed, status, created_at, pairing_system, rating_system)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12, $13, $14)
         RETURNING id",
    )
    .bind(name.as_str())
    .bind(name_key(name))
    .bind(&new.variant.name)
    .bind(rules_json)
    .bind(new.format.name())
    .bind(new.rounds.map(i64::from))
    .bind(new.form.name())
    .bind(spec.max_hands.map(i64::from))
    .bind(new.points.to_string())
    .bind((!tiebreaks.is_empty()).then_some(tiebreaks))
    .bind(new.seed as i64)
    .bind(super::now())
    .bind(PairingSystem::CURRENT.name())
    .bind(rating_system.name())
    .fetch_one(&mut *tx)
    .await?;
    let row = query("SELECT * FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    TournamentRow::from_row(&row)
}

impl Store {
    pub async fn create_tournament(&self, new: &NewTournament) -> Result<TournamentRow> {
        self.create_tournament_rated(new, RatingSystem::Elo).await
    }

    /// Creates a tournament that seeds by, and shows, `rating_system` ratings of its
    /// variant.
    pub async fn create_tournament_rated(
        &self,
        new: &NewTournament,
        rating_system: RatingSystem,
    ) -> Result<TournamentRow> {
        let mut tx = self.begin_write().await?;
        let row = create_in(&mut tx, new, rating_system).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Every tournament, newest first, with counts.
    pub async fn tournaments(&self) -> Result<Vec<TournamentSummary>> {
        let rows = query(
            "SELECT t.*,
                (SELECT COUNT(*) FROM tournament_players tp WHERE tp.tournament_id = t.id) AS n_entrants,
                (SELECT MAX(r) FROM (SELECT MAX(round) AS r FROM matches WHERE tournament_id = t.id
                    UNION ALL SELECT MAX(round) FROM tournament_byes WHERE tournament_id = t.id) AS paired)
                    AS n_rounds,
                (SELECT COUNT(*) FROM matches m WHERE m.tournament_id = t.id) AS n_matches,
                (SELECT COUNT(*) FROM matches m WHERE m.tournament_id = t.id AND m.winner IS NOT NULL) AS n_finished
             FROM tournaments t ORDER BY t.id DESC",
        )
        .fetch_all(&mut self.begin_read().await?)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(TournamentSummary {
                    row: TournamentRow::from_row(r)?,
                    entrants: r.try_get("n_entrants")?,
                    rounds_paired: r.try_get::<Option<i64>>("n_rounds")?.unwrap_or(0),
                    matches: r.try_get("n_matches")?,
                    matches_finished: r.try_get("n_finished")?,
                })
            })
            .collect()
    }

    /// Whether a tournament of that name exists.
    pub async fn tournament_exists(&self, name: &str) -> Result<bool> {
        let mut conn = self.pool().acquire().await?;
        Ok(find_tournament(&mut conn, name).await?.is_some())
    }

    /// The tournament `name` as the pure layer's value.
    pub async fn load_tournament(&self, name: &str) -> Result<LoadedTournament> {
        let mut tx = self.begin_read().await?;
        let (loaded, pending) =
            load_reading_cache(&mut tx, name, FixtureSource::CacheIfCurrent, Parts::Whole).await?;
        if let Some(save) = pending {
            self.note_fixture_rows(save);
        }
        Ok(loaded)
    }

    /// [`Store::load_tournament`] without the boards' store records (`boards` and
    /// `engines` left empty): the pure layer's tournament and the row, all that the
    /// standings need, read in less time and memory.
    pub async fn load_tournament_results(&self, name: &str) -> Result<LoadedTournament> {
        let mut tx = self.begin_read().await?;
        let (loaded, pending) =
            load_reading_cache(&mut tx, name, FixtureSource::CacheIfCurrent, Parts::Results)
                .await?;
        if let Some(save) = pending {
            self.note_fixture_rows(save);
        }
        Ok(loaded)
    }

    /// The tournament with id `id` (`None`: no such tournament), as
    /// [`Store::load_tournament`] loads it by name.
    pub async fn load_tournament_by_id(&self, id: i64) -> Result<Option<LoadedTournament>> {
        let mut tx = self.begin_read().await?;
        load_by_id(&mut tx, id).await
    }

    /// Enters players (all or none).
    pub async fn add_entrants(&self, name: &str, players: &[String]) -> Result<Vec<Player>> {
        let mut tx = self.begin_write().await?;
        let loaded = load(&mut tx, name).await?;
        loaded.ensure_open()?;
        let t = &loaded.tournament;
        if t.current_round() > 0 && t.format != Format::Swiss {
            return Err(TournamentStoreError::EntriesClosed {
                tournament: loaded.row.name.clone(),
                format: t.format,
            });
        }
        let mut next_seed = t.entrants.iter().map(|e| e.start_rank).max().unwrap_or(0) + 1;
        let seeding = if t.current_round() > 0 {
            Some(super::ratings::Seeding::of(&mut tx, loaded.row.id, &loaded.row.variant).await?)
        } else {
            None
        };
        let mut added: Vec<Player> = Vec::new();
        for p in players {
            let player = require_player_in(&mut tx, p).await?;
            if player.retired_at.is_some() {
                return Err(TournamentStoreError::Retired(player.name));
            }
            if t.entrant(player.id).is_some() {
                return Err(TournamentStoreError::AlreadyEntered {
                    player: player.name,
                    tournament: loaded.row.name.clone(),
                });
            }
            if added.iter().any(|a| a.id == player.id) {
                return Err(TournamentStoreError::NamedTwice {
                    player: player.name,
                });
            }
            // A late Swiss entry gets the next starting rank and today's rating.
            let rating = seeding.as_ref().map(|s| s.rating(player.id));
            let rated = seeding.as_ref().and_then(|s| s.rated(player.id));
            query(
                "INSERT INTO tournament_players (tournament_id, player_id, seed_no, joined_at, rating, rated)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(loaded.row.id)
            .bind(player.id)
            .bind(i64::from(next_seed))
            .bind(super::now())
            .bind(rating)
            .bind(rated.map(i64::from))
            .execute(&mut tx)
            .await?;
            next_seed += 1;
            // The rounds already paired are missed: zero-point byes, recorded.
            super::forfeits::record_late_entry_byes(
                &mut tx,
                loaded.row.id,
                player.id,
                t.current_round(),
            )
            .await?;
            added.push(player);
        }
        tx.commit().await?;
        Ok(added)
    }

    /// Withdraws a player: kept in the standings with the results so far, not paired
    /// again. A match already paired stays and counts when it is finished. Before
    /// round 1 is paired the player is taken off the entry list instead (round 0 is
    /// returned).
    pub async fn withdraw(&self, name: &str, player: &str) -> Result<(Player, u32)> {
        let mut tx = self.begin_write().await?;
        let loaded = load(&mut tx, name).await?;
        loaded.ensure_open()?;
        let p = require_player_in(&mut tx, player).await?;
        let withdrawn = withdraw_in(&mut tx, &loaded, p).await?;
        tx.commit().await?;
        Ok(withdrawn)
    }

    /// Pairs the next round in one transaction: its matches (hand 1 set up; an
    /// engine facing a human makes its opening turns) and byes. Before round 1 the
    /// entrants are seeded by their current rating.
    pub async fn pair_next_round(&self, name: &str) -> Result<PairedRound> {
        self.pair_next_round_cached(name, &mut None).await
    }

    /// [`Store::pair_next_round`] for a caller that keeps the tournament in memory
    /// between rounds (`tournament run`): `cache` is the tournament as last loaded or
    /// paired here, with the results since recorded
    /// ([`LoadedTournament::record_played`]). It is used instead of reading every
    /// match row again if the stored tournament still has the same number of matches,
    /// finished matches, byes, entrants and withdrawals (otherwise, and before round
    /// 1, the tournament is loaded); on success it is the tournament with the new round.
    pub async fn pair_next_round_cached(
        &self,
        name: &str,
        cache: &mut Option<LoadedTournament>,
    ) -> Result<PairedRound> {
        let mut tx = self.begin_write().await?;
        let (paired, next, _) =
            pair_in(&mut tx, name, cache.take(), PlayedAhead::new(), None).await?;
        tx.commit().await?;
        *cache = next;
        Ok(paired)
    }

    /// A writer for a run that stores many rounds of engine matches one after the
    /// other.
    pub async fn tournament_writer(&self) -> Result<TournamentWriter<'_>> {
        Ok(TournamentWriter { store: self })
    }
}

/// Stores played tournament matches on one connection; see
/// [`Store::tournament_writer`].
pub struct TournamentWriter<'a> {
    store: &'a Store,
}

impl TournamentWriter<'_> {
    /// Starts a round's engine matches: add them with [`RoundBatch::add`] as the
    /// engine delivers them, then [`RoundBatch::commit`]. They are kept in memory and
    /// written at the commit, all in one `BEGIN IMMEDIATE` transaction, so the write
    /// lock is held only while writing, never while the engines think.
    ///
    /// Why a whole round in one transaction is safe: an engine match is fully
    /// determined by its recorded seed, so a run killed before the commit loses only
    /// engine play that the restarted run regenerates identically, and the transaction
    /// is all-or-nothing, so no match or hand is ever half-written or written twice.
    /// (Human matches are never written this way.)
    pub async fn begin_round(&mut self) -> Result<RoundBatch<'_>> {
        Ok(RoundBatch {
            store: self.store,
            played: Vec::new(),
        })
    }
}

/// A round's engine matches waiting to be written in one transaction; see
/// [`TournamentWriter::begin_round`].
pub struct RoundBatch<'a> {
    store: &'a Store,
    played: Vec<(BoardRow, MatchState)>,
}

impl<'a> RoundBatch<'a> {
    /// Keeps matches played from the setup (as [`play_board`] returns them) for the
    /// commit.
    pub fn add(&mut self, played_matches: Vec<(BoardRow, MatchState)>) {
        self.played.extend(played_matches);
    }

    /// Opens the round's transaction and writes the matches kept so far.
    async fn write(self) -> Result<OpenRound<'a>> {
        let mut open = OpenRound {
            store: self.store,
            tx: self.store.begin_write().await?,
            stored: Vec::new(),
            touched: Vec::new(),
        };
        let mut played = self.played;
        while !played.is_empty() {
            let rest = played.split_off(played.len().min(WRITE_CHUNK));
            open.add(played).await?;
            played = rest;
        }
        Ok(open)
    }

    /// See [`OpenRound::commit_and_pair`].
    pub async fn commit_and_pair(
        self,
        name: &str,
        cache: &mut Option<LoadedTournament>,
        ahead: PlayedAhead,
    ) -> Result<CommittedRound> {
        self.write()
            .await?
            .commit_and_pair(name, cache, ahead)
            .await
    }

    /// See [`OpenRound::commit`].
    pub async fn commit(self) -> Result<Vec<(BoardRow, PlayedMatch)>> {
        self.write().await?.commit().await
    }
}

/// Matches written a statement at a time (bounds the JSON of one statement).
const WRITE_CHUNK: usize = 64;

/// A round's transaction, open: see [`RoundBatch::write`].
struct OpenRound<'a> {
    store: &'a Store,
    tx: Tx,
    /// Written in this transaction.
    stored: Vec<(BoardRow, PlayedMatch)>,
    /// Not untouched when checked (started or played by someone else): handled one by
    /// one after the commit ([`Store::play_started_match`]).
    touched: Vec<BoardRow>,
}

impl OpenRound<'_> {
    /// Writes the matches played from the setup whose stored match is still
    /// untouched: their summaries and every hand, two statements for the lot. The
    /// others are kept for [`OpenRound::commit`].
    async fn add(&mut self, played_matches: Vec<(BoardRow, MatchState)>) -> Result<()> {
        let (items, no_match): (Vec<_>, Vec<_>) = played_matches
            .into_iter()
            .partition(|(b, _)| b.match_id.is_some());
        self.touched.extend(no_match.into_iter().map(|(b, _)| b));
        if items.is_empty() {
            return Ok(());
        }
        // The summaries `save_match` writes, only where the match is untouched: no
        // result, the seed we played, one hand not begun (another process may have
        // played it). As in `write_hand_rows`, the rows go in as one JSON array.
        // The hand limit played must be the stored match's: a match recorded before
        // RULES.md §3 point 11 has none and is played on by itself (`touched`).
        type Summary = (
            i64,
            i64,
            Option<&'static str>,
            i64,
            Option<u32>,
            Option<u32>,
            Option<u32>,
        );
        let rows: Vec<Summary> = items
            .iter()
            .map(|(b, state)| {
                let (winner, hands_played, final_south, final_north) = summary(state);
                (
                    b.match_id.expect("partitioned"),
                    b.seed as i64,
                    winner,
                    hands_played,
                    final_south,
                    final_north,
                    state.spec().max_hands,
                )
            })
            .collect();
        let json =
            serde_json::to_string(&rows).map_err(|e| corrupt(format!("match summaries: {e}")))?;
        let untouched: std::collections::HashSet<i64> = query_scalar(
            "UPDATE matches SET revision = revision + 1, winner = v.value->>2,
                 hands_played = CAST(v.value->>3 AS BIGINT),
                 final_south = CAST(v.value->>4 AS BIGINT),
                 final_north = CAST(v.value->>5 AS BIGINT),
                 finished_at = CASE WHEN v.value->>2 IS NULL THEN NULL
                                    ELSE COALESCE(matches.finished_at, $2) END
             FROM jsonb_each(jsonb($1)) AS v
             WHERE matches.id = CAST(v.value->>0 AS BIGINT)
               AND matches.seed = CAST(v.value->>1 AS BIGINT)
               AND matches.max_hands IS NOT DISTINCT FROM CAST(v.value->>6 AS BIGINT)
               AND matches.winner IS NULL
               AND (SELECT COUNT(*) FROM hands WHERE match_id = matches.id) = 1
               AND (SELECT move_count = 0 AND arrangement_south IS NULL
                           AND arrangement_north IS NULL AND end_reason IS NULL
                    FROM hands WHERE match_id = matches.id AND number = 1)
             RETURNING id",
        )
        .bind(json)
        .bind(super::now())
        .fetch_all(&mut self.tx)
        .await?
        .into_iter()
        .collect();
        let (fresh, other): (Vec<_>, Vec<_>) = items
            .into_iter()
            .partition(|(b, _)| b.match_id.is_some_and(|id| untouched.contains(&id)));
        self.touched.extend(other.into_iter().map(|(b, _)| b));
        if fresh.is_empty() {
            return Ok(());
        }
        let n = fresh[0].1.spec().rules.holes_per_row;
        let hand_rows: Vec<(i64, &[crate::matches::Hand])> = fresh
            .iter()
            .map(|(b, s)| (b.match_id.expect("partitioned"), s.hands()))
            .collect();
        write_hand_rows(&mut self.tx, &hand_rows, n).await?;
        self.stored.extend(fresh.into_iter().map(|(b, s)| {
            let m = played(b.match_id.expect("partitioned"), &s);
            (b, m)
        }));
        Ok(())
    }

    /// Pairs the next round of tournament `name` in this round's transaction, then
    /// commits both: the round's matches recorded in `cache` (as
    /// [`LoadedTournament::record_played`]) and paired on from it (as
    /// [`Store::pair_next_round_cached`]), with the matches of `ahead` (the engine
    /// has played them already) stored played instead of set up. One commit a round,
    /// and each match written once. A tournament error of the pairing (finished, a
    /// round waiting for a human) is returned beside the committed matches. With a
    /// match that was not untouched it is [`RoundBatch::commit`], then the pairing on
    /// its own (`ahead` is then dropped: the engine plays those matches again).
    ///
    /// Returns the round's matches committed, the pairing, and the matches of
    /// `ahead` committed with it.
    async fn commit_and_pair(
        mut self,
        name: &str,
        cache: &mut Option<LoadedTournament>,
        ahead: PlayedAhead,
    ) -> Result<CommittedRound> {
        if !self.touched.is_empty() {
            let store = self.store;
            let done = self.commit().await?;
            if let Some(c) = cache.as_mut() {
                for (b, m) in &done {
                    c.record_played(b, m);
                }
            }
            let paired = store.pair_next_round_cached(name, cache).await;
            return Ok((done, paired, Vec::new()));
        }
        let mut done = std::mem::take(&mut self.stored);
        done.sort_by_key(|(b, _)| (b.round, b.board));
        if let Some(c) = cache.as_mut() {
            for (b, m) in &done {
                c.record_played(b, m);
            }
        }
        match pair_in(&mut self.tx, name, cache.take(), ahead, None).await {
            Ok((paired, next, stored)) => {
                self.tx.commit().await?;
                *cache = next;
                Ok((done, Ok(paired), stored))
            }
            Err(TournamentStoreError::Tournament(e)) => {
                self.tx.commit().await?;
                Ok((done, Err(TournamentStoreError::Tournament(e)), Vec::new()))
            }
            Err(e) => Err(e),
        }
    }

    /// Commits the round's transaction, then plays on the matches that were not
    /// untouched (each in its own transaction, as [`Store::play_started_match`]).
    /// Returns the matches played, in board order.
    async fn commit(self) -> Result<Vec<(BoardRow, PlayedMatch)>> {
        self.tx.commit().await?;
        let mut done = self.stored;
        for b in self.touched {
            if let Some(id) = b.match_id
                && let Some(m) = self.store.play_started_match(id).await?
            {
                done.push((b, m));
            }
        }
        done.sort_by_key(|(b, _)| (b.round, b.board));
        Ok(done)
    }
}

/// What [`RoundBatch::commit_and_pair`] committed: the round's matches, the next
/// round's pairing (or why there is none), and the matches stored with it.
pub type CommittedRound = (
    Vec<(BoardRow, PlayedMatch)>,
    Result<PairedRound>,
    Vec<(BoardRow, PlayedMatch)>,
);

/// Engine matches already played from the setup for a round not yet paired in the
/// database, by (round, board): see [`RoundBatch::commit_and_pair`].
pub type PlayedAhead = HashMap<(u32, u32), (BoardRow, MatchState)>;

/// [`Store::pair_next_round_cached`] in a transaction the caller opened
/// (`BEGIN IMMEDIATE`) and commits. Returns the round, the tournament to keep in
/// memory once committed, and the matches of `ahead` stored with the round. A
/// tournament error (finished, a round incomplete) comes before anything is written.
///
/// A match of `ahead` whose board is the same game (round, board, players, seed and
/// engine levels) is stored played, with its summary and every hand, instead of
/// set up; the others are dropped.
pub(super) async fn pair_in(
    conn: &mut impl AsConn,
    name: &str,
    cache: Option<LoadedTournament>,
    mut ahead: PlayedAhead,
    manual: Option<&ManualRound>,
) -> Result<(
    PairedRound,
    Option<LoadedTournament>,
    Vec<(BoardRow, PlayedMatch)>,
)> {
    let mut loaded = match cache {
        Some(c)
            if name_key(&c.row.name) == name_key(name)
                && c.tournament.current_round() >= 1
                && same_counts(&mut *conn, &c).await? =>
        {
            c
        }
        _ => load(&mut *conn, name).await?,
    };
    let tid = loaded.row.id;
    loaded.ensure_open()?;
    let retired = withdraw_retired(&mut *conn, &mut loaded).await?;
    if loaded.tournament.current_round() == 0 && !manual.is_some_and(|m| m.keep_seeding) {
        let seeding = super::ratings::Seeding::of(&mut *conn, tid, &loaded.row.variant).await?;
        let t = &mut loaded.tournament;
        for e in &mut t.entrants {
            e.rating = seeding.rating(e.id);
        }
        seeding.assign_start_ranks(&mut t.entrants);
        seeding.record_rated(&mut *conn, tid, &t.entrants).await?;
        // Every entrant's starting rank and rating in one statement (a JSON array).
        let seeding: Vec<(i64, u32, f64)> = t
            .entrants
            .iter()
            .map(|e| (e.id, e.start_rank, e.rating))
            .collect();
        let json = serde_json::to_string(&seeding).map_err(|e| corrupt(format!("seeding: {e}")))?;
        let seeded = query(
            "UPDATE tournament_players SET seed_no = CAST(v.value->>1 AS BIGINT),
                 rating = CAST(v.value->>2 AS DOUBLE PRECISION)
             FROM jsonb_each(jsonb($1)) AS v
             WHERE tournament_id = $2 AND player_id = CAST(v.value->>0 AS BIGINT)",
        )
        .bind(json)
        .bind(tid)
        .execute(&mut *conn)
        .await?;
        if seeded != seeding.len() as u64 {
            return Err(corrupt(format!(
                "{} of {} entrants seeded",
                seeded,
                seeding.len()
            )));
        }
    }
    // An error writes nothing (a finished tournament is marked so by
    // `finish_tournament`, which `tournament run` calls).
    let pairings = match manual {
        None => loaded.tournament.next_round()?,
        Some(m) => super::rounds::manual_pairings(&mut *conn, &loaded, m).await?,
    };
    record_withdrawals(&mut *conn, tid, &loaded.tournament, &retired).await?;
    let spec = loaded.row.spec()?;
    let engine_of = &loaded.engines;
    let variant = Variant {
        name: spec.variant.clone(),
        summary: String::new(),
        rules: spec.rules,
    };
    let rules_json = serde_json::to_string(&variant.to_file())
        .map_err(|e| corrupt(format!("rules do not serialise: {e}")))?;
    let n = spec.rules.holes_per_row;
    let fresh = MatchState::new(spec.clone());
    let now = super::now();
    let mut boards = Vec::with_capacity(pairings.len());
    let round = pairings.first().map_or(0, |p| p.round);
    // The round's matches in one statement, in board order (so their ids are in
    // board order): the columns of `Store::create_match`; a fresh match's summary
    // columns are their defaults.
    // (pairing, north, seed, engines, the match if already played)
    type Game<'p> = (
        &'p Pairing,
        i64,
        u64,
        (Option<Arc<str>>, Option<Arc<str>>),
        Option<MatchState>,
    );
    let games: Vec<Game> = pairings
        .iter()
        .filter_map(|p| {
            let north = p.north?;
            let engines = (
                engine_of.get(&p.south).cloned().flatten(),
                engine_of.get(&north).cloned().flatten(),
            );
            let seed = match_seed(loaded.row.seed, p.round, p.board);
            let board = board_row(p, Some(0), false, 0, seed, engines.clone());
            let played = ahead
                .remove(&(p.round, p.board))
                .filter(|(b, _)| board.engines_only && same_game(&board, b))
                .map(|(_, state)| state);
            Some((p, north, seed, engines, played))
        })
        .collect();
    // As in `write_hand_rows`, the rows go in as one JSON array; what every match
    // of the round shares is bound once. A played match has its summary.
    type GameRow<'e> = (
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
    let rows: Vec<GameRow> = games
        .iter()
        .map(|(p, north, seed, engines, played)| {
            let (winner, hands_played, final_south, final_north) =
                played.as_ref().map_or((None, 0, None, None), summary);
            (
                p.south,
                *north,
                engines.0.as_deref(),
                engines.1.as_deref(),
                *seed as i64,
                winner,
                hands_played,
                final_south,
                final_north,
            )
        })
        .collect();
    let json = serde_json::to_string(&rows).map_err(|e| corrupt(format!("matches: {e}")))?;
    // Inserted in board order under the write lock, one writer at a time, so their
    // ids increase in board order (boards are the matches' order by id within the
    // round). Each player plays once a round, so South names the board an id is for.
    let ids: Vec<i64> = if games.is_empty() {
        Vec::new()
    } else {
        let inserted = query(
            "INSERT INTO matches (variant, rules, form, max_hands, first_mover, south_id,
                     north_id, south_engine, north_engine, seed, tournament_id, round, created_at,
                     winner, hands_played, final_south, final_north, finished_at,
                     engine_version)
                 SELECT $2, $3, $4, $5, $6, CAST(v.value->>0 AS BIGINT),
                        CAST(v.value->>1 AS BIGINT), v.value->>2, v.value->>3,
                        CAST(v.value->>4 AS BIGINT), $7, $8, $9, v.value->>5,
                        CAST(v.value->>6 AS BIGINT), CAST(v.value->>7 AS BIGINT),
                        CAST(v.value->>8 AS BIGINT),
                        CASE WHEN v.value->>5 IS NULL THEN NULL ELSE $9 END, $10
                 FROM jsonb_each(jsonb($1)) AS v WHERE true
                 RETURNING id, south_id",
        )
        .bind(json)
        .bind(spec.variant.as_str())
        .bind(rules_json.as_str())
        .bind(spec.form.name())
        .bind(spec.max_hands.map(i64::from))
        .bind(spec.first.name())
        .bind(tid)
        .bind(i64::from(round))
        .bind(now)
        .bind(crate::ai::ENGINE_VERSION)
        .fetch_all(&mut *conn)
        .await?;
        let mut id_of_south = HashMap::with_capacity(inserted.len());
        for r in &inserted {
            id_of_south.insert(r.try_get::<i64>("south_id")?, r.try_get::<i64>("id")?);
        }
        let ids: Vec<i64> = games
            .iter()
            .filter_map(|g| id_of_south.get(&g.0.south).copied())
            .collect();
        if inserted.len() != games.len()
            || ids.len() != games.len()
            || ids.windows(2).any(|w| w[0] >= w[1])
        {
            return Err(corrupt(format!(
                "round {round}: {} of {} matches stored in board order",
                ids.len(),
                games.len()
            )));
        }
        ids
    };
    let hand_rows: Vec<(i64, &[crate::matches::Hand])> = ids
        .iter()
        .zip(&games)
        .map(|(&id, game)| (id, game.4.as_ref().unwrap_or(&fresh).hands()))
        .collect();
    write_hand_rows(&mut *conn, &hand_rows, n).await?;
    let mut stored = Vec::new();
    let mut played_games = games.into_iter().map(|g| g.4);
    let mut ids = ids.into_iter();
    for p in &pairings {
        let Some(north) = p.north else {
            query(
                "INSERT INTO tournament_byes (tournament_id, round, board, player_id)
                     VALUES ($1, $2, $3, $4)",
            )
            .bind(tid)
            .bind(i64::from(p.round))
            .bind(i64::from(p.board))
            .bind(p.south)
            .execute(&mut *conn)
            .await?;
            boards.push(board_row(p, None, true, 0, 0, (None, None)));
            continue;
        };
        let id = ids.next().expect("one id per game");
        let seed = match_seed(loaded.row.seed, p.round, p.board);
        let engines = (
            engine_of.get(&p.south).cloned().flatten(),
            engine_of.get(&north).cloned().flatten(),
        );
        if let Some(state) = played_games.next().expect("one game per match") {
            let m = played(id, &state);
            let board = board_row(p, Some(id), true, m.hands_finished, seed, engines);
            boards.push(board.clone());
            stored.push((board, m));
            continue;
        }
        // An engine facing a human makes its opening turns after the commit, thought
        // outside any transaction (`app::tournaments::make_engine_openings`).
        boards.push(board_row(p, Some(id), false, 0, seed, engines));
    }
    super::rounds::record_pairing(&mut *conn, tid, round, &boards, manual, now).await?;
    if manual.is_some() {
        loaded.tournament.manual_rounds.push(round);
    }
    if loaded.row.status == TournamentStatus::Open {
        query("UPDATE tournaments SET status = 'running' WHERE id = $1 AND status = 'open'")
            .bind(tid)
            .execute(&mut *conn)
            .await?;
    }
    add_round(&mut loaded.tournament, &pairings);
    loaded.boards.extend(boards.iter().cloned());
    loaded.boards.sort_by_key(|b| (b.round, b.board));
    if loaded.row.status == TournamentStatus::Open {
        loaded.row.status = TournamentStatus::Running;
    }
    for (b, m) in &stored {
        record_result(&mut loaded.tournament, b.round, b.board, m);
    }
    let withdrawn_retired = retired.into_iter().map(|(_, name)| name).collect();
    Ok((
        PairedRound {
            round,
            boards,
            withdrawn_retired,
        },
        Some(loaded),
        stored,
    ))
}

/// A retired player is not paired again: every entrant of `loaded` who is retired
/// and has not withdrawn is withdrawn here, as `tournament withdraw` would do it
/// just before this pairing (after the last round paired; before round 1, off the
/// entry list). Changes `loaded` only; [`record_withdrawals`] stores it once the
/// round is paired. Returns the entrants withdrawn (id, name).
///
/// Read from the players table every time, not from a cached tournament: a
/// retirement changes no tournament row.
async fn withdraw_retired(
    conn: &mut impl AsConn,
    loaded: &mut LoadedTournament,
) -> Result<Vec<(i64, String)>> {
    let retired = query(
        "SELECT tp.player_id, p.name FROM tournament_players tp
         JOIN players p ON p.id = tp.player_id
         WHERE tp.tournament_id = $1 AND tp.withdrawn_after IS NULL
           AND p.retired_at IS NOT NULL
         ORDER BY tp.seed_no, tp.player_id",
    )
    .bind(loaded.row.id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| Ok((r.try_get("player_id")?, r.try_get("name")?)))
    .collect::<Result<Vec<(i64, String)>>>()?;
    let t = &mut loaded.tournament;
    let after = t.current_round();
    for (id, _) in &retired {
        if after == 0 {
            t.entrants.retain(|e| e.id != *id);
        } else if let Some(e) = t.entrants.iter_mut().find(|e| e.id == *id) {
            e.withdrawn_after = Some(after);
        }
    }
    Ok(retired)
}

/// Stores the withdrawals [`withdraw_retired`] made in `t` (paired since).
async fn record_withdrawals(
    conn: &mut impl AsConn,
    tid: i64,
    t: &Tournament,
    withdrawn: &[(i64, String)],
) -> Result<()> {
    for (id, _) in withdrawn {
        let query = match t.entrant(*id).and_then(|e| e.withdrawn_after) {
            Some(after) => query(
                "UPDATE tournament_players SET withdrawn_after = $3
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_after IS NULL",
            )
            .bind(tid)
            .bind(*id)
            .bind(i64::from(after)),
            None => query(
                "DELETE FROM tournament_players
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_after IS NULL",
            )
            .bind(tid)
            .bind(*id),
        };
        if query.execute(&mut *conn).await? != 1 {
            return Err(corrupt(format!(
                "tournament {tid}: the withdrawal of retired player {id} was not stored"
            )));
        }
    }
    Ok(())
}

/// A played match's summary columns as `Store::save_match` writes them: the winner,
/// the hands finished, and the last hand's scores.
///
/// A whole-match result entered with its final seeds stores those seeds.
pub(crate) fn summary(state: &MatchState) -> (Option<&'static str>, i64, Option<u32>, Option<u32>) {
    let last_score = match state.closing() {
        Some(crate::matches::Closing::Entered {
            seeds: Some(seeds), ..
        }) => Some(seeds),
        _ => state.hands().iter().rev().find_map(|h| h.score),
    };
    (
        state.outcome().map(MatchOutcome::name),
        state.hands().iter().filter(|h| h.end.is_some()).count() as i64,
        last_score.map(|s| s.south),
        last_score.map(|s| s.north),
    )
}

/// The stored board and a board played from the setup are the same game: same round,
/// board, players, seed and engine levels (so the match played is the stored one's).
pub(crate) fn same_game(stored: &BoardRow, played: &BoardRow) -> bool {
    (stored.round, stored.board) == (played.round, played.board)
        && stored.south_id == played.south_id
        && stored.north_id == played.north_id
        && stored.seed == played.seed
        && stored.engines == played.engines
        && stored.engines_only
}

impl Store {
    /// A started engine match of a tournament: load and replay the
    /// match, play it on, write what changed if nobody else did meanwhile.
    pub(crate) async fn play_started_match(&self, id: i64) -> Result<Option<PlayedMatch>> {
        let stored = {
            let mut conn = self.pool().acquire().await?;
            load_match(&mut conn, id).await?
        };
        if stored.state.is_over() {
            return Ok(None);
        }
        let engines = stored.engines()?;
        if engines.south.is_none() || engines.north.is_none() {
            return Ok(None);
        }
        let mut state = stored.state.clone();
        state.play_engines(engines, stored.row.seed);
        // Written only if unchanged since it was loaded (another `tournament run` may
        // have played it): the match's revision, as for every match write.
        let state = match self.save_match(&stored, state).await {
            Ok(saved) => saved.state,
            Err(StoreError::Conflict) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        Ok(Some(played(id, &state)))
    }

    /// Records that a tournament is over (all rounds paired and finished).
    pub async fn finish_tournament(&self, name: &str) -> Result<()> {
        self.finish_tournament_cached(name, None).await.map(|_| ())
    }

    /// [`Store::finish_tournament`] for a caller that keeps the tournament in memory
    /// (see [`Store::pair_next_round_cached`]): `cache` is used instead of reading
    /// every match again if the stored tournament still has the same counts. Returns
    /// whether the tournament is finished.
    pub async fn finish_tournament_cached(
        &self,
        name: &str,
        cache: Option<&LoadedTournament>,
    ) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        let (id, finished) = match cache {
            Some(c)
                if name_key(&c.row.name) == name_key(name) && same_counts(&mut tx, c).await? =>
            {
                (c.row.id, c.tournament.is_finished())
            }
            _ => {
                let loaded = load(&mut tx, name).await?;
                (loaded.row.id, loaded.tournament.is_finished())
            }
        };
        if finished {
            super::rounds::close_over(&mut tx, id).await?;
        }
        tx.commit().await?;
        Ok(finished)
    }

    /// Every player's Elo rating and every rating change, from all finished matches
    /// in the order they finished (see the module note).
    pub async fn ratings(&self) -> Result<(HashMap<i64, f64>, Vec<RatingChange>)> {
        let mut conn = self.pool().acquire().await?;
        ratings(&mut conn).await
    }
}

pub(crate) fn board_row(
    p: &Pairing,
    match_id: Option<i64>,
    finished: bool,
    hands_played: i64,
    seed: u64,
    engines: (Option<Arc<str>>, Option<Arc<str>>),
) -> BoardRow {
    BoardRow {
        round: p.round,
        board: p.board,
        match_id,
        south_id: p.south,
        north_id: p.north,
        engines_only: match_id.is_some() && engines.0.is_some() && engines.1.is_some(),
        finished,
        hands_played,
        seed,
        engines,
    }
}

/// Plays the match on `board` from the setup to its end in memory (`None`: a bye,
/// or not a match between two engines). Pure computation: no database.
pub fn play_board(spec: &MatchSpec, board: &BoardRow) -> Option<MatchState> {
    board.north_id?;
    let level = |e: &Option<Arc<str>>| e.as_deref().and_then(|l| Level::parse(l).ok());
    let engines = BySide::new(
        Some(level(&board.engines.0)?),
        Some(level(&board.engines.1)?),
    );
    let mut state = MatchState::new(spec.clone());
    state.play_engines(engines, board.seed);
    Some(state)
}

pub(crate) fn played(id: i64, state: &MatchState) -> PlayedMatch {
    PlayedMatch {
        id,
        outcome: state.outcome(),
        hands: state.hands().len(),
        moves: state.hands().iter().map(|h| h.moves.len()).sum(),
        seeds: state
            .hands()
            .iter()
            .rev()
            .find_map(|h| h.score)
            .map(|s| (s.south, s.north)),
        result_seeds: match state.spec().form {
            MatchForm::Games(_) => state
                .hands()
                .iter()
                .filter_map(|h| h.score)
                .fold((0, 0), |(a, b), s| (a + s.south, b + s.north)),
            _ => state
                .hands()
                .iter()
                .rev()
                .find_map(|h| h.score)
                .map_or((0, 0), |s| (s.south, s.north)),
        },
        hands_finished: state.hands().iter().filter(|h| h.end.is_some()).count() as i64,
    }
}

/// Each entrant's engine level (`None`: a human).
pub(crate) async fn engine_levels(
    conn: &mut impl AsConn,
    tournament_id: i64,
) -> Result<HashMap<i64, Option<Arc<str>>>> {
    Ok(query(
        "SELECT p.id, p.engine FROM players p
         JOIN tournament_players tp ON tp.player_id = p.id WHERE tp.tournament_id = $1",
    )
    .bind(tournament_id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| {
        let engine: Option<String> = r.try_get("engine")?;
        Ok((r.try_get("id")?, engine.map(Arc::from)))
    })
    .collect::<Result<_, sqlx::Error>>()?)
}

/// Whether the stored tournament has as many matches, finished matches, byes,
/// entrants and withdrawals as `c` (nobody else has changed it since).
async fn same_counts(conn: &mut impl AsConn, c: &LoadedTournament) -> Result<bool> {
    let r = query(
        "SELECT (SELECT COUNT(*) FROM matches WHERE tournament_id = $1) AS matches,
                (SELECT COUNT(winner) FROM matches WHERE tournament_id = $1) AS finished,
                (SELECT COUNT(*) FROM tournament_byes WHERE tournament_id = $1) AS byes,
                (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1) AS entrants,
                (SELECT COUNT(withdrawn_after) FROM tournament_players
                 WHERE tournament_id = $1) AS withdrawn,
                (SELECT COUNT(*) FROM tournament_requested_byes
                 WHERE tournament_id = $1) AS requested_byes",
    )
    .bind(c.row.id)
    .fetch_one(&mut *conn)
    .await?;
    let games = c.boards.iter().filter(|b| b.match_id.is_some());
    let count = |v: usize| v as i64;
    Ok(r.try_get::<i64>("matches")? == count(games.clone().count())
        && r.try_get::<i64>("finished")? == count(games.filter(|b| b.finished).count())
        && r.try_get::<i64>("byes")?
            == count(c.boards.iter().filter(|b| b.match_id.is_none()).count())
        && r.try_get::<i64>("entrants")? == count(c.tournament.entrants.len())
        && r.try_get::<i64>("requested_byes")? == count(c.tournament.requested_byes.len())
        && r.try_get::<i64>("withdrawn")?
            == count(
                c.tournament
                    .entrants
                    .iter()
                    .filter(|e| e.is_withdrawn())
                    .count(),
            ))
}

/// Writes every hand of the given matches in one statement
/// ([`super::write_hand_rows`]).
async fn write_hand_rows(
    conn: &mut impl AsConn,
    matches: &[(i64, &[crate::matches::Hand])],
    n: u8,
) -> Result<()> {
    let rows = matches
        .iter()
        .flat_map(|(id, hands)| hands.iter().map(move |h| (*id, h)));
    Ok(super::write_hand_rows(conn, rows, n).await?)
}

async fn find_tournament(conn: &mut impl AsConn, name: &str) -> Result<Option<TournamentRow>> {
    let row = query("SELECT * FROM tournaments WHERE name_key = $1")
        .bind(name_key(name))
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(TournamentRow::from_row).transpose()
}

/// Elo over every finished match, whatever its variant: the rating of tournaments
/// seeded before ratings were kept per variant (`rating_system` NULL).
async fn ratings(conn: &mut impl AsConn) -> Result<(HashMap<i64, f64>, Vec<RatingChange>)> {
    let games = super::ratings::rated_games(&mut *conn, None).await?;
    Ok(Elo::default().rate_all(&HashMap::new(), &games))
}

pub(super) async fn load(conn: &mut impl AsConn, name: &str) -> Result<LoadedTournament> {
    Ok(
        load_reading_cache(conn, name, FixtureSource::CacheIfCurrent, Parts::Whole)
            .await?
            .0,
    )
}

/// [`load`] from the match tables themselves, never the fixture cache (`verify`).
pub(super) async fn load_from_tables(
    conn: &mut impl AsConn,
    name: &str,
) -> Result<LoadedTournament> {
    Ok(
        load_reading_cache(conn, name, FixtureSource::Tables, Parts::Whole)
            .await?
            .0,
    )
}

/// Where [`load_reading_cache`] reads a tournament's match and bye rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FixtureSource {
    CacheIfCurrent,
    Tables,
}

/// [`load`], and the fixture rows read from the tables when the cache was not
/// current, for the caller to keep once its transaction is over.
/// What a load builds: everything, or the tournament without the boards' store
/// records ([`Store::load_tournament_results`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Parts {
    Whole,
    Results,
}

async fn load_reading_cache(
    conn: &mut impl AsConn,
    name: &str,
    source: FixtureSource,
    parts: Parts,
) -> Result<(LoadedTournament, Option<PendingSave>)> {
    let Some(row) = find_tournament(conn, name).await? else {
        let names: Vec<String> = query_scalar("SELECT name FROM tournaments")
            .fetch_all(&mut *conn)
            .await?;
        return Err(TournamentStoreError::Unknown {
            name: name.trim().to_string(),
            like: crate::names::closest(name, &names).map(str::to_string),
        });
    };
    load_row(conn, row, source, parts).await
}

/// The tournament of that id, if there is one (its fixture rows from the cache when
/// current, else from the tables; a cache found stale is left for a command to save).
pub(super) async fn load_by_id(
    conn: &mut impl AsConn,
    id: i64,
) -> Result<Option<LoadedTournament>> {
    let row = query("SELECT * FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    match row.as_ref().map(TournamentRow::from_row).transpose()? {
        Some(row) => Ok(Some(
            load_row(conn, row, FixtureSource::CacheIfCurrent, Parts::Whole)
                .await?
                .0,
        )),
        None => Ok(None),
    }
}

async fn load_row(
    conn: &mut impl AsConn,
    row: TournamentRow,
    source: FixtureSource,
    parts: Parts,
) -> Result<(LoadedTournament, Option<PendingSave>)> {
    let tid = row.id;
    let entrant_rows = query(
        "SELECT tp.player_id, p.name, tp.seed_no, tp.withdrawn_after, tp.rating
         FROM tournament_players tp JOIN players p ON p.id = tp.player_id
         WHERE tp.tournament_id = $1 ORDER BY tp.seed_no, tp.player_id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    let need_current = entrant_rows
        .iter()
        .any(|r| matches!(r.try_get::<Option<f64>>("rating"), Ok(None)));
    let current = if need_current {
        super::ratings::Seeding::of(&mut *conn, tid, &row.variant)
            .await?
            .into_ratings()
    } else {
        HashMap::new()
    };
    let mut entrants = Vec::with_capacity(entrant_rows.len());
    for r in &entrant_rows {
        let id: i64 = r.try_get("player_id")?;
        let rating: Option<f64> = r.try_get("rating")?;
        entrants.push(Entrant {
            id,
            name: r.try_get("name")?,
            rating: rating
                .or_else(|| current.get(&id).copied())
                .unwrap_or(Elo::DEFAULT_INITIAL),
            withdrawn_after: r
                .try_get::<Option<i64>>("withdrawn_after")?
                .map(|r| r.max(0) as u32),
            start_rank: r.try_get::<i64>("seed_no")? as u32,
        });
    }
    let games_form = row.match_form.starts_with("games:");
    let (fixtures, mut boards, pending) = match source {
        FixtureSource::CacheIfCurrent => {
            fixtures_through_cache(conn, tid, games_form, parts).await?
        }
        FixtureSource::Tables => {
            let rows = fixture_rows_from_tables(conn, tid, games_form).await?;
            let (fixtures, boards) = fixtures_of(&rows, games_form, parts)?;
            (fixtures, boards, None)
        }
    };
    boards.sort_by_key(|b| (b.round, b.board));
    let requested_byes = requested_byes(conn, tid).await?;
    let tournament = Tournament {
        name: row.name.clone(),
        variant: row.variant.clone(),
        format: row.format,
        rounds: row.rounds,
        points: row.points_scheme()?,
        tiebreaks: row.tiebreak_list()?,
        entrants,
        fixtures,
        pairing_system: row.pairing_system,
        manual_rounds: super::rounds::manual_rounds(conn, tid).await?,
        requested_byes,
    };
    let engines = match parts {
        Parts::Whole => engine_levels(conn, row.id).await?,
        Parts::Results => HashMap::new(),
    };
    Ok((
        LoadedTournament {
            row,
            tournament,
            boards,
            engines,
        },
        pending,
    ))
}

/// Tournament `tid`'s fixtures and boards: from the fixture cache, read row by row,
/// if it is current; otherwise from the tables (whose rows are then also to be saved,
/// see [`fixture_cache`]).
async fn fixtures_through_cache(
    conn: &mut impl AsConn,
    tid: i64,
    games_form: bool,
    parts: Parts,
) -> Result<(Vec<Fixture>, Vec<BoardRow>, Option<PendingSave>)> {
    let cache = fixture_cache::read_body(&mut *conn, tid).await?;
    if let Some(cache) = &cache
        && let Some(body) = cache.body()?
        && let Some(mut reader) = fixture_cache::BodyReader::open(body)
    {
        let texts = std::mem::take(&mut reader.texts);
        let (mut fixtures, mut boards) = matches_of(&texts, reader.by_ref(), games_form, parts)?;
        // The byes come after the rows; a body found damaged is read from the tables.
        if let Some(byes) = reader.byes() {
            add_byes(&mut fixtures, &mut boards, &byes, parts);
            return Ok((fixtures, boards, None));
        }
    }
    let rows = fixture_rows_from_tables(conn, tid, games_form).await?;
    let pending = cache.map(|cache| PendingSave {
        tournament_id: tid,
        revision: cache.revision,
        body: rows.encode(),
    });
    let (fixtures, boards) = fixtures_of(&rows, games_form, parts)?;
    Ok((fixtures, boards, pending))
}

/// Tournament `tid`'s match and bye rows as the tables hold them.
pub(crate) async fn fixture_rows_from_tables(
    conn: &mut impl AsConn,
    tid: i64,
    games_form: bool,
) -> Result<FixtureRows> {
    // A games:N match's seeds are its games' sums; otherwise the last hand's.
    let match_rows = query(
        "SELECT m.id, m.round, m.south_id, m.north_id, m.winner, m.final_south, m.final_north,
                m.hands_played, m.seed, m.south_engine, m.north_engine,
                c.kind AS closing, c.absent, c.seeds_south AS closing_south,
                c.seeds_north AS closing_north,
                CASE WHEN $2 THEN (SELECT CAST(COALESCE(SUM(score_south), 0) AS BIGINT) FROM hands h
                                   WHERE h.match_id = m.id) END AS sum_south,
                CASE WHEN $2 THEN (SELECT CAST(COALESCE(SUM(score_north), 0) AS BIGINT) FROM hands h
                                   WHERE h.match_id = m.id) END AS sum_north,
                CASE WHEN $2 THEN (SELECT mc.seeds_south_after FROM match_corrections mc
                                   WHERE mc.match_id = m.id ORDER BY mc.id DESC LIMIT 1) END
                    AS corrected_south,
                CASE WHEN $2 THEN (SELECT mc.seeds_north_after FROM match_corrections mc
                                   WHERE mc.match_id = m.id ORDER BY mc.id DESC LIMIT 1) END
                    AS corrected_north,
                wc.kind AS whole_kind, wc.absent AS whole_absent,
                wc.score_south AS whole_south, wc.score_north AS whole_north
         FROM matches m LEFT JOIN match_closings c ON c.match_id = m.id
         LEFT JOIN (SELECT match_id, MAX(id) AS id FROM match_corrections
                    WHERE kind <> 'score' GROUP BY match_id) lw ON lw.match_id = m.id
         LEFT JOIN match_corrections wc ON wc.id = lw.id
         WHERE m.tournament_id = $1 ORDER BY m.round, m.id",
    )
    .bind(tid)
    .bind(games_form)
    .fetch_all(&mut *conn)
    .await?;
    let mut rows = FixtureRows::default();
    for r in &match_rows {
        rows.push_match(r)?;
    }
    rows.byes = query(
        "SELECT round, board, player_id FROM tournament_byes WHERE tournament_id = $1
         ORDER BY round, board",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| {
        Ok(ByeRowData {
            round: r.try_get("round")?,
            board: r.try_get("board")?,
            player_id: r.try_get("player_id")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()?;
    Ok(rows)
}

/// The fixtures and boards of a tournament's rows, in round and board order.
fn fixtures_of(
    rows: &FixtureRows,
    games_form: bool,
    parts: Parts,
) -> Result<(Vec<Fixture>, Vec<BoardRow>)> {
    let (mut fixtures, mut boards) =
        matches_of(&rows.texts, rows.matches.iter().copied(), games_form, parts)?;
    add_byes(&mut fixtures, &mut boards, &rows.byes, parts);
    Ok((fixtures, boards))
}

/// The fixtures and boards of a tournament's match rows (from the tables, or read
/// one at a time from the cache), in round and board order; [`add_byes`] follows.
fn matches_of(
    texts: &[String],
    matches: impl Iterator<Item = MatchRowData>,
    games_form: bool,
    parts: Parts,
) -> Result<(Vec<Fixture>, Vec<BoardRow>)> {
    let mut fixtures = Vec::with_capacity(matches.size_hint().0);
    let with_boards = parts == Parts::Whole;
    let mut boards = Vec::with_capacity(if with_boards { fixtures.capacity() } else { 0 });
    let mut last_round = 0;
    let mut board = 0;
    let shared: Vec<Arc<str>> = texts.iter().map(|t| Arc::from(t.as_str())).collect();
    let text = |t: fixture_cache::Text| {
        (t as usize)
            .checked_sub(1)
            .and_then(|i| texts.get(i))
            .map(String::as_str)
    };
    let engine = |t: fixture_cache::Text| (t as usize).checked_sub(1).map(|i| shared[i].clone());
    for r in matches {
        let id = r.id;
        let round = r.round.unwrap_or(0);
        if round < 1 {
            return Err(corrupt(format!("tournament match {id} has no round")));
        }
        let round = round as u32;
        if round != last_round {
            last_round = round;
            board = 0;
        }
        board += 1;
        // A games:N match's hands keep their scores as entered; a corrected one's
        // result is the correction's.
        let seeds = if games_form {
            match (r.corrected_south, r.corrected_north) {
                (Some(s), Some(n)) => (s, n),
                _ => (r.sum_south.unwrap_or(0), r.sum_north.unwrap_or(0)),
            }
        } else {
            (r.final_south.unwrap_or(0), r.final_north.unwrap_or(0))
        };
        // The latest whole-match correction replaces the match's own closing.
        let (closing, absent, entered) = match text(r.whole_kind) {
            Some("absent") => (Some("forfeit"), r.whole_absent, (None, None)),
            Some("void") => (Some("void"), 0, (None, None)),
            Some(_) => (Some("match"), 0, (r.whole_south, r.whole_north)),
            None => (
                text(r.closing),
                r.absent,
                (r.closing_south, r.closing_north),
            ),
        };
        // A whole-match result's seeds are the entered ones (none given: unknown, 0-0).
        let seeds = match closing {
            Some("match") => (entered.0.unwrap_or(0), entered.1.unwrap_or(0)),
            _ => seeds,
        };
        let result = match (text(r.winner), closing) {
            (None, _) => None,
            (Some(_), Some("void")) => Some(MatchResult::forfeited(crate::matches::Absent::Both)),
            (Some(_), Some("forfeit")) => {
                let absent = text(absent)
                    .and_then(crate::matches::Absent::parse)
                    .ok_or_else(|| {
                        corrupt(format!("match {id}: forfeit without who was absent"))
                    })?;
                Some(MatchResult::forfeited(absent))
            }
            (Some(w), _) => Some(MatchResult::played(
                match w {
                    "south" => Decision::South,
                    "north" => Decision::North,
                    "draw" => Decision::Draw,
                    other => return Err(corrupt(format!("match {id}: winner '{other}'"))),
                },
                crate::engine::BySide::new(seeds.0 as u32, seeds.1 as u32),
            )),
        };
        let pairing = Pairing {
            round,
            board,
            south: r.south_id,
            north: Some(r.north_id),
        };
        if with_boards {
            boards.push(board_row(
                &pairing,
                Some(id),
                result.is_some(),
                r.hands_played.into(),
                r.seed as u64,
                (engine(r.south_engine), engine(r.north_engine)),
            ));
        }
        fixtures.push(Fixture { pairing, result });
    }
    Ok((fixtures, boards))
}

/// The byes' fixtures (and boards) after the matches'.
fn add_byes(
    fixtures: &mut Vec<Fixture>,
    boards: &mut Vec<BoardRow>,
    byes: &[ByeRowData],
    parts: Parts,
) {
    let with_boards = parts == Parts::Whole;
    for r in byes {
        let pairing = Pairing {
            round: r.round as u32,
            board: r.board as u32,
            south: r.player_id,
            north: None,
        };
        if with_boards {
            boards.push(board_row(&pairing, None, true, 0, 0, (None, None)));
        }
        fixtures.push(Fixture::pending(pairing));
    }
}

/// The byes outside the pairing of tournament `tid` (`tournament_requested_byes`).
async fn requested_byes(conn: &mut impl AsConn, tid: i64) -> Result<Vec<RequestedBye>> {
    let rows = query(
        "SELECT round, player_id, points FROM tournament_requested_byes
         WHERE tournament_id = $1 ORDER BY round, player_id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let points: String = r.try_get("points")?;
        let round: i64 = r.try_get("round")?;
        out.push(RequestedBye {
            round: u32::try_from(round).map_err(|_| {
                corrupt(format!("tournament {tid}: requested bye in round {round}"))
            })?,
            player: r.try_get("player_id")?,
            points: ByePoints::parse(&points).ok_or_else(|| {
                corrupt(format!(
                    "tournament {tid}: requested bye of '{points}' points"
                ))
            })?,
        });
    }
    Ok(out)
}

/// The withdrawal of `p` from `loaded` ([`Store::withdraw`]) inside `tx`.
pub(crate) async fn withdraw_in(
    tx: &mut impl AsConn,
    loaded: &LoadedTournament,
    p: Player,
) -> Result<(Player, u32)> {
    let entrant =
        loaded
            .tournament
            .entrant(p.id)
            .ok_or_else(|| TournamentStoreError::NotEntered {
                player: p.name.clone(),
                tournament: loaded.row.name.clone(),
            })?;
    if entrant.is_withdrawn() {
        return Err(TournamentStoreError::AlreadyWithdrawn {
            player: p.name.clone(),
            tournament: loaded.row.name.clone(),
        });
    }
    let after = loaded.tournament.current_round();
    // Byes asked for rounds after the withdrawal lapse with it.
    query(
        "DELETE FROM tournament_requested_byes
         WHERE tournament_id = $1 AND player_id = $2 AND round > $3",
    )
    .bind(loaded.row.id)
    .bind(p.id)
    .bind(i64::from(after))
    .execute(&mut *tx)
    .await?;
    if after == 0 {
        // Before round 1 nothing has been played or seeded: a withdrawal takes
        // the player off the entry list, so that no pairing, bye or standings
        // row is ever made for someone who never played.
        query("DELETE FROM tournament_players WHERE tournament_id = $1 AND player_id = $2")
            .bind(loaded.row.id)
            .bind(p.id)
            .execute(&mut *tx)
            .await?;
    } else {
        query(
            "UPDATE tournament_players SET withdrawn_after = $1
             WHERE tournament_id = $2 AND player_id = $3",
        )
        .bind(i64::from(after))
        .bind(loaded.row.id)
        .bind(p.id)
        .execute(&mut *tx)
        .await?;
    }
    Ok((p, after))
}
