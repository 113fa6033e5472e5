//! The Balance panel's house readings: for a game with readings, every other value of every
//! reading played against the scenario's own in the background, shown as a row for each value:
//! the first seat's shift with its 95% interval and whether the verdict turns.

use super::desk::Desk;
use super::lab_job::{JobState, LabJob, options};
use crate::balance::BalanceOptions;
use crate::balance::sensitivity::{Sensitivity, sensitivity};
use crate::game::Level;
use crate::ui::desk::DeskExt as _;
use egui::{Color32, RichText, Ui};

/// The table's run and its result for a document revision.
#[derive(Default)]
pub struct ReadingsTable {
    /// The run and what it has found.
    job: LabJob<Sensitivity>,
}

impl ReadingsTable {
    /// The section under the balance verdict, for a game with readings.
    /// `asked`: the panel's games, and whether each value stops when its answer is clear.
    pub fn show(&mut self, desk: &dyn Desk, (games, until_clear): (usize, bool), level: Level, ui: &mut Ui) {
        let Ok(scenario) = desk.open_scenario() else { return };
        if !scenario.settings().iter().any(crate::game::Setting::is_played_reading) {
            return;
        }
        ui.separator();
        ui.label(RichText::new("House readings").strong());
        let revision = desk.revision();
        if !self.job.running()
            && ui
                .button("Test every reading")
                .on_hover_text(
                    "Play the games again at every other value of every house reading and show which move the balance",
                )
                .clicked()
        {
            // With "Stop when the answer is clear", each value plays until its paired test
            // against the scenario's own readings decides, up to the panel's games.
            let options = BalanceOptions { until_clear, ..options(games, level) };
            self.job.start(revision, move |progress| sensitivity(scenario.as_ref(), &options, progress));
        }
        let mut cancel = false;
        match self.job.state() {
            JobState::Idle => {}
            JobState::Running(done, of) => {
                ui.add(egui::ProgressBar::new(done as f32 / of.max(1) as f32).text(format!("{done} of {of} games")))
                    .on_hover_text("A value whose answer is clear stops early; its unplayed games count as done");
                cancel = ui.button("Cancel reading games").clicked();
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
            }
            JobState::Done(_, Err(message)) => {
                ui.label(RichText::new(format!("The reading games failed: {message}")).color(Color32::LIGHT_RED));
            }
            JobState::Done(played, Ok(result)) => {
                if played != revision {
                    ui.label(RichText::new("The map changed since: test again.").weak());
                }
                // The lab numbers seats; people read the desk's names for them.
                let names: Vec<String> = (0..result.baseline.seats.len()).map(|seat| desk.seat_name(seat)).collect();
                let verdict = crate::game::named_seats(&result.baseline.verdict, &names);
                ui.label(format!(
                    "At its own readings ({}): {verdict}",
                    crate::game::games_counted(result.baseline.games)
                ));
                // A row per value, its words wrapping within the side panel: five columns of a
                // table outgrew it and hid the verdict behind a sideways scroll.
                for row in &result.rows {
                    let (d, (lo, hi)) = row.shift;
                    let moves = row.turns_verdict || lo > 0.0 || hi < 0.0;
                    ui.add_space(4.0);
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(&row.label).strong());
                        ui.label(crate::balance::report::plain_value(&row.value));
                        ui.label(RichText::new(crate::game::games_counted(row.balance.games)).weak());
                    });
                    let verdict = if row.turns_verdict { "the verdict turns" } else { "the verdict holds" };
                    let shift = format!(
                        "First seat {:+.1} points (95% interval {:+.1} to {:+.1}); {verdict}",
                        d * 100.0,
                        lo * 100.0,
                        hi * 100.0
                    );
                    let shift = if moves {
                        RichText::new(shift).color(Color32::from_rgb(230, 150, 60))
                    } else {
                        RichText::new(shift)
                    };
                    ui.add(egui::Label::new(shift).wrap());
                }
            }
        }
        if cancel {
            self.job.cancel();
        }
    }
}
