//! `goobalay db copy --from A --to B`: a club's records onto a league server (or back).

use std::process::ExitCode;

use anyhow::Context;
use goobalay::store::Store;

use crate::args::RecordFormat;
use crate::args::db::{CopyArgs, DbCommand};
use crate::db::{print_json, shown, with_store};
use crate::out::outln;

pub fn run(c: DbCommand) -> anyhow::Result<ExitCode> {
    match c {
        DbCommand::Copy(a) => copy(a),
    }
}

/// The endings of the files SQLite keeps beside a database.
const SQLITE_SIDE_FILES: [&str; 3] = ["-wal", "-shm", "-journal"];

fn copy(a: CopyArgs) -> anyhow::Result<ExitCode> {
    if shown(&a.from) == shown(&a.to) {
        anyhow::bail!("--from and --to name the same database; copy into another, empty one");
    }
    // SQLite keeps a database's log, shared memory and rollback journal beside it
    // under its name and these endings; a database written there is taken by the
    // database beside it as its own (and deleted by its next write).
    if goobalay::store::server_url(&a.to).is_none()
        && let Some(ending) = SQLITE_SIDE_FILES
            .iter()
            .find(|e| a.to.as_os_str().as_encoded_bytes().ends_with(e.as_bytes()))
    {
        anyhow::bail!(
            "--to {} ends in '{ending}', the name SQLite gives a database's own files (-wal, -shm, -journal), which the database beside it would take as its own; copy into a name without these endings",
            shown(&a.to)
        );
    }
    let from = a.from.clone();
    let bar = crate::out::progress_bar(0, "rows copied");
    let report = with_store(Some(a.to.clone()), async |target| {
        let source = Store::open_read_only(&from)
            .await
            .with_context(|| format!("cannot open database {}", shown(&from)))?;
        // A club's file onto a league's server, or back: the store's copy of every
        // table, in one transaction.
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
        RecordFormat::Json => print_json(&report)?,
        RecordFormat::Table => {
            for (table, rows) in &report.tables {
                outln!("{table}: {rows} rows");
            }
            outln!("copied {} into {}", shown(&a.from), shown(&a.to));
        }
    }
    Ok(ExitCode::SUCCESS)
}
