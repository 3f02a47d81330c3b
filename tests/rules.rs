//! Worked examples for every rule of RULES.md, one variant at a time. Positions are
//! RULES.md §9 objects; each comment shows the arithmetic that gives the expected
//! result. Hole indices: South `0..N-1`, North `N..2N-1`, opposite of `i` is `2N-1-i`.

use goobalay::engine::TraceLine;
use goobalay::engine::{EndReason, Game, Move, Rules, SetupError, Side, Variant};

fn rules(name: &str) -> Rules {
    Variant::preset(name).unwrap().rules
}

fn game(variant: &str, json: &str) -> Game {
    Game::from_json(json, rules(variant)).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn line(g: &Game) -> TraceLine {
    TraceLine::of_game(g)
}

fn legal(g: &Game) -> Vec<String> {
    line(g).legal
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_notation(m)
            .unwrap_or_else(|e| panic!("move {m}: {e}"));
    }
}

/// An independent relay sowing on a plain board (no origin-first, no Uurs): the
/// board after it and the number of lifts, or `None` if the state (board, hole of
/// the next lift) comes back, i.e. it never ends.
fn relay_by_hand(board: &mut [u32], origin: usize, max: u32) -> Option<u32> {
    let n = board.len();
    let (mut from, mut lifts) = (origin, 0);
    while lifts < max {
        let hand = board[from];
        board[from] = 0;
        lifts += 1;
        let mut h = from;
        for _ in 0..hand {
            h = (h + 1) % n;
            board[h] += 1;
        }
        if board[h] == 1 {
            return Some(lifts);
        }
        from = h;
    }
    None
}

// ---------------------------------------------------------------- Layli Goobalay

#[test]
fn layli_relay_sowing_from_the_setup() {
    // South 1 (hole 0) on [4 x 12]:
    // lift 4 from 0 -> 1,2,3,4: [0,5,5,5,5,4|4,4,4,4,4,4], hole 4 had 4: relay (lift 2)
    // lift 5 from 4 -> 5..9:    [0,5,5,5,0,5|5,5,5,5,4,4], hole 9 had 4: relay (lift 3)
    // lift 5 from 9 -> 10,11,0,1,2: [1,6,6,5,0,5|5,5,5,0,5,5], hole 2 had 5 (lift 4)
    // lift 6 from 2 -> 3..8:    [1,6,0,6,1,6|6,6,6,0,5,5], hole 8 had 5 (lift 5)
    // lift 6 from 8 -> 9,10,11,0,1,2: [2,7,1,6,1,6|6,6,0,1,6,6]
    // hole 2 was emptied by lift 4: the last seed lands in an empty hole of South's
    // row; opposite 11-2 = 9 holds 1 (not 3): South takes 1 + the last seed = 2.
    let mut g = Game::new(rules("layli-goobalay"), Side::South);
    play(&mut g, "1");
    let l = line(&g);
    assert_eq!(l.board, [2, 7, 0, 6, 1, 6, 6, 6, 0, 0, 6, 6]);
    assert_eq!(l.captured.south, 2);
    assert_eq!(l.ply, 1);
    assert_eq!(l.to_move, Side::North);
    assert_eq!(g.position().seeds_in_play(), 48);
}

#[test]
fn the_lift_limit_is_exact() {
    // The move above needs exactly 5 lifts: legal with max_lifts = 5, endless (not
    // legal) with max_lifts = 4, whatever the rest of the rules.
    let mut r = rules("layli-goobalay");
    r.max_lifts = 5;
    let g = Game::new(r, Side::South);
    assert!(legal(&g).contains(&"1".to_string()));
    // Every opening move of either player needs 5 lifts (by symmetry, and the
    // independent loop agrees): with max_lifts = 4 nobody can move, so the setup
    // itself is over (no-moves), each taking their own row: 24 - 24.
    let mut board = [4; 12];
    assert_eq!(relay_by_hand(&mut board, 0, 1000), Some(5));
    r.max_lifts = 4;
    let mut g = Game::new(r, Side::South);
    assert!(legal(&g).is_empty());
    let o = g.outcome().expect("over at once");
    assert_eq!(
        (o.end, o.score.south, o.score.north),
        (EndReason::NoMoves, 24, 24)
    );
    let before = line(&g);
    let err = g.play_notation("1").unwrap_err();
    assert_eq!(err.to_string(), "move 1 is not legal: the game is over");
    assert_eq!(line(&g), before, "a refused move leaves the game unchanged");
}

