//! Tournaments as stored and as loaded: their rows, boards, rounds paired.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::app::repo::{Result, StoreError};
use crate::engine::{BySide, Side, Variant};
use crate::matches::{MatchForm, MatchOutcome, MatchSpec, MatchState};
use crate::tournament::{
    Acceleration, Decision, EntrantId, Format, InitialColour, MatchResult, Pairing, PairingSystem,
    PointsScheme, RatingSystem, Tiebreak, Tournament, TournamentSetup, TournamentStatus,
};

fn corrupt(what: String) -> StoreError {
    StoreError::CorruptTournament(what)
}

/// The most rounds a Swiss may have.
pub(crate) const MAX_SWISS_ROUNDS: u32 = 99;

/// A tournament to create.
#[derive(Clone, Debug)]
pub struct NewTournament {
    pub name: String,
    pub variant: Variant,
    pub format: Format,
    /// Swiss only: the number of rounds.
    pub rounds: Option<u32>,
    pub form: MatchForm,
    pub max_hands: Option<u32>,
    pub points: PointsScheme,
    /// Empty: the format's defaults.
    pub tiebreaks: Vec<Tiebreak>,
    /// Seeds every match's engine decisions (mixed with round and board).
    pub seed: u64,
    /// Where, when and under whom it is played (written in its TRF).
    pub details: EventDetails,
    /// A Swiss's initial colour (`--initial`; the others have none).
    pub initial_colour: InitialColour,
    /// A Swiss's accelerated first rounds (`--acceleration`; the others have none).
    pub acceleration: Acceleration,
    /// A knockout's match for third place (`--third-place`).
    pub third_place: bool,
}

pub use crate::tournament::event::EventDetails;

/// A tournament's row.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TournamentRow {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub format: Format,
    pub rounds: Option<u32>,
    pub match_form: String,
    pub max_hands: Option<u32>,
    pub points: String,
    pub tiebreaks: Option<String>,
    pub seed: u64,
    pub status: TournamentStatus,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// How its Swiss rounds are paired (NULL in the table: made before systems
    /// were recorded).
    pub pairing_system: PairingSystem,
    /// The rating it seeds by and shows, over its variant's matches; `None`: seeded
    /// before ratings were kept per variant, by Elo over every match.
    pub rating_system: Option<RatingSystem>,
    /// Where, when and under whom it is played (`event` in JSON, when given).
    #[serde(rename = "event", skip_serializing_if = "EventDetails::is_empty")]
    pub details: EventDetails,
    /// A Swiss's initial colour (NULL in the table: south).
    #[serde(skip_serializing_if = "InitialColour::is_default")]
    pub initial_colour: InitialColour,
    /// A Swiss's accelerated first rounds (NULL in the table: none).
    #[serde(skip_serializing_if = "Acceleration::is_none")]
    pub acceleration: Acceleration,
    /// A knockout's match for third place (`third_place` in JSON, when it has one).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub third_place: bool,
    #[serde(skip)]
    pub(crate) rules_json: String,
}

impl TournamentRow {
    /// The spec of this tournament's matches (South moves first in hand 1).
    pub fn spec(&self) -> Result<MatchSpec> {
        let variant = if self.rules_json.is_empty() {
            Variant::preset(&self.variant)
                .ok_or_else(|| corrupt(format!("tournament {}: no rules", self.id)))?
        } else {
            Variant::from_recorded_json(&self.rules_json)
                .map_err(|e| corrupt(format!("tournament {}: rules: {e}", self.id)))?
        };
        let form = MatchForm::parse(&self.match_form)
            .map_err(|e| corrupt(format!("tournament {}: match form: {e}", self.id)))?;
        let mut spec = MatchSpec::new(&variant, form, self.max_hands, Side::South)
            .map_err(|e| corrupt(format!("tournament {}: match spec: {e}", self.id)))?;
        spec.variant = self.variant.clone();
        Ok(spec)
    }

    /// Whether its matches are `games:N` matches (whose rows keep the sums of their
    /// hands' scores, and their corrections').
    pub fn plays_games(&self) -> bool {
        self.match_form.starts_with("games:")
    }

    pub(crate) fn points_scheme(&self) -> Result<PointsScheme> {
        Ok(self.points.parse()?)
    }

