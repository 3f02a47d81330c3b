//! `goobalay verify`: an audit of everything stored, by replaying it.
//!
//! Every stored hand is replayed through the engine from its events (arrangements,
//! moves, an entered result) and the stored summary columns are compared with what the
//! replay gives: who moved first, who arranged first, the seeds brought in (carried
//! over from the hand before) and kept in hand, the number of moves, the end and the
//! scores. Engine players' decisions are recomputed from the match seed and compared
//! with the stored ones. The match row's winner, hands played, final seeds and finish
//! time must be what the replay decides. Tournament matches must be between entrants,
//! in the tournament's variant, and a finished tournament must have no match in play.
//! Every stored round must be the round the pairing rules give from the rounds before
//! it, and the starting ranks the ones round 1 was seeded with
//! ([`crate::tournament::pairing::audit`]).
//! A match stored as a preset must hold that preset's rules, and every stored name
//! key must be the one [`super::name_key`] gives the name.
//! SQLite's own `integrity_check` and `foreign_key_check` run first, then the schema
//! is compared with the one the migrations make (`store::sqlite::schema`); if it differs,
//! the differences are reported and nothing else is read.
//!
//! Unlike [`crate::store::repo::MatchRepo::stored_match`], which refuses a match at its first
//! inconsistency, the audit carries on and reports every mismatch it finds.

use std::collections::HashMap;
use std::fmt;

use chrono::{DateTime, Utc};
use sqlx::Row as _;
use sqlx::sqlite::SqliteConnection;

use super::sql::{AsConn, Row, query, query_scalar};

use super::fixture_cache::{self, CacheState};
use super::tournaments::LoadedTournament;
use super::{MATCH_SELECT, MatchRow, Result, Store, name_key};
use crate::ai::{EnginePlayer, Level};
use crate::engine::{BySide, Rules, Side, Variant};
use crate::matches::{
    Awaiting, Closing, Event, HandEnd, MatchOutcome, MatchState, decision_seed, parse_row,
};
use crate::tournament::pairing::audit::{self, EnteredAfter};
use crate::tournament::{Decision, MatchResult};

/// One thing that differs between what is stored and what the replay gives.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Mismatch {
    /// The match concerned, if any.
    pub match_id: Option<i64>,
    /// The hand concerned (1-based), if any.
    pub hand: Option<u32>,
    /// The tournament concerned, if any.
    pub tournament: Option<String>,
    /// What differs, in words.
    pub what: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = Vec::new();
        if let Some(t) = &self.tournament {
            place.push(format!("tournament '{t}'"));
        }
        if let Some(m) = self.match_id {
            place.push(format!("match {m}"));
        }
        if let Some(h) = self.hand {
            place.push(format!("hand {h}"));
        }
        if place.is_empty() {
            write!(f, "database: {}", self.what)
        } else {
            write!(f, "{}: {}", place.join(", "), self.what)
        }
    }
}

/// What the audit looked at, and what it found.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct VerifyReport {
    pub matches: u64,
    pub finished_matches: u64,
    pub hands: u64,
    pub moves: u64,
    pub arrangements: u64,
    pub entered_results: u64,
    /// Engine moves and arrangements recomputed from the match seed.
    pub engine_decisions: u64,
    /// Decisions of the slow searching levels (hard, max, perfect) not recomputed
    /// (only with `deep`).
    pub engine_decisions_skipped: u64,
    /// Decisions made by an earlier version of the engine players
    /// ([`crate::ai::ENGINE_VERSION`]): replayed, not recomputed.
    pub engine_decisions_older: u64,
    pub tournaments: u64,
    pub mismatches: Vec<Mismatch>,
}

impl VerifyReport {
    pub fn is_clean(&self) -> bool {
        self.mismatches.is_empty()
    }

    fn flag(&mut self, match_id: Option<i64>, hand: Option<u32>, what: impl Into<String>) {
        self.mismatches.push(Mismatch {
            match_id,
            hand,
            tournament: None,
            what: what.into(),
        });
    }
}

