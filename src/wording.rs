//! How counts read in what goobalay says: "1 match", "2 matches", never "match(es)".

/// "1 hand", "2 hands", "0 hands": a count with its noun as a person writes it.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// [`count`] of matches.
pub fn matches(n: impl Into<u64>) -> String {
    count(n, "match", "matches")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_count_of_one_is_singular() {
        assert_eq!(super::count(1u32, "hand", "hands"), "1 hand");
        assert_eq!(super::count(0u32, "hand", "hands"), "0 hands");
        assert_eq!(super::count(2u64, "entry", "entries"), "2 entries");
        assert_eq!(super::matches(1u32), "1 match");
        assert_eq!(super::matches(3usize as u64), "3 matches");
    }
}
