//! Pairing the next round, by the system or as the director gives it
//! ([`ManualRound`]), in the transaction of the use case that pairs it: the retired
//! withdrawn, round 1 seeded, the round's matches (set up, or stored played when the
//! engine played them ahead) and byes written, the pairing recorded
//! (`round_pairings`, [`RecordedBoard`]).

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::app::Result;
use crate::app::players::require_player_in;
use crate::app::records::{
    BoardRow, LoadedTournament, ManualRound, PairedRound, Parts, PlayedAhead, PlayedMatch,
    RecordedBoard, RoundMatch, board_row, now, played, record_result,
};
use crate::app::repo::Transaction;
use crate::app::tournaments::refusal::TournamentRefusal;
use crate::matches::MatchState;
use crate::names::key as name_key;
use crate::tournament::pairing::manual;
use crate::tournament::{EntrantId, Pairing, TournamentError, TournamentStatus};

/// A round paired: the round, the tournament to keep in memory once committed, and
/// the matches played ahead that were stored with the round.
pub(crate) type PairedIn = (
    PairedRound,
    Option<LoadedTournament>,
    Vec<(BoardRow, PlayedMatch)>,
);

/// Pairs the next round of tournament `name` (by hand with `manual`) in `tx`, which
/// the caller opened (`BEGIN IMMEDIATE`) and commits. `kept` is the tournament as a
/// caller that keeps it in memory last had it ([`super::pair_next`]). A tournament
/// error (finished, a round incomplete) comes before anything is written.
///
/// A match of `ahead` whose board is the same game (round, board, players, seed and
/// engine levels) is stored played, with its summary and every hand, instead of
/// set up; the others are dropped.
pub(crate) async fn pair_in(
    tx: &mut impl Transaction,
    name: &str,
    kept: Option<LoadedTournament>,
    mut ahead: PlayedAhead,
    manual: Option<&ManualRound>,
) -> Result<PairedIn> {
    let mut loaded = match kept {
        Some(c)
            if name_key(&c.row.name) == name_key(name)
                && c.tournament.current_round() >= 1
                && tx.unchanged_since(&c).await? =>
        {
            c
        }
        _ => crate::app::tournaments::loading::load_in(tx, name, Parts::Whole).await?,
    };
    let tid = loaded.row.id;
    super::ensure_open(&loaded)?;
    let retired = withdraw_retired(tx, &mut loaded).await?;
    if loaded.tournament.current_round() == 0 && !manual.is_some_and(|m| m.keep_seeding) {
        seed_round_one(tx, &mut loaded).await?;
    }
    // An error writes nothing (a finished tournament is marked so by
    // `app::tournaments::finish`, which `tournament run` calls).
    let pairings = match manual {
        None => loaded
            .tournament
            .next_round()
            .map_err(|e| round_robin_way_on(&loaded, e))?,
        Some(m) => manual_pairings(tx, &loaded, m).await?,
    };
    record_withdrawals(tx, &loaded, &retired).await?;
    let at = now();
    let round = pairings.first().map_or(0, |p| p.round);
    let games = store_round_matches(tx, &loaded, &pairings, &mut ahead, at).await?;
    let (boards, stored) = store_byes_and_boards(tx, &loaded, &pairings, games).await?;
    let recorded: Vec<RecordedBoard> = boards.iter().map(RecordedBoard::of).collect();
    let reason = manual.map(|m| m.reason.as_deref());
    tx.record_pairing(tid, round, &recorded, reason, at).await?;
    if manual.is_some() {
        loaded.tournament.mark_manual(round);
    }
    if loaded.row.status == TournamentStatus::Open {
        tx.mark_running(tid).await?;
    }
    // As `load` would read it back: match fixtures in (round, id) order, then byes.
    loaded.tournament.add_round(&pairings)?;
    loaded.boards.extend(boards.iter().cloned());
    loaded.boards.sort_by_key(|b| (b.round, b.board));
    if loaded.row.status == TournamentStatus::Open {
        loaded.row.status = TournamentStatus::Running;
    }
    for (b, m) in &stored {
        record_result(&mut loaded.tournament, b.round, b.board, m);
    }
    let withdrawn_retired = retired.into_iter().map(|(_, name)| name).collect();
    Ok((
        PairedRound {
            round,
            boards,
            withdrawn_retired,
        },
        Some(loaded),
        stored,
    ))
}

