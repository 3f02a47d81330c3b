//! Reading a tournament from its tables: the row, the entrants, and the match and bye
//! rows (through the fixture cache when it is current, `store::fixture_cache`); the
//! tournament list. What the rows become (the fixtures and their results, the
//! boards, an entrant's rating before round 1, the checked tournament) is the
//! application layer's (`app::tournaments::loading`).

use std::collections::HashMap;
use std::sync::Arc;

use super::byes::requested_byes;
use super::{LoadedTournament, Result, TournamentRow, TournamentSummary};
use crate::app::records::FixtureRowSink;
pub(crate) use crate::app::records::{Parts, StoredTournament};
use crate::matches::correction::standing_closing;
use crate::store::fixture_cache::{
    self, ByeRowData, CachedRows, FixtureRows, NotesFixtures, PendingSave, WholeCorrection,
};
use crate::store::repo::FINISHED;
use crate::store::sql::{AsConn, query, query_scalar};
use crate::store::{Store, StoreError, name_key};
use crate::tournament::{Elo, Entrant, PostponedMatch, TournamentSetup};

impl Store {
    /// Whether a tournament of that name exists.
    pub async fn tournament_exists(&self, name: &str) -> Result<bool> {
        let mut conn = self.pool().acquire().await?;
        Ok(find_tournament(&mut conn, name).await?.is_some())
    }
}

/// Every tournament, newest first, with counts.
pub(crate) async fn tournament_summaries(conn: &mut impl AsConn) -> Result<Vec<TournamentSummary>> {
    let rows = query(format!(
        "SELECT t.*,
            (SELECT COUNT(*) FROM tournament_players tp WHERE tp.tournament_id = t.id) AS n_entrants,
            (SELECT MAX(r) FROM (SELECT MAX(round) AS r FROM matches WHERE tournament_id = t.id
                UNION ALL SELECT MAX(round) FROM tournament_byes WHERE tournament_id = t.id) AS paired)
                AS n_rounds,
            (SELECT COUNT(*) FROM matches m WHERE m.tournament_id = t.id) AS n_matches,
            (SELECT COUNT(*) FROM matches m WHERE m.tournament_id = t.id AND {FINISHED}) AS n_finished
         FROM tournaments t ORDER BY t.id DESC",
    ))
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(TournamentSummary {
                row: TournamentRow::from_row(r)?,
                entrants: r.try_get("n_entrants")?,
                rounds_paired: r.try_get::<Option<i64>>("n_rounds")?.unwrap_or(0),
                matches: r.try_get("n_matches")?,
                matches_finished: r.try_get("n_finished")?,
            })
        })
        .collect()
}

/// Each entrant's engine level (`None`: a human).
pub(crate) async fn engine_levels(
    conn: &mut impl AsConn,
    tournament_id: i64,
) -> Result<HashMap<i64, Option<Arc<str>>>> {
    Ok(query(
        "SELECT p.id, p.engine FROM players p
         JOIN tournament_players tp ON tp.player_id = p.id WHERE tp.tournament_id = $1",
    )
    .bind(tournament_id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| {
        let engine: Option<String> = r.try_get("engine")?;
        Ok((r.try_get("id")?, engine.map(Arc::from)))
    })
    .collect::<Result<_, sqlx::Error>>()?)
}

