//! Arbitrary rule files (TOML and JSON): no panic; a rule set that validates plays
//! a whole game that conserves seeds and ends. The same text as a name: the name
//! gate and the name key never panic, a name that passes has the key of the text
//! it came from, and a key is its own key.
#![no_main]

use goobalay::engine::{Game, Side, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let key = goobalay::names::key(text);
    assert_eq!(goobalay::names::key(&key), key);
    if let Ok(name) = goobalay::names::clean(text, "a name") {
        assert_eq!(goobalay::names::key(&name), key);
        assert!(name.chars().count() <= goobalay::names::MAX_NAME_CHARS);
    }
    let _ = goobalay::names::excerpt(text);
    for json in [false, true] {
        let Ok(variant) = Variant::from_file_text(text, json) else { continue };
        let mut game = Game::new(variant.rules, Side::South);
        let total = game.position().seeds_in_play();
        let mut plies = 0u32;
        while !game.is_over() && plies < 2_000 {
            let moves = game.legal_moves();
            game.play_unchecked(moves[plies as usize % moves.len()]);
            assert_eq!(game.position().seeds_in_play(), total);
            plies += 1;
        }
    }
});