/// Round 1 is seeded when it is paired (by today's ratings, the players seeded by
/// hand first), and the seeding and who was rated stored.
async fn seed_round_one(tx: &mut impl Transaction, loaded: &mut LoadedTournament) -> Result<()> {
    let tid = loaded.row.id;
    let ratings = crate::app::ratings::seeding_in(tx, tid, &loaded.row.variant).await?;
    let t = &mut loaded.tournament;
    let by_hand = t.seeded_by_hand().to_vec();
    t.reseed(|entrants| {
        ratings.seed_round_one(entrants);
        crate::tournament::seeding::put_first(entrants, &by_hand);
    })?;
    let rated = crate::app::ratings::rated_flags(&ratings, t.entrants());
    tx.record_rated(tid, &rated).await?;
    let seeding: Vec<(i64, u32, f64)> = t
        .entrants()
        .iter()
        .map(|e| (e.id, e.start_rank, e.rating))
        .collect();
    let seeded = tx.write_seeding(tid, &seeding).await?;
    if seeded != seeding.len() as u64 {
        return Err(corrupt(format!(
            "{} of {} entrants seeded",
            seeded,
            seeding.len()
        )));
    }
    Ok(())
}

/// The engine levels of a board's South and North (`None`: a human).
fn engines_of(
    loaded: &LoadedTournament,
    south: i64,
    north: i64,
) -> (Option<Arc<str>>, Option<Arc<str>>) {
    (
        loaded.engines.get(&south).cloned().flatten(),
        loaded.engines.get(&north).cloned().flatten(),
    )
}

/// A stored match of the round: its id, and its state when it was played ahead.
type StoredGame = (i64, Option<MatchState>);

/// Stores the round's matches (set up, or played when `ahead` holds the same game)
/// with their hands; returns them in board order.
async fn store_round_matches(
    tx: &mut impl Transaction,
    loaded: &LoadedTournament,
    pairings: &[Pairing],
    ahead: &mut PlayedAhead,
    at: DateTime<Utc>,
) -> Result<Vec<StoredGame>> {
    let tid = loaded.row.id;
    let spec = loaded.row.spec()?;
    let fresh = MatchState::new(spec.clone());
    let round = pairings.first().map_or(0, |p| p.round);
    // (pairing, north, seed, engines, the match if already played)
    type Game<'p> = (
        &'p Pairing,
        i64,
        u64,
        (Option<Arc<str>>, Option<Arc<str>>),
        Option<MatchState>,
    );
    let games: Vec<Game> = pairings
        .iter()
        .filter_map(|p| {
            let north = p.north?;
            let engines = engines_of(loaded, p.south, north);
            let seed = p.match_seed(loaded.row.seed);
            let board = board_row(p, Some(0), false, 0, seed, engines.clone());
            let played = ahead
                .remove(&(p.round, p.board))
                .filter(|(b, _)| board.engines_only && same_game(&board, b))
                .map(|(_, state)| state);
            Some((p, north, seed, engines, played))
        })
        .collect();
    let rows: Vec<RoundMatch> = games
        .iter()
        .map(|(p, north, seed, engines, played)| RoundMatch {
            south: p.south,
            north: *north,
            engines: (engines.0.as_deref(), engines.1.as_deref()),
            seed: *seed,
            played: played.as_ref(),
        })
        .collect();
    // Inserted in board order under the write lock, one writer at a time, so their
    // ids increase in board order (boards are the matches' order by id within the
    // round). Each player plays once a round, so South names the board an id is for.
    let inserted = tx
        .insert_round_matches(tid, round, &spec, &rows, at)
        .await?;
    let id_of_south: std::collections::HashMap<i64, i64> = inserted.iter().copied().collect();
    let ids: Vec<i64> = games
        .iter()
        .filter_map(|g| id_of_south.get(&g.0.south).copied())
        .collect();
    if inserted.len() != games.len()
        || ids.len() != games.len()
        || ids.windows(2).any(|w| w[0] >= w[1])
    {
        return Err(corrupt(format!(
            "round {round}: {} of {} matches stored in board order",
            ids.len(),
            games.len()
        )));
    }
    let hand_rows: Vec<(i64, &[crate::matches::Hand])> = ids
        .iter()
        .zip(&games)
        .map(|(&id, game)| (id, game.4.as_ref().unwrap_or(&fresh).hands()))
        .collect();
    tx.insert_hands(&hand_rows, spec.rules.holes_per_row)
        .await?;
    Ok(ids
        .into_iter()
        .zip(games.into_iter().map(|g| g.4))
        .collect())
}

