//! Matches voided with their round (`tournament unpair` after engines had played in
//! it): each is kept beside the record of that unpairing, numbered apart from every
//! match in play, replays as stored, and holds nothing but engines' play (the rule
//! the unpairing applied, [`crate::matches::MatchState::is_engine_play_only`]).

use std::collections::HashSet;

use super::VerifyReport;
use crate::app::repo::{StoreError, Transaction};
use crate::app::stored_match::replayed;

pub(super) async fn verify_voided(
    tx: &mut impl Transaction,
    live: &HashSet<i64>,
    report: &mut VerifyReport,
) -> Result<(), StoreError> {
    let voided = tx.voided_matches().await?;
    let mut records = std::collections::HashMap::new();
    for v in voided {
        let id = Some(v.id);
        if live.contains(&v.id) {
            report.flag(id, None, "a voided match's id is also a match in play");
        }
        if let std::collections::hash_map::Entry::Vacant(e) = records.entry(v.tournament_id) {
            e.insert(tx.round_records(v.tournament_id).await?);
        }
        let unpaired = records[&v.tournament_id].iter().any(|r| {
            r.round == v.round
                && r.unpaired_at == Some(v.voided_at)
                && r.boards.iter().any(|b| b.match_id == Some(v.id))
        });
        if !unpaired {
            report.flag(
                id,
                None,
                format!(
                    "voided at {} with round {}, but no record of that round taken back then names it",
                    v.voided_at, v.round
                ),
            );
        }
        match replayed(tx.voided_match_rows(v.id).await?) {
            Err(e) => report.flag(id, None, format!("voided match: {e}")),
            Ok(stored) => {
                let engines = stored.engines()?.map(|e| e.is_some());
                if !stored.state.is_engine_play_only(engines) {
                    report.flag(
                        id,
                        None,
                        "voided with its round, but it holds a player's move or an entered result",
                    );
                }
            }
        }
    }
    Ok(())
}
