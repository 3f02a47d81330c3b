//! Matches: create one, enter a human's move, arrangement or result, take a move
//! back, let the engines take their turns.
//!
//! Engine players move by themselves: after a human's action the engines' replies
//! are thought in memory and stored in the same transaction as the action, until a
//! human is awaited or the match is over. So a match with a human never waits for an
//! engine, and a command never stores half its effect. A match between two engines
//! waits for [`play_engine_turns`] (`goobalay match play`), which stores each
//! decision in its own short transaction, so an interrupted run keeps its progress.

use crate::ai::Level;
use crate::app::records::{
    Correction, FinishedHow, HistoryFilter, MatchInsert, MatchQuery, MatchRow, NewMatch, Player,
    StoredMatch,
};
use crate::app::repo::{Database, MatchRepo, StoreError, Transaction};
use crate::app::stored_match::StoredMatches;
use crate::engine::{BySide, Side};
use crate::matches::MatchRecord;
use crate::matches::{Closing, Event, MatchError, MatchSpec, MatchState};
use crate::tournament::TournamentStatus;

use super::{AppError, Result};

/// How often a read-then-write of a match is tried when another process changes the
/// match in between (each try reads again).
pub(crate) const WRITE_ATTEMPTS: usize = 8;

/// What a human enters in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HumanAction {
    /// A move in notation: a hole number of the mover's row, or `pass`.
    Move(String),
    /// The awaited player's rearrangement: seeds per hole, own left to right.
    Arrange(Vec<u16>),
    /// The final seeds of the hand in play, played off-line.
    Result(BySide<u32>),
}

impl HumanAction {
    fn event(&self, state: &MatchState) -> Result<Event, MatchError> {
        Ok(match self {
            HumanAction::Move(text) => Event::Move(state.parse_move(text)?),
            HumanAction::Arrange(row) => Event::Arrange {
                side: state.awaiting().side().unwrap_or(Side::South),
                row: row.clone(),
            },
            HumanAction::Result(score) => Event::Result(*score),
        })
    }
}

/// The stored match `id` (an unknown id is refused).
pub async fn load(store: &impl Database, id: i64) -> Result<StoredMatch> {
    Ok(read(store, id).await?)
}

pub(crate) async fn read(store: &impl Database, id: i64) -> Result<StoredMatch, StoreError> {
    store.begin_read().await?.stored_match(id).await
}

/// The stored match `id` with the corrections of its result, oldest first.
pub async fn with_corrections(
    store: &impl Database,
    id: i64,
) -> Result<(StoredMatch, Vec<Correction>)> {
    let mut tx = store.begin_read().await?;
    let stored = tx.stored_match(id).await?;
    Ok((stored, tx.corrections(id).await?))
}

/// The corrections of match `id`'s result, oldest first.
pub async fn corrections(store: &impl Database, id: i64) -> Result<Vec<Correction>> {
    Ok(store.begin_read().await?.corrections(id).await?)
}

/// The matches `filter` selects, newest first, each with how it ended. A player or
/// tournament named that is not recorded is refused (with the player most likely
/// meant); a preset's variant may be named by any of its names.
pub async fn history(store: &impl Database, filter: &HistoryFilter) -> Result<Vec<MatchRow>> {
    let mut tx = store.begin_read().await?;
    let player_id = match &filter.player {
        Some(name) => Some(super::players::require_player_in(&mut tx, name).await?.id),
        None => filter.player_id,
    };
    let tournament_id = match &filter.tournament {
        Some(name) => Some(tx.tournament_id(name).await?),
        None => None,
    };
    let variant = filter
        .variant
        .as_deref()
        .map(|v| crate::engine::Variant::preset(v).map_or(v.trim().to_string(), |p| p.name));
    let query = MatchQuery {
        player_id,
        variant,
        since: filter.since,
        until: filter.until,
        tournament_id,
    };
    Ok(crate::app::stored_match::settled_matches(&mut tx, &query).await?)
}

/// Stores a new match with nothing played ([`insert_with`]).
pub async fn insert(store: &impl Database, new: &NewMatch) -> Result<StoredMatch, StoreError> {
    insert_with(store, new, &MatchState::new(new.spec.clone())).await
}

