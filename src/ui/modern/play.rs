//! The Modern Skirmish playtest in the window: each unit's morale track and the odds of its
//! activation test, a button to test it; once it passes, each figure's 150/100/50 mm reach
//! drawn, a click on an enemy shows the exact chance of a hit and a kill (and close combat's
//! odds for a charge), figures dragged to plan a move that one button makes; the log records
//! every action and die. The computer can play either side at any level; undo by replay,
//! restart with a seed, save and load the game, back to the editor. The document is never
//! touched.

use super::edit::{to_screen, to_table};
use super::{ModernDesk, SIDE_COLOURS};
use crate::systems::modern::playtest::ModernPlay;
use crate::systems::modern::print::{Frame, draw_terrain};
use crate::systems::modern::rules::{Action, Outcome, centre_distance};
use crate::systems::modern::ruleset::UNIT;
use crate::ui::desk::{DeskContext, prepare_view};
use crate::ui::desk::{GameFile, PlaysSavedGames, ask_game_file, begin_playtest};
use crate::ui::sketch::{PainterSketch, scenario_art};
use crate::ui::style;
use egui::{Color32, RichText, Stroke, Ui};
use std::sync::Arc;

/// The playtest and what the window keeps around it.
pub struct PlayDesk {
    /// The game.
    pub play: ModernPlay,
    /// The figure selected (of the side to act).
    pub selected: Option<usize>,
    /// The enemy figure aimed at.
    pub target: Option<usize>,
    /// Moves planned for the activated unit: figure and where to.
    pub planned: Vec<(usize, (i64, i64))>,
    /// The figure being dragged and where the drag began.
    pub dragging: Option<(usize, (i64, i64))>,
    /// The seed a restart uses.
    pub seed: u64,
    /// The last refusal or note.
    pub note: String,
    /// A file action the bar asked for.
    pub pending: Option<PlayFile>,
    /// "Computer acts" was pressed and the computer, thinking on a worker, has not yet played.
    pub computer_asked: bool,
}

/// What the bar asks of files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayFile {
    /// The game as it stands becomes the scenario.
    Fork,
    /// Save the game.
    Save,
    /// Load a saved game.
    Load,
}

impl PlayDesk {
    fn new(play: ModernPlay) -> Self {
        Self {
            play,
            selected: None,
            target: None,
            planned: Vec::new(),
            dragging: None,
            seed: 1,
            note: String::new(),
            pending: None,
            computer_asked: false,
        }
    }

    /// Forgets the chosen figure, the aimed-at enemy and the planned moves: after an undo or a
    /// restart they belong to a game that is no longer on the table (a Fire button left over
    /// from it would fire in the undone position).
    fn forget_choices(&mut self) {
        self.selected = None;
        self.target = None;
        self.planned.clear();
    }

    fn act(&mut self, action: &Action) {
        let refused = self.play.act(action).err();
        self.acted(refused);
    }

    /// After an action (a person's or the computer's): the bar says a refusal, else the plans
    /// made for the position before it go, and so do a chosen unit that may no longer act and
    /// an aimed-at enemy no longer on the table.
    /// Plays the computer's moves for the side to act once "Computer acts" was pressed, as
    /// soon as the computer has them (no frame waits for its thinking); whether it still waits.
    fn computer_asked_step(&mut self) -> bool {
        if !self.computer_asked {
            return false;
        }
        let played = self.play.session.actions.len();
        match self.play.computer_acts_for_deciding() {
            Ok(false) => return true,
            Ok(true) if self.play.session.actions.len() == played => {}
            Ok(true) => self.acted(None),
            Err(refused) => self.acted(Some(refused)),
        }
        self.computer_asked = false;
        false
    }

    fn acted(&mut self, refused: Option<String>) {
        self.note = refused.unwrap_or_default();
        if self.note.is_empty() {
            self.planned.clear();
            if self.play.state().active.is_none() {
                self.selected = None;
            }
            if self.target.is_some_and(|t| !self.play.state().on_table(t)) {
                self.target = None;
            }
        }
    }
}

