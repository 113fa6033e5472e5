//! The shared grid selection on a Skirm map: a clip carries every layer of its rectangle
//! (terrain, heights, the walls and doors inside it and on its border, objectives, markers,
//! items, deployment zones and placed units), turns and mirrors with its walls and doors, and
//! lays down as one undoable step. Also the checks a clip pasted from another window passes.

use super::{Editor, MAX_LEVEL};
use crate::board::selection::{GridClip, GridEditing};
use crate::board::{Block, Edge, Pos, SquareMap, TerrainId};
use crate::systems::skirm::rules::{ItemKind, Ruleset};
use crate::systems::skirm::scenario::{MAX_SIDE, SkirmScenario, SquadUnit};
use serde::{Deserialize, Serialize};

/// A placed unit in a clip: the squad (0 or 1) it belongs to and the unit, its square relative
/// to the clip's top-left square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClipUnit {
    /// Squad A (0) or squad B (1).
    pub squad: usize,
    /// The unit, with its square in the clip.
    pub unit: SquadUnit,
    /// Its place in its squad where the clip was copied, so a carried unit (moved, turned,
    /// mirrored) stays the same unit; never written, so a paste always adds a new one.
    #[serde(skip)]
    pub origin: Option<usize>,
}

/// What a Skirm selection holds, relative to its top-left square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkirmClip {
    /// Terrain, heights, and the walls and doors inside the rectangle and on its border.
    pub block: Block,
    /// Objective squares.
    #[serde(default)]
    pub objectives: Vec<Pos>,
    /// Marker squares.
    #[serde(default)]
    pub markers: Vec<Pos>,
    /// Items.
    #[serde(default)]
    pub items: Vec<(Pos, ItemKind)>,
    /// Each squad's deployment squares.
    #[serde(default)]
    pub zones: [Vec<Pos>; 2],
    /// Placed units.
    #[serde(default)]
    pub units: Vec<ClipUnit>,
}

/// Whether `edge` belongs to the `width` x `height` rectangle with top-left square `corner`:
/// inside it or on its border.
fn edge_in(edge: Edge, corner: Pos, (width, height): (u16, u16)) -> bool {
    edge.x >= corner.x
        && edge.y >= corner.y
        && Edge { x: edge.x - corner.x, y: edge.y - corner.y, axis: edge.axis }.on_board(width, height)
}

/// The rectangle with corners `a` and `b` clipped to the board: its top-left square and size.
fn clipped(scenario: &SkirmScenario, (a, b): (Pos, Pos)) -> Option<(Pos, (u16, u16))> {
    let board = &scenario.board;
    let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
    let x1 = a.x.max(b.x).min(board.width.checked_sub(1)?);
    let y1 = a.y.max(b.y).min(board.height.checked_sub(1)?);
    (x0 <= x1 && y0 <= y1).then(|| (Pos::new(x0, y0), (x1 - x0 + 1, y1 - y0 + 1)))
}

/// `pos` relative to `corner` when it lies in the `size` rectangle there.
fn relative(pos: Pos, corner: Pos, (width, height): (u16, u16)) -> Option<Pos> {
    let (x, y) = (pos.x.checked_sub(corner.x)?, pos.y.checked_sub(corner.y)?);
    (x < width && y < height).then(|| Pos::new(x, y))
}

impl SkirmClip {
    /// Copies every layer of the rectangle with corners `a` and `b` (clipped to the map).
    #[must_use]
    pub fn copy(scenario: &SkirmScenario, a: Pos, b: Pos) -> Self {
        let Some((corner, size)) = clipped(scenario, (a, b)) else {
            return Self::empty();
        };
        let inside = |p: &Pos| relative(*p, corner, size);
        let mut units = Vec::new();
        for (squad, members) in scenario.squads.iter().enumerate().take(2) {
            for (index, unit) in members.units.iter().enumerate() {
                if let Some(at) = unit.pos.and_then(|p| inside(&p)) {
                    units.push(ClipUnit {
                        squad,
                        unit: SquadUnit { pos: Some(at), ..unit.clone() },
                        origin: Some(index),
                    });
                }
            }
        }
        Self {
            block: Block::copy(&scenario.board, a, b),
            objectives: scenario.objectives.iter().filter_map(inside).collect(),
            markers: scenario.markers.iter().filter_map(inside).collect(),
            items: scenario.items.iter().filter_map(|(p, k)| inside(p).map(|p| (p, k.clone()))).collect(),
            zones: [0, 1].map(|z| scenario.zones[z].iter().filter_map(inside).collect()),
            units,
        }
    }

