//! The window for a Skirmish Wars scenario: its desk (the editor with the rules and tile
//! library, validation, statistics, the symmetry report, the playtest and the Balance panel)
//! and the screens that draw it: the map canvas, the panels, the playtest and the theme.

mod balance_panel;
mod canvas;
mod panels;
mod play;
mod theme;

pub use balance_panel::BalancePanel;
pub use play::PlayState;

pub use crate::systems::swat::editing::{BRUSH_SIZES, Tool};
pub use crate::systems::swat::rules::Ruleset as Rules;
pub use crate::systems::swat::scenario::SYSTEM_ID;

use super::app::{Modal, NewForm, StudioApp};
use super::commands::UiCommand;
use super::live::{LiveFindings, PerRevision};
use crate::board::{Pos, SquareMap, Symmetry, TerrainId};
use crate::systems::swat::editing::{Document, Editor, Paint};
use crate::systems::swat::rules::Ruleset;
use crate::systems::swat::scenario::{
    Asymmetry, Finding, Scenario, Statistics, SymmetryError, builtin_tiles, has_errors, import_awbw, load_scenario,
    save_scenario, statistics, symmetry_report, validate,
};
use egui::{Context, Ui};
use std::sync::Arc;

/// The sample scenario shown the first time the studio opens.
pub const FIRST_RUN_SAMPLE: &str = include_str!("../../../scenarios/bridgehead.ron");

/// A Skirmish Wars document open in the window and what the window derives from it.
pub struct SwatDesk {
    /// The document and the editing state around it.
    pub editor: Editor,
    /// The latest findings, kept up to date as the document changes.
    pub findings: LiveFindings<Finding>,
    /// Statistics and the revision they belong to.
    pub stats: PerRevision<Statistics>,
    /// The symmetry report of the scenario's intended symmetry, for the revision it belongs to.
    pub asymmetries: Option<(u64, Symmetry, Result<Vec<Asymmetry>, SymmetryError>)>,
    /// The playtest under way, if any; the document is not touched by it.
    pub play: Option<PlayState>,
    /// While a unit is selected in a playtest: the square it would attack the hovered enemy
    /// from.
    pub hover_move_square: Option<Pos>,
    /// The Balance panel: its settings, the run under way and results per revision.
    pub balance: BalancePanel,
}

impl SwatDesk {
    /// A desk on `doc`, edited against `rules` and its tile library.
    #[must_use]
    pub fn new(rules: Arc<Ruleset>, doc: Document) -> Self {
        let tiles = builtin_tiles(&rules).unwrap_or_default();
        Self {
            editor: Editor::new(rules, tiles, doc),
            findings: LiveFindings::default(),
            stats: PerRevision::default(),
            asymmetries: None,
            play: None,
            hover_move_square: None,
            balance: BalancePanel::default(),
        }
    }

    /// A desk on the bundled sample (or, were it unreadable, an empty plain board).
    #[must_use]
    pub fn sample(rules: Arc<Ruleset>) -> Self {
        let sample = load_scenario(&rules, FIRST_RUN_SAMPLE)
            .unwrap_or_else(|_| Scenario::new(&rules, 18, 12, rules.terrain_id("plain").unwrap_or(TerrainId(0)), 2));
        Self::new(rules, Document::new(sample))
    }

    /// A desk on a scenario file's text (or, for `import_name`, an AWBW map's).
    ///
    /// # Errors
    /// What is wrong and where.
    pub fn from_text(rules: Arc<Ruleset>, text: &str, import_name: Option<&str>) -> Result<Self, String> {
        let scenario = match import_name {
            Some(name) => import_awbw(&rules, text, name).map_err(|e| e.to_string())?.scenario,
            None => load_scenario(&rules, text).map_err(|e| e.to_string())?,
        };
        Ok(Self::new(rules, Document::new(scenario)))
    }

    /// A new scenario from the new-scenario form, in its file form.
    ///
    /// # Errors
    /// It cannot be written.
    pub fn new_scenario_text(rules: &Ruleset, form: &NewForm) -> Result<String, String> {
        let mut scenario = Scenario::new(rules, form.width, form.height, form.fill, form.players);
        scenario.tile_size = form.tile_size;
        if form.from_tiles {
            let tiles = builtin_tiles(rules).unwrap_or_default();
            crate::systems::swat::scenario::lay_out_tiles(&mut scenario, &tiles);
        }
        save_scenario(rules, &scenario)
    }

    /// The scenario in its file form.
    ///
    /// # Errors
    /// It cannot be written.
    pub fn text(&self) -> Result<String, String> {
        save_scenario(&self.editor.rules, &self.editor.doc.scenario)
    }

