//! `tournament run`: the engine matches of a tournament played and stored round after
//! round, until it is finished, a human match is awaited, or a limit is reached.
//!
//! One plain loop: the engine matches of the round paired in the database are played
//! and stored in one transaction; then the next round is paired in memory (pairing
//! is a pure function of the results,
//! [`crate::tournament::Tournament::next_round`]), its matches are played, and the
//! round is paired in the database as `tournament pair` would pair it and stored
//! with those matches in one transaction, each match written once.
//! Nothing played in memory is trusted: a match is written only against the stored
//! board of the same round, players, seed and engine levels, and if the stored
//! pairing differs (another process changed the tournament meanwhile) the matches
//! played are thrown away and play resumes from the database. Rounds are committed
//! in order, so a run killed at any moment resumes exactly as before (engine matches
//! replay from their seeds).

use std::sync::Arc;

use crate::ai::Level;
use crate::app::repo::{Database, StoreError, Transaction};
use crate::engine::BySide;
use crate::matches::{MatchSpec, MatchState};
use crate::tournament::TournamentError;

use super::{AppError, Result};
use crate::app::records::{
    BoardRow, LoadedTournament, PairedRound, PlayedAhead, PlayedFromSetup, PlayedMatch,
    WrittenRound, board_row, played,
};
use crate::app::tournaments::refusal::TournamentRefusal;

