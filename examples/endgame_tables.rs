//! Builds one endgame table (every position with at most SEEDS seeds on the board
//! outside Uurs, `goobalay::ai::exact`) and prints its figures: positions, the
//! positions whose value holds whatever the history, bytes, build time and the
//! process's peak memory. The measurements in `docs/ai-measurements.md` are made
//! with it.
//!
//! ```sh
//! cargo run --release --example endgame_tables -- tampoduo 12
//! ```

use std::time::Instant;

use goobalay::ai::ExactTable;
use goobalay::engine::Variant;

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("tampoduo", String::as_str);
    let seeds: usize = args.get(1).map_or(Ok(8), |s| s.parse())?;
    let variant = Variant::preset(name).ok_or_else(|| format!("no preset named '{name}'"))?;
    let started = Instant::now();
    let mut last = 0;
    let table = ExactTable::endgame(variant.rules, seeds, u64::MAX, &mut |done, all| {
        if done >= last + all / 10 {
            last = done;
            eprintln!(
                "{done} of {all} positions, {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let stats = table.stats();
    println!(
        "{} at most {seeds} seeds: {} positions, {} exact for any history, largest component {}, \
         {} bytes (after the build), {seconds:.1} s, peak memory {:.0} MB",
        variant.name,
        stats.positions,
        stats.exact,
        stats.largest_component,
        stats.bytes,
        peak_memory_mb().unwrap_or(f64::NAN)
    );
    Ok(())
}
