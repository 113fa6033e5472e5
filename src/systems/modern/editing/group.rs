//! A group of pieces and units on the Modern Skirmish table: box and shift-click selection,
//! and the group gestures (move, turn about its centre, mirror, copy, cut, paste, duplicate,
//! delete), each one undoable step, with the live echo following every piece of the group as
//! it follows one.

use super::{Drag, Editor, Thing, change};
use crate::editing::MergeKey;
use crate::systems::modern::ruleset::{Ruleset, cm};
use crate::systems::modern::scenario::document::ordinal;
use crate::systems::modern::scenario::{ModernScenario, PlacedUnit, SYSTEM_ID, load_scenario, save_scenario};
use crate::table::Table;
use crate::table::group::{GroupDrag, GroupMove, TableClip, TableGroupEditing, centre_of, in_box, toggle};

/// A copied Modern Skirmish group: pieces, and units with their figures, about its centre.
pub type ModernClip = TableClip<PlacedUnit>;

impl Editor {
    /// What the group gestures act on: the group, else the selected piece or unit.
    #[must_use]
    pub fn group_things(&self) -> Vec<Thing> {
        if self.group.is_empty() {
            self.selected
                .map(|t| match t {
                    Thing::Figure(u, _) => Thing::Unit(u),
                    other => other,
                })
                .into_iter()
                .collect()
        } else {
            self.group.clone()
        }
    }

    /// The points a thing stands on: a piece's pose, a unit's figures.
    fn points_of(&self, thing: Thing) -> Vec<(i64, i64)> {
        let s = self.scenario();
        match thing {
            Thing::Piece(i) => s.table.pieces.get(i).map(|p| vec![(p.pose.x, p.pose.y)]).unwrap_or_default(),
            Thing::Unit(u) | Thing::Figure(u, _) => s.units.get(u).map(|u| u.figures.clone()).unwrap_or_default(),
        }
    }

    /// The centre the group turns and mirrors about: the middle of the box around it.
    #[must_use]
    pub fn group_centre(&self) -> Option<(i64, i64)> {
        centre_of(self.group_things().into_iter().flat_map(|t| self.points_of(t)))
    }

    /// Selects the pieces and whole units inside the box with corners `a` and `b`, added to
    /// the group when `adding`.
    pub fn select_in_box(&mut self, a: (i64, i64), b: (i64, i64), adding: bool) {
        let s = self.scenario();
        let things = (0..s.table.pieces.len()).map(Thing::Piece).chain((0..s.units.len()).map(Thing::Unit));
        let inside: Vec<Thing> = things
            .filter(|&t| {
                let points = self.points_of(t);
                !points.is_empty() && points.iter().all(|&p| in_box(a, b, p))
            })
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
        self.feedback = Some(match self.group.len() {
            0 => "Nothing stands wholly inside the box.".to_owned(),
            1 => "1 thing selected.".to_owned(),
            n => format!("{n} things selected: drag one to move them all; the panel turns and mirrors them."),
        });
    }

    /// Adds a piece or unit to the group or takes it out (shift-click).
    pub fn toggle_in_group(&mut self, thing: Thing) {
        let whole = |t: Thing| match t {
            Thing::Figure(u, _) => Thing::Unit(u),
            other => other,
        };
        if self.group.is_empty()
            && let Some(selected) = self.selected.map(whole).filter(|&s| s != whole(thing))
        {
            self.group.push(selected);
        }
        toggle(&mut self.group, whole(thing));
        self.selected = self.group.last().copied();
    }

    /// Moves, turns or mirrors the group (or the selection) as one step joined to `merge`; each
    /// piece's image under the echo becomes the image of where it went.
    pub fn transform_group(&mut self, label: &str, gesture: GroupMove, merge: Option<MergeKey>) -> bool {
        let group = self.group_things();
        let Some(centre) = self.group_centre() else {
            self.feedback = Some("Select something first: click it, or drag a box around several.".into());
            return false;
        };
        let partners: Vec<Option<usize>> = group.iter().map(|&t| self.echo_partner(t)).collect();
        let leads = |i: usize| {
            partners[i].is_none_or(|p| group.iter().position(|&t| t == Thing::Piece(p)).is_none_or(|j| j > i))
        };
        let moves: Vec<(Thing, Option<usize>)> =
            (0..group.len()).filter(|&i| leads(i)).map(|i| (group[i], partners[i])).collect();
        let echo = self.echo;
        change(&mut self.doc, label, merge, |s| {
            let (w, d) = (s.table.width, s.table.depth);
            for (thing, partner) in moves {
                match thing {
                    Thing::Piece(i) => {
                        let Some(moved) = s.table.pieces.get(i).map(|p| gesture.piece(centre, p)) else { continue };
                        let image = echo.map(|e| e.piece(w, d, &moved));
                        s.table.pieces[i] = moved;
                        if let (Some(j), Some(image)) = (partner, image)
                            && let Some(slot) = s.table.pieces.get_mut(j)
                        {
                            *slot = image;
                        }
                    }
                    Thing::Unit(u) | Thing::Figure(u, _) => {
                        if let Some(unit) = s.units.get_mut(u) {
                            for p in &mut unit.figures {
                                *p = gesture.point(centre, *p);
                            }
                        }
                    }
                }
            }
        })
    }