/// Starts a playtest of the table, or leaves the one under way.
pub fn toggle(desk: &mut ModernDesk, cx: &mut DeskContext<'_>) {
    if desk.play.take().is_some() {
        cx.view.fit = true;
        cx.say("Back to editing; the table is as you left it.");
        return;
    }
    if let Some(play) = begin_playtest(desk, cx) {
        desk.play = Some(PlayDesk::new(play));
        cx.say("Playtest: test a unit's morale (left), then click an enemy to fire, or drag a unit (Shift: one figure) and move.");
    }
}

/// The playtest's frame.
pub fn frame(desk: &mut ModernDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    if let Some(p) = desk.play.as_mut() {
        let stepped = p.play.computer_step();
        if stepped {
            p.planned.clear();
        }
        if stepped || p.computer_asked_step() {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
        }
    }
    let mut leave = false;
    egui::Panel::top("modern-play-bar").show(ui, |ui| leave = bar(desk, ui));
    crate::ui::dock::tool_column(cx, ui, "modern-play-units", 300.0, |_, ui| units(desk, ui));
    crate::ui::dock::side_column(cx, ui, "modern-play-side", 360.0, |_, ui| side(desk, ui));
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(style::CANVAS_BACKGROUND))
        .show(ui, |ui| canvas(desk, cx, ui));
    if leave {
        toggle(desk, cx);
        return;
    }
    if let Some(pending) = desk.play.as_mut().and_then(|p| p.pending.take()) {
        match pending {
            PlayFile::Fork => {
                let Some(p) = desk.play.take() else { return };
                let forked = p.play.fork();
                crate::systems::modern::editing::change(&mut desk.editor.doc, "Fork from playtest", None, |s| {
                    *s = forked;
                });
                cx.view.fit = true;
                cx.say("Forked: the game as it stood is now the scenario (undo brings the old one back).");
            }
            PlayFile::Save => ask_game_file(desk, cx, GameFile::Save),
            PlayFile::Load => ask_game_file(desk, cx, GameFile::Load),
        }
    }
}

impl PlaysSavedGames for ModernDesk {
    fn saved_game(&self) -> Option<Result<String, String>> {
        self.play.as_ref().map(|p| p.play.save())
    }

    fn resume(&mut self, text: &str) -> Result<(), String> {
        let play = ModernPlay::load(Arc::clone(&self.editor.rules), text)?;
        self.play = Some(PlayDesk::new(play));
        Ok(())
    }
}

fn bar(desk: &mut ModernDesk, ui: &mut Ui) -> bool {
    let Some(p) = desk.play.as_mut() else { return false };
    let mut leave = false;
    // The status on the left of the first row, cut short rather than wrapped, with the file
    // buttons held to the right and the game's buttons below, words that never change: nothing
    // moves as the game goes on, and the bar takes two rows at 1280 points.
    let status = {
        let state = p.play.state();
        let data = p.play.data();
        let status = match state.outcome {
            Outcome::Ongoing => match state.active {
                Some(u) => format!(
                    "Round {}: {} has the initiative; {} passed its test and may act",
                    state.round,
                    data.side_name(state.side),
                    state.units[u].name
                ),
                None => {
                    format!("Round {}: {} has the initiative: test a unit", state.round, data.side_name(state.side))
                }
            },
            Outcome::Over { winner, scores, .. } => format!(
                "{} ({} {}, {} {})",
                winner.map_or_else(|| "A draw".to_owned(), |w| format!("{} wins", data.side_name(w))),
                data.side_name(0),
                scores[0],
                data.side_name(1),
                scores[1]
            ),
        };
        format!("Kills {} : {}  |  {status}", state.kills[0], state.kills[1])
    };
    egui::Sides::new().shrink_left().truncate().show(
        ui,
        |ui| {
            ui.add(egui::Label::new(RichText::new(status).strong()).truncate());
        },
        |ui| {
            if ui.button("Back to editor").clicked() {
                leave = true;
            }
            if ui.button("Load game").clicked() {
                p.pending = Some(PlayFile::Load);
            }
            if ui.button("Save game").clicked() {
                p.pending = Some(PlayFile::Save);
            }
            if ui
                .button("Fork to editor")
                .on_hover_text("A new scenario with the figures where they stand now")
                .clicked()
            {
                p.pending = Some(PlayFile::Fork);
            }
        },
    );
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Pass the initiative")
            .on_hover_text("Ends the initiative; a unit that passed its test and has not acted stands")
            .clicked()
        {
            p.act(&Action::Pass);
        }
        if ui.button("Computer acts").on_hover_text("The computer takes the next action for the side to act").clicked()
        {
            // The playtest's own way for the seat deciding now, as every game's window asks it:
            // the computer thinks on a worker, and a later frame plays its moves.
            p.computer_asked = true;
        }
        if ui.button("Undo action").clicked() {
            if p.play.undo() {
                p.forget_choices();
            } else {
                p.note = "Nothing to undo.".into();
            }
        }
        ui.add(egui::DragValue::new(&mut p.seed).range(0..=u64::MAX).prefix("seed "));
        if ui.button("Restart").clicked() {
            p.note = p.play.restart(p.seed).err().unwrap_or_default();
            p.forget_choices();
        }
        let names = [p.play.data().side_name(0).to_owned(), p.play.data().side_name(1).to_owned()];
        crate::ui::widgets::computer_seats(ui, &mut p.play.computer, &names);
        crate::ui::widgets::level_choice(ui, &mut p.play.level);
    });
    leave
}

