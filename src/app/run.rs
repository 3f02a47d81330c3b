//! `tournament run`: the engine matches of a tournament played and stored round after
//! round, until it is finished, a human match is awaited, or a limit is reached.
//!
//! The engine plays on a thread of its own and runs ahead of the database: once it
//! has played a round it pairs the next one in memory (pairing is a pure function of
//! the results, [`Tournament::next_round`]) and plays on, while this thread pairs each
//! round in the database as `tournament pair` would and stores it, the matches the
//! engine has played for it included, in one transaction with the round before.
//! Nothing the engine plays ahead is trusted: a match is written only against the
//! stored board of the same round, players, seed and engine levels, and if the stored
//! pairing differs (another process changed the tournament meanwhile) the engine's
//! lead is thrown away and play resumes from the database. Rounds are committed in
//! order, so a run killed at any moment resumes exactly as before (engine matches
//! replay from their seeds); the engine's lead only lets the storing overlap the
//! playing.

use std::collections::HashMap;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use crate::matches::{MatchSpec, MatchState};
use crate::tournament::{Tournament, TournamentError};

use super::Result;
use crate::store::Store;
use crate::store::tournaments::{
    BoardRow, LoadedTournament, PairedRound, PlayedAhead, PlayedMatch, RoundBatch,
    TournamentStoreError, TournamentWriter, add_round, board_row, match_seed, play_board, played,
    record_result, same_game,
};

