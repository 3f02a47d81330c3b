//! The rule vectors of `tests/vectors/` (copied from the project's shared folder):
//! perft counts and whole games worked out independently from RULES.md.

use goobalay::engine::TraceLine;
use goobalay::engine::{Game, Side, Variant, perft};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct PerftFile {
    perft: BTreeMap<String, Vec<u64>>,
}

#[test]
fn perft_from_the_setup_matches_the_vectors() {
    let file: PerftFile = serde_json::from_str(include_str!("vectors/perft.json")).unwrap();
    assert_eq!(file.perft.len(), 6);
    for (variant, counts) in file.perft {
        let rules = Variant::preset(&variant).unwrap().rules;
        let game = Game::new(rules, Side::South);
        for (i, &expected) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(perft(&game, depth), expected, "{variant} perft({depth})");
        }
    }
}

#[derive(Deserialize)]
struct VectorGame {
    variant: String,
    first: Side,
    moves: String,
    trace: Vec<serde_json::Value>,
}

fn check_games(file: &str, text: &str) {
    let mut games = 0;
    for (line_no, line) in text.lines().enumerate() {
        let v: VectorGame = serde_json::from_str(line).unwrap();
        let rules = Variant::preset(&v.variant).unwrap().rules;
        let mut game = Game::new(rules, v.first);
        let expect =
            |ply: usize| -> TraceLine { serde_json::from_value(v.trace[ply].clone()).unwrap() };
        assert_eq!(
            TraceLine::of_game(&game),
            expect(0),
            "{file} game {} start",
            line_no + 1
        );
        for (i, mv) in v.moves.split_whitespace().enumerate() {
            game.play_notation(mv).unwrap_or_else(|e| {
                panic!("{file} game {} move {} ({mv}): {e}", line_no + 1, i + 1)
            });
            assert_eq!(
                TraceLine::of_game(&game),
                expect(i + 1),
                "{file} game {} after move {} ({mv})",
                line_no + 1,
                i + 1
            );
        }
        assert_eq!(v.trace.len(), v.moves.split_whitespace().count() + 1);
        assert!(game.is_over(), "{file} game {} should be over", line_no + 1);
        games += 1;
    }
    assert!(games > 0, "{file} holds no games");
}

macro_rules! vector_games {
    ($($name:ident => $file:literal),* $(,)?) => {$(
        #[test]
        fn $name() {
            check_games($file, include_str!(concat!("vectors/", $file)));
        }
    )*};
}

vector_games! {
    layli_goobalay_games => "layli-goobalay.jsonl",
    tampoduo_games => "tampoduo.jsonl",
    modiar_games => "modiar.jsonl",
    tihbat_games => "tihbat.jsonl",
    sadeqa_iii_games => "sadeqa-iii.jsonl",
    sadeqa_91_games => "sadeqa-91.jsonl",
}

/// `docs/RULES.md`, which the README and the players' guide link to, is the shared rule
/// book word for word (checked wherever the shared folder sits beside the checkout, as
/// it does for CI).
#[test]
fn the_rule_book_in_docs_is_the_shared_one() {
    let ours = include_str!("../docs/RULES.md");
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/RULES.md");
    match std::fs::read_to_string(&shared) {
        Ok(text) => assert!(
            ours == text,
            "docs/RULES.md differs from {}: copy the rule book again",
            shared.display()
        ),
        Err(_) => eprintln!("skipped: no shared rule book at {}", shared.display()),
    }
}
