//! `goobalay tournament ...`'s arguments.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};
use goobalay::tournament::ExportFormat;

use super::ratings::SystemArg;
use super::{Format, RecordFormat, VariantArgs};

#[derive(Subcommand, Debug)]
pub enum TournamentCommand {
    /// Create a tournament.
    New(Box<NewArgs>),
    /// Enter players (all or none).
    Add(AddArgs),
    /// Withdraw a player: results so far count, no further pairings (before round 1:
    /// off the entry list).
    Withdraw(WithdrawArgs),
    /// Record a bye a player asks for in a round not yet paired (swiss): the pairing
    /// leaves them out; the bye scores half a point (a draw's points) or nothing.
    Bye(ByeArgs),
    /// Pair the next round: its matches are created (South moves first).
    Pair(PairArgs),
    /// Play every pending match between engine players, pairing further rounds as
    /// they become pairable (resumable: each match is stored in its own transaction).
    Run(RunArgs),
    /// Review every finished match not yet reviewed with the engine (as `match
    /// review`), on --jobs threads; resumable: each match is stored on its own.
    Review(ReviewArgs),
    /// Standings with tiebreaks (in 80 columns; --wide: every column in full).
    Standings(StandingsArgs),
    /// The crosstable: a Swiss round by round (opponent, side, result), a round robin
    /// player against player, a knockout as its bracket.
    Crosstable(CrosstableArgs),
    /// A round's pairings to print: by board (with points before the round), every
    /// player by name with their board, or a result slip per board.
    Pairings(PairingsArgs),
    /// Rounds and results.
    Show(ViewArgs),
    /// Export: csv, json, markdown, html (a self-contained page) or trf (TRF-2026).
    Export(ExportArgs),
    /// Import a Swiss run elsewhere from a FIDE TRF file (players, ratings, rounds,
    /// results), to continue it here; nothing is stored if the file is refused.
    Import(ImportArgs),
    /// The tournaments in the database.
    List(ListArgs),
    /// Take back the last round paired, while no player has moved or had a result
    /// entered in it (engines' play in it is voided and kept; the round is recorded
    /// with when and why; pair it again with `tournament pair`).
    Unpair(UnpairArgs),
    /// Postpone a match of a round robin: the next round is paired without waiting for
    /// it, and its result is entered when it is played (a Swiss or a knockout needs
    /// every result before its next round, and takes no postponement).
    Postpone(PostponeArgs),
    /// Seed a knockout by hand before round 1 is paired: the players named take seeds
    /// 1, 2, ... in that order, or the first places of another tournament's final
    /// standings do (--from, entering those not yet entered); the other entrants
    /// follow by rating. Seeding again replaces the seeding (both are kept).
    Seed(SeedArgs),
    /// Close a tournament whose matches all have results (it closes by itself when the
    /// last result of its last round comes in): no entries, withdrawals, pairings or
    /// results until it is reopened.
    Close(ReasonArgs),
    /// Reopen a closed tournament (a Swiss may be given more rounds).
    Reopen(ReopenArgs),
    /// Change the event's details (city, federation, dates, chief arbiter, round
    /// dates); those not given stay as they are.
    Set(SetArgs),
    /// The prize list: add a prize for a place or a category.
    #[command(subcommand)]
    Prize(PrizeCommand),
    /// Who wins what, from the final (or current) standings.
    Prizes(PrizesArgs),
}

/// The event's details, as `tournament new` and `tournament set` take them.
#[derive(Args, Debug, Default)]
pub struct EventArgs {
    /// Where it is played (TRF 022).
    #[arg(long)]
    pub city: Option<String>,
    /// The federation it is played under, e.g. SOM (TRF 032).
    #[arg(long)]
    pub federation: Option<String>,
    /// The first day, YYYY-MM-DD (TRF 042).
    #[arg(long, value_name = "DATE")]
    pub start: Option<String>,
    /// The last day, YYYY-MM-DD (TRF 052).
    #[arg(long, value_name = "DATE")]
    pub end: Option<String>,
    /// The chief arbiter (TRF 102).
    #[arg(long, value_name = "NAME")]
    pub arbiter: Option<String>,
    /// The rounds' dates, round 1 first: YYYY-MM-DD,YYYY-MM-DD,... (TRF 132).
    #[arg(long, value_name = "DATES")]
    pub round_dates: Option<String>,
}

#[derive(Args, Debug)]
pub struct SetArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    #[command(flatten)]
    pub event: EventArgs,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Subcommand, Debug)]
pub enum PrizeCommand {
    /// Add a prize: for a place overall (--place N) or the best of a category
    /// (--category women|junior|senior|rating|club), worth --value V.
    Add(PrizeAddArgs),
}