/// [1,0,1,2,0,1 | 0,1,0,1,0,2] (9 seeds): South 4 (hole 3) lifts 2 -> 4,5: hole 5
/// had 1, relay... After 72 lifts the board is the same again and the next lift is
/// from hole 3 again, so the sowing goes round for ever (checked by hand below with
/// an independent relay loop): South 4 is endless and not a legal move.
const ENDLESS: &str = r#"{"board":[1,0,1,2,0,1,0,1,0,1,0,2],"to_move":"south"}"#;

#[test]
fn an_endless_relay_is_not_a_legal_move() {
    let start = [1, 0, 1, 2, 0, 1, 0, 1, 0, 1, 0, 2];
    // The cycle: 72 lifts bring back the start with the hand at hole 3.
    let mut board = start;
    let mut from = 3;
    for _ in 0..72 {
        let hand = board[from];
        board[from] = 0;
        let mut h = from;
        for _ in 0..hand {
            h = (h + 1) % 12;
            board[h] += 1;
        }
        assert!(board[h] > 1, "this sowing never ends");
        from = h;
    }
    assert_eq!((board, from), (start, 3));
    // The other candidates end: hole 0 (1 seed) -> hole 1 empty; hole 2 (1) -> hole
    // 3 holds 2 -> relay lift 3 -> 4,5,6: hole 6 empty; hole 5 (1) -> hole 6 empty.
    for variant in ["layli-goobalay", "tampoduo", "sadeqa-iii"] {
        let r = rules(variant);
        let board = if r.holes_per_row == 6 {
            ENDLESS.to_string()
        } else {
            // Sadeqa's 2x8: the same cycle needs its own board; only the 2x6 ones here.
            continue;
        };
        let mut g = game(variant, &board);
        assert_eq!(legal(&g), ["1", "3", "6"], "{variant}");
        let before = line(&g);
        let err = g.play_notation("4").unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 4 is not legal here; legal moves: 1 3 6"
        );
        assert_eq!(line(&g), before);
        assert!(!g.position().is_legal(Move::from_hole(3)));
    }
}

#[test]
fn a_long_relay_that_ends_is_legal() {
    // From a random Layli game: South 1 needs 199 lifts (counted by the independent
    // loop above); far under 1,000, so it is legal and the board is the loop's.
    let json = r#"{"board":[7,1,4,3,2,1,0,1,0,1,0,16],"to_move":"south","captured":[9,3],"ply":6}"#;
    let mut board = [7, 1, 4, 3, 2, 1, 0, 1, 0, 1, 0, 16];
    assert_eq!(relay_by_hand(&mut board, 0, 1000), Some(199));
    let mut g = game("layli-goobalay", json);
    assert!(legal(&g).contains(&"1".to_string()));
    play(&mut g, "1");
    // The sowing ended in `last`; whatever the capture, every other hole is as sown.
    let after: Vec<u32> = line(&g).board.iter().map(|&s| s as u32).collect();
    let taken = line(&g).captured.south - 9 + line(&g).captured.north - 3;
    let differ: Vec<usize> = (0..12).filter(|&h| after[h] != board[h]).collect();
    assert!(differ.len() <= 2, "{after:?} vs {board:?}");
    assert_eq!(
        differ.iter().map(|&h| board[h] - after[h]).sum::<u32>(),
        taken
    );
    assert_eq!(g.position().seeds_in_play(), 48);
}

#[test]
fn layli_capture_takes_the_opposite_hole_and_the_last_seed() {
    // South 3 (hole 2, 1 seed) -> hole 3, empty, South's row; opposite 8 holds 5:
    // South takes 5 + 1 = 6.
    let mut g = game(
        "layli-goobalay",
        r#"{"board":[0,0,1,0,0,2,0,1,5,0,0,1],"to_move":"south"}"#,
    );
    play(&mut g, "3");
    let l = line(&g);
    assert_eq!(l.board, [0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 1]);
    assert_eq!(l.captured.south, 6);
}

