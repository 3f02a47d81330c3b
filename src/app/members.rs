//! `player import members.csv`: a club's member list read into the players.
//!
//! The file is CSV (RFC 4180, read by the csv crate) with a header row naming its
//! columns, any of `name,club,rating,federation,sex,born,id` in any order (`name`
//! required). Every row is checked before anything is written; a file with any bad
//! row (a name out of form, a rating, federation, sex, birth date or id not as
//! `player add` takes them, a name given twice) is refused whole, naming the line.
//! A member already recorded as a player (by name, ignoring case) is reported and
//! left as they are, so importing the same file again adds nobody. The members
//! added are stored in one transaction, each with their rating as a club starting
//! rating (every variant) and their details.

use std::collections::HashMap;

use crate::app::players::{PlayerRefusal, add_player_in, new_player};
use crate::app::records::{NewPlayer, now};
use crate::app::repo::{Database, PlayerRepo};
use crate::tournament::player_details::{Born, PlayerDetails};
use crate::tournament::{RatingSource, StartingRating};

use super::{Result, commit};

/// The columns a member list may have.
pub(crate) const COLUMNS: [&str; 7] = ["name", "club", "rating", "federation", "sex", "born", "id"];

/// One member as the file gives them, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// The file's line the row starts on.
    pub line: u64,
    pub player: NewPlayer,
    pub rating: Option<StartingRating>,
    pub details: PlayerDetails,
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct MembersImported {
    /// The players added, in the file's order.
    pub added: Vec<String>,
    /// Members already recorded as players (as recorded), with their lines: left as
    /// they are.
    pub already_recorded: Vec<(u64, String)>,
}

/// The members of the list `text` (the file `file`), every row checked; the first
/// bad row refuses the list.
pub fn read(file: &str, text: &str) -> Result<Vec<Member>, PlayerRefusal> {
    let refused = |line: u64, message: String| PlayerRefusal::MemberList {
        file: file.to_string(),
        line,
        message,
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .trim(csv::Trim::All)
        .from_reader(text.strip_prefix('\u{feff}').unwrap_or(text).as_bytes());
    let header = reader
        .headers()
        .map_err(|e| refused(1, format!("the header row cannot be read: {e}")))?
        .clone();
    let mut column_of: HashMap<&str, usize> = HashMap::new();
    for (k, name) in header.iter().enumerate() {
        let known = COLUMNS
            .iter()
            .find(|c| c.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                refused(
                    1,
                    format!(
                        "'{}' is not a column of a member list; the columns are {}",
                        crate::names::excerpt(name),
                        COLUMNS.join(",")
                    ),
                )
            })?;
        if column_of.insert(known, k).is_some() {
            return Err(refused(1, format!("the column '{known}' is named twice")));
        }
    }
    if !column_of.contains_key("name") {
        return Err(refused(
            1,
            format!(
                "the header row names no 'name' column; the columns are {}",
                COLUMNS.join(",")
            ),
        ));
    }
    let mut members: Vec<Member> = Vec::new();
    let mut line_of_name: HashMap<String, u64> = HashMap::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            refused(line, format!("not a row of the list: {e}"))
        })?;
        let line = record.position().map_or(0, |p| p.line());
        let field = |column: &str| {
            column_of
                .get(column)
                .and_then(|&k| record.get(k))
                .filter(|t| !t.is_empty())
        };
        let in_column = |column: &str, e: String| refused(line, format!("{column}: {e}"));
        let player = new_player(field("name").unwrap_or(""), field("club"), None)
            .map_err(|e| in_column("name", e.to_string()))?;
        let rating = field("rating")
            .map(|t| {
                let value: f64 = t.parse().map_err(|_| {
                    in_column(
                        "rating",
                        format!("'{}' is not a number", crate::names::excerpt(t)),
                    )
                })?;
                StartingRating::new(value, RatingSource::Club, None)
                    .map_err(|e| in_column("rating", e.to_string()))
            })
            .transpose()?;
        let details = PlayerDetails {
            federation: field("federation")
                .map(PlayerDetails::federation)
                .transpose()
                .map_err(|e| in_column("federation", e.to_string()))?,
            sex: field("sex")
                .map(PlayerDetails::sex)
                .transpose()
                .map_err(|e| in_column("sex", e.to_string()))?,
            born: field("born")
                .map(str::parse::<Born>)
                .transpose()
                .map_err(|e| in_column("born", e.to_string()))?,
            id: field("id")
                .map(PlayerDetails::id)
                .transpose()
                .map_err(|e| in_column("id", e.to_string()))?,
        };
        if let Some(first) = line_of_name.insert(crate::names::key(&player.name), line) {
            return Err(refused(
                line,
                format!(
                    "'{}' is named again (first on line {first}); each member once",
                    crate::names::excerpt(&player.name)
                ),
            ));
        }
        members.push(Member {
            line,
            player,
            rating,
            details,
        });
    }
    Ok(members)
}

