//! Corrections of match results (`match correct`): each is a row of its own in
//! `match_corrections` (when, why, what it replaced, the match's result before and
//! after), and the hands keep their rows as entered. The match is its hands with the
//! corrections applied in order ([`crate::matches::correction`]); its summary columns
//! hold the result after the latest one, so standings, ratings and exports follow it.
//! A tournament's rounds paired before a correction stay as they were: `verify` judges
//! each round's pairing on the results as they stood when it was paired
//! (`tournament_corrections`).

use std::collections::HashMap;

use super::sql::{AsConn, Row, query};
use super::{Result, StoreError};
pub(crate) use crate::app::records::Correction;
use crate::engine::BySide;
use crate::matches::correction::CorrectionKind;
use crate::matches::{Absent, Closing, MatchOutcome, ResultSummary};

/// Every correction of match `id`, in the order made, as recorded (`unplayed` is the
/// application layer's to work out, `app::stored_match`).
pub(crate) async fn corrections_of(conn: &mut impl AsConn, id: i64) -> Result<Vec<Correction>> {
    let rows = query("SELECT * FROM match_corrections WHERE match_id = $1 ORDER BY id")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(correction_row).collect()
}

/// Every match's corrections as the closings they put in place (`None`: a hand's
/// score), in the order made: what a listing needs to settle how each match ended
/// ([`crate::matches::correction::standing_closing`]).
pub(crate) async fn whole_closings(
    conn: &mut impl AsConn,
) -> Result<HashMap<i64, Vec<Option<Closing>>>> {
    let rows = query(
        "SELECT id, match_id, kind, hand, score_south, score_north, decision, absent,
                game_scores
         FROM match_corrections ORDER BY id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut out: HashMap<i64, Vec<Option<Closing>>> = HashMap::new();
    for r in &rows {
        let kind = correction_kind(r, r.try_get("id")?)?;
        out.entry(r.try_get("match_id")?)
            .or_default()
            .push(kind.closing());
    }
    Ok(out)
}

fn correction_row(r: &Row) -> Result<Correction> {
    let id: i64 = r.try_get("id")?;
    let pair = |a: &str, b: &str| seeds_pair(r, id, a, b);
    Ok(Correction {
        id,
        match_id: r.try_get("match_id")?,
        corrected_at: r.try_get("corrected_at")?,
        reason: r.try_get("reason")?,
        kind: correction_kind(r, id)?,
        before: ResultSummary {
            winner: super::outcome_column(r, "winner_before", || format!("correction {id}"))?,
            seeds: pair("seeds_south_before", "seeds_north_before")?,
            unplayed: None,
        },
        after: ResultSummary {
            winner: super::outcome_column(r, "winner_after", || format!("correction {id}"))?,
            seeds: pair("seeds_south_after", "seeds_north_after")?,
            unplayed: None,
        },
    })
}

/// Two seed columns of correction `id`: both or neither, never negative.
fn seeds_pair(r: &Row, id: i64, a: &str, b: &str) -> Result<Option<BySide<u32>>> {
    let (s, n): (Option<i64>, Option<i64>) = (r.try_get(a)?, r.try_get(b)?);
    match (s, n) {
        (Some(s), Some(n)) if s >= 0 && n >= 0 => Ok(Some(BySide::new(s as u32, n as u32))),
        (None, None) => Ok(None),
        _ => Err(StoreError::Corrupt(format!(
            "correction {id}: seeds out of range"
        ))),
    }
}

/// What correction `id` (a row of `match_corrections`) replaces.
fn correction_kind(r: &Row, id: i64) -> Result<CorrectionKind> {
    let bad = |what: &str| StoreError::Corrupt(format!("correction {id}: {what}"));
    let pair = |a: &str, b: &str| seeds_pair(r, id, a, b);
    let kind: String = r.try_get("kind")?;
    Ok(match kind.as_str() {
        "score" => CorrectionKind::Score {
            hand: r
                .try_get::<Option<i64>>("hand")?
                .filter(|&h| h >= 1)
                .ok_or_else(|| bad("a score correction without a hand"))? as u32,
            score: pair("score_south", "score_north")?
                .ok_or_else(|| bad("a score correction without a score"))?,
        },
        "games" => CorrectionKind::Games {
            scores: r
                .try_get::<Option<String>>("game_scores")?
                .as_deref()
                .and_then(read_game_scores)
                .ok_or_else(|| bad("a games correction without its games' scores"))?,
        },
        "match" => CorrectionKind::Match {
            decision: r
                .try_get::<Option<String>>("decision")?
                .as_deref()
                .and_then(MatchOutcome::parse)
                .ok_or_else(|| bad("a match correction without a decision"))?,
            seeds: pair("score_south", "score_north")?,
        },
        "absent" => CorrectionKind::Absent {
            absent: r
                .try_get::<Option<String>>("absent")?
                .as_deref()
                .and_then(Absent::parse)
                .ok_or_else(|| bad("a forfeit correction without who was absent"))?,
        },
        "void" => CorrectionKind::Void,
        other => return Err(bad(&format!("kind '{other}' is not known to this version"))),
    })
}

/// A games correction's scores as its `game_scores` column keeps them: each game's
/// "south-north", game 1 first, comma separated.
pub(crate) fn game_scores_column(scores: &[BySide<u32>]) -> String {
    let each: Vec<String> = scores
        .iter()
        .map(|s| format!("{}-{}", s.south, s.north))
        .collect();
    each.join(",")
}

/// The scores of a `game_scores` column (`None`: not one, or none in it).
fn read_game_scores(text: &str) -> Option<Vec<BySide<u32>>> {
    let scores = text
        .split(',')
        .map(|game| {
            let (south, north) = game.split_once('-')?;
            Some(BySide::new(south.parse().ok()?, north.parse().ok()?))
        })
        .collect::<Option<Vec<_>>>()?;
    (!scores.is_empty()).then_some(scores)
}

/// Every correction of a tournament's matches, in the order made, as recorded.
pub(crate) async fn tournament_corrections(
    conn: &mut impl AsConn,
    tournament_id: i64,
) -> Result<Vec<Correction>> {
    let rows = query(
        "SELECT c.* FROM match_corrections c JOIN matches m ON m.id = c.match_id
         WHERE m.tournament_id = $1 ORDER BY c.id",
    )
    .bind(tournament_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(correction_row).collect()
}
