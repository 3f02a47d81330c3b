//! What the read-only front ends show (`goobalay serve`'s pages and API, and the
//! CLI's `tournament show`): a tournament with its records and how far it is, a
//! match replayed hand by hand, and the marker that says something changed.

use std::collections::HashMap;

use serde::Serialize;

use crate::app::records::{
    ChangeMarkers, Correction, LoadedTournament, MatchRow, Parts, TournamentKey, TournamentRecord,
};
use crate::app::repo::{Database, MatchRepo, StoreError, TournamentRepo};
use crate::app::stored_match::StoredMatches;
use crate::app::stored_match::TournamentCorrections;
use crate::app::tournaments::loading;
use crate::matches::MatchStatus;
use crate::matches::replay::HandReplay;
use crate::tournament::{Points, export};

use super::Result;

pub use crate::app::records::Progress;

/// A tournament with its records and progress.
#[derive(Clone, Debug)]
pub struct TournamentView {
    pub record: TournamentRecord,
    pub progress: Progress,
    /// Who wins its prizes now (empty: no prize list).
    pub prizes: Vec<crate::tournament::prizes::Award>,
}

/// The tournament `key` with its records (one read): `None` when no tournament has
/// that id (an unknown name is an error with a suggestion).
pub async fn tournament(
    store: &impl Database,
    key: TournamentKey<'_>,
) -> Result<Option<TournamentView>> {
    let mut tx = store.begin_read().await?;
    let loaded = match key {
        TournamentKey::Name(name) => Some(loading::load_in(&mut tx, name, Parts::Whole).await?),
        TournamentKey::Id(id) => loading::load_by_id_in(&mut tx, id).await?,
    };
    let Some(loaded) = loaded else {
        return Ok(None);
    };
    let prizes = crate::app::tournaments::awards::heading_in(&mut tx, &loaded)
        .await?
        .prizes;
    let record = record_of(&mut tx, loaded).await?;
    Ok(Some(TournamentView {
        progress: Progress::of(&record.loaded),
        record,
        prizes,
    }))
}

pub use crate::app::records::TournamentRevision;

/// Tournament `id`'s revision (`None`: no such tournament): one cheap read that says
/// whether a document made from the tournament earlier is still the one to give (see
/// [`TournamentRevision`]).
pub async fn tournament_revision(
    store: &impl Database,
    id: i64,
) -> Result<Option<TournamentRevision>> {
    Ok(store.tournament_revision(id).await?)
}

/// [`tournament`] by id, with the revision it was read at (one read): what is made
/// from the view may be kept for as long as [`tournament_revision`] gives the same.
pub async fn tournament_at(
    store: &impl Database,
    id: i64,
) -> Result<Option<(TournamentRevision, TournamentView)>> {
    let mut tx = store.begin_read().await?;
    let Some(revision) = tx.tournament_revision(id).await? else {
        return Ok(None);
    };
    let Some(loaded) = loading::load_by_id_in(&mut tx, id).await? else {
        return Ok(None);
    };
    let prizes = crate::app::tournaments::awards::heading_in(&mut tx, &loaded)
        .await?
        .prizes;
    let record = record_of(&mut tx, loaded).await?;
    Ok(Some((
        revision,
        TournamentView {
            progress: Progress::of(&record.loaded),
            record,
            prizes,
        },
    )))
}

/// A tournament with its records, read in the transaction it was loaded in, so
/// that they agree with each other.
async fn record_of(
    tx: &mut (impl TournamentRepo + MatchRepo),
    loaded: LoadedTournament,
) -> std::result::Result<TournamentRecord, StoreError> {
    let tid = loaded.row.id;
    Ok(TournamentRecord {
        rounds: tx.round_records(tid).await?,
        status_changes: tx.status_changes(tid).await?,
        corrections: tx.tournament_corrections(tid).await?,
        loaded,
    })
}

/// A match with every hand replayed position by position.
#[derive(Clone, Debug, Serialize)]
pub struct MatchReplay {
    #[serde(rename = "match")]
    pub row: MatchRow,
    /// The match as it stands (RULES.md §9 and the `match` object of `match state`).
    pub status: MatchStatus,
    pub hands: Vec<HandReplay>,
    pub corrections: Vec<Correction>,
}

