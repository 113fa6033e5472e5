//! What the window's shell and a game's screens know of each other: a [`Desk`] is one open
//! document of one game (its editor, findings, playtest), a [`GameDesk`] makes desks for one
//! game and is registered by system id (`ui::DESKS`), and a [`DeskContext`] is the narrow part
//! of the window a desk may touch while it draws or runs a command (view, status, preferences,
//! dialogs, the command queue), after rerun's `ViewerContext` and `CommandSender`. The shell
//! never names a game; a game's screens never see the window.

use super::commands::{GameCommand, UiCommand, ViewToggle};
use super::file_dialogs::{Asked, FileDialogs, FileKind, InAppDialog, PathRequest};
use super::live::LiveFindings;
use super::shell::{Modal, NewScenarioForm, Prefs};
use super::view::{Placement, View, place_view};
use crate::board::Symmetry;
use crate::editing::EditedDocument;
use crate::export::Sheet;
use crate::game::{GameDefinition, OpenScenario, load_ruleset};
use egui::{Color32, KeyboardShortcut, Ui};
use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The part of the window a desk works with: borrowed from the shell for one call.
pub struct DeskContext<'a> {
    /// Preferences (which panels and overlays are shown).
    pub prefs: &'a mut Prefs,
    /// Pan and zoom of the map, in board units.
    pub view: &'a mut View,
    /// Centre the view on this point (board units) next frame.
    pub centre_on: &'a mut Option<egui::Pos2>,
    /// Where the board was drawn last frame.
    pub placement: &'a mut Option<Placement>,
    /// The status-bar message.
    pub status: &'a mut String,
    /// The dialog over the window; a desk opens its own with [`Modal::Desk`].
    pub modal: &'a mut Option<Modal>,
    /// File dialogs for what a desk saves and loads (squads, games).
    pub dialogs: &'a dyn FileDialogs,
    /// The studio's own file dialog, opened where the system's cannot be shown.
    pub in_app_dialog: &'a mut Option<InAppDialog>,
    /// Commands to run once the frame is built.
    pub commands: &'a mut Vec<UiCommand>,
    /// The open document's file, where it has one: file dialogs start in its folder.
    pub document: Option<PathBuf>,
    /// Whether the Balance panel can take the right column (not during a playtest).
    pub balance_offered: bool,
}

impl DeskContext<'_> {
    /// Asks for a command to run once the frame is built.
    pub fn queue(&mut self, command: UiCommand) {
        self.commands.push(command);
    }

    /// Asks for a path: a native dialog's answer comes back at once; where the in-app dialog
    /// asks instead, its path comes later to the desk's [`Desk::path_chosen`] with the
    /// request's purpose. `None`: no path now (the status bar says so when none was chosen).
    pub fn ask_path(&mut self, request: PathRequest) -> Option<PathBuf> {
        let request = if request.folder.is_none() { request.beside(self.document.as_deref()) } else { request };
        let asked = super::file_dialogs::ask(
            self.dialogs,
            self.prefs.own_file_dialog,
            self.in_app_dialog,
            self.status,
            request,
        );
        match asked {
            Asked::Now(path) => Some(path),
            Asked::Nothing | Asked::Later => None,
        }
    }

    /// Writes a file the desk made (`text`, or why it could not be made) to `path` atomically:
    /// the status bar says it was saved; a failure is told in a dialog, as a status message
    /// leaves after a few seconds and a lost save must not pass unseen. `what` names it ("the
    /// game", "the squad").
    pub fn write_file(&mut self, path: &Path, text: Result<String, String>, what: &str) {
        match text.and_then(|text| crate::files::write_atomic(path, text.as_bytes())) {
            Ok(()) => self.say(format!("Saved {what} to {}.", path.display())),
            Err(message) => self.tell(format!("Could not save {what}: {message}")),
        }
    }

    /// Shows a message in the status bar.
    pub fn say(&mut self, message: impl Into<String>) {
        *self.status = message.into();
    }

    /// Shows a message in a dialog the user closes.
    pub fn tell(&mut self, message: impl Into<String>) {
        *self.modal = Some(Modal::Message(message.into()));
    }
}

