//! The HTML pages (maud: markup written in Rust, every interpolated value escaped,
//! checked when compiled). Each page: a header with the date and whether the event
//! is in progress, then `<main id="live">`, which `app.js` fetches again when the
//! page's event stream says its data changed.

use axum::Extension;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use goobalay::app::LoadedTournament;
use goobalay::app::players::PlayerCard;
use goobalay::app::views::{self, BoardView, MatchReplay, Progress, TournamentView};
use goobalay::engine::Side;
use goobalay::engine::TraceLine;
use goobalay::tournament::GameOutcome;
use goobalay::tournament::RoundOutcome;
use goobalay::tournament::{Format, RatingSystem};
use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::lang::{Lang, with_markup};
use super::{Ctx, internal, parse_id};
use crate::i18n::{args, count};

/// Marks a message id the code picks from a table (the completeness test finds
/// these, as it finds the ids given to `Lang::t`).
macro_rules! msg {
    ($id:literal) => {
        $id
    };
}

/// What a page's header says beside the date.
struct Head<'a> {
    lang: Lang,
    title: &'a str,
    /// "in progress: round 2 of 5", ...
    status: String,
    in_progress: bool,
    /// The event stream that announces changes of this page's data.
    events: String,
    /// `<body>` class (`projector`).
    class: &'a str,
}

fn today(lang: Lang) -> (String, String) {
    let now = chrono::Local::now();
    (
        now.to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
        lang.date_long(&now),
    )
}

fn layout(head: Head<'_>, body: Markup) -> Markup {
    let lang = head.lang;
    let (iso, shown) = today(lang);
    html! {
        (DOCTYPE)
        html lang=(lang.code()) dir=(lang.dir()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (head.title) " · goobalay" }
                link rel="stylesheet" href="/static/style.css";
                script src="/static/app.js" defer {}
            }
            body class=(head.class) data-events=(head.events) {
                header {
                    nav { a href="/" { (lang.t("tournaments")) } }
                    p.meta {
                        time datetime=(iso) { (shown) }
                        " · "
                        span.status.in-progress[head.in_progress] id="status" { (head.status) }
                        " "
                        span #live-state.live title=(lang.t("live-title")) data-on=(lang.t("live-on")) data-off=(lang.t("live-off")) {}
                    }
                }
                main #live { (body) }
                footer { "goobalay " (env!("CARGO_PKG_VERSION")) " " (super::lang::chooser(lang)) }
                (super::lang::script_words(lang))
            }
        }
    }
}

/// The page of a refusal: the status's name in the page's language, then `text`.
pub fn error_page(lang: Lang, status: StatusCode, text: &str) -> Response {
    let title = lang.ta("error-title", &args!["status" => status.as_u16()]);
    let page = layout(
        Head {
            lang,
            title: &title,
            status: format!("{} {title}", status.as_u16()),
            in_progress: false,
            events: String::new(),
            class: "",
        },
        html! { h1 { (title) } p { (text) } },
    );
    (status, page).into_response()
}

fn failed(lang: Lang, e: impl std::fmt::Display) -> Response {
    let (status, _) = internal(e);
    error_page(lang, status, &lang.t("error-database"))
}

/// An event's heading in the page's language ([`EventDetails::heading_in`]).
///
/// [`EventDetails::heading_in`]: goobalay::app::EventDetails::heading_in
impl goobalay::tournament::HeadingWords for Lang {
    fn day(&self, d: chrono::NaiveDate) -> String {
        Lang::day(*self, d)
    }
    fn number(&self, n: usize) -> String {
        Lang::number(*self, &n.to_string())
    }
    fn days_from_to(&self, from: String, to: String) -> String {
        self.ta("event-dates-range", &args!["from" => from, "to" => to])
    }
    fn days_from(&self, from: String) -> String {
        self.ta("event-dates-from", &args!["from" => from])
    }
    fn days_until(&self, to: String) -> String {
        self.ta("event-dates-until", &args!["to" => to])
    }
    fn chief_arbiter(&self, name: &str) -> String {
        self.ta("event-chief-arbiter", &args!["name" => name])
    }
    fn round_dates(&self, list: String) -> String {
        self.ta("event-round-dates", &args!["list" => list])
    }
}

/// A tournament's progress in one word, for the index ([`Progress`]).
fn progress_word(p: Progress) -> &'static str {
    match p {
        Progress::NotStarted => msg!("word-not-started"),
        Progress::InProgress { .. } => msg!("word-in-progress"),
        Progress::Finished { .. } => msg!("word-finished"),
    }
}

/// A tournament's progress as the header says it ([`Progress::text`] in words).
fn progress_text(lang: Lang, p: Progress) -> String {
    match p {
        Progress::NotStarted => lang.t("progress-not-started"),
        Progress::InProgress { round, rounds } => lang.ta(
            "progress-in-progress",
            &args!["round" => round, "rounds" => rounds],
        ),
        Progress::Finished { round, rounds } if round < rounds => lang.ta(
            "progress-closed-early",
            &args!["round" => round, "rounds" => rounds],
        ),
        Progress::Finished { round, .. } => lang.ta("progress-finished", &args!["round" => round]),
    }
}

/// A match's form (`single`, `hands`, `games:N`).
fn form_words(lang: Lang, form: &str) -> String {
    use goobalay::matches::MatchForm;
    match MatchForm::parse(form) {
        Ok(MatchForm::Single) => lang.t("form-single"),
        Ok(MatchForm::Hands) => lang.t("form-hands"),
        Ok(MatchForm::Games(n)) => lang.ta("form-games", &args!["games" => n]),
        Err(_) => form.to_string(),
    }
}

/// A system's name (`swiss`, `knockout`, ...).
/// A system's name as the pages give it (`swiss`, `knockout`, ...).
pub(super) fn format_word(lang: Lang, f: Format) -> String {
    lang.t(match f {
        Format::RoundRobin => msg!("format-round-robin"),
        Format::DoubleRoundRobin => msg!("format-double-round-robin"),
        Format::Swiss => msg!("format-swiss"),
        Format::Knockout => msg!("format-knockout"),
        Format::Monrad => msg!("format-monrad"),
    })
}

