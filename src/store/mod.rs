//! The repository: players, matches and their hands, tournaments (see
//! `tournaments`), on SQLite (a file, `sqlite`) or PostgreSQL (a server,
//! `postgres`).
//!
//! One SQL text serves both backends (`sql`: `$N` parameters, `RETURNING`, casts
//! where PostgreSQL would type differently); what differs lives in the backend's
//! folder: opening, migrations (`migrations/` and `migrations/postgres/`, twins of the
//! same versions), SQLite's file checks. Every transaction in which a read decides a
//! write is one writer at a time on both ([`Store::begin_write`]).
//!
//! The players' and matches' rows are read and written through repositories
//! (`repo`), on a transaction the application layer opens and commits. The audit
//! (`goobalay verify`) is the application layer's ([`crate::app::verify()`]): it
//! reads the records through the application layer's `AuditRepo` and judges them;
//! the store keeps the checks of its own storage (`storage_checks`: SQLite's file
//! checks, the schema against the migrations', the database identity, the fixture
//! cache against the tables).
//!
//! A match is stored as its row in `matches` plus one row per hand in `hands`; the
//! hand rows hold the events (arrangements, moves in notation, an entered result) from
//! which [`crate::matches::MatchState::replay`] rebuilds the match.

pub(crate) mod changes;
pub(crate) mod copy;
pub(crate) mod corrections;
pub(crate) mod fixture_cache;
pub(crate) mod import;
pub(crate) mod open_error;
pub(crate) mod postgres;
pub(crate) mod repo;
pub(crate) mod rounds;
pub(crate) mod sql;
pub(crate) mod sqlite;
pub(crate) mod storage_checks;
pub(crate) mod tournaments;
mod unit;

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::engine::{BySide, Side};

use crate::matches::{Absent, Closing, Hand, HandEnd, MatchOutcome, StoredSeeds};
use crate::tournament::TournamentStatus;
use repo::PlayerRepo;
use sql::{AsConn, Backend, Pool, Row, query};

pub(crate) use sqlite::open;
pub use unit::UnitOfWork;

// The records and the error are the application layer's ([`crate::app::records`],
// [`crate::app::repo`]); the store fills them from its rows.
pub(crate) use crate::app::records::now;
pub use crate::app::records::{
    Ending, HistoryFilter, MatchRow, NewMatch, NewPlayer, Player, StoredMatch,
};
pub use crate::app::repo::{BackendError, Result, StoreError};
pub use open_error::{MAX_BUSY_TIMEOUT_MS, OpenError, worded};
pub use postgres::redacted;

/// How long a process waits for another one's write lock before giving up.
pub(crate) const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The URL, when a `--db` value names a PostgreSQL database rather than a file.
pub fn server_url(location: &Path) -> Option<&str> {
    location.to_str().filter(|l| postgres::is_url(l))
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        // SQLITE_BUSY (5) and its extended codes (BUSY_SNAPSHOT 517, ...), or
        // PostgreSQL's lock timeout.
        if sqlite_code(&e).is_some_and(|c| c & 0xff == 5) || sql::is_lock_timeout(&e) {
            let timeout = busy_timeout().unwrap_or(DEFAULT_BUSY_TIMEOUT);
            return StoreError::Busy(timeout.as_millis());
        }
        let read_only = sqlite_code(&e).is_some_and(|c| c & 0xff == 8);
        StoreError::Backend(BackendError::new(e, read_only))
    }
}

/// SQLite's result code (extended) of a statement it refused, if `e` is one.
fn sqlite_code(e: &sqlx::Error) -> Option<u32> {
    match e {
        sqlx::Error::Database(db) => db.code().and_then(|c| c.parse::<u32>().ok()),
        _ => None,
    }
}

/// SQLite's result code (extended) of the statement the backend refused, if the
/// store failed with one.
pub(crate) fn failed_sqlite_code(e: &StoreError) -> Option<u32> {
    match e {
        StoreError::Backend(b) => b.source_error().downcast_ref().and_then(sqlite_code),
        _ => None,
    }
}

