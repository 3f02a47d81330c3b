//! One SQL text for both backends: a pool, connection, transaction and row that are
//! either SQLite or PostgreSQL, and a query whose parameters and columns are of types
//! both encode and decode alike.
//!
//! Portable SQL, as the store writes it: `$1..$n` parameters (SQLite reads them too),
//! `INSERT ... RETURNING id` (SQLite 3.35+) instead of the last insert rowid,
//! `CAST(... AS BIGINT)` where PostgreSQL would widen (`sum` of BIGINT is NUMERIC there)
//! or cannot tell a parameter's type, and timestamps bound as `DateTime<Utc>` (RFC 3339
//! text in SQLite, TIMESTAMPTZ in PostgreSQL). Parameters are a closed set ([`Arg`]):
//! `i64`, `f64`, text, `bool` and UTC times, each possibly NULL; an `i32` or `u64`,
//! which the backends store differently, cannot be bound by mistake.

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnection, PgPool, PgRow};
use sqlx::sqlite::{SqliteConnection, SqlitePool, SqliteRow};
use sqlx::{Decode, Postgres, Row as _, Sqlite, Transaction, Type};

/// Which database a pool talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A connection pool of either backend.
#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

impl Pool {
    pub(crate) fn backend(&self) -> Backend {
        match self {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    pub(crate) async fn acquire(&self) -> Result<PooledConn, sqlx::Error> {
        Ok(match self {
            Pool::Sqlite(p) => PooledConn::Sqlite(p.acquire().await?),
            Pool::Postgres(p) => PooledConn::Postgres(p.acquire().await?),
        })
    }

    /// A transaction in which a read decides a write: one writer at a time, as
    /// SQLite has it. SQLite: `BEGIN IMMEDIATE` (the write lock at once, waiting up
    /// to the busy timeout for other processes). PostgreSQL: the transaction first
    /// takes goobalay's advisory lock of the database ([`WRITE_LOCK`], waiting up to
    /// `busy` for it, then SQLSTATE 55P03), so every statement after it reads what
    /// all earlier writers committed, and nobody writes until it ends. Writes are
    /// milliseconds long (engines think outside transactions), so one lock costs
    /// little, where SERIALIZABLE would make every use case retry its reads.
    pub(crate) async fn begin_write(&self, busy: std::time::Duration) -> Result<Tx, sqlx::Error> {
        Ok(match self {
            Pool::Sqlite(p) => Tx::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?),
            Pool::Postgres(p) => {
                let mut tx = p.begin().await?;
                let ms = busy.as_millis().clamp(1, i32::MAX as u128);
                sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
                    "SET LOCAL lock_timeout = {ms}; SELECT pg_advisory_xact_lock({WRITE_LOCK})"
                )))
                .execute(&mut *tx)
                .await?;
                Tx::Postgres(tx)
            }
        })
    }

    /// A transaction that only reads, seeing one state of the database throughout
    /// (a match and its hands, a tournament and its rounds, as one writer left them).
    /// SQLite: a deferred transaction (its first read fixes the snapshot).
    /// PostgreSQL: REPEATABLE READ, READ ONLY.
    pub(crate) async fn begin_read(&self) -> Result<Tx, sqlx::Error> {
        Ok(match self {
            Pool::Sqlite(p) => Tx::Sqlite(p.begin().await?),
            Pool::Postgres(p) => Tx::Postgres(
                p.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    .await?,
            ),
        })
    }

    /// A transaction that only keeps a cache up to date (`store::fixture_cache`):
    /// it must never keep a reader waiting, so on PostgreSQL it gives up after
    /// 200 ms behind a writer (SQLite: the connection's busy timeout).
    pub(crate) async fn begin_cache_write(&self) -> Result<Tx, sqlx::Error> {
        Ok(match self {
            Pool::Sqlite(p) => Tx::Sqlite(p.begin().await?),
            Pool::Postgres(p) => {
                let mut tx = p.begin().await?;
                sqlx::raw_sql("SET LOCAL lock_timeout = 200")
                    .execute(&mut *tx)
                    .await?;
                Tx::Postgres(tx)
            }
        })
    }

    pub(crate) async fn close(&self) {
        match self {
            Pool::Sqlite(p) => p.close().await,
            Pool::Postgres(p) => p.close().await,
        }
    }

    pub(crate) fn is_closed(&self) -> bool {
        match self {
            Pool::Sqlite(p) => p.is_closed(),
            Pool::Postgres(p) => p.is_closed(),
        }
    }
}

