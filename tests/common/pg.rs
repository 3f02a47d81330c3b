//! A fresh PostgreSQL database for each test, on the server that `GOOBALAY_TEST_POSTGRES`
//! names (`.ci/run` and `scripts/pg-dev` start one and print its URL). The database is
//! created empty, named uniquely, and dropped when the `PgDb` goes out of scope.
//!
//! Without a server the PostgreSQL tests skip, saying so; under CI (`CI=true`) they fail
//! instead, so a CI run without PostgreSQL cannot pass for a run with it.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::{Connection, PgConnection};

pub const URL_VAR: &str = "GOOBALAY_TEST_POSTGRES";

pub struct PgDb {
    /// URL of the fresh database, for sqlx or `goobalay --db`.
    pub url: String,
    pub name: String,
    server_url: String,
}

impl PgDb {
    /// A new empty database, or `None` (after printing why) when no server is configured
    /// outside CI. Panics under CI without a server, or when the server refuses.
    pub fn new() -> Option<PgDb> {
        let server_url = server_url()?;
        let name = unique_name();
        let mut url = url::Url::parse(&server_url)
            .unwrap_or_else(|e| panic!("{URL_VAR} is not a URL ({e}): {server_url}"));
        url.set_path(&format!("/{name}"));
        on_server(&server_url, format!("CREATE DATABASE {name}")).unwrap_or_else(|e| panic!("{e}"));
        Some(PgDb {
            url: url.into(),
            name,
            server_url,
        })
    }

    /// A connection to the database (for a test inside a tokio runtime).
    pub async fn connect(&self) -> PgConnection {
        PgConnection::connect(&self.url)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to {}: {e}", self.url))
    }
}

impl Drop for PgDb {
    fn drop(&mut self) {
        // FORCE: a `goobalay` process a test killed may still hold a connection.
        let statement = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        // FORCE may not end a server process of another role that is briefly on the
        // database (an autovacuum worker: "must be a member of the role whose process
        // is being terminated"); it leaves within moments, so the drop is tried again.
        let mut dropped = on_server(&self.server_url, statement.clone());
        for _ in 0..30 {
            match &dropped {
                Err(e) if e.contains("must be a member of the role") => {
                    std::thread::sleep(std::time::Duration::from_millis(100));
                    dropped = on_server(&self.server_url, statement.clone());
                }
                _ => break,
            }
        }
        if let Err(e) = dropped {
            // A second panic while a failed test unwinds would abort the whole run.
            if std::thread::panicking() {
                eprintln!("{e}");
            } else {
                panic!("{e}");
            }
        }
    }
}

/// `GOOBALAY_TEST_POSTGRES`; `None` outside CI when unset.
pub fn server_url() -> Option<String> {
    match std::env::var(URL_VAR) {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => panic!(
            "{URL_VAR} is unset under CI: the PostgreSQL tests cannot run (.ci/run starts a server)"
        ),
        _ => {
            eprintln!(
                "skipped: {URL_VAR} is unset (scripts/pg-dev starts a PostgreSQL server and prints it)"
            );
            None
        }
    }
}

/// Database names unique across the test processes running at once, and across runs
/// on the same server.
fn unique_name() -> String {
    static COUNT: AtomicU32 = AtomicU32::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!(
        "goobalay_test_{}_{}_{}",
        std::process::id(),
        nanos % 1_000_000_000_000,
        COUNT.fetch_add(1, Ordering::Relaxed)
    )
}

/// Runs one statement on the server's own database.
fn on_server(server_url: &str, statement: String) -> Result<(), String> {
    let server_url = server_url.to_owned();
    on_thread(async move {
        let mut conn = PgConnection::connect(&server_url)
            .await
            .map_err(|e| format!("cannot connect to {URL_VAR}={server_url}: {e}"))?;
        let done = sqlx::raw_sql(sqlx::AssertSqlSafe(statement.clone()))
            .execute(&mut conn)
            .await
            .map(drop)
            .map_err(|e| format!("{statement}: {e}"));
        conn.close().await.ok();
        done
    })
}

impl PgDb {
    /// `goobalay ARGS` on this database.
    pub fn cmd(&self, args: &[&str]) -> assert_cmd::Command {
        let mut c = assert_cmd::Command::cargo_bin("goobalay").unwrap();
        c.args(super::db_args(&self.url, args));
        c.env_remove("GOOBALAY_DB")
            .env_remove("GOOBALAY_BUSY_TIMEOUT_MS")
            .env("RUST_BACKTRACE", "1");
        c
    }

    /// Runs SQL on the database directly (as a tampering hand or a foreign program).
    pub fn sql(&self, sql: &str) {
        let (url, sql) = (self.url.clone(), sql.to_string());
        on_thread(async move {
            let mut conn = PgConnection::connect(&url).await.unwrap();
            sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                .execute(&mut conn)
                .await
                .unwrap();
            conn.close().await.ok();
        })
    }

    /// One number from the database (a count a test watches while a process writes).
    pub fn count(&self, sql: &str) -> i64 {
        let (url, sql) = (self.url.clone(), sql.to_string());
        on_thread(async move {
            let mut conn = PgConnection::connect(&url).await.unwrap();
            let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                .fetch_one(&mut conn)
                .await
                .unwrap();
            conn.close().await.ok();
            n
        })
    }

    /// Every row of every table (goobalay's and any other), as JSON text, table by
    /// table in name order, rows sorted: equal snapshots, equal databases.
    pub fn snapshot(&self) -> Vec<Vec<u8>> {
        let url = self.url.clone();
        on_thread(async move {
            let mut conn = PgConnection::connect(&url).await.unwrap();
            let tables: Vec<String> = sqlx::query_scalar(
                "SELECT table_name::text FROM information_schema.tables \
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
            )
            .fetch_all(&mut conn)
            .await
            .unwrap();
            let mut snapshot = Vec::new();
            for table in tables {
                let rows: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                    "SELECT row_to_json(t)::text FROM \"{table}\" t ORDER BY 1"
                )))
                .fetch_all(&mut conn)
                .await
                .unwrap();
                snapshot.push(format!("{table}: {}", rows.join("\n")).into_bytes());
            }
            conn.close().await.ok();
            snapshot
        })
    }
}

/// Runs a future to completion on a thread of its own (usable inside and outside a
/// tokio runtime).
fn on_thread<T: Send + 'static>(f: impl std::future::Future<Output = T> + Send + 'static) -> T {
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(f)
    })
    .join()
    .unwrap_or_else(|e| std::panic::resume_unwind(e))
}