fn local(t: chrono::DateTime<chrono::Utc>) -> String {
    t.with_timezone(&chrono::Local)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

/// `/`: every tournament of the database, newest first.
pub async fn index(State(ctx): State<Ctx>, Extension(lang): Extension<Lang>) -> Response {
    let list = match goobalay::app::tournaments::list(&ctx.store).await {
        Ok(l) => l,
        Err(e) => return failed(lang, e),
    };
    let running = list.iter().filter(|l| l.progress.in_progress()).count();
    let body = html! {
        h1 { (lang.t("tournaments")) }
        @if list.is_empty() {
            p { (with_markup(lang, "index-empty", args![], "command", html! { code { "goobalay tournament new NAME ..." } })) }
        } @else {
            div.scroll { table {
                thead { tr { th { (lang.t("col-tournament")) } th { (lang.t("col-game")) } th { (lang.t("col-system")) } th { (lang.t("col-status")) } th.num { (lang.t("col-players")) } th.num { (lang.t("col-rounds")) } th.num { (lang.t("col-results")) } th { (lang.t("col-created")) } } }
                tbody {
                    @for l in &list {
                        @let s = &l.summary;
                        tr {
                            td { a href={ "/tournaments/" (s.row.id) } { (s.row.name) } }
                            td { (s.row.variant) }
                            td { (format_word(lang, s.row.format)) }
                            td { span.in-progress[l.progress.in_progress()] { (lang.t(progress_word(l.progress))) } }
                            td.num { (s.entrants) }
                            td.num { (s.rounds_paired) }
                            td.num { (s.matches_finished) "/" (s.matches) }
                            td { (local(s.row.created_at)) }
                        }
                    }
                }
            } }
        }
    };
    let title = lang.t("tournaments");
    layout(
        Head {
            lang,
            title: &title,
            status: lang.ta(
                "events-in-progress",
                &args!["count" => count(running as i64)],
            ),
            in_progress: running > 0,
            events: "/api/events".to_string(),
            class: "",
        },
        body,
    )
    .into_response()
}

async fn load(ctx: &Ctx, lang: Lang, id: &str) -> Result<TournamentView, Response> {
    super::api::load(ctx, id).await.map_err(|r| {
        if r.status() == StatusCode::NOT_FOUND {
            error_page(lang, StatusCode::NOT_FOUND, &lang.t("error-no-tournament"))
        } else {
            error_page(lang, r.status(), &lang.t("error-database"))
        }
    })
}

use goobalay::tournament::money;

fn player_link(id: i64, name: &str) -> Markup {
    html! { a href={ "/players/" (id) } { (name) } }
}

fn seeds(b: &BoardView) -> String {
    match (b.seeds_south, b.seeds_north) {
        (Some(s), Some(n)) => format!("{s}–{n}"),
        _ => String::new(),
    }
}

/// A round's boards: board, South (moves first), North, result, seeds; then the
/// byes outside the pairing.
fn round_table(lang: Lang, loaded: &LoadedTournament, boards: &[BoardView], round: u32) -> Markup {
    let byes: Vec<_> = loaded
        .tournament
        .recorded_byes()
        .filter(|b| b.round == round)
        .collect();
    html! {
        div.scroll { table.pairings {
            thead { tr { th.num { (lang.t("col-board")) } th { (lang.t("col-south-first")) } th.result { (lang.t("col-result")) } th { (lang.t("col-north")) } th.num { (lang.t("col-seeds")) } } }
            tbody {
                @for b in boards.iter().filter(|b| b.round == round) {
                    tr.pending[b.result == "*"] {
                        td.num { (b.board) }
                        td { (player_link(b.south_id, &b.south)) }
                        td.result {
                            @match b.match_id {
                                Some(m) => a href={ "/matches/" (m) } title=(lang.t("replay-title")) { (result_word(lang, b.result)) },
                                None => (result_word(lang, b.result)),
                            }
                        }
                        td { @match (b.north_id, &b.north) {
                            (Some(id), Some(n)) => (player_link(id, n)),
                            _ => em { (lang.t("bye")) },
                        } }
                        td.num { (seeds(b)) }
                    }
                }
                @for y in &byes {
                    tr {
                        td.num { "–" }
                        td { (player_link(y.player, loaded.name_of(y.player))) }
                        td.result { (lang.t(match y.points {
                            goobalay::tournament::ByePoints::Half => msg!("bye-half-point"),
                            goobalay::tournament::ByePoints::Zero => msg!("bye-zero-point"),
                        })) }
                        td { em { (lang.t("outside-the-pairing")) } }
                        td.num {}
                    }
                }
            }
        } }
    }
}

fn result_word(lang: Lang, r: &str) -> String {
    match r {
        "*" => lang.t("playing"),
        "bye" => lang.t("bye"),
        other => lang.number(other),
    }
}

/// An accelerated Swiss's group A and virtual points under its standings (the
/// plan [`views::AccelerationView`] words for the terminal), once group A is known.
fn acceleration_line(lang: Lang, t: &goobalay::tournament::Tournament) -> Option<String> {
    let plan = t.acceleration_plan()?;
    let name = |id: Option<&i64>| id.and_then(|id| t.entrant(*id)).map(|e| e.name.clone());
    let (first, last) = (name(plan.group_a.first())?, name(plan.group_a.last())?);
    Some(lang.ta(
        "acceleration-baku",
        &args![
            "count" => plan.group_a.len(),
            "first" => first,
            "last" => last,
            "full" => lang.number(&plan.full.to_string()),
            "full-until" => plan.full_until,
            "half" => lang.number(&plan.half.to_string()),
            "half-until" => plan.half_until
        ],
    ))
}

/// The standings: place, name and points first (what a phone shows without
/// scrolling), then the rating, the games and the tiebreaks.
fn standings_table(lang: Lang, loaded: &LoadedTournament) -> Markup {
    let doc = views::standings(loaded);
    let s = &doc.standings;
    let knockout = loaded.tournament.format().rules().eliminates;
    html! {
        div.scroll { table.standings {
            thead { tr {
                th.num { "#" } th { (lang.t("col-name")) } th.num { (lang.t("col-points")) } th.num { (rating_label(lang, &loaded.row)) }
                th.num title=(lang.t("games-played")) { (lang.t("col-played")) } th.num { (lang.t("col-won-short")) } th.num { (lang.t("col-drawn-short")) } th.num { (lang.t("col-lost-short")) } th.num { (lang.t("col-byes")) }
                @if knockout { th { (lang.t("col-reached")) } }
                @for tb in &s.tiebreaks { @let (short, long) = tiebreak_words(lang, *tb); th.num title=(long) { (short) } }
            } }
            tbody {
                @for r in &s.rows {
                    tr.withdrawn[r.withdrawn] {
                        td.num { (r.place_text()) }
                        td { (player_link(r.id, &r.name)) @if r.withdrawn { " " small { (lang.t("withdrawn")) } } }
                        td.num.points { (lang.number(&r.points.to_string())) }
                        td.num { (lang.number(&format!("{:.0}", r.rating))) }
                        td.num { (r.played) } td.num { (r.wins) } td.num { (r.draws) } td.num { (r.losses) } td.num { (r.byes) }
                        @if knockout { td { (r.reached.map_or("–".into(), |x| lang.ta("reached-round", &args!["round" => x]))) } }
                        @for v in &r.tiebreaks { td.num { @if v.value.is_some() { (lang.number(&v.to_string())) } @else { "–" } } }
                    }
                }
            }
        } }
        details.legend {
            summary { (lang.t("legend-title")) }
            dl {
                dt { (rating_label(lang, &loaded.row)) } dd { (lang.t("legend-rating")) }
                dt { (lang.t("legend-played-term")) } dd { (lang.t("legend-played")) }
                dt { (lang.t("col-byes")) } dd { (lang.t("legend-byes")) }
                @for tb in &s.tiebreaks { @let (short, long) = tiebreak_words(lang, *tb); dt { (short) } dd { (long) } }
                @if s.rows.iter().any(|r| r.shared) { dt { "=" } dd { (lang.t("legend-shared")) } }
            }
        }
    }
}

/// A match's result as the director's records give it
/// ([`goobalay::matches::ResultSummary::text`] in the page's language).
fn summary_words(lang: Lang, r: &goobalay::matches::ResultSummary) -> String {
    use goobalay::matches::{Absent, MatchOutcome};
    let seeds = r.seeds.map_or(String::new(), |s| {
        format!(
            " {}",
            lang.ta(
                "summary-seeds",
                &args!["south" => s.south, "north" => s.north]
            )
        )
    });
    match (r.winner, r.unplayed) {
        (Some(_), Some(Absent::Both)) => lang.t("summary-unplayed"),
        (Some(MatchOutcome::Winner(Side::South)), Some(_)) => lang.t("summary-south-by-forfeit"),
        (Some(MatchOutcome::Winner(Side::North)), Some(_)) => lang.t("summary-north-by-forfeit"),
        (Some(MatchOutcome::Winner(Side::South)), None) => format!("1-0{seeds}"),
        (Some(MatchOutcome::Winner(Side::North)), None) => format!("0-1{seeds}"),
        (Some(MatchOutcome::Draw), None) => format!("{}{seeds}", lang.t("summary-draw")),
        (Some(MatchOutcome::Draw), Some(_)) | (None, _) => lang.t("summary-none"),
    }
}

/// What a correction changed ([`goobalay::matches::CorrectionKind::describe`]
/// in the page's language).
fn correction_words(lang: Lang, kind: &goobalay::matches::CorrectionKind) -> String {
    use goobalay::matches::Absent;
    use goobalay::matches::{CorrectionKind, scores_text};
    match kind {
        CorrectionKind::Score { hand, score } => lang.ta(
            "correction-hand",
            &args!["hand" => *hand, "score" => format!("{}-{}", score.south, score.north)],
        ),
        CorrectionKind::Games { scores } => {
            lang.ta("correction-games", &args!["scores" => scores_text(scores)])
        }
        CorrectionKind::Match { decision, seeds } => {
            let result = goobalay::matches::ResultSummary {
                winner: Some(*decision),
                seeds: *seeds,
                unplayed: None,
            };
            lang.ta(
                "correction-match",
                &args!["result" => summary_words(lang, &result)],
            )
        }
        CorrectionKind::Absent {
            absent: Absent::Both,
        } => lang.t("correction-double-forfeit"),
        CorrectionKind::Absent { absent } => lang.t(match absent {
            Absent::South => msg!("correction-forfeit-south"),
            _ => msg!("correction-forfeit-north"),
        }),
        CorrectionKind::Void => lang.t("correction-void"),
    }
}

/// Why a hand ended, from its keyword (`no-moves`, `all-captured`, `repetition`,
/// `result`); a keyword not known here is shown as it is.
fn end_word(lang: Lang, end: &str) -> String {
    match end {
        "no-moves" => lang.t("end-no-moves"),
        "all-captured" => lang.t("end-all-captured"),
        "repetition" => lang.t("end-repetition"),
        "result" => lang.t("end-result"),
        other => other.to_string(),
    }
}

/// What a move did, in the page's language ([`goobalay::matches::PlayedMove::what_it_did`]'s
/// words from the same facts).
fn move_words(lang: Lang, m: &goobalay::matches::StepMove) -> String {
    if m.pass {
        return lang.t("move-passes");
    }
    let mut parts = Vec::new();
    if m.laps > 1 {
        parts.push(lang.ta(
            "move-relays",
            &args!["laps" => m.laps, "relays" => count(i64::from(m.laps - 1))],
        ));
    }
    if m.uurs_made {
        parts.push(lang.t("move-makes-uurs"));
    }
    if m.captured > 0 {
        let captured = args!["captured" => m.captured, "from" => m.captured_from_opponent_row];
        parts.push(match m.captured_from_opponent_row {
            0 => lang.ta("move-captures-own-row", &captured),
            k if k == m.captured => lang.ta("move-captures", &captured),
            _ => lang.ta("move-captures-some-from", &captured),
        });
    }
    if m.captured == 0 && !m.uurs_made {
        parts.push(lang.t("move-captures-nothing"));
    }
    parts.join(&format!(" {} ", lang.t("and")))
}

/// A match's hands for the replay in the page, each move's words in the page's
/// language.
fn hands_in_words(
    lang: Lang,
    hands: &[goobalay::matches::HandReplay],
) -> Vec<goobalay::matches::HandReplay> {
    let mut hands = hands.to_vec();
    for step in hands.iter_mut().flat_map(|h| h.steps.iter_mut()) {
        if let Some(played) = &mut step.played {
            played.text = move_words(lang, played);
        }
    }
    hands
}

/// A match's result in words ([`views::match_result`] in the page's language).
fn match_result(lang: Lang, m: &goobalay::app::MatchRow) -> String {
    use goobalay::app::Ending;
    use goobalay::matches::{Absent, MatchOutcome};
    let name = |w: MatchOutcome| {
        if w == MatchOutcome::Winner(Side::South) {
            m.south.as_str()
        } else {
            m.north.as_str()
        }
    };
    let won = |id: &str, w: MatchOutcome| lang.ta(id, &args!["name" => name(w)]);
    let text = match (m.ending, m.winner) {
        (_, None) => return lang.t("result-in-play"),
        (Some(Ending::Void), _) => lang.t("result-void"),
        (
            Some(Ending::Forfeit {
                absent: Absent::Both,
            }),
            _,
        ) => lang.t("result-double-forfeit"),
        (Some(Ending::Forfeit { .. }), Some(w)) => won("result-won-by-forfeit", w),
        (Some(Ending::Entered), Some(MatchOutcome::Draw)) => lang.t("result-draw-entered"),
        (Some(Ending::Entered), Some(w)) => won("result-won-entered", w),
        (None, Some(MatchOutcome::Draw)) => lang.t("result-draw"),
        (None, Some(w)) => won("result-won", w),
    };
    if m.corrected && m.ending != Some(Ending::Void) {
        lang.ta("result-corrected", &args!["text" => text])
    } else {
        text
    }
}

/// A tiebreak's column heading and what it means.
fn tiebreak_words(lang: Lang, tb: goobalay::tournament::Tiebreak) -> (String, String) {
    use goobalay::tournament::Tiebreak;
    let (short, long) = match tb {
        Tiebreak::Buchholz => (msg!("tb-buchholz-short"), msg!("tb-buchholz")),
        Tiebreak::BuchholzCut1 => (msg!("tb-buchholz-cut1-short"), msg!("tb-buchholz-cut1")),
        Tiebreak::SonnebornBerger => (
            msg!("tb-sonneborn-berger-short"),
            msg!("tb-sonneborn-berger"),
        ),
        Tiebreak::HeadToHead => (msg!("tb-head-to-head-short"), msg!("tb-head-to-head")),
        Tiebreak::Wins => (msg!("tb-wins-short"), msg!("tb-wins")),
        Tiebreak::SeedDifference => (msg!("tb-seed-difference-short"), msg!("tb-seed-difference")),
    };
    (lang.t(short), lang.t(long))
}

/// The rating column's heading: the system and the game, or Elo over every game.
fn rating_label(lang: Lang, row: &goobalay::app::TournamentRow) -> String {
    match row.rating_system {
        Some(s) => format!("{} ({})", s.label(), row.variant),
        None => lang.t("rating-all-games"),
    }
}

fn outcome_class(o: RoundOutcome) -> &'static str {
    match o {
        RoundOutcome::Decided(o) => match o {
            GameOutcome::Win => "win",
            GameOutcome::Draw => "draw",
            GameOutcome::Loss => "loss",
            GameOutcome::ForfeitWin | GameOutcome::ForfeitLoss => "forfeit",
            GameOutcome::Bye | GameOutcome::HalfBye | GameOutcome::ZeroBye => "bye",
        },
        RoundOutcome::Pending | RoundOutcome::NotPaired => "none",
    }
}

