//! The `goobalay` command: a thin layer of clap commands over the library.

mod ai_cmds;
mod args;
mod bench_cmd;
mod db;
mod db_cmd;
mod demo_cmd;
mod draw;
mod engine_cmds;
mod files;
mod history_cmd;
mod match_cmd;
mod out;
mod players_cmd;
mod ratings_cmd;
mod serve;
mod tournament_cmd;
mod verify_cmd;

use std::io::Write;
use std::process::ExitCode;

use args::{Cli, Command};

/// Exit statuses: 0 success, 1 ran fine but the answer is "no" (a check found a
/// mismatch), 2 error (bad input, illegal move, storage failure).
pub const EXIT_NO: u8 = 1;
pub const EXIT_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = match <Cli as clap::Parser>::try_parse() {
        Ok(parsed) => parsed,
        Err(e) if !e.use_stderr() => {
            let _ = e.print(); // --help, --version
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let line = misplaced_db(&e).unwrap_or_else(|| clap_one_line(&e));
            eprintln!("goobalay: {line}");
            return ExitCode::from(EXIT_ERROR);
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            if out::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            let _ = std::io::stdout().flush();
            eprintln!("goobalay: {}", one_line(&err));
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Variants(a) => engine_cmds::variants(a),
        Command::Rules(a) => engine_cmds::rules(a),
        Command::Trace(a) => engine_cmds::trace(a),
        Command::Perft(a) => engine_cmds::perft(a),
        Command::Show(a) => engine_cmds::show(a),
        Command::Bench(a) => bench_cmd::bench(a),
        Command::Player(c) => players_cmd::run(c.db.db, c.command),
        Command::Match(c) => match_cmd::run(c.db.db, c.command),
        Command::Replay(a) => match_cmd::replay(a.db.db, a.args),
        Command::History(a) => history_cmd::run(a.db.db, a.args),
        Command::Verify(a) => verify_cmd::run(a.db.db, a.args),
        Command::Analyse(a) => ai_cmds::analyse(a),
        Command::Solve(a) => ai_cmds::solve(a),
        Command::Arena(a) => ai_cmds::arena(a),
        Command::BenchSearch(a) => ai_cmds::bench_search(a),
        Command::Tournament(c) => tournament_cmd::run(c.db.db, c.command),
        Command::Demo(a) => demo_cmd::demo(a),
        Command::Db(c) => db_cmd::run(c),
        Command::Serve(a) => serve::run(a.db.db, a.args),
        Command::Completions(a) => {
            let mut cli = <Cli as clap::CommandFactory>::command();
            let mut out = Vec::new();
            clap_complete::generate(a.shell, &mut cli, "goobalay", &mut out);
            out::stdout().write_all(&out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => {
            let mut out = Vec::new();
            clap_mangen::Man::new(<Cli as clap::CommandFactory>::command()).render(&mut out)?;
            out::stdout().write_all(&out)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The error and its causes on one line, whatever RUST_BACKTRACE says.
fn one_line(err: &anyhow::Error) -> String {
    bounded(&format!("{err:#}").replace(['\n', '\r'], " "))
}

/// Longest error line, in characters.
const MAX_ERROR_CHARS: usize = 600;

/// A message cut in the middle if it is too long: whatever a message quotes (an
/// argument, a file's text), a huge input is never echoed whole. Messages quote
/// user input shortened already (`goobalay::names::excerpt`); this is the backstop.
fn bounded(line: &str) -> String {
    let chars = line.chars().count();
    if chars <= MAX_ERROR_CHARS {
        return line.to_string();
    }
    let head: String = line.chars().take(MAX_ERROR_CHARS / 2).collect();
    let tail: String = line.chars().skip(chars - MAX_ERROR_CHARS / 4).collect();
    format!(
        "{head} … ({} characters left out) … {tail}",
        chars - head.chars().count() - tail.chars().count()
    )
}

/// `--db` where no database is used, or before the command's name (as earlier
/// versions took it): where it goes instead.
fn misplaced_db(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    if arg != "--db" && !arg.starts_with("--db=") {
        return None;
    }
    let cli = <Cli as clap::CommandFactory>::command();
    let command = std::env::args().skip(1).find_map(|word| {
        cli.get_subcommands()
            .find(|c| c.get_name() == word || c.get_all_aliases().any(|a| a == word))
            .map(|c| c.get_name().to_string())
    });
    let db_commands = args::DB_COMMANDS;
    Some(match command {
        Some(name) if db_commands.split(", ").any(|c| c == name) => format!(
            "--db goes after the command's name: goobalay {name} --db PATH|URL ... (the commands that use a database: {db_commands})"
        ),
        Some(name) => format!(
            "`goobalay {name}` uses no database, so it takes no --db (the commands that use one: {db_commands})"
        ),
        None => {
            format!("--db goes after the name of a command that uses a database: {db_commands}")
        }
    })
}

/// clap's usage error on one line: its message and details, without the usage block
/// (`goobalay COMMAND --help` shows that).
fn clap_one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if !line.is_empty() {
            parts.push(line.strip_prefix("error: ").unwrap_or(line));
        }
    }
    bounded(&format!("{} (see --help)", parts.join(" ")))
}
