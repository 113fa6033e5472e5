//! A group of things on the Armored Advance table: box and shift-click selection, and the
//! group gestures (move, turn about its centre, mirror, copy, cut, paste, duplicate, delete),
//! each one undoable step, with the live echo following every thing of the group as it
//! follows one.

use super::{Drag, Editor, change, push_piece_with_image, push_unit_with_image};
use crate::editing::MergeKey;
use crate::systems::armored::ruleset::Ruleset;
use crate::systems::armored::scenario::SYSTEM_ID;
use crate::table::group::{GroupDrag, GroupMove, TableClip, TableGroupEditing, centre_of, in_box, toggle};
use crate::table::{PlacedUnit, TableFile, Thing};

/// A copied Armored Advance group.
pub type ArmoredClip = TableClip<PlacedUnit>;

impl Editor {
    /// What the group gestures act on: the group, else the selected thing.
    #[must_use]
    pub fn group_things(&self) -> Vec<Thing> {
        if self.group.is_empty() { self.selected.into_iter().collect() } else { self.group.clone() }
    }

    /// The points a thing stands on: its pose's, or a zone's corners.
    fn points_of(&self, thing: Thing) -> Vec<(i64, i64)> {
        match thing {
            Thing::Zone(i) => self.doc.scenario.table.zones.get(i).map(|z| z.points.clone()).unwrap_or_default(),
            other => self.pose(other).map(|p| vec![(p.x, p.y)]).unwrap_or_default(),
        }
    }

    /// The centre the group turns and mirrors about: the middle of the box around it.
    #[must_use]
    pub fn group_centre(&self) -> Option<(i64, i64)> {
        centre_of(self.group_things().into_iter().flat_map(|t| self.points_of(t)))
    }

    /// Selects what stands inside the box with corners `a` and `b` (a zone when all its
    /// corners do), added to the group when `adding`.
    pub fn select_in_box(&mut self, a: (i64, i64), b: (i64, i64), adding: bool) {
        let table = &self.doc.scenario.table;
        let things = (0..table.pieces.len())
            .map(Thing::Piece)
            .chain((0..table.units.len()).map(Thing::Unit))
            .chain((0..table.objectives.len()).map(Thing::Objective))
            .chain((0..table.zones.len()).map(Thing::Zone));
        let inside: Vec<Thing> = things
            .filter(|&t| self.points_of(t).iter().all(|&p| in_box(a, b, p)) && !self.points_of(t).is_empty())
            .collect();
        if !adding {
            self.group.clear();
        }
        for thing in inside {
            if !self.group.contains(&thing) {
                self.group.push(thing);
            }
        }
        self.selected = self.group.last().copied();
        let count = self.group.len();
        self.tell(match count {
            0 => "Nothing stands wholly inside the box.".to_owned(),
            1 => "1 thing selected.".to_owned(),
            n => format!("{n} things selected: drag one to move them all; the inspector turns and mirrors them."),
        });
    }

    /// Adds a thing to the group or takes it out (shift-click).
    pub fn toggle_in_group(&mut self, thing: Thing) {
        if self.group.is_empty()
            && let Some(selected) = self.selected.filter(|&s| s != thing)
        {
            self.group.push(selected);
        }
        toggle(&mut self.group, thing);
        self.selected = self.group.last().copied();
    }

