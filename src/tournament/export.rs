//! Exports: pure string builders over a [`Tournament`].
//!
//! - `csv`: one row per board (round, board, both players, result, seeds), the raw
//!   record; [`standings_csv`] and [`crosstable_csv`] give the tables.
//! - `json`: everything (settings, entrants, fixtures, standings, crosstable).
//! - `markdown`: standings, crosstable and rounds as Markdown tables.
//! - `html`: the self-contained page is the application layer's
//!   (`app::html_export`): it is presentation, written with maud.
//! - `trf`: FIDE's Tournament Report File, 2026 edition (see [`trf`](mod@trf)).

use super::trf_columns as trf;
use std::fmt::Write;
use std::str::FromStr;

use serde::Serialize;

use crate::engine::Side;

use super::{
    Crosstable, Decision, Entrant, EntrantId, Fixture, Format, Points, Standings, Tournament,
};

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

/// What heads an event's documents beside the pure [`Tournament`]: its details
/// (where, when, the chief arbiter, the rounds' dates) and who wins its prizes.
/// Empty: the documents are as they were without.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Heading {
    pub event: super::event::EventDetails,
    pub prizes: Vec<super::prizes::Award>,
}

/// The prize list's rows as the exports write them: prize, value, winner, place,
/// amount (a prize nobody wins: one row without a winner).
pub(crate) fn prize_rows(prizes: &[super::prizes::Award]) -> Vec<[String; 5]> {
    use super::prizes::money;
    let mut rows = Vec::new();
    for a in prizes {
        let prize = a.prize.kind.to_string();
        let value = money(a.prize.value);
        if a.winners.is_empty() {
            rows.push([
                prize.clone(),
                value.clone(),
                "(nobody)".into(),
                String::new(),
                String::new(),
            ]);
        }
        for w in &a.winners {
            rows.push([
                prize.clone(),
                value.clone(),
                w.name.clone(),
                w.place.clone(),
                money(w.amount),
            ]);
        }
    }
    rows
}

pub(crate) fn name_of(t: &Tournament, id: i64) -> String {
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
pub(crate) fn result_text(f: &Fixture) -> &'static str {
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

/// Every CSV goobalay writes is written here, by the csv crate (RFC 4180 quoting),
/// with each field defused against CSV injection as OWASP advises: text starting with
/// `=`, `+`, `-`, `@`, a tab or a carriage return (a spreadsheet would run
/// `=HYPERLINK(...)` as a formula) gets a leading single quote. A number (`-3`, a
/// seed difference) is data and stays as it is.
pub struct CsvWriter(csv::Writer<Vec<u8>>);

impl CsvWriter {
    pub fn new<S: AsRef<str>>(header: impl IntoIterator<Item = S>) -> CsvWriter {
        let mut w = CsvWriter::empty();
        w.row(header);
        w
    }

    /// Tables of different widths may follow each other (the export's boards, then
    /// its standings).
    fn empty() -> CsvWriter {
        CsvWriter(Self::builder().from_writer(Vec::new()))
    }

    pub fn row<S: AsRef<str>>(&mut self, fields: impl IntoIterator<Item = S>) {
        self.0
            .write_record(fields.into_iter().map(|f| defused(f.as_ref()).into_owned()))
            .expect("writing to memory cannot fail");
    }

    /// An empty line: between two tables of one file.
    pub(crate) fn blank_line(&mut self) {
        // The crate writes an empty record as `""`: a truly empty line is written
        // past it, after what it holds.
        let done = std::mem::replace(self, CsvWriter::empty());
        let mut bytes = done.0.into_inner().expect("writing to memory cannot fail");
        bytes.push(b'\n');
        *self = CsvWriter(Self::builder().from_writer(bytes));
    }

    fn builder() -> csv::WriterBuilder {
        let mut b = csv::WriterBuilder::new();
        b.flexible(true);
        b
    }

    pub fn finish(self) -> String {
        let bytes = self.0.into_inner().expect("writing to memory cannot fail");
        String::from_utf8(bytes).expect("written from UTF-8 text")
    }
}

fn defused(s: &str) -> std::borrow::Cow<'_, str> {
    // A mark alone (`=` a draw, `+`/`-` a forfeit, as the crosstable writes them)
    // is no formula.
    let mark = matches!(s, "=" | "+" | "-");
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) && !mark && s.trim().parse::<f64>().is_err()
    {
        format!("'{s}").into()
    } else {
        s.into()
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
pub(crate) fn round_requested_byes(t: &Tournament, round: u32) -> Vec<super::RequestedBye> {
    let mut v: Vec<super::RequestedBye> = t
        .recorded_byes()
        .filter(|b| b.round == round)
        .copied()
        .collect();
    v.sort_by_key(|b| b.player);
    v
}

/// What a pairing sheet knows of a board beyond the pure layer: the match's record
/// number and the hands played so far (the store's; `None` in a bare export).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct BoardRecord {
    pub match_id: Option<i64>,
    pub hands: Option<i64>,
}

/// The columns of the pairing sheet.
pub(crate) const PAIRING_SHEET_HEADER: [&str; 12] = [
    "round",
    "board",
    "match_id",
    "south_id",
    "south",
    "north_id",
    "north",
    "result",
    "winner",
    "south_seeds",
    "north_seeds",
    "hands",
];

