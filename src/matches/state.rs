//! The match state machine (`MatchState`): events applied, hands ended, the match decided.

use super::hands::ordinary_hand;
use super::{
    Absent, Awaiting, Closing, Event, Hand, HandEnd, MatchError, MatchOutcome, MatchSpec,
    ResultRefusal, hand_events,
};
use crate::ai::ArrangeRequest;
use crate::engine::{BySide, Game, HandOpener, Move, PlayError, Rules, Setup, Side};

/// A match in progress or finished: the hands so far and the current game.
#[derive(Clone, Debug)]
pub struct MatchState {
    pub(super) spec: MatchSpec,
    pub(super) hands: Vec<Hand>,
    /// The current hand's game; `None` while its arrangement is awaited (or it was
    /// entered as a result without being set up).
    pub(super) game: Option<Game>,
    pub(super) outcome: Option<MatchOutcome>,
    pub(super) events: u32,
    /// Set when the match was forfeited or its whole result entered ([`MatchState::close`]).
    pub(super) closing: Option<Closing>,
}

impl MatchState {
    /// A new match: hand 1 from the ordinary setup.
    pub fn new(spec: MatchSpec) -> MatchState {
        let game = Game::new(spec.rules, spec.first);
        let hand = ordinary_hand(1, &game);
        MatchState {
            spec,
            hands: vec![hand],
            game: Some(game),
            outcome: None,
            events: 0,
            closing: None,
        }
    }

    /// Rebuilds a match from its events.
    pub fn replay(
        spec: MatchSpec,
        events: impl IntoIterator<Item = Event>,
    ) -> Result<MatchState, MatchError> {
        let mut state = MatchState::new(spec);
        for (i, event) in events.into_iter().enumerate() {
            state
                .apply(&event)
                .map_err(|e| MatchError::Replay(format!("event {}: {e}", i + 1)))?;
        }
        Ok(state)
    }

    pub fn spec(&self) -> &MatchSpec {
        &self.spec
    }

    pub fn hands(&self) -> &[Hand] {
        &self.hands
    }

    pub fn current_hand(&self) -> &Hand {
        self.hands.last().expect("a match has a hand")
    }

    /// The current hand's game, once set up.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    pub fn outcome(&self) -> Option<MatchOutcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The final seeds the hands give, as a match's result counts them: a `single` or
    /// `games:N` match the sum of its games' scores (0-0 before any has one), otherwise
    /// the last scored hand's score (`None`: no hand has one yet).
    pub fn counted_seeds(&self) -> Option<BySide<u32>> {
        let mut scores = self.hands.iter().filter_map(|h| h.score);
        if self.spec.form.games().is_some() {
            Some(scores.fold(BySide::new(0, 0), |a, s| {
                BySide::new(a.south + s.south, a.north + s.north)
            }))
        } else {
            scores.next_back()
        }
    }

    /// Events applied so far.
    pub fn event_count(&self) -> u32 {
        self.events
    }

    pub fn awaiting(&self) -> Awaiting {
        if self.outcome.is_some() {
            return Awaiting::None;
        }
        let hand = self.current_hand();
        match (&self.game, hand.first_arranger) {
            (Some(g), _) => Awaiting::Move(g.to_move()),
            (None, Some(first)) => {
                if hand.arrangement[first].is_none() {
                    Awaiting::Arrangement(first)
                } else {
                    Awaiting::Arrangement(!first)
                }
            }
            (None, None) => unreachable!("a hand without a game is a rearranged hand"),
        }
    }

    /// The seeds `side` must place now, if it is their arrangement.
    pub fn seeds_to_place(&self, side: Side) -> Option<u32> {
        match self.awaiting() {
            Awaiting::Arrangement(s) if s == side => {
                let hand = self.current_hand();
                let first = hand.first_arranger?;
                Some(hand.holdings[first])
            }
            _ => None,
        }
    }

    /// What an engine is asked when it must arrange.
    pub(crate) fn arrange_request(&self) -> Option<ArrangeRequest> {
        let Awaiting::Arrangement(side) = self.awaiting() else {
            return None;
        };
        let hand = self.current_hand();
        Some(ArrangeRequest {
            rules: self.spec.rules,
            side,
            seeds: self.seeds_to_place(side)?,
            opponent_row: hand.arrangement[!side].clone(),
            kept: hand.kept,
            first_mover: hand.first_mover,
        })
    }

    /// The events that rebuild this match, in order.
    pub fn events(&self) -> Vec<Event> {
        let mut out = Vec::with_capacity(self.events as usize);
        for hand in &self.hands {
            out.extend(hand_events(hand));
        }
        out
    }