    /// What its standings' rating column shows: "Elo (layli-goobalay)", or
    /// "Elo (all games)" for a tournament seeded before ratings were kept per variant.
    pub fn rating_label(&self) -> String {
        match self.rating_system {
            Some(s) => format!("{} ({})", s.label(), self.variant),
            None => "Elo (all games)".to_string(),
        }
    }

    pub(crate) fn tiebreak_list(&self) -> Result<Vec<Tiebreak>> {
        match self.tiebreaks.as_deref() {
            None | Some("") => Ok(Vec::new()),
            Some(t) => Ok(Tiebreak::parse_list(t)?),
        }
    }
}

/// One board of one round as stored.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BoardRow {
    pub round: u32,
    pub board: u32,
    /// `None` for a bye.
    pub match_id: Option<i64>,
    pub south_id: i64,
    pub north_id: Option<i64>,
    /// Both players are engines: `tournament run` plays it.
    pub engines_only: bool,
    pub finished: bool,
    pub hands_played: i64,
    /// The match seed (0 for a bye).
    pub seed: u64,
    /// Engine levels of South and North (`None`: a human, or a bye), shared: a
    /// 100,000-match tournament holds a handful of distinct ones.
    pub engines: (Option<Arc<str>>, Option<Arc<str>>),
}

/// A tournament loaded from the tables: its row, the pure layer's value, and where
/// each fixture's match is.
#[derive(Clone, Debug)]
pub struct LoadedTournament {
    pub row: TournamentRow,
    pub tournament: Tournament,
    pub boards: Vec<BoardRow>,
    /// Each entrant's engine level (`None`: a human).
    pub engines: HashMap<i64, Option<Arc<str>>>,
}

impl LoadedTournament {
    /// Matches of engine players only that are not finished, in round and board order.
    pub(crate) fn pending_engine_matches(&self) -> Vec<BoardRow> {
        pending_engine_boards(&self.boards)
    }

    /// Paired matches without a result.
    pub(crate) fn pending_matches(&self) -> usize {
        self.boards
            .iter()
            .filter(|b| b.match_id.is_some() && !b.finished)
            .count()
    }

    /// Closed, by its stored status ([`Tournament::is_closed`]).
    pub fn is_closed(&self) -> bool {
        self.tournament.is_closed(self.row.status)
    }

    pub fn board_of_match(&self, id: i64) -> Option<&BoardRow> {
        self.boards.iter().find(|b| b.match_id == Some(id))
    }

    /// Records a match just stored by this process (see
    /// [`crate::app::tournaments::pair_next`]): its
    /// result as `load` would read it.
    pub fn record_played(&mut self, board: &BoardRow, m: &PlayedMatch) {
        if m.outcome.is_none() {
            return;
        }
        record_result(&mut self.tournament, board.round, board.board, m);
        if let Some(b) = self
            .boards
            .iter_mut()
            .find(|b| b.match_id.is_some() && b.match_id == board.match_id)
        {
            b.finished = true;
            b.hands_played = m.hands_finished;
        }
    }

    pub fn name_of(&self, id: i64) -> &str {
        self.tournament.entrant(id).map_or("?", |e| e.name.as_str())
    }
}

/// The boards with an unfinished match between engine players.
pub(crate) fn pending_engine_boards(boards: &[BoardRow]) -> Vec<BoardRow> {
    boards
        .iter()
        .filter(|b| !b.finished && b.engines_only && b.match_id.is_some())
        .cloned()
        .collect()
}

/// Records the result of the finished match `m` on `board` of `round` in `t`, as
/// `load` would read it from the stored match.
pub(crate) fn record_result(t: &mut Tournament, round: u32, board: u32, m: &PlayedMatch) {
    let Some(outcome) = m.outcome else {
        return;
    };
    t.set_result(
        round,
        board,
        Some(MatchResult::played(
            Decision::of(outcome),
            BySide::new(m.result_seeds.0, m.result_seeds.1),
        )),
    );
}

/// A round just paired.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PairedRound {
    pub round: u32,
    pub boards: Vec<BoardRow>,
    /// Retired entrants withdrawn just before this round was paired (names).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub withdrawn_retired: Vec<String>,
}

