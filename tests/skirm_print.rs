//! Skirm's print sheets through the seam: the battle map poster at true square size, the
//! stat cards at 63 x 88 mm (nine to an A4 page when the margin allows), and the PNG whose
//! squares measure 40 mm and whose walls are drawn on the grid lines.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::export::{ExportOptions, PT_PER_MM, Paper, Sheets, board_layout};
use skirmish_studio::game::OpenScenario;
use std::path::Path;

fn open(name: &str) -> Box<dyn OpenScenario> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap();
    skirmish_studio::systems::system_of(&text).unwrap().rules(None).unwrap().open(&text).unwrap()
}

fn options(margin_mm: f32) -> ExportOptions {
    ExportOptions {
        paper: Paper::A4,
        scale: 40.0 * PT_PER_MM,
        margin: margin_mm * PT_PER_MM,
        sheets: Sheets::ALL,
        ..ExportOptions::default()
    }
}

fn units(name: &str) -> usize {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap();
    text.matches("profile:").count()
}

#[test]
fn the_pdf_has_the_poster_pages_and_nine_cards_to_a_page() {
    for name in ["skirm-ruined-crossing.ron", "skirm-night-extraction.ron"] {
        let opened = open(name);
        let mut options = options(9.0);
        options.sheets = Sheets::only(&["board", "counters"]);
        let mut heard = Vec::new();
        let report = opened.export_pdf(&options, &mut |done, all| heard.push((done, all))).unwrap();
        assert!(report.bytes.starts_with(b"%PDF"));
        let poster = report.poster.expect("the battle map is printed");
        let board_pages = usize::from(poster.across) * usize::from(poster.down);
        // 40 mm squares on A4 between 9 mm margins, less the 8 mm overlap strip and the page
        // foot: 184 mm across holds four, 257 mm down holds six.
        let per_page = board_layout(&options, 100, 100, 1).unwrap();
        assert_eq!((per_page.per_page_x, per_page.per_page_y), (4, 6), "{name}");
        let cards = units(name);
        assert!(cards >= 2, "{name} has squads");
        // The tokens (objectives, items, Tactical Order counters) fill one page of 24 squares.
        let assembly = usize::from(board_pages > 1);
        assert_eq!(
            report.pages,
            assembly + board_pages + cards.div_ceil(9) + 1 + 1,
            "{name}: the assembly page, poster pages, cards nine a page, a page of tokens, the reference sheet"
        );
        assert_eq!(heard.last(), Some(&(report.pages, report.pages)));
        // Every page is A4 (595 x 842 points).
        let text = String::from_utf8_lossy(&report.bytes);
        assert_eq!(text.matches("/MediaBox[0 0 595.28 841.89]").count(), report.pages, "{name}");
        // With the default 10 mm margin only two rows of 88 mm fit under the page foot.
        let mut ten = self::options(10.0);
        ten.sheets = options.sheets.clone();
        let six = opened.export_pdf(&ten, &mut |_, _| {}).unwrap();
        let poster_ten = six.poster.expect("the battle map is printed");
        let board_pages_ten = usize::from(poster_ten.across) * usize::from(poster_ten.down);
        assert_eq!(board_pages_ten, board_pages, "{name}: the poster is cut the same");
        assert_eq!(six.pages, assembly + board_pages + cards.div_ceil(6) + 1 + 1);
        // The mission sheet adds its own page (or two).
        let all = opened.export_pdf(&self::options(9.0), &mut |_, _| {}).unwrap();
        assert!((1..=2).contains(&(all.pages - report.pages)), "{name}: {} pages with the mission sheet", all.pages);
    }
}

#[test]
fn a_paper_too_small_for_a_card_is_refused_with_the_reason() {
    let opened = open("skirm-ruined-crossing.ron");
    // 80 mm margins leave 50 mm across an A4 page.
    let mut options = options(80.0);
    options.sheets = Sheets::only(&["counters"]);
    let error = opened.export_pdf(&options, &mut |_, _| {}).unwrap_err();
    assert!(error.contains("63 x 88 mm"), "{error}");
    // Skirmish Wars' tile sheet alone: the refusal says which sheets Skirm has.
    let mut options = self::options(10.0);
    options.sheets = Sheets::only(&["tiles"]);
    let error = opened.export_pdf(&options, &mut |_, _| {}).unwrap_err();
    assert!(error.contains("'board'") && error.contains("'counters'") && error.contains("'setup'"), "{error}");
}

