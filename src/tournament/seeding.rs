//! Seeding by rating, rated players first: the starting ranks round 1 gives to
//! tournaments that keep ratings per variant (every tournament made since; one made
//! before keeps [`super::assign_start_ranks`], where an unrated player counted as
//! 1500).
//!
//! Round 1 ranks every entrant with a rating in the tournament's variant (a starting
//! rating, or at least one rated match of that variant) by that rating, highest
//! first; then every unrated entrant, in [`crate::names::people_order`] of their
//! names (as people read them: Ulla, Ümit, Zoë). Equal ratings go by the same order
//! of names; names equal in it, by player id.

use std::collections::{HashMap, HashSet};

use super::pairing::audit::{self, EnteredAfter, PairingDifference};
use super::{Elo, Entrant, EntrantId, Tournament};
use crate::names::people_order;

/// What a tournament seeds by: its rating system's ratings in its variant (`system`
/// `Some`: who is rated is recorded), or for a tournament seeded before ratings
/// were kept per variant the earlier rule, Elo over every match with everybody
/// counted at 1500 (`system` `None`: nobody's rated flag is recorded).
#[derive(Clone, Debug, PartialEq)]
pub struct Seeding {
    pub system: Option<super::RatingSystem>,
    ratings: HashMap<EntrantId, f64>,
    rated: HashSet<EntrantId>,
}

impl Seeding {
    /// By the tournament's rating system, from its variant's ratings.
    pub(crate) fn by_system(system: super::RatingSystem, rated: super::Rated) -> Seeding {
        Seeding {
            system: Some(system),
            ratings: rated.ratings,
            rated: rated.rated,
        }
    }

    /// By the earlier rule: Elo over every match (`ratings`), nobody rated apart.
    pub(crate) fn by_earlier_rule(ratings: HashMap<EntrantId, f64>) -> Seeding {
        Seeding {
            system: None,
            ratings,
            rated: HashSet::new(),
        }
    }

    /// The rating `player` is seeded by ([`seeding_rating`]).
    pub fn rating(&self, player: EntrantId) -> f64 {
        seeding_rating(&self.ratings, player)
    }

    /// Whether `player` is rated, as a tournament records it (`None` under the
    /// earlier rule, which records nothing).
    pub fn rated(&self, player: EntrantId) -> Option<bool> {
        self.system.map(|_| self.rated.contains(&player))
    }

    /// Seeds round 1 by the tournament's rule ([`seed_round_one`] with these ratings).
    pub fn seed_round_one(&self, entrants: &mut [Entrant]) {
        let rated = self.system.map(|_| &self.rated);
        seed_round_one(entrants, &self.ratings, rated);
    }
}

/// The rating `id` is seeded by, from the `ratings` the players have: a player with
/// none counts as a new one ([`Elo::DEFAULT_INITIAL`]).
pub fn seeding_rating(ratings: &HashMap<EntrantId, f64>, id: EntrantId) -> f64 {
    ratings.get(&id).copied().unwrap_or(Elo::DEFAULT_INITIAL)
}

/// Seeds round 1: each entrant's rating set from `ratings` ([`seeding_rating`]), then
/// the starting ranks by the tournament's rule: [`seed_rated_first`] for a tournament
/// that keeps ratings per variant (`rated`: who has a rating in its variant), else
/// (`rated` `None`) the earlier rule, [`super::assign_start_ranks`].
pub fn seed_round_one(
    entrants: &mut [Entrant],
    ratings: &HashMap<EntrantId, f64>,
    rated: Option<&HashSet<EntrantId>>,
) {
    for e in entrants.iter_mut() {
        e.rating = seeding_rating(ratings, e.id);
    }
    match rated {
        Some(rated) => seed_rated_first(entrants, rated),
        None => super::assign_start_ranks(entrants),
    }
}

