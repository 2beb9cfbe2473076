//! The shared transposition table: lock-free entries (the key stored XOR-ed with the data, so a
//! torn write from another thread reads as a miss), one entry per slot, depth-and-age replacement.

use crate::core::Score;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
    Exact,
}

/// A stored entry, as read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The packed best move (see `Searchable::pack_move`), if one was found.
    pub best: Option<u32>,
    /// Node-relative score (convert with [`Score::from_tt`]).
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
    /// Incremented per search so stale entries are replaced first (5 bits used).
    age: AtomicU8,
}

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

// Data layout: move 0-31, score 32-47, depth 48-55, bound 56-57, has-move 58, age 59-63.
fn pack(e: &TtEntry, age: u8) -> u64 {
    let bound = match e.bound {
        Bound::Lower => 0u64,
        Bound::Upper => 1,
        Bound::Exact => 2,
    };
    e.best.unwrap_or(0) as u64
        | (e.score.0 as i16 as u16 as u64) << 32
        | (e.depth.clamp(-128, 127) as i8 as u8 as u64) << 48
        | bound << 56
        | (e.best.is_some() as u64) << 58
        | ((age & 31) as u64) << 59
}

fn unpack(data: u64) -> TtEntry {
    TtEntry {
        best: (data >> 58 & 1 != 0).then_some(data as u32),
        score: Score((data >> 32) as u16 as i16 as i32),
        depth: (data >> 48) as u8 as i8 as i32,
        bound: match data >> 56 & 3 {
            0 => Bound::Lower,
            1 => Bound::Upper,
            _ => Bound::Exact,
        },
    }
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one slot).
    pub fn new(megabytes: usize) -> TranspositionTable {
        Self::try_new(megabytes).unwrap_or_else(|| Self::try_new(1).expect("a 1 MiB table"))
    }

    /// A table of about `megabytes` MiB, or `None` if the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Option<TranspositionTable> {
        let count = (megabytes.saturating_mul(1 << 20) / SLOT_BYTES).max(1);
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).ok()?;
        advise_huge_pages(slots.as_ptr() as usize, count * SLOT_BYTES);
        slots.resize_with(count, Slot::default);
        Some(TranspositionTable { slots, age: AtomicU8::new(0) })
    }

    pub fn megabytes(&self) -> usize {
        (self.slots.len() * SLOT_BYTES) >> 20
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        // Multiply-shift maps the key onto any table size without a modulo.
        let index = ((key as u128 * self.slots.len() as u128) >> 64) as usize;
        &self.slots[index]
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.key_xor_data.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    /// Starts loading the slot of `key` into the CPU's cache, so that the probe a little later
    /// (when the search reaches that position) does not wait on memory. Only a hint.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Slot = self.slot(key);
            // SAFETY: a prefetch never faults and changes nothing; the address is in the table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.key_xor_data.load(Ordering::Relaxed);
        (check ^ data == key && data != 0).then(|| unpack(data))
    }

    pub fn store(&self, key: u64, entry: TtEntry) {
        let slot = self.slot(key);
        let age = self.age.load(Ordering::Relaxed) & 31;
        let old_data = slot.data.load(Ordering::Relaxed);
        let old_key = slot.key_xor_data.load(Ordering::Relaxed) ^ old_data;
        let old = unpack(old_data);
        let old_age = (old_data >> 59) as u8;
        // Replace entries of other positions that are shallower or from an older search;
        // for the same position, keep a deeper entry unless the new one is exact.
        let replace = old_data == 0
            || old_age != age
            || entry.bound == Bound::Exact
            || (old_key != key && entry.depth + 2 >= old.depth)
            || (old_key == key && entry.depth + 3 >= old.depth);
        if replace {
            // Keep the old best move when the new entry has none for the same position.
            let mut entry = entry;
            if entry.best.is_none() && old_key == key {
                entry.best = old.best;
            }
            let data = pack(&entry, age);
            slot.data.store(data, Ordering::Relaxed);
            slot.key_xor_data.store(key ^ data, Ordering::Relaxed);
        }
    }

    /// Permille of sampled slots filled in the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 31;
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && (d >> 59) as u8 == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// Asks the kernel to back the table with huge pages (Linux's transparent huge pages, where
/// enabled "madvise"): a probe lands on a random slot, and with 4 KiB pages nearly every probe
/// also misses the address-translation cache. Called before the table is first written, so the
/// pages are huge from their first use. Only advice: where refused, the table works as before.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: usize, bytes: usize) {
    const PAGE: usize = 4096;
    let first = (start + PAGE - 1) & !(PAGE - 1);
    let end = (start + bytes) & !(PAGE - 1);
    if end > first {
        // SAFETY: the range lies within the table's own allocation, and this advice changes
        // only how the kernel backs those pages, never their contents.
        unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: usize, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let tt = TranspositionTable::new(1);
        for (i, e) in [
            TtEntry { best: Some(0xDEAD_BEEF), score: Score(-31_990), depth: 12, bound: Bound::Exact },
            TtEntry { best: None, score: Score(250), depth: -3, bound: Bound::Upper },
            TtEntry { best: Some(0), score: Score(0), depth: 0, bound: Bound::Lower },
        ]
        .into_iter()
        .enumerate()
        {
            let key = 0x1234_5678_9ABC_DEF0 ^ (i as u64) << 60;
            tt.store(key, e);
            assert_eq!(tt.probe(key), Some(e));
            assert_eq!(tt.probe(key ^ 1), None);
        }
    }

    #[test]
    fn deeper_entries_survive_shallow_ones_of_the_same_search() {
        let tt = TranspositionTable::new(1);
        let key = 42;
        let deep = TtEntry { best: Some(7), score: Score(10), depth: 10, bound: Bound::Lower };
        tt.store(key, deep);
        tt.store(key, TtEntry { best: None, score: Score(5), depth: 2, bound: Bound::Upper });
        assert_eq!(tt.probe(key), Some(deep));
    }
}
