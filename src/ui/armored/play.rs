//! The Armored Advance playtest in the window: drag a unit of the side to act and a ruler
//! shows the inches this move uses and leaves and its cost through terrain (refused moves say
//! why); drag its handle to turn it in place; hover an enemy to see each weapon's edge-to-edge
//! range, what the line crosses and the exact chances of a hit and a penetration, click it to
//! fire the best; the log records every action and die, and the action limit as it is spent.
//! The computer can play either side; undo by replay, restart with a seed, back to the editor.
//! The document is never touched.

use super::ArmoredDesk;
use super::canvas::{SIDE_COLOURS, UnitTag, labels, numbered_short_names, unit_tags};
use crate::game::naming::possessive;
use crate::systems::armored::playtest::ArmoredPlay;
use crate::systems::armored::print::draw::{Frame, draw_table};
use crate::systems::armored::rules::{Action, Outcome};
use crate::systems::armored::ruleset::UnitClass;
use crate::systems::armored::text::unit_name;
use crate::table::{Facing, UM_PER_INCH};
use crate::ui::desk::{DeskContext, prepare_view};
use crate::ui::desk::{GameFile, PlaysSavedGames, ask_game_file, begin_playtest};
use crate::ui::sketch::{PainterSketch, scenario_art};
use crate::ui::style;
use crate::ui::view::text_boxes;
use egui::{Color32, Pos2, RichText, Stroke, Ui};
use std::sync::Arc;

/// What the pointer is doing on the table during a playtest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PlayDrag {
    /// Moving a unit.
    Move(usize),
    /// Turning a unit in place by its handle.
    Turn(usize),
}

/// The playtest and what the window keeps around it.
pub struct PlayDesk {
    /// The game.
    pub play: ArmoredPlay,
    /// The unit selected.
    pub selected: Option<usize>,
    /// The gesture under way.
    pub drag: Option<PlayDrag>,
    /// The seed a restart uses.
    pub seed: u64,
    /// The last refusal or note, shown in the bar.
    pub note: String,
    /// Where the pointer went down, so a click that selects does not move.
    pub pressed_at: Option<Pos2>,
    /// A file action the bar asked for, done once the frame has the dialogs.
    pub pending: Option<PlayFile>,
    /// "Computer acts" was pressed and the computer has not yet acted: its study of the table
    /// for that side is under way on a worker, and each frame asks again.
    pub computer_asked: bool,
}

impl PlayDesk {
    /// A fresh window around a game: nothing selected, seed 1 for a restart.
    fn new(play: ArmoredPlay) -> Self {
        Self {
            play,
            selected: None,
            drag: None,
            seed: 1,
            note: String::new(),
            pressed_at: None,
            pending: None,
            computer_asked: false,
        }
    }

    /// Plays the computer's move for the side to act once "Computer acts" was pressed, as soon
    /// as the computer is ready (no frame waits for its study); whether it still waits.
    fn computer_asked_step(&mut self) -> bool {
        if !self.computer_asked {
            return false;
        }
        match self.play.computer_acts_for_deciding() {
            Ok(false) => return true,
            Ok(true) => {}
            Err(refused) => self.note = refused,
        }
        self.computer_asked = false;
        false
    }
}

/// What the bar asks of files and the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayFile {
    /// The game as it stands becomes the scenario.
    Fork,
    /// Save the game.
    Save,
    /// Load a saved game.
    Load,
}

/// Starts a playtest of the open table, or leaves the one under way.
pub fn toggle(desk: &mut ArmoredDesk, cx: &mut DeskContext<'_>) {
    if desk.play.take().is_some() {
        cx.view.fit = true;
        cx.say("Back to editing; the table is as you left it.");
        return;
    }
    if let Some(play) = begin_playtest(desk, cx) {
        desk.play = Some(PlayDesk::new(play));
        cx.say("Playtest: drag a unit of the side to act to move it; hover an enemy to see the shot, click to fire.");
    }
}

fn side_name(desk: &ArmoredDesk, side: u8) -> String {
    desk.scenario().sides.get(usize::from(side)).cloned().unwrap_or_else(|| format!("Side {}", side + 1))
}