/// Match `id` replayed (`None`: no such match).
pub async fn match_replay(store: &impl Database, id: i64) -> Result<Option<MatchReplay>> {
    let mut tx = store.begin_read().await?;
    let stored = match tx.stored_match(id).await {
        Ok(m) => m,
        Err(StoreError::UnknownMatch(_)) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let corrections = tx.corrections(id).await?;
    Ok(Some(MatchReplay {
        status: stored.state.status(id),
        hands: stored.state.replay_hands(),
        row: stored.row,
        corrections,
    }))
}

/// The database's change markers: cheap to read, for a reader that polls (`goobalay
/// serve`); they are compared, never interpreted, and equal markers mean nothing a
/// page shows changed (a player's rename is the one change they do not see).
pub async fn changes(store: &impl Database) -> Result<ChangeMarkers> {
    Ok(store.change_markers().await?)
}

/// A tournament's standings as `tournament standings --format json` and the API give
/// them: the rows and tiebreaks, and which rating the rows' `rating` is.
#[derive(Clone, Debug, Serialize)]
pub struct StandingsDocument {
    #[serde(flatten)]
    pub standings: crate::tournament::standings::Standings,
    pub rating_column: RatingColumn,
    /// Which results they count: every round through `after`, and any already in
    /// from later rounds ([`crate::tournament::StandingsScope`]); `heading` says it
    /// in words ("after round 2 of 5 (round 3 in progress), with 3 of round 3's 7
    /// results").
    pub counted: crate::tournament::StandingsScope,
    pub heading: String,
    /// Where, when and under whom it is played (when given).
    #[serde(skip_serializing_if = "crate::app::records::EventDetails::is_empty")]
    pub event: crate::app::records::EventDetails,
    /// An accelerated Swiss's virtual points, which the standings never count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub acceleration: Option<AccelerationView>,
}

/// An accelerated Swiss's plan as the standings show it: who is in group A, the
/// virtual points of each round, and a sentence saying so.
#[derive(Clone, Debug, Serialize)]
pub struct AccelerationView {
    #[serde(flatten)]
    pub plan: crate::tournament::acceleration::AccelerationPlan,
    pub text: String,
}

impl AccelerationView {
    pub fn of(t: &crate::tournament::Tournament) -> Option<AccelerationView> {
        let plan = t.acceleration_plan()?;
        let name = |id: &i64| t.entrant(*id).map_or("?", |e| e.name.as_str());
        let group = match (plan.group_a.first(), plan.group_a.last()) {
            (Some(first), Some(last)) => format!(
                "the {} {} to {} by pairing number",
                crate::wording::count(plan.group_a.len() as u64, "player", "players"),
                name(first),
                name(last)
            ),
            _ => "the top half of round 1's players, rounded up to an even count".to_string(),
        };
        let rounds = |from: u32, to: u32| match to - from {
            0 => format!("round {from}"),
            _ => format!("rounds {from}-{to}"),
        };
        let mut schedule = format!(
            "{} virtual point in {}",
            plan.full,
            rounds(1, plan.full_until)
        );
        if plan.half_until > plan.full_until {
            schedule.push_str(&format!(
                " and {} in {}",
                plan.half,
                rounds(plan.full_until + 1, plan.half_until)
            ));
        }
        let text = format!(
            "Baku acceleration: group A, {group}, is paired with {schedule}; virtual points count for pairing only, never in points or tiebreaks"
        );
        Some(AccelerationView { plan, text })
    }
}

/// Which rating a standings row's `rating` is: the player's when seeded.
#[derive(Clone, Debug, Serialize)]
pub struct RatingColumn {
    pub label: String,
    pub system: crate::tournament::RatingSystem,
    pub variant: Option<String>,
    pub as_of: &'static str,
}

/// The standings of a loaded tournament (see [`StandingsDocument`]).
pub fn standings(loaded: &LoadedTournament) -> StandingsDocument {
    let counted = loaded.tournament.standings_scope();
    StandingsDocument {
        heading: counted.text(),
        event: loaded.row.details.clone(),
        acceleration: AccelerationView::of(&loaded.tournament),
        counted,
        standings: loaded.tournament.standings(),
        rating_column: RatingColumn {
            label: loaded.row.rating_label(),
            system: loaded.row.rating_system.unwrap_or_default(),
            variant: loaded.row.rating_system.map(|_| loaded.row.variant.clone()),
            as_of: "seeding",
        },
    }
}

/// One board of a round as `tournament show` and a tournament's page list it.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    pub round: u32,
    pub board: u32,
    pub match_id: Option<i64>,
    pub south: String,
    pub north: Option<String>,
    pub south_id: i64,
    pub north_id: Option<i64>,
    /// `1-0`, `0-1`, `½-½`, `bye`, `*` (pending); a forfeit `+:-`, `-:+`, `-:-`.
    pub result: &'static str,
    /// The result's seeds; none for a forfeit or a result entered without them.
    pub seeds_south: Option<u32>,
    pub seeds_north: Option<u32>,
    pub hands: i64,
}