/// Stores the round's byes and returns every board of the round, with the matches
/// played ahead (stored played) beside their boards.
async fn store_byes_and_boards(
    tx: &mut impl Transaction,
    loaded: &LoadedTournament,
    pairings: &[Pairing],
    games: Vec<StoredGame>,
) -> Result<(Vec<BoardRow>, Vec<(BoardRow, PlayedMatch)>)> {
    let tid = loaded.row.id;
    let mut boards = Vec::with_capacity(pairings.len());
    let mut stored = Vec::new();
    let mut games = games.into_iter();
    for p in pairings {
        let Some(north) = p.north else {
            tx.insert_round_bye(tid, p.round, p.board, p.south).await?;
            boards.push(board_row(p, None, true, 0, 0, (None, None)));
            continue;
        };
        let (id, played_ahead) = games.next().expect("one id per game");
        let seed = p.match_seed(loaded.row.seed);
        let engines = engines_of(loaded, p.south, north);
        if let Some(state) = played_ahead {
            let m = played(id, &state);
            let board = board_row(p, Some(id), true, m.hands_finished, seed, engines);
            boards.push(board.clone());
            stored.push((board, m));
            continue;
        }
        // An engine facing a human makes its opening turns after the commit, thought
        // outside any transaction (`app::tournaments::make_engine_openings`).
        boards.push(board_row(p, Some(id), false, 0, seed, engines));
    }
    Ok((boards, stored))
}

/// A round robin's round not finished, refused with its open matches and the way on
/// its schedule allows (`tournament postpone`); any other refusal as it is.
fn round_robin_way_on(loaded: &LoadedTournament, e: TournamentError) -> TournamentRefusal {
    match e {
        TournamentError::RoundIncomplete { round, pending }
            if loaded.tournament.format().pairs_around_postponed() =>
        {
            let t = &loaded.tournament;
            let match_ids = loaded
                .boards
                .iter()
                .filter(|b| b.round == round && !b.finished)
                .filter(|b| {
                    !t.fixtures().iter().any(|f| {
                        f.pairing.round == round
                            && f.pairing.south == b.south_id
                            && t.is_postponed(f)
                    })
                })
                .filter_map(|b| b.match_id)
                .collect();
            TournamentRefusal::RoundRobinRoundOpen {
                tournament: loaded.row.name.clone(),
                round,
                pending,
                match_ids,
            }
        }
        e => e.into(),
    }
}

fn corrupt(what: String) -> crate::app::AppError {
    crate::app::repo::StoreError::CorruptTournament(what).into()
}

/// A retired player is not paired again: every entrant of `loaded` who is retired
/// and has not withdrawn is read here and withdrawn as
/// [`crate::tournament::Tournament::withdraw_retired`] decides. Changes `loaded`
/// only; [`record_withdrawals`] stores it once the round is paired. Returns the
/// entrants withdrawn (id, name).
///
/// Read from the players table every time, not from a tournament kept in memory: a
/// retirement changes no tournament row.
async fn withdraw_retired(
    tx: &mut impl Transaction,
    loaded: &mut LoadedTournament,
) -> Result<Vec<(i64, String)>> {
    let retired = tx.retired_entrants(loaded.row.id).await?;
    let ids: Vec<i64> = retired.iter().map(|(id, _)| *id).collect();
    loaded.tournament.withdraw_retired(&ids)?;
    Ok(retired)
}

/// Stores the withdrawals [`withdraw_retired`] made in `loaded` (paired since).
async fn record_withdrawals(
    tx: &mut impl Transaction,
    loaded: &LoadedTournament,
    withdrawn: &[(i64, String)],
) -> Result<()> {
    let tid = loaded.row.id;
    for (id, _) in withdrawn {
        let after = loaded
            .tournament
            .entrant(*id)
            .and_then(|e| e.withdrawn_after);
        if !tx.withdraw_retired_entrant(tid, *id, after).await? {
            return Err(corrupt(format!(
                "tournament {tid}: the withdrawal of retired player {id} was not stored"
            )));
        }
    }
    Ok(())
}

/// The pairings of `m` as the next round of `loaded`, checked ([`manual::check`]).
async fn manual_pairings(
    tx: &mut impl Transaction,
    loaded: &LoadedTournament,
    m: &ManualRound,
) -> Result<Vec<Pairing>> {
    let round = loaded.tournament.current_round() + 1;
    let mut boards = Vec::with_capacity(m.boards.len());
    for (i, (south, north)) in m.boards.iter().enumerate() {
        let south = entrant_id(tx, loaded, south).await?;
        let north = match north {
            Some(n) => Some(entrant_id(tx, loaded, n).await?),
            None => None,
        };
        boards.push(Pairing {
            round,
            board: i as u32 + 1,
            south,
            north,
        });
    }
    let excused = loaded
        .tournament
        .requested_byes()
        .iter()
        .filter(|b| b.round == round)
        .map(|b| b.player)
        .collect();
    manual::check(&loaded.tournament, &boards, &excused)
        .map_err(|e| TournamentError::Manual(Box::new(e)))?;
    Ok(boards)
}

