//! Helpers shared by the trust tests (verify, crash, concurrency, bad input): a
//! database in a temp dir and the `goobalay` binary run against it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;

pub struct Db {
    pub dir: tempfile::TempDir,
    pub path: PathBuf,
}

impl Db {
    pub fn new() -> Db {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("club.db");
        Db { dir, path }
    }

    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::cargo_bin("goobalay").unwrap();
        c.arg("--db").arg(&self.path).args(args);
        c.env_remove("GOOBALAY_DB")
            .env_remove("GOOBALAY_BUSY_TIMEOUT_MS")
            .env("RUST_BACKTRACE", "1");
        c
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).output().unwrap()
    }

    /// Runs a command that must succeed; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "{args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    pub fn json(&self, args: &[&str]) -> Value {
        let mut a = args.to_vec();
        a.extend(["--format", "json"]);
        serde_json::from_str(&self.ok(&a)).unwrap()
    }

    /// `goobalay verify`: (exit status, stdout).
    pub fn verify(&self) -> (i32, String) {
        let out = self.run(&["verify"]);
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr),
        )
    }

    /// Asserts `goobalay verify` passes; returns its summary.
    pub fn verified(&self) -> String {
        let (code, text) = self.verify();
        assert_eq!(code, 0, "verify failed:\n{text}");
        text
    }

    /// Runs SQL on the database directly (as a tampering hand or a foreign program).
    pub fn sql(&self, sql: &str) {
        sql_on(&self.path, sql);
    }
}

pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

pub async fn connect(path: &Path) -> sqlx::SqliteConnection {
    use sqlx::Connection;
    let opts = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal);
    sqlx::SqliteConnection::connect_with(&opts).await.unwrap()
}

pub fn sql_on(path: &Path, sql: &str) {
    runtime().block_on(async {
        use sqlx::Connection;
        let mut conn = connect(path).await;
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string()))
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    });
}
