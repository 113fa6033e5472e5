//! The Balance panel, the shell's for every game: computer games on the open document in the
//! background through the game-system seam (progress, cancel, results as they come), each
//! seat's share of wins with its interval as bars, a verdict, a per-round curve as a chart,
//! and a heatmap of where places change hands over the map. Results are kept per document
//! revision, so a result never claims to describe an edited map.

use super::commands::capitalised;
use super::desk::Desk;
use super::view::Placement;
use crate::balance::{Balance, BalanceOptions, run_balance_with};
use crate::game::{Level, share_text};
use crate::ui::desk::DeskExt as _;
use egui::{Color32, RichText, Stroke, Ui, pos2, vec2};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What a run shares with the window.
#[derive(Debug, Default)]
pub struct RunState {
    /// The judgement so far.
    pub partial: Option<Balance>,
    /// Finished (or cancelled).
    pub done: bool,
    /// Why it failed.
    pub error: Option<String>,
}

/// A run under way.
pub struct BalanceRun {
    /// The document revision it plays.
    pub revision: u64,
    /// What it has found so far.
    pub state: Arc<Mutex<RunState>>,
    /// Set to stop it after the batch under way.
    pub cancel: Arc<AtomicBool>,
}

/// The panel's settings and results.
pub struct BalancePanel {
    /// Games to play (the most, when stopping early).
    pub games: usize,
    /// The computer's level for every seat.
    pub level: Level,
    /// Stop when the sequential test decides.
    pub until_clear: bool,
    /// Judge the map alone: no seat has a CO.
    pub without_cos: bool,
    /// Whether the open game has COs to leave out, once known.
    pub has_cos: Option<bool>,
    /// Show the heatmap over the map.
    pub show_heatmap: bool,
    /// The run under way.
    pub run: Option<BalanceRun>,
    /// Finished results by document revision (the last few).
    pub results: BTreeMap<u64, Balance>,
    /// The house-reading table, for a game with readings.
    pub readings: super::readings_panel::ReadingsTable,
    /// The verdict at every level of the computer.
    pub levels: super::levels_panel::LevelsSection,
    /// The smallest edits that make the scenario fair.
    pub suggest: super::suggest_panel::SuggestSection,
}

impl Default for BalancePanel {
    fn default() -> Self {
        Self {
            games: 200,
            level: Level::Normal,
            until_clear: true,
            without_cos: false,
            has_cos: None,
            show_heatmap: false,
            run: None,
            results: BTreeMap::new(),
            readings: super::readings_panel::ReadingsTable::default(),
            levels: super::levels_panel::LevelsSection::default(),
            suggest: super::suggest_panel::SuggestSection::default(),
        }
    }
}

impl BalancePanel {
    /// The result for this revision, or the run's partial one while it plays this revision.
    #[must_use]
    pub fn shown(&self, revision: u64) -> Option<Balance> {
        if let Some(run) = &self.run
            && run.revision == revision
            && let Ok(state) = run.state.lock()
            && let Some(partial) = &state.partial
        {
            return Some(partial.clone());
        }
        self.results.get(&revision).cloned()
    }

    /// Moves a finished run's result into the results; gives the run's error, if it failed.
    pub fn poll(&mut self) -> Option<String> {
        let finished = self.run.as_ref().and_then(|run| {
            let state = run.state.lock().ok()?;
            state.done.then(|| (run.revision, state.partial.clone(), state.error.clone()))
        });
        let (revision, partial, error) = finished?;
        self.run = None;
        if let Some(balance) = partial {
            self.results.insert(revision, balance);
            while self.results.len() > 8 {
                self.results.pop_first();
            }
        }
        error
    }
}

