//! Exit statuses and the one line an error is reported in: `main`'s, and those of the
//! commands that end with an error status themselves (`trace`, `verify`).

/// Exit statuses: 0 success, 1 ran fine but the answer is "no" (a check found a
/// mismatch), 2 error (bad input, illegal move, storage failure).
pub const EXIT_NO: u8 = 1;
pub const EXIT_ERROR: u8 = 2;

/// The error and its causes on one line, whatever RUST_BACKTRACE says, the library's
/// hints worded as command lines ([`crate::hints`]).
pub fn one_line(err: &anyhow::Error) -> String {
    bounded(&crate::hints::chain(err).replace(['\n', '\r'], " "))
}

/// Longest error line, in characters.
const MAX_ERROR_CHARS: usize = 600;

/// A message cut in the middle if it is too long: whatever a message quotes (an
/// argument, a file's text), a huge input is never echoed whole. Messages quote
/// user input shortened already (`goobalay::names::excerpt`); this is the backstop.
pub fn bounded(line: &str) -> String {
    let chars = line.chars().count();
    if chars <= MAX_ERROR_CHARS {
        return line.to_string();
    }
    let head: String = line.chars().take(MAX_ERROR_CHARS / 2).collect();
    let tail: String = line.chars().skip(chars - MAX_ERROR_CHARS / 4).collect();
    format!(
        "{head} … ({} characters left out) … {tail}",
        chars - head.chars().count() - tail.chars().count()
    )
}
