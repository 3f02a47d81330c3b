//! `goobalay db copy`: every record of one database into another, empty one, on
//! either backend (a club's SQLite file to a league's PostgreSQL server, and back).
//!
//! The source is read in one read transaction (one state of it, even while others
//! write) and the target written in one write transaction, so a copy that fails
//! leaves the target as it was. Each table is read a page at a time (2,048
//! rows in key order, each page starting after the last) and written a few hundred
//! rows to an INSERT, so the copy holds one page in memory whatever the size of the
//! database. (A row-by-row stream did as well for memory, but under load every row
//! waited for SQLite's worker thread: five times slower on a busy machine.) Ids are copied as they are, so matches keep their
//! numbers; on PostgreSQL the id sequences then continue after the copied ids.
//! The target keeps its own database identity (an SQLite file's identity is tied
//! to the file, see `store::sqlite::open`).

use chrono::{DateTime, Utc};

use super::sql::{Arg, AsConn, Backend, Row, query, query_scalar};
use super::{OpenError, Result, Store, StoreError};

/// How a column is read and bound: both backends store these alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Int,
    Real,
    Text,
    Time,
}

pub(crate) use crate::app::records::CopyReport;
use Kind::{Int, Real, Text, Time};

/// goobalay's tables in an order in which every row's foreign keys point at rows
/// copied before, with every column of the current schema.
pub(crate) const TABLES: &[(&str, &[(&str, Kind)])] = &[
    (
        "players",
        &[
            ("id", Int),
            ("name", Text),
            ("name_key", Text),
            ("club", Text),
            ("engine", Text),
            ("rating", Real),
            ("created_at", Time),
            ("retired_at", Time),
        ],
    ),
    (
        "tournaments",
        &[
            ("id", Int),
            ("name", Text),
            ("name_key", Text),
            ("variant", Text),
            ("rules", Text),
            ("format", Text),
            ("rounds", Int),
            ("match_form", Text),
            ("max_hands", Int),
            ("points", Text),
            ("tiebreaks", Text),
            ("seed", Int),
            ("status", Text),
            ("created_at", Time),
            ("finished_at", Time),
            ("pairing_system", Text),
            ("rating_system", Text),
            ("city", Text),
            ("federation", Text),
            ("start_date", Text),
            ("end_date", Text),
            ("chief_arbiter", Text),
            ("round_dates", Text),
            ("initial_colour", Text),
            ("third_place", Int),
            ("acceleration", Text),
        ],
    ),
    (
        "tournament_players",
        &[
            ("tournament_id", Int),
            ("player_id", Int),
            ("seed_no", Int),
            ("withdrawn_after", Int),
            ("joined_at", Time),
            ("rating", Real),
            ("rated", Int),
        ],
    ),
    (
        "matches",
        &[
            ("id", Int),
            ("variant", Text),
            ("rules", Text),
            ("form", Text),
            ("max_hands", Int),
            ("first_mover", Text),
            ("south_id", Int),
            ("north_id", Int),
            ("south_engine", Text),
            ("north_engine", Text),
            ("seed", Int),
            ("tournament_id", Int),
            ("round", Int),
            ("winner", Text),
            ("hands_played", Int),
            ("final_south", Int),
            ("final_north", Int),
            ("created_at", Time),
            ("finished_at", Time),
            ("engine_version", Int),
            ("revision", Int),
        ],
    ),
    (
        "hands",
        &[
            ("match_id", Int),
            ("number", Int),
            ("first_mover", Text),
            ("first_arranger", Text),
            ("holdings_south", Int),
            ("holdings_north", Int),
            ("kept_south", Int),
            ("kept_north", Int),
            ("arrangement_south", Text),
            ("arrangement_north", Text),
            ("moves", Text),
            ("move_count", Int),
            ("end_reason", Text),
            ("score_south", Int),
            ("score_north", Int),
            ("updated_at", Time),
        ],
    ),
    (
        "tournament_byes",
        &[
            ("tournament_id", Int),
            ("round", Int),
            ("board", Int),
            ("player_id", Int),
        ],
    ),
    (
        "round_pairings",
        &[
            ("id", Int),
            ("tournament_id", Int),
            ("round", Int),
            ("method", Text),
            ("reason", Text),
            ("paired_at", Time),
            ("boards", Text),
            ("unpaired_at", Time),
            ("unpair_reason", Text),
            ("unpair_moved_withdrawals", Text),
        ],
    ),
    (
        "tournament_status_changes",
        &[
            ("id", Int),
            ("tournament_id", Int),
            ("status", Text),
            ("reason", Text),
            ("rounds_before", Int),
            ("changed_at", Time),
        ],
    ),
    (
        "match_corrections",
        &[
            ("id", Int),
            ("match_id", Int),
            ("corrected_at", Time),
            ("reason", Text),
            ("kind", Text),
            ("hand", Int),
            ("score_south", Int),
            ("score_north", Int),
            ("decision", Text),
            ("absent", Text),
            ("winner_before", Text),
            ("seeds_south_before", Int),
            ("seeds_north_before", Int),
            ("winner_after", Text),
            ("seeds_south_after", Int),
            ("seeds_north_after", Int),
            ("game_scores", Text),
        ],
    ),
    (
        "player_ratings",
        &[
            ("id", Int),
            ("player_id", Int),
            ("variant", Text),
            ("source", Text),
            ("rating", Real),
            ("entered_at", Time),
        ],
    ),
    (
        "match_closings",
        &[
            ("match_id", Int),
            ("kind", Text),
            ("absent", Text),
            ("winner", Text),
            ("seeds_south", Int),
            ("seeds_north", Int),
            ("entered_at", Time),
        ],
    ),
    (
        "tournament_requested_byes",
        &[
            ("tournament_id", Int),
            ("round", Int),
            ("player_id", Int),
            ("points", Text),
            ("reason", Text),
            ("entered_at", Time),
        ],
    ),
    (
        "tournament_imports",
        &[
            ("tournament_id", Int),
            ("source", Text),
            ("rounds", Int),
            ("imported_at", Time),
        ],
    ),
    (
        "match_postponements",
        &[("match_id", Int), ("postponed_at", Time), ("reason", Text)],
    ),
    (
        "knockout_seedings",
        &[
            ("id", Int),
            ("tournament_id", Int),
            ("source_tournament_id", Int),
            ("reason", Text),
            ("seeded_at", Time),
        ],
    ),
    (
        "knockout_seeds",
        &[("seeding_id", Int), ("seed", Int), ("player_id", Int)],
    ),
    (
        "voided_matches",
        &[
            ("id", Int),
            ("variant", Text),
            ("rules", Text),
            ("form", Text),
            ("max_hands", Int),
            ("first_mover", Text),
            ("south_id", Int),
            ("north_id", Int),
            ("south_engine", Text),
            ("north_engine", Text),
            ("seed", Int),
            ("tournament_id", Int),
            ("round", Int),
            ("winner", Text),
            ("hands_played", Int),
            ("final_south", Int),
            ("final_north", Int),
            ("created_at", Time),
            ("finished_at", Time),
            ("engine_version", Int),
            ("revision", Int),
            ("voided_at", Time),
        ],
    ),
    (
        "voided_hands",
        &[
            ("match_id", Int),
            ("number", Int),
            ("first_mover", Text),
            ("first_arranger", Text),
            ("holdings_south", Int),
            ("holdings_north", Int),
            ("kept_south", Int),
            ("kept_north", Int),
            ("arrangement_south", Text),
            ("arrangement_north", Text),
            ("moves", Text),
            ("move_count", Int),
            ("end_reason", Text),
            ("score_south", Int),
            ("score_north", Int),
            ("updated_at", Time),
        ],
    ),
    (
        "player_details",
        &[
            ("id", Int),
            ("player_id", Int),
            ("federation", Text),
            ("sex", Text),
            ("born", Text),
            ("national_id", Text),
            ("entered_at", Time),
        ],
    ),
    (
        "tournament_event_changes",
        &[
            ("id", Int),
            ("tournament_id", Int),
            ("city", Text),
            ("federation", Text),
            ("start_date", Text),
            ("end_date", Text),
            ("chief_arbiter", Text),
            ("round_dates", Text),
            ("changed_at", Time),
        ],
    ),
    (
        "tournament_prizes",
        &[
            ("id", Int),
            ("tournament_id", Int),
            ("place", Int),
            ("category", Text),
            ("age", Int),
            ("under_rating", Real),
            ("club", Text),
            ("value", Real),
            ("created_at", Time),
        ],
    ),
    (
        "match_reviews",
        &[
            ("id", Int),
            ("match_id", Int),
            ("match_revision", Int),
            ("engine_version", Int),
            ("nodes", Int),
            ("reviewed_at", Time),
        ],
    ),
    (
        "review_decisions",
        &[
            ("review_id", Int),
            ("seq", Int),
            ("hand", Int),
            ("player", Text),
            ("kind", Text),
            ("played", Text),
            ("best", Text),
            ("played_value", Int),
            ("best_value", Int),
            ("choices", Int),
            ("exact", Int),
        ],
    ),
    (
        "report_codes",
        &[
            ("id", Int),
            ("tournament_id", Int),
            ("player_id", Int),
            ("code_sha256", Text),
            ("issued_at", Time),
        ],
    ),
    (
        "match_reports",
        &[
            ("id", Int),
            ("match_id", Int),
            ("player_id", Int),
            ("code_id", Int),
            ("result", Text),
            ("seeds_south", Int),
            ("seeds_north", Int),
            ("client", Text),
            ("reported_at", Time),
        ],
    ),
    (
        "report_decisions",
        &[
            ("match_id", Int),
            ("report_id", Int),
            ("confirmed_by", Int),
            ("decided_at", Time),
        ],
    ),
];

