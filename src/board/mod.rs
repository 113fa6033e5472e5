//! The one board model every square-grid game system shares: squares with terrain, an optional
//! height level per square, and features (walls, doors) on the edges between squares, with the
//! geometry every editor tool needs (rotations, mirrors, rectangular blocks).
//!
//! Architecture invariant: nothing here knows a game system. Terrain is an index into the
//! system's own terrain table; what a wall or a height means is the system's business.

mod block;
mod edge;
mod half;
pub mod pairs;
pub mod selection;
pub mod shapes;
mod transform;

pub use block::Block;
pub use edge::{Door, Edge, EdgeAxis, EdgeFeature, Wall};
pub use half::HalfBoard;
pub use transform::{SquareMap, Symmetry, symmetry_to_check};

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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

    /// Orthogonal (Manhattan) distance, the way orthogonal games count movement and range.
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

/// A terrain kind: an index into the game system's terrain table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TerrainId(pub u8);

impl TerrainId {
    /// The position of this terrain in its system's table.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A rectangular board of squares.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Squares across.
    pub width: u16,
    /// Squares down.
    pub height: u16,
    /// Terrain row by row, `width * height` entries.
    pub terrain: Vec<TerrainId>,
    /// Height level row by row, `width * height` entries; empty on a flat board.
    pub heights: Vec<u8>,
    /// Walls and doors on edges between squares (and on the border); edges without any are
    /// not listed.
    #[serde(with = "pairs")]
    pub edges: BTreeMap<Edge, EdgeFeature>,
}

impl Board {
    /// The terrain most squares have (the lowest id among equals), `None` on a board of no
    /// squares: the open ground a background image shows through in print.
    #[must_use]
    pub fn commonest_terrain(&self) -> Option<TerrainId> {
        let mut counts = [0usize; 256];
        for t in &self.terrain {
            counts[usize::from(t.0)] += 1;
        }
        let (id, &most) = counts.iter().enumerate().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        (most > 0).then(|| TerrainId(u8::try_from(id).unwrap_or(0)))
    }

    /// A flat board without walls, filled with one terrain.
    #[must_use]
    pub fn filled(width: u16, height: u16, terrain: TerrainId) -> Self {
        Self {
            width,
            height,
            terrain: vec![terrain; usize::from(width) * usize::from(height)],
            heights: Vec::new(),
            edges: BTreeMap::new(),
        }
    }

    /// The index of a square in row-major order.
    #[must_use]
    pub fn index(&self, pos: Pos) -> usize {
        usize::from(pos.y) * usize::from(self.width) + usize::from(pos.x)
    }

