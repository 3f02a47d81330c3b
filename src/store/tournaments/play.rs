//! Engine matches of a tournament run, played in memory by the application layer
//! ([`crate::app::run`]) and written a round at a time in the transaction it
//! opened ([`TournamentRepo::write_played_round`]). The application layer read each
//! stored match untouched in that transaction; a match changed since (its revision
//! is no longer the one read) is left out of the write and handed back
//! ([`WrittenRound::touched`]); the application layer plays it on from where it was
//! left.

use super::{Result, corrupt, played, summary};
use crate::app::records::PlayedFromSetup;
pub(crate) use crate::app::records::WrittenRound;
use crate::store::repo::TournamentRepo;
use crate::store::sql::{AsConn, query_scalar};

/// Matches written a statement at a time (bounds the JSON of one statement).
const WRITE_CHUNK: usize = 64;

/// Writes engine matches played in memory from the setup, in `conn`'s transaction,
/// each where the stored match is still at the revision the caller read it
/// (untouched) at: their summaries and every hand, two statements a chunk. Why a
/// whole round in one transaction is safe: an engine match is fully determined by
/// its recorded seed, so a run killed before the commit loses only engine play that
/// the restarted run regenerates identically, and the transaction is
/// all-or-nothing, so no match or hand is ever half-written or written twice.
/// (Human matches are never written this way.)
pub(in crate::store) async fn write_played_round(
    conn: &mut (impl AsConn + crate::store::fixture_cache::NotesFixtures),
    mut played: Vec<PlayedFromSetup>,
) -> Result<WrittenRound> {
    let mut written = WrittenRound::default();
    while !played.is_empty() {
        let rest = played.split_off(played.len().min(WRITE_CHUNK));
        write_chunk(conn, &mut written, played).await?;
        played = rest;
    }
    written.stored.sort_by_key(|(b, _)| (b.round, b.board));
    written.touched.sort_by_key(|b| (b.round, b.board));
    Ok(written)
}

async fn write_chunk(
    conn: &mut (impl AsConn + crate::store::fixture_cache::NotesFixtures),
    written: &mut WrittenRound,
    played_matches: Vec<PlayedFromSetup>,
) -> Result<()> {
    let (items, no_match): (Vec<_>, Vec<_>) = played_matches
        .into_iter()
        .partition(|p| p.board.match_id.is_some());
    written
        .touched
        .extend(no_match.into_iter().map(|p| p.board));
    if items.is_empty() {
        return Ok(());
    }
    // The summaries `app::matches::save` writes, only where the match is at the
    // revision read (as every match write is guarded). As in
    // `crate::store::write_hand_rows`, the rows go in as one JSON array.
    type Summary = (
        i64,
        i64,
        Option<&'static str>,
        i64,
        Option<u32>,
        Option<u32>,
    );
    let rows: Vec<Summary> = items
        .iter()
        .map(|p| {
            let (winner, hands_played, final_south, final_north) = summary(&p.state);
            (
                p.board.match_id.expect("partitioned"),
                p.revision,
                winner,
                hands_played,
                final_south,
                final_north,
            )
        })
        .collect();
    let json =
        serde_json::to_string(&rows).map_err(|e| corrupt(format!("match summaries: {e}")))?;
    let unchanged: std::collections::HashSet<i64> = query_scalar(
        "UPDATE matches SET revision = revision + 1, winner = v.value->>2,
             hands_played = CAST(v.value->>3 AS BIGINT),
             final_south = CAST(v.value->>4 AS BIGINT),
             final_north = CAST(v.value->>5 AS BIGINT),
             finished_at = CASE WHEN v.value->>2 IS NULL THEN NULL
                                ELSE COALESCE(matches.finished_at, $2) END
         FROM jsonb_each(jsonb($1)) AS v
         WHERE matches.id = CAST(v.value->>0 AS BIGINT)
           AND matches.revision = CAST(v.value->>1 AS BIGINT)
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
        .partition(|p| p.board.match_id.is_some_and(|id| unchanged.contains(&id)));
    written.touched.extend(other.into_iter().map(|p| p.board));
    if fresh.is_empty() {
        return Ok(());
    }
    let n = fresh[0].state.spec().rules.holes_per_row;
    let hand_rows: Vec<(i64, &[crate::matches::Hand])> = fresh
        .iter()
        .map(|p| (p.board.match_id.expect("partitioned"), p.state.hands()))
        .collect();
    conn.insert_hands(&hand_rows, n).await?;
    written.stored.extend(fresh.into_iter().map(|p| {
        let m = played(p.board.match_id.expect("partitioned"), &p.state);
        (p.board, m)
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::ai::Level;
    use crate::app::matches::{HumanAction, enter, insert, load};
    use crate::app::players::add_player;
    use crate::app::records::{BoardRow, PlayedFromSetup};
    use crate::engine::{BySide, Side, Variant};
    use crate::matches::{MatchForm, MatchSpec, MatchState};
    use crate::store::repo::TournamentRepo;
    use crate::store::{NewMatch, Store};

    /// A match read untouched at revision 0 and moved in since is handed back, not
    /// written over; at the revision it has now the same write goes through.
    #[tokio::test]
    async fn a_match_changed_since_it_was_read_is_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("guard.db")).await.unwrap();
        let south = add_player(&store, "Ayo", None, None).await.unwrap().id;
        let north = add_player(&store, "Bola", None, None).await.unwrap().id;
        let v = Variant::preset("tihbat").unwrap();
        let spec = MatchSpec::new(&v, MatchForm::Single, None, Side::South).unwrap();
        let new = NewMatch {
            spec: spec.clone(),
            south,
            north,
            seed: 11,
            tournament_id: None,
            round: None,
        };
        let read = insert(&store, &new).await.unwrap();
        let id = read.row.id;
        assert!(read.state.is_untouched());
        enter(&store, id, &HumanAction::Move("2".into()))
            .await
            .unwrap();
        let mut state = MatchState::new(spec);
        state.play_engines(BySide::new(Some(Level::Random), Some(Level::Random)), 11);
        let random: Option<Arc<str>> = Some(Arc::from("random"));
        let board = BoardRow {
            round: 1,
            board: 1,
            match_id: Some(id),
            south_id: south,
            north_id: Some(north),
            engines_only: true,
            finished: false,
            hands_played: 0,
            seed: 11,
            engines: (random.clone(), random),
        };
        let write = |revision| {
            vec![PlayedFromSetup {
                board: board.clone(),
                state: state.clone(),
                revision,
            }]
        };

        let mut tx = store.begin_write().await.unwrap();
        let written = tx
            .write_played_round(write(read.row.revision))
            .await
            .unwrap();
        tx.commit().await.unwrap();
        assert!(written.stored.is_empty());
        assert_eq!(written.touched.len(), 1);
        let now = load(&store, id).await.unwrap();
        assert_eq!(now.state.hands()[0].moves.len(), 1, "the move stands");
        assert!(!now.state.is_finished());

        let mut tx = store.begin_write().await.unwrap();
        let written = tx
            .write_played_round(write(now.row.revision))
            .await
            .unwrap();
        tx.commit().await.unwrap();
        assert_eq!((written.stored.len(), written.touched.len()), (1, 0));
        let after = load(&store, id).await.unwrap();
        assert_eq!(after.state.outcome(), state.outcome());
        assert_eq!(after.row.revision, now.row.revision + 1);
    }
}
