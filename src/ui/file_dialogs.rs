//! Asking the user for paths: the system's dialogs through rfd, and where none answers (no
//! desktop portal, no zenity) the studio's own in-app dialog (egui_file), in which a path can
//! be typed. A request names the kind of file (its filter) and what the path is for, so the
//! in-app dialog, answered frames later, hands the path to the same place a native one would.

use super::shell::Pending;
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The kinds of file the studio reads and writes, each with its own filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// Anything the studio opens: a scenario of any game, or a map a game imports.
    Openable,
    /// A scenario file.
    Scenario,
    /// A saved game (a playtest's actions).
    SavedGame,
    /// A file of a game's own (a squad), named and filtered as the game declares it.
    Own {
        /// The filter's name ("Skirm squad").
        name: &'static str,
        /// Its extension.
        extension: &'static str,
    },
    /// A PDF export.
    Pdf,
    /// A PNG export.
    Png,
    /// The designer's image (PNG or JPEG), for the Art panel.
    Image,
    /// A scenario with its art, as one zip.
    Bundle,
}

impl FileKind {
    /// The filter's name, as the dialog shows it.
    #[must_use]
    pub fn filter_name(self) -> &'static str {
        match self {
            FileKind::Openable => "Scenarios and maps to import",
            FileKind::Scenario => "Skirmish Studio scenario",
            FileKind::SavedGame => "Saved game",
            FileKind::Own { name, .. } => name,
            FileKind::Pdf => "PDF document",
            FileKind::Png => "PNG image",
            FileKind::Image => "PNG or JPEG image",
            FileKind::Bundle => "Scenario bundle (the scenario and its art)",
        }
    }

    /// The extensions the filter shows, the first being what a save adds when none is typed.
    #[must_use]
    pub fn extensions(self) -> Vec<&'static str> {
        match self {
            FileKind::Openable => {
                let mut all = vec!["ron", "zip"];
                for game in super::DESKS {
                    all.extend(game.import_extensions().iter().copied().filter(|e| *e != "ron"));
                }
                all.dedup();
                all
            }
            FileKind::Scenario | FileKind::SavedGame => vec!["ron"],
            FileKind::Own { extension, .. } => vec![extension],
            FileKind::Pdf => vec!["pdf"],
            FileKind::Png => vec!["png"],
            FileKind::Image => vec!["png", "jpg", "jpeg"],
            FileKind::Bundle => vec!["zip"],
        }
    }

    /// Whether `path` has one of the filter's extensions.
    #[must_use]
    pub fn accepts(self, path: &Path) -> bool {
        path.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| self.extensions().iter().any(|x| x.eq_ignore_ascii_case(e)))
    }

    /// A path to save to: `path` with the filter's extension added when it has none of them.
    #[must_use]
    pub fn with_extension(self, path: PathBuf) -> PathBuf {
        if self.accepts(&path) {
            return path;
        }
        let mut name = path.file_name().map(std::ffi::OsStr::to_os_string).unwrap_or_default();
        name.push(".");
        name.push(self.extensions().first().copied().unwrap_or("ron"));
        path.with_file_name(name)
    }
}

/// What a dialog answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The user chose this path.
    Chosen(PathBuf),
    /// The user closed the dialog without choosing.
    Cancelled,
    /// No dialog could be shown on this system.
    Unavailable,
}

/// Asks the user for paths.
pub trait FileDialogs {
    /// A file of `kind` to open, starting in `folder` where one is given.
    fn open_file(&self, kind: FileKind, folder: Option<&Path>) -> Answer;
    /// Where to save a file of `kind`, suggesting a file name, starting in `folder` where one
    /// is given.
    fn save_file(&self, kind: FileKind, suggested_name: &str, folder: Option<&Path>) -> Answer;
}

/// A native dialog that closes sooner than this was never shown: nobody answers a dialog
/// that fast, while rfd returns at once when neither a portal nor zenity is there.
const NO_DIALOG_WITHIN: Duration = Duration::from_millis(300);

/// The system's dialogs (through the XDG portal or zenity on Linux). Once one fails to show,
/// it is not tried again this run: the in-app dialog answers instead.
#[derive(Default)]
pub struct NativeDialogs {
    unavailable: Cell<bool>,
}

