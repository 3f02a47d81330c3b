//! The repository: players, matches and their hands, tournaments (see
//! [`tournaments`]) and the audit ([`verify`]), on SQLite (a file, [`sqlite`]) or
//! PostgreSQL (a server, [`postgres`]).
//!
//! One SQL text serves both backends ([`sql`]: `$N` parameters, `RETURNING`, casts
//! where PostgreSQL would type differently); what differs lives in the backend's
//! folder: opening, migrations (`migrations/` and `migrations/postgres/`, twins of the
//! same versions), SQLite's file checks. Every transaction in which a read decides a
//! write is one writer at a time on both ([`sql::Pool::begin_write`]).
//!
//! The players' rows are read and written through a repository ([`repo`]), on a
//! transaction the application layer opens and commits.
//!
//! A match is stored as its row in `matches` plus one row per hand in `hands`; the
//! hand rows hold the events (arrangements, moves in notation, an entered result) from
//! which [`crate::matches::MatchState::replay`] rebuilds the match.

pub mod changes;
pub mod copy;
pub mod corrections;
pub(crate) mod fixture_cache;
pub mod forfeits;
pub mod import;
pub mod postgres;
pub mod ratings;
pub mod repo;
pub mod rounds;
pub mod sql;
pub mod sqlite;
pub mod tournaments;

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use thiserror::Error;

use crate::ai::Level;
use crate::engine::{BySide, Side, Variant};
use crate::hint::{Hint, Refusal, Wording};
use crate::matches::correction::standing_closing;
use crate::matches::{
    Absent, Closing, Event, Hand, HandEnd, MatchError, MatchForm, MatchOutcome, MatchRecord,
    MatchSpec, MatchState, parse_row,
};
use crate::names::{NameError, excerpt};
use crate::tournament::TournamentStatus;
use repo::PlayerRepo;
use sql::{AsConn, Backend, Pool, Row, Tx, query, query_scalar};

pub(crate) use sqlite::open;

pub mod verify;

/// How often a read-then-write of a match is tried when another process changes the
/// match in between (each try reads again).
pub const WRITE_ATTEMPTS: usize = 8;

/// How long a process waits for another one's write lock before giving up.
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Errors of the store layer; messages are one lowercase line.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("the file is not an SQLite database, so not a goobalay database")]
    NotSqlite(PathBuf),
    #[error(
        "the file is an SQLite database of another program (it has tables but no goobalay schema)"
    )]
    Foreign(PathBuf),
    #[error(
        "the database was made by a newer goobalay (schema version {found}; this goobalay knows up to {known}): use a newer goobalay"
    )]
    NewerSchema {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error(
        "the database is busy: another goobalay process kept it locked longer than {0} ms; nothing was written, try again"
    )]
    Busy(u128),
    #[error(
        "GOOBALAY_BUSY_TIMEOUT_MS is '{}'; allowed: a whole number of milliseconds from 0 to {MAX_BUSY_TIMEOUT_MS}",
        excerpt(.0)
    )]
    BusyTimeout(String),
    #[error("not a regular file (a folder, FIFO, device or socket cannot be a database)")]
    NotAFile(PathBuf),
    #[error("cannot read it: {1}")]
    Unreadable(PathBuf, std::io::Error),
    #[error("no database at this path (a command that only reads never creates one)")]
    Missing(PathBuf),
    #[error(
        "it holds no goobalay database (no tables; a command that only reads never creates one)"
    )]
    EmptyServerDatabase,
    #[error(
        "its write-ahead log {} belongs to another database, so nothing was read or written; move that file away (it holds the other database's latest changes)", .0.display()
    )]
    ForeignLog(PathBuf),
    #[error(
        "the database schema is damaged: {first}{}",
        and_more(.more)
    )]
    DamagedSchema { first: String, more: usize },
    #[error(
        "the PostgreSQL database {0} belongs to another program (it has tables but no goobalay schema)"
    )]
    ForeignDatabase(String),
    #[error("{url} is not a usable PostgreSQL URL: {reason}")]
    BadUrl { url: String, reason: String },
    #[error(
        "the database to copy into is not empty ({table} holds {rows} rows): copy into an empty database"
    )]
    NotEmpty { table: String, rows: i64 },
    #[error("cannot create the database folder {path}")]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "no player named '{}'{}",
        excerpt(.name),
        .like.as_deref().map_or(String::new(), |l| format!("; did you mean '{l}'?"))
    )]
    UnknownPlayer { name: String, like: Option<String> },
    #[error(
        "a player named '{}' already exists (names are unique, ignoring case and Unicode variants)",
        excerpt(.0)
    )]
    DuplicatePlayer(String),
    #[error(transparent)]
    Name(#[from] NameError),
    #[error(transparent)]
    StartingRating(#[from] crate::tournament::StartingRatingError),
    #[error("player '{0}' is retired")]
    Retired(String),
    #[error("no match with id {0}")]
    UnknownMatch(i64),
    #[error("no tournament named '{}'", excerpt(.0))]
    UnknownTournament(String),
    #[error(
        "{0} is finished and closed: it takes no entries, withdrawals, pairings or results; a director reopens it"
    )]
    TournamentClosed(String),
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error(
        "the match was changed by another process each time this one tried to write; nothing was written, try again"
    )]
    Conflict,
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Sqlx(sqlx::Error),
    #[error("database schema update failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl Refusal for StoreError {
    fn hint(&self) -> Option<Hint> {
        Some(match self {
            StoreError::Missing(_) | StoreError::EmptyServerDatabase => Hint::AddPlayerCreates,
            StoreError::DamagedSchema { .. } => Hint::Verify,
            StoreError::UnknownPlayer { .. } => Hint::ListPlayers,
            StoreError::UnknownMatch(_) => Hint::History,
            StoreError::TournamentClosed(_) => Hint::Reopen,
            _ => return None,
        })
    }
    fn worded(&self, wording: &dyn Wording) -> String {
        match self {
            StoreError::Match(e) => e.worded(wording),
            // The step belongs to the parenthesis on why there is no database.
            StoreError::Missing(_) | StoreError::EmptyServerDatabase => {
                let text = self.to_string();
                let bare = text.strip_suffix(')').unwrap_or(&text);
                format!("{bare}{})", wording.hint(&Hint::AddPlayerCreates))
            }
            _ => crate::hint::then_hint(self.to_string(), self.hint(), wording),
        }
    }
}

