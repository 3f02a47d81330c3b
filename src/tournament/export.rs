//! Exports: pure string builders over a [`Tournament`].
//!
//! - `csv`: one row per board (round, board, both players, result, seeds), the raw
//!   record; [`standings_csv`] and [`crosstable_csv`] give the tables.
//! - `json`: everything (settings, entrants, fixtures, standings, crosstable).
//! - `markdown`: standings, crosstable and rounds as Markdown tables.
//! - `html`: one self-contained page (inline CSS, no scripts, no external files) with
//!   the standings, crosstable and rounds; prints cleanly (`@media print`).
//! - `trf`: FIDE's Tournament Report File, 2026 edition (see [`trf`]).

use std::fmt::Write;
use std::str::FromStr;

use serde::Serialize;

use super::{Crosstable, Decision, Entrant, Fixture, Format, Points, Standings, Tournament};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Json,
    Markdown,
    Html,
    Trf,
}

impl ExportFormat {
    pub const ALL: [ExportFormat; 5] = [
        ExportFormat::Csv,
        ExportFormat::Json,
        ExportFormat::Markdown,
        ExportFormat::Html,
        ExportFormat::Trf,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            ExportFormat::Csv => "csv",
            ExportFormat::Json => "json",
            ExportFormat::Markdown => "markdown",
            ExportFormat::Html => "html",
            ExportFormat::Trf => "trf",
        }
    }

    /// The usual file extension.
    pub const fn extension(self) -> &'static str {
        match self {
            ExportFormat::Markdown => "md",
            other => other.name(),
        }
    }
}

impl FromStr for ExportFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "md" => return Ok(ExportFormat::Markdown),
            "htm" => return Ok(ExportFormat::Html),
            _ => {}
        }
        ExportFormat::ALL
            .into_iter()
            .find(|f| f.name() == t)
            .ok_or_else(|| {
                format!("unknown export format {s:?}; expected csv, json, markdown, html or trf")
            })
    }
}

/// The export in `format`.
pub fn export(t: &Tournament, format: ExportFormat) -> String {
    match format {
        ExportFormat::Csv => csv(t),
        ExportFormat::Json => json(t),
        ExportFormat::Markdown => markdown(t),
        ExportFormat::Html => html(t),
        ExportFormat::Trf => trf(t),
    }
}

fn name_of(t: &Tournament, id: i64) -> String {
    t.entrant(id)
        .map(|e| e.name.clone())
        .unwrap_or_else(|| format!("#{id}"))
}

fn sorted_fixtures(t: &Tournament) -> Vec<Fixture> {
    let mut v = t.fixtures.clone();
    v.sort_by_key(|f| (f.pairing.round, f.pairing.board));
    v
}

/// `1-0`, `0-1`, `½-½`, `bye`, `*` (pending), South's points first; a forfeit as TRF
/// marks it, South first: `+:-` (North absent), `-:+` (South absent), `-:-` (both).
pub fn result_text(f: &Fixture) -> &'static str {
    match (f.pairing.north, f.result) {
        (None, _) => "bye",
        (Some(_), None) => "*",
        (Some(_), Some(r)) if r.forfeit.is_some() => match r.forfeit {
            Some(crate::matches::Absent::North) => "+:-",
            Some(crate::matches::Absent::South) => "-:+",
            _ => "-:-",
        },
        (Some(_), Some(r)) => match r.decision {
            Decision::South => "1-0",
            Decision::North => "0-1",
            Decision::Draw => "½-½",
        },
    }
}

