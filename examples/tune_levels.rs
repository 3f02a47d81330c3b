//! Screening tool for tuning the engine levels: plays an arena series between two
//! levels or custom strengths and prints one line.
//!
//! `cargo run --release --example tune_levels -- VARIANT A B GAMES [SEED] [JOBS]`
//! where A and B are level names or `NODES/DEPTH/BLUNDER[/HALVING]` (e.g. `200/2/0.1`,
//! `1000/99/0/8`: halving in eighths of a seed).

use goobalay::ai::arena::{self, ArenaConfig};
use goobalay::ai::{Level, Strength};
use goobalay::engine::Variant;

fn contender(text: &str) -> (Level, Option<Strength>) {
    if let Ok(level) = Level::parse(text) {
        return (level, None);
    }
    let parts: Vec<&str> = text.split('/').collect();
    assert!(
        parts.len() == 3 || parts.len() == 4,
        "NODES/DEPTH/BLUNDER[/HALVING] or a level name: {text}"
    );
    let strength = Strength {
        nodes: parts[0].parse().expect("nodes"),
        depth: parts[1].parse().expect("depth"),
        blunder_rate: parts[2].parse().expect("blunder rate"),
        halving: parts.get(3).map_or(0, |h| h.parse().expect("halving")),
    };
    (Level::Hard, Some(strength))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    assert!(args.len() >= 4, "VARIANT A B GAMES [SEED] [JOBS]");
    let variant = Variant::preset(&args[0]).expect("variant");
    let (a, strength_a) = contender(&args[1]);
    let (b, strength_b) = contender(&args[2]);
    let games = args[3].parse().expect("games");
    let seed = args.get(4).map_or(2026, |s| s.parse().expect("seed"));
    let jobs = args.get(5).map_or(2, |s| s.parse().expect("jobs"));
    let started = std::time::Instant::now();
    let r = arena::run(&ArenaConfig {
        rules: variant.rules,
        a,
        b,
        nodes_a: None,
        nodes_b: None,
        strength_a,
        strength_b,
        games,
        seed,
        opening_plies: 0,
        jobs,
    });
    let as_south: f64 = r
        .games
        .iter()
        .filter(|g| g.a_side == goobalay::engine::Side::South)
        .map(|g| g.points_a)
        .sum();
    let as_north: f64 = r.games.iter().map(|g| g.points_a).sum::<f64>() - as_south;
    println!(
        "{:<15} {:>14} >{:<14} W {:>3} D {:>3} L {:>3} score {:>5.1}%  Elo {:+5.0}±{:3.0} {:6.1}s  (A as S {as_south}, as N {as_north})",
        variant.name,
        args[1],
        args[2],
        r.wins,
        r.draws,
        r.losses,
        100.0 * r.score,
        r.elo,
        r.elo_margin,
        started.elapsed().as_secs_f64()
    );
}
