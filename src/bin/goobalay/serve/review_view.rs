//! The engine review on the web pages (issue 37): the value over each hand as an SVG
//! made here, the moves with their losses and best moves (the replay board marks
//! them, from the review's JSON), and each player's accuracy per match. Only shown:
//! a page never searches (`goobalay match review` / `tournament review` make reviews).

use goobalay::app::{MatchRow, StoredReview};
use goobalay::engine::Side;
use goobalay::matches::HandReplay;
use goobalay::review::seeds;
use goobalay::review::{DecisionKind, Review};
use maud::{Markup, html};

use super::lang::Lang;
use crate::i18n::{args, count};

/// A mark's name in the page's language (its class stays the English id).
fn mark_word(lang: Lang, mark: goobalay::review::Mark) -> String {
    use goobalay::review::Mark;
    lang.t(match mark {
        Mark::Inaccuracy => "mark-inaccuracy",
        Mark::Mistake => "mark-mistake",
        Mark::Blunder => "mark-blunder",
    })
}

/// The value of hand `hand` over its moves, from South's side: a line from the
/// first position to the last (the hand's final seed difference), 0 dashed, South
/// above. `None`: the hand has no reviewed move.
pub fn value_graph(lang: Lang, review: &Review, hand: &HandReplay) -> Option<Markup> {
    let mut values: Vec<f64> = review
        .south_values(hand.number)
        .into_iter()
        .map(seeds)
        .collect();
    if values.is_empty() {
        return None;
    }
    if let Some(score) = hand.score {
        values.push(f64::from(score.south) - f64::from(score.north));
    }
    let (w, h, pad) = (600.0_f64, 160.0_f64, 8.0_f64);
    let top = values.iter().fold(1.0_f64, |m, v| m.max(v.abs()));
    let step = (w - 2.0 * pad) / (values.len().max(2) - 1) as f64;
    let y = |v: f64| h / 2.0 - v / top * (h / 2.0 - pad);
    let points: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", pad + i as f64 * step, y(*v)))
        .collect();
    let marked: Vec<(f64, f64, goobalay::review::Mark)> = review
        .moves_of(hand.number)
        .enumerate()
        .filter_map(|(i, d)| {
            let mark = d.mark()?;
            Some((pad + i as f64 * step, y(values[i]), mark))
        })
        .collect();
    let last = values[values.len() - 1];
    Some(html! {
        figure.chart.review-graph {
            svg viewBox={ "0 0 " (w) " " (h) } role="img"
                aria-label=(lang.ta("review-graph-label", &args!["hand" => hand.number])) {
                rect x="0" y="0" width=(w) height=(h / 2.0) class="south-half" {}
                line x1=(pad) y1=(h / 2.0) x2=(w - pad) y2=(h / 2.0) class="zero" {}
                polyline points=(points.join(" ")) fill="none" stroke="currentColor" stroke-width="2" {}
                @for (cx, cy, mark) in &marked {
                    circle cx=(format!("{cx:.1}")) cy=(format!("{cy:.1}")) r="4" class=(mark.name()) {
                        title { (mark_word(lang, *mark)) }
                    }
                }
            }
            figcaption {
                (lang.ta("review-graph-caption", &args![
                    "hand" => hand.number,
                    "moves" => count((values.len() - 1) as i64),
                    "start" => lang.number(&format!("{:+.1}", values[0])),
                    "end" => lang.number(&format!("{last:+.1}")),
                ]))
            }
        }
    })
}

/// The review's moves by hand, for the replay's script: for each hand (by number),
/// each move's loss, mark and best move, in the order played.
pub fn replay_marks(review: &Review) -> serde_json::Value {
    let mut hands = serde_json::Map::new();
    for d in &review.decisions {
        if d.kind != DecisionKind::Move {
            continue;
        }
        let entry = hands
            .entry(d.hand.to_string())
            .or_insert_with(|| serde_json::Value::Array(Vec::new()));
        if let serde_json::Value::Array(moves) = entry {
            moves.push(serde_json::json!({
                "player": d.player,
                "move": d.played,
                "best": d.best,
                "value": seeds(d.best_value),
                "loss": seeds(d.loss()),
                "mark": d.mark().map(|m| m.name()),
                "forced": d.forced(),
            }));
        }
    }
    serde_json::Value::Object(hands)
}

fn accuracy_text(lang: Lang, review: &Review, side: Side) -> String {
    let s = review.summary(side);
    match (s.accuracy, s.average_loss) {
        (Some(a), Some(l)) => lang.ta(
            "review-accuracy",
            &args![
                "accuracy" => lang.number(&format!("{a:.1}")),
                "loss" => lang.number(&format!("{l:.2}")),
                "inaccuracies" => count(s.inaccuracies as i64),
                "mistakes" => count(s.mistakes as i64),
                "blunders" => count(s.blunders as i64),
            ],
        ),
        _ => lang.t("review-no-choice"),
    }
}