/// The crosstable: round by round (opponent's number, side, result; byes and
/// forfeits marked as TRF does) and, for a round robin, every player against every
/// other.
fn crosstable(lang: Lang, loaded: &LoadedTournament) -> Markup {
    let x = loaded.tournament.crosstable();
    let grid = loaded.tournament.format().rules().everyone_meets;
    html! {
        h3 { (lang.t("round-by-round")) }
        div.scroll { table.cross {
            thead { tr {
                th.num { "#" } th { (lang.t("col-name")) }
                @for r in 1..=x.rounds { th.num { (lang.ta("round-short", &args!["round" => r])) } }
                th.num { (lang.t("col-points")) }
            } }
            tbody {
                @for (i, p) in x.players.iter().enumerate() {
                    tr {
                        td.num { (p.position) }
                        td { (player_link(p.id, &p.name)) }
                        @for e in &x.cards[i] {
                            td class={ "num " (outcome_class(e.outcome)) } {
                                (e.outcome.symbol())
                                @if let Some(o) = e.opponent_position {
                                    small { " " (o) (e.side.map_or(String::new(), |s| lang.t(if s == Side::South { msg!("side-south-short") } else { msg!("side-north-short") }))) }
                                }
                            }
                        }
                        td.num.points { (lang.number(&p.points.to_string())) }
                    }
                }
            }
        } }
        @if grid && !x.players.is_empty() {
            h3 { (lang.t("player-against-player")) }
            div.scroll { table.cross {
                thead { tr {
                    th.num { "#" } th { (lang.t("col-name")) }
                    @for p in &x.players { th.num { (p.position) } }
                    th.num { (lang.t("col-points")) }
                } }
                tbody {
                    @for (i, p) in x.players.iter().enumerate() {
                        tr {
                            td.num { (p.position) }
                            td { (player_link(p.id, &p.name)) }
                            @for j in 0..x.players.len() {
                                @if i == j { td.self { "×" } } @else {
                                    td.num { (x.cells[i][j].iter().map(|e| e.outcome.symbol()).collect::<Vec<_>>().join(" ")) }
                                }
                            }
                            td.num.points { (lang.number(&p.points.to_string())) }
                        }
                    }
                }
            } }
        }
        p.small { (lang.t("cross-legend-results")) " " b { "+" } " " (lang.t("cross-legend-forfeit-won")) " " b { "-" } " " (lang.t("cross-legend-forfeit-lost")) " "
            b { "U" } " " (lang.t("cross-legend-pairing-bye")) " " b { "H" } " " (lang.t("cross-legend-half-bye")) " " b { "Z" } " " (lang.t("cross-legend-zero-bye")) " "
            (lang.t("cross-legend-rest")) }
    }
}

