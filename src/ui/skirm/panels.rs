//! The panels around the Skirm battle map: the toolbar, the palette of the chosen tool, the
//! scenario settings, the squad builder with a stat card per unit, the diagnostics with their
//! fixes, the inspector and the status bar.

use super::SkirmDesk;
use super::canvas::SQUAD_COLOURS;
use crate::board::{Pos, Symmetry};
use crate::systems::skirm::editing::{MAX_LEVEL, MergeKey, SkirmTool, unit_label};
use crate::systems::skirm::rules::Ruleset;
use crate::systems::skirm::rules::{ItemKind, Movement, WeaponKind};
use crate::systems::skirm::scenario::document::squad_label;
use crate::systems::skirm::scenario::validate::{squad_ep, squad_findings, unit_ep};
use crate::systems::skirm::scenario::{Severity, Squad, SquadUnit};
use crate::ui::desk::DeskContext;
use crate::ui::file_dialogs::{FileKind, PathPurpose, PathRequest};
use crate::ui::style;
use crate::ui::widgets::{FindingAsked, findings_panel};
use egui::{RichText, Ui};
use std::path::Path;

/// A squad file, as the file dialogs filter it.
const SQUAD_FILE: FileKind = FileKind::Own { name: "Skirm squad", extension: "ron" };

/// The tools, the symmetry, the overlays and the playtest.
pub fn toolbar(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        for tool in SkirmTool::ALL {
            let on = desk.editor.tool == tool;
            if ui.selectable_label(on, tool.label()).on_hover_text(tool.hint()).clicked() {
                desk.editor.tool = tool;
            }
        }
        ui.separator();
        let current = desk.editor.symmetry.map_or("Off", Symmetry::label);
        let mut chosen = None;
        crate::ui::widgets::named_choice(ui, "Symmetry", current, desk.editor.symmetry.is_some(), |ui| {
            if ui.selectable_label(desk.editor.symmetry.is_none(), "Off").clicked() {
                chosen = Some(None);
            }
            for symmetry in Symmetry::ALL {
                if ui.selectable_label(desk.editor.symmetry == Some(symmetry), symmetry.label()).clicked() {
                    chosen = Some(Some(symmetry));
                }
            }
        });
        if let Some(symmetry) = chosen {
            desk.editor.set_symmetry(symmetry);
        }
        ui.separator();
        ui.toggle_value(&mut desk.show_sight, "Line of sight")
            .on_hover_text("Shade what the square under the pointer sees: dark hidden, amber in cover.");
        ui.toggle_value(&mut desk.show_race, "Objective race")
            .on_hover_text("Activations each zone needs to reach every objective, marker and item.");
        ui.separator();
        crate::ui::widgets::playtest_and_history(cx, ui, &desk.editor.doc);
    });
}

/// The settings of the chosen tool.
pub fn palette(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let rules = std::sync::Arc::clone(&desk.editor.rules);
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading(format!("{} tool", desk.editor.tool.label()));
        ui.label(RichText::new(desk.editor.tool.hint()).small());
        ui.separator();
        if desk.editor.tool.shaped() {
            super::grid_tools::shapes(desk, ui);
        }
        match desk.editor.tool {
            SkirmTool::Select => super::grid_tools::selection(desk, cx, ui),
            SkirmTool::Stamp => super::grid_tools::stamps(desk, cx, ui),
            _ => tool_settings(desk, &rules, ui),
        }
        ui.separator();
        egui::CollapsingHeader::new("Legend").default_open(false).show(ui, legend);
    });
}

