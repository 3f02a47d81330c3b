//! The board drawn for a person: South at the bottom, North's row right to left.

use goobalay::engine::{Position, Side};

/// Draws `pos` as lines of text, with hole numbers, Uurs marked by owner
/// (`*` South's, `+` North's), captured seeds and whose turn it is.
pub fn board(pos: &Position) -> String {
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
    let label = |k: usize| format!("{:>width$} ", k);
    let north_holes: Vec<usize> = (n..2 * n).rev().collect();
    let south_holes: Vec<usize> = (0..n).collect();
    let captured = pos.captured();
    let mut out = String::new();
    out.push_str(&format!(
        "        {}\n",
        north_holes
            .iter()
            .map(|h| label(h - n + 1))
            .collect::<String>()
    ));
    out.push_str(&format!(
        "North  {}   captured {}\n",
        north_holes.iter().map(|&h| cell(h)).collect::<String>(),
        captured.north
    ));
    out.push_str(&format!(
        "South  {}   captured {}\n",
        south_holes.iter().map(|&h| cell(h)).collect::<String>(),
        captured.south
    ));
    out.push_str(&format!(
        "        {}\n",
        south_holes
            .iter()
            .map(|&h| label(h + 1))
            .collect::<String>()
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
