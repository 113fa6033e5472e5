//! The editing model of a Modern Skirmish table, without a window: the tools (select, a
//! building, a wood or a low wall from the library, a unit placed as figures in formation, the
//! measure), press-drag-release gestures at table points in micrometres, turning and deleting,
//! the symmetric echo of terrain, fixes, and one undo step per gesture on the shared kernel.

mod group;

pub use group::{ModernClip, clip_from_text, clip_text};

use super::rules::{centre_distance, on_table};
use super::ruleset::{Ruleset, UNIT, cm};
use super::scenario::document::ordinal;
use super::scenario::{Finding, ModernScenario, PlacedUnit, formation, side_of, validate};
use crate::editing::{MergeKey, Snapshot};
use crate::table::{Facing, Footprint, Piece, Pose, TableSymmetry};
use std::sync::Arc;

/// The document: the scenario with its undo history (a step keeps the scenario before it).
pub type Document = crate::editing::Document<ModernScenario, Snapshot<ModernScenario>>;

/// Changes the document as one labelled step (joined to the gesture's step when `merge` says);
/// returns whether anything changed.
pub fn change(
    doc: &mut Document,
    label: &str,
    merge: Option<MergeKey>,
    edit: impl FnOnce(&mut ModernScenario),
) -> bool {
    let before = doc.scenario.clone();
    edit(&mut doc.scenario);
    if doc.scenario == before {
        return false;
    }
    doc.history.record(label, merge, Snapshot(before));
    doc.revision += 1;
    true
}

/// The tool in hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Select and drag pieces and units (Shift: one figure).
    Select,
    /// Place a piece of the terrain kind with this index.
    Piece(usize),
    /// Place a unit of the troop type with this index, in formation.
    Unit(usize),
    /// Measure base edge to base edge.
    Measure,
}

/// Something on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thing {
    /// A piece.
    Piece(usize),
    /// A whole unit.
    Unit(usize),
    /// One figure of a unit.
    Figure(usize, usize),
}

/// A gesture under way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Drag {
    /// Moving a thing; the last point it was dragged to.
    Move(Thing, (i64, i64)),
    /// A Shift-press on a thing: a click adds its piece or unit to the group or takes it out,
    /// a drag moves the one figure (or piece).
    ShiftPress {
        /// The figure or piece pressed.
        thing: Thing,
        /// The last point it was dragged to.
        last: (i64, i64),
        /// Whether it has moved.
        moved: bool,
    },
    /// Drawing a selection box, or moving a group.
    Group(crate::table::group::GroupDrag),
    /// Measuring from a point.
    Measure((i64, i64), (i64, i64)),
}

/// The editor.
pub struct Editor {
    /// The data.
    pub rules: Arc<Ruleset>,
    /// The document.
    pub doc: Document,
    /// The tool in hand.
    pub tool: Tool,
    /// What is selected (the one the panel shows; the newest of a group).
    pub selected: Option<Thing>,
    /// Several pieces and units selected together (box or Shift-click); empty when one or
    /// none is.
    pub group: Vec<Thing>,
    /// What was copied last.
    pub clipboard: Option<ModernClip>,
    /// The gesture under way.
    pub drag: Option<Drag>,
    /// The last measure, kept to show.
    pub measured: Option<((i64, i64), (i64, i64))>,
    /// The symmetry placed terrain is echoed under.
    pub echo: Option<TableSymmetry>,
    /// Move one figure rather than its unit (Shift).
    pub single: bool,
    feedback: Option<String>,
    gestures: u64,
}

impl Editor {
    /// An editor on `doc`.
    #[must_use]
    pub fn new(rules: Arc<Ruleset>, doc: Document) -> Self {
        let echo = doc.scenario.symmetry;
        Self {
            rules,
            doc,
            tool: Tool::Select,
            selected: None,
            group: Vec::new(),
            clipboard: None,
            drag: None,
            measured: None,
            echo,
            single: false,
            feedback: None,
            gestures: 0,
        }
    }

    /// The scenario.
    #[must_use]
    pub fn scenario(&self) -> &ModernScenario {
        &self.doc.scenario
    }

