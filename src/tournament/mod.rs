//! Pairings, standings and ratings: pure functions over results.
//!
//! No SQL, no I/O, no printing: the store hands this layer a [`Tournament`] value
//! (settings, entrants, every fixture so far with its result) and gets back pairings,
//! standings, a crosstable, rating changes or export text. The same input always gives
//! the same output.
//!
//! # How the store and CLI call this layer
//!
//! Fill in a [`TournamentSetup`] from the tables on every command (it is cheap) and
//! check it into a [`Tournament`] ([`Tournament::new_checked`]); a `Tournament` is
//! valid by construction, so the queries below check nothing again:
//! - `name`, `variant`, `format` ([`Format`] parses `round-robin`,
//!   `double-round-robin`, `swiss`, `knockout`), `rounds` (Swiss `--rounds`),
//!   `points` ([`PointsScheme`] parses `--points 1,0.5,0[,bye]`), `tiebreaks`
//!   ([`Tiebreak::parse_list`] parses `--tiebreaks bh,sb,h2h`; empty = defaults).
//! - `entrants`: one [`Entrant`] per `tournament add`, with the player's id, name,
//!   rating at entry, `withdrawn_after` (set by `tournament withdraw`) and a unique
//!   `start_rank`. Call [`assign_start_ranks`] once when round 1 is paired (or keep
//!   entry order); store the ranks. A round robin's entry list must not change after
//!   round 1 except by withdrawal ([`TournamentError::EntriesChanged`]).
//! - `fixtures`: one [`Fixture`] per stored pairing: `round`, `board`, `south` (moves
//!   first), `north` (`None` = bye), and `result` once the match is finished: its
//!   [`Decision`] and the seeds each player held at the end (for a multi-hand match:
//!   the final holdings). Byes carry no match and no result.
//!
//! Then:
//! - `tournament pair`: [`Tournament::next_round`] returns the next round's
//!   [`Pairing`]s (boards numbered from 1, bye last). Store each as a fixture and create
//!   a match per non-bye pairing with `south`/`north` as the match's South/North. It
//!   fails with [`TournamentError::RoundIncomplete`] while the current round has
//!   unfinished matches, [`TournamentError::Finished`] after the last round, and
//!   [`TournamentError::TooFewEntrants`]; all messages are one line for the user.
//! - `tournament standings`: [`Tournament::standings`] gives [`Standings`] rows in
//!   order with points, W/D/L, byes and the tiebreak values ([`TiebreakValue`]
//!   displays itself); `crosstable`: [`Tournament::crosstable`] ([`Crosstable`]:
//!   players in standings order, `cells[i][j]` the games of i against j, `cards[i]`
//!   i's rounds). `tournament show`: [`Tournament::round_fixtures`] per round and
//!   [`export::result_text`]. CSV/JSON forms: [`export::standings_csv`],
//!   [`export::crosstable_csv`], and serde (`Standings`, `Crosstable` serialise).
//! - `tournament export --format F`: [`export::export`] with [`export::ExportFormat`]
//!   (csv, json, markdown, html, trf); write the string to stdout or a file.
//! - Knockout: [`pairing::knockout::champion`] and [`pairing::knockout::bracket`].
//! - Ratings: after each finished rated match, feed a [`RatedGame`] (match id, the two
//!   player ids, decision) to [`Elo::rate`] with the current ratings, and store both
//!   [`RatingChange`]s (before, after, expected, score) as the players' history; or
//!   recompute everything with [`Elo::rate_all`] in finishing order.
//! - `verify`: [`pairing::audit::check`] re-pairs every stored round from the rounds
//!   before it (entrants, withdrawals and results of that moment) and checks the
//!   starting ranks; it returns each round that differs.
//! - `tournament run` needs nothing more: it plays the pending matches (the matches
//!   layer), stores their results, and calls `next_round` again.
//!
//! ```
//! use goobalay::tournament::{Format, Tournament, TournamentSetup, Entrant, assign_start_ranks};
//!
//! let mut setup = TournamentSetup::new("Club night", "layli-goobalay", Format::RoundRobin);
//! for (id, name, rating) in [(1, "Ama", 1600.0), (2, "Kofi", 1500.0), (3, "Esi", 1550.0)] {
//!     setup.entrants.push(Entrant { id, name: name.into(), rating, withdrawn_after: None, start_rank: 0 });
//! }
//! assign_start_ranks(&mut setup.entrants);
//! let mut t = Tournament::new_checked(setup)?;
//! let round1 = t.next_round()?;
//! assert_eq!(round1.len(), 2); // one game and one bye
//! assert!(round1[1].is_bye());
//! t.add_round(&round1)?;
//! // Store the fixtures, play the match, then put its result in and pair again.
//! # Ok::<(), goobalay::tournament::TournamentError>(())
//! ```
//!
//! # Rules chosen here (each documented in its module)
//! - Round robin: Berger tables ([`pairing::round_robin`]).
//! - Swiss: FIDE's Dutch system, 2025 rules ([`pairing::dutch`]); tournaments made
//!   before it keep goobalay's first Swiss ([`pairing::swiss`]), see [`PairingSystem`].
//! - Knockout: seeded by rating; a drawn match goes to the player with more seeds at
//!   the end, then to the higher seed ([`pairing::knockout`]).
//! - Standings and tiebreaks ([`standings`], [`tiebreaks`]); points are exact
//!   ([`Points`]); a bye scores the scheme's bye value (default: a win).
//! - Elo with K = 32 ([`ratings`]).

mod closing;
pub mod crosstable;
pub mod export;
pub mod import;
pub mod pairing;
pub mod ratings;
pub mod seeding;
pub mod standings;
pub mod tiebreaks;
pub mod trf_columns;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::BySide;
pub use crate::matches::Absent;

pub use closing::{ClosingRefusal, check_closing};
pub use crosstable::{Crosstable, RoundEntry, RoundOutcome};
pub use ratings::{
    Elo, Rated, RatedGame, RatingChange, RatingSource, RatingSystem, StartingRating,
    StartingRatingError, rate_games,
};
pub use seeding::{seed_rated_first, seed_round_one, seeding_rating};
pub use standings::{StandingRow, Standings};
pub use tiebreaks::{Tiebreak, TiebreakValue};

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

/// Why an entrant cannot ask for a bye in a round ([`Tournament::check_bye_request`]).
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
    /// The rating when the entrant joined (Elo scale; see [`ratings`]).
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
/// [`seed_rated_first`]).
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

/// The tournament formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
    Knockout,
}

