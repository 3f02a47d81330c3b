//! Players' own reports of their results (`report_codes`, `match_reports`,
//! `report_decisions`): rows added, never changed.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::engine::BySide;
use crate::matches::MatchOutcome;

/// A report code as stored (only its SHA-256 is): whose it is, and whether it is its
/// holder's latest (printing codes again replaces the earlier ones).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportCodeRow {
    pub id: i64,
    pub tournament_id: i64,
    pub player_id: i64,
    pub latest: bool,
}

/// What a player says their match's result was: the winner (or a draw), with the
/// final seeds if they gave them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Claim {
    #[serde(serialize_with = "outcome_name")]
    pub result: MatchOutcome,
    pub seeds: Option<BySide<u32>>,
}

impl Claim {
    /// The result a closing claims: a winner or a draw with its seeds (`None`: a
    /// forfeit or a void claims none).
    pub fn of_closing(closing: crate::matches::Closing) -> Option<Claim> {
        match closing {
            crate::matches::Closing::Entered { outcome, seeds } => Some(Claim {
                result: outcome,
                seeds,
            }),
            _ => None,
        }
    }
}

fn outcome_name<S: serde::Serializer>(o: &MatchOutcome, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(o.name())
}

/// A report to add.
#[derive(Clone, Debug)]
pub struct NewMatchReport<'a> {
    pub match_id: i64,
    pub player_id: i64,
    pub code_id: i64,
    pub claim: Claim,
    /// The address the report came from, as the server saw it.
    pub client: &'a str,
    pub at: DateTime<Utc>,
}

/// A report as stored, with its code's holder and tournament (which `verify` checks
/// against the reporter and the match).
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    pub id: i64,
    pub match_id: i64,
    pub player_id: i64,
    #[serde(skip)]
    pub code_id: i64,
    #[serde(skip)]
    pub code_player_id: i64,
    #[serde(skip)]
    pub code_tournament_id: i64,
    #[serde(flatten)]
    pub claim: Claim,
    #[serde(skip)]
    pub client: String,
    pub reported_at: DateTime<Utc>,
}

/// A result stored from reports: the report taken, and the opponent's matching
/// report that confirmed it (`None`: the director accepted it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportDecision {
    pub match_id: i64,
    pub report_id: i64,
    pub confirmed_by: Option<i64>,
    pub decided_at: DateTime<Utc>,
}
