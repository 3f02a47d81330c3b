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
