//! Seeds derived from a recorded seed, so every random choice replays from the one
//! number stored with its match or tournament: SplitMix64's output function (Steele,
//! Lea and Flood, "Fast splittable pseudorandom number generators", 2014), and the
//! generator built on it for tests and tools that need a small reproducible stream.
//!
//! A leaf every layer may use. Changing [`finish`] changes every derived seed and so
//! every engine decision recorded before: `verify` would then refuse old records.

/// SplitMix64's finaliser: a bijection of `u64` whose every output bit depends on
/// every input bit.
pub const fn finish(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The golden-ratio increment SplitMix64 steps by; also the multiplier the derived
/// seeds spread their first input with.
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The second multiplier the derived seeds spread an input with.
pub(crate) const SECOND: u64 = 0xD1B5_4A32_D192_ED03;

/// The SplitMix64 generator: `next` steps the state by [`GOLDEN`] and finishes it.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        finish(self.0)
    }

    /// A number below `n` (`n` > 0), by remainder: slightly uneven for large `n`,
    /// which the tests and tools that use it do not mind.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference outputs of SplitMix64 from seed 0 (as published with the
    /// algorithm, e.g. in the xoshiro authors' splitmix64.c).
    #[test]
    fn the_generator_gives_splitmix64s_published_stream() {
        let mut g = SplitMix64(0);
        assert_eq!(g.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(g.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(g.next_u64(), 0x06C4_5D18_8009_454F);
    }
}
