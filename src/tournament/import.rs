//! Reading a FIDE Tournament Report File (TRF-2026, and the TRF-16 codes it keeps)
//! of a Swiss run elsewhere, or of any event goobalay exported, so that a club can
//! continue it here
//! (`goobalay tournament import FILE.trf`). Pure: text in, a [`TrfEvent`] out (the
//! players as the file gives them and the tournament as the pure layer sees it), or
//! the first thing wrong, with its line.
//!
//! What is read:
//! - `012` the name; `142` (or `XXR`) the number of rounds; `152` the initial colour
//!   (`W`: pairing number 1 White, South, in round 1; `B`: Black, North; without
//!   it, the colour the first round played implies, as bbpPairings infers it, see
//!   [`initial_side_of`]); `162` the points of a win,
//!   draw, loss and pairing-allocated bye (`W`, `D`, `L`, `P`; `Z`, the points of a
//!   zero-point bye and a forfeit loss, only 0); `202` the tiebreaks goobalay has
//!   (`BH`, `BH/C1`, `SB`, `DE`, `WIN`; others are left out); `092` written by
//!   goobalay (`FORMAT (VARIANT)`) names the pairing system and the variant (a round
//!   robin's or knockout's rounds must be the ones goobalay pairs); `022`, `032`,
//!   `042`, `052`, `102`, `132` the event's details; goobalay's extension records
//!   (`GBL`, see [`super::export::trf_with`]) what TRF has no field for.
//! - `001` one per player: pairing number (1..n without gaps), name, rating, points
//!   (checked against the results), and per round the opponent, colour and result:
//!   `1`/`W` won, `=`/`D` drawn, `0`/`L` lost, `+`/`-` a forfeit won/lost (both `-`:
//!   neither came), `0000 - U` the pairing-allocated bye, `0000 - H` a half-point bye,
//!   `0000 - Z` (or `-`, or a blank round) a zero-point bye or a round not played.
//! - `240 T RRR NNNN ...` absences from rounds not yet played (`H` half, `Z` zero).
//! - Other records (other arbiters, federations, team records' absence) are not
//!   needed and are passed over, except those that would change how later rounds are
//!   paired, which goobalay cannot honour: acceleration by score group (`250`),
//!   forbidden pairs (`260`, `XXP`), team records (`013`, `310`), abnormal points
//!   (`299`).
//! - `XXA NNNN  VV.V ...` a player's virtual points per round (bbpPairings'): read as
//!   the Baku acceleration ([`super::Acceleration::Baku`]) when they are exactly the
//!   method's for the file's players and rounds, refused otherwise.
//!
//! The rounds are recorded as paired by hand (checked as rounds by
//! [`super::pairing::manual::check`], not re-derived by the Dutch rules: another
//! program paired them). A player not paired from some round on (zero, blank or `-`
//! to the last round played) and absent (`240 Z`) from every round left has withdrawn
//! after the last round they took part in; every other round not played is a
//! zero-point bye. So the file goobalay writes back (`tournament export --format trf`)
//! has the same rounds, results and absences.

use std::collections::{HashMap, HashSet};
use std::fmt;

use super::export::{EXTENSION_TAG, TrfDetails};
use super::pairing::manual;
use super::ratings::{RatingSource, StartingRating};
use super::systems::Rounds;
use super::trf_columns as trf;
use super::{
    Acceleration, ByePoints, Decision, Entrant, EntrantId, Fixture, Format, MatchResult, Pairing,
    Points, PointsScheme, RequestedBye, Tiebreak, Tournament, TournamentSetup,
};
use crate::engine::{BySide, Side};
use crate::hint::{Hint, Refusal};
use crate::matches::Absent;

/// What was wrong, and where: `line` is the file's line, from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    pub line: usize,
    pub message: String,
    /// The next step, if the message points to one.
    pub hint: Option<Hint>,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TrfError {}

impl Refusal for TrfError {
    fn hint(&self) -> Option<Hint> {
        self.hint.clone()
    }
}

/// One `001` record.
#[derive(Clone, Debug, PartialEq)]
pub struct TrfPlayer {
    pub number: u32,
    pub name: String,
    /// The seeding rating: the column's, or `GBL rating`'s exact one; Elo's initial
    /// rating when the column is blank (an unrated player, `rated` false).
    pub rating: f64,
    pub rated: bool,
    /// Sex, federation, FIDE number (an id) and birth date, as far as given.
    pub person: super::player_details::PlayerDetails,
    pub line: usize,
}

/// A TRF file read: its players, and the tournament with entrant ids equal to the
/// pairing numbers (the store gives them their player ids).
#[derive(Clone, Debug, PartialEq)]
pub struct TrfEvent {
    pub players: Vec<TrfPlayer>,
    /// The variant `092` names, when goobalay wrote the file.
    pub variant: Option<String>,
    /// The event's records and goobalay's extension records
    /// ([`super::export::trf_with`]); its players by pairing number.
    pub details: TrfDetails,
    /// Name, rounds, points, tiebreaks, entrants (id = pairing number), fixtures,
    /// requested byes (those of the rounds played, and absences from the rounds
    /// left), withdrawals; every round played is a manual round.
    pub tournament: Tournament,
}

impl TrfEvent {
    /// The rounds the file holds (played).
    pub(crate) fn rounds_played(&self) -> u32 {
        self.tournament.current_round()
    }

    pub fn player(&self, number: u32) -> Option<&TrfPlayer> {
        self.players.iter().find(|p| p.number == number)
    }
}

/// One round of one `001` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    Game {
        opponent: u32,
        /// `Some(true)` White (South), `Some(false)` Black, `None` no colour (a
        /// forfeit written with `-`).
        white: Option<bool>,
        result: GameResult,
    },
    PairingBye,
    HalfBye,
    /// `Z`, `-` or blank: zero points, not paired.
    NotPaired,
    /// `0000 - Z` or `0000 - -` in a round not played: an absence from it (JaVaFo's
    /// way of writing what TRF-2026 writes as a `240` record).
    Absent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameResult {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
}

impl GameResult {
    fn mirrors(self, other: GameResult) -> bool {
        use GameResult::*;
        matches!(
            (self, other),
            (Win, Loss)
                | (Loss, Win)
                | (Draw, Draw)
                | (ForfeitWin, ForfeitLoss)
                | (ForfeitLoss, ForfeitWin)
                | (ForfeitLoss, ForfeitLoss)
        )
    }
}

const ROUND_CODES: &str = "allowed per round: an opponent's number with w or b and 1, =, 0 (or W, D, L), + or -; or 0000 - U (pairing bye), 0000 - H (half-point bye), 0000 - Z (zero-point bye or not paired)";

/// Reads `text` as a TRF of a Swiss.
///
/// # Errors
/// The first line that is wrong, with what is allowed.
pub fn parse(text: &str) -> Result<TrfEvent, TrfError> {
    // A byte order mark, which editors on Windows put before the first record, is no
    // part of it: left in, it made the 012 record's tag "\u{feff}01".
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Lines end in LF, CR LF or a lone CR (bbpPairings writes CR).
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let Records {
        name,
        rounds,
        points,
        tiebreaks,
        variant,
        format,
        initial,
        accelerations,
        mut details,
        extensions,
        extended,
        tiebreaks_given,
        mut players,
        mut entries,
        listed_points,
        mut absences,
        line_of_number: _,
    } = Records::read(&text)?;
    if players.is_empty() {
        return Err(trf_error(
            text.split('\n').count().max(1),
            "no player records (001); a TRF lists every player on a 001 line".into(),
        ));
    }
    number_without_gaps(&mut players)?;
    let n = players.len() as u32;
    for p in players.iter().filter(|p| !p.person.is_empty()) {
        details
            .players
            .entry(p.number as EntrantId)
            .or_default()
            .person = p.person.clone();
    }
    let (withdrawn_given, seeds_given) =
        apply_player_extensions(extensions, &mut players, &mut details)?;
    for p in &players {
        if !p.rated {
            details
                .players
                .entry(p.number as EntrantId)
                .or_default()
                .unrated = true;
        }
    }
    names_differ(&players)?;
    let line_of: HashMap<u32, usize> = players.iter().map(|p| (p.number, p.line)).collect();
    let played = rounds_played(&entries);
    absences_from_rounds_not_played(&players, &mut entries, played, &mut absences);
    let (total, rounds_line) = rounds.unwrap_or((played.max(1), 0));
    if total < played {
        return Err(trf_error(
            rounds_line,
            format!("{total} rounds, but round {played} is listed; give the number of rounds"),
        ));
    }
    let (mut fixtures, mut requested) =
        games_and_byes_played(&players, &entries, played, format, &line_of)?;
    let absent = absences_from_rounds_left(&absences, n, played, total)?;
    let mut withdrawn = withdrawals_named(&withdrawn_given, &entries, played, total, &line_of)?;
    for p in players.iter().filter(|_| !extended) {
        if let Some(after) = withdrawal_implied(p.number, &entries, &absent, played, total) {
            withdrawn.insert(p.number, after);
        }
    }
    let rounds_chosen = format.rules().rounds == Rounds::Chosen;
    for p in players.iter().filter(|_| rounds_chosen) {
        let after = withdrawn.get(&p.number).copied();
        requested.extend(scheduled_rounds_missed(
            p.number, after, &entries, &absent, played,
        ));
    }
    requested.sort_by_key(|b| (b.round, b.player));
    apply_seeds(&mut fixtures, seeds_given)?;
    let mut t = TournamentSetup::new(
        name.filter(|n| !n.is_empty()).unwrap_or_default(),
        variant.clone().unwrap_or_default(),
        format,
    );
    t.rounds = rounds_chosen.then_some(total);
    t.points = points;
    if format.rules().eliminates {
        t.third_place_match = details.third_place;
        t.seeded_by_hand = details
            .seeded_by_hand
            .iter()
            .map(|&n| n as EntrantId)
            .collect();
    }
    t.tiebreaks = tiebreaks_given.unwrap_or(tiebreaks);
    t.entrants = entrants_of(&players, &withdrawn);
    // A system's rounds goobalay re-derives, unless a round may be paired by
    // hand: then each is checked as a round (another program paired it).
    if !format.rules().manual_pairing {
        fixtures = system_rounds(&t, fixtures, played, &players)?;
        let planned = Tournament::new_checked(t.clone())
            .map(|t| t.planned_rounds())
            .unwrap_or(total);
        if planned != total {
            return Err(trf_error(
                rounds_line.max(1),
                format!("{total} rounds, but a {format} of {n} players has {planned}"),
            ));
        }
    } else {
        t.manual_rounds = (1..=played).collect();
        t.initial_side = initial.unwrap_or_else(|| initial_side_of(&t, &fixtures));
        rounds_paired_by_hand(&t, &fixtures, &requested, played, &players)?;
    }
    t.fixtures = fixtures;
    t.requested_byes = requested;
    if !accelerations.is_empty() {
        if !format.rules().pairs_on_scores_by_dutch_rules || !Acceleration::Baku.fits(&t.points) {
            return Err(trf_error(
                accelerations[0].2,
                format!(
                    "XXA: a {format} with points {} cannot be accelerated; the Baku method needs a swiss with a win worth two draws and a loss 0",
                    t.points
                ),
            ));
        }
        t.acceleration = Acceleration::Baku;
    }
    // Every round passed `manual::check` against the rounds before it (or is the
    // round goobalay pairs), so the whole is a tournament too.
    let t = Tournament::new_checked(t).map_err(|e| {
        trf_error(
            players.first().map_or(0, |p| p.line),
            format!("the rounds are not a {format} tournament: {e}"),
        )
    })?;
    points_listed_are_the_results(&t, &players, &listed_points)?;
    check_accelerations(&t, &accelerations)?;
    Ok(TrfEvent {
        players,
        variant,
        details,
        tournament: t,
    })
}