/// A text field of a CSV file: quoted when needed (RFC 4180), and defused against
/// CSV injection as OWASP advises: a field starting with `=`, `+`, `-`, `@`, a tab
/// or a carriage return (a spreadsheet would run `=HYPERLINK(...)` as a formula) is
/// prefixed with a single quote, and quoted.
pub fn csv_field(s: &str) -> String {
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("\"'{}\"", s.replace('"', "\"\""))
    } else if s.contains([',', '"', '\n', '\r']) || s.starts_with(' ') || s.ends_with(' ') {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The text of a bye outside the pairing, as listed with a round's boards.
pub fn requested_bye_text(b: &super::RequestedBye) -> &'static str {
    match b.points {
        super::ByePoints::Half => "half-point bye",
        super::ByePoints::Zero => "zero-point bye",
    }
}

/// The byes outside the pairing recorded in `round`, by player.
fn round_requested_byes(t: &Tournament, round: u32) -> Vec<super::RequestedBye> {
    let mut v: Vec<super::RequestedBye> = t
        .recorded_byes()
        .filter(|b| b.round == round)
        .copied()
        .collect();
    v.sort_by_key(|b| b.player);
    v
}

/// One row per board; a forfeit's `winner` is `forfeit:ABSENT` (`south`, `north`,
/// `both`) and its seeds empty; then a row per bye outside the pairing (no board,
/// winner `half-point bye` or `zero-point bye`).
pub fn csv(t: &Tournament) -> String {
    let mut out = String::from(
        "round,board,south_id,south,north_id,north,result,winner,south_seeds,north_seeds\n",
    );
    for f in sorted_fixtures(t) {
        let p = f.pairing;
        let (winner, ss, ns) = match f.result {
            Some(r) if r.forfeit.is_some() => (
                match r.forfeit {
                    Some(crate::matches::Absent::South) => "forfeit:south",
                    Some(crate::matches::Absent::North) => "forfeit:north",
                    _ => "forfeit:both",
                },
                String::new(),
                String::new(),
            ),
            Some(r) => (
                match r.decision {
                    Decision::South => "south",
                    Decision::North => "north",
                    Decision::Draw => "draw",
                },
                r.seeds.south.to_string(),
                r.seeds.north.to_string(),
            ),
            None if p.is_bye() => ("bye", String::new(), String::new()),
            None => ("", String::new(), String::new()),
        };
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{}",
            p.round,
            p.board,
            p.south,
            csv_field(&name_of(t, p.south)),
            p.north.map(|n| n.to_string()).unwrap_or_default(),
            p.north
                .map(|n| csv_field(&name_of(t, n)))
                .unwrap_or_default(),
            csv_field(&result_text(&f).replace('½', "1/2")),
            winner,
            ss,
            ns
        );
    }
    for round in 1..=t.current_round() {
        for b in round_requested_byes(t, round) {
            let _ = writeln!(
                out,
                "{round},,{},{},,,bye,{},,",
                b.player,
                csv_field(&name_of(t, b.player)),
                requested_bye_text(&b)
            );
        }
    }
    out
}

pub fn standings_csv(s: &Standings) -> String {
    let mut out = String::from("position,name,rating,points,played,wins,draws,losses,byes");
    // Prefixed: the `wins` tiebreak would otherwise share a column name with the wins.
    for tb in &s.tiebreaks {
        out.push_str(",tiebreak:");
        out.push_str(tb.name());
    }
    out.push_str(",shared,withdrawn\n");
    for r in &s.rows {
        let _ = write!(
            out,
            "{},{},{:.0},{},{},{},{},{},{}",
            r.position,
            csv_field(&r.name),
            r.rating,
            r.points,
            r.played,
            r.wins,
            r.draws,
            r.losses,
            r.byes
        );
        for v in &r.tiebreaks {
            let _ = write!(
                out,
                ",{}",
                if v.value.is_some() {
                    v.to_string()
                } else {
                    String::new()
                }
            );
        }
        let _ = writeln!(out, ",{},{}", r.shared, r.withdrawn);
    }
    out
}