/// How the side to act gives its orders on the table: moving is by dragging, which a click
/// alone never shows, so the playtest says so with the unit chosen (`chosen`), or how to choose
/// one.
fn orders(side: &str, chosen: Option<&str>) -> String {
    match chosen {
        Some(name) => format!(
            "Drag {name} to move it: the ruler gives the cost, and it moves when you let go. Drag its \
             round handle to turn it in place. Click an enemy to fire its best weapon at it; point \
             at one to see each weapon's chances first."
        ),
        None => format!(
            "{side} to act: click one of its units to choose it, then drag it to move or click an \
             enemy to fire. End turn hands over."
        ),
    }
}

/// The playtest's frame.
pub fn frame(desk: &mut ArmoredDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    if let Some(p) = desk.play.as_mut() {
        let stepped = p.play.computer_step();
        let waits = p.computer_asked_step();
        if stepped || waits {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(120));
        }
    }
    let mut leave = false;
    egui::Panel::top("armored-play-bar").show(ui, |ui| leave = bar(desk, ui));
    crate::ui::dock::side_column(cx, ui, "armored-play-side", 380.0, |_, ui| side(desk, ui));
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(style::CANVAS_BACKGROUND))
        .show(ui, |ui| canvas(desk, cx, ui));
    if leave {
        toggle(desk, cx);
        return;
    }
    if let Some(pending) = desk.play.as_mut().and_then(|p| p.pending.take()) {
        play_file(desk, cx, pending);
    }
}

/// Forks, saves or loads the game; what happened is told in the status line.
fn play_file(desk: &mut ArmoredDesk, cx: &mut DeskContext<'_>, what: PlayFile) {
    match what {
        PlayFile::Fork => {
            let Some(p) = desk.play.take() else { return };
            let forked = p.play.fork();
            crate::systems::armored::editing::change(&mut desk.editor.doc, "Fork from playtest", None, |s| *s = forked);
            cx.view.fit = true;
            cx.say("Forked: the game as it stood is now the scenario (undo brings the old one back).");
        }
        PlayFile::Save => ask_game_file(desk, cx, GameFile::Save),
        PlayFile::Load => ask_game_file(desk, cx, GameFile::Load),
    }
}

impl PlaysSavedGames for ArmoredDesk {
    fn saved_game(&self) -> Option<Result<String, String>> {
        self.play.as_ref().map(|p| p.play.save())
    }

    fn resume(&mut self, text: &str) -> Result<(), String> {
        let play = ArmoredPlay::load(Arc::clone(&self.editor.rules), text)?;
        self.play = Some(PlayDesk::new(play));
        Ok(())
    }
}

/// The bar: whose turn, actions spent, points; end turn, computer, undo, restart, leave.
fn bar(desk: &mut ArmoredDesk, ui: &mut Ui) -> bool {
    let names = [side_name(desk, 0), side_name(desk, 1)];
    let Some(p) = desk.play.as_mut() else { return false };
    let mut leave = false;
    ui.horizontal_wrapped(|ui| {
        let state = p.play.state();
        let status = match state.outcome {
            Outcome::Ongoing => format!(
                "Round {}: {} to act, {} of {} actions spent",
                state.round,
                names[usize::from(state.side.min(1))],
                state.actions_spent,
                state.setup.action_limit
            ),
            Outcome::Draw => "The game is a draw.".to_owned(),
            Outcome::Won { side, by } => {
                crate::game::named_seats(&format!("player {} wins by {}.", side.min(1) + 1, by.name()), &names)
            }
        };
        ui.label(RichText::new(status).strong());
        ui.label(format!("VP {} : {}", state.points[0], state.points[1]));
        ui.separator();
        if ui.button("End turn").clicked() {
            p.note = p.play.act(&Action::EndTurn).err().unwrap_or_default();
            p.selected = None;
        }
        if ui.button("Computer acts").on_hover_text("The computer takes the next action for the side to act").clicked()
        {
            // Played at the frame's start, once the computer is ready: at Hard its first move
            // waits for its study of the table, on a worker.
            p.note.clear();
            p.computer_asked = true;
            ui.ctx().request_repaint();
        }
        if ui.button("Undo action").clicked() && !p.play.undo() {
            p.note = "Nothing to undo.".into();
        }
        ui.add(egui::DragValue::new(&mut p.seed).range(0..=u64::MAX).prefix("seed "));
        if ui.button("Restart").clicked() {
            p.note = p.play.restart(p.seed).err().unwrap_or_default();
            p.selected = None;
        }
        crate::ui::widgets::computer_seats(ui, &mut p.play.computer, &names);
        crate::ui::widgets::level_choice(ui, &mut p.play.level);
        if ui.button("Back to editor").clicked() {
            leave = true;
        }
        if ui.button("Fork to editor").on_hover_text("A new scenario with the units where they stand now").clicked() {
            p.pending = Some(PlayFile::Fork);
        }
        if ui.button("Save game").clicked() {
            p.pending = Some(PlayFile::Save);
        }
        if ui.button("Load game").clicked() {
            p.pending = Some(PlayFile::Load);
        }
    });
    // The note always takes one line, cut short with the whole on pointing, so a refusal
    // neither pushes the table down nor widens the window.
    let note = if p.note.is_empty() { " " } else { p.note.as_str() };
    ui.add(egui::Label::new(RichText::new(note).color(style::WARNING)).truncate());
    leave
}