/// The URL, when a `--db` value names a PostgreSQL database rather than a file.
pub fn server_url(location: &Path) -> Option<&str> {
    location.to_str().filter(|l| postgres::is_url(l))
}

fn and_more(more: &usize) -> String {
    match more {
        0 => String::new(),
        n => format!(" (and {n} more)"),
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        if let sqlx::Error::Database(db) = &e {
            // SQLITE_BUSY (5) and its extended codes (BUSY_SNAPSHOT 517, ...).
            if let Some(code) = db.code().and_then(|c| c.parse::<u32>().ok())
                && code & 0xff == 5
            {
                let timeout = busy_timeout().unwrap_or(DEFAULT_BUSY_TIMEOUT);
                return StoreError::Busy(timeout.as_millis());
            }
        }
        if sql::is_lock_timeout(&e) {
            let timeout = busy_timeout().unwrap_or(DEFAULT_BUSY_TIMEOUT);
            return StoreError::Busy(timeout.as_millis());
        }
        StoreError::Sqlx(e)
    }
}

/// Longest busy timeout, in milliseconds: SQLite takes it as a C `int`.
pub const MAX_BUSY_TIMEOUT_MS: u64 = i32::MAX as u64;

/// The busy timeout: `GOOBALAY_BUSY_TIMEOUT_MS` if set (tests shorten it), else 10 s.
/// A value that is not a whole number of milliseconds from 0 to
/// [`MAX_BUSY_TIMEOUT_MS`] is refused (not ignored).
pub fn busy_timeout() -> Result<Duration> {
    let Some(value) = std::env::var_os("GOOBALAY_BUSY_TIMEOUT_MS") else {
        return Ok(DEFAULT_BUSY_TIMEOUT);
    };
    let text = value.to_string_lossy();
    match text.parse::<u64>() {
        Ok(ms) if ms <= MAX_BUSY_TIMEOUT_MS => Ok(Duration::from_millis(ms)),
        _ => Err(StoreError::BusyTimeout(text.into_owned())),
    }
}

/// The database used when neither `--db` nor `GOOBALAY_DB` is given:
/// `$XDG_DATA_HOME/goobalay/goobalay.db`, else `~/.local/share/goobalay/goobalay.db`
/// (`%APPDATA%\goobalay\goobalay.db` on Windows), else `./goobalay.db`.
pub fn default_db_path() -> PathBuf {
    let env_dir = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if cfg!(windows) {
        env_dir("APPDATA")
    } else {
        env_dir("XDG_DATA_HOME").or_else(|| env_dir("HOME").map(|h| h.join(".local/share")))
    };
    match base {
        Some(b) => b.join("goobalay").join("goobalay.db"),
        None => PathBuf::from("goobalay.db"),
    }
}

/// The newest schema version this build knows (the same on both backends).
pub fn schema_version() -> i64 {
    sqlite::schema_version()
}

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
    fn from_row(r: &Row) -> Result<Player> {
        Ok(Player {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            club: r.try_get("club")?,
            engine: r.try_get("engine")?,
            rating: r.try_get("rating")?,
            created_at: r.try_get("created_at")?,
            retired_at: r.try_get("retired_at")?,
        })
    }

    pub fn is_engine(&self) -> bool {
        self.engine.is_some()
    }
}

/// A player to enter, its names checked ([`NewPlayer::checked`]).
#[derive(Clone, Debug, PartialEq)]
pub struct NewPlayer {
    pub name: String,
    pub club: Option<String>,
    /// Engine level; `None` for a human.
    pub engine: Option<Level>,
}

impl NewPlayer {
    /// The player's name and club as stored (see [`crate::names::clean`]; a blank
    /// club is none).
    pub fn checked(name: &str, club: Option<&str>, engine: Option<Level>) -> Result<NewPlayer> {
        let name = check_name(name)?;
        let club = club
            .filter(|c| !c.trim().is_empty())
            .map(|c| crate::names::clean(c, "a club name"))
            .transpose()?;
        Ok(NewPlayer { name, club, engine })
    }
}

/// A match to create.
#[derive(Clone, Debug)]
pub struct NewMatch {
    pub spec: MatchSpec,
    pub south: i64,
    pub north: i64,
    pub seed: u64,
    pub tournament_id: Option<i64>,
    pub round: Option<i64>,
}

/// A match's row: who plays, how, and how it stands.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MatchRow {
    pub id: i64,
    pub variant: String,
    pub form: String,
    pub max_hands: Option<i64>,
    pub first_mover: String,
    pub south_id: i64,
    pub north_id: i64,
    pub south: String,
    pub north: String,
    pub south_engine: Option<String>,
    pub north_engine: Option<String>,
    pub seed: u64,
    pub tournament_id: Option<i64>,
    pub tournament: Option<String>,
    pub round: Option<i64>,
    /// How the match ended (`None`: still in play).
    pub winner: Option<MatchOutcome>,
    pub hands_played: i64,
    pub final_south: Option<i64>,
    pub final_north: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// [`crate::ai::ENGINE_VERSION`] when the match was created (`None`: before
    /// versions were recorded, i.e. version 1).
    pub engine_version: Option<i64>,
    /// The status of the match's tournament, read with the row (`None`: a casual
    /// match, or a status word this build does not know). A change to the match is
    /// decided on it ([`TournamentStatus::takes_match_changes`]) and written only if
    /// it still stands ([`Store::save_match`]).
    #[serde(skip)]
    pub tournament_status: Option<TournamentStatus>,
    /// Raised by every write to the match (see [`Store::save_match`]); a technical
    /// counter, not part of the record shown.
    #[serde(skip)]
    pub revision: i64,
    #[serde(skip)]
    rules_json: String,
    /// How the match ended if not on the board: a result entered for the whole match,
    /// a forfeit, or void, as the closing that stands gives it
    /// ([`crate::matches::correction::standing_closing`] over the match's own closing,
    /// read with the row, and its corrections). `None`: played out, or still in play.
    pub ending: Option<Ending>,
    /// The match's own closing (`match_closings`), read with the row.
    #[serde(skip)]
    own_closing: Option<Closing>,
    /// Whether a director's correction stands beside what was entered (a hand's
    /// score or the whole result; see `match show`).
    pub corrected: bool,
}

