//! Players' reports of their results: `report_codes` (a code's SHA-256, whose it is),
//! `match_reports` (every report, who, when, what, from where) and
//! `report_decisions` (a result stored from reports). Added, never updated.

pub(crate) use crate::app::repo::ReportRepo;

use chrono::{DateTime, Utc};

use crate::app::records::{Claim, MatchReport, NewMatchReport, ReportCodeRow, ReportDecision};
use crate::engine::BySide;
use crate::matches::MatchOutcome;
use crate::store::sql::{AsConn, Row, query, query_scalar};
use crate::store::{Result, StoreError};

const REPORT_COLUMNS: &str =
    "r.id, r.match_id, r.player_id, r.code_id, c.player_id AS code_player_id,
     c.tournament_id AS code_tournament_id, r.result, r.seeds_south, r.seeds_north, r.client,
     r.reported_at
     FROM match_reports r JOIN report_codes c ON c.id = r.code_id";

impl<C: AsConn> ReportRepo for C {
    async fn insert_report_codes(
        &mut self,
        tournament: i64,
        codes: &[(i64, String)],
        at: DateTime<Utc>,
    ) -> Result<()> {
        for (player, digest) in codes {
            query(
                "INSERT INTO report_codes (tournament_id, player_id, code_sha256, issued_at)
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(tournament)
            .bind(*player)
            .bind(digest.as_str())
            .bind(at)
            .execute(&mut *self)
            .await?;
        }
        Ok(())
    }

    async fn report_code(&mut self, digest: &str) -> Result<Option<ReportCodeRow>> {
        let Some(row) = query(
            "SELECT c.id, c.tournament_id, c.player_id,
                    (SELECT MAX(l.id) FROM report_codes l
                     WHERE l.tournament_id = c.tournament_id AND l.player_id = c.player_id) AS latest
             FROM report_codes c WHERE c.code_sha256 = $1",
        )
        .bind(digest)
        .fetch_optional(&mut *self)
        .await?
        else {
            return Ok(None);
        };
        let id: i64 = row.try_get("id")?;
        let latest: i64 = row.try_get("latest")?;
        Ok(Some(ReportCodeRow {
            id,
            tournament_id: row.try_get("tournament_id")?,
            player_id: row.try_get("player_id")?,
            latest: latest == id,
        }))
    }

    async fn insert_match_report(&mut self, new: &NewMatchReport<'_>) -> Result<i64> {
        let seeds = new.claim.seeds;
        Ok(query_scalar(
            "INSERT INTO match_reports (match_id, player_id, code_id, result, seeds_south,
                 seeds_north, client, reported_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(new.match_id)
        .bind(new.player_id)
        .bind(new.code_id)
        .bind(new.claim.result.name())
        .bind(seeds.map(|s| i64::from(s.south)))
        .bind(seeds.map(|s| i64::from(s.north)))
        .bind(new.client)
        .bind(new.at)
        .fetch_one(&mut *self)
        .await?)
    }

    async fn match_report(&mut self, id: i64) -> Result<Option<MatchReport>> {
        query(format!("SELECT {REPORT_COLUMNS} WHERE r.id = $1"))
            .bind(id)
            .fetch_optional(&mut *self)
            .await?
            .map(|r| report(&r))
            .transpose()
    }

    async fn match_reports(&mut self, id: i64) -> Result<Vec<MatchReport>> {
        query(format!(
            "SELECT {REPORT_COLUMNS} WHERE r.match_id = $1 ORDER BY r.id"
        ))
        .bind(id)
        .fetch_all(&mut *self)
        .await?
        .iter()
        .map(report)
        .collect()
    }

    async fn tournament_reports(&mut self, tournament: i64) -> Result<Vec<MatchReport>> {
        query(format!(
            "SELECT {REPORT_COLUMNS} WHERE c.tournament_id = $1 ORDER BY r.id"
        ))
        .bind(tournament)
        .fetch_all(&mut *self)
        .await?
        .iter()
        .map(report)
        .collect()
    }

    async fn insert_report_decision(&mut self, d: &ReportDecision) -> Result<()> {
        query(
            "INSERT INTO report_decisions (match_id, report_id, confirmed_by, decided_at)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(d.match_id)
        .bind(d.report_id)
        .bind(d.confirmed_by)
        .bind(d.decided_at)
        .execute(&mut *self)
        .await?;
        Ok(())
    }

    async fn report_decisions(&mut self, tournament: i64) -> Result<Vec<ReportDecision>> {
        let rows = query(
            "SELECT d.match_id, d.report_id, d.confirmed_by, d.decided_at
             FROM report_decisions d JOIN matches m ON m.id = d.match_id
             WHERE m.tournament_id = $1 ORDER BY d.match_id",
        )
        .bind(tournament)
        .fetch_all(&mut *self)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ReportDecision {
                    match_id: r.try_get("match_id")?,
                    report_id: r.try_get("report_id")?,
                    confirmed_by: r.try_get("confirmed_by")?,
                    decided_at: r.try_get("decided_at")?,
                })
            })
            .collect()
    }
}

fn report(r: &Row) -> Result<MatchReport> {
    let id: i64 = r.try_get("id")?;
    let corrupt = |what: &str| StoreError::Corrupt(format!("report {id}: {what} out of range"));
    let result: String = r.try_get("result")?;
    let seed = |column: &str| -> Result<Option<u32>> {
        let v: Option<i64> = r.try_get(column)?;
        v.map(|v| u32::try_from(v).map_err(|_| corrupt(column)))
            .transpose()
    };
    let seeds = match (seed("seeds_south")?, seed("seeds_north")?) {
        (Some(s), Some(n)) => Some(BySide::new(s, n)),
        (None, None) => None,
        _ => return Err(corrupt("seeds")),
    };
    Ok(MatchReport {
        id,
        match_id: r.try_get("match_id")?,
        player_id: r.try_get("player_id")?,
        code_id: r.try_get("code_id")?,
        code_player_id: r.try_get("code_player_id")?,
        code_tournament_id: r.try_get("code_tournament_id")?,
        claim: Claim {
            result: MatchOutcome::parse(&result).ok_or_else(|| corrupt("result"))?,
            seeds,
        },
        client: r.try_get("client")?,
        reported_at: r.try_get("reported_at")?,
    })
}
