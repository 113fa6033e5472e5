//! The window's shell: the open document's desk, the frame around it (menu, dialogs, export,
//! the Balance panel), commands, file handling (open, save, atomic writes), autosave and the
//! recovery file. What a game draws and edits is its desk's business; the shell reaches a game
//! only through the [`Desk`] trait and the registry of desks (`ui::DESKS`), and names none.

use super::balance_panel::BalancePanel;
use super::commands::UiCommand;
use super::desk::{Desk, DeskContext, GameDesk};
use super::file_dialogs::{Asked, FileDialogs, FileKind, InAppDialog, NativeDialogs, PathPurpose, PathRequest};
use super::shell::{Modal, NewForm, Pending, Prefs, Recovered, slug};
use super::view::View;
use crate::ui::desk::DeskExt as _;
use egui::Context;
use std::path::{Path, PathBuf};

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
        Self { data_dir, dialogs: Box::new(NativeDialogs::default()), prefs, open }
    }
}

/// The editor application.
pub struct StudioApp {
    /// The open document, with its game's editing state.
    pub desk: Box<dyn Desk>,
    /// A replacement ruleset the studio was started with: the id of the game it is for and
    /// its text. New and opened documents of that game use it.
    pub ruleset: Option<(&'static str, String)>,
    /// Preferences.
    pub prefs: Prefs,
    /// Commands raised while the frame was built, run once it is done.
    pub queued: Vec<UiCommand>,
    /// Pan and zoom.
    pub view: View,
    /// The status-bar message.
    pub status: String,
    /// The dialog shown, if any.
    pub modal: Option<Modal>,
    /// File dialogs.
    pub dialogs: Box<dyn FileDialogs>,
    /// The studio's own file dialog, open where the system's cannot be shown.
    pub in_app_dialog: Option<InAppDialog>,
    /// Folder of the recovery file.
    pub data_dir: Option<PathBuf>,
    /// Time of the last autosave.
    pub last_autosave: f64,
    /// The user has been told that autosave fails (told once until it works again).
    pub autosave_warned: bool,
    /// Centre the view on this point (board units) next frame.
    pub centre_on: Option<egui::Pos2>,
    /// The window may close: the user confirmed.
    pub allow_close: bool,
    /// Where the board was drawn last frame.
    pub placement: Option<super::view::Placement>,
    /// The window title last sent.
    pub last_title: String,
    /// The export dialog, when open.
    pub export: Option<super::export_dialog::ExportDialog>,
    /// The Balance panel: its settings, the run under way and results per revision.
    pub balance: BalancePanel,
    /// The Art panel.
    pub art: super::art_panel::ArtPanel,
    /// The UI scale the window's style was last set for (`None`: fonts not yet installed).
    pub styled_at: Option<f32>,
    /// The status message as last seen, and when it first showed (seconds of the window's
    /// clock), so it can leave once its moment has passed.
    pub status_seen: (String, f64),
    /// The open file as the studio last read or wrote it (`None`: a document with no file).
    pub on_disk: Option<super::disk_copy::DiskCopy>,
    /// When the open file was last looked at on disk (seconds of the window's clock).
    pub last_disk_check: f64,
    /// Text the platform pasted (Ctrl+V arrives as text, not a key), for the Paste it queued.
    pub pasted: Option<String>,
    /// The board as a suggested edit would leave it, while the pointer is on the edit: the
    /// document revision and edit number it shows, and a desk of its own on a copy, so nothing
    /// done to it reaches the document.
    pub preview: Option<(u64, usize, Box<dyn Desk>)>,
    /// The rings the last preview drew around the places its edit changes, on the screen.
    pub preview_rings: Vec<egui::Rect>,
}

/// Seconds a status-bar message stays before it clears.
pub const STATUS_SECONDS: f64 = 8.0;

/// Seconds between autosaves of unsaved work.
pub const AUTOSAVE_SECONDS: f64 = 30.0;

/// The registry's desk for a game id.
fn game_desk(id: &str) -> Option<&'static dyn GameDesk> {
    super::DESKS.iter().copied().find(|d| d.system_id() == id)
}