/// Whether the stored tournament has as many matches, finished matches, byes,
/// entrants and withdrawals as `c` (nobody else has changed it since).
pub(in crate::store) async fn same_counts(
    conn: &mut impl AsConn,
    c: &LoadedTournament,
) -> Result<bool> {
    let r = query(format!(
        "SELECT (SELECT COUNT(*) FROM matches WHERE tournament_id = $1) AS matches,
                (SELECT COUNT(*) FROM matches m WHERE m.tournament_id = $1 AND {FINISHED})
                    AS finished,
                (SELECT COUNT(*) FROM tournament_byes WHERE tournament_id = $1) AS byes,
                (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1) AS entrants,
                (SELECT COUNT(withdrawn_after) FROM tournament_players
                 WHERE tournament_id = $1) AS withdrawn,
                (SELECT COUNT(*) FROM tournament_requested_byes
                 WHERE tournament_id = $1) AS requested_byes",
    ))
    .bind(c.row.id)
    .fetch_one(&mut *conn)
    .await?;
    let games = c.boards.iter().filter(|b| b.match_id.is_some());
    let count = |v: usize| v as i64;
    Ok(r.try_get::<i64>("matches")? == count(games.clone().count())
        && r.try_get::<i64>("finished")? == count(games.filter(|b| b.finished).count())
        && r.try_get::<i64>("byes")?
            == count(c.boards.iter().filter(|b| b.match_id.is_none()).count())
        && r.try_get::<i64>("entrants")? == count(c.tournament.entrants().len())
        && r.try_get::<i64>("requested_byes")? == count(c.tournament.requested_byes().len())
        && r.try_get::<i64>("withdrawn")?
            == count(
                c.tournament
                    .entrants()
                    .iter()
                    .filter(|e| e.is_withdrawn())
                    .count(),
            ))
}

pub(in crate::store) async fn find_tournament(
    conn: &mut impl AsConn,
    name: &str,
) -> Result<Option<TournamentRow>> {
    let row = query("SELECT * FROM tournaments WHERE name_key = $1")
        .bind(name_key(name))
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(TournamentRow::from_row).transpose()
}

/// [`stored_tournament`] from the match tables themselves, never the fixture cache
/// (`verify`, which names what is inconsistent).
pub(crate) async fn from_tables(conn: &mut impl AsConn, name: &str) -> Result<StoredTournament> {
    let Some(row) = find_tournament(conn, name).await? else {
        return Err(unknown(conn, name).await?);
    };
    load_setup(conn, row, Parts::Whole).await
}

/// The error for a tournament `name` that is not there, with the closest name.
pub(crate) async fn unknown(conn: &mut impl AsConn, name: &str) -> Result<StoreError> {
    let names: Vec<String> = query_scalar("SELECT name FROM tournaments")
        .fetch_all(&mut *conn)
        .await?;
    Ok(StoreError::TournamentNotFound {
        name: name.trim().to_string(),
        like: crate::names::closest(name, &names).map(str::to_string),
    })
}

/// Tournament `name` as stored ([`StoreError::TournamentNotFound`], with the
/// closest name, if there is none); its match and bye rows are read next
/// ([`fixture_rows`]).
pub(crate) async fn stored_tournament(
    conn: &mut impl AsConn,
    name: &str,
    parts: Parts,
) -> Result<StoredTournament> {
    let Some(row) = find_tournament(conn, name).await? else {
        return Err(unknown(conn, name).await?);
    };
    load_setup(conn, row, parts).await
}

/// The tournament of that id as stored, if there is one, as [`stored_tournament`].
pub(crate) async fn stored_tournament_by_id(
    conn: &mut impl AsConn,
    id: i64,
    parts: Parts,
) -> Result<Option<StoredTournament>> {
    let row = query("SELECT * FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    match row.as_ref().map(TournamentRow::from_row).transpose()? {
        Some(row) => Ok(Some(load_setup(conn, row, parts).await?)),
        None => Ok(None),
    }
}