/// The pairing sheet, the one CSV layout of a tournament's boards (`tournament pair`,
/// `tournament show` and the CSV export): a row per board of `round` (of every round
/// with `None`) in board order, then a row per bye outside the pairing. A bye's
/// `north` says `bye` and its `result` which (`bye`, `half-point bye`, `zero-point
/// bye`); a forfeit's `winner` is `forfeit:ABSENT` (`south`, `north`, `both`) with no
/// seeds; a pending board's result is `*`.
pub(crate) fn pairing_sheet(
    t: &Tournament,
    round: Option<u32>,
    record: impl Fn(u32, u32) -> BoardRecord,
) -> String {
    let mut w = CsvWriter::new(PAIRING_SHEET_HEADER);
    write_pairing_sheet(&mut w, t, round, record);
    w.finish()
}

fn write_pairing_sheet(
    w: &mut CsvWriter,
    t: &Tournament,
    round: Option<u32>,
    record: impl Fn(u32, u32) -> BoardRecord,
) {
    let opt = |v: Option<i64>| v.map_or(String::new(), |v| v.to_string());
    let in_round = |r: u32| round.is_none_or(|only| only == r);
    for f in sorted_fixtures(t)
        .into_iter()
        .filter(|f| in_round(f.pairing.round))
    {
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
        let board = record(p.round, p.board);
        w.row([
            p.round.to_string(),
            p.board.to_string(),
            opt(board.match_id),
            p.south.to_string(),
            name_of(t, p.south),
            opt(p.north),
            p.north.map_or_else(|| "bye".to_string(), |n| name_of(t, n)),
            result_text(&f).replace('½', "1/2"),
            winner.to_string(),
            ss,
            ns,
            opt(board.hands),
        ]);
    }
    for r in 1..=t.current_round() {
        if !in_round(r) {
            continue;
        }
        for b in round_requested_byes(t, r) {
            w.row([
                r.to_string(),
                String::new(),
                String::new(),
                b.player.to_string(),
                name_of(t, b.player),
                String::new(),
                "bye".to_string(),
                requested_bye_text(&b).to_string(),
                "bye".to_string(),
                String::new(),
                String::new(),
                String::new(),
            ]);
        }
    }
}

/// The CSV export: the pairing sheet of every round, an empty line, the standings.
pub(crate) fn csv_with(t: &Tournament, record: impl Fn(u32, u32) -> BoardRecord) -> String {
    csv_headed(t, record, &Heading::default())
}

/// [`csv_with`], headed by the event's details (a table of one row, then an empty
/// line) when given, and followed by the prize list (an empty line, then a table)
/// when there is one.
pub(crate) fn csv_headed(
    t: &Tournament,
    record: impl Fn(u32, u32) -> BoardRecord,
    heading: &Heading,
) -> String {
    let mut w = CsvWriter::empty();
    let e = &heading.event;
    if !e.is_empty() {
        w.row([
            "event",
            "city",
            "federation",
            "start",
            "end",
            "chief_arbiter",
            "round_dates",
        ]);
        let date = |d: Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        w.row([
            t.name.clone(),
            e.city.clone().unwrap_or_default(),
            e.federation.clone().unwrap_or_default(),
            date(e.start),
            date(e.end),
            e.chief_arbiter.clone().unwrap_or_default(),
            e.round_dates_text().unwrap_or_default(),
        ]);
        w.blank_line();
    }
    w.row(PAIRING_SHEET_HEADER);
    write_pairing_sheet(&mut w, t, None, record);
    w.blank_line();
    write_standings(&mut w, &t.standings());
    if !heading.prizes.is_empty() {
        w.blank_line();
        w.row(["prize", "value", "winner", "place", "amount"]);
        for row in prize_rows(&heading.prizes) {
            w.row(row);
        }
    }
    w.finish()
}

/// [`csv_with`] without the store's match numbers and hands.
#[cfg(test)]
pub(crate) fn csv(t: &Tournament) -> String {
    csv_with(t, |_, _| BoardRecord::default())
}

pub fn standings_csv(s: &Standings) -> String {
    let mut w = CsvWriter::empty();
    write_standings(&mut w, s);
    w.finish()
}

fn write_standings(w: &mut CsvWriter, s: &Standings) {
    let mut header: Vec<String> = [
        "position", "name", "rating", "points", "played", "wins", "draws", "losses", "byes",
    ]
    .map(String::from)
    .to_vec();
    // Prefixed: the `wins` tiebreak would otherwise share a column name with the wins.
    header.extend(
        s.tiebreaks
            .iter()
            .map(|tb| format!("tiebreak:{}", tb.name())),
    );
    header.extend(["shared".to_string(), "withdrawn".to_string()]);
    w.row(header);
    for r in &s.rows {
        let mut row = vec![
            r.position.to_string(),
            r.name.clone(),
            format!("{:.0}", r.rating),
            r.points.to_string(),
            r.played.to_string(),
            r.wins.to_string(),
            r.draws.to_string(),
            r.losses.to_string(),
            r.byes.to_string(),
        ];
        row.extend(r.tiebreaks.iter().map(|v| {
            if v.value.is_some() {
                v.to_string()
            } else {
                String::new()
            }
        }));
        row.extend([r.shared.to_string(), r.withdrawn.to_string()]);
        w.row(row);
    }
}

