//! Armored Advance's print at true scale, as one page-job list ([`PrintJobs`]) that the PDF
//! and the PNG share: the table (drawn in `draw.rs`; its poster, assembly page and PNG are the
//! shared print's) and the pages only it prints, in `sheets.rs`: a setup map measured from the
//! table edges, footprint templates, 63 x 88 mm unit cards, range rulers coloured by the hit
//! roll, arc gauges and a quick reference.

pub mod draw;
mod sheets;

use super::ruleset::Ruleset;
use super::scenario::ArmoredScenario;
use crate::export::{BoardFrame, ExportOptions, PrintJobs, Sheet, Sketch, table_region};
use draw::draw_table;

/// The sheets, in print order.
pub const SHEETS: [Sheet; 6] = [
    Sheet { id: "table", label: "Table poster and assembly page" },
    Sheet { id: "setup", label: "Setup map (positions and angles from the edges)" },
    Sheet { id: "templates", label: "Footprint templates" },
    Sheet { id: "cards", label: "Unit cards (63 x 88 mm)" },
    Sheet { id: "rulers", label: "Range rulers and arc gauges" },
    Sheet { id: "reference", label: "Quick reference" },
];

/// Armored Advance's print of one scenario: the table poster and the pages only it prints.
pub struct ArmoredPrint<'a> {
    /// The ruleset it prints by.
    pub rules: &'a Ruleset,
    /// The scenario printed.
    pub scenario: &'a ArmoredScenario,
}

/// A page only Armored Advance prints.
pub enum ArmoredPage {
    /// The one-page setup map.
    Setup,
    /// A page of footprint templates.
    Template(sheets::TemplatePage),
    /// A page of unit cards (the units' places in the scenario).
    Cards(Vec<usize>),
    /// Range rulers.
    Rulers,
    /// Arc gauges.
    Gauges,
    /// The quick reference.
    Reference,
}

impl PrintJobs for ArmoredPrint<'_> {
    type Page = ArmoredPage;
    const BOARD_SHEET: &'static str = "table";
    const BOARD_NAME: &'static str = "Table";
    const BOARD_UNITS: &'static str = "inches";
    const OPEN_TABLE: bool = true;

    fn name(&self) -> &str {
        &self.scenario.name
    }

    /// The table's size in whole units, rounded up (the poster shares it between pages at tenths).
    fn board_units(&self) -> (u16, u16) {
        let unit = self.rules.unit.um();
        let whole = |um: i64| u16::try_from((um + unit - 1) / unit).unwrap_or(u16::MAX);
        (whole(self.scenario.table.width), whole(self.scenario.table.depth))
    }

    fn draw_board(&self, sk: &mut dyn Sketch, frame: BoardFrame, xs: (u16, u16), ys: (u16, u16), full: bool) {
        table_region(sk, frame, (xs, ys), self.rules.unit.um(), &mut |sk, table| {
            draw_table(sk, self.rules, self.scenario, table, full);
        });
    }

    fn own_pages(&self, options: &ExportOptions) -> Result<Vec<ArmoredPage>, String> {
        let mut pages = Vec::new();
        if options.sheets.has("setup") {
            pages.push(ArmoredPage::Setup);
        }
        if options.sheets.has("templates") {
            pages.extend(
                sheets::template_pages(self.rules, self.scenario, options).into_iter().map(ArmoredPage::Template),
            );
        }
        if options.sheets.has("cards") {
            let per_page = sheets::cards_per_page(options)?;
            let units: Vec<usize> = (0..self.scenario.table.units.len()).collect();
            pages.extend(units.chunks(per_page).map(|c| ArmoredPage::Cards(c.to_vec())));
        }
        if options.sheets.has("rulers") {
            pages.push(ArmoredPage::Rulers);
            pages.push(ArmoredPage::Gauges);
        }
        if options.sheets.has("reference") {
            pages.push(ArmoredPage::Reference);
        }
        Ok(pages)
    }

    fn draw_page(&self, sk: &mut dyn Sketch, options: &ExportOptions, page: &ArmoredPage) {
        let (rules, scenario) = (self.rules, self.scenario);
        match page {
            ArmoredPage::Setup => sheets::setup_page(sk, rules, scenario, options),
            ArmoredPage::Template(page) => sheets::template_page(sk, rules, options, page),
            ArmoredPage::Cards(units) => sheets::cards_page(sk, rules, scenario, options, units),
            ArmoredPage::Rulers => sheets::rulers_page(sk, rules, options),
            ArmoredPage::Gauges => sheets::gauges_page(sk, options),
            ArmoredPage::Reference => sheets::reference_page(sk, rules, scenario, options),
        }
    }

    fn board_orientation(&self) -> Option<String> {
        Some("Side 2's edge is at the top of the table; R1C1 is the top-left page.".to_owned())
    }
}