/// What a run reports as it goes.
pub enum RunEvent<'a> {
    /// A round was paired and committed.
    Paired(&'a PairedRound),
    /// An engine match was played and committed.
    Stored(&'a BoardRow, &'a PlayedMatch),
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

/// From the engine thread to the storing one.
enum Played {
    /// The match on a board, played from the setup.
    Match(BoardRow, Box<MatchState>),
    /// The engine has paired this round in memory and goes on with it.
    Round(u32),
}

/// What the engine needs to pair rounds ahead of the database.
struct Lead {
    tournament: Tournament,
    engines: HashMap<i64, Option<std::sync::Arc<str>>>,
    seed: u64,
}

/// Sent matches the storing thread may wait for at most (a few rounds' worth).
const LEAD_MATCHES: usize = 64;

/// Plays and stores the pending engine matches of tournament `name`, pairing
/// further rounds, until it is finished (then marked so), a match with a human
/// player is awaited, or `limit` matches were played. `on` hears of every round
/// paired and every match stored, after its commit.
pub async fn run_tournament(
    store: &Store,
    name: &str,
    limit: Option<u64>,
    mut on: impl FnMut(RunEvent<'_>),
) -> Result<RunReport> {
    let mut cache = Some(store.load_tournament(name).await?);
    // A run that may play no match pairs no round either. (With a limit above 0
    // the round after the last match played is paired, as without a limit.)
    if limit == Some(0) {
        return Ok(RunReport {
            played: 0,
            end: RunEnd::Limit,
        });
    }
    let spec = cache.as_ref().expect("loaded").row.spec()?;
    let mut writer = store.tournament_writer().await?;
    let mut played = 0u64;
    loop {
        let loaded = match cache.take() {
            Some(c) => c,
            None => store.load_tournament(name).await?,
        };
        let mut pending = loaded.pending_engine_matches();
        cache = Some(loaded);
        if pending.is_empty() {
            if let Some(c) = cache.as_ref().filter(|c| c.tournament.is_finished())
                && store.finish_tournament_cached(name, Some(c)).await?
            {
                return Ok(RunReport {
                    played,
                    end: RunEnd::Finished,
                });
            }
            match store.pair_next_round_cached(name, &mut cache).await {
                Ok(paired) => {
                    on(RunEvent::Paired(&paired));
                    super::tournaments::make_engine_openings(store, &paired).await?;
                    continue;
                }
                Err(TournamentStoreError::Tournament(TournamentError::Finished { .. })) => {
                    store.finish_tournament(name).await?;
                    return Ok(RunReport {
                        played,
                        end: RunEnd::Finished,
                    });
                }
                Err(TournamentStoreError::Tournament(TournamentError::RoundIncomplete {
                    round,
                    pending,
                })) => {
                    return Ok(RunReport {
                        played,
                        end: RunEnd::AwaitingHumans { round, pending },
                    });
                }
                Err(e) => return Err(e.into()),
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
        let lead = cache.as_ref().map(|c| Lead {
            tournament: c.tournament.clone(),
            engines: c.engines.clone(),
            seed: c.row.seed,
        });
        let (sender, receiver) = sync_channel(LEAD_MATCHES);
        let engine_spec = spec.clone();
        let boards = pending.clone();
        let engine =
            std::thread::spawn(move || play_ahead(&engine_spec, boards, lead, budget, &sender));
        let stored = store_rounds(
            store,
            name,
            &mut writer,
            &mut cache,
            pending,
            receiver,
            &mut on,
        )
        .await;
        // The receiver is gone, so the engine has stopped or is stopping. A panic
        // there is a bug: raise it here rather than start the engine again.
        if let Err(panic) = engine.join() {
            std::panic::resume_unwind(panic);
        }
        played += stored?;
    }
}

/// Stores what the engine sends, round by round; returns the matches stored.
///
/// The matches of a round already paired in the database are written as they
/// come. A round the engine has paired itself is kept until the engine moves on
/// (or stops), then paired in the database and stored with its matches in one
/// transaction, which also commits the round before it. Stops when the engine
/// stops, or at the first match that is not the stored board's (the engine is
/// then told to stop by closing the channel).
async fn store_rounds(
    store: &Store,
    name: &str,
    writer: &mut TournamentWriter<'_>,
    cache: &mut Option<LoadedTournament>,
    boards: Vec<BoardRow>,
    receiver: Receiver<Played>,
    on: &mut impl FnMut(RunEvent<'_>),
) -> Result<u64> {
    let key = |b: &BoardRow| (b.round, b.board);
    // The round paired in the database whose matches are coming.
    let mut round: HashMap<(u32, u32), BoardRow> =
        boards.into_iter().map(|b| (key(&b), b)).collect();
    // The round the engine paired itself: its number and the matches so far.
    let mut ahead: Option<(u32, PlayedAhead)> = None;
    let mut stored = 0u64;
    let mut batch = writer.begin_round().await?;
    loop {
        match receiver.recv().ok() {
            Some(Played::Match(b, state)) => {
                if let Some((_, matches)) = ahead.as_mut() {
                    matches.insert(key(&b), (b, *state));
                    continue;
                }
                match round.remove(&key(&b)) {
                    Some(board) if same_game(&board, &b) => batch.add(vec![(board, *state)]),
                    _ => break,
                }
            }
            None => break,
            Some(Played::Round(number)) => {
                if let Some((expected, matches)) = ahead.take() {
                    let (n, paired) = pair_played(store, name, batch, cache, matches, on).await?;
                    stored += n;
                    if paired.is_none_or(|p| p.round != expected) {
                        return Ok(stored);
                    }
                    batch = writer.begin_round().await?;
                }
                ahead = Some((number, PlayedAhead::new()));
            }
        }
    }
    match ahead {
        Some((_, matches)) => {
            stored += pair_played(store, name, batch, cache, matches, on).await?.0
        }
        None => stored += commit(batch, cache, on).await?,
    }
    Ok(stored)
}

/// Commits a round's batch with the next round paired in the database, its matches
/// played `ahead` stored with it; returns the matches stored and the round paired
/// (`None` if the pairing failed: another process changed the tournament, and the
/// database decides what comes next).
async fn pair_played(
    store: &Store,
    name: &str,
    batch: RoundBatch<'_>,
    cache: &mut Option<LoadedTournament>,
    ahead: PlayedAhead,
    on: &mut impl FnMut(RunEvent<'_>),
) -> Result<(u64, Option<PairedRound>)> {
    let (done, paired, with_it) = batch.commit_and_pair(name, cache, ahead).await?;
    for (b, m) in &done {
        on(RunEvent::Stored(b, m));
    }
    let paired = match paired {
        Ok(p) => p,
        Err(TournamentStoreError::Tournament(_)) => return Ok((done.len() as u64, None)),
        Err(e) => return Err(e.into()),
    };
    on(RunEvent::Paired(&paired));
    super::tournaments::make_engine_openings(store, &paired).await?;
    for (b, m) in &with_it {
        on(RunEvent::Stored(b, m));
    }
    Ok(((done.len() + with_it.len()) as u64, Some(paired)))
}

/// Commits a round's batch and records its matches in the cached tournament.
async fn commit(
    batch: RoundBatch<'_>,
    cache: &mut Option<LoadedTournament>,
    on: &mut impl FnMut(RunEvent<'_>),
) -> Result<u64> {
    let done = batch.commit().await?;
    for (b, m) in &done {
        if let Some(c) = cache.as_mut() {
            c.record_played(b, m);
        }
        on(RunEvent::Stored(b, m));
    }
    Ok(done.len() as u64)
}

/// The engine thread: plays `boards`, then (with a `lead`) pairs and plays further
/// rounds in memory while every match of them is between engines, at most `budget`
/// matches in all. Stops when the storing thread hangs up.
fn play_ahead(
    spec: &MatchSpec,
    mut boards: Vec<BoardRow>,
    mut lead: Option<Lead>,
    mut budget: Option<u64>,
    sender: &SyncSender<Played>,
) {
    loop {
        for b in boards {
            if budget == Some(0) {
                return;
            }
            let Some(state) = play_board(spec, &b) else {
                continue;
            };
            budget = budget.map(|n| n - 1);
            if let Some(l) = lead.as_mut() {
                record_result(&mut l.tournament, b.round, b.board, &played(0, &state));
            }
            if sender.send(Played::Match(b, Box::new(state))).is_err() {
                return;
            }
        }
        let Some(l) = lead.as_mut() else {
            return;
        };
        let Ok(pairings) = l.tournament.next_round() else {
            return; // finished, or waiting for a match this thread did not play
        };
        let mut next = Vec::with_capacity(pairings.len());
        for p in pairings.iter().filter(|p| p.north.is_some()) {
            let engines = (
                l.engines.get(&p.south).cloned().flatten(),
                p.north.and_then(|n| l.engines.get(&n).cloned().flatten()),
            );
            if engines.0.is_none() || engines.1.is_none() {
                return; // a human plays in this round: the database pairs it
            }
            let seed = match_seed(l.seed, p.round, p.board);
            let mut b = board_row(p, None, false, 0, seed, engines);
            b.engines_only = true;
            next.push(b);
        }
        let Some(round) = pairings.first().map(|p| p.round) else {
            return;
        };
        add_round(&mut l.tournament, &pairings);
        if sender.send(Played::Round(round)).is_err() {
            return;
        }
        boards = next;
    }
}
