//! A rectangular piece of a board (terrain, heights, edges) with its own origin: what a
//! selection copies, a library tile holds, and a paste or stamp lays down, turned or mirrored.

use super::{Board, Edge, EdgeFeature, Pos, SquareMap, TerrainId, shift};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A block of squares relative to its top-left corner.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Block {
    /// The squares as a small board of their own (edges on its border included).
    pub board: Board,
}

impl Block {
    /// Copies the rectangle with corners `a` and `b` (clipped to the board), with the edges
    /// inside it and on its border.
    #[must_use]
    pub fn copy(board: &Board, a: Pos, b: Pos) -> Self {
        let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
        let x1 = a.x.max(b.x).min(board.width.saturating_sub(1));
        let y1 = a.y.max(b.y).min(board.height.saturating_sub(1));
        if x0 > x1 || y0 > y1 {
            return Self { board: Board::filled(0, 0, TerrainId(0)) };
        }
        let (width, height) = (x1 - x0 + 1, y1 - y0 + 1);
        let mut block = Board::filled(width, height, TerrainId(0));
        for y in 0..height {
            for x in 0..width {
                let from = Pos::new(x0 + x, y0 + y);
                let to = Pos::new(x, y);
                let _ = block.set_terrain(to, board.terrain_at(from));
                let _ = block.set_height(to, board.height_at(from));
            }
        }
        let (dx, dy) = (-i32::from(x0), -i32::from(y0));
        for (edge, feature) in &board.edges {
            if let Some(corner) = shift(Pos::new(edge.x, edge.y), dx, dy) {
                let _ = block.set_edge(Edge { x: corner.x, y: corner.y, axis: edge.axis }, Some(*feature));
            }
        }
        Self { board: block }
    }

    /// Squares across.
    #[must_use]
    pub fn width(&self) -> u16 {
        self.board.width
    }

    /// Squares down.
    #[must_use]
    pub fn height(&self) -> u16 {
        self.board.height
    }

    /// The block as a map turns or mirrors it.
    #[must_use]
    pub fn mapped(&self, map: SquareMap) -> Self {
        let (w, h) = (self.board.width, self.board.height);
        let (nw, nh) = map.size(w, h);
        let mut next = Board::filled(nw, nh, TerrainId(0));
        for pos in self.board.squares() {
            let to = map.apply(pos, w, h);
            let _ = next.set_terrain(to, self.board.terrain_at(pos));
            let _ = next.set_height(to, self.board.height_at(pos));
        }
        next.edges = self.board.edges.iter().map(|(&e, &f)| (map.edge(e, w, h), f)).collect();
        Self { board: next }
    }

    /// The edges of the block placed with its top-left corner at `at`, as board edges.
    #[must_use]
    pub fn edges_at(&self, at: Pos) -> BTreeMap<Edge, EdgeFeature> {
        self.board
            .edges
            .iter()
            .map(|(e, f)| (Edge { x: e.x.saturating_add(at.x), y: e.y.saturating_add(at.y), axis: e.axis }, *f))
            .collect()
    }
}