    /// Brings the findings up to date without making a frame wait (see [`LiveFindings`]).
    pub fn refresh_derived(&mut self, ctx: &Context, now: f64) {
        let (editor, revision) = (&self.editor, self.editor.doc.revision);
        self.findings.refresh(ctx, now, revision, editor.drag.is_some(), || {
            let (rules, scenario) = (Arc::clone(&editor.rules), editor.doc.scenario.clone());
            move || validate(&rules, &scenario)
        });
    }

    /// The statistics, computed when first needed for this revision.
    pub fn statistics(&mut self) -> &Statistics {
        let (rules, scenario) = (&self.editor.rules, &self.editor.doc.scenario);
        self.stats.get(self.editor.doc.revision, || statistics(rules, scenario))
    }

    /// The symmetry report for `symmetry`, computed once per document revision.
    ///
    /// # Errors
    /// The symmetry cannot hold on this board.
    pub fn asymmetries(&mut self, symmetry: Symmetry) -> Result<Vec<Asymmetry>, SymmetryError> {
        let revision = self.editor.doc.revision;
        match &self.asymmetries {
            Some((r, s, report)) if *r == revision && *s == symmetry => report.clone(),
            _ => {
                let report = symmetry_report(&self.editor.doc.scenario, symmetry);
                self.asymmetries = Some((revision, symmetry, report.clone()));
                report
            }
        }
    }

    /// Whether the scenario has errors (which would block a playtest).
    #[must_use]
    pub fn has_errors(&self) -> bool {
        has_errors(&self.findings.list)
    }

    /// The terrain colour of every square, row by row.
    #[must_use]
    pub fn miniature(&self) -> Vec<egui::Color32> {
        let s = &self.editor.doc.scenario;
        s.board
            .terrain
            .iter()
            .map(|t| self.editor.rules.terrains.get(t.index()).map_or(egui::Color32::GRAY, theme::terrain_color))
            .collect()
    }

    /// The scenario behind the seam, read with this desk's ruleset.
    #[must_use]
    pub fn open_scenario(&self) -> Box<dyn crate::game::OpenScenario> {
        crate::systems::swat::open_scenario(Arc::clone(&self.editor.rules), self.editor.doc.scenario.clone())
    }
}

/// Carries out a command that only a Skirmish Wars map has (selection, clipboard, tools,
/// brush sizes, the stamp, resize, replace-all) or that its desk does its own way (export,
/// playtest, new).
pub fn run_command(app: &mut StudioApp, command: UiCommand) {
    let hover = app.hover;
    match command {
        UiCommand::Export => app.export = Some(super::export_dialog::ExportDialog::default()),
        UiCommand::Playtest => {
            if app.desk.swat().is_some_and(|d| d.play.is_some()) {
                play::leave(app);
            } else {
                play::start(app);
            }
        }
        _ => {}
    }
    let Some(desk) = app.desk.swat_mut() else { return };
    let editor = &mut desk.editor;
    match command {
        UiCommand::New => {
            let plain = editor.rules.terrain_id("plain").unwrap_or(TerrainId(0));
            app.modal = Some(Modal::NewScenario(NewForm::swat(plain)));
        }
        UiCommand::Copy => editor.copy_selection(false),
        UiCommand::Cut => editor.copy_selection(true),
        UiCommand::Paste => editor.paste(hover),
        UiCommand::DeleteSelection => editor.clear_selection(),
        UiCommand::RotateSelection => editor.transform_selection("Rotate selection", SquareMap::Turn90),
        UiCommand::FlipSelectionX => editor.transform_selection("Flip selection", SquareMap::FlipX),
        UiCommand::FlipSelectionY => editor.transform_selection("Flip selection", SquareMap::FlipY),
        UiCommand::ReplaceAll => {
            let from = editor
                .selected
                .filter(|p| editor.doc.scenario.contains(*p))
                .map_or(TerrainId(0), |p| editor.doc.scenario.terrain_at(p));
            let to = match editor.paint {
                Paint::Terrain(t) => t,
                _ => TerrainId(0),
            };
            app.modal = Some(Modal::ReplaceAll(from, to));
        }
        UiCommand::Resize => app.modal = Some(Modal::Resize([0; 4])),
        UiCommand::UseTool(tool) => editor.tool = tool,
        UiCommand::BrushSize(size) => editor.brush_size = size,
        UiCommand::TurnStamp => editor.stamp_rotation = (editor.stamp_rotation + 1) % 4,
        _ => {}
    }
}

/// Whether a tool or brush-size command is in force.
#[must_use]
pub fn is_on(desk: &SwatDesk, command: UiCommand) -> bool {
    match command {
        UiCommand::UseTool(tool) => desk.editor.tool == tool,
        UiCommand::BrushSize(size) => desk.editor.brush_size == size,
        _ => false,
    }
}