impl Format {
    pub const ALL: [Format; 4] = [
        Format::RoundRobin,
        Format::DoubleRoundRobin,
        Format::Swiss,
        Format::Knockout,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::DoubleRoundRobin => "double-round-robin",
            Format::Swiss => "swiss",
            Format::Knockout => "knockout",
        }
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
    pub fn involves(&self, id: EntrantId) -> bool {
        self.south == id || self.north == Some(id)
    }

    /// The other player, if `id` plays here and it is not a bye.
    pub fn opponent_of(&self, id: EntrantId) -> Option<EntrantId> {
        if self.south == id {
            self.north
        } else if self.north == Some(id) {
            Some(self.south)
        } else {
            None
        }
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
}

/// A pairing and, once it is finished, its result. Byes never have a result: they
/// score [`PointsScheme::bye`] as soon as they are paired.
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
    pub fn seed_difference_for(&self, id: EntrantId) -> i64 {
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
    /// The pairing-allocated bye (TRF `U`): [`PointsScheme::bye`].
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
    /// loss; a round not paired at all counts too, see [`tiebreaks`]). A
    /// pairing-allocated bye and a forfeit win are not: the player was there.
    pub const fn is_voluntarily_unplayed(self) -> bool {
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

/// Tournament points, exact: stored in units of 1/2000 of a point so that sums and the
/// half-scores of Sonneborn-Berger never round, whatever order they are added in.
/// Parsed from and shown as decimals ("1", "0.5", "2.25").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Points(pub i64);

impl Points {
    pub const UNIT: i64 = 2000;
    pub const ZERO: Points = Points(0);

    pub const fn whole(n: i64) -> Points {
        Points(n * Self::UNIT)
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Self::UNIT as f64
    }

    /// Half of it (exact while the value is in whole thousandths).
    pub const fn half(self) -> Points {
        Points(self.0 / 2)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

impl fmt::Display for Points {
    /// Shortest exact decimal: `1`, `0.5`, `12.25`, `-1.5` (for files and programs).
    /// The alternate form (`{:#}`) is for people, as tables print points: halves and
    /// quarters as fractions, `2½`, `½`, `¾`, `-1½`; other fractions as decimals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let v = self.0.unsigned_abs();
        let unit = Self::UNIT as u64;
        let whole = v / unit;
        let frac = v % unit; // in 1/2000
        if frac == 0 {
            return f.pad(&format!("{sign}{whole}"));
        }
        if f.alternate() {
            let glyph = match frac * 4 / unit {
                _ if !(frac * 4).is_multiple_of(unit) => None,
                1 => Some('¼'),
                2 => Some('½'),
                _ => Some('¾'),
            };
            if let Some(g) = glyph {
                let whole = if whole == 0 {
                    String::new()
                } else {
                    whole.to_string()
                };
                return f.pad(&format!("{sign}{whole}{g}"));
            }
        }
        // 1/2000 = 0.0005: four decimals are always exact.
        let mut digits = format!("{:04}", frac * 10_000 / unit);
        while digits.ends_with('0') {
            digits.pop();
        }
        f.pad(&format!("{sign}{whole}.{digits}"))
    }
}

impl FromStr for Points {
    type Err = TournamentError;
    /// A decimal with at most three decimals, e.g. `1`, `0.5`, `3`, `0.25`.
    fn from_str(s: &str) -> Result<Points, TournamentError> {
        let bad = || TournamentError::BadPoints(s.to_string());
        let t = s.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        if whole.is_empty() && frac.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || frac.len() > 3
            || whole.len() > 6
        {
            return Err(bad());
        }
        let w: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad())?
        };
        let mut milli: i64 = 0;
        for (i, b) in frac.bytes().enumerate() {
            milli += (b - b'0') as i64 * [100, 10, 1][i];
        }
        let v = w * Self::UNIT + milli * 2;
        Ok(Points(if neg { -v } else { v }))
    }
}

impl Serialize for Points {
    /// As a JSON number (exact: at most four decimals).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        Ok(Points((v * Self::UNIT as f64).round() as i64))
    }
}

/// Points for a win, a draw, a loss and a pairing-allocated bye.
///
/// Written `WIN,DRAW,LOSS[,BYE]` (e.g. `1,0.5,0` or `3,1,0,3`). When the bye is not
/// given it scores as a win (FIDE's default for a pairing-allocated bye). A bye is
/// never rated, counts as no opponent for Buchholz and Sonneborn-Berger, and not as a
/// win for the "wins" tiebreak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsScheme {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub bye: Points,
}

impl Default for PointsScheme {
    fn default() -> Self {
        PointsScheme {
            win: Points::whole(1),
            draw: Points(Points::UNIT / 2),
            loss: Points::ZERO,
            bye: Points::whole(1),
        }
    }
}

impl PointsScheme {
    pub fn points(&self, outcome: GameOutcome) -> Points {
        match outcome {
            GameOutcome::Win => self.win,
            GameOutcome::Draw => self.draw,
            GameOutcome::Loss => self.loss,
            GameOutcome::Bye => self.bye,
            GameOutcome::ForfeitWin => self.win,
            GameOutcome::HalfBye => self.draw,
            GameOutcome::ForfeitLoss | GameOutcome::ZeroBye => Points::ZERO,
        }
    }
}

impl FromStr for PointsScheme {
    type Err = TournamentError;
    fn from_str(s: &str) -> Result<Self, TournamentError> {
        let bad = |why: &str| TournamentError::BadPointsScheme(s.to_string(), why.to_string());
        let parts: Vec<&str> = s.split(',').collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(bad("expected WIN,DRAW,LOSS or WIN,DRAW,LOSS,BYE"));
        }
        let mut v = Vec::with_capacity(4);
        for p in &parts {
            let points = p.parse::<Points>().map_err(|_| {
                bad("each value must be a number with at most 3 decimals, like 1 or 0.5")
            })?;
            if points.0 < 0 {
                return Err(bad("points cannot be negative"));
            }
            v.push(points);
        }
        let scheme = PointsScheme {
            win: v[0],
            draw: v[1],
            loss: v[2],
            bye: v.get(3).copied().unwrap_or(v[0]),
        };
        if !(scheme.win > scheme.draw && scheme.draw >= scheme.loss) {
            return Err(bad(
                "a win must score more than a draw, and a draw at least a loss",
            ));
        }
        Ok(scheme)
    }
}

impl fmt::Display for PointsScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{},{}", self.win, self.draw, self.loss, self.bye)
    }
}

