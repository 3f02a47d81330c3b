//! Knockout: seeding by rating, the standard bracket, byes for the top seeds.
//!
//! - Seeds: active entrants when round 1 is paired, by rating (highest first), then
//!   starting rank. Seed k is the k-th. A knockout seeded by hand (`tournament
//!   seed`) takes its starting ranks as its seeds: the director's order first.
//! - Bracket: the size is the next power of two P ≥ n; bracket slots are ordered so
//!   that round 1 is 1 v P, and seeds 1 and 2 can only meet in the final (the usual
//!   1-16, 8-9, 5-12, 4-13, 3-14, 6-11, 7-10, 2-15 order for 16). Seeds above n are
//!   empty slots: the top P-n seeds get a bye in round 1.
//! - Who moves first: the one who has moved first less often so far, then the higher
//!   seed.
//! - **A drawn match** is decided by the seeds each player held at the end (more
//!   advances); if those are equal too, the higher seed advances. No replay.
//! - Withdrawals: a withdrawn player's next opponent advances with a bye; if both are
//!   withdrawn (or the slot is empty), the slot stays empty and the next opponent
//!   gets the bye.
//! - Third place (when the knockout has one): the final round also pairs the two
//!   losers of the semi-finals, the one who has moved first less often South, then
//!   the higher seed. No match when a semi-final was not played (a bye) or a loser
//!   has withdrawn. Its winner is placed third, its loser fourth.

use std::collections::HashMap;

use super::{Pairing, Tournament, TournamentError, colour_histories};
use crate::tournament::{Decision, Entrant, EntrantId, Fixture};

/// Rounds for `n` entrants: ceil(log2 n).
pub(crate) fn rounds(n: usize) -> u32 {
    crate::tournament::ceil_log2(n as u32)
}

/// The bracket order of seeds 1..=size (a power of two): adjacent pairs meet in round
/// 1, adjacent pairs of winners in round 2, and so on.
pub(crate) fn bracket_order(size: usize) -> Vec<usize> {
    assert!(size.is_power_of_two());
    let mut order = vec![1usize];
    while order.len() < size {
        let m = order.len() * 2 + 1;
        order = order.iter().flat_map(|&s| [s, m - s]).collect();
    }
    order
}

/// Seeds: entrant ids in seed order (seed 1 first).
pub(crate) fn seeds(entrants: &[Entrant]) -> Vec<EntrantId> {
    let mut v: Vec<&Entrant> = entrants.iter().collect();
    v.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then(a.start_rank.cmp(&b.start_rank))
    });
    v.into_iter().map(|e| e.id).collect()
}

/// The knockout seeds of a tournament: those paired in round 1 (or, before round 1,
/// the active entrants).
fn tournament_seeds(t: &Tournament) -> Vec<EntrantId> {
    let r1 = t.round_fixtures(1);
    let in_r1 = |e: &&Entrant| {
        if r1.is_empty() {
            !e.is_withdrawn()
        } else {
            r1.iter().any(|f| f.pairing.involves(e.id))
        }
    };
    let mut es: Vec<Entrant> = t.entrants.iter().filter(in_r1).cloned().collect();
    if t.seeded_by_hand().is_empty() {
        return seeds(&es);
    }
    // Seeded by hand: the starting ranks are the director's order
    // (`seeding::put_first`), given when round 1 is paired.
    es.sort_by_key(|e| e.start_rank);
    es.into_iter().map(|e| e.id).collect()
}

/// Who goes through from a finished fixture: the winner; after a draw the player with
/// more seeds at the end, then the higher seed (`seed_of` smaller). `None` if pending.
pub(crate) fn advancer(f: &Fixture, seed_of: impl Fn(EntrantId) -> usize) -> Option<EntrantId> {
    let p = f.pairing;
    let Some(north) = p.north else {
        return Some(p.south);
    };
    let r = f.result?;
    Some(match r.decision {
        Decision::South => p.south,
        Decision::North => north,
        Decision::Draw => {
            if r.seeds.south != r.seeds.north {
                if r.seeds.south > r.seeds.north {
                    p.south
                } else {
                    north
                }
            } else if seed_of(p.south) < seed_of(north) {
                p.south
            } else {
                north
            }
        }
    })
}

