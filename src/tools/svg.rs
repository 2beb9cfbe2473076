//! SVG pictures of a [`Diagram`]: the board's real shape (holes left out), pieces as letters in
//! circles coloured by side, crowds of several pieces on one square, burning pieces and declared
//! Firefighters marked, the squares of one Tirebiter piece linked, wires drawn on the edges,
//! highlighted squares (the last move), and coordinates.

mod figures;

use crate::core::{Cell, Compass, Coord, Diagram};
use std::fmt::Write;

/// Side of a square, in SVG user units.
const SQUARE: f64 = 48.0;
/// Room for the coordinates around the board.
const MARGIN: f64 = 24.0;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const WIRE: &str = "#c0392b";
const HIGHLIGHT: &str = "#f7ec5d";

/// A piece label taken apart: its letter, side, Tirebiter number and marks.
struct Label<'a> {
    letter: char,
    /// `None`: White/Black by case; `Some(c)`: a seat letter (`r`, `b`, `y`, `g`) prefix.
    seat: Option<char>,
    white: bool,
    number: &'a str,
    burning: bool,
    firefighter: bool,
}

fn parse_label(text: &str) -> Option<Label<'_>> {
    let mut chars = text.char_indices();
    let (_, first) = chars.next()?;
    // Four-seat labels: seat letter then an upper-case piece letter (`rK`).
    let (seat, letter, rest_at) = match chars.next() {
        Some((i, second)) if first.is_ascii_lowercase() && second.is_ascii_uppercase() => {
            (Some(first), second, i + second.len_utf8())
        }
        _ => (None, first, first.len_utf8()),
    };
    let rest = &text[rest_at..];
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    Some(Label {
        letter: letter.to_ascii_uppercase(),
        seat,
        white: letter.is_ascii_uppercase(),
        number: &rest[..digits],
        burning: rest.contains('!'),
        firefighter: rest.contains('~'),
    })
}

fn seat_colours(label: &Label) -> (&'static str, &'static str) {
    // (fill, text)
    match label.seat {
        Some('r') => ("#d9534f", "#ffffff"),
        Some('b') => ("#337ab7", "#ffffff"),
        Some('y') => ("#f0c419", "#000000"),
        Some('g') => ("#3c9d4e", "#ffffff"),
        _ if label.white => ("#ffffff", "#000000"),
        _ => ("#222222", "#ffffff"),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A square's column and row on the picture (row 0 at the top), the board turned `quarter_turns`
/// times clockwise: 0 puts rank 1 at the bottom, 2 rank 1 at the top (Black's view). Boards
/// turned a quarter are square (Fimbriation's 14x14), so the picture keeps its size.
fn screen(d: &Diagram, c: Coord, quarter_turns: u8) -> (u8, u8) {
    let (f, r) = (c.file, c.rank);
    match quarter_turns % 4 {
        0 => (f, d.ranks - 1 - r),
        1 => (r, f),
        2 => (d.files - 1 - f, r),
        _ => (d.ranks - 1 - r, d.files - 1 - f),
    }
}

/// The top-left corner of a square's picture.
fn corner(d: &Diagram, c: Coord, quarter_turns: u8) -> (f64, f64) {
    let (col, row) = screen(d, c, quarter_turns);
    (MARGIN + col as f64 * SQUARE, MARGIN + row as f64 * SQUARE)
}

/// The pictures' pieces: letters in circles, or figures drawn here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PieceSet {
    /// Letters in circles (the CLI's pictures).
    #[default]
    Letters,
    /// Figures for the chess family (the FIDE pieces, the Fighting King, the four armies and
    /// Fimbriation's four colours).
    ChessFigures,
    /// Figures for Not A Chess Variant's King, Rook, Android, Caretaker, WireRider and Short
    /// Windrider (its letters mean other pieces than the armies' same letters).
    WireFigures,
}

/// What a picture adds for interactive use (the browser board of `jester serve`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Invisible click targets on every edge of the board (`class="edge"`, `data-edge` the
    /// canonical edge name), drawn on top, for placing wires.
    pub edge_targets: bool,
    pub pieces: PieceSet,
    /// Turns of the board, clockwise, on the picture (see [`screen`]).
    pub quarter_turns: u8,
}

