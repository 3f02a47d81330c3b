//! The engine players' decisions recomputed from the match seed, as the audit
//! compares them with the stored ones.

use crate::ai::{EnginePlayer, Level};
use crate::engine::Side;
use crate::matches::{Awaiting, Event, MatchState, decision_seed};

/// Levels whose decisions are cheap to recompute (at most a few thousand nodes).
pub(super) fn is_quick(level: Level) -> bool {
    matches!(
        level,
        Level::Random | Level::Greedy | Level::Easy | Level::Medium
    )
}

/// The event an engine of `level` makes now in a match with `seed` (as
/// [`MatchState::play_engines`] does).
pub(super) fn engine_choice(
    state: &MatchState,
    level: Level,
    seed: u64,
    side: Side,
) -> Option<Event> {
    let mut player = EnginePlayer::new(level, decision_seed(seed, side, state.event_count()));
    match state.awaiting() {
        Awaiting::Move(_) => Some(Event::Move(player.choose_move(state.game()?))),
        Awaiting::Arrangement(_) => Some(Event::Arrange {
            side,
            row: player.choose_arrangement(&state.arrange_request()?),
        }),
        Awaiting::None => None,
    }
}

/// The mismatch of a decision `label` made for an engine player of `level` that,
/// from the match seed, chooses `chosen` (`n`: holes per row, for the notation).
pub(super) fn engine_differs(label: &str, level: Level, chosen: &Event, n: u8) -> String {
    let chose = match chosen {
        Event::Move(m) => format!("move {}", m.notation(n)),
        Event::Arrange { row, .. } => format!(
            "arrangement {}",
            row.iter().map(u16::to_string).collect::<Vec<_>>().join(",")
        ),
        Event::Result(_) => "a result".to_string(),
    };
    format!(
        "{label} was made for the engine player ({level}), but from the match seed it chooses {chose}"
    )
}
