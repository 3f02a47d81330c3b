//! Prizes: who wins what from the standings, by the rules clubs and FIDE events
//! commonly use.
//!
//! - A prize is a place overall (`--place N`) or the best of a category: women,
//!   juniors (younger than the age limit, 20 unless given, on the tournament's first
//!   day), seniors (that age or older, 65 unless given), a rating below a limit
//!   (unrated players count as below any limit), a club's members.
//! - One prize per player, the more valuable first: prizes are handed out from the
//!   most valuable down (at equal value a place before a category, a better place
//!   first, then in the order they were entered). A place prize goes to the
//!   best-placed player without a prize at that place or below it (so a player who
//!   took a more valuable category prize passes their place prize down); a category
//!   prize to the best-placed player of the category without a prize.
//! - Ties: by default the standings' order decides (the tournament's tiebreaks, then
//!   starting rank). Shared (`--share`): the place prizes won by players tied on
//!   points are added up and shared equally among those of them without a category
//!   prize (Hort's "shared equally", the places' money divided by the tied players).
//!   Category prizes are not shared.
//! - A player without the detail a category asks (no sex, no birth date) is not in
//!   it.

use std::collections::{HashMap, HashSet};
use std::fmt;

use chrono::NaiveDate;
use serde::Serialize;

use super::player_details::{PlayerDetails, Sex};
use super::{EntrantId, Points, Standings};

/// A junior is younger than this on the first day, unless the prize says otherwise.
pub(crate) const JUNIOR_AGE: u32 = 20;
/// A senior is this old or older on the first day, unless the prize says otherwise.
pub(crate) const SENIOR_AGE: u32 = 65;

/// A category a prize is for.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "category", rename_all = "lowercase")]
pub enum Category {
    Women,
    /// Younger than `age` on the tournament's first day.
    Junior {
        age: u32,
    },
    /// `age` or older on the tournament's first day.
    Senior {
        age: u32,
    },
    /// A seeding rating below `under` (or none).
    Rating {
        under: f64,
    },
    /// Members of `club` (ignoring case).
    Club {
        club: String,
    },
}

/// The categories' names as given to `--category`.
pub(crate) const CATEGORY_NAMES: &str = "women, junior, senior, rating, club";

impl Category {
    pub const fn name(&self) -> &'static str {
        match self {
            Category::Women => "women",
            Category::Junior { .. } => "junior",
            Category::Senior { .. } => "senior",
            Category::Rating { .. } => "rating",
            Category::Club { .. } => "club",
        }
    }

    /// Whether it is judged by age on the first day.
    pub(crate) const fn by_age(&self) -> bool {
        matches!(self, Category::Junior { .. } | Category::Senior { .. })
    }

    /// Whether `c` is in this category, the tournament starting on `start`.
    pub fn fits(&self, c: &Contender, start: Option<NaiveDate>) -> bool {
        let age = || Some(c.details.born?.age_on(start?));
        match self {
            Category::Women => c.details.sex == Some(Sex::Female),
            Category::Junior { age: limit } => age().is_some_and(|a| a < *limit as i32),
            Category::Senior { age: limit } => age().is_some_and(|a| a >= *limit as i32),
            Category::Rating { under } => c.rating.is_none_or(|r| r < *under),
            Category::Club { club } => c
                .club
                .as_deref()
                .is_some_and(|own| crate::names::key(own) == crate::names::key(club)),
        }
    }
}

/// "women", "junior (under 20)", "senior (65 and over)", "rating under 1600",
/// "club Hodan".
impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Category::Women => write!(f, "women"),
            Category::Junior { age } => write!(f, "junior (under {age})"),
            Category::Senior { age } => write!(f, "senior ({age} and over)"),
            Category::Rating { under } => write!(f, "rating under {under}"),
            Category::Club { club } => write!(f, "club {club}"),
        }
    }
}

