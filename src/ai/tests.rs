//! Behaviour users rely on: the search finds forced captures and wins, `perfect`
//! keeps what a solved position promises, choices are reproducible, arrangements
//! are valid, and every level plays every variant (custom rules included).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::arena::{self, ArenaConfig};
use super::search::{Limits, SCALE, Searcher};
use super::solve::{SolveLimits, Solver};
use super::{ArrangeRequest, EnginePlayer, Level};
use crate::engine::{BySide, Game, Move, Rules, Side, Variant};

fn rules(name: &str) -> Rules {
    Variant::preset(name).expect("preset").rules
}

fn game(name: &str, json: &str) -> Game {
    Game::from_json(json, rules(name)).expect("valid position")
}

fn notation(game: &Game, m: Move) -> String {
    m.notation(game.rules().holes_per_row)
}

/// Plain minimax over the whole tree, no table, no pruning: the reference.
fn brute_force(game: &mut Game) -> i32 {
    if let Some(o) = game.outcome() {
        let me = game.to_move();
        return o.score[me] as i32 - o.score[!me] as i32;
    }
    let mut best = i32::MIN;
    for m in game.legal_moves() {
        let saved = game.save();
        game.play_unchecked(m);
        best = best.max(-brute_force(game));
        game.restore(saved);
    }
    best
}

#[test]
fn search_takes_a_forced_capture() {
    // Tampoduo, South to move: hole 5's single seed lands in empty hole 6, opposite
    // North's 10 seeds: 11 captured. Hole 1's seed lands opposite an empty hole.
    let g = game(
        "tampoduo",
        r#"{"board":[1,0,0,0,1,0, 10,1,1,1,0,1],"to_move":"south"}"#,
    );
    for nodes in [50, 2_000] {
        let r = Searcher::new(nodes).search(&g, &Limits::nodes(nodes), None);
        assert_eq!(notation(&g, r.best), "5", "budget {nodes}");
    }
    let a = Searcher::new(1_000).analyse(&g, &Limits::depth(1));
    let five = a
        .moves
        .iter()
        .find(|(m, _)| notation(&g, *m) == "5")
        .unwrap()
        .1;
    // 11 seeds won at once: far ahead of the other move.
    assert!(
        a.moves
            .iter()
            .all(|&(m, v)| notation(&g, m) == "5" || v + 10 * SCALE < five)
    );
}

#[test]
fn noisy_levels_still_take_a_big_capture() {
    // The 11-seed capture above: `easy`, `medium` and `hard` draw their move by value,
    // and a move 11 seeds worse has no real chance; only `hard`'s rare random move
    // (one in 33) may miss it.
    let g = game(
        "tampoduo",
        r#"{"board":[1,0,0,0,1,0, 10,1,1,1,0,1],"to_move":"south"}"#,
    );
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Max] {
        let missed = (0..60)
            .filter(|&seed| notation(&g, EnginePlayer::new(level, seed).choose_move(&g)) != "5")
            .count();
        let allowed = if level == Level::Hard { 5 } else { 0 };
        assert!(
            missed <= allowed,
            "{level} missed the capture {missed} times in 60"
        );
    }
}

#[test]
fn noise_varies_between_equal_moves_and_shrinks_with_strength() {
    use super::draw_by_value;
    let g = game(
        "layli-goobalay",
        "{\"board\":[4,4,4,4,4,4,4,4,4,4,4,4],\"to_move\":\"south\"}",
    );
    let moves = g.legal_moves();
    // Two equal best moves, one a seed worse, one ten seeds worse.
    let valued = [
        (moves[0], 0),
        (moves[1], 0),
        (moves[2], -SCALE),
        (moves[3], -10 * SCALE),
    ];
    let count = |halving: u32| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut n = [0u32; 4];
        for _ in 0..4_000 {
            let m = draw_by_value(&valued, halving, &mut rng);
            n[valued.iter().position(|&(v, _)| v == m).unwrap()] += 1;
        }
        n
    };
    let wide = count(SCALE as u32); // a seed halves the chance
    assert!(
        wide[0].abs_diff(wide[1]) < 300,
        "equal moves equally often: {wide:?}"
    );
    assert!(
        (wide[2] as f64 / wide[0] as f64 - 0.5).abs() < 0.1,
        "{wide:?}"
    );
    assert!(
        wide[3] < 20,
        "ten seeds worse: about 2^-10 of the best: {wide:?}"
    );
    let narrow = count(2); // a quarter seed halves it: a seed worse is 1/16
    assert!((narrow[2] as f64 / narrow[0] as f64 - 1.0 / 16.0).abs() < 0.03);
    assert_eq!(narrow[3], 0, "forty halvings: never: {narrow:?}");
    // Same generator state, same draw.
    assert_eq!(count(5), count(5));
}

