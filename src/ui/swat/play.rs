//! The playtest inside the editor window: the board as the game stands, reachable squares and
//! targets of the selected unit, the combat preview, buying, powers, the hand-off screen
//! between human players, computer players, the event log, and the sandbox tools (undo,
//! restart with a seed, fork to the editor, save and load, step through the replay).

use super::SwatDesk;
use super::canvas::{Ground, draw_ground};
use super::theme;
use crate::systems::swat::SwatPlay;
use crate::systems::swat::editing::Editor;
use crate::systems::swat::rules::{
    Action, Event, GameState, LegalChoices, Outcome, PlayerId, Pos, PowerLevel, PropertyKind, Reach, Rejection, Status,
    UnitId, build_cost, preview_attack, reachable,
};
use crate::ui::desk::DeskContext;
use crate::ui::desk::prepare_view;
use crate::ui::desk::{GameFile, PlaysSavedGames, ask_game_file, begin_playtest};
use crate::ui::view::{draw_rulers, visible};
use egui::{Color32, RichText, Stroke, StrokeKind, Ui, vec2};
use std::sync::Arc;

/// A playtest under way.
pub struct PlayState {
    /// The game.
    pub session: SwatPlay,
    /// The unit the player has selected.
    pub selected: Option<UnitId>,
    /// An own empty factory the player clicked, to buy at.
    pub factory: Option<Pos>,
    /// The hand-off screen is up for this player.
    pub handoff: Option<PlayerId>,
    /// The seed for the next restart.
    pub next_seed: u64,
    /// Showing the state after this many actions (stepping through the replay).
    pub step: Option<usize>,
    /// The replayed state shown while stepping.
    pub stepped: Option<GameState>,
    /// The last message for the player.
    pub message: String,
}

impl PlayState {
    /// A playtest of `session`, showing the hand-off screen if the first player is human and
    /// others are too.
    #[must_use]
    pub fn new(session: SwatPlay) -> Self {
        let seed = session.seed;
        Self {
            session,
            selected: None,
            factory: None,
            handoff: None,
            next_seed: seed,
            step: None,
            stepped: None,
            message: String::new(),
        }
    }

    fn shown(&self) -> &GameState {
        self.stepped.as_ref().unwrap_or(&self.session.state)
    }
}

/// Starts a playtest from the scenario as it stands: errors block it, warnings do not.
pub fn start(desk: &mut SwatDesk, cx: &mut DeskContext<'_>) {
    if let Some(play) = begin_playtest(desk, cx) {
        desk.play = Some(PlayState::new(play));
    }
}

/// Leaves the playtest; the document is exactly as it was.
pub fn leave(desk: &mut SwatDesk, cx: &mut DeskContext<'_>) {
    desk.play = None;
    cx.view.fit = true;
    cx.view.fit_area = None;
    *cx.status = "Back to editing.".into();
}

fn player_name(desk: &SwatDesk, player: PlayerId) -> String {
    let names = desk.editor.doc.scenario.seat_names();
    names.get(player.index()).cloned().unwrap_or_else(|| format!("Player {}", player.index() + 1))
}

/// One event as a line of the playtest's log, with the seats by name.
fn event_line(editor: &Editor, state: &GameState, event: &Event) -> String {
    let text = crate::systems::swat::text::describe_event(&editor.rules, state, event);
    crate::game::named_seats(text.trim(), &editor.doc.scenario.seat_names())
}

fn player_color(desk: &SwatDesk, player: PlayerId) -> Color32 {
    desk.editor.doc.scenario.players.get(player.index()).map_or(Color32::GRAY, |p| theme::army_color(p.army))
}

/// Runs computer turns and raises the hand-off screen between human players.
pub fn advance(desk: &mut SwatDesk) {
    let Some(play) = desk.play.as_mut() else { return };
    if play.step.is_some() || play.handoff.is_some() {
        return;
    }
    let mut guard = 0;
    while play.session.computer_to_move() && guard < 16 {
        play.session.computer_step();
        guard += 1;
    }
}

