//! `tournament import`: an event read from a TRF file ([`crate::tournament::import`])
//! stored as if it had been run here, in one write transaction (all or nothing).
//!
//! Representation (migration `20261203000000_tournament_imports`): the tournament
//! row as `tournament new` makes it, one `tournament_imports` row (the file's name,
//! the rounds it held), the entrants with the file's pairing numbers as starting
//! ranks and its ratings as their seeding ratings; then round by round, as the
//! commands would have stored them: the byes asked for (`requested`), the round as
//! paired by hand ([`ManualRound`], reason "imported from FILE"), each result as a
//! whole-match result entered or a forfeit (`match_closings`), the withdrawals after
//! the round. Byes asked for the rounds left come last. Players are found by name
//! (ignoring case) or added with the club, engine and starting ratings the file's
//! extension records give, and the sex, federation, id and birth date of its `001`
//! records. A round robin's or knockout's rounds are paired by the
//! system, as they were (the file was checked to hold them).

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::ai::Level;
use crate::app::Result;
use crate::app::players::player_by_id;
use crate::app::records::{
    ByeReason, ManualRound, NewPlayer, NewTournament, Parts, PlayedAhead, Player, TournamentRow,
    now,
};
use crate::app::repo::{Database, Transaction};
use crate::app::stored_match::StoredMatches;
use crate::app::tournaments::refusal::TournamentRefusal;
use crate::engine::{BySide, Side};
use crate::matches::{Closing, MatchOutcome};
use crate::tournament::import::TrfEvent;
use crate::tournament::{Decision, Entrant, EntrantId, MatchResult, RatingSystem};

use super::create::create_in;
use super::entries::withdraw_in;
use super::{begin_write, commit};

/// What an import stored.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ImportedTournament {
    pub tournament: TournamentRow,
    pub players: usize,
    /// Players added to the database (the others were there already).
    pub players_added: Vec<String>,
    pub rounds: u32,
    pub matches: usize,
}

/// Stores `event` as the tournament `new` describes (its name, variant, rounds,
/// points and tiebreaks), `source` naming the file. Nothing is written if anything
/// is refused (a name taken, a retired player).
pub(super) async fn import(
    store: &impl Database,
    event: &TrfEvent,
    new: &NewTournament,
    source: &str,
    progress: impl FnMut(u32, u32),
) -> Result<ImportedTournament> {
    let mut tx = begin_write(store).await?;
    let imported = import_in(&mut tx, event, new, source, progress).await?;
    commit(tx).await?;
    Ok(imported)
}

async fn import_in(
    tx: &mut impl Transaction,
    event: &TrfEvent,
    new: &NewTournament,
    source: &str,
    mut progress: impl FnMut(u32, u32),
) -> Result<ImportedTournament> {
    let t = &event.tournament;
    let row = create_in(&mut *tx, new, RatingSystem::Elo).await?;
    let tid = row.id;
    let at = now();
    tx.insert_import(tid, source, event.rounds_played(), at)
        .await?;
    let mut id_of: HashMap<EntrantId, i64> = HashMap::new();
    let mut name_of: HashMap<EntrantId, String> = HashMap::new();
    let mut added = Vec::new();
    for e in t.entrants() {
        let (player, is_new) = found_or_added(tx, event, e, at).await?;
        if is_new {
            added.push(e.name.clone());
        }
        let unrated = event.details.players.get(&e.id).is_some_and(|d| d.unrated);
        tx.insert_entrant(
            tid,
            player.id,
            e.start_rank,
            Some(e.rating),
            Some(!unrated),
            at,
        )
        .await?;
        id_of.insert(e.id, player.id);
        name_of.insert(e.id, player.name);
    }
    if !t.seeded_by_hand().is_empty() {
        let seeds: Vec<i64> = t.seeded_by_hand().iter().map(|n| id_of[n]).collect();
        tx.insert_knockout_seeding(
            tid,
            &seeds,
            None,
            Some(&format!("imported from {source}")),
            at,
        )
        .await?;
    }
    let reason = format!("imported from {source}");
    let played = event.rounds_played();
    let mut matches = 0;
    progress(0, played);
    for round in 1..=played {
        for b in t.requested_byes().iter().filter(|b| b.round == round) {
            tx.insert_bye(tid, round, id_of[&b.player], b.points, ByeReason::Requested)
                .await?;
        }
        matches += import_round(tx, event, &row, round, &name_of, &reason).await?;
        for e in t
            .entrants()
            .iter()
            .filter(|e| e.withdrawn_after == Some(round))
        {
            let loaded =
                crate::app::tournaments::loading::load_in(tx, &row.name, Parts::Whole).await?;
            let player = player_by_id(&mut *tx, id_of[&e.id]).await?;
            withdraw_in(&mut *tx, &loaded, player).await?;
        }
        progress(round, played);
    }
    for b in t.requested_byes().iter().filter(|b| b.round > played) {
        tx.insert_bye(
            tid,
            b.round,
            id_of[&b.player],
            b.points,
            ByeReason::Requested,
        )
        .await?;
    }
    let tournament = crate::app::tournaments::loading::load_in(tx, &row.name, Parts::Whole)
        .await?
        .row;
    Ok(ImportedTournament {
        tournament,
        players: t.entrants().len(),
        players_added: added,
        rounds: played,
        matches,
    })
}

