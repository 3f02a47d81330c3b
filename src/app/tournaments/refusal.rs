//! Why a tournament use case refuses: entries, withdrawals, byes, closing,
//! reopening, taking a round back. Only the tournament's refusals: the store's
//! failures (a tournament not found, tables that disagree, a busy database), a
//! match's and a player's refusals reach the front ends as the use cases' own
//! [`crate::app::AppError`] variants, one route each.

use thiserror::Error;

use crate::app::records::MAX_SWISS_ROUNDS;
use crate::hint::{Hint, Refusal};
use crate::tournament::{Format, TournamentError};

/// A tournament use case refused by the tournament's rules; messages are one line
/// and say what is allowed.
#[derive(Debug, Error)]
pub enum TournamentRefusal {
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    /// A change refused because the tournament is closed (a director reopens it).
    #[error(transparent)]
    Closed(#[from] crate::tournament::ClosedTournament),
    #[error(
        "a tournament named '{0}' already exists (names are unique, ignoring case and Unicode variants)"
    )]
    Duplicate(String),
    #[error(transparent)]
    Name(#[from] crate::names::NameError),
    /// The event's dates out of order (`tournament new --start/--end/--round-dates`).
    #[error("the event's dates are out of order: {0}; give them as the event runs")]
    EventDates(String),
    #[error(
        "nothing to change; give --city, --federation, --start, --end, --arbiter or --round-dates"
    )]
    NothingToSet,
    #[error(transparent)]
    Prize(#[from] crate::tournament::prizes::PrizeError),
    #[error(
        "a {category} prize goes by age on the first day, and {tournament} has no start date: give it first (tournament set --start YYYY-MM-DD)"
    )]
    PrizeNeedsStart {
        category: &'static str,
        tournament: String,
    },
    #[error("{player} is already entered in {tournament}")]
    AlreadyEntered { player: String, tournament: String },
    #[error("{player} is named twice in this entry list")]
    NamedTwice { player: String },
    #[error("{player} is not entered in {tournament}")]
    NotEntered { player: String, tournament: String },
    #[error("{player} has already withdrawn from {tournament}")]
    AlreadyWithdrawn { player: String, tournament: String },
    #[error("player '{0}' is retired and cannot enter a tournament")]
    Retired(String),
    #[error(
        "the entry list of {tournament} ({format}) closed when round 1 was paired; only a swiss or a monrad, or a round robin with an odd field, takes late entries"
    )]
    EntriesClosed { tournament: String, format: Format },
    #[error(
        "the entry list of {tournament} ({format}) closed when round 1 was paired: its {entrants} entrants leave no rest for a late arrival to take (a round robin takes one only into an odd field); {}",
        even_field_instead(.tournament, *.only_round_one)
    )]
    LateEntryEvenField {
        tournament: String,
        format: Format,
        entrants: usize,
        /// Only round 1 is paired, so taking it back reopens the entry list.
        only_round_one: bool,
    },
    #[error(
        "the entry list of {tournament} ({format}) closed when round 1 was paired, but for one late arrival, who takes the rest of its odd field; {arriving} arrive: enter one of them"
    )]
    LateEntryMoreThanOne {
        tournament: String,
        format: Format,
        arriving: usize,
    },
    #[error(
        "a {0}'s rounds follow from its entry count; only a swiss sets its number of rounds (and a monrad)"
    )]
    RoundsNotSwiss(Format),
    #[error("a {0} has no initial colour (--initial): only a swiss draws its colours from one")]
    InitialColourNotSwiss(Format),
    #[error(
        "a {0} has no accelerated rounds (--acceleration): only a swiss paired by the Dutch rules adds virtual points"
    )]
    AccelerationNotSwiss(Format),
    #[error(
        "the Baku acceleration adds a win's and a draw's points, so it needs a win worth two draws and a loss worth 0, not points {0}"
    )]
    AccelerationPoints(crate::tournament::PointsScheme),
    #[error("a {0} has no match for third place (--third-place): only a knockout plays one")]
    ThirdPlaceNotKnockout(Format),
    #[error(
        "{tournament} is a {format}: its starting ranks follow the ratings; only a knockout is seeded by hand"
    )]
    SeedNotKnockout { tournament: String, format: Format },
    #[error(
        "round 1 of {tournament} is paired, so its seeding is fixed; take the round back first (`goobalay tournament unpair {tournament}`) to seed it again"
    )]
    SeedingFixed { tournament: String },
    #[error("{player} is named twice in the seeding; name each entrant once, seed 1 first")]
    SeedNamedTwice { player: String },
    #[error(
        "{player} is not entered in {tournament}; enter them first (`goobalay tournament add {tournament} NAME`) or leave them out of the seeding"
    )]
    SeedNotEntered { player: String, tournament: String },
    #[error("{player} has withdrawn from {tournament} and takes no seed")]
    SeedWithdrawn { player: String, tournament: String },
    #[error("a tournament is not seeded from its own standings; name another (--from)")]
    SeedFromItself,
    #[error(
        "{source_name} is not finished ({paired} of {planned} rounds paired), so it has no final standings to seed from; seed by hand (`goobalay tournament seed NAME A B C ...`) or wait for its last result"
    )]
    SeedFromUnfinished {
        source_name: String,
        paired: u32,
        planned: u32,
    },
    #[error(
        "{source_name} has {players} players still in it; --top is between 2 and {players}, not {top}"
    )]
    SeedTopOutOfRange {
        source_name: String,
        players: usize,
        top: usize,
    },
    #[error("a swiss has between 1 and {MAX_SWISS_ROUNDS} rounds, not {0}")]
    RoundsOutOfRange(u32),
    #[error("{0} is not closed: there is nothing to reopen")]
    NotClosed(String),
    #[error("{tournament} cannot be closed: {why}")]
    CannotClose { tournament: String, why: String },
    #[error(
        "{paired} rounds have been paired; a reopened swiss has at least that many, not {given}"
    )]
    RoundsBelowPaired { paired: u32, given: u32 },
    #[error("{tournament} has no round to take back")]
    NothingToUnpair { tournament: String },
    #[error(
        "round {round} of {tournament} cannot be taken back: {what} has a move made by a player or a result entered (a round is taken back while only engines have played in it; correct the result instead)"
    )]
    RoundStarted {
        tournament: String,
        round: u32,
        what: String,
    },
    #[error(
        "round {round} of {tournament} cannot be taken back: match {match_id} in it is postponed (it is played when the players can; enter its result then)"
    )]
    RoundHasPostponed {
        tournament: String,
        round: u32,
        match_id: i64,
    },
    #[error(
        "{tournament} is a {format}: its next round depends on every result, so a match is not postponed; enter the result when it is played, or a forfeit (`goobalay match forfeit`)"
    )]
    PostponeNotRoundRobin { tournament: String, format: Format },
    /// A round robin's round not finished ([`TournamentError::RoundIncomplete`]), with
    /// the way on that its schedule allows.
    #[error(
        "round {round} is not finished: {} without a result ({}); enter the results, or postpone a match the players will play later (`goobalay tournament postpone {tournament} {}`) and pair again",
        crate::wording::matches(*.pending as u64),
        numbered_matches(.match_ids),
        .match_ids.first().copied().unwrap_or(0)
    )]
    RoundRobinRoundOpen {
        tournament: String,
        round: u32,
        pending: usize,
        /// The matches of the round still to be played, by board.
        match_ids: Vec<i64>,
    },
    #[error("match {match_id} is not a match of {tournament} (see `goobalay tournament show`)")]
    NotItsMatch { tournament: String, match_id: i64 },
    #[error("match {match_id} already has a result; only a match still to be played is postponed")]
    PostponeFinished { match_id: i64 },
    #[error("match {match_id} is already postponed")]
    AlreadyPostponed { match_id: i64 },
    #[error(
        "{tournament} is a {format}: byes on request are for a swiss paired by the Dutch system; forfeit the match instead"
    )]
    ByeNotSwiss { tournament: String, format: Format },
    #[error(
        "round {round} is already paired; a bye can be asked for a round not yet paired, {next} to {last}"
    )]
    RoundAlreadyPaired { round: u32, next: u32, last: u32 },
    #[error("the tournament has {planned} rounds; there is no round {round} to ask a bye for")]
    RoundBeyondEnd { round: u32, planned: u32 },
    #[error("{player} already has a bye for round {round}")]
    ByeAlreadyRequested { player: String, round: u32 },
}

/// "match 3" or "matches 3, 4".
fn numbered_matches(ids: &[i64]) -> String {
    let list: Vec<String> = ids.iter().map(i64::to_string).collect();
    let noun = if ids.len() == 1 { "match" } else { "matches" };
    format!("{noun} {}", list.join(", "))
}

/// What a director can do instead of a late entry into an even round robin.
fn even_field_instead(tournament: &str, only_round_one: bool) -> String {
    if only_round_one {
        format!(
            "take round 1 back while nothing is played in it (`goobalay tournament unpair {tournament}`), enter them and pair again, or run another event for them"
        )
    } else {
        "run another event for them".to_string()
    }
}

impl Refusal for TournamentRefusal {
    fn hint(&self) -> Option<Hint> {
        match self {
            TournamentRefusal::ByeNotSwiss { .. } => Some(Hint::ForfeitMatch),
            TournamentRefusal::Closed(e) => e.hint(),
            _ => None,
        }
    }
}
