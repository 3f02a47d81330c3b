//! The pairing systems a tournament can be run by (`tournament new --system`) and
//! what each can do. This table is the one place a system is described: the rest
//! of the code asks a system's [`SystemRules`] (does it take late entries, bye
//! requests, postponed matches, a round paired by hand; are its rounds chosen or
//! scheduled; how does it pair) instead of comparing names. A new system is its
//! pairing module under [`super::pairing`] and one entry here.
//!
//! A Swiss's rules version ([`super::PairingSystem`]: the Dutch rules of 2025, or
//! goobalay's first Swiss for the tournaments it paired) and its acceleration
//! ([`super::Acceleration`]) are settings of the Swiss entry, recorded with each
//! tournament.

use super::pairing::{self, knockout, monrad, round_robin};
use super::{Format, Pairing, PairingSystem, Tiebreak, Tournament, TournamentError, ceil_log2};

/// How many rounds a system plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounds {
    /// Fixed by the entry count (a round robin's schedule, a knockout's bracket).
    Scheduled,
    /// Chosen by the director (`--rounds`), else ⌈log₂ n⌉.
    Chosen,
}

/// Whether a player may join after round 1 is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LateEntries {
    /// Anyone, missing the rounds already paired (their byes recorded).
    Any,
    /// Into an odd round robin only, in the rest's place, the missed games played
    /// as postponed matches (`round_robin::late_entry`).
    InPlaceOfTheRest,
    /// The entry list closes when round 1 is paired.
    Closed,
}

/// What one pairing system can do, and how it pairs.
#[derive(Clone, Copy)]
pub struct SystemRules {
    pub format: Format,
    pub rounds: Rounds,
    pub late_entries: LateEntries,
    /// Byes asked for before a round is paired leave the player out of it.
    pub bye_requests: bool,
    /// The next round is paired while a postponed match of the round before is
    /// unplayed (a schedule that does not depend on results).
    pub postponed_matches: bool,
    /// A round may be paired by hand (`tournament pair --manual`) and is checked as
    /// a round, not re-derived.
    pub manual_pairing: bool,
    /// Placed by the round reached, each match needing a winner to send on; seeded
    /// by hand before round 1 (`tournament seed`), with an optional match for
    /// third place.
    pub eliminates: bool,
    /// Every entrant meets every other (a crosstable of player against player).
    pub everyone_meets: bool,
    /// Paired on scores, with an initial colour (`--initial`) and acceleration
    /// (`--acceleration`).
    pub pairs_on_scores_by_dutch_rules: bool,
    /// The pairing bye scores a win's points unless the director says otherwise
    /// (a round robin's rest scores nothing: every entrant of an odd field takes it
    /// once).
    pub bye_scores_a_win: bool,
    /// The tiebreaks used when the director names none.
    pub default_tiebreaks: &'static [Tiebreak],
    /// The rounds the event has with `entrants` entered and `chosen` rounds given.
    pub planned_rounds: fn(entrants: u32, chosen: Option<u32>) -> u32,
    /// The matches the event plays with its entry list (a progress bar's length:
    /// [`Tournament::planned_matches`]).
    pub planned_matches: fn(&Tournament) -> u64,
    /// Pairs round `round` (the rounds before it finished, or postponed where the
    /// system allows).
    pub pair: fn(&Tournament, u32) -> Result<Vec<Pairing>, TournamentError>,
}

const ROUND_ROBIN_TIEBREAKS: &[Tiebreak] = &[
    Tiebreak::HeadToHead,
    Tiebreak::SonnebornBerger,
    Tiebreak::Wins,
    Tiebreak::SeedDifference,
];

const SWISS_TIEBREAKS: &[Tiebreak] = &[
    Tiebreak::Buchholz,
    Tiebreak::SonnebornBerger,
    Tiebreak::HeadToHead,
    Tiebreak::Wins,
    Tiebreak::SeedDifference,
];

fn entrants(t: &Tournament) -> u64 {
    t.entrants.len() as u64
}

/// One a board of each planned round among those still entered.
fn boards_of_planned_rounds(t: &Tournament) -> u64 {
    let active = t.entrants.iter().filter(|e| !e.is_withdrawn()).count() as u64;
    u64::from(t.planned_rounds()) * (active / 2)
}

