//! A game in progress: a [`Position`] plus the positions seen since the last capture
//! or Uur, for the repetition rule (RULES.md §2).

use thiserror::Error;

use super::position::{
    EndReason, Move, MoveEffect, MoveList, Outcome, Position, PositionKey, Setup, SetupError,
};
use super::rules::Rules;
use super::side::Side;

/// A playable game. Cloning copies the history; search uses [`Game::save`] and
/// [`Game::restore`] instead, which never allocate.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    /// Positions seen, the current one last. Only those from `window` on count for
    /// repetition: a capture or an Uur moves the window's start past everything
    /// before it, which forgets those positions without freeing anything.
    history: Vec<PositionKey>,
    /// `hashes[i]` is the hash of `history[i]`: repetition scans these first.
    hashes: Vec<u64>,
    window: usize,
    /// Bit `hash >> 58` set for the hash of every position in the window: most new
    /// positions are told apart without scanning it.
    window_bits: u64,
}

/// What a search does with the position a move reaches.
pub(crate) enum Reached<F: FnOnce(u64)> {
    /// Moves may be played from it: it is remembered for repetition, and `F` is
    /// called with its [`Game::position_hash`] as soon as that is known, before the
    /// end rules are applied (a search can start fetching the position's table entry
    /// from memory while the engine is still working on the position).
    PlayedOn(F),
    /// It is only looked at (its outcome, its board) and taken back with
    /// [`Game::restore`] before any move is played from it: a search's horizon. It
    /// is not copied into the history, which nothing after it would read.
    Leaf,
}

/// Enough to take moves back: the position and the history as they were.
#[derive(Clone, Copy, Debug)]
pub struct Saved {
    position: Position,
    history_len: usize,
    window: usize,
    window_bits: u64,
}

/// A move that is not legal here; the game is unchanged.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{}", describe_illegal(.notation, .legal, *.over))]
pub struct PlayError {
    pub notation: String,
    /// The legal moves in notation.
    pub legal: Vec<String>,
    pub over: bool,
}

fn describe_illegal(notation: &str, legal: &[String], over: bool) -> String {
    let notation = crate::names::excerpt(notation);
    if over {
        format!("move {notation} is not legal: the game is over")
    } else {
        format!(
            "move {notation} is not legal here; legal moves: {}",
            legal.join(" ")
        )
    }
}

impl Game {
    /// The ordinary setup, `first` to move.
    pub fn new(rules: Rules, first: Side) -> Game {
        Game::from_position(Position::new(rules, first))
    }

    /// A given starting position (RULES.md §9): repetition counts from it.
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Game, SetupError> {
        Ok(Game::from_position(Position::from_setup(setup, rules)?))
    }

    /// Parses a §9 position object.
    pub fn from_json(json: &str, rules: Rules) -> Result<Game, SetupError> {
        let setup: Setup =
            serde_json::from_str(json).map_err(|e| SetupError::Parse(e.to_string()))?;
        Game::from_setup(&setup, rules)
    }

    /// A game starting from a valid position (repetition counts from it).
    pub fn from_position(position: Position) -> Game {
        let mut game = Game {
            position,
            history: Vec::with_capacity(64),
            hashes: Vec::with_capacity(64),
            window: 0,
            window_bits: 0,
        };
        game.reset(position);
        game
    }