impl NativeDialogs {
    fn answer(&self, asked: Instant, path: Option<PathBuf>) -> Answer {
        match path {
            Some(path) => Answer::Chosen(path),
            None if asked.elapsed() < NO_DIALOG_WITHIN => {
                self.unavailable.set(true);
                Answer::Unavailable
            }
            None => Answer::Cancelled,
        }
    }

    fn dialog(kind: FileKind, folder: Option<&Path>) -> rfd::FileDialog {
        let dialog = rfd::FileDialog::new().add_filter(kind.filter_name(), &kind.extensions());
        match folder.filter(|f| f.is_dir()) {
            Some(folder) => dialog.set_directory(folder),
            None => dialog,
        }
    }
}

impl FileDialogs for NativeDialogs {
    fn open_file(&self, kind: FileKind, folder: Option<&Path>) -> Answer {
        if self.unavailable.get() {
            return Answer::Unavailable;
        }
        let asked = Instant::now();
        let path = Self::dialog(kind, folder).pick_file();
        self.answer(asked, path)
    }

    fn save_file(&self, kind: FileKind, suggested_name: &str, folder: Option<&Path>) -> Answer {
        if self.unavailable.get() {
            return Answer::Unavailable;
        }
        let asked = Instant::now();
        let path = Self::dialog(kind, folder).set_file_name(suggested_name).save_file();
        self.answer(asked, path.map(|p| kind.with_extension(p)))
    }
}

/// What a chosen path is for: the shell's own uses, or a desk's (its id and an index it reads
/// back, a squad's say).
#[derive(Debug, Clone)]
pub enum PathPurpose {
    /// Open a document.
    Open,
    /// Save the open document, then go on with what waited for the save (a prompt's).
    Save {
        /// What the unsaved-work prompt held back, if it asked for the save.
        then: Option<Pending>,
    },
    /// Export the open document (`pdf`: PDF, else PNG).
    Export {
        /// PDF rather than PNG.
        pdf: bool,
    },
    /// Write the open document and its art as a bundle.
    Bundle,
    /// The file for an image of the art that cannot be read (by its name in the scenario).
    FindArt(String),
    /// An image for the scenario's art (a kind's, the logo, the cover).
    Art(crate::art::ArtTarget),
    /// An image to lie under the board.
    Background,
    /// One of the open desk's own (a saved game, a squad).
    Desk {
        /// What the desk knows it by.
        id: u16,
        /// Which one (a squad's index), where it matters.
        index: usize,
    },
}

/// A request for a path.
#[derive(Debug, Clone)]
pub struct PathRequest {
    /// Saving (else opening).
    pub save: bool,
    /// The kind of file.
    pub kind: FileKind,
    /// The file name suggested when saving.
    pub suggested: String,
    /// What the path is for.
    pub purpose: PathPurpose,
    /// What the status bar says when no file is chosen ("The game was not saved").
    pub nothing_done: &'static str,
    /// The folder the dialog starts in: the open document's, where it has been saved.
    pub folder: Option<PathBuf>,
}

impl PathRequest {
    /// A path to open a file of `kind` from.
    #[must_use]
    pub fn open(kind: FileKind, purpose: PathPurpose, nothing_done: &'static str) -> Self {
        Self { save: false, kind, suggested: String::new(), purpose, nothing_done, folder: None }
    }

    /// A path to save a file of `kind` to, suggesting `suggested`.
    #[must_use]
    pub fn save(
        kind: FileKind,
        suggested: impl Into<String>,
        purpose: PathPurpose,
        nothing_done: &'static str,
    ) -> Self {
        Self { save: true, kind, suggested: suggested.into(), purpose, nothing_done, folder: None }
    }

    /// The same request, starting in the folder of `document` (the open document's file).
    #[must_use]
    pub fn beside(mut self, document: Option<&Path>) -> Self {
        self.folder = document.and_then(Path::parent).filter(|f| !f.as_os_str().is_empty()).map(Path::to_path_buf);
        self
    }
}

/// The outcome of asking: a path now, nothing, or a path later from the in-app dialog.
#[derive(Debug, Clone)]
pub enum Asked {
    /// A native dialog answered with this path.
    Now(PathBuf),
    /// The user chose nothing (the status bar says so).
    Nothing,
    /// The in-app dialog is open; its path comes to the request's purpose when chosen.
    Later,
}