/// Draws the position. `highlight` squares (the last move's) are tinted.
pub fn render(d: &Diagram, highlight: &[Coord]) -> String {
    render_with(d, highlight, Options::default())
}

/// [`render`] with the interactive additions of `options`.
pub fn render_with(d: &Diagram, highlight: &[Coord], options: Options) -> String {
    let width = 2.0 * MARGIN + d.files as f64 * SQUARE;
    let height = 2.0 * MARGIN + d.ranks as f64 * SQUARE;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, "<desc>{}</desc>", escape(&d.notes.join("; ")));
    let _ = writeln!(s, r##"<rect class="background" width="{width}" height="{height}" fill="#ffffff"/>"##);
    // Pieces are drawn after the links between a Tirebiter piece's squares, so the links pass
    // under them.
    let mut pieces = String::new();
    let mut centres: Vec<(String, (f64, f64))> = Vec::new();
    for rank in 0..d.ranks {
        for file in 0..d.files {
            let c = Coord::new(file, rank);
            let cell = d.cell(c);
            if *cell == Cell::Hole {
                continue;
            }
            let (x, y) = corner(d, c, options.quarter_turns);
            let fill = if highlight.contains(&c) {
                HIGHLIGHT
            } else if (file + rank) % 2 == 0 {
                DARK
            } else {
                LIGHT
            };
            let class = if highlight.contains(&c) { "square last-move" } else { "square" };
            let _ = writeln!(
                s,
                r#"<rect class="{class}" data-square="{c}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
            );
            if let Cell::Pieces(labels) = cell {
                draw_pieces(&mut pieces, c, (x, y), labels, options.pieces, &mut centres);
            }
        }
    }
    draw_links(&mut s, &centres);
    s.push_str(&pieces);
    for wire in &d.wires {
        let (x, y) = corner(d, wire.square, options.quarter_turns);
        let (x1, y1, x2, y2) = match turned(wire.side, options.quarter_turns) {
            Compass::North => (x, y, x + SQUARE, y),
            Compass::South => (x, y + SQUARE, x + SQUARE, y + SQUARE),
            Compass::West => (x, y, x, y + SQUARE),
            Compass::East => (x + SQUARE, y, x + SQUARE, y + SQUARE),
        };
        let _ = writeln!(
            s,
            r#"<line class="wire" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{WIRE}" stroke-width="6" stroke-linecap="round"/>"#
        );
    }
    // Files and ranks are named along the bottom and left sides, whichever way the board turns.
    let names = (0..d.files)
        .map(|f| (Coord::new(f, 0), ((b'a' + f) as char).to_string()))
        .chain((0..d.ranks).map(|r| (Coord::new(0, r), (r + 1).to_string())));
    for (i, (c, name)) in names.enumerate() {
        let is_file = i < d.files as usize;
        let (col, row) = screen(d, c, options.quarter_turns);
        // A file's squares share a column when the board is upright or upside down.
        let along_bottom = is_file == (options.quarter_turns % 2 == 0);
        let (x, y) = if along_bottom {
            (MARGIN + (col as f64 + 0.5) * SQUARE, height - MARGIN / 3.0)
        } else {
            (MARGIN / 2.0, MARGIN + (row as f64 + 0.5) * SQUARE + 5.0)
        };
        let _ = writeln!(
            s,
            r#"<text class="coordinate" x="{x}" y="{y}" font-size="14" text-anchor="middle">{name}</text>"#
        );
    }
    if options.edge_targets {
        draw_edge_targets(&mut s, d, options.quarter_turns);
    }
    s.push_str("</svg>\n");
    s
}