#[derive(Args, Debug)]
pub struct PrizeAddArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// A place overall: 1 for the winner.
    #[arg(long, value_name = "N")]
    pub place: Option<u32>,
    /// A category: women, junior, senior, rating or club.
    #[arg(long, value_name = "CATEGORY")]
    pub category: Option<String>,
    /// junior: younger than A on the first day (default 20); senior: A or older
    /// (default 65).
    #[arg(long, value_name = "A")]
    pub age: Option<u32>,
    /// rating: a seeding rating below R (unrated players count as below).
    #[arg(long, value_name = "R")]
    pub under: Option<f64>,
    /// club: the club's members.
    #[arg(long, value_name = "C")]
    pub club: Option<String>,
    /// The prize's value, a sum of money (0 or more).
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub value: String,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct PrizesArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// Share the place prizes of players tied on points equally among them
    /// (default: the tiebreaks decide).
    #[arg(long)]
    pub share: bool,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct UnpairArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// Why the round is taken back (recorded).
    #[arg(long)]
    pub reason: Option<String>,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct PostponeArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// The match's number (as `goobalay tournament show` lists it).
    #[arg(value_name = "MATCH")]
    pub match_id: i64,
    /// Why (recorded).
    #[arg(long)]
    pub reason: Option<String>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct SeedArgs {
    /// The knockout's name (see `goobalay tournament list`).
    pub name: String,
    /// The seeds in order, seed 1 first (entrants of the knockout).
    #[arg(
        value_name = "PLAYER",
        required_unless_present = "from",
        conflicts_with = "from"
    )]
    pub players: Vec<String>,
    /// Seed from this finished tournament's final standings, place 1 first (players
    /// who withdrew from it left out).
    #[arg(long, value_name = "TOURNAMENT")]
    pub from: Option<String>,
    /// With --from: how many places (default: all).
    #[arg(long, requires = "from")]
    pub top: Option<usize>,
    /// Why (recorded).
    #[arg(long)]
    pub reason: Option<String>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ReasonArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// Why (recorded).
    #[arg(long)]
    pub reason: Option<String>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ReopenArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// Why it is reopened (recorded).
    #[arg(long)]
    pub reason: Option<String>,
    /// Swiss only: the number of rounds from now on (at least the rounds paired).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct NewArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The pairing system: round-robin, double-round-robin, swiss (FIDE's Dutch
    /// system), knockout, or monrad (each meets the next player down not yet met).
    #[arg(long, value_name = "SYSTEM")]
    pub system: Option<String>,
    /// Swiss only: the number of rounds (default: ceil(log2(players))).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// The match form: hands (RULES.md §3 multi-hand match), single, or games:N
    /// (default: hands for Layli Goobalay, single for the others).
    #[arg(long, value_name = "FORM")]
    pub form: Option<String>,
    /// The earlier spelling of --form: refused with a message naming --form.
    #[arg(long = "match-form", value_name = "FORM", hide = true)]
    pub old_match_form: Option<String>,
    /// hands form: after this many hands the player holding more seeds wins.
    #[arg(long)]
    pub max_hands: Option<u32>,
    /// Points for a win, draw, loss and (optionally) a bye.
    #[arg(long, default_value = "1,0.5,0", allow_hyphen_values = true)]
    pub points: String,
    /// Tiebreak order, e.g. buchholz,sonneborn-berger,head-to-head,wins,seed-difference
    /// (default: the format's).
    #[arg(long)]
    pub tiebreaks: Option<String>,
    /// Seed of the engine players' choices (default: random; recorded).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The rating it seeds by and its standings show: elo (the default) or glicko2,
    /// over the matches of its variant (recorded with the tournament).
    #[arg(long, value_enum, default_value_t)]
    pub rating_system: SystemArg,
    #[command(flatten)]
    pub event: EventArgs,
    /// Swiss only: pairing number 1's side in round 1, south (the default), north,
    /// or lot (drawn from the recorded seed) (TRF 152).
    #[arg(long, value_name = "SIDE")]
    pub initial: Option<String>,
    /// Swiss only: accelerate the first rounds, none (the default) or baku (FIDE
    /// C.04.5.1: virtual points for the top half in the first half of the rounds,
    /// for pairing only) (TRF XXA).
    #[arg(long, value_name = "METHOD")]
    pub acceleration: Option<String>,
    /// Knockout only: the semi-finals' losers play for third place beside the final.
    #[arg(long)]
    pub third_place: bool,
    /// Output: table (the default) or json. (Before --system, this named the
    /// pairing system; that spelling is refused with a message naming --system.)
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
    /// The same as --format json.
    #[arg(long, hide = true)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct AddArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// The players to enter, by name.
    #[arg(required = true)]
    pub players: Vec<String>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct WithdrawArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// The player's name.
    pub player: String,
    /// Also forfeit the player's unfinished match of the current round (they are the
    /// absent side), in the same transaction.
    #[arg(long)]
    pub forfeit_pending: bool,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ByeArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// The player's name.
    pub player: String,
    /// The round (not yet paired).
    #[arg(long)]
    pub round: u32,
    /// zero or half.
    #[arg(long, allow_hyphen_values = true)]
    pub points: String,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct PairArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Pair the round by hand (a Swiss): one board, South (moves first) then North;
    /// repeat for each board, in board order. Every active player needs a board or
    /// the bye; the round is recorded as paired by hand.
    #[arg(long, num_args = 2, value_names = ["SOUTH", "NORTH"], action = clap::ArgAction::Append)]
    pub board: Vec<String>,
    /// With --board: the player who has the bye (an odd number of active players).
    #[arg(long, requires = "board", value_name = "PLAYER")]
    pub bye: Option<String>,
    /// With --board: why the round is paired by hand (recorded and shown).
    #[arg(long, requires = "board")]
    pub reason: Option<String>,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// Stop after playing this many matches.
    #[arg(long)]
    pub limit: Option<u64>,
    /// No per-match lines (the progress bar still shows on a terminal).
    #[arg(long, short)]
    pub quiet: bool,
    /// Output: table (for a person, the default) or json (the run's summary; no
    /// per-match lines).
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// Threads reviewing matches at once.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// The effort of a new review: search nodes per position.
    #[arg(long, default_value_t = goobalay::app::DEFAULT_REVIEW_NODES)]
    pub nodes: u64,
    /// Review every finished match anew, even those reviewed.
    #[arg(long)]
    pub again: bool,
    /// Output: table (for a person, the default) or json (the summary).
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ViewArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct PairingsArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// The round (default: the round paired last).
    #[arg(long)]
    pub round: Option<u32>,
    /// board: by board number; names: every player in alphabetical order with their
    /// board; slips: a result slip per board, to hand out, and each player's slip
    /// with their personal report code (new codes each time: see docs/web.md).
    #[arg(long, value_enum, default_value_t)]
    pub layout: ListLayout,
    /// The language of the result slips (`--layout slips`): en (the default), so
    /// (Somali), ar (Arabic), fr (French) or am (Amharic). Names stay as entered.
    #[arg(long, value_enum, default_value_t, value_name = "CODE")]
    pub lang: crate::i18n::Lang,
    /// Output: table (for a person, the default) or json (with each board's new
    /// report codes).
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
    /// The report page's address printed on the players' slips, as the room's phones
    /// reach `goobalay serve --results` (default: http://HOSTNAME.local:8080/report,
    /// this machine's name as the local network announces it).
    #[arg(long, env = "GOOBALAY_REPORT_URL", value_name = "URL")]
    pub url: Option<String>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ListLayout {
    #[default]
    Board,
    Names,
    Slips,
}

