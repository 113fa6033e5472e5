//! The toolbar, the paint box, the status bar and the side panels: inspector, scenario settings,
//! diagnostics, asymmetries, statistics, history and minimap.

use super::SwatDesk;
use super::theme;
use crate::systems::swat::editing::{BRUSH_SIZES, MergeKey, Op, Paint, Tool};
use crate::systems::swat::rules::{CoChoice, MAX_COUNTERS, Pos, PropertyKind, TerrainId, TieBreak, TurnLimit};
use crate::systems::swat::scenario::{Army, Controller, Passenger, Severity, Symmetry};
use crate::ui::commands::UiCommand;
use crate::ui::desk::DeskContext;
use crate::ui::desk::OwnCommands as _;
use crate::ui::widgets::{FindingAsked, findings_panel};
use egui::{Color32, RichText, Sense, Ui, vec2};

fn command_toggle(
    desk: &mut SwatDesk,
    cx: &mut DeskContext<'_>,
    ui: &mut Ui,
    command: UiCommand,
    text: &str,
    hint: &str,
) {
    let shortcut = command.shortcut_text(ui.ctx());
    let label = command.label();
    let hover = if hint.is_empty() { format!("{label} ({shortcut})") } else { format!("{label} ({shortcut})\n{hint}") };
    if ui.selectable_label(desk.is_on(command), text).on_hover_text(hover).clicked() {
        cx.queue(command);
    }
}

/// The toolbar: tools, brush size, stamp turn, symmetric painting, fit.
pub fn toolbar(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let current = desk.editor.symmetry;
    ui.horizontal_wrapped(|ui| {
        for tool in Tool::ALL {
            command_toggle(desk, cx, ui, super::tool_command(tool), tool.label(), tool.hint());
        }
        ui.separator();
        ui.label("Size");
        for size in BRUSH_SIZES {
            command_toggle(desk, cx, ui, super::brush_command(size), &size.to_string(), "");
        }
        ui.separator();
        let mut symmetry = current;
        let shown = current.map_or_else(|| "Off".to_owned(), |s| UiCommand::Symmetry(Some(s)).label());
        crate::ui::widgets::named_choice(ui, "Symmetric painting", &shown, current.is_some(), |ui| {
            ui.selectable_value(&mut symmetry, None, "Off");
            for s in Symmetry::ALL {
                ui.selectable_value(&mut symmetry, Some(s), UiCommand::Symmetry(Some(s)).label());
            }
        })
        .on_hover_text("Live symmetric painting: every edit is echoed, owners swapped (Alt+0 to Alt+5)");
        if symmetry != current {
            cx.queue(UiCommand::Symmetry(symmetry));
        }
        ui.separator();
        crate::ui::widgets::playtest_and_history(cx, ui, &desk.editor.doc);
    });
}

/// The status bar: square under the cursor, the message or the tool's hint, validity, zoom.
pub fn status_bar(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    ui.horizontal(|ui| {
        let square = desk.hover.map_or_else(
            || "-".to_owned(),
            |p| {
                let terrain = desk
                    .editor
                    .rules
                    .terrains
                    .get(desk.editor.doc.scenario.terrain_at(p).index())
                    .map_or("?", |t| t.name.as_str());
                format!("{}, {} {terrain}", p.x, p.y)
            },
        );
        ui.monospace(format!("{square:<20}"));
        let errors = desk.findings.list.iter().filter(|f| f.severity == Severity::Error).count();
        // The brush's hint belongs to the editor; a playtest says how its own board is played.
        let hint = if desk.play.is_some() {
            "Click a unit of the side to act, then a square to move or an enemy to attack; End turn hands over."
        } else {
            desk.editor.tool.hint()
        };
        let message = if cx.status.is_empty() { hint.to_owned() } else { cx.status.clone() };
        crate::ui::view::status_summary(ui, errors, desk.findings.list.len() - errors, cx.view.zoom, message);
    });
}

/// The terrain a property stands on, by the id its art is named by.
fn property_terrain(kind: PropertyKind) -> &'static str {
    match kind {
        PropertyKind::City => "city",
        PropertyKind::Factory => "factory",
        PropertyKind::Hq => "hq",
    }
}

