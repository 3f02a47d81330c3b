//! Seeding a knockout by hand (`tournament seed`), before round 1 is paired: the
//! director names the seeds in order, or takes them from another tournament's final
//! standings (`--from T --top N`, entering those not yet entered). The entrants not
//! named follow as the ratings seed them ([`crate::tournament::seeding::put_first`]).
//! A seeding is added, never changed: seeding again adds one, and the latest counts.

use crate::app::Result;
use crate::app::players::require_player_in;
use crate::app::records::{LoadedTournament, Parts, now};
use crate::app::repo::{Database, Transaction};
use crate::app::tournaments::loading::load_in;
use crate::app::tournaments::refusal::TournamentRefusal;
use crate::tournament::pairing::knockout;

use super::{begin_write, commit};

/// Where a seeding comes from.
#[derive(Clone, Copy, Debug)]
pub enum SeedingSource<'a> {
    /// The players named, seed 1 first.
    ByHand(&'a [String]),
    /// The first `top` places (every place when `None`) of another tournament's
    /// final standings, leaving out those who withdrew from it.
    Standings {
        tournament: &'a str,
        top: Option<usize>,
    },
}

/// A knockout seeded: every entrant by seed, and who was entered to be seeded.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Seeded {
    pub tournament: String,
    /// The tournament whose standings gave the seeds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Every active entrant in seed order; `by_hand` marks the named ones.
    pub seeds: Vec<SeedLine>,
    /// Players entered by this seeding (`--from`).
    pub entered: Vec<String>,
}

/// One seed of [`Seeded`].
#[derive(Clone, Debug, serde::Serialize)]
pub struct SeedLine {
    pub seed: usize,
    pub name: String,
    pub by_hand: bool,
}

/// Seeds knockout `name` from `source`, in one transaction.
pub async fn seed(
    store: &impl Database,
    name: &str,
    source: SeedingSource<'_>,
    reason: Option<&str>,
) -> crate::app::Result<Seeded> {
    let mut tx = begin_write(store).await?;
    let seeded = seed_in(&mut tx, name, source, reason).await?;
    commit(tx).await?;
    Ok(seeded)
}

async fn seed_in(
    tx: &mut impl Transaction,
    name: &str,
    source: SeedingSource<'_>,
    reason: Option<&str>,
) -> Result<Seeded> {
    let loaded = load_in(tx, name, Parts::Whole).await?;
    super::ensure_open(&loaded)?;
    let tournament = loaded.row.name.clone();
    let t = &loaded.tournament;
    if !t.format().rules().eliminates {
        return Err(TournamentRefusal::SeedNotKnockout {
            tournament,
            format: t.format(),
        }
        .into());
    }
    if t.current_round() > 0 {
        return Err(TournamentRefusal::SeedingFixed { tournament }.into());
    }
    let (players, from, entered) = match source {
        SeedingSource::ByHand(names) => (named_entrants(tx, &loaded, names).await?, None, vec![]),
        SeedingSource::Standings {
            tournament: other,
            top,
        } => {
            let (players, source) = final_places(tx, &loaded, other, top).await?;
            let missing: Vec<String> = players
                .iter()
                .filter(|(id, _)| t.entrant(*id).is_none())
                .map(|(_, name)| name.clone())
                .collect();
            super::entries::enter_in(tx, &tournament, &missing).await?;
            (players, Some(source), missing)
        }
    };
    let ids: Vec<i64> = players.iter().map(|(id, _)| *id).collect();
    let source_id = from.as_ref().map(|(id, _)| *id);
    tx.insert_knockout_seeding(loaded.row.id, &ids, source_id, reason, now())
        .await?;
    // As round 1 would seed it now (the loader seeds a knockout not yet paired).
    let now_seeded = load_in(tx, &tournament, Parts::Whole).await?;
    let seeds = knockout::bracket(&now_seeded.tournament)
        .0
        .seeds
        .iter()
        .enumerate()
        .map(|(i, &id)| SeedLine {
            seed: i + 1,
            name: now_seeded.name_of(id).to_string(),
            by_hand: ids.contains(&id),
        })
        .collect();
    Ok(Seeded {
        tournament,
        from: from.map(|(_, name)| name),
        seeds,
        entered,
    })
}