fn tournament_head<'a>(lang: Lang, v: &'a TournamentView, class: &'a str, id: i64) -> Head<'a> {
    Head {
        lang,
        title: &v.record.loaded.row.name,
        status: progress_text(lang, v.progress),
        in_progress: v.progress.in_progress(),
        events: format!("/api/tournaments/{id}/events"),
        class,
    }
}

/// `/tournaments/{id}`: the current round first, then standings, past rounds,
/// crosstable and the director's records.
pub async fn tournament(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    Path(id): Path<String>,
    Query(after): Query<super::api::AfterRound>,
) -> Response {
    let v = match load(&ctx, lang, &id).await {
        Ok(v) => v,
        Err(r) => return r,
    };
    let loaded = &v.record.loaded;
    // `?round=N`: the standings and crosstable as they stood after round N.
    let then = match after.round {
        Some(round) => match super::api::load_after_round(&ctx, &id, round).await {
            Ok(then) => Some(then),
            Err(refused) => return error_page(lang, refused.status, &refused.text),
        },
        None => None,
    };
    let results = then.as_ref().unwrap_or(loaded);
    let t = &loaded.tournament;
    let row = &loaded.row;
    let boards = views::boards(loaded);
    let current = t.current_round();
    let body = html! {
        h1 { (row.name) }
        p.sub {
            (row.variant) " · " (format_word(lang, row.format)) " · "
            (lang.ta("tournament-sub", &args![
                "form" => form_words(lang, &row.match_form),
                "players" => count(t.entrants().len() as i64),
                "win" => lang.number(&t.points().win.to_string()),
                "draw" => lang.number(&t.points().draw.to_string()),
                "loss" => lang.number(&t.points().loss.to_string()),
                "bye" => lang.number(&t.points().bye.to_string()),
            ]))
        }
        @for line in row.details.heading_in(&lang) { p.sub.event { (line) } }
        section #current {
            @match v.progress {
                Progress::NotStarted => {
                    h2 { (lang.t("entries")) }
                    p { (lang.t("no-round-yet")) }
                    ul.entrants { @for e in t.entrants() { li { (player_link(e.id, &e.name)) } } }
                }
                _ => {
                    h2 { (lang.ta("round-heading", &args!["round" => current])) @if current == t.planned_rounds() { " " (lang.t("last-round")) } }
                    (round_table(lang, loaded, &boards, current))
                }
            }
        }
        @if t.format().rules().eliminates && t.entrants().len() >= 2 {
            section #bracket { h2 { (lang.t("bracket")) } (bracket(lang, loaded, &boards)) }
        }
        @if current > 0 {
            section #standings {
                h2 { (lang.t("standings")) small { (standings_when(lang, results)) } }
                (standings_table(lang, results))
                @if let Some(line) = acceleration_line(lang, &results.tournament) { p.sub.acceleration { (line) } }
            }
        }
        @if !v.prizes.is_empty() {
            section #prizes {
                h2 { (lang.t("prizes")) small { (lang.t(if t.is_finished() { msg!("prizes-final") } else { msg!("prizes-as-standing") })) } }
                table.prizes {
                    thead { tr { th { (lang.t("col-prize")) } th { (lang.t("col-value")) } th { (lang.t("col-winner")) } th { (lang.t("col-place")) } th { (lang.t("col-amount")) } } }
                    tbody {
                        @for a in &v.prizes {
                            @if a.winners.is_empty() {
                                tr { td { (a.prize.kind) } td { (money(a.prize.value)) } td { (lang.t("nobody")) } td {} td {} }
                            }
                            @for w in &a.winners {
                                tr {
                                    td { (a.prize.kind) } td { (money(a.prize.value)) }
                                    td { (player_link(w.id, &w.name)) } td { (w.place) } td { (money(w.amount)) }
                                }
                            }
                        }
                    }
                }
            }
        }
        @if current > 1 {
            section #rounds {
                h2 { (lang.t("earlier-rounds")) }
                @for r in (1..current).rev() {
                    details open[r + 1 == current] {
                        summary { (lang.ta("round-heading", &args!["round" => r])) }
                        (round_table(lang, loaded, &boards, r))
                        p.links { a href={ "/tournaments/" (row.id) "?round=" (r) "#standings" } { (lang.ta("standings-after-round", &args!["round" => r])) } }
                    }
                }
            }
        }
        @if current > 0 {
            section #crosstable { h2 { (lang.t("crosstable")) } (crosstable(lang, results)) }
        }
        @if !v.record.corrections.is_empty() || !v.record.status_changes.is_empty() || v.record.rounds.iter().any(|r| r.method == "manual" || r.unpaired_at.is_some()) {
            section #records {
                h2 { (lang.t("records")) }
                ul {
                    @for r in &v.record.rounds {
                        @if let Some(at) = r.unpaired_at {
                            li { (lang.ta("record-unpaired", &args!["round" => r.round, "paired" => local(r.paired_at), "at" => local(at)])) @if let Some(why) = &r.unpair_reason { ": " (why) } }
                        } @else if r.method == "manual" {
                            li { (lang.ta("record-by-hand", &args!["round" => r.round])) @if let Some(why) = &r.reason { ": " (why) } }
                        }
                    }
                    @for c in &v.record.corrections {
                        li { (with_markup(lang, "record-corrected", args!["at" => local(c.corrected_at)], "match", html! { a href={ "/matches/" (c.match_id) } { (c.match_id) } })) ": "
                            (correction_words(lang, &c.kind)) " (" (c.reason) "): " (lang.ta("record-before-after", &args!["before" => summary_words(lang, &c.before), "after" => summary_words(lang, &c.after)])) }
                    }
                    @for c in &v.record.status_changes {
                        li { (lang.ta(if c.status == "finished" { msg!("record-closed") } else { msg!("record-reopened") }, &args!["at" => local(c.changed_at)])) @if let Some(why) = &c.reason { ": " (why) } }
                    }
                }
            }
        }
        p.links {
            a href={ "/tournaments/" (row.id) "/projector" } { (lang.t("projector-view")) } " · "
            a href={ "/api/tournaments/" (row.id) } { "JSON" }
        }
    };
    layout(tournament_head(lang, &v, "", row.id), body).into_response()
}