impl StudioApp {
    /// The app, opening `config.open`, else the most recent file, else the first game's
    /// bundled sample, and offering back unsaved work found in the recovery file. `ruleset`
    /// is a replacement ruleset's text: the game whose rules accept it uses it.
    ///
    /// # Errors
    /// The replacement ruleset fits no game, or the first game's sample cannot be opened.
    pub fn try_new(ruleset: Option<String>, config: AppConfig) -> Result<Self, String> {
        let ruleset = match ruleset {
            None => None,
            Some(text) => Some((ruleset_game(&text)?, text)),
        };
        let first = super::DESKS.first().ok_or("no game is registered")?;
        let replacement = ruleset.as_ref().filter(|(id, _)| *id == first.system_id()).map(|(_, t)| t.as_str());
        let desk = first.open(first.sample(), replacement)?;
        let mut app = Self {
            desk,
            ruleset,
            prefs: config.prefs,
            queued: Vec::new(),
            view: View { offset: egui::Vec2::ZERO, zoom: 32.0, fit: true, fit_area: None, fitted: false },
            status: "Ready.".into(),
            modal: None,
            dialogs: config.dialogs,
            in_app_dialog: None,
            data_dir: config.data_dir,
            last_autosave: 0.0,
            autosave_warned: false,
            centre_on: None,
            allow_close: false,
            placement: None,
            export: None,
            last_title: String::new(),
            balance: BalancePanel::default(),
            art: super::art_panel::ArtPanel::default(),
            styled_at: None,
            status_seen: (String::new(), 0.0),
            on_disk: None,
            last_disk_check: 0.0,
            pasted: None,
            preview: None,
            preview_rings: Vec::new(),
        };
        let open = config.open.or_else(|| app.prefs.recent_files.first().cloned());
        if let Some(path) = open {
            if let Err(message) = app.open_path(&path) {
                app.status = message;
            }
        } else {
            app.status = format!(
                "Opened the sample scenario {}. Save it under a new name to keep your changes.",
                app.desk.name()
            );
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
        Ok(app)
    }

    /// The app with the built-in rules (see [`StudioApp::try_new`]); a registry whose first
    /// game cannot open its own sample is a bug the tests catch.
    #[must_use]
    #[expect(clippy::expect_used, reason = "the first game's bundled sample is tested to open")]
    pub fn new(config: AppConfig) -> Self {
        Self::try_new(None, config).expect("the first game's bundled sample opens")
    }

    /// The window's title: file name and a star when modified.
    #[must_use]
    pub fn title(&self) -> String {
        let name = self
            .desk
            .path()
            .and_then(|p| p.file_name())
            .map_or_else(|| self.desk.name().to_owned(), |n| n.to_string_lossy().into_owned());
        format!("{}{} - Skirmish Studio", name, if self.is_modified() { " *" } else { "" })
    }

    /// Whether the open document has unsaved changes.
    #[must_use]
    pub fn is_modified(&self) -> bool {
        self.desk.is_modified()
    }

    /// The open desk as a game's own type, when that is the game open (for tests that look
    /// inside a desk).
    #[must_use]
    pub fn desk_as<D: Desk>(&self) -> Option<&D> {
        (self.desk.as_ref() as &dyn std::any::Any).downcast_ref::<D>()
    }

    /// The open desk as a game's own type, when that is the game open.
    pub fn desk_as_mut<D: Desk>(&mut self) -> Option<&mut D> {
        (self.desk.as_mut() as &mut dyn std::any::Any).downcast_mut::<D>()
    }

    /// The replacement ruleset's text, when it is for game `id`.
    pub(crate) fn ruleset_for(&self, id: &str) -> Option<&str> {
        self.ruleset.as_ref().filter(|(game, _)| *game == id).map(|(_, text)| text.as_str())
    }

    /// The open desk and the part of the window it may touch, borrowed together.
    pub fn desk_and_context(&mut self) -> (&mut dyn Desk, DeskContext<'_>) {
        let balance_offered = !self.desk.in_playtest();
        let cx = DeskContext {
            prefs: &mut self.prefs,
            view: &mut self.view,
            centre_on: &mut self.centre_on,
            placement: &mut self.placement,
            status: &mut self.status,
            modal: &mut self.modal,
            dialogs: self.dialogs.as_ref(),
            in_app_dialog: &mut self.in_app_dialog,
            commands: &mut self.queued,
            document: self.desk.path().map(std::path::Path::to_path_buf),
            balance_offered,
        };
        (self.desk.as_mut(), cx)
    }

    /// The desk for a document's text, of whichever game it names, or for a foreign map
    /// (named by `import_name`) that a game imports.
    pub(super) fn desk_for(&self, text: &str, import_name: Option<&str>) -> Result<Box<dyn Desk>, String> {
        if let Some(name) = import_name {
            for game in super::DESKS {
                if let Some(desk) = game.import(text, name, self.ruleset_for(game.system_id())) {
                    return desk;
                }
            }
            return Err("no game reads this kind of map".into());
        }
        let system = crate::systems::system_of(text)?;
        let game = game_desk(system.id())
            .ok_or_else(|| format!("the window cannot edit {} scenarios yet; the command line can", system.title()))?;
        game.open(text, self.ruleset_for(game.system_id()))
    }

    /// The new-scenario form for the game at `index` in the registry.
    #[must_use]
    pub fn new_form(&self, index: usize) -> Option<NewForm> {
        let game = super::DESKS.get(index)?;
        Some(NewForm { game: index, form: game.new_form(self.ruleset_for(game.system_id())), generated: None })
    }

    fn recovery_path(&self) -> Option<PathBuf> {
        self.data_dir.as_ref().map(|d| d.join("recovery.ron"))
    }

    /// Beside the recovery file: the path of the user's own file the work belongs to.
    fn recovery_origin_path(&self) -> Option<PathBuf> {
        self.data_dir.as_ref().map(|d| d.join("recovery.path"))
    }

    /// The recovery file's work: `None` when there is none, a message when it is there but
    /// cannot be read (it is kept, so nothing is lost).
    fn read_recovery(&self) -> Option<Result<Recovered, String>> {
        let path = self.recovery_path()?;
        if !path.exists() {
            return None;
        }
        Some(crate::files::read_limited(&path).and_then(|text| {
            let desk = self.desk_for(&text, None).map_err(|e| format!("{}: {e}", path.display()))?;
            let origin = self
                .recovery_origin_path()
                .and_then(|p| crate::files::read_limited(&p).ok())
                .map(|p| PathBuf::from(p.trim_end_matches('\n')))
                .filter(|p| !p.as_os_str().is_empty());
            Ok(Recovered { name: desk.name().to_owned(), text, path: origin })
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
            .and_then(|()| self.desk.text())
            .and_then(|text| crate::files::write_atomic(&path, text.as_bytes()))
            .and_then(|()| self.write_recovery_origin());
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

    /// Notes beside the recovery file which file of the user's the work belongs to (none:
    /// the note goes).
    fn write_recovery_origin(&self) -> Result<(), String> {
        let Some(note) = self.recovery_origin_path() else { return Ok(()) };
        match self.desk.path() {
            Some(origin) => crate::files::write_atomic(&note, origin.to_string_lossy().as_bytes()),
            None => {
                let _ = std::fs::remove_file(note);
                Ok(())
            }
        }
    }

    fn clear_recovery(&self) {
        for path in [self.recovery_path(), self.recovery_origin_path()].into_iter().flatten() {
            let _ = std::fs::remove_file(path);
        }
    }

    /// Opens a scenario (of any game) or a map file a game imports.
    ///
    /// # Errors
    /// A message saying what could not be read and where.
    pub fn open_path(&mut self, path: &Path) -> Result<(), String> {
        // A bundle opens unpacked into a new folder beside it, so what is saved stays there.
        if crate::bundle::is_bundle(path) {
            let folder = crate::bundle::folder_beside(path);
            let scenario = crate::bundle::unpack_bundle(path, &folder)?;
            self.open_path(&scenario)?;
            self.status = format!("Opened the bundle {} into {}.", path.display(), folder.display());
            return Ok(());
        }
        let text = crate::files::read_limited(path)?;
        // A file with an extension some game imports is another program's map.
        let is_import = path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            super::DESKS.iter().any(|g| g.import_extensions().iter().any(|x| x.eq_ignore_ascii_case(e)))
        });
        let name = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let mut desk =
            self.desk_for(&text, is_import.then_some(name.as_str())).map_err(|e| format!("{}: {e}", path.display()))?;
        // An imported map is a new document: saving asks where.
        if !is_import {
            desk.saved_to(path);
        }
        self.open_desk(desk);
        if !is_import {
            self.on_disk = Some(super::disk_copy::DiskCopy::of(path, text.as_bytes()));
        }
        self.remember(path);
        self.status = format!("Opened {}.", path.display());
        Ok(())
    }

    fn remember(&mut self, path: &Path) {
        self.prefs.recent_files.retain(|p| p != path);
        self.prefs.recent_files.insert(0, path.to_path_buf());
        self.prefs.recent_files.truncate(10);
    }

    /// Puts a document in the window in place of the open one.
    pub fn open_desk(&mut self, desk: Box<dyn Desk>) {
        self.desk = desk;
        self.view.fit = true;
        self.placement = None;
        self.export = None;
        self.balance = BalancePanel::default();
        self.on_disk = None;
    }

    /// Saves to `path` atomically.
    ///
    /// # Errors
    /// A message naming the file.
    pub fn save_to(&mut self, path: &Path) -> Result<(), String> {
        let text = self.desk.text()?;
        // Never over a change another program made since the file was read or written here:
        // the person chooses first (reload, keep theirs, compare).
        if let Some(change) = self.disk_change_at(path)? {
            self.modal = Some(Modal::DiskChanged(super::shell::DiskChanged { change, comparing: false }));
            return Err(format!(
                "{} changed on disk after the studio last read or wrote it, so it was not saved over; choose Reload or Keep mine first",
                path.display()
            ));
        }
        crate::files::write_atomic(path, text.as_bytes())?;
        self.desk.saved_to(path);
        self.on_disk = Some(super::disk_copy::DiskCopy::of(path, text.as_bytes()));
        self.clear_recovery();
        self.remember(path);
        self.status = format!("Saved {}.", path.display());
        Ok(())
    }

    /// How the open file at `path` changed on disk since the studio last read or wrote it;
    /// `None` for any other path, or where it did not.
    fn disk_change_at(&mut self, path: &Path) -> Result<Option<super::disk_copy::DiskChange>, String> {
        match self.on_disk.as_mut().filter(|copy| copy.path == path) {
            Some(copy) => copy.check(),
            None => Ok(None),
        }
    }

    /// Looks at the open file on disk and, when another program changed it, asks the person
    /// what to do (unless that is already being asked).
    pub fn check_disk(&mut self) {
        let Some(path) = self.on_disk.as_ref().map(|c| c.path.clone()) else { return };
        if matches!(self.modal, Some(Modal::DiskChanged(_))) {
            return;
        }
        match self.disk_change_at(&path) {
            Ok(Some(change)) => {
                self.modal = Some(Modal::DiskChanged(super::shell::DiskChanged { change, comparing: false }));
            }
            Ok(None) => {}
            Err(message) => self.status = format!("The open file cannot be read to see whether it changed: {message}"),
        }
    }

    /// Opens the file again as another program left it, in place of the window's version.
    pub fn reload_from_disk(&mut self, text: &str) {
        let Some(path) = self.on_disk.as_ref().map(|c| c.path.clone()) else { return };
        match self.desk_for(text, None) {
            Ok(mut desk) => {
                desk.saved_to(&path);
                let view = self.view;
                self.open_desk(desk);
                // The same file: the person's pan and zoom stay.
                self.view = view;
                self.on_disk = Some(super::disk_copy::DiskCopy::of(&path, text.as_bytes()));
                self.status = format!("Reloaded {} as it now stands on disk.", path.display());
            }
            Err(message) => {
                self.modal = Some(Modal::Message(format!(
                    "{} changed on disk, and the new version cannot be opened: {message}. Your version is still here.",
                    path.display()
                )));
            }
        }
    }

    /// Keeps the window's version over another program's change: the next save writes over it.
    pub fn keep_mine(&mut self, change: &super::disk_copy::DiskChange) {
        if let Some(copy) = self.on_disk.as_mut() {
            copy.accept(change);
            // Not saved as it stands: the file on disk is another's, so the window's is unsaved.
            self.desk.mark_unsaved();
            self.status = format!(
                "Kept your version; saving (Ctrl+S) now writes it over {}, or Save as keeps both.",
                copy.path.display()
            );
        }
    }

    /// Saves to the known path, or asks for one (`ask`: always); returns whether it was saved
    /// now. Where the in-app dialog asks, `then` runs once it has saved.
    fn save(&mut self, ask: bool, then: Option<Pending>) -> bool {
        let (known, name) = (self.desk.path().map(Path::to_path_buf), self.desk.name().to_owned());
        let path = match (known, ask) {
            (Some(path), false) => path,
            _ => {
                let request = PathRequest::save(
                    FileKind::Scenario,
                    format!("{}.ron", slug(&name)),
                    PathPurpose::Save { then },
                    "Not saved",
                );
                match self.ask_path(request) {
                    Asked::Now(path) => path,
                    Asked::Nothing | Asked::Later => return false,
                }
            }
        };
        match self.save_to(&path) {
            Ok(()) => true,
            Err(message) => {
                self.save_failed(message);
                false
            }
        }
    }

    /// Says why a save failed, unless it asks about a change on disk instead.
    fn save_failed(&mut self, message: String) {
        if matches!(self.modal, Some(Modal::DiskChanged(_))) {
            self.status = format!("Not saved: {message}.");
        } else {
            self.modal = Some(Modal::Message(format!("Could not save: {message}")));
        }
    }

    /// Asks for a path through the system's dialog, or the studio's own where that cannot be
    /// shown or the user prefers it.
    pub fn ask_path(&mut self, request: PathRequest) -> Asked {
        let request = if request.folder.is_none() { request.beside(self.desk.path()) } else { request };
        super::file_dialogs::ask(
            self.dialogs.as_ref(),
            self.prefs.own_file_dialog,
            &mut self.in_app_dialog,
            &mut self.status,
            request,
        )
    }

    /// Hands a path the in-app dialog chose to what asked for it; `None`: it was cancelled.
    pub fn path_chosen(&mut self, request: PathRequest, path: Option<PathBuf>, ctx: &Context) {
        let Some(path) = path else {
            self.status = format!("{}: no file was chosen.", request.nothing_done);
            return;
        };
        match request.purpose {
            PathPurpose::Open => self.proceed(Pending::Open(path)),
            PathPurpose::Save { then } => match self.save_to(&path) {
                Ok(()) => {
                    if let Some(pending) = then {
                        self.proceed(pending);
                    }
                }
                Err(message) => self.save_failed(message),
            },
            PathPurpose::Export { pdf } => {
                super::export_dialog::begin_at(&mut self.export, self.desk.as_ref(), pdf, path, ctx);
            }
            PathPurpose::Art(target) => self.assign_art(&target, &path),
            PathPurpose::Bundle => self.write_bundle(&path),
            PathPurpose::FindArt(image) => self.relink_art(&image, &path),
            PathPurpose::Background => self.assign_background(&path),
            PathPurpose::Desk { id, index } => {
                let (desk, mut cx) = self.desk_and_context();
                desk.path_chosen(&mut cx, id, index, &path);
            }
        }
    }

    /// Asks for the file of the art's image `image`, which cannot be read ("Find the file…").
    pub fn find_art_file(&mut self, image: String) {
        let request = PathRequest::open(FileKind::Image, PathPurpose::FindArt(image.clone()), "No file was found");
        if let Asked::Now(path) = self.ask_path(request) {
            self.relink_art(&image, &path);
        }
    }

    /// Puts the image at `path` (kept beside the scenario) wherever the art names `image`, as
    /// one undoable step; a refusal is told in a dialog.
    pub fn relink_art(&mut self, image: &str, path: &Path) {
        match super::art_panel::image_beside(self.desk.path(), path) {
            Ok(found) => {
                let mut art = self.desk.document().art().clone();
                let mut backdrop = self.desk.document().backdrop().cloned();
                let background = backdrop.as_mut().map(|b| &mut b.image);
                for named in art.kinds.values_mut().chain(art.logo.as_mut()).chain(art.cover.as_mut()).chain(background)
                {
                    if named == image {
                        named.clone_from(&found);
                    }
                }
                self.desk.document_mut().set_art(&format!("finding {image}"), backdrop, art);
                self.status = format!("{found} now stands for {image}.");
            }
            Err(why) => self.modal = Some(Modal::Message(format!("The file was not used: {why}"))),
        }
    }

    /// Writes the open scenario as it stands, with every image it names, as a bundle at `out`.
    pub fn write_bundle(&mut self, out: &Path) {
        let out = FileKind::Bundle.with_extension(out.to_path_buf());
        let Some(path) = self.desk.path().map(Path::to_path_buf) else { return };
        let written = self.desk.text().and_then(|text| {
            let document = self.desk.document();
            let mut images: Vec<&str> = document.backdrop().map(|b| b.image.as_str()).into_iter().collect();
            images.extend(document.art().images().into_iter().map(|(_, image)| image));
            images.sort_unstable();
            images.dedup();
            crate::bundle::write_bundle(&path, &text, &images, &out)
        });
        match written {
            Ok(missing) if missing.is_empty() => self.status = format!("Wrote the bundle {}.", out.display()),
            Ok(missing) => {
                self.modal = Some(Modal::Message(format!(
                    "Wrote the bundle {}, without what could not be read: {}",
                    out.display(),
                    missing.join("; ")
                )));
            }
            Err(why) => self.modal = Some(Modal::Message(format!("The bundle was not written: {why}"))),
        }
    }

    /// Does what the Art panel asked: asks for an image, or takes one away.
    pub fn art_action(&mut self, action: super::art_panel::ArtAction, ctx: &Context) {
        match action {
            super::art_panel::ArtAction::Choose(target) => {
                let purpose = PathPurpose::Art(target.clone());
                let request = PathRequest::open(FileKind::Image, purpose, "No image was assigned");
                if let super::file_dialogs::Asked::Now(path) = self.ask_path(request) {
                    self.assign_art(&target, &path);
                }
            }
            super::art_panel::ArtAction::Remove(target) => {
                self.status = super::art_panel::remove(self.desk.as_mut(), &target);
            }
            super::art_panel::ArtAction::ChooseBackground => {
                let request = PathRequest::open(FileKind::Image, PathPurpose::Background, "No background was chosen");
                if let super::file_dialogs::Asked::Now(path) = self.ask_path(request) {
                    self.assign_background(&path);
                }
            }
            super::art_panel::ArtAction::RemoveBackground => {
                self.status = super::art_panel::place_background(self.desk.as_mut(), None);
            }
            super::art_panel::ArtAction::PlaceBackground(placed) => {
                self.status = super::art_panel::place_background(self.desk.as_mut(), Some(placed));
            }
        }
        ctx.request_repaint();
    }

    /// Lays the image at `path` under the board, as one undoable step; a refusal is told in a
    /// dialog.
    pub fn assign_background(&mut self, path: &std::path::Path) {
        match super::art_panel::assign_background(self.desk.as_mut(), path) {
            Ok(said) => self.status = said,
            Err(why) => self.modal = Some(Modal::Message(format!("The background was not laid: {why}"))),
        }
    }

    /// Gives `target` the image at `path`, as one undoable step; a refusal is told in a dialog.
    pub fn assign_art(&mut self, target: &crate::art::ArtTarget, path: &std::path::Path) {
        match super::art_panel::assign(self.desk.as_mut(), target, path) {
            Ok(said) => self.status = said,
            Err(why) => self.modal = Some(Modal::Message(format!("The image was not assigned: {why}"))),
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
            Pending::New(text) => match self.desk_for(&text, None) {
                Ok(desk) => {
                    let game = desk.game();
                    self.open_desk(desk);
                    self.status = format!("New {game} scenario.");
                }
                Err(message) => self.modal = Some(Modal::Message(format!("No new scenario: {message}"))),
            },
            Pending::Open(path) => {
                if let Err(message) = self.open_path(&path) {
                    self.modal = Some(Modal::Message(format!("Could not open {message}")));
                }
            }
            Pending::OpenDialog => {
                if let Asked::Now(path) =
                    self.ask_path(PathRequest::open(FileKind::Openable, PathPurpose::Open, "Nothing opened"))
                {
                    self.proceed(Pending::Open(path));
                }
            }
            Pending::Quit => {
                self.clear_recovery();
                self.allow_close = true;
            }
        }
    }

    /// Saves from the unsaved-work prompt; returns whether it was saved.
    pub fn save_for_prompt(&mut self, then: Pending) -> bool {
        self.save(false, Some(then))
    }

    /// Goes on with what the unsaved-work prompt held back.
    pub fn continue_after_prompt(&mut self, pending: Pending) {
        self.modal = None;
        self.proceed(pending);
    }

    /// Opens work from the recovery file (its text) as a modified, unsaved document that
    /// belongs to `origin`, the user's file it was last saved to, if any.
    pub fn restore(&mut self, text: &str, origin: Option<&Path>) {
        match self.desk_for(text, None) {
            Ok(mut desk) => {
                if let Some(origin) = origin {
                    desk.saved_to(origin);
                }
                // Not saved as it stands: marked modified, so it is not taken for saved work.
                desk.mark_unsaved();
                self.open_desk(desk);
                // Saving goes back to the origin as it stands now: restoring is the person's
                // choice of this work over whatever the file holds.
                if let Some(origin) = origin
                    && let Ok(now) = crate::files::read_limited(origin)
                {
                    self.on_disk = Some(super::disk_copy::DiskCopy::of(origin, now.as_bytes()));
                }
                self.status = match origin {
                    Some(origin) => format!(
                        "Restored unsaved work on {} from the recovery file. Save (Ctrl+S) to write it there.",
                        origin.display()
                    ),
                    None => "Restored unsaved work from the recovery file. Save it to keep it.".into(),
                };
            }
            Err(message) => self.status = format!("The recovery file cannot be read: {message}"),
        }
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
        if self.desk.in_playtest() && !command.allowed_in_playtest() {
            self.status = format!("{} is not available during a playtest; leave it first (F5).", command.label());
            return;
        }
        match command {
            UiCommand::Open => self.guard(Pending::OpenDialog),
            UiCommand::Save => {
                self.save(false, None);
            }
            UiCommand::SaveAs => {
                self.save(true, None);
            }
            UiCommand::Quit => self.guard(Pending::Quit),
            UiCommand::Undo => {
                self.status = match self.desk.undo() {
                    Some(label) => format!("Undid {label}."),
                    None => "Nothing to undo.".into(),
                };
            }
            UiCommand::Redo => {
                self.status = match self.desk.redo() {
                    Some(label) => format!("Redid {label}."),
                    None => "Nothing to redo.".into(),
                };
            }
            UiCommand::Symmetry(symmetry) => {
                if let Err(refusal) = self.desk.set_symmetry(symmetry) {
                    self.status = refusal;
                }
            }
            UiCommand::New => {
                // The open game's form first: a designer most often starts another of the same.
                let open = super::DESKS.iter().position(|g| g.title() == self.desk.game()).unwrap_or(0);
                self.modal = self.new_form(open).map(Modal::NewScenario);
            }
            UiCommand::Export => match self.desk.open_scenario() {
                Ok(scenario) => {
                    let preset = super::desk::PrintPreset {
                        square_mm: scenario.default_scale() / crate::export::PT_PER_MM,
                        paper: scenario.default_paper(),
                        sheets: scenario.sheets(),
                        extra_counters: self.desk.has_extra_counters(),
                    };
                    self.export = Some(super::export_dialog::ExportDialog::new(preset));
                }
                Err(message) => self.status = format!("Nothing to export: {message}"),
            },
            UiCommand::ZoomFit => self.view.fit = true,
            UiCommand::ZoomIn => {
                self.view.zoom = (self.view.zoom * 1.25).min(160.0);
                self.view.fitted = false;
            }
            UiCommand::ZoomOut => {
                self.view.zoom = (self.view.zoom / 1.25).max(2.0);
                self.view.fitted = false;
            }
            UiCommand::Toggle(toggle) => *self.prefs.shown_mut(toggle) ^= true,
            UiCommand::CommandPalette => self.modal = Some(Modal::CommandPalette(String::new())),
            UiCommand::Art => self.art.open = true,
            UiCommand::SaveBundle => {
                if self.desk.path().is_none() {
                    self.modal = Some(Modal::Message(
                        "Save the scenario first: a bundle carries the images kept beside its file.".into(),
                    ));
                    return;
                }
                let name = self.desk.name().to_owned();
                let request = PathRequest::save(
                    FileKind::Bundle,
                    format!("{}.zip", slug(&name)),
                    PathPurpose::Bundle,
                    "No bundle written",
                );
                if let Asked::Now(path) = self.ask_path(request) {
                    self.write_bundle(&path);
                }
            }
            UiCommand::Copy | UiCommand::Cut | UiCommand::Paste => self.run_clipboard(command, ctx),
            // The rest is each game's own: its playtest, tools, editing and dialogs.
            other => {
                let (desk, mut cx) = self.desk_and_context();
                desk.run_command(&mut cx, other);
            }
        }
        self.take_editor_feedback();
        ctx.request_repaint();
    }

    /// Clears a status message that has shown for [`STATUS_SECONDS`]; a new message starts its
    /// own time. Returns the seconds until the message showing now clears, if any.
    pub fn age_status(&mut self, now: f64) -> Option<f64> {
        if self.status != self.status_seen.0 {
            self.status_seen = (self.status.clone(), now);
        }
        if self.status.is_empty() {
            return None;
        }
        let left = STATUS_SECONDS - (now - self.status_seen.1);
        if left <= 0.0 {
            self.status.clear();
            self.status_seen.0.clear();
            return None;
        }
        Some(left)
    }

    /// Moves what the editor has to say to the status bar.
    pub fn take_editor_feedback(&mut self) {
        if let Some(message) = self.desk.take_feedback() {
            self.status = message;
        }
    }
}

/// The game whose rules accept a replacement ruleset's text.
///
/// # Errors
/// No game's rules accept it: each game's first problem is named.
pub(crate) fn ruleset_game(text: &str) -> Result<&'static str, String> {
    let mut problems = Vec::new();
    for game in super::DESKS {
        let Some(system) = crate::systems::system(game.system_id()) else { continue };
        match system.rules(Some(text)) {
            Ok(_) => return Ok(game.system_id()),
            Err(problem) => {
                // The report opens with a count ("the ruleset has 1 problem(s):"); its first
                // problem says what and where.
                let mut lines = problem.text.lines();
                let heading = lines.next().unwrap_or("not a ruleset");
                let first = lines.next().map_or(heading, str::trim);
                problems.push(format!("as {}: {first}", system.title()));
            }
        }
    }
    Err(format!("the ruleset fits no game ({})", problems.join("; ")))
}
