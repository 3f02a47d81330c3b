//! Positions, moves, sowing and captures: RULES.md §1, §2 and the per-variant
//! capture, move and end rules, all driven by the [`Rules`] value.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::rules::{
    Capture, CaptureRows, EndRule, MAX_HOLES, MAX_HOLES_PER_ROW, MAX_SEEDS, Remaining, Rules,
    Sowing,
};
use super::side::{BySide, Side};

/// Evaluates `$body` with `$h` a constant: the holes of a preset board (4, 6, 12 or
/// 16), so that the hot loops are compiled for that size, or 0 for any other board
/// (the size is then read from the rules at run time, see `Position::holes`).
macro_rules! with_board_size {
    ($holes:expr, $h:ident => $body:expr) => {
        match $holes {
            4 => {
                const $h: usize = 4;
                $body
            }
            6 => {
                const $h: usize = 6;
                $body
            }
            12 => {
                const $h: usize = 12;
                $body
            }
            16 => {
                const $h: usize = 16;
                $body
            }
            _ => {
                const $h: usize = 0;
                $body
            }
        }
    };
}

/// Seeds per hole, in index order (RULES.md §1); holes past `2N` stay 0.
pub type Seeds = [u16; MAX_HOLES];

/// A move: a hole index, or a pass (Tihbat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

/// The legal moves of a position; never allocates.
pub type MoveList = ArrayVec<Move, MAX_HOLES_PER_ROW>;

impl Move {
    pub const PASS: Move = Move(u8::MAX);

    pub const fn from_hole(index: usize) -> Move {
        Move(index as u8)
    }

    /// The hole index, or `None` for a pass.
    pub const fn hole(self) -> Option<usize> {
        if self.0 == u8::MAX {
            None
        } else {
            Some(self.0 as usize)
        }
    }

    /// Notation (RULES.md §1): the hole number `1..N` in the mover's own row, or `pass`.
    pub fn notation(self, holes_per_row: u8) -> String {
        match self.hole() {
            None => "pass".to_string(),
            Some(h) => (h % holes_per_row as usize + 1).to_string(),
        }
    }

    /// Reads `1..N` or `pass` as a move of `mover`. Says nothing about legality.
    pub fn parse(text: &str, mover: Side, holes_per_row: u8) -> Result<Move, ParseMoveError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::PASS);
        }
        let n = holes_per_row as usize;
        match text.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Ok(Move::from_hole(mover.index() * n + k - 1)),
            _ => Err(ParseMoveError {
                text: text.to_string(),
                holes_per_row,
            }),
        }
    }
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error(
    "'{}' is not a move: a move is a hole number 1 to {holes_per_row} or 'pass'",
    crate::names::excerpt(.text)
)]
pub struct ParseMoveError {
    pub text: String,
    pub holes_per_row: u8,
}

/// How a game ended (RULES.md §9 `result.end`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    NoMoves,
    AllCaptured,
    Repetition,
}

impl EndReason {
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::NoMoves => "no-moves",
            EndReason::AllCaptured => "all-captured",
            EndReason::Repetition => "repetition",
        }
    }
}

/// The result of a finished game: captured plus what the end rule hands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub score: BySide<u32>,
    /// `None`: a draw.
    pub winner: Option<Side>,
    pub end: EndReason,
}

/// A position as given from outside (RULES.md §9): not necessarily valid.
/// Turned into a playable game by [`super::Game::from_setup`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub board: Vec<i64>,
    pub to_move: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uur: Option<Vec<Option<Side>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<[i64; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<i64>,
    /// The remaining §9 trace keys are accepted and ignored, so that a line of a trace
    /// or of `match state` can be given back as a position.
    #[serde(default, skip_serializing)]
    pub legal: Option<serde::de::IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub over: Option<serde::de::IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub result: Option<serde::de::IgnoredAny>,
    #[serde(default, skip_serializing)]
    pub r#match: Option<serde::de::IgnoredAny>,
}

/// Why a [`Setup`] is not a playable position.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SetupError {
    #[error("position does not parse: {0}")]
    Parse(String),
    #[error("position has {got} holes; this variant has {expected} (2 rows of {per_row})")]
    HoleCount {
        got: usize,
        expected: usize,
        per_row: u8,
    },
    #[error("position has {count} seeds in hole {hole}; allowed: 0 to {max}")]
    SeedCount { hole: usize, count: i64, max: u32 },
    #[error("position has {count} captured seeds for {side}; allowed: 0 to {max}")]
    CapturedCount { side: Side, count: i64, max: u32 },
    #[error("position holds {total} seeds; allowed: at most {max}")]
    TooManySeeds { total: u64, max: u32 },
    #[error("position is missing 'to_move' (\"south\" or \"north\")")]
    NoSideToMove,
    #[error("position has an Uur in hole {hole}, but this variant has no Uurs")]
    UurNotInVariant { hole: usize },
    #[error("position's 'uur' has {got} entries; it needs one per hole ({expected})")]
    UurCount { got: usize, expected: usize },
    #[error(
        "position has {total} seeds on the board; the even split at the end needs an even number"
    )]
    OddSeedsForEvenSplit { total: u32 },
    #[error("position has ply {0}; allowed: 0 to {MAX_PLY}")]
    Ply(i64),
}

/// Largest ply a given position may have: half the range of the ply counter, so
/// that counting the moves of a game from there cannot wrap round to ply 0 (which
/// would make a later move Modiar's capture-free first move).
pub(crate) const MAX_PLY: u32 = u32::MAX / 2;

/// A valid position with its rules: the seeds, the Uurs, the captured seeds, whose
/// turn it is and, once known, the outcome. `Copy`, so search can copy-make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    rules: &'static Rules,
    seeds: Seeds,
    /// Bit `h` set: hole `h` is an Uur owned by that side.
    uur: BySide<u32>,
    captured: BySide<u32>,
    to_move: Side,
    ply: u32,
    /// The legal holes of the side to move, kept where finding them takes whole
    /// moves played out (grand slam, feeding); `None` when not computed.
    legal_cache: Option<u32>,
    /// Candidate holes of both rows (RULES.md: holding enough seeds, not an Uur),
    /// kept by [`Position::settle`] for the position as it stands.
    movable: u32,
    /// The side to move has no move but to pass.
    must_pass: bool,
    outcome: Option<Outcome>,
    /// Sowings run on the board packed a byte a hole into one `u128` (see
    /// [`ByteBoard`]): the board has at most 16 holes and at most 255 seeds in play,
    /// so no hole can ever overflow its byte. Fixed for a game, as the seeds in play
    /// are.
    byte_sowing: bool,
}

/// What the repetition rule compares: seeds, Uurs and owners, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey {
    seeds: Seeds,
    uur: BySide<u32>,
    to_move: Side,
}

/// Where a sowing ended.
#[derive(Clone, Copy, Debug)]
struct SowEnd {
    last: usize,
    last_was_empty: bool,
    /// Seeds dropped in the final lap: the length of the path a counting capture walks.
    drops: u32,
    /// Laps sown: 1, and one more for each relay (a lap's last seed lifting the hole
    /// it lands in).
    laps: u32,
}

