//! Ratings, updated after every finished rated match: Elo (the default) or Glicko-2,
//! both computed by the `skillratings` crate.
//!
//! Elo: expected score of A against B `E_A = 1 / (1 + 10^((R_B - R_A) / 400))`. After a
//! match A scores `S_A` (1 win, 0.5 draw, 0 loss, whatever the tournament's points
//! scheme) and `R_A' = R_A + K (S_A - E_A)`; both players are updated from their
//! ratings before the match, so the changes are equal and opposite.
//!
//! K = 32 by default (the classic club value: new and club players move quickly; clubs
//! can choose e.g. 16 or 20 for a steadier list). New players start at 1500, or at
//! their starting rating ([`rate_games`]). Ratings are kept unrounded (f64) and rounded
//! only for display. Byes and unfinished matches are never rated; whether a finished
//! match is rated (e.g. engine games) is the caller's choice.
//!
//! `skillratings` computes each player's new Elo with one fused multiply-add
//! (`K * (S - E) + R`), where goobalay's earlier hand-written code rounded twice and
//! gave North `R - K (S_A - E_A)`: the two differ in the last bits of a double (at
//! most a few 1e-13 after thousands of matches; see the tests), never in a rounded
//! rating. Seedings already recorded keep their stored ratings either way.
//!
//! Glicko-2 ([`RatingSystem::Glicko2`]): the crate's defaults (start 1500, deviation
//! 350, volatility 0.06, tau 0.5), each match its own rating period, as a club plays
//! matches one at a time; a starting rating replaces the 1500 and keeps deviation 350.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::elo::{EloConfig, EloRating};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating};

use super::Decision;
use crate::matches::Closing;
use crate::matches::correction::standing_closing;

/// A player's id in the rating list (the store's player id).
pub(crate) type PlayerId = i64;

/// Elo settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Elo {
    pub k: f64,
    pub initial: f64,
}

impl Default for Elo {
    fn default() -> Self {
        Elo {
            k: Elo::DEFAULT_K,
            initial: Elo::DEFAULT_INITIAL,
        }
    }
}

/// A finished rated match, in the order matches finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedGame {
    /// The caller's reference (the match id), copied into the history.
    pub key: i64,
    pub south: PlayerId,
    pub north: PlayerId,
    pub decision: Decision,
}

/// One player's rating change from one match.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub key: i64,
    pub player: PlayerId,
    pub opponent: PlayerId,
    pub before: f64,
    pub after: f64,
    pub expected: f64,
    pub score: f64,
}

impl RatingChange {
    pub fn delta(&self) -> f64 {
        self.after - self.before
    }
}

impl Elo {
    pub(crate) const DEFAULT_K: f64 = 32.0;
    pub const DEFAULT_INITIAL: f64 = 1500.0;

    /// # Errors
    /// A K factor that is not a number above 0 and at most 100.
    #[cfg(test)]
    pub(crate) fn with_k(k: f64) -> Result<Elo, super::TournamentError> {
        if !(k > 0.0 && k <= 100.0) {
            return Err(super::TournamentError::BadKFactor(k));
        }
        Ok(Elo {
            k,
            ..Elo::default()
        })
    }

    /// The expected score of a player rated `r` against one rated `opponent`.
    pub fn expected(r: f64, opponent: f64) -> f64 {
        skillratings::elo::expected_score(&EloRating { rating: r }, &EloRating { rating: opponent })
            .0
    }

    /// Rates one match, updating `ratings` (players not in it start at `initial`).
    /// Returns the South player's change, then the North player's.
    pub fn rate(&self, ratings: &mut HashMap<PlayerId, f64>, g: &RatedGame) -> [RatingChange; 2] {
        let rs = *ratings.entry(g.south).or_insert(self.initial);
        let rn = *ratings.entry(g.north).or_insert(self.initial);
        let (south, north) = (EloRating { rating: rs }, EloRating { rating: rn });
        let (es, en) = skillratings::elo::expected_score(&south, &north);
        let (south_after, north_after) = skillratings::elo::elo(
            &south,
            &north,
            &outcome(g.decision),
            &EloConfig { k: self.k },
        );
        ratings.insert(g.south, south_after.rating);
        ratings.insert(g.north, north_after.rating);
        changes(
            g,
            [rs, rn],
            [south_after.rating, north_after.rating],
            [es, en],
        )
    }

