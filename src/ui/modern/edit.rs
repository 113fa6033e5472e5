//! Editing a Modern Skirmish table in the window: the toolbar, the library of terrain and
//! troops, the settings with the house readings, the inspector, the exact kill chances, the
//! findings with their fixes, the status bar, and the table itself drawn by the print's own
//! drawing, with the selection, findings and the measure on top.

use super::{ModernDesk, SIDE_COLOURS};
use crate::game::Severity;
use crate::systems::modern::editing::{Drag, Editor, Thing, Tool};
use crate::systems::modern::print::{Frame, draw_table};
use crate::systems::modern::rules::READINGS;
use crate::systems::modern::ruleset::{UNIT, cm};
use crate::systems::modern::scenario::text_forces;
use crate::table::{Footprint, TableSymmetry};
use crate::ui::desk::{DeskContext, prepare_view};
use crate::ui::gesture::{GestureTarget, pointer_gesture};
use crate::ui::sketch::PainterSketch;
use crate::ui::style;
use crate::ui::view::Placement;
use crate::ui::widgets::{FindingAsked, findings_panel};
use egui::{Color32, RichText, Stroke, Ui};

/// A colour per whole centimetre of the table, row by row, for the print preview's miniature.
pub fn miniature(desk: &ModernDesk) -> Vec<Color32> {
    let (w, d) = desk.print_size();
    let rules = &desk.editor.rules;
    let pieces: Vec<_> = desk
        .scenario()
        .table
        .pieces
        .iter()
        .map(|p| {
            let c = rules.kind(&p.kind).map_or((160, 160, 160), |k| k.colour);
            (p.shape(), Color32::from_rgb(c.0, c.1, c.2))
        })
        .collect();
    crate::ui::open_table::miniature(w, d, crate::table::UM_PER_CM, &pieces, Color32::from_rgb(214, 208, 176))
}

/// The table point under a screen point (micrometres; the view is in centimetres).
pub fn to_table(place: Placement, point: egui::Pos2) -> (i64, i64) {
    let local = (point - place.origin) / place.zoom;
    let unit = crate::table::UM_PER_CM as f32;
    ((local.x * unit).round() as i64, (local.y * unit).round() as i64)
}

/// A table point on screen.
pub fn to_screen(place: Placement, (x, y): (i64, i64)) -> egui::Pos2 {
    let unit = crate::table::UM_PER_CM as f32;
    place.to_screen(x as f32 / unit, y as f32 / unit)
}

/// The editing frame: panels around the table.
pub fn frame(desk: &mut ModernDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    egui::Panel::top("modern-toolbar").show(ui, |ui| toolbar(desk, cx, ui));
    egui::Panel::bottom("status").show(ui, |ui| status_bar(desk, cx, ui));
    crate::ui::dock::tool_column(cx, ui, "modern-library", 230.0, |_, ui| library(desk, ui));
    crate::ui::dock::side_column(cx, ui, "modern-side", 440.0, |_, ui| side(desk, ui));
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(style::CANVAS_BACKGROUND))
        .show(ui, |ui| canvas(desk, cx, ui));
}

fn toolbar(desk: &mut ModernDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        for (tool, label) in [(Tool::Select, "Select and move"), (Tool::Measure, "Measure")] {
            if ui.selectable_label(desk.editor.tool == tool, label).clicked() {
                desk.editor.tool = tool;
            }
        }
        ui.separator();
        crate::ui::open_table::echo_choice(ui, &mut desk.editor.echo);
        ui.separator();
        ui.label("Drag: move · Shift: one figure · Box: several").on_hover_text(
            "Drag a figure to move its unit, Shift-drag to move one figure. Drag a box from empty ground, or \
             Shift-click pieces and units, to select several; the inspector turns, mirrors, copies and \
             duplicates them.",
        );
        ui.separator();
        crate::ui::widgets::playtest_and_history(cx, ui, &desk.editor.doc);
    });
}

