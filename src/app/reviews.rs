//! Engine reviews of played matches (`match review`, `tournament review`).
//!
//! A review is made from a finished match as stored, by the engine outside any
//! transaction ([`crate::review::review_match`]), then added in one short
//! transaction of its own; the match's rows are only read, so a review never
//! changes a match's record. A match's latest review is shown again without
//! searching unless a review is asked for again; one made from an older revision
//! of the match (a correction since) counts as not made. A tournament's matches
//! are reviewed on `jobs` threads, each stored as soon as it is made, so an
//! interrupted review keeps what it stored and the next one goes on from there.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use thiserror::Error;

use crate::app::records::{MatchQuery, MatchRow, NewReview, StoredReview, now};
use crate::app::repo::{Database, MatchRepo, ReviewRepo, TournamentRepo, Transaction};
use crate::app::stored_match::StoredMatches;
use crate::hint::Refusal;
use crate::matches::MatchState;
use crate::review::{Review, review_match};

use super::Result;

/// The effort of a review when none is given: search nodes per position. Chosen so
/// that a 14-player Swiss of 5 rounds of multi-hand Layli Goobalay between engine
/// players is reviewed in under a minute on 2 cores (`--jobs 2`; see the README).
pub const DEFAULT_REVIEW_NODES: u64 = 4_000;
/// The least effort allowed: below it a search may not finish its first ply.
pub(crate) const MIN_REVIEW_NODES: u64 = 100;
/// The most effort allowed (about a minute a position).
pub(crate) const MAX_REVIEW_NODES: u64 = 100_000_000;
/// The most threads a tournament review runs on.
pub(crate) const MAX_REVIEW_JOBS: usize = 256;

/// A review that cannot be made as asked; nothing is stored.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ReviewRefusal {
    #[error("match {id} is not finished: a match is reviewed once it has ended")]
    Unfinished { id: i64 },
    #[error(
        "match {id} has no move or arrangement played on the board ({how}): there is nothing to review"
    )]
    NothingPlayed { id: i64, how: String },
    #[error(
        "tournament {name} has no finished match left to review ({finished} finished, {reviewed} already reviewed; `--again` reviews them anew)"
    )]
    NothingToReview {
        name: String,
        finished: usize,
        reviewed: usize,
    },
    #[error("--jobs {0} is out of range; allowed: 1 to {MAX_REVIEW_JOBS}")]
    Jobs(usize),
    #[error("--nodes {0} is out of range; allowed: {MIN_REVIEW_NODES} to {MAX_REVIEW_NODES}")]
    Nodes(u64),
}

impl Refusal for ReviewRefusal {
    fn hint(&self) -> Option<crate::hint::Hint> {
        None
    }
}

/// How a review is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewOptions {
    /// Search nodes per position.
    pub nodes: u64,
    /// Review again even where a review stands.
    pub again: bool,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions {
            nodes: DEFAULT_REVIEW_NODES,
            again: false,
        }
    }
}

impl ReviewOptions {
    fn check(&self) -> Result<(), ReviewRefusal> {
        if (MIN_REVIEW_NODES..=MAX_REVIEW_NODES).contains(&self.nodes) {
            Ok(())
        } else {
            Err(ReviewRefusal::Nodes(self.nodes))
        }
    }
}

/// A match with its review.
#[derive(Clone, Debug)]
pub struct ReviewedMatch {
    pub row: MatchRow,
    pub state: MatchState,
    pub review: StoredReview,
    /// Made by this call (not shown again from the store).
    pub made_now: bool,
}

/// How many decisions (moves and arrangements) `state` holds.
fn decisions_in(state: &MatchState) -> usize {
    state
        .hands()
        .iter()
        .map(|h| {
            h.moves.len()
                + usize::from(h.first_arranger.is_some())
                    * (usize::from(h.arrangement.south.is_some())
                        + usize::from(h.arrangement.north.is_some()))
        })
        .sum()
}

