//! The Skirm playtest in the window: initiative and Tactical Orders shown, alternate
//! activations with the acting squad marked, ACT and orders spent step by step with each
//! action's cost shown before the click, reach on the map, targets with their line of sight
//! and cover and the odds of each number of HIT lost, rolls to re-roll, adjust or accept, and
//! the end of the battle with its medals. Hot-seat or the computer on either side; undo by
//! replay, restart with a seed, fork to the editor. The document is never touched.

use super::SkirmDesk;
use super::canvas::{SQUAD_COLOURS, edge_segment};
use crate::board::Pos;
use crate::systems::skirm::SkirmPlay;
use crate::systems::skirm::draw_battle_map;
use crate::systems::skirm::playtest::worth_offering;
use crate::systems::skirm::rules::target_arm;
use crate::systems::skirm::rules::weapon_strike;
use crate::systems::skirm::rules::{Action, Map, Outcome, Pending, Sight, Target, Window};
use crate::systems::skirm::rules::{heal_amount, hits_lost_odds};
use crate::systems::skirm::text;
use crate::ui::desk::DeskContext;
use crate::ui::desk::prepare_view;
use crate::ui::desk::{GameFile, PlaysSavedGames, ask_game_file, begin_playtest};
use crate::ui::sketch::{PainterSketch, scenario_art};
use crate::ui::style;
use egui::{Color32, RichText, Stroke, StrokeKind, Ui};
use std::sync::Arc;

/// Starts a playtest of the open Skirm document, or leaves the one under way.
pub fn toggle(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>) {
    if desk.play.take().is_some() {
        cx.view.fit = true;
        *cx.status = "Back to editing; the scenario is as you left it.".into();
        return;
    }
    if let Some(play) = begin_playtest(desk, cx) {
        desk.play = Some(SkirmPlay::from(play));
        *cx.status = "Playtest: click a unit of the acting squad (or its button) to activate it.".into();
    }
}

/// The playtest's frame.
pub fn frame(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let mut leave = false;
    let mut fork = None;
    let mut file = None;
    if let Some(play) = Some(&mut *desk).and_then(|d| d.play.as_mut())
        && play.computer_step()
    {
        ui.ctx().request_repaint();
    }
    egui::Panel::top("skirm-play-bar").show(ui, |ui| {
        let Some(play) = desk.play.as_mut() else { return };
        ui.horizontal_wrapped(|ui| {
            if ui.button("Back to editor").clicked() {
                leave = true;
            }
            if ui.button("Fork to editor").on_hover_text("A new scenario with the units where they stand now").clicked()
            {
                fork = Some(play.fork());
            }
            ui.separator();
            if ui.button("Undo action").clicked() && !play.undo() {
                play.log.push("Nothing to undo.".into());
            }
            let label = ui.label("Seed");
            let mut seed = play.seed;
            ui.add(egui::DragValue::new(&mut seed)).labelled_by(label.id);
            if (ui.button("Restart").clicked() || seed != play.seed)
                && let Err(message) = play.restart(seed)
            {
                play.log.push(message);
            }
            ui.separator();
            if ui.button("Save game").clicked() {
                file = Some(true);
            }
            if ui.button("Load game").clicked() {
                file = Some(false);
            }
            ui.separator();
            // The squads by the names the log and the map give them.
            let names: Vec<String> = (0..2)
                .map(|squad| {
                    let name = play.state.squads.get(squad).map(|q| q.name.as_str());
                    crate::systems::skirm::scenario::document::squad_label(name, squad)
                })
                .collect();
            crate::ui::widgets::computer_seats(ui, &mut play.computer, &names);
            crate::ui::widgets::level_choice(ui, &mut play.play.level);
        });
    });
    if leave {
        toggle(desk, cx);
        return;
    }
    match file {
        Some(true) => ask_game_file(desk, cx, GameFile::Save),
        Some(false) => ask_game_file(desk, cx, GameFile::Load),
        None => {}
    }
    if let Some(scenario) = fork {
        desk.play = None;
        desk.editor.doc.change("Fork from playtest", None, |s| *s = scenario);
        *cx.status = "Forked: the battle as it stood is now the scenario (undo brings the old one back).".into();
        return;
    }
    egui::Panel::bottom("status").show(ui, |ui| {
        ui.label(cx.status.as_str());
    });
    crate::ui::dock::tool_column(cx, ui, "skirm-play-squads", 240.0, |_, ui| {
        if let Some(play) = Some(&mut *desk).and_then(|d| d.play.as_ref()) {
            squads_panel(play, ui);
        }
    });
    crate::ui::dock::side_column(cx, ui, "skirm-play-side", 360.0, |_, ui| {
        if let Some(play) = Some(&mut *desk).and_then(|d| d.play.as_mut()) {
            actions_panel(play, ui);
        }
    });
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(style::CANVAS_BACKGROUND))
        .show(ui, |ui| canvas(desk, cx, ui));
}

