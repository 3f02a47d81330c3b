//! The schema a database holds against the one goobalay's migrations make.
//!
//! The reference is made by running the embedded migrations (those the database
//! says were applied) on an in-memory database, so it is exactly what a database
//! migrated by this build holds: SQLite keeps each table's, index's, view's and
//! trigger's definition as text in `sqlite_master` (an `ALTER TABLE` rewrites it), and
//! two databases made by the same migrations hold the same texts. Anything else is
//! damage or a hand's edit: a flipped bit in a column's declared type, a renamed
//! column, a dropped view, an added trigger.
//!
//! Every value is read as bytes: a damaged definition need not be UTF-8, and sqlx
//! panics on a column whose declared type is not (so no other query may run on a
//! database before its schema has passed this check).
//!
//! Running the migrations for every command would cost more than the command itself
//! (`player list`: about 20 ms of CPU), so a database that records every migration
//! of this build is first compared by fingerprint: a hash of its `sqlite_master`
//! objects against [`SCHEMA_FINGERPRINT`], that of the schema the migrations make
//! (a test keeps the two in step). Only a database that differs, or one on an older
//! set of migrations, is compared object by object, which names every difference.

use std::collections::BTreeMap;

use sqlx::sqlite::SqliteConnection;
use sqlx::{Connection, Row};

use super::MIGRATOR;
use crate::store::Result;

/// One schema object: its kind (`table`, `index`, `view`, `trigger`), the table it
/// belongs to and its definition.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SchemaObject {
    kind: String,
    table: String,
    sql: Vec<u8>,
}

/// `sqlite_master` without SQLite's own objects (`sqlite_sequence`, `sqlite_stat1`,
/// automatic indexes) and sqlx's migration table, whose definition belongs to sqlx
/// and may change with it.
async fn read_schema(conn: &mut SqliteConnection) -> Result<BTreeMap<String, SchemaObject>> {
    let rows = sqlx::query(
        "SELECT CAST(type AS BLOB), CAST(name AS BLOB), CAST(tbl_name AS BLOB),
                CAST(sql AS BLOB)
         FROM sqlite_master
         WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> '_sqlx_migrations'",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut objects = BTreeMap::new();
    for r in rows {
        let text = |i: usize| -> Result<String> {
            let bytes: Option<Vec<u8>> = r.try_get(i)?;
            Ok(shown(&bytes.unwrap_or_default()))
        };
        let sql: Option<Vec<u8>> = r.try_get(3)?;
        objects.insert(
            text(1)?,
            SchemaObject {
                kind: text(0)?,
                table: text(2)?,
                sql: sql.unwrap_or_default(),
            },
        );
    }
    Ok(objects)
}

/// The fingerprint of the schema that all of this build's migrations make
/// ([`fingerprint`] of a fresh in-memory database migrated by them). A new migration
/// changes it: the test `the_fingerprint_is_that_of_the_migrations` then fails and
/// gives the new value.
const SCHEMA_FINGERPRINT: &str = "1b8115d48dbda29c";

/// FNV-1a (64 bits) over every object's name, kind, table and definition, in name
/// order (the map's), each field length-prefixed so no two schemas run together
/// alike. It tells a schema changed by accident or by hand from the migrations' one;
/// it need not withstand a forger, who could edit the records as easily, and SHA-256
/// cost a tenth of a small command (1 of 8.7 million instructions of `player list`).
fn fingerprint(objects: &BTreeMap<String, SchemaObject>) -> String {
    use std::hash::Hasher;
    let mut hash = fnv::FnvHasher::default();
    for (name, object) in objects {
        for field in [
            name.as_bytes(),
            object.kind.as_bytes(),
            object.table.as_bytes(),
            &object.sql,
        ] {
            hash.write(&(field.len() as u64).to_le_bytes());
            hash.write(field);
        }
    }
    format!("{:016x}", hash.finish())
}

/// Bytes as text for a message: UTF-8 as it is, anything else escaped (`\xff`).
fn shown(bytes: &[u8]) -> String {
    bytes.utf8_chunks().fold(String::new(), |mut s, chunk| {
        s.push_str(chunk.valid());
        for b in chunk.invalid() {
            s.push_str(&format!("\\x{b:02x}"));
        }
        s
    })
}

/// The schema the migrations of the given versions make, on a fresh in-memory
/// database.
async fn expected_schema(
    applied: &[i64],
) -> Result<(SqliteConnection, BTreeMap<String, SchemaObject>)> {
    let mut conn = SqliteConnection::connect("sqlite::memory:").await?;
    for m in MIGRATOR.iter().filter(|m| applied.contains(&m.version)) {
        sqlx::raw_sql(m.sql.clone()).execute(&mut conn).await?;
    }
    let objects = read_schema(&mut conn).await?;
    Ok((conn, objects))
}

/// Versions of the migrations the database records as applied (none if it has no
/// migration table).
async fn applied_versions(conn: &mut SqliteConnection) -> Result<Vec<i64>> {
    let has_table: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master
                        WHERE type = 'table' AND name = '_sqlx_migrations')",
    )
    .fetch_one(&mut *conn)
    .await?;
    if !has_table {
        return Ok(Vec::new());
    }
    Ok(
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
            .fetch_all(&mut *conn)
            .await?,
    )
}

/// How the database's schema differs from the one its applied migrations make, one
/// finding a line (empty: the same). Never runs a query that names a table of the
/// database itself.
pub(crate) async fn schema_differences(conn: &mut SqliteConnection) -> Result<Vec<String>> {
    let applied = applied_versions(conn).await?;
    schema_differences_from(conn, &applied).await
}