    /// Rates `games` in order from `start` ratings: the final ratings and every change
    /// (two per game, in order). A player's history is the changes with their id.
    pub fn rate_all(
        &self,
        start: &HashMap<PlayerId, f64>,
        games: &[RatedGame],
    ) -> (HashMap<PlayerId, f64>, Vec<RatingChange>) {
        let mut ratings = start.clone();
        let mut history = Vec::with_capacity(games.len() * 2);
        for g in games {
            history.extend(self.rate(&mut ratings, g));
        }
        (ratings, history)
    }
}

/// South's and North's changes from one game, from their ratings before and after it
/// and their expected scores.
fn changes(
    g: &RatedGame,
    before: [f64; 2],
    after: [f64; 2],
    expected: [f64; 2],
) -> [RatingChange; 2] {
    let score = match g.decision {
        Decision::South => 1.0,
        Decision::Draw => 0.5,
        Decision::North => 0.0,
    };
    [
        RatingChange {
            key: g.key,
            player: g.south,
            opponent: g.north,
            before: before[0],
            after: after[0],
            expected: expected[0],
            score,
        },
        RatingChange {
            key: g.key,
            player: g.north,
            opponent: g.south,
            before: before[1],
            after: after[1],
            expected: expected[1],
            score: 1.0 - score,
        },
    ]
}

fn outcome(decision: Decision) -> Outcomes {
    match decision {
        Decision::South => Outcomes::WIN,
        Decision::Draw => Outcomes::DRAW,
        Decision::North => Outcomes::LOSS,
    }
}

/// Which rating a tournament seeds by and shows (`tournament new --rating-system`),
/// and `player show` prints. Either is computed per variant ([`rate_games`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatingSystem {
    #[default]
    Elo,
    Glicko2,
}

impl RatingSystem {
    pub const ALL: [RatingSystem; 2] = [RatingSystem::Elo, RatingSystem::Glicko2];

    /// The name stored and typed: `elo`, `glicko2`.
    pub const fn name(self) -> &'static str {
        match self {
            RatingSystem::Elo => "elo",
            RatingSystem::Glicko2 => "glicko2",
        }
    }

    /// The name shown to people: `Elo`, `Glicko-2`.
    pub const fn label(self) -> &'static str {
        match self {
            RatingSystem::Elo => "Elo",
            RatingSystem::Glicko2 => "Glicko-2",
        }
    }

    pub fn parse(text: &str) -> Option<RatingSystem> {
        RatingSystem::ALL.into_iter().find(|s| s.name() == text)
    }
}

impl std::fmt::Display for RatingSystem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The ratings of one pool of games (one variant's).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rated {
    pub ratings: HashMap<PlayerId, f64>,
    /// Glicko-2's rating deviation (empty for Elo).
    pub deviations: HashMap<PlayerId, f64>,
    /// Every change, two per game, in order.
    pub changes: Vec<RatingChange>,
    /// The players who have a rating: a starting rating or at least one rated game.
    pub rated: HashSet<PlayerId>,
}

