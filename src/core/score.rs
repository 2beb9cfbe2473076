//! Search scores with mate encoding.

use std::fmt;

/// A score from the point of view of the seat to move, in centipawns, or a mate distance.
///
/// Mates are encoded near the ends of the range: `MATE - n` means "we mate in `n` plies" and
/// `-(MATE - n)` means "we are mated in `n` plies", so a shorter mate always scores better. Scores
/// stored in a transposition table are made relative to the storing node with [`Score::to_tt`] and
/// converted back with [`Score::from_tt`], so mate distances stay right when reached by another path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// The score of mate on the board (0 plies away).
    pub const MATE: i32 = 32_000;
    /// The deepest ply a search may reach; scores beyond `MATE - MAX_PLY` are mates.
    pub const MAX_PLY: i32 = 1_000;
    /// Larger than any real score; used as the initial window bound.
    pub const INFINITE: Score = Score(Self::MATE + 1);
    pub const DRAW: Score = Score(0);

    /// We deliver mate `plies` plies from here.
    #[inline]
    pub const fn mate_in(plies: i32) -> Score {
        Score(Self::MATE - plies)
    }

    /// We are mated `plies` plies from here.
    #[inline]
    pub const fn mated_in(plies: i32) -> Score {
        Score(-Self::MATE + plies)
    }

    #[inline]
    pub const fn is_mate(self) -> bool {
        self.0.abs() >= Self::MATE - Self::MAX_PLY && self.0.abs() <= Self::MATE
    }

    /// Full moves to mate as UCI reports them: positive when we mate, negative when we are mated.
    pub const fn mate_moves(self) -> Option<i32> {
        if !self.is_mate() {
            return None;
        }
        let plies = Self::MATE - self.0.abs();
        if self.0 > 0 {
            Some((plies + 1) / 2)
        } else {
            Some(-(plies / 2))
        }
    }

    /// Converts a score found `ply` plies below the root into one relative to the node itself.
    #[inline]
    pub const fn to_tt(self, ply: i32) -> Score {
        if self.is_mate() {
            if self.0 > 0 {
                Score(self.0 + ply)
            } else {
                Score(self.0 - ply)
            }
        } else {
            self
        }
    }

    /// Inverse of [`Score::to_tt`].
    #[inline]
    pub const fn from_tt(self, ply: i32) -> Score {
        if self.is_mate() {
            if self.0 > 0 {
                Score(self.0 - ply)
            } else {
                Score(self.0 + ply)
            }
        } else {
            self
        }
    }
}

impl std::ops::Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// UCI style: `cp 35`, `mate 3`, `mate -2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(moves) => write!(f, "mate {moves}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(Score::mate_in(1).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(3).mate_moves(), Some(2));
        assert_eq!(Score::mated_in(2).mate_moves(), Some(-1));
        assert_eq!(Score::mated_in(4).mate_moves(), Some(-2));
        assert_eq!(Score(250).mate_moves(), None);
        assert_eq!(Score::mate_in(5).to_string(), "mate 3");
        assert_eq!(Score(-40).to_string(), "cp -40");
    }

    #[test]
    fn shorter_mates_score_higher() {
        assert!(Score::mate_in(1) > Score::mate_in(3));
        assert!(Score::mated_in(2) < Score::mated_in(6));
        assert!(Score::mated_in(6) < Score(-3000));
    }

    #[test]
    fn tt_conversion_round_trips() {
        for s in [Score::mate_in(7), Score::mated_in(12), Score(123), Score(-77)] {
            assert_eq!(s.to_tt(5).from_tt(5), s);
        }
        // A mate in 3 plies seen 5 plies below the root is a mate in 3 from the stored node.
        assert_eq!(Score::mate_in(8).to_tt(5), Score::mate_in(3));
    }
}
