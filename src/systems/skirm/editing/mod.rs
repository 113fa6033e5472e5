//! Editing a Skirm scenario without a window: the open document with its history, the tools
//! for every layer of a battle map (terrain, heights, walls, doors, objectives, markers,
//! items, deployment zones, placed units), the squad builder's changes and the one-click fixes
//! of the validator's findings, all in grid coordinates so each is tested without egui.

mod selection;
mod stamps;
mod tools;

pub use selection::{ClipUnit, SkirmClip};
pub use stamps::{Stamp, builtin_stamps, check_builtin_rooms, stamps_from_text, stamps_text};

pub use crate::editing::MergeKey;

/// Undo by snapshots: each step keeps the scenario as it was before (a battle map is at most
/// 30 x 30 squares, so a copy per step costs little), exact for every layer at once.
pub type History = crate::editing::History<crate::editing::Snapshot<SkirmScenario>>;
pub use tools::{SkirmTool, Spot};

use super::rules::Ruleset;
use super::rules::{ItemKind, Movement};
use super::scenario::{Finding, SkirmScenario, Squad, SquadUnit, validate};
use crate::board::shapes::Shape;
use crate::board::{Board, Door, Edge, EdgeFeature, Pos, Symmetry, TerrainId, Wall};
use std::sync::Arc;

/// The largest height level the height brush paints.
pub const MAX_LEVEL: u8 = 5;

/// A new battle map: open ground, the ruleset's first mission and usual EP limit, a zone of
/// two rows at the top for squad A and at the bottom for squad B, and two empty squads of
/// different factions where the ruleset has two.
#[must_use]
pub fn new_scenario(rules: &Ruleset, width: u16, height: u16) -> SkirmScenario {
    let (width, height) = (width.clamp(4, super::scenario::MAX_SIDE), height.clamp(4, super::scenario::MAX_SIDE));
    let open = rules.terrain_id("open").unwrap_or(TerrainId(0));
    let board = Board::filled(width, height, open);
    let rows =
        |ys: std::ops::Range<u16>| -> Vec<Pos> { ys.flat_map(|y| (0..width).map(move |x| Pos::new(x, y))).collect() };
    let factions: Vec<&str> = rules.factions.iter().map(|f| f.id.as_str()).collect();
    let faction = |i: usize| factions.get(i).or(factions.first()).map_or_else(String::new, |f| (*f).to_owned());
    SkirmScenario {
        name: "New battle".into(),
        author: String::new(),
        description: String::new(),
        mission: rules.missions.first().map_or_else(String::new, |m| m.id.clone()),
        environment: None,
        turns: None,
        ep_limit: rules.squad_ep,
        board,
        objectives: Vec::new(),
        markers: Vec::new(),
        items: Vec::new(),
        zones: [rows(0..2), rows(height - 2..height)],
        squads: vec![
            Squad { name: "Squad A".into(), faction: faction(0), units: Vec::new() },
            Squad { name: "Squad B".into(), faction: faction(1), units: Vec::new() },
        ],
        symmetry: None,
        backdrop: None,
        art: crate::art::ArtBook::default(),
    }
}

/// An open Skirm scenario with its history: the kernel's document with snapshots as its
/// steps.
pub type Document = crate::editing::Document<SkirmScenario, crate::editing::Snapshot<SkirmScenario>>;

crate::art::with_art_fields!(SkirmScenario);

impl crate::editing::Titled for SkirmScenario {
    fn title(&self) -> &str {
        &self.name
    }
}

impl Document {
    /// The one way a change is made: `change` edits a copy, and when it changed anything the
    /// copy becomes the scenario as one undoable step (joined to the newest step when both
    /// carry `merge`). Returns whether anything changed.
    pub fn change(&mut self, label: &str, merge: Option<MergeKey>, change: impl FnOnce(&mut SkirmScenario)) -> bool {
        let mut next = self.scenario.clone();
        change(&mut next);
        if next == self.scenario {
            return false;
        }
        let before = std::mem::replace(&mut self.scenario, next);
        self.history.record(label, merge, crate::editing::Snapshot(before));
        self.revision += 1;
        true
    }
}

/// What the wall and door tools put down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgePaint {
    /// The wall drawn.
    pub wall: Wall,
    /// Doors are placed open.
    pub door_open: bool,
}