    pub(super) fn over_error(&self) -> Option<MatchError> {
        self.outcome.map(|o| {
            MatchError::Over(match (self.closing, o) {
                (Some(Closing::Forfeit(Absent::Both)), _) => {
                    "forfeited by both players".to_string()
                }
                (Some(Closing::Forfeit(absent)), _) => {
                    format!("forfeited, {} absent", absent.name())
                }
                (Some(Closing::Void), _) => "void (annulled by a correction)".to_string(),
                (_, MatchOutcome::Winner(s)) => format!("{s} won"),
                (_, MatchOutcome::Draw) => "drawn".to_string(),
            })
        })
    }

    /// Reads a move in notation (`1..N` or `pass`) for the side to move now.
    pub fn parse_move(&self, text: &str) -> Result<Move, MatchError> {
        let awaiting = self.awaiting();
        let (Awaiting::Move(side), Some(game)) = (awaiting, &self.game) else {
            if let Some(e) = self.over_error() {
                return Err(e);
            }
            return Err(out_of_turn(awaiting, "a move"));
        };
        Move::parse(text, side, self.spec.rules.holes_per_row).map_err(|_| {
            let n = self.spec.rules.holes_per_row;
            MatchError::IllegalMove(PlayError {
                notation: text.trim().to_string(),
                legal: game.legal_moves().iter().map(|m| m.notation(n)).collect(),
                over: false,
            })
        })
    }

    /// Takes back the last move made by a human player (`humans[side]`), with every
    /// event after it (the engine replies). Returns the number of events taken back.
    pub(crate) fn undo_last_human_move(
        &mut self,
        humans: BySide<bool>,
    ) -> Result<usize, MatchError> {
        if let Some(e) = self.over_error() {
            return Err(e);
        }
        let events = self.events();
        let mut replay = MatchState::new(self.spec.clone());
        let mut last = None;
        for (i, event) in events.iter().enumerate() {
            if let (Event::Move(_), Awaiting::Move(side)) = (event, replay.awaiting())
                && humans[side]
            {
                last = Some(i);
            }
            replay.apply(event)?;
        }
        let Some(cut) = last else {
            return Err(MatchError::Spec(
                "there is no move of a human player to take back".to_string(),
            ));
        };
        *self = MatchState::replay(self.spec.clone(), events[..cut].iter().cloned())?;
        Ok(events.len() - cut)
    }

    /// Applies one event; on error the match is unchanged.
    pub fn apply(&mut self, event: &Event) -> Result<(), MatchError> {
        if let Some(e) = self.over_error() {
            return Err(e);
        }
        let awaiting = self.awaiting();
        match event {
            Event::Move(m) => {
                let Awaiting::Move(_) = awaiting else {
                    return Err(out_of_turn(awaiting, "a move"));
                };
                let game = self.game.as_mut().expect("awaiting a move");
                game.play(*m)?;
                self.events += 1;
                let hand = self.hands.last_mut().expect("hand");
                hand.moves.push(*m);
                if let Some(o) = game.outcome() {
                    hand.end = Some(HandEnd::Game(o.end));
                    hand.score = Some(o.score);
                    self.end_hand();
                }
            }
            Event::Arrange { side, row } => {
                let Awaiting::Arrangement(expected) = awaiting else {
                    return Err(out_of_turn(awaiting, "an arrangement"));
                };
                if *side != expected {
                    return Err(out_of_turn(awaiting, &format!("{side}'s arrangement")));
                }
                let seeds = self.seeds_to_place(*side).expect("arranging");
                check_row(&self.spec.rules, *side, row, seeds)?;
                self.events += 1;
                let hand = self.hands.last_mut().expect("hand");
                hand.arrangement[*side] = Some(row.clone());
                if let (Some(s), Some(n)) = (&hand.arrangement.south, &hand.arrangement.north) {
                    let board: Vec<i64> = s.iter().chain(n).map(|&x| x as i64).collect();
                    let setup = Setup {
                        board,
                        to_move: Some(hand.first_mover),
                        captured: Some([hand.kept.south as i64, hand.kept.north as i64]),
                        ..Setup::default()
                    };
                    let game = Game::from_setup(&setup, self.spec.rules)
                        .map_err(|e| MatchError::Arrangement(e.to_string()))?;
                    let over = game.outcome();
                    self.game = Some(game);
                    if let Some(o) = over {
                        let hand = self.hands.last_mut().expect("hand");
                        hand.end = Some(HandEnd::Game(o.end));
                        hand.score = Some(o.score);
                        self.end_hand();
                    }
                }
            }
            Event::Result(score) => {
                let hand = self.current_hand();
                let total = u64::from(hand.holdings.south) + u64::from(hand.holdings.north);
                // In u64: two huge u32 scores must not overflow.
                let sum = u64::from(score.south) + u64::from(score.north);
                if sum != total {
                    return Err(MatchError::Result(ResultRefusal::HandSum {
                        south: score.south,
                        north: score.north,
                        sum,
                        in_play: total,
                    }));
                }
                let floor = match &self.game {
                    Some(g) => g.position().captured(),
                    None => hand.kept,
                };
                for side in Side::BOTH {
                    if score[side] < floor[side] {
                        return Err(MatchError::Result(ResultRefusal::BelowHeld {
                            side,
                            held: floor[side],
                            score: score[side],
                        }));
                    }
                }
                self.events += 1;
                let hand = self.hands.last_mut().expect("hand");
                hand.end = Some(HandEnd::Entered);
                hand.score = Some(*score);
                self.end_hand();
            }
        }
        Ok(())
    }