/// The player entrant `e` is: found by name (a retired one is refused), or added as
/// the file describes them (club, engine, starting ratings, personal details); true
/// when added.
async fn found_or_added(
    tx: &mut impl Transaction,
    event: &TrfEvent,
    e: &Entrant,
    at: DateTime<Utc>,
) -> Result<(Player, bool)> {
    let details = event.details.players.get(&e.id);
    match tx.player_by_name(&e.name).await? {
        Some(p) if p.retired_at.is_some() => Err(TournamentRefusal::Retired(p.name).into()),
        Some(p) => Ok((p, false)),
        None => {
            // The level was checked when the file was read.
            let engine = details
                .and_then(|d| d.engine.as_deref())
                .and_then(|level| Level::parse(level).ok());
            let entry = NewPlayer {
                name: e.name.clone(),
                club: details.and_then(|d| d.club.clone()),
                engine,
            };
            let id = tx.insert_player(&entry, at).await?;
            for rating in details.iter().flat_map(|d| &d.starting_ratings) {
                tx.insert_starting_rating(id, rating, at).await?;
            }
            if let Some(person) = details.map(|d| &d.person).filter(|p| !p.is_empty()) {
                tx.insert_player_details(id, person, at).await?;
            }
            Ok((player_by_id(&mut *tx, id).await?, true))
        }
    }
}

/// Pairs round `round` as the file holds it and enters its results; returns the
/// matches closed.
async fn import_round(
    tx: &mut impl Transaction,
    event: &TrfEvent,
    row: &TournamentRow,
    round: u32,
    name_of: &HashMap<EntrantId, String>,
    reason: &str,
) -> Result<usize> {
    let t = &event.tournament;
    let fixtures = t.round_fixtures(round);
    // A Swiss's rounds were paired elsewhere (recorded as paired by hand); a round
    // robin's or knockout's are the ones goobalay pairs (the file was checked to hold
    // them), paired by the system as they would have been.
    let manual = t.format().rules().manual_pairing.then(|| ManualRound {
        boards: fixtures
            .iter()
            .map(|f| {
                (
                    name_of[&f.pairing.south].clone(),
                    f.pairing.north.map(|n| name_of[&n].clone()),
                )
            })
            .collect(),
        reason: Some(reason.to_string()),
        keep_seeding: true,
    });
    let (paired, _, _) = super::pairing::pair_in(
        &mut *tx,
        &row.name,
        None,
        PlayedAhead::new(),
        manual.as_ref(),
    )
    .await?;
    let mut matches = 0;
    for (board, f) in paired.boards.iter().zip(&fixtures) {
        let (Some(id), Some(result)) = (board.match_id, f.result) else {
            continue;
        };
        let stored = tx.stored_match(id).await?;
        crate::app::matches::close_in::<crate::app::AppError>(&mut *tx, stored, closing_of(result))
            .await?;
        matches += 1;
    }
    Ok(matches)
}

/// A result from the file as the match's closing: a forfeit, or a whole-match
/// result entered (with the seeds it ended with, when the file gives them).
fn closing_of(result: MatchResult) -> Closing {
    match result.forfeit {
        Some(absent) => Closing::Forfeit(absent),
        None => Closing::Entered {
            outcome: match result.decision {
                Decision::South => MatchOutcome::Winner(Side::South),
                Decision::North => MatchOutcome::Winner(Side::North),
                Decision::Draw => MatchOutcome::Draw,
            },
            seeds: (result.seeds != BySide::new(0, 0)).then_some(result.seeds),
        },
    }
}

