//! The FIDE Dutch pairing (goobalay::tournament::dutch): the worked
//! examples of bbpPairings' 2025-rules tests, written out here, and small rounds
//! checked by hand and against bbpPairings. Histories are written one token per round: `4w1` (against pairing
//! number 4, South (White), won; `=` a draw, `0` a loss), `U` the
//! pairing-allocated bye, `-` not paired.

use goobalay::engine::Side;
use goobalay::tournament::dutch::{DutchInput, DutchPlayer, NoLegalPairing, RoundRecord, pair};
use goobalay::tournament::{
    Entrant, Fixture, Format, Pairing, PairingSystem, Points, PointsScheme, Tournament,
    TournamentError, TournamentSetup,
};

/// Players in pairing-number order; `active[i]`: paired this round.
fn input(histories: &[&str], active: &[bool], total_rounds: u32) -> DutchInput {
    let points = PointsScheme::default();
    let players = histories
        .iter()
        .enumerate()
        .map(|(i, h)| DutchPlayer {
            id: i as i64 + 1,
            rank: i,
            history: h
                .split_whitespace()
                .map(|tok| match tok {
                    "-" => RoundRecord::Absent,
                    "U" => RoundRecord::Bye { points: points.bye },
                    _ => {
                        let colour = tok.find(['w', 'b']).expect("w or b");
                        let opponent: usize = tok[..colour].parse().unwrap();
                        let side = if &tok[colour..=colour] == "w" {
                            Side::South
                        } else {
                            Side::North
                        };
                        let points = match &tok[colour + 1..] {
                            "1" => points.win,
                            "=" => points.draw,
                            _ => points.loss,
                        };
                        RoundRecord::Played {
                            opponent: opponent - 1,
                            side,
                            points,
                        }
                    }
                })
                .collect(),
            active: active[i],
            virtual_points: Vec::new(),
        })
        .collect::<Vec<_>>();
    let played_rounds = players[0].history.len() as u32;
    DutchInput {
        players,
        played_rounds,
        total_rounds,
        points,
        initial_side: Side::South,
    }
}

/// The round as `(south, north)` pairing numbers in board order, and the bye.
fn paired(i: &DutchInput) -> (Vec<(usize, usize)>, Option<usize>) {
    let r = pair(i).expect("a legal pairing");
    (
        r.boards.iter().map(|&(s, n)| (s + 1, n + 1)).collect(),
        r.bye.map(|b| b + 1),
    )
}

#[test]
fn bbppairings_2025_c5_bye_goes_to_the_lowest_score_group() {
    // bbpPairings test dutch_2025_C5: player 4 sits out round 3.
    let i = input(
        &[
            "4w1 2b1", "5b1 1w0", "6w1 4b1", "1b0 3w0", "2w0 6b1", "3b0 5w0",
        ],
        &[true, true, true, false, true, true],
        3,
    );
    assert_eq!(paired(&i), (vec![(1, 5), (3, 2)], Some(6)));
}

#[test]
fn bbppairings_2025_c9_bye_goes_to_a_player_who_has_played() {
    // bbpPairings test dutch_2025_C9: player 5 missed round 1 (no game, no
    // points), so among the 0-point players the bye goes to one who played.
    let i = input(&["3w1", "4b1", "1b0", "2w0", "-"], &[true; 5], 3);
    assert_eq!(paired(&i), (vec![(2, 1), (3, 5)], Some(4)));
}

#[test]
fn round_one_pairs_top_half_against_bottom_half_alternating_colours() {
    let i = input(&[""; 6], &[true; 6], 5);
    assert_eq!(paired(&i), (vec![(1, 4), (5, 2), (3, 6)], None));
    // Odd: the lowest-ranked player has the bye.
    let i = input(&[""; 5], &[true; 5], 5);
    assert_eq!(paired(&i), (vec![(1, 3), (4, 2)], Some(5)));
}

#[test]
fn colours_follow_preference_then_rank() {
    // Round 1: 1-3 and 4-2, South won both. The winners both had South, so both
    // prefer North: the higher-ranked (1) gets it. The losers both had North: 2
    // gets South.
    let i = input(&["3w1", "4b0", "1b0", "2w1"], &[true; 4], 3);
    assert_eq!(paired(&i), (vec![(4, 1), (2, 3)], None));
    // Round 1: 1-3 (South won) and 4-2 (North won): opposite preferences in
    // both brackets, both granted.
    let i = input(&["3w1", "4b1", "1b0", "2w0"], &[true; 4], 3);
    assert_eq!(paired(&i), (vec![(2, 1), (3, 4)], None));
}

