//! What the audit (`goobalay verify`, `app::verify`) reads: every record as
//! stored, column by column where a damaged or hand-edited value must be named rather
//! than refused.
//!
//! Where the other repositories refuse a record at its first inconsistency
//! (`app::stored_match`), these methods hand over what is there and
//! leave the judging to the application layer: a column that cannot be read comes as
//! what could not be read (a hand's columns, a time the decoder refuses), for the
//! audit to name. A column the audit does not name when it cannot be read is read
//! with `?`, and its error ends the audit.

pub(crate) use crate::app::repo::{
    AuditRepo, ByeRecord, EntryRecord, HandRecord, MatchCreated, NameKeyRecord, TournamentAuditRow,
    TournamentMatchRecord, UnreadableTime,
};
pub(crate) use crate::app::repo::{PostponementRecord, StorageFindings, VoidedMatch};

use chrono::{DateTime, Utc};

use crate::app::records::{FixtureRowSink, TournamentRow};
use crate::engine::BySide;
use crate::matches::Closing;
use crate::store::sql::{AsConn, Row, query, query_scalar};
use crate::store::tournaments::load::{StoredTournament, fixture_rows_from_tables, from_tables};
use crate::store::{MATCH_SELECT, MatchRow, Result, outcome_column, read_closing};

/// The hand columns the audit reads, in the order selected: the integers, then the
/// texts.
const HAND_COLUMNS: [&str; 14] = [
    "number",
    "holdings_south",
    "holdings_north",
    "kept_south",
    "kept_north",
    "move_count",
    "score_south",
    "score_north",
    "first_mover",
    "first_arranger",
    "arrangement_south",
    "arrangement_north",
    "moves",
    "end_reason",
];

/// A match's hands, [`HAND_COLUMNS`] of each.
const HAND_SELECT: &str = "SELECT number, holdings_south, holdings_north, kept_south, kept_north,
        move_count, score_south, score_north, first_mover, first_arranger,
        arrangement_south, arrangement_north, moves, end_reason
    FROM hands WHERE match_id = $1 ORDER BY number";

impl HandRecord {
    /// A row of [`HAND_COLUMNS`], read by position (the audit reads every hand: a
    /// lookup of each column's name would cost more than the decoding).
    fn read(r: &Row) -> HandRecord {
        let mut unreadable = Vec::new();
        let mut get_i = |i: usize| -> Option<i64> {
            r.try_get_at::<Option<i64>>(i).unwrap_or_else(|_| {
                unreadable.push(HAND_COLUMNS[i].to_string());
                None
            })
        };
        let number = get_i(0).unwrap_or(0);
        let holdings = (get_i(1), get_i(2));
        let kept = (get_i(3), get_i(4));
        let move_count = get_i(5);
        let score = (get_i(6), get_i(7));
        let mut get_s = |i: usize| -> Option<String> {
            r.try_get_at::<Option<String>>(i).unwrap_or_else(|_| {
                unreadable.push(HAND_COLUMNS[i].to_string());
                None
            })
        };
        let first_mover = get_s(8);
        let first_arranger = get_s(9);
        let arrangement = BySide::new(get_s(10), get_s(11));
        let moves = get_s(12);
        let end_reason = get_s(13);
        HandRecord {
            number,
            first_mover,
            first_arranger,
            holdings,
            kept,
            arrangement,
            moves,
            move_count,
            end_reason,
            score,
            unreadable,
        }
    }
}

impl<C: AsConn> AuditRepo for C {
    async fn storage_findings(&mut self) -> Result<StorageFindings> {
        crate::store::storage_checks::database(self).await
    }

    async fn fixture_cache_difference(
        &mut self,
        tid: i64,
        match_form: &str,
    ) -> Result<Option<String>> {
        crate::store::storage_checks::fixture_cache(self, tid, match_form).await
    }

    async fn player_name_keys(&mut self) -> Result<Vec<NameKeyRecord>> {
        name_keys(self, "SELECT id, name, name_key FROM players ORDER BY id").await
    }

    async fn tournament_name_keys(&mut self) -> Result<Vec<NameKeyRecord>> {
        name_keys(
            self,
            "SELECT id, name, name_key FROM tournaments ORDER BY id",
        )
        .await
    }

    async fn match_ids(&mut self) -> Result<Vec<i64>> {
        Ok(query_scalar("SELECT id FROM matches ORDER BY id")
            .fetch_all(self)
            .await?)
    }