impl Store {
    /// Replays and checks everything stored, in one read transaction (a consistent
    /// snapshot even while other processes write). Storage errors are `Err`; what
    /// differs is in the report. Engine decisions of the levels `hard`, `max` and
    /// `perfect` (up to millions of nodes a move) are recomputed only when `deep`.
    pub async fn verify(&self, deep: bool) -> Result<VerifyReport> {
        self.verify_with_progress(deep, |_, _| {}).await
    }

    /// [`Store::verify`], calling `progress(checked, total)` as matches are replayed
    /// (a large database takes seconds to minutes).
    pub async fn verify_with_progress(
        &self,
        deep: bool,
        mut progress: impl FnMut(u64, u64),
    ) -> Result<VerifyReport> {
        let mut tx = self.begin_read().await?;
        let mut report = VerifyReport::default();
        // PostgreSQL keeps its pages checked and its foreign keys enforced itself; an
        // SQLite file can be damaged or edited by any program.
        if let Some(t) = tx.on_sqlite() {
            sqlite_checks(t, &mut report).await?;
            // A table whose definition is damaged may make any query on it panic in
            // sqlx's worker, so nothing else is read from a schema that differs.
            if !schema_checks(t, &mut report).await? {
                return Ok(report);
            }
        }
        identity_check(&mut tx, &mut report).await?;
        names_check(&mut tx, &mut report).await?;
        let ids: Vec<i64> = query_scalar("SELECT id FROM matches ORDER BY id")
            .fetch_all(&mut tx)
            .await?;
        let mut replayed = HashMap::new();
        let total = ids.len() as u64;
        for (done, id) in ids.into_iter().enumerate() {
            if let Some(r) = verify_match(&mut tx, id, deep, &mut report).await? {
                replayed.insert(id, r);
            }
            progress(done as u64 + 1, total);
        }
        verify_tournaments(&mut tx, &replayed, &mut report).await?;
        Ok(report)
    }
}

async fn sqlite_checks(conn: &mut SqliteConnection, report: &mut VerifyReport) -> Result<()> {
    let integrity: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(&mut *conn)
        .await?;
    for line in integrity.into_iter().filter(|l| l != "ok") {
        report.flag(None, None, format!("SQLite integrity check: {line}"));
    }
    let fk = sqlx::query("PRAGMA foreign_key_check")
        .fetch_all(&mut *conn)
        .await?;
    for r in fk {
        let table: String = r.try_get(0)?;
        let rowid: Option<i64> = r.try_get(1)?;
        let parent: String = r.try_get(2)?;
        report.flag(
            None,
            None,
            format!(
                "a row of {table} (rowid {}) points at a missing row of {parent}",
                rowid.map_or("-".to_string(), |r| r.to_string())
            ),
        );
    }
    Ok(())
}

/// The schema against the one the migrations make ([`super::sqlite::schema`]);
/// `Ok(false)` when it differs.
async fn schema_checks(conn: &mut SqliteConnection, report: &mut VerifyReport) -> Result<bool> {
    let differences = super::sqlite::schema::schema_differences(conn).await?;
    let same = differences.is_empty();
    for d in differences {
        report.flag(None, None, format!("schema: {d}"));
    }
    Ok(same)
}

/// The database's identity: one id, made by a migration.
async fn identity_check(conn: &mut impl AsConn, report: &mut VerifyReport) -> Result<()> {
    let ids: Vec<String> = query_scalar("SELECT id FROM database_identity")
        .fetch_all(&mut *conn)
        .await?;
    let well_formed = |id: &String| id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit());
    if ids.len() != 1 || !ids.iter().all(well_formed) {
        report.flag(
            None,
            None,
            format!(
                "the database identity should be one id of 32 hex digits, {} stored",
                ids.len()
            ),
        );
    }
    Ok(())
}

