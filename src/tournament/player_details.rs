//! A player's details beside name, club and ratings: federation, sex, birth date
//! (or year) and a federation's or national id, as FIDE's TRF `001` record carries
//! them and as the prize categories ([`super::prizes`]) read them.

use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, NaiveDate};
use serde::Serialize;

/// A player's sex: `f` or `m` (TRF-2016 writes `w` or `m` in column 10 of `001`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Sex {
    #[serde(rename = "f")]
    Female,
    #[serde(rename = "m")]
    Male,
}

impl Sex {
    pub const fn code(self) -> &'static str {
        match self {
            Sex::Female => "f",
            Sex::Male => "m",
        }
    }

    /// As TRF-2016 writes it: `w` or `m`.
    pub const fn trf(self) -> &'static str {
        match self {
            Sex::Female => "w",
            Sex::Male => "m",
        }
    }

    /// `f` or `m` (`w`, TRF's letter, also reads as female).
    pub fn parse(text: &str) -> Option<Sex> {
        match text.trim().to_ascii_lowercase().as_str() {
            "f" | "w" => Some(Sex::Female),
            "m" => Some(Sex::Male),
            _ => None,
        }
    }
}

/// When a player was born: the day, or only the year.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Born {
    Date(NaiveDate),
    Year(i32),
}

impl Born {
    /// The age in whole years on `day`. A year alone counts as born on 1 January of
    /// that year (FIDE's age categories count by the year of birth).
    pub(crate) fn age_on(self, day: NaiveDate) -> i32 {
        let birthday = match self {
            Born::Date(d) => d,
            Born::Year(y) => NaiveDate::from_ymd_opt(y, 1, 1).expect("a year from 1000 to 9999"),
        };
        let mut age = day.year() - birthday.year();
        if (day.month(), day.day()) < (birthday.month(), birthday.day()) {
            age -= 1;
        }
        age
    }

    /// As TRF's `001` writes it (columns 70-79): `2009/02/01`, or `2009/00/00` for
    /// a year alone.
    pub fn trf(self) -> String {
        match self {
            Born::Date(d) => d.format("%Y/%m/%d").to_string(),
            Born::Year(y) => format!("{y:04}/00/00"),
        }
    }

    /// TRF's birth date: `YYYY/MM/DD`, `YYYY/00/00` or `YYYY` (a year alone).
    pub fn parse_trf(text: &str) -> Option<Born> {
        let t = text.trim();
        if let Some(year) = t.strip_suffix("/00/00") {
            return Born::year(year);
        }
        Born::year(t).or_else(|| {
            NaiveDate::parse_from_str(t, "%Y/%m/%d")
                .ok()
                .and_then(Born::date)
        })
    }

    fn year(text: &str) -> Option<Born> {
        (text.len() == 4 && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse().ok())
            .flatten()
            .filter(|y| (1000..=9999).contains(y))
            .map(Born::Year)
    }

    fn date(d: NaiveDate) -> Option<Born> {
        (1000..=9999).contains(&d.year()).then_some(Born::Date(d))
    }
}

/// `2009-02-01` or `2009`.
impl fmt::Display for Born {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Born::Date(d) => write!(f, "{d}"),
            Born::Year(y) => write!(f, "{y:04}"),
        }
    }
}

impl FromStr for Born {
    type Err = DetailError;
    /// `2009-02-01` or `2009`.
    fn from_str(text: &str) -> Result<Born, DetailError> {
        let t = text.trim();
        Born::year(t)
            .or_else(|| t.parse::<NaiveDate>().ok().and_then(Born::date))
            .ok_or_else(|| DetailError::Born(crate::names::excerpt(text)))
    }
}

impl Serialize for Born {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// What is wrong with a detail as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DetailError {
    #[error("'{0}' is not a federation; give its three-letter code, e.g. SOM")]
    Federation(String),
    #[error("'{0}' is not a sex; give f or m")]
    Sex(String),
    #[error("'{0}' is not a birth date; give YYYY-MM-DD or a year, YYYY")]
    Born(String),
    #[error("'{0}' is not an id; give up to 11 letters and digits (the TRF's FIDE number columns)")]
    Id(String),
}

