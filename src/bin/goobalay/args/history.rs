//! `goobalay history`'s arguments.

use clap::Args;

use super::Format;

#[derive(Args, Debug)]
pub struct HistoryArgs {
    /// Matches this player played (either side).
    #[arg(long)]
    pub player: Option<String>,
    /// Matches of this variant (a preset by any of its names, or a rule file's name).
    #[arg(long)]
    pub variant: Option<String>,
    /// Matches created on or after this day (YYYY-MM-DD, local time) or instant (RFC 3339).
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,
    /// Matches created on or before this day (YYYY-MM-DD, local time, whole day) or
    /// before this instant (RFC 3339).
    #[arg(long, value_name = "DATE")]
    pub until: Option<String>,
    /// Matches of this tournament.
    #[arg(long)]
    pub tournament: Option<String>,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}
