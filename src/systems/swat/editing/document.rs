//! The open document: the scenario, its undo history, where it is saved, and the one entry
//! point for changes, which judges each operation with the rules and records it.

use super::history::{Edits, History, MergeKey};
use super::ops::{Op, Refusal, edits_for, judge, with_symmetry};
use crate::systems::swat::rules::{Pos, Ruleset, TerrainId};
use crate::systems::swat::scenario::{Edit, MAX_SIDE, Scenario, ScenarioUnit, Symmetry, TilePlacement, apply_all};
use std::path::PathBuf;

/// An open scenario with its history.
#[derive(Debug, Clone)]
pub struct Document {
    /// The scenario as it stands.
    pub scenario: Scenario,
    /// Its undo history.
    pub history: History,
    /// Where it was last saved or opened from.
    pub path: Option<PathBuf>,
    /// Counts every change, so views know when to refresh what they derive.
    pub revision: u64,
}

/// What applying operations did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApplyReport {
    /// How many edits were applied.
    pub applied: usize,
    /// Operations the rules refused, with the reason.
    pub refused: Vec<Refusal>,
}

impl Document {
    /// A document for a scenario that is not saved anywhere yet.
    #[must_use]
    pub fn new(scenario: Scenario) -> Self {
        Self { scenario, history: History::new(), path: None, revision: 0 }
    }

    /// Whether there are unsaved changes.
    #[must_use]
    pub fn is_modified(&self) -> bool {
        self.history.is_modified()
    }

    /// Applies operations (echoed by `symmetry`) as one undoable step labelled `label`, which
    /// joins the newest step when both carry the same `merge` key (a brush drag). Each
    /// operation the rules refuse is skipped and reported, unless `overrule` is set.
    pub fn apply_ops(
        &mut self,
        rules: &Ruleset,
        label: &str,
        ops: &[(Pos, Op)],
        symmetry: Option<Symmetry>,
        overrule: bool,
        merge: Option<MergeKey>,
    ) -> ApplyReport {
        let all = with_symmetry(&self.scenario, ops, symmetry);
        let mut outcome = ApplyReport::default();
        let mut redo = Vec::new();
        let mut undo = Vec::new();
        for (pos, op) in &all {
            if !overrule && let Err(refusal) = judge(rules, &self.scenario, *pos, op) {
                outcome.refused.push(refusal);
                continue;
            }
            if !self.scenario.contains(*pos) {
                continue;
            }
            for edit in edits_for(rules, &self.scenario, *pos, op) {
                if let Some(inverse) = edit.apply(&mut self.scenario) {
                    redo.push(edit);
                    undo.push(inverse);
                }
            }
        }
        outcome.applied = redo.len();
        if !redo.is_empty() {
            undo.reverse();
            self.history.record(label, merge, Edits { redo, undo });
            self.revision += 1;
        }
        outcome
    }

    /// Applies edits as one undoable step; returns whether they fitted the document.
    pub fn apply_edits(&mut self, label: &str, edits: &[Edit]) -> bool {
        let Some(undo) = apply_all(&mut self.scenario, edits) else { return false };
        if !edits.is_empty() {
            self.history.record(label, None, Edits { redo: edits.to_vec(), undo });
        }
        self.revision += 1;
        true
    }

    /// Replaces the whole scenario (settings, resizing) as one undoable step.
    pub fn replace(&mut self, label: &str, next: Scenario) {
        if next != self.scenario {
            self.apply_edits(label, &[Edit::Replace(Box::new(next))]);
        }
    }

    /// Records that a library tile was stamped with its corner at `corner`, joining the stamp's
    /// own step (the same `gesture`), for the print sheets.
    pub fn record_tile(&mut self, corner: Pos, tile: &str, rotation: u8, gesture: MergeKey) {
        let mut tiles: Vec<TilePlacement> = self.scenario.tiles.iter().filter(|t| t.pos != corner).cloned().collect();
        tiles.push(TilePlacement { tile: tile.to_owned(), pos: corner, rotation: rotation % 4 });
        let edit = Edit::SetTiles(tiles);
        if let Some(inverse) = edit.apply(&mut self.scenario) {
            let label = format!("Stamp {tile}");
            self.history.record(&label, Some(gesture), Edits { redo: vec![edit], undo: vec![inverse] });
            self.revision += 1;
        }
    }

    /// Like [`Document::replace`], but a change right after another with the same `merge` key
    /// joins its step, so typing a name is one step, not one per letter.
    pub fn replace_merging(&mut self, label: &str, merge: MergeKey, next: Scenario) {
        if next == self.scenario {
            return;
        }
        let edit = Edit::Replace(Box::new(next));
        if let Some(inverse) = edit.apply(&mut self.scenario) {
            self.history.record(label, Some(merge), Edits { redo: vec![edit], undo: vec![inverse] });
            self.revision += 1;
        }
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        let label = self.history.undo(&mut self.scenario)?;
        self.revision += 1;
        Some(label)
    }

    /// Redoes the next step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let label = self.history.redo(&mut self.scenario)?;
        self.revision += 1;
        Some(label)
    }

    /// Moves through the history to the state after `cursor` steps.
    pub fn jump_to(&mut self, cursor: usize) {
        self.history.jump_to(&mut self.scenario, cursor);
        self.revision += 1;
    }
}

/// A copy of `scenario` resized by adding (or, when negative, removing) squares on each side;
/// new squares get `fill`, and what falls off the board goes with it (heights, walls and
/// doors included).
#[must_use]
pub fn resized(scenario: &Scenario, left: i32, top: i32, right: i32, bottom: i32, fill: TerrainId) -> Option<Scenario> {
    let board = scenario.board.resized([left, top, right, bottom], fill, MAX_SIDE)?;
    let inside = |p: Pos| -> Option<Pos> { crate::board::shift(p, left, top).filter(|&p| board.contains(p)) };
    let mut next = scenario.clone();
    next.owners = scenario.owners.iter().filter_map(|(&p, &o)| Some((inside(p)?, o))).collect();
    next.units =
        scenario.units.iter().filter_map(|u| Some(ScenarioUnit { pos: inside(u.pos)?, ..u.clone() })).collect();
    next.tiles =
        scenario.tiles.iter().filter_map(|t| Some(TilePlacement { pos: inside(t.pos)?, ..t.clone() })).collect();
    next.board = board;
    Some(next)
}

impl crate::editing::EditedDocument for Document {
    fn title(&self) -> &str {
        &self.scenario.name
    }

    fn path(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    fn saved_to(&mut self, path: std::path::PathBuf) {
        self.path = Some(path);
        self.history.mark_clean();
    }

    fn mark_unsaved(&mut self) {
        self.history.mark_unsaved();
    }

    fn revision(&self) -> u64 {
        self.revision
    }

    fn is_modified(&self) -> bool {
        Document::is_modified(self)
    }

    fn undo(&mut self) -> Option<String> {
        Document::undo(self)
    }

    fn redo(&mut self) -> Option<String> {
        Document::redo(self)
    }

    fn undo_redo_labels(&self) -> (Option<&str>, Option<&str>) {
        (self.history.undo_label(), self.history.redo_label())
    }
}
