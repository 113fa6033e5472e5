//! The open document: the scenario, its undo history, where it is saved, and the one entry
//! point for changes, which judges each operation with the rules and records it.

use super::history::{Edits, MergeKey};
use super::ops::{Op, Refusal, edits_for, judge, with_symmetry};
use crate::systems::swat::rules::{Pos, Ruleset, TerrainId};
use crate::systems::swat::scenario::{Edit, MAX_SIDE, Scenario, ScenarioUnit, Symmetry, TilePlacement, apply_all};

/// An open Skirmish Wars scenario with its history: the kernel's document with edits as its
/// steps.
pub type Document = crate::editing::Document<Scenario, Edits>;

crate::art::with_art_fields!(Scenario);

impl crate::editing::Titled for Scenario {
    fn title(&self) -> &str {
        &self.name
    }
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
