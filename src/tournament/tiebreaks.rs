//! Tiebreaks clubs know, computed from finished games.
//!
//! All of them count only games that were played to a result: byes and pending
//! matches add nothing (a bye's points do count in the player's own score, which is
//! what their opponents' Buchholz sees).
//!
//! - **Buchholz** (`buchholz`, `bh`): the sum of the opponents' scores.
//! - **Buchholz cut 1** (`buchholz-cut1`, `bh-c1`): Buchholz without the lowest
//!   opponent score.
//! - **Sonneborn-Berger** (`sonneborn-berger`, `sb`): the scores of the opponents
//!   beaten plus half the scores of the opponents drawn with.
//! - **Head-to-head** (`head-to-head`, `h2h`): among the players still tied when it is
//!   applied, the points each scored in games against the others of that group.
//! - **Wins** (`wins`): games won (byes are not wins).
//! - **Seed difference** (`seed-difference`, `seeds`): the sum over games of the seeds
//!   the player held at the end minus the opponent's.
//!
//! Defaults: round robins `h2h, sb, wins, seeds` (Buchholz is the same for everyone
//! in a complete round robin); Swiss `bh, sb, h2h, wins, seeds`; knockout
//! `wins, seeds`. After the list, ties are broken by starting rank, and the row is
//! marked shared.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Format, Points, TournamentError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tiebreak {
    Buchholz,
    BuchholzCut1,
    SonnebornBerger,
    HeadToHead,
    Wins,
    SeedDifference,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 6] = [
        Tiebreak::Buchholz,
        Tiebreak::BuchholzCut1,
        Tiebreak::SonnebornBerger,
        Tiebreak::HeadToHead,
        Tiebreak::Wins,
        Tiebreak::SeedDifference,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::BuchholzCut1 => "buchholz-cut1",
            Tiebreak::SonnebornBerger => "sonneborn-berger",
            Tiebreak::HeadToHead => "head-to-head",
            Tiebreak::Wins => "wins",
            Tiebreak::SeedDifference => "seed-difference",
        }
    }

    /// A short column heading.
    pub const fn short(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "BH",
            Tiebreak::BuchholzCut1 => "BH-C1",
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::HeadToHead => "H2H",
            Tiebreak::Wins => "Wins",
            Tiebreak::SeedDifference => "Seeds+/-",
        }
    }

    /// What the column means, for the legend under a standings table.
    pub const fn explanation(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => {
                "Buchholz, the opponents' points added up (a round not played counts as FIDE C.07 says)"
            }
            Tiebreak::BuchholzCut1 => "Buchholz without the opponent with the fewest points",
            Tiebreak::SonnebornBerger => {
                "Sonneborn-Berger, the points of the opponents beaten, and half those of the opponents drawn"
            }
            Tiebreak::HeadToHead => "head-to-head, the points among the tied players only",
            Tiebreak::Wins => "games won",
            Tiebreak::SeedDifference => "seeds won minus seeds lost, over all games",
        }
    }

    /// Whether the value is in points (shown as decimals) rather than a count.
    pub(crate) const fn is_points(self) -> bool {
        matches!(
            self,
            Tiebreak::Buchholz
                | Tiebreak::BuchholzCut1
                | Tiebreak::SonnebornBerger
                | Tiebreak::HeadToHead
        )
    }

    /// The FIDE tie-break code (for TRF tag 202), where one exists.
    pub(crate) const fn fide_code(self) -> Option<&'static str> {
        match self {
            Tiebreak::Buchholz => Some("BH"),
            Tiebreak::BuchholzCut1 => Some("BH/C1"),
            Tiebreak::SonnebornBerger => Some("SB"),
            Tiebreak::HeadToHead => Some("DE"),
            Tiebreak::Wins => Some("WIN"),
            Tiebreak::SeedDifference => None,
        }
    }

    pub fn defaults(format: Format) -> &'static [Tiebreak] {
        format.rules().default_tiebreaks
    }

    /// A comma-separated list such as `bh,sb,h2h`; each tiebreak at most once.
    pub fn parse_list(text: &str) -> Result<Vec<Tiebreak>, TournamentError> {
        let mut out: Vec<Tiebreak> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let t: Tiebreak = part.parse()?;
            if out.contains(&t) {
                return Err(TournamentError::DuplicateTiebreak(t));
            }
            out.push(t);
        }
        Ok(out)
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tiebreak {
    type Err = TournamentError;
    fn from_str(s: &str) -> Result<Self, TournamentError> {
        let t = s.trim().to_ascii_lowercase();
        Ok(match t.as_str() {
            "buchholz" | "bh" => Tiebreak::Buchholz,
            "buchholz-cut1" | "bh-c1" | "bh/c1" => Tiebreak::BuchholzCut1,
            "sonneborn-berger" | "sb" => Tiebreak::SonnebornBerger,
            "head-to-head" | "h2h" | "direct" => Tiebreak::HeadToHead,
            "wins" | "win" => Tiebreak::Wins,
            "seed-difference" | "seeds" | "sd" => Tiebreak::SeedDifference,
            _ => return Err(TournamentError::UnknownTiebreak(s.to_string())),
        })
    }
}

