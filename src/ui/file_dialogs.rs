//! File dialogs behind a trait: the system's own through rfd, and in tests dialogs that answer
//! with fixed paths.

use std::path::PathBuf;

/// Asks the user for paths.
pub trait FileDialogs {
    /// A scenario or AWBW map to open.
    fn open_file(&self) -> Option<PathBuf>;
    /// Where to save, suggesting a file name.
    fn save_file(&self, suggested_name: &str) -> Option<PathBuf>;
}

/// The system's dialogs (through the XDG portal on Linux); `None` when none is available.
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn open_file(&self) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .add_filter("Scenarios and AWBW maps", &["ron", "json", "csv", "txt"])
            .add_filter("Skirmish scenario", &["ron"])
            .pick_file()
    }

    fn save_file(&self, suggested_name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new().add_filter("Skirmish scenario", &["ron"]).set_file_name(suggested_name).save_file()
    }
}
