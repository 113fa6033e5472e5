//! The editor window: state, frame layout, commands, file handling, autosave and dialogs. The
//! canvas and the side panels are drawn by their own modules.

use super::commands::{Menu, UiCommand, ViewToggle, shortcut_order};
use super::dialogs::{FileDialogs, NativeDialogs};
use crate::systems::swat::editing::{Document, Editor, Paint};
use crate::systems::swat::rules::{Pos, Ruleset, TerrainId};
use crate::systems::swat::scenario::{
    Finding, Scenario, SquareMap, Statistics, Symmetry, builtin_tiles, has_errors, import_awbw, load_scenario,
    save_scenario, statistics, validate,
};
use egui::{Context, RichText, Ui};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The sample scenario shown the first time the studio opens.
pub const FIRST_RUN_SAMPLE: &str = include_str!("../../scenarios/bridgehead.ron");

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
        }
    }
}

/// Pan and zoom of the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Screen offset of the board's top-left corner from the canvas's top-left corner.
    pub offset: egui::Vec2,
    /// Points per square.
    pub zoom: f32,
    /// Fit the board on the next frame.
    pub fit: bool,
    /// The map's area when the board was last fitted.
    pub fit_area: Option<egui::Vec2>,
}

/// A dialog over the window.
#[derive(Debug, Clone)]
pub enum Modal {
    /// Unsaved work would be lost by `then`.
    Unsaved(Pending),
    /// New scenario form.
    NewScenario(NewForm),
    /// Resize form: squares to add on the left, top, right, bottom (negative removes).
    Resize([i32; 4]),
    /// Replace all of one terrain by another.
    ReplaceAll(TerrainId, TerrainId),
    /// Work found in the recovery file.
    Recover(Recovered),
    /// Command palette with its filter.
    CommandPalette(String),
    /// A message.
    Message(String),
}

/// Unsaved work found in the recovery file, of either game.
#[derive(Debug, Clone)]
pub enum Recovered {
    /// A Skirmish Wars scenario.
    Swat(Box<Scenario>),
    /// A Skirm scenario.
    Skirm(Box<crate::systems::skirm::scenario::SkirmScenario>),
}

impl Recovered {
    /// The scenario's title.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Recovered::Swat(s) => &s.name,
            Recovered::Skirm(s) => &s.name,
        }
    }
}

/// The game a new scenario is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewGame {
    /// Skirmish Wars: Advance Tactics.
    Swat,
    /// Skirm.
    Skirm,
}

/// What waits for the unsaved-work prompt.
#[derive(Debug, Clone)]
pub enum Pending {
    /// Start a new scenario.
    New(Box<Scenario>),
    /// Start a new Skirm scenario.
    NewSkirm(Box<crate::systems::skirm::scenario::SkirmScenario>),
    /// Open a file.
    Open(PathBuf),
    /// Ask for a file to open.
    OpenDialog,
    /// Close the window.
    Quit,
}

/// The new-scenario form.
#[derive(Debug, Clone)]
pub struct NewForm {
    /// The game it is for.
    pub game: NewGame,
    /// Squares across.
    pub width: u16,
    /// Squares down.
    pub height: u16,
    /// Players.
    pub players: usize,
    /// Tile size.
    pub tile_size: u8,
    /// Fill terrain.
    pub fill: TerrainId,
    /// Lay the board out from library tiles instead.
    pub from_tiles: bool,
}

/// How the app is set up: where its files go and how it asks for paths.
pub struct AppConfig {
    /// Folder for the recovery file; `None` disables autosave.
    pub data_dir: Option<PathBuf>,
    /// File dialogs.
    pub dialogs: Box<dyn FileDialogs>,
    /// Preferences from the last run.
    pub prefs: Prefs,
    /// A file to open instead of the most recent one.
    pub open: Option<PathBuf>,
}

impl AppConfig {
    /// The real thing: the user's data folder and native dialogs.
    #[must_use]
    pub fn native(prefs: Prefs, open: Option<PathBuf>) -> Self {
        let data_dir = directories::ProjectDirs::from("", "", "Skirmish Studio").map(|d| d.data_dir().to_path_buf());
        Self { data_dir, dialogs: Box::new(NativeDialogs), prefs, open }
    }
}

