//! The Monrad system (the Danish Swiss), deterministic:
//!
//! 1. The players to pair (not withdrawn, no bye asked for this round) are ordered
//!    by points, then pairing number.
//! 2. With an odd count, the bye goes to the last player in that order who has not
//!    had one (the last player, if all have).
//! 3. From the top down, each unpaired player meets the next unpaired player they
//!    have not met; when that leaves the players below without a pairing, the
//!    search goes back and tries the next opponent down. No pairing without a
//!    rematch: the round is refused.
//! 4. Sides follow [`assign_sides`] (a due side first, then the fewer South games,
//!    then alternation); boards are numbered in pairing order, the bye last.

use std::collections::{HashMap, HashSet};

use super::{Pairing, Tournament, TournamentError, assign_sides, colour_histories};
use crate::tournament::{EntrantId, Points};

/// Pairs round `round` of a Monrad tournament.
pub(crate) fn next_round(t: &Tournament, round: u32) -> Result<Vec<Pairing>, TournamentError> {
    let total = t.planned_rounds();
    if round > total {
        return Err(TournamentError::Finished { rounds: total });
    }
    let mut score: HashMap<EntrantId, Points> = HashMap::new();
    let mut had_bye: HashSet<EntrantId> = HashSet::new();
    let mut met: HashSet<(EntrantId, EntrantId)> = HashSet::new();
    for f in t.fixtures.iter().filter(|f| f.pairing.round < round) {
        let p = f.pairing;
        match p.north {
            None => {
                had_bye.insert(p.south);
            }
            Some(n) => {
                met.insert((p.south.min(n), p.south.max(n)));
            }
        }
        for id in std::iter::once(p.south).chain(p.north) {
            if let Some(o) = f.outcome_for(id) {
                *score.entry(id).or_default() += t.points.points(o);
            }
        }
    }
    for b in t.requested_byes.iter().filter(|b| b.round < round) {
        *score.entry(b.player).or_default() += t.points.points(b.points.outcome());
    }
    let mut players: Vec<(Points, u32, EntrantId)> = t
        .entrants
        .iter()
        .filter(|e| e.withdrawn_after.is_none_or(|w| w >= round))
        .filter(|e| t.requested_bye(e.id, round).is_none())
        .map(|e| {
            (
                score.get(&e.id).copied().unwrap_or_default(),
                e.start_rank,
                e.id,
            )
        })
        .collect();
    if players.len() < 2 {
        return Err(TournamentError::TooFewEntrants {
            format: t.format,
            min: 2,
            have: players.len(),
        });
    }
    players.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut order: Vec<EntrantId> = players.iter().map(|p| p.2).collect();
    let bye = (order.len() % 2 == 1).then(|| {
        let at = order
            .iter()
            .rposition(|id| !had_bye.contains(id))
            .unwrap_or(order.len() - 1);
        order.remove(at)
    });
    let have_met = |a: EntrantId, b: EntrantId| met.contains(&(a.min(b), a.max(b)));
    let pairs = pair_down(&order, &have_met).ok_or(TournamentError::NoLegalPairing { round })?;
    let colours = colour_histories(&t.fixtures);
    let none = Default::default();
    let mut out: Vec<Pairing> = pairs
        .into_iter()
        .enumerate()
        .map(|(i, (a, b))| {
            let board = i as u32 + 1;
            let history = |id| colours.get(&id).unwrap_or(&none);
            let (south, north) = assign_sides(a, b, history(a), history(b), board);
            Pairing {
                round,
                board,
                south,
                north: Some(north),
            }
        })
        .collect();
    if let Some(b) = bye {
        out.push(Pairing {
            round,
            board: out.len() as u32 + 1,
            south: b,
            north: None,
        });
    }
    Ok(out)
}

/// Pairs `order` top down, each player with the next one they have not met,
/// going back when the rest cannot be paired. `None` if no pairing avoids a
/// rematch.
fn pair_down(
    order: &[EntrantId],
    have_met: &dyn Fn(EntrantId, EntrantId) -> bool,
) -> Option<Vec<(EntrantId, EntrantId)>> {
    let mut unpaired: Vec<EntrantId> = order.to_vec();
    let mut pairs = Vec::with_capacity(order.len() / 2);
    // Dead ends already seen, by the set of players left, so the search stays
    // polynomial in practice on fields where late rounds run out of opponents.
    let mut dead: HashSet<Vec<EntrantId>> = HashSet::new();
    if search(&mut unpaired, &mut pairs, have_met, &mut dead) {
        Some(pairs)
    } else {
        None
    }
}

fn search(
    unpaired: &mut Vec<EntrantId>,
    pairs: &mut Vec<(EntrantId, EntrantId)>,
    have_met: &dyn Fn(EntrantId, EntrantId) -> bool,
    dead: &mut HashSet<Vec<EntrantId>>,
) -> bool {
    if unpaired.is_empty() {
        return true;
    }
    if dead.contains(unpaired.as_slice()) {
        return false;
    }
    let top = unpaired.remove(0);
    for i in 0..unpaired.len() {
        let opponent = unpaired[i];
        if have_met(top, opponent) {
            continue;
        }
        unpaired.remove(i);
        pairs.push((top, opponent));
        if search(unpaired, pairs, have_met, dead) {
            return true;
        }
        pairs.pop();
        unpaired.insert(i, opponent);
    }
    unpaired.insert(0, top);
    dead.insert(unpaired.clone());
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_meets_the_next_one_not_yet_met() {
        let met: HashSet<(EntrantId, EntrantId)> = [(1, 2), (3, 4)].into_iter().collect();
        let have_met = |a: EntrantId, b: EntrantId| met.contains(&(a.min(b), a.max(b)));
        assert_eq!(
            pair_down(&[1, 2, 3, 4], &have_met),
            Some(vec![(1, 3), (2, 4)])
        );
        // 1 has met 2; 1 v 3 would leave 2 and 4... who met: so 1 v 4, 2 v 3.
        let met: HashSet<(EntrantId, EntrantId)> = [(1, 2), (2, 4)].into_iter().collect();
        let have_met = |a: EntrantId, b: EntrantId| met.contains(&(a.min(b), a.max(b)));
        assert_eq!(
            pair_down(&[1, 2, 3, 4], &have_met),
            Some(vec![(1, 4), (2, 3)])
        );
        let all: HashSet<(EntrantId, EntrantId)> = [(1, 2), (1, 3), (1, 4)].into_iter().collect();
        let have_met = |a: EntrantId, b: EntrantId| all.contains(&(a.min(b), a.max(b)));
        assert_eq!(pair_down(&[1, 2, 3, 4], &have_met), None);
    }
}
