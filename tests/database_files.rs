//! The files around a database (issue 12, items 4, 6 and 10): exports never write
//! over a database; special files are refused without blocking; a `-wal` file of
//! another database is refused before anything is written; commands that only read
//! create nothing, leave nothing behind and work on a read-only medium.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{Db, file_bytes, runtime};

/// A club with two players and a tournament, checkpointed (no `-wal` file).
fn club() -> Db {
    let db = Db::new();
    db.ok(&["player", "add", "Amina"]);
    db.ok(&["player", "add", "Bashir"]);
    db.tihbat_tournament("Cup", "round-robin", &[], &["Amina", "Bashir"]);
    db.sql("PRAGMA wal_checkpoint(TRUNCATE)");
    db
}

fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(suffix);
    PathBuf::from(p)
}

/// The names in a folder, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

/// Runs a command that must be refused within 30 s (a FIFO must not block it):
/// exit 2, one `goobalay:` line containing `needle`.
fn refused_quickly(db: &Db, args: &[&str], needle: &str) {
    let out = db
        .cmd(args)
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?} (blocked?): {err}");
    assert!(err.starts_with("goobalay: "), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: '{err}' lacks '{needle}'");
}

#[test]
fn an_export_never_writes_over_a_database_and_replaces_a_file_only_when_forced() {
    let db = club();
    let dir = db.dir.path();
    let db_s = db.path.to_string_lossy().into_owned();
    fn export(out: &str, force: bool) -> Vec<&str> {
        let mut a = vec![
            "tournament",
            "export",
            "Cup",
            "--format",
            "csv",
            "--output",
            out,
        ];
        if force {
            a.push("--force");
        }
        a
    }
    // The database in use, with and without --force, by its name or another.
    db.refused(&export(&db_s, false), "it is the database in use");
    db.refused(&export(&db_s, true), "it is the database in use");
    let link = dir.join("link.db");
    std::os::unix::fs::symlink(&db.path, &link).unwrap();
    db.refused(
        &export(&link.to_string_lossy(), true),
        "it is the database in use",
    );
    // Another SQLite file, and the files SQLite keeps beside a database.
    let other = Db::new();
    other.ok(&["player", "add", "Zoe"]);
    let other_before = file_bytes(&other.path);
    db.refused(
        &export(&other.path.to_string_lossy(), true),
        "it is an SQLite database",
    );
    assert!(file_bytes(&other.path) == other_before);
    for suffix in ["-wal", "-shm", "-journal"] {
        let p = beside(&db.path, suffix);
        db.refused(
            &export(&p.to_string_lossy(), true),
            "SQLite would read it as part of the database",
        );
        assert!(!p.exists(), "{suffix} was written");
    }
    // An existing file: only with --force, then replaced whole.
    let standings = dir.join("standings.csv");
    std::fs::write(&standings, "keep me\n").unwrap();
    db.refused(
        &export(&standings.to_string_lossy(), false),
        "exists; give --force to replace it",
    );
    assert_eq!(std::fs::read_to_string(&standings).unwrap(), "keep me\n");
    let csv = db.ok(&["tournament", "export", "Cup", "--format", "csv"]);
    db.ok(&export(&standings.to_string_lossy(), true));
    assert_eq!(std::fs::read_to_string(&standings).unwrap(), csv);
    // A new file is written; no temporary file is left behind.
    let fresh = dir.join("fresh.csv");
    db.ok(&export(&fresh.to_string_lossy(), false));
    assert_eq!(std::fs::read_to_string(&fresh).unwrap(), csv);
    assert_eq!(
        listing(dir),
        ["club.db", "fresh.csv", "link.db", "standings.csv"]
    );
    db.verified();
}

#[test]
fn special_and_oversized_input_files_are_refused_without_blocking() {
    let db = club();
    let dir = db.dir.path();
    let fifo = dir.join("pipe");
    mkfifo(&fifo);
    let fifo_s = fifo.to_string_lossy().into_owned();
    let at_fifo = format!("@{fifo_s}");
    let big = dir.join("big.toml");
    std::fs::write(&big, vec![b'#'; 2 << 20]).unwrap();
    let big_s = big.to_string_lossy().into_owned();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["rules", "--rules", &fifo_s], "not a regular file"),
        (vec!["rules", "--rules", "/dev/zero"], "not a regular file"),
        (
            vec!["trace", "--variant", "tihbat", "--position", &at_fifo],
            "not a regular file",
        ),
        (
            vec!["trace", "--variant", "tihbat", "--position", "@/dev/zero"],
            "not a regular file",
        ),
        (
            vec!["rules", "--rules", &big_s],
            "larger than 1024 KiB, the most goobalay reads",
        ),
        (
            vec![
                "tournament",
                "export",
                "Cup",
                "--format",
                "csv",
                "--output",
                &fifo_s,
            ],
            "not a regular file",
        ),
    ];
    for (args, needle) in &cases {
        let before = db.bytes();
        refused_quickly(&db, args, needle);
        assert!(db.bytes() == before, "{args:?} changed the database");
    }
    // The database itself a FIFO or a device: refused by reads and writes alike.
    for path in [fifo.as_path(), Path::new("/dev/zero")] {
        let special = Db {
            dir: tempfile::tempdir().unwrap(),
            path: path.to_path_buf(),
        };
        for args in [
            &["player", "list"][..],
            &["player", "add", "X"],
            &["verify"],
        ] {
            refused_quickly(&special, args, "not a regular file");
        }
    }
}