/// Match `id`'s review: the latest stored one, or (none standing, or `again`) one
/// made now with the engine and stored, `progress` hearing the decisions valued
/// and the decisions to value. An unknown id, a match in play and a match with
/// nothing played on the board are refused, and nothing is stored.
pub async fn review(
    store: &impl Database,
    id: i64,
    options: ReviewOptions,
    progress: impl FnMut(u32, u32),
) -> Result<ReviewedMatch> {
    options.check()?;
    let (stored, latest) = {
        let mut tx = store.begin_read().await?;
        let stored = tx.stored_match(id).await?;
        let latest = tx.latest_review(id).await?;
        (stored, latest)
    };
    if stored.row.winner.is_none() {
        return Err(ReviewRefusal::Unfinished { id }.into());
    }
    if decisions_in(&stored.state) == 0 {
        let how = crate::app::views::match_result(&stored.row);
        return Err(ReviewRefusal::NothingPlayed { id, how }.into());
    }
    if let Some(latest) = latest
        && !options.again
        && latest.match_revision == stored.row.revision
    {
        return Ok(ReviewedMatch {
            row: stored.row,
            state: stored.state,
            review: latest,
            made_now: false,
        });
    }
    let review = review_match(&stored.state, options.nodes, progress);
    let stored_review = store_review(store, &stored.row, review).await?;
    Ok(ReviewedMatch {
        row: stored.row,
        state: stored.state,
        review: stored_review,
        made_now: true,
    })
}

/// Adds `review` of the match `row` in a transaction of its own.
async fn store_review(
    store: &impl Database,
    row: &MatchRow,
    review: Review,
) -> Result<StoredReview> {
    let reviewed_at = now();
    let mut tx = store.begin_write().await?;
    let id = tx
        .insert_review(&NewReview {
            match_id: row.id,
            match_revision: row.revision,
            review: &review,
            reviewed_at,
        })
        .await?;
    tx.commit().await?;
    Ok(StoredReview {
        id,
        match_id: row.id,
        match_revision: row.revision,
        reviewed_at,
        review,
    })
}

/// Match `id`'s latest review standing (made from the match as it now is), if any;
/// never searches. What a page shows.
pub async fn standing_review(store: &impl Database, id: i64) -> Result<Option<StoredReview>> {
    let mut tx = store.begin_read().await?;
    let row = tx.stored_match_rows(id).await?.row;
    Ok(tx
        .latest_review(id)
        .await?
        .filter(|r| r.match_revision == row.revision))
}

/// What a tournament review reports as it goes.
#[derive(Clone, Debug)]
pub enum TournamentReviewEvent {
    /// The matches to review, before any is reviewed.
    Started {
        name: String,
        to_review: usize,
        already: usize,
    },
    /// Match `id` was reviewed and stored.
    Stored { id: i64 },
}

/// What a tournament review did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentReviewReport {
    /// Matches reviewed and stored by this call.
    pub reviewed: usize,
    /// Finished matches whose review already stood (and was kept).
    pub already: usize,
}