/// Cell text for player i against player j: the results in round order, `x` on the
/// diagonal.
fn cross_cell(x: &Crosstable, i: usize, j: usize, ascii: bool) -> String {
    if i == j {
        return "x".to_string();
    }
    x.cells[i][j]
        .iter()
        .map(|e| {
            if ascii {
                e.outcome.ascii()
            } else {
                e.outcome.symbol()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn crosstable_csv(x: &Crosstable) -> String {
    let mut out = String::from("position,name");
    for p in &x.players {
        let _ = write!(out, ",{}", p.position);
    }
    out.push_str(",points\n");
    for (i, p) in x.players.iter().enumerate() {
        let _ = write!(out, "{},{}", p.position, csv_field(&p.name));
        for j in 0..x.players.len() {
            let _ = write!(out, ",{}", cross_cell(x, i, j, true));
        }
        let _ = writeln!(out, ",{}", p.points);
    }
    out
}

#[derive(Serialize)]
struct JsonExport<'a> {
    name: &'a str,
    variant: &'a str,
    format: Format,
    points: String,
    rounds_planned: u32,
    rounds_paired: u32,
    finished: bool,
    entrants: &'a [Entrant],
    fixtures: Vec<Fixture>,
    standings: Standings,
    crosstable: Crosstable,
}

pub fn json(t: &Tournament) -> String {
    let e = JsonExport {
        name: &t.name,
        variant: &t.variant,
        format: t.format,
        points: t.points.to_string(),
        rounds_planned: t.planned_rounds(),
        rounds_paired: t.current_round(),
        finished: t.is_finished(),
        entrants: &t.entrants,
        fixtures: sorted_fixtures(t),
        standings: t.standings(),
        crosstable: t.crosstable(),
    };
    serde_json::to_string_pretty(&e).expect("plain data serialises") + "\n"
}

fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '|' | '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#'
        ) {
            out.push('\\');
        }
        if c == '\n' || c == '\r' {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

fn seeds_text(f: &Fixture) -> String {
    f.result
        .map(|r| format!("{}-{}", r.seeds.south, r.seeds.north))
        .unwrap_or_default()
}

fn summary_line(t: &Tournament) -> String {
    format!(
        "{} · {} · points {} (win, draw, loss, bye) · round {} of {}{}",
        t.variant,
        t.format,
        t.points,
        t.current_round(),
        t.planned_rounds(),
        if t.is_finished() { " · finished" } else { "" }
    )
}

pub fn markdown(t: &Tournament) -> String {
    let s = t.standings();
    let x = t.crosstable();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {}\n\n{}\n\n## Standings\n",
        md_escape(&t.name),
        summary_line(t)
    );
    out.push_str("| # | Name | Rating | Points | Played | W | D | L |");
    for tb in &s.tiebreaks {
        let _ = write!(out, " {} |", tb.short());
    }
    out.push_str("\n|--:|---|--:|--:|--:|--:|--:|--:|");
    for _ in &s.tiebreaks {
        out.push_str("--:|");
    }
    out.push('\n');
    for r in &s.rows {
        let _ = write!(
            out,
            "| {} | {}{} | {:.0} | {:#} | {} | {} | {} | {} |",
            r.place_text(),
            md_escape(&r.name),
            if r.withdrawn { " (withdrawn)" } else { "" },
            r.rating,
            r.points,
            r.played,
            r.wins,
            r.draws,
            r.losses
        );
        for v in &r.tiebreaks {
            let _ = write!(out, " {v:#} |");
        }
        out.push('\n');
    }
    out.push_str("\n## Crosstable\n\n| # | Name |");
    for p in &x.players {
        let _ = write!(out, " {} |", p.position);
    }
    out.push_str(" Points |\n|--:|---|");
    for _ in &x.players {
        out.push_str(":-:|");
    }
    out.push_str("--:|\n");
    for (i, p) in x.players.iter().enumerate() {
        let _ = write!(out, "| {} | {} |", p.position, md_escape(&p.name));
        for j in 0..x.players.len() {
            let _ = write!(out, " {} |", cross_cell(&x, i, j, false));
        }
        let _ = writeln!(out, " {:#} |", p.points);
    }
    out.push_str("\n## Rounds\n");
    for round in 1..=t.current_round() {
        let _ = writeln!(
            out,
            "\n### Round {round}\n\n| Board | South (moves first) | Result | North | Seeds |\n|--:|---|:-:|---|:-:|"
        );
        for f in t.round_fixtures(round) {
            let p = f.pairing;
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                p.board,
                md_escape(&name_of(t, p.south)),
                result_text(&f),
                p.north
                    .map(|n| md_escape(&name_of(t, n)))
                    .unwrap_or_else(|| "—".into()),
                seeds_text(&f)
            );
        }
        for b in round_requested_byes(t, round) {
            let _ = writeln!(
                out,
                "| | {} | {} | — | |",
                md_escape(&name_of(t, b.player)),
                requested_bye_text(&b)
            );
        }
    }
    out
}

/// Escapes text for HTML element content and attribute values.
pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const HTML_STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem auto;max-width:64rem;padding:0 1rem;color:#222}
h1{margin-bottom:.2rem}.meta{color:#555;margin-top:0}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-variant-numeric:tabular-nums}
th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:right}
th{background:#eee}td.name,th.name{text-align:left}td.c{text-align:center}
td.self{background:#ddd}tr.withdrawn td{color:#888}
section.round{break-inside:avoid}
@media print{body{margin:0;max-width:none;font-size:10pt}th{background:#eee!important;-webkit-print-color-adjust:exact;print-color-adjust:exact}h2{break-after:avoid}}";

pub fn html(t: &Tournament) -> String {
    let s = t.standings();
    let x = t.crosstable();
    let e = html_escape;
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>\n{}\n</style>\n</head>\n<body>\n<h1>{}</h1>\n<p class=\"meta\">{}</p>\n",
        e(&t.name),
        HTML_STYLE,
        e(&t.name),
        e(&summary_line(t))
    );
    out.push_str("<h2>Standings</h2>\n<table>\n<thead><tr><th>#</th><th class=\"name\">Name</th><th>Rating</th><th>Points</th><th>Played</th><th>W</th><th>D</th><th>L</th>");
    for tb in &s.tiebreaks {
        let _ = write!(out, "<th title=\"{}\">{}</th>", e(tb.name()), e(tb.short()));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for r in &s.rows {
        let _ = write!(
            out,
            "<tr{}><td>{}</td><td class=\"name\">{}{}</td><td>{:.0}</td><td>{:#}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>",
            if r.withdrawn {
                " class=\"withdrawn\""
            } else {
                ""
            },
            r.place_text(),
            e(&r.name),
            if r.withdrawn { " (withdrawn)" } else { "" },
            r.rating,
            r.points,
            r.played,
            r.wins,
            r.draws,
            r.losses
        );
        for v in &r.tiebreaks {
            let _ = write!(out, "<td>{v:#}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n<h2>Crosstable</h2>\n<table>\n<thead><tr><th>#</th><th class=\"name\">Name</th>");
    for p in &x.players {
        let _ = write!(out, "<th>{}</th>", p.position);
    }
    out.push_str("<th>Points</th></tr></thead>\n<tbody>\n");
    for (i, p) in x.players.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=\"name\">{}</td>",
            p.position,
            e(&p.name)
        );
        for j in 0..x.players.len() {
            if i == j {
                out.push_str("<td class=\"c self\"></td>");
            } else {
                let _ = write!(out, "<td class=\"c\">{}</td>", cross_cell(&x, i, j, false));
            }
        }
        let _ = writeln!(out, "<td>{:#}</td></tr>", p.points);
    }
    out.push_str("</tbody>\n</table>\n<h2>Rounds</h2>\n");
    for round in 1..=t.current_round() {
        let _ = write!(
            out,
            "<section class=\"round\">\n<h3>Round {round}</h3>\n<table>\n<thead><tr><th>Board</th><th class=\"name\">South (moves first)</th><th>Result</th><th class=\"name\">North</th><th>Seeds</th></tr></thead>\n<tbody>\n"
        );
        for f in t.round_fixtures(round) {
            let p = f.pairing;
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td class=\"name\">{}</td><td class=\"c\">{}</td><td class=\"name\">{}</td><td class=\"c\">{}</td></tr>",
                p.board,
                e(&name_of(t, p.south)),
                result_text(&f),
                p.north
                    .map(|n| e(&name_of(t, n)))
                    .unwrap_or_else(|| "—".into()),
                seeds_text(&f)
            );
        }
        for b in round_requested_byes(t, round) {
            let _ = writeln!(
                out,
                "<tr><td></td><td class=\"name\">{}</td><td class=\"c\">{}</td><td class=\"name\">—</td><td class=\"c\"></td></tr>",
                e(&name_of(t, b.player)),
                requested_bye_text(&b)
            );
        }
        out.push_str("</tbody>\n</table>\n</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// Points as TRF writes them: one decimal (`11.5`), right-aligned in `width`.
fn trf_points(p: Points, width: usize) -> String {
    format!("{:>width$.1}", p.as_f64())
}

/// Writes `text` into `line` starting at 1-based column `col`, padding with spaces
/// (anything from that column on is replaced). The line is kept as characters, so a
/// write costs the length of `text`, whatever the line holds (names need not be ASCII).
fn put(line: &mut Vec<char>, col: usize, text: &str) {
    let start = col - 1;
    if line.len() < start {
        line.resize(start, ' ');
    }
    line.truncate(start);
    line.extend(text.chars());
}

/// A TRF record being written: its tag, then fields put at their columns.
fn record(tag: &str) -> Vec<char> {
    tag.chars().collect()
}

fn push_record(out: &mut String, line: &[char]) {
    out.extend(line);
    out.push('\n');
}

/// FIDE Tournament Report File, TRF-2026 layout, for pairing engines (bbpPairings,
/// JaVaFo) to check or re-pair our rounds.
///
/// Fields filled: `012` name, `062` number of players, `072` number of rated players
/// (entrants with a rating above 0), `092` type (our format and variant), `142` number
/// of rounds, `162` the points scheme when it is not 1/0.5/0 with a full-point
/// pairing bye, `202` our tiebreak list in FIDE codes where they exist, `XXR` (number
/// of rounds, the JaVaFo/bbpPairings extension), and one `001` record per entrant:
/// starting rank (pairing number), name (33 characters at most), rating (rounded, at
/// most 9999), points (one decimal), rank (our standings position), and per round the
/// opponent's starting rank, the colour (`w` = moved first = South, `b` = North) and
/// the result (`1`, `=`, `0`; a forfeit `+` won, `-` lost (both `-` in a double
/// forfeit); a pairing bye is `0000 - U`, a requested half-point bye `0000 - H`, a
/// zero-point bye or a round without a game `0000 - Z`). Only rounds whose every match is finished are written (pending matches
/// have no TRF code), so a pairing engine can pair the next one. Left empty: sex,
/// title, federation, FIDE number, birth date, dates (`042`, `052`, `132`), city,
/// arbiters, time control.
pub fn trf(t: &Tournament) -> String {
    let s = t.standings();
    let mut out = String::new();
    let line = |tag: &str, text: &str| format!("{tag} {text}\n");
    out.push_str(&line("012", &t.name.replace(['\n', '\r'], " ")));
    out.push_str(&line("062", &t.entrants.len().to_string()));
    out.push_str(&line(
        "072",
        &t.entrants
            .iter()
            .filter(|e| e.rating > 0.0)
            .count()
            .to_string(),
    ));
    out.push_str(&line("092", &format!("{} ({})", t.format, t.variant)));
    out.push_str(&line("142", &t.planned_rounds().to_string()));
    let p = t.points;
    if p != super::PointsScheme::default() {
        let mut l = record("162");
        for (k, (code, pts)) in [("W", p.win), ("D", p.draw), ("L", p.loss), ("P", p.bye)]
            .into_iter()
            .enumerate()
        {
            put(&mut l, 6 + 9 * k, code);
            put(&mut l, 7 + 9 * k, &trf_points(pts, 4));
        }
        push_record(&mut out, &l);
    }
    let codes: Vec<&str> = s.tiebreaks.iter().filter_map(|tb| tb.fide_code()).collect();
    if !codes.is_empty() {
        out.push_str(&line("202", &codes.join(",")));
    }
    out.push_str(&format!("XXR {}\n", t.planned_rounds()));

    // Rounds whose matches are all finished.
    let unfinished: std::collections::HashSet<u32> = t
        .fixtures
        .iter()
        .filter(|f| !f.is_finished())
        .map(|f| f.pairing.round)
        .collect();
    let complete: Vec<u32> = (1..=t.current_round())
        .take_while(|r| !unfinished.contains(r))
        .collect();
    let mut entrants: Vec<&Entrant> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.start_rank);
    let rank_of = |id: i64| t.entrant(id).map(|e| e.start_rank).unwrap_or(0);
    // Each player's fixture of each round written, found once (not by a search of
    // every fixture per player and round: a 448-player round robin has 100,128).
    let last_complete = complete.last().copied().unwrap_or(0);
    let mut fixture_of: std::collections::HashMap<(i64, u32), &Fixture> =
        std::collections::HashMap::new();
    for f in t
        .fixtures
        .iter()
        .filter(|f| f.pairing.round <= last_complete)
    {
        fixture_of
            .entry((f.pairing.south, f.pairing.round))
            .or_insert(f);
        if let Some(north) = f.pairing.north {
            fixture_of.entry((north, f.pairing.round)).or_insert(f);
        }
    }
    let bye_of: std::collections::HashMap<(i64, u32), super::GameOutcome> = t
        .recorded_byes()
        .map(|b| ((b.player, b.round), b.points.outcome()))
        .collect();
    let outcome_in = |id: i64, round: u32| match fixture_of.get(&(id, round)) {
        Some(f) => f.outcome_for(id),
        None => bye_of.get(&(id, round)).copied(),
    };
    for e in entrants {
        let row = s.row(e.id).expect("every entrant has a row");
        let mut l = record("001");
        put(&mut l, 5, &format!("{:>4}", e.start_rank));
        let name: String = e.name.replace(['\n', '\r'], " ").chars().take(33).collect();
        put(&mut l, 15, &name);
        if e.rating > 0.0 {
            put(
                &mut l,
                49,
                &format!("{:>4}", (e.rating.round() as i64).clamp(0, 9999)),
            );
        }
        // Points over the rounds written.
        let pts: Points = complete
            .iter()
            .filter_map(|&r| outcome_in(e.id, r))
            .map(|o| t.points.points(o))
            .sum();
        put(&mut l, 81, &trf_points(pts, 4));
        put(&mut l, 86, &format!("{:>4}", row.position));
        for &r in &complete {
            let col = 92 + 10 * (r as usize - 1);
            let f = fixture_of.get(&(e.id, r)).copied();
            let (opp, colour, result) = match f {
                None => (
                    "0000".to_string(),
                    "-",
                    match outcome_in(e.id, r) {
                        Some(super::GameOutcome::HalfBye) => "H",
                        _ => "Z",
                    },
                ),
                Some(f) => match f.pairing.opponent_of(e.id) {
                    None => ("0000".to_string(), "-", "U"),
                    Some(o) => (
                        format!("{:>4}", rank_of(o)),
                        if f.pairing.south == e.id { "w" } else { "b" },
                        match f.outcome_for(e.id) {
                            Some(super::GameOutcome::Win) => "1",
                            Some(super::GameOutcome::Draw) => "=",
                            Some(super::GameOutcome::ForfeitWin) => "+",
                            Some(super::GameOutcome::ForfeitLoss) => "-",
                            _ => "0",
                        },
                    ),
                },
            };
            put(&mut l, col, &opp);
            put(&mut l, col + 5, colour);
            put(&mut l, col + 7, result);
        }
        push_record(&mut out, &l);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BySide;
    use crate::tournament::{MatchResult, Pairing, testutil};

    /// Three players, two rounds: 1 beats 2 (30-18), bye 3; 3 draws 1 (24-24), bye 2.
    fn small() -> Tournament {
        let mut t = testutil::tournament(Format::RoundRobin, 3);
        t.name = "Club <Spring> \"Open\", 2026".into();
        t.entrants[1].name = "Ama, \"Kofi\" | <b>".into();
        let game = |round, s, n, d, seeds: (u32, u32)| Fixture {
            pairing: Pairing {
                round,
                board: 1,
                south: s,
                north: Some(n),
            },
            result: Some(MatchResult {
                decision: d,
                seeds: BySide::new(seeds.0, seeds.1),
                forfeit: None,
            }),
        };
        let bye = |round, s| {
            Fixture::pending(Pairing {
                round,
                board: 2,
                south: s,
                north: None,
            })
        };
        t.fixtures = vec![
            game(1, 1, 2, Decision::South, (30, 18)),
            bye(1, 3),
            game(2, 3, 1, Decision::Draw, (24, 24)),
            bye(2, 2),
        ];
        t
    }

    #[test]
    fn csv_fields_that_a_spreadsheet_would_run_are_defused() {
        assert_eq!(
            csv_field("=HYPERLINK(\"http://x\",\"Cup\")"),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"Cup\"\")\""
        );
        for lead in ["+", "-", "@", "\t", "\r"] {
            let text = format!("{lead}1+2");
            assert_eq!(csv_field(&text), format!("\"'{text}\""), "{lead:?}");
        }
        // Elsewhere a sign or a formula character is only text.
        assert_eq!(csv_field("Amina-Farah"), "Amina-Farah");
        assert_eq!(csv_field("a=b"), "a=b");
    }

    #[test]
    fn csv_rows_quote_names_and_show_results() {
        let out = csv(&small());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(
            lines[1],
            "1,1,1,P1,2,\"Ama, \"\"Kofi\"\" | <b>\",1-0,south,30,18"
        );
        assert_eq!(lines[2], "1,2,3,P3,,,bye,bye,,");
        assert_eq!(lines[3], "2,1,3,P3,1,P1,1/2-1/2,draw,24,24");
    }

    #[test]
    fn standings_and_crosstable_csv() {
        let t = small();
        let s = standings_csv(&t.standings());
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(
            lines[0],
            "position,name,rating,points,played,wins,draws,losses,byes,tiebreak:head-to-head,tiebreak:sonneborn-berger,tiebreak:wins,tiebreak:seed-difference,shared,withdrawn"
        );
        // P1: 1.5 points; P3: draw + bye = 1.5; P2: bye = 1. P1 and P3 drew: h2h 0.5
        // each; SB: P1 beat P2 (1) + half of P3 (0.75) = 1.75; P3 half of P1 (0.75)
        // + the bye, a win against a dummy opponent with P3's own 1.5 (C.07 (2023)
        // art. 16) = 2.25.
        assert_eq!(lines[1], "1,P3,1980,1.5,1,0,1,0,1,0.5,2.25,0,0,false,false");
        assert_eq!(
            lines[2],
            "2,P1,2000,1.5,2,1,1,0,0,0.5,1.75,1,12,false,false"
        );
        let x = crosstable_csv(&t.crosstable());
        let lines: Vec<&str> = x.lines().collect();
        assert_eq!(lines[0], "position,name,1,2,3,points");
        assert_eq!(lines[1], "1,P3,x,=,,1.5");
        assert_eq!(lines[2], "2,P1,=,x,1,1.5");
    }

    #[test]
    fn json_parses_and_holds_everything() {
        let v: serde_json::Value = serde_json::from_str(&json(&small())).unwrap();
        assert_eq!(v["format"], "round-robin");
        assert_eq!(v["points"], "1,0.5,0,1");
        assert_eq!(v["fixtures"].as_array().unwrap().len(), 4);
        assert_eq!(v["standings"]["rows"][0]["points"], 1.5);
        assert_eq!(v["standings"]["rows"][0]["name"], "P3");
        assert_eq!(v["crosstable"]["cards"][0][1]["outcome"], "draw");
        assert_eq!(v["rounds_planned"], 3);
    }

    #[test]
    fn markdown_and_html_escape_names() {
        let t = small();
        let md = markdown(&t);
        assert!(md.starts_with("# Club \\<Spring\\> \"Open\", 2026\n"));
        assert!(
            md.contains("| 2 | P1 | 2000 | 1½ | 2 | 1 | 1 | 0 | ½ | 1¾ | 1 | 12 |"),
            "{md}"
        );
        assert!(md.contains("Ama, \"Kofi\" \\| \\<b\\>"));
        assert!(md.contains("### Round 2"));
        let html = html(&t);
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

    #[test]
    fn trf_columns_follow_the_2026_layout() {
        let t = small();
        let out = trf(&t);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "012 Club <Spring> \"Open\", 2026");
        assert!(lines.contains(&"XXR 3"));
        assert!(lines.contains(&"142 3"));
        assert!(lines.contains(&"202 DE,SB,WIN"));
        assert!(!out.contains("162"), "default points scheme needs no 162");
        let p1 = lines.iter().find(|l| l.starts_with("001    1")).unwrap();
        let col =
            |l: &str, a: usize, b: usize| l.chars().skip(a - 1).take(b - a + 1).collect::<String>();
        assert_eq!(col(p1, 15, 16), "P1");
        assert_eq!(col(p1, 49, 52), "2000");
        assert_eq!(col(p1, 81, 84), " 1.5");
        assert_eq!(col(p1, 86, 89), "   2");
        // Round 1: v 2 as white, won; round 2: v 3 as black, drawn.
        assert_eq!(col(p1, 92, 99), "   2 w 1");
        assert_eq!(col(p1, 102, 109), "   3 b =");
        let p3 = lines.iter().find(|l| l.starts_with("001    3")).unwrap();
        assert_eq!(col(p3, 92, 99), "0000 - U");
        assert_eq!(col(p3, 102, 109), "   1 w =");
        // A pending round is left out; another points scheme is written in 162.
        let mut t2 = t.clone();
        t2.points = "3,1,0".parse().unwrap();
        t2.fixtures.push(Fixture::pending(Pairing {
            round: 3,
            board: 1,
            south: 2,
            north: Some(3),
        }));
        let out2 = trf(&t2);
        assert!(
            out2.lines()
                .any(|l| l == "162  W 3.0    D 1.0    L 0.0    P 3.0"),
            "{out2}"
        );
        let p2 = out2.lines().find(|l| l.starts_with("001    2")).unwrap();
        assert_eq!(p2.chars().count(), 109, "two complete rounds only");
    }

    #[test]
    fn export_formats_parse() {
        for f in ExportFormat::ALL {
            assert_eq!(f.name().parse::<ExportFormat>(), Ok(f));
        }
        assert_eq!("md".parse::<ExportFormat>(), Ok(ExportFormat::Markdown));
        assert!(
            "pdf"
                .parse::<ExportFormat>()
                .unwrap_err()
                .contains("expected csv")
        );
    }
}