/// The busy timeout: `GOOBALAY_BUSY_TIMEOUT_MS` if set (tests shorten it), else 10 s.
/// A value that is not a whole number of milliseconds from 0 to
/// [`MAX_BUSY_TIMEOUT_MS`] is refused (not ignored).
pub fn busy_timeout() -> Result<Duration, OpenError> {
    let Some(value) = std::env::var_os("GOOBALAY_BUSY_TIMEOUT_MS") else {
        return Ok(DEFAULT_BUSY_TIMEOUT);
    };
    let text = value.to_string_lossy();
    match text.parse::<u64>() {
        Ok(ms) if ms <= MAX_BUSY_TIMEOUT_MS => Ok(Duration::from_millis(ms)),
        _ => Err(OpenError::BusyTimeout(text.into_owned())),
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
            THEN 1 ELSE 0 END AS BIGINT) AS corrected,
       CASE WHEN m.form LIKE 'games:%' THEN (SELECT CAST(COALESCE(SUM(h.score_south), 0) AS BIGINT)
                                             FROM hands h WHERE h.match_id = m.id) END AS sum_south,
       CASE WHEN m.form LIKE 'games:%' THEN (SELECT CAST(COALESCE(SUM(h.score_north), 0) AS BIGINT)
                                             FROM hands h WHERE h.match_id = m.id) END AS sum_north,
       CASE WHEN m.form LIKE 'games:%' THEN (SELECT CAST(mc.seeds_south_after AS BIGINT)
                                             FROM match_corrections mc WHERE mc.match_id = m.id
                                             ORDER BY mc.id DESC LIMIT 1) END AS corrected_south,
       CASE WHEN m.form LIKE 'games:%' THEN (SELECT CAST(mc.seeds_north_after AS BIGINT)
                                             FROM match_corrections mc WHERE mc.match_id = m.id
                                             ORDER BY mc.id DESC LIMIT 1) END AS corrected_north
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
            stored_seeds: StoredSeeds {
                last: seed_pair(r, "final_south", "final_north")?,
                game_sums: seed_pair(r, "sum_south", "sum_north")?,
                corrected: seed_pair(r, "corrected_south", "corrected_north")?,
            },
            seeds: None,
        })
    }
}

/// A pair of seed columns (`None` when either is NULL; a negative count is damage).
fn seed_pair(r: &Row, south: &str, north: &str) -> Result<Option<BySide<u32>>> {
    let (s, n): (Option<i64>, Option<i64>) = (r.try_get(south)?, r.try_get(north)?);
    let seeds = |v: i64, column: &str| {
        u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("{column} {v}")))
    };
    Ok(match (s, n) {
        (Some(s), Some(n)) => Some(BySide::new(seeds(s, south)?, seeds(n, north)?)),
        _ => None,
    })
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
    pending_caches: fixture_cache::FixtureNotes,
    /// SQLite, a store that stays open (a server's): the file it opened, checked
    /// before every write ([`Store::keep_file_identity`]).
    opened_file: Option<std::sync::Arc<sqlite::opened::OpenedFile>>,
    /// Whether this store can write a cache row: not an SQLite file opened for a
    /// command that only reads (`query_only`), whose reads note no rows to keep.
    keeps_caches: bool,
}

impl Store {
    /// Opens (creating it if needed) the database at `location`, a file path or a
    /// `postgres://` URL, and brings its schema up to date. Refuses a file that is
    /// not SQLite, a database of another program, and a database made by a newer
    /// goobalay.
    pub async fn open(location: &Path) -> Result<Store, OpenError> {
        match server_url(location) {
            Some(url) => Store::open_server_with(url, true).await,
            None => Store::open_file(location).await,
        }
    }

    /// Opens an existing database for a command that only reads: a missing file is
    /// refused, not created (see `store::sqlite::open`).
    pub async fn open_read_only(location: &Path) -> Result<Store, OpenError> {
        match server_url(location) {
            Some(url) => Store::open_server_with(url, false).await,
            None => Store::open_file_read_only(location).await,
        }
    }

    /// Like [`Store::open_read_only`], but a schema that differs from the
    /// migrations' is opened too, for the audit ([`crate::app::verify()`]) to list the
    /// differences.
    pub async fn open_for_audit(location: &Path) -> Result<Store, OpenError> {
        match server_url(location) {
            Some(url) => Store::open_server_with(url, false).await,
            None => Store::open_file_for_audit(location).await,
        }
    }

