//! Where, when and under whom an event is played: its details, entered with the
//! tournament (`tournament new`, `tournament set`) or read from its TRF, and the
//! lines that head its standings, crosstable, exports and page.

use serde::Serialize;

/// An event's details, entered with the tournament and written in its TRF (records
/// `022` city, `032` federation, `042`/`052` start and end dates, `102` chief
/// arbiter, `132` the rounds' dates). `None`/empty: not given.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EventDetails {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<chrono::NaiveDate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<chrono::NaiveDate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chief_arbiter: Option<String>,
    /// Round `k`'s date at index `k - 1`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub round_dates: Vec<chrono::NaiveDate>,
}

impl EventDetails {
    pub fn is_empty(&self) -> bool {
        *self == EventDetails::default()
    }

    /// The rounds' dates as stored: `YYYY-MM-DD,...` (`None`: none given).
    pub(crate) fn round_dates_text(&self) -> Option<String> {
        (!self.round_dates.is_empty()).then(|| {
            self.round_dates
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
    }

    /// The lines that head the event's documents (none when nothing is given):
    /// "Mogadishu, SOM · 2026-12-05 to 2026-12-07 · chief arbiter Faadumo Ali", then
    /// "rounds: 1 2026-12-05, 2 2026-12-05, 3 2026-12-06".
    pub fn heading(&self) -> Vec<String> {
        self.heading_in(&PlainHeadingWords)
    }

    /// [`EventDetails::heading`] laid out the same way in a front end's words (a
    /// page's language); places and names stay as entered.
    pub fn heading_in(&self, words: &impl HeadingWords) -> Vec<String> {
        let mut parts = Vec::new();
        let place = [self.city.as_deref(), self.federation.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(", ");
        if !place.is_empty() {
            parts.push(place);
        }
        let day = |d: chrono::NaiveDate| words.day(d);
        match (self.start, self.end) {
            (Some(s), Some(e)) if s == e => parts.push(day(s)),
            (Some(s), Some(e)) => parts.push(words.days_from_to(day(s), day(e))),
            (Some(s), None) => parts.push(words.days_from(day(s))),
            (None, Some(e)) => parts.push(words.days_until(day(e))),
            (None, None) => {}
        }
        if let Some(a) = &self.chief_arbiter {
            parts.push(words.chief_arbiter(a));
        }
        let mut lines = Vec::new();
        if !parts.is_empty() {
            lines.push(parts.join(" · "));
        }
        if !self.round_dates.is_empty() {
            let list = self
                .round_dates
                .iter()
                .enumerate()
                .map(|(k, &d)| format!("{} {}", words.number(k + 1), day(d)))
                .collect::<Vec<_>>()
                .join(", ");
            lines.push(words.round_dates(list));
        }
        lines
    }
}

/// The words of an event's heading ([`EventDetails::heading_in`]): a front end
/// gives them in its language; the layout is the heading's.
pub trait HeadingWords {
    /// A day of the event.
    fn day(&self, d: chrono::NaiveDate) -> String;
    /// A round's number.
    fn number(&self, n: usize) -> String;
    /// "2026-12-05 to 2026-12-07" (both days already written).
    fn days_from_to(&self, from: String, to: String) -> String;
    fn days_from(&self, from: String) -> String;
    fn days_until(&self, to: String) -> String;
    fn chief_arbiter(&self, name: &str) -> String;
    /// "rounds: 1 2026-12-05, 2 2026-12-05" (the list already written).
    fn round_dates(&self, list: String) -> String;
}

/// The heading's words in the CLI's and the exports' English, days in ISO.
struct PlainHeadingWords;

impl HeadingWords for PlainHeadingWords {
    fn day(&self, d: chrono::NaiveDate) -> String {
        d.to_string()
    }
    fn number(&self, n: usize) -> String {
        n.to_string()
    }
    fn days_from_to(&self, from: String, to: String) -> String {
        format!("{from} to {to}")
    }
    fn days_from(&self, from: String) -> String {
        format!("from {from}")
    }
    fn days_until(&self, to: String) -> String {
        format!("until {to}")
    }
    fn chief_arbiter(&self, name: &str) -> String {
        format!("chief arbiter {name}")
    }
    fn round_dates(&self, list: String) -> String {
        format!("rounds: {list}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heading_says_what_is_given_and_nothing_else() {
        assert!(EventDetails::default().heading().is_empty());
        let day = |t: &str| t.parse::<chrono::NaiveDate>().unwrap();
        let event = EventDetails {
            city: Some("Mogadishu".into()),
            federation: Some("SOM".into()),
            start: Some(day("2026-12-05")),
            end: Some(day("2026-12-06")),
            chief_arbiter: Some("Faadumo Ali".into()),
            round_dates: vec![day("2026-12-05"), day("2026-12-06")],
        };
        assert_eq!(
            event.heading(),
            [
                "Mogadishu, SOM · 2026-12-05 to 2026-12-06 · chief arbiter Faadumo Ali",
                "rounds: 1 2026-12-05, 2 2026-12-06"
            ]
        );
        let only_arbiter = EventDetails {
            chief_arbiter: Some("Faadumo Ali".into()),
            ..EventDetails::default()
        };
        assert_eq!(only_arbiter.heading(), ["chief arbiter Faadumo Ali"]);
    }
}