fn library(desk: &mut ModernDesk, ui: &mut Ui) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Terrain");
        let kinds = desk.editor.rules.terrain.clone();
        for (index, kind) in kinds.iter().enumerate() {
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, Color32::from_rgb(kind.colour.0, kind.colour.1, kind.colour.2));
                let what = match (kind.is_building, kind.cover_inside) {
                    (true, _) => "hides what is behind it; cover inside; 10 cm in or out, 5 cm within",
                    (false, true) => "cover inside",
                    (false, false) => "cover close behind it",
                };
                let entry = ui
                    .selectable_label(desk.editor.tool == Tool::Piece(index), &kind.name)
                    .on_hover_text(format!("Click the table to place one: {what}"));
                crate::ui::art_panel::takes_art(&entry, &kind.id);
                if entry.clicked() {
                    desk.editor.tool = Tool::Piece(index);
                }
            });
        }
        ui.separator();
        ui.heading("Forces");
        let rules = desk.editor.rules.clone();
        for side in 0..2u8 {
            ui.label(RichText::new(rules.side_name(side)).color(SIDE_COLOURS[usize::from(side)]).strong());
            for (index, troop) in rules.troops.iter().enumerate().filter(|(_, t)| t.side == side) {
                let have = desk.scenario().units.iter().filter(|u| u.troop == troop.id).count();
                let text = format!("{} ({have} of {} units of {})", troop.name, troop.units, troop.figures);
                let colour = if have == usize::from(troop.units) { ui.visuals().text_color() } else { style::WARNING };
                let entry = ui
                    .selectable_label(desk.editor.tool == Tool::Unit(index), RichText::new(text).color(colour))
                    .on_hover_text("Click the table to place a unit in formation");
                crate::ui::art_panel::takes_art(&entry, &troop.id);
                if entry.clicked() {
                    desk.editor.tool = Tool::Unit(index);
                }
            }
        }
        if ui.button("Set up the text's forces").on_hover_text("In formation across each deployment zone").clicked() {
            let units = text_forces(&rules, &desk.scenario().table);
            crate::systems::modern::editing::change(&mut desk.editor.doc, "Set up the text's forces", None, |s| {
                s.units = units;
            });
        }
    });
}

fn side(desk: &mut ModernDesk, ui: &mut Ui) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        egui::CollapsingHeader::new("Scenario settings").default_open(false).show(ui, |ui| settings(desk, ui));
        egui::CollapsingHeader::new("House readings").default_open(false).show(ui, |ui| readings(desk, ui));
        egui::CollapsingHeader::new("Inspector").default_open(true).show(ui, |ui| inspector(desk, ui));
        egui::CollapsingHeader::new("Statistics").default_open(true).show(ui, |ui| statistics(desk, ui));
        egui::CollapsingHeader::new("Diagnostics").default_open(true).show(ui, |ui| diagnostics(desk, ui));
    });
}

fn settings(desk: &mut ModernDesk, ui: &mut Ui) {
    let mut s = desk.scenario().clone();
    egui::Grid::new("modern-settings").num_columns(2).show(ui, |ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut s.name);
        ui.end_row();
        ui.label("Description");
        ui.text_edit_multiline(&mut s.description);
        ui.end_row();
        ui.label("Declared symmetry");
        let current = s.symmetry.map_or("None", TableSymmetry::label);
        egui::ComboBox::from_id_salt("modern-symmetry").selected_text(current).show_ui(ui, |ui| {
            ui.selectable_value(&mut s.symmetry, None, "None");
            for symmetry in TableSymmetry::ALL {
                ui.selectable_value(&mut s.symmetry, Some(symmetry), symmetry.label());
            }
        });
        ui.end_row();
        let mut w = UNIT.value(s.table.width);
        let mut d = UNIT.value(s.table.depth);
        ui.label("Table (cm)");
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut w).range(60.0..=600.0).suffix(" across"));
            ui.add(egui::DragValue::new(&mut d).range(60.0..=600.0).suffix(" down"));
        });
        s.table.width = cm(w);
        s.table.depth = cm(d);
        ui.end_row();
    });
    if s != *desk.scenario() {
        crate::systems::modern::editing::change(
            &mut desk.editor.doc,
            "Scenario settings",
            Some(crate::editing::MergeKey::SETTINGS),
            |doc| *doc = s,
        );
    }
}

fn readings(desk: &mut ModernDesk, ui: &mut Ui) {
    let now = desk.scenario().readings;
    let mut r = now;
    crate::ui::widgets::house_readings(
        ui,
        "modern-reading",
        &READINGS,
        |name| now.get(name),
        |name, value| drop(r.set(name, value)),
    );
    if r != desk.scenario().readings {
        crate::systems::modern::editing::change(&mut desk.editor.doc, "House reading", None, |s| s.readings = r);
    }
}

