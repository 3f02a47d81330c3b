//! The review of a played match (issue 37): every move of every hand, and every
//! rearrangement between the hands of a multi-hand match, valued with the engine,
//! each with the best choice found and the seeds the choice made lost.
//!
//! The review rule (marks, accuracy: [`Mark`], [`Summary`], the thresholds such as
//! [`BLUNDER_SEEDS`]) is pure arithmetic; [`review_match`]
//! does the engine's work, on a match in memory (the application layer reads it,
//! calls this outside any transaction and stores the result,
//! `app::reviews`).
//!
//! **A move** is valued by the engine's analysis of the position before it
//! ([`Searcher::analyse`]: every legal move searched with a full window under one
//! node budget, exact where the search reaches the end of the game or the engine
//! has the position's exact value): the position's value is the best move's, the
//! loss the best move's value minus the played move's.
//!
//! **Exact values** replace the search's where the engine has them
//! (`ai::exact::exact_values`): every position of Tihbat and Modiar, and the
//! positions of Layli Goobalay and Tampoduo with few seeds left on the board (their
//! endgame tables), each table made once per process on first use (the binary
//! keeps a finished endgame table in a cache folder for the next process). In a debug
//! build (the tests) only small tables are made (`ai::exact::ON_DEMAND_POSITIONS`):
//! Modiar's from its setup is left out there, and the endgame tables hold fewer
//! seeds; the values they give are the same. A value whose table search would pass
//! [`EXACT_NODES`] is searched as before.
//!
//! **A rearrangement** is valued against the rows the engine players consider
//! (`ai::arrange::candidates`: the even spread, the surplus piled in each hole, seeded
//! random rows; and the row chosen), each by a search of the starting position it
//! gives, from the arranger's side, as the arranger saw it: the second arranger
//! against the row the first placed, the first against an evenly spread opponent
//! (they place without seeing it, as the engine players assume). The loss is the
//! best row's value minus the chosen row's: "the best one found", not a proof.

pub(crate) mod rule;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::ai::ArrangeRequest;
use crate::ai::arrange;
use crate::ai::exact;
use crate::ai::search::SCALE;
use crate::ai::search::{Limits, Searcher, terminal_value};
use crate::ai::solve::SolveLimits;
use crate::engine::{Game, Side};
use crate::matches::MatchState;

pub use rule::{
    ACCURACY_HALVING_SEEDS, BLUNDER_SEEDS, INACCURACY_SEEDS, MISTAKE_SEEDS, Mark, Summary, seeds,
};

/// How many rows a rearrangement is compared with (the chosen one besides).
pub(crate) const ARRANGEMENT_CANDIDATES: usize = 12;

/// Node budget of one position's exact search within a table (a repetition
/// history can leave a table's bounds apart): past it the position is searched as
/// where no table is.
pub const EXACT_NODES: u64 = 1_000_000;

/// The exact values of `game` and its moves in seeds, where a table gives them
/// within [`EXACT_NODES`].
fn exact_solution(game: &Game) -> Option<crate::ai::solve::Solution> {
    let limits = SolveLimits {
        nodes: EXACT_NODES,
        ..SolveLimits::default()
    };
    exact::exact_values(game, &limits, exact::ON_DEMAND_POSITIONS)
}

/// The exact values of `game`'s moves, in eighths of a seed from the mover's side,
/// where a table gives them.
fn exact_moves(game: &Game) -> Option<Vec<(crate::engine::Move, i32)>> {
    let solution = exact_solution(game)?;
    Some(
        solution
            .moves
            .into_iter()
            .map(|(m, v)| (m, v * SCALE))
            .collect(),
    )
}

/// What a decision was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DecisionKind {
    /// A move on the board (a hole number, or `pass`).
    Move,
    /// A rearrangement between hands (seeds per hole, own left to right).
    Arrangement,
}

impl DecisionKind {
    pub fn name(self) -> &'static str {
        match self {
            DecisionKind::Move => "move",
            DecisionKind::Arrangement => "arrangement",
        }
    }

    pub fn parse(text: &str) -> Option<DecisionKind> {
        match text {
            "move" => Some(DecisionKind::Move),
            "arrangement" => Some(DecisionKind::Arrangement),
            _ => None,
        }
    }
}

/// One decision of a match, valued. Values are in eighths of a seed
/// ([`crate::ai::search::SCALE`]), from the decider's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The hand it was made in (an arrangement: the hand it set up).
    pub hand: u32,
    pub player: Side,
    pub kind: DecisionKind,
    /// What was played: a move's notation, or an arrangement's row (`3,1,1,1,2,4`).
    pub played: String,
    /// The best choice found, in the same notation (the played one where it is as good).
    pub best: String,
    pub played_value: i32,
    /// The position's value: the best choice's.
    pub best_value: i32,
    /// How many choices there were (1: a forced move, left out of the figures).
    pub choices: u32,
    /// Both values are exact (the game's value under perfect play), not estimates.
    pub exact: bool,
}