/// One palette entry: a colour chip and a name; `art_kind` is the kind an image dropped on it
/// is art for. Whether it was clicked.
fn swatch(ui: &mut Ui, (color, art_kind): (Color32, &str), selected: bool, label: &str, hint: &str) -> bool {
    let (rect, response) = ui.allocate_exact_size(vec2(ui.available_width(), 22.0), Sense::click());
    crate::ui::art_panel::takes_art(&response, art_kind);
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, label));
    let painter = ui.painter_at(rect);
    if selected {
        painter.rect_filled(rect, 3.0, ui.visuals().selection.bg_fill);
    } else if response.hovered() {
        painter.rect_filled(rect, 3.0, ui.visuals().widgets.hovered.bg_fill);
    }
    let chip = egui::Rect::from_min_size(rect.min + vec2(4.0, 3.0), vec2(16.0, 16.0));
    painter.rect_filled(chip, 2.0, color);
    painter.text(
        chip.right_center() + vec2(6.0, 0.0),
        egui::Align2::LEFT_CENTER,
        label,
        egui::FontId::proportional(13.0),
        ui.visuals().text_color(),
    );
    response.on_hover_text(hint).clicked()
}

/// The paint box: owner, terrain, properties, units and library tiles.
pub fn paint_box(desk: &mut SwatDesk, ui: &mut Ui) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Owner");
        ui.horizontal_wrapped(|ui| {
            if ui.selectable_label(desk.editor.owner.is_none(), "Neutral").clicked() {
                desk.editor.owner = None;
            }
            let names = desk.editor.doc.scenario.seat_names();
            for (seat, (player, name)) in desk.editor.doc.scenario.players.iter().zip(names).enumerate() {
                let seat = u8::try_from(seat).unwrap_or(0);
                let text = RichText::new(name).color(theme::army_color(player.army));
                if ui.selectable_label(desk.editor.owner == Some(seat), text).clicked() {
                    desk.editor.owner = Some(seat);
                }
            }
        });
        ui.separator();
        ui.heading("Terrain");
        for (index, terrain) in desk.editor.rules.terrains.iter().enumerate() {
            if terrain.property.is_some() {
                continue;
            }
            let id = TerrainId(u8::try_from(index).unwrap_or(0));
            let selected = desk.editor.paint == Paint::Terrain(id);
            let hint = format!("Paint {} (glyph '{}')", terrain.name, terrain.glyph);
            if swatch(ui, (theme::terrain_color(terrain), &terrain.id), selected, &terrain.name, &hint) {
                desk.editor.paint = Paint::Terrain(id);
                if !matches!(desk.editor.tool, Tool::Brush | Tool::Rectangle | Tool::Line | Tool::Fill) {
                    desk.editor.tool = Tool::Brush;
                }
            }
        }
        ui.separator();
        ui.heading("Properties");
        // Properties show the chosen owner's colour (neutral grey); units have no neutral.
        let owner_army =
            desk.editor.owner.and_then(|o| desk.editor.doc.scenario.players.get(usize::from(o))).map(|p| p.army);
        let owner_color = owner_army.map_or(theme::NEUTRAL, theme::army_color);
        for kind in PropertyKind::ALL {
            let name = match kind {
                PropertyKind::City => "City",
                PropertyKind::Factory => "Factory",
                PropertyKind::Hq => "HQ",
            };
            if swatch(
                ui,
                (owner_color, property_terrain(kind)),
                desk.editor.paint == Paint::Property(kind),
                name,
                &format!("Place a {} for the chosen owner", kind.label()),
            ) {
                desk.editor.paint = Paint::Property(kind);
                desk.editor.tool = Tool::Brush;
            }
        }
        ui.separator();
        ui.heading("Units");
        let unit_color = theme::army_color(owner_army.unwrap_or(Army::Red));
        let rules = std::sync::Arc::clone(&desk.editor.rules);
        for unit in &rules.units {
            let selected = desk.editor.paint == Paint::Unit(unit.id.clone());
            let hint = format!(
                "{}: ${} {} MP {} range {}-{}",
                unit.name,
                unit.cost,
                desk.editor.rules.move_types[unit.move_type.index()],
                unit.movement,
                unit.range.0,
                unit.range.1
            );
            if swatch(ui, (unit_color, &unit.id), selected, &unit.name, &hint) {
                desk.editor.paint = Paint::Unit(unit.id.clone());
                desk.editor.tool = Tool::Brush;
                if desk.editor.owner.is_none() {
                    desk.editor.owner = Some(0);
                }
            }
        }
        ui.separator();
        ui.heading("Library tiles");
        let turned = match desk.editor.stamp_rotation % 4 {
            0 => "not turned".to_owned(),
            1 => "turned a quarter".to_owned(),
            2 => "turned half round".to_owned(),
            _ => "turned three quarters".to_owned(),
        };
        ui.label(format!("Stamped {turned} ('.' turns it a quarter)"));
        for index in 0..desk.editor.tiles.len() {
            let tile = &desk.editor.tiles[index];
            // "Forest tile": the palette also lists the terrain "Forest".
            let (name, description) = (format!("{} tile", tile.title()), tile.description.clone());
            if ui
                .selectable_label(desk.editor.tool == Tool::Stamp && desk.editor.stamp == index, &name)
                .on_hover_text(description)
                .clicked()
            {
                desk.editor.stamp = index;
                desk.editor.tool = Tool::Stamp;
            }
        }
    });
}

