//! The panels around the Armored Advance table: the toolbar (tools, echo, snapping), the
//! terrain library and force builder, the settings, the inspector of the selected thing, the
//! measure and sight reading, the statistics, the findings with their fixes, and the status
//! bar.

use super::ArmoredDesk;
use super::canvas::{SIDE_COLOURS, reading};
use crate::game::Severity;
use crate::systems::armored::editing::{TableTool, Thing};
use crate::systems::armored::ruleset::UnitClass;
use crate::systems::armored::scenario::Mode;
use crate::systems::armored::scenario::validate::{side_name, thing_name, unit_cost};
use crate::table::{Footprint, TableSymmetry};
use crate::ui::desk::DeskContext;
use crate::ui::style;
use crate::ui::widgets::{FindingAsked, findings_panel};
use egui::{Color32, RichText, Ui};

/// The tools, the live echo, what snapping does, and the playtest.
pub fn toolbar(desk: &mut ArmoredDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        for tool in TableTool::ALL {
            if ui.selectable_label(desk.editor.tool == tool, tool.label()).clicked() {
                desk.editor.tool = tool;
            }
        }
        ui.separator();
        crate::ui::open_table::echo_choice(ui, &mut desk.editor.echo);
        ui.separator();
        ui.label("Snap 0.5\" and 15°; Shift: free");
        ui.separator();
        crate::ui::widgets::playtest_and_history(cx, ui, &desk.editor.doc);
    });
}

/// The terrain library and the force builder.
pub fn library(desk: &mut ArmoredDesk, ui: &mut Ui) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Terrain");
        let kinds = desk.editor.rules.terrain.clone();
        for kind in &kinds {
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, Color32::from_rgb(kind.colour.0, kind.colour.1, kind.colour.2));
                let on = desk.editor.tool == TableTool::Piece && desk.editor.kind == kind.id;
                let entry = ui.selectable_label(on, &kind.name);
                crate::ui::art_panel::takes_art(&entry, &kind.id);
                if entry.clicked() {
                    desk.editor.kind.clone_from(&kind.id);
                    desk.editor.tool = TableTool::Piece;
                }
            });
        }
        ui.separator();
        ui.heading("Forces");
        let scenario = desk.scenario().clone();
        ui.horizontal(|ui| {
            for side in 0..2u8 {
                let colour = if desk.editor.side == side { Color32::WHITE } else { SIDE_COLOURS[usize::from(side)] };
                let text = RichText::new(side_name(&scenario, side)).color(colour).strong();
                if ui.selectable_label(desk.editor.side == side, text).clicked() {
                    desk.editor.side = side;
                }
            }
        });
        for side in 0..2u8 {
            let cost: u32 = scenario
                .table
                .units
                .iter()
                .filter(|u| u.owner == side)
                .map(|u| unit_cost(&desk.editor.rules, &scenario, &u.profile))
                .sum();
            let limit = scenario.requisition_limit.max(1);
            let over = cost > scenario.requisition_limit;
            let bar = egui::ProgressBar::new((cost as f32 / limit as f32).min(1.0))
                .text(format!("{}: {cost} of {}", side_name(&scenario, side), scenario.requisition_limit))
                .fill(if over { style::ERROR } else { SIDE_COLOURS[usize::from(side)] });
            ui.add(bar);
        }
        ui.label(format!("Adding to {}:", side_name(&scenario, desk.editor.side)));
        let profiles = desk.editor.rules.profiles.clone();
        for profile in &profiles {
            // The name wraps in the room left of the column, so a long profile name with its
            // cost stays whole in a narrow column; the count goes first, where it is always seen.
            ui.horizontal(|ui| {
                let count = scenario
                    .table
                    .units
                    .iter()
                    .filter(|u| u.owner == desk.editor.side && u.profile == profile.id)
                    .count();
                let cost = unit_cost(&desk.editor.rules, &scenario, &profile.id);
                if ui.small_button("+").on_hover_text("Add one to the force at a free spot of its zone").clicked() {
                    let side = desk.editor.side;
                    desk.editor.add_to_force(&profile.id, side);
                }
                if count > 0 {
                    ui.label(format!("x{count}"));
                }
                let on = desk.editor.tool == TableTool::Unit && desk.editor.profile == profile.id;
                let name = profile.shown_name();
                let entry = ui
                    .add(egui::Button::selectable(on, format!("{name} ({cost})")).wrap())
                    .on_hover_text("Place it with the pointer");
                crate::ui::art_panel::takes_art(&entry, &profile.id);
                if entry.clicked() {
                    desk.editor.profile.clone_from(&profile.id);
                    desk.editor.tool = TableTool::Unit;
                }
            });
        }
    });
}