/// The editor application.
pub struct StudioApp {
    /// The document and the editing state around it.
    pub editor: Editor,
    /// Preferences.
    pub prefs: Prefs,
    /// Commands raised while the frame was built, run once it is done.
    pub queued: Vec<UiCommand>,
    /// Pan and zoom.
    pub view: View,
    /// The square under the cursor.
    pub hover: Option<Pos>,
    /// The status-bar message.
    pub status: String,
    /// The latest findings.
    pub findings: Vec<Finding>,
    /// The document revision the findings belong to.
    pub findings_revision: Option<u64>,
    /// When validation last ran and how long it took (seconds).
    pub validation_clock: (f64, f64),
    /// Statistics and the revision they belong to.
    pub stats: Option<(u64, Statistics)>,
    /// The dialog shown, if any.
    pub modal: Option<Modal>,
    /// File dialogs.
    pub dialogs: Box<dyn FileDialogs>,
    /// Folder of the recovery file.
    pub data_dir: Option<PathBuf>,
    /// Time of the last autosave.
    pub last_autosave: f64,
    /// The user has been told that autosave fails (told once until it works again).
    pub autosave_warned: bool,
    /// Centre the view on this square next frame.
    pub centre_on: Option<Pos>,
    /// The window may close: the user confirmed.
    pub allow_close: bool,
    /// Where the board was drawn last frame.
    pub placement: Option<super::view::Placement>,
    /// The symmetry report of the scenario's intended symmetry, for the revision it belongs to.
    pub asymmetries: Option<(
        u64,
        Symmetry,
        Result<Vec<crate::systems::swat::scenario::Asymmetry>, crate::systems::swat::scenario::SymmetryError>,
    )>,
    /// The window title last sent.
    pub last_title: String,
    /// The export dialog, when open.
    pub export: Option<super::export_dialog::ExportDialog>,
    /// The playtest under way, if any; the document is not touched by it.
    pub play: Option<super::play::PlayState>,
    /// While a unit is selected in a playtest: the square it would attack the hovered enemy
    /// from.
    pub hover_move_square: Option<Pos>,
    /// A validation running on a worker thread: the revision it checks and where its findings
    /// will arrive.
    pub validation_job: Option<(u64, ValidationResult)>,
    /// The Balance panel: its settings, the run under way and results per revision.
    pub balance: super::balance_panel::BalancePanel,
    /// The Skirm document, when the open scenario is a Skirm one (the Skirmish Wars editor
    /// then waits in the background).
    pub skirm: Option<Box<super::skirm::SkirmDesk>>,
}

/// Where a worker thread's findings (and the seconds they took) arrive.
pub type ValidationResult = std::sync::mpsc::Receiver<(Vec<Finding>, f64)>;

/// Seconds between autosaves of unsaved work.
pub const AUTOSAVE_SECONDS: f64 = 30.0;

impl StudioApp {
    /// The app, opening `config.open`, else the most recent file, else the bundled sample, and
    /// offering back unsaved work found in the recovery file.
    #[must_use]
    pub fn new(rules: Arc<Ruleset>, config: AppConfig) -> Self {
        let tiles = builtin_tiles(&rules).unwrap_or_default();
        let sample = load_scenario(&rules, FIRST_RUN_SAMPLE)
            .unwrap_or_else(|_| Scenario::new(&rules, 18, 12, rules.terrain_id("plain").unwrap_or(TerrainId(0)), 2));
        let mut app = Self {
            editor: Editor::new(rules, tiles, Document::new(sample)),
            prefs: config.prefs,
            queued: Vec::new(),
            view: View { offset: egui::Vec2::ZERO, zoom: 32.0, fit: true, fit_area: None },
            hover: None,
            status: "Ready.".into(),
            findings: Vec::new(),
            findings_revision: None,
            validation_clock: (f64::NEG_INFINITY, 0.0),
            stats: None,
            modal: None,
            dialogs: config.dialogs,
            data_dir: config.data_dir,
            last_autosave: 0.0,
            autosave_warned: false,
            centre_on: None,
            allow_close: false,
            placement: None,
            validation_job: None,
            balance: super::balance_panel::BalancePanel::default(),
            play: None,
            export: None,
            last_title: String::new(),
            asymmetries: None,
            hover_move_square: None,
            skirm: None,
        };
        let first = config.open.or_else(|| app.prefs.recent_files.first().cloned());
        if let Some(path) = first {
            if let Err(message) = app.open_path(&path) {
                app.status = message;
            }
        } else {
            app.status = "Opened the sample scenario Bridgehead. Save it under a new name to keep your changes.".into();
        }
        match app.read_recovery() {
            Some(Ok(recovered)) => app.modal = Some(Modal::Recover(recovered)),
            Some(Err(message)) => {
                app.modal = Some(Modal::Message(format!(
                    "A recovery file of unsaved work was found but cannot be read, so it is left where it is: {message}"
                )));
            }
            None => {}
        }
        app
    }

