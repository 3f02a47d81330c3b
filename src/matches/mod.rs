//! Matches: the multi-hand match of RULES.md §3 (seeds carried from hand to hand,
//! rearrangement, the fewer-than-a-row rule), and the `single` and `games:N` forms.
//!
//! A match is a state machine rebuilt from a list of [`Event`]s (moves, arrangements,
//! hand results entered off-line): the store persists the events and replays them, and
//! [`play_engine_match`] drives the same machine in memory. No I/O here.
//!
//! ```
//! use goobalay::ai::Level;
//! use goobalay::engine::{BySide, Side, Variant};
//! use goobalay::matches::{MatchForm, MatchSpec, play_engine_match};
//!
//! let variant = Variant::preset("layli-goobalay").unwrap();
//! let spec = MatchSpec::new(&variant, MatchForm::Hands, None, Side::South)?;
//! let record = play_engine_match(spec, BySide::new(Level::Greedy, Level::Random), 7);
//! assert!(record.outcome.is_some());
//! assert_eq!(record.hands[0].holdings, BySide::new(24, 24));
//! # Ok::<(), goobalay::matches::MatchError>(())
//! ```

pub mod correction;
pub mod replay;

use serde::Serialize;
use thiserror::Error;

use crate::ai::{ArrangeRequest, EnginePlayer, Level};
use crate::engine::trace::{TraceLine, TraceResult};
use crate::engine::{
    BySide, EndReason, Game, HandOpener, Move, PlayError, Rules, Setup, Side, Variant,
};
use crate::hint::{Plain, Refusal, Term, Wording};

/// How a match is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchForm {
    /// RULES.md §3: hands until a player holds fewer seeds than a row has holes.
    Hands,
    /// One game; its winner wins the match.
    Single,
    /// `N` games from the ordinary setup, the first mover alternating (the match's
    /// first mover starts games 1, 3, 5, ...). The match goes to the player with more
    /// game wins; equal wins: more seeds over all games; equal seeds: a draw.
    /// Every game is played, even once the match is decided.
    Games(u32),
}

impl MatchForm {
    /// Most games a `games:N` match may have.
    pub const MAX_GAMES: u32 = 999;

    /// `hands`, `single` or `games:N`.
    pub fn parse(text: &str) -> Result<MatchForm, MatchError> {
        let t = text.trim().to_ascii_lowercase();
        let bad = || MatchError::Form(text.to_string());
        match t.as_str() {
            "hands" => Ok(MatchForm::Hands),
            "single" => Ok(MatchForm::Single),
            _ => {
                let n = t.strip_prefix("games:").ok_or_else(bad)?;
                match n.parse::<u32>() {
                    Ok(n) if (1..=Self::MAX_GAMES).contains(&n) => Ok(MatchForm::Games(n)),
                    _ => Err(bad()),
                }
            }
        }
    }

    pub fn name(self) -> String {
        match self {
            MatchForm::Hands => "hands".to_string(),
            MatchForm::Single => "single".to_string(),
            MatchForm::Games(n) => format!("games:{n}"),
        }
    }

    /// `hands` for Layli Goobalay, `single` for the others (issue 3).
    pub fn default_for(variant_name: &str) -> MatchForm {
        if variant_name == "layli-goobalay" {
            MatchForm::Hands
        } else {
            MatchForm::Single
        }
    }

    fn games(self) -> Option<u32> {
        match self {
            MatchForm::Hands => None,
            MatchForm::Single => Some(1),
            MatchForm::Games(n) => Some(n),
        }
    }
}

impl MatchForm {
    /// The match form in words, for `goobalay rules`: what a player needs to know of
    /// hands, rearrangement, kept seeds and when the match ends (RULES.md §3).
    pub fn describe(self, variant: &Variant) -> Vec<String> {
        let n = variant.rules.holes_per_row;
        match self {
            MatchForm::Single => vec!["Match (single): one game; its winner wins the match.".to_string()],
            MatchForm::Games(k) => vec![format!(
                "Match (games:{k}): {k} games, the first move alternating; more games won wins, then more seeds over all games, else a draw."
            )],
            MatchForm::Hands => vec![
                "Match (hands): a series of games (hands); the seeds you hold at the end of a hand are what you start the next with.".to_string(),
                format!("After a hand, a player holding fewer than {n} seeds (the holes of one row) loses the match; if both do, the poorer loses, equal holdings draw."),
                "Otherwise the poorer player places all their seeds in their own row, at least one in every hole; the richer places the same number in theirs and keeps the rest in hand, counted as already captured in the new hand.".to_string(),
                format!(
                    "Equal holdings: the player who did not move first in the last hand arranges first. {}",
                    match variant.rules.hand_opener {
                        HandOpener::Arranger => "Whoever arranged first moves first.",
                        HandOpener::Other => "Whoever arranged second moves first (this rule set's choice).",
                        HandOpener::Alternate => "The first move alternates from hand to hand (this rule set's choice).",
                    }
                ),
                format!(
                    "Every match ends: at most {} hands unless the match sets a limit; at the limit more seeds wins, equal seeds draw.",
                    MatchSpec::default_max_hands(variant)
                ),
            ],
        }
    }
}

impl std::fmt::Display for MatchForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// What a match is: the rules, the form and who moves first in the first hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSpec {
    pub variant: String,
    pub rules: Rules,
    pub form: MatchForm,
    /// RULES.md §3 option 6 (`hands` form only): after this many hands the player
    /// holding more seeds wins; equal holdings draw. `None` only in a `hands` match
    /// recorded before RULES.md §3 point 11 (see [`MatchSpec::as_recorded`]).
    pub max_hands: Option<u32>,
    pub first: Side,
}

impl MatchSpec {
    /// Most hands a new `hands` match may set as its limit (so that it ends in
    /// reasonable time whatever the variant).
    pub const MAX_HANDS: u32 = 10_000;

    /// A match to play now. A `hands` match without `max_hands` gets the default
    /// limit of RULES.md §3 point 11 ([`MatchSpec::default_max_hands`]), so every
    /// match ends.
    pub fn new(
        variant: &Variant,
        form: MatchForm,
        max_hands: Option<u32>,
        first: Side,
    ) -> Result<MatchSpec, MatchError> {
        if let Some(m) = max_hands
            && m > MatchSpec::MAX_HANDS
        {
            return Err(MatchError::MaxHandsOutOfRange { given: m });
        }
        let mut spec = MatchSpec::as_recorded(variant, form, max_hands, first)?;
        if form == MatchForm::Hands && spec.max_hands.is_none() {
            spec.max_hands = Some(MatchSpec::default_max_hands(variant));
        }
        Ok(spec)
    }

    /// The default hand limit of RULES.md §3 point 11: 200 hands for Layli Goobalay
    /// and Tampoduo, 50 for the other variants. A custom rule set counts as another
    /// variant, even one with a preset's rules under another name; a rule set with a
    /// preset's name and rules is that preset.
    pub fn default_max_hands(variant: &Variant) -> u32 {
        let long = ["layli-goobalay", "tampoduo"].into_iter().any(|name| {
            Variant::preset(name)
                .is_some_and(|p| p.name == variant.name && p.rules == variant.rules)
        });
        if long { 200 } else { 50 }
    }