/// The side panels the user has shown.
pub fn side_panels(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        if cx.prefs.show_minimap {
            egui::CollapsingHeader::new("Minimap").default_open(true).show(ui, |ui| minimap(desk, cx, ui));
        }
        if cx.prefs.show_diagnostics {
            egui::CollapsingHeader::new("Diagnostics").default_open(true).show(ui, |ui| diagnostics(desk, cx, ui));
        }
        if cx.prefs.show_inspector {
            egui::CollapsingHeader::new("Inspector").default_open(true).show(ui, |ui| inspector(desk, ui));
        }
        if cx.prefs.show_settings {
            egui::CollapsingHeader::new("Scenario settings").default_open(true).show(ui, |ui| settings(desk, ui));
        }
        if cx.prefs.show_statistics {
            egui::CollapsingHeader::new("Statistics").default_open(true).show(ui, |ui| statistics_panel(desk, cx, ui));
        }
        if cx.prefs.show_history {
            egui::CollapsingHeader::new("History").default_open(true).show(ui, |ui| history(desk, ui));
        }
    });
}

fn diagnostics(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let mut shown = None;
    let mut mend = None;
    let all_clear = "No errors, no warnings.";
    let asked = findings_panel(ui, (&desk.findings.list, &desk.editor.doc), all_clear, &|f| {
        f.fix.as_ref().map(|x| x.label.clone())
    });
    match asked {
        Some((FindingAsked::Show, finding)) => shown = Some(finding.places.clone()),
        Some((FindingAsked::Fix, finding)) => {
            if let Some(fix) = &finding.fix {
                desk.editor.doc.apply_edits(&fix.label, &fix.edits);
                *cx.status = format!("{}.", fix.label);
            }
        }
        None => {}
    }
    if let Some(symmetry) = desk.editor.doc.scenario.symmetry {
        ui.separator();
        match desk.asymmetries(symmetry) {
            Err(_) => {
                ui.label("The scenario's symmetry is Rotate 90, but the board is not square.");
            }
            Ok(report) if report.is_empty() => {
                ui.label(format!("Symmetric ({}).", symmetry.label()));
            }
            Ok(report) => {
                ui.label(RichText::new(format!("Asymmetries ({}): {}", report.len(), symmetry.label())).strong());
                for asymmetry in report.iter().take(40) {
                    // Wrapped, so the button goes below a long line rather than past the panel.
                    ui.horizontal_wrapped(|ui| {
                        if ui
                            .selectable_label(
                                false,
                                format!(
                                    "{} differs at {} from {}",
                                    asymmetry.broken.name(),
                                    asymmetry.pos,
                                    asymmetry.image
                                ),
                            )
                            .clicked()
                        {
                            shown = Some(vec![asymmetry.pos, asymmetry.image]);
                        }
                        if ui.small_button("Make symmetric from this side").clicked() {
                            mend = Some((asymmetry.pos, asymmetry.image, symmetry));
                        }
                    });
                }
            }
        }
    }
    if let Some(squares) = shown {
        show_squares(desk, cx, &squares);
    }
    if let Some((pos, image, symmetry)) = mend {
        make_symmetric(desk, pos, image, symmetry);
    }
}

