//! Pairing the next round in one transaction, by the system or as the director
//! gives it ([`ManualRound`]): the retired withdrawn, round 1 seeded, the round's
//! matches (set up, or stored played when the engine played them ahead) and byes
//! written, the pairing recorded (`round_pairings`, [`RecordedBoard`]).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::load::{load, same_counts};
use super::{
    BoardRow, LoadedTournament, PairedRound, PlayedMatch, Result, TournamentStoreError, add_round,
    board_row, corrupt, match_seed, played, record_result, same_game, summary,
};
use crate::engine::Variant;
use crate::matches::MatchState;
use crate::store::sql::{AsConn, query};
use crate::store::{name_key, require_player_in};
use crate::tournament::pairing::manual;
use crate::tournament::{EntrantId, Pairing, Tournament, TournamentError, TournamentStatus};

/// Engine matches already played from the setup for a round not yet paired in the
/// database, by (round, board): see [`RoundBatch::commit_and_pair`].
pub type PlayedAhead = HashMap<(u32, u32), (BoardRow, MatchState)>;

/// Pairs the next round of tournament `name` ([`crate::app::tournaments::pair_next`],
/// by hand with `manual`) in a transaction the caller opened (`BEGIN IMMEDIATE`)
/// and commits. Returns the round, the tournament to keep in
/// memory once committed, and the matches of `ahead` stored with the round. A
/// tournament error (finished, a round incomplete) comes before anything is written.
///
/// A match of `ahead` whose board is the same game (round, board, players, seed and
/// engine levels) is stored played, with its summary and every hand, instead of
/// set up; the others are dropped.
pub(crate) async fn pair_in(
    conn: &mut impl AsConn,
    name: &str,
    cache: Option<LoadedTournament>,
    mut ahead: PlayedAhead,
    manual: Option<&ManualRound>,
) -> Result<(
    PairedRound,
    Option<LoadedTournament>,
    Vec<(BoardRow, PlayedMatch)>,
)> {
    let mut loaded = match cache {
        Some(c)
            if name_key(&c.row.name) == name_key(name)
                && c.tournament.current_round() >= 1
                && same_counts(&mut *conn, &c).await? =>
        {
            c
        }
        _ => load(&mut *conn, name).await?,
    };
    let tid = loaded.row.id;
    loaded.ensure_open()?;
    let retired = withdraw_retired(&mut *conn, &mut loaded).await?;
    if loaded.tournament.current_round() == 0 && !manual.is_some_and(|m| m.keep_seeding) {
        let seeding =
            crate::store::ratings::Seeding::of(&mut *conn, tid, &loaded.row.variant).await?;
        let t = &mut loaded.tournament;
        t.reseed(|entrants| seeding.seed_round_one(entrants))?;
        seeding.record_rated(&mut *conn, tid, t.entrants()).await?;
        // Every entrant's starting rank and rating in one statement (a JSON array).
        let seeding: Vec<(i64, u32, f64)> = t
            .entrants()
            .iter()
            .map(|e| (e.id, e.start_rank, e.rating))
            .collect();
        let json = serde_json::to_string(&seeding).map_err(|e| corrupt(format!("seeding: {e}")))?;
        let seeded = query(
            "UPDATE tournament_players SET seed_no = CAST(v.value->>1 AS BIGINT),
                 rating = CAST(v.value->>2 AS DOUBLE PRECISION)
             FROM jsonb_each(jsonb($1)) AS v
             WHERE tournament_id = $2 AND player_id = CAST(v.value->>0 AS BIGINT)",
        )
        .bind(json)
        .bind(tid)
        .execute(&mut *conn)
        .await?;
        if seeded != seeding.len() as u64 {
            return Err(corrupt(format!(
                "{} of {} entrants seeded",
                seeded,
                seeding.len()
            )));
        }
    }
    // An error writes nothing (a finished tournament is marked so by
    // `app::tournaments::finish`, which `tournament run` calls).
    let pairings = match manual {
        None => loaded.tournament.next_round()?,
        Some(m) => manual_pairings(&mut *conn, &loaded, m).await?,
    };
    record_withdrawals(&mut *conn, tid, &loaded.tournament, &retired).await?;
    let spec = loaded.row.spec()?;
    let engine_of = &loaded.engines;
    let variant = Variant {
        name: spec.variant.clone(),
        summary: String::new(),
        rules: spec.rules,
    };
    let rules_json = serde_json::to_string(&variant.to_file())
        .map_err(|e| corrupt(format!("rules do not serialise: {e}")))?;
    let n = spec.rules.holes_per_row;
    let fresh = MatchState::new(spec.clone());
    let now = crate::store::now();
    let mut boards = Vec::with_capacity(pairings.len());
    let round = pairings.first().map_or(0, |p| p.round);
    // The round's matches in one statement, in board order (so their ids are in
    // board order): the columns of `MatchRepo::insert_matches`; a fresh match's summary
    // columns are their defaults.
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
            let engines = (
                engine_of.get(&p.south).cloned().flatten(),
                engine_of.get(&north).cloned().flatten(),
            );
            let seed = match_seed(loaded.row.seed, p.round, p.board);
            let board = board_row(p, Some(0), false, 0, seed, engines.clone());
            let played = ahead
                .remove(&(p.round, p.board))
                .filter(|(b, _)| board.engines_only && same_game(&board, b))
                .map(|(_, state)| state);
            Some((p, north, seed, engines, played))
        })
        .collect();
    // As in `write_hand_rows`, the rows go in as one JSON array; what every match
    // of the round shares is bound once. A played match has its summary.
    type GameRow<'e> = (
        i64,
        i64,
        Option<&'e str>,
        Option<&'e str>,
        i64,
        Option<&'static str>,
        i64,
        Option<u32>,
        Option<u32>,
    );
    let rows: Vec<GameRow> = games
        .iter()
        .map(|(p, north, seed, engines, played)| {
            let (winner, hands_played, final_south, final_north) =
                played.as_ref().map_or((None, 0, None, None), summary);
            (
                p.south,
                *north,
                engines.0.as_deref(),
                engines.1.as_deref(),
                *seed as i64,
                winner,
                hands_played,
                final_south,
                final_north,
            )
        })
        .collect();
    let json = serde_json::to_string(&rows).map_err(|e| corrupt(format!("matches: {e}")))?;
    // Inserted in board order under the write lock, one writer at a time, so their
    // ids increase in board order (boards are the matches' order by id within the
    // round). Each player plays once a round, so South names the board an id is for.
    let ids: Vec<i64> = if games.is_empty() {
        Vec::new()
    } else {
        let inserted = query(
            "INSERT INTO matches (variant, rules, form, max_hands, first_mover, south_id,
                     north_id, south_engine, north_engine, seed, tournament_id, round, created_at,
                     winner, hands_played, final_south, final_north, finished_at,
                     engine_version)
                 SELECT $2, $3, $4, $5, $6, CAST(v.value->>0 AS BIGINT),
                        CAST(v.value->>1 AS BIGINT), v.value->>2, v.value->>3,
                        CAST(v.value->>4 AS BIGINT), $7, $8, $9, v.value->>5,
                        CAST(v.value->>6 AS BIGINT), CAST(v.value->>7 AS BIGINT),
                        CAST(v.value->>8 AS BIGINT),
                        CASE WHEN v.value->>5 IS NULL THEN NULL ELSE $9 END, $10
                 FROM jsonb_each(jsonb($1)) AS v WHERE true
                 RETURNING id, south_id",
        )
        .bind(json)
        .bind(spec.variant.as_str())
        .bind(rules_json.as_str())
        .bind(spec.form.name())
        .bind(spec.max_hands.map(i64::from))
        .bind(spec.first.name())
        .bind(tid)
        .bind(i64::from(round))
        .bind(now)
        .bind(crate::ai::ENGINE_VERSION)
        .fetch_all(&mut *conn)
        .await?;
        let mut id_of_south = HashMap::with_capacity(inserted.len());
        for r in &inserted {
            id_of_south.insert(r.try_get::<i64>("south_id")?, r.try_get::<i64>("id")?);
        }
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
        ids
    };
    let hand_rows: Vec<(i64, &[crate::matches::Hand])> = ids
        .iter()
        .zip(&games)
        .map(|(&id, game)| (id, game.4.as_ref().unwrap_or(&fresh).hands()))
        .collect();
    write_hand_rows(&mut *conn, &hand_rows, n).await?;
    let mut stored = Vec::new();
    let mut played_games = games.into_iter().map(|g| g.4);
    let mut ids = ids.into_iter();
    for p in &pairings {
        let Some(north) = p.north else {
            query(
                "INSERT INTO tournament_byes (tournament_id, round, board, player_id)
                     VALUES ($1, $2, $3, $4)",
            )
            .bind(tid)
            .bind(i64::from(p.round))
            .bind(i64::from(p.board))
            .bind(p.south)
            .execute(&mut *conn)
            .await?;
            boards.push(board_row(p, None, true, 0, 0, (None, None)));
            continue;
        };
        let id = ids.next().expect("one id per game");
        let seed = match_seed(loaded.row.seed, p.round, p.board);
        let engines = (
            engine_of.get(&p.south).cloned().flatten(),
            engine_of.get(&north).cloned().flatten(),
        );
        if let Some(state) = played_games.next().expect("one game per match") {
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
    record_pairing(&mut *conn, tid, round, &boards, manual, now).await?;
    if manual.is_some() {
        loaded.tournament.mark_manual(round);
    }
    if loaded.row.status == TournamentStatus::Open {
        query("UPDATE tournaments SET status = 'running' WHERE id = $1 AND status = 'open'")
            .bind(tid)
            .execute(&mut *conn)
            .await?;
    }
    add_round(&mut loaded.tournament, &pairings)?;
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

/// A retired player is not paired again: every entrant of `loaded` who is retired
/// and has not withdrawn is read here and withdrawn as
/// [`crate::tournament::Tournament::withdraw_retired`] decides. Changes `loaded`
/// only; [`record_withdrawals`] stores it once the round is paired. Returns the
/// entrants withdrawn (id, name).
///
/// Read from the players table every time, not from a cached tournament: a
/// retirement changes no tournament row.
async fn withdraw_retired(
    conn: &mut impl AsConn,
    loaded: &mut LoadedTournament,
) -> Result<Vec<(i64, String)>> {
    let retired = query(
        "SELECT tp.player_id, p.name FROM tournament_players tp
         JOIN players p ON p.id = tp.player_id
         WHERE tp.tournament_id = $1 AND tp.withdrawn_after IS NULL
           AND p.retired_at IS NOT NULL
         ORDER BY tp.seed_no, tp.player_id",
    )
    .bind(loaded.row.id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| Ok((r.try_get("player_id")?, r.try_get("name")?)))
    .collect::<Result<Vec<(i64, String)>>>()?;
    let ids: Vec<i64> = retired.iter().map(|(id, _)| *id).collect();
    loaded.tournament.withdraw_retired(&ids)?;
    Ok(retired)
}

/// Stores the withdrawals [`withdraw_retired`] made in `t` (paired since).
async fn record_withdrawals(
    conn: &mut impl AsConn,
    tid: i64,
    t: &Tournament,
    withdrawn: &[(i64, String)],
) -> Result<()> {
    for (id, _) in withdrawn {
        let query = match t.entrant(*id).and_then(|e| e.withdrawn_after) {
            Some(after) => query(
                "UPDATE tournament_players SET withdrawn_after = $3
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_after IS NULL",
            )
            .bind(tid)
            .bind(*id)
            .bind(i64::from(after)),
            None => query(
                "DELETE FROM tournament_players
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_after IS NULL",
            )
            .bind(tid)
            .bind(*id),
        };
        if query.execute(&mut *conn).await? != 1 {
            return Err(corrupt(format!(
                "tournament {tid}: the withdrawal of retired player {id} was not stored"
            )));
        }
    }
    Ok(())
}

/// Writes every hand of the given matches in one statement
/// ([`crate::store::write_hand_rows`]).
pub(super) async fn write_hand_rows(
    conn: &mut impl AsConn,
    matches: &[(i64, &[crate::matches::Hand])],
    n: u8,
) -> Result<()> {
    let rows = matches
        .iter()
        .flat_map(|(id, hands)| hands.iter().map(move |h| (*id, h)));
    Ok(crate::store::write_hand_rows(conn, rows, n).await?)
}

/// A round as the director pairs it: boards in order, each South (who moves first)
/// and North, or a lone player for the bye; the boards with players first.
#[derive(Clone, Debug, Default)]
pub struct ManualRound {
    pub boards: Vec<(String, Option<String>)>,
    pub reason: Option<String>,
    /// Round 1 of an imported tournament: the starting ranks and ratings are the
    /// file's, already stored, not goobalay's seeding.
    pub keep_seeding: bool,
}

/// One board of a round as recorded in `round_pairings.boards`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedBoard {
    pub board: u32,
    pub south: i64,
    pub north: Option<i64>,
    pub match_id: Option<i64>,
}

impl RecordedBoard {
    pub(crate) fn of(b: &BoardRow) -> RecordedBoard {
        RecordedBoard {
            board: b.board,
            south: b.south_id,
            north: b.north_id,
            match_id: b.match_id,
        }
    }
}

/// The pairings of `m` as the next round of `loaded`, checked ([`manual::check`]).
async fn manual_pairings(
    conn: &mut impl AsConn,
    loaded: &LoadedTournament,
    m: &ManualRound,
) -> Result<Vec<Pairing>> {
    let round = loaded.tournament.current_round() + 1;
    let mut boards = Vec::with_capacity(m.boards.len());
    for (i, (south, north)) in m.boards.iter().enumerate() {
        let south = entrant_id(conn, loaded, south).await?;
        let north = match north {
            Some(n) => Some(entrant_id(conn, loaded, n).await?),
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
    conn: &mut impl AsConn,
    loaded: &LoadedTournament,
    name: &str,
) -> Result<EntrantId> {
    let p = require_player_in(conn, name).await?;
    if loaded.tournament.entrant(p.id).is_none() {
        return Err(TournamentStoreError::NotEntered {
            player: p.name,
            tournament: loaded.row.name.clone(),
        });
    }
    Ok(p.id)
}

/// Records how round `round` was paired, with its boards.
async fn record_pairing(
    conn: &mut impl AsConn,
    tid: i64,
    round: u32,
    boards: &[BoardRow],
    manual: Option<&ManualRound>,
    now: DateTime<Utc>,
) -> Result<()> {
    let recorded: Vec<RecordedBoard> = boards.iter().map(RecordedBoard::of).collect();
    query(
        "INSERT INTO round_pairings (tournament_id, round, method, reason, paired_at, boards)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(tid)
    .bind(i64::from(round))
    .bind(if manual.is_some() { "manual" } else { "system" })
    .bind(manual.and_then(|m| m.reason.clone()))
    .bind(now)
    .bind(to_json(&recorded)?)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

fn to_json<T: Serialize>(v: &T) -> Result<String> {
    serde_json::to_string(v)
        .map_err(|e| TournamentStoreError::Corrupt(format!("round record: {e}")))
}
