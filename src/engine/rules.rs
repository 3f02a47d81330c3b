//! A rule set is a value: every way in which the six games differ is a field here.
//!
//! The presets follow `RULES.md` §3–§7; a custom rule set is read from a TOML or JSON
//! file with the same field names ([`RuleFile`]) and checked by [`RuleFile::validate`].

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Largest board: 2 rows of this many holes.
pub(crate) const MAX_HOLES_PER_ROW: usize = 16;
/// Hole indices run `0..MAX_HOLES`.
pub const MAX_HOLES: usize = 2 * MAX_HOLES_PER_ROW;
/// RULES.md §2: a move needing a 1,001st lift is endless and not legal.
pub(crate) const DEFAULT_MAX_LIFTS: u32 = 1000;

/// How the seeds of one lift are sown (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sowing {
    /// The move ends when the seeds lifted are all sown.
    SingleLap,
    /// A last seed landing in an occupied, non-Uur hole lifts that hole and sows on.
    Relay,
}

/// Which holes a counting capture may take from (RULES.md §5, §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRows {
    /// Modiar: the last hole and the chain may be in either row.
    Both,
    /// Tihbat: the last seed must land in the mover's row and the chain stays there.
    Own,
}

/// What happens when the sowing ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// Last seed in an empty hole of the mover's row takes the opposite hole
    /// (Layli Goobalay, Tampoduo, Sadeqa).
    Opposite {
        /// The last seed sown is captured with the opposite hole (not in Sadeqa).
        with_last_seed: bool,
        /// An opposite hole holding exactly this many makes a pair of Uurs instead
        /// (Layli Goobalay: 3). `None`: the variant has no Uurs.
        uur_at: Option<u16>,
    },
    /// The last hole and, backwards along the sowing path, each hole holding one of
    /// `counts` seeds are captured (Modiar, Tihbat).
    Counts {
        /// Bit `c` set: a hole holding `c` seeds (c < 64) is captured.
        counts: u64,
        rows: CaptureRows,
    },
}

/// When the game ends for want of moves (RULES.md §2 "Passing", §3–§7 "End").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndRule {
    /// Layli Goobalay, Tampoduo: as soon as a move leaves either player without a move.
    EitherPlayerStuck,
    /// Modiar, Sadeqa: when the player to move has no legal move.
    PlayerToMoveStuck,
    /// Tihbat: only when every seed has been captured; a stuck player passes.
    AllCaptured,
}

/// Who moves first in a rearranged hand of a multi-hand match (RULES.md §3 point 5
/// and its \[option\], a real switch by point 10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandOpener {
    /// The player who arranged first (the rule book's default).
    #[default]
    Arranger,
    /// The other player: the one who arranged second.
    Other,
    /// Whoever did not move first in the hand before.
    Alternate,
}

impl HandOpener {
    pub fn name(self) -> &'static str {
        match self {
            HandOpener::Arranger => "arranger",
            HandOpener::Other => "other",
            HandOpener::Alternate => "alternate",
        }
    }

    fn is_default(&self) -> bool {
        *self == HandOpener::Arranger
    }
}

/// Who gets the seeds still on the board when the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Remaining {
    /// Each player takes their own row (and the Uurs they own, wherever they are).
    OwnRow,
    /// Everything goes to the player who made the last move.
    LastMover,
    /// Split evenly between the players.
    SplitEvenly,
}