/// The selected unit with its status and keyword actions, and the log.
fn side(desk: &mut ArmoredDesk, ui: &mut Ui) {
    let acting = desk.play.as_ref().map(|p| side_name(desk, p.play.state().side)).unwrap_or_default();
    let Some(p) = desk.play.as_mut() else { return };
    crate::ui::widgets::computer_at_work(ui, &mut p.play);
    let state = p.play.state();
    let data = p.play.data();
    let mut chosen: Option<Action> = None;
    if state.deploying {
        ui.heading("Deployment");
        ui.label("Place a unit of the side to act where it was planned; the sides take turns.");
        for (unit, u) in state.units.iter().enumerate().filter(|(_, u)| u.reserve && u.hp > 0 && u.side == state.side) {
            let name = unit_name(data, state, unit);
            if ui.button(format!("Place {name} where planned")).clicked() {
                chosen = Some(Action::Deploy { unit, to: (u.pose.x, u.pose.y), facing: u.pose.facing });
            }
        }
        ui.separator();
    } else if state.outcome == Outcome::Ongoing {
        ui.heading("Orders");
        let own = p.selected.filter(|&s| state.live(s).is_some_and(|u| u.side == state.side));
        ui.label(orders(&acting, own.map(|s| unit_name(data, state, s)).as_deref()));
        ui.separator();
    }
    if let Some(index) = p.selected
        && let Some(unit) = state.live(index)
        && let Some(profile) = data.profiles.get(unit.profile)
    {
        ui.heading(unit_name(data, state, index));
        ui.label(format!(
            "{} HP of {}; {} of {} actions spent; move {}\"",
            unit.hp,
            profile.men.map_or(profile.hit_points, u32::from),
            unit.actions_spent,
            profile.actions,
            profile.movement
        ));
        for weapon in &profile.weapons {
            ui.label(format!("{}: {}", weapon.name, weapon.summary()));
        }
        for line in crate::systems::armored::text::unit_status(p.play.data(), p.play.state(), index) {
            ui.label(RichText::new(line).italics());
        }
        let specials = p.play.keyword_actions(index);
        if !specials.is_empty() {
            ui.label(RichText::new("Keyword actions").strong());
            for (action, text) in specials {
                if ui.button(text).clicked() {
                    chosen = Some(action);
                }
            }
        }
        ui.separator();
    }
    if let Some(action) = chosen {
        p.note = p.play.act(&action).err().unwrap_or_default();
    }
    let p = &*p;
    ui.heading("Log");
    egui::ScrollArea::vertical().stick_to_bottom(true).show(ui, |ui| {
        let start = p.play.log.len().saturating_sub(300);
        for line in &p.play.log[start..] {
            ui.label(line);
        }
    });
}

fn to_table(place: crate::ui::view::Placement, point: Pos2) -> (i64, i64) {
    let local = (point - place.origin) / place.zoom;
    let inch = UM_PER_INCH as f32;
    ((local.x * inch).round() as i64, (local.y * inch).round() as i64)
}

