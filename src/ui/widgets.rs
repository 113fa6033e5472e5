//! Small widgets every game's screens share: a setting chosen from a list, with its name
//! before it and its value shown as a value (not greyed like a switch that is off).

use egui::{RichText, Ui};

/// A named choice: "Symmetric painting: [Mirror left-right ▾]". The value is highlighted
/// when `active` (a mode in force), plain otherwise; the list is drawn by `contents`.
pub fn named_choice(
    ui: &mut Ui,
    name: &str,
    value: &str,
    active: bool,
    contents: impl FnOnce(&mut Ui),
) -> egui::Response {
    let spacing = ui.spacing();
    let combo = (text_width(ui, value) + spacing.icon_width + spacing.item_spacing.x).max(spacing.combo_width)
        + 2.0 * spacing.button_padding.x;
    keep_together(ui, text_width(ui, &format!("{name}:")) + spacing.item_spacing.x + combo);
    let label = ui.label(format!("{name}:"));
    let shown = if active {
        RichText::new(value).strong().color(super::style::SELECTION)
    } else {
        // The button's own text colour: a label's weaker one made the choice look disabled.
        RichText::new(value)
    };
    egui::ComboBox::from_id_salt(("named-choice", name))
        .selected_text(shown)
        .show_ui(ui, contents)
        .response
        .labelled_by(label.id)
}

/// In a toolbar that wraps, starts a new row unless `width` points fit on this one: a label
/// and its control, measured together, so the label never ends one row with its control on
/// the next.
pub fn keep_together(ui: &mut Ui, width: f32) {
    if !ui.layout().main_wrap {
        return;
    }
    let at_row_start = ui.cursor().min.x <= ui.max_rect().min.x + 1.0;
    if !at_row_start && width > ui.available_size_before_wrap().x {
        ui.end_row();
    }
}

/// How wide `text` is drawn as a button's or a label's.
fn text_width(ui: &Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    ui.painter().layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE).size().x
}

/// The computer's level in a playtest, the same chooser in every game: "Computer level:
/// [Normal ▾]".
pub fn level_choice(ui: &mut Ui, level: &mut crate::level::Level) -> egui::Response {
    named_choice(ui, "Computer level", level.label(), false, |ui| {
        for choice in crate::level::Level::ALL {
            ui.selectable_value(level, choice, choice.label());
        }
    })
}

/// A scenario's house readings, one combo box each, in every game that has readings: each
/// reading by name (the sentence it resolves on hover), its values with the default first.
/// `value` gives a reading's value now; the value picked goes to `set`.
pub fn house_readings(
    ui: &mut Ui,
    id: &str,
    readings: &[crate::ruleset::Reading],
    value: impl Fn(&str) -> Option<&'static str>,
    mut set: impl FnMut(&str, &str),
) {
    ui.label("Where the text is silent, the studio reads it so; the default is first.");
    for reading in readings {
        let current = value(reading.name).unwrap_or("");
        ui.horizontal(|ui| {
            ui.label(reading.name.replace('_', " ")).on_hover_text(reading.sentence);
            egui::ComboBox::from_id_salt((id, reading.name)).selected_text(current.replace('_', " ")).show_ui(
                ui,
                |ui| {
                    for choice in reading.values {
                        if ui.selectable_label(current == *choice, choice.replace('_', " ")).clicked() {
                            set(reading.name, choice);
                        }
                    }
                },
            );
        });
    }
}

/// The line a playtest shows while the computer plans a turn on a worker, in every game: the
/// turn it is planning, with how many of the
/// planner's play-outs it has weighed and a Cancel that stops it and hands the seat to the
/// person.
pub fn computer_at_work<R: crate::game::Rules>(ui: &mut Ui, play: &mut crate::game::Playtest<R>) {
    let Some((level, seat, (weighed, of))) = play.thinking_progress() else { return };
    let name = play.seat_names.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("Seat {}", seat + 1));
    let mut cancel = false;
    ui.horizontal_wrapped(|ui| {
        ui.spinner();
        // The worker counts its play-outs once it has begun: until then, no "0 of 0".
        ui.label(if of == 0 {
            format!("{} is planning {name}'s turn…", level.label())
        } else {
            format!("{} is planning {name}'s turn: {weighed} of {of} turns and answers played", level.label())
        });
        cancel = ui.button("Cancel").on_hover_text("Stop the computer's thinking: you play this side").clicked();
    });
    if cancel {
        play.cancel_thinking();
    }
}

/// Who plays each seat in a playtest, the same checkboxes in every game: "Computer plays
/// {seat's name}", one a seat (the person's seats are the ones left unticked).
pub fn computer_seats(ui: &mut Ui, computer: &mut [bool], names: &[String]) {
    for (plays, name) in computer.iter_mut().zip(names) {
        ui.checkbox(plays, format!("Computer plays {name}"));
    }
}

/// What the person asked of one finding in the findings panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FindingAsked {
    /// Show where it is (select or centre on its first place).
    Show,
    /// Apply its one-click fix.
    Fix,
}