/// Rates `games` in order, each player starting from their starting rating in
/// `starts` (1500 without one): Elo with K = 32, or Glicko-2 with the crate's
/// defaults, each game its own rating period.
pub fn rate_games(
    system: RatingSystem,
    starts: &HashMap<PlayerId, f64>,
    games: &[RatedGame],
) -> Rated {
    let mut rated: HashSet<PlayerId> = starts.keys().copied().collect();
    rated.extend(games.iter().flat_map(|g| [g.south, g.north]));
    match system {
        RatingSystem::Elo => {
            let (ratings, changes) = Elo::default().rate_all(starts, games);
            Rated {
                ratings,
                deviations: HashMap::new(),
                changes,
                rated,
            }
        }
        RatingSystem::Glicko2 => {
            let config = Glicko2Config::default();
            let mut state: HashMap<PlayerId, Glicko2Rating> = starts
                .iter()
                .map(|(id, r)| {
                    (
                        *id,
                        Glicko2Rating {
                            rating: *r,
                            ..Glicko2Rating::default()
                        },
                    )
                })
                .collect();
            let mut changes_made = Vec::with_capacity(games.len() * 2);
            for g in games {
                let south = *state.entry(g.south).or_default();
                let north = *state.entry(g.north).or_default();
                let (es, en) = skillratings::glicko2::expected_score(&south, &north);
                let (south_after, north_after) =
                    skillratings::glicko2::glicko2(&south, &north, &outcome(g.decision), &config);
                state.insert(g.south, south_after);
                state.insert(g.north, north_after);
                changes_made.extend(changes(
                    g,
                    [south.rating, north.rating],
                    [south_after.rating, north_after.rating],
                    [es, en],
                ));
            }
            Rated {
                ratings: state.iter().map(|(id, r)| (*id, r.rating)).collect(),
                deviations: state.iter().map(|(id, r)| (*id, r.deviation)).collect(),
                changes: changes_made,
                rated,
            }
        }
    }
}

/// A finished match as the ratings read it: its players and decision, when it
/// finished, its own closing and each correction's closing in the order made
/// (`None`: a hand's score, which replaces no closing).
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedMatch {
    pub id: i64,
    pub south: PlayerId,
    pub north: PlayerId,
    pub decision: Decision,
    pub finished_at: Option<DateTime<Utc>>,
    pub closing: Option<Closing>,
    pub corrections: Vec<Option<Closing>>,
}

/// The games the ratings count, in the order they count them: every finished match
/// played, by the closing that stands (the latest whole-match correction, else the
/// match's own: a forfeit or a void match is not rated), in the order they
/// finished, then by match id.
pub fn rated_games(mut matches: Vec<FinishedMatch>) -> Vec<RatedGame> {
    matches.retain(|m| {
        standing_closing(m.closing, m.corrections.iter().copied())
            .and_then(Closing::unplayed)
            .is_none()
    });
    matches.sort_by_key(|m| (m.finished_at, m.id));
    matches
        .into_iter()
        .map(|m| RatedGame {
            key: m.id,
            south: m.south,
            north: m.north,
            decision: m.decision,
        })
        .collect()
}

/// Highest starting rating accepted (the lowest is 0): above any Elo list's top.
pub(crate) const MAX_STARTING_RATING: f64 = 4000.0;

/// Where a starting rating comes from: the club's own list, or a national one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatingSource {
    #[default]
    Club,
    National,
}

impl RatingSource {
    pub const ALL: [RatingSource; 2] = [RatingSource::Club, RatingSource::National];

    pub const fn name(self) -> &'static str {
        match self {
            RatingSource::Club => "club",
            RatingSource::National => "national",
        }
    }

    pub fn parse(text: &str) -> Option<RatingSource> {
        RatingSource::ALL.into_iter().find(|s| s.name() == text)
    }
}

/// A starting rating to enter: the base from which a player's rating in `variant`
/// (every variant when `None`, custom rule sets included) is computed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StartingRating {
    pub rating: f64,
    pub source: RatingSource,
    /// A preset's name; `None`: every variant.
    pub variant: Option<String>,
}

/// Why a starting rating was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StartingRatingError {
    #[error("a starting rating is a number from 0 to {MAX_STARTING_RATING}, not {0}")]
    Rating(String),
    #[error(
        "unknown variant '{}' for a starting rating; allowed: all (every variant), {}",
        crate::names::excerpt(.0),
        crate::engine::VARIANT_NAMES.join(", ")
    )]
    Variant(String),
}

