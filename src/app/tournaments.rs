//! Tournaments: creating one, entries, byes asked for, withdrawals, pairing a round
//! (and the engines' opening turns in its matches), taking it back, closing and
//! reopening, loading one to show, importing a TRF file.

use crate::app::records::{
    EventDetails, ListedTournament, LoadedTournament, ManualRound, NewTournament, PairedRound,
    Parts, PlayedAhead, UnpairedRound,
};
use crate::app::repo::{Database, TournamentRepo, Transaction};
use crate::engine::Variant;
use crate::matches::MatchForm;
use crate::tournament::{InitialColour, TournamentStatus, import};
use pairing::pair_in;

use super::{AppError, ImportRefusal, Result};

pub(crate) mod awards;
pub(crate) mod create;
pub(crate) mod entries;
mod fixtures;
pub(crate) mod loading;
pub(crate) mod pairing;
mod postpone;
pub(crate) mod prizes;
pub(crate) mod refusal;
mod seed;
pub(crate) mod status;
mod trf_export;
mod trf_import;
mod unpair;

pub use create::create;
pub use entries::{Entered, Withdrawal, enter, request_bye, withdraw};
pub use postpone::{Postponed, postpone};
pub use prizes::{EventChange, PrizeReport, add_prize, export_prizes, prize_report, set_event};
pub use refusal::TournamentRefusal;
pub use seed::{SeedLine, Seeded, SeedingSource, seed};
pub use status::{Closed, Reopening, close, finish, reopen};
pub(crate) use trf_export::trf_export;
pub use trf_import::ImportedTournament;

/// Opens the write transaction of a tournament use case, whose rules run over the
/// tournaments' repository ([`crate::store::repo::TournamentRepo`]). Its failures,
/// and [`commit`]'s, are tournament errors, as when the store opened it: a front
/// end tells them as it did (the web's busy database among them).
async fn begin_write<D: Database>(store: &D) -> Result<D::Transaction> {
    Ok(store.begin_write().await?)
}

/// Refuses an entry, withdrawal, bye or pairing in a closed tournament
/// ([`crate::tournament::Tournament::is_closed`]: marked finished, or over and not
/// reopened): a director reopens it first.
fn ensure_open(loaded: &LoadedTournament) -> Result<()> {
    if loaded.is_closed() {
        let closed = crate::tournament::ClosedTournament(loaded.row.name.clone());
        return Err(closed.into());
    }
    Ok(())
}

/// Commits what [`begin_write`] opened.
async fn commit(tx: impl Transaction) -> Result<()> {
    Ok(tx.commit().await?)
}

/// The tournament `name` with its boards' records (match ids, engines, who is to
/// move): for pairing sheets, running and showing it.
pub async fn load(store: &impl Database, name: &str) -> Result<LoadedTournament> {
    Ok(loading::read(store, name).await?)
}

/// The tournament with id `id` (`None`: no such tournament), as [`load`] loads it
/// by name.
pub async fn load_by_id(store: &impl Database, id: i64) -> Result<Option<LoadedTournament>> {
    let mut tx = store.begin_read().await?;
    Ok(loading::load_by_id_in(&mut tx, id).await?)
}

/// The tournament `name` as it stood after round `round` (`None`: as it stands now):
/// the results of rounds 1 to `round` only, the entrants who had entered by then
/// ([`crate::tournament::Tournament::as_after_round`]), the boards of those rounds;
/// what standings, crosstables and exports show with `--round`. Refused when round
/// `round` is not paired.
pub async fn load_after_round(
    store: &impl Database,
    name: &str,
    round: Option<u32>,
    parts: Parts,
) -> Result<LoadedTournament> {
    let mut tx = store.begin_read().await?;
    let loaded = loading::load_in(&mut tx, name, parts).await?;
    as_after_round(&mut tx, loaded, round).await
}

/// [`load_after_round`] by id (`None`: no tournament has that id).
pub async fn load_after_round_by_id(
    store: &impl Database,
    id: i64,
    round: Option<u32>,
) -> Result<Option<LoadedTournament>> {
    let mut tx = store.begin_read().await?;
    let Some(loaded) = loading::load_by_id_in(&mut tx, id).await? else {
        return Ok(None);
    };
    Ok(Some(as_after_round(&mut tx, loaded, round).await?))
}