/// The tournament's row, setup and engine levels.
async fn load_setup(
    conn: &mut impl AsConn,
    row: TournamentRow,
    parts: Parts,
) -> Result<StoredTournament> {
    let tid = row.id;
    let entrant_rows = query(
        "SELECT tp.player_id, p.name, tp.seed_no, tp.withdrawn_after, tp.rating
         FROM tournament_players tp JOIN players p ON p.id = tp.player_id
         WHERE tp.tournament_id = $1 ORDER BY tp.seed_no, tp.player_id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    let mut entrants = Vec::with_capacity(entrant_rows.len());
    let mut unrated = Vec::new();
    for r in &entrant_rows {
        let id: i64 = r.try_get("player_id")?;
        let rating: Option<f64> = r.try_get("rating")?;
        if rating.is_none() {
            unrated.push(id);
        }
        entrants.push(Entrant {
            id,
            name: r.try_get("name")?,
            rating: rating.unwrap_or(Elo::DEFAULT_INITIAL),
            withdrawn_after: r
                .try_get::<Option<i64>>("withdrawn_after")?
                .map(|r| r.max(0) as u32),
            start_rank: r.try_get::<i64>("seed_no")? as u32,
        });
    }
    let requested_byes = requested_byes(conn, tid).await?;
    let setup = TournamentSetup {
        name: row.name.clone(),
        variant: row.variant.clone(),
        format: row.format,
        rounds: row.rounds,
        points: row.points_scheme()?,
        tiebreaks: row.tiebreak_list()?,
        entrants,
        fixtures: Vec::new(),
        pairing_system: row.pairing_system,
        initial_side: row.initial_colour.side(row.seed),
        acceleration: row.acceleration,
        manual_rounds: manual_rounds(conn, tid).await?,
        requested_byes,
        postponed: postponed(conn, tid).await?,
        seeded_by_hand: seeded_by_hand(conn, tid).await?,
        third_place_match: row.third_place,
    };
    let engines = match parts {
        Parts::Whole => engine_levels(conn, row.id).await?,
        Parts::Results => HashMap::new(),
    };
    Ok(StoredTournament {
        row,
        setup,
        engines,
        unrated,
    })
}

/// Hands tournament `tournament`'s match and bye rows to `sink`: from the fixture
/// cache, a row at a time, if it is current; otherwise from the tables, whose rows
/// are then noted to be kept as the cache where the transaction notes them
/// ([`NotesFixtures`]). A cached body found damaged part way starts `sink` again
/// with the tables' rows, noted likewise.
pub(crate) async fn fixture_rows(
    conn: &mut (impl AsConn + NotesFixtures),
    tournament: &TournamentRow,
    sink: &mut impl FixtureRowSink,
) -> Result<()> {
    let (tid, games_form) = (tournament.id, tournament.plays_games());
    let Some(cache) = fixture_cache::read_body(&mut *conn, tid).await? else {
        return fixture_rows_from_tables(conn, tid, games_form)
            .await?
            .feed(sink);
    };
    let revision = cache.revision;
    if let Some(rows) = CachedRows::open(cache)?
        && rows.feed(sink)?
    {
        return Ok(());
    }
    let rows = Arc::new(fixture_rows_from_tables(conn, tid, games_form).await?);
    rows.feed(sink)?;
    if let Some(notes) = conn.fixture_notes() {
        notes.note(PendingSave {
            tournament_id: tid,
            revision,
            rows,
        });
    }
    Ok(())
}

/// Tournament `tid`'s match and bye rows as the tables hold them.
pub(crate) async fn fixture_rows_from_tables(
    conn: &mut impl AsConn,
    tid: i64,
    games_form: bool,
) -> Result<FixtureRows> {
    // A games:N match's seeds are its games' sums; otherwise the last hand's.
    let match_rows = query(
        "SELECT m.id, m.round, m.south_id, m.north_id, m.winner, m.final_south, m.final_north,
                m.hands_played, m.seed, m.south_engine, m.north_engine,
                c.kind AS closing, c.absent, c.seeds_south AS closing_south,
                c.seeds_north AS closing_north,
                CASE WHEN $2 THEN (SELECT CAST(COALESCE(SUM(score_south), 0) AS BIGINT) FROM hands h
                                   WHERE h.match_id = m.id) END AS sum_south,
                CASE WHEN $2 THEN (SELECT CAST(COALESCE(SUM(score_north), 0) AS BIGINT) FROM hands h
                                   WHERE h.match_id = m.id) END AS sum_north,
                CASE WHEN $2 THEN (SELECT mc.seeds_south_after FROM match_corrections mc
                                   WHERE mc.match_id = m.id ORDER BY mc.id DESC LIMIT 1) END
                    AS corrected_south,
                CASE WHEN $2 THEN (SELECT mc.seeds_north_after FROM match_corrections mc
                                   WHERE mc.match_id = m.id ORDER BY mc.id DESC LIMIT 1) END
                    AS corrected_north
         FROM matches m LEFT JOIN match_closings c ON c.match_id = m.id
         WHERE m.tournament_id = $1 ORDER BY m.round, m.id",
    )
    .bind(tid)
    .bind(games_form)
    .fetch_all(&mut *conn)
    .await?;
    // The matches' corrections, in the order made: each row keeps the one that stands
    // (a hand's or the games' scores replace no whole result).
    let mut corrections: HashMap<i64, Vec<WholeCorrection>> = HashMap::new();
    for r in &query(
        "SELECT c.match_id, c.kind, c.absent, c.score_south, c.score_north
         FROM match_corrections c JOIN matches m ON m.id = c.match_id
         WHERE m.tournament_id = $1 ORDER BY c.id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?
    {
        corrections
            .entry(r.try_get("match_id")?)
            .or_default()
            .push(WholeCorrection {
                kind: r.try_get("kind")?,
                absent: r.try_get("absent")?,
                south: r.try_get("score_south")?,
                north: r.try_get("score_north")?,
            });
    }
    let mut rows = FixtureRows::default();
    for r in &match_rows {
        let id: i64 = r.try_get("id")?;
        let whole = corrections.get(&id).and_then(|list| {
            standing_closing(
                None,
                list.iter()
                    .map(|c| (!matches!(c.kind.as_str(), "score" | "games")).then_some(c)),
            )
        });
        rows.push_match(r, whole)?;
    }
    rows.byes = query(
        "SELECT round, board, player_id FROM tournament_byes WHERE tournament_id = $1
         ORDER BY round, board",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| {
        Ok(ByeRowData {
            round: r.try_get("round")?,
            board: r.try_get("board")?,
            player_id: r.try_get("player_id")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()?;
    Ok(rows)
}

/// Tournament `tid`'s postponed matches, by round and South player.
async fn postponed(conn: &mut impl AsConn, tid: i64) -> Result<Vec<PostponedMatch>> {
    let rows = query(
        "SELECT m.round, m.south_id FROM match_postponements mp
         JOIN matches m ON m.id = mp.match_id
         WHERE m.tournament_id = $1 ORDER BY m.round, m.south_id",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(PostponedMatch {
                round: r.try_get::<i64>("round")? as u32,
                south: r.try_get("south_id")?,
            })
        })
        .collect()
}

/// The players of tournament `tid`'s latest seeding by hand, seed 1 first (empty:
/// seeded by rating).
async fn seeded_by_hand(conn: &mut impl AsConn, tid: i64) -> Result<Vec<i64>> {
    Ok(query_scalar(
        "SELECT ks.player_id FROM knockout_seeds ks
         WHERE ks.seeding_id = (SELECT max(id) FROM knockout_seedings WHERE tournament_id = $1)
         ORDER BY ks.seed",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?)
}

/// The rounds of tournament `tid` in play that were paired by hand.
async fn manual_rounds(conn: &mut impl AsConn, tid: i64) -> Result<Vec<u32>> {
    let rounds: Vec<i64> = query_scalar(
        "SELECT round FROM round_pairings
         WHERE tournament_id = $1 AND unpaired_at IS NULL AND method = 'manual' ORDER BY round",
    )
    .bind(tid)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rounds.into_iter().map(|r| r as u32).collect())
}
