//! Which language a page is shown in: `?lang=CODE` (then remembered in a cookie for
//! a year), else the cookie, else the browser's `Accept-Language`, else English.
//! The choice travels to the handlers as a request extension ([`Lang`]).

use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use maud::{Markup, PreEscaped, html};

pub use crate::i18n::Lang;

const COOKIE: &str = "goobalay-lang";

/// The language asked for with `?lang=`, if the query names one we speak.
fn asked(query: Option<&str>) -> Option<Lang> {
    query?
        .split('&')
        .filter_map(|pair| pair.strip_prefix("lang="))
        .find_map(Lang::from_code)
}

fn remembered(request: &Request) -> Option<Lang> {
    request
        .headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().strip_prefix(COOKIE)?.strip_prefix('='))
        .find_map(Lang::from_code)
}

fn browsers(request: &Request) -> Lang {
    request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map_or(Lang::En, Lang::from_accept_language)
}

/// Middleware: the request's language as an extension; a `?lang=` choice set as a
/// cookie on the answer.
pub async fn choose(mut request: Request, next: Next) -> Response {
    let chosen = asked(request.uri().query());
    let lang = chosen
        .or_else(|| remembered(&request))
        .unwrap_or_else(|| browsers(&request));
    request.extensions_mut().insert(lang);
    let mut response = next.run(request).await;
    if let Some(lang) = chosen {
        let cookie = format!(
            "{COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax",
            lang.code()
        );
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    // The same address answers in several languages.
    response.headers_mut().append(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    response
}

/// The words `app.js` writes into the page (the replay's lines, the director's
/// confirmations and answers), as message ids of web.ftl. The page carries them in
/// its language ([`script_words`]); `app.js` fills in the `{ $name }` parts.
pub const SCRIPT_WORDS: &[&str] = &[
    "captured",
    "captured-kept",
    "south",
    "north",
    "js-hand-move",
    "side-south",
    "side-north",
    "end-no-moves",
    "end-all-captured",
    "end-repetition",
    "end-result",
    "js-review-played",
    "js-seeds-lost",
    "js-only-move",
    "js-best-was",
    "js-a-best-move",
    "js-best-now",
    "mark-inaccuracy",
    "mark-mistake",
    "mark-blunder",
    "js-hand-start",
    "js-over",
    "js-ask",
    "js-last-entry",
    "js-take-back-open",
    "js-with-seeds",
    "js-take-back-text",
    "js-withdraw-text",
    "js-withdraw-forfeit",
    "js-bye-text",
    "js-secret-first",
    "js-sending",
    "js-stored",
    "js-taken-back",
    "js-wrong-secret",
    "js-refused",
    "js-unreachable",
];

/// `app.js`'s words in `lang`, as JSON in the page ([`words_json`]).
pub fn script_words(lang: Lang) -> Markup {
    words_json("words", lang, SCRIPT_WORDS)
}

/// The messages `ids` in `lang`, as JSON in `<script id=ELEMENT>` for a page's
/// script. Each message is given its arguments as `{name}` markers (Fluent's own
/// `{ $name }` would be resolved away), which the script replaces.
pub fn words_json(element: &str, lang: Lang, ids: &[&str]) -> Markup {
    let words: serde_json::Map<String, serde_json::Value> = ids
        .iter()
        .map(|id| {
            let mut a = fluent_bundle::FluentArgs::new();
            for name in [
                "name",
                "side",
                "move",
                "hand",
                "step",
                "steps",
                "text",
                "end",
                "south",
                "north",
                "entry",
                "result",
                "reason",
                "player",
                "round",
                "points",
                "seeds",
                "captured",
                "kept",
                "what",
                "loss",
                "best",
                "value",
                "tournament",
                "board",
                "holder",
                "claim",
            ] {
                a.set(name, format!("{{{name}}}"));
            }
            (id.to_string(), lang.ta(id, &a).into())
        })
        .collect();
    let text = serde_json::to_string(&words).unwrap_or_else(|_| "{}".into());
    html! {
        script id=(element) type="application/json" {
            (PreEscaped(text.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")))
        }
    }
}

/// The chooser in each page's footer: a link per language, the current one marked.
pub fn chooser(lang: Lang) -> Markup {
    html! {
        nav.languages aria-label=(lang.t("languages")) {
            @for (i, l) in Lang::ALL.into_iter().enumerate() {
                @if i > 0 { " · " }
                @if l == lang {
                    b lang=(l.code()) dir=(l.dir()) { (l.own_name()) }
                } @else {
                    a href={ "?lang=" (l.code()) } lang=(l.code()) dir=(l.dir()) hreflang=(l.code()) { (l.own_name()) }
                }
            }
        }
    }
}

/// A message with one part written as markup (a command, a link): the message is
/// formatted with `$key` set to a marker, and the markup goes where the marker is.
pub(super) fn with_markup(
    lang: Lang,
    id: &str,
    mut a: fluent_bundle::FluentArgs,
    key: &str,
    part: Markup,
) -> Markup {
    const MARK: &str = "\u{E000}";
    a.set(key.to_string(), MARK);
    let text = lang.ta(id, &a);
    let (before, after) = text.split_once(MARK).unwrap_or((text.as_str(), ""));
    html! { (before) (part) (after) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lang_in_the_query() {
        assert_eq!(asked(Some("lang=so")), Some(Lang::So));
        assert_eq!(asked(Some("turn=3&lang=ar")), Some(Lang::Ar));
        assert_eq!(asked(Some("lang=xx")), None);
        assert_eq!(asked(None), None);
    }
}