fn act(desk: &mut SwatDesk, action: &Action) {
    let Some(play) = desk.play.as_mut() else { return };
    let before = play.session.state.current;
    match play.session.act(action) {
        Ok(events) => {
            play.message = events
                .iter()
                .rev()
                .find(|e| noteworthy(e))
                .map(|e| event_line(&desk.editor, &play.session.state, e))
                .unwrap_or_default();
            let after = &play.session.state;
            if matches!(action, Action::Attack { .. } | Action::Capture { .. } | Action::EndTurn | Action::Buy { .. }) {
                play.selected = None;
            }
            if after.current != before && after.outcome == Outcome::Ongoing {
                play.selected = None;
                play.factory = None;
                let humans = play.session.computer.iter().filter(|c| !**c).count();
                if !play.session.plays(after.current.0) && humans > 1 {
                    play.handoff = Some(after.current);
                }
            }
        }
        Err(rejection) => play.message = format!("Refused: {rejection}."),
    }
}

/// Whether an event is worth the player's attention as the last message.
fn noteworthy(event: &Event) -> bool {
    matches!(
        event,
        Event::DieRolled { .. }
            | Event::UnitEliminated { .. }
            | Event::PropertyCaptured { .. }
            | Event::CaptureProgressed { .. }
            | Event::UnitBought { .. }
            | Event::GameEnded { .. }
    )
}

/// The sandbox buttons of the toolbar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sandbox {
    Undo,
    UndoTurn,
    Restart,
    Fork,
    Save,
    Load,
    Leave,
}

/// The playtest's toolbar.
pub fn toolbar(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let Some(play) = desk.play.as_ref() else { return };
    let state = play.session.state.clone();
    let current = state.current;
    let co = state.player(current).co.map(|c| desk.editor.rules.co(c).clone());
    let charge = state.player(current).charge;
    let stepping = play.step.is_some();
    let over = state.outcome != Outcome::Ongoing;
    let (title, title_color) =
        (format!("Round {} - {}", state.round, player_name(desk, current)), player_color(desk, current));
    let mut chosen: Option<Action> = None;
    let mut command: Option<Sandbox> = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&title).strong().color(title_color));
        ui.separator();
        if ui
            .add_enabled(!stepping && !over, egui::Button::new("End turn"))
            .on_hover_text("End this player's turn")
            .clicked()
        {
            chosen = Some(Action::EndTurn);
        }
        if let Some(co) = &co {
            let power_ok = charge >= co.power.stars && state.player(current).active_power.is_none();
            let super_ok = charge >= co.super_power.stars && state.player(current).active_power.is_none();
            if ui.add_enabled(power_ok && !stepping, egui::Button::new(format!("Power: {}", co.power.name))).clicked() {
                chosen = Some(Action::UsePower { level: PowerLevel::Power });
            }
            if ui
                .add_enabled(super_ok && !stepping, egui::Button::new(format!("Super Power: {}", co.super_power.name)))
                .clicked()
            {
                chosen = Some(Action::UsePower { level: PowerLevel::SuperPower });
            }
        }
        ui.separator();
        if ui
            .button("Undo action")
            .on_hover_text("Take back the last action (replayed from the log, so the dice stay the same)")
            .clicked()
        {
            command = Some(Sandbox::Undo);
        }
        if ui.button("Undo turn").clicked() {
            command = Some(Sandbox::UndoTurn);
        }
        if ui.button("Restart").clicked() {
            command = Some(Sandbox::Restart);
        }
        if let Some(play) = desk.play.as_mut() {
            ui.add(egui::DragValue::new(&mut play.next_seed).prefix("seed "));
        }
        ui.separator();
        if ui
            .button("Fork to editor")
            .on_hover_text("Turn this position into the scenario (one undoable edit)")
            .clicked()
        {
            command = Some(Sandbox::Fork);
        }
        if ui.button("Save game").clicked() {
            command = Some(Sandbox::Save);
        }
        if ui.button("Load game").clicked() {
            command = Some(Sandbox::Load);
        }
        ui.separator();
        if ui.button("Leave playtest").on_hover_text("Back to the editor, exactly as it was (F5)").clicked() {
            command = Some(Sandbox::Leave);
        }
    });
    if let Some(action) = chosen {
        act(desk, &action);
    }
    match command {
        Some(Sandbox::Undo) => {
            if let Some(play) = desk.play.as_mut() {
                play.session.undo();
                play.selected = None;
            }
        }
        Some(Sandbox::UndoTurn) => {
            if let Some(play) = desk.play.as_mut() {
                play.session.undo_turn();
                play.selected = None;
            }
        }
        Some(Sandbox::Restart) => {
            if let Some(play) = desk.play.as_mut() {
                let seed = play.next_seed;
                if let Err(reason) = play.session.restart(seed) {
                    play.message = format!("The game cannot start again: {reason}");
                }
                play.selected = None;
                play.handoff = None;
                play.message = format!("Restarted with seed {seed}.");
            }
        }
        Some(Sandbox::Fork) => {
            if let Some(play) = desk.play.as_ref() {
                let forked = play.session.fork();
                desk.editor.doc.replace("Fork from playtest", forked);
                leave(desk, cx);
                *cx.status = "The playtest position is now the scenario (undo to go back).".into();
            }
        }
        Some(Sandbox::Save) => ask_game_file(desk, cx, GameFile::Save),
        Some(Sandbox::Load) => ask_game_file(desk, cx, GameFile::Load),
        Some(Sandbox::Leave) => leave(desk, cx),
        None => {}
    }
}

