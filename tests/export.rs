//! Print export: page layouts for boards, papers and overlaps, exact page sizes, true square
//! size, every sheet written, and a small golden render of the board image.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::export::{
    ExportOptions, FOOTER, PT_PER_MM, Paper, Sheets, board_layout, parse_square, table_layout,
};
use skirmish_studio::export::{PdfReport, print_pdf, print_png};
use skirmish_studio::systems::swat::print::SHEETS;
use skirmish_studio::systems::swat::print::{SwatPrint, counter_list};

/// Skirmish Wars' PDF, through the shared page-job list.
fn export_pdf(
    rules: &Ruleset,
    scenario: &Scenario,
    options: &ExportOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<PdfReport, String> {
    print_pdf(&SwatPrint { rules, scenario }, options, progress)
}

/// Skirmish Wars' PNG, through the shared page-job list.
fn export_png(rules: &Ruleset, scenario: &Scenario, square: f32, dpi: u32, grey: bool) -> Result<Vec<u8>, String> {
    print_png(&SwatPrint { rules, scenario }, square, dpi, grey, skirmish_studio::export::PrintArt::NONE)
}
use skirmish_studio::systems::swat::rules::Ruleset;
use skirmish_studio::systems::swat::scenario::{Army, Scenario, load_scenario};
use std::path::Path;

fn rules() -> Ruleset {
    Ruleset::builtin().unwrap()
}

fn sample(name: &str) -> Scenario {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap();
    load_scenario(&rules(), &text).unwrap()
}

fn media_boxes(pdf: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/MediaBox[").map(|(i, _)| text[i..].split(']').next().unwrap().to_owned()).collect()
}

#[test]
fn square_sizes_read_in_inches_millimetres_centimetres_and_points() {
    assert_eq!(parse_square("1in").unwrap(), 72.0);
    assert!((parse_square("25mm").unwrap() - 25.0 * PT_PER_MM).abs() < 1e-3);
    assert!((parse_square("2.8cm").unwrap() - 28.0 * PT_PER_MM).abs() < 1e-3);
    assert_eq!(parse_square("40pt").unwrap(), 40.0);
    assert!(parse_square("1").is_err());
    assert!(parse_square("3mm").is_err(), "too small to print");
    assert!(parse_square("20cm").is_err(), "too large for any paper");
    assert!(Paper::parse("legal").is_err());
    assert!(Sheets::parse("board,posters", &SHEETS).is_err());
}

#[test]
fn pages_break_on_tile_boundaries_and_count_as_expected() {
    let options = ExportOptions::default();
    // Letter, 10 mm margins, 8 mm overlap, 1 in squares: 7 across and 8 down fit; whole
    // 6-square tiles are kept, so 6 x 6 squares a page.
    let layout = board_layout(&options, 18, 12, 6).unwrap();
    assert_eq!((layout.per_page_x, layout.per_page_y, layout.cols, layout.rows), (6, 6, 3, 2));
    assert_eq!(layout.pages.len(), 6);
    assert_eq!((layout.pages[4].x0, layout.pages[4].x1, layout.pages[4].y0, layout.pages[4].y1), (6, 12, 6, 12));
    // With 4-square tiles the 7 that fit become 4.
    assert_eq!(board_layout(&options, 18, 12, 4).unwrap().per_page_x, 4);
    // Landscape A3 holds more.
    let a3 = ExportOptions { paper: Paper::A3, landscape: true, ..options.clone() };
    let layout = board_layout(&a3, 18, 12, 6).unwrap();
    assert_eq!((layout.per_page_x, layout.per_page_y, layout.cols, layout.rows), (12, 6, 2, 2));
    // A wide overlap takes room from the squares.
    let wide = ExportOptions { overlap: 40.0 * PT_PER_MM, ..options.clone() };
    let layout = board_layout(&wide, 18, 12, 50).unwrap();
    assert_eq!(layout.per_page_x, 6, "(612 - 2*28.35 - 113.4) / 72 = 6.1");
    // Small squares fit many per page; a square too big for the paper is refused.
    let small = ExportOptions { scale: parse_square("25mm").unwrap(), paper: Paper::A4, ..options.clone() };
    assert_eq!(board_layout(&small, 24, 24, 6).unwrap().pages.len(), 16);
    let huge = ExportOptions {
        scale: parse_square("100mm").unwrap(),
        overlap: 40.0 * PT_PER_MM,
        margin: 40.0 * PT_PER_MM,
        ..options
    };
    assert!(board_layout(&huge, 4, 4, 6).is_err());
}

#[test]
fn the_pdf_has_exact_page_sizes_and_every_sheet() {
    let rules = rules();
    let scenario = sample("bridgehead.ron");
    for (paper, size) in [
        (Paper::A4, "595.28 841.89"),
        (Paper::Letter, "612 792"),
        (Paper::A3, "841.89 1190.55"),
        (Paper::Tabloid, "792 1224"),
    ] {
        let options = ExportOptions { paper, ..ExportOptions::default() };
        let mut seen = 0;
        let report = export_pdf(&rules, &scenario, &options, &mut |done, total| {
            assert!(done <= total);
            seen = done;
        })
        .unwrap();
        assert_eq!(seen, report.pages);
        let boxes = media_boxes(&report.bytes);
        assert_eq!(boxes.len(), report.pages);
        assert!(boxes.iter().all(|b| b.ends_with(size)), "{paper:?}: {boxes:?}");
        assert!(report.bytes.starts_with(b"%PDF-"));
    }
    let landscape = ExportOptions { paper: Paper::A4, landscape: true, ..ExportOptions::default() };
    let report = export_pdf(&rules, &scenario, &landscape, &mut |_, _| {}).unwrap();
    assert!(media_boxes(&report.bytes)[0].ends_with("841.89 595.28"));
    // Board (6 pages) + assembly + counters + markers + setup.
    let poster = report.poster.unwrap();
    assert_eq!((poster.across, poster.down), (3, 2));
    assert!(report.pages >= usize::from(poster.across) * usize::from(poster.down) + 4, "{} pages", report.pages);
    // Fonts are embedded (as font files), and every sheet's words are there.
    let text = String::from_utf8_lossy(&report.bytes);
    assert!(text.contains("/FontFile2"), "the font is embedded");
    let only_setup = ExportOptions { sheets: Sheets::parse("setup", &SHEETS).unwrap(), ..ExportOptions::default() };
    let setup = export_pdf(&rules, &scenario, &only_setup, &mut |_, _| {}).unwrap();
    assert!(setup.poster.is_none());
    assert!(setup.pages >= 1 && setup.pages < report.pages);
}

#[test]
fn the_counter_sheets_print_exactly_each_armys_pool() {
    let rules = rules();
    let mut scenario = sample("bridgehead.ron");
    let count = |scenario: &Scenario, army: Army, name: &str| {
        counter_list(&rules, scenario, 2).iter().filter(|c| c.army == army && c.name == name).count()
    };
    // The ruleset's pools: what can be bought is what is printed, whatever the extra setting.
    for card in &rules.units {
        for player in &scenario.players {
            assert_eq!(count(&scenario, player.army, &card.name), card.counters.unwrap() as usize, "{}", card.name);
        }
    }
    assert_eq!(counter_list(&rules, &scenario, 7), counter_list(&rules, &scenario, 0));
    // A scenario's own pool, and a lifted one: then one per starting unit (passengers
    // included) and the extra counters to buy.
    scenario.counters.insert("tank".into(), Some(1));
    scenario.counters.insert("infantry".into(), None);
    let red = scenario.players[0].army;
    assert_eq!(count(&scenario, red, "Tank"), 1);
    let starting_infantry = scenario.starting_counters(0, "infantry").count();
    assert!(starting_infantry > 0);
    assert_eq!(count(&scenario, red, "Infantry"), starting_infantry + 2);
    // Fewer counters, fewer pages.
    let only = ExportOptions { sheets: Sheets::parse("counters", &SHEETS).unwrap(), ..ExportOptions::default() };
    let before = export_pdf(&rules, &sample("bridgehead.ron"), &only, &mut |_, _| {}).unwrap().pages;
    for card in &rules.units {
        scenario.counters.insert(card.id.clone(), Some(1));
    }
    let after = export_pdf(&rules, &scenario, &only, &mut |_, _| {}).unwrap().pages;
    assert!(after < before, "{after} pages for 18 counters, {before} for 94");
}

#[test]
fn the_tiles_sheet_prints_each_library_tile_the_board_uses() {
    let rules = rules();
    let scenario = sample("crossroads-duel.ron");
    let distinct: std::collections::BTreeSet<&str> = scenario.tiles.iter().map(|t| t.tile.as_str()).collect();
    assert_eq!(distinct.len(), 2);
    let options = ExportOptions { sheets: Sheets::parse("tiles", &SHEETS).unwrap(), ..ExportOptions::default() };
    let report = export_pdf(&rules, &scenario, &options, &mut |_, _| {}).unwrap();
    assert_eq!(report.pages, 2, "one page per 6 x 6 tile at 1 in");
}

#[test]
fn a_one_inch_square_is_100_pixels_at_100_dpi_and_the_png_records_its_resolution() {
    let rules = rules();
    let scenario = sample("bridgehead.ron");
    let bytes = export_png(&rules, &scenario, 72.0, 100, false).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert_eq!((info.width, info.height), (1800, 1200));
    let dims = info.pixel_dims.unwrap();
    assert_eq!((dims.xppu, dims.unit), (3937, png::Unit::Meter), "100 dpi = 3937 dots per metre");
    assert!(export_png(&rules, &scenario, 72.0, 5000, false).is_err());
}

#[test]
fn a_small_golden_render_of_the_board() {
    let rules = rules();
    let scenario = sample("crossroads-duel.ron");
    let bytes = export_png(&rules, &scenario, 72.0, 20, false).unwrap();
    let decode = |bytes: &[u8]| {
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes.to_vec())).read_info().unwrap();
        let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buffer).unwrap();
        buffer.truncate(frame.buffer_size());
        (frame.width, frame.height, buffer)
    };
    let golden_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/crossroads-duel-20dpi.png");
    let Ok(golden) = std::fs::read(&golden_path) else {
        std::fs::write(golden_path.with_extension("new.png"), &bytes).unwrap();
        panic!("no golden image yet: wrote {}", golden_path.with_extension("new.png").display());
    };
    let (w, h, actual) = decode(&bytes);
    let (gw, gh, expected) = decode(&golden);
    assert_eq!((w, h), (gw, gh));
    // Rasterisers may differ by a shade at the edges of shapes; the picture may not.
    let differing = actual.iter().zip(&expected).filter(|(a, b)| a.abs_diff(**b) > 8).count();
    if differing * 500 > actual.len() {
        std::fs::write(golden_path.with_extension("new.png"), &bytes).unwrap();
        panic!("{differing} of {} bytes differ from the golden image", actual.len());
    }
}