/// What a move did besides sowing.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveEffect {
    pub captured: u32,
    pub captured_from_opponent_row: u32,
    pub uurs_made: bool,
    /// Laps sown (relay sowing: 1 and one per relay; 0 for a pass).
    pub laps: u32,
}

impl MoveEffect {
    /// Captures and Uurs cannot be undone: positions before them can never recur.
    pub(crate) const fn irreversible(&self) -> bool {
        self.captured > 0 || self.uurs_made
    }
}

/// The sowing needs more lifts than the rules allow (RULES.md §2 endless sowing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Endless;

impl Position {
    /// The ordinary setup with `first` to move.
    pub fn new(rules: Rules, first: Side) -> Position {
        let mut seeds = [0; MAX_HOLES];
        seeds[..rules.holes()].fill(rules.seeds_per_hole);
        let mut pos = Position {
            rules: rules.interned(),
            seeds,
            uur: BySide::default(),
            captured: BySide::default(),
            to_move: first,
            ply: 0,
            legal_cache: None,
            movable: 0,
            must_pass: false,
            outcome: None,
            byte_sowing: false,
        };
        pos.byte_sowing = pos.fits_bytes();
        pos.settle(None);
        pos
    }

    /// Checks a setup against the rules (RULES.md §9 list of refusals).
    pub(crate) fn from_setup(setup: &Setup, rules: Rules) -> Result<Position, SetupError> {
        let holes = rules.holes();
        if setup.board.len() != holes {
            return Err(SetupError::HoleCount {
                got: setup.board.len(),
                expected: holes,
                per_row: rules.holes_per_row,
            });
        }
        let to_move = setup.to_move.ok_or(SetupError::NoSideToMove)?;
        let mut seeds = [0; MAX_HOLES];
        let mut total: u64 = 0;
        for (hole, &count) in setup.board.iter().enumerate() {
            if !(0..=MAX_SEEDS as i64).contains(&count) {
                return Err(SetupError::SeedCount {
                    hole,
                    count,
                    max: MAX_SEEDS,
                });
            }
            seeds[hole] = count as u16;
            total += count as u64;
        }
        let mut captured = BySide::default();
        if let Some(c) = setup.captured {
            for side in Side::BOTH {
                let count = c[side.index()];
                if !(0..=MAX_SEEDS as i64).contains(&count) {
                    return Err(SetupError::CapturedCount {
                        side,
                        count,
                        max: MAX_SEEDS,
                    });
                }
                captured[side] = count as u32;
                total += count as u64;
            }
        }
        if total > MAX_SEEDS as u64 {
            return Err(SetupError::TooManySeeds {
                total,
                max: MAX_SEEDS,
            });
        }
        let mut uur = BySide::default();
        if let Some(list) = &setup.uur {
            if list.len() != holes {
                return Err(SetupError::UurCount {
                    got: list.len(),
                    expected: holes,
                });
            }
            for (hole, owner) in list.iter().enumerate() {
                if let Some(owner) = owner {
                    if !rules.has_uurs() {
                        return Err(SetupError::UurNotInVariant { hole });
                    }
                    uur[*owner] |= 1 << hole;
                }
            }
        }
        let on_board: u32 = seeds.iter().map(|&s| s as u32).sum();
        let splits = rules.remaining == Remaining::SplitEvenly
            || rules.on_repetition == Remaining::SplitEvenly;
        if splits && on_board % 2 == 1 {
            return Err(SetupError::OddSeedsForEvenSplit { total: on_board });
        }
        let ply = match setup.ply {
            None => 0,
            Some(p) => match u32::try_from(p) {
                Ok(p) if p <= MAX_PLY => p,
                _ => return Err(SetupError::Ply(p)),
            },
        };
        let mut pos = Position {
            rules: rules.interned(),
            seeds,
            uur,
            captured,
            to_move,
            ply,
            legal_cache: None,
            movable: 0,
            must_pass: false,
            outcome: None,
            byte_sowing: false,
        };
        pos.byte_sowing = pos.fits_bytes();
        pos.settle(None);
        Ok(pos)
    }

    /// This position with another board, side to move and ply (no Uurs, captured
    /// seeds adjusted so the seeds in play stay the same), settled: for exact tables
    /// that enumerate the boards of a variant without Uurs. The board must hold at
    /// most the seeds in play.
    pub(crate) fn with_board(&self, board: &[u16], to_move: Side, ply: u32) -> Position {
        let mut pos = *self;
        pos.ply = ply;
        let in_play = self.seeds_in_play();
        pos.seeds = [0; MAX_HOLES];
        pos.seeds[..board.len()].copy_from_slice(board);
        let on_board: u32 = board.iter().map(|&s| s as u32).sum();
        pos.uur = BySide::default();
        pos.captured = BySide::new(in_play - on_board, 0);
        pos.to_move = to_move;
        pos.legal_cache = None;
        pos.must_pass = false;
        pos.outcome = None;
        pos.settle(None);
        pos
    }

    /// Whether sowings may run on a [`ByteBoard`]: every hole fits a byte whatever
    /// happens in the game.
    fn fits_bytes(&self) -> bool {
        self.rules.holes() <= ByteBoard::MAX_HOLES && self.seeds_in_play() <= u8::MAX as u32
    }

    /// The position as a [`Setup`], e.g. to store it or hand it to another program.
    #[cfg(test)]
    pub(crate) fn to_setup(self) -> Setup {
        Setup {
            board: self.board().iter().map(|&s| s as i64).collect(),
            to_move: Some(self.to_move),
            uur: Some(self.uur_owners()),
            captured: Some([self.captured.south as i64, self.captured.north as i64]),
            ply: Some(self.ply as i64),
            ..Setup::default()
        }
    }

    pub const fn rules(&self) -> &Rules {
        self.rules
    }

    /// Seeds per hole, `2N` entries in index order.
    pub fn board(&self) -> &[u16] {
        &self.seeds[..self.rules.holes()]
    }

    pub fn seeds_in(&self, hole: usize) -> u16 {
        self.seeds[hole]
    }

