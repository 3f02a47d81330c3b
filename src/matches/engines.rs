//! Engine players driving a match, whole engine matches and arena series of them.

use super::{Awaiting, Event, Hand, MatchOutcome, MatchSpec, MatchState};
use crate::ai::{EnginePlayer, Level};
use crate::engine::{BySide, Side};

impl MatchState {
    /// Plays every engine turn until a human is awaited or the match is over.
    /// `engines[side]` is `Some(level)` for an engine player. Each decision uses an
    /// engine seeded from the match seed, the side and the event number, so a match
    /// replays exactly however often it was interrupted. Returns the events made.
    pub fn play_engines(&mut self, engines: BySide<Option<Level>>, seed: u64) -> Vec<Event> {
        let mut made = Vec::new();
        while let Some(event) = self.engine_event(engines, seed) {
            self.apply(&event)
                .expect("an engine player chose a legal move or arrangement");
            made.push(event);
        }
        made
    }

    /// The next decision if an engine player is awaited (see [`MatchState::play_engines`]);
    /// `None` when a human is awaited or the match is over. Does not change the match.
    pub fn engine_event(&self, engines: BySide<Option<Level>>, seed: u64) -> Option<Event> {
        let side = self.awaiting().side()?;
        let level = engines[side]?;
        let mut player = EnginePlayer::new(level, decision_seed(seed, side, self.events));
        Some(match self.awaiting() {
            Awaiting::Move(_) => Event::Move(player.choose_move(self.game.as_ref()?)),
            Awaiting::Arrangement(_) => Event::Arrange {
                side,
                row: player.choose_arrangement(&self.arrange_request()?),
            },
            Awaiting::None => return None,
        })
    }

    /// The finished (or interrupted) match as a record.
    pub(crate) fn into_record(self, seed: u64, engines: BySide<Option<Level>>) -> MatchRecord {
        MatchRecord {
            spec: self.spec,
            seed,
            engines,
            hands: self.hands,
            outcome: self.outcome,
        }
    }
}

/// A whole match with how it was played.
#[derive(Clone, Debug)]
pub struct MatchRecord {
    pub spec: MatchSpec,
    pub seed: u64,
    pub engines: BySide<Option<Level>>,
    pub hands: Vec<Hand>,
    pub outcome: Option<MatchOutcome>,
}

/// Plays a whole match between two engine players in memory. The same `spec`,
/// levels and seed give the same match as playing it through the store.
pub fn play_engine_match(spec: MatchSpec, levels: BySide<Level>, seed: u64) -> MatchRecord {
    let engines = levels.map(Some);
    let mut state = MatchState::new(spec);
    state.play_engines(engines, seed);
    debug_assert!(state.is_over());
    state.into_record(seed, engines)
}

/// An arena series whose games are whole matches of `spec` (its `first` is
/// ignored): in match `i`, A holds South when `i` is even and North when it is odd,
/// and South moves first in the first hand, so each engine starts half the matches as
/// the first hand's first mover. A match's seed is derived from `seed` and `i`; the
/// record's scores are the seeds each player holds at the end of the match, its
/// points the match result. Reproducible from `seed`, whatever `jobs`.
pub fn arena_matches(
    spec: &MatchSpec,
    a: Level,
    b: Level,
    games: u32,
    seed: u64,
    jobs: usize,
) -> crate::ai::arena::ArenaResult {
    crate::ai::arena::run_with(games, jobs, |i| arena_match(spec, a, b, seed, i))
}

/// Match `i` of [`arena_matches`]' series (depending on nothing else).
pub fn arena_match(
    spec: &MatchSpec,
    a: Level,
    b: Level,
    seed: u64,
    i: u32,
) -> crate::ai::arena::GameRecord {
    use crate::ai::arena::{self, GameRecord};
    let a_side = if i.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let spec = MatchSpec {
        first: Side::South,
        ..spec.clone()
    };
    let mut levels = BySide::new(b, b);
    levels[a_side] = a;
    let record = play_engine_match(spec, levels, arena::mix(seed, i as u64, 0x3A7C));
    let last = record.hands.last().expect("a match has a hand");
    let held = last.score.unwrap_or(last.holdings);
    GameRecord {
        game: i,
        a_side,
        opening: Vec::new(),
        score_a: held[a_side],
        score_b: held[!a_side],
        points_a: match record.outcome {
            Some(MatchOutcome::Winner(w)) if w == a_side => 1.0,
            Some(MatchOutcome::Winner(_)) => 0.0,
            _ => 0.5,
        },
        plies: record.hands.iter().map(|h| h.moves.len() as u32).sum(),
        hands: record.hands.len() as u32,
    }
}

/// The seed of one engine decision: a SplitMix64 mix of the match seed, the side
/// and the number of events before the decision.
pub(crate) fn decision_seed(seed: u64, side: Side, event: u32) -> u64 {
    use crate::seeds::{GOLDEN, SECOND, finish};
    finish(
        seed ^ (side.index() as u64 + 1).wrapping_mul(GOLDEN) ^ (event as u64).wrapping_mul(SECOND),
    )
}