fn inspector(desk: &mut ModernDesk, ui: &mut Ui) {
    let rules = desk.editor.rules.clone();
    if desk.editor.group.len() > 1 {
        let names: Vec<String> = desk.editor.group.iter().map(|&t| thing_name(desk, t)).collect();
        if let Some(action) = crate::ui::open_table::group_buttons(ui, &names) {
            crate::table::group::TableGroupEditing::act(&mut desk.editor, action);
        }
        return;
    }
    match desk.editor.selected {
        None => {
            ui.label("Select a piece or a unit on the table.");
        }
        Some(Thing::Piece(i)) => {
            let Some(piece) = desk.scenario().table.pieces.get(i).cloned() else { return };
            let name = rules.kind(&piece.kind).map_or("Piece", |k| k.name.as_str());
            ui.label(RichText::new(name).strong());
            ui.label(format!(
                "Centre {}, turned {}°",
                crate::systems::modern::text::at_text((piece.pose.x, piece.pose.y)),
                piece.pose.facing.degrees()
            ));
            if let Footprint::Rect { length, width } = piece.footprint {
                let (mut across, mut along) = (UNIT.value(width), UNIT.value(length));
                ui.horizontal(|ui| {
                    ui.label("Size (cm)");
                    ui.add(egui::DragValue::new(&mut across).range(1.0..=200.0).speed(0.5).suffix(" across"));
                    ui.add(egui::DragValue::new(&mut along).range(1.0..=200.0).speed(0.5).suffix(" along"));
                });
                if (cm(across), cm(along)) != (width, length) {
                    desk.editor.resize_selected(cm(across), cm(along));
                }
            }
            ui.label("R / Q turn it 15°; Delete removes it (and its echo).");
        }
        Some(Thing::Unit(u) | Thing::Figure(u, _)) => {
            let Some(unit) = desk.scenario().units.get(u).cloned() else { return };
            let side = desk.editor.side_of_unit(u);
            let troop = rules.troop(&unit.troop).map_or("?", |t| t.name.as_str());
            ui.label(RichText::new(&unit.name).color(SIDE_COLOURS[usize::from(side)]).strong());
            ui.label(format!("{troop} of the {}, {} figures", rules.side_name(side), unit.figures.len()));
            let mut name = unit.name.clone();
            ui.horizontal(|ui| {
                ui.label("Name");
                ui.text_edit_singleline(&mut name);
            });
            if name != unit.name {
                crate::systems::modern::editing::change(
                    &mut desk.editor.doc,
                    "Rename unit",
                    Some(crate::editing::MergeKey::Field("unit-name", u)),
                    |s| s.units[u].name = name,
                );
            }
        }
    }
}

/// A piece's or unit's name in the group's list.
fn thing_name(desk: &ModernDesk, thing: Thing) -> String {
    let s = desk.scenario();
    match thing {
        Thing::Piece(i) => desk.editor.rules.piece_name(&s.table.pieces, i),
        Thing::Unit(u) | Thing::Figure(u, _) => s.units.get(u).map_or_else(String::new, |unit| unit.name.clone()),
    }
}

fn statistics(desk: &mut ModernDesk, ui: &mut Ui) {
    let stats = desk.statistics().clone();
    for side in &stats.sides {
        ui.label(format!(
            "{}: {} units, {} figures; {} in cover from the nearest enemy; {} enemies within 60 cm",
            side.side, side.units, side.figures, side.in_cover, side.enemies_in_reach
        ));
    }
    if let Some(n) = stats.nearest_enemy {
        ui.label(format!("The nearest enemies stand {} apart at the start.", UNIT.show(n)));
    }
    // Folded by default: open, it is taller than the column and would push the diagnostics and
    // their one-click fixes out of sight.
    egui::CollapsingHeader::new("Kill chance of one shot (exact)").id_salt("modern-kills").default_open(false).show(
        ui,
        |ui| {
            ui.label("In the open above, in cover below.");
            kill_table(ui, &stats);
        },
    );
    let [ae, be, de] = stats.close_combat;
    ui.label(format!(
        "Close combat: defender eliminated {:.0}%, both {:.0}%, attacker {:.0}%",
        100.0 * f64::from(de) / 1296.0,
        100.0 * f64::from(be) / 1296.0,
        100.0 * f64::from(ae) / 1296.0
    ));
}