/// `--round N`: a tournament's results as they stood after round N.
#[derive(Args, Debug)]
pub struct AfterRoundArg {
    /// As they stood after round N: only rounds 1 to N counted, the entrants of then
    /// (default: every result in so far).
    #[arg(long = "round", value_name = "N")]
    pub after_round: Option<u32>,
}

#[derive(Args, Debug)]
pub struct CrosstableArgs {
    #[command(flatten)]
    pub view: ViewArgs,
    #[command(flatten)]
    pub after: AfterRoundArg,
}

#[derive(Args, Debug)]
pub struct StandingsArgs {
    #[command(flatten)]
    pub view: ViewArgs,
    #[command(flatten)]
    pub after: AfterRoundArg,
    /// The table with full column names, names never shortened (wider than 80 columns).
    #[arg(long)]
    pub wide: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportKind {
    Csv,
    Json,
    Markdown,
    Html,
    Trf,
}

impl From<ExportKind> for ExportFormat {
    fn from(k: ExportKind) -> ExportFormat {
        match k {
            ExportKind::Csv => ExportFormat::Csv,
            ExportKind::Json => ExportFormat::Json,
            ExportKind::Markdown => ExportFormat::Markdown,
            ExportKind::Html => ExportFormat::Html,
            ExportKind::Trf => ExportFormat::Trf,
        }
    }
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The tournament's name (see `goobalay tournament list`).
    pub name: String,
    /// The export: csv, json, markdown, html (a page of its own) or trf (FIDE TRF-2026).
    #[arg(long, value_enum)]
    pub format: ExportKind,
    /// Write to this file instead of standard output (never over an SQLite
    /// database; an existing file only with --force).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace the --output file if it exists (atomically: a temporary file in its
    /// folder is renamed over it).
    #[arg(long, requires = "output")]
    pub force: bool,
    #[command(flatten)]
    pub after: AfterRoundArg,
}

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The TRF file (TRF-2026 or TRF-16): its 001 player records with their
    /// rounds, 012 name, 142 rounds, 162 points, 240 absences.
    pub file: PathBuf,
    /// The tournament's name (default: the file's 012 record).
    #[arg(long)]
    pub name: Option<String>,
    /// A preset game: layli-goobalay, tampoduo (ayo-jodu), modiar, tihbat, sadeqa-iii,
    /// sadeqa-91 (default: the one a goobalay export names in its 092 record).
    #[arg(long, short = 'v', conflicts_with = "rules")]
    pub variant: Option<String>,
    /// A custom rule set from a TOML or JSON file.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// The match form of the rounds to come: hands, single, or games:N (default:
    /// the variant's).
    #[arg(long, value_name = "FORM")]
    pub form: Option<String>,
    /// hands form: after this many hands the player holding more seeds wins.
    #[arg(long)]
    pub max_hands: Option<u32>,
    /// Seed of the engine players' choices (default: random; recorded).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output: table (for a person, the default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: RecordFormat,
}

#[derive(Args, Debug)]
pub struct ListArgs {
    /// Output: table (for a person, the default), json or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}
