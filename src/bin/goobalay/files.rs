//! Files named on the command line besides the database: inputs (rule files,
//! `--position @FILE`) and outputs (`tournament export --output`).
//!
//! An input must be a regular file (a FIFO or device would block or never end) of
//! at most [`MAX_INPUT_BYTES`]. An output never replaces an SQLite database (the one
//! in use or any other) or a file beside one (`-wal`, `-shm`, `-journal`: SQLite
//! would read it as part of that database), replaces an existing file only with
//! `--force`, and is written to a temporary file in the same folder that is then
//! renamed over the target, so a reader sees the old file or the new one, never half.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

/// Largest input file read (rule files and positions are a few hundred bytes).
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// Reads a text input file; `what` names it in messages ("rule file").
pub fn read_input(path: &Path, what: &str) -> anyhow::Result<String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).with_context(|| format!("cannot read {what} {shown}"))?;
    if !meta.is_file() {
        bail!("cannot read {what} {shown}: not a regular file (a folder, FIFO, device or socket)");
    }
    let too_big = || {
        anyhow::anyhow!(
            "{what} {shown} is larger than {} KiB, the most goobalay reads",
            MAX_INPUT_BYTES / 1024
        )
    };
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_big());
    }
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {what} {shown}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {what} {shown}"))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("cannot read {what} {shown}: it is not UTF-8 text"))
}

/// Does the file start like an SQLite database?
fn is_sqlite(path: &Path) -> bool {
    let mut header = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok()
        && header == *b"SQLite format 3\0"
}

/// The database a file beside it belongs to (`club.db-wal` -> `club.db`), if that
/// is an SQLite file.
fn database_beside(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_str()?;
    ["-wal", "-shm", "-journal"].iter().find_map(|suffix| {
        let base = path.with_file_name(name.strip_suffix(suffix)?);
        is_sqlite(&base).then_some(base)
    })
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

/// Checks that `path` may receive an export (see the module docs); `database` is
/// the database in use.
pub fn check_output(path: &Path, database: &Path, force: bool) -> anyhow::Result<()> {
    let shown = path.display();
    if let Some(base) = database_beside(path) {
        bail!(
            "will not write {shown}: SQLite would read it as part of the database {}; choose another file",
            base.display()
        );
    }
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("cannot write {shown}")),
    };
    if !meta.is_file() {
        bail!("cannot write {shown}: not a regular file (a folder, FIFO, device or socket)");
    }
    if std::fs::metadata(database).is_ok_and(|db| same_file(&meta, &db)) {
        bail!("will not write {shown}: it is the database in use; choose another file");
    }
    if is_sqlite(path) {
        bail!("will not write {shown}: it is an SQLite database; choose another file");
    }
    if !force {
        bail!("{shown} exists; give --force to replace it");
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically (a temporary file in the same folder, then a
/// rename); with `force` an existing file is replaced, else it is left alone.
pub fn write_output(path: &Path, bytes: &[u8], force: bool) -> anyhow::Result<()> {
    let shown = path.display();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".goobalay-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As a plain create would make it (the umask still applies).
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder
        .tempfile_in(dir)
        .with_context(|| format!("cannot write {shown}"))?;
    temp.write_all(bytes)
        .and_then(|()| temp.as_file().sync_all())
        .with_context(|| format!("cannot write {shown}"))?;
    let persisted = if force {
        temp.persist(path)
    } else {
        temp.persist_noclobber(path)
    };
    persisted.map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!("{shown} exists; give --force to replace it")
        } else {
            anyhow::Error::new(e.error).context(format!("cannot write {shown}"))
        }
    })?;
    Ok(())
}
