//! `goobalay bench`'s arguments.

use clap::{Args, ValueEnum};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    #[default]
    Table,
    Json,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A preset (default: every preset in turn).
    #[arg(long, short = 'v', conflicts_with = "rules")]
    pub variant: Option<String>,
    /// A custom rule set from a TOML or JSON file.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<std::path::PathBuf>,
    /// Seconds of play per variant.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Seed of the random generator (default: taken from the clock, and printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: BenchFormat,
}
