//! The audit of one match: its hands replayed from their events and compared with
//! their stored rows, its closing and corrections replayed after them, its row's
//! summary compared with the replay, and its rules with its preset's.

use crate::app::records::summary;
use crate::app::repo::{Result, Transaction};
use crate::app::stored_match::StoredMatches;
use crate::engine::{BySide, Rules, Side, Variant};
use crate::matches::{Closing, Event, HandEnd, MatchOutcome, MatchState, correction, parse_row};

use super::VerifyReport;
use super::corrections::corrections_check;
use super::engines::{engine_choice, engine_differs, is_quick};

/// What the replay of a match gives, for the tournament checks.
#[derive(Clone, Debug)]
pub(super) struct Replayed {
    pub outcome: Option<MatchOutcome>,
    /// The seeds the standings count ([`MatchState::counted_seeds`]).
    pub counted: Option<BySide<u32>>,
    /// The forfeit or whole-match result the match was closed with.
    pub closing: Option<Closing>,
}

/// A match stored as a preset must have been played by that preset's rules.
/// Presets have not changed since the first schema; when one does, the rule set
/// it had before must be accepted here for matches made before the change.
fn preset_rules_check(variant: &str, stored: &Rules) -> Option<String> {
    let preset = Variant::preset(variant).filter(|p| p.name == variant)?;
    if preset.rules == *stored {
        return None;
    }
    let as_file = |rules: &Rules| {
        serde_json::to_value(
            Variant {
                name: String::new(),
                summary: String::new(),
                rules: *rules,
            }
            .to_file(),
        )
        .unwrap_or_default()
    };
    let (have, want) = (as_file(stored), as_file(&preset.rules));
    let fields: Vec<String> = have
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, v)| want.get(k.as_str()) != Some(*v))
        .map(|(k, v)| format!("{k} {v} (the preset's: {})", want[k.as_str()]))
        .collect();
    Some(format!(
        "stored as the preset '{variant}', but its stored rules differ from the preset's: {}",
        fields.join(", ")
    ))
}

fn pair(v: BySide<u32>) -> (Option<i64>, Option<i64>) {
    (Some(i64::from(v.south)), Some(i64::from(v.north)))
}

fn show_pair(p: (Option<i64>, Option<i64>)) -> String {
    let one = |v: Option<i64>| v.map_or("none".to_string(), |v| v.to_string());
    format!("{}-{}", one(p.0), one(p.1))
}

fn show_opt(v: Option<&str>) -> String {
    v.map_or("none".to_string(), |s| format!("'{s}'"))
}