/// A transparent strip along the middle of each edge of the board, named canonically
/// (protocol-docs/notation.md): the north and east sides of a square are named from it; its south and west
/// sides only where no square of the board lies below or to the left.
fn draw_edge_targets(s: &mut String, d: &Diagram, quarter_turns: u8) {
    let on_board = |c: Option<Coord>| {
        c.is_some_and(|c| c.file < d.files && c.rank < d.ranks && *d.cell(c) != Cell::Hole)
    };
    let thickness = SQUARE / 4.0;
    let length = SQUARE * 0.6;
    for rank in 0..d.ranks {
        for file in 0..d.files {
            let c = Coord::new(file, rank);
            if !on_board(Some(c)) {
                continue;
            }
            let (x, y) = corner(d, c, quarter_turns);
            let mut sides = vec![(Compass::North, 'n'), (Compass::East, 'e')];
            if !on_board(c.offset(0, -1)) {
                sides.push((Compass::South, 's'));
            }
            if !on_board(c.offset(-1, 0)) {
                sides.push((Compass::West, 'w'));
            }
            for (side, letter) in sides {
                // The strip's centre is the edge's midpoint.
                let (cx, cy) = match turned(side, quarter_turns) {
                    Compass::North => (x + SQUARE / 2.0, y),
                    Compass::South => (x + SQUARE / 2.0, y + SQUARE),
                    Compass::West => (x, y + SQUARE / 2.0),
                    Compass::East => (x + SQUARE, y + SQUARE / 2.0),
                };
                let (w, h) = match turned(side, quarter_turns) {
                    Compass::North | Compass::South => (length, thickness),
                    Compass::East | Compass::West => (thickness, length),
                };
                let _ = writeln!(
                    s,
                    r##"<rect class="edge" data-edge="{c}{letter}" x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" fill="#000000" fill-opacity="0"/>"##,
                    cx - w / 2.0,
                    cy - h / 2.0
                );
            }
        }
    }
}

/// Where a side of a square lies on the picture of the board turned `quarter_turns` clockwise.
fn turned(side: Compass, quarter_turns: u8) -> Compass {
    let clockwise = [Compass::North, Compass::East, Compass::South, Compass::West];
    let at = clockwise.iter().position(|&c| c == side).unwrap_or(0);
    clockwise[(at + quarter_turns as usize) % 4]
}

