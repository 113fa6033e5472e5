//! The window for a Modern Skirmish table behind the shell's [`Desk`] trait: a view in
//! centimetres with pan and zoom; the terrain library (buildings with an inside, woods, low
//! walls) and the forces placed as figures in formation; pieces and units dragged, turned,
//! resized and deleted with a symmetric echo of the terrain; a measure tool; the house readings;
//! live findings with their fixes; the exact kill chances; and the playtest.

mod commands;
mod edit;
mod play;

use super::desk::{Desk, DeskContext, DeskDefinition, DeskParts, Miniature, SizeForm};
use super::live::{LiveFindings, PerRevision};
use super::open_table::{echo_of, grid_symmetry};
use super::shell::NewScenarioForm;
use crate::board::Symmetry;
use crate::systems::modern::editing::{Document, Editor};
use crate::systems::modern::ruleset::Ruleset;
use crate::systems::modern::scenario::{
    Finding, ModernScenario, Statistics, load_scenario, new_scenario, save_scenario, statistics,
};
use egui::{Color32, Ui};
use std::sync::Arc;

pub use play::PlayDesk;

/// The sides' colours on screen.
pub const SIDE_COLOURS: [Color32; 2] = [Color32::from_rgb(52, 90, 160), Color32::from_rgb(165, 62, 44)];

/// The Modern Skirmish document open in the window and what the window derives from it.
pub struct ModernDesk {
    /// The document and the editing state around it.
    pub editor: Editor,
    /// The validator's findings and the revision they belong to.
    pub findings: LiveFindings<Finding>,
    /// The designer's numbers, once per revision.
    pub stats: PerRevision<Statistics>,
    /// The table point under the pointer (micrometres).
    pub hover: Option<(i64, i64)>,
    /// The playtest under way, if any; the document is not touched by it.
    pub play: Option<PlayDesk>,
}

impl ModernDesk {
    /// The table in whole centimetres, one a "square" of the print preview.
    #[must_use]
    pub fn print_size(&self) -> (u16, u16) {
        let unit = crate::table::UM_PER_CM;
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
            hover: None,
            play: None,
        }
    }

    /// The scenario.
    #[must_use]
    pub fn scenario(&self) -> &ModernScenario {
        &self.editor.doc.scenario
    }

    /// The designer's numbers for this revision.
    pub fn statistics(&mut self) -> &Statistics {
        let (rules, scenario) = (&self.editor.rules, &self.editor.doc.scenario);
        self.stats.get(self.editor.doc.revision, || statistics(rules, scenario))
    }
}

crate::desk_parts!(ModernDesk, crate::systems::modern::ModernSkirmish, crate::editing::Snapshot<ModernScenario>);

impl Desk for ModernDesk {
    fn art_kind_under_pointer(&self) -> Option<String> {
        edit::art_kind_under_pointer(self)
    }

    fn symmetry(&self) -> Option<Symmetry> {
        self.editor.echo.map(grid_symmetry)
    }

    fn set_symmetry(&mut self, symmetry: Option<Symmetry>) -> Result<(), String> {
        self.editor.echo = echo_of(symmetry)?;
        Ok(())
    }

    /// The table in whole centimetres, one a "square" of the print preview.
    fn print_preview(&self) -> Miniature {
        Miniature::of_table(self.print_size(), crate::table::LengthUnit::Centimetre.name(), edit::miniature(self))
    }

    /// The balance lab's seats are the text's sides.
    fn seats(&self) -> Vec<(String, Color32)> {
        self.editor.rules.sides.iter().cloned().zip(SIDE_COLOURS).collect()
    }

    /// The heatmap's places are the centres of the cells where figures fell, in micrometres;
    /// the table is drawn in centimetres.
    fn place_board_rect(&self, place: crate::game::Place) -> ((f32, f32), f32) {
        match place {
            crate::game::Place::Point(x, y) => {
                let unit = crate::table::UM_PER_CM as f32;
                let cell = crate::systems::modern::game::HEAT_CELL_CM;
                ((x as f32 / unit - cell / 2.0, y as f32 / unit - cell / 2.0), cell)
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
        edit::frame(self, cx, ui);
    }
}

/// Makes Modern Skirmish desks: the window's registry lists it.
pub struct ModernGame;

impl DeskDefinition for ModernGame {
    type Game = crate::systems::modern::ModernSkirmish;
    const SAMPLE: &'static str = include_str!("../../../scenarios/ms-town.ron");

    fn desk(rules: Arc<Ruleset>, text: &str, _import: Option<&str>) -> Result<Box<dyn Desk>, String> {
        let scenario = load_scenario(&rules, text).map_err(|e| e.to_string())?;
        Ok(Box::new(ModernDesk::with_rules(rules, Document::new(scenario))))
    }

    fn new_form(ruleset: Option<&str>) -> Box<dyn NewScenarioForm> {
        Box::new(SizeForm::<Self::Game> {
            about: "An open table measured in centimetres with the text's forces in formation: the Affiliation's two \
                    units of six Legionaries and one of six Auxiliaries along the bottom edge, the Antagonist's two \
                    units of nine Soldiers and one of nine Confederates along the top, each in a 15 cm deployment \
                    zone, mirrored top to bottom. The text gives no size; 120 x 90 cm suits its 60 cm fire chart.",
            labels: ["Width (cm)", "Depth (cm)"],
            bounds: (60, 600),
            size: [120, 90],
            ruleset: ruleset.map(str::to_owned),
            make: |rules, width, depth| save_scenario(&new_scenario(rules, width, depth)),
        })
    }
}
