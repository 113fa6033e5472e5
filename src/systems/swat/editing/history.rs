//! The undo history: labelled steps of edits, one per gesture, with a clean mark so the
//! "modified" flag follows the history (as Tiled derives it from its undo stack).

use crate::systems::swat::scenario::{Edit, Scenario, apply_all};

/// What lets a change join the step before it instead of starting its own: a typed key, so
/// two gestures that happen to share a label ("Paint forest" twice) stay two steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MergeKey {
    /// One pointer gesture (a brush drag, a stamp and its tile record), numbered by the editor.
    Gesture(u64),
    /// Typing in the scenario settings: one step per run of edits, not one per letter.
    Settings,
}

/// One undoable step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What it did, for "Undo Paint forest" and the history panel.
    pub label: String,
    /// Later changes with the same key join this step while it is the newest.
    pub merge: Option<MergeKey>,
    /// The edits that did it, in order.
    pub redo: Vec<Edit>,
    /// The edits that undo it, in order.
    pub undo: Vec<Edit>,
}

/// Labelled steps with a cursor: steps before the cursor are applied.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    steps: Vec<Step>,
    cursor: usize,
    /// The cursor position at the last save; `None` once that state can no longer be reached.
    clean: Option<usize>,
}

impl History {
    /// An empty history whose current state is the saved one.
    #[must_use]
    pub fn new() -> Self {
        Self { steps: Vec::new(), cursor: 0, clean: Some(0) }
    }

    /// Records a step already applied to the document; anything that could be redone is gone.
    /// A step whose merge key is the newest step's joins it, unless the newest step is the
    /// saved state: then the rest of the gesture is a step of its own, so undo after a save
    /// mid-drag goes back exactly to what was saved.
    pub fn record(&mut self, step: Step) {
        if step.redo.is_empty() {
            return;
        }
        if step.merge.is_some()
            && self.cursor == self.steps.len()
            && self.clean != Some(self.cursor)
            && let Some(last) = self.steps.last_mut()
            && last.merge == step.merge
        {
            last.redo.extend(step.redo);
            // The newest edits are undone first.
            let mut undo = step.undo;
            undo.extend(std::mem::take(&mut last.undo));
            last.undo = undo;
            return;
        }
        self.steps.truncate(self.cursor);
        if self.clean.is_some_and(|c| c > self.cursor) {
            self.clean = None;
        }
        self.steps.push(step);
        self.cursor += 1;
    }

    /// Undoes the last applied step; returns its label.
    pub fn undo(&mut self, scenario: &mut Scenario) -> Option<String> {
        let step = self.steps.get(self.cursor.checked_sub(1)?)?;
        apply_all(scenario, &step.undo)?;
        self.cursor -= 1;
        Some(step.label.clone())
    }

    /// Redoes the next step; returns its label.
    pub fn redo(&mut self, scenario: &mut Scenario) -> Option<String> {
        let step = self.steps.get(self.cursor)?;
        apply_all(scenario, &step.redo)?;
        self.cursor += 1;
        Some(step.label.clone())
    }

    /// Undoes or redoes until `cursor` steps are applied.
    pub fn jump_to(&mut self, scenario: &mut Scenario, cursor: usize) {
        while self.cursor > cursor && self.undo(scenario).is_some() {}
        while self.cursor < cursor.min(self.steps.len()) && self.redo(scenario).is_some() {}
    }

    /// The label of the step Undo would undo.
    #[must_use]
    pub fn undo_label(&self) -> Option<&str> {
        self.cursor.checked_sub(1).and_then(|i| self.steps.get(i)).map(|s| s.label.as_str())
    }

    /// The label of the step Redo would redo.
    #[must_use]
    pub fn redo_label(&self) -> Option<&str> {
        self.steps.get(self.cursor).map(|s| s.label.as_str())
    }

    /// Every step's label, oldest first.
    pub fn labels(&self) -> impl Iterator<Item = &str> {
        self.steps.iter().map(|s| s.label.as_str())
    }

    /// How many steps are applied.
    #[must_use]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether the document differs from what was last saved.
    #[must_use]
    pub fn is_modified(&self) -> bool {
        self.clean != Some(self.cursor)
    }

    /// Whether the current state is the saved one.
    #[must_use]
    pub fn is_at_clean(&self) -> bool {
        self.clean == Some(self.cursor)
    }

    /// Marks the current state as saved.
    pub fn mark_clean(&mut self) {
        self.clean = Some(self.cursor);
    }

    /// Notes that the current state is saved nowhere (work brought back from a recovery
    /// file).
    pub fn mark_unsaved(&mut self) {
        self.clean = None;
    }
}