    /// Starts again from `position`, keeping the history's memory (for hot loops).
    pub fn reset(&mut self, position: Position) {
        self.history.clear();
        self.hashes.clear();
        self.history.push(position.key());
        self.hashes.push(position.hash());
        self.window = 0;
        self.window_bits = window_bit(position.hash());
        self.position = position;
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn rules(&self) -> &Rules {
        self.position.rules()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }

    pub fn to_move(&self) -> Side {
        self.position.to_move()
    }

    pub fn legal_moves(&self) -> MoveList {
        self.position.legal_moves()
    }

    /// [`Position::hash`] of the current position, kept from the repetition check
    /// rather than computed again.
    pub fn position_hash(&self) -> u64 {
        let repeated = self
            .outcome()
            .is_some_and(|o| o.end == EndReason::Repetition);
        match self.hashes.last() {
            // A position ending the game by repetition is not added to the history.
            Some(&hash) if !repeated => hash,
            _ => self.position.hash(),
        }
    }

    /// Reads a move in notation for the side to move and plays it if legal.
    pub fn play_notation(&mut self, text: &str) -> Result<MoveEffect, PlayError> {
        let holes_per_row = self.rules().holes_per_row;
        match Move::parse(text, self.to_move(), holes_per_row) {
            Ok(m) => self.play(m),
            Err(_) => Err(self.illegal(text.trim().to_string())),
        }
    }

    /// Plays `m` if it is legal; otherwise the game is left as it was.
    pub fn play(&mut self, m: Move) -> Result<MoveEffect, PlayError> {
        let pos = &self.position;
        let sowing_decides = !pos.is_over()
            && !pos.must_pass()
            && !pos.rules().needs_whole_move_for_legality()
            && m.hole()
                .is_some_and(|h| pos.candidate_mask() & (1 << h) != 0);
        if sowing_decides {
            // A candidate is legal exactly when its sowing ends: play it once.
            let mover = pos.to_move();
            if let Ok(effect) = self.position.try_apply(m) {
                self.after_move(mover, effect, Reached::PlayedOn(|_| {}));
                return Ok(effect);
            }
        } else if self.position.is_legal(m) {
            return Ok(self.play_unchecked(m));
        }
        let n = self.rules().holes_per_row;
        Err(self.illegal(m.notation(n)))
    }

    fn illegal(&self, notation: String) -> PlayError {
        let n = self.rules().holes_per_row;
        PlayError {
            notation,
            legal: self.legal_moves().iter().map(|m| m.notation(n)).collect(),
            over: self.is_over(),
        }
    }

    /// Plays a move known to be legal: sows, captures, then checks repetition first
    /// and only for a new position the variant's end rules (RULES.md §2).
    pub fn play_unchecked(&mut self, m: Move) -> MoveEffect {
        let mover = self.position.to_move();
        let effect = self.position.apply_legal(m);
        self.after_move(mover, effect, Reached::PlayedOn(|_| {}));
        effect
    }

    /// The moves a search tries here, ascending: where a candidate is legal exactly
    /// when its sowing ends, the candidates (an endless one is refused by
    /// [`Game::try_play_candidate`]), so that no sowing is simulated once to find the
    /// legal moves and again to play them; otherwise the legal moves.
    pub fn moves_to_try(&self) -> MoveList {
        let pos = &self.position;
        if pos.is_over() || pos.must_pass() || pos.rules().needs_whole_move_for_legality() {
            return pos.legal_moves();
        }
        let mut list = MoveList::new();
        let mut mask = pos.candidate_mask();
        while mask != 0 {
            list.push(Move::from_hole(mask.trailing_zeros() as usize));
            mask &= mask - 1;
        }
        list
    }

    /// Plays a candidate move if its sowing ends (a legal move when the rules need no
    /// more than that, see [`Rules::needs_whole_move_for_legality`]); `false` and the
    /// game unchanged for an endless sowing. Any move of [`Game::moves_to_try`].
    pub fn try_play_candidate(&mut self, m: Move) -> bool {
        self.try_play_candidate_then(m, Reached::PlayedOn(|_| {}))
    }

    /// [`Game::try_play_candidate`] for a search, which says what it will do with
    /// the position reached (see [`Reached`]).
    pub(crate) fn try_play_candidate_then(
        &mut self,
        m: Move,
        reached: Reached<impl FnOnce(u64)>,
    ) -> bool {
        let mover = self.position.to_move();
        match self.position.try_apply(m) {
            Ok(effect) => {
                self.after_move(mover, effect, reached);
                true
            }
            Err(_) => false,
        }
    }

    /// Repetition first, then the variant's end rules (RULES.md §2).
    fn after_move(&mut self, mover: Side, effect: MoveEffect, reached: Reached<impl FnOnce(u64)>) {
        debug_assert_eq!(
            self.history.len(),
            self.hashes.len(),
            "a leaf was played on"
        );
        if effect.irreversible() {
            self.window = self.history.len();
            self.window_bits = 0;
        }
        let key = self.position.key();
        let hash = self.position.hash();
        let kept = match reached {
            Reached::PlayedOn(on_hash) => {
                on_hash(hash);
                true
            }
            Reached::Leaf => false,
        };
        let seen = self.window_bits & window_bit(hash) != 0
            && self.hashes[self.window..]
                .iter()
                .zip(&self.history[self.window..])
                .any(|(&h, k)| h == hash && *k == key);
        if seen {
            self.position.finish(EndReason::Repetition, Some(mover));
        } else {
            if kept {
                self.history.push(key);
                self.window_bits |= window_bit(hash);
            }
            self.hashes.push(hash);
            self.position.settle(Some(mover));
        }
    }

    /// A snapshot to go back to with [`Game::restore`] after playing on.
    pub fn save(&self) -> Saved {
        Saved {
            position: self.position,
            history_len: self.history.len(),
            window: self.window,
            window_bits: self.window_bits,
        }
    }

    /// Takes back every move played since `saved` was made.
    pub fn restore(&mut self, saved: Saved) {
        self.position = saved.position;
        self.history.truncate(saved.history_len);
        self.hashes.truncate(saved.history_len);
        self.window = saved.window;
        self.window_bits = saved.window_bits;
    }

    /// Number of positions the repetition rule currently remembers.
    pub fn remembered_positions(&self) -> usize {
        self.history.len() - self.window
    }
}

/// The bit of [`Game::window_bits`] standing for a position's hash.
const fn window_bit(hash: u64) -> u64 {
    1 << (hash >> 58)
}

/// Counts the move sequences of exactly `depth` moves (RULES.md §9 perft).
pub fn perft(game: &Game, depth: u32) -> u64 {
    fn count(game: &mut Game, depth: u32) -> u64 {
        let moves = game.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for m in moves {
            let saved = game.save();
            game.play_unchecked(m);
            total += count(game, depth - 1);
            game.restore(saved);
        }
        total
    }
    if depth == 0 {
        return 1;
    }
    count(&mut game.clone(), depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::Variant;

    use crate::seeds::SplitMix64 as Mix;

    /// The hash kept from the repetition check is the position's hash after every
    /// move, take-back and repetition.
    #[test]
    fn the_kept_hash_is_the_position_hash() {
        let mut rng = Mix(9);
        let mut repetitions = 0;
        for variant in Variant::presets() {
            for _ in 0..200 {
                let mut game = Game::new(variant.rules, Side::South);
                assert_eq!(game.position_hash(), game.position().hash());
                while !game.is_over() {
                    let saved = game.save();
                    let moves = game.moves_to_try();
                    if game.try_play_candidate(moves[rng.below(moves.len())]) {
                        assert_eq!(game.position_hash(), game.position().hash());
                        repetitions += usize::from(
                            game.outcome()
                                .is_some_and(|o| o.end == EndReason::Repetition),
                        );
                    }
                    game.restore(saved);
                    assert_eq!(game.position_hash(), game.position().hash());
                    let moves = game.legal_moves();
                    game.play_unchecked(moves[rng.below(moves.len())]);
                    assert_eq!(game.position_hash(), game.position().hash());
                }
            }
        }
        assert!(repetitions > 10, "only {repetitions} repetitions");
    }

    /// The moves to try are the legal moves plus, at most, candidates whose sowing
    /// never ends: each of them is refused by `try_play_candidate`, every other one
    /// is played.
    #[test]
    fn moves_to_try_are_the_legal_moves_and_endless_candidates() {
        let mut rng = Mix(10);
        for variant in Variant::presets() {
            for _ in 0..200 {
                let mut game = Game::new(variant.rules, Side::South);
                while !game.is_over() {
                    let legal = game.legal_moves();
                    for m in game.moves_to_try() {
                        let saved = game.save();
                        assert_eq!(game.try_play_candidate(m), legal.contains(&m), "{m:?}");
                        game.restore(saved);
                    }
                    assert!(legal.iter().all(|m| game.moves_to_try().contains(m)));
                    game.play_unchecked(legal[rng.below(legal.len())]);
                }
            }
        }
    }

    /// Random games with excursions taken back by `restore` before every move: the
    /// game ends by repetition exactly when the position after a move is among those
    /// since the last capture or Uur (kept here the plain way).
    #[test]
    fn repetition_is_found_exactly_after_saves_and_restores() {
        let mut rng = Mix(5);
        let mut repetitions = 0;
        for variant in Variant::presets() {
            for _ in 0..300 {
                let mut game = Game::new(variant.rules, Side::South);
                let mut seen = vec![game.position().key()];
                while !game.is_over() {
                    let saved = game.save();
                    for _ in 0..rng.below(6) {
                        let moves = game.legal_moves();
                        if moves.is_empty() {
                            break;
                        }
                        game.play_unchecked(moves[rng.below(moves.len())]);
                    }
                    game.restore(saved);
                    let moves = game.legal_moves();
                    let effect = game.play_unchecked(moves[rng.below(moves.len())]);
                    if effect.irreversible() {
                        seen.clear();
                    }
                    let key = game.position().key();
                    let repeated = seen.contains(&key);
                    let by_repetition = game
                        .outcome()
                        .is_some_and(|o| o.end == EndReason::Repetition);
                    assert_eq!(by_repetition, repeated);
                    repetitions += usize::from(repeated);
                    seen.push(key);
                }
            }
        }
        assert!(
            repetitions > 50,
            "only {repetitions} games ended by repetition"
        );
    }
}