    fn empty() -> Self {
        Self {
            block: Block { board: crate::board::Board::filled(0, 0, TerrainId(0)) },
            objectives: Vec::new(),
            markers: Vec::new(),
            items: Vec::new(),
            zones: [Vec::new(), Vec::new()],
            units: Vec::new(),
        }
    }

    /// The clip as text for the system clipboard and stamp files.
    ///
    /// # Errors
    /// It cannot be written.
    pub fn text(&self) -> Result<String, String> {
        crate::editing::selection_text(crate::systems::skirm::scenario::SYSTEM_ID, self)
    }

    /// Checks a clip read from elsewhere (another window, a stamp file) against the ruleset:
    /// its size within a map's, its squares' terrain and heights known, everything it holds
    /// inside it, and every unit's card, weapons and gear known.
    ///
    /// # Errors
    /// What is wrong, and where in the clip.
    pub fn check(&self, rules: &Ruleset) -> Result<(), String> {
        let board = &self.block.board;
        let (w, h) = (board.width, board.height);
        if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
            return Err(format!("the selection is {w} x {h} squares; a Skirm map is 1 to {MAX_SIDE} squares a side"));
        }
        let squares = usize::from(w) * usize::from(h);
        if board.terrain.len() != squares || !(board.heights.is_empty() || board.heights.len() == squares) {
            return Err(format!("the selection's rows do not hold {w} x {h} squares"));
        }
        if let Some(pos) = board.squares().find(|&p| board.terrain_at(p).index() >= rules.terrains.len()) {
            return Err(format!("the selection's square {pos} has a terrain Skirm does not know"));
        }
        if let Some(pos) = board.squares().find(|&p| board.height_at(p) > MAX_LEVEL) {
            return Err(format!("the selection's square {pos} is higher than level {MAX_LEVEL}"));
        }
        if let Some(edge) = board.edges.keys().find(|e| !e.on_board(w, h)) {
            return Err(format!("the selection has a wall at {}, {} outside it", edge.x, edge.y));
        }
        let outside = |p: &Pos| !board.contains(*p);
        let stray = self
            .objectives
            .iter()
            .chain(&self.markers)
            .chain(self.items.iter().map(|(p, _)| p))
            .chain(self.zones.iter().flatten())
            .find(|p| outside(p));
        if let Some(pos) = stray {
            return Err(format!("the selection holds something at {pos}, outside its {w} x {h} squares"));
        }
        for (i, clip_unit) in self.units.iter().enumerate() {
            let unit = &clip_unit.unit;
            if clip_unit.squad > 1 {
                return Err(format!("unit {} belongs to squad {}; a Skirm battle has two", i + 1, clip_unit.squad + 1));
            }
            if rules.profile(&unit.profile).is_none() {
                return Err(format!("unit {}: unknown card '{}'", i + 1, unit.profile));
            }
            if let Some(id) = unit.weapons.iter().find(|w| rules.weapon(w).is_none()) {
                return Err(format!("unit {} ({}): unknown weapon '{id}'", i + 1, unit.label(rules)));
            }
            if let Some(id) = unit.gear.iter().find(|g| rules.gear_item(g).is_none()) {
                return Err(format!("unit {} ({}): unknown gear '{id}'", i + 1, unit.label(rules)));
            }
            if unit.pos.is_none_or(|p| outside(&p)) {
                return Err(format!("unit {} ({}) stands outside the selection", i + 1, unit.label(rules)));
            }
        }
        Ok(())
    }
}

impl GridClip for SkirmClip {
    fn size(&self) -> (u16, u16) {
        (self.block.width(), self.block.height())
    }

    fn mapped(&self, map: SquareMap) -> Self {
        let (w, h) = self.size();
        let at = |p: &Pos| map.apply(*p, w, h);
        Self {
            block: self.block.mapped(map),
            objectives: self.objectives.iter().map(at).collect(),
            markers: self.markers.iter().map(at).collect(),
            items: self.items.iter().map(|(p, k)| (at(p), k.clone())).collect(),
            zones: self.zones.clone().map(|zone| zone.iter().map(at).collect()),
            units: self
                .units
                .iter()
                .map(|u| ClipUnit {
                    unit: SquadUnit { pos: u.unit.pos.as_ref().map(at), ..u.unit.clone() },
                    ..u.clone()
                })
                .collect(),
        }
    }
}