/// A knockout drawn as a bracket: a column per round, a box per match. Who went
/// on is the application's bracket view (`views::bracket`, as the CLI's crosstable
/// draws it), not decided here.
fn bracket(lang: Lang, loaded: &LoadedTournament, boards: &[BoardView]) -> Markup {
    use goobalay::app::views::BracketSlot;
    let t = &loaded.tournament;
    let current = t.current_round();
    let view = views::bracket(t);
    let third_place = view.third_place.map(|p| (p.round, p.south));
    let side = |b: &BoardView, id: i64, name: &str| {
        html! { div.player.won[view.won(b.round, b.south_id, id)] { (player_link(id, name)) } }
    };
    // Before round 1: its matches as the seeding gives them.
    let seeded = |slot: Option<&BracketSlot>| match slot {
        Some(BracketSlot::Seeded { seed, id, name }) => {
            html! { div.player { (seed) " " (player_link(*id, name)) } }
        }
        _ => html! { div.player { em { (lang.t("bye")) } } },
    };
    html! {
        div.bracket {
            @for r in 1..=t.planned_rounds() {
                div.round {
                    h3 { (lang.ta("round-heading", &args!["round" => r])) }
                    @if r == 1 && current == 0 {
                        @for pair in view.columns[0].chunks(2) {
                            div.game.later {
                                (seeded(pair.first()))
                                (seeded(pair.get(1)))
                            }
                        }
                    } @else if r > current { div.game.later { (lang.t("to-be-paired")) } }
                    @for b in boards.iter().filter(|b| b.round == r) {
                        @if third_place == Some((b.round, b.south_id)) { h3 { (lang.t("third-place")) } }
                        div.game {
                            (side(b, b.south_id, &b.south))
                            @match (b.north_id, &b.north) {
                                (Some(id), Some(n)) => (side(b, id, n)),
                                _ => div.player { em { (lang.t("bye")) } },
                            }
                            div.score {
                                @match b.match_id {
                                    Some(m) => a href={ "/matches/" (m) } { (result_word(lang, b.result)) },
                                    None => (result_word(lang, b.result)),
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// " after round 2 of 5 (round 3 in progress), with 3 of round 3's 7 results", as
/// every front end says it ([`goobalay::tournament::StandingsScope::text`]).
fn standings_when(lang: Lang, loaded: &LoadedTournament) -> String {
    let scope = loaded.tournament.standings_scope();
    let round = |r: u32| args!["round" => r, "rounds" => scope.planned];
    let mut text = lang.ta("standings-after", &round(scope.after));
    if scope.finished {
        return format!(" {}", lang.ta("standings-final", &args!["text" => text]));
    }
    if let Some(current) = scope.early.last() {
        text = lang.ta(
            "standings-in-progress",
            &args!["text" => text, "round" => current.round],
        );
    }
    let counted: Vec<String> = scope
        .early
        .iter()
        .filter(|r| r.counted > 0)
        .map(|r| {
            lang.ta(
                "standings-counted",
                &args!["counted" => r.counted, "round" => r.round, "boards" => r.boards],
            )
        })
        .collect();
    if !counted.is_empty() {
        let and = format!(" {} ", lang.t("and"));
        text = lang.ta(
            "standings-with",
            &args!["text" => text, "counted" => counted.join(&and)],
        );
    }
    format!(" {text}")
}

/// `/tournaments/{id}/projector`: large type, the current round's pairings and the
/// standings taking turns on the screen (`app.js` switches them every 15 s, or
/// every `?turn=SECONDS`, and shows a table longer than the screen a page a turn).
pub async fn projector(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    Path(id): Path<String>,
) -> Response {
    let v = match load(&ctx, lang, &id).await {
        Ok(v) => v,
        Err(r) => return r,
    };
    let loaded = &v.record.loaded;
    let t = &loaded.tournament;
    let boards = views::boards(loaded);
    let current = t.current_round();
    let body = html! {
        h1 { (loaded.row.name) }
        div.slides {
            section.slide.shown {
                h2 { (lang.ta("round-heading", &args!["round" => current])) " " span.page-of {} }
                @if current > 0 { (round_table(lang, loaded, &boards, current)) } @else { p { (lang.t("no-round-yet")) } }
            }
            @if current > 0 {
                section.slide {
                    h2 { (lang.t("standings")) small { (standings_when(lang, loaded)) } " " span.page-of {} }
                    (standings_table(lang, loaded))
                }
            }
        }
    };
    layout(tournament_head(lang, &v, "projector", loaded.row.id), body).into_response()
}

/// A small line chart of one variant's rating history (inline SVG, drawn here),
/// captioned with the variant and the rating's range.
fn rating_chart(lang: Lang, r: &goobalay::app::players::VariantRating) -> Markup {
    let points: Vec<f64> = r
        .history
        .first()
        .map(|c| c.before)
        .into_iter()
        .chain(r.history.iter().map(|c| c.after))
        .collect();
    if points.len() < 2 {
        return html! {};
    }
    let (w, h, pad) = (320.0_f64, 120.0_f64, 6.0_f64);
    let lo = points.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = points.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let span = (hi - lo).max(1.0);
    let step = (w - 2.0 * pad) / (points.len() - 1) as f64;
    let path: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{:.1},{:.1}",
                pad + i as f64 * step,
                h - pad - (p - lo) / span * (h - 2.0 * pad)
            )
        })
        .collect();
    html! {
        figure.chart {
            svg viewBox={ "0 0 " (w) " " (h) } role="img" aria-label=(lang.ta("rating-history", &args!["game" => r.variant.to_string()])) {
                polyline points=(path.join(" ")) fill="none" stroke="currentColor" stroke-width="2" {}
            }
            figcaption {
                (r.variant) ", " (lang.ta("rating-chart-caption", &args![
                    "system" => r.system.label(),
                    "count" => count(r.history.len() as i64),
                    "low" => lang.number(&format!("{lo:.0}")),
                    "high" => lang.number(&format!("{hi:.0}")),
                    "now" => lang.number(&format!("{:.0}", points[points.len() - 1])),
                ]))
            }
        }
    }
}

/// A player's matches counted ([`goobalay::app::players::Tally::words`] in the
/// page's language).
fn tally_words(lang: Lang, t: &goobalay::app::players::Tally) -> String {
    let mut text = lang.ta(
        "tally",
        &args![
            "won" => count(t.won as i64),
            "won_by_forfeit" => count(t.won_by_forfeit as i64),
            "drawn" => count(t.drawn as i64),
            "lost" => count(t.lost as i64),
            "lost_by_forfeit" => count(t.lost_by_forfeit as i64),
        ],
    );
    if t.void > 0 {
        text = lang.ta(
            "tally-void",
            &args!["text" => text, "void" => count(t.void as i64)],
        );
    }
    lang.ta(
        "tally-playing",
        &args!["text" => text, "playing" => count(t.playing as i64)],
    )
}

/// `/players/{id}`: the player's ratings, rating history and matches.
pub async fn player(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    Path(id): Path<String>,
) -> Response {
    let Some(id) = parse_id(&id) else {
        return error_page(lang, StatusCode::NOT_FOUND, &lang.t("error-no-player"));
    };
    let card: PlayerCard =
        match goobalay::app::players::card_by_id(&ctx.store, id, RatingSystem::default()).await {
            Ok(Some(c)) => c,
            Ok(None) => {
                return error_page(lang, StatusCode::NOT_FOUND, &lang.t("error-no-player"));
            }
            Err(e) => return failed(lang, e),
        };
    let reviewed = match goobalay::app::standing_reviews(&ctx.store, &card.matches).await {
        Ok(reviewed) => reviewed,
        Err(e) => return failed(lang, e),
    };
    let tally = card.tally();
    let p = &card.player;
    // As `player show` lists them: a variant never played, rated only by a starting
    // rating for every variant, has no line of its own; one line says what they hold.
    let unplayed = |r: &goobalay::app::players::VariantRating| {
        r.history.is_empty() && r.base.as_ref().is_some_and(|b| b.variant.is_none())
    };
    let listed: Vec<_> = card.ratings.iter().filter(|r| !unplayed(r)).collect();
    let rest = card.ratings.iter().find(|r| unplayed(r));
    let value = |r: &goobalay::app::players::VariantRating| match r.rating {
        Some(x) => lang.number(&format!("{x:.0}")),
        None => lang.t("unrated"),
    };
    let start = |r: &goobalay::app::players::VariantRating| match &r.base {
        Some(b) => crate::ratings_cmd::describe(b),
        None => "-".to_string(),
    };
    let body = html! {
        h1 { (p.name) }
        p.sub {
            @match &p.engine { Some(level) => { (lang.ta("engine-player", &args!["level" => level.to_string()])) }, None => (lang.t("player")) }
            @if let Some(club) = &p.club { " · " (club) }
            " · " (lang.ta("added-at", &args!["at" => local(p.created_at)]))
            @if let Some(t) = p.retired_at { " · " (lang.ta("retired-at", &args!["at" => local(t)])) }
        }
        p { (lang.ta("match-count", &args!["count" => count(card.matches.len() as i64)])) ": " (tally_words(lang, &tally)) }
        @if !card.ratings.is_empty() {
            h2 { (lang.t("ratings")) }
            div.scroll { table {
                thead { tr { th { (lang.t("col-game")) } th.num { (RatingSystem::default()) } th.num { (lang.t("col-rated-matches")) } th { (lang.t("col-starting-rating")) } } }
                tbody {
                    @for r in &listed { tr {
                        td { (r.variant) }
                        td.num { (value(r)) }
                        td.num { (r.history.len()) }
                        td { (start(r)) }
                    } }
                    @if let Some(r) = rest { tr {
                        td { (lang.t(if listed.is_empty() { msg!("every-variant") } else { msg!("other-variants") })) }
                        td.num { (value(r)) }
                        td.num { "0" }
                        td { (start(r)) }
                    } }
                }
            } }
            @for r in &card.ratings { (rating_chart(lang, r)) }
        }
        h2 { (lang.t("matches")) }
        @if card.matches.is_empty() { p { (lang.t("no-match-yet")) } } @else {
            div.scroll { table {
                thead { tr { th { (lang.t("col-date")) } th { (lang.t("col-south")) } th { (lang.t("col-north")) } th { (lang.t("col-result")) } th.num { (lang.t("col-seeds")) } th { (lang.t("col-event")) } } }
                tbody { @for m in &card.matches { tr {
                    td { a href={ "/matches/" (m.id) } { (local(m.created_at)) } }
                    td { (player_link(m.south_id, &m.south)) }
                    td { (player_link(m.north_id, &m.north)) }
                    td { (match_result(lang, m)) }
                    td.num { @if let Some(seeds) = m.seeds { (seeds.south) "–" (seeds.north) } }
                    td { @match (m.tournament_id, &m.tournament) {
                        (Some(t), Some(name)) => { a href={ "/tournaments/" (t) } { (name) } @if let Some(r) = m.round { " " (lang.ta("round-short-lower", &args!["round" => r])) } },
                        _ => { (m.variant) }
                    } }
                } } }
            } }
        }
        (super::review_view::accuracy_section(lang, id, &reviewed))
    };
    layout(
        Head {
            lang,
            title: &p.name,
            status: if tally.playing > 0 {
                lang.ta(
                    "playing-matches",
                    &args!["count" => count(tally.playing as i64)],
                )
            } else {
                lang.t("no-match-in-progress")
            },
            in_progress: tally.playing > 0,
            events: "/api/events".to_string(),
            class: "",
        },
        body,
    )
    .into_response()
}

/// The board as a person sees it: North's row right to left on top, South's below,
/// hole numbers outside, Uurs marked, captured (and kept) seeds beside. `app.js`
/// draws the same markup for each step of the replay.
pub fn board(lang: Lang, pos: &TraceLine, kept: (u32, u32), n: usize) -> Markup {
    let cell = |h: usize| {
        let class = match pos.uur.get(h).copied().flatten() {
            Some(Side::South) => "hole uur-south",
            Some(Side::North) => "hole uur-north",
            None => "hole",
        };
        html! { td class=(class) { (pos.board[h]) } }
    };
    let holding = |captured: u32, kept: u32| {
        let kept = kept.min(captured);
        html! { @if kept > 0 { (lang.ta("captured-kept", &args!["captured" => captured - kept, "kept" => kept])) } @else { (lang.ta("captured", &args!["captured" => captured])) } }
    };
    html! {
        table.board {
            tr.labels { td {} @for h in (n..2 * n).rev() { td { (h - n + 1) } } td {} }
            tr { th { (lang.t("north")) } @for h in (n..2 * n).rev() { (cell(h)) } td.store { (holding(pos.captured.north, kept.1)) } }
            tr { th { (lang.t("south")) } @for h in 0..n { (cell(h)) } td.store { (holding(pos.captured.south, kept.0)) } }
            tr.labels { td {} @for h in 0..n { td { (h + 1) } } td {} }
        }
    }
}

/// JSON for a `<script type="application/json">` element: `<`, `>` and `&` written
/// as escapes, so no text in it (a name) can end the element.
fn script_json(v: &impl serde::Serialize) -> PreEscaped<String> {
    let text = serde_json::to_string(v).unwrap_or_else(|_| "null".into());
    PreEscaped(
        text.replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026"),
    )
}

/// `/matches/{id}`: the match and a replay of every hand, move by move.
pub async fn match_page(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    Path(id): Path<String>,
) -> Response {
    let Some(id) = parse_id(&id) else {
        return error_page(lang, StatusCode::NOT_FOUND, &lang.t("error-no-match"));
    };
    let r: MatchReplay = match views::match_replay(&ctx.store, id).await {
        Ok(Some(r)) => r,
        Ok(None) => return error_page(lang, StatusCode::NOT_FOUND, &lang.t("error-no-match")),
        Err(e) => return failed(lang, e),
    };
    let review = match goobalay::app::standing_review(&ctx.store, id).await {
        Ok(review) => review,
        Err(e) => return failed(lang, e),
    };
    let m = &r.row;
    let n = r.status.position.board.len() / 2;
    let last_hand = r.hands.iter().rev().find(|h| !h.steps.is_empty());
    let title = format!("{} v {}", m.south, m.north);
    // The Uurs' legend, where the match has any.
    let uurs = r.hands.iter().any(|h| {
        h.steps
            .iter()
            .any(|s| s.position.uur.iter().any(Option::is_some))
    });
    let body = html! {
        h1 { (player_link(m.south_id, &m.south)) " v " (player_link(m.north_id, &m.north)) }
        p.sub {
            (m.variant) " · " (m.form)
            @if let (Some(t), Some(name)) = (m.tournament_id, &m.tournament) {
                " · " a href={ "/tournaments/" (t) } { (name) } @if let Some(round) = m.round { ", " (lang.ta("round-lower", &args!["round" => round])) }
            }
            " · " (match_result(lang, m))
            @if let Some(seeds) = m.seeds { " (" (seeds.south) "–" (seeds.north) ")" }
        }
        @if r.hands.iter().any(|h| h.score.is_some()) {
            div.scroll { table {
                thead { tr { th.num { (lang.t("col-hand")) } th { (lang.t("col-first")) } th.num { (lang.t("col-moves")) } th { (lang.t("col-end")) } th.num { (lang.t("col-south")) } th.num { (lang.t("col-north")) } } }
                tbody { @for h in &r.hands { tr {
                    td.num { (h.number) } td { (h.first_mover) } td.num { (h.steps.len().saturating_sub(1)) }
                    td { @match h.end { Some(end) => (end_word(lang, end)), None => (lang.t("playing")) } }
                    td.num { @if let Some(s) = h.score { (s.south) } } td.num { @if let Some(s) = h.score { (s.north) } }
                } } }
            } }
        }
        section #replay {
            h2 { (lang.t("replay")) }
            @match last_hand {
                None => p { (lang.t("no-hand-played")) },
                Some(h) => {
                    div.controls {
                        label { (lang.t("hand-label")) " " select #hand { @for x in r.hands.iter().filter(|x| !x.steps.is_empty()) {
                            option value=(x.number) selected[x.number == h.number] { (x.number) }
                        } } }
                        button #first type="button" title=(lang.t("first-position")) { "|◀" }
                        button #prev type="button" title=(lang.t("previous-move")) { "◀" }
                        button #next type="button" title=(lang.t("next-move")) { "▶" }
                        button #last type="button" title=(lang.t("last-position")) { "▶|" }
                    }
                    p #step { (lang.ta("hand-after-move", &args!["hand" => h.number, "step" => h.steps.len() - 1])) }
                    div #board.scroll {
                        (board(lang, &h.steps[h.steps.len() - 1].position, (h.kept.south, h.kept.north), n))
                    }
                    @if uurs {
                        p.small { (lang.t("uurs")) " " span.hole.uur-south { (lang.t("souths")) } " " span.hole.uur-north { (lang.t("norths")) } }
                    }
                    script #replay-data type="application/json" {
                        (script_json(&serde_json::json!({
                            "south": m.south, "north": m.north, "holes_per_row": n, "hands": hands_in_words(lang, &r.hands),
                            "review": review.as_ref().map(|s| super::review_view::replay_marks(&s.review)),
                        })))
                    }
                }
            }
        }
        @if m.winner.is_some() && last_hand.is_some() {
            (super::review_view::review_section(lang, m, &r.hands, review.as_ref()))
        }
        p.links { a href={ "/api/matches/" (m.id) } { "JSON" } }
    };
    layout(
        Head {
            lang,
            title: &title,
            status: if m.winner.is_some() {
                lang.ta("match-finished", &args!["result" => match_result(lang, m)])
            } else {
                lang.t("match-in-progress")
            },
            in_progress: m.winner.is_none(),
            events: "/api/events".to_string(),
            class: "",
        },
        body,
    )
    .into_response()
}

/// `/director/{id}` (only with `--results`; otherwise no such page): the current
/// round's unfinished matches between people, each a form of its own that names
/// both players (no result chosen until the director chooses one; `app.js` shows
/// what will be stored and asks once more), the last entry's take-back (kept by
/// `app.js` for [`super::results::TAKE_BACK_WINDOW`]), and the withdrawal and
/// requested-bye forms. The page asks for the secret in a password field: `app.js`
/// keeps it in the tab's `sessionStorage` and sends it as `Authorization: Bearer`
/// with each `POST`, so it never appears in a URL (no server log, history or
/// `Referer` holds it). What the page lists is public (the tournament page shows
/// it); only the writes need the secret.
pub async fn director(
    State(ctx): State<Ctx>,
    Extension(lang): Extension<Lang>,
    Path(id): Path<String>,
) -> Response {
    if ctx.secret.is_none() {
        return error_page(lang, StatusCode::NOT_FOUND, &lang.t("error-no-page"));
    }
    let v = match load(&ctx, lang, &id).await {
        Ok(v) => v,
        Err(r) => return r,
    };
    let loaded = &v.record.loaded;
    let t = &loaded.tournament;
    let row = &loaded.row;
    let current = t.current_round();
    let boards = views::boards(loaded);
    let is_engine = |id: i64| loaded.engines.get(&id).is_some_and(Option::is_some);
    let (engine_boards, pending): (Vec<&BoardView>, Vec<&BoardView>) = boards
        .iter()
        .filter(|b| b.round == current && b.result == "*" && b.match_id.is_some())
        .partition(|b| is_engine(b.south_id) || b.north_id.is_some_and(is_engine));
    let mut active: Vec<&str> = t
        .entrants()
        .iter()
        .filter(|e| !e.is_withdrawn())
        .map(|e| e.name.as_str())
        .collect();
    active.sort_unstable();
    let open = t.status().takes_match_changes();
    let reports = super::report_desk::director_section(&ctx, lang, row.id).await;
    let body = html! {
        h1 { (lang.ta("director-title", &args!["name" => row.name.as_str()])) }
        p.sub { (with_markup(lang, "director-sub", args![], "command", html! { code { "goobalay match result" } })) }
        form #director-secret.director autocomplete="off" {
            label { (with_markup(lang, "director-secret", args![], "command", html! { code { "goobalay serve --results" } })) " "
                input #secret type="password" name="secret" autocomplete="off" spellcheck="false"; }
        }
        section #last-entry hidden {}
        template #take-back-form {
            form.take-back {
                (result_choices(lang, "winner", &lang.t("south"), &lang.t("north"), true))
                " "
                input name="seeds" size="7" inputmode="numeric" placeholder=(lang.t("seeds-placeholder")) aria-label=(lang.t("seeds-label")) autocomplete="off";
                " "
                input name="reason" size="24" required placeholder=(lang.t("reason-placeholder")) aria-label=(lang.t("reason-label")) autocomplete="off";
                " "
                button.check type="submit" { (lang.t("check")) }
                (confirm_box(lang))
                span.answer role="status" {}
            }
        }
        @if current == 0 {
            p { (lang.t("no-round-yet")) }
        } @else if pending.is_empty() {
            p #no-pending { (lang.ta("director-all-in", &args!["round" => current])) }
        } @else {
            h2 { (lang.ta("director-to-enter", &args!["round" => current, "count" => count(pending.len() as i64)])) }
            div.boards {
                @for b in &pending {
                    @let m = b.match_id.unwrap_or_default();
                    @let north = b.north.as_deref().unwrap_or("");
                    form.result.pending id={ "match-" (m) } data-match=(m) data-board=(b.board) {
                        p.names {
                            (lang.ta("board-number", &args!["board" => b.board])) ": "
                            b.south-name { (b.south) } " " (lang.t("south-first-versus")) " "
                            b.north-name { (north) } " " (lang.t("north-in-brackets"))
                        }
                        (result_choices(lang, "winner", &b.south, north, false))
                        " "
                        input name="seeds" size="7" inputmode="numeric" placeholder=(lang.t("seeds-placeholder")) aria-label=(lang.t("seeds-label")) autocomplete="off";
                        " "
                        button.check type="submit" { (lang.t("check")) }
                        (confirm_box(lang))
                        span.answer role="status" {}
                    }
                }
            }
        }
        (reports)
        @if !engine_boards.is_empty() {
            p.small #engine-boards {
                (lang.t("engine-boards")) " "
                @for (i, b) in engine_boards.iter().enumerate() {
                    @if i > 0 { "; " }
                    (lang.ta("engine-board", &args!["board" => b.board])) " (" (b.south) " v " (b.north.as_deref().unwrap_or("")) ")"
                }
                "."
            }
        }
        @if open && current > 0 && !active.is_empty() {
            h2 { (lang.t("withdrawal")) }
            form.action #withdraw data-action="withdrawal" {
                label { (lang.t("player-label")) " " select name="player" required {
                    option value="" selected disabled { (lang.t("choose-player")) }
                    @for name in &active { option value=(name) { (name) } }
                } }
                " "
                label { input type="checkbox" name="forfeit_pending"; " " (lang.ta("forfeit-pending", &args!["round" => current])) }
                " "
                button.check type="submit" { (lang.t("check")) }
                (confirm_box(lang))
                span.answer role="status" {}
            }
        }
        @if open && t.takes_bye_requests() && !active.is_empty() {
            h2 { (lang.ta("bye-asked", &args!["round" => current + 1])) }
            form.action #bye data-action="bye" data-round=(current + 1) {
                label { (lang.t("player-label")) " " select name="player" required {
                    option value="" selected disabled { (lang.t("choose-player")) }
                    @for name in &active { option value=(name) { (name) } }
                } }
                " "
                label { (lang.t("points-label")) " " select name="points" required {
                    option value="" selected disabled { (lang.t("choose")) }
                    option value="half" { (lang.t("bye-points-half")) }
                    option value="zero" { (lang.t("bye-points-zero")) }
                } }
                " "
                button.check type="submit" { (lang.t("check")) }
                (confirm_box(lang))
                span.answer role="status" {}
            }
        }
        p.links { a href={ "/tournaments/" (row.id) } { (lang.t("tournament-page")) } }
    };
    layout(tournament_head(lang, &v, "director", row.id), body).into_response()
}

