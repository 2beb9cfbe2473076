//! Zobrist keys from a fixed seed.
//!
//! Keys come from SplitMix64, evaluated at compile time: each variant declares its key tables as
//! `const`/`static` items, so there is no lazy initialisation on the hot path and the keys are the
//! same on every build and platform (which keeps `bench` node counts and opening-book style data
//! reproducible; rand's `StdRng` does not promise a stable stream across versions).

/// The seed every key table starts from. Changing it changes every hash key.
pub const SEED: u64 = 0x6A65_7374_6572_2121; // "jester!!"

/// One step of SplitMix64: returns the next state and its output.
#[inline]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` keys drawn from the stream seeded with `SEED ^ salt`. Each table uses its own salt so two
/// tables never share keys.
pub const fn keys<const N: usize>(salt: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = SEED ^ salt;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix64(state);
        state = next;
        out[i] = key;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_salted() {
        let a: [u64; 1024] = keys(1);
        let b: [u64; 1024] = keys(2);
        let mut all: Vec<u64> = a.iter().chain(b.iter()).copied().collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2048);
        assert!(a.iter().all(|&k| k != 0));
    }
}