fn trf_error(line: usize, message: String) -> TrfError {
    TrfError {
        line,
        message,
        hint: None,
    }
}

/// The records of a file as read line by line, before they are checked against
/// each other.
struct Records {
    name: Option<String>,
    /// The number of rounds and the line that gives it.
    rounds: Option<(u32, usize)>,
    points: PointsScheme,
    tiebreaks: Vec<Tiebreak>,
    variant: Option<String>,
    format: Format,
    initial: Option<Side>,
    /// XXA records: (player number, virtual points per round, line).
    accelerations: Vec<(u32, Vec<Points>, usize)>,
    details: TrfDetails,
    /// Extension records naming players or games, checked once every player is read.
    extensions: Vec<(Extension, usize)>,
    extended: bool,
    tiebreaks_given: Option<Vec<Tiebreak>>,
    players: Vec<TrfPlayer>,
    entries: HashMap<u32, Vec<Entry>>,
    listed_points: HashMap<u32, Points>,
    /// (round, player, points, line)
    absences: Vec<(u32, u32, ByePoints, usize)>,
    /// Each number seen, for the next record's check in constant time (a search of
    /// the players before it made 9,999 players cost 50 million compares).
    line_of_number: HashMap<u32, usize>,
}

impl Records {
    fn read(text: &str) -> Result<Records, TrfError> {
        let mut records = Records {
            name: None,
            rounds: None,
            points: PointsScheme::default(),
            tiebreaks: Vec::new(),
            variant: None,
            format: Format::Swiss,
            initial: None,
            accelerations: Vec::new(),
            details: TrfDetails::default(),
            extensions: Vec::new(),
            extended: false,
            tiebreaks_given: None,
            players: Vec::new(),
            entries: HashMap::new(),
            listed_points: HashMap::new(),
            absences: Vec::new(),
            line_of_number: HashMap::new(),
        };
        for (i, raw) in text.split('\n').enumerate() {
            let line_no = i + 1;
            let line: Vec<char> = raw.chars().collect();
            if line.iter().all(|c| c.is_whitespace()) {
                continue;
            }
            if line.len() < 3 {
                return Err(trf_error(
                    line_no,
                    "a record starts with a three-character code (001, 012, 142, ...)".into(),
                ));
            }
            records.read_record(&line, line_no)?;
        }
        Ok(records)
    }

    fn read_record(&mut self, line: &[char], line_no: usize) -> Result<(), TrfError> {
        let tag: String = line[..3].iter().collect();
        let rest = || -> String { line[3..].iter().collect::<String>().trim().to_string() };
        match tag.as_str() {
            "001" => self.add_player(line, line_no)?,
            "012" => self.name = Some(rest()),
            "142" | "XXR" => self.set_rounds(&tag, &rest(), line_no)?,
            "152" => self.initial = Some(initial_colour(&rest(), line_no)?),
            "162" => self.points = points_record(line, line_no)?,
            "202" => {
                for code in rest().split([',', ' ']).filter(|c| !c.is_empty()) {
                    let tb = Tiebreak::ALL
                        .into_iter()
                        .find(|t| t.fide_code().is_some_and(|f| f.eq_ignore_ascii_case(code)));
                    if let Some(tb) = tb.filter(|tb| !self.tiebreaks.contains(tb)) {
                        self.tiebreaks.push(tb);
                    }
                }
            }
            "092" => {
                // goobalay writes `FORMAT (VARIANT)`; another program's type is
                // taken as a Swiss.
                let text = rest();
                if let Some((f, v)) = text
                    .split_once(" (")
                    .and_then(|(f, v)| Some((f.parse::<Format>().ok()?, v.strip_suffix(')')?)))
                {
                    self.format = f;
                    self.variant = Some(v.to_string());
                }
            }
            "022" => self.details.city = Some(rest()).filter(|t| !t.is_empty()),
            "032" => self.details.federation = Some(rest()).filter(|t| !t.is_empty()),
            "042" => self.details.start = Some(date_record(&tag, &rest(), line_no)?),
            "052" => self.details.end = Some(date_record(&tag, &rest(), line_no)?),
            "102" => self.details.chief_arbiter = Some(rest()).filter(|t| !t.is_empty()),
            "132" => self.details.round_dates = round_dates(line, line_no)?,
            tag if tag == EXTENSION_TAG => {
                self.extended = true;
                if let Some(e) = extension_record(
                    &rest(),
                    line_no,
                    &mut self.details,
                    &mut self.tiebreaks_given,
                )? {
                    self.extensions.push((e, line_no));
                }
            }
            "240" => self.absences.extend(absence_record(line, line_no)?),
            "XXA" => self.accelerations.push(acceleration_record(line, line_no)?),
            tag => {
                if let Some(refused) = unsupported_record(tag, line_no) {
                    return Err(refused);
                }
            }
        }
        Ok(())
    }

    fn add_player(&mut self, line: &[char], line_no: usize) -> Result<(), TrfError> {
        let (player, list, pts) = player_record(line, line_no)?;
        if self.line_of_number.insert(player.number, line_no).is_some() {
            return Err(trf_error(
                line_no,
                format!(
                    "pairing number {} is given twice; each player has a number of their own",
                    player.number
                ),
            ));
        }
        self.entries.insert(player.number, list);
        self.listed_points.insert(player.number, pts);
        self.players.push(player);
        Ok(())
    }

    /// A `142` or `XXR` record; two that differ are refused.
    fn set_rounds(&mut self, tag: &str, text: &str, line_no: usize) -> Result<(), TrfError> {
        let r: u32 = text
            .parse()
            .ok()
            .filter(|r| (1..=999).contains(r))
            .ok_or_else(|| {
                trf_error(
                    line_no,
                    format!(
                        "{tag} gives the number of rounds; '{}' is not a whole number from 1",
                        crate::names::excerpt(text)
                    ),
                )
            })?;
        if let Some((before, at)) = self.rounds.filter(|(r0, _)| *r0 != r) {
            return Err(trf_error(
                line_no,
                format!("{r} rounds, but line {at} says {before}; give one number of rounds"),
            ));
        }
        self.rounds = Some((r, line_no));
        Ok(())
    }
}

/// A `152` record: the side of pairing number 1 in round 1.
fn initial_colour(text: &str, line_no: usize) -> Result<Side, TrfError> {
    match text {
        "W" | "w" => Ok(Side::South),
        "B" | "b" => Ok(Side::North),
        other => Err(trf_error(
            line_no,
            format!(
                "152 gives the initial colour, W or B; '{}' is neither",
                crate::names::excerpt(other)
            ),
        )),
    }
}

