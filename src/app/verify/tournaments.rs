//! The audit of the tournaments: their matches, their standings against the replayed
//! matches, their rounds against the records of how each was paired, and (in
//! `pairings`) every round against the pairing rules.

use std::collections::HashMap;

use crate::app::records::{LoadedTournament, RecordedBoard, RoundRecord};
use crate::app::repo::{Result, Transaction};
use crate::engine::BySide;
use crate::matches::{Absent, Closing};
use crate::tournament::{Decision, MatchResult};

use super::pairings::pairings_check;
use super::replay::Replayed;
use super::{Mismatch, VerifyReport};

/// Tournament matches are between entrants, in the tournament's variant; a finished
/// tournament has no match in play; its fixture cache, if current, holds what the
/// tables hold; the stored rounds are consistent (nobody twice in a round, byes
/// without results); the standings computed from the stored results are the
/// standings the replayed matches give; and, when all that holds, every round is the
/// one it was recorded as paired and its pairings the ones the pairing rules give
/// (`pairings_check`).
pub(super) async fn verify_tournaments(
    conn: &mut impl Transaction,
    replayed: &HashMap<i64, Replayed>,
    report: &mut VerifyReport,
) -> Result<()> {
    for t in conn.tournament_audit_rows().await? {
        report.tournaments += 1;
        let t = t?;
        let (tid, name, variant) = (t.id, &t.name, &t.variant);
        let mut found: Vec<(Option<i64>, String)> = Vec::new();
        let rows = conn.tournament_match_records(tid).await?;
        // (round, south, north) -> match id, to find each fixture's match.
        let mut by_pairing = HashMap::new();
        for r in &rows {
            let mid = r.id;
            by_pairing.insert((r.round.unwrap_or(0), r.south_id, r.north_id), mid);
            if r.entrants != 2 {
                found.push((
                    Some(mid),
                    "a player of this tournament match is not entered in the tournament"
                        .to_string(),
                ));
            }
            if r.variant != *variant {
                found.push((
                    Some(mid),
                    format!(
                        "the match is played as '{}', the tournament's variant is '{variant}'",
                        r.variant
                    ),
                ));
            }
            if r.round.is_none_or(|r| r < 1) {
                found.push((
                    Some(mid),
                    format!(
                        "stored round {}, tournament rounds are numbered from 1",
                        r.round.map_or("none".to_string(), |r| r.to_string())
                    ),
                ));
            }
            if t.status == "finished" && r.winner.is_none() {
                found.push((
                    Some(mid),
                    "the tournament is finished but this match is still in play".to_string(),
                ));
            }
        }
        if let Some(what) = conn.fixture_cache_difference(tid, &t.match_form).await? {
            found.push((None, what));
        }
        if found.is_empty()
            && let Some(loaded) =
                standings_check(conn, name, &by_pairing, replayed, &mut found).await?
            && found.is_empty()
        {
            records_check(&conn.round_records(tid).await?, &loaded, &mut found);
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

/// The tournament as the store loads it (standings from the stored match results)
/// against the same tournament with every result taken from the replay. Returns the
/// loaded tournament when it loads, its rounds are consistent and every match replays.
async fn standings_check(
    conn: &mut impl Transaction,
    name: &str,
    by_pairing: &HashMap<(i64, i64, i64), i64>,
    replayed: &HashMap<i64, Replayed>,
    found: &mut Vec<(Option<i64>, String)>,
) -> Result<Option<LoadedTournament>> {
    let loaded = match crate::app::tournaments::loading::from_tables(conn, name).await {
        Ok(l) => l,
        Err(e) => {
            found.push((None, format!("cannot be loaded: {e}")));
            return Ok(None);
        }
    };
    let loaded = match loaded {
        Ok(l) => l,
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
                Some(Closing::Void) => MatchResult::forfeited(Absent::Both),
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

/// Whether `stored` is a round robin's game a late arrival missed, in the place of
/// the rest `recorded` when the round was paired (`tournament enter`; the pairing
/// rules' audit checks that the arrival entered after that round, and the game).
fn rest_taken(
    loaded: &LoadedTournament,
    round: u32,
    stored: Option<&RecordedBoard>,
    recorded: Option<&RecordedBoard>,
) -> bool {
    let (Some(s), Some(r)) = (stored, recorded) else {
        return false;
    };
    let t = &loaded.tournament;
    let Some(north) = s.north else {
        return false;
    };
    t.format().pairs_around_postponed()
        && r.north.is_none()
        && r.match_id.is_none()
        && s.match_id.is_some()
        && s.board == r.board
        && (r.south == s.south || r.south == north)
        && t.fixtures()
            .iter()
            .any(|f| f.pairing.round == round && f.pairing.south == s.south && t.is_postponed(f))
}

/// Differences between the rounds in play and their `records`: a round whose boards
/// are not the ones it was paired with, or with no record although later rounds have
/// one (records began with schema version 5, so only rounds before the first
/// recorded one may lack a record).
fn records_check(
    records: &[RoundRecord],
    loaded: &LoadedTournament,
    found: &mut Vec<(Option<i64>, String)>,
) {
    let live: HashMap<u32, &RoundRecord> = records
        .iter()
        .filter(|r| r.unpaired_at.is_none())
        .map(|r| (r.round, r))
        .collect();
    let first_recorded = live.keys().min().copied();
    let mut rounds: Vec<u32> = loaded.boards.iter().map(|b| b.round).collect();
    rounds.dedup();
    for round in rounds {
        let stored: Vec<RecordedBoard> = loaded
            .boards
            .iter()
            .filter(|b| b.round == round)
            .map(RecordedBoard::of)
            .collect();
        match live.get(&round) {
            Some(rec) => {
                if let Some((s, r)) = stored
                    .iter()
                    .map(Some)
                    .chain(std::iter::repeat(None))
                    .zip(rec.boards.iter().map(Some).chain(std::iter::repeat(None)))
                    .take(stored.len().max(rec.boards.len()))
                    .find(|(s, r)| s != r && !rest_taken(loaded, round, *s, *r))
                {
                    let show = |b: Option<&RecordedBoard>| match b {
                        None => "no board".to_string(),
                        Some(b) => format!(
                            "board {}: {} v {}",
                            b.board,
                            loaded.name_of(b.south),
                            b.north.map_or("bye", |n| loaded.name_of(n))
                        ),
                    };
                    found.push((
                        s.and_then(|b| b.match_id),
                        format!(
                            "round {round} is stored as {}, but it was paired ({}) as {}",
                            show(s),
                            rec.method,
                            show(r)
                        ),
                    ));
                }
            }
            None if first_recorded.is_some_and(|f| round > f) => found.push((
                None,
                format!("round {round} has no record of how it was paired"),
            )),
            None => {}
        }
    }
    // In round order, so that the report reads the same every time.
    let mut recorded: Vec<&&RoundRecord> = live.values().collect();
    recorded.sort_by_key(|r| r.round);
    for r in recorded {
        if !loaded.boards.iter().any(|b| b.round == r.round) {
            found.push((
                None,
                format!(
                    "round {} was paired ({}), but none of its boards is stored",
                    r.round, r.method
                ),
            ));
        }
    }
}
