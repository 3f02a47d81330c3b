//! Exact points and the points scheme, with parsing and serde: score arithmetic on its own.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Format, GameOutcome, TournamentError};

/// Tournament points, exact: stored in units of 1/2000 of a point so that sums and the
/// half-scores of Sonneborn-Berger never round, whatever order they are added in.
/// Parsed from and shown as decimals ("1", "0.5", "2.25").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Points(pub i64);

impl Points {
    pub(crate) const UNIT: i64 = 2000;
    pub const ZERO: Points = Points(0);

    pub const fn whole(n: i64) -> Points {
        Points(n * Self::UNIT)
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Self::UNIT as f64
    }

    /// Half of it (exact while the value is in whole thousandths).
    pub const fn half(self) -> Points {
        Points(self.0 / 2)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

impl fmt::Display for Points {
    /// Shortest exact decimal: `1`, `0.5`, `12.25`, `-1.5` (for files and programs).
    /// The alternate form (`{:#}`) is for people, as tables print points: halves and
    /// quarters as fractions, `2½`, `½`, `¾`, `-1½`; other fractions as decimals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let v = self.0.unsigned_abs();
        let unit = Self::UNIT as u64;
        let whole = v / unit;
        let frac = v % unit; // in 1/2000
        if frac == 0 {
            return f.pad(&format!("{sign}{whole}"));
        }
        if f.alternate() {
            let glyph = match frac * 4 / unit {
                _ if !(frac * 4).is_multiple_of(unit) => None,
                1 => Some('¼'),
                2 => Some('½'),
                _ => Some('¾'),
            };
            if let Some(g) = glyph {
                let whole = if whole == 0 {
                    String::new()
                } else {
                    whole.to_string()
                };
                return f.pad(&format!("{sign}{whole}{g}"));
            }
        }
        // 1/2000 = 0.0005: four decimals are always exact.
        let mut digits = format!("{:04}", frac * 10_000 / unit);
        while digits.ends_with('0') {
            digits.pop();
        }
        f.pad(&format!("{sign}{whole}.{digits}"))
    }
}

impl FromStr for Points {
    type Err = TournamentError;
    /// A decimal with at most three decimals, e.g. `1`, `0.5`, `3`, `0.25`.
    fn from_str(s: &str) -> Result<Points, TournamentError> {
        let bad = || TournamentError::BadPoints(s.to_string());
        let t = s.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        if whole.is_empty() && frac.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || frac.len() > 3
            || whole.len() > 6
        {
            return Err(bad());
        }
        let w: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad())?
        };
        let mut milli: i64 = 0;
        for (i, b) in frac.bytes().enumerate() {
            milli += (b - b'0') as i64 * [100, 10, 1][i];
        }
        let v = w * Self::UNIT + milli * 2;
        Ok(Points(if neg { -v } else { v }))
    }
}

impl Serialize for Points {
    /// As a JSON number (exact: at most four decimals).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        Ok(Points((v * Self::UNIT as f64).round() as i64))
    }
}

/// Points for a win, a draw, a loss and a pairing-allocated bye.
///
/// Written `WIN,DRAW,LOSS[,BYE]` (e.g. `1,0.5,0` or `3,1,0,3`). When the bye is not
/// given it scores as a win (FIDE's default for a pairing-allocated bye), except in a
/// new round robin ([`PointsScheme::parse_for`]). A bye is
/// never rated, counts as no opponent for Buchholz and Sonneborn-Berger, and not as a
/// win for the "wins" tiebreak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsScheme {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub bye: Points,
}

impl Default for PointsScheme {
    fn default() -> Self {
        PointsScheme {
            win: Points::whole(1),
            draw: Points(Points::UNIT / 2),
            loss: Points::ZERO,
            bye: Points::whole(1),
        }
    }
}

impl PointsScheme {
    pub fn points(&self, outcome: GameOutcome) -> Points {
        match outcome {
            GameOutcome::Win => self.win,
            GameOutcome::Draw => self.draw,
            GameOutcome::Loss => self.loss,
            GameOutcome::Bye => self.bye,
            GameOutcome::ForfeitWin => self.win,
            GameOutcome::HalfBye => self.draw,
            GameOutcome::ForfeitLoss | GameOutcome::ZeroBye => Points::ZERO,
        }
    }
}

