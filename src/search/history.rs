//! The history of quiet moves: a score per [`Searchable::history_index`] slot (a piece and its
//! destination, typically), raised when a quiet move causes a cutoff and lowered for the quiet
//! moves tried before it. Move ordering sorts quiet moves by it.
//!
//! It belongs to the engine, like the transposition table: what one search learnt orders the
//! next move's search from its first iteration, and a new game clears it. The threads of a
//! search share it without locks (a lost update costs nothing but a little learning).
//!
//! [`Searchable::history_index`]: super::Searchable::history_index

use super::params::HISTORY_MAX;
use super::HISTORY_SIZE;
use std::sync::atomic::{AtomicI32, Ordering};

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
