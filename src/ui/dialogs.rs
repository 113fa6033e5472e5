//! File dialogs behind a trait (native ones through rfd; tests supply paths) and the modal
//! dialogs: unsaved work, new scenario, resize, replace terrain, recovery, command palette.

use super::app::{Modal, NewGame, Pending, StudioApp};
use super::commands::UiCommand;
use egui::{Context, Id, RichText};
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

/// Shows whichever modal dialog is open.
pub fn modals(app: &mut StudioApp, ctx: &Context) {
    let Some(modal) = app.modal.clone() else { return };
    let kind = std::mem::discriminant(&modal);
    let mut close = false;
    let mut next: Option<Modal> = None;
    let response = egui::Modal::new(Id::unique("studio-modal")).show(ctx, |ui| {
        ui.set_max_width(460.0);
        match modal {
            Modal::Message(text) => {
                ui.label(text);
                if ui.button("OK").clicked() {
                    close = true;
                }
            }
            Modal::Unsaved(pending) => {
                ui.heading("Unsaved changes");
                ui.label(format!("{} has changes that are not saved.", app.desk.name()));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        close = true;
                        if app.save_for_prompt() {
                            app.continue_after_prompt(pending.clone());
                        }
                    }
                    if ui.button("Don't save").clicked() {
                        close = true;
                        app.continue_after_prompt(pending.clone());
                    }
                    if ui.button("Cancel").clicked() {
                        close = true;
                    }
                });
            }
            Modal::NewScenario(mut form) => {
                ui.heading("New scenario");
                ui.horizontal(|ui| {
                    ui.label("Game");
                    let before = form.game;
                    ui.selectable_value(&mut form.game, NewGame::Swat, "Skirmish Wars");
                    ui.selectable_value(&mut form.game, NewGame::Skirm, "Skirm");
                    // Each game's defaults: a Skirmish Wars board, or a Skirm battle map.
                    if form.game != before {
                        (form.width, form.height) = if form.game == NewGame::Skirm { (12, 12) } else { (24, 18) };
                    }
                });
                let skirm = form.game == NewGame::Skirm;
                if skirm {
                    ui.label(
                        "A battle map of 40 mm squares: open ground, the first mission, two rows of deployment \
                         zone at each end and two empty squads to build.",
                    );
                }
                let most = if skirm { super::skirm::MAX_SIDE } else { 200 };
                egui::Grid::new("new-form").show(ui, |ui| {
                    ui.label("Width");
                    ui.add(egui::DragValue::new(&mut form.width).range(if skirm { 4 } else { 1 }..=most));
                    ui.end_row();
                    ui.label("Height");
                    ui.add(egui::DragValue::new(&mut form.height).range(if skirm { 4 } else { 1 }..=most));
                    ui.end_row();
                    if skirm {
                        return;
                    }
                    ui.label("Players");
                    ui.add(egui::DragValue::new(&mut form.players).range(2..=4));
                    ui.end_row();
                    ui.label("Tile size");
                    ui.add(egui::DragValue::new(&mut form.tile_size).range(2..=12));
                    ui.end_row();
                    ui.label("Fill with");
                    super::swat::terrain_combo(&app.swat_rules, ui, "new-fill", &mut form.fill);
                    ui.end_row();
                });
                if !skirm {
                    ui.checkbox(&mut form.from_tiles, "Lay the board out from library tiles");
                }
                ui.horizontal(|ui| {
                    if ui.button("Create").clicked() {
                        close = true;
                        let text = if skirm {
                            super::skirm::new_scenario_text(form.width, form.height)
                        } else {
                            super::swat::SwatDesk::new_scenario_text(&app.swat_rules, &form)
                        };
                        match text {
                            Ok(text) => app.guard(Pending::New(text)),
                            Err(message) => next = Some(Modal::Message(format!("No new scenario: {message}"))),
                        }
                    } else if ui.button("Cancel").clicked() {
                        close = true;
                    } else {
                        next = Some(Modal::NewScenario(form));
                    }
                });
            }
            resize @ (Modal::Resize(_) | Modal::ReplaceAll(..)) => {
                let (closed, again) = super::swat::swat_modal(app, ui, resize);
                close = closed;
                next = again;
            }
            Modal::Recover(recovered) => {
                ui.heading("Recover unsaved work?");
                ui.label(format!(
                    "Unsaved work on \"{}\" was kept from a session that did not close normally.",
                    recovered.name
                ));
                ui.horizontal(|ui| {
                    if ui.button("Restore it").clicked() {
                        close = true;
                        app.restore(&recovered.text);
                    }
                    if ui.button("Discard it").clicked() {
                        close = true;
                        app.discard_recovery();
                    }
                });
            }
            Modal::CommandPalette(mut query) => {
                ui.heading("Commands");
                let edit = ui.add(egui::TextEdit::singleline(&mut query).hint_text("Type to search commands"));
                edit.request_focus();
                let lower = query.to_lowercase();
                let matches: Vec<UiCommand> = UiCommand::all()
                    .into_iter()
                    .filter(|c| c.available(&app.desk) && c.label().to_lowercase().contains(&lower))
                    .collect();
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                let mut chosen = None;
                egui::ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
                    for command in &matches {
                        let shortcut = command.shortcut_text(ui.ctx());
                        if ui
                            .add(egui::Button::new(command.label()).shortcut_text(RichText::new(shortcut).weak()))
                            .clicked()
                        {
                            chosen = Some(*command);
                        }
                    }
                });
                if enter {
                    chosen = matches.first().copied();
                }
                if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    close = true;
                } else if let Some(command) = chosen {
                    close = true;
                    app.modal = None;
                    app.queue(command);
                } else {
                    next = Some(Modal::CommandPalette(query));
                }
            }
        }
    });
    if response.should_close() && !matches!(app.modal, Some(Modal::Recover(_))) {
        close = true;
    }
    if close {
        // Close only the dialog shown this frame: a command it ran may have opened another.
        if app.modal.as_ref().is_some_and(|m| std::mem::discriminant(m) == kind) {
            app.modal = None;
        }
    } else if let Some(next) = next {
        app.modal = Some(next);
    }
}
