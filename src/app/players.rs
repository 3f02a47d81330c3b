//! Players: entering, rating, renaming and retiring them, the list, and a player's
//! card (`player show`, a player's page).

use crate::ai::Level;
use crate::app::records::{
    Ending, MatchQuery, MatchRow, NewPlayer, Player, PlayerDetailsRecord, StartingRatingRecord, now,
};
use crate::app::repo::{Database, MatchRepo, PlayerRepo, StoreError};
use crate::engine::Side;
use crate::hint::{Hint, Refusal};
use crate::matches::{Absent, MatchOutcome};
use crate::names::{NameError, excerpt};
use crate::tournament::player_details::{DetailError, PlayerDetails};
use crate::tournament::ratings::StartingRating;
use crate::tournament::{RatingChange, RatingSystem};

use super::{Result, commit};

/// Why a player use case refuses: a name not recorded, a name taken, a name or
/// starting rating out of form, a player retired.
#[derive(Debug, thiserror::Error)]
pub enum PlayerRefusal {
    #[error(
        "no player named '{}'{}",
        excerpt(.name),
        .like.as_deref().map_or(String::new(), |l| format!("; did you mean '{l}'?"))
    )]
    Unknown { name: String, like: Option<String> },
    #[error(
        "a player named '{}' already exists (names are unique, ignoring case and Unicode variants)",
        excerpt(.0)
    )]
    Duplicate(String),
    #[error(transparent)]
    Name(#[from] NameError),
    #[error(transparent)]
    StartingRating(#[from] crate::tournament::StartingRatingError),
    #[error("player '{0}' is retired")]
    Retired(String),
    #[error(transparent)]
    Detail(#[from] DetailError),
    #[error("nothing to change for '{0}'; give --federation, --sex, --born or --id")]
    NothingToSet(String),
    /// A member list refused whole: the file, the line and what is wrong there.
    #[error("{file}, line {line}: {message}; nothing was imported")]
    MemberList {
        file: String,
        line: u64,
        message: String,
    },
}

impl Refusal for PlayerRefusal {
    fn hint(&self) -> Option<Hint> {
        match self {
            PlayerRefusal::Unknown { .. } => Some(Hint::ListPlayers),
            _ => None,
        }
    }
}

/// A player to enter, with the name and club as stored (see [`crate::names::clean`];
/// a blank club is none).
pub fn new_player(
    name: &str,
    club: Option<&str>,
    engine: Option<Level>,
) -> Result<NewPlayer, PlayerRefusal> {
    let name = check_name(name)?;
    let club = club
        .filter(|c| !c.trim().is_empty())
        .map(|c| crate::names::clean(c, "a club name"))
        .transpose()?;
    Ok(NewPlayer { name, club, engine })
}

/// A player name as stored (see [`crate::names::clean`]).
fn check_name(name: &str) -> Result<String, PlayerRefusal> {
    Ok(crate::names::clean(name, "a player name")?)
}

/// The player named `name`, or [`PlayerRefusal::Unknown`] with the recorded name
/// it most likely meant ([`crate::names::closest`]).
pub(crate) async fn require_player_in(repo: &mut impl PlayerRepo, name: &str) -> Result<Player> {
    if let Some(p) = repo.player_by_name(name).await? {
        return Ok(p);
    }
    let names = repo.player_names().await?;
    Err(PlayerRefusal::Unknown {
        name: name.trim().to_string(),
        like: crate::names::closest(name, &names).map(str::to_string),
    }
    .into())
}

/// Enters `new` unless a player of the same name key exists
/// ([`PlayerRefusal::Duplicate`]); returns the player as stored.
pub(crate) async fn add_player_in(repo: &mut impl PlayerRepo, new: &NewPlayer) -> Result<Player> {
    if repo.player_by_name(&new.name).await?.is_some() {
        return Err(PlayerRefusal::Duplicate(new.name.clone()).into());
    }
    let id = repo.insert_player(new, now()).await?;
    Ok(player_by_id(repo, id).await?)
}

/// The player with id `id`, who must exist (a row just written or referred to).
pub(crate) async fn player_by_id(
    repo: &mut impl PlayerRepo,
    id: i64,
) -> Result<Player, StoreError> {
    repo.player_by_id(id)
        .await?
        .ok_or_else(|| StoreError::Corrupt(format!("player {id} is referred to but not stored")))
}

/// Enters a player (an engine player with `engine`), with a starting rating and
/// details if given, in one transaction; the rating's record is returned with the
/// player.
pub async fn add(
    store: &impl Database,
    name: &str,
    club: Option<&str>,
    engine: Option<Level>,
    start: Option<&StartingRating>,
    details: &PlayerDetails,
) -> Result<(Player, Option<StartingRatingRecord>)> {
    let new = new_player(name, club, engine)?;
    if let Some(s) = start {
        checked(s)?;
    }
    let mut tx = store.begin_write().await?;
    let player = add_player_in(&mut tx, &new).await?;
    let record = match start {
        Some(s) => Some(tx.insert_starting_rating(player.id, s, now()).await?),
        None => None,
    };
    if !details.is_empty() {
        tx.insert_player_details(player.id, details, now()).await?;
    }
    commit(tx).await?;
    Ok((player, record))
}

/// Changes a player's details: the fields `change` gives replace those in force,
/// the others stay; recorded as a new entry (the earlier ones are kept), in one
/// transaction. Returns the player and the details now in force.
pub async fn set_details(
    store: &impl Database,
    name: &str,
    change: &PlayerDetails,
) -> Result<(Player, PlayerDetails)> {
    if change.is_empty() {
        return Err(PlayerRefusal::NothingToSet(name.trim().to_string()).into());
    }
    let mut tx = store.begin_write().await?;
    let player = require_player_in(&mut tx, name).await?;
    let records = tx.player_details().await?;
    let before = details_in_force(&records, player.id);
    let after = before.updated(change);
    if after != before {
        tx.insert_player_details(player.id, &after, now()).await?;
    }
    commit(tx).await?;
    Ok((player, after))
}

/// The details in force for `player`: their newest entry (none: nothing given).
pub fn details_in_force(records: &[PlayerDetailsRecord], player: i64) -> PlayerDetails {
    records
        .iter()
        .rev()
        .find(|r| r.player_id == player)
        .map(|r| r.details.clone())
        .unwrap_or_default()
}

/// Enters a player with no starting rating ([`add`]).
pub async fn add_player(
    store: &impl Database,
    name: &str,
    club: Option<&str>,
    engine: Option<Level>,
) -> Result<Player> {
    Ok(
        add(store, name, club, engine, None, &PlayerDetails::default())
            .await?
            .0,
    )
}

/// Enters a starting rating for a player already entered (earlier ones are kept).
pub async fn rate(
    store: &impl Database,
    name: &str,
    start: &StartingRating,
) -> Result<(Player, StartingRatingRecord)> {
    checked(start)?;
    let mut tx = store.begin_write().await?;
    let player = require_player_in(&mut tx, name).await?;
    let record = tx.insert_starting_rating(player.id, start, now()).await?;
    commit(tx).await?;
    Ok((player, record))
}

/// Renames a player; the new name must not be another player's.
pub async fn rename(store: &impl Database, old: &str, new: &str) -> Result<Player> {
    let new = &check_name(new)?;
    let mut tx = store.begin_write().await?;
    let player = require_player_in(&mut tx, old).await?;
    if let Some(other) = tx.player_by_name(new).await?
        && other.id != player.id
    {
        return Err(PlayerRefusal::Duplicate(new.to_string()).into());
    }
    tx.rename_player(player.id, new).await?;
    let player = player_by_id(&mut tx, player.id).await?;
    commit(tx).await?;
    Ok(player)
}

/// Marks a player retired: kept in history, left out of `player list` and new matches.
pub async fn retire(store: &impl Database, name: &str) -> Result<Player> {
    let mut tx = store.begin_write().await?;
    let player = require_player_in(&mut tx, name).await?;
    if player.retired_at.is_some() {
        return Err(PlayerRefusal::Retired(player.name).into());
    }
    tx.retire_player(player.id, now()).await?;
    let player = player_by_id(&mut tx, player.id).await?;
    commit(tx).await?;
    Ok(player)
}

/// A starting rating as entered, refused if out of range.
fn checked(start: &StartingRating) -> Result<()> {
    StartingRating::new(start.rating, start.source, start.variant.as_deref())
        .map_err(PlayerRefusal::from)?;
    Ok(())
}

/// One player of the list, with the starting ratings in force for them.
#[derive(Clone, Debug)]
pub struct ListedPlayer {
    pub player: Player,
    /// Newest first (see [`in_force`]).
    pub starting_ratings: Vec<StartingRatingRecord>,
    pub details: PlayerDetails,
}

/// The players in the order people read names (retired ones only with
/// `include_retired`), each with the starting ratings in force: both read in one
/// transaction (one state of the database, on one connection).
pub async fn list(store: &impl Database, include_retired: bool) -> Result<Vec<ListedPlayer>> {
    let mut tx = store.begin_read().await?;
    let mut players = tx.players(include_retired).await?;
    let starts = tx.starting_ratings().await?;
    let details = tx.player_details().await?;
    commit(tx).await?;
    players.sort_by(|a, b| crate::names::people_order(&a.name, &b.name));
    Ok(players
        .into_iter()
        .map(|player| ListedPlayer {
            starting_ratings: in_force(&starts, player.id).into_iter().cloned().collect(),
            details: details_in_force(&details, player.id),
            player,
        })
        .collect())
}

/// The starting ratings in force for `player`, newest first: the newest for each
/// variant, down to the newest for every variant (which overrides older ones).
pub fn in_force(starts: &[StartingRatingRecord], player: i64) -> Vec<&StartingRatingRecord> {
    let mut out: Vec<&StartingRatingRecord> = Vec::new();
    for s in starts.iter().rev().filter(|s| s.player_id == player) {
        if out.iter().any(|o| o.variant == s.variant) {
            continue;
        }
        out.push(s);
        if s.variant.is_none() {
            break;
        }
    }
    out
}

/// One variant's rating of one player.
#[derive(Clone, Debug, serde::Serialize)]
pub struct VariantRating {
    pub variant: String,
    pub system: RatingSystem,
    /// `None`: unrated in this variant (no starting rating, no rated match).
    pub rating: Option<f64>,
    /// Glicko-2's rating deviation.
    pub deviation: Option<f64>,
    /// The starting rating the computation starts from (`None`: 1500).
    pub base: Option<StartingRatingRecord>,
    pub history: Vec<RatingChange>,
}

/// The player's rating in every variant they have a starting rating for (presets,
/// for one applying to every variant) or a finished match in.
async fn ratings_of(
    tx: &mut (impl PlayerRepo + MatchRepo),
    player: i64,
    system: RatingSystem,
) -> Result<(Vec<VariantRating>, Vec<StartingRatingRecord>)> {
    let mut starts = tx.starting_ratings().await?;
    starts.retain(|r| r.player_id == player);
    let mut variants: Vec<String> = tx.played_variants(player).await?;
    for s in &starts {
        match &s.variant {
            Some(v) => variants.push(v.clone()),
            None => variants.extend(crate::engine::VARIANT_NAMES.map(str::to_string)),
        }
    }
    variants.sort();
    variants.dedup();
    let mut out = Vec::with_capacity(variants.len());
    for variant in variants {
        let rated = super::ratings::variant_ratings_in(tx, &variant, system).await?;
        out.push(VariantRating {
            rating: rated
                .rated
                .contains(&player)
                .then(|| rated.ratings.get(&player).copied())
                .flatten(),
            deviation: rated.deviations.get(&player).copied(),
            base: starts
                .iter()
                .rev()
                .find(|s| s.applies_to(&variant))
                .cloned(),
            history: crate::tournament::ratings::history_of(&rated.changes, player),
            system,
            variant,
        });
    }
    Ok((out, starts))
}

/// A player's card: their matches (newest first), their Elo over every match (as
/// before ratings were kept per variant) with its history, and their ratings per
/// variant by `system`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PlayerCard {
    pub player: Player,
    pub matches: Vec<MatchRow>,
    pub rating: Option<f64>,
    pub rating_history: Vec<RatingChange>,
    pub ratings: Vec<VariantRating>,
    pub starting_ratings: Vec<StartingRatingRecord>,
    #[serde(skip_serializing_if = "PlayerDetails::is_empty")]
    pub details: PlayerDetails,
}

/// A player's matches counted: won, drawn and lost (forfeits among them counted
/// apart as well), void, and still in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    pub won: usize,
    pub drawn: usize,
    pub lost: usize,
    /// Of `won`: the opponent did not come.
    pub won_by_forfeit: usize,
    /// Of `lost`: this player did not come (a double forfeit too).
    pub lost_by_forfeit: usize,
    /// Annulled by a correction: neither won, drawn nor lost.
    pub void: usize,
    pub playing: usize,
}