fn to_screen(place: crate::ui::view::Placement, (x, y): (f64, f64)) -> Pos2 {
    let inch = UM_PER_INCH as f32;
    place.to_screen(x as f32 / inch, y as f32 / inch)
}

/// The unit under a table point.
fn unit_at(p: &ArmoredPlay, at: (i64, i64)) -> Option<usize> {
    let state = p.state();
    (0..state.units.len()).rev().find(|&i| {
        state
            .standing(i)
            .and_then(|u| crate::systems::armored::rules::shape(p.data(), u))
            .is_some_and(|s| s.contains_point((at.0 as f64, at.1 as f64)))
    })
}

/// Where a unit's turning handle is on screen.
fn handle(p: &ArmoredPlay, unit: usize, place: crate::ui::view::Placement) -> Option<Pos2> {
    let u = p.state().live(unit)?;
    let reach = crate::systems::armored::rules::shape(p.data(), u)?.farthest_from_point(u.pose.point())
        + UM_PER_INCH as f64 * 0.6;
    let (fx, fy) = u.pose.facing.vector();
    Some(to_screen(place, (u.pose.x as f64 + fx * reach, u.pose.y as f64 + fy * reach)))
}

fn facing_toward(from: (i64, i64), to: (i64, i64)) -> Facing {
    let (dx, dy) = ((to.0 - from.0) as f64, (to.1 - from.1) as f64);
    Facing::from_degrees(libm::atan2(dx, -dy).to_degrees()).unwrap_or_default()
}