/// The key of goobalay's advisory write lock on a PostgreSQL database ("goob").
pub(crate) const WRITE_LOCK: i64 = 0x676f_6f62;

/// A connection taken from a [`Pool`].
pub(crate) enum PooledConn {
    Sqlite(PoolConnection<Sqlite>),
    Postgres(PoolConnection<Postgres>),
}

/// A transaction of either backend; dropped without [`Tx::commit`], it rolls back.
pub(crate) enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl Tx {
    /// The SQLite transaction, on SQLite (its file checks).
    pub(crate) fn on_sqlite(&mut self) -> Option<&mut Transaction<'static, Sqlite>> {
        match self {
            Tx::Sqlite(t) => Some(t),
            Tx::Postgres(_) => None,
        }
    }

    pub(crate) async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            Tx::Sqlite(t) => t.commit().await,
            Tx::Postgres(t) => t.commit().await,
        }
    }
}

/// A borrowed connection (plain or inside a transaction) that queries run on.
pub enum Conn<'c> {
    Sqlite(&'c mut SqliteConnection),
    Postgres(&'c mut PgConnection),
}

impl Conn<'_> {
    pub fn backend(&self) -> Backend {
        match self {
            Conn::Sqlite(_) => Backend::Sqlite,
            Conn::Postgres(_) => Backend::Postgres,
        }
    }
}

/// A query parameter: one of the types both backends store alike.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Arg {
    Int(Option<i64>),
    Real(Option<f64>),
    Text(Option<String>),
    Bool(Option<bool>),
    Time(Option<DateTime<Utc>>),
    Bytes(Option<Vec<u8>>),
}

macro_rules! arg_from {
    ($variant:ident, $t:ty, $owned:expr) => {
        impl From<$t> for Arg {
            fn from(v: $t) -> Arg {
                Arg::$variant(Some($owned(v)))
            }
        }
        impl From<Option<$t>> for Arg {
            fn from(v: Option<$t>) -> Arg {
                Arg::$variant(v.map($owned))
            }
        }
    };
}

arg_from!(Int, i64, std::convert::identity);
arg_from!(Real, f64, std::convert::identity);
arg_from!(Text, String, std::convert::identity);
arg_from!(Text, &str, str::to_string);
arg_from!(Text, &String, String::clone);
arg_from!(Bool, bool, std::convert::identity);
arg_from!(Time, DateTime<Utc>, std::convert::identity);
arg_from!(Bytes, Vec<u8>, std::convert::identity);

/// A statement with its parameters, run on either backend.
#[derive(Clone, Debug)]
pub(crate) struct Query {
    sql: Cow<'static, str>,
    args: Vec<Arg>,
}

/// A query of SQL text both backends accept (see the module note).
pub(crate) fn query(sql: impl Into<Cow<'static, str>>) -> Query {
    Query {
        sql: sql.into(),
        args: Vec::new(),
    }
}

/// A query whose first column of each row is the value wanted.
pub(crate) fn query_scalar<T: Column>(sql: impl Into<Cow<'static, str>>) -> Scalar<T> {
    Scalar {
        query: query(sql),
        column: std::marker::PhantomData,
    }
}

