//! Engine matches of a tournament run, played in memory by the application layer
//! ([`crate::app::run`]) and written a round at a time in the transaction it
//! opened ([`TournamentRepo::write_played_round`]). A match another process started
//! or played is left out of the write and handed back ([`WrittenRound::touched`]);
//! the application layer plays it on from where it was left.

use super::{BoardRow, Result, corrupt, played, summary};
pub use crate::app::records::WrittenRound;
use crate::matches::MatchState;
use crate::store::repo::TournamentRepo;
use crate::store::sql::{AsConn, query_scalar};

/// Matches written a statement at a time (bounds the JSON of one statement).
const WRITE_CHUNK: usize = 64;

/// Writes engine matches played in memory from the setup, in `conn`'s transaction,
/// where the stored match is still untouched (no result, the seed played, one hand
/// not begun): their summaries and every hand, two statements a chunk. Why a whole
/// round in one transaction is safe: an engine match is fully determined by its
/// recorded seed, so a run killed before the commit loses only engine play that the
/// restarted run regenerates identically, and the transaction is all-or-nothing, so
/// no match or hand is ever half-written or written twice. (Human matches are never
/// written this way.)
pub(in crate::store) async fn write_played_round(
    conn: &mut (impl AsConn + crate::store::fixture_cache::NotesFixtures),
    mut played: Vec<(BoardRow, MatchState)>,
) -> Result<WrittenRound> {
    let mut written = WrittenRound::default();
    while !played.is_empty() {
        let rest = played.split_off(played.len().min(WRITE_CHUNK));
        write_chunk(conn, &mut written, played).await?;
        played = rest;
    }
    written.stored.sort_by_key(|(b, _)| (b.round, b.board));
    Ok(written)
}

async fn write_chunk(
    conn: &mut (impl AsConn + crate::store::fixture_cache::NotesFixtures),
    written: &mut WrittenRound,
    played_matches: Vec<(BoardRow, MatchState)>,
) -> Result<()> {
    let (items, no_match): (Vec<_>, Vec<_>) = played_matches
        .into_iter()
        .partition(|(b, _)| b.match_id.is_some());
    written.touched.extend(no_match.into_iter().map(|(b, _)| b));
    if items.is_empty() {
        return Ok(());
    }
    // The summaries `app::matches::save` writes, only where the match is untouched: no
    // result, the seed we played, one hand not begun (another process may have
    // played it). As in `crate::store::write_hand_rows`, the rows go in as one JSON array.
    // The hand limit played must be the stored match's: a match recorded before
    // RULES.md §3 point 11 has none and is played on by itself (`touched`).
    type Summary = (
        i64,
        i64,
        Option<&'static str>,
        i64,
        Option<u32>,
        Option<u32>,
        Option<u32>,
    );
    let rows: Vec<Summary> = items
        .iter()
        .map(|(b, state)| {
            let (winner, hands_played, final_south, final_north) = summary(state);
            (
                b.match_id.expect("partitioned"),
                b.seed as i64,
                winner,
                hands_played,
                final_south,
                final_north,
                state.spec().max_hands,
            )
        })
        .collect();
    let json =
        serde_json::to_string(&rows).map_err(|e| corrupt(format!("match summaries: {e}")))?;
    let untouched: std::collections::HashSet<i64> = query_scalar(
        "UPDATE matches SET revision = revision + 1, winner = v.value->>2,
             hands_played = CAST(v.value->>3 AS BIGINT),
             final_south = CAST(v.value->>4 AS BIGINT),
             final_north = CAST(v.value->>5 AS BIGINT),
             finished_at = CASE WHEN v.value->>2 IS NULL THEN NULL
                                ELSE COALESCE(matches.finished_at, $2) END
         FROM jsonb_each(jsonb($1)) AS v
         WHERE matches.id = CAST(v.value->>0 AS BIGINT)
           AND matches.seed = CAST(v.value->>1 AS BIGINT)
           AND matches.max_hands IS NOT DISTINCT FROM CAST(v.value->>6 AS BIGINT)
           AND matches.winner IS NULL
           AND (SELECT COUNT(*) FROM hands WHERE match_id = matches.id) = 1
           AND (SELECT move_count = 0 AND arrangement_south IS NULL
                       AND arrangement_north IS NULL AND end_reason IS NULL
                FROM hands WHERE match_id = matches.id AND number = 1)
         RETURNING id",
    )
    .bind(json)
    .bind(crate::store::now())
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    let (fresh, other): (Vec<_>, Vec<_>) = items
        .into_iter()
        .partition(|(b, _)| b.match_id.is_some_and(|id| untouched.contains(&id)));
    written.touched.extend(other.into_iter().map(|(b, _)| b));
    if fresh.is_empty() {
        return Ok(());
    }
    let n = fresh[0].1.spec().rules.holes_per_row;
    let hand_rows: Vec<(i64, &[crate::matches::Hand])> = fresh
        .iter()
        .map(|(b, s)| (b.match_id.expect("partitioned"), s.hands()))
        .collect();
    conn.insert_hands(&hand_rows, n).await?;
    written.stored.extend(fresh.into_iter().map(|(b, s)| {
        let m = played(b.match_id.expect("partitioned"), &s);
        (b, m)
    }));
    Ok(())
}