#[test]
fn read_commands_create_nothing_and_leave_nothing_behind() {
    let reads: &[&[&str]] = &[
        &["player", "list"],
        &["player", "show", "Amina"],
        &["history"],
        &["verify"],
        &["match", "state", "1"],
        &["tournament", "list"],
        &["tournament", "standings", "Cup"],
        &["tournament", "show", "Cup"],
        &["tournament", "export", "Cup", "--format", "json"],
    ];
    // No database: one line naming it, and none is created.
    let none = Db::new();
    for args in reads {
        let shown = none.path.display().to_string();
        none.refused(
            args,
            &format!("cannot open database {shown}: no database at"),
        );
        assert!(listing(none.dir.path()).is_empty(), "{args:?} left files");
    }
    // Refused writes create no database either; a write that succeeds makes it
    // (and leaves no temporary file).
    for (args, needle) in [
        (&["player", "add", ""][..], "must not be empty"),
        (
            &[
                "match",
                "new",
                "--variant",
                "tihbat",
                "--south",
                "A",
                "--north",
                "B",
            ],
            "no player named",
        ),
        (
            &["tournament", "add", "Cup", "Amina"],
            "no tournament named",
        ),
        (&["player", "rename", "Amina", "Zoe"], "no player named"),
    ] {
        none.refused(args, needle);
        assert!(listing(none.dir.path()).is_empty(), "{args:?} left files");
    }
    none.ok(&["player", "add", "Amina"]);
    assert_eq!(listing(none.dir.path()), ["club.db"]);
    none.verified();
    // A database in WAL mode, closed: reads leave no -wal or -shm file.
    let db = club();
    db.ok(&[
        "match",
        "new",
        "--variant",
        "tihbat",
        "--south",
        "Amina",
        "--north",
        "Bashir",
    ]);
    db.sql("PRAGMA wal_checkpoint(TRUNCATE)");
    for args in reads {
        let before = std::fs::read(&db.path).unwrap();
        let out = db.run(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(listing(db.dir.path()), ["club.db"], "{args:?} left files");
        assert!(std::fs::read(&db.path).unwrap() == before, "{args:?} wrote");
    }
    // Refused commands leave nothing either.
    db.refused(&["player", "add", "amina"], "already exists");
    db.refused(&["player", "show", "Nobody"], "no player named");
    assert_eq!(listing(db.dir.path()), ["club.db"]);
    // A rollback-journal database stays one (header bytes 18 and 19: 1 = rollback
    // journal, 2 = WAL).
    db.sql("PRAGMA journal_mode = DELETE");
    assert_eq!(std::fs::read(&db.path).unwrap()[18..20], [1, 1]);
    for args in reads {
        let out = db.run(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(std::fs::read(&db.path).unwrap()[18..20], [1, 1], "{args:?}");
        assert_eq!(listing(db.dir.path()), ["club.db"], "{args:?} left files");
    }
    // So does a refused write; the first write that succeeds switches it to WAL.
    db.refused(&["player", "add", "amina"], "already exists");
    assert_eq!(std::fs::read(&db.path).unwrap()[18..20], [1, 1]);
    assert_eq!(listing(db.dir.path()), ["club.db"]);
    db.ok(&["player", "add", "Zoe"]);
    assert_eq!(std::fs::read(&db.path).unwrap()[18..20], [2, 2]);
    db.verified();
}

/// Runs `goobalay COMMAND --db MOUNT/club.db ARGS` with `dir` mounted read-only at a
/// folder beside it (a private mount namespace); `None` where that cannot be done.
fn on_read_only_mount(dir: &Path, args: &[&str]) -> Option<std::process::Output> {
    let mount = dir
        .parent()
        .unwrap()
        .join(format!("{}-ro", dir.file_name().unwrap().to_string_lossy()));
    std::fs::create_dir_all(&mount).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("goobalay");
    let script = format!(
        "mount --bind -o ro '{}' '{}' && c=\"$1\" && shift && exec '{}' \"$c\" --db '{}/club.db' \"$@\"",
        dir.display(),
        mount.display(),
        bin.display(),
        mount.display()
    );
    let out = std::process::Command::new("unshare")
        .args(["-m", "sh", "-c", &script, "sh"])
        .args(args)
        .env_remove("GOOBALAY_DB")
        .output()
        .ok()?;
    let err = String::from_utf8_lossy(&out.stderr);
    if err.contains("unshare:") || err.contains("mount:") {
        return None;
    }
    Some(out)
}

#[test]
fn read_commands_work_on_a_read_only_medium() {
    let db = club();
    let before = listing(db.dir.path());
    let reads: &[&[&str]] = &[
        &["player", "list"],
        &["player", "show", "Amina"],
        &["history"],
        &["verify"],
        &["tournament", "standings", "Cup"],
    ];
    for args in reads {
        let Some(out) = on_read_only_mount(db.dir.path(), args) else {
            eprintln!("skipped: cannot mount a folder read-only here (needs unshare -m)");
            return;
        };
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = on_read_only_mount(db.dir.path(), &["player", "list"]).unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("Amina"));
    // A write is refused in one line.
    let out = on_read_only_mount(db.dir.path(), &["player", "add", "Zoe"]).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr)
            .trim_end()
            .lines()
            .count(),
        1
    );
    assert_eq!(listing(db.dir.path()), before);
}