/// The document and everything the user has chosen to edit it with.
#[derive(Debug, Clone)]
pub struct Editor {
    /// The ruleset the scenario is checked against.
    pub rules: Arc<Ruleset>,
    /// The open document.
    pub doc: Document,
    /// The tool under the left mouse button.
    pub tool: SkirmTool,
    /// The terrain the terrain brush paints.
    pub terrain: TerrainId,
    /// The level the height brush paints.
    pub level: u8,
    /// What the wall and door tools put down.
    pub edge_paint: EdgePaint,
    /// The item the item tool places.
    pub item: ItemKind,
    /// The squad (0 or 1) the zone tool paints for and whose unit the unit tool places.
    pub squad: usize,
    /// The unit of `squad` the unit tool places next.
    pub unit: usize,
    /// Live symmetric painting: each change echoed to its images (squads swapped).
    pub symmetry: Option<Symmetry>,
    /// The square shown in the inspector.
    pub selected: Option<Pos>,
    /// How the terrain, height and zone tools lay their squares.
    pub shape: Shape,
    /// The selected rectangle's corners (Select tool).
    pub selection: Option<(Pos, Pos)>,
    /// What was copied last.
    pub clipboard: Option<SkirmClip>,
    /// The rooms the Stamp tool lays: the built-in library, then the designer's own.
    pub stamps: Vec<Stamp>,
    /// The chosen stamp.
    pub stamp: usize,
    /// Quarter turns of the stamp, clockwise.
    pub stamp_turns: u8,
    /// The name typed for the next stamp saved from the selection.
    pub stamp_name: String,
    /// The gesture under way.
    pub drag: Option<tools::Drag>,
    feedback: Option<String>,
    gestures: u64,
}

impl Editor {
    /// An editor on `doc` with the terrain brush.
    #[must_use]
    pub fn new(rules: Arc<Ruleset>, doc: Document) -> Self {
        let difficult = rules.terrain_id("difficult").unwrap_or(TerrainId(0));
        let stamps = builtin_stamps(&rules);
        Self {
            rules,
            doc,
            tool: SkirmTool::Wall,
            terrain: difficult,
            level: 1,
            edge_paint: EdgePaint { wall: Wall { height: 1, climbable: false }, door_open: false },
            item: ItemKind::Crate,
            squad: 0,
            unit: 0,
            symmetry: None,
            selected: None,
            shape: Shape::Brush(1),
            selection: None,
            clipboard: None,
            stamps,
            stamp: 0,
            stamp_turns: 0,
            stamp_name: String::new(),
            drag: None,
            feedback: None,
            gestures: 0,
        }
    }

    /// Puts another document in place, forgetting what pointed into the old one.
    pub fn open(&mut self, doc: Document) {
        self.doc = doc;
        self.selected = None;
        self.selection = None;
        self.drag = None;
        self.squad = 0;
        self.unit = 0;
    }

    /// Leaves a message for the status bar.
    pub fn tell(&mut self, message: impl Into<String>) {
        self.feedback = Some(message.into());
    }

    /// The message the last action left, once.
    pub fn take_feedback(&mut self) -> Option<String> {
        self.feedback.take()
    }

    /// The findings of the validator for the scenario as it stands.
    #[must_use]
    pub fn findings(&self) -> Vec<Finding> {
        validate(&self.rules, &self.doc.scenario)
    }

    /// Chooses the symmetry echoed while painting; one that cannot hold on this board (a
    /// quarter turn of an oblong map) is refused with the reason.
    pub fn set_symmetry(&mut self, symmetry: Option<Symmetry>) {
        let board = &self.doc.scenario.board;
        match symmetry {
            Some(s) if !s.fits(board.width, board.height) => {
                self.tell(format!("{} needs a square map; this one is {} x {}.", s.label(), board.width, board.height));
            }
            _ => self.symmetry = symmetry,
        }
    }

    fn next_gesture(&mut self) -> MergeKey {
        self.gestures += 1;
        MergeKey::Gesture(self.gestures)
    }

    /// Every square `pos` stands for under the symmetry (itself first), each with the squad
    /// its owner becomes there.
    fn images(&self, pos: Pos, squad: usize) -> Vec<(Pos, usize)> {
        let board = &self.doc.scenario.board;
        let mut out = vec![(pos, squad)];
        if let Some(symmetry) = self.symmetry {
            for chain in symmetry.image_chains() {
                let (mut p, mut s) = (pos, squad);
                for map in chain {
                    p = map.apply(p, board.width, board.height);
                    s = usize::from(map.seat(u8::try_from(s).unwrap_or(0), 2));
                }
                if !out.contains(&(p, s)) {
                    out.push((p, s));
                }
            }
        }
        out
    }

    /// Every edge `edge` stands for under the symmetry (itself first).
    fn edge_images(&self, edge: Edge) -> Vec<Edge> {
        let board = &self.doc.scenario.board;
        let mut out = vec![edge];
        if let Some(symmetry) = self.symmetry {
            for chain in symmetry.image_chains() {
                let image = chain.iter().fold(edge, |e, map| map.edge(e, board.width, board.height));
                if !out.contains(&image) {
                    out.push(image);
                }
            }
        }
        out
    }