/// Leaves the rectangle at `corner` of `size` bare open ground: no walls or doors inside or on
/// its border, nothing on its squares, no deployment zone; placed units there leave their
/// squads unless `carried` keeps them (by squad and place).
fn clear(scenario: &mut SkirmScenario, open: TerrainId, corner: Pos, size: (u16, u16), carried: &[(usize, usize)]) {
    let inside = |p: &Pos| relative(*p, corner, size).is_some();
    let far = Pos::new(corner.x + size.0 - 1, corner.y + size.1 - 1);
    for pos in crate::board::shapes::rect_squares(corner, far) {
        let _ = scenario.board.set_terrain(pos, open);
        let _ = scenario.board.set_height(pos, 0);
    }
    scenario.board.edges.retain(|e, _| !edge_in(*e, corner, size));
    scenario.objectives.retain(|p| !inside(p));
    scenario.markers.retain(|p| !inside(p));
    scenario.items.retain(|(p, _)| !inside(p));
    for zone in &mut scenario.zones {
        zone.retain(|p| !inside(p));
    }
    for (squad, members) in scenario.squads.iter_mut().enumerate() {
        let mut index = 0;
        members.units.retain(|unit| {
            let keep = carried.contains(&(squad, index)) || !unit.pos.is_some_and(|p| inside(&p));
            index += 1;
            keep
        });
    }
}

/// How much of what a laid clip covers it replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Laying {
    /// Everything: a pasted or carried selection is the rectangle as it was copied.
    Whole,
    /// The ground, walls, doors and items: a room from the stamp library goes down around the
    /// objectives, markers, zones and units already there.
    Stamp,
}

/// Lays `clip` with its top-left square at `at`: what it covers, with the walls and doors on
/// its border, is replaced by what it holds (squares off the map are left out; a stamp keeps
/// the objectives, markers, zones and units there). A unit the clip carries (`carried`: where
/// it is in its squad now) moves; any other unit in the clip joins its squad. A placed unit
/// displaced from a covered square goes off the map (it deploys in its zone); the names of
/// those are returned.
fn lay(
    scenario: &mut SkirmScenario,
    rules: &Ruleset,
    (clip, at): (&SkirmClip, Pos),
    carried: &[Option<(usize, usize)>],
    laying: Laying,
) -> Vec<String> {
    let size = clip.size();
    let (width, height) = (scenario.board.width, scenario.board.height);
    let board_pos = |p: Pos| {
        let pos = Pos::new(at.x.saturating_add(p.x), at.y.saturating_add(p.y));
        (pos.x < width && pos.y < height).then_some(pos)
    };
    let placed: Vec<Option<Pos>> = clip.units.iter().map(|u| u.unit.pos.and_then(board_pos)).collect();
    let objectives: Vec<Pos> = clip.objectives.iter().filter_map(|&p| board_pos(p)).collect();
    let markers: Vec<Pos> = clip.markers.iter().filter_map(|&p| board_pos(p)).collect();
    let items: Vec<(Pos, ItemKind)> =
        clip.items.iter().filter_map(|(p, k)| Some((board_pos(*p)?, k.clone()))).collect();
    let zones = clip.zones.clone().map(|zone| zone.into_iter().filter_map(board_pos).collect::<Vec<_>>());
    for pos in clip.block.board.squares() {
        if let Some(to) = board_pos(pos) {
            let _ = scenario.board.set_terrain(to, clip.block.board.terrain_at(pos));
            let _ = scenario.board.set_height(to, clip.block.board.height_at(pos));
        }
    }
    // The rectangle owns the edges inside it and on its border, as a copy takes them: laid,
    // they are the clip's alone.
    scenario.board.edges.retain(|e, _| !edge_in(*e, at, size));
    for (edge, feature) in clip.block.edges_at(at) {
        let _ = scenario.board.set_edge(edge, Some(feature));
    }
    let inside = |p: &Pos| relative(*p, at, size).is_some();
    let whole = laying == Laying::Whole;
    let replaced = |p: &Pos| whole && inside(p);
    let join = |list: &mut Vec<Pos>, laid: Vec<Pos>| {
        list.retain(|p| !replaced(p));
        for pos in laid {
            if !list.contains(&pos) {
                list.push(pos);
            }
        }
    };
    join(&mut scenario.objectives, objectives);
    join(&mut scenario.markers, markers);
    for (zone, laid) in scenario.zones.iter_mut().zip(zones) {
        join(zone, laid);
    }
    scenario.items.retain(|(p, _)| !inside(p));
    scenario.items.extend(items);
    let carried_now: Vec<(usize, usize)> = carried.iter().flatten().copied().collect();
    let landing: Vec<Pos> = placed.iter().flatten().copied().collect();
    let mut displaced = Vec::new();
    for (squad, members) in scenario.squads.iter_mut().enumerate() {
        for (index, unit) in members.units.iter_mut().enumerate() {
            let covered = unit.pos.is_some_and(|p| replaced(&p) || landing.contains(&p));
            if !carried_now.contains(&(squad, index)) && covered {
                unit.pos = None;
                displaced.push(unit.label(rules));
            }
        }
    }
    for ((clip_unit, pos), carried) in clip.units.iter().zip(placed).zip(carried) {
        match carried {
            Some((squad, index)) => {
                if let Some(unit) = scenario.squads.get_mut(*squad).and_then(|s| s.units.get_mut(*index)) {
                    unit.pos = pos;
                }
            }
            None => {
                if let Some(members) = scenario.squads.get_mut(clip_unit.squad) {
                    members.units.push(SquadUnit { pos, ..clip_unit.unit.clone() });
                }
            }
        }
    }
    displaced
}

