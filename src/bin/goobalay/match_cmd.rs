//! `goobalay match ...` and `goobalay replay`: matches stored in the database.
//!
//! Engine players move by themselves: every command that writes to a match
//! (`match new`, `move`, `arrange`, `result`, `play`) lets the engines take their
//! turns right after it, until a human is awaited or the match is over: each engine
//! decision is thought out of any transaction and written in its own short one, so a
//! slow engine never holds the database's write lock. So a match with a human player never waits for an engine, and
//! `match state` after a human move shows the human's next decision. A match between
//! two engines is played by `match play ID` (or by a tournament run).

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use goobalay::app::Correction;
use goobalay::app::CorrectionRequest;
use goobalay::app::Database;
use goobalay::app::StoredMatch;
use goobalay::app::matches::{HumanAction, MatchRequest, Turn};
use goobalay::app::{self, AppError};
use goobalay::engine::{BySide, Side};
use goobalay::matches::CorrectionKind;
use goobalay::matches::{
    Absent, Awaiting, Closing, EnteredResultError, Event, HandEnd, MatchForm, MatchSpec,
    MatchState, parse_row,
};
use tabled::{Table, Tabled, settings::Style};

use crate::args::RecordFormat;
use crate::args::matches::{CorrectArgs, MatchCommand, NewArgs, ReplayArgs};
use crate::db::{local, print_json, with_store, with_store_read};
use crate::draw;
use crate::out::{out, outln};

pub fn run(db: Option<PathBuf>, command: MatchCommand) -> anyhow::Result<ExitCode> {
    match command {
        MatchCommand::New(a) => new(db, a),
        MatchCommand::Play(a) => play(db, a.id),
        MatchCommand::Move(a) => {
            let action = HumanAction::Move(a.hole.clone());
            let stored = with_store(db, async |store| act(store, a.id, &action, a.format).await)?;
            print_state(&stored, a.format)
        }
        MatchCommand::Arrange(a) => {
            let action = HumanAction::Arrange(parse_row(&a.seeds)?);
            let stored = with_store(db, async |store| act(store, a.id, &action, a.format).await)?;
            print_state(&stored, a.format)
        }
        MatchCommand::Result(a) => {
            if let Some(whole) = &a.whole {
                if a.south.is_some() || a.north.is_some() {
                    bail!(
                        "give either the hand's final seeds (`match result ID SOUTH NORTH`) or the whole match's result (`--match south|north|draw [--seeds S,N]`), not both"
                    );
                }
                let closing = whole_match(whole, a.seeds.as_deref())?;
                let stored =
                    with_store(
                        db,
                        async |store| Ok(app::close(store, a.id, closing).await?),
                    )?;
                return print_state(&stored, a.format);
            }
            if a.seeds.is_some() {
                bail!("--seeds goes with --match south|north|draw (the whole match's final seeds)");
            }
            let (Some(south), Some(north)) = (&a.south, &a.north) else {
                bail!(
                    "give the hand's final seeds, SOUTH NORTH (e.g. `match result {} 30 18`), or the whole match's result with --match south|north|draw",
                    a.id
                );
            };
            let action = HumanAction::Result(BySide::new(
                seed_count(south, "south")?,
                seed_count(north, "north")?,
            ));
            let stored = with_store(db, async |store| act(store, a.id, &action, a.format).await)?;
            print_state(&stored, a.format)
        }
        MatchCommand::Forfeit(a) => {
            let absent = parse_absent(&a.absent)?;
            let stored = with_store(db, async |store| {
                Ok(app::close(store, a.id, Closing::Forfeit(absent)).await?)
            })?;
            print_state(&stored, a.format)
        }
        MatchCommand::Undo(a) => {
            let by = if a.director {
                app::UndoBy::Director
            } else {
                app::UndoBy::Player
            };
            let stored = with_store(db, async |store| Ok(app::undo(store, a.id, by).await?))?;
            print_state(&stored, a.format)
        }
        MatchCommand::State(a) => {
            let stored =
                with_store_read(db, async |store| Ok(app::matches::load(store, a.id).await?))?;
            print_state(&stored, a.format)
        }
        MatchCommand::Show(a) => {
            let (stored, corrections) = with_store_read(db, async |store| {
                Ok(app::matches::with_corrections(store, a.id).await?)
            })?;
            show(&stored, &corrections, a.format)
        }
        MatchCommand::Correct(a) => correct(db, a),
        MatchCommand::Review(a) => crate::review_cmd::match_review(db, a),
    }
}

