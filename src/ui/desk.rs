//! The open document as the window's shell sees it, whatever its game: a desk per game
//! system (`ui::swat`, `ui::skirm`), each holding its document, editor and playtest, and the
//! few things the shell asks of every desk (name, file text, modified flag, undo, symmetry).
//! Adding a game to the window is its desk folder and one arm in each match here.

use super::skirm::SkirmDesk;
use super::swat::SwatDesk;
use crate::board::Symmetry;
use crate::game::OpenScenario;
use egui::Color32;
use std::path::{Path, PathBuf};

/// The open document and its game's editing state.
pub enum Desk {
    /// A Skirmish Wars scenario.
    Swat(Box<SwatDesk>),
    /// A Skirm scenario.
    Skirm(Box<SkirmDesk>),
}

impl Desk {
    /// The game's name, shown beside the scenario's in the menu bar.
    #[must_use]
    pub fn game(&self) -> &'static str {
        match self {
            Desk::Swat(_) => "Skirmish Wars",
            Desk::Skirm(_) => "Skirm",
        }
    }

    /// The scenario's title.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Desk::Swat(d) => &d.editor.doc.scenario.name,
            Desk::Skirm(d) => &d.editor.doc.scenario.name,
        }
    }

    /// Where the document was last saved or opened from.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            Desk::Swat(d) => d.editor.doc.path.as_deref(),
            Desk::Skirm(d) => d.editor.doc.path.as_deref(),
        }
    }

    /// Whether the document has unsaved changes.
    #[must_use]
    pub fn is_modified(&self) -> bool {
        match self {
            Desk::Swat(d) => d.editor.doc.is_modified(),
            Desk::Skirm(d) => d.editor.doc.is_modified(),
        }
    }

    /// The document in its file form.
    ///
    /// # Errors
    /// It cannot be written (a name its ruleset does not know).
    pub fn text(&self) -> Result<String, String> {
        match self {
            Desk::Swat(d) => d.text(),
            Desk::Skirm(d) => d.text(),
        }
    }

    /// Notes that the document as it stands was saved to `path`.
    pub fn saved_to(&mut self, path: &Path) {
        let path: PathBuf = path.to_path_buf();
        match self {
            Desk::Swat(d) => {
                d.editor.doc.path = Some(path);
                d.editor.doc.history.mark_clean();
            }
            Desk::Skirm(d) => {
                d.editor.doc.path = Some(path);
                d.editor.doc.history.mark_clean();
            }
        }
    }

    /// Notes that the document is saved nowhere (work brought back from a recovery file).
    pub fn mark_unsaved(&mut self) {
        match self {
            Desk::Swat(d) => d.editor.doc.history.mark_unsaved(),
            Desk::Skirm(d) => d.editor.doc.history.mark_unsaved(),
        }
    }

    /// Undoes the newest step; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        match self {
            Desk::Swat(d) => d.editor.doc.undo(),
            Desk::Skirm(d) => d.editor.doc.undo(),
        }
    }

    /// Redoes the newest undone step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        match self {
            Desk::Swat(d) => d.editor.doc.redo(),
            Desk::Skirm(d) => d.editor.doc.redo(),
        }
    }

    /// The labels of the steps undo and redo would take.
    #[must_use]
    pub fn undo_redo_labels(&self) -> (Option<&str>, Option<&str>) {
        match self {
            Desk::Swat(d) => (d.editor.doc.history.undo_label(), d.editor.doc.history.redo_label()),
            Desk::Skirm(d) => (d.editor.doc.history.undo_label(), d.editor.doc.history.redo_label()),
        }
    }

    /// The symmetry echoed while painting.
    #[must_use]
    pub fn symmetry(&self) -> Option<Symmetry> {
        match self {
            Desk::Swat(d) => d.editor.symmetry,
            Desk::Skirm(d) => d.editor.symmetry,
        }
    }

    /// Chooses the symmetry echoed while painting.
    pub fn set_symmetry(&mut self, symmetry: Option<Symmetry>) {
        match self {
            Desk::Swat(d) => d.editor.set_symmetry(symmetry),
            Desk::Skirm(d) => d.editor.set_symmetry(symmetry),
        }
    }

    /// What the editor has to tell the status bar, once.
    pub fn take_feedback(&mut self) -> Option<String> {
        match self {
            Desk::Swat(d) => d.editor.take_feedback(),
            Desk::Skirm(d) => d.editor.take_feedback(),
        }
    }

    /// Whether a playtest is under way.
    #[must_use]
    pub fn in_playtest(&self) -> bool {
        match self {
            Desk::Swat(d) => d.play.is_some(),
            Desk::Skirm(d) => d.play.is_some(),
        }
    }

    /// The board's width and height in squares, and its tile size (1 where it has no tiles).
    #[must_use]
    pub fn board_size(&self) -> (u16, u16, u8) {
        match self {
            Desk::Swat(d) => {
                let s = &d.editor.doc.scenario;
                (s.board.width, s.board.height, s.tile_size)
            }
            Desk::Skirm(d) => {
                let board = &d.editor.doc.scenario.board;
                (board.width, board.height, 1)
            }
        }
    }

    /// Whether the latest findings hold an error.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        match self {
            Desk::Swat(d) => d.has_errors(),
            Desk::Skirm(d) => d.has_errors(),
        }
    }

    /// A colour per square, row by row, for miniatures.
    #[must_use]
    pub fn miniature(&self) -> Vec<Color32> {
        match self {
            Desk::Swat(d) => d.miniature(),
            Desk::Skirm(d) => d.miniature(),
        }
    }

    /// The document as its game system's scenario, for what goes through the seam (export).
    ///
    /// # Errors
    /// It cannot be written or read back.
    pub fn open_scenario(&self) -> Result<Box<dyn OpenScenario>, String> {
        match self {
            Desk::Swat(d) => Ok(d.open_scenario()),
            Desk::Skirm(d) => {
                let text = d.text()?;
                let system = crate::systems::system_of(&text)?;
                let rules = system.rules(None).map_err(|e| e.text)?;
                rules.open(&text).map_err(|e| e.to_string())
            }
        }
    }

    /// The Skirmish Wars desk, if that is what is open.
    #[must_use]
    pub fn swat(&self) -> Option<&SwatDesk> {
        if let Desk::Swat(d) = self { Some(d) } else { None }
    }

    /// The Skirmish Wars desk, if that is what is open.
    pub fn swat_mut(&mut self) -> Option<&mut SwatDesk> {
        if let Desk::Swat(d) = self { Some(d) } else { None }
    }

    /// The Skirm desk, if that is what is open.
    #[must_use]
    pub fn skirm(&self) -> Option<&SkirmDesk> {
        if let Desk::Skirm(d) = self { Some(d) } else { None }
    }

    /// The Skirm desk, if that is what is open.
    pub fn skirm_mut(&mut self) -> Option<&mut SkirmDesk> {
        if let Desk::Skirm(d) = self { Some(d) } else { None }
    }
}
