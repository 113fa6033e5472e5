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
    let label = ui.label(format!("{name}:"));
    let shown = if active {
        RichText::new(value).strong().color(super::style::SELECTION)
    } else {
        RichText::new(value).color(ui.visuals().text_color())
    };
    egui::ComboBox::from_id_salt(("named-choice", name))
        .selected_text(shown)
        .show_ui(ui, contents)
        .response
        .labelled_by(label.id)
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
