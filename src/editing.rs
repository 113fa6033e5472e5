//! The editing kernel every game's editor shares: one undo history of labelled steps with a
//! typed merge key and a clean mark (the "modified" flag follows the history, as Tiled derives
//! it from its undo stack). What a step holds is the game's own: a list of edits with their
//! inverses, or a copy of the document as it was. It also writes a copied selection as text
//! for the system clipboard and reads one back, refusing another game's.

/// What lets a change join the step before it instead of starting its own: a typed key, so
/// two gestures that happen to share a label ("Paint forest" twice) stay two steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MergeKey {
    /// One pointer gesture (a brush drag, a stamp and its tile record), numbered by the editor.
    Gesture(u64),
    /// Typing in one named field (the settings form, a squad's name): one step per run of
    /// edits, not one per letter.
    Field(&'static str, usize),
}

impl MergeKey {
    /// Typing in the scenario settings form.
    pub const SETTINGS: MergeKey = MergeKey::Field("settings", 0);
}

/// What one step changed, in the game's own terms.
pub trait Change<D> {
    /// Takes the step back on `document`; returns whether it could.
    fn undo(&mut self, document: &mut D) -> bool;
    /// Does the step again on `document`; returns whether it could.
    fn redo(&mut self, document: &mut D) -> bool;
    /// Joins a later change of the same gesture into this step.
    fn absorb(&mut self, later: Self);
}

/// A step that can be made from the whole document before it and after it: what the framework
/// records when it changes a part every game's scenario has (its art), whatever a game's own
/// steps are.
pub trait Whole<D>: Sized {
    /// The step from `before` to `after`.
    fn between(before: D, after: &D) -> Self;
}

/// A game's scenario as an open document shows it: its title.
pub trait Titled {
    /// The scenario's title.
    fn title(&self) -> &str;
}

/// An open scenario of any game with its undo history: what it is, where it is saved, and a
/// revision that counts every change so views know when to refresh what they derive. Each
/// game adds its own ways in (`apply_ops`, `change`) in its editing module.
#[derive(Debug, Clone)]
pub struct Document<S, C> {
    /// The scenario as it stands.
    pub scenario: S,
    /// Its undo history.
    pub history: History<C>,
    /// Where it was last saved or opened from.
    pub path: Option<std::path::PathBuf>,
    /// Counts every change.
    pub revision: u64,
}

impl<S, C: Change<S>> Document<S, C> {
    /// A document for a scenario that is not saved anywhere yet.
    #[must_use]
    pub fn new(scenario: S) -> Self {
        Self { scenario, history: History::new(), path: None, revision: 0 }
    }

    /// Whether there are unsaved changes.
    #[must_use]
    pub fn is_modified(&self) -> bool {
        self.history.is_modified()
    }

    /// Undoes the newest step; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        let label = self.history.undo(&mut self.scenario)?;
        self.revision += 1;
        Some(label)
    }

    /// Redoes the newest undone step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let label = self.history.redo(&mut self.scenario)?;
        self.revision += 1;
        Some(label)
    }

    /// Replaces the whole scenario with `after` as one step labelled `label`, undone as one.
    pub fn replace_whole(&mut self, label: &str, after: S)
    where
        C: Change<S> + Whole<S>,
    {
        let before = std::mem::replace(&mut self.scenario, after);
        let step = C::between(before, &self.scenario);
        self.history.record::<S>(label, None, step);
        self.revision += 1;
    }

    /// Moves through the history to the state after `cursor` steps.
    pub fn jump_to(&mut self, cursor: usize) {
        self.history.jump_to(&mut self.scenario, cursor);
        self.revision += 1;
    }
}

/// What the window asks of any game's open document: its title, where it is saved, its
/// revision and its undo history.
pub trait EditedDocument {
    /// The scenario's title.
    fn title(&self) -> &str;
    /// Where it was last saved or opened from.
    fn path(&self) -> Option<&std::path::Path>;
    /// Notes that it was saved to `path` as it stands.
    fn saved_to(&mut self, path: std::path::PathBuf);
    /// Notes that it is saved nowhere (work brought back from a recovery file).
    fn mark_unsaved(&mut self);
    /// Counts every change, so views know when to refresh what they derive.
    fn revision(&self) -> u64;
    /// Whether it differs from what was last saved.
    fn is_modified(&self) -> bool;
    /// Undoes the newest step; returns its label.
    fn undo(&mut self) -> Option<String>;
    /// Redoes the newest undone step; returns its label.
    fn redo(&mut self) -> Option<String>;
    /// The labels of the steps undo and redo would take.
    fn undo_redo_labels(&self) -> (Option<&str>, Option<&str>);
    /// The background image under the board, if any.
    fn backdrop(&self) -> Option<&crate::art::Backdrop>;
    /// The designer's images per kind, logo and cover.
    fn art(&self) -> &crate::art::ArtBook;
    /// Gives the scenario another background and other art, as one undoable step labelled
    /// `label`.
    fn set_art(&mut self, label: &str, backdrop: Option<crate::art::Backdrop>, art: crate::art::ArtBook);
}