/// Tables whose `id` is made by the database (an identity column on PostgreSQL).
const WITH_IDS: &[&str] = &[
    "players",
    "tournaments",
    "matches",
    "round_pairings",
    "tournament_status_changes",
    "match_corrections",
    "player_ratings",
    "player_details",
    "tournament_event_changes",
    "tournament_prizes",
    "match_reviews",
    "knockout_seedings",
    "report_codes",
    "match_reports",
];

impl Store {
    /// Copies every record of `source` into this database, which must hold none
    /// (see the module docs). Nothing is written if anything fails.
    pub async fn copy_from(&self, source: &Store) -> Result<CopyReport, OpenError> {
        self.copy_from_reporting(source, |_, _| {}).await
    }

    /// [`Store::copy_from`], telling `progress` the rows copied so far and the rows
    /// to copy, after each row.
    pub async fn copy_from_reporting(
        &self,
        source: &Store,
        mut progress: impl FnMut(u64, u64),
    ) -> Result<CopyReport, OpenError> {
        let mut from = source.begin_read().await?;
        let mut to = self.begin_write().await?;
        for (table, _) in TABLES {
            let rows: i64 = query_scalar(format!("SELECT count(*) FROM {table}"))
                .fetch_one(&mut to)
                .await?;
            if rows > 0 {
                return Err(OpenError::NotEmpty {
                    table: (*table).to_string(),
                    rows,
                });
            }
        }
        check_copies_everything(&mut from).await?;
        let mut total = 0;
        for (table, _) in TABLES {
            total += query_scalar::<i64>(format!("SELECT count(*) FROM {table}"))
                .fetch_one(&mut from)
                .await?
                .max(0) as u64;
        }
        let mut done = 0;
        progress(done, total);
        let mut report = CopyReport { tables: Vec::new() };
        for (table, columns) in TABLES {
            let names: Vec<&str> = columns.iter().map(|(n, _)| *n).collect();
            let key = primary_key(table);
            let per_batch = rows_per_insert(self.backend(), columns.len());
            let mut read = 0u64;
            let mut last: Option<Vec<i64>> = None;
            loop {
                let mut page = query(page_query(table, &names, key, last.is_some()));
                for value in last.iter().flatten() {
                    page = page.bind(*value);
                }
                let rows = page.fetch_all(&mut from).await?;
                for batch in rows.chunks(per_batch) {
                    insert_rows(&mut to, table, columns, batch).await?;
                    for _ in batch {
                        done += 1;
                        progress(done, total);
                    }
                }
                read += rows.len() as u64;
                match rows.last() {
                    Some(row) if rows.len() == PAGE => {
                        last = Some(
                            key.iter()
                                .map(|k| row.try_get(k))
                                .collect::<Result<_, _>>()?,
                        );
                    }
                    _ => break,
                }
            }
            let copied: i64 = query_scalar(format!("SELECT count(*) FROM {table}"))
                .fetch_one(&mut to)
                .await?;
            if copied != read as i64 {
                return Err(StoreError::Corrupt(format!(
                    "{table}: {copied} of {read} rows copied"
                ))
                .into());
            }
            report.tables.push(((*table).to_string(), copied as u64));
        }
        if self.backend() == Backend::Postgres {
            continue_ids_after_copied(&mut to).await?;
        }
        to.commit().await?;
        Ok(report)
    }
}