/// Selects a finding's squares and centres the view on them.
pub fn show_squares(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, squares: &[Pos]) {
    let on_board: Vec<Pos> = squares.iter().copied().filter(|p| desk.editor.doc.scenario.contains(*p)).collect();
    let Some(first) = on_board.first().copied() else { return };
    let (x0, y0) =
        (on_board.iter().map(|p| p.x).min().unwrap_or(first.x), on_board.iter().map(|p| p.y).min().unwrap_or(first.y));
    let (x1, y1) =
        (on_board.iter().map(|p| p.x).max().unwrap_or(first.x), on_board.iter().map(|p| p.y).max().unwrap_or(first.y));
    desk.editor.selection = Some((Pos::new(x0, y0), Pos::new(x1, y1)));
    desk.editor.selected = Some(first);
    *cx.centre_on = Some(crate::ui::view::square_centre(first));
}

fn make_symmetric(desk: &mut SwatDesk, from: Pos, to: Pos, symmetry: Symmetry) {
    let s = &desk.editor.doc.scenario;
    let seats = s.players.len();
    let map = symmetry
        .maps()
        .iter()
        .copied()
        .find(|m| m.apply(from, s.board.width, s.board.height) == to)
        .unwrap_or(symmetry.maps()[0]);
    let terrain = s.terrain_at(from);
    let mut ops = vec![(to, Op::Erase)];
    match desk.editor.rules.terrains.get(terrain.index()).and_then(|t| t.property) {
        Some(kind) => ops.push((to, Op::Property(kind, s.owners.get(&from).map(|&o| map.seat(o, seats))))),
        None => ops.push((to, Op::Terrain(terrain))),
    }
    if let Some(unit) = s.unit_index_at(from).map(|i| s.units[i].clone()) {
        ops.push((to, Op::Unit(unit.kind.clone(), map.seat(unit.owner, seats))));
        for passenger in &unit.passengers {
            ops.push((to, Op::Unit(passenger.kind.clone(), map.seat(unit.owner, seats))));
        }
    }
    desk.editor.apply("Make symmetric", &ops, None, true);
}

