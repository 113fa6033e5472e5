//! The Armored Advance table editor's model, without a window: the document with its undo
//! history (one step per gesture), the tools (select and move, pieces, zones, objectives,
//! units, measure, sight), snapping (half an inch, 15 degrees; free when asked), the live
//! symmetric echo that places, moves, turns and deletes a thing's image with it (a mirror
//! turns a piece's own footprint over), and the one-click fixes.

mod group;

pub use group::{ArmoredClip, clip_from_text, clip_text};

use super::ruleset::Ruleset;
use super::scenario::validate::unit_shape;
use super::scenario::{ArmoredScenario, Finding, Fix, validate};
use crate::editing::{MergeKey, Snapshot};
use crate::table::measure::snap;
use crate::table::{Facing, Objective, Piece, PlacedUnit, Pose, Shape, TableSymmetry, Zone, ZonePurpose};
use std::sync::Arc;

/// The document: the scenario and its undo history of snapshots.
pub type Document = crate::editing::Document<ArmoredScenario, Snapshot<ArmoredScenario>>;

/// Makes a change as one undoable step, merged with the step before when `merge` matches (one
/// step per drag); returns whether anything changed.
pub fn change(
    doc: &mut Document,
    label: &str,
    merge: Option<MergeKey>,
    edit: impl FnOnce(&mut ArmoredScenario),
) -> bool {
    let mut next = doc.scenario.clone();
    edit(&mut next);
    if next == doc.scenario {
        return false;
    }
    let before = std::mem::replace(&mut doc.scenario, next);
    doc.history.record(label, merge, Snapshot(before));
    doc.revision += 1;
    true
}

/// What the pointer does on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableTool {
    /// Pick a thing, drag it, turn it with its handle.
    Select,
    /// Place a terrain piece of the chosen kind.
    Piece,
    /// Drag out a rectangular zone.
    Zone,
    /// Click the corners of a polygonal zone; click the first again to close it.
    PolygonZone,
    /// Place an objective.
    Objective,
    /// Place a unit of the chosen profile for the chosen side.
    Unit,
    /// Edge-to-edge distance between two things, or two points.
    Measure,
    /// A sight line from a point or unit to another, with what it crosses.
    Sight,
}

impl TableTool {
    /// Every tool, in toolbar order.
    pub const ALL: [TableTool; 8] = [
        Self::Select,
        Self::Piece,
        Self::Zone,
        Self::PolygonZone,
        Self::Objective,
        Self::Unit,
        Self::Measure,
        Self::Sight,
    ];

    /// Its name in menus.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Select => "Select and move",
            Self::Piece => "Terrain piece",
            Self::Zone => "Deployment zone",
            Self::PolygonZone => "Polygon zone",
            Self::Objective => "Objective",
            Self::Unit => "Unit",
            Self::Measure => "Measure",
            Self::Sight => "Sight line",
        }
    }
}

/// A thing on the table, by index.
pub use crate::table::Thing;

/// A drag under way.
#[derive(Debug, Clone, PartialEq)]
pub enum Drag {
    /// Moving a thing.
    Move {
        /// What moves.
        thing: Thing,
        /// Where the pointer grabbed it, from its pose's point.
        grab: (i64, i64),
        /// Its image under the echo, moved with it.
        partner: Option<Thing>,
    },
    /// Turning a thing by its handle.
    Turn {
        /// What turns.
        thing: Thing,
        /// Its image under the echo, turned with it.
        partner: Option<Thing>,
    },
    /// Drawing a zone from a corner.
    Zone {
        /// The first corner.
        from: (i64, i64),
    },
    /// Measuring or sighting from a point.
    Line,
    /// Drawing a selection box, or moving a group.
    Group(crate::table::group::GroupDrag),
    /// A shift-press on a thing: a click adds it to the group or takes it out, a drag moves
    /// it freely.
    ShiftPress {
        /// The thing.
        thing: Thing,
        /// Where the pointer grabbed it, from its pose's point.
        grab: (i64, i64),
        /// Its image under the echo, moved with it.
        partner: Option<Thing>,
        /// Whether it has moved yet.
        moved: bool,
    },
}