/// "1 point", "0.5 points", "2 points".
fn points(text: &str) -> String {
    if text == "1" {
        "1 point".to_string()
    } else {
        format!("{text} points")
    }
}

/// `--absent south|north|both`.
fn parse_absent(text: &str) -> anyhow::Result<Absent> {
    Absent::parse(&text.trim().to_ascii_lowercase()).ok_or_else(|| {
        anyhow::anyhow!(
            "'{}' is not who was absent; give --absent south, north or both",
            goobalay::names::excerpt(text)
        )
    })
}

/// `--match WINNER [--seeds S,N]` as a closing of the match.
pub fn whole_match(winner: &str, seeds: Option<&str>) -> anyhow::Result<Closing> {
    Closing::entered_from_text(winner, seeds).map_err(|e| match e {
        EnteredResultError::Winner(text) => anyhow::anyhow!(
            "'{}' is not a match result; give --match south, north or draw",
            goobalay::names::excerpt(&text)
        ),
        EnteredResultError::Seeds(text) => anyhow::anyhow!(
            "--seeds '{}' is not two seed counts; give SOUTH,NORTH, whole numbers 0 or more, e.g. --seeds 30,18",
            goobalay::names::excerpt(&text)
        ),
    })
}

fn seed_count(text: &str, side: &str) -> anyhow::Result<u32> {
    text.trim().parse::<u32>().map_err(|_| {
        anyhow::anyhow!(
            "'{}' is not a seed count for {side}; give a whole number 0 or more",
            goobalay::names::excerpt(text)
        )
    })
}

/// Enters one human action with the engines' replies (see [`app::enter`]).
async fn act(
    store: &impl Database,
    id: i64,
    action: &HumanAction,
    format: RecordFormat,
) -> anyhow::Result<StoredMatch> {
    let played = app::enter(store, id, action).await?;
    if format != RecordFormat::Json {
        if let HumanAction::Move(_) = action {
            // The player's own move, and what it did, before the engine's replies.
            let engine_moves = played
                .engine_events
                .iter()
                .filter(|e| matches!(e, Event::Move(_)))
                .count();
            if let Some(m) = played.stored.state.recent_moves(1 + engine_moves).first() {
                outln!(
                    "{} ({}) plays {}: {}",
                    played.stored.row.player_name(m.player),
                    m.player,
                    m.notation,
                    m.what_it_did()
                );
            }
        }
        report_engine_events(&played.stored, &played.engine_events)?;
    }
    Ok(played.stored)
}

