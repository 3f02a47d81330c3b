//! The PostgreSQL migrations (`migrations/postgres/`) build the same schema as the SQLite
//! ones: same versions, tables, columns, keys, indexes and checks. Needs a server
//! (`GOOBALAY_TEST_POSTGRES`, see tests/common/pg.rs); skips without one outside CI.

mod common;

use std::collections::BTreeSet;

use common::pg::PgDb;
use sqlx::migrate::Migrator;
use sqlx::{Connection, PgConnection, Row, SqliteConnection};

static SQLITE_MIGRATOR: Migrator = sqlx::migrate!("./migrations");
static POSTGRES_MIGRATOR: Migrator = sqlx::migrate!("migrations/postgres");

/// A column as both backends can describe it: name, type in PostgreSQL's words, NOT NULL.
#[derive(Debug, PartialEq, Eq, Clone)]
struct Column {
    name: String,
    sql_type: String,
    not_null: bool,
}

/// A table or view: its columns in order, its primary key, its explicit indexes
/// (name and columns).
#[derive(Debug, PartialEq, Eq)]
struct Relation {
    name: String,
    is_view: bool,
    columns: Vec<Column>,
    primary_key: Vec<String>,
    indexes: Vec<(String, Vec<String>)>,
}

#[test]
fn both_backends_have_the_same_migration_versions() {
    let describe = |m: &Migrator| -> Vec<(i64, String)> {
        m.iter()
            .map(|m| (m.version, m.description.to_string()))
            .collect()
    };
    assert!(!describe(&SQLITE_MIGRATOR).is_empty());
    assert_eq!(
        describe(&SQLITE_MIGRATOR),
        describe(&POSTGRES_MIGRATOR),
        "every SQLite migration needs a PostgreSQL twin of the same version and name"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn postgres_schema_matches_the_sqlite_schema() {
    let Some(db) = PgDb::new() else { return };
    let mut pg = db.connect().await;
    POSTGRES_MIGRATOR.run(&mut pg).await.unwrap();
    let mut lite = sqlite_migrated().await;

    let pg_schema = postgres_schema(&mut pg).await;
    let lite_schema = sqlite_schema(&mut lite).await;
    assert!(
        pg_schema
            .iter()
            .any(|r| r.name == "carry_over" && r.is_view),
        "{pg_schema:#?}"
    );
    for (p, s) in pg_schema.iter().zip(&lite_schema) {
        assert_eq!(p, s, "PostgreSQL (left) and SQLite (right) differ");
    }
    assert_eq!(pg_schema.len(), lite_schema.len());
    pg.close().await.unwrap();
}

/// Every check, key and uniqueness rule of the SQLite schema refuses the same rows on
/// PostgreSQL: the same statements run on both, with the same outcome.
#[tokio::test(flavor = "current_thread")]
async fn postgres_refuses_what_sqlite_refuses() {
    let Some(db) = PgDb::new() else { return };
    let mut pg = db.connect().await;
    POSTGRES_MIGRATOR.run(&mut pg).await.unwrap();
    let mut lite = sqlite_migrated().await;

    const T: &str = "'2026-11-30T10:00:00Z'";
    let player = |id: i64, name: &str, key: &str| {
        format!(
            "INSERT INTO players (id, name, name_key, created_at) VALUES ({id}, '{name}', '{key}', {T})"
        )
    };
    let game = |id: i64, south: i64, north: i64, extra_cols: &str, extra_vals: &str| {
        format!(
            "INSERT INTO matches (id, variant, rules, form, first_mover, south_id, north_id, seed, created_at{extra_cols}) \
             VALUES ({id}, 'tihbat', '{{}}', 'single', 'south', {south}, {north}, 7, {T}{extra_vals})"
        )
    };
    let hand = |number: i64, extra_cols: &str, extra_vals: &str| {
        format!(
            "INSERT INTO hands (match_id, number, first_mover, holdings_south, holdings_north, updated_at{extra_cols}) \
             VALUES (1, {number}, 'south', 4, 4, {T}{extra_vals})"
        )
    };
    let tournament = |id: i64, name: &str, key: &str| {
        format!(
            "INSERT INTO tournaments (id, name, name_key, variant, format, match_form, created_at) \
             VALUES ({id}, '{name}', '{key}', 'tihbat', 'round-robin', 'single', {T})"
        )
    };
    let cases: Vec<(String, bool)> = vec![
        // An id left out is given one (on PostgreSQL by the identity column): 1.
        (
            format!("INSERT INTO players (name, name_key, created_at) VALUES ('Amina', 'amina', {T})"),
            true,
        ),
        (player(2, "Robo", "robo"), true),
        (player(3, "   ", "blank"), false),
        (player(4, "AMINA", "amina"), false),
        (player(1, "Other", "other"), false),
        (game(1, 1, 2, "", ""), true),
        (game(2, 1, 1, "", ""), false),
        (game(3, 1, 99, "", ""), false),
        (game(4, 1, 2, ", winner", ", 'east'"), false),
        (game(5, 1, 2, ", max_hands", ", 0"), false),
        (game(6, 1, 2, ", winner, engine_version", ", 'draw', 2"), true),
        (game(7, 1, 2, ", tournament_id", ", 5"), false),
        (game(8, 1, 2, "", "").replace("'south', 1", "'up', 1"), false),
        (hand(1, "", ""), true),
        (hand(1, "", ""), false),
        (hand(0, "", ""), false),
        (hand(2, ", first_arranger", ", 'east'"), false),
        (hand(3, ", first_arranger, moves", ", 'north', '3 1 pass'"), true),
        (tournament(1, "Open", "open"), true),
        (tournament(2, "", "empty"), false),
        (tournament(3, "OPEN", "open"), false),
        (
            format!("INSERT INTO tournament_players (tournament_id, player_id, seed_no, joined_at, rating) VALUES (1, 1, 1, {T}, 1500.5)"),
            true,
        ),
        (
            format!("INSERT INTO tournament_players (tournament_id, player_id, seed_no, joined_at) VALUES (1, 1, 2, {T})"),
            false,
        ),
        (
            "INSERT INTO tournament_byes (tournament_id, round, board, player_id) VALUES (1, 1, 1, 2)".into(),
            true,
        ),
        (
            "INSERT INTO tournament_byes (tournament_id, round, board, player_id) VALUES (1, 0, 1, 1)".into(),
            false,
        ),
        (
            "INSERT INTO tournament_byes (tournament_id, round, board, player_id) VALUES (1, 2, 0, 1)".into(),
            false,
        ),
        // Deleting a tournament takes its entries and byes with it.
        ("DELETE FROM tournaments WHERE id = 1".into(), true),
        ("DELETE FROM players WHERE id = 2".into(), false),
    ];
    for (sql, accepted) in &cases {
        let on_pg = sqlx::raw_sql(sqlx::AssertSqlSafe(sql.clone()))
            .execute(&mut pg)
            .await;
        let on_lite = sqlx::raw_sql(sqlx::AssertSqlSafe(sql.clone()))
            .execute(&mut lite)
            .await;
        assert_eq!(on_lite.is_ok(), *accepted, "SQLite: {sql}: {on_lite:?}");
        assert_eq!(on_pg.is_ok(), *accepted, "PostgreSQL: {sql}: {on_pg:?}");
    }
    // The view reads the same on both.
    let carried = "SELECT match_id, hand, holdings_south, kept_north, carried_south FROM carry_over ORDER BY hand";
    let pg_rows: Vec<(i64, i64, i64, i64, Option<i64>)> =
        sqlx::query_as(carried).fetch_all(&mut pg).await.unwrap();
    let lite_rows: Vec<(i64, i64, i64, i64, Option<i64>)> =
        sqlx::query_as(carried).fetch_all(&mut lite).await.unwrap();
    assert_eq!(pg_rows, vec![(1, 1, 4, 0, None), (1, 3, 4, 0, None)]);
    assert_eq!(pg_rows, lite_rows);
    let amina = "SELECT id FROM players WHERE name_key = 'amina'";
    let pg_id: i64 = sqlx::query_scalar(amina).fetch_one(&mut pg).await.unwrap();
    assert_eq!(pg_id, 1);
    let entries =
        "SELECT (SELECT count(*) FROM tournament_players) + (SELECT count(*) FROM tournament_byes)";
    let pg_left: i64 = sqlx::query_scalar(entries)
        .fetch_one(&mut pg)
        .await
        .unwrap();
    let lite_left: i64 = sqlx::query_scalar(entries)
        .fetch_one(&mut lite)
        .await
        .unwrap();
    assert_eq!((pg_left, lite_left), (0, 0));
    pg.close().await.unwrap();
}

/// The fixture cache's revision is raised alike on both backends by every write to
/// what a tournament's fixtures are read from, and by nothing else.
#[tokio::test(flavor = "current_thread")]
async fn fixture_cache_revisions_rise_alike_on_both() {
    let Some(db) = PgDb::new() else { return };
    let mut pg = db.connect().await;
    POSTGRES_MIGRATOR.run(&mut pg).await.unwrap();
    let mut lite = sqlite_migrated().await;
    const T: &str = "'2026-11-30T10:00:00Z'";
    let match_in = |id: i64, tournament: &str| {
        format!(
            "INSERT INTO matches (id, variant, rules, form, first_mover, south_id, north_id, seed, \
             created_at, tournament_id, round) \
             VALUES ({id}, 'tihbat', '{{}}', 'single', 'south', 1, 2, 7, {T}, {tournament}, 1)"
        )
    };
    // (statement, whether it raises tournament 1's revision)
    let steps: Vec<(String, bool)> = vec![
        (format!("INSERT INTO players (id, name, name_key, created_at) VALUES (1, 'Amina', 'amina', {T})"), false),
        (format!("INSERT INTO players (id, name, name_key, created_at) VALUES (2, 'Robo', 'robo', {T})"), false),
        (
            format!(
                "INSERT INTO tournaments (id, name, name_key, variant, format, match_form, created_at) \
                 VALUES (1, 'Open', 'open', 'tihbat', 'round-robin', 'single', {T})"
            ),
            false,
        ),
        (format!("INSERT INTO tournament_players (tournament_id, player_id, seed_no, joined_at) VALUES (1, 1, 1, {T})"), false),
        (match_in(1, "1"), true),
        (match_in(2, "NULL"), false),
        (
            format!(
                "INSERT INTO hands (match_id, number, first_mover, holdings_south, holdings_north, updated_at) \
                 VALUES (1, 1, 'south', 4, 4, {T})"
            ),
            true,
        ),
        ("UPDATE hands SET moves = '1', move_count = 1 WHERE match_id = 1".into(), true),
        (
            format!(
                "INSERT INTO hands (match_id, number, first_mover, holdings_south, holdings_north, updated_at) \
                 VALUES (2, 1, 'south', 4, 4, {T})"
            ),
            false,
        ),
        ("UPDATE matches SET winner = 'south', final_south = 8, final_north = 0 WHERE id = 1".into(), true),
        ("UPDATE matches SET winner = 'north' WHERE id = 2".into(), false),
        (format!("INSERT INTO match_closings (match_id, kind, absent, entered_at) VALUES (1, 'forfeit', 'north', {T})"), true),
        ("UPDATE match_closings SET absent = 'both' WHERE match_id = 1".into(), true),
        (
            format!(
                "INSERT INTO match_corrections (match_id, corrected_at, reason, kind) VALUES (1, {T}, 'typo', 'void')"
            ),
            true,
        ),
        ("DELETE FROM match_closings WHERE match_id = 1".into(), true),
        ("INSERT INTO tournament_byes (tournament_id, round, board, player_id) VALUES (1, 2, 1, 2)".into(), true),
        ("DELETE FROM tournament_byes WHERE tournament_id = 1".into(), true),
        ("UPDATE tournaments SET status = 'running' WHERE id = 1".into(), false),
        ("UPDATE tournaments SET match_form = 'hands' WHERE id = 1".into(), true),
        ("UPDATE players SET club = 'Hargeisa' WHERE id = 1".into(), false),
    ];
    let revision = "SELECT revision FROM fixture_cache WHERE tournament_id = 1";
    let mut expected: Option<i64> = None;
    for (sql, raises) in &steps {
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.clone()))
            .execute(&mut pg)
            .await
            .unwrap_or_else(|e| panic!("PostgreSQL: {sql}: {e}"));
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.clone()))
            .execute(&mut lite)
            .await
            .unwrap_or_else(|e| panic!("SQLite: {sql}: {e}"));
        let on_pg: Option<i64> = sqlx::query_scalar(revision)
            .fetch_optional(&mut pg)
            .await
            .unwrap();
        let on_lite: Option<i64> = sqlx::query_scalar(revision)
            .fetch_optional(&mut lite)
            .await
            .unwrap();
        assert_eq!(on_pg, on_lite, "after {sql}");
        if let (Some(before), Some(now)) = (expected, on_pg) {
            assert_eq!(now > before, *raises, "after {sql}: {before} then {now}");
        }
        expected = on_pg;
    }
    // One step for each statement that raises it: each raises it by one.
    let raised = steps.iter().filter(|(_, raises)| *raises).count() as i64;
    assert_eq!(expected, Some(raised));
    pg.close().await.unwrap();
}