fn inspector(desk: &mut SwatDesk, ui: &mut Ui) {
    let Some(pos) = desk.editor.selected.filter(|p| desk.editor.doc.scenario.contains(*p)) else {
        ui.label("Click a square to inspect it.");
        return;
    };
    ui.label(RichText::new(format!("Square {}, {}", pos.x, pos.y)).strong());
    let terrain = desk.editor.doc.scenario.terrain_at(pos);
    let mut chosen = terrain;
    egui::ComboBox::from_label("Terrain")
        .selected_text(desk.editor.rules.terrains.get(terrain.index()).map_or("?", |t| t.name.as_str()))
        .show_ui(ui, |ui| {
            for (index, t) in desk.editor.rules.terrains.iter().enumerate() {
                ui.selectable_value(&mut chosen, TerrainId(u8::try_from(index).unwrap_or(0)), &t.name);
            }
        });
    if chosen != terrain {
        let label = format!(
            "Paint {}",
            desk.editor.rules.terrains.get(chosen.index()).map_or("terrain", |t| t.name.as_str()).to_lowercase()
        );
        desk.editor.apply(&label, &[(pos, Op::Terrain(chosen))], None, true);
    }
    if desk.editor.rules.terrains.get(terrain.index()).and_then(|t| t.property).is_some() {
        let owner = desk.editor.doc.scenario.owners.get(&pos).copied();
        let mut chosen = owner;
        let name = |o: Option<u8>| o.map_or_else(|| "Neutral".to_owned(), |o| format!("Player {}", o + 1));
        egui::ComboBox::from_label("Owner").selected_text(name(owner)).show_ui(ui, |ui| {
            ui.selectable_value(&mut chosen, None, "Neutral");
            for seat in 0..desk.editor.doc.scenario.players.len() {
                let seat = u8::try_from(seat).unwrap_or(0);
                ui.selectable_value(&mut chosen, Some(seat), name(Some(seat)));
            }
        });
        if chosen != owner {
            desk.editor
                .doc
                .apply_edits("Change owner", &[crate::systems::swat::scenario::Edit::SetOwner { pos, owner: chosen }]);
        }
    }
    let Some(index) = desk.editor.doc.scenario.unit_index_at(pos) else {
        ui.label("No unit.");
        return;
    };
    let unit = desk.editor.doc.scenario.units[index].clone();
    ui.separator();
    let name =
        desk.editor.rules.unit_id(&unit.kind).map_or(unit.kind.clone(), |k| desk.editor.rules.unit(k).name.clone());
    let seat = desk.editor.doc.scenario.seat_names().get(usize::from(unit.owner)).cloned();
    ui.label(
        RichText::new(format!(
            "{} {name}",
            crate::game::naming::possessive(&seat.unwrap_or_else(|| format!("Player {}", unit.owner + 1)))
        ))
        .strong(),
    );
    let mut hp = unit.hp;
    ui.add(egui::Slider::new(&mut hp, 1..=desk.editor.rules.economy.max_hp).text("HP"));
    if hp != unit.hp {
        desk.editor.doc.apply_edits("Change HP", &[crate::systems::swat::scenario::Edit::SetUnitHp { index, hp }]);
    }
    let mut owner = unit.owner;
    egui::ComboBox::from_label("Unit owner")
        .selected_text(
            desk.editor
                .doc
                .scenario
                .seat_names()
                .get(usize::from(owner))
                .cloned()
                .unwrap_or_else(|| format!("Player {}", owner + 1)),
        )
        .show_ui(ui, |ui| {
            for seat in 0..desk.editor.doc.scenario.players.len() {
                let seat = u8::try_from(seat).unwrap_or(0);
                let name = desk.editor.doc.scenario.seat_names().get(usize::from(seat)).cloned();
                ui.selectable_value(&mut owner, seat, name.unwrap_or_else(|| format!("Player {}", seat + 1)));
            }
        });
    if owner != unit.owner {
        let moved = crate::systems::swat::scenario::ScenarioUnit { owner, ..unit.clone() };
        desk.editor.doc.apply_edits(
            "Change unit owner",
            &[
                crate::systems::swat::scenario::Edit::RemoveUnit { index },
                crate::systems::swat::scenario::Edit::InsertUnit { index, unit: moved },
            ],
        );
    }
    if let Some(transport) =
        desk.editor.rules.unit_id(&unit.kind).and_then(|k| desk.editor.rules.unit(k).transport.clone())
    {
        ui.label(format!("Passengers ({} of {}):", unit.passengers.len(), transport.capacity));
        let mut passengers = unit.passengers.clone();
        let mut changed = false;
        let mut remove = None;
        for (i, passenger) in passengers.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{} ({} HP)", passenger.kind, passenger.hp));
                if ui.small_button("Remove").clicked() {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            passengers.remove(i);
            changed = true;
        }
        if passengers.len() < usize::from(transport.capacity) {
            ui.horizontal(|ui| {
                for card in desk.editor.rules.units.iter().filter(|u| transport.carries.contains(&u.move_type)) {
                    if ui.small_button(format!("Add {}", card.name)).clicked() {
                        passengers.push(Passenger { kind: card.id.clone(), hp: desk.editor.rules.economy.max_hp });
                        changed = true;
                    }
                }
            });
        }
        if changed {
            desk.editor.doc.apply_edits(
                "Change passengers",
                &[crate::systems::swat::scenario::Edit::SetPassengers { index, passengers }],
            );
        }
    }
    if ui.button("Remove unit").clicked() {
        desk.editor.doc.apply_edits("Remove unit", &[crate::systems::swat::scenario::Edit::RemoveUnit { index }]);
    }
}