    /// Whether a square lies on the board.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.x < self.width && pos.y < self.height
    }

    /// The terrain of a square on the board.
    #[must_use]
    pub fn terrain_at(&self, pos: Pos) -> TerrainId {
        self.terrain[self.index(pos)]
    }

    /// The height level of a square (0 on a flat board or off it).
    #[must_use]
    pub fn height_at(&self, pos: Pos) -> u8 {
        if self.contains(pos) { self.heights.get(self.index(pos)).copied().unwrap_or(0) } else { 0 }
    }

    /// Whether any square is raised.
    #[must_use]
    pub fn is_flat(&self) -> bool {
        self.heights.iter().all(|&h| h == 0)
    }

    /// The wall and door on an edge, if any.
    #[must_use]
    pub fn edge(&self, edge: Edge) -> Option<&EdgeFeature> {
        self.edges.get(&edge)
    }

    /// Every square, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Pos> + use<> {
        let (width, height) = (self.width, self.height);
        (0..height).flat_map(move |y| (0..width).map(move |x| Pos::new(x, y)))
    }

    /// Paints a square; returns the terrain it had, or `None` (and no change) off the board.
    pub fn set_terrain(&mut self, pos: Pos, terrain: TerrainId) -> Option<TerrainId> {
        if !self.contains(pos) {
            return None;
        }
        let index = self.index(pos);
        Some(std::mem::replace(&mut self.terrain[index], terrain))
    }

    /// Sets a square's height level; returns the level it had, or `None` off the board. A board
    /// whose squares are all back at level 0 drops its height layer.
    pub fn set_height(&mut self, pos: Pos, level: u8) -> Option<u8> {
        if !self.contains(pos) {
            return None;
        }
        if self.heights.is_empty() {
            if level == 0 {
                return Some(0);
            }
            self.heights = vec![0; self.terrain.len()];
        }
        let index = self.index(pos);
        let old = std::mem::replace(&mut self.heights[index], level);
        if self.is_flat() {
            self.heights.clear();
        }
        Some(old)
    }

    /// Sets (or with `None` clears) the features of an edge; returns what it had, or `None`
    /// (and no change) for an edge that is not on this board.
    pub fn set_edge(&mut self, edge: Edge, feature: Option<EdgeFeature>) -> Option<Option<EdgeFeature>> {
        if !edge.on_board(self.width, self.height) {
            return None;
        }
        Some(match feature.filter(|f| !f.is_empty()) {
            Some(feature) => self.edges.insert(edge, feature),
            None => self.edges.remove(&edge),
        })
    }

    /// Whether the board is its own image under `map`: every square's terrain and height, and
    /// every edge's walls and doors, found again on the image.
    #[must_use]
    pub fn is_symmetric_under(&self, map: SquareMap) -> bool {
        let (width, height) = (self.width, self.height);
        if map.size(width, height) != (width, height) {
            return false;
        }
        self.squares().all(|pos| {
            let image = map.apply(pos, width, height);
            self.terrain_at(pos) == self.terrain_at(image) && self.height_at(pos) == self.height_at(image)
        }) && self.edges.iter().all(|(edge, feature)| self.edges.get(&map.edge(*edge, width, height)) == Some(feature))
    }

    /// Makes the board exactly symmetric under `map` (a mirror or a half turn): every square
    /// whose image comes earlier in row order takes that image's terrain and height, and the
    /// edges of the earlier half are copied onto their images (edges on the axis keep theirs).
    /// A generator lays out the first half freely and then calls this.
    pub fn copy_first_half(&mut self, map: SquareMap) {
        let (width, height) = (self.width, self.height);
        for pos in self.squares() {
            let image = map.apply(pos, width, height);
            let (here, there) = (self.index(pos), self.index(image));
            if there < here {
                self.terrain[here] = self.terrain[there];
                if !self.heights.is_empty() {
                    self.heights[here] = self.heights[there];
                }
            }
        }
        let index_of = |edge: Edge| {
            let (a, _) = edge.corners();
            (a.y, a.x, edge.axis)
        };
        let kept: Vec<(Edge, EdgeFeature)> = self
            .edges
            .iter()
            .filter(|(edge, _)| index_of(**edge) <= index_of(map.edge(**edge, width, height)))
            .map(|(e, f)| (*e, *f))
            .collect();
        self.edges.clear();
        for (edge, feature) in kept {
            self.edges.insert(map.edge(edge, width, height), feature);
            self.edges.insert(edge, feature);
        }
        if self.is_flat() {
            self.heights.clear();
        }
    }

    /// Whether a wall stands between two orthogonally neighbouring squares.
    #[must_use]
    pub fn wall_between(&self, a: Pos, b: Pos) -> Option<Wall> {
        Edge::between(a, b).and_then(|e| self.edges.get(&e)).and_then(|f| f.wall)
    }

    /// A copy with `left`, `top`, `right` and `bottom` squares added (or, negative, removed) on
    /// each side; new squares get `fill`, and what falls off goes with it (edges included).
    /// `None` when a side would end up outside `1..=max_side`.
    #[must_use]
    pub fn resized(&self, sides: [i32; 4], fill: TerrainId, max_side: u16) -> Option<Self> {
        let [left, top, right, bottom] = sides;
        let width = i32::from(self.width) + left + right;
        let height = i32::from(self.height) + top + bottom;
        let max = i32::from(max_side);
        if !(1..=max).contains(&width) || !(1..=max).contains(&height) {
            return None;
        }
        let (width, height) = (u16::try_from(width).ok()?, u16::try_from(height).ok()?);
        let mut next = Board::filled(width, height, fill);
        for pos in self.squares() {
            if let Some(to) = shift(pos, left, top).filter(|&p| next.contains(p)) {
                let _ = next.set_terrain(to, self.terrain_at(pos));
                let _ = next.set_height(to, self.height_at(pos));
            }
        }
        for (edge, feature) in &self.edges {
            let Some(corner) = shift(Pos::new(edge.x, edge.y), left, top) else { continue };
            let _ = next.set_edge(Edge { x: corner.x, y: corner.y, axis: edge.axis }, Some(*feature));
        }
        Some(next)
    }
}

/// A square (or corner) moved by `dx`, `dy`; `None` when it leaves the non-negative quarter.
#[must_use]
pub fn shift(pos: Pos, dx: i32, dy: i32) -> Option<Pos> {
    let x = u16::try_from(i32::from(pos.x) + dx).ok()?;
    let y = u16::try_from(i32::from(pos.y) + dy).ok()?;
    Some(Pos::new(x, y))
}
