//! `goobalay player ...`: add, list, show, rate, rename, retire.

use goobalay::tournament::CsvWriter;
use std::io::Write;

use crate::out::outln;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use goobalay::ai::Level;
use goobalay::app::Player;
use goobalay::app::StartingRatingRecord;
use tabled::{Table, Tabled, settings::Style};

use crate::args::players::{
    AddArgs, DetailArgs, ImportArgs, ListArgs, PlayerCommand, RenameArgs, RetireArgs, SetArgs,
    ShowArgs,
};
use crate::args::ratings::RateArgs;
use crate::args::{Format, RecordFormat};
use crate::db::{local, print_json, with_store, with_store_read};
use goobalay::app::players;
use goobalay::tournament::PlayerDetails;

#[derive(Tabled)]
struct PlayerRow {
    id: i64,
    name: String,
    club: String,
    kind: String,
    #[tabled(rename = "starting rating")]
    starting_rating: String,
    added: String,
    status: String,
}

impl PlayerRow {
    fn new(p: &Player, starts: &[StartingRatingRecord]) -> PlayerRow {
        PlayerRow {
            id: p.id,
            name: p.name.clone(),
            club: p.club.clone().unwrap_or_default(),
            kind: kind(p),
            starting_rating: starts
                .iter()
                .map(crate::ratings_cmd::describe)
                .collect::<Vec<_>>()
                .join("; "),
            added: local(p.created_at),
            status: match p.retired_at {
                Some(t) => format!("retired {}", local(t)),
                None => "active".to_string(),
            },
        }
    }
}

fn kind(p: &Player) -> String {
    match &p.engine {
        Some(level) => format!("engine ({level})"),
        None => "human".to_string(),
    }
}

pub fn run(db: Option<PathBuf>, command: PlayerCommand) -> anyhow::Result<ExitCode> {
    match command {
        PlayerCommand::Add(a) => add(db, a),
        PlayerCommand::Rate(a) => rate(db, a),
        PlayerCommand::List(a) => list(db, a),
        PlayerCommand::Show(a) => show(db, a),
        PlayerCommand::Rename(a) => rename(db, a),
        PlayerCommand::Set(a) => set_details(db, a),
        PlayerCommand::Import(a) => import_members(db, a),
        PlayerCommand::Retire(a) => retire(db, a),
    }
}

fn add(db: Option<PathBuf>, a: AddArgs) -> anyhow::Result<ExitCode> {
    let engine = a
        .engine
        .as_deref()
        .map(Level::parse)
        .transpose()
        .context("--engine")?;
    let start = a.start.starting_rating()?;
    let details = details_of(&a.details)?;
    let (player, record) = with_store(db, async |store| {
        Ok(players::add(
            store,
            &a.name,
            a.club.as_deref(),
            engine,
            start.as_ref(),
            &details,
        )
        .await?)
    })?;
    match (a.format, record) {
        (RecordFormat::Table, Some(r)) => {
            print_player(&player, a.format, "added")?;
            outln!("  starting rating {}", crate::ratings_cmd::describe(&r));
            Ok(ExitCode::SUCCESS)
        }
        (RecordFormat::Json, Some(r)) => {
            print_json(&serde_json::json!({"player": player, "starting_rating": r}))?;
            Ok(ExitCode::SUCCESS)
        }
        (_, None) => print_player(&player, a.format, "added"),
    }
}

fn rate(db: Option<PathBuf>, a: RateArgs) -> anyhow::Result<ExitCode> {
    let start = a.starting_rating()?;
    let (player, record) = with_store(db, async |store| {
        Ok(players::rate(store, &a.name, &start).await?)
    })?;
    match a.format {
        RecordFormat::Json => print_json(&serde_json::json!({
            "player": player,
            "starting_rating": record,
        }))?,
        RecordFormat::Table => outln!(
            "starting rating {} entered for {} (id {})",
            crate::ratings_cmd::describe(&record),
            player.name,
            player.id
        ),
    }
    Ok(ExitCode::SUCCESS)
}