    /// A match as it was recorded: `max_hands` as stored, with no default. A `hands`
    /// match recorded before RULES.md §3 point 11 has none and keeps the rule it was
    /// played under (no limit); every match recorded since stores its limit.
    pub fn as_recorded(
        variant: &Variant,
        form: MatchForm,
        max_hands: Option<u32>,
        first: Side,
    ) -> Result<MatchSpec, MatchError> {
        if let Some(m) = max_hands {
            if form != MatchForm::Hands {
                return Err(MatchError::MaxHandsNotHands { form });
            }
            if m == 0 {
                return Err(MatchError::MaxHandsZero);
            }
        }
        Ok(MatchSpec {
            variant: variant.name.clone(),
            rules: variant.rules,
            form,
            max_hands,
            first,
        })
    }

    /// Seeds below which a player loses a `hands` match: the holes of one row.
    pub fn threshold(&self) -> u32 {
        self.rules.holes_per_row as u32
    }
}

/// One step of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move of the side to move.
    Move(Move),
    /// A player's row for the coming hand, own left to right.
    Arrange { side: Side, row: Vec<u16> },
    /// The final scores of the current hand, played off-line.
    Result(BySide<u32>),
}

/// Who the match waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaiting {
    Move(Side),
    Arrangement(Side),
    /// The match is over.
    None,
}

impl Awaiting {
    pub fn side(self) -> Option<Side> {
        match self {
            Awaiting::Move(s) | Awaiting::Arrangement(s) => Some(s),
            Awaiting::None => None,
        }
    }

    pub fn kind(self) -> &'static str {
        match self {
            Awaiting::Move(_) => "move",
            Awaiting::Arrangement(_) => "arrangement",
            Awaiting::None => "none",
        }
    }
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchOutcome {
    Winner(Side),
    Draw,
}

impl MatchOutcome {
    /// `"south"`, `"north"` or `"draw"`.
    pub fn name(self) -> &'static str {
        match self {
            MatchOutcome::Winner(s) => s.name(),
            MatchOutcome::Draw => "draw",
        }
    }

    pub fn parse(text: &str) -> Option<MatchOutcome> {
        match text {
            "draw" => Some(MatchOutcome::Draw),
            _ => Side::parse(text).map(MatchOutcome::Winner),
        }
    }

    pub fn winner(self) -> Option<Side> {
        match self {
            MatchOutcome::Winner(s) => Some(s),
            MatchOutcome::Draw => None,
        }
    }
}

/// Written as its name (`"south"`, `"north"`, `"draw"`), as the columns hold it.
impl Serialize for MatchOutcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Who did not come to a forfeited match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Absent {
    South,
    North,
    /// A double forfeit: both lose, nobody scores.
    Both,
}

impl Absent {
    /// `"south"`, `"north"` or `"both"`.
    pub fn name(self) -> &'static str {
        match self {
            Absent::South => "south",
            Absent::North => "north",
            Absent::Both => "both",
        }
    }

    pub fn parse(text: &str) -> Option<Absent> {
        match text {
            "south" => Some(Absent::South),
            "north" => Some(Absent::North),
            "both" => Some(Absent::Both),
            _ => None,
        }
    }
}

/// A whole-match result typed as text that is not one ([`Closing::entered_from_text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnteredResultError {
    /// Not `south`, `north` or `draw`.
    Winner(String),
    /// Not two whole numbers `SOUTH,NORTH`.
    Seeds(String),
}

/// How a match was ended other than by its hands on the system (issue 13): the
/// director's record, stored beside the hands (`match_closings`), applied after them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closing {
    /// Not played (whatever hands were begun stay as they are): `absent` did not come.
    /// The match's outcome is a win of the side present; a double forfeit is stored as
    /// [`MatchOutcome::Draw`] (the only outcome with no winner), but nobody scores.
    Forfeit(Absent),
    /// The whole match was played off the system and its result entered, with the
    /// final seeds (as [`MatchRecord`] sums them: last hand's holdings, single game's
    /// score, sum over all games) when known. Played and rated.
    Entered {
        outcome: MatchOutcome,
        seeds: Option<BySide<u32>>,
    },
    /// Annulled by the director's correction (`match correct --void`): nobody wins,
    /// nobody scores, not played. Stored as [`MatchOutcome::Draw`], like a double
    /// forfeit, and counted as one by the standings (TRF has no other code for it).
    Void,
}

impl Closing {
    /// The match's outcome once closed this way.
    pub fn outcome(self) -> MatchOutcome {
        match self {
            Closing::Forfeit(Absent::South) => MatchOutcome::Winner(Side::North),
            Closing::Forfeit(Absent::North) => MatchOutcome::Winner(Side::South),
            Closing::Forfeit(Absent::Both) | Closing::Void => MatchOutcome::Draw,
            Closing::Entered { outcome, .. } => outcome,
        }
    }

    pub fn is_forfeit(self) -> bool {
        matches!(self, Closing::Forfeit(_))
    }

    /// A whole-match result as a person types it: the winner (`south`, `north` or
    /// `draw`, in any case) and, if given, the final seeds as `SOUTH,NORTH`. The
    /// error holds the text that was refused, for the front end to name.
    pub fn entered_from_text(
        winner: &str,
        seeds: Option<&str>,
    ) -> Result<Closing, EnteredResultError> {
        let outcome = MatchOutcome::parse(&winner.trim().to_ascii_lowercase())
            .ok_or_else(|| EnteredResultError::Winner(winner.to_string()))?;
        let seeds = seeds
            .map(|text| {
                let bad = || EnteredResultError::Seeds(text.to_string());
                let (s, n) = text.split_once(',').ok_or_else(bad)?;
                let count = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
                Ok(BySide::new(count(s)?, count(n)?))
            })
            .transpose()?;
        Ok(Closing::Entered { outcome, seeds })
    }

    /// Who is counted absent: a forfeit's absent side; a void match counts as a
    /// double forfeit (nobody scores, not played). `None`: played.
    pub fn unplayed(self) -> Option<Absent> {
        match self {
            Closing::Forfeit(absent) => Some(absent),
            Closing::Void => Some(Absent::Both),
            Closing::Entered { .. } => None,
        }
    }
}

/// Why a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandEnd {
    /// The game ended on the board.
    Game(EndReason),
    /// The scores were entered (a hand played off-line).
    Entered,
}

impl HandEnd {
    /// `no-moves`, `all-captured`, `repetition` or `result`.
    pub fn name(self) -> &'static str {
        match self {
            HandEnd::Game(e) => e.name(),
            HandEnd::Entered => "result",
        }
    }

    pub fn parse(text: &str) -> Option<HandEnd> {
        Some(match text {
            "no-moves" => HandEnd::Game(EndReason::NoMoves),
            "all-captured" => HandEnd::Game(EndReason::AllCaptured),
            "repetition" => HandEnd::Game(EndReason::Repetition),
            "result" => HandEnd::Entered,
            _ => return None,
        })
    }
}

/// One hand (game) of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// 1, 2, ...
    pub number: u32,
    pub first_mover: Side,
    /// Seeds each player brought into the hand.
    pub holdings: BySide<u32>,
    /// Of those, seeds held in hand (counted as captured) after the rearrangement.
    pub kept: BySide<u32>,
    /// Each player's row when the hand was set up by rearrangement (own left to
    /// right); `None` for the ordinary setup or while not (yet) given.
    pub arrangement: BySide<Option<Vec<u16>>>,
    /// Who arranged first (`None`: the hand started from the ordinary setup).
    pub first_arranger: Option<Side>,
    pub moves: Vec<Move>,
    /// `None` while the hand is being played.
    pub end: Option<HandEnd>,
    /// Final scores (what each player carries out of the hand), once ended.
    pub score: Option<BySide<u32>>,
}

