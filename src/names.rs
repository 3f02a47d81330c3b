//! Names people type and other people read: players, clubs, tournaments, rule sets.
//! A leaf module (no other goobalay module is used here), so every layer can use it.
//!
//! - [`clean`] is the gate for a name to be stored: trimmed, in Unicode NFC (so "Café"
//!   typed with a combining accent is stored as the one-character "é"), at most
//!   [`MAX_NAME_CHARS`] characters, and without any character that cannot be seen or
//!   that changes how the text around it is shown: control characters (tabs,
//!   newlines), format characters (zero-width spaces and joiners, the byte order mark,
//!   right-to-left overrides and the other text-direction controls), line and
//!   paragraph separators, the other default-ignorable code points (Hangul fillers,
//!   variation selectors, ...), private-use and unassigned code points.
//! - [`key`] is what makes two names the same name: Unicode compatibility caseless
//!   matching (The Unicode Standard, §3.13, D146: full case folding with NFKD), runs of
//!   white space counted as one space. So NFC and NFD "Café", "Straße" and "STRASSE",
//!   "ΟΔΟΣ" and "οδος", and full-width "Ａｍｉｎａ" and "Amina" are one name.
//! - [`people_order`] is the order in which names are listed: as people read them
//!   (the Unicode Collation Algorithm with the root collation of CLDR, via ICU4X), so
//!   "Ümit" sorts beside "Ulla" and "Ḥawa" beside "Hawa", not after "Zoë"; letters
//!   of other scripts follow the Latin ones script by script ("李" after "Zoë"). Names
//!   equal in that order (none of a database's, which differ in [`key`]) fall back
//!   to code point order, so the order is total and the same on every machine.
//! - [`excerpt`] is how a text the user gave is quoted in an error message: shortened
//!   and with invisible characters spelt out, so a huge or hostile argument is never
//!   echoed whole.

use std::fmt;

use caseless::Caseless;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Orders two names as people read them (see the module docs): the Unicode root
/// collation at its default strength (tertiary: base letters, then accents, then
/// case), then code points.
pub fn people_order(a: &str, b: &str) -> std::cmp::Ordering {
    static COLLATOR: std::sync::LazyLock<icu_collator::CollatorBorrowed<'static>> =
        std::sync::LazyLock::new(|| {
            icu_collator::Collator::try_new(
                Default::default(),
                icu_collator::options::CollatorOptions::default(),
            )
            .expect("ICU4X's compiled data holds the root collation")
        });
    COLLATOR.compare(a, b).then_with(|| a.cmp(b))
}

/// Longest name, in characters (after NFC normalisation).
pub const MAX_NAME_CHARS: usize = 100;

/// Characters of a user's text quoted in an error message.
pub const EXCERPT_CHARS: usize = 40;

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameError {
    /// What was being named: "a player name", "a club name", "a rule name", ...
    pub what: &'static str,
    pub problem: NameProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameProblem {
    Empty,
    /// Its length in characters.
    TooLong(usize),
    /// The first character refused, and its position (1-based, in characters).
    Forbidden(char, usize),
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = self.what;
        match self.problem {
            NameProblem::Empty => write!(f, "{what} must not be empty"),
            NameProblem::TooLong(n) => write!(
                f,
                "{what} may have at most {MAX_NAME_CHARS} characters; this one has {n}"
            ),
            NameProblem::Forbidden(c, at) => write!(
                f,
                "{what} must not hold {} (character {at}, {}); control characters, invisible characters and text-direction controls are not allowed",
                code_point(c),
                kind_of(c)
            ),
        }
    }
}

impl std::error::Error for NameError {}

/// The name to store: trimmed and in NFC; refused if empty, longer than
/// [`MAX_NAME_CHARS`] characters, or holding a character [`is_forbidden`] refuses.
/// `what` names the name in the error ("a player name").
pub fn clean(text: &str, what: &'static str) -> Result<String, NameError> {
    let err = |problem| Err(NameError { what, problem });
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return err(NameProblem::Empty);
    }
    // Checked before normalising: a huge argument is refused without more work.
    let raw_chars = trimmed.chars().count();
    if raw_chars > 4 * MAX_NAME_CHARS {
        return err(NameProblem::TooLong(raw_chars));
    }
    if let Some((at, c)) = trimmed.chars().enumerate().find(|&(_, c)| is_forbidden(c)) {
        return err(NameProblem::Forbidden(c, at + 1));
    }
    let name: String = trimmed.nfc().collect();
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return err(NameProblem::TooLong(chars));
    }
    Ok(name)
}

/// Whether `c` is refused in a name: it cannot be seen, or it changes how the text
/// around it is shown (see the module note). Ordinary and other spaces are allowed
/// (inside a name; [`clean`] trims the ends).
pub fn is_forbidden(c: char) -> bool {
    use GeneralCategory as G;
    match c.general_category() {
        G::Control
        | G::Format
        | G::Surrogate
        | G::PrivateUse
        | G::Unassigned
        | G::LineSeparator
        | G::ParagraphSeparator => true,
        _ => is_other_default_ignorable(c),
    }
}

