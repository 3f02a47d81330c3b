//! SQLite and PostgreSQL side by side, as a league moving its history to a server
//! meets them: engine round robins of PLAYERS `random` players in VARIANT's default
//! match form (Layli Goobalay unless `--variant`: 40 players play 780 matches of
//! about 8,200 hands, 120 play 7,140; 448 play 100,128), and for each the whole
//! `goobalay` commands, timed as processes (wall time, and the peak resident memory
//! the kernel reports for the child):
//!
//! - `tournament run` of the event, on a fresh SQLite file and on a fresh PostgreSQL
//!   database (target: PostgreSQL at most 1.5x SQLite at 120 players);
//! - `db copy` of the SQLite event to another SQLite file, to PostgreSQL, and from
//!   there back to a file (target: each way to or from PostgreSQL at most 3x the
//!   SQLite copy, memory under 256 MB), and `verify` of both copies;
//! - `tournament standings` of the event on the file and on its PostgreSQL copy, warm
//!   (the first call is not counted), median of 5 (target: at most 2x).
//!
//! ```sh
//! cargo build --release && cargo run --release --example backend_scaling -- \
//!     --pg 'postgres:///goobalay?host=/tmp/pg&user=goobalay' \
//!     [--bin target/release/goobalay] [--players 40,80,120] [--run-max 120] \
//!     [--dir DIR] [--no-verify] [--variant tihbat]
//! ```
//!
//! `--pg` names a database on the server; the benchmark creates its own databases
//! beside it (`goobalay_scaling_*`, dropped first if they exist) and drops them at
//! the end. Sizes above `--run-max` are run on SQLite only (the copy is made from the
//! file). An SQLite event an earlier run made and ran in DIR (`rr-PLAYERS.db`, marked
//! by `rr-PLAYERS.made`) is used as it is, so the 100,128-match event is built once.
//! The events are made through the binary's own commands, so that a build of an
//! earlier version can be measured the same way (`--bin`, another `--dir`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sqlx::Connection;

type Error = Box<dyn std::error::Error>;

/// What a finished command cost: its wall time and its peak resident memory.
#[derive(Clone, Copy)]
struct Cost {
    wall: Duration,
    peak_kib: i64,
}

impl std::fmt::Display for Cost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:8.2} s {:6.0} MB",
            self.wall.as_secs_f64(),
            self.peak_kib as f64 / 1024.0
        )
    }
}

/// Runs `bin args`, which must succeed, as a child of its own, and measures it.
fn timed(bin: &Path, args: &[&str]) -> Result<(Cost, String), Error> {
    let start = Instant::now();
    let child = Command::new(bin)
        .args(args)
        .env_remove("GOOBALAY_DB")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let pid = child.id() as libc::pid_t;
    let output = {
        // Read both pipes before reaping, so a chatty child cannot block on them.
        let mut child = child;
        let mut out = String::new();
        let mut err = String::new();
        use std::io::Read;
        child
            .stdout
            .take()
            .ok_or("stdout")?
            .read_to_string(&mut out)?;
        child
            .stderr
            .take()
            .ok_or("stderr")?
            .read_to_string(&mut err)?;
        (out, err)
    };
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `status` and `usage` are valid for the call to fill; `pid` is our child,
    // not yet reaped (std's Child is dropped without waiting).
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    if reaped != pid || !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return Err(format!("{} {args:?} failed: {}", bin.display(), output.1).into());
    }
    Ok((
        Cost {
            wall,
            peak_kib: usage.ru_maxrss,
        },
        output.0,
    ))
}

/// A PostgreSQL database of its own on the server `--pg` names.
struct PgDatabase {
    server: String,
    name: String,
    url: String,
}