/// How a Swiss tournament is paired. Recorded with each tournament when it is
/// created, so that `verify` re-derives its rounds by the rules they were made
/// under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PairingSystem {
    /// goobalay's first Swiss, a simplified Dutch system ([`pairing::swiss`]):
    /// every tournament created before pairing systems were recorded.
    #[serde(rename = "goobalay-swiss-1")]
    GoobalaySwiss1,
    /// FIDE's Dutch system, 2025 rules ([`pairing::dutch`]), as first made: a
    /// player who has had a bye outside the pairing counts for the pairing numbers
    /// even when left out of the round.
    #[default]
    #[serde(rename = "dutch-2025")]
    Dutch2025,
    /// The same, with pairing numbers counted as bbpPairings counts them: only a
    /// player in this pairing or who took part in an earlier one (a board or the
    /// pairing-allocated bye) has one. New tournaments are paired with it.
    #[serde(rename = "dutch-2025-v2")]
    Dutch2025v2,
}

impl PairingSystem {
    /// The system new tournaments are paired with.
    pub const CURRENT: PairingSystem = PairingSystem::Dutch2025v2;

    pub const fn name(self) -> &'static str {
        match self {
            PairingSystem::GoobalaySwiss1 => "goobalay-swiss-1",
            PairingSystem::Dutch2025 => pairing::dutch::SYSTEM,
            PairingSystem::Dutch2025v2 => pairing::dutch::SYSTEM_V2,
        }
    }

    /// The system recorded for a tournament; `None` (no record) is the system
    /// of every tournament made before systems were recorded.
    pub fn from_record(name: Option<&str>) -> Result<PairingSystem, TournamentError> {
        match name {
            None | Some("goobalay-swiss-1") => Ok(PairingSystem::GoobalaySwiss1),
            Some(pairing::dutch::SYSTEM) => Ok(PairingSystem::Dutch2025),
            Some(pairing::dutch::SYSTEM_V2) => Ok(PairingSystem::Dutch2025v2),
            Some(other) => Err(TournamentError::UnknownPairingSystem(other.to_string())),
        }
    }
}

impl fmt::Display for PairingSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tournament as the store, an import or a test fills it in: everything the pure
/// layer needs to know, not yet checked (the `Setup` of a [`Tournament`]). All fields
/// are public; [`Tournament::new_checked`] (or `TryFrom`) is the one way to a
/// [`Tournament`], and checks what [`TournamentSetup::validate`] checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentSetup {
    pub name: String,
    pub variant: String,
    pub format: Format,
    /// Swiss: the number of rounds (`None`: [`Tournament::planned_rounds`]'s default).
    /// Ignored by the other formats, whose length follows from the entry count.
    pub rounds: Option<u32>,
    pub points: PointsScheme,
    /// Tiebreak order; empty means [`Tiebreak::defaults`] for the format.
    pub tiebreaks: Vec<Tiebreak>,
    pub entrants: Vec<Entrant>,
    /// Every pairing made so far, with results where finished, in any order.
    pub fixtures: Vec<Fixture>,
    /// How Swiss rounds are paired (the other formats ignore it).
    #[serde(default)]
    pub pairing_system: PairingSystem,
    /// Rounds the director paired by hand ([`pairing::manual`]): checked as rounds,
    /// not re-derived from the pairing rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub manual_rounds: Vec<u32>,
    /// Byes outside the pairing (requested, or rounds a late entrant missed), in any
    /// order; those of rounds not yet paired are requests the next pairing honours.
    #[serde(default)]
    pub requested_byes: Vec<RequestedBye>,
}

impl TournamentSetup {
    /// A tournament with no entrants and no fixtures, default points and tiebreaks,
    /// paired (if a Swiss) by [`PairingSystem::CURRENT`].
    pub fn new(name: impl Into<String>, variant: impl Into<String>, format: Format) -> Self {
        TournamentSetup {
            name: name.into(),
            variant: variant.into(),
            format,
            rounds: None,
            points: PointsScheme::default(),
            tiebreaks: Vec::new(),
            entrants: Vec::new(),
            fixtures: Vec::new(),
            pairing_system: PairingSystem::CURRENT,
            manual_rounds: Vec::new(),
            requested_byes: Vec::new(),
        }
    }

    /// Checks the data handed over: unique ids and starting ranks, fixtures that name
    /// entrants, nobody twice in one round, no result on a bye, rounds and boards
    /// numbered from 1.
    pub fn validate(&self) -> Result<(), TournamentError> {
        check_invariants(&self.entrants, &self.fixtures, &self.requested_byes)
    }
}

/// One tournament, checked: its settings, entrants, every fixture so far with its
/// result, and the byes outside the pairing. Built only from a [`TournamentSetup`]
/// by [`Tournament::new_checked`] (or `TryFrom`), so the invariants of
/// [`TournamentSetup::validate`] hold for every value; changed only by the methods
/// that keep them ([`Tournament::add_round`], [`Tournament::set_result`], ...).
/// Serialised as its setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "TournamentSetup", try_from = "TournamentSetup")]
pub struct Tournament {
    name: String,
    variant: String,
    format: Format,
    rounds: Option<u32>,
    points: PointsScheme,
    tiebreaks: Vec<Tiebreak>,
    entrants: Vec<Entrant>,
    fixtures: Vec<Fixture>,
    pairing_system: PairingSystem,
    manual_rounds: Vec<u32>,
    requested_byes: Vec<RequestedBye>,
}

impl TryFrom<TournamentSetup> for Tournament {
    type Error = TournamentError;

    /// [`Tournament::new_checked`].
    fn try_from(setup: TournamentSetup) -> Result<Tournament, TournamentError> {
        Tournament::new_checked(setup)
    }
}

impl From<Tournament> for TournamentSetup {
    fn from(t: Tournament) -> TournamentSetup {
        TournamentSetup {
            name: t.name,
            variant: t.variant,
            format: t.format,
            rounds: t.rounds,
            points: t.points,
            tiebreaks: t.tiebreaks,
            entrants: t.entrants,
            fixtures: t.fixtures,
            pairing_system: t.pairing_system,
            manual_rounds: t.manual_rounds,
            requested_byes: t.requested_byes,
        }
    }
}

impl Tournament {
    /// The gate: `setup` as a [`Tournament`] once [`TournamentSetup::validate`] finds
    /// nothing wrong.
    ///
    /// # Errors
    /// What [`TournamentSetup::validate`] finds, e.g.
    /// [`TournamentError::DuplicateEntrant`] or [`TournamentError::PairedTwice`].
    pub fn new_checked(setup: TournamentSetup) -> Result<Tournament, TournamentError> {
        setup.validate()?;
        Ok(Tournament {
            name: setup.name,
            variant: setup.variant,
            format: setup.format,
            rounds: setup.rounds,
            points: setup.points,
            tiebreaks: setup.tiebreaks,
            entrants: setup.entrants,
            fixtures: setup.fixtures,
            pairing_system: setup.pairing_system,
            manual_rounds: setup.manual_rounds,
            requested_byes: setup.requested_byes,
        })
    }