/// The findings panel every game shows: errors, then warnings, each group headed with its
/// count; each message clickable to show where it is, with its fix's button where it has one
/// (`fix_label`), and `all_clear` when there is nothing to say. Returns what was asked, and of
/// which finding.
pub fn findings_panel<'a, P, F>(
    ui: &mut Ui,
    (findings, document): (&'a [crate::game::Finding<P, F>], &dyn crate::editing::EditedDocument),
    all_clear: &str,
    fix_label: &dyn Fn(&crate::game::Finding<P, F>) -> Option<String>,
) -> Option<(FindingAsked, &'a crate::game::Finding<P, F>)> {
    use crate::game::Severity;
    use crate::ui::style;
    let art = unreadable_art(ui.ctx(), document);
    if findings.is_empty() && art.is_empty() {
        ui.label(RichText::new(all_clear).color(style::VALID));
    }
    art_warnings(ui, &art);
    let mut asked = None;
    for (severity, name, colour) in
        [(Severity::Error, "Errors", style::ERROR), (Severity::Warning, "Warnings", style::WARNING)]
    {
        let count = findings.iter().filter(|f| f.severity == severity).count();
        if count == 0 {
            continue;
        }
        ui.label(RichText::new(format!("{name} ({count})")).strong().color(colour));
        for finding in findings.iter().filter(|f| f.severity == severity) {
            // The message wraps to the column's width and its fix sits under it, so a narrow
            // column never pushes the fix out of sight.
            let hint = if finding.places.is_empty() { "about the whole scenario" } else { "click to show where" };
            if ui
                .add(egui::Button::selectable(false, finding.message.as_str()).wrap())
                .on_hover_text(format!("{}: {hint}", finding.code))
                .clicked()
            {
                asked = Some((FindingAsked::Show, finding));
            }
            if let Some(label) = fix_label(finding) {
                ui.horizontal_wrapped(|ui| {
                    ui.add_space(12.0);
                    if ui
                        .add(egui::Button::new(label).small().wrap())
                        .on_hover_text("Apply this fix (one undoable step)")
                        .clicked()
                    {
                        asked = Some((FindingAsked::Fix, finding));
                    }
                });
            }
        }
    }
    asked
}

/// Where a "Find the file…" clicked in a findings panel leaves the image it is for, for the
/// window to ask for the file (the panel is drawn inside a game's screens, which never see
/// the window).
pub const FIND_THE_FILE_ASKED: &str = "find-the-file-asked";

/// The images of the document's background and art that cannot be read beside its file, each
/// with a sentence saying what it was for, what is drawn instead and why (from the art decoded
/// once per file, so a frame reads nothing).
fn unreadable_art(ctx: &egui::Context, document: &dyn crate::editing::EditedDocument) -> Vec<(String, String)> {
    let art = document.art();
    let backdrop = document.backdrop();
    let background = crate::ui::sketch::read_backdrop(ctx, document.path(), backdrop).err().zip(backdrop);
    let background = background.map(|(why, b)| {
        (b.image.clone(), format!("The background image cannot be read, so the board is drawn without it: {why}"))
    });
    let loaded = crate::ui::sketch::scenario_art(ctx, document.path(), art);
    let kinds = loaded.missing.iter().map(|(image, why)| {
        let uses: Vec<String> =
            art.images().into_iter().filter(|(_, named)| named == image).map(|(what, _)| what).collect();
        let uses = uses.join(" and ");
        (image.clone(), format!("The image for {uses} cannot be read, so the studio draws its own symbol there: {why}"))
    });
    background.into_iter().chain(kinds).collect()
}

/// The art warnings at the head of the findings: each image that cannot be read, with "Find
/// the file…", which asks for it and puts it in place as one undoable step.
fn art_warnings(ui: &mut Ui, art: &[(String, String)]) {
    use crate::ui::style;
    if art.is_empty() {
        return;
    }
    ui.label(RichText::new(format!("Art ({})", art.len())).strong().color(style::WARNING));
    for (image, sentence) in art {
        ui.label(sentence);
        ui.horizontal_wrapped(|ui| {
            ui.add_space(12.0);
            if ui
                .add(egui::Button::new(crate::game::FIND_THE_FILE).small())
                .on_hover_text(format!("Find {image}"))
                .clicked()
            {
                ui.ctx().data_mut(|d| d.insert_temp(egui::Id::unique(FIND_THE_FILE_ASKED), image.clone()));
            }
        });
    }
}

/// The end of every game's toolbar, the same in each: Playtest, then Fit, Undo and Redo (each
/// greyed when there is nothing to undo or redo, and naming the step on pointing).
pub fn playtest_and_history(
    cx: &mut crate::ui::desk::DeskContext<'_>,
    ui: &mut Ui,
    document: &dyn crate::editing::EditedDocument,
) {
    use crate::ui::commands::UiCommand;
    let ctx = ui.ctx().clone();
    let shortcut = |command: UiCommand| command.shortcut_text(&ctx);
    let playtest = egui::Button::new(RichText::new("Playtest").strong());
    if ui.add(playtest).on_hover_text(format!("Play this scenario now ({})", shortcut(UiCommand::Playtest))).clicked() {
        cx.queue(UiCommand::Playtest);
    }
    ui.separator();
    if ui.button("Fit").on_hover_text(format!("Zoom to fit ({})", shortcut(UiCommand::ZoomFit))).clicked() {
        cx.queue(UiCommand::ZoomFit);
    }
    let (undo, redo) = document.undo_redo_labels();
    for (label, step, command) in [("Undo", undo, UiCommand::Undo), ("Redo", redo, UiCommand::Redo)] {
        let hover = step.map_or_else(
            || format!("Nothing to {}", label.to_lowercase()),
            |s| format!("{label} {s} ({})", shortcut(command)),
        );
        if ui
            .add_enabled(step.is_some(), egui::Button::new(label))
            .on_hover_text(hover)
            .on_disabled_hover_text(format!("Nothing to {}", label.to_lowercase()))
            .clicked()
        {
            cx.queue(command);
        }
    }
}
