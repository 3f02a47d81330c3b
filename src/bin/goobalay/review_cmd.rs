//! `goobalay match review` and `goobalay tournament review`: the engine's review of
//! played matches, rendered (the review is `app::reviews`' and `goobalay::review`'s).

use std::path::PathBuf;
use std::process::ExitCode;

use goobalay::app::{
    ReviewOptions, ReviewedMatch, TournamentReviewEvent, review, review_tournament,
};
use goobalay::engine::Side;
use goobalay::review::{self, BLUNDER_SEEDS, INACCURACY_SEEDS, MISTAKE_SEEDS, seeds};
use goobalay::review::{Decision, DecisionKind, Summary};
use serde::Serialize;
use tabled::{Table, Tabled, settings::Style};

use crate::args::RecordFormat;
use crate::args::matches::ReviewArgs;
use crate::args::tournaments::ReviewArgs as TournamentReviewArgs;
use crate::db::{local, print_json, with_store};
use crate::out::{outln, progress_bar};

/// A decision as a person or a script reads it: seeds from the decider's side.
#[derive(Serialize)]
struct DecisionOut {
    hand: u32,
    kind: DecisionKind,
    player: Side,
    /// What was played: a hole number, `pass`, or a row (`3,1,1,1,2,4`).
    #[serde(rename = "move")]
    played: String,
    /// The position's value: the best choice's, in seeds (the hand's final seed
    /// difference, as `solve` counts it).
    value: f64,
    best: String,
    /// The played choice's value.
    played_value: f64,
    /// Seeds lost: `value - played_value`.
    loss: f64,
    mark: Option<review::Mark>,
    /// The only legal move (left out of the figures).
    forced: bool,
    exact: bool,
}

impl DecisionOut {
    fn of(d: &Decision) -> DecisionOut {
        DecisionOut {
            hand: d.hand,
            kind: d.kind,
            player: d.player,
            played: d.played.clone(),
            value: seeds(d.best_value),
            best: d.best.clone(),
            played_value: seeds(d.played_value),
            loss: seeds(d.loss()),
            mark: d.mark(),
            forced: d.forced(),
            exact: d.exact,
        }
    }
}

#[derive(Serialize)]
struct PlayerOut<'a> {
    name: &'a str,
    #[serde(flatten)]
    summary: Summary,
}

#[derive(Tabled)]
struct DecisionRow {
    hand: u32,
    player: String,
    #[tabled(rename = "move")]
    played: String,
    value: String,
    best: String,
    loss: String,
    mark: String,
}

#[derive(Tabled)]
struct SummaryRow {
    player: String,
    decisions: u32,
    #[tabled(rename = "average loss")]
    average_loss: String,
    accuracy: String,
    inaccuracies: u32,
    mistakes: u32,
    blunders: u32,
}

fn figure(value: Option<f64>, suffix: &str) -> String {
    value.map_or("-".to_string(), |v| format!("{v:.1}{suffix}"))
}

pub fn match_review(db: Option<PathBuf>, a: ReviewArgs) -> anyhow::Result<ExitCode> {
    let options = ReviewOptions {
        nodes: a.nodes,
        again: a.again,
    };
    let reviewed = with_store(db, async |store| {
        let mut bar = None;
        let result = review(store, a.id, options, |done, total| {
            let bar = bar.get_or_insert_with(|| progress_bar(u64::from(total), "decisions"));
            bar.set_position(u64::from(done));
        })
        .await;
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        Ok(result?)
    })?;
    print_review(&reviewed, a.format)?;
    Ok(ExitCode::SUCCESS)
}

