//! The geometry of Not A Chess Variant (N1, N2): 41 squares on a 7x7 grid, the 96 edges of those
//! squares, and the lattice points the edges join.
//!
//! Everything lives in one 8-wide layout, so that squares, edges and lattice points are all bits
//! of a `u64` with the same index arithmetic:
//! - square `(file, rank)` is bit `file + 8 * rank` of a square set (file 7 is never a square, so
//!   east/west shifts cannot wrap onto the board);
//! - the horizontal edge on lattice row `y` from column `x` to `x + 1` is bit `x + 8 * y` of the
//!   horizontal wire set: the south side of square `(x, y)` and the north side of `(x, y - 1)`;
//! - the vertical edge on lattice column `x` from row `y` to `y + 1` is bit `x + 8 * y` of the
//!   vertical wire set: the west side of square `(x, y)` and the east side of `(x - 1, y)`;
//! - lattice point `(x, y)` (the south-west corner of square `(x, y)`) is bit `x + 8 * y` of a
//!   point set: horizontal edge bit `b` joins points `b` and `b + 1`, vertical edge bit `b` joins
//!   points `b` and `b + 8`.

use crate::core::Coord;

/// A set of squares (or of lattice points), one bit each in the 8-wide layout.
pub type SquareSet = u64;

/// Files and ranks of the grid.
pub const SIDE: u8 = 7;

/// The 41 squares of the board (N1): rank 1 b-e, rank 2 b-g, ranks 3-5 a-g, rank 6 a-f, rank 7 c-f.
pub const BOARD: SquareSet = rank_span(0, 1, 4)
    | rank_span(1, 1, 6)
    | rank_span(2, 0, 6)
    | rank_span(3, 0, 6)
    | rank_span(4, 0, 6)
    | rank_span(5, 0, 5)
    | rank_span(6, 2, 5);

/// How many squares the board has: also the most pieces a position can hold, so the bound of
/// every per-piece list (a position text may fill the board).
pub const SQUARE_COUNT: usize = BOARD.count_ones() as usize;

const fn rank_span(rank: u32, first_file: u32, last_file: u32) -> SquareSet {
    let mut set = 0;
    let mut f = first_file;
    while f <= last_file {
        set |= 1 << (f + 8 * rank);
        f += 1;
    }
    set
}

/// Horizontal edges: every north or south side of a board square.
pub const HORIZONTAL_EDGES: u64 = BOARD | (BOARD << 8);
/// Vertical edges: every west or east side of a board square.
pub const VERTICAL_EDGES: u64 = BOARD | (BOARD << 1);
/// How many edges the board has (N2).
pub const EDGE_COUNT: u32 = HORIZONTAL_EDGES.count_ones() + VERTICAL_EDGES.count_ones();

/// A square: its bit index in the 8-wide layout.
pub type Square = u8;

#[inline]
pub const fn bit(sq: Square) -> SquareSet {
    1 << sq
}

#[inline]
pub const fn file_of(sq: Square) -> u8 {
    sq & 7
}

#[inline]
pub const fn rank_of(sq: Square) -> u8 {
    sq >> 3
}

pub fn coord(sq: Square) -> Coord {
    Coord::new(file_of(sq), rank_of(sq))
}

/// The square at `c`, if it is on the board.
pub fn square_at(c: Coord) -> Option<Square> {
    (c.file < SIDE && c.rank < SIDE).then_some(c.file + 8 * c.rank).filter(|&sq| BOARD & bit(sq) != 0)
}

/// Iterates the squares of a set, lowest first.
#[inline]
pub fn squares(mut set: SquareSet) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let sq = set.trailing_zeros() as Square;
            set &= set - 1;
            sq
        })
    })
}

/// An orthogonal direction of a unit step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// The direction after a quarter turn to the right (clockwise).
    #[inline]
    pub const fn right(self) -> Dir {
        match self {
            Dir::North => Dir::East,
            Dir::East => Dir::South,
            Dir::South => Dir::West,
            Dir::West => Dir::North,
        }
    }

    #[inline]
    pub const fn left(self) -> Dir {
        self.right().right().right()
    }

    /// Shifts a set one step this way (bits that leave the grid vanish; callers mask by board).
    #[inline]
    pub const fn shift(self, set: SquareSet) -> SquareSet {
        match self {
            Dir::North => set << 8,
            Dir::East => set << 1,
            Dir::South => set >> 8,
            Dir::West => set >> 1,
        }
    }

    /// The edge crossed by a step this way from `sq`, as an [`EdgeId`] (whether or not the step
    /// lands on the board).
    #[inline]
    pub const fn edge_from(self, sq: Square) -> EdgeId {
        match self {
            Dir::North => EdgeId(sq + 8),
            Dir::East => EdgeId(64 + sq + 1),
            Dir::South => EdgeId(sq),
            Dir::West => EdgeId(64 + sq),
        }
    }

    /// The square one step this way from `sq`, if it is on the board.
    #[inline]
    pub const fn step(self, sq: Square) -> Option<Square> {
        let target = self.shift(bit(sq)) & BOARD;
        if target == 0 {
            None
        } else {
            Some(target.trailing_zeros() as Square)
        }
    }
}