    pub fn uur_owner(&self, hole: usize) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&s| self.uur[s] & (1 << hole) != 0)
    }

    /// Bit `h` set for every Uur `side` owns.
    pub(crate) fn uurs_of(&self, side: Side) -> u32 {
        self.uur[side]
    }

    pub fn uur_owners(&self) -> Vec<Option<Side>> {
        (0..self.rules.holes()).map(|h| self.uur_owner(h)).collect()
    }

    pub const fn captured(&self) -> BySide<u32> {
        self.captured
    }

    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    pub const fn ply(&self) -> u32 {
        self.ply
    }

    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Seeds on the board plus seeds captured: constant through a game.
    pub fn seeds_in_play(&self) -> u32 {
        self.board().iter().map(|&s| s as u32).sum::<u32>()
            + self.captured.south
            + self.captured.north
    }

    /// Seeds on the board in `side`'s row.
    pub fn row_total(&self, side: Side) -> u32 {
        self.seeds[self.row(side)].iter().map(|&s| s as u32).sum()
    }

    pub fn key(&self) -> PositionKey {
        PositionKey {
            seeds: self.seeds,
            uur: self.uur,
            to_move: self.to_move,
        }
    }

    /// A 64-bit hash of [`Position::key`] for transposition tables.
    pub fn hash(&self) -> u64 {
        with_board_size!(self.rules.holes(), H => self.hash_for::<H>())
    }

    fn hash_for<const H: usize>(&self) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut h: u64 = (self.to_move.index() as u64 + 1).wrapping_mul(K);
        let holes = self.holes::<H>();
        // Four holes a word; past the last hole the lanes are 0.
        let (quads, _) = self.seeds.as_chunks::<4>();
        for quad in quads.iter().take(holes.div_ceil(4)) {
            h = (h ^ quad_word(quad)).wrapping_mul(K).rotate_left(29);
        }
        h ^= (self.uur.south as u64 | (self.uur.north as u64) << 32)
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^ (h >> 31)
    }

    /// The legal moves of the side to move, ascending; empty once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.outcome.is_some() {
            return list;
        }
        if self.must_pass {
            list.push(Move::PASS);
            return list;
        }
        let mut mask = self.mover_legal_mask();
        while mask != 0 {
            list.push(Move::from_hole(mask.trailing_zeros() as usize));
            mask &= mask - 1;
        }
        list
    }

    /// Number of legal moves, without building the list.
    pub fn legal_count(&self) -> u32 {
        if self.outcome.is_some() {
            0
        } else if self.must_pass {
            1
        } else {
            self.mover_legal_mask().count_ones()
        }
    }

    pub fn is_legal(&self, m: Move) -> bool {
        match m.hole() {
            _ if self.outcome.is_some() => false,
            None => self.must_pass,
            Some(h) => {
                !self.must_pass
                    && h < MAX_HOLES
                    && self.candidates(self.to_move) & (1 << h) != 0
                    && if self.rules.needs_whole_move_for_legality() {
                        self.mover_legal_mask() & (1 << h) != 0
                    } else {
                        with_board_size!(self.rules.holes(), H => self.sowing_ends::<H>(h))
                    }
            }
        }
    }

    /// Legal holes of the side to move (not counting a pass).
    fn mover_legal_mask(&self) -> u32 {
        match self.legal_cache {
            Some(mask) => mask,
            None => self.legal_mask(self.to_move),
        }
    }

    /// The side to move may only pass (Tihbat).
    pub(crate) const fn must_pass(&self) -> bool {
        self.must_pass
    }

    /// Holes of the side to move that may start a move as far as their seeds and
    /// Uurs go (RULES.md "candidates"); the legal moves are a subset.
    pub(crate) fn candidate_mask(&self) -> u32 {
        self.candidates(self.to_move)
    }

    fn row(&self, side: Side) -> std::ops::Range<usize> {
        let n = self.rules.holes_per_row as usize;
        side.index() * n..(side.index() + 1) * n
    }

    /// Holes on the board: `H` where the code is compiled for one board size (see
    /// [`with_board_size`]), otherwise read from the rules.
    #[inline(always)]
    fn holes<const H: usize>(&self) -> usize {
        debug_assert!(H == 0 || H == self.rules.holes());
        if H == 0 { self.rules.holes() } else { H }
    }

    fn owner_of_row<const H: usize>(&self, hole: usize) -> Side {
        if hole < self.holes::<H>() / 2 {
            Side::South
        } else {
            Side::North
        }
    }

    fn opposite<const H: usize>(&self, hole: usize) -> usize {
        self.holes::<H>() - 1 - hole
    }

    fn uur_mask(&self) -> u32 {
        self.uur.south | self.uur.north
    }

    /// Holes of `side`'s row that may start a move before sowing is considered.
    fn candidates(&self, side: Side) -> u32 {
        self.movable & self.row_mask::<0>(side)
    }

    /// The first lap from `origin` visibly ends the sowing (its last seed lands in a
    /// hole that is empty now, or in an Uur): a legal sowing of one lift, no
    /// simulation needed.
    #[inline]
    fn first_lap_ends<const H: usize>(&self, origin: usize) -> bool {
        let holes = self.holes::<H>();
        let mut hand = self.seeds[origin] as usize;
        if self.rules.origin_first {
            hand -= 1;
            if hand == 0 {
                return true;
            }
        }
        if hand >= holes {
            return false;
        }
        let mut last = origin + hand;
        if last >= holes {
            last -= holes;
        }
        self.seeds[last] == 0 || self.uur_mask() & (1 << last) != 0
    }

    /// The sowing from `origin` ends within the lift limit (RULES.md §2 endless
    /// sowing). `origin` must be a candidate.
    #[inline]
    fn sowing_ends<const H: usize>(&self, origin: usize) -> bool {
        if self.rules.sowing == Sowing::SingleLap || self.first_lap_ends::<H>(origin) {
            return true;
        }
        self.sowing_ends_simulated::<H>(origin)
    }

    /// Whether the sowing from `origin` ends, simulated on a copy of the board.
    #[inline]
    fn sowing_ends_simulated<const H: usize>(&self, origin: usize) -> bool {
        if self.byte_sowing {
            let mut board = ByteBoard::pack(&self.seeds);
            self.sow::<H, _>(&mut board, origin).is_ok()
        } else {
            let mut seeds = self.seeds;
            self.sow::<H, _>(&mut seeds, origin).is_ok()
        }
    }

    /// Sows from `origin` (RULES.md §2): origin first, laps, relay and the
    /// endless-sowing limit all come from the rules. The one sowing, on either
    /// board: packed a byte a hole and kept in registers from lap to lap (only where
    /// [`Position::fits_bytes`]), or as stored.
    #[inline(always)]
    fn sow<const H: usize, B: SowingBoard>(
        &self,
        board: &mut B,
        origin: usize,
    ) -> Result<SowEnd, Endless> {
        let holes = self.holes::<H>();
        let relay = self.rules.sowing == Sowing::Relay;
        let uurs = self.uur_mask();
        let mut hand = board.take(origin);
        let mut from = origin;
        let mut drops = hand;
        let mut lifts = 1;
        if self.rules.origin_first {
            board.add_one_at(origin);
            hand -= 1;
            if hand == 0 {
                return Ok(SowEnd {
                    last: origin,
                    last_was_empty: true,
                    drops,
                    laps: lifts,
                });
            }
        }
        loop {
            let (last, now) = board.sow_lap::<H>(holes, from, hand);
            let last_was_empty = now == 1;
            if relay && !last_was_empty && uurs & (1 << last) == 0 {
                lifts += 1;
                if lifts > self.rules.max_lifts {
                    return Err(Endless);
                }
                // The hole holds what the lap left in it: lifting it reads nothing,
                // so the next lap need not wait for this one's seeds to be added.
                board.empty(last);
                hand = now;
                from = last;
                drops = hand;
                continue;
            }
            return Ok(SowEnd {
                last,
                last_was_empty,
                drops,
                laps: lifts,
            });
        }
    }

    /// What the mover takes when the sowing has ended (the capture rules of §3–§7).
    fn resolve_capture<const H: usize>(&mut self, mover: Side, end: SowEnd) -> MoveEffect {
        let mut effect = MoveEffect::default();
        if self.ply == 0 && !self.rules.first_move_captures {
            return effect;
        }
        let last = end.last;
        match self.rules.capture {
            Capture::Opposite {
                with_last_seed,
                uur_at,
            } => {
                let uurs = self.uur_mask();
                if uurs & (1 << last) != 0
                    || !end.last_was_empty
                    || self.owner_of_row::<H>(last) != mover
                {
                    return effect;
                }
                let opposite = self.opposite::<H>(last);
                let across = self.seeds[opposite];
                if uurs & (1 << opposite) != 0 || across == 0 {
                    return effect;
                }
                if uur_at == Some(across) {
                    self.seeds[opposite] -= 1;
                    self.seeds[last] += 1;
                    self.uur[mover] |= (1 << opposite) | (1 << last);
                    effect.uurs_made = true;
                    return effect;
                }
                let mut taken = across as u32;
                self.seeds[opposite] = 0;
                effect.captured_from_opponent_row = taken;
                if with_last_seed {
                    taken += self.seeds[last] as u32;
                    self.seeds[last] = 0;
                }
                effect.captured = taken;
            }
            Capture::Counts { counts, rows } => {
                let holes = self.holes::<H>();
                let own_only = rows == CaptureRows::Own;
                let takes = |n: u16| n < 64 && counts & (1u64 << n) != 0;
                let steps = (end.drops as usize).min(holes);
                let mut hole = last;
                for _ in 0..steps {
                    if own_only && self.owner_of_row::<H>(hole) != mover {
                        break;
                    }
                    let n = self.seeds[hole];
                    if !takes(n) {
                        break;
                    }
                    self.seeds[hole] = 0;
                    effect.captured += n as u32;
                    if self.owner_of_row::<H>(hole) != mover {
                        effect.captured_from_opponent_row += n as u32;
                    }
                    hole = if hole == 0 { holes - 1 } else { hole - 1 };
                }
            }
        }
        self.captured[mover] += effect.captured;
        effect
    }

    /// Plays `m` for the side to move: sows, captures, passes the turn. End rules are
    /// the caller's ([`Position::settle`]) because repetition is checked first.
    fn make_move(&mut self, m: Move) -> Result<MoveEffect, Endless> {
        with_board_size!(self.rules.holes(), H => self.make_move_for::<H>(m))
    }

    fn make_move_for<const H: usize>(&mut self, m: Move) -> Result<MoveEffect, Endless> {
        let mover = self.to_move;
        let effect = match m.hole() {
            None => MoveEffect::default(),
            Some(origin) => {
                let end = if self.byte_sowing {
                    let mut board = ByteBoard::pack(&self.seeds);
                    let end = self.sow::<H, _>(&mut board, origin)?;
                    board.unpack(&mut self.seeds);
                    end
                } else {
                    let mut seeds = self.seeds;
                    let end = self.sow::<H, _>(&mut seeds, origin)?;
                    self.seeds = seeds;
                    end
                };
                let laps = end.laps;
                MoveEffect {
                    laps,
                    ..self.resolve_capture::<H>(mover, end)
                }
            }
        };
        self.to_move = !mover;
        // Saturating: from MAX_PLY, 2^31 more moves than any game has seen.
        self.ply = self.ply.saturating_add(1);
        self.legal_cache = None;
        Ok(effect)
    }

    /// Whether `origin` is a legal move for `side`, as if it were `side`'s turn.
    fn move_is_legal_for<const H: usize>(
        &self,
        side: Side,
        origin: usize,
        opponent_row_was_empty: bool,
    ) -> MoveCheck {
        let needs_full_play =
            self.rules.forbid_grand_slam || (self.rules.must_feed && opponent_row_was_empty);
        if !needs_full_play {
            return if self.sowing_ends::<H>(origin) {
                MoveCheck::Legal { feeds: true }
            } else {
                MoveCheck::Illegal
            };
        }
        let mut after = *self;
        after.to_move = side;
        let Ok(effect) = after.make_move_for::<H>(Move::from_hole(origin)) else {
            return MoveCheck::Illegal;
        };
        let opponent_row_left = after.row_total_for::<H>(!side);
        if self.rules.forbid_grand_slam
            && effect.captured_from_opponent_row > 0
            && opponent_row_left == 0
        {
            return MoveCheck::Illegal;
        }
        MoveCheck::Legal {
            feeds: opponent_row_left > 0,
        }
    }

    /// Legal holes of `side` as a bit mask: candidates, minus endless sowings and grand
    /// slams, narrowed by feeding (RULES.md §5 "The legal moves are ...").
    pub(crate) fn legal_mask(&self, side: Side) -> u32 {
        with_board_size!(self.rules.holes(), H => self.legal_mask_for::<H>(side))
    }

    fn legal_mask_for<const H: usize>(&self, side: Side) -> u32 {
        let candidates = self.movable & self.row_mask::<H>(side);
        let opponent_row_was_empty = self.rules.must_feed && self.row_total_for::<H>(!side) == 0;
        let mut legal = 0;
        let mut feeding = 0;
        let mut rest = candidates;
        while rest != 0 {
            let origin = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if let MoveCheck::Legal { feeds } =
                self.move_is_legal_for::<H>(side, origin, opponent_row_was_empty)
            {
                legal |= 1 << origin;
                if feeds {
                    feeding |= 1 << origin;
                }
            }
        }
        if opponent_row_was_empty && feeding != 0 {
            feeding
        } else {
            legal
        }
    }

    /// Whether `side` has any legal move, as if it were their turn, given the
    /// candidates that visibly end (`quick`, see [`Position::quick_ends`]); simulates
    /// sowings only when the row has none.
    fn has_legal_move<const H: usize>(&self, side: Side, quick: u32) -> bool {
        if self.rules.needs_whole_move_for_legality() {
            if side == self.to_move
                && let Some(mask) = self.legal_cache
            {
                return mask != 0;
            }
            return self.legal_mask_for::<H>(side) != 0;
        }
        let row = self.row_mask::<H>(side);
        quick & row != 0 || self.some_sowing_ends::<H>(self.movable & row & !quick)
    }

    /// Bit mask of `side`'s row.
    fn row_mask<const H: usize>(&self, side: Side) -> u32 {
        let n = (self.holes::<H>() / 2) as u32;
        ((1u32 << n) - 1) << (side.index() as u32 * n)
    }

    /// [`Position::row_total`] for a board of `H` holes.
    fn row_total_for<const H: usize>(&self, side: Side) -> u32 {
        let n = self.holes::<H>() / 2;
        let row = side.index() * n..(side.index() + 1) * n;
        self.seeds[row].iter().map(|&s| s as u32).sum()
    }

    /// Candidates of both rows, and those among them whose first lap visibly ends
    /// ([`Position::first_lap_ends`]), with bit masks instead of per-hole branches.
    #[inline]
    fn quick_ends<const H: usize>(&self) -> (u32, u32) {
        let holes = self.holes::<H>();
        let min = self.rules.min_seeds_to_move;
        let uurs = self.uur_mask();
        // Holes a last seed would end in: empty ones and Uurs, twice over so that a
        // lap running past the last hole reads the right bit without a modulo.
        let board = &self.seeds[..holes];
        let (empty, movable) = hole_masks(&self.seeds, holes, min);
        let sinks = u64::from(empty | uurs);
        let sinks = sinks | sinks << holes;
        let candidates = movable & !uurs;
        // Bit `origin` of `sinks >> hand` is the hole the last seed of the first lap
        // lands in. A lap that goes round (hand >= holes) is read as landing in its
        // own origin, which for a candidate is never a sink: not visibly ending.
        let mut quick = 0u32;
        if self.rules.origin_first {
            for (origin, &n) in board.iter().enumerate() {
                let hand = (n as usize).saturating_sub(1).min(holes);
                quick |= (sinks >> hand) as u32 & (1 << origin);
            }
            // A single seed goes straight back into the origin: the sowing ends.
            quick |= holding_exactly_one(&self.seeds, holes);
        } else {
            for (origin, &n) in board.iter().enumerate() {
                quick |= (sinks >> (n as usize).min(holes)) as u32 & (1 << origin);
            }
        }
        (candidates, quick & candidates)
    }

    /// Whether the sowing of any hole in `candidates` ends (simulated, in order).
    fn some_sowing_ends<const H: usize>(&self, mut candidates: u32) -> bool {
        while candidates != 0 {
            let origin = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if self.sowing_ends_simulated::<H>(origin) {
                return true;
            }
        }
        false
    }

    /// Applies the end rules to a new position: caches the legal moves of the side to
    /// move, or ends the game. `last_mover` is `None` for a starting position.
    pub(crate) fn settle(&mut self, last_mover: Option<Side>) {
        with_board_size!(self.rules.holes(), H => self.settle_for::<H>(last_mover))
    }

    fn settle_for<const H: usize>(&mut self, last_mover: Option<Side>) {
        let holes = self.holes::<H>();
        let side = self.to_move;
        self.must_pass = false;
        self.legal_cache = None;
        // Candidates, and those known legal without simulating: for a relay the ones
        // whose first lap visibly ends, for a single lap all of them.
        let quick = if self.rules.sowing == Sowing::Relay {
            let (movable, quick) = self.quick_ends::<H>();
            self.movable = movable;
            quick
        } else {
            self.movable = holding_at_least(&self.seeds, holes, self.rules.min_seeds_to_move)
                & !self.uur_mask();
            self.movable
        };
        if self.rules.needs_whole_move_for_legality() {
            self.legal_cache = Some(self.legal_mask_for::<H>(side));
        }
        match self.rules.end {
            EndRule::AllCaptured => {
                if self.seeds[..holes].iter().all(|&s| s == 0) {
                    self.finish(EndReason::AllCaptured, last_mover);
                } else if !self.has_legal_move::<H>(side, quick) {
                    self.must_pass = true;
                }
            }
            EndRule::PlayerToMoveStuck => {
                if !self.has_legal_move::<H>(side, quick) {
                    self.finish(EndReason::NoMoves, last_mover);
                }
            }
            EndRule::EitherPlayerStuck => {
                if !self.has_legal_move::<H>(side, quick) || !self.has_legal_move::<H>(!side, quick)
                {
                    self.finish(EndReason::NoMoves, last_mover);
                }
            }
        }
    }

    /// Ends the game: hands out the seeds on the board and decides the winner.
    pub(crate) fn finish(&mut self, end: EndReason, last_mover: Option<Side>) {
        let rule = if end == EndReason::Repetition {
            self.rules.on_repetition
        } else {
            self.rules.remaining
        };
        let mut score = self.captured;
        match rule {
            Remaining::OwnRow => {
                for hole in 0..self.rules.holes() {
                    let owner = self
                        .uur_owner(hole)
                        .unwrap_or_else(|| self.owner_of_row::<0>(hole));
                    score[owner] += self.seeds[hole] as u32;
                }
            }
            Remaining::LastMover => {
                let taker = last_mover.unwrap_or(!self.to_move);
                score[taker] += self.board().iter().map(|&s| s as u32).sum::<u32>();
            }
            Remaining::SplitEvenly => {
                let half = self.board().iter().map(|&s| s as u32).sum::<u32>() / 2;
                score.south += half;
                score.north += half;
            }
        }
        let winner = match score.south.cmp(&score.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        self.must_pass = false;
        self.legal_cache = Some(0);
        self.outcome = Some(Outcome { score, winner, end });
    }

    /// Plays `m` without the end rules (see [`super::Game`]). `m` must be legal.
    pub(crate) fn apply_legal(&mut self, m: Move) -> MoveEffect {
        self.make_move(m)
            .expect("a legal move always ends its sowing")
    }

    /// Plays the candidate `m` without the end rules if its sowing ends; an endless
    /// sowing leaves the position unchanged. Only a legal move when
    /// [`Rules::needs_whole_move_for_legality`] is false.
    pub(crate) fn try_apply(&mut self, m: Move) -> Result<MoveEffect, Endless> {
        self.make_move(m)
    }
}