/// How far an event is: what every page and list says beside the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum Progress {
    /// Entries taken, no round paired yet.
    NotStarted,
    /// A round paired and the event not closed: `round` of `rounds` planned.
    InProgress { round: u32, rounds: u32 },
    /// Closed ([`Tournament::is_closed`]): `round` played of `rounds` planned.
    Finished { round: u32, rounds: u32 },
}

impl Progress {
    /// The one rule: finished when closed (marked finished, or over and not
    /// reopened), not started before round 1 is paired, else in progress. A
    /// reopened event is in progress, whether or not its last round is over: it
    /// takes entries, pairings and results again.
    fn of_facts(closed: bool, round: u32, rounds: u32) -> Progress {
        if closed {
            Progress::Finished { round, rounds }
        } else if round == 0 {
            Progress::NotStarted
        } else {
            Progress::InProgress { round, rounds }
        }
    }

    /// The progress of a loaded tournament.
    pub fn of(loaded: &LoadedTournament) -> Progress {
        let t = &loaded.tournament;
        Progress::of_facts(loaded.is_closed(), t.current_round(), t.planned_rounds())
    }

    /// The progress of a tournament marked finished, from its list row alone (no
    /// need to load it: marked finished is closed).
    fn of_marked_finished(s: &TournamentSummary) -> Progress {
        let rounds = (s.row.format.rules().planned_rounds)(s.entrants as u32, s.row.rounds);
        Progress::of_facts(true, s.rounds_paired as u32, rounds)
    }

    pub fn in_progress(self) -> bool {
        matches!(self, Progress::InProgress { .. })
    }

    /// "in progress: round 2 of 5", "finished after round 5 of 5", "not started".
    pub fn text(self) -> String {
        match self {
            Progress::NotStarted => "not started: entries open".to_string(),
            Progress::InProgress { round, rounds } => {
                format!("in progress: round {round} of {rounds}")
            }
            Progress::Finished { round, rounds } if round < rounds => {
                format!("finished after round {round} of {rounds} (closed early)")
            }
            Progress::Finished { round, .. } => format!("finished after round {round}"),
        }
    }
}

/// A tournament as `tournament list` and the web's index list it: its row and
/// counts, and how far it is.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ListedTournament {
    #[serde(flatten)]
    pub summary: TournamentSummary,
    pub progress: Progress,
}

impl ListedTournament {
    /// A tournament marked finished, listed from its row alone (marked finished is
    /// closed: there is nothing to load).
    pub(crate) fn marked_finished(summary: TournamentSummary) -> ListedTournament {
        ListedTournament {
            progress: Progress::of_marked_finished(&summary),
            summary,
        }
    }

    /// A tournament listed with what its loaded form says: its progress, and
    /// finished when closed though not yet marked (its last result came in after
    /// the last `tournament run`).
    pub fn loaded(mut summary: TournamentSummary, loaded: &LoadedTournament) -> ListedTournament {
        if loaded.is_closed() {
            summary.row.status = TournamentStatus::Finished;
        }
        ListedTournament {
            progress: Progress::of(loaded),
            summary,
        }
    }
}

/// A tournament in `tournament list`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TournamentSummary {
    #[serde(flatten)]
    pub row: TournamentRow,
    pub entrants: i64,
    pub rounds_paired: i64,
    pub matches: i64,
    pub matches_finished: i64,
}

/// An engine match just played and stored by a tournament run.
#[derive(Clone, Debug)]
pub struct PlayedMatch {
    pub id: i64,
    pub outcome: Option<MatchOutcome>,
    pub hands: usize,
    pub moves: usize,
    /// Seeds at the end (the last hand's scores).
    pub seeds: Option<(u32, u32)>,
    /// The seeds the standings count (a `games:N` match: the sums over its games;
    /// otherwise the last hand's scores, 0 without one).
    pub result_seeds: (u32, u32),
    /// Hands finished.
    pub hands_finished: i64,
}

pub(crate) fn board_row(
    p: &Pairing,
    match_id: Option<i64>,
    finished: bool,
    hands_played: i64,
    seed: u64,
    engines: (Option<Arc<str>>, Option<Arc<str>>),
) -> BoardRow {
    BoardRow {
        round: p.round,
        board: p.board,
        match_id,
        south_id: p.south,
        north_id: p.north,
        engines_only: match_id.is_some() && engines.0.is_some() && engines.1.is_some(),
        finished,
        hands_played,
        seed,
        engines,
    }
}