    async fn open_server_with(url: &str, create: bool) -> Result<Store, OpenError> {
        let busy = busy_timeout()?;
        let pool = postgres::open(url, busy, create).await?;
        Ok(Store {
            pool: Pool::Postgres(pool),
            path: PathBuf::from(postgres::redacted(url)),
            rollback_change_counter: None,
            busy,
            pending_caches: Default::default(),
            opened_file: None,
            keeps_caches: true,
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
            opened_file: None,
            keeps_caches: true,
        }
    }

    /// This store, noting no fixture rows to keep: its connections cannot write.
    pub(crate) fn keeping_no_caches(self) -> Store {
        Store {
            keeps_caches: false,
            ..self
        }
    }

    /// The database file, or the server's URL without its password.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The connection pool, for the store's own queries (a test opens its own connection).
    pub(crate) fn pool(&self) -> &Pool {
        &self.pool
    }

    pub(crate) fn backend(&self) -> Backend {
        self.pool.backend()
    }

    /// A read-then-write transaction: one writer at a time, waiting up to the busy
    /// timeout for another process's (`Pool::begin_write`), so it can never fail
    /// half-way with BUSY.
    pub async fn begin_write(&self) -> Result<UnitOfWork> {
        let mut tx = self.pool.begin_write(self.busy).await?;
        if let Some(opened) = &self.opened_file {
            // Under the write lock: no goobalay process writes meanwhile.
            opened.check()?;
        }
        if let Some(t) = tx.on_sqlite() {
            open::stamp_transaction(t).await?;
        }
        Ok(UnitOfWork::new(tx, None).checkpointed_after(self.checkpoint_after_commit()))
    }

    /// Notes the file this store opened, for a store that stays open (a server's):
    /// from now on every write first checks that the path still names that file,
    /// holding the same database, and every committed write is checkpointed into
    /// the file (see `store::sqlite::opened`). Nothing to note on PostgreSQL.
    pub async fn keep_file_identity(&mut self) -> Result<(), OpenError> {
        if let Pool::Sqlite(pool) = &self.pool {
            // Page 1 as the file holds it is what the checks compare; a store that
            // cannot write (a read-only server's) reads the file as it is.
            let _ = sqlite::opened::checkpoint(pool).await;
            self.opened_file = Some(std::sync::Arc::new(sqlite::opened::OpenedFile::note(
                &self.path,
            )?));
        }
        Ok(())
    }

    /// Whether the file this store opened is still the one at its path (always, for
    /// a store that did not note it: [`Store::keep_file_identity`]).
    pub fn check_file(&self) -> Result<()> {
        self.opened_file.as_ref().map_or(Ok(()), |f| f.check())
    }

    /// A server's store: what was just committed copied into the file, so that the
    /// log at the path holds nothing another file could take.
    pub(crate) async fn checkpoint_if_kept_open(&self) {
        if let Some((pool, _)) = self.checkpoint_after_commit() {
            let _ = sqlite::opened::checkpoint(&pool).await;
        }
    }

    fn checkpoint_after_commit(
        &self,
    ) -> Option<(sqlx::SqlitePool, std::sync::Arc<sqlite::opened::OpenedFile>)> {
        match (&self.pool, &self.opened_file) {
            (Pool::Sqlite(pool), Some(opened)) => Some((pool.clone(), opened.clone())),
            _ => None,
        }
    }

    /// A transaction that only reads one state of the database (`Pool::begin_read`);
    /// the fixture rows its loads read from the tables are noted, to be kept as
    /// caches once the command has succeeded ([`Store::close_after_success`]).
    pub async fn begin_read(&self) -> Result<UnitOfWork> {
        let tx = self.pool.begin_read().await?;
        let notes = self.keeps_caches.then(|| self.pending_caches.clone());
        Ok(UnitOfWork::new(tx, notes))
    }

    /// Closes every connection (SQLite: checkpointing the WAL into the database file).
    ///
    /// SQLite folds the log into the file when the last connection to the database
    /// closes, if that connection read through the log. Now and then (a loaded
    /// machine, connections returned to the pool in another order) a command's last
    /// close left its log behind, and the next command's close folded it: a command
    /// that wrote nothing changed the file's bytes. So a log left once the pool is
    /// closed gets one more last close (`sqlite::open::close_last_again`).
    pub async fn close(self) {
        self.close_connections().await;
    }

    /// Closes the store of a command that succeeded: first keeps, as their
    /// tournaments' caches, the fixture rows it read from the tables
    /// ([`Store::keep_caches`]), then closes as [`Store::close`] does. A refused
    /// command closes with [`Store::close`], so it writes nothing.
    pub async fn close_after_success(self) {
        self.keep_caches().await;
        self.close_connections().await;
    }

    async fn close_connections(self) {
        if let Pool::Sqlite(pool) = &self.pool
            && let Some(counter) = self.rollback_change_counter
            && open::change_counter(&self.path) != Some(counter)
        {
            open::switch_to_wal(pool).await;
        }
        self.pool.close().await;
        // A file no longer at the path is not the one whose log is there.
        if self.backend() == Backend::Sqlite && self.check_file().is_ok() {
            open::close_last_again(&self.path, self.busy).await;
        }
    }

    // ----- players -----

    /// Players by name; retired ones only with `include_retired`.
    pub async fn players(&self, include_retired: bool) -> Result<Vec<Player>> {
        self.pool.acquire().await?.players(include_retired).await
    }

    /// A player by name, ignoring case.
    pub async fn player(&self, name: &str) -> Result<Option<Player>> {
        self.pool.acquire().await?.player_by_name(name).await
    }
}

/// Longest player, club or tournament name, in characters.
pub const MAX_NAME_CHARS: usize = crate::names::MAX_NAME_CHARS;

/// The key under which player and tournament names are unique and found
/// ([`crate::names::key`]: case and Unicode variants ignored).
pub fn name_key(name: &str) -> String {
    crate::names::key(name)
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
pub(crate) fn closing_of_row(r: &Row, id: i64) -> Result<Option<Closing>> {
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

/// The store as the use cases see it ([`crate::app::repo::Database`]): the same
/// methods, on SQLite and PostgreSQL alike.
impl crate::app::repo::Database for Store {
    type Transaction = UnitOfWork;

    async fn begin_write(&self) -> Result<UnitOfWork> {
        Store::begin_write(self).await
    }

    async fn begin_read(&self) -> Result<UnitOfWork> {
        Store::begin_read(self).await
    }

    async fn tournament_revision(
        &self,
        id: i64,
    ) -> Result<Option<crate::app::records::TournamentRevision>> {
        Store::tournament_revision(self, id).await
    }

    async fn change_markers(&self) -> Result<crate::app::records::ChangeMarkers> {
        Store::change_markers(self).await
    }
}