enum MoveCheck {
    Illegal,
    Legal { feeds: bool },
}

/// Bits `0..n` set (`n` up to 32).
#[inline(always)]
const fn low_bits(n: usize) -> u32 {
    ((1u64 << n) - 1) as u32
}

/// The high bit of each of the four 16-bit lanes of a word.
#[cfg(not(target_arch = "x86_64"))]
const LANE_HIGH: u64 = 0x8000_8000_8000_8000;

/// Holes `4k..4k + 4` as the four 16-bit lanes of one word, hole `4k` lowest.
#[inline(always)]
fn quad_word(quad: &[u16; 4]) -> u64 {
    u64::from(quad[0])
        | u64::from(quad[1]) << 16
        | u64::from(quad[2]) << 32
        | u64::from(quad[3]) << 48
}

/// Bits 0..4 of the result: which lanes of `t` have their high bit set (`t` holds
/// nothing but lane high bits). One multiplication moves the four bits, which sit
/// 16 apart, next to each other at bits 48..52 without carries.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
const fn lane_bits(t: u64) -> u32 {
    const GATHER: u64 = 1 << 48 | 1 << 33 | 1 << 18 | 1 << 3;
    ((t >> 15).wrapping_mul(GATHER) >> 48) as u32 & 15
}

/// Bit masks of the holes `0..holes` of the board that hold no seeds, and of those
/// that hold at least `min`: eight holes to a vector compare, sixteen to a mask.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn hole_masks(seeds: &Seeds, holes: usize, min: u16) -> (u32, u32) {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi16, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16,
        _mm_set1_epi16, _mm_setzero_si128, _mm_subs_epu16,
    };
    // SAFETY: SSE2 is part of every x86_64 processor; each unaligned load reads
    // eight holes of the 32-hole array, inside it.
    unsafe {
        let zero = _mm_setzero_si128();
        // `min` minus a hole's seeds, saturating at 0, is 0 exactly where the hole
        // holds at least `min`.
        let mins = _mm_set1_epi16(min as i16);
        // A lane compared true is all ones, and packs to a byte whose top bit is set.
        let sixteen = |from: usize| {
            let low: __m128i = _mm_loadu_si128(seeds.as_ptr().add(from).cast());
            let high: __m128i = _mm_loadu_si128(seeds.as_ptr().add(from + 8).cast());
            let empty = _mm_packs_epi16(_mm_cmpeq_epi16(low, zero), _mm_cmpeq_epi16(high, zero));
            let at_least = _mm_packs_epi16(
                _mm_cmpeq_epi16(_mm_subs_epu16(mins, low), zero),
                _mm_cmpeq_epi16(_mm_subs_epu16(mins, high), zero),
            );
            (
                _mm_movemask_epi8(empty) as u32,
                _mm_movemask_epi8(at_least) as u32,
            )
        };
        let (mut empty, mut at_least) = sixteen(0);
        if holes > 16 {
            let (e, m) = sixteen(16);
            empty |= e << 16;
            at_least |= m << 16;
        }
        let empty = empty & low_bits(holes);
        let movable = if min <= 1 { !empty } else { at_least };
        (empty, movable & low_bits(holes))
    }
}