/// [`schema_differences`] of a database that records the migrations `applied`.
pub(crate) async fn schema_differences_from(
    conn: &mut SqliteConnection,
    applied: &[i64],
) -> Result<Vec<String>> {
    let actual = read_schema(conn).await?;
    let every_migration = MIGRATOR.iter().all(|m| applied.contains(&m.version));
    if every_migration && fingerprint(&actual) == SCHEMA_FINGERPRINT {
        return Ok(Vec::new());
    }
    let (mut reference, expected) = expected_schema(applied).await?;
    let mut found = Vec::new();
    for (name, want) in &expected {
        match actual.get(name) {
            None => found.push(format!(
                "the {} '{name}' is missing (goobalay's migrations make it)",
                want.kind
            )),
            Some(have) if have.kind != want.kind => found.push(format!(
                "'{name}' is a {}, goobalay's migrations make it a {}",
                have.kind, want.kind
            )),
            Some(have) if have.sql != want.sql || have.table != want.table => {
                let columns = if want.kind == "table" {
                    column_differences(conn, &mut reference, name).await?
                } else {
                    Vec::new()
                };
                if columns.is_empty() {
                    found.push(format!(
                        "the {} '{name}' is defined otherwise than goobalay's migrations define it",
                        want.kind
                    ));
                }
                found.extend(
                    columns
                        .into_iter()
                        .map(|c| format!("the table '{name}': {c}")),
                );
            }
            Some(_) => {}
        }
    }
    for (name, have) in &actual {
        if !expected.contains_key(name) {
            found.push(format!(
                "a {} '{name}' that goobalay's migrations do not make",
                have.kind
            ));
        }
    }
    let _ = reference.close().await;
    Ok(found)
}

/// A table's columns: name, declared type, NOT NULL, default, primary-key position.
type Column = (String, Vec<u8>, bool, Option<Vec<u8>>, i64);

async fn columns(conn: &mut SqliteConnection, table: &str) -> Result<Vec<Column>> {
    let rows = sqlx::query(
        "SELECT CAST(name AS BLOB), CAST(type AS BLOB), \"notnull\", CAST(dflt_value AS BLOB), pk
         FROM pragma_table_info(?1) ORDER BY cid",
    )
    .bind(table)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            let name: Option<Vec<u8>> = r.try_get(0)?;
            let kind: Option<Vec<u8>> = r.try_get(1)?;
            Ok((
                shown(&name.unwrap_or_default()),
                kind.unwrap_or_default(),
                r.try_get::<i64, _>(2)? != 0,
                r.try_get(3)?,
                r.try_get(4)?,
            ))
        })
        .collect()
}

/// How a table's columns differ (empty when they agree and only the rest of its
/// definition, such as a constraint, differs).
async fn column_differences(
    conn: &mut SqliteConnection,
    reference: &mut SqliteConnection,
    table: &str,
) -> Result<Vec<String>> {
    let have = columns(conn, table).await?;
    let want = columns(reference, table).await?;
    let mut found = Vec::new();
    for w in &want {
        match have.iter().find(|h| h.0 == w.0) {
            None => found.push(format!("the column '{}' is missing", w.0)),
            Some(h) if h.1 != w.1 => found.push(format!(
                "the column '{}' is declared '{}', goobalay declares it '{}'",
                w.0,
                shown(&h.1),
                shown(&w.1)
            )),
            Some(h) if h != w => found.push(format!(
                "the column '{}' has other constraints (NOT NULL, default or key) than goobalay gives it",
                w.0
            )),
            Some(_) => {}
        }
    }
    for h in &have {
        if !want.iter().any(|w| w.0 == h.0) {
            found.push(format!(
                "a column '{}' that goobalay's migrations do not make",
                h.0
            ));
        }
    }
    let order = |cols: &[Column]| cols.iter().map(|c| c.0.clone()).collect::<Vec<_>>();
    if found.is_empty() && order(&have) != order(&want) {
        found.push("the columns are in another order".to_string());
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_version() -> Vec<i64> {
        MIGRATOR.iter().map(|m| m.version).collect()
    }

    #[tokio::test]
    async fn the_fingerprint_is_that_of_the_migrations() {
        let (conn, objects) = expected_schema(&every_version()).await.unwrap();
        let _ = conn.close().await;
        assert_eq!(
            fingerprint(&objects),
            SCHEMA_FINGERPRINT,
            "the migrations make another schema: set SCHEMA_FINGERPRINT in src/store/sqlite/schema.rs to the value on the left"
        );
    }

    /// A changed definition changes the fingerprint (so the object-by-object
    /// comparison runs), and so does a definition moved from one object to another.
    #[tokio::test]
    async fn any_change_of_an_object_changes_the_fingerprint() {
        let (conn, objects) = expected_schema(&every_version()).await.unwrap();
        let _ = conn.close().await;
        let base = fingerprint(&objects);
        let (name, object) = objects.iter().next().unwrap();
        for changed in [
            SchemaObject {
                sql: [object.sql.as_slice(), b" "].concat(),
                ..object.clone()
            },
            SchemaObject {
                kind: format!("{}x", object.kind),
                ..object.clone()
            },
            SchemaObject {
                table: format!("{}x", object.table),
                ..object.clone()
            },
        ] {
            let mut tampered = objects.clone();
            tampered.insert(name.clone(), changed);
            assert_ne!(fingerprint(&tampered), base);
        }
        let mut fewer = objects.clone();
        fewer.remove(name);
        assert_ne!(fingerprint(&fewer), base);
    }
}
