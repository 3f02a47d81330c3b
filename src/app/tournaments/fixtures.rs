//! A tournament's fixtures and boards made from its match and bye rows as stored
//! ([`FixtureRowSink`]): each match's result is the one that stands
//! ([`standing_closing`] over its own closing and the latest whole-match correction,
//! then [`ResultSummary::of_parts`] and [`MatchResult::of_summary`]), the seeds it
//! counts those its form keeps; then the byes.

use std::sync::Arc;

use crate::app::records::{
    BoardRow, ByeRowData, FixtureRowSink, MatchRowData, Parts, Text, board_row,
};
use crate::app::repo::StoreError;
use crate::engine::BySide;
use crate::matches::correction::standing_closing;
use crate::matches::{Absent, Closing, MatchOutcome, ResultSummary, StoredSeeds};
use crate::tournament::{Fixture, MatchResult, Pairing};

type Result<T> = std::result::Result<T, StoreError>;

fn corrupt(what: String) -> StoreError {
    StoreError::CorruptTournament(what)
}

/// The fixtures and boards of a tournament's match rows, made a row at a time in
/// round and board order as the repository hands them over
/// ([`FixtureRowSink`]); the byes' follow.
pub(crate) struct MatchFixtures {
    /// The texts the rows index, shared by the boards that name them (engine levels).
    texts: Vec<Arc<str>>,
    games_form: bool,
    with_boards: bool,
    fixtures: Vec<Fixture>,
    boards: Vec<BoardRow>,
    last_round: u32,
    board: u32,
}

impl FixtureRowSink for MatchFixtures {
    fn start(&mut self, texts: &[String], matches: usize) {
        self.texts = texts.iter().map(|t| Arc::from(t.as_str())).collect();
        self.fixtures = Vec::with_capacity(matches);
        self.boards = Vec::with_capacity(if self.with_boards { matches } else { 0 });
        self.last_round = 0;
        self.board = 0;
    }

    fn push_match(&mut self, row: MatchRowData) -> Result<()> {
        self.push(row)
    }

    fn push_byes(&mut self, byes: &[ByeRowData]) {
        for r in byes {
            let pairing = Pairing {
                round: r.round as u32,
                board: r.board as u32,
                south: r.player_id,
                north: None,
            };
            if self.with_boards {
                self.boards
                    .push(board_row(&pairing, None, true, 0, 0, (None, None)));
            }
            self.fixtures.push(Fixture::pending(pairing));
        }
    }
}

impl MatchFixtures {
    /// Fixtures to be made of a tournament's rows; `games_form`: its matches are
    /// `games:N` matches.
    pub(crate) fn new(games_form: bool, parts: Parts) -> Self {
        MatchFixtures {
            texts: Vec::new(),
            games_form,
            with_boards: parts == Parts::Whole,
            fixtures: Vec::new(),
            boards: Vec::new(),
            last_round: 0,
            board: 0,
        }
    }

    /// The fixtures and boards made, the boards in round and board order.
    pub(crate) fn made(mut self) -> (Vec<Fixture>, Vec<BoardRow>) {
        self.boards.sort_by_key(|b| (b.round, b.board));
        (self.fixtures, self.boards)
    }

    fn text(&self, t: Text) -> Option<&str> {
        (t as usize)
            .checked_sub(1)
            .and_then(|i| self.texts.get(i))
            .map(|t| &**t)
    }

    fn engine(&self, t: Text) -> Option<Arc<str>> {
        (t as usize).checked_sub(1).map(|i| self.texts[i].clone())
    }

    fn push(&mut self, r: MatchRowData) -> Result<()> {
        let id = r.id;
        let round = r.round.unwrap_or(0);
        if round < 1 {
            return Err(corrupt(format!("tournament match {id} has no round")));
        }
        let round = round as u32;
        if round != self.last_round {
            self.last_round = round;
            self.board = 0;
        }
        self.board += 1;
        let both = |s: Option<i32>, n: Option<i32>| Some(BySide::new(s? as u32, n? as u32));
        let counted = StoredSeeds {
            last: both(r.final_south, r.final_north),
            game_sums: both(r.sum_south, r.sum_north),
            corrected: both(r.corrected_south, r.corrected_north),
        }
        .counted(self.games_form);
        // The closing that stands: the match's own, or the whole-match correction
        // the row keeps.
        let own = self.text(r.closing).and_then(|kind| match kind {
            "forfeit" => Some(Ends::Forfeit(r.absent)),
            "void" => Some(Ends::Void),
            "match" => Some(Ends::Entered(r.closing_south, r.closing_north)),
            _ => None,
        });
        let whole = self.text(r.whole_kind).map(|kind| match kind {
            "absent" => Ends::Forfeit(r.whole_absent),
            "void" => Ends::Void,
            _ => Ends::Entered(r.whole_south, r.whole_north),
        });
        let winner = self
            .text(r.winner)
            .map(|w| {
                MatchOutcome::parse(w).ok_or_else(|| corrupt(format!("match {id}: winner '{w}'")))
            })
            .transpose()?;
        let result = match winner {
            None => None,
            Some(outcome) => {
                let closing = match standing_closing(own, [whole]) {
                    None => None,
                    Some(Ends::Void) => Some(Closing::Void),
                    Some(Ends::Forfeit(absent)) => Some(Closing::Forfeit(
                        self.text(absent).and_then(Absent::parse).ok_or_else(|| {
                            corrupt(format!("match {id}: forfeit without who was absent"))
                        })?,
                    )),
                    Some(Ends::Entered(s, n)) => Some(Closing::Entered {
                        outcome,
                        seeds: both(s, n),
                    }),
                };
                MatchResult::of_summary(&ResultSummary::of_parts(winner, closing, counted))
            }
        };
        let pairing = Pairing {
            round,
            board: self.board,
            south: r.south_id,
            north: Some(r.north_id),
        };
        if self.with_boards {
            self.boards.push(board_row(
                &pairing,
                Some(id),
                result.is_some(),
                r.hands_played.into(),
                r.seed as u64,
                (self.engine(r.south_engine), self.engine(r.north_engine)),
            ));
        }
        self.fixtures.push(Fixture { pairing, result });
        Ok(())
    }
}

/// A closing as a fixture row holds it: an entered result's seeds, a forfeit's absent
/// side (a text of the row), a void.
#[derive(Clone, Copy)]
enum Ends {
    Entered(Option<i32>, Option<i32>),
    Forfeit(Text),
    Void,
}
