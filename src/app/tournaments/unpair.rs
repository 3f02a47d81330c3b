//! Taking back the last round paired (`tournament unpair`): allowed while no human
//! has played in it or had a result entered (engines move the instant a round is
//! paired, so their play alone never holds a round). Nothing is lost: the round's
//! pairing record keeps who was to play whom, with when and why it was taken back,
//! and its matches, with any engine play in them, are kept as voided matches whose
//! ids are never handed out again.

use crate::app::Result;
use crate::app::records::{BoardRow, Parts, RecordedBoard, StoredMatch, UnpairedRound, now};
use crate::app::repo::{Database, Transaction};
use crate::app::tournaments::refusal::TournamentRefusal;
use crate::tournament::EntrantId;

use super::{begin_write, commit};

/// Takes back the last round paired of tournament `name`, if none of its matches has
/// started, in one transaction. Players withdrawn after that round are withdrawn as
/// from the round before it, so they are not paired when it is paired again.
pub(super) async fn unpair(
    store: &impl Database,
    name: &str,
    reason: Option<&str>,
) -> Result<UnpairedRound> {
    let mut tx = begin_write(store).await?;
    let unpaired = unpair_in(&mut tx, name, reason).await?;
    commit(tx).await?;
    Ok(unpaired)
}

async fn unpair_in(
    tx: &mut impl Transaction,
    name: &str,
    reason: Option<&str>,
) -> Result<UnpairedRound> {
    let loaded = crate::app::tournaments::loading::load_in(tx, name, Parts::Whole).await?;
    super::ensure_open(&loaded)?;
    let tid = loaded.row.id;
    let round = loaded.tournament.current_round();
    if round == 0 {
        return Err(TournamentRefusal::NothingToUnpair {
            tournament: loaded.row.name.clone(),
        }
        .into());
    }
    let boards: Vec<&BoardRow> = loaded.boards.iter().filter(|b| b.round == round).collect();
    let t = &loaded.tournament;
    if let Some(f) = t
        .fixtures()
        .iter()
        .find(|f| f.pairing.round == round && t.is_postponed(f))
    {
        return Err(TournamentRefusal::RoundHasPostponed {
            tournament: loaded.row.name.clone(),
            round,
            match_id: boards
                .iter()
                .find(|b| b.south_id == f.pairing.south)
                .and_then(|b| b.match_id)
                .unwrap_or_default(),
        }
        .into());
    }
    let mut voided_play = Vec::new();
    let mut ids: Vec<i64> = boards.iter().filter_map(|b| b.match_id).collect();
    ids.sort_unstable();
    for id in ids {
        let rows = tx.stored_match_rows(id).await?;
        let corrected = !rows.corrections.is_empty();
        let stored = crate::app::stored_match::replayed(rows)?;
        if !stored.state.is_started(stored.row.revision) {
            continue;
        }
        if !corrected && is_engine_play_only(&stored)? {
            voided_play.push(id);
            continue;
        }
        let what =
            boards
                .iter()
                .find(|b| b.match_id == Some(id))
                .map_or(format!("match {id}"), |b| {
                    format!(
                        "board {} ({} v {}, match {id})",
                        b.board,
                        loaded.name_of(b.south_id),
                        b.north_id.map_or("bye", |n| loaded.name_of(n))
                    )
                });
        return Err(TournamentRefusal::RoundStarted {
            tournament: loaded.row.name.clone(),
            round,
            what,
        }
        .into());
    }
    let recorded: Vec<RecordedBoard> = boards.iter().map(|b| RecordedBoard::of(b)).collect();
    let moved: Vec<EntrantId> = loaded
        .tournament
        .entrants()
        .iter()
        .filter(|e| e.withdrawn_after == Some(round))
        .map(|e| e.id)
        .collect();
    let at = now();
    if !tx.mark_unpaired(tid, round, at, reason, &moved).await? {
        // A round paired before rounds were recorded: its record is made now, paired
        // when its first match was made.
        let paired_at = tx.round_created_at(tid, round).await?.unwrap_or(at);
        tx.insert_unpaired_record(tid, round, paired_at, &recorded, at, reason, &moved)
            .await?;
    }
    if !moved.is_empty() {
        tx.move_withdrawals_before(tid, round).await?;
    }
    let kept = tx.keep_voided_round(tid, round, at).await?;
    let removed = tx.delete_round(tid, round).await?;
    let matches = boards.iter().filter(|b| b.match_id.is_some()).count() as u64;
    if kept != matches {
        return Err(crate::app::repo::StoreError::CorruptTournament(format!(
            "round {round}: {matches} matches loaded, {kept} kept as voided"
        ))
        .into());
    }
    if removed != boards.len() as u64 {
        return Err(crate::app::repo::StoreError::CorruptTournament(format!(
            "round {round}: {} boards loaded, {removed} removed",
            boards.len(),
        ))
        .into());
    }
    Ok(UnpairedRound {
        round,
        boards: recorded,
        withdrawals_moved: moved
            .iter()
            .map(|&id| loaded.name_of(id).to_string())
            .collect(),
        voided_play,
    })
}

