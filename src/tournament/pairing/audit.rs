//! Re-deriving stored pairings: every round of a tournament as loaded must be the
//! round [`super::next_round`] gives from the tournament as it stood before it.
//!
//! A round paired by hand (listed in [`Tournament::manual_rounds`]) is checked by
//! [`manual::check`] instead: a round of active players, nobody twice. Every other
//! round is what `tournament pair` and `tournament run` stored from
//! [`super::next_round`], and that is a pure function of the
//! entrants (starting ranks, ratings), the withdrawals and the earlier rounds with
//! their results. So for each stored round `r`, with `p` the stored round before it
//! (0 for the first), the tournament as it stood when `r` was paired is:
//! - the fixtures of rounds up to `p`, with their results;
//! - the entrants who had entered by then (a late Swiss entry made while `k` was the
//!   current round is paired from round `k + 1` on: see `entered_after`);
//! - withdrawn: those with `withdrawn_after <= p`. `tournament withdraw` stores the
//!   current round as `withdrawn_after` and leaves that round's match in place, even
//!   pending: it is played (or its result entered) and counts, and the player is left
//!   out from the next pairing on. So a player withdrawn after `p` is still active
//!   for the pairing of round `p` and every round before it.
//!
//! Round numbers are compared too: a round robin skips a round left with nothing to
//! play, so the stored rounds need not be 1, 2, 3, ...
//!
//! [`check_seeding`] checks the starting ranks the pairings relied on: round 1 seeds
//! every entrant present by rating, highest first ([`crate::tournament::assign_start_ranks`]),
//! and a late Swiss entry gets the next rank.

use std::collections::{BTreeSet, HashMap};

use super::super::{EntrantId, Fixture, Pairing, Tournament, TournamentError};
use super::manual;

/// A stored round (or seeding) that is not what the pairing rules give.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct PairingDifference {
    /// The stored round concerned (0: the seeding before round 1).
    pub round: u32,
    /// The stored board concerned, if one.
    pub board: Option<u32>,
    /// What differs, in words, naming the round and the players.
    pub what: String,
}

/// The round during which each entrant entered: absent or 0 for entrants entered
/// before round 1 was paired; `k` for a late (Swiss) entry made after round `k` was
/// paired.
pub(crate) type EnteredAfter = HashMap<EntrantId, u32>;

/// [`check_as_paired`] on today's results, for every round.
#[cfg(test)]
pub(crate) fn check(t: &Tournament, entered_after: &EnteredAfter) -> Vec<PairingDifference> {
    let mut out = check_seeding(t, entered_after);
    out.extend(check_rounds(t, entered_after));
    out
}

/// How the results stood when a round was paired: `as_paired(round, t)` turns the
/// tournament before `round` (with today's results) into the one that was paired from
/// (a result corrected after `round` was paired is put back as it was).
pub(crate) type AsPaired<'a> = &'a dyn Fn(u32, &mut Tournament);

/// Every check of this module: [`check_seeding`], then [`check_rounds_as_paired`],
/// each round judged on the results as they stood when it was paired.
pub(crate) fn check_as_paired(
    t: &Tournament,
    entered_after: &EnteredAfter,
    as_paired: AsPaired,
) -> Vec<PairingDifference> {
    let mut out = check_seeding(t, entered_after);
    out.extend(check_rounds_as_paired(t, entered_after, as_paired));
    out
}