/// An edge: horizontal edge bit `b` is `EdgeId(b)`, vertical edge bit `b` is `EdgeId(64 + b)`.
/// Their order is the order in which an opening's five wires are placed (N3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EdgeId(pub u8);

impl EdgeId {
    #[inline]
    pub const fn is_horizontal(self) -> bool {
        self.0 < 64
    }

    #[inline]
    pub const fn bit_index(self) -> u8 {
        self.0 & 63
    }

    /// Whether this id names one of the board's 96 edges.
    pub const fn is_valid(self) -> bool {
        if self.0 >= 128 {
            return false;
        }
        let mask = if self.is_horizontal() { HORIZONTAL_EDGES } else { VERTICAL_EDGES };
        mask >> self.bit_index() & 1 != 0
    }

    /// The lattice points the edge joins.
    #[inline]
    pub const fn endpoints(self) -> (u8, u8) {
        let b = self.bit_index();
        if self.is_horizontal() {
            (b, b + 1)
        } else {
            (b, b + 8)
        }
    }

    /// The board squares on either side (one of them is `None` for an outer edge).
    pub fn sides(self) -> (Option<Square>, Option<Square>) {
        let b = self.bit_index();
        let on = |sq: i32| (0..64).contains(&sq).then_some(sq as Square).filter(|&s| BOARD & bit(s) != 0);
        if self.is_horizontal() {
            (on(b as i32 - 8), on(b as i32))
        } else {
            // Bit b is the west side of square b; square b - 1 is its west neighbour unless b is
            // on file a (then b - 1 is file 7 of the rank below, never a square).
            let west = if b & 7 == 0 { None } else { on(b as i32 - 1) };
            (west, on(b as i32))
        }
    }

    /// The board squares on either side, as a set (one square for an outer edge).
    #[inline]
    pub const fn side_squares(self) -> SquareSet {
        let b = 1u64 << self.bit_index();
        // Horizontal bit b lies between squares b - 8 and b; vertical bit b between b - 1 and b
        // (on file a, b - 1 is file 7 of the rank below: never a square).
        let both = if self.is_horizontal() { b | b >> 8 } else { b | b >> 1 };
        both & BOARD
    }

    /// The canonical name (protocol-docs/notation.md): a horizontal edge is `<square below>n` or, with no
    /// square below, `<square above>s`; a vertical edge is `<square to the left>e` or, with no
    /// square to the left, `<square to the right>w`.
    pub fn name(self) -> String {
        let (low, high) = self.sides();
        let (low_side, high_side) = if self.is_horizontal() { ('n', 's') } else { ('e', 'w') };
        match (low, high) {
            (Some(sq), _) => format!("{}{low_side}", coord(sq)),
            (None, Some(sq)) => format!("{}{high_side}", coord(sq)),
            (None, None) => format!("?{}", self.0),
        }
    }

    /// Reads any name of an edge: a square of the board and a side letter `n`, `e`, `s`, `w`.
    pub fn parse(text: &str) -> Option<EdgeId> {
        if !text.is_ascii() {
            return None;
        }
        let (square, side) = text.split_at(text.len().checked_sub(1)?);
        let sq = square_at(square.parse::<Coord>().ok()?)?;
        let dir = match side {
            "n" => Dir::North,
            "e" => Dir::East,
            "s" => Dir::South,
            "w" => Dir::West,
            _ => return None,
        };
        Some(dir.edge_from(sq))
    }
}

/// Every edge of the board, in [`EdgeId`] order.
pub fn all_edges() -> impl Iterator<Item = EdgeId> {
    (0..128u8).map(EdgeId).filter(|e| e.is_valid())
}

/// Chebyshev distance between two squares.
#[inline]
pub fn distance(a: Square, b: Square) -> u8 {
    file_of(a).abs_diff(file_of(b)).max(rank_of(a).abs_diff(rank_of(b)))
}