/// The bracket: `slots[r]` are the players (or empty slots) entering round r+1, in
/// bracket order; computed as far as results allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bracket {
    pub seeds: Vec<EntrantId>,
    pub slots: Vec<Vec<Option<EntrantId>>>,
}

/// Rebuilds the bracket from round-1 seeding and the results so far. A slot whose
/// match is still pending ends that round's list (`complete == false`).
pub(crate) fn bracket(t: &Tournament) -> (Bracket, bool) {
    let seeds = tournament_seeds(t);
    let size = seeds.len().max(1).next_power_of_two();
    let first: Vec<Option<EntrantId>> = bracket_order(size)
        .into_iter()
        .map(|s| seeds.get(s - 1).copied())
        .collect();
    let seed_no: HashMap<EntrantId, usize> = seeds
        .iter()
        .enumerate()
        .map(|(i, &id)| (id, i + 1))
        .collect();
    let seed_of = |id: EntrantId| seed_no.get(&id).copied().unwrap_or(usize::MAX);
    let mut slots = vec![first];
    let mut complete = true;
    for round in 1..=t.current_round() {
        let prev = slots.last().unwrap().clone();
        if prev.len() < 2 {
            break;
        }
        let fixtures = t.round_fixtures(round);
        let mut next = Vec::with_capacity(prev.len() / 2);
        for pair in prev.chunks(2) {
            let players: Vec<EntrantId> = pair.iter().flatten().copied().collect();
            let f = fixtures
                .iter()
                .find(|f| players.iter().any(|&id| f.pairing.involves(id)));
            let winner = match f {
                Some(f) => match advancer(f, seed_of) {
                    Some(w) => Some(w),
                    None => {
                        complete = false;
                        None
                    }
                },
                // Not paired: both slots empty or withdrawn.
                None => None,
            };
            next.push(winner);
        }
        slots.push(next);
        if !complete {
            break;
        }
    }
    (Bracket { seeds, slots }, complete)
}

/// The match for third place, once paired: the final round's match between two
/// players who did not enter the final.
pub fn third_place_fixture(t: &Tournament) -> Option<&Fixture> {
    if !t.has_third_place_match() {
        return None;
    }
    let (b, _) = bracket(t);
    let last = rounds(b.seeds.len());
    if last < 2 {
        return None;
    }
    let finalists = b.slots.get(last as usize - 1)?;
    t.fixtures.iter().find(|f| {
        f.pairing.round == last
            && !f.pairing.is_bye()
            && finalists
                .iter()
                .flatten()
                .all(|&id| !f.pairing.involves(id))
    })
}

/// Who won `f`, the match for third place ([`third_place_fixture`]); `None` until
/// it is played.
pub fn third_place_winner(t: &Tournament, f: &Fixture) -> Option<EntrantId> {
    let seeds = tournament_seeds(t);
    advancer(f, |id| {
        seeds.iter().position(|&s| s == id).unwrap_or(usize::MAX)
    })
}

/// The semi-finals' losers still in the event, who play for third place (`None`
/// unless there are two).
fn third_place_pairing(
    t: &Tournament,
    b: &Bracket,
    seed_of: impl Fn(EntrantId) -> usize + Copy,
) -> Option<(EntrantId, EntrantId)> {
    let last = rounds(b.seeds.len());
    if last < 2 {
        return None;
    }
    let losers: Vec<EntrantId> = t
        .round_fixtures(last - 1)
        .iter()
        .filter_map(|f| {
            let north = f.pairing.north?;
            let through = advancer(f, seed_of)?;
            Some(if through == north {
                f.pairing.south
            } else {
                north
            })
        })
        .filter(|&id| !t.entrant(id).is_some_and(Entrant::is_withdrawn))
        .collect();
    match losers[..] {
        [a, b] => Some((a, b)),
        _ => None,
    }
}

/// The winner of a finished knockout.
pub(crate) fn champion(t: &Tournament) -> Option<EntrantId> {
    if t.current_round() == 0 {
        return None;
    }
    let (b, complete) = bracket(t);
    let last = b.slots.last()?;
    (complete && last.len() == 1).then(|| last[0]).flatten()
}