/// The settings, the selected thing, the line reading, the statistics and the findings.
pub fn side(desk: &mut ArmoredDesk, ui: &mut Ui) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        if desk.editor.tool == TableTool::PolygonZone {
            // Here rather than in the toolbar, so the table does not move under the pointer.
            ui.label(format!(
                "Polygon zone for {}: {} corners. Click the first corner again to close it.",
                side_name(desk.scenario(), desk.editor.side),
                desk.editor.corners.len()
            ));
            ui.horizontal(|ui| {
                if ui.add_enabled(desk.editor.corners.len() >= 3, egui::Button::new("Close zone")).clicked() {
                    desk.editor.close_zone();
                }
                if ui.add_enabled(!desk.editor.corners.is_empty(), egui::Button::new("Cancel zone")).clicked() {
                    desk.editor.corners.clear();
                }
            });
            ui.separator();
        }
        egui::CollapsingHeader::new("Scenario settings").default_open(false).show(ui, |ui| settings(desk, ui));
        egui::CollapsingHeader::new("Inspector").default_open(true).show(ui, |ui| inspector(desk, ui));
        if matches!(desk.editor.tool, TableTool::Measure | TableTool::Sight) {
            egui::CollapsingHeader::new("Measure").default_open(true).show(ui, |ui| match reading(desk) {
                Some(r) => {
                    for line in r.lines {
                        ui.label(line);
                    }
                }
                None if desk.editor.line.is_some_and(|(from, to)| from == to) => {
                    ui.label("Click the other thing or point to measure to.");
                }
                None => {
                    ui.label("Click one thing or point, then another (or drag from one to the other).");
                }
            });
        }
        egui::CollapsingHeader::new("Statistics").default_open(true).show(ui, |ui| statistics(desk, ui));
        egui::CollapsingHeader::new("Diagnostics").default_open(true).show(ui, |ui| diagnostics(desk, ui));
    });
}

fn settings(desk: &mut ArmoredDesk, ui: &mut Ui) {
    let mut s = desk.scenario().clone();
    egui::Grid::new("armored-settings").num_columns(2).show(ui, |ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut s.name);
        ui.end_row();
        ui.label("Mode");
        egui::ComboBox::from_id_salt("armored-mode").selected_text(s.mode.label()).show_ui(ui, |ui| {
            for mode in Mode::ALL {
                ui.selectable_value(&mut s.mode, mode, mode.label());
            }
        });
        ui.end_row();
        ui.label("Action limit");
        ui.add(egui::DragValue::new(&mut s.action_limit).range(0..=100));
        ui.end_row();
        ui.label("Requisition limit");
        ui.add(egui::DragValue::new(&mut s.requisition_limit).range(0..=100_000).speed(5));
        ui.end_row();
        ui.label("Turn limit");
        let mut turns = s.turn_limit.unwrap_or(0);
        ui.add(egui::DragValue::new(&mut turns).range(0..=200)).on_hover_text("0: none");
        s.turn_limit = (turns > 0).then_some(turns);
        ui.end_row();
        ui.label("VP target");
        let mut vp = s.vp_target.unwrap_or(0);
        ui.add(egui::DragValue::new(&mut vp).range(0..=1000)).on_hover_text("0: none");
        s.vp_target = (vp > 0).then_some(vp);
        ui.end_row();
        for side in 0..2 {
            ui.label(format!("Side {}", side + 1));
            ui.text_edit_singleline(&mut s.sides[side]);
            ui.end_row();
        }
        ui.label("Declared symmetry");
        let current = s.symmetry.map_or("None", TableSymmetry::label);
        egui::ComboBox::from_id_salt("armored-symmetry").selected_text(current).show_ui(ui, |ui| {
            ui.selectable_value(&mut s.symmetry, None, "None");
            for symmetry in TableSymmetry::ALL {
                ui.selectable_value(&mut s.symmetry, Some(symmetry), symmetry.label());
            }
        });
        ui.end_row();
    });
    ui.label("Description");
    ui.text_edit_multiline(&mut s.description);
    if s != *desk.scenario() {
        desk.editor.settings("settings", |scenario| *scenario = s);
    }
}

