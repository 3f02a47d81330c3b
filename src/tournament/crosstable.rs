//! The crosstable: every player against every other, and every player round by round.

use std::collections::HashMap;

use serde::Serialize;

use super::{EntrantId, GameOutcome, Points, Tournament};
use crate::engine::Side;

/// What one player got in one round: a result (a game's, or an unplayed round's
/// such as a bye or a forfeit), or none yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundOutcome {
    Decided(GameOutcome),
    /// Paired, no result yet.
    Pending,
    /// Not paired this round (withdrawn, sitting out, or the round is not paired).
    NotPaired,
}

impl RoundOutcome {
    /// `1`, `½`, `0`; unplayed rounds as TRF marks them: `+`/`-` forfeit won/lost,
    /// `U` the pairing bye, `H`/`Z` a half-/zero-point bye; `*` pending, `.` not
    /// paired (a round the player was not in at all: withdrawn, or an old late entry).
    pub const fn symbol(self) -> &'static str {
        match self {
            RoundOutcome::Decided(o) => match o {
                GameOutcome::Win => "1",
                GameOutcome::Draw => "½",
                GameOutcome::Loss => "0",
                GameOutcome::Bye => "U",
                GameOutcome::ForfeitWin => "+",
                GameOutcome::ForfeitLoss => "-",
                GameOutcome::HalfBye => "H",
                GameOutcome::ZeroBye => "Z",
            },
            RoundOutcome::Pending => "*",
            RoundOutcome::NotPaired => ".",
        }
    }

    /// Like [`symbol`](Self::symbol) but ASCII only (`=` for a draw).
    pub(crate) const fn ascii(self) -> &'static str {
        match self {
            RoundOutcome::Decided(GameOutcome::Draw) => "=",
            other => other.symbol(),
        }
    }

    fn from_game(o: Option<GameOutcome>) -> RoundOutcome {
        o.map_or(RoundOutcome::Pending, RoundOutcome::Decided)
    }
}

/// Serialized as one word: the game's outcome as [`GameOutcome`] names it
/// (`"win"`, `"forfeit-win"`), else `"pending"` or `"not-paired"`.
impl Serialize for RoundOutcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            RoundOutcome::Decided(o) => o.serialize(s),
            RoundOutcome::Pending => s.serialize_str("pending"),
            RoundOutcome::NotPaired => s.serialize_str("not-paired"),
        }
    }
}

/// One round of one player's card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RoundEntry {
    pub round: u32,
    pub board: Option<u32>,
    pub opponent: Option<EntrantId>,
    /// The opponent's position in the crosstable (1-based).
    pub opponent_position: Option<u32>,
    /// South = moved first.
    pub side: Option<Side>,
    pub outcome: RoundOutcome,
    /// Points scored (None while pending or not paired).
    pub points: Option<Points>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CrossPlayer {
    pub position: u32,
    pub id: EntrantId,
    pub name: String,
    pub start_rank: u32,
    pub rating: f64,
    pub points: Points,
    pub withdrawn: bool,
}

/// Players in standings order; `cells[i][j]` holds the rounds in which player i met
/// player j (two entries in a double round robin), as i's [`RoundEntry`]s;
/// `cards[i]` is player i's round-by-round card for rounds 1..=rounds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Crosstable {
    pub rounds: u32,
    pub players: Vec<CrossPlayer>,
    pub cells: Vec<Vec<Vec<RoundEntry>>>,
    pub cards: Vec<Vec<RoundEntry>>,
}

pub(crate) fn crosstable(t: &Tournament) -> Crosstable {
    let standings = t.standings();
    let position: HashMap<EntrantId, usize> = standings
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id, i))
        .collect();
    let n = standings.rows.len();
    let rounds = t.current_round();
    let players: Vec<CrossPlayer> = standings
        .rows
        .iter()
        .map(|r| CrossPlayer {
            position: r.position,
            id: r.id,
            name: r.name.clone(),
            start_rank: r.start_rank,
            rating: r.rating,
            points: r.points,
            withdrawn: r.withdrawn,
        })
        .collect();
    let mut cells = vec![vec![Vec::new(); n]; n];
    let mut cards: Vec<Vec<RoundEntry>> = players
        .iter()
        .map(|_| {
            (1..=rounds)
                .map(|round| RoundEntry {
                    round,
                    board: None,
                    opponent: None,
                    opponent_position: None,
                    side: None,
                    outcome: RoundOutcome::NotPaired,
                    points: None,
                })
                .collect()
        })
        .collect();
    let mut fixtures = t.fixtures.clone();
    fixtures.sort_by_key(|f| (f.pairing.round, f.pairing.board));
    for f in &fixtures {
        let p = f.pairing;
        if p.round == 0 {
            continue; // rejected by TournamentSetup::validate
        }
        for id in std::iter::once(p.south).chain(p.north) {
            let Some(&i) = position.get(&id) else {
                continue;
            };
            let opponent = p.opponent_of(id);
            let o = f.outcome_for(id);
            let entry = RoundEntry {
                round: p.round,
                board: Some(p.board),
                opponent,
                opponent_position: opponent
                    .and_then(|o| position.get(&o))
                    .map(|&j| j as u32 + 1),
                side: opponent.map(|_| {
                    if p.south == id {
                        Side::South
                    } else {
                        Side::North
                    }
                }),
                outcome: RoundOutcome::from_game(o),
                points: o.map(|o| t.points.points(o)),
            };
            cards[i][p.round as usize - 1] = entry;
            if let Some(j) = opponent.and_then(|o| position.get(&o)) {
                cells[i][*j].push(entry);
            }
        }
    }
    for b in t.recorded_byes() {
        let Some(&i) = position.get(&b.player) else {
            continue;
        };
        if let Some(entry) = cards[i].get_mut(b.round as usize - 1) {
            let o = b.points.outcome();
            entry.outcome = RoundOutcome::from_game(Some(o));
            entry.points = Some(t.points.points(o));
        }
    }
    Crosstable {
        rounds,
        players,
        cells,
        cards,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Format, testutil};

    #[test]
    fn double_round_robin_cells_hold_both_games_with_swapped_sides() {
        let mut t = testutil::tournament(Format::DoubleRoundRobin, 5);
        testutil::simulate(&mut t, 4, 30, 100, |_, _| {});
        let x = t.crosstable();
        assert_eq!(x.rounds, 10);
        for i in 0..5 {
            assert!(x.cells[i][i].is_empty());
            for j in (0..5).filter(|&j| j != i) {
                let games = &x.cells[i][j];
                assert_eq!(games.len(), 2);
                assert_ne!(games[0].side, games[1].side);
                // The mirror cell holds the opposite results.
                for (a, b) in games.iter().zip(&x.cells[j][i]) {
                    assert_eq!(a.round, b.round);
                    let mirrored = match a.outcome {
                        RoundOutcome::Decided(GameOutcome::Win) => {
                            RoundOutcome::Decided(GameOutcome::Loss)
                        }
                        RoundOutcome::Decided(GameOutcome::Loss) => {
                            RoundOutcome::Decided(GameOutcome::Win)
                        }
                        other => other,
                    };
                    assert_eq!(b.outcome, mirrored);
                }
            }
            // Two byes per player, points on the card add up to the standings.
            let card = &x.cards[i];
            assert_eq!(
                card.iter()
                    .filter(|e| e.outcome == RoundOutcome::Decided(GameOutcome::Bye))
                    .count(),
                2
            );
            let sum: Points = card.iter().filter_map(|e| e.points).sum();
            assert_eq!(sum, x.players[i].points);
        }
    }
}
