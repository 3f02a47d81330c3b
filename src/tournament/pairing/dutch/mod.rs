//! Swiss pairing by the FIDE Dutch system (C.04.3, the 2025 rules), South
//! playing the part of White.
//!
//! The round is decided the way bbpPairings (the FIDE-endorsed Dutch engine)
//! decides it, so that a director can check a goobalay pairing against it:
//!
//! 1. Players to pair are ordered by score, then pairing number.
//! 2. Every criterion C1–C21 becomes a field of one wide integer edge weight
//!    (`weights`), most important first; a pairing is a maximum-weight
//!    matching (`matching`). The absolute criteria (no rematch, no two players
//!    who must both have the same colour, except a top scorer in the last round,
//!    one bye at most, to a player who has not had one) become zero weights, so a
//!    round without a legal pairing is refused.
//! 3. Brackets are settled from the top: which moved-down players are paired
//!    (higher scores first), their opponents, then the remainder's S1/S2 and
//!    its exchanges, each decision fixed by one more matching with a nudged
//!    weight, so the lexicographic order of the rule text is respected.
//! 4. Colours follow E.1–E.5 (`colours`): both preferences granted, then the
//!    stronger preference, then the most recent round the two histories differ,
//!    then the higher-ranked player's preference, else alternation from the
//!    initial colour by pairing number.
//!
//! The bye is decided while pairing the last bracket (C5, C9): the player left
//! over must be eligible (no earlier pairing-allocated bye and no unplayed game
//! scoring a win), from the lowest possible score group, and among those the one
//! who played the most games.

mod bracket;
pub(crate) mod colours;
pub(crate) mod matching;
pub(crate) mod weights;
pub(crate) mod wide;

use std::collections::{HashMap, HashSet};

use super::{Pairing, Tournament, TournamentError};
use crate::engine::Side;
use crate::tournament::{EntrantId, Points, PointsScheme};

/// The name and version recorded with a tournament paired by this module as first
/// made ([`crate::tournament::PairingSystem::Dutch2025`]).
pub const SYSTEM: &str = "dutch-2025";

/// The name recorded with a tournament paired by this module with pairing numbers
/// counted as bbpPairings counts them
/// ([`crate::tournament::PairingSystem::Dutch2025v2`]).
pub(crate) const SYSTEM_V2: &str = "dutch-2025-v2";

/// One player's round in the past, as the Dutch rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundRecord {
    /// A game against `opponent` (an index into [`DutchInput::players`]).
    Played {
        opponent: usize,
        side: Side,
        points: Points,
    },
    /// The pairing-allocated bye.
    Bye { points: Points },
    /// A round paired but not played, or a bye outside the pairing: a forfeit (won or
    /// lost, the opponent not counted as met, no colour), a requested half- or
    /// zero-point bye, a round a late entrant missed (C.04.3 A.x / C.04.1: such a
    /// pairing is not a game; scoring a win this way makes the player ineligible for
    /// the pairing-allocated bye, as bbpPairings reads TRF `+` and `F`).
    Unplayed { points: Points },
    /// Not paired (not entered yet, or withdrawn): no game, no points.
    Absent,
}

impl RoundRecord {
    fn points(&self) -> Points {
        match *self {
            RoundRecord::Played { points, .. }
            | RoundRecord::Bye { points }
            | RoundRecord::Unplayed { points } => points,
            RoundRecord::Absent => Points::ZERO,
        }
    }
}

/// A player of the tournament: paired this round or not (their history still
/// matters for their former opponents' floats).
#[derive(Clone, Debug, PartialEq)]
pub struct DutchPlayer {
    pub id: EntrantId,
    /// Pairing number order, 0 = first; only its order and parity matter.
    pub rank: usize,
    /// One record per round played so far.
    pub history: Vec<RoundRecord>,
    /// Paired in this round.
    pub active: bool,
    /// Virtual points (FIDE C.04.5) added to the score for pairing round `r + 1`,
    /// at index `r`; missing rounds carry none.
    pub virtual_points: Vec<Points>,
}

impl DutchPlayer {
    /// The virtual points of the round at index `round_index` (0 = round 1).
    pub(crate) fn virtual_points_in(&self, round_index: usize) -> Points {
        self.virtual_points
            .get(round_index)
            .copied()
            .unwrap_or(Points::ZERO)
    }
}