/// Each unit's morale track (0-13, marked at 4, 7, 11 and 13) and its test.
fn units(desk: &mut ModernDesk, ui: &mut Ui) {
    let Some(p) = desk.play.as_mut() else { return };
    let mut test = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for side in [p.play.data().first_side, 1 - p.play.data().first_side] {
            ui.heading(RichText::new(p.play.data().side_name(side)).color(SIDE_COLOURS[usize::from(side.min(1))]));
            let state = p.play.state();
            for unit in (0..state.units.len()).filter(|&u| state.units[u].side == side) {
                let u = &state.units[unit];
                let standing = state.figures_of(unit).count();
                let morale = p.play.morale(unit);
                let status = if u.routed {
                    "routed".to_owned()
                } else if standing == 0 {
                    "wiped out".to_owned()
                } else {
                    format!("{standing} standing")
                };
                let active = state.active == Some(unit);
                ui.label(RichText::new(format!("{}: {status}", u.name)).strong().color(if active {
                    style::SELECTION
                } else {
                    ui.visuals().text_color()
                }));
                morale_track(ui, &u.name, morale.minuses);
                ui.label(format!("{}; a test passes {:.0}% of the time", morale.words(), 100.0 * morale.pass));
                if side == state.side
                    && state.active.is_none()
                    && state.outcome == Outcome::Ongoing
                    && standing > 0
                    && !u.routed
                    && ui.button(format!("Test {} (passes {:.0}%)", u.name, morale.pass * 100.0)).clicked()
                {
                    test = Some(unit);
                }
                ui.add_space(6.0);
            }
        }
    });
    if let Some(unit) = test {
        p.act(&Action::Test { unit });
    }
}

/// The 0-13 track with the minuses filled and the deduction steps marked, one box a minus.
/// The boxes shrink to fit the column (down to 10 px) so the whole track is seen without
/// scrolling sideways: at 16 px it is 250 px wide, and the column may be narrower.
fn morale_track(ui: &mut Ui, name: &str, minuses: u32) {
    const BOXES: u32 = 14;
    const GAP: f32 = 2.0;
    let gaps = GAP * (BOXES - 1) as f32;
    let side = ((ui.available_width() - gaps) / BOXES as f32).clamp(10.0, 16.0);
    let (track, response) = ui.allocate_exact_size(egui::vec2(side * BOXES as f32 + gaps, side), egui::Sense::hover());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Meter, true, format!("Morale track of {name}: {minuses} of 13"))
    });
    let step = side + GAP;
    for m in 0..BOXES {
        let rect = egui::Rect::from_min_size(track.min + egui::vec2(m as f32 * step, 0.0), egui::vec2(side, side));
        let filled = m > 0 && m <= minuses;
        let fill = if filled {
            if m >= 13 {
                style::ERROR
            } else if m >= 7 {
                style::WARNING
            } else {
                Color32::from_rgb(120, 140, 170)
            }
        } else {
            Color32::from_gray(50)
        };
        ui.painter().rect_filled(rect, 2.0, fill);
        let marked = [4, 7, 11, 13].contains(&m);
        ui.painter().rect_stroke(
            rect,
            2.0,
            Stroke::new(if marked { 2.0 } else { 0.5 }, Color32::from_gray(200)),
            egui::StrokeKind::Inside,
        );
    }
    // The steps' meanings on the box under the pointer.
    let hovered = response.hover_pos().map(|at| ((at.x - track.min.x) / step).floor() as i64);
    let meaning = match hovered {
        Some(4) => Some("from 4: -1 to the test"),
        Some(7) => Some("from 7: -2"),
        Some(11) => Some("from 11: -3"),
        Some(13) => Some("13: the unit routs"),
        _ => None,
    };
    if let Some(meaning) = meaning {
        response.on_hover_text(meaning);
    }
}