    /// Moves, turns or mirrors the group (or the selected thing) as one step joined to
    /// `merge`; each thing's image under the echo becomes the image of where it went. A thing
    /// whose image is in the group too moves as that image.
    pub fn transform_group(&mut self, label: &str, gesture: GroupMove, merge: Option<MergeKey>) -> bool {
        let group = self.group_things();
        let Some(centre) = self.group_centre() else {
            self.tell("Select something first: click it, or drag a box around several.");
            return false;
        };
        let partners: Vec<Option<Thing>> = group.iter().map(|&t| self.partner(t)).collect();
        // A thing whose image is also in the group and comes first follows that image.
        let leads = |i: usize| partners[i].is_none_or(|p| group.iter().position(|&t| t == p).is_none_or(|j| j > i));
        let moves: Vec<(Thing, Option<Thing>)> =
            (0..group.len()).filter(|&i| leads(i)).map(|i| (group[i], partners[i])).collect();
        let echo = self.echo;
        change(&mut self.doc, label, merge, |s| {
            let (w, d) = (s.table.width, s.table.depth);
            for (thing, partner) in moves {
                let table = &mut s.table;
                match (thing, partner) {
                    (Thing::Piece(i), partner) => {
                        let Some(moved) = table.pieces.get(i).map(|p| gesture.piece(centre, p)) else { continue };
                        let image = echo.map(|e| e.piece(w, d, &moved));
                        table.pieces[i] = moved;
                        if let (Some(Thing::Piece(j)), Some(image)) = (partner, image)
                            && let Some(slot) = table.pieces.get_mut(j)
                        {
                            *slot = image;
                        }
                    }
                    (Thing::Unit(i), partner) => {
                        let Some(moved) = table.units.get(i).map(|u| gesture.unit(centre, u)) else { continue };
                        let image = echo.map(|e| e.unit(w, d, &moved));
                        table.units[i] = moved;
                        if let (Some(Thing::Unit(j)), Some(image)) = (partner, image)
                            && let Some(slot) = table.units.get_mut(j)
                        {
                            *slot = image;
                        }
                    }
                    (Thing::Objective(i), partner) => {
                        let Some(moved) = table.objectives.get(i).map(|o| gesture.objective(centre, o)) else {
                            continue;
                        };
                        let image = echo.map(|e| e.point(w, d, moved.at));
                        table.objectives[i] = moved;
                        if let (Some(Thing::Objective(j)), Some(at)) = (partner, image)
                            && let Some(slot) = table.objectives.get_mut(j)
                        {
                            slot.at = at;
                        }
                    }
                    (Thing::Zone(i), partner) => {
                        let Some(moved) = table.zones.get(i).map(|z| gesture.zone(centre, z)) else { continue };
                        let image = echo.map(|e| e.zone(w, d, &moved));
                        table.zones[i] = moved;
                        if let (Some(Thing::Zone(j)), Some(image)) = (partner, image)
                            && let Some(slot) = table.zones.get_mut(j)
                        {
                            slot.points = image.points;
                        }
                    }
                }
            }
        })
    }

    /// The group (or the selected thing) as a copy about its centre.
    #[must_use]
    pub fn copy_group(&self) -> Option<ArmoredClip> {
        let centre = self.group_centre()?;
        let back = GroupMove::Shift(-centre.0, -centre.1);
        let table = &self.doc.scenario.table;
        let mut clip = ArmoredClip::default();
        for thing in self.group_things() {
            match thing {
                Thing::Piece(i) => clip.pieces.extend(table.pieces.get(i).map(|p| back.piece(centre, p))),
                Thing::Unit(i) => clip.units.extend(table.units.get(i).map(|u| back.unit(centre, u))),
                Thing::Objective(i) => {
                    clip.objectives.extend(table.objectives.get(i).map(|o| back.objective(centre, o)))
                }
                Thing::Zone(i) => clip.zones.extend(table.zones.get(i).map(|z| back.zone(centre, z))),
            }
        }
        Some(clip)
    }

    /// Copies the group to the editor's clipboard; says so.
    pub fn copy_to_clipboard(&mut self) -> bool {
        match self.copy_group() {
            Some(clip) => {
                self.clipboard = Some(clip);
                self.tell("Copied.");
                true
            }
            None => {
                self.tell("Select something first: click it, or drag a box around several.");
                false
            }
        }
    }