/// What a run reports as it goes.
pub enum RunEvent<'a> {
    /// The tournament as the run found it, before anything is played.
    Started(&'a RunStart),
    /// A round was paired and committed.
    Paired(&'a PairedRound),
    /// An engine match was played and committed, between the players named.
    Stored(&'a BoardRow, &'a PlayedMatch, BySide<&'a str>),
}

/// Where a run starts: the tournament's name as recorded, and its matches (for a
/// progress bar).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunStart {
    pub name: String,
    /// Matches paired so far.
    pub paired: u64,
    /// Matches paired and finished.
    pub finished: u64,
    /// Matches the event plays with its entry list
    /// ([`crate::tournament::Tournament::planned_matches`]).
    pub planned: u64,
}

/// What the steps of a run report to [`run_tournament`], which names the players.
enum Stage<'a> {
    Paired(&'a PairedRound),
    Stored(&'a BoardRow, &'a PlayedMatch),
}

/// The entrants' names by id, for the events.
struct Names(std::collections::HashMap<i64, String>);

impl Names {
    fn of(loaded: &LoadedTournament) -> Names {
        let names = loaded.tournament.entrants().iter();
        Names(names.map(|e| (e.id, e.name.clone())).collect())
    }

    fn of_board(&self, b: &BoardRow) -> BySide<&str> {
        let name = |id: Option<i64>| {
            id.and_then(|id| self.0.get(&id))
                .map_or("?", String::as_str)
        };
        BySide::new(name(Some(b.south_id)), name(b.north_id))
    }
}

/// Why a run stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Every round is paired and finished (the tournament is marked finished).
    Finished,
    /// `round` waits for `pending` matches with a human player.
    AwaitingHumans { round: u32, pending: usize },
    /// The run played as many matches as it was allowed.
    Limit,
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunReport {
    /// Engine matches played and stored by this run.
    pub played: u64,
    pub end: RunEnd,
}

/// Plays and stores the pending engine matches of tournament `name`, pairing
/// further rounds, until it is finished (then marked so), a match with a human
/// player is awaited, or `limit` matches were played. `on` hears of every round
/// paired and every match stored, after its commit.
pub async fn run_tournament(
    store: &impl Database,
    name: &str,
    limit: Option<u64>,
    mut on: impl FnMut(RunEvent<'_>),
) -> Result<RunReport> {
    let loaded = crate::app::tournaments::loading::read(store, name).await?;
    let matches = || loaded.boards.iter().filter(|b| b.match_id.is_some());
    on(RunEvent::Started(&RunStart {
        name: loaded.row.name.clone(),
        paired: matches().count() as u64,
        finished: matches().filter(|b| b.finished).count() as u64,
        planned: loaded.tournament.planned_matches(),
    }));
    let names = Names::of(&loaded);
    let mut on = |event: Stage<'_>| match event {
        Stage::Paired(p) => on(RunEvent::Paired(p)),
        Stage::Stored(b, m) => on(RunEvent::Stored(b, m, names.of_board(b))),
    };
    let mut kept = Some(loaded);
    // A run that may play no match pairs no round either. (With a limit above 0
    // the round after the last match played is paired, as without a limit.)
    if limit == Some(0) {
        return Ok(RunReport {
            played: 0,
            end: RunEnd::Limit,
        });
    }
    let spec = kept.as_ref().expect("loaded").row.spec()?;
    let mut played = 0u64;
    loop {
        let loaded = match kept.take() {
            Some(c) => c,
            None => crate::app::tournaments::loading::read(store, name).await?,
        };
        let mut pending = loaded.pending_engine_matches();
        kept = Some(loaded);
        if pending.is_empty() {
            if let Some(c) = kept.as_ref().filter(|c| c.tournament.is_finished())
                && super::tournaments::finish(store, name, Some(c)).await?
            {
                return Ok(RunReport {
                    played,
                    end: RunEnd::Finished,
                });
            }
            let budget = limit.map(|l| l.saturating_sub(played));
            if let Some(matches) = kept
                .as_ref()
                .and_then(|c| next_round_played(&spec, c, budget))
            {
                played += pair_played(store, name, Vec::new(), &mut kept, matches, &mut on)
                    .await?
                    .0;
                continue;
            }
            match super::tournaments::pair_next(store, name, &mut kept).await {
                Ok(paired) => {
                    on(Stage::Paired(&paired));
                    super::tournaments::make_engine_openings(store, &paired).await?;
                    continue;
                }
                Err(AppError::Tournament(TournamentRefusal::Tournament(
                    TournamentError::Finished { .. },
                ))) => {
                    super::tournaments::finish(store, name, None).await?;
                    return Ok(RunReport {
                        played,
                        end: RunEnd::Finished,
                    });
                }
                Err(AppError::Tournament(
                    TournamentRefusal::Tournament(TournamentError::RoundIncomplete {
                        round,
                        pending,
                    })
                    | TournamentRefusal::RoundRobinRoundOpen { round, pending, .. },
                )) => {
                    return Ok(RunReport {
                        played,
                        end: RunEnd::AwaitingHumans { round, pending },
                    });
                }
                Err(e) => return Err(e),
            }
        }
        let budget = limit.map(|l| l.saturating_sub(played));
        if budget == Some(0) {
            return Ok(RunReport {
                played,
                end: RunEnd::Limit,
            });
        }
        if let Some(b) = budget {
            pending.truncate(usize::try_from(b).unwrap_or(usize::MAX));
        }
        let round = pending
            .into_iter()
            .filter_map(|b| play_board(&spec, &b).map(|state| (b, state)))
            .collect();
        played += commit(store, round, &mut kept, &mut on).await?;
    }
}

/// What a round committed with the next round's pairing holds ([`commit_and_pair`]).
enum CommittedRound {
    /// The round's matches, the next round's pairing (or why there is none), and the
    /// matches stored with it.
    Paired(
        Vec<(BoardRow, PlayedMatch)>,
        Result<PairedRound>,
        Vec<(BoardRow, PlayedMatch)>,
    ),
    /// A match was not untouched: the round committed without the pairing.
    Touched(WrittenRound),
}

/// Writes the round's engine matches played in memory (`round`: the engine's
/// matches of the round, [`play_board`]) in one transaction, pairs the next round in it
/// and commits both: the round's matches recorded in `kept` (as
/// [`LoadedTournament::record_played`]) and paired on from it (as
/// [`super::tournaments::pair_next`]), with the matches of `ahead` (the engine has
/// played them already) stored played instead of set up. One commit a round, and
/// each match written once. A tournament error of the pairing (finished, a round
/// waiting for a human) is returned beside the committed matches. With a match that
/// was not untouched it is the round's commit only, handed back as
/// [`CommittedRound::Touched`]: the caller plays those matches on, then pairs on its
/// own (`ahead` is then dropped: the engine plays those matches again).
async fn commit_and_pair(
    store: &impl Database,
    round: Vec<(BoardRow, MatchState)>,
    name: &str,
    kept: &mut Option<LoadedTournament>,
    ahead: PlayedAhead,
) -> Result<CommittedRound> {
    let mut tx = store.begin_write().await?;
    let written = write_round(&mut tx, round).await?;
    if !written.touched.is_empty() {
        tx.commit().await?;
        return Ok(CommittedRound::Touched(written));
    }
    let done = written.stored;
    if let Some(c) = kept.as_mut() {
        for (b, m) in &done {
            c.record_played(b, m);
        }
    }
    match super::tournaments::pairing::pair_in(&mut tx, name, kept.take(), ahead, None).await {
        Ok((paired, next, stored)) => {
            tx.commit().await?;
            *kept = next;
            Ok(CommittedRound::Paired(done, Ok(paired), stored))
        }
        Err(AppError::Tournament(TournamentRefusal::Tournament(e))) => {
            tx.commit().await?;
            Ok(CommittedRound::Paired(
                done,
                Err(TournamentRefusal::Tournament(e).into()),
                Vec::new(),
            ))
        }
        Err(e) => Err(e),
    }
}

/// Commits a round's engine matches with the next round paired in the database, its matches
/// played `ahead` stored with it; returns the matches stored and the round paired
/// (`None` if the pairing failed: another process changed the tournament, and the
/// database decides what comes next).
async fn pair_played(
    store: &impl Database,
    name: &str,
    round: Vec<(BoardRow, MatchState)>,
    kept: &mut Option<LoadedTournament>,
    ahead: PlayedAhead,
    on: &mut impl FnMut(Stage<'_>),
) -> Result<(u64, Option<PairedRound>)> {
    let (done, paired, with_it) = match commit_and_pair(store, round, name, kept, ahead).await? {
        CommittedRound::Paired(done, paired, with_it) => (done, paired, with_it),
        CommittedRound::Touched(committed) => {
            let done = play_on(store, committed).await?;
            if let Some(c) = kept.as_mut() {
                for (b, m) in &done {
                    c.record_played(b, m);
                }
            }
            let paired = super::tournaments::pair_next(store, name, kept).await;
            (done, paired, Vec::new())
        }
    };
    for (b, m) in &done {
        on(Stage::Stored(b, m));
    }
    let paired = match paired {
        Ok(p) => p,
        Err(AppError::Tournament(TournamentRefusal::Tournament(_))) => {
            return Ok((done.len() as u64, None));
        }
        Err(e) => return Err(e),
    };
    on(Stage::Paired(&paired));
    super::tournaments::make_engine_openings(store, &paired).await?;
    for (b, m) in &with_it {
        on(Stage::Stored(b, m));
    }
    Ok(((done.len() + with_it.len()) as u64, Some(paired)))
}

/// Writes a round's engine matches played in memory in one transaction and commits
/// it (the write lock is held only while writing, never while the engines think),
/// then records them in the kept tournament.
async fn commit(
    store: &impl Database,
    round: Vec<(BoardRow, MatchState)>,
    kept: &mut Option<LoadedTournament>,
    on: &mut impl FnMut(Stage<'_>),
) -> Result<u64> {
    let mut tx = store.begin_write().await?;
    let written = write_round(&mut tx, round).await?;
    tx.commit().await?;
    let done = play_on(store, written).await?;
    for (b, m) in &done {
        if let Some(c) = kept.as_mut() {
            c.record_played(b, m);
        }
        on(Stage::Stored(b, m));
    }
    Ok(done.len() as u64)
}

/// Writes a round's engine matches played in memory from the setup in `tx`: each
/// over its stored match if that, as read in `tx`, is the match played (its seed and
/// hand limit) and untouched ([`MatchState::is_untouched`]), the write guarded by
/// the revision read. The others (another process started, played or replaced
/// them) are handed back as touched, to be played on from what is stored.
async fn write_round(
    tx: &mut impl Transaction,
    round: Vec<(BoardRow, MatchState)>,
) -> Result<WrittenRound, StoreError> {
    let mut untouched = Vec::with_capacity(round.len());
    let mut touched = Vec::new();
    for (board, state) in round {
        match untouched_revision(tx, &board, &state).await? {
            Some(revision) => untouched.push(PlayedFromSetup {
                board,
                state,
                revision,
            }),
            None => touched.push(board),
        }
    }
    let mut written = tx.write_played_round(untouched).await?;
    written.touched.extend(touched);
    written.touched.sort_by_key(|b| (b.round, b.board));
    Ok(written)
}

/// The revision at which the stored match of `board` is the match `state` was played
/// as and untouched, read in `tx`. `None`: no match, another one, or one started,
/// played or removed, or whose rows do not replay (played on by itself, which
/// reports them).
async fn untouched_revision(
    tx: &mut impl Transaction,
    board: &BoardRow,
    state: &MatchState,
) -> Result<Option<i64>, StoreError> {
    let Some(id) = board.match_id else {
        return Ok(None);
    };
    let rows = match tx.stored_match_rows(id).await {
        Ok(rows) => rows,
        Err(StoreError::UnknownMatch(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    if rows.row.seed != board.seed || rows.row.max_hands != state.spec().max_hands.map(i64::from) {
        return Ok(None);
    }
    let revision = rows.row.revision;
    let stored = crate::app::stored_match::replayed(rows);
    Ok(stored
        .is_ok_and(|s| s.state.is_untouched())
        .then_some(revision))
}

/// The matches of a committed round: those written with it, and those it left out
/// (another process had started or played them) played on one by one
/// ([`play_started_match`]); in board order.
async fn play_on(
    store: &impl Database,
    committed: WrittenRound,
) -> Result<Vec<(BoardRow, PlayedMatch)>> {
    let mut done = committed.stored;
    for b in committed.touched {
        if let Some(id) = b.match_id
            && let Some(m) = play_started_match(store, id).await?
        {
            done.push((b, m));
        }
    }
    done.sort_by_key(|(b, _)| (b.round, b.board));
    Ok(done)
}

/// A started engine match of a tournament: loaded and replayed, played on in memory,
/// written if nobody else changed it meanwhile (`None`: over, not between two
/// engines, or changed by another process, whose play stands).
async fn play_started_match(store: &impl Database, id: i64) -> Result<Option<PlayedMatch>> {
    let stored = super::matches::read(store, id).await?;
    if stored.state.is_over() {
        return Ok(None);
    }
    let engines = stored.engines()?;
    if engines.south.is_none() || engines.north.is_none() {
        return Ok(None);
    }
    let mut state = stored.state.clone();
    state.play_engines(engines, stored.row.seed);
    // Written only if unchanged since it was loaded (another `tournament run` may
    // have played it): the match's revision, as for every match write.
    let state = match super::matches::save(store, &stored, state).await {
        Ok(saved) => saved.state,
        Err(AppError::Store(StoreError::Conflict)) => return Ok(None),
        Err(e) => return Err(e),
    };
    Ok(Some(played(id, &state)))
}

/// The round after `c`'s, paired in memory and played, if every match of it is
/// between engines (at most `budget` of its matches played; the others are set up
/// when the round is stored). `None`: the tournament is finished, a round waits for
/// a match, or a human plays in the next one: the database pairs it.
fn next_round_played(
    spec: &MatchSpec,
    c: &LoadedTournament,
    mut budget: Option<u64>,
) -> Option<PlayedAhead> {
    let pairings = c.tournament.next_round().ok()?;
    let mut boards = Vec::with_capacity(pairings.len());
    for p in pairings.iter().filter(|p| p.north.is_some()) {
        let engines = (
            c.engines.get(&p.south).cloned().flatten(),
            p.north.and_then(|n| c.engines.get(&n).cloned().flatten()),
        );
        if engines.0.is_none() || engines.1.is_none() {
            return None;
        }
        let mut b = board_row(p, None, false, 0, p.match_seed(c.row.seed), engines);
        b.engines_only = true;
        boards.push(b);
    }
    let mut played = PlayedAhead::new();
    for b in boards {
        if budget == Some(0) {
            break;
        }
        if let Some(state) = play_board(spec, &b) {
            budget = budget.map(|n| n - 1);
            played.insert((b.round, b.board), (b, state));
        }
    }
    Some(played)
}

/// Plays the match on `board` from the setup to its end in memory (`None`: a bye,
/// or not a match between two engines). Pure computation: no database.
fn play_board(spec: &MatchSpec, board: &BoardRow) -> Option<MatchState> {
    board.north_id?;
    let level = |e: &Option<Arc<str>>| e.as_deref().and_then(|l| Level::parse(l).ok());
    let engines = BySide::new(
        Some(level(&board.engines.0)?),
        Some(level(&board.engines.1)?),
    );
    let mut state = MatchState::new(spec.clone());
    state.play_engines(engines, board.seed);
    Some(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::app::tournaments::{create, enter};
    use crate::matches::MatchForm;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::{Format, RatingSystem, TournamentStatus};

    /// A single-game round robin of `engines` (and `humans`), entered, not paired.
    async fn league(engines: &[&str], humans: &[&str]) -> Store {
        let store = Store::in_memory().await;
        let levels: Vec<(&str, Level)> = engines.iter().map(|n| (*n, Level::Greedy)).collect();
        fixture::engines(&store, &levels).await;
        fixture::humans(&store, humans).await;
        let mut new = fixture::new_tournament("League", Format::RoundRobin);
        new.form = MatchForm::Single;
        create(&store, &new, RatingSystem::Elo).await.unwrap();
        let names: Vec<String> = engines
            .iter()
            .chain(humans)
            .map(|n| n.to_string())
            .collect();
        enter(&store, "League", &names).await.unwrap();
        store
    }

    #[tokio::test]
    async fn a_run_of_engines_plays_every_round_and_finishes_the_event() {
        let store = league(&["R1", "R2", "R3"], &[]).await;
        let (mut started, mut paired, mut stored) = (None, Vec::new(), 0);
        let report = run_tournament(&store, "league", None, |event| match event {
            RunEvent::Started(s) => started = Some(s.clone()),
            RunEvent::Paired(p) => paired.push(p.round),
            RunEvent::Stored(..) => stored += 1,
        })
        .await
        .unwrap();
        // Three players: each pair meets once, one bye a round, three rounds.
        assert_eq!(
            started,
            Some(RunStart {
                name: "League".into(),
                paired: 0,
                finished: 0,
                planned: 3,
            })
        );
        assert_eq!(paired, [1, 2, 3]);
        assert_eq!(stored, 3);
        assert_eq!(
            report,
            RunReport {
                played: 3,
                end: RunEnd::Finished
            }
        );
        let loaded = crate::app::tournaments::load(&store, "League")
            .await
            .unwrap();
        assert_eq!(loaded.row.status, TournamentStatus::Finished);
        assert!(
            loaded
                .boards
                .iter()
                .all(|b| b.finished || b.match_id.is_none())
        );
    }

    #[tokio::test]
    async fn a_run_stops_at_a_match_a_human_plays() {
        let store = league(&["R1", "R2", "R3"], &["Ada"]).await;
        let report = run_tournament(&store, "League", None, |_| {})
            .await
            .unwrap();
        // Four players, two boards a round: the engines' board is played, Ada's waits.
        assert_eq!(
            report,
            RunReport {
                played: 1,
                end: RunEnd::AwaitingHumans {
                    round: 1,
                    pending: 1
                },
            }
        );
        let loaded = crate::app::tournaments::load(&store, "League")
            .await
            .unwrap();
        assert_eq!(loaded.tournament.current_round(), 1);
    }

    #[tokio::test]
    async fn a_run_stops_at_its_limit_and_a_limit_of_none_stores_nothing() {
        let store = league(&["R1", "R2", "R3", "R4"], &[]).await;
        let before = fixture::markers(&store).await;
        let none = run_tournament(&store, "League", Some(0), |_| {})
            .await
            .unwrap();
        assert_eq!(
            none,
            RunReport {
                played: 0,
                end: RunEnd::Limit
            }
        );
        assert_eq!(fixture::markers(&store).await, before);
        let one = run_tournament(&store, "League", Some(1), |_| {})
            .await
            .unwrap();
        assert_eq!(
            one,
            RunReport {
                played: 1,
                end: RunEnd::Limit
            }
        );
        let loaded = crate::app::tournaments::load(&store, "League")
            .await
            .unwrap();
        assert_eq!(loaded.boards.iter().filter(|b| b.finished).count(), 1);
    }
}
