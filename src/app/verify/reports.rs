//! The players' reports (issue 35 point 2): each report made with its reporter's own
//! code of the match's tournament, and each result stored from reports the result
//! the reports say, taken from a report of one player of the match and confirmed by
//! the other's same report (or accepted by the director).

use crate::app::repo::{StoreError, Transaction};
use crate::app::stored_match::StoredMatches;
use crate::matches::Closing;

use super::VerifyReport;

pub(super) async fn verify_reports(
    tx: &mut impl Transaction,
    report: &mut VerifyReport,
) -> Result<(), StoreError> {
    for t in tx.tournament_summaries().await? {
        let tid = t.row.id;
        for r in tx.tournament_reports(tid).await? {
            if r.player_id != r.code_player_id {
                report.flag(
                    Some(r.match_id),
                    None,
                    format!(
                        "report {} is recorded as player {}'s, made with player {}'s code",
                        r.id, r.player_id, r.code_player_id
                    ),
                );
            }
        }
        for d in tx.report_decisions(tid).await? {
            let m = d.match_id;
            let Some(taken) = tx.match_report(d.report_id).await? else {
                report.flag(
                    Some(m),
                    None,
                    format!(
                        "its result is recorded as taken from report {}, which does not exist",
                        d.report_id
                    ),
                );
                continue;
            };
            let stored = tx.stored_match(m).await?;
            let players = [stored.row.south_id, stored.row.north_id];
            if taken.match_id != m
                || !players.contains(&taken.player_id)
                || taken.code_tournament_id != tid
            {
                report.flag(
                    Some(m),
                    None,
                    format!(
                        "its result is recorded as taken from report {}, a report of match {} by player {} (this match's players are {} and {})",
                        taken.id, taken.match_id, taken.player_id, players[0], players[1]
                    ),
                );
                continue;
            }
            if let Some(c) = d.confirmed_by {
                match tx.match_report(c).await? {
                    Some(mine)
                        if mine.match_id == m
                            && players.contains(&mine.player_id)
                            && mine.player_id != taken.player_id
                            && mine.claim == taken.claim => {}
                    _ => report.flag(
                        Some(m),
                        None,
                        format!(
                            "its result from report {} is recorded as confirmed by report {c}, which is not the opponent's same report of this match",
                            taken.id
                        ),
                    ),
                }
            }
            let entered = Closing::Entered {
                outcome: taken.claim.result,
                seeds: taken.claim.seeds,
            };
            // A correction made since may change the result: the entry is what the
            // reports gave.
            if tx.corrections(m).await?.is_empty() && stored.state.closing() != Some(entered) {
                report.flag(
                    Some(m),
                    None,
                    format!(
                        "its result is recorded as taken from report {}, which says {} {}, but the match's entry is {:?}",
                        taken.id,
                        taken.claim.result.name(),
                        taken
                            .claim
                            .seeds
                            .map_or(String::new(), |s| format!("{}-{}", s.south, s.north)),
                        stored.state.closing()
                    ),
                );
            }
        }
    }
    Ok(())
}
