//! Skirmish Wars' own dialogs: the new-scenario form (size, players, tile size, fill terrain or
//! library tiles) and the editor's Resize and Replace-all dialogs.

use super::{SwatDesk, SwatDialog};
use crate::board::TerrainId;
use crate::systems::swat::rules::Ruleset;
use crate::systems::swat::scenario::{Scenario, builtin_tiles, save_scenario};
use crate::ui::desk::DeskContext;
use crate::ui::shell::NewScenarioForm;
use egui::Ui;
use std::sync::Arc;

/// The new-scenario form of Skirmish Wars: size, players, tile size, fill terrain or tiles.
#[derive(Clone)]
pub struct SwatNewForm {
    /// The ruleset the scenario is made with (none when it cannot be read).
    pub(super) rules: Option<Arc<Ruleset>>,
    /// Squares across.
    pub width: u16,
    /// Squares down.
    pub height: u16,
    /// Players.
    pub players: usize,
    /// Tile size.
    pub tile_size: u8,
    /// Fill terrain.
    pub fill: TerrainId,
    /// Lay the board out from library tiles instead.
    pub from_tiles: bool,
}

impl NewScenarioForm for SwatNewForm {
    fn ui(&mut self, ui: &mut Ui) {
        egui::Grid::new("new-form").show(ui, |ui| {
            ui.label("Width");
            ui.add(egui::DragValue::new(&mut self.width).range(1..=200));
            ui.end_row();
            ui.label("Height");
            ui.add(egui::DragValue::new(&mut self.height).range(1..=200));
            ui.end_row();
            ui.label("Players");
            ui.add(egui::DragValue::new(&mut self.players).range(2..=4));
            ui.end_row();
            ui.label("Tile size");
            ui.add(egui::DragValue::new(&mut self.tile_size).range(2..=12));
            ui.end_row();
            if let Some(rules) = &self.rules {
                ui.label("Fill with");
                terrain_combo(rules, ui, "new-fill", &mut self.fill);
                ui.end_row();
            }
        });
        ui.checkbox(&mut self.from_tiles, "Lay the board out from library tiles");
    }

    fn create(&self) -> Result<String, String> {
        let rules = self.rules.as_ref().ok_or("the Skirmish Wars ruleset cannot be read")?;
        let mut scenario = Scenario::new(rules, self.width, self.height, self.fill, self.players);
        scenario.tile_size = self.tile_size;
        if self.from_tiles {
            let tiles = builtin_tiles(rules).unwrap_or_default();
            crate::systems::swat::scenario::lay_out_tiles(&mut scenario, &tiles);
        }
        save_scenario(rules, &scenario)
    }

    fn clone_box(&self) -> Box<dyn NewScenarioForm> {
        Box::new(self.clone())
    }
}

/// The Resize and Replace-all dialogs; returns the dialog to show next frame, if it stays
/// open.
pub(super) fn swat_dialog(
    desk: &mut SwatDesk,
    cx: &mut DeskContext<'_>,
    ui: &mut Ui,
    dialog: SwatDialog,
) -> Option<SwatDialog> {
    let mut next = None;
    match dialog {
        SwatDialog::Resize(mut sides) => {
            ui.heading("Resize board");
            let board = &desk.editor.doc.scenario.board;
            ui.label(format!(
                "Now {} x {}. Add squares on each side (negative numbers remove).",
                board.width, board.height
            ));
            egui::Grid::new("resize-form").show(ui, |ui| {
                for (i, name) in ["Left", "Top", "Right", "Bottom"].iter().enumerate() {
                    let label = ui.label(*name);
                    ui.add(egui::DragValue::new(&mut sides[i]).range(-199..=199)).labelled_by(label.id);
                    ui.end_row();
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Resize").clicked() {
                    let fill = desk.editor.rules.terrain_id("plain").unwrap_or(TerrainId(0));
                    match crate::systems::swat::editing::resized(
                        &desk.editor.doc.scenario,
                        sides[0],
                        sides[1],
                        sides[2],
                        sides[3],
                        fill,
                    ) {
                        Some(scenario) => {
                            desk.editor.doc.replace("Resize board", scenario);
                            cx.view.fit = true;
                        }
                        None => cx.tell("Each side of the board must stay between 1 and 200 squares."),
                    }
                } else if ui.button("Cancel").clicked() {
                } else {
                    next = Some(SwatDialog::Resize(sides));
                }
            });
        }
        SwatDialog::ReplaceAll(mut from, mut to) => {
            ui.heading("Replace terrain");
            egui::Grid::new("replace-form").show(ui, |ui| {
                ui.label("Replace every");
                terrain_combo(&desk.editor.rules, ui, "replace-from", &mut from);
                ui.end_row();
                ui.label("with");
                terrain_combo(&desk.editor.rules, ui, "replace-to", &mut to);
                ui.end_row();
            });
            ui.horizontal(|ui| {
                if ui.button("Replace all").clicked() {
                    desk.editor.replace_all(from, to);
                } else if ui.button("Cancel").clicked() {
                } else {
                    next = Some(SwatDialog::ReplaceAll(from, to));
                }
            });
        }
    }
    next
}

/// A combo box of the ruleset's terrains.
pub fn terrain_combo(rules: &Ruleset, ui: &mut Ui, id: &str, value: &mut TerrainId) {
    let name = rules.terrains.get(value.index()).map_or("?", |t| t.name.as_str());
    egui::ComboBox::from_id_salt(id).selected_text(name).show_ui(ui, |ui| {
        for (index, terrain) in rules.terrains.iter().enumerate() {
            ui.selectable_value(value, TerrainId(u8::try_from(index).unwrap_or(0)), &terrain.name);
        }
    });
}
