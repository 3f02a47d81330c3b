//! Round robin by Berger tables.
//!
//! Entrants are numbered 1..n by starting rank (withdrawn entrants keep their number
//! so the schedule never shifts). With an odd count a dummy number n+1 is added and
//! whoever meets it has the bye. With m numbers (m even) there are m-1 rounds; in round
//! r the player numbered m meets x, where 2x-2 ≡ r-1 (mod m-1), and the other pairs
//! are x+k against x-k (cyclically in 1..m-1) for k = 1..m/2-1. Sides are the Berger
//! table's "white": of i and j (both below m) the lower number moves first when i+j
//! is odd, the higher when it is even; against m, x moves first when x ≤ m/2. This
//! gives everyone first moves within one of their second moves over the cycle.
//!
//! Double round robin: the cycle is played twice, the second with sides swapped.
//!
//! Withdrawals: a withdrawn entrant's later games are not paired, and their scheduled
//! opponent sits that round out (no game, no points; not a bye). A round left with
//! nothing to play is skipped (the next pairing carries the later round number).
//!
//! A late arrival ([`late_entry`]): in an odd field the newcomer takes the dummy
//! number n+1, which the table already has, so every round keeps its pairings; the
//! games that number met in the rounds already paired (the rests then) are played
//! later. An even field has no such number: a newcomer would change the whole table.

use super::{Pairing, Tournament, TournamentError};
use crate::tournament::{EntrantId, Format};

/// Rounds in one cycle for `n` entrants.
pub(crate) fn rounds(n: usize) -> u32 {
    if n < 2 { 0 } else { (n + n % 2 - 1) as u32 }
}

/// The Berger table for numbers 1..=m (m even): for round `r` (1-based, r < m), the
/// pairs as (first mover, second mover), board order.
pub(crate) fn berger_round(m: usize, r: usize) -> Vec<(usize, usize)> {
    assert!(m >= 2 && m.is_multiple_of(2) && (1..m).contains(&r));
    let c = m - 1; // the circle 1..=c
    let wrap = |v: isize| -> usize { ((v - 1).rem_euclid(c as isize) + 1) as usize };
    // x with 2x - 2 ≡ r - 1 (mod c): c is odd, so 2 has an inverse.
    let x = (1..=c).find(|&x| (2 * x - 2) % c == (r - 1) % c).unwrap();
    let mut pairs = Vec::with_capacity(m / 2);
    pairs.push(if x <= m / 2 { (x, m) } else { (m, x) });
    for k in 1..m / 2 {
        let i = wrap(x as isize + k as isize);
        let j = wrap(x as isize - k as isize);
        let (lo, hi) = (i.min(j), i.max(j));
        pairs.push(if (lo + hi) % 2 == 1 {
            (lo, hi)
        } else {
            (hi, lo)
        });
    }
    pairs
}

/// The whole schedule for `ids` (in starting-rank order), ignoring withdrawals:
/// `schedule[r - 1]` is round r. The bye is on the last board.
pub(crate) fn schedule(ids: &[EntrantId], double: bool) -> Vec<Vec<Pairing>> {
    let n = ids.len();
    let cycle = rounds(n) as usize;
    let m = n + n % 2;
    let total = if double { 2 * cycle } else { cycle };
    (1..=total)
        .map(|round| {
            let base = (round - 1) % cycle.max(1) + 1;
            let swap = round > cycle;
            let mut games = Vec::new();
            let mut bye = None;
            for (a, b) in berger_round(m, base) {
                let (a, b) = if swap { (b, a) } else { (a, b) };
                match (ids.get(a - 1), ids.get(b - 1)) {
                    (Some(&a), Some(&b)) => games.push((a, b)),
                    (Some(&a), None) | (None, Some(&a)) => bye = Some(a),
                    (None, None) => unreachable!(),
                }
            }
            let mut v: Vec<Pairing> = games
                .into_iter()
                .map(|(s, n)| Pairing {
                    round: round as u32,
                    board: 0,
                    south: s,
                    north: Some(n),
                })
                .collect();
            if let Some(b) = bye {
                v.push(Pairing {
                    round: round as u32,
                    board: 0,
                    south: b,
                    north: None,
                });
            }
            for (i, p) in v.iter_mut().enumerate() {
                p.board = i as u32 + 1;
            }
            v
        })
        .collect()
}

