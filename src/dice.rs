//! The seeded dice that live inside every game system's state, so a replay rolls the same
//! numbers on every machine.
//!
//! The generator is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
//! generators", OOPSLA 2014): a 64-bit counter advanced by the golden-ratio increment
//! `0x9E37_79B9_7F4A_7C15` and mixed by two xor-shift-multiply rounds. It is written out here,
//! not taken from a crate, so a dependency update can never change a game's rolls.
//! A d6 face is `1 + (x mod 6)` for the next output `x`, drawing again while `x` falls in the
//! top `2^64 mod 6` values so every face is equally likely.

use serde::{Deserialize, Serialize};

/// The dice of one game: a seed and how far it has been rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    /// The generator's whole state.
    pub state: u64,
    /// How many faces have been rolled, for logs and debugging.
    pub rolls: u64,
}

impl Dice {
    /// Dice seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self { state: seed, rolls: 0 }
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Rolls one six-sided die: 1 to 6.
    pub fn roll_d6(&mut self) -> u8 {
        let face = self.below(6);
        self.rolls += 1;
        // face < 6, so the conversion cannot fail.
        1 + u8::try_from(face).unwrap_or(0)
    }

    /// A number in `0..bound` for the AI and random playouts (bound of 0 gives 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            return 0;
        }
        let bound = bound as u64;
        // 2^64 mod bound: the count of top values redrawn so every result is equally likely.
        let excess = (u64::MAX % bound + 1) % bound;
        loop {
            let x = self.next_u64();
            if excess == 0 || x <= u64::MAX - excess {
                return usize::try_from(x % bound).unwrap_or(0);
            }
        }
    }
}