/// The editor: the document and everything the user edits it with.
#[derive(Debug, Clone)]
pub struct Editor {
    /// The data the scenario is checked against.
    pub rules: Arc<Ruleset>,
    /// The document.
    pub doc: Document,
    /// The tool in hand.
    pub tool: TableTool,
    /// The terrain kind the piece tool places.
    pub kind: String,
    /// The profile the unit tool places.
    pub profile: String,
    /// The side the unit and zone tools place for (0 or 1).
    pub side: u8,
    /// The thing selected (the one the inspector shows; the newest of a group).
    pub selected: Option<Thing>,
    /// Several things selected together (box or shift-click); empty when one or none is.
    pub group: Vec<Thing>,
    /// What was copied last.
    pub clipboard: Option<ArmoredClip>,
    /// The symmetry echoed live.
    pub echo: Option<TableSymmetry>,
    /// No snapping (Shift held).
    pub free: bool,
    /// The gesture under way.
    pub drag: Option<Drag>,
    /// The measuring or sight line: from, to (micrometres).
    pub line: Option<((i64, i64), (i64, i64))>,
    /// The corners of a polygonal zone being drawn.
    pub corners: Vec<(i64, i64)>,
    gestures: u64,
    drag_key: Option<MergeKey>,
    feedback: Option<String>,
}

/// Snapping: half an inch, 15 degrees.
const SNAP_ANGLE: i32 = 1_500;

impl Editor {
    /// An editor on `doc`.
    #[must_use]
    pub fn new(rules: Arc<Ruleset>, doc: Document) -> Self {
        let kind = rules.terrain.first().map_or_else(String::new, |k| k.id.clone());
        let profile = rules.profiles.first().map_or_else(String::new, |p| p.id.clone());
        let echo = doc.scenario.symmetry;
        Self {
            rules,
            doc,
            tool: TableTool::Select,
            kind,
            profile,
            side: 0,
            selected: None,
            group: Vec::new(),
            clipboard: None,
            echo,
            free: false,
            drag: None,
            line: None,
            corners: Vec::new(),
            gestures: 0,
            drag_key: None,
            feedback: None,
        }
    }

    /// What the editor has to say, once.
    pub fn take_feedback(&mut self) -> Option<String> {
        self.feedback.take()
    }

    fn tell(&mut self, message: impl Into<String>) {
        self.feedback = Some(message.into());
    }

    /// The scenario.
    #[must_use]
    pub fn scenario(&self) -> &ArmoredScenario {
        &self.doc.scenario
    }

    /// A point snapped to half a unit unless free.
    #[must_use]
    pub fn snap_point(&self, (x, y): (i64, i64)) -> (i64, i64) {
        if self.free {
            (x, y)
        } else {
            let step = self.rules.unit.um() / 2;
            (snap(x, step), snap(y, step))
        }
    }

    /// Every finding.
    #[must_use]
    pub fn findings(&self) -> Vec<Finding> {
        validate(&self.rules, &self.doc.scenario)
    }

    fn gesture_key(&mut self) -> MergeKey {
        self.gestures += 1;
        MergeKey::Gesture(self.gestures)
    }

    /// The shape of a thing on the table.
    #[must_use]
    pub fn shape(&self, thing: Thing) -> Option<Shape> {
        let table = &self.doc.scenario.table;
        match thing {
            Thing::Piece(i) => table.pieces.get(i).map(Piece::shape),
            Thing::Unit(i) => unit_shape(&self.rules, &self.doc.scenario, i),
            Thing::Objective(i) => table.objectives.get(i).map(Objective::shape),
            Thing::Zone(i) => table.zones.get(i).map(|z| z.shape()),
        }
    }

    /// The thing under a point: units first, then objectives, then pieces (the last placed on
    /// top, ground last), then zones.
    #[must_use]
    pub fn thing_at(&self, at: (i64, i64)) -> Option<Thing> {
        let p = (at.0 as f64, at.1 as f64);
        let table = &self.doc.scenario.table;
        let hit = |thing: Thing| self.shape(thing).is_some_and(|s| s.contains_point(p));
        let ground = |i: usize| self.rules.kind(&table.pieces[i].kind).is_some_and(|k| k.may_overlap);
        (0..table.units.len())
            .rev()
            .map(Thing::Unit)
            .chain((0..table.objectives.len()).rev().map(Thing::Objective))
            .chain((0..table.pieces.len()).rev().filter(|&i| !ground(i)).map(Thing::Piece))
            .chain((0..table.pieces.len()).rev().filter(|&i| ground(i)).map(Thing::Piece))
            .chain((0..table.zones.len()).rev().map(Thing::Zone))
            .find(|&t| hit(t))
    }

