//! Opening a goobalay database on a PostgreSQL server: connect, refuse a database of
//! another program or of a newer goobalay, bring the schema up to date with
//! `migrations/postgres/` (the twins of the SQLite migrations, same versions).
//!
//! Migrations run under sqlx's advisory lock (`pg_advisory_lock` on a key derived from
//! the database name), so processes opening a fresh database at once apply them once.

use std::str::FromStr;
use std::time::Duration;

use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};

use super::OpenError;
use super::open_error::Result;

pub(crate) static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// Whether a `--db` value names a PostgreSQL database rather than an SQLite file.
pub(crate) fn is_url(location: &str) -> bool {
    location.starts_with("postgres://") || location.starts_with("postgresql://")
}

/// The URL without its password (in the user part or a `password=` parameter), for
/// messages.
pub fn redacted(url: &str) -> String {
    let Ok(mut parsed) = url::Url::parse(url) else {
        return "(a URL that does not parse)".to_string();
    };
    if parsed.password().is_some() {
        let _ = parsed.set_password(Some("***"));
    }
    if parsed.query_pairs().any(|(k, _)| k == "password") {
        let pairs: Vec<(String, String)> = parsed
            .query_pairs()
            .map(|(k, v)| {
                let v = if k == "password" { "***".into() } else { v };
                (k.into_owned(), v.into_owned())
            })
            .collect();
        parsed.query_pairs_mut().clear().extend_pairs(pairs);
    }
    parsed.into()
}

/// Connects to the database at `url` and brings its schema up to date. With
/// `create` false (a command that only reads) an empty database is refused rather
/// than given goobalay's tables.
pub(crate) async fn open(url: &str, busy: Duration, create: bool) -> Result<PgPool> {
    let options = PgConnectOptions::from_str(url)
        .map_err(|e| OpenError::BadUrl {
            url: redacted(url),
            reason: e.to_string(),
        })?
        // goobalay's statements are short lookups and scans of one tournament, for
        // which the server's JIT compiler (on by default, for any plan estimated above
        // 100,000) spends far more compiling than it saves: `tournament list` over a
        // 100,128-match tournament took 0.45 s server-side, 0.35 s of it JIT.
        .options([("jit", "off")]);
    let mut conn = PgConnection::connect_with(&options).await?;
    let migrated = async {
        let state = schema_state(url, &mut conn).await?;
        if state == Schema::Empty && !create {
            return Err(OpenError::EmptyServerDatabase);
        }
        if state != Schema::UpToDate {
            MIGRATOR.run(&mut conn).await.map_err(|e| match e {
                // A newer goobalay migrated it between our look and the lock.
                sqlx::migrate::MigrateError::VersionMissing(found) => OpenError::NewerSchema {
                    path: redacted(url).into(),
                    found,
                    known: schema_version(),
                },
                e => e.into(),
            })?;
        }
        Ok::<_, OpenError>(())
    }
    .await;
    let _ = conn.close().await;
    migrated?;
    Ok(PgPoolOptions::new()
        .max_connections(4)
        .acquire_timeout(busy.max(Duration::from_secs(1)))
        .connect_with(options)
        .await?)
}

/// The newest schema version this build knows (the same as SQLite's).
pub(crate) fn schema_version() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// Where a database's schema stands (a newer or foreign one is an error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Schema {
    UpToDate,
    Pending,
    Empty,
}

async fn schema_state(url: &str, conn: &mut PgConnection) -> Result<Schema> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema()",
    )
    .fetch_all(&mut *conn)
    .await?;
    if !tables.iter().any(|t| t == "_sqlx_migrations") {
        if tables.is_empty() {
            return Ok(Schema::Empty);
        }
        return Err(OpenError::ForeignDatabase(redacted(url)));
    }
    let applied: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
            .fetch_all(&mut *conn)
            .await?;
    if let Some(&found) = applied.iter().find(|&&v| !MIGRATOR.version_exists(v)) {
        return Err(OpenError::NewerSchema {
            path: redacted(url).into(),
            found: found.max(*applied.last().unwrap_or(&found)),
            known: schema_version(),
        });
    }
    Ok(if MIGRATOR.iter().all(|m| applied.contains(&m.version)) {
        Schema::UpToDate
    } else {
        Schema::Pending
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_paths_are_told_apart() {
        assert!(is_url("postgres:///db?host=/tmp&user=u"));
        assert!(is_url("postgresql://localhost/league"));
        assert!(!is_url("club.db"));
        assert!(!is_url("/home/a/postgres://x"));
    }

    #[test]
    fn passwords_stay_out_of_messages() {
        assert_eq!(
            redacted("postgres://dir:s3cret@db.example/league"),
            "postgres://dir:***@db.example/league"
        );
        assert_eq!(
            redacted("postgres:///goobalay?host=/tmp/pg&user=goobalay"),
            "postgres:///goobalay?host=/tmp/pg&user=goobalay"
        );
        assert_eq!(
            redacted("postgres://db.example/league?user=dir&password=s3cret"),
            "postgres://db.example/league?user=dir&password=***"
        );
    }
}
