//! Pawn structure on an 8x8 board, for the evaluations that keep chess's pawns but not its
//! evaluation (FireFighter, Tirebiter and Nick Danger): which pawns are passed, isolated or
//! doubled. Each evaluation weighs the counts with its own weights.

use super::normal::{fill_forward, sideways, step_back, FILES};
use super::params::Tracer;
use crate::variants::chess::{Bitboard, Color};

/// The structure of one side's pawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnCounts {
    /// Pawns with no own pawn on an adjacent file.
    pub isolated: i32,
    /// Pawns with another own pawn in front of them on their file (the rear ones).
    pub doubled: i32,
    /// Passed pawns (no enemy pawn in front on their own or an adjacent file) by relative rank.
    pub passed: [i32; 8],
}

/// The structure of `color`'s pawns `ours` against the enemy pawns `theirs` (only the pawns
/// that can move and capture: a pawn that cannot act stops no passer).
pub fn count(color: Color, ours: Bitboard, theirs: Bitboard) -> PawnCounts {
    // The squares in front of their pawns (seen from their side) and beside those: a pawn of ours
    // there can be stopped or taken by one of them.
    let their_span = fill_forward(!color, step_back(color, theirs));
    let stoppers = their_span | sideways(their_span);
    // Squares behind one of our pawns on its file.
    let behind_own = fill_forward(!color, step_back(color, ours));
    let mut counts = PawnCounts::default();
    for sq in ours {
        if (ours & sideways(FILES[sq.file() as usize])).is_empty() {
            counts.isolated += 1;
        }
        if behind_own.has(sq) {
            counts.doubled += 1;
        }
        if !stoppers.has(sq) {
            let rank = if color == Color::White { sq.rank() } else { 7 - sq.rank() };
            counts.passed[rank as usize] += 1;
        }
    }
    counts
}

/// The weights of [`PawnCounts`] in one evaluation's parameter set.
pub struct PawnWeights<'a> {
    pub isolated: &'a i32,
    pub doubled: &'a i32,
    pub passed: &'a [i32; 8],
}

/// `counts` weighed by `w`, signed for the side they belong to (+1 White, -1 Black), each weight
/// reported to `trace` at its slot (`index`).
#[inline(always)]
pub fn weigh<T: Tracer>(
    counts: &PawnCounts,
    sign: i32,
    w: PawnWeights<'_>,
    index: impl Fn(&i32) -> usize,
    trace: &mut T,
) -> i32 {
    let mut score = sign * (w.isolated * counts.isolated + w.doubled * counts.doubled);
    trace.add(index(w.isolated), sign * counts.isolated);
    trace.add(index(w.doubled), sign * counts.doubled);
    for (rank, &n) in counts.passed.iter().enumerate() {
        score += sign * w.passed[rank] * n;
        trace.add(index(&w.passed[rank]), sign * n);
    }
    score
}