    /// The thing's image under the live echo, if a different one stands there now.
    #[must_use]
    pub fn partner(&self, thing: Thing) -> Option<Thing> {
        let echo = self.echo?;
        let table = &self.doc.scenario.table;
        let (w, d) = (table.width, table.depth);
        let found = match thing {
            Thing::Piece(i) => {
                let image = echo.piece(w, d, table.pieces.get(i)?);
                table.pieces.iter().position(|p| *p == image).map(Thing::Piece)
            }
            Thing::Unit(i) => {
                let u = table.units.get(i)?;
                let image = echo.unit(w, d, u);
                table.units.iter().position(|x| *x == image).map(Thing::Unit)
            }
            Thing::Objective(i) => {
                let o = table.objectives.get(i)?;
                let at = echo.point(w, d, o.at);
                table.objectives.iter().position(|x| x.at == at && x.radius == o.radius).map(Thing::Objective)
            }
            Thing::Zone(i) => {
                let image = echo.zone(w, d, table.zones.get(i)?);
                table.zones.iter().position(|z| z.points == image.points && z.owner == image.owner).map(Thing::Zone)
            }
        };
        found.filter(|&t| t != thing)
    }

    /// Places a piece of the chosen kind at `at`, and its image.
    pub fn place_piece(&mut self, at: (i64, i64)) -> bool {
        let Some(kind) = self.rules.kind(&self.kind).cloned() else {
            self.tell("Choose a terrain kind in the library first.");
            return false;
        };
        let (x, y) = self.snap_point(at);
        let piece = Piece {
            kind: kind.id.clone(),
            footprint: self.rules.kind_footprint(&kind),
            pose: Pose::new(x, y, Facing::UP),
            height: self.rules.unit.to_um(kind.height, "").unwrap_or(0),
            walls: Vec::new(),
        };
        let echo = self.echo;
        let label = format!("Place {}", kind.name);
        let first = self.doc.scenario.table.pieces.len();
        let changed = change(&mut self.doc, &label, None, |s| push_piece_with_image(s, echo, piece));
        if changed {
            self.selected = Some(Thing::Piece(first));
        }
        changed
    }

    /// Places a unit of the chosen profile for the chosen side at `at`, facing the enemy, and
    /// its image for the other side.
    pub fn place_unit(&mut self, at: (i64, i64)) -> bool {
        let Some(profile) = self.rules.profile(&self.profile).cloned() else {
            self.tell("Choose a unit profile in the force list first.");
            return false;
        };
        let (x, y) = self.snap_point(at);
        let unit = PlacedUnit {
            profile: profile.id.clone(),
            owner: self.side,
            pose: Pose::new(x, y, crate::table::Table::facing_for(self.side)),
        };
        let echo = self.echo;
        let label = format!("Place {}", profile.shown_name());
        change(&mut self.doc, &label, None, |s| push_unit_with_image(s, echo, unit))
    }

    /// Adds a unit of `profile` to `side`'s force at the nearest free spot of its deployment
    /// zone (and its image for the other side under the echo); says why when there is no room.
    pub fn add_to_force(&mut self, profile: &str, side: u8) -> bool {
        let Some(zone) = self
            .doc
            .scenario
            .table
            .zones
            .iter()
            .find(|z| z.owner == Some(side) && z.purpose == ZonePurpose::Deployment)
        else {
            self.tell(format!(
                "{} has no deployment zone to place into.",
                super::scenario::validate::side_name(&self.doc.scenario, side)
            ));
            return false;
        };
        let n = zone.points.len().max(1) as i64;
        let centre =
            (zone.points.iter().map(|p| p.0).sum::<i64>() / n, zone.points.iter().map(|p| p.1).sum::<i64>() / n);
        let unit = PlacedUnit {
            profile: profile.to_owned(),
            owner: side,
            pose: Pose::new(centre.0, centre.1, crate::table::Table::facing_for(side)),
        };
        // Find the spot with the unit in the force, then place it (and its image) there.
        let mut trial = self.doc.scenario.clone();
        trial.table.units.push(unit.clone());
        let index = trial.table.units.len() - 1;
        let Some(pose) = super::scenario::validate::free_spot(&self.rules, &trial, index) else {
            self.tell("No free room left in the deployment zone.");
            return false;
        };
        let placed = PlacedUnit { pose, ..unit };
        let echo = self.echo;
        let label = format!("Add {}", super::scenario::validate::profile_name(&self.rules, profile));
        change(&mut self.doc, &label, None, |s| push_unit_with_image(s, echo, placed))
    }

