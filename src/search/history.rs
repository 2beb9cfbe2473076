//! What the engine learns from its searches and keeps across the moves of a game: the histories
//! of quiet moves and the correction history of the static evaluation ([`SearchHistory`]).
//!
//! The history of quiet moves: a score per [`Searchable::history_index`] slot (a piece and its
//! destination, typically), raised when a quiet move causes a cutoff and lowered for the quiet
//! moves tried before it. The continuation history keeps the same scores per pair of moves: a
//! move's slot after the slot of the move played one, two or four plies before it (a reply to
//! a move, a follow-up of one's own). Move ordering sorts quiet moves by the sum, and late-move
//! reductions reduce well-scored moves less.
//!
//! It belongs to the engine, like the transposition table: what one search learnt orders the
//! next move's search from its first iteration, and a new game clears it. The threads of a
//! search share it without locks (a lost update costs nothing but a little learning).
//!
//! [`Searchable::history_index`]: super::Searchable::history_index

use super::params::{CONTINUATION_SLOTS, CORRECTION_GRAIN, CORRECTION_LIMIT, CORRECTION_SIZE, HISTORY_MAX};
use super::HISTORY_SIZE;
use crate::core::Seat;
use std::sync::atomic::{AtomicI16, AtomicI32, Ordering};

/// `value` moved by `delta`, less the more `value` already leans the way `delta` pushes it: it
/// stays within ±`limit` while each `delta` does, and old knowledge fades as new comes in.
#[inline]
fn with_gravity(value: i32, delta: i32, limit: i32) -> i32 {
    value + delta - value * delta.abs() / limit
}

/// Everything the engine learns and keeps across moves besides the transposition table.
#[derive(Default)]
pub struct SearchHistory {
    pub quiet: QuietHistory,
    pub continuation: ContinuationHistory,
    pub correction: CorrectionHistory,
}

impl SearchHistory {
    /// Before each search: fade the quiet history (the corrections stay, they are averages; the
    /// continuation history stays too: its pairs recur less often than single moves, and fading
    /// its 16M entries would cost more than a short search).
    pub fn age(&self) {
        self.quiet.age();
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        self.quiet.clear();
        self.continuation.clear();
        self.correction.clear();
    }
}

/// Correction history: how far searches from positions with the same
/// [`Searchable::correction_key`] (the pawn structure in the chess family) and the same seat to
/// move came out from the static evaluation. The evaluation errs alike in positions that share
/// a structure; the search adds the learnt correction to the static evaluation that its pruning
/// and quiescence's stand-pat use.
///
/// [`Searchable::correction_key`]: super::Searchable::correction_key
pub struct CorrectionHistory {
    /// Per seat (two slots' worth) and key slot, in `1 / CORRECTION_GRAIN` centipawns.
    entries: Box<[AtomicI32]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory { entries: (0..2 * CORRECTION_SIZE).map(|_| AtomicI32::new(0)).collect() }
    }
}

impl CorrectionHistory {
    #[inline]
    fn slot(&self, seat: Seat, key: u64) -> &AtomicI32 {
        // The key's high bits pick the slot (as the transposition table does).
        let index = ((u128::from(key) * CORRECTION_SIZE as u128) >> 64) as usize;
        &self.entries[(seat.index() & 1) * CORRECTION_SIZE + index]
    }

    /// The correction in centipawns for the seat to move in a position with this key.
    #[inline]
    pub fn get(&self, seat: Seat, key: u64) -> i32 {
        self.slot(seat, key).load(Ordering::Relaxed) / CORRECTION_GRAIN
    }

    /// A search of `depth` plies found the position worth `error` centipawns more than its
    /// corrected static evaluation: move the correction that way, more for deeper searches,
    /// with gravity keeping it within ±`CORRECTION_LIMIT`.
    pub fn update(&self, seat: Seat, key: u64, error: i32, depth: i32) {
        let slot = self.slot(seat, key);
        let bonus = (error * depth / 4).clamp(-CORRECTION_LIMIT / 4, CORRECTION_LIMIT / 4);
        let c = slot.load(Ordering::Relaxed);
        slot.store(with_gravity(c, bonus, CORRECTION_LIMIT), Ordering::Relaxed);
    }

