//! The `goobalay` command: clap commands over the library's use cases (`app`), with
//! the front ends' presentation: the terminal's tables and the web pages (`serve/`).

mod ai_cmds;
mod args;
mod bench_cmd;
mod db;
mod db_cmd;
mod demo_cmd;
mod draw;
mod engine_cmds;
mod exit;
mod files;
mod hints;
mod history_cmd;
mod i18n;
mod match_cmd;
mod moves;
mod out;
mod players_cmd;
mod ratings_cmd;
mod report_slip;
mod review_cmd;
mod serve;
mod table_cache;
mod tournament_cmd;
mod verify_cmd;

use std::io::Write;
use std::process::ExitCode;

use args::{Cli, Command};
use exit::{EXIT_ERROR, bounded, one_line};

fn main() -> ExitCode {
    // Exact tables built on first use (Modiar's for `perfect`, the review's endgame
    // tables) show their progress on a terminal.
    goobalay::ai::show_progress_with(out::table_progress);
    // And are kept for the next process (a cache folder, see `table_cache`).
    goobalay::ai::keep_tables_with(table_cache::FILES);
    let words = db_after_command(std::env::args_os().collect());
    let cli = match parse(&words) {
        Ok(parsed) => parsed,
        Err(e) if !e.use_stderr() => {
            let _ = e.print(); // --help, --version
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let line = misplaced_db(&e, &words).unwrap_or_else(|| clap_one_line(&e));
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

/// `Cli::try_parse_from`, keeping the command tree to the end of the process: it is
/// freed then at no cost, where freeing its hundreds of arguments now would cost a
/// small command a twentieth of its time.
fn parse(words: &[std::ffi::OsString]) -> Result<Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let mut command = Cli::command();
    let parsed = command
        .try_get_matches_from_mut(words)
        .and_then(|mut matches| {
            // As clap's derive formats an error of this step: against a fresh tree.
            Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut Cli::command()))
        });
    std::mem::forget(command);
    parsed
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

/// The words with a `--db` given before the command's name (`goobalay --db club.db
/// player list`, as most command-line tools take a global option) moved to just after
/// it, where clap takes it; a command that uses no database then refuses it. Only the
/// options before the first word that is not an option are looked at, so a value such
/// as a player called `--db` later on is never moved.
fn db_after_command(words: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut leading = Vec::new();
    let mut rest = words.into_iter();
    let program = rest.next();
    let mut moved = Vec::new();
    let mut command = None;
    while let Some(word) = rest.next() {
        let text = word.to_string_lossy();
        if text == "--db" {
            moved.push(word);
            moved.extend(rest.next());
        } else if text.starts_with("--db=") {
            moved.push(word);
        } else if text.starts_with('-') {
            leading.push(word);
        } else {
            command = Some(word);
            break;
        }
    }
    program
        .into_iter()
        .chain(leading)
        .chain(command.into_iter().chain(moved))
        .chain(rest)
        .collect()
}

/// `--db` on a command that uses no database: which commands take it.
fn misplaced_db(e: &clap::Error, words: &[std::ffi::OsString]) -> Option<String> {
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
    let command = words.iter().skip(1).find_map(|word| {
        let word = word.to_string_lossy();
        cli.get_subcommands()
            .find(|c| c.get_name() == word || c.get_all_aliases().any(|a| a == word))
            .map(|c| c.get_name().to_string())
    });
    let db_commands = args::DB_COMMANDS;
    Some(match command {
        Some(name) => format!(
            "`goobalay {name}` uses no database, so it takes no --db (the commands that use one: {db_commands})"
        ),
        None => {
            format!("--db goes with a command that uses a database: {db_commands}")
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

#[cfg(test)]
mod tests {
    use super::db_after_command;

    fn moved(words: &[&str]) -> Vec<String> {
        db_after_command(words.iter().map(Into::into).collect())
            .into_iter()
            .map(|w| w.into_string().unwrap())
            .collect()
    }

    #[test]
    fn db_before_the_command_goes_just_after_its_name() {
        assert_eq!(
            moved(&["goobalay", "--db", "club.db", "player", "list"]),
            ["goobalay", "player", "--db", "club.db", "list"]
        );
        assert_eq!(
            moved(&["goobalay", "--db=club.db", "history", "--player", "Amina"]),
            ["goobalay", "history", "--db=club.db", "--player", "Amina"]
        );
        // Only the options before the command's name are moved.
        assert_eq!(
            moved(&["goobalay", "player", "add", "--db", "x"]),
            ["goobalay", "player", "add", "--db", "x"]
        );
        assert_eq!(
            moved(&["goobalay", "--db", "x", "match", "new", "--south", "--db"]),
            ["goobalay", "match", "--db", "x", "new", "--south", "--db"]
        );
        assert_eq!(moved(&["goobalay", "--db"]), ["goobalay", "--db"]);
        assert_eq!(moved(&["goobalay", "--version"]), ["goobalay", "--version"]);
    }
}