fn side(desk: &mut ModernDesk, ui: &mut Ui) {
    let Some(p) = desk.play.as_mut() else { return };
    let mut chosen: Option<Action> = None;
    crate::ui::widgets::computer_at_work(ui, &mut p.play);
    ui.heading("Orders");
    // The last refusal or hint sits here, not above the table, so the table never shifts under
    // the pointer.
    if !p.note.is_empty() {
        ui.label(RichText::new(&p.note).color(style::WARNING));
    }
    let state = p.play.state();
    match (p.selected, state.active) {
        (Some(figure), Some(_)) => {
            ui.label(RichText::new(p.play.figure_name(figure)).strong());
            for (reach, label) in p.play.reach(figure) {
                // The length once, in the table's unit, from the ruleset ("Reach 15 cm outside").
                ui.label(format!("Reach {} {label}", UNIT.show(reach)));
            }
        }
        (_, Some(unit)) => {
            ui.label(format!(
                "{} may act: click one of its figures, then an enemy; or drag the unit (Shift: one figure) and move.",
                state.units[unit].name
            ));
        }
        (_, None) => {
            ui.label("Test a unit's morale (left) to activate it.");
        }
    }
    if let (Some(figure), Some(target)) = (p.selected, p.target) {
        ui.separator();
        ui.label(format!("Target: {}", p.play.figure_name(target)));
        let preview = p.play.fire_preview(figure, target);
        match (&preview.aim, preview.chances) {
            (Ok(aim), Some((hit, kill, double))) => {
                ui.label(format!(
                    "{} away: the {} row, target {}; differential {}-{} hits, coloured {}-{} kills",
                    UNIT.show(aim.range),
                    UNIT.show(aim.row.1),
                    if aim.cover { "in cover" } else { "in the open" },
                    aim.shot.hit.0,
                    aim.shot.hit.1,
                    aim.shot.kill.0,
                    aim.shot.kill.1
                ));
                ui.label(
                    RichText::new(format!("Hit {hit:.3}, kill {kill:.3}; ammo marker (a double) {double:.3}")).strong(),
                );
                if ui.button(format!("Fire (kill {:.0}%)", kill * 100.0)).clicked() {
                    chosen = Some(Action::Fire { figure, target });
                }
            }
            (Err(why), _) => {
                ui.label(RichText::new(format!("No shot: {why}")).color(style::WARNING));
            }
            _ => {}
        }
        let (de, be, ae) = p.play.melee_odds();
        match p.play.charge(figure, target) {
            Ok(action) => {
                ui.label(format!(
                    "Charge: defender eliminated {:.0}%, both {:.0}%, attacker {:.0}%",
                    100.0 * de,
                    100.0 * be,
                    100.0 * ae
                ));
                if ui.button("Charge into base contact").on_hover_text("The unit's whole move").clicked() {
                    chosen = Some(action);
                }
            }
            Err(why) => {
                ui.label(format!("No charge: {why}"));
            }
        }
    }
    if let Some(unit) = state.active
        && !p.planned.is_empty()
    {
        ui.separator();
        ui.label(format!("{} figure(s) planned to move", p.planned.len()));
        ui.horizontal(|ui| {
            if ui.button("Move them (passes the initiative)").clicked() {
                chosen = Some(Action::Move { unit, moves: p.planned.clone() });
            }
            if ui.button("Clear plan").clicked() {
                p.planned.clear();
            }
        });
    }
    ui.separator();
    ui.heading("Log");
    egui::ScrollArea::vertical().stick_to_bottom(true).show(ui, |ui| {
        let start = p.play.log.len().saturating_sub(300);
        for line in &p.play.log[start..] {
            ui.label(line);
        }
    });
    if let Some(action) = chosen {
        p.act(&action);
    }
}