/// The settings of a tool that paints one layer.
fn tool_settings(desk: &mut SkirmDesk, rules: &Ruleset, ui: &mut Ui) {
    let editor = &mut desk.editor;
    {
        match editor.tool {
            SkirmTool::Terrain => {
                for (i, terrain) in rules.terrains.iter().enumerate() {
                    let id = crate::board::TerrainId(u8::try_from(i).unwrap_or(0));
                    let note = match terrain.movement {
                        Movement::Open => "costs 1 to leave",
                        Movement::Difficult => "costs 2 to leave",
                        Movement::Impassable => "no one passes",
                    };
                    let entry = ui.selectable_value(&mut editor.terrain, id, format!("{} ({note})", terrain.name));
                    crate::ui::art_panel::takes_art(&entry, &terrain.id);
                }
            }
            SkirmTool::Height => {
                ui.label("Level");
                ui.horizontal_wrapped(|ui| {
                    for level in 0..=MAX_LEVEL {
                        ui.selectable_value(&mut editor.level, level, format!("Level {level}"));
                    }
                });
            }
            SkirmTool::Wall => {
                ui.horizontal(|ui| {
                    let label = ui.label("Wall height");
                    ui.add(egui::DragValue::new(&mut editor.edge_paint.wall.height).range(1..=4)).labelled_by(label.id);
                });
                ui.checkbox(&mut editor.edge_paint.wall.climbable, "Climbable");
            }
            // A door goes into a wall already drawn, which keeps its own height: only the
            // door's own setting is offered.
            SkirmTool::Door => {
                ui.checkbox(&mut editor.edge_paint.door_open, "Doors placed open");
                ui.label(
                    RichText::new("Click a wall's edge to put a door in it; click a door to take it out.").small(),
                );
            }
            SkirmTool::Item => {
                let entry = ui.selectable_value(&mut editor.item, ItemKind::Crate, "Crate");
                crate::ui::art_panel::takes_art(&entry, "crate");
                let entry = ui.selectable_value(&mut editor.item, ItemKind::Barrel, "Barrel");
                crate::ui::art_panel::takes_art(&entry, "barrel");
                for turret in &rules.turrets {
                    let entry = ui.selectable_value(
                        &mut editor.item,
                        ItemKind::Turret(turret.id.clone()),
                        format!("Turret: {}", turret.name),
                    );
                    crate::ui::art_panel::takes_art(&entry, "turret");
                }
            }
            SkirmTool::Zone => {
                let squads = &editor.doc.scenario.squads;
                let names: Vec<String> =
                    (0..2).map(|i| squads.get(i).map_or_else(|| squad_label(None, i), |s| s.label(i))).collect();
                ui.selectable_value(&mut editor.squad, 0, format!("Zone A ({})", names[0]));
                ui.selectable_value(&mut editor.squad, 1, format!("Zone B ({})", names[1]));
            }
            SkirmTool::Unit => {
                let squads = editor.doc.scenario.squads.clone();
                if squads.is_empty() {
                    ui.label("Add squads in the Squads panel first.");
                }
                for (si, squad) in squads.iter().enumerate() {
                    ui.label(RichText::new(&squad.name).color(SQUAD_COLOURS[si % 2]).strong());
                    for (ui_index, unit) in squad.units.iter().enumerate() {
                        let placed = unit.pos.map_or_else(|| "in zone".to_owned(), |p| p.to_string());
                        let on = editor.squad == si && editor.unit == ui_index;
                        if ui.selectable_label(on, format!("{} · {placed}", unit_label(rules, unit))).clicked() {
                            editor.squad = si;
                            editor.unit = ui_index;
                        }
                    }
                }
            }
            SkirmTool::Objective | SkirmTool::Marker | SkirmTool::Eraser | SkirmTool::Select | SkirmTool::Stamp => {}
        }
    }
}

/// What each mark on the battle map means, in the editor and the playtest alike.
pub fn legend(ui: &mut Ui) {
    for (mark, meaning) in LEGEND {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(*mark).strong());
            ui.label(*meaning);
        });
    }
}

