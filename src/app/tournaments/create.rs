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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::AppError;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;
    use crate::tournament::{Format, TournamentStatus};

    fn refused(result: &Result<TournamentRow>) -> &TournamentRefusal {
        match result {
            Err(AppError::Tournament(r)) => r,
            other => panic!("not a tournament's refusal: {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_tournament_is_stored_with_its_format_rounds_and_the_default_hand_limit() {
        let store = Store::in_memory().await;
        let new = fixture::new_tournament("  Club Swiss ", Format::Swiss);
        let row = create(&store, &new, RatingSystem::Elo).await.unwrap();
        assert_eq!(row.name, "Club Swiss", "the name is stored cleaned");
        let loaded = crate::app::tournaments::load(&store, "club swiss")
            .await
            .unwrap();
        assert_eq!(loaded.row.id, row.id);
        assert_eq!(loaded.row.format, Format::Swiss);
        assert_eq!(loaded.row.rounds, Some(3));
        // RULES.md §3 point 11: a Layli Goobalay match given no limit has 200 hands.
        assert_eq!(loaded.row.max_hands, Some(200));
        assert_eq!(loaded.row.status, TournamentStatus::Open);
        assert_eq!(loaded.tournament.current_round(), 0);
    }

    #[tokio::test]
    async fn a_name_taken_ignoring_case_is_refused_and_nothing_stored() {
        let store = Store::in_memory().await;
        let new = fixture::new_tournament("Open", Format::RoundRobin);
        create(&store, &new, RatingSystem::Elo).await.unwrap();
        let before = fixture::markers(&store).await;
        let again = create(
            &store,
            &fixture::new_tournament("OPEN", Format::Swiss),
            RatingSystem::Elo,
        )
        .await;
        assert!(
            matches!(refused(&again), TournamentRefusal::Duplicate(n) if n == "OPEN"),
            "{again:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn options_a_format_does_not_have_are_refused_and_nothing_stored() {
        let store = Store::in_memory().await;
        let before = fixture::markers(&store).await;

        let mut rounds_in_a_round_robin = fixture::new_tournament("A", Format::RoundRobin);
        rounds_in_a_round_robin.rounds = Some(4);
        let r = create(&store, &rounds_in_a_round_robin, RatingSystem::Elo).await;
        assert!(matches!(
            refused(&r),
            TournamentRefusal::RoundsNotSwiss(Format::RoundRobin)
        ));

        let mut no_rounds = fixture::new_tournament("B", Format::Swiss);
        no_rounds.rounds = Some(0);
        let r = create(&store, &no_rounds, RatingSystem::Elo).await;
        assert!(matches!(
            refused(&r),
            TournamentRefusal::RoundsOutOfRange(0)
        ));

        let mut too_many = fixture::new_tournament("C", Format::Swiss);
        too_many.rounds = Some(MAX_SWISS_ROUNDS + 1);
        let r = create(&store, &too_many, RatingSystem::Elo).await;
        assert!(
            matches!(refused(&r), TournamentRefusal::RoundsOutOfRange(n) if *n == MAX_SWISS_ROUNDS + 1)
        );

        let mut third_place_in_a_swiss = fixture::new_tournament("D", Format::Swiss);
        third_place_in_a_swiss.third_place = true;
        let r = create(&store, &third_place_in_a_swiss, RatingSystem::Elo).await;
        assert!(matches!(
            refused(&r),
            TournamentRefusal::ThirdPlaceNotKnockout(Format::Swiss)
        ));

        assert_eq!(fixture::markers(&store).await, before);
        assert!(
            crate::app::tournaments::list(&store)
                .await
                .unwrap()
                .is_empty()
        );
    }

    #[tokio::test]
    async fn event_dates_out_of_order_are_refused_and_nothing_stored() {
        let store = Store::in_memory().await;
        let day = |d: u32| chrono::NaiveDate::from_ymd_opt(2026, 12, d).unwrap();
        let mut ends_first = fixture::new_tournament("Weekend", Format::Swiss);
        ends_first.details.start = Some(day(6));
        ends_first.details.end = Some(day(5));
        let r = create(&store, &ends_first, RatingSystem::Elo).await;
        assert!(
            matches!(refused(&r), TournamentRefusal::EventDates(_)),
            "{r:?}"
        );

        let mut round_outside = fixture::new_tournament("Weekend", Format::Swiss);
        round_outside.details.start = Some(day(5));
        round_outside.details.end = Some(day(6));
        round_outside.details.round_dates = vec![day(5), day(7)];
        let r = create(&store, &round_outside, RatingSystem::Elo).await;
        assert!(
            matches!(refused(&r), TournamentRefusal::EventDates(why) if why.contains("round 2")),
            "{r:?}"
        );
        assert!(
            crate::app::tournaments::list(&store)
                .await
                .unwrap()
                .is_empty()
        );
    }
}