/// The helper's databases are gone after the test.
#[tokio::test(flavor = "current_thread")]
async fn test_databases_are_dropped() {
    let Some(db) = PgDb::new() else { return };
    let name = db.name.clone();
    let server = common::pg::server_url().unwrap();
    let mut conn = PgConnection::connect(&server).await.unwrap();
    assert_eq!(databases_named(&mut conn, &name).await, 1);
    // A connection left open (as by a killed process) does not keep it alive.
    let _held = db.connect().await;
    drop(db);
    assert_eq!(databases_named(&mut conn, &name).await, 0);
}

async fn databases_named(conn: &mut PgConnection, name: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM pg_database WHERE datname = $1")
        .bind(name)
        .fetch_one(conn)
        .await
        .unwrap()
}

async fn sqlite_migrated() -> SqliteConnection {
    let mut conn = SqliteConnection::connect("sqlite::memory:").await.unwrap();
    sqlx::query("PRAGMA foreign_keys = ON")
        .execute(&mut conn)
        .await
        .unwrap();
    SQLITE_MIGRATOR.run(&mut conn).await.unwrap();
    conn
}

/// SQLite's declared types in PostgreSQL's words: the `*_at` columns hold timestamps.
/// A view's column computed by an expression has no declared type in SQLite; such a
/// column of a goobalay view would be text (none has one since `match_endings` went).
fn postgres_type_of(sqlite_type: &str, column: &str, is_view: bool) -> String {
    match sqlite_type {
        "" if is_view => "text",
        "INTEGER" => "bigint",
        "REAL" => "double precision",
        "TEXT" if column.ends_with("_at") => "timestamp with time zone",
        "TEXT" => "text",
        "BLOB" => "bytea",
        other => panic!("column {column}: SQLite type {other} has no PostgreSQL twin yet"),
    }
    .to_string()
}