async fn as_after_round(
    tx: &mut impl Transaction,
    mut loaded: LoadedTournament,
    round: Option<u32>,
) -> Result<LoadedTournament> {
    let Some(round) = round else {
        return Ok(loaded);
    };
    if round == 0 || round > loaded.tournament.current_round() {
        return Err(AppError::no_such_round(&loaded, round));
    }
    let entered = entries::entered_after(tx, loaded.row.id).await?;
    loaded.tournament = loaded.tournament.as_after_round(round, &entered);
    loaded.boards.retain(|b| b.round <= round);
    Ok(loaded)
}

/// Pairs the next round of tournament `name` (one transaction: its matches and
/// byes), then lets every engine that faces a human make its opening turns, each
/// thought outside any transaction (see [`super::matches::play_engine_turns`]);
/// gives the round and the tournament as it then stands.
pub async fn pair_round(store: &impl Database, name: &str) -> Result<Paired> {
    let round = pair_next(store, name, &mut None).await?;
    paired(store, name, round).await
}

/// Pairs the next round in one transaction: its matches (hand 1 set up) and byes.
/// Before round 1 the entrants are seeded by their current rating. `kept` is the
/// tournament as a caller that keeps it in memory between rounds (`tournament run`)
/// last loaded or paired it, with the results since recorded
/// ([`LoadedTournament::record_played`]): it is used instead of reading every match
/// row again if the stored tournament still has the same number of matches, finished
/// matches, byes, entrants and withdrawals (otherwise, and before round 1, the
/// tournament is loaded); on success it is the tournament with the new round.
pub async fn pair_next(
    store: &impl Database,
    name: &str,
    kept: &mut Option<LoadedTournament>,
) -> Result<PairedRound> {
    let mut tx = begin_write(store).await?;
    let (paired, next, _) = pair_in(&mut tx, name, kept.take(), PlayedAhead::new(), None).await?;
    commit(tx).await?;
    *kept = next;
    Ok(paired)
}

/// Pairs the next round of a Swiss as the director gives it (recorded as paired by
/// hand), then the engines facing a human make their opening turns.
pub async fn pair_round_by_hand(
    store: &impl Database,
    name: &str,
    round: &ManualRound,
) -> Result<Paired> {
    let mut tx = begin_write(store).await?;
    let (paired_round, _, _) =
        pair_in(&mut tx, name, None, PlayedAhead::new(), Some(round)).await?;
    commit(tx).await?;
    paired(store, name, paired_round).await
}

/// A round paired, and the tournament with it (for its names and its sheet).
#[derive(Clone, Debug)]
pub struct Paired {
    pub round: PairedRound,
    pub tournament: LoadedTournament,
}

async fn paired(store: &impl Database, name: &str, round: PairedRound) -> Result<Paired> {
    make_engine_openings(store, &round).await?;
    Ok(Paired {
        round,
        tournament: crate::app::tournaments::loading::read(store, name).await?,
    })
}

/// Takes back the last round, while no player has moved or had a result entered in
/// it (engines' play in it is voided and kept).
pub async fn unpair(store: &impl Database, name: &str, reason: Option<&str>) -> Result<Unpaired> {
    let round = unpair::unpair(store, name, reason).await?;
    Ok(Unpaired {
        tournament: crate::app::tournaments::loading::read(store, name)
            .await?
            .row
            .name,
        round,
    })
}

/// A round taken back.
#[derive(Clone, Debug)]
pub struct Unpaired {
    /// The tournament's name as it was entered.
    pub tournament: String,
    pub round: UnpairedRound,
}

