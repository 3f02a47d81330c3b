//! Tournaments: pairing a round (and the engines' opening turns in its matches).

use crate::store::Store;
use crate::store::rounds::{ManualRound, Reopened, UnpairedRound};
use crate::store::tournaments::{PairedRound, TournamentSummary};

use super::{AppError, Result};

/// Pairs the next round of tournament `name` (one transaction: its matches and
/// byes), then lets every engine that faces a human make its opening turns, each
/// thought outside any transaction (see [`super::matches::play_engine_turns`]).
pub async fn pair_round(store: &Store, name: &str) -> Result<PairedRound> {
    let paired = store.pair_next_round(name).await?;
    make_engine_openings(store, &paired).await?;
    Ok(paired)
}

/// Pairs the next round of a Swiss as the director gives it (recorded as paired by
/// hand), then the engines facing a human make their opening turns.
pub async fn pair_round_by_hand(
    store: &Store,
    name: &str,
    round: &ManualRound,
) -> Result<PairedRound> {
    let paired = store.pair_round_by_hand(name, round).await?;
    make_engine_openings(store, &paired).await?;
    Ok(paired)
}

/// Takes back the last round, while none of its matches has started.
pub async fn unpair(store: &Store, name: &str, reason: Option<&str>) -> Result<UnpairedRound> {
    Ok(store.unpair_last_round(name, reason).await?)
}

/// Closes a tournament whose paired matches all have results.
pub async fn close(store: &Store, name: &str, reason: Option<&str>) -> Result<()> {
    Ok(store.close_tournament(name, reason).await?)
}

/// Reopens a closed tournament, a Swiss perhaps with more rounds.
pub async fn reopen(
    store: &Store,
    name: &str,
    reason: Option<&str>,
    rounds: Option<u32>,
) -> Result<Reopened> {
    Ok(store.reopen_tournament(name, reason, rounds).await?)
}

/// The opening turns of the engines facing a human in a round just paired. An error
/// says that the round itself is stored (the turns are made by the next command on
/// those matches).
pub async fn make_engine_openings(store: &Store, paired: &PairedRound) -> Result<()> {
    for board in &paired.boards {
        let Some(id) = board.match_id else {
            continue;
        };
        if board.engines.0.is_some() == board.engines.1.is_some() {
            continue;
        }
        if let Err(e) = super::matches::play_engine_turns(store, id).await {
            return Err(AppError::PartlyStored {
                stored: format!(
                    "round {} is paired and stored, but the engine's opening turns in match {id} are not (the next command on that match makes them)",
                    paired.round
                ),
                error: Box::new(e),
            });
        }
    }
    Ok(())
}

/// Every tournament, newest first, with counts. A tournament whose last round was
/// finished by results entered since the last `tournament run` (which marks it) is
/// shown finished.
pub async fn list(store: &Store) -> Result<Vec<TournamentSummary>> {
    let mut list = store.tournaments().await?;
    for s in &mut list {
        if (s.row.status == "running" || s.row.status == "open")
            && store
                .load_tournament(&s.row.name)
                .await?
                .tournament
                .is_finished()
        {
            s.row.status = "finished".to_string();
        }
    }
    Ok(list)
}