/// Bit masks of the holes `0..holes` of the board that hold no seeds, and of those
/// that hold at least `min`, four holes to a word (holes past `holes` are empty and
/// masked off).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn hole_masks(seeds: &Seeds, holes: usize, min: u16) -> (u32, u32) {
    const LOW: u64 = !LANE_HIGH;
    if min > 0x8000 {
        return hole_masks_by_hole(seeds, holes, min);
    }
    // Lane `x` minus `min` from `x | 0x8000` never borrows from the next lane, and
    // its high bit (or that of `x`) says `x >= min`.
    let mins = u64::from(min) * 0x0001_0001_0001_0001;
    let (mut empty, mut movable) = (0u32, 0u32);
    let (quads, _) = seeds.as_chunks::<4>();
    for (k, quad) in quads.iter().take(holes.div_ceil(4)).enumerate() {
        let w = quad_word(quad);
        let nonzero = (((w & LOW) + LOW) | w) & LANE_HIGH;
        empty |= lane_bits(!nonzero & LANE_HIGH) << (4 * k);
        if min > 1 {
            let at_least = (((w | LANE_HIGH) - mins) | w) & LANE_HIGH;
            movable |= lane_bits(at_least) << (4 * k);
        }
    }
    let empty = empty & low_bits(holes);
    if min <= 1 {
        movable = !empty;
    }
    (empty, movable & low_bits(holes))
}