async fn entrant_id(
    tx: &mut impl Transaction,
    loaded: &LoadedTournament,
    name: &str,
) -> Result<EntrantId> {
    let p = require_player_in(tx, name).await?;
    if loaded.tournament.entrant(p.id).is_none() {
        return Err(TournamentRefusal::NotEntered {
            player: p.name,
            tournament: loaded.row.name.clone(),
        }
        .into());
    }
    Ok(p.id)
}

/// The board about to be stored and a board played ahead from the setup are the same
/// game: same round, board, players, seed and engine levels, so the match played
/// ahead is the stored one's.
fn same_game(stored: &BoardRow, played: &BoardRow) -> bool {
    (stored.round, stored.board) == (played.round, played.board)
        && stored.south_id == played.south_id
        && stored.north_id == played.north_id
        && stored.seed == played.seed
        && stored.engines == played.engines
        && stored.engines_only
}

#[cfg(test)]
mod tests {
    use crate::ai::Level;
    use crate::app::matches::{self, Turn};
    use crate::app::records::ManualRound;
    use crate::app::tournaments::{TournamentRefusal, pair_round, pair_round_by_hand};
    use crate::engine::Side;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture::{self, refusal};
    use crate::tournament::{Format, TournamentError, TournamentStatus};

    async fn club(format: Format, names: &[&str]) -> Store {
        let (store, _) = fixture::store_with(names).await;
        fixture::entered(&store, "Club", format, names).await;
        store
    }

    #[tokio::test]
    async fn a_round_puts_every_entrant_on_one_board_and_stores_its_matches() {
        let store = club(Format::RoundRobin, &["Ada", "Bo", "Cy", "Di"]).await;
        let paired = pair_round(&store, "Club").await.unwrap();
        assert_eq!(paired.round.round, 1);
        assert_eq!(paired.round.boards.len(), 2);
        let mut seated = Vec::new();
        for (k, board) in paired.round.boards.iter().enumerate() {
            assert_eq!(board.board, k as u32 + 1);
            let stored = matches::load(&store, board.match_id.unwrap())
                .await
                .unwrap();
            assert_eq!(stored.row.tournament.as_deref(), Some("Club"));
            assert_eq!(stored.row.round, Some(1));
            assert_eq!(
                (stored.row.south_id, stored.row.north_id),
                (board.south_id, board.north_id.unwrap())
            );
            assert_eq!(stored.state.event_count(), 0);
            seated.extend([stored.row.south, stored.row.north]);
        }
        seated.sort();
        assert_eq!(seated, ["Ada", "Bo", "Cy", "Di"]);
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        assert_eq!(loaded.row.status, TournamentStatus::Running);
        assert_eq!(loaded.tournament.current_round(), 1);
    }

    #[tokio::test]
    async fn an_odd_field_gives_one_bye_and_a_retired_entrant_is_withdrawn_unpaired() {
        let store = club(Format::Swiss, &["Ada", "Bo", "Cy", "Di"]).await;
        crate::app::players::retire(&store, "Di").await.unwrap();
        let paired = pair_round(&store, "Club").await.unwrap();
        assert_eq!(paired.round.withdrawn_retired, ["Di"]);
        let byes: Vec<_> = paired
            .round
            .boards
            .iter()
            .filter(|b| b.north_id.is_none())
            .collect();
        assert_eq!(byes.len(), 1);
        assert_eq!(byes[0].match_id, None);
        // Before round 1 a retired entrant leaves the entry list.
        let t = &paired.tournament.tournament;
        let left: Vec<&str> = t.entrants().iter().map(|e| e.name.as_str()).collect();
        assert_eq!(left, ["Ada", "Bo", "Cy"]);
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        assert_eq!(loaded.tournament.entrants().len(), 3);
    }