#[test]
fn the_bye_comes_from_the_lowest_score_before_the_top_bracket_is_kept_whole() {
    // Round 1 of five: 1 beat 3, 4-2 drawn, 5 had the bye. Pairing 1-5 would
    // leave 2 and 4 (who have met) to float, one of them onto the bye at 0.5;
    // the Dutch rules (C5 before C6) give the bye to 3 (0 points) and float 1
    // and 5 down instead. Checked against bbpPairings.
    let i = input(&["3w1", "4b=", "1b0", "2w=", "U"], &[true; 5], 4);
    assert_eq!(paired(&i), (vec![(2, 1), (5, 4)], Some(3)));
}

#[test]
fn no_pairing_without_a_rematch_is_refused_with_the_round() {
    let mut setup = TournamentSetup::new("Two", "layli-goobalay", Format::Swiss);
    setup.rounds = Some(2);
    for id in 1..=2 {
        setup.entrants.push(Entrant {
            id,
            name: format!("P{id}"),
            rating: 1500.0,
            withdrawn_after: None,
            start_rank: id as u32,
        });
    }
    let mut t = Tournament::new_checked(setup.clone()).unwrap();
    let r1 = t.next_round().unwrap();
    assert_eq!(r1.len(), 1);
    setup.fixtures.extend(r1.into_iter().map(|p| Fixture {
        pairing: p,
        result: Some(goobalay::tournament::MatchResult {
            decision: goobalay::tournament::Decision::Draw,
            seeds: goobalay::engine::BySide::new(24, 24),
            forfeit: None,
        }),
    }));
    t = Tournament::new_checked(setup.clone()).unwrap();
    let err = t.next_round().unwrap_err();
    assert_eq!(err, TournamentError::NoLegalPairing { round: 2 });
    assert!(
        err.to_string().starts_with("round 2 cannot be paired"),
        "{err}"
    );
    // goobalay's first Swiss relaxes the rule instead: old records still pair.
    setup.pairing_system = PairingSystem::GoobalaySwiss1;
    let t = Tournament::new_checked(setup).unwrap();
    let again: Vec<Pairing> = t.next_round().unwrap();
    assert_eq!(again.len(), 1);
    let _ = Points::ZERO;
}

/// Six players after two rounds: 1 and 2 won both games with South (White), so
/// both must have North (Black) next (colour difference +2: absolute); 5 and 6
/// had North twice and must have South; 3 and 4 have no absolute preference.
/// Every pair but 1-2, 1-3, 1-6, 2-3, 2-4, 3-5, 4-5, 4-6 has met, and 5-6
/// (both must have South) may never meet (C3).
const TWO_LEADERS_BOTH_DUE_NORTH: [&str; 6] = [
    "4w1 5w1", "5w1 6w1", "6w= 4b=", "1b0 3w=", "2b0 1b0", "3b= 2b0",
];

#[test]
fn last_round_top_scorers_may_meet_with_the_same_absolute_colour() {
    // Round 3 of 3: 1 and 2 (2 of 2 points, over half the maximum) are top
    // scorers, for whom C3 does not hold in the final round: they meet.
    // Colours: same absolute preference and colour difference, identical
    // histories, so the higher-ranked player (1) has North (E.4). 3 (1 point)
    // cannot meet 4 or 6 again and floats to 5; 5's absolute South beats 3's
    // mild one (E.2); 6 (absolute South) and 4 (mild North) both get theirs.
    // Checked against bbpPairings.
    let i = input(&TWO_LEADERS_BOTH_DUE_NORTH, &[true; 6], 3);
    assert_eq!(paired(&i), (vec![(2, 1), (5, 3), (6, 4)], None));
}

#[test]
fn before_the_last_round_players_due_the_same_colour_never_meet() {
    // The same position with a round still to come: 1 and 2 are not top
    // scorers, may not meet, and both float. 3 takes one of them: with 1, the
    // 0.5-point group {2, 4, 6} would leave 2 or 6 to float onto 5, whom 2 has
    // met and 6 may not meet (C3); so 3 plays 2, 1 plays 6 and 4 plays 5.
    // Checked against bbpPairings.
    let i = input(&TWO_LEADERS_BOTH_DUE_NORTH, &[true; 6], 4);
    assert_eq!(paired(&i), (vec![(3, 2), (6, 1), (5, 4)], None));
}

#[test]
fn the_top_scorer_exception_does_not_pair_a_last_round_without_a_legal_pairing() {
    // Four players, each leader has beaten both trailers with South. In the
    // final round 1 and 2 (top scorers) may meet, but then 3 and 4, both due
    // South and not top scorers, would have to meet too (C3): no legal pairing,
    // and the round is refused (bbpPairings refuses it as well), in the final
    // round and before it.
    let four = ["3w1 4w1", "4w1 3w1", "1b0 2b0", "2b0 1b0"];
    for total_rounds in [3, 4] {
        let i = input(&four, &[true; 4], total_rounds);
        assert_eq!(pair(&i), Err(NoLegalPairing), "{total_rounds} rounds");
    }
}