#[test]
fn an_open_table_shares_its_pages_evenly_at_1_to_1_with_no_thin_strip() {
    // Hedgerow Crossing's 48" x 48" table on Letter: cut on whole inches it took 7 x 6
    // portrait pages, the last row a 3" strip; cut at tenths it takes 5 x 8 landscape pages,
    // each 9.6" x 6" (the last row 6").
    let letter = |landscape| ExportOptions { paper: Paper::Letter, landscape, ..ExportOptions::default() };
    let layout = table_layout(&letter(true), 48, 48).unwrap();
    assert_eq!((layout.cols, layout.rows, layout.pages.len()), (5, 8, 40));
    assert_eq!((layout.per_page_x, layout.per_page_y), (96, 60));
    assert_eq!(table_layout(&letter(false), 48, 48).unwrap().pages.len(), 42);
    for options in [letter(true), letter(false), ExportOptions { paper: Paper::A4, ..ExportOptions::default() }] {
        for (width, height) in [(48, 48), (72, 48), (120, 90), (36, 36), (60, 44), (7, 5)] {
            let layout = table_layout(&options, width, height).unwrap();
            let (pw, ph) = options.page_size();
            let step = options.scale / f32::from(layout.steps);
            let (room_w, room_h) = (pw - 2.0 * options.margin, ph - 2.0 * options.margin - FOOTER);
            let mut area = 0_u32;
            for page in &layout.pages {
                let (w, h) = (f32::from(page.x1 - page.x0) * step, f32::from(page.y1 - page.y0) * step);
                // Each page fits with its overlap strips; the last in a row or column needs none.
                let strip = |last: bool| if last { 0.0 } else { options.overlap };
                assert!(w + strip(page.col + 1 == layout.cols) <= room_w + 0.01, "{width}x{height}: {page:?}");
                assert!(h + strip(page.row + 1 == layout.rows) <= room_h + 0.01, "{width}x{height}: {page:?}");
                // No page is a thin strip: each holds at least half of what a full one does.
                assert!(2 * (page.x1 - page.x0) >= layout.per_page_x.min(width * layout.steps), "{page:?}");
                assert!(2 * (page.y1 - page.y0) >= layout.per_page_y.min(height * layout.steps), "{page:?}");
                area += u32::from(page.x1 - page.x0) * u32::from(page.y1 - page.y0);
            }
            assert_eq!(area, u32::from(width) * u32::from(height) * 100, "the pages tile the table");
            // No fewer pages could hold it: one page less along an edge would need more than
            // a full page's room per page.
            let full_w = ((room_w - options.overlap) / step).floor();
            let full_h = ((room_h - options.overlap) / step).floor();
            let fewer = |pages: u16, full: f32, extent: u16| {
                pages > 1 && f32::from(pages - 2) * full + full + options.overlap / step >= f32::from(extent * 10)
            };
            assert!(!fewer(layout.cols, full_w, width), "{width}x{height}: fewer columns would do");
            assert!(!fewer(layout.rows, full_h, height), "{width}x{height}: fewer rows would do");
        }
    }
}