/// Default-ignorable code points (Unicode's DerivedCoreProperties) that are not
/// format characters: they show as nothing, so two names differing by one look alike.
/// With U+2800 BRAILLE PATTERN BLANK, which shows as a blank and is used as one.
fn is_other_default_ignorable(c: char) -> bool {
    matches!(c,
        '\u{034F}'                      // combining grapheme joiner
        | '\u{115F}' | '\u{1160}'       // Hangul choseong and jungseong fillers
        | '\u{17B4}' | '\u{17B5}'       // Khmer inherent vowels
        | '\u{180B}'..='\u{180F}'       // Mongolian free variation selectors
        | '\u{2800}'                    // Braille pattern blank
        | '\u{3164}'                    // Hangul filler
        | '\u{FE00}'..='\u{FE0F}'       // variation selectors
        | '\u{FFA0}'                    // half-width Hangul filler
        | '\u{E0100}'..='\u{E01EF}' // variation selectors supplement
    )
}

/// The key under which a name is unique and found: compatibility caseless matching
/// (NFKD of the full case folding of NFKD of the full case folding of NFD), runs of
/// white space as one space, ends trimmed, stored in NFC.
pub fn key(name: &str) -> String {
    let folded: String = name
        .trim()
        .chars()
        .nfd()
        .default_case_fold()
        .nfkd()
        .default_case_fold()
        .nfkd()
        .collect();
    let mut spaced = String::with_capacity(folded.len());
    for word in folded.split_whitespace() {
        if !spaced.is_empty() {
            spaced.push(' ');
        }
        spaced.push_str(word);
    }
    spaced.nfc().collect()
}

/// The name among `known` that `typed` most likely meant, for "did you mean ...?":
/// the same letters without their accents (`umit` for Ümit, `hawa` for Ḥawa), else
/// the closest within a small edit distance of those bare letters (one edit, or two
/// letters swapped, per four letters, at least one). `None` when nothing is that close.
pub fn closest<'a>(typed: &str, known: &'a [String]) -> Option<&'a str> {
    let bare = |s: &str| -> String {
        key(s)
            .nfd()
            .filter(|c| unicode_normalization::char::canonical_combining_class(*c) == 0)
            .collect()
    };
    let want = bare(typed);
    let limit = (want.chars().count() / 4).max(1);
    known
        .iter()
        .map(|k| (strsim::osa_distance(&want, &bare(k)), k))
        .filter(|(d, _)| *d <= limit)
        .min_by(|(d1, a), (d2, b)| d1.cmp(d2).then_with(|| people_order(a, b)))
        .map(|(_, k)| k.as_str())
}

/// A user's text as quoted in an error message: at most [`EXCERPT_CHARS`]
/// characters (then "…" and the length), control and invisible characters written
/// as `U+XXXX`.
pub fn excerpt(text: &str) -> String {
    excerpt_with(text, |n| format!("… ({n} characters)"))
}

/// [`excerpt`], with `cut(n)` written after a text of `n` characters that is cut
/// short (a front end's words for "… (n characters)").
pub fn excerpt_with(text: &str, cut: impl FnOnce(usize) -> String) -> String {
    let mut out = String::new();
    for (shown, c) in text.chars().enumerate() {
        if shown == EXCERPT_CHARS {
            out.push_str(&cut(text.chars().count()));
            return out;
        }
        if is_forbidden(c) {
            out.push_str(&format!("<{}>", code_point(c)));
        } else {
            out.push(c);
        }
    }
    out
}

fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

