//! Starting ratings and ratings per variant: what `player show` and `player list`
//! print of them (their options are in [`crate::args::ratings`]).

use std::collections::HashMap;
use std::io::Write;

use goobalay::app::StartingRatingRecord;
use tabled::{Table, Tabled, settings::Style};

use crate::db::local;

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
            let value = |r: &VariantRating| match (r.rating, r.deviation) {
                (None, _) => "unrated".to_string(),
                (Some(v), None) => format!("{v:.0}"),
                (Some(v), Some(d)) => format!("{v:.0} ± {d:.0}"),
            };
            let base = |r: &VariantRating| match &r.base {
                Some(b) => format!("from {}", describe(b)),
                None => "from 1500".to_string(),
            };
            // A variant never played, rated only by a starting rating for every
            // variant, is not listed on its own: one line says what they all hold.
            let unplayed = |r: &VariantRating| {
                r.history.is_empty() && r.base.as_ref().is_some_and(|b| b.variant.is_none())
            };
            for r in ratings.iter().filter(|r| !unplayed(r)) {
                writeln!(
                    out,
                    "    {:<15} {} ({}, {})",
                    r.variant,
                    value(r),
                    base(r),
                    crate::out::count(r.history.len() as u64, "rated match", "rated matches")
                )?;
            }
            let rest: Vec<&VariantRating> = ratings.iter().filter(|r| unplayed(r)).collect();
            if let Some(r) = rest.first() {
                let label = if rest.len() == ratings.len() {
                    "every variant"
                } else {
                    "other variants"
                };
                writeln!(
                    out,
                    "    {label:<15} {} ({}, no rated match yet)",
                    value(r),
                    base(r)
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
        let points: Vec<f64> = r
            .history
            .first()
            .map(|c| c.before)
            .into_iter()
            .chain(r.history.iter().map(|c| c.after))
            .collect();
        writeln!(
            out,
            "  chart: {} {:.0} to {:.0} (low {:.0}, high {:.0})",
            sparkline(&points, CHART_WIDTH),
            points[0],
            points[points.len() - 1],
            points.iter().copied().fold(f64::INFINITY, f64::min),
            points.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        )?;
        writeln!(out, "{}", Table::new(rows).with(Style::rounded()))?;
    }
    Ok(())
}

/// The most ratings a chart draws: a longer history shows its latest ones.
const CHART_WIDTH: usize = 60;

/// A rating's course in one line of block characters, lowest `▁` to highest `█`
/// (the latest `width` values; a flat course is drawn at mid height).
fn sparkline(values: &[f64], width: usize) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let shown = &values[values.len().saturating_sub(width)..];
    let low = shown.iter().copied().fold(f64::INFINITY, f64::min);
    let high = shown.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let bar = |v: f64| {
        if high - low < 0.5 {
            return BARS[3];
        }
        BARS[(((v - low) / (high - low)) * 7.0).round() as usize]
    };
    let line: String = shown.iter().map(|&v| bar(v)).collect();
    if shown.len() < values.len() {
        format!("…{line}")
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::sparkline;

    #[test]
    fn a_sparkline_runs_from_the_lowest_to_the_highest_rating() {
        assert_eq!(sparkline(&[1500.0, 1516.0, 1484.0, 1500.0], 60), "▅█▁▅");
        assert_eq!(sparkline(&[1500.0, 1500.0], 60), "▄▄");
        assert_eq!(sparkline(&[1.0, 2.0, 3.0], 2), "…▁█");
    }
}
