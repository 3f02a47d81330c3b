//! Checks goobalay's Dutch pairing against bbpPairings, the FIDE-endorsed Dutch
//! engine, on seeded random Swiss tournaments.
//!
//! Each tournament has 5–200 players and up to 12 rounds, with rating-driven
//! wins, draws and losses, late entries and withdrawals (goobalay's tournament
//! model has no forfeits or requested byes, so none are generated; the bye is
//! the pairing-allocated one). Before every round the state is written as TRF,
//! bbpPairings pairs it (`--dutch FILE -p OUT`), goobalay pairs the same state,
//! and the two are compared: the pairs, who is South (White), and the bye. The
//! tournament then continues with goobalay's pairing. A tournament agrees when
//! every round does (a round both refuse as unpairable agrees and ends it).
//!
//! bbpPairings is not part of goobalay: build it from its public source
//! (`make` in a checkout) and pass the binary's path.
//!
//! ```sh
//! cargo run --release --example dutch_vs_bbp -- /path/to/bbpPairings.exe [TOURNAMENTS] [FIRST_SEED]
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use goobalay::engine::BySide;
use goobalay::tournament::{
    Decision, Entrant, EntrantId, Fixture, Format, MatchResult, Points, Tournament,
    TournamentError, assign_start_ranks,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One round's pairing: `(south, north)` boards as a sorted list, and the bye.
#[derive(Debug, PartialEq, Eq)]
struct RoundPairing {
    boards: Vec<(EntrantId, EntrantId)>,
    bye: Option<EntrantId>,
}

fn ours(t: &Tournament) -> Result<RoundPairing, TournamentError> {
    let round = t.next_round()?;
    let mut boards: Vec<(EntrantId, EntrantId)> = round
        .iter()
        .filter_map(|p| p.north.map(|n| (p.south, n)))
        .collect();
    boards.sort_unstable();
    let bye = round.iter().find(|p| p.is_bye()).map(|p| p.south);
    Ok(RoundPairing { boards, bye })
}

/// The TRF (2016 layout, which bbpPairings reads) of `t` before its next round;
/// `number` maps entrants to TRF pairing numbers 1..n in starting-rank order.
fn trf(t: &Tournament, number: &HashMap<EntrantId, usize>) -> String {
    let played = t.current_round();
    let mut out = String::new();
    writeln!(out, "012 harness").unwrap();
    writeln!(out, "XXR {}", t.planned_rounds()).unwrap();
    writeln!(out, "152 W").unwrap();
    let mut entrants: Vec<&Entrant> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.start_rank);
    for e in entrants {
        let mut score = Points::ZERO;
        let mut cols = String::new();
        for r in 1..=played {
            let f = t
                .fixtures
                .iter()
                .find(|f| f.pairing.round == r && f.pairing.involves(e.id));
            match f {
                None => cols.push_str("  0000 - -"),
                Some(f) if f.pairing.is_bye() => {
                    score += t.points.bye;
                    cols.push_str("  0000 - U");
                }
                Some(f) => {
                    let p = f.pairing;
                    let opp = p.opponent_of(e.id).unwrap();
                    let colour = if p.south == e.id { 'w' } else { 'b' };
                    let o = f.outcome_for(e.id).expect("a finished round");
                    score += t.points.points(o);
                    let res = match o {
                        goobalay::tournament::GameOutcome::Win => '1',
                        goobalay::tournament::GameOutcome::Draw => '=',
                        _ => '0',
                    };
                    write!(cols, "  {:>4} {colour} {res}", number[&opp]).unwrap();
                }
            }
        }
        if e.withdrawn_after.is_some_and(|w| w <= played) {
            cols.push_str("  0000 - -");
        }
        let name: String = e.name.chars().take(33).collect();
        writeln!(
            out,
            "001 {:>4}      {:<33} {:>4} {:>3} {:>11} {:>10} {:>4.1} {:>4}{}",
            number[&e.id],
            name,
            e.rating as i64,
            "",
            "",
            "",
            score.as_f64(),
            number[&e.id],
            cols
        )
        .unwrap();
    }
    out
}

fn theirs(bbp: &Path, t: &Tournament, dir: &Path) -> Result<RoundPairing, String> {
    let mut entrants: Vec<&Entrant> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.start_rank);
    let number: HashMap<EntrantId, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i + 1))
        .collect();
    let by_number: Vec<EntrantId> = entrants.iter().map(|e| e.id).collect();
    let input = dir.join("round.trf");
    let output = dir.join("pairs.txt");
    std::fs::write(&input, trf(t, &number)).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&output);
    let run = Command::new(bbp)
        .arg("--dutch")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", bbp.display()))?;
    if !run.status.success() {
        return Err(String::from_utf8_lossy(&run.stderr).trim().to_string());
    }
    let text = std::fs::read_to_string(&output).map_err(|e| e.to_string())?;
    let mut boards = Vec::new();
    let mut bye = None;
    for line in text.lines().skip(1) {
        let mut it = line.split_whitespace().map(|x| x.parse::<usize>().unwrap());
        let (w, b) = (it.next().unwrap(), it.next().unwrap());
        if b == 0 {
            bye = Some(by_number[w - 1]);
        } else {
            boards.push((by_number[w - 1], by_number[b - 1]));
        }
    }
    boards.sort_unstable();
    Ok(RoundPairing { boards, bye })
}