/// [`hole_masks`] one hole at a time, for any `min`.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn hole_masks_by_hole(seeds: &Seeds, holes: usize, min: u16) -> (u32, u32) {
    let (mut empty, mut movable) = (0u32, 0u32);
    for (h, &n) in seeds[..holes].iter().enumerate() {
        empty |= u32::from(n == 0) << h;
        movable |= u32::from(n >= min) << h;
    }
    (empty, movable)
}

/// Bit `h` set for every hole `h < holes` holding exactly one seed.
fn holding_exactly_one(seeds: &Seeds, holes: usize) -> u32 {
    let mut ones = 0;
    for (h, &n) in seeds[..holes].iter().enumerate() {
        ones |= u32::from(n == 1) << h;
    }
    ones
}

/// Bit `h` set for every hole `h < holes` holding at least `min` seeds.
#[inline(always)]
fn holding_at_least(seeds: &Seeds, holes: usize, min: u16) -> u32 {
    hole_masks(seeds, holes, min).1
}

/// `SPREAD[n]` has lane `j` (bits `16j..16j + 16`) set to bit `j` of `n`: four
/// holes' increments as one word.
const SPREAD: [u64; 16] = {
    let mut table = [0; 16];
    let mut n = 0;
    while n < 16 {
        let mut j = 0;
        while j < 4 {
            table[n] |= ((n as u64 >> j) & 1) << (16 * j);
            j += 1;
        }
        n += 1;
    }
    table
};

/// Adds one seed to every hole `h < holes` whose bit is set in `mask`, four holes
/// to a word without branches on the seeds. A lane never carries into the next: no
/// hole can hold more than the seeds in play, at most `u16::MAX`.
#[inline(always)]
fn add_one_where(seeds: &mut Seeds, holes: usize, mask: u32) {
    let (quads, _) = seeds.as_chunks_mut::<4>();
    for (k, quad) in quads.iter_mut().take(holes.div_ceil(4)).enumerate() {
        let w = quad_word(quad) + SPREAD[(mask >> (4 * k)) as usize & 15];
        *quad = [
            w as u16,
            (w >> 16) as u16,
            (w >> 32) as u16,
            (w >> 48) as u16,
        ];
    }
}

/// A board a sowing runs on ([`Position::sow`]): the board as stored, or packed
/// ([`ByteBoard`]).
trait SowingBoard {
    /// Empties `hole` and returns what it held.
    fn take(&mut self, hole: usize) -> u32;
    /// Empties `hole` (a relay lifting seeds whose number the lap already knows).
    fn empty(&mut self, hole: usize);
    fn add_one_at(&mut self, hole: usize);
    /// Drops `count` seeds one a hole after `from`; returns the hole of the last
    /// seed and what it holds now.
    fn sow_lap<const H: usize>(&mut self, holes: usize, from: usize, count: u32) -> (usize, u32);
}

impl SowingBoard for Seeds {
    #[inline(always)]
    fn take(&mut self, hole: usize) -> u32 {
        std::mem::take(&mut self[hole]) as u32
    }
    #[inline(always)]
    fn empty(&mut self, hole: usize) {
        self[hole] = 0;
    }
    #[inline(always)]
    fn add_one_at(&mut self, hole: usize) {
        self[hole] += 1;
    }
    #[inline(always)]
    fn sow_lap<const H: usize>(&mut self, holes: usize, from: usize, count: u32) -> (usize, u32) {
        let last = sow_lap(self, holes, from, count);
        (last, self[last] as u32)
    }
}

/// A board of at most 16 holes whose holes each hold at most 255 seeds, a byte a
/// hole (hole `h` in bits `8h..8h + 8`) in one `u128`: a sowing keeps it in registers
/// and drops a lap's seeds with one addition, where the board as stored (`u16` a
/// hole) goes through memory on every lap.
#[derive(Clone, Copy, Debug)]
struct ByteBoard(u128);

impl ByteBoard {
    const MAX_HOLES: usize = 16;
    /// One seed in each of the 16 bytes.
    const ONES: u128 = u128::MAX / 0xFF;

    /// One seed in each of the first `n` holes (`n` up to 16).
    #[inline(always)]
    const fn ones(n: usize) -> u128 {
        if n == 0 {
            0
        } else {
            Self::ONES >> (8 * (16 - n))
        }
    }

