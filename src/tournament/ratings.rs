//! Elo ratings, updated after every finished rated match.
//!
//! Expected score of A against B: `E_A = 1 / (1 + 10^((R_B - R_A) / 400))`. After a
//! match A scores `S_A` (1 win, 0.5 draw, 0 loss, whatever the tournament's points
//! scheme) and `R_A' = R_A + K (S_A - E_A)`; both players are updated from their
//! ratings before the match, so the changes are equal and opposite.
//!
//! K = 32 by default (the classic club value: new and club players move quickly; clubs
//! can choose e.g. 16 or 20 for a steadier list). New players start at 1500. Ratings
//! are kept unrounded (f64) and rounded only for display. Byes and unfinished matches
//! are never rated; whether a finished match is rated (e.g. engine games) is the
//! caller's choice. Glicko-2 was not chosen: Elo is what club players recognise, needs
//! no rating periods, and needs no dependency.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{Decision, TournamentError};

/// A player's id in the rating list (the store's player id).
pub type PlayerId = i64;

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
    pub const DEFAULT_K: f64 = 32.0;
    pub const DEFAULT_INITIAL: f64 = 1500.0;

    /// # Errors
    /// A K factor that is not a number above 0 and at most 100.
    pub fn with_k(k: f64) -> Result<Elo, TournamentError> {
        if !(k > 0.0 && k <= 100.0) {
            return Err(TournamentError::BadKFactor(k));
        }
        Ok(Elo {
            k,
            ..Elo::default()
        })
    }

    /// The expected score of a player rated `r` against one rated `opponent`.
    pub fn expected(r: f64, opponent: f64) -> f64 {
        1.0 / (1.0 + 10f64.powf((opponent - r) / 400.0))
    }

    /// Rates one match, updating `ratings` (players not in it start at `initial`).
    /// Returns the South player's change, then the North player's.
    pub fn rate(&self, ratings: &mut HashMap<PlayerId, f64>, g: &RatedGame) -> [RatingChange; 2] {
        let rs = *ratings.entry(g.south).or_insert(self.initial);
        let rn = *ratings.entry(g.north).or_insert(self.initial);
        let ss = match g.decision {
            Decision::South => 1.0,
            Decision::Draw => 0.5,
            Decision::North => 0.0,
        };
        let es = Elo::expected(rs, rn);
        let delta = self.k * (ss - es);
        ratings.insert(g.south, rs + delta);
        ratings.insert(g.north, rn - delta);
        [
            RatingChange {
                key: g.key,
                player: g.south,
                opponent: g.north,
                before: rs,
                after: rs + delta,
                expected: es,
                score: ss,
            },
            RatingChange {
                key: g.key,
                player: g.north,
                opponent: g.south,
                before: rn,
                after: rn - delta,
                expected: 1.0 - es,
                score: 1.0 - ss,
            },
        ]
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

/// The changes of one player, in order.
pub fn history_of(changes: &[RatingChange], player: PlayerId) -> Vec<RatingChange> {
    changes
        .iter()
        .filter(|c| c.player == player)
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
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