impl Hand {
    /// The winner of the hand by score; `None` for a draw or an unfinished hand.
    pub fn winner(&self) -> Option<Side> {
        let s = self.score?;
        match s.south.cmp(&s.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The moves in notation, space separated.
    pub fn moves_text(&self, holes_per_row: u8) -> String {
        use std::fmt::Write;
        // Written in place: a tournament run stores about 100,000 moves.
        let mut text = String::with_capacity(self.moves.len() * 3);
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            match m.hole() {
                None => text.push_str("pass"),
                Some(h) => {
                    let number = h % usize::from(holes_per_row) + 1;
                    if number < 10 {
                        text.push(char::from(b'0' + number as u8));
                    } else {
                        write!(text, "{number}").expect("writing to a String");
                    }
                }
            }
        }
        text
    }
}

/// A match step that was refused; the match is unchanged.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MatchError {
    #[error(transparent)]
    IllegalMove(#[from] PlayError),
    #[error("the match is over ({0})")]
    Over(String),
    #[error("the match awaits {awaiting}, not {got}")]
    OutOfTurn { awaiting: String, got: String },
    #[error("{0}")]
    Arrangement(String),
    #[error("{0}")]
    Result(String),
    #[error(
        "'{}' is not a match form; allowed: hands, single, games:N (N = 1 to 999)",
        crate::names::excerpt(.0)
    )]
    Form(String),
    #[error("{0}")]
    Spec(String),
    /// A hand limit above [`MatchSpec::MAX_HANDS`].
    #[error("{}", max_hands_out_of_range(&Plain, *.given))]
    MaxHandsOutOfRange { given: u32 },
    /// A hand limit on a match that is not of the `hands` form.
    #[error("{}", max_hands_not_hands(&Plain, *.form))]
    MaxHandsNotHands { form: MatchForm },
    #[error("{}", max_hands_zero(&Plain))]
    MaxHandsZero,
    #[error("stored match does not replay: {0}")]
    Replay(String),
}

fn max_hands_out_of_range(wording: &dyn Wording, given: u32) -> String {
    format!(
        "{} {given} is out of range; allowed: 1 to {}",
        wording.term(Term::MaxHands),
        MatchSpec::MAX_HANDS
    )
}

fn max_hands_not_hands(wording: &dyn Wording, form: MatchForm) -> String {
    format!(
        "{} applies only to the 'hands' form, not '{form}'",
        wording.term(Term::MaxHands)
    )
}

fn max_hands_zero(wording: &dyn Wording) -> String {
    format!("{} must be at least 1", wording.term(Term::MaxHands))
}

impl Refusal for MatchError {
    fn worded(&self, wording: &dyn Wording) -> String {
        match self {
            MatchError::MaxHandsOutOfRange { given } => max_hands_out_of_range(wording, *given),
            MatchError::MaxHandsNotHands { form } => max_hands_not_hands(wording, *form),
            MatchError::MaxHandsZero => max_hands_zero(wording),
            _ => self.to_string(),
        }
    }
}

/// A match in progress or finished: the hands so far and the current game.
#[derive(Clone, Debug)]
pub struct MatchState {
    spec: MatchSpec,
    hands: Vec<Hand>,
    /// The current hand's game; `None` while its arrangement is awaited (or it was
    /// entered as a result without being set up).
    game: Option<Game>,
    outcome: Option<MatchOutcome>,
    events: u32,
    /// Set when the match was forfeited or its whole result entered ([`MatchState::close`]).
    closing: Option<Closing>,
}

impl MatchState {
    /// A new match: hand 1 from the ordinary setup.
    pub fn new(spec: MatchSpec) -> MatchState {
        let game = Game::new(spec.rules, spec.first);
        let hand = ordinary_hand(1, &game);
        MatchState {
            spec,
            hands: vec![hand],
            game: Some(game),
            outcome: None,
            events: 0,
            closing: None,
        }
    }

    /// Rebuilds a match from its events.
    pub fn replay(
        spec: MatchSpec,
        events: impl IntoIterator<Item = Event>,
    ) -> Result<MatchState, MatchError> {
        let mut state = MatchState::new(spec);
        for (i, event) in events.into_iter().enumerate() {
            state
                .apply(&event)
                .map_err(|e| MatchError::Replay(format!("event {}: {e}", i + 1)))?;
        }
        Ok(state)
    }

    pub fn spec(&self) -> &MatchSpec {
        &self.spec
    }

    pub fn hands(&self) -> &[Hand] {
        &self.hands
    }

    pub fn current_hand(&self) -> &Hand {
        self.hands.last().expect("a match has a hand")
    }

    /// The current hand's game, once set up.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    pub fn outcome(&self) -> Option<MatchOutcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How the match was closed by the director, if it was (a forfeit, a whole-match
    /// result).
    pub fn closing(&self) -> Option<Closing> {
        self.closing
    }

    /// Ends an unfinished match by a forfeit or by the result of the whole match played
    /// off the system. Refused once the match is over. An entered result's seeds must
    /// add up to the seeds in play (`games:N`: N times them) and agree with the
    /// decision: a win needs more seeds (`games:N`, decided by game wins first: any
    /// seeds), a drawn match equal seeds.
    pub fn close(&mut self, closing: Closing) -> Result<(), MatchError> {
        if let Some(e) = self.over_error() {
            return Err(e);
        }
        self.check_closing(closing)?;
        self.outcome = Some(closing.outcome());
        self.closing = Some(closing);
        Ok(())
    }

    /// The checks of [`MatchState::close`] that do not depend on the match being
    /// unfinished (a correction replaces a finished match's result with them too).
    fn check_closing(&self, closing: Closing) -> Result<(), MatchError> {
        if let Closing::Entered {
            outcome,
            seeds: Some(seeds),
        } = closing
        {
            let first = &self.hands[0];
            let per_game = u64::from(first.holdings.south) + u64::from(first.holdings.north);
            let total = per_game * u64::from(self.spec.form.games().unwrap_or(1));
            let sum = u64::from(seeds.south) + u64::from(seeds.north);
            if sum != total {
                return Err(MatchError::Result(format!(
                    "final seeds {} + {} = {sum}, but this match has {total} seeds in play; give two numbers that add up to {total}",
                    seeds.south, seeds.north
                )));
            }
            let by_seeds = by_more(seeds);
            let consistent = match (self.spec.form.games(), outcome) {
                (_, MatchOutcome::Draw) => by_seeds == MatchOutcome::Draw,
                (Some(_), MatchOutcome::Winner(_)) => true,
                (None, won) => by_seeds == won,
            };
            if !consistent {
                return Err(MatchError::Result(format!(
                    "final seeds {}-{} contradict the result '{}': a drawn match needs equal seeds, a win more seeds for the winner",
                    seeds.south,
                    seeds.north,
                    outcome.name()
                )));
            }
        }
        Ok(())
    }