impl PointsScheme {
    /// `text` (`WIN,DRAW,LOSS[,BYE]`) as the points of a `format` tournament. A bye
    /// not given scores as a win in a Swiss or a knockout (FIDE's pairing-allocated
    /// bye) and nothing in a round robin, whose rest every entrant of an odd field
    /// takes once (so it changes no place and is no result).
    pub fn parse_for(text: &str, format: Format) -> Result<PointsScheme, TournamentError> {
        let mut scheme: PointsScheme = text.parse()?;
        let bye_given = text.split(',').count() == 4;
        if !bye_given && !format.rules().bye_scores_a_win {
            scheme.bye = Points::ZERO;
        }
        Ok(scheme)
    }
}

impl FromStr for PointsScheme {
    type Err = TournamentError;
    fn from_str(s: &str) -> Result<Self, TournamentError> {
        let bad = |why: &str| TournamentError::BadPointsScheme(s.to_string(), why.to_string());
        let parts: Vec<&str> = s.split(',').collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(bad("expected WIN,DRAW,LOSS or WIN,DRAW,LOSS,BYE"));
        }
        let mut v = Vec::with_capacity(4);
        for p in &parts {
            let points = p.parse::<Points>().map_err(|_| {
                bad("each value must be a number with at most 3 decimals, like 1 or 0.5")
            })?;
            if points.0 < 0 {
                return Err(bad("points cannot be negative"));
            }
            v.push(points);
        }
        let scheme = PointsScheme {
            win: v[0],
            draw: v[1],
            loss: v[2],
            bye: v.get(3).copied().unwrap_or(v[0]),
        };
        if !(scheme.win > scheme.draw && scheme.draw >= scheme.loss) {
            return Err(bad(
                "a win must score more than a draw, and a draw at least a loss",
            ));
        }
        Ok(scheme)
    }
}

impl fmt::Display for PointsScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{},{}", self.win, self.draw, self.loss, self.bye)
    }
}

#[cfg(test)]
mod points_for_people {
    use super::Points;

    #[test]
    fn people_read_halves_and_quarters_as_fractions_files_as_decimals() {
        let p = |s: &str| s.parse::<Points>().unwrap();
        let shown: Vec<String> = ["2.5", "0.5", "0.75", "1.25", "3", "0", "-1.5", "0.1"]
            .iter()
            .map(|v| format!("{:#}", p(v)))
            .collect();
        assert_eq!(shown, ["2½", "½", "¾", "1¼", "3", "0", "-1½", "0.1"]);
        assert_eq!(format!("{}", p("2.5")), "2.5");
        assert_eq!(format!("{:>4}|", format!("{:#}", p("0.5"))), "   ½|");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_and_display_exactly() {
        for (text, shown) in [
            ("1", "1"),
            ("0.5", "0.5"),
            (".5", "0.5"),
            ("3", "3"),
            ("0.25", "0.25"),
            ("2.125", "2.125"),
            ("0", "0"),
        ] {
            assert_eq!(text.parse::<Points>().unwrap().to_string(), shown, "{text}");
        }
        assert_eq!(Points(1).to_string(), "0.0005");
        assert_eq!(Points(-3000).to_string(), "-1.5");
        for bad in ["", "x", "1.2345", "1,5", "1e3", "..", "1.2.3"] {
            assert!(bad.parse::<Points>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_round_robins_rest_scores_nothing_unless_the_director_says() {
        for format in [Format::RoundRobin, Format::DoubleRoundRobin] {
            let s = PointsScheme::parse_for("1,0.5,0", format).unwrap();
            assert_eq!(s.bye, Points::ZERO, "{format}");
            let s = PointsScheme::parse_for("3,1,0,1", format).unwrap();
            assert_eq!(s.bye, Points::whole(1), "{format}");
        }
        for format in [Format::Swiss, Format::Knockout] {
            let s = PointsScheme::parse_for("3,1,0", format).unwrap();
            assert_eq!(s.bye, Points::whole(3), "{format}");
        }
        assert!(PointsScheme::parse_for("1,0", Format::RoundRobin).is_err());
    }

    #[test]
    fn points_scheme_parses_with_and_without_bye() {
        let s: PointsScheme = "1,0.5,0".parse().unwrap();
        assert_eq!(s, PointsScheme::default());
        let s: PointsScheme = "3,1,0,1".parse().unwrap();
        assert_eq!(
            (s.win, s.draw, s.loss, s.bye),
            (
                Points::whole(3),
                Points::whole(1),
                Points::ZERO,
                Points::whole(1)
            )
        );
        assert_eq!(s.to_string(), "3,1,0,1");
        for bad in [
            "1,0.5",
            "0.5,1,0",
            "1,0.5,0,1,1",
            "1,a,0",
            "1,0.5,-1",
            "1,0,0.5",
        ] {
            let err = bad.parse::<PointsScheme>().unwrap_err();
            assert!(matches!(err, TournamentError::BadPointsScheme(..)), "{bad}");
        }
    }
}
