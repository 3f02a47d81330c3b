//! Moves given in notation on the command line (`--moves` of trace, show, analyse
//! and solve), played on a game.

use anyhow::Context;
use goobalay::engine::Game;

/// Plays `moves` one by one, calling `each` with the game after every move. An
/// illegal move stops with an error naming the legal ones.
pub fn play_moves(
    game: &mut Game,
    moves: &str,
    mut each: impl FnMut(&Game) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    for (i, mv) in moves.split_whitespace().enumerate() {
        game.play_notation(mv)
            .with_context(|| format!("move {} ('{}')", i + 1, goobalay::names::excerpt(mv)))?;
        each(game)?;
    }
    Ok(())
}