/// One open document of one game, as the shell sees it: what only the game can answer. What
/// every desk answers the same way from its document, seats, preview and commands is written
/// once in [`DeskExt`].
pub trait Desk: Any + DeskDocument + OwnCommands {
    /// The symmetry echoed while painting.
    fn symmetry(&self) -> Option<Symmetry>;
    /// Chooses the symmetry echoed while painting.
    ///
    /// # Errors
    /// A symmetry this document cannot have (a table for two sides has no quarter turn), in
    /// words; the echo stays as it was.
    fn set_symmetry(&mut self, symmetry: Option<Symmetry>) -> Result<(), String>;
    /// The board for the print preview: its size in squares (or whole units of a table), its
    /// tile size and a colour per square.
    fn print_preview(&self) -> Miniature;
    /// Each seat's name for people ("Player 1", a squad's name, a side) and colour, for the
    /// lab's words and charts.
    fn seats(&self) -> Vec<(String, Color32)>;
    /// Where a place of the balance heatmap lies in the desk's board units: its top-left corner
    /// and its size (a square's own by default).
    fn place_board_rect(&self, place: crate::game::Place) -> ((f32, f32), f32) {
        place.board_rect()
    }
    /// The id of the art kind drawn under the pointer on the board (the unit, piece, item or
    /// terrain there), where an image dropped now would be that kind's art.
    fn art_kind_under_pointer(&self) -> Option<String> {
        None
    }
    /// Whether its print has extra counters per unit kind to ask for.
    fn has_extra_counters(&self) -> bool {
        false
    }
    /// Takes a path the in-app file dialog chose for one of the desk's own requests
    /// ([`PathPurpose::Desk`](super::file_dialogs::PathPurpose::Desk) with `id` and `index`):
    /// a saved game's, unless the game asks for files of its own.
    fn path_chosen(&mut self, cx: &mut DeskContext<'_>, id: u16, _index: usize, path: &Path) {
        if !saved_game_path_chosen(self, cx, id, path) {
            path_unused(cx, path);
        }
    }
    /// Draws the window's inside for one frame (editor or playtest) and handles its input.
    fn frame(&mut self, cx: &mut DeskContext<'_>, ui: &mut Ui);
    /// Draws the desk's own dialog (opened with [`Modal::Desk`]); returns whether it stays
    /// open (a game without dialogs of its own has none open).
    fn dialog(&mut self, _cx: &mut DeskContext<'_>, _ui: &mut Ui) -> bool {
        false
    }
}

/// A desk's own commands: the part of a [`Desk`] each game writes in its `commands.rs`.
pub trait OwnCommands {
    /// Its commands (tools, brush sizes, its own dialogs) in menu order, the shell's editing
    /// commands it carries out, and the panels and overlays its View menu offers (the Balance
    /// panel is the shell's and always offered).
    fn commands(&self) -> DeskCommands;
    /// Whether one of its commands is in force (a tool, a brush size).
    fn is_on(&self, command: UiCommand) -> bool;
    /// Carries out a command this game does its own way: its commands, the shell's editing
    /// commands, and the playtest.
    fn run_command(&mut self, cx: &mut DeskContext<'_>, command: UiCommand);
    /// The selection copied last as text for the system clipboard
    /// ([`crate::editing::selection_text`]), where the game copies selections.
    fn selection_text(&self) -> Option<String> {
        None
    }
    /// Takes text pasted from the system clipboard: `Ok(true)` when it was this game's
    /// selection and is pasted, `Ok(false)` when it is no studio selection (the game's own
    /// clipboard pastes instead).
    ///
    /// # Errors
    /// Another game's selection, naming both, or a damaged one.
    fn paste_selection_text(&mut self, text: &str) -> Result<bool, String> {
        let _ = text;
        Ok(false)
    }
}

/// The half of a [`Desk`] every game answers alike from its [`DeskParts`], written once.
pub trait DeskDocument: PlaysSavedGames {
    /// What the balance heatmap counts at a place, in the game's words.
    fn heat_words(&self) -> crate::game::HeatWords;
    /// The game's name, shown beside the scenario's in the menu bar.
    fn game(&self) -> &'static str;
    /// The open document: title, path, revision, undo history.
    fn document(&self) -> &dyn EditedDocument;
    /// The open document, to save, undo or redo.
    fn document_mut(&mut self) -> &mut dyn EditedDocument;
    /// The document in its file form.
    ///
    /// # Errors
    /// It cannot be written (a name its ruleset does not know).
    fn text(&self) -> Result<String, String>;
    /// What the editor has to tell the status bar, once.
    fn take_feedback(&mut self) -> Option<String>;
    /// Whether a playtest is under way.
    fn in_playtest(&self) -> bool;
    /// Whether the latest findings hold an error.
    fn has_errors(&self) -> bool;
    /// The document as its game system's scenario, for what goes through the seam (export,
    /// the balance lab).
    ///
    /// # Errors
    /// It cannot be written or read back.
    fn open_scenario(&self) -> Result<Box<dyn OpenScenario>, String>;
    /// Makes the document the scenario in `text` (its game's file form) as one undoable step
    /// labelled `label`: an edit the balance lab suggested.
    ///
    /// # Errors
    /// The text is not a scenario of this game.
    fn replace_from_text(&mut self, label: &str, text: &str) -> Result<(), String>;
}

/// A game's finding as its desk holds it.
pub type FindingOf<G> = crate::game::Finding<<G as GameDefinition>::Place, <G as GameDefinition>::Fix>;

/// A game's document as its desk edits it, with the desk's kind of undo step.
pub type DocumentOf<D> =
    crate::editing::Document<<<D as DeskParts>::Game as GameDefinition>::Scenario, <D as DeskParts>::Changes>;

/// What every desk holds the same way: its game's data, its document, its live findings, and
/// whether a playtest is under way or a drag in progress. [`DeskDocument`], the live
/// validation and a playtest's start are written once from these.
pub trait DeskParts: PlaysSavedGames + 'static {
    /// The game it edits.
    type Game: GameDefinition<Scenario: crate::editing::Titled>;
    /// The document's undo step.
    type Changes: crate::editing::Change<<Self::Game as GameDefinition>::Scenario>
        + crate::editing::Whole<<Self::Game as GameDefinition>::Scenario>;
    /// The data it edits against.
    fn rules(&self) -> &Arc<<Self::Game as GameDefinition>::Ruleset>;
    /// The document.
    fn doc(&self) -> &DocumentOf<Self>;
    /// The document, to change.
    fn doc_mut(&mut self) -> &mut DocumentOf<Self>;
    /// The latest findings.
    fn live(&self) -> &LiveFindings<FindingOf<Self::Game>>;
    /// The latest findings, to bring up to date.
    fn live_mut(&mut self) -> &mut LiveFindings<FindingOf<Self::Game>>;
    /// What the editor has to tell the status bar, once.
    fn feedback(&mut self) -> Option<String>;
    /// Whether a playtest is under way.
    fn playing(&self) -> bool;
    /// Whether a drag is under way (the check moves to a worker thread meanwhile).
    fn dragging(&self) -> bool;

