//! The plain value types (entrants, format, pairings, results, byes): data, no gate to keep.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Absent, TournamentError};
use crate::engine::BySide;
use crate::matches::ResultSummary;

/// An entrant's id: the store's player id.
pub type EntrantId = i64;

/// Where a tournament stands, as recorded: `open` (no round paired yet), `running`,
/// `finished` (over, or closed by the director) or `reopened` (by the director, after
/// it was finished).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentStatus {
    Open,
    Running,
    Finished,
    Reopened,
}

impl TournamentStatus {
    pub const ALL: [TournamentStatus; 4] = [
        TournamentStatus::Open,
        TournamentStatus::Running,
        TournamentStatus::Finished,
        TournamentStatus::Reopened,
    ];

    /// The word stored and shown.
    pub fn name(self) -> &'static str {
        match self {
            TournamentStatus::Open => "open",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Reopened => "reopened",
        }
    }

    pub fn parse(word: &str) -> Option<TournamentStatus> {
        TournamentStatus::ALL.into_iter().find(|s| s.name() == word)
    }

    /// Whether a match of a tournament standing so takes a move, an arrangement, a
    /// result or a move taken back: not once the tournament is finished (closed), until
    /// the director reopens it.
    pub fn takes_match_changes(self) -> bool {
        self != TournamentStatus::Finished
    }
}

impl fmt::Display for TournamentStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A change refused because tournament `.0` is closed
/// ([`super::Tournament::is_closed`], [`TournamentStatus::takes_match_changes`]):
/// until a director reopens it, it takes no entries, withdrawals, pairings or results.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0} is finished and closed: it takes no entries, withdrawals, pairings or results; a director reopens it"
)]
pub struct ClosedTournament(pub String);

impl crate::hint::Refusal for ClosedTournament {
    fn hint(&self) -> Option<crate::hint::Hint> {
        Some(crate::hint::Hint::Reopen)
    }
}

/// Why an entrant cannot ask for a bye in a round ([`Tournament::check_bye_request`](super::Tournament::check_bye_request)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeRefusal {
    NotEntered,
    Withdrawn,
    /// The round is paired already: `next` is the first that is not, `last` the
    /// last planned.
    RoundPaired {
        next: u32,
        last: u32,
    },
    /// After the last round planned.
    BeyondEnd {
        planned: u32,
    },
    AlreadyAsked,
}

/// One player in one tournament.
///
/// Serialised with `withdrawn` (a bool) beside `withdrawn_after`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "EntrantRepr", from = "EntrantRepr")]
pub struct Entrant {
    pub id: EntrantId,
    pub name: String,
    /// The rating when the entrant joined (Elo scale; see [`Elo`](super::Elo)).
    pub rating: f64,
    /// `Some(r)`: withdrawn after round `r` was paired (`Some(0)`: before round 1), so
    /// not paired in rounds after `r`; the results so far are kept (and a match of
    /// round `r` still pending counts once finished). See [`Entrant::is_withdrawn`].
    pub withdrawn_after: Option<u32>,
    /// Seeding order / starting rank, 1 = strongest. Unique within a tournament; see
    /// [`assign_start_ranks`]. Used as the pairing number (round robin, Swiss, TRF) and
    /// as the final standings fallback.
    pub start_rank: u32,
}

impl Entrant {
    /// Whether the entrant has withdrawn (is no longer paired).
    pub fn is_withdrawn(&self) -> bool {
        self.withdrawn_after.is_some()
    }
}

/// [`Entrant`] as serialised: the `withdrawn` flag is kept for readers of the JSON
/// forms; `withdrawn_after` says when.
#[derive(Serialize, Deserialize)]
struct EntrantRepr {
    id: EntrantId,
    name: String,
    rating: f64,
    withdrawn: bool,
    #[serde(default)]
    withdrawn_after: Option<u32>,
    start_rank: u32,
}

impl From<Entrant> for EntrantRepr {
    fn from(e: Entrant) -> Self {
        EntrantRepr {
            withdrawn: e.is_withdrawn(),
            id: e.id,
            name: e.name,
            rating: e.rating,
            withdrawn_after: e.withdrawn_after,
            start_rank: e.start_rank,
        }
    }
}

