//! The large-open benchmark: reads a TRF file (by default
//! `../shared/swiss/open-1000-after-round-8.trf`, a 1,000-player Swiss after 8
//! rounds made by bbpPairings' generator) and pairs its next round with
//! goobalay's Dutch system, as `tournament pair` would after `tournament import`.
//! Prints the CPU time of the reading and of the pairing (as the kernel accounts
//! it to this process, `getrusage`), the number of boards, and a digest of the
//! pairing (every board's South and North pairing numbers, and the bye) so that
//! two builds can be checked to give the same boards. `--boards FILE` writes the
//! boards, one `south north` line each (the bye as `south -`), for a full
//! comparison. Target: round 9 of the 1,000-player open in at most 10 s of CPU
//! (release build).
//!
//! ```sh
//! cargo run --release --example trf_next_round_timing -- [FILE.trf] [--boards OUT]
//! ```
//!
//! Measured on the 2-core development machine (release build, shared with other
//! builds, load average 11 to 16): before, pairing 25.7 s (the issue measured
//! 19.2 s on a quieter machine); with the table of edges beside the weights,
//! 14.1 to 15.4 s, the same 499 boards (digest 04bdc7565aefa98e). With each
//! distinct weight stored once (7,735 of them) and the slack's two carry chains:
//! 8.98 to 9.3 s at load average 4.6 to 8, the same digest; the target is met.

use std::fmt::Write;
use std::hash::{Hash, Hasher};

use goobalay::tournament::parse_trf;

fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes into the zeroed struct we own.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut file = String::from("../shared/swiss/open-1000-after-round-8.trf");
    let mut boards_out = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--boards" {
            boards_out = Some(args.next().ok_or("--boards needs a file")?);
        } else {
            file = arg;
        }
    }
    let text = std::fs::read_to_string(&file)?;
    let start = cpu_seconds();
    let event = parse_trf(&text)?;
    let read = cpu_seconds() - start;
    let t = &event.tournament;
    let start = cpu_seconds();
    let round = t.next_round()?;
    let paired = cpu_seconds() - start;
    let mut listing = String::new();
    for p in &round {
        match p.north {
            Some(n) => writeln!(listing, "{} {}", p.south, n)?,
            None => writeln!(listing, "{} -", p.south)?,
        }
    }
    let mut digest = std::collections::hash_map::DefaultHasher::new();
    listing.hash(&mut digest);
    if let Some(out) = boards_out {
        std::fs::write(out, &listing)?;
    }
    let boards = round.iter().filter(|p| p.north.is_some()).count();
    println!(
        "{file}: {} players, round {} paired: {boards} boards, digest {:016x}",
        t.entrants().len(),
        t.current_round() + 1,
        digest.finish()
    );
    println!("CPU: reading {read:.2} s, pairing {paired:.2} s (target 10 s)");
    Ok(())
}