/// A checked rule set. Small and `Copy` so that positions can carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub holes_per_row: u8,
    pub seeds_per_hole: u16,
    /// A hole must hold at least this many seeds to be moved (Modiar: 2).
    pub min_seeds_to_move: u16,
    /// The first seed lifted at the start of a move goes back into the origin.
    pub origin_first: bool,
    pub sowing: Sowing,
    /// A sowing that would need more lifts than this is endless, so not a legal move.
    pub max_lifts: u32,
    pub capture: Capture,
    /// `false`: the very first move of a game (ply 0) captures nothing (Modiar).
    pub first_move_captures: bool,
    /// A move that captures from the opponent's row and leaves it empty is forbidden.
    pub forbid_grand_slam: bool,
    /// A player facing an empty opposing row must leave it non-empty if they can.
    pub must_feed: bool,
    /// A player without a legal move passes instead of ending the game.
    pub pass_when_stuck: bool,
    pub end: EndRule,
    /// Distribution of the board when the game ends for want of moves.
    pub remaining: Remaining,
    /// Distribution of the board when the game ends by repetition.
    pub on_repetition: Remaining,
    /// Multi-hand matches: who moves first in a rearranged hand.
    pub hand_opener: HandOpener,
}

/// Largest `max_lifts` a rule file may set: it bounds the work of checking one move.
pub(crate) const MAX_LIFTS_LIMIT: u32 = 100_000;

/// The preset variants, in the order `goobalay variants` lists them.
pub const VARIANT_NAMES: [&str; 6] = [
    "layli-goobalay",
    "tampoduo",
    "modiar",
    "tihbat",
    "sadeqa-iii",
    "sadeqa-91",
];

/// A named rule set: a preset or one read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub name: String,
    pub summary: String,
    pub rules: Rules,
}

impl Rules {
    pub const fn holes(&self) -> usize {
        2 * self.holes_per_row as usize
    }

    /// This rule set as one reference shared by every position played under it: a
    /// position carries a pointer, not a copy, so that the search's copy-make and
    /// take-back move a few words less on every node. Each distinct rule set is kept
    /// for the life of the process (a handful: the presets and any rule files read).
    pub(crate) fn interned(self) -> &'static Rules {
        static INTERNED: std::sync::Mutex<Vec<&'static Rules>> = std::sync::Mutex::new(Vec::new());
        let mut kept = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&rules) = kept.iter().find(|&&r| *r == self) {
            return rules;
        }
        let rules: &'static Rules = Box::leak(Box::new(self));
        kept.push(rules);
        rules
    }

    pub const fn has_uurs(&self) -> bool {
        matches!(
            self.capture,
            Capture::Opposite {
                uur_at: Some(_),
                ..
            }
        )
    }

    /// Legality needs the whole move played out (grand slam, feeding), not only
    /// the sowing's end.
    pub const fn needs_whole_move_for_legality(&self) -> bool {
        self.forbid_grand_slam || self.must_feed
    }

    /// Seeds on the board at the ordinary setup.
    pub const fn total_seeds(&self) -> u32 {
        self.holes() as u32 * self.seeds_per_hole as u32
    }

    pub(crate) const fn layli_goobalay() -> Rules {
        Rules {
            holes_per_row: 6,
            seeds_per_hole: 4,
            min_seeds_to_move: 1,
            origin_first: false,
            sowing: Sowing::Relay,
            max_lifts: DEFAULT_MAX_LIFTS,
            capture: Capture::Opposite {
                with_last_seed: true,
                uur_at: Some(3),
            },
            first_move_captures: true,
            forbid_grand_slam: false,
            must_feed: false,
            pass_when_stuck: false,
            end: EndRule::EitherPlayerStuck,
            remaining: Remaining::OwnRow,
            on_repetition: Remaining::OwnRow,
            hand_opener: HandOpener::Arranger,
        }
    }

    pub const fn tampoduo() -> Rules {
        Rules {
            capture: Capture::Opposite {
                with_last_seed: true,
                uur_at: None,
            },
            ..Rules::layli_goobalay()
        }
    }

    pub const fn modiar() -> Rules {
        Rules {
            holes_per_row: 3,
            seeds_per_hole: 7,
            min_seeds_to_move: 2,
            origin_first: true,
            sowing: Sowing::SingleLap,
            max_lifts: DEFAULT_MAX_LIFTS,
            capture: Capture::Counts {
                counts: (1 << 2) | (1 << 4) | (1 << 6),
                rows: CaptureRows::Both,
            },
            first_move_captures: false,
            forbid_grand_slam: true,
            must_feed: true,
            pass_when_stuck: false,
            end: EndRule::PlayerToMoveStuck,
            remaining: Remaining::OwnRow,
            on_repetition: Remaining::OwnRow,
            hand_opener: HandOpener::Arranger,
        }
    }

    pub const fn tihbat() -> Rules {
        Rules {
            holes_per_row: 2,
            seeds_per_hole: 7,
            min_seeds_to_move: 1,
            origin_first: true,
            sowing: Sowing::SingleLap,
            max_lifts: DEFAULT_MAX_LIFTS,
            capture: Capture::Counts {
                counts: (1 << 2) | (1 << 4) | (1 << 6) | (1 << 8),
                rows: CaptureRows::Own,
            },
            first_move_captures: true,
            forbid_grand_slam: false,
            must_feed: false,
            pass_when_stuck: true,
            end: EndRule::AllCaptured,
            remaining: Remaining::SplitEvenly,
            on_repetition: Remaining::SplitEvenly,
            hand_opener: HandOpener::Arranger,
        }
    }

    pub(crate) const fn sadeqa_iii() -> Rules {
        Rules {
            holes_per_row: 8,
            seeds_per_hole: 6,
            min_seeds_to_move: 1,
            origin_first: false,
            sowing: Sowing::Relay,
            max_lifts: DEFAULT_MAX_LIFTS,
            capture: Capture::Opposite {
                with_last_seed: false,
                uur_at: None,
            },
            first_move_captures: true,
            forbid_grand_slam: false,
            must_feed: false,
            pass_when_stuck: false,
            end: EndRule::PlayerToMoveStuck,
            remaining: Remaining::LastMover,
            on_repetition: Remaining::OwnRow,
            hand_opener: HandOpener::Arranger,
        }
    }

    pub(crate) const fn sadeqa_91() -> Rules {
        Rules {
            seeds_per_hole: 4,
            ..Rules::sadeqa_iii()
        }
    }
}