/// Gives entrants starting ranks 1..n: the `rated` ones by rating (highest first),
/// then the others by name (see the module docs).
pub fn seed_rated_first(entrants: &mut [Entrant], rated: &HashSet<EntrantId>) {
    entrants.sort_by(|a, b| {
        let (ra, rb) = (rated.contains(&a.id), rated.contains(&b.id));
        rb.cmp(&ra)
            .then_with(|| {
                if ra && rb {
                    b.rating.total_cmp(&a.rating)
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .then_with(|| people_order(&a.name, &b.name))
            .then_with(|| a.id.cmp(&b.id))
    });
    for (i, e) in entrants.iter_mut().enumerate() {
        e.start_rank = i as u32 + 1;
    }
}

/// Seeds a knockout by hand: the entrants of `order` take starting ranks 1, 2, ...
/// in that order, and every other entrant follows in the order of the ranks they
/// hold (as the ratings seeded them). Ids in `order` that are not entrants are
/// skipped.
pub(crate) fn put_first(entrants: &mut [Entrant], order: &[EntrantId]) {
    let named = |id: EntrantId| order.iter().position(|&o| o == id);
    entrants.sort_by_key(|e| match named(e.id) {
        Some(seed) => (0, seed as u32),
        None => (1, e.start_rank),
    });
    for (i, e) in entrants.iter_mut().enumerate() {
        e.start_rank = i as u32 + 1;
    }
}

/// The starting ranks of a tournament seeded by [`seed_rated_first`], with whether
/// each entrant was rated as recorded (`None`: nothing recorded): ranks 1, 2, 3, ...
/// then late entries in entry order ([`audit::check_seeding`]), every entrant seeded
/// in round 1 with a recorded flag, no unrated entrant ahead of a rated one, and the
/// rated ones by rating, highest first. The order of unrated entrants (and of equal
/// ratings) is not checked: it goes by name, and a player may have been renamed since.
/// A knockout's entrants seeded by hand ([`put_first`]) are checked by
/// [`audit::check_seeding`] alone.
pub(crate) fn check(
    t: &Tournament,
    entered_after: &EnteredAfter,
    rated: &HashMap<EntrantId, Option<bool>>,
) -> Vec<PairingDifference> {
    // The ranks' sequence and the late entries, without the earlier rule's rating order.
    let mut ranks_only = t.clone();
    for e in &mut ranks_only.entrants {
        e.rating = 0.0;
    }
    let mut out = audit::check_seeding(&ranks_only, entered_after);
    if t.current_round() == 0 || !out.is_empty() {
        return out;
    }
    let diff = |what: String| PairingDifference {
        round: 0,
        board: None,
        what,
    };
    let mut seeded: Vec<&Entrant> = t
        .entrants
        .iter()
        .filter(|e| entered_after.get(&e.id).copied().unwrap_or(0) == 0)
        .filter(|e| !t.seeded_by_hand().contains(&e.id))
        .collect();
    seeded.sort_by_key(|e| e.start_rank);
    let mut flags = Vec::with_capacity(seeded.len());
    for e in &seeded {
        match rated.get(&e.id).copied().flatten() {
            Some(flag) => flags.push(flag),
            None => {
                out.push(diff(format!(
                    "{} was seeded when round 1 was paired, but whether they were rated then is not recorded",
                    e.name
                )));
                return out;
            }
        }
    }
    for (w, f) in seeded.windows(2).zip(flags.windows(2)) {
        let (a, b) = (w[0], w[1]);
        let what = match (f[0], f[1]) {
            (false, true) => format!(
                "{} (unrated) has starting rank {}, ahead of {} (rank {}, rated {}): round 1 seeds rated players first",
                a.name, a.start_rank, b.name, b.start_rank, b.rating
            ),
            (true, true) if a.rating < b.rating => format!(
                "{} has starting rank {} with rating {}, ahead of {} (rank {}) with rating {}: round 1 was seeded by rating, highest first",
                a.name, a.start_rank, a.rating, b.name, b.start_rank, b.rating
            ),
            _ => continue,
        };
        out.push(diff(what));
        break;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::testutil::{self, entrant};

    #[test]
    fn rated_first_by_rating_then_unrated_by_name() {
        let mut es = vec![
            entrant(1, "Zoë", 1500.0),
            entrant(2, "Ümit", 1500.0),
            entrant(3, "Robo Hard", 1400.0),
            entrant(4, "Ulla", 1500.0),
            entrant(5, "李", 1500.0),
            entrant(6, "Amina", 1800.0),
            entrant(7, "Ḥawa", 1500.0),
        ];
        // Robo Hard lost his games (1400) but is rated; so is Amina (a starting rating).
        seed_rated_first(&mut es, &HashSet::from([3, 6]));
        let order: Vec<(&str, u32)> = es.iter().map(|e| (e.name.as_str(), e.start_rank)).collect();
        assert_eq!(
            order,
            [
                ("Amina", 1),
                ("Robo Hard", 2),
                ("Ḥawa", 3),
                ("Ulla", 4),
                ("Ümit", 5),
                ("Zoë", 6),
                ("李", 7)
            ]
        );
    }

    #[test]
    fn check_names_an_unrated_player_ahead_of_a_rated_one() {
        let mut t = testutil::tournament(crate::tournament::Format::RoundRobin, 4);
        let rated: HashSet<EntrantId> = [t.entrants[0].id, t.entrants[1].id].into();
        seed_rated_first(&mut t.entrants, &rated);
        testutil::simulate(&mut t, 1, 0, 1, |_, _| {});
        let flags: HashMap<EntrantId, Option<bool>> = t
            .entrants
            .iter()
            .map(|e| (e.id, Some(rated.contains(&e.id))))
            .collect();
        let none = EnteredAfter::new();
        assert_eq!(check(&t, &none, &flags), []);

        // The recorded flags say the second-ranked entrant was unrated, the third rated.
        let mut swapped = flags.clone();
        let by_rank = |r: u32| t.entrants.iter().find(|e| e.start_rank == r).unwrap().id;
        swapped.insert(by_rank(2), Some(false));
        swapped.insert(by_rank(3), Some(true));
        let found = check(&t, &none, &swapped);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].what.contains("seeds rated players first"),
            "{found:?}"
        );

        let mut missing = flags;
        missing.insert(by_rank(4), None);
        assert!(check(&t, &none, &missing)[0].what.contains("not recorded"));
    }
}
