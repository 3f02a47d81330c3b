//! Players' reports of their results (`report_codes`, `match_reports`,
//! `report_decisions`).

use std::future::Future;

use chrono::{DateTime, Utc};

use super::Result;
use crate::app::records::{MatchReport, NewMatchReport, ReportCodeRow, ReportDecision};

/// The reports' rows: codes, reports and decisions are added, never changed.
pub trait ReportRepo {
    /// Stores the SHA-256 (hex) of a new code for each `(player, digest)` of
    /// tournament `tournament`, issued at `at`.
    fn insert_report_codes(
        &mut self,
        tournament: i64,
        codes: &[(i64, String)],
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// The code whose SHA-256 is `digest` (`None`: no such code).
    fn report_code(&mut self, digest: &str) -> impl Future<Output = Result<Option<ReportCodeRow>>>;

    /// Adds a report; returns its id.
    fn insert_match_report(
        &mut self,
        report: &NewMatchReport<'_>,
    ) -> impl Future<Output = Result<i64>>;

    /// Report `id` (`None`: no such report).
    fn match_report(&mut self, id: i64) -> impl Future<Output = Result<Option<MatchReport>>>;

    /// The reports of match `id`, oldest first.
    fn match_reports(&mut self, id: i64) -> impl Future<Output = Result<Vec<MatchReport>>>;

    /// The reports made with tournament `tournament`'s codes, oldest first.
    fn tournament_reports(
        &mut self,
        tournament: i64,
    ) -> impl Future<Output = Result<Vec<MatchReport>>>;

    /// Records that match `match_id`'s result was stored from report `report_id`.
    fn insert_report_decision(
        &mut self,
        decision: &ReportDecision,
    ) -> impl Future<Output = Result<()>>;

    /// The results of tournament `tournament`'s matches stored from reports.
    fn report_decisions(
        &mut self,
        tournament: i64,
    ) -> impl Future<Output = Result<Vec<ReportDecision>>>;
}
