//! The tournament export as one self-contained HTML page (inline CSS, no scripts,
//! no external files): standings, prizes, crosstable and rounds, printing cleanly
//! (`@media print`). Presentation, so it lives here and not in the pure
//! tournament layer, whose string builders (CSV, JSON, Markdown, TRF) it shares
//! the rows and cells of.

use crate::tournament::Tournament;
use crate::tournament::export::{
    ExportFormat, Heading, cross_cell, name_of, prize_rows, requested_bye_text, result_text,
    round_requested_byes, seeds_text, summary_line,
};

/// The export in `format`, headed by `heading` (the TRF writes the event's details
/// in its own records, not these: see [`crate::tournament::export::trf_with`]).
pub(crate) fn export_with(t: &Tournament, format: ExportFormat, heading: &Heading) -> String {
    use crate::tournament::export as text;
    match format {
        ExportFormat::Csv => text::csv_headed(t, |_, _| text::BoardRecord::default(), heading),
        ExportFormat::Json => text::json_with(t, heading),
        ExportFormat::Markdown => text::markdown_with(t, heading),
        ExportFormat::Html => html_with(t, heading),
        ExportFormat::Trf => text::trf(t),
    }
}

const HTML_STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem auto;max-width:64rem;padding:0 1rem;color:#222}
h1{margin-bottom:.2rem}.meta{color:#555;margin-top:0}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-variant-numeric:tabular-nums}
th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:right}
th{background:#eee}td.name,th.name{text-align:left}td.c{text-align:center}
td.self{background:#ddd}tr.withdrawn td{color:#888}
section.round{break-inside:avoid}
@media print{body{margin:0;max-width:none;font-size:10pt}th{background:#eee!important;-webkit-print-color-adjust:exact;print-color-adjust:exact}h2{break-after:avoid}}";

/// The tournament as one self-contained HTML page (standings, crosstable, rounds),
/// for printing or a club's website, written with maud, which escapes every value
/// as the live pages are; with the event's details under the title and the prizes
/// after the standings, when given.
pub(crate) fn html_with(t: &Tournament, heading: &Heading) -> String {
    use maud::{DOCTYPE, PreEscaped, html};
    let event_lines = heading.event.heading();
    let prizes = prize_rows(&heading.prizes);
    let s = t.standings();
    let x = t.crosstable();
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (t.name()) }
                style { (PreEscaped(HTML_STYLE)) }
            }
            body {
                h1 { (t.name()) }
                p.meta { (summary_line(t)) }
                @for line in &event_lines { p.meta.event { (line) } }
                h2 { "Standings" }
                table {
                    thead {
                        tr {
                            th { "#" } th.name { "Name" } th { "Rating" } th { "Points" }
                            th { "Played" } th { "W" } th { "D" } th { "L" }
                            @for tb in &s.tiebreaks { th title=(tb.name()) { (tb.short()) } }
                        }
                    }
                    tbody {
                        @for r in &s.rows {
                            tr class=[r.withdrawn.then_some("withdrawn")] {
                                td { (r.place_text()) }
                                td.name { (r.name) @if r.withdrawn { " (withdrawn)" } }
                                td { (format!("{:.0}", r.rating)) }
                                td { (format!("{:#}", r.points)) }
                                td { (r.played) }
                                td { (r.wins) }
                                td { (r.draws) }
                                td { (r.losses) }
                                @for v in &r.tiebreaks { td { (format!("{v:#}")) } }
                            }
                        }
                    }
                }
                @if !prizes.is_empty() {
                    h2 { "Prizes" }
                    table.prizes {
                        thead {
                            tr {
                                th.name { "Prize" } th { "Value" } th.name { "Winner" }
                                th { "Place" } th { "Amount" }
                            }
                        }
                        tbody {
                            @for [prize, value, winner, place, amount] in &prizes {
                                tr {
                                    td.name { (prize) } td { (value) } td.name { (winner) }
                                    td { (place) } td { (amount) }
                                }
                            }
                        }
                    }
                }
                h2 { "Crosstable" }
                table {
                    thead {
                        tr {
                            th { "#" } th.name { "Name" }
                            @for p in &x.players { th { (p.position) } }
                            th { "Points" }
                        }
                    }
                    tbody {
                        @for (i, p) in x.players.iter().enumerate() {
                            tr {
                                td { (p.position) }
                                td.name { (p.name) }
                                @for j in 0..x.players.len() {
                                    @if i == j {
                                        td class="c self" {}
                                    } @else {
                                        td.c { (cross_cell(&x, i, j, false)) }
                                    }
                                }
                                td { (format!("{:#}", p.points)) }
                            }
                        }
                    }
                }
                h2 { "Rounds" }
                @for round in 1..=t.current_round() {
                    section.round {
                        h3 { "Round " (round) }
                        table {
                            thead {
                                tr {
                                    th { "Board" } th.name { "South (moves first)" } th { "Result" }
                                    th.name { "North" } th { "Seeds" }
                                }
                            }
                            tbody {
                                @for f in t.round_fixtures(round) {
                                    tr {
                                        td { (f.pairing.board) }
                                        td.name { (name_of(t, f.pairing.south)) }
                                        td.c { (result_text(&f)) }
                                        td.name {
                                            @match f.pairing.north {
                                                Some(n) => (name_of(t, n)),
                                                None => "—",
                                            }
                                        }
                                        td.c { (seeds_text(&f)) }
                                    }
                                }
                                @for b in round_requested_byes(t, round) {
                                    tr {
                                        td {}
                                        td.name { (name_of(t, b.player)) }
                                        td.c { (requested_bye_text(&b)) }
                                        td.name { "—" }
                                        td.c {}
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    let mut out = page.into_string();
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::html_with;

    #[test]
    fn html_escapes_names_and_is_self_contained() {
        let t = crate::tournament::export::tests::small();
        let html = html_with(&t, &Default::default());
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(html.contains("<title>Club &lt;Spring&gt; &quot;Open&quot;, 2026</title>"));
        assert!(html.contains("Ama, &quot;Kofi&quot; | &lt;b&gt;"));
        assert!(!html.contains("<b>"));
        assert!(html.contains("@media print"));
        // Self-contained: nothing fetched from elsewhere.
        for external in ["<script", "<link", "src=", "http"] {
            assert!(!html.contains(external), "{external}");
        }
        assert!(html.trim_end().ends_with("</html>"));
    }
}