/// Whether everything in the match so far is engines' play (the matches layer's
/// rule, [`crate::matches::MatchState::is_engine_play_only`]); the caller checks that
/// no correction was made to it.
fn is_engine_play_only(stored: &StoredMatch) -> Result<bool> {
    let engines = stored.engines()?.map(|e| e.is_some());
    Ok(stored.state.is_engine_play_only(engines))
}

#[cfg(test)]
mod tests {
    use crate::app::matches::HumanAction;
    use crate::app::tournaments::{TournamentRefusal, unpair};
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture::{self, refusal};
    use crate::tournament::Format;

    async fn four_in(format: Format) -> Store {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(&store, "Club", format, &["Ada", "Bo", "Cy", "Di"]).await;
        store
    }

    #[tokio::test]
    async fn a_round_nobody_has_played_in_is_taken_back_and_recorded() {
        let store = four_in(Format::Swiss).await;
        let ids = fixture::pair(&store, "Club").await;
        let unpaired = unpair(&store, "club", Some("wrong list")).await.unwrap();
        assert_eq!(unpaired.tournament, "Club");
        assert_eq!(unpaired.round.round, 1);
        assert_eq!(unpaired.round.boards.len(), 2);
        assert!(unpaired.round.voided_play.is_empty());
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        assert_eq!(loaded.tournament.current_round(), 0);
        // Paired again, the round gets new matches: the old ids are not handed out.
        let again = fixture::pair(&store, "Club").await;
        assert!(
            again.iter().all(|id| !ids.contains(id)),
            "{ids:?} {again:?}"
        );
    }

    #[tokio::test]
    async fn nothing_paired_is_nothing_to_take_back() {
        let store = four_in(Format::Swiss).await;
        let before = fixture::markers(&store).await;
        let refused = unpair(&store, "Club", None).await;
        assert!(
            matches!(refusal(&refused), TournamentRefusal::NothingToUnpair { tournament } if tournament == "Club"),
            "{refused:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_round_a_human_has_moved_in_stays() {
        let store = four_in(Format::Swiss).await;
        let ids = fixture::pair(&store, "Club").await;
        let id = ids[1].unwrap();
        crate::app::matches::enter(&store, id, &HumanAction::Move("2".into()))
            .await
            .unwrap();
        let before = fixture::markers(&store).await;
        let refused = unpair(&store, "Club", None).await;
        assert!(
            matches!(refusal(&refused), TournamentRefusal::RoundStarted { round: 1, what, .. }
                if what.starts_with("board 2 (") && what.ends_with(&format!("match {id})"))),
            "{refused:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_round_with_a_postponed_match_stays() {
        let store = four_in(Format::RoundRobin).await;
        let id = fixture::pair(&store, "Club").await[0].unwrap();
        crate::app::tournaments::postpone(&store, "Club", id, None)
            .await
            .unwrap();
        let before = fixture::markers(&store).await;
        let refused = unpair(&store, "Club", None).await;
        assert!(
            matches!(refusal(&refused), TournamentRefusal::RoundHasPostponed { round: 1, match_id, .. } if *match_id == id),
            "{refused:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }
}
