//! Skirm's print at true square size (40 mm or any size the export offers), as one page-job
//! list ([`PrintJobs`]) that the PDF and the PNG share: the battle map (drawn in `draw.rs`; its
//! poster, assembly page and PNG are the shared print's), a stat card per unit of both squads
//! (63 x 88 mm, `cards.rs`), the tokens, the reference of the cards' codes and the mission
//! sheet (`sheets.rs`).

mod cards;
mod draw;
mod sheets;

pub use self::cards::CARD_MM;
use self::cards::{Card, card_grid, cards, cards_page, codes_used};
use self::draw::squad_ink;
pub use self::draw::{draw_battle_map, item_art_name};
use self::sheets::{
    SheetLine, Token, reference_lines, sheet_lines, sheet_page, sheet_pages, token_grid, tokens, tokens_page,
};
use super::rules::Ruleset;
use super::scenario::SkirmScenario;
use crate::export::{BoardFrame, ExportOptions, FOOTER, PT_PER_MM, PrintJobs, Sheet, Sketch};

/// The sheets Skirm prints.
pub const SHEETS: [Sheet; 3] = [
    Sheet { id: "board", label: "Battle map" },
    Sheet { id: "counters", label: "Stat cards (63 x 88 mm) and tokens" },
    Sheet { id: "setup", label: "Mission sheet" },
];

/// Skirm's print of one scenario: the battle map and the pages only it prints.
pub struct SkirmPrint<'a> {
    /// The ruleset it prints by.
    pub rules: &'a Ruleset,
    /// The scenario printed.
    pub scenario: &'a SkirmScenario,
}

/// A page only Skirm prints.
pub enum SkirmPage {
    /// A page of stat cards.
    Cards(Vec<Card>),
    /// A page of tokens.
    Tokens(Vec<Token>),
    /// A page of the reference or of the mission sheet.
    Sheet(Vec<SheetLine>),
}

impl PrintJobs for SkirmPrint<'_> {
    type Page = SkirmPage;
    const BOARD_SHEET: &'static str = "board";
    const BOARD_NAME: &'static str = "Battle map";

    fn name(&self) -> &str {
        &self.scenario.name
    }

    fn board_units(&self) -> (u16, u16) {
        (self.scenario.board.width, self.scenario.board.height)
    }

    fn draw_board(&self, sk: &mut dyn Sketch, frame: BoardFrame, xs: (u16, u16), ys: (u16, u16), full: bool) {
        draw_battle_map(
            sk,
            self.rules,
            self.scenario,
            (frame.greyscale, frame.backdrop),
            frame.origin,
            frame.scale,
            xs,
            ys,
            full,
        );
    }

    fn own_pages(&self, options: &ExportOptions) -> Result<Vec<SkirmPage>, String> {
        let (rules, scenario) = (self.rules, self.scenario);
        let mut pages = Vec::new();
        if options.sheets.has("counters") {
            let cards = cards(rules, scenario);
            let (pw, ph) = options.page_size();
            if !cards.is_empty()
                && (pw - 2.0 * options.margin < CARD_MM.0 * PT_PER_MM
                    || ph - 2.0 * options.margin - FOOTER < CARD_MM.1 * PT_PER_MM)
            {
                return Err("the paper is too small for a 63 x 88 mm stat card; choose a larger paper".into());
            }
            let (across, down) = card_grid(options);
            pages.extend(cards.chunks(across * down).map(|chunk| SkirmPage::Cards(chunk.to_vec())));
            let (across, down) = token_grid(options);
            pages.extend(tokens(rules, scenario).chunks(across * down).map(|chunk| SkirmPage::Tokens(chunk.to_vec())));
            let codes = codes_used(rules, scenario);
            if !codes.is_empty() {
                pages.extend(sheet_pages(options, reference_lines(codes)).into_iter().map(SkirmPage::Sheet));
            }
        }
        if options.sheets.has("setup") {
            pages.extend(sheet_pages(options, sheet_lines(rules, scenario)).into_iter().map(SkirmPage::Sheet));
        }
        Ok(pages)
    }

    fn draw_page(&self, sk: &mut dyn Sketch, options: &ExportOptions, page: &SkirmPage) {
        match page {
            SkirmPage::Cards(cards) => {
                let cards: Vec<&Card> = cards.iter().collect();
                cards_page(sk, options, &cards, [squad_ink(0, options.greyscale), squad_ink(1, options.greyscale)]);
            }
            SkirmPage::Tokens(tokens) => tokens_page(sk, options, &tokens.iter().collect::<Vec<_>>()),
            SkirmPage::Sheet(lines) => sheet_page(sk, options, lines),
        }
    }
}
