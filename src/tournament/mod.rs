//! Pairings, standings and ratings: pure functions over results.
//!
//! No SQL, no I/O, no printing: the store hands this layer a [`Tournament`] value
//! (settings, entrants, every fixture so far with its result) and gets back pairings,
//! standings, a crosstable, rating changes or export text. The same input always gives
//! the same output.
//!
//! # How the application layer calls this layer
//!
//! `app::tournaments::loading` fills in a [`TournamentSetup`] from a tournament's
//! stored rows and checks it into a [`Tournament`] ([`Tournament::new_checked`]); a
//! `Tournament` is valid by construction, so the queries below check nothing again:
//! - `name`, `variant`, `format` ([`Format`] parses `round-robin`,
//!   `double-round-robin`, `swiss`, `knockout`), `rounds` (Swiss `--rounds`),
//!   `points` ([`PointsScheme`] parses `--points 1,0.5,0[,bye]`), `tiebreaks`
//!   ([`Tiebreak::parse_list`] parses `--tiebreaks bh,sb,h2h`; empty = defaults).
//! - `entrants`: one [`Entrant`] per `tournament add`, with the player's id, name,
//!   rating at entry, `withdrawn_after` (set by `tournament withdraw`) and a unique
//!   `start_rank`. Call [`assign_start_ranks`] once when round 1 is paired (or keep
//!   entry order); store the ranks. A round robin's entry list must not change after
//!   round 1 except by withdrawal ([`TournamentError::EntriesChanged`]).
//! - `fixtures`: one [`Fixture`] per stored pairing: `round`, `board`, `south` (moves
//!   first), `north` (`None` = bye), and `result` once the match is finished: its
//!   [`Decision`] and the seeds each player held at the end (for a multi-hand match:
//!   the final holdings). Byes carry no match and no result.
//!
//! Then:
//! - `tournament pair`: [`Tournament::next_round`] returns the next round's
//!   [`Pairing`]s (boards numbered from 1, bye last). Store each as a fixture and create
//!   a match per non-bye pairing with `south`/`north` as the match's South/North. It
//!   fails with [`TournamentError::RoundIncomplete`] while the current round has
//!   unfinished matches, [`TournamentError::Finished`] after the last round, and
//!   [`TournamentError::TooFewEntrants`]; all messages are one line for the user.
//! - `tournament standings`: [`Tournament::standings`] gives [`Standings`] rows in
//!   order with points, W/D/L, byes and the tiebreak values ([`TiebreakValue`]
//!   displays itself); `crosstable`: [`Tournament::crosstable`] ([`Crosstable`]:
//!   players in standings order, `cells[i][j]` the games of i against j, `cards[i]`
//!   i's rounds). `tournament show`: [`Tournament::round_fixtures`] per round and
//!   `export::result_text`. CSV/JSON forms: [`export::standings_csv`],
//!   [`export::crosstable_csv`], and serde (`Standings`, `Crosstable` serialise).
//! - `tournament export --format F`: the string builders of `export` (csv, json,
//!   markdown, trf; [`export::ExportFormat`] names them and html), chosen by the
//!   application layer, which writes the HTML page itself (`app::html_export`).
//! - Knockout: `pairing::knockout::champion` and `pairing::knockout::bracket` (drawn
//!   by [`crate::app::views::bracket`]); the match for third place:
//!   [`third_place_fixture`], [`third_place_winner`].
//! - Ratings: after each finished rated match, feed a [`RatedGame`] (match id, the two
//!   player ids, decision) to [`Elo::rate`] with the current ratings, and store both
//!   [`RatingChange`]s (before, after, expected, score) as the players' history; or
//!   recompute everything with [`Elo::rate_all`] in finishing order.
//! - `verify`: `pairing::audit::check_as_paired` re-pairs every stored round from the
//!   rounds before it ([`Tournament::as_after_round`]: entrants, withdrawals and
//!   results of that moment) and checks the starting ranks; it returns each round
//!   that differs.
//! - `tournament run` needs nothing more: it plays the pending matches (the matches
//!   layer), stores their results, and calls `next_round` again.
//!
//! ```
//! use goobalay::tournament::{Format, Tournament, TournamentSetup, Entrant, assign_start_ranks};
//!
//! let mut setup = TournamentSetup::new("Club night", "layli-goobalay", Format::RoundRobin);
//! for (id, name, rating) in [(1, "Ama", 1600.0), (2, "Kofi", 1500.0), (3, "Esi", 1550.0)] {
//!     setup.entrants.push(Entrant { id, name: name.into(), rating, withdrawn_after: None, start_rank: 0 });
//! }
//! assign_start_ranks(&mut setup.entrants);
//! let mut t = Tournament::new_checked(setup)?;
//! let round1 = t.next_round()?;
//! assert_eq!(round1.len(), 2); // one game and one bye
//! assert!(round1[1].is_bye());
//! t.add_round(&round1)?;
//! // Store the fixtures, play the match, then put its result in and pair again.
//! # Ok::<(), goobalay::tournament::TournamentError>(())
//! ```
//!
//! # Rules chosen here (each documented in its module's source)
//! - Round robin: Berger tables (`pairing::round_robin`).
//! - Swiss: FIDE's Dutch system, 2025 rules ([`dutch`]); tournaments made
//!   before it keep goobalay's first Swiss (`pairing::swiss`), see [`PairingSystem`].
//! - Knockout: seeded by rating, by hand or from another event's standings
//!   (`seeding`), with a third-place match if asked; a drawn match goes to the
//!   player with more seeds at the end, then to the higher seed (`pairing::knockout`).
//! - Standings and tiebreaks ([`Standings`], [`Tiebreak`]); points are exact
//!   ([`Points`]); a bye scores the scheme's bye value (default: a win).
//! - Elo with K = 32 ([`Elo`]).

