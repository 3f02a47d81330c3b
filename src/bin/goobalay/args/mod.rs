//! Command-line arguments (clap derive), one struct per command: the whole clap tree.
//! The commands import their arguments from here and nothing here names a command,
//! so the dependencies point one way (from the commands to their arguments).

pub mod ai;
pub mod bench;
pub mod db;
pub mod demo;
pub mod history;
pub mod matches;
pub mod players;
pub mod ratings;
pub mod serve;
pub mod tournaments;
pub mod verify;

use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use goobalay::engine::{Game, Side, Variant};
use goobalay::names::excerpt;

#[derive(Parser, Debug)]
#[command(
    name = "goobalay",
    version = version(),
    about = "Tournament manager and rules engine for Layli Goobalay and its sister mancala games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// `--db`, on the commands that use a database (and their subcommands) only.
#[derive(Args, Debug)]
pub struct DbOption {
    /// The database: a file (default: $XDG_DATA_HOME/goobalay/goobalay.db or
    /// ~/.local/share/goobalay/goobalay.db, created on first use) or a PostgreSQL
    /// database, postgres://USER@HOST/DB or postgres:///DB?host=SOCKET_FOLDER&user=USER.
    #[arg(long, global = true, env = "GOOBALAY_DB", value_name = "PATH|URL")]
    pub db: Option<PathBuf>,
}

/// A command that uses the database: `--db` and the command's own arguments.
#[derive(Args, Debug)]
pub struct OnDb<A: Args> {
    #[command(flatten)]
    pub db: DbOption,
    #[command(flatten)]
    pub args: A,
}

/// A group of commands that use the database: `--db` (before or after the
/// subcommand's name) and the subcommand.
#[derive(Args, Debug)]
pub struct GroupOnDb<C: Subcommand> {
    #[command(flatten)]
    pub db: DbOption,
    #[command(subcommand)]
    pub command: C,
}

/// The commands that use a database, as `--db`'s refusal elsewhere lists them.
pub const DB_COMMANDS: &str = "player, match, replay, history, verify, tournament, serve, demo";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the variants the engine plays.
    Variants(VariantsArgs),
    /// Print a variant's rule set in words.
    Rules(RulesArgs),
    /// Play moves and print the RULES.md §9 JSON Lines trace.
    Trace(TraceArgs),
    /// Count move sequences of a given length (RULES.md §9 perft).
    Perft(PerftArgs),
    /// Draw the board for a person.
    Show(ShowArgs),
    /// Play uniformly random games and measure the engine's speed.
    Bench(bench::BenchArgs),
    /// Players: add, list, show, rename, retire.
    Player(GroupOnDb<players::PlayerCommand>),
    /// Matches: create, play, enter moves, arrangements and results, show.
    Match(GroupOnDb<matches::MatchCommand>),
    /// Draw the board after every move of a stored match.
    Replay(OnDb<matches::ReplayArgs>),
    /// Match history, filtered.
    History(OnDb<history::HistoryArgs>),
    /// Replay every stored hand and check moves, scores, carry-over and results.
    Verify(OnDb<verify::VerifyArgs>),
    /// Search a position: the best move and the value of every legal move.
    Analyse(ai::AnalyseArgs),
    /// The exact game-theoretic value of a position (repetition included).
    Solve(ai::SolveArgs),
    /// Engine-versus-engine series: wins, draws, losses and an Elo difference.
    Arena(ai::ArenaArgs),
    /// Search speed (nodes per CPU-second of the searching thread) per variant.
    BenchSearch(ai::BenchSearchArgs),
    /// Club tournaments: create, enter players, pair, run, standings, export.
    Tournament(GroupOnDb<tournaments::TournamentCommand>),
    /// Databases: copy every record from one to another (SQLite <-> PostgreSQL).
    #[command(subcommand)]
    Db(db::DbCommand),
    /// Serve the tournaments as live web pages and JSON, read-only (standings,
    /// pairings, crosstables, players, match replays), on this machine by default.
    Serve(OnDb<serve::ServeArgs>),
    /// A small engine club plays a Layli Goobalay round robin: standings, a match, a hand.
    Demo(demo::DemoArgs),
    /// Print a shell completion script: bash, zsh, fish, powershell or elvish
    /// (e.g. `goobalay completions bash > ~/.local/share/bash-completion/completions/goobalay`).
    Completions(CompletionsArgs),
    /// Print the man page (roff), e.g. `goobalay man > goobalay.1; man ./goobalay.1`.
    Man,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `--version`: the program's version and the engine players' (recorded with every
/// engine match: a stored match is judged by the engine that played it).
pub fn version() -> &'static str {
    static TEXT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "{} (engine players version {})",
            env!("CARGO_PKG_VERSION"),
            goobalay::ai::ENGINE_VERSION
        )
    });
    &TEXT
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    #[default]
    Table,
    Json,
    Csv,
}

/// The output of a command that acts on or shows one record (a match, a player):
/// text for a person or JSON, no CSV (`--format csv` is refused before anything
/// is done).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RecordFormat {
    #[default]
    Table,
    Json,
}

