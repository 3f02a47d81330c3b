//! Postponing a match of a round robin (`tournament postpone`): its schedule does not
//! depend on results, so the next round is paired around the postponed match, which
//! is played when the players can. A Swiss or a knockout needs every result first and
//! takes no postponement.

use crate::app::Result;
use crate::app::records::{Parts, now};
use crate::app::repo::{Database, Transaction};
use crate::app::tournaments::refusal::TournamentRefusal;

use super::{begin_write, commit};

/// A match postponed: where it stands in its tournament.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Postponed {
    pub tournament: String,
    pub match_id: i64,
    pub round: u32,
    pub board: u32,
    pub south: String,
    pub north: String,
}

/// Postpones match `match_id` of round robin `name`, in one transaction.
pub async fn postpone(
    store: &impl Database,
    name: &str,
    match_id: i64,
    reason: Option<&str>,
) -> crate::app::Result<Postponed> {
    let mut tx = begin_write(store).await?;
    let postponed = postpone_in(&mut tx, name, match_id, reason).await?;
    commit(tx).await?;
    Ok(postponed)
}

async fn postpone_in(
    tx: &mut impl Transaction,
    name: &str,
    match_id: i64,
    reason: Option<&str>,
) -> Result<Postponed> {
    let loaded = crate::app::tournaments::loading::load_in(tx, name, Parts::Whole).await?;
    super::ensure_open(&loaded)?;
    let t = &loaded.tournament;
    let tournament = loaded.row.name.clone();
    if !t.format().pairs_around_postponed() {
        return Err(TournamentRefusal::PostponeNotRoundRobin {
            tournament,
            format: t.format(),
        }
        .into());
    }
    let Some(board) = loaded.boards.iter().find(|b| b.match_id == Some(match_id)) else {
        return Err(TournamentRefusal::NotItsMatch {
            tournament,
            match_id,
        }
        .into());
    };
    let fixture = t
        .fixtures()
        .iter()
        .find(|f| f.pairing.round == board.round && f.pairing.south == board.south_id)
        .expect("every board of a loaded tournament is one of its fixtures");
    if fixture.is_finished() {
        return Err(TournamentRefusal::PostponeFinished { match_id }.into());
    }
    if t.is_postponed(fixture) {
        return Err(TournamentRefusal::AlreadyPostponed { match_id }.into());
    }
    tx.insert_postponement(match_id, now(), reason).await?;
    Ok(Postponed {
        tournament,
        match_id,
        round: board.round,
        board: board.board,
        south: loaded.name_of(board.south_id).to_string(),
        north: board
            .north_id
            .map_or("bye", |n| loaded.name_of(n))
            .to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;
    use crate::matches::MatchForm;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture::{self, refusal};
    use crate::tournament::Format;

    async fn paired(format: Format) -> (Store, Vec<i64>) {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(&store, "Club", format, &["Ada", "Bo", "Cy", "Di"]).await;
        let ids = fixture::pair(&store, "Club").await;
        (store, ids.into_iter().map(|id| id.unwrap()).collect())
    }

    #[tokio::test]
    async fn a_round_robin_match_is_postponed_once() {
        let (store, ids) = paired(Format::RoundRobin).await;
        let postponed = postpone(&store, "club", ids[1], Some("ill")).await.unwrap();
        let stored = crate::app::matches::load(&store, ids[1]).await.unwrap();
        assert_eq!(postponed.tournament, "Club");
        assert_eq!((postponed.match_id, postponed.round), (ids[1], 1));
        assert_eq!(postponed.board, 2);
        assert_eq!(
            (postponed.south, postponed.north),
            (stored.row.south, stored.row.north)
        );
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        let t = &loaded.tournament;
        assert_eq!(t.fixtures().iter().filter(|f| t.is_postponed(f)).count(), 1);

        let before = fixture::markers(&store).await;
        let again = postpone(&store, "Club", ids[1], None).await;
        assert!(
            matches!(refusal(&again), TournamentRefusal::AlreadyPostponed { match_id } if *match_id == ids[1]),
            "{again:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_finished_match_or_another_events_match_is_not_postponed() {
        let (store, ids) = paired(Format::RoundRobin).await;
        fixture::won(&store, ids[0], Side::South).await;
        let casual = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        let before = fixture::markers(&store).await;
        let finished = postpone(&store, "Club", ids[0], None).await;
        assert!(
            matches!(refusal(&finished), TournamentRefusal::PostponeFinished { match_id } if *match_id == ids[0]),
            "{finished:?}"
        );
        let elsewhere = postpone(&store, "Club", casual, None).await;
        assert!(
            matches!(refusal(&elsewhere), TournamentRefusal::NotItsMatch { match_id, .. } if *match_id == casual),
            "{elsewhere:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_swiss_takes_no_postponement() {
        let (store, ids) = paired(Format::Swiss).await;
        let before = fixture::markers(&store).await;
        let refused = postpone(&store, "Club", ids[0], None).await;
        assert!(
            matches!(
                refusal(&refused),
                TournamentRefusal::PostponeNotRoundRobin {
                    format: Format::Swiss,
                    ..
                }
            ),
            "{refused:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }
}
