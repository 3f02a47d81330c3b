//! `goobalay player ...`: add, list, show, rename, retire.

use std::io::Write;

use crate::out::outln;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use goobalay::ai::Level;
use goobalay::store::{HistoryFilter, Player};
use tabled::{Table, Tabled, settings::Style};

use crate::args::{Format, RecordFormat};
use crate::db::{csv_field, local, print_json, with_store, with_store_read};

#[derive(Subcommand, Debug)]
pub enum PlayerCommand {
    /// Add a player (a human, or an engine player with --engine LEVEL).
    Add(AddArgs),
    /// List the players (retired ones with --all).
    List(ListArgs),
    /// A player's details and match record.
    Show(ShowArgs),
    /// Rename a player (their matches follow).
    Rename(RenameArgs),
    /// Retire a player: kept in history, no new matches.
    Retire(RetireArgs),
}

#[derive(Args, Debug)]
pub struct AddArgs {
    pub name: String,
    #[arg(long)]
    pub club: Option<String>,
    /// Make this an engine player of the given level (random, greedy, ...).
    #[arg(long, value_name = "LEVEL")]
    pub engine: Option<String>,
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ListArgs {
    /// Include retired players.
    #[arg(long)]
    pub all: bool,
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    pub name: String,
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct RenameArgs {
    pub old: String,
    pub new: String,
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct RetireArgs {
    pub name: String,
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Tabled)]
struct PlayerRow {
    id: i64,
    name: String,
    club: String,
    kind: String,
    added: String,
    status: String,
}

impl From<&Player> for PlayerRow {
    fn from(p: &Player) -> PlayerRow {
        PlayerRow {
            id: p.id,
            name: p.name.clone(),
            club: p.club.clone().unwrap_or_default(),
            kind: kind(p),
            added: local(p.created_at),
            status: match p.retired_at {
                Some(t) => format!("retired {}", local(t)),
                None => "active".to_string(),
            },
        }
    }
}

#[derive(Tabled)]
struct RatingRow {
    #[tabled(rename = "match")]
    r#match: i64,
    opponent: String,
    score: String,
    before: String,
    change: String,
    after: String,
}

fn kind(p: &Player) -> String {
    match &p.engine {
        Some(level) => format!("engine ({level})"),
        None => "human".to_string(),
    }
}

pub fn run(db: Option<PathBuf>, command: PlayerCommand) -> anyhow::Result<ExitCode> {
    match command {
        PlayerCommand::Add(a) => {
            let engine = a
                .engine
                .as_deref()
                .map(Level::parse)
                .transpose()
                .context("--engine")?;
            let player = with_store(db, async |store| {
                Ok(store.add_player(&a.name, a.club.as_deref(), engine).await?)
            })?;
            print_player(&player, a.format, "added")
        }
        PlayerCommand::List(a) => {
            let players = with_store_read(db, async |store| Ok(store.players(a.all).await?))?;
            let mut out = crate::out::stdout();
            match a.format {
                Format::Json => print_json(&players)?,
                Format::Csv => {
                    writeln!(out, "id,name,club,engine,created_at,retired_at")?;
                    for p in &players {
                        writeln!(
                            out,
                            "{},{},{},{},{},{}",
                            p.id,
                            csv_field(&p.name),
                            csv_field(p.club.as_deref().unwrap_or("")),
                            p.engine.as_deref().unwrap_or(""),
                            p.created_at.to_rfc3339(),
                            p.retired_at.map(|t| t.to_rfc3339()).unwrap_or_default()
                        )?;
                    }
                }
                Format::Table => {
                    let rows: Vec<PlayerRow> = players.iter().map(PlayerRow::from).collect();
                    writeln!(out, "{}", Table::new(rows).with(Style::rounded()))?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        PlayerCommand::Show(a) => {
            let (player, matches, rating, history) = with_store_read(db, async |store| {
                let player = store.require_player(&a.name).await?;
                let (ratings, changes) = store.ratings().await?;
                let rating = ratings.get(&player.id).copied();
                let history = goobalay::tournament::ratings::history_of(&changes, player.id);
                let matches = store
                    .history(&HistoryFilter {
                        player: Some(player.name.clone()),
                        ..HistoryFilter::default()
                    })
                    .await?;
                Ok((player, matches, rating, history))
            })?;
            let names: std::collections::HashMap<i64, String> = matches
                .iter()
                .flat_map(|m| [(m.south_id, m.south.clone()), (m.north_id, m.north.clone())])
                .collect();
            let (mut won, mut drawn, mut lost, mut playing) = (0, 0, 0, 0);
            for m in &matches {
                let side = if m.south_id == player.id {
                    "south"
                } else {
                    "north"
                };
                match m.winner.as_deref() {
                    None => playing += 1,
                    Some("draw") => drawn += 1,
                    Some(w) if w == side => won += 1,
                    Some(_) => lost += 1,
                }
            }
            if a.format == RecordFormat::Json {
                print_json(&serde_json::json!({
                    "player": player,
                    "matches": {"won": won, "drawn": drawn, "lost": lost, "playing": playing},
                    "rating": rating,
                    "rating_history": history,
                }))?;
                return Ok(ExitCode::SUCCESS);
            }
            let mut out = crate::out::stdout();
            writeln!(out, "{} (id {})", player.name, player.id)?;
            writeln!(out, "  kind:    {}", kind(&player))?;
            if let Some(club) = &player.club {
                writeln!(out, "  club:    {club}")?;
            }
            writeln!(out, "  added:   {}", local(player.created_at))?;
            if let Some(t) = player.retired_at {
                writeln!(out, "  retired: {}", local(t))?;
            }
            match rating {
                Some(r) => writeln!(
                    out,
                    "  rating:  {r:.0} (Elo from {} rated match(es))",
                    history.len()
                )?,
                None => writeln!(out, "  rating:  unrated (no finished match yet)")?,
            }
            writeln!(
                out,
                "  matches: {} (won {won}, drawn {drawn}, lost {lost}, in play {playing})",
                matches.len()
            )?;
            if !history.is_empty() {
                let rows: Vec<RatingRow> = history
                    .iter()
                    .map(|c| RatingRow {
                        r#match: c.key,
                        opponent: names.get(&c.opponent).cloned().unwrap_or_default(),
                        score: match c.score {
                            s if s >= 1.0 => "won".to_string(),
                            s if s <= 0.0 => "lost".to_string(),
                            _ => "drawn".to_string(),
                        },
                        before: format!("{:.0}", c.before),
                        change: format!("{:+.1}", c.delta()),
                        after: format!("{:.0}", c.after),
                    })
                    .collect();
                writeln!(out, "Rating history (oldest first):")?;
                writeln!(out, "{}", Table::new(rows).with(Style::rounded()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        PlayerCommand::Rename(a) => {
            let player = with_store(db, async |store| {
                Ok(store.rename_player(&a.old, &a.new).await?)
            })?;
            print_player(&player, a.format, "renamed")
        }
        PlayerCommand::Retire(a) => {
            let player = with_store(db, async |store| Ok(store.retire_player(&a.name).await?))?;
            print_player(&player, a.format, "retired")
        }
    }
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