    pub fn clear(&self) {
        for e in self.entries.iter() {
            e.store(0, Ordering::Relaxed);
        }
    }
}

pub struct QuietHistory {
    entries: Box<[AtomicI32]>,
}

impl Default for QuietHistory {
    fn default() -> Self {
        QuietHistory { entries: (0..HISTORY_SIZE).map(|_| AtomicI32::new(0)).collect() }
    }
}

impl QuietHistory {
    /// The score of a slot.
    #[inline]
    pub fn get(&self, index: usize) -> i32 {
        self.entries[index % HISTORY_SIZE].load(Ordering::Relaxed)
    }

    /// Moves a slot by `delta`; gravity keeps it within ±`HISTORY_MAX` and lets old knowledge
    /// fade as new comes in.
    #[inline]
    pub fn add(&self, index: usize, delta: i32) {
        let slot = &self.entries[index % HISTORY_SIZE];
        let h = slot.load(Ordering::Relaxed);
        slot.store(with_gravity(h, delta, HISTORY_MAX), Ordering::Relaxed);
    }

    /// Fades what earlier searches learnt (each entry quartered) so that the next search's own
    /// cutoffs, whose bonuses are small at low depth, can reorder the moves from the start.
    pub fn age(&self) {
        for e in self.entries.iter() {
            e.store(e.load(Ordering::Relaxed) / 4, Ordering::Relaxed);
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for e in self.entries.iter() {
            e.store(0, Ordering::Relaxed);
        }
    }
}

/// The continuation history: a quiet-move score per pair of [`Searchable::history_index`] slots,
/// the earlier move's and the later move's (see the module docs). Slots are taken modulo
/// [`CONTINUATION_SLOTS`], which holds every slot of the chess family exactly; variants with more
/// (FireFighter's squirts and rescues) share entries for their rarer moves.
///
/// [`Searchable::history_index`]: super::Searchable::history_index
pub struct ContinuationHistory {
    /// A row per earlier move: a node reads its quiet moves' scores from one row per earlier
    /// move, found once.
    rows: Box<[ContinuationRow]>,
}

/// The scores of every later move after one earlier move; within ±`HISTORY_MAX`, so 16 bits.
#[repr(transparent)]
pub struct ContinuationRow([AtomicI16; CONTINUATION_SLOTS]);

/// A row of zeros that nothing writes to: what a node reads where it has no earlier move to
/// consult, so that it can always read the same number of rows.
pub static NO_CONTINUATION: ContinuationRow =
    ContinuationRow([const { AtomicI16::new(0) }; CONTINUATION_SLOTS]);

impl Default for ContinuationHistory {
    fn default() -> Self {
        // Zeroed memory from the allocator: a new search context makes one of these before it
        // is handed the engine's, and writing 32 MB of zeros each time would cost milliseconds.
        let zeros: Box<[i16]> = vec![0i16; CONTINUATION_SLOTS * CONTINUATION_SLOTS].into_boxed_slice();
        let raw = Box::into_raw(zeros) as *mut ContinuationRow;
        // SAFETY: `AtomicI16` has the same size, alignment and bit validity as `i16`, and a row
        // is (transparently) an array of `CONTINUATION_SLOTS` of them: the allocation holds
        // `CONTINUATION_SLOTS` valid rows and is freed with the layout it was made with.
        let rows = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(raw, CONTINUATION_SLOTS)) };
        ContinuationHistory { rows }
    }
}

impl ContinuationHistory {
    /// The scores of the moves after the move in slot `earlier`.
    #[inline]
    pub fn row(&self, earlier: usize) -> &ContinuationRow {
        &self.rows[earlier % CONTINUATION_SLOTS]
    }