/// The match page's review section: who played how well, a graph per hand, and
/// each hand's moves with their losses (or a word on how to make a review).
pub fn review_section(
    lang: Lang,
    row: &MatchRow,
    hands: &[HandReplay],
    stored: Option<&StoredReview>,
) -> Markup {
    let Some(stored) = stored else {
        return html! {
            section #review {
                h2 { (lang.t("review-title")) }
                p.small { (super::lang::with_markup(lang, "review-not-yet", args![], "command", html! { code { "goobalay match review " (row.id) } })) }
            }
        };
    };
    let review = &stored.review;
    let name = |side: Side| match side {
        Side::South => row.south.as_str(),
        Side::North => row.north.as_str(),
    };
    html! {
        section #review {
            h2 { (lang.t("review-title")) }
            p.small {
                (lang.ta("review-engine", &args!["version" => review.engine_version.to_string(), "nodes" => review.nodes.to_string()])) " "
                (lang.t("review-loss"))
            }
            ul {
                @for side in Side::BOTH {
                    li { strong { (name(side)) } " (" (if side == Side::South { lang.t("side-south") } else { lang.t("side-north") }) "): " (accuracy_text(lang, review, side)) }
                }
            }
            @for hand in hands {
                @if let Some(graph) = value_graph(lang, review, hand) {
                    h3 { (lang.ta("review-hand", &args!["hand" => hand.number])) }
                    (graph)
                    @let arrangements: Vec<_> = review.decisions.iter()
                        .filter(|d| d.hand == hand.number && d.kind == DecisionKind::Arrangement).collect();
                    @if !arrangements.is_empty() {
                        p.small { @for d in &arrangements {
                            (lang.ta("review-arranged", &args!["name" => name(d.player), "played" => d.played.to_string(), "loss" => lang.number(&format!("{:.2}", seeds(d.loss())))]))
                            @if d.best != d.played { " " (lang.ta("review-best-found", &args!["best" => d.best.to_string()])) } ". "
                        } }
                    }
                    div.scroll { table.review-moves {
                        thead { tr { th.num { "#" } th { (lang.t("col-player")) } th { (lang.t("col-move")) } th { (lang.t("col-best")) } th.num { (lang.t("col-value-mover")) } th.num { (lang.t("col-loss")) } th { (lang.t("col-mark")) } } }
                        tbody { @for (i, d) in review.moves_of(hand.number).enumerate() {
                            @let mark = d.mark();
                            tr class=[mark.map(|m| m.name())] {
                                td.num { (i + 1) } td { (name(d.player)) } td { (d.played) }
                                td { @if d.forced() { (lang.t("review-forced")) } @else { (d.best) } }
                                td.num { (lang.number(&format!("{:+.1}", seeds(d.best_value)))) }
                                td.num { (lang.number(&format!("{:.1}", seeds(d.loss())))) }
                                td { @if let Some(m) = mark { (mark_word(lang, m)) " " (m.symbol()) } }
                            }
                        } }
                    } }
                }
            }
        }
    }
}

/// The player page's section: their accuracy in each reviewed match.
pub fn accuracy_section(lang: Lang, player: i64, reviewed: &[(MatchRow, StoredReview)]) -> Markup {
    if reviewed.is_empty() {
        return html! {};
    }
    html! {
        section #accuracy {
            h2 { (lang.t("accuracy-title")) }
            div.scroll { table {
                thead { tr { th { (lang.t("col-match")) } th { (lang.t("col-opponent")) } th.num { (lang.t("col-accuracy")) } th.num { (lang.t("col-average-loss")) } th.num { (lang.t("col-inaccuracies")) } th.num { (lang.t("col-mistakes")) } th.num { (lang.t("col-blunders")) } } }
                tbody { @for (m, stored) in reviewed {
                    @let side = if m.south_id == player { Side::South } else { Side::North };
                    @let s = stored.review.summary(side);
                    tr {
                        td { a href={ "/matches/" (m.id) } { (lang.ta("match-number", &args!["match" => m.id])) } }
                        td { @if side == Side::South { (m.north) } @else { (m.south) } }
                        td.num { @if let Some(a) = s.accuracy { (lang.ta("percent", &args!["value" => lang.number(&format!("{a:.1}"))])) } @else { "–" } }
                        td.num { @if let Some(l) = s.average_loss { (lang.number(&format!("{l:.2}"))) } @else { "–" } }
                        td.num { (s.inaccuracies) } td.num { (s.mistakes) } td.num { (s.blunders) }
                    }
                } }
            } }
        }
    }
}