impl Decision {
    /// The seeds the choice lost, in eighths (never negative).
    pub fn loss(&self) -> i32 {
        (self.best_value - self.played_value).max(0)
    }

    pub fn mark(&self) -> Option<Mark> {
        if self.forced() {
            None
        } else {
            rule::mark(self.loss())
        }
    }

    /// The only legal choice.
    pub fn forced(&self) -> bool {
        self.choices <= 1
    }
}

/// A match's decisions in order, hand by hand (a hand's arrangements before its moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// [`crate::ai::ENGINE_VERSION`] of the engine that valued them.
    pub engine_version: i64,
    /// The effort: search nodes per position valued.
    pub nodes: u64,
    pub decisions: Vec<Decision>,
}

impl Review {
    /// `side`'s figures over the decisions that had a choice (a forced move, the
    /// only legal one, says nothing of the player).
    pub fn summary(&self, side: Side) -> Summary {
        rule::summary(
            self.decisions
                .iter()
                .filter(|d| d.player == side && !d.forced())
                .map(Decision::loss),
        )
    }

    /// Hand `hand`'s move decisions, in the order played.
    pub fn moves_of(&self, hand: u32) -> impl Iterator<Item = &Decision> {
        self.decisions
            .iter()
            .filter(move |d| d.hand == hand && d.kind == DecisionKind::Move)
    }

    /// The value of hand `hand` before each of its moves, from South's side, in
    /// eighths of a seed.
    pub fn south_values(&self, hand: u32) -> Vec<i32> {
        self.moves_of(hand)
            .map(|d| match d.player {
                Side::South => d.best_value,
                Side::North => -d.best_value,
            })
            .collect()
    }
}

/// Reviews every decision of `state` (a match as played) with `nodes` search nodes
/// per position, telling `progress` the decisions valued and the decisions to value.
/// Hands entered as results have no decisions.
pub fn review_match(state: &MatchState, nodes: u64, mut progress: impl FnMut(u32, u32)) -> Review {
    let rules = state.spec().rules;
    let holes = rules.holes_per_row;
    let total: u32 = state
        .hands()
        .iter()
        .map(|h| {
            h.moves.len() as u32
                + h.first_arranger.map_or(0, |_| {
                    h.arrangement.south.is_some() as u32 + h.arrangement.north.is_some() as u32
                })
        })
        .sum();
    let mut done = 0;
    let mut searcher = Searcher::new(nodes);
    let mut decisions = Vec::with_capacity(total as usize);
    for hand in state.hands() {
        if let Some(first) = hand.first_arranger {
            for side in [first, !first] {
                let Some(row) = &hand.arrangement[side] else {
                    continue;
                };
                let request = ArrangeRequest {
                    rules,
                    side,
                    seeds: row.iter().map(|&s| u32::from(s)).sum(),
                    opponent_row: if side == first {
                        None
                    } else {
                        hand.arrangement[first].clone()
                    },
                    kept: hand.kept,
                    first_mover: hand.first_mover,
                };
                // Seeded by the hand and side, so a review is the same every time.
                let seed = u64::from(hand.number) * 2 + side.index() as u64;
                decisions.extend(arrangement_decision(
                    &request,
                    row,
                    hand.number,
                    &mut searcher,
                    nodes,
                    seed,
                ));
                done += 1;
                progress(done, total);
            }
        }
        let Some(mut game) = state.hand_start_game(hand.number) else {
            continue;
        };
        for &played in &hand.moves {
            if game.is_over() {
                break;
            }
            let (moves, exact) = match exact_moves(&game) {
                Some(moves) => (moves, true),
                None => {
                    let analysis = searcher.analyse(&game, &Limits::nodes(nodes));
                    (analysis.moves, analysis.exact)
                }
            };
            let played_value = moves
                .iter()
                .find(|(m, _)| *m == played)
                .map_or(i32::MIN / 2, |&(_, v)| v);
            let (best, best_value) =
                moves
                    .iter()
                    .fold((played, played_value), |(bm, bv), &(m, v)| {
                        if v > bv { (m, v) } else { (bm, bv) }
                    });
            decisions.push(Decision {
                hand: hand.number,
                player: game.to_move(),
                kind: DecisionKind::Move,
                played: played.notation(holes),
                best: best.notation(holes),
                played_value,
                best_value,
                choices: moves.len() as u32,
                exact,
            });
            if game.play(played).is_err() {
                break;
            }
            done += 1;
            progress(done, total);
        }
    }
    Review {
        engine_version: crate::ai::ENGINE_VERSION,
        nodes,
        decisions,
    }
}