/// A `-wal` file with the latest changes of the database at `path`, taken while
/// a connection that wrote `sql` still has it open (nothing checkpointed).
fn log_of(path: &Path, sql: &str) -> Vec<u8> {
    runtime().block_on(async {
        use sqlx::Connection;
        let mut conn = common::connect(path).await;
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "PRAGMA wal_autocheckpoint = 0; {sql}"
        )))
        .execute(&mut conn)
        .await
        .unwrap();
        let log = std::fs::read(beside(path, "-wal")).unwrap();
        conn.close().await.unwrap();
        log
    })
}

/// The database file and its `-wal` file as a crash would leave them after
/// goobalay ran `args` on `db`: another connection stays open meanwhile, so the
/// command's commit stays in the log (the last connection to close copies the log
/// into the file).
fn crash_state_after(db: &Db, args: &[&str]) -> (Vec<u8>, Vec<u8>) {
    runtime().block_on(async {
        use sqlx::Connection;
        let mut conn = common::connect(&db.path).await;
        sqlx::query("SELECT count(*) FROM players")
            .execute(&mut conn)
            .await
            .unwrap();
        db.ok(args);
        let state = (
            std::fs::read(&db.path).unwrap(),
            std::fs::read(beside(&db.path, "-wal")).unwrap(),
        );
        conn.close().await.unwrap();
        state
    })
}

#[test]
fn a_log_of_another_database_is_refused_before_anything_is_written() {
    let commands: &[&[&str]] = &[
        &["player", "list"],
        &["player", "add", "Zoe"],
        &["verify"],
        &["history"],
    ];
    // Another program's database, and another goobalay database.
    let dir = tempfile::tempdir().unwrap();
    let program = log_of(
        &dir.path().join("program.db"),
        "CREATE TABLE accounts (id INTEGER, owner TEXT); INSERT INTO accounts VALUES (1, 'x');",
    );
    let other = Db::new();
    other.ok(&["player", "add", "Zoe"]);
    let (_, goobalay) = crash_state_after(&other, &["player", "add", "Yusuf"]);
    for log in [program, goobalay] {
        let db = club();
        std::fs::write(beside(&db.path, "-wal"), &log).unwrap();
        for args in commands {
            db.refused(
                args,
                "belongs to another database, so nothing was read or written",
            );
        }
    }
    // The database's own log is read as ever: a change only its log holds is seen,
    // whether goobalay wrote it or another program (a sqlite3 shell) did.
    let db = club();
    let (file, own) = crash_state_after(&db, &["player", "add", "Yusuf"]);
    std::fs::write(&db.path, &file).unwrap();
    std::fs::write(beside(&db.path, "-wal"), &own).unwrap();
    let list = db.ok(&["player", "list"]);
    assert!(list.contains("Yusuf"), "{list}");
    runtime().block_on(async {
        use sqlx::Connection;
        let mut shell = common::connect(&db.path).await;
        sqlx::raw_sql(
            "PRAGMA wal_autocheckpoint = 0;
             UPDATE players SET club = 'Hargeisa' WHERE name = 'Amina'",
        )
        .execute(&mut shell)
        .await
        .unwrap();
        let shown = db.ok(&["player", "show", "Amina"]);
        assert!(shown.contains("Hargeisa"), "{shown}");
        db.ok(&["player", "add", "Zoe"]);
        shell.close().await.unwrap();
    });
    db.verified();
}

