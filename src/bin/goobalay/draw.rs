//! The board drawn for a person: South at the bottom, North's row right to left.

use goobalay::engine::{BySide, Position, Side};

/// Draws `pos` as lines of text, with hole numbers, Uurs marked by owner
/// (`*` South's, `+` North's), captured seeds and whose turn it is.
pub fn board(pos: &Position) -> String {
    board_kept(pos, BySide::new(0, 0))
}

/// [`board`] for a hand of a multi-hand match, in which `kept` seeds were kept in hand
/// at the rearrangement: the position counts them as captured (RULES.md §9); a person
/// sees them as kept.
pub fn board_kept(pos: &Position, kept: BySide<u32>) -> String {
    let n = pos.rules().holes_per_row as usize;
    let width = pos
        .board()
        .iter()
        .map(|s| s.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2)
        + 1;
    let cell = |hole: usize| -> String {
        let mark = match pos.uur_owner(hole) {
            Some(Side::South) => "*",
            Some(Side::North) => "+",
            None => " ",
        };
        format!("{:>width$}{mark}", pos.seeds_in(hole))
    };
    // A hole number stands right above (or below) the last digit of its seeds.
    let label = |k: usize| format!("{:>width$} ", k);
    let holding = |side: Side| {
        let captured = pos.captured()[side];
        let kept = kept[side].min(captured);
        if kept > 0 {
            format!("captured {}, kept {kept}", captured - kept)
        } else {
            format!("captured {captured}")
        }
    };
    let north_holes: Vec<usize> = (n..2 * n).rev().collect();
    let south_holes: Vec<usize> = (0..n).collect();
    let mut out = String::new();
    out.push_str(&format!(
        "       {}\n",
        north_holes
            .iter()
            .map(|h| label(h - n + 1))
            .collect::<String>()
            .trim_end()
    ));
    out.push_str(&format!(
        "North  {}   {}\n",
        north_holes.iter().map(|&h| cell(h)).collect::<String>(),
        holding(Side::North)
    ));
    out.push_str(&format!(
        "South  {}   {}\n",
        south_holes.iter().map(|&h| cell(h)).collect::<String>(),
        holding(Side::South)
    ));
    out.push_str(&format!(
        "       {}\n",
        south_holes
            .iter()
            .map(|&h| label(h + 1))
            .collect::<String>()
            .trim_end()
    ));
    if pos.rules().has_uurs() && pos.uur_owners().iter().any(Option::is_some) {
        out.push_str("(* South's Uur, + North's Uur)\n");
    }
    match pos.outcome() {
        Some(o) => {
            let winner = o.winner.map_or("draw".to_string(), |s| format!("{s} wins"));
            out.push_str(&format!(
                "Game over ({}): South {}, North {} - {winner}\n",
                o.end.name(),
                o.score.south,
                o.score.north
            ));
        }
        None => {
            let legal: Vec<String> = pos
                .legal_moves()
                .iter()
                .map(|m| m.notation(n as u8))
                .collect();
            out.push_str(&format!(
                "{} to move (ply {}); legal: {}\n",
                pos.to_move(),
                pos.ply(),
                legal.join(" ")
            ));
        }
    }
    out
}