/// The opening turns of the engines facing a human in a round just paired. An error
/// says that the round itself is stored (the turns are made by the next command on
/// those matches).
pub(crate) async fn make_engine_openings(
    store: &impl Database,
    paired: &PairedRound,
) -> Result<()> {
    for board in &paired.boards {
        let Some(id) = board.match_id else {
            continue;
        };
        if board.engines.0.is_some() == board.engines.1.is_some() {
            continue;
        }
        if let Err(e) = super::matches::play_engine_turns(store, id).await {
            return Err(AppError::PartlyStored {
                stored: format!(
                    "round {} is paired and stored, but the engine's opening turns in match {id} are not (the next command on that match makes them)",
                    paired.round
                ),
                error: Box::new(e),
            });
        }
    }
    Ok(())
}

/// Every tournament, newest first, with counts and progress (`ListedTournament`).
pub async fn list(store: &impl Database) -> Result<Vec<ListedTournament>> {
    let mut tx = store.begin_read().await?;
    let mut list = Vec::new();
    for s in tx.tournament_summaries().await? {
        list.push(if s.row.status == TournamentStatus::Finished {
            ListedTournament::marked_finished(s)
        } else {
            let loaded = loading::load_in(&mut tx, &s.row.name, Parts::Whole).await?;
            ListedTournament::loaded(s, &loaded)
        });
    }
    Ok(list)
}

/// Whether a tournament named `name` (case and Unicode variants ignored) exists.
pub async fn exists(store: &impl Database, name: &str) -> Result<bool> {
    let mut tx = store.begin_read().await?;
    Ok(tx.tournament_row(name).await?.is_some())
}

/// How `tournament import` stores what the file does not say (or says otherwise).
#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    /// The tournament's name (default: the file's `012`).
    pub name: Option<String>,
    /// The game (default: the variant a goobalay export names in `092`).
    pub variant: Option<Variant>,
    /// The match form (default: the variant's).
    pub form: Option<MatchForm>,
    pub max_hands: Option<u32>,
    /// Seed of the engine players' choices (default: the file's `GBL seed`, else a
    /// random one).
    pub seed: Option<u64>,
}

/// A TRF file read and checked, with the tournament to create: what
/// [`import_trf`] stores.
#[derive(Clone, Debug)]
pub struct PreparedImport {
    pub event: import::TrfEvent,
    pub new: NewTournament,
    pub file: String,
}

/// Reads the Swiss of a TRF file's `text` (`file` names it in messages and the
/// record) in the pure layer ([`import::parse`]) and settles what to create, without
/// a database: a file refused here opens none.
pub fn prepare_import(text: &str, file: &str, options: ImportOptions) -> Result<PreparedImport> {
    let event = import::parse(text).map_err(|error| AppError::Trf {
        file: file.to_string(),
        error,
    })?;
    let t = &event.tournament;
    // A name given is the name: an empty one is refused, not taken as none given.
    if let Some(given) = &options.name {
        crate::names::clean(given, "the tournament's name (--name)")
            .map_err(TournamentRefusal::Name)?;
    }
    let name = options
        .name
        .or_else(|| (!t.name().trim().is_empty()).then(|| t.name().to_string()))
        .ok_or_else(|| {
            AppError::Import(ImportRefusal::NoName {
                file: file.to_string(),
            })
        })?;
    let variant = match (options.variant, &event.variant) {
        (Some(v), _) => v,
        (None, Some(named)) => Variant::preset(named).ok_or_else(|| {
            AppError::Import(ImportRefusal::NotAPreset {
                file: file.to_string(),
                game: named.clone(),
            })
        })?,
        (None, None) => {
            return Err(AppError::Import(ImportRefusal::NoGame {
                file: file.to_string(),
            }));
        }
    };
    // What the command line does not say, the file's extension records may.
    let details = &event.details;
    let form = match (options.form, &details.form) {
        (Some(form), _) => form,
        (None, Some(text)) => MatchForm::parse(text)?,
        (None, None) => MatchForm::default_for(&variant.name),
    };
    let new = NewTournament {
        name,
        form,
        variant,
        format: t.format(),
        rounds: t.rounds(),
        max_hands: options.max_hands.or(details.max_hands),
        points: *t.points(),
        tiebreaks: t.tiebreaks().to_vec(),
        seed: options
            .seed
            .or(details.seed)
            .unwrap_or_else(|| rand::random::<u64>() >> 1),
        initial_colour: InitialColour::fixed(t.initial_side()),
        third_place: t.has_third_place_match(),
        acceleration: t.acceleration(),
        details: EventDetails {
            city: details.city.clone(),
            federation: details.federation.clone(),
            start: details.start,
            end: details.end,
            chief_arbiter: details.chief_arbiter.clone(),
            round_dates: details.round_dates.clone(),
        },
    };
    Ok(PreparedImport {
        event,
        new,
        file: file.to_string(),
    })
}