/// Everything one Dutch round depends on.
#[derive(Clone, Debug, PartialEq)]
pub struct DutchInput {
    pub players: Vec<DutchPlayer>,
    /// Rounds already played (the round to pair is this plus one).
    pub played_rounds: u32,
    /// The number of rounds the tournament will have (the last-round rules).
    pub total_rounds: u32,
    pub points: PointsScheme,
    /// The colour of the first-ranked player in round 1 (South here).
    pub initial_side: Side,
}

/// The outcome of one round: `(south, north)` pairs in board order and the
/// player with the bye, as indices into [`DutchInput::players`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DutchRound {
    pub boards: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why no pairing exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoLegalPairing;

/// Gives group A of an accelerated tournament its virtual points for every round
/// up to `round` ([`acceleration`](crate::tournament::acceleration)).
fn add_virtual_points(t: &Tournament, round: u32, players: &mut [DutchPlayer]) {
    use crate::tournament::acceleration;
    let first = acceleration::round_1_players(t);
    let group_a: HashSet<EntrantId> = acceleration::group_a(t, &first).into_iter().collect();
    let total = t.planned_rounds();
    for p in players.iter_mut().filter(|p| group_a.contains(&p.id)) {
        p.virtual_points = (1..=round)
            .map(|r| acceleration::baku_points(total, r, &t.points))
            .collect();
    }
}

/// Pairs one round of `input` by the Dutch system.
///
/// # Errors
/// [`NoLegalPairing`] when the absolute criteria (C1–C3) cannot all hold.
pub fn pair(input: &DutchInput) -> Result<DutchRound, NoLegalPairing> {
    let facts = colours::Facts::new(input);
    let (pairs, bye) = bracket::pair(input, &facts)?;
    let mut boards: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(a, b)| {
            // Colours are chosen for the player with the lower pairing number.
            let (first, second) = if input.players[a].rank < input.players[b].rank {
                (a, b)
            } else {
                (b, a)
            };
            if colours::side_for(first, second, input, &facts) == Side::South {
                (first, second)
            } else {
                (second, first)
            }
        })
        .collect();
    // Boards: the higher score on the board first, then the lower score, then
    // the higher-ranked player's pairing number.
    let key = |&(s, n): &(usize, usize)| {
        let (hi, lo) = if facts.ranks_above(s, n) {
            (s, n)
        } else {
            (n, s)
        };
        (
            std::cmp::Reverse(facts.score[hi]),
            std::cmp::Reverse(facts.score[lo]),
            input.players[hi].rank,
        )
    };
    boards.sort_by_key(key);
    Ok(DutchRound { boards, bye })
}

/// Pairs round `round` of a Swiss tournament by the Dutch system.
pub(crate) fn next_round(t: &Tournament, round: u32) -> Result<Vec<Pairing>, TournamentError> {
    let total = t.planned_rounds();
    if round > total {
        return Err(TournamentError::Finished { rounds: total });
    }
    let input = input_for(t, round);
    let active = input.players.iter().filter(|p| p.active).count();
    if active < 2 {
        return Err(TournamentError::TooFewEntrants {
            format: t.format,
            min: 2,
            have: active,
        });
    }
    let result =
        pair(&input).map_err(|NoLegalPairing| TournamentError::NoLegalPairing { round })?;
    let mut out = Vec::with_capacity(result.boards.len() + 1);
    for (i, &(s, n)) in result.boards.iter().enumerate() {
        out.push(Pairing {
            round,
            board: i as u32 + 1,
            south: input.players[s].id,
            north: Some(input.players[n].id),
        });
    }
    if let Some(b) = result.bye {
        out.push(Pairing {
            round,
            board: out.len() as u32 + 1,
            south: input.players[b].id,
            north: None,
        });
    }
    Ok(out)
}

