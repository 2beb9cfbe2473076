//! SVG pictures of a [`Diagram`]: the board's real shape (holes left out), pieces as letters in
//! circles coloured by side, crowds of several pieces on one square, burning pieces and declared
//! Firefighters marked, the squares of one Tirebiter piece linked, wires drawn on the edges,
//! highlighted squares (the last move), and coordinates.

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

/// The top-left corner of a square's picture (rank 1 at the bottom).
fn corner(d: &Diagram, c: Coord) -> (f64, f64) {
    (MARGIN + c.file as f64 * SQUARE, MARGIN + (d.ranks - 1 - c.rank) as f64 * SQUARE)
}

/// What a picture adds for interactive use (the browser board of `jester serve`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Invisible click targets on every edge of the board (`class="edge"`, `data-edge` the
    /// canonical edge name), drawn on top, for placing wires.
    pub edge_targets: bool,
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
            let (x, y) = corner(d, c);
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
                draw_pieces(&mut pieces, c, (x, y), labels, &mut centres);
            }
        }
    }
    draw_links(&mut s, &centres);
    s.push_str(&pieces);
    for wire in &d.wires {
        let (x, y) = corner(d, wire.square);
        let (x1, y1, x2, y2) = match wire.side {
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
    for file in 0..d.files {
        let x = MARGIN + (file as f64 + 0.5) * SQUARE;
        let _ = writeln!(
            s,
            r#"<text class="coordinate" x="{x}" y="{}" font-size="14" text-anchor="middle">{}</text>"#,
            height - MARGIN / 3.0,
            (b'a' + file) as char
        );
    }
    for rank in 0..d.ranks {
        let y = MARGIN + (d.ranks - rank) as f64 * SQUARE - SQUARE / 2.0 + 5.0;
        let _ = writeln!(
            s,
            r#"<text class="coordinate" x="{}" y="{y}" font-size="14" text-anchor="middle">{}</text>"#,
            MARGIN / 2.0,
            rank + 1
        );
    }
    if options.edge_targets {
        draw_edge_targets(&mut s, d);
    }
    s.push_str("</svg>\n");
    s
}

/// A transparent strip along the middle of each edge of the board, named canonically
/// (protocol-docs/notation.md): the north and east sides of a square are named from it; its south and west
/// sides only where no square of the board lies below or to the left.
fn draw_edge_targets(s: &mut String, d: &Diagram) {
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
            let (x, y) = corner(d, c);
            let mut sides = vec![(Compass::North, 'n'), (Compass::East, 'e')];
            if !on_board(c.offset(0, -1)) {
                sides.push((Compass::South, 's'));
            }
            if !on_board(c.offset(-1, 0)) {
                sides.push((Compass::West, 'w'));
            }
            for (side, letter) in sides {
                // The strip's centre is the edge's midpoint.
                let (cx, cy) = match side {
                    Compass::North => (x + SQUARE / 2.0, y),
                    Compass::South => (x + SQUARE / 2.0, y + SQUARE),
                    Compass::West => (x, y + SQUARE / 2.0),
                    Compass::East => (x + SQUARE, y + SQUARE / 2.0),
                };
                let (w, h) = match side {
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

/// One piece in a circle, or a crowd of smaller circles side by side.
fn draw_pieces(
    s: &mut String,
    square: Coord,
    (x, y): (f64, f64),
    labels: &[String],
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
        let _ = writeln!(
            s,
            r##"<g class="{classes}" data-square="{square}" data-piece="{}"><circle cx="{cx:.1}" cy="{cy:.1}" r="{radius:.1}" fill="{fill}" stroke="#000000" stroke-width="1.5"/>"##,
            escape(text)
        );
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
        let _ = writeln!(
            s,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{ink}">{}</text></g>"#,
            cy + radius * 0.4,
            radius * 1.1,
            label.letter
        );
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
        let svg = render_with(&d, &[], Options { edge_targets: true });
        let mut names: Vec<&str> =
            svg.split("data-edge=\"").skip(1).map(|rest| &rest[..rest.find('"').unwrap()]).collect();
        names.sort();
        assert_eq!(names, ["a2e", "a2n", "a2s", "a2w", "b1e", "b1n", "b1s", "b1w", "b2e", "b2n"]);
        assert!(!render(&d, &[]).contains("data-edge"));
    }
}