    /// Sets the features of `edges` (and their images) to what `feature` makes of each.
    pub fn set_edges(
        &mut self,
        label: &str,
        merge: Option<MergeKey>,
        edges: &[Edge],
        feature: impl Fn(Option<EdgeFeature>) -> Option<EdgeFeature>,
    ) -> bool {
        let all: Vec<Edge> = edges.iter().flat_map(|&e| self.edge_images(e)).collect();
        self.doc.change(label, merge, |s| {
            for edge in all {
                let now = s.board.edge(edge).copied();
                let _ = s.board.set_edge(edge, feature(now));
            }
        })
    }

    /// Applies `change` to each square of `squares` and its images, with the squad it
    /// belongs to there.
    pub fn change_squares(
        &mut self,
        label: &str,
        merge: Option<MergeKey>,
        squares: &[Pos],
        squad: usize,
        change: impl Fn(&mut SkirmScenario, Pos, usize),
    ) -> bool {
        let all: Vec<(Pos, usize)> = squares.iter().flat_map(|&p| self.images(p, squad)).collect();
        self.doc.change(label, merge, |s| {
            for (pos, squad) in all {
                if s.board.contains(pos) {
                    change(s, pos, squad);
                }
            }
        })
    }

    /// Places unit `unit` of squad `squad` on `pos` (`None` takes it off the map, so it
    /// deploys in its zone). A square another placed unit holds, or an impassable one, is
    /// refused with the reason.
    pub fn place_unit(&mut self, squad: usize, unit: usize, pos: Option<Pos>) -> bool {
        let scenario = &self.doc.scenario;
        let Some(target) = scenario.squads.get(squad).and_then(|s| s.units.get(unit)) else {
            self.tell("Choose a unit of a squad to place (Squads panel).");
            return false;
        };
        if let Some(pos) = pos {
            let held = scenario
                .squads
                .iter()
                .enumerate()
                .flat_map(|(si, s)| s.units.iter().enumerate().map(move |(ui, u)| (si, ui, u)))
                .find(|&(si, ui, u)| u.pos == Some(pos) && (si, ui) != (squad, unit));
            if let Some((_, _, other)) = held {
                self.tell(format!("{pos} already holds {}; erase it first.", unit_label(&self.rules, other)));
                return false;
            }
            if self.movement(pos) == Movement::Impassable {
                self.tell(format!("{pos} is impassable: no unit can stand there."));
                return false;
            }
        }
        let label = format!("Place {}", unit_label(&self.rules, target));
        self.doc.change(&label, None, |s| {
            if let Some(u) = s.squads.get_mut(squad).and_then(|s| s.units.get_mut(unit)) {
                u.pos = pos;
            }
        })
    }

    /// How a square treats movement.
    #[must_use]
    pub fn movement(&self, pos: Pos) -> Movement {
        let board = &self.doc.scenario.board;
        if !board.contains(pos) {
            return Movement::Impassable;
        }
        self.rules.terrains.get(board.terrain_at(pos).index()).map_or(Movement::Open, |t| t.movement)
    }

    // The squad builder.

    /// Adds a squad of the first faction (a scenario has two at most).
    pub fn add_squad(&mut self) -> bool {
        let count = self.doc.scenario.squads.len();
        if count >= 2 {
            self.tell("A battle has two squads.");
            return false;
        }
        let faction = self.rules.factions.get(count).or(self.rules.factions.first()).map(|f| f.id.clone());
        let name = if count == 0 { "Squad A" } else { "Squad B" };
        self.doc.change("Add squad", None, |s| {
            s.squads.push(Squad { name: name.into(), faction: faction.unwrap_or_default(), units: Vec::new() });
        })
    }

    /// Gives squad `squad` another faction; its units, whose cards belong to the old one,
    /// are taken off (the squad is rebuilt from the new roster).
    pub fn set_faction(&mut self, squad: usize, faction: &str) -> bool {
        let faction = faction.to_owned();
        self.doc.change("Change faction", None, |s| {
            if let Some(squad) = s.squads.get_mut(squad)
                && squad.faction != faction
            {
                squad.faction = faction;
                squad.units.clear();
            }
        })
    }

    /// Adds a unit with the card `profile` to squad `squad`.
    pub fn add_unit(&mut self, squad: usize, profile: &str) -> bool {
        let name = self.rules.profile(profile).map_or_else(|| profile.to_owned(), |(_, p)| p.name.clone());
        let unit = SquadUnit { profile: profile.into(), name, weapons: Vec::new(), gear: Vec::new(), xp: 0, pos: None };
        let changed = self.doc.change(&format!("Add {}", unit.name), None, |s| {
            if let Some(squad) = s.squads.get_mut(squad) {
                squad.units.push(unit);
            }
        });
        if changed {
            self.squad = squad;
            self.unit = self.doc.scenario.squads.get(squad).map_or(0, |s| s.units.len().saturating_sub(1));
        }
        changed
    }