fn settings(desk: &mut SwatDesk, ui: &mut Ui) {
    // The form edits a copy without the board's squares and units, which settings never
    // change, so a big board is not copied every frame; they are put back only on a change.
    let mut next = desk.editor.doc.scenario.clone_settings();
    // Each field is tied to its label, so a screen reader (and a test) finds it by name.
    for (label, text, multiline) in [
        ("Name", &mut next.name, false),
        ("Author", &mut next.author, false),
        ("Description", &mut next.description, true),
        ("Setup notes", &mut next.setup_notes, true),
    ] {
        let label = ui.label(label);
        let field = if multiline { ui.text_edit_multiline(text) } else { ui.text_edit_singleline(text) };
        field.labelled_by(label.id);
    }
    let mut tile_size = next.tile_size;
    ui.add(egui::Slider::new(&mut tile_size, 2..=12).text("Tile size"));
    next.tile_size = tile_size;
    ui.separator();
    ui.label(RichText::new("Players").strong());
    let seats = next.players.len();
    let mut remove = None;
    for seat in 0..seats {
        let player = &mut next.players[seat];
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("Seat {}", seat + 1)).color(theme::army_color(player.army)).strong());
            egui::ComboBox::from_id_salt(("army", seat))
                .selected_text(player.army.name())
                .show_ui(ui, |ui| {
                    for army in Army::ALL {
                        ui.selectable_value(&mut player.army, army, army.name());
                    }
                })
                .response
                .on_hover_text(format!("Army of player {}", seat + 1));
            egui::ComboBox::from_id_salt(("controller", seat))
                .selected_text(player.controller.name())
                .show_ui(ui, |ui| {
                    for who in [Controller::Human, Controller::Ai] {
                        ui.selectable_value(&mut player.controller, who, who.name());
                    }
                })
                .response
                .on_hover_text(format!("Who plays player {}", seat + 1));
            if seats > 2 && ui.small_button("Remove").clicked() {
                remove = Some(seat);
            }
        });
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut player.funds).prefix("$").range(0..=1000))
                .on_hover_text(format!("Starting funds of player {}", seat + 1));
            let co_name = match &player.co {
                CoChoice::NoCo => "No CO".to_owned(),
                CoChoice::Random => "Random CO".to_owned(),
                CoChoice::Chosen(id) => {
                    desk.editor.rules.co_id(id).map_or(id.clone(), |c| desk.editor.rules.co(c).name.clone())
                }
            };
            egui::ComboBox::from_id_salt(("co", seat))
                .selected_text(co_name)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut player.co, CoChoice::NoCo, "No CO");
                    ui.selectable_value(&mut player.co, CoChoice::Random, "Random CO")
                        .on_hover_text("Dealt from the seeded dice when the game starts; never a CO another seat has");
                    for co in &desk.editor.rules.cos {
                        ui.selectable_value(&mut player.co, CoChoice::Chosen(co.id.clone()), &co.name)
                            .on_hover_text(co_text(co));
                    }
                })
                .response
                .on_hover_text(format!("CO of player {}", seat + 1));
        });
        if let Some(co) = player.co.chosen().and_then(|c| desk.editor.rules.co_id(c)) {
            ui.label(RichText::new(co_text(desk.editor.rules.co(co))).small());
        }
    }
    if let Some(seat) = remove {
        next.players.remove(seat);
    }
    if next.players.len() < 4 && ui.button("Add player").clicked() {
        let army =
            Army::ALL.iter().copied().find(|a| next.players.iter().all(|p| p.army != *a)).unwrap_or(Army::Yellow);
        next.players.push(crate::systems::swat::scenario::ScenarioPlayer {
            army,
            co: CoChoice::NoCo,
            funds: i64::from(desk.editor.rules.economy.starting_funds),
            controller: Controller::Human,
        });
    }
    let mut first = next.first_player;
    egui::ComboBox::from_label("Moves first").selected_text(format!("Player {}", first + 1)).show_ui(ui, |ui| {
        for seat in 0..next.players.len() {
            let seat = u8::try_from(seat).unwrap_or(0);
            ui.selectable_value(&mut first, seat, format!("Player {}", seat + 1));
        }
    });
    next.first_player = first;
    ui.separator();
    ui.label(RichText::new("Victory").strong());
    ui.checkbox(&mut next.victory.conquest, "Conquest (capture the HQ or eliminate every unit)");
    option_number(ui, &mut next.victory.victory_medals, "Victory Medals", 1..=99);
    option_number(ui, &mut next.victory.city_conquest, "City Conquest", 1..=99);
    let mut limited = next.victory.turn_limit.is_some();
    ui.checkbox(&mut limited, "Turn limit");
    match (limited, next.victory.turn_limit) {
        (true, None) => next.victory.turn_limit = Some(TurnLimit { rounds: 20, tie_break: TieBreak::MostCities }),
        (false, Some(_)) => next.victory.turn_limit = None,
        _ => {}
    }
    if let Some(limit) = next.victory.turn_limit.as_mut() {
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut limit.rounds).range(1..=999).suffix(" rounds"));
            egui::ComboBox::new("tie-break", "then decides").selected_text(limit.tie_break.name()).show_ui(ui, |ui| {
                for tie in TieBreak::ALL {
                    ui.selectable_value(&mut limit.tie_break, tie, tie.name());
                }
            });
        });
    }
    counter_pools(desk, ui, &mut next.counters);
    ui.separator();
    egui::CollapsingHeader::new(RichText::new("House readings").strong()).id_salt("swat-readings").show(ui, |ui| {
        let now = next.readings;
        crate::ui::widgets::house_readings(
            ui,
            "swat-reading",
            &crate::systems::swat::rules::READINGS,
            |name| now.value(name),
            |name, value| drop(next.readings.set(name, value)),
        );
    });
    let mut symmetry = next.symmetry;
    egui::ComboBox::from_label("Intended symmetry")
        .selected_text(symmetry.map_or_else(|| "None".to_owned(), |s| UiCommand::Symmetry(Some(s)).label()))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut symmetry, None, "None");
            for s in Symmetry::ALL {
                ui.selectable_value(&mut symmetry, Some(s), UiCommand::Symmetry(Some(s)).label());
            }
        });
    next.symmetry = symmetry;
    if !next.same_settings(&desk.editor.doc.scenario) {
        let current = &desk.editor.doc.scenario;
        next.board.clone_from(&current.board);
        next.units.clone_from(&current.units);
        next.owners.clone_from(&current.owners);
        next.tiles.clone_from(&current.tiles);
        desk.editor.doc.replace_merging("Edit settings", MergeKey::SETTINGS, next);
    }
}

