//! The undo history of a Skirm document: each step keeps the scenario as it was before, so
//! undo and redo are exact for every layer (squares, heights, edges, squads) at once. A
//! battle map has at most 30 x 30 squares, so a copy per step costs little.

use super::super::scenario::SkirmScenario;

/// What joins steps into one: every gesture on the map gets its own key, and a field typed
/// letter by letter keeps one key while the user stays in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MergeKey {
    /// One press-drag-release on the map.
    Gesture(u64),
    /// Editing one named field (the scenario's title, a squad's name).
    Field(&'static str, usize),
}

#[derive(Debug, Clone)]
struct Step {
    label: String,
    merge: Option<MergeKey>,
    before: SkirmScenario,
}

/// The steps behind and ahead of the scenario as it stands.
#[derive(Debug, Clone, Default)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<(String, SkirmScenario)>,
    /// How many steps were behind when the file was last saved; `None` when that state can
    /// no longer be reached (it was undone and something else was done).
    clean_at: Option<usize>,
}

impl History {
    /// An empty history of a document as saved.
    #[must_use]
    pub fn new() -> Self {
        Self { undo: Vec::new(), redo: Vec::new(), clean_at: Some(0) }
    }

    /// Records a change made to a scenario that was `before`. A change with the same merge key
    /// as the newest step joins it (its `before` stays the one of the first change), unless
    /// steps were undone since (the change then replaces them) or the newest step is what was
    /// saved (the rest of a gesture after a save is its own step).
    pub fn record(&mut self, label: &str, merge: Option<MergeKey>, before: SkirmScenario) {
        let joins = merge.is_some()
            && self.redo.is_empty()
            && self.clean_at != Some(self.undo.len())
            && self.undo.last().is_some_and(|top| top.merge == merge);
        if joins {
            return;
        }
        self.redo.clear();
        // The saved state lay among the steps just dropped: it can no longer be reached.
        if self.clean_at.is_some_and(|at| at > self.undo.len()) {
            self.clean_at = None;
        }
        self.undo.push(Step { label: label.to_owned(), merge, before });
    }

    /// Puts the scenario back as it was before the newest step; returns the step's label.
    pub fn undo(&mut self, scenario: &mut SkirmScenario) -> Option<String> {
        let step = self.undo.pop()?;
        let after = std::mem::replace(scenario, step.before);
        self.redo.push((step.label.clone(), after));
        Some(step.label)
    }

    /// Does the newest undone step again; returns its label.
    pub fn redo(&mut self, scenario: &mut SkirmScenario) -> Option<String> {
        let (label, after) = self.redo.pop()?;
        let before = std::mem::replace(scenario, after);
        // A redone step never merges with what comes next.
        self.undo.push(Step { label: label.clone(), merge: None, before });
        Some(label)
    }

    /// The label of the step undo would take back.
    #[must_use]
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.label.as_str())
    }

    /// The label of the step redo would do again.
    #[must_use]
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|(label, _)| label.as_str())
    }

    /// Whether the scenario differs from the last save.
    #[must_use]
    pub fn is_modified(&self) -> bool {
        self.clean_at != Some(self.undo.len())
    }

    /// Notes that the scenario as it stands was saved; the next change starts a new step, so
    /// the rest of a gesture under way is recorded apart from what was saved.
    pub fn mark_clean(&mut self) {
        self.clean_at = Some(self.undo.len());
    }

    /// Notes that the scenario as it stands is saved nowhere (work brought back from a
    /// recovery file).
    pub fn mark_unsaved(&mut self) {
        self.clean_at = None;
    }
}
