//! The geometry of Fimbriation Chess (M1, M3): 144 squares of a 14x14 grid, the four 8x5 blocks,
//! and every move table the pieces need, built at compile time.
//!
//! Squares are mailbox indices `file + 14 * rank` (0-based, `a1` = 0, `n14` = 195); 52 of the 196
//! grid cells (the four 3x3 corners and the central 4x4 hole) are not on the board. One Foot in
//! the Grave (M3) is baked into the tables: a knight leap or a single diagonal step is listed only
//! when both of its squares lie in one common block, so move generation never checks blocks.

use crate::core::Coord;

/// Files and ranks of the grid.
pub const SIDE: u8 = 14;
/// Grid cells, on the board or not.
pub const CELLS: usize = SIDE as usize * SIDE as usize;
/// Squares of the board (M1).
pub const SQUARES: usize = 144;
/// Marks "no square" in square-valued fields.
pub const NO_SQUARE: u8 = u8::MAX;

/// A grid cell index, `file + 14 * rank`.
pub type Square = u8;

#[inline]
pub const fn square(file: u8, rank: u8) -> Square {
    file + SIDE * rank
}

#[inline]
pub const fn file_of(sq: Square) -> u8 {
    sq % SIDE
}

#[inline]
pub const fn rank_of(sq: Square) -> u8 {
    sq / SIDE
}

pub fn coord(sq: Square) -> Coord {
    Coord::new(file_of(sq), rank_of(sq))
}

/// The square at `c`, if it is on the board.
pub fn square_at(c: Coord) -> Option<Square> {
    (c.file < SIDE && c.rank < SIDE && on_board(c.file as i32, c.rank as i32)).then(|| square(c.file, c.rank))
}

/// The 8x5 blocks a square belongs to, one bit each (M1): bottom d-k x 1-5, top d-k x 10-14,
/// left a-e x 4-11, right j-n x 4-11. Zero for cells off the board.
const fn blocks_of(file: i32, rank: i32) -> u8 {
    let mut b = 0;
    if file >= 3 && file <= 10 && rank >= 0 && rank <= 4 {
        b |= 1; // bottom
    }
    if file >= 3 && file <= 10 && rank >= 9 && rank <= 13 {
        b |= 2; // top
    }
    if file >= 0 && file <= 4 && rank >= 3 && rank <= 10 {
        b |= 4; // left
    }
    if file >= 9 && file <= 13 && rank >= 3 && rank <= 10 {
        b |= 8; // right
    }
    b
}

/// Whether the cell is a board square: the blocks cover exactly the 144 squares.
pub const fn on_board(file: i32, rank: i32) -> bool {
    blocks_of(file, rank) != 0
}

/// The eight directions: orthogonal first (N, E, S, W), then diagonal (NE, SE, SW, NW).
pub const DIRECTIONS: [(i32, i32); 8] =
    [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)];
pub const NORTH: usize = 0;
pub const EAST: usize = 1;
pub const SOUTH: usize = 2;
pub const WEST: usize = 3;

/// Whether a diagonal direction index.
#[inline]
pub const fn is_diagonal(dir: usize) -> bool {
    dir >= 4
}

/// One step from `(f, r)` by `(df, dr)`, if it lands on the board and, for a diagonal step or a
/// leap, both squares share a block (M3).
const fn step(f: i32, r: i32, df: i32, dr: i32) -> Option<Square> {
    let (tf, tr) = (f + df, r + dr);
    if !on_board(f, r) || !on_board(tf, tr) {
        return None;
    }
    let orthogonal = df == 0 || dr == 0;
    if !orthogonal && blocks_of(f, r) & blocks_of(tf, tr) == 0 {
        return None;
    }
    Some(square(tf as u8, tr as u8))
}

/// The longest ray: 13 squares along a rank or file.
pub const MAX_RAY: usize = 13;

/// A short list of squares with its length, for compile-time tables.
#[derive(Clone, Copy)]
pub struct SquareList<const N: usize> {
    pub len: u8,
    pub squares: [Square; N],
}

impl<const N: usize> SquareList<N> {
    const EMPTY: Self = SquareList { len: 0, squares: [NO_SQUARE; N] };

    #[inline]
    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
}

/// `RAYS[sq][dir]`: the squares a slider on `sq` passes over in direction `dir`, nearest first,
/// up to the edge of the board, the hole, or (diagonally) the first step that leaves every block
/// the previous square shares with it.
pub static RAYS: [[SquareList<MAX_RAY>; 8]; CELLS] = build_rays();