impl<S: Titled + crate::art::WithArt + Clone, C: Change<S> + Whole<S>> EditedDocument for Document<S, C> {
    fn backdrop(&self) -> Option<&crate::art::Backdrop> {
        self.scenario.backdrop()
    }

    fn art(&self) -> &crate::art::ArtBook {
        self.scenario.art()
    }

    fn set_art(&mut self, label: &str, backdrop: Option<crate::art::Backdrop>, art: crate::art::ArtBook) {
        let after = self.scenario.with_art(backdrop, art);
        self.replace_whole(label, after);
    }

    fn title(&self) -> &str {
        self.scenario.title()
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

/// One undoable step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step<C> {
    /// What it did, for "Undo Paint forest" and the history panel.
    pub label: String,
    /// Later changes with the same key join this step while it is the newest.
    pub merge: Option<MergeKey>,
    /// What it changed.
    pub change: C,
}

/// Labelled steps with a cursor: steps before the cursor are applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History<C> {
    steps: Vec<Step<C>>,
    cursor: usize,
    /// The cursor position at the last save; `None` once that state can no longer be reached.
    clean: Option<usize>,
    /// The newest step was undone, redone or saved since it was recorded: nothing joins it.
    sealed: bool,
}

impl<C> Default for History<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C> History<C> {
    /// An empty history whose current state is the saved one.
    #[must_use]
    pub fn new() -> Self {
        Self { steps: Vec::new(), cursor: 0, clean: Some(0), sealed: false }
    }

    /// Records a step already applied to the document; anything that could be redone is gone.
    /// A step whose merge key is the newest step's joins it, unless that step was undone,
    /// redone or saved since: after a save mid-drag the rest of the gesture is a step of its
    /// own, so undo goes back exactly to what was saved.
    pub fn record<D>(&mut self, label: &str, merge: Option<MergeKey>, change: C)
    where
        C: Change<D>,
    {
        if merge.is_some()
            && !self.sealed
            && self.cursor == self.steps.len()
            && self.clean != Some(self.cursor)
            && let Some(last) = self.steps.last_mut()
            && last.merge == merge
        {
            last.change.absorb(change);
            return;
        }
        self.steps.truncate(self.cursor);
        if self.clean.is_some_and(|c| c > self.cursor) {
            self.clean = None;
        }
        self.steps.push(Step { label: label.to_owned(), merge, change });
        self.cursor += 1;
        self.sealed = false;
    }

    /// Undoes the last applied step on `document`; returns its label.
    pub fn undo<D>(&mut self, document: &mut D) -> Option<String>
    where
        C: Change<D>,
    {
        let step = self.steps.get_mut(self.cursor.checked_sub(1)?)?;
        if !step.change.undo(document) {
            return None;
        }
        self.cursor -= 1;
        self.sealed = true;
        Some(step.label.clone())
    }

    /// Redoes the next step on `document`; returns its label.
    pub fn redo<D>(&mut self, document: &mut D) -> Option<String>
    where
        C: Change<D>,
    {
        let step = self.steps.get_mut(self.cursor)?;
        if !step.change.redo(document) {
            return None;
        }
        self.cursor += 1;
        self.sealed = true;
        Some(step.label.clone())
    }

    /// Undoes or redoes until `cursor` steps are applied.
    pub fn jump_to<D>(&mut self, document: &mut D, cursor: usize)
    where
        C: Change<D>,
    {
        while self.cursor > cursor && self.undo(document).is_some() {}
        while self.cursor < cursor.min(self.steps.len()) && self.redo(document).is_some() {}
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

    /// Marks the current state as saved; the next change starts a step of its own.
    pub fn mark_clean(&mut self) {
        self.clean = Some(self.cursor);
    }

    /// Notes that the current state is saved nowhere (work brought back from a recovery
    /// file).
    pub fn mark_unsaved(&mut self) {
        self.clean = None;
    }
}

/// A step that keeps a whole copy of the document from before it: undo and redo swap it with
/// the document, so they are exact for every layer at once. For documents small enough to
/// copy per step (a Skirm battle map is at most 30 x 30 squares).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot<D>(pub D);

impl<D> Whole<D> for Snapshot<D> {
    /// The copy from before; the document holds the after.
    fn between(before: D, _after: &D) -> Self {
        Snapshot(before)
    }
}

impl<D> Change<D> for Snapshot<D> {
    fn undo(&mut self, document: &mut D) -> bool {
        std::mem::swap(&mut self.0, document);
        true
    }