impl GridEditing for Editor {
    type Clip = SkirmClip;

    fn selection(&self) -> Option<(Pos, Pos)> {
        self.selection
    }

    fn set_selection(&mut self, selection: Option<(Pos, Pos)>) {
        self.selection = selection;
    }

    fn clipboard(&self) -> Option<&SkirmClip> {
        self.clipboard.as_ref()
    }

    fn set_clipboard(&mut self, mut clip: SkirmClip) {
        // A copy pasted later adds new units: it forgets where its units came from.
        for unit in &mut clip.units {
            unit.origin = None;
        }
        self.clipboard = Some(clip);
    }

    fn copy_block(&self, a: Pos, b: Pos) -> SkirmClip {
        SkirmClip::copy(&self.doc.scenario, a, b)
    }

    fn replace(&mut self, label: &str, clear_rect: Option<(Pos, Pos)>, laid: Option<(&SkirmClip, Pos)>) {
        let open = self.rules.terrain_id("open").unwrap_or(TerrainId(0));
        let cleared = clear_rect.and_then(|r| clipped(&self.doc.scenario, r));
        // Only a step that clears what it lays carries units; a paste adds new ones.
        let carried: Vec<Option<(usize, usize)>> = match (cleared, laid) {
            (Some(_), Some((clip, _))) => clip.units.iter().map(|u| u.origin.map(|i| (u.squad, i))).collect(),
            (_, Some((clip, _))) => vec![None; clip.units.len()],
            _ => Vec::new(),
        };
        let rules = self.rules.clone();
        let mut displaced = Vec::new();
        self.doc.change(label, None, |s| {
            let kept: Vec<(usize, usize)> = carried.iter().flatten().copied().collect();
            // Clearing drops the units it does not carry, so the carried ones' places move up.
            let moved: Vec<Option<(usize, usize)>> = match cleared {
                Some((corner, size)) => {
                    let before = s.squads.clone();
                    clear(s, open, corner, size, &kept);
                    carried
                        .iter()
                        .map(|c| c.and_then(|(squad, index)| new_index(&before, squad, index, corner, size, &kept)))
                        .collect()
                }
                None => carried.clone(),
            };
            if let Some((clip, at)) = laid {
                displaced = lay(s, &rules, (clip, at), &moved, Laying::Whole);
            }
        });
        if !displaced.is_empty() {
            self.tell(format!("{label}: {} went off the map (they deploy in their zone).", displaced.join(", ")));
        } else {
            self.tell(format!("{label}."));
        }
    }

    fn tell_user(&mut self, message: String) {
        self.tell(message);
    }
}

/// Where unit `index` of squad `squad` (before a clear) is after it: units the clear dropped
/// before it move it up.
fn new_index(
    before: &[crate::systems::skirm::scenario::Squad],
    squad: usize,
    index: usize,
    corner: Pos,
    size: (u16, u16),
    kept: &[(usize, usize)],
) -> Option<(usize, usize)> {
    let members = before.get(squad)?;
    let dropped = members.units[..index.min(members.units.len())]
        .iter()
        .enumerate()
        .filter(|(i, u)| !kept.contains(&(squad, *i)) && u.pos.is_some_and(|p| relative(p, corner, size).is_some()))
        .count();
    Some((squad, index - dropped))
}

impl Editor {
    /// Lays a stamp's clip at `at` as one step labelled `label`: its ground, walls, doors and
    /// items replace those there; objectives, markers, zones and units stay.
    pub(super) fn lay_stamp_clip(&mut self, label: &str, clip: &SkirmClip, at: Pos) {
        let rules = self.rules.clone();
        let fresh = vec![None; clip.units.len()];
        let mut displaced = Vec::new();
        self.doc.change(label, None, |s| displaced = lay(s, &rules, (clip, at), &fresh, Laying::Stamp));
        if displaced.is_empty() {
            self.tell(format!("{label}."));
        } else {
            self.tell(format!("{label}: {} went off the map (they deploy in their zone).", displaced.join(", ")));
        }
    }
}
