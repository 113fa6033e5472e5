//! The only module that knows egui, eframe and rfd: the editor window. The shell (frame,
//! menus, commands, dialogs, export, files, autosave, the map view) serves every game; each
//! game's screens live in its own folder here (`swat`, `skirm`), which alone names its game
//! system.

mod app;
mod commands;
mod desk;
mod dialogs;
mod export_dialog;
mod live;
mod sketch;
mod skirm;
mod style;
mod swat;
mod view;

pub use app::{AppConfig, FIRST_RUN_SAMPLE, Modal, NewForm, NewGame, Pending, Prefs, Recovered, StudioApp, View};
pub use commands::{Menu, UiCommand, ViewToggle};
pub use desk::Desk;
pub use dialogs::{FileDialogs, NativeDialogs};
pub use export_dialog::ExportDialog;
pub use live::LiveFindings;
pub use skirm::{SkirmDesk, SkirmPlay};
pub use swat::{BalancePanel, PlayState, SwatDesk};
pub use view::Placement;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use swat::Rules as Ruleset;

/// Opens the editor window on `open`, or on the most recent file, or on the bundled sample,
/// with the replacement ruleset at `ruleset` when one is given.
///
/// # Errors
/// When the ruleset cannot be used or the window cannot be created (no display, no OpenGL).
pub fn run_app(ruleset: Option<&Path>, open: Option<PathBuf>) -> Result<(), String> {
    let rules = match ruleset {
        None => Ruleset::builtin(),
        Some(path) => Ruleset::from_ron(&crate::files::read_limited(path)?),
    }
    .map_err(|e| format!("the ruleset cannot be used: {e}"))?;
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Skirmish Studio")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([800.0, 500.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    let rules = Arc::new(rules);
    eframe::run_native(
        "Skirmish Studio",
        options,
        Box::new(move |cc| {
            let prefs: Prefs = cc.storage.and_then(|s| eframe::get_value(s, app::PREFS_KEY)).unwrap_or_default();
            Ok(Box::new(StudioApp::new(rules, AppConfig::native(prefs, open))))
        }),
    )
    .map_err(|e| e.to_string())
}
