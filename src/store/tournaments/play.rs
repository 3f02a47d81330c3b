//! Engine matches of a tournament run: played in memory ([`play_board`]) and
//! written a round at a time in one transaction ([`TournamentWriter`]). A match
//! another process started or played is left out of the round's write and handed
//! back (see [`RoundCommitted`]); the application layer plays it on from where it was
//! left ([`crate::app::run`]).

use std::sync::Arc;

use super::{BoardRow, PlayedMatch, Result, corrupt, played, summary};
use crate::ai::Level;
use crate::engine::BySide;
use crate::matches::{MatchSpec, MatchState};
use crate::store::Store;
use crate::store::repo::TournamentRepo;
use crate::store::sql::{Tx, query_scalar};

impl Store {
    /// A writer for a run that stores many rounds of engine matches one after the
    /// other.
    pub async fn tournament_writer(&self) -> Result<TournamentWriter<'_>> {
        Ok(TournamentWriter { store: self })
    }
}

/// Stores played tournament matches on one connection; see
/// [`Store::tournament_writer`].
pub struct TournamentWriter<'a> {
    store: &'a Store,
}

impl TournamentWriter<'_> {
    /// Starts a round's engine matches: add them with [`RoundBatch::add`] as the
    /// engine delivers them, then [`RoundBatch::commit`]. They are kept in memory and
    /// written at the commit, all in one `BEGIN IMMEDIATE` transaction, so the write
    /// lock is held only while writing, never while the engines think.
    ///
    /// Why a whole round in one transaction is safe: an engine match is fully
    /// determined by its recorded seed, so a run killed before the commit loses only
    /// engine play that the restarted run regenerates identically, and the transaction
    /// is all-or-nothing, so no match or hand is ever half-written or written twice.
    /// (Human matches are never written this way.)
    pub async fn begin_round(&mut self) -> Result<RoundBatch<'_>> {
        Ok(RoundBatch {
            store: self.store,
            played: Vec::new(),
        })
    }
}

/// A round's engine matches waiting to be written in one transaction; see
/// [`TournamentWriter::begin_round`].
pub struct RoundBatch<'a> {
    store: &'a Store,
    played: Vec<(BoardRow, MatchState)>,
}

impl<'a> RoundBatch<'a> {
    /// Keeps matches played from the setup (as [`play_board`] returns them) for the
    /// commit.
    pub fn add(&mut self, played_matches: Vec<(BoardRow, MatchState)>) {
        self.played.extend(played_matches);
    }

    /// Opens the round's transaction and writes the matches kept so far.
    pub async fn write(self) -> Result<OpenRound> {
        let mut open = OpenRound {
            tx: self.store.begin_write().await?,
            stored: Vec::new(),
            touched: Vec::new(),
        };
        let mut played = self.played;
        while !played.is_empty() {
            let rest = played.split_off(played.len().min(WRITE_CHUNK));
            open.add(played).await?;
            played = rest;
        }
        Ok(open)
    }

    /// See [`OpenRound::commit`].
    pub async fn commit(self) -> Result<RoundCommitted> {
        self.write().await?.commit().await
    }
}

/// Matches written a statement at a time (bounds the JSON of one statement).
const WRITE_CHUNK: usize = 64;

/// A round's transaction, open: see [`RoundBatch::write`]. The next round may be
/// paired in it before the commit ([`OpenRound::tx`], as `tournament run` does:
/// [`crate::app::run`]).
pub struct OpenRound {
    tx: Tx,
    /// Written in this transaction.
    stored: Vec<(BoardRow, PlayedMatch)>,
    /// Not untouched when checked (started or played by someone else): handed back
    /// with the commit, to be played on one by one ([`RoundCommitted::touched`]).
    touched: Vec<BoardRow>,
}

impl OpenRound {
    /// Writes the matches played from the setup whose stored match is still
    /// untouched: their summaries and every hand, two statements for the lot. The
    /// others are kept for [`OpenRound::commit`].
    async fn add(&mut self, played_matches: Vec<(BoardRow, MatchState)>) -> Result<()> {
        let (items, no_match): (Vec<_>, Vec<_>) = played_matches
            .into_iter()
            .partition(|(b, _)| b.match_id.is_some());
        self.touched.extend(no_match.into_iter().map(|(b, _)| b));
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
        .fetch_all(&mut self.tx)
        .await?
        .into_iter()
        .collect();
        let (fresh, other): (Vec<_>, Vec<_>) = items
            .into_iter()
            .partition(|(b, _)| b.match_id.is_some_and(|id| untouched.contains(&id)));
        self.touched.extend(other.into_iter().map(|(b, _)| b));
        if fresh.is_empty() {
            return Ok(());
        }
        let n = fresh[0].1.spec().rules.holes_per_row;
        let hand_rows: Vec<(i64, &[crate::matches::Hand])> = fresh
            .iter()
            .map(|(b, s)| (b.match_id.expect("partitioned"), s.hands()))
            .collect();
        self.tx.insert_hands(&hand_rows, n).await?;
        self.stored.extend(fresh.into_iter().map(|(b, s)| {
            let m = played(b.match_id.expect("partitioned"), &s);
            (b, m)
        }));
        Ok(())
    }

    /// Whether a match was not untouched (see [`RoundCommitted::touched`]).
    pub fn has_touched(&self) -> bool {
        !self.touched.is_empty()
    }

    /// The matches written so far, in board order, taken out to be committed with
    /// the pairing made in [`OpenRound::tx`] ([`OpenRound::commit_tx`]).
    pub fn take_stored(&mut self) -> Vec<(BoardRow, PlayedMatch)> {
        let mut done = std::mem::take(&mut self.stored);
        done.sort_by_key(|(b, _)| (b.round, b.board));
        done
    }

    /// The round's transaction.
    pub fn tx(&mut self) -> &mut Tx {
        &mut self.tx
    }

    /// Commits the round's transaction, its matches taken out
    /// ([`OpenRound::take_stored`]).
    pub async fn commit_tx(self) -> Result<()> {
        Ok(self.tx.commit().await?)
    }

    /// Commits the round's transaction. Returns the matches written, in board
    /// order, and those that were not untouched.
    pub async fn commit(self) -> Result<RoundCommitted> {
        self.tx.commit().await?;
        let mut stored = self.stored;
        stored.sort_by_key(|(b, _)| (b.round, b.board));
        Ok(RoundCommitted {
            stored,
            touched: self.touched,
        })
    }
}

/// What [`RoundBatch::commit`] committed.
pub struct RoundCommitted {
    /// The matches written, in board order.
    pub stored: Vec<(BoardRow, PlayedMatch)>,
    /// The boards whose match was not untouched when checked (another process started
    /// or played it), so not written: each is to be played on from what is stored.
    pub touched: Vec<BoardRow>,
}

/// Plays the match on `board` from the setup to its end in memory (`None`: a bye,
/// or not a match between two engines). Pure computation: no database.
pub fn play_board(spec: &MatchSpec, board: &BoardRow) -> Option<MatchState> {
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
