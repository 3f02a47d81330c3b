//! `goobalay demo`'s club: engine players (reused when they exist) entered in a new
//! Layli Goobalay multi-hand round robin, "Demo 1", "Demo 2", ...

use crate::ai::Level;
use crate::app::records::{NewTournament, TournamentRow};
use crate::app::repo::Database;
use crate::engine::Variant;
use crate::matches::MatchForm;
use crate::tournament::{Format, PointsScheme, RatingSystem};

use super::Result;

/// The demo's tournament, made and entered, not yet played.
#[derive(Clone, Debug)]
pub struct DemoClub {
    /// Engine players added now (the others were there from an earlier demo).
    pub added: Vec<(String, Level)>,
    pub tournament: TournamentRow,
}

/// Enters the club `members` (a base name and a level each) as engine players named
/// "Ama (demo)" (or "Ama (demo 2)", ... when the name belongs to a human or a
/// retired player) and creates the next "Demo N" round robin with them.
pub async fn set_up(
    store: &impl Database,
    members: &[(&str, Level)],
    seed: u64,
) -> Result<DemoClub> {
    let mut added = Vec::new();
    let mut entrants = Vec::new();
    for &(base, level) in members {
        let mut name = format!("{base} (demo)");
        let mut k = 2;
        loop {
            match super::players::find(store, &name).await? {
                None => {
                    super::players::add_player(store, &name, Some("Demo club"), Some(level))
                        .await?;
                    added.push((name.clone(), level));
                    break;
                }
                Some(p) if p.engine.is_some() && p.retired_at.is_none() => break,
                Some(_) => {
                    name = format!("{base} (demo {k})");
                    k += 1;
                }
            }
        }
        entrants.push(name);
    }
    let mut n = 1;
    let name = loop {
        let name = format!("Demo {n}");
        if !super::tournaments::exists(store, &name).await? {
            break name;
        }
        n += 1;
    };
    let tournament = super::tournaments::create(
        store,
        &NewTournament {
            name: name.clone(),
            variant: Variant::preset("layli-goobalay").expect("a preset"),
            format: Format::RoundRobin,
            rounds: None,
            form: MatchForm::Hands,
            max_hands: None,
            points: PointsScheme::default(),
            tiebreaks: Vec::new(),
            seed,
            details: Default::default(),
            initial_colour: Default::default(),
            acceleration: Default::default(),
            third_place: false,
        },
        RatingSystem::Elo,
    )
    .await?;
    super::tournaments::enter(store, &name, &entrants).await?;
    Ok(DemoClub { added, tournament })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture;

    #[tokio::test]
    async fn the_demo_enters_its_engines_in_the_next_demo_round_robin() {
        let store = Store::in_memory().await;
        let members = [("Ama", Level::Random), ("Kofi", Level::Greedy)];
        let first = set_up(&store, &members, 5).await.unwrap();
        assert_eq!(first.tournament.name, "Demo 1");
        assert_eq!(first.tournament.format, Format::RoundRobin);
        assert_eq!(
            first.added,
            [
                ("Ama (demo)".to_string(), Level::Random),
                ("Kofi (demo)".to_string(), Level::Greedy)
            ]
        );
        let loaded = crate::app::tournaments::load(&store, "Demo 1")
            .await
            .unwrap();
        let entrants: Vec<&str> = loaded
            .tournament
            .entrants()
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(entrants, ["Ama (demo)", "Kofi (demo)"]);

        // Run again: the engines are reused and the next name is taken.
        let second = set_up(&store, &members, 5).await.unwrap();
        assert!(second.added.is_empty());
        assert_eq!(second.tournament.name, "Demo 2");
    }

    #[tokio::test]
    async fn a_demo_name_held_by_a_human_goes_to_a_numbered_engine() {
        let store = Store::in_memory().await;
        fixture::humans(&store, &["Ama (demo)"]).await;
        let club = set_up(&store, &[("Ama", Level::Random)], 5).await.unwrap();
        assert_eq!(club.added, [("Ama (demo 2)".to_string(), Level::Random)]);
        let engine = crate::app::players::find(&store, "Ama (demo 2)")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(engine.engine.as_deref(), Some(Level::Random.name()));
        let human = crate::app::players::find(&store, "Ama (demo)")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(human.engine, None);
    }
}
