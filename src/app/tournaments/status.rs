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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture::{self, refusal};
    use crate::tournament::Format;

    /// A three-round Swiss of four, round 1 paired; its results entered if `played`.
    async fn swiss_after_round_one(played: bool) -> Store {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(&store, "Club", Format::Swiss, &["Ada", "Bo", "Cy", "Di"]).await;
        let ids = fixture::pair(&store, "Club").await;
        if played {
            for id in ids {
                fixture::won(&store, id.unwrap(), Side::South).await;
            }
        }
        store
    }

    #[tokio::test]
    async fn a_tournament_closed_after_round_one_of_three_ended_early() {
        let store = swiss_after_round_one(true).await;
        let closed = close(&store, "club", Some("rain")).await.unwrap();
        assert_eq!(
            closed,
            Closed {
                tournament: "Club".into(),
                after_round: 1,
                planned_rounds: 3,
                ended_early: true,
            }
        );
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        assert_eq!(loaded.row.status, TournamentStatus::Finished);
        assert!(loaded.is_closed());
    }

    #[tokio::test]
    async fn closing_is_refused_before_round_one_with_results_pending_or_twice() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        fixture::entered(&store, "Empty", Format::Swiss, &["Ada", "Bo"]).await;
        let before = fixture::markers(&store).await;
        let unpaired = close(&store, "Empty", None).await;
        assert!(
            matches!(refusal(&unpaired), TournamentRefusal::CannotClose { why, .. } if why == "no round has been paired"),
            "{unpaired:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);

        let store = swiss_after_round_one(false).await;
        let before = fixture::markers(&store).await;
        let pending = close(&store, "Club", None).await;
        assert!(
            matches!(refusal(&pending), TournamentRefusal::CannotClose { why, .. } if why == "2 matches without a result yet"),
            "{pending:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);

        let store = swiss_after_round_one(true).await;
        close(&store, "Club", None).await.unwrap();
        let before = fixture::markers(&store).await;
        let twice = close(&store, "Club", None).await;
        assert!(
            matches!(refusal(&twice), TournamentRefusal::CannotClose { why, .. } if why == "it is closed already"),
            "{twice:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_reopened_swiss_may_plan_more_rounds() {
        let store = swiss_after_round_one(true).await;
        close(&store, "Club", None).await.unwrap();
        let reopening = reopen(&store, "Club", Some("sun"), Some(5)).await.unwrap();
        assert_eq!(reopening.planned_rounds, 5);
        assert_eq!(reopening.reopened.rounds_before, Some(3));
        assert_eq!(reopening.reopened.rounds, Some(5));
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        assert_eq!(loaded.row.status, TournamentStatus::Reopened);
        assert_eq!(loaded.row.rounds, Some(5));
        assert!(!loaded.is_closed());
    }

    #[tokio::test]
    async fn reopening_is_refused_for_an_open_tournament_or_a_round_count_it_cannot_have() {
        let store = swiss_after_round_one(true).await;
        let before = fixture::markers(&store).await;
        let open = reopen(&store, "Club", None, None).await;
        assert!(
            matches!(refusal(&open), TournamentRefusal::NotClosed(n) if n == "Club"),
            "{open:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);

        close(&store, "Club", None).await.unwrap();
        let before = fixture::markers(&store).await;
        let none = reopen(&store, "Club", None, Some(0)).await;
        assert!(
            matches!(refusal(&none), TournamentRefusal::RoundsOutOfRange(0)),
            "{none:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);

        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        fixture::entered(&store, "Duel", Format::RoundRobin, &["Ada", "Bo"]).await;
        let id = fixture::pair(&store, "Duel").await[0].unwrap();
        fixture::won(&store, id, Side::North).await;
        let before = fixture::markers(&store).await;
        let more = reopen(&store, "Duel", None, Some(2)).await;
        assert!(
            matches!(
                refusal(&more),
                TournamentRefusal::RoundsNotSwiss(Format::RoundRobin)
            ),
            "{more:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn the_last_result_finishes_a_tournament_and_finish_says_so() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        fixture::entered(&store, "Duel", Format::RoundRobin, &["Ada", "Bo"]).await;
        let id = fixture::pair(&store, "Duel").await[0].unwrap();
        assert!(!finish(&store, "Duel", None).await.unwrap());
        let loaded = crate::app::tournaments::load(&store, "Duel").await.unwrap();
        assert_ne!(loaded.row.status, TournamentStatus::Finished);

        // Two players play one round: its one result is the last.
        fixture::won(&store, id, Side::North).await;
        let loaded = crate::app::tournaments::load(&store, "Duel").await.unwrap();
        assert_eq!(loaded.row.status, TournamentStatus::Finished);
        let changes = fixture::markers(&store).await;
        assert!(finish(&store, "Duel", Some(&loaded)).await.unwrap());
        assert_eq!(
            fixture::markers(&store).await,
            changes,
            "a tournament finished is not recorded finished twice"
        );
    }
}
