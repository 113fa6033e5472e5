//! Editing tools in grid coordinates (never pixels): which squares a brush, line, rectangle or
//! flood fill covers, what painting, placing and erasing mean, selections with copy, paste,
//! rotate and flip, and the symmetric echo of every operation.

use crate::board::{Block, Edge, EdgeFeature, SquareMap, Symmetry};
use crate::systems::swat::rules::{Pos, PropertyKind, Ruleset, TerrainId};
use crate::systems::swat::scenario::{Passenger, Scenario, ScenarioUnit};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One thing to do to one square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    /// Paint terrain (a property terrain comes neutral).
    Terrain(TerrainId),
    /// Place a property of a kind, owned by a seat or neutral.
    Property(PropertyKind, Option<u8>),
    /// Place a unit of a kind for a seat (replacing one there; a foot unit boards an own APC).
    Unit(String, u8),
    /// Remove the unit there, or else the property (leaving plain), or else do nothing.
    Erase,
    /// Set the square's height level.
    Height(u8),
    /// Set or clear the wall and door on an edge (the operation's square is ignored: the
    /// edge says where).
    Edge(Edge, Option<EdgeFeature>),
}

/// The squares a square brush of `size` (1, 3 or 5) covers around `center`.
#[must_use]
pub fn brush_squares(scenario: &Scenario, center: Pos, size: u16) -> Vec<Pos> {
    let r = i32::from(size.max(1) / 2);
    let mut out = Vec::new();
    for dy in -r..=r {
        for dx in -r..=r {
            let (x, y) = (i32::from(center.x) + dx, i32::from(center.y) + dy);
            if let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) {
                let pos = Pos::new(x, y);
                if scenario.contains(pos) {
                    out.push(pos);
                }
            }
        }
    }
    out
}

/// The squares of a straight line from `a` to `b` (Bresenham), both ends included.
#[must_use]
pub fn line_squares(a: Pos, b: Pos) -> Vec<Pos> {
    let (mut x, mut y) = (i32::from(a.x), i32::from(a.y));
    let (x1, y1) = (i32::from(b.x), i32::from(b.y));
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
    let mut error = dx + dy;
    let mut out = Vec::new();
    loop {
        if let (Ok(px), Ok(py)) = (u16::try_from(x), u16::try_from(y)) {
            out.push(Pos::new(px, py));
        }
        if x == x1 && y == y1 {
            break;
        }
        let twice = 2 * error;
        if twice >= dy {
            error += dy;
            x += sx;
        }
        if twice <= dx {
            error += dx;
            y += sy;
        }
    }
    out
}

/// The squares of the rectangle with corners `a` and `b`, row by row.
#[must_use]
pub fn rect_squares(a: Pos, b: Pos) -> Vec<Pos> {
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
    (y0..=y1).flat_map(|y| (x0..=x1).map(move |x| Pos::new(x, y))).collect()
}

/// The connected squares of the same terrain as `start` (orthogonal neighbours), never
/// crossing a wall, so a fill stays inside a walled room.
#[must_use]
pub fn flood_squares(scenario: &Scenario, start: Pos) -> Vec<Pos> {
    if !scenario.contains(start) {
        return Vec::new();
    }
    let target = scenario.terrain_at(start);
    let mut seen = vec![false; scenario.board.terrain.len()];
    let mut stack = vec![start];
    seen[scenario.index(start)] = true;
    let mut out = Vec::new();
    while let Some(pos) = stack.pop() {
        out.push(pos);
        for next in pos.neighbours(scenario.board.width, scenario.board.height) {
            let index = scenario.index(next);
            if !seen[index]
                && scenario.board.terrain[index] == target
                && scenario.board.wall_between(pos, next).is_none()
            {
                seen[index] = true;
                stack.push(next);
            }
        }
    }
    out.sort_by_key(|p| (p.y, p.x));
    out
}

/// Every square of one terrain, for "replace all".
#[must_use]
pub fn squares_of(scenario: &Scenario, terrain: TerrainId) -> Vec<Pos> {
    scenario.squares().filter(|&p| scenario.terrain_at(p) == terrain).collect()
}

/// The terrain standing for a property kind in this ruleset.
#[must_use]
pub fn property_terrain(rules: &Ruleset, kind: PropertyKind) -> Option<TerrainId> {
    rules.terrains.iter().position(|t| t.property == Some(kind)).and_then(|i| u8::try_from(i).ok()).map(TerrainId)
}

