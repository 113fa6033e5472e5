//! Skirmish Wars' print: the board poster at true square size (cut on tile boundaries), the
//! library tiles it was built from, counters, markers and the setup sheet as a PDF, and the
//! board as a PNG, both from one page-job list ([`PrintJobs`]) and drawn through `Sketch`.

mod draw;
mod sheets;

use self::draw::draw_region;
pub use self::draw::{Frame, Style};
pub use self::sheets::{Counter, Line, SHEETS, counter_list};
use self::sheets::{
    counters_page, counters_per_page, markers_page, setup_lines, setup_page, tile_scenario, used_tiles, vp_board_page,
};
pub use crate::export::Sketch;
use crate::export::{BoardFrame, BoardLayout, BoardPage, ExportOptions, FOOTER, PrintJobs, board_layout, poster_page};
use crate::systems::swat::rules::Ruleset;
use crate::systems::swat::scenario::Scenario;

/// Skirmish Wars' print of one scenario: the board poster (cut on tile boundaries), the
/// library tiles it was built from, counters and markers, and the setup sheet.
pub struct SwatPrint<'a> {
    /// The ruleset it prints by.
    pub rules: &'a Ruleset,
    /// The scenario printed.
    pub scenario: &'a Scenario,
}

/// A page only Skirmish Wars prints.
pub enum SwatPage {
    /// One poster page of a library tile the board was built from.
    Tile(Box<Scenario>, BoardLayout, BoardPage),
    /// A page of counters.
    Counters(Vec<Counter>),
    /// Property markers and capture tokens.
    Markers,
    /// A page of the setup sheet.
    Setup(Vec<Line>),
    /// The VP Tracking Board.
    VpBoard,
}

impl PrintJobs for SwatPrint<'_> {
    type Page = SwatPage;
    const BOARD_SHEET: &'static str = "board";
    const BOARD_NAME: &'static str = "Board";

    fn name(&self) -> &str {
        &self.scenario.name
    }

    fn board_units(&self) -> (u16, u16) {
        (self.scenario.board.width, self.scenario.board.height)
    }

    fn tile_units(&self) -> u8 {
        self.scenario.tile_size
    }

    fn draw_board(&self, sk: &mut dyn Sketch, frame: BoardFrame, xs: (u16, u16), ys: (u16, u16), full: bool) {
        let style = Style { greyscale: frame.greyscale };
        draw_region(
            sk,
            self.rules,
            self.scenario,
            style,
            Frame { origin: frame.origin, square: frame.scale, backdrop: frame.backdrop },
            xs,
            ys,
            full,
        );
    }

    fn own_pages(&self, options: &ExportOptions) -> Result<Vec<SwatPage>, String> {
        let (rules, scenario) = (self.rules, self.scenario);
        let (_, ph) = options.page_size();
        let mut pages = Vec::new();
        if options.sheets.has("tiles") {
            for (tile, rotation) in used_tiles(rules, scenario) {
                let single = tile_scenario(rules, scenario, &tile, rotation);
                let layout = board_layout(options, single.board.width, single.board.height, single.tile_size)?;
                pages.extend(layout.pages.iter().map(|p| SwatPage::Tile(Box::new(single.clone()), layout.clone(), *p)));
            }
        }
        if options.sheets.has("counters") {
            let counters = counter_list(rules, scenario, options.extra_counters);
            let per_page = counters_per_page(options);
            for chunk in 0..counters.len().div_ceil(per_page).max(1) {
                pages
                    .push(SwatPage::Counters(counters.iter().skip(chunk * per_page).take(per_page).cloned().collect()));
            }
            pages.push(SwatPage::Markers);
        }
        if options.sheets.has("setup") {
            let lines = setup_lines(rules, scenario);
            let per_page = ((ph - 2.0 * options.margin - FOOTER) / 13.0).floor().max(1.0) as usize;
            pages.extend(lines.chunks(per_page).map(|chunk| SwatPage::Setup(chunk.to_vec())));
            // v1.0b's "VP Tracking Board": under Victory Medals, a track per player to the target.
            if scenario.victory.victory_medals.is_some() {
                pages.push(SwatPage::VpBoard);
            }
        }
        Ok(pages)
    }

    fn draw_page(&self, sk: &mut dyn Sketch, options: &ExportOptions, page: &SwatPage) {
        let style = Style { greyscale: options.greyscale };
        match page {
            SwatPage::Tile(single, layout, part) => {
                let what = format!("Tile {}", single.name);
                let tile = SwatPrint { rules: self.rules, scenario: single };
                poster_page(
                    sk,
                    options,
                    layout,
                    *part,
                    (tile.board_units(), "squares"),
                    &what,
                    &mut |sk, origin, xs, ys, full| {
                        // A library tile's page is the tile alone: the board's background
                        // image has no place on it.
                        let frame =
                            BoardFrame { origin, scale: options.scale, greyscale: options.greyscale, backdrop: false };
                        tile.draw_board(sk, frame, xs, ys, full);
                    },
                );
            }
            SwatPage::Counters(counters) => counters_page(sk, self.scenario, options, style, counters),
            SwatPage::Markers => markers_page(sk, self.scenario, options, style),
            SwatPage::Setup(lines) => setup_page(sk, options, lines),
            SwatPage::VpBoard => vp_board_page(sk, self.scenario, options, style),
        }
    }
}