/// Draws the window for a Skirmish Wars document: the editor, or the playtest under way.
pub fn build_frame(app: &mut StudioApp, ui: &mut Ui) {
    let ctx = ui.ctx().clone();
    let now = ctx.input(|i| i.time);
    if let Some(desk) = app.desk.swat_mut() {
        desk.editor.overrule = ctx.input(|i| i.modifiers.alt);
    }
    if app.desk.swat().is_some_and(|d| d.play.is_some()) {
        play::advance(app);
        egui::Panel::top("play-toolbar").show(ui, |ui| play::toolbar(app, ui));
        egui::Panel::bottom("status").show(ui, |ui| panels::status_bar(app, ui));
        egui::Panel::left("players").resizable(true).default_size(250.0).show(ui, |ui| play::players_panel(app, ui));
        egui::Panel::right("play-side").resizable(true).default_size(320.0).show(ui, |ui| play::side_panel(app, ui));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(theme::CANVAS_BACKGROUND))
            .show(ui, |ui| play::canvas(app, ui));
        play::handoff(app, &ctx);
        return;
    }
    egui::Panel::top("toolbar").show(ui, |ui| panels::toolbar(app, ui));
    egui::Panel::bottom("status").show(ui, |ui| panels::status_bar(app, ui));
    egui::Panel::left("paint-box").resizable(true).default_size(210.0).show(ui, |ui| panels::paint_box(app, ui));
    egui::Panel::right("side").resizable(true).default_size(320.0).show(ui, |ui| panels::side_panels(app, ui));
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(theme::CANVAS_BACKGROUND))
        .show(ui, |ui| canvas::canvas(app, ui));
    if let Some(desk) = app.desk.swat_mut() {
        desk.refresh_derived(&ctx, now);
    }
}

/// The Resize and Replace-all dialogs, which only Skirmish Wars maps have; returns the dialog
/// to show next frame, if it stays open.
pub fn swat_modal(app: &mut StudioApp, ui: &mut Ui, modal: Modal) -> (bool, Option<Modal>) {
    let Some(desk) = app.desk.swat_mut() else { return (true, None) };
    let mut close = false;
    let mut next = None;
    match modal {
        Modal::Resize(mut sides) => {
            ui.heading("Resize board");
            let board = &desk.editor.doc.scenario.board;
            ui.label(format!(
                "Now {} x {}. Add squares on each side (negative numbers remove).",
                board.width, board.height
            ));
            egui::Grid::new("resize-form").show(ui, |ui| {
                for (i, name) in ["Left", "Top", "Right", "Bottom"].iter().enumerate() {
                    let label = ui.label(*name);
                    ui.add(egui::DragValue::new(&mut sides[i]).range(-199..=199)).labelled_by(label.id);
                    ui.end_row();
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Resize").clicked() {
                    close = true;
                    let fill = desk.editor.rules.terrain_id("plain").unwrap_or(TerrainId(0));
                    match crate::systems::swat::editing::resized(
                        &desk.editor.doc.scenario,
                        sides[0],
                        sides[1],
                        sides[2],
                        sides[3],
                        fill,
                    ) {
                        Some(scenario) => {
                            desk.editor.doc.replace("Resize board", scenario);
                            app.view.fit = true;
                        }
                        None => {
                            next = Some(Modal::Message(
                                "Each side of the board must stay between 1 and 200 squares.".into(),
                            ))
                        }
                    }
                } else if ui.button("Cancel").clicked() {
                    close = true;
                } else {
                    next = Some(Modal::Resize(sides));
                }
            });
        }
        Modal::ReplaceAll(mut from, mut to) => {
            ui.heading("Replace terrain");
            egui::Grid::new("replace-form").show(ui, |ui| {
                ui.label("Replace every");
                terrain_combo(&desk.editor.rules, ui, "replace-from", &mut from);
                ui.end_row();
                ui.label("with");
                terrain_combo(&desk.editor.rules, ui, "replace-to", &mut to);
                ui.end_row();
            });
            ui.horizontal(|ui| {
                if ui.button("Replace all").clicked() {
                    close = true;
                    desk.editor.replace_all(from, to);
                } else if ui.button("Cancel").clicked() {
                    close = true;
                } else {
                    next = Some(Modal::ReplaceAll(from, to));
                }
            });
        }
        other => next = Some(other),
    }
    (close, next)
}

/// A combo box of the ruleset's terrains.
pub fn terrain_combo(rules: &Ruleset, ui: &mut Ui, id: &str, value: &mut TerrainId) {
    let name = rules.terrains.get(value.index()).map_or("?", |t| t.name.as_str());
    egui::ComboBox::from_id_salt(id).selected_text(name).show_ui(ui, |ui| {
        for (index, terrain) in rules.terrains.iter().enumerate() {
            ui.selectable_value(value, TerrainId(u8::try_from(index).unwrap_or(0)), &terrain.name);
        }
    });
}

/// One event as a line of the playtest's log.
#[must_use]
pub fn event_line(rules: &Ruleset, event: &crate::systems::swat::rules::Event) -> String {
    crate::systems::swat::playtest::describe_event(rules, event).trim().to_owned()
}