#[test]
fn levels_get_more_noise_on_small_boards_and_more_nodes_on_wide_ones() {
    let s = |level: Level, variant: &str| level.strength(&rules(variant)).unwrap();
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        assert!(s(level, "modiar").halving > s(level, "layli-goobalay").halving);
        assert!(s(level, "sadeqa-iii").nodes >= s(level, "layli-goobalay").nodes);
    }
    // Each level is less noisy and searches more than the one below it.
    for v in ["tihbat", "modiar", "layli-goobalay", "sadeqa-iii"] {
        let ladder = [Level::Easy, Level::Medium, Level::Hard, Level::Max].map(|l| s(l, v));
        for w in ladder.windows(2) {
            assert!(w[1].nodes > w[0].nodes, "{v}: {w:?}");
            assert!(w[1].halving < w[0].halving, "{v}: {w:?}");
        }
    }
    assert!(s(Level::Max, "modiar").nodes > s(Level::Max, "layli-goobalay").nodes);
    assert_eq!(Level::Random.strength(&rules("tihbat")), None);
}

#[test]
fn calibrated_levels_apply_to_the_preset_rules_only() {
    let s = |level: Level, rules: &Rules| level.strength(rules).unwrap();
    let layli = rules("layli-goobalay");
    let tampoduo = rules("tampoduo");
    assert_eq!(s(Level::Medium, &layli).nodes, 700);
    assert_eq!(s(Level::Hard, &tampoduo).nodes, 5_000);
    assert_eq!(
        s(Level::Medium, &tampoduo).halving,
        s(Level::Easy, &tampoduo).halving
    );
    // Still a ladder in nodes searched.
    for v in [&layli, &tampoduo] {
        let ladder = [Level::Easy, Level::Medium, Level::Hard, Level::Max].map(|l| s(l, v));
        assert!(
            ladder.windows(2).all(|w| w[1].nodes > w[0].nodes),
            "{ladder:?}"
        );
    }
    // Layli Goobalay with its [option] end rule is another game: the general schedule.
    let mut optioned = layli;
    optioned.end = crate::engine::EndRule::PlayerToMoveStuck;
    assert_eq!(s(Level::Medium, &optioned).nodes, 1_000);
}

/// Tihbat positions where the capturing move loses and a quiet move wins (found by
/// the exact solver over random games; the test re-proves it below).
const TIHBAT_TRAP: &str = r#"{"board":[13,3,4,2],"to_move":"south","captured":[2,4],"ply":14}"#;
const MODIAR_TRAP: &str =
    r#"{"board":[10,0,1,5,3,9],"to_move":"north","captured":[2,12],"ply":17}"#;

#[test]
fn trap_positions_are_what_the_tests_claim() {
    for (variant, json, winning) in [("tihbat", TIHBAT_TRAP, "2"), ("modiar", MODIAR_TRAP, "2")] {
        let g = game(variant, json);
        let s = Solver::new()
            .solve(&g, &SolveLimits::default(), true)
            .expect("small");
        assert!(s.value > 0, "{variant}: a win for the side to move");
        for &(m, v) in &s.moves {
            assert_eq!(v > 0, notation(&g, m) == winning, "{variant} move {m:?}");
        }
        // Greedy's capture is one of the losing moves.
        let greedy = EnginePlayer::new(Level::Greedy, 3).choose_move(&g);
        assert_ne!(notation(&g, greedy), winning);
    }
}

