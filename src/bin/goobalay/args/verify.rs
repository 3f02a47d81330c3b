//! `goobalay verify`'s arguments.

use clap::Args;

use super::Format;

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// table: one line per mismatch and a summary; json: the whole report; csv: one
    /// line per mismatch (tournament, match, hand, what).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Also recompute the decisions of the searching levels hard, max and perfect
    /// (slow: up to millions of nodes a move).
    #[arg(long)]
    pub deep: bool,
}