#[test]
fn the_png_squares_measure_40_mm_and_walls_lie_on_the_grid_lines() {
    let opened = open("skirm-ruined-crossing.ron");
    let bytes = opened.export_png(40.0 * PT_PER_MM, 100, false, skirmish_studio::export::PrintArt::NONE).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let (width, height) = (reader.info().width, reader.info().height);
    // 12 squares of 40 mm at 100 dpi: 12 x 157.48 pixels.
    assert_eq!((width, height), (1890, 1890));
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut pixels).unwrap();
    let at = |x: f32, y: f32| {
        let square = 40.0 / 25.4 * 100.0;
        let (px, py) = ((x * square) as usize, (y * square) as usize);
        let i = (py * width as usize + px) * 4;
        (pixels[i], pixels[i + 1], pixels[i + 2])
    };
    // The sample has a wall along the top of square (3, 4): dark on the grid line, light a
    // third of a square below it.
    let wall = at(3.5, 4.0);
    assert!(wall.0 < 80 && wall.1 < 80 && wall.2 < 80, "wall pixel {wall:?}");
    let floor = at(3.5, 4.33);
    assert!(floor.0 > 150, "open ground below the wall {floor:?}");
    let grey = opened.export_png(40.0 * PT_PER_MM, 30, true, skirmish_studio::export::PrintArt::NONE).unwrap();
    let colour = opened.export_png(40.0 * PT_PER_MM, 30, false, skirmish_studio::export::PrintArt::NONE).unwrap();
    assert_ne!(grey, colour, "greyscale prints other inks");
}

/// The text printed on each page of a sample's PDF with every sheet.
fn printed(name: &str, greyscale: bool) -> Vec<String> {
    let mut options = options(9.0);
    options.greyscale = greyscale;
    open(name).export_pdf(&options, &mut |_, _| {}).unwrap().page_text
}

#[test]
fn cards_print_skills_as_the_rules_read_them_with_every_weapons_special_rules() {
    let pages = printed("skirm-night-extraction.ron", false);
    let cards: Vec<&String> = pages.iter().filter(|p| p.contains("\nMSK\n")).collect();
    assert!(!cards.is_empty(), "card pages print a MSK stat box");
    for page in &cards {
        // A roll at or under the stat succeeds: "5+" would read as the worst shooter.
        assert!(!page.lines().any(|l| l.len() <= 3 && l.ends_with('+')), "no skill printed as N+: {page}");
        for stat in ["ACT", "MSK", "RSK", "ARM", "HIT"] {
            assert!(page.lines().any(|l| l == stat), "{stat} box");
        }
    }
    let all = pages.join("\n");
    // The Frag Grenade's row carries its LIM and BLS; the Marksman's CAM is explained.
    let grenade = all.lines().position(|l| l == "Frag Grenade").expect("a grenade row");
    let after: Vec<&str> = all.lines().skip(grenade).take(6).collect();
    assert!(after.contains(&"LIM BLS"), "the grenade's specials follow its row: {after:?}");
    let card_text = cards.iter().map(|p| p.as_str()).collect::<Vec<_>>().join("\n");
    assert!(card_text.contains("BR1 Brutal 1: re-roll up to 1 melee attack"), "unit specials explained on the card");
    assert!(all.lines().any(|l| l.starts_with("EP ")), "EP on the card");
}

#[test]
fn the_reference_sheet_explains_every_code_the_printed_squads_use_and_the_mission_sheet_the_crates() {
    for name in ["skirm-night-extraction.ron", "skirm-ruined-crossing.ron"] {
        let pages = printed(name, false);
        let reference =
            pages.iter().find(|p| p.starts_with("Special rules on these cards")).expect("a reference sheet");
        for code in ["LIM Limited: once per battle", "BLS Blast:"] {
            assert!(reference.contains(code), "{name}: {code} on the reference sheet: {reference}");
        }
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap();
        if text.contains("Crate") {
            let all = pages.join("\n");
            assert!(all.contains("Med Pack: the unit regains 1D3 HIT"), "{name}: crate contents on the mission sheet");
        }
    }
}

#[test]
fn the_poster_has_an_assembly_page_and_the_pdf_a_title() {
    let opened = open("skirm-ruined-crossing.ron");
    let mut options = options(9.0);
    options.sheets = Sheets::only(&["board"]);
    let report = opened.export_pdf(&options, &mut |_, _| {}).unwrap();
    assert!(report.page_text[0].contains("assembling the battle map"), "{}", report.page_text[0]);
    let poster = report.poster.unwrap();
    assert_eq!(report.pages, 1 + usize::from(poster.across) * usize::from(poster.down));
    let bytes = String::from_utf8_lossy(&report.bytes);
    assert!(bytes.contains("/Title"), "the PDF names its title in its metadata");
}
