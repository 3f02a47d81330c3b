//! Matches as stored: their rows, how they ended, their corrections.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::ai::Level;
use crate::app::repo::{Result, StoreError};
use crate::engine::{BySide, Side, Variant};
use crate::matches::correction::{CorrectionKind, standing_closing};
use crate::matches::{
    Absent, Closing, Hand, MatchForm, MatchOutcome, MatchSpec, MatchState, ResultSummary,
    StoredSeeds,
};
use crate::tournament::TournamentStatus;

/// A match to create.
#[derive(Clone, Debug)]
pub struct NewMatch {
    pub spec: MatchSpec,
    pub south: i64,
    pub north: i64,
    pub seed: u64,
    pub tournament_id: Option<i64>,
    pub round: Option<i64>,
}

/// A match's row: who plays, how, and how it stands.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MatchRow {
    pub id: i64,
    pub variant: String,
    pub form: String,
    pub max_hands: Option<i64>,
    pub first_mover: String,
    pub south_id: i64,
    pub north_id: i64,
    pub south: String,
    pub north: String,
    pub south_engine: Option<String>,
    pub north_engine: Option<String>,
    pub seed: u64,
    pub tournament_id: Option<i64>,
    pub tournament: Option<String>,
    pub round: Option<i64>,
    /// How the match ended (`None`: still in play).
    pub winner: Option<MatchOutcome>,
    pub hands_played: i64,
    /// The summary columns as stored: the last scored hand's seeds, or an entered
    /// result's (what `verify` checks against the replay). Not what a listing shows:
    /// that is [`MatchRow::seeds`].
    #[serde(skip)]
    pub final_south: Option<i64>,
    #[serde(skip)]
    pub final_north: Option<i64>,
    /// Where the rows keep the seeds the hands count (the summary columns, a
    /// `games:N` match's sums and its latest correction's).
    #[serde(skip)]
    pub(crate) stored_seeds: StoredSeeds,
    /// The seeds the match's result counts, as the standings count them
    /// ([`ResultSummary`]: a `games:N` match the sum of its games, an entered result
    /// what was entered, a forfeit or void none); a match in play, its hands' so far.
    /// Set by [`MatchRow::settle`]; what every listing shows (serialised as
    /// `final_south` and `final_north`).
    #[serde(flatten, serialize_with = "seeds_as_columns")]
    pub seeds: Option<BySide<u32>>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// [`crate::ai::ENGINE_VERSION`] when the match was created (`None`: before
    /// versions were recorded, i.e. version 1).
    pub engine_version: Option<i64>,
    /// The status of the match's tournament, read with the row (`None`: a casual
    /// match, or a status word this build does not know). A change to the match is
    /// decided on it ([`TournamentStatus::takes_match_changes`]) and written only if
    /// it still stands ([`crate::app::matches::save`]).
    #[serde(skip)]
    pub tournament_status: Option<TournamentStatus>,
    /// Raised by every write to the match (see [`crate::app::matches::save`]); a technical
    /// counter, not part of the record shown.
    #[serde(skip)]
    pub revision: i64,
    #[serde(skip)]
    pub(crate) rules_json: String,
    /// How the match ended if not on the board: a result entered for the whole match,
    /// a forfeit, or void, as the closing that stands gives it (the latest whole-match
    /// correction, else the match's own closing, read with the row). `None`: played
    /// out, or still in play.
    pub ending: Option<Ending>,
    /// The match's own closing (`match_closings`), read with the row.
    #[serde(skip)]
    pub(crate) own_closing: Option<Closing>,
    /// Whether a director's correction stands beside what was entered (a hand's
    /// score or the whole result; see `match show`).
    pub corrected: bool,
}

/// The seeds a listing shows: a decided match's result's ([`ResultSummary::of_parts`]),
/// one in play its hands' so far.
fn listed_seeds(
    winner: Option<MatchOutcome>,
    closing: Option<Closing>,
    counted: Option<BySide<u32>>,
) -> Option<BySide<u32>> {
    match winner {
        None => counted,
        Some(_) => ResultSummary::of_parts(winner, closing, counted).seeds,
    }
}

/// A listed match's seeds as the two columns its JSON and CSV have always had.
fn seeds_as_columns<S: serde::Serializer>(
    seeds: &Option<BySide<u32>>,
    serializer: S,
) -> std::result::Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Columns {
        final_south: Option<u32>,
        final_north: Option<u32>,
    }
    Columns {
        final_south: seeds.map(|s| s.south),
        final_north: seeds.map(|s| s.north),
    }
    .serialize(serializer)
}

/// How a match ended when it was not played out on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Ending {
    /// The whole match's result was entered (played off the system).
    Entered,
    /// Not played: who did not come.
    Forfeit { absent: Absent },
    /// Annulled by a correction: no result counts.
    Void,
}

impl Ending {
    /// `entered`, `forfeit` or `void`, as `history` names it.
    pub fn kind(self) -> &'static str {
        match self {
            Ending::Entered => "entered",
            Ending::Forfeit { .. } => "forfeit",
            Ending::Void => "void",
        }
    }

    /// How a match closed this way ended.
    pub fn of(closing: Closing) -> Ending {
        match closing {
            Closing::Entered { .. } => Ending::Entered,
            Closing::Forfeit(absent) => Ending::Forfeit { absent },
            Closing::Void => Ending::Void,
        }
    }
}

/// How a finished match ended, as a refusal to change its result names it; its
/// `Display` is the library's English ("Ana (south) won", "drawn", "void",
/// "forfeited, south absent"), and a front end words it from these facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FinishedHow {
    /// Won by `side`, whose player is `name`.
    Won {
        side: Side,
        name: String,
    },
    Drawn,
    /// Annulled by a correction.
    Void,
    /// Not played: `absent` did not come.
    Forfeited {
        absent: Absent,
    },
}