/// A player's details; `None`: not given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayerDetails {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub born: Option<Born>,
    /// A federation's or national id (TRF `001`'s FIDE number).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// The most characters of an id: TRF's FIDE number has 11 columns.
pub(crate) const MAX_ID_CHARS: usize = 11;

impl PlayerDetails {
    pub fn is_empty(&self) -> bool {
        *self == PlayerDetails::default()
    }

    /// A federation as stored: three letters, in capitals.
    pub fn federation(text: &str) -> Result<String, DetailError> {
        let t = text.trim();
        if t.chars().count() == 3 && t.chars().all(|c| c.is_ascii_alphabetic()) {
            Ok(t.to_ascii_uppercase())
        } else {
            Err(DetailError::Federation(crate::names::excerpt(text)))
        }
    }

    pub fn sex(text: &str) -> Result<Sex, DetailError> {
        Sex::parse(text).ok_or_else(|| DetailError::Sex(crate::names::excerpt(text)))
    }

    /// An id as stored: 1 to 11 ASCII letters and digits.
    pub fn id(text: &str) -> Result<String, DetailError> {
        let t = text.trim();
        if (1..=MAX_ID_CHARS).contains(&t.len()) && t.chars().all(|c| c.is_ascii_alphanumeric()) {
            Ok(t.to_string())
        } else {
            Err(DetailError::Id(crate::names::excerpt(text)))
        }
    }

    /// These details with every field `change` gives replacing this one's.
    pub fn updated(&self, change: &PlayerDetails) -> PlayerDetails {
        PlayerDetails {
            federation: change.federation.clone().or(self.federation.clone()),
            sex: change.sex.or(self.sex),
            born: change.born.or(self.born),
            id: change.id.clone().or(self.id.clone()),
        }
    }

    /// "SOM, f, born 2009-02-01, id 4101234" (the fields given).
    pub fn words(&self) -> String {
        let mut parts = Vec::new();
        if let Some(f) = &self.federation {
            parts.push(f.clone());
        }
        if let Some(s) = self.sex {
            parts.push(s.code().to_string());
        }
        if let Some(b) = self.born {
            parts.push(format!("born {b}"));
        }
        if let Some(id) = &self.id {
            parts.push(format!("id {id}"));
        }
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn an_age_goes_up_on_the_birthday_and_not_the_day_before() {
        let born: Born = "2008-12-05".parse().unwrap();
        assert_eq!(born.age_on(day("2026-12-04")), 17);
        assert_eq!(born.age_on(day("2026-12-05")), 18);
        // A year alone counts from 1 January.
        assert_eq!(Born::Year(2008).age_on(day("2026-01-01")), 18);
        assert_eq!(Born::Year(2008).age_on(day("2025-12-31")), 17);
        // 29 February: a year is complete on 1 March in other years.
        let leap: Born = "2008-02-29".parse().unwrap();
        assert_eq!(leap.age_on(day("2026-02-28")), 17);
        assert_eq!(leap.age_on(day("2026-03-01")), 18);
    }

    #[test]
    fn details_are_read_as_a_director_types_them_and_as_trf_writes_them() {
        assert_eq!("2009".parse::<Born>(), Ok(Born::Year(2009)));
        assert_eq!(
            "2009-02-01".parse::<Born>(),
            Ok(Born::Date(day("2009-02-01")))
        );
        assert!("2009-02-30".parse::<Born>().is_err());
        assert!("09".parse::<Born>().is_err());
        for born in [Born::Year(2009), Born::Date(day("2009-02-01"))] {
            assert_eq!(Born::parse_trf(&born.trf()), Some(born));
        }
        assert_eq!(Born::parse_trf("2009"), Some(Born::Year(2009)));
        assert_eq!(PlayerDetails::federation(" som "), Ok("SOM".into()));
        assert!(PlayerDetails::federation("SO").is_err());
        assert!(PlayerDetails::federation("SÖM").is_err());
        assert_eq!(PlayerDetails::sex("F"), Ok(Sex::Female));
        assert!(PlayerDetails::sex("x").is_err());
        assert_eq!(PlayerDetails::id("4101234"), Ok("4101234".into()));
        assert!(PlayerDetails::id("410 1234").is_err());
        assert!(PlayerDetails::id("123456789012").is_err());
    }
}
