//! Starting ratings and rating systems: the options of `player add`, `player rate`,
//! `player show` and `tournament new`.

use clap::{Args, ValueEnum};
use goobalay::tournament::{RatingSource, RatingSystem, StartingRating};

use super::RecordFormat;

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
    pub format: RecordFormat,
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