/// The battle map's marks and what they mean.
const LEGEND: &[(&str, &str)] = &[
    ("1, 2, …", "a square's height level, in its top-left corner"),
    ("Contour line", "the level changes there; it runs on the higher square's side"),
    ("Treads", "stairs or a slope: the way up a level"),
    ("Hatching", "the terrain's kind (its colour and pattern, as the Terrain tool lists them)"),
    ("A, B in a band", "the squads' deployment zones"),
    ("Disc with a letter", "a unit of the squad of its colour, by its name's initial and number (R2: Raider 2)"),
    ("O on a gold octagon", "an objective"),
    ("Purple diamond", "a marker"),
    ("C on a brown square", "a crate"),
    ("! on an orange hexagon", "an explosive barrel"),
    ("T on a grey triangle", "a turret"),
    ("Thick dark line", "a wall (thicker for taller; dashed where climbable)"),
    ("Gap with a leaf", "a door (the leaf swung aside when open)"),
    ("M, D, L and a number", "in the playtest: a square the acting unit can Move, Dash or Leap to, and its ACT"),
];

/// The settings, squads, diagnostics and inspector.
pub fn side(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let squad_file = egui::ScrollArea::vertical()
        .show(ui, |ui| {
            let desk = Some(&mut *desk)?;
            egui::CollapsingHeader::new("Diagnostics").default_open(true).show(ui, |ui| diagnostics(desk, ui));
            egui::CollapsingHeader::new("Scenario").default_open(false).show(ui, |ui| settings(desk, ui));
            let file = egui::CollapsingHeader::new("Squads")
                .default_open(true)
                .show(ui, |ui| squads(desk, ui))
                .body_returned
                .flatten();
            egui::CollapsingHeader::new("Inspector").default_open(true).show(ui, |ui| inspector(desk, ui));
            file
        })
        .inner;
    match squad_file {
        Some(SquadFile::Save(index)) => save_squad(desk, cx, index),
        Some(SquadFile::Load(index)) => load_squad(desk, cx, index),
        None => {}
    }
}

/// A squad file to write or read, asked for from the squad builder.
enum SquadFile {
    Save(usize),
    Load(usize),
}

fn save_squad(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, index: usize) {
    let Some(squad) = desk.editor.doc.scenario.squads.get(index) else { return };
    let name = format!("{}.squad.ron", crate::ui::shell::slug(&squad.name));
    let purpose = PathPurpose::Desk { id: SAVE_SQUAD, index };
    if let Some(path) = cx.ask_path(PathRequest::save(SQUAD_FILE, name, purpose, "Squad not saved")) {
        save_squad_to(desk, cx, index, &path);
    }
}

fn load_squad(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, index: usize) {
    let purpose = PathPurpose::Desk { id: LOAD_SQUAD, index };
    if let Some(path) = cx.ask_path(PathRequest::open(SQUAD_FILE, purpose, "No squad loaded")) {
        load_squad_from(desk, cx, index, &path);
    }
}

/// What the squad panel's path requests are for (with the squad's index), read back by
/// [`path_chosen`].
const SAVE_SQUAD: u16 = 11;
const LOAD_SQUAD: u16 = 12;

/// Takes a path the in-app file dialog chose for squad `index`; `false` when `id` is not
/// the squad panel's.
pub fn path_chosen(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, id: u16, index: usize, path: &Path) -> bool {
    match id {
        SAVE_SQUAD => save_squad_to(desk, cx, index, path),
        LOAD_SQUAD => load_squad_from(desk, cx, index, path),
        _ => return super::grid_tools::path_chosen(desk, cx, id, path),
    }
    true
}

fn save_squad_to(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, index: usize, path: &Path) {
    let Some(squad) = desk.editor.doc.scenario.squads.get(index) else { return };
    cx.write_file(path, crate::systems::skirm::editing::squad_text(squad), "the squad");
}

fn load_squad_from(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, index: usize, path: &Path) {
    let read = crate::files::read_limited(path)
        .and_then(|text| crate::systems::skirm::editing::squad_from_text(&desk.editor.rules, &text))
        .map_err(|e| format!("{}: {e}", path.display()));
    *cx.status = match read {
        Ok(squad) => {
            let name = squad.name.clone();
            desk.editor.replace_squad(index, squad);
            format!("Loaded the squad {name} from {}.", path.display())
        }
        Err(message) => format!("Could not load the squad: {message}"),
    };
}