pub(crate) fn played(id: i64, state: &MatchState) -> PlayedMatch {
    PlayedMatch {
        id,
        outcome: state.outcome(),
        hands: state.hands().len(),
        moves: state.hands().iter().map(|h| h.moves.len()).sum(),
        seeds: state
            .hands()
            .iter()
            .rev()
            .find_map(|h| h.score)
            .map(|s| (s.south, s.north)),
        result_seeds: state.counted_seeds().map_or((0, 0), |s| (s.south, s.north)),
        hands_finished: state.hands().iter().filter(|h| h.end.is_some()).count() as i64,
    }
}

/// A tournament as its tables hold it: its row, the pure layer's setup read from
/// the tournament's rows and entrants (its fixtures still empty, not yet through the
/// gate, [`crate::tournament::Tournament::new_checked`]; the match and bye rows they
/// are made from are read next, [`crate::app::repo::TournamentRepo::fixture_rows`])
/// and each entrant's engine level. An entrant seeded by no stored rating yet (before round 1
/// is paired) is set at Elo's initial rating and named in `unrated`: which rating
/// they are shown with is the application layer's to say.
#[derive(Debug)]
pub struct StoredTournament {
    pub row: TournamentRow,
    pub setup: TournamentSetup,
    pub engines: HashMap<i64, Option<Arc<str>>>,
    pub unrated: Vec<EntrantId>,
}

/// What a load reads: everything, or the tournament without the boards' records
/// (`boards` and `engines` left empty): the pure layer's tournament and the row, all
/// that the standings need, read in less time and memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parts {
    Whole,
    Results,
}

/// Engine matches already played from the setup for a round not yet paired in the
/// database, by (round, board): see [`crate::app::run`].
pub(crate) type PlayedAhead = HashMap<(u32, u32), (BoardRow, MatchState)>;

/// A round as the director pairs it: boards in order, each South (who moves first)
/// and North, or a lone player for the bye; the boards with players first.
#[derive(Clone, Debug, Default)]
pub struct ManualRound {
    pub boards: Vec<(String, Option<String>)>,
    pub reason: Option<String>,
    /// Round 1 of an imported tournament: the starting ranks and ratings are the
    /// file's, already stored, not goobalay's seeding.
    pub keep_seeding: bool,
}

/// One board of a round as recorded in `round_pairings.boards`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedBoard {
    pub board: u32,
    pub south: i64,
    pub north: Option<i64>,
    pub match_id: Option<i64>,
}

impl RecordedBoard {
    pub(crate) fn of(b: &BoardRow) -> RecordedBoard {
        RecordedBoard {
            board: b.board,
            south: b.south_id,
            north: b.north_id,
            match_id: b.match_id,
        }
    }
}

/// An engine match played in memory from the setup, to be written over its stored
/// match ([`crate::app::repo::TournamentRepo::write_played_round`]), which the
/// writing transaction read untouched ([`MatchState::is_untouched`]) at `revision`.
#[derive(Debug)]
pub struct PlayedFromSetup {
    pub board: BoardRow,
    pub state: MatchState,
    /// The stored match's revision when it was read: written only if it still is.
    pub revision: i64,
}

/// What a round's write wrote ([`crate::store::repo::TournamentRepo::write_played_round`]).
#[derive(Debug, Default)]
pub struct WrittenRound {
    /// The matches written, in board order.
    pub stored: Vec<(BoardRow, PlayedMatch)>,
    /// The boards whose match was not untouched when read, or was changed since
    /// (another process started or played it), so not written: each is to be played
    /// on from what is stored.
    pub touched: Vec<BoardRow>,
}

/// Why a bye outside the pairing is there (`tournament_requested_byes.reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeReason {
    /// Asked for ahead of its round.
    Requested,
    /// A round paired before the player entered.
    LateEntry,
}

/// A match of a round to insert: who plays, its seed and engine levels, and the
/// match itself if the engines already played it (`tournament run` plays ahead).
pub struct RoundMatch<'a> {
    pub south: i64,
    pub north: i64,
    pub engines: (Option<&'a str>, Option<&'a str>),
    pub seed: u64,
    pub played: Option<&'a MatchState>,
}