/// The seeds a board shows: a played result's, none for a forfeit or a whole-match
/// result entered without seeds (which the standings count 0-0: no game ends 0-0,
/// the seeds on a board never all leave it).
fn shown_seeds(f: &crate::tournament::Fixture) -> Option<crate::engine::BySide<u32>> {
    f.result
        .filter(|r| r.forfeit.is_none() && r.seeds.south + r.seeds.north > 0)
        .map(|r| r.seeds)
}

/// Every board of every round, in round and board order.
pub fn boards(loaded: &LoadedTournament) -> Vec<BoardView> {
    let t = &loaded.tournament;
    // Looked up, not searched per board: a 100,128-match round robin took 9 s.
    let fixture_at: HashMap<(u32, u32), &crate::tournament::Fixture> = t
        .fixtures()
        .iter()
        .rev() // of two fixtures on one board, the first, as a search finds it
        .map(|f| ((f.pairing.round, f.pairing.board), f))
        .collect();
    let name: HashMap<i64, &str> = t
        .entrants()
        .iter()
        .rev()
        .map(|e| (e.id, e.name.as_str()))
        .collect();
    let name_of = |id: i64| name.get(&id).copied().unwrap_or("?").to_string();
    loaded
        .boards
        .iter()
        .map(|b| {
            let f = fixture_at.get(&(b.round, b.board)).copied();
            BoardView {
                round: b.round,
                board: b.board,
                match_id: b.match_id,
                south: name_of(b.south_id),
                north: b.north_id.map(name_of),
                south_id: b.south_id,
                north_id: b.north_id,
                result: f.map_or("*", crate::tournament::export::result_text),
                seeds_south: f.and_then(shown_seeds).map(|s| s.south),
                seeds_north: f.and_then(shown_seeds).map(|s| s.north),
                hands: b.hands_played,
            }
        })
        .collect()
}

/// The store's record of each board (match number, hands played), for the pairing
/// sheet.
fn board_records(loaded: &LoadedTournament) -> impl Fn(u32, u32) -> export::BoardRecord + '_ {
    let at: HashMap<(u32, u32), export::BoardRecord> = loaded
        .boards
        .iter()
        .rev()
        .map(|b| {
            (
                (b.round, b.board),
                export::BoardRecord {
                    match_id: b.match_id,
                    hands: b.match_id.map(|_| b.hands_played),
                },
            )
        })
        .collect();
    move |round, board| at.get(&(round, board)).copied().unwrap_or_default()
}

/// The pairing sheet (CSV) of `round`, or of every round, with match numbers.
pub fn pairing_sheet(loaded: &LoadedTournament, round: Option<u32>) -> String {
    export::pairing_sheet(&loaded.tournament, round, board_records(loaded))
}

/// The CSV export (every round's pairing sheet, then the standings), with match
/// numbers.
pub fn csv_export(loaded: &LoadedTournament) -> String {
    export::csv_with(&loaded.tournament, board_records(loaded))
}

/// [`csv_export`] headed by the event's details and followed by the prizes
/// ([`export::csv_headed`]).
pub(crate) fn csv_export_headed(loaded: &LoadedTournament, heading: &export::Heading) -> String {
    export::csv_headed(&loaded.tournament, board_records(loaded), heading)
}

/// One board of a round's pairing list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ListBoard {
    pub board: u32,
    pub match_id: Option<i64>,
    pub south: String,
    /// Points before the round.
    pub south_points: Points,
    /// `None`: the pairing bye.
    pub north: Option<String>,
    pub north_points: Option<Points>,
    /// As [`BoardView::result`] (`*` while the match is to be played).
    pub result: &'static str,
}