/// Why a round robin under way takes no late arrival ([`late_entry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LateEntryRefusal {
    /// An even field has no rest to take: a newcomer changes every round's table.
    EvenField { entrants: usize },
    /// An odd field has one rest: one newcomer takes it, a second makes the field
    /// odd again with a table of its own.
    MoreThanOne { arriving: usize },
}

/// A late arrival's place in a round robin under way: the next starting rank (the
/// table's rest number), and the games of the rounds already paired in which that
/// number met a player who rested then, each on that rest's board with the sides the
/// table gives; they are played later.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LateEntry {
    pub start_rank: u32,
    pub missed: Vec<Pairing>,
}

/// Where `newcomer` (one of `arriving` late arrivals, not yet entered) joins round
/// robin `t`: see [`LateEntry`]. A rest of an entrant since withdrawn was no board,
/// and gives no game (as a later round of theirs gives none).
///
/// # Errors
/// [`LateEntryRefusal`]: an even field, or more than one arrival.
pub(crate) fn late_entry(
    t: &Tournament,
    newcomer: EntrantId,
    arriving: usize,
) -> Result<LateEntry, LateEntryRefusal> {
    let mut entrants: Vec<_> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.start_rank);
    if entrants.len().is_multiple_of(2) {
        return Err(LateEntryRefusal::EvenField {
            entrants: entrants.len(),
        });
    }
    if arriving > 1 {
        return Err(LateEntryRefusal::MoreThanOne { arriving });
    }
    let start_rank = entrants.last().map_or(0, |e| e.start_rank) + 1;
    let mut ids: Vec<EntrantId> = entrants.iter().map(|e| e.id).collect();
    ids.push(newcomer);
    let table = schedule(&ids, t.format == Format::DoubleRoundRobin);
    let mut missed = Vec::new();
    for round in 1..=t.current_round() {
        let Some(game) = table
            .get(round as usize - 1)
            .and_then(|ps| ps.iter().find(|p| p.involves(newcomer)))
        else {
            continue;
        };
        let opponent = if game.south == newcomer {
            game.north.unwrap_or(newcomer)
        } else {
            game.south
        };
        if let Some(rest) = t
            .round_fixtures(round)
            .iter()
            .find(|f| f.pairing.is_bye() && f.pairing.south == opponent)
        {
            missed.push(Pairing {
                board: rest.pairing.board,
                ..*game
            });
        }
    }
    Ok(LateEntry { start_rank, missed })
}