    /// Places an objective at `at` (and its image).
    pub fn place_objective(&mut self, at: (i64, i64)) -> bool {
        let (x, y) = self.snap_point(at);
        let n = self.doc.scenario.table.objectives.len();
        let unit = self.rules.unit;
        let objective = Objective {
            name: format!("{}", n + 1),
            at: (x, y),
            marker: unit.to_um(40.0 / 25.4, "").unwrap_or(40_000),
            radius: 3 * unit.um(),
        };
        let echo = self.echo;
        change(&mut self.doc, "Place objective", None, |s| {
            let image_at = echo.map(|e| e.point(s.table.width, s.table.depth, objective.at));
            s.table.objectives.push(objective.clone());
            if let Some(at) = image_at.filter(|&a| a != objective.at) {
                s.table.objectives.push(Objective { name: format!("{}", n + 2), at, ..objective.clone() });
            }
        })
    }

    /// Adds a rectangular deployment zone for the chosen side from `a` to `b` (and its image
    /// for the other side).
    pub fn add_zone(&mut self, a: (i64, i64), b: (i64, i64)) -> bool {
        let (a, b) = (self.snap_point(a), self.snap_point(b));
        if (a.0 - b.0).abs() < self.rules.unit.um() || (a.1 - b.1).abs() < self.rules.unit.um() {
            self.tell("A zone needs at least 1 unit each way: drag out its corners.");
            return false;
        }
        let zone = Zone::rectangle(String::new(), Some(self.side), ZonePurpose::Deployment, a, b);
        self.add_zone_with_image(zone)
    }

    /// Adds a deployment zone named for its side, and its image for the other side under the
    /// echo, as one step.
    fn add_zone_with_image(&mut self, mut zone: Zone) -> bool {
        let named = |s: &ArmoredScenario, z: &mut Zone| {
            z.name = format!("{} deployment", super::scenario::validate::side_name(s, z.owner.unwrap_or(0)));
        };
        named(&self.doc.scenario, &mut zone);
        let echo = self.echo;
        change(&mut self.doc, "Draw zone", None, |s| {
            let image = echo.map(|e| {
                let mut z = e.zone(s.table.width, s.table.depth, &zone);
                named(s, &mut z);
                z
            });
            s.table.zones.push(zone.clone());
            if let Some(image) = image.filter(|i| i.points != zone.points) {
                s.table.zones.push(image);
            }
        })
    }

    /// Adds a corner to the polygonal zone being drawn; a click within half a unit of the first
    /// corner closes it (with three corners or more).
    pub fn add_corner(&mut self, at: (i64, i64)) {
        let at = self.snap_point(at);
        let near_first = self.corners.first().is_some_and(|&(x, y)| {
            crate::table::measure::length((x - at.0) as f64, (y - at.1) as f64) <= self.rules.unit.um() as f64 / 2.0
        });
        if near_first && self.corners.len() >= 3 {
            self.close_zone();
        } else if self.corners.len() < crate::table::file::MAX_POINTS && self.corners.last() != Some(&at) {
            self.corners.push(at);
        }
    }

    /// Closes the polygonal zone being drawn for the chosen side (and its image for the other).
    pub fn close_zone(&mut self) -> bool {
        let corners = std::mem::take(&mut self.corners);
        let zone =
            Zone { name: String::new(), owner: Some(self.side), purpose: ZonePurpose::Deployment, points: corners };
        if zone.points.len() < 3 || zone.area() < (self.rules.unit.um() * self.rules.unit.um()) as f64 {
            self.tell("A zone needs at least three corners around some ground.");
            return false;
        }
        self.add_zone_with_image(zone)
    }