/// The kill chances, a block for each firer and enemy with a cell for each range row (its
/// reach, then the chance in the open and in cover, one above the other): narrow enough for
/// the right column, where a row of its own for each pair ran off the column's edge.
fn kill_table(ui: &mut Ui, stats: &crate::systems::modern::scenario::Statistics) {
    for (index, row) in stats.kill_blocks().enumerate() {
        let Some(first) = row.first() else { continue };
        ui.label(format!("{} at {}", first.troop, first.enemy)).on_hover_text(&first.unit);
        egui::Grid::new(("modern-kills", index)).min_col_width(48.0).show(ui, |ui| {
            for k in row {
                ui.label(format!(
                    "≤ {} cm\n{:.3}\n{:.3}",
                    k.band,
                    f64::from(k.open.1) / 36.0,
                    f64::from(k.cover.1) / 36.0
                ))
                .on_hover_text(format!(
                    "Within {} cm: {} of 36 throws kill in the open, {} in cover",
                    k.band, k.open.1, k.cover.1
                ));
            }
            ui.end_row();
        });
    }
}

fn diagnostics(desk: &mut ModernDesk, ui: &mut Ui) {
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
            desk.editor.apply_fix(finding);
        }
    }
}

fn status_bar(desk: &mut ModernDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    ui.horizontal(|ui| {
        let at = desk.hover.map_or_else(|| "-".to_owned(), |(x, y)| format!("{}, {}", UNIT.show(x), UNIT.show(y)));
        ui.monospace(format!("{at:<20}"));
        let errors = desk.findings.list.iter().filter(|f| f.severity == Severity::Error).count();
        let tool = match desk.editor.tool {
            Tool::Select => "Select and move".to_owned(),
            Tool::Measure => "Measure".to_owned(),
            Tool::Piece(k) => {
                format!("Place {}", desk.editor.rules.terrain.get(k).map_or("piece", |k| k.name.as_str()))
            }
            Tool::Unit(t) => format!("Place {}", desk.editor.rules.troops.get(t).map_or("unit", |t| t.name.as_str())),
        };
        let message = if cx.status.is_empty() { tool } else { cx.status.clone() };
        crate::ui::view::status_summary(ui, errors, desk.findings.list.len() - errors, cx.view.zoom, message);
    });
}

struct Target<'a>(&'a mut Editor);

impl GestureTarget<(i64, i64)> for Target<'_> {
    fn press(&mut self, at: (i64, i64)) {
        self.0.press(at);
    }

    fn dragging(&self) -> bool {
        self.0.drag.is_some()
    }

    fn drag_to(&mut self, at: (i64, i64)) {
        self.0.drag_to(at);
    }

    fn release(&mut self, at: Option<(i64, i64)>) {
        self.0.release(at);
    }
}

fn canvas(desk: &mut ModernDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let unit = crate::table::UM_PER_CM as f32;
    let (width, depth) = (desk.scenario().table.width, desk.scenario().table.depth);
    let extent = egui::vec2(width as f32 / unit, depth as f32 / unit);
    let (response, painter, place) = prepare_view(cx, ui, extent, "Table");
    let pointer = response.hover_pos().filter(|p| place.area.contains(*p));
    desk.hover = pointer.map(|p| to_table(place, p));
    desk.editor.single = ui.input(|i| i.modifiers.shift);
    pointer_gesture(ui, &response, desk.hover, &mut Target(&mut desk.editor));
    let painter = painter.with_clip_rect(place.area);
    {
        let mut sketch = PainterSketch::new(&painter);
        let origin = (place.origin.x, place.origin.y);
        let art = (crate::ui::desk::DeskExt::path(&*desk), desk.scenario().backdrop.as_ref());
        let backdrop = crate::ui::sketch::draw_backdrop(&mut sketch, art, origin, place.zoom);
        let frame = Frame { origin, scale: place.zoom / unit, greyscale: false, backdrop };
        let loaded = crate::ui::sketch::scenario_art(ui.ctx(), art.0, &desk.scenario().art);
        let mut sketch = crate::export::ArtSketch::new(&mut sketch, &loaded);
        draw_table(&mut sketch, &desk.editor.rules, desk.scenario(), &frame, false);
    }
    let base = desk.editor.rules.base_um() as f32 / unit * place.zoom / 2.0;
    table_names(desk, &painter, place, base);
    if cx.prefs.show_grid {
        let whole = |um: i64| u16::try_from((um as f32 / unit).ceil() as i64).unwrap_or(u16::MAX);
        crate::ui::view::draw_rulers(&ui.painter().clone(), place, response.rect, whole(width), whole(depth));
    }
    let selection = Stroke::new(2.0, style::SELECTION);
    for thing in desk.editor.selected.into_iter().chain(desk.editor.group.iter().copied()) {
        outline(desk, &painter, place, base, thing, selection);
    }
    if let Some(Drag::Group(crate::table::group::GroupDrag::Box { from, to, .. })) = desk.editor.drag {
        let rect = egui::Rect::from_two_pos(to_screen(place, from), to_screen(place, to));
        painter.rect_filled(rect, 0.0, Color32::from_rgba_unmultiplied(80, 200, 255, 30));
        painter.rect_stroke(rect, 0.0, Stroke::new(1.5, style::SELECTION), egui::StrokeKind::Inside);
    }
    for finding in &desk.findings.list {
        let colour = if finding.severity == Severity::Error { style::ERROR } else { style::WARNING };
        for &at in &finding.places {
            painter.circle_stroke(to_screen(place, at), base + 4.0, Stroke::new(2.0, colour));
        }
    }
    if let Some((a, b)) = desk.editor.measured.filter(|_| desk.editor.tool == Tool::Measure) {
        let (pa, pb) = (to_screen(place, a), to_screen(place, b));
        painter.line_segment([pa, pb], Stroke::new(2.0, Color32::WHITE));
        let centre = crate::systems::modern::rules::centre_distance(a, b);
        let text = format!(
            "{} ({} edge to edge)",
            UNIT.show(centre),
            UNIT.show((centre - desk.editor.rules.base_um()).max(0))
        );
        painter.text(
            pb + egui::vec2(8.0, -8.0),
            egui::Align2::LEFT_BOTTOM,
            text,
            egui::FontId::proportional(14.0),
            Color32::WHITE,
        );
    }
    if let Some(message) = desk.editor.take_feedback() {
        cx.say(message);
    }
}