/// Stores a prepared import in one transaction, so a refusal (a name taken, a
/// retired player) leaves the database as it was.
/// `progress` hears the rounds stored so far and the rounds to store.
pub async fn import_trf(
    store: &impl Database,
    prepared: &PreparedImport,
    progress: impl FnMut(u32, u32),
) -> Result<ImportedTournament> {
    trf_import::import(
        store,
        &prepared.event,
        &prepared.new,
        &prepared.file,
        progress,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::records::Progress;
    use crate::engine::Side;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::Format;

    #[tokio::test]
    async fn the_list_counts_each_tournament_newest_first_with_its_progress() {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(&store, "Autumn", Format::Swiss, &["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(&store, "Winter", Format::RoundRobin, &["Ada", "Bo"]).await;
        let ids = fixture::pair(&store, "Autumn").await;
        fixture::won(&store, ids[0].unwrap(), Side::South).await;
        let list = list(&store).await.unwrap();
        let names: Vec<&str> = list.iter().map(|l| l.summary.row.name.as_str()).collect();
        assert_eq!(names, ["Winter", "Autumn"]);
        let autumn = &list[1];
        assert_eq!(
            (autumn.summary.entrants, autumn.summary.rounds_paired),
            (4, 1)
        );
        assert_eq!(
            (autumn.summary.matches, autumn.summary.matches_finished),
            (2, 1)
        );
        assert_eq!(
            autumn.progress,
            Progress::InProgress {
                round: 1,
                rounds: 3
            }
        );
        assert_eq!(list[0].progress, Progress::NotStarted);
        assert!(exists(&store, "WINTER").await.unwrap());
        assert!(!exists(&store, "Spring").await.unwrap());
    }

    #[tokio::test]
    async fn a_tournament_is_found_by_name_or_id_and_an_unknown_one_is_refused() {
        let store = Store::in_memory().await;
        let row = fixture::entered(&store, "Autumn", Format::Swiss, &[]).await;
        let by_id = load_by_id(&store, row.id).await.unwrap().unwrap();
        assert_eq!(by_id.row.name, "Autumn");
        assert!(load_by_id(&store, row.id + 1).await.unwrap().is_none());
        let unknown = load(&store, "Spring").await;
        assert!(
            matches!(&unknown, Err(AppError::Store(crate::app::repo::StoreError::TournamentNotFound { name, like: None })) if name == "Spring"),
            "{:?}",
            unknown.map(|_| ())
        );
    }

    #[tokio::test]
    async fn the_tournament_after_a_round_holds_that_rounds_results_only() {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(&store, "Club", Format::Swiss, &["Ada", "Bo", "Cy", "Di"]).await;
        for id in fixture::pair(&store, "Club").await {
            fixture::won(&store, id.unwrap(), Side::South).await;
        }
        fixture::pair(&store, "Club").await;
        let now = load_after_round(&store, "Club", None, Parts::Whole)
            .await
            .unwrap();
        assert_eq!(now.tournament.current_round(), 2);
        let after_one = load_after_round(&store, "Club", Some(1), Parts::Whole)
            .await
            .unwrap();
        assert_eq!(after_one.tournament.current_round(), 1);
        assert!(after_one.boards.iter().all(|b| b.round == 1));
        let refused = load_after_round(&store, "Club", Some(3), Parts::Whole).await;
        assert!(
            matches!(&refused, Err(AppError::NoSuchRound { round: 3, paired, .. }) if paired == "rounds 1 to 2 are paired"),
            "{:?}",
            refused.map(|_| ())
        );
        let zero = load_after_round_by_id(&store, now.row.id, Some(0)).await;
        assert!(matches!(zero, Err(AppError::NoSuchRound { round: 0, .. })));
    }
}
