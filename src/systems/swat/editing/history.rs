//! The Skirmish Wars undo history: the shared editing kernel's history whose steps are lists
//! of document edits with their inverses.

use crate::editing::Change;
pub use crate::editing::MergeKey;
use crate::systems::swat::scenario::{Edit, Scenario, apply_all};

/// What one step did: the edits, and the edits that take them back.
#[derive(Debug, Clone, PartialEq)]
pub struct Edits {
    /// The edits that did it, in order.
    pub redo: Vec<Edit>,
    /// The edits that undo it, in order.
    pub undo: Vec<Edit>,
}

impl crate::editing::Whole<Scenario> for Edits {
    /// Replacing the whole scenario, and back.
    fn between(before: Scenario, after: &Scenario) -> Self {
        Edits { redo: vec![Edit::Replace(Box::new(after.clone()))], undo: vec![Edit::Replace(Box::new(before))] }
    }
}

impl Change<Scenario> for Edits {
    fn undo(&mut self, scenario: &mut Scenario) -> bool {
        apply_all(scenario, &self.undo).is_some()
    }

    fn redo(&mut self, scenario: &mut Scenario) -> bool {
        apply_all(scenario, &self.redo).is_some()
    }

    fn absorb(&mut self, later: Self) {
        self.redo.extend(later.redo);
        // The newest edits are undone first.
        let mut undo = later.undo;
        undo.extend(std::mem::take(&mut self.undo));
        self.undo = undo;
    }
}

/// Labelled steps of edits with a cursor and a clean mark.
pub type History = crate::editing::History<Edits>;
