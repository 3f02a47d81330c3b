//! `goobalay player ...`'s arguments.

use clap::{Args, Subcommand};

use super::ratings::{self, RateArgs, SystemArg};
use super::{Format, RecordFormat};

#[derive(Subcommand, Debug)]
pub enum PlayerCommand {
    /// Add a player (a human, or an engine player with --engine LEVEL).
    Add(AddArgs),
    /// List the players (retired ones with --all).
    List(ListArgs),
    /// A player's details, ratings per variant and match record.
    Show(ShowArgs),
    /// Enter a starting rating for a player (kept beside the earlier ones).
    Rate(RateArgs),
    /// Rename a player (their matches follow).
    Rename(RenameArgs),
    /// Retire a player: kept in history, no new matches.
    Retire(RetireArgs),
    /// Change a player's details (federation, sex, birth date, id); the others stay.
    Set(SetArgs),
    /// Add the players of a club's member list (CSV with a header row naming its
    /// columns: name,club,rating,federation,sex,born,id); a file with a bad row is
    /// refused whole, members already recorded are left as they are.
    Import(ImportArgs),
}

/// A player's details, as `player add` and `player set` take them.
#[derive(Args, Debug, Default)]
pub struct DetailArgs {
    /// The player's federation: three letters, e.g. SOM.
    #[arg(long, value_name = "FED")]
    pub federation: Option<String>,
    /// f or m.
    #[arg(long)]
    pub sex: Option<String>,
    /// The birth date, YYYY-MM-DD, or the year alone, YYYY.
    #[arg(long, value_name = "DATE")]
    pub born: Option<String>,
    /// A federation's or national id (up to 11 letters and digits), e.g. 4101234.
    #[arg(long)]
    pub id: Option<String>,
}

#[derive(Args, Debug)]
pub struct SetArgs {
    /// The player's name.
    pub name: String,
    #[command(flatten)]
    pub details: DetailArgs,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The member list: a CSV file.
    pub file: std::path::PathBuf,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct AddArgs {
    /// The player's name (any script; case and accents are matched as people expect).
    pub name: String,
    /// The player's club (shown in listings).
    #[arg(long)]
    pub club: Option<String>,
    /// Make this an engine player of the given level (random, greedy, ...).
    #[arg(long, value_name = "LEVEL")]
    pub engine: Option<String>,
    #[command(flatten)]
    pub start: ratings::StartArgs,
    #[command(flatten)]
    pub details: DetailArgs,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ListArgs {
    /// Include retired players.
    #[arg(long)]
    pub all: bool,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The player's name (any script; case and accents are matched as people expect).
    pub name: String,
    /// Which ratings to show: elo (the default) or glicko2.
    #[arg(long, value_enum, default_value_t)]
    pub rating_system: SystemArg,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct RenameArgs {
    /// The player's name now.
    pub old: String,
    /// The new name.
    pub new: String,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct RetireArgs {
    /// The player's name (any script; case and accents are matched as people expect).
    pub name: String,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}