    /// Pastes `clip` with its centre at `at` as one step, its images with it under the echo,
    /// and selects what was pasted.
    pub fn paste_clip(&mut self, clip: &ArmoredClip, at: (i64, i64), label: &str) -> bool {
        if clip.is_empty() {
            self.tell("Nothing to paste: copy something first.");
            return false;
        }
        let at = self.snap_point(at);
        let shift = GroupMove::Shift(at.0, at.1);
        let echo = self.echo;
        let table = &self.doc.scenario.table;
        let before = (table.pieces.len(), table.units.len(), table.objectives.len(), table.zones.len());
        let changed = change(&mut self.doc, label, None, |s| {
            for piece in &clip.pieces {
                push_piece_with_image(s, echo, shift.piece((0, 0), piece));
            }
            for unit in &clip.units {
                push_unit_with_image(s, echo, shift.unit((0, 0), unit));
            }
            for objective in &clip.objectives {
                let mut placed = shift.objective((0, 0), objective);
                placed.name = format!("{}", s.table.objectives.len() + 1);
                s.table.objectives.push(placed);
            }
            for zone in &clip.zones {
                s.table.zones.push(shift.zone((0, 0), zone));
            }
        });
        if changed {
            let table = &self.doc.scenario.table;
            // The pasted things are those past the ends of the lists as they were, images and all.
            self.group = (before.0..table.pieces.len())
                .map(Thing::Piece)
                .chain((before.1..table.units.len()).map(Thing::Unit))
                .chain((before.2..table.objectives.len()).map(Thing::Objective))
                .chain((before.3..table.zones.len()).map(Thing::Zone))
                .collect();
            self.selected = self.group.first().copied();
            self.tell(format!("{label}."));
        }
        changed
    }

    /// Pastes the editor's clipboard at `at`, else an inch right of and below where it was
    /// copied from the group's centre.
    pub fn paste(&mut self, at: Option<(i64, i64)>) -> bool {
        let Some(clip) = self.clipboard.clone() else {
            self.tell("Nothing to paste: copy something first.");
            return false;
        };
        let step = self.rules.unit.um();
        let at = at.or_else(|| self.group_centre().map(|(x, y)| (x + step, y + step))).unwrap_or((step, step));
        self.paste_clip(&clip, at, "Paste")
    }

    /// Copies the group and pastes it an inch right of and below itself, as one step.
    pub fn duplicate_group(&mut self) -> bool {
        let (Some(clip), Some(centre)) = (self.copy_group(), self.group_centre()) else {
            self.tell("Select a piece, unit or objective to duplicate.");
            return false;
        };
        let step = self.rules.unit.um();
        self.paste_clip(&clip, (centre.0 + step, centre.1 + step), "Duplicate")
    }

    /// Deletes the group (or the selected thing) and each thing's image, as one step.
    pub fn delete_group(&mut self) -> bool {
        let mut doomed = self.group_things();
        if doomed.is_empty() {
            return false;
        }
        let images: Vec<Thing> = doomed.iter().filter_map(|&t| self.partner(t)).collect();
        doomed.extend(images);
        self.group.clear();
        self.selected = None;
        let label = if doomed.len() > 1 { "Delete selection" } else { "Delete" };
        change(&mut self.doc, label, None, |s| {
            let table = &mut s.table;
            let gone = |kind: fn(Thing) -> Option<usize>, len: usize| {
                let mut indices: Vec<usize> = doomed.iter().filter_map(|&t| kind(t)).filter(|&i| i < len).collect();
                indices.sort_unstable();
                indices.dedup();
                indices.reverse();
                indices
            };
            for i in gone(|t| if let Thing::Piece(i) = t { Some(i) } else { None }, table.pieces.len()) {
                table.pieces.remove(i);
            }
            for i in gone(|t| if let Thing::Unit(i) = t { Some(i) } else { None }, table.units.len()) {
                table.units.remove(i);
            }
            for i in gone(|t| if let Thing::Objective(i) = t { Some(i) } else { None }, table.objectives.len()) {
                table.objectives.remove(i);
            }
            for i in gone(|t| if let Thing::Zone(i) = t { Some(i) } else { None }, table.zones.len()) {
                table.zones.remove(i);
            }
        })
    }