impl PlaysSavedGames for SkirmDesk {
    fn saved_game(&self) -> Option<Result<String, String>> {
        self.play.as_ref().map(|play| play.save())
    }

    fn resume(&mut self, text: &str) -> Result<(), String> {
        self.play = Some(SkirmPlay::load(Arc::clone(&self.editor.rules), text)?);
        Ok(())
    }
}

/// The battle as it stood, as a scenario: units on their squares (those taken out leave the
/// squad), doors as they stand, items and markers left.
fn squads_panel(play: &SkirmPlay, ui: &mut Ui) {
    let state = &play.state;
    ui.heading(format!("Turn {} of {}", state.turn, state.turns));
    let initiative = &state.squads[usize::from(state.initiative.min(1))].name;
    ui.label(format!("Initiative: {initiative}"));
    if let Some(mission) = play.rules.mission(&state.mission) {
        ui.label(RichText::new(format!("Mission: {}", mission.name)).small());
    }
    ui.separator();
    for (si, squad) in state.squads.iter().enumerate() {
        let acting = usize::from(state.deciding_squad()) == si && state.outcome == Outcome::Ongoing;
        let title = format!("{}{}", squad.name, if acting { " (to act)" } else { "" });
        ui.label(RichText::new(title).color(SQUAD_COLOURS[si]).strong());
        ui.label(format!("Tactical Orders {} · Mission Points {}", squad.orders, squad.points));
        if let Some(secondary) = squad.secondary.and_then(|i| play.rules.secondary_objectives.get(i)) {
            ui.label(RichText::new(format!("Secondary: {}", secondary.name)).small());
        }
        let names = text::names_in_squad(&play.rules, state);
        for (index, unit) in state.units.iter().enumerate().filter(|(_, u)| usize::from(u.squad) == si) {
            // A unit acting now is no longer ready, though its activation has not ended.
            let acting_now = state.activation.as_ref().is_some_and(|a| a.unit == index);
            let status = match unit.pos {
                None => "taken out".to_owned(),
                Some(_) if acting_now => format!("HIT {}/{} · acting now", unit.hit, unit.max_hit),
                Some(_) if unit.activated => format!("HIT {}/{} · activated", unit.hit, unit.max_hit),
                Some(_) => format!("HIT {}/{} · ready", unit.hit, unit.max_hit),
            };
            let name = names.get(index).map_or(&*unit.name, String::as_str);
            ui.label(RichText::new(format!("{name}: {status}")).small());
        }
        ui.separator();
    }
    egui::CollapsingHeader::new("Legend")
        .id_salt("skirm-play-legend")
        .default_open(false)
        .show(ui, super::panels::legend);
    if state.outcome != Outcome::Ongoing {
        let result = match state.outcome {
            Outcome::Won { squad } => format!("{} wins.", state.squads[usize::from(squad.min(1))].name),
            _ => "A draw.".into(),
        };
        ui.heading(result);
        // Named in full: the list mixes both squads' figures.
        let full = text::unit_names(&play.rules, state);
        for (name, medals) in full.iter().zip(&state.medals).filter(|(_, m)| !m.is_empty()) {
            let medals: Vec<&str> = medals.iter().map(|m| m.name()).collect();
            ui.label(format!("{name}: {}", medals.join(", ")));
        }
    }
}