/// Counters per army of each kind: the ruleset's pool, no limit, or the scenario's own number.
fn counter_pools(desk: &SwatDesk, ui: &mut Ui, counters: &mut std::collections::BTreeMap<String, Option<u32>>) {
    ui.separator();
    egui::CollapsingHeader::new(RichText::new("Counters per army").strong()).id_salt("counter-pools").show(ui, |ui| {
        ui.label(
            RichText::new("What each army's sheet holds: a unit is bought only while a counter of its kind is free; under Victory Medals an eliminated unit's counter is lost.")
                .small(),
        );
        egui::Grid::new("counter-pool-grid").num_columns(3).show(ui, |ui| {
            for card in &desk.editor.rules.units {
                ui.label(&card.name);
                let ruleset = card.counters.map_or_else(|| "no limit".to_owned(), |n| n.to_string());
                let current = counters.get(&card.id).copied();
                let text = match current {
                    None => format!("Ruleset ({ruleset})"),
                    Some(None) => "No limit".to_owned(),
                    Some(Some(_)) => "Scenario".to_owned(),
                };
                let mut choice = current;
                egui::ComboBox::from_id_salt(("pool", &card.id))
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut choice, None, format!("Ruleset ({ruleset})"));
                        ui.selectable_value(&mut choice, Some(None), "No limit");
                        let own = Some(Some(current.flatten().or(card.counters).unwrap_or(4)));
                        ui.selectable_value(&mut choice, own, "Scenario");
                    })
                    .response
                    .on_hover_text(format!("{} counters per army", card.name));
                if let Some(Some(n)) = choice.as_mut() {
                    ui.add(egui::DragValue::new(n).range(0..=MAX_COUNTERS))
                        .on_hover_text(format!("{} counters per army in this scenario", card.name));
                } else {
                    ui.label("");
                }
                match choice {
                    None => drop(counters.remove(&card.id)),
                    Some(limit) => drop(counters.insert(card.id.clone(), limit)),
                }
                ui.end_row();
            }
        });
    });
}

fn option_number(ui: &mut Ui, value: &mut Option<u32>, label: &str, range: std::ops::RangeInclusive<u32>) {
    ui.horizontal(|ui| {
        let mut on = value.is_some();
        ui.checkbox(&mut on, label);
        match (on, *value) {
            (true, None) => *value = Some(*range.start().max(&5)),
            (false, Some(_)) => *value = None,
            _ => {}
        }
        if let Some(n) = value.as_mut() {
            ui.add(egui::DragValue::new(n).range(range));
        }
    });
}

fn co_text(co: &crate::systems::swat::rules::Co) -> String {
    format!(
        "{}: {}\nPower {} ({} stars), Super Power {} ({} stars)",
        co.name, co.description, co.power.name, co.power.stars, co.super_power.name, co.super_power.stars
    )
}

