//! Edges between squares and what stands on them: walls with a height, doors open or closed.

use super::Pos;
use serde::{Deserialize, Serialize};

/// Which way an edge runs along the grid lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EdgeAxis {
    /// Along the top side of square `(x, y)`: from corner `(x, y)` to corner `(x + 1, y)`.
    Horizontal,
    /// Along the left side of square `(x, y)`: from corner `(x, y)` to corner `(x, y + 1)`.
    Vertical,
}

/// One unit-long piece of a grid line: the side two squares share, or a side on the border.
/// Named by its first corner (the top or left end) and its axis, so every edge has exactly
/// one name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Edge {
    /// Grid line column of the first corner, `0..=width`.
    pub x: u16,
    /// Grid line row of the first corner, `0..=height`.
    pub y: u16,
    /// Which way it runs.
    pub axis: EdgeAxis,
}

impl Edge {
    /// The edge two orthogonally neighbouring squares share, or `None` for squares that are
    /// not neighbours.
    #[must_use]
    pub fn between(a: Pos, b: Pos) -> Option<Edge> {
        match (a.x.abs_diff(b.x), a.y.abs_diff(b.y)) {
            (0, 1) => Some(Edge { x: a.x, y: a.y.max(b.y), axis: EdgeAxis::Horizontal }),
            (1, 0) => Some(Edge { x: a.x.max(b.x), y: a.y, axis: EdgeAxis::Vertical }),
            _ => None,
        }
    }

    /// The four sides of a square: top, left, right, bottom.
    #[must_use]
    pub fn sides(pos: Pos) -> [Edge; 4] {
        [
            Edge { x: pos.x, y: pos.y, axis: EdgeAxis::Horizontal },
            Edge { x: pos.x, y: pos.y, axis: EdgeAxis::Vertical },
            Edge { x: pos.x + 1, y: pos.y, axis: EdgeAxis::Vertical },
            Edge { x: pos.x, y: pos.y + 1, axis: EdgeAxis::Horizontal },
        ]
    }

    /// Its two end corners, as grid line coordinates.
    #[must_use]
    pub fn corners(self) -> (Pos, Pos) {
        let first = Pos::new(self.x, self.y);
        match self.axis {
            EdgeAxis::Horizontal => (first, Pos::new(self.x + 1, self.y)),
            EdgeAxis::Vertical => (first, Pos::new(self.x, self.y + 1)),
        }
    }

    /// The edge joining two corners one grid step apart, or `None` if they are not.
    #[must_use]
    pub fn from_corners(a: Pos, b: Pos) -> Option<Edge> {
        match (a.x.abs_diff(b.x), a.y.abs_diff(b.y)) {
            (1, 0) => Some(Edge { x: a.x.min(b.x), y: a.y, axis: EdgeAxis::Horizontal }),
            (0, 1) => Some(Edge { x: a.x, y: a.y.min(b.y), axis: EdgeAxis::Vertical }),
            _ => None,
        }
    }

    /// Whether the edge lies on a `width` x `height` board (its border included).
    #[must_use]
    pub fn on_board(self, width: u16, height: u16) -> bool {
        match self.axis {
            EdgeAxis::Horizontal => self.x < width && self.y <= height,
            EdgeAxis::Vertical => self.x <= width && self.y < height,
        }
    }
}

/// A wall along an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Wall {
    /// Height in levels, from 1.
    pub height: u8,
    /// Whether figures may climb it.
    pub climbable: bool,
}

/// A door in a wall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Door {
    /// Whether it stands open.
    pub open: bool,
}

/// What stands on one edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct EdgeFeature {
    /// The wall, if any.
    pub wall: Option<Wall>,
    /// The door, if any (a game system says whether a door needs a wall).
    pub door: Option<Door>,
}

impl EdgeFeature {
    /// Neither wall nor door.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.wall.is_none() && self.door.is_none()
    }
}