/// Reviews every finished match of tournament `name` (with something played on the
/// board) whose review does not stand yet (every one, with `again`), on `jobs`
/// threads, each stored in its own transaction as soon as it is made. A tournament
/// with no such match is refused.
pub async fn review_tournament(
    store: &impl Database,
    name: &str,
    options: ReviewOptions,
    jobs: usize,
    mut on: impl FnMut(TournamentReviewEvent),
) -> Result<TournamentReviewReport> {
    options.check()?;
    if !(1..=MAX_REVIEW_JOBS).contains(&jobs) {
        return Err(ReviewRefusal::Jobs(jobs).into());
    }
    let (name, todo, finished, already) = {
        let mut tx = store.begin_read().await?;
        let tid = tx.tournament_id(name).await?;
        let recorded = tx
            .tournament_row(name)
            .await?
            .map_or_else(|| name.trim().to_string(), |row| row.name);
        let query = MatchQuery {
            tournament_id: Some(tid),
            ..MatchQuery::default()
        };
        let mut rows: Vec<MatchRow> = tx
            .match_rows(&query)
            .await?
            .into_iter()
            .map(|(row, _)| row)
            .filter(|row| row.winner.is_some())
            .collect();
        rows.sort_by_key(|r| r.id);
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let reviewed = tx.reviewed_revisions(&ids).await?;
        let mut todo = Vec::new();
        let mut already = 0;
        for row in &rows {
            let standing = reviewed
                .iter()
                .any(|&(id, revision)| id == row.id && revision == row.revision);
            if standing && !options.again {
                already += 1;
                continue;
            }
            let stored = tx.stored_match(row.id).await?;
            if decisions_in(&stored.state) > 0 {
                todo.push((stored.row, stored.state));
            }
        }
        (recorded, todo, rows.len(), already)
    };
    if todo.is_empty() {
        return Err(ReviewRefusal::NothingToReview {
            name,
            finished,
            reviewed: already,
        }
        .into());
    }
    on(TournamentReviewEvent::Started {
        name,
        to_review: todo.len(),
        already,
    });
    let states: Arc<Vec<MatchState>> = Arc::new(todo.iter().map(|(_, s)| s.clone()).collect());
    let next = Arc::new(AtomicUsize::new(0));
    let (sender, mut receiver) = tokio::sync::mpsc::channel::<(usize, Review)>(jobs * 2);
    for _ in 0..jobs.min(todo.len()) {
        let (states, next, sender) = (states.clone(), next.clone(), sender.clone());
        std::thread::spawn(move || {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(state) = states.get(i) else { break };
                let review = review_match(state, options.nodes, |_, _| {});
                // The receiver gone (the review failed or was dropped): stop.
                if sender.blocking_send((i, review)).is_err() {
                    break;
                }
            }
        });
    }
    drop(sender);
    let mut reviewed = 0;
    while let Some((i, review)) = receiver.recv().await {
        let row = &todo[i].0;
        store_review(store, row, review).await?;
        reviewed += 1;
        on(TournamentReviewEvent::Stored { id: row.id });
    }
    Ok(TournamentReviewReport { reviewed, already })
}

