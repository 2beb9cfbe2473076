//! Seats: who sits at the board. Two for most variants, four for Fimbriation.

use std::fmt;

/// A player's place at the board, numbered in turn order from 0.
///
/// In two-seat variants seat 0 is White and seat 1 is Black. Four-seat variants number their seats
/// in their own turn order (Fimbriation: Red, Blue, Yellow, Green).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(pub u8);

impl Seat {
    pub const WHITE: Seat = Seat(0);
    pub const BLACK: Seat = Seat(1);

    /// The seat's index, for indexing per-seat arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// One value per seat, indexed by [`Seat`]. `N` is the number of seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BySeat<T, const N: usize>(pub [T; N]);

impl<T, const N: usize> std::ops::Index<Seat> for BySeat<T, N> {
    type Output = T;
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T, const N: usize> std::ops::IndexMut<Seat> for BySeat<T, N> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}
