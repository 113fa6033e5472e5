//! Skirm's grid tools in the palette: the shape the terrain, height and zone tools lay with,
//! the selection's commands, and the stamp library (choose, turn, save the selection as a
//! stamp, write the designer's stamps to a file and read them back).

use super::SkirmDesk;
use crate::board::SquareMap;
use crate::board::selection::GridEditing;
use crate::board::shapes::Shape;
use crate::systems::skirm::editing::{SkirmTool, stamps_from_text, stamps_text};
use crate::ui::desk::DeskContext;
use crate::ui::file_dialogs::{FileKind, PathPurpose, PathRequest};
use egui::{RichText, Ui};
use std::path::Path;

/// A stamp file, as the file dialogs filter it.
const STAMP_FILE: FileKind = FileKind::Own { name: "Skirm stamps", extension: "ron" };

/// What the stamp section's path requests are for, read back by [`path_chosen`].
const SAVE_STAMPS: u16 = 21;
const LOAD_STAMPS: u16 = 22;

/// The shapes of the terrain, height and zone tools.
pub fn shapes(desk: &mut SkirmDesk, ui: &mut Ui) {
    ui.label("Shape");
    ui.horizontal_wrapped(|ui| {
        for shape in Shape::ALL {
            ui.selectable_value(&mut desk.editor.shape, shape, shape.label());
        }
    });
    ui.separator();
}

/// The selection's commands, as buttons beside their shortcuts.
pub fn selection(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let editor = &mut desk.editor;
    match editor.selection {
        Some((a, b)) => {
            let (w, h) = (a.x.abs_diff(b.x) + 1, a.y.abs_diff(b.y) + 1);
            ui.label(format!("Selected: {w} × {h} squares from {}", crate::board::selection::top_left((a, b))));
        }
        None => {
            ui.label("Nothing selected: drag a rectangle on the map.");
        }
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("Copy").clicked() {
            editor.copy_selection(false);
        }
        if ui.button("Cut").clicked() {
            editor.copy_selection(true);
        }
        if ui.button("Paste").clicked() {
            editor.paste(None);
        }
        if ui.button("Clear").clicked() {
            editor.clear_selection();
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("Turn a quarter").clicked() {
            editor.transform_selection("Turn selection", SquareMap::Turn90);
        }
        if ui.button("Mirror left-right").clicked() {
            editor.transform_selection("Mirror selection", SquareMap::FlipX);
        }
        if ui.button("Mirror top-bottom").clicked() {
            editor.transform_selection("Mirror selection", SquareMap::FlipY);
        }
    });
    ui.separator();
    save_as_stamp(desk, cx, ui);
}

/// The stamp library: choose a room, turn it, and the designer's own stamps.
pub fn stamps(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let editor = &mut desk.editor;
    ui.horizontal(|ui| {
        ui.label(format!("Turned {}°", u16::from(editor.stamp_turns % 4) * 90));
        if ui.button("Turn stamp").clicked() {
            editor.stamp_turns = (editor.stamp_turns + 1) % 4;
        }
    });
    for (index, stamp) in editor.stamps.iter().enumerate() {
        let (w, h) = (stamp.clip.block.width(), stamp.clip.block.height());
        let mut entry = ui.selectable_label(editor.stamp == index, format!("{} ({w} × {h})", stamp.name));
        if !stamp.description.is_empty() {
            entry = entry.on_hover_text(&stamp.description);
        }
        if entry.clicked() {
            editor.stamp = index;
        }
    }
    ui.separator();
    save_as_stamp(desk, cx, ui);
}

/// Naming and saving the selection as a stamp, and the stamp files.
fn save_as_stamp(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    ui.horizontal(|ui| {
        let label = ui.label("Stamp name");
        ui.text_edit_singleline(&mut desk.editor.stamp_name).labelled_by(label.id);
    });
    if ui.button("Save selection as stamp").clicked() && desk.editor.save_selection_as_stamp().is_some() {
        desk.editor.tool = SkirmTool::Stamp;
    }
    ui.horizontal_wrapped(|ui| {
        let own = desk.editor.stamps.iter().filter(|s| !s.builtin).count();
        if ui.add_enabled(own > 0, egui::Button::new("Save my stamps...")).clicked() {
            let purpose = PathPurpose::Desk { id: SAVE_STAMPS, index: 0 };
            let request = PathRequest::save(STAMP_FILE, "my.stamps.ron", purpose, "Stamps not saved");
            if let Some(path) = cx.ask_path(request) {
                save_stamps_to(desk, cx, &path);
            }
        }
        if ui.button("Add stamps from file...").clicked() {
            let purpose = PathPurpose::Desk { id: LOAD_STAMPS, index: 0 };
            if let Some(path) = cx.ask_path(PathRequest::open(STAMP_FILE, purpose, "No stamps added")) {
                load_stamps_from(desk, cx, &path);
            }
        }
    });
    ui.label(RichText::new("Your stamps last while the studio is open; save them to keep them.").small());
}

/// Takes a path the in-app file dialog chose; `false` when `id` is not the stamps'.
pub fn path_chosen(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, id: u16, path: &Path) -> bool {
    match id {
        SAVE_STAMPS => save_stamps_to(desk, cx, path),
        LOAD_STAMPS => load_stamps_from(desk, cx, path),
        _ => return false,
    }
    true
}

fn save_stamps_to(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, path: &Path) {
    cx.write_file(path, stamps_text(&desk.editor.stamps), "the stamps");
}

fn load_stamps_from(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, path: &Path) {
    let read = crate::files::read_limited(path)
        .and_then(|text| stamps_from_text(&desk.editor.rules, &text, &crate::systems::name_of))
        .map_err(|e| format!("{}: {e}", path.display()));
    *cx.status = match read {
        Ok(stamps) => {
            let count = stamps.len();
            desk.editor.add_stamps(stamps);
            desk.editor.tool = SkirmTool::Stamp;
            format!("Added {count} stamp{} from {}.", if count == 1 { "" } else { "s" }, path.display())
        }
        Err(message) => format!("Could not add the stamps: {message}"),
    };
}
