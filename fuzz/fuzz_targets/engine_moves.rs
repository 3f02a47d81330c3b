//! Arbitrary positions and move lists in every preset: no panic, no hang, seeds
//! conserved, every refused move leaves the game unchanged.
#![no_main]

use goobalay::engine::{Game, Move, Setup, Side, VARIANT_NAMES, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let variant = Variant::preset(VARIANT_NAMES[pick as usize % VARIANT_NAMES.len()]).unwrap();
    let rules = variant.rules;
    let holes = rules.holes();
    if rest.len() < holes + 3 {
        return;
    }
    let (board_bytes, rest) = rest.split_at(holes);
    let setup = Setup {
        board: board_bytes.iter().map(|&b| (b % 24) as i64).collect(),
        to_move: Some(if rest[0] & 1 == 0 { Side::South } else { Side::North }),
        uur: rules.has_uurs().then(|| {
            board_bytes.iter().map(|&b| match b >> 6 {
                1 => Some(Side::South),
                2 => Some(Side::North),
                _ => None,
            }).collect()
        }),
        captured: Some([rest[1] as i64 % 8, rest[2] as i64 % 8]),
        ..Setup::default()
    };
    let Ok(mut game) = Game::from_setup(&setup, rules) else { return };
    let total = game.position().seeds_in_play();
    for &b in &rest[3..] {
        let before = game.position().clone();
        let m = if b == 255 { Move::PASS } else { Move::from_hole(b as usize % holes) };
        match game.play(m) {
            Ok(_) => assert_eq!(game.position().seeds_in_play(), total),
            Err(_) => assert_eq!(*game.position(), before),
        }
        if let Some(o) = game.outcome() {
            assert_eq!(o.score.south + o.score.north, total);
            assert!(game.legal_moves().is_empty());
            break;
        }
        assert!(!game.legal_moves().is_empty());
    }
});