fn inspector(desk: &mut ArmoredDesk, ui: &mut Ui) {
    if desk.editor.group.len() > 1 {
        let rules = std::sync::Arc::clone(&desk.editor.rules);
        let scenario = desk.scenario().clone();
        let names: Vec<String> = desk.editor.group.iter().map(|&t| thing_name(&rules, &scenario, t)).collect();
        if let Some(action) = crate::ui::open_table::group_buttons(ui, &names) {
            crate::table::group::TableGroupEditing::act(&mut desk.editor, action);
        }
        return;
    }
    let Some(thing) = desk.editor.selected else {
        ui.label("Select a piece, unit, zone or objective with Select and move (S).");
        return;
    };
    let rules = std::sync::Arc::clone(&desk.editor.rules);
    let unit = rules.unit;
    let scenario = desk.scenario().clone();
    ui.label(RichText::new(thing_name(&rules, &scenario, thing)).strong());
    if let Some(pose) = desk.editor.pose(thing) {
        ui.label(format!("At {} from the left, {} from the top", unit.show(pose.x), unit.show(pose.y)));
        if matches!(thing, Thing::Piece(_) | Thing::Unit(_)) {
            ui.label(format!("Facing {}° clockwise from the top edge", pose.facing.degrees()));
        }
    }
    if let Thing::Piece(i) = thing
        && let Some(piece) = scenario.table.pieces.get(i)
    {
        let size = match &piece.footprint {
            Footprint::Rect { length, width } | Footprint::Oval { length, width } => Some((*length, *width)),
            Footprint::Round { diameter } => Some((*diameter, *diameter)),
            Footprint::Polygon { .. } => None,
        };
        if let Some((length, width)) = size {
            let (mut l, mut w) = (unit.value(length), unit.value(width));
            ui.horizontal(|ui| {
                ui.label("Length");
                ui.add(egui::DragValue::new(&mut l).range(0.25..=240.0).speed(0.25).suffix("\""));
                ui.label("Width");
                ui.add(egui::DragValue::new(&mut w).range(0.25..=240.0).speed(0.25).suffix("\""));
            });
            let (nl, nw) = (unit.to_um(l, "").unwrap_or(length), unit.to_um(w, "").unwrap_or(width));
            if (nl, nw) != (length, width) {
                desk.editor.resize_selected(nl, nw);
            }
        }
        ui.label(format!("{} tall", unit.show(piece.height)));
    }
    if let Thing::Unit(i) = thing
        && let Some(profile) = scenario.table.units.get(i).and_then(|u| rules.profile(&u.profile))
    {
        ui.label(format!(
            "{}; cost {}; {} actions; move {}\"",
            profile.class_text(),
            profile.cost,
            profile.actions,
            profile.movement
        ));
        if profile.class != UnitClass::Infantry {
            ui.label(format!(
                "Armour front {}, side {}, rear {}; {} HP",
                profile.armour.front, profile.armour.side, profile.armour.rear, profile.hit_points
            ));
        }
    }
    // Wrapped, so a narrow panel puts a button on the next row rather than cutting it off.
    ui.horizontal_wrapped(|ui| {
        if ui.button("Turn -15°").clicked() {
            desk.editor.turn_selected(-1_500);
        }
        if ui.button("Turn +15°").clicked() {
            desk.editor.turn_selected(1_500);
        }
        if ui.button("Duplicate").clicked() {
            desk.editor.duplicate_selected();
        }
        if ui.button("Delete").clicked() {
            desk.editor.delete_selected();
        }
    });
    if let Some(partner) = desk.editor.partner(thing) {
        ui.label(format!("Its image, moved with it: {}", thing_name(&rules, &scenario, partner)));
    }
}

fn statistics(desk: &mut ArmoredDesk, ui: &mut Ui) {
    let unit = desk.editor.rules.unit;
    let stats = desk.statistics().clone();
    for force in &stats.forces {
        ui.label(format!(
            "{}: {} units, cost {}, action pool {}, {} men",
            force.side, force.units, force.cost, force.action_pool, force.men
        ));
    }
    ui.label(format!("Firing lanes between the zones: {} of {} open", stats.open, stats.lanes));
    for band in &stats.by_roll {
        ui.label(format!("  {} need {}+ to hit", band.open, band.roll));
    }
    if let Some(shortest) = stats.shortest_open {
        ui.label(format!("Shortest open lane: {}", unit.show(shortest)));
    }
}

fn diagnostics(desk: &mut ArmoredDesk, ui: &mut Ui) {
    let all_clear = "No problems: the table follows the rules.";
    let Some((asked, finding)) = findings_panel(ui, (&desk.findings.list, &desk.editor.doc), all_clear, &|f| {
        f.fix.as_ref().map(|x| x.label.clone())
    }) else {
        return;
    };
    match asked {
        FindingAsked::Show => {
            if let Some(&at) = finding.places.first() {
                desk.editor.selected = desk.editor.thing_at(at);
            }
        }
        FindingAsked::Fix => {
            if let Some(fix) = &finding.fix {
                desk.editor.apply_fix(fix);
            }
        }
    }
}

/// The pointer's place and the findings' count.
pub fn status_bar(desk: &mut ArmoredDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let unit = desk.editor.rules.unit;
    ui.horizontal(|ui| {
        let at = desk.hover.map_or_else(|| "-".to_owned(), |(x, y)| format!("{}, {}", unit.show(x), unit.show(y)));
        ui.monospace(format!("{at:<20}"));
        let errors = desk.findings.list.iter().filter(|f| f.severity == Severity::Error).count();
        let message = if cx.status.is_empty() { desk.editor.tool.label().to_owned() } else { cx.status.clone() };
        crate::ui::view::status_summary(ui, errors, desk.findings.list.len() - errors, cx.view.zoom, message);
    });
}
