//! The entry list: entries (a late Swiss entry gets the next starting rank and
//! zero-point byes for the rounds it missed), byes asked for, and withdrawals.

use crate::app::AppError;
use crate::app::players::require_player_in;
use crate::app::records::{ByeReason, LoadedTournament, Parts, Player, RoundMatch, now};
use crate::app::repo::{Database, Transaction};
use crate::app::stored_match::StoredMatches;
use crate::app::tournaments::loading::LoadRepo;
use crate::app::tournaments::refusal::TournamentRefusal;
use crate::engine::Side;
use crate::matches::{Absent, Closing, MatchState};
use crate::tournament::pairing::round_robin::{self, LateEntryRefusal};
use crate::tournament::systems::LateEntries;
use crate::tournament::{ByePoints, ByeRefusal, Pairing};

use super::{Postponed, Result, begin_write, commit};

/// Players entered, and the tournament after their entry.
#[derive(Clone, Debug)]
pub struct Entered {
    pub added: Vec<Player>,
    /// A late round robin arrival's games of the rounds already paired, postponed.
    pub postponed: Vec<Postponed>,
    pub tournament: LoadedTournament,
}

/// Enters players (by name) in tournament `name`, all or none.
pub async fn enter(store: &impl Database, name: &str, players: &[String]) -> Result<Entered> {
    let mut tx = begin_write(store).await?;
    let (added, postponed) = enter_in(&mut tx, name, players).await?;
    commit(tx).await?;
    Ok(Entered {
        added,
        postponed,
        tournament: crate::app::tournaments::loading::read(store, name).await?,
    })
}

pub(super) async fn enter_in(
    repo: &mut impl LoadRepo,
    name: &str,
    players: &[String],
) -> Result<(Vec<Player>, Vec<Postponed>)> {
    let loaded = crate::app::tournaments::loading::load_in(repo, name, Parts::Whole).await?;
    super::ensure_open(&loaded)?;
    let t = &loaded.tournament;
    let tid = loaded.row.id;
    let late_round_robin =
        t.current_round() > 0 && t.format().rules().late_entries == LateEntries::InPlaceOfTheRest;
    if t.current_round() > 0 && t.format().rules().late_entries == LateEntries::Closed {
        return Err(TournamentRefusal::EntriesClosed {
            tournament: loaded.row.name.clone(),
            format: t.format(),
        }
        .into());
    }
    let mut next_seed = t.entrants().iter().map(|e| e.start_rank).max().unwrap_or(0) + 1;
    let ratings = if t.current_round() > 0 {
        Some(crate::app::ratings::seeding_in(repo, tid, &loaded.row.variant).await?)
    } else {
        None
    };
    let mut added: Vec<Player> = Vec::new();
    let mut postponed = Vec::new();
    for p in players {
        let player = require_player_in(repo, p).await?;
        if player.retired_at.is_some() {
            return Err(TournamentRefusal::Retired(player.name).into());
        }
        if t.entrant(player.id).is_some() {
            return Err(TournamentRefusal::AlreadyEntered {
                player: player.name,
                tournament: loaded.row.name.clone(),
            }
            .into());
        }
        if added.iter().any(|a| a.id == player.id) {
            return Err(TournamentRefusal::NamedTwice {
                player: player.name,
            }
            .into());
        }
        // A late entry gets the next starting rank and today's rating.
        let rating = ratings.as_ref().map(|s| s.rating(player.id));
        let rated = ratings.as_ref().and_then(|s| s.rated(player.id));
        if late_round_robin {
            let entry = round_robin::late_entry(t, player.id, players.len()).map_err(|r| {
                let (tournament, format) = (loaded.row.name.clone(), t.format());
                match r {
                    LateEntryRefusal::EvenField { entrants } => {
                        TournamentRefusal::LateEntryEvenField {
                            tournament,
                            format,
                            entrants,
                            only_round_one: t.current_round() == 1,
                        }
                    }
                    LateEntryRefusal::MoreThanOne { arriving } => {
                        TournamentRefusal::LateEntryMoreThanOne {
                            tournament,
                            format,
                            arriving,
                        }
                    }
                }
            })?;
            let at = now();
            repo.insert_entrant(tid, player.id, entry.start_rank, rating, rated, at)
                .await?;
            postponed = take_the_rests(repo, &loaded, &player, &entry.missed, at).await?;
            added.push(player);
            continue;
        }
        repo.insert_entrant(tid, player.id, next_seed, rating, rated, now())
            .await?;
        next_seed += 1;
        // The rounds already paired are missed: zero-point byes, recorded.
        for round in 1..=t.current_round() {
            repo.insert_bye(tid, round, player.id, ByePoints::Zero, ByeReason::LateEntry)
                .await?;
        }
        added.push(player);
    }
    Ok((added, postponed))
}