impl Tally {
    /// "won 3 (1 by forfeit), drawn 1, lost 2, in play 1" (void and forfeits only
    /// when there are some).
    pub fn words(&self) -> String {
        let by_forfeit = |n: usize| {
            if n > 0 {
                format!(" ({n} by forfeit)")
            } else {
                String::new()
            }
        };
        let mut text = format!(
            "won {}{}, drawn {}, lost {}{}",
            self.won,
            by_forfeit(self.won_by_forfeit),
            self.drawn,
            self.lost,
            by_forfeit(self.lost_by_forfeit)
        );
        if self.void > 0 {
            text += &format!(", void {}", self.void);
        }
        text + &format!(", in play {}", self.playing)
    }
}

impl PlayerCard {
    /// The player's matches counted (see [`Tally`]).
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for m in &self.matches {
            let side = if m.south_id == self.player.id {
                Side::South
            } else {
                Side::North
            };
            let forfeit = match m.ending {
                Some(Ending::Void) => {
                    t.void += 1;
                    continue;
                }
                Some(Ending::Forfeit {
                    absent: Absent::Both,
                }) => {
                    t.lost += 1;
                    t.lost_by_forfeit += 1;
                    continue;
                }
                Some(Ending::Forfeit { .. }) => true,
                _ => false,
            };
            match m.winner {
                None => t.playing += 1,
                Some(MatchOutcome::Draw) => t.drawn += 1,
                Some(MatchOutcome::Winner(w)) if w == side => {
                    t.won += 1;
                    t.won_by_forfeit += usize::from(forfeit);
                }
                Some(_) => {
                    t.lost += 1;
                    t.lost_by_forfeit += usize::from(forfeit);
                }
            }
        }
        t
    }
}