/// The tournament as it stood once round `prev` was paired (and its results, as
/// stored now, entered): the fixtures of rounds up to `prev`, the entrants who had
/// entered, withdrawals made up to then.
pub(crate) fn as_after_round(
    t: &Tournament,
    prev: u32,
    entered_after: &EnteredAfter,
) -> Tournament {
    let mut s = t.clone();
    s.entrants
        .retain(|e| entered_after.get(&e.id).copied().unwrap_or(0) <= prev);
    for e in &mut s.entrants {
        if e.withdrawn_after.is_some_and(|w| w > prev) {
            e.withdrawn_after = None;
        }
    }
    s.fixtures.retain(|f| f.pairing.round <= prev);
    for f in &mut s.fixtures {
        if let Some(rest) = rest_then(t, f.pairing, prev, entered_after) {
            *f = Fixture::pending(rest);
        }
    }
    let present: std::collections::HashSet<EntrantId> = s.entrants.iter().map(|e| e.id).collect();
    s.requested_byes.retain(|b| present.contains(&b.player));
    s
}

/// A round robin's game `p` of a late arrival who had not entered once round
/// `paired` was paired (0: before round 1): a game they missed, which was then their
/// opponent's rest
/// (see [`super::round_robin::late_entry`]); that rest.
fn rest_then(
    t: &Tournament,
    p: Pairing,
    paired: u32,
    entered_after: &EnteredAfter,
) -> Option<Pairing> {
    if !t.format.pairs_around_postponed() {
        return None;
    }
    let later = |id: EntrantId| entered_after.get(&id).copied().unwrap_or(0) > paired;
    let north = p.north?;
    let rest = match (later(p.south), later(north)) {
        (false, true) => p.south,
        (true, false) => north,
        _ => return None,
    };
    Some(Pairing {
        south: rest,
        north: None,
        ..p
    })
}

/// The games a round robin's late arrivals missed (the rests they took over, by
/// [`super::round_robin::late_entry`] from the tournament as it stood when they
/// entered), each as that gives it and postponed.
pub(crate) fn check_late_entries(
    t: &Tournament,
    entered_after: &EnteredAfter,
) -> Vec<PairingDifference> {
    let mut out = Vec::new();
    if !t.format.pairs_around_postponed() {
        return out;
    }
    let mut late: Vec<(EntrantId, u32)> = entered_after
        .iter()
        .filter(|&(id, &k)| k > 0 && t.entrant(*id).is_some())
        .map(|(&id, &k)| (id, k))
        .collect();
    late.sort_unstable_by_key(|&(id, k)| (k, id));
    for (id, k) in late {
        let name = t.entrant(id).map_or("?", |e| e.name.as_str());
        // The tournament as it stood when they entered: round k paired, without them.
        let mut not_yet = entered_after.clone();
        not_yet.insert(id, k + 1);
        let before = as_after_round(t, k, &not_yet);
        let stored: Vec<Fixture> = t
            .fixtures
            .iter()
            .filter(|f| f.pairing.round <= k && f.pairing.involves(id))
            .copied()
            .collect();
        let expected = match super::round_robin::late_entry(&before, id, 1) {
            Ok(entry) => entry.missed,
            Err(super::round_robin::LateEntryRefusal::EvenField { entrants }) => {
                out.push(PairingDifference {
                    round: k,
                    board: None,
                    what: format!(
                        "{name} entered after round {k}, but a round robin of {entrants} entrants has no rest for a late arrival to take"
                    ),
                });
                continue;
            }
            Err(super::round_robin::LateEntryRefusal::MoreThanOne { .. }) => Vec::new(),
        };
        let mut stored_games: Vec<Pairing> = stored.iter().map(|f| f.pairing).collect();
        stored_games.sort_by_key(|p| (p.round, p.board));
        if stored_games != expected {
            let show = |ps: &[Pairing]| {
                let games: Vec<String> = ps
                    .iter()
                    .map(|p| {
                        format!(
                            "round {} board {}: {} v {}",
                            p.round,
                            p.board,
                            t.entrant(p.south).map_or("?", |e| e.name.as_str()),
                            p.north
                                .and_then(|n| t.entrant(n))
                                .map_or("bye", |e| e.name.as_str())
                        )
                    })
                    .collect();
                if games.is_empty() {
                    "none".to_string()
                } else {
                    games.join(", ")
                }
            };
            out.push(PairingDifference {
                round: stored_games.first().map_or(k, |p| p.round),
                board: stored_games.first().map(|p| p.board),
                what: format!(
                    "{name} entered after round {k}: the games missed are stored as {}, but taking the rest's place gives {}",
                    show(&stored_games),
                    show(&expected)
                ),
            });
            continue;
        }
        for f in stored.iter().filter(|f| !t.is_postponed(f)) {
            out.push(PairingDifference {
                round: f.pairing.round,
                board: Some(f.pairing.board),
                what: format!(
                    "round {}, board {}: a game {name} missed by entering after round {k}, but it is not recorded as postponed",
                    f.pairing.round, f.pairing.board
                ),
            });
        }
    }
    out
}

