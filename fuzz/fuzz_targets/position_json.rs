//! Arbitrary text as a RULES.md §9 position for every preset: no panic; an accepted
//! position is consistent and can be played from.
#![no_main]

use goobalay::engine::{Game, VARIANT_NAMES, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for name in VARIANT_NAMES {
        let rules = Variant::preset(name).unwrap().rules;
        let Ok(mut game) = Game::from_json(text, rules) else { continue };
        let total = game.position().seeds_in_play();
        let moves = game.legal_moves();
        assert_eq!(moves.is_empty(), game.is_over());
        if let Some(&m) = moves.first() {
            game.play(m).unwrap();
            assert_eq!(game.position().seeds_in_play(), total);
        }
    }
});