impl From<EntrantRepr> for Entrant {
    /// A `withdrawn` entrant without a round is taken as withdrawn before round 1.
    fn from(r: EntrantRepr) -> Self {
        Entrant {
            id: r.id,
            name: r.name,
            rating: r.rating,
            withdrawn_after: r.withdrawn_after.or(r.withdrawn.then_some(0)),
            start_rank: r.start_rank,
        }
    }
}

/// Gives entrants starting ranks 1..n by rating (highest first), then name, then id:
/// the seeding of tournaments made before ratings were kept per variant (since then,
/// [`seed_rated_first`](super::seed_rated_first)).
pub fn assign_start_ranks(entrants: &mut [Entrant]) {
    entrants.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then_with(|| a.name.cmp(&b.name))
            .then_with(|| a.id.cmp(&b.id))
    });
    for (i, e) in entrants.iter_mut().enumerate() {
        e.start_rank = i as u32 + 1;
    }
}

/// The pairing systems (`--system`); what each can do is its
/// [`rules`](Format::rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
    Knockout,
    /// The Monrad system (the Danish Swiss): the players ordered by points, then
    /// pairing number, each meets the next one below they have not met (searching
    /// further down where that leaves the rest unpaired); no rematches.
    Monrad,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::RoundRobin,
        Format::DoubleRoundRobin,
        Format::Swiss,
        Format::Knockout,
        Format::Monrad,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::DoubleRoundRobin => "double-round-robin",
            Format::Swiss => "swiss",
            Format::Knockout => "knockout",
            Format::Monrad => "monrad",
        }
    }

    /// Whether the next round may be paired while a postponed match of the round
    /// before is unplayed: a round robin's schedule does not depend on results; a
    /// Swiss's and a knockout's do.
    pub const fn pairs_around_postponed(self) -> bool {
        self.rules().postponed_matches
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = TournamentError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.name() == t)
            .ok_or(TournamentError::UnknownFormat(s.to_string()))
    }
}

/// One board of one round: `south` moves first (the "white" of TRF); `north == None`
/// is a bye for `south`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    pub round: u32,
    pub board: u32,
    pub south: EntrantId,
    pub north: Option<EntrantId>,
}

impl Pairing {
    pub fn is_bye(&self) -> bool {
        self.north.is_none()
    }

    /// Whether `id` plays on this board (or has this bye).
    pub(crate) fn involves(&self, id: EntrantId) -> bool {
        self.south == id || self.north == Some(id)
    }

    /// The other player, if `id` plays here and it is not a bye.
    pub(crate) fn opponent_of(&self, id: EntrantId) -> Option<EntrantId> {
        if self.south == id {
            self.north
        } else if self.north == Some(id) {
            Some(self.south)
        } else {
            None
        }
    }

    /// The seed of the match on this board of a tournament seeded `tournament_seed`:
    /// a SplitMix64 mix of it with the round and board, so a tournament's matches
    /// replay from its one recorded seed.
    pub(crate) fn match_seed(&self, tournament_seed: u64) -> u64 {
        use crate::seeds::{GOLDEN, finish};
        let spread = GOLDEN.wrapping_mul(u64::from(self.round) << 16 | u64::from(self.board));
        finish(tournament_seed.wrapping_add(spread)) >> 1 // fits in SQLite's signed 64-bit integer either way
    }
}

/// Who won a finished match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    South,
    North,
    Draw,
}

impl Decision {
    /// The decision of a match that ended with `outcome`.
    pub fn of(outcome: crate::matches::MatchOutcome) -> Decision {
        use crate::engine::Side;
        use crate::matches::MatchOutcome;
        match outcome {
            MatchOutcome::Winner(Side::South) => Decision::South,
            MatchOutcome::Winner(Side::North) => Decision::North,
            MatchOutcome::Draw => Decision::Draw,
        }
    }
}