    /// Copies the group and deletes it, as one step of deletion.
    pub fn cut_group(&mut self) -> bool {
        self.copy_to_clipboard() && self.delete_group()
    }

    /// The select tool's press on the table where it concerns a group (see
    /// [`crate::table::group::press`]); `true` when it took the press.
    pub(super) fn press_select(&mut self, at: (i64, i64), hit: Option<Thing>) -> bool {
        let Some(drag) = crate::table::group::press(&mut self.group, &mut self.selected, hit, at, self.free) else {
            return false;
        };
        if matches!(drag, GroupDrag::Move { .. }) {
            let key = self.gesture_key();
            self.drag_key = Some(key);
        }
        self.drag = Some(Drag::Group(drag));
        true
    }

    /// The group gesture under way reaches `at`: a box grows; a group moves by the snapped
    /// distance from the press, as one step.
    pub(super) fn drag_group(&mut self, drag: GroupDrag, at: (i64, i64)) -> GroupDrag {
        match drag {
            GroupDrag::Box { from, adding, .. } => GroupDrag::Box { from, to: at, adding },
            GroupDrag::Move { from, applied } => {
                let step = if self.free { 1 } else { self.rules.unit.um() / 2 };
                let (applied, by) = crate::table::group::move_step(from, applied, at, step);
                if let Some(by) = by {
                    let key = self.drag_key;
                    self.transform_group("Move selection", by, key);
                }
                GroupDrag::Move { from, applied }
            }
        }
    }
}

/// The group's buttons and commands, as every table game answers them.
impl TableGroupEditing for Editor {
    fn move_group(&mut self, gesture: GroupMove) -> bool {
        self.transform_group(gesture.label(), gesture, None)
    }

    fn copy_group_to_clipboard(&mut self) -> bool {
        self.copy_to_clipboard()
    }

    fn cut_selection(&mut self) -> bool {
        self.cut_group()
    }

    fn duplicate_selection(&mut self) -> bool {
        self.duplicate_selected()
    }

    fn delete_selection(&mut self) -> bool {
        self.delete_selected()
    }
}

/// A copied group as text for the system clipboard: the table's file form in inches about
/// the group's centre.
///
/// # Errors
/// It cannot be written.
pub fn clip_text(rules: &Ruleset, clip: &ArmoredClip) -> Result<String, String> {
    let file = TableFile::write(&clip.to_table(), rules.unit);
    crate::editing::selection_text(SYSTEM_ID, &file)
}

/// A group read from pasted text, checked as a scenario's table is (bounds, counts) and
/// against the data (every piece's kind and unit's profile known); `Ok(None)` for text that
/// is no studio selection. `name_of` names a game for the refusal of another game's.
///
/// # Errors
/// Another game's selection, a damaged one, or one naming what the data does not know.
pub fn clip_from_text(
    rules: &Ruleset,
    text: &str,
    name_of: &dyn Fn(&str) -> String,
) -> Result<Option<ArmoredClip>, String> {
    let Some(file) = crate::editing::read_selection::<TableFile>(text, SYSTEM_ID, name_of)? else { return Ok(None) };
    let table = file.read(rules.unit).map_err(|e| format!("the pasted selection: {e}"))?;
    for (i, piece) in table.pieces.iter().enumerate() {
        if rules.kind(&piece.kind).is_none() {
            return Err(format!(
                "the pasted piece {} is '{}', a terrain Armored Advance does not know",
                i + 1,
                piece.kind
            ));
        }
    }
    for (i, unit) in table.units.iter().enumerate() {
        if rules.profile(&unit.profile).is_none() {
            return Err(format!(
                "the pasted unit {} is '{}', a unit Armored Advance does not know",
                i + 1,
                unit.profile
            ));
        }
        if unit.owner > 1 {
            return Err(format!("the pasted unit {} fights for side {}; a table has two", i + 1, unit.owner + 1));
        }
    }
    Ok(Some(ArmoredClip::from_table(table)))
}
