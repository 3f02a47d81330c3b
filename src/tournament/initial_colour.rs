//! The initial colour of a Swiss (FIDE C.04.3, A.8 and E.5): the side pairing
//! number 1 has in round 1, from which the colours of the players without a
//! preference alternate. FIDE's Dutch rules let it be drawn by lot; goobalay
//! first gave pairing number 1 South (White, who moves first) always.

use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::engine::Side;

/// How a tournament's initial colour is chosen (`tournament new --initial`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InitialColour {
    /// Pairing number 1 is South in round 1: every tournament made before the
    /// initial colour was recorded.
    #[default]
    South,
    North,
    /// Drawn by lot from the tournament's recorded seed, so that `verify` and
    /// every later pairing draw the same side.
    Lot,
}

/// Mixed into the seed for the draw, so that the lot is not the first value the
/// seed gives elsewhere (the engine players' choices).
const LOT_SALT: u64 = 0x1b_c0_10_52;

impl InitialColour {
    pub const ALL: [InitialColour; 3] = [
        InitialColour::South,
        InitialColour::North,
        InitialColour::Lot,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            InitialColour::South => "south",
            InitialColour::North => "north",
            InitialColour::Lot => "lot",
        }
    }

    pub fn parse(text: &str) -> Option<InitialColour> {
        Self::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text.trim()))
    }

    pub(crate) fn is_default(&self) -> bool {
        *self == InitialColour::South
    }

    /// Pairing number 1's side in round 1, for a tournament recorded with `seed`.
    pub fn side(self, seed: u64) -> Side {
        match self {
            InitialColour::South => Side::South,
            InitialColour::North => Side::North,
            InitialColour::Lot => {
                if ChaCha8Rng::seed_from_u64(seed ^ LOT_SALT).random::<bool>() {
                    Side::South
                } else {
                    Side::North
                }
            }
        }
    }

    /// The setting that gives `side` whatever the seed: what an imported file's
    /// `152` (or its round 1) says.
    pub fn fixed(side: Side) -> InitialColour {
        match side {
            Side::South => InitialColour::South,
            Side::North => InitialColour::North,
        }
    }
}

impl fmt::Display for InitialColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lot_is_drawn_from_the_seed_and_gives_both_sides() {
        let sides: Vec<Side> = (0..64).map(|seed| InitialColour::Lot.side(seed)).collect();
        assert!(sides.contains(&Side::South) && sides.contains(&Side::North));
        // The same seed, the same draw.
        for seed in 0..64 {
            assert_eq!(InitialColour::Lot.side(seed), sides[seed as usize]);
        }
        assert_eq!(InitialColour::North.side(7), Side::North);
        assert_eq!(InitialColour::South.side(7), Side::South);
        assert_eq!(InitialColour::parse(" North"), Some(InitialColour::North));
        assert_eq!(InitialColour::parse("white"), None);
    }
}