/// `row` against the candidate rows, each valued by a search of the start it gives
/// (`None`: the start `row` gives cannot be set up as the arranger saw it).
fn arrangement_decision(
    request: &ArrangeRequest,
    row: &[u16],
    hand: u32,
    searcher: &mut Searcher,
    nodes: u64,
    seed: u64,
) -> Option<Decision> {
    let holes = request.rules.holes_per_row as usize;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rows = vec![row.to_vec()];
    for candidate in arrange::candidates(request.seeds, holes, ARRANGEMENT_CANDIDATES, &mut rng) {
        if !rows.contains(&candidate) {
            rows.push(candidate);
        }
    }
    let mut valued = Vec::with_capacity(rows.len());
    let mut exact = true;
    for candidate in &rows {
        let Some(game) = arrange::starting_game(request, candidate) else {
            continue;
        };
        let (value, is_exact) = value_for(&game, request.side, searcher, nodes);
        exact &= is_exact;
        valued.push((candidate, value));
    }
    let text = |r: &[u16]| r.iter().map(u16::to_string).collect::<Vec<_>>().join(",");
    let played_value = valued
        .iter()
        .find(|(r, _)| r.as_slice() == row)
        .map(|&(_, v)| v)?;
    let (best, best_value) = valued
        .iter()
        .fold((row, played_value), |(br, bv), &(r, v)| {
            if v > bv { (r.as_slice(), v) } else { (br, bv) }
        });
    Some(Decision {
        hand,
        player: request.side,
        kind: DecisionKind::Arrangement,
        played: text(row),
        best: text(best),
        played_value,
        best_value,
        choices: valued.len() as u32,
        exact,
    })
}

/// The value of `game` for `side` by a search of `nodes` nodes, and whether it is exact.
fn value_for(game: &Game, side: Side, searcher: &mut Searcher, nodes: u64) -> (i32, bool) {
    let (v, exact) = match game.outcome() {
        Some(o) => (terminal_value(&o, game.to_move()), true),
        None => match exact_solution(game) {
            Some(solution) => (solution.value * SCALE, true),
            None => {
                let report = searcher.search(game, &Limits::nodes(nodes), None);
                (report.value, report.exact)
            }
        },
    };
    (if game.to_move() == side { v } else { -v }, exact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::ai::exact::ExactTable;
    use crate::engine::{BySide, Variant};
    use crate::matches::{MatchForm, MatchSpec};

    /// A finished single-game engine match of `variant`.
    fn engine_game(variant: &str, seed: u64) -> MatchState {
        let variant = Variant::preset(variant).expect("a preset");
        let spec = MatchSpec::new(&variant, MatchForm::Single, None, Side::South).expect("a spec");
        let mut state = MatchState::new(spec);
        state.play_engines(BySide::new(Some(Level::Medium), Some(Level::Easy)), seed);
        assert!(state.is_over());
        state
    }

    /// The exact values of `game`'s moves, by a table of its own (as `solve` makes it).
    fn solved(game: &Game) -> crate::ai::solve::Solution {
        let mut table = ExactTable::new(game.position()).expect("a table");
        table.extend(&ExactTable::roots_for(game.position()), &mut |_| true);
        table
            .solve(game, &SolveLimits::default(), true)
            .expect("no budget")
    }

    /// Checks the review's move decisions of hand 1 of `state` that `in_table`
    /// admits against `solve`'s exact values; returns how many.
    fn check_exact(state: &MatchState, review: &Review, in_table: impl Fn(&Game) -> bool) -> usize {
        let mut game = state.hand_start_game(1).expect("hand 1");
        let mut checked = 0;
        for (decision, &played) in review.moves_of(1).zip(&state.hands()[0].moves) {
            if in_table(&game) {
                let solution = solved(&game);
                let value_of = |m| solution.moves.iter().find(|x| x.0 == m).unwrap().1 * SCALE;
                assert!(decision.exact, "{decision:?}");
                assert_eq!(decision.best_value, solution.value * SCALE, "{decision:?}");
                assert_eq!(decision.played_value, value_of(played), "{decision:?}");
                checked += 1;
            }
            game.play(played).expect("a recorded move");
        }
        checked
    }

    /// Every Tihbat move is valued from the exact table, whatever the effort: its
    /// value and the played move's are `solve`'s (at 300 nodes the search alone is
    /// not exact in the opening).
    #[test]
    fn tihbat_moves_are_valued_exactly() {
        let state = engine_game("tihbat", 3);
        let review = review_match(&state, 300, |_, _| {});
        let moves = state.hands()[0].moves.len();
        assert_eq!(check_exact(&state, &review, |_| true), moves);
    }

    /// Tampoduo's moves with few seeds left on the board are valued from its endgame
    /// table (in a debug build the small one), exactly as `solve` values them.
    #[test]
    fn tampoduo_endgame_moves_are_valued_exactly() {
        let seeds = exact::endgame_seeds(
            &crate::engine::Rules::tampoduo(),
            exact::ON_DEMAND_POSITIONS,
        )
        .expect("Tampoduo has an endgame table");
        let mut checked = 0;
        for seed in 1..=4 {
            let state = engine_game("tampoduo", seed);
            let review = review_match(&state, 300, |_, _| {});
            checked += check_exact(&state, &review, |game| {
                game.position()
                    .board()
                    .iter()
                    .map(|&s| s as usize)
                    .sum::<usize>()
                    <= seeds
            });
        }
        assert!(checked >= 3, "only {checked} endgame moves");
    }
}
