//! Text rendering of a [`Diagram`]: an ASCII board any terminal can show.

use crate::core::{Cell, Coord, Diagram};

/// Draws the board with rank numbers on the left and file letters below, White's side at the
/// bottom. Cells widen to fit their longest label (crowded squares, marked pieces); holes are
/// drawn as blank space without borders.
pub fn ascii(d: &Diagram) -> String {
    let label = |cell: &Cell| match cell {
        Cell::Hole => String::new(),
        Cell::Empty => ".".to_string(),
        Cell::Pieces(pieces) => pieces.join(""),
    };
    let width = d.cells.iter().map(|c| label(c).chars().count()).max().unwrap_or(1).max(1) + 2;
    let rule = {
        let mut s = String::from("   +");
        for _ in 0..d.files {
            s.push_str(&"-".repeat(width));
            s.push('+');
        }
        s
    };
    let mut out = String::new();
    out.push_str(&rule);
    out.push('\n');
    for rank in (0..d.ranks).rev() {
        out.push_str(&format!("{:>2} |", rank + 1));
        for file in 0..d.files {
            let cell = d.cell(Coord::new(file, rank));
            let text = match cell {
                Cell::Hole => "#".repeat(width),
                _ => format!("{:^width$}", label(cell)),
            };
            out.push_str(&text);
            out.push('|');
        }
        out.push('\n');
        out.push_str(&rule);
        out.push('\n');
    }
    out.push_str("    ");
    for file in 0..d.files {
        out.push_str(&format!("{:^width$} ", (b'a' + file) as char));
    }
    out.push('\n');
    for note in &d.notes {
        out.push_str(note);
        out.push('\n');
    }
    out
}
