//! Property tests (proptest): random games and random positions in every variant and
//! in custom rule sets conserve seeds, terminate, accept every offered move and
//! refuse every other one without changing the game.

use goobalay::engine::TraceLine;
use goobalay::engine::{
    CaptureFile, EndRule, Game, Move, Rules, Setup, Side, Sowing, VARIANT_NAMES, Variant,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The presets and two custom rule sets read from rule files.
fn rule_sets() -> Vec<(String, Rules)> {
    let mut sets: Vec<(String, Rules)> = VARIANT_NAMES
        .iter()
        .map(|n| (n.to_string(), Variant::preset(n).unwrap().rules))
        .collect();
    // Tihbat's rules on a 2x3 board with 3 seeds a hole.
    let mut f = Variant::preset("tihbat").unwrap().to_file();
    f.name = "tihbat-3".into();
    f.holes_per_row = 3;
    f.seeds_per_hole = 4;
    sets.push((f.name.clone(), f.validate().unwrap().rules));
    // Layli Goobalay's relay with origin first, Sadeqa's capture, a low lift limit
    // and the [option] "only the player to move" end, on 2x5.
    let mut f = Variant::preset("layli-goobalay").unwrap().to_file();
    f.name = "relay-5".into();
    f.holes_per_row = 5;
    f.seeds_per_hole = 3;
    f.origin_first = true;
    f.max_lifts = 40;
    f.sowing = Sowing::Relay;
    f.capture = CaptureFile::Opposite {
        with_last_seed: false,
        uur_at: Some(2),
    };
    f.end = EndRule::PlayerToMoveStuck;
    sets.push((f.name.clone(), f.validate().unwrap().rules));
    sets
}

/// Every move there is: each hole index and `pass`.
fn all_moves(rules: &Rules) -> Vec<Move> {
    (0..rules.holes())
        .map(Move::from_hole)
        .chain([Move::PASS])
        .collect()
}

/// Plays `game` to its end choosing with `choices`, checking the properties at every
/// position. Returns the number of moves played.
fn check_game(mut game: Game, choices: &[u16]) -> Result<usize, TestCaseError> {
    let rules = *game.rules();
    let total = game.position().seeds_in_play();
    let every = all_moves(&rules);
    let mut ply = 0;
    while !game.is_over() {
        let legal = game.legal_moves();
        prop_assert!(!legal.is_empty(), "a game not over offers a move");
        prop_assert_eq!(legal.len() as u32, game.position().legal_count());
        // Every move not offered is refused and changes nothing.
        for &m in &every {
            let offered = legal.contains(&m);
            prop_assert_eq!(game.position().is_legal(m), offered);
            if !offered {
                let before = TraceLine::of_game(&game);
                let remembered = game.remembered_positions();
                let err = game.play(m).unwrap_err();
                prop_assert!(!err.legal.is_empty());
                prop_assert_eq!(TraceLine::of_game(&game), before);
                prop_assert_eq!(game.remembered_positions(), remembered);
            }
        }
        let m = legal[choices[ply % choices.len()] as usize % legal.len()];
        prop_assert!(game.play(m).is_ok(), "offered move {:?} refused", m);
        prop_assert_eq!(game.position().seeds_in_play(), total);
        ply += 1;
        prop_assert!(ply < 20_000, "game does not end");
    }
    let outcome = game.outcome().unwrap();
    prop_assert_eq!(outcome.score.south + outcome.score.north, total);
    prop_assert!(game.legal_moves().is_empty());
    for &m in &every {
        prop_assert!(game.play(m).is_err());
    }
    Ok(ply)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules(
        set in 0usize..8,
        south_first in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 1..64),
    ) {
        let (_, rules) = rule_sets()[set];
        let first = if south_first { Side::South } else { Side::North };
        check_game(Game::new(rules, first), &choices)?;
    }

    #[test]
    fn random_positions_keep_the_rules(
        set in 0usize..8,
        cells in prop::collection::vec(0i64..9, 32),
        uurs in prop::collection::vec(0u8..12, 32),
        north in any::<bool>(),
        ply in 0i64..3,
        choices in prop::collection::vec(any::<u16>(), 1..32),
    ) {
        let (_, rules) = rule_sets()[set];
        let holes = rules.holes();
        let mut board: Vec<i64> = cells[..holes].to_vec();
        if rules.remaining == goobalay::engine::Remaining::SplitEvenly
            && board.iter().sum::<i64>() % 2 == 1
        {
            board[0] += 1;
        }
        // A few Uurs where the rules have them (any holes, any owner).
        let uur = rules.has_uurs().then(|| {
            (0..holes)
                .map(|h| match uurs[h] {
                    0 => Some(Side::South),
                    1 => Some(Side::North),
                    _ => None,
                })
                .collect()
        });
        let setup = Setup {
            board,
            to_move: Some(if north { Side::North } else { Side::South }),
            uur,
            ply: Some(ply),
            ..Setup::default()
        };
        let game = Game::from_setup(&setup, rules).unwrap();
        check_game(game, &choices)?;
    }

    #[test]
    fn random_playouts_play_only_legal_moves(set in 0usize..8, seed in any::<u64>()) {
        let (_, rules) = rule_sets()[set];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(rules, Side::South);
        let mut replay = game.clone();
        let total = game.position().seeds_in_play();
        while let Some(m) = game.play_random(&mut rng) {
            prop_assert!(replay.play(m).is_ok(), "play_random chose an illegal move");
            prop_assert_eq!(TraceLine::of_game(&replay), TraceLine::of_game(&game));
            prop_assert_eq!(game.position().seeds_in_play(), total);
        }
        prop_assert!(replay.is_over());
    }
}

#[test]
fn random_playouts_are_uniform_over_the_legal_moves() {
    // From the endless-relay position of tests/rules.rs, South's legal moves are
    // 1, 3, 6 (4 is endless): each is drawn about a third of the time, 4 never.
    let json = r#"{"board":[1,0,1,2,0,1,0,1,0,1,0,2],"to_move":"south"}"#;
    let rules = Variant::preset("layli-goobalay").unwrap().rules;
    let start = Game::from_json(json, rules).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut counts = [0u32; 12];
    for _ in 0..3000 {
        let mut g = start.clone();
        let m = g.play_random(&mut rng).unwrap();
        counts[m.hole().unwrap()] += 1;
    }
    assert_eq!(counts[3], 0);
    for h in [0, 2, 5] {
        assert!((850..1150).contains(&counts[h]), "{counts:?}");
    }
}
