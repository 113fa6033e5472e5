//! The only module that knows egui, eframe and rfd: the editor window. The shell (frame,
//! menus, commands, dialogs, export, the Balance panel, files, autosave, the map view) serves
//! every game through the [`Desk`] trait; each game's screens live in their own folder here
//! (`ui/<game>/`) and alone name their game system. This file is the window's registry: the
//! one place in the shell that names the games, one line each in [`DESKS`].

mod app;
pub mod armored;
mod art_panel;
mod balance_panel;
mod clip;
mod commands;
mod desk;
mod dialogs;
pub mod disk_copy;
pub(crate) mod dock;
mod export_dialog;
mod file_dialogs;
mod frame;
mod generate_form;
mod gesture;
mod lab_job;
mod levels_panel;
mod live;
mod miniature;
pub mod modern;
mod open_table;
mod readings_panel;
mod shell;
mod sketch;
pub mod skirm;
mod style;
mod suggest_panel;
pub mod swat;
mod view;
mod widgets;

pub use app::{AppConfig, STATUS_SECONDS, StudioApp};
pub use art_panel::REFERENCE_IMAGE;
pub use balance_panel::BalancePanel;
pub use commands::{GameCommand, Menu, UiCommand, ViewToggle};
pub use desk::{Desk, DeskCommands, DeskContext, DeskDefinition, DeskExt, GameDesk, Miniature, PrintPreset, SizeForm};
pub use export_dialog::ExportDialog;
pub use file_dialogs::{Answer, FileDialogs, FileKind, NativeDialogs};
pub use live::LiveFindings;
pub use shell::{DiskChanged, Modal, NewForm, NewScenarioForm, Pending, Prefs, Recovered};
pub use view::{Placement, View};

use std::path::{Path, PathBuf};

/// Every game the window edits, in the New scenario dialog's order; the first one's sample
/// opens on the first run. Adding a game to the window is its folder `ui/<game>/` and one line
/// here.
pub static DESKS: &[&dyn GameDesk] = &[&swat::SwatGame, &skirm::SkirmGame, &armored::ArmoredGame, &modern::ModernGame];

/// Opens the editor window on `open`, or on the most recent file, or on the bundled sample,
/// with the replacement ruleset at `ruleset` (for whichever game its rules fit) when one is
/// given.
///
/// # Errors
/// When the ruleset cannot be used or the window cannot be created (no display, no OpenGL).
pub fn run_app(ruleset: Option<&Path>, open: Option<PathBuf>) -> Result<(), String> {
    let ruleset = ruleset.map(crate::files::read_limited).transpose()?;
    // Checked before the window opens, so a bad ruleset is an error on the command line.
    if let Some(text) = &ruleset {
        app::ruleset_game(text).map_err(|e| format!("the ruleset cannot be used: {e}"))?;
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Skirmish Studio")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([800.0, 500.0])
            .with_drag_and_drop(true)
            .with_icon(studio_icon()?),
        ..Default::default()
    };
    eframe::run_native(
        "Skirmish Studio",
        options,
        Box::new(move |cc| {
            let prefs: Prefs = cc.storage.and_then(|s| eframe::get_value(s, shell::PREFS_KEY)).unwrap_or_default();
            let app = StudioApp::try_new(ruleset, AppConfig::native(prefs, open))?;
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| e.to_string())
}

/// The studio's window icon, `assets/icon.png`, decoded through the same bounded reader as a
/// designer's art.
///
/// # Errors
/// When the bundled file does not decode (a broken build).
pub fn studio_icon() -> Result<egui::IconData, String> {
    let icon = crate::art::decode_picture(include_bytes!("../../assets/icon.png").to_vec(), "assets/icon.png")?;
    Ok(egui::IconData { rgba: icon.rgba.to_vec(), width: icon.width, height: icon.height })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::expect_used)]
    use super::*;

    #[test]
    fn the_window_icon_decodes_from_assets_at_its_own_size() {
        let icon = studio_icon().expect("assets/icon.png decodes");
        assert_eq!((icon.width, icon.height, icon.rgba.len()), (256, 256, 256 * 256 * 4));
    }

    #[test]
    fn every_desk_opens_its_sample_and_no_two_of_its_commands_share_a_shortcut() {
        for game in DESKS {
            let desk = game.open(game.sample(), None).expect("the bundled sample opens");
            let all = UiCommand::all(desk.game_commands());
            for command in &all {
                assert!(!command.label().is_empty() && !command.label().starts_with(|c: char| c.is_lowercase()));
            }
            let mut seen = std::collections::HashMap::new();
            for (command, shortcut) in desk::shortcut_order(desk.as_ref()) {
                if let Some(other) = seen.insert(shortcut, command) {
                    panic!("{command:?} and {other:?} share a shortcut on {}", game.title());
                }
            }
            // Every command is listed once.
            for command in &all {
                assert_eq!(all.iter().filter(|c| *c == command).count(), 1, "{command:?}");
            }
        }
    }
}