/// A `042` (start) or `052` (end) record.
fn date_record(tag: &str, text: &str, line_no: usize) -> Result<chrono::NaiveDate, TrfError> {
    chrono::NaiveDate::parse_from_str(text, "%Y/%m/%d")
        .or_else(|_| chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d"))
        .map_err(|_| {
            trf_error(
                line_no,
                format!(
                    "{tag} gives a date as YYYY/MM/DD; found '{}'",
                    crate::names::excerpt(text)
                ),
            )
        })
}

/// The refusal of a record that would change how later rounds are paired, which
/// goobalay cannot honour; `None` for a record it passes over.
fn unsupported_record(tag: &str, line_no: usize) -> Option<TrfError> {
    match tag {
        "250" => Some(trf_error(
            line_no,
            format!(
                "{tag}: accelerations by score group are not supported; goobalay reads the Baku method's virtual points as XXA records"
            ),
        )),
        "260" | "XXP" => Some(TrfError {
            hint: Some(Hint::PairByHand),
            ..trf_error(
                line_no,
                format!("{tag}: forbidden pairs are not supported; remove the record"),
            )
        }),
        "013" | "310" => Some(trf_error(
            line_no,
            "team records: goobalay imports individual Swiss tournaments only".into(),
        )),
        "299" => Some(trf_error(
            line_no,
            "299: abnormal points are not supported".into(),
        )),
        _ => None,
    }
}

/// Sorts the players by pairing number, which must run 1, 2, 3, ... without gaps.
fn number_without_gaps(players: &mut [TrfPlayer]) -> Result<(), TrfError> {
    players.sort_by_key(|p| p.number);
    for (i, p) in players.iter().enumerate() {
        if p.number != i as u32 + 1 {
            return Err(trf_error(
                p.line,
                format!(
                    "pairing number {} follows {}; the numbers run 1, 2, 3, ... without gaps",
                    p.number, i
                ),
            ));
        }
    }
    Ok(())
}

/// `GBL withdrawn` records: the round after which a player withdrew, and its line.
type WithdrawalsGiven = HashMap<u32, (u32, usize)>;
/// `GBL seeds` records: (round, South, seeds, line).
type SeedsGiven = Vec<(u32, u32, BySide<u32>, usize)>;

/// Applies the extension records about players (full names, exact ratings, clubs,
/// engines, starting ratings) and returns the withdrawals and seeds they give, which
/// are checked against the rounds later.
fn apply_player_extensions(
    extensions: Vec<(Extension, usize)>,
    players: &mut [TrfPlayer],
    details: &mut TrfDetails,
) -> Result<(WithdrawalsGiven, SeedsGiven), TrfError> {
    let n = players.len() as u32;
    let mut withdrawn_given: WithdrawalsGiven = HashMap::new();
    let mut seeds_given: SeedsGiven = Vec::new();
    for (e, line) in extensions {
        let number = e.number();
        if number == 0 || number > n {
            return Err(trf_error(
                line,
                format!("{EXTENSION_TAG}: player {number}, but the players are numbered 1 to {n}"),
            ));
        }
        let p = &mut players[number as usize - 1];
        let extra = details.players.entry(number as EntrantId).or_default();
        match e {
            Extension::Name { name, .. } => {
                let column: String = name.chars().take(trf::NAME.width()).collect();
                if column.trim() != p.name {
                    return Err(trf_error(
                        line,
                        format!(
                            "{EXTENSION_TAG} name: player {number}'s record (line {}) names {:?}, which is not the start of {name:?}",
                            p.line, p.name
                        ),
                    ));
                }
                p.name = crate::names::clean(&name, "a player name")
                    .map_err(|e| trf_error(line, format!("{EXTENSION_TAG} name: {e}")))?;
            }
            Extension::Rating { rating, .. } => {
                let column = (rating.round() as i64).clamp(0, 9999);
                if !p.rated || p.rating as i64 != column {
                    return Err(trf_error(
                        line,
                        format!(
                            "{EXTENSION_TAG} rating: {rating} is not the rating player {number}'s record (line {}) gives",
                            p.line
                        ),
                    ));
                }
                p.rating = rating;
            }
            Extension::Club { club, .. } => extra.club = Some(club),
            Extension::Engine { level, .. } => extra.engine = Some(level),
            Extension::StartingRating { rating, .. } => extra.starting_ratings.push(rating),
            Extension::Withdrawn { after, .. } => {
                if withdrawn_given.insert(number, (after, line)).is_some() {
                    return Err(trf_error(
                        line,
                        format!("{EXTENSION_TAG} withdrawn: player {number} is given twice"),
                    ));
                }
            }
            Extension::Seeds {
                round,
                south,
                seeds,
                ..
            } => seeds_given.push((round, south, seeds, line)),
        }
    }
    Ok((withdrawn_given, seeds_given))
}

/// Names differ, ignoring case (checked once the full names are known).
fn names_differ(players: &[TrfPlayer]) -> Result<(), TrfError> {
    let mut number_of_name: HashMap<String, &TrfPlayer> = HashMap::new();
    for p in players {
        if let Some(other) = number_of_name.insert(crate::names::key(&p.name), p) {
            return Err(trf_error(
                p.line,
                format!(
                    "the name {:?} is also player {}'s (line {}); names must differ (ignoring case)",
                    p.name, other.number, other.line
                ),
            ));
        }
    }
    Ok(())
}

/// Rounds played: the last round with a game or a pairing bye.
fn rounds_played(entries: &HashMap<u32, Vec<Entry>>) -> u32 {
    entries
        .values()
        .flat_map(|v| {
            v.iter()
                .enumerate()
                .filter(|(_, e)| matches!(e, Entry::Game { .. } | Entry::PairingBye))
                .map(|(r, _)| r as u32 + 1)
        })
        .max()
        .unwrap_or(0)
}

/// Rounds not played: a half-point bye or an absence written in the player's own
/// record (as JaVaFo reads TRF) is one; in the rounds played an absence is a round
/// not paired.
fn absences_from_rounds_not_played(
    players: &[TrfPlayer],
    entries: &mut HashMap<u32, Vec<Entry>>,
    played: u32,
    absences: &mut Vec<(u32, u32, ByePoints, usize)>,
) {
    for p in players {
        let list = entries.get_mut(&p.number).expect("a list per player");
        for (r, e) in list.iter().enumerate().skip(played as usize) {
            let round = r as u32 + 1;
            match e {
                Entry::HalfBye => absences.push((round, p.number, ByePoints::Half, p.line)),
                Entry::Absent => absences.push((round, p.number, ByePoints::Zero, p.line)),
                Entry::NotPaired => {}
                _ => unreachable!("games and pairing byes are in rounds played"),
            }
        }
        list.truncate(played as usize);
        for e in list.iter_mut().filter(|e| **e == Entry::Absent) {
            *e = Entry::NotPaired;
        }
    }
}

/// A player's entry in a round; a round past the end of their record is not paired.
fn entry_in(entries: &HashMap<u32, Vec<Entry>>, number: u32, round: u32) -> Entry {
    entries[&number]
        .get(round as usize - 1)
        .copied()
        .unwrap_or(Entry::NotPaired)
}

/// The fixtures of the rounds played (games on boards by the lower number, then the
/// pairing byes) and the half-point byes requested in them.
fn games_and_byes_played(
    players: &[TrfPlayer],
    entries: &HashMap<u32, Vec<Entry>>,
    played: u32,
    format: Format,
    line_of: &HashMap<u32, usize>,
) -> Result<(Vec<Fixture>, Vec<RequestedBye>), TrfError> {
    let n = players.len() as u32;
    let mut fixtures = Vec::new();
    let mut requested: Vec<RequestedBye> = Vec::new();
    for round in 1..=played {
        let mut games: Vec<(u32, u32, MatchResult)> = Vec::new();
        // A knockout's first round gives several players a bye.
        let mut byes: Vec<u32> = Vec::new();
        for p in players {
            match entry_in(entries, p.number, round) {
                Entry::Game {
                    opponent,
                    white,
                    result,
                } => {
                    let game = Game {
                        player: p,
                        round,
                        opponent,
                        white,
                        result,
                    };
                    if let Some(r) = game.result_if_south(entries, n, line_of)? {
                        games.push((p.number, opponent, r));
                    }
                }
                Entry::PairingBye => {
                    if let Some(&first) = byes.first().filter(|_| !format.rules().eliminates) {
                        return Err(trf_error(
                            p.line,
                            format!(
                                "round {round}: a second pairing-allocated bye (U), after player {first}'s; a round has one at most"
                            ),
                        ));
                    }
                    byes.push(p.number);
                }
                Entry::HalfBye => requested.push(RequestedBye {
                    round,
                    player: p.number as EntrantId,
                    points: ByePoints::Half,
                }),
                Entry::NotPaired | Entry::Absent => {}
            }
        }
        games.sort_by_key(|&(s, n, _)| s.min(n));
        for (board, (s, n, r)) in games.into_iter().enumerate() {
            fixtures.push(Fixture {
                pairing: Pairing {
                    round,
                    board: board as u32 + 1,
                    south: s as EntrantId,
                    north: Some(n as EntrantId),
                },
                result: Some(r),
            });
        }
        for b in byes {
            let board = fixtures.iter().filter(|f| f.pairing.round == round).count() as u32 + 1;
            fixtures.push(Fixture::pending(Pairing {
                round,
                board,
                south: b as EntrantId,
                north: None,
            }));
        }
    }
    Ok((fixtures, requested))
}

/// A game as one player's record gives it.
struct Game<'a> {
    player: &'a TrfPlayer,
    round: u32,
    opponent: u32,
    white: Option<bool>,
    result: GameResult,
}