#[test]
fn search_and_perfect_find_the_forced_win() {
    for (variant, json) in [("tihbat", TIHBAT_TRAP), ("modiar", MODIAR_TRAP)] {
        let g = game(variant, json);
        let r = Searcher::new(20_000).search(&g, &Limits::nodes(20_000), None);
        assert_eq!(notation(&g, r.best), "2", "{variant} search");
        assert!(r.value > 0);
        for seed in 0..3 {
            for level in [Level::Max, Level::Perfect] {
                let m = EnginePlayer::new(level, seed).choose_move(&g);
                assert_eq!(notation(&g, m), "2", "{variant} {level} seed {seed}");
            }
        }
    }
}

#[test]
fn solver_agrees_with_plain_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let small = Rules {
        seeds_per_hole: 2,
        ..rules("tihbat")
    };
    let tiny_modiar = Rules {
        seeds_per_hole: 3,
        holes_per_row: 2,
        ..rules("modiar")
    };
    for r in [small, tiny_modiar] {
        for _ in 0..15 {
            let mut g = Game::new(r, Side::South);
            for _ in 0..rng.random_range(0..4) {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                g.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            if g.is_over() {
                continue;
            }
            let solved = Solver::new()
                .solve(&g, &SolveLimits::default(), false)
                .expect("tiny");
            assert_eq!(solved.value, brute_force(&mut g.clone()));
        }
    }
}

#[test]
fn solver_reports_a_budget_it_cannot_meet() {
    let g = Game::new(rules("modiar"), Side::South);
    let limits = SolveLimits {
        nodes: 10_000,
        ..SolveLimits::default()
    };
    assert!(Solver::new().solve(&g, &limits, false).is_err());
}

/// Plays `perfect` as `side` from `start` against `opponent`; returns perfect's
/// final score difference.
fn perfect_against(start: &Game, side: Side, opponent: Level, seed: u64) -> i32 {
    let mut g = start.clone();
    let mut perfect = EnginePlayer::new(Level::Perfect, seed);
    let mut other = EnginePlayer::new(opponent, seed + 100);
    while !g.is_over() {
        let m = if g.to_move() == side {
            perfect.choose_move(&g)
        } else {
            other.choose_move(&g)
        };
        g.play_unchecked(m);
    }
    assert_eq!(perfect.perfect_fallbacks(), 0);
    let o = g.outcome().unwrap();
    o.score[side] as i32 - o.score[!side] as i32
}

