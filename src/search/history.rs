//! What the engine learns from its searches and keeps across the moves of a game: the history
//! of quiet moves and the correction history of the static evaluation ([`SearchHistory`]).
//!
//! The history of quiet moves: a score per [`Searchable::history_index`] slot (a piece and its
//! destination, typically), raised when a quiet move causes a cutoff and lowered for the quiet
//! moves tried before it. Move ordering sorts quiet moves by it.
//!
//! It belongs to the engine, like the transposition table: what one search learnt orders the
//! next move's search from its first iteration, and a new game clears it. The threads of a
//! search share it without locks (a lost update costs nothing but a little learning).
//!
//! [`Searchable::history_index`]: super::Searchable::history_index

use super::params::{CORRECTION_GRAIN, CORRECTION_LIMIT, CORRECTION_SIZE, HISTORY_MAX};
use super::HISTORY_SIZE;
use crate::core::Seat;
use std::sync::atomic::{AtomicI32, Ordering};

/// Everything the engine learns and keeps across moves besides the transposition table.
#[derive(Default)]
pub struct SearchHistory {
    pub quiet: QuietHistory,
    pub correction: CorrectionHistory,
}

impl SearchHistory {
    /// Before each search: fade the quiet history (the corrections stay, they are averages).
    pub fn age(&self) {
        self.quiet.age();
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        self.quiet.clear();
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
        slot.store(c + bonus - c * bonus.abs() / CORRECTION_LIMIT, Ordering::Relaxed);
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
        slot.store(h + delta - h * delta.abs() / HISTORY_MAX, Ordering::Relaxed);
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