/// [`check_rounds_as_paired`] on today's results, for every round.
#[cfg(test)]
pub(crate) fn check_rounds(t: &Tournament, entered_after: &EnteredAfter) -> Vec<PairingDifference> {
    check_rounds_as_paired(t, entered_after, &|_, _| {})
}

/// Re-pairs every stored round from the tournament as it stood before it
/// ([`as_after_round`]), on the results as they stood when it was paired
/// ([`AsPaired`]), and returns, per round that differs, its first differing board
/// (and how many boards differ), or why the round could not have been paired then.
/// Each round is judged against the stored rounds before it, so a changed round is
/// named even if later rounds were paired from it.
pub(crate) fn check_rounds_as_paired(
    t: &Tournament,
    entered_after: &EnteredAfter,
    as_paired: AsPaired,
) -> Vec<PairingDifference> {
    let rounds: BTreeSet<u32> = t.fixtures.iter().map(|f| f.pairing.round).collect();
    let mut out = Vec::new();
    let mut prev = 0;
    for round in rounds {
        let mut before = as_after_round(t, prev, entered_after);
        as_paired(round, &mut before);
        // A game a late round robin arrival missed was the rest when it was paired.
        let stored: Vec<Pairing> = t
            .round_fixtures(round)
            .iter()
            .map(|f| rest_then(t, f.pairing, round - 1, entered_after).unwrap_or(f.pairing))
            .collect();
        let after = if prev == 0 {
            "before round 1".to_string()
        } else {
            format!("after round {prev}")
        };
        let diff = |what: String| PairingDifference {
            round,
            board: None,
            what,
        };
        // A board of an earlier round naming an entrant recorded as entering later
        // (an entry time edited, say) leaves no tournament to pair this round from.
        if let Some((id, when)) = unentered_player(&before, t, entered_after) {
            let name = t.entrant(id).map_or("?", |e| e.name.as_str());
            out.push(diff(format!(
                "round {round} cannot be paired from the rounds before it: {name} plays in round {when}, but is recorded as entering after round {}",
                entered_after.get(&id).copied().unwrap_or(0)
            )));
            prev = round;
            continue;
        }
        if t.manual_rounds.contains(&round) {
            let excused = t
                .requested_byes
                .iter()
                .filter(|b| b.round == round)
                .map(|b| b.player)
                .collect();
            if let Err(e) = manual::check(&before, &stored, &excused) {
                out.push(diff(format!("round {round} was paired by hand, but {e}")));
            }
            prev = round;
            continue;
        }
        match before.next_round() {
            Ok(expected) => {
                let expected_round = expected.first().map_or(0, |p| p.round);
                if expected_round != round {
                    out.push(diff(format!(
                        "round {round} is stored {after}, but the pairing rules pair round {expected_round} next"
                    )));
                } else if let Some(d) = first_difference(t, round, &stored, &expected) {
                    out.push(d);
                }
            }
            Err(TournamentError::RoundIncomplete {
                round: open,
                pending,
            }) => out.push(diff(format!(
                "round {round} is paired, but round {open} still has {} without a result",
                crate::wording::matches(pending as u64)
            ))),
            Err(TournamentError::Finished { rounds }) => out.push(diff(format!(
                "round {round} is paired, but the tournament was over {after} (all {rounds} rounds paired, or a champion known)"
            ))),
            Err(e) => out.push(diff(format!(
                "round {round} cannot be paired from the rounds before it: {e}"
            ))),
        }
        prev = round;
    }
    out.extend(check_late_entries(t, entered_after));
    out
}