    /// Brings the findings up to date without making a frame wait (inline when the last check
    /// was cheap; on a worker during a drag).
    fn refresh_findings(&mut self, ctx: &egui::Context, now: f64) {
        let (revision, dragging) = (self.doc().revision, self.dragging());
        let (rules, scenario) = (Arc::clone(self.rules()), self.doc().scenario.clone());
        self.live_mut().refresh(ctx, now, revision, dragging, move || {
            move || <Self::Game as GameDefinition>::validate(&rules, &scenario)
        });
    }

    /// Checks the document now, whatever the last check cost (before a playtest).
    fn check_now(&mut self) {
        let findings = <Self::Game as GameDefinition>::validate(self.rules(), &self.doc().scenario);
        let revision = self.doc().revision;
        self.live_mut().set(revision, findings);
    }
}

/// [`DeskParts`] for a desk laid out as every game's is: `editor.rules`, `editor.doc`,
/// `editor.drag` and `editor.take_feedback()`, its live `findings` and its `play`. One line a
/// game (`desk_parts!(SwatDesk, Swat, Edits)`) instead of the same nine methods in each.
#[macro_export]
macro_rules! desk_parts {
    ($desk:ty, $game:ty, $changes:ty) => {
        impl $crate::ui::desk::DeskParts for $desk {
            type Game = $game;
            type Changes = $changes;

            fn rules(&self) -> &std::sync::Arc<<$game as $crate::game::GameDefinition>::Ruleset> {
                &self.editor.rules
            }

            fn doc(&self) -> &$crate::ui::desk::DocumentOf<Self> {
                &self.editor.doc
            }

            fn doc_mut(&mut self) -> &mut $crate::ui::desk::DocumentOf<Self> {
                &mut self.editor.doc
            }

            fn live(&self) -> &$crate::ui::live::LiveFindings<$crate::ui::desk::FindingOf<$game>> {
                &self.findings
            }

            fn live_mut(&mut self) -> &mut $crate::ui::live::LiveFindings<$crate::ui::desk::FindingOf<$game>> {
                &mut self.findings
            }

            fn feedback(&mut self) -> Option<String> {
                self.editor.take_feedback()
            }

            fn playing(&self) -> bool {
                self.play.is_some()
            }

            fn dragging(&self) -> bool {
                self.editor.drag.is_some()
            }
        }
    };
}

impl<D: DeskParts> DeskDocument for D {
    fn heat_words(&self) -> crate::game::HeatWords {
        <D::Game as GameDefinition>::HEAT
    }