/// One action in words, with its ACT cost and, for an attack, the odds of each HIT lost.
fn action_text(play: &SkirmPlay, action: &Action) -> String {
    let state = &play.state;
    // The acting squad's own by their names in it; a target by its full name, squad and all.
    let (own, full) = (text::names_in_squad(&play.rules, state), text::unit_names(&play.rules, state));
    let unit_name = |id: usize| own.get(id).cloned().unwrap_or_else(|| "a unit no longer listed".to_owned());
    let target_name = |t: &Target| text::target_text(&play.rules, state, &full, *t);
    let weapon_name = |w: &str| play.rules.weapon(w).map_or_else(|| w.to_owned(), |w| w.name.clone());
    match action {
        Action::Activate { unit } => {
            let at = state.unit(*unit).and_then(|u| u.pos).map_or_else(String::new, |p| format!(" at {p}"));
            format!("Activate {}{at}", unit_name(*unit))
        }
        Action::Delay => "Delay (let the other squad act first)".into(),
        Action::Move { to } => format!("Move to {to}"),
        Action::Dash { to } => format!("Dash to {to}"),
        Action::Leap { to } => format!("Leap to {to}"),
        Action::Ranged { weapon, targets } => {
            let names: Vec<String> = targets.iter().map(target_name).collect();
            format!("Shoot {} with {}", names.join(", "), weapon_name(weapon))
        }
        Action::Melee { weapon, target } => format!("Strike {} with {}", target_name(target), weapon_name(weapon)),
        Action::UseTurret { targets } => {
            let names: Vec<String> = targets.iter().map(target_name).collect();
            format!("Fire the turret at {}", names.join(", "))
        }
        Action::Door { edge } => {
            let open = state.board.edge(*edge).and_then(|f| f.door).is_some_and(|d| d.open);
            format!("{} the door", if open { "Close" } else { "Open" })
        }
        Action::PickUp => "Pick up the marker".into(),
        Action::Drop => "Drop the marker".into(),
        Action::OpenCrate { content } => format!("Open the crate: {}", content.summary()),
        Action::Medkit { target } => format!("Medkit on {}", unit_name(*target)),
        Action::MissionAction => "Mission action".into(),
        Action::Reroll { die } => {
            let rolled = play.state.pending.as_ref().and_then(|p| p.dice.get(*die));
            match rolled {
                Some(d) if d.automatic => format!("Roll automatic die {} after all (a 1 deals more)", die + 1),
                _ => format!("Re-roll die {} (a {})", die + 1, rolled.map_or(0, |d| d.face)),
            }
        }
        Action::Adjust { die, up } => {
            let face = play.state.pending.as_ref().and_then(|p| p.dice.get(*die)).map_or(0, |d| d.face);
            let to = if *up { face.saturating_add(1) } else { face.saturating_sub(1) };
            format!("{} die {}: {face} becomes {to} (Tactical Order)", if *up { "+1 to" } else { "-1 to" }, die + 1)
        }
        Action::Accept => "Accept the roll".into(),
        Action::EndActivation => "End activation".into(),
    }
}