/// The Dutch view of `t` before round `round`: every entrant with one record per
/// earlier round; those not withdrawn before `round` are paired.
pub(crate) fn input_for(t: &Tournament, round: u32) -> DutchInput {
    let played = round - 1;
    let mut entrants: Vec<&crate::tournament::Entrant> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.start_rank);
    let index: HashMap<EntrantId, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let mut history = vec![vec![RoundRecord::Absent; played as usize]; entrants.len()];
    // Who took part in an earlier pairing: a board (played or forfeited) or the
    // pairing-allocated bye. A bye outside the pairing is no part in it.
    let mut took_part: HashSet<usize> = HashSet::new();
    for f in t.fixtures.iter().filter(|f| f.pairing.round <= played) {
        let p = f.pairing;
        let r = p.round as usize - 1;
        let s = index[&p.south];
        took_part.insert(s);
        took_part.extend(p.north.map(|n| index[&n]));
        match p.north {
            None => {
                history[s][r] = RoundRecord::Bye {
                    points: t.points.bye,
                }
            }
            Some(n) if f.result.is_some_and(|r| r.forfeit.is_some()) => {
                let n = index[&n];
                for (i, id) in [(s, p.south), (n, entrants[n].id)] {
                    history[i][r] = RoundRecord::Unplayed {
                        points: f
                            .outcome_for(id)
                            .map(|o| t.points.points(o))
                            .unwrap_or_default(),
                    };
                }
            }
            Some(n) => {
                let n = index[&n];
                let score = |id| {
                    f.outcome_for(id)
                        .map(|o| t.points.points(o))
                        .unwrap_or_default()
                };
                history[s][r] = RoundRecord::Played {
                    opponent: n,
                    side: Side::South,
                    points: score(p.south),
                };
                history[n][r] = RoundRecord::Played {
                    opponent: s,
                    side: Side::North,
                    points: score(entrants[n].id),
                };
            }
        }
    }
    for b in t.requested_byes.iter().filter(|b| b.round <= played) {
        if let Some(&i) = index.get(&b.player) {
            history[i][b.round as usize - 1] = RoundRecord::Unplayed {
                points: t.points.points(b.points.outcome()),
            };
        }
    }
    // The pairing number counts the players in this pairing, and those who took
    // part in an earlier one (bbpPairings' "valid" players): not a player who has
    // only had byes outside the pairing (a late entry's missed rounds, byes asked
    // for) and is not paired now. The system as first made (`dutch-2025`, kept for
    // the tournaments it paired) counted such a player too.
    let paired: HashSet<usize> = if t.pairing_system == crate::tournament::PairingSystem::Dutch2025
    {
        history
            .iter()
            .enumerate()
            .filter(|(_, h)| h.iter().any(|r| *r != RoundRecord::Absent))
            .map(|(i, _)| i)
            .collect()
    } else {
        took_part
    };
    let mut rank = 0;
    let mut players = Vec::with_capacity(entrants.len());
    for (i, e) in entrants.iter().enumerate() {
        // A player with a bye asked for this round is left out of its pairing.
        let active =
            e.withdrawn_after.is_none_or(|w| w >= round) && t.requested_bye(e.id, round).is_none();
        players.push(DutchPlayer {
            id: e.id,
            rank,
            history: std::mem::take(&mut history[i]),
            active,
            virtual_points: Vec::new(),
        });
        if active || paired.contains(&i) {
            rank += 1;
        }
    }
    if !t.acceleration.is_none() {
        add_virtual_points(t, round, &mut players);
    }
    DutchInput {
        players,
        played_rounds: played,
        total_rounds: t.planned_rounds(),
        points: t.points,
        initial_side: t.initial_side,
    }
}

#[cfg(test)]
mod unplayed_tests {
    use super::*;
    use crate::tournament::{
        Absent, ByePoints, Fixture, Format, MatchResult, RequestedBye, testutil,
    };

    /// C.04.3 and bbpPairings' reading of TRF: a forfeit is no game (no colour, the
    /// two may meet again), and scoring a win without playing (a forfeit won) makes
    /// the player ineligible for the pairing-allocated bye; a half-point bye does not.
    #[test]
    fn a_forfeit_is_no_game_and_a_forfeit_win_takes_the_bye_away() {
        let mut t = testutil::tournament(Format::Swiss, 5);
        t.rounds = Some(3);
        t.fixtures = vec![
            Fixture {
                pairing: Pairing {
                    round: 1,
                    board: 1,
                    south: 1,
                    north: Some(2),
                },
                result: Some(MatchResult::forfeited(Absent::North)),
            },
            Fixture {
                pairing: Pairing {
                    round: 1,
                    board: 2,
                    south: 3,
                    north: Some(4),
                },
                result: Some(MatchResult::forfeited(Absent::Both)),
            },
        ];
        t.requested_byes = vec![
            RequestedBye {
                round: 1,
                player: 5,
                points: ByePoints::Half,
            },
            RequestedBye {
                round: 2,
                player: 3,
                points: ByePoints::Zero,
            },
        ];
        let input = input_for(&t, 2);
        let at = |id| input.players.iter().position(|p| p.id == id).unwrap();
        let facts = colours::Facts::new(&input);
        for id in 1..=5 {
            assert_eq!(facts.played_games[at(id)], 0, "{id} played no game");
            assert_eq!(facts.imbalance[at(id)], 0, "{id} has no colour");
        }
        assert!(
            !facts.bye_eligible[at(1)],
            "a forfeit win counts as a bye received"
        );
        assert!(facts.bye_eligible[at(2)] && facts.bye_eligible[at(5)]);
        // Scores: 1 won (1), 5 half-point bye (0.5), the others 0.
        assert_eq!(facts.score[at(1)], Points::whole(1).0);
        assert_eq!(facts.score[at(5)], Points::whole(1).half().0);
        // 3 asked for a bye in round 2: not paired; 1 and 2 may meet again.
        assert!(!input.players[at(3)].active);
        let round2 = next_round(&t, 2).unwrap();
        assert!(round2.iter().all(|p| !p.involves(3)));
        assert_eq!(round2.len(), 2, "two boards for 1, 2, 4, 5");
    }

