//! A corrected match's corrections replayed one by one from its hands as entered.

use crate::app::records::Correction;
use crate::matches::correction::{CorrectionKind, apply};
use crate::matches::{Closing, Event, MatchError, MatchSpec, MatchState, ResultSummary};

use super::VerifyReport;

/// Every correction replays: from the hands as entered, each correction in order
/// gives the result it recorded (before and after), and all of them give the match
/// as stored. A correction made while the match was unfinished (no result before it)
/// was made when its hand was the last one entered: it replays right after that
/// hand, and the hands entered since replay after it.
pub(super) fn corrections_check(
    id: i64,
    spec: &MatchSpec,
    entered_events: Vec<(u32, Event)>,
    closing: Option<Closing>,
    corrections: &[Correction],
    stored: &MatchState,
    report: &mut VerifyReport,
) {
    let mut events = entered_events.into_iter().peekable();
    let mut closing = closing;
    // Replays the entered events of the hands up to `last` (all: `None`), then (all
    // replayed) the match's own closing.
    let mut replay = |state: &mut MatchState, last: Option<u32>| -> Result<(), MatchError> {
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
        let upto = match (c.before.winner.is_none(), &c.kind) {
            (true, CorrectionKind::Score { hand, .. }) => Some(*hand),
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
        match apply(&state, &c.kind) {
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
