//! Armored Advance's print sheets at true scale: the table as a poster with overlap, marks and
//! an assembly page, a one-page setup map measured from the table edges, footprint templates,
//! 63 x 88 mm unit cards, range rulers coloured by the hit roll, arc gauges, a quick
//! reference, and a PNG of the table. Every page carries the calibration bars.

pub mod draw;
mod sheets;

use super::ruleset::Ruleset;
use super::scenario::ArmoredScenario;
use crate::export::PngSketch;
use crate::export::{BoardPage, ExportOptions, PdfReport, Sheet, board_layout, poster_page, write_pdf};
use draw::{Frame, draw_table};

/// The sheets, in print order.
pub const SHEETS: [Sheet; 6] = [
    Sheet { id: "table", label: "Table poster and assembly page" },
    Sheet { id: "setup", label: "Setup map (positions and angles from the edges)" },
    Sheet { id: "templates", label: "Footprint templates" },
    Sheet { id: "cards", label: "Unit cards (63 x 88 mm)" },
    Sheet { id: "rulers", label: "Range rulers and arc gauges" },
    Sheet { id: "reference", label: "Quick reference" },
];

/// One page of the print.
enum Page {
    Poster(BoardPage),
    Assembly,
    Setup,
    Template(sheets::TemplatePage),
    Cards(Vec<usize>),
    Rulers,
    Gauges,
    Reference,
}

/// The table's size in whole units (the poster cuts on whole inches).
fn table_units(rules: &Ruleset, scenario: &ArmoredScenario) -> (u16, u16) {
    let unit = rules.unit.um();
    let whole = |um: i64| u16::try_from((um + unit - 1) / unit).unwrap_or(u16::MAX);
    (whole(scenario.table.width), whole(scenario.table.depth))
}

/// Writes the chosen sheets as one PDF; `options.scale` is points per unit (72 per inch at
/// 1:1); `progress` hears (pages done, pages in all).
///
/// # Errors
/// A sheet that does not fit the paper, or the PDF cannot be written.
pub fn export_pdf(
    rules: &Ruleset,
    scenario: &ArmoredScenario,
    options: &ExportOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<PdfReport, String> {
    let (w, d) = table_units(rules, scenario);
    let layout = if options.sheets.has("table") { Some(board_layout(options, w, d, 1)?) } else { None };
    let mut pages: Vec<Page> = Vec::new();
    if let Some(layout) = &layout {
        pages.extend(layout.pages.iter().map(|&p| Page::Poster(p)));
        pages.push(Page::Assembly);
    }
    if options.sheets.has("setup") {
        pages.push(Page::Setup);
    }
    if options.sheets.has("templates") {
        pages.extend(sheets::template_pages(rules, scenario, options).into_iter().map(Page::Template));
    }
    if options.sheets.has("cards") {
        let per_page = sheets::cards_per_page(options)?;
        let units: Vec<usize> = (0..scenario.table.units.len()).collect();
        pages.extend(units.chunks(per_page).map(|c| Page::Cards(c.to_vec())));
    }
    if options.sheets.has("rulers") {
        pages.push(Page::Rulers);
        pages.push(Page::Gauges);
    }
    if options.sheets.has("reference") {
        pages.push(Page::Reference);
    }
    if pages.is_empty() {
        return Err("nothing to print: the chosen sheets have no pages".into());
    }
    let total = pages.len();
    let per_um = options.scale / rules.unit.um() as f32;
    let written = write_pdf(options, &scenario.name, total, progress, &mut |sk, index| match &pages[index] {
        Page::Poster(page) => {
            let Some(layout) = &layout else { return };
            poster_page(sk, options, layout, *page, (w, d), "Table", &mut |sk, origin, xs, ys, _full| {
                let s = options.scale;
                sk.push_clip(
                    origin.0 + f32::from(xs.0) * s,
                    origin.1 + f32::from(ys.0) * s,
                    f32::from(xs.1 - xs.0) * s,
                    f32::from(ys.1 - ys.0) * s,
                );
                draw_table(sk, rules, scenario, &Frame { origin, scale: per_um, greyscale: options.greyscale }, true);
                sk.pop_clip();
            });
        }
        Page::Assembly => {
            if let Some(layout) = &layout {
                sheets::assembly_page(sk, options, layout, scenario);
            }
        }
        Page::Setup => sheets::setup_page(sk, rules, scenario, options),
        Page::Template(page) => sheets::template_page(sk, rules, options, page),
        Page::Cards(units) => sheets::cards_page(sk, rules, scenario, options, units),
        Page::Rulers => sheets::rulers_page(sk, rules, options),
        Page::Gauges => sheets::gauges_page(sk, options),
        Page::Reference => sheets::reference_page(sk, rules, scenario, options),
    })?;
    Ok(PdfReport {
        bytes: written.bytes,
        pages: total,
        poster: layout.as_ref().map(Into::into),
        page_text: written.page_text,
    })
}

/// The table as a PNG at `dpi`, `scale` points per unit.
///
/// # Errors
/// The image would be too large, or cannot be encoded.
pub fn export_png(
    rules: &Ruleset,
    scenario: &ArmoredScenario,
    scale: f32,
    dpi: u32,
    greyscale: bool,
) -> Result<Vec<u8>, String> {
    let (w, d) = table_units(rules, scenario);
    let mut sketch = PngSketch::for_board(w, d, scale, dpi)?;
    let per_um = scale / rules.unit.um() as f32;
    draw_table(&mut sketch, rules, scenario, &Frame { origin: (0.0, 0.0), scale: per_um, greyscale }, false);
    sketch.into_png(dpi)
}