    /// What the last `count` moves did, oldest first (across hands): who played what,
    /// what it captured, whether it made Uurs.
    pub fn recent_moves(&self, count: usize) -> Vec<PlayedMove> {
        let mut out: Vec<PlayedMove> = Vec::new();
        for hand in self.hands.iter().rev() {
            if out.len() >= count {
                break;
            }
            if hand.moves.is_empty() {
                continue;
            }
            let Some(mut game) = self.hand_start(hand) else {
                break;
            };
            let mut these = Vec::with_capacity(hand.moves.len());
            for &m in &hand.moves {
                let player = game.to_move();
                let Ok(effect) = game.play(m) else { break };
                these.push(PlayedMove {
                    hand: hand.number,
                    player,
                    notation: m.notation(self.spec.rules.holes_per_row),
                    pass: m == Move::PASS,
                    effect,
                });
            }
            these.extend(out);
            out = these;
        }
        let skip = out.len().saturating_sub(count);
        out.split_off(skip)
    }

    /// A hand's game at its first position (`None`: not set up).
    fn hand_start(&self, hand: &Hand) -> Option<Game> {
        match (
            hand.first_arranger,
            &hand.arrangement.south,
            &hand.arrangement.north,
        ) {
            (None, _, _) => Some(Game::new(self.spec.rules, hand.first_mover)),
            (Some(_), Some(s), Some(n)) => {
                let setup = Setup {
                    board: s.iter().chain(n).map(|&x| x as i64).collect(),
                    to_move: Some(hand.first_mover),
                    captured: Some([hand.kept.south as i64, hand.kept.north as i64]),
                    ..Setup::default()
                };
                Game::from_setup(&setup, self.spec.rules).ok()
            }
            _ => None,
        }
    }

    /// Hand `number`'s game as its moves left it (its final position once it ended by
    /// play); `None` for a hand that was not set up (entered as a result, awaiting its
    /// arrangement, or never begun).
    pub fn hand_game(&self, number: u32) -> Option<Game> {
        let hand = self.hands.get(number.checked_sub(1)? as usize)?;
        let mut game = self.hand_start(hand)?;
        for m in &hand.moves {
            game.play(*m).ok()?;
        }
        Some(game)
    }

    /// The last move made, in whichever hand (players alternate, a pass included).
    pub fn last_move(&self) -> Option<LastMove> {
        let hand = self.hands.iter().rev().find(|h| !h.moves.is_empty())?;
        let i = hand.moves.len() - 1;
        Some(LastMove {
            hand: hand.number,
            player: if i % 2 == 0 {
                hand.first_mover
            } else {
                !hand.first_mover
            },
            notation: hand.moves[i].notation(self.spec.rules.holes_per_row),
        })
    }

    /// Events applied so far.
    pub fn event_count(&self) -> u32 {
        self.events
    }

    pub fn awaiting(&self) -> Awaiting {
        if self.outcome.is_some() {
            return Awaiting::None;
        }
        let hand = self.current_hand();
        match (&self.game, hand.first_arranger) {
            (Some(g), _) => Awaiting::Move(g.to_move()),
            (None, Some(first)) => {
                if hand.arrangement[first].is_none() {
                    Awaiting::Arrangement(first)
                } else {
                    Awaiting::Arrangement(!first)
                }
            }
            (None, None) => unreachable!("a hand without a game is a rearranged hand"),
        }
    }

    /// The seeds `side` must place now, if it is their arrangement.
    pub fn seeds_to_place(&self, side: Side) -> Option<u32> {
        match self.awaiting() {
            Awaiting::Arrangement(s) if s == side => {
                let hand = self.current_hand();
                let first = hand.first_arranger?;
                Some(hand.holdings[first])
            }
            _ => None,
        }
    }

    /// What an engine is asked when it must arrange.
    pub fn arrange_request(&self) -> Option<ArrangeRequest> {
        let Awaiting::Arrangement(side) = self.awaiting() else {
            return None;
        };
        let hand = self.current_hand();
        Some(ArrangeRequest {
            rules: self.spec.rules,
            side,
            seeds: self.seeds_to_place(side)?,
            opponent_row: hand.arrangement[!side].clone(),
            kept: hand.kept,
            first_mover: hand.first_mover,
        })
    }

    /// The events that rebuild this match, in order.
    pub fn events(&self) -> Vec<Event> {
        let mut out = Vec::with_capacity(self.events as usize);
        for hand in &self.hands {
            out.extend(hand_events(hand));
        }
        out
    }

    fn over_error(&self) -> Option<MatchError> {
        self.outcome.map(|o| {
            MatchError::Over(match (self.closing, o) {
                (Some(Closing::Forfeit(Absent::Both)), _) => {
                    "forfeited by both players".to_string()
                }
                (Some(Closing::Forfeit(absent)), _) => {
                    format!("forfeited, {} absent", absent.name())
                }
                (Some(Closing::Void), _) => "void (annulled by a correction)".to_string(),
                (_, MatchOutcome::Winner(s)) => format!("{s} won"),
                (_, MatchOutcome::Draw) => "drawn".to_string(),
            })
        })
    }

    /// Reads a move in notation (`1..N` or `pass`) for the side to move now.
    pub fn parse_move(&self, text: &str) -> Result<Move, MatchError> {
        let awaiting = self.awaiting();
        let (Awaiting::Move(side), Some(game)) = (awaiting, &self.game) else {
            if let Some(e) = self.over_error() {
                return Err(e);
            }
            return Err(out_of_turn(awaiting, "a move"));
        };
        Move::parse(text, side, self.spec.rules.holes_per_row).map_err(|_| {
            let n = self.spec.rules.holes_per_row;
            MatchError::IllegalMove(PlayError {
                notation: text.trim().to_string(),
                legal: game.legal_moves().iter().map(|m| m.notation(n)).collect(),
                over: false,
            })
        })
    }

    /// Takes back the last move made by a human player (`humans[side]`), with every
    /// event after it (the engine replies). Returns the number of events taken back.
    pub fn undo_last_human_move(&mut self, humans: BySide<bool>) -> Result<usize, MatchError> {
        if let Some(e) = self.over_error() {
            return Err(e);
        }
        let events = self.events();
        let mut replay = MatchState::new(self.spec.clone());
        let mut last = None;
        for (i, event) in events.iter().enumerate() {
            if let (Event::Move(_), Awaiting::Move(side)) = (event, replay.awaiting())
                && humans[side]
            {
                last = Some(i);
            }
            replay.apply(event)?;
        }
        let Some(cut) = last else {
            return Err(MatchError::Spec(
                "there is no move of a human player to take back".to_string(),
            ));
        };
        *self = MatchState::replay(self.spec.clone(), events[..cut].iter().cloned())?;
        Ok(events.len() - cut)
    }

