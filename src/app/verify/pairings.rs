//! A tournament's rounds against the pairing rules: each stored round must be the one
//! the rules give from the rounds before it, with the results as they stood when it
//! was paired, and the starting ranks the ones round 1 was seeded with; the byes
//! outside the pairing must have been asked for in time.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::app::records::LoadedTournament;
use crate::app::repo::{Result, Transaction};
use crate::app::stored_match::TournamentCorrections;
use crate::tournament::pairing::audit::{self, EnteredAfter};
use crate::tournament::{MatchResult, Tournament, seeding};

/// Every stored round must be the one the pairing rules give from the rounds before
/// it, and the starting ranks the ones round 1 was seeded with
/// ([`crate::tournament::pairing::audit`]). When each entrant entered (for late Swiss
/// entries) is read from the times: an entrant joined after round `k` if round `k`'s
/// matches were created before they joined.
pub(super) async fn pairings_check(
    conn: &mut impl Transaction,
    loaded: &LoadedTournament,
    found: &mut Vec<(Option<i64>, String)>,
) -> Result<()> {
    let tid = loaded.row.id;
    let rounds_created: Vec<(DateTime<Utc>, u32)> = match conn.match_creations(tid).await? {
        Ok(created) => created.iter().map(|c| (c.created_at, c.round)).collect(),
        Err(unreadable) => {
            found.push((
                Some(unreadable.of),
                format!("unreadable creation time: {}", unreadable.error),
            ));
            return Ok(());
        }
    };
    let entries = match conn.entry_records(tid).await? {
        Ok(entries) => entries,
        Err(unreadable) => {
            found.push((
                None,
                format!(
                    "{}'s entry time is unreadable: {}",
                    unreadable.of, unreadable.error
                ),
            ));
            return Ok(());
        }
    };
    let mut entered_after = EnteredAfter::new();
    let mut rated_flags = HashMap::new();
    // Round 1's pairing stores every entrant's seeding rating (a late entry's too);
    // a database from before schema version 2 has none, and then the starting ranks
    // cannot be checked against them.
    let mut unrated = false;
    for e in &entries {
        entered_after.insert(
            e.player_id,
            crate::app::tournaments::entries::entered_after_round(&rounds_created, e),
        );
        unrated |= e.rating.is_none();
        rated_flags.insert(e.player_id, e.rated);
    }
    // Seeded rated players first (a tournament that records its rating system), or
    // by rating alone (one seeded before ratings were kept per variant).
    let seeded_rated_first = match conn.rating_system(tid).await {
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
    let corrections = conn.tournament_corrections(tid).await?;
    let mut paired_at: HashMap<u32, DateTime<Utc>> = HashMap::new();
    for (at, round) in &rounds_created {
        let first = paired_at.entry(*round).or_insert(*at);
        *first = (*first).min(*at);
    }
    postponements_check(conn, tid, &paired_at, found).await?;
    let place: HashMap<i64, (u32, u32)> = loaded
        .boards
        .iter()
        .filter_map(|b| b.match_id.map(|id| (id, (b.round, b.board))))
        .collect();
    let as_paired = |round: u32, t: &mut Tournament| {
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
    for bye in conn.bye_records(tid).await? {
        let round = bye.round;
        let id = bye.player_id;
        let name = loaded.name_of(id).to_string();
        let Ok(at) = bye.entered_at else {
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
        let wrong = match bye.reason.as_str() {
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
    let imported = conn.imported_rounds(tid).await?;
    let differences = if unrated || imported.is_some() {
        audit::check_rounds_as_paired(&loaded.tournament, &entered_after, &as_paired)
    } else if seeded_rated_first {
        let mut d = seeding::check(&loaded.tournament, &entered_after, &rated_flags);
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

/// A round robin pairs its next round around a postponed match, so a postponement
/// comes before the first round paired after its match was made (`paired_at`: when
/// each round was paired); one recorded after that round was paired was not there to
/// pair around.
async fn postponements_check(
    conn: &mut impl Transaction,
    tid: i64,
    paired_at: &HashMap<u32, DateTime<Utc>>,
    found: &mut Vec<(Option<i64>, String)>,
) -> Result<()> {
    let shown = |at: &DateTime<Utc>| at.format("%Y-%m-%d %H:%M:%S UTC").to_string();
    for p in conn.postponement_records(tid).await? {
        let (created, postponed) = match (&p.created_at, &p.postponed_at) {
            (Ok(created), Ok(postponed)) => (created, postponed),
            (Err(e), _) | (_, Err(e)) => {
                found.push((
                    Some(p.match_id),
                    format!("its postponement has an unreadable time: {e}"),
                ));
                continue;
            }
        };
        let next = paired_at
            .iter()
            .filter(|(_, at)| *at > created)
            .min_by_key(|&(round, at)| (*at, *round));
        if let Some((round, at)) = next
            && postponed > at
        {
            found.push((
                Some(p.match_id),
                format!(
                    "match {} of round {} is recorded as postponed at {}, after round {round} was paired at {}: a round robin pairs a round only around a match postponed before it",
                    p.match_id,
                    p.round,
                    shown(postponed),
                    shown(at)
                ),
            ));
        }
    }
    Ok(())
}