    /// The pose of a thing (a zone's first corner, an objective's centre facing up).
    #[must_use]
    pub fn pose(&self, thing: Thing) -> Option<Pose> {
        let table = &self.doc.scenario.table;
        match thing {
            Thing::Piece(i) => table.pieces.get(i).map(|p| p.pose),
            Thing::Unit(i) => table.units.get(i).map(|u| u.pose),
            Thing::Objective(i) => table.objectives.get(i).map(|o| Pose::new(o.at.0, o.at.1, Facing::UP)),
            Thing::Zone(i) => {
                table.zones.get(i).and_then(|z| z.points.first()).map(|&(x, y)| Pose::new(x, y, Facing::UP))
            }
        }
    }

    /// Sets a thing's pose (a zone moves by the difference), and its partner's to the image.
    fn set_pose(
        &mut self,
        thing: Thing,
        partner: Option<Thing>,
        pose: Pose,
        label: &str,
        merge: Option<MergeKey>,
    ) -> bool {
        if self.pose(thing).is_none() {
            return false;
        }
        let echo = self.echo;
        change(&mut self.doc, label, merge, |s| {
            let (w, d) = (s.table.width, s.table.depth);
            let set = |s: &mut ArmoredScenario, thing: Thing, pose: Pose| match thing {
                Thing::Piece(i) => {
                    if let Some(p) = s.table.pieces.get_mut(i) {
                        p.pose = pose;
                    }
                }
                Thing::Unit(i) => {
                    if let Some(u) = s.table.units.get_mut(i) {
                        u.pose = pose;
                    }
                }
                Thing::Objective(i) => {
                    if let Some(o) = s.table.objectives.get_mut(i) {
                        o.at = (pose.x, pose.y);
                    }
                }
                Thing::Zone(i) => {
                    if let Some(z) = s.table.zones.get_mut(i) {
                        let (dx, dy) = (
                            pose.x - z.points.first().map_or(0, |p| p.0),
                            pose.y - z.points.first().map_or(0, |p| p.1),
                        );
                        for p in &mut z.points {
                            *p = (p.0 + dx, p.1 + dy);
                        }
                    }
                }
            };
            set(s, thing, pose);
            if let (Some(partner), Some(echo)) = (partner, echo) {
                match (thing, partner) {
                    (Thing::Zone(i), Thing::Zone(j)) => {
                        if let Some(image) = s.table.zones.get(i).map(|z| echo.zone(w, d, z))
                            && let Some(z) = s.table.zones.get_mut(j)
                        {
                            z.points = image.points;
                        }
                    }
                    _ => set(s, partner, echo.pose(w, d, pose)),
                }
            }
        })
    }

    /// Starts a gesture at `at` with the tool in hand.
    pub fn press(&mut self, at: (i64, i64)) {
        match self.tool {
            TableTool::Select => {
                let hit = self.thing_at(at);
                if self.press_select(at, hit) {
                    return;
                }
                if !self.free {
                    self.group.clear();
                    self.selected = hit;
                }
                if let Some(thing) = hit
                    && let Some(pose) = self.pose(thing)
                {
                    let partner = self.partner(thing);
                    let grab = (at.0 - pose.x, at.1 - pose.y);
                    self.drag = Some(if self.free {
                        Drag::ShiftPress { thing, grab, partner, moved: false }
                    } else {
                        Drag::Move { thing, grab, partner }
                    });
                    let key = self.gesture_key();
                    self.drag_key = Some(key);
                }
            }
            TableTool::Piece => {
                self.place_piece(at);
            }
            TableTool::Unit => {
                self.place_unit(at);
            }
            TableTool::Objective => {
                self.place_objective(at);
            }
            TableTool::Zone => self.drag = Some(Drag::Zone { from: at }),
            TableTool::PolygonZone => self.add_corner(at),
            TableTool::Measure | TableTool::Sight => match self.line {
                // A click left a start: this click is the other end (click, then click).
                Some((from, to)) if from == to => self.line = Some((from, at)),
                // Otherwise a new line starts here, to be dragged or clicked to its end.
                _ => {
                    self.line = Some((at, at));
                    self.drag = Some(Drag::Line);
                }
            },
        }
    }

    /// Starts turning the selected thing by its handle.
    pub fn press_handle(&mut self) {
        if let Some(thing) = self.selected {
            let partner = self.partner(thing);
            self.drag = Some(Drag::Turn { thing, partner });
            let key = self.gesture_key();
            self.drag_key = Some(key);
        }
    }