/// How a match ended when it was not played out on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Ending {
    /// The whole match's result was entered (played off the system).
    Entered,
    /// Not played: who did not come.
    Forfeit { absent: Absent },
    /// Annulled by a correction: no result counts.
    Void,
}

impl Ending {
    /// `entered`, `forfeit` or `void`, as `history` names it.
    pub fn kind(self) -> &'static str {
        match self {
            Ending::Entered => "entered",
            Ending::Forfeit { .. } => "forfeit",
            Ending::Void => "void",
        }
    }

    /// How a match closed this way ended.
    pub fn of(closing: Closing) -> Ending {
        match closing {
            Closing::Entered { .. } => Ending::Entered,
            Closing::Forfeit(absent) => Ending::Forfeit { absent },
            Closing::Void => Ending::Void,
        }
    }
}

const MATCH_SELECT: &str = r#"
SELECT m.id, m.variant, m.rules, m.form, m.max_hands, m.first_mover, m.south_id, m.north_id,
       ps.name AS south, pn.name AS north, m.south_engine, m.north_engine, m.seed,
       m.tournament_id, t.name AS tournament, t.status AS tournament_status, m.round,
       m.winner, m.hands_played, m.final_south, m.final_north, m.created_at, m.finished_at,
       m.engine_version,
       m.revision, c.kind AS closing_kind, c.absent AS closing_absent,
       c.winner AS closing_winner, c.seeds_south AS closing_south,
       c.seeds_north AS closing_north,
       CAST(CASE WHEN EXISTS (SELECT 1 FROM match_corrections mc WHERE mc.match_id = m.id)
            THEN 1 ELSE 0 END AS BIGINT) AS corrected
FROM matches m
JOIN players ps ON ps.id = m.south_id
JOIN players pn ON pn.id = m.north_id
LEFT JOIN tournaments t ON t.id = m.tournament_id
LEFT JOIN match_closings c ON c.match_id = m.id
"#;

/// A winner column (`south`, `north`, `draw`; NULL: none) as its outcome; `what` names
/// the record when the word is not one (damage, refused).
pub(crate) fn outcome_column(
    r: &Row,
    column: &str,
    what: impl FnOnce() -> String,
) -> Result<Option<MatchOutcome>> {
    let word: Option<String> = r.try_get(column)?;
    word.map(|w| {
        MatchOutcome::parse(&w)
            .ok_or_else(|| StoreError::Corrupt(format!("{}: {column} '{w}'", what())))
    })
    .transpose()
}

impl MatchRow {
    /// A row of [`MATCH_SELECT`], its ending yet to be settled ([`MatchRow::settle`]).
    fn from_row(r: &Row) -> Result<MatchRow> {
        let id: i64 = r.try_get("id")?;
        Ok(MatchRow {
            id,
            variant: r.try_get("variant")?,
            rules_json: r.try_get("rules")?,
            form: r.try_get("form")?,
            max_hands: r.try_get("max_hands")?,
            first_mover: r.try_get("first_mover")?,
            south_id: r.try_get("south_id")?,
            north_id: r.try_get("north_id")?,
            south: r.try_get("south")?,
            north: r.try_get("north")?,
            south_engine: r.try_get("south_engine")?,
            north_engine: r.try_get("north_engine")?,
            seed: r.try_get::<i64>("seed")? as u64,
            tournament_id: r.try_get("tournament_id")?,
            tournament: r.try_get("tournament")?,
            tournament_status: r
                .try_get::<Option<String>>("tournament_status")?
                .and_then(|s| TournamentStatus::parse(&s)),
            round: r.try_get("round")?,
            winner: outcome_column(r, "winner", || format!("match {id}"))?,
            hands_played: r.try_get("hands_played")?,
            final_south: r.try_get("final_south")?,
            final_north: r.try_get("final_north")?,
            created_at: r.try_get("created_at")?,
            finished_at: r.try_get("finished_at")?,
            engine_version: r.try_get("engine_version")?,
            revision: r.try_get("revision")?,
            ending: None,
            own_closing: closing_of_row(r, id)?,
            corrected: r.try_get::<i64>("corrected")? != 0,
        })
    }

    /// Sets how the match ended from the closing that stands, given its corrections
    /// in order as the closings they put in place (`None`: a hand's score).
    fn settle(&mut self, corrections: impl IntoIterator<Item = Option<Closing>>) {
        self.ending = standing_closing(self.own_closing, corrections).map(Ending::of);
    }

    /// The match's spec, rebuilt from the stored rule set.
    pub fn spec(&self) -> Result<MatchSpec> {
        let variant = Variant::from_recorded_json(&self.rules_json)
            .map_err(|e| StoreError::Corrupt(format!("match {}: rules: {e}", self.id)))?;
        let form = MatchForm::parse(&self.form)?;
        let first = Side::parse(&self.first_mover).ok_or_else(|| {
            StoreError::Corrupt(format!(
                "match {}: first mover '{}'",
                self.id, self.first_mover
            ))
        })?;
        let max_hands = self
            .max_hands
            .map(|m| {
                u32::try_from(m)
                    .map_err(|_| StoreError::Corrupt(format!("match {}: max_hands {m}", self.id)))
            })
            .transpose()?;
        // As recorded: a match stored without a hand limit keeps having none.
        let mut spec = MatchSpec::as_recorded(&variant, form, max_hands, first)?;
        spec.variant = self.variant.clone();
        Ok(spec)
    }