/// Cell text for player i against player j: the results in round order, `x` on the
/// diagonal.
pub(crate) fn cross_cell(x: &Crosstable, i: usize, j: usize, ascii: bool) -> String {
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
    let mut header = vec!["position".to_string(), "name".to_string()];
    header.extend(x.players.iter().map(|p| p.position.to_string()));
    header.push("points".into());
    let mut w = CsvWriter::new(header);
    for (i, p) in x.players.iter().enumerate() {
        let mut row = vec![p.position.to_string(), p.name.clone()];
        row.extend((0..x.players.len()).map(|j| cross_cell(x, i, j, true)));
        row.push(p.points.to_string());
        w.row(row);
    }
    w.finish()
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
    #[serde(skip_serializing_if = "super::event::EventDetails::is_empty")]
    event: &'a super::event::EventDetails,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    prizes: &'a [super::prizes::Award],
}

#[cfg(test)]
pub(crate) fn json(t: &Tournament) -> String {
    json_with(t, &Heading::default())
}

/// The tournament as JSON (`tournament export --format json`), with the event's
/// details (`event`) and the prizes (`prizes`) when given.
pub(crate) fn json_with(t: &Tournament, heading: &Heading) -> String {
    let e = JsonExport {
        event: &heading.event,
        prizes: &heading.prizes,
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

pub(crate) fn seeds_text(f: &Fixture) -> String {
    f.result
        .map(|r| format!("{}-{}", r.seeds.south, r.seeds.north))
        .unwrap_or_default()
}

pub(crate) fn summary_line(t: &Tournament) -> String {
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

#[cfg(test)]
pub(crate) fn markdown(t: &Tournament) -> String {
    markdown_with(t, &Heading::default())
}

/// The tournament as Markdown (`tournament export --format markdown`), with the
/// event's details under the title and the prizes after the rounds, when given.
pub(crate) fn markdown_with(t: &Tournament, heading: &Heading) -> String {
    let s = t.standings();
    let x = t.crosstable();
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n\n{}\n", md_escape(&t.name), summary_line(t));
    for line in heading.event.heading() {
        let _ = writeln!(out, "{}\n", md_escape(&line));
    }
    out.push_str("## Standings\n\n");
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
    if !heading.prizes.is_empty() {
        out.push_str(
            "\n## Prizes\n\n| Prize | Value | Winner | Place | Amount |\n|---|--:|---|--:|--:|\n",
        );
        for row in prize_rows(&heading.prizes) {
            let [prize, value, winner, place, amount] = row;
            let _ = writeln!(
                out,
                "| {} | {value} | {} | {place} | {amount} |",
                md_escape(&prize),
                md_escape(&winner)
            );
        }
    }
    out
}

/// A player's details in their `001` record's columns (sex, federation, FIDE
/// number, birth date), written over what the line holds there (after the name and
/// rating, before the points, which [`put`] writes at the end).
fn put_person(line: &mut Vec<char>, person: &super::player_details::PlayerDetails) {
    let mut at = |columns: trf::Columns, text: &str| {
        if line.len() < columns.last {
            line.resize(columns.last, ' ');
        }
        for (k, c) in text.chars().take(columns.width()).enumerate() {
            line[columns.first - 1 + k] = c;
        }
    };
    if let Some(s) = person.sex {
        at(trf::SEX, s.trf());
    }
    if let Some(f) = &person.federation {
        at(trf::FEDERATION, f);
    }
    if let Some(id) = &person.id {
        at(trf::FIDE_ID, &format!("{id:>11}"));
    }
    if let Some(b) = person.born {
        at(trf::BIRTH_DATE, &b.trf());
    }
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

/// The TRF pairing numbers: entrants in starting-rank order numbered 1..n (TRF
/// numbers have no gaps, whatever gaps the starting ranks have).
pub fn trf_numbers(t: &Tournament) -> Vec<(EntrantId, u32)> {
    let mut entrants: Vec<&Entrant> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.start_rank);
    entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i as u32 + 1))
        .collect()
}

/// The colour (TRF record `152`) of pairing number 1 in round 1: South, who
/// moves first, is White; the tournament's initial colour
/// ([`Tournament::initial_side`]) says which side pairing number 1 has.
pub(crate) fn trf_initial_colour(initial: Side) -> &'static str {
    match initial {
        Side::South => "W",
        Side::North => "B",
    }
}

/// The tag of goobalay's extension records: what TRF has no field for, each on a
/// line of its own, `GBL KEY ...` (see [`TrfDetails`] and [`trf_with`]). Pairing
/// programs pass over records they do not know: bbpPairings reads `001`, `013`,
/// `142`, `152`, `162`, `192`, `240`, `250`, `260`, `310` and its own `XX?`/`BB?`
/// records only, so a file with these lines is checked (`bbpPairings -c`) as it is.
pub(crate) const EXTENSION_TAG: &str = "GBL";