/// A result's choices, none chosen: a winner, a draw, or who did not come (with
/// `void`, also "not played", which only a correction may give).
fn result_choices(lang: Lang, name: &str, south: &str, north: &str, void: bool) -> Markup {
    let named = |id: &str, who: &str| lang.ta(id, &args!["name" => who]);
    html! {
        select name=(name) required aria-label=(lang.t("result-label")) {
            option value="" selected disabled { (lang.t("choose-result")) }
            option value="south" { (named("south-wins", south)) }
            option value="north" { (named("north-wins", north)) }
            option value="draw" { (lang.t("draw")) }
            option value="absent-south" { (named("forfeit-south", south)) }
            option value="absent-north" { (named("forfeit-north", north)) }
            option value="absent-both" { (lang.t("forfeit-both")) }
            @if void { option value="void" { (lang.t("not-played-void")) } }
        }
    }
}

/// Where `app.js` shows what a form will store, and asks once more.
fn confirm_box(lang: Lang) -> Markup {
    html! {
        div.confirm hidden {
            p.confirm-text {}
            button.store type="button" { (lang.t("store-it")) }
            " "
            button.change type="button" { (lang.t("change")) }
        }
    }
}

/// A page of no tournament (the players' report page) in the pages' layout.
pub(super) fn plain_page(lang: Lang, title: &str, class: &str, body: Markup) -> Markup {
    layout(
        Head {
            lang,
            title,
            status: String::new(),
            in_progress: false,
            events: String::new(),
            class,
        },
        body,
    )
}