/// The odds line of an attack on one target: the chance of each number of HIT lost.
fn odds_text(play: &SkirmPlay, action: &Action) -> Option<String> {
    let state = &play.state;
    let attacker = state.activation.as_ref()?.unit;
    let (weapon, target, melee) = match action {
        Action::Ranged { weapon, targets } => (weapon, *targets.first()?, false),
        Action::Melee { weapon, target } => (weapon, *target, true),
        _ => return None,
    };
    let strike = weapon_strike(&play.rules, state, attacker, weapon, target, melee)?;
    let hit = match target {
        Target::Unit(u) => state.unit(u)?.hit,
        Target::Item(i) => state.items.get(i)?.hit.max(1),
        Target::Square(_) => return None,
    };
    let odds = hits_lost_odds(&strike, target_arm(&play.rules, state, target), hit);
    let parts: Vec<String> = odds
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let what = if k == usize::from(hit) { "out".to_owned() } else { format!("{k} HIT") };
            format!("{what} {:.0}%", p * 100.0)
        })
        .collect();
    Some(format!("{}{}", if strike.cover { "in cover · " } else { "" }, parts.join(" · ")))
}

/// The roll waiting, in words: whose dice against what, what a die needs, and each die as it
/// stands.
fn roll_facts(play: &SkirmPlay, pending: &Pending) -> (String, String, String) {
    let state = &play.state;
    // The log's names, so the prompt names the unit as the log and the map do.
    let names = crate::systems::skirm::text::unit_names(&play.rules, state);
    let name = |u: Option<usize>| u.and_then(|u| names.get(u).cloned()).unwrap_or_else(|| "A turret".to_owned());
    let target = match pending.strike.target {
        Target::Unit(u) => name(Some(u)),
        Target::Item(i) => {
            state.items.get(i).map_or_else(|| "the item".to_owned(), |item| format!("the item at {}", item.pos))
        }
        Target::Square(pos) => format!("square {pos}"),
    };
    let arm = target_arm(&play.rules, state, pending.strike.target);
    let (heading, need, good, bad) = match pending.window {
        Window::Attack => (
            format!("{}'s attack on {target}", name(pending.strike.attacker)),
            pending.strike.skill,
            "strikes",
            "misses",
        ),
        Window::Save => (format!("{target} saves against {} damage", pending.damage), arm, "saves", "fails"),
        Window::Heal => {
            let size = u8::try_from(pending.damage).unwrap_or(u8::MAX);
            let faces: Vec<String> =
                pending.dice.iter().map(|d| format!("{} (heals {})", d.face, heal_amount(d.face, size))).collect();
            return (
                format!("Heal roll: {target} regains 1D{size} HIT"),
                format!(
                    "On the d6, each {} faces heal 1 more (a 5 or 6 heals {size}). A Tactical Order re-rolls the die or raises it by 1.",
                    6 / size.max(1)
                ),
                format!("Die: {}", faces.join(", ")),
            );
        }
    };
    let facts = format!("A die {good} on {need} or less (a 1 always {good}, a 6 always {bad}).");
    let faces: Vec<String> =
        pending.dice.iter().map(|d| format!("{} {}", d.face, if pending.good(d, arm) { good } else { bad })).collect();
    let count = pending.dice.iter().filter(|d| pending.good(d, arm)).count();
    let dice = format!("Dice: {} ({count} of {} {good})", faces.join(", "), pending.dice.len());
    (format!("{} roll: {heading}", pending.window.name()), facts, dice)
}