    async fn match_record(&mut self, id: i64) -> Result<Option<Result<MatchRow>>> {
        let sql = format!("{MATCH_SELECT} WHERE m.id = $1");
        let raw = query(sql).bind(id).fetch_optional(self).await?;
        Ok(raw.as_ref().map(MatchRow::from_row))
    }

    async fn hand_records(&mut self, id: i64) -> Result<Vec<HandRecord>> {
        hand_records(self, id).await
    }

    async fn closing(&mut self, id: i64) -> Result<Option<Closing>> {
        read_closing(self, id).await
    }

    async fn tournament_audit_rows(&mut self) -> Result<Vec<Result<TournamentAuditRow>>> {
        let rows =
            query("SELECT id, name, variant, status, match_form FROM tournaments ORDER BY id")
                .fetch_all(self)
                .await?;
        let read = |t: &Row| -> Result<TournamentAuditRow> {
            Ok(TournamentAuditRow {
                id: t.try_get("id")?,
                name: t.try_get("name")?,
                variant: t.try_get("variant")?,
                status: t.try_get("status")?,
                match_form: t.try_get("match_form")?,
            })
        };
        Ok(rows.iter().map(read).collect())
    }

    async fn tournament_match_records(&mut self, tid: i64) -> Result<Vec<TournamentMatchRecord>> {
        let rows = query(
            "SELECT m.id, m.variant, m.round, m.winner, m.south_id, m.north_id,
                    (SELECT COUNT(*) FROM tournament_players tp
                      WHERE tp.tournament_id = m.tournament_id
                        AND tp.player_id IN (m.south_id, m.north_id)) AS entrants
             FROM matches m WHERE m.tournament_id = $1 ORDER BY m.id",
        )
        .bind(tid)
        .fetch_all(self)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let id: i64 = r.try_get("id")?;
            out.push(TournamentMatchRecord {
                id,
                variant: r.try_get("variant")?,
                round: r.try_get("round")?,
                winner: outcome_column(r, "winner", || format!("match {id}"))?,
                entrants: r.try_get("entrants")?,
                south_id: r.try_get("south_id")?,
                north_id: r.try_get("north_id")?,
            });
        }
        Ok(out)
    }

    async fn tournament_tables(&mut self, name: &str) -> Result<StoredTournament> {
        from_tables(self, name).await
    }

    async fn fixture_rows_from_tables(
        &mut self,
        tournament: &TournamentRow,
        sink: &mut impl FixtureRowSink,
    ) -> Result<()> {
        fixture_rows_from_tables(self, tournament.id, tournament.plays_games())
            .await?
            .feed(sink)
    }

    async fn match_creations(
        &mut self,
        tid: i64,
    ) -> Result<std::result::Result<Vec<MatchCreated>, UnreadableTime<i64>>> {
        let rows = query("SELECT id, round, created_at FROM matches WHERE tournament_id = $1")
            .bind(tid)
            .fetch_all(self)
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let id: i64 = r.try_get("id")?;
            match r.try_get::<DateTime<Utc>>("created_at") {
                Ok(created_at) => out.push(MatchCreated {
                    created_at,
                    round: r.try_get::<i64>("round")? as u32,
                }),
                Err(e) => {
                    return Ok(Err(UnreadableTime {
                        of: id,
                        error: e.to_string(),
                    }));
                }
            }
        }
        Ok(Ok(out))
    }

    async fn entry_records(
        &mut self,
        tid: i64,
    ) -> Result<std::result::Result<Vec<EntryRecord>, UnreadableTime<String>>> {
        let rows = query(
            "SELECT tp.player_id, p.name, tp.joined_at, tp.rating, tp.rated FROM tournament_players tp
             JOIN players p ON p.id = tp.player_id WHERE tp.tournament_id = $1",
        )
        .bind(tid)
        .fetch_all(self)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let player_id: i64 = r.try_get("player_id")?;
            let joined_at = match r.try_get::<DateTime<Utc>>("joined_at") {
                Ok(at) => at,
                Err(e) => {
                    return Ok(Err(UnreadableTime {
                        of: r.try_get("name")?,
                        error: e.to_string(),
                    }));
                }
            };
            out.push(EntryRecord {
                player_id,
                joined_at,
                rating: r.try_get("rating")?,
                rated: r.try_get::<Option<i64>>("rated")?.map(|f| f != 0),
            });
        }
        Ok(Ok(out))
    }

    async fn bye_records(&mut self, tid: i64) -> Result<Vec<ByeRecord>> {
        let rows = query(
            "SELECT round, player_id, reason, entered_at FROM tournament_requested_byes
             WHERE tournament_id = $1 ORDER BY round, player_id",
        )
        .bind(tid)
        .fetch_all(self)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            out.push(ByeRecord {
                round: r.try_get::<i64>("round")? as u32,
                player_id: r.try_get("player_id")?,
                reason: r.try_get("reason")?,
                entered_at: r
                    .try_get::<DateTime<Utc>>("entered_at")
                    .map_err(|e| e.to_string()),
            });
        }
        Ok(out)
    }

    async fn postponement_records(&mut self, tid: i64) -> Result<Vec<PostponementRecord>> {
        let rows = query(
            "SELECT mp.match_id, m.round, m.created_at, mp.postponed_at
             FROM match_postponements mp JOIN matches m ON m.id = mp.match_id
             WHERE m.tournament_id = $1 ORDER BY mp.match_id",
        )
        .bind(tid)
        .fetch_all(self)
        .await?;
        let time = |r: &Row, column: &str| {
            r.try_get::<DateTime<Utc>>(column)
                .map_err(|e| e.to_string())
        };
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            out.push(PostponementRecord {
                match_id: r.try_get("match_id")?,
                round: r.try_get::<i64>("round")? as u32,
                created_at: time(r, "created_at"),
                postponed_at: time(r, "postponed_at"),
            });
        }
        Ok(out)
    }

    async fn imported_rounds(&mut self, tid: i64) -> Result<Option<u32>> {
        crate::store::import::imported_rounds(self, tid).await
    }

    async fn voided_matches(&mut self) -> Result<Vec<VoidedMatch>> {
        let rows =
            query("SELECT id, tournament_id, round, voided_at FROM voided_matches ORDER BY id")
                .fetch_all(self)
                .await?;
        rows.iter()
            .map(|r| {
                Ok(VoidedMatch {
                    id: r.try_get("id")?,
                    tournament_id: r.try_get("tournament_id")?,
                    round: r.try_get::<i64>("round")? as u32,
                    voided_at: r.try_get("voided_at")?,
                })
            })
            .collect()
    }

    async fn voided_match_rows(&mut self, id: i64) -> Result<crate::app::records::StoredMatchRows> {
        // The live tables' reads, pointed at the voided ones.
        let sql = format!("{MATCH_SELECT} WHERE m.id = $1")
            .replace("FROM matches m", "FROM voided_matches m")
            .replace("FROM hands h", "FROM voided_hands h");
        let row = query(sql)
            .bind(id)
            .fetch_optional(&mut *self)
            .await?
            .ok_or(crate::store::StoreError::UnknownMatch(id))?;
        let row = MatchRow::from_row(&row)?;
        let hands = query(HAND_SELECT.replace("FROM hands", "FROM voided_hands"))
            .bind(id)
            .fetch_all(self)
            .await?
            .iter()
            .map(HandRecord::read)
            .collect();
        Ok(crate::app::records::StoredMatchRows {
            row,
            hands,
            corrections: Vec::new(),
        })
    }
}