/// What both backends take from a JSON array bound as text: SQLite's
/// `jsonb_each(jsonb($N)) AS v` (a row per element, its `value`); PostgreSQL spells it
/// `jsonb_array_elements($N::jsonb) AS v(value)`. The store writes the SQLite form and
/// reads elements as `v.value->>K`, cast to the column's type where it is not text
/// (PostgreSQL's `->>` always gives text).
fn for_backend(sql: &str, backend: Backend) -> Cow<'_, str> {
    if backend == Backend::Sqlite || !sql.contains("jsonb_each(") {
        return Cow::Borrowed(sql);
    }
    let mut out = String::with_capacity(sql.len() + 32);
    let mut rest = sql;
    while let Some(at) = rest.find("jsonb_each(jsonb(") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "jsonb_each(jsonb(".len()..];
        let close = after.find("))").expect("jsonb_each(jsonb($N)) is closed");
        let param = &after[..close];
        let tail = &after[close + 2..];
        let alias = " AS v";
        assert!(
            tail.starts_with(alias),
            "the store writes `jsonb_each(jsonb($N)) AS v`"
        );
        out.push_str(&format!("jsonb_array_elements({param}::jsonb) AS v(value)"));
        rest = &tail[alias.len()..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

macro_rules! bound {
    ($sql:expr, $args:expr) => {{
        let mut q = sqlx::query(sqlx::AssertSqlSafe($sql));
        for arg in $args {
            q = match arg {
                Arg::Int(v) => q.bind(v),
                Arg::Real(v) => q.bind(v),
                Arg::Text(v) => q.bind(v),
                Arg::Bool(v) => q.bind(v),
                Arg::Time(v) => q.bind(v),
                Arg::Bytes(v) => q.bind(v),
            };
        }
        q
    }};
}

impl Query {
    pub(crate) fn bind(mut self, value: impl Into<Arg>) -> Query {
        self.args.push(value.into());
        self
    }

    /// Runs the statement; returns the number of rows it changed.
    pub(crate) async fn execute(self, on: &mut (impl AsConn + ?Sized)) -> Result<u64, sqlx::Error> {
        let mut conn = on.conn();
        let sql = for_backend(&self.sql, conn.backend()).into_owned();
        Ok(match &mut conn {
            Conn::Sqlite(c) => bound!(sql, self.args)
                .execute(&mut **c)
                .await?
                .rows_affected(),
            Conn::Postgres(c) => bound!(sql, self.args)
                .execute(&mut **c)
                .await?
                .rows_affected(),
        })
    }

    pub(crate) async fn fetch_all(
        self,
        on: &mut (impl AsConn + ?Sized),
    ) -> Result<Vec<Row>, sqlx::Error> {
        let mut conn = on.conn();
        let sql = for_backend(&self.sql, conn.backend()).into_owned();
        Ok(match &mut conn {
            Conn::Sqlite(c) => bound!(sql, self.args)
                .fetch_all(&mut **c)
                .await?
                .into_iter()
                .map(Row::Sqlite)
                .collect(),
            Conn::Postgres(c) => bound!(sql, self.args)
                .fetch_all(&mut **c)
                .await?
                .into_iter()
                .map(Row::Postgres)
                .collect(),
        })
    }

    pub(crate) async fn fetch_optional(
        self,
        on: &mut (impl AsConn + ?Sized),
    ) -> Result<Option<Row>, sqlx::Error> {
        let mut conn = on.conn();
        let sql = for_backend(&self.sql, conn.backend()).into_owned();
        Ok(match &mut conn {
            Conn::Sqlite(c) => bound!(sql, self.args)
                .fetch_optional(&mut **c)
                .await?
                .map(Row::Sqlite),
            Conn::Postgres(c) => bound!(sql, self.args)
                .fetch_optional(&mut **c)
                .await?
                .map(Row::Postgres),
        })
    }

    pub(crate) async fn fetch_one(
        self,
        on: &mut (impl AsConn + ?Sized),
    ) -> Result<Row, sqlx::Error> {
        self.fetch_optional(on)
            .await?
            .ok_or(sqlx::Error::RowNotFound)
    }
}

/// See [`query_scalar`].
pub(crate) struct Scalar<T> {
    query: Query,
    column: std::marker::PhantomData<T>,
}

impl<T: Column> Scalar<T> {
    pub(crate) fn bind(mut self, value: impl Into<Arg>) -> Scalar<T> {
        self.query = self.query.bind(value);
        self
    }

    pub(crate) async fn fetch_all(
        self,
        on: &mut (impl AsConn + ?Sized),
    ) -> Result<Vec<T>, sqlx::Error> {
        self.query
            .fetch_all(on)
            .await?
            .iter()
            .map(|r| r.try_get_at(0))
            .collect()
    }

    pub(crate) async fn fetch_optional(
        self,
        on: &mut (impl AsConn + ?Sized),
    ) -> Result<Option<T>, sqlx::Error> {
        self.query
            .fetch_optional(on)
            .await?
            .map(|r| r.try_get_at(0))
            .transpose()
    }

    pub(crate) async fn fetch_one(self, on: &mut (impl AsConn + ?Sized)) -> Result<T, sqlx::Error> {
        self.query.fetch_one(on).await?.try_get_at(0)
    }
}

/// Anything queries run on: a pooled connection, a transaction, or a borrowed
/// connection.
pub trait AsConn {
    fn conn(&mut self) -> Conn<'_>;
}

impl AsConn for PooledConn {
    fn conn(&mut self) -> Conn<'_> {
        match self {
            PooledConn::Sqlite(c) => Conn::Sqlite(c),
            PooledConn::Postgres(c) => Conn::Postgres(c),
        }
    }
}