#[test]
fn layli_last_seed_without_capture() {
    // Opponent's row: South 6 (hole 5, 1 seed) -> hole 6, empty, North's row: nothing.
    let mut g = game(
        "layli-goobalay",
        r#"{"board":[0,0,1,0,0,1,0,1,5,0,0,1],"to_move":"south"}"#,
    );
    play(&mut g, "6");
    assert_eq!(line(&g).board, [0, 0, 1, 0, 0, 0, 1, 1, 5, 0, 0, 1]);
    assert_eq!(line(&g).captured.south, 0);
    // Own row, opposite empty: South 3 (hole 2) -> hole 3; opposite 8 is empty.
    let mut g = game(
        "layli-goobalay",
        r#"{"board":[0,0,1,0,0,1,0,1,0,5,0,1],"to_move":"south"}"#,
    );
    play(&mut g, "3");
    assert_eq!(line(&g).board, [0, 0, 0, 1, 0, 1, 0, 1, 0, 5, 0, 1]);
    assert_eq!(line(&g).captured, goobalay::BySide::new(0, 0));
}

#[test]
fn layli_three_opposite_makes_two_uurs() {
    // South 3 (hole 2, 1 seed) -> hole 3 (empty, own row); opposite 8 holds exactly 3:
    // one seed moves 8 -> 3, both hold 2 and become South's Uurs. Nothing captured.
    let mut g = game(
        "layli-goobalay",
        r#"{"board":[1,0,1,0,0,0,1,0,3,0,0,1],"to_move":"south"}"#,
    );
    play(&mut g, "3");
    let l = line(&g);
    assert_eq!(l.board, [1, 0, 0, 2, 0, 0, 1, 0, 2, 0, 0, 1]);
    let s = Some(Side::South);
    assert_eq!(
        l.uur,
        [
            None, None, None, s, None, None, None, None, s, None, None, None
        ]
    );
    assert_eq!(l.captured, goobalay::BySide::new(0, 0));
    // In Tampoduo the same move captures the 3 and the last seed.
    let mut g = game(
        "tampoduo",
        r#"{"board":[1,0,1,0,0,0,1,0,3,0,0,1],"to_move":"south"}"#,
    );
    play(&mut g, "3");
    assert_eq!(line(&g).board, [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    assert_eq!(line(&g).captured.south, 4);
}

/// South owns Uurs at holes 3 and 8 (2 seeds each); North owns one at hole 1 (4).
const UURS: &str = r#"{"board":[1,4,1,2,0,0,1,0,2,0,1,1],"to_move":"south",
  "uur":[null,"north",null,"south",null,null,null,null,"south",null,null,null]}"#;

#[test]
fn an_uur_is_never_moved_from() {
    // South's candidates: holes 0, 2 (hole 1 is North's Uur, hole 3 South's own Uur).
    let g = game("layli-goobalay", UURS);
    assert_eq!(legal(&g), ["1", "3"]);
    assert!(!g.position().is_legal(Move::from_hole(3)));
    assert_eq!(line(&g).uur[1], Some(Side::North));
}

#[test]
fn a_sowing_into_an_uur_ends_and_fills_it() {
    // South 3 (hole 2, 1 seed) -> hole 3, South's Uur holding 2: it now holds 3 and
    // the sowing ends there (never relayed), nothing else happens.
    let mut g = game("layli-goobalay", UURS);
    play(&mut g, "3");
    let l = line(&g);
    assert_eq!(l.board, [1, 4, 0, 3, 0, 0, 1, 0, 2, 0, 1, 1]);
    assert_eq!(l.captured, goobalay::BySide::new(0, 0));
    // South 1 (hole 0, 1 seed) -> hole 1, North's Uur (4 -> 5): ends, nothing.
    let mut g = game("layli-goobalay", UURS);
    play(&mut g, "1");
    assert_eq!(line(&g).board, [0, 5, 1, 2, 0, 0, 1, 0, 2, 0, 1, 1]);
}

#[test]
fn an_uur_is_never_captured() {
    // The pure rule 6 case: North's last seed in an empty hole of North's row whose
    // opposite is a (South) Uur: North 1 (hole 6, 1 seed) -> hole 7, empty, not an
    // Uur; opposite 11-7 = 4 is South's Uur holding 2: nothing is captured.
    let json = r#"{"board":[1,0,0,0,2,0,1,0,0,0,0,1],"to_move":"north",
      "uur":[null,null,null,null,"south",null,null,null,null,null,null,null]}"#;
    let mut g = game("layli-goobalay", json);
    play(&mut g, "1");
    let l = line(&g);
    assert_eq!(l.board, [1, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 1]);
    assert_eq!(l.captured, goobalay::BySide::new(0, 0));
    assert_eq!(l.uur[4], Some(Side::South));
}

