//! Commands over the rules engine alone: variants, rules, trace, perft, show.

use goobalay::tournament::CsvWriter;
use std::io::Write;

use crate::out::out;
use std::process::ExitCode;

use anyhow::Context;
use goobalay::engine::TraceLine;
use goobalay::engine::{Game, Variant, perft as count_perft};
use tabled::{Table, Tabled, settings::Style};

use crate::args::{
    Format, PerftArgs, RulesArgs, ShowArgs, TraceArgs, VariantsArgs, load_rule_file, preset,
};
use crate::draw;
use crate::exit::{EXIT_ERROR, one_line};
use crate::moves::play_moves;

#[derive(Tabled, serde::Serialize)]
struct VariantRow {
    variant: String,
    board: String,
    seeds: String,
    summary: String,
}

pub fn variants(args: VariantsArgs) -> anyhow::Result<ExitCode> {
    let rows: Vec<VariantRow> = Variant::presets()
        .into_iter()
        .map(|v| VariantRow {
            board: format!("2x{}", v.rules.holes_per_row),
            seeds: format!(
                "{} x {} = {}",
                v.rules.holes(),
                v.rules.seeds_per_hole,
                v.rules.total_seeds()
            ),
            summary: match v.other_names().collect::<Vec<_>>().join(", ") {
                none if none.is_empty() => v.summary.clone(),
                others => format!("{} (also: {others})", v.summary),
            },
            variant: v.name,
        })
        .collect();
    let mut out = crate::out::stdout();
    match args.format {
        Format::Table => writeln!(out, "{}", Table::new(&rows).with(Style::rounded()))?,
        Format::Json => writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?,
        Format::Csv => {
            let mut w = CsvWriter::new(["variant", "board", "seeds", "summary"]);
            for r in &rows {
                w.row([
                    r.variant.to_string(),
                    r.board.to_string(),
                    r.seeds.to_string(),
                    r.summary.to_string(),
                ]);
            }
            write!(out, "{}", w.finish())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn rules(args: RulesArgs) -> anyhow::Result<ExitCode> {
    let variant = match (&args.variant, &args.rules) {
        (Some(name), None) => preset(name)?,
        (None, Some(path)) => load_rule_file(path)?,
        _ => anyhow::bail!("give a variant name or --rules FILE"),
    };
    let mut out = crate::out::stdout();
    if args.toml {
        write!(
            out,
            "{}",
            toml::to_string(&variant.to_file()).context("cannot write the rule set as TOML")?
        )?;
    } else {
        writeln!(
            out,
            "{}{}",
            variant.name,
            if variant.summary.is_empty() {
                String::new()
            } else {
                format!(": {}", variant.summary)
            }
        )?;
        for line in variant.describe() {
            writeln!(out, "- {line}")?;
        }
        let form = goobalay::matches::MatchForm::default_for(&variant.name);
        for line in form.describe(&variant) {
            writeln!(out, "- {line}")?;
        }
        if form != goobalay::matches::MatchForm::Hands {
            writeln!(
                out,
                "- (Also played as a multi-hand match: `match new --form hands`; `goobalay rules layli-goobalay` explains it.)"
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn trace(args: TraceArgs) -> anyhow::Result<ExitCode> {
    let variant = args.variant.load()?;
    let mut game = args.start.game(&variant)?;
    let mut out = crate::out::stdout();
    let mut line = |g: &Game| -> anyhow::Result<()> {
        serde_json::to_writer(&mut out, &TraceLine::of_game(g))?;
        writeln!(out)?;
        Ok(())
    };
    line(&game)?;
    if let Err(e) = play_moves(&mut game, &args.moves, line) {
        let _ = std::io::stdout().flush();
        eprintln!("goobalay: {}", one_line(&e));
        return Ok(ExitCode::from(EXIT_ERROR));
    }
    Ok(ExitCode::SUCCESS)
}

pub fn perft(args: PerftArgs) -> anyhow::Result<ExitCode> {
    // Deeper counts would run for years: refuse them rather than hang.
    const MAX_DEPTH: u32 = 40;
    if args.depth > MAX_DEPTH {
        anyhow::bail!(
            "--depth {} is too deep; allowed: 0 to {MAX_DEPTH}",
            args.depth
        );
    }
    let variant = args.variant.load()?;
    let game = args.start.game(&variant)?;
    let mut out = crate::out::stdout();
    if args.divide && args.depth > 0 {
        let n = variant.rules.holes_per_row;
        for m in game.legal_moves() {
            let mut child = game.clone();
            child.play_unchecked(m);
            writeln!(
                out,
                "{}: {}",
                m.notation(n),
                count_perft(&child, args.depth - 1)
            )?;
        }
    }
    writeln!(out, "{}", count_perft(&game, args.depth))?;
    Ok(ExitCode::SUCCESS)
}

pub fn show(args: ShowArgs) -> anyhow::Result<ExitCode> {
    let variant = args.variant.load()?;
    let mut game = args.start.game(&variant)?;
    play_moves(&mut game, &args.moves, |_| Ok(()))?;
    out!("{}", draw::board(game.position()));
    Ok(ExitCode::SUCCESS)
}
