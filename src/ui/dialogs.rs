//! The modal dialogs over the window: a message, unsaved work, the new-scenario form of each
//! game, the open desk's own dialog, recovered work, a file changed on disk and the command
//! palette.

use super::app::StudioApp;
use super::commands::UiCommand;
use super::desk::offers;
use super::disk_copy::{DiskChange, differing_lines};
use super::generate_form::{Game, GeneratedStart};
use super::shell::{Modal, Pending};
use crate::ui::desk::DeskExt as _;
use egui::{Context, Id, RichText};

/// Shows whichever modal dialog is open.
pub fn modals(app: &mut StudioApp, ctx: &Context) {
    let Some(modal) = app.modal.clone() else { return };
    let kind = std::mem::discriminant(&modal);
    let mut close = false;
    let mut next: Option<Modal> = None;
    // Held by its top edge, not centred: a dialog that grows or shrinks as its choices change
    // (another game's form, a generated start) never moves under the pointer.
    let area = egui::Modal::default_area(Id::unique("studio-modal")).anchor(egui::Align2::CENTER_TOP, [0.0, 60.0]);
    let response = egui::Modal::new(Id::unique("studio-modal")).area(area).show(ctx, |ui| {
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
                        if app.save_for_prompt(pending.clone()) {
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
                    for (index, game) in super::DESKS.iter().enumerate() {
                        if ui.selectable_label(form.game == index, game.title()).clicked() && form.game != index {
                            // Each game's own form, with its defaults; a generated start stays one.
                            if let Some(mut other) = app.new_form(index) {
                                other.generated = form.generated.is_some().then(|| Box::new(GeneratedStart::new()));
                                form = other;
                            }
                        }
                    }
                });
                ui.horizontal(|ui| {
                    ui.label("Start from");
                    if ui.selectable_label(form.generated.is_none(), "A blank scenario").clicked() {
                        form.generated = None;
                    }
                    if ui.selectable_label(form.generated.is_some(), "A generated start").clicked()
                        && form.generated.is_none()
                    {
                        form.generated = Some(Box::new(GeneratedStart::new()));
                    }
                });
                let game = super::DESKS.get(form.game).copied();
                match (&mut form.generated, game) {
                    (Some(start), Some(game)) => {
                        let ruleset = app.ruleset_for(game.system_id());
                        let miniature = |text: &str| game.open(text, ruleset).map(|desk| desk.print_preview());
                        start.ui(ui, &Game { id: game.system_id(), ruleset, miniature: &miniature });
                    }
                    _ => form.form.ui(ui),
                }
                ui.horizontal(|ui| {
                    if ui.button("Create").clicked() {
                        close = true;
                        let made = match &form.generated {
                            Some(start) => start.text(),
                            None => form.form.create(),
                        };
                        match made {
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
            Modal::Desk => {
                let (desk, mut cx) = app.desk_and_context();
                if desk.dialog(&mut cx, ui) {
                    next = Some(Modal::Desk);
                } else {
                    close = true;
                }
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
                        app.restore(&recovered.text, recovered.path.as_deref());
                    }
                    if ui.button("Discard it").clicked() {
                        close = true;
                        app.discard_recovery();
                    }
                });
            }
            Modal::DiskChanged(mut changed) => {
                let modified = app.desk.is_modified();
                let file = app.on_disk.as_ref().map_or_else(String::new, |c| c.path.display().to_string());
                ui.heading("The file changed on disk");
                let said = match (&changed.change, modified) {
                    (DiskChange::Removed, _) => format!(
                        "Another program deleted or moved {file}. Your version is still here: save it to write the file again."
                    ),
                    (DiskChange::Changed(_), true) => format!(
                        "Another program changed {file}, and you have unsaved edits here. Reload its version, or keep yours: then saving writes yours over it, or Save as keeps both."
                    ),
                    (DiskChange::Changed(_), false) => {
                        format!("Another program changed {file}. You have no unsaved edits here: reload to see its version.")
                    }
                };
                ui.label(said);
                ui.horizontal_wrapped(|ui| {
                    if let DiskChange::Changed(text) = &changed.change {
                        let reload = if modified { "Reload (drop my edits)" } else { "Reload" };
                        if ui.button(reload).clicked() {
                            close = true;
                            app.reload_from_disk(text);
                        }
                    }
                    if ui.button("Keep mine").clicked() {
                        close = true;
                        app.keep_mine(&changed.change);
                    }
                    if matches!(changed.change, DiskChange::Changed(_))
                        && ui.selectable_label(changed.comparing, "Compare").clicked()
                    {
                        changed.comparing = !changed.comparing;
                    }
                });
                if let (true, DiskChange::Changed(text)) = (changed.comparing, &changed.change) {
                    ui.set_max_width(900.0);
                    compare(ui, &app.desk.text().unwrap_or_default(), text);
                }
                if !close {
                    next = Some(Modal::DiskChanged(changed));
                }
            }
            Modal::CommandPalette(mut query) => {
                ui.heading("Commands");
                let edit = ui.add(egui::TextEdit::singleline(&mut query).hint_text("Type to search commands"));
                edit.request_focus();
                let lower = query.to_lowercase();
                let matches: Vec<UiCommand> = UiCommand::all(app.desk.game_commands())
                    .into_iter()
                    .filter(|&c| offers(app.desk.as_ref(), c) && c.found_by(&lower))
                    .collect();
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                let mut chosen = None;
                if matches.is_empty() {
                    ui.label(RichText::new(format!("No command matches \"{query}\".")).weak());
                }
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
    // Recovered work and a change on disk each need an answer: clicking beside them is none.
    if response.should_close() && !matches!(app.modal, Some(Modal::Recover(_) | Modal::DiskChanged(_))) {
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

/// The lines where the window's version and the file on disk differ, side by side with their
/// line numbers.
fn compare(ui: &mut egui::Ui, here: &str, on_disk: &str) {
    let (mine, theirs) = differing_lines(here, on_disk);
    if mine.is_empty() && theirs.is_empty() {
        ui.label("The two versions are the same, line for line.");
        return;
    }
    ui.label(
        RichText::new("The lines only one version has, numbered in its own file; \"Here\" is what saving would write.")
            .small(),
    );
    ui.columns(2, |columns| {
        for (ui, (title, lines)) in columns.iter_mut().zip([("Here", &mine), ("On disk", &theirs)]) {
            ui.label(RichText::new(title).strong());
            egui::ScrollArea::vertical().id_salt(title).min_scrolled_height(200.0).max_height(240.0).show(ui, |ui| {
                if lines.is_empty() {
                    ui.label(RichText::new("(no lines)").weak());
                }
                for line in lines.iter() {
                    ui.add(egui::Label::new(
                        RichText::new(format!("{:>4} {}", line.line, line.text.trim())).monospace(),
                    ));
                }
            });
        }
    });
}