const fn build_rays() -> [[SquareList<MAX_RAY>; 8]; CELLS] {
    let mut table = [[SquareList::EMPTY; 8]; CELLS];
    let mut sq = 0;
    while sq < CELLS {
        let (f0, r0) = ((sq % 14) as i32, (sq / 14) as i32);
        let mut dir = 0;
        while dir < 8 {
            let (df, dr) = DIRECTIONS[dir];
            let (mut f, mut r) = (f0, r0);
            let mut list = SquareList::EMPTY;
            while let Some(next) = step(f, r, df, dr) {
                list.squares[list.len as usize] = next;
                list.len += 1;
                f += df;
                r += dr;
            }
            table[sq][dir] = list;
            dir += 1;
        }
        sq += 1;
    }
    table
}

/// `KNIGHT[sq]`: knight leaps from `sq` whose two squares share a block (M3).
pub static KNIGHT: [SquareList<8>; CELLS] = build_knight();

const fn build_knight() -> [SquareList<8>; CELLS] {
    const LEAPS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let mut table = [SquareList::EMPTY; CELLS];
    let mut sq = 0;
    while sq < CELLS {
        let (f, r) = ((sq % 14) as i32, (sq / 14) as i32);
        let mut i = 0;
        while i < 8 {
            if let Some(t) = step(f, r, LEAPS[i].0, LEAPS[i].1) {
                let n = table[sq].len as usize;
                table[sq].squares[n] = t;
                table[sq].len += 1;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// `STEP[sq][dir]`: the square one step from `sq` in direction `dir` (M3 for diagonals), or
/// [`NO_SQUARE`].
pub static STEP: [[Square; 8]; CELLS] = build_steps();

const fn build_steps() -> [[Square; 8]; CELLS] {
    let mut table = [[NO_SQUARE; 8]; CELLS];
    let mut sq = 0;
    while sq < CELLS {
        let (f, r) = ((sq % 14) as i32, (sq / 14) as i32);
        let mut dir = 0;
        while dir < 8 {
            if let Some(t) = step(f, r, DIRECTIONS[dir].0, DIRECTIONS[dir].1) {
                table[sq][dir] = t;
            }
            dir += 1;
        }
        sq += 1;
    }
    table
}

/// A set of grid cells, one bit each (cell `i`: word `i / 64`, bit `i % 64`). Iterates in
/// index order, as a scan of the board does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet([u64; 4]);

impl CellSet {
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[sq as usize / 64] |= 1 << (sq % 64);
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[sq as usize / 64] &= !(1 << (sq % 64));
    }

    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        self.0[sq as usize / 64] & (1 << (sq % 64)) != 0
    }

    #[inline]
    pub fn union(self, other: CellSet) -> CellSet {
        CellSet([0, 1, 2, 3].map(|i| self.0[i] | other.0[i]))
    }

    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
}

impl IntoIterator for CellSet {
    type Item = Square;
    type IntoIter = Cells;

    fn into_iter(self) -> Cells {
        Cells { words: self.0, word: 0 }
    }
}

/// The cells of a [`CellSet`], in index order.
pub struct Cells {
    words: [u64; 4],
    word: usize,
}

impl Iterator for Cells {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some((self.word * 64 + bits.trailing_zeros() as usize) as Square);
            }
            self.word += 1;
        }
        None
    }
}

/// Whether the cell is a board square.
#[inline]
pub fn is_square(sq: usize) -> bool {
    sq < CELLS && on_board((sq % 14) as i32, (sq / 14) as i32)
}

/// The 144 board squares in index order.
pub fn squares() -> impl Iterator<Item = Square> {
    (0..CELLS as u8).filter(|&s| is_square(s as usize))
}

/// The name of a square (`a1`, `n14`).
pub fn name(sq: Square) -> String {
    coord(sq).to_string()
}

/// Rotates a square a quarter turn anticlockwise about the board's centre, `(x, y) -> (15 - y, x)`
/// in 1-based coordinates (M2): Red's array rotated once is Blue's, and so on.
pub const fn rotate(sq: Square) -> Square {
    let (f, r) = (file_of(sq), rank_of(sq));
    square(SIDE - 1 - r, f)
}

/// Rotates a direction index a quarter turn anticlockwise (N -> W, E -> N, NE -> NW ...).
pub const fn rotate_direction(dir: usize) -> usize {
    match dir {
        NORTH => WEST,
        EAST => NORTH,
        SOUTH => EAST,
        WEST => SOUTH,
        4 => 7, // NE -> NW
        5 => 4, // SE -> NE
        6 => 5, // SW -> SE
        _ => 6, // NW -> SW
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m1_the_board_has_144_squares_in_four_blocks() {
        assert_eq!(squares().count(), SQUARES);
        let mut per_block = [0; 4];
        for sq in squares() {
            let b = blocks_of(file_of(sq) as i32, rank_of(sq) as i32);
            for (i, count) in per_block.iter_mut().enumerate() {
                *count += (b >> i) & 1;
            }
        }
        assert_eq!(per_block, [40; 4]);
        for sq in squares() {
            assert!(is_square(rotate(sq) as usize), "rotation keeps {} on the board", name(sq));
        }
    }
}