/// Starts a run on the document as it stands.
fn start(panel: &mut BalancePanel, desk: &dyn Desk, status: &mut String) {
    let revision = desk.revision();
    let opened = desk.open_scenario().and_then(|scenario| {
        if panel.without_cos { crate::game::without_seat_choices(scenario) } else { Ok(scenario) }
    });
    let opened = match opened {
        Ok(opened) => opened,
        Err(message) => {
            *status = format!("The balance games cannot start: {message}");
            return;
        }
    };
    let options = BalanceOptions {
        games: panel.games.clamp(20, 5000),
        until_clear: panel.until_clear,
        seed: 1,
        round_cap: 200,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        margin: 0.05,
        levels: [panel.level; 8],
    };
    let state = Arc::new(Mutex::new(RunState::default()));
    let cancel = Arc::new(AtomicBool::new(false));
    let (shared, stop) = (Arc::clone(&state), Arc::clone(&cancel));
    std::thread::spawn(move || {
        let result = run_balance_with(opened.as_ref(), &options, &mut |partial| {
            if let Ok(mut s) = shared.lock() {
                s.partial = Some(partial.clone());
            }
            !stop.load(Ordering::Relaxed)
        });
        if let Ok(mut s) = shared.lock() {
            match result {
                Ok(balance) => s.partial = Some(balance),
                Err(message) => s.error = Some(message),
            }
            s.done = true;
        }
    });
    panel.run = Some(BalanceRun { revision, state, cancel });
}