fn result(rng: &mut ChaCha8Rng, south: f64, north: f64) -> MatchResult {
    let expected = 1.0 / (1.0 + 10f64.powf((north - south) / 400.0));
    let draw = 0.25;
    let roll: f64 = rng.random();
    let (decision, seeds) = if roll < draw {
        (Decision::Draw, (24, 24))
    } else if roll < draw + (1.0 - draw) * expected {
        (Decision::South, (30, 18))
    } else {
        (Decision::North, (18, 30))
    };
    MatchResult {
        decision,
        seeds: BySide::new(seeds.0, seeds.1),
        forfeit: None,
    }
}

#[derive(Default)]
struct Tally {
    tournaments: u32,
    identical: u32,
    rounds: u32,
    rounds_identical: u32,
    both_refused: u32,
    ours_time: Duration,
}

/// Plays one seeded tournament; returns the first differing round, if any.
fn tournament(bbp: &Path, seed: u64, dir: &Path, tally: &mut Tally) -> Option<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players = rng.random_range(5..=200usize);
    let rounds = rng.random_range(1..=12u32);
    let mut t = Tournament::new(format!("T{seed}"), "layli-goobalay", Format::Swiss);
    t.rounds = Some(rounds);
    let mut next_id = 1;
    let mut add = |t: &mut Tournament, rng: &mut ChaCha8Rng| {
        let rank = t.entrants.len() as u32 + 1;
        t.entrants.push(Entrant {
            id: next_id,
            name: format!("Player {next_id}"),
            rating: rng.random_range(1000..2400) as f64,
            withdrawn_after: None,
            start_rank: rank,
        });
        next_id += 1;
    };
    for _ in 0..players {
        add(&mut t, &mut rng);
    }
    assign_start_ranks(&mut t.entrants);
    let mut first_difference = None;
    for round in 1..=rounds {
        if round > 1 {
            // Late entries and withdrawals between rounds.
            if rng.random_bool(0.15) {
                for _ in 0..rng.random_range(1..=3) {
                    add(&mut t, &mut rng);
                }
            }
            let current = t.current_round();
            for e in &mut t.entrants {
                if e.withdrawn_after.is_none() && rng.random_bool(0.01) {
                    e.withdrawn_after = Some(current);
                }
            }
        }
        let start = Instant::now();
        let mine = ours(&t);
        tally.ours_time += start.elapsed();
        let other = theirs(bbp, &t, dir);
        tally.rounds += 1;
        match (&mine, &other) {
            (Ok(a), Ok(b)) if a == b => tally.rounds_identical += 1,
            (Err(TournamentError::NoLegalPairing { .. }), Err(e))
                if e.contains("No valid pairing") =>
            {
                tally.rounds_identical += 1;
                tally.both_refused += 1;
                break;
            }
            (Err(TournamentError::TooFewEntrants { .. }), Err(_)) => {
                tally.rounds_identical += 1;
                break;
            }
            _ => {
                if first_difference.is_none() {
                    first_difference = Some(format!(
                        "seed {seed} round {round} ({} players): goobalay {:?} / bbpPairings {:?}",
                        t.entrants.iter().filter(|e| !e.is_withdrawn()).count(),
                        mine.as_ref().map(|r| (r.bye, r.boards.len())),
                        other.as_ref().map(|r| (r.bye, r.boards.len()))
                    ));
                    std::fs::copy(dir.join("round.trf"), dir.join(format!("diff-{seed}.trf"))).ok();
                }
                if mine.is_err() {
                    break;
                }
            }
        }
        let Ok(pairing) = t.next_round() else { break };
        for p in pairing {
            let mut f = Fixture::pending(p);
            if let Some(n) = p.north {
                let rs = t.entrant(p.south).unwrap().rating;
                let rn = t.entrant(n).unwrap().rating;
                f.result = Some(result(&mut rng, rs, rn));
            }
            t.fixtures.push(f);
        }
    }
    tally.tournaments += 1;
    if first_difference.is_none() {
        tally.identical += 1;
    }
    first_difference
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let bbp = args
        .next()
        .ok_or("usage: dutch_vs_bbp BBPPAIRINGS_BINARY [TOURNAMENTS] [FIRST_SEED]")?;
    let count: u64 = args.next().map_or(Ok(5000), |s| s.parse())?;
    let first: u64 = args.next().map_or(Ok(1), |s| s.parse())?;
    let dir = std::env::temp_dir().join(format!("goobalay-dutch-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut tally = Tally::default();
    for seed in first..first + count {
        if let Some(d) = tournament(Path::new(&bbp), seed, &dir, &mut tally) {
            println!("differs: {d}");
        }
        if tally.tournaments % 25 == 0 {
            println!(
                "after seed {seed}: {}/{} tournaments identical, {}/{} rounds",
                tally.identical, tally.tournaments, tally.rounds_identical, tally.rounds
            );
        }
    }
    println!(
        "tournaments identical: {}/{}; rounds identical: {}/{} ({} refused by both); goobalay pairing time {:.1} s",
        tally.identical,
        tally.tournaments,
        tally.rounds_identical,
        tally.rounds,
        tally.both_refused,
        tally.ours_time.as_secs_f64()
    );
    println!("differing rounds' TRF files are kept in {}", dir.display());
    Ok(())
}