/// A game's other name, as (other name, preset): taken by [`Variant::preset`] and
/// shown beside the preset ([`Variant::other_names`]).
const OTHER_NAMES: &[(&str, &str)] = &[("ayo-jodu", "tampoduo")];

/// Short forms of a preset's name, taken by [`Variant::preset`] but not shown.
const SHORT_FORMS: &[(&str, &str)] = &[("layli", "layli-goobalay"), ("goobalay", "layli-goobalay")];

impl Variant {
    /// A preset by name, by another name of the game (`ayo-jodu` is Tampoduo's) or a
    /// short form (`layli`).
    pub fn preset(name: &str) -> Option<Variant> {
        let lowered = name.trim().to_ascii_lowercase();
        let name = OTHER_NAMES
            .iter()
            .chain(SHORT_FORMS)
            .find(|(alias, _)| *alias == lowered)
            .map_or(lowered.as_str(), |(_, preset)| preset);
        let (name, summary, rules) = match name {
            "layli-goobalay" => (
                "layli-goobalay",
                "Somaliland; relay sowing, captures opposite, a 3 opposite makes two Uurs",
                Rules::layli_goobalay(),
            ),
            "tampoduo" => (
                "tampoduo",
                "Layli Goobalay's children's form (Ayo J'odu): relay sowing, no Uurs",
                Rules::tampoduo(),
            ),
            "modiar" => (
                "modiar",
                "origin first, single lap, captures 2/4/6 backwards across both rows",
                Rules::modiar(),
            ),
            "tihbat" => (
                "tihbat",
                "origin first, single lap, captures 2/4/6/8 on the mover's side, passing",
                Rules::tihbat(),
            ),
            "sadeqa-iii" => (
                "sadeqa-iii",
                "relay sowing, captures opposite leaving the last seed; board to last mover",
                Rules::sadeqa_iii(),
            ),
            "sadeqa-91" => (
                "sadeqa-91",
                "Sadeqa III with four seeds a hole (Pankhurst's Game 91)",
                Rules::sadeqa_91(),
            ),
            _ => return None,
        };
        Some(Variant {
            name: name.to_string(),
            summary: summary.to_string(),
            rules,
        })
    }