impl PlaysSavedGames for SwatDesk {
    fn saved_game(&self) -> Option<Result<String, String>> {
        self.play.as_ref().map(|play| play.session.save())
    }

    fn resume(&mut self, text: &str) -> Result<(), String> {
        self.play = Some(PlayState::new(SwatPlay::load(Arc::clone(&self.editor.rules), text)?));
        Ok(())
    }
}

/// The players' panel: funds, income, CO charge, victory progress, who plays each seat.
pub fn players_panel(desk: &mut SwatDesk, ui: &mut Ui) {
    let Some(play) = desk.play.as_ref() else { return };
    let state = play.shown().clone();
    let computer = play.session.computer.clone();
    let mut level = play.session.level;
    let mut switch: Option<(usize, bool)> = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Players");
        crate::ui::widgets::level_choice(ui, &mut level);
        if let Outcome::Won { winner, reason } = state.outcome {
            ui.label(
                RichText::new(format!("{} wins by {}!", player_name(desk, winner), reason.name()))
                    .strong()
                    .color(player_color(desk, winner)),
            );
        } else if state.outcome == Outcome::Draw {
            ui.label(RichText::new("The game is a draw.").strong());
        }
        for (seat, player) in state.players.iter().enumerate() {
            let id = PlayerId(u8::try_from(seat).unwrap_or(0));
            ui.separator();
            let marker = if state.current == id && state.outcome == Outcome::Ongoing { " - to move" } else { "" };
            ui.label(
                RichText::new(format!("{}{marker}", player_name(desk, id))).strong().color(player_color(desk, id)),
            );
            if player.defeated {
                ui.label("Defeated");
                continue;
            }
            let cities = state.count_owned(&desk.editor.rules, id, PropertyKind::City);
            let hqs = state.count_owned(&desk.editor.rules, id, PropertyKind::Hq);
            let income: u32 = PropertyKind::ALL
                .iter()
                .map(|k| state.count_owned(&desk.editor.rules, id, *k) * desk.editor.rules.economy.income_of(*k))
                .sum();
            let units = state.units.iter().filter(|u| u.owner == id).count();
            ui.label(format!("${} (income ${income}), {units} units", player.funds));
            ui.label(format!(
                "{}, {hqs} HQ, {}",
                crate::game::counted(cities as usize, "city", "cities"),
                crate::game::counted(player.medals as usize, "medal", "medals")
            ));
            if let Some(co) = player.co.map(|c| desk.editor.rules.co(c)) {
                power_track(ui, player.charge, co.power.stars, co.super_power.stars);
                ui.label(power_track_words(&co.name, player.charge, co.power.stars, co.super_power.stars));
                if let Some(level) = player.active_power {
                    ui.label(RichText::new(format!("{} in force", level.name())).italics());
                }
            }
            let mut by_computer = [computer.get(seat).copied().unwrap_or(false)];
            crate::ui::widgets::computer_seats(ui, &mut by_computer, &[player_name(desk, id)]);
            if computer.get(seat) != Some(&by_computer[0]) {
                switch = Some((seat, by_computer[0]));
            }
        }
        let v = &desk.editor.doc.scenario.victory;
        ui.separator();
        ui.label(RichText::new("Victory").strong());
        if v.conquest {
            ui.label("Conquest: capture an enemy HQ or eliminate every enemy unit");
        }
        if let Some(n) = v.victory_medals {
            ui.label(format!("Victory Medals: {n}"));
        }
        if let Some(n) = v.city_conquest {
            ui.label(format!("City Conquest: {n} cities"));
        }
        if let Some(limit) = v.turn_limit {
            ui.label(format!("Turn limit: {} rounds, then {} decides", limit.rounds, limit.tie_break.name()));
        }
    });
    if let Some(play) = desk.play.as_mut() {
        play.session.level = level;
    }
    if let Some((seat, by_computer)) = switch
        && let Some(play) = desk.play.as_mut()
        && let Some(slot) = play.session.computer.get_mut(seat)
    {
        *slot = by_computer;
    }
}

