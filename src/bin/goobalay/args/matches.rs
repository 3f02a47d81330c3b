//! `goobalay match ...` and `goobalay replay`'s arguments.

use clap::{Args, Subcommand};
use goobalay::engine::Side;

use super::{RecordFormat, VariantArgs, parse_side};

#[derive(Subcommand, Debug)]
pub enum MatchCommand {
    /// Create a match between two players.
    New(NewArgs),
    /// Play a match at the terminal (engines move by themselves).
    Play(IdArgs),
    /// Enter one move of the player to move (hole number 1..N or 'pass').
    Move(MoveArgs),
    /// Enter a rearrangement for the next hand (seeds per hole, own left to right).
    Arrange(ArrangeArgs),
    /// Enter the final seed counts of a hand played off-line, or with --match the
    /// result of the whole match played off the system.
    Result(ResultArgs),
    /// Forfeit an unfinished match: one player did not come, or neither (--absent both).
    Forfeit(ForfeitArgs),
    /// Take back the last human move (and the engine replies after it).
    Undo(UndoArgs),
    /// Where the match stands (--format json: RULES.md §9 object plus "match").
    State(IdFormatArgs),
    /// The match's hands: first mover, arrangement, kept, moves, scores, carried seeds.
    Show(IdFormatArgs),
    /// Correct a match's result, finished or not (a director's correction, with a
    /// reason): a hand's score, the whole result, a forfeit or a void; recorded beside
    /// what was entered, which is kept; standings and ratings follow it, rounds already
    /// paired stay.
    Correct(CorrectArgs),
    /// The engine's review of a finished match: every move and rearrangement valued,
    /// the best choice, the seeds lost, marks and each player's accuracy. Stored, and
    /// shown again without searching (--again: review anew).
    Review(ReviewArgs),
}

#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
    /// Review again even if a review is stored (adds a new review; the latest stands).
    #[arg(long)]
    pub again: bool,
    /// The effort of a new review: search nodes per position.
    #[arg(long, default_value_t = goobalay::app::DEFAULT_REVIEW_NODES)]
    pub nodes: u64,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
#[command(group(
    clap::ArgGroup::new("what")
        .required(true)
        .args(["score", "games", "whole", "absent", "void"])
))]
pub struct CorrectArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
    /// Why (recorded with the correction, shown by `match show`).
    #[arg(long)]
    pub reason: String,
    /// A hand's score as it should have been entered, South's then North's: S,N
    /// (a finished match's hand entered with `match result`).
    #[arg(long, value_name = "S,N", allow_hyphen_values = true)]
    pub score: Option<String>,
    /// With --score: the hand (default: the last one with a result).
    #[arg(long, requires = "score")]
    pub hand: Option<u32>,
    /// A games:N match's every game as it should have been entered, in order, each
    /// South's-North's seeds: e.g. 11-37,37-11 (one correction for the whole result).
    #[arg(long, value_name = "S-N,S-N,...", allow_hyphen_values = true)]
    pub games: Option<String>,
    /// The whole match's result instead: south, north or draw (finished or not;
    /// counts as played and rated).
    #[arg(long = "match", value_name = "WINNER", allow_hyphen_values = true)]
    pub whole: Option<String>,
    /// With --match: the final seeds, SOUTH,NORTH (optional).
    #[arg(
        long,
        value_name = "SOUTH,NORTH",
        requires = "whole",
        allow_hyphen_values = true
    )]
    pub seeds: Option<String>,
    /// The match was a forfeit: south, north, or both absent (not played, not rated).
    #[arg(long, allow_hyphen_values = true)]
    pub absent: Option<String>,
    /// The match is annulled: no result counts for either player, not played, not
    /// rated (in the standings like a double forfeit).
    #[arg(long)]
    pub void: bool,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct NewArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// South's player (name).
    #[arg(long)]
    pub south: String,
    /// North's player (name).
    #[arg(long)]
    pub north: String,
    /// hands (RULES.md §3; default for layli-goobalay), single (default otherwise) or games:N.
    #[arg(long)]
    pub form: Option<String>,
    /// 'hands' form: end after this many hands; more seeds wins, equal draws.
    #[arg(long, value_name = "N")]
    pub max_hands: Option<u32>,
    /// Who moves first in the first hand.
    #[arg(long, value_parser = parse_side, default_value = "south")]
    pub first: Side,
    /// Seed of the engine players' choices (default: random; always recorded).
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct IdArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
}

#[derive(Args, Debug)]
pub struct UndoArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
    /// Take the move back as the director: needed in a tournament match, where a move
    /// is not taken back on a player's word.
    #[arg(long)]
    pub director: bool,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct IdFormatArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct MoveArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
    /// Hole number 1..N in the mover's own row, or 'pass'.
    #[arg(allow_hyphen_values = true)]
    pub hole: String,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ArrangeArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
    /// Seeds per hole, own left to right, e.g. 3,1,1,1,2,4.
    #[arg(long, allow_hyphen_values = true)]
    pub seeds: String,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ResultArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
    /// South's final seed count of the hand.
    #[arg(allow_hyphen_values = true)]
    pub south: Option<String>,
    /// North's final seed count of the hand.
    #[arg(allow_hyphen_values = true)]
    pub north: Option<String>,
    /// The whole match's result instead, played off the system: south, north or draw
    /// (a drawn match agreed by both players). Counts as played and rated.
    #[arg(long = "match", value_name = "WINNER", allow_hyphen_values = true)]
    pub whole: Option<String>,
    /// With --match: the final seeds, SOUTH,NORTH (optional).
    #[arg(long, value_name = "SOUTH,NORTH", allow_hyphen_values = true)]
    pub seeds: Option<String>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ForfeitArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
    /// Who did not come: south, north, or both (a double forfeit: both lose).
    #[arg(long, allow_hyphen_values = true)]
    pub absent: String,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The match's number (as `goobalay history` and `tournament show` list it).
    pub id: i64,
    /// Only this hand.
    #[arg(long)]
    pub hand: Option<u32>,
}
