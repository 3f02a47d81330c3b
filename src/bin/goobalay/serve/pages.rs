//! The HTML pages (maud: markup written in Rust, every interpolated value escaped,
//! checked when compiled). Each page: a header with the date and whether the event
//! is in progress, then `<main id="live">`, which `app.js` fetches again when the
//! page's event stream says its data changed.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use goobalay::app::players::PlayerCard;
use goobalay::app::records::LoadedTournament;
use goobalay::app::views::{self, BoardView, MatchReplay, Progress, TournamentView};
use goobalay::engine::Side;
use goobalay::engine::trace::TraceLine;
use goobalay::tournament::crosstable::RoundOutcome;
use goobalay::tournament::{Format, RatingSystem, TournamentStatus};
use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::{Ctx, internal, parse_id};

/// What a page's header says beside the date.
struct Head<'a> {
    title: &'a str,
    /// "in progress: round 2 of 5", ...
    status: String,
    in_progress: bool,
    /// The event stream that announces changes of this page's data.
    events: String,
    /// `<body>` class (`projector`).
    class: &'a str,
}

fn today() -> (String, String) {
    let now = chrono::Local::now();
    (
        now.to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
        now.format("%A %-d %B %Y, %H:%M").to_string(),
    )
}

fn layout(head: Head<'_>, body: Markup) -> Markup {
    let (iso, shown) = today();
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (head.title) " · goobalay" }
                link rel="stylesheet" href="/static/style.css";
                script src="/static/app.js" defer {}
            }
            body class=(head.class) data-events=(head.events) {
                header {
                    nav { a href="/" { "Tournaments" } }
                    p.meta {
                        time datetime=(iso) { (shown) }
                        " · "
                        span.status.in-progress[head.in_progress] id="status" { (head.status) }
                        " "
                        span #live-state.live title="updates by itself" {}
                    }
                }
                main #live { (body) }
                footer { "goobalay " (env!("CARGO_PKG_VERSION")) }
            }
        }
    }
}

pub fn error_page(status: StatusCode, text: &str) -> Response {
    let page = layout(
        Head {
            title: status.canonical_reason().unwrap_or("error"),
            status: status.to_string(),
            in_progress: false,
            events: String::new(),
            class: "",
        },
        html! { h1 { (status.canonical_reason().unwrap_or("Error")) } p { (text) } },
    );
    (status, page).into_response()
}

fn failed(e: impl std::fmt::Display) -> Response {
    let (status, _) = internal(e);
    error_page(
        status,
        "The database could not be read; the server's log says why.",
    )
}

fn progress_word(status: TournamentStatus, rounds_paired: i64) -> (&'static str, bool) {
    match status {
        TournamentStatus::Finished => ("finished", false),
        _ if rounds_paired == 0 => ("not started", false),
        _ => ("in progress", true),
    }
}