/// The id, name and name key of each row `sql` selects.
async fn name_keys(conn: &mut impl AsConn, sql: &'static str) -> Result<Vec<NameKeyRecord>> {
    let rows = query(sql).fetch_all(conn).await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(NameKeyRecord {
            id: r.try_get("id")?,
            name_and_key: match (r.try_get::<String>("name"), r.try_get::<String>("name_key")) {
                (Ok(name), Ok(key)) => Some((name, key)),
                _ => None,
            },
        });
    }
    Ok(out)
}

/// Match `id`'s hands, in order, [`HAND_COLUMNS`] of each.
pub(super) async fn hand_records(conn: &mut impl AsConn, id: i64) -> Result<Vec<HandRecord>> {
    let rows = query(HAND_SELECT).bind(id).fetch_all(conn).await?;
    Ok(rows.iter().map(HandRecord::read).collect())
}

#[cfg(test)]
mod tests {
    use super::{HAND_COLUMNS, HAND_SELECT};

    #[test]
    fn the_hand_select_reads_the_hand_columns_in_order() {
        let list = HAND_SELECT
            .strip_prefix("SELECT ")
            .and_then(|s| s.split(" FROM ").next())
            .unwrap();
        let selected: Vec<&str> = list.split(',').map(str::trim).collect();
        assert_eq!(selected, HAND_COLUMNS);
    }
}