    /// Applies one event; on error the match is unchanged.
    pub fn apply(&mut self, event: &Event) -> Result<(), MatchError> {
        if let Some(e) = self.over_error() {
            return Err(e);
        }
        let awaiting = self.awaiting();
        match event {
            Event::Move(m) => {
                let Awaiting::Move(_) = awaiting else {
                    return Err(out_of_turn(awaiting, "a move"));
                };
                let game = self.game.as_mut().expect("awaiting a move");
                game.play(*m)?;
                self.events += 1;
                let hand = self.hands.last_mut().expect("hand");
                hand.moves.push(*m);
                if let Some(o) = game.outcome() {
                    hand.end = Some(HandEnd::Game(o.end));
                    hand.score = Some(o.score);
                    self.end_hand();
                }
            }
            Event::Arrange { side, row } => {
                let Awaiting::Arrangement(expected) = awaiting else {
                    return Err(out_of_turn(awaiting, "an arrangement"));
                };
                if *side != expected {
                    return Err(out_of_turn(awaiting, &format!("{side}'s arrangement")));
                }
                let seeds = self.seeds_to_place(*side).expect("arranging");
                check_row(&self.spec.rules, *side, row, seeds)?;
                self.events += 1;
                let hand = self.hands.last_mut().expect("hand");
                hand.arrangement[*side] = Some(row.clone());
                if let (Some(s), Some(n)) = (&hand.arrangement.south, &hand.arrangement.north) {
                    let board: Vec<i64> = s.iter().chain(n).map(|&x| x as i64).collect();
                    let setup = Setup {
                        board,
                        to_move: Some(hand.first_mover),
                        captured: Some([hand.kept.south as i64, hand.kept.north as i64]),
                        ..Setup::default()
                    };
                    let game = Game::from_setup(&setup, self.spec.rules)
                        .map_err(|e| MatchError::Arrangement(e.to_string()))?;
                    let over = game.outcome();
                    self.game = Some(game);
                    if let Some(o) = over {
                        let hand = self.hands.last_mut().expect("hand");
                        hand.end = Some(HandEnd::Game(o.end));
                        hand.score = Some(o.score);
                        self.end_hand();
                    }
                }
            }
            Event::Result(score) => {
                let hand = self.current_hand();
                let total = u64::from(hand.holdings.south) + u64::from(hand.holdings.north);
                // In u64: two huge u32 scores must not overflow.
                let sum = u64::from(score.south) + u64::from(score.north);
                if sum != total {
                    return Err(MatchError::Result(format!(
                        "scores {} + {} = {sum} seeds, but this hand has {total} seeds in play",
                        score.south, score.north,
                    )));
                }
                let floor = match &self.game {
                    Some(g) => g.position().captured(),
                    None => hand.kept,
                };
                for side in Side::BOTH {
                    if score[side] < floor[side] {
                        return Err(MatchError::Result(format!(
                            "{side} already holds {} seeds in this hand (captured or kept); a score of {} is impossible",
                            floor[side], score[side]
                        )));
                    }
                }
                self.events += 1;
                let hand = self.hands.last_mut().expect("hand");
                hand.end = Some(HandEnd::Entered);
                hand.score = Some(*score);
                self.end_hand();
            }
        }
        Ok(())
    }

    /// The current hand has just ended: decide the match or set up the next hand.
    fn end_hand(&mut self) {
        let hand = self.current_hand().clone();
        let score = hand.score.expect("ended hand has a score");
        match self.spec.form.games() {
            Some(n) => {
                if hand.number >= n {
                    self.outcome = Some(games_outcome(&self.hands));
                    return;
                }
                let first = if hand.number.is_multiple_of(2) {
                    self.spec.first
                } else {
                    !self.spec.first
                };
                let game = Game::new(self.spec.rules, first);
                self.hands.push(ordinary_hand(hand.number + 1, &game));
                self.game = Some(game);
            }
            None => {
                let t = self.spec.threshold();
                let low = |s: Side| score[s] < t;
                if low(Side::South) || low(Side::North) {
                    self.outcome = Some(if low(Side::South) && low(Side::North) {
                        by_more(score)
                    } else if low(Side::South) {
                        MatchOutcome::Winner(Side::North)
                    } else {
                        MatchOutcome::Winner(Side::South)
                    });
                    return;
                }
                if self.spec.max_hands.is_some_and(|m| hand.number >= m) {
                    self.outcome = Some(by_more(score));
                    return;
                }
                let first = match score.south.cmp(&score.north) {
                    std::cmp::Ordering::Less => Side::South,
                    std::cmp::Ordering::Greater => Side::North,
                    std::cmp::Ordering::Equal => !hand.first_mover,
                };
                let mut kept = BySide::new(0, 0);
                kept[!first] = score[!first] - score[first];
                let first_mover = match self.spec.rules.hand_opener {
                    HandOpener::Arranger => first,
                    HandOpener::Other => !first,
                    HandOpener::Alternate => !hand.first_mover,
                };
                self.hands.push(Hand {
                    number: hand.number + 1,
                    first_mover,
                    holdings: score,
                    kept,
                    arrangement: BySide::default(),
                    first_arranger: Some(first),
                    moves: Vec::new(),
                    end: None,
                    score: None,
                });
                self.game = None;
            }
        }
    }

    /// Plays every engine turn until a human is awaited or the match is over.
    /// `engines[side]` is `Some(level)` for an engine player. Each decision uses an
    /// engine seeded from the match seed, the side and the event number, so a match
    /// replays exactly however often it was interrupted. Returns the events made.
    pub fn play_engines(&mut self, engines: BySide<Option<Level>>, seed: u64) -> Vec<Event> {
        let mut made = Vec::new();
        while let Some(event) = self.engine_event(engines, seed) {
            self.apply(&event)
                .expect("an engine player chose a legal move or arrangement");
            made.push(event);
        }
        made
    }

    /// The next decision if an engine player is awaited (see [`MatchState::play_engines`]);
    /// `None` when a human is awaited or the match is over. Does not change the match.
    pub fn engine_event(&self, engines: BySide<Option<Level>>, seed: u64) -> Option<Event> {
        let side = self.awaiting().side()?;
        let level = engines[side]?;
        let mut player = EnginePlayer::new(level, decision_seed(seed, side, self.events));
        Some(match self.awaiting() {
            Awaiting::Move(_) => Event::Move(player.choose_move(self.game.as_ref()?)),
            Awaiting::Arrangement(_) => Event::Arrange {
                side,
                row: player.choose_arrangement(&self.arrange_request()?),
            },
            Awaiting::None => return None,
        })
    }

    /// The match status (RULES.md §9 position + the `match` object of `match state`).
    pub fn status(&self, id: i64) -> MatchStatus {
        let hand = self.current_hand();
        let position = match &self.game {
            Some(g) => TraceLine::of_game(g),
            None => {
                let n = self.spec.rules.holes_per_row as usize;
                let mut board = vec![0u16; 2 * n];
                for side in Side::BOTH {
                    if let Some(row) = &hand.arrangement[side] {
                        board[side.index() * n..(side.index() + 1) * n].copy_from_slice(row);
                    }
                }
                // A hand entered as a result without being set up: shown as over.
                let result = hand.score.map(|score| TraceResult {
                    score,
                    winner: hand.winner().map_or("draw", Side::name).to_string(),
                    end: HandEnd::Entered.name().to_string(),
                });
                TraceLine {
                    ply: 0,
                    to_move: hand.first_mover,
                    board,
                    uur: vec![None; 2 * n],
                    captured: hand.kept,
                    legal: Vec::new(),
                    over: result.is_some(),
                    result,
                }
            }
        };
        let mut position = position;
        if hand.end == Some(HandEnd::Entered) {
            position.over = true;
            position.legal.clear();
            position.result = hand.score.map(|score| TraceResult {
                score,
                winner: hand.winner().map_or("draw", Side::name).to_string(),
                end: HandEnd::Entered.name().to_string(),
            });
        }
        if self.closing.is_some() {
            // Forfeited or decided off the system: nothing more is played here.
            position.over = true;
            position.legal.clear();
        }
        let awaiting = self.awaiting();
        MatchStatus {
            position,
            r#match: MatchInfo {
                id,
                variant: self.spec.variant.clone(),
                hand: hand.number,
                last_move: self.last_move(),
                holdings: hand.holdings,
                kept: hand.kept,
                awaiting: AwaitingJson {
                    kind: awaiting.kind(),
                    player: awaiting.side(),
                },
                winner: match self.closing {
                    Some(Closing::Forfeit(Absent::Both) | Closing::Void) => None,
                    _ => self.outcome.map(MatchOutcome::name),
                },
                absent: match self.closing {
                    Some(Closing::Forfeit(absent)) => Some(absent),
                    _ => None,
                },
                entered: matches!(self.closing, Some(Closing::Entered { .. })),
                void: self.closing == Some(Closing::Void),
            },
        }
    }

    /// The finished (or interrupted) match as a record.
    pub fn into_record(self, seed: u64, engines: BySide<Option<Level>>) -> MatchRecord {
        MatchRecord {
            spec: self.spec,
            seed,
            engines,
            hands: self.hands,
            outcome: self.outcome,
        }
    }
}