/// Asks for a path: through the native dialogs unless the user prefers the studio's own or
/// none can be shown, else by opening the in-app dialog in `in_app`.
pub fn ask(
    dialogs: &dyn FileDialogs,
    prefer_in_app: bool,
    in_app: &mut Option<InAppDialog>,
    status: &mut String,
    request: PathRequest,
) -> Asked {
    let answer = if prefer_in_app {
        Answer::Unavailable
    } else if request.save {
        dialogs.save_file(request.kind, &request.suggested, request.folder.as_deref())
    } else {
        dialogs.open_file(request.kind, request.folder.as_deref())
    };
    match answer {
        Answer::Chosen(path) => Asked::Now(path),
        Answer::Cancelled => {
            *status = format!("{}: no file was chosen.", request.nothing_done);
            Asked::Nothing
        }
        Answer::Unavailable => {
            *in_app = Some(InAppDialog::new(request));
            Asked::Later
        }
    }
}

/// The studio's own file dialog over the window, with what its path is for.
pub struct InAppDialog {
    /// The request it answers.
    pub request: PathRequest,
    dialog: egui_file::FileDialog,
}

impl std::fmt::Debug for InAppDialog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InAppDialog").field("request", &self.request).finish_non_exhaustive()
    }
}

/// The folder the in-app dialog starts in: the user's documents, else home, else here.
fn start_folder() -> PathBuf {
    directories::UserDirs::new()
        .and_then(|d| d.document_dir().map(Path::to_path_buf).or_else(|| Some(d.home_dir().to_path_buf())))
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default()
}

impl InAppDialog {
    /// The dialog for `request`, open.
    #[must_use]
    pub fn new(request: PathRequest) -> Self {
        let kind = request.kind;
        // The file field below takes a name or a whole path; the title says what is asked.
        let title = if request.save {
            format!("Save as: {}", kind.filter_name())
        } else {
            format!("Open: {}", kind.filter_name())
        };
        let base = if request.save { egui_file::FileDialog::save_file() } else { egui_file::FileDialog::open_file() };
        let mut dialog = base
            .title(&title)
            .id(egui::Id::unique("in-app-file-dialog"))
            .initial_path(request.folder.clone().filter(|f| f.is_dir()).unwrap_or_else(start_folder))
            .default_filename(request.suggested.clone())
            .default_size(egui::vec2(560.0, 420.0))
            .show_rename(false)
            .file_label_text(std::borrow::Cow::Borrowed("Name or whole path:"))
            .show_files_filter(Box::new(move |path: &Path| kind.accepts(path)));
        dialog.open();
        Self { request, dialog }
    }

    /// Draws the dialog; `Some(Some(path))` once a path is chosen (a save's with its filter's
    /// extension), `Some(None)` when it was cancelled, `None` while it is open.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Option<PathBuf>> {
        self.dialog.show(ctx);
        match self.dialog.state() {
            egui_file::State::Open => None,
            egui_file::State::Selected => {
                let path = self.dialog.path().map(Path::to_path_buf);
                Some(path.map(|p| if self.request.save { self.request.kind.with_extension(p) } else { p }))
            }
            egui_file::State::Cancelled | egui_file::State::Closed => Some(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_gets_its_filters_extension_when_none_of_them_is_typed() {
        assert_eq!(FileKind::Pdf.with_extension("/tmp/board".into()), PathBuf::from("/tmp/board.pdf"));
        assert_eq!(FileKind::Pdf.with_extension("/tmp/board.PDF".into()), PathBuf::from("/tmp/board.PDF"));
        assert_eq!(FileKind::Scenario.with_extension("/tmp/a.b".into()), PathBuf::from("/tmp/a.b.ron"));
        assert!(FileKind::Openable.accepts(Path::new("map.csv")));
        assert!(!FileKind::Png.accepts(Path::new("map.pdf")));
    }

    #[test]
    fn a_native_dialog_that_closes_at_once_was_never_shown_and_is_not_asked_again() {
        let dialogs = NativeDialogs::default();
        let long_ago = Instant::now().checked_sub(Duration::from_secs(5)).unwrap_or_else(Instant::now);
        assert_eq!(dialogs.answer(long_ago, None), Answer::Cancelled, "a user took five seconds to cancel");
        assert!(!dialogs.unavailable.get());
        assert_eq!(dialogs.answer(Instant::now(), None), Answer::Unavailable);
        // From then on the in-app dialog answers, without trying the system's again.
        assert_eq!(dialogs.save_file(FileKind::Pdf, "board.pdf", None), Answer::Unavailable);
        assert_eq!(dialogs.open_file(FileKind::Openable, None), Answer::Unavailable);
    }
}
