//! The gate (setup, checked `Tournament`, invariants): the one way in, read in one place.

use serde::{Deserialize, Serialize};

use crate::engine::Side;

use super::{
    Acceleration, Entrant, EntrantId, Fixture, Format, PairingSystem, PointsScheme, RequestedBye,
    Tiebreak, TournamentError,
};

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
    /// A Swiss's initial colour: pairing number 1's side in round 1 (drawn, when
    /// by lot, before this setup is made: [`super::InitialColour::side`]).
    #[serde(default = "south")]
    pub initial_side: Side,
    /// A Swiss's acceleration of its first rounds ([`super::Acceleration`]).
    #[serde(default, skip_serializing_if = "Acceleration::is_none")]
    pub acceleration: Acceleration,
    /// Rounds the director paired by hand: checked as rounds, not re-derived from the
    /// pairing rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub manual_rounds: Vec<u32>,
    /// Byes outside the pairing (requested, or rounds a late entrant missed), in any
    /// order; those of rounds not yet paired are requests the next pairing honours.
    #[serde(default)]
    pub requested_byes: Vec<RequestedBye>,
    /// Matches the director postponed: a round robin pairs its next round around them
    /// ([`Format::pairs_around_postponed`]); each is named by its round and its
    /// South player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub postponed: Vec<PostponedMatch>,
    /// A knockout seeded by hand (`tournament seed`): these entrants take seeds 1, 2,
    /// ... in this order and the others follow them as the ratings seed them
    /// (`seeding::put_first`). Empty: seeded by rating.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seeded_by_hand: Vec<EntrantId>,
    /// A knockout that plays a match for third place between the semi-finals' losers,
    /// beside the final ([`third_place_fixture`](super::third_place_fixture)).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub third_place_match: bool,
}

/// A match postponed by the director ([`TournamentSetup::postponed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostponedMatch {
    pub round: u32,
    pub south: EntrantId,
}

fn south() -> Side {
    Side::South
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
            initial_side: Side::South,
            acceleration: Acceleration::None,
            manual_rounds: Vec::new(),
            requested_byes: Vec::new(),
            postponed: Vec::new(),
            seeded_by_hand: Vec::new(),
            third_place_match: false,
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
    pub(super) name: String,
    pub(super) variant: String,
    pub(super) format: Format,
    pub(super) rounds: Option<u32>,
    pub(super) points: PointsScheme,
    pub(super) tiebreaks: Vec<Tiebreak>,
    pub(super) entrants: Vec<Entrant>,
    pub(super) fixtures: Vec<Fixture>,
    pub(super) pairing_system: PairingSystem,
    pub(super) initial_side: Side,
    pub(super) acceleration: Acceleration,
    pub(super) manual_rounds: Vec<u32>,
    pub(super) requested_byes: Vec<RequestedBye>,
    pub(super) postponed: Vec<PostponedMatch>,
    pub(super) seeded_by_hand: Vec<EntrantId>,
    pub(super) third_place_match: bool,
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
            initial_side: t.initial_side,
            acceleration: t.acceleration,
            manual_rounds: t.manual_rounds,
            requested_byes: t.requested_byes,
            postponed: t.postponed,
            seeded_by_hand: t.seeded_by_hand,
            third_place_match: t.third_place_match,
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
            initial_side: setup.initial_side,
            acceleration: setup.acceleration,
            manual_rounds: setup.manual_rounds,
            requested_byes: setup.requested_byes,
            postponed: setup.postponed,
            seeded_by_hand: setup.seeded_by_hand,
            third_place_match: setup.third_place_match,
        })
    }

    /// An empty tournament ([`TournamentSetup::new`]), valid as it is.
    pub fn new(name: impl Into<String>, variant: impl Into<String>, format: Format) -> Self {
        Tournament::new_checked(TournamentSetup::new(name, variant, format))
            .expect("a tournament without entrants or fixtures is valid")
    }

    /// The setup this tournament was built from, with every change since (a copy).
    #[cfg(test)]
    pub(crate) fn to_setup(&self) -> TournamentSetup {
        self.clone().into()
    }

    /// Back to its setup, e.g. to change it and check it again.
    #[cfg(test)]
    pub(crate) fn into_setup(self) -> TournamentSetup {
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

    /// Pairing number 1's side in round 1 of a Swiss.
    pub fn initial_side(&self) -> Side {
        self.initial_side
    }

    /// Rounds the director paired by hand.
    pub fn manual_rounds(&self) -> &[u32] {
        &self.manual_rounds
    }

    /// Byes outside the pairing, of rounds paired or to come.
    pub fn requested_byes(&self) -> &[RequestedBye] {
        &self.requested_byes
    }

    /// Whether `f` is a match the director postponed.
    pub(crate) fn is_postponed(&self, f: &Fixture) -> bool {
        self.postponed.iter().any(|p| {
            p.round == f.pairing.round && p.south == f.pairing.south && !f.pairing.is_bye()
        })
    }

    /// The entrants a knockout's director seeded by hand, in seed order (empty:
    /// seeded by rating).
    pub(crate) fn seeded_by_hand(&self) -> &[EntrantId] {
        &self.seeded_by_hand
    }

    /// Whether a knockout plays a match for third place beside its final.
    pub fn has_third_place_match(&self) -> bool {
        self.third_place_match
    }

    /// The invariants again, on a tournament a test has changed by hand.
    #[cfg(test)]
    pub(crate) fn validate(&self) -> Result<(), TournamentError> {
        check_invariants(&self.entrants, &self.fixtures, &self.requested_byes)
    }
}

/// The invariants of a [`Tournament`] ([`TournamentSetup::validate`]).
pub(super) fn check_invariants(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BySide;
    use crate::tournament::{
        Absent, ByePoints, Decision, MatchResult, Pairing, TournamentStatus, testutil,
    };

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
}