/// `match state --format json`: a §9 position object plus a `match` key.
#[derive(Clone, Debug, Serialize)]
pub struct MatchStatus {
    #[serde(flatten)]
    pub position: TraceLine,
    pub r#match: MatchInfo,
}

/// A move as made, with what it did (for the lines a player reads after it).
#[derive(Clone, Debug)]
pub struct PlayedMove {
    pub hand: u32,
    pub player: Side,
    pub notation: String,
    pub pass: bool,
    pub effect: crate::engine::MoveEffect,
}

impl PlayedMove {
    /// "captures 7 (5 from the opponent's row)", "makes two Uurs", "passes",
    /// "captures nothing".
    pub fn what_it_did(&self) -> String {
        let e = &self.effect;
        if self.pass {
            return "passes".to_string();
        }
        let mut parts = Vec::new();
        if e.laps > 1 {
            let relays = match e.laps - 1 {
                1 => "once".to_string(),
                2 => "twice".to_string(),
                k => format!("{k} times"),
            };
            parts.push(format!("sows {} laps (relays {relays})", e.laps));
        }
        if e.uurs_made {
            parts.push("makes two Uurs".to_string());
        }
        if e.captured > 0 {
            let from = match e.captured_from_opponent_row {
                0 => " (from the mover's own row)".to_string(),
                k if k == e.captured => String::new(),
                k => format!(" ({k} from the opponent's row)"),
            };
            parts.push(format!("captures {}{from}", e.captured));
        }
        if e.captured == 0 && !e.uurs_made {
            parts.push("captures nothing".to_string());
        }
        parts.join(" and ")
    }
}

/// The last move made in a match (after an engine's reply, the engine's), so that a
/// person copying the match onto a real board can follow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastMove {
    pub hand: u32,
    pub player: Side,
    /// In notation: the hole number in the mover's row, or `pass`.
    #[serde(rename = "move")]
    pub notation: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct MatchInfo {
    pub id: i64,
    pub variant: String,
    pub hand: u32,
    /// `None` before the first move.
    pub last_move: Option<LastMove>,
    pub holdings: BySide<u32>,
    pub kept: BySide<u32>,
    pub awaiting: AwaitingJson,
    /// `None` while in play, and for a double forfeit (nobody won).
    pub winner: Option<&'static str>,
    /// Forfeited: who was absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub absent: Option<Absent>,
    /// The whole match's result was entered (played off the system).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub entered: bool,
    /// Annulled by a correction: no result counts.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub void: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct AwaitingJson {
    pub kind: &'static str,
    pub player: Option<Side>,
}

/// A whole match with how it was played.
#[derive(Clone, Debug)]
pub struct MatchRecord {
    pub spec: MatchSpec,
    pub seed: u64,
    pub engines: BySide<Option<Level>>,
    pub hands: Vec<Hand>,
    pub outcome: Option<MatchOutcome>,
}

/// Plays a whole match between two engine players in memory. The same `spec`,
/// levels and seed give the same match as playing it through the store.
pub fn play_engine_match(spec: MatchSpec, levels: BySide<Level>, seed: u64) -> MatchRecord {
    let engines = levels.map(Some);
    let mut state = MatchState::new(spec);
    state.play_engines(engines, seed);
    debug_assert!(state.is_over());
    state.into_record(seed, engines)
}

/// An arena series whose games are whole matches of `spec` (its `first` is
/// ignored): in match `i`, A holds South when `i` is even and North when it is odd,
/// and South moves first in the first hand, so each engine starts half the matches as
/// the first hand's first mover. A match's seed is derived from `seed` and `i`; the
/// record's scores are the seeds each player holds at the end of the match, its
/// points the match result. Reproducible from `seed`, whatever `jobs`.
pub fn arena_matches(
    spec: &MatchSpec,
    a: Level,
    b: Level,
    games: u32,
    seed: u64,
    jobs: usize,
) -> crate::ai::arena::ArenaResult {
    crate::ai::arena::run_with(games, jobs, |i| arena_match(spec, a, b, seed, i))
}

/// Match `i` of [`arena_matches`]' series (depending on nothing else).
pub fn arena_match(
    spec: &MatchSpec,
    a: Level,
    b: Level,
    seed: u64,
    i: u32,
) -> crate::ai::arena::GameRecord {
    use crate::ai::arena::{self, GameRecord};
    let a_side = if i.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let spec = MatchSpec {
        first: Side::South,
        ..spec.clone()
    };
    let mut levels = BySide::new(b, b);
    levels[a_side] = a;
    let record = play_engine_match(spec, levels, arena::mix(seed, i as u64, 0x3A7C));
    let last = record.hands.last().expect("a match has a hand");
    let held = last.score.unwrap_or(last.holdings);
    GameRecord {
        game: i,
        a_side,
        opening: Vec::new(),
        score_a: held[a_side],
        score_b: held[!a_side],
        points_a: match record.outcome {
            Some(MatchOutcome::Winner(w)) if w == a_side => 1.0,
            Some(MatchOutcome::Winner(_)) => 0.0,
            _ => 0.5,
        },
        plies: record.hands.iter().map(|h| h.moves.len() as u32).sum(),
        hands: record.hands.len() as u32,
    }
}

/// The seed of one engine decision: a SplitMix64 mix of the match seed, the side
/// and the number of events before the decision.
pub fn decision_seed(seed: u64, side: Side, event: u32) -> u64 {
    use crate::seeds::{GOLDEN, SECOND, finish};
    finish(
        seed ^ (side.index() as u64 + 1).wrapping_mul(GOLDEN) ^ (event as u64).wrapping_mul(SECOND),
    )
}

/// The events of one hand in replay order: arrangements (first arranger first),
/// moves, then an entered result.
pub fn hand_events(hand: &Hand) -> Vec<Event> {
    let mut out = Vec::new();
    if let Some(first) = hand.first_arranger {
        for side in [first, !first] {
            if let Some(row) = &hand.arrangement[side] {
                out.push(Event::Arrange {
                    side,
                    row: row.clone(),
                });
            }
        }
    }
    out.extend(hand.moves.iter().map(|&m| Event::Move(m)));
    if hand.end == Some(HandEnd::Entered) {
        out.push(Event::Result(hand.score.expect("entered hand has a score")));
    }
    out
}