/// Stores a new match whose state may already hold play (an engine's opening turns,
/// thought before this call, outside any transaction): the match and its hands in
/// one transaction.
pub async fn insert_with(
    store: &impl Database,
    new: &NewMatch,
    state: &MatchState,
) -> Result<StoredMatch, StoreError> {
    if new.spec != *state.spec() {
        return Err(StoreError::Corrupt(
            "a new match's state and its spec differ".to_string(),
        ));
    }
    let mut tx = store.begin_write().await?;
    let insert = MatchInsert {
        new,
        hands: state.hands(),
        outcome: state.outcome(),
    };
    let ids = tx.insert_matches(&[insert]).await?;
    let stored = tx.stored_match(ids[0]).await?;
    tx.commit().await?;
    Ok(stored)
}

/// Stores matches played elsewhere (e.g. in memory by
/// [`crate::matches::play_engine_match`]) in one transaction; returns their ids.
/// Each record's spec must be its `NewMatch`'s spec.
pub async fn insert_played(
    store: &impl Database,
    played: &[(NewMatch, MatchRecord)],
) -> Result<Vec<i64>, StoreError> {
    if played.iter().any(|(new, record)| new.spec != record.spec) {
        return Err(StoreError::Corrupt(
            "a played match's record and its new match differ in spec".to_string(),
        ));
    }
    let inserts: Vec<MatchInsert> = played
        .iter()
        .map(|(new, record)| MatchInsert {
            new,
            hands: &record.hands,
            outcome: record.outcome,
        })
        .collect();
    let mut tx = store.begin_write().await?;
    let ids = tx.insert_matches(&inserts).await?;
    tx.commit().await?;
    Ok(ids)
}

/// A match as stored after a use case, with the engine decisions it stored.
#[derive(Clone, Debug)]
pub struct Played {
    pub stored: StoredMatch,
    pub engine_events: Vec<Event>,
}

/// A match to create between two players named as the user named them.
#[derive(Clone, Debug)]
pub struct MatchRequest {
    pub spec: MatchSpec,
    pub south: String,
    pub north: String,
    pub seed: u64,
}

/// Creates a match; an engine facing a human makes its opening turns at once,
/// thought before the one transaction that stores the match with them.
pub async fn create_match(store: &impl Database, request: MatchRequest) -> Result<Played> {
    let mut tx = store.begin_read().await?;
    let south = super::players::require_player_in(&mut tx, &request.south).await?;
    let north = super::players::require_player_in(&mut tx, &request.north).await?;
    drop(tx);
    for p in [&south, &north] {
        if p.retired_at.is_some() {
            return Err(super::players::PlayerRefusal::Retired(p.name.clone()).into());
        }
    }
    if south.id == north.id {
        return Err(AppError::SamePlayer(south.name));
    }
    let engines = BySide::new(level_of(&south)?, level_of(&north)?);
    let mut state = MatchState::new(request.spec.clone());
    let engine_events = if has_human(engines) {
        state.play_engines(engines, request.seed)
    } else {
        Vec::new()
    };
    let new = NewMatch {
        spec: request.spec,
        south: south.id,
        north: north.id,
        seed: request.seed,
        tournament_id: None,
        round: None,
    };
    let stored = insert_with(store, &new, &state).await?;
    Ok(Played {
        stored,
        engine_events,
    })
}

fn level_of(player: &Player) -> Result<Option<Level>> {
    player
        .engine
        .as_deref()
        .map(|name| {
            Level::parse(name)
                .map_err(|e| StoreError::Corrupt(format!("player '{}': {e}", player.name)).into())
        })
        .transpose()
}

fn has_human(engines: BySide<Option<Level>>) -> bool {
    engines.south.is_none() || engines.north.is_none()
}