    /// An empty tournament ([`TournamentSetup::new`]), valid as it is.
    pub fn new(name: impl Into<String>, variant: impl Into<String>, format: Format) -> Self {
        Tournament::new_checked(TournamentSetup::new(name, variant, format))
            .expect("a tournament without entrants or fixtures is valid")
    }

    /// The setup this tournament was built from, with every change since (a copy).
    pub fn to_setup(&self) -> TournamentSetup {
        self.clone().into()
    }

    /// Back to its setup, e.g. to change it and check it again.
    pub fn into_setup(self) -> TournamentSetup {
        self.into()
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn variant(&self) -> &str {
        &self.variant
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// Swiss: the number of rounds configured (`None`: [`Tournament::planned_rounds`]'s
    /// default).
    pub fn rounds(&self) -> Option<u32> {
        self.rounds
    }

    pub fn points(&self) -> &PointsScheme {
        &self.points
    }

    /// The tiebreaks configured (empty: the format's defaults, see
    /// [`Tournament::tiebreak_order`]).
    pub fn tiebreaks(&self) -> &[Tiebreak] {
        &self.tiebreaks
    }

    /// The entrants, ids and starting ranks unique.
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// Every pairing made so far, with results where finished.
    pub fn fixtures(&self) -> &[Fixture] {
        &self.fixtures
    }

    pub fn pairing_system(&self) -> PairingSystem {
        self.pairing_system
    }

    /// Rounds the director paired by hand.
    pub fn manual_rounds(&self) -> &[u32] {
        &self.manual_rounds
    }

    /// Byes outside the pairing, of rounds paired or to come.
    pub fn requested_byes(&self) -> &[RequestedBye] {
        &self.requested_byes
    }

    /// Where the tournament stands by its fixtures: [`TournamentStatus::Open`] before
    /// round 1 is paired, [`TournamentStatus::Finished`] when
    /// [`Tournament::is_finished`], else [`TournamentStatus::Running`] (never
    /// `Reopened`, which only the director's record says).
    pub fn status(&self) -> TournamentStatus {
        if self.is_finished() {
            TournamentStatus::Finished
        } else if self.current_round() == 0 {
            TournamentStatus::Open
        } else {
            TournamentStatus::Running
        }
    }

    /// Adds a round just paired: its boards after the other match fixtures, its bye
    /// (if any) last, as the store reads them back.
    ///
    /// # Errors
    /// What [`TournamentSetup::validate`] would find in the new fixtures (an unknown
    /// entrant, someone paired twice, a round or board 0); the tournament is then
    /// unchanged.
    pub fn add_round(&mut self, pairings: &[Pairing]) -> Result<(), TournamentError> {
        self.check_new_pairings(pairings)?;
        let at = self
            .fixtures
            .iter()
            .filter(|f| f.pairing.north.is_some())
            .count();
        let (games, byes): (Vec<_>, Vec<_>) =
            pairings.iter().cloned().partition(|p| p.north.is_some());
        self.fixtures
            .splice(at..at, games.into_iter().map(Fixture::pending));
        self.fixtures.extend(byes.into_iter().map(Fixture::pending));
        Ok(())
    }

    /// Adds fixtures at the end, in the order given (with their results, if any).
    ///
    /// # Errors
    /// As [`Tournament::add_round`]; a bye with a result is
    /// [`TournamentError::ByeWithResult`].
    pub fn add_fixtures(&mut self, fixtures: &[Fixture]) -> Result<(), TournamentError> {
        let pairings: Vec<Pairing> = fixtures.iter().map(|f| f.pairing).collect();
        self.check_new_pairings(&pairings)?;
        if let Some(f) = fixtures
            .iter()
            .find(|f| f.pairing.is_bye() && f.result.is_some())
        {
            return Err(TournamentError::ByeWithResult {
                round: f.pairing.round,
                id: f.pairing.south,
            });
        }
        self.fixtures.extend_from_slice(fixtures);
        Ok(())
    }

    /// Puts `result` on the match (not a bye) on `board` of `round` (`None`: takes
    /// it off); whether there is such a match.
    pub fn set_result(&mut self, round: u32, board: u32, result: Option<MatchResult>) -> bool {
        match self.fixtures.iter_mut().find(|f| {
            f.pairing.round == round && f.pairing.board == board && f.pairing.north.is_some()
        }) {
            Some(f) => {
                f.result = result;
                true
            }
            None => false,
        }
    }

    /// Gives every match (not the byes) the result `result` returns for it, in
    /// fixture order; stops at the first error, the matches before it changed.
    ///
    /// # Errors
    /// The first error `result` returns.
    pub fn replace_results<E>(
        &mut self,
        mut result: impl FnMut(&Fixture) -> Result<Option<MatchResult>, E>,
    ) -> Result<(), E> {
        for f in self.fixtures.iter_mut().filter(|f| !f.pairing.is_bye()) {
            f.result = result(f)?;
        }
        Ok(())
    }

    /// Records that the director paired `round` by hand.
    pub fn mark_manual(&mut self, round: u32) {
        self.manual_rounds.push(round);
    }

    /// Withdraws entrant `id` after round `after` (`0`: before round 1); whether
    /// there is such an entrant.
    pub fn withdraw(&mut self, id: EntrantId, after: u32) -> bool {
        match self.entrants.iter_mut().find(|e| e.id == id) {
            Some(e) => {
                e.withdrawn_after = Some(after);
                true
            }
            None => false,
        }
    }

    /// Takes entrant `id` off the entry list; whether it was on it.
    ///
    /// # Errors
    /// [`TournamentError::UnknownEntrant`] if a fixture or a bye names the entrant;
    /// the tournament is then unchanged.
    pub fn remove_entrant(&mut self, id: EntrantId) -> Result<bool, TournamentError> {
        if self.fixtures.iter().any(|f| f.pairing.involves(id))
            || self.requested_byes.iter().any(|b| b.player == id)
        {
            return Err(TournamentError::UnknownEntrant(id));
        }
        let before = self.entrants.len();
        self.entrants.retain(|e| e.id != id);
        Ok(self.entrants.len() != before)
    }

    /// Lets `seed` change the entrants' ratings and starting ranks (e.g. with
    /// [`assign_start_ranks`]), then checks the invariants again.
    ///
    /// # Errors
    /// What [`TournamentSetup::validate`] finds (two entrants given one starting
    /// rank, ...); the entrants are then as before.
    pub fn reseed(&mut self, seed: impl FnOnce(&mut [Entrant])) -> Result<(), TournamentError> {
        let ids: Vec<EntrantId> = self.entrants.iter().map(|e| e.id).collect();
        let before = self.entrants.clone();
        seed(&mut self.entrants);
        let same_ids = {
            let mut now: Vec<EntrantId> = self.entrants.iter().map(|e| e.id).collect();
            let mut was = ids;
            now.sort_unstable();
            was.sort_unstable();
            now == was
        };
        let checked = if same_ids {
            check_invariants(&self.entrants, &self.fixtures, &self.requested_byes)
        } else {
            Err(TournamentError::EntriesChanged)
        };
        if checked.is_err() {
            self.entrants = before;
        }
        checked
    }

    /// Checks `pairings` as fixtures to add: what [`check_invariants`] would find in
    /// them beside the fixtures and byes there are.
    fn check_new_pairings(&self, pairings: &[Pairing]) -> Result<(), TournamentError> {
        use std::collections::HashSet;
        let ids: HashSet<EntrantId> = self.entrants.iter().map(|e| e.id).collect();
        let rounds: HashSet<u32> = pairings.iter().map(|p| p.round).collect();
        // Who is in those rounds already: one pass over the fixtures and byes.
        let mut seen: HashSet<(u32, EntrantId)> = self
            .fixtures
            .iter()
            .filter(|f| rounds.contains(&f.pairing.round))
            .flat_map(|f| {
                let p = f.pairing;
                std::iter::once(p.south)
                    .chain(p.north)
                    .map(move |id| (p.round, id))
            })
            .chain(
                self.requested_byes
                    .iter()
                    .filter(|b| rounds.contains(&b.round))
                    .map(|b| (b.round, b.player)),
            )
            .collect();
        for p in pairings {
            if p.round == 0 || p.board == 0 {
                return Err(TournamentError::BadFixtureNumber {
                    round: p.round,
                    board: p.board,
                });
            }
            for id in std::iter::once(p.south).chain(p.north) {
                if !ids.contains(&id) {
                    return Err(TournamentError::UnknownEntrant(id));
                }
                if !seen.insert((p.round, id)) {
                    return Err(TournamentError::PairedTwice { round: p.round, id });
                }
            }
        }
        Ok(())
    }

    /// The invariants again, on a tournament a test has changed by hand.
    #[cfg(test)]
    pub(crate) fn validate(&self) -> Result<(), TournamentError> {
        check_invariants(&self.entrants, &self.fixtures, &self.requested_byes)
    }

    pub fn entrant(&self, id: EntrantId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.id == id)
    }

    /// Tiebreaks in force: the configured order, or the format's defaults.
    pub fn tiebreak_order(&self) -> Vec<Tiebreak> {
        if self.tiebreaks.is_empty() {
            Tiebreak::defaults(self.format).to_vec()
        } else {
            self.tiebreaks.clone()
        }
    }

    /// The number of rounds the event will have with its current entry list:
    /// round robin n-1 (n even) or n (n odd), double twice that, knockout
    /// ceil(log2 n), Swiss the configured count or else ceil(log2 n) (at least 1).
    pub fn planned_rounds(&self) -> u32 {
        let n = self.entrants.len() as u32;
        match self.format {
            Format::RoundRobin => pairing::round_robin::rounds(n as usize),
            Format::DoubleRoundRobin => 2 * pairing::round_robin::rounds(n as usize),
            Format::Knockout => pairing::knockout::rounds(n as usize),
            Format::Swiss => self.rounds.unwrap_or_else(|| ceil_log2(n).max(1)),
        }
    }

    /// The highest round paired so far (0 before the first pairing).
    pub fn current_round(&self) -> u32 {
        self.fixtures
            .iter()
            .map(|f| f.pairing.round)
            .max()
            .unwrap_or(0)
    }

    /// The last round whose every match has a result (0 before any): the standings
    /// are "after" it, and a later paired round is in progress.
    pub fn completed_rounds(&self) -> u32 {
        let current = self.current_round();
        let in_play = self
            .fixtures
            .iter()
            .filter(|f| !f.is_finished())
            .map(|f| f.pairing.round)
            .min();
        match in_play {
            Some(r) => r - 1,
            None => current,
        }
    }

    /// The byes outside the pairing that count now: those of rounds already paired.
    pub fn recorded_byes(&self) -> impl Iterator<Item = &RequestedBye> {
        let current = self.current_round();
        self.requested_byes
            .iter()
            .filter(move |b| b.round <= current)
    }

    /// The bye `id` asked for in `round`, if any.
    pub fn requested_bye(&self, id: EntrantId, round: u32) -> Option<&RequestedBye> {
        self.requested_byes
            .iter()
            .find(|b| b.player == id && b.round == round)
    }

    /// Whether byes may be asked for at all: in a Swiss paired by the Dutch system,
    /// whose pairing leaves the player out of the round asked for.
    pub fn takes_bye_requests(&self) -> bool {
        self.format == Format::Swiss
            && matches!(
                self.pairing_system,
                PairingSystem::Dutch2025 | PairingSystem::Dutch2025v2
            )
    }

    /// Whether entrant `id` may ask for a bye in `round` (of a tournament that
    /// [takes bye requests](Tournament::takes_bye_requests)): entered and not
    /// withdrawn, the round planned and not yet paired, and no bye asked for in it
    /// already.
    pub fn check_bye_request(&self, id: EntrantId, round: u32) -> Result<(), ByeRefusal> {
        let entrant = self.entrant(id).ok_or(ByeRefusal::NotEntered)?;
        if entrant.is_withdrawn() {
            return Err(ByeRefusal::Withdrawn);
        }
        let (current, planned) = (self.current_round(), self.planned_rounds());
        if round <= current {
            return Err(ByeRefusal::RoundPaired {
                next: current + 1,
                last: planned,
            });
        }
        if round > planned {
            return Err(ByeRefusal::BeyondEnd { planned });
        }
        if self.requested_bye(id, round).is_some() {
            return Err(ByeRefusal::AlreadyAsked);
        }
        Ok(())
    }

    /// What `id` scored in `round`, from a fixture or a recorded bye: `None` if not
    /// paired that round or the match is pending.
    pub fn outcome_in_round(&self, id: EntrantId, round: u32) -> Option<GameOutcome> {
        if let Some(f) = self
            .fixtures
            .iter()
            .find(|f| f.pairing.round == round && f.pairing.involves(id))
        {
            return f.outcome_for(id);
        }
        self.recorded_byes()
            .find(|b| b.player == id && b.round == round)
            .map(|b| b.points.outcome())
    }

    /// Fixtures of one round, by board.
    pub fn round_fixtures(&self, round: u32) -> Vec<Fixture> {
        let mut v: Vec<Fixture> = self
            .fixtures
            .iter()
            .filter(|f| f.pairing.round == round)
            .copied()
            .collect();
        v.sort_by_key(|f| f.pairing.board);
        v
    }

    /// Whether every match is finished and there is no round left to pair (a
    /// knockout: when a champion is known).
    pub fn is_finished(&self) -> bool {
        if self.format == Format::Knockout {
            return pairing::knockout::champion(self).is_some();
        }
        if self.format == Format::Swiss {
            // What `next_round` says, without pairing a round that is not the last.
            return self.current_round() >= self.planned_rounds().max(1)
                && self.fixtures.iter().all(Fixture::is_finished);
        }
        self.current_round() > 0
            && self.fixtures.iter().all(Fixture::is_finished)
            && matches!(self.next_round(), Err(TournamentError::Finished { .. }))
    }

    /// Withdraws the entrants `ids` (players retired since they entered) just before
    /// the next round is paired: before round 1 they leave the entry list; later they
    /// are withdrawn after the last round paired, so their results so far count and
    /// they are not paired again.
    ///
    /// # Errors
    ///
    /// As [`Tournament::remove_entrant`]: one who leaves the list may be named by no
    /// bye.
    pub fn withdraw_retired(&mut self, ids: &[EntrantId]) -> Result<(), TournamentError> {
        let after = self.current_round();
        for &id in ids {
            if after == 0 {
                self.remove_entrant(id)?;
            } else {
                self.withdraw(id, after);
            }
        }
        Ok(())
    }

    /// Whether a result just stored closes this tournament, standing `status`: when it
    /// made the tournament over ([`Tournament::is_finished`]) and the tournament is not
    /// closed already (a reopened one closes again once its last result is in).
    pub fn closes_on_result(&self, status: TournamentStatus) -> bool {
        status != TournamentStatus::Finished && self.is_finished()
    }

    /// Pairs the next round (see [`pairing::next_round`]).
    pub fn next_round(&self) -> Result<Vec<Pairing>, TournamentError> {
        pairing::next_round(self)
    }

    pub fn standings(&self) -> Standings {
        standings::standings(self)
    }

    pub fn crosstable(&self) -> Crosstable {
        crosstable::crosstable(self)
    }
}

/// The invariants of a [`Tournament`] ([`TournamentSetup::validate`]).
fn check_invariants(
    entrants: &[Entrant],
    fixtures: &[Fixture],
    requested_byes: &[RequestedBye],
) -> Result<(), TournamentError> {
    let fast = foldhash::fast::RandomState::default();
    let mut ids = std::collections::HashMap::with_capacity_and_hasher(entrants.len(), fast);
    let mut ranks = std::collections::HashSet::new();
    for (index, e) in entrants.iter().enumerate() {
        if ids.insert(e.id, index).is_some() {
            return Err(TournamentError::DuplicateEntrant(e.id));
        }
        if !ranks.insert(e.start_rank) {
            return Err(TournamentError::DuplicateStartRank(e.start_rank));
        }
    }
    // Every load and every "is it finished?" checks each (round, player) of the
    // event (200,000 for 100,000 matches): a bit per player and round.
    let last_round = fixtures
        .iter()
        .map(|f| f.pairing.round)
        .chain(requested_byes.iter().map(|b| b.round))
        .max()
        .unwrap_or(0);
    let mut seen = RoundsSeen::new(entrants.len(), last_round);
    for f in fixtures {
        let p = f.pairing;
        if p.round == 0 || p.board == 0 {
            return Err(TournamentError::BadFixtureNumber {
                round: p.round,
                board: p.board,
            });
        }
        for id in std::iter::once(p.south).chain(p.north) {
            let Some(&index) = ids.get(&id) else {
                return Err(TournamentError::UnknownEntrant(id));
            };
            if !seen.insert(p.round, index) {
                return Err(TournamentError::PairedTwice { round: p.round, id });
            }
        }
        if p.north == Some(p.south) {
            return Err(TournamentError::PairedTwice {
                round: p.round,
                id: p.south,
            });
        }
        if p.is_bye() && f.result.is_some() {
            return Err(TournamentError::ByeWithResult {
                round: p.round,
                id: p.south,
            });
        }
    }
    for b in requested_byes {
        let Some(&index) = ids.get(&b.player) else {
            return Err(TournamentError::UnknownEntrant(b.player));
        };
        if b.round == 0 {
            return Err(TournamentError::BadFixtureNumber { round: 0, board: 0 });
        }
        if !seen.insert(b.round, index) {
            return Err(TournamentError::PairedTwice {
                round: b.round,
                id: b.player,
            });
        }
    }
    Ok(())
}

/// The (round, player) pairs [`check_invariants`] has met: a bit per player and
/// round, or a set when the rounds are too many for bits (a damaged round number).
enum RoundsSeen {
    Bits {
        words_per_player: usize,
        bits: Vec<u64>,
    },
    Set(std::collections::HashSet<(u32, usize), foldhash::fast::RandomState>),
}

impl RoundsSeen {
    /// Bits up to this many words (32 MiB); past it, a set.
    const MAX_WORDS: usize = 1 << 22;

