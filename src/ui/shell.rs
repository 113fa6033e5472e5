//! What the window's shell keeps between frames besides the open desk: the preferences, the
//! dialog over the window (with what waits on it), the new-scenario form of each game, and a
//! file name made from a title. Plain data, shared by the shell and the desks.

use super::commands::ViewToggle;
use egui::Ui;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Preferences kept between runs.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Most recent first.
    pub recent_files: Vec<PathBuf>,
    /// Grid lines, coordinates and tile boundaries.
    pub show_grid: bool,
    /// The "who reaches first" overlay.
    pub show_race: bool,
    /// Side panels.
    pub show_inspector: bool,
    /// Scenario settings panel.
    pub show_settings: bool,
    /// Diagnostics panel.
    pub show_diagnostics: bool,
    /// Statistics panel.
    pub show_statistics: bool,
    /// History panel.
    pub show_history: bool,
    /// Minimap panel.
    pub show_minimap: bool,
    /// Balance panel.
    pub show_balance: bool,
    /// The left column (palette, library, units).
    pub show_tool_column: bool,
    /// The right column (inspector, findings, log).
    pub show_side_column: bool,
    /// Ask for paths with the studio's own dialog, not the system's.
    pub own_file_dialog: bool,
    /// How large the whole window draws (1: the default, text at least 12 px).
    pub ui_scale: f32,
}

impl Prefs {
    /// Whether a panel or overlay is shown.
    #[must_use]
    pub fn shown(&self, toggle: ViewToggle) -> bool {
        match toggle {
            ViewToggle::Grid => self.show_grid,
            ViewToggle::RaceOverlay => self.show_race,
            ViewToggle::Inspector => self.show_inspector,
            ViewToggle::Settings => self.show_settings,
            ViewToggle::Diagnostics => self.show_diagnostics,
            ViewToggle::Statistics => self.show_statistics,
            ViewToggle::History => self.show_history,
            ViewToggle::Minimap => self.show_minimap,
            ViewToggle::Balance => self.show_balance,
            ViewToggle::ToolColumn => self.show_tool_column,
            ViewToggle::SideColumn => self.show_side_column,
        }
    }

    /// The flag that shows a panel or overlay.
    pub fn shown_mut(&mut self, toggle: ViewToggle) -> &mut bool {
        match toggle {
            ViewToggle::Grid => &mut self.show_grid,
            ViewToggle::RaceOverlay => &mut self.show_race,
            ViewToggle::Inspector => &mut self.show_inspector,
            ViewToggle::Settings => &mut self.show_settings,
            ViewToggle::Diagnostics => &mut self.show_diagnostics,
            ViewToggle::Statistics => &mut self.show_statistics,
            ViewToggle::History => &mut self.show_history,
            ViewToggle::Minimap => &mut self.show_minimap,
            ViewToggle::Balance => &mut self.show_balance,
            ViewToggle::ToolColumn => &mut self.show_tool_column,
            ViewToggle::SideColumn => &mut self.show_side_column,
        }
    }
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            recent_files: Vec::new(),
            show_grid: true,
            show_race: false,
            show_inspector: true,
            show_settings: false,
            show_diagnostics: true,
            show_statistics: false,
            show_history: false,
            show_minimap: true,
            show_balance: false,
            show_tool_column: true,
            show_side_column: true,
            own_file_dialog: false,
            ui_scale: 1.0,
        }
    }
}

/// A dialog over the window.
#[derive(Debug, Clone)]
pub enum Modal {
    /// Unsaved work would be lost by `then`.
    Unsaved(Pending),
    /// New scenario form.
    NewScenario(NewForm),
    /// The open desk's own dialog (a game's resize or replace form, say).
    Desk,
    /// Work found in the recovery file.
    Recover(Recovered),
    /// Command palette with its filter.
    CommandPalette(String),
    /// A message.
    Message(String),
    /// Another program changed the open file: reload, keep the window's version, or compare.
    DiskChanged(DiskChanged),
}

/// The prompt about the open file changed on disk.
#[derive(Debug, Clone)]
pub struct DiskChanged {
    /// What changed.
    pub change: super::disk_copy::DiskChange,
    /// The comparison of the two versions is shown.
    pub comparing: bool,
}

/// Unsaved work found in the recovery file.
#[derive(Debug, Clone)]
pub struct Recovered {
    /// The scenario's title.
    pub name: String,
    /// The file's text, which names its game.
    pub text: String,
    /// The file the work was last saved to or opened from, if any: saving goes back there.
    pub path: Option<PathBuf>,
}

/// What waits for the unsaved-work prompt.
#[derive(Debug, Clone)]
pub enum Pending {
    /// Start a new scenario: its file text, which names its game.
    New(String),
    /// Open a file.
    Open(PathBuf),
    /// Ask for a file to open.
    OpenDialog,
    /// Close the window.
    Quit,
}

/// The new-scenario form: the game chosen (its index in `ui::DESKS`) and that game's form.
pub struct NewForm {
    /// The game it is for, as an index into the registry.
    pub game: usize,
    /// That game's own fields.
    pub form: Box<dyn NewScenarioForm>,
    /// A generated start instead of the form's blank scenario.
    pub generated: Option<Box<super::generate_form::GeneratedStart>>,
}

impl Clone for NewForm {
    fn clone(&self) -> Self {
        Self { game: self.game, form: self.form.clone_box(), generated: self.generated.clone() }
    }
}

impl std::fmt::Debug for NewForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewForm").field("game", &self.game).finish_non_exhaustive()
    }
}

/// A new scenario's form for one game: what the New scenario dialog shows once the game is
/// chosen.
pub trait NewScenarioForm: Send {
    /// Draws the form's fields.
    fn ui(&mut self, ui: &mut Ui);
    /// The new scenario in its file form.
    ///
    /// # Errors
    /// It cannot be made.
    fn create(&self) -> Result<String, String>;
    /// A copy, for the dialog state.
    fn clone_box(&self) -> Box<dyn NewScenarioForm>;
}

/// A file name made from a title.
#[must_use]
pub fn slug(name: &str) -> String {
    let slug: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    let slug = slug.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-");
    if slug.is_empty() { "scenario".into() } else { slug }
}

/// The key the preferences are stored under.
pub const PREFS_KEY: &str = "skirmish-studio-prefs";