fn print_review(reviewed: &ReviewedMatch, format: RecordFormat) -> anyhow::Result<()> {
    let row = &reviewed.row;
    let stored = &reviewed.review;
    let review = &stored.review;
    let names = |side: Side| match side {
        Side::South => row.south.as_str(),
        Side::North => row.north.as_str(),
    };
    if format == RecordFormat::Json {
        let players: serde_json::Map<String, serde_json::Value> = Side::BOTH
            .iter()
            .map(|&side| {
                let player = PlayerOut {
                    name: names(side),
                    summary: review.summary(side),
                };
                Ok((side.name().to_string(), serde_json::to_value(player)?))
            })
            .collect::<anyhow::Result<_>>()?;
        let mut hands: Vec<serde_json::Value> = Vec::new();
        for hand in reviewed.state.hands() {
            let decisions: Vec<DecisionOut> = review
                .decisions
                .iter()
                .filter(|d| d.hand == hand.number)
                .map(DecisionOut::of)
                .collect();
            hands.push(serde_json::json!({ "hand": hand.number, "decisions": decisions }));
        }
        print_json(&serde_json::json!({
            "match": row.id,
            "variant": row.variant,
            "south": row.south,
            "north": row.north,
            "engine_version": review.engine_version,
            "nodes": review.nodes,
            "reviewed_at": stored.reviewed_at,
            "made_now": reviewed.made_now,
            "thresholds": {
                "inaccuracy": INACCURACY_SEEDS,
                "mistake": MISTAKE_SEEDS,
                "blunder": BLUNDER_SEEDS,
            },
            "players": players,
            "hands": hands,
        }))?;
        return Ok(());
    }
    outln!(
        "match {}: {} (south) v {} (north), {}",
        row.id,
        row.south,
        row.north,
        row.variant
    );
    outln!(
        "reviewed {} by engine version {} at {} nodes a position{}",
        local(stored.reviewed_at),
        review.engine_version,
        review.nodes,
        if reviewed.made_now {
            ""
        } else {
            " (stored; --again reviews anew)"
        }
    );
    outln!(
        "values and losses in seeds from the mover's side; marks: inaccuracy ?! from {INACCURACY_SEEDS}, mistake ? from {MISTAKE_SEEDS}, blunder ?? from {BLUNDER_SEEDS} seeds lost; = exact"
    );
    let rows: Vec<DecisionRow> = review
        .decisions
        .iter()
        .map(|d| DecisionRow {
            hand: d.hand,
            player: format!("{} ({})", names(d.player), d.player),
            played: match d.kind {
                DecisionKind::Move => d.played.clone(),
                DecisionKind::Arrangement => format!("arrange {}", d.played),
            },
            value: format!(
                "{}{:+.2}",
                if d.exact { "=" } else { "" },
                seeds(d.best_value)
            ),
            best: if d.forced() {
                "(forced)".to_string()
            } else {
                d.best.clone()
            },
            loss: format!("{:.2}", seeds(d.loss())),
            mark: d
                .mark()
                .map_or(String::new(), |m| format!("{} {}", m.name(), m.symbol())),
        })
        .collect();
    outln!("{}", Table::new(rows).with(Style::rounded()));
    let summaries: Vec<SummaryRow> = Side::BOTH
        .iter()
        .map(|&side| {
            let s = review.summary(side);
            SummaryRow {
                player: format!("{} ({})", names(side), side),
                decisions: s.decisions,
                average_loss: figure(s.average_loss, ""),
                accuracy: figure(s.accuracy, "%"),
                inaccuracies: s.inaccuracies,
                mistakes: s.mistakes,
                blunders: s.blunders,
            }
        })
        .collect();
    outln!("{}", Table::new(summaries).with(Style::rounded()));
    outln!(
        "accuracy: the mean over a player's decisions with a choice of 100 x 2^(-loss/{}) percent",
        review::ACCURACY_HALVING_SEEDS
    );
    Ok(())
}

pub fn tournament_review(db: Option<PathBuf>, a: TournamentReviewArgs) -> anyhow::Result<ExitCode> {
    let options = ReviewOptions {
        nodes: a.nodes,
        again: a.again,
    };
    let started = std::time::Instant::now();
    let (name, report) = with_store(db, async |store| {
        let mut bar = None;
        let mut name = String::new();
        let result = review_tournament(store, &a.name, options, a.jobs, |event| match event {
            TournamentReviewEvent::Started {
                name: recorded,
                to_review,
                ..
            } => {
                name = recorded;
                bar = Some(progress_bar(to_review as u64, "matches reviewed"));
            }
            TournamentReviewEvent::Stored { .. } => {
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            }
        })
        .await;
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        Ok((name, result?))
    })?;
    let seconds = started.elapsed().as_secs_f64();
    if a.format == RecordFormat::Json {
        print_json(&serde_json::json!({
            "tournament": name,
            "reviewed": report.reviewed,
            "already_reviewed": report.already,
            "nodes": a.nodes,
            "jobs": a.jobs,
            "seconds": seconds,
        }))?;
    } else {
        outln!(
            "{name}: {} reviewed in {seconds:.1} s ({} reviewed before, kept) at {} nodes a position on {} threads",
            crate::out::count(report.reviewed as u64, "match", "matches"),
            report.already,
            a.nodes,
            a.jobs
        );
    }
    Ok(ExitCode::SUCCESS)
}