    /// The game's other names (Tampoduo is also Ayo J'odu), which
    /// [`Variant::preset`] takes too.
    pub fn other_names(&self) -> impl Iterator<Item = &'static str> {
        OTHER_NAMES
            .iter()
            .filter(|(_, preset)| *preset == self.name)
            .map(|(alias, _)| *alias)
    }

    pub fn presets() -> Vec<Variant> {
        VARIANT_NAMES
            .iter()
            .map(|n| Variant::preset(n).expect("preset"))
            .collect()
    }

    /// Reads a custom rule set from a TOML or JSON file (by its extension; TOML otherwise).
    pub fn from_file_text(text: &str, json: bool) -> Result<Variant, RulesError> {
        RuleFile::parse(text, json)?.validate()
    }

    /// Reads a rule set stored with a match or tournament (JSON). Unlike
    /// [`Variant::from_file_text`] it takes the name as it was stored: a record made
    /// before names were checked ([`RuleFile::validate`]) stays readable.
    pub fn from_recorded_json(text: &str) -> Result<Variant, RulesError> {
        RuleFile::parse(text, true)?.validate_recorded()
    }

    pub fn to_file(&self) -> RuleFile {
        RuleFile::from_variant(self)
    }

    /// The rule set in words, one rule a line (`goobalay rules`).
    pub fn describe(&self) -> Vec<String> {
        describe(&self.rules)
    }
}

/// Why a rule file was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RulesError {
    #[error("rule file does not parse: {0}")]
    Parse(String),
    #[error("invalid rule set: {0}")]
    Invalid(String),
}

/// The rule file format (TOML or JSON). Every field is required except `summary`,
/// `max_lifts` (default 1000), `hand_opener` (default `arranger`) and the capture
/// kind's optional fields.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RuleFile {
    pub name: String,
    #[serde(default)]
    pub summary: String,
    pub holes_per_row: u32,
    pub seeds_per_hole: u32,
    pub min_seeds_to_move: u32,
    pub origin_first: bool,
    pub sowing: Sowing,
    #[serde(default = "default_max_lifts")]
    pub max_lifts: u32,
    pub capture: CaptureFile,
    pub first_move_captures: bool,
    pub forbid_grand_slam: bool,
    pub must_feed: bool,
    pub pass_when_stuck: bool,
    pub end: EndRule,
    pub remaining: Remaining,
    pub on_repetition: Remaining,
    /// Optional: `arranger` (the default), `other` or `alternate`.
    #[serde(default, skip_serializing_if = "HandOpener::is_default")]
    pub hand_opener: HandOpener,
}

fn default_max_lifts() -> u32 {
    DEFAULT_MAX_LIFTS
}

/// The `capture` table of a rule file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum CaptureFile {
    Opposite {
        with_last_seed: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        uur_at: Option<u32>,
    },
    Counts {
        counts: Vec<u32>,
        rows: CaptureRows,
    },
}

