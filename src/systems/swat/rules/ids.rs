//! Small identifier and coordinate types shared by the whole rules core.

use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::board::{Pos, TerrainId};

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
    /// A unit kind: an index into [`crate::systems::swat::rules::Ruleset::units`].
    UnitKindId,
    u8
);
index_id!(
    /// A move type (foot, wheel, tread): an index into [`crate::systems::swat::rules::Ruleset::move_types`].
    MoveTypeId,
    u8
);
index_id!(
    /// A column of the Terrain Defense Modifier chart.
    ColumnId,
    u8
);
index_id!(
    /// A commanding officer: an index into [`crate::systems::swat::rules::Ruleset::cos`].
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
