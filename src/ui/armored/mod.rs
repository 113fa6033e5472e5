//! The window for an Armored Advance table behind the shell's [`Desk`] trait: a view in
//! inches with rulers, pan and zoom; the terrain library and the force builder; pieces,
//! zones, objectives and units placed, moved, turned (handle, 15-degree snap, Shift for free),
//! resized, duplicated and deleted with a live symmetric echo; a measure tool and a sight line;
//! live findings with their fixes; undo per gesture. The editing itself lives in
//! `systems::armored::editing`; this module draws it and turns pointer input into gestures.

mod canvas;
mod commands;
mod panels;
mod play;

pub use commands::tool_command;

pub use play::{PlayDesk, PlayDrag};

use super::desk::{Desk, DeskContext, DeskDefinition, DeskParts, Miniature, SizeForm};
use super::live::{LiveFindings, PerRevision};
use super::open_table::{echo_of, grid_symmetry};
use super::shell::NewScenarioForm;
use crate::board::Symmetry;
use crate::systems::armored::editing::{Document, Editor};
use crate::systems::armored::ruleset::Ruleset;
use crate::systems::armored::scenario::{
    ArmoredScenario, Finding, Statistics, load_scenario, new_scenario, save_scenario, statistics,
};
use crate::table::Scene;
use egui::Ui;
use std::sync::Arc;

/// The Armored Advance document open in the window and what the window derives from it.
pub struct ArmoredDesk {
    /// The document and the editing state around it.
    pub editor: Editor,
    /// The validator's findings and the revision they belong to.
    pub findings: LiveFindings<Finding>,
    /// The designer's numbers, once per revision.
    pub stats: PerRevision<Statistics>,
    /// The pieces as sight sees them, once per revision.
    pub scene: PerRevision<Scene>,
    /// The table point under the pointer (micrometres).
    pub hover: Option<(i64, i64)>,
    /// The playtest under way, if any; the document is not touched by it.
    pub play: Option<PlayDesk>,
}

impl ArmoredDesk {
    /// The table in whole units (inches), one unit a "square" of the print preview.
    #[must_use]
    pub fn print_size(&self) -> (u16, u16) {
        let unit = self.editor.rules.unit.um();
        let whole = |um: i64| u16::try_from((um + unit - 1) / unit).unwrap_or(u16::MAX);
        (whole(self.scenario().table.width), whole(self.scenario().table.depth))
    }

    /// A desk on `doc` with `rules`.
    #[must_use]
    pub fn with_rules(rules: Arc<Ruleset>, doc: Document) -> Self {
        Self {
            editor: Editor::new(rules, doc),
            findings: LiveFindings::default(),
            stats: PerRevision::default(),
            scene: PerRevision::default(),
            hover: None,
            play: None,
        }
    }

    /// The designer's numbers for this revision.
    pub fn statistics(&mut self) -> &Statistics {
        let (rules, scenario) = (&self.editor.rules, &self.editor.doc.scenario);
        self.stats.get(self.editor.doc.revision, || statistics(rules, scenario))
    }

    /// The scenario.
    #[must_use]
    pub fn scenario(&self) -> &ArmoredScenario {
        &self.editor.doc.scenario
    }
}

crate::desk_parts!(ArmoredDesk, crate::systems::armored::ArmoredAdvance, crate::editing::Snapshot<ArmoredScenario>);

impl Desk for ArmoredDesk {
    fn art_kind_under_pointer(&self) -> Option<String> {
        canvas::art_kind_under_pointer(self)
    }

    fn symmetry(&self) -> Option<Symmetry> {
        self.editor.echo.map(grid_symmetry)
    }

    fn set_symmetry(&mut self, symmetry: Option<Symmetry>) -> Result<(), String> {
        self.editor.echo = echo_of(symmetry)?;
        Ok(())
    }

    fn print_preview(&self) -> Miniature {
        Miniature::of_table(self.print_size(), self.editor.rules.unit.name(), canvas::miniature(self))
    }

    /// The scenario's sides.
    fn seats(&self) -> Vec<(String, egui::Color32)> {
        self.scenario().sides.iter().cloned().zip(canvas::SIDE_COLOURS).collect()
    }

    /// The heatmap's places are the centres of the cells where units were destroyed, in
    /// micrometres; the table is drawn in inches.
    fn place_board_rect(&self, place: crate::game::Place) -> ((f32, f32), f32) {
        match place {
            crate::game::Place::Point(x, y) => {
                let inch = crate::table::UM_PER_INCH as f32;
                let cell = crate::systems::armored::game::HEAT_CELL_INCHES;
                ((x as f32 / inch - cell / 2.0, y as f32 / inch - cell / 2.0), cell)
            }
            other => other.board_rect(),
        }
    }

    fn frame(&mut self, cx: &mut DeskContext<'_>, ui: &mut Ui) {
        let (ctx, now) = (ui.ctx().clone(), ui.input(|i| i.time));
        self.refresh_findings(&ctx, now);
        if self.play.is_some() {
            play::frame(self, cx, ui);
            return;
        }
        egui::Panel::top("armored-toolbar").show(ui, |ui| panels::toolbar(self, cx, ui));
        egui::Panel::bottom("status").show(ui, |ui| panels::status_bar(self, cx, ui));
        super::dock::tool_column(cx, ui, "armored-library", 240.0, |_, ui| panels::library(self, ui));
        super::dock::side_column(cx, ui, "armored-side", 360.0, |_, ui| panels::side(self, ui));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(super::style::CANVAS_BACKGROUND))
            .show(ui, |ui| canvas::canvas(self, cx, ui));
    }
}

/// Makes Armored Advance desks: the window's registry lists it.
pub struct ArmoredGame;

impl DeskDefinition for ArmoredGame {
    type Game = crate::systems::armored::ArmoredAdvance;
    const SAMPLE: &'static str = include_str!("../../../scenarios/aa-hedgerow-crossing.ron");

    fn desk(rules: Arc<Ruleset>, text: &str, _import: Option<&str>) -> Result<Box<dyn Desk>, String> {
        let scenario = load_scenario(&rules, text).map_err(|e| e.to_string())?;
        Ok(Box::new(ArmoredDesk::with_rules(rules, Document::new(scenario))))
    }

    fn new_form(ruleset: Option<&str>) -> Box<dyn NewScenarioForm> {
        Box::new(SizeForm::<Self::Game> {
            about: "An open table measured in inches: Annihilation at 6 actions and 400 requisition, a deployment \
                    zone 12\" deep along each long edge, mirrored top to bottom. The rules recommend at least 24\" x 36\".",
            labels: ["Width (inches)", "Depth (inches)"],
            bounds: (12, 240),
            size: [48, 48],
            ruleset: ruleset.map(str::to_owned),
            make: |rules, width, depth| save_scenario(rules, &new_scenario(rules, width, depth)),
        })
    }
}