/// What a TRF of a goobalay tournament carries beyond the pure [`Tournament`]: the
/// event's details, entered with the tournament (TRF records `022` city, `032`
/// federation, `042` start date, `052` end date, `102` chief arbiter, `132` round
/// dates), and goobalay's extension records ([`EXTENSION_TAG`]) for the match form
/// and each player's club, engine, starting ratings and whether they were seeded
/// unrated. Empty fields write nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrfDetails {
    pub city: Option<String>,
    pub federation: Option<String>,
    pub start: Option<chrono::NaiveDate>,
    pub end: Option<chrono::NaiveDate>,
    pub chief_arbiter: Option<String>,
    /// Round `k`'s date at index `k - 1`.
    pub round_dates: Vec<chrono::NaiveDate>,
    /// The match form (`single`, `hands`, `games:2`) and the hand limit.
    pub form: Option<String>,
    pub max_hands: Option<u32>,
    /// The seed the tournament's engine decisions are mixed from.
    pub seed: Option<u64>,
    /// A knockout's match for third place (`GBL third-place`, read by the import).
    pub third_place: bool,
    /// The pairing numbers a knockout was seeded by hand with (`GBL seeded-by-hand`,
    /// read by the import), seed 1 first.
    pub seeded_by_hand: Vec<u32>,
    pub players: std::collections::HashMap<EntrantId, TrfPlayerDetails>,
}

/// One entrant's part of [`TrfDetails`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrfPlayerDetails {
    pub club: Option<String>,
    /// The engine level of an engine player.
    pub engine: Option<String>,
    /// Seeded without a rating: the rating column is left blank (the standings show
    /// the rating system's initial rating).
    pub unrated: bool,
    /// The starting ratings entered for the player, oldest first.
    pub starting_ratings: Vec<super::ratings::StartingRating>,
    /// Federation, sex, birth date and id: the `001` record's own columns.
    pub person: super::player_details::PlayerDetails,
}

/// Dates as TRF writes them in `042`/`052` (`2026/12/05`).
const TRF_DATE: &str = "%Y/%m/%d";
/// Round dates as TRF writes them in `132`, in the rounds' columns (`26/12/05`).
const TRF_ROUND_DATE: &str = "%y/%m/%d";

/// Text on one line: a line break would end the record.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// FIDE Tournament Report File, TRF-2026 layout, for pairing engines (bbpPairings,
/// JaVaFo) to check or re-pair our rounds, without the event's and the players'
/// details (the application layer's TRF export,
/// [`crate::app::tournaments::export_prizes`], writes those too). The pairing
/// numbers: the entrants in starting-rank order, 1..n ([`trf_numbers`]); only
/// rounds whose every match is finished are written, so that a pairing engine can
/// pair the next one.
pub fn trf(t: &Tournament) -> String {
    trf_with(t, &TrfDetails::default())
}

/// FIDE Tournament Report File, TRF-2026 layout, for pairing engines (bbpPairings,
/// JaVaFo) to check or re-pair our rounds.
///
/// Fields filled: `012` name, `062` number of players, `072` number of rated players
/// (entrants with a rating above 0), `092` type (our format and variant), `142` number
/// of rounds, `152` the initial colour (see [`trf_initial_colour`]), `162` the
/// points scheme when it is not 1/0.5/0 with a full-point pairing bye, `202` our
/// tiebreak list in FIDE codes where they exist, `XXR` (number of rounds, the
/// JaVaFo/bbpPairings extension), and one `001` record per entrant: pairing number
/// (the entrants in starting-rank order, 1..n: [`trf_numbers`]), name (33 characters
/// at most), rating (rounded, at most 9999), points (one decimal, over the rounds
/// written), rank (the standings position after the rounds written), and per round
/// the opponent's pairing number, the colour (`w` = moved first = South, `b` = North)
/// and the result (`1`, `=`, `0`; a forfeit `+` won, `-` lost, both `-` in a double
/// forfeit, the colour kept as paired; a pairing bye is `0000 - U`, a requested
/// half-point bye `0000 - H`, a zero-point bye, a round a late entrant missed or a
/// round after a withdrawal `0000 - Z`).
///
/// Only rounds whose every match is finished are written (pending matches have no
/// TRF code), so a pairing engine can pair the next one, the "round to be paired".
/// Absences from it and from the rounds after it are `240` records (TRF-2026: `240 T
/// RRR` then pairing numbers, `T` the points: `H` half, `Z` zero): the byes asked
/// for, and the withdrawn players in every round left. With `details`, a player's
/// sex (`m`/`w`), federation, id (in the FIDE number's columns) and birth date
/// (`YYYY/MM/DD`, `YYYY/00/00` for a year alone) when given. Left empty: title,
/// deputy arbiters, time control.
///
/// With `details`: the event's records (`022`, `032`, `042`, `052`, `102`, `132`)
/// after `012`, a rating column left blank for a player seeded unrated, and
/// goobalay's extension records (`GBL`, [`EXTENSION_TAG`]) after everything else,
/// which [`super::import::parse`] reads back so that the import of an export
/// exports the same file:
/// - `GBL form F`, `GBL max-hands N`, `GBL seed N`: the match form, its hand
///   limit and the seed of the engines' decisions (the pairing system is `092`'s,
///   `FORMAT (VARIANT)`);
/// - `GBL tiebreaks A,B,...`: the tiebreak order by goobalay's names (`202` has
///   FIDE codes, and none for seed difference);
/// - a knockout's `GBL third-place` (it plays a match for third place) and `GBL
///   seeded-by-hand N N ...` (the pairing numbers its director seeded, seed 1
///   first);
/// - per player, by pairing number: `GBL name NNNN NAME` (a name longer than the
///   33 columns), `GBL rating NNNN R` (a seeding rating that is not the whole
///   number in the column), `GBL club NNNN CLUB`, `GBL engine
///   NNNN LEVEL`, `GBL starting-rating NNNN R SOURCE VARIANT` (`*`: every
///   variant), `GBL withdrawn NNNN R` (withdrew after round R);
/// - per game played: `GBL seeds RRR NNNN S N`, the seeds South (pairing number
///   NNNN, White) and North ended round RRR's game with, when not both 0.
pub(crate) fn trf_with(t: &Tournament, details: &TrfDetails) -> String {
    let mut out = String::new();
    write_trf_header(&mut out, t, details);
    let numbers = trf_numbers(t);
    let number_of: std::collections::HashMap<EntrantId, u32> = numbers.iter().copied().collect();
    write_acceleration(&mut out, t, &number_of);
    write_round_dates(&mut out, details);
    // Rounds whose matches are all finished.
    let last_complete = t.completed_rounds();
    write_player_records(&mut out, t, details, &numbers, &number_of, last_complete);
    write_absences(&mut out, t, &number_of, last_complete);
    write_extension(&mut out, t, details, &numbers, &number_of, last_complete);
    out
}

