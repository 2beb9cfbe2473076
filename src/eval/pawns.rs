//! Pawn structure on an 8x8 board, for the evaluations that keep chess's pawns but not its
//! evaluation (FireFighter, Tirebiter and Nick Danger): which pawns are passed, isolated or
//! doubled; which files a rook finds open; how many pawns shelter the King. Each evaluation
//! weighs the counts with its own weights.

use super::normal::{fill_forward, sideways, step_back, FILES};
use super::params::Tracer;
use crate::variants::chess::{Bitboard, Color, Square};

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

/// Of the `rooks`, how many stand on a file without a pawn of `own_pawns` (half-open), and how
/// many of those on a file without a pawn of `all_pawns` either (open).
pub fn rook_files(rooks: Bitboard, own_pawns: Bitboard, all_pawns: Bitboard) -> (i32, i32) {
    let (mut half_open, mut open) = (0, 0);
    for sq in rooks {
        let file = FILES[sq.file() as usize];
        if (file & own_pawns).is_empty() {
            half_open += 1;
            open += i32::from((file & all_pawns).is_empty());
        }
    }
    (half_open, open)
}

/// The pawns of `own_pawns` sheltering `color`'s King on `king`: on its file or a file beside
/// it, one or two ranks in front of it.
pub fn king_shelter(color: Color, king: Square, own_pawns: Bitboard) -> i32 {
    let one = step_back(!color, king.bb());
    let ahead = step_back(!color, one) | one;
    ((ahead | sideways(ahead)) & own_pawns).count() as i32
}