async fn sqlite_schema(conn: &mut SqliteConnection) -> Vec<Relation> {
    let relations: Vec<(String, String)> = sqlx::query_as(
        "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') \
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_sqlx%' ESCAPE '\\' ORDER BY name",
    )
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let mut schema = Vec::new();
    for (name, kind) in relations {
        let is_view = kind == "view";
        let rows = sqlx::query(
            "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?) ORDER BY cid",
        )
        .bind(&name)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        let mut primary_key: Vec<(i64, String)> = Vec::new();
        let mut columns = Vec::new();
        for row in rows {
            let column: String = row.get(0);
            let pk: i64 = row.get(3);
            if pk > 0 {
                primary_key.push((pk, column.clone()));
            }
            columns.push(Column {
                sql_type: postgres_type_of(&row.get::<String, _>(1), &column, is_view),
                // SQLite lets a primary key column be NULL unless it is the rowid or the
                // table is WITHOUT ROWID; goobalay never stores one.
                not_null: row.get::<i64, _>(2) == 1 || pk > 0,
                name: column,
            });
        }
        primary_key.sort();
        let index_names: Vec<String> = sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name",
        )
        .bind(&name)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        let mut indexes = Vec::new();
        for index in index_names {
            let cols: Vec<String> =
                sqlx::query_scalar("SELECT name FROM pragma_index_info(?) ORDER BY seqno")
                    .bind(&index)
                    .fetch_all(&mut *conn)
                    .await
                    .unwrap();
            indexes.push((index, cols));
        }
        schema.push(Relation {
            name,
            is_view,
            columns,
            primary_key: primary_key.into_iter().map(|(_, c)| c).collect(),
            indexes,
        });
    }
    schema
}