/// Parses `3,1,1,1,2,4` (commas and/or spaces).
pub fn parse_row(text: &str) -> Result<Vec<u16>, MatchError> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u16>().map_err(|_| {
                MatchError::Arrangement(format!(
                    "'{}' is not a seed count; an arrangement is seed counts per hole, e.g. 3,1,1,1,2,4",
                    crate::names::excerpt(s)
                ))
            })
        })
        .collect()
}

fn ordinary_hand(number: u32, game: &Game) -> Hand {
    let pos = game.position();
    Hand {
        number,
        first_mover: pos.to_move(),
        holdings: BySide::new(pos.row_total(Side::South), pos.row_total(Side::North)),
        kept: BySide::new(0, 0),
        arrangement: BySide::default(),
        first_arranger: None,
        moves: Vec::new(),
        end: None,
        score: None,
    }
}

fn check_row(rules: &Rules, side: Side, row: &[u16], seeds: u32) -> Result<(), MatchError> {
    let n = rules.holes_per_row as usize;
    let err = |m: String| Err(MatchError::Arrangement(m));
    if row.len() != n {
        return err(format!(
            "an arrangement needs {n} seed counts (one per hole of {side}'s row); got {}",
            row.len()
        ));
    }
    if let Some(k) = row.iter().position(|&s| s == 0) {
        return err(format!(
            "hole {} of the arrangement is empty; every hole needs at least 1 seed",
            k + 1
        ));
    }
    let total: u32 = row.iter().map(|&s| s as u32).sum();
    if total != seeds {
        return err(format!(
            "the arrangement places {total} seeds; {side} must place exactly {seeds}"
        ));
    }
    Ok(())
}

fn out_of_turn(awaiting: Awaiting, got: &str) -> MatchError {
    let awaiting = match awaiting {
        Awaiting::Move(s) => format!("a move by {s}"),
        Awaiting::Arrangement(s) => format!("{s}'s arrangement"),
        Awaiting::None => "nothing".to_string(),
    };
    MatchError::OutOfTurn {
        awaiting,
        got: got.to_string(),
    }
}

fn by_more(score: BySide<u32>) -> MatchOutcome {
    match score.south.cmp(&score.north) {
        std::cmp::Ordering::Greater => MatchOutcome::Winner(Side::South),
        std::cmp::Ordering::Less => MatchOutcome::Winner(Side::North),
        std::cmp::Ordering::Equal => MatchOutcome::Draw,
    }
}

