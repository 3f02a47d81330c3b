//! One database interface for the tests that run on both backends: an SQLite file
//! ([`Db`]) or a fresh PostgreSQL database ([`PgDb`], needs `GOOBALAY_TEST_POSTGRES`).
#![allow(dead_code)]

use std::process::Output;

use serde_json::Value;

use super::Db;
use super::pg::PgDb;

/// A database to run `goobalay` against, on either backend.
pub trait Target {
    fn backend(&self) -> &'static str;
    /// The `--db` value: a file path or a URL.
    fn location(&self) -> std::ffi::OsString;
    fn cmd(&self, args: &[&str]) -> assert_cmd::Command;
    /// The stored data, to check that a refused command changed nothing.
    fn snapshot(&self) -> Vec<Vec<u8>>;
    /// Runs SQL on the database directly (as a tampering hand).
    fn sql(&self, sql: &str);
    /// One number the database gives (the first column of the first row of `sql`).
    fn count(&self, sql: &str) -> i64;

    fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).output().unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "{}: {args:?} failed: {}",
            self.backend(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    fn json(&self, args: &[&str]) -> Value {
        let mut a = args.to_vec();
        a.extend(["--format", "json"]);
        serde_json::from_str(&self.ok(&a)).unwrap()
    }

    /// Exit status 2, one `goobalay: ` line containing `needle`, data unchanged.
    fn refused(&self, args: &[&str], needle: &str) {
        let before = self.snapshot();
        let out = self.run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        let b = self.backend();
        assert_eq!(out.status.code(), Some(2), "{b}: {args:?}: {err}");
        assert!(err.starts_with("goobalay: "), "{b}: {args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{b}: {args:?}: {err}");
        assert!(!err.contains("panicked"), "{b}: {args:?}: {err}");
        assert!(
            err.contains(needle),
            "{b}: {args:?}: '{err}' lacks '{needle}'"
        );
        let after = self.snapshot();
        assert!(
            after == before,
            "{b}: {args:?} changed the database ({})",
            super::changed_parts(&before, &after)
        );
    }
}

impl Target for Db {
    fn backend(&self) -> &'static str {
        "SQLite"
    }
    fn location(&self) -> std::ffi::OsString {
        self.path.clone().into()
    }
    fn cmd(&self, args: &[&str]) -> assert_cmd::Command {
        Db::cmd(self, args)
    }
    fn snapshot(&self) -> Vec<Vec<u8>> {
        self.bytes()
    }
    fn sql(&self, sql: &str) {
        Db::sql(self, sql)
    }
    fn count(&self, sql: &str) -> i64 {
        super::runtime().block_on(async {
            use sqlx::Connection;
            let mut conn = super::connect(&self.path).await;
            let n = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
                .fetch_one(&mut conn)
                .await
                .unwrap();
            conn.close().await.unwrap();
            n
        })
    }
}

impl Target for PgDb {
    fn backend(&self) -> &'static str {
        "PostgreSQL"
    }
    fn location(&self) -> std::ffi::OsString {
        self.url.clone().into()
    }
    fn cmd(&self, args: &[&str]) -> assert_cmd::Command {
        PgDb::cmd(self, args)
    }
    fn snapshot(&self) -> Vec<Vec<u8>> {
        PgDb::snapshot(self)
    }
    fn sql(&self, sql: &str) {
        PgDb::sql(self, sql)
    }
    fn count(&self, sql: &str) -> i64 {
        PgDb::count(self, sql)
    }
}

/// Runs `check` on a fresh SQLite database, then on a fresh PostgreSQL one (skipped,
/// saying so, without a server outside CI).
pub fn on_both(check: impl Fn(&dyn Target)) {
    check(&Db::new());
    if let Some(pg) = PgDb::new() {
        check(&pg);
    }
}

pub fn spawn(db: &dyn Target, args: &[&str]) -> std::process::Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("goobalay"))
        .args(super::db_args(db.location(), args))
        .env_remove("GOOBALAY_DB")
        .env_remove("GOOBALAY_BUSY_TIMEOUT_MS")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}