impl FinishedHow {
    /// How `stored` ended (`None` while it is in play).
    pub fn of(stored: &StoredMatch) -> Option<FinishedHow> {
        let outcome = stored.state.outcome()?;
        Some(match (stored.state.closing(), outcome.winner()) {
            (Some(Closing::Forfeit(absent)), _) => FinishedHow::Forfeited { absent },
            (Some(Closing::Void), _) => FinishedHow::Void,
            (_, Some(side)) => FinishedHow::Won {
                side,
                name: stored.row.player_name(side).to_string(),
            },
            (_, None) => FinishedHow::Drawn,
        })
    }
}

impl std::fmt::Display for FinishedHow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FinishedHow::Won { side, name } => write!(f, "{name} ({side}) won"),
            FinishedHow::Drawn => f.write_str("drawn"),
            FinishedHow::Void => f.write_str("void"),
            FinishedHow::Forfeited { absent } => write!(f, "forfeited, {} absent", absent.name()),
        }
    }
}

impl MatchRow {
    /// Sets how the match ended from the closing that stands, given its corrections
    /// in order as the closings they put in place (`None`: a hand's score).
    pub fn settle(&mut self, corrections: impl IntoIterator<Item = Option<Closing>>) {
        let closing = standing_closing(self.own_closing, corrections);
        self.ending = closing.map(Ending::of);
        let sums_games = MatchForm::parse(&self.form).is_ok_and(MatchForm::sums_games);
        self.seeds = listed_seeds(self.winner, closing, self.stored_seeds.counted(sums_games));
    }

    /// Sets [`MatchRow::seeds`] from the match as it now stands (after a write).
    pub(crate) fn show_seeds_of(&mut self, state: &MatchState) {
        self.seeds = listed_seeds(state.outcome(), state.closing(), state.counted_seeds());
    }

    /// The match's spec, rebuilt from the stored rule set.
    pub fn spec(&self) -> Result<MatchSpec> {
        let variant = Variant::from_recorded_json(&self.rules_json)
            .map_err(|e| StoreError::Corrupt(format!("match {}: rules: {e}", self.id)))?;
        let form = MatchForm::parse(&self.form)
            .map_err(|e| StoreError::Corrupt(format!("match {}: form: {e}", self.id)))?;
        let first = Side::parse(&self.first_mover).ok_or_else(|| {
            StoreError::Corrupt(format!(
                "match {}: first mover '{}'",
                self.id, self.first_mover
            ))
        })?;
        let max_hands = self
            .max_hands
            .map(|m| {
                u32::try_from(m)
                    .map_err(|_| StoreError::Corrupt(format!("match {}: max_hands {m}", self.id)))
            })
            .transpose()?;
        // As recorded: a match stored without a hand limit keeps having none.
        let mut spec = MatchSpec::as_recorded(&variant, form, max_hands, first)
            .map_err(|e| StoreError::Corrupt(format!("match {}: spec: {e}", self.id)))?;
        spec.variant = self.variant.clone();
        Ok(spec)
    }

    /// Engine levels per side (`None`: a human).
    pub fn engines(&self) -> Result<BySide<Option<Level>>> {
        let parse = |e: &Option<String>| -> Result<Option<Level>> {
            e.as_deref()
                .map(|name| {
                    Level::parse(name)
                        .map_err(|err| StoreError::Corrupt(format!("match {}: {err}", self.id)))
                })
                .transpose()
        };
        Ok(BySide::new(
            parse(&self.south_engine)?,
            parse(&self.north_engine)?,
        ))
    }

    pub fn player_name(&self, side: Side) -> &str {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

/// A match loaded from the store: its row and the replayed state.
#[derive(Clone, Debug)]
pub struct StoredMatch {
    pub row: MatchRow,
    pub state: MatchState,
}

impl StoredMatch {
    pub fn engines(&self) -> Result<BySide<Option<Level>>> {
        self.row.engines()
    }
}

/// A stored match's rows, as read: the match row (its ending not yet settled), its
/// hands' rows in order, its corrections in order; what
/// `app::stored_match` replays.
#[derive(Clone, Debug)]
pub struct StoredMatchRows {
    pub row: MatchRow,
    pub hands: Vec<crate::app::repo::HandRecord>,
    pub corrections: Vec<Correction>,
}

/// A row of `goobalay history`.
#[derive(Clone, Debug, Default)]
pub struct HistoryFilter {
    pub player: Option<String>,
    /// The player by id (a page's link), instead of by name.
    pub player_id: Option<i64>,
    pub variant: Option<String>,
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    pub tournament: Option<String>,
}

/// A correction as recorded.
#[derive(Clone, Debug, Serialize)]
pub struct Correction {
    pub id: i64,
    pub match_id: i64,
    pub corrected_at: DateTime<Utc>,
    pub reason: String,
    #[serde(flatten)]
    pub kind: CorrectionKind,
    pub before: ResultSummary,
    pub after: ResultSummary,
}

/// A match to insert: what to create, and the hands and outcome it already has (an
/// engine's opening turns, or a whole match played in memory).
pub struct MatchInsert<'a> {
    pub new: &'a NewMatch,
    pub hands: &'a [Hand],
    pub outcome: Option<MatchOutcome>,
}

/// What `history` selects, by ids (`None`: any).
#[derive(Clone, Debug, Default)]
pub struct MatchQuery {
    pub player_id: Option<i64>,
    /// A variant's name as stored.
    pub variant: Option<String>,
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    pub tournament_id: Option<i64>,
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