/// The reviews standing of the matches `rows` (made from each match as it now is),
/// with their rows, in the order of `rows`; never searches. What a player's page shows.
pub async fn standing_reviews(
    store: &impl Database,
    rows: &[MatchRow],
) -> Result<Vec<(MatchRow, StoredReview)>> {
    let mut tx = store.begin_read().await?;
    let mut out = Vec::new();
    for row in rows.iter().filter(|r| r.winner.is_some()) {
        if let Some(review) = tx.latest_review(row.id).await?
            && review.match_revision == row.revision
        {
            out.push((row.clone(), review));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::app::AppError;
    use crate::engine::Side;
    use crate::matches::MatchForm;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;

    const QUICK: ReviewOptions = ReviewOptions {
        nodes: MIN_REVIEW_NODES,
        again: false,
    };

    /// A single game two engines played to its end.
    async fn played() -> (Store, i64) {
        let store = Store::in_memory().await;
        fixture::engines(&store, &[("R1", Level::Random), ("R2", Level::Random)]).await;
        let id = fixture::casual(&store, "R1", "R2", MatchForm::Single).await;
        crate::app::matches::play_engine_turns(&store, id)
            .await
            .unwrap();
        (store, id)
    }

    #[tokio::test]
    async fn a_review_is_stored_and_then_shown_until_asked_again() {
        let (store, id) = played().await;
        assert!(standing_review(&store, id).await.unwrap().is_none());
        let first = review(&store, id, QUICK, |_, _| {}).await.unwrap();
        assert!(first.made_now);
        let standing = standing_review(&store, id).await.unwrap().unwrap();
        assert_eq!(standing.id, first.review.id);
        assert_eq!(standing.match_revision, first.row.revision);

        let shown = review(&store, id, QUICK, |_, _| {}).await.unwrap();
        assert!(!shown.made_now);
        assert_eq!(shown.review.id, first.review.id);
        let again = ReviewOptions {
            again: true,
            ..QUICK
        };
        let anew = review(&store, id, again, |_, _| {}).await.unwrap();
        assert!(anew.made_now);
        assert_ne!(anew.review.id, first.review.id);
        assert_eq!(
            standing_review(&store, id).await.unwrap().unwrap().id,
            anew.review.id
        );
    }

    #[tokio::test]
    async fn a_match_in_play_or_with_nothing_on_the_board_is_not_reviewed() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let in_play = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        let refused = review(&store, in_play, QUICK, |_, _| {}).await;
        assert!(
            matches!(&refused, Err(AppError::Review(ReviewRefusal::Unfinished { id })) if *id == in_play),
            "{:?}",
            refused.map(|_| ())
        );
        let entered = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        fixture::won(&store, entered, Side::North).await;
        let refused = review(&store, entered, QUICK, |_, _| {}).await;
        assert!(
            matches!(&refused, Err(AppError::Review(ReviewRefusal::NothingPlayed { id, .. })) if *id == entered),
            "{:?}",
            refused.map(|_| ())
        );
        let too_little = ReviewOptions {
            nodes: MIN_REVIEW_NODES - 1,
            again: false,
        };
        let refused = review(&store, entered, too_little, |_, _| {}).await;
        assert!(
            matches!(&refused, Err(AppError::Review(ReviewRefusal::Nodes(n))) if *n == MIN_REVIEW_NODES - 1)
        );
        for id in [in_play, entered] {
            assert!(standing_review(&store, id).await.unwrap().is_none());
        }
    }

    #[tokio::test]
    async fn a_tournament_review_reviews_each_finished_match_once() {
        let store = Store::in_memory().await;
        fixture::engines(&store, &[("R1", Level::Random), ("R2", Level::Greedy)]).await;
        let mut new = fixture::new_tournament("Duel", crate::tournament::Format::RoundRobin);
        new.form = MatchForm::Single;
        crate::app::tournaments::create(&store, &new, crate::tournament::RatingSystem::Elo)
            .await
            .unwrap();
        crate::app::tournaments::enter(&store, "Duel", &["R1".into(), "R2".into()])
            .await
            .unwrap();
        let nothing = review_tournament(&store, "Duel", QUICK, 1, |_| {}).await;
        assert!(
            matches!(
                &nothing,
                Err(AppError::Review(ReviewRefusal::NothingToReview {
                    finished: 0,
                    reviewed: 0,
                    ..
                }))
            ),
            "{nothing:?}"
        );
        crate::app::run_tournament(&store, "Duel", None, |_| {})
            .await
            .unwrap();
        let jobs = review_tournament(&store, "Duel", QUICK, 0, |_| {}).await;
        assert!(matches!(
            jobs,
            Err(AppError::Review(ReviewRefusal::Jobs(0)))
        ));

        let mut stored = Vec::new();
        let report = review_tournament(&store, "Duel", QUICK, 2, |e| {
            if let TournamentReviewEvent::Stored { id } = e {
                stored.push(id);
            }
        })
        .await
        .unwrap();
        assert_eq!(
            report,
            TournamentReviewReport {
                reviewed: 1,
                already: 0
            }
        );
        assert_eq!(stored.len(), 1);
        assert!(standing_review(&store, stored[0]).await.unwrap().is_some());
        let twice = review_tournament(&store, "Duel", QUICK, 1, |_| {}).await;
        assert!(
            matches!(
                &twice,
                Err(AppError::Review(ReviewRefusal::NothingToReview {
                    finished: 1,
                    reviewed: 1,
                    ..
                }))
            ),
            "{twice:?}"
        );
    }
}