/// Which rule set: a preset by name or a rule file.
#[derive(Args, Debug, Clone)]
pub struct VariantArgs {
    /// A preset: layli-goobalay, tampoduo (ayo-jodu), modiar, tihbat, sadeqa-iii, sadeqa-91.
    #[arg(long, short = 'v', conflicts_with = "rules")]
    pub variant: Option<String>,
    /// A custom rule set from a TOML or JSON file.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
}

impl VariantArgs {
    pub fn load(&self) -> anyhow::Result<Variant> {
        match (&self.variant, &self.rules) {
            (Some(name), None) => preset(name),
            (None, Some(path)) => load_rule_file(path),
            _ => bail!("give --variant NAME or --rules FILE"),
        }
    }
}

pub fn preset(name: &str) -> anyhow::Result<Variant> {
    Variant::preset(name).with_context(|| {
        format!(
            "unknown variant '{}'; known: {}",
            excerpt(name),
            goobalay::engine::VARIANT_NAMES.join(", ")
        )
    })
}

/// A custom rule set from a file. Its name may not be a preset's (or an alias's):
/// matches, tournaments and `history --variant` know a preset by its name alone.
pub fn load_rule_file(path: &std::path::Path) -> anyhow::Result<Variant> {
    let text = crate::files::read_input(path, "rule file")?;
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let variant = Variant::from_file_text(&text, json)
        .with_context(|| format!("rule file {}", path.display()))?;
    if let Some(preset) = Variant::preset(&variant.name) {
        bail!(
            "rule file {}: the name '{}' is the preset {}'s; give the rule set a name of its own (presets: {})",
            path.display(),
            variant.name.trim(),
            preset.name,
            goobalay::engine::VARIANT_NAMES.join(", ")
        );
    }
    Ok(variant)
}

/// Where a game starts: the setup (with who moves first) or a §9 position.
#[derive(Args, Debug, Clone)]
pub struct StartArgs {
    /// Who makes the first move from the ordinary setup.
    #[arg(long, value_parser = parse_side, conflicts_with = "position")]
    pub first: Option<Side>,
    /// A starting position as a RULES.md §9 JSON object (or @FILE to read it from a file).
    #[arg(long, value_name = "JSON")]
    pub position: Option<String>,
}

impl StartArgs {
    pub fn game(&self, variant: &Variant) -> anyhow::Result<Game> {
        match &self.position {
            None => Ok(Game::new(variant.rules, self.first.unwrap_or(Side::South))),
            Some(text) => {
                let json = match text.strip_prefix('@') {
                    Some(path) => {
                        crate::files::read_input(std::path::Path::new(path), "position file")?
                    }
                    None => text.clone(),
                };
                Ok(Game::from_json(&json, variant.rules)?)
            }
        }
    }
}

pub fn parse_side(text: &str) -> Result<Side, String> {
    Side::parse(text)
        .ok_or_else(|| format!("'{}' is not a side; allowed: south, north", excerpt(text)))
}

#[derive(Args, Debug)]
pub struct VariantsArgs {
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// A preset name (or use --rules FILE).
    pub variant: Option<String>,
    /// A rule file (TOML or JSON) instead of a preset.
    #[arg(long, value_name = "FILE", conflicts_with = "variant")]
    pub rules: Option<PathBuf>,
    /// Print the rule set as a rule file (TOML) to start a custom variant from.
    #[arg(long)]
    pub toml: bool,
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    #[command(flatten)]
    pub start: StartArgs,
    /// Moves in notation, separated by spaces: hole numbers 1..N or 'pass'.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    #[command(flatten)]
    pub start: StartArgs,
    /// The number of moves in each sequence counted.
    #[arg(long, short = 'd', allow_negative_numbers = true)]
    pub depth: u32,
    /// Also print the count below each legal move.
    #[arg(long)]
    pub divide: bool,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    #[command(flatten)]
    pub start: StartArgs,
    /// Moves to play first, as for trace.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
}

#[cfg(test)]
mod tests {
    /// Every command says what it does, and every option and argument has help text
    /// (`--help`, the man page and the shell completions show it).
    #[test]
    fn every_command_option_and_argument_has_help() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if arg.is_hide_set() || id == "help" || id == "version" {
                    continue;
                }
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {id}"));
                }
            }
            for sub in cmd.get_subcommands() {
                if sub.get_name() == "help" {
                    continue;
                }
                let here = format!("{path} {}", sub.get_name());
                if sub.get_about().is_none() && sub.get_long_about().is_none() {
                    missing.push(format!("{here} (the command)"));
                }
                walk(sub, &here, missing);
            }
        }
        let mut missing = Vec::new();
        walk(
            &<super::Cli as clap::CommandFactory>::command(),
            "goobalay",
            &mut missing,
        );
        assert!(missing.is_empty(), "no help text:\n{}", missing.join("\n"));
    }

    /// The commands `--db`'s refusal names are exactly those that take it.
    #[test]
    fn db_commands_are_the_commands_with_a_db_option() {
        let cli = <super::Cli as clap::CommandFactory>::command();
        let with_db: Vec<&str> = cli
            .get_subcommands()
            .filter(|c| c.get_arguments().any(|a| a.get_id() == "db"))
            .map(|c| c.get_name())
            .collect();
        assert_eq!(with_db.join(", "), super::DB_COMMANDS);
    }
}