    /// Takes unit `unit` out of squad `squad`.
    pub fn remove_unit(&mut self, squad: usize, unit: usize) -> bool {
        let changed = self.doc.change("Remove unit", None, |s| {
            if let Some(squad) = s.squads.get_mut(squad)
                && unit < squad.units.len()
            {
                squad.units.remove(unit);
            }
        });
        if changed && self.squad == squad && self.unit >= unit {
            self.unit = self.unit.saturating_sub(1);
        }
        changed
    }

    /// Adds weapon or gear `id` from the armoury to a unit.
    pub fn add_equipment(&mut self, squad: usize, unit: usize, id: &str) -> bool {
        let is_weapon = self.rules.weapon(id).is_some();
        let name =
            self.rules.weapon(id).map(|w| w.name.clone()).or_else(|| self.rules.gear_item(id).map(|g| g.name.clone()));
        let Some(name) = name else { return false };
        self.doc.change(&format!("Add {name}"), None, |s| {
            if let Some(u) = s.squads.get_mut(squad).and_then(|s| s.units.get_mut(unit)) {
                if is_weapon { u.weapons.push(id.to_owned()) } else { u.gear.push(id.to_owned()) }
            }
        })
    }

    /// Takes weapon or gear `id` (one of them) off a unit.
    pub fn remove_equipment(&mut self, squad: usize, unit: usize, id: &str) -> bool {
        self.doc.change("Remove equipment", None, |s| {
            if let Some(u) = s.squads.get_mut(squad).and_then(|s| s.units.get_mut(unit)) {
                for list in [&mut u.weapons, &mut u.gear] {
                    if let Some(i) = list.iter().position(|w| w == id) {
                        list.remove(i);
                        return;
                    }
                }
            }
        })
    }

    /// The one-click fix of a finding, if it has one: its button label.
    #[must_use]
    pub fn fix_label(&self, finding: &Finding) -> Option<String> {
        finding.fix.as_ref().map(|f| f.label.clone())
    }

    /// Carries out the fix the validator attached to a finding as one undoable step; returns
    /// whether it changed anything.
    pub fn fix(&mut self, finding: &Finding) -> bool {
        let Some(fix) = &finding.fix else { return false };
        self.doc.change(&fix.label, None, |s| crate::systems::skirm::scenario::apply_edits(s, &fix.edits))
    }
}

/// A squad as a file of its own, to reuse in other scenarios.
///
/// # Errors
/// It cannot be written (never for a squad read from a file).
pub fn squad_text(squad: &Squad) -> Result<String, String> {
    ron::ser::to_string_pretty(squad, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())
}

/// A squad read from its own file, checked against the ruleset: its faction and every card,
/// weapon and piece of gear must be known (the squad's building rules are the validator's).
///
/// # Errors
/// What is wrong and where.
pub fn squad_from_text(rules: &Ruleset, text: &str) -> Result<Squad, String> {
    let mut squad: Squad = crate::files::ron_options().from_str(text).map_err(|e| format!("not a squad file: {e}"))?;
    if rules.faction(&squad.faction).is_none() {
        return Err(format!("unknown faction '{}'", squad.faction));
    }
    for (i, unit) in squad.units.iter().enumerate() {
        if rules.profile(&unit.profile).is_none() {
            return Err(format!("unit {}: unknown card '{}'", i + 1, unit.profile));
        }
        if let Some(id) = unit.weapons.iter().find(|w| rules.weapon(w).is_none()) {
            return Err(format!("unit {}: unknown weapon '{id}'", i + 1));
        }
        if let Some(id) = unit.gear.iter().find(|g| rules.gear_item(g).is_none()) {
            return Err(format!("unit {}: unknown gear '{id}'", i + 1));
        }
    }
    // Squares belong to the map it was saved from, not to this one.
    for unit in &mut squad.units {
        unit.pos = None;
    }
    Ok(squad)
}

impl Editor {
    /// Puts `squad` in place of squad `index` (or adds it when there is none yet).
    pub fn replace_squad(&mut self, index: usize, squad: Squad) -> bool {
        let label = format!("Load squad {}", squad.name);
        self.doc.change(&label, None, |s| {
            if let Some(slot) = s.squads.get_mut(index) {
                *slot = squad;
            } else if s.squads.len() < 2 {
                s.squads.push(squad);
            }
        })
    }
}

/// A unit's name for messages: its own, else its card's.
#[must_use]
pub fn unit_label(rules: &Ruleset, unit: &SquadUnit) -> String {
    unit.label(rules)
}

/// A door on `edge` that stands in a wall, as the door tool puts it.
#[must_use]
pub fn with_door(feature: Option<EdgeFeature>, open: bool) -> Option<EdgeFeature> {
    let feature = feature?;
    feature.wall?;
    Some(EdgeFeature { door: Some(Door { open }), ..feature })
}

#[cfg(test)]
mod tests;
