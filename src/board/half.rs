//! The half of a board a generator lays out before copying it onto the other half: positions
//! counted across the line between the two sides and from the laid-out side's own edge, so one
//! routine serves a mirror top to bottom, a mirror left to right and a half turn.

use super::{Pos, SquareMap, Symmetry};

/// The laid-out half of a board for two sides facing each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HalfBoard {
    /// Squares across the line between the sides.
    pub across: u16,
    /// Squares from one side's edge to the other's.
    pub depth: u16,
    /// Whether the sides face each other left and right rather than top and bottom.
    pub sideways: bool,
    /// The map that copies the half onto the other.
    pub map: SquareMap,
}

impl HalfBoard {
    /// The half of a `width` x `height` board under `symmetry`: the top rows, or the left
    /// columns under a mirror left to right (the squares [`super::Board::copy_first_half`] keeps).
    #[must_use]
    pub fn new(width: u16, height: u16, symmetry: Symmetry) -> Self {
        let map = symmetry.maps().first().copied().unwrap_or(SquareMap::Turn180);
        if map == SquareMap::FlipX {
            Self { across: height, depth: width, sideways: true, map }
        } else {
            Self { across: width, depth: height, sideways: false, map }
        }
    }

    /// The square `across` along the side's edge and `from` squares out from it.
    #[must_use]
    pub fn pos(&self, across: u16, from: u16) -> Pos {
        if self.sideways { Pos::new(from, across) } else { Pos::new(across, from) }
    }

    /// The rows of the laid-out half, the middle row of an odd depth included.
    #[must_use]
    pub fn rows(&self) -> u16 {
        self.depth.div_ceil(2)
    }

    /// The last row wholly on the laid-out side (the one before the middle).
    #[must_use]
    pub fn middle(&self) -> u16 {
        self.rows().saturating_sub(1)
    }

    /// Whether a position lies in the laid-out half.
    #[must_use]
    pub fn holds(&self, across: u16, from: u16) -> bool {
        across < self.across && from < self.rows()
    }

    /// Where the copy puts a square of a `width` x `height` board.
    #[must_use]
    pub fn image(&self, pos: Pos, width: u16, height: u16) -> Pos {
        self.map.apply(pos, width, height)
    }
}
