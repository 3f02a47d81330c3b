//! Opening the store for a command: the database path, a current-thread tokio
//! runtime, and closing the store (checkpointing the WAL) whatever the outcome.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use goobalay::store::{Store, default_db_path};

/// Runs `f` with the store at `db` (or the default path).
pub fn with_store<T>(
    db: Option<PathBuf>,
    f: impl AsyncFnOnce(&Store) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let path = db.unwrap_or_else(default_db_path);
        let store = Store::open(&path)
            .await
            .with_context(|| format!("cannot open database {}", path.display()))?;
        let result = f(&store).await;
        store.close().await;
        result
    })
}

/// Prints a value as pretty JSON with a final newline.
pub fn print_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    let mut out = crate::out::stdout();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// A UTC time shown in local time.
pub fn local(t: chrono::DateTime<chrono::Utc>) -> String {
    t.with_timezone(&chrono::Local)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

/// Writes `rows` as CSV: a header line of the table's column names, then a line a row.
pub fn write_csv<T: tabled::Tabled>(
    out: &mut impl std::io::Write,
    rows: &[T],
) -> std::io::Result<()> {
    let line = |fields: Vec<std::borrow::Cow<'_, str>>| {
        fields
            .iter()
            .map(|f| csv_field(f))
            .collect::<Vec<_>>()
            .join(",")
    };
    writeln!(out, "{}", line(T::headers()))?;
    for row in rows {
        writeln!(out, "{}", line(row.fields()))?;
    }
    Ok(())
}

/// A CSV text field: quoted when needed, defused against CSV injection (see
/// [`goobalay::tournament::export::csv_field`]).
pub fn csv_field(text: &str) -> String {
    goobalay::tournament::export::csv_field(text)
}