#[test]
fn uurs_go_to_their_owner_at_the_end() {
    // South has nothing to move (hole 3 is an Uur): the game is over at once. South
    // takes its Uurs 3 (2) and 8 (2, in North's row) = 4 + captured 10 = 14; North
    // takes its non-Uur holes 6, 11 = 1 + 1 = 2, its Uur at 1 (4) = 6 + captured 8
    // = 14... but its Uur hole 1 holds 4: North 1 + 1 + 4 + 8 = 14. Draw.
    let json = r#"{"board":[0,4,0,2,0,0,1,0,2,0,0,1],"to_move":"south","captured":[10,8],
      "uur":[null,"north",null,"south",null,null,null,null,"south",null,null,null]}"#;
    let g = game("layli-goobalay", json);
    let o = g.outcome().expect("South has no move: over");
    assert_eq!(o.end, EndReason::NoMoves);
    assert_eq!((o.score.south, o.score.north), (14, 14));
    assert_eq!(o.winner, None);
    assert!(legal(&g).is_empty());
}

#[test]
fn layli_ends_when_the_player_who_just_moved_has_no_move() {
    // South 6 (hole 5, South's last seed) -> hole 6 (1 -> 2): relay, lift 2 -> 7, 8:
    // hole 8 empty, North's row: ends. South's row is now empty: North could move,
    // but South (who just moved) has no move, so the game ends. Own rows: South 0,
    // North 0+1+0+... = [0,2,1,0,0,0] = 3, plus captured 5/4.
    let json = r#"{"board":[0,0,0,0,0,1,1,1,0,0,0,0],"to_move":"south","captured":[5,4]}"#;
    let mut g = game("layli-goobalay", json);
    play(&mut g, "6");
    let l = line(&g);
    assert_eq!(l.board, [0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0]);
    assert!(l.over);
    assert_eq!(l.to_move, Side::North);
    let r = l.result.unwrap();
    assert_eq!((r.score.south, r.score.north), (5, 7));
    assert_eq!((r.winner.as_str(), r.end.as_str()), ("north", "no-moves"));
    // Same in Tampoduo.
    let mut g = game("tampoduo", json);
    play(&mut g, "6");
    assert!(g.is_over());
    // With the [option] "only the player to move", North would move on.
    let mut r = rules("layli-goobalay");
    r.end = goobalay::engine::EndRule::PlayerToMoveStuck;
    let mut g = Game::from_json(json, r).unwrap();
    play(&mut g, "6");
    assert!(!g.is_over());
    assert_eq!(legal(&g), ["2", "3"]);
}

#[test]
fn layli_repetition_ends_the_game_with_own_rows() {
    // [0,0,0,1,1,0 | 0,0,0,0,1,1], South to move.
    // S4: hole 3 -> 4 (1->2) relay, lift 2 -> 5,6: 6 empty (North's): [0,0,0,0,0,1|1,0,0,0,1,1]
    // N6: hole 11 -> 0, empty, South's row: nothing:               [1,0,0,0,0,1|1,0,0,0,1,0]
    // S6: hole 5 -> 6 (1->2) relay, 2 -> 7,8: 8 empty:               [1,0,0,0,0,0|0,1,1,0,1,0]
    // N2: hole 7 -> 8 (2) relay 9,10: 10 (2) relay 11,0: 0 (2) relay 1,2: 2 empty,
    //     South's row:                                               [0,1,1,0,0,0|0,0,0,1,0,1]
    // S2: hole 1 -> 2 (2) relay 3,4: 4 empty, own row, opposite 7 empty: [0,0,0,1,1,0|0,0,0,1,0,1]
    // N4: hole 9 -> 10, empty, own row, opposite 1 empty: back to the start, South
    //     to move: repetition. Own rows: South 2, North 2: a draw.
    let json = r#"{"board":[0,0,0,1,1,0,0,0,0,0,1,1],"to_move":"south"}"#;
    let mut g = game("layli-goobalay", json);
    play(&mut g, "4 6 6 2 2");
    assert!(!g.is_over());
    play(&mut g, "4");
    let l = line(&g);
    assert_eq!(l.board, [0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 1]);
    let r = l.result.unwrap();
    assert_eq!(r.end, "repetition");
    assert_eq!(
        (r.score.south, r.score.north, r.winner.as_str()),
        (2, 2, "draw")
    );
    assert!(l.legal.is_empty());
}