/// Enters a human's action in match `id` and the engines' replies, all in one
/// write. Refused when the awaited player is an engine (a result of the hand may be
/// entered whoever is to move). If an engine owes a turn that an interrupted
/// command left (the human's action was meant for a position they have not seen),
/// that turn is made and stored and the action is refused: nothing is entered twice.
pub async fn enter(store: &impl Database, id: i64, action: &HumanAction) -> Result<Played> {
    for _ in 0..WRITE_ATTEMPTS {
        let stored = read(store, id).await?;
        let engines = stored.engines()?;
        let seed = stored.row.seed;
        if has_human(engines) && stored.state.engine_event(engines, seed).is_some() {
            let caught_up = play_engine_turns_from(store, stored).await?;
            return Err(AppError::EngineCaughtUp {
                id,
                made: describe_events(
                    &caught_up.engine_events,
                    caught_up.stored.state.spec().rules.holes_per_row,
                ),
            });
        }
        let mut state = stored.state.clone();
        let event = action.event(&state)?;
        if !matches!(event, Event::Result(_))
            && let Some(side) = state.awaiting().side()
            && let Some(level) = engines[side]
        {
            return Err(AppError::EngineToMove {
                id,
                side,
                player: stored.row.player_name(side).to_string(),
                level: level.name().to_string(),
            });
        }
        state.apply(&event)?;
        let engine_events = if has_human(engines) {
            state.play_engines(engines, seed)
        } else {
            Vec::new()
        };
        match save(store, &stored, state).await {
            Ok(stored) => {
                return Ok(Played {
                    stored,
                    engine_events,
                });
            }
            Err(AppError::Store(StoreError::Conflict)) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::Conflict.into())
}

/// Who is to act next in a match, as a front end asks before it prompts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The match is over.
    Over,
    /// An engine player is awaited: its turns are played by [`play_engine_turns`].
    Engine(Side),
    /// A human player is awaited, to move or to arrange.
    Human(Side),
}

/// Whose turn it is in the stored match.
pub fn turn(stored: &StoredMatch) -> Result<Turn> {
    let Some(side) = stored.state.awaiting().side() else {
        return Ok(Turn::Over);
    };
    Ok(match stored.row.engines()?[side] {
        Some(_) => Turn::Engine(side),
        None => Turn::Human(side),
    })
}

/// Who asks for a move to be taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoBy {
    /// A player: allowed in a casual match only.
    Player,
    /// The director: also in a tournament match, whose result is rated and counted.
    Director,
}

/// Takes back the last move of a human player with the engine replies after it. In a
/// tournament match only the director may.
pub async fn undo(store: &impl Database, id: i64, by: UndoBy) -> Result<StoredMatch> {
    if by == UndoBy::Player
        && let Some(tournament) = read(store, id).await?.row.tournament
    {
        return Err(AppError::UndoNeedsDirector { id, tournament });
    }
    let (stored, _) = update(store, id, |state, row| {
        let engines = row.engines()?;
        let undone = state.undo_last_human_move(engines.map(|e| e.is_none()))?;
        ensure_takes_changes(row)?;
        Ok(undone)
    })
    .await?;
    Ok(stored)
}

/// Plays the engine players' turns of match `id` until a human is awaited or the
/// match is over, each decision thought outside any transaction and stored in its
/// own short one (if another process changed the match meanwhile, it is read again
/// and the decision thought again). An error after some decisions were stored says
/// how many.
pub async fn play_engine_turns(store: &impl Database, id: i64) -> Result<Played> {
    let stored = read(store, id).await?;
    play_engine_turns_from(store, stored).await
}

async fn play_engine_turns_from(store: &impl Database, mut stored: StoredMatch) -> Result<Played> {
    let id = stored.row.id;
    let mut made = Vec::new();
    let mut conflicts = 0;
    loop {
        let engines = stored.engines()?;
        let Some(event) = stored.state.engine_event(engines, stored.row.seed) else {
            return Ok(Played {
                stored,
                engine_events: made,
            });
        };
        let mut state = stored.state.clone();
        state.apply(&event)?;
        let saved = match save(store, &stored, state).await {
            Err(AppError::Store(StoreError::Conflict)) if conflicts < WRITE_ATTEMPTS => {
                conflicts += 1;
                read(store, id).await.map_err(AppError::from)
            }
            other => other,
        };
        match saved {
            Ok(next) => {
                if next.row.revision == stored.row.revision + 1 {
                    made.push(event);
                }
                stored = next;
            }
            Err(e) if made.is_empty() => return Err(e),
            Err(e) => {
                return Err(AppError::PartlyStored {
                    stored: format!(
                        "match {id}: {} engine decision{} stored ({})",
                        made.len(),
                        if made.len() == 1 { " was" } else { "s were" },
                        describe_events(&made, stored.state.spec().rules.holes_per_row)
                    ),
                    error: Box::new(e),
                });
            }
        }
    }
}

