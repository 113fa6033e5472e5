//! The Balance panel's house-reading table: for a game with readings (Armored Advance), every
//! other value of every reading played against the scenario's own in the background, shown as
//! a table of the first seat's shift with its 95% interval and whether the verdict turns.

use super::desk::Desk;
use crate::balance::BalanceOptions;
use crate::balance::sensitivity::{Sensitivity, sensitivity};
use crate::game::Level;
use crate::ui::desk::DeskExt as _;
use egui::{Color32, RichText, Ui};
use std::sync::{Arc, Mutex};

/// What a run shares with the window: (done, of), the result, or why it failed.
type Shared = Arc<Mutex<(usize, usize, Option<Result<Sensitivity, String>>)>>;

/// The table's run and its result for a document revision.
#[derive(Default)]
pub struct ReadingsTable {
    /// The revision played and what the run has found.
    run: Option<(u64, Shared)>,
}

impl ReadingsTable {
    /// The section under the balance verdict, for a game with readings.
    pub fn show(&mut self, desk: &dyn Desk, games: usize, level: Level, ui: &mut Ui) {
        let Ok(scenario) = desk.open_scenario() else { return };
        if !scenario.settings().iter().any(crate::game::Setting::is_played_reading) {
            return;
        }
        ui.separator();
        ui.label(RichText::new("House readings").strong());
        let revision = desk.revision();
        let running = self.run.as_ref().is_some_and(|(_, s)| s.lock().is_ok_and(|s| s.2.is_none()));
        if !running
            && ui
                .button("Test every reading")
                .on_hover_text(
                    "Play the games again at every other value of every house reading and show which move the balance",
                )
                .clicked()
        {
            let shared: Shared = Arc::new(Mutex::new((0, 0, None)));
            let out = Arc::clone(&shared);
            let options = BalanceOptions {
                games: games.clamp(2, 2000),
                until_clear: false,
                seed: 1,
                round_cap: 200,
                threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
                margin: 0.05,
                levels: [level; 8],
            };
            std::thread::spawn(move || {
                let result = sensitivity(scenario.as_ref(), &options, &mut |done, of| {
                    if let Ok(mut s) = out.lock() {
                        (s.0, s.1) = (done, of);
                    }
                });
                if let Ok(mut s) = out.lock() {
                    s.2 = Some(result);
                }
            });
            self.run = Some((revision, shared));
        }
        let Some((played, shared)) = &self.run else { return };
        let Ok(state) = shared.lock() else { return };
        match &state.2 {
            None => {
                ui.add(egui::ProgressBar::new(state.0 as f32 / state.1.max(1) as f32).text(format!(
                    "{} of {} settings played",
                    state.0,
                    state.1.max(1)
                )));
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
            }
            Some(Err(message)) => {
                ui.label(RichText::new(format!("The reading games failed: {message}")).color(Color32::LIGHT_RED));
            }
            Some(Ok(result)) => {
                if *played != revision {
                    ui.label(RichText::new("The map changed since: test again.").weak());
                }
                ui.label(format!(
                    "At its own readings ({} games each): {}",
                    result.baseline.games, result.baseline.verdict
                ));
                egui::Grid::new("readings-table").striped(true).show(ui, |ui| {
                    ui.label(RichText::new("Reading").strong());
                    ui.label(RichText::new("Value").strong());
                    ui.label(RichText::new("First seat's shift").strong());
                    ui.label(RichText::new("Verdict").strong());
                    ui.end_row();
                    for row in &result.rows {
                        let (d, (lo, hi)) = row.shift;
                        let moves = row.turns_verdict || lo > 0.0 || hi < 0.0;
                        ui.label(&row.label);
                        ui.label(&row.value);
                        let shift = format!("{:+.1} points ({:+.1} to {:+.1})", d * 100.0, lo * 100.0, hi * 100.0);
                        ui.label(if moves {
                            RichText::new(shift).color(Color32::from_rgb(230, 150, 60))
                        } else {
                            RichText::new(shift)
                        });
                        ui.label(if row.turns_verdict { "turns" } else { "holds" });
                        ui.end_row();
                    }
                });
            }
        }
    }
}
