//! The room's language: the words of the web pages (`goobalay serve`) and of the
//! printed slips (`tournament pairings --layout slips --lang CODE`) in English,
//! Somali, Arabic, French and Amharic. The words live in Fluent files,
//! `locales/<lang>/web.ftl`, `slips.ftl`, `report.ftl` (the players' report page
//! and the director's section on reports) and `refusals.ftl` (the web's refusals),
//! embedded in the binary;
//! code decides with ids and enums and asks for the words when it renders.
//!
//! A message missing in a language falls back to English (a page never shows an
//! id); the tests below fail when any message of English is missing in another
//! language, or when an id the code uses is missing in English.
//!
//! Numbers go through ICU4X's decimal formatter (`1,5` in French), dates through
//! chrono's locale data (weekday and month names) with each language's own pattern
//! (`date-long` in web.ftl). Player names and the games' names are never
//! translated: they are passed in as arguments.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the pages and slips speak (as `--lang CODE`: en, so, ar, fr, am).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Lang {
    #[default]
    En,
    So,
    Ar,
    Fr,
    Am,
}

/// Each language's Fluent files, in the order of [`Lang::ALL`].
const FILES: [(Lang, &[&str]); 5] = [
    (
        Lang::En,
        &[
            include_str!("../../../locales/en/web.ftl"),
            include_str!("../../../locales/en/slips.ftl"),
            include_str!("../../../locales/en/report.ftl"),
            include_str!("../../../locales/en/refusals.ftl"),
        ],
    ),
    (
        Lang::So,
        &[
            include_str!("../../../locales/so/web.ftl"),
            include_str!("../../../locales/so/slips.ftl"),
            include_str!("../../../locales/so/report.ftl"),
            include_str!("../../../locales/so/refusals.ftl"),
        ],
    ),
    (
        Lang::Ar,
        &[
            include_str!("../../../locales/ar/web.ftl"),
            include_str!("../../../locales/ar/slips.ftl"),
            include_str!("../../../locales/ar/report.ftl"),
            include_str!("../../../locales/ar/refusals.ftl"),
        ],
    ),
    (
        Lang::Fr,
        &[
            include_str!("../../../locales/fr/web.ftl"),
            include_str!("../../../locales/fr/slips.ftl"),
            include_str!("../../../locales/fr/report.ftl"),
            include_str!("../../../locales/fr/refusals.ftl"),
        ],
    ),
    (
        Lang::Am,
        &[
            include_str!("../../../locales/am/web.ftl"),
            include_str!("../../../locales/am/slips.ftl"),
            include_str!("../../../locales/am/report.ftl"),
            include_str!("../../../locales/am/refusals.ftl"),
        ],
    ),
];

struct Language {
    bundle: FluentBundle<FluentResource>,
    dates: chrono::Locale,
}

thread_local! {
    /// ICU4X's formatters are not shared between threads; each thread makes its
    /// own once (from the data compiled in).
    static NUMBERS: Vec<icu_decimal::DecimalFormatter> =
        Lang::ALL.into_iter().map(number_formatter).collect();
}

static LANGUAGES: LazyLock<Vec<Language>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|(lang, files)| {
            let id: LanguageIdentifier = lang.code().parse().expect("a language code");
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // Names interpolated into right-to-left text are isolated (FSI/PDI) so a
            // Latin name keeps its place in an Arabic sentence; the left-to-right
            // languages' text stays as plain as the pages always were.
            bundle.set_use_isolating(lang.right_to_left());
            for text in *files {
                let resource = FluentResource::try_new(text.to_string())
                    .unwrap_or_else(|(_, e)| panic!("locales/{}: {e:?}", lang.code()));
                bundle
                    .add_resource(resource)
                    .unwrap_or_else(|e| panic!("locales/{}: {e:?}", lang.code()));
            }
            Language {
                bundle,
                dates: lang.date_locale(),
            }
        })
        .collect()
});