pub(crate) fn next_round(t: &Tournament, round: u32) -> Result<Vec<Pairing>, TournamentError> {
    if round == 1 {
        let active = t.entrants.iter().filter(|e| !e.is_withdrawn()).count();
        if active < 2 {
            return Err(TournamentError::TooFewEntrants {
                format: t.format,
                min: 2,
                have: active,
            });
        }
    }
    let (b, _) = bracket(t);
    let total = rounds(b.seeds.len());
    if round > total || champion(t).is_some() {
        return Err(TournamentError::Finished { rounds: total });
    }
    let seed_no: HashMap<EntrantId, usize> = b
        .seeds
        .iter()
        .enumerate()
        .map(|(i, &id)| (id, i + 1))
        .collect();
    let withdrawn = |id: EntrantId| t.entrant(id).is_some_and(|e| e.is_withdrawn());
    let entering = &b.slots[round as usize - 1];
    let history = colour_histories(&t.fixtures);
    // South: the one who has moved first less often, then the higher seed `hi`.
    let sides = |hi: EntrantId, lo: EntrantId| {
        let bal = |id| history.get(&id).map(|h| h.balance()).unwrap_or(0);
        if bal(lo) < bal(hi) {
            (lo, hi)
        } else {
            (hi, lo)
        }
    };
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for pair in entering.chunks(2) {
        let live: Vec<EntrantId> = pair
            .iter()
            .flatten()
            .copied()
            .filter(|&id| !withdrawn(id))
            .collect();
        match live[..] {
            [a, b] => {
                let (hi, lo) = if seed_no[&a] < seed_no[&b] {
                    (a, b)
                } else {
                    (b, a)
                };
                games.push(sides(hi, lo));
            }
            [a] => byes.push(a),
            _ => {}
        }
    }
    if round == total && t.has_third_place_match() {
        let seed_of = |id: EntrantId| seed_no.get(&id).copied().unwrap_or(usize::MAX);
        if let Some((a, b)) = third_place_pairing(t, &b, seed_of) {
            let (hi, lo) = if seed_of(a) < seed_of(b) {
                (a, b)
            } else {
                (b, a)
            };
            games.push(sides(hi, lo));
        }
    }
    let out: Vec<Pairing> = games
        .into_iter()
        .map(|(s, n)| (s, Some(n)))
        .chain(byes.into_iter().map(|a| (a, None)))
        .enumerate()
        .map(|(i, (s, n))| Pairing {
            round,
            board: i as u32 + 1,
            south: s,
            north: n,
        })
        .collect();
    if out.is_empty() {
        return Err(TournamentError::TooFewEntrants {
            format: t.format,
            min: 1,
            have: 0,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BySide;
    use crate::tournament::{Format, MatchResult, testutil};

    #[test]
    fn bracket_orders_are_the_standard_ones() {
        assert_eq!(bracket_order(2), vec![1, 2]);
        assert_eq!(bracket_order(4), vec![1, 4, 2, 3]);
        assert_eq!(bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(
            bracket_order(16),
            vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
    }

    /// For 4..=13 players: the right number of rounds, byes only for the top seeds in
    /// round 1, seeds 1 and 2 on opposite halves, everyone else eliminated exactly once.
    #[test]
    fn knockout_brackets_for_4_to_13_players() {
        for n in 4..=13usize {
            for seed in 0..4u64 {
                let mut t = testutil::tournament(Format::Knockout, n);
                // Ratings out of starting-rank order: seeding must follow rating.
                for e in &mut t.entrants {
                    e.rating = 1000.0 + ((e.id * 7919) % 101) as f64;
                }
                let expected_seeds = seeds(&t.entrants);
                let mut rounds_played = Vec::new();
                testutil::simulate(&mut t, seed, 25, 10, |t, ps| {
                    rounds_played.push(ps.to_vec());
                    let r = ps[0].round;
                    let size = n.next_power_of_two();
                    let mut byes: Vec<EntrantId> =
                        ps.iter().filter(|p| p.is_bye()).map(|p| p.south).collect();
                    byes.sort_by_key(|id| expected_seeds.iter().position(|x| x == id));
                    if r == 1 {
                        assert_eq!(byes.len(), size - n, "n={n}");
                        assert_eq!(&byes[..], &expected_seeds[..size - n], "top seeds get byes");
                        // Round 1 is 1 v P: seed k meets seed P+1-k.
                        for p in ps.iter().filter(|p| !p.is_bye()) {
                            let sa = expected_seeds.iter().position(|&x| x == p.south).unwrap() + 1;
                            let sb = expected_seeds
                                .iter()
                                .position(|&x| Some(x) == p.north)
                                .unwrap()
                                + 1;
                            assert_eq!(sa + sb, size + 1, "n={n}");
                        }
                    } else {
                        assert!(byes.is_empty(), "no byes after round 1 without withdrawals");
                        let _ = t;
                    }
                    let players = ps
                        .iter()
                        .map(|p| 1 + p.north.is_some() as usize)
                        .sum::<usize>();
                    let expected = if r == 1 { n } else { size >> (r - 1) };
                    assert_eq!(players, expected, "n={n} round {r}");
                });
                assert_eq!(rounds_played.len(), rounds(n) as usize, "n={n}");
                let champ = champion(&t).expect("a champion");
                // The champion won (or advanced from) every one of their fixtures.
                let seed_of =
                    |id: EntrantId| expected_seeds.iter().position(|&x| x == id).unwrap() + 1;
                for f in t.fixtures.iter().filter(|f| f.pairing.involves(champ)) {
                    assert_eq!(advancer(f, seed_of), Some(champ));
                }
                // Everyone but the champion lost exactly one fixture.
                for &id in &expected_seeds {
                    let losses = t
                        .fixtures
                        .iter()
                        .filter(|f| f.pairing.involves(id) && advancer(f, seed_of) != Some(id))
                        .count();
                    assert_eq!(losses, (id != champ) as usize, "n={n} id={id}");
                }
                // Seeds 1 and 2 can only meet in the final.
                let (s1, s2) = (expected_seeds[0], expected_seeds[1]);
                for f in &t.fixtures {
                    if f.pairing.involves(s1) && f.pairing.involves(s2) {
                        assert_eq!(f.pairing.round, rounds(n));
                    }
                }
                assert_eq!(
                    t.next_round(),
                    Err(TournamentError::Finished { rounds: rounds(n) })
                );
            }
        }
    }

    #[test]
    fn a_drawn_match_goes_to_more_seeds_then_the_higher_seed() {
        let seed_of = |id: EntrantId| id as usize;
        let p = Pairing {
            round: 1,
            board: 1,
            south: 5,
            north: Some(2),
        };
        let draw = |s, n| Fixture {
            pairing: p,
            result: Some(MatchResult {
                decision: Decision::Draw,
                seeds: BySide::new(s, n),
                forfeit: None,
            }),
        };
        assert_eq!(advancer(&draw(26, 22), seed_of), Some(5));
        assert_eq!(advancer(&draw(20, 28), seed_of), Some(2));
        assert_eq!(
            advancer(&draw(24, 24), seed_of),
            Some(2),
            "seed 2 beats seed 5"
        );
        assert_eq!(advancer(&Fixture::pending(p), seed_of), None);
    }

    #[test]
    fn standings_rank_by_round_reached() {
        // 6 players: seeds 1 and 2 have byes; the higher seed wins every match.
        let mut t = testutil::tournament(Format::Knockout, 6);
        let mut rounds = 0;
        while let Ok(ps) = t.next_round() {
            rounds += 1;
            for p in ps {
                let result = p.north.map(|n| {
                    let south_wins = p.south < n;
                    MatchResult {
                        decision: if south_wins {
                            Decision::South
                        } else {
                            Decision::North
                        },
                        seeds: if south_wins {
                            BySide::new(40, 8)
                        } else {
                            BySide::new(8, 40)
                        },
                        forfeit: None,
                    }
                });
                t.fixtures.push(Fixture { pairing: p, result });
            }
        }
        assert_eq!(rounds, 3);
        assert_eq!(champion(&t), Some(1));
        assert!(t.is_finished());
        let s = t.standings();
        let order: Vec<(EntrantId, Option<u32>)> =
            s.rows.iter().map(|r| (r.id, r.reached)).collect();
        // Round 1: 3-6, 4-5 (1 and 2 bye). Round 2: 1-4, 2-3. Final: 1-2.
        // Reached: 1 champion (4), 2 final (3), 3 and 4 round 2, 5 and 6 round 1.
        // Ties: points (3 and 4 both 1 win), wins, seeds, then start rank.
        assert_eq!(
            order,
            vec![
                (1, Some(4)),
                (2, Some(3)),
                (3, Some(2)),
                (4, Some(2)),
                (5, Some(1)),
                (6, Some(1))
            ]
        );
    }

    /// With a match for third place, the final round also pairs the semi-finals'
    /// losers; its winner is placed third, its loser fourth, and the event is not
    /// finished until it is played. Seeds by hand come first in the bracket.
    #[test]
    fn the_semi_finals_losers_play_for_third_place() {
        let mut t = testutil::tournament(Format::Knockout, 8);
        assert_eq!(t.planned_matches(), 7);
        t.third_place_match = true;
        assert_eq!(t.planned_matches(), 8, "7 to a champion, and third place");
        t.seeded_by_hand = vec![8, 7];
        crate::tournament::seeding::put_first(&mut t.entrants, &[8, 7]);
        assert_eq!(&bracket(&t).0.seeds[..3], &[8, 7, 1]);
        // The higher seed (lower starting rank) wins every match.
        let win = |t: &mut Tournament, ps: Vec<Pairing>| {
            for p in ps {
                let rank = |id| t.entrant(id).unwrap().start_rank;
                let north = p.north.unwrap();
                let south_wins = rank(p.south) < rank(north);
                let result = MatchResult {
                    decision: if south_wins {
                        Decision::South
                    } else {
                        Decision::North
                    },
                    seeds: BySide::new(0, 0),
                    forfeit: None,
                };
                t.fixtures.push(Fixture {
                    pairing: p,
                    result: Some(result),
                });
            }
        };
        for _ in 0..2 {
            let ps = t.next_round().unwrap();
            win(&mut t, ps);
        }
        let last = t.next_round().unwrap();
        assert_eq!(last.len(), 2, "the final and the match for third place");
        let third: Vec<EntrantId> = [last[1].south, last[1].north.unwrap()].into();
        // Seeds 3 and 4 (ids 1 and 2) lost the semi-finals to seeds 1 and 2.
        let mut losers = third.clone();
        losers.sort();
        assert_eq!(losers, vec![1, 2]);
        let (final_match, third_match) = (last[0], last[1]);
        win(&mut t, vec![final_match]);
        t.fixtures.push(Fixture::pending(third_match));
        assert!(
            !t.is_finished(),
            "the match for third place is still to be played"
        );
        assert!(third_place_fixture(&t).is_some_and(|f| f.result.is_none()));
        t.fixtures.pop();
        win(&mut t, vec![third_match]);
        assert!(t.is_finished());
        assert_eq!(
            third_place_winner(&t, third_place_fixture(&t).unwrap()),
            Some(1)
        );
        let places: Vec<EntrantId> = t.standings().rows.iter().map(|r| r.id).take(4).collect();
        assert_eq!(places, vec![8, 7, 1, 2]);
    }

    #[test]
    fn a_withdrawn_winner_gives_the_next_opponent_a_bye() {
        let mut t = testutil::tournament(Format::Knockout, 8);
        testutil::simulate(&mut t, 7, 0, 1, |_, _| {});
        let (b, complete) = bracket(&t);
        assert!(complete);
        let through = b.slots[1].clone();
        let gone = through[0].unwrap();
        t.entrants
            .iter_mut()
            .find(|e| e.id == gone)
            .unwrap()
            .withdrawn_after = Some(0);
        let r2 = t.next_round().unwrap();
        assert_eq!(r2.len(), 2);
        assert!(r2.iter().all(|p| !p.involves(gone)));
        let bye = r2.iter().find(|p| p.is_bye()).unwrap();
        assert_eq!(Some(bye.south), through[1]);
    }
}