    /// Engine levels per side (`None`: a human).
    pub fn engines(&self) -> Result<BySide<Option<Level>>> {
        let parse = |e: &Option<String>| -> Result<Option<Level>> {
            e.as_deref()
                .map(|name| {
                    Level::parse(name)
                        .map_err(|err| StoreError::Corrupt(format!("match {}: {err}", self.id)))
                })
                .transpose()
        };
        Ok(BySide::new(
            parse(&self.south_engine)?,
            parse(&self.north_engine)?,
        ))
    }

    pub fn player_name(&self, side: Side) -> &str {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

/// A match loaded from the store: its row and the replayed state.
#[derive(Clone, Debug)]
pub struct StoredMatch {
    pub row: MatchRow,
    pub state: MatchState,
}

impl StoredMatch {
    pub fn engines(&self) -> Result<BySide<Option<Level>>> {
        self.row.engines()
    }
}

/// A row of `goobalay history`.
#[derive(Clone, Debug, Default)]
pub struct HistoryFilter {
    pub player: Option<String>,
    /// The player by id (a page's link), instead of by name.
    pub player_id: Option<i64>,
    pub variant: Option<String>,
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    pub tournament: Option<String>,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    /// The file, or the server's URL without its password.
    path: PathBuf,
    /// SQLite: the database was opened in rollback-journal mode, with this file
    /// change counter: if a write changed it, the database switches to WAL on close.
    rollback_change_counter: Option<u32>,
    /// How long a write waits for another process's write lock.
    busy: Duration,
    /// Fixture rows this process read from the tables, to be cached once the command
    /// has succeeded ([`Store::keep_caches`]).
    pending_caches: std::sync::Arc<std::sync::Mutex<Vec<fixture_cache::PendingSave>>>,
}

impl Store {
    /// Opens (creating it if needed) the database at `location`, a file path or a
    /// `postgres://` URL, and brings its schema up to date. Refuses a file that is
    /// not SQLite, a database of another program, and a database made by a newer
    /// goobalay.
    pub async fn open(location: &Path) -> Result<Store> {
        match server_url(location) {
            Some(url) => Store::open_server_with(url, true).await,
            None => Store::open_file(location).await,
        }
    }

    /// Opens an existing database for a command that only reads: a missing file is
    /// refused, not created (see [`sqlite::open`]).
    pub async fn open_read_only(location: &Path) -> Result<Store> {
        match server_url(location) {
            Some(url) => Store::open_server_with(url, false).await,
            None => Store::open_file_read_only(location).await,
        }
    }

    /// Like [`Store::open_read_only`], but a schema that differs from the
    /// migrations' is opened too, for [`Store::verify`] to list the differences.
    pub async fn open_for_audit(location: &Path) -> Result<Store> {
        match server_url(location) {
            Some(url) => Store::open_server_with(url, false).await,
            None => Store::open_file_for_audit(location).await,
        }
    }

    /// Opens the goobalay database at a PostgreSQL URL (see [`postgres`]).
    pub async fn open_server(url: &str) -> Result<Store> {
        Store::open_server_with(url, true).await
    }

    async fn open_server_with(url: &str, create: bool) -> Result<Store> {
        let busy = busy_timeout()?;
        let pool = postgres::open(url, busy, create).await?;
        Ok(Store {
            pool: Pool::Postgres(pool),
            path: PathBuf::from(postgres::redacted(url)),
            rollback_change_counter: None,
            busy,
            pending_caches: Default::default(),
        })
    }

    pub(crate) fn on_sqlite(
        pool: sqlx::SqlitePool,
        path: &Path,
        rollback_change_counter: Option<u32>,
        busy: Duration,
    ) -> Store {
        Store {
            pool: Pool::Sqlite(pool),
            path: path.to_path_buf(),
            rollback_change_counter,
            busy,
            pending_caches: Default::default(),
        }
    }

    /// The database file, or the server's URL without its password.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The connection pool, for queries of the store's own (and tests).
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.pool.backend()
    }

    /// A read-then-write transaction: one writer at a time, waiting up to the busy
    /// timeout for another process's ([`Pool::begin_write`]), so it can never fail
    /// half-way with BUSY.
    pub async fn begin_write(&self) -> Result<Tx> {
        let mut tx = self.pool.begin_write(self.busy).await?;
        if let Tx::Sqlite(t) = &mut tx {
            open::stamp_transaction(t).await?;
        }
        Ok(tx)
    }

    /// A transaction that only reads one state of the database ([`Pool::begin_read`]).
    pub async fn begin_read(&self) -> Result<Tx> {
        Ok(self.pool.begin_read().await?)
    }

    /// Closes every connection (SQLite: checkpointing the WAL into the database file).
    pub async fn close(self) {
        if let Pool::Sqlite(pool) = &self.pool
            && let Some(counter) = self.rollback_change_counter
            && open::change_counter(&self.path) != Some(counter)
        {
            open::switch_to_wal(pool).await;
        }
        self.pool.close().await;
    }

    // ----- players -----

    pub async fn add_player(
        &self,
        name: &str,
        club: Option<&str>,
        engine: Option<Level>,
    ) -> Result<Player> {
        let new = NewPlayer::checked(name, club, engine)?;
        let mut tx = self.begin_write().await?;
        let player = add_player_in(&mut tx, &new).await?;
        tx.commit().await?;
        Ok(player)
    }

    /// Players by name; retired ones only with `include_retired`.
    pub async fn players(&self, include_retired: bool) -> Result<Vec<Player>> {
        self.pool.acquire().await?.players(include_retired).await
    }

    /// A player by name, ignoring case.
    pub async fn player(&self, name: &str) -> Result<Option<Player>> {
        self.pool.acquire().await?.player_by_name(name).await
    }

    /// The player with id `id` (`None`: no such player).
    pub async fn player_with_id(&self, id: i64) -> Result<Option<Player>> {
        self.pool.acquire().await?.player_by_id(id).await
    }

    /// Like [`Store::player`], but a missing player is an error.
    pub async fn require_player(&self, name: &str) -> Result<Player> {
        let mut conn = self.begin_read().await?;
        require_player_in(&mut conn, name).await
    }

    // ----- matches -----

    /// Creates a match (hand 1 from the ordinary setup, nothing played).
    pub async fn create_match(&self, new: &NewMatch) -> Result<StoredMatch> {
        self.create_match_with(new, &MatchState::new(new.spec.clone()))
            .await
    }

    /// Creates a match whose state may already hold play (an engine's opening turns,
    /// thought before this call, outside any transaction): the match and its hands in
    /// one transaction.
    pub async fn create_match_with(
        &self,
        new: &NewMatch,
        state: &MatchState,
    ) -> Result<StoredMatch> {
        if new.spec != *state.spec() {
            return Err(StoreError::Corrupt(
                "a new match's state and its spec differ".to_string(),
            ));
        }
        let mut tx = self.begin_write().await?;
        let mut engines = EngineCache::default();
        let id = insert_match(&mut tx, new, &mut engines, state.hands(), state.outcome()).await?;
        let stored = load_match(&mut tx, id).await?;
        tx.commit().await?;
        Ok(stored)
    }

    /// Stores matches played elsewhere (e.g. in memory by
    /// [`crate::matches::play_engine_match`]) in one transaction; returns their ids.
    /// Each record's spec must be its `NewMatch`'s spec.
    pub async fn insert_played_matches(
        &self,
        played: &[(NewMatch, MatchRecord)],
    ) -> Result<Vec<i64>> {
        let mut tx = self.begin_write().await?;
        let mut ids = Vec::with_capacity(played.len());
        let mut engines = EngineCache::default();
        for (new, record) in played {
            if new.spec != record.spec {
                return Err(StoreError::Corrupt(
                    "a played match's record and its new match differ in spec".to_string(),
                ));
            }
            let id =
                insert_match(&mut tx, new, &mut engines, &record.hands, record.outcome).await?;
            ids.push(id);
        }
        tx.commit().await?;
        Ok(ids)
    }

    pub async fn load_match(&self, id: i64) -> Result<StoredMatch> {
        let mut tx = self.begin_read().await?;
        load_match(&mut tx, id).await
    }

    /// Writes `after`, the state of the match `before` after a change made in memory,
    /// in one transaction, if nobody changed the match since `before` was read (its
    /// revision is still `before`'s) and its tournament's status is still `before`'s
    /// (the change was decided on it, see [`MatchRow::tournament_status`]); otherwise
    /// writes nothing and returns [`StoreError::Conflict`], and the caller reads and
    /// decides again. Only the hands that differ are written, and nothing is read
    /// back: the match as stored is `before`'s row with the new summary.
    pub async fn save_match(&self, before: &StoredMatch, after: MatchState) -> Result<StoredMatch> {
        let id = before.row.id;
        let n = after.spec().rules.holes_per_row;
        let now = now();
        let mut tx = self.begin_write().await?;
        if let Some(tid) = before.row.tournament_id {
            let status: String = query_scalar("SELECT status FROM tournaments WHERE id = $1")
                .bind(tid)
                .fetch_one(&mut tx)
                .await?;
            if TournamentStatus::parse(&status) != before.row.tournament_status {
                return Err(StoreError::Conflict);
            }
        }
        let mut row = write_result_columns(&mut tx, &before.row, &after, now).await?;
        write_hands(&mut tx, id, before.state.hands(), after.hands(), n).await?;
        if let (None, Some(closing)) = (before.state.closing(), after.closing()) {
            write_closing(&mut tx, id, closing, now).await?;
        }
        if let (Some(tid), Some(_), None) = (row.tournament_id, &row.winner, &before.row.winner)
            && tournaments::status::close_if_over(&mut tx, tid).await?
        {
            row.tournament_status = Some(TournamentStatus::Finished);
        }
        tx.commit().await?;
        Ok(StoredMatch { row, state: after })
    }

    /// Changes a match: reads it, runs `change` on its state and writes what changed
    /// ([`Store::save_match`]). If another process changed the match in between, it
    /// is read again and `change` runs on what is stored now (a few times at most,
    /// then [`StoreError::Conflict`]). If `change` fails, nothing is written and its
    /// error is returned.
    pub async fn update_match<T>(
        &self,
        id: i64,
        mut change: impl FnMut(&mut MatchState, &MatchRow) -> Result<T>,
    ) -> Result<(StoredMatch, T)> {
        for _ in 0..WRITE_ATTEMPTS {
            let stored = self.load_match(id).await?;
            let mut state = stored.state.clone();
            let value = change(&mut state, &stored.row)?;
            match self.save_match(&stored, state).await {
                Ok(saved) => return Ok((saved, value)),
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::Conflict)
    }

    /// Matches, newest first, filtered.
    pub async fn history(&self, filter: &HistoryFilter) -> Result<Vec<MatchRow>> {
        let mut conn = self.begin_read().await?;
        let player = match &filter.player {
            Some(name) => Some(require_player_in(&mut conn, name).await?.id),
            None => filter.player_id,
        };
        let tournament = match &filter.tournament {
            Some(name) => Some(
                query_scalar::<i64>("SELECT id FROM tournaments WHERE name_key = $1")
                    .bind(name_key(name))
                    .fetch_optional(&mut conn)
                    .await?
                    .ok_or_else(|| StoreError::UnknownTournament(name.trim().to_string()))?,
            ),
            None => None,
        };
        let variant = filter
            .variant
            .as_deref()
            .map(|v| Variant::preset(v).map_or(v.trim().to_string(), |p| p.name));
        let sql = format!(
            "{MATCH_SELECT} WHERE ($1 IS NULL OR m.south_id = $1 OR m.north_id = $1)
               AND ($2 IS NULL OR m.variant = $2)
               AND ($3 IS NULL OR m.created_at >= $3)
               AND ($4 IS NULL OR m.created_at < $4)
               AND ($5 IS NULL OR m.tournament_id = $5)
             ORDER BY m.id DESC"
        );
        let rows = query(sql)
            .bind(player)
            .bind(variant)
            .bind(filter.since)
            .bind(filter.until)
            .bind(tournament)
            .fetch_all(&mut conn)
            .await?;
        let mut corrections = corrections::whole_closings(&mut conn).await?;
        rows.iter()
            .map(|r| {
                let mut row = MatchRow::from_row(r)?;
                row.settle(corrections.remove(&row.id).unwrap_or_default());
                Ok(row)
            })
            .collect()
    }
}

/// The time a record is stamped with: now, to the microsecond, which both backends
/// keep exactly (PostgreSQL's TIMESTAMPTZ has no nanoseconds), so a record reads back
/// as written and a copy between backends is exact.
/// Stores the result columns that `state` gives (winner, hands played, final seeds;
/// the finish time `at` unless the match had one, none while unfinished) in the row
/// `before`, raising its revision, if the row still has `before`'s revision (nobody
/// wrote it since it was read); otherwise writes nothing and returns
/// [`StoreError::Conflict`]. Returns the row as it now stands.
pub(crate) async fn write_result_columns(
    conn: &mut impl AsConn,
    before: &MatchRow,
    state: &MatchState,
    at: DateTime<Utc>,
) -> Result<MatchRow> {
    let (winner, hands_played, final_south, final_north) = tournaments::summary(state);
    let updated = query(
        "UPDATE matches SET revision = revision + 1, winner = $3, hands_played = $4,
             final_south = $5, final_north = $6,
             finished_at = CASE WHEN $3 IS NULL THEN NULL ELSE COALESCE(finished_at, $7) END
         WHERE id = $1 AND revision = $2",
    )
    .bind(before.id)
    .bind(before.revision)
    .bind(winner)
    .bind(hands_played)
    .bind(final_south.map(i64::from))
    .bind(final_north.map(i64::from))
    .bind(at)
    .execute(&mut *conn)
    .await?;
    if updated != 1 {
        return Err(StoreError::Conflict);
    }
    let mut row = before.clone();
    row.revision += 1;
    row.winner = state.outcome();
    row.hands_played = hands_played;
    row.final_south = final_south.map(i64::from);
    row.final_north = final_north.map(i64::from);
    row.finished_at = winner.map(|_| row.finished_at.unwrap_or(at));
    Ok(row)
}

pub(crate) fn now() -> DateTime<Utc> {
    use chrono::DurationRound;
    let t = Utc::now();
    t.duration_trunc(chrono::TimeDelta::microseconds(1))
        .unwrap_or(t)
}

/// Longest player, club or tournament name, in characters.
pub const MAX_NAME_CHARS: usize = crate::names::MAX_NAME_CHARS;

/// A player name as stored (see [`crate::names::clean`]).
pub(crate) fn check_name(name: &str) -> Result<String> {
    Ok(crate::names::clean(name, "a player name")?)
}

/// The key under which player and tournament names are unique and found
/// ([`crate::names::key`]: case and Unicode variants ignored).
pub fn name_key(name: &str) -> String {
    crate::names::key(name)
}

/// The player named `name`, or [`StoreError::UnknownPlayer`] with the recorded name
/// it most likely meant ([`crate::names::closest`]).
pub(crate) async fn require_player_in(repo: &mut impl PlayerRepo, name: &str) -> Result<Player> {
    if let Some(p) = repo.player_by_name(name).await? {
        return Ok(p);
    }
    let names = repo.player_names().await?;
    Err(StoreError::UnknownPlayer {
        name: name.trim().to_string(),
        like: crate::names::closest(name, &names).map(str::to_string),
    })
}

/// Enters `new` unless a player of the same name key exists
/// ([`StoreError::DuplicatePlayer`]); returns the player as stored.
pub(crate) async fn add_player_in(repo: &mut impl PlayerRepo, new: &NewPlayer) -> Result<Player> {
    if repo.player_by_name(&new.name).await?.is_some() {
        return Err(StoreError::DuplicatePlayer(new.name.clone()));
    }
    let id = repo.insert_player(new, now()).await?;
    player_by_id(repo, id).await
}

/// The player with id `id`, who must exist (a row just written or referred to).
pub(crate) async fn player_by_id(repo: &mut impl PlayerRepo, id: i64) -> Result<Player> {
    repo.player_by_id(id)
        .await?
        .ok_or(StoreError::Sqlx(sqlx::Error::RowNotFound))
}

/// Engine level of each player, looked up once per batch.
#[derive(Default)]
struct EngineCache(std::collections::HashMap<i64, Option<String>>);

impl EngineCache {
    async fn get(&mut self, conn: &mut impl AsConn, id: i64) -> Result<Option<String>> {
        if let Some(e) = self.0.get(&id) {
            return Ok(e.clone());
        }
        let engine: Option<Option<String>> =
            query_scalar("SELECT engine FROM players WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?;
        let engine = engine.ok_or_else(|| StoreError::UnknownPlayer {
            name: format!("#{id}"),
            like: None,
        })?;
        self.0.insert(id, engine.clone());
        Ok(engine)
    }
}

/// Inserts a match with its hands (two statements: the match row with its summary,
/// and one multi-row insert of the hands).
async fn insert_match(
    conn: &mut impl AsConn,
    new: &NewMatch,
    engines: &mut EngineCache,
    hands: &[Hand],
    outcome: Option<MatchOutcome>,
) -> Result<i64> {
    let south_engine = engines.get(conn, new.south).await?;
    let north_engine = engines.get(conn, new.north).await?;
    let variant = Variant {
        name: new.spec.variant.clone(),
        summary: String::new(),
        rules: new.spec.rules,
    };
    let rules_json = serde_json::to_string(&variant.to_file())
        .map_err(|e| StoreError::Corrupt(format!("rules do not serialise: {e}")))?;
    let now = now();
    let last_score = hands.iter().rev().find_map(|h| h.score);
    let played = hands.iter().filter(|h| h.end.is_some()).count() as i64;
    let id = query_scalar::<i64>(
        "INSERT INTO matches (variant, rules, form, max_hands, first_mover, south_id, north_id,
                              south_engine, north_engine, seed, tournament_id, round, created_at,
                              winner, hands_played, final_south, final_north, finished_at,
                              engine_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
                 $19)
         RETURNING id",
    )
    .bind(new.spec.variant.as_str())
    .bind(rules_json)
    .bind(new.spec.form.name())
    .bind(new.spec.max_hands.map(i64::from))
    .bind(new.spec.first.name())
    .bind(new.south)
    .bind(new.north)
    .bind(south_engine)
    .bind(north_engine)
    .bind(new.seed as i64)
    .bind(new.tournament_id)
    .bind(new.round)
    .bind(now)
    .bind(outcome.map(MatchOutcome::name))
    .bind(played)
    .bind(last_score.map(|s| i64::from(s.south)))
    .bind(last_score.map(|s| i64::from(s.north)))
    .bind(outcome.map(|_| now))
    .bind(crate::ai::ENGINE_VERSION)
    .fetch_one(&mut *conn)
    .await?;
    let n = new.spec.rules.holes_per_row;
    write_hand_rows(conn, hands.iter().map(|h| (id, h)), n).await?;
    Ok(id)
}

async fn load_match(conn: &mut impl AsConn, id: i64) -> Result<StoredMatch> {
    let sql = format!("{MATCH_SELECT} WHERE m.id = $1");
    let row = query(sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::UnknownMatch(id))?;
    let mut row = MatchRow::from_row(&row)?;
    let spec = row.spec()?;
    let hands = query("SELECT * FROM hands WHERE match_id = $1 ORDER BY number")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    let corrupt =
        |hand: i64, what: &str| StoreError::Corrupt(format!("match {id} hand {hand}: {what}"));
    // An entered hand's score as corrected since (the row keeps it as entered).
    let closing = row.own_closing;
    let corrections = corrections::corrections_after(conn, id, closing).await?;
    row.settle(corrections.iter().map(|c| c.kind.closing()));
    let corrected = corrections::corrected_scores(&corrections);
    let mut state = MatchState::new(spec);
    for h in &hands {
        let number: i64 = h.try_get("number")?;
        let correction = corrected.get(&(number as u32)).copied();
        if i64::from(state.current_hand().number) != number || state.is_over() {
            return Err(corrupt(number, "hand out of sequence"));
        }
        let first: Option<String> = h.try_get("first_arranger")?;
        if let Some(first) = first {
            let first = Side::parse(&first).ok_or_else(|| corrupt(number, "first arranger"))?;
            for side in [first, !first] {
                let col = if side == Side::South {
                    "arrangement_south"
                } else {
                    "arrangement_north"
                };
                let text: Option<String> = h.try_get(col)?;
                if let Some(text) = text {
                    let row = parse_row(&text)?;
                    state
                        .apply(&Event::Arrange { side, row })
                        .map_err(|e| corrupt(number, &e.to_string()))?;
                }
            }
        }
        let moves: String = h.try_get("moves")?;
        for token in moves.split_whitespace() {
            let m = state
                .parse_move(token)
                .map_err(|e| corrupt(number, &e.to_string()))?;
            state
                .apply(&Event::Move(m))
                .map_err(|e| corrupt(number, &e.to_string()))?;
        }
        let end: Option<String> = h.try_get("end_reason")?;
        if end.as_deref() == Some("result") {
            let score = BySide::new(
                h.try_get::<Option<i64>>("score_south")?.unwrap_or(-1),
                h.try_get::<Option<i64>>("score_north")?.unwrap_or(-1),
            );
            if score.south < 0 || score.north < 0 {
                return Err(corrupt(number, "result without scores"));
            }
            state
                .apply(&Event::Result(
                    correction.unwrap_or_else(|| score.map(|s| s as u32)),
                ))
                .map_err(|e| corrupt(number, &e.to_string()))?;
        }
        // The summary columns must be what the replay gives.
        let hand = &state.hands()[number as usize - 1];
        let stored_end = end.as_deref().and_then(HandEnd::parse);
        if hand.end != stored_end {
            return Err(corrupt(number, "stored end differs from the replay"));
        }
        let pair = |a: &str, b: &str| -> Result<(Option<i64>, Option<i64>)> {
            Ok((h.try_get(a)?, h.try_get(b)?))
        };
        let as_pair = |v: BySide<u32>| (Some(i64::from(v.south)), Some(i64::from(v.north)));
        if pair("holdings_south", "holdings_north")? != as_pair(hand.holdings)
            || pair("kept_south", "kept_north")? != as_pair(hand.kept)
            || (correction.is_none()
                && pair("score_south", "score_north")? != hand.score.map_or((None, None), as_pair))
        {
            return Err(corrupt(
                number,
                "stored holdings, kept seeds or scores differ from the replay",
            ));
        }
    }
    if hands.is_empty() {
        return Err(StoreError::Corrupt(format!("match {id} has no hands")));
    }
    if let Some(closing) = closing {
        state
            .close(closing)
            .map_err(|e| StoreError::Corrupt(format!("match {id}: closing: {e}")))?;
    }
    for closing in corrections::corrected_closings(&corrections) {
        state = crate::matches::correction::with_closing(&state, closing)
            .map_err(|e| StoreError::Corrupt(format!("match {id}: a correction: {e}")))?;
    }
    Ok(StoredMatch { row, state })
}

/// The forfeit or whole-match result stored for match `id` (`match_closings`).
pub(crate) async fn read_closing(conn: &mut impl AsConn, id: i64) -> Result<Option<Closing>> {
    let Some(r) = query(
        "SELECT kind AS closing_kind, absent AS closing_absent, winner AS closing_winner,
                seeds_south AS closing_south, seeds_north AS closing_north
         FROM match_closings WHERE match_id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    closing_of_row(&r, id)
}

/// The closing in a row's `closing_*` columns (`match_closings`, read with the match or
/// alone; `None`: the match has none).
fn closing_of_row(r: &Row, id: i64) -> Result<Option<Closing>> {
    let corrupt = |what: String| StoreError::Corrupt(format!("match {id}: closing: {what}"));
    let Some(kind) = r.try_get::<Option<String>>("closing_kind")? else {
        return Ok(None);
    };
    let absent: Option<String> = r.try_get("closing_absent")?;
    let winner: Option<String> = r.try_get("closing_winner")?;
    let seeds: (Option<i64>, Option<i64>) =
        (r.try_get("closing_south")?, r.try_get("closing_north")?);
    let closing = match (kind.as_str(), absent.as_deref(), winner.as_deref()) {
        ("forfeit", Some(a), None) => {
            Closing::Forfeit(Absent::parse(a).ok_or_else(|| corrupt(format!("absent '{a}'")))?)
        }
        ("match", None, Some(w)) => Closing::Entered {
            outcome: MatchOutcome::parse(w).ok_or_else(|| corrupt(format!("winner '{w}'")))?,
            seeds: match seeds {
                (Some(s), Some(n)) => Some(BySide::new(
                    u32::try_from(s).map_err(|_| corrupt(format!("seeds {s}")))?,
                    u32::try_from(n).map_err(|_| corrupt(format!("seeds {n}")))?,
                )),
                (None, None) => None,
                _ => return Err(corrupt("one side's seeds only".to_string())),
            },
        },
        _ => return Err(corrupt(format!("kind '{kind}'"))),
    };
    Ok(Some(closing))
}

async fn write_closing(
    conn: &mut impl AsConn,
    id: i64,
    closing: Closing,
    now: DateTime<Utc>,
) -> Result<()> {
    let (kind, absent, winner, seeds) = match closing {
        Closing::Forfeit(a) => ("forfeit", Some(a.name()), None, None),
        Closing::Entered { outcome, seeds } => ("match", None, Some(outcome.name()), seeds),
        Closing::Void => {
            return Err(StoreError::Corrupt(format!(
                "match {id}: only a correction voids a match"
            )));
        }
    };
    query(
        "INSERT INTO match_closings (match_id, kind, absent, winner, seeds_south, seeds_north,
                                     entered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(kind)
    .bind(absent)
    .bind(winner)
    .bind(seeds.map(|s| i64::from(s.south)))
    .bind(seeds.map(|s| i64::from(s.north)))
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Writes the given hands (match id, hand) in one statement, replacing rows with the
/// same numbers.
///
/// The rows go in as one JSON array read by `json_each`: one statement and three
/// parameters however many hands, where binding 16 parameters a row cost more than
/// SQLite's inserting them.
pub(crate) async fn write_hand_rows<'h>(
    conn: &mut impl AsConn,
    hands: impl IntoIterator<Item = (i64, &'h Hand)>,
    n: u8,
) -> Result<()> {
    type Row<'a> = (
        i64,
        u32,
        &'static str,
        Option<&'static str>,
        u32,
        u32,
        u32,
        u32,
        Option<String>,
        Option<String>,
        String,
        usize,
        Option<&'static str>,
        Option<u32>,
        Option<u32>,
    );
    let rows: Vec<Row> = hands
        .into_iter()
        .map(|(id, hand)| {
            (
                id,
                hand.number,
                hand.first_mover.name(),
                hand.first_arranger.map(Side::name),
                hand.holdings.south,
                hand.holdings.north,
                hand.kept.south,
                hand.kept.north,
                side_pair(hand.arrangement.south.as_ref()),
                side_pair(hand.arrangement.north.as_ref()),
                hand.moves_text(n),
                hand.moves.len(),
                hand.end.map(HandEnd::name),
                hand.score.map(|s| s.south),
                hand.score.map(|s| s.north),
            )
        })
        .collect();
    if rows.is_empty() {
        return Ok(());
    }
    let json =
        serde_json::to_string(&rows).map_err(|e| StoreError::Corrupt(format!("hand rows: {e}")))?;
    let written = query(
        "INSERT INTO hands (match_id, number, first_mover, first_arranger, holdings_south,
             holdings_north, kept_south, kept_north, arrangement_south, arrangement_north,
             moves, move_count, end_reason, score_south, score_north, updated_at)
         SELECT CAST(v.value->>0 AS BIGINT), CAST(v.value->>1 AS BIGINT), v.value->>2,
                v.value->>3, CAST(v.value->>4 AS BIGINT), CAST(v.value->>5 AS BIGINT),
                CAST(v.value->>6 AS BIGINT), CAST(v.value->>7 AS BIGINT), v.value->>8,
                v.value->>9, v.value->>10, CAST(v.value->>11 AS BIGINT), v.value->>12,
                CAST(v.value->>13 AS BIGINT), CAST(v.value->>14 AS BIGINT), $2
         FROM jsonb_each(jsonb($1)) AS v WHERE true
         ON CONFLICT (match_id, number) DO UPDATE SET
             first_mover = excluded.first_mover, first_arranger = excluded.first_arranger,
             holdings_south = excluded.holdings_south, holdings_north = excluded.holdings_north,
             kept_south = excluded.kept_south, kept_north = excluded.kept_north,
             arrangement_south = excluded.arrangement_south,
             arrangement_north = excluded.arrangement_north,
             moves = excluded.moves, move_count = excluded.move_count,
             end_reason = excluded.end_reason, score_south = excluded.score_south,
             score_north = excluded.score_north, updated_at = excluded.updated_at",
    )
    .bind(json)
    .bind(now())
    .execute(&mut *conn)
    .await?;
    if written != rows.len() as u64 {
        return Err(StoreError::Corrupt(format!(
            "{} of {} hand rows written",
            written,
            rows.len()
        )));
    }
    Ok(())
}

fn side_pair(v: Option<&Vec<u16>>) -> Option<String> {
    v.map(|row| row.iter().map(u16::to_string).collect::<Vec<_>>().join(","))
}

/// Writes the hands that differ from `before` and deletes hands past the new last.
async fn write_hands(
    conn: &mut impl AsConn,
    id: i64,
    before: &[Hand],
    after: &[Hand],
    n: u8,
) -> Result<()> {
    query("DELETE FROM hands WHERE match_id = $1 AND number > $2")
        .bind(id)
        .bind(after.len() as i64)
        .execute(&mut *conn)
        .await?;
    let changed = after
        .iter()
        .enumerate()
        .filter(|(i, hand)| before.get(*i) != Some(*hand))
        .map(|(_, hand)| (id, hand));
    write_hand_rows(conn, changed, n).await?;
    Ok(())
}