fn statistics_panel(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let stats = desk.statistics().clone();
    let names = desk.editor.doc.scenario.seat_names();
    egui::Grid::new("stats").striped(true).show(ui, |ui| {
        for header in ["", "Cities", "Fact.", "HQ", "Income", "Units $"] {
            ui.label(RichText::new(header).strong());
        }
        ui.end_row();
        for p in &stats.players {
            let color = desk
                .editor
                .doc
                .scenario
                .players
                .get(usize::from(p.player))
                .map_or(Color32::GRAY, |pl| theme::army_color(pl.army));
            let name = names.get(usize::from(p.player)).cloned().unwrap_or_default();
            ui.label(RichText::new(name).color(color).strong());
            ui.label(p.cities.to_string());
            ui.label(p.factories.to_string());
            ui.label(p.hqs.to_string());
            ui.label(format!("${}", p.starting_income));
            ui.label(format!("${}", p.starting_unit_value));
            ui.end_row();
        }
    });
    ui.checkbox(&mut cx.prefs.show_race, "Show who reaches each neutral property first");
    for race in stats.neutral_properties.iter().take(30) {
        let turns: Vec<String> = race
            .first_turn
            .iter()
            .enumerate()
            .map(|(s, t)| {
                let name = names.get(s).map_or("?", String::as_str);
                format!("{name} {}", t.map_or("-".to_owned(), |t| t.to_string()))
            })
            .collect();
        if ui.selectable_label(false, format!("{} {}: {}", race.kind.label(), race.pos, turns.join(" "))).clicked() {
            show_squares(desk, cx, &[race.pos]);
        }
    }
}

fn history(desk: &mut SwatDesk, ui: &mut Ui) {
    let labels: Vec<String> = desk.editor.doc.history.labels().map(str::to_owned).collect();
    let cursor = desk.editor.doc.history.cursor();
    if ui.selectable_label(cursor == 0, "Opened").clicked() {
        desk.editor.doc.jump_to(0);
    }
    for (index, label) in labels.iter().enumerate() {
        let applied = index < cursor;
        let text = if applied { RichText::new(label) } else { RichText::new(label).weak().italics() };
        if ui.selectable_label(index + 1 == cursor, text).clicked() {
            desk.editor.doc.jump_to(index + 1);
        }
    }
}

fn minimap(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let s = &desk.editor.doc.scenario;
    let size = ui.available_width().min(260.0);
    let scale = size / f32::from(s.board.width.max(s.board.height));
    let (response, painter) = ui.allocate_painter(
        vec2(f32::from(s.board.width) * scale, f32::from(s.board.height) * scale),
        Sense::click_and_drag(),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Minimap"));
    let origin = response.rect.min;
    // At most about 64 x 64 blocks, so a 200 x 200 board stays cheap to draw.
    let step = (s.board.width.max(s.board.height) / 64).max(1);
    let mut mesh = egui::Mesh::default();
    for y in (0..s.board.height).step_by(usize::from(step)) {
        for x in (0..s.board.width).step_by(usize::from(step)) {
            let pos = Pos::new(x, y);
            let mut color =
                desk.editor.rules.terrains.get(s.terrain_at(pos).index()).map_or(Color32::GRAY, theme::terrain_color);
            if let Some(&owner) = s.owners.get(&pos)
                && let Some(player) = s.players.get(usize::from(owner))
            {
                color = theme::army_color(player.army);
            }
            let rect = egui::Rect::from_min_size(
                origin + vec2(f32::from(x), f32::from(y)) * scale,
                vec2(f32::from(step), f32::from(step)) * scale,
            );
            mesh.add_colored_rect(rect, color);
        }
    }
    painter.add(egui::Shape::mesh(mesh));
    for unit in &s.units {
        if let Some(player) = s.players.get(usize::from(unit.owner)) {
            let c = origin + (vec2(f32::from(unit.pos.x), f32::from(unit.pos.y)) + vec2(0.5, 0.5)) * scale;
            painter.circle_filled(c, (scale * 0.45).max(1.5), theme::army_color(player.army));
        }
    }
    if let Some(place) = *cx.placement {
        let view_min = (place.area.min - place.origin) / place.zoom;
        let view_max = (place.area.max - place.origin) / place.zoom;
        let rect =
            egui::Rect::from_min_max(origin + view_min * scale, origin + view_max * scale).intersect(response.rect);
        painter.rect_stroke(rect, 0.0, egui::Stroke::new(1.5, Color32::WHITE), egui::StrokeKind::Inside);
    }
    if let Some(point) = response.interact_pointer_pos() {
        let local = (point - origin) / scale;
        if local.x >= 0.0 && local.y >= 0.0 {
            *cx.centre_on = Some(crate::ui::view::square_centre(Pos::new(
                (local.x as u16).min(s.board.width - 1),
                (local.y as u16).min(s.board.height - 1),
            )));
        }
    }
}
