//! `goobalay demo`'s arguments.

use std::path::PathBuf;

use clap::Args;

#[derive(Args, Debug)]
pub struct DemoArgs {
    /// The database to write the demo into (default: demo.db beside the default
    /// database). GOOBALAY_DB is not read here: the demo never writes into the
    /// club's database unless it is named on this command line.
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<PathBuf>,
    /// Number of engine players (4 to 8).
    #[arg(long, default_value_t = 6)]
    pub players: usize,
    /// Seed of the engines' choices (default: random; printed).
    #[arg(long)]
    pub seed: Option<u64>,
}