/// The right panel: the selected unit, the combat preview, buying, the replay and the log.
pub fn side_panel(desk: &mut SwatDesk, ui: &mut Ui) {
    if let Some(play) = desk.play.as_mut() {
        crate::ui::widgets::computer_at_work(ui, &mut play.session);
    }
    let mut chosen: Option<Action> = None;
    let mut step: Option<Option<usize>> = None;
    {
        let Some(play) = desk.play.as_ref() else { return };
        let state = play.shown();
        egui::ScrollArea::vertical().show(ui, |ui| {
            if !play.message.is_empty() {
                ui.label(RichText::new(&play.message).italics());
                ui.separator();
            }
            if let Some(unit) = play.selected.and_then(|id| state.unit(id)) {
                let card = desk.editor.rules.unit(unit.kind);
                let name = crate::game::named_seats(
                    &state.unit_name(&desk.editor.rules, unit.id),
                    &desk.editor.doc.scenario.seat_names(),
                );
                ui.label(RichText::new(format!("{name}: {} HP", unit.hp)).strong());
                ui.label(format!(
                    "MP {}, range {}-{}, defense {}, {}",
                    card.movement,
                    card.range.0,
                    card.range.1,
                    card.defense,
                    unit.status.name()
                ));
                let choices = LegalChoices::of_unit(&desk.editor.rules, state, unit.id);
                for index in 0..choices.len() {
                    let Some(action) = choices.action(index) else { continue };
                    let label = match &action {
                        Action::Capture { .. } => "Capture here".to_owned(),
                        Action::Unload { passenger, to, .. } => format!("Unload {passenger} to {to}"),
                        _ => continue,
                    };
                    if ui.button(label).clicked() {
                        chosen = Some(action);
                    }
                }
                if let Some(target) = desk.hover.and_then(|p| state.unit_at(p)).filter(|t| t.owner != unit.owner) {
                    combat_preview(desk, ui, state, unit.id, target.id);
                }
            } else {
                ui.label("Click one of your units to select it; click a lit square to move, a marked enemy to attack.");
            }
            if let Some(factory) = play.factory {
                ui.separator();
                ui.label(RichText::new(format!("Buy at the factory at {factory}")).strong());
                for (index, card) in desk.editor.rules.units.iter().enumerate() {
                    let kind = crate::systems::swat::rules::UnitKindId(u8::try_from(index).unwrap_or(0));
                    let cost = build_cost(&desk.editor.rules, state, state.current, kind);
                    let action = Action::Buy { factory, kind };
                    let verdict = crate::systems::swat::rules::check(&desk.editor.rules, state, &action);
                    let left = match state.counters_left(&desk.editor.rules, state.current, kind) {
                        Some(left) => format!(" ({left} left)"),
                        None => String::new(),
                    };
                    let why_not = match &verdict {
                        Ok(()) => String::new(),
                        Err(Rejection::NoCounterLeft { limit, .. }) => {
                            format!("All {limit} {} counters are on the board or held as enemy medals", card.name)
                        }
                        Err(rejection) => format!("Not now: {rejection}"),
                    };
                    if ui
                        .add_enabled(verdict.is_ok(), egui::Button::new(format!("{} - ${cost}{left}", card.name)))
                        .on_disabled_hover_text(why_not)
                        .clicked()
                    {
                        chosen = Some(action);
                    }
                }
            }
            ui.separator();
            let total = play.session.actions.len();
            let mut shown = play.step.unwrap_or(total);
            ui.label(RichText::new("Replay").strong());
            // A slider over no actions would sit mid-track as if half a game had been played.
            if total == 0 {
                ui.label("No actions to replay yet.");
            } else if ui.add(egui::Slider::new(&mut shown, 0..=total).text("actions")).changed() {
                step = Some((shown < total).then_some(shown));
            }
            if play.step.is_some() && ui.button("Back to the present").clicked() {
                step = Some(None);
            }
            ui.separator();
            // Oldest first, held at its newest line, as every game's log runs.
            ui.label(RichText::new("Log").strong());
            let events = &play.session.events;
            egui::ScrollArea::vertical().id_salt("swat-log").max_height(320.0).stick_to_bottom(true).show(ui, |ui| {
                for event in &events[events.len().saturating_sub(300)..] {
                    let text = event_line(&desk.editor, &play.session.state, event);
                    let text = if matches!(event, Event::DieRolled { .. }) {
                        RichText::new(text).color(Color32::from_rgb(255, 210, 90))
                    } else {
                        RichText::new(text)
                    };
                    ui.label(text.small());
                }
            });
        });
    }
    if let Some(step) = step
        && let Some(play) = desk.play.as_mut()
    {
        play.step = step;
        play.stepped = step.and_then(|n| play.session.replayed(&desk.editor.rules, n).map(|(s, _)| s));
    }
    if let Some(action) = chosen {
        act(desk, &action);
    }
}