/// A bye outside the pairing (asked for, or a late entry's) in the listed round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ListBye {
    pub name: String,
    pub points: Points,
    /// `half-point bye` or `zero-point bye`.
    pub kind: &'static str,
}

/// A round's pairings as a director prints them for the wall and the tables: by
/// board, with each player's points before the round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingList {
    pub tournament: String,
    pub round: u32,
    pub rounds_planned: u32,
    pub boards: Vec<ListBoard>,
    pub byes: Vec<ListBye>,
    /// A `games:N` event's games in order, each with the side that moves first in it
    /// (as the match decides it, [`crate::matches::MatchSpec::first_mover_of_game`]);
    /// empty for any other form, whose slip has one result for the whole match.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub game_openers: Vec<crate::engine::Side>,
}

/// The pairing list of `round` (the round paired last with `None`).
pub fn pairing_list(loaded: &LoadedTournament, round: Option<u32>) -> Result<PairingList> {
    let t = &loaded.tournament;
    let current = t.current_round();
    let round = round.unwrap_or(current);
    if round == 0 || round > current {
        return Err(super::AppError::no_such_round(loaded, round));
    }
    // Points before the round: each player's card, rounds 1 to round - 1.
    let x = t.crosstable();
    let before: HashMap<i64, Points> = x
        .players
        .iter()
        .zip(&x.cards)
        .map(|(p, card)| {
            let sum = card
                .iter()
                .filter(|e| e.round < round)
                .filter_map(|e| e.points)
                .sum();
            (p.id, sum)
        })
        .collect();
    let points = |id: i64| before.get(&id).copied().unwrap_or_default();
    let boards = boards(loaded)
        .into_iter()
        .filter(|b| b.round == round)
        .map(|b| ListBoard {
            board: b.board,
            match_id: b.match_id,
            south_points: points(b.south_id),
            north_points: b.north_id.map(points),
            south: b.south,
            north: b.north,
            result: b.result,
        })
        .collect();
    let byes = t
        .recorded_byes()
        .filter(|b| b.round == round)
        .map(|b| ListBye {
            name: loaded.name_of(b.player).to_string(),
            points: points(b.player),
            kind: export::requested_bye_text(b),
        })
        .collect();
    let spec = loaded.row.spec()?;
    let game_openers = match spec.form {
        crate::matches::MatchForm::Games(n) => (1..=n)
            .filter_map(|game| spec.first_mover_of_game(game))
            .collect(),
        _ => Vec::new(),
    };
    Ok(PairingList {
        tournament: loaded.row.name.clone(),
        round,
        rounds_planned: t.planned_rounds(),
        boards,
        byes,
        game_openers,
    })
}

/// A stored match's result in words, as listings show it: "Amina won", "draw",
/// "Amina won by forfeit", "double forfeit", "Amina won (entered)" for a whole
/// match's result entered, "void", "in play"; ", corrected" when a director's
/// correction stands (a void always is one).
pub fn match_result(m: &MatchRow) -> String {
    use crate::app::records::Ending;
    use crate::engine::Side;
    use crate::matches::{Absent, MatchOutcome};
    let name = |w: MatchOutcome| {
        if w == MatchOutcome::Winner(Side::South) {
            &m.south
        } else {
            &m.north
        }
    };
    let text = match (m.ending, m.winner) {
        (_, None) => return "in play".to_string(),
        (Some(Ending::Void), _) => "void".to_string(),
        (
            Some(Ending::Forfeit {
                absent: Absent::Both,
            }),
            _,
        ) => "double forfeit".to_string(),
        (Some(Ending::Forfeit { .. }), Some(w)) => format!("{} won by forfeit", name(w)),
        (Some(Ending::Entered), Some(MatchOutcome::Draw)) => "draw (entered)".to_string(),
        (Some(Ending::Entered), Some(w)) => format!("{} won (entered)", name(w)),
        (None, Some(MatchOutcome::Draw)) => "draw".to_string(),
        (None, Some(w)) => format!("{} won", name(w)),
    };
    if m.corrected && m.ending != Some(Ending::Void) {
        text + ", corrected"
    } else {
        text
    }
}