/// Imports the member list `text` (the file `file`; see the module docs): all the
/// new members or, if any row is bad, nobody.
pub async fn import(store: &impl Database, file: &str, text: &str) -> Result<MembersImported> {
    let members = read(file, text)?;
    let mut tx = store.begin_write().await?;
    let mut report = MembersImported::default();
    for m in &members {
        if let Some(p) = tx.player_by_name(&m.player.name).await? {
            report.already_recorded.push((m.line, p.name));
            continue;
        }
        let player = add_player_in(&mut tx, &m.player).await?;
        let at = now();
        if let Some(r) = &m.rating {
            tx.insert_starting_rating(player.id, r, at).await?;
        }
        if !m.details.is_empty() {
            tx.insert_player_details(player.id, &m.details, at).await?;
        }
        report.added.push(player.name);
    }
    commit(tx).await?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(text: &str) -> String {
        read("members.csv", text).unwrap_err().to_string()
    }

    #[test]
    fn a_list_is_read_by_its_header_in_any_order() {
        let members = read(
            "members.csv",
            "id,name,sex,born,federation,rating,club\n\
             4101234,Hodan Warsame,f,2009-02-01,som,1650,Hodan\n\
             ,\"Abdi, Jr.\",,2010,,,\n",
        )
        .unwrap();
        assert_eq!(members.len(), 2);
        let hodan = &members[0];
        assert_eq!(hodan.line, 2);
        assert_eq!(hodan.player.name, "Hodan Warsame");
        assert_eq!(hodan.player.club.as_deref(), Some("Hodan"));
        assert_eq!(hodan.rating.as_ref().map(|r| r.rating), Some(1650.0));
        assert_eq!(hodan.details.words(), "SOM, f, born 2009-02-01, id 4101234");
        assert_eq!(members[1].player.name, "Abdi, Jr.");
        assert_eq!(members[1].details.words(), "born 2010");
        assert_eq!(members[1].rating, None);
    }

    #[test]
    fn a_bad_row_refuses_the_list_naming_its_line() {
        let head = "name,club,rating,federation,sex,born,id\n";
        let ok = "Hodan,,1500,SOM,f,2009,1\n";
        for (row, says) in [
            ("Abdi,,fast,,,,", "line 3: rating: 'fast' is not a number"),
            (
                "Abdi,,,SOMA,,,",
                "line 3: federation: 'SOMA' is not a federation",
            ),
            ("Abdi,,,,x,,", "line 3: sex: 'x' is not a sex; give f or m"),
            (
                "Abdi,,,,,2009-13-01,",
                "line 3: born: '2009-13-01' is not a birth date",
            ),
            ("Abdi,,,,,,41 01", "line 3: id: '41 01' is not an id"),
            ("Abdi,,9000,,,,", "line 3: rating:"),
            (",Hodan,,,,,", "line 3: name:"),
            (
                "HODAN,,,,,,",
                "line 3: 'HODAN' is named again (first on line 2)",
            ),
            ("Abdi,,,", "line 3: not a row of the list"),
        ] {
            let text = format!("{head}{ok}{row}\n");
            let message = refusal(&text);
            assert!(
                message.starts_with(&format!("members.csv, {says}")),
                "{row}: {message}"
            );
            assert!(message.ends_with("; nothing was imported"), "{message}");
        }
        assert!(refusal("name,elo\nHodan,1500\n").starts_with(
            "members.csv, line 1: 'elo' is not a column of a member list; the columns are name,club,rating,federation,sex,born,id"
        ));
        assert!(refusal("club\nHodan\n").contains("line 1: the header row names no 'name' column"));
    }
}
