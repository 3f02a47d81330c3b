//! Checks goobalay's Dutch pairing against bbpPairings, the FIDE-endorsed Dutch
//! engine, on seeded random Swiss tournaments.
//!
//! Each tournament has 5–200 players and up to 12 rounds, with rating-driven
//! wins, draws and losses, forfeits (one side 4% of the games, both 1%), byes
//! asked for (3% of the players each round, half- or zero-point; 1% ask a round
//! ahead), late entries (their missed rounds zero-point byes, as the store
//! records them) and withdrawals (1% a round). Before every round the state is
//! written as TRF by goobalay's own export (`tournament export --format trf`:
//! `152`, forfeits, bye codes, `240` absences), bbpPairings pairs it (`--dutch
//! FILE -p OUT`), goobalay pairs the same state, and the two are compared: the
//! pairs, who is South (White), and the bye. The tournament then continues with
//! goobalay's pairing. A tournament agrees when every round does (a round both
//! refuse as unpairable agrees and ends it).
//!
//! It prints one line per tournament (`seed S: identical|DIFFERS, rounds a/b;
//! so far: t/n tournaments, r/m rounds`), so a long run's log can be read while it
//! runs, and the first differing round of each differing tournament.
//!
//! bbpPairings is not part of goobalay: build it from its public source
//! (`make` in a checkout) and pass the binary's path.
//!
//! With `--baku` every tournament is accelerated by FIDE's Baku method (C.04.5.1):
//! goobalay gives group A its virtual points when it pairs, and the export writes
//! them as `XXA` records, which bbpPairings adds to the scores it pairs on; the
//! same seeds give the same fields, ratings and events as without it.
//!
//! ```sh
//! cargo run --release --example dutch_vs_bbp -- /path/to/bbpPairings.exe [TOURNAMENTS] [FIRST_SEED] [--baku]
//! ```

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use goobalay::engine::BySide;
use goobalay::tournament::{
    Absent, Acceleration, ByePoints, Decision, Entrant, EntrantId, Fixture, Format, MatchResult,
    RequestedBye, Tournament, TournamentError, TournamentSetup, assign_start_ranks, trf,
    trf_numbers,
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

fn theirs(bbp: &Path, t: &Tournament, dir: &Path) -> Result<RoundPairing, String> {
    // The project's own TRF writer: what a director's export gives another program.
    let by_number: Vec<EntrantId> = trf_numbers(t).into_iter().map(|(id, _)| id).collect();
    let input = dir.join("round.trf");
    let output = dir.join("pairs.txt");
    std::fs::write(&input, trf(t)).map_err(|e| e.to_string())?;
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

/// A result: a forfeit by one side (4%) or both (1%), else a game whose odds follow
/// the ratings, a quarter of them drawn.
fn result(rng: &mut ChaCha8Rng, south: f64, north: f64) -> MatchResult {
    let forfeit: f64 = rng.random();
    if forfeit < 0.04 {
        return MatchResult::forfeited(if rng.random_bool(0.5) {
            Absent::South
        } else {
            Absent::North
        });
    }
    if forfeit < 0.05 {
        return MatchResult::forfeited(Absent::Both);
    }
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
fn tournament(
    bbp: &Path,
    seed: u64,
    acceleration: Acceleration,
    dir: &Path,
    tally: &mut Tally,
) -> Option<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players = rng.random_range(5..=200usize);
    let rounds = rng.random_range(1..=12u32);
    let mut t = TournamentSetup::new(format!("T{seed}"), "layli-goobalay", Format::Swiss);
    t.rounds = Some(rounds);
    t.acceleration = acceleration;
    let mut next_id = 1;
    let mut add = |t: &mut TournamentSetup, rng: &mut ChaCha8Rng| {
        let rank = t.entrants.len() as u32 + 1;
        // A late entry's missed rounds: zero-point byes, as the store records them.
        for round in 1..=current_round(t) {
            t.requested_byes.push(RequestedBye {
                round,
                player: next_id,
                points: ByePoints::Zero,
            });
        }
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
            let current = current_round(&t);
            let mut left = Vec::new();
            for e in &mut t.entrants {
                if e.withdrawn_after.is_none() && rng.random_bool(0.01) {
                    e.withdrawn_after = Some(current);
                    left.push(e.id);
                }
            }
            // A withdrawal takes back the byes asked for later rounds.
            t.requested_byes
                .retain(|b| b.round <= current || !left.contains(&b.player));
        }
        // Byes asked for: this round (3% of the players in), now and then the next.
        for i in 0..t.entrants.len() {
            let e = &t.entrants[i];
            if e.is_withdrawn() {
                continue;
            }
            let id = e.id;
            for (ahead, chance) in [(0, 0.03), (1, 0.01)] {
                let r = round + ahead;
                let asked = t
                    .requested_byes
                    .iter()
                    .any(|b| b.player == id && b.round == r);
                if r <= rounds && !asked && rng.random_bool(chance) {
                    let points = if rng.random_bool(0.5) {
                        ByePoints::Half
                    } else {
                        ByePoints::Zero
                    };
                    t.requested_byes.push(RequestedBye {
                        round: r,
                        player: id,
                        points,
                    });
                }
            }
        }
        let checked = Tournament::new_checked(t.clone()).expect("a valid tournament");
        let start = Instant::now();
        let mine = ours(&checked);
        tally.ours_time += start.elapsed();
        let other = theirs(bbp, &checked, dir);
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
        let Ok(pairing) = checked.next_round() else {
            break;
        };
        for p in pairing {
            let mut f = Fixture::pending(p);
            if let Some(n) = p.north {
                let rs = checked.entrant(p.south).unwrap().rating;
                let rn = checked.entrant(n).unwrap().rating;
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

/// The highest round paired so far ([`Tournament::current_round`] of the setup).
fn current_round(t: &TournamentSetup) -> u32 {
    t.fixtures
        .iter()
        .map(|f| f.pairing.round)
        .max()
        .unwrap_or(0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (flags, positional): (Vec<String>, Vec<String>) =
        std::env::args().skip(1).partition(|a| a.starts_with("--"));
    let acceleration = match flags.as_slice() {
        [] => Acceleration::None,
        [flag] if flag == "--baku" => Acceleration::Baku,
        _ => return Err(format!("unknown option {flags:?}: the only one is --baku").into()),
    };
    let mut args = positional.into_iter();
    let bbp = args
        .next()
        .ok_or("usage: dutch_vs_bbp BBPPAIRINGS_BINARY [TOURNAMENTS] [FIRST_SEED] [--baku]")?;
    let count: u64 = args.next().map_or(Ok(5000), |s| s.parse())?;
    let first: u64 = args.next().map_or(Ok(1), |s| s.parse())?;
    let dir = std::env::temp_dir().join(format!("goobalay-dutch-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut tally = Tally::default();
    for seed in first..first + count {
        let (rounds_before, same_before) = (tally.rounds, tally.rounds_identical);
        let difference = tournament(Path::new(&bbp), seed, acceleration, &dir, &mut tally);
        println!(
            "seed {seed}: {}, rounds {}/{}; so far: {}/{} tournaments identical, {}/{} rounds",
            if difference.is_none() {
                "identical"
            } else {
                "DIFFERS"
            },
            tally.rounds_identical - same_before,
            tally.rounds - rounds_before,
            tally.identical,
            tally.tournaments,
            tally.rounds_identical,
            tally.rounds
        );
        if let Some(d) = difference {
            println!("differs: {d}");
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
