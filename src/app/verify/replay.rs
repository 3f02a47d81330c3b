//! The audit of one match: its hands replayed from their events and compared with
//! their stored rows, its closing and corrections replayed after them, its row's
//! summary compared with the replay, and its rules with its preset's.

use std::collections::HashMap;

use crate::ai::Level;
use crate::app::records::{MatchRow, summary};
use crate::app::repo::{HandRecord, Result, Transaction};
use crate::app::stored_match::StoredMatches;
use crate::engine::{BySide, Rules, Side, Variant};
use crate::matches::{
    Closing, Event, Hand, HandEnd, MatchOutcome, MatchState, correction, parse_row,
};

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
    let mut hands = HandReplay {
        id,
        deep,
        // Decisions of an earlier engine version are replayed (legal, consistent) but
        // not recomputed: today's levels would choose differently.
        current_engine: row.engine_version == Some(crate::ai::ENGINE_VERSION),
        engines,
        seed: row.seed,
        holes: spec.rules.holes_per_row,
        // The hands replay with every entered score as corrected; the hands as
        // entered (`entered_events`) replay the corrections one by one later.
        corrected: correction::corrected_scores(corrections.iter().map(|c| &c.kind)),
        entered_events: Vec::new(),
        state: MatchState::new(spec.clone()),
        report,
    };
    let mut replay_ok = true;
    for (i, h) in hand_rows.iter().enumerate() {
        if !hands.replay_hand(i, h, hand_rows.len()) {
            replay_ok = false;
            break;
        }
    }
    let HandReplay {
        entered_events,
        mut state,
        report,
        ..
    } = hands;
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
    if let Some(c) = closing
        && !close(&mut state, c, id, report)
    {
        return Ok(None);
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
    let outcome = state.outcome();
    if outcome.is_some() {
        report.finished_matches += 1;
    }
    match_row_summary_check(id, &row, &state, closing, report);
    Ok(Some(Replayed {
        outcome,
        counted: state.counted_seeds(),
        closing,
    }))
}

fn closing_text(c: Closing) -> String {
    match c {
        Closing::Forfeit(a) => format!("a forfeit ({} absent)", a.name()),
        Closing::Entered { outcome, .. } => {
            format!("a whole-match result ({})", outcome.name())
        }
        Closing::Void => "a void".to_string(),
    }
}

/// Applies the stored closing to the replayed hands; a closing holds only for a
/// match the hands left undecided. False (flagged) when it does not hold.
fn close(state: &mut MatchState, c: Closing, id: i64, report: &mut VerifyReport) -> bool {
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
        return false;
    }
    if let Err(e) = state.close(c) {
        report.flag(
            Some(id),
            None,
            format!("{} is stored that does not hold: {e}", closing_text(c)),
        );
        return false;
    }
    true
}

/// The match row's summary (winner, hands played, final seeds, finish time)
/// against the replay's.
fn match_row_summary_check(
    id: i64,
    row: &MatchRow,
    state: &MatchState,
    closing: Option<Closing>,
    report: &mut VerifyReport,
) {
    let outcome = state.outcome();
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
    let last = summary(state);
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
}

/// One match's hands replayed in order, each compared with its stored row.
struct HandReplay<'r> {
    id: i64,
    deep: bool,
    current_engine: bool,
    engines: BySide<Option<Level>>,
    seed: u64,
    holes: u8,
    /// The entered score that counts for each hand, as corrected.
    corrected: HashMap<u32, BySide<u32>>,
    /// The events as entered (before corrections), with their hand's number.
    entered_events: Vec<(u32, Event)>,
    state: MatchState,
    report: &'r mut VerifyReport,
}

