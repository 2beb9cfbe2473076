//! A thread's cache of static evaluations by position key. Iterative deepening, re-searches and
//! transpositions bring the search back to positions it has evaluated; the cache answers those
//! without evaluating again. It changes no result: the evaluation is a function of the
//! position, which the key identifies (as it does for the transposition table).

/// Entries in a thread's cache (a power of two; 512 KiB, which stays in the CPU's caches).
const ENTRIES: usize = 1 << 16;

pub(super) struct EvalCache {
    /// The key's upper 32 bits above the evaluation's 32 bits; 0 is an empty slot (a position
    /// whose key has zero upper bits is then merely never cached).
    entries: Box<[u64]>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache { entries: vec![0; ENTRIES].into_boxed_slice() }
    }
}

impl EvalCache {
    /// The cached evaluation of the position with this key, or `evaluate()`'s, remembered.
    #[inline]
    pub fn get_or_insert(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.entries[key as usize & (ENTRIES - 1)];
        let tag = key & !0xFFFF_FFFF;
        if tag != 0 && *slot & !0xFFFF_FFFF == tag {
            return *slot as u32 as i32;
        }
        let eval = evaluate();
        *slot = tag | u64::from(eval as u32);
        eval
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_evaluation_is_returned_until_another_key_takes_its_slot() {
        let mut cache = EvalCache::default();
        let key = 0xABCD_0000_0000_0007u64;
        assert_eq!(cache.get_or_insert(key, || -42), -42);
        assert_eq!(cache.get_or_insert(key, || panic!("evaluated twice")), -42);
        // Another position in the same slot replaces it.
        let other = 0x1234_0000_0000_0007u64;
        assert_eq!(cache.get_or_insert(other, || 17), 17);
        assert_eq!(cache.get_or_insert(key, || 5), 5);
        // A key with no upper bits is never taken for a cached one.
        assert_eq!(cache.get_or_insert(7, || 1), 1);
        assert_eq!(cache.get_or_insert(7, || 2), 2);
    }
}