pub(crate) mod acceleration;
mod checked;
mod closing;
pub(crate) mod crosstable;
mod error;
pub(crate) mod event;
pub(crate) mod export;
pub(crate) mod import;
mod initial_colour;
pub(crate) mod pairing;
mod pairing_system;
pub(crate) mod player_details;
mod points;
pub(crate) mod prizes;
mod queries;
pub(crate) mod ratings;
pub(crate) mod seeding;
pub(crate) mod standings;
pub(crate) mod systems;
pub(crate) mod tiebreaks;
pub(crate) mod trf_columns;
mod values;

pub use crate::matches::Absent;

pub use closing::{ClosingRefusal, check_closing};
pub use crosstable::{Crosstable, RoundEntry, RoundOutcome};
pub use ratings::{
    Elo, FinishedMatch, Rated, RatedGame, RatingChange, RatingSource, RatingSystem, StartingRating,
    StartingRatingError, rate_games, rated_games,
};
pub use seeding::{Seeding, seed_rated_first, seed_round_one, seeding_rating};
pub use standings::{StandingRow, Standings};
pub use tiebreaks::{Tiebreak, TiebreakValue};

pub use acceleration::Acceleration;
pub use checked::{PostponedMatch, Tournament, TournamentSetup};
pub use error::TournamentError;
pub use event::HeadingWords;
pub use export::{
    CsvWriter, ExportFormat, crosstable_csv, requested_bye_text, standings_csv, trf, trf_numbers,
};
pub use import::{TrfError, parse as parse_trf};
pub use initial_colour::InitialColour;
pub use pairing::dutch;
pub use pairing::knockout::{third_place_fixture, third_place_winner};
pub use pairing_system::PairingSystem;
pub use player_details::PlayerDetails;
pub use points::{Points, PointsScheme};
pub use prizes::{PrizeKind, money, parse_value};
pub(crate) use queries::ceil_log2;
pub use queries::{EarlyResults, StandingsScope};
pub use systems::{LateEntries, Rounds, SystemRules};
pub use values::{
    ByePoints, ByeRefusal, ClosedTournament, Decision, Entrant, EntrantId, Fixture, Format,
    GameOutcome, MatchResult, Pairing, RequestedBye, TournamentStatus, assign_start_ranks,
};

#[cfg(test)]
pub(crate) mod testutil;