impl HandReplay<'_> {
    fn flag(&mut self, hand: u32, what: impl Into<String>) {
        self.report.flag(Some(self.id), Some(hand), what);
    }

    /// Replays stored hand `i` (of `stored` hands); false when the replay cannot go
    /// on to the next hand.
    fn replay_hand(&mut self, i: usize, h: &HandRecord, stored: usize) -> bool {
        let number = (i + 1) as u32;
        self.report.hands += 1;
        if !h.unreadable.is_empty() {
            self.flag(
                number,
                format!(
                    "{}: {}",
                    if h.unreadable.len() == 1 {
                        "unreadable column"
                    } else {
                        "unreadable columns"
                    },
                    h.unreadable.join(", ")
                ),
            );
        }
        if h.number != i64::from(number) {
            self.flag(
                number,
                format!(
                    "stored as hand {}; hands must be numbered 1, 2, 3, ... without gaps",
                    h.number
                ),
            );
            return false;
        }
        if let Some(outcome) = self.state.outcome() {
            self.flag(
                number,
                format!(
                    "stored after the match was decided ({} after hand {})",
                    outcome.name(),
                    number - 1
                ),
            );
            return false;
        }
        let expected = self.state.current_hand().clone();
        self.hand_start_check(h, &expected, number);
        let events = self.arrangements(h, &expected, number);
        let moves = h.moves.clone().unwrap_or_default();
        let tokens: Vec<&str> = moves.split_whitespace().collect();
        if h.move_count != Some(tokens.len() as i64) {
            self.flag(
                number,
                format!(
                    "stored move count {}, but {} moves are stored",
                    h.move_count.map_or("none".to_string(), |c| c.to_string()),
                    tokens.len()
                ),
            );
        }
        if !self.replay_events(h, number, &events, &tokens) {
            return false;
        }
        self.hand_end_check(h, i, number);
        if self.state.hands()[i].end.is_none() && i + 1 < stored {
            self.flag(number, "unfinished, yet a later hand is stored".to_string());
            return false;
        }
        true
    }

    /// The stored start of a hand (first mover and arranger, seeds brought in and
    /// kept) against the replay's.
    fn hand_start_check(&mut self, h: &HandRecord, expected: &Hand, number: u32) {
        if h.first_mover.as_deref() != Some(expected.first_mover.name()) {
            self.flag(
                number,
                format!(
                    "stored first mover {}, the replay gives '{}'",
                    show_opt(h.first_mover.as_deref()),
                    expected.first_mover
                ),
            );
        }
        if h.first_arranger.as_deref() != expected.first_arranger.map(Side::name) {
            self.flag(
                number,
                format!(
                    "stored first arranger {}, the replay gives {}",
                    show_opt(h.first_arranger.as_deref()),
                    show_opt(expected.first_arranger.map(Side::name))
                ),
            );
        }
        if h.holdings != pair(expected.holdings) {
            self.flag(
                number,
                format!(
                    "stored seeds brought in (carried over) {}, the replay gives {}",
                    show_pair(h.holdings),
                    show_pair(pair(expected.holdings))
                ),
            );
        }
        if h.kept != pair(expected.kept) {
            self.flag(
                number,
                format!(
                    "stored seeds kept in hand {}, the replay gives {}",
                    show_pair(h.kept),
                    show_pair(pair(expected.kept))
                ),
            );
        }
    }

    /// The hand's arrangements as events, in replay order (the first arranger's
    /// first); an arrangement stored for a hand from the ordinary setup is flagged.
    fn arrangements(
        &mut self,
        h: &HandRecord,
        expected: &Hand,
        number: u32,
    ) -> Vec<(String, std::result::Result<Event, String>)> {
        let mut events = Vec::new();
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
                        self.flag(
                            number,
                            format!(
                                "an arrangement for {side} ('{text}') is stored for a hand that starts from the ordinary setup"
                            ),
                        );
                    }
                }
            }
        }
        events
    }

    /// Replays the hand's arrangements, moves and entered result; false (flagged)
    /// at the first that does not replay.
    fn replay_events(
        &mut self,
        h: &HandRecord,
        number: u32,
        arrangements: &[(String, std::result::Result<Event, String>)],
        tokens: &[&str],
    ) -> bool {
        let entered = h.end_reason.as_deref() == Some("result");
        let total = arrangements.len() + tokens.len() + usize::from(entered);
        for step in 0..total {
            // Moves are parsed when their turn comes (the mover decides the hole).
            let (label, event) = if step < arrangements.len() {
                let (label, ev) = &arrangements[step];
                (label.clone(), ev.clone())
            } else if step < arrangements.len() + tokens.len() {
                let k = step - arrangements.len();
                let token = tokens[k];
                (
                    format!("move {} ('{token}')", k + 1),
                    self.state
                        .parse_move(token)
                        .map(Event::Move)
                        .map_err(|e| e.to_string()),
                )
            } else {
                ("the entered result".to_string(), entered_result(h))
            };
            let event = match event {
                Ok(e) => e,
                Err(e) => {
                    self.flag(number, format!("{label} does not replay: {e}"));
                    return false;
                }
            };
            self.entered_events.push((number, event.clone()));
            let (label, event) = match (event, self.corrected.get(&number)) {
                (Event::Result(_), Some(&score)) => {
                    (format!("{label} as corrected"), Event::Result(score))
                }
                (event, _) => (label, event),
            };
            if !matches!(event, Event::Result(_)) {
                self.engine_decision_check(&label, &event, number);
            }
            match &event {
                Event::Move(_) => self.report.moves += 1,
                Event::Arrange { .. } => self.report.arrangements += 1,
                Event::Result(_) => self.report.entered_results += 1,
            }
            if let Err(e) = self.state.apply(&event) {
                self.flag(number, format!("{label} does not replay: {e}"));
                return false;
            }
        }
        true
    }

    /// An engine's decision must be the one its level makes from the seed (if this
    /// version of the engine made it, and the level is quick or the audit deep).
    fn engine_decision_check(&mut self, label: &str, event: &Event, number: u32) {
        if self.current_engine
            && let Some(side) = self.state.awaiting().side()
            && let Some(level) = self.engines[side].filter(|&l| self.deep || is_quick(l))
            && let Some(chosen) = engine_choice(&self.state, level, self.seed, side)
        {
            self.report.engine_decisions += 1;
            if chosen != *event {
                let differs = engine_differs(label, level, &chosen, self.holes);
                self.flag(number, differs);
            }
        }
        if let Some(level) = self
            .state
            .awaiting()
            .side()
            .and_then(|side| self.engines[side])
        {
            if !self.current_engine {
                self.report.engine_decisions_older += 1;
            } else if !self.deep && !is_quick(level) {
                self.report.engine_decisions_skipped += 1;
            }
        }
    }

    /// The stored end and score of hand `i` against the replay's (a corrected
    /// score is checked with the corrections).
    fn hand_end_check(&mut self, h: &HandRecord, i: usize, number: u32) {
        let replayed = &self.state.hands()[i];
        let (replayed_end, replayed_score) = (replayed.end, replayed.score);
        let stored_end = h.end_reason.as_deref().map(|e| (e, HandEnd::parse(e)));
        let end_matches = match (stored_end, replayed_end) {
            (None, None) => true,
            (Some((_, Some(s))), Some(r)) => s == r,
            _ => false,
        };
        if !end_matches {
            self.flag(
                number,
                format!(
                    "stored end {}, the replay gives {}",
                    show_opt(h.end_reason.as_deref()),
                    show_opt(replayed_end.map(HandEnd::name))
                ),
            );
        }
        let replay_score = replayed_score.map_or((None, None), pair);
        if h.score != replay_score && !self.corrected.contains_key(&number) {
            self.flag(
                number,
                format!(
                    "stored score {}, the replay gives {}",
                    show_pair(h.score),
                    show_pair(replay_score)
                ),
            );
        }
    }
}

/// A hand's entered result, which needs both scores.
fn entered_result(h: &HandRecord) -> std::result::Result<Event, String> {
    match h.score {
        (Some(s), Some(n)) if s >= 0 && n >= 0 && s <= u32::MAX as i64 && n <= u32::MAX as i64 => {
            Ok(Event::Result(BySide::new(s as u32, n as u32)))
        }
        _ => Err(format!(
            "an entered result needs both scores, stored {}",
            show_pair(h.score)
        )),
    }
}