/// A late arrival's games in the rounds of round robin `loaded` already paired
/// (`missed`, [`round_robin::late_entry`]): each replaces the rest on its board,
/// made at `at`, postponed at once (its players play it when they can, and it
/// counts then). The rounds' records keep the rests as they were paired.
async fn take_the_rests(
    repo: &mut impl LoadRepo,
    loaded: &LoadedTournament,
    newcomer: &Player,
    missed: &[Pairing],
    at: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<Postponed>> {
    let tid = loaded.row.id;
    let spec = loaded.row.spec()?;
    let fresh = MatchState::new(spec.clone());
    let engine_of = |id: i64| -> Option<String> {
        if id == newcomer.id {
            newcomer.engine.clone()
        } else {
            loaded
                .engines
                .get(&id)
                .cloned()
                .flatten()
                .map(|e| e.to_string())
        }
    };
    let mut postponed = Vec::with_capacity(missed.len());
    for p in missed {
        let Some(north) = p.north else { continue };
        let rest = if p.south == newcomer.id {
            north
        } else {
            p.south
        };
        if repo.delete_round_bye(tid, p.round, rest).await? != 1 {
            return Err(AppError::Store(
                crate::app::repo::StoreError::CorruptTournament(format!(
                    "{}: the rest of round {} is not stored",
                    loaded.row.name, p.round
                )),
            ));
        }
        let engines = (engine_of(p.south), engine_of(north));
        let game = RoundMatch {
            south: p.south,
            north,
            engines: (engines.0.as_deref(), engines.1.as_deref()),
            seed: p.match_seed(loaded.row.seed),
            played: None,
        };
        let inserted = repo
            .insert_round_matches(tid, p.round, &spec, &[game], at)
            .await?;
        let &[(_, id)] = inserted.as_slice() else {
            return Err(AppError::Store(
                crate::app::repo::StoreError::CorruptTournament(format!(
                    "{}: round {}: {} matches stored for one",
                    loaded.row.name,
                    p.round,
                    inserted.len()
                )),
            ));
        };
        repo.insert_hands(&[(id, fresh.hands())], spec.rules.holes_per_row)
            .await?;
        let reason = format!(
            "missed by a late entry: {} took the rest of {} in round {}",
            newcomer.name,
            loaded.name_of(rest),
            p.round
        );
        repo.insert_postponement(id, at, Some(&reason)).await?;
        let name_of = |id: i64| {
            if id == newcomer.id {
                newcomer.name.clone()
            } else {
                loaded.name_of(id).to_string()
            }
        };
        postponed.push(Postponed {
            tournament: loaded.row.name.clone(),
            match_id: id,
            round: p.round,
            board: p.board,
            south: name_of(p.south),
            north: name_of(north),
        });
    }
    Ok(postponed)
}

/// Records a bye `player` asks for in `round` of Swiss `name` (not yet paired):
/// the pairing of that round leaves them out and the bye scores `points`.
pub async fn request_bye(
    store: &impl Database,
    name: &str,
    player: &str,
    round: u32,
    points: ByePoints,
) -> Result<Player> {
    let mut tx = begin_write(store).await?;
    let p = request_bye_in(&mut tx, name, player, round, points).await?;
    commit(tx).await?;
    Ok(p)
}

async fn request_bye_in(
    repo: &mut impl LoadRepo,
    name: &str,
    player: &str,
    round: u32,
    points: ByePoints,
) -> Result<Player> {
    let loaded = crate::app::tournaments::loading::load_in(repo, name, Parts::Whole).await?;
    super::ensure_open(&loaded)?;
    let t = &loaded.tournament;
    let tournament = loaded.row.name.clone();
    if !t.takes_bye_requests() {
        return Err(TournamentRefusal::ByeNotSwiss {
            tournament,
            format: t.format(),
        }
        .into());
    }
    let p = require_player_in(repo, player).await?;
    t.check_bye_request(p.id, round)
        .map_err(|refusal| match refusal {
            ByeRefusal::NotEntered => TournamentRefusal::NotEntered {
                player: p.name.clone(),
                tournament: tournament.clone(),
            },
            ByeRefusal::Withdrawn => TournamentRefusal::AlreadyWithdrawn {
                player: p.name.clone(),
                tournament: tournament.clone(),
            },
            ByeRefusal::RoundPaired { next, last } => {
                TournamentRefusal::RoundAlreadyPaired { round, next, last }
            }
            ByeRefusal::BeyondEnd { planned } => {
                TournamentRefusal::RoundBeyondEnd { round, planned }
            }
            ByeRefusal::AlreadyAsked => TournamentRefusal::ByeAlreadyRequested {
                player: p.name.clone(),
                round,
            },
        })?;
    repo.insert_bye(loaded.row.id, round, p.id, points, ByeReason::Requested)
        .await?;
    Ok(p)
}

/// A withdrawal: who, after which round (0: before round 1), and the match of the
/// current round forfeited by it, if asked and one was pending.
#[derive(Clone, Debug)]
pub struct Withdrawal {
    pub player: Player,
    pub after_round: u32,
    pub forfeited: Option<i64>,
}

/// Withdraws `player` from tournament `name`: kept in the standings with the results
/// so far, not paired again. A match already paired stays and counts when it is
/// finished, unless `forfeit_pending`, which forfeits their unfinished match of the
/// current round in the same transaction. Before round 1 is paired the player is
/// taken off the entry list instead (round 0).
pub async fn withdraw(
    store: &impl Database,
    name: &str,
    player: &str,
    forfeit_pending: bool,
) -> Result<Withdrawal> {
    let mut tx = begin_write(store).await?;
    let (player, after_round, forfeited) =
        withdraw_named_in(&mut tx, name, player, forfeit_pending).await?;
    commit(tx).await?;
    Ok(Withdrawal {
        player,
        after_round,
        forfeited,
    })
}

/// The unfinished match of `player` in the current round, and their side in it.
fn pending_match_of(loaded: &LoadedTournament, player: i64) -> Option<(i64, Side)> {
    let current = loaded.tournament.current_round();
    loaded
        .boards
        .iter()
        .filter(|b| b.round == current && !b.finished)
        .find_map(|b| {
            let id = b.match_id?;
            if b.south_id == player {
                Some((id, Side::South))
            } else if b.north_id == Some(player) {
                Some((id, Side::North))
            } else {
                None
            }
        })
}

/// Withdraws `player` from tournament `name` in `tx` ([`withdraw`]), first
/// forfeiting their unfinished match of the current round (they are the absent side)
/// with `forfeit_pending`. Returns the player, the round withdrawn after and the
/// match forfeited, if one was.
async fn withdraw_named_in(
    tx: &mut impl Transaction,
    name: &str,
    player: &str,
    forfeit_pending: bool,
) -> Result<(Player, u32, Option<i64>)> {
    let loaded = crate::app::tournaments::loading::load_in(tx, name, Parts::Whole).await?;
    super::ensure_open(&loaded)?;
    let p = require_player_in(&mut *tx, player).await?;
    let mut forfeited = None;
    if forfeit_pending && let Some((id, side)) = pending_match_of(&loaded, p.id) {
        let stored = tx.stored_match(id).await?;
        let absent = match side {
            Side::South => Absent::South,
            Side::North => Absent::North,
        };
        crate::app::matches::close_in::<AppError>(&mut *tx, stored, Closing::Forfeit(absent))
            .await?;
        forfeited = Some(id);
    }
    let (p, after) = withdraw_in(&mut *tx, &loaded, p).await?;
    Ok((p, after, forfeited))
}

/// The withdrawal of `p` from `loaded` ([`withdraw`]) inside the caller's
/// transaction: also a withdrawal that forfeits a match, and one from an imported
/// file.
pub(crate) async fn withdraw_in(
    repo: &mut impl LoadRepo,
    loaded: &LoadedTournament,
    p: Player,
) -> Result<(Player, u32)> {
    let tid = loaded.row.id;
    let entrant = loaded
        .tournament
        .entrant(p.id)
        .ok_or_else(|| TournamentRefusal::NotEntered {
            player: p.name.clone(),
            tournament: loaded.row.name.clone(),
        })?;
    if entrant.is_withdrawn() {
        return Err(TournamentRefusal::AlreadyWithdrawn {
            player: p.name.clone(),
            tournament: loaded.row.name.clone(),
        }
        .into());
    }
    let after = loaded.tournament.current_round();
    // Byes asked for rounds after the withdrawal lapse with it.
    repo.delete_byes_after(tid, p.id, after).await?;
    if after == 0 {
        // Before round 1 nothing has been played or seeded: a withdrawal takes
        // the player off the entry list, so that no pairing, bye or standings
        // row is ever made for someone who never played.
        repo.delete_entrant(tid, p.id).await?;
    } else {
        repo.mark_withdrawn(tid, p.id, after).await?;
    }
    Ok((p, after))
}

/// The round after which entry `e` was made (0: before round 1 was paired): the last
/// round whose matches were created (`rounds_created`) before the entrant joined.
pub(crate) fn entered_after_round(
    rounds_created: &[(chrono::DateTime<chrono::Utc>, u32)],
    e: &crate::app::repo::EntryRecord,
) -> u32 {
    rounds_created
        .iter()
        .filter(|(at, _)| *at < e.joined_at)
        .map(|(_, round)| *round)
        .max()
        .unwrap_or(0)
}

/// When each entrant of tournament `tid` entered ([`entered_after_round`]), from the
/// stored creation times of its matches and its entries.
pub(crate) async fn entered_after(
    tx: &mut impl crate::app::repo::Transaction,
    tid: i64,
) -> std::result::Result<
    crate::tournament::pairing::audit::EnteredAfter,
    crate::app::repo::StoreError,
> {
    let unreadable = crate::app::repo::StoreError::CorruptTournament;
    let rounds_created: Vec<_> = tx
        .match_creations(tid)
        .await?
        .map_err(|u| {
            unreadable(format!(
                "match {}: unreadable creation time: {}",
                u.of, u.error
            ))
        })?
        .iter()
        .map(|c| (c.created_at, c.round))
        .collect();
    let entries = tx
        .entry_records(tid)
        .await?
        .map_err(|u| unreadable(format!("{}'s entry time is unreadable: {}", u.of, u.error)))?;
    Ok(entries
        .iter()
        .map(|e| (e.player_id, entered_after_round(&rounds_created, e)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::players::PlayerRefusal;
    use crate::matches::MatchOutcome;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture::{self, refusal};
    use crate::tournament::Format;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|n| n.to_string()).collect()
    }

    async fn four_in(format: Format) -> Store {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di", "Eve"]).await;
        fixture::entered(&store, "Club", format, &["Ada", "Bo", "Cy", "Di"]).await;
        store
    }

    #[tokio::test]
    async fn players_entered_get_the_next_starting_ranks() {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy"]).await;
        let new = fixture::new_tournament("Club", Format::Swiss);
        crate::app::tournaments::create(&store, &new, crate::tournament::RatingSystem::Elo)
            .await
            .unwrap();
        enter(&store, "Club", &names(&["Bo"])).await.unwrap();
        let entered = enter(&store, "club", &names(&["cy", "Ada"])).await.unwrap();
        let added: Vec<&str> = entered.added.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(added, ["Cy", "Ada"]);
        let ranks: Vec<(&str, u32)> = entered
            .tournament
            .tournament
            .entrants()
            .iter()
            .map(|e| (e.name.as_str(), e.start_rank))
            .collect();
        assert_eq!(ranks, [("Bo", 1), ("Cy", 2), ("Ada", 3)]);
    }

    #[tokio::test]
    async fn an_entry_list_with_one_refused_name_enters_nobody() {
        let store = four_in(Format::Swiss).await;
        crate::app::players::add_player(&store, "Fay", None, None)
            .await
            .unwrap();
        crate::app::players::retire(&store, "Fay").await.unwrap();
        let before = fixture::markers(&store).await;

        let again = enter(&store, "Club", &names(&["Eve", "Ada"])).await;
        assert!(
            matches!(refusal(&again), TournamentRefusal::AlreadyEntered { player, tournament }
                if player == "Ada" && tournament == "Club"),
            "{again:?}"
        );
        let twice = enter(&store, "Club", &names(&["Eve", "EVE"])).await;
        assert!(
            matches!(refusal(&twice), TournamentRefusal::NamedTwice { player } if player == "Eve"),
            "{twice:?}"
        );
        let retired = enter(&store, "Club", &names(&["Eve", "Fay"])).await;
        assert!(
            matches!(refusal(&retired), TournamentRefusal::Retired(p) if p == "Fay"),
            "{retired:?}"
        );
        let unknown = enter(&store, "Club", &names(&["Eve", "Gus"])).await;
        assert!(
            matches!(&unknown, Err(AppError::Player(PlayerRefusal::Unknown { name, .. })) if name == "Gus"),
            "{unknown:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_late_swiss_entry_scores_nothing_for_the_rounds_it_missed() {
        let store = four_in(Format::Swiss).await;
        let ids = fixture::pair(&store, "Club").await;
        for id in ids {
            fixture::won(&store, id.unwrap(), Side::South).await;
        }
        let entered = enter(&store, "Club", &names(&["Eve"])).await.unwrap();
        let t = &entered.tournament.tournament;
        let eve = t.entrants().iter().find(|e| e.name == "Eve").unwrap();
        assert_eq!(eve.start_rank, 5);
        let standings = t.standings();
        let row = standings.rows.iter().find(|r| r.name == "Eve").unwrap();
        // A late entry's missed round is a zero-point bye, where a bye given by the
        // pairing would score a win's point.
        assert_eq!(row.points.to_string(), "0");
    }

    #[tokio::test]
    async fn a_knockout_takes_no_entry_once_round_one_is_paired() {
        let store = four_in(Format::Knockout).await;
        fixture::pair(&store, "Club").await;
        let before = fixture::markers(&store).await;
        let late = enter(&store, "Club", &names(&["Eve"])).await;
        assert!(
            matches!(
                refusal(&late),
                TournamentRefusal::EntriesClosed {
                    format: Format::Knockout,
                    ..
                }
            ),
            "{late:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_bye_asked_for_is_recorded_once_for_a_round_not_yet_paired() {
        let store = four_in(Format::Swiss).await;
        let ada = request_bye(&store, "Club", "ada", 2, ByePoints::Half)
            .await
            .unwrap();
        assert_eq!(ada.name, "Ada");
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        let asked: Vec<_> = loaded
            .tournament
            .requested_byes()
            .iter()
            .map(|b| (b.round, b.player, b.points))
            .collect();
        assert_eq!(asked, [(2, ada.id, ByePoints::Half)]);

        let before = fixture::markers(&store).await;
        let again = request_bye(&store, "Club", "Ada", 2, ByePoints::Zero).await;
        assert!(
            matches!(
                refusal(&again),
                TournamentRefusal::ByeAlreadyRequested { round: 2, .. }
            ),
            "{again:?}"
        );
        let beyond = request_bye(&store, "Club", "Bo", 4, ByePoints::Zero).await;
        assert!(
            matches!(
                refusal(&beyond),
                TournamentRefusal::RoundBeyondEnd {
                    round: 4,
                    planned: 3
                }
            ),
            "{beyond:?}"
        );
        let outsider = request_bye(&store, "Club", "Eve", 2, ByePoints::Zero).await;
        assert!(
            matches!(refusal(&outsider), TournamentRefusal::NotEntered { player, .. } if player == "Eve"),
            "{outsider:?}"
        );
        fixture::pair(&store, "Club").await;
        let before_paired = fixture::markers(&store).await;
        let paired = request_bye(&store, "Club", "Bo", 1, ByePoints::Zero).await;
        assert!(
            matches!(
                refusal(&paired),
                TournamentRefusal::RoundAlreadyPaired { round: 1, .. }
            ),
            "{paired:?}"
        );
        assert_eq!(fixture::markers(&store).await, before_paired);
        assert_ne!(before, before_paired, "the pairing was seen");
    }

    #[tokio::test]
    async fn a_round_robin_takes_no_bye_request() {
        let store = four_in(Format::RoundRobin).await;
        let before = fixture::markers(&store).await;
        let asked = request_bye(&store, "Club", "Ada", 1, ByePoints::Zero).await;
        assert!(
            matches!(
                refusal(&asked),
                TournamentRefusal::ByeNotSwiss {
                    format: Format::RoundRobin,
                    ..
                }
            ),
            "{asked:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_withdrawal_before_round_one_takes_the_player_off_the_list() {
        let store = four_in(Format::Swiss).await;
        let w = withdraw(&store, "Club", "Di", false).await.unwrap();
        assert_eq!(
            (w.player.name.as_str(), w.after_round, w.forfeited),
            ("Di", 0, None)
        );
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        let left: Vec<&str> = loaded
            .tournament
            .entrants()
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(left, ["Ada", "Bo", "Cy"]);
    }

    #[tokio::test]
    async fn a_withdrawal_may_forfeit_the_pending_match_and_is_refused_twice() {
        let store = four_in(Format::Swiss).await;
        fixture::pair(&store, "Club").await;
        let w = withdraw(&store, "Club", "Ada", true).await.unwrap();
        assert_eq!(w.after_round, 1);
        let id = w.forfeited.expect("Ada had a match pending");
        let stored = crate::app::matches::load(&store, id).await.unwrap();
        let ada_side = if stored.row.south == "Ada" {
            Side::South
        } else {
            Side::North
        };
        let absent = match ada_side {
            Side::South => Absent::South,
            Side::North => Absent::North,
        };
        assert_eq!(stored.state.closing(), Some(Closing::Forfeit(absent)));
        assert_eq!(stored.row.winner, Some(MatchOutcome::Winner(!ada_side)));
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        let ada = loaded
            .tournament
            .entrants()
            .iter()
            .find(|e| e.name == "Ada")
            .unwrap();
        assert_eq!(ada.withdrawn_after, Some(1));

        let before = fixture::markers(&store).await;
        let again = withdraw(&store, "Club", "Ada", true).await;
        assert!(
            matches!(refusal(&again), TournamentRefusal::AlreadyWithdrawn { player, .. } if player == "Ada"),
            "{again:?}"
        );
        let outsider = withdraw(&store, "Club", "Eve", false).await;
        assert!(
            matches!(refusal(&outsider), TournamentRefusal::NotEntered { player, .. } if player == "Eve"),
            "{outsider:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }
}