    /// The window's title: file name and a star when modified.
    #[must_use]
    pub fn title(&self) -> String {
        let (path, name) = match &self.skirm {
            Some(desk) => (&desk.editor.doc.path, &desk.editor.doc.scenario.name),
            None => (&self.editor.doc.path, &self.editor.doc.scenario.name),
        };
        let name = path
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or_else(|| name.clone(), |n| n.to_string_lossy().into_owned());
        format!("{}{} - Skirmish Studio", name, if self.is_modified() { " *" } else { "" })
    }

    /// Whether the open document, of whichever game, has unsaved changes.
    #[must_use]
    pub fn is_modified(&self) -> bool {
        match &self.skirm {
            Some(desk) => desk.editor.doc.is_modified(),
            None => self.editor.doc.is_modified(),
        }
    }

    /// The open document in its file form.
    fn document_text(&self) -> Result<String, String> {
        match &self.skirm {
            Some(desk) => desk.text(),
            None => save_scenario(&self.editor.rules, &self.editor.doc.scenario),
        }
    }

    fn recovery_path(&self) -> Option<PathBuf> {
        self.data_dir.as_ref().map(|d| d.join("recovery.ron"))
    }

    /// The recovery file's scenario: `None` when there is none, a message when it is there
    /// but cannot be read (it is kept, so nothing is lost).
    fn read_recovery(&self) -> Option<Result<Recovered, String>> {
        let path = self.recovery_path()?;
        if !path.exists() {
            return None;
        }
        Some(crate::files::read_limited(&path).and_then(|text| {
            let skirm =
                crate::systems::system_of(&text).is_ok_and(|s| s.id() == crate::systems::skirm::scenario::SYSTEM_ID);
            let read = if skirm {
                super::skirm::read(&text).map(|s| Recovered::Skirm(Box::new(s)))
            } else {
                load_scenario(&self.editor.rules, &text)
                    .map(|s| Recovered::Swat(Box::new(s)))
                    .map_err(|e| e.to_string())
            };
            read.map_err(|e| format!("{}: {e}", path.display()))
        }))
    }