/// A finished match: the decision and each player's seeds at the end (the last hand's
/// final holdings in a multi-hand match, the final score of a single game, the sum
/// over a fixed number of games).
///
/// A forfeit (`forfeit: Some(absent)`) is a match not played: `decision` is the side
/// present (`Draw` for a double forfeit, which scores nobody: see
/// [`Fixture::outcome_for`]) and `seeds` are 0-0. A whole match whose result was
/// entered without its hands is an ordinary played result here. JSON written before
/// forfeits existed has no `forfeit` key: played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    pub decision: Decision,
    pub seeds: BySide<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Absent>,
}

impl MatchResult {
    /// A match played to this result.
    pub const fn played(decision: Decision, seeds: BySide<u32>) -> MatchResult {
        MatchResult {
            decision,
            seeds,
            forfeit: None,
        }
    }

    /// A match forfeited by `absent`.
    pub const fn forfeited(absent: Absent) -> MatchResult {
        MatchResult {
            decision: match absent {
                Absent::South => Decision::North,
                Absent::North => Decision::South,
                Absent::Both => Decision::Draw,
            },
            seeds: BySide { south: 0, north: 0 },
            forfeit: Some(absent),
        }
    }

    /// A match's result as the standings count it (`None`: no result): a forfeit (or a
    /// void match) as forfeited, anything else as played, 0-0 when no seeds are known.
    pub fn of_summary(summary: &ResultSummary) -> Option<MatchResult> {
        let decision = Decision::of(summary.winner?);
        if let Some(absent) = summary.unplayed {
            return Some(MatchResult::forfeited(absent));
        }
        Some(MatchResult::played(
            decision,
            summary.seeds.unwrap_or(BySide::new(0, 0)),
        ))
    }
}

/// A pairing and, once it is finished, its result. Byes never have a result: they
/// score [`PointsScheme::bye`](super::PointsScheme::bye) as soon as they are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fixture {
    pub pairing: Pairing,
    pub result: Option<MatchResult>,
}

impl Fixture {
    pub fn pending(pairing: Pairing) -> Fixture {
        Fixture {
            pairing,
            result: None,
        }
    }

    /// Finished: a bye, or a match with a result.
    pub fn is_finished(&self) -> bool {
        self.pairing.is_bye() || self.result.is_some()
    }

    /// What `id` scored here: `None` if `id` is not on this board or it is pending.
    pub fn outcome_for(&self, id: EntrantId) -> Option<GameOutcome> {
        let p = &self.pairing;
        if !p.involves(id) {
            return None;
        }
        if p.is_bye() {
            return Some(GameOutcome::Bye);
        }
        let r = self.result?;
        let me_south = p.south == id;
        if let Some(absent) = r.forfeit {
            let me_absent = match absent {
                Absent::Both => true,
                Absent::South => me_south,
                Absent::North => !me_south,
            };
            return Some(if me_absent {
                GameOutcome::ForfeitLoss
            } else {
                GameOutcome::ForfeitWin
            });
        }
        Some(match (r.decision, me_south) {
            (Decision::Draw, _) => GameOutcome::Draw,
            (Decision::South, true) | (Decision::North, false) => GameOutcome::Win,
            _ => GameOutcome::Loss,
        })
    }

    /// `id`'s seeds at the end minus the opponent's (0 for byes, forfeits and pending
    /// matches).
    pub(crate) fn seed_difference_for(&self, id: EntrantId) -> i64 {
        match (
            self.result.filter(|r| r.forfeit.is_none()),
            self.pairing.north,
        ) {
            (Some(r), Some(_)) if self.pairing.south == id => {
                r.seeds.south as i64 - r.seeds.north as i64
            }
            (Some(r), Some(n)) if n == id => r.seeds.north as i64 - r.seeds.south as i64,
            _ => 0,
        }
    }
}

/// One player's outcome in one round. Only `Win`, `Draw` and `Loss` are games played
/// ([`GameOutcome::is_played`]); the others are unplayed rounds: never rated, never
/// counted as played, handled by the tiebreaks as FIDE C.07 (2023) art. 16 says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameOutcome {
    Win,
    Draw,
    Loss,
    /// The pairing-allocated bye (TRF `U`): [`PointsScheme::bye`](super::PointsScheme::bye).
    Bye,
    /// The opponent did not come (TRF `+`): a win's points.
    ForfeitWin,
    /// Did not come, or neither player came (TRF `-`): no points.
    ForfeitLoss,
    /// A requested half-point bye (TRF `H`): a draw's points.
    HalfBye,
    /// A requested zero-point bye, or a round a late entrant missed (TRF `Z`).
    ZeroBye,
}