    fn game(&self) -> &'static str {
        <D::Game as GameDefinition>::NAME
    }

    fn document(&self) -> &dyn EditedDocument {
        self.doc()
    }

    fn document_mut(&mut self) -> &mut dyn EditedDocument {
        self.doc_mut()
    }

    fn text(&self) -> Result<String, String> {
        <D::Game as GameDefinition>::save(self.rules(), &self.doc().scenario)
    }

    fn take_feedback(&mut self) -> Option<String> {
        self.feedback()
    }

    fn in_playtest(&self) -> bool {
        self.playing()
    }

    fn has_errors(&self) -> bool {
        self.live().list.iter().any(|f| f.severity == crate::game::Severity::Error)
    }

    fn open_scenario(&self) -> Result<Box<dyn OpenScenario>, String> {
        Ok(crate::game::Opened::<D::Game>::boxed(Arc::clone(self.rules()), self.doc().scenario.clone()))
    }

    fn replace_from_text(&mut self, label: &str, text: &str) -> Result<(), String> {
        let scenario = <D::Game as GameDefinition>::load(self.rules(), text).map_err(|e| e.to_string())?;
        self.doc_mut().replace_whole(label, scenario);
        Ok(())
    }
}

/// A playtest of the desk's document as it stands: checked now, refused with the list of its
/// errors in a message (warnings do not block it), or started with seed 1 and the game's
/// default computer seats; `None` (with the reason shown) when it cannot start.
pub fn begin_playtest<D: DeskParts>(desk: &mut D, cx: &mut DeskContext<'_>) -> Option<crate::game::Playing<D::Game>> {
    desk.check_now();
    let errors: Vec<String> = desk
        .live()
        .list
        .iter()
        .filter(|f| f.severity == crate::game::Severity::Error)
        .map(|f| format!("- {}", f.message))
        .collect();
    if !errors.is_empty() {
        *cx.status = "The scenario has errors: fix them (Diagnostics) before a playtest.".into();
        *cx.modal = Some(Modal::Message(format!(
            "The scenario has errors, so it cannot be played yet:\n{}",
            errors.join("\n")
        )));
        return None;
    }
    match crate::game::Playing::start(Arc::clone(desk.rules()), desk.doc().scenario.clone(), 1) {
        Ok(play) => {
            let warnings = desk.live().list.len();
            cx.view.fit = true;
            cx.view.fit_area = None;
            *cx.status = if warnings > 0 {
                format!("Playtest started ({warnings} warnings).")
            } else {
                "Playtest started.".into()
            };
            Some(play)
        }
        Err(message) => {
            *cx.modal = Some(Modal::Message(format!("The game cannot start: {message}")));
            None
        }
    }
}

