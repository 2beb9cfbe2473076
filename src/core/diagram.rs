//! A variant-neutral picture of a position, for text and graphical renderers.
//!
//! Each variant describes its position as a grid of cells; renderers in `tools/` draw it without
//! knowing the rules. Later variants extend the picture (wires on edges, linked multi-square
//! pieces) by adding fields here.

use super::{Compass, Coord, Edge};

/// One square of the picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Not part of the board.
    Hole,
    Empty,
    /// The pieces on the square, each as a short label (`P`, `n`, `N!~` ...).
    Pieces(Vec<String>),
}

/// A position drawn as a `files` x `ranks` grid plus lines of text about the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub files: u8,
    pub ranks: u8,
    /// Cells rank by rank from the bottom-left (`a1`), `files` per rank.
    pub cells: Vec<Cell>,
    /// Facts shown beside the board: side to move, rights, clocks.
    pub notes: Vec<String>,
    /// Wires on square edges (Not A Chess Variant), each under any of its names.
    pub wires: Vec<Edge>,
}

impl Diagram {
    pub fn cell(&self, c: Coord) -> &Cell {
        &self.cells[c.rank as usize * self.files as usize + c.file as usize]
    }

    /// Whether a wire lies on side `side` of square `c` (named from either square).
    pub fn has_wire(&self, c: Coord, side: Compass) -> bool {
        let other = match side {
            Compass::North => c.offset(0, 1).map(|n| (n, Compass::South)),
            Compass::South => c.offset(0, -1).map(|n| (n, Compass::North)),
            Compass::East => c.offset(1, 0).map(|n| (n, Compass::West)),
            Compass::West => c.offset(-1, 0).map(|n| (n, Compass::East)),
        };
        self.wires.iter().any(|w| {
            (w.square == c && w.side == side) || other.is_some_and(|(n, s)| w.square == n && w.side == s)
        })
    }
}