#[test]
fn a_last_strip_that_fits_in_its_neighbours_overlap_goes_on_that_page_not_one_of_its_own() {
    // A4 portrait at 1 cm a unit: 18 cm a page across beside the 8 mm overlap; the last page
    // in a row needs no overlap strip, so it holds 19.
    let options =
        ExportOptions { paper: Paper::A4, scale: 10.0 * PT_PER_MM, landscape: false, ..ExportOptions::default() };
    let layout = board_layout(&options, 109, 20, 1).unwrap();
    assert_eq!((layout.per_page_x, layout.cols), (18, 6), "a 1 cm strip joins the 6th page");
    let last = layout.pages.iter().find(|p| p.col == 5 && p.row == 0).unwrap();
    assert_eq!((last.x0, last.x1), (90, 109));
    let (page_width, _) = options.page_size();
    assert!(f32::from(last.x1 - last.x0) * options.scale <= page_width - 2.0 * options.margin + 0.01);
    // A strip too wide for that room keeps its own page.
    assert_eq!(board_layout(&options, 110, 20, 1).unwrap().cols, 7);
    // Pages of tiles keep to whole tiles.
    assert_eq!(
        board_layout(&options, 109, 20, 6).unwrap().cols,
        7,
        "18 squares a page, 3 tiles: the 1-square strip keeps its page"
    );
}
