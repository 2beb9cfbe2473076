//! Board geometry every variant shares: square names up to 14x14, board shapes with holes, and
//! the edges of squares (where Not A Chess Variant lays its wires).

use std::fmt;
use std::str::FromStr;

/// The largest number of files or ranks any variant uses (Fimbriation's 14x14 cross).
pub const MAX_SIDE: u8 = 14;

/// A square by file and rank, both counted from 0 (`a1` is `Coord { file: 0, rank: 0 }`).
///
/// Names are a file letter and a rank number: `a1` ... `n14`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord {
    pub file: u8,
    pub rank: u8,
}

impl Coord {
    pub const fn new(file: u8, rank: u8) -> Coord {
        Coord { file, rank }
    }

    /// The neighbour `(df, dr)` away, if it lies within `MAX_SIDE` (shape membership is the
    /// caller's business).
    pub fn offset(self, df: i8, dr: i8) -> Option<Coord> {
        let file = self.file as i16 + df as i16;
        let rank = self.rank as i16 + dr as i16;
        let side = MAX_SIDE as i16;
        ((0..side).contains(&file) && (0..side).contains(&rank)).then(|| Coord::new(file as u8, rank as u8))
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// A square name that does not name a square of a 14x14 board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareNameError {
    pub token: String,
}

impl fmt::Display for SquareNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid square name '{}'", self.token)
    }
}

impl std::error::Error for SquareNameError {}

impl FromStr for Coord {
    type Err = SquareNameError;

    /// Parses `a1` ... `n14`. Ranks have no leading zero (`a01` is rejected).
    fn from_str(s: &str) -> Result<Coord, SquareNameError> {
        let err = || SquareNameError { token: s.to_string() };
        let bytes = s.as_bytes();
        let (&file_byte, rank_bytes) = bytes.split_first().ok_or_else(err)?;
        if !(b'a'..b'a' + MAX_SIDE).contains(&file_byte) {
            return Err(err());
        }
        let rank_ok = match rank_bytes {
            [d] => (b'1'..=b'9').contains(d),
            [b'1', d] => (b'0'..=b'4').contains(d),
            _ => false,
        };
        if !rank_ok {
            return Err(err());
        }
        let rank: u8 = s[1..].parse().map_err(|_| err())?;
        Ok(Coord::new(file_byte - b'a', rank - 1))
    }
}

/// A set of coordinates on the 14x14 grid: 196 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CoordSet([u64; 4]);

impl CoordSet {
    pub const EMPTY: CoordSet = CoordSet([0; 4]);

    #[inline]
    const fn bit(c: Coord) -> usize {
        c.rank as usize * MAX_SIDE as usize + c.file as usize
    }

    pub fn insert(&mut self, c: Coord) {
        let b = Self::bit(c);
        self.0[b / 64] |= 1 << (b % 64);
    }

    pub fn contains(&self, c: Coord) -> bool {
        let b = Self::bit(c);
        self.0[b / 64] >> (b % 64) & 1 != 0
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
}

/// The shape of a board: a `files` x `ranks` grid with some squares missing (holes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    files: u8,
    ranks: u8,
    holes: CoordSet,
}

impl Shape {
    /// A full rectangle. Panics on sizes above [`MAX_SIDE`]: shapes are program constants.
    pub fn rectangle(files: u8, ranks: u8) -> Shape {
        assert!(files <= MAX_SIDE && ranks <= MAX_SIDE, "board larger than 14x14");
        Shape { files, ranks, holes: CoordSet::EMPTY }
    }

    /// The rectangle without the given squares.
    pub fn with_holes(files: u8, ranks: u8, holes: impl IntoIterator<Item = Coord>) -> Shape {
        let mut shape = Shape::rectangle(files, ranks);
        for c in holes {
            shape.holes.insert(c);
        }
        shape
    }

    pub fn files(&self) -> u8 {
        self.files
    }

    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Whether `c` is a square of this board (inside the grid and not a hole).
    pub fn contains(&self, c: Coord) -> bool {
        c.file < self.files && c.rank < self.ranks && !self.holes.contains(c)
    }

    /// The board's squares, rank by rank from a1.
    pub fn squares(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.ranks)
            .flat_map(move |r| (0..self.files).map(move |f| Coord::new(f, r)))
            .filter(|&c| self.contains(c))
    }

    /// Parses a square name and checks that it is on this board.
    pub fn parse_square(&self, s: &str) -> Result<Coord, SquareNameError> {
        let c: Coord = s.parse()?;
        if self.contains(c) {
            Ok(c)
        } else {
            Err(SquareNameError { token: s.to_string() })
        }
    }
}