fn combat_preview(desk: &SwatDesk, ui: &mut Ui, state: &GameState, attacker: UnitId, target: UnitId) {
    let from = desk.hover_move_square;
    let Ok(preview) = preview_attack(&desk.editor.rules, state, attacker, target, from) else { return };
    ui.separator();
    ui.label(RichText::new("Combat preview").strong());
    let die = |d: Option<u8>| d.map_or_else(|| "no die".to_owned(), |d| format!("+1 on {d} or less"));
    ui.label(format!(
        "Attack: damage {}, {} hits, {}",
        preview.attack.numbers.initial_damage,
        preview.attack.hits,
        die(preview.attack.die)
    ));
    for outcome in &preview.attack.outcomes {
        ui.label(format!("  target left with {} HP: {:.0}%", outcome.hp, outcome.probability * 100.0));
    }
    for case in &preview.counter {
        match &case.counter {
            Some(counter) => {
                ui.label(format!(
                    "Counter (target at {} HP): {} hits, {}",
                    case.defender_hp,
                    counter.hits,
                    die(counter.die)
                ));
            }
            None => {
                ui.label(format!("No counter-attack when the target is at {} HP", case.defender_hp));
            }
        }
    }
    for outcome in &preview.attacker_outcomes {
        ui.label(format!("  you keep {} HP: {:.0}%", outcome.hp, outcome.probability * 100.0));
    }
}

