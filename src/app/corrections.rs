//! Correcting a match's result (`match correct`): the correction is recorded by the
//! store ([`crate::store::corrections`]); for a tournament match the report says which
//! standings it changed, since the rounds already paired stay as they were.

use serde::Serialize;

use crate::app::records::{Correction, StoredMatch};
use crate::app::repo::{Database, MatchRepo, Transaction};
use crate::app::stored_match::StoredMatches;
use crate::hint::{Hint, Plain, Refusal, Wording};
use crate::matches::ResultSummary;
use crate::matches::correction::CorrectionError;
use crate::matches::correction::CorrectionKind;

use super::Result;

/// Errors of a correction.
#[derive(Debug, thiserror::Error)]
pub enum CorrectError {
    #[error("match {id}: {error}")]
    Refused { id: i64, error: CorrectionError },
    #[error("{}", no_reason(&Plain))]
    NoReason,
}

fn no_reason(wording: &dyn Wording) -> String {
    format!(
        "a correction needs a reason{}: it is recorded with the correction",
        wording.hint(&Hint::GiveReason)
    )
}

impl Refusal for CorrectError {
    fn hint(&self) -> Option<Hint> {
        match self {
            CorrectError::NoReason => Some(Hint::GiveReason),
            _ => None,
        }
    }
    fn worded(&self, wording: &dyn Wording) -> String {
        match self {
            CorrectError::Refused { id, error } => format!("match {id}: {}", error.worded(wording)),
            CorrectError::NoReason => no_reason(wording),
        }
    }
}

/// What a correction did.
#[derive(Debug, Serialize)]
pub struct Corrected {
    #[serde(skip)]
    pub stored: StoredMatch,
    pub correction: Correction,
    /// For a tournament match: its name and each player whose place or points changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
    pub standings_changed: Vec<StandingChange>,
}

/// One player's line in the standings, before and after a correction.
#[derive(Debug, Serialize, PartialEq)]
pub struct StandingChange {
    pub player: String,
    pub position_before: u32,
    pub position_after: u32,
    pub points_before: String,
    pub points_after: String,
}

/// What a front end asks to correct: a correction as stated, or a score for the
/// hand a score correction means when it names none.
#[derive(Clone, Debug)]
pub enum CorrectionRequest {
    Stated(CorrectionKind),
    /// The last hand with a result gets this score (the hand after it may not be
    /// begun).
    LastHandScore(crate::engine::BySide<u32>),
}

impl From<CorrectionKind> for CorrectionRequest {
    fn from(kind: CorrectionKind) -> CorrectionRequest {
        CorrectionRequest::Stated(kind)
    }
}

impl CorrectionRequest {
    /// The correction it asks of the match as it stands.
    fn kind(self, state: &crate::matches::MatchState) -> CorrectionKind {
        match self {
            CorrectionRequest::Stated(kind) => kind,
            CorrectionRequest::LastHandScore(score) => CorrectionKind::Score {
                hand: crate::matches::correction::last_hand_with_result(state),
                score,
            },
        }
    }
}

/// Corrects match `id` (`record`) as `request` asks.
pub async fn correct(
    store: &impl Database,
    id: i64,
    request: impl Into<CorrectionRequest>,
    reason: &str,
) -> Result<Corrected> {
    let current = super::matches::load(store, id).await?;
    let kind = request.into().kind(&current.state);
    let tournament = current.row.tournament;
    let before = match &tournament {
        Some(t) => {
            let loaded = crate::app::tournaments::loading::read(store, t).await?;
            if reason.trim().is_empty() {
                return Err(super::AppError::Correction(CorrectError::NoReason));
            }
            if let Some(closing) = kind.closing() {
                crate::tournament::check_closing(loaded.tournament.format(), id, closing)?;
            }
            Some(loaded.tournament.standings())
        }
        None => None,
    };
    let (stored, correction) = record(store, id, kind, reason).await?;
    let mut standings_changed = Vec::new();
    if let (Some(t), Some(before)) = (&tournament, before) {
        let after = crate::app::tournaments::loading::read(store, t)
            .await?
            .tournament
            .standings();
        for row in &after.rows {
            let Some(old) = before.rows.iter().find(|r| r.id == row.id) else {
                continue;
            };
            if old.position != row.position || old.points != row.points {
                standings_changed.push(StandingChange {
                    player: row.name.clone(),
                    position_before: old.position,
                    position_after: row.position,
                    points_before: old.points.to_string(),
                    points_after: row.points.to_string(),
                });
            }
        }
    }
    Ok(Corrected {
        stored,
        correction,
        tournament,
        standings_changed,
    })
}

