//! Plays a multi-hand match (RULES.md §3; Layli Goobalay unless a variant is named)
//! between two engine players with the library alone, and prints its hands. Every
//! such match ends: at the latest at the default hand limit of RULES.md §3 point 11
//! (200 hands for Layli Goobalay and Tampoduo, 50 for the others).
//!
//! ```sh
//! cargo run --example engine_match -- [SEED] [SOUTH_LEVEL] [NORTH_LEVEL] [VARIANT]
//! ```

use goobalay::ai::Level;
use goobalay::engine::{BySide, Side, Variant};
use goobalay::matches::{MatchForm, MatchOutcome, MatchSpec, play_engine_match};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed: u64 = args.first().map_or(Ok(1), |s| s.parse())?;
    let south = Level::parse(args.get(1).map_or("greedy", String::as_str))?;
    let north = Level::parse(args.get(2).map_or("random", String::as_str))?;

    let name = args.get(3).map_or("layli-goobalay", String::as_str);
    let variant = Variant::preset(name).ok_or_else(|| format!("unknown variant '{name}'"))?;
    let n = variant.rules.holes_per_row;
    let spec = MatchSpec::new(&variant, MatchForm::Hands, None, Side::South)?;
    let max_hands = spec.max_hands.expect("a hands match has a limit");
    let record = play_engine_match(spec, BySide::new(south, north), seed);

    println!(
        "{}, {south} (south) v {north} (north), seed {seed}, at most {} hands",
        variant.name, max_hands
    );
    for hand in &record.hands {
        let row = |side: Side| {
            hand.arrangement[side]
                .as_ref()
                .map_or("setup".to_string(), |r| {
                    r.iter().map(u16::to_string).collect::<Vec<_>>().join(",")
                })
        };
        let score = hand.score.expect("a finished match's hands are finished");
        println!(
            "hand {:>2}: {} first, brought {:>2}-{:<2} kept {:>2}-{:<2} S[{}] N[{}] {:>3} moves, {:<8} -> {}-{}",
            hand.number,
            hand.first_mover,
            hand.holdings.south,
            hand.holdings.north,
            hand.kept.south,
            hand.kept.north,
            row(Side::South),
            row(Side::North),
            hand.moves.len(),
            hand.end.map_or("", |e| e.name()),
            score.south,
            score.north,
        );
        println!("         moves: {}", hand.moves_text(n));
    }
    match record.outcome {
        Some(MatchOutcome::Winner(side)) => println!("{side} wins the match"),
        Some(MatchOutcome::Draw) => println!("the match is drawn"),
        None => println!("unfinished"),
    }
    Ok(())
}