    /// Holes `0..16` of `seeds`, each below 256 (a board of fewer holes has its
    /// last holes empty, so they pack to empty bytes).
    #[inline(always)]
    fn pack(seeds: &Seeds) -> ByteBoard {
        debug_assert!(
            seeds[..Self::MAX_HOLES]
                .iter()
                .all(|&n| n <= u16::from(u8::MAX))
        );
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_packus_epi16};
            // One vector narrowing; written as sixteen lanes, the compiler moved the
            // lanes one at a time.
            // SAFETY: SSE2 is part of every x86_64 processor; the two unaligned loads
            // read holes 0..8 and 8..16 of the array, inside it; every lane is below
            // 256, so the saturating pack keeps each value as it is.
            unsafe {
                let low = _mm_loadu_si128(seeds.as_ptr().cast());
                let high = _mm_loadu_si128(seeds.as_ptr().add(8).cast());
                ByteBoard(std::mem::transmute::<__m128i, u128>(_mm_packus_epi16(
                    low, high,
                )))
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        ByteBoard(u128::from_le_bytes(std::array::from_fn(|h| seeds[h] as u8)))
    }

    /// Writes the board back into holes `0..16` of `seeds` (the bytes past the
    /// board's last hole are empty, as those holes are) in two 16-byte stores, so
    /// that reading the key right after a move does not wait on many small stores.
    #[inline(always)]
    fn unpack(self, seeds: &mut Seeds) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_setzero_si128, _mm_storeu_si128, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
            };
            // SAFETY: SSE2 is part of every x86_64 processor; the two unaligned stores
            // write holes 0..8 and 8..16 of the array, inside it.
            unsafe {
                let bytes = std::mem::transmute::<u128, __m128i>(self.0);
                let zero = _mm_setzero_si128();
                _mm_storeu_si128(seeds.as_mut_ptr().cast(), _mm_unpacklo_epi8(bytes, zero));
                _mm_storeu_si128(
                    seeds.as_mut_ptr().add(8).cast(),
                    _mm_unpackhi_epi8(bytes, zero),
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let bytes = self.0.to_le_bytes();
            for (seeds, &n) in seeds.iter_mut().zip(&bytes) {
                *seeds = u16::from(n);
            }
        }
    }

    /// What `hole` holds: a shift within the half holding it (shifting all 128 bits
    /// by a variable amount takes several dependent steps).
    #[inline(always)]
    fn get(self, hole: usize) -> u32 {
        let half = if hole < 8 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        (half >> (8 * (hole & 7))) as u32 & 0xFF
    }

    /// `ALL_BUT[h]` keeps every byte but hole `h`'s: emptying a hole is one `and`.
    const ALL_BUT: [u128; Self::MAX_HOLES] = {
        let mut masks = [0; Self::MAX_HOLES];
        let mut h = 0;
        while h < Self::MAX_HOLES {
            masks[h] = !(0xFF << (8 * h));
            h += 1;
        }
        masks
    };
}

impl SowingBoard for ByteBoard {
    /// Empties `hole` and returns what it held.
    #[inline(always)]
    fn take(&mut self, hole: usize) -> u32 {
        let n = self.get(hole);
        self.empty(hole);
        n
    }

    #[inline(always)]
    fn empty(&mut self, hole: usize) {
        self.0 &= Self::ALL_BUT[hole];
    }

    #[inline(always)]
    fn add_one_at(&mut self, hole: usize) {
        self.0 += 1 << (8 * hole);
    }

    /// [`sow_lap`] on the packed board: drops `count` seeds one a hole after `from`
    /// and returns the hole of the last seed and what it holds now. No byte carries
    /// into the next, as no hole ever holds more than the seeds in play.
    #[inline(always)]
    fn sow_lap<const H: usize>(&mut self, holes: usize, from: usize, count: u32) -> (usize, u32) {
        let mut rest = count as usize;
        if rest >= holes {
            // Whole rounds drop one seed in every hole, the origin included.
            self.0 += Self::ones(holes) * (rest / holes) as u128;
            rest %= holes;
            if rest == 0 {
                return (from, self.get(from));
            }
        }
        let last = from + rest;
        let last = if last >= holes { last - holes } else { last };
        // The last hole holds one more than before the run is added: read it from the
        // board before, so that the next lap need not wait for the addition.
        let now = self.get(last) + 1;
        self.0 += if H == 0 {
            Self::run(holes, from, rest)
        } else {
            Runs::<H>::TABLE[from][rest]
        };
        (last, now)
    }
}

impl ByteBoard {
    /// One seed in each of the `rest` holes after `from` (rest < holes), wrapping
    /// round the ring of `holes` bytes: a run of `rest` ones rotated by `from + 1`.
    const fn run(holes: usize, from: usize, rest: usize) -> u128 {
        let run = Self::ones(rest);
        let shift = 8 * (from + 1) as u32;
        let ahead = match run.checked_shl(shift) {
            Some(r) => r & Self::ones(holes).wrapping_mul(0xFF),
            None => 0,
        };
        ahead | run >> (8 * holes as u32 - shift)
    }
}

/// [`ByteBoard::run`] for every `from` and `rest` of a board of `H` holes, looked up
/// instead of shifting a `u128` by variable amounts on every lap.
struct Runs<const H: usize>;

impl<const H: usize> Runs<H> {
    const TABLE: [[u128; ByteBoard::MAX_HOLES]; ByteBoard::MAX_HOLES] = {
        let mut table = [[0; ByteBoard::MAX_HOLES]; ByteBoard::MAX_HOLES];
        let mut from = 0;
        while from < H && H <= ByteBoard::MAX_HOLES {
            let mut rest = 0;
            while rest < H {
                table[from][rest] = ByteBoard::run(H, from, rest);
                rest += 1;
            }
            from += 1;
        }
        table
    };
}