fn chosen_or_log2(entrants: u32, chosen: Option<u32>) -> u32 {
    chosen.unwrap_or_else(|| ceil_log2(entrants).max(1))
}

const ROUND_ROBIN: SystemRules = SystemRules {
    format: Format::RoundRobin,
    rounds: Rounds::Scheduled,
    late_entries: LateEntries::InPlaceOfTheRest,
    bye_requests: false,
    postponed_matches: true,
    manual_pairing: false,
    eliminates: false,
    everyone_meets: true,
    pairs_on_scores_by_dutch_rules: false,
    bye_scores_a_win: false,
    default_tiebreaks: ROUND_ROBIN_TIEBREAKS,
    planned_rounds: |n, _| round_robin::rounds(n as usize),
    planned_matches: |t| entrants(t) * entrants(t).saturating_sub(1) / 2,
    pair: round_robin::next_round,
};

const DOUBLE_ROUND_ROBIN: SystemRules = SystemRules {
    format: Format::DoubleRoundRobin,
    planned_rounds: |n, _| 2 * round_robin::rounds(n as usize),
    planned_matches: |t| entrants(t) * entrants(t).saturating_sub(1),
    ..ROUND_ROBIN
};

const SWISS: SystemRules = SystemRules {
    format: Format::Swiss,
    rounds: Rounds::Chosen,
    late_entries: LateEntries::Any,
    bye_requests: true,
    postponed_matches: false,
    manual_pairing: true,
    eliminates: false,
    everyone_meets: false,
    pairs_on_scores_by_dutch_rules: true,
    bye_scores_a_win: true,
    default_tiebreaks: SWISS_TIEBREAKS,
    planned_rounds: chosen_or_log2,
    planned_matches: boards_of_planned_rounds,
    pair: pair_swiss,
};

const KNOCKOUT: SystemRules = SystemRules {
    format: Format::Knockout,
    rounds: Rounds::Scheduled,
    late_entries: LateEntries::Closed,
    bye_requests: false,
    postponed_matches: false,
    manual_pairing: false,
    eliminates: true,
    everyone_meets: false,
    pairs_on_scores_by_dutch_rules: false,
    bye_scores_a_win: true,
    default_tiebreaks: &[Tiebreak::Wins, Tiebreak::SeedDifference],
    planned_rounds: |n, _| knockout::rounds(n as usize),
    // One a loser; a match for third place needs two semi-finals: four entrants.
    planned_matches: |t| {
        entrants(t).saturating_sub(1) + u64::from(t.third_place_match && entrants(t) >= 4)
    },
    pair: knockout::next_round,
};

const MONRAD: SystemRules = SystemRules {
    format: Format::Monrad,
    rounds: Rounds::Chosen,
    late_entries: LateEntries::Any,
    bye_requests: false,
    postponed_matches: false,
    manual_pairing: false,
    eliminates: false,
    everyone_meets: false,
    pairs_on_scores_by_dutch_rules: false,
    bye_scores_a_win: true,
    default_tiebreaks: SWISS_TIEBREAKS,
    planned_rounds: chosen_or_log2,
    planned_matches: boards_of_planned_rounds,
    pair: monrad::next_round,
};

/// A Swiss pairs by the rules version it was recorded with.
fn pair_swiss(t: &Tournament, round: u32) -> Result<Vec<Pairing>, TournamentError> {
    match t.pairing_system() {
        PairingSystem::Dutch2025 | PairingSystem::Dutch2025v2 => {
            pairing::dutch::next_round(t, round)
        }
        PairingSystem::GoobalaySwiss1 => pairing::swiss::next_round(t, round),
    }
}

impl Format {
    /// What this system can do, and how it pairs.
    pub const fn rules(self) -> &'static SystemRules {
        match self {
            Format::RoundRobin => &ROUND_ROBIN,
            Format::DoubleRoundRobin => &DOUBLE_ROUND_ROBIN,
            Format::Swiss => &SWISS,
            Format::Knockout => &KNOCKOUT,
            Format::Monrad => &MONRAD,
        }
    }
}