/// Outlines a selected piece, or rings a selected unit's figures (or the one figure).
fn outline(desk: &ModernDesk, painter: &egui::Painter, place: Placement, base: f32, thing: Thing, stroke: Stroke) {
    let figures = |u: usize| desk.scenario().units.get(u).map_or(&[][..], |unit| unit.figures.as_slice());
    match thing {
        Thing::Piece(i) => {
            if let Some(piece) = desk.scenario().table.pieces.get(i) {
                let points: Vec<egui::Pos2> = piece
                    .shape()
                    .outline()
                    .into_iter()
                    .map(|(x, y)| to_screen(place, (x.round() as i64, y.round() as i64)))
                    .collect();
                painter.add(egui::Shape::closed_line(points, stroke));
            }
        }
        Thing::Unit(u) => {
            for &p in figures(u) {
                painter.circle_stroke(to_screen(place, p), base + 2.0, stroke);
            }
        }
        Thing::Figure(u, f) => {
            if let Some(&p) = figures(u).get(f) {
                painter.circle_stroke(to_screen(place, p), base + 2.0, stroke);
            }
        }
    }
}

/// The names on the table, as in print: each piece's letters and number ("B1"), each unit's
/// name over its figures. Zones go by their side's colour: a name in a zone's corner would
/// cover the figures deployed there.
fn table_names(desk: &ModernDesk, painter: &egui::Painter, place: Placement, base: f32) {
    let scenario = desk.scenario();
    let rules = &desk.editor.rules;
    let roster: Vec<(u8, &str)> =
        scenario.units.iter().map(|u| (crate::systems::modern::scenario::side_of(rules, u), u.name.as_str())).collect();
    let mut tags: Vec<(egui::Pos2, String)> = scenario
        .units
        .iter()
        .zip(crate::game::naming::distinct_names(&roster))
        .filter_map(|(u, name)| {
            let figures: Vec<egui::Pos2> = u.figures.iter().map(|&p| to_screen(place, p)).collect();
            Some((crate::ui::open_table::over_figures(&figures, base)?, name))
        })
        .collect();
    tags.extend(scenario.table.pieces.iter().zip(crate::systems::modern::print::piece_labels(rules, scenario)).map(
        |(piece, label)| {
            let (x, y) = piece.shape().centre();
            (to_screen(place, (x.round() as i64, y.round() as i64)), label)
        },
    ));
    crate::ui::open_table::name_tags(painter, &tags, &[]);
}

/// The id of the art kind drawn under the pointer, where an image dropped now goes.
pub fn art_kind_under_pointer(desk: &ModernDesk) -> Option<String> {
    use crate::systems::modern::editing::Thing;
    let scenario = &desk.editor.doc.scenario;
    match desk.editor.thing_at(desk.hover?)? {
        Thing::Unit(i) | Thing::Figure(i, _) => scenario.units.get(i).map(|u| u.troop.clone()),
        Thing::Piece(i) => scenario.table.pieces.get(i).map(|p| p.kind.clone()),
    }
}