/// The panel, for the open desk; what goes wrong is told in `status`.
pub fn show(panel: &mut BalancePanel, desk: &dyn Desk, status: &mut String, ui: &mut Ui) {
    if panel.has_cos.is_none() {
        panel.has_cos = Some(desk.open_scenario().is_ok_and(|s| crate::game::seat_choice(s.as_ref(), 0).is_some()));
    }
    let (revision, colours) = (desk.revision(), desk.seat_colours());
    if let Some(error) = panel.poll() {
        *status = format!("The balance games failed: {error}");
    }
    let running = panel.run.is_some();
    ui.horizontal(|ui| {
        let label = ui.label("Games");
        ui.add_enabled(!running, egui::DragValue::new(&mut panel.games).range(20..=5000).speed(10))
            .labelled_by(label.id)
            .on_hover_text("Games to play (the most, when stopping early)");
        let level_label = ui.label("Computer");
        egui::ComboBox::from_id_salt("balance-level")
            .selected_text(panel.level.label())
            .show_ui(ui, |ui| {
                for level in Level::ALL {
                    ui.selectable_value(&mut panel.level, level, level.label());
                }
            })
            .response
            .labelled_by(level_label.id)
            .on_hover_text("The computer's level for every seat: easy (the weakest), normal or hard");
    });
    ui.add_enabled(!running, egui::Checkbox::new(&mut panel.until_clear, "Stop when the answer is clear"));
    if panel.has_cos == Some(true) {
        ui.add_enabled(!running, egui::Checkbox::new(&mut panel.without_cos, "Judge the map without COs"));
    }
    let mut start_now = false;
    ui.horizontal(|ui| {
        if running {
            if ui.button("Cancel balance games").clicked()
                && let Some(run) = &panel.run
            {
                run.cancel.store(true, Ordering::Relaxed);
            }
        } else if ui.button("Run balance games").clicked() {
            start_now = true;
        }
    });
    if start_now {
        start(panel, desk, status);
    }
    let shown = panel.shown(revision);
    if running {
        let done = shown.as_ref().map_or(0, |b| b.games);
        ui.add(
            egui::ProgressBar::new(done as f32 / panel.games.max(1) as f32)
                .text(format!("{done} of at most {} games", panel.games)),
        );
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
    }
    let Some(balance) = shown else {
        let older = panel.results.keys().next_back().copied();
        if older.is_some_and(|r| r != revision) {
            ui.label(RichText::new("The map changed since the last run; run again for its balance.").weak());
        }
        panel.levels.show(desk, panel.games, ui);
        panel.suggest.show(desk, panel.level, ui);
        panel.readings.show(desk, (panel.games, panel.until_clear), panel.level, ui);
        return;
    };
    // Green only when nothing decides the games but the play: no favoured seat, no first move
    // that decides them and no stalls.
    let unfair = balance.favoured || balance.first_move_decides || balance.stalls.is_some();
    let colour = if unfair { Color32::from_rgb(230, 150, 60) } else { Color32::from_rgb(80, 190, 100) };
    // The lab numbers seats; people see the desk's names for them (a side, a squad).
    let mut verdict = balance.verdict.clone();
    for seat in balance.seats.iter().rev() {
        verdict = verdict.replace(&format!("player {}", seat.seat + 1), &desk.seat_name(usize::from(seat.seat)));
    }
    if let Some(first) = verdict.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    ui.label(RichText::new(verdict).color(colour));
    // Draws always show, with each seat's share of the games that were decided: "no seat is
    // favoured" over games most of which were drawn says little.
    let draws = format!("Draws: {}", share_text(balance.draws, balance.games));
    let drawn_much = balance.draws * 4 >= balance.games.max(1);
    ui.label(if drawn_much { RichText::new(draws).color(crate::ui::style::WARNING) } else { RichText::new(draws) });
    let decisive = balance.decisive_text(&|seat| desk.seat_name(usize::from(seat)));
    ui.label(capitalised(&decisive));
    if let Some(stalls) = &balance.stalls {
        ui.label(RichText::new(format!("Stalled: {stalls}")).color(crate::ui::style::WARNING));
    }
    ui.label(RichText::new(how_judged(&balance, panel.until_clear, panel.games)).weak());
    for seat in &balance.seats {
        ui.label(format!("{} wins {}", desk.seat_name(usize::from(seat.seat)), share_text(seat.wins, balance.games)));
    }
    let names: Vec<String> = balance.seats.iter().map(|s| desk.seat_name(usize::from(s.seat))).collect();
    ui.label(RichText::new("Share of wins: bar, 95% interval (whisker), fair share (grey line)").small());
    shares_bars(ui, &balance, &colours, &names);
    if drawn_much {
        ui.label(
            RichText::new(format!(
                "Draws take {} of the games, so every bar sits under the fair share: the bars count wins among all games.",
                crate::balance::percent(balance.draws as f64 / balance.games.max(1) as f64)
            ))
            .small(),
        );
    }
    if let Some(curve) = balance.curves.iter().find(|c| c.name == "unit value").or(balance.curves.first()) {
        ui.label(RichText::new(format!("{} per round: mean (line) and 80% band", capitalised(&curve.name))).small());
        curve_chart(ui, curve, &colours);
        legend(ui, &colours, &names);
        if let Some(note) = curve.cut_note() {
            ui.label(RichText::new(note).small());
        }
    }
    // A game that records no places (Skirm) has no heatmap to offer.
    if !balance.heatmap.is_empty() {
        let heat = desk.heat_words();
        ui.checkbox(&mut panel.show_heatmap, format!("Show the heatmap: {}", heat.title.to_lowercase()));
        if panel.show_heatmap {
            heatmap_legend(ui, &balance, &heat);
        }
    }
    panel.levels.show(desk, panel.games, ui);
    panel.suggest.show(desk, panel.level, ui);
    panel.readings.show(desk, (panel.games, panel.until_clear), panel.level, ui);
}

/// How the verdict was reached, in the run's own terms: stopped early by the sequential test,
/// still under way, played to the most games the test was allowed, or a fixed count.
fn how_judged(balance: &Balance, until_clear: bool, most: usize) -> String {
    let played = crate::game::games_counted(balance.games);
    if balance.stopped_early {
        format!(
            "Stopped after {played}, once the sequential test could tell whether a seat is 5 points or more ahead of a fair share. It answers only that question; a fixed count of games also measures smaller leans, and calls them within the margin."
        )
    } else if balance.games < most {
        format!(
            "{played} of {most} so far: each seat's share with its 95% interval{}. The verdict may change as the rest are played.",
            if until_clear { "; the run stops sooner once the sequential test decides" } else { "" }
        )
    } else if until_clear {
        format!(
            "All {played} played without the sequential test deciding, so each seat's share is judged by its 95% interval: favoured when the interval lies above a fair share and reaches 5 points over it."
        )
    } else {
        format!(
            "A fixed count of {played}: each seat's share with its 95% interval. A seat is called favoured when its interval lies above a fair share and reaches 5 points over it; a smaller lean is named but called within the margin, as the sequential test would."
        )
    }
}

