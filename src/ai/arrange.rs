//! Choosing a rearrangement for a multi-hand match (RULES.md §3): generate candidate
//! rows, set up the starting position each would give, and keep the one a shallow
//! search likes best.

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Game, Setup, Side};

use super::search::{Limits, Searcher, evaluate};
use super::{ArrangeRequest, even_spread};

/// Up to `count` distinct valid rows for `seeds` seeds in `holes` holes (at least one
/// each): the even spread, the spreads that pile the surplus into one hole, and
/// seeded random compositions. Empty when `seeds < holes`.
pub(crate) fn candidates(
    seeds: u32,
    holes: usize,
    count: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<Vec<u16>> {
    if holes == 0 || (seeds as usize) < holes {
        return Vec::new();
    }
    let mut out: Vec<Vec<u16>> = Vec::new();
    let push = |row: Vec<u16>, out: &mut Vec<Vec<u16>>| {
        if !out.contains(&row) {
            out.push(row);
        }
    };
    push(even_spread(seeds, holes), &mut out);
    let surplus = seeds - holes as u32;
    for h in 0..holes {
        let mut row = vec![1u16; holes];
        row[h] += surplus as u16;
        push(row, &mut out);
    }
    let mut tries = 0;
    while out.len() < count && tries < count * 8 {
        tries += 1;
        push(random_composition(seeds, holes, rng), &mut out);
    }
    out.truncate(count.max(1));
    out
}

/// A uniformly random composition of `seeds` into `holes` parts of at least one
/// (`seeds >= holes >= 1`).
pub(crate) fn random_composition(seeds: u32, holes: usize, rng: &mut ChaCha8Rng) -> Vec<u16> {
    // Choose holes-1 distinct cut points among 1..seeds.
    let mut cuts: Vec<u32> = Vec::with_capacity(holes + 1);
    while cuts.len() < holes - 1 {
        let c = rng.random_range(1..seeds);
        if !cuts.contains(&c) {
            cuts.push(c);
        }
    }
    cuts.push(0);
    cuts.push(seeds);
    cuts.sort_unstable();
    cuts.windows(2).map(|w| (w[1] - w[0]) as u16).collect()
}

/// The starting position `row` would give, or `None` if the rules refuse it (e.g. an
/// odd number of seeds where the end splits evenly).
pub(crate) fn starting_game(request: &ArrangeRequest, row: &[u16]) -> Option<Game> {
    let n = request.rules.holes_per_row as usize;
    let opponent = match &request.opponent_row {
        Some(r) if r.len() == n => r.clone(),
        _ => even_spread(request.seeds, n),
    };
    let mut board = vec![0i64; 2 * n];
    for i in 0..n {
        board[request.side.index() * n + i] = row[i] as i64;
        board[(!request.side).index() * n + i] = opponent[i] as i64;
    }
    let setup = Setup {
        board,
        to_move: Some(request.first_mover),
        captured: Some([request.kept.south as i64, request.kept.north as i64]),
        ply: Some(0),
        ..Setup::default()
    };
    Game::from_setup(&setup, request.rules).ok()
}

/// The value of the position for `side`, in search units.
fn value_for(game: &Game, side: Side, searcher: &mut Searcher, nodes: u64) -> i32 {
    let v = match game.outcome() {
        Some(o) => super::search::terminal_value(&o, game.to_move()),
        None if nodes == 0 => evaluate(game.position()),
        None => searcher.search(game, &Limits::nodes(nodes), None).value,
    };
    if game.to_move() == side { v } else { -v }
}

/// The best of `count` candidates, each judged by a search of `nodes` nodes
/// (0: the static evaluation). Candidates are tried in a seeded order, so ties go
/// to a seeded choice.
pub(crate) fn choose(
    request: &ArrangeRequest,
    count: usize,
    nodes: u64,
    rng: &mut ChaCha8Rng,
) -> Vec<u16> {
    let holes = request.rules.holes_per_row as usize;
    let mut rows = candidates(request.seeds, holes, count, rng);
    if rows.is_empty() {
        return even_spread(request.seeds, holes);
    }
    rows.shuffle(rng);
    let mut searcher = Searcher::new(nodes);
    let mut best: Option<(i32, Vec<u16>)> = None;
    for row in rows {
        let Some(game) = starting_game(request, &row) else {
            continue;
        };
        let v = value_for(&game, request.side, &mut searcher, nodes);
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, row));
        }
    }
    best.map_or_else(|| even_spread(request.seeds, holes), |(_, row)| row)
}
