//! Perft counts from each preset's setup (South first) deeper than the shared vectors
//! (which stop at 5), computed by this engine and checked against its first
//! (pre-optimisation) version; they pin move generation, the endless-sowing rule and
//! repetition. The cheap depths run always, the expensive ones with `--ignored`.

use goobalay::engine::{Game, Side, Variant, perft};

/// (variant, depth, count)
const CHEAP: &[(&str, u32, u64)] = &[
    ("layli-goobalay", 6, 13_005),
    ("layli-goobalay", 7, 58_450),
    ("tampoduo", 6, 13_277),
    ("tampoduo", 7, 60_585),
    ("modiar", 6, 522),
    ("modiar", 7, 1_364),
    ("modiar", 8, 3_477),
    ("modiar", 9, 8_685),
    ("modiar", 10, 21_169),
    ("tihbat", 6, 64),
    ("tihbat", 7, 126),
    ("tihbat", 8, 239),
    ("tihbat", 9, 463),
    ("tihbat", 10, 872),
    ("tihbat", 12, 3_174),
    ("tihbat", 16, 38_123),
    ("sadeqa-iii", 6, 114_786),
    ("sadeqa-91", 6, 100_503),
];

const EXPENSIVE: &[(&str, u32, u64)] = &[
    ("layli-goobalay", 8, 259_319),
    ("layli-goobalay", 9, 1_139_220),
    ("layli-goobalay", 10, 4_946_881),
    ("tampoduo", 8, 274_817),
    ("tampoduo", 9, 1_238_915),
    ("tampoduo", 10, 5_544_164),
    ("modiar", 11, 51_294),
    ("modiar", 12, 122_453),
    ("modiar", 14, 684_129),
    ("tihbat", 20, 422_438),
    ("sadeqa-iii", 7, 760_026),
    ("sadeqa-iii", 8, 5_013_849),
    ("sadeqa-91", 7, 642_030),
    ("sadeqa-91", 8, 4_072_813),
];

fn check(table: &[(&str, u32, u64)]) {
    for &(variant, depth, expected) in table {
        let game = Game::new(Variant::preset(variant).unwrap().rules, Side::South);
        assert_eq!(perft(&game, depth), expected, "{variant} perft({depth})");
    }
}

#[test]
fn perft_deeper_than_the_vectors() {
    check(CHEAP);
}

#[test]
#[ignore = "a few seconds in release, longer in the test profile: cargo test --release -- --ignored"]
fn perft_deep() {
    check(EXPENSIVE);
}