    /// What the last gesture has to say, once.
    pub fn take_feedback(&mut self) -> Option<String> {
        self.feedback.take()
    }

    /// The findings now.
    #[must_use]
    pub fn findings(&self) -> Vec<Finding> {
        validate(&self.rules, &self.doc.scenario)
    }

    /// What stands at a point: a figure first, then the topmost piece.
    #[must_use]
    pub fn thing_at(&self, at: (i64, i64)) -> Option<Thing> {
        let s = self.scenario();
        let radius = self.rules.base_um() / 2;
        for (u, unit) in s.units.iter().enumerate().rev() {
            if let Some(f) = unit.figures.iter().position(|&p| centre_distance(p, at) <= radius) {
                return Some(if self.single { Thing::Figure(u, f) } else { Thing::Unit(u) });
            }
        }
        let p = (at.0 as f64, at.1 as f64);
        s.table.pieces.iter().rposition(|piece| piece.shape().contains_point(p)).map(Thing::Piece)
    }

    /// The primary button went down at `at`.
    pub fn press(&mut self, at: (i64, i64)) {
        self.gestures += 1;
        match self.tool {
            Tool::Select => {
                let hit = self.thing_at(at);
                if self.press_select(at, hit) {
                    return;
                }
                if !self.single {
                    self.group.clear();
                    self.selected = hit;
                }
                let single = self.single;
                self.drag = hit.map(|t| {
                    if single { Drag::ShiftPress { thing: t, last: at, moved: false } } else { Drag::Move(t, at) }
                });
            }
            Tool::Piece(kind) => self.add_piece(kind, at),
            Tool::Unit(troop) => self.add_unit(troop, at),
            Tool::Measure => self.drag = Some(Drag::Measure(at, at)),
        }
    }

    /// The pointer moved to `at` with the button held.
    pub fn drag_to(&mut self, at: (i64, i64)) {
        match self.drag {
            Some(Drag::Move(thing, last)) => {
                let delta = (at.0 - last.0, at.1 - last.1);
                if delta != (0, 0) {
                    self.shift(thing, delta);
                    self.drag = Some(Drag::Move(thing, at));
                }
            }
            Some(Drag::Measure(from, _)) => {
                self.drag = Some(Drag::Measure(from, at));
                self.measured = Some((from, at));
            }
            Some(Drag::ShiftPress { thing, last, .. }) => {
                let delta = (at.0 - last.0, at.1 - last.1);
                if delta != (0, 0) {
                    self.shift(thing, delta);
                    self.drag = Some(Drag::ShiftPress { thing, last: at, moved: true });
                }
            }
            Some(Drag::Group(drag)) => {
                let drag = self.drag_group(drag, at);
                self.drag = Some(Drag::Group(drag));
            }
            None => {}
        }
    }

    /// The button came up.
    pub fn release(&mut self, at: Option<(i64, i64)>) {
        match self.drag {
            Some(Drag::Group(crate::table::group::GroupDrag::Box { from, to, adding })) => {
                self.select_in_box(from, at.unwrap_or(to), adding);
            }
            Some(Drag::ShiftPress { thing, moved: false, .. }) => self.toggle_in_group(thing),
            _ => {}
        }
        if let Some(Drag::Measure(a, b)) = self.drag {
            let centre = centre_distance(a, b);
            let edge = (centre - self.rules.base_um()).max(0);
            self.feedback =
                Some(format!("{} centre to centre, {} base edge to base edge", UNIT.show(centre), UNIT.show(edge)));
        }
        self.drag = None;
    }

    fn merge(&self) -> Option<MergeKey> {
        Some(MergeKey::Gesture(self.gestures))
    }