/// A colour swatch and a name per seat, under a chart.
fn legend(ui: &mut Ui, colours: &[Color32], names: &[String]) {
    ui.horizontal_wrapped(|ui| {
        for (seat, name) in names.iter().enumerate() {
            let (rect, _) = ui.allocate_exact_size(vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, seat_colour(colours, seat));
            ui.label(name);
        }
    });
}

/// What the heatmap's colours and numbers mean.
fn heatmap_legend(ui: &mut Ui, balance: &Balance, heat: &crate::game::HeatWords) {
    let most = balance.heatmap.iter().map(|c| c.changes).max().unwrap_or(0);
    ui.horizontal(|ui| {
        for heat in [0.0f32, 0.5, 1.0] {
            let (rect, _) = ui.allocate_exact_size(vec2(18.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, heat_colour(heat));
        }
        ui.label(format!("1 to {most} {} at a place in {}", heat.counted, crate::game::games_counted(balance.games)));
    });
    ui.label(RichText::new("On each place: how many times, and R the mean round. Point at one for more.").small());
}

/// The heatmap's shade for a share of the busiest place's count.
fn heat_colour(heat: f32) -> Color32 {
    Color32::from_rgba_unmultiplied(230, 40, 20, (60.0 + 150.0 * heat) as u8)
}

/// A seat's colour: its army's.
fn seat_colour(colours: &[Color32], seat: usize) -> Color32 {
    colours.get(seat).copied().unwrap_or(Color32::GRAY)
}

/// Each seat's share as a bar (its name at the left), its interval as a whisker, the fair
/// share as a line, and an axis of 0 to 100% under them.
fn shares_bars(ui: &mut Ui, balance: &Balance, colours: &[Color32], names: &[String]) {
    const ROW: f32 = 20.0;
    let width = ui.available_width().min(320.0);
    let height = ROW * balance.seats.len() as f32 + 22.0;
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let font = egui::FontId::proportional(crate::ui::style::MIN_TEXT);
    // The names' column as wide as the longest name ("Vanguard Fireteam" was cut by its own
    // bar), leaving the bars at least half the chart.
    let widest = names
        .iter()
        .map(|name| painter.layout_no_wrap(name.clone(), font.clone(), Color32::WHITE).size().x)
        .fold(0.0_f32, f32::max);
    let left = rect.left() + (widest + 8.0).clamp(60.0, width / 2.0);
    // Room at the right for the "100%" under the axis's end.
    let x = |share: f64| left + 4.0 + share as f32 * (rect.right() - left - 26.0);
    let text = Color32::from_gray(220);
    for (i, seat) in balance.seats.iter().enumerate() {
        let top = rect.top() + 3.0 + ROW * i as f32;
        let colour = seat_colour(colours, i);
        let name = names.get(i).map_or("", String::as_str);
        painter.text(pos2(rect.left(), top + 7.0), egui::Align2::LEFT_CENTER, name, font.clone(), text);
        painter.rect_filled(egui::Rect::from_min_max(pos2(x(0.0), top), pos2(x(seat.share), top + 14.0)), 2.0, colour);
        let mid = top + 7.0;
        painter.line_segment(
            [pos2(x(seat.interval.0), mid), pos2(x(seat.interval.1), mid)],
            Stroke::new(1.5, Color32::WHITE),
        );
        for end in [seat.interval.0, seat.interval.1] {
            painter.line_segment([pos2(x(end), top + 2.0), pos2(x(end), top + 12.0)], Stroke::new(1.5, Color32::WHITE));
        }
    }
    let fair = 1.0 / balance.seats.len().max(1) as f64;
    let axis_y = rect.top() + ROW * balance.seats.len() as f32 + 3.0;
    painter.vline(x(fair), rect.top()..=axis_y, Stroke::new(1.0, Color32::from_gray(200)));
    painter.hline(x(0.0)..=x(1.0), axis_y, Stroke::new(1.0, Color32::from_gray(120)));
    for tick in [0.0, 0.5, 1.0] {
        painter.vline(x(tick), axis_y..=axis_y + 3.0, Stroke::new(1.0, Color32::from_gray(120)));
        let label = format!("{:.0}%", tick * 100.0);
        painter.text(pos2(x(tick), axis_y + 3.0), egui::Align2::CENTER_TOP, label, font.clone(), text);
    }
}

/// Each seat's mean per round as a line over its 80% band, with its value axis at the left
/// and its rounds along the bottom.
fn curve_chart(ui: &mut Ui, curve: &crate::balance::Curve, colours: &[Color32]) {
    const AXIS_LEFT: f32 = 44.0;
    const AXIS_BOTTOM: f32 = 18.0;
    let width = ui.available_width().min(320.0);
    let (outer, _) = ui.allocate_exact_size(vec2(width, 120.0), egui::Sense::hover());
    // Room above for the top value's label, centred on the top line.
    let rect = egui::Rect::from_min_max(
        pos2(outer.left() + AXIS_LEFT, outer.top() + 8.0),
        pos2(outer.right() - 4.0, outer.bottom() - AXIS_BOTTOM),
    );
    let painter = ui.painter_at(outer);
    painter.rect_stroke(rect, 2.0, Stroke::new(1.0, Color32::from_gray(70)), egui::StrokeKind::Inside);
    let shown = curve.shown();
    let rounds = shown.iter().map(|s| s.len()).max().unwrap_or(0).max(2);
    let highest = shown.iter().flat_map(|s| s.iter()).map(|p| p.2).fold(1.0, f64::max);
    let at = |round: usize, value: f64| {
        pos2(
            rect.left() + 3.0 + round as f32 / (rounds - 1) as f32 * (rect.width() - 6.0),
            rect.bottom() - 3.0 - (value / highest) as f32 * (rect.height() - 6.0),
        )
    };
    let (font, text) = (egui::FontId::proportional(crate::ui::style::MIN_TEXT), Color32::from_gray(220));
    for value in [0.0, highest / 2.0, highest] {
        let y = at(0, value).y;
        painter.text(pos2(rect.left() - 4.0, y), egui::Align2::RIGHT_CENTER, format!("{value:.0}"), font.clone(), text);
        painter.hline(rect.left()..=rect.right(), y, Stroke::new(0.5, Color32::from_gray(60)));
    }
    let below = rect.bottom() + 2.0;
    painter.text(pos2(rect.left(), below), egui::Align2::LEFT_TOP, "round 1", font.clone(), text);
    painter.text(pos2(rect.right(), below), egui::Align2::RIGHT_TOP, format!("round {rounds}"), font, text);
    for (seat, points) in shown.iter().enumerate() {
        let colour = seat_colour(colours, seat);
        for (round, p) in points.iter().enumerate() {
            painter.line_segment([at(round, p.1), at(round, p.2)], Stroke::new(3.0, colour.gamma_multiply(0.3)));
        }
        let line: Vec<egui::Pos2> = points.iter().enumerate().map(|(round, p)| at(round, p.0)).collect();
        painter.add(egui::Shape::line(line, Stroke::new(2.0, colour)));
    }
}

/// The heatmap over the map where the desk drew it last: each place that changed hands,
/// shaded by how often.
pub fn heatmap_overlay(panel: &BalancePanel, desk: &dyn Desk, placement: Option<Placement>, ui: &Ui) {
    let Some(place) = placement else { return };
    let Some(balance) = panel.shown(desk.revision()) else { return };
    // On the board's own layer, after the board: every window and dialog draws over it.
    let painter = ui.painter().clone().with_clip_rect(place.area);
    let most = balance.heatmap.iter().map(|c| c.changes).max().unwrap_or(1).max(1);
    // Pointing counts only where the board is on top, not through a dialog or a window.
    let board_layer = ui.layer_id();
    let pointer = ui.ctx().pointer_hover_pos().filter(|p| ui.ctx().layer_id_at(*p).is_none_or(|l| l == board_layer));
    let mut pointed = None;
    for cell in &balance.heatmap {
        let rect = place.board_rect_on_screen(desk.place_board_rect(cell.at));
        if pointer.is_some_and(|p| rect.contains(p) && place.area.contains(p)) {
            pointed = Some(cell);
        }
        let heat = cell.changes as f32 / most as f32;
        painter.rect_filled(rect.shrink(1.0), 2.0, heat_colour(heat));
        // Two lines of 12 px need a place about 30 px high; smaller ones say it on pointing.
        if rect.height() >= 30.0 {
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                format!("{}\nR{:.0}", cell.changes, cell.mean_round),
                egui::FontId::proportional((rect.height() * 0.22).max(crate::ui::style::MIN_TEXT)),
                Color32::WHITE,
            );
        }
    }
    if let (Some(cell), Some(at)) = (pointed, pointer) {
        let takers: Vec<String> = cell
            .by_seat
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(seat, n)| format!("{} {n}", desk.seat_name(seat)))
            .collect();
        let heat = desk.heat_words();
        let lines = [
            format!("{} {} in {}", cell.changes, heat.counted, crate::game::games_counted(balance.games)),
            format!("on average in round {:.1}", cell.mean_round),
            format!("{} {}", heat.by, takers.join(", ")),
        ];
        let tip = ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("heatmap-tip")));
        let galleys: Vec<_> = lines
            .iter()
            .map(|l| tip.layout_no_wrap(l.clone(), egui::FontId::proportional(13.0), Color32::WHITE))
            .collect();
        let size =
            vec2(galleys.iter().map(|g| g.size().x).fold(0.0, f32::max) + 12.0, 18.0 * galleys.len() as f32 + 8.0);
        let corner = at + vec2(16.0, 16.0);
        tip.rect_filled(egui::Rect::from_min_size(corner, size), 4.0, Color32::from_black_alpha(225));
        for (i, galley) in galleys.into_iter().enumerate() {
            tip.galley(corner + vec2(6.0, 4.0 + 18.0 * i as f32), galley, Color32::WHITE);
        }
    }
}

