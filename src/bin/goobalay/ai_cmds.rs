//! Commands over the AI: analyse, solve, arena, bench-search.

use goobalay::tournament::CsvWriter;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::bail;
use goobalay::ai::ExactTable;
use goobalay::ai::arena::{self, ArenaConfig};
use goobalay::ai::{Limits, MAX_DEPTH, SCALE, Searcher};
use goobalay::ai::{SolveLimits, Solver};
use goobalay::engine::{Side, Variant};
use goobalay::matches::{MatchForm, MatchSpec, arena_match};
use serde::Serialize;
use tabled::{Table, Tabled, settings::Style};

use crate::args::ai::{AnalyseArgs, ArenaArgs, BenchSearchArgs, SolveArgs};
use crate::args::{Format, load_rule_file, preset};
use crate::db::write_csv;
use crate::moves::play_moves;

fn seeds(value: i32) -> f64 {
    value as f64 / SCALE as f64
}

#[derive(Serialize, Tabled)]
struct MoveValue {
    #[serde(rename = "move")]
    #[tabled(rename = "move")]
    mv: String,
    /// Final seed difference for the side to move (estimated at the horizon).
    value: f64,
    #[tabled(rename = "best")]
    #[serde(skip)]
    mark: &'static str,
}

#[derive(Serialize)]
struct AnalyseOut {
    to_move: Side,
    best: String,
    value: f64,
    depth: u32,
    exact: bool,
    nodes: u64,
    seconds: f64,
    moves: Vec<MoveValue>,
}