impl AsConn for Tx {
    fn conn(&mut self) -> Conn<'_> {
        match self {
            Tx::Sqlite(t) => Conn::Sqlite(t),
            Tx::Postgres(t) => Conn::Postgres(t),
        }
    }
}

impl AsConn for Conn<'_> {
    fn conn(&mut self) -> Conn<'_> {
        match self {
            Conn::Sqlite(c) => Conn::Sqlite(c),
            Conn::Postgres(c) => Conn::Postgres(c),
        }
    }
}

/// A column type both backends decode alike.
pub(crate) trait Column:
    for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

impl<T> Column for T where
    T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

/// A result row of either backend.
pub(crate) enum Row {
    Sqlite(SqliteRow),
    Postgres(PgRow),
}

impl Row {
    pub(crate) fn try_get<T: Column>(&self, column: &str) -> Result<T, sqlx::Error> {
        match self {
            Row::Sqlite(r) => r.try_get(column),
            Row::Postgres(r) => r.try_get(column),
        }
    }

    /// A blob (`bytea`) column, borrowed from the row rather than copied.
    pub(crate) fn bytes(&self, column: &str) -> Result<Option<&[u8]>, sqlx::Error> {
        match self {
            Row::Sqlite(r) => r.try_get(column),
            Row::Postgres(r) => r.try_get(column),
        }
    }

    pub(crate) fn try_get_at<T: Column>(&self, index: usize) -> Result<T, sqlx::Error> {
        match self {
            Row::Sqlite(r) => r.try_get(index),
            Row::Postgres(r) => r.try_get(index),
        }
    }
}

/// Whether PostgreSQL gave up waiting for a lock (55P03, after `lock_timeout`):
/// another process held the write lock longer than the busy timeout.
pub(crate) fn is_lock_timeout(e: &sqlx::Error) -> bool {
    postgres_code(e).is_some_and(|c| c == "55P03")
}

/// The SQLSTATE of a PostgreSQL error.
pub(crate) fn postgres_code(e: &sqlx::Error) -> Option<String> {
    match e {
        sqlx::Error::Database(db) => db
            .try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
            .map(|pg| pg.code().to_string()),
        _ => None,
    }
}