/// Draws the table and handles moves, turns and shots.
fn canvas(desk: &mut ArmoredDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let unit = desk.editor.rules.unit.um() as f32;
    let base = desk.scenario().clone();
    let path = crate::ui::desk::DeskExt::path(&*desk).map(std::path::Path::to_path_buf);
    let extent = egui::vec2(base.table.width as f32 / unit, base.table.depth as f32 / unit);
    let (response, painter, place) = prepare_view(cx, ui, extent, "Playtest table");
    let acting = desk.play.as_ref().map(|p| side_name(desk, p.play.state().side)).unwrap_or_default();
    let Some(p) = desk.play.as_mut() else { return };
    let painter = painter.with_clip_rect(place.area);
    let shown = crate::systems::armored::scenario::ArmoredScenario { table: p.play.table_shown(), ..base };
    {
        let mut sketch = PainterSketch::new(&painter);
        let frame = Frame {
            origin: (place.origin.x, place.origin.y),
            scale: place.zoom / unit,
            greyscale: false,
            backdrop: false,
        };
        // The designer's art on pieces and hulls, as in the editor; like every playtest it
        // leaves out the background image and shows the table as the rules see it.
        let loaded = scenario_art(painter.ctx(), path.as_deref(), &shown.art);
        let mut sketch = crate::export::ArtSketch::new(&mut sketch, &loaded);
        draw_table(&mut sketch, p.play.data(), &shown, &frame, false);
    }
    // The pieces' letters and the objectives' names, as the editor shows them.
    let drawn = labels(p.play.data(), &shown.table, &painter, place);
    // Each unit's name and, once hit, what it has left.
    let data = p.play.data();
    let units = &p.play.state().units;
    let roster: Vec<(u8, &str)> =
        units.iter().map(|u| (u.side, data.profiles.get(u.profile).map_or("", |p| p.id.as_str()))).collect();
    let tags: Vec<UnitTag> = units
        .iter()
        .zip(numbered_short_names(data, &roster))
        .filter(|(u, _)| u.alive() && u.riding.is_none())
        .filter_map(|(u, mut text)| {
            let profile = data.profiles.get(u.profile)?;
            let hull = data.hull(&profile.id)?;
            if u.hp < profile.hit_points {
                let what = if profile.class == UnitClass::Infantry { "men" } else { "hp" };
                text = format!("{text}: {} of {} {what}", u.hp, profile.hit_points);
            }
            Some(UnitTag { pose: u.pose, reach: hull.reach(), text })
        })
        .collect();
    unit_tags(&painter, place, unit, &tags, &drawn);
    let pointer = response.hover_pos().filter(|q| place.area.contains(*q));
    let at = pointer.map(|q| to_table(place, q));
    let (pressed, released) = ui.input(|i| (i.pointer.primary_pressed(), i.pointer.primary_released()));
    let side = p.play.state().side;
    let hovered = at.and_then(|a| unit_at(&p.play, a));
    // Press: a handle, an own unit, or an enemy to fire at.
    if pressed && let Some(q) = pointer {
        p.pressed_at = Some(q);
        let on_handle =
            p.selected.and_then(|s| handle(&p.play, s, place).map(|h| (s, h))).filter(|(_, h)| h.distance(q) <= 9.0);
        if let Some((s, _)) = on_handle {
            p.drag = Some(PlayDrag::Turn(s));
        } else if let Some(h) = hovered {
            let own = p.play.state().live(h).is_some_and(|u| u.side == side);
            if own {
                p.selected = Some(h);
                p.drag = Some(PlayDrag::Move(h));
                p.note.clear();
            } else if let Some(s) = p.selected.filter(|&s| p.play.state().live(s).is_some_and(|u| u.side == side)) {
                // Fire the weapon with the greatest expected loss.
                let best = p
                    .play
                    .shot_previews(s, h)
                    .into_iter()
                    .filter(|w| w.shot.is_ok())
                    .max_by(|a, b| a.chances.map_or(0.0, |c| c.2).total_cmp(&b.chances.map_or(0.0, |c| c.2)));
                p.note = match best {
                    Some(w) => {
                        p.play.act(&Action::Fire { unit: s, weapon: w.weapon.0, target: h }).err().unwrap_or_default()
                    }
                    None => "No weapon of the selected unit can fire at it: hover it to see why.".into(),
                };
            } else {
                let target = unit_name(p.play.data(), p.play.state(), h);
                p.note = format!("To fire at {target}, first click one of {} units.", possessive(&acting));
            }
        } else if !p.play.state().deploying && p.play.state().outcome == Outcome::Ongoing {
            p.note = format!("No unit there: click one of {} units, then drag it to move it.", possessive(&acting));
        }
    }
    // A move or turn under way: its ruler, and the action on release.
    if let (Some(drag), Some(target)) = (p.drag, at) {
        let (index, pending) = match drag {
            PlayDrag::Move(i) => {
                let from = p.play.state().live(i).map_or(target, |u| (u.pose.x, u.pose.y));
                (i, Action::Move { unit: i, to: target, facing: facing_toward(from, target) })
            }
            PlayDrag::Turn(i) => {
                let from = p.play.state().live(i).map_or(target, |u| (u.pose.x, u.pose.y));
                (i, Action::Move { unit: i, to: from, facing: facing_toward(from, target).snapped(1_500) })
            }
        };
        if let Some(u) = p.play.state().live(index) {
            let from = to_screen(place, u.pose.point());
            let preview = p.play.move_preview(index, target, &pending);
            let (colour, text) = match (&preview.refused, preview.cost, drag) {
                (Some(reason), _, _) => (style::ERROR, format!("refused: {reason}")),
                (None, _, PlayDrag::Turn(_)) => (style::VALID, "turn in place: one action".to_owned()),
                (None, Some(c), PlayDrag::Move(_)) => (
                    style::VALID,
                    format!(
                        "{:.2}\" used, {:.2}\" left (cost through terrain {:.2}\" of {:.2}\")",
                        c.cost as f64 / UM_PER_INCH as f64,
                        (c.allowance - c.cost).max(0) as f64 / UM_PER_INCH as f64,
                        c.cost as f64 / UM_PER_INCH as f64,
                        c.allowance as f64 / UM_PER_INCH as f64
                    ),
                ),
                (None, None, _) => (style::ERROR, "cannot go there".to_owned()),
            };
            let end = pointer.unwrap_or(from);
            painter.line_segment([from, end], Stroke::new(3.0, colour));
            text_boxes(&painter, place, end, &[text]);
            if released {
                let moved = match drag {
                    PlayDrag::Move(_) => p.pressed_at.is_some_and(|down| end.distance(down) > 4.0),
                    PlayDrag::Turn(_) => true,
                };
                if moved {
                    p.note = p.play.act(&pending).err().unwrap_or_default();
                }
            }
        }
    }
    if released {
        p.drag = None;
    }
    // The selection, its handle, Casemate's arc, and the shot at the hovered enemy.
    if let Some(s) = p.selected.filter(|&s| p.play.state().live(s).is_some()) {
        let state = p.play.state();
        if let Some(shape) = state.live(s).and_then(|u| crate::systems::armored::rules::shape(p.play.data(), u)) {
            let outline: Vec<Pos2> = shape.outline().into_iter().map(|q| to_screen(place, q)).collect();
            painter.add(egui::Shape::closed_line(outline, Stroke::new(2.5, style::SELECTION)));
        }
        if let Some(h) = handle(&p.play, s, place) {
            painter.circle(h, 7.0, style::SELECTION, Stroke::new(1.0, Color32::BLACK));
        }
        arc(&p.play, s, &painter, place);
        if let (Some(h), Some(q)) = (hovered.filter(|&h| state.live(h).is_some_and(|u| u.side != side)), pointer)
            && let (Some(a), Some(b)) = (state.live(s), state.live(h))
        {
            painter.line_segment(
                [to_screen(place, a.pose.point()), to_screen(place, b.pose.point())],
                Stroke::new(1.5, Color32::WHITE),
            );
            let mut lines = Vec::new();
            for w in p.play.shot_previews(s, h) {
                lines.push(match (&w.shot, w.chances) {
                    (Ok(shot), Some((hit, pen, loss))) => {
                        let line = shot.line.map_or_else(String::new, |l| {
                            format!(
                                "; {:.0}% seen{}{}",
                                l.visible * 100.0,
                                if l.foliage > 0 || l.foliage_at_target > 0 { ", through foliage" } else { "" },
                                if l.walls > 0 { format!(", {} wall(s)", l.walls) } else { String::new() }
                            )
                        });
                        if shot.kills.is_some() {
                            format!("{}: {:.2}\"{line}; expected {:.2} men", w.weapon.1, shot.range as f64 / UM_PER_INCH as f64, loss)
                        } else {
                            format!(
                                "{}: {:.2}\", hit {} ({:.1}%), penetrate {} ({:.1}% a shot), {} damage, expected {:.2}{line}",
                                w.weapon.1,
                                shot.range as f64 / UM_PER_INCH as f64,
                                match shot.hit { 0 => "without a roll".to_owned(), 7.. => "never".to_owned(), n => format!("{n}+") },
                                hit * 100.0,
                                match shot.penetration { 0 => "automatically".to_owned(), 7 => "never".to_owned(), n => format!("{n}+") },
                                pen * 100.0,
                                shot.damage,
                                loss
                            )
                        }
                    }
                    (Err(reason), _) => format!("{}: {reason}", w.weapon.1),
                    _ => w.weapon.1.clone(),
                });
            }
            text_boxes(&painter, place, q, &lines);
        }
    }
    // Whose units act: a ring around the side to act's units.
    let colour = SIDE_COLOURS[usize::from(side.min(1))];
    for u in p.play.state().units.iter().filter(|u| u.alive() && u.side == side) {
        painter.circle_stroke(to_screen(place, u.pose.point()), 3.0, Stroke::new(2.0, colour));
    }
}

/// A Casemate's front 90 degrees (a Reverse Casemate's rear), drawn 36" out from the unit.
fn arc(play: &ArmoredPlay, unit: usize, painter: &egui::Painter, place: crate::ui::view::Placement) {
    use crate::systems::armored::ruleset::Keyword;
    let Some(u) = play.state().live(unit) else { return };
    let Some(profile) = play.data().profiles.get(u.profile) else { return };
    let centre = if profile.keywords.contains(&Keyword::Casemate) {
        0
    } else if profile.keywords.contains(&Keyword::ReverseCasemate) {
        18_000
    } else {
        return;
    };
    let reach = 36.0 * UM_PER_INCH as f64;
    let from = to_screen(place, u.pose.point());
    for edge in [-4_500, 4_500] {
        let (fx, fy) = u.pose.facing.turned(centre + edge).vector();
        let to = to_screen(place, (u.pose.x as f64 + fx * reach, u.pose.y as f64 + fy * reach));
        painter.line_segment([from, to], Stroke::new(1.5, style::WARNING));
    }
}
