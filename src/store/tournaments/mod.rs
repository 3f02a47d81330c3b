//! Tournaments in the store: entry lists, rounds paired into ordinary matches (and
//! byes), and engine matches played and written in transactions.
//!
//! The tables (`tournaments`, `tournament_players`, `tournament_byes`, and
//! `matches.tournament_id`/`round`) are read as a tournament's rows on every call
//! ([`load::StoredTournament`]), which the application layer turns into a
//! [`Tournament`] value (`app::tournaments::loading`); pairing, standings and
//! exports are the pure tournament layer's. A round is paired in one
//! `BEGIN IMMEDIATE` transaction (all its matches and byes or none), and an engine
//! match is played in memory and written in one transaction (`tournament run`
//! writes a whole round's engine matches in one,
//! [`TournamentRepo::write_played_round`](crate::store::repo::TournamentRepo::write_played_round),
//! see [`crate::app::run`]), so a `tournament run` that is killed at any moment
//! resumes without losing or duplicating a match: engine decisions are seeded from
//! the match seed, so a replayed match is the same match.
//!
//! Boards: a round's matches are created in board order, so their board numbers are
//! their order by id within the round; byes store their board.
//!
//! The files, each with one reason to change, lowest first (a file names only
//! files before it, and `ratings`, between `byes` and `load`):
//! - this one, the model: the rows as read and the helpers that build and update a
//!   [`LoadedTournament`] as `load` would read it back;
//! - `byes`: byes outside the pairing (`tournament_requested_byes`);
//! - `load`: reading a tournament from its tables;
//! - `status`: the records of closings and reopenings, and the closing a last
//!   result brings (closing and reopening are the application layer's,
//!   [`crate::app::tournaments`], over [`crate::store::repo::TournamentRepo`]);
//! - `pair`: what pairing a round hands over and records (a round given by hand, a
//!   board as recorded, matches played ahead); the pairing itself is the application
//!   layer's ([`crate::app::tournaments`]);
//! - `play`: a round's engine matches, played in memory by the application layer,
//!   written where their stored match is untouched.
//!
//! Ratings are the application layer's, from the stored results
//! (`crate::app::ratings`); the director's round records are in [`super::rounds`].

pub(super) mod byes;
pub mod load;
pub(super) mod pair;
pub(in crate::store) mod play;
pub(crate) mod status;

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::StoreError;
use super::sql::Row;
use crate::engine::{BySide, Side, Variant};
use crate::matches::{MatchForm, MatchOutcome, MatchSpec, MatchState};
use crate::tournament::{
    Decision, Format, MatchResult, Pairing, PairingSystem, PointsScheme, RatingSystem, Tiebreak,
    Tournament, TournamentStatus,
};

pub use pair::PlayedAhead;
pub use play::WrittenRound;

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// The most rounds a Swiss may have.
pub const MAX_SWISS_ROUNDS: u32 = 99;

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
}

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
    #[serde(skip)]
    rules_json: String,
}

impl TournamentRow {
    pub(in crate::store) fn from_row(r: &Row) -> Result<TournamentRow> {
        let id: i64 = r.try_get("id")?;
        let format: String = r.try_get("format")?;
        Ok(TournamentRow {
            id,
            name: r.try_get("name")?,
            variant: r.try_get("variant")?,
            format: format
                .parse()
                .map_err(|_| corrupt(format!("tournament {id}: format '{format}'")))?,
            rounds: r.try_get::<Option<i64>>("rounds")?.map(|v| v as u32),
            match_form: r.try_get("match_form")?,
            max_hands: r.try_get::<Option<i64>>("max_hands")?.map(|v| v as u32),
            points: r.try_get("points")?,
            tiebreaks: r.try_get("tiebreaks")?,
            pairing_system: {
                let name: Option<String> = r.try_get("pairing_system")?;
                PairingSystem::from_record(name.as_deref())
                    .map_err(|e| corrupt(format!("tournament {id}: {e}")))?
            },
            rating_system: {
                let name: Option<String> = r.try_get("rating_system")?;
                name.map(|n| {
                    RatingSystem::parse(&n)
                        .ok_or_else(|| corrupt(format!("tournament {id}: rating system '{n}'")))
                })
                .transpose()?
            },
            seed: r.try_get::<i64>("seed")? as u64,
            status: {
                let word: String = r.try_get("status")?;
                TournamentStatus::parse(&word)
                    .ok_or_else(|| corrupt(format!("tournament {id}: status '{word}'")))?
            },
            created_at: r.try_get("created_at")?,
            finished_at: r.try_get("finished_at")?,
            rules_json: r.try_get::<Option<String>>("rules")?.unwrap_or_default(),
        })
    }

    /// The spec of this tournament's matches (South moves first in hand 1).
    pub fn spec(&self) -> Result<MatchSpec> {
        let variant = if self.rules_json.is_empty() {
            Variant::preset(&self.variant)
                .ok_or_else(|| corrupt(format!("tournament {}: no rules", self.id)))?
        } else {
            Variant::from_recorded_json(&self.rules_json)
                .map_err(|e| corrupt(format!("tournament {}: rules: {e}", self.id)))?
        };
        let form = MatchForm::parse(&self.match_form)?;
        let mut spec = MatchSpec::new(&variant, form, self.max_hands, Side::South)?;
        spec.variant = self.variant.clone();
        Ok(spec)
    }

    pub fn points_scheme(&self) -> Result<PointsScheme> {
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

    pub fn tiebreak_list(&self) -> Result<Vec<Tiebreak>> {
        match self.tiebreaks.as_deref() {
            None | Some("") => Ok(Vec::new()),
            Some(t) => Ok(Tiebreak::parse_list(t)?),
        }
    }
}

fn corrupt(what: String) -> StoreError {
    StoreError::CorruptTournament(what)
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
    pub fn pending_engine_matches(&self) -> Vec<BoardRow> {
        pending_engine_boards(&self.boards)
    }

    /// Paired matches without a result.
    pub fn pending_matches(&self) -> usize {
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
pub fn pending_engine_boards(boards: &[BoardRow]) -> Vec<BoardRow> {
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

/// A played match's summary columns as `app::matches::save` writes them: the winner,
/// the hands finished, and the last hand's scores.
///
/// A whole-match result entered with its final seeds stores those seeds.
pub(crate) fn summary(state: &MatchState) -> (Option<&'static str>, i64, Option<u32>, Option<u32>) {
    let last_score = match state.closing() {
        Some(crate::matches::Closing::Entered {
            seeds: Some(seeds), ..
        }) => Some(seeds),
        _ => state.hands().iter().rev().find_map(|h| h.score),
    };
    (
        state.outcome().map(MatchOutcome::name),
        state.hands().iter().filter(|h| h.end.is_some()).count() as i64,
        last_score.map(|s| s.south),
        last_score.map(|s| s.north),
    )
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
