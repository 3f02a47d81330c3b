//! Creating a tournament: the name, rounds, match form and hand limit checked
//! before anything is written.

use crate::app::records::{EventDetails, MAX_SWISS_ROUNDS, NewTournament, TournamentRow, now};
use crate::app::repo::{Database, TournamentRepo};
use crate::app::tournaments::refusal::TournamentRefusal;
use crate::engine::Side;
use crate::matches::MatchSpec;
use crate::tournament::systems::Rounds;
use crate::tournament::{PairingSystem, RatingSystem};

use super::{Result, begin_write, commit};

/// Creates a tournament, seeded (when round 1 is paired) by `rating_system` ratings
/// of its variant.
pub async fn create(
    store: &impl Database,
    new: &NewTournament,
    rating_system: RatingSystem,
) -> Result<TournamentRow> {
    let mut tx = begin_write(store).await?;
    let row = create_in(&mut tx, new, rating_system).await?;
    commit(tx).await?;
    Ok(row)
}

/// Creates a tournament ([`create`]) in the caller's transaction: also the TRF
/// import's (`app::tournaments::trf_import`).
pub(crate) async fn create_in(
    repo: &mut impl TournamentRepo,
    new: &NewTournament,
    rating_system: RatingSystem,
) -> Result<TournamentRow> {
    let name =
        &crate::names::clean(&new.name, "a tournament name").map_err(TournamentRefusal::from)?;
    let system = new.format.rules();
    if let Some(r) = new.rounds {
        if system.rounds != Rounds::Chosen {
            return Err(TournamentRefusal::RoundsNotSwiss(new.format).into());
        }
        if !(1..=MAX_SWISS_ROUNDS).contains(&r) {
            return Err(TournamentRefusal::RoundsOutOfRange(r).into());
        }
    }
    if !new.initial_colour.is_default() && !system.pairs_on_scores_by_dutch_rules {
        return Err(TournamentRefusal::InitialColourNotSwiss(new.format).into());
    }
    if !new.acceleration.is_none() {
        if !system.pairs_on_scores_by_dutch_rules {
            return Err(TournamentRefusal::AccelerationNotSwiss(new.format).into());
        }
        if !new.acceleration.fits(&new.points) {
            return Err(TournamentRefusal::AccelerationPoints(new.points).into());
        }
    }
    if new.third_place && !system.eliminates {
        return Err(TournamentRefusal::ThirdPlaceNotKnockout(new.format).into());
    }
    // Check the match form and hand limit now, not at the first pairing; the
    // limit stored is the one the matches get (RULES.md §3 point 11's default if
    // none is given).
    let spec = MatchSpec::new(&new.variant, new.form, new.max_hands, Side::South)?;
    let mut new = new.clone();
    check_event_details(&mut new.details)?;
    let new = &new;
    if repo.tournament_row(name).await?.is_some() {
        return Err(TournamentRefusal::Duplicate(name.to_string()).into());
    }
    Ok(repo
        .insert_tournament(
            new,
            name,
            spec.max_hands,
            PairingSystem::CURRENT,
            rating_system,
            now(),
        )
        .await?)
}

/// The event's details cleaned as names are (trimmed, no invisible characters) and
/// its dates in order: the start before the end, the rounds' dates between them,
/// each round on or after the one before.
pub(crate) fn check_event_details(details: &mut EventDetails) -> Result<()> {
    for (text, what) in [
        (&mut details.city, "the city (--city)"),
        (&mut details.federation, "the federation (--federation)"),
        (&mut details.chief_arbiter, "the chief arbiter (--arbiter)"),
    ] {
        if let Some(t) = text.as_mut() {
            *t = crate::names::clean(t, what).map_err(TournamentRefusal::from)?;
        }
    }
    let refused = |why: String| Err(TournamentRefusal::EventDates(why).into());
    if let (Some(start), Some(end)) = (details.start, details.end)
        && end < start
    {
        return refused(format!("the end ({end}) is before the start ({start})"));
    }
    for (k, pair) in details.round_dates.windows(2).enumerate() {
        if pair[1] < pair[0] {
            return refused(format!(
                "round {}'s date ({}) is before round {}'s ({})",
                k + 2,
                pair[1],
                k + 1,
                pair[0]
            ));
        }
    }
    for (k, date) in details.round_dates.iter().enumerate() {
        let outside =
            details.start.is_some_and(|s| *date < s) || details.end.is_some_and(|e| *date > e);
        if outside {
            return refused(format!(
                "round {}'s date ({date}) is outside the event's days",
                k + 1
            ));
        }
    }
    Ok(())
}