/// The event's records (`012` to `202`) and `XXR`, the rounds planned.
fn write_trf_header(out: &mut String, t: &Tournament, details: &TrfDetails) {
    let line = |tag: &str, text: &str| format!("{tag} {text}\n");
    out.push_str(&line("012", &one_line(&t.name)));
    for (tag, text) in [
        ("022", details.city.as_deref().map(one_line)),
        ("032", details.federation.as_deref().map(one_line)),
        ("042", details.start.map(|d| d.format(TRF_DATE).to_string())),
        ("052", details.end.map(|d| d.format(TRF_DATE).to_string())),
        ("102", details.chief_arbiter.as_deref().map(one_line)),
    ] {
        if let Some(text) = text {
            out.push_str(&line(tag, &text));
        }
    }
    out.push_str(&line("062", &t.entrants.len().to_string()));
    out.push_str(&line(
        "072",
        &t.entrants
            .iter()
            .filter(|e| e.rating > 0.0 && !details.players.get(&e.id).is_some_and(|p| p.unrated))
            .count()
            .to_string(),
    ));
    out.push_str(&line("092", &format!("{} ({})", t.format, t.variant)));
    out.push_str(&line("142", &t.planned_rounds().to_string()));
    out.push_str(&line("152", trf_initial_colour(t.initial_side())));
    let p = t.points;
    if p != super::PointsScheme::default() {
        let mut l = record("162");
        for (k, (code, pts)) in [("W", p.win), ("D", p.draw), ("L", p.loss), ("P", p.bye)]
            .into_iter()
            .enumerate()
        {
            put(&mut l, trf::points_code(k), code);
            let value = trf::points_value(k);
            put(&mut l, value.first, &trf_points(pts, value.width()));
        }
        push_record(out, &l);
    }
    let codes: Vec<&str> = t
        .tiebreak_order()
        .iter()
        .filter_map(|tb| tb.fide_code())
        .collect();
    if !codes.is_empty() {
        out.push_str(&line("202", &codes.join(",")));
    }
    out.push_str(&format!("XXR {}\n", t.planned_rounds()));
}

/// bbpPairings' `XXA`: a player's virtual points per round, round 1 first, so that
/// it pairs the accelerated rounds as goobalay does.
fn write_acceleration(
    out: &mut String,
    t: &Tournament,
    number_of: &std::collections::HashMap<EntrantId, u32>,
) {
    if let Some(plan) = t.acceleration_plan() {
        for id in &plan.group_a {
            let Some(number) = number_of.get(id) else {
                continue;
            };
            let mut l = format!("XXA {number:>4}");
            for round in 1..=plan.half_until {
                let vp = super::acceleration::baku_points(t.planned_rounds(), round, &t.points);
                l.push(' ');
                l.push_str(&trf_points(vp, 4));
            }
            out.push_str(&l);
            out.push('\n');
        }
    }
}

/// `132`: each round's date, where the event has them.
fn write_round_dates(out: &mut String, details: &TrfDetails) {
    if !details.round_dates.is_empty() {
        let mut l = record("132");
        for (k, date) in details.round_dates.iter().enumerate() {
            put(
                &mut l,
                trf::round(k + 1).first,
                &date.format(TRF_ROUND_DATE).to_string(),
            );
        }
        push_record(out, &l);
    }
}