fn actions_panel(play: &mut SkirmPlay, ui: &mut Ui) {
    let state = &play.state;
    let deciding = usize::from(state.deciding_squad().min(1));
    if state.outcome == Outcome::Ongoing {
        let name = &state.squads[deciding].name;
        ui.label(RichText::new(format!("{name} to decide")).color(SQUAD_COLOURS[deciding]).strong());
    }
    if let Some(activation) = &state.activation {
        let name = state.unit(activation.unit).map_or("?", |u| &*u.name);
        ui.label(format!("{name} is activated: {} ACT left", activation.act_left));
    }
    if let Some(pending) = &state.pending {
        let (heading, facts, dice) = roll_facts(play, pending);
        ui.label(RichText::new(heading).strong());
        ui.label(facts);
        ui.label(dice);
    }
    let mut chosen = None;
    let choices = play.choices();
    let computer = play.computer[deciding];
    egui::ScrollArea::vertical().id_salt("skirm-actions").max_height(ui.available_height() * 0.6).show(ui, |ui| {
        if computer && play.state.outcome == Outcome::Ongoing {
            if play.play.thinking_progress().is_some() {
                crate::ui::widgets::computer_at_work(ui, &mut play.play);
            } else {
                ui.label("The computer is choosing.");
            }
            return;
        }
        // Moves are chosen on the map; every other action is a button with its cost.
        let moves = choices
            .iter()
            .filter(|(a, _)| matches!(a, Action::Move { .. } | Action::Dash { .. } | Action::Leap { .. }))
            .count();
        if moves > 0 {
            ui.label(
                RichText::new(format!(
                    "{} to move to: click one on the map (cost shown there).",
                    crate::game::counted(moves, "square", "squares")
                ))
                .small(),
            );
        }
        for (action, act) in choices.iter() {
            if matches!(action, Action::Move { .. } | Action::Dash { .. } | Action::Leap { .. })
                || !worth_offering(&play.rules, &play.state, action)
            {
                continue;
            }
            let cost = act.map_or_else(String::new, |c| format!(" ({c} ACT)"));
            let button = ui.button(format!("{}{cost}", action_text(play, action)));
            let button = match odds_text(play, action) {
                Some(odds) => {
                    ui.label(RichText::new(odds).small());
                    button
                }
                None => button,
            };
            if button.clicked() {
                chosen = Some(action.clone());
            }
        }
    });
    if let Some(action) = chosen
        && let Err(reason) = play.act(&action)
    {
        play.log.push(format!("Refused: {reason}"));
    }
    ui.separator();
    ui.label(RichText::new("Battle log").strong());
    egui::ScrollArea::vertical().id_salt("skirm-log").stick_to_bottom(true).show(ui, |ui| {
        for line in &play.log {
            ui.label(RichText::new(line).small());
        }
    });
}

