//! The arguments of the commands over the AI: analyse, solve, arena, bench-search.

use clap::Args;
use goobalay::ai::Level;

use super::{Format, StartArgs, VariantArgs};

fn parse_level(text: &str) -> Result<Level, String> {
    Level::parse(text).map_err(|e| e.to_string())
}

#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    #[command(flatten)]
    pub start: StartArgs,
    /// Moves to play first, in notation.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Search depth in plies (the game's end counts exactly when reached sooner).
    #[arg(long, short = 'd', default_value_t = 10)]
    pub depth: u32,
    /// Stop deepening after this many nodes (the last complete depth is shown).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A preset name (or use --rules FILE).
    pub variant: Option<String>,
    /// A rule file (TOML or JSON) instead of a preset.
    #[arg(long, value_name = "FILE", conflicts_with = "variant")]
    pub rules: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub start: StartArgs,
    /// Moves to play first, in notation.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Give up after this many nodes [default: 100000000, a minute or two, unless
    /// --seconds is given].
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Give up after this many seconds.
    #[arg(long)]
    pub seconds: Option<f64>,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Level of engine A.
    #[arg(value_parser = parse_level)]
    pub a: Level,
    /// Level of engine B.
    #[arg(value_parser = parse_level)]
    pub b: Level,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The number of games in the series.
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// Seed of the engines' choices (the series replays from it).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies from the setup that open each pair of games (single games only).
    #[arg(long, default_value_t = 0)]
    pub opening_plies: u32,
    /// What one game of the series is: `single` (one game from the setup) or a whole
    /// match, `hands` (RULES.md §3 multi-hand match, as in Layli Goobalay) or
    /// `games:N`; a match counts as one game, won, drawn or lost.
    #[arg(long, default_value = "single")]
    pub form: String,
    /// With --form hands: the match ends after this many hands (RULES.md §3 option 6).
    #[arg(long)]
    pub max_hands: Option<u32>,
    /// Node budget per move for A (replaces the level's).
    #[arg(long)]
    pub nodes_a: Option<u64>,
    /// Node budget per move for B (replaces the level's).
    #[arg(long)]
    pub nodes_b: Option<u64>,
    /// Threads playing games at once (the results do not depend on it).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// With --format json, also list every game.
    #[arg(long)]
    pub per_game: bool,
}

#[derive(Args, Debug)]
pub struct BenchSearchArgs {
    /// One variant (default: every preset).
    #[arg(long, short = 'v', conflicts_with = "rules")]
    pub variant: Option<String>,
    /// A rule file (TOML or JSON) instead of a preset.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<std::path::PathBuf>,
    /// Node budget of each search.
    #[arg(long, default_value_t = 500_000)]
    pub nodes: u64,
    /// Positions searched per variant (the setup, then seeded random openings).
    #[arg(long, default_value_t = 6)]
    pub positions: u32,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}