/// Writes `after`, the change decided on the match `before`, in one transaction,
/// unless the match's tournament is closed (`ensure_takes_changes`), and only if
/// nobody changed the match since `before` was read (its revision is still
/// `before`'s) and its tournament's status is still `before`'s (the change was
/// decided on it, see [`MatchRow::tournament_status`]); otherwise it writes nothing
/// and returns [`StoreError::Conflict`], and the caller reads and decides again. Only
/// the hands that differ are written, and nothing is read back: the match as stored
/// is `before`'s row with the new summary. The result that ends a tournament's last
/// match closes the tournament in the same transaction.
pub async fn save(
    store: &impl Database,
    before: &StoredMatch,
    after: MatchState,
) -> Result<StoredMatch> {
    ensure_takes_changes(&before.row)?;
    let id = before.row.id;
    let holes_per_row = after.spec().rules.holes_per_row;
    let now = crate::app::records::now();
    let mut tx = store.begin_write().await?;
    if let Some(tid) = before.row.tournament_id
        && tx.tournament_status(tid).await? != before.row.tournament_status
    {
        return Err(StoreError::Conflict.into());
    }
    let mut row = tx.write_result(&before.row, &after, now).await?;
    row.show_seeds_of(&after);
    tx.write_hands(id, before.state.hands(), after.hands(), 0, holes_per_row)
        .await?;
    if let (None, Some(closing)) = (before.state.closing(), after.closing()) {
        tx.insert_closing(id, closing, now).await?;
    }
    if before.row.winner.is_none() {
        note_result(&mut tx, &mut row).await?;
    }
    tx.commit().await?;
    Ok(StoredMatch { row, state: after })
}

/// After a write gave the match `row` its result: if it was its tournament's last
/// one, the tournament is closed in the same transaction (and `row` says so).
pub(crate) async fn note_result(
    tx: &mut impl Transaction,
    row: &mut MatchRow,
) -> Result<(), StoreError> {
    if let (Some(tid), Some(_)) = (row.tournament_id, row.winner)
        && super::tournaments::status::close_if_over(tx, tid).await?
    {
        row.tournament_status = Some(TournamentStatus::Finished);
    }
    Ok(())
}