/// Refuses a source holding a table or column [`TABLES`] does not name (a later
/// migration's, not yet added there), rather than leaving its records behind.
async fn check_copies_everything(conn: &mut impl AsConn) -> Result<()> {
    let sql = match conn.conn().backend() {
        Backend::Sqlite => {
            "SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        }
        Backend::Postgres => {
            "SELECT c.table_name::text, c.column_name::text
             FROM information_schema.columns c
             JOIN information_schema.tables t
               ON t.table_schema = c.table_schema AND t.table_name = c.table_name
             WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'"
        }
    };
    // Not records of a club: sqlx's bookkeeping, the database's own identity, and a
    // cache the target's own triggers keep (built again on its first read).
    const NOT_COPIED: &[&str] = &["_sqlx_migrations", "database_identity", "fixture_cache"];
    for row in query(sql).fetch_all(&mut *conn).await? {
        let table: String = row.try_get_at(0)?;
        let column: String = row.try_get_at(1)?;
        let known = TABLES
            .iter()
            .find(|(t, _)| *t == table)
            .is_some_and(|(_, columns)| columns.iter().any(|(c, _)| *c == column));
        if !known && !NOT_COPIED.contains(&table.as_str()) {
            return Err(StoreError::Corrupt(format!(
                "the source holds {table}.{column}, which this goobalay does not know how to copy"
            )));
        }
    }
    Ok(())
}

/// How many rows a page of the source holds: one query each, so a copy is a few
/// hundred round trips (or a few thousand, for a league), and memory holds one page.
const PAGE: usize = 2048;

/// The columns that tell `table`'s rows apart, in its primary key's order (all
/// integers): a page starts after the last row of the one before.
fn primary_key(table: &str) -> &'static [&'static str] {
    match table {
        "tournament_players" => &["tournament_id", "player_id"],
        "hands" | "voided_hands" => &["match_id", "number"],
        "tournament_byes" | "tournament_requested_byes" => &["tournament_id", "round", "player_id"],
        "match_closings" | "match_postponements" | "report_decisions" => &["match_id"],
        "tournament_imports" => &["tournament_id"],
        "review_decisions" => &["review_id", "seq"],
        "knockout_seeds" => &["seeding_id", "seed"],
        _ => &["id"],
    }
}