    /// The group (or the selection) as a copy about its centre.
    #[must_use]
    pub fn copy_group(&self) -> Option<ModernClip> {
        let centre = self.group_centre()?;
        let back = GroupMove::Shift(-centre.0, -centre.1);
        let s = self.scenario();
        let mut clip = ModernClip::default();
        for thing in self.group_things() {
            match thing {
                Thing::Piece(i) => clip.pieces.extend(s.table.pieces.get(i).map(|p| back.piece(centre, p))),
                Thing::Unit(u) | Thing::Figure(u, _) => clip.units.extend(s.units.get(u).map(|unit| PlacedUnit {
                    figures: unit.figures.iter().map(|&p| back.point(centre, p)).collect(),
                    ..unit.clone()
                })),
            }
        }
        Some(clip)
    }

    /// Copies the group to the editor's clipboard; says so.
    pub fn copy_to_clipboard(&mut self) -> bool {
        self.clipboard = self.copy_group();
        self.feedback = Some(if self.clipboard.is_some() {
            "Copied.".into()
        } else {
            "Select something first: click it, or drag a box around several.".into()
        });
        self.clipboard.is_some()
    }

    /// Pastes `clip` with its centre at `at` as one step (each piece's image with it under the
    /// echo; each unit named anew, as a placed one is) and selects what was pasted.
    pub fn paste_clip(&mut self, clip: &ModernClip, at: (i64, i64), label: &str) -> bool {
        if clip.is_empty() {
            self.feedback = Some("Nothing to paste: copy something first.".into());
            return false;
        }
        let shift = GroupMove::Shift(at.0, at.1);
        let echo = self.echo;
        let (pieces, units) = (self.scenario().table.pieces.len(), self.scenario().units.len());
        let rules = std::sync::Arc::clone(&self.rules);
        let changed = change(&mut self.doc, label, None, |s| {
            let (w, d) = (s.table.width, s.table.depth);
            for piece in &clip.pieces {
                let placed = shift.piece((0, 0), piece);
                let image = echo.map(|e| e.piece(w, d, &placed)).filter(|i| i.pose != placed.pose);
                s.table.pieces.push(placed);
                s.table.pieces.extend(image);
            }
            for unit in &clip.units {
                let count = s.units.iter().filter(|u| u.troop == unit.troop).count();
                let name = rules
                    .troop(&unit.troop)
                    .map_or_else(|| unit.name.clone(), |t| format!("{} {}", ordinal(count + 1), t.name));
                let figures = unit.figures.iter().map(|&p| shift.point((0, 0), p)).collect();
                s.units.push(PlacedUnit { name, troop: unit.troop.clone(), figures });
            }
        });
        if !changed {
            return false;
        }
        let s = self.scenario();
        self.group =
            (pieces..s.table.pieces.len()).map(Thing::Piece).chain((units..s.units.len()).map(Thing::Unit)).collect();
        self.selected = self.group.first().copied();
        self.feedback = Some(format!("{label}."));
        true
    }

    /// Pastes the editor's clipboard at `at`, else 5 cm right of and below the group.
    pub fn paste(&mut self, at: Option<(i64, i64)>) -> bool {
        let Some(clip) = self.clipboard.clone() else {
            self.feedback = Some("Nothing to paste: copy something first.".into());
            return false;
        };
        let step = cm(5.0);
        let at = at.or_else(|| self.group_centre().map(|(x, y)| (x + step, y + step))).unwrap_or((step, step));
        self.paste_clip(&clip, at, "Paste")
    }

    /// Copies the group and pastes it 5 cm right of and below itself, as one step.
    pub fn duplicate_group(&mut self) -> bool {
        let (Some(clip), Some(centre)) = (self.copy_group(), self.group_centre()) else {
            self.feedback = Some("Select a piece or unit to duplicate.".into());
            return false;
        };
        let step = cm(5.0);
        self.paste_clip(&clip, (centre.0 + step, centre.1 + step), "Duplicate")
    }