impl StartingRating {
    /// Checks the rating (a finite number from 0 to 4000, `MAX_STARTING_RATING`) and
    /// the variant (a preset's name or alias, stored as its name; `all`: every
    /// variant).
    ///
    /// # Errors
    /// [`StartingRatingError`] naming what was wrong.
    pub fn new(
        rating: f64,
        source: RatingSource,
        variant: Option<&str>,
    ) -> Result<StartingRating, StartingRatingError> {
        if !(rating.is_finite() && (0.0..=MAX_STARTING_RATING).contains(&rating)) {
            return Err(StartingRatingError::Rating(rating.to_string()));
        }
        let variant = match variant.map(str::trim) {
            None | Some("all") => None,
            Some(name) => Some(
                crate::engine::Variant::preset(name)
                    .ok_or_else(|| StartingRatingError::Variant(name.to_string()))?
                    .name,
            ),
        };
        Ok(StartingRating {
            rating,
            source,
            variant,
        })
    }

    /// A rating as typed (`--rating 1650`), checked as [`StartingRating::new`] does.
    ///
    /// # Errors
    /// Text that is not such a number.
    pub fn parse_rating(text: &str) -> Result<f64, StartingRatingError> {
        match text.trim().parse::<f64>() {
            Ok(r) if r.is_finite() && (0.0..=MAX_STARTING_RATING).contains(&r) => Ok(r),
            _ => Err(StartingRatingError::Rating(format!(
                "'{}'",
                crate::names::excerpt(text)
            ))),
        }
    }
}

