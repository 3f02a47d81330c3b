//! A tournament's status: recorded finished once over (found by `tournament run`),
//! closed by the director, reopened.

use crate::app::records::{LoadedTournament, MAX_SWISS_ROUNDS, Parts, Reopened, now};
use crate::app::repo::Database;
use crate::app::tournaments::loading::LoadRepo;
use crate::app::tournaments::refusal::TournamentRefusal;
use crate::names::key as name_key;
use crate::tournament::TournamentStatus;

use super::{Result, begin_write, commit};

/// Why a tournament found over is recorded finished (`tournament_status_changes`).
const OVER: &str = "the last result was entered";

/// Closes tournament `tid` if the write just made in this transaction finished it
/// (its last match of its last round, [`crate::tournament::Tournament::closes_on_result`]):
/// the matches' use cases call it, so a result and the closing it brings are one
/// write. Cheap while matches are pending: the tournament is only loaded once none
/// is. Returns whether it closed it.
pub(crate) async fn close_if_over(
    repo: &mut impl LoadRepo,
    tid: i64,
) -> crate::app::repo::Result<bool> {
    if repo.pending_match_count(tid).await? > 0 {
        return Ok(false);
    }
    // A closed tournament is not loaded: it is not closed again.
    let Some(name) = repo.unfinished_name(tid).await? else {
        return Ok(false);
    };
    let loaded = crate::app::tournaments::loading::load_in(repo, &name, Parts::Whole).await?;
    if !loaded.tournament.closes_on_result(loaded.row.status) {
        return Ok(false);
    }
    repo.mark_finished(tid, OVER, now()).await?;
    Ok(true)
}

/// Records that tournament `name` is over (all rounds paired and finished), for a
/// caller that may keep the tournament in memory (`kept`, see
/// [`super::pair_next`]): it is used instead of reading every match
/// again if the stored tournament still has the same counts. Returns whether the
/// tournament is finished.
pub async fn finish(
    store: &impl Database,
    name: &str,
    kept: Option<&LoadedTournament>,
) -> Result<bool> {
    let mut tx = begin_write(store).await?;
    let finished = finish_in(&mut tx, name, kept).await?;
    commit(tx).await?;
    Ok(finished)
}

async fn finish_in(
    repo: &mut impl LoadRepo,
    name: &str,
    kept: Option<&LoadedTournament>,
) -> Result<bool> {
    let (id, finished) = match kept {
        Some(c) if name_key(&c.row.name) == name_key(name) && repo.unchanged_since(c).await? => {
            (c.row.id, c.tournament.is_finished())
        }
        _ => {
            let loaded =
                crate::app::tournaments::loading::load_in(repo, name, Parts::Whole).await?;
            (loaded.row.id, loaded.tournament.is_finished())
        }
    };
    // Recorded once: a run that finds it over again (or one closed by the
    // director) adds no second closing.
    if finished && repo.unfinished_name(id).await?.is_some() {
        repo.mark_finished(id, OVER, now()).await?;
    }
    Ok(finished)
}

/// Closes a tournament whose paired matches all have results (rounds left unpaired
/// are not played: the event ended early).
pub async fn close(store: &impl Database, name: &str, reason: Option<&str>) -> Result<Closed> {
    let mut tx = begin_write(store).await?;
    close_in(&mut tx, name, reason).await?;
    commit(tx).await?;
    let loaded = crate::app::tournaments::loading::read(store, name).await?;
    let t = &loaded.tournament;
    Ok(Closed {
        after_round: t.current_round(),
        planned_rounds: t.planned_rounds(),
        ended_early: !t.is_finished(),
        tournament: loaded.row.name,
    })
}

async fn close_in(repo: &mut impl LoadRepo, name: &str, reason: Option<&str>) -> Result<()> {
    let loaded = crate::app::tournaments::loading::load_in(repo, name, Parts::Whole).await?;
    let tname = loaded.row.name.clone();
    if loaded.row.status == TournamentStatus::Finished {
        return Err(TournamentRefusal::CannotClose {
            tournament: tname,
            why: "it is closed already".into(),
        }
        .into());
    }
    if loaded.tournament.current_round() == 0 {
        return Err(TournamentRefusal::CannotClose {
            tournament: tname,
            why: "no round has been paired".into(),
        }
        .into());
    }
    let pending = loaded.pending_matches();
    if pending > 0 {
        return Err(TournamentRefusal::CannotClose {
            tournament: tname,
            why: format!(
                "{} without a result yet",
                crate::wording::matches(pending as u64)
            ),
        }
        .into());
    }
    repo.mark_finished(
        loaded.row.id,
        reason.unwrap_or("closed by the director"),
        now(),
    )
    .await?;
    Ok(())
}

/// Where a tournament stood when it was closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed {
    /// The tournament's name as it was entered.
    pub tournament: String,
    pub after_round: u32,
    pub planned_rounds: u32,
    /// Closed before every planned round was played.
    pub ended_early: bool,
}

/// Reopens a closed tournament, a Swiss perhaps with more rounds (`rounds`).
pub async fn reopen(
    store: &impl Database,
    name: &str,
    reason: Option<&str>,
    rounds: Option<u32>,
) -> Result<Reopening> {
    let mut tx = begin_write(store).await?;
    let reopened = reopen_in(&mut tx, name, reason, rounds).await?;
    commit(tx).await?;
    Ok(Reopening {
        planned_rounds: crate::app::tournaments::loading::read(store, name)
            .await?
            .tournament
            .planned_rounds(),
        reopened,
    })
}

async fn reopen_in(
    repo: &mut impl LoadRepo,
    name: &str,
    reason: Option<&str>,
    rounds: Option<u32>,
) -> Result<Reopened> {
    let loaded = crate::app::tournaments::loading::load_in(repo, name, Parts::Whole).await?;
    if !loaded.is_closed() {
        return Err(TournamentRefusal::NotClosed(loaded.row.name.clone()).into());
    }
    let tid = loaded.row.id;
    let before = loaded.row.rounds;
    if let Some(n) = rounds {
        let t = &loaded.tournament;
        if t.format().rules().rounds != crate::tournament::systems::Rounds::Chosen {
            return Err(TournamentRefusal::RoundsNotSwiss(t.format()).into());
        }
        if n == 0 || n > MAX_SWISS_ROUNDS {
            return Err(TournamentRefusal::RoundsOutOfRange(n).into());
        }
        if n < t.current_round() {
            return Err(TournamentRefusal::RoundsBelowPaired {
                paired: t.current_round(),
                given: n,
            }
            .into());
        }
        repo.set_rounds(tid, n).await?;
    }
    // The rounds it had are recorded only when they were changed.
    repo.mark_reopened(tid, reason, rounds.and(before), now())
        .await?;
    Ok(Reopened {
        tournament: loaded.row.name.clone(),
        rounds_before: before,
        rounds: rounds.or(before),
    })
}

/// A tournament reopened, and the rounds it now plans.
#[derive(Clone, Debug)]
pub struct Reopening {
    pub reopened: Reopened,
    pub planned_rounds: u32,
}