impl GameOutcome {
    /// Played over the board (or off the system and entered), as opposed to a bye or
    /// forfeit.
    pub const fn is_played(self) -> bool {
        matches!(
            self,
            GameOutcome::Win | GameOutcome::Draw | GameOutcome::Loss
        )
    }

    /// A round the player chose not to play or did not come to: FIDE C.07 (2023)
    /// art. 16's "voluntary unplayed round" (a half- or zero-point bye, a forfeit
    /// loss; a round not paired at all counts too, see [`tiebreaks`](super::tiebreaks)). A
    /// pairing-allocated bye and a forfeit win are not: the player was there.
    pub(crate) const fn is_voluntarily_unplayed(self) -> bool {
        matches!(
            self,
            GameOutcome::ForfeitLoss | GameOutcome::HalfBye | GameOutcome::ZeroBye
        )
    }
}

/// The points of a bye a player asks for ahead of a round (`tournament bye`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ByePoints {
    Zero,
    Half,
}

impl ByePoints {
    pub const fn name(self) -> &'static str {
        match self {
            ByePoints::Zero => "zero",
            ByePoints::Half => "half",
        }
    }

    pub fn parse(text: &str) -> Option<ByePoints> {
        match text.trim().to_ascii_lowercase().as_str() {
            "zero" | "0" => Some(ByePoints::Zero),
            "half" | "0.5" => Some(ByePoints::Half),
            _ => None,
        }
    }

    pub const fn outcome(self) -> GameOutcome {
        match self {
            ByePoints::Zero => GameOutcome::ZeroBye,
            ByePoints::Half => GameOutcome::HalfBye,
        }
    }
}

/// A bye recorded for `player` in `round` outside the pairing: asked for before the
/// round was paired (the pairing leaves the player out), or a round a late entrant
/// missed (zero points). It counts once its round is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RequestedBye {
    pub round: u32,
    pub player: EntrantId,
    pub points: ByePoints,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::testutil;

    #[test]
    fn a_result_summary_is_played_forfeited_or_none() {
        use crate::engine::Side;
        use crate::matches::MatchOutcome;
        let summary = |winner, seeds, unplayed| ResultSummary {
            winner,
            seeds,
            unplayed,
        };
        let south = Some(MatchOutcome::Winner(Side::South));
        assert_eq!(MatchResult::of_summary(&summary(None, None, None)), None);
        assert_eq!(
            MatchResult::of_summary(&summary(south, Some(BySide::new(30, 18)), None)),
            Some(MatchResult::played(Decision::South, BySide::new(30, 18)))
        );
        // An entered result without its seeds counts 0-0.
        assert_eq!(
            MatchResult::of_summary(&summary(Some(MatchOutcome::Draw), None, None)),
            Some(MatchResult::played(Decision::Draw, BySide::new(0, 0)))
        );
        assert_eq!(
            MatchResult::of_summary(&summary(south, None, Some(Absent::North))),
            Some(MatchResult::forfeited(Absent::North))
        );
    }

    #[test]
    fn start_ranks_follow_rating_then_name() {
        let mut es = vec![
            testutil::entrant(10, "Cy", 1500.0),
            testutil::entrant(11, "Al", 1700.0),
            testutil::entrant(12, "Bo", 1500.0),
        ];
        assign_start_ranks(&mut es);
        let order: Vec<(i64, u32)> = es.iter().map(|e| (e.id, e.start_rank)).collect();
        assert_eq!(order, vec![(11, 1), (12, 2), (10, 3)]);
    }

    #[test]
    fn a_closed_tournament_takes_no_match_changes() {
        for status in TournamentStatus::ALL {
            assert_eq!(
                status.takes_match_changes(),
                status != TournamentStatus::Finished,
                "{status}"
            );
        }
    }
}