/// Corrects match `id` in one transaction: the correction is recorded, the hands keep
/// their rows as entered, and the match's summary becomes the corrected result.
/// Allowed in a closed tournament (it changes no pairing).
async fn record(
    store: &impl Database,
    id: i64,
    kind: CorrectionKind,
    reason: &str,
) -> Result<(StoredMatch, Correction)> {
    if reason.trim().is_empty() {
        return Err(super::AppError::Correction(CorrectError::NoReason));
    }
    let mut tx = store.begin_write().await?;
    let before = tx.stored_match(id).await?;
    let after = crate::matches::correction::apply(&before.state, &kind)
        .map_err(|error| super::AppError::Correction(CorrectError::Refused { id, error }))?;
    let (old, new) = (ResultSummary::of(&before.state), ResultSummary::of(&after));
    let at = crate::app::records::now();
    // Read in this transaction: the revision is the row's.
    let mut written = tx.write_result(&before.row, &after, at).await?;
    // A corrected hand keeps its row as entered. The hands after it come out the
    // same (`with_hand_score`), but for an unfinished match's next hand, where
    // nothing was done yet: its row is its setup, which follows the corrected
    // score (or it is no more, when the correction ends the match). A whole-match
    // correction leaves every hand as it is (`with_closing`).
    if let CorrectionKind::Score { hand, .. } = kind {
        let holes_per_row = after.spec().rules.holes_per_row;
        tx.write_hands(
            id,
            before.state.hands(),
            after.hands(),
            hand as usize,
            holes_per_row,
        )
        .await?;
    }
    let reason = reason.trim();
    let cid = tx
        .insert_correction(id, &kind, reason, &old, &new, at)
        .await?;
    if before.row.winner.is_none() {
        super::matches::note_result(&mut tx, &mut written).await?;
    }
    let stored = tx.stored_match(id).await?;
    tx.commit().await?;
    let correction = Correction {
        id: cid,
        match_id: id,
        corrected_at: at,
        reason: reason.to_string(),
        kind,
        before: old,
        after: new,
    };
    Ok((stored, correction))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::AppError;
    use crate::app::matches::{self, MatchRequest};
    use crate::engine::Side;
    use crate::matches::{Closing, MatchForm, MatchOutcome, MatchSpec};
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::{ClosingRefusal, Format};

    fn won_by(side: Side) -> CorrectionKind {
        CorrectionKind::Match {
            decision: MatchOutcome::Winner(side),
            seeds: None,
        }
    }

    /// A casual match between Ada (South) and Bo, entered as won by South.
    async fn casual_won_by_south() -> (Store, i64) {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let spec = MatchSpec::new(&fixture::layli(), MatchForm::Hands, None, Side::South).unwrap();
        let played = matches::create_match(
            &store,
            MatchRequest {
                spec,
                south: "Ada".into(),
                north: "Bo".into(),
                seed: 1,
            },
        )
        .await
        .unwrap();
        let id = played.stored.row.id;
        let entered = Closing::Entered {
            outcome: MatchOutcome::Winner(Side::South),
            seeds: None,
        };
        matches::close(&store, id, entered).await.unwrap();
        (store, id)
    }

    #[tokio::test]
    async fn a_correction_changes_the_stored_result_and_is_recorded_with_its_reason() {
        let (store, id) = casual_won_by_south().await;
        let corrected = correct(&store, id, won_by(Side::North), "  slip swapped  ")
            .await
            .unwrap();
        assert_eq!(corrected.tournament, None);
        assert!(corrected.standings_changed.is_empty());
        assert_eq!(
            corrected.correction.before.winner,
            Some(MatchOutcome::Winner(Side::South))
        );
        assert_eq!(
            corrected.correction.after.winner,
            Some(MatchOutcome::Winner(Side::North))
        );

        let (stored, recorded) = matches::with_corrections(&store, id).await.unwrap();
        assert_eq!(stored.row.winner, Some(MatchOutcome::Winner(Side::North)));
        assert_eq!(recorded.len(), 1);
        assert_eq!(recorded[0].reason, "slip swapped", "kept trimmed");
        assert_eq!(recorded[0].id, corrected.correction.id);
    }

    #[tokio::test]
    async fn a_correction_without_a_reason_is_refused_and_changes_nothing() {
        let (store, id) = casual_won_by_south().await;
        let refused = correct(&store, id, won_by(Side::North), " \t").await;
        assert!(
            matches!(refused, Err(AppError::Correction(CorrectError::NoReason))),
            "{refused:?}"
        );
        let (stored, recorded) = matches::with_corrections(&store, id).await.unwrap();
        assert_eq!(stored.row.winner, Some(MatchOutcome::Winner(Side::South)));
        assert!(recorded.is_empty());
    }

    #[tokio::test]
    async fn a_correction_to_the_result_already_stored_is_refused_and_changes_nothing() {
        let (store, id) = casual_won_by_south().await;
        let revision = matches::load(&store, id).await.unwrap().row.revision;
        let refused = correct(&store, id, won_by(Side::South), "checked").await;
        assert!(
            matches!(
                refused,
                Err(AppError::Correction(CorrectError::Refused {
                    id: refused_id,
                    error: CorrectionError::SameResult(_),
                })) if refused_id == id
            ),
            "{refused:?}"
        );
        let (stored, recorded) = matches::with_corrections(&store, id).await.unwrap();
        assert_eq!(stored.row.revision, revision);
        assert!(recorded.is_empty());
    }

    /// Tournament `name` of Ada and Bo, its one match paired and won by South: the
    /// store and the match's id.
    async fn won_by_south(name: &str, format: Format) -> (Store, i64) {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        fixture::entered(&store, name, format, &["Ada", "Bo"]).await;
        let paired = crate::app::tournaments::pair_round(&store, name)
            .await
            .unwrap();
        let id = paired.round.boards[0]
            .match_id
            .expect("two players: no bye");
        let won = Closing::Entered {
            outcome: MatchOutcome::Winner(Side::South),
            seeds: None,
        };
        matches::close(&store, id, won).await.unwrap();
        (store, id)
    }

    #[tokio::test]
    async fn a_tournament_correction_reports_each_standing_it_changed() {
        let (store, id) = won_by_south("Duel", Format::RoundRobin).await;
        let row = matches::read(&store, id).await.unwrap().row;
        let (south, north) = (row.south.clone(), row.north.clone());

        let corrected = correct(&store, id, won_by(Side::North), "slip swapped")
            .await
            .unwrap();
        assert_eq!(corrected.tournament.as_deref(), Some("Duel"));
        // A win is 1 point, a loss 0 (the default scheme): the two swap places.
        let mut changes = corrected.standings_changed;
        changes.sort_by(|a, b| a.player.cmp(&b.player));
        let mut expected = vec![
            StandingChange {
                player: south,
                position_before: 1,
                position_after: 2,
                points_before: "1".into(),
                points_after: "0".into(),
            },
            StandingChange {
                player: north,
                position_before: 2,
                position_after: 1,
                points_before: "0".into(),
                points_after: "1".into(),
            },
        ];
        expected.sort_by(|a, b| a.player.cmp(&b.player));
        assert_eq!(changes, expected);
    }

    #[tokio::test]
    async fn a_tournament_correction_to_a_closing_its_format_refuses_changes_nothing() {
        let (store, id) = won_by_south("Cup", Format::Knockout).await;
        // A knockout match must send one player on: it cannot be annulled.
        let refused = correct(&store, id, CorrectionKind::Void, "annulled").await;
        assert!(
            matches!(
                refused,
                Err(AppError::Closing(ClosingRefusal::UnplayedKnockout { id: refused_id, void: true }))
                    if refused_id == id
            ),
            "{refused:?}"
        );
        let (stored, recorded) = matches::with_corrections(&store, id).await.unwrap();
        assert_eq!(stored.row.winner, Some(MatchOutcome::Winner(Side::South)));
        assert!(recorded.is_empty());
    }
}
