//! A round paired by the director instead of by the pairing rules (`tournament pair
//! --board ...`), for when the rules of the event demand it: a pairing the program
//! cannot know (two family members kept apart, a board fixed for a wheelchair), or a
//! round re-made after a mistake. The director chooses who plays whom, on which board
//! and with which side; what is checked here is only what makes a round a round: the
//! same checks when it is paired and when `verify` replays it, so a manual round is
//! accepted as manual instead of being re-derived.
//!
//! Only a Swiss takes manual rounds: the other formats' later rounds follow from their
//! schedule (a round robin's table, a knockout's bracket), which a hand-made round
//! would break.

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use super::super::{EntrantId, Format, Pairing, Tournament, TournamentError};

/// Why a hand-made round is not a round of this tournament.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ManualPairingError {
    #[error(
        "only a swiss is paired by hand; a {0}'s rounds are paired by its own rules (take a round back with `tournament unpair` and pair it again instead)"
    )]
    NotSwiss(Format),
    #[error("{0}")]
    Tournament(#[from] TournamentError),
    #[error("a manual round pairs the next round, {expected}, not round {given}")]
    WrongRound { expected: u32, given: u32 },
    #[error(
        "boards are numbered 1, 2, 3, ... in order; board {given} is given as number {expected}"
    )]
    BoardOrder { expected: u32, given: u32 },
    #[error("the boards with players come first, the bye last (board {board})")]
    ByeNotLast { board: u32 },
    #[error("{0} is not entered in the tournament")]
    NotEntered(String),
    #[error("{0} has withdrawn and cannot be paired")]
    Withdrawn(String),
    #[error("{0} is paired twice")]
    PairedTwice(String),
    #[error("{0} cannot play against themselves")]
    SelfPaired(String),
    #[error("not paired: {0} (every active player needs a board or the bye)")]
    Missing(String),
    #[error(
        "{count} byes given; a round has one bye when the number of active players ({active}) is odd, and none when it is even"
    )]
    Byes { count: usize, active: usize },
}

