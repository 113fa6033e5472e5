//! Helpers the window tests share: file dialogs that answer with fixed paths, and the bundled
//! samples' paths.

#![allow(dead_code)]

use skirmish_studio::ui::FileDialogs;
use std::path::{Path, PathBuf};

/// Dialogs that answer with fixed paths.
pub struct Answers {
    /// What the open dialog answers.
    pub open: Option<PathBuf>,
    /// What the save dialog answers.
    pub save: Option<PathBuf>,
}

impl FileDialogs for Answers {
    fn open_file(&self) -> Option<PathBuf> {
        self.open.clone()
    }

    fn save_file(&self, _suggested: &str) -> Option<PathBuf> {
        self.save.clone()
    }
}

/// A bundled sample scenario.
pub fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)
}
