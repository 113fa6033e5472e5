//! The one page-job list every game's print is made of, checked on every bundled sample of
//! every game it finds: the board sheet alone prints the poster's pages and, for a poster of
//! more than one page, an assembly page that names each of them; the other sheets add pages
//! after the board's; the PNG is the same board job drawn whole, at its true size.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::export::{ExportOptions, Sheets};
use skirmish_studio::game::OpenScenario;
use std::path::{Path, PathBuf};

/// The first bundled sample of every game, found in `scenarios/`, opened by the game its
/// file names.
fn samples() -> Vec<(PathBuf, Box<dyn OpenScenario>)> {
    let mut seen = std::collections::BTreeSet::new();
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "ron"))
        .collect();
    found.sort();
    found
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let system = skirmish_studio::systems::system_of(&text).unwrap();
            seen.insert(system.id()).then(|| (path, system.rules(None).unwrap().open(&text).unwrap()))
        })
        .collect()
}

/// The pixel size a PNG's header gives.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG"), "a PNG");
    let word = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (word(16), word(20))
}

#[test]
fn every_game_prints_its_board_as_a_poster_with_an_assembly_page_only_when_it_takes_several_pages() {
    let samples = samples();
    assert_eq!(samples.len(), skirmish_studio::systems::SYSTEMS.len(), "a sample of every game");
    for (path, opened) in samples {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let board_sheet = opened.sheets()[0].id;
        let base =
            ExportOptions { scale: opened.default_scale(), paper: opened.default_paper(), ..ExportOptions::default() };
        // At half the game's own scale (several pages), and at a tenth (one page holds it).
        let base = ExportOptions { scale: base.scale / 2.0, ..base };
        let mut board = None;
        for (scale, several) in [(base.scale, true), (base.scale / 5.0, false)] {
            let options = ExportOptions { scale, sheets: Sheets::only(&[board_sheet]), ..base.clone() };
            let report = opened.export_pdf(&options, &mut |_, _| {}).unwrap();
            let poster = report.poster.expect("the board sheet prints the poster");
            let poster_pages = usize::from(poster.across) * usize::from(poster.down);
            let assembly = usize::from(poster_pages > 1);
            assert_eq!(poster_pages > 1, several, "{name} at {scale} pt a unit: {poster_pages} poster pages");
            assert_eq!(report.pages, assembly + poster_pages, "{name} at {scale} pt a unit");
            if assembly == 1 {
                let first = &report.page_text[0];
                assert!(first.contains("assembling the"), "{name}: the assembly page comes first");
                for row in 1..=poster.down {
                    for col in 1..=poster.across {
                        assert!(
                            first.contains(&format!("R{row}C{col}")),
                            "{name}: the assembly page names R{row}C{col}"
                        );
                    }
                }
            } else {
                assert!(!report.page_text[0].contains("assembling the"), "{name}: one page needs no assembly");
            }
            for (index, text) in report.page_text.iter().enumerate().skip(assembly) {
                assert!(text.contains("page R"), "{name}: page {} is a poster page", index + 1);
            }
            board.get_or_insert(report);
        }
        let board = board.unwrap();
        let all = ExportOptions { sheets: Sheets::ALL, ..base.clone() };
        let whole = opened.export_pdf(&all, &mut |_, _| {}).unwrap();
        assert!(whole.pages > board.pages, "{name}: the game's own sheets follow the board's");
        // The same pages, but for the foot's "page i of n".
        let body = |text: &str| text.lines().filter(|l| !l.contains(" - page ")).collect::<Vec<_>>().join("\n");
        let same = (0..board.pages).all(|i| body(&whole.page_text[i]) == body(&board.page_text[i]));
        assert!(same, "{name}: the board's pages come first, unchanged, when every sheet is printed");
        // The PNG is the board job drawn whole: its size is the poster's board at the dpi.
        let png = opened.export_png(base.scale, 50, false, skirmish_studio::export::PrintArt::NONE).unwrap();
        let (w, h) = png_size(&png);
        let layout = board_units(board.page_text.last().unwrap());
        let expected = |units: u16| (f32::from(units) * base.scale * 50.0 / 72.0).round() as u32;
        assert_eq!((w, h), (expected(layout.0), expected(layout.1)), "{name}: the PNG is the whole board");
    }
}

/// The board's size in poster units, as the last poster page names them: squares by number
/// ("squares 12-17 across, 6-11 down"), lengths from the edges ("14 to 21 inches across, 10 to
/// 18 down").
fn board_units(last_poster_page: &str) -> (u16, u16) {
    let line = last_poster_page
        .lines()
        .find(|l| l.contains(" across, "))
        .unwrap_or_else(|| panic!("a poster page names its part: {last_poster_page}"));
    // "Table page R2C3 (row 2 of 2, column 3 of 3): ..." or, on a narrow page, "Table page R2C3: ...".
    let extent = line.split_once(": ").expect("a poster page names its part of the board").1;
    let (across, down) = extent.split_once(" across, ").expect("a poster page says what it holds across");
    let down = down.split(" down").next().unwrap();
    if let Some(squares) = across.strip_prefix("squares ") {
        let last = |part: &str| -> u16 { part.trim().split('-').nth(1).unwrap().trim().parse::<u16>().unwrap() + 1 };
        (last(squares), last(down))
    } else {
        let end =
            |part: &str| -> u16 { part.split(" to ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap() };
        (end(across), end(down))
    }
}

#[test]
fn every_page_of_every_samples_pdf_keeps_its_text_inside_the_margins() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut outside = Vec::new();
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let opened = skirmish_studio::systems::system_of(&text).unwrap().rules(None).unwrap().open(&text).unwrap();
        // Every sheet, at the game's own scale and paper, as the Export dialog starts.
        let options =
            ExportOptions { scale: opened.default_scale(), paper: opened.default_paper(), ..ExportOptions::default() };
        let report = opened.export_pdf(&options, &mut |_, _| {}).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        outside.extend(report.text_outside_margins.iter().map(|line| format!("{name} {line}")));
    }
    assert!(outside.is_empty(), "{} pieces of text outside the margins:\n{}", outside.len(), outside.join("\n"));
}