/// An entrant of `t` playing in a round of `before` (the tournament as it stood) among
/// whose entrants they are not, having entered later by `entered_after`, with the
/// round they play in.
fn unentered_player(
    before: &Tournament,
    t: &Tournament,
    entered_after: &EnteredAfter,
) -> Option<(EntrantId, u32)> {
    let present: std::collections::HashSet<EntrantId> =
        before.entrants.iter().map(|e| e.id).collect();
    before.fixtures.iter().find_map(|f| {
        let p = f.pairing;
        std::iter::once(p.south)
            .chain(p.north)
            .find(|id| {
                !present.contains(id) && t.entrant(*id).is_some() && entered_after.contains_key(id)
            })
            .map(|id| (id, p.round))
    })
}

/// The boards of `round` where `stored` and `expected` (both by board) differ: the
/// first three in words (then how many more), at the first one's stored board.
fn first_difference(
    t: &Tournament,
    round: u32,
    stored: &[Pairing],
    expected: &[Pairing],
) -> Option<PairingDifference> {
    const SHOWN: usize = 3;
    let n = stored.len().max(expected.len());
    let differ: Vec<usize> = (0..n)
        .filter(|&i| stored.get(i) != expected.get(i))
        .collect();
    let first = *differ.first()?;
    let mut parts = Vec::new();
    for &i in differ.iter().take(SHOWN) {
        let (s, e) = (stored.get(i), expected.get(i));
        let board = s.or(e).map_or(i as u32 + 1, |p| p.board);
        parts.push(format!(
            "board {board}: stored {}, the pairing rules give {}",
            show(t, s, board),
            show(t, e, board)
        ));
    }
    let more = match differ.len() {
        k if k > SHOWN => format!(
            " (and {} more)",
            crate::wording::count((k - SHOWN) as u64, "board", "boards")
        ),
        _ => String::new(),
    };
    Some(PairingDifference {
        round,
        board: stored.get(first).map(|p| p.board),
        what: format!("round {round}, {}{more}", parts.join("; ")),
    })
}

/// A board in words; its number only if it is not `board`.
fn show(t: &Tournament, p: Option<&Pairing>, board: u32) -> String {
    let name = |id: EntrantId| {
        t.entrant(id)
            .map_or(format!("entrant {id}"), |e| e.name.clone())
    };
    let Some(p) = p else {
        return "no board".to_string();
    };
    let at = if p.board == board {
        String::new()
    } else {
        format!("board {}: ", p.board)
    };
    match p.north {
        None => format!("{at}a bye for {}", name(p.south)),
        Some(n) => format!("{at}{} (South) v {} (North)", name(p.south), name(n)),
    }
}