#[cfg(test)]
mod tests {
    use crate::app::AppError;
    use crate::app::tournaments::{
        ImportOptions, TournamentRefusal, import_trf, prepare_import, trf_export,
    };
    use crate::engine::Side;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::Format;

    /// A TRF file of a Swiss of four with round 1 played, made by an export.
    async fn a_file() -> String {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(
            &store,
            "Club Swiss",
            Format::Swiss,
            &["Ada", "Bo", "Cy", "Di"],
        )
        .await;
        for id in fixture::pair(&store, "Club Swiss").await {
            fixture::won(&store, id.unwrap(), Side::North).await;
        }
        trf_export(&store, "Club Swiss", None).await.unwrap()
    }

    #[tokio::test]
    async fn an_import_stores_the_rounds_results_and_finds_players_by_name() {
        let trf = a_file().await;
        let (store, existing) = fixture::store_with(&["ada"]).await;
        let prepared = prepare_import(&trf, "club.trf", ImportOptions::default()).unwrap();
        let imported = import_trf(&store, &prepared, |_, _| {}).await.unwrap();
        let mut added = imported.players_added.clone();
        added.sort();
        assert_eq!(added, ["Bo", "Cy", "Di"], "Ada was found, ignoring case");
        let loaded = crate::app::tournaments::load(&store, "Club Swiss")
            .await
            .unwrap();
        assert_eq!(loaded.tournament.current_round(), 1);
        assert!(loaded.tournament.entrant(existing[0].id).is_some());
        let standings = loaded.tournament.standings();
        let mut points: Vec<String> = standings
            .rows
            .iter()
            .map(|r| r.points.to_string())
            .collect();
        points.sort();
        assert_eq!(points, ["0", "0", "1", "1"]);
        // The results were stored as results entered: every match of round 1 won
        // by North, as in the file.
        for board in loaded.boards.iter().filter(|b| b.match_id.is_some()) {
            let stored = crate::app::matches::load(&store, board.match_id.unwrap())
                .await
                .unwrap();
            assert_eq!(
                stored.row.winner,
                Some(crate::matches::MatchOutcome::Winner(Side::North))
            );
        }
    }

    #[tokio::test]
    async fn an_import_refused_for_a_taken_name_or_a_retired_player_stores_nothing() {
        let trf = a_file().await;
        let (store, _) = fixture::store_with(&["Di"]).await;
        crate::app::players::retire(&store, "Di").await.unwrap();
        let before = fixture::markers(&store).await;
        let prepared = prepare_import(&trf, "club.trf", ImportOptions::default()).unwrap();
        let retired = import_trf(&store, &prepared, |_, _| {}).await;
        assert!(
            matches!(&retired, Err(AppError::Tournament(TournamentRefusal::Retired(p))) if p == "Di"),
            "{retired:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
        assert_eq!(
            crate::app::players::list(&store, true).await.unwrap().len(),
            1
        );

        let store = Store::in_memory().await;
        fixture::entered(&store, "CLUB SWISS", Format::RoundRobin, &[]).await;
        let before = fixture::markers(&store).await;
        let taken = import_trf(&store, &prepared, |_, _| {}).await;
        assert!(
            matches!(
                &taken,
                Err(AppError::Tournament(TournamentRefusal::Duplicate(_)))
            ),
            "{taken:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn a_file_without_a_name_or_a_game_is_refused_before_any_database() {
        let trf = a_file().await;
        let nameless: String = trf
            .lines()
            .filter(|l| !l.starts_with("012"))
            .map(|l| format!("{l}\n"))
            .collect();
        let refused = prepare_import(&nameless, "x.trf", ImportOptions::default());
        assert!(
            matches!(&refused, Err(AppError::Import(crate::app::ImportRefusal::NoName { file })) if file == "x.trf"),
            "{:?}",
            refused.map(|_| ())
        );
        let named = ImportOptions {
            name: Some("Given".into()),
            ..Default::default()
        };
        assert_eq!(
            prepare_import(&nameless, "x.trf", named).unwrap().new.name,
            "Given"
        );
    }
}
