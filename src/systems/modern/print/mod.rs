//! Modern Skirmish's print at true scale, as one page-job list ([`PrintJobs`]) that the PDF and
//! the PNG share: the table (drawn in `draw.rs`; its poster, assembly page and PNG are the
//! shared print's) and the pages only it prints, in `sheets.rs`: the setup map, unit rosters,
//! the fire chart and close-combat reference, and range strips with movement sticks.

mod draw;
mod sheets;

pub use self::draw::{BAND_COLOURS, CLOTH, Frame, SIDE_COLOURS, draw_base, draw_table, draw_terrain, piece_labels};
use self::sheets::{ROSTERS_PER_PAGE, reference_page, rosters_page, setup_page, strips_page, whole_cm};
use super::ruleset::{Ruleset, UNIT};
use super::scenario::ModernScenario;
use crate::export::{BoardFrame, ExportOptions, PrintJobs, Sheet, Sketch, table_region};

/// The sheets, in print order.
pub const SHEETS: [Sheet; 5] = [
    Sheet { id: "table", label: "Table poster and assembly page" },
    Sheet { id: "setup", label: "Setup map (positions from the edges)" },
    Sheet { id: "rosters", label: "Unit rosters with morale tracks" },
    Sheet { id: "reference", label: "Fire chart and close-combat table" },
    Sheet { id: "strips", label: "Range strips (0-60 cm) and movement sticks" },
];

/// Modern Skirmish's print of one scenario: the table poster and the pages only it prints.
pub struct ModernPrint<'a> {
    /// The ruleset it prints by.
    pub rules: &'a Ruleset,
    /// The scenario printed.
    pub scenario: &'a ModernScenario,
}

/// A page only Modern Skirmish prints.
pub enum ModernPage {
    /// The one-page setup map.
    Setup,
    /// A page of rosters (the units' places in the scenario).
    Rosters(Vec<usize>),
    /// The fire chart and close-combat table.
    Reference,
    /// Range strips and movement sticks.
    Strips,
}

impl PrintJobs for ModernPrint<'_> {
    type Page = ModernPage;
    const BOARD_SHEET: &'static str = "table";
    const BOARD_NAME: &'static str = "Table";
    const BOARD_UNITS: &'static str = "centimetres";
    const OPEN_TABLE: bool = true;

    fn name(&self) -> &str {
        &self.scenario.name
    }

    /// The table's size in whole centimetres, rounded up (the poster shares it at tenths).
    fn board_units(&self) -> (u16, u16) {
        (whole_cm(self.scenario.table.width), whole_cm(self.scenario.table.depth))
    }

    fn draw_board(&self, sk: &mut dyn Sketch, frame: BoardFrame, xs: (u16, u16), ys: (u16, u16), full: bool) {
        table_region(sk, frame, (xs, ys), UNIT.um(), &mut |sk, table| {
            draw_table(sk, self.rules, self.scenario, table, full);
        });
    }

    fn own_pages(&self, options: &ExportOptions) -> Result<Vec<ModernPage>, String> {
        let mut pages = Vec::new();
        if options.sheets.has("setup") {
            pages.push(ModernPage::Setup);
        }
        if options.sheets.has("rosters") {
            let units: Vec<usize> = (0..self.scenario.units.len()).collect();
            pages.extend(units.chunks(ROSTERS_PER_PAGE).map(|c| ModernPage::Rosters(c.to_vec())));
        }
        if options.sheets.has("reference") {
            pages.push(ModernPage::Reference);
        }
        if options.sheets.has("strips") {
            pages.push(ModernPage::Strips);
        }
        Ok(pages)
    }

    fn draw_page(&self, sk: &mut dyn Sketch, options: &ExportOptions, page: &ModernPage) {
        let (rules, scenario) = (self.rules, self.scenario);
        match page {
            ModernPage::Setup => setup_page(sk, rules, scenario, options),
            ModernPage::Rosters(units) => rosters_page(sk, rules, scenario, options, units),
            ModernPage::Reference => reference_page(sk, rules, options),
            ModernPage::Strips => strips_page(sk, rules, options),
        }
    }

    fn board_orientation(&self) -> Option<String> {
        Some("The Antagonist's edge is at the top of the table; R1C1 is the top-left page.".to_owned())
    }
}
