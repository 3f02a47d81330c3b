//! Where TRF-2016 puts each field of the records goobalay reads ([`super::import`])
//! and writes ([`super::export`]): one table, so the reader and the writer cannot
//! drift apart. Columns are 1-based and inclusive, as the FIDE specification counts
//! them.

use std::fmt;

/// Columns `first` to `last` of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Columns {
    pub first: usize,
    pub last: usize,
}

impl Columns {
    pub(crate) const fn width(self) -> usize {
        self.last + 1 - self.first
    }

    /// The characters of these columns of `line` (fewer where the line is shorter).
    pub(crate) fn of(self, line: &[char]) -> String {
        line.iter()
            .skip(self.first - 1)
            .take(self.width())
            .collect()
    }

    /// The same width, `by` columns further on.
    pub(crate) const fn shifted(self, by: usize) -> Columns {
        Columns {
            first: self.first + by,
            last: self.last + by,
        }
    }
}

/// "5-8", as the messages name columns.
impl fmt::Display for Columns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.last)
    }
}

const fn cols(first: usize, last: usize) -> Columns {
    Columns { first, last }
}

/// Player record (001): the pairing number.
pub(crate) const NUMBER: Columns = cols(5, 8);
/// The most players a TRF holds: pairing numbers have four columns.
pub(crate) const MAX_PLAYERS: u32 = 9999;
/// Player record: the sex (`m` or `w`).
pub(crate) const SEX: Columns = cols(10, 10);
/// Player record: the name.
pub(crate) const NAME: Columns = cols(15, 47);
/// Player record: the rating (blank: unrated).
pub(crate) const RATING: Columns = cols(49, 52);
/// Player record: the federation (three letters).
pub(crate) const FEDERATION: Columns = cols(54, 56);
/// Player record: the FIDE number (goobalay: a federation's or national id).
pub(crate) const FIDE_ID: Columns = cols(58, 68);
/// Player record: the birth date, `YYYY/MM/DD`.
pub(crate) const BIRTH_DATE: Columns = cols(70, 79);
/// Player record: the points.
pub(crate) const POINTS: Columns = cols(81, 84);
/// Player record: the place in the standings.
pub(crate) const RANK: Columns = cols(86, 89);

/// Player record: round `round`'s (from 1) eight columns: the opponent's number in
/// the first four, then a space, the colour, a space and the result.
pub(crate) const fn round(round: usize) -> Columns {
    cols(92, 99).shifted(10 * (round - 1))
}
/// Within a round's columns: where the colour and the result stand.
pub(crate) const COLOUR_OFFSET: usize = 5;
pub(crate) const RESULT_OFFSET: usize = 7;

/// Points record (162): entry `k`'s (from 0) code column.
pub(crate) const fn points_code(k: usize) -> usize {
    6 + 9 * k
}
/// Points record: entry `k`'s points, the four columns after its code.
pub(crate) const fn points_value(k: usize) -> Columns {
    cols(points_code(k) + 1, points_code(k) + 4)
}

/// Absence record (240): the points code (H or Z).
pub(crate) const ABSENCE_POINTS: usize = 5;
/// Absence record: the round.
pub(crate) const ABSENCE_ROUND: Columns = cols(7, 9);
/// Absence record: player `k`'s (from 0) pairing number.
pub(crate) const fn absent_player(k: usize) -> Columns {
    cols(11, 14).shifted(5 * k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The columns of TRF-2016's player record, as the specification's table lists
    /// them.
    #[test]
    fn the_player_record_is_laid_out_as_trf_2016_says() {
        assert_eq!(NAME.width(), 33);
        assert_eq!(round(1), cols(92, 99));
        assert_eq!(round(2), cols(102, 109));
        assert_eq!(round(3).to_string(), "112-119");
        let line: Vec<char> = "001    7".chars().collect();
        assert_eq!(NUMBER.of(&line), "   7");
        assert_eq!(NAME.of(&line), "");
    }
}