#[cfg(test)]
mod tests {
    //! The words under a verdict follow the run's own settings.
    use super::how_judged;
    use crate::game::GameRecord;

    fn games(n: usize) -> Vec<GameRecord> {
        (0..n)
            .map(|i| GameRecord {
                winner: Some(u8::from(i % 2 == 0)),
                first: None,
                length: 10,
                ending: "Conquest".into(),
                actions: 0,
                series: Vec::new(),
                captures: Vec::new(),
                stalled: Vec::new(),
            })
            .collect()
    }

    #[test]
    fn a_run_is_described_as_it_was_asked_for_and_as_far_as_it_has_gone() {
        let done = crate::balance::judge(&games(200), 2, 0.05, false);
        assert!(how_judged(&done, false, 200).starts_with("A fixed count of 200 games"));
        // "Stop when the answer is clear" that played every game is no fixed count.
        assert!(how_judged(&done, true, 200).starts_with("All 200 games played without the sequential test deciding"));
        // Part of a longer run.
        let part = crate::balance::judge(&games(2020), 2, 0.05, false);
        assert!(how_judged(&part, false, 3000).starts_with("2020 games of 3000 so far"));
        let early = crate::balance::judge(&games(400), 2, 0.05, true);
        assert!(how_judged(&early, true, 3000).starts_with("Stopped after 400 games"));
    }
}