    /// bbpPairings (as it pairs goobalay's TRF): a player who has only had byes
    /// outside the pairing and is left out of this one takes no pairing number, so
    /// the players after them move up one; the colour rule E.5 (the higher ranked
    /// player's pairing number, odd or even) follows these numbers (seeds 24, 38 and
    /// 57 of `examples/dutch_vs_bbp` differed in that colour of two late entrants).
    #[test]
    fn a_player_with_only_byes_outside_the_pairing_takes_no_pairing_number() {
        let mut t = testutil::tournament(Format::Swiss, 6);
        t.rounds = Some(3);
        t.fixtures = vec![
            Fixture {
                pairing: Pairing {
                    round: 1,
                    board: 1,
                    south: 1,
                    north: Some(2),
                },
                result: Some(MatchResult::forfeited(Absent::Both)),
            },
            Fixture {
                pairing: Pairing {
                    round: 1,
                    board: 2,
                    south: 4,
                    north: None,
                },
                result: None,
            },
        ];
        // 3 had a zero-point bye in round 1 and asks for a half-point bye in round 2;
        // 5 and 6 entered late (round 1 missed).
        t.requested_byes = [(1, 3), (1, 5), (1, 6)]
            .map(|(round, player)| RequestedBye {
                round,
                player,
                points: ByePoints::Zero,
            })
            .to_vec();
        t.requested_byes.push(RequestedBye {
            round: 2,
            player: 3,
            points: ByePoints::Half,
        });
        let input = input_for(&t, 2);
        let rank = |id| input.players.iter().find(|p| p.id == id).unwrap().rank;
        // 1 and 2 took part (a double forfeit), 4 had the pairing bye; 3 none.
        assert_eq!([1, 2, 4, 5, 6].map(rank), [0, 1, 2, 3, 4]);
        // The system as first made, kept for the tournaments it paired, counted 3.
        t.pairing_system = crate::tournament::PairingSystem::Dutch2025;
        let input = input_for(&t, 2);
        let rank = |id| input.players.iter().find(|p| p.id == id).unwrap().rank;
        assert_eq!([1, 2, 3, 4, 5, 6].map(rank), [0, 1, 2, 3, 4, 5]);
    }
}

#[cfg(test)]
mod acceleration_tests {
    use super::colours::{Facts, Float};
    use super::*;

    /// C.04.5: the pairing score is points plus the virtual points of the round
    /// being paired, and a float is judged on the pairing scores the round had, as
    /// bbpPairings judges it: A (one virtual point in round 1) beat B (none) while
    /// both had 0 points, so A floated down to B in round 1; in round 2 A's score
    /// is 1 point plus half a virtual point.
    #[test]
    fn virtual_points_count_in_the_pairing_score_and_in_past_floats() {
        let points = PointsScheme::default();
        let player = |id, rank, opponent, side, won: bool, vp: Vec<Points>| DutchPlayer {
            id,
            rank,
            history: vec![RoundRecord::Played {
                opponent,
                side,
                points: if won { points.win } else { points.loss },
            }],
            active: true,
            virtual_points: vp,
        };
        let input = DutchInput {
            players: vec![
                player(1, 0, 1, Side::South, true, vec![points.win, points.draw]),
                player(2, 1, 0, Side::North, false, Vec::new()),
            ],
            played_rounds: 1,
            total_rounds: 3,
            points,
            initial_side: Side::South,
        };
        let facts = Facts::new(&input);
        assert_eq!(facts.score[0], (points.win + points.draw).0);
        assert_eq!(facts.score[1], 0);
        assert_eq!(facts.score_back(&input, 0, 1), points.win.0);
        assert_eq!(facts.float(&input, 0, 1), Float::Down);
        assert_eq!(facts.float(&input, 1, 1), Float::Up);
    }
}