async fn postgres_schema(conn: &mut PgConnection) -> Vec<Relation> {
    let relations: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::text, table_type::text FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_name NOT LIKE '\\_sqlx%' ORDER BY table_name",
    )
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let mut schema = Vec::new();
    for (name, kind) in relations {
        let columns = sqlx::query(
            "SELECT column_name::text, data_type::text, is_nullable::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        )
        .bind(&name)
        .fetch_all(&mut *conn)
        .await
        .unwrap()
        .into_iter()
        .map(|row| Column {
            name: row.get(0),
            sql_type: row.get(1),
            not_null: row.get::<String, _>(2) == "NO",
        })
        .collect();
        let primary_key: Vec<String> = sqlx::query_scalar(
            "SELECT k.column_name::text FROM information_schema.table_constraints c \
             JOIN information_schema.key_column_usage k USING (constraint_schema, constraint_name) \
             WHERE c.table_schema = current_schema() AND c.table_name = $1 \
             AND c.constraint_type = 'PRIMARY KEY' ORDER BY k.ordinal_position",
        )
        .bind(&name)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        // Explicit indexes only: those behind primary keys and UNIQUE constraints have
        // no name in SQLite.
        let index_names: Vec<String> = sqlx::query_scalar(
            "SELECT i.relname::text FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid \
             JOIN pg_class t ON t.oid = x.indrelid \
             WHERE t.relname = $1 AND t.relnamespace = current_schema()::regnamespace \
             AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid) \
             ORDER BY i.relname",
        )
        .bind(&name)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        let mut indexes = Vec::new();
        for index in index_names {
            let cols: Vec<String> = sqlx::query_scalar(
                "SELECT pg_get_indexdef(x.indexrelid, k, true) FROM pg_index x \
                 JOIN pg_class i ON i.oid = x.indexrelid, generate_series(1, x.indnatts) k \
                 WHERE i.relname = $1 ORDER BY k",
            )
            .bind(&index)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
            indexes.push((index, cols));
        }
        schema.push(Relation {
            name,
            is_view: kind == "VIEW",
            columns,
            primary_key,
            indexes,
        });
    }
    let names: BTreeSet<&str> = schema.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names.len(), schema.len());
    schema
}

/// A command that only reads, pointed at an empty PostgreSQL database (a mistyped
/// database name on a server that creates databases on demand, or a fresh one), is
/// refused with one line and leaves it empty; a command that writes creates the tables.
#[test]
fn a_read_on_an_empty_server_database_creates_nothing() {
    let Some(db) = PgDb::new() else { return };
    for args in [
        &["player", "list"][..],
        &["history"],
        &["verify"],
        &["tournament", "list"],
    ] {
        let out = db.cmd(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("goobalay: ") && err.contains("holds no goobalay database (no tables"),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(db.snapshot().is_empty(), "{args:?} created tables");
    }
    db.cmd(&["player", "add", "Amina"]).assert().success();
    assert!(!db.snapshot().is_empty());
    db.cmd(&["player", "list"]).assert().success();
}