#[test]
fn perfect_never_gets_less_than_the_solved_value() {
    let tihbat = rules("tihbat");
    let mut starts = vec![Game::new(tihbat, Side::South), game("tihbat", TIHBAT_TRAP)];
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    while starts.len() < 6 {
        let mut g = Game::new(tihbat, Side::South);
        for _ in 0..rng.random_range(1..8) {
            if !g.is_over() {
                let moves = g.legal_moves();
                g.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        if !g.is_over() {
            starts.push(Game::from_setup(&g.position().to_setup(), tihbat).unwrap());
        }
    }
    for start in &starts {
        let value = Solver::new()
            .solve(start, &SolveLimits::default(), false)
            .unwrap()
            .value;
        let mover = start.to_move();
        for (side, promised) in [(mover, value), (!mover, -value)] {
            for opponent in [Level::Random, Level::Greedy, Level::Medium, Level::Perfect] {
                for seed in 0..2 {
                    let got = perfect_against(start, side, opponent, seed);
                    assert!(
                        got >= promised,
                        "perfect as {side} vs {opponent}: {got} < solved {promised}"
                    );
                }
            }
        }
    }
}

/// `max` and `perfect` play an exactly best move once a Layli Goobalay or Tampoduo
/// hand is inside its endgame table, on a budget too small for their search alone:
/// positions from seeded random games that the full table (the one they play from in
/// every build) values within that budget.
#[test]
fn max_and_perfect_play_exactly_from_the_endgame_tables() {
    const NODES: u64 = 200;
    let within = SolveLimits {
        nodes: NODES,
        ..SolveLimits::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    for name in ["layli-goobalay", "tampoduo"] {
        let (mut checked, mut search_missed) = (0, 0);
        while checked < 40 {
            let mut g = Game::new(rules(name), Side::South);
            while !g.is_over() {
                let moves = g.legal_moves();
                let table =
                    super::exact::shared_endgame(g.position(), super::exact::MAX_TABLE_POSITIONS);
                let exact = table.and_then(|table| table.solve(&g, &within, true).ok());
                if let (Some(exact), true) = (exact, moves.len() > 1) {
                    let value_of = |m: Move| exact.moves.iter().find(|x| x.0 == m).unwrap().1;
                    let seed = rng.random();
                    for level in [Level::Max, Level::Perfect] {
                        let mut player = EnginePlayer::new(level, seed)
                            .with_nodes(NODES)
                            .with_solve_nodes(NODES);
                        let chosen = player.choose_move(&g);
                        assert_eq!(value_of(chosen), exact.value, "{name} {level} seed {seed}");
                    }
                    let searched = Searcher::new(NODES).search(&g, &Limits::nodes(NODES), None);
                    search_missed += usize::from(value_of(searched.best) != exact.value);
                    checked += 1;
                }
                g.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        // The budget is too small for the search alone: the table made the difference.
        assert!(
            search_missed > 0,
            "{name}: the search alone found every best move"
        );
    }
}

fn play_out(rules: Rules, levels: [Level; 2], seeds: [u64; 2]) -> Vec<Move> {
    let mut players = [
        EnginePlayer::new(levels[0], seeds[0]),
        EnginePlayer::new(levels[1], seeds[1]),
    ];
    let mut g = Game::new(rules, Side::South);
    let mut moves = Vec::new();
    while !g.is_over() {
        let m = players[g.to_move().index()].choose_move(&g);
        assert!(g.legal_moves().contains(&m));
        moves.push(m);
        g.play_unchecked(m);
    }
    moves
}

#[test]
fn same_seed_and_budget_same_moves() {
    let r = rules("layli-goobalay");
    let a = play_out(r, [Level::Hard, Level::Medium], [1, 2]);
    assert_eq!(a, play_out(r, [Level::Hard, Level::Medium], [1, 2]));
    let b = play_out(r, [Level::Easy, Level::Easy], [5, 6]);
    assert_eq!(b, play_out(r, [Level::Easy, Level::Easy], [5, 6]));
    assert_ne!(b, play_out(r, [Level::Easy, Level::Easy], [7, 8]));
}

#[test]
fn every_level_plays_every_variant_and_custom_rules() {
    let custom = Variant::from_file_text(
        r#"
name = "tihbat-wide"
holes_per_row = 4
seeds_per_hole = 3
min_seeds_to_move = 1
origin_first = true
sowing = "single-lap"
max_lifts = 1000
first_move_captures = true
forbid_grand_slam = false
must_feed = false
pass_when_stuck = true
end = "all-captured"
remaining = "split-evenly"
on_repetition = "split-evenly"

[capture]
kind = "counts"
counts = [2, 4]
rows = "both"
"#,
        false,
    )
    .expect("valid rule file");
    let mut all: Vec<Rules> = Variant::presets().into_iter().map(|v| v.rules).collect();
    all.push(custom.rules);
    for r in all {
        for level in Level::ALL {
            // Small budgets keep this quick; the code paths are the levels' own.
            let mut p = EnginePlayer::new(level, 9)
                .with_nodes(300)
                .with_solve_nodes(3_000);
            let mut opp = EnginePlayer::new(Level::Random, 10);
            let mut g = Game::new(r, Side::South);
            while !g.is_over() {
                let m = if g.to_move() == Side::South {
                    p.choose_move(&g)
                } else {
                    opp.choose_move(&g)
                };
                g.play(m).expect("the engine's move is legal");
            }
        }
    }
}

#[test]
fn arrangements_are_always_valid() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for v in Variant::presets() {
        let n = v.rules.holes_per_row as usize;
        for level in [Level::Random, Level::Greedy, Level::Easy, Level::Max] {
            for case in 0..4 {
                let seeds = rng.random_range(n as u32..=v.rules.total_seeds() - n as u32);
                let side = if case % 2 == 0 {
                    Side::South
                } else {
                    Side::North
                };
                let opponent_row = (case >= 2).then(|| super::even_spread(seeds, n));
                let request = ArrangeRequest {
                    rules: v.rules,
                    side,
                    seeds,
                    opponent_row,
                    kept: BySide::new(3, 1),
                    first_mover: if case == 1 { !side } else { side },
                };
                let mut p = EnginePlayer::new(level, case);
                let row = p.choose_arrangement(&request);
                assert_eq!(row.len(), n, "{} {level}", v.name);
                assert!(row.iter().all(|&s| s >= 1), "{} {level}: {row:?}", v.name);
                assert_eq!(row.iter().map(|&s| s as u32).sum::<u32>(), seeds);
                let again = EnginePlayer::new(level, case).choose_arrangement(&request);
                assert_eq!(row, again, "reproducible");
            }
        }
    }
}

#[test]
fn arrangement_is_chosen_by_evaluation() {
    // Layli Goobalay, North arranges 6 seeds second against South's row; South moves
    // first. An even spread of ones is the only row; with 12 seeds the search must
    // pick among many, and its pick is never worse than the even spread by its own
    // measure.
    let r = rules("layli-goobalay");
    let request = ArrangeRequest {
        rules: r,
        side: Side::North,
        seeds: 12,
        opponent_row: Some(vec![1, 1, 1, 1, 1, 7]),
        kept: BySide::new(0, 10),
        first_mover: Side::South,
    };
    let row = EnginePlayer::new(Level::Hard, 1).choose_arrangement(&request);
    let value = |row: &[u16]| {
        let g = super::arrange::starting_game(&request, row).unwrap();
        let v = Searcher::new(1_500)
            .search(&g, &Limits::nodes(1_500), None)
            .value;
        if g.to_move() == Side::North { v } else { -v }
    };
    assert!(value(&row) >= value(&super::even_spread(12, 6)));
    let six = ArrangeRequest {
        seeds: 6,
        ..request
    };
    assert_eq!(
        EnginePlayer::new(Level::Max, 1).choose_arrangement(&six),
        vec![1; 6]
    );
}

#[test]
fn arena_is_reproducible_and_counts_every_game() {
    let config = ArenaConfig {
        rules: rules("tihbat"),
        a: Level::Easy,
        b: Level::Greedy,
        nodes_a: None,
        nodes_b: None,
        strength_a: None,
        strength_b: None,
        games: 8,
        seed: 3,
        opening_plies: 1,
        jobs: 1,
    };
    let one = arena::run(&config);
    let two = arena::run(&ArenaConfig {
        jobs: 2,
        ..config.clone()
    });
    assert_eq!(one.wins + one.draws + one.losses, 8);
    let key = |r: &arena::ArenaResult| {
        r.games
            .iter()
            .map(|g| (g.a_side, g.score_a, g.score_b))
            .collect::<Vec<_>>()
    };
    assert_eq!(key(&one), key(&two));
    assert_eq!(
        one.games.iter().filter(|g| g.a_side == Side::South).count(),
        4
    );
}

#[test]
fn elo_follows_the_score() {
    let (even, margin) = arena::elo(&[1.0, 0.0, 0.5, 0.5]);
    assert!(even.abs() < 1e-9 && margin > 0.0);
    let (e, _) = arena::elo(&[1.0, 1.0, 1.0, 0.0]);
    assert!((e - 190.85).abs() < 0.1, "75% is about +191 Elo, got {e}");
}