    /// Deletes the group (each piece with its image), as one step.
    pub fn delete_group(&mut self) -> bool {
        let group = self.group_things();
        if group.is_empty() {
            return false;
        }
        let mut pieces: Vec<usize> = Vec::new();
        let mut units: Vec<usize> = Vec::new();
        for &thing in &group {
            match thing {
                Thing::Piece(i) => pieces.extend(std::iter::once(i).chain(self.echo_partner(thing))),
                Thing::Unit(u) | Thing::Figure(u, _) => units.push(u),
            }
        }
        for list in [&mut pieces, &mut units] {
            list.sort_unstable();
            list.dedup();
        }
        self.group.clear();
        self.selected = None;
        let label = if group.len() > 1 { "Delete selection" } else { "Delete" };
        change(&mut self.doc, label, None, |s| {
            for &i in pieces.iter().rev() {
                if i < s.table.pieces.len() {
                    s.table.pieces.remove(i);
                }
            }
            for &u in units.iter().rev() {
                if u < s.units.len() {
                    s.units.remove(u);
                }
            }
        });
        true
    }

    /// Copies the group and deletes it.
    pub fn cut_group(&mut self) -> bool {
        self.copy_to_clipboard() && self.delete_group()
    }

    /// The select tool's press where it concerns a group (see
    /// [`crate::table::group::press`]; a figure stands for its unit); `true` when it took it.
    pub(super) fn press_select(&mut self, at: (i64, i64), hit: Option<Thing>) -> bool {
        let whole = hit.map(|t| match t {
            Thing::Figure(u, _) => Thing::Unit(u),
            other => other,
        });
        let Some(drag) = crate::table::group::press(&mut self.group, &mut self.selected, whole, at, self.single) else {
            return false;
        };
        self.drag = Some(Drag::Group(drag));
        true
    }

    /// The group gesture under way reaches `at`: a box grows; a group moves by the distance
    /// from the press, to the half centimetre, as one step.
    pub(super) fn drag_group(&mut self, drag: GroupDrag, at: (i64, i64)) -> GroupDrag {
        match drag {
            GroupDrag::Box { from, adding, .. } => GroupDrag::Box { from, to: at, adding },
            GroupDrag::Move { from, applied } => {
                let (applied, by) = crate::table::group::move_step(from, applied, at, cm(0.5));
                if let Some(by) = by {
                    let merge = self.merge();
                    self.transform_group("Move selection", by, merge);
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
        self.duplicate_group()
    }

    fn delete_selection(&mut self) -> bool {
        self.delete_selected()
    }
}

/// A copied group as text for the system clipboard: a Modern Skirmish scenario file of just
/// the group, in centimetres about its centre.
///
/// # Errors
/// It cannot be written.
pub fn clip_text(clip: &ModernClip) -> Result<String, String> {
    let far = clip
        .pieces
        .iter()
        .map(|p| (p.pose.x, p.pose.y))
        .chain(clip.units.iter().flat_map(|u| u.figures.iter().copied()))
        .map(|(x, y)| x.abs().max(y.abs()))
        .max()
        .unwrap_or(0);
    let side = (2 * far).clamp(cm(10.0), crate::table::measure::MAX_SIDE_UM);
    let scenario = ModernScenario {
        name: "Copied selection".into(),
        description: String::new(),
        symmetry: None,
        table: Table { width: side, depth: side, pieces: clip.pieces.clone(), ..Table::default() },
        units: clip.units.clone(),
        readings: Default::default(),
        backdrop: None,
        art: crate::art::ArtBook::default(),
    };
    crate::editing::selection_text(SYSTEM_ID, &save_scenario(&scenario)?)
}

/// A group read from pasted text, checked as a scenario file is (bounds, counts, every terrain
/// kind and troop type known); `Ok(None)` for text that is no studio selection. `name_of`
/// names a game for the refusal of another game's.
///
/// # Errors
/// Another game's selection, a damaged one, or one naming what the data does not know.
pub fn clip_from_text(
    rules: &Ruleset,
    text: &str,
    name_of: &dyn Fn(&str) -> String,
) -> Result<Option<ModernClip>, String> {
    let Some(file) = crate::editing::read_selection::<String>(text, SYSTEM_ID, name_of)? else { return Ok(None) };
    let scenario = load_scenario(rules, &file).map_err(|e| format!("the pasted selection: {e}"))?;
    Ok(Some(ModernClip { pieces: scenario.table.pieces, units: scenario.units, ..ModernClip::default() }))
}