fn canvas(desk: &mut ModernDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let unit = crate::table::UM_PER_CM as f32;
    let (width, depth) = (desk.scenario().table.width, desk.scenario().table.depth);
    let extent = egui::vec2(width as f32 / unit, depth as f32 / unit);
    let (response, painter, place) = prepare_view(cx, ui, extent, "Table");
    let rules = Arc::clone(&desk.editor.rules);
    let scenario = desk.scenario().clone();
    let path = crate::ui::desk::DeskExt::path(&*desk).map(std::path::Path::to_path_buf);
    let Some(p) = desk.play.as_mut() else { return };
    let painter = painter.with_clip_rect(place.area);
    {
        let mut sketch = PainterSketch::new(&painter);
        let frame = Frame {
            origin: (place.origin.x, place.origin.y),
            scale: place.zoom / unit,
            greyscale: false,
            backdrop: false,
        };
        // The designer's art on pieces and bases, as in the editor; like every playtest it
        // leaves out the background image and shows the table as the rules see it.
        let loaded = scenario_art(painter.ctx(), path.as_deref(), &scenario.art);
        let mut sketch = crate::export::ArtSketch::new(&mut sketch, &loaded);
        draw_terrain(&mut sketch, &rules, &scenario, &frame, true);
    }
    let state = p.play.state().clone();
    let radius = rules.base_um() as f32 / unit * place.zoom / 2.0;
    let pointer = response.hover_pos().filter(|q| place.area.contains(*q)).map(|q| to_table(place, q));
    let figure_at = |at: (i64, i64)| {
        (0..state.figures.len())
            .filter(|&i| state.on_table(i))
            .find(|&i| centre_distance(state.figures[i].at, at) <= rules.base_um() / 2)
    };
    // Reach of one figure of the activated unit at a time: the selected one, or the one under
    // the pointer (every figure's rings at once make a tangle nobody can read).
    if let Some(active) = state.active {
        let hovered = pointer.and_then(figure_at);
        let shown = p.selected.or(hovered).filter(|&i| state.figures.get(i).is_some_and(|f| f.unit == active));
        if let Some(i) = shown {
            let c = to_screen(place, state.figures[i].at);
            for (n, (reach, _)) in p.play.reach(i).into_iter().enumerate() {
                let r = (reach + rules.base_um() / 2) as f32 / unit * place.zoom;
                let alpha = if n == 0 { 200 } else { 110 };
                painter.circle_stroke(c, r, Stroke::new(1.5, Color32::from_rgba_unmultiplied(255, 255, 255, alpha)));
            }
        }
    }
    for (i, f) in state.figures.iter().enumerate() {
        if !state.on_table(i) {
            continue;
        }
        let side = state.units[f.unit].side;
        let c = to_screen(place, f.at);
        painter.circle_filled(c, radius, SIDE_COLOURS[usize::from(side.min(1))]);
        painter.circle_stroke(c, radius, Stroke::new(1.0, Color32::BLACK));
        if state.active == Some(f.unit) {
            painter.circle_stroke(c, radius + 2.0, Stroke::new(1.5, style::SELECTION));
        }
        if f.fired {
            painter.circle_filled(c, radius * 0.35, Color32::WHITE);
        }
    }
    // Every unit's name over its figures, and each piece's letters, as in the editor and print.
    let mut tags: Vec<(egui::Pos2, String)> = (0..state.units.len())
        .filter_map(|u| {
            let figures: Vec<egui::Pos2> = state
                .figures_of(u)
                .filter(|&i| state.on_table(i))
                .map(|i| to_screen(place, state.figures[i].at))
                .collect();
            Some((
                crate::ui::open_table::over_figures(&figures, radius)?,
                crate::systems::modern::text::unit_name(&state, u),
            ))
        })
        .collect();
    tags.extend(scenario.table.pieces.iter().zip(crate::systems::modern::print::piece_labels(&rules, &scenario)).map(
        |(piece, label)| {
            let (x, y) = piece.shape().centre();
            (to_screen(place, (x.round() as i64, y.round() as i64)), label)
        },
    ));
    crate::ui::open_table::name_tags(&painter, &tags, &[]);
    for &(figure, to) in &p.planned {
        let from = to_screen(place, state.figures[figure].at);
        let end = to_screen(place, to);
        painter.line_segment([from, end], Stroke::new(1.5, style::SELECTION));
        painter.circle_stroke(end, radius, Stroke::new(1.5, style::SELECTION));
    }
    if let Some(s) = p.selected {
        painter.circle_stroke(to_screen(place, state.figures[s].at), radius + 4.0, Stroke::new(2.5, Color32::WHITE));
    }
    if let Some(t) = p.target.filter(|&t| state.on_table(t)) {
        let c = to_screen(place, state.figures[t].at);
        painter.circle_stroke(c, radius + 4.0, Stroke::new(2.5, style::ERROR));
        if let Some(s) = p.selected {
            painter.line_segment([to_screen(place, state.figures[s].at), c], Stroke::new(1.0, style::ERROR));
        }
    }
    // Pointer input: click to select or aim, drag to plan a move.
    // The press is caught where it went down, before any drag threshold moves it off a base.
    let pressed = ui.input(|i| i.pointer.primary_pressed()) && response.hovered();
    if let Some(at) = pointer {
        let hovered = figure_at(at);
        if let (Some(s), Some(h)) = (p.selected, hovered)
            && state.units[state.figures[h].unit].side != state.side
        {
            let preview = p.play.fire_preview(s, h);
            let text = match preview.chances {
                Some((hit, kill, _)) => format!("{}: hit {hit:.3}, kill {kill:.3}", p.play.figure_name(h)),
                None => format!("{}: {}", p.play.figure_name(h), preview.aim.err().unwrap_or_default()),
            };
            // A dark box beside the pointer, kept inside the view: white alone is lost on beige.
            crate::ui::view::text_boxes(&painter, place, to_screen(place, at), &[text]);
        }
        if pressed && p.dragging.is_none() {
            match hovered {
                Some(h) if state.units[state.figures[h].unit].side != state.side => p.target = Some(h),
                Some(h) => {
                    p.selected = Some(h);
                    if state.active == Some(state.figures[h].unit) {
                        p.dragging = Some((h, at));
                    }
                }
                None => {}
            }
        }
    }
    if let Some((figure, from)) = p.dragging {
        let now = pointer.unwrap_or(from);
        let c = to_screen(place, now);
        let allowance = p.play.allowance_to(figure, now);
        let moved = centre_distance(state.figures[figure].at, now);
        let colour = if moved <= allowance { style::VALID } else { style::ERROR };
        painter.circle_stroke(c, radius, Stroke::new(2.0, colour));
        painter.text(
            c + egui::vec2(10.0, 10.0),
            egui::Align2::LEFT_TOP,
            format!("{} of {}", UNIT.show(moved), UNIT.show(allowance)),
            egui::FontId::proportional(14.0),
            colour,
        );
        if response.drag_stopped() || ui.input(|i| i.pointer.primary_released()) {
            p.dragging = None;
            if moved > 0 && centre_distance(from, now) > rules.base_um() / 4 {
                // As in the editor: a drag moves the figure's whole unit, Shift-drag one figure.
                let single = ui.input(|i| i.modifiers.shift);
                let delta = (now.0 - state.figures[figure].at.0, now.1 - state.figures[figure].at.1);
                let movers: Vec<usize> =
                    if single { vec![figure] } else { state.figures_of(state.figures[figure].unit).collect() };
                for m in movers {
                    let f = state.figures[m].at;
                    p.planned.retain(|(g, _)| *g != m);
                    p.planned.push((m, (f.0 + delta.0, f.1 + delta.1)));
                }
                p.note = "Planned: press \"Move them\" to make the move (a drag moves the whole unit; Shift-drag one figure).".into();
            }
        }
    }
}
