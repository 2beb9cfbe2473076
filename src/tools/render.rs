//! Text rendering of a [`Diagram`]: an ASCII board any terminal can show.

use crate::core::{Cell, Compass, Coord, Diagram};

/// Draws the board with rank numbers on the left and file letters below, White's side at the
/// bottom. Cells widen to fit their longest label (crowded squares, marked pieces); holes are
/// filled with `#`. Boards with wires get a grid of their own ([`with_wires`]).
pub fn ascii(d: &Diagram) -> String {
    if !d.wires.is_empty() || d.cells.contains(&Cell::Hole) {
        return with_wires(d);
    }
    let width = cell_width(d);
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
    push_footer(&mut out, d, width);
    out
}

/// The file letters under the board, then the notes.
fn push_footer(out: &mut String, d: &Diagram, width: usize) {
    out.push_str("    ");
    for file in 0..d.files {
        out.push_str(&format!("{:^width$} ", (b'a' + file) as char));
    }
    out.push('\n');
    for note in &d.notes {
        out.push_str(note);
        out.push('\n');
    }
}

/// A cell's text: its pieces' labels, `.` when empty.
fn label(cell: &Cell) -> String {
    match cell {
        Cell::Hole => String::new(),
        Cell::Empty => ".".to_string(),
        Cell::Pieces(pieces) => pieces.join(""),
    }
}

/// Every cell is as wide as the longest label, plus a space each side.
fn cell_width(d: &Diagram) -> usize {
    d.cells.iter().map(|c| label(c).chars().count()).max().unwrap_or(1).max(1) + 2
}

/// A board with holes and wires on edges: square sides are thin lines (`-`, `|`), wires heavy
/// box-drawing lines (`━`, `┃`), holes blank.
fn with_wires(d: &Diagram) -> String {
    let width = cell_width(d);
    let on_board = |file: i16, rank: i16| {
        (0..d.files as i16).contains(&file)
            && (0..d.ranks as i16).contains(&rank)
            && *d.cell(Coord::new(file as u8, rank as u8)) != Cell::Hole
    };
    // The line above rank `rank` (rank = d.ranks for the top border): one segment per file.
    let rule = |rank: i16| {
        let mut s = String::from("   ");
        for file in 0..d.files as i16 {
            let below = on_board(file, rank - 1);
            let above = on_board(file, rank);
            let corner = if below || above || on_board(file - 1, rank - 1) || on_board(file - 1, rank) {
                '+'
            } else {
                ' '
            };
            s.push(corner);
            let segment = if !(below || above) {
                " ".repeat(width)
            } else {
                let wired = if below {
                    d.has_wire(Coord::new(file as u8, (rank - 1) as u8), Compass::North)
                } else {
                    d.has_wire(Coord::new(file as u8, rank as u8), Compass::South)
                };
                if wired {
                    "━".repeat(width)
                } else {
                    "-".repeat(width)
                }
            };
            s.push_str(&segment);
        }
        let last = d.files as i16;
        let corner = on_board(last - 1, rank - 1) || on_board(last - 1, rank);
        s.push(if corner { '+' } else { ' ' });
        s.trim_end().to_string()
    };
    let mut out = String::new();
    out.push_str(&rule(d.ranks as i16));
    out.push('\n');
    for rank in (0..d.ranks as i16).rev() {
        let mut line = format!("{:>2} ", rank + 1);
        for file in 0..=d.files as i16 {
            // The separator west of `file`.
            let west = on_board(file - 1, rank);
            let east = on_board(file, rank);
            let separator = if !(west || east) {
                ' '
            } else {
                let wired = if east {
                    d.has_wire(Coord::new(file as u8, rank as u8), Compass::West)
                } else {
                    d.has_wire(Coord::new((file - 1) as u8, rank as u8), Compass::East)
                };
                if wired {
                    '┃'
                } else {
                    '|'
                }
            };
            line.push(separator);
            if file < d.files as i16 {
                let cell = d.cell(Coord::new(file as u8, rank as u8));
                match cell {
                    Cell::Hole => line.push_str(&" ".repeat(width)),
                    _ => line.push_str(&format!("{:^width$}", label(cell))),
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        out.push_str(&rule(rank));
        out.push('\n');
    }
    push_footer(&mut out, d, width);
    out
}