    /// Writes unsaved work to the recovery file (never over the user's own file); a failure
    /// is shown in the status bar and, the first time, in a message.
    pub fn autosave(&mut self, now: f64) {
        self.last_autosave = now;
        if !self.is_modified() {
            return;
        }
        let Some(path) = self.recovery_path() else {
            self.autosave_failed("no user data folder is known on this system".into());
            return;
        };
        let written = path
            .parent()
            .map_or(Ok(()), |dir| std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display())))
            .and_then(|()| self.document_text())
            .and_then(|text| crate::files::write_atomic(&path, text.as_bytes()));
        match written {
            Ok(()) => {
                self.autosave_warned = false;
                self.status = "Autosaved unsaved work to the recovery file.".into();
            }
            Err(message) => self.autosave_failed(message),
        }
    }

    fn autosave_failed(&mut self, message: String) {
        self.status = format!("Autosave failed: {message}. Save your work with Ctrl+S.");
        if !self.autosave_warned {
            self.autosave_warned = true;
            self.modal = Some(Modal::Message(format!(
                "Unsaved work could not be written to the recovery file: {message}. Save your work to a file of your own (Ctrl+S)."
            )));
        }
    }

    fn clear_recovery(&self) {
        if let Some(path) = self.recovery_path() {
            let _ = std::fs::remove_file(path);
        }
    }

    /// Opens a scenario or AWBW map file.
    ///
    /// # Errors
    /// A message saying what could not be read and where.
    pub fn open_path(&mut self, path: &Path) -> Result<(), String> {
        let text = crate::files::read_limited(path)?;
        let system = crate::systems::system_of(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if system.id() == crate::systems::skirm::scenario::SYSTEM_ID {
            let scenario = super::skirm::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut doc = crate::systems::skirm::editing::Document::new(scenario);
            doc.path = Some(path.to_path_buf());
            self.open_skirm(doc)?;
            self.remember(path);
            self.status = format!("Opened {}.", path.display());
            return Ok(());
        }
        let is_awbw = path.extension().is_some_and(|e| e == "json" || e == "csv" || e == "txt");
        let scenario = if is_awbw {
            let name = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            import_awbw(&self.editor.rules, &text, &name).map_err(|e| format!("{}: {e}", path.display()))?.scenario
        } else {
            load_scenario(&self.editor.rules, &text).map_err(|e| format!("{}: {e}", path.display()))?
        };
        let mut doc = Document::new(scenario);
        // An imported map is a new document: saving asks where.
        doc.path = (!is_awbw).then(|| path.to_path_buf());
        self.open_document(doc);
        self.remember(path);
        self.status = format!("Opened {}.", path.display());
        Ok(())
    }

    fn remember(&mut self, path: &Path) {
        self.prefs.recent_files.retain(|p| p != path);
        self.prefs.recent_files.insert(0, path.to_path_buf());
        self.prefs.recent_files.truncate(10);
    }

    /// Puts `doc` in the editor and forgets what was derived from the old one.
    fn open_document(&mut self, doc: Document) {
        self.skirm = None;
        self.play = None;
        self.editor.open(doc);
        self.view.fit = true;
        self.findings_revision = None;
        self.stats = None;
    }

    /// Puts a Skirm document in the window in place of what was open.
    ///
    /// # Errors
    /// Skirm's ruleset cannot be read.
    pub fn open_skirm(&mut self, doc: crate::systems::skirm::editing::Document) -> Result<(), String> {
        let desk = super::skirm::SkirmDesk::new(doc)?;
        self.skirm = Some(Box::new(desk));
        self.play = None;
        self.view.fit = true;
        Ok(())
    }

    /// Saves to `path` atomically.
    ///
    /// # Errors
    /// A message naming the file.
    pub fn save_to(&mut self, path: &Path) -> Result<(), String> {
        let text = self.document_text()?;
        crate::files::write_atomic(path, text.as_bytes())?;
        match self.skirm.as_mut() {
            Some(desk) => {
                desk.editor.doc.path = Some(path.to_path_buf());
                desk.editor.doc.history.mark_clean();
            }
            None => {
                self.editor.doc.path = Some(path.to_path_buf());
                self.editor.doc.history.mark_clean();
            }
        }
        self.clear_recovery();
        self.remember(path);
        self.status = format!("Saved {}.", path.display());
        Ok(())
    }

    fn save(&mut self, ask: bool) -> bool {
        let (known, name) = match &self.skirm {
            Some(desk) => (desk.editor.doc.path.clone(), desk.editor.doc.scenario.name.clone()),
            None => (self.editor.doc.path.clone(), self.editor.doc.scenario.name.clone()),
        };
        let path = match (known, ask) {
            (Some(path), false) => Some(path),
            _ => self.dialogs.save_file(&format!("{}.ron", slug(&name))),
        };
        let Some(path) = path else {
            self.status = "Not saved: no file was chosen (is a file dialog available on this system?).".into();
            return false;
        };
        match self.save_to(&path) {
            Ok(()) => true,
            Err(message) => {
                self.modal = Some(Modal::Message(format!("Could not save: {message}")));
                false
            }
        }
    }

    /// Runs `pending` now, or first asks about unsaved work.
    pub fn guard(&mut self, pending: Pending) {
        if self.is_modified() {
            self.modal = Some(Modal::Unsaved(pending));
        } else {
            self.proceed(pending);
        }
    }

    fn proceed(&mut self, pending: Pending) {
        match pending {
            Pending::New(scenario) => {
                self.open_document(Document::new(*scenario));
                self.status = "New scenario.".into();
            }
            Pending::NewSkirm(scenario) => {
                self.status = match self.open_skirm(crate::systems::skirm::editing::Document::new(*scenario)) {
                    Ok(()) => "New Skirm battle map: draw walls, paint heights, build the squads.".into(),
                    Err(message) => message,
                };
            }
            Pending::Open(path) => {
                if let Err(message) = self.open_path(&path) {
                    self.modal = Some(Modal::Message(format!("Could not open {message}")));
                }
            }
            Pending::OpenDialog => match self.dialogs.open_file() {
                Some(path) => self.proceed(Pending::Open(path)),
                None => {
                    self.status =
                        "Nothing opened: no file was chosen (is a file dialog available on this system?).".into()
                }
            },
            Pending::Quit => {
                self.clear_recovery();
                self.allow_close = true;
            }
        }
    }

    /// Saves from the unsaved-work prompt; returns whether it was saved.
    pub fn save_for_prompt(&mut self) -> bool {
        self.save(false)
    }

    /// Goes on with what the unsaved-work prompt held back.
    pub fn continue_after_prompt(&mut self, pending: Pending) {
        self.modal = None;
        self.proceed(pending);
    }

    /// Opens work from the recovery file as a modified, unsaved document.
    pub fn restore(&mut self, recovered: Recovered) {
        match recovered {
            Recovered::Swat(scenario) => {
                let mut doc = Document::new(self.editor.doc.scenario.clone());
                doc.replace("Restore unsaved work", *scenario);
                self.open_document(doc);
            }
            Recovered::Skirm(scenario) => {
                let mut doc = crate::systems::skirm::editing::Document::new(*scenario);
                // Not saved anywhere yet: marked modified, so it is not taken for saved work.
                doc.history.mark_unsaved();
                if let Err(message) = self.open_skirm(doc) {
                    self.status = message;
                    return;
                }
            }
        }
        self.status = "Restored unsaved work from the recovery file. Save it to keep it.".into();
    }

    /// Throws away the recovery file.
    pub fn discard_recovery(&mut self) {
        self.clear_recovery();
        self.status = "Discarded the recovered work.".into();
    }

    /// Asks for a command to run once the frame is built (menus, toolbar, palette and
    /// shortcuts all come here), so no command changes the state a panel is drawing from.
    pub fn queue(&mut self, command: UiCommand) {
        self.queued.push(command);
    }

    /// Runs the commands queued during the frame, in order.
    pub fn run_queued(&mut self, ctx: &Context) {
        for command in std::mem::take(&mut self.queued) {
            self.run(command, ctx);
        }
    }

    /// Carries out a command now.
    pub fn run(&mut self, command: UiCommand, ctx: &Context) {
        if self.skirm.is_some() {
            self.run_for_skirm(command);
            ctx.request_repaint();
            return;
        }
        if self.play.is_some() && !command.allowed_in_playtest() {
            self.status = format!("{} is not available during a playtest; leave it first (F5).", command.label());
            return;
        }
        let editor = &mut self.editor;
        match command {
            UiCommand::Export => {
                self.export = Some(super::export_dialog::ExportDialog::default());
            }
            UiCommand::Playtest => {
                if self.play.is_some() {
                    super::play::leave(self);
                } else {
                    super::play::start(self);
                }
            }
            UiCommand::New => {
                let plain = editor.rules.terrain_id("plain").unwrap_or(TerrainId(0));
                self.modal = Some(Modal::NewScenario(NewForm {
                    game: NewGame::Swat,
                    width: 24,
                    height: 18,
                    players: 2,
                    tile_size: 6,
                    fill: plain,
                    from_tiles: false,
                }));
            }
            UiCommand::Open => self.guard(Pending::OpenDialog),
            UiCommand::Save => {
                self.save(false);
            }
            UiCommand::SaveAs => {
                self.save(true);
            }
            UiCommand::Quit => self.guard(Pending::Quit),
            UiCommand::Undo => {
                self.status = match editor.doc.undo() {
                    Some(label) => format!("Undid {label}."),
                    None => "Nothing to undo.".into(),
                };
            }
            UiCommand::Redo => {
                self.status = match editor.doc.redo() {
                    Some(label) => format!("Redid {label}."),
                    None => "Nothing to redo.".into(),
                };
            }
            UiCommand::Copy => editor.copy_selection(false),
            UiCommand::Cut => editor.copy_selection(true),
            UiCommand::Paste => editor.paste(self.hover),
            UiCommand::DeleteSelection => editor.clear_selection(),
            UiCommand::RotateSelection => editor.transform_selection("Rotate selection", SquareMap::Turn90),
            UiCommand::FlipSelectionX => editor.transform_selection("Flip selection", SquareMap::FlipX),
            UiCommand::FlipSelectionY => editor.transform_selection("Flip selection", SquareMap::FlipY),
            UiCommand::ReplaceAll => {
                let from = editor
                    .selected
                    .filter(|p| editor.doc.scenario.contains(*p))
                    .map_or(TerrainId(0), |p| editor.doc.scenario.terrain_at(p));
                let to = match editor.paint {
                    Paint::Terrain(t) => t,
                    _ => TerrainId(0),
                };
                self.modal = Some(Modal::ReplaceAll(from, to));
            }
            UiCommand::Resize => self.modal = Some(Modal::Resize([0; 4])),
            UiCommand::UseTool(tool) => editor.tool = tool,
            UiCommand::BrushSize(size) => editor.brush_size = size,
            UiCommand::TurnStamp => editor.stamp_rotation = (editor.stamp_rotation + 1) % 4,
            UiCommand::Symmetry(symmetry) => editor.set_symmetry(symmetry),
            UiCommand::ZoomFit => self.view.fit = true,
            UiCommand::ZoomIn => self.view.zoom = (self.view.zoom * 1.25).min(160.0),
            UiCommand::ZoomOut => self.view.zoom = (self.view.zoom / 1.25).max(2.0),
            UiCommand::Toggle(toggle) => *self.prefs.shown_mut(toggle) ^= true,
            UiCommand::CommandPalette => self.modal = Some(Modal::CommandPalette(String::new())),
        }
        self.take_editor_feedback();
        ctx.request_repaint();
    }

    /// Carries out a command on the open Skirm document; those that only Skirmish Wars maps
    /// have say so.
    fn run_for_skirm(&mut self, command: UiCommand) {
        let Some(desk) = self.skirm.as_mut() else { return };
        if desk.play.is_some() && !command.allowed_in_playtest() {
            self.status = format!("{} is not available during a playtest; leave it first (F5).", command.label());
            return;
        }
        let editor = &mut desk.editor;
        match command {
            UiCommand::Export => self.export = Some(super::export_dialog::ExportDialog::for_skirm()),
            UiCommand::Playtest => super::skirm::toggle_playtest(self),
            UiCommand::New => {
                let plain = self.editor.rules.terrain_id("plain").unwrap_or(TerrainId(0));
                self.modal = Some(Modal::NewScenario(NewForm {
                    game: NewGame::Skirm,
                    width: 12,
                    height: 12,
                    players: 2,
                    tile_size: 6,
                    fill: plain,
                    from_tiles: false,
                }));
            }
            UiCommand::Open => self.guard(Pending::OpenDialog),
            UiCommand::Save => {
                self.save(false);
            }
            UiCommand::SaveAs => {
                self.save(true);
            }
            UiCommand::Quit => self.guard(Pending::Quit),
            UiCommand::Undo => {
                self.status = match editor.doc.undo() {
                    Some(label) => format!("Undid {label}."),
                    None => "Nothing to undo.".into(),
                };
            }
            UiCommand::Redo => {
                self.status = match editor.doc.redo() {
                    Some(label) => format!("Redid {label}."),
                    None => "Nothing to redo.".into(),
                };
            }
            UiCommand::Symmetry(symmetry) => editor.set_symmetry(symmetry),
            UiCommand::ZoomFit => self.view.fit = true,
            UiCommand::ZoomIn => self.view.zoom = (self.view.zoom * 1.25).min(160.0),
            UiCommand::ZoomOut => self.view.zoom = (self.view.zoom / 1.25).max(2.0),
            UiCommand::Toggle(toggle) => *self.prefs.shown_mut(toggle) ^= true,
            UiCommand::CommandPalette => self.modal = Some(Modal::CommandPalette(String::new())),
            other => {
                self.status = format!("{} works on Skirmish Wars maps; Skirm maps do not have it yet.", other.label());
            }
        }
        if let Some(message) = self.skirm.as_mut().and_then(|d| d.editor.take_feedback()) {
            self.status = message;
        }
    }

    /// Moves what the editor has to say to the status bar.
    pub fn take_editor_feedback(&mut self) {
        if let Some(message) = self.editor.take_feedback() {
            self.status = message;
        }
        if let Some(message) = self.skirm.as_mut().and_then(|d| d.editor.take_feedback()) {
            self.status = message;
        }
    }

    /// Brings the findings up to date without making a frame wait: a cheap validation (the
    /// last took under 4 ms) runs inline, at most every 100 ms during a drag; a costly one runs
    /// on a worker thread over a snapshot of the document, and its findings arrive a few
    /// frames later.
    pub fn refresh_derived(&mut self, ctx: &Context, now: f64) {
        if let Some((revision, receiver)) = &self.validation_job
            && let Ok((findings, took)) = receiver.try_recv()
        {
            self.findings = findings;
            self.findings_revision = Some(*revision);
            self.validation_clock = (now, took);
            self.validation_job = None;
        }
        if self.findings_revision == Some(self.editor.doc.revision) || self.validation_job.is_some() {
            return;
        }
        let (last, took) = self.validation_clock;
        if took < 0.004 {
            if self.editor.drag.is_some() && now - last < 0.1 {
                return;
            }
            let started = std::time::Instant::now();
            self.findings = validate(&self.editor.rules, &self.editor.doc.scenario);
            self.findings_revision = Some(self.editor.doc.revision);
            self.validation_clock = (now, started.elapsed().as_secs_f64());
            return;
        }
        let (sender, receiver) = std::sync::mpsc::channel();
        let (rules, scenario, ctx) = (Arc::clone(&self.editor.rules), self.editor.doc.scenario.clone(), ctx.clone());
        std::thread::spawn(move || {
            let started = std::time::Instant::now();
            let findings = validate(&rules, &scenario);
            let _ = sender.send((findings, started.elapsed().as_secs_f64()));
            ctx.request_repaint();
        });
        self.validation_job = Some((self.editor.doc.revision, receiver));
    }

    /// The statistics, computed when first needed for this revision.
    pub fn statistics(&mut self) -> &Statistics {
        let revision = self.editor.doc.revision;
        if self.stats.as_ref().is_some_and(|(r, _)| *r != revision) {
            self.stats = None;
        }
        let (rules, scenario) = (&self.editor.rules, &self.editor.doc.scenario);
        &self.stats.get_or_insert_with(|| (revision, statistics(rules, scenario))).1
    }

    /// The symmetry report for `symmetry`, computed once per document revision.
    pub fn asymmetries(
        &mut self,
        symmetry: Symmetry,
    ) -> Result<Vec<crate::systems::swat::scenario::Asymmetry>, crate::systems::swat::scenario::SymmetryError> {
        let revision = self.editor.doc.revision;
        match &self.asymmetries {
            Some((r, s, report)) if *r == revision && *s == symmetry => report.clone(),
            _ => {
                let report = crate::systems::swat::scenario::symmetry_report(&self.editor.doc.scenario, symmetry);
                self.asymmetries = Some((revision, symmetry, report.clone()));
                report
            }
        }
    }

    /// Whether the scenario has errors (which would block a playtest).
    #[must_use]
    pub fn has_errors(&self) -> bool {
        has_errors(&self.findings)
    }

    fn handle_shortcuts(&mut self, ctx: &Context) {
        if self.modal.is_some() {
            return;
        }
        let typing = ctx.egui_wants_keyboard_input();
        let mut fired = Vec::new();
        ctx.input_mut(|input| {
            for &(command, shortcut) in shortcut_order() {
                if typing && command.is_bare_key() {
                    continue;
                }
                if input.consume_shortcut(&shortcut) {
                    fired.push(command);
                }
            }
        });
        self.queued.extend(fired);
    }

    fn handle_dropped_files(&mut self, ctx: &Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).filter(|p| !p.as_os_str().is_empty()).collect()
        });
        if let Some(path) = dropped.into_iter().next() {
            self.guard(Pending::Open(path));
        }
    }

    /// Draws the whole window for one frame and handles its input, then runs the commands
    /// the frame raised.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.build_frame(ui);
        self.run_queued(&ctx);
        self.take_editor_feedback();
    }

    fn build_frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let now = ctx.input(|i| i.time);
        self.editor.overrule = ctx.input(|i| i.modifiers.alt);
        self.handle_shortcuts(&ctx);
        self.handle_dropped_files(&ctx);
        if self.last_autosave == 0.0 {
            self.last_autosave = now.max(f64::MIN_POSITIVE);
        } else if now - self.last_autosave >= AUTOSAVE_SECONDS {
            self.autosave(now);
        }
        if self.is_modified() && self.data_dir.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(AUTOSAVE_SECONDS));
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close && self.is_modified() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.modal = Some(Modal::Unsaved(Pending::Quit));
        }
        if self.allow_close {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        // Only when it changes: a viewport command every frame would keep the window repainting.
        let title = self.title();
        if self.last_title != title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.last_title = title;
        }

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        if self.skirm.is_some() {
            super::skirm::build_frame(self, ui);
            super::dialogs::modals(self, &ctx);
            super::export_dialog::show(self, &ctx);
            return;
        }
        if self.play.is_some() {
            super::play::advance(self);
            egui::Panel::top("play-toolbar").show(ui, |ui| super::play::toolbar(self, ui));
            egui::Panel::bottom("status").show(ui, |ui| super::panels::status_bar(self, ui));
            egui::Panel::left("players")
                .resizable(true)
                .default_size(250.0)
                .show(ui, |ui| super::play::players_panel(self, ui));
            egui::Panel::right("play-side")
                .resizable(true)
                .default_size(320.0)
                .show(ui, |ui| super::play::side_panel(self, ui));
            egui::CentralPanel::default().frame(egui::Frame::NONE.fill(super::theme::CANVAS_BACKGROUND)).show(
                ui,
                |ui| {
                    super::play::canvas(self, ui);
                },
            );
            super::play::handoff(self, &ctx);
            super::dialogs::modals(self, &ctx);
            return;
        }
        egui::Panel::top("toolbar").show(ui, |ui| super::panels::toolbar(self, ui));
        egui::Panel::bottom("status").show(ui, |ui| super::panels::status_bar(self, ui));
        egui::Panel::left("paint-box")
            .resizable(true)
            .default_size(210.0)
            .show(ui, |ui| super::panels::paint_box(self, ui));
        egui::Panel::right("side")
            .resizable(true)
            .default_size(320.0)
            .show(ui, |ui| super::panels::side_panels(self, ui));
        egui::CentralPanel::default().frame(egui::Frame::NONE.fill(super::theme::CANVAS_BACKGROUND)).show(ui, |ui| {
            super::canvas::canvas(self, ui);
        });
        self.refresh_derived(&ctx, now);
        super::dialogs::modals(self, &ctx);
        super::export_dialog::show(self, &ctx);
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            for menu in Menu::ALL {
                ui.menu_button(menu.title(), |ui| {
                    if menu == Menu::File {
                        self.recent_menu(ui);
                    }
                    for command in UiCommand::all().into_iter().filter(|c| c.menu() == menu) {
                        if self.command_button(ui, command) {
                            ui.close();
                        }
                    }
                });
            }
            ui.separator();
            let modified = if self.is_modified() { " (modified)" } else { "" };
            let (game, name) = match &self.skirm {
                Some(desk) => ("Skirm", &desk.editor.doc.scenario.name),
                None => ("Skirmish Wars", &self.editor.doc.scenario.name),
            };
            ui.label(format!("{name}{modified}"));
            ui.label(RichText::new(game).weak());
        });
    }

    fn recent_menu(&mut self, ui: &mut Ui) {
        ui.menu_button("Open recent", |ui| {
            if self.prefs.recent_files.is_empty() {
                ui.label("No recent files");
            }
            for path in self.prefs.recent_files.clone() {
                if ui.button(path.display().to_string()).clicked() {
                    self.guard(Pending::Open(path));
                    ui.close();
                }
            }
        });
    }

    /// Whether a toggle, tool or mode command is currently in force (shown highlighted).
    #[must_use]
    pub fn is_on(&self, command: UiCommand) -> bool {
        match command {
            UiCommand::Toggle(toggle) => self.prefs.shown(toggle),
            UiCommand::UseTool(tool) => self.editor.tool == tool,
            UiCommand::BrushSize(size) => self.editor.brush_size == size,
            UiCommand::Symmetry(symmetry) => match &self.skirm {
                Some(desk) => desk.editor.symmetry == symmetry,
                None => self.editor.symmetry == symmetry,
            },
            _ => false,
        }
    }

    /// A menu button for a command, with its shortcut; a click queues the command. Returns
    /// whether it was clicked.
    pub fn command_button(&mut self, ui: &mut Ui, command: UiCommand) -> bool {
        let (undo, redo) = match &self.skirm {
            Some(desk) => (desk.editor.doc.history.undo_label(), desk.editor.doc.history.redo_label()),
            None => (self.editor.doc.history.undo_label(), self.editor.doc.history.redo_label()),
        };
        let label = match command {
            UiCommand::Undo => undo.map_or_else(|| "Undo".to_owned(), |l| format!("Undo {l}")),
            UiCommand::Redo => redo.map_or_else(|| "Redo".to_owned(), |l| format!("Redo {l}")),
            other => other.label(),
        };
        let shortcut = command.shortcut_text(ui.ctx());
        let clicked = ui.add(egui::Button::new(label).shortcut_text(shortcut).selected(self.is_on(command))).clicked();
        if clicked {
            self.queue(command);
        }
        clicked
    }
}

/// A file name made from a title.
#[must_use]
pub fn slug(name: &str) -> String {
    let slug: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    let slug = slug.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-");
    if slug.is_empty() { "scenario".into() } else { slug }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFS_KEY, &self.prefs);
    }
}

/// The key the preferences are stored under.
pub const PREFS_KEY: &str = "skirmish-studio-prefs";

/// One event as a line of the playtest's log.
#[must_use]
pub fn event_line(rules: &Ruleset, event: &crate::systems::swat::rules::Event) -> String {
    crate::systems::swat::playtest::describe_event(rules, event).trim().to_owned()
}