/// One tiebreak's value for one player. `value` is in [`Points`] units for the point
/// tiebreaks and a plain count for the others; `None` when the tiebreak was not
/// applied to this player (head-to-head for a player no longer tied).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TiebreakValue {
    pub tiebreak: Tiebreak,
    pub value: Option<i64>,
}

impl TiebreakValue {
    /// The value as a number (points as decimals).
    pub fn as_f64(&self) -> Option<f64> {
        self.value.map(|v| {
            if self.tiebreak.is_points() {
                Points(v).as_f64()
            } else {
                v as f64
            }
        })
    }
}

impl fmt::Display for TiebreakValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            None => f.pad("-"),
            Some(v) if self.tiebreak.is_points() => fmt::Display::fmt(&Points(v), f),
            Some(v) => f.pad(&v.to_string()),
        }
    }
}

impl Serialize for TiebreakValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.as_f64() {
            Some(v) if self.tiebreak.is_points() => s.serialize_f64(v),
            Some(_) => s.serialize_i64(self.value.unwrap()),
            None => s.serialize_none(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_names_and_aliases() {
        assert_eq!(
            Tiebreak::parse_list("bh, SB,h2h,wins,seeds,bh-c1").unwrap(),
            vec![
                Tiebreak::Buchholz,
                Tiebreak::SonnebornBerger,
                Tiebreak::HeadToHead,
                Tiebreak::Wins,
                Tiebreak::SeedDifference,
                Tiebreak::BuchholzCut1
            ]
        );
        for t in Tiebreak::ALL {
            assert_eq!(t.name().parse::<Tiebreak>().unwrap(), t);
        }
        assert_eq!(
            Tiebreak::parse_list("sb,sb"),
            Err(TournamentError::DuplicateTiebreak(
                Tiebreak::SonnebornBerger
            ))
        );
        assert!(matches!(
            Tiebreak::parse_list("sb,koya"),
            Err(TournamentError::UnknownTiebreak(_))
        ));
    }

    #[test]
    fn values_display_by_kind() {
        let v = TiebreakValue {
            tiebreak: Tiebreak::SonnebornBerger,
            value: Some(Points::UNIT * 5 / 2),
        };
        assert_eq!(v.to_string(), "2.5");
        let w = TiebreakValue {
            tiebreak: Tiebreak::SeedDifference,
            value: Some(-14),
        };
        assert_eq!(w.to_string(), "-14");
        let h = TiebreakValue {
            tiebreak: Tiebreak::HeadToHead,
            value: None,
        };
        assert_eq!(h.to_string(), "-");
    }
}