impl RuleFile {
    pub(crate) fn from_variant(variant: &Variant) -> RuleFile {
        let r = &variant.rules;
        RuleFile {
            name: variant.name.clone(),
            summary: variant.summary.clone(),
            holes_per_row: r.holes_per_row.into(),
            seeds_per_hole: r.seeds_per_hole.into(),
            min_seeds_to_move: r.min_seeds_to_move.into(),
            origin_first: r.origin_first,
            sowing: r.sowing,
            max_lifts: r.max_lifts,
            capture: match r.capture {
                Capture::Opposite {
                    with_last_seed,
                    uur_at,
                } => CaptureFile::Opposite {
                    with_last_seed,
                    uur_at: uur_at.map(u32::from),
                },
                Capture::Counts { counts, rows } => CaptureFile::Counts {
                    counts: (0..64).filter(|c| counts & (1u64 << c) != 0).collect(),
                    rows,
                },
            },
            first_move_captures: r.first_move_captures,
            forbid_grand_slam: r.forbid_grand_slam,
            must_feed: r.must_feed,
            pass_when_stuck: r.pass_when_stuck,
            end: r.end,
            remaining: r.remaining,
            on_repetition: r.on_repetition,
            hand_opener: r.hand_opener,
        }
    }

    fn parse(text: &str, json: bool) -> Result<RuleFile, RulesError> {
        if json {
            serde_json::from_str(text).map_err(|e| RulesError::Parse(e.to_string()))
        } else {
            toml::from_str(text).map_err(|e| RulesError::Parse(e.message().to_string()))
        }
    }

    /// Checks every field and the combinations the engine cannot play. The name is
    /// a name people read in tables: it is stored trimmed and in NFC, and refused if
    /// longer than [`crate::names::MAX_NAME_CHARS`] characters or holding a control,
    /// invisible or text-direction character ([`crate::names::clean`]); the summary
    /// may have `MAX_SUMMARY_CHARS` characters, none of those either.
    pub fn validate(&self) -> Result<Variant, RulesError> {
        let name = crate::names::clean(&self.name, "a rule set's name")
            .map_err(|e| RulesError::Invalid(e.to_string()))?;
        let summary = self.summary.trim();
        let summary_chars = summary.chars().count();
        if summary_chars > MAX_SUMMARY_CHARS {
            return Err(RulesError::Invalid(format!(
                "summary has {summary_chars} characters; allowed: at most {MAX_SUMMARY_CHARS}"
            )));
        }
        if let Some((at, c)) = summary
            .chars()
            .enumerate()
            .find(|&(_, c)| crate::names::is_forbidden(c))
        {
            return Err(RulesError::Invalid(format!(
                "summary holds U+{:04X} (character {}); control characters, invisible characters and text-direction controls are not allowed",
                u32::from(c),
                at + 1
            )));
        }
        let mut variant = self.validate_recorded()?;
        variant.name = name;
        variant.summary = summary.to_string();
        Ok(variant)
    }