/// The entrants `names` name, in that order: each an active entrant, named once.
async fn named_entrants(
    tx: &mut impl Transaction,
    loaded: &LoadedTournament,
    names: &[String],
) -> Result<Vec<(i64, String)>> {
    let mut out: Vec<(i64, String)> = Vec::with_capacity(names.len());
    for name in names {
        let player = require_player_in(tx, name).await?;
        let Some(entrant) = loaded.tournament.entrant(player.id) else {
            return Err(TournamentRefusal::SeedNotEntered {
                player: player.name,
                tournament: loaded.row.name.clone(),
            }
            .into());
        };
        if entrant.is_withdrawn() {
            return Err(TournamentRefusal::SeedWithdrawn {
                player: player.name,
                tournament: loaded.row.name.clone(),
            }
            .into());
        }
        if out.iter().any(|(id, _)| *id == player.id) {
            return Err(TournamentRefusal::SeedNamedTwice {
                player: player.name,
            }
            .into());
        }
        out.push((player.id, player.name));
    }
    Ok(out)
}

/// The first `top` places of finished tournament `other`'s standings, without those
/// who withdrew from it, and `other`'s id and name.
async fn final_places(
    tx: &mut impl Transaction,
    loaded: &LoadedTournament,
    other: &str,
    top: Option<usize>,
) -> Result<(Vec<(i64, String)>, (i64, String))> {
    let source = load_in(tx, other, Parts::Results).await?;
    if source.row.id == loaded.row.id {
        return Err(TournamentRefusal::SeedFromItself.into());
    }
    let s = &source.tournament;
    if !s.is_finished() {
        return Err(TournamentRefusal::SeedFromUnfinished {
            source_name: source.row.name.clone(),
            paired: s.current_round(),
            planned: s.planned_rounds(),
        }
        .into());
    }
    let places: Vec<(i64, String)> = s
        .standings()
        .rows
        .into_iter()
        .filter(|r| !r.withdrawn)
        .map(|r| (r.id, r.name))
        .collect();
    let top = top.unwrap_or(places.len());
    if !(2..=places.len()).contains(&top) {
        return Err(TournamentRefusal::SeedTopOutOfRange {
            source_name: source.row.name.clone(),
            players: places.len(),
            top,
        }
        .into());
    }
    Ok((
        places.into_iter().take(top).collect(),
        (source.row.id, source.row.name.clone()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;
    use crate::store::Store;
    use crate::store::sqlite::memory::fixture::{self, refusal};
    use crate::tournament::Format;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|n| n.to_string()).collect()
    }

    fn lines(seeded: &Seeded) -> Vec<(usize, &str, bool)> {
        seeded
            .seeds
            .iter()
            .map(|s| (s.seed, s.name.as_str(), s.by_hand))
            .collect()
    }

    async fn cup() -> Store {
        let (store, _) = fixture::store_with(&["Ada", "Bo", "Cy", "Di"]).await;
        fixture::entered(&store, "Cup", Format::Knockout, &["Ada", "Bo", "Cy", "Di"]).await;
        store
    }

    #[tokio::test]
    async fn the_players_named_take_the_first_seeds_and_the_latest_seeding_counts() {
        let store = cup().await;
        let seeded = seed(
            &store,
            "Cup",
            SeedingSource::ByHand(&names(&["di", "Cy"])),
            None,
        )
        .await
        .unwrap();
        assert_eq!(seeded.tournament, "Cup");
        assert_eq!(seeded.from, None);
        assert!(seeded.entered.is_empty());
        assert_eq!(&lines(&seeded)[..2], [(1, "Di", true), (2, "Cy", true)]);
        // The others follow as the ratings seed them (two unrated players: either way).
        let mut rest: Vec<_> = lines(&seeded)[2..].iter().map(|l| (l.1, l.2)).collect();
        rest.sort();
        assert_eq!(rest, [("Ada", false), ("Bo", false)]);
        assert_eq!(
            seeded.seeds.iter().map(|s| s.seed).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );

        let again = seed(&store, "Cup", SeedingSource::ByHand(&names(&["Bo"])), None)
            .await
            .unwrap();
        assert_eq!(lines(&again)[0], (1, "Bo", true));
        assert_eq!(again.seeds.iter().filter(|s| s.by_hand).count(), 1);
    }

    #[tokio::test]
    async fn seeds_from_a_finished_event_enter_its_players_in_their_final_order() {
        let store = cup().await;
        crate::app::players::add_player(&store, "Eve", None, None)
            .await
            .unwrap();
        crate::app::players::add_player(&store, "Fay", None, None)
            .await
            .unwrap();
        fixture::entered(&store, "Duel", Format::RoundRobin, &["Eve", "Fay"]).await;
        let id = fixture::pair(&store, "Duel").await[0].unwrap();
        let stored = crate::app::matches::load(&store, id).await.unwrap();
        fixture::won(&store, id, Side::North).await;
        let (winner, loser) = (stored.row.north.as_str(), stored.row.south.as_str());

        let from = SeedingSource::Standings {
            tournament: "Duel",
            top: None,
        };
        let seeded = seed(&store, "Cup", from, Some("last week")).await.unwrap();
        assert_eq!(seeded.from.as_deref(), Some("Duel"));
        assert_eq!(seeded.entered, [winner, loser]);
        assert_eq!(&lines(&seeded)[..2], [(1, winner, true), (2, loser, true)]);
        assert_eq!(seeded.seeds.len(), 6);
    }

    #[tokio::test]
    async fn a_seeding_naming_someone_not_entered_twice_or_withdrawn_is_refused() {
        let store = cup().await;
        crate::app::players::add_player(&store, "Eve", None, None)
            .await
            .unwrap();
        // Withdrawn after round 1, which is then taken back: withdrawn from round 0 on.
        fixture::pair(&store, "Cup").await;
        crate::app::tournaments::withdraw(&store, "Cup", "Di", false)
            .await
            .unwrap();
        crate::app::tournaments::unpair(&store, "Cup", None)
            .await
            .unwrap();
        let before = fixture::markers(&store).await;
        let outsider = seed(&store, "Cup", SeedingSource::ByHand(&names(&["Eve"])), None).await;
        assert!(
            matches!(refusal(&outsider), TournamentRefusal::SeedNotEntered { player, .. } if player == "Eve"),
            "{outsider:?}"
        );
        let twice = seed(
            &store,
            "Cup",
            SeedingSource::ByHand(&names(&["Ada", "ADA"])),
            None,
        )
        .await;
        assert!(
            matches!(refusal(&twice), TournamentRefusal::SeedNamedTwice { player } if player == "Ada"),
            "{twice:?}"
        );
        let withdrawn = seed(&store, "Cup", SeedingSource::ByHand(&names(&["Di"])), None).await;
        assert!(
            matches!(refusal(&withdrawn), TournamentRefusal::SeedWithdrawn { player, .. } if player == "Di"),
            "{withdrawn:?}"
        );
        let itself = SeedingSource::Standings {
            tournament: "Cup",
            top: None,
        };
        let itself = seed(&store, "Cup", itself, None).await;
        assert!(
            matches!(refusal(&itself), TournamentRefusal::SeedFromItself),
            "{itself:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }

    #[tokio::test]
    async fn only_a_knockout_not_yet_paired_is_seeded_and_only_from_a_finished_event() {
        let store = cup().await;
        fixture::entered(&store, "League", Format::RoundRobin, &["Ada", "Bo"]).await;
        let before = fixture::markers(&store).await;
        let league = seed(
            &store,
            "League",
            SeedingSource::ByHand(&names(&["Ada"])),
            None,
        )
        .await;
        assert!(
            matches!(
                refusal(&league),
                TournamentRefusal::SeedNotKnockout {
                    format: Format::RoundRobin,
                    ..
                }
            ),
            "{league:?}"
        );
        let unfinished = SeedingSource::Standings {
            tournament: "League",
            top: None,
        };
        let unfinished = seed(&store, "Cup", unfinished, None).await;
        assert!(
            matches!(
                refusal(&unfinished),
                TournamentRefusal::SeedFromUnfinished {
                    paired: 0,
                    planned: 1,
                    ..
                }
            ),
            "{unfinished:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);

        fixture::pair(&store, "Cup").await;
        let before = fixture::markers(&store).await;
        let fixed = seed(&store, "Cup", SeedingSource::ByHand(&names(&["Ada"])), None).await;
        assert!(
            matches!(refusal(&fixed), TournamentRefusal::SeedingFixed { tournament } if tournament == "Cup"),
            "{fixed:?}"
        );
        assert_eq!(fixture::markers(&store).await, before);
    }
}