/// Checks `boards` as the next round of `t` (the tournament as it stood before that
/// round). `excused` are players who need no board in this round (requested byes).
pub(crate) fn check(
    t: &Tournament,
    boards: &[Pairing],
    excused: &HashSet<EntrantId>,
) -> Result<(), ManualPairingError> {
    if !t.format.rules().manual_pairing {
        return Err(ManualPairingError::NotSwiss(t.format));
    }
    let current = t.current_round();
    let pending = t
        .fixtures
        .iter()
        .filter(|f| f.pairing.round == current && !f.is_finished())
        .count();
    if current > 0 && pending > 0 {
        return Err(TournamentError::RoundIncomplete {
            round: current,
            pending,
        }
        .into());
    }
    let round = current + 1;
    if round > t.planned_rounds() {
        return Err(TournamentError::Finished {
            rounds: t.planned_rounds(),
        }
        .into());
    }
    // Found by id once, not by a search of the entrants per board (quadratic in the
    // players: a 9,999-player import checks every round).
    let entrant_of: HashMap<EntrantId, &super::super::Entrant> =
        t.entrants.iter().map(|e| (e.id, e)).collect();
    let name = |id: EntrantId| {
        entrant_of
            .get(&id)
            .map_or_else(|| format!("player {id}"), |e| e.name.clone())
    };
    let mut seen = HashSet::new();
    let mut byes = 0;
    for (i, p) in boards.iter().enumerate() {
        if p.round != round {
            return Err(ManualPairingError::WrongRound {
                expected: round,
                given: p.round,
            });
        }
        if p.board != i as u32 + 1 {
            return Err(ManualPairingError::BoardOrder {
                expected: i as u32 + 1,
                given: p.board,
            });
        }
        if p.is_bye() {
            byes += 1;
        } else if byes > 0 {
            return Err(ManualPairingError::ByeNotLast { board: p.board });
        }
        if p.north == Some(p.south) {
            return Err(ManualPairingError::SelfPaired(name(p.south)));
        }
        for id in std::iter::once(p.south).chain(p.north) {
            let Some(e) = entrant_of.get(&id) else {
                return Err(ManualPairingError::NotEntered(name(id)));
            };
            if e.is_withdrawn() {
                return Err(ManualPairingError::Withdrawn(e.name.clone()));
            }
            if !seen.insert(id) || excused.contains(&id) {
                return Err(ManualPairingError::PairedTwice(e.name.clone()));
            }
        }
    }
    let active: Vec<&super::super::Entrant> = t
        .entrants
        .iter()
        .filter(|e| !e.is_withdrawn() && !excused.contains(&e.id))
        .collect();
    let missing: Vec<&str> = active
        .iter()
        .filter(|e| !seen.contains(&e.id))
        .map(|e| e.name.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(ManualPairingError::Missing(missing.join(", ")));
    }
    if byes != active.len() % 2 {
        return Err(ManualPairingError::Byes {
            count: byes,
            active: active.len(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Entrant;

    fn swiss(n: i64) -> Tournament {
        let mut t = Tournament::new("T", "layli-goobalay", Format::Swiss);
        t.rounds = Some(3);
        for id in 1..=n {
            t.entrants.push(Entrant {
                id,
                name: format!("P{id}"),
                rating: 1500.0,
                withdrawn_after: None,
                start_rank: id as u32,
            });
        }
        t
    }

    fn board(board: u32, south: EntrantId, north: Option<EntrantId>) -> Pairing {
        Pairing {
            round: 1,
            board,
            south,
            north,
        }
    }

    #[test]
    fn a_complete_round_is_accepted() {
        let t = swiss(5);
        let boards = [
            board(1, 3, Some(1)),
            board(2, 2, Some(5)),
            board(3, 4, None),
        ];
        assert_eq!(check(&t, &boards, &HashSet::new()), Ok(()));
    }

    #[test]
    fn each_broken_round_is_named() {
        let t = swiss(4);
        let none = HashSet::new();
        let err = |boards: &[Pairing]| check(&t, boards, &none).unwrap_err().to_string();
        assert_eq!(
            err(&[board(1, 1, Some(2)), board(2, 3, Some(1))]),
            "P1 is paired twice"
        );
        assert_eq!(
            err(&[board(1, 1, Some(2))]),
            "not paired: P3, P4 (every active player needs a board or the bye)"
        );
        assert_eq!(
            err(&[board(1, 1, Some(2)), board(2, 3, None), board(3, 4, None)]),
            "2 byes given; a round has one bye when the number of active players (4) is odd, and none when it is even"
        );
        assert_eq!(
            err(&[board(1, 1, Some(2)), board(3, 3, Some(4))]),
            "boards are numbered 1, 2, 3, ... in order; board 3 is given as number 2"
        );
        assert_eq!(
            err(&[board(1, 1, Some(9)), board(2, 3, Some(4))]),
            "player 9 is not entered in the tournament"
        );
        let mut w = swiss(4);
        w.entrants[3].withdrawn_after = Some(0);
        assert_eq!(
            check(&w, &[board(1, 1, Some(2)), board(2, 3, Some(4))], &none)
                .unwrap_err()
                .to_string(),
            "P4 has withdrawn and cannot be paired"
        );
        let mut rr = swiss(4);
        rr.format = Format::RoundRobin;
        assert!(matches!(
            check(&rr, &[board(1, 1, Some(2)), board(2, 3, Some(4))], &none),
            Err(ManualPairingError::NotSwiss(Format::RoundRobin))
        ));
    }

    #[test]
    fn an_excused_player_needs_no_board_and_may_not_have_one() {
        let t = swiss(5);
        let excused: HashSet<EntrantId> = [5].into();
        let boards = [board(1, 1, Some(2)), board(2, 3, Some(4))];
        assert_eq!(check(&t, &boards, &excused), Ok(()));
        let with = [
            board(1, 1, Some(2)),
            board(2, 3, Some(5)),
            board(3, 4, None),
        ];
        assert_eq!(
            check(&t, &with, &excused),
            Err(ManualPairingError::PairedTwice("P5".into()))
        );
    }
}