fn diagnostics(desk: &mut SkirmDesk, ui: &mut Ui) {
    let editor = &desk.editor;
    let all_clear = "No problems: the battle can be played.";
    let Some((asked, finding)) =
        findings_panel(ui, (&desk.findings.list, &desk.editor.doc), all_clear, &|f| editor.fix_label(f))
    else {
        return;
    };
    match asked {
        FindingAsked::Show => {
            if let Some(&at) = finding.places.first() {
                desk.editor.selected = Some(at);
            }
        }
        FindingAsked::Fix => {
            desk.editor.fix(finding);
        }
    }
}

fn settings(desk: &mut SkirmDesk, ui: &mut Ui) {
    let editor = &mut desk.editor;
    let rules = std::sync::Arc::clone(&editor.rules);
    let mut next = editor.doc.scenario.clone();
    egui::Grid::new("skirm-settings").num_columns(2).show(ui, |ui| {
        let label = ui.label("Name");
        ui.text_edit_singleline(&mut next.name).labelled_by(label.id);
        ui.end_row();
        let label = ui.label("Author");
        ui.text_edit_singleline(&mut next.author).labelled_by(label.id);
        ui.end_row();
        let label = ui.label("Mission");
        let current = rules.mission(&next.mission).map_or(next.mission.clone(), |m| m.name.clone());
        let combo = egui::ComboBox::from_id_salt("skirm-mission").selected_text(current).show_ui(ui, |ui| {
            for mission in &rules.missions {
                ui.selectable_value(&mut next.mission, mission.id.clone(), &mission.name);
            }
        });
        combo.response.labelled_by(label.id);
        ui.end_row();
        let label = ui.label("Environment");
        let current =
            next.environment.as_deref().and_then(|e| rules.environment(e)).map_or("None", |e| e.name.as_str());
        let combo = egui::ComboBox::from_id_salt("skirm-environment").selected_text(current).show_ui(ui, |ui| {
            ui.selectable_value(&mut next.environment, None, "None");
            for environment in &rules.environments {
                ui.selectable_value(&mut next.environment, Some(environment.id.clone()), &environment.name);
            }
        });
        combo.response.labelled_by(label.id);
        ui.end_row();
        let label = ui.label("Turns");
        let mut turns = next.turns(&rules);
        ui.add(egui::DragValue::new(&mut turns).range(1..=20)).labelled_by(label.id);
        if turns != editor.doc.scenario.turns(&rules) {
            next.turns = Some(turns);
        }
        ui.end_row();
        let label = ui.label("EP limit");
        ui.add(egui::DragValue::new(&mut next.ep_limit).range(1..=500)).labelled_by(label.id);
        ui.end_row();
    });
    let label = ui.label("Description");
    ui.text_edit_multiline(&mut next.description).labelled_by(label.id);
    if next != editor.doc.scenario {
        editor.doc.change("Edit settings", Some(MergeKey::Field("settings", 0)), |s| *s = next);
    }
}