/// The board during a playtest.
pub fn canvas(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let Some((width, height)) = desk.play.as_ref().map(|p| (p.session.state.board.width, p.session.state.board.height))
    else {
        return;
    };
    let (response, painter, place) =
        prepare_view(cx, ui, egui::vec2(f32::from(width), f32::from(height)), "Game board");
    desk.hover = place.hovered_square(&response, width, height);
    let Some(play) = desk.play.as_ref() else { return };
    let state = play.shown().clone();
    let board_painter = painter.with_clip_rect(place.area);
    let loaded = crate::ui::sketch::scenario_art(
        painter.ctx(),
        crate::ui::desk::DeskExt::path(&*desk),
        &desk.editor.doc.scenario.art,
    );
    let players = &desk.editor.doc.scenario.players;
    let owner_color =
        |pos: Pos| state.owner_at(pos).and_then(|o| players.get(o.index())).map(|p| theme::army_color(p.army));
    let ground = Ground {
        rules: &desk.editor.rules,
        width,
        height,
        tile_size: desk.editor.doc.scenario.tile_size,
        terrain: &state.board.terrain,
        owner_color: &owner_color,
        // A playtest shows the board as the rules see it, without the designer's image.
        open_ground: None,
        art: &loaded,
    };
    draw_ground(&board_painter, place, &ground, cx.prefs.show_grid);
    // The selected unit's reach and targets.
    let selected = play.selected.and_then(|id| state.unit(id)).cloned();
    let mut reach: Option<Reach> = None;
    if let Some(unit) = &selected
        && unit.owner == state.current
        && unit.status == Status::Ready
        && state.phase == crate::systems::swat::rules::Phase::MoveAndAttack
    {
        let r = reachable(&desk.editor.rules, &state, unit);
        for (pos, cost) in r.destinations() {
            let rect = place.square_rect(pos);
            board_painter.rect_filled(rect, 0.0, Color32::from_rgba_unmultiplied(90, 170, 255, 70));
            if place.zoom >= 22.0 {
                board_painter.text(
                    rect.right_bottom() - vec2(3.0, 2.0),
                    egui::Align2::RIGHT_BOTTOM,
                    cost.to_string(),
                    egui::FontId::monospace(crate::ui::style::MIN_TEXT),
                    Color32::WHITE,
                );
            }
        }
        if let Some(path) = desk.hover.and_then(|h| r.path_to(h)) {
            let mut points = vec![place.square_rect(unit.pos).center()];
            points.extend(path.iter().map(|p| place.square_rect(*p).center()));
            board_painter.add(egui::Shape::line(points, Stroke::new(3.0, Color32::from_rgb(255, 235, 120))));
        }
        reach = Some(r);
    }
    if let Some(unit) = &selected {
        let choices = LegalChoices::of_unit(&desk.editor.rules, &state, unit.id);
        for index in 0..choices.len() {
            if let Some(Action::Attack { target, .. }) = choices.action(index)
                && let Some(t) = state.unit(target)
            {
                board_painter.rect_stroke(
                    place.square_rect(t.pos).shrink(2.0),
                    3.0,
                    Stroke::new(3.0, theme::ERROR),
                    StrokeKind::Inside,
                );
            }
        }
    }
    let max_hp = desk.editor.rules.economy.max_hp;
    let (x0, y0, x1, y1) = visible(place, width, height);
    for unit in state.units.iter().filter(|u| u.carried_by.is_none()) {
        if unit.pos.x < x0 || unit.pos.x >= x1 || unit.pos.y < y0 || unit.pos.y >= y1 {
            continue;
        }
        let acted = unit.owner == state.current
            && matches!(unit.status, Status::Done | Status::JustBought | Status::JustUnloaded);
        let mut color = players.get(unit.owner.index()).map_or(Color32::GRAY, |p| theme::army_color(p.army));
        if acted {
            color = color.gamma_multiply(0.45);
        }
        let card = desk.editor.rules.units.get(unit.kind.index());
        let symbol = card.map_or("?", |u| u.symbol.as_str());
        let army = players.get(unit.owner.index()).map(|p| p.army.name().to_lowercase());
        let face = (unit.hp < max_hp).then_some("reduced");
        let art = card.and_then(|c| loaded.kind(&c.id, army.as_deref(), face));
        let art = art.map(|picture| crate::ui::sketch::picture_texture(board_painter.ctx(), &picture).id());
        let passengers = state.passengers(unit.id).count();
        let counter = theme::Counter { color, symbol, hp: unit.hp, max_hp, passengers, art };
        theme::draw_unit(&board_painter, place.square_rect(unit.pos), &counter);
        if let Some(capture) = state.capture_at(unit.pos) {
            let rect = place.square_rect(unit.pos);
            board_painter.text(
                rect.left_top() + vec2(2.0, 1.0),
                egui::Align2::LEFT_TOP,
                format!("{}", capture.points),
                egui::FontId::monospace((place.zoom * 0.25).max(crate::ui::style::MIN_TEXT)),
                Color32::WHITE,
            );
        }
    }
    if let Some(unit) = &selected {
        board_painter.rect_stroke(
            place.square_rect(unit.pos),
            0.0,
            Stroke::new(2.5, Color32::WHITE),
            StrokeKind::Inside,
        );
    }
    if cx.prefs.show_grid {
        draw_rulers(&painter, place, response.rect, width, height);
    }
    desk.hover_move_square = selected.as_ref().and_then(|u| {
        let r = reach.as_ref()?;
        let hover = desk.hover?;
        // Hovering an enemy: preview as if attacking from the nearest reachable square.
        let target = state.unit_at(hover)?;
        (target.owner != u.owner && u.status == Status::Ready && !desk.editor.rules.unit(u.kind).is_indirect())
            .then(|| r.destinations().filter(|(p, _)| p.distance(hover) == 1).min_by_key(|(_, c)| *c).map(|(p, _)| p))
            .flatten()
    });
    click(desk, &response, reach);
}