pub use super::miniature::Miniature;

/// What a desk offers of the window's commands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeskCommands {
    /// Its own commands, in menu order.
    pub game: &'static [GameCommand],
    /// The shell's editing commands (copy, cut, paste, delete selection) it carries out.
    pub edit: &'static [UiCommand],
    /// The panels and overlays its View menu offers.
    pub toggles: &'static [ViewToggle],
}

/// The shell's editing commands, for a desk that carries out all of them.
pub const ALL_EDIT_COMMANDS: [UiCommand; 4] =
    [UiCommand::Copy, UiCommand::Cut, UiCommand::Paste, UiCommand::DeleteSelection];

/// What every desk answers the same way, written once on what [`Desk`] gives.
pub trait DeskExt {
    /// The scenario's title.
    fn name(&self) -> &str;
    /// Where the document was last saved or opened from.
    fn path(&self) -> Option<&Path>;
    /// Whether the document has unsaved changes.
    fn is_modified(&self) -> bool;
    /// Notes that the document as it stands was saved to `path`.
    fn saved_to(&mut self, path: &Path);
    /// Notes that the document is saved nowhere (work brought back from a recovery file).
    fn mark_unsaved(&mut self);
    /// Undoes the newest step; returns its label.
    fn undo(&mut self) -> Option<String>;
    /// Redoes the newest undone step; returns its label.
    fn redo(&mut self) -> Option<String>;
    /// The labels of the steps undo and redo would take.
    fn undo_redo_labels(&self) -> (Option<&str>, Option<&str>);
    /// The document's revision: it changes with every edit, undo and redo.
    fn revision(&self) -> u64;
    /// Each seat's colour.
    fn seat_colours(&self) -> Vec<Color32>;
    /// A seat's name for people, from 0.
    fn seat_name(&self, seat: usize) -> String;
    /// Its own commands, in menu order.
    fn game_commands(&self) -> &'static [GameCommand];
    /// Whether it carries out one of the shell's editing commands.
    fn has_edit_command(&self, command: UiCommand) -> bool;
    /// The panels and overlays its View menu offers.
    fn toggles(&self) -> &'static [ViewToggle];
}

impl<D: Desk + ?Sized> DeskExt for D {
    fn name(&self) -> &str {
        self.document().title()
    }
    fn path(&self) -> Option<&Path> {
        self.document().path()
    }
    fn is_modified(&self) -> bool {
        self.document().is_modified()
    }
    fn saved_to(&mut self, path: &Path) {
        self.document_mut().saved_to(path.to_path_buf());
    }
    fn mark_unsaved(&mut self) {
        self.document_mut().mark_unsaved();
    }
    fn undo(&mut self) -> Option<String> {
        self.document_mut().undo()
    }
    fn redo(&mut self) -> Option<String> {
        self.document_mut().redo()
    }
    fn undo_redo_labels(&self) -> (Option<&str>, Option<&str>) {
        self.document().undo_redo_labels()
    }
    fn revision(&self) -> u64 {
        self.document().revision()
    }
    fn seat_colours(&self) -> Vec<Color32> {
        self.seats().into_iter().map(|(_, colour)| colour).collect()
    }
    fn seat_name(&self, seat: usize) -> String {
        self.seats().into_iter().nth(seat).map_or_else(|| format!("Player {}", seat + 1), |(name, _)| name)
    }
    fn game_commands(&self) -> &'static [GameCommand] {
        self.commands().game
    }
    fn has_edit_command(&self, command: UiCommand) -> bool {
        self.commands().edit.contains(&command)
    }
    fn toggles(&self) -> &'static [ViewToggle] {
        self.commands().toggles
    }
}

/// A playtest's saved-game file: asked for, and handed to the desk, the same way in every game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameFile {
    /// Where to save the game under way.
    Save,
    /// Which saved game to load.
    Load,
}

