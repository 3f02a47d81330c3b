//! Perft benchmark (`cargo bench --bench perft`): times move generation from each
//! preset's setup and checks the node counts pinned in `tests/perft_deep.rs`.

use std::time::Instant;

use goobalay::engine::{Game, Side, Variant, perft};

fn main() {
    let cases: [(&str, u32, u64); 6] = [
        ("layli-goobalay", 9, 1_139_220),
        ("tampoduo", 9, 1_238_915),
        ("modiar", 14, 684_129),
        ("tihbat", 20, 422_438),
        ("sadeqa-iii", 7, 760_026),
        ("sadeqa-91", 7, 642_030),
    ];
    println!(
        "{:<16} {:>5} {:>12} {:>10} {:>14}",
        "variant", "depth", "nodes", "seconds", "nodes/s"
    );
    for (variant, depth, expected) in cases {
        let game = Game::new(Variant::preset(variant).unwrap().rules, Side::South);
        let began = Instant::now();
        let nodes = perft(&game, depth);
        let secs = began.elapsed().as_secs_f64();
        assert_eq!(nodes, expected, "{variant} perft({depth})");
        println!(
            "{variant:<16} {depth:>5} {nodes:>12} {secs:>10.3} {:>14.0}",
            nodes as f64 / secs
        );
    }
}