    /// The score of the move in slot `later` after the move in slot `earlier`.
    #[inline]
    pub fn get(&self, earlier: usize, later: usize) -> i32 {
        self.row(earlier).get(later)
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for e in self.rows.iter().flat_map(|row| &row.0) {
            e.store(0, Ordering::Relaxed);
        }
    }
}

impl ContinuationRow {
    /// The score of the move in slot `later`.
    #[inline]
    pub fn get(&self, later: usize) -> i32 {
        i32::from(self.0[later % CONTINUATION_SLOTS].load(Ordering::Relaxed))
    }

    /// Moves the score of the move in slot `later` by `delta`, with the quiet history's gravity
    /// (within ±`HISTORY_MAX`).
    #[inline]
    pub fn add(&self, later: usize, delta: i32) {
        let slot = &self.0[later % CONTINUATION_SLOTS];
        let h = i32::from(slot.load(Ordering::Relaxed));
        let updated = with_gravity(h, delta, HISTORY_MAX);
        slot.store(updated.clamp(-HISTORY_MAX, HISTORY_MAX) as i16, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_errors_within_their_limit_per_seat_and_clear() {
        let c = CorrectionHistory::default();
        let (a, b) = (Seat::WHITE, Seat::BLACK);
        assert_eq!(c.get(a, 77), 0);
        for _ in 0..200 {
            c.update(a, 77, 40, 10);
        }
        let learnt = c.get(a, 77);
        assert!(learnt > 0 && learnt <= CORRECTION_LIMIT / CORRECTION_GRAIN, "{learnt}");
        // The other seat, and other keys, learnt nothing.
        assert_eq!(c.get(b, 77), 0);
        assert_eq!(c.get(a, 77 + (1 << 60)), 0);
        // Errors the other way bring it back down.
        for _ in 0..200 {
            c.update(a, 77, -40, 10);
        }
        assert!(c.get(a, 77) < 0, "{}", c.get(a, 77));
        c.clear();
        assert_eq!(c.get(a, 77), 0);
    }

    #[test]
    fn continuations_learn_per_pair_saturate_and_forget() {
        let c = ContinuationHistory::default();
        for _ in 0..1000 {
            c.row(5).add(700, 4096);
        }
        assert!(c.get(5, 700) > HISTORY_MAX * 9 / 10 && c.get(5, 700) <= HISTORY_MAX, "{}", c.get(5, 700));
        // Only that pair learnt: not the reverse pair, nor other replies to the same move.
        assert_eq!(c.get(700, 5), 0);
        assert_eq!(c.get(5, 701), 0);
        assert_eq!(c.get(6, 700), 0);
        // Slots wrap around the table's width.
        assert_eq!(c.get(5 + CONTINUATION_SLOTS, 700 + CONTINUATION_SLOTS), c.get(5, 700));
        for _ in 0..1000 {
            c.row(5).add(700, -4096);
        }
        assert!(c.get(5, 700) < -HISTORY_MAX * 9 / 10 && c.get(5, 700) >= -HISTORY_MAX, "{}", c.get(5, 700));
        c.clear();
        assert_eq!(c.get(5, 700), 0);
    }

    #[test]
    fn bonuses_saturate_below_the_maximum_and_clearing_forgets() {
        let h = QuietHistory::default();
        for _ in 0..1000 {
            h.add(3, 4096);
        }
        assert!(h.get(3) > HISTORY_MAX * 9 / 10 && h.get(3) <= HISTORY_MAX, "{}", h.get(3));
        assert_eq!(h.get(4), 0);
        // Indices wrap around the table.
        assert_eq!(h.get(3 + HISTORY_SIZE), h.get(3));
        for _ in 0..1000 {
            h.add(3, -4096);
        }
        assert!(h.get(3) < -HISTORY_MAX * 9 / 10 && h.get(3) >= -HISTORY_MAX, "{}", h.get(3));
        h.clear();
        assert_eq!(h.get(3), 0);
    }
}
