//! The window for a Skirm scenario: the same frame as Skirmish Wars (menu, toolbar, palette,
//! map, side panels, status bar) with Skirm's own layers, tools, squad builder, overlays and
//! playtest. The editing itself lives in `systems::skirm::editing`; this module only draws it
//! and turns pointer input into grid gestures.

mod canvas;
mod panels;
mod play;

pub use crate::systems::skirm::editing::SkirmTool;
pub use crate::systems::skirm::scenario::{MAX_SIDE, SYSTEM_ID};
pub use play::SkirmPlay;

use super::app::{Modal, NewForm, NewGame, StudioApp};
use super::commands::UiCommand;
use super::live::{LiveFindings, PerRevision};
use crate::board::Pos;
use crate::systems::skirm::editing::{Document, Editor, Spot};
use crate::systems::skirm::rules::Ruleset;
use crate::systems::skirm::scenario::stats::Statistics;
use crate::systems::skirm::scenario::{Finding, SkirmScenario, load_scenario, save_scenario, statistics};
use egui::Ui;
use std::sync::Arc;

/// What a square looks like from the hovered one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// In plain sight.
    Clear,
    /// Seen, but in cover.
    Cover,
    /// Out of sight.
    Hidden,
}

/// The Skirm document open in the window and what the window derives from it.
pub struct SkirmDesk {
    /// The document and the editing state around it.
    pub editor: Editor,
    /// The validator's findings and the revision they belong to.
    pub findings: LiveFindings<Finding>,
    /// The designer's numbers and the revision they belong to.
    pub stats: PerRevision<Statistics>,
    /// Show line of sight from the hovered square.
    pub show_sight: bool,
    /// Show who reaches each objective first.
    pub show_race: bool,
    /// Line of sight from a square, for a revision.
    pub sight: Option<(u64, Pos, Vec<Seen>)>,
    /// The spot under the pointer.
    pub hover: Option<Spot>,
    /// The playtest under way, if any; the document is not touched by it.
    pub play: Option<SkirmPlay>,
}

impl SkirmDesk {
    /// A desk on `doc` with `rules`.
    #[must_use]
    pub fn with_rules(rules: Arc<Ruleset>, doc: Document) -> Self {
        Self {
            editor: Editor::new(rules, doc),
            findings: LiveFindings::default(),
            stats: PerRevision::default(),
            show_sight: false,
            show_race: false,
            sight: None,
            hover: None,
            play: None,
        }
    }

    /// The scenario in its file form.
    ///
    /// # Errors
    /// It cannot be written (a name the ruleset does not know).
    pub fn text(&self) -> Result<String, String> {
        save_scenario(&self.editor.rules, &self.editor.doc.scenario)
    }

    /// Brings the findings up to date without making a frame wait (a 30 x 30 map takes
    /// about 13 ms to check, so during a drag the check moves to a worker thread).
    pub fn refresh(&mut self, ctx: &egui::Context, now: f64) {
        let (editor, revision) = (&self.editor, self.editor.doc.revision);
        self.findings.refresh(ctx, now, revision, editor.drag.is_some(), || {
            let (rules, scenario) = (Arc::clone(&editor.rules), editor.doc.scenario.clone());
            move || crate::systems::skirm::scenario::validate(&rules, &scenario)
        });
    }

    /// Checks the document now, whatever the last check cost (before a playtest).
    pub fn check_now(&mut self) {
        self.findings.set(self.editor.doc.revision, self.editor.findings());
    }

    /// The designer's numbers, worked out once per revision.
    pub fn statistics(&mut self) -> &Statistics {
        let (rules, scenario) = (&self.editor.rules, &self.editor.doc.scenario);
        self.stats.get(self.editor.doc.revision, || statistics(rules, scenario))
    }