    fn new(players: usize, last_round: u32) -> Self {
        let words_per_player = (last_round as usize + 1).div_ceil(64);
        match players.checked_mul(words_per_player) {
            Some(words) if words <= Self::MAX_WORDS => RoundsSeen::Bits {
                words_per_player,
                bits: vec![0; words],
            },
            _ => RoundsSeen::Set(Default::default()),
        }
    }

    /// Whether (round, player) is new; marks it met.
    fn insert(&mut self, round: u32, player: usize) -> bool {
        match self {
            RoundsSeen::Bits {
                words_per_player,
                bits,
            } => {
                let word = &mut bits[player * *words_per_player + round as usize / 64];
                let bit = 1u64 << (round % 64);
                let new = *word & bit == 0;
                *word |= bit;
                new
            }
            RoundsSeen::Set(set) => set.insert((round, player)),
        }
    }
}

pub(crate) fn ceil_log2(n: u32) -> u32 {
    if n <= 1 {
        0
    } else {
        32 - (n - 1).leading_zeros()
    }
}

/// Errors of the tournament layer. Messages are lowercase, one line, and say what is
/// allowed.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum TournamentError {
    #[error(
        "unknown pairing system {:?}; expected round-robin, double-round-robin, swiss or knockout",
        crate::names::excerpt(.0)
    )]
    UnknownFormat(String),
    #[error(
        "invalid points value {:?}; expected a number like 1 or 0.5",
        crate::names::excerpt(.0)
    )]
    BadPoints(String),
    #[error("invalid points scheme {:?}: {}", crate::names::excerpt(.0), .1)]
    BadPointsScheme(String, String),
    #[error(
        "unknown tiebreak {:?}; expected buchholz, buchholz-cut1, sonneborn-berger (sb), head-to-head (h2h), wins or seed-difference (seeds)",
        crate::names::excerpt(.0)
    )]
    UnknownTiebreak(String),
    #[error("tiebreak {0} is listed twice")]
    DuplicateTiebreak(Tiebreak),
    #[error("a {format} needs at least {min} active players, it has {have}")]
    TooFewEntrants {
        format: Format,
        min: usize,
        have: usize,
    },
    #[error(
        "round {round} is not finished: {} without a result",
        crate::wording::matches(*pending as u64)
    )]
    RoundIncomplete { round: u32, pending: usize },
    #[error("the tournament is finished: all {rounds} rounds have been paired")]
    Finished { rounds: u32 },
    #[error("entrant {0} is listed twice")]
    DuplicateEntrant(EntrantId),
    #[error("starting rank {0} is given to two entrants")]
    DuplicateStartRank(u32),
    #[error("fixture names entrant {0}, who is not in the tournament")]
    UnknownEntrant(EntrantId),
    #[error("entrant {id} is paired twice in round {round}")]
    PairedTwice { round: u32, id: EntrantId },
    #[error("the bye of entrant {id} in round {round} has a match result")]
    ByeWithResult { round: u32, id: EntrantId },
    #[error("fixture round {round} board {board}: rounds and boards are numbered from 1")]
    BadFixtureNumber { round: u32, board: u32 },
    #[error("the entry list changed after round 1 of a round robin; only withdrawals are allowed")]
    EntriesChanged,
    #[error("invalid k factor {0}; expected a number above 0 and at most 100")]
    BadKFactor(f64),
    #[error(
        "round {round} cannot be paired by the Dutch rules: every pairing repeats a game, gives two players who must have the same side the same side, or gives the bye to a player who already had one; pair it by hand"
    )]
    NoLegalPairing { round: u32 },
    #[error("unknown pairing system {0:?}; expected goobalay-swiss-1, dutch-2025 or dutch-2025-v2")]
    UnknownPairingSystem(String),
    #[error(transparent)]
    Manual(#[from] Box<pairing::manual::ManualPairingError>),
}