/// The next page of `table` in primary key order: from the start, or after the key
/// bound as `$1..` (a row-value comparison, which both backends answer from the key's
/// index).
fn page_query(table: &str, names: &[&str], key: &[&str], after: bool) -> String {
    let key_list = key.join(", ");
    let from = if after {
        let params: Vec<String> = (1..=key.len()).map(|i| format!("${i}")).collect();
        format!(" WHERE ({key_list}) > ({})", params.join(", "))
    } else {
        String::new()
    };
    format!(
        "SELECT {} FROM {table}{from} ORDER BY {key_list} LIMIT {PAGE}",
        names.join(", ")
    )
}

/// How many rows one INSERT writes. PostgreSQL: as many as keep it under 4,096
/// parameters (it allows 65,535); one statement for hundreds of rows saves a round
/// trip and a call of the fixture cache's statement triggers per row. SQLite: one,
/// a prepared statement run again in the process costs no round trip, and its
/// binding of a statement of thousands of parameters made a copy five times slower.
fn rows_per_insert(target: Backend, columns: usize) -> usize {
    match target {
        Backend::Sqlite => 1,
        Backend::Postgres => (4096 / columns).max(1),
    }
}

/// Writes `rows` of `table` (read with `columns`, in that order) in one INSERT.
async fn insert_rows(
    conn: &mut impl AsConn,
    table: &str,
    columns: &[(&str, Kind)],
    rows: &[Row],
) -> Result<()> {
    let names: Vec<&str> = columns.iter().map(|(n, _)| *n).collect();
    let mut sql = format!("INSERT INTO {table} ({}) VALUES ", names.join(", "));
    let mut param = 0;
    for (i, _) in rows.iter().enumerate() {
        sql.push_str(if i == 0 { "(" } else { ", (" });
        for c in 0..columns.len() {
            param += 1;
            if c > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("${param}"));
        }
        sql.push(')');
    }
    let mut q = query(sql);
    for row in rows {
        for (name, kind) in columns {
            q = q.bind(read(row, name, *kind)?);
        }
    }
    q.execute(&mut *conn).await?;
    Ok(())
}

fn read(row: &Row, column: &str, kind: Kind) -> Result<Arg> {
    Ok(match kind {
        Int => Arg::from(row.try_get::<Option<i64>>(column)?),
        Real => Arg::from(row.try_get::<Option<f64>>(column)?),
        Text => Arg::from(row.try_get::<Option<String>>(column)?),
        Time => Arg::from(row.try_get::<Option<DateTime<Utc>>>(column)?),
    })
}

/// PostgreSQL's identity columns count on their own: after ids were inserted as
/// they are, the next one made must come after the largest.
async fn continue_ids_after_copied(conn: &mut impl AsConn) -> Result<()> {
    for table in WITH_IDS {
        // A voided match's id is never handed out again.
        let highest = match *table {
            "matches" => {
                "GREATEST((SELECT max(id) FROM matches), (SELECT max(id) FROM voided_matches))"
            }
            _ => &format!("(SELECT max(id) FROM {table})"),
        };
        query(format!(
            "SELECT setval(pg_get_serial_sequence('{table}', 'id'),
                           COALESCE({highest}, 0) + 1, false)"
        ))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