impl PgDatabase {
    async fn fresh(server: &str, name: &str) -> Result<PgDatabase, Error> {
        let mut url = url::Url::parse(server)?;
        let mut conn = sqlx::PgConnection::connect(server).await?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
        )))
        .execute(&mut conn)
        .await?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await?;
        conn.close().await?;
        url.set_path(&format!("/{name}"));
        Ok(PgDatabase {
            server: server.to_string(),
            name: name.to_string(),
            url: url.into(),
        })
    }

    async fn drop(self) -> Result<(), Error> {
        let mut conn = sqlx::PgConnection::connect(&self.server).await?;
        let statement = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        // FORCE cannot end an autovacuum worker briefly on the database (another
        // role's process); it leaves within moments, so the drop is tried again.
        let mut tries = 0;
        loop {
            match sqlx::raw_sql(sqlx::AssertSqlSafe(statement.clone()))
                .execute(&mut conn)
                .await
            {
                Err(e) if tries < 50 && e.to_string().contains("must be a member of the role") => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                done => {
                    done?;
                    break;
                }
            }
        }
        conn.close().await?;
        Ok(())
    }
}

/// Adds `players` random engines and the round robin "Bench" between them, not yet
/// played, through the commands a director types (so a build of another version
/// makes its own databases).
fn prepare(bin: &Path, db: &str, players: usize, variant: &str) -> Result<(), Error> {
    let names: Vec<String> = (1..=players).map(|i| format!("Random {i:03}")).collect();
    for name in &names {
        timed(
            bin,
            &["--db", db, "player", "add", name, "--engine", "random"],
        )?;
    }
    timed(
        bin,
        &[
            "--db",
            db,
            "tournament",
            "new",
            "Bench",
            "--variant",
            variant,
            "--system",
            "round-robin",
            "--seed",
            "2026",
        ],
    )?;
    let mut add = vec!["--db", db, "tournament", "add", "Bench"];
    add.extend(names.iter().map(String::as_str));
    timed(bin, &add)?;
    Ok(())
}

/// The file marking that `event` was made and run in full by an earlier run.
fn made_mark(event: &Path) -> PathBuf {
    event.with_extension("made")
}

fn ratio(a: Cost, b: Cost) -> f64 {
    a.wall.as_secs_f64() / b.wall.as_secs_f64()
}