#[test]
fn a_capture_forgets_earlier_positions() {
    // After a capture, positions before it cannot recur: the history restarts.
    let mut g = Game::new(rules("layli-goobalay"), Side::South);
    play(&mut g, "1"); // captures 2 (see the first test)
    assert_eq!(g.remembered_positions(), 1);
}

// ---------------------------------------------------------------- Tampoduo

#[test]
fn tampoduo_lap_through_the_origin() {
    // South 1 (hole 0, 12 seeds): one seed in each of holes 1..11 (hole 11: 1 -> 2)
    // and the 12th in the origin itself (never skipped). The origin was emptied by
    // the lift: the last seed "lands in an empty hole" of South's row; opposite 11
    // holds 2: South takes 2 + 1 = 3.
    let mut g = game(
        "tampoduo",
        r#"{"board":[12,0,0,0,0,0,0,0,0,0,0,1],"to_move":"south"}"#,
    );
    play(&mut g, "1");
    let l = line(&g);
    assert_eq!(l.board, [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    assert_eq!(l.captured.south, 3);
}

#[test]
fn tampoduo_perft_from_the_setup() {
    let g = Game::new(rules("ayo-jodu"), Side::South);
    assert_eq!(goobalay::engine::perft(&g, 3), 129);
}

// ---------------------------------------------------------------- Modiar

#[test]
fn modiar_origin_first_and_the_first_move_captures_nothing() {
    // South 1 (hole 0, 7 seeds): the first seed back into hole 0, the other 6 to
    // 1,2,3,4,5,0: [2,8,8|8,8,8]. Hole 0 holds 2, but ply 0 captures nothing.
    let mut g = Game::new(rules("modiar"), Side::South);
    play(&mut g, "1");
    assert_eq!(line(&g).board, [2, 8, 8, 8, 8, 8]);
    assert_eq!(line(&g).captured.south, 0);
    // The same from ply 1: hole 0 holds 2 and is taken; the hole before it on the
    // path, 5, holds 8: the chain stops. South takes 2.
    let mut g = game(
        "modiar",
        r#"{"board":[7,7,7,7,7,7],"to_move":"south","ply":1}"#,
    );
    play(&mut g, "1");
    assert_eq!(line(&g).board, [0, 8, 8, 8, 8, 8]);
    assert_eq!(line(&g).captured.south, 2);
}

#[test]
fn modiar_backward_chain_across_both_rows() {
    // North 2 (hole 4, 4 seeds): first seed back into 4 (1), then 5, 0, 1:
    // [2,2,5|0,1,2]. Last hole 1 holds 2: taken; back along the path: 0 holds 2
    // (South's row): taken; 5 holds 2: taken; 4 holds 1: stop. North takes 6, four
    // of them from South's row, which keeps 5: no grand slam.
    let mut g = game(
        "modiar",
        r#"{"board":[1,1,5,0,4,1],"to_move":"north","ply":3}"#,
    );
    assert_eq!(legal(&g), ["2"], "hole 3 is empty, hole 5 a singleton");
    play(&mut g, "2");
    let l = line(&g);
    assert_eq!(l.board, [0, 0, 5, 0, 1, 0]);
    assert_eq!(l.captured.north, 6);
    assert_eq!(l.legal, ["3"]);
}

#[test]
fn modiar_grand_slam_example_of_the_rule_book() {
    // 8 seeds from South 1 on [8,0,1|1,1,1]: origin 1, then 1,2,3,4,5,0,1:
    // [2,2,2|2,2,2]; last hole 1 holds 2; back: 0, 5, 4, 3, 2 all hold 2: every hole
    // is taken and North's row is left empty: a grand slam, forbidden. South has no
    // other move (hole 2 empty, hole 3 a singleton): no legal move, the game is over
    // at once; own rows: South 9, North 3.
    let g = game(
        "modiar",
        r#"{"board":[8,0,1,1,1,1],"to_move":"south","ply":4}"#,
    );
    let o = g.outcome().expect("no legal move");
    assert_eq!(o.end, EndReason::NoMoves);
    assert_eq!((o.score.south, o.score.north), (9, 3));
    // On the first move nothing is captured, so no grand slam: the move is legal.
    let mut g = game("modiar", r#"{"board":[8,0,1,1,1,1],"to_move":"south"}"#);
    assert_eq!(legal(&g), ["1"]);
    play(&mut g, "1");
    assert_eq!(line(&g).board, [2, 2, 2, 2, 2, 2]);
    // With another move available, only the grand slam is refused: South 3 (hole 2,
    // 2 seeds): 1 back, 1 to hole 3 (1 -> 2): taken, hole 2 holds 1: stop.
    let mut g = game(
        "modiar",
        r#"{"board":[8,0,2,1,1,1],"to_move":"south","ply":4}"#,
    );
    assert_eq!(legal(&g), ["3"]);
    let err = g.play_notation("1").unwrap_err();
    assert_eq!(err.legal, ["3"]);
    play(&mut g, "3");
    assert_eq!(line(&g).board, [8, 0, 1, 0, 1, 1]);
    assert_eq!(line(&g).captured.south, 2);
}

#[test]
fn modiar_feeding() {
    // North's row is empty. South 1 (hole 0, 2 seeds): 1 back, 1 to hole 1 (3 -> 4):
    // taken, hole 0 holds 1: stop; North's row stays empty. South 2 (hole 1, 3): 1
    // back, then 2 and 3: hole 3 gets 1, North's row is fed. Only 2 is legal.
    let g = game(
        "modiar",
        r#"{"board":[2,3,0,0,0,0],"to_move":"south","ply":9}"#,
    );
    assert_eq!(legal(&g), ["2"]);
    // No move can feed: any otherwise legal move. South 1 (2 seeds): 1 back, 1 to
    // hole 1 (0 -> 1): North's row stays empty, but it is the only move.
    let g = game(
        "modiar",
        r#"{"board":[2,0,0,0,0,0],"to_move":"south","ply":9}"#,
    );
    assert_eq!(legal(&g), ["1"]);
}

#[test]
fn modiar_singletons_may_not_be_moved() {
    let g = game(
        "modiar",
        r#"{"board":[1,2,1,2,2,2],"to_move":"south","ply":2}"#,
    );
    assert_eq!(legal(&g), ["2"]);
    // Only singletons: no legal move, game over; own rows 3 and 6.
    let g = game(
        "modiar",
        r#"{"board":[1,1,1,2,2,2],"to_move":"south","ply":2}"#,
    );
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.score.south, o.score.north, o.winner),
        (3, 6, Some(Side::North))
    );
}

// ---------------------------------------------------------------- Tihbat

#[test]
fn tihbat_single_seed_goes_back() {
    // South 1 (hole 0, 1 seed): origin first puts it straight back. Only the turn
    // changes.
    let mut g = game("tihbat", r#"{"board":[1,0,3,2],"to_move":"south"}"#);
    assert_eq!(legal(&g), ["1"]);
    play(&mut g, "1");
    let l = line(&g);
    assert_eq!(l.board, [1, 0, 3, 2]);
    assert_eq!((l.to_move, l.ply, l.over), (Side::North, 1, false));
}

#[test]
fn tihbat_chain_stays_on_the_movers_side() {
    // South 2 (hole 1, 4 seeds): 1 back into 1, then 2, 3, 0: [2,1|1,2]. Last hole 0
    // (South's) holds 2: taken. The hole before it on the path is 3, North's: the
    // chain stops there although it holds 2.
    let mut g = game("tihbat", r#"{"board":[1,4,0,1],"to_move":"south"}"#);
    play(&mut g, "2");
    assert_eq!(line(&g).board, [0, 1, 1, 2]);
    assert_eq!(line(&g).captured.south, 2);
    // South 1 (hole 0, 6 seeds): 1 back, then 1,2,3,0,1: [2,2|2,2]... hole 2 and 3
    // had 1: [2,2|2,2]. Last hole 1 holds 2: taken; before it hole 0 holds 2: taken;
    // before it hole 3 is North's: stop. South takes 4.
    let mut g = game("tihbat", r#"{"board":[6,0,1,1],"to_move":"south"}"#);
    play(&mut g, "1");
    assert_eq!(line(&g).board, [0, 0, 2, 2]);
    assert_eq!(line(&g).captured.south, 4);
}

#[test]
fn tihbat_last_seed_in_the_opponents_row_never_captures() {
    // South 1 (hole 0, 3): 1 back, then 1, 2: [1,1|2,2]; hole 2 holds 2 but is North's.
    let mut g = game("tihbat", r#"{"board":[3,0,1,2],"to_move":"south"}"#);
    play(&mut g, "1");
    assert_eq!(line(&g).board, [1, 1, 2, 2]);
    assert_eq!(line(&g).captured.south, 0);
}

#[test]
fn tihbat_pass_and_even_split_on_repetition() {
    // South's holes are empty: `pass` is the only move; a pass counts as a ply.
    let mut g = game(
        "tihbat",
        r#"{"board":[0,0,2,2],"to_move":"south","captured":[10,14]}"#,
    );
    assert_eq!(legal(&g), ["pass"]);
    let err = g.play_notation("1").unwrap_err();
    assert_eq!(err.legal, ["pass"]);
    play(&mut g, "pass");
    assert_eq!((line(&g).ply, line(&g).to_move), (1, Side::North));
    // [1,0|1,0]: South 1 puts its seed back, North 1 (hole 2) too: the start again,
    // South to move: repetition. The 2 seeds on the board are split 1 and 1.
    let mut g = game(
        "tihbat",
        r#"{"board":[1,0,1,0],"to_move":"south","captured":[12,14]}"#,
    );
    play(&mut g, "1 1");
    let r = line(&g).result.unwrap();
    assert_eq!(r.end, "repetition");
    assert_eq!((r.score.south, r.score.north), (13, 15));
    assert_eq!(line(&g).captured, goobalay::BySide::new(12, 14));
}

#[test]
fn tihbat_all_captured() {
    // An empty board is over: every seed has been captured.
    let g = game(
        "tihbat",
        r#"{"board":[0,0,0,0],"to_move":"north","captured":[16,12]}"#,
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.end, EndReason::AllCaptured);
    assert_eq!(
        (o.score.south, o.score.north, o.winner),
        (16, 12, Some(Side::South))
    );
}

// ---------------------------------------------------------------- Sadeqa

#[test]
fn sadeqa_capture_leaves_the_landing_seed() {
    // South 3 (hole 2, 1 seed) -> hole 3, empty, own row; opposite 15-3 = 12 holds 5:
    // South takes the 5; the last seed stays in hole 3.
    let json = r#"{"board":[1,0,1,0,0,0,0,0,0,0,0,0,5,0,0,2],"to_move":"south"}"#;
    for v in ["sadeqa-iii", "sadeqa-91"] {
        let mut g = game(v, json);
        play(&mut g, "3");
        let l = line(&g);
        assert_eq!(l.board, [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(l.captured.south, 5);
    }
}

#[test]
fn sadeqa_no_moves_gives_the_board_to_the_last_mover() {
    // South 1 (hole 0, 2) -> 1, 2: hole 2 empty, own row, opposite 13 empty: nothing.
    // North has no seeds: over; every seed on the board (3) goes to South, who moved
    // last: South 3 + 1 = 4, North 6.
    let json = r#"{"board":[2,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0],"to_move":"south","captured":[1,6]}"#;
    let mut g = game("sadeqa-iii", json);
    play(&mut g, "1");
    let r = line(&g).result.unwrap();
    assert_eq!(
        (r.end.as_str(), r.score.south, r.score.north),
        ("no-moves", 4, 6)
    );
    // A given position that is already over: the board goes to the player not to move.
    let json = r#"{"board":[2,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0],"to_move":"north","captured":[1,6]}"#;
    let g = game("sadeqa-91", json);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.score.south, o.score.north, o.winner),
        (4, 6, Some(Side::North))
    );
}

#[test]
fn sadeqa_repetition_gives_each_their_own_row() {
    // [0,1,1,0,0,0,1,0 | 0,0,0,0,0,1,0,1], South to move (moves found by a search):
    // S2 N6 S4 N8 S8 N2 S6 N4: eight moves of one or two seeds that never land in an empty hole
    // of the mover's row opposite seeds, and the start comes back, South to move.
    // Repetition: each takes their own row (not the last mover): South holes 1,2,6
    // = 3, North holes 13,15 = 2.
    let json = r#"{"board":[0,1,1,0,0,0,1,0,0,0,0,0,0,1,0,1],"to_move":"south"}"#;
    let mut g = game("sadeqa-iii", json);
    play(&mut g, "2 6 4 8 8 2 6");
    assert!(!g.is_over());
    play(&mut g, "4");
    let l = line(&g);
    assert_eq!(l.board, [0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1]);
    let r = l.result.unwrap();
    assert_eq!(r.end, "repetition");
    assert_eq!((r.score.south, r.score.north), (3, 2));
}

// ---------------------------------------------------------------- positions

#[test]
fn positions_are_refused_with_clear_errors() {
    let err = |v: &str, json: &str| Game::from_json(json, rules(v)).unwrap_err();
    assert_eq!(
        err("layli-goobalay", r#"{"board":[4,4,4],"to_move":"south"}"#),
        SetupError::HoleCount {
            got: 3,
            expected: 12,
            per_row: 6
        }
    );
    let e = err("modiar", r#"{"board":[1,2,-3,4,5,6],"to_move":"south"}"#);
    assert_eq!(
        e.to_string(),
        "position has -3 seeds in hole 2; allowed: 0 to 65535"
    );
    let e = err(
        "tampoduo",
        r#"{"board":[4,4,4,4,4,4,4,4,4,4,4,4],"to_move":"south",
        "uur":[null,"south",null,null,null,null,null,null,null,null,null,null]}"#,
    );
    assert_eq!(e, SetupError::UurNotInVariant { hole: 1 });
    let e = err("tihbat", r#"{"board":[7,7,7,6],"to_move":"south"}"#);
    assert_eq!(e, SetupError::OddSeedsForEvenSplit { total: 27 });
    assert!(e.to_string().contains("even"));
    let e = err("tihbat", r#"{"board":[7,7,7,7]}"#);
    assert_eq!(e, SetupError::NoSideToMove);
    let e = err(
        "tihbat",
        r#"{"board":[7,7,7,7],"to_move":"south","colour":1}"#,
    );
    assert!(e.to_string().contains("unknown field `colour`"), "{e}");
    let e = err("tihbat", r#"{"board":[7,7,7,7],"to_move":"east"}"#);
    assert!(matches!(e, SetupError::Parse(_)), "{e}");
}

#[test]
fn a_trace_line_is_accepted_back_as_a_position() {
    let mut g = Game::new(rules("layli-goobalay"), Side::North);
    play(&mut g, "2 5");
    let text = serde_json::to_string(&line(&g)).unwrap();
    let back = Game::from_json(&text, rules("layli-goobalay")).unwrap();
    assert_eq!(line(&back), line(&g));
}

// ---------------------------------------------------------------- rule files

#[test]
fn custom_rule_files_are_validated() {
    let bad = |toml_text: &str| {
        Variant::from_file_text(toml_text, false)
            .unwrap_err()
            .to_string()
    };
    let base = toml::to_string(&Variant::preset("tihbat").unwrap().to_file()).unwrap();
    assert!(
        bad(&base.replace("holes_per_row = 2", "holes_per_row = 0"))
            .contains("holes_per_row is 0; allowed: 1 to 16")
    );
    assert!(
        bad(&base.replace("holes_per_row = 2", "holes_per_row = 17")).contains("allowed: 1 to 16")
    );
    assert!(
        bad(&base.replace("seeds_per_hole = 7", "seeds_per_hole = 0"))
            .contains("seeds_per_hole is 0")
    );
    assert!(
        bad(&base.replace("counts = [2, 4, 6, 8]", "counts = []"))
            .contains("capture.counts is empty")
    );
    assert!(bad(&format!("extra = 1\n{base}")).contains("unknown field `extra`"));
    assert!(
        bad(&base.replace("sowing = \"single-lap\"", "sowing = \"relay\"")).contains("single-lap")
    );
    assert!(
        bad(&base.replace("sowing = \"single-lap\"", "sowing = \"spiral\"")).contains("spiral")
    );
    let no_name: String = base
        .lines()
        .filter(|l| !l.starts_with("name"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        bad(&no_name).contains("missing field `name`"),
        "{}",
        bad(&no_name)
    );
    // A good custom set plays: Tihbat on a 2x3 board.
    let v = Variant::from_file_text(
        &base
            .replace("holes_per_row = 2", "holes_per_row = 3")
            .replace("name = \"tihbat\"", "name = \"tihbat-3\""),
        false,
    )
    .unwrap();
    assert_eq!(v.name, "tihbat-3");
    let g = Game::new(v.rules, Side::South);
    assert_eq!(legal(&g), ["1", "2", "3"]);
}
