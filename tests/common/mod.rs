//! Helpers shared by the CLI tests: a database in a temp dir, the `goobalay` binary
//! run against it, and the checks every refusal must pass.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;

/// The words of `goobalay ARGS` on database `db`: `--db` right after the command's
/// name, on the commands that use a database (the others take none).
pub fn db_args(db: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Vec<std::ffi::OsString> {
    const DB_COMMANDS: [&str; 8] = [
        "player",
        "match",
        "replay",
        "history",
        "verify",
        "tournament",
        "serve",
        "demo",
    ];
    let mut words: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    if args.first().is_some_and(|c| DB_COMMANDS.contains(c)) {
        words.splice(1..1, ["--db".into(), db.as_ref().to_owned()]);
    }
    words
}

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
        c.args(db_args(&self.path, args));
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
        String::from_utf8(succeeded(&mut self.cmd(args))).unwrap()
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

    /// `match state ID` as JSON.
    pub fn state(&self, id: &str) -> Value {
        self.json(&["match", "state", id])
    }

    /// Adds players, engines of `engine`'s level or humans.
    pub fn players(&self, names: &[&str], engine: Option<&str>) {
        for n in names {
            let mut args = vec!["player", "add", n];
            if let Some(e) = engine {
                args.extend(["--engine", e]);
            }
            self.ok(&args);
        }
    }

    /// Creates a Tihbat tournament `name` of `format` (with `extra` options of
    /// `tournament new`) and enters `players`, who must exist.
    pub fn tihbat_tournament(&self, name: &str, format: &str, extra: &[&str], players: &[&str]) {
        let mut new = vec![
            "tournament",
            "new",
            name,
            "--variant",
            "tihbat",
            "--system",
            format,
        ];
        new.extend(extra);
        self.ok(&new);
        let mut add = vec!["tournament", "add", name];
        add.extend(players);
        self.ok(&add);
    }

    /// The database's files, byte for byte.
    pub fn bytes(&self) -> Vec<Vec<u8>> {
        file_bytes(&self.path)
    }

    /// Runs a command that must be refused: exit status 2, one line starting
    /// `goobalay: ` and containing `needle`, no panic, and the database byte for byte
    /// as it was.
    pub fn refused(&self, args: &[&str], needle: &str) {
        let before = self.bytes();
        let out = self.run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("goobalay: "), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: '{err}' lacks '{needle}'");
        let after = self.bytes();
        assert!(
            after == before,
            "{args:?} changed the database ({})",
            changed_parts(&before, &after)
        );
    }
}

/// Runs `command`, which must succeed (its stderr shown if not); returns stdout.
pub fn succeeded(command: &mut Command) -> Vec<u8> {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Which parts of two snapshots of a database differ (for SQLite, [`file_bytes`]:
/// the file, then its `-wal`), and their sizes, for a failure's message: a log left
/// behind by an earlier command reads differently from a page rewritten.
pub fn changed_parts(before: &[Vec<u8>], after: &[Vec<u8>]) -> String {
    before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(i, (b, a))| {
            let differ = b.iter().zip(a.iter()).position(|(x, y)| x != y);
            format!(
                "part {i}: {} -> {} bytes, first difference at {}",
                b.len(),
                a.len(),
                differ.map_or("the end".to_string(), |d| d.to_string())
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A database's files, byte for byte (the -shm index is not data and may change on
/// a read).
pub fn file_bytes(path: &Path) -> Vec<Vec<u8>> {
    ["", "-wal"]
        .iter()
        .map(|suffix| {
            let mut p = path.to_path_buf().into_os_string();
            p.push(suffix);
            std::fs::read(PathBuf::from(p)).unwrap_or_default()
        })
        .collect()
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

pub mod backends;
pub mod pg;
pub mod server;

/// Whether this test runs as root (which may run a command as any user).
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Runs `command` as the user and group `id` (a number no account needs to have;
/// the test must run as root): another user of the machine.
pub fn as_user(command: &mut std::process::Command, id: u32) -> &mut std::process::Command {
    // SAFETY: only setgroups, setgid and setuid, async-signal-safe, between fork and exec.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(command, move || {
            if libc::setgroups(0, std::ptr::null()) != 0
                || libc::setgid(id) != 0
                || libc::setuid(id) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    }
}