fn kind_of(c: char) -> &'static str {
    use GeneralCategory as G;
    match c.general_category() {
        G::Control => "a control character",
        G::Format if is_bidi_control(c) => "a text-direction control",
        G::Format => "an invisible formatting character",
        G::LineSeparator | G::ParagraphSeparator => "a line break",
        G::PrivateUse => "a private-use character",
        G::Unassigned | G::Surrogate => "not an assigned character",
        _ => "an invisible character",
    }
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_closest_name_is_the_same_letters_without_accents_or_a_small_typo() {
        let known: Vec<String> = ["Ümit", "Ulla", "Ḥawa", "Hazel", "Bashir", "李"]
            .map(String::from)
            .to_vec();
        assert_eq!(super::closest("umit", &known), Some("Ümit"));
        assert_eq!(super::closest("HAWA", &known), Some("Ḥawa"));
        assert_eq!(super::closest("Bashri", &known), Some("Bashir"));
        assert_eq!(super::closest("Bshri", &known), None);
        assert_eq!(super::closest("Bashi", &known), Some("Bashir"));
        assert_eq!(super::closest("Ula", &known), Some("Ulla"));
        assert_eq!(super::closest("Zed", &known), None);
        assert_eq!(super::closest("李", &[]), None);
    }

    #[test]
    fn people_order_reads_names_as_people_do() {
        let mut names = vec![
            "Zoë",
            "李",
            "Ümit",
            "Robo Hard",
            "Ḥawa",
            "Ulla",
            "Hazel",
            "Hawa",
            "abdi",
            "Émile",
            "Eve",
        ];
        names.sort_by(|a, b| people_order(a, b));
        assert_eq!(
            names,
            [
                "abdi",
                "Émile",
                "Eve",
                "Hawa",
                "Ḥawa",
                "Hazel",
                "Robo Hard",
                "Ulla",
                "Ümit",
                "Zoë",
                "李"
            ]
        );
        // Decomposed and composed spellings are one place, then code points decide.
        assert_eq!(
            people_order("U\u{0308}mit", "Ümit"),
            "U\u{0308}mit".cmp("Ümit")
        );
    }
    use super::*;

    #[test]
    fn nfc_and_nfd_are_one_name_stored_in_nfc() {
        let nfd = "Cafe\u{0301}";
        let nfc = "Caf\u{00E9}";
        assert_eq!(clean(nfd, "a name").unwrap(), nfc);
        assert_eq!(key(nfd), key(nfc));
        assert_eq!(key(nfc), "caf\u{00E9}");
    }

    #[test]
    fn case_is_folded_fully() {
        assert_eq!(key("Straße"), key("STRASSE"));
        assert_eq!(key("ΟΔΟΣ"), key("οδοσ"));
        assert_eq!(key("ΟΔΟΣ"), key("οδος"));
        assert_eq!(key("Ａｍｉｎａ"), key("amina"));
        assert_eq!(key("  Amina \u{00A0} Farah "), key("amina farah"));
        assert_ne!(key("Amina"), key("Amine"));
        // Turkish dotted capital I folds to i with a dot: not Idil.
        assert_ne!(key("İdil"), key("Idil"));
    }

    #[test]
    fn invisible_and_direction_characters_are_refused() {
        for bad in [
            "\u{202E}puC",
            "Ami\u{200B}na",
            "\u{FEFF}Amina",
            "Amina\u{200D}",
            "Am\u{2066}ina",
            "A\tmina",
            "Amina\nFarah",
            "Ami\u{3164}na",
            "Amina\u{FE0F}",
            "Ami\u{2028}na",
            "Ami\u{E000}na",
        ] {
            let e = clean(bad, "a player name").unwrap_err();
            assert!(matches!(e.problem, NameProblem::Forbidden(..)), "{bad:?}");
            let text = e.to_string();
            assert!(text.starts_with("a player name must not hold U+"), "{text}");
        }
        let e = clean("\u{202E}puC", "a rule name").unwrap_err();
        assert_eq!(
            e.to_string(),
            "a rule name must not hold U+202E (character 1, a text-direction control); control characters, invisible characters and text-direction controls are not allowed"
        );
        // Ordinary letters of any script, marks, punctuation and inner spaces pass.
        for good in [
            "Amina Farah",
            "Идиль",
            "فرح",
            "山田 太郎",
            "O'Neil-Smith",
            "Zoë",
        ] {
            assert_eq!(clean(good, "a name").unwrap(), good);
        }
    }

    #[test]
    fn length_is_bounded_in_characters() {
        let at_max = "é".repeat(MAX_NAME_CHARS);
        assert_eq!(clean(&at_max, "a name").unwrap(), at_max);
        let over = "é".repeat(MAX_NAME_CHARS + 1);
        assert_eq!(
            clean(&over, "a name").unwrap_err().problem,
            NameProblem::TooLong(MAX_NAME_CHARS + 1)
        );
        let huge = "x".repeat(128 * 1024);
        let e = clean(&huge, "a club name").unwrap_err();
        assert_eq!(e.problem, NameProblem::TooLong(128 * 1024));
        assert!(e.to_string().len() < 100);
        // NFD letters count once they are composed.
        let nfd = "e\u{0301}".repeat(MAX_NAME_CHARS);
        assert_eq!(
            clean(&nfd, "a name").unwrap().chars().count(),
            MAX_NAME_CHARS
        );
        assert_eq!(
            clean("  ", "a name").unwrap_err().problem,
            NameProblem::Empty
        );
    }

    #[test]
    fn excerpts_are_short_and_show_invisible_characters() {
        assert_eq!(excerpt("Amina"), "Amina");
        assert_eq!(excerpt("\u{202E}puC\n"), "<U+202E>puC<U+000A>");
        let long = excerpt(&"y".repeat(100_000));
        assert_eq!(
            long,
            format!("{}… (100000 characters)", "y".repeat(EXCERPT_CHARS))
        );
    }
}
