//! Tournaments in the store: entry lists, rounds paired into ordinary matches (and
//! byes), and engine matches played and written in transactions.
//!
//! The tables (`tournaments`, `tournament_players`, `tournament_byes`, and
//! `matches.tournament_id`/`round`) are read as a tournament's rows on every call
//! ([`load::StoredTournament`]), which the application layer turns into a
//! [`crate::tournament::Tournament`] value (`app::tournaments::loading`); pairing, standings and
//! exports are the pure tournament layer's. A round is paired in one
//! `BEGIN IMMEDIATE` transaction (all its matches and byes or none), and an engine
//! match is played in memory and written in one transaction (`tournament run`
//! writes a whole round's engine matches in one,
//! [`TournamentRepo::write_played_round`](crate::store::repo::TournamentRepo::write_played_round),
//! see [`crate::app::run`]), so a `tournament run` that is killed at any moment
//! resumes without losing or duplicating a match: engine decisions are seeded from
//! the match seed, so a replayed match is the same match.
//!
//! Boards: a round's matches are created in board order, so their board numbers are
//! their order by id within the round; byes store their board.
//!
//! The files, each with one reason to change, lowest first (a file names only
//! files before it, and `ratings`, between `byes` and `load`):
//! - this one, the model: the rows as read and the helpers that build and update a
//!   [`LoadedTournament`] as `load` would read it back;
//! - `byes`: byes outside the pairing (`tournament_requested_byes`);
//! - `load`: reading a tournament from its tables;
//! - `status`: the records of closings and reopenings, and the closing a last
//!   result brings (closing and reopening are the application layer's,
//!   [`crate::app::tournaments`], over [`crate::store::repo::TournamentRepo`]);
//! - `pair`: what pairing a round hands over and records (a round given by hand, a
//!   board as recorded, matches played ahead); the pairing itself is the application
//!   layer's ([`crate::app::tournaments`]);
//! - `play`: a round's engine matches, played in memory by the application layer,
//!   written where their stored match is still at the revision it was read
//!   (untouched) at.
//!
//! Ratings are the application layer's, from the stored results
//! (`crate::app::ratings`); the director's round records are in [`super::rounds`].

pub(super) mod byes;
pub(crate) mod load;
pub(super) mod pair;
pub(in crate::store) mod play;
pub(crate) mod status;

use super::StoreError;
use super::sql::Row;
use crate::tournament::{
    Acceleration, InitialColour, PairingSystem, RatingSystem, TournamentStatus,
};

pub(crate) use crate::app::records::{
    EventDetails, LoadedTournament, NewTournament, TournamentRow, TournamentSummary,
};
pub(crate) use crate::app::records::{played, summary};
pub(crate) use play::WrittenRound;

pub(crate) type Result<T, E = StoreError> = std::result::Result<T, E>;

impl TournamentRow {
    pub(in crate::store) fn from_row(r: &Row) -> Result<TournamentRow> {
        let id: i64 = r.try_get("id")?;
        let format: String = r.try_get("format")?;
        Ok(TournamentRow {
            id,
            name: r.try_get("name")?,
            variant: r.try_get("variant")?,
            format: format
                .parse()
                .map_err(|_| corrupt(format!("tournament {id}: format '{format}'")))?,
            rounds: r.try_get::<Option<i64>>("rounds")?.map(|v| v as u32),
            match_form: r.try_get("match_form")?,
            max_hands: r.try_get::<Option<i64>>("max_hands")?.map(|v| v as u32),
            points: r.try_get("points")?,
            tiebreaks: r.try_get("tiebreaks")?,
            pairing_system: {
                let name: Option<String> = r.try_get("pairing_system")?;
                PairingSystem::from_record(name.as_deref())
                    .map_err(|e| corrupt(format!("tournament {id}: {e}")))?
            },
            rating_system: {
                let name: Option<String> = r.try_get("rating_system")?;
                name.map(|n| {
                    RatingSystem::parse(&n)
                        .ok_or_else(|| corrupt(format!("tournament {id}: rating system '{n}'")))
                })
                .transpose()?
            },
            seed: r.try_get::<i64>("seed")? as u64,
            status: {
                let word: String = r.try_get("status")?;
                TournamentStatus::parse(&word)
                    .ok_or_else(|| corrupt(format!("tournament {id}: status '{word}'")))?
            },
            created_at: r.try_get("created_at")?,
            finished_at: r.try_get("finished_at")?,
            details: event_details(r, id)?,
            initial_colour: {
                let name: Option<String> = r.try_get("initial_colour")?;
                match name {
                    None => InitialColour::South,
                    Some(n) => InitialColour::parse(&n)
                        .ok_or_else(|| corrupt(format!("tournament {id}: initial colour '{n}'")))?,
                }
            },
            acceleration: {
                let name: Option<String> = r.try_get("acceleration")?;
                match name {
                    None => Acceleration::None,
                    Some(n) => Acceleration::parse(&n)
                        .ok_or_else(|| corrupt(format!("tournament {id}: acceleration '{n}'")))?,
                }
            },
            third_place: r.try_get::<i64>("third_place")? != 0,
            rules_json: r.try_get::<Option<String>>("rules")?.unwrap_or_default(),
        })
    }
}

/// The event's details of a tournament row (migration `20261207000000_event_details`).
fn event_details(r: &Row, id: i64) -> Result<EventDetails> {
    let date = |text: &str| {
        text.parse::<chrono::NaiveDate>()
            .map_err(|_| corrupt(format!("tournament {id}: date '{text}'")))
    };
    let optional_date = |column: &str| -> Result<Option<chrono::NaiveDate>> {
        r.try_get::<Option<String>>(column)?
            .as_deref()
            .map(date)
            .transpose()
    };
    Ok(EventDetails {
        city: r.try_get("city")?,
        federation: r.try_get("federation")?,
        start: optional_date("start_date")?,
        end: optional_date("end_date")?,
        chief_arbiter: r.try_get("chief_arbiter")?,
        round_dates: r
            .try_get::<Option<String>>("round_dates")?
            .iter()
            .flat_map(|t| t.split(','))
            .map(date)
            .collect::<Result<_>>()?,
    })
}

fn corrupt(what: String) -> StoreError {
    StoreError::CorruptTournament(what)
}
