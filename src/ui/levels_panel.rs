//! The Balance panel's "at every level" section: the games played again at Easy, Normal and
//! Hard in the background, and whether the verdict holds at every level or depends on the
//! computer's, each level's verdict, shares and draws with the sides named.

use super::commands::capitalised;
use super::desk::Desk;
use super::lab_job::{JobState, LabJob, options};
use crate::balance::levels::{AcrossLevels, across_levels};
use crate::game::Level;
use crate::ui::desk::DeskExt as _;
use egui::{Color32, RichText, Ui};

/// The section's run and its result for a document revision.
#[derive(Default)]
pub struct LevelsSection {
    job: LabJob<AcrossLevels>,
}

impl LevelsSection {
    /// The section under the balance verdict.
    pub fn show(&mut self, desk: &dyn Desk, games: usize, ui: &mut Ui) {
        let Ok(scenario) = desk.open_scenario() else { return };
        ui.separator();
        ui.label(RichText::new("Every level of the computer").strong());
        let revision = desk.revision();
        if !self.job.running()
            && ui
                .button("Judge at every level")
                .on_hover_text("Play the games at Easy, Normal and Hard and say whether the verdict is the map's")
                .clicked()
        {
            // The level is each run's own; the panel's is not used.
            let options = options(games, Level::Normal);
            self.job.start(revision, move |progress| across_levels(scenario.as_ref(), &options, progress));
        }
        let mut cancel = false;
        match self.job.state() {
            JobState::Idle => {}
            JobState::Running(done, of) => {
                ui.add(
                    egui::ProgressBar::new(done as f32 / of.max(1) as f32)
                        .text(format!("{done} of {} levels played", of.max(1))),
                );
                cancel = ui.button("Cancel level games").clicked();
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
            }
            JobState::Done(_, Err(message)) => {
                ui.label(RichText::new(format!("The games failed: {message}")).color(Color32::LIGHT_RED));
            }
            JobState::Done(played, Ok(result)) => {
                if played != revision {
                    ui.label(RichText::new("The map changed since: judge again.").weak());
                }
                let lines = result.text(&|seat| desk.seat_name(usize::from(seat)));
                for (i, line) in lines.iter().enumerate() {
                    let text = capitalised(line);
                    ui.label(if i == 0 && !result.holds {
                        RichText::new(text).color(Color32::from_rgb(230, 150, 60))
                    } else {
                        RichText::new(text)
                    });
                }
            }
        }
        if cancel {
            self.job.cancel();
        }
    }
}