    /// [`RuleFile::validate`] without the checks of the name and summary (see
    /// [`Variant::from_recorded_json`]).
    fn validate_recorded(&self) -> Result<Variant, RulesError> {
        let bad = |msg: String| Err(RulesError::Invalid(msg));
        if self.name.trim().is_empty() {
            return bad("name must not be empty".into());
        }
        if self.holes_per_row == 0 || self.holes_per_row as usize > MAX_HOLES_PER_ROW {
            return bad(format!(
                "holes_per_row is {}; allowed: 1 to {MAX_HOLES_PER_ROW}",
                self.holes_per_row
            ));
        }
        if self.seeds_per_hole == 0 {
            return bad("seeds_per_hole is 0; allowed: 1 or more".into());
        }
        let total = 2 * self.holes_per_row * self.seeds_per_hole;
        if self.seeds_per_hole > u16::MAX as u32 || total > MAX_SEEDS {
            return bad(format!(
                "{} seeds in play is too many; allowed: at most {MAX_SEEDS}",
                2 * self.holes_per_row as u64 * self.seeds_per_hole as u64
            ));
        }
        if self.min_seeds_to_move == 0 || self.min_seeds_to_move > u16::MAX as u32 {
            return bad(format!(
                "min_seeds_to_move is {}; allowed: 1 to {}",
                self.min_seeds_to_move,
                u16::MAX
            ));
        }
        if self.max_lifts == 0 || self.max_lifts > MAX_LIFTS_LIMIT {
            return bad(format!(
                "max_lifts is {}; allowed: 1 to {MAX_LIFTS_LIMIT}",
                self.max_lifts
            ));
        }
        let capture = match &self.capture {
            CaptureFile::Opposite {
                with_last_seed,
                uur_at,
            } => {
                if let Some(at) = uur_at
                    && (*at == 0 || *at > u16::MAX as u32)
                {
                    return bad(format!(
                        "capture.uur_at is {at}; allowed: 1 to {}",
                        u16::MAX
                    ));
                }
                Capture::Opposite {
                    with_last_seed: *with_last_seed,
                    uur_at: uur_at.map(|a| a as u16),
                }
            }
            CaptureFile::Counts { counts, rows } => {
                if counts.is_empty() {
                    return bad(
                        "capture.counts is empty; give at least one count, e.g. [2, 4, 6]".into(),
                    );
                }
                let mut mask = 0u64;
                for &c in counts {
                    if c == 0 || c > 63 {
                        return bad(format!("capture.counts holds {c}; allowed: 1 to 63"));
                    }
                    mask |= 1 << c;
                }
                if self.sowing == Sowing::Relay {
                    return bad("a counts capture walks back along one lap: it needs sowing = \"single-lap\"".into());
                }
                Capture::Counts {
                    counts: mask,
                    rows: *rows,
                }
            }
        };
        if self.pass_when_stuck != (self.end == EndRule::AllCaptured) {
            return bad(
                "pass_when_stuck = true goes with end = \"all-captured\", and only with it".into(),
            );
        }
        let splits = [self.remaining, self.on_repetition].contains(&Remaining::SplitEvenly);
        if splits {
            let even_captures = matches!(&self.capture, CaptureFile::Counts { counts, .. } if counts.iter().all(|c| c % 2 == 0));
            if !even_captures {
                return bad("\"split-evenly\" needs a counts capture of even counts only, so the seeds left are always even".into());
            }
        }
        let rules = Rules {
            holes_per_row: self.holes_per_row as u8,
            seeds_per_hole: self.seeds_per_hole as u16,
            min_seeds_to_move: self.min_seeds_to_move as u16,
            origin_first: self.origin_first,
            sowing: self.sowing,
            max_lifts: self.max_lifts,
            capture,
            first_move_captures: self.first_move_captures,
            forbid_grand_slam: self.forbid_grand_slam,
            must_feed: self.must_feed,
            pass_when_stuck: self.pass_when_stuck,
            end: self.end,
            remaining: self.remaining,
            on_repetition: self.on_repetition,
            hand_opener: self.hand_opener,
        };
        Ok(Variant {
            name: self.name.trim().to_string(),
            summary: self.summary.clone(),
            rules,
        })
    }
}

/// Longest summary of a rule file, in characters.
pub(super) const MAX_SUMMARY_CHARS: usize = 1000;

/// Most seeds a game may hold (board and captured): hole counts are `u16`.
pub(crate) const MAX_SEEDS: u32 = u16::MAX as u32;

impl Rules {
    /// How the end rule handed out the seeds left on the board, for a game that
    /// ended for `reason`: "each player takes the seeds of their own row (...)".
    pub fn end_words(&self, reason: crate::engine::EndReason) -> &'static str {
        match reason {
            crate::engine::EndReason::Repetition => remaining_words(self.on_repetition),
            _ => remaining_words(self.remaining),
        }
    }
}

fn remaining_words(r: Remaining) -> &'static str {
    match r {
        Remaining::OwnRow => {
            "each player takes the seeds of their own row (and of the Uurs they own)"
        }
        Remaining::LastMover => "every seed on the board goes to the player who made the last move",
        Remaining::SplitEvenly => "the seeds on the board are split evenly",
    }
}