/// The same operations echoed by a symmetry: each square's images get the operation with the
/// owner's seat mapped (player 1's unit mirrored becomes player 2's). Squares whose image is
/// the square itself are not repeated.
#[must_use]
pub fn with_symmetry(scenario: &Scenario, ops: &[(Pos, Op)], symmetry: Option<Symmetry>) -> Vec<(Pos, Op)> {
    let mut out: Vec<(Pos, Op)> = ops.to_vec();
    let Some(symmetry) = symmetry else { return out };
    let (w, h) = (scenario.board.width, scenario.board.height);
    if !symmetry.fits(w, h) {
        return out;
    }
    let seats = scenario.players.len();
    // Every combination of the symmetry's maps: one image for a mirror, three for mirrors both
    // ways or a quarter turn.
    let chains = symmetry.image_chains();
    for (pos, original) in ops {
        for chain in &chains {
            let mut image = *pos;
            let mut op = original.clone();
            for map in chain {
                image = map.apply(image, w, h);
                op = match op {
                    Op::Property(kind, owner) => Op::Property(kind, owner.map(|o| map.seat(o, seats))),
                    Op::Unit(kind, owner) => Op::Unit(kind, map.seat(owner, seats)),
                    Op::Edge(edge, feature) => Op::Edge(map.edge(edge, w, h), feature),
                    other => other,
                };
            }
            if let (Op::Edge(from, _), Op::Edge(to, _)) = (original, &op) {
                // An edge is its own place: its image is new when the edge itself moved.
                if to != from && !out.iter().any(|(_, o)| *o == op) {
                    out.push((Pos::new(to.x, to.y), op));
                }
                continue;
            }
            if image != *pos && !out.iter().any(|(p, o)| *p == image && *o == op) {
                out.push((image, op));
            }
        }
    }
    out
}

/// A copied block of squares: terrain, heights, walls and doors (the shared board block),
/// with owners and units, relative to its top-left corner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clipboard {
    /// Terrain, heights and edges.
    pub block: Block,
    /// Owners by relative square.
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

    fn mapped(&self, map: SquareMap) -> Self {
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

    /// Turned a quarter clockwise.
    #[must_use]
    pub fn rotated(&self) -> Self {
        self.mapped(SquareMap::Turn90)
    }

    /// Mirrored left-right.
    #[must_use]
    pub fn flipped_x(&self) -> Self {
        self.mapped(SquareMap::FlipX)
    }

    /// Mirrored top-bottom.
    #[must_use]
    pub fn flipped_y(&self) -> Self {
        self.mapped(SquareMap::FlipY)
    }
}

/// Why an operation was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The square.
    pub pos: Pos,
    /// The rules' reason, for the status bar.
    pub reason: String,
}

/// Whether the rules allow an operation on a square as the document stands, and if not, why.
/// Painting terrain under a unit that cannot stand on it is refused like placing the unit.
///
/// # Errors
/// The [`Refusal`] with the rules' reason.
pub fn judge(rules: &Ruleset, scenario: &Scenario, pos: Pos, op: &Op) -> Result<(), Refusal> {
    let refuse = |reason: String| Err(Refusal { pos, reason });
    if !scenario.contains(pos) && !matches!(op, Op::Edge(..)) {
        return refuse(format!("{pos} is off the board"));
    }
    let unit_here = scenario.unit_index_at(pos).map(|i| &scenario.units[i]);
    let stands =
        |kind: &str, terrain: TerrainId| rules.unit_id(kind).is_some_and(|k| rules.move_cost(k, terrain).is_some());
    let terrain_name = |t: TerrainId| rules.terrains.get(t.index()).map_or("?", |t| t.name.as_str());
    match op {
        Op::Terrain(terrain) => {
            if let Some(unit) = unit_here
                && !stands(&unit.kind, *terrain)
            {
                return refuse(format!("the {} at {pos} cannot stand on {}", unit.kind, terrain_name(*terrain)));
            }
        }
        Op::Property(kind, owner) => {
            if owner.is_some_and(|o| usize::from(o) >= scenario.players.len()) {
                return refuse("that player is not in this scenario".into());
            }
            let Some(terrain) = property_terrain(rules, *kind) else {
                return refuse(format!("the ruleset has no {}", kind.label()));
            };
            if let Some(unit) = unit_here
                && !stands(&unit.kind, terrain)
            {
                return refuse(format!("the {} at {pos} cannot stand on a {}", unit.kind, kind.label()));
            }
        }
        Op::Unit(kind, owner) => {
            let Some(id) = rules.unit_id(kind) else { return refuse(format!("the ruleset has no unit '{kind}'")) };
            if usize::from(*owner) >= scenario.players.len() {
                return refuse("that player is not in this scenario".into());
            }
            let card = rules.unit(id);
            let terrain = scenario.terrain_at(pos);
            if rules.move_cost(id, terrain).is_none() {
                return refuse(format!(
                    "a {} cannot stand on {}: {} units cannot enter it",
                    card.name,
                    terrain_name(terrain),
                    rules.move_types[card.move_type.index()]
                ));
            }
        }
        Op::Erase | Op::Height(_) => {}
        Op::Edge(edge, _) => {
            if !edge.on_board(scenario.board.width, scenario.board.height) {
                return refuse(format!("the edge at ({}, {}) is off the board", edge.x, edge.y));
            }
        }
    }
    Ok(())
}

