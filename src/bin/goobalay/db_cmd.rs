//! `goobalay db copy --from A --to B`: a club's records onto a league server (or back).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use goobalay::store::Store;

use crate::db::{print_json, shown, with_store};
use crate::out::outln;

#[derive(Subcommand, Debug)]
pub enum DbCommand {
    /// Copy every record of one database into an empty one (SQLite file or
    /// postgres:// URL, either way); `verify` on the copy is clean and its
    /// standings are the same.
    Copy(CopyArgs),
}

#[derive(Args, Debug)]
pub struct CopyArgs {
    /// The database to copy: a file path or a postgres:// URL (only read).
    #[arg(long, value_name = "PATH|URL")]
    pub from: PathBuf,
    /// The database to copy into: a file (made if missing) or a postgres:// URL of an
    /// existing, empty database.
    #[arg(long, value_name = "PATH|URL")]
    pub to: PathBuf,
    /// table: a line per table; json: the rows copied per table.
    #[arg(long, value_enum, default_value_t)]
    pub format: crate::args::RecordFormat,
}

pub fn run(c: DbCommand) -> anyhow::Result<ExitCode> {
    match c {
        DbCommand::Copy(a) => copy(a),
    }
}

fn copy(a: CopyArgs) -> anyhow::Result<ExitCode> {
    if shown(&a.from) == shown(&a.to) {
        anyhow::bail!("--from and --to name the same database; copy into another, empty one");
    }
    let from = a.from.clone();
    let bar = crate::out::progress_bar(0, "rows copied");
    let report = with_store(Some(a.to.clone()), async |target| {
        let source = Store::open_read_only(&from)
            .await
            .with_context(|| format!("cannot open database {}", shown(&from)))?;
        let copied = target
            .copy_from_reporting(&source, |done, total| {
                bar.set_length(total);
                bar.set_position(done);
            })
            .await;
        source.close().await;
        Ok(copied?)
    });
    bar.finish_and_clear();
    let report = report?;
    match a.format {
        crate::args::RecordFormat::Json => print_json(&report)?,
        crate::args::RecordFormat::Table => {
            for (table, rows) in &report.tables {
                outln!("{table}: {rows} rows");
            }
            outln!("copied {} into {}", shown(&a.from), shown(&a.to));
        }
    }
    Ok(ExitCode::SUCCESS)
}