fn describe(r: &Rules) -> Vec<String> {
    let mut lines = vec![format!(
        "Board: 2 x {} holes, {} seeds each ({} in play).",
        r.holes_per_row,
        r.seeds_per_hole,
        r.total_seeds()
    )];
    lines.push(if r.min_seeds_to_move > 1 {
        format!(
            "Moves: a hole of your row holding at least {} seeds.",
            r.min_seeds_to_move
        )
    } else if r.has_uurs() {
        "Moves: any hole of your row that holds seeds and is not an Uur.".into()
    } else {
        "Moves: any hole of your row that holds seeds.".into()
    });
    let mut sow =
        String::from("Sowing: counter-clockwise, one seed a hole, the origin never skipped");
    if r.origin_first {
        sow.push_str("; the first seed goes back into the origin");
    }
    match r.sowing {
        Sowing::SingleLap => sow.push_str("; a single lap."),
        Sowing::Relay => sow.push_str(&format!(
            "; relay: a last seed landing in an occupied hole{} lifts it and sows on. A move needing more than {} lifts is endless and not legal.",
            if r.has_uurs() { " (not an Uur)" } else { "" },
            r.max_lifts
        )),
    }
    lines.push(sow);
    match r.capture {
        Capture::Opposite {
            with_last_seed,
            uur_at,
        } => {
            let mut c = String::from(
                "Capture: a last seed in an empty hole of your row takes the seeds of the opposite hole",
            );
            c.push_str(if with_last_seed {
                " and the last seed."
            } else {
                "; the last seed stays."
            });
            lines.push(c);
            if let Some(at) = uur_at {
                lines.push(format!("Uurs: if the opposite hole holds exactly {at}, one seed moves across and both holes become your Uurs: never moved from, relayed from or captured; their seeds are yours at the end."));
            }
        }
        Capture::Counts { counts, rows } => {
            let list: Vec<String> = (0..64)
                .filter(|c| counts & (1u64 << c) != 0)
                .map(|c| c.to_string())
                .collect();
            lines.push(match rows {
                CaptureRows::Both => format!("Capture: if the last seed makes its hole (either row) hold {}, take it, then walk back along the sowing path taking each hole that holds {} until one does not.", list.join("/"), list.join("/")),
                CaptureRows::Own => format!("Capture: if the last seed makes a hole of your own row hold {}, take it, then walk back along the path while the holes are in your row and hold {}.", list.join("/"), list.join("/")),
            });
        }
    }
    if !r.first_move_captures {
        lines.push("First move: the very first move of a game captures nothing.".into());
    }
    if r.forbid_grand_slam {
        lines.push("Grand slam: a move that captures from the opponent's row and leaves it empty is forbidden.".into());
    }
    if r.must_feed {
        lines.push("Feeding: facing an empty row, you must leave it with seeds if you can.".into());
    }
    lines.push(match r.end {
        EndRule::EitherPlayerStuck => "End: as soon as either player has no legal move.".into(),
        EndRule::PlayerToMoveStuck => "End: when the player to move has no legal move.".into(),
        EndRule::AllCaptured => {
            "End: when every seed is captured; a player with no move passes.".into()
        }
    });
    lines.push(format!("At the end {}.", remaining_words(r.remaining)));
    lines.push(format!(
        "Repetition: a position seen before in the game ends it at once; {}.",
        remaining_words(r.on_repetition)
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_file_may_choose_who_opens_a_rearranged_hand() {
        let preset = Variant::preset("layli-goobalay").unwrap();
        let text = toml::to_string(&preset.to_file()).unwrap();
        // The default is not written: rule sets recorded before the switch read the same.
        assert!(!text.contains("hand_opener"), "{text}");
        // A top-level key goes before the first table ([capture]).
        let with = |value: &str| {
            text.replace(
                "name = \"layli-goobalay\"",
                &format!("name = \"layli-alt\"\nhand_opener = \"{value}\""),
            )
        };
        for (value, opener) in [
            ("arranger", HandOpener::Arranger),
            ("other", HandOpener::Other),
            ("alternate", HandOpener::Alternate),
        ] {
            let v = Variant::from_file_text(&with(value), false).unwrap();
            assert_eq!(v.rules.hand_opener, opener, "{}", with(value));
        }
        assert!(Variant::from_file_text(&with("loser"), false).is_err());
    }

    #[test]
    fn presets_round_trip_through_rule_files() {
        for v in Variant::presets() {
            let text = toml::to_string(&v.to_file()).unwrap();
            let back = Variant::from_file_text(&text, false).unwrap();
            assert_eq!(back, v, "{text}");
        }
    }

    #[test]
    fn a_presets_other_names_are_the_ones_it_is_found_by() {
        let tampoduo = Variant::preset(" Ayo-Jodu").unwrap();
        assert_eq!(tampoduo.name, "tampoduo");
        assert_eq!(tampoduo.other_names().collect::<Vec<_>>(), ["ayo-jodu"]);
        // A short form finds the preset but is not another name of the game.
        let layli = Variant::preset("layli").unwrap();
        assert_eq!(layli.name, "layli-goobalay");
        assert_eq!(layli.other_names().count(), 0);
        for v in Variant::presets() {
            for other in v.other_names() {
                assert_eq!(Variant::preset(other).unwrap(), v);
            }
        }
    }

    #[test]
    fn ayo_jodu_is_tampoduo() {
        assert_eq!(
            Variant::preset("ayo-jodu").unwrap().rules,
            Rules::tampoduo()
        );
    }

    fn layli_file() -> RuleFile {
        Variant::preset("layli-goobalay").unwrap().to_file()
    }

    #[test]
    fn a_board_with_no_holes_is_refused() {
        let mut f = layli_file();
        f.holes_per_row = 0;
        let err = f.validate().unwrap_err().to_string();
        assert!(err.contains("holes_per_row is 0"), "{err}");
    }

    #[test]
    fn an_empty_count_list_is_refused() {
        let mut f = Variant::preset("modiar").unwrap().to_file();
        f.capture = CaptureFile::Counts {
            counts: vec![],
            rows: CaptureRows::Both,
        };
        let err = f.validate().unwrap_err().to_string();
        assert!(err.contains("capture.counts is empty"), "{err}");
    }

    #[test]
    fn an_unknown_key_is_refused() {
        let mut text = toml::to_string(&layli_file()).unwrap();
        text.insert_str(0, "colour = \"red\"\n");
        let err = Variant::from_file_text(&text, false)
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown field `colour`"), "{err}");
    }

    #[test]
    fn a_wrong_type_is_refused() {
        let text = toml::to_string(&layli_file())
            .unwrap()
            .replace("holes_per_row = 6", "holes_per_row = \"six\"");
        let err = Variant::from_file_text(&text, false)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("holes_per_row") || err.contains("invalid type"),
            "{err}"
        );
    }

    #[test]
    fn json_rule_files_work() {
        let text = serde_json::to_string(&layli_file()).unwrap();
        assert_eq!(
            Variant::from_file_text(&text, true).unwrap().rules,
            Rules::layli_goobalay()
        );
    }

    /// A position carries one shared copy of its rules: rule sets that differ in a
    /// single setting stay apart, and the same rules are shared, not copied again.
    #[test]
    fn positions_keep_their_own_rules() {
        use crate::engine::{Position, Side};
        let layli = Rules::layli_goobalay();
        let more_lifts = Rules {
            max_lifts: layli.max_lifts + 1,
            ..layli
        };
        let first = Position::new(layli, Side::South);
        let second = Position::new(more_lifts, Side::North);
        assert_eq!(*first.rules(), layli);
        assert_eq!(*second.rules(), more_lifts);
        let again = Position::new(layli, Side::North);
        assert!(std::ptr::eq(first.rules(), again.rules()));
    }
}