impl Game<'_> {
    /// Checks the game against the opponent's record (it names this player, colours
    /// differ, results mirror) and gives its result when this player is South; the
    /// game is recorded once, from South's record.
    fn result_if_south(
        &self,
        entries: &HashMap<u32, Vec<Entry>>,
        n: u32,
        line_of: &HashMap<u32, usize>,
    ) -> Result<Option<MatchResult>, TrfError> {
        let Game {
            player: p,
            round,
            opponent,
            white,
            result,
        } = *self;
        if opponent > n {
            return Err(trf_error(
                p.line,
                format!(
                    "round {round}: opponent {opponent}, but the players are numbered 1 to {n}"
                ),
            ));
        }
        let Entry::Game {
            opponent: back,
            white: other_white,
            result: other,
        } = entry_in(entries, opponent, round)
        else {
            return Err(trf_error(
                p.line,
                format!(
                    "round {round}: plays {opponent}, whose record (line {}) has no game that round",
                    line_of[&opponent]
                ),
            ));
        };
        if back != p.number {
            return Err(trf_error(
                p.line,
                format!(
                    "round {round}: plays {opponent}, whose record (line {}) names {back}",
                    line_of[&opponent]
                ),
            ));
        }
        if !result.mirrors(other) {
            return Err(trf_error(
                p.line,
                format!(
                    "round {round}: the result does not match {opponent}'s (line {}): one wins and the other loses, both draw, or a forfeit is + against -, or - against - when neither came",
                    line_of[&opponent]
                ),
            ));
        }
        let forfeit = matches!(result, GameResult::ForfeitWin | GameResult::ForfeitLoss);
        let south_here = match (white, other_white) {
            (Some(a), Some(b)) if a != b => a,
            (None, None) if forfeit => p.number < opponent,
            _ => {
                return Err(trf_error(
                    p.line,
                    format!(
                        "round {round}: the colours against {opponent} (line {}) must be w and b (a forfeit may give - for both)",
                        line_of[&opponent]
                    ),
                ));
            }
        };
        if !south_here {
            return Ok(None);
        }
        Ok(Some(match result {
            GameResult::Win => MatchResult::played(Decision::South, BySide::new(0, 0)),
            GameResult::Loss => MatchResult::played(Decision::North, BySide::new(0, 0)),
            GameResult::Draw => MatchResult::played(Decision::Draw, BySide::new(0, 0)),
            GameResult::ForfeitWin => MatchResult::forfeited(Absent::North),
            GameResult::ForfeitLoss if other == GameResult::ForfeitLoss => {
                MatchResult::forfeited(Absent::Both)
            }
            GameResult::ForfeitLoss => MatchResult::forfeited(Absent::South),
        }))
    }
}

/// The zero-point byes of a round robin's or knockout's player in the rounds played
/// (a round not paired is no bye there: a player knocked out, or not in the
/// schedule's round, its pairing says which) and their absences from the rounds
/// left; a player who withdrew has none after withdrawing.
fn scheduled_rounds_missed(
    number: u32,
    withdrawn_after: Option<u32>,
    entries: &HashMap<u32, Vec<Entry>>,
    absent: &HashMap<u32, HashMap<u32, ByePoints>>,
    played: u32,
) -> Vec<RequestedBye> {
    let mut byes = Vec::new();
    for round in 1..=played {
        if entry_in(entries, number, round) == Entry::NotPaired
            && withdrawn_after.is_none_or(|a| round <= a)
        {
            byes.push(RequestedBye {
                round,
                player: number as EntrantId,
                points: ByePoints::Zero,
            });
        }
    }
    if withdrawn_after.is_none() {
        for (&round, &points) in absent.get(&number).into_iter().flatten() {
            byes.push(RequestedBye {
                round,
                player: number as EntrantId,
                points,
            });
        }
    }
    byes
}

/// The entrants: ids and start ranks are the pairing numbers.
fn entrants_of(players: &[TrfPlayer], withdrawn: &HashMap<u32, u32>) -> Vec<Entrant> {
    players
        .iter()
        .map(|p| Entrant {
            id: p.number as EntrantId,
            name: p.name.clone(),
            rating: p.rating,
            withdrawn_after: withdrawn.get(&p.number).copied(),
            start_rank: p.number,
        })
        .collect()
}

/// Absences from the rounds left, by player and round; one round's absence is
/// half or zero points, never both.
fn absences_from_rounds_left(
    absences: &[(u32, u32, ByePoints, usize)],
    n: u32,
    played: u32,
    total: u32,
) -> Result<HashMap<u32, HashMap<u32, ByePoints>>, TrfError> {
    let mut absent: HashMap<u32, HashMap<u32, ByePoints>> = HashMap::new();
    for &(round, player, bye, line) in absences {
        if player == 0 || player > n {
            return Err(trf_error(
                line,
                format!("240: player {player}, but the players are numbered 1 to {n}"),
            ));
        }
        if round <= played || round > total {
            return Err(trf_error(
                line,
                format!(
                    "240: an absence from round {round}; absences are for rounds not yet played, {} to {total}",
                    played + 1
                ),
            ));
        }
        if absent
            .entry(player)
            .or_default()
            .insert(round, bye)
            .is_some_and(|before| before != bye)
        {
            return Err(trf_error(
                line,
                format!(
                    "player {player} is listed absent from round {round} with a half-point bye and with a zero-point bye; give one"
                ),
            ));
        }
    }
    Ok(absent)
}

/// The withdrawals a file goobalay wrote names (`GBL withdrawn`): a withdrawal in
/// the last round played leaves no round to be absent from, so it cannot be implied.
fn withdrawals_named(
    withdrawn_given: &WithdrawalsGiven,
    entries: &HashMap<u32, Vec<Entry>>,
    played: u32,
    total: u32,
    line_of: &HashMap<u32, usize>,
) -> Result<HashMap<u32, u32>, TrfError> {
    let mut withdrawn: HashMap<u32, u32> = HashMap::new();
    for (&number, &(after, line)) in withdrawn_given {
        let played_later =
            (after + 1..=played).find(|&r| entry_in(entries, number, r) != Entry::NotPaired);
        if let Some(r) = played_later.filter(|_| after <= total) {
            return Err(trf_error(
                line,
                format!(
                    "{EXTENSION_TAG} withdrawn: player {number} withdrew after round {after}, but their record (line {}) has round {r}",
                    line_of[&number]
                ),
            ));
        }
        if after > total {
            return Err(trf_error(
                line,
                format!(
                    "{EXTENSION_TAG} withdrawn: round {after}, but the event has {total} rounds"
                ),
            ));
        }
        withdrawn.insert(number, after);
    }
    Ok(withdrawn)
}

/// The round after which a player withdrew, in a file that names no withdrawals:
/// not paired from some round after taking part, and absent with zero points from
/// every round left (at least one).
fn withdrawal_implied(
    number: u32,
    entries: &HashMap<u32, Vec<Entry>>,
    absent: &HashMap<u32, HashMap<u32, ByePoints>>,
    played: u32,
    total: u32,
) -> Option<u32> {
    let rounds_left = (played + 1..=total).collect::<Vec<_>>();
    let gone = !rounds_left.is_empty()
        && rounds_left.iter().all(|r| {
            absent
                .get(&number)
                .and_then(|a| a.get(r))
                .is_some_and(|b| *b == ByePoints::Zero)
        });
    let last_in = (1..=played)
        .rev()
        .find(|&r| entry_in(entries, number, r) != Entry::NotPaired);
    last_in.filter(|_| gone)
}