fn squads(desk: &mut SkirmDesk, ui: &mut Ui) -> Option<SquadFile> {
    let editor = &mut desk.editor;
    let rules = std::sync::Arc::clone(&editor.rules);
    let limit = editor.doc.scenario.ep_limit;
    let mut file = None;
    let squads = editor.doc.scenario.squads.clone();
    for (si, squad) in squads.iter().enumerate() {
        ui.push_id(("squad", si), |ui| {
            let ep = squad_ep(&rules, squad);
            let over = ep > limit;
            ui.horizontal(|ui| {
                let label = ui.label(RichText::new(format!("Squad {}", si + 1)).color(SQUAD_COLOURS[si % 2]).strong());
                let mut name = squad.name.clone();
                if ui.text_edit_singleline(&mut name).labelled_by(label.id).changed() {
                    editor.doc.change("Rename squad", Some(MergeKey::Field("squad name", si)), |s| {
                        if let Some(q) = s.squads.get_mut(si) {
                            q.name = name;
                        }
                    });
                }
            });
            ui.horizontal(|ui| {
                let label = ui.label("Faction");
                let current = rules.faction(&squad.faction).map_or(squad.faction.clone(), |f| f.name.clone());
                let mut chosen = None;
                let combo = egui::ComboBox::from_id_salt("faction").selected_text(current).show_ui(ui, |ui| {
                    for faction in &rules.factions {
                        if ui.selectable_label(faction.id == squad.faction, &faction.name).clicked() {
                            chosen = Some(faction.id.clone());
                        }
                    }
                });
                combo.response.labelled_by(label.id);
                if let Some(faction) = chosen {
                    editor.set_faction(si, &faction);
                }
                let text = format!("EP {ep} / {limit}");
                ui.label(RichText::new(text).strong().color(if over { style::ERROR } else { style::VALID }));
            });
            for finding in squad_findings(&rules, squad, si, limit) {
                ui.label(RichText::new(&finding.message).color(style::ERROR));
            }
            for (ui_index, unit) in squad.units.iter().enumerate() {
                ui.push_id(ui_index, |ui| unit_card(editor, &rules, ui, si, ui_index, squad, unit));
            }
            ui.horizontal(|ui| {
                if let Some(faction) = rules.faction(&squad.faction) {
                    ui.menu_button("Add unit", |ui| {
                        for profile in &faction.profiles {
                            if ui.button(format!("{} ({} EP)", profile.name, profile.ep)).clicked() {
                                editor.add_unit(si, &profile.id);
                                ui.close();
                            }
                        }
                    });
                }
                if ui.button("Save squad...").clicked() {
                    file = Some(SquadFile::Save(si));
                }
                if ui.button("Load squad...").clicked() {
                    file = Some(SquadFile::Load(si));
                }
            });
            ui.separator();
        });
    }
    if squads.len() < 2 && ui.button("Add squad").clicked() {
        editor.add_squad();
    }
    file
}

/// A unit as a small stat card: its numbers, weapons, gear and specials, with its EP.
fn unit_card(
    editor: &mut crate::systems::skirm::editing::Editor,
    rules: &Ruleset,
    ui: &mut Ui,
    si: usize,
    index: usize,
    squad: &Squad,
    unit: &SquadUnit,
) {
    let Some((_, profile)) = rules.profile(&unit.profile) else {
        ui.label(RichText::new(format!("Unknown card {}", unit.profile)).color(style::ERROR));
        return;
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new(unit_label(rules, unit)).strong());
            ui.label(RichText::new(&profile.role).italics().small());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.small_button("Remove").on_hover_text("Take this unit out of the squad").clicked() {
                    editor.remove_unit(si, index);
                }
                ui.label(RichText::new(format!("{} EP", unit_ep(rules, unit))).strong());
            });
        });
        ui.monospace(format!(
            "ACT {}  MSK {}  RSK {}  ARM {}  HIT {}",
            profile.act, profile.msk, profile.rsk, profile.arm, profile.hit
        ));
        ui.label(RichText::new("A die succeeds at or under its stat.").weak().small());
        for weapon in profile.weapons.iter().filter_map(|w| rules.weapon(w)) {
            let range =
                if weapon.kind == WeaponKind::Melee { "melee".to_owned() } else { format!("RG {}", weapon.range) };
            let codes: Vec<String> = weapon.specials.iter().map(|s| s.code()).collect();
            let label = ui.label(
                RichText::new(format!(
                    "{}: ROA {} DAM {} {range} {}",
                    weapon.name,
                    weapon.roa,
                    weapon.dam,
                    codes.join(" ")
                ))
                .small(),
            );
            if !weapon.specials.is_empty() {
                let meanings: Vec<String> = weapon.specials.iter().map(|s| s.summary()).collect();
                label.on_hover_text(meanings.join("\n"));
            }
        }
        for special in &profile.specials {
            ui.label(RichText::new(format!("{} {}", special.code(), special.summary())).small());
        }
        ui.horizontal_wrapped(|ui| {
            for id in unit.weapons.iter().chain(&unit.gear) {
                let name = rules
                    .weapon(id)
                    .map(|w| format!("{} ({} EP)", w.name, w.ep))
                    .or_else(|| rules.gear_item(id).map(|g| format!("{} ({} EP)", g.name, g.ep)))
                    .unwrap_or_else(|| id.clone());
                if ui.small_button(format!("{name} ×")).on_hover_text("Take it off").clicked() {
                    editor.remove_equipment(si, index, id);
                }
            }
            if let Some(faction) = rules.faction(&squad.faction) {
                ui.menu_button("+ Weapon or gear", |ui| {
                    for id in &faction.armoury {
                        let label = rules
                            .weapon(id)
                            .map(|w| format!("{} ({} EP)", w.name, w.ep))
                            .or_else(|| rules.gear_item(id).map(|g| format!("{} ({} EP)", g.name, g.ep)));
                        if let Some(label) = label
                            && ui.button(label).clicked()
                        {
                            editor.add_equipment(si, index, id);
                            ui.close();
                        }
                    }
                });
            }
        });
    });
}