/// Replays one match and compares it with its stored rows; returns what the replay
/// gives when the whole match replays.
pub(super) async fn verify_match(
    conn: &mut impl Transaction,
    id: i64,
    deep: bool,
    report: &mut VerifyReport,
) -> Result<Option<Replayed>> {
    report.matches += 1;
    let Some(row) = conn.match_record(id).await? else {
        report.flag(Some(id), None, "the match's players are missing");
        return Ok(None);
    };
    let row = match row {
        Ok(r) => r,
        Err(e) => {
            report.flag(Some(id), None, format!("the match row cannot be read: {e}"));
            return Ok(None);
        }
    };
    let spec = match row.spec() {
        Ok(s) => s,
        Err(e) => {
            report.flag(Some(id), None, format!("the match cannot be set up: {e}"));
            return Ok(None);
        }
    };
    if let Some(what) = preset_rules_check(&row.variant, &spec.rules) {
        report.flag(Some(id), None, what);
    }
    let engines = row.engines().unwrap_or_else(|e| {
        report.flag(Some(id), None, e.to_string());
        BySide::new(None, None)
    });
    // Decisions of an earlier engine version are replayed (legal, consistent) but not
    // recomputed: today's levels would choose differently.
    let current_engine = row.engine_version == Some(crate::ai::ENGINE_VERSION);
    let n = spec.rules.holes_per_row;
    let hand_rows = conn.hand_records(id).await?;
    let corrections = match conn.corrections(id).await {
        Ok(c) => c,
        Err(e) => {
            report.flag(
                Some(id),
                None,
                format!("its corrections cannot be read: {e}"),
            );
            return Ok(None);
        }
    };
    // The hands replay with every entered score as corrected; the hands as entered
    // (`entered_events`) replay the corrections one by one below.
    let corrected = correction::corrected_scores(corrections.iter().map(|c| &c.kind));
    let mut entered_events: Vec<(u32, Event)> = Vec::new();
    let mut state = MatchState::new(spec.clone());
    let mut replay_ok = true;
    for (i, h) in hand_rows.iter().enumerate() {
        let number = (i + 1) as u32;
        report.hands += 1;
        macro_rules! flag {
            ($what:expr) => {
                report.flag(Some(id), Some(number), $what)
            };
        }
        if !h.unreadable.is_empty() {
            flag!(format!(
                "{}: {}",
                if h.unreadable.len() == 1 {
                    "unreadable column"
                } else {
                    "unreadable columns"
                },
                h.unreadable.join(", ")
            ));
        }
        if h.number != i64::from(number) {
            flag!(format!(
                "stored as hand {}; hands must be numbered 1, 2, 3, ... without gaps",
                h.number
            ));
            replay_ok = false;
            break;
        }
        if let Some(outcome) = state.outcome() {
            flag!(format!(
                "stored after the match was decided ({} after hand {})",
                outcome.name(),
                number - 1
            ));
            replay_ok = false;
            break;
        }
        let expected = state.current_hand().clone();
        if h.first_mover.as_deref() != Some(expected.first_mover.name()) {
            flag!(format!(
                "stored first mover {}, the replay gives '{}'",
                show_opt(h.first_mover.as_deref()),
                expected.first_mover
            ));
        }
        if h.first_arranger.as_deref() != expected.first_arranger.map(Side::name) {
            flag!(format!(
                "stored first arranger {}, the replay gives {}",
                show_opt(h.first_arranger.as_deref()),
                show_opt(expected.first_arranger.map(Side::name))
            ));
        }
        if h.holdings != pair(expected.holdings) {
            flag!(format!(
                "stored seeds brought in (carried over) {}, the replay gives {}",
                show_pair(h.holdings),
                show_pair(pair(expected.holdings))
            ));
        }
        if h.kept != pair(expected.kept) {
            flag!(format!(
                "stored seeds kept in hand {}, the replay gives {}",
                show_pair(h.kept),
                show_pair(pair(expected.kept))
            ));
        }
        // The hand's events, in replay order.
        let mut events: Vec<(String, Result<Event, String>)> = Vec::new();
        match expected.first_arranger {
            Some(first) => {
                for side in [first, !first] {
                    if let Some(text) = &h.arrangement[side] {
                        let ev = parse_row(text)
                            .map(|row| Event::Arrange { side, row })
                            .map_err(|e| e.to_string());
                        events.push((format!("{side}'s arrangement '{text}'"), ev));
                    }
                }
            }
            None => {
                for side in Side::BOTH {
                    if let Some(text) = &h.arrangement[side] {
                        flag!(format!(
                            "an arrangement for {side} ('{text}') is stored for a hand that starts from the ordinary setup"
                        ));
                    }
                }
            }
        }
        let moves = h.moves.clone().unwrap_or_default();
        let tokens: Vec<&str> = moves.split_whitespace().collect();
        if h.move_count != Some(tokens.len() as i64) {
            flag!(format!(
                "stored move count {}, but {} moves are stored",
                h.move_count.map_or("none".to_string(), |c| c.to_string()),
                tokens.len()
            ));
        }
        // Moves are parsed when their turn comes (the mover decides the hole).
        let entered = h.end_reason.as_deref() == Some("result");
        let mut step = 0usize;
        let total = events.len() + tokens.len() + usize::from(entered);
        let mut ok = true;
        while step < total {
            let (label, event) = if step < events.len() {
                let (label, ev) = &events[step];
                (label.clone(), ev.clone())
            } else if step < events.len() + tokens.len() {
                let k = step - events.len();
                let token = tokens[k];
                (
                    format!("move {} ('{token}')", k + 1),
                    state
                        .parse_move(token)
                        .map(Event::Move)
                        .map_err(|e| e.to_string()),
                )
            } else {
                let score = match h.score {
                    (Some(s), Some(n))
                        if s >= 0 && n >= 0 && s <= u32::MAX as i64 && n <= u32::MAX as i64 =>
                    {
                        Ok(Event::Result(BySide::new(s as u32, n as u32)))
                    }
                    _ => Err(format!(
                        "an entered result needs both scores, stored {}",
                        show_pair(h.score)
                    )),
                };
                ("the entered result".to_string(), score)
            };
            step += 1;
            let event = match event {
                Ok(e) => e,
                Err(e) => {
                    flag!(format!("{label} does not replay: {e}"));
                    ok = false;
                    break;
                }
            };
            entered_events.push((number, event.clone()));
            let (label, event) = match (event, corrected.get(&number)) {
                (Event::Result(_), Some(&score)) => {
                    (format!("{label} as corrected"), Event::Result(score))
                }
                (event, _) => (label, event),
            };
            // An engine's decision must be the one its level makes from the seed (if
            // this version of the engine made it).
            if !matches!(event, Event::Result(_))
                && current_engine
                && let Some(side) = state.awaiting().side()
                && let Some(level) = engines[side].filter(|&l| deep || is_quick(l))
                && let Some(chosen) = engine_choice(&state, level, row.seed, side)
            {
                report.engine_decisions += 1;
                if chosen != event {
                    flag!(engine_differs(&label, level, &chosen, n));
                }
            }
            if !matches!(event, Event::Result(_))
                && let Some(level) = state.awaiting().side().and_then(|side| engines[side])
            {
                if !current_engine {
                    report.engine_decisions_older += 1;
                } else if !deep && !is_quick(level) {
                    report.engine_decisions_skipped += 1;
                }
            }
            match &event {
                Event::Move(_) => report.moves += 1,
                Event::Arrange { .. } => report.arrangements += 1,
                Event::Result(_) => report.entered_results += 1,
            }
            if let Err(e) = state.apply(&event) {
                flag!(format!("{label} does not replay: {e}"));
                ok = false;
                break;
            }
        }
        if !ok {
            replay_ok = false;
            break;
        }
        let replayed = &state.hands()[i];
        let stored_end = h.end_reason.as_deref().map(|e| (e, HandEnd::parse(e)));
        let end_matches = match (stored_end, replayed.end) {
            (None, None) => true,
            (Some((_, Some(s))), Some(r)) => s == r,
            _ => false,
        };
        if !end_matches {
            flag!(format!(
                "stored end {}, the replay gives {}",
                show_opt(h.end_reason.as_deref()),
                show_opt(replayed.end.map(HandEnd::name))
            ));
        }
        let replay_score = replayed.score.map_or((None, None), pair);
        if h.score != replay_score && !corrected.contains_key(&number) {
            flag!(format!(
                "stored score {}, the replay gives {}",
                show_pair(h.score),
                show_pair(replay_score)
            ));
        }
        if replayed.end.is_none() && i + 1 < hand_rows.len() {
            flag!("unfinished, yet a later hand is stored".to_string());
            replay_ok = false;
            break;
        }
    }
    if hand_rows.is_empty() {
        report.flag(Some(id), None, "no hands are stored (hand 1 is missing)");
        return Ok(None);
    }
    if replay_ok && hand_rows.len() < state.hands().len() {
        report.flag(
            Some(id),
            Some(state.hands().len() as u32),
            "missing: the hand before it ended and the match goes on",
        );
    }
    if !replay_ok {
        return Ok(None);
    }
    // A forfeit or whole-match result applies after the hands, to a match they left
    // unfinished.
    let closing = match conn.closing(id).await {
        Ok(c) => c,
        Err(e) => {
            report.flag(
                Some(id),
                None,
                format!("the stored closing cannot be read: {e}"),
            );
            return Ok(None);
        }
    };
    let closing_text = |c: Closing| match c {
        Closing::Forfeit(a) => format!("a forfeit ({} absent)", a.name()),
        Closing::Entered { outcome, .. } => {
            format!("a whole-match result ({})", outcome.name())
        }
        Closing::Void => "a void".to_string(),
    };
    if let Some(c) = closing {
        if let Some(o) = state.outcome() {
            report.flag(
                Some(id),
                None,
                format!(
                    "{} is stored, but the match's hands already decided it ({})",
                    closing_text(c),
                    o.name()
                ),
            );
            return Ok(None);
        }
        if let Err(e) = state.close(c) {
            report.flag(
                Some(id),
                None,
                format!("{} is stored that does not hold: {e}", closing_text(c)),
            );
            return Ok(None);
        }
    }
    // Whole-match corrections replace the result after that, each in turn.
    for c in correction::corrected_closings(corrections.iter().map(|c| &c.kind)) {
        match correction::with_closing(&state, c) {
            Ok(next) => state = next,
            Err(e) => {
                report.flag(
                    Some(id),
                    None,
                    format!("a correction to {} does not hold: {e}", closing_text(c)),
                );
                return Ok(None);
            }
        }
    }
    if !corrections.is_empty() {
        corrections_check(
            id,
            &spec,
            entered_events,
            closing,
            &corrections,
            &state,
            report,
        );
    }
    // The closing that stands, by its one definition (the replay above reaches it by
    // applying each correction in turn, each checked as it was made).
    let closing =
        correction::standing_closing(closing, corrections.iter().map(|c| c.kind.closing()));
    // The match row's summary.
    let outcome = state.outcome();
    if outcome.is_some() {
        report.finished_matches += 1;
    }
    if row.winner != outcome {
        report.flag(
            Some(id),
            None,
            format!(
                "stored winner {}, the replay gives {}{}",
                show_opt(row.winner.map(MatchOutcome::name)),
                show_opt(outcome.map(MatchOutcome::name)),
                closing.map_or(String::new(), |c| format!(" from {}", closing_text(c)))
            ),
        );
    }
    let finished = state.hands().iter().filter(|h| h.end.is_some()).count() as i64;
    if row.hands_played != finished {
        report.flag(
            Some(id),
            None,
            format!(
                "stored hands played {}, the replay gives {finished}",
                row.hands_played
            ),
        );
    }
    let last = summary(&state);
    let last = (last.2.map(i64::from), last.3.map(i64::from));
    if (row.final_south, row.final_north) != last {
        report.flag(
            Some(id),
            None,
            format!(
                "stored final seeds {}, the replay gives {}",
                show_pair((row.final_south, row.final_north)),
                show_pair(last)
            ),
        );
    }
    if row.finished_at.is_some() != outcome.is_some() {
        report.flag(
            Some(id),
            None,
            if outcome.is_some() {
                "decided, but no finish time is stored"
            } else {
                "a finish time is stored, but the match is not decided"
            },
        );
    }
    Ok(Some(Replayed {
        outcome,
        counted: state.counted_seeds(),
        closing,
    }))
}