/// A prize as given refused: a category not known, an option it lacks or does
/// not take, a value that is no sum of money.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PrizeError {
    #[error("'{0}' is not a prize category; the categories are {CATEGORY_NAMES}")]
    UnknownCategory(String),
    #[error("a rating prize names its limit: give --under R (a rating below R)")]
    NoLimit,
    #[error("a club prize names its club: give --club C")]
    NoClub,
    #[error("{option} does not go with a {category} prize")]
    Stray {
        option: &'static str,
        category: &'static str,
    },
    #[error("a prize is for a place overall (--place N) or a category (--category C), one of them")]
    PlaceOrCategory,
    #[error("places count from 1; there is no place {0}")]
    Place(u32),
    #[error("a prize's value is a sum of money, 0 or more, not {0}")]
    Value(String),
    #[error("a rating limit is a rating above 0, not {0}")]
    Limit(f64),
}

impl Category {
    /// The category `name` (`women`, `junior`, `senior`, `rating`, `club`) with the
    /// options given: `age` for juniors and seniors (default [`JUNIOR_AGE`],
    /// [`SENIOR_AGE`]), `under` for a rating, `club` for a club; an option the
    /// category does not take is refused.
    pub fn parse(
        name: &str,
        age: Option<u32>,
        under: Option<f64>,
        club: Option<&str>,
    ) -> Result<Category, PrizeError> {
        let category = match name.trim().to_ascii_lowercase().as_str() {
            "women" | "woman" => Category::Women,
            "junior" => Category::Junior {
                age: age.unwrap_or(JUNIOR_AGE),
            },
            "senior" => Category::Senior {
                age: age.unwrap_or(SENIOR_AGE),
            },
            "rating" => Category::Rating {
                under: under.ok_or(PrizeError::NoLimit)?,
            },
            "club" => Category::Club {
                club: club
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .ok_or(PrizeError::NoClub)?
                    .to_string(),
            },
            _ => return Err(PrizeError::UnknownCategory(crate::names::excerpt(name))),
        };
        let stray = |option| {
            Err(PrizeError::Stray {
                option,
                category: category.name(),
            })
        };
        if age.is_some() && !category.by_age() {
            return stray("--age");
        }
        if under.is_some() && !matches!(category, Category::Rating { .. }) {
            return stray("--under");
        }
        if club.is_some() && !matches!(category, Category::Club { .. }) {
            return stray("--club");
        }
        if let Category::Rating { under } = category
            && !(under.is_finite() && under > 0.0)
        {
            return Err(PrizeError::Limit(under));
        }
        Ok(category)
    }
}

impl PrizeKind {
    /// A place (`--place N`) or a category (`--category C` with its options), one of
    /// them.
    pub fn parse(
        place: Option<u32>,
        category: Option<&str>,
        age: Option<u32>,
        under: Option<f64>,
        club: Option<&str>,
    ) -> Result<PrizeKind, PrizeError> {
        match (place, category) {
            (Some(0), None) => Err(PrizeError::Place(0)),
            (Some(place), None) if age.is_none() && under.is_none() && club.is_none() => {
                Ok(PrizeKind::Place { place })
            }
            (Some(_), None) => Err(PrizeError::Stray {
                option: if age.is_some() {
                    "--age"
                } else if under.is_some() {
                    "--under"
                } else {
                    "--club"
                },
                category: "place",
            }),
            (None, Some(name)) => Ok(PrizeKind::Category(Category::parse(
                name, age, under, club,
            )?)),
            _ => Err(PrizeError::PlaceOrCategory),
        }
    }
}

/// A prize's value as given: a sum of money, 0 or more.
pub fn parse_value(text: &str) -> Result<f64, PrizeError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| PrizeError::Value(crate::names::excerpt(text)))
}

/// What a prize is for.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum PrizeKind {
    Place { place: u32 },
    Category(Category),
}

/// "3rd place", "women".
impl fmt::Display for PrizeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrizeKind::Place { place } => write!(f, "{} place", ordinal(*place)),
            PrizeKind::Category(c) => write!(f, "{c}"),
        }
    }
}

/// "1st", "2nd", "3rd", "11th", "22nd".
pub(crate) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A prize of the list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Prize {
    /// Its record's id: the order it was entered in.
    pub id: i64,
    #[serde(flatten)]
    pub kind: PrizeKind,
    pub value: f64,
}

/// What the prize rules need to know of an entrant beside the standings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Contender {
    /// The seeding rating; `None`: unrated.
    pub rating: Option<f64>,
    pub club: Option<String>,
    pub details: PlayerDetails,
}