/// A slot of a knockout's bracket as the CLI and the web draw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "slot", rename_all = "kebab-case")]
pub enum BracketSlot {
    /// Round 1: an entrant with their seed.
    Seeded { seed: usize, id: i64, name: String },
    /// Went through to this column's round (the last column: the champion).
    Through { id: i64, name: String },
    /// Round 1: nobody, so the slot beside it goes through.
    Bye,
    /// Nobody can come here: both slots feeding it are empty.
    Empty,
    /// Decided by a match still to be played.
    Undecided,
}

/// A knockout's match for third place: its round, its first player, and who is
/// third once it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ThirdPlaceView {
    pub round: u32,
    pub south: i64,
    pub third: Option<i64>,
}

/// A knockout's bracket: `columns[0]` round 1's slots in bracket order,
/// `columns[c]` who goes into round c + 1 (the last: the champion), as far as the
/// results say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BracketView {
    pub columns: Vec<Vec<BracketSlot>>,
    pub third_place: Option<ThirdPlaceView>,
}

impl BracketView {
    /// Whether entrant `id` went through from round `round` (won its match there).
    pub(crate) fn went_through(&self, round: u32, id: i64) -> bool {
        self.columns.get(round as usize).is_some_and(|slots| {
            slots
                .iter()
                .any(|s| matches!(s, BracketSlot::Through { id: won, .. } if *won == id))
        })
    }

    /// Whether entrant `id` won their board of `round` whose first player is
    /// `south`: went through, or, the match for third place, is third.
    pub fn won(&self, round: u32, south: i64, id: i64) -> bool {
        match self.third_place {
            Some(t) if (t.round, t.south) == (round, south) => t.third == Some(id),
            _ => self.went_through(round, id),
        }
    }
}

