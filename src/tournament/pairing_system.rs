//! The recorded Swiss pairing system: a tournament's record, apart from the pairing rules.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{TournamentError, pairing};

/// How a Swiss tournament is paired. Recorded with each tournament when it is
/// created, so that `verify` re-derives its rounds by the rules they were made
/// under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PairingSystem {
    /// goobalay's first Swiss, a simplified Dutch system (`pairing::swiss`):
    /// every tournament created before pairing systems were recorded.
    #[serde(rename = "goobalay-swiss-1")]
    GoobalaySwiss1,
    /// FIDE's Dutch system, 2025 rules ([`pairing::dutch`]), as first made: a
    /// player who has had a bye outside the pairing counts for the pairing numbers
    /// even when left out of the round.
    #[default]
    #[serde(rename = "dutch-2025")]
    Dutch2025,
    /// The same, with pairing numbers counted as bbpPairings counts them: only a
    /// player in this pairing or who took part in an earlier one (a board or the
    /// pairing-allocated bye) has one. New tournaments are paired with it.
    #[serde(rename = "dutch-2025-v2")]
    Dutch2025v2,
}

impl PairingSystem {
    /// The system new tournaments are paired with.
    pub const CURRENT: PairingSystem = PairingSystem::Dutch2025v2;

    pub const fn name(self) -> &'static str {
        match self {
            PairingSystem::GoobalaySwiss1 => "goobalay-swiss-1",
            PairingSystem::Dutch2025 => pairing::dutch::SYSTEM,
            PairingSystem::Dutch2025v2 => pairing::dutch::SYSTEM_V2,
        }
    }

    /// The system recorded for a tournament; `None` (no record) is the system
    /// of every tournament made before systems were recorded.
    pub(crate) fn from_record(name: Option<&str>) -> Result<PairingSystem, TournamentError> {
        match name {
            None | Some("goobalay-swiss-1") => Ok(PairingSystem::GoobalaySwiss1),
            Some(pairing::dutch::SYSTEM) => Ok(PairingSystem::Dutch2025),
            Some(pairing::dutch::SYSTEM_V2) => Ok(PairingSystem::Dutch2025v2),
            Some(other) => Err(TournamentError::UnknownPairingSystem(other.to_string())),
        }
    }
}

impl fmt::Display for PairingSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