/// `tournament standings Bench` on each of `dbs`, taken in turn: one call each to
/// warm (and keep the fixture cache), then the median of 5.
fn standings(bin: &Path, dbs: &[&str]) -> Result<Vec<Cost>, Error> {
    let mut times: Vec<Vec<Cost>> = vec![Vec::new(); dbs.len()];
    for round in 0..6 {
        for (db, times) in dbs.iter().zip(&mut times) {
            let (cost, _) = timed(bin, &["--db", db, "tournament", "standings", "Bench"])?;
            if round > 0 {
                times.push(cost);
            }
        }
    }
    Ok(times
        .into_iter()
        .map(|mut t| {
            t.sort_by_key(|c| c.wall);
            t[t.len() / 2]
        })
        .collect())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Error> {
    let mut bin = PathBuf::from("target/release/goobalay");
    let mut server: Option<String> = None;
    let mut sizes = vec![40usize, 80, 120];
    let mut run_max = 120usize;
    let mut dir: Option<PathBuf> = None;
    let mut verify = true;
    let mut variant = "layli-goobalay".to_string();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--bin" => bin = args.next().ok_or("--bin needs a path")?.into(),
            "--pg" => server = Some(args.next().ok_or("--pg needs a URL")?),
            "--players" => {
                sizes = args
                    .next()
                    .ok_or("--players needs sizes")?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()?
            }
            "--run-max" => run_max = args.next().ok_or("--run-max needs a size")?.parse()?,
            "--dir" => dir = Some(args.next().ok_or("--dir needs a folder")?.into()),
            "--no-verify" => verify = false,
            "--variant" => variant = args.next().ok_or("--variant needs a name")?,
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let server = server.ok_or("--pg URL (a database on the server to use) is needed")?;
    let temp = tempfile::tempdir()?;
    let dir = dir.unwrap_or_else(|| temp.path().to_path_buf());
    std::fs::create_dir_all(&dir)?;
    {
        let mut conn = sqlx::PgConnection::connect(&server).await?;
        let version: String = sqlx::query_scalar("SELECT version()")
            .fetch_one(&mut conn)
            .await?;
        println!("server: {version}");
        for setting in ["shared_buffers", "work_mem", "fsync", "synchronous_commit"] {
            let value: String = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SHOW {setting}")))
                .fetch_one(&mut conn)
                .await?;
            println!("  {setting} = {value}");
        }
        conn.close().await?;
    }

    for players in sizes {
        let matches = players * (players - 1) / 2;
        println!("\n{players} players, {matches} matches");
        let file = dir.join(format!("rr-{players}.db"));
        let file_s = file.to_str().ok_or("folder path")?.to_string();
        if made_mark(&file).exists() {
            println!("  tournament run      SQLite      (the event in {file_s}, made earlier)");
        } else {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{file_s}{suffix}"));
            }
            prepare(&bin, &file_s, players, &variant)?;
            let (sqlite_run, _) = timed(
                &bin,
                &["--db", &file_s, "tournament", "run", "Bench", "--quiet"],
            )?;
            std::fs::write(made_mark(&file), "")?;
            println!("  tournament run      SQLite     {sqlite_run}");
            if players <= run_max {
                let pg =
                    PgDatabase::fresh(&server, &format!("goobalay_scaling_run_{players}")).await?;
                prepare(&bin, &pg.url, players, &variant)?;
                let (pg_run, _) = timed(
                    &bin,
                    &["--db", &pg.url, "tournament", "run", "Bench", "--quiet"],
                )?;
                println!(
                    "  tournament run      PostgreSQL {pg_run}  ({:.2}x SQLite)",
                    ratio(pg_run, sqlite_run)
                );
                pg.drop().await?;
            }
        }

        let to_file = dir.join(format!("copy-{players}.db"));
        let back = dir.join(format!("back-{players}.db"));
        for f in [&to_file, &back] {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", f.display()));
            }
        }
        let (to_file_s, back_s) = (
            to_file.to_str().ok_or("folder path")?,
            back.to_str().ok_or("folder path")?,
        );
        let pg = PgDatabase::fresh(&server, &format!("goobalay_scaling_copy_{players}")).await?;
        let (lite, out) = timed(&bin, &["db", "copy", "--from", &file_s, "--to", to_file_s])?;
        let hands = out
            .lines()
            .find_map(|l| l.strip_prefix("hands: "))
            .unwrap_or("?")
            .trim_end_matches(" rows")
            .to_string();
        println!("  db copy ({hands} hands)");
        println!("    SQLite -> SQLite         {lite}");
        let (to_pg, _) = timed(&bin, &["db", "copy", "--from", &file_s, "--to", &pg.url])?;
        println!(
            "    SQLite -> PostgreSQL     {to_pg}  ({:.2}x)",
            ratio(to_pg, lite)
        );
        let (from_pg, _) = timed(&bin, &["db", "copy", "--from", &pg.url, "--to", back_s])?;
        println!(
            "    PostgreSQL -> SQLite     {from_pg}  ({:.2}x)",
            ratio(from_pg, lite)
        );
        if verify {
            for db in [pg.url.as_str(), back_s] {
                let (cost, out) = timed(&bin, &["--db", db, "verify"])?;
                let last = out.lines().last().unwrap_or("").to_string();
                println!("    verify {:<17} {cost}  {last}", short(db));
            }
        }
        let costs = standings(&bin, &[&file_s, &pg.url])?;
        println!("  tournament standings (warm, median of 5)");
        println!("    SQLite                   {}", costs[0]);
        println!(
            "    PostgreSQL               {}  ({:.2}x)",
            costs[1],
            ratio(costs[1], costs[0])
        );
        pg.drop().await?;
    }
    Ok(())
}

/// A database named briefly: the backend.
fn short(db: &str) -> &'static str {
    if db.starts_with("postgres") {
        "(PostgreSQL copy)"
    } else {
        "(SQLite copy back)"
    }
}