fn number_formatter(lang: Lang) -> icu_decimal::DecimalFormatter {
    // Latin digits in Arabic too: every other number on the page (boards, ids,
    // seeds) is written with them, and mixed digits read worse than either.
    let locale: icu_locale_core::Locale = match lang {
        Lang::Ar => "ar-u-nu-latn",
        other => other.code(),
    }
    .parse()
    .expect("a locale");
    let mut options = icu_decimal::options::DecimalFormatterOptions::default();
    // Ratings (1500) stay ungrouped, as the English pages always printed them.
    options.grouping_strategy = Some(icu_decimal::options::GroupingStrategy::Min2);
    icu_decimal::DecimalFormatter::try_new(locale.into(), options).expect("CLDR number data")
}

/// Arguments of a message: `args!["name" => "Ana", "round" => 2]`.
macro_rules! args {
    ($($key:literal => $value:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut a = fluent_bundle::FluentArgs::new();
        $(a.set($key, fluent_bundle::FluentValue::from($value));)*
        a
    }};
}
pub(crate) use args;

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::En, Lang::So, Lang::Ar, Lang::Fr, Lang::Am];

    /// The BCP 47 code (`?lang=`, the cookie, `<html lang>`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::So => "so",
            Lang::Ar => "ar",
            Lang::Fr => "fr",
            Lang::Am => "am",
        }
    }

    /// The language's own name, as the chooser lists it.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::So => "Soomaali",
            Lang::Ar => "العربية",
            Lang::Fr => "Français",
            Lang::Am => "አማርኛ",
        }
    }

    pub fn right_to_left(self) -> bool {
        self == Lang::Ar
    }

    /// `dir` of the page's `<html>`.
    pub fn dir(self) -> &'static str {
        if self.right_to_left() { "rtl" } else { "ltr" }
    }

    /// A code as given by a person (`so`, `so-SO`, `FR`): the language we have for
    /// its primary subtag, if any.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The best language for an `Accept-Language` header (English when none fits).
    pub fn from_accept_language(header: &str) -> Lang {
        let requested = fluent_langneg::accepted_languages::parse(header);
        let available: Vec<LanguageIdentifier> = Lang::ALL
            .iter()
            .map(|l| l.code().parse().expect("a language code"))
            .collect();
        let chosen = fluent_langneg::negotiate_languages(
            &requested,
            &available,
            None,
            fluent_langneg::NegotiationStrategy::Lookup,
        );
        chosen
            .first()
            .and_then(|id| Lang::from_code(id.language.as_str()))
            .unwrap_or_default()
    }

    fn date_locale(self) -> chrono::Locale {
        match self {
            Lang::En => chrono::Locale::en_GB,
            Lang::So => chrono::Locale::so_SO,
            Lang::Ar => chrono::Locale::ar_EG,
            Lang::Fr => chrono::Locale::fr_FR,
            Lang::Am => chrono::Locale::am_ET,
        }
    }

    fn index(self) -> usize {
        Lang::ALL.iter().position(|&l| l == self).unwrap_or(0)
    }

    fn language(self) -> &'static Language {
        &LANGUAGES[self.index()]
    }

    /// The message `id` in this language (English when it has none here).
    pub fn t(self, id: &str) -> String {
        self.format(id, None)
    }

    /// The message `id` with its arguments.
    pub fn ta(self, id: &str, args: &FluentArgs) -> String {
        self.format(id, Some(args))
    }

    fn format(self, id: &str, args: Option<&FluentArgs>) -> String {
        for lang in [self, Lang::En] {
            let bundle = &lang.language().bundle;
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return bundle
                    .format_pattern(pattern, args, &mut errors)
                    .into_owned();
            }
        }
        id.to_string()
    }

    /// A decimal number written as this language writes it: `1.5` is `1,5` in
    /// French. `plain` is an exact decimal as Rust prints it (`Points`' Display,
    /// `format!("{x:.0}")`); anything else is returned as it was.
    pub fn number(self, plain: &str) -> String {
        match plain.parse::<icu_decimal::input::Decimal>() {
            Ok(d) => NUMBERS.with(|n| n[self.index()].format(&d).to_string()),
            Err(_) => plain.to_string(),
        }
    }

    /// A user's text as a refusal quotes it ([`goobalay::names::excerpt`]), a long
    /// one cut short in this language's words.
    pub fn excerpt(self, text: &str) -> String {
        goobalay::names::excerpt_with(text, |n| {
            self.ta("excerpt-cut", &args!["count" => count(n as i64)])
        })
    }

    /// A day as the pages write it (an event's dates): the language's order and
    /// month names (English: ISO, as the CLI writes it).
    pub fn day(self, d: chrono::NaiveDate) -> String {
        d.format_localized(&self.t("date-day"), self.language().dates)
            .to_string()
    }

    /// A moment as the pages' header gives it: weekday, day, month, year and time,
    /// in the language's order and words.
    pub fn date_long<Tz: chrono::TimeZone>(self, t: &chrono::DateTime<Tz>) -> String
    where
        Tz::Offset: std::fmt::Display,
    {
        let pattern = self.t("date-long");
        t.format_localized(&pattern, self.language().dates)
            .to_string()
    }
}