fn inspector(desk: &mut SkirmDesk, ui: &mut Ui) {
    let Some(pos) = desk.editor.selected else {
        ui.label("Click a square to see what is on it.");
        return;
    };
    for line in square_lines(desk, pos) {
        ui.label(line);
    }
}

/// What a square holds, line by line.
fn square_lines(desk: &SkirmDesk, pos: Pos) -> Vec<String> {
    let scenario = &desk.editor.doc.scenario;
    let rules = &desk.editor.rules;
    let board = &scenario.board;
    if !board.contains(pos) {
        return Vec::new();
    }
    let terrain = rules.terrains.get(board.terrain_at(pos).index()).map_or("?", |t| t.name.as_str());
    let mut lines = vec![format!("Square {pos}: {terrain}, level {}", board.height_at(pos))];
    for (edge, side) in crate::board::Edge::sides(pos).into_iter().zip(["top", "left", "right", "bottom"]) {
        if let Some(feature) = board.edge(edge) {
            let wall = feature
                .wall
                .map(|w| format!("wall of height {}{}", w.height, if w.climbable { ", climbable" } else { "" }));
            let door = feature.door.map(|d| if d.open { "open door" } else { "closed door" }.to_owned());
            let parts: Vec<String> = wall.into_iter().chain(door).collect();
            lines.push(format!("{side} side: {}", parts.join(" with ")));
        }
    }
    if scenario.objectives.contains(&pos) {
        lines.push("Objective".into());
    }
    if scenario.markers.contains(&pos) {
        lines.push("Marker".into());
    }
    for (_, item) in scenario.items.iter().filter(|(p, _)| *p == pos) {
        lines.push(format!("Item: {}", crate::systems::skirm::scenario::validate::item_name(rules, item)));
    }
    for (si, zone) in scenario.zones.iter().enumerate() {
        if zone.contains(&pos) {
            lines.push(format!("Deployment zone {}", if si == 0 { "A" } else { "B" }));
        }
    }
    for squad in &scenario.squads {
        for unit in squad.units.iter().filter(|u| u.pos == Some(pos)) {
            lines.push(format!("{} of {}", unit_label(rules, unit), squad.name));
        }
    }
    lines
}

/// The square under the pointer, the findings count and the message of the moment.
pub fn status_bar(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    ui.horizontal(|ui| {
        let square = desk.hover.map_or_else(
            || "-".to_owned(),
            |s| {
                let board = &desk.editor.doc.scenario.board;
                let terrain =
                    desk.editor.rules.terrains.get(board.terrain_at(s.square).index()).map_or("?", |t| t.name.as_str());
                format!("{}, {} {terrain} level {}", s.square.x, s.square.y, board.height_at(s.square))
            },
        );
        ui.monospace(format!("{square:<28}"));
        let errors = desk.findings.list.iter().filter(|f| f.severity == Severity::Error).count();
        let message = if cx.status.is_empty() { desk.editor.tool.hint().to_owned() } else { cx.status.clone() };
        crate::ui::view::status_summary(ui, errors, desk.findings.list.len() - errors, cx.view.zoom, message);
    });
}
