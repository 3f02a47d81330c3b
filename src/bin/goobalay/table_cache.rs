//! Finished endgame tables kept in a cache folder (`goobalay::ai::keep_tables_with`),
//! so that a review in a new process reads Layli Goobalay's table in a fraction of a
//! second instead of building it for about 20 s.
//!
//! A file is named for the build of the binary that wrote it (a hash of the
//! executable's bytes): a table written by another build, whose table code may
//! differ, is never read, and is removed when this build keeps its own.

use std::hash::{DefaultHasher, Hasher};
use std::io::Read;
use std::path::PathBuf;
use std::sync::OnceLock;

use goobalay::ai::TableCache;

/// The cache the binary keeps its tables in.
pub const FILES: TableCache = TableCache { load, save };

/// `GOOBALAY_CACHE_DIR` if set (empty: no cache); otherwise, in a release build,
/// `goobalay` in the user's cache folder (`XDG_CACHE_HOME`, or `~/.cache`;
/// `%LOCALAPPDATA%\goobalay\cache` on Windows). A debug build (the tests) keeps
/// nothing unless told where.
fn folder() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("GOOBALAY_CACHE_DIR") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir));
    }
    if cfg!(debug_assertions) {
        return None;
    }
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join("goobalay"));
    }
    if cfg!(windows) {
        return Some(
            PathBuf::from(std::env::var_os("LOCALAPPDATA")?)
                .join("goobalay")
                .join("cache"),
        );
    }
    Some(
        PathBuf::from(std::env::var_os("HOME")?)
            .join(".cache")
            .join("goobalay"),
    )
}

/// A hash of this executable's bytes, read once per process.
fn build_id() -> Option<u64> {
    static ID: OnceLock<Option<u64>> = OnceLock::new();
    *ID.get_or_init(|| {
        let mut file = std::fs::File::open(std::env::current_exe().ok()?).ok()?;
        let mut hasher = DefaultHasher::new();
        let mut buffer = vec![0; 1 << 20];
        loop {
            match file.read(&mut buffer).ok()? {
                0 => return Some(hasher.finish()),
                n => hasher.write(&buffer[..n]),
            }
        }
    })
}

fn path_of(name: &str) -> Option<PathBuf> {
    Some(folder()?.join(format!("{name}-{:016x}.table", build_id()?)))
}

fn load(name: &str) -> Option<Vec<u8>> {
    std::fs::read(path_of(name)?).ok()
}

/// Writes the table beside its final name and renames it there, so that another
/// process never reads half a file; then removes the same table of other builds.
fn save(name: &str, bytes: &[u8]) {
    let Some(path) = path_of(name) else { return };
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let partial = path.with_extension(format!("partial-{}", std::process::id()));
    if std::fs::write(&partial, bytes).is_err() || std::fs::rename(&partial, &path).is_err() {
        let _ = std::fs::remove_file(&partial);
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = format!("{name}-");
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        if file.starts_with(&prefix) && file.ends_with(".table") && entry.path() != path {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