fn new(db: Option<PathBuf>, a: NewArgs) -> anyhow::Result<ExitCode> {
    let variant = a.variant.load()?;
    let form = match &a.form {
        Some(f) => MatchForm::parse(f)?,
        None => MatchForm::default_for(&variant.name),
    };
    let spec = MatchSpec::new(&variant, form, a.max_hands, a.first)?;
    let seed = a.seed.unwrap_or_else(rand::random);
    let request = MatchRequest {
        spec,
        south: a.south.clone(),
        north: a.north.clone(),
        seed,
    };
    let played = with_store(db, async |store| {
        Ok(app::create_match(store, request).await?)
    })?;
    let stored = played.stored;
    match a.format {
        RecordFormat::Json => print_json(&match_json(&stored))?,
        _ => {
            let r = &stored.row;
            outln!(
                "created match {}: {} ({}), {} (south) v {} (north), seed {}",
                r.id,
                r.variant,
                r.form,
                r.south,
                r.north,
                r.seed
            );
            print_state(&stored, RecordFormat::Table)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The match record for `--format json` of creating commands.
fn match_json(stored: &StoredMatch) -> serde_json::Value {
    let mut v = serde_json::to_value(&stored.row).expect("match row serialises");
    v["state"] = serde_json::to_value(stored.state.status(stored.row.id).r#match)
        .expect("status serialises");
    v
}

fn print_state(stored: &StoredMatch, format: RecordFormat) -> anyhow::Result<ExitCode> {
    let status = stored.state.status(stored.row.id);
    let mut out = crate::out::stdout();
    if format == RecordFormat::Json {
        // One line, like the RULES.md §9 trace it extends.
        writeln!(out, "{}", serde_json::to_string(&status)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    write!(out, "{}", describe(stored))?;
    Ok(ExitCode::SUCCESS)
}

/// How hand `k` ended: its final board, how the end rule handed out the seeds left on
/// it, and its score (or the result entered for it).
fn hand_end(state: &MatchState, k: u32) -> String {
    let Some(hand) = state.hands().get(k as usize - 1) else {
        return String::new();
    };
    let Some(score) = hand.score else {
        return String::new();
    };
    let rules = state.spec().rules;
    let noun = if state.spec().form.games().is_some() {
        "Game"
    } else {
        "Hand"
    };
    match (hand.end, state.hand_game(k)) {
        (Some(HandEnd::Game(reason)), Some(game)) => format!(
            "{noun} {k} is over ({}): the last board\n{}At the end {}: south {}, north {}.\n\n",
            reason.name(),
            draw::board_kept(game.position(), hand.kept),
            rules.end_words(reason),
            score.south,
            score.north
        ),
        _ => format!(
            "{noun} {k} is over: result entered, south {}, north {}.\n\n",
            score.south, score.north
        ),
    }
}

/// The board and the match's standing, for a person.
fn describe(stored: &StoredMatch) -> String {
    let row = &stored.row;
    let state = &stored.state;
    let hand = state.current_hand();
    let mut out = String::new();
    // A hand just ended and the next awaits its arrangement: how the hand ended,
    // before anything of the next. (A match over shows its last board below.)
    if let Awaiting::Arrangement(_) = state.awaiting()
        && hand.arrangement.south.is_none()
        && hand.arrangement.north.is_none()
        && hand.number > 1
    {
        out.push_str(&hand_end(state, hand.number - 1));
    }
    // A games:N match's next game not yet begun: how the last one ended first.
    if state.spec().form.games().is_some()
        && state.outcome().is_none()
        && hand.number > 1
        && state.game().is_some_and(|g| g.position().ply() == 0)
    {
        out.push_str(&hand_end(state, hand.number - 1));
    }
    let form = state.spec().form;
    if let Some(games) = form.games() {
        // Every game starts from the setup: nothing is brought in or kept.
        out.push_str(&format!(
            "Match {} ({}, {}): {} (south) v {} (north), game {} of {games}",
            row.id, row.variant, row.form, row.south, row.north, hand.number,
        ));
    } else {
        out.push_str(&format!(
            "Match {} ({}, {}): {} (south) v {} (north), hand {}; brought in: south {}, north {}",
            row.id,
            row.variant,
            row.form,
            row.south,
            row.north,
            hand.number,
            hand.holdings.south,
            hand.holdings.north
        ));
    }
    if hand.kept.south + hand.kept.north > 0 {
        out.push_str(&format!(
            "; kept in hand: south {}, north {}",
            hand.kept.south, hand.kept.north
        ));
    }
    out.push('\n');
    match state.game() {
        // Forfeited or decided off the system: the board is not where it ended.
        Some(_) if state.closing().is_some() => {}
        // The last game's score was entered: its board never left the setup.
        Some(_) if state.outcome().is_some() && hand.end == Some(HandEnd::Entered) => {}
        Some(game) => out.push_str(&draw::board_kept(game.position(), hand.kept)),
        None => {
            if let Awaiting::Arrangement(side) = state.awaiting() {
                for s in Side::BOTH {
                    if let Some(r) = &hand.arrangement[s] {
                        out.push_str(&format!(
                            "{s} arranged: {}\n",
                            r.iter().map(u16::to_string).collect::<Vec<_>>().join(",")
                        ));
                    }
                }
                let seeds = state.seeds_to_place(side).unwrap_or(0);
                let then = match hand.first_arranger {
                    Some(first) if first == side && hand.kept[!side] > 0 => format!(
                        "; then {} ({}) places as many and keeps {} in hand",
                        row.player_name(!side),
                        !side,
                        hand.kept[!side]
                    ),
                    _ => String::new(),
                };
                out.push_str(&format!(
                    "{} ({side}) to arrange {seeds} seeds over {} holes, at least 1 in each{then}\n",
                    row.player_name(side),
                    state.spec().rules.holes_per_row
                ));
            }
        }
    }
    match (state.closing(), state.outcome()) {
        (Some(Closing::Forfeit(Absent::Both)), _) => {
            out.push_str("Match over: double forfeit, neither player came; both lose\n");
        }
        (Some(Closing::Void), _) => {
            out.push_str("Match void: annulled by a correction, no result counts\n");
        }
        (Some(Closing::Forfeit(_)), Some(o)) => {
            let side = o.winner().unwrap_or(Side::South);
            out.push_str(&format!(
                "Match over: {} ({side}) wins by forfeit, {} ({}) did not come\n",
                row.player_name(side),
                row.player_name(!side),
                !side
            ));
        }
        (Some(Closing::Entered { .. }), Some(o)) => {
            let text = match o.winner() {
                Some(side) => format!("{} ({side}) wins the match", row.player_name(side)),
                None => "the match is drawn".to_string(),
            };
            out.push_str(&format!(
                "Match over (result entered for the whole match): {text}\n"
            ));
        }
        (_, Some(o)) => {
            let text = match o.winner() {
                Some(side) => format!("{} ({side}) wins the match", row.player_name(side)),
                None => "the match is drawn".to_string(),
            };
            if let (Some(HandEnd::Game(reason)), Some(score)) = (hand.end, hand.score) {
                out.push_str(&format!(
                    "At the end {}: south {}, north {}.\n",
                    state.spec().rules.end_words(reason),
                    score.south,
                    score.north
                ));
            }
            let (one, many) = form.game_noun();
            out.push_str(&format!(
                "Match over after {}: {text}\n",
                crate::out::count(state.hands().len() as u64, one, many)
            ));
        }
        (_, None) => {
            if let Awaiting::Move(side) = state.awaiting() {
                out.push_str(&format!("{} ({side}) to move\n", row.player_name(side)));
            }
        }
    }
    out
}

#[derive(Tabled, serde::Serialize)]
struct HandRow {
    hand: u32,
    first: String,
    #[tabled(rename = "brought in S-N")]
    brought: String,
    #[tabled(rename = "arrangement S")]
    arrangement_south: String,
    #[tabled(rename = "arrangement N")]
    arrangement_north: String,
    #[tabled(rename = "kept S-N")]
    kept: String,
    moves: String,
    end: String,
    #[tabled(rename = "score S-N")]
    score: String,
    #[tabled(rename = "carried S-N")]
    carried: String,
}

/// `match correct`: the correction, and what it changed in the standings.
fn correct(db: Option<PathBuf>, a: CorrectArgs) -> anyhow::Result<ExitCode> {
    let score = a.score.as_deref().map(parse_score_pair).transpose()?;
    let whole = match &a.whole {
        Some(w) => Some(whole_match(w, a.seeds.as_deref())?),
        None => None,
    };
    let absent = a.absent.as_deref().map(parse_absent).transpose()?;
    let games = a.games.as_deref().map(parse_game_scores).transpose()?;
    let kind: CorrectionRequest = match (score, whole, absent) {
        _ if games.is_some() => CorrectionKind::Games {
            scores: games.expect("some"),
        }
        .into(),
        (Some(score), _, _) => match a.hand {
            Some(hand) => CorrectionKind::Score { hand, score }.into(),
            None => CorrectionRequest::LastHandScore(score),
        },
        (_, Some(Closing::Entered { outcome, seeds }), _) => CorrectionKind::Match {
            decision: outcome,
            seeds,
        }
        .into(),
        (_, _, Some(absent)) => CorrectionKind::Absent { absent }.into(),
        _ => CorrectionKind::Void.into(),
    };
    let done = with_store(db, async |store| {
        Ok(app::correct(store, a.id, kind, &a.reason).await?)
    })?;
    if a.format == RecordFormat::Json {
        print_json(&done)?;
        return Ok(ExitCode::SUCCESS);
    }
    let c = &done.correction;
    outln!(
        "match {}: corrected {} ({}); the match's result was {}, is {}",
        c.match_id,
        c.kind.describe(),
        c.reason,
        c.before.text(),
        c.after.text()
    );
    if let Some(t) = &done.tournament {
        if done.standings_changed.is_empty() {
            outln!("{t}: the standings' order and points are unchanged");
        }
        for s in &done.standings_changed {
            outln!(
                "{t}: {} was {}. with {}, is {}. with {}",
                s.player,
                s.position_before,
                points(&s.points_before),
                s.position_after,
                points(&s.points_after)
            );
        }
        outln!("{t}: rounds already paired stay as they were");
    }
    Ok(ExitCode::SUCCESS)
}

/// "S-N,S-N,...": each game's seeds, game 1 first.
fn parse_game_scores(text: &str) -> anyhow::Result<Vec<BySide<u32>>> {
    let bad = || {
        anyhow::anyhow!(
            "'{}' is not a list of game scores; give each game's South and North seeds as S-N, game 1 first, comma separated (e.g. 11-37,37-11)",
            goobalay::names::excerpt(text)
        )
    };
    text.split(',')
        .map(|game| {
            let (south, north) = game.trim().split_once('-').ok_or_else(bad)?;
            Ok(BySide::new(
                seed_count(south.trim(), "south")?,
                seed_count(north.trim(), "north")?,
            ))
        })
        .collect()
}

/// "S,N": two seed counts.
fn parse_score_pair(text: &str) -> anyhow::Result<BySide<u32>> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    match parts.as_slice() {
        [s, n] => Ok(BySide::new(
            seed_count(s, "south")?,
            seed_count(n, "north")?,
        )),
        _ => anyhow::bail!(
            "'{}' is not a score; give South's and North's seeds as S,N (e.g. 16,12)",
            goobalay::names::excerpt(text)
        ),
    }
}

fn show(
    stored: &StoredMatch,
    corrections: &[Correction],
    format: RecordFormat,
) -> anyhow::Result<ExitCode> {
    let row = &stored.row;
    let state = &stored.state;
    let n = state.spec().rules.holes_per_row;
    let joined = |r: &Option<Vec<u16>>| {
        r.as_ref().map_or("-".to_string(), |r| {
            r.iter().map(u16::to_string).collect::<Vec<_>>().join(",")
        })
    };
    let hands_form = state.spec().form == MatchForm::Hands;
    let rows: Vec<HandRow> = state
        .hands()
        .iter()
        .map(|h| HandRow {
            hand: h.number,
            first: h.first_mover.to_string(),
            brought: format!("{}-{}", h.holdings.south, h.holdings.north),
            arrangement_south: joined(&h.arrangement.south),
            arrangement_north: joined(&h.arrangement.north),
            kept: format!("{}-{}", h.kept.south, h.kept.north),
            moves: format!("{}: {}", h.moves.len(), h.moves_text(n)),
            end: h
                .end
                .map_or("in play".to_string(), |e| e.name().to_string()),
            score: h
                .score
                .map_or("-".to_string(), |s| format!("{}-{}", s.south, s.north)),
            carried: match h.score {
                Some(s) if hands_form => format!("{}-{}", s.south, s.north),
                _ => "-".to_string(),
            },
        })
        .collect();
    if format == RecordFormat::Json {
        let mut v = match_json(stored);
        v["hands"] = serde_json::to_value(&rows)?;
        v["corrections"] = serde_json::to_value(corrections)?;
        print_json(&v)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = crate::out::stdout();
    writeln!(
        out,
        "Match {} ({}, {}{}): {} (south) v {} (north), created {}{}",
        row.id,
        row.variant,
        row.form,
        row.max_hands
            .map_or(String::new(), |m| format!(", at most {m} hands")),
        row.south,
        row.north,
        local(row.created_at),
        row.tournament.as_ref().map_or(String::new(), |t| format!(
            ", tournament {t} round {}",
            row.round.unwrap_or(0)
        ))
    )?;
    writeln!(out, "{}", Table::new(&rows).with(Style::rounded()))?;
    let result = match (state.closing(), state.outcome()) {
        (Some(Closing::Forfeit(Absent::Both)), _) => {
            "double forfeit: neither player came, both lose".to_string()
        }
        (Some(Closing::Void), _) => {
            "void: annulled by a correction, no result counts (not played, not rated)".to_string()
        }
        (Some(Closing::Forfeit(absent)), Some(o)) => {
            let side = o.winner().unwrap_or(Side::South);
            format!(
                "{} ({side}) wins by forfeit: {} ({}) did not come (not played, not rated)",
                row.player_name(side),
                row.player_name(!side),
                absent.name()
            )
        }
        (closing, Some(o)) => {
            let how = match closing {
                Some(Closing::Entered { seeds: Some(s), .. }) => {
                    format!(
                        " (whole match entered, final seeds {}-{})",
                        s.south, s.north
                    )
                }
                Some(Closing::Entered { seeds: None, .. }) => " (whole match entered)".to_string(),
                _ => String::new(),
            };
            match o.winner() {
                Some(side) => format!("{} ({side}) won{how}", row.player_name(side)),
                None => format!("drawn{how}"),
            }
        }
        (_, None) => "in play".to_string(),
    };
    writeln!(out, "Result: {result}")?;
    for c in corrections {
        writeln!(
            out,
            "Corrected {}: {} ({}); result {} before, {} after",
            local(c.corrected_at),
            c.kind.describe(),
            c.reason,
            c.before.text(),
            c.after.text()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `match play`: the board, a prompt for the human to move or arrange, engines by
/// themselves; `undo` takes back the last human move, `quit` (or end of input)
/// leaves the match to resume later.
fn play(db: Option<PathBuf>, id: i64) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        let mut stored = app::matches::load(store, id).await?;
        loop {
            let row = stored.row.clone();
            let awaiting = stored.state.awaiting();
            let side = match app::matches::turn(&stored)? {
                Turn::Over => {
                    out!("{}", describe(&stored));
                    show(
                        &stored,
                        &app::matches::corrections(store, id).await?,
                        RecordFormat::Table,
                    )?;
                    return Ok(ExitCode::SUCCESS);
                }
                Turn::Engine(_) => {
                    let played = app::play_engine_turns(store, id).await?;
                    report_engine_events(&played.stored, &played.engine_events)?;
                    stored = played.stored;
                    continue;
                }
                Turn::Human(side) => side,
            };
            out!("{}", describe(&stored));
            let prompt = match awaiting {
                Awaiting::Move(_) => format!(
                    "{} ({side}), your move [hole 1-{}, undo, quit]: ",
                    row.player_name(side),
                    stored.state.spec().rules.holes_per_row
                ),
                _ => format!(
                    "{} ({side}), your arrangement [{} seed counts, e.g. {}; quit]: ",
                    row.player_name(side),
                    stored.state.spec().rules.holes_per_row,
                    goobalay::ai::even_spread(
                        stored.state.seeds_to_place(side).unwrap_or(0),
                        stored.state.spec().rules.holes_per_row as usize
                    )
                    .iter()
                    .map(u16::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
                ),
            };
            out!("{prompt}");
            crate::out::stdout().flush()?;
            let Some(line) = lines.next() else {
                outln!();
                outln!("match {id} left in play; resume with `goobalay match play {id}`");
                return Ok(ExitCode::SUCCESS);
            };
            let line = line.context("cannot read the terminal")?;
            let input = line.trim();
            if input.is_empty() {
                continue;
            }
            if input.eq_ignore_ascii_case("quit") || input.eq_ignore_ascii_case("q") {
                outln!("match {id} left in play; resume with `goobalay match play {id}`");
                return Ok(ExitCode::SUCCESS);
            }
            let result = if input.eq_ignore_ascii_case("undo") {
                app::undo(store, id, app::UndoBy::Player)
                    .await
                    .map(|stored| app::Played {
                        stored,
                        engine_events: Vec::new(),
                    })
            } else {
                let action = match awaiting {
                    Awaiting::Arrangement(_) => match parse_row(input) {
                        Ok(row) => HumanAction::Arrange(row),
                        Err(e) => {
                            println!("{e}; try again");
                            continue;
                        }
                    },
                    _ => HumanAction::Move(input.to_string()),
                };
                app::enter(store, id, &action).await
            };
            match result {
                Ok(played) => {
                    report_engine_events(&played.stored, &played.engine_events)?;
                    stored = played.stored;
                }
                Err(e @ AppError::EngineCaughtUp { .. }) => {
                    outln!("{}", crate::hints::worded(&e));
                    stored = app::matches::load(store, id).await?;
                }
                // A refusal (an illegal move, an undo that needs the director) leaves
                // the session open: the player tries again or quits.
                Err(e) if e.match_refusal().is_some() || e.failure() == app::Failure::Refused => {
                    outln!("{}; try again", crate::hints::worded(&e))
                }
                Err(e) => return Err(e.into()),
            }
        }
    })
}

fn report_engine_events(stored: &StoredMatch, made: &[Event]) -> std::io::Result<()> {
    let row = &stored.row;
    if made.is_empty() {
        return Ok(());
    }
    // The engine's moves, with what each did, in the order made.
    let moves = made.iter().filter(|e| matches!(e, Event::Move(_))).count();
    let mut recent = stored.state.recent_moves(moves).into_iter();
    let mut text = Vec::new();
    for e in made {
        match e {
            Event::Move(_) => {
                if let Some(m) = recent.next() {
                    text.push(format!(
                        "{} ({}) plays {}: {}",
                        row.player_name(m.player),
                        m.player,
                        m.notation,
                        m.what_it_did()
                    ));
                }
            }
            Event::Arrange { side, row: r } => text.push(format!(
                "{} ({side}) arranges {}",
                row.player_name(*side),
                r.iter().map(u16::to_string).collect::<Vec<_>>().join(",")
            )),
            Event::Result(_) => {}
        }
    }
    if text.len() > 12 {
        outln!("{} engine moves and arrangements made", text.len());
    } else {
        for t in text {
            outln!("{t}");
        }
    }
    Ok(())
}

/// `goobalay replay ID [--hand N]`: the board after every move.
pub fn replay(db: Option<PathBuf>, a: ReplayArgs) -> anyhow::Result<ExitCode> {
    let stored = with_store_read(db, async |store| Ok(app::matches::load(store, a.id).await?))?;
    let hands = stored.state.hands().len() as u32;
    if let Some(h) = a.hand
        && (h == 0 || h > hands)
    {
        bail!("match {} has no hand {h}; it has hands 1 to {hands}", a.id);
    }
    let spec = stored.state.spec().clone();
    let n = spec.rules.holes_per_row;
    let row = &stored.row;
    let mut out = crate::out::stdout();
    let mut state = MatchState::new(spec);
    let mut shown_start = 0;
    for event in stored.state.events() {
        let hand = state.current_hand().number;
        let wanted = a.hand.is_none_or(|h| h == hand);
        let mover = state.awaiting().side();
        let before = state.game().cloned();
        state.apply(&event)?;
        if !wanted {
            continue;
        }
        let game_hand = state.hands()[hand as usize - 1].clone();
        match &event {
            Event::Move(m) => {
                if shown_start != hand {
                    shown_start = hand;
                    writeln!(out, "== Hand {hand} ==")?;
                }
                let side = mover.unwrap_or(Side::South);
                writeln!(
                    out,
                    "Hand {hand}, move {}: {} ({side}) plays {}",
                    game_hand.moves.len(),
                    row.player_name(side),
                    m.notation(n)
                )?;
                // The hand's game as the move left it (even if the hand then ended).
                if let Some(mut g) = before {
                    g.play(*m)?;
                    write!(out, "{}", draw::board_kept(g.position(), game_hand.kept))?;
                }
            }
            Event::Arrange { side, row: r } => {
                if shown_start != hand {
                    shown_start = hand;
                    writeln!(out, "== Hand {hand} ==")?;
                }
                writeln!(
                    out,
                    "Hand {hand}: {} ({side}) arranges {}",
                    row.player_name(*side),
                    r.iter().map(u16::to_string).collect::<Vec<_>>().join(",")
                )?;
            }
            Event::Result(s) => writeln!(
                out,
                "Hand {hand}: result entered, south {}, north {}",
                s.south, s.north
            )?,
        }
    }
    Ok(ExitCode::SUCCESS)
}