    /// A colour per square, row by row: open ground light, difficult green, impassable dark,
    /// raised ground darker.
    #[must_use]
    pub fn miniature(&self) -> Vec<egui::Color32> {
        use crate::systems::skirm::rules::ruleset::Movement;
        let board = &self.editor.doc.scenario.board;
        board
            .squares()
            .map(|pos| {
                let movement = self.editor.movement(pos);
                let [r, g, b] = match movement {
                    Movement::Open => [238u8, 232, 214],
                    Movement::Difficult => [206, 220, 186],
                    Movement::Impassable => [92, 88, 84],
                };
                let shade = |c: u8| c.saturating_sub(board.height_at(pos).saturating_mul(22));
                egui::Color32::from_rgb(shade(r), shade(g), shade(b))
            })
            .collect()
    }

    /// Whether the findings hold an error (a playtest waits until they do not).
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.findings.list.iter().any(|f| f.severity == crate::systems::skirm::scenario::Severity::Error)
    }
}

impl SkirmDesk {
    /// A desk on a Skirm scenario file's text.
    ///
    /// # Errors
    /// What is wrong and where.
    pub fn from_text(text: &str) -> Result<Self, String> {
        let rules = Ruleset::builtin().map_err(|e| format!("the Skirm ruleset cannot be read: {e}"))?;
        let scenario: SkirmScenario = load_scenario(&rules, text).map_err(|e| e.to_string())?;
        Ok(Self::with_rules(Arc::new(rules), Document::new(scenario)))
    }
}

/// A new battle map of `width` x `height` squares with Skirm's defaults, in its file form.
///
/// # Errors
/// Skirm's ruleset cannot be read, or the map cannot be written.
pub fn new_scenario_text(width: u16, height: u16) -> Result<String, String> {
    let rules = Ruleset::builtin().map_err(|e| format!("the Skirm ruleset cannot be read: {e}"))?;
    save_scenario(&rules, &crate::systems::skirm::editing::new_scenario(&rules, width, height))
}

/// Carries out a command the Skirm desk does its own way (new, export, playtest); those only
/// Skirmish Wars maps have say so.
pub fn run_command(app: &mut StudioApp, command: UiCommand) {
    match command {
        UiCommand::Export => app.export = Some(super::export_dialog::ExportDialog::for_skirm()),
        UiCommand::Playtest => play::toggle(app),
        UiCommand::UseSkirmTool(tool) => {
            if let Some(desk) = app.desk.skirm_mut() {
                desk.editor.tool = tool;
            }
        }
        UiCommand::New => {
            // Skirm's defaults, and Skirmish Wars' fill should the user switch games.
            let plain = app.swat_rules.terrain_id("plain").unwrap_or(crate::board::TerrainId(0));
            let form = NewForm { game: NewGame::Skirm, width: 12, height: 12, ..NewForm::swat(plain) };
            app.modal = Some(Modal::NewScenario(form));
        }
        other => {
            app.status = format!("{} works on Skirmish Wars maps; Skirm maps do not have it yet.", other.label());
        }
    }
}

/// Draws the window for a Skirm document.
pub fn build_frame(app: &mut StudioApp, ui: &mut Ui) {
    let (ctx, now) = (ui.ctx().clone(), ui.input(|i| i.time));
    let Some(desk) = app.desk.skirm_mut() else { return };
    desk.refresh(&ctx, now);
    if desk.play.is_some() {
        play::frame(app, ui);
        return;
    }
    egui::Panel::top("skirm-toolbar").show(ui, |ui| panels::toolbar(app, ui));
    egui::Panel::bottom("status").show(ui, |ui| panels::status_bar(app, ui));
    egui::Panel::left("skirm-palette").resizable(true).default_size(210.0).show(ui, |ui| panels::palette(app, ui));
    egui::Panel::right("skirm-side").resizable(true).default_size(340.0).show(ui, |ui| panels::side(app, ui));
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(super::style::CANVAS_BACKGROUND))
        .show(ui, |ui| canvas::canvas(app, ui));
}