    /// The current hand has just ended: decide the match or set up the next hand.
    fn end_hand(&mut self) {
        let hand = self.current_hand().clone();
        let score = hand.score.expect("ended hand has a score");
        match self.spec.form.games() {
            Some(n) => {
                if hand.number >= n {
                    self.outcome = Some(games_outcome(&self.hands));
                    return;
                }
                let first = self
                    .spec
                    .first_mover_of_game(hand.number + 1)
                    .expect("a games form");
                let game = Game::new(self.spec.rules, first);
                self.hands.push(ordinary_hand(hand.number + 1, &game));
                self.game = Some(game);
            }
            None => {
                let t = self.spec.threshold();
                let low = |s: Side| score[s] < t;
                if low(Side::South) || low(Side::North) {
                    self.outcome = Some(if low(Side::South) && low(Side::North) {
                        by_more(score)
                    } else if low(Side::South) {
                        MatchOutcome::Winner(Side::North)
                    } else {
                        MatchOutcome::Winner(Side::South)
                    });
                    return;
                }
                if self.spec.max_hands.is_some_and(|m| hand.number >= m) {
                    self.outcome = Some(by_more(score));
                    return;
                }
                let first = match score.south.cmp(&score.north) {
                    std::cmp::Ordering::Less => Side::South,
                    std::cmp::Ordering::Greater => Side::North,
                    std::cmp::Ordering::Equal => !hand.first_mover,
                };
                let mut kept = BySide::new(0, 0);
                kept[!first] = score[!first] - score[first];
                let first_mover = match self.spec.rules.hand_opener {
                    HandOpener::Arranger => first,
                    HandOpener::Other => !first,
                    HandOpener::Alternate => !hand.first_mover,
                };
                self.hands.push(Hand {
                    number: hand.number + 1,
                    first_mover,
                    holdings: score,
                    kept,
                    arrangement: BySide::default(),
                    first_arranger: Some(first),
                    moves: Vec::new(),
                    end: None,
                    score: None,
                });
                self.game = None;
            }
        }
    }
}

fn check_row(rules: &Rules, side: Side, row: &[u16], seeds: u32) -> Result<(), MatchError> {
    let n = rules.holes_per_row as usize;
    let err = |m: String| Err(MatchError::Arrangement(m));
    if row.len() != n {
        return err(format!(
            "an arrangement needs {n} seed counts (one per hole of {side}'s row); got {}",
            row.len()
        ));
    }
    if let Some(k) = row.iter().position(|&s| s == 0) {
        return err(format!(
            "hole {} of the arrangement is empty; every hole needs at least 1 seed",
            k + 1
        ));
    }
    let total: u32 = row.iter().map(|&s| s as u32).sum();
    if total != seeds {
        return err(format!(
            "the arrangement places {total} seeds; {side} must place exactly {seeds}"
        ));
    }
    Ok(())
}

fn out_of_turn(awaiting: Awaiting, got: &str) -> MatchError {
    let awaiting = match awaiting {
        Awaiting::Move(s) => format!("a move by {s}"),
        Awaiting::Arrangement(s) => format!("{s}'s arrangement"),
        Awaiting::None => "nothing".to_string(),
    };
    MatchError::OutOfTurn {
        awaiting,
        got: got.to_string(),
    }
}

pub(super) fn by_more(score: BySide<u32>) -> MatchOutcome {
    match score.south.cmp(&score.north) {
        std::cmp::Ordering::Greater => MatchOutcome::Winner(Side::South),
        std::cmp::Ordering::Less => MatchOutcome::Winner(Side::North),
        std::cmp::Ordering::Equal => MatchOutcome::Draw,
    }
}

/// `single` / `games:N`: more game wins, then more seeds over all games, else a draw.
fn games_outcome(hands: &[Hand]) -> MatchOutcome {
    let mut wins = BySide::new(0u32, 0u32);
    let mut seeds = BySide::new(0u32, 0u32);
    for h in hands {
        if let Some(w) = h.winner() {
            wins[w] += 1;
        }
        if let Some(s) = h.score {
            seeds.south += s.south;
            seeds.north += s.north;
        }
    }
    match wins.south.cmp(&wins.north) {
        std::cmp::Ordering::Greater => MatchOutcome::Winner(Side::South),
        std::cmp::Ordering::Less => MatchOutcome::Winner(Side::North),
        std::cmp::Ordering::Equal => by_more(seeds),
    }
}
