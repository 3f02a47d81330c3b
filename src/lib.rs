//! goobalay: a rules engine and tournament manager for Layli Goobalay and its sister
//! mancala games.
//!
//! The layers depend one way: [`engine`] (pure rules) ← [`ai`] (players that choose
//! moves) ← [`matches`](mod@matches) (hands, carry-over, arrangement) ← [`tournament`] (pairings,
//! standings, ratings) ← [`app`] (the use cases, over [`store`], the database) ← the
//! `goobalay` binary (clap, tables), which calls [`app`] and prints.
//! [`names`] (what a name may hold, and when two names are the same) and [`seeds`]
//! (seeds derived from a recorded seed) are leaves any layer uses.
//!
//! Those namespaces are the public API, each a flat list of what the binary, the
//! tests, the benches and the examples use (`goobalay::app::TournamentRow`,
//! `goobalay::tournament::trf`); the modules behind them are private. Where a layer's
//! use cases share verbs, a namespace keeps them apart: `app::matches::load` and
//! `app::tournaments::load`, likewise `app::players`, `app::members`, `app::reports`,
//! `app::views`, `ai::arena`, `tournament::dutch`. The database's pool, SQL and
//! backends stay inside [`store`]: a test that inspects a database opens its own
//! connection. `scripts/narrow_pub.py` narrows whatever nothing outside reaches.
//!
//! ```
//! use goobalay::engine::{Game, Side, Variant};
//!
//! let rules = Variant::preset("layli-goobalay").unwrap().rules;
//! let mut game = Game::new(rules, Side::South);
//! game.play_notation("3")?;
//! assert_eq!(game.to_move(), Side::North);
//! assert_eq!(game.position().seeds_in_play(), 48);
//! # Ok::<(), goobalay::engine::PlayError>(())
//! ```

pub mod ai;
pub mod app;
pub mod engine;
pub mod hint;
pub mod matches;
pub mod names;
pub mod review;
pub mod seeds;
pub mod store;
pub mod tournament;
pub mod wording;

pub use engine::{BySide, Game, Move, Outcome, Position, Rules, Setup, Side, Variant};
