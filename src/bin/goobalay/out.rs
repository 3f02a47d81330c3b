//! Standard output. Every command writes through [`stdout`] (or the [`outln!`] and
//! [`out!`] macros), never `println!`, which panics when the output cannot be
//! written. A write that fails is an error of the command: a closed pipe
//! (`goobalay history | head -1`) ends the command quietly with exit status 0, as
//! ripgrep does (what was stored before stays stored, and nothing is printed);
//! any other failure (a full disk) is one `goobalay: cannot write to standard
//! output: ...` line, exit 2.

use std::fmt;
use std::io::{self, Write};

/// Standard output, locked; its errors say they are about standard output (and keep
/// their kind, so a closed pipe is still `BrokenPipe`).
pub fn stdout() -> Output {
    Output(io::stdout().lock())
}

pub struct Output(io::StdoutLock<'static>);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(output_error)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(output_error)
    }
}

/// An error writing standard output.
#[derive(Debug)]
struct OutputError(io::Error);

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write to standard output: {}", self.0)
    }
}

impl std::error::Error for OutputError {}

fn output_error(e: io::Error) -> io::Error {
    if e.get_ref().is_some_and(|inner| inner.is::<OutputError>()) {
        return e;
    }
    io::Error::new(e.kind(), OutputError(e))
}

/// `println!` to [`stdout`], returning the error from the enclosing function.
macro_rules! outln {
    () => {
        std::io::Write::write_all(&mut $crate::out::stdout(), b"\n")?
    };
    // The line is written whole: standard output, line-buffered, would send the
    // text and its newline in two writes (a 450-row table: 900 system calls).
    ($($arg:tt)*) => {
        std::io::Write::write_all(
            &mut $crate::out::stdout(),
            format!("{}\n", format_args!($($arg)*)).as_bytes(),
        )?
    };
}
pub(crate) use outln;

/// `print!` to [`stdout`], returning the error from the enclosing function.
macro_rules! out {
    ($($arg:tt)*) => {
        std::io::Write::write_fmt(&mut $crate::out::stdout(), format_args!($($arg)*))?
    };
}
pub(crate) use out;

/// Whether `err` is a closed pipe on standard output (or anywhere: a closed pipe
/// is only ever written by printing results).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        let kind = e
            .downcast_ref::<io::Error>()
            .map(io::Error::kind)
            .or_else(|| {
                e.downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind)
            });
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}

pub use goobalay::wording::count;

/// A progress bar on stderr for a long command: `pos/len WHAT`, time taken and
/// left. indicatif draws nothing when stderr is not a terminal, so scripts and
/// pipes see only the command's output.
pub fn progress_bar(len: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len);
    let template =
        format!("{{bar:40.cyan/blue}} {{pos}}/{{len}} {what}  {{elapsed}} (eta {{eta}})");
    bar.set_style(indicatif::ProgressStyle::with_template(&template).expect("valid template"));
    bar
}

/// A spinner on stderr for a long command whose end cannot be foreseen (a
/// search): what it does and the time taken so far.
pub fn spinner(what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    let template = format!("{{spinner}} {what}  {{elapsed}} {{msg}}");
    bar.set_style(indicatif::ProgressStyle::with_template(&template).expect("valid template"));
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// The display of an exact table's build (`goobalay::ai::show_progress_with`):
/// a bar of positions valued when their number is known, else a spinner counting
/// them; cleared when the build ends. Like every bar here, on stderr and only on a
/// terminal.
pub fn table_progress(what: &str, total: Option<u64>) -> Box<dyn FnMut(u64) + Send> {
    struct Cleared(indicatif::ProgressBar);
    impl Drop for Cleared {
        fn drop(&mut self) {
            self.0.finish_and_clear();
        }
    }
    match total {
        Some(len) => {
            let bar = Cleared(progress_bar(len, &format!("positions: {what}")));
            Box::new(move |done| bar.0.set_position(done))
        }
        None => {
            let bar = Cleared(spinner(what));
            Box::new(move |done| bar.0.set_message(format!("{done} positions")))
        }
    }
}
