//! A variant-neutral picture of a position, for text and graphical renderers.
//!
//! Each variant describes its position as a grid of cells; renderers in `tools/` draw it without
//! knowing the rules. Later variants extend the picture (wires on edges, linked multi-square
//! pieces) by adding fields here.

use super::Coord;

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
}

impl Diagram {
    pub fn cell(&self, c: Coord) -> &Cell {
        &self.cells[c.rank as usize * self.files as usize + c.file as usize]
    }
}
