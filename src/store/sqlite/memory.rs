//! An in-memory SQLite store for the application layer's unit tests
//! ([`Store::in_memory`]).
//!
//! The use cases' tests run over the real store on a database that lives in memory,
//! not over a hand-written fake of the repository traits: a fake of those six traits
//! (about 110 methods) would restate in a second place what the SQL means, and the
//! tests would then check the fake. The in-memory store is the one implementation,
//! with nothing on disk.
//!
//! It skips what only a file has: the header and regular-file checks, the journal
//! mode (a memory database has no WAL; [`Store::close`] switches a database to WAL
//! only when it was opened in rollback-journal mode, which this one is not), the
//! file identity of a store kept open, and the last close that folds a log into the
//! file (`close_last_again` finds no `:memory:-wal` and does nothing).

use std::path::Path;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};

use super::MIGRATOR;
use super::open::record_identity;
use crate::store::Store;

impl Store {
    /// A new, empty database in memory, its schema migrated as a file's is.
    ///
    /// One connection, never closed while the store lives: an SQLite memory
    /// database is the connection's, so every transaction must run on it. A use
    /// case that held one transaction while asking for a second would wait for
    /// itself; the short acquire timeout turns that into a failed test, not a hang.
    pub(crate) async fn in_memory() -> Store {
        let options = SqliteConnectOptions::new()
            .in_memory(true)
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .acquire_timeout(Duration::from_secs(5))
            .connect_with(options)
            .await
            .expect("an in-memory SQLite database opens");
        let mut conn = pool.acquire().await.expect("its one connection");
        let mut tx = sqlx::Connection::begin(&mut *conn)
            .await
            .expect("a transaction");
        MIGRATOR.run(&mut *tx).await.expect("the migrations run");
        record_identity(&mut tx)
            .await
            .expect("the identity is stamped");
        tx.commit().await.expect("the migrations commit");
        drop(conn);
        Store::on_sqlite(pool, Path::new(":memory:"), None, Duration::from_secs(1))
    }
}

/// What the use cases' tests set up, made through the use cases themselves (never
/// raw SQL), so that a fixture is only ever a state the application can reach.
pub(crate) mod fixture {
    use crate::ai::Level;
    use crate::app::records::{ChangeMarkers, NewTournament, Player, TournamentRow};
    use crate::engine::{Side, Variant};
    use crate::matches::{Closing, MatchForm, MatchOutcome, MatchSpec};
    use crate::store::Store;
    use crate::tournament::{Format, PointsScheme, RatingSystem};

    /// A new in-memory database with these human players in it.
    pub(crate) async fn store_with(names: &[&str]) -> (Store, Vec<Player>) {
        let store = Store::in_memory().await;
        let players = humans(&store, names).await;
        (store, players)
    }

    /// Human players added, in order.
    pub(crate) async fn humans(store: &Store, names: &[&str]) -> Vec<Player> {
        let mut players = Vec::new();
        for name in names {
            let player = crate::app::players::add_player(store, name, None, None)
                .await
                .expect("a new player is added");
            players.push(player);
        }
        players
    }

    /// Engine players added, in order.
    pub(crate) async fn engines(store: &Store, names: &[(&str, Level)]) -> Vec<Player> {
        let mut players = Vec::new();
        for (name, level) in names {
            let player = crate::app::players::add_player(store, name, None, Some(*level))
                .await
                .expect("a new engine player is added");
            players.push(player);
        }
        players
    }

    /// What changed, as the app counts it: equal before and after a refused call
    /// means the call wrote nothing.
    pub(crate) async fn markers(store: &Store) -> ChangeMarkers {
        crate::app::views::changes(store)
            .await
            .expect("the change markers are read")
    }

    /// A casual match of `form` stored with nothing played, South moving first.
    pub(crate) async fn casual(store: &Store, south: &str, north: &str, form: MatchForm) -> i64 {
        let spec = MatchSpec::new(&layli(), form, None, Side::South).expect("a valid spec");
        let request = crate::app::matches::MatchRequest {
            spec,
            south: south.into(),
            north: north.into(),
            seed: 1,
        };
        crate::app::matches::create_match(store, request)
            .await
            .expect("the match is created")
            .stored
            .row
            .id
    }

    /// Enters `moves` on match `id` one after the other, each for the side to move.
    pub(crate) async fn moves_entered(store: &Store, id: i64, moves: &[&str]) {
        for m in moves {
            crate::app::matches::enter(store, id, &crate::app::HumanAction::Move((*m).into()))
                .await
                .expect("the move is entered");
        }
    }

    /// Match `id` ended by a result entered for the whole match.
    pub(crate) async fn won(store: &Store, id: i64, side: Side) {
        let entered = Closing::Entered {
            outcome: MatchOutcome::Winner(side),
            seeds: None,
        };
        crate::app::matches::close(store, id, entered)
            .await
            .expect("the result is entered");
    }

    /// Layli Goobalay, the club's game (RULES.md §3).
    pub(crate) fn layli() -> Variant {
        Variant::preset("layli-goobalay").expect("a preset")
    }

    /// A multi-hand Layli Goobalay tournament of `format` with every option at its
    /// default (a Swiss or a Monrad of three rounds).
    pub(crate) fn new_tournament(name: &str, format: Format) -> NewTournament {
        let chosen = matches!(format, Format::Swiss | Format::Monrad);
        NewTournament {
            name: name.to_string(),
            variant: layli(),
            format,
            rounds: chosen.then_some(3),
            form: MatchForm::Hands,
            max_hands: None,
            points: PointsScheme::default(),
            tiebreaks: Vec::new(),
            seed: 7,
            details: Default::default(),
            initial_colour: Default::default(),
            acceleration: Default::default(),
            third_place: false,
        }
    }

    /// A tournament of `format` created and `players` entered (not yet paired).
    pub(crate) async fn entered(
        store: &Store,
        name: &str,
        format: Format,
        players: &[&str],
    ) -> TournamentRow {
        let row = crate::app::tournaments::create(
            store,
            &new_tournament(name, format),
            RatingSystem::Elo,
        )
        .await
        .expect("the tournament is created");
        let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        crate::app::tournaments::enter(store, name, &players)
            .await
            .expect("the players are entered");
        row
    }

    /// Tournament `name`'s next round paired: its boards' match ids (`None`: a bye).
    /// The tournament refusal a use case answered with (any other answer fails the
    /// test).
    pub(crate) fn refusal<T: std::fmt::Debug>(
        result: &crate::app::Result<T>,
    ) -> &crate::app::tournaments::TournamentRefusal {
        match result {
            Err(crate::app::AppError::Tournament(r)) => r,
            other => panic!("not a tournament's refusal: {other:?}"),
        }
    }

    pub(crate) async fn pair(store: &Store, name: &str) -> Vec<Option<i64>> {
        crate::app::tournaments::pair_round(store, name)
            .await
            .expect("the round is paired")
            .round
            .boards
            .iter()
            .map(|b| b.match_id)
            .collect()
    }
}