/// The changes of one player, in order.
pub(crate) fn history_of(changes: &[RatingChange], player: PlayerId) -> Vec<RatingChange> {
    changes
        .iter()
        .filter(|c| c.player == player)
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {

    #[test]
    fn forfeits_and_void_matches_are_not_rated_and_games_count_in_the_order_they_finished() {
        use crate::matches::{Absent, MatchOutcome};
        let at = |minute: u32| {
            Some(
                DateTime::parse_from_rfc3339(&format!("2026-12-04T18:{minute:02}:00Z"))
                    .unwrap()
                    .into(),
            )
        };
        let finished = |id, minute, closing, corrections: Vec<Option<Closing>>| FinishedMatch {
            id,
            south: 1,
            north: 2,
            decision: Decision::South,
            finished_at: at(minute),
            closing,
            corrections,
        };
        let entered = Closing::Entered {
            outcome: MatchOutcome::Winner(crate::engine::Side::South),
            seeds: None,
        };
        let games = rated_games(vec![
            finished(1, 30, None, vec![]),
            finished(2, 10, Some(Closing::Forfeit(Absent::North)), vec![]),
            finished(3, 20, None, vec![Some(Closing::Void)]),
            finished(4, 20, Some(entered), vec![None]),
            finished(
                5,
                5,
                Some(Closing::Forfeit(Absent::North)),
                vec![Some(entered)],
            ),
            finished(6, 5, None, vec![Some(Closing::Void), Some(entered), None]),
        ]);
        let keys: Vec<i64> = games.iter().map(|g| g.key).collect();
        assert_eq!(keys, [5, 6, 4, 1]);
    }
    use super::*;

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-6, "{a} != {b}");
    }

    #[test]
    fn expected_score_by_hand() {
        // 200 points stronger: 1 / (1 + 10^-0.5) = 0.7597469...
        close(Elo::expected(1600.0, 1400.0), 0.759_746_925);
        close(Elo::expected(1400.0, 1600.0), 0.240_253_075);
        close(Elo::expected(1500.0, 1500.0), 0.5);
        // 400 points: 10/11.
        close(Elo::expected(2000.0, 1600.0), 10.0 / 11.0);
    }

    #[test]
    fn updates_by_hand() {
        let elo = Elo::default();
        let mut r = HashMap::from([(1, 1600.0), (2, 1400.0)]);
        // Favourite wins: 32 * (1 - 0.759746925) = 7.6880984.
        let [a, b] = elo.rate(
            &mut r,
            &RatedGame {
                key: 7,
                south: 1,
                north: 2,
                decision: Decision::South,
            },
        );
        close(a.after, 1_607.688_098_4);
        close(b.after, 1_392.311_901_6);
        assert_eq!((a.key, a.opponent, b.opponent), (7, 2, 1));
        close(a.delta() + b.delta(), 0.0);

        // Draw from equal-ish ratings and an upset, from fresh values.
        let mut r = HashMap::from([(1, 1600.0), (2, 1400.0)]);
        let [a, _] = elo.rate(
            &mut r,
            &RatedGame {
                key: 8,
                south: 1,
                north: 2,
                decision: Decision::Draw,
            },
        );
        close(a.after, 1_591.688_098_4);
        let mut r = HashMap::from([(1, 1600.0), (2, 1400.0)]);
        let [_, b] = elo.rate(
            &mut r,
            &RatedGame {
                key: 9,
                south: 1,
                north: 2,
                decision: Decision::North,
            },
        );
        close(b.after, 1_424.311_901_6);
    }

    #[test]
    fn new_players_start_at_1500_and_history_is_in_order() {
        let elo = Elo::with_k(20.0).unwrap();
        let games = [
            RatedGame {
                key: 1,
                south: 1,
                north: 2,
                decision: Decision::South,
            },
            RatedGame {
                key: 2,
                south: 2,
                north: 1,
                decision: Decision::South,
            },
        ];
        let (ratings, changes) = elo.rate_all(&HashMap::new(), &games);
        // Game 1: 1500 v 1500, +10 / -10. Game 2: player 2 (1490) beats player 1 (1510):
        // E = 1 / (1 + 10^(20/400)) = 0.4712494; +20 * 0.5287506 = 10.575011.
        let h1 = history_of(&changes, 1);
        assert_eq!(h1.len(), 2);
        close(h1[0].before, 1500.0);
        close(h1[0].after, 1510.0);
        close(h1[1].after, 1510.0 - 10.575_011);
        close(ratings[&2], 1490.0 + 10.575_011);
        close(ratings[&1] + ratings[&2], 3000.0);
    }

    /// goobalay's Elo before it used `skillratings`, kept here to measure the change.
    fn hand_written_rate(r: &mut HashMap<PlayerId, f64>, g: &RatedGame) {
        let rs = *r.entry(g.south).or_insert(1500.0);
        let rn = *r.entry(g.north).or_insert(1500.0);
        let ss = match g.decision {
            Decision::South => 1.0,
            Decision::Draw => 0.5,
            Decision::North => 0.0,
        };
        let delta = 32.0 * (ss - 1.0 / (1.0 + 10f64.powf((rn - rs) / 400.0)));
        r.insert(g.south, rs + delta);
        r.insert(g.north, rn - delta);
    }

    #[test]
    fn crate_elo_matches_the_earlier_numbers() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        let games: Vec<RatedGame> = (0..5_000)
            .map(|key| {
                let south = rng.random_range(1..=12);
                let north = (south + rng.random_range(1..12) - 1) % 12 + 1;
                let decision =
                    [Decision::South, Decision::Draw, Decision::North][rng.random_range(0..3usize)];
                RatedGame {
                    key,
                    south,
                    north,
                    decision,
                }
            })
            .collect();
        let (now, _) = Elo::default().rate_all(&HashMap::new(), &games);
        let mut before = HashMap::new();
        for g in &games {
            hand_written_rate(&mut before, g);
        }
        let worst = now
            .iter()
            .map(|(id, r)| (r - before[id]).abs())
            .fold(0.0, f64::max);
        assert!(worst < 1e-9, "largest difference {worst}");
        for (id, r) in &now {
            assert_eq!(r.round(), before[id].round(), "player {id}");
        }
    }

    #[test]
    fn starting_ratings_are_the_base_and_pools_do_not_mix() {
        // Player 1 starts at 1700, player 2 unrated (1500): 1 beats 2.
        // E = 1 / (1 + 10^(-200/400)) = 0.7597469; 32 * 0.2402531 = 7.6880984.
        let game = RatedGame {
            key: 1,
            south: 1,
            north: 2,
            decision: Decision::South,
        };
        let r = rate_games(
            RatingSystem::Elo,
            &HashMap::from([(1, 1700.0), (3, 1600.0)]),
            &[game],
        );
        close(r.ratings[&1], 1_707.688_098_4);
        close(r.ratings[&2], 1_492.311_901_6);
        // A starting rating without games is a rating; nobody else is rated.
        close(r.ratings[&3], 1600.0);
        assert_eq!(r.rated, HashSet::from([1, 2, 3]));
        assert!(r.deviations.is_empty());
    }

    #[test]
    fn glicko2_by_hand() {
        // Two new players (1500, RD 350, volatility 0.06), South wins: on the Glicko-2
        // scale phi = 350 / 173.7178 = 2.0147619, g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)
        // = 0.6690694, E = 0.5, v = 1 / (g^2 E (1 - E)) = 8.9354749, delta = v g 0.5
        // = 2.9892265; the volatility stays 0.0599997; phi* = sqrt(phi^2 + sigma^2),
        // phi' = 1 / sqrt(1 / phi*^2 + 1 / v) = 1.6712, mu' = phi'^2 g 0.5: rating
        // 1500 + 173.7178 mu' = 1662.311, RD 173.7178 phi' = 290.319.
        let game = RatedGame {
            key: 1,
            south: 1,
            north: 2,
            decision: Decision::South,
        };
        let r = rate_games(RatingSystem::Glicko2, &HashMap::new(), &[game]);
        assert!((r.ratings[&1] - 1662.311).abs() < 1e-3, "{}", r.ratings[&1]);
        assert!((r.ratings[&2] - 1337.689).abs() < 1e-3, "{}", r.ratings[&2]);
        assert!(
            (r.deviations[&1] - 290.319).abs() < 1e-3,
            "{}",
            r.deviations[&1]
        );
        close(r.changes[0].expected, 0.5);
        assert_eq!(RatingSystem::parse("glicko2"), Some(RatingSystem::Glicko2));
        assert_eq!(RatingSystem::parse("glicko"), None);
    }

    #[test]
    fn k_factor_is_checked() {
        assert!(Elo::with_k(0.0).is_err());
        assert!(Elo::with_k(f64::NAN).is_err());
        assert!(Elo::with_k(101.0).is_err());
        assert_eq!(Elo::with_k(16.0).unwrap().k, 16.0);
    }

    proptest::proptest! {
        #[test]
        fn rating_is_conserved_and_bounded(ra in 100.0f64..3000.0, rb in 100.0f64..3000.0, d in 0u8..3) {
            let decision = [Decision::South, Decision::Draw, Decision::North][d as usize];
            let elo = Elo::default();
            let mut r = HashMap::from([(1, ra), (2, rb)]);
            let [a, b] = elo.rate(&mut r, &RatedGame { key: 0, south: 1, north: 2, decision });
            proptest::prop_assert!((a.delta() + b.delta()).abs() < 1e-9);
            proptest::prop_assert!(a.delta().abs() <= elo.k);
            // A winner never loses points, a loser never gains.
            match decision {
                Decision::South => proptest::prop_assert!(a.delta() >= 0.0),
                Decision::North => proptest::prop_assert!(a.delta() <= 0.0),
                Decision::Draw => proptest::prop_assert!((a.delta() > 0.0) == (ra < rb) || ra == rb),
            }
        }
    }
}
