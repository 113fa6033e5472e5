//! Small identifier and coordinate types shared by the whole rules core.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A square of the board: column `x` from the left, row `y` from the top, both from zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// Column, counted from the left edge.
    pub x: u16,
    /// Row, counted from the top edge.
    pub y: u16,
}

impl Pos {
    /// The square at column `x`, row `y`.
    #[must_use]
    pub const fn new(x: u16, y: u16) -> Self {
        Self { x, y }
    }

    /// Orthogonal (Manhattan) distance, the way the rules count movement and range.
    #[must_use]
    pub fn distance(self, other: Self) -> u32 {
        u32::from(self.x.abs_diff(other.x)) + u32::from(self.y.abs_diff(other.y))
    }

    /// The up to four orthogonal neighbours that lie on a `width` x `height` board,
    /// in a fixed order (up, left, right, down) so every search is deterministic.
    pub fn neighbours(self, width: u16, height: u16) -> impl Iterator<Item = Pos> {
        let Pos { x, y } = self;
        [
            (y > 0).then(|| Pos::new(x, y - 1)),
            (x > 0).then(|| Pos::new(x - 1, y)),
            (x + 1 < width).then(|| Pos::new(x + 1, y)),
            (y + 1 < height).then(|| Pos::new(x, y + 1)),
        ]
        .into_iter()
        .flatten()
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

macro_rules! index_id {
    ($(#[$doc:meta])* $name:ident, $inner:ty) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            /// The position of this entry in its table.
            #[must_use]
            pub fn index(self) -> usize {
                usize::from(self.0)
            }
        }
    };
}

index_id!(
    /// A unit kind: an index into [`crate::rules::Ruleset::units`].
    UnitKindId,
    u8
);
index_id!(
    /// A terrain kind: an index into [`crate::rules::Ruleset::terrains`].
    TerrainId,
    u8
);
index_id!(
    /// A move type (foot, wheel, tread): an index into [`crate::rules::Ruleset::move_types`].
    MoveTypeId,
    u8
);
index_id!(
    /// A column of the Terrain Defense Modifier chart.
    ColumnId,
    u8
);
index_id!(
    /// A commanding officer: an index into [`crate::rules::Ruleset::cos`].
    CoId,
    u8
);
index_id!(
    /// A player's seat, from 0; seat order is turn order.
    PlayerId,
    u8
);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", u16::from(self.0) + 1)
    }
}

/// A unit on the board, stable for the whole game (never reused after elimination).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub u32);

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unit #{}", self.0)
    }
}