/// One winner of a prize (several when it is shared).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Winner {
    pub id: EntrantId,
    pub name: String,
    /// The place in the standings ("3=" for a shared one).
    pub place: String,
    pub points: Points,
    /// What this winner gets of the prize.
    pub amount: f64,
}

/// A prize and who wins it (nobody: no one fits, or every one who fits has a
/// more valuable prize).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Award {
    pub prize: Prize,
    pub winners: Vec<Winner>,
}

/// Hands out `prizes` over `standings` (see the module docs); `contenders` by
/// entrant id (one missing is in no category), `start` the tournament's first day,
/// `share` whether place prizes are shared among players tied on points. The
/// awards come in the order they were decided (the most valuable first).
pub(crate) fn award(
    prizes: &[Prize],
    standings: &Standings,
    contenders: &HashMap<EntrantId, Contender>,
    start: Option<NaiveDate>,
    share: bool,
) -> Vec<Award> {
    let mut order: Vec<&Prize> = prizes.iter().collect();
    order.sort_by(|a, b| {
        let rank = |p: &Prize| match &p.kind {
            PrizeKind::Place { place } => (0, *place),
            PrizeKind::Category(_) => (1, 0),
        };
        b.value
            .total_cmp(&a.value)
            .then(rank(a).cmp(&rank(b)))
            .then(a.id.cmp(&b.id))
    });
    let rows = &standings.rows;
    let nobody = Contender::default();
    let mut taken: HashSet<EntrantId> = HashSet::new();
    // Per prize (in `order`), the index in `rows` of its winner.
    let mut winner_of: Vec<Option<usize>> = Vec::with_capacity(order.len());
    for prize in &order {
        let winner = match &prize.kind {
            PrizeKind::Place { place } => {
                (*place as usize - 1..rows.len()).find(|&i| !taken.contains(&rows[i].id))
            }
            PrizeKind::Category(c) => (0..rows.len()).find(|&i| {
                !taken.contains(&rows[i].id)
                    && c.fits(contenders.get(&rows[i].id).unwrap_or(&nobody), start)
            }),
        };
        if let Some(i) = winner {
            taken.insert(rows[i].id);
        }
        winner_of.push(winner);
    }
    let winner = |i: usize, amount: f64| Winner {
        id: rows[i].id,
        name: rows[i].name.clone(),
        place: rows[i].place_text(),
        points: rows[i].points,
        amount,
    };
    let mut awards: Vec<Award> = order
        .iter()
        .zip(&winner_of)
        .map(|(prize, w)| Award {
            prize: (*prize).clone(),
            winners: w.map(|i| winner(i, prize.value)).into_iter().collect(),
        })
        .collect();
    if share {
        share_place_prizes(&order, &winner_of, rows, &mut awards, winner);
    }
    awards
}

/// Shares the place prizes won by players tied on points among those of them
/// without a category prize (see the module docs).
fn share_place_prizes(
    order: &[&Prize],
    winner_of: &[Option<usize>],
    rows: &[super::StandingRow],
    awards: &mut [Award],
    winner: impl Fn(usize, f64) -> Winner,
) {
    let category_winners: HashSet<usize> = order
        .iter()
        .zip(winner_of)
        .filter(|(p, _)| matches!(p.kind, PrizeKind::Category(_)))
        .filter_map(|(_, w)| *w)
        .collect();
    let mut start = 0;
    while start < rows.len() {
        let points = rows[start].points;
        let end = (start..rows.len())
            .find(|&i| rows[i].points != points)
            .unwrap_or(rows.len());
        let sharers: Vec<usize> = (start..end)
            .filter(|i| !category_winners.contains(i))
            .collect();
        let prizes: Vec<usize> = (0..order.len())
            .filter(|&k| {
                matches!(order[k].kind, PrizeKind::Place { .. })
                    && winner_of[k].is_some_and(|i| (start..end).contains(&i))
            })
            .collect();
        if sharers.len() > 1 && !prizes.is_empty() {
            for k in prizes {
                let each = order[k].value / sharers.len() as f64;
                awards[k].winners = sharers.iter().map(|&i| winner(i, each)).collect();
            }
        }
        start = end;
    }
}