/// One piece in a circle, or a crowd of smaller circles side by side.
fn draw_pieces(
    s: &mut String,
    square: Coord,
    (x, y): (f64, f64),
    labels: &[String],
    set: PieceSet,
    centres: &mut Vec<(String, (f64, f64))>,
) {
    let n = labels.len().max(1);
    let per_row = if n <= 1 { 1 } else { 2 };
    let rows = n.div_ceil(per_row);
    let step = SQUARE / per_row.max(rows) as f64;
    let radius = step * 0.4;
    for (i, text) in labels.iter().enumerate() {
        let Some(label) = parse_label(text) else { continue };
        let (col, row) = (i % per_row, i / per_row);
        let cx = x + (col as f64 + 0.5) * SQUARE / per_row as f64;
        let cy = y + (row as f64 + 0.5) * SQUARE / rows as f64;
        let (fill, ink) = seat_colours(&label);
        let mut classes = String::from("piece");
        if label.burning {
            classes.push_str(" burning");
        }
        if label.firefighter {
            classes.push_str(" firefighter");
        }
        let _ = write!(s, r#"<g class="{classes}" data-square="{square}" data-piece="{}">"#, escape(text));
        if set == PieceSet::Letters {
            let _ = writeln!(
                s,
                r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{radius:.1}" fill="{fill}" stroke="#000000" stroke-width="1.5"/>"##
            );
        } else {
            figures::draw(s, &label, set, (cx, cy), step * 0.92, (fill, ink));
        }
        if label.burning {
            let _ = writeln!(
                s,
                r##"<circle class="fire" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="none" stroke="#ff7f00" stroke-width="3"/>"##,
                radius + 2.5
            );
        }
        if label.firefighter {
            let _ = writeln!(
                s,
                r##"<circle class="firefighter-mark" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="none" stroke="#1f6fd0" stroke-width="2" stroke-dasharray="3 2"/>"##,
                radius - 3.0
            );
        }
        if set == PieceSet::Letters {
            let _ = write!(
                s,
                r#"<text x="{cx:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{ink}">{}</text>"#,
                cy + radius * 0.4,
                radius * 1.1,
                label.letter
            );
        }
        s.push_str("</g>\n");
        if !label.number.is_empty() {
            centres.push((format!("{}{}{}", label.white, label.letter, label.number), (cx, cy)));
        }
    }
}

/// Lines between the squares of one Tirebiter piece (labels with the same number).
fn draw_links(s: &mut String, centres: &[(String, (f64, f64))]) {
    for (i, (key, (x1, y1))) in centres.iter().enumerate() {
        if let Some((_, (x2, y2))) = centres[i + 1..].iter().find(|(k, _)| k == key) {
            let _ = writeln!(
                s,
                r##"<line class="link" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#6a3d9a" stroke-width="3" stroke-dasharray="6 4" opacity="0.8"/>"##
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_read() {
        let l = parse_label("N!~").unwrap();
        assert!(l.white && l.burning && l.firefighter && l.letter == 'N');
        let l = parse_label("n12").unwrap();
        assert!(!l.white && l.number == "12");
        let l = parse_label("rK").unwrap();
        assert_eq!((l.seat, l.letter), (Some('r'), 'K'));
    }

    #[test]
    fn edge_targets_name_each_edge_once() {
        // A 2x2 board with a1 a hole: squares a2, b1, b2 have 10 edges in all.
        let d = Diagram {
            files: 2,
            ranks: 2,
            cells: vec![Cell::Hole, Cell::Empty, Cell::Empty, Cell::Empty],
            notes: Vec::new(),
            wires: Vec::new(),
        };
        let svg = render_with(&d, &[], Options { edge_targets: true, ..Options::default() });
        let mut names: Vec<&str> =
            svg.split("data-edge=\"").skip(1).map(|rest| &rest[..rest.find('"').unwrap()]).collect();
        names.sort();
        assert_eq!(names, ["a2e", "a2n", "a2s", "a2w", "b1e", "b1n", "b1s", "b1w", "b2e", "b2n"]);
        assert!(!render(&d, &[]).contains("data-edge"));
    }

    #[test]
    fn turned_boards_keep_squares_and_sides_together() {
        let d = Diagram {
            files: 8,
            ranks: 8,
            cells: vec![Cell::Empty; 64],
            notes: Vec::new(),
            wires: Vec::new(),
        };
        let a1 = Coord::new(0, 0);
        // Upright a1 is bottom left; from Black's side top right; a quarter turn puts it top left.
        assert_eq!(screen(&d, a1, 0), (0, 7));
        assert_eq!(screen(&d, a1, 2), (7, 0));
        assert_eq!(screen(&d, a1, 1), (0, 0));
        assert_eq!(screen(&d, a1, 3), (7, 7));
        // Each turn moves every square a quarter round the centre, and a square's north side with it.
        for q in 0..4 {
            let h1 = screen(&d, Coord::new(7, 0), q);
            let a2 = screen(&d, Coord::new(0, 1), q);
            let start = screen(&d, a1, q);
            // a2 lies on the picture in the direction its north side is drawn from a1.
            let step = (a2.0 as i32 - start.0 as i32, a2.1 as i32 - start.1 as i32);
            let expected = match turned(Compass::North, q) {
                Compass::North => (0, -1),
                Compass::East => (1, 0),
                Compass::South => (0, 1),
                Compass::West => (-1, 0),
            };
            assert_eq!(step, expected, "turn {q}");
            assert_ne!(h1, start);
        }
    }

    #[test]
    fn every_piece_kind_has_its_own_figure() {
        let look = |letter: char, set: PieceSet| {
            let mut s = String::new();
            let text = letter.to_string();
            let label = parse_label(&text).unwrap();
            figures::draw(&mut s, &label, set, (0.0, 0.0), 48.0, ("#fff", "#000"));
            s
        };
        // FIDE, the Fighting King, and the three other armies (notation.md).
        let chess: Vec<String> =
            "KQRBNPCDEFATIULSWHM".chars().map(|c| look(c, PieceSet::ChessFigures)).collect();
        let wires: Vec<String> = "KRACED".chars().map(|c| look(c, PieceSet::WireFigures)).collect();
        for set in [chess, wires] {
            for (i, a) in set.iter().enumerate() {
                assert!(set[i + 1..].iter().all(|b| b != a), "figure {i} drawn twice: {a}");
            }
        }
    }
}
