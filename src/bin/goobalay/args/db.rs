//! `goobalay db ...`'s arguments.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::RecordFormat;

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
    pub format: RecordFormat,
}
