//! Starting ratings and ratings per variant: the options of `player add` and
//! `player rate`, and what `player show` and `player list` print of them.

use std::collections::HashMap;
use std::io::Write;

use clap::{Args, ValueEnum};

use goobalay::store::ratings::StartingRatingRecord;
use goobalay::tournament::{RatingSource, RatingSystem, StartingRating};
use tabled::{Table, Tabled, settings::Style};

use crate::db::local;

/// `--rating-source`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SourceArg {
    #[default]
    Club,
    National,
}

impl From<SourceArg> for RatingSource {
    fn from(s: SourceArg) -> RatingSource {
        match s {
            SourceArg::Club => RatingSource::Club,
            SourceArg::National => RatingSource::National,
        }
    }
}

/// `--rating-system`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SystemArg {
    #[default]
    Elo,
    Glicko2,
}

impl From<SystemArg> for RatingSystem {
    fn from(s: SystemArg) -> RatingSystem {
        match s {
            SystemArg::Elo => RatingSystem::Elo,
            SystemArg::Glicko2 => RatingSystem::Glicko2,
        }
    }
}

/// A starting rating on `player add` (all optional there).
#[derive(Args, Debug)]
pub struct StartArgs {
    /// A starting rating, 0 to 4000 (Elo scale): the player's rating in the variant(s)
    /// before any match, which seeds them.
    #[arg(long, value_name = "R", value_parser = parse_rating, allow_hyphen_values = true)]
    pub rating: Option<f64>,
    /// Where the rating comes from: club (the default) or national.
    #[arg(long, value_enum, requires = "rating")]
    pub rating_source: Option<SourceArg>,
    /// The variant it is for: a preset (layli-goobalay, tampoduo, ...) or all (every
    /// variant, custom rule sets included; the default).
    #[arg(long, value_name = "V", value_parser = parse_variant, requires = "rating")]
    pub variant: Option<String>,
}

impl StartArgs {
    pub fn starting_rating(&self) -> anyhow::Result<Option<StartingRating>> {
        self.rating
            .map(|r| start(r, self.rating_source, self.variant.as_deref()))
            .transpose()
    }
}

/// `player rate`: a starting rating for an existing player.
#[derive(Args, Debug)]
pub struct RateArgs {
    /// The player's name.
    pub name: String,
    /// The starting rating, 0 to 4000 (Elo scale).
    #[arg(long, value_name = "R", value_parser = parse_rating, allow_hyphen_values = true)]
    pub rating: f64,
    /// Where the rating comes from: club (the default) or national.
    #[arg(long, value_enum)]
    pub rating_source: Option<SourceArg>,
    /// The variant it is for: a preset or all (every variant; the default).
    #[arg(long, value_name = "V", value_parser = parse_variant)]
    pub variant: Option<String>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: crate::args::RecordFormat,
}

impl RateArgs {
    pub fn starting_rating(&self) -> anyhow::Result<StartingRating> {
        start(self.rating, self.rating_source, self.variant.as_deref())
    }
}

fn start(
    rating: f64,
    source: Option<SourceArg>,
    variant: Option<&str>,
) -> anyhow::Result<StartingRating> {
    Ok(StartingRating::new(
        rating,
        source.unwrap_or_default().into(),
        variant,
    )?)
}

fn parse_rating(text: &str) -> Result<f64, String> {
    StartingRating::parse_rating(text).map_err(|e| e.to_string())
}

/// A preset's name (aliases allowed) or `all`, as stored.
fn parse_variant(text: &str) -> Result<String, String> {
    StartingRating::new(0.0, RatingSource::Club, Some(text))
        .map(|s| s.variant.unwrap_or_else(|| "all".to_string()))
        .map_err(|e| e.to_string())
}

/// "1800 (club, every variant)".
pub fn describe(r: &StartingRatingRecord) -> String {
    format!(
        "{} ({}, {})",
        r.rating,
        r.source.name(),
        r.variant.as_deref().unwrap_or("every variant")
    )
}

pub use goobalay::app::players::VariantRating;

#[derive(Tabled)]
struct HistoryRow {
    #[tabled(rename = "match")]
    r#match: i64,
    opponent: String,
    score: String,
    before: String,
    change: String,
    after: String,
}

/// `player show`'s ratings: one line per variant, then the starting ratings entered.
pub fn print(
    out: &mut impl Write,
    ratings: &[VariantRating],
    starts: &[StartingRatingRecord],
) -> anyhow::Result<()> {
    match ratings.first() {
        None => writeln!(
            out,
            "  rating:  unrated (no starting rating, no finished match)"
        )?,
        Some(first) => {
            writeln!(out, "  ratings ({}, per variant):", first.system.label())?;
            for r in ratings {
                let value = match (r.rating, r.deviation) {
                    (None, _) => "unrated".to_string(),
                    (Some(v), None) => format!("{v:.0}"),
                    (Some(v), Some(d)) => format!("{v:.0} ± {d:.0}"),
                };
                let base = match &r.base {
                    Some(b) => format!("from {}", describe(b)),
                    None => "from 1500".to_string(),
                };
                writeln!(
                    out,
                    "    {:<15} {value} ({base}, {})",
                    r.variant,
                    crate::out::count(r.history.len() as u64, "rated match", "rated matches")
                )?;
            }
        }
    }
    if !starts.is_empty() {
        writeln!(
            out,
            "  starting ratings entered (oldest first; the newest for a variant, or for every variant, is its base):"
        )?;
        for s in starts {
            writeln!(out, "    {}  {}", local(s.entered_at), describe(s))?;
        }
    }
    Ok(())
}

/// `player show`'s rating history of each variant, after the match count.
pub fn print_history(
    out: &mut impl Write,
    ratings: &[VariantRating],
    names: &HashMap<i64, String>,
) -> anyhow::Result<()> {
    for r in ratings.iter().filter(|r| !r.history.is_empty()) {
        let rows: Vec<HistoryRow> = r
            .history
            .iter()
            .map(|c| HistoryRow {
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
        writeln!(
            out,
            "Rating history, {} ({}, oldest first):",
            r.variant,
            r.system.label()
        )?;
        writeln!(out, "{}", Table::new(rows).with(Style::rounded()))?;
    }
    Ok(())
}