impl GameFile {
    /// The purpose its path request carries, read back by [`GameFile::of`].
    fn purpose(self) -> super::file_dialogs::PathPurpose {
        let id = match self {
            GameFile::Save => 1,
            GameFile::Load => 2,
        };
        super::file_dialogs::PathPurpose::Desk { id, index: 0 }
    }

    /// The saved-game file a desk's path request with `id` was for, if it was for one.
    #[must_use]
    pub fn of(id: u16) -> Option<Self> {
        match id {
            1 => Some(GameFile::Save),
            2 => Some(GameFile::Load),
            _ => None,
        }
    }
}

/// What a desk gives and takes as a saved game; writing it to a path, reading it back, and the
/// words for both are written once in [`game_file_chosen`].
pub trait PlaysSavedGames {
    /// The game under way as a saved-game file's text; `None` when no game is under way.
    fn saved_game(&self) -> Option<Result<String, String>>;
    /// Resumes the saved game in `text` (read from a file) as the playtest under way.
    ///
    /// # Errors
    /// Why the saved game cannot be played here, with where.
    fn resume(&mut self, text: &str) -> Result<(), String>;
}

/// Asks for a saved game's path and hands it to the desk: now, or, where the in-app dialog
/// answers frames later, through [`Desk::path_chosen`] and [`saved_game_path_chosen`].
pub fn ask_game_file<D: PlaysSavedGames + Desk + ?Sized>(desk: &mut D, cx: &mut DeskContext<'_>, file: GameFile) {
    let request = match file {
        GameFile::Save => PathRequest::save(
            FileKind::SavedGame,
            saved_game_name(desk.name()),
            file.purpose(),
            "The game was not saved",
        )
        .beside(desk.path()),
        GameFile::Load => PathRequest::open(FileKind::SavedGame, file.purpose(), "No game loaded"),
    };
    if let Some(path) = cx.ask_path(request) {
        game_file_chosen(desk, cx, file, &path);
    }
}

/// The name a saved game is offered under: the scenario's title, with a double extension that
/// keeps it apart from the scenarios beside it ("Hedgerow Crossing.game.ron").
#[must_use]
pub fn saved_game_name(scenario: &str) -> String {
    let title: String =
        scenario.chars().filter(|c| !matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|')).collect();
    let title = title.trim();
    if title.is_empty() { "Saved game.game.ron".to_owned() } else { format!("{title}.game.ron") }
}

/// Writes the game under way to `path`, or loads the saved game there: loaded, the view is
/// fitted and the status bar says so; a failed load is told in a dialog (it must not pass
/// unseen in a status message that leaves).
pub fn game_file_chosen<D: PlaysSavedGames + ?Sized>(
    desk: &mut D,
    cx: &mut DeskContext<'_>,
    file: GameFile,
    path: &Path,
) {
    match file {
        GameFile::Save => match desk.saved_game() {
            Some(text) => cx.write_file(path, text, "the game"),
            None => cx.say("The game was not saved: no game is under way."),
        },
        GameFile::Load => match crate::files::read_limited(path).and_then(|text| desk.resume(&text)) {
            Ok(()) => {
                cx.view.fit = true;
                cx.say(format!("Loaded the game {}.", path.display()));
            }
            Err(message) => cx.tell(format!("Could not load the game {}: {message}", path.display())),
        },
    }
}

/// Takes a path the in-app file dialog chose, if the request was for a saved game; `false`
/// when it was the desk's own.
pub fn saved_game_path_chosen<D: PlaysSavedGames + ?Sized>(
    desk: &mut D,
    cx: &mut DeskContext<'_>,
    id: u16,
    path: &Path,
) -> bool {
    let Some(file) = GameFile::of(id) else { return false };
    game_file_chosen(desk, cx, file, path);
    true
}

/// Says a chosen path had no use: the request was not this desk's.
pub fn path_unused(cx: &mut DeskContext<'_>, path: &Path) {
    cx.say(format!("No use for {}: the request is not this document's.", path.display()));
}

/// Makes the desks of one game: registered by system id in `ui::DESKS`.
pub trait GameDesk: Sync {
    /// The id its scenario files name (`system: "swat"`).
    fn system_id(&self) -> &'static str;
    /// The game's name for people.
    fn title(&self) -> &'static str;
    /// A desk on a scenario file's text, with the replacement ruleset's text if the studio was
    /// started with one for this game.
    ///
    /// # Errors
    /// What is wrong and where.
    fn open(&self, text: &str, ruleset: Option<&str>) -> Result<Box<dyn Desk>, String>;
    /// The extensions of the other programs' map files it imports (none by default): the
    /// shell opens a file with one of them through [`GameDesk::import`].
    fn import_extensions(&self) -> &'static [&'static str] {
        &[]
    }
    /// A desk on another program's map file (an AWBW map for Skirmish Wars); `None` when this
    /// game imports no foreign format.
    fn import(&self, text: &str, name: &str, ruleset: Option<&str>) -> Option<Result<Box<dyn Desk>, String>>;
    /// The new-scenario form with this game's defaults.
    fn new_form(&self, ruleset: Option<&str>) -> Box<dyn NewScenarioForm>;
    /// The bundled sample this game opens on the first run, as file text.
    fn sample(&self) -> &'static str;
}