/// Changes match `id`: reads it, runs `change` on its state and writes what changed
/// ([`save`]). If another process changed the match in between, it is read again and
/// `change` runs on what is stored now (a few times at most, then
/// [`StoreError::Conflict`]). If `change` fails, nothing is written and its error is
/// returned.
pub async fn update<T>(
    store: &impl Database,
    id: i64,
    mut change: impl FnMut(&mut MatchState, &MatchRow) -> Result<T>,
) -> Result<(StoredMatch, T)> {
    for _ in 0..WRITE_ATTEMPTS {
        let stored = read(store, id).await?;
        let mut state = stored.state.clone();
        let value = change(&mut state, &stored.row)?;
        match save(store, &stored, state).await {
            Ok(saved) => return Ok((saved, value)),
            Err(AppError::Store(StoreError::Conflict)) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::Conflict.into())
}

/// Refuses a change to a match of a closed tournament
/// ([`crate::tournament::TournamentStatus::takes_match_changes`]), by the tournament's
/// status as read with the match.
pub(crate) fn ensure_takes_changes(row: &MatchRow) -> Result<()> {
    match (&row.tournament, row.tournament_status) {
        (Some(name), Some(status)) if !status.takes_match_changes() => Err(
            crate::app::TournamentRefusal::from(crate::tournament::ClosedTournament(name.clone()))
                .into(),
        ),
        _ => Ok(()),
    }
}

/// Events as a person reads them: "south plays 3, north arranges 3,1,1,1,2,4".
pub(crate) fn describe_events(events: &[Event], holes_per_row: u8) -> String {
    events
        .iter()
        .map(|e| match e {
            Event::Move(m) => {
                let side = if m.hole().is_some_and(|h| h >= usize::from(holes_per_row)) {
                    Side::North
                } else {
                    Side::South
                };
                format!("{side} plays {}", m.notation(holes_per_row))
            }
            Event::Arrange { side, row } => format!(
                "{side} arranges {}",
                row.iter().map(u16::to_string).collect::<Vec<_>>().join(",")
            ),
            Event::Result(s) => format!("result {}-{}", s.south, s.north),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Ends the unfinished match `id` by a forfeit or by the result of the whole match
/// played off the system, in one write (`close_in`). A finished match is
/// refused: changing its result is a correction; so is a closing the tournament's
/// format does not allow ([`crate::tournament::check_closing`]). An engine waiting on the match has
/// nothing left to play (the match is over for every command, `tournament run`
/// included).
pub async fn close(store: &impl Database, id: i64, closing: Closing) -> Result<StoredMatch> {
    // Read and decided under the write lock: what is checked is what is closed.
    let mut tx = store.begin_write().await?;
    let closed = close_checked_in(&mut tx, id, closing).await?;
    tx.commit().await?;
    Ok(closed)
}

/// [`close`]'s checks and writes in `tx`, which the caller commits: a player's
/// report confirmed (`app::reports`) closes its match with the CLI's checks, in the
/// transaction that stores the report.
pub(crate) async fn close_checked_in(
    tx: &mut impl Transaction,
    id: i64,
    closing: Closing,
) -> Result<StoredMatch> {
    let stored = tx.stored_match(id).await?;
    if let Some(how) = FinishedHow::of(&stored) {
        return Err(AppError::Finished { id, how });
    }
    if let Some(tournament) = stored.row.tournament_id {
        crate::tournament::check_closing(tx.tournament_format(tournament).await?, id, closing)?;
    }
    // `close_in` refuses a match that is over (`MatchError::Over`) only when it
    // has an outcome, which `FinishedHow::of` has just refused, in this transaction.
    close_in(tx, stored, closing).await
}

/// Closes `before` (read in `tx`) by `closing`: the match row's summary and the
/// closing's row written in `tx`, and its tournament closed if this was its last
/// result. Refused (nothing written) if the match is over or the closing does not
/// hold ([`crate::matches::MatchState::close`]).
pub(crate) async fn close_in<E>(
    tx: &mut impl Transaction,
    before: StoredMatch,
    closing: Closing,
) -> Result<StoredMatch, E>
where
    E: From<StoreError> + From<MatchError>,
{
    let id = before.row.id;
    let mut state = before.state.clone();
    state.close(closing)?;
    let at = crate::app::records::now();
    // A closing always gives an outcome, on a match that had none: the finish time
    // is `at`.
    let mut row = tx.write_result(&before.row, &state, at).await?;
    row.show_seeds_of(&state);
    tx.insert_closing(id, closing, at).await?;
    note_result(tx, &mut row).await?;
    Ok(StoredMatch { row, state })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::players::PlayerRefusal;
    use crate::matches::{Absent, MatchForm, MatchOutcome};
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::Format;

    #[tokio::test]
    async fn a_casual_match_is_stored_between_the_players_named_with_nothing_played() {
        let (store, players) = fixture::store_with(&["Ada", "Bo"]).await;
        let id = fixture::casual(&store, "ada", "BO", MatchForm::Hands).await;
        let stored = load(&store, id).await.unwrap();
        assert_eq!(
            (stored.row.south_id, stored.row.north_id),
            (players[0].id, players[1].id)
        );
        assert_eq!(
            (stored.row.south.as_str(), stored.row.north.as_str()),
            ("Ada", "Bo")
        );
        assert_eq!(stored.row.tournament, None);
        assert_eq!(stored.row.winner, None);
        assert_eq!(stored.state.event_count(), 0);
        assert_eq!(turn(&stored).unwrap(), Turn::Human(Side::South));
    }

    #[tokio::test]
    async fn an_engine_facing_a_human_makes_its_opening_move_in_the_stored_match() {
        let (store, _) = fixture::store_with(&["Ada"]).await;
        fixture::engines(&store, &[("Robo", Level::Greedy)]).await;
        let spec = MatchSpec::new(&fixture::layli(), MatchForm::Hands, None, Side::South).unwrap();
        let request = MatchRequest {
            spec,
            south: "Robo".into(),
            north: "Ada".into(),
            seed: 3,
        };
        let played = create_match(&store, request).await.unwrap();
        // South moves first; one move and it is the human's turn.
        assert_eq!(played.engine_events.len(), 1);
        let stored = load(&store, played.stored.row.id).await.unwrap();
        assert_eq!(stored.state.events(), played.engine_events);
        assert_eq!(turn(&stored).unwrap(), Turn::Human(Side::North));
    }

    #[tokio::test]
    async fn a_match_against_oneself_or_a_retired_player_is_refused_and_nothing_stored() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        crate::app::players::retire(&store, "Bo").await.unwrap();
        let before = fixture::markers(&store).await;
        let spec = MatchSpec::new(&fixture::layli(), MatchForm::Hands, None, Side::South).unwrap();
        let request = |north: &str| MatchRequest {
            spec: spec.clone(),
            south: "Ada".into(),
            north: north.into(),
            seed: 1,
        };
        let itself = create_match(&store, request("ADA")).await;
        assert!(
            matches!(&itself, Err(AppError::SamePlayer(n)) if n == "Ada"),
            "{itself:?}"
        );
        let retired = create_match(&store, request("Bo")).await;
        assert!(
            matches!(&retired, Err(AppError::Player(PlayerRefusal::Retired(n))) if n == "Bo"),
            "{retired:?}"
        );
        let unknown = create_match(&store, request("Cy")).await;
        assert!(
            matches!(&unknown, Err(AppError::Player(PlayerRefusal::Unknown { name, .. })) if name == "Cy"),
            "{unknown:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_move_entered_is_stored_and_passes_the_turn() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        let played = enter(&store, id, &HumanAction::Move("1".into()))
            .await
            .unwrap();
        assert!(played.engine_events.is_empty());
        let stored = load(&store, id).await.unwrap();
        assert_eq!(stored.state.event_count(), 1);
        assert_eq!(turn(&stored).unwrap(), Turn::Human(Side::North));
    }

    #[tokio::test]
    async fn a_move_for_an_engine_is_refused_and_nothing_stored() {
        let store = crate::store::Store::in_memory().await;
        fixture::engines(&store, &[("R1", Level::Random), ("R2", Level::Random)]).await;
        let id = fixture::casual(&store, "R1", "R2", MatchForm::Hands).await;
        let before = fixture::markers(&store).await;
        let refused = enter(&store, id, &HumanAction::Move("1".into())).await;
        assert!(
            matches!(
                &refused,
                Err(AppError::EngineToMove { id: i, side: Side::South, player, level })
                    if *i == id && player == "R1" && level == Level::Random.name()
            ),
            "{refused:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn an_impossible_move_is_refused_and_nothing_stored() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        let before = fixture::markers(&store).await;
        // A row of Layli Goobalay has six holes (RULES.md §3).
        let refused = enter(&store, id, &HumanAction::Move("7".into())).await;
        assert!(matches!(refused, Err(AppError::Match(_))), "{refused:?}");
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_player_takes_back_their_move_in_a_casual_match() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        fixture::moves_entered(&store, id, &["1"]).await;
        let undone = undo(&store, id, UndoBy::Player).await.unwrap();
        assert_eq!(undone.state.event_count(), 0);
        let stored = load(&store, id).await.unwrap();
        assert_eq!(stored.state.event_count(), 0);
        assert_eq!(turn(&stored).unwrap(), Turn::Human(Side::South));
    }

    #[tokio::test]
    async fn a_player_may_not_take_back_a_move_of_a_tournament_match() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        fixture::entered(&store, "Duel", Format::RoundRobin, &["Ada", "Bo"]).await;
        let id = fixture::pair(&store, "Duel").await[0].unwrap();
        fixture::moves_entered(&store, id, &["1"]).await;
        let before = fixture::markers(&store).await;
        let refused = undo(&store, id, UndoBy::Player).await;
        assert!(
            matches!(&refused, Err(AppError::UndoNeedsDirector { id: i, tournament })
                if *i == id && tournament == "Duel"),
            "{refused:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
        let by_director = undo(&store, id, UndoBy::Director).await.unwrap();
        assert_eq!(by_director.state.event_count(), 0);
    }

    #[tokio::test]
    async fn two_engines_play_a_single_game_to_its_end() {
        let store = crate::store::Store::in_memory().await;
        fixture::engines(&store, &[("R1", Level::Random), ("R2", Level::Greedy)]).await;
        let id = fixture::casual(&store, "R1", "R2", MatchForm::Single).await;
        let played = play_engine_turns(&store, id).await.unwrap();
        let stored = load(&store, id).await.unwrap();
        assert_eq!(turn(&stored).unwrap(), Turn::Over);
        assert!(stored.row.winner.is_some());
        assert_eq!(stored.state.events(), played.engine_events);
    }

    #[tokio::test]
    async fn a_forfeit_closes_the_match_for_the_side_present() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        let closed = close(&store, id, Closing::Forfeit(Absent::North))
            .await
            .unwrap();
        assert_eq!(closed.row.winner, Some(MatchOutcome::Winner(Side::South)));
        let stored = load(&store, id).await.unwrap();
        assert_eq!(stored.row.winner, Some(MatchOutcome::Winner(Side::South)));
        assert_eq!(
            stored.state.closing(),
            Some(Closing::Forfeit(Absent::North))
        );
    }

    #[tokio::test]
    async fn closing_a_finished_match_is_refused_naming_how_it_ended() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        fixture::won(&store, id, Side::South).await;
        let before = fixture::markers(&store).await;
        let refused = close(&store, id, Closing::Forfeit(Absent::South)).await;
        let ada_won = FinishedHow::Won {
            side: Side::South,
            name: "Ada".into(),
        };
        assert!(
            matches!(&refused, Err(AppError::Finished { id: i, how }) if *i == id && *how == ada_won),
            "{refused:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_match_of_a_closed_tournament_takes_no_change() {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(&store, "Club", Format::Swiss, &["Ada", "Bo", "Cy", "Di"]).await;
        let ids = fixture::pair(&store, "Club").await;
        for id in &ids {
            fixture::won(&store, id.unwrap(), Side::South).await;
        }
        let open = load(&store, ids[0].unwrap()).await.unwrap();
        assert!(ensure_takes_changes(&open.row).is_ok());
        crate::app::tournaments::close(&store, "Club", None)
            .await
            .unwrap();
        // Every match of a closed tournament is over, so a move is refused as one
        // on a finished match first; what a change decided before the closing
        // meets is this check, by the status read with the match.
        let closed = load(&store, ids[0].unwrap()).await.unwrap();
        let refused = ensure_takes_changes(&closed.row);
        assert!(
            matches!(&refused, Err(AppError::Tournament(crate::app::TournamentRefusal::Closed(c))) if c.0 == "Club"),
            "{refused:?}"
        );
        let before = fixture::markers(&store).await;
        let saved = save(&store, &closed, closed.state.clone()).await;
        assert!(matches!(saved, Err(AppError::Tournament(_))), "{saved:?}");
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn the_history_names_an_unknown_player_or_tournament() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        let all = history(&store, &HistoryFilter::default()).await.unwrap();
        assert_eq!(all.iter().map(|m| m.id).collect::<Vec<_>>(), vec![id]);
        let by_player = HistoryFilter {
            player: Some("Adda".into()),
            ..Default::default()
        };
        let refused = history(&store, &by_player).await;
        assert!(
            matches!(&refused, Err(AppError::Player(PlayerRefusal::Unknown { like: Some(l), .. })) if l == "Ada"),
            "{refused:?}"
        );
        let by_tournament = HistoryFilter {
            tournament: Some("Open".into()),
            ..Default::default()
        };
        let refused = history(&store, &by_tournament).await;
        assert!(
            matches!(&refused, Err(AppError::Store(StoreError::TournamentNotFound { name, .. })) if name == "Open"),
            "{refused:?}"
        );
    }
}
