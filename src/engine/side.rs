//! The two players and a per-player container.

use serde::{Deserialize, Serialize};
use std::ops::{Index, IndexMut, Not};

/// South (player 0, moves first unless a match says otherwise) or North (player 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    pub const fn index(self) -> usize {
        match self {
            Side::South => 0,
            Side::North => 1,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    pub fn parse(text: &str) -> Option<Side> {
        // Compared in place, not lowercased into a new string: a tournament's load
        // reads a side for each of its 100,000 matches.
        let word = text.trim();
        let is = |name: &str| word.eq_ignore_ascii_case(name);
        if is("south") || is("s") {
            Some(Side::South)
        } else if is("north") || is("n") {
            Some(Side::North)
        } else {
            None
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per player, indexed by [`Side`]. Serialises as `[south, north]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    pub south: T,
    pub north: T,
}

impl<T> BySide<T> {
    pub const fn new(south: T, north: T) -> Self {
        BySide { south, north }
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            south: f(self.south),
            north: f(self.north),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}

impl<T: Serialize> Serialize for BySide<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (&self.south, &self.north).serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for BySide<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (south, north) = <(T, T)>::deserialize(deserializer)?;
        Ok(BySide { south, north })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_read_by_its_name_or_initial_in_any_case() {
        for (text, side) in [
            ("south", Side::South),
            ("S", Side::South),
            (" South\n", Side::South),
            ("n", Side::North),
            ("NORTH", Side::North),
        ] {
            assert_eq!(Side::parse(text), Some(side), "{text:?}");
        }
        for text in ["", "so", "southward", "draw", "nörth", "s n"] {
            assert_eq!(Side::parse(text), None, "{text:?}");
        }
    }
}