/// Drops `count` seeds one a hole after `from`; returns the hole of the last seed.
#[inline(always)]
fn sow_lap(seeds: &mut Seeds, holes: usize, from: usize, count: u32) -> usize {
    let mut rest = count as usize;
    if rest >= holes {
        // Whole rounds drop one seed in every hole, the origin included.
        let rounds = (rest / holes) as u16;
        rest %= holes;
        for s in &mut seeds[..holes] {
            *s += rounds;
        }
        if rest == 0 {
            return from;
        }
    }
    // The rest fill the `rest` holes after `from`, wrapping round past the last.
    let run = ((1u64 << rest) - 1) << (from + 1);
    let run = (run | run >> holes) as u32 & low_bits(holes);
    add_one_where(seeds, holes, run);
    let last = from + rest;
    if last >= holes { last - holes } else { last }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::Variant;

    /// A small deterministic generator (SplitMix64) for the boards below.
    struct Mix(crate::seeds::SplitMix64);

    impl Mix {
        fn new(seed: u64) -> Mix {
            Mix(crate::seeds::SplitMix64(seed))
        }

        fn next(&mut self) -> u64 {
            self.0.next_u64()
        }

        /// Mostly small counts, some around the lane limits of `hole_masks`.
        fn seeds(&mut self) -> u16 {
            match self.next() % 8 {
                0..=4 => (self.next() % 6) as u16,
                5 => (self.next() % 40) as u16,
                6 => [0x7FFF, 0x8000, 0x8001, 0xFFFF][self.next() as usize % 4],
                _ => self.next() as u16,
            }
        }
    }

    #[test]
    fn hole_masks_agree_with_one_hole_at_a_time() {
        let mut rng = Mix::new(1);
        for _ in 0..20_000 {
            let holes = 2 * (1 + rng.next() as usize % MAX_HOLES_PER_ROW);
            let mut seeds = [0; MAX_HOLES];
            for s in &mut seeds[..holes] {
                *s = rng.seeds();
            }
            let min = match rng.next() % 4 {
                0 => 1,
                1 => 2,
                2 => rng.seeds().max(1),
                _ => [0x7FFF, 0x8000, 0x8001, 0xFFFF][rng.next() as usize % 4],
            };
            assert_eq!(
                hole_masks(&seeds, holes, min),
                hole_masks_by_hole(&seeds, holes, min),
                "{:?} min {min}",
                &seeds[..holes]
            );
        }
    }

    /// The hash as first written, one hole at a time: search tables depend on its
    /// values staying the same.
    fn hash_one_hole_at_a_time(pos: &Position) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut h: u64 = (pos.to_move.index() as u64 + 1).wrapping_mul(K);
        for chunk in pos.board().chunks(4) {
            let mut word = 0u64;
            for (i, &s) in chunk.iter().enumerate() {
                word |= (s as u64) << (16 * i);
            }
            h = (h ^ word).wrapping_mul(K).rotate_left(29);
        }
        h ^= (pos.uur.south as u64 | (pos.uur.north as u64) << 32)
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^ (h >> 31)
    }

    /// Rule sets of every board size the engine compiles for, and two it does not.
    fn rule_sets() -> Vec<Rules> {
        let mut sets: Vec<Rules> = Variant::presets().into_iter().map(|v| v.rules).collect();
        for (per_row, origin_first) in [(5, true), (7, false), (16, true)] {
            let mut f = Variant::preset("layli-goobalay").unwrap().to_file();
            f.holes_per_row = per_row;
            f.seeds_per_hole = 2;
            f.origin_first = origin_first;
            f.max_lifts = 50;
            sets.push(f.validate().unwrap().rules);
        }
        sets
    }

    /// A random valid position of `rules`, with Uurs where the rules have them.
    fn random_position(rules: Rules, rng: &mut Mix) -> Position {
        let holes = rules.holes();
        let mut board: Vec<i64> = (0..holes).map(|_| i64::from(rng.seeds() % 64)).collect();
        if rules.remaining == Remaining::SplitEvenly && board.iter().sum::<i64>() % 2 == 1 {
            board[0] += 1;
        }
        let uur = rules.has_uurs().then(|| {
            (0..holes)
                .map(|_| match rng.next() % 10 {
                    0 => Some(Side::South),
                    1 => Some(Side::North),
                    _ => None,
                })
                .collect()
        });
        let setup = Setup {
            board,
            to_move: Some(if rng.next().is_multiple_of(2) {
                Side::South
            } else {
                Side::North
            }),
            uur,
            ..Setup::default()
        };
        Position::from_setup(&setup, rules).unwrap()
    }

    #[test]
    fn word_hash_equals_the_hash_by_hole() {
        let mut rng = Mix::new(2);
        for rules in rule_sets() {
            for _ in 0..2_000 {
                let pos = random_position(rules, &mut rng);
                assert_eq!(pos.hash(), hash_one_hole_at_a_time(&pos), "{pos:?}");
            }
        }
    }

    /// Sowing on the packed board ends where, when and how sowing hole by hole does,
    /// leaving the same board, on every board size it serves and every sowing rule.
    #[test]
    fn byte_sowing_is_sowing_by_hole() {
        let mut rng = Mix::new(4);
        let mut endless = 0;
        for rules in rule_sets() {
            let holes = rules.holes();
            if holes > ByteBoard::MAX_HOLES {
                continue;
            }
            for sowing in [Sowing::Relay, Sowing::SingleLap] {
                let mut rules = rules;
                rules.sowing = sowing;
                for _ in 0..2_000 {
                    // At most 255 seeds on the board, some holes over a lap's worth.
                    let mut board = vec![0i64; holes];
                    let mut left = 255u64;
                    for hole in &mut board {
                        let n = if rng.next().is_multiple_of(4) {
                            rng.next() % 40
                        } else {
                            rng.next() % 8
                        };
                        let n = n.min(left);
                        *hole = n as i64;
                        left -= n;
                    }
                    if rules.remaining == Remaining::SplitEvenly
                        && board.iter().sum::<i64>() % 2 == 1
                    {
                        let h = board.iter().position(|&n| n > 0).unwrap_or(0);
                        board[h] = (board[h] - 1).max(0);
                        if board.iter().sum::<i64>() % 2 == 1 {
                            board[0] += 1;
                        }
                    }
                    let setup = Setup {
                        board,
                        to_move: Some(Side::South),
                        ..Setup::default()
                    };
                    let pos = Position::from_setup(&setup, rules).unwrap();
                    assert!(pos.byte_sowing);
                    for origin in 0..holes {
                        if pos.seeds[origin] == 0 {
                            continue;
                        }
                        let mut by_hole = pos.seeds;
                        let expected = pos.sow::<0, _>(&mut by_hole, origin);
                        let got = with_board_size!(holes, H => {
                            let mut packed = ByteBoard::pack(&pos.seeds);
                            pos.sow::<H, _>(&mut packed, origin).map(|end| (packed, end))
                        });
                        match (expected, got) {
                            (Err(Endless), Err(Endless)) => endless += 1,
                            (Ok(e), Ok((board, g))) => {
                                let mut seeds = pos.seeds;
                                board.unpack(&mut seeds);
                                assert_eq!(seeds, by_hole, "hole {origin} of {pos:?}");
                                assert_eq!(
                                    (e.last, e.last_was_empty, e.drops, e.laps),
                                    (g.last, g.last_was_empty, g.drops, g.laps),
                                    "hole {origin} of {pos:?}"
                                );
                            }
                            (e, g) => {
                                panic!("hole {origin} of {pos:?}: {e:?} by hole, {g:?} packed")
                            }
                        }
                    }
                }
            }
        }
        assert!(endless > 0, "no endless sowing was compared");
    }

    #[test]
    fn quick_ends_are_first_laps_that_visibly_end() {
        let mut rng = Mix::new(3);
        for mut rules in rule_sets() {
            rules.sowing = Sowing::Relay;
            for _ in 0..2_000 {
                let pos = random_position(rules, &mut rng);
                let (candidates, quick) =
                    with_board_size!(rules.holes(), H => pos.quick_ends::<H>());
                let (generic_candidates, generic_quick) = pos.quick_ends::<0>();
                assert_eq!((candidates, quick), (generic_candidates, generic_quick));
                assert_eq!(candidates, pos.movable);
                for origin in 0..rules.holes() {
                    let expected =
                        candidates & (1 << origin) != 0 && pos.first_lap_ends::<0>(origin);
                    assert_eq!(
                        quick & (1 << origin) != 0,
                        expected,
                        "hole {origin} of {pos:?}"
                    );
                }
            }
        }
    }
}
