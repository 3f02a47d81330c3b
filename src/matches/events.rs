//! The steps of a match (`Event`), whom it awaits and how it ends: the words the state speaks.

use serde::Serialize;

use crate::engine::{BySide, Move, Side};

/// One step of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move of the side to move.
    Move(Move),
    /// A player's row for the coming hand, own left to right.
    Arrange { side: Side, row: Vec<u16> },
    /// The final scores of the current hand, played off-line.
    Result(BySide<u32>),
}

/// Who the match waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaiting {
    Move(Side),
    Arrangement(Side),
    /// The match is over.
    None,
}

impl Awaiting {
    pub fn side(self) -> Option<Side> {
        match self {
            Awaiting::Move(s) | Awaiting::Arrangement(s) => Some(s),
            Awaiting::None => None,
        }
    }

    pub fn kind(self) -> &'static str {
        match self {
            Awaiting::Move(_) => "move",
            Awaiting::Arrangement(_) => "arrangement",
            Awaiting::None => "none",
        }
    }
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchOutcome {
    Winner(Side),
    Draw,
}

impl MatchOutcome {
    /// `"south"`, `"north"` or `"draw"`.
    pub fn name(self) -> &'static str {
        match self {
            MatchOutcome::Winner(s) => s.name(),
            MatchOutcome::Draw => "draw",
        }
    }

    pub fn parse(text: &str) -> Option<MatchOutcome> {
        match text {
            "draw" => Some(MatchOutcome::Draw),
            _ => Side::parse(text).map(MatchOutcome::Winner),
        }
    }

    pub fn winner(self) -> Option<Side> {
        match self {
            MatchOutcome::Winner(s) => Some(s),
            MatchOutcome::Draw => None,
        }
    }
}

/// Written as its name (`"south"`, `"north"`, `"draw"`), as the columns hold it.
impl Serialize for MatchOutcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Who did not come to a forfeited match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Absent {
    South,
    North,
    /// A double forfeit: both lose, nobody scores.
    Both,
}

impl Absent {
    /// `"south"`, `"north"` or `"both"`.
    pub fn name(self) -> &'static str {
        match self {
            Absent::South => "south",
            Absent::North => "north",
            Absent::Both => "both",
        }
    }

    pub fn parse(text: &str) -> Option<Absent> {
        match text {
            "south" => Some(Absent::South),
            "north" => Some(Absent::North),
            "both" => Some(Absent::Both),
            _ => None,
        }
    }
}