/// `single` / `games:N`: more game wins, then more seeds over all games, else a draw.
fn games_outcome(hands: &[Hand]) -> MatchOutcome {
    let mut wins = BySide::new(0u32, 0u32);
    let mut seeds = BySide::new(0u32, 0u32);
    for h in hands {
        if let Some(w) = h.winner() {
            wins[w] += 1;
        }
        if let Some(s) = h.score {
            seeds.south += s.south;
            seeds.north += s.north;
        }
    }
    match wins.south.cmp(&wins.north) {
        std::cmp::Ordering::Greater => MatchOutcome::Winner(Side::South),
        std::cmp::Ordering::Less => MatchOutcome::Winner(Side::North),
        std::cmp::Ordering::Equal => by_more(seeds),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Layli Goobalay hands match under `opener` whose hand 1 ended 18-30 (South, the
    /// poorer, arranges first in hand 2).
    fn rearranged(opener: HandOpener) -> MatchState {
        let mut v = Variant::preset("layli-goobalay").unwrap();
        v.rules.hand_opener = opener;
        let spec = MatchSpec::new(&v, MatchForm::Hands, None, Side::South).unwrap();
        let mut m = MatchState::new(spec);
        m.apply(&Event::Result(BySide::new(18, 30))).unwrap();
        m
    }

    /// Both sides arrange 3 seeds in every hole, `first` first.
    fn arrange_both(m: &mut MatchState, first: Side) {
        for side in [first, !first] {
            m.apply(&Event::Arrange {
                side,
                row: vec![3; 6],
            })
            .unwrap();
        }
    }

    /// RULES.md §3 point 5 and its [option] (point 10): who opens a rearranged hand.
    #[test]
    fn the_rule_set_says_who_moves_first_in_a_rearranged_hand() {
        for (opener, expected) in [
            // Hand 1: South moved first and ends with 18 of 48, so South (the poorer)
            // arranges first in hand 2.
            (HandOpener::Arranger, Side::South),
            (HandOpener::Other, Side::North),
            (HandOpener::Alternate, Side::North),
        ] {
            let mut m = rearranged(opener);
            let hand = m.current_hand();
            assert_eq!(hand.first_arranger, Some(Side::South), "{opener:?}");
            assert_eq!(hand.first_mover, expected, "{opener:?}");
            arrange_both(&mut m, Side::South);
            assert_eq!(m.awaiting(), Awaiting::Move(expected), "{opener:?}");
        }
        // With Alternate, hand 3 goes back to South (North opened hand 2), whoever
        // arranges.
        let mut m = rearranged(HandOpener::Alternate);
        arrange_both(&mut m, Side::South);
        m.apply(&Event::Result(BySide::new(34, 14))).unwrap();
        assert_eq!(m.current_hand().first_arranger, Some(Side::North));
        assert_eq!(m.current_hand().first_mover, Side::South);
    }

    fn spec(form: MatchForm, max_hands: Option<u32>) -> MatchSpec {
        let v = Variant::preset("layli-goobalay").unwrap();
        MatchSpec::new(&v, form, max_hands, Side::South).unwrap()
    }

    #[test]
    fn moves_text_is_the_notation_of_each_move() {
        // 2x12 rows: two-digit hole numbers; indices of both rows; a pass.
        let moves = vec![
            Move::from_hole(0),
            Move::from_hole(8),
            Move::from_hole(9),
            Move::PASS,
            Move::from_hole(23),
            Move::from_hole(12),
        ];
        let hand = Hand {
            number: 1,
            first_mover: Side::South,
            holdings: BySide::new(0, 0),
            kept: BySide::new(0, 0),
            arrangement: BySide::new(None, None),
            first_arranger: None,
            moves: moves.clone(),
            end: None,
            score: None,
        };
        assert_eq!(hand.moves_text(12), "1 9 10 pass 12 1");
        let joined: Vec<String> = moves.iter().map(|m| m.notation(12)).collect();
        assert_eq!(hand.moves_text(12), joined.join(" "));
        assert_eq!(
            Hand {
                moves: Vec::new(),
                ..hand
            }
            .moves_text(6),
            ""
        );
    }

    #[test]
    fn forms_parse_and_refuse() {
        assert_eq!(MatchForm::parse("games:3").unwrap(), MatchForm::Games(3));
        assert_eq!(MatchForm::parse("Single").unwrap(), MatchForm::Single);
        for bad in ["games:0", "games:", "games:x", "best-of-3", ""] {
            assert!(MatchForm::parse(bad).is_err(), "{bad}");
        }
        let v = Variant::preset("modiar").unwrap();
        assert!(MatchSpec::new(&v, MatchForm::Single, Some(3), Side::South).is_err());
    }

    #[test]
    fn entered_results_carry_over_and_rearrange() {
        let mut m = MatchState::new(spec(MatchForm::Hands, None));
        assert_eq!(m.awaiting(), Awaiting::Move(Side::South));
        m.apply(&Event::Result(BySide::new(30, 18))).unwrap();
        // North is poorer: North arranges all 18, South places 18 and keeps 12.
        assert_eq!(m.awaiting(), Awaiting::Arrangement(Side::North));
        let hand = m.current_hand();
        assert_eq!((hand.number, hand.holdings), (2, BySide::new(30, 18)));
        assert_eq!(hand.kept, BySide::new(12, 0));
        assert_eq!(hand.first_mover, Side::North);
        // A wrong total, a zero and a short row are refused; nothing changes.
        for row in [vec![3, 3, 3, 3, 3, 4], vec![0, 3, 3, 3, 3, 6], vec![9, 9]] {
            let e = Event::Arrange {
                side: Side::North,
                row,
            };
            assert!(m.apply(&e).is_err());
        }
        let south_first = Event::Arrange {
            side: Side::South,
            row: vec![3; 6],
        };
        assert!(matches!(
            m.apply(&south_first),
            Err(MatchError::OutOfTurn { .. })
        ));
        assert_eq!(m.event_count(), 1);
        m.apply(&Event::Arrange {
            side: Side::North,
            row: vec![3, 1, 1, 1, 2, 10],
        })
        .unwrap();
        assert_eq!(m.awaiting(), Awaiting::Arrangement(Side::South));
        m.apply(&Event::Arrange {
            side: Side::South,
            row: vec![3; 6],
        })
        .unwrap();
        assert_eq!(m.awaiting(), Awaiting::Move(Side::North));
        let pos = m.game().unwrap().position();
        assert_eq!(pos.board(), &[3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 2, 10]);
        assert_eq!(pos.captured(), BySide::new(12, 0));
        // South ends with fewer than 6: North wins the match.
        m.apply(&Event::Result(BySide::new(5, 43))).unwrap_err();
        m.apply(&Event::Result(BySide::new(13, 35))).unwrap();
        m.apply(&Event::Result(BySide::new(43, 5))).unwrap_err();
        // Hand 3: South poorer (13), kept 22 for North.
        assert_eq!(m.current_hand().kept, BySide::new(0, 22));
        m.apply(&Event::Result(BySide::new(5, 43))).unwrap();
        assert_eq!(m.outcome(), Some(MatchOutcome::Winner(Side::North)));
        assert_eq!(m.awaiting(), Awaiting::None);
        assert!(matches!(
            m.apply(&Event::Result(BySide::new(24, 24))),
            Err(MatchError::Over(_))
        ));
        // The events rebuild the same match.
        let again = MatchState::replay(m.spec().clone(), m.events()).unwrap();
        assert_eq!(again.hands(), m.hands());
        assert_eq!(again.outcome(), m.outcome());
    }

    #[test]
    fn equal_holdings_the_previous_second_mover_arranges_first() {
        let mut m = MatchState::new(spec(MatchForm::Hands, None));
        m.apply(&Event::Result(BySide::new(24, 24))).unwrap();
        assert_eq!(m.awaiting(), Awaiting::Arrangement(Side::North));
        assert_eq!(m.current_hand().kept, BySide::new(0, 0));
    }

    #[test]
    fn max_hands_more_seeds_wins_equal_draws() {
        let mut m = MatchState::new(spec(MatchForm::Hands, Some(1)));
        m.apply(&Event::Result(BySide::new(25, 23))).unwrap();
        assert_eq!(m.outcome(), Some(MatchOutcome::Winner(Side::South)));
        let mut m = MatchState::new(spec(MatchForm::Hands, Some(1)));
        m.apply(&Event::Result(BySide::new(24, 24))).unwrap();
        assert_eq!(m.outcome(), Some(MatchOutcome::Draw));
    }

    #[test]
    fn games_form_alternates_and_counts_wins_then_seeds() {
        let mut m = MatchState::new(spec(MatchForm::Games(3), None));
        assert_eq!(m.awaiting(), Awaiting::Move(Side::South));
        m.apply(&Event::Result(BySide::new(34, 14))).unwrap();
        assert_eq!(m.awaiting(), Awaiting::Move(Side::North));
        assert_eq!(m.current_hand().holdings, BySide::new(24, 24));
        m.apply(&Event::Result(BySide::new(20, 28))).unwrap();
        assert_eq!(m.awaiting(), Awaiting::Move(Side::South));
        m.apply(&Event::Result(BySide::new(24, 24))).unwrap();
        // One win each, one draw: seeds 84 to 60, South.
        assert_eq!(m.outcome(), Some(MatchOutcome::Winner(Side::South)));
    }

    #[test]
    fn engine_matches_are_reproducible_and_conserve_seeds() {
        let levels = BySide::new(Level::Greedy, Level::Random);
        let a = play_engine_match(spec(MatchForm::Hands, None), levels, 11);
        let b = play_engine_match(spec(MatchForm::Hands, None), levels, 11);
        assert_eq!(a.hands, b.hands);
        assert!(a.outcome.is_some());
        for h in &a.hands {
            let s = h.score.unwrap();
            assert_eq!(s.south + s.north, 48);
            assert_eq!(
                h.kept.south + h.kept.north,
                h.holdings.south.abs_diff(h.holdings.north)
            );
        }
        // Interrupting after every event and resuming from the events gives the same.
        let engines = levels.map(Some);
        let mut m = MatchState::new(spec(MatchForm::Hands, None));
        while !m.is_over() {
            let side = m.awaiting().side().unwrap();
            let mut only = BySide::new(None, None);
            only[side] = engines[side];
            let made = m.play_engines(only, 11);
            assert!(!made.is_empty());
            m = MatchState::replay(m.spec().clone(), m.events()).unwrap();
        }
        assert_eq!(m.hands(), &a.hands[..]);
    }

    #[test]
    fn arena_of_matches_is_reproducible_and_each_game_is_a_whole_match() {
        let spec = spec(MatchForm::Hands, None);
        let one = arena_matches(&spec, Level::Greedy, Level::Random, 4, 9, 1);
        let two = arena_matches(&spec, Level::Greedy, Level::Random, 4, 9, 2);
        let key = |r: &crate::ai::arena::ArenaResult| {
            r.games
                .iter()
                .map(|g| (g.a_side, g.score_a, g.score_b, g.points_a, g.hands, g.plies))
                .collect::<Vec<_>>()
        };
        assert_eq!(key(&one), key(&two), "same seed, same matches, any jobs");
        assert_eq!(one.wins + one.draws + one.losses, 4);
        assert_ne!(
            key(&one),
            key(&arena_matches(
                &spec,
                Level::Greedy,
                Level::Random,
                4,
                10,
                1
            ))
        );
        for (i, g) in one.games.iter().enumerate() {
            let a_side = if i % 2 == 0 { Side::South } else { Side::North };
            assert_eq!(g.a_side, a_side);
            // Game i is the match an engine match with the derived seed plays.
            let mut levels = BySide::new(Level::Random, Level::Random);
            levels[a_side] = Level::Greedy;
            let record = play_engine_match(
                spec.clone(),
                levels,
                crate::ai::arena::mix(9, i as u64, 0x3A7C),
            );
            assert_eq!(g.hands, record.hands.len() as u32);
            let last = record.hands.last().unwrap().score.unwrap();
            assert_eq!((g.score_a, g.score_b), (last[a_side], last[!a_side]));
            // A hands match ends when a player holds fewer than a row's holes.
            assert!(g.score_a.min(g.score_b) < 6);
            let won = record.outcome == Some(MatchOutcome::Winner(a_side));
            assert_eq!(g.points_a == 1.0, won);
        }
    }
}