    fn redo(&mut self, document: &mut D) -> bool {
        std::mem::swap(&mut self.0, document);
        true
    }

    /// The step keeps the document from before its first change.
    fn absorb(&mut self, _later: Self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(history: &mut History<Snapshot<i32>>, doc: &mut i32, to: i32, merge: Option<MergeKey>) {
        let before = std::mem::replace(doc, to);
        history.record(&format!("set {to}"), merge, Snapshot(before));
    }

    #[test]
    fn a_gesture_is_one_step_and_a_save_mid_gesture_splits_it() {
        let (mut history, mut doc) = (History::new(), 0);
        let drag = Some(MergeKey::Gesture(1));
        change(&mut history, &mut doc, 1, drag);
        change(&mut history, &mut doc, 2, drag);
        assert_eq!(history.labels().count(), 1);
        history.mark_clean();
        change(&mut history, &mut doc, 3, drag);
        assert_eq!(history.labels().count(), 2, "the rest of the drag after a save is its own step");
        assert_eq!(history.undo(&mut doc).as_deref(), Some("set 3"));
        assert_eq!(doc, 2);
        assert!(!history.is_modified());
        assert_eq!(history.undo(&mut doc).as_deref(), Some("set 1"));
        assert_eq!(doc, 0);
        assert!(history.redo(&mut doc).is_some() && history.redo(&mut doc).is_some());
        assert_eq!(doc, 3);
    }

    #[test]
    fn nothing_joins_a_redone_step_and_undoing_past_the_save_loses_the_clean_mark() {
        let (mut history, mut doc) = (History::new(), 0);
        let field = Some(MergeKey::SETTINGS);
        change(&mut history, &mut doc, 1, field);
        history.undo(&mut doc);
        history.redo(&mut doc);
        change(&mut history, &mut doc, 2, field);
        assert_eq!(history.labels().count(), 2, "a change after a redo starts its own step");
        history.mark_clean();
        history.jump_to(&mut doc, 0);
        change(&mut history, &mut doc, 9, field);
        assert!(history.is_modified());
        history.jump_to(&mut doc, 0);
        assert!(history.is_modified(), "the saved state can no longer be reached");
    }
}

/// The head every studio selection on the system clipboard starts with.
const SELECTION_HEAD: &str = "StudioSelection";

/// The most text read back as a selection: a pasted text past this is refused unread.
const MOST_SELECTION_BYTES: usize = 4 << 20;

/// A copied selection as the system clipboard holds it: the game's id and the selection in
/// the game's own scenario format.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "StudioSelection")]
struct Selection<T> {
    system: String,
    content: T,
}

/// Only the game a selection belongs to, read before its content.
#[derive(serde::Deserialize)]
#[serde(rename = "StudioSelection")]
struct SelectionGame {
    system: String,
}

/// A game's copied selection as text for the system clipboard, so another window of the
/// studio (or any program) can take it.
///
/// # Errors
/// When the selection cannot be written.
pub fn selection_text<T: serde::Serialize>(system: &str, content: &T) -> Result<String, String> {
    let selection = Selection { system: system.to_owned(), content };
    ron::ser::to_string_pretty(&selection, ron::ser::PrettyConfig::default().struct_names(true))
        .map_err(|e| format!("the selection could not be written: {e}"))
}

/// A selection of game `system` read from pasted text: `Ok(None)` when the text is no studio
/// selection (text copied elsewhere, for whatever else takes it). `name_of` turns a game's id
/// into its name for the refusal.
///
/// # Errors
/// Another game's selection, naming both games, or a damaged one, saying where.
pub fn read_selection<T: serde::de::DeserializeOwned>(
    text: &str,
    system: &str,
    name_of: &dyn Fn(&str) -> String,
) -> Result<Option<T>, String> {
    if !text.trim_start().starts_with(SELECTION_HEAD) {
        return Ok(None);
    }
    if text.len() > MOST_SELECTION_BYTES {
        return Err(format!(
            "the pasted selection is {} bytes, past the {MOST_SELECTION_BYTES} a selection may hold",
            text.len()
        ));
    }
    let damaged = |e: ron::error::SpannedError| {
        format!(
            "the pasted selection is damaged at line {}, column {}: {}",
            e.span.start.line, e.span.start.col, e.code
        )
    };
    let game: SelectionGame = ron::from_str(text).map_err(damaged)?;
    if game.system != system {
        let ours = name_of(system);
        let article = if ours.starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" };
        return Err(format!(
            "The clipboard holds a selection from {}; {article} {ours} scenario cannot take it.",
            name_of(&game.system)
        ));
    }
    let selection: Selection<T> = ron::from_str(text).map_err(damaged)?;
    Ok(Some(selection.content))
}