/// The map with the battle on it, reach and targets marked; a click moves or activates.
fn canvas(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let (w, h) = (desk.editor.doc.scenario.board.width, desk.editor.doc.scenario.board.height);
    let (response, painter, place) = prepare_view(cx, ui, egui::vec2(f32::from(w), f32::from(h)), "Battle");
    let show_grid = cx.prefs.show_grid;
    let path = crate::ui::desk::DeskExt::path(&*desk).map(std::path::Path::to_path_buf);
    let SkirmDesk { editor, play, .. } = desk;
    let Some(play) = play.as_mut() else { return };
    if show_grid {
        crate::ui::view::draw_rulers(&painter, place, response.rect, w, h);
    }
    let painter = painter.with_clip_rect(place.area);
    let picture = play.picture(&editor.doc.scenario);
    let mut sketch = PainterSketch::new(&painter);
    // The designer's art on terrain, items and portraits, as in the editor; like every playtest
    // it leaves out the background image and shows the board as the rules see it.
    let loaded = scenario_art(painter.ctx(), path.as_deref(), &editor.doc.scenario.art);
    let mut sketch = crate::export::ArtSketch::new(&mut sketch, &loaded);
    draw_battle_map(
        &mut sketch,
        &play.rules,
        &picture,
        (false, false),
        (place.origin.x, place.origin.y),
        place.zoom,
        (0, w),
        (0, h),
        place.zoom >= 22.0,
    );
    play.hover = response.hover_pos().and_then(|p| place.square_at(p, w, h));
    let choices = play.choices();
    let acting = play.state.activation.as_ref().map(|a| a.unit);
    // The acting unit ringed; squares it can reach with what it costs.
    let attacker = acting.and_then(|u| play.state.unit(u)).and_then(|u| u.pos);
    if let Some(pos) = attacker {
        painter.rect_stroke(place.square_rect(pos), 0.0, Stroke::new(3.0, Color32::YELLOW), StrokeKind::Inside);
    }
    // Each square reached once, by its cheapest way (a Move before a Dash of the same cost).
    let mut reach: std::collections::BTreeMap<Pos, (u8, &str)> = std::collections::BTreeMap::new();
    for (action, act) in choices.iter() {
        let (to, mark) = match action {
            Action::Move { to } => (*to, "M"),
            Action::Dash { to } => (*to, "D"),
            Action::Leap { to } => (*to, "L"),
            Action::Activate { unit } => {
                if let Some(pos) = play.state.unit(*unit).and_then(|u| u.pos) {
                    painter.circle_stroke(
                        place.square_rect(pos).center(),
                        place.zoom * 0.42,
                        Stroke::new(2.0, Color32::WHITE),
                    );
                }
                continue;
            }
            _ => continue,
        };
        let cost = act.unwrap_or(0);
        if reach.get(&to).is_none_or(|&(c, _)| cost < c) {
            reach.insert(to, (cost, mark));
        }
    }
    for (&to, &(cost, mark)) in &reach {
        let rect = place.square_rect(to);
        painter.rect_filled(rect.shrink(3.0), 2.0, Color32::from_rgba_unmultiplied(60, 200, 90, 60));
        if place.zoom >= 30.0 {
            // In the bottom-right corner on a dark chip: the top-left one carries the height.
            let galley = painter.layout_no_wrap(
                format!("{mark}{cost}"),
                egui::FontId::proportional(crate::ui::style::MIN_TEXT),
                Color32::WHITE,
            );
            let corner = rect.right_bottom() - galley.size() - egui::vec2(4.0, 3.0);
            let chip = egui::Rect::from_min_size(corner, galley.size()).expand2(egui::vec2(2.0, 0.0));
            painter.rect_filled(chip, 2.0, Color32::from_black_alpha(150));
            painter.galley(corner, galley, Color32::WHITE);
        }
    }
    // Targets: a line of sight from the attacker, amber when the target is in cover.
    if let Some(from) = attacker {
        let map = Map::new(&play.state.board, &play.rules);
        let figures: Vec<Pos> = play.state.units.iter().filter_map(|u| u.pos).collect();
        let sight = Sight::new(map, &figures);
        for (action, _) in choices.iter() {
            let targets: Vec<Target> = match action {
                Action::Ranged { targets, .. } => targets.clone(),
                Action::Melee { target, .. } => vec![*target],
                _ => continue,
            };
            for target in targets {
                let Target::Unit(u) = target else { continue };
                let Some(to) = play.state.unit(u).and_then(|x| x.pos) else { continue };
                let cover = sight.in_cover(from, to);
                let color = if cover { style::WARNING } else { style::ERROR };
                painter.line_segment(
                    [place.square_rect(from).center(), place.square_rect(to).center()],
                    Stroke::new(2.0, color),
                );
                painter.rect_stroke(place.square_rect(to), 0.0, Stroke::new(3.0, color), StrokeKind::Inside);
            }
        }
    }
    for (action, _) in choices.iter() {
        if let Action::Door { edge } = action {
            painter.line_segment(edge_segment(place, *edge), Stroke::new(4.0, Color32::from_rgb(120, 230, 255)));
        }
    }
    if response.clicked()
        && let Some(at) = play.hover
    {
        let pick = choices
            .iter()
            .filter(|(a, _)| match a {
                Action::Move { to } | Action::Dash { to } | Action::Leap { to } => *to == at,
                Action::Activate { unit } => play.state.unit(*unit).and_then(|u| u.pos) == Some(at),
                _ => false,
            })
            .min_by_key(|(_, c)| c.unwrap_or(0))
            .map(|(a, _)| a.clone());
        if let Some(action) = pick
            && let Err(reason) = play.act(&action)
        {
            play.log.push(format!("Refused: {reason}"));
        }
    }
}