#[cfg(test)]
pub(crate) mod testutil;

#[cfg(test)]
mod points_for_people {
    use super::Points;

    #[test]
    fn people_read_halves_and_quarters_as_fractions_files_as_decimals() {
        let p = |s: &str| s.parse::<Points>().unwrap();
        let shown: Vec<String> = ["2.5", "0.5", "0.75", "1.25", "3", "0", "-1.5", "0.1"]
            .iter()
            .map(|v| format!("{:#}", p(v)))
            .collect();
        assert_eq!(shown, ["2½", "½", "¾", "1¼", "3", "0", "-1½", "0.1"]);
        assert_eq!(format!("{}", p("2.5")), "2.5");
        assert_eq!(format!("{:>4}|", format!("{:#}", p("0.5"))), "   ½|");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bye_is_asked_for_by_an_active_entrant_for_a_round_to_come_once() {
        let mut t = testutil::tournament(Format::Swiss, 4);
        t.rounds = Some(3);
        assert!(t.takes_bye_requests());
        assert_eq!(t.check_bye_request(1, 1), Ok(()));
        assert_eq!(t.check_bye_request(9, 1), Err(ByeRefusal::NotEntered));
        assert_eq!(
            t.check_bye_request(1, 4),
            Err(ByeRefusal::BeyondEnd { planned: 3 })
        );
        t.requested_byes.push(RequestedBye {
            round: 2,
            player: 1,
            points: ByePoints::Half,
        });
        assert_eq!(t.check_bye_request(1, 2), Err(ByeRefusal::AlreadyAsked));
        assert_eq!(t.check_bye_request(2, 2), Ok(()));
        t.entrants[2].withdrawn_after = Some(0);
        assert_eq!(t.check_bye_request(3, 2), Err(ByeRefusal::Withdrawn));
        for pairing in t.next_round().unwrap() {
            t.fixtures.push(Fixture {
                pairing,
                result: None,
            });
        }
        assert_eq!(
            t.check_bye_request(2, 1),
            Err(ByeRefusal::RoundPaired { next: 2, last: 3 })
        );
        assert!(!testutil::tournament(Format::RoundRobin, 4).takes_bye_requests());
    }

    #[test]
    fn json_written_before_forfeits_reads_as_played() {
        // A played result is written as before (no `forfeit` key) and read back.
        let played = MatchResult::played(Decision::South, BySide::new(30, 18));
        let old = serde_json::to_string(&played).unwrap();
        assert!(!old.contains("forfeit"), "{old}");
        assert_eq!(serde_json::from_str::<MatchResult>(&old).unwrap(), played);
        let f = serde_json::to_string(&MatchResult::forfeited(Absent::Both)).unwrap();
        assert!(f.contains(r#""forfeit":"both""#), "{f}");
        let mut t = testutil::tournament(Format::Swiss, 2);
        let mut v = serde_json::to_value(&t).unwrap();
        v.as_object_mut().unwrap().remove("requested_byes");
        let back: Tournament = serde_json::from_value(v).unwrap();
        t.requested_byes.clear();
        assert_eq!(back, t);
    }

    #[test]
    fn points_parse_and_display_exactly() {
        for (text, shown) in [
            ("1", "1"),
            ("0.5", "0.5"),
            (".5", "0.5"),
            ("3", "3"),
            ("0.25", "0.25"),
            ("2.125", "2.125"),
            ("0", "0"),
        ] {
            assert_eq!(text.parse::<Points>().unwrap().to_string(), shown, "{text}");
        }
        assert_eq!(Points(1).to_string(), "0.0005");
        assert_eq!(Points(-3000).to_string(), "-1.5");
        for bad in ["", "x", "1.2345", "1,5", "1e3", "..", "1.2.3"] {
            assert!(bad.parse::<Points>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn points_scheme_parses_with_and_without_bye() {
        let s: PointsScheme = "1,0.5,0".parse().unwrap();
        assert_eq!(s, PointsScheme::default());
        let s: PointsScheme = "3,1,0,1".parse().unwrap();
        assert_eq!(
            (s.win, s.draw, s.loss, s.bye),
            (
                Points::whole(3),
                Points::whole(1),
                Points::ZERO,
                Points::whole(1)
            )
        );
        assert_eq!(s.to_string(), "3,1,0,1");
        for bad in [
            "1,0.5",
            "0.5,1,0",
            "1,0.5,0,1,1",
            "1,a,0",
            "1,0.5,-1",
            "1,0,0.5",
        ] {
            let err = bad.parse::<PointsScheme>().unwrap_err();
            assert!(matches!(err, TournamentError::BadPointsScheme(..)), "{bad}");
        }
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
    fn ceil_log2_values() {
        assert_eq!(
            [1, 2, 3, 4, 5, 8, 9, 16, 17].map(ceil_log2),
            [0, 1, 2, 2, 3, 3, 4, 4, 5]
        );
    }

    #[test]
    fn the_gate_refuses_a_setup_that_breaks_an_invariant() {
        let setup = testutil::tournament(Format::Swiss, 4).into_setup();
        assert!(Tournament::new_checked(setup.clone()).is_ok());
        let mut twice = setup.clone();
        twice.entrants[1].id = 1;
        assert_eq!(
            Tournament::new_checked(twice),
            Err(TournamentError::DuplicateEntrant(1))
        );
        let mut bye_result = setup.clone();
        bye_result.fixtures.push(Fixture {
            pairing: Pairing {
                round: 1,
                board: 1,
                south: 1,
                north: None,
            },
            result: Some(MatchResult::played(Decision::South, BySide::new(1, 0))),
        });
        assert_eq!(
            Tournament::try_from(bye_result),
            Err(TournamentError::ByeWithResult { round: 1, id: 1 })
        );
        // Serde reads through the gate as well, and writes the setup's bytes.
        let mut unknown = setup.clone();
        unknown.requested_byes.push(RequestedBye {
            round: 1,
            player: 9,
            points: ByePoints::Half,
        });
        let json = serde_json::to_string(&unknown).unwrap();
        let err = serde_json::from_str::<Tournament>(&json).unwrap_err();
        assert!(err.to_string().contains("entrant 9"), "{err}");
        let t = Tournament::new_checked(setup.clone()).unwrap();
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            serde_json::to_string(&setup).unwrap()
        );
        // The typed changes keep the invariants too.
        let mut t = t;
        let board = |board, south, north| Pairing {
            round: 1,
            board,
            south,
            north,
        };
        assert_eq!(
            t.add_round(&[board(1, 1, Some(2)), board(2, 2, Some(3))]),
            Err(TournamentError::PairedTwice { round: 1, id: 2 })
        );
        assert_eq!(
            t.add_round(&[board(1, 1, Some(99))]),
            Err(TournamentError::UnknownEntrant(99))
        );
        assert!(t.fixtures().is_empty());
        assert_eq!(t.status(), TournamentStatus::Open);
        t.add_round(&[board(1, 1, Some(2)), board(2, 3, Some(4))])
            .unwrap();
        assert_eq!(t.status(), TournamentStatus::Running);
        assert_eq!(
            t.add_fixtures(&[Fixture::pending(board(3, 4, None))]),
            Err(TournamentError::PairedTwice { round: 1, id: 4 })
        );
        assert!(t.set_result(
            1,
            2,
            Some(MatchResult::played(Decision::Draw, BySide::new(1, 1)))
        ));
        assert!(!t.set_result(1, 3, None));
        assert_eq!(t.validate(), Ok(()));
    }

    #[test]
    fn validate_names_the_problem() {
        let mut t = testutil::tournament(Format::Swiss, 4);
        assert_eq!(t.validate(), Ok(()));
        t.fixtures.push(Fixture::pending(Pairing {
            round: 1,
            board: 1,
            south: 1,
            north: Some(99),
        }));
        assert_eq!(t.validate(), Err(TournamentError::UnknownEntrant(99)));
        t.fixtures[0].pairing.round = 0;
        assert_eq!(
            t.validate(),
            Err(TournamentError::BadFixtureNumber { round: 0, board: 1 })
        );
        t.fixtures[0].pairing.round = 1;
        t.fixtures[0].pairing.north = Some(2);
        t.fixtures.push(Fixture::pending(Pairing {
            round: 1,
            board: 2,
            south: 2,
            north: Some(3),
        }));
        assert_eq!(
            t.validate(),
            Err(TournamentError::PairedTwice { round: 1, id: 2 })
        );
        // Rounds 64 apart share a bit position, not a bit; a round number too large
        // for bits (a damaged record) is checked all the same.
        for round in [65, 129, 4_000_000_000] {
            t.fixtures[1].pairing.round = 1;
            t.fixtures[1].pairing.north = Some(4);
            t.fixtures[1].pairing.south = 2;
            t.fixtures[1].pairing.round = round;
            assert_eq!(t.validate(), Ok(()), "round {round}");
            t.fixtures.push(Fixture::pending(Pairing {
                round,
                board: 2,
                south: 4,
                north: Some(3),
            }));
            assert_eq!(
                t.validate(),
                Err(TournamentError::PairedTwice { round, id: 4 }),
                "round {round}"
            );
            t.fixtures.pop();
        }
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

    #[test]
    fn the_last_result_closes_a_tournament_not_closed_already() {
        let mut t = testutil::tournament(Format::RoundRobin, 2);
        for status in TournamentStatus::ALL {
            assert!(!t.closes_on_result(status), "nothing paired, {status}");
        }
        let pairing = t.next_round().unwrap()[0];
        t.fixtures.push(Fixture::pending(pairing));
        for status in TournamentStatus::ALL {
            assert!(!t.closes_on_result(status), "a match pending, {status}");
        }
        t.fixtures[0].result = Some(MatchResult::played(Decision::South, BySide::new(30, 18)));
        assert!(t.is_finished());
        for status in TournamentStatus::ALL {
            assert_eq!(
                t.closes_on_result(status),
                status != TournamentStatus::Finished,
                "over, {status}"
            );
        }
    }

    #[test]
    fn the_retired_leave_the_entry_list_before_round_one_and_are_withdrawn_after() {
        let mut t = testutil::tournament(Format::Swiss, 4);
        t.withdraw_retired(&[2]).unwrap();
        assert_eq!(
            t.entrants.iter().map(|e| e.id).collect::<Vec<_>>(),
            [1, 3, 4]
        );
        for p in t.next_round().unwrap() {
            t.fixtures.push(Fixture::pending(p));
        }
        t.withdraw_retired(&[3]).unwrap();
        assert_eq!(t.entrants.len(), 3);
        assert_eq!(t.entrant(3).unwrap().withdrawn_after, Some(1));
        assert_eq!(t.entrant(1).unwrap().withdrawn_after, None);
    }
}