fn local(t: chrono::DateTime<chrono::Utc>) -> String {
    t.with_timezone(&chrono::Local)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

/// `/`: every tournament of the database, newest first.
pub async fn index(State(ctx): State<Ctx>) -> Response {
    let list = match goobalay::app::tournaments::list(&ctx.store).await {
        Ok(l) => l,
        Err(e) => return failed(e),
    };
    let running = list
        .iter()
        .filter(|s| progress_word(s.row.status, s.rounds_paired).1)
        .count();
    let body = html! {
        h1 { "Tournaments" }
        @if list.is_empty() {
            p { "No tournament yet (" code { "goobalay tournament new NAME ..." } " creates one)." }
        } @else {
            div.scroll { table {
                thead { tr { th { "Tournament" } th { "Game" } th { "System" } th { "Status" } th.num { "Players" } th.num { "Rounds" } th.num { "Results" } th { "Created" } } }
                tbody {
                    @for s in &list {
                        @let (word, live) = progress_word(s.row.status, s.rounds_paired);
                        tr {
                            td { a href={ "/tournaments/" (s.row.id) } { (s.row.name) } }
                            td { (s.row.variant) }
                            td { (s.row.format) }
                            td { span.in-progress[live] { (word) } }
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
    layout(
        Head {
            title: "Tournaments",
            status: match running {
                0 => "no event in progress".to_string(),
                1 => "1 event in progress".to_string(),
                n => format!("{n} events in progress"),
            },
            in_progress: running > 0,
            events: "/api/events".to_string(),
            class: "",
        },
        body,
    )
    .into_response()
}

async fn load(ctx: &Ctx, id: &str) -> Result<TournamentView, Response> {
    super::api::load(ctx, id).await.map_err(|r| {
        if r.status() == StatusCode::NOT_FOUND {
            error_page(
                StatusCode::NOT_FOUND,
                "There is no tournament with that id.",
            )
        } else {
            error_page(
                r.status(),
                "The database could not be read; the server's log says why.",
            )
        }
    })
}

use goobalay::tournament::prizes::money;

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
fn round_table(loaded: &LoadedTournament, boards: &[BoardView], round: u32) -> Markup {
    let byes: Vec<_> = loaded
        .tournament
        .recorded_byes()
        .filter(|b| b.round == round)
        .collect();
    html! {
        div.scroll { table.pairings {
            thead { tr { th.num { "Board" } th { "South (first)" } th.result { "Result" } th { "North" } th.num { "Seeds" } } }
            tbody {
                @for b in boards.iter().filter(|b| b.round == round) {
                    tr.pending[b.result == "*"] {
                        td.num { (b.board) }
                        td { (player_link(b.south_id, &b.south)) }
                        td.result {
                            @match b.match_id {
                                Some(m) => a href={ "/matches/" (m) } title="replay" { (result_word(b.result)) },
                                None => (result_word(b.result)),
                            }
                        }
                        td { @match (b.north_id, &b.north) {
                            (Some(id), Some(n)) => (player_link(id, n)),
                            _ => em { "bye" },
                        } }
                        td.num { (seeds(b)) }
                    }
                }
                @for y in &byes {
                    tr {
                        td.num { "–" }
                        td { (player_link(y.player, loaded.name_of(y.player))) }
                        td.result { (goobalay::tournament::export::requested_bye_text(y)) }
                        td { em { "outside the pairing" } }
                        td.num {}
                    }
                }
            }
        } }
    }
}

fn result_word(r: &str) -> &str {
    match r {
        "*" => "playing",
        "bye" => "bye",
        other => other,
    }
}

/// The standings: place, name and points first (what a phone shows without
/// scrolling), then the rating, the games and the tiebreaks.
fn standings_table(loaded: &LoadedTournament) -> Markup {
    let doc = views::standings(loaded);
    let s = &doc.standings;
    let knockout = loaded.tournament.format() == Format::Knockout;
    html! {
        div.scroll { table.standings {
            thead { tr {
                th.num { "#" } th { "Name" } th.num { "Points" } th.num { (doc.rating_column.label) }
                th.num title="games played" { "Played" } th.num { "W" } th.num { "D" } th.num { "L" } th.num { "Byes" }
                @if knockout { th { "Reached" } }
                @for tb in &s.tiebreaks { th.num title=(tb.explanation()) { (tb.short()) } }
            } }
            tbody {
                @for r in &s.rows {
                    tr.withdrawn[r.withdrawn] {
                        td.num { (r.place_text()) }
                        td { (player_link(r.id, &r.name)) @if r.withdrawn { " " small { "(withdrawn)" } } }
                        td.num.points { (r.points) }
                        td.num { (format!("{:.0}", r.rating)) }
                        td.num { (r.played) } td.num { (r.wins) } td.num { (r.draws) } td.num { (r.losses) } td.num { (r.byes) }
                        @if knockout { td { (r.reached.map_or("–".into(), |x| format!("round {x}"))) } }
                        @for v in &r.tiebreaks { td.num { @if v.value.is_some() { (v) } @else { "–" } } }
                    }
                }
            }
        } }
        details.legend {
            summary { "What the columns mean" }
            dl {
                dt { (doc.rating_column.label) } dd { "each player's rating when seeded (round 1, or a late entry)" }
                dt { "Played, W, D, L" } dd { "games played (byes and forfeits not counted): won, drawn, lost" }
                dt { "Byes" } dd { "byes of every kind" }
                @for tb in &s.tiebreaks { dt { (tb.short()) } dd { (tb.explanation()) } }
                @if s.rows.iter().any(|r| r.shared) { dt { "=" } dd { "tied on points and every tiebreak (listed by starting rank)" } }
            }
        }
    }
}

fn outcome_class(o: RoundOutcome) -> &'static str {
    match o {
        RoundOutcome::Win => "win",
        RoundOutcome::Draw => "draw",
        RoundOutcome::Loss => "loss",
        RoundOutcome::ForfeitWin | RoundOutcome::ForfeitLoss => "forfeit",
        RoundOutcome::Bye | RoundOutcome::HalfBye | RoundOutcome::ZeroBye => "bye",
        RoundOutcome::Pending | RoundOutcome::NotPaired => "none",
    }
}

/// The crosstable: round by round (opponent's number, side, result; byes and
/// forfeits marked as TRF does) and, for a round robin, every player against every
/// other.
fn crosstable(loaded: &LoadedTournament) -> Markup {
    let x = loaded.tournament.crosstable();
    let grid = matches!(
        loaded.tournament.format(),
        Format::RoundRobin | Format::DoubleRoundRobin
    );
    html! {
        h3 { "Round by round" }
        div.scroll { table.cross {
            thead { tr {
                th.num { "#" } th { "Name" }
                @for r in 1..=x.rounds { th.num { "R" (r) } }
                th.num { "Points" }
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
                                    small { " " (o) (e.side.map_or("", |s| if s == Side::South { "s" } else { "n" })) }
                                }
                            }
                        }
                        td.num.points { (p.points) }
                    }
                }
            }
        } }
        @if grid && !x.players.is_empty() {
            h3 { "Player against player" }
            div.scroll { table.cross {
                thead { tr {
                    th.num { "#" } th { "Name" }
                    @for p in &x.players { th.num { (p.position) } }
                    th.num { "Points" }
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
                            td.num.points { (p.points) }
                        }
                    }
                }
            } }
        }
        p.small { "1 won, ½ drawn, 0 lost; " b { "+" } " won by forfeit, " b { "-" } " lost by forfeit; "
            b { "U" } " the pairing bye, " b { "H" } " a half-point bye, " b { "Z" } " a zero-point bye; "
            "* playing, . not paired; the small number is the opponent's place, s/n the side (South moves first)." }
    }
}

fn tournament_head<'a>(v: &'a TournamentView, class: &'a str, id: i64) -> Head<'a> {
    Head {
        title: &v.record.loaded.row.name,
        status: v.progress.text(),
        in_progress: v.progress.in_progress(),
        events: format!("/api/tournaments/{id}/events"),
        class,
    }
}

/// `/tournaments/{id}`: the current round first, then standings, past rounds,
/// crosstable and the director's records.
pub async fn tournament(
    State(ctx): State<Ctx>,
    Path(id): Path<String>,
    Query(after): Query<super::api::AfterRound>,
) -> Response {
    let v = match load(&ctx, &id).await {
        Ok(v) => v,
        Err(r) => return r,
    };
    let loaded = &v.record.loaded;
    // `?round=N`: the standings and crosstable as they stood after round N.
    let then = match after.round {
        Some(round) => match super::api::load_after_round(&ctx, &id, round).await {
            Ok(then) => Some(then),
            Err(refused) => return error_page(refused.status, &refused.text),
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
            (row.variant) " · " (row.format) " · " (row.match_form) " matches · "
            (t.entrants().len()) " players · points " (t.points())
        }
        @for line in row.details.heading() { p.sub.event { (line) } }
        section #current {
            @match v.progress {
                Progress::NotStarted => {
                    h2 { "Entries" }
                    p { "No round paired yet." }
                    ul.entrants { @for e in t.entrants() { li { (player_link(e.id, &e.name)) } } }
                }
                _ => {
                    h2 { "Round " (current) @if current == t.planned_rounds() { " (last round)" } }
                    (round_table(loaded, &boards, current))
                }
            }
        }
        @if t.format() == Format::Knockout && t.entrants().len() >= 2 {
            section #bracket { h2 { "Bracket" } (bracket(loaded, &boards)) }
        }
        @if current > 0 {
            section #standings {
                h2 { "Standings" small { (standings_when(results)) } }
                (standings_table(results))
            }
        }
        @if !v.prizes.is_empty() {
            section #prizes {
                h2 { "Prizes" small { (if t.is_finished() { "final" } else { "as the standings stand" }) } }
                table.prizes {
                    thead { tr { th { "Prize" } th { "Value" } th { "Winner" } th { "Place" } th { "Amount" } } }
                    tbody {
                        @for a in &v.prizes {
                            @if a.winners.is_empty() {
                                tr { td { (a.prize.kind) } td { (money(a.prize.value)) } td { "(nobody)" } td {} td {} }
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
                h2 { "Earlier rounds" }
                @for r in (1..current).rev() {
                    details open[r + 1 == current] {
                        summary { "Round " (r) }
                        (round_table(loaded, &boards, r))
                        p.links { a href={ "/tournaments/" (row.id) "?round=" (r) "#standings" } { "Standings after round " (r) } }
                    }
                }
            }
        }
        @if current > 0 {
            section #crosstable { h2 { "Crosstable" } (crosstable(results)) }
        }
        @if !v.record.corrections.is_empty() || !v.record.status_changes.is_empty() || v.record.rounds.iter().any(|r| r.method == "manual" || r.unpaired_at.is_some()) {
            section #records {
                h2 { "The director's records" }
                ul {
                    @for r in &v.record.rounds {
                        @if let Some(at) = r.unpaired_at {
                            li { "Round " (r.round) " as paired at " (local(r.paired_at)) " was taken back at " (local(at)) @if let Some(why) = &r.unpair_reason { ": " (why) } }
                        } @else if r.method == "manual" {
                            li { "Round " (r.round) " was paired by hand" @if let Some(why) = &r.reason { ": " (why) } }
                        }
                    }
                    @for c in &v.record.corrections {
                        li { "Match " a href={ "/matches/" (c.match_id) } { (c.match_id) } " corrected at " (local(c.corrected_at)) ": "
                            (c.kind.describe()) " (" (c.reason) "): " (c.before.text()) " before, " (c.after.text()) " after" }
                    }
                    @for c in &v.record.status_changes {
                        li { (if c.status == "finished" { "Closed" } else { "Reopened" }) " at " (local(c.changed_at)) @if let Some(why) = &c.reason { ": " (why) } }
                    }
                }
            }
        }
        p.links {
            a href={ "/tournaments/" (row.id) "/projector" } { "Projector view" } " · "
            a href={ "/api/tournaments/" (row.id) } { "JSON" }
        }
    };
    layout(tournament_head(&v, "", row.id), body).into_response()
}

/// A knockout drawn as a bracket: a column per round, a box per match. Who went
/// on is the knockout's own bracket (`knockout::bracket`, as the CLI's crosstable
/// draws it), not decided here.
fn bracket(loaded: &LoadedTournament, boards: &[BoardView]) -> Markup {
    let t = &loaded.tournament;
    let current = t.current_round();
    // slots[r]: the players who go into round r + 1 (the last: the winner).
    let (knockout, _) = goobalay::tournament::pairing::knockout::bracket(t);
    let went_on = |r: u32, id: i64| {
        knockout
            .slots
            .get(r as usize)
            .is_some_and(|s| s.contains(&Some(id)))
    };
    let third_place_match = goobalay::tournament::pairing::knockout::third_place_fixture(t);
    let third_place = third_place_match.map(|f| (f.pairing.round, f.pairing.south));
    let third_placed = third_place_match
        .and_then(|f| goobalay::tournament::pairing::knockout::third_place_winner(t, f));
    // Who won a board: went on in the bracket, or (the match for third place) is third.
    let side = |b: &BoardView, id: i64, name: &str| {
        let won = if third_place == Some((b.round, b.south_id)) {
            third_placed == Some(id)
        } else {
            went_on(b.round, id)
        };
        html! { div.player.won[won] { (player_link(id, name)) } }
    };
    // Before round 1: its matches as the seeding gives them.
    let seeded = |id: Option<i64>| match id {
        Some(id) => {
            let seed = knockout
                .seeds
                .iter()
                .position(|&s| s == id)
                .map_or(0, |i| i + 1);
            html! { div.player { (seed) " " (player_link(id, loaded.name_of(id))) } }
        }
        None => html! { div.player { em { "bye" } } },
    };
    html! {
        div.bracket {
            @for r in 1..=t.planned_rounds() {
                div.round {
                    h3 { "Round " (r) }
                    @if r == 1 && current == 0 {
                        @for pair in knockout.slots[0].chunks(2) {
                            div.game.later {
                                (seeded(pair[0]))
                                (seeded(pair.get(1).copied().flatten()))
                            }
                        }
                    } @else if r > current { div.game.later { "to be paired" } }
                    @for b in boards.iter().filter(|b| b.round == r) {
                        @if third_place == Some((b.round, b.south_id)) { h3 { "Third place" } }
                        div.game {
                            (side(b, b.south_id, &b.south))
                            @match (b.north_id, &b.north) {
                                (Some(id), Some(n)) => (side(b, id, n)),
                                _ => div.player { em { "bye" } },
                            }
                            div.score {
                                @match b.match_id {
                                    Some(m) => a href={ "/matches/" (m) } { (result_word(b.result)) },
                                    None => (result_word(b.result)),
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
fn standings_when(loaded: &LoadedTournament) -> String {
    format!(" {}", loaded.tournament.standings_scope().text())
}

/// `/tournaments/{id}/projector`: large type, the current round's pairings and the
/// standings taking turns on the screen (`app.js` switches them every 15 s, or
/// every `?turn=SECONDS`, and shows a table longer than the screen a page a turn).
pub async fn projector(State(ctx): State<Ctx>, Path(id): Path<String>) -> Response {
    let v = match load(&ctx, &id).await {
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
                h2 { "Round " (current) " " span.page-of {} }
                @if current > 0 { (round_table(loaded, &boards, current)) } @else { p { "No round paired yet." } }
            }
            @if current > 0 {
                section.slide {
                    h2 { "Standings" small { (standings_when(loaded)) } " " span.page-of {} }
                    (standings_table(loaded))
                }
            }
        }
    };
    layout(tournament_head(&v, "projector", loaded.row.id), body).into_response()
}

/// A small line chart of one variant's rating history (inline SVG, drawn here),
/// captioned with the variant and the rating's range.
fn rating_chart(r: &goobalay::app::players::VariantRating) -> Markup {
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
            svg viewBox={ "0 0 " (w) " " (h) } role="img" aria-label={ "rating history, " (r.variant) } {
                polyline points=(path.join(" ")) fill="none" stroke="currentColor" stroke-width="2" {}
            }
            figcaption {
                (r.variant) ", " (r.system.label()) " over "
                (goobalay::wording::count(r.history.len() as u64, "rated match", "rated matches"))
                ": " (format!("{lo:.0}")) " to " (format!("{hi:.0}")) ", now " (format!("{:.0}", points[points.len() - 1]))
            }
        }
    }
}

/// `/players/{id}`: the player's ratings, rating history and matches.
pub async fn player(State(ctx): State<Ctx>, Path(id): Path<String>) -> Response {
    let Some(id) = parse_id(&id) else {
        return error_page(StatusCode::NOT_FOUND, "There is no player with that id.");
    };
    let card: PlayerCard =
        match goobalay::app::players::card_by_id(&ctx.store, id, RatingSystem::default()).await {
            Ok(Some(c)) => c,
            Ok(None) => {
                return error_page(StatusCode::NOT_FOUND, "There is no player with that id.");
            }
            Err(e) => return failed(e),
        };
    let reviewed = match goobalay::app::reviews::standing_reviews(&ctx.store, &card.matches).await {
        Ok(reviewed) => reviewed,
        Err(e) => return failed(e),
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
        Some(x) => format!("{x:.0}"),
        None => "unrated".to_string(),
    };
    let start = |r: &goobalay::app::players::VariantRating| match &r.base {
        Some(b) => crate::ratings_cmd::describe(b),
        None => "-".to_string(),
    };
    let body = html! {
        h1 { (p.name) }
        p.sub {
            @match &p.engine { Some(level) => { "engine player (" (level) ")" }, None => "player" }
            @if let Some(club) = &p.club { " · " (club) }
            " · added " (local(p.created_at))
            @if let Some(t) = p.retired_at { " · retired " (local(t)) }
        }
        p { (goobalay::wording::count(card.matches.len() as u64, "match", "matches")) ": " (tally.words()) }
        @if !card.ratings.is_empty() {
            h2 { "Ratings" }
            div.scroll { table {
                thead { tr { th { "Game" } th.num { (RatingSystem::default()) } th.num { "Rated matches" } th { "Starting rating" } } }
                tbody {
                    @for r in &listed { tr {
                        td { (r.variant) }
                        td.num { (value(r)) }
                        td.num { (r.history.len()) }
                        td { (start(r)) }
                    } }
                    @if let Some(r) = rest { tr {
                        td { @if listed.is_empty() { "every variant" } @else { "other variants" } }
                        td.num { (value(r)) }
                        td.num { "0" }
                        td { (start(r)) }
                    } }
                }
            } }
            @for r in &card.ratings { (rating_chart(r)) }
        }
        h2 { "Matches" }
        @if card.matches.is_empty() { p { "No match yet." } } @else {
            div.scroll { table {
                thead { tr { th { "Date" } th { "South" } th { "North" } th { "Result" } th.num { "Seeds" } th { "Event" } } }
                tbody { @for m in &card.matches { tr {
                    td { a href={ "/matches/" (m.id) } { (local(m.created_at)) } }
                    td { (player_link(m.south_id, &m.south)) }
                    td { (player_link(m.north_id, &m.north)) }
                    td { (goobalay::app::views::match_result(m)) }
                    td.num { @if let Some(seeds) = m.seeds { (seeds.south) "–" (seeds.north) } }
                    td { @match (m.tournament_id, &m.tournament) {
                        (Some(t), Some(name)) => { a href={ "/tournaments/" (t) } { (name) } @if let Some(r) = m.round { " r" (r) } },
                        _ => { (m.variant) }
                    } }
                } } }
            } }
        }
        (super::review_view::accuracy_section(id, &reviewed))
    };
    layout(
        Head {
            title: &p.name,
            status: if tally.playing > 0 {
                format!(
                    "playing {}",
                    goobalay::wording::count(tally.playing as u64, "match", "matches")
                )
            } else {
                "no match in progress".to_string()
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
pub fn board(pos: &TraceLine, kept: (u32, u32), n: usize) -> Markup {
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
        html! { "captured " (captured - kept) @if kept > 0 { ", kept " (kept) } }
    };
    html! {
        table.board {
            tr.labels { td {} @for h in (n..2 * n).rev() { td { (h - n + 1) } } td {} }
            tr { th { "North" } @for h in (n..2 * n).rev() { (cell(h)) } td.store { (holding(pos.captured.north, kept.1)) } }
            tr { th { "South" } @for h in 0..n { (cell(h)) } td.store { (holding(pos.captured.south, kept.0)) } }
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
pub async fn match_page(State(ctx): State<Ctx>, Path(id): Path<String>) -> Response {
    let Some(id) = parse_id(&id) else {
        return error_page(StatusCode::NOT_FOUND, "There is no match with that id.");
    };
    let r: MatchReplay = match views::match_replay(&ctx.store, id).await {
        Ok(Some(r)) => r,
        Ok(None) => return error_page(StatusCode::NOT_FOUND, "There is no match with that id."),
        Err(e) => return failed(e),
    };
    let review = match goobalay::app::reviews::standing_review(&ctx.store, id).await {
        Ok(review) => review,
        Err(e) => return failed(e),
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
                " · " a href={ "/tournaments/" (t) } { (name) } @if let Some(round) = m.round { ", round " (round) }
            }
            " · " (goobalay::app::views::match_result(m))
            @if let Some(seeds) = m.seeds { " (" (seeds.south) "–" (seeds.north) ")" }
        }
        @if r.hands.iter().any(|h| h.score.is_some()) {
            div.scroll { table {
                thead { tr { th.num { "Hand" } th { "First" } th.num { "Moves" } th { "End" } th.num { "South" } th.num { "North" } } }
                tbody { @for h in &r.hands { tr {
                    td.num { (h.number) } td { (h.first_mover) } td.num { (h.steps.len().saturating_sub(1)) }
                    td { (h.end.unwrap_or("playing")) }
                    td.num { @if let Some(s) = h.score { (s.south) } } td.num { @if let Some(s) = h.score { (s.north) } }
                } } }
            } }
        }
        section #replay {
            h2 { "Replay" }
            @match last_hand {
                None => p { "No hand was played on the board here (results were entered)." },
                Some(h) => {
                    div.controls {
                        label { "Hand " select #hand { @for x in r.hands.iter().filter(|x| !x.steps.is_empty()) {
                            option value=(x.number) selected[x.number == h.number] { (x.number) }
                        } } }
                        button #first type="button" title="first position" { "|◀" }
                        button #prev type="button" title="previous move" { "◀" }
                        button #next type="button" title="next move" { "▶" }
                        button #last type="button" title="last position" { "▶|" }
                    }
                    p #step { "Hand " (h.number) ", after move " (h.steps.len() - 1) }
                    div #board.scroll {
                        (board(&h.steps[h.steps.len() - 1].position, (h.kept.south, h.kept.north), n))
                    }
                    @if uurs {
                        p.small { "Uurs: " span.hole.uur-south { "South's" } " " span.hole.uur-north { "North's" } }
                    }
                    script #replay-data type="application/json" {
                        (script_json(&serde_json::json!({
                            "south": m.south, "north": m.north, "holes_per_row": n, "hands": r.hands,
                            "review": review.as_ref().map(|s| super::review_view::replay_marks(&s.review)),
                        })))
                    }
                }
            }
        }
        @if m.winner.is_some() && last_hand.is_some() {
            (super::review_view::review_section(m, &r.hands, review.as_ref()))
        }
        p.links { a href={ "/api/matches/" (m.id) } { "JSON" } }
    };
    layout(
        Head {
            title: &title,
            status: if m.winner.is_some() {
                format!("match finished: {}", goobalay::app::views::match_result(m))
            } else {
                "match in progress".to_string()
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
pub async fn director(State(ctx): State<Ctx>, Path(id): Path<String>) -> Response {
    if ctx.secret.is_none() {
        return error_page(StatusCode::NOT_FOUND, "There is no such page.");
    }
    let v = match load(&ctx, &id).await {
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
    let reports = super::report::director_section(&ctx, row.id).await;
    let body = html! {
        h1 { (row.name) ": results" }
        p.sub { "Result entry for the director. Each result goes through the same checks as "
            code { "goobalay match result" } "." }
        form #director-secret.director autocomplete="off" {
            label { "Secret (printed by " code { "goobalay serve --results" } ") "
                input #secret type="password" name="secret" autocomplete="off" spellcheck="false"; }
        }
        section #last-entry hidden {}
        template #take-back-form {
            form.take-back {
                (result_choices("winner", "South", "North", true))
                " "
                input name="seeds" size="7" inputmode="numeric" placeholder="seeds S,N" aria-label="seeds South,North" autocomplete="off";
                " "
                input name="reason" size="24" required placeholder="reason (kept with the correction)" aria-label="reason" autocomplete="off";
                " "
                button.check type="submit" { "Check" }
                (confirm_box())
                span.answer role="status" {}
            }
        }
        @if current == 0 {
            p { "No round paired yet." }
        } @else if pending.is_empty() {
            p #no-pending { "Round " (current) ": every match has a result." }
        } @else {
            h2 { "Round " (current) ": " (pending.len()) " to enter" }
            div.boards {
                @for b in &pending {
                    @let m = b.match_id.unwrap_or_default();
                    @let north = b.north.as_deref().unwrap_or("");
                    form.result.pending id={ "match-" (m) } data-match=(m) data-board=(b.board) {
                        p.names {
                            "Board " (b.board) ": "
                            b.south-name { (b.south) } " (South, first) v "
                            b.north-name { (north) } " (North)"
                        }
                        (result_choices("winner", &b.south, north, false))
                        " "
                        input name="seeds" size="7" inputmode="numeric" placeholder="seeds S,N" aria-label="seeds South,North" autocomplete="off";
                        " "
                        button.check type="submit" { "Check" }
                        (confirm_box())
                        span.answer role="status" {}
                    }
                }
            }
        }
        (reports)
        @if !engine_boards.is_empty() {
            p.small #engine-boards {
                "Played by the engine, no result to enter: "
                @for (i, b) in engine_boards.iter().enumerate() {
                    @if i > 0 { "; " }
                    "board " (b.board) " (" (b.south) " v " (b.north.as_deref().unwrap_or("")) ")"
                }
                "."
            }
        }
        @if open && current > 0 && !active.is_empty() {
            h2 { "Withdrawal" }
            form.action #withdraw data-action="withdrawal" {
                label { "Player " select name="player" required {
                    option value="" selected disabled { "choose a player" }
                    @for name in &active { option value=(name) { (name) } }
                } }
                " "
                label { input type="checkbox" name="forfeit_pending"; " also forfeit their unfinished match of round " (current) }
                " "
                button.check type="submit" { "Check" }
                (confirm_box())
                span.answer role="status" {}
            }
        }
        @if open && t.takes_bye_requests() && !active.is_empty() {
            h2 { "A bye asked for round " (current + 1) }
            form.action #bye data-action="bye" data-round=(current + 1) {
                label { "Player " select name="player" required {
                    option value="" selected disabled { "choose a player" }
                    @for name in &active { option value=(name) { (name) } }
                } }
                " "
                label { "Points " select name="points" required {
                    option value="" selected disabled { "choose" }
                    option value="half" { "half a point" }
                    option value="zero" { "no point" }
                } }
                " "
                button.check type="submit" { "Check" }
                (confirm_box())
                span.answer role="status" {}
            }
        }
        p.links { a href={ "/tournaments/" (row.id) } { "The tournament's page" } }
    };
    layout(tournament_head(&v, "director", row.id), body).into_response()
}

/// A result's choices, none chosen: a winner, a draw, or who did not come (with
/// `void`, also "not played", which only a correction may give).
fn result_choices(name: &str, south: &str, north: &str, void: bool) -> Markup {
    html! {
        select name=(name) required aria-label="result" {
            option value="" selected disabled { "choose the result" }
            option value="south" { "South wins: " (south) }
            option value="north" { "North wins: " (north) }
            option value="draw" { "Draw" }
            option value="absent-south" { "Forfeit: " (south) " (South) did not come" }
            option value="absent-north" { "Forfeit: " (north) " (North) did not come" }
            option value="absent-both" { "Forfeit: neither came" }
            @if void { option value="void" { "Not played: void" } }
        }
    }
}

/// Where `app.js` shows what a form will store, and asks once more.
fn confirm_box() -> Markup {
    html! {
        div.confirm hidden {
            p.confirm-text {}
            button.store type="button" { "Store it" }
            " "
            button.change type="button" { "Change" }
        }
    }
}

/// A page of no tournament (the players' report page) in the pages' layout.
pub(super) fn plain_page(title: &str, class: &str, body: Markup) -> Markup {
    layout(
        Head {
            title,
            status: String::new(),
            in_progress: false,
            events: String::new(),
            class,
        },
        body,
    )
}
