//! The window for a Skirm scenario behind the shell's [`Desk`] trait: the same frame as every
//! game (menu, toolbar, palette, map, side panels, status bar) with Skirm's own layers, tools,
//! squad builder, overlays and playtest, its commands and its new-scenario form. The editing itself lives in `systems::skirm::editing`; this module only draws it
//! and turns pointer input into grid gestures.

mod canvas;
mod commands;
mod grid_tools;
mod panels;
mod play;

pub use commands::tool_command;

pub use crate::systems::skirm::SkirmPlay;
pub use crate::systems::skirm::editing::SkirmTool;
pub use crate::systems::skirm::scenario::{MAX_SIDE, SYSTEM_ID};

use super::desk::{
    Desk, DeskContext, DeskDefinition, DeskParts, Miniature, SizeForm, path_unused, saved_game_path_chosen,
};
use super::live::{LiveFindings, PerRevision};
use super::shell::NewScenarioForm;
use crate::board::{Pos, Symmetry};
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

    /// The designer's numbers, worked out once per revision.
    pub fn statistics(&mut self) -> &Statistics {
        let (rules, scenario) = (&self.editor.rules, &self.editor.doc.scenario);
        self.stats.get(self.editor.doc.revision, || statistics(rules, scenario))
    }

    /// A colour per square, row by row: open ground light, difficult green, impassable dark,
    /// raised ground darker.
    #[must_use]
    pub fn miniature(&self) -> Vec<egui::Color32> {
        use crate::systems::skirm::rules::Movement;
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
}

/// The board's walls (near black) and doors (brown) as lines along the grid, for the miniature.
fn walls_and_doors(board: &crate::board::Board) -> Vec<crate::ui::miniature::GridLine> {
    use crate::board::EdgeAxis;
    board
        .edges
        .iter()
        .filter_map(|(edge, feature)| {
            let colour = if feature.door.is_some() {
                egui::Color32::from_rgb(150, 96, 40)
            } else {
                feature.wall.map(|_| egui::Color32::from_rgb(30, 28, 26))?
            };
            let to = match edge.axis {
                EdgeAxis::Horizontal => (edge.x + 1, edge.y),
                EdgeAxis::Vertical => (edge.x, edge.y + 1),
            };
            Some(((edge.x, edge.y), to, colour))
        })
        .collect()
}

crate::desk_parts!(SkirmDesk, crate::systems::skirm::Skirm, crate::editing::Snapshot<SkirmScenario>);

impl Desk for SkirmDesk {
    fn art_kind_under_pointer(&self) -> Option<String> {
        canvas::art_kind_under_pointer(self)
    }

    fn symmetry(&self) -> Option<Symmetry> {
        self.editor.symmetry
    }

    fn set_symmetry(&mut self, symmetry: Option<Symmetry>) -> Result<(), String> {
        self.editor.set_symmetry(symmetry);
        Ok(())
    }

    fn print_preview(&self) -> Miniature {
        let board = &self.editor.doc.scenario.board;
        Miniature {
            width: board.width,
            height: board.height,
            tile: 1,
            units: "squares",
            colours: SkirmDesk::miniature(self),
            lines: walls_and_doors(board),
        }
    }

    /// The squads, by the names the scenario gives them.
    fn seats(&self) -> Vec<(String, egui::Color32)> {
        let squads = &self.editor.doc.scenario.squads;
        (0..2)
            .map(|seat| squads.get(seat).map_or_else(|| format!("Squad {}", seat + 1), |s| s.name.clone()))
            .zip(canvas::SQUAD_COLOURS)
            .collect()
    }

    /// A saved game's path, a squad file's or a stamp file's.
    fn path_chosen(&mut self, cx: &mut DeskContext<'_>, id: u16, index: usize, path: &std::path::Path) {
        if !saved_game_path_chosen(self, cx, id, path) && !panels::path_chosen(self, cx, id, index, path) {
            path_unused(cx, path);
        }
    }

    fn frame(&mut self, cx: &mut DeskContext<'_>, ui: &mut Ui) {
        build_frame(self, cx, ui);
    }
}

/// Makes Skirm desks: the window's registry lists it.
pub struct SkirmGame;

impl DeskDefinition for SkirmGame {
    type Game = crate::systems::skirm::Skirm;
    const SAMPLE: &'static str = include_str!("../../../scenarios/skirm-ruined-crossing.ron");

    fn desk(rules: Arc<Ruleset>, text: &str, _import: Option<&str>) -> Result<Box<dyn Desk>, String> {
        let scenario: SkirmScenario = load_scenario(&rules, text).map_err(|e| e.to_string())?;
        Ok(Box::new(SkirmDesk::with_rules(rules, Document::new(scenario))))
    }

    fn new_form(ruleset: Option<&str>) -> Box<dyn NewScenarioForm> {
        Box::new(SizeForm::<Self::Game> {
            about: "A battle map of 40 mm squares: open ground, the first mission, two rows of deployment zone at \
                    each end and two empty squads to build.",
            labels: ["Width", "Height"],
            bounds: (4, u32::from(MAX_SIDE)),
            size: [12, 12],
            ruleset: ruleset.map(str::to_owned),
            make: |rules, width, height| {
                let (width, height) = (u16::try_from(width), u16::try_from(height));
                let (Ok(width), Ok(height)) = (width, height) else { return Err("the map is too large".to_owned()) };
                save_scenario(rules, &crate::systems::skirm::editing::new_scenario(rules, width, height))
            },
        })
    }
}

/// Draws the window for a Skirm document.
fn build_frame(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let (ctx, now) = (ui.ctx().clone(), ui.input(|i| i.time));
    desk.refresh_findings(&ctx, now);
    if desk.play.is_some() {
        play::frame(desk, cx, ui);
        return;
    }
    egui::Panel::top("skirm-toolbar").show(ui, |ui| panels::toolbar(desk, cx, ui));
    egui::Panel::bottom("status").show(ui, |ui| panels::status_bar(desk, cx, ui));
    super::dock::tool_column(cx, ui, "skirm-palette", 210.0, |cx, ui| panels::palette(desk, cx, ui));
    super::dock::side_column(cx, ui, "skirm-side", 340.0, |cx, ui| panels::side(desk, cx, ui));
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(super::style::CANVAS_BACKGROUND))
        .show(ui, |ui| canvas::canvas(desk, cx, ui));
}