/// What a game's window layer declares to be registered: its seam's definition, its desk and
/// its sample. Every [`DeskDefinition`] is a [`GameDesk`], so the system id, the ruleset's
/// loading and the refusals are written once here, not in each game.
pub trait DeskDefinition: Sync {
    /// The game's seam definition: its id, its data and how its ruleset is read.
    type Game: GameDefinition;
    /// The game's short name for people, on tabs and in the New scenario dialog.
    const TITLE: &'static str = <Self::Game as GameDefinition>::NAME;
    /// The bundled sample this game opens on the first run, as file text.
    const SAMPLE: &'static str;
    /// The extensions of the other programs' map files it imports (none by default).
    const IMPORT_EXTENSIONS: &'static [&'static str] = &[];

    /// A desk on a scenario file's text (`import` names the foreign file it came from, for a
    /// game that imports one).
    ///
    /// # Errors
    /// What is wrong and where.
    fn desk(
        rules: Arc<<Self::Game as GameDefinition>::Ruleset>,
        text: &str,
        import: Option<&str>,
    ) -> Result<Box<dyn Desk>, String>;
    /// The new-scenario form with this game's defaults.
    fn new_form(ruleset: Option<&str>) -> Box<dyn NewScenarioForm>;
}

impl<D: DeskDefinition> GameDesk for D {
    fn system_id(&self) -> &'static str {
        D::Game::ID
    }

    fn title(&self) -> &'static str {
        D::TITLE
    }

    fn open(&self, text: &str, ruleset: Option<&str>) -> Result<Box<dyn Desk>, String> {
        D::desk(load_ruleset::<D::Game>(ruleset)?, text, None)
    }

    fn import_extensions(&self) -> &'static [&'static str] {
        D::IMPORT_EXTENSIONS
    }

    fn import(&self, text: &str, name: &str, ruleset: Option<&str>) -> Option<Result<Box<dyn Desk>, String>> {
        (!D::IMPORT_EXTENSIONS.is_empty())
            .then(|| load_ruleset::<D::Game>(ruleset).and_then(|rules| D::desk(rules, text, Some(name))))
    }

    fn new_form(&self, ruleset: Option<&str>) -> Box<dyn NewScenarioForm> {
        D::new_form(ruleset)
    }

    fn sample(&self) -> &'static str {
        D::SAMPLE
    }
}