/// Each player's `001` record: number, name, rating, points and rank after the
/// rounds whose matches are all finished (`last_complete`), and each of those
/// rounds' opponent, colour and result.
fn write_player_records(
    out: &mut String,
    t: &Tournament,
    details: &TrfDetails,
    numbers: &[(EntrantId, u32)],
    number_of: &std::collections::HashMap<EntrantId, u32>,
    last_complete: u32,
) {
    let complete = 1..=last_complete;
    // The standings after those rounds: the tournament as it stood then, when a
    // later round is in progress.
    let s = if last_complete < t.current_round() {
        let mut then = t.clone();
        then.fixtures.retain(|f| f.pairing.round <= last_complete);
        then.standings()
    } else {
        t.standings()
    };
    // Each player's fixture of each round written, found once (not by a search of
    // every fixture per player and round: a 448-player round robin has 100,128).
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
        .requested_byes
        .iter()
        .filter(|b| b.round <= last_complete)
        .map(|b| ((b.player, b.round), b.points.outcome()))
        .collect();
    let outcome_in = |id: i64, round: u32| match fixture_of.get(&(id, round)) {
        Some(f) => f.outcome_for(id),
        None => bye_of.get(&(id, round)).copied(),
    };
    for &(id, number) in numbers {
        let e = t.entrant(id).expect("numbered from the entrants");
        let row = s.row(e.id).expect("every entrant has a row");
        let mut l = record("001");
        put(&mut l, trf::NUMBER.first, &format!("{number:>4}"));
        let name: String = one_line(&e.name).chars().take(trf::NAME.width()).collect();
        put(&mut l, trf::NAME.first, &name);
        let unrated = details.players.get(&e.id).is_some_and(|p| p.unrated);
        if e.rating > 0.0 && !unrated {
            put(
                &mut l,
                trf::RATING.first,
                &format!("{:>4}", (e.rating.round() as i64).clamp(0, 9999)),
            );
        }
        if let Some(person) = details.players.get(&e.id).map(|p| &p.person) {
            put_person(&mut l, person);
        }
        // Points over the rounds written.
        let pts: Points = complete
            .clone()
            .filter_map(|r| outcome_in(e.id, r))
            .map(|o| t.points.points(o))
            .sum();
        put(
            &mut l,
            trf::POINTS.first,
            &trf_points(pts, trf::POINTS.width()),
        );
        put(&mut l, trf::RANK.first, &format!("{:>4}", row.position));
        for r in complete.clone() {
            let col = trf::round(r as usize).first;
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
                        format!("{:>4}", number_of[&o]),
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
            put(&mut l, col + trf::COLOUR_OFFSET, colour);
            put(&mut l, col + trf::RESULT_OFFSET, result);
        }
        push_record(out, &l);
    }
}

/// `240`: absences from the round to be paired and the rounds after it (requested
/// byes, withdrawals).
fn write_absences(
    out: &mut String,
    t: &Tournament,
    number_of: &std::collections::HashMap<EntrantId, u32>,
    last_complete: u32,
) {
    let mut absent: std::collections::BTreeMap<(u32, &str), Vec<u32>> =
        std::collections::BTreeMap::new();
    for b in t.requested_byes.iter().filter(|b| b.round > last_complete) {
        let code = match b.points {
            super::ByePoints::Half => "H",
            super::ByePoints::Zero => "Z",
        };
        absent
            .entry((b.round, code))
            .or_default()
            .push(number_of[&b.player]);
    }
    for e in &t.entrants {
        if let Some(w) = e.withdrawn_after {
            for r in (w.max(last_complete) + 1)..=t.planned_rounds() {
                absent.entry((r, "Z")).or_default().push(number_of[&e.id]);
            }
        }
    }
    for ((round, code), mut players) in absent {
        players.sort_unstable();
        players.dedup();
        let mut l = record("240");
        put(&mut l, trf::ABSENCE_POINTS, code);
        put(&mut l, trf::ABSENCE_ROUND.first, &format!("{round:>3}"));
        for (k, p) in players.into_iter().enumerate() {
            put(&mut l, trf::absent_player(k).first, &format!("{p:>4}"));
        }
        push_record(out, &l);
    }
}