    #[tokio::test]
    async fn an_engine_facing_a_human_opens_its_match_when_the_round_is_paired() {
        let (store, _) = fixture::store_with(&["Ada"]).await;
        fixture::engines(&store, &[("Robo", Level::Greedy)]).await;
        // A double round robin of two: each is South once, in round 1 or round 2.
        fixture::entered(&store, "Duel", Format::DoubleRoundRobin, &["Ada", "Robo"]).await;
        let mut as_paired = Vec::new();
        for _ in 0..2 {
            let id = fixture::pair(&store, "Duel").await[0].unwrap();
            as_paired.push(matches::load(&store, id).await.unwrap());
            fixture::won(&store, id, Side::North).await;
        }
        let robo_south: Vec<_> = as_paired.iter().filter(|m| m.row.south == "Robo").collect();
        let robo_north: Vec<_> = as_paired.iter().filter(|m| m.row.north == "Robo").collect();
        assert_eq!((robo_south.len(), robo_north.len()), (1, 1));
        // South moves first: the engine's move is made with the pairing, and then
        // the human is to move.
        assert_eq!(robo_south[0].state.event_count(), 1);
        assert_eq!(
            matches::turn(robo_south[0]).unwrap(),
            Turn::Human(Side::North)
        );
        assert_eq!(robo_north[0].state.event_count(), 0);
        assert_eq!(
            matches::turn(robo_north[0]).unwrap(),
            Turn::Human(Side::South)
        );
    }

    #[tokio::test]
    async fn the_next_round_waits_for_every_result_and_nothing_is_stored_meanwhile() {
        let store = club(Format::Swiss, &["Ada", "Bo", "Cy", "Di"]).await;
        let ids = fixture::pair(&store, "Club").await;
        fixture::won(&store, ids[0].unwrap(), Side::South).await;
        let before = fixture::markers(&store).await;
        let early = pair_round(&store, "Club").await;
        assert!(
            matches!(
                refusal(&early),
                TournamentRefusal::Tournament(TournamentError::RoundIncomplete {
                    round: 1,
                    pending: 1
                })
            ),
            "{early:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_round_robin_names_the_matches_it_waits_for() {
        let store = club(Format::RoundRobin, &["Ada", "Bo", "Cy", "Di"]).await;
        let ids = fixture::pair(&store, "Club").await;
        fixture::won(&store, ids[1].unwrap(), Side::South).await;
        let before = fixture::markers(&store).await;
        let early = pair_round(&store, "Club").await;
        assert!(
            matches!(
                refusal(&early),
                TournamentRefusal::RoundRobinRoundOpen { round: 1, pending: 1, match_ids, .. }
                    if *match_ids == [ids[0].unwrap()]
            ),
            "{early:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_round_paired_by_hand_is_stored_as_given() {
        let store = club(Format::Swiss, &["Ada", "Bo", "Cy", "Di"]).await;
        let by_hand = ManualRound {
            boards: vec![
                ("Di".into(), Some("Ada".into())),
                ("Bo".into(), Some("Cy".into())),
            ],
            reason: Some("the club's wish".into()),
            keep_seeding: false,
        };
        let paired = pair_round_by_hand(&store, "Club", &by_hand).await.unwrap();
        let mut boards = Vec::new();
        for board in &paired.round.boards {
            let row = matches::load(&store, board.match_id.unwrap())
                .await
                .unwrap()
                .row;
            boards.push((board.board, row.south, row.north));
        }
        assert_eq!(
            boards,
            [
                (1, "Di".into(), "Ada".into()),
                (2, "Bo".into(), "Cy".into())
            ]
        );
    }

    #[tokio::test]
    async fn a_round_by_hand_naming_an_outsider_or_a_player_twice_is_refused() {
        let store = club(Format::Swiss, &["Ada", "Bo", "Cy", "Di"]).await;
        crate::app::players::add_player(&store, "Eve", None, None)
            .await
            .unwrap();
        let before = fixture::markers(&store).await;
        let round = |boards: [(&str, &str); 2]| ManualRound {
            boards: boards
                .iter()
                .map(|(s, n)| (s.to_string(), Some(n.to_string())))
                .collect(),
            reason: None,
            keep_seeding: false,
        };
        let outsider =
            pair_round_by_hand(&store, "Club", &round([("Ada", "Eve"), ("Bo", "Cy")])).await;
        assert!(
            matches!(refusal(&outsider), TournamentRefusal::NotEntered { player, .. } if player == "Eve"),
            "{outsider:?}"
        );
        let twice =
            pair_round_by_hand(&store, "Club", &round([("Ada", "Bo"), ("Ada", "Cy")])).await;
        assert!(
            matches!(
                refusal(&twice),
                TournamentRefusal::Tournament(TournamentError::Manual(_))
            ),
            "{twice:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }
}