/// The squares around `sq` (king steps), on the board.
pub const fn neighbours(sq: Square) -> SquareSet {
    let b = bit(sq);
    let ew = b | (b << 1) | (b >> 1);
    (ew | (ew << 8) | (ew >> 8)) & !b & BOARD
}

/// Every cell of the 7x7 grid, holes included.
const GRID: SquareSet = {
    let mut set = 0;
    let mut rank = 0;
    while rank < SIDE as u32 {
        set |= rank_span(rank, 0, SIDE as u32 - 1);
        rank += 1;
    }
    set
};

/// The cells of the grid within Chebyshev distance one of `set` (holes included: distance is
/// geometry, not a path), `set` itself included.
#[inline]
pub const fn grow(set: SquareSet) -> SquareSet {
    // A step west from file a lands on file 7, which is outside the grid and masked off last;
    // file 7 only ever spreads north and south, so nothing wraps onto the grid.
    let ew = set | (set << 1) | (set >> 1);
    (ew | (ew << 8) | (ew >> 8)) & GRID
}

/// The cells of the rectangle with corners `a` and `b` (holes included).
#[inline]
pub fn span(a: Square, b: Square) -> SquareSet {
    let (f0, f1) = (file_of(a).min(file_of(b)), file_of(a).max(file_of(b)));
    let (r0, r1) = (rank_of(a).min(rank_of(b)), rank_of(a).max(rank_of(b)));
    let files = (0xFFu64 >> (7 - f1)) & (0xFFu64 << f0);
    let ranks = (u64::MAX >> (8 * (7 - r1))) & (u64::MAX << (8 * r0));
    (files * 0x0101_0101_0101_0101) & ranks
}

/// The orthogonal neighbours of `sq`, on the board.
pub const fn orthogonal_neighbours(sq: Square) -> SquareSet {
    let b = bit(sq);
    ((b << 8) | (b >> 8) | (b << 1) | (b >> 1)) & BOARD
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Compass, Edge, Shape};

    #[test]
    fn the_board_has_41_squares_and_96_edges() {
        assert_eq!(BOARD.count_ones(), 41);
        assert_eq!(EDGE_COUNT, 96);
        assert_eq!(all_edges().count(), 96);
    }

    #[test]
    fn edge_names_agree_with_the_shared_geometry() {
        let holes = (0..SIDE)
            .flat_map(|r| (0..SIDE).map(move |f| Coord::new(f, r)))
            .filter(|&c| square_at(c).is_none());
        let shape = Shape::with_holes(SIDE, SIDE, holes);
        for sq in squares(BOARD) {
            for (dir, compass) in Dir::ALL.iter().zip(Compass::ALL) {
                let ours = dir.edge_from(sq);
                let shared = Edge::new(&shape, coord(sq), compass).to_string();
                assert_eq!(ours.name(), shared);
                assert_eq!(EdgeId::parse(&shared), Some(ours));
                assert!(ours.is_valid());
            }
        }
    }

    #[test]
    fn grow_span_and_side_squares_agree_with_the_geometry() {
        for e in all_edges() {
            let (a, b) = e.sides();
            let sides = [a, b].into_iter().flatten().fold(0, |set, sq| set | bit(sq));
            assert_eq!(e.side_squares(), sides, "{}", e.name());
        }
        for (a, b) in squares(BOARD).flat_map(|a| squares(BOARD).map(move |b| (a, b))) {
            let expected = (0..64u8)
                .filter(|&c| {
                    let between = |x: u8, y: u8, z: u8| x.min(y) <= z && z <= x.max(y);
                    between(file_of(a), file_of(b), file_of(c)) && between(rank_of(a), rank_of(b), rank_of(c))
                })
                .fold(0, |set, c| set | bit(c));
            assert_eq!(span(a, b), expected, "{a} {b}");
        }
        for sq in squares(BOARD) {
            let mut ball = bit(sq);
            for radius in 1..=4 {
                ball = grow(ball);
                let expected = (0..64u8)
                    .filter(|&c| file_of(c) < SIDE && rank_of(c) < SIDE && distance(sq, c) <= radius)
                    .fold(0, |set, c| set | bit(c));
                assert_eq!(ball, expected, "square {sq}, radius {radius}");
            }
        }
    }

    #[test]
    fn steps_stay_on_the_board() {
        let a3 = 16;
        assert_eq!(Dir::West.step(a3), None);
        assert_eq!(Dir::South.step(a3), None, "a2 is not a square");
        let g2 = 6 + 8;
        assert_eq!(Dir::East.step(g2), None);
        assert_eq!(Dir::North.step(g2), Some(g2 + 8));
    }
}