pub fn analyse(args: AnalyseArgs) -> anyhow::Result<ExitCode> {
    let variant = args.variant.load()?;
    let mut game = args.start.game(&variant)?;
    play_moves(&mut game, &args.moves, |_| Ok(()))?;
    if game.is_over() {
        bail!("the game is over; there is no move to analyse");
    }
    if args.depth == 0 || args.depth > MAX_DEPTH {
        bail!(
            "--depth {} is out of range; allowed: 1 to {MAX_DEPTH}",
            args.depth
        );
    }
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes.unwrap_or(u64::MAX),
        time: None,
    };
    let mut searcher = Searcher::new(args.nodes.unwrap_or(4_000_000));
    let a = searcher.analyse(&game, &limits);
    if a.depth == 0 {
        bail!("--nodes {} is too few to finish even depth 1", limits.nodes);
    }
    let n = variant.rules.holes_per_row;
    let (best, best_value) = a
        .moves
        .iter()
        .fold(None, |acc: Option<(_, i32)>, &(m, v)| match acc {
            Some((_, bv)) if bv >= v => acc,
            _ => Some((m, v)),
        })
        .expect("a legal move");
    let out = AnalyseOut {
        to_move: game.to_move(),
        best: best.notation(n),
        value: seeds(best_value),
        depth: a.depth,
        exact: a.exact,
        nodes: a.nodes,
        seconds: a.elapsed.as_secs_f64(),
        moves: a
            .moves
            .iter()
            .map(|&(m, v)| MoveValue {
                mv: m.notation(n),
                value: seeds(v),
                mark: if v == best_value { "*" } else { "" },
            })
            .collect(),
    };
    let mut w = crate::out::stdout();
    match args.format {
        Format::Json => writeln!(w, "{}", serde_json::to_string(&out)?)?,
        Format::Csv => write_csv(&mut w, &out.moves)?,
        Format::Table => {
            writeln!(w, "{}", Table::new(&out.moves).with(Style::rounded()))?;
            writeln!(
                w,
                "best {} (value {:+.2} seeds for {}), depth {}{}, {} nodes in {:.2} s",
                out.best,
                out.value,
                out.to_move,
                out.depth,
                if out.exact { ", exact" } else { "" },
                out.nodes,
                out.seconds
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Most games of one `arena` series (each game's record is kept for the report).
const MAX_ARENA_GAMES: u32 = 1_000_000;

/// `solve`'s node budget when neither --max-nodes nor --seconds is given: a large
/// game (Layli Goobalay, Sadeqa) would otherwise run for ever.
const DEFAULT_SOLVE_NODES: u64 = 100_000_000;

/// Longest `solve --seconds`: a year (a deadline further off overflows the clock).
const MAX_SOLVE_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

#[derive(Serialize)]
struct SolveOut {
    to_move: Side,
    /// Final seed difference for the side to move under perfect play.
    value: i32,
    /// Final scores [south, north] under perfect play.
    score: [u32; 2],
    winner: Option<Side>,
    best: Vec<String>,
    moves: Vec<SolvedMove>,
    nodes: u64,
    seconds: f64,
    table_entries: usize,
}

#[derive(Serialize, Tabled)]
struct SolvedMove {
    #[serde(rename = "move")]
    #[tabled(rename = "move")]
    mv: String,
    value: i32,
}

pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let variant: Variant = match (&args.variant, &args.rules) {
        (Some(name), None) => preset(name)?,
        (None, Some(path)) => load_rule_file(path)?,
        _ => bail!("give a variant name or --rules FILE"),
    };
    let mut game = args.start.game(&variant)?;
    play_moves(&mut game, &args.moves, |_| Ok(()))?;
    if game.is_over() {
        bail!("the game is over; there is nothing to solve");
    }
    let time = match args.seconds {
        // Not echoed: 1e300 would print 301 digits.
        Some(s) if !(s.is_finite() && s > 0.0 && s <= MAX_SOLVE_SECONDS) => {
            bail!(
                "--seconds is out of range; allowed: more than 0, at most {MAX_SOLVE_SECONDS} (a year)"
            )
        }
        s => s.map(Duration::from_secs_f64),
    };
    let limits = SolveLimits {
        nodes: args.max_nodes.unwrap_or(if time.is_some() {
            u64::MAX
        } else {
            DEFAULT_SOLVE_NODES
        }),
        time,
        ..SolveLimits::default()
    };
    let s = match ExactTable::new(game.position()) {
        // Small boards: every position reachable valued first (bounds that hold for
        // any history), then the game searched with its history within them.
        Ok(mut table) => {
            let started = Instant::now();
            let deadline = limits.time.map(|t| started + t);
            let bar = crate::out::spinner("valuing the reachable positions");
            let roots = ExactTable::roots_for(game.position());
            // Each position valued counts as a node of the budget.
            let built = table.extend(&roots, &mut |reached| {
                bar.set_message(format!("{reached} positions"));
                reached <= limits.nodes && deadline.is_none_or(|d| Instant::now() < d)
            });
            bar.finish_and_clear();
            if !built {
                return Err(goobalay::ai::SolveError::Budget {
                    nodes: table.stats().positions,
                    seconds: started.elapsed().as_secs_f64(),
                }
                .into());
            }
            let spinner = crate::out::spinner("solving");
            let limits = SolveLimits {
                time: limits.time.map(|t| t.saturating_sub(started.elapsed())),
                ..limits
            };
            let s = table.solve(&game, &limits, true);
            spinner.finish_and_clear();
            let mut s = s?;
            s.elapsed = started.elapsed();
            s
        }
        Err(_) => {
            let mut solver = Solver::new();
            let spinner = crate::out::spinner("solving");
            let s = solver.solve(&game, &limits, true);
            spinner.finish_and_clear();
            s?
        }
    };
    let me = game.to_move();
    let total = game.position().seeds_in_play() as i32;
    let mine = ((total + s.value) / 2) as u32;
    let theirs = total as u32 - mine;
    let mut score = [0; 2];
    score[me.index()] = mine;
    score[(!me).index()] = theirs;
    let n = variant.rules.holes_per_row;
    let out = SolveOut {
        to_move: me,
        value: s.value,
        score,
        winner: match s.value.signum() {
            1 => Some(me),
            -1 => Some(!me),
            _ => None,
        },
        best: s
            .moves
            .iter()
            .filter(|(_, v)| *v == s.value)
            .map(|(m, _)| m.notation(n))
            .collect(),
        moves: s
            .moves
            .iter()
            .map(|&(m, v)| SolvedMove {
                mv: m.notation(n),
                value: v,
            })
            .collect(),
        nodes: s.nodes,
        seconds: s.elapsed.as_secs_f64(),
        table_entries: s.table_entries,
    };
    let mut w = crate::out::stdout();
    match args.format {
        Format::Json => writeln!(w, "{}", serde_json::to_string(&out)?)?,
        Format::Csv => write_csv(&mut w, &out.moves)?,
        Format::Table => {
            writeln!(w, "{}", Table::new(&out.moves).with(Style::rounded()))?;
            let result = match out.winner {
                Some(side) => format!("{side} wins"),
                None => "draw".to_string(),
            };
            writeln!(
                w,
                "value {:+} for {} (final score south {} - north {}: {result}); best: {}",
                out.value,
                out.to_move,
                out.score[0],
                out.score[1],
                out.best.join(" ")
            )?;
            writeln!(
                w,
                "{} nodes, {} table positions, {:.2} s",
                out.nodes, out.table_entries, out.seconds
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Tabled)]
struct ArenaRow {
    a: String,
    b: String,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    score: String,
    elo: String,
}

pub fn arena(args: ArenaArgs) -> anyhow::Result<ExitCode> {
    let variant = args.variant.load()?;
    if args.games == 0 || args.games > MAX_ARENA_GAMES {
        bail!(
            "--games {} is out of range; allowed: 1 to {MAX_ARENA_GAMES}",
            args.games
        );
    }
    if args.jobs == 0 || args.jobs > 256 {
        bail!("--jobs {} is out of range; allowed: 1 to 256", args.jobs);
    }
    let form = MatchForm::parse(&args.form)?;
    if form != MatchForm::Single
        && (args.nodes_a.is_some() || args.nodes_b.is_some() || args.opening_plies > 0)
    {
        bail!("--nodes-a, --nodes-b and --opening-plies apply only to --form single, not '{form}'");
    }
    let spec = MatchSpec::new(&variant, form, args.max_hands, Side::South)?;
    let config = ArenaConfig {
        rules: variant.rules,
        a: args.a,
        b: args.b,
        nodes_a: args.nodes_a,
        nodes_b: args.nodes_b,
        strength_a: None,
        strength_b: None,
        games: args.games,
        seed: args.seed,
        opening_plies: args.opening_plies,
        jobs: args.jobs,
    };
    let started = Instant::now();
    let bar = crate::out::progress_bar(u64::from(args.games), "games");
    let mut r = arena::run_with(config.games, config.jobs, |i| {
        let record = if form == MatchForm::Single {
            arena::play_one(&config, i)
        } else {
            arena_match(&spec, args.a, args.b, args.seed, i)
        };
        bar.inc(1);
        record
    });
    bar.finish_and_clear();
    let hands = r.games.iter().map(|g| g.hands).sum::<u32>() as f64 / r.games.len() as f64;
    let seconds = started.elapsed().as_secs_f64();
    let mut w = crate::out::stdout();
    match args.format {
        Format::Json => {
            if !args.per_game {
                r.games.clear();
            }
            let mut v = serde_json::to_value(&r)?;
            let obj = v.as_object_mut().expect("object");
            obj.insert("variant".into(), variant.name.clone().into());
            obj.insert("a".into(), args.a.name().into());
            obj.insert("b".into(), args.b.name().into());
            obj.insert("games_played".into(), args.games.into());
            obj.insert("seed".into(), args.seed.into());
            obj.insert("form".into(), form.name().into());
            obj.insert("hands_per_game".into(), hands.into());
            obj.insert("seconds".into(), seconds.into());
            if args.per_game {
                let games = obj.remove("games").expect("games");
                obj.insert("games".into(), games);
            } else {
                obj.remove("games");
            }
            writeln!(w, "{}", serde_json::to_string(&v)?)?;
        }
        Format::Csv => {
            let mut csv = CsvWriter::new([
                "variant",
                "form",
                "a",
                "b",
                "games",
                "wins",
                "draws",
                "losses",
                "score",
                "elo",
                "elo_margin",
                "seed",
                "hands_per_game",
            ]);
            csv.row([
                variant.name.to_string(),
                form.to_string(),
                args.a.to_string(),
                args.b.to_string(),
                args.games.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
                format!("{:.4}", r.score),
                format!("{:.1}", r.elo),
                format!("{:.1}", r.elo_margin),
                args.seed.to_string(),
                format!("{hands:.2}"),
            ]);
            write!(w, "{}", csv.finish())?;
        }
        Format::Table => {
            let row = ArenaRow {
                a: args.a.to_string(),
                b: args.b.to_string(),
                games: args.games,
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
                score: format!("{:.1}%", 100.0 * r.score),
                elo: format!("{:+.0} ± {:.0}", r.elo, r.elo_margin),
            };
            writeln!(w, "{}", Table::new([row]).with(Style::rounded()))?;
            if form != MatchForm::Single {
                writeln!(
                    w,
                    "each game is a '{form}' match ({hands:.1} hands on average; A is South in the even-numbered ones, South moves first in hand 1)"
                )?;
            }
            writeln!(
                w,
                "{}: wins/draws/losses from {}'s side (a draw scores 1/2); Elo 95% interval; seed {}; {:.1} s",
                variant.name, args.a, args.seed, seconds
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize, Tabled)]
struct BenchRow {
    variant: String,
    positions: u32,
    nodes: u64,
    seconds: f64,
    nodes_per_sec: u64,
    avg_depth: f64,
}

pub fn bench_search(args: BenchSearchArgs) -> anyhow::Result<ExitCode> {
    let variants = match (&args.variant, &args.rules) {
        (Some(name), None) => vec![preset(name)?],
        (None, Some(path)) => vec![load_rule_file(path)?],
        _ => Variant::presets(),
    };
    if args.nodes == 0 || args.positions == 0 {
        bail!("--nodes and --positions must be at least 1");
    }
    let mut rows = Vec::new();
    for v in variants {
        let mut searcher = Searcher::new(args.nodes);
        let (mut nodes, mut secs, mut depth, mut count) = (0u64, 0f64, 0u64, 0u32);
        for i in 0..args.positions {
            let game = arena::opening(v.rules, 0xBE4C, i, if i == 0 { 0 } else { 4 });
            if game.is_over() {
                continue;
            }
            // CPU time of this thread where the system tells it, as `bench` counts:
            // on a shared machine wall time measures the other programs too.
            let cpu_began = crate::bench_cmd::thread_cpu_time();
            let r = searcher.search(&game, &Limits::nodes(args.nodes), None);
            let spent = match (cpu_began, crate::bench_cmd::thread_cpu_time()) {
                (Some(a), Some(b)) if b > a => b - a,
                _ => r.elapsed,
            };
            nodes += r.nodes;
            secs += spent.as_secs_f64();
            depth += r.depth as u64;
            count += 1;
        }
        rows.push(BenchRow {
            variant: v.name,
            positions: count,
            nodes,
            seconds: (secs * 1000.0).round() / 1000.0,
            nodes_per_sec: (nodes as f64 / secs.max(1e-9)) as u64,
            avg_depth: (depth as f64 / count.max(1) as f64 * 10.0).round() / 10.0,
        });
    }
    let mut w = crate::out::stdout();
    match args.format {
        Format::Json => writeln!(w, "{}", serde_json::to_string(&rows)?)?,
        Format::Csv => write_csv(&mut w, &rows)?,
        Format::Table => writeln!(w, "{}", Table::new(&rows).with(Style::rounded()))?,
    }
    Ok(ExitCode::SUCCESS)
}