/// Every player's and tournament's stored name key is the one [`name_key`] gives
/// its name (lookups and uniqueness go by the key).
async fn names_check(conn: &mut impl AsConn, report: &mut VerifyReport) -> Result<()> {
    for (table, what) in [("players", "player"), ("tournaments", "tournament")] {
        let sql = format!("SELECT id, name, name_key FROM {table} ORDER BY id");
        let rows = query(sql).fetch_all(&mut *conn).await?;
        for r in rows {
            let id: i64 = r.try_get("id")?;
            let (Ok(name), Ok(key)) =
                (r.try_get::<String>("name"), r.try_get::<String>("name_key"))
            else {
                report.flag(
                    None,
                    None,
                    format!("{what} #{id}: unreadable name or name key"),
                );
                continue;
            };
            let expected = name_key(&name);
            // A name that became another's when the keys were recomputed (migration
            // unicode_name_keys) is kept apart as "NAME #ID".
            if key != expected && key != format!("{expected} #{id}") {
                report.flag(
                    None,
                    None,
                    format!(
                        "{what} '{name}' (#{id}): stored name key '{key}', its name gives '{expected}'"
                    ),
                );
            }
        }
    }
    Ok(())
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

/// A stored hand row, read column by column so that a wrongly typed value is a
/// mismatch rather than an error.
struct StoredHand {
    number: i64,
    first_mover: Option<String>,
    first_arranger: Option<String>,
    holdings: (Option<i64>, Option<i64>),
    kept: (Option<i64>, Option<i64>),
    arrangement: BySide<Option<String>>,
    moves: Option<String>,
    move_count: Option<i64>,
    end_reason: Option<String>,
    score: (Option<i64>, Option<i64>),
}

impl StoredHand {
    fn read(r: &Row, unreadable: &mut Vec<String>) -> StoredHand {
        let mut get_i = |c: &str| -> Option<i64> {
            r.try_get::<Option<i64>>(c).unwrap_or_else(|_| {
                unreadable.push(c.to_string());
                None
            })
        };
        let number = get_i("number").unwrap_or(0);
        let holdings = (get_i("holdings_south"), get_i("holdings_north"));
        let kept = (get_i("kept_south"), get_i("kept_north"));
        let move_count = get_i("move_count");
        let score = (get_i("score_south"), get_i("score_north"));
        let mut get_s = |c: &str| -> Option<String> {
            r.try_get::<Option<String>>(c).unwrap_or_else(|_| {
                unreadable.push(c.to_string());
                None
            })
        };
        StoredHand {
            number,
            first_mover: get_s("first_mover"),
            first_arranger: get_s("first_arranger"),
            holdings,
            kept,
            arrangement: BySide::new(get_s("arrangement_south"), get_s("arrangement_north")),
            moves: get_s("moves"),
            move_count,
            end_reason: get_s("end_reason"),
            score,
        }
    }
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

/// What the replay of a match gives, for the tournament checks.
#[derive(Clone, Debug)]
struct Replayed {
    outcome: Option<MatchOutcome>,
    /// The seeds the standings count ([`MatchState::counted_seeds`]).
    counted: Option<BySide<u32>>,
    /// The forfeit or whole-match result the match was closed with.
    closing: Option<Closing>,
}

/// Replays one match and compares it with its stored rows; returns what the replay
/// gives when the whole match replays.
async fn verify_match(
    conn: &mut impl AsConn,
    id: i64,
    deep: bool,
    report: &mut VerifyReport,
) -> Result<Option<Replayed>> {
    report.matches += 1;
    let sql = format!("{MATCH_SELECT} WHERE m.id = $1");
    let Some(raw) = query(sql).bind(id).fetch_optional(&mut *conn).await? else {
        report.flag(Some(id), None, "the match's players are missing");
        return Ok(None);
    };
    let row = match MatchRow::from_row(&raw) {
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
    let hand_rows = query("SELECT * FROM hands WHERE match_id = $1 ORDER BY number")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    let corrections = match super::corrections::corrections_of(conn, id).await {
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
    let corrected =
        crate::matches::correction::corrected_scores(corrections.iter().map(|c| c.kind));
    let mut entered_events: Vec<(u32, Event)> = Vec::new();
    let mut state = MatchState::new(spec.clone());
    let mut replay_ok = true;
    for (i, raw) in hand_rows.iter().enumerate() {
        let mut unreadable = Vec::new();
        let h = StoredHand::read(raw, &mut unreadable);
        let number = (i + 1) as u32;
        report.hands += 1;
        macro_rules! flag {
            ($what:expr) => {
                report.flag(Some(id), Some(number), $what)
            };
        }
        if !unreadable.is_empty() {
            flag!(format!(
                "{}: {}",
                if unreadable.len() == 1 {
                    "unreadable column"
                } else {
                    "unreadable columns"
                },
                unreadable.join(", ")
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
    let closing = match super::read_closing(conn, id).await {
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
    for c in crate::matches::correction::corrected_closings(corrections.iter().map(|c| c.kind)) {
        match crate::matches::correction::with_closing(&state, c) {
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
    let closing = crate::matches::correction::standing_closing(
        closing,
        corrections.iter().map(|c| c.kind.closing()),
    );
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
    let last = super::tournaments::summary(&state);
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

/// Every correction replays: from the hands as entered, each correction in order
/// gives the result it recorded (before and after), and all of them give the match
/// as stored. A correction made while the match was unfinished (no result before it)
/// was made when its hand was the last one entered: it replays right after that
/// hand, and the hands entered since replay after it.
fn corrections_check(
    id: i64,
    spec: &crate::matches::MatchSpec,
    entered_events: Vec<(u32, Event)>,
    closing: Option<Closing>,
    corrections: &[super::corrections::Correction],
    stored: &MatchState,
    report: &mut VerifyReport,
) {
    use crate::matches::ResultSummary;
    use crate::matches::correction::{CorrectionKind, apply};
    let mut events = entered_events.into_iter().peekable();
    let mut closing = closing;
    // Replays the entered events of the hands up to `last` (all: `None`), then (all
    // replayed) the match's own closing.
    let mut replay =
        |state: &mut MatchState, last: Option<u32>| -> Result<(), crate::matches::MatchError> {
            while let Some((hand, _)) = events.peek() {
                if last.is_some_and(|k| *hand > k) {
                    return Ok(());
                }
                let (_, event) = events.next().expect("peeked");
                state.apply(&event)?;
            }
            if let Some(c) = closing.take() {
                state.close(c)?;
            }
            Ok(())
        };
    let mut state = MatchState::new(spec.clone());
    for c in corrections {
        let upto = match (c.before.winner.is_none(), c.kind) {
            (true, CorrectionKind::Score { hand, .. }) => Some(hand),
            _ => None,
        };
        if let Err(e) = replay(&mut state, upto) {
            report.flag(
                Some(id),
                None,
                format!(
                    "the hands as entered do not replay up to correction {}: {e}",
                    c.id
                ),
            );
            return;
        }
        let before = ResultSummary::of(&state);
        if before != c.before {
            report.flag(
                Some(id),
                None,
                format!(
                    "correction {} records the result before it as {}, the replay gives {}",
                    c.id,
                    c.before.text(),
                    before.text()
                ),
            );
        }
        match apply(&state, c.kind) {
            Ok(next) => state = next,
            Err(e) => {
                report.flag(
                    Some(id),
                    None,
                    format!("correction {} does not replay: {e}", c.id),
                );
                return;
            }
        }
        let after = ResultSummary::of(&state);
        if after != c.after {
            report.flag(
                Some(id),
                None,
                format!(
                    "correction {} records the result after it as {}, the replay gives {}",
                    c.id,
                    c.after.text(),
                    after.text()
                ),
            );
        }
    }
    if let Err(e) = replay(&mut state, None) {
        report.flag(
            Some(id),
            None,
            format!("the hands entered after the corrections do not replay: {e}"),
        );
        return;
    }
    if state.hands() != stored.hands()
        || state.outcome() != stored.outcome()
        || state.closing() != stored.closing()
    {
        report.flag(
            Some(id),
            None,
            "its corrections applied in order do not give the match as stored".to_string(),
        );
    }
}

/// Levels whose decisions are cheap to recompute (at most a few thousand nodes).
fn is_quick(level: Level) -> bool {
    matches!(
        level,
        Level::Random | Level::Greedy | Level::Easy | Level::Medium
    )
}

/// The event an engine of `level` makes now in a match with `seed` (as
/// [`MatchState::play_engines`] does).
fn engine_choice(state: &MatchState, level: Level, seed: u64, side: Side) -> Option<Event> {
    let mut player = EnginePlayer::new(level, decision_seed(seed, side, state.event_count()));
    match state.awaiting() {
        Awaiting::Move(_) => Some(Event::Move(player.choose_move(state.game()?))),
        Awaiting::Arrangement(_) => Some(Event::Arrange {
            side,
            row: player.choose_arrangement(&state.arrange_request()?),
        }),
        Awaiting::None => None,
    }
}

fn engine_differs(label: &str, level: Level, chosen: &Event, n: u8) -> String {
    let chose = match chosen {
        Event::Move(m) => format!("move {}", m.notation(n)),
        Event::Arrange { row, .. } => format!(
            "arrangement {}",
            row.iter().map(u16::to_string).collect::<Vec<_>>().join(",")
        ),
        Event::Result(_) => "a result".to_string(),
    };
    format!(
        "{label} was made for the engine player ({level}), but from the match seed it chooses {chose}"
    )
}

/// Tournament matches are between entrants, in the tournament's variant; a finished
/// tournament has no match in play; the stored rounds are consistent (nobody twice
/// in a round, byes without results); the standings computed from the stored
/// results are the standings the replayed matches give; and, when all that holds,
/// every round's pairings are the ones the pairing rules give ([`pairings_check`]).
async fn verify_tournaments(
    conn: &mut (impl AsConn + super::fixture_cache::NotesFixtures),
    replayed: &HashMap<i64, Replayed>,
    report: &mut VerifyReport,
) -> Result<()> {
    let tournaments =
        query("SELECT id, name, variant, status, match_form FROM tournaments ORDER BY id")
            .fetch_all(&mut *conn)
            .await?;
    for t in tournaments {
        report.tournaments += 1;
        let tid: i64 = t.try_get("id")?;
        let name: String = t.try_get("name")?;
        let variant: String = t.try_get("variant")?;
        let status: String = t.try_get("status")?;
        let match_form: String = t.try_get("match_form")?;
        let mut found: Vec<(Option<i64>, String)> = Vec::new();
        let rows = query(
            "SELECT m.id, m.variant, m.round, m.winner, m.south_id, m.north_id,
                    (SELECT COUNT(*) FROM tournament_players tp
                      WHERE tp.tournament_id = m.tournament_id
                        AND tp.player_id IN (m.south_id, m.north_id)) AS entrants
             FROM matches m WHERE m.tournament_id = $1 ORDER BY m.id",
        )
        .bind(tid)
        .fetch_all(&mut *conn)
        .await?;
        // (round, south, north) -> match id, to find each fixture's match.
        let mut by_pairing = HashMap::new();
        for r in &rows {
            let mid: i64 = r.try_get("id")?;
            let mvariant: String = r.try_get("variant")?;
            let round: Option<i64> = r.try_get("round")?;
            let winner = super::outcome_column(r, "winner", || format!("match {mid}"))?;
            let entrants: i64 = r.try_get("entrants")?;
            by_pairing.insert(
                (
                    round.unwrap_or(0),
                    r.try_get::<i64>("south_id")?,
                    r.try_get::<i64>("north_id")?,
                ),
                mid,
            );
            if entrants != 2 {
                found.push((
                    Some(mid),
                    "a player of this tournament match is not entered in the tournament"
                        .to_string(),
                ));
            }
            if mvariant != variant {
                found.push((
                    Some(mid),
                    format!(
                        "the match is played as '{mvariant}', the tournament's variant is '{variant}'"
                    ),
                ));
            }
            if round.is_none_or(|r| r < 1) {
                found.push((
                    Some(mid),
                    format!(
                        "stored round {}, tournament rounds are numbered from 1",
                        round.map_or("none".to_string(), |r| r.to_string())
                    ),
                ));
            }
            if status == "finished" && winner.is_none() {
                found.push((
                    Some(mid),
                    "the tournament is finished but this match is still in play".to_string(),
                ));
            }
        }
        fixture_cache_check(conn, tid, &match_form, &mut found).await?;
        if found.is_empty()
            && let Some(loaded) =
                standings_check(conn, &name, &by_pairing, replayed, &mut found).await?
            && found.is_empty()
        {
            super::rounds::records_check(conn, &loaded, &mut found).await?;
            pairings_check(conn, &loaded, &mut found).await?;
        }
        for (match_id, what) in found {
            report.mismatches.push(Mismatch {
                match_id,
                hand: None,
                tournament: Some(name.clone()),
                what,
            });
        }
    }
    Ok(())
}

/// A fixture cache that says it is current must hold what the match tables hold
/// (the triggers that mark it stale were bypassed otherwise).
async fn fixture_cache_check(
    conn: &mut impl AsConn,
    tid: i64,
    match_form: &str,
    found: &mut Vec<(Option<i64>, String)>,
) -> Result<()> {
    let Some(CacheState {
        revision,
        rows: Some(cached),
    }) = fixture_cache::read(&mut *conn, tid).await?
    else {
        return Ok(());
    };
    let games_form = match_form.starts_with("games:");
    let tables = super::tournaments::load::fixture_rows_from_tables(conn, tid, games_form).await?;
    if cached != tables {
        found.push((
            None,
            format!(
                "the fixture cache (revision {revision}), which standings and exports read, \
                 differs from the match records; the records are what counts"
            ),
        ));
    }
    Ok(())
}

/// The tournament as the store loads it (standings from the stored match results)
/// against the same tournament with every result taken from the replay. Returns the
/// loaded tournament when it loads, its rounds are consistent and every match replays.
async fn standings_check(
    conn: &mut impl AsConn,
    name: &str,
    by_pairing: &HashMap<(i64, i64, i64), i64>,
    replayed: &HashMap<i64, Replayed>,
    found: &mut Vec<(Option<i64>, String)>,
) -> Result<Option<LoadedTournament>> {
    let stored = match super::tournaments::load::from_tables(conn, name).await {
        Ok(l) => l,
        Err(e) => {
            found.push((None, format!("cannot be loaded: {e}")));
            return Ok(None);
        }
    };
    let loaded = match crate::tournament::Tournament::new_checked(stored.setup) {
        Ok(tournament) => LoadedTournament {
            tournament,
            row: stored.row,
            boards: stored.boards,
            engines: stored.engines,
        },
        Err(e) => {
            found.push((None, format!("the stored rounds are inconsistent: {e}")));
            return Ok(None);
        }
    };
    let stored = &loaded.tournament;
    let mut replay = stored.clone();
    let replaced = replay.replace_results(|f| {
        let p = f.pairing;
        let north = p.north.expect("byes keep no result");
        let key = (i64::from(p.round), p.south, north);
        let Some(r) = by_pairing.get(&key).and_then(|id| replayed.get(id)) else {
            // The match does not replay: already reported with the match.
            return Err(());
        };
        Ok(r.outcome.map(|o| {
            let decision = Decision::of(o);
            match r.closing {
                Some(Closing::Forfeit(absent)) => MatchResult::forfeited(absent),
                Some(Closing::Void) => MatchResult::forfeited(crate::matches::Absent::Both),
                Some(Closing::Entered { seeds, .. }) => {
                    MatchResult::played(decision, seeds.unwrap_or(BySide::new(0, 0)))
                }
                None => MatchResult::played(decision, r.counted.unwrap_or(BySide::new(0, 0))),
            }
        }))
    });
    if replaced.is_err() {
        return Ok(None);
    }
    let (a, b) = (stored.standings(), replay.standings());
    if a != b {
        for (x, y) in a.rows.iter().zip(&b.rows) {
            if x != y {
                let who = |id| {
                    stored
                        .entrant(id)
                        .map_or("?".to_string(), |e| e.name.clone())
                };
                found.push((
                    None,
                    format!(
                        "standings from the stored results: {} with {} points; from the replayed matches: {} with {} points",
                        who(x.id),
                        x.points.as_f64(),
                        who(y.id),
                        y.points.as_f64()
                    ),
                ));
                break;
            }
        }
    }
    Ok(Some(loaded))
}

/// Every stored round must be the one the pairing rules give from the rounds before
/// it, and the starting ranks the ones round 1 was seeded with
/// ([`crate::tournament::pairing::audit`]). When each entrant entered (for late Swiss
/// entries) is read from the times: an entrant joined after round `k` if round `k`'s
/// matches were created before they joined.
async fn pairings_check(
    conn: &mut (impl AsConn + super::fixture_cache::NotesFixtures),
    loaded: &LoadedTournament,
    found: &mut Vec<(Option<i64>, String)>,
) -> Result<()> {
    let tid = loaded.row.id;
    let created = query("SELECT id, round, created_at FROM matches WHERE tournament_id = $1")
        .bind(tid)
        .fetch_all(&mut *conn)
        .await?;
    let mut rounds_created: Vec<(DateTime<Utc>, u32)> = Vec::with_capacity(created.len());
    for r in &created {
        let id: i64 = r.try_get("id")?;
        match r.try_get::<DateTime<Utc>>("created_at") {
            Ok(at) => rounds_created.push((at, r.try_get::<i64>("round")? as u32)),
            Err(e) => {
                found.push((Some(id), format!("unreadable creation time: {e}")));
                return Ok(());
            }
        }
    }
    let entrants = query(
        "SELECT tp.player_id, p.name, tp.joined_at, tp.rating, tp.rated FROM tournament_players tp
         JOIN players p ON p.id = tp.player_id WHERE tp.tournament_id = $1",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    let mut entered_after = EnteredAfter::new();
    let mut rated_flags = HashMap::new();
    // Round 1's pairing stores every entrant's seeding rating (a late entry's too);
    // a database from before schema version 2 has none, and then the starting ranks
    // cannot be checked against them.
    let mut unrated = false;
    for r in &entrants {
        let id: i64 = r.try_get("player_id")?;
        let joined = match r.try_get::<DateTime<Utc>>("joined_at") {
            Ok(at) => at,
            Err(e) => {
                let name: String = r.try_get("name")?;
                found.push((None, format!("{name}'s entry time is unreadable: {e}")));
                return Ok(());
            }
        };
        let after = rounds_created
            .iter()
            .filter(|(at, _)| *at < joined)
            .map(|(_, round)| *round)
            .max()
            .unwrap_or(0);
        entered_after.insert(id, after);
        unrated |= r.try_get::<Option<f64>>("rating")?.is_none();
        rated_flags.insert(id, r.try_get::<Option<i64>>("rated")?.map(|f| f != 0));
    }
    // Seeded rated players first (a tournament that records its rating system), or
    // by rating alone (one seeded before ratings were kept per variant).
    let seeded_rated_first =
        match crate::store::repo::TournamentRepo::rating_system(conn, tid).await {
            Ok(system) => system.is_some(),
            Err(e) => {
                found.push((None, format!("{e}")));
                return Ok(());
            }
        };
    let match_of = |round: u32, board: Option<u32>| {
        board.and_then(|b| {
            loaded
                .boards
                .iter()
                .find(|x| x.round == round && x.board == b)
                .and_then(|x| x.match_id)
        })
    };
    // A result corrected after a round was paired counts for that round as it was.
    let corrections = super::corrections::tournament_corrections(&mut *conn, tid).await?;
    let mut paired_at: HashMap<u32, DateTime<Utc>> = HashMap::new();
    for (at, round) in &rounds_created {
        let first = paired_at.entry(*round).or_insert(*at);
        *first = (*first).min(*at);
    }
    let place: HashMap<i64, (u32, u32)> = loaded
        .boards
        .iter()
        .filter_map(|b| b.match_id.map(|id| (id, (b.round, b.board))))
        .collect();
    let as_paired = |round: u32, t: &mut crate::tournament::Tournament| {
        let Some(&at) = paired_at.get(&round) else {
            return;
        };
        for c in corrections.iter().rev().filter(|c| c.corrected_at > at) {
            let Some(&(r, b)) = place.get(&c.match_id) else {
                continue;
            };
            t.set_result(r, b, MatchResult::of_summary(&c.before));
        }
    };
    // Byes outside the pairing: asked for before their round was paired, a late
    // entry's only for rounds paired before the entry, none after a withdrawal.
    let byes = query(
        "SELECT round, player_id, reason, entered_at FROM tournament_requested_byes
         WHERE tournament_id = $1 ORDER BY round, player_id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    for r in &byes {
        let round = r.try_get::<i64>("round")? as u32;
        let id: i64 = r.try_get("player_id")?;
        let reason: String = r.try_get("reason")?;
        let name = loaded.name_of(id).to_string();
        let Ok(at) = r.try_get::<DateTime<Utc>>("entered_at") else {
            found.push((
                None,
                format!("{name}'s bye of round {round}: unreadable time"),
            ));
            continue;
        };
        let paired = paired_at.get(&round).copied();
        let entered = entered_after.get(&id).copied().unwrap_or(0);
        let withdrawn = loaded
            .tournament
            .entrant(id)
            .and_then(|e| e.withdrawn_after);
        let wrong = match reason.as_str() {
            "late-entry" if round > entered => Some(format!(
                "a late entry's zero-point bye is stored for round {round}, but {name} entered after round {entered}"
            )),
            "requested" if paired.is_some_and(|p| at > p) => Some(format!(
                "{name}'s bye of round {round} is stored as asked for after the round was paired"
            )),
            _ => withdrawn.filter(|&w| round > w).map(|w| {
                format!("a bye is stored for {name} in round {round}, after the withdrawal (after round {w})")
            }),
        };
        found.extend(wrong.map(|w| (None, w)));
    }
    // An imported tournament's starting ranks are the file's pairing numbers, not
    // goobalay's seeding; its rounds (paired by hand) are checked as rounds.
    let imported = super::import::imported_rounds(&mut *conn, tid).await?;
    let differences = if unrated || imported.is_some() {
        audit::check_rounds_as_paired(&loaded.tournament, &entered_after, &as_paired)
    } else if seeded_rated_first {
        let mut d =
            crate::tournament::seeding::check(&loaded.tournament, &entered_after, &rated_flags);
        d.extend(audit::check_rounds_as_paired(
            &loaded.tournament,
            &entered_after,
            &as_paired,
        ));
        d
    } else {
        audit::check_as_paired(&loaded.tournament, &entered_after, &as_paired)
    };
    for d in differences {
        found.push((match_of(d.round, d.board), d.what));
    }
    Ok(())
}
