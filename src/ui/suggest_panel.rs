//! The Balance panel's "Make it fair" section: the lab's suggestions in the background, with
//! progress and Cancel, the list with each edit's prediction and confirmation, and a button per
//! edit that makes it on the board as one undoable step (Undo shows the board before it); the
//! pointer on an edit shows the board as the edit would leave it, made on a copy.

use super::commands::capitalised;
use super::desk::Desk;
use super::lab_job::{JobState, LabJob, options};
use crate::balance::suggest::{SCREEN_GAMES, SuggestOptions, Suggestions, suggest};
use crate::game::Level;
use crate::ui::desk::DeskExt as _;
use egui::{Color32, RichText, Ui};

/// A suggested edit as the board previews it.
pub struct Previewed {
    /// Its number in the list, from 1.
    pub number: usize,
    /// The edit in words.
    pub words: String,
    /// The edited scenario's file text.
    pub text: String,
    /// The places it changes, ringed on the preview.
    pub marks: Vec<crate::game::Place>,
}

/// The section's run, its result for a document revision, and an edit asked for.
pub struct SuggestSection {
    /// Games each confirmation plays (1000 unless the person sets it): at the lab's 200 an
    /// interval is about 7 points each way, wider than a 5-point margin, so no edit could be
    /// confirmed fair.
    pub games: usize,
    job: LabJob<Suggestions>,
    /// An edit the person asked to make: its words and the edited scenario's file text, for
    /// the window to apply to the document (the panel sees the desk only to read it).
    asked: Option<(String, String)>,
    /// The last edit made from the list: the revision it made, and its words.
    made: Option<(u64, String)>,
    /// The step the run under way is at, in words ("screening edits").
    stage: std::sync::Arc<std::sync::Mutex<String>>,
    /// The edit under the pointer this frame, by its place in the list.
    hovered: Option<usize>,
}

/// The games a confirmation plays unless the person sets another count.
pub const CONFIRM_GAMES: usize = 1000;

impl Default for SuggestSection {
    fn default() -> Self {
        Self {
            games: CONFIRM_GAMES,
            job: LabJob::default(),
            asked: None,
            made: None,
            stage: std::sync::Arc::default(),
            hovered: None,
        }
    }
}

impl SuggestSection {
    /// The edit asked for since the last frame, if any: its words and its file text.
    pub fn take_asked(&mut self) -> Option<(String, String)> {
        self.asked.take()
    }

    /// Whether a run is under way.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.running()
    }

    /// The edit under the pointer, for the board to show as it would leave the scenario: its
    /// number in the list (from 1), its words, the edited scenario's file text and the places it
    /// changes. Only for a result of the document's `revision`: an older one's edits belong to
    /// another board.
    pub fn preview(&mut self, revision: u64) -> Option<Previewed> {
        let index = self.hovered?;
        match self.job.state() {
            JobState::Done(played, Ok(found)) if played == revision => found.suggestions.get(index).map(|s| {
                Previewed { number: index + 1, words: s.words.clone(), text: s.text.clone(), marks: s.marks.clone() }
            }),
            _ => None,
        }
    }

    /// Notes that the edit `words` was made, giving the document `revision`.
    pub fn made(&mut self, revision: u64, words: String) {
        self.made = Some((revision, words));
    }

    /// The section under the balance verdict, its confirmations of [`Self::games`] games;
    /// `level` the computer's for every seat.
    pub fn show(&mut self, desk: &dyn Desk, level: Level, ui: &mut Ui) {
        self.hovered = None;
        let Ok(scenario) = desk.open_scenario() else { return };
        ui.separator();
        ui.label(RichText::new("Make it fair").strong());
        let revision = desk.revision();
        let games = self.games;
        ui.horizontal(|ui| {
            let label = ui.label("Confirm on");
            ui.add_enabled(!self.job.running(), egui::DragValue::new(&mut self.games).range(20..=100_000).speed(10))
                .labelled_by(label.id)
                .on_hover_text("Games each confirmation plays: 1000 measure a share to about 3 points");
            ui.label("games");
        });
        if !self.job.running()
            && ui
                .button("Suggest fixes")
                .on_hover_text(format!(
                    "Try the game's smallest edits on up to {SCREEN_GAMES} games each, and confirm the best on {games} fresh games"
                ))
                .clicked()
        {
            let run = options(games.max(20), level);
            let asked = SuggestOptions { run, screen: SCREEN_GAMES.min(run.games) };
            let stage = std::sync::Arc::clone(&self.stage);
            self.job.start(revision, move |progress| {
                suggest(scenario.as_ref(), &asked, &mut |now, done, of| {
                    if let Ok(mut words) = stage.lock() {
                        now.clone_into(&mut words);
                    }
                    progress(done, of)
                })
            });
        }
        let mut cancel = false;
        match self.job.state() {
            JobState::Idle => {}
            JobState::Running(done, of) => {
                let stage = self.stage.lock().map(|s| s.clone()).unwrap_or_default();
                // The stage's words wrap in a label of their own: inside the bar they ran past a
                // narrow column's edge.
                ui.label(format!("{}…", capitalised(&stage)));
                ui.add(
                    egui::ProgressBar::new(done as f32 / of.max(1) as f32)
                        .text(format!("{done} of at most {} games", of.max(1))),
                );
                cancel = ui.button("Cancel suggestions").clicked();
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
            }
            JobState::Done(_, Err(message)) => {
                ui.label(RichText::new(format!("The suggestions failed: {message}")).color(Color32::LIGHT_RED));
            }
            JobState::Done(played, Ok(found)) => {
                let name = |seat: u8| desk.seat_name(usize::from(seat));
                if let Some((at, words)) = &self.made
                    && *at == revision
                {
                    ui.label(
                        RichText::new(format!("Made: {words}. Undo (Ctrl+Z) shows the board before it."))
                            .color(crate::ui::style::WARNING),
                    );
                } else if played != revision {
                    ui.label(RichText::new("The map changed since: suggest again.").weak());
                }
                for line in found.headline(desk.name(), &name) {
                    ui.label(line);
                }
                if played == revision && !found.suggestions.is_empty() {
                    ui.label(RichText::new("Point at an edit to see the board as it would leave it.").weak());
                }
                for (number, suggestion) in found.suggestions.iter().enumerate() {
                    let group = ui.group(|ui| {
                        let lines = found.suggestion_lines(suggestion, &name);
                        for (i, line) in lines.iter().enumerate() {
                            let text = capitalised(line);
                            ui.label(match i {
                                0 if suggestion.reaches() => RichText::new(format!("{}. {text}", number + 1))
                                    .color(Color32::from_rgb(80, 190, 100)),
                                0 => RichText::new(format!("{}. {text}", number + 1)).strong(),
                                _ => RichText::new(text).small(),
                            });
                        }
                        let apply = ui
                            .add_enabled(played == revision, egui::Button::new(format!("Make edit {}", number + 1)))
                            .on_hover_text("Make this edit on the board as one step; Undo takes it back");
                        if apply.clicked() {
                            self.asked = Some((suggestion.words.clone(), suggestion.text.clone()));
                        }
                    });
                    if played == revision && ui.rect_contains_pointer(group.response.rect) {
                        self.hovered = Some(number);
                    }
                }
                if found.screened > 0 {
                    ui.label(RichText::new(found.method()).small());
                }
            }
        }
        if cancel {
            self.job.cancel();
        }
    }
}
