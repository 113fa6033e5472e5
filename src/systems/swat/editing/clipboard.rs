//! The clipboard (a copied block of squares with owners and units, turned and mirrored as a
//! whole) and the operations that paste it or lay a library tile.

use super::ops::Op;
use crate::board::shapes::rect_squares;
use crate::board::{Block, SquareMap};
use crate::systems::swat::rules::{Pos, Ruleset};
use crate::systems::swat::scenario::{Scenario, ScenarioUnit, Tile};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A copied block of squares: terrain, heights, walls and doors (the shared board block),
/// with owners and units, relative to its top-left corner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clipboard {
    /// Terrain, heights and edges.
    pub block: Block,
    /// Owners by relative square.
    #[serde(with = "crate::board::pairs")]
    pub owners: BTreeMap<Pos, u8>,
    /// Units with relative squares.
    pub units: Vec<ScenarioUnit>,
}

impl Clipboard {
    /// Copies the rectangle with corners `a` and `b`.
    #[must_use]
    pub fn copy(scenario: &Scenario, a: Pos, b: Pos) -> Self {
        let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
        let squares: Vec<Pos> = rect_squares(a, b).into_iter().filter(|p| scenario.contains(*p)).collect();
        let relative = |p: Pos| Pos::new(p.x - x0, p.y - y0);
        Self {
            block: Block::copy(&scenario.board, a, b),
            owners: squares.iter().filter_map(|&p| scenario.owners.get(&p).map(|&o| (relative(p), o))).collect(),
            units: scenario
                .units
                .iter()
                .filter(|u| squares.contains(&u.pos))
                .map(|u| ScenarioUnit { pos: relative(u.pos), ..u.clone() })
                .collect(),
        }
    }

    /// The clipboard as a map turns or mirrors it (a quarter turn swaps its width and height).
    #[must_use]
    pub fn mapped(&self, map: SquareMap) -> Self {
        let (w, h) = (self.width(), self.height());
        Self {
            block: self.block.mapped(map),
            owners: self.owners.iter().map(|(&p, &o)| (map.apply(p, w, h), o)).collect(),
            units: self.units.iter().map(|u| ScenarioUnit { pos: map.apply(u.pos, w, h), ..u.clone() }).collect(),
        }
    }

    /// Squares across.
    #[must_use]
    pub fn width(&self) -> u16 {
        self.block.width()
    }

    /// Squares down.
    #[must_use]
    pub fn height(&self) -> u16 {
        self.block.height()
    }
}

/// The operations that paste a clipboard with its top-left corner at `at`.
#[must_use]
pub fn paste_ops(rules: &Ruleset, clip: &Clipboard, at: Pos) -> Vec<(Pos, Op)> {
    let mut ops = Vec::new();
    for y in 0..clip.height() {
        for x in 0..clip.width() {
            let pos = Pos::new(at.x.saturating_add(x), at.y.saturating_add(y));
            let terrain = clip.block.board.terrain_at(Pos::new(x, y));
            let kind = rules.terrains.get(terrain.index()).and_then(|t| t.property);
            match kind {
                Some(kind) => ops.push((pos, Op::Property(kind, clip.owners.get(&Pos::new(x, y)).copied()))),
                None => ops.push((pos, Op::Terrain(terrain))),
            }
            ops.push((pos, Op::Height(clip.block.board.height_at(Pos::new(x, y)))));
        }
    }
    for (edge, feature) in clip.block.edges_at(at) {
        ops.push((Pos::new(edge.x, edge.y), Op::Edge(edge, Some(feature))));
    }
    for unit in &clip.units {
        let pos = Pos::new(at.x.saturating_add(unit.pos.x), at.y.saturating_add(unit.pos.y));
        ops.push((pos, Op::Unit(unit.kind.clone(), unit.owner)));
        for passenger in &unit.passengers {
            ops.push((pos, Op::Unit(passenger.kind.clone(), unit.owner)));
        }
    }
    ops
}

/// The operations that lay a library tile with its top-left corner at `corner`, turned
/// `rotation` quarter turns (its properties neutral); squares off the board are skipped.
#[must_use]
pub fn stamp_ops(rules: &Ruleset, scenario: &Scenario, tile: &Tile, corner: Pos, rotation: u8) -> Vec<(Pos, Op)> {
    let mut ops = Vec::new();
    for y in 0..tile.size {
        for x in 0..tile.size {
            let pos = Pos::new(corner.x.saturating_add(x), corner.y.saturating_add(y));
            if !scenario.contains(pos) {
                continue;
            }
            let terrain = tile.terrain_at(x, y, rotation);
            match rules.terrains.get(terrain.index()).and_then(|t| t.property) {
                Some(kind) => ops.push((pos, Op::Property(kind, None))),
                None => ops.push((pos, Op::Terrain(terrain))),
            }
        }
    }
    ops
}