/// Once round 1 is paired: the entrants present then hold starting ranks 1..n in
/// rating order, highest first (ties are not checked: they go by name, and a player
/// may have been renamed since), and late entries follow with the next ranks in the
/// order they entered. A knockout seeded by hand holds its named entrants first, in
/// that order.
pub(crate) fn check_seeding(
    t: &Tournament,
    entered_after: &EnteredAfter,
) -> Vec<PairingDifference> {
    let mut out = Vec::new();
    if t.current_round() == 0 {
        return out;
    }
    let entered = |id: EntrantId| entered_after.get(&id).copied().unwrap_or(0);
    let mut es: Vec<_> = t.entrants.iter().collect();
    es.sort_by_key(|e| (entered(e.id), e.start_rank));
    let diff = |what: String| PairingDifference {
        round: 0,
        board: None,
        what,
    };
    for (i, e) in es.iter().enumerate() {
        let rank = i as u32 + 1;
        if e.start_rank != rank {
            let when = match entered(e.id) {
                0 => "seeded when round 1 was paired".to_string(),
                k => format!("entered after round {k}"),
            };
            out.push(diff(format!(
                "{} ({when}) has starting rank {}; ranks go 1, 2, 3, ... in seeding order, then in entry order, so it should be {rank}",
                e.name, e.start_rank
            )));
            return out;
        }
    }
    // A knockout seeded by hand: the named entrants first, in the director's order;
    // the rating order holds among the others.
    let by_hand = |id: EntrantId| t.seeded_by_hand.contains(&id);
    // A player named who is no longer an entrant (withdrawn before round 1) holds no
    // seed.
    let named = t.seeded_by_hand.iter().filter_map(|&id| t.entrant(id));
    for (seed, e) in named.enumerate() {
        if e.start_rank != seed as u32 + 1 {
            out.push(diff(format!(
                "{} was seeded {} by hand, but has starting rank {}",
                e.name,
                seed + 1,
                e.start_rank
            )));
            return out;
        }
    }
    for w in es.windows(2) {
        let (a, b) = (w[0], w[1]);
        if by_hand(a.id) || by_hand(b.id) {
            continue;
        }
        if entered(a.id) == 0 && entered(b.id) == 0 && a.rating < b.rating {
            out.push(diff(format!(
                "{} has starting rank {} with rating {}, ahead of {} (rank {}) with rating {}: round 1 was seeded by rating, highest first",
                a.name, a.start_rank, a.rating, b.name, b.start_rank, b.rating
            )));
            break;
        }
    }
    // A round robin's late arrival takes the rest: see `check_late_entries`.
    if t.format.rules().late_entries == crate::tournament::systems::LateEntries::Closed
        && let Some(late) = es.iter().find(|e| entered(e.id) > 0)
    {
        out.push(diff(format!(
            "{} entered after round {}, but a {}'s entries close when round 1 is paired",
            late.name,
            entered(late.id),
            t.format
        )));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::testutil;
    use crate::tournament::{Fixture, Format, assign_start_ranks};

    fn none() -> EnteredAfter {
        HashMap::new()
    }

    /// Plays `rounds` rounds with random results, withdrawing `withdraw` (if any) after
    /// round `at` has been paired, with its match of that round still to be played.
    fn played(
        format: Format,
        n: usize,
        rounds: u32,
        withdraw: Option<(EntrantId, u32)>,
    ) -> Tournament {
        let mut t = testutil::tournament(format, n);
        assign_start_ranks(&mut t.entrants);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(11);
        for _ in 0..rounds {
            let Ok(pairings) = t.next_round() else { break };
            let round = pairings[0].round;
            t.fixtures
                .extend(pairings.into_iter().map(Fixture::pending));
            if let Some((id, at)) = withdraw
                && at == round
            {
                t.entrants
                    .iter_mut()
                    .find(|e| e.id == id)
                    .unwrap()
                    .withdrawn_after = Some(at);
            }
            for f in t.fixtures.iter_mut().filter(|f| f.pairing.round == round) {
                if f.pairing.north.is_some() {
                    f.result = Some(testutil::random_result(&mut rng, 20));
                }
            }
        }
        t
    }

    /// A late arrival in the rest's place of an odd round robin (entered after round
    /// 2 of five): every round re-derives, and a missed game stored with other sides
    /// or not postponed is named.
    #[test]
    fn a_round_robin_late_arrival_is_replayed() {
        use super::super::round_robin::late_entry;
        use crate::tournament::PostponedMatch;
        let mut t = testutil::tournament(Format::RoundRobin, 5);
        testutil::simulate(&mut t, 5, 0, 2, |_, _| {});
        let entry = late_entry(&t, 6, 1).unwrap();
        let mut fay = testutil::entrant(6, "Fay", 1900.0);
        fay.start_rank = entry.start_rank;
        t.entrants.push(fay);
        t.fixtures.retain(|f| !f.pairing.is_bye());
        t.fixtures
            .extend(entry.missed.iter().map(|&p| Fixture::pending(p)));
        t.postponed = entry
            .missed
            .iter()
            .map(|p| PostponedMatch {
                round: p.round,
                south: p.south,
            })
            .collect();
        let entered: EnteredAfter = [(6, 2)].into_iter().collect();
        testutil::simulate(&mut t, 6, 0, 1, |_, _| {});
        assert_eq!(check(&t, &entered), Vec::new());

        // Round 2's missed game with the sides swapped (postponed as stored).
        let mut swapped = t.clone();
        let f = swapped
            .fixtures
            .iter_mut()
            .find(|f| f.pairing.round == 2 && f.pairing.involves(6))
            .unwrap();
        let (south, north) = (f.pairing.south, f.pairing.north.unwrap());
        f.pairing.south = north;
        f.pairing.north = Some(south);
        for p in swapped.postponed.iter_mut().filter(|p| p.round == 2) {
            p.south = north;
        }
        let found = check_late_entries(&swapped, &entered);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].what.starts_with(
                "Fay entered after round 2: the games missed are stored as round 1 board 3: P1 v Fay, round 2 board 3: P4 v Fay, but taking the rest's place gives round 1 board 3: P1 v Fay, round 2 board 3: Fay v P4"
            ),
            "{found:?}"
        );
        // Not postponed.
        t.postponed.retain(|p| p.round != 1);
        let found = check_late_entries(&t, &entered);
        assert_eq!(
            found.iter().map(|d| d.what.as_str()).collect::<Vec<_>>(),
            [
                "round 1, board 3: a game Fay missed by entering after round 2, but it is not recorded as postponed"
            ]
        );
    }

    #[test]
    fn an_entrant_playing_before_their_recorded_entry_is_named_not_a_panic() {
        let t = played(Format::Swiss, 6, 3, None);
        let mut entered = EnteredAfter::new();
        entered.insert(2, 2);
        let found = check_rounds(&t, &entered);
        let name = &t.entrant(2).unwrap().name;
        assert!(
            found.iter().any(|d| d.round == 2
                && d.what.contains(&format!(
                    "{name} plays in round 1, but is recorded as entering after round 2"
                ))),
            "{found:?}"
        );
    }

    #[test]
    fn pairings_made_by_next_round_pass_in_every_format() {
        for format in Format::ALL {
            for withdraw in [None, Some((3, 1)), Some((2, 2))] {
                let t = played(format, 7, 5, withdraw);
                assert!(t.current_round() >= 2, "{format}");
                assert_eq!(check(&t, &none()), vec![], "{format} {withdraw:?}");
            }
        }
    }

    /// Random events as the CLI makes them: withdrawals while a round's matches are
    /// pending or between rounds, late Swiss entries between rounds, draws.
    #[test]
    fn random_tournaments_with_withdrawals_and_late_entries_pass() {
        use rand::{Rng, SeedableRng};
        for seed in 0..60u64 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let format = Format::ALL[seed as usize % 4];
            let n = rng.random_range(3..=10);
            let mut t = testutil::tournament(format, n);
            if format == Format::Swiss {
                t.rounds = Some(rng.random_range(2..=6));
            }
            // A withdrawal before round 1.
            if rng.random_bool(0.2) {
                t.entrants[n - 1].withdrawn_after = Some(0);
            }
            assign_start_ranks(&mut t.entrants);
            let mut entered = EnteredAfter::new();
            let mut next_id = n as i64 + 1;
            for _ in 0..12 {
                let Ok(pairings) = t.next_round() else { break };
                let round = pairings[0].round;
                t.fixtures
                    .extend(pairings.into_iter().map(Fixture::pending));
                let withdraw = |t: &mut Tournament, rng: &mut rand_chacha::ChaCha8Rng| {
                    let active: Vec<usize> = (0..t.entrants.len())
                        .filter(|&i| !t.entrants[i].is_withdrawn())
                        .collect();
                    if active.len() > 2 && rng.random_bool(0.3) {
                        let i = active[rng.random_range(0..active.len())];
                        t.entrants[i].withdrawn_after = Some(round);
                    }
                };
                withdraw(&mut t, &mut rng); // the round's matches still pending
                for f in t.fixtures.iter_mut().filter(|f| f.pairing.round == round) {
                    if f.pairing.north.is_some() {
                        f.result = Some(testutil::random_result(&mut rng, 25));
                    }
                }
                withdraw(&mut t, &mut rng); // the round finished
                if format == Format::Swiss && rng.random_bool(0.3) {
                    let mut e = testutil::entrant(next_id, &format!("L{next_id}"), 1000.0);
                    e.start_rank = t.entrants.iter().map(|e| e.start_rank).max().unwrap() + 1;
                    t.entrants.push(e);
                    entered.insert(next_id, round);
                    next_id += 1;
                }
            }
            assert!(t.current_round() >= 1, "seed {seed}");
            assert_eq!(check(&t, &entered), vec![], "seed {seed}: {t:?}");
        }
    }

    #[test]
    fn swapped_players_sides_and_byes_are_named() {
        let t = played(Format::Swiss, 7, 3, None);
        let name = |id| t.entrant(id).unwrap().name.clone();
        // South and North swapped on one board.
        let mut x = t.clone();
        let f = x
            .fixtures
            .iter_mut()
            .find(|f| f.pairing.round == 2 && f.pairing.board == 1)
            .unwrap();
        let (s, n) = (f.pairing.south, f.pairing.north.unwrap());
        f.pairing.south = n;
        f.pairing.north = Some(s);
        let d = check_rounds(&x, &none());
        assert_eq!(d[0].round, 2, "{d:?}");
        assert_eq!(d[0].board, Some(1));
        assert!(
            d[0].what.starts_with(&format!(
                "round 2, board 1: stored {} (South) v {} (North), the pairing rules give {} (South) v {} (North)",
                name(n),
                name(s),
                name(s),
                name(n)
            )),
            "{d:?}"
        );
        // The bye moved to board 1's North, who takes the bye.
        let mut x = t.clone();
        let bye = x.round_fixtures(3).last().unwrap().pairing;
        let board1 = x.round_fixtures(3)[0].pairing;
        assert!(bye.is_bye());
        for f in x.fixtures.iter_mut().filter(|f| f.pairing.round == 3) {
            if f.pairing.board == 1 {
                f.pairing.north = Some(bye.south);
            } else if f.pairing.is_bye() {
                f.pairing.south = board1.north.unwrap();
            }
        }
        assert_eq!(x.validate(), Ok(()));
        let d = check_rounds(&x, &none());
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!((d[0].round, d[0].board), (3, Some(1)), "{d:?}");
        assert!(
            d[0].what.ends_with(&format!(
                "; board {}: stored a bye for {}, the pairing rules give a bye for {}",
                bye.board,
                name(board1.north.unwrap()),
                name(bye.south)
            )),
            "{d:?}"
        );
        assert!(
            d[0].what
                .contains(&format!("{} (North), the pairing rules", name(bye.south))),
            "{d:?}"
        );
    }

    #[test]
    fn a_round_paired_too_early_or_after_the_end_is_named() {
        let mut t = played(Format::RoundRobin, 4, 3, None);
        // Round 1 unfinished, yet round 2 is paired.
        t.fixtures
            .iter_mut()
            .find(|f| f.pairing.round == 1)
            .unwrap()
            .result = None;
        let d = check_rounds(&t, &none());
        assert_eq!(d.len(), 1);
        assert!(
            d[0].what
                .starts_with("round 2 is paired, but round 1 still has 1 match without a result"),
            "{d:?}"
        );
    }

    #[test]
    fn a_withdrawal_counts_from_the_round_after_it() {
        // Withdrawn after round 1 (round 1's match pending then): paired in round 1,
        // not in round 2. Taken as withdrawn before round 1, round 1 is wrong.
        let t = played(Format::Swiss, 6, 3, Some((4, 1)));
        assert!(t.round_fixtures(1).iter().any(|f| f.pairing.involves(4)));
        assert!(!t.round_fixtures(2).iter().any(|f| f.pairing.involves(4)));
        assert_eq!(check(&t, &none()), vec![]);
        let mut x = t.clone();
        x.entrants
            .iter_mut()
            .find(|e| e.id == 4)
            .unwrap()
            .withdrawn_after = Some(0);
        assert_eq!(check_rounds(&x, &none())[0].round, 1);
        let mut x = t;
        x.entrants
            .iter_mut()
            .find(|e| e.id == 4)
            .unwrap()
            .withdrawn_after = Some(2);
        assert_eq!(check_rounds(&x, &none())[0].round, 2);
    }

    #[test]
    fn late_swiss_entries_are_paired_from_the_round_after_their_entry() {
        let mut t = played(Format::Swiss, 6, 2, None);
        let mut late = testutil::entrant(7, "Late", 3000.0);
        late.start_rank = 7;
        t.entrants.push(late);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let r3 = t.next_round().unwrap();
        assert!(r3.iter().any(|p| p.involves(7)));
        for p in r3 {
            let result = p.north.map(|_| testutil::random_result(&mut rng, 0));
            t.fixtures.push(Fixture { pairing: p, result });
        }
        let entered = HashMap::from([(7, 2)]);
        assert_eq!(check(&t, &entered), vec![]);
        // Taken as entered from the start, round 1 is wrong (and so is the seeding).
        let d = check(&t, &none());
        assert!(d.iter().any(|d| d.round == 0), "{d:?}");
        assert!(d.iter().any(|d| d.round == 1), "{d:?}");
    }

    /// A Swiss paired before pairing systems were recorded (goobalay's first
    /// Swiss) still verifies, because each round is re-derived with the system
    /// the tournament records; judged by the Dutch rules the same records differ.
    #[test]
    fn records_made_with_the_first_swiss_verify_with_it() {
        let mut found = false;
        for n in [7, 9, 12] {
            let mut t = testutil::tournament(Format::Swiss, n);
            t.pairing_system = crate::tournament::PairingSystem::GoobalaySwiss1;
            t.rounds = Some(4);
            assign_start_ranks(&mut t.entrants);
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(n as u64);
            while let Ok(pairings) = t.next_round() {
                for p in pairings {
                    let result = p.north.map(|_| testutil::random_result(&mut rng, 20));
                    t.fixtures.push(Fixture { pairing: p, result });
                }
            }
            assert_eq!(check(&t, &none()), vec![], "{n} players");
            let mut as_dutch = t.clone();
            as_dutch.pairing_system = crate::tournament::PairingSystem::Dutch2025;
            found |= !check(&as_dutch, &none()).is_empty();
        }
        assert!(
            found,
            "the two systems never differed: the audit cannot tell them apart"
        );
    }

    #[test]
    fn starting_ranks_must_follow_the_ratings() {
        let mut t = played(Format::RoundRobin, 4, 1, None);
        assert_eq!(check_seeding(&t, &none()), vec![]);
        let r1 = t.entrants.iter().find(|e| e.start_rank == 1).unwrap().id;
        let r2 = t.entrants.iter().find(|e| e.start_rank == 2).unwrap().id;
        for e in &mut t.entrants {
            if e.id == r1 {
                e.start_rank = 2;
            } else if e.id == r2 {
                e.start_rank = 1;
            }
        }
        let d = check_seeding(&t, &none());
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].what.contains("round 1 was seeded by rating"), "{d:?}");
    }
}
