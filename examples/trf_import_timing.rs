//! Times the reading of a TRF file (`tournament import`'s pure part,
//! `tournament::parse_trf`) as the players grow to the format's 4-digit limit:
//! a Swiss of PLAYERS (2,500, 5,000 and 9,999 by default) and 5 rounds, paired by
//! the circle method (no pairing repeats), every result a win, draw or loss, an odd
//! player out with a zero-point bye each round. Prints the median of 3 parses of
//! each size; linear reading keeps the seconds per 1,000 players level.
//!
//! ```sh
//! cargo run --release --example trf_import_timing -- [PLAYERS ...]
//! ```
//!
//! Measured on the 2-core development machine, unoptimised (`cargo run`) builds
//! under load: before the reading was made linear, 2,500 players 43.9 s and 5,000
//! 162.5 s (quadratic: 3.7 times for twice the players; 9,999 not waited for);
//! after, 2,500 0.23 s, 5,000 0.49 s, 9,999 0.88 s.

use std::fmt::Write;
use std::time::{Duration, Instant};

use goobalay::tournament::parse_trf;

const ROUNDS: usize = 5;

/// The TRF text of the event described above.
fn trf_of(players: usize) -> String {
    // The circle method over an even field: `m - 1` fixed, the rest turning.
    let m = players - players % 2;
    let turning = m - 1;
    // rounds[r][i] = (opponent, white, result) for player i (0-based).
    let mut rounds = vec![vec![None; players]; ROUNDS];
    for (r, round) in rounds.iter_mut().enumerate() {
        let mut pair = |a: usize, b: usize, k: usize| {
            let (white, black) = if (r + k).is_multiple_of(2) {
                (a, b)
            } else {
                (b, a)
            };
            let (rw, rb) = match (white * 7 + black * 3 + r) % 3 {
                0 => ('1', '0'),
                1 => ('=', '='),
                _ => ('0', '1'),
            };
            round[white] = Some((black, 'w', rw));
            round[black] = Some((white, 'b', rb));
        };
        pair(turning, r % turning, 0);
        for k in 1..m / 2 {
            pair((r + k) % turning, (r + turning - k) % turning, k);
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "012 Timing Open\n092 swiss (tihbat)\n142 {ROUNDS}\n152 W"
    );
    for i in 0..players {
        let mut line = format!("001 {:>4}      P{:<32} {:>4}", i + 1, i + 1, 2000);
        let mut points = 0.0;
        let mut rounds_text = String::new();
        for round in &rounds {
            match round[i] {
                Some((o, colour, result)) => {
                    points += match result {
                        '1' => 1.0,
                        '=' => 0.5,
                        _ => 0.0,
                    };
                    let _ = write!(rounds_text, "  {:>4} {colour} {result}", o + 1);
                }
                None => rounds_text.push_str("  0000 - Z"),
            }
        }
        while line.chars().count() < 80 {
            line.push(' ');
        }
        let _ = writeln!(out, "{line}{points:>4.1} {:>4}{rounds_text}", i + 1);
    }
    out
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number of players"))
        .collect();
    let sizes = if sizes.is_empty() {
        vec![2_500, 5_000, 9_999]
    } else {
        sizes
    };
    for players in sizes {
        let text = trf_of(players);
        let mut times: Vec<Duration> = (0..3)
            .map(|_| {
                let start = Instant::now();
                let event = parse_trf(&text).unwrap_or_else(|e| panic!("{players} players: {e}"));
                let took = start.elapsed();
                assert_eq!(event.players.len(), players);
                took
            })
            .collect();
        times.sort();
        println!(
            "{players:>5} players, {ROUNDS} rounds: {:.3} s to read",
            times[1].as_secs_f64()
        );
    }
}