    /// Moves a thing by `delta` (a piece takes its echo along).
    pub fn shift(&mut self, thing: Thing, delta: (i64, i64)) {
        let merge = self.merge();
        let (w, d) = (self.scenario().table.width, self.scenario().table.depth);
        let echo = self.echo_partner(thing);
        let symmetry = self.echo;
        change(&mut self.doc, "Move", merge, |s| match thing {
            Thing::Piece(i) => {
                if let Some(piece) = s.table.pieces.get_mut(i) {
                    piece.pose.x += delta.0;
                    piece.pose.y += delta.1;
                    if let (Some(j), Some(sym)) = (echo, symmetry) {
                        let image = sym.piece(w, d, piece);
                        if let Some(other) = s.table.pieces.get_mut(j) {
                            *other = image;
                        }
                    }
                }
            }
            Thing::Unit(u) => {
                if let Some(unit) = s.units.get_mut(u) {
                    for p in &mut unit.figures {
                        *p = (p.0 + delta.0, p.1 + delta.1);
                    }
                }
            }
            Thing::Figure(u, f) => {
                if let Some(p) = s.units.get_mut(u).and_then(|unit| unit.figures.get_mut(f)) {
                    *p = (p.0 + delta.0, p.1 + delta.1);
                }
            }
        });
    }

    /// The piece that is `thing`'s image under the echo, where there is one.
    fn echo_partner(&self, thing: Thing) -> Option<usize> {
        let (Thing::Piece(i), Some(sym)) = (thing, self.echo) else { return None };
        let table = &self.scenario().table;
        let piece = table.pieces.get(i)?;
        let image = sym.piece(table.width, table.depth, piece);
        let near = cm(0.5);
        table.pieces.iter().enumerate().position(|(j, other)| {
            j != i
                && other.kind == image.kind
                && (other.pose.x - image.pose.x).abs() <= near
                && (other.pose.y - image.pose.y).abs() <= near
        })
    }

    /// Places a piece of kind `kind` centred at `at`, with its echo.
    pub fn add_piece(&mut self, kind: usize, at: (i64, i64)) {
        let Some(k) = self.rules.terrain.get(kind) else { return };
        let piece = Piece {
            kind: k.id.clone(),
            footprint: Footprint::Rect { length: cm(k.default_size.1), width: cm(k.default_size.0) },
            pose: Pose::new(at.0, at.1, Facing::UP),
            height: cm(k.height),
            walls: Vec::new(),
        };
        let (w, d) = (self.scenario().table.width, self.scenario().table.depth);
        let image = self
            .echo
            .map(|sym| sym.piece(w, d, &piece))
            .filter(|img| (img.pose.x - piece.pose.x).abs() > cm(1.0) || (img.pose.y - piece.pose.y).abs() > cm(1.0));
        let label = format!("Place {}", k.name.to_lowercase());
        change(&mut self.doc, &label, None, |s| {
            s.table.pieces.push(piece);
            s.table.pieces.extend(image);
        });
        self.selected = Some(Thing::Piece(self.scenario().table.pieces.len() - 1));
        self.drag = None;
    }

    /// Places a unit of troop `troop` in formation centred at `at`.
    pub fn add_unit(&mut self, troop: usize, at: (i64, i64)) {
        let Some(t) = self.rules.troops.get(troop) else { return };
        let count = self.scenario().units.iter().filter(|u| u.troop == t.id).count();
        let unit = PlacedUnit {
            name: format!("{} {}", ordinal(count + 1), t.name),
            troop: t.id.clone(),
            figures: formation(&self.rules, at, usize::from(t.figures), t.side),
        };
        let size = (self.scenario().table.width, self.scenario().table.depth);
        if unit.figures.iter().any(|&p| !on_table(&self.rules, size, p)) {
            self.feedback = Some("The formation would leave the table: place it further in.".into());
            return;
        }
        change(&mut self.doc, &format!("Place {}", unit.name), None, |s| s.units.push(unit));
        self.selected = Some(Thing::Unit(self.scenario().units.len() - 1));
        self.drag = None;
    }

    /// Turns the selected piece by `centidegrees` (its echo follows); a group turns about its
    /// centre.
    pub fn turn_selected(&mut self, centidegrees: i32) -> bool {
        if self.group.len() > 1 {
            return self.transform_group("Turn selection", crate::table::group::GroupMove::Turn(centidegrees), None);
        }
        let Some(Thing::Piece(i)) = self.selected else { return false };
        let echo = self.echo_partner(Thing::Piece(i));
        let (w, d) = (self.scenario().table.width, self.scenario().table.depth);
        let symmetry = self.echo;
        change(&mut self.doc, "Turn", None, |s| {
            if let Some(piece) = s.table.pieces.get_mut(i) {
                piece.pose.facing = piece.pose.facing.turned(centidegrees);
                if let (Some(j), Some(sym)) = (echo, symmetry) {
                    let image = sym.piece(w, d, piece);
                    if let Some(other) = s.table.pieces.get_mut(j) {
                        *other = image;
                    }
                }
            }
        });
        true
    }