/// `--db` belongs to the commands that use a database: before the command's name or
/// after it (in a group such as `player`, before or after the subcommand's). On a
/// command that uses no database it is one line saying which do, and no database is
/// made.
#[test]
fn db_is_taken_only_by_the_commands_that_use_a_database() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("club.db");
    let p = path.to_str().unwrap();
    let run = |args: &[&str]| {
        assert_cmd::Command::cargo_bin("goobalay")
            .unwrap()
            .args(args)
            .env_remove("GOOBALAY_DB")
            .env("XDG_DATA_HOME", home.path())
            .output()
            .unwrap()
    };
    for (args, needle) in [
        (
            vec!["perft", "--db", p, "--variant", "tihbat", "--depth", "1"],
            "`goobalay perft` uses no database, so it takes no --db",
        ),
        (
            vec!["variants", "--db", p],
            "`goobalay variants` uses no database",
        ),
        (
            vec!["--db", p, "perft", "--variant", "tihbat", "--depth", "1"],
            "`goobalay perft` uses no database, so it takes no --db",
        ),
        (
            vec!["--db", p],
            "--db goes with a command that uses a database: player, match,",
        ),
    ] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("goobalay: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert!(!path.exists(), "{args:?} made a database");
        assert!(
            !home.path().join("goobalay").exists(),
            "{args:?} made the default database"
        );
    }

    let out = run(&["player", "--db", p, "add", "Amina"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["player", "list", "--db", p]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Amina"));
    // Before the command's name, as most tools take a global option.
    let out = run(&["--db", p, "player", "add", "Idil"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["--db", p, "player", "list"]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(
        listed.contains("Amina") && listed.contains("Idil"),
        "{listed}"
    );
    let out = run(&[&format!("--db={p}"), "history", "--player", "Idil"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["history", "--db", p, "--player", "Amina"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !home.path().join("goobalay").exists(),
        "the default database was used"
    );

    let help = |args: &[&str]| String::from_utf8_lossy(&run(args).stdout).into_owned();
    assert!(!help(&["perft", "--help"]).contains("--db"));
    assert!(!help(&["--help"]).contains("--db"));
    assert!(help(&["player", "add", "--help"]).contains("--db"));
    assert!(help(&["tournament", "standings", "--help"]).contains("--db"));
}

/// `goobalay ARGS --db PATH` run as the user and group `id` (see `common::as_user`).
fn run_as(id: u32, path: &Path, args: &[&str]) -> std::process::Output {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("goobalay"));
    command
        .args(common::db_args(path, args))
        .env_remove("GOOBALAY_DB");
    common::as_user(&mut command, id).output().unwrap()
}

/// Issue 38: a command that only reads, run by another user who may read the
/// database but not write it (in a folder both may write), leaves no file that
/// stops the owner writing: before, it left `-wal` and `-shm` files of its own and
/// the owner's next write failed with "attempt to write a readonly database".
/// Needs root, to run the commands as two other users.
#[test]
fn another_users_read_leaves_nothing_that_stops_the_owner_writing() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    if !common::is_root() {
        eprintln!("skipped: needs root to run commands as two other users");
        return;
    }
    let (owner, reader) = (64_101, 64_102);
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let path = dir.path().join("club.db");
    let ok = |id: u32, args: &[&str]| {
        let out = run_as(id, &path, args);
        assert!(
            out.status.success(),
            "{id} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    ok(owner, &["player", "add", "Amina"]);
    assert_eq!(std::fs::metadata(&path).unwrap().uid(), owner);
    assert_eq!(std::fs::metadata(&path).unwrap().mode() & 0o022, 0);
    let before = listing(dir.path());
    // The file alone (nobody has it open).
    for args in [&["player", "list"][..], &["verify"], &["history"]] {
        let out = ok(reader, args);
        if args[0] == "player" {
            assert!(out.contains("Amina"), "{out}");
        }
        assert_eq!(
            listing(dir.path()),
            before,
            "{args:?} as another user left files"
        );
    }
    ok(owner, &["player", "add", "Bashir"]);
    // While a log and shared memory are there (a writer has the database open, or
    // left them): read through them, and the owner writes after.
    let mut server = std::process::Command::new(assert_cmd::cargo::cargo_bin("goobalay"));
    server
        .args(common::db_args(
            &path,
            &["serve", "--listen", "127.0.0.1:0"],
        ))
        .env_remove("GOOBALAY_DB")
        .stdout(std::process::Stdio::piped());
    let mut server = common::as_user(&mut server, owner).spawn().unwrap();
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stdout.take().unwrap()),
        &mut first,
    )
    .unwrap();
    let out = ok(reader, &["player", "list"]);
    assert!(out.contains("Bashir"), "{out}");
    ok(owner, &["player", "add", "Chidi"]);
    let _ = server.kill();
    let _ = server.wait();
    for name in listing(dir.path()) {
        let uid = std::fs::metadata(dir.path().join(&name)).unwrap().uid();
        assert_eq!(uid, owner, "{name} belongs to the reader");
    }
    ok(owner, &["player", "add", "Dawit"]);
    assert!(ok(reader, &["player", "list"]).contains("Dawit"));
}

/// Runs `db copy --from FROM --to TO`.
fn db_copy(from: &Path, to: &Path) -> std::process::Output {
    assert_cmd::Command::cargo_bin("goobalay")
        .unwrap()
        .args(["db", "copy", "--from"])
        .arg(from)
        .arg("--to")
        .arg(to)
        .env_remove("GOOBALAY_DB")
        .output()
        .unwrap()
}

/// Issue 38: `db copy` refuses a target named as another database's log, shared
/// memory or journal (a whole database the database beside it would take for its
/// own), creates no folder when it is refused, and removes what a killed copy left
/// of the database it was making.
#[test]
fn db_copy_refuses_a_side_file_creates_no_folder_and_clears_a_killed_copys_leftovers() {
    let db = club();
    let target = tempfile::tempdir().unwrap();
    std::fs::copy(&db.path, target.path().join("other.db")).unwrap();
    let before = listing(target.path());
    for ending in ["-wal", "-shm", "-journal"] {
        for base in ["other.db", "nothing.db"] {
            let to = target.path().join(format!("{base}{ending}"));
            let out = db_copy(&db.path, &to);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{}: {err}", to.display());
            assert!(err.starts_with("goobalay: "), "{err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
            assert!(err.contains(ending), "{err}");
            assert_eq!(listing(target.path()), before, "{}", to.display());
        }
    }
    // A refused copy (no such source) creates no folder, through `..` either.
    let missing = target.path().join("missing.db");
    for to in [
        target.path().join("x").join("..").join("copy.db"),
        target.path().join("a").join("b").join("copy.db"),
    ] {
        let out = db_copy(&missing, &to);
        assert_eq!(out.status.code(), Some(2), "{}", to.display());
        assert_eq!(listing(target.path()), before, "{}", to.display());
    }
    // What a killed copy left (its new database, log and shared memory under the
    // temporary name) is removed by the next copy into the folder.
    for name in [
        ".goobalay-new-k1ll3d.db",
        ".goobalay-new-k1ll3d.db-wal",
        ".goobalay-new-k1ll3d.db-shm",
    ] {
        std::fs::write(target.path().join(name), b"left by a killed copy").unwrap();
    }
    let out = db_copy(&db.path, &target.path().join("copy.db"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut want = before.clone();
    want.push("copy.db".to_string());
    want.sort();
    assert_eq!(listing(target.path()), want);
}

/// Issue 38: an empty file made for the database (`touch club.db`) stays empty when
/// a command that writes is refused (before, it got its tables, then the command was
/// refused), and becomes the database, with its permissions, when one succeeds.
#[test]
fn a_refused_command_leaves_an_empty_file_empty() {
    use std::os::unix::fs::PermissionsExt;
    let db = Db::new();
    std::fs::write(&db.path, b"").unwrap();
    std::fs::set_permissions(&db.path, std::fs::Permissions::from_mode(0o600)).unwrap();
    for (args, needle) in [
        (
            &["tournament", "add", "Cup", "Amina"][..],
            "no tournament named",
        ),
        (&["player", "add", ""], "must not be empty"),
    ] {
        db.refused(args, needle);
        assert_eq!(listing(db.dir.path()), ["club.db"], "{args:?}");
        assert_eq!(std::fs::metadata(&db.path).unwrap().len(), 0, "{args:?}");
    }
    db.ok(&["player", "add", "Amina"]);
    assert_eq!(listing(db.dir.path()), ["club.db"]);
    let mode = std::fs::metadata(&db.path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    assert!(db.ok(&["player", "list"]).contains("Amina"));
    db.verified();
}