    /// The pointer moved to `at` with the button held.
    pub fn drag_to(&mut self, at: (i64, i64)) {
        let key = self.drag_key;
        match self.drag.clone() {
            Some(Drag::Move { thing, grab, partner } | Drag::ShiftPress { thing, grab, partner, .. }) => {
                let Some(pose) = self.pose(thing) else { return };
                let (x, y) = self.snap_point((at.0 - grab.0, at.1 - grab.1));
                if (x, y) != (pose.x, pose.y)
                    && self.set_pose(thing, partner, Pose::new(x, y, pose.facing), "Move", key)
                    && let Some(Drag::ShiftPress { moved, .. }) = &mut self.drag
                {
                    *moved = true;
                }
            }
            Some(Drag::Group(drag)) => {
                let drag = self.drag_group(drag, at);
                self.drag = Some(Drag::Group(drag));
            }
            Some(Drag::Turn { thing, partner }) => {
                let Some(pose) = self.pose(thing) else { return };
                let (dx, dy) = ((at.0 - pose.x) as f64, (at.1 - pose.y) as f64);
                if crate::table::measure::length(dx, dy) < 1.0 {
                    return;
                }
                // Clockwise from up the table.
                let degrees = libm::atan2(dx, -dy).to_degrees();
                let mut facing = Facing::from_degrees(degrees).unwrap_or_default();
                if !self.free {
                    facing = facing.snapped(SNAP_ANGLE);
                }
                if facing != pose.facing {
                    self.set_pose(thing, partner, Pose { facing, ..pose }, "Turn", key);
                }
            }
            Some(Drag::Line) => {
                if let Some((from, _)) = self.line {
                    self.line = Some((from, at));
                }
            }
            Some(Drag::Zone { .. }) | None => {}
        }
    }

    /// The button came up.
    pub fn release(&mut self, at: Option<(i64, i64)>) {
        match (self.drag.clone(), at) {
            (Some(Drag::Zone { from }), Some(at)) => {
                self.add_zone(from, at);
            }
            (Some(Drag::Group(crate::table::group::GroupDrag::Box { from, to, adding })), at) => {
                self.select_in_box(from, at.unwrap_or(to), adding);
            }
            (Some(Drag::ShiftPress { thing, moved: false, .. }), _) => self.toggle_in_group(thing),
            _ => {}
        }
        // A line dragged less than a fifth of a unit was a click: it leaves only its start,
        // and the next click ends it (so a click on a tank never measures it against itself).
        if matches!(self.drag, Some(Drag::Line))
            && let Some((from, to)) = self.line
        {
            let (dx, dy) = ((to.0 - from.0) as f64, (to.1 - from.1) as f64);
            if crate::table::measure::length(dx, dy) < self.rules.unit.um() as f64 / 5.0 {
                self.line = Some((from, from));
            }
        }
        self.drag = None;
        self.drag_key = None;
    }

    /// Turns the selected thing (and its image) by `centidegrees`; a group turns about its
    /// centre.
    pub fn turn_selected(&mut self, centidegrees: i32) -> bool {
        if self.group.len() > 1 {
            return self.transform_group("Turn selection", crate::table::group::GroupMove::Turn(centidegrees), None);
        }
        let Some(thing) = self.selected else { return false };
        let Some(pose) = self.pose(thing) else { return false };
        let partner = self.partner(thing);
        self.set_pose(thing, partner, Pose { facing: pose.facing.turned(centidegrees), ..pose }, "Turn", None)
    }

    /// Resizes the selected piece's rectangle or oval (and its image) to `length` x `width`.
    pub fn resize_selected(&mut self, length: i64, width: i64) -> bool {
        let Some(Thing::Piece(i)) = self.selected else { return false };
        if length <= 0
            || width <= 0
            || length > crate::table::measure::MAX_SIDE_UM
            || width > crate::table::measure::MAX_SIDE_UM
        {
            self.tell("A piece needs a positive size within the largest table.");
            return false;
        }
        let partner = self.partner(Thing::Piece(i));
        change(&mut self.doc, "Resize", Some(MergeKey::Field("resize", i)), |s| {
            for index in
                std::iter::once(i).chain(partner.and_then(|p| if let Thing::Piece(j) = p { Some(j) } else { None }))
            {
                if let Some(p) = s.table.pieces.get_mut(index) {
                    p.footprint = match &p.footprint {
                        crate::table::Footprint::Oval { .. } => crate::table::Footprint::Oval { length, width },
                        crate::table::Footprint::Round { .. } => crate::table::Footprint::Round { diameter: length },
                        _ => crate::table::Footprint::Rect { length, width },
                    };
                }
            }
        })
    }