/// The new-scenario form of a game whose new scenario is a size and its defaults: what the
/// dialog explains, the two lengths and their bounds, and how the file is made.
pub struct SizeForm<G: GameDefinition> {
    /// What a new scenario of this game starts with, in a sentence or three.
    pub about: &'static str,
    /// The two lengths' labels, with their unit (`Width (cm)`).
    pub labels: [&'static str; 2],
    /// The lengths' smallest and largest values.
    pub bounds: (u32, u32),
    /// The lengths chosen.
    pub size: [u32; 2],
    /// The replacement ruleset's text, if the studio was started with one.
    pub ruleset: Option<String>,
    /// Makes the scenario file from the ruleset and the two lengths.
    pub make: fn(&G::Ruleset, u32, u32) -> Result<String, String>,
}

impl<G: GameDefinition> Clone for SizeForm<G> {
    fn clone(&self) -> Self {
        Self { ruleset: self.ruleset.clone(), ..*self }
    }
}

impl<G: GameDefinition> NewScenarioForm for SizeForm<G> {
    fn ui(&mut self, ui: &mut Ui) {
        ui.label(self.about);
        egui::Grid::new("size-form").show(ui, |ui| {
            for (label, length) in self.labels.iter().zip(self.size.iter_mut()) {
                ui.label(*label);
                ui.add(egui::DragValue::new(length).range(self.bounds.0..=self.bounds.1));
                ui.end_row();
            }
        });
    }

    fn create(&self) -> Result<String, String> {
        let rules = load_ruleset::<G>(self.ruleset.as_deref())?;
        (self.make)(&rules, self.size[0], self.size[1])
    }

    fn clone_box(&self) -> Box<dyn NewScenarioForm> {
        Box::new(self.clone())
    }
}

/// Whether the open document's game has it: its own commands, the editing commands it
/// supports, the panels it offers (and the shell's Balance panel); the rest serve every
/// game.
#[must_use]
pub fn offers(desk: &dyn Desk, command: UiCommand) -> bool {
    match command {
        UiCommand::Game(command) => desk.game_commands().contains(&command),
        UiCommand::Copy | UiCommand::Cut | UiCommand::Paste | UiCommand::DeleteSelection => {
            desk.has_edit_command(command)
        }
        UiCommand::Toggle(toggle) => {
            matches!(toggle, ViewToggle::Balance | ViewToggle::ToolColumn | ViewToggle::SideColumn)
                || desk.toggles().contains(&toggle)
        }
        _ => true,
    }
}

/// The open game's commands in the order their shortcuts must be tested: those with more
/// modifiers first, so Ctrl+Shift+Z is not taken for Ctrl+Z.
#[must_use]
pub fn shortcut_order(desk: &dyn Desk) -> Vec<(UiCommand, KeyboardShortcut)> {
    let mut all: Vec<(UiCommand, KeyboardShortcut)> = UiCommand::all(desk.game_commands())
        .into_iter()
        .filter(|&c| offers(desk, c))
        .flat_map(|c| c.shortcuts().into_iter().map(move |s| (c, s)))
        .collect();
    let weight = |s: &KeyboardShortcut| {
        u8::from(s.modifiers.shift) + u8::from(s.modifiers.alt) + u8::from(s.modifiers.command || s.modifiers.ctrl)
    };
    all.sort_by_key(|(_, s)| std::cmp::Reverse(weight(s)));
    all
}

/// What the export dialog starts from: the game's own print scale and sheets, as its scenario
/// declares them through the seam.
#[derive(Debug, Clone, PartialEq)]
pub struct PrintPreset {
    /// The side of a square in millimetres (a board unit's length on paper).
    pub square_mm: f32,
    /// The game's paper.
    pub paper: crate::export::Paper,
    /// The sheets the game prints.
    pub sheets: &'static [Sheet],
    /// Whether extra counters per unit kind can be asked for.
    pub extra_counters: bool,
}

/// Allocates the map area of a desk and applies fit, centring, pan and zoom for a board
/// `extent` board units across and down.
pub fn prepare_view(
    cx: &mut DeskContext<'_>,
    ui: &mut Ui,
    extent: egui::Vec2,
    label: &str,
) -> (egui::Response, egui::Painter, Placement) {
    let (show_grid, modal_open) = (cx.prefs.show_grid, cx.modal.is_some());
    let placed = place_view(cx.view, cx.centre_on, show_grid, modal_open, ui, extent, label);
    *cx.placement = Some(placed.2);
    placed
}