/// A [`FluentValue`] from a count (rounds, players, matches): plural rules apply.
pub fn count(n: impl Into<i64>) -> FluentValue<'static> {
    FluentValue::from(n.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

    #[test]
    fn a_long_quoted_text_is_cut_short_in_the_pages_language() {
        let long = "Ümit ".repeat(12);
        assert_eq!(Lang::En.excerpt(&long), goobalay::names::excerpt(&long));
        let french = Lang::Fr.excerpt(&long);
        assert!(french.ends_with("… (60 caractères)"), "{french}");
        assert!(french.starts_with(&long[..10]), "{french}");
        assert_eq!(Lang::Fr.excerpt("Ümit"), "Ümit");
    }

    /// Every message id (and its variables) of one language's files.
    fn messages(lang: Lang) -> std::collections::BTreeMap<String, Vec<String>> {
        let (_, files) = FILES.iter().find(|(l, _)| *l == lang).unwrap();
        let mut ids = std::collections::BTreeMap::new();
        for text in *files {
            let resource = fluent_syntax::parser::parse(*text)
                .unwrap_or_else(|(_, e)| panic!("{}: {e:?}", lang.code()));
            for entry in resource.body {
                if let Entry::Message(m) = entry {
                    let mut vars = Vec::new();
                    if let Some(p) = &m.value {
                        variables(p, &mut vars);
                    }
                    vars.sort();
                    vars.dedup();
                    ids.insert(m.id.name.to_string(), vars);
                }
            }
        }
        ids
    }

    fn variables(p: &Pattern<&str>, out: &mut Vec<String>) {
        for e in &p.elements {
            if let PatternElement::Placeable { expression } = e {
                expression_variables(expression, out);
            }
        }
    }

    fn expression_variables(e: &Expression<&str>, out: &mut Vec<String>) {
        match e {
            Expression::Inline(i) => inline_variables(i, out),
            Expression::Select { selector, variants } => {
                inline_variables(selector, out);
                for v in variants {
                    variables(&v.value, out);
                }
            }
        }
    }

    fn inline_variables(i: &InlineExpression<&str>, out: &mut Vec<String>) {
        match i {
            InlineExpression::VariableReference { id } => out.push(id.name.to_string()),
            InlineExpression::Placeable { expression } => expression_variables(expression, out),
            _ => {}
        }
    }

    /// Issue 35: every message of English is in every other language, with the
    /// same arguments (a translation that drops `$name` would lose a player).
    #[test]
    fn every_language_has_every_message() {
        let english = messages(Lang::En);
        assert!(
            english.len() > 100,
            "English has {} messages",
            english.len()
        );
        let mut missing = Vec::new();
        for lang in Lang::ALL.into_iter().skip(1) {
            let theirs = messages(lang);
            for (id, vars) in &english {
                match theirs.get(id) {
                    None => missing.push(format!("{}: {id} is missing", lang.code())),
                    Some(v) if v != vars => missing.push(format!(
                        "{}: {id} takes {v:?}, English {vars:?}",
                        lang.code()
                    )),
                    Some(_) => {}
                }
            }
            for id in theirs.keys().filter(|id| !english.contains_key(*id)) {
                missing.push(format!("{}: {id} is not in English", lang.code()));
            }
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }

    /// Every id the code asks for (`.t("…")`, `.ta("…"`, `"…"` in app.js's word
    /// list) is a message of English.
    #[test]
    fn every_id_the_code_uses_exists() {
        let english = messages(Lang::En);
        let sources = [
            include_str!("serve/pages.rs"),
            include_str!("serve/review_view.rs"),
            include_str!("serve/mod.rs"),
            include_str!("serve/api.rs"),
            include_str!("serve/results.rs"),
            include_str!("serve/lang.rs"),
            include_str!("serve/report.rs"),
            include_str!("serve/report_desk.rs"),
            include_str!("serve/refusals.rs"),
            include_str!("tournament_cmd.rs"),
            include_str!("report_slip.rs"),
        ];
        let mut used = Vec::new();
        for text in sources {
            for opener in [
                ".t(\"",
                ".ta(\"",
                "msg!(\"",
                "with_markup(lang, \"",
                "named(\"",
            ] {
                for (at, _) in text.match_indices(opener) {
                    let rest = &text[at + opener.len()..];
                    if let Some(end) = rest.find('"') {
                        used.push(rest[..end].to_string());
                    }
                }
            }
        }
        // app.js and report.js read their words from the page.
        used.extend(
            crate::serve::lang::SCRIPT_WORDS
                .iter()
                .chain(crate::serve::report::SCRIPT_WORDS)
                .map(|s| s.to_string()),
        );
        assert!(used.len() > 50, "only {} ids found in the code", used.len());
        let unknown: Vec<_> = used
            .iter()
            .filter(|id| !english.contains_key(id.as_str()))
            .collect();
        assert!(
            unknown.is_empty(),
            "ids with no English message: {unknown:?}"
        );
    }

    #[test]
    fn a_count_takes_its_languages_plural() {
        let wait = |lang: Lang, seconds: u64| {
            lang.ta(
                "report-refused-too-many",
                &args!["per-address" => 5, "in-all" => 30, "wait" => seconds],
            )
        };
        assert!(
            wait(Lang::En, 1).ends_with("try again in 1 second"),
            "{}",
            wait(Lang::En, 1)
        );
        assert!(wait(Lang::En, 12).ends_with("try again in 12 seconds"));
        assert!(
            wait(Lang::Fr, 1).ends_with("1 seconde"),
            "{}",
            wait(Lang::Fr, 1)
        );
    }

    #[test]
    fn numbers_and_dates_per_language() {
        assert_eq!(Lang::En.number("1.5"), "1.5");
        assert_eq!(Lang::Fr.number("1.5"), "1,5");
        assert_eq!(Lang::En.number("1500"), "1500");
        assert_eq!(Lang::Ar.number("2.5"), "2.5");
        assert_eq!(Lang::So.number("-0.25"), "-0.25");
        assert_eq!(Lang::En.number("+1.5"), "+1.5");
        assert_eq!(Lang::Fr.number("+0.0"), "+0,0");
        assert_eq!(Lang::Fr.number("-12.50"), "-12,50");
        let t = chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
            .unwrap()
            .and_hms_opt(19, 40, 0)
            .unwrap()
            .and_utc();
        assert_eq!(Lang::En.date_long(&t), "Saturday 5 December 2026, 19:40");
        assert_eq!(Lang::Fr.date_long(&t), "samedi 5 décembre 2026, 19:40");
        for lang in Lang::ALL {
            assert!(Lang::ALL.contains(&Lang::from_code(lang.code()).unwrap()));
        }
    }

    #[test]
    fn the_browsers_language_is_chosen() {
        assert_eq!(
            Lang::from_accept_language("fr-CH, fr;q=0.9, en;q=0.8"),
            Lang::Fr
        );
        assert_eq!(Lang::from_accept_language("so-SO,so;q=0.9"), Lang::So);
        assert_eq!(Lang::from_accept_language("ar-EG"), Lang::Ar);
        assert_eq!(Lang::from_accept_language("de-DE, am;q=0.5"), Lang::Am);
        assert_eq!(Lang::from_accept_language("de-DE"), Lang::En);
        assert_eq!(Lang::from_accept_language(""), Lang::En);
        assert_eq!(Lang::from_code("SO-so"), Some(Lang::So));
        assert_eq!(Lang::from_code("xx"), None);
    }
}