/// A side of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Compass {
    North,
    East,
    South,
    West,
}

impl Compass {
    pub const ALL: [Compass; 4] = [Compass::North, Compass::East, Compass::South, Compass::West];

    fn letter(self) -> char {
        match self {
            Compass::North => 'n',
            Compass::East => 'e',
            Compass::South => 's',
            Compass::West => 'w',
        }
    }
}

/// An edge between two squares, or between a square and the outside, stored in a canonical form
/// (`Compass::North` or `Compass::East` of the lower/left square where possible). Two names of
/// one edge (`c3n` and `c4s`) compare equal once normalised by [`Edge::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    pub square: Coord,
    pub side: Compass,
}

impl Edge {
    /// The edge on `side` of `square`, in canonical form for `shape`: a horizontal edge is named
    /// from the square below it (`n`) unless there is none, then from the square above (`s`); a
    /// vertical edge from the square to its left (`e`) unless there is none, then from its right (`w`).
    pub fn new(shape: &Shape, square: Coord, side: Compass) -> Edge {
        // The north side of a square is always named from that square (it is the one below the
        // edge); its south side is the north side of the square below, if that square exists.
        let from_neighbour = match side {
            Compass::South => square.offset(0, -1).map(|n| (n, Compass::North)),
            Compass::West => square.offset(-1, 0).map(|n| (n, Compass::East)),
            Compass::North | Compass::East => None,
        };
        match from_neighbour {
            Some((n, flipped)) if shape.contains(n) => Edge { square: n, side: flipped },
            _ => Edge { square, side },
        }
    }

    /// Parses any name of an edge (`c3n`, `c4s`, `b2e`, `c2w`) whose square is on `shape`.
    pub fn parse(shape: &Shape, s: &str) -> Result<Edge, SquareNameError> {
        let err = || SquareNameError { token: s.to_string() };
        let (square, side) = s.split_at(s.len().checked_sub(1).ok_or_else(err)?);
        let side = match side {
            "n" => Compass::North,
            "e" => Compass::East,
            "s" => Compass::South,
            "w" => Compass::West,
            _ => return Err(err()),
        };
        let square = shape.parse_square(square).map_err(|_| err())?;
        Ok(Edge::new(shape, square, side))
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.square, self.side.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_up_to_14x14() {
        for rank in 0..MAX_SIDE {
            for file in 0..MAX_SIDE {
                let c = Coord::new(file, rank);
                assert_eq!(c.to_string().parse::<Coord>(), Ok(c));
            }
        }
        assert_eq!("n14".parse::<Coord>(), Ok(Coord::new(13, 13)));
        assert_eq!("d10".parse::<Coord>(), Ok(Coord::new(3, 9)));
    }

    #[test]
    fn bad_square_names_are_rejected() {
        for bad in ["", "a", "a0", "a01", "o1", "a15", "A1", "a1x", "1a", "a-1", "é1", "a19"] {
            assert!(bad.parse::<Coord>().is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn holes_are_not_squares() {
        // Not A Chess Variant (N1): rank 1 has only b-e.
        let shape = Shape::with_holes(7, 7, ["a1", "f1", "g1"].map(|s| s.parse().unwrap()));
        assert!(!shape.contains("a1".parse().unwrap()));
        assert!(shape.contains("b1".parse().unwrap()));
        assert!(shape.parse_square("g1").is_err());
        assert!(shape.parse_square("h3").is_err());
        assert_eq!(shape.squares().count(), 46);
    }

    #[test]
    fn edges_have_one_canonical_name() {
        let shape = Shape::with_holes(7, 7, ["a1".parse().unwrap()]);
        let e = |s: &str| Edge::parse(&shape, s).unwrap().to_string();
        assert_eq!(e("c3n"), "c3n");
        assert_eq!(e("c4s"), "c3n");
        assert_eq!(e("b2e"), "b2e");
        assert_eq!(e("c2w"), "b2e");
        // No square below b1 / left of b1 (a1 is a hole): named from b1 itself.
        assert_eq!(e("b1s"), "b1s");
        assert_eq!(e("b1w"), "b1w");
        assert_eq!(e("a2s"), "a2s");
        assert!(Edge::parse(&shape, "a1n").is_err());
        assert!(Edge::parse(&shape, "c3x").is_err());
        assert!(Edge::parse(&shape, "n").is_err());
    }
}