/// The categories of `prizes` that no entrant of `contenders` fits (each once).
pub(crate) fn categories_nobody_fits<'a>(
    prizes: &'a [Prize],
    contenders: &HashMap<EntrantId, Contender>,
    start: Option<NaiveDate>,
) -> Vec<&'a Category> {
    let mut out: Vec<&Category> = Vec::new();
    for p in prizes {
        if let PrizeKind::Category(c) = &p.kind
            && !out.contains(&c)
            && !contenders.values().any(|x| c.fits(x, start))
        {
            out.push(c);
        }
    }
    out
}

/// Money as a prize list prints it: `100`, `33.33`.
pub fn money(value: f64) -> String {
    let cents = (value * 100.0).round();
    if cents % 100.0 == 0.0 {
        format!("{:.0}", cents / 100.0)
    } else {
        format!("{:.2}", cents / 100.0)
    }
}

/// Each winner's total, best-placed first.
pub(crate) fn totals(awards: &[Award]) -> Vec<(Winner, f64)> {
    let mut out: Vec<(Winner, f64)> = Vec::new();
    for w in awards.iter().flat_map(|a| &a.winners) {
        match out.iter_mut().find(|(x, _)| x.id == w.id) {
            Some((_, total)) => *total += w.amount,
            None => out.push((w.clone(), w.amount)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    //! Prize lists worked out by hand over small standings.

    use super::*;
    use crate::tournament::player_details::Born;
    use crate::tournament::{StandingRow, Tiebreak};

    /// Standings of `rows` (name, points), in this order, ids 1, 2, 3, ...; equal
    /// points keep the order given (as the tiebreaks would have put them).
    fn standings(rows: &[(&str, f64)]) -> Standings {
        let mut out = Vec::new();
        for (i, (name, points)) in rows.iter().enumerate() {
            out.push(StandingRow {
                position: i as u32 + 1,
                shared: false,
                place: i as u32 + 1,
                id: i as i64 + 1,
                name: name.to_string(),
                rating: 1500.0,
                start_rank: i as u32 + 1,
                withdrawn: false,
                points: format!("{points}").parse().unwrap(),
                played: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                forfeit_wins: 0,
                forfeit_losses: 0,
                byes: 0,
                reached: None,
                tiebreaks: Vec::new(),
            });
        }
        Standings {
            tiebreaks: vec![Tiebreak::Buchholz],
            rows: out,
        }
    }

    fn place(id: i64, place: u32, value: f64) -> Prize {
        Prize {
            id,
            kind: PrizeKind::Place { place },
            value,
        }
    }

    fn category(id: i64, c: Category, value: f64) -> Prize {
        Prize {
            id,
            kind: PrizeKind::Category(c),
            value,
        }
    }

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn who(awards: &[Award]) -> Vec<(String, Vec<(String, String)>)> {
        awards
            .iter()
            .map(|a| {
                (
                    a.prize.kind.to_string(),
                    a.winners
                        .iter()
                        .map(|w| (w.name.clone(), money(w.amount)))
                        .collect(),
                )
            })
            .collect()
    }

    fn named(list: &[(&str, &[(&str, &str)])]) -> Vec<(String, Vec<(String, String)>)> {
        list.iter()
            .map(|(p, ws)| {
                (
                    p.to_string(),
                    ws.iter()
                        .map(|(n, m)| (n.to_string(), m.to_string()))
                        .collect(),
                )
            })
            .collect()
    }

    /// Hodan is a woman, a junior and rated under 1600: she qualifies for three
    /// categories and gets the most valuable prize she can, the junior prize (60)
    /// over her 2nd place (50); the 2nd place passes to Bashir (3rd), the 3rd place
    /// to Cawo (4th), and the women's prize (40) to the next woman, Deeqa (5th);
    /// the rating prize (30) finds no one left under 1600 but Hodan, so it stays
    /// unawarded.
    #[test]
    fn a_player_in_three_categories_takes_the_most_valuable_and_the_others_pass_on() {
        let s = standings(&[
            ("Abdi", 6.0),
            ("Hodan", 5.0),
            ("Bashir", 4.5),
            ("Cawo", 4.0),
            ("Deeqa", 3.0),
        ]);
        let mut c = HashMap::new();
        let woman = |born: &str, rating| Contender {
            rating,
            club: None,
            details: PlayerDetails {
                sex: Some(Sex::Female),
                born: Some(born.parse().unwrap()),
                ..PlayerDetails::default()
            },
        };
        let man = |rating| Contender {
            rating: Some(rating),
            ..Contender::default()
        };
        c.insert(1, man(2000.0));
        c.insert(2, woman("2010-03-01", Some(1550.0)));
        c.insert(3, man(1800.0));
        c.insert(4, man(1700.0));
        c.insert(5, woman("1990-01-01", Some(1650.0)));
        let prizes = [
            place(1, 1, 100.0),
            place(2, 2, 50.0),
            place(3, 3, 20.0),
            category(4, Category::Junior { age: 20 }, 60.0),
            category(5, Category::Women, 40.0),
            category(6, Category::Rating { under: 1600.0 }, 30.0),
        ];
        let awards = award(&prizes, &s, &c, Some(day("2026-12-05")), false);
        assert_eq!(
            who(&awards),
            named(&[
                ("1st place", &[("Abdi", "100")]),
                ("junior (under 20)", &[("Hodan", "60")]),
                ("2nd place", &[("Bashir", "50")]),
                ("women", &[("Deeqa", "40")]),
                ("rating under 1600", &[]),
                ("3rd place", &[("Cawo", "20")]),
            ])
        );
    }

    /// Bashir, Cawo and Deeqa tie on 4 points for places 2 to 4: by the tiebreaks
    /// (their order here) Bashir gets the 2nd prize (60) and Cawo the 3rd (30);
    /// shared, the 90 is split three ways, 30 each. Abdi's 1st place is his alone.
    #[test]
    fn a_tie_for_a_prize_goes_by_the_tiebreaks_or_is_shared_equally() {
        let s = standings(&[
            ("Abdi", 5.0),
            ("Bashir", 4.0),
            ("Cawo", 4.0),
            ("Deeqa", 4.0),
            ("Ebyan", 2.0),
        ]);
        let prizes = [place(1, 1, 100.0), place(2, 2, 60.0), place(3, 3, 30.0)];
        let none = HashMap::new();
        let by_tiebreaks = award(&prizes, &s, &none, None, false);
        assert_eq!(
            who(&by_tiebreaks),
            named(&[
                ("1st place", &[("Abdi", "100")]),
                ("2nd place", &[("Bashir", "60")]),
                ("3rd place", &[("Cawo", "30")]),
            ])
        );
        let shared = award(&prizes, &s, &none, None, true);
        let each = [("Bashir", "20"), ("Cawo", "20"), ("Deeqa", "20")];
        let each3 = [("Bashir", "10"), ("Cawo", "10"), ("Deeqa", "10")];
        assert_eq!(
            who(&shared),
            named(&[
                ("1st place", &[("Abdi", "100")]),
                ("2nd place", &each),
                ("3rd place", &each3),
            ])
        );
        let totals: Vec<(String, String)> = totals(&shared)
            .into_iter()
            .map(|(w, t)| (w.name, money(t)))
            .collect();
        assert_eq!(
            totals,
            [
                ("Abdi".to_string(), "100".to_string()),
                ("Bashir".into(), "30".into()),
                ("Cawo".into(), "30".into()),
                ("Deeqa".into(), "30".into())
            ]
        );
        // A third of 100 is printed to the cent.
        assert_eq!(money(100.0 / 3.0), "33.33");
    }

    /// A list with no 2nd place prize: the 3rd place prize is the 3rd placed
    /// player's, not the 2nd's (who has no prize).
    #[test]
    fn a_place_prize_is_for_that_place_or_below() {
        let s = standings(&[("Abdi", 3.0), ("Bashir", 2.0), ("Cawo", 1.0)]);
        let prizes = [place(1, 1, 100.0), place(2, 3, 40.0)];
        assert_eq!(
            who(&award(&prizes, &s, &HashMap::new(), None, false)),
            named(&[
                ("1st place", &[("Abdi", "100")]),
                ("3rd place", &[("Cawo", "40")]),
            ])
        );
    }

    /// The tournament starts on 5 December 2026. A player born on 5 December 2006
    /// turns 20 that day: no longer a junior under 20; one born on 6 December 2006
    /// is 19 and is. A senior of 65 on their birthday is one.
    #[test]
    fn a_junior_on_their_birthday_is_as_old_as_that_day_makes_them() {
        let start = Some(day("2026-12-05"));
        let born = |text: &str| Contender {
            details: PlayerDetails {
                born: Some(text.parse::<Born>().unwrap()),
                ..PlayerDetails::default()
            },
            ..Contender::default()
        };
        let junior = Category::Junior { age: 20 };
        assert!(!junior.fits(&born("2006-12-05"), start));
        assert!(junior.fits(&born("2006-12-06"), start));
        // Born in 2007, day unknown: 19 on the first day.
        assert!(junior.fits(&born("2007"), start));
        let senior = Category::Senior { age: 65 };
        assert!(senior.fits(&born("1961-12-05"), start));
        assert!(!senior.fits(&born("1961-12-06"), start));
        // No start date or no birth date: in no age category.
        assert!(!junior.fits(&born("2010-01-01"), None));
        assert!(!junior.fits(&Contender::default(), start));

        let s = standings(&[("Abdi", 3.0), ("Bile", 2.0), ("Caaliya", 1.0)]);
        let mut c = HashMap::new();
        c.insert(1, born("2006-12-05"));
        c.insert(2, born("2006-12-05"));
        c.insert(3, born("2006-12-06"));
        let prizes = [category(1, junior.clone(), 25.0)];
        assert_eq!(
            who(&award(&prizes, &s, &c, start, false)),
            named(&[("junior (under 20)", &[("Caaliya", "25")])])
        );
        // The day before, all three are 19.
        assert_eq!(
            who(&award(&prizes, &s, &c, Some(day("2026-12-04")), false)),
            named(&[("junior (under 20)", &[("Abdi", "25")])])
        );
    }

    #[test]
    fn a_prize_as_given_is_checked() {
        let kind = |place, category, age, under, club| {
            PrizeKind::parse(place, category, age, under, club).map_err(|e| e.to_string())
        };
        assert_eq!(
            kind(None, Some("juniors"), None, None, None).unwrap_err(),
            "'juniors' is not a prize category; the categories are women, junior, senior, rating, club"
        );
        assert_eq!(
            kind(None, Some("junior"), None, None, None),
            Ok(PrizeKind::Category(Category::Junior { age: 20 }))
        );
        assert_eq!(
            kind(None, Some("senior"), Some(50), None, None),
            Ok(PrizeKind::Category(Category::Senior { age: 50 }))
        );
        assert!(kind(None, Some("rating"), None, None, None).is_err());
        assert!(kind(None, Some("women"), Some(18), None, None).is_err());
        assert!(kind(Some(0), None, None, None, None).is_err());
        assert!(kind(Some(1), Some("women"), None, None, None).is_err());
        assert!(kind(None, None, None, None, None).is_err());
        assert_eq!(parse_value(" 50.5 "), Ok(50.5));
        assert_eq!(
            parse_value("-10").unwrap_err().to_string(),
            "a prize's value is a sum of money, 0 or more, not -10"
        );
        assert!(parse_value("NaN").is_err());
    }

    #[test]
    fn a_category_no_entrant_fits_is_named_once() {
        let mut c = HashMap::new();
        c.insert(
            1,
            Contender {
                rating: Some(1700.0),
                club: Some("Hodan".into()),
                ..Contender::default()
            },
        );
        let prizes = [
            category(1, Category::Women, 10.0),
            category(2, Category::Women, 5.0),
            category(
                3,
                Category::Club {
                    club: "HODAN".into(),
                },
                5.0,
            ),
            category(
                4,
                Category::Club {
                    club: "Waberi".into(),
                },
                5.0,
            ),
            category(5, Category::Rating { under: 1600.0 }, 5.0),
        ];
        let names: Vec<String> = categories_nobody_fits(&prizes, &c, None)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(names, ["women", "club Waberi", "rating under 1600"]);
    }
}