fn list(db: Option<PathBuf>, a: ListArgs) -> anyhow::Result<ExitCode> {
    let listed = with_store_read(db, async |store| Ok(players::list(store, a.all).await?))?;
    let mut out = crate::out::stdout();
    match a.format {
        Format::Json => print_json(
            &listed
                .iter()
                .map(|l| {
                    let mut v = serde_json::to_value(&l.player)?;
                    v["starting_ratings"] = serde_json::to_value(&l.starting_ratings)?;
                    if !l.details.is_empty() {
                        v["details"] = serde_json::to_value(&l.details)?;
                    }
                    Ok(v)
                })
                .collect::<Result<Vec<_>, serde_json::Error>>()?,
        )?,
        Format::Csv => {
            let mut w = CsvWriter::new([
                "id",
                "name",
                "club",
                "engine",
                "starting_rating",
                "created_at",
                "retired_at",
                "federation",
                "sex",
                "born",
                "national_id",
            ]);
            for l in &listed {
                let (p, d) = (&l.player, &l.details);
                let starts: Vec<String> = l
                    .starting_ratings
                    .iter()
                    .map(crate::ratings_cmd::describe)
                    .collect();
                w.row([
                    p.id.to_string(),
                    p.name.clone(),
                    p.club.clone().unwrap_or_default(),
                    p.engine.clone().unwrap_or_default(),
                    starts.join("; "),
                    p.created_at.to_rfc3339(),
                    p.retired_at.map(|t| t.to_rfc3339()).unwrap_or_default(),
                    d.federation.clone().unwrap_or_default(),
                    d.sex.map(|s| s.code().to_string()).unwrap_or_default(),
                    d.born.map(|b| b.to_string()).unwrap_or_default(),
                    d.id.clone().unwrap_or_default(),
                ]);
            }
            write!(out, "{}", w.finish())?;
        }
        Format::Table if listed.is_empty() => {
            writeln!(
                out,
                "no players{} (`goobalay player add NAME` adds one)",
                if a.all {
                    ""
                } else {
                    " in play; `--all` lists retired ones too"
                }
            )?;
        }
        Format::Table => {
            let rows: Vec<PlayerRow> = listed
                .iter()
                .map(|l| PlayerRow::new(&l.player, &l.starting_ratings))
                .collect();
            writeln!(out, "{}", Table::new(rows).with(Style::rounded()))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn show(db: Option<PathBuf>, a: ShowArgs) -> anyhow::Result<ExitCode> {
    let system = a.rating_system.into();
    let card = with_store_read(db, async |store| {
        Ok(players::card_by_name(store, &a.name, system).await?)
    })?;
    let tally = card.tally();
    let players::PlayerCard {
        player,
        matches,
        rating,
        rating_history: history,
        ratings: per_variant,
        starting_ratings: starts,
        details,
    } = card;
    let names: std::collections::HashMap<i64, String> = matches
        .iter()
        .flat_map(|m| [(m.south_id, m.south.clone()), (m.north_id, m.north.clone())])
        .collect();
    if a.format == RecordFormat::Json {
        print_json(&serde_json::json!({
            "player": player,
            "matches": tally,
            // Elo over every match of every variant, as before ratings were
            // kept per variant (it seeds only tournaments made before then).
            "rating": rating,
            "rating_history": history,
            "ratings": per_variant,
            "starting_ratings": starts,
            "details": details,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = crate::out::stdout();
    writeln!(out, "{} (id {})", player.name, player.id)?;
    writeln!(out, "  kind:    {}", kind(&player))?;
    if let Some(club) = &player.club {
        writeln!(out, "  club:    {club}")?;
    }
    print_details(&mut out, &details)?;
    writeln!(out, "  added:   {}", local(player.created_at))?;
    if let Some(t) = player.retired_at {
        writeln!(out, "  retired: {}", local(t))?;
    }
    crate::ratings_cmd::print(&mut out, &per_variant, &starts)?;
    writeln!(out, "  matches: {} ({})", matches.len(), tally.words())?;
    crate::ratings_cmd::print_history(&mut out, &per_variant, &names)?;
    Ok(ExitCode::SUCCESS)
}

fn rename(db: Option<PathBuf>, a: RenameArgs) -> anyhow::Result<ExitCode> {
    let player = with_store(db, async |store| {
        Ok(players::rename(store, &a.old, &a.new).await?)
    })?;
    print_player(&player, a.format, "renamed")
}

fn set_details(db: Option<PathBuf>, a: SetArgs) -> anyhow::Result<ExitCode> {
    let change = details_of(&a.details)?;
    let (player, details) = with_store(db, async |store| {
        Ok(players::set_details(store, &a.name, &change).await?)
    })?;
    match a.format {
        RecordFormat::Json => {
            print_json(&serde_json::json!({"player": player, "details": details}))?
        }
        RecordFormat::Table => outln!(
            "{} (id {}): {}",
            player.name,
            player.id,
            if details.is_empty() {
                "no details".to_string()
            } else {
                details.words()
            }
        ),
    }
    Ok(ExitCode::SUCCESS)
}

fn import_members(db: Option<PathBuf>, a: ImportArgs) -> anyhow::Result<ExitCode> {
    let text = crate::files::read_input(&a.file, "member list")?;
    let file = a.file.display().to_string();
    // Read and checked before any database is opened (or created).
    goobalay::app::members::read(&file, &text)?;
    let report = with_store(db, async |store| {
        Ok(goobalay::app::members::import(store, &file, &text).await?)
    })?;
    if a.format == RecordFormat::Json {
        print_json(&report)?;
        return Ok(ExitCode::SUCCESS);
    }
    for (line, name) in &report.already_recorded {
        outln!("line {line}: {name} is a player already; left as recorded");
    }
    outln!(
        "{file}: {} added, {} already recorded",
        crate::out::count(report.added.len() as u64, "player", "players"),
        report.already_recorded.len()
    );
    Ok(ExitCode::SUCCESS)
}

fn retire(db: Option<PathBuf>, a: RetireArgs) -> anyhow::Result<ExitCode> {
    let player = with_store(db, async |store| Ok(players::retire(store, &a.name).await?))?;
    print_player(&player, a.format, "retired")
}

/// The details given to `player add` or `player set`, each checked.
fn details_of(a: &DetailArgs) -> anyhow::Result<PlayerDetails> {
    Ok(PlayerDetails {
        federation: a
            .federation
            .as_deref()
            .map(PlayerDetails::federation)
            .transpose()
            .context("--federation")?,
        sex: a
            .sex
            .as_deref()
            .map(PlayerDetails::sex)
            .transpose()
            .context("--sex")?,
        born: a
            .born
            .as_deref()
            .map(str::parse)
            .transpose()
            .context("--born")?,
        id: a
            .id
            .as_deref()
            .map(PlayerDetails::id)
            .transpose()
            .context("--id")?,
    })
}

/// A player card's details, one line each (those given).
fn print_details(out: &mut impl Write, d: &PlayerDetails) -> std::io::Result<()> {
    if let Some(f) = &d.federation {
        writeln!(out, "  federation: {f}")?;
    }
    if let Some(s) = d.sex {
        writeln!(out, "  sex:     {}", s.code())?;
    }
    if let Some(b) = d.born {
        writeln!(out, "  born:    {b}")?;
    }
    if let Some(id) = &d.id {
        writeln!(out, "  id:      {id}")?;
    }
    Ok(())
}

fn print_player(player: &Player, format: RecordFormat, what: &str) -> anyhow::Result<ExitCode> {
    match format {
        RecordFormat::Json => print_json(player)?,
        RecordFormat::Table => outln!(
            "{what} player {} (id {}, {})",
            player.name,
            player.id,
            kind(player)
        ),
    }
    Ok(ExitCode::SUCCESS)
}