    /// Copies the selected piece, unit or objective an inch to the right and below (and its
    /// image); a group, all of it.
    pub fn duplicate_selected(&mut self) -> bool {
        if self.group.len() > 1 {
            return self.duplicate_group();
        }
        let Some(thing) = self.selected else { return false };
        let step = self.rules.unit.um();
        let echo = self.echo;
        let changed = change(&mut self.doc, "Duplicate", None, |s| match thing {
            Thing::Piece(i) => {
                if let Some(mut p) = s.table.pieces.get(i).cloned() {
                    p.pose.x += step;
                    p.pose.y += step;
                    push_piece_with_image(s, echo, p);
                }
            }
            Thing::Unit(i) => {
                if let Some(mut u) = s.table.units.get(i).cloned() {
                    u.pose.x += step;
                    u.pose.y += step;
                    push_unit_with_image(s, echo, u);
                }
            }
            Thing::Objective(i) => {
                if let Some(mut o) = s.table.objectives.get(i).cloned() {
                    o.at = (o.at.0 + step, o.at.1 + step);
                    o.name = format!("{}", s.table.objectives.len() + 1);
                    s.table.objectives.push(o);
                }
            }
            Thing::Zone(_) => {}
        });
        if !changed {
            self.tell("Select a piece, unit or objective to duplicate.");
        }
        changed
    }

    /// Deletes the selected thing and its image (a group, each thing of it).
    pub fn delete_selected(&mut self) -> bool {
        if self.group.len() > 1 {
            return self.delete_group();
        }
        let Some(thing) = self.selected else { return false };
        let partner = self.partner(thing);
        self.selected = None;
        change(&mut self.doc, "Delete", None, |s| {
            let mut doomed: Vec<Thing> = std::iter::once(thing).chain(partner).collect();
            // Higher indices first, so the lower ones stay valid.
            doomed.sort_by_key(|t| std::cmp::Reverse(index_of(*t)));
            for t in doomed {
                match t {
                    Thing::Piece(i) if i < s.table.pieces.len() => {
                        s.table.pieces.remove(i);
                    }
                    Thing::Unit(i) if i < s.table.units.len() => {
                        s.table.units.remove(i);
                    }
                    Thing::Objective(i) if i < s.table.objectives.len() => {
                        s.table.objectives.remove(i);
                    }
                    Thing::Zone(i) if i < s.table.zones.len() => {
                        s.table.zones.remove(i);
                    }
                    _ => {}
                }
            }
        })
    }

    /// Applies a validator's fix as one step.
    pub fn apply_fix(&mut self, fix: &Fix) -> bool {
        let label = fix.label.clone();
        change(&mut self.doc, &label, None, |s| fix.apply(s))
    }

    /// Changes the scenario's settings (a form field) as one step per field.
    pub fn settings(&mut self, field: &'static str, edit: impl FnOnce(&mut ArmoredScenario)) -> bool {
        change(&mut self.doc, "Change settings", Some(MergeKey::Field(field, 0)), edit)
    }
}

/// Adds a unit and, under the echo, its image for the other side (unless it is its own).
fn push_unit_with_image(s: &mut ArmoredScenario, echo: Option<TableSymmetry>, unit: PlacedUnit) {
    let image = echo.map(|e| e.unit(s.table.width, s.table.depth, &unit)).filter(|i| *i != unit);
    s.table.units.push(unit);
    s.table.units.extend(image);
}

/// Adds a piece and, under the echo, its image (unless it is its own).
fn push_piece_with_image(s: &mut ArmoredScenario, echo: Option<TableSymmetry>, piece: Piece) {
    let image = echo.map(|e| e.piece(s.table.width, s.table.depth, &piece)).filter(|i| *i != piece);
    s.table.pieces.push(piece);
    s.table.pieces.extend(image);
}

fn index_of(thing: Thing) -> usize {
    match thing {
        Thing::Piece(i) | Thing::Unit(i) | Thing::Objective(i) | Thing::Zone(i) => i,
    }
}
