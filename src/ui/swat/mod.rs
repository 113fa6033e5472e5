//! The window for a Skirmish Wars scenario: its desk (the editor with the rules and tile
//! library, validation, statistics, the symmetry report and the playtest) behind the shell's
//! [`Desk`] trait, its commands and new-scenario form, and the screens that draw it: the map
//! canvas, the panels, the playtest and the theme.

mod canvas;
mod commands;
mod dialogs;
mod panels;
mod play;
mod theme;

pub use commands::{brush_command, tool_command};

pub use play::PlayState;

pub use crate::systems::swat::editing::{BRUSH_SIZES, Tool};
pub use crate::systems::swat::rules::Ruleset as Rules;
pub use crate::systems::swat::scenario::SYSTEM_ID;

use super::desk::{Desk, DeskContext, DeskDefinition, DeskParts, Miniature};
use super::live::{LiveFindings, PerRevision};
use super::shell::NewScenarioForm;
use crate::board::{Pos, Symmetry, TerrainId};
use crate::game::load_ruleset;
use crate::systems::swat::editing::{Document, Editor};
use crate::systems::swat::rules::Ruleset;
use crate::systems::swat::scenario::{
    Asymmetry, Finding, Scenario, Statistics, SymmetryError, builtin_tiles, import_awbw, load_scenario, statistics,
    symmetry_report,
};
use egui::Ui;
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
    /// The square under the pointer.
    pub hover: Option<Pos>,
    /// The dialog of its own that is open (resize, replace terrain).
    pub dialog: Option<SwatDialog>,
}

/// A dialog only Skirmish Wars maps have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SwatDialog {
    /// Squares to add on the left, top, right and bottom (negative removes).
    Resize([i32; 4]),
    /// Replace all of one terrain by another.
    ReplaceAll(TerrainId, TerrainId),
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
            hover: None,
            dialog: None,
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
}

crate::desk_parts!(SwatDesk, crate::systems::swat::Swat, crate::systems::swat::editing::Edits);

impl Desk for SwatDesk {
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
        let s = &self.editor.doc.scenario;
        Miniature {
            width: s.board.width,
            height: s.board.height,
            tile: s.tile_size,
            units: "squares",
            colours: SwatDesk::miniature(self),
            lines: Vec::new(),
        }
    }

    fn seats(&self) -> Vec<(String, egui::Color32)> {
        let scenario = &self.editor.doc.scenario;
        scenario.seat_names().into_iter().zip(scenario.players.iter().map(|p| theme::army_color(p.army))).collect()
    }

    fn has_extra_counters(&self) -> bool {
        true
    }

    fn frame(&mut self, cx: &mut DeskContext<'_>, ui: &mut Ui) {
        build_frame(self, cx, ui);
    }

    fn dialog(&mut self, cx: &mut DeskContext<'_>, ui: &mut Ui) -> bool {
        let Some(dialog) = self.dialog else { return false };
        let next = dialogs::swat_dialog(self, cx, ui, dialog);
        self.dialog = next;
        next.is_some()
    }
}

/// Makes Skirmish Wars desks: the window's registry lists it.
pub struct SwatGame;

impl DeskDefinition for SwatGame {
    type Game = crate::systems::swat::Swat;
    const SAMPLE: &'static str = FIRST_RUN_SAMPLE;
    /// Advance Wars By Web maps: a terrain CSV or a JSON map document.
    const IMPORT_EXTENSIONS: &'static [&'static str] = &["json", "csv", "txt"];

    fn desk(rules: Arc<Ruleset>, text: &str, import: Option<&str>) -> Result<Box<dyn Desk>, String> {
        Ok(Box::new(SwatDesk::from_text(rules, text, import)?))
    }

    fn new_form(ruleset: Option<&str>) -> Box<dyn NewScenarioForm> {
        let rules = load_ruleset::<crate::systems::swat::Swat>(ruleset).ok();
        let fill = rules.as_ref().and_then(|r| r.terrain_id("plain")).unwrap_or(TerrainId(0));
        Box::new(dialogs::SwatNewForm {
            rules,
            width: 24,
            height: 18,
            players: 2,
            tile_size: 6,
            fill,
            from_tiles: false,
        })
    }
}

/// Draws the window for a Skirmish Wars document: the editor, or the playtest under way.
fn build_frame(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let ctx = ui.ctx().clone();
    let now = ctx.input(|i| i.time);
    desk.editor.overrule = ctx.input(|i| i.modifiers.alt);
    if desk.play.is_some() {
        play::advance(desk);
        // The computer plans on a worker: look again soon for its moves.
        if desk.play.as_ref().is_some_and(|p| p.session.thinking.is_some()) {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        egui::Panel::top("play-toolbar").show(ui, |ui| play::toolbar(desk, cx, ui));
        egui::Panel::bottom("status").show(ui, |ui| panels::status_bar(desk, cx, ui));
        super::dock::tool_column(cx, ui, "players", 250.0, |_, ui| play::players_panel(desk, ui));
        super::dock::side_column(cx, ui, "play-side", 320.0, |_, ui| play::side_panel(desk, ui));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(theme::CANVAS_BACKGROUND))
            .show(ui, |ui| play::canvas(desk, cx, ui));
        play::handoff(desk, &ctx);
        return;
    }
    egui::Panel::top("toolbar").show(ui, |ui| panels::toolbar(desk, cx, ui));
    egui::Panel::bottom("status").show(ui, |ui| panels::status_bar(desk, cx, ui));
    super::dock::tool_column(cx, ui, "paint-box", 210.0, |_, ui| panels::paint_box(desk, ui));
    super::dock::side_column(cx, ui, "side", 320.0, |cx, ui| panels::side_panels(desk, cx, ui));
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(theme::CANVAS_BACKGROUND))
        .show(ui, |ui| canvas::canvas(desk, cx, ui));
    desk.refresh_findings(&ctx, now);
}