    /// Deletes the selection (a piece takes its echo; a group, all of it).
    pub fn delete_selected(&mut self) -> bool {
        if self.group.len() > 1 {
            return self.delete_group();
        }
        let Some(thing) = self.selected.take() else { return false };
        let echo = self.echo_partner(thing);
        change(&mut self.doc, "Delete", None, |s| match thing {
            Thing::Piece(i) => {
                let mut gone = vec![i];
                gone.extend(echo);
                gone.sort_unstable();
                for j in gone.into_iter().rev() {
                    if j < s.table.pieces.len() {
                        s.table.pieces.remove(j);
                    }
                }
            }
            Thing::Unit(u) | Thing::Figure(u, _) => {
                if u < s.units.len() {
                    s.units.remove(u);
                }
            }
        });
        true
    }

    /// Sets the selected piece's size (across, along) in micrometres.
    pub fn resize_selected(&mut self, across: i64, along: i64) {
        let Some(Thing::Piece(i)) = self.selected else { return };
        let echo = self.echo_partner(Thing::Piece(i));
        let (across, along) = (across.clamp(cm(1.0), cm(200.0)), along.clamp(cm(1.0), cm(200.0)));
        change(&mut self.doc, "Resize", Some(MergeKey::Field("size", i)), |s| {
            for j in std::iter::once(i).chain(echo) {
                if let Some(piece) = s.table.pieces.get_mut(j) {
                    piece.footprint = Footprint::Rect { length: along, width: across };
                }
            }
        });
    }

    /// Carries out a finding's fix.
    pub fn apply_fix(&mut self, finding: &Finding) -> bool {
        let Some(fix) = &finding.fix else { return false };
        let result = (*fix.result).clone();
        change(&mut self.doc, &fix.label, None, |s| *s = result);
        self.selected = None;
        true
    }

    /// The side a unit fights for.
    #[must_use]
    pub fn side_of_unit(&self, unit: usize) -> u8 {
        self.scenario().units.get(unit).map_or(0, |u| side_of(&self.rules, u))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn editor() -> Editor {
        let rules = Arc::new(Ruleset::builtin().unwrap());
        let scenario = super::super::scenario::new_scenario(&rules, 120, 90);
        Editor::new(rules, Document::new(scenario))
    }

    #[test]
    fn a_building_is_echoed_and_a_drag_is_one_step() {
        let mut e = editor();
        e.tool = Tool::Piece(0);
        e.press((cm(30.0), cm(30.0)));
        assert_eq!(e.scenario().table.pieces.len(), 2, "the echo places the image");
        assert_eq!(e.scenario().table.pieces[1].pose.y, cm(60.0));
        e.tool = Tool::Select;
        e.press((cm(30.0), cm(30.0)));
        e.drag_to((cm(32.0), cm(30.0)));
        e.drag_to((cm(34.0), cm(31.0)));
        e.release(None);
        assert_eq!(e.scenario().table.pieces[1].pose.x, cm(34.0), "the image follows");
        assert_eq!(e.scenario().table.pieces[1].pose.y, cm(59.0));
        assert!(e.doc.undo().is_some());
        assert_eq!(e.scenario().table.pieces[0].pose.x, cm(30.0), "one undo takes the whole drag back");
    }

    #[test]
    fn a_unit_is_placed_as_figures_in_formation() {
        let mut e = editor();
        let before = e.scenario().units.len();
        e.tool = Tool::Unit(2);
        e.press((cm(60.0), cm(45.0)));
        let unit = &e.scenario().units[before];
        assert_eq!(unit.figures.len(), 9);
        assert_eq!(unit.name, "3rd Soldiers");
        assert!(e.findings().iter().any(|f| f.code == "forces"));
    }
}