fn click(desk: &mut SwatDesk, response: &egui::Response, reach: Option<Reach>) {
    let (pressed, secondary) = response.ctx.input(|i| (i.pointer.primary_pressed(), i.pointer.secondary_pressed()));
    if !response.hovered() {
        return;
    }
    let Some(pos) = desk.hover else { return };
    let Some(play) = desk.play.as_mut() else { return };
    if play.step.is_some() || play.handoff.is_some() || play.session.computer_to_move() {
        return;
    }
    if secondary {
        play.selected = None;
        play.factory = None;
        return;
    }
    if !pressed {
        return;
    }
    let state = &play.session.state;
    let current = state.current;
    let here = state.unit_at(pos).cloned();
    let selected = play.selected.and_then(|id| state.unit(id)).cloned();
    if let Some(unit) = &selected {
        if let Some(target) = here.as_ref().filter(|t| t.owner != unit.owner) {
            let attack = Action::Attack { unit: unit.id, target: target.id };
            if crate::systems::swat::rules::check(&desk.editor.rules, state, &attack).is_ok() {
                act(desk, &attack);
                return;
            }
            // Move next to it first (direct units), then attack.
            if let Some(from) = desk.hover_move_square
                && let Some(path) = reach.as_ref().and_then(|r| r.path_to(from))
            {
                act(desk, &Action::Move { unit: unit.id, path });
                act(desk, &attack);
                return;
            }
        }
        if let Some(path) = reach.as_ref().and_then(|r| r.path_to(pos)) {
            act(desk, &Action::Move { unit: unit.id, path });
            return;
        }
    }
    if let Some(unit) = here.filter(|u| u.owner == current) {
        play.selected = Some(unit.id);
        play.factory = None;
        return;
    }
    play.selected = None;
    let own_factory = state.property_at(&desk.editor.rules, pos) == Some(PropertyKind::Factory)
        && state.owner_at(pos) == Some(current);
    play.factory = own_factory.then_some(pos);
}

/// The hand-off screen between human players.
pub fn handoff(desk: &mut SwatDesk, ctx: &egui::Context) {
    let Some(player) = desk.play.as_ref().and_then(|p| p.handoff) else { return };
    let name = player_name(desk, player);
    let color = player_color(desk, player);
    let mut done = false;
    egui::Modal::new(egui::Id::unique("handoff")).show(ctx, |ui| {
        ui.set_width(360.0);
        ui.heading(RichText::new(format!("{name}'s turn")).color(color));
        ui.label("Pass the device to the next player, then start the turn.");
        if ui.button("Start turn").clicked() {
            done = true;
        }
    });
    if done && let Some(play) = desk.play.as_mut() {
        play.handoff = None;
    }
}

/// The CO's power track as the rules draw it: the small stars (the Power) first, then the big
/// ones up to the Super Power; a charged star is filled.
fn power_track(ui: &mut egui::Ui, charge: u8, power: u8, super_power: u8) {
    let (small, big, gap) = (5.0, 7.0, 4.0);
    let width = f32::from(super_power) * (2.0 * big + gap);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 2.0 * big + 2.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let colour = egui::Color32::from_rgb(230, 180, 40);
    for star in 0..super_power {
        let radius = if star < power { small } else { big };
        let centre = egui::pos2(rect.left() + big + f32::from(star) * (2.0 * big + gap), rect.center().y);
        if star < charge {
            painter.circle_filled(centre, radius, colour);
        } else {
            painter.circle_stroke(centre, radius, egui::Stroke::new(1.5, colour));
        }
    }
}

/// The power track in words: how far it is charged and how many stars each power still needs.
fn power_track_words(co: &str, charge: u8, power: u8, super_power: u8) -> String {
    let needs = |at: u8, name: &str| match at.saturating_sub(charge) {
        0 => format!("{name} ready"),
        more => format!("{name} in {}", crate::game::counted(usize::from(more), "more star", "more stars")),
    };
    format!("{co}: {charge} of {super_power} stars; {}, {}", needs(power, "Power"), needs(super_power, "Super Power"))
}

#[cfg(test)]
mod tests {
    use super::power_track_words;

    #[test]
    fn the_power_track_says_how_many_stars_each_power_still_needs() {
        assert_eq!(
            power_track_words("Andy", 2, 3, 6),
            "Andy: 2 of 6 stars; Power in 1 more star, Super Power in 4 more stars"
        );
        assert_eq!(power_track_words("Andy", 3, 3, 6), "Andy: 3 of 6 stars; Power ready, Super Power in 3 more stars");
        assert_eq!(power_track_words("Andy", 6, 3, 6), "Andy: 6 of 6 stars; Power ready, Super Power ready");
    }
}