/// goobalay's extension records ([`trf_with`]).
fn write_extension(
    out: &mut String,
    t: &Tournament,
    details: &TrfDetails,
    numbers: &[(EntrantId, u32)],
    number_of: &std::collections::HashMap<EntrantId, u32>,
    last_complete: u32,
) {
    let mut ext = |key: &str, text: &str| {
        let _ = match text {
            "" => writeln!(out, "{EXTENSION_TAG} {key}"),
            _ => writeln!(out, "{EXTENSION_TAG} {key} {text}"),
        };
    };
    if let Some(form) = &details.form {
        ext("form", &one_line(form));
    }
    if let Some(n) = details.max_hands {
        ext("max-hands", &n.to_string());
    }
    if let Some(seed) = details.seed {
        ext("seed", &seed.to_string());
    }
    let names: Vec<&str> = t.tiebreak_order().iter().map(|tb| tb.name()).collect();
    ext("tiebreaks", &names.join(","));
    if t.has_third_place_match() {
        ext("third-place", "");
    }
    if !t.seeded_by_hand().is_empty() {
        let seeds: Vec<String> = t
            .seeded_by_hand()
            .iter()
            .filter_map(|id| number_of.get(id))
            .map(u32::to_string)
            .collect();
        ext("seeded-by-hand", &seeds.join(" "));
    }
    for &(id, number) in numbers {
        let e = t.entrant(id).expect("numbered from the entrants");
        let n = format!("{number:>4}");
        let name = one_line(&e.name);
        if name.chars().count() > trf::NAME.width() {
            ext("name", &format!("{n} {name}"));
        }
        let p = details.players.get(&id);
        let unrated = p.is_some_and(|p| p.unrated);
        if !unrated && e.rating > 0.0 && (e.rating.round() != e.rating || e.rating > 9999.0) {
            ext("rating", &format!("{n} {}", e.rating));
        }
        if let Some(club) = p.and_then(|p| p.club.as_deref()) {
            ext("club", &format!("{n} {}", one_line(club)));
        }
        if let Some(engine) = p.and_then(|p| p.engine.as_deref()) {
            ext("engine", &format!("{n} {}", one_line(engine)));
        }
        for r in p.iter().flat_map(|p| &p.starting_ratings) {
            ext(
                "starting-rating",
                &format!(
                    "{n} {} {} {}",
                    r.rating,
                    r.source.name(),
                    r.variant.as_deref().unwrap_or("*")
                ),
            );
        }
        if let Some(after) = e.withdrawn_after {
            ext("withdrawn", &format!("{n} {after}"));
        }
    }
    let mut played: Vec<&Fixture> = t
        .fixtures
        .iter()
        .filter(|f| f.pairing.round <= last_complete && f.pairing.north.is_some())
        .collect();
    played.sort_by_key(|f| (f.pairing.round, number_of[&f.pairing.south]));
    for f in played {
        let Some(r) = f.result.filter(|r| r.forfeit.is_none()) else {
            continue;
        };
        if r.seeds.south == 0 && r.seeds.north == 0 {
            continue;
        }
        ext(
            "seeds",
            &format!(
                "{:>3} {:>4} {} {}",
                f.pairing.round, number_of[&f.pairing.south], r.seeds.south, r.seeds.north
            ),
        );
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::BySide;
    use crate::tournament::{MatchResult, Pairing, testutil};

    /// Three players, two rounds: 1 beats 2 (30-18), bye 3; 3 draws 1 (24-24), bye 2.
    pub(crate) fn small() -> Tournament {
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

    /// One field as [`CsvWriter`] writes it, without the line end.
    fn csv_field(s: &str) -> String {
        let mut w = CsvWriter::empty();
        w.row([s]);
        let text = w.finish();
        text.trim_end_matches(['\n', '\r']).to_string()
    }

    #[test]
    fn csv_fields_that_a_spreadsheet_would_run_are_defused() {
        assert_eq!(
            csv_field("=HYPERLINK(\"http://x\",\"Cup\")"),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"Cup\"\")\""
        );
        for lead in ["+", "-", "@", "\t"] {
            let text = format!("{lead}1+2");
            assert_eq!(csv_field(&text), format!("'{text}"), "{lead:?}");
        }
        // A carriage return also needs quotes.
        assert_eq!(csv_field("\r1+2"), "\"'\r1+2\"");
        // Elsewhere a sign or a formula character is only text, and a number is data.
        assert_eq!(csv_field("Amina-Farah"), "Amina-Farah");
        assert_eq!(csv_field("a=b"), "a=b");
        assert_eq!(csv_field("-3"), "-3");
        assert_eq!(csv_field("="), "=");
        assert_eq!(csv_field("-"), "-");
        assert_eq!(csv_field("+1.5"), "+1.5");
        // An empty field is written empty (a lone empty record would be `""`).
        let mut w = CsvWriter::empty();
        w.row(["a", "", "b"]);
        assert_eq!(w.finish(), "a,,b\n");
    }

    #[test]
    fn csv_rows_quote_names_and_show_results() {
        let out = csv(&small());
        let lines: Vec<&str> = out.lines().collect();
        // The pairing sheet (4 boards), an empty line, the standings (3 players).
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[0], PAIRING_SHEET_HEADER.join(","));
        assert_eq!(
            lines[1],
            "1,1,,1,P1,2,\"Ama, \"\"Kofi\"\" | <b>\",1-0,south,30,18,"
        );
        assert_eq!(lines[2], "1,2,,3,P3,,bye,bye,bye,,,");
        assert_eq!(lines[3], "2,1,,3,P3,1,P1,1/2-1/2,draw,24,24,");
        assert_eq!(lines[5], "");
        assert!(lines[6].starts_with("position,name,rating,points"));
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
    fn markdown_escapes_names() {
        let t = small();
        let md = markdown(&t);
        assert!(md.starts_with("# Club \\<Spring\\> \"Open\", 2026\n"));
        assert!(
            md.contains("| 2 | P1 | 2000 | 1½ | 2 | 1 | 1 | 0 | ½ | 1¾ | 1 | 12 |"),
            "{md}"
        );
        assert!(md.contains("Ama, \"Kofi\" \\| \\<b\\>"));
        assert!(md.contains("### Round 2"));
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

    /// The column text of a TRF line, 1-based inclusive.
    fn col(l: &str, a: usize, b: usize) -> String {
        l.chars().skip(a - 1).take(b - a + 1).collect()
    }

    fn trf_line(out: &str, number: u32) -> &str {
        let tag = format!("001 {number:>4}");
        out.lines().find(|l| l.starts_with(&tag)).unwrap()
    }

    #[test]
    fn trf_names_the_initial_colour_goobalays_dutch_pairing_uses() {
        // Round 1 of a Swiss: pairing number 1 is South on board 1, so White.
        let mut t = testutil::tournament(Format::Swiss, 4);
        t.rounds = Some(3);
        let round1 = t.next_round().unwrap();
        assert_eq!(round1[0].south, 1, "{round1:?}");
        assert_eq!(
            crate::tournament::pairing::dutch::input_for(&t, 1).initial_side,
            crate::engine::Side::South
        );
        let out = trf(&t);
        assert!(out.lines().any(|l| l == "152 W"), "{out}");
    }

    /// A Swiss of six: round 1 played with a forfeit (4 absent), a double forfeit and
    /// a win; round 2 is paired with a half-point bye for 2; 6 withdrew after round 1;
    /// 3 asked for a zero-point bye in round 3.
    fn swiss_with_absences() -> Tournament {
        let mut t = testutil::tournament(Format::Swiss, 6);
        t.rounds = Some(3);
        // Starting ranks with a gap: TRF numbers are 1..n all the same.
        for e in &mut t.entrants {
            e.start_rank *= 10;
        }
        let board = |round, board, s, n, r| Fixture {
            pairing: Pairing {
                round,
                board,
                south: s,
                north: Some(n),
            },
            result: r,
        };
        t.fixtures = vec![
            board(
                1,
                1,
                1,
                4,
                Some(MatchResult::forfeited(crate::matches::Absent::North)),
            ),
            board(
                1,
                2,
                5,
                2,
                Some(MatchResult::forfeited(crate::matches::Absent::Both)),
            ),
            board(
                1,
                3,
                3,
                6,
                Some(MatchResult::played(Decision::North, BySide::new(18, 30))),
            ),
        ];
        t.entrants[5].withdrawn_after = Some(1);
        t.requested_byes = vec![
            crate::tournament::RequestedBye {
                round: 2,
                player: 2,
                points: crate::tournament::ByePoints::Half,
            },
            crate::tournament::RequestedBye {
                round: 3,
                player: 3,
                points: crate::tournament::ByePoints::Zero,
            },
        ];
        t
    }

    #[test]
    fn trf_writes_forfeits_with_their_codes_and_absences_as_240_records() {
        let t = swiss_with_absences();
        let out = trf(&t);
        // Forfeits: the colour as paired, + for the player present, - for the absent.
        assert_eq!(col(trf_line(&out, 1), 92, 99), "   4 w +");
        assert_eq!(col(trf_line(&out, 4), 92, 99), "   1 b -");
        assert_eq!(col(trf_line(&out, 5), 92, 99), "   2 w -");
        assert_eq!(col(trf_line(&out, 2), 92, 99), "   5 b -");
        assert_eq!(col(trf_line(&out, 6), 92, 99), "   3 b 1");
        assert_eq!(col(trf_line(&out, 1), 81, 84), " 1.0");
        assert_eq!(col(trf_line(&out, 5), 81, 84), " 0.0");
        // Absent from round 2: 2 (half-point bye) and 6 (withdrawn); from round 3:
        // 3 (zero-point bye) and 6.
        let absences: Vec<&str> = out.lines().filter(|l| l.starts_with("240")).collect();
        assert_eq!(
            absences,
            ["240 H   2    2", "240 Z   2    6", "240 Z   3    3    6"],
            "{out}"
        );
    }

    #[test]
    fn trf_of_a_later_round_writes_past_byes_and_withdrawals_as_codes() {
        let mut t = swiss_with_absences();
        let round2 = t.next_round().unwrap();
        assert!(round2.iter().all(|p| !p.involves(2) && !p.involves(6)));
        for p in round2 {
            let result = p
                .north
                .map(|_| MatchResult::played(Decision::Draw, BySide::new(24, 24)));
            t.fixtures.push(Fixture { pairing: p, result });
        }
        let out = trf(&t);
        assert_eq!(col(trf_line(&out, 2), 102, 109), "0000 - H");
        assert_eq!(col(trf_line(&out, 6), 102, 109), "0000 - Z");
        assert_eq!(col(trf_line(&out, 2), 81, 84), " 0.5");
        let absences: Vec<&str> = out.lines().filter(|l| l.starts_with("240")).collect();
        assert_eq!(absences, ["240 Z   3    3    6"], "{out}");
    }

    #[test]
    fn trf_rank_is_the_standings_after_the_rounds_written() {
        let mut t = swiss_with_absences();
        let out = trf(&t);
        let s = t.standings();
        for (id, number) in trf_numbers(&t) {
            let rank = col(trf_line(&out, number), 86, 89);
            assert_eq!(rank.trim(), s.row(id).unwrap().position.to_string(), "{id}");
        }
        // Round 2 in progress with one result in: the rank still follows round 1.
        let mut round2 = t.next_round().unwrap();
        round2.sort_by_key(|p| p.board);
        let first = round2[0];
        t.fixtures.extend(round2.into_iter().map(Fixture::pending));
        t.fixtures
            .iter_mut()
            .find(|f| f.pairing == first)
            .unwrap()
            .result = Some(MatchResult::played(Decision::North, BySide::new(0, 48)));
        assert_ne!(t.standings(), s, "the result in counts in the standings");
        assert_eq!(trf(&t), out, "a round in progress is not written");
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
