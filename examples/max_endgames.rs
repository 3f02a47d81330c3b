//! How often the `max` level's search misses the exact best move once few seeds are
//! left on the board of Layli Goobalay or Tampoduo: random games from the setup,
//! and at every position with at most SEEDS seeds outside Uurs (and a choice to
//! make) `max`'s move is valued with an exact table of the positions reachable from
//! there (`goobalay::ai::exact`). The figures in `docs/ai-measurements.md` ("Does
//! `max` need the endgame tables?") were made with it under engine version 4; since
//! version 5 `max` plays from the endgame tables themselves, so within their limits
//! (10 seeds, 12 in Tampoduo) it misses none wherever the table's search settles the
//! position within `max`'s budget, and the example shows what its search alone
//! misses only above those limits.
//!
//! ```sh
//! cargo run --release --example max_endgames -- layli-goobalay 10 60
//! ```

use goobalay::ai::ExactTable;
use goobalay::ai::SolveLimits;
use goobalay::ai::{EnginePlayer, Level};
use goobalay::engine::{Game, Side, Variant};
use rand::{SeedableRng, rngs::StdRng};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("layli-goobalay", String::as_str);
    let seeds: usize = args.get(1).map_or(Ok(8), |s| s.parse())?;
    let games: u64 = args.get(2).map_or(Ok(60), |s| s.parse())?;
    let variant = Variant::preset(name).ok_or_else(|| format!("no preset named '{name}'"))?;
    let mut rng = StdRng::seed_from_u64(7);
    let (mut compared, mut missed, mut seeds_lost) = (0u64, 0u64, 0i64);
    for game_number in 0..games {
        let mut game = Game::new(variant.rules, Side::South);
        // One table for the game's endgame: every later position is reachable from
        // the first one valued.
        let mut table: Option<ExactTable> = None;
        while !game.is_over() {
            let pos = *game.position();
            let on_board: usize = (0..pos.board().len())
                .filter(|&h| pos.uur_owner(h).is_none())
                .map(|h| pos.seeds_in(h) as usize)
                .sum();
            if on_board <= seeds && game.legal_moves().len() > 1 {
                let table = match &mut table {
                    Some(table) => table,
                    None => table.insert(ExactTable::new(&pos)?),
                };
                table.extend(&ExactTable::roots_for(&pos), &mut |_| true);
                let exact = table.solve(&game, &SolveLimits::default(), true)?;
                let seed = game_number * 1_000 + compared;
                let chosen = EnginePlayer::new(Level::Max, seed).choose_move(&game);
                let (_, value) = exact
                    .moves
                    .iter()
                    .find(|(m, _)| *m == chosen)
                    .ok_or("max chose an illegal move")?;
                compared += 1;
                if *value != exact.value {
                    missed += 1;
                    seeds_lost += i64::from(exact.value - value);
                }
            }
            game.play_random(&mut rng);
        }
    }
    println!(
        "{} at most {seeds} seeds, {games} games: max missed the exact best move in \
         {missed} of {compared} positions ({seeds_lost} seeds lost in all)",
        variant.name
    );
    Ok(())
}