/// The card of `player` (see [`PlayerCard`]).
pub async fn card(
    store: &impl Database,
    player: Player,
    system: RatingSystem,
) -> Result<PlayerCard> {
    let mut tx = store.begin_read().await?;
    let (ratings, changes) = super::ratings::elo_over_every_match_in(&mut tx).await?;
    let rating = ratings.get(&player.id).copied();
    let rating_history = crate::tournament::ratings::history_of(&changes, player.id);
    let (per_variant, starts) = ratings_of(&mut tx, player.id, system).await?;
    let query = MatchQuery {
        player_id: Some(player.id),
        ..MatchQuery::default()
    };
    let matches = super::stored_match::settled_matches(&mut tx, &query).await?;
    let details = details_in_force(&tx.player_details().await?, player.id);
    commit(tx).await?;
    Ok(PlayerCard {
        details,
        player,
        matches,
        rating,
        rating_history,
        ratings: per_variant,
        starting_ratings: starts,
    })
}

/// The card of the player called `name` (ignoring case); an unknown name is refused
/// with the nearest names.
pub async fn card_by_name(
    store: &impl Database,
    name: &str,
    system: RatingSystem,
) -> Result<PlayerCard> {
    let player = require_player_in(&mut store.begin_read().await?, name).await?;
    card(store, player, system).await
}

