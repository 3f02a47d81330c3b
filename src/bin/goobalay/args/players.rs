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
