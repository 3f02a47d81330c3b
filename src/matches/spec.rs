//! What a match is: its form (`MatchForm`) and spec (`MatchSpec`), fixed before play begins.

use super::MatchError;
use crate::engine::{HandOpener, Rules, Side, Variant};

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
    pub(crate) const MAX_GAMES: u32 = 999;

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

    /// Whether a match of this form counts the sum of its games' seeds (a `games:N`
    /// match; a single game's sum is its one game's).
    pub fn sums_games(self) -> bool {
        matches!(self, MatchForm::Games(_))
    }

    /// What one game of the match is called: a `hands` match plays hands (the
    /// seeds carried over), a `single` or `games:N` match games (each from the setup).
    pub fn game_noun(self) -> (&'static str, &'static str) {
        match self {
            MatchForm::Hands => ("hand", "hands"),
            MatchForm::Single | MatchForm::Games(_) => ("game", "games"),
        }
    }

    /// How many games a `single` or `games:N` match plays (`None`: a `hands` match,
    /// which plays until a player is too poor to go on).
    pub fn games(self) -> Option<u32> {
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

    /// Who moves first in game `game` (from 1) of a `single` or `games:N` match:
    /// the match's first mover in games 1, 3, 5, ..., the other in games 2, 4, ...
    /// (`None`: a `hands` match, whose hands after the first are opened as the
    /// previous hand's result decides).
    pub fn first_mover_of_game(&self, game: u32) -> Option<Side> {
        self.form.games()?;
        Some(if game % 2 == 1 {
            self.first
        } else {
            !self.first
        })
    }

    /// Seeds below which a player loses a `hands` match: the holes of one row.
    pub fn threshold(&self) -> u32 {
        self.rules.holes_per_row as u32
    }
}