pub(crate) fn next_round(t: &Tournament, round: u32) -> Result<Vec<Pairing>, TournamentError> {
    let mut entrants: Vec<_> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.start_rank);
    let active = entrants.iter().filter(|e| !e.is_withdrawn()).count();
    if entrants.len() < 2 || (round == 1 && active < 2) {
        return Err(TournamentError::TooFewEntrants {
            format: t.format,
            min: 2,
            have: active,
        });
    }
    let ids: Vec<EntrantId> = entrants.iter().map(|e| e.id).collect();
    let double = t.format == Format::DoubleRoundRobin;
    let total = if double { 2 } else { 1 } * rounds(ids.len());
    if round > total {
        return Err(TournamentError::Finished { rounds: total });
    }
    let table = schedule(&ids, double);
    // The entry list must be the one round 1 was paired with.
    if round > 1 {
        let paired: Vec<_> = t
            .round_fixtures(1)
            .iter()
            .map(|f| (f.pairing.south, f.pairing.north))
            .collect();
        let expected: Vec<_> = table[0].iter().map(|p| (p.south, p.north)).collect();
        if !paired.iter().all(|p| expected.contains(p)) {
            return Err(TournamentError::EntriesChanged);
        }
    }
    let withdrawn = |id: EntrantId| t.entrant(id).is_some_and(|e| e.is_withdrawn());
    // A round left with no game and no bye after withdrawals is skipped.
    for r in round..=total {
        let mut out: Vec<Pairing> = table[r as usize - 1]
            .iter()
            .filter(|p| !withdrawn(p.south) && !p.north.is_some_and(withdrawn))
            .copied()
            .collect();
        if out.is_empty() {
            continue;
        }
        for (i, p) in out.iter_mut().enumerate() {
            p.board = i as u32 + 1;
        }
        return Ok(out);
    }
    Err(TournamentError::Finished { rounds: total })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::tournament::testutil;

    #[test]
    fn berger_six_matches_the_published_table() {
        // FIDE Handbook C.05 Annex 1, Berger table for 5 or 6 players.
        let expected = [
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ];
        for (r, pairs) in expected.iter().enumerate() {
            assert_eq!(&berger_round(6, r + 1), pairs, "round {}", r + 1);
        }
    }

    #[test]
    fn berger_four_matches_the_published_table() {
        let expected = [
            vec![(1, 4), (2, 3)],
            vec![(4, 3), (1, 2)],
            vec![(2, 4), (3, 1)],
        ];
        for (r, pairs) in expected.iter().enumerate() {
            assert_eq!(&berger_round(4, r + 1), pairs, "round {}", r + 1);
        }
    }

    /// Every property a club relies on, for 4..=13 players, single and double.
    #[test]
    fn everyone_meets_everyone_with_balanced_first_moves() {
        for n in 4..=13usize {
            for format in [Format::RoundRobin, Format::DoubleRoundRobin] {
                let cycles = if format == Format::DoubleRoundRobin {
                    2
                } else {
                    1
                };
                let mut t = testutil::tournament(format, n);
                let mut byes_per_round = Vec::new();
                testutil::simulate(&mut t, n as u64, 20, 100, |_, ps| {
                    byes_per_round.push(ps.iter().filter(|p| p.is_bye()).count());
                    // Nobody twice in a round, boards numbered 1..
                    let mut seen = std::collections::HashSet::new();
                    for (i, p) in ps.iter().enumerate() {
                        assert_eq!(p.board, i as u32 + 1);
                        assert!(seen.insert(p.south));
                        if let Some(x) = p.north {
                            assert!(seen.insert(x));
                        }
                    }
                    assert_eq!(seen.len(), n, "everyone is paired or has the bye");
                });
                let expected_rounds = cycles * (n + n % 2 - 1);
                assert_eq!(t.current_round() as usize, expected_rounds, "n={n}");
                assert!(t.is_finished());
                assert!(matches!(
                    t.next_round(),
                    Err(TournamentError::Finished { .. })
                ));
                // One bye per round exactly when the count is odd; everyone gets one
                // bye per cycle.
                assert!(byes_per_round.iter().all(|&b| b == n % 2));
                let mut meetings: HashMap<(i64, i64), usize> = HashMap::new();
                let mut first: HashMap<i64, i32> = HashMap::new();
                let mut byes: HashMap<i64, usize> = HashMap::new();
                for f in &t.fixtures {
                    let p = f.pairing;
                    match p.north {
                        Some(x) => {
                            let key = (p.south.min(x), p.south.max(x));
                            *meetings.entry(key).or_default() += 1;
                            *first.entry(p.south).or_default() += 1;
                            *first.entry(x).or_default() -= 1;
                        }
                        None => *byes.entry(p.south).or_default() += 1,
                    }
                }
                assert_eq!(meetings.len(), n * (n - 1) / 2, "n={n}");
                assert!(meetings.values().all(|&c| c == cycles), "n={n}");
                if n % 2 == 1 {
                    assert_eq!(byes.len(), n);
                    assert!(byes.values().all(|&c| c == cycles));
                }
                for id in 1..=n as i64 {
                    let bal = first.get(&id).copied().unwrap_or(0);
                    if cycles == 2 {
                        assert_eq!(bal, 0, "double round robin: n={n} player {id}");
                    } else {
                        assert!(bal.abs() <= 1, "n={n} player {id} balance {bal}");
                    }
                }
                // In the double cycle each pair's second game swaps the sides.
                if cycles == 2 {
                    let c = expected_rounds as u32 / 2;
                    for f in t.fixtures.iter().filter(|f| f.pairing.round <= c) {
                        let p = f.pairing;
                        let twin = t
                            .fixtures
                            .iter()
                            .find(|g| g.pairing.round == p.round + c && g.pairing.involves(p.south))
                            .unwrap();
                        assert_eq!(twin.pairing.south, p.north.unwrap_or(p.south));
                    }
                }
            }
        }
    }

    #[test]
    fn withdrawn_players_are_not_paired_later() {
        let mut t = testutil::tournament(Format::RoundRobin, 6);
        testutil::simulate(&mut t, 1, 0, 2, |_, _| {});
        t.entrants[2].withdrawn_after = Some(0); // id 3
        let mut later = Vec::new();
        testutil::simulate(&mut t, 2, 0, 100, |_, ps| later.extend_from_slice(ps));
        assert_eq!(t.current_round(), 5);
        assert!(later.iter().all(|p| !p.involves(3)));
        // Player 3's games in rounds 3, 4 and 5 were dropped.
        let games = t.fixtures.iter().filter(|f| !f.pairing.is_bye()).count();
        assert_eq!(games, 15 - 3);
    }

    #[test]
    fn empty_rounds_after_withdrawals_are_skipped() {
        // Four players, 1 and 2 withdraw after round 1: only 3-4 is left to play.
        let mut t = testutil::tournament(Format::RoundRobin, 4);
        testutil::simulate(&mut t, 1, 0, 1, |_, _| {});
        t.entrants[0].withdrawn_after = Some(0);
        t.entrants[1].withdrawn_after = Some(0);
        let mut rounds = Vec::new();
        testutil::simulate(&mut t, 2, 0, 10, |_, ps| rounds.push(ps.to_vec()));
        assert_eq!(rounds.len(), 1, "{rounds:?}");
        let p = rounds[0][0];
        assert_eq!(
            (p.south.min(p.north.unwrap()), p.south.max(p.north.unwrap())),
            (3, 4)
        );
        assert!(t.is_finished());
    }

    #[test]
    fn too_few_players_is_an_error() {
        let t = testutil::tournament(Format::RoundRobin, 1);
        assert!(matches!(
            t.next_round(),
            Err(TournamentError::TooFewEntrants { .. })
        ));
    }

    #[test]
    fn a_pending_match_blocks_the_next_round() {
        let mut t = testutil::tournament(Format::RoundRobin, 4);
        let ps = t.next_round().unwrap();
        t.fixtures = ps
            .into_iter()
            .map(crate::tournament::Fixture::pending)
            .collect();
        assert_eq!(
            t.next_round(),
            Err(TournamentError::RoundIncomplete {
                round: 1,
                pending: 2
            })
        );
    }

    /// A postponed match does not hold a round robin's next round, which is the one
    /// the schedule gives; a Swiss still waits for it.
    #[test]
    fn a_postponed_match_does_not_block_a_round_robin() {
        let mut t = testutil::tournament(Format::RoundRobin, 4);
        let round1 = t.next_round().unwrap();
        let postponed = round1[0];
        t.fixtures = round1
            .iter()
            .map(|&p| crate::tournament::Fixture::pending(p))
            .collect();
        let mut done = t.clone();
        let finished = done.fixtures[1].pairing;
        let won = crate::tournament::MatchResult::played(
            crate::tournament::Decision::South,
            crate::engine::BySide::new(30, 18),
        );
        assert!(done.set_result(finished.round, finished.board, Some(won)));
        let mut setup = done.to_setup();
        setup.postponed.push(crate::tournament::PostponedMatch {
            round: 1,
            south: postponed.south,
        });
        let with_postponed = crate::tournament::Tournament::new_checked(setup).unwrap();
        let round2 = with_postponed.next_round().unwrap();
        assert_eq!(round2, schedule(&[1, 2, 3, 4], false)[1]);
        assert!(with_postponed.is_postponed(&with_postponed.fixtures[0]));
        assert_eq!(
            done.next_round(),
            Err(TournamentError::RoundIncomplete {
                round: 1,
                pending: 1
            })
        );

        let mut swiss = testutil::tournament(Format::Swiss, 4).into_setup();
        swiss.fixtures = with_postponed.fixtures.clone();
        swiss.postponed = with_postponed.to_setup().postponed;
        let swiss = crate::tournament::Tournament::new_checked(swiss).unwrap();
        assert!(matches!(
            swiss.next_round(),
            Err(TournamentError::RoundIncomplete { pending: 1, .. })
        ));
    }

    /// Five players, two rounds paired: a sixth takes number 6, the rest's, and the
    /// rests of rounds 1 and 2 (players 1 and 4 by the Berger table of six) become
    /// games with the newcomer on the rest's board; round 3 is then the table's.
    #[test]
    fn a_late_arrival_takes_the_rest_in_an_odd_field() {
        let mut t = testutil::tournament(Format::RoundRobin, 5);
        testutil::simulate(&mut t, 3, 0, 2, |_, _| {});
        assert_eq!(
            late_entry(&t, 6, 2),
            Err(LateEntryRefusal::MoreThanOne { arriving: 2 })
        );
        let entry = late_entry(&t, 6, 1).unwrap();
        assert_eq!(entry.start_rank, 6);
        let game = |round, board, south, north| Pairing {
            round,
            board,
            south,
            north: Some(north),
        };
        assert_eq!(entry.missed, vec![game(1, 3, 1, 6), game(2, 3, 6, 4)]);
        let mut newcomer = testutil::entrant(6, "P6", 1900.0);
        newcomer.start_rank = entry.start_rank;
        t.entrants.push(newcomer);
        t.fixtures.retain(|f| !f.pairing.is_bye());
        t.fixtures.extend(
            entry
                .missed
                .iter()
                .map(|&p| crate::tournament::Fixture::pending(p)),
        );
        let mut setup = t.to_setup();
        setup.postponed = entry
            .missed
            .iter()
            .map(|p| crate::tournament::PostponedMatch {
                round: p.round,
                south: p.south,
            })
            .collect();
        let t = crate::tournament::Tournament::new_checked(setup).unwrap();
        assert_eq!(
            t.next_round().unwrap(),
            schedule(&[1, 2, 3, 4, 5, 6], false)[2]
        );
        // Six: no rest left to take.
        assert_eq!(
            late_entry(&t, 7, 1),
            Err(LateEntryRefusal::EvenField { entrants: 6 })
        );
    }

    /// A double round robin of five joined in its second cycle (after round 7): the
    /// newcomer's seven missed games are the rests, and with them played later every
    /// pair meets twice, once with each side first.
    #[test]
    fn a_late_arrival_joins_a_double_round_robin_in_its_second_cycle() {
        let mut t = testutil::tournament(Format::DoubleRoundRobin, 5);
        testutil::simulate(&mut t, 4, 0, 7, |_, _| {});
        let entry = late_entry(&t, 6, 1).unwrap();
        assert_eq!(entry.missed.len(), 7);
        t.entrants.push(testutil::entrant(6, "P6", 1900.0));
        t.fixtures.retain(|f| !f.pairing.is_bye());
        t.fixtures
            .extend(entry.missed.iter().map(|&p| crate::tournament::Fixture {
                pairing: p,
                result: Some(crate::tournament::MatchResult::played(
                    crate::tournament::Decision::South,
                    crate::engine::BySide::new(30, 18),
                )),
            }));
        testutil::simulate(&mut t, 5, 0, 100, |_, ps| {
            assert!(ps.iter().all(|p| !p.is_bye()), "an even field rests nobody");
        });
        assert_eq!(t.current_round(), 10);
        let mut sides: HashMap<(i64, i64), usize> = HashMap::new();
        for f in &t.fixtures {
            *sides
                .entry((f.pairing.south, f.pairing.north.unwrap()))
                .or_default() += 1;
        }
        assert_eq!(sides.len(), 30, "{sides:?}");
        assert!(sides.values().all(|&n| n == 1));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
        /// Withdrawals at any point: nobody withdrawn is paired afterwards, no pair
        /// meets twice in a single round robin, and every round has at most one bye.
        #[test]
        fn withdrawals_at_any_time(n in 4usize..=13, after in 0u32..6, who in 0usize..13, seed in 0u64..1000) {
            let mut t = testutil::tournament(Format::RoundRobin, n);
            testutil::simulate(&mut t, seed, 20, after, |_, _| {});
            let gone = t.entrants[who % n].id;
            t.entrants[who % n].withdrawn_after = Some(0);
            let mut later = Vec::new();
            testutil::simulate(&mut t, seed + 1, 20, 100, |_, ps| later.push(ps.to_vec()));
            let mut met = std::collections::HashSet::new();
            for f in &t.fixtures {
                if let Some(x) = f.pairing.north {
                    proptest::prop_assert!(met.insert((f.pairing.south.min(x), f.pairing.south.max(x))));
                }
            }
            for ps in &later {
                proptest::prop_assert!(ps.iter().all(|p| !p.involves(gone)));
                proptest::prop_assert!(ps.iter().filter(|p| p.is_bye()).count() <= 1);
            }
            proptest::prop_assert!(t.is_finished());
        }
    }
}