/// The bracket of knockout `t` (see [`BracketView`]).
pub fn bracket(t: &crate::tournament::Tournament) -> BracketView {
    use crate::tournament::pairing::knockout;
    let (bracket, _) = knockout::bracket(t);
    let name = |id: i64| t.entrant(id).map_or("?", |e| e.name.as_str()).to_string();
    let size = bracket.slots[0].len();
    let rounds = size.trailing_zeros() as usize;
    let columns = (0..=rounds)
        .map(|c| {
            (0..size >> c)
                .map(|k| match bracket.slots.get(c).map(|slots| slots.get(k)) {
                    None | Some(None) => BracketSlot::Undecided,
                    Some(Some(None)) if c == 0 => BracketSlot::Bye,
                    Some(Some(None)) => {
                        let feeding = &bracket.slots[c - 1];
                        let empty = |k: usize| feeding.get(k).is_none_or(Option::is_none);
                        if empty(2 * k) && empty(2 * k + 1) {
                            BracketSlot::Empty
                        } else {
                            BracketSlot::Undecided
                        }
                    }
                    Some(Some(Some(id))) if c == 0 => BracketSlot::Seeded {
                        seed: bracket
                            .seeds
                            .iter()
                            .position(|s| s == id)
                            .map_or(0, |i| i + 1),
                        id: *id,
                        name: name(*id),
                    },
                    Some(Some(Some(id))) => BracketSlot::Through {
                        id: *id,
                        name: name(*id),
                    },
                })
                .collect()
        })
        .collect();
    let third_place = knockout::third_place_fixture(t).map(|f| ThirdPlaceView {
        round: f.pairing.round,
        south: f.pairing.south,
        third: knockout::third_place_winner(t, f),
    });
    BracketView {
        columns,
        third_place,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::AppError;
    use crate::app::records::TournamentKey;
    use crate::engine::Side;
    use crate::matches::correction::CorrectionKind;
    use crate::matches::{Absent, Closing, MatchForm, MatchOutcome};
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::Format;

    async fn row(store: &Store, id: i64) -> MatchRow {
        crate::app::matches::load(store, id).await.unwrap().row
    }

    #[tokio::test]
    async fn a_matchs_result_is_worded_by_how_it_ended() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let forfeit = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        assert_eq!(match_result(&row(&store, forfeit).await), "in play");
        crate::app::matches::close(&store, forfeit, Closing::Forfeit(Absent::North))
            .await
            .unwrap();
        assert_eq!(
            match_result(&row(&store, forfeit).await),
            "Ada won by forfeit"
        );
        let entered = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        fixture::won(&store, entered, Side::North).await;
        assert_eq!(
            match_result(&row(&store, entered).await),
            "Bo won (entered)"
        );
        let to_ada = CorrectionKind::Match {
            decision: MatchOutcome::Winner(Side::South),
            seeds: None,
        };
        crate::app::corrections::correct(&store, entered, to_ada, "swapped")
            .await
            .unwrap();
        assert_eq!(
            match_result(&row(&store, entered).await),
            "Ada won (entered), corrected"
        );
    }

    #[tokio::test]
    async fn the_markers_and_a_tournaments_revision_move_with_each_write_only() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        let empty = changes(&store).await.unwrap();
        assert_eq!(empty.players, 2);
        let t = fixture::entered(&store, "Duel", Format::RoundRobin, &["Ada", "Bo"]).await;
        let entered = changes(&store).await.unwrap();
        assert_eq!(entered.tournaments[&t.id].entrants, 2);
        let revision = tournament_revision(&store, t.id).await.unwrap().unwrap();
        assert_eq!(
            tournament_revision(&store, t.id).await.unwrap().unwrap(),
            revision
        );
        assert_eq!(tournament_revision(&store, t.id + 1).await.unwrap(), None);

        let id = fixture::pair(&store, "Duel").await[0].unwrap();
        let paired = tournament_revision(&store, t.id).await.unwrap().unwrap();
        assert_ne!(paired, revision);
        fixture::won(&store, id, Side::South).await;
        let decided = tournament_revision(&store, t.id).await.unwrap().unwrap();
        assert_ne!(decided, paired);
        let (at, view) = tournament_at(&store, t.id).await.unwrap().unwrap();
        assert_eq!(at, decided);
        assert_eq!(
            view.progress,
            Progress::Finished {
                round: 1,
                rounds: 1
            }
        );
        assert_ne!(changes(&store).await.unwrap(), entered);
    }

    #[tokio::test]
    async fn an_unknown_id_is_none_and_an_unknown_name_refused() {
        let (store, _) = fixture::store_with(&["Ada", "Bo"]).await;
        assert!(
            tournament(&store, TournamentKey::Id(7))
                .await
                .unwrap()
                .is_none()
        );
        assert!(tournament_at(&store, 7).await.unwrap().is_none());
        let unknown = tournament(&store, TournamentKey::Name("Spring")).await;
        assert!(
            matches!(
                unknown,
                Err(AppError::Store(StoreError::TournamentNotFound { .. }))
            ),
            "{:?}",
            unknown.map(|_| ())
        );
        assert!(match_replay(&store, 7).await.unwrap().is_none());
        let id = fixture::casual(&store, "Ada", "Bo", MatchForm::Hands).await;
        crate::app::matches::enter(
            &store,
            id,
            &crate::app::matches::HumanAction::Move("3".into()),
        )
        .await
        .unwrap();
        let replay = match_replay(&store, id).await.unwrap().unwrap();
        assert_eq!(replay.row.id, id);
        assert_eq!(replay.hands.len(), 1);
        assert!(replay.corrections.is_empty());
    }

    #[tokio::test]
    async fn a_pairing_list_is_refused_for_a_round_not_paired() {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy"]).await;
        fixture::entered(&store, "Club", Format::Swiss, &["Ada", "Bo", "Cy"]).await;
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        let refused = pairing_list(&loaded, None);
        assert!(
            matches!(&refused, Err(AppError::NoSuchRound { round: 0, paired, .. }) if paired == "no round is paired yet"),
            "{:?}",
            refused.map(|_| ())
        );
        fixture::pair(&store, "Club").await;
        let loaded = crate::app::tournaments::load(&store, "Club").await.unwrap();
        let list = pairing_list(&loaded, None).unwrap();
        assert_eq!((list.round, list.rounds_planned), (1, 3));
        // Three players: one match and the pairing's bye, a board of its own; no
        // bye was asked for.
        assert_eq!(list.boards.len(), 2);
        let bye: Vec<_> = list.boards.iter().filter(|b| b.north.is_none()).collect();
        assert_eq!(bye.len(), 1);
        assert_eq!(bye[0].match_id, None);
        assert!(list.byes.is_empty());
    }
}