/// The seeds a game ended with (`GBL seeds`): its South and the round name it.
fn apply_seeds(fixtures: &mut [Fixture], seeds_given: SeedsGiven) -> Result<(), TrfError> {
    for (round, south, seeds, line) in seeds_given {
        let game = fixtures.iter_mut().find(|f| {
            f.pairing.round == round
                && f.pairing.south == south as EntrantId
                && f.pairing.north.is_some()
        });
        match game
            .and_then(|f| f.result.as_mut())
            .filter(|r| r.forfeit.is_none())
        {
            Some(result) => result.seeds = seeds,
            None => {
                return Err(trf_error(
                    line,
                    format!(
                        "{EXTENSION_TAG} seeds: player {south} played no game as White in round {round}; seeds are for games played"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Each round of a Swiss must be a round (manual::check) of the tournament as it
/// stood; another program paired it.
fn rounds_paired_by_hand(
    t: &TournamentSetup,
    fixtures: &[Fixture],
    requested: &[RequestedBye],
    played: u32,
    players: &[TrfPlayer],
) -> Result<(), TrfError> {
    for round in 1..=played {
        let mut before = t.clone();
        before.fixtures = fixtures
            .iter()
            .filter(|f| f.pairing.round < round)
            .copied()
            .collect();
        before.requested_byes = requested.to_vec();
        for e in &mut before.entrants {
            e.withdrawn_after = e.withdrawn_after.filter(|&w| w < round);
        }
        let boards: Vec<Pairing> = fixtures
            .iter()
            .filter(|f| f.pairing.round == round)
            .map(|f| f.pairing)
            .collect();
        let excused: HashSet<EntrantId> = requested
            .iter()
            .filter(|b| b.round == round)
            .map(|b| b.player)
            .collect();
        let checked = Tournament::new_checked(before)
            .map_err(manual::ManualPairingError::from)
            .and_then(|before| manual::check(&before, &boards, &excused));
        if let Err(e) = checked {
            // The line of the player the message names (the longest name in it).
            let text = e.to_string();
            let named = players
                .iter()
                .filter(|p| text.contains(&p.name))
                .max_by_key(|p| p.name.len())
                .map_or(players[0].line, |p| p.line);
            return Err(trf_error(
                named,
                format!("round {round} is not a round of a Swiss: {e}"),
            ));
        }
    }
    Ok(())
}

/// The points listed must be the results' (another points scheme needs 162).
/// Each fixture and bye is counted once, for its players (`outcome_in_round` per
/// player and round searches every fixture: quadratic in the players).
fn points_listed_are_the_results(
    t: &Tournament,
    players: &[TrfPlayer],
    listed_points: &HashMap<u32, Points>,
) -> Result<(), TrfError> {
    let mut scored: HashMap<EntrantId, Points> = HashMap::new();
    let mut paired: HashSet<(EntrantId, u32)> = HashSet::new();
    for f in &t.fixtures {
        for id in std::iter::once(f.pairing.south).chain(f.pairing.north) {
            paired.insert((id, f.pairing.round));
            if let Some(o) = f.outcome_for(id) {
                *scored.entry(id).or_default() += t.points.points(o);
            }
        }
    }
    for b in t.recorded_byes() {
        if !paired.contains(&(b.player, b.round)) {
            *scored.entry(b.player).or_default() += t.points.points(b.points.outcome());
        }
    }
    for p in players {
        let got = scored
            .get(&(p.number as EntrantId))
            .copied()
            .unwrap_or_default();
        let listed = listed_points[&p.number];
        if got != listed {
            return Err(trf_error(
                p.line,
                format!(
                    "the points column says {listed}, but the results give {got} (points for a win, draw, loss and pairing bye: {}; another scheme is given by a 162 record)",
                    t.points()
                ),
            ));
        }
    }
    Ok(())
}

/// An `XXA` record (bbpPairings' virtual points): the player's number, then one
/// value per round, round 1 first, in five-column fields.
fn acceleration_record(
    line: &[char],
    line_no: usize,
) -> Result<(u32, Vec<Points>, usize), TrfError> {
    let text: String = line.iter().collect();
    let bad = || TrfError {
        line: line_no,
        message: format!(
            "XXA: '{}' is not a player number followed by virtual points per round (like 'XXA    1  1.0  1.0  0.5')",
            crate::names::excerpt(text.trim_end())
        ),
        hint: None,
    };
    // Columns as bbpPairings reads them: the number in 5-8, each round's value in
    // the four columns after a space (blank: none).
    let field = |from: usize| -> String { line.iter().skip(from).take(4).collect() };
    let number: u32 = field(4).trim().parse().map_err(|_| bad())?;
    let mut points = Vec::new();
    let mut from = 9;
    while from < line.len() {
        let value = field(from);
        let value = value.trim();
        points.push(if value.is_empty() {
            Points::ZERO
        } else {
            value.parse::<Points>().map_err(|_| bad())?
        });
        from += 5;
    }
    Ok((number, points, line_no))
}

/// The file's virtual points must be the Baku method's for its players and
/// rounds: goobalay pairs that method only, and would pair the next round
/// differently from another.
fn check_accelerations(t: &Tournament, read: &[(u32, Vec<Points>, usize)]) -> Result<(), TrfError> {
    let Some(plan) = t.acceleration_plan() else {
        return Ok(());
    };
    let rounds = t.planned_rounds();
    let baku: Vec<Points> = (1..=plan.half_until)
        .map(|r| super::acceleration::baku_points(rounds, r, &t.points))
        .collect();
    let trimmed = |v: &[Points]| -> Vec<Points> {
        let end = v
            .iter()
            .rposition(|p| *p != Points::ZERO)
            .map_or(0, |i| i + 1);
        v[..end].to_vec()
    };
    let group_a: HashSet<EntrantId> = plan.group_a.iter().copied().collect();
    let mut seen: HashSet<u32> = HashSet::new();
    for (number, points, line) in read {
        let expected = if group_a.contains(&(*number as EntrantId)) {
            trimmed(&baku)
        } else {
            Vec::new()
        };
        if !seen.insert(*number) || trimmed(points) != expected {
            let shown = |v: &[Points]| {
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            };
            return Err(TrfError {
                line: *line,
                message: format!(
                    "XXA: player {number} has virtual points {}, but the Baku method gives {} (group A is players {}; goobalay's accelerated pairings follow the Baku method only)",
                    shown(points),
                    shown(&expected),
                    group_a_numbers(&plan.group_a),
                ),
                hint: None,
            });
        }
    }
    if let Some(missing) = plan
        .group_a
        .iter()
        .find(|id| !seen.contains(&(**id as u32)))
    {
        return Err(TrfError {
            line: read[0].2,
            message: format!(
                "XXA: player {missing} is in the Baku method's group A (players {}) but has no XXA record, so the file's accelerated rounds are not the method's",
                group_a_numbers(&plan.group_a)
            ),
            hint: None,
        });
    }
    Ok(())
}

fn group_a_numbers(ids: &[EntrantId]) -> String {
    match (ids.first(), ids.last()) {
        (Some(first), Some(last)) if ids.len() as i64 == last - first + 1 => {
            format!("{first}-{last}")
        }
        _ => ids
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The rounds of a round robin or knockout as goobalay pairs them (from the entry
/// list, and a knockout's from the results), each checked against the file's round
/// (the same games, South as White, and the same bye) and given its results.
fn system_rounds(
    setup: &TournamentSetup,
    read: Vec<Fixture>,
    played: u32,
    players: &[TrfPlayer],
) -> Result<Vec<Fixture>, TrfError> {
    let format = setup.format;
    let mut out: Vec<Fixture> = Vec::new();
    for round in 1..=played {
        let mut file_round: HashMap<(EntrantId, Option<EntrantId>), Option<MatchResult>> = read
            .iter()
            .filter(|f| f.pairing.round == round)
            .map(|f| ((f.pairing.south, f.pairing.north), f.result))
            .collect();
        let mut before = setup.clone();
        before.fixtures = out.clone();
        let expected = Tournament::new_checked(before)
            .and_then(|t| t.next_round())
            .map_err(|e| TrfError {
                line: players.first().map_or(0, |p| p.line),
                message: format!("round {round} cannot be paired as a {format}: {e}"),
                hint: None,
            })?;
        for p in expected {
            let Some(result) = file_round.remove(&(p.south, p.north)) else {
                let line = players[p.south as usize - 1].line;
                let pairing = match p.north {
                    Some(north) => format!("{} against {north}, {} White", p.south, p.south),
                    None => format!("{} the bye", p.south),
                };
                return Err(TrfError {
                    line,
                    message: format!(
                        "round {round}: a {format} of these players gives {pairing}; the file does not, so its rounds are not goobalay's {format}"
                    ),
                    hint: None,
                });
            };
            out.push(Fixture { pairing: p, result });
        }
        if let Some(((south, _), _)) = file_round.into_iter().next() {
            return Err(TrfError {
                line: players[south as usize - 1].line,
                message: format!(
                    "round {round}: player {south}'s game is not one a {format} of these players has that round"
                ),
                hint: None,
            });
        }
    }
    Ok(out)
}

/// One extension record ([`EXTENSION_TAG`]) about a player or a game.
enum Extension {
    Name {
        number: u32,
        name: String,
    },
    Rating {
        number: u32,
        rating: f64,
    },
    Club {
        number: u32,
        club: String,
    },
    Engine {
        number: u32,
        level: String,
    },
    StartingRating {
        number: u32,
        rating: StartingRating,
    },
    Withdrawn {
        number: u32,
        after: u32,
    },
    Seeds {
        round: u32,
        south: u32,
        seeds: BySide<u32>,
    },
}

impl Extension {
    fn number(&self) -> u32 {
        match self {
            Extension::Name { number, .. }
            | Extension::Rating { number, .. }
            | Extension::Club { number, .. }
            | Extension::Engine { number, .. }
            | Extension::StartingRating { number, .. }
            | Extension::Withdrawn { number, .. } => *number,
            Extension::Seeds { south, .. } => *south,
        }
    }
}

const EXTENSION_KEYS: &str = "form, max-hands, seed, tiebreaks, third-place, seeded-by-hand, name, rating, club, engine, starting-rating, withdrawn, seeds";

/// Reads the text after an extension record's tag: the event's fields go into
/// `details` (and `tiebreaks`), a player's or a game's are returned.
fn extension_record(
    text: &str,
    line_no: usize,
    details: &mut TrfDetails,
    tiebreaks: &mut Option<Vec<Tiebreak>>,
) -> Result<Option<Extension>, TrfError> {
    let (key, rest) = text.split_once(' ').unwrap_or((text, ""));
    let f = ExtensionFields {
        key,
        rest: rest.trim(),
        line_no,
    };
    let rest = f.rest;
    match key {
        "form" => {
            crate::matches::MatchForm::parse(rest).map_err(|e| f.err(format!("form: {e}")))?;
            details.form = Some(rest.to_string());
        }
        "max-hands" => details.max_hands = Some(f.number_of(rest)?),
        "seed" => details.seed = Some(f.whole("the seed", rest)?),
        "tiebreaks" => {
            *tiebreaks =
                Some(Tiebreak::parse_list(rest).map_err(|e| f.err(format!("tiebreaks: {e}")))?);
        }
        "third-place" => details.third_place = true,
        "seeded-by-hand" => {
            details.seeded_by_hand = rest
                .split_whitespace()
                .map(|n| f.number_of(n))
                .collect::<Result<_, _>>()?;
        }
        _ => return player_extension(&f).map(Some),
    }
    Ok(None)
}

/// An extension record about a player or a game.
fn player_extension(f: &ExtensionFields) -> Result<Extension, TrfError> {
    let key = f.key;
    Ok(match key {
        "name" => {
            let (number, name) = f.numbered()?;
            Extension::Name {
                number,
                name: name.to_string(),
            }
        }
        "rating" => {
            let (number, r) = f.numbered()?;
            let rating: f64 = r
                .parse()
                .ok()
                .filter(|r: &f64| r.is_finite() && *r > 0.0)
                .ok_or_else(|| {
                    f.err(format!(
                        "rating: '{}' is not a rating",
                        crate::names::excerpt(r)
                    ))
                })?;
            Extension::Rating { number, rating }
        }
        "club" | "engine" => {
            let (number, text) = f.numbered()?;
            if text.is_empty() {
                return Err(f.err(format!("{key}: give the player's number, then the {key}")));
            }
            if key == "engine" {
                crate::ai::Level::parse(text).map_err(|e| f.err(format!("engine: {e}")))?;
            }
            let text = text.to_string();
            if key == "club" {
                Extension::Club { number, club: text }
            } else {
                Extension::Engine {
                    number,
                    level: text,
                }
            }
        }
        "starting-rating" => {
            let (number, tail) = f.numbered()?;
            Extension::StartingRating {
                number,
                rating: starting_rating_extension(f, tail)?,
            }
        }
        "withdrawn" => {
            let (number, after) = f.numbered()?;
            Extension::Withdrawn {
                number,
                after: f.number_of(after)?,
            }
        }
        "seeds" => {
            let parts: Vec<&str> = f.rest.split_whitespace().collect();
            let [round, south, s, n] = parts[..] else {
                return Err(f.err(
                    "seeds: give the round, White's (South's) pairing number and the two players' seeds".into(),
                ));
            };
            Extension::Seeds {
                round: f.number_of(round)?,
                south: f.number_of(south)?,
                seeds: BySide::new(f.number_of(s)?, f.number_of(n)?),
            }
        }
        other => {
            return Err(f.err(format!(
                "'{}' is not a goobalay record; allowed: {EXTENSION_KEYS}",
                crate::names::excerpt(other)
            )));
        }
    })
}

/// `starting-rating`'s fields after the pairing number: the rating, its source
/// and the variant (`*` for every variant).
fn starting_rating_extension(f: &ExtensionFields, tail: &str) -> Result<StartingRating, TrfError> {
    let parts: Vec<&str> = tail.split_whitespace().collect();
    let [rating, source, variant] = parts[..] else {
        return Err(f.err(
            "starting-rating: give the player's number, the rating, its source (club or national) and the variant (* for every variant)".into(),
        ));
    };
    let rating: f64 = rating
        .parse()
        .ok()
        .filter(|r: &f64| (0.0..=4000.0).contains(r))
        .ok_or_else(|| {
            f.err(format!(
                "starting-rating: '{}' is not a rating from 0 to 4000",
                crate::names::excerpt(rating)
            ))
        })?;
    let source = RatingSource::parse(source).ok_or_else(|| {
        f.err(format!(
            "starting-rating: the source is club or national, not '{}'",
            crate::names::excerpt(source)
        ))
    })?;
    Ok(StartingRating {
        rating,
        source,
        variant: (variant != "*").then(|| variant.to_string()),
    })
}

/// An extension record's key and the text after it, for the checks of its fields
/// (every refusal names the record and its key).
struct ExtensionFields<'t> {
    key: &'t str,
    rest: &'t str,
    line_no: usize,
}

impl<'t> ExtensionFields<'t> {
    fn err(&self, message: String) -> TrfError {
        trf_error(self.line_no, format!("{EXTENSION_TAG} {message}"))
    }

    fn whole(&self, what: &str, t: &str) -> Result<u64, TrfError> {
        t.parse().map_err(|_| {
            self.err(format!(
                "{}: {what} is a whole number; found '{}'",
                self.key,
                crate::names::excerpt(t)
            ))
        })
    }

    /// `NNNN TEXT`: a pairing number, then the rest.
    fn numbered(&self) -> Result<(u32, &'t str), TrfError> {
        let (n, tail) = self.rest.split_once(' ').unwrap_or((self.rest, ""));
        let number = u32::try_from(self.whole("the pairing number", n)?)
            .map_err(|_| self.err(format!("{}: no such pairing number {n}", self.key)))?;
        Ok((number, tail.trim()))
    }

    fn number_of(&self, n: &str) -> Result<u32, TrfError> {
        u32::try_from(self.whole("a number", n)?)
            .map_err(|_| self.err(format!("{}: {n} is too large", self.key)))
    }
}

/// The `132` record: round `k`'s date (`YY/MM/DD`) in round `k`'s columns.
fn round_dates(line: &[char], line_no: usize) -> Result<Vec<chrono::NaiveDate>, TrfError> {
    let mut dates = Vec::new();
    let mut k = 1;
    while trf::round(k).first <= line.len() {
        let columns = trf::round(k);
        let text = columns.of(line);
        let text = text.trim();
        if text.is_empty() {
            break;
        }
        let date = chrono::NaiveDate::parse_from_str(text, "%y/%m/%d").map_err(|_| TrfError {
            line: line_no,
            message: format!(
                "132: round {k}'s date (columns {columns}) is written YY/MM/DD; found '{}'",
                crate::names::excerpt(text)
            ),
            hint: None,
        })?;
        dates.push(date);
        k += 1;
    }
    Ok(dates)
}

/// The sex, federation, FIDE number (goobalay's id) and birth date of a `001`
/// record, each blank or as TRF writes it.
fn person_of(line: &[char]) -> Result<super::player_details::PlayerDetails, String> {
    use super::player_details::{Born, PlayerDetails};
    let field = |columns: trf::Columns| {
        let text = columns.of(line);
        let text = text.trim();
        (!text.is_empty()).then(|| text.to_string())
    };
    let refused = |columns: trf::Columns, what: &str, e: String| {
        format!("columns {columns} hold the {what}: {e}")
    };
    Ok(PlayerDetails {
        sex: field(trf::SEX)
            .map(|t| PlayerDetails::sex(&t))
            .transpose()
            .map_err(|e| refused(trf::SEX, "sex", e.to_string()))?,
        federation: field(trf::FEDERATION)
            .map(|t| PlayerDetails::federation(&t))
            .transpose()
            .map_err(|e| refused(trf::FEDERATION, "federation", e.to_string()))?,
        id: field(trf::FIDE_ID)
            .map(|t| PlayerDetails::id(&t))
            .transpose()
            .map_err(|e| refused(trf::FIDE_ID, "FIDE number", e.to_string()))?,
        born: field(trf::BIRTH_DATE)
            .map(|t| {
                Born::parse_trf(&t).ok_or_else(|| {
                    format!(
                        "'{}' is not a date as YYYY/MM/DD (or YYYY/00/00)",
                        crate::names::excerpt(&t)
                    )
                })
            })
            .transpose()
            .map_err(|e| refused(trf::BIRTH_DATE, "birth date", e))?,
    })
}

fn player_record(
    line: &[char],
    line_no: usize,
) -> Result<(TrfPlayer, Vec<Entry>, Points), TrfError> {
    let err = |message: String| TrfError {
        line: line_no,
        message,
        hint: None,
    };
    if line.len() < trf::POINTS.last {
        return Err(err(format!(
            "a player record (001) runs at least to column {} (the points); this one has {} characters",
            trf::POINTS.last,
            line.len()
        )));
    }
    // Four columns number the players: a fifth digit spills into column 4 or 9.
    let spilled = [trf::NUMBER.first - 1, trf::NUMBER.last + 1]
        .into_iter()
        .any(|column| line[column - 1].is_ascii_digit());
    if spilled {
        let digits: String = line[3..]
            .iter()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(|c| c.is_ascii_digit())
            .collect();
        return Err(err(format!(
            "pairing number {digits} does not fit columns {}: TRF numbers players in four digits, 1 to {}, so a file holds {} players at most",
            trf::NUMBER,
            trf::MAX_PLAYERS,
            trf::MAX_PLAYERS
        )));
    }
    let number_text = trf::NUMBER.of(line);
    let number: u32 = number_text
        .trim()
        .parse()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| {
            err(format!(
                "columns {} hold the pairing number, a whole number from 1; found '{}'",
                trf::NUMBER,
                number_text.trim()
            ))
        })?;
    let name = trf::NAME.of(line).trim().to_string();
    let name = crate::names::clean(&name, "a player name")
        .map_err(|e| err(format!("columns {} hold the player's name: {e}", trf::NAME)))?;
    let rating_text = trf::RATING.of(line);
    let rating: Option<u32> = if rating_text.trim().is_empty() {
        None
    } else {
        Some(rating_text.trim().parse().map_err(|_| {
            err(format!(
                "columns {} hold the rating, a whole number or blank; found '{}'",
                trf::RATING,
                rating_text.trim()
            ))
        })?)
    };
    let person = person_of(line).map_err(err)?;
    let points_text = trf::POINTS.of(line);
    let points: Points = points_text
        .trim()
        .parse()
        .ok()
        .filter(|p: &Points| p.0 >= 0)
        .ok_or_else(|| {
            err(format!(
                "columns {} hold the points, like 3.5; found '{}'",
                trf::POINTS,
                points_text.trim()
            ))
        })?;
    let mut list = Vec::new();
    while trf::round(list.len() + 1).first <= line.len() {
        list.push(round_entry(line, line_no, list.len() + 1, number)?);
    }
    Ok((
        TrfPlayer {
            number,
            name,
            rating: rating.map_or(super::ratings::Elo::DEFAULT_INITIAL, f64::from),
            rated: rating.is_some(),
            person,
            line: line_no,
        },
        list,
        points,
    ))
}

/// Round `round` of player `number`'s `001` record: the opponent, colour and result
/// (or a bye or absence code) in the round's columns.
fn round_entry(
    line: &[char],
    line_no: usize,
    round: usize,
    number: u32,
) -> Result<Entry, TrfError> {
    let columns = trf::round(round);
    let chunk = columns.of(line);
    let chunk: Vec<char> = format!("{chunk:<8}").chars().collect();
    let opp: String = chunk[..4].iter().collect();
    let (colour, result) = (chunk[trf::COLOUR_OFFSET], chunk[trf::RESULT_OFFSET]);
    let bad = |what: &str| {
        trf_error(
            line_no,
            format!("round {round} (columns {columns}): {what}; {ROUND_CODES}"),
        )
    };
    if chunk[trf::COLOUR_OFFSET - 1] != ' ' || chunk[trf::RESULT_OFFSET - 1] != ' ' {
        return Err(bad(
            "the opponent, colour and result are separated by spaces",
        ));
    }
    let entry = match opp.trim() {
        "" | "0000" => match (colour, result) {
            (' ' | '-', 'U') => Entry::PairingBye,
            (' ' | '-', 'H') => Entry::HalfBye,
            (' ', ' ') => Entry::NotPaired,
            (' ' | '-', 'Z' | '-' | ' ') => Entry::Absent,
            (_, 'F') => return Err(bad("a full-point bye (F) is not one goobalay records")),
            _ => return Err(bad(&format!("'{colour} {result}' without an opponent"))),
        },
        text => {
            let opponent: u32 = text
                .parse()
                .ok()
                .filter(|o| *o >= 1)
                .ok_or_else(|| bad(&format!("'{text}' is not a pairing number")))?;
            if opponent == number {
                return Err(bad("a player cannot play themselves"));
            }
            let white = match colour {
                'w' | 'W' => Some(true),
                'b' | 'B' => Some(false),
                '-' => None,
                _ => return Err(bad(&format!("colour '{colour}'"))),
            };
            let result = match result.to_ascii_uppercase() {
                '1' | 'W' => GameResult::Win,
                '=' | 'D' => GameResult::Draw,
                '0' | 'L' => GameResult::Loss,
                '+' => GameResult::ForfeitWin,
                '-' => GameResult::ForfeitLoss,
                ' ' => {
                    return Err(bad(
                        "a game without a result (pending games cannot be imported)",
                    ));
                }
                other => return Err(bad(&format!("result '{other}'"))),
            };
            if white.is_none()
                && !matches!(result, GameResult::ForfeitWin | GameResult::ForfeitLoss)
            {
                return Err(bad("a game played has a colour, w or b"));
            }
            Entry::Game {
                opponent,
                white,
                result,
            }
        }
    };
    Ok(entry)
}

fn points_record(line: &[char], line_no: usize) -> Result<PointsScheme, TrfError> {
    let mut p = PointsScheme::default();
    let mut bye_given = false;
    let mut k = 0;
    while trf::points_code(k) <= line.len() {
        let col = trf::points_code(k);
        let code = line[col - 1];
        let value_columns = trf::points_value(k);
        let value = value_columns.of(line);
        let points: Points = value.trim().parse().ok().filter(|v: &Points| v.0 >= 0).ok_or_else(|| TrfError {
            line: line_no,
            message: format!(
                "162: the points of {code} (columns {value_columns}) must be a number like 1.0; found '{}'",
                value.trim()
            ),
            hint: None,
        })?;
        match code {
            'W' => p.win = points,
            'D' => p.draw = points,
            'L' => p.loss = points,
            'P' => {
                p.bye = points;
                bye_given = true;
            }
            'Z' if points == Points::ZERO => {}
            _ => {
                return Err(TrfError {
                    line: line_no,
                    message: format!(
                        "162: '{code} {}' is not supported; allowed: W, D, L and P with their points, and Z 0.0",
                        value.trim()
                    ),
                    hint: None,
                });
            }
        }
        k += 1;
    }
    if !bye_given {
        p.bye = p.win;
    }
    if !(p.win > p.draw && p.draw >= p.loss) {
        return Err(TrfError {
            line: line_no,
            message: "162: a win must score more than a draw, and a draw at least a loss".into(),
            hint: None,
        });
    }
    Ok(p)
}

fn absence_record(
    line: &[char],
    line_no: usize,
) -> Result<Vec<(u32, u32, ByePoints, usize)>, TrfError> {
    let err = |message: String| TrfError {
        line: line_no,
        message,
        hint: None,
    };
    let points = match line.get(trf::ABSENCE_POINTS - 1) {
        Some('H') => ByePoints::Half,
        Some('Z') => ByePoints::Zero,
        Some(other) => {
            return Err(err(format!(
                "240: the absence's points (column {}) '{other}' is not H (half) or Z (zero)",
                trf::ABSENCE_POINTS
            )));
        }
        None => {
            return Err(err(
                "240: give the points (H or Z), the round and the players".into(),
            ));
        }
    };
    let round_text = trf::ABSENCE_ROUND.of(line);
    let round: u32 = round_text
        .trim()
        .parse()
        .ok()
        .filter(|r| *r >= 1)
        .ok_or_else(|| {
            err(format!(
                "240: columns {} hold the round, a whole number from 1; found '{}'",
                trf::ABSENCE_ROUND,
                round_text.trim()
            ))
        })?;
    let mut out = Vec::new();
    let mut k = 0;
    while trf::absent_player(k).first <= line.len() {
        let columns = trf::absent_player(k);
        let text = columns.of(line);
        if !text.trim().is_empty() {
            let player: u32 = text.trim().parse().map_err(|_| {
                err(format!(
                    "240: columns {columns} hold a pairing number; found '{}'",
                    text.trim()
                ))
            })?;
            out.push((round, player, points, line_no));
        }
        k += 1;
    }
    Ok(out)
}

/// The initial colour a file without `152` implies, as bbpPairings infers it: in
/// the first round in which anyone has a colour, the first player by pairing
/// number who took part in a pairing by then (a board or the pairing-allocated
/// bye) and has a colour in that round has the initial colour when they count
/// an odd number among such players (1st, 3rd, ...), the other one when even.
/// No round with a colour: South (goobalay's initial colour before it was a
/// setting).
fn initial_side_of(t: &TournamentSetup, fixtures: &[Fixture]) -> Side {
    let Some(first) = fixtures
        .iter()
        .filter(|f| f.pairing.north.is_some() && f.result.is_none_or(|r| r.forfeit.is_none()))
        .map(|f| f.pairing.round)
        .min()
    else {
        return Side::South;
    };
    let took_part = |id: EntrantId| {
        fixtures.iter().any(|f| {
            f.pairing.round <= first && (f.pairing.south == id || f.pairing.north == Some(id))
        })
    };
    let mut entrants: Vec<&Entrant> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.start_rank);
    for (counted, e) in entrants.into_iter().filter(|e| took_part(e.id)).enumerate() {
        let side = fixtures
            .iter()
            .filter(|f| {
                f.pairing.round == first
                    && f.pairing.north.is_some()
                    && f.result.is_none_or(|r| r.forfeit.is_none())
            })
            .find_map(|f| {
                if f.pairing.south == e.id {
                    Some(Side::South)
                } else if f.pairing.north == Some(e.id) {
                    Some(Side::North)
                } else {
                    None
                }
            });
        if let Some(side) = side {
            return if counted.is_multiple_of(2) {
                side
            } else {
                !side
            };
        }
    }
    Side::South
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::export;
    use crate::tournament::testutil;

    /// The export's own Swiss: forfeits, a double forfeit, byes asked for, a
    /// withdrawal, a pairing bye, then absences from the rounds left.
    fn played_swiss() -> Tournament {
        let mut t = testutil::tournament(Format::Swiss, 7);
        t.name = "Spring Swiss".into();
        t.variant = "tihbat".into();
        t.rounds = Some(5);
        t.requested_byes.push(RequestedBye {
            round: 2,
            player: 3,
            points: ByePoints::Half,
        });
        t.requested_byes.push(RequestedBye {
            round: 4,
            player: 2,
            points: ByePoints::Zero,
        });
        let mut n = 0;
        for round in 1..=3 {
            if round == 3 {
                t.entrants[6].withdrawn_after = Some(2);
            }
            for p in t.next_round().unwrap() {
                n += 1;
                let result = p.north.map(|_| match n % 5 {
                    0 => MatchResult::forfeited(Absent::North),
                    1 => MatchResult::played(Decision::Draw, BySide::new(0, 0)),
                    2 => MatchResult::played(Decision::North, BySide::new(0, 0)),
                    3 if round == 2 => MatchResult::forfeited(Absent::Both),
                    _ => MatchResult::played(Decision::South, BySide::new(0, 0)),
                });
                t.fixtures.push(Fixture { pairing: p, result });
            }
        }
        t
    }

    #[test]
    fn an_exported_swiss_reads_back_with_the_same_rounds_and_results() {
        let t = played_swiss();
        let text = export::trf(&t);
        let event = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let back = &event.tournament;
        assert_eq!(event.variant.as_deref(), Some("tihbat"));
        assert_eq!(back.name, "Spring Swiss");
        assert_eq!(back.rounds, Some(5));
        assert_eq!(back.manual_rounds, vec![1, 2, 3]);
        assert_eq!(back.entrants[6].withdrawn_after, Some(2), "{text}");
        assert_eq!(
            back.requested_bye(2, 4).map(|b| b.points),
            Some(ByePoints::Zero)
        );
        assert_eq!(
            back.requested_bye(3, 2).map(|b| b.points),
            Some(ByePoints::Half)
        );
        // Every player's outcome of every round is the same (board numbers aside).
        for e in &t.entrants {
            for r in 1..=3 {
                assert_eq!(
                    back.outcome_in_round(e.id, r),
                    t.outcome_in_round(e.id, r),
                    "player {} round {r}",
                    e.id
                );
            }
        }
        assert_eq!(export::trf(back), text);
        // goobalay pairs the next round of the event read back as of the original.
        assert_eq!(
            back.next_round().unwrap().len(),
            t.next_round().unwrap().len()
        );
    }

    fn line_with(text: &str, number: u32, f: impl Fn(&mut Vec<char>)) -> String {
        let tag = format!("001 {number:>4}");
        text.lines()
            .map(|l| {
                if l.starts_with(&tag) {
                    let mut c: Vec<char> = l.chars().collect();
                    f(&mut c);
                    c.into_iter().collect()
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn line_no(text: &str, number: u32) -> usize {
        let tag = format!("001 {number:>4}");
        text.lines().position(|l| l.starts_with(&tag)).unwrap() + 1
    }

    #[test]
    fn a_result_that_does_not_match_the_opponents_is_refused_with_its_line() {
        let text = export::trf(&played_swiss());
        // Player 1 drew round 1 (board 1); the record is made a win.
        let bad = line_with(&text, 1, |c| {
            assert_eq!(c[98], '=', "{text}");
            c[98] = '1';
        });
        let e = parse(&bad).unwrap_err();
        assert_eq!(e.line, line_no(&bad, 1), "{e}");
        assert!(
            e.message.starts_with("round 1: the result does not match"),
            "{e}"
        );
    }

    #[test]
    fn bad_records_name_their_line_and_what_is_allowed() {
        let text = export::trf(&played_swiss());
        let cases: Vec<(String, usize, &str)> = vec![
            (
                line_with(&text, 2, |c| c[97] = 'x'),
                line_no(&text, 2),
                "allowed per round",
            ),
            (
                line_with(&text, 4, |c| {
                    c[80..84].copy_from_slice(&['9', '9', '.', '5'])
                }),
                line_no(&text, 4),
                "the points column says 99.5",
            ),
            (
                format!("{text}240 Z   1    1\n"),
                text.lines().count() + 1,
                "rounds not yet played, 4 to 5",
            ),
            (
                format!("{text}XXA    1  1.0\n"),
                text.lines().count() + 1,
                "accelerated",
            ),
        ];
        for (bad, line, says) in cases {
            let e = parse(&bad).unwrap_err();
            assert_eq!(e.line, line, "{e}");
            assert!(e.message.contains(says), "{e}");
        }
    }

    /// A Swiss of 7 whose pairing number 1 had Black (North) in round 1, after 2
    /// rounds.
    fn swiss_begun_with_north() -> Tournament {
        let mut t = testutil::tournament(Format::Swiss, 7);
        t.rounds = Some(5);
        t.initial_side = crate::engine::Side::North;
        for _ in 1..=2 {
            for p in t.next_round().unwrap() {
                let result = p
                    .north
                    .map(|_| MatchResult::played(Decision::South, BySide::new(0, 0)));
                t.fixtures.push(Fixture { pairing: p, result });
            }
        }
        t
    }

    #[test]
    fn the_initial_colour_is_read_from_152_or_round_1_and_written_back() {
        let t = swiss_begun_with_north();
        // Round 1 by hand: 1-4, 2-5, 3-6, 7 the bye; from the initial colour
        // Black for 1, alternating: 1 North, 2 South, 3 North.
        let round1: Vec<(EntrantId, Option<EntrantId>)> = t
            .round_fixtures(1)
            .iter()
            .map(|f| (f.pairing.south, f.pairing.north))
            .collect();
        assert_eq!(
            round1,
            [(4, Some(1)), (2, Some(5)), (6, Some(3)), (7, None)]
        );
        let text = export::trf(&t);
        assert!(text.lines().any(|l| l == "152 B"), "{text}");
        let next = t.next_round().unwrap();
        // 152 B read; and without 152, the B that round 1 implies.
        let without: String = text
            .lines()
            .filter(|l| !l.starts_with("152"))
            .map(|l| format!("{l}\n"))
            .collect();
        for file in [&text, &without] {
            let read = parse(file).unwrap().tournament;
            assert_eq!(read.initial_side(), crate::engine::Side::North);
            assert_eq!(read.next_round().unwrap(), next);
            assert!(export::trf(&read).lines().any(|l| l == "152 B"));
        }
        // A file that says W is paired from W, against its own round 1.
        let white = parse(&text.replace("152 B", "152 W")).unwrap().tournament;
        assert_eq!(white.initial_side(), crate::engine::Side::South);
    }

    #[test]
    fn lines_may_end_in_cr_lf_or_a_lone_cr() {
        let text = export::trf(&played_swiss());
        let lf = parse(&text).unwrap();
        for ending in ["\r\n", "\r"] {
            let other = text.replace('\n', ending);
            assert_eq!(parse(&other).unwrap(), lf, "{ending:?}");
            // Line numbers count lines, whatever ends them.
            let bad = other.replace("152 W", "152 X");
            let at = text.lines().position(|l| l == "152 W").unwrap() + 1;
            assert_eq!(parse(&bad).unwrap_err().line, at, "{ending:?}");
        }
    }

    /// Windows editors save UTF-8 with a byte order mark before the first record.
    #[test]
    fn a_byte_order_mark_is_read_past() {
        let text = export::trf(&played_swiss());
        assert!(text.starts_with("012 Spring Swiss\n"), "{text}");
        let marked = parse(&format!("\u{feff}{text}")).unwrap();
        assert_eq!(marked.tournament.name, "Spring Swiss");
        assert_eq!(marked, parse(&text).unwrap());
    }

    /// Pairing numbers have four columns: a 10,000th player cannot be numbered.
    #[test]
    fn a_five_digit_pairing_number_is_refused_saying_why() {
        let text = export::trf(&played_swiss());
        let at = line_no(&text, 7);
        for spilled in ["001 10000", "00110000 "] {
            let bad = line_with(&text, 7, |c| {
                c.splice(0..9, spilled.chars());
            });
            let e = parse(&bad).unwrap_err();
            assert_eq!(e.line, at, "{e}");
            assert_eq!(
                e.message,
                "pairing number 10000 does not fit columns 5-8: TRF numbers players in four digits, 1 to 9999, so a file holds 9999 players at most",
                "{spilled}"
            );
        }
    }

    /// JaVaFo's TRF(x) writes an absence from the round to be paired in the player's
    /// own record: read as the 240 record would be.
    #[test]
    fn absences_written_in_the_players_records_are_absences() {
        let t = played_swiss();
        let text = export::trf(&t);
        let absences: Vec<&str> = text.lines().filter(|l| l.starts_with("240")).collect();
        assert_eq!(
            absences,
            ["240 Z   4    2    7", "240 Z   5    7"],
            "{text}"
        );
        let without: String = text
            .lines()
            .filter(|l| !l.starts_with("240"))
            .map(|l| format!("{l}\n"))
            .collect();
        // Round 4 of player 2, rounds 4 and 5 of player 7 (withdrawn).
        let mut javafo = line_with(&without, 2, |c| c.extend("  0000 - Z".chars()));
        javafo = line_with(&javafo, 7, |c| c.extend("  0000 - -  0000 - Z".chars()));
        let back = parse(&javafo).unwrap_or_else(|e| panic!("{e}\n{javafo}"));
        assert_eq!(back.tournament, parse(&text).unwrap().tournament);
        assert_eq!(back.tournament.entrants[6].withdrawn_after, Some(2));
        // A half-point bye so written; the same absence twice agrees with 240.
        let half = line_with(&text, 3, |c| c.extend("  0000 - H".chars()));
        assert_eq!(
            parse(&half)
                .unwrap()
                .tournament
                .requested_bye(3, 4)
                .map(|b| b.points),
            Some(ByePoints::Half)
        );
        let twice = line_with(&text, 2, |c| c.extend("  0000 - Z".chars()));
        assert_eq!(
            parse(&twice).unwrap().tournament,
            parse(&text).unwrap().tournament
        );
        let clash = line_with(&text, 2, |c| c.extend("  0000 - H".chars()));
        let e = parse(&clash).unwrap_err();
        assert!(
            e.message
                .contains("with a half-point bye and with a zero-point bye"),
            "{e}"
        );
    }

    #[test]
    fn two_pairing_byes_in_a_round_are_refused() {
        // Both players of a board given the pairing-allocated bye instead.
        let mut t = testutil::tournament(Format::Swiss, 4);
        t.rounds = Some(2);
        for p in t.next_round().unwrap() {
            t.fixtures.push(Fixture {
                pairing: p,
                result: Some(MatchResult::played(Decision::South, BySide::new(0, 0))),
            });
        }
        let text = export::trf(&t);
        // A second pairing bye: both players of board 2 given U.
        let board2 = t
            .fixtures
            .iter()
            .find(|f| f.pairing.board == 2)
            .unwrap()
            .pairing;
        let (s, n) = (board2.south as u32, board2.north.unwrap() as u32);
        let mut bad = text.clone();
        for p in [s, n] {
            bad = line_with(&bad, p, |c| {
                c[91..99].copy_from_slice(&"0000 - U".chars().collect::<Vec<_>>());
                c[80..84].copy_from_slice(&" 1.0".chars().collect::<Vec<_>>());
            });
        }
        let e = parse(&bad).unwrap_err();
        assert!(e.message.contains("second pairing-allocated bye"), "{e}");
    }
}