/// The player named `name` (case and Unicode variants ignored), if there is one.
pub async fn find(store: &impl Database, name: &str) -> Result<Option<Player>> {
    Ok(store.begin_read().await?.player_by_name(name).await?)
}

/// The card of the player with id `id` (`None`: no such player).
pub async fn card_by_id(
    store: &impl Database,
    id: i64,
    system: RatingSystem,
) -> Result<Option<PlayerCard>> {
    let player = store.begin_read().await?.player_by_id(id).await?;
    match player {
        Some(p) => Ok(Some(card(store, p, system).await?)),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    //! The rules over the repository, run on rows kept in memory: the boundary needs
    //! no database.

    use chrono::{DateTime, Utc};

    use super::*;
    use crate::app::AppError;
    use crate::app::records::StartingRatingRecord;
    use crate::app::repo::Result;
    use crate::names::key as name_key;

    #[derive(Default)]
    struct Memory {
        players: Vec<Player>,
        /// Another process holds the database: every lookup fails busy.
        busy: bool,
    }

    impl PlayerRepo for Memory {
        async fn player_by_name(&mut self, name: &str) -> Result<Option<Player>> {
            if self.busy {
                return Err(StoreError::Busy(10_000));
            }
            let key = name_key(name);
            Ok(self
                .players
                .iter()
                .find(|p| name_key(&p.name) == key)
                .cloned())
        }
        async fn player_by_id(&mut self, id: i64) -> Result<Option<Player>> {
            Ok(self.players.iter().find(|p| p.id == id).cloned())
        }
        async fn players(&mut self, include_retired: bool) -> Result<Vec<Player>> {
            Ok(self
                .players
                .iter()
                .filter(|p| include_retired || p.retired_at.is_none())
                .cloned()
                .collect())
        }
        async fn player_names(&mut self) -> Result<Vec<String>> {
            Ok(self.players.iter().map(|p| p.name.clone()).collect())
        }
        async fn insert_player(&mut self, new: &NewPlayer, at: DateTime<Utc>) -> Result<i64> {
            let id = self.players.len() as i64 + 1;
            self.players.push(Player {
                id,
                name: new.name.clone(),
                club: new.club.clone(),
                engine: new.engine.map(|l| l.name().to_string()),
                rating: None,
                created_at: at,
                retired_at: None,
            });
            Ok(id)
        }
        async fn rename_player(&mut self, _: i64, _: &str) -> Result<bool> {
            unimplemented!()
        }
        async fn retire_player(&mut self, _: i64, _: DateTime<Utc>) -> Result<bool> {
            unimplemented!()
        }
        async fn insert_starting_rating(
            &mut self,
            _: i64,
            _: &StartingRating,
            _: DateTime<Utc>,
        ) -> Result<StartingRatingRecord> {
            unimplemented!()
        }
        async fn starting_ratings(&mut self) -> Result<Vec<StartingRatingRecord>> {
            Ok(Vec::new())
        }
        async fn insert_player_details(
            &mut self,
            _: i64,
            _: &PlayerDetails,
            _: DateTime<Utc>,
        ) -> Result<()> {
            unimplemented!()
        }
        async fn player_details(&mut self) -> Result<Vec<PlayerDetailsRecord>> {
            Ok(Vec::new())
        }
    }

    #[tokio::test]
    async fn a_name_taken_is_refused_and_a_near_one_suggested() {
        let mut repo = Memory::default();
        let new = new_player("  Ayo Bello ", Some(" "), None).unwrap();
        let ayo = add_player_in(&mut repo, &new).await.unwrap();
        assert_eq!(
            (ayo.name.as_str(), ayo.club.as_deref()),
            ("Ayo Bello", None)
        );

        let again = new_player("AYO BELLO", None, None).unwrap();
        let err = add_player_in(&mut repo, &again).await.unwrap_err();
        assert!(matches!(err, AppError::Player(PlayerRefusal::Duplicate(n)) if n == "AYO BELLO"));
        assert_eq!(repo.players.len(), 1);

        let err = require_player_in(&mut repo, "Ayo Belo").await.unwrap_err();
        assert_eq!(
            err.to_string(),
            "no player named 'Ayo Belo'; did you mean 'Ayo Bello'?"
        );
        assert_eq!(
            require_player_in(&mut repo, "ayo bello").await.unwrap(),
            ayo
        );
    }

    /// A busy database met by a player's lookup (which the players' and the
    /// tournaments' use cases share) or a player's entry is the store's error, by its
    /// one route, and a front end answering by kind finds it busy, as it does the
    /// same error met anywhere else.
    #[tokio::test]
    async fn a_busy_database_is_busy_whichever_use_case_met_it() {
        let mut repo = Memory {
            busy: true,
            ..Memory::default()
        };
        let new = new_player("Ayo Bello", None, None).unwrap();
        let errors = [
            require_player_in(&mut repo, "Ayo Bello").await.unwrap_err(),
            add_player_in(&mut repo, &new).await.unwrap_err(),
            AppError::from(crate::tournament::TournamentError::Finished { rounds: 5 }),
        ];
        let [lookup, entry, refusal] = errors;
        for busy in [lookup, entry] {
            assert!(
                matches!(busy, AppError::Store(StoreError::Busy(_))),
                "{busy:?}"
            );
            assert_eq!(busy.failure(), crate::app::Failure::Busy);
            assert_eq!(
                busy.to_string(),
                "the database is busy: another goobalay process kept it locked longer than 10000 ms; nothing was written, try again"
            );
        }
        // A tournament's rules refusing, met by a use case: refused, by its one route.
        assert!(matches!(
            refusal,
            AppError::Tournament(crate::app::TournamentRefusal::Tournament(_))
        ));
        assert_eq!(refusal.failure(), crate::app::Failure::Refused);
    }
}