/// The edits that carry out an operation on the document as it stands (to be applied at once,
/// since unit edits are by list index).
#[must_use]
pub fn edits_for(rules: &Ruleset, scenario: &Scenario, pos: Pos, op: &Op) -> Vec<crate::systems::swat::scenario::Edit> {
    use crate::systems::swat::scenario::Edit;
    let unit_index = scenario.unit_index_at(pos);
    let plain = rules.terrain_id("plain").unwrap_or(TerrainId(0));
    match op {
        Op::Terrain(terrain) => {
            let mut edits = Vec::new();
            if scenario.terrain_at(pos) != *terrain {
                edits.push(Edit::SetTerrain { pos, terrain: *terrain });
            }
            if scenario.owners.contains_key(&pos)
                && rules.terrains.get(terrain.index()).is_none_or(|t| t.property.is_none())
            {
                edits.push(Edit::SetOwner { pos, owner: None });
            }
            edits
        }
        Op::Property(kind, owner) => {
            let Some(terrain) = property_terrain(rules, *kind) else { return Vec::new() };
            let mut edits = Vec::new();
            if scenario.terrain_at(pos) != terrain {
                edits.push(Edit::SetTerrain { pos, terrain });
            }
            if scenario.owners.get(&pos).copied() != *owner {
                edits.push(Edit::SetOwner { pos, owner: *owner });
            }
            edits
        }
        Op::Unit(kind, owner) => {
            let hp = rules.economy.max_hp;
            match unit_index {
                // A foot unit placed on its own transport with room boards it.
                Some(index) if boards(rules, &scenario.units[index], kind, *owner) => {
                    let mut passengers = scenario.units[index].passengers.clone();
                    passengers.push(Passenger { kind: kind.clone(), hp });
                    vec![Edit::SetPassengers { index, passengers }]
                }
                Some(index) if scenario.units[index].kind == *kind && scenario.units[index].owner == *owner => {
                    Vec::new()
                }
                Some(index) => vec![
                    Edit::RemoveUnit { index },
                    Edit::InsertUnit {
                        index,
                        unit: ScenarioUnit { kind: kind.clone(), owner: *owner, hp, pos, passengers: Vec::new() },
                    },
                ],
                None => vec![Edit::InsertUnit {
                    index: scenario.units.len(),
                    unit: ScenarioUnit { kind: kind.clone(), owner: *owner, hp, pos, passengers: Vec::new() },
                }],
            }
        }
        Op::Height(level) => {
            if scenario.board.height_at(pos) == *level {
                Vec::new()
            } else {
                vec![Edit::SetHeight { pos, level: *level }]
            }
        }
        Op::Edge(edge, feature) => {
            if scenario.board.edge(*edge).copied() == feature.filter(|f| !f.is_empty()) {
                Vec::new()
            } else {
                vec![Edit::SetEdge { edge: *edge, feature: *feature }]
            }
        }
        Op::Erase => match unit_index {
            Some(index) => vec![Edit::RemoveUnit { index }],
            None if rules.terrains.get(scenario.terrain_at(pos).index()).is_some_and(|t| t.property.is_some()) => {
                let mut edits = vec![Edit::SetTerrain { pos, terrain: plain }];
                if scenario.owners.contains_key(&pos) {
                    edits.push(Edit::SetOwner { pos, owner: None });
                }
                edits
            }
            None => Vec::new(),
        },
    }
}

fn boards(rules: &Ruleset, transport: &ScenarioUnit, kind: &str, owner: u8) -> bool {
    let (Some(t), Some(k)) = (rules.unit_id(&transport.kind), rules.unit_id(kind)) else { return false };
    transport.owner == owner
        && rules.unit(t).transport.as_ref().is_some_and(|tr| {
            tr.carries.contains(&rules.unit(k).move_type) && transport.passengers.len() < usize::from(tr.capacity)
        })
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
pub fn stamp_ops(
    rules: &Ruleset,
    scenario: &Scenario,
    tile: &crate::systems::swat::scenario::Tile,
    corner: Pos,
    rotation: u8,
) -> Vec<(Pos, Op)> {
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
