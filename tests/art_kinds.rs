//! The designer's art per kind, logo and cover in every game, through the command line as a
//! user runs it: a scenario's `art` names images beside it, `validate` is clean, the PDF embeds
//! each at its own pixels (a kind's art where that kind is drawn, the cover and logo on the
//! setup sheet's cover page) and notes art printed below 150 dpi on the page that prints it; a
//! missing image is a warning with "Find the file…" while the scenario still prints; a path
//! leaving the scenario's folder is refused where the file says it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cli_common::{pdf_image_sizes, run_args};
use skirmish_studio::art::{ArtBook, LoadedArt};
use std::path::{Path, PathBuf};

/// One sample of each game, with a kind it draws: a terrain, a unit kind, a piece kind, a
/// troop type.
const SAMPLES: [(&str, &str); 4] = [
    ("bridgehead.ron", "forest"),
    ("skirm-ruined-crossing.ron", "difficult"),
    ("aa-hedgerow-crossing.ron", "building"),
    ("ms-town.ron", "building"),
];

/// The sample with `art` spliced in as the file's last field, in a fresh folder of its own
/// holding the fixture images under `assets/`; returns the scenario's path.
fn with_art(sample: &str, art: &str, tag: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("skirmish-kind-art-{}-{sample}-{tag}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    for image in ["board-300x200.png", "photo.jpg"] {
        std::fs::copy(root.join("tests/fixtures/images").join(image), dir.join("assets").join(image)).unwrap();
    }
    let text = std::fs::read_to_string(root.join("scenarios").join(sample)).unwrap();
    let end = text.trim_end().rfind(')').unwrap();
    let patched = format!("{}    art: {art},\n{}", &text[..end], &text[end..]);
    let path = dir.join(sample);
    std::fs::write(&path, patched).unwrap();
    path
}

#[test]
fn every_game_prints_a_kinds_art_and_the_cover_at_their_own_pixels() {
    for (sample, kind) in SAMPLES {
        let art = format!(
            "(kinds: {{\"{kind}\": \"assets/photo.jpg\"}}, logo: \"assets/photo.jpg\", cover: \"assets/board-300x200.png\")"
        );
        let scenario = with_art(sample, &art, "good");
        let path = scenario.to_str().unwrap();
        let (code, out, err) = run_args(&["validate", path]);
        assert_eq!(code, 0, "{sample}: {out} {err}");
        assert!(!out.contains("art-image-unreadable"), "{sample}: {out}");
        let pdf = scenario.with_extension("pdf");
        let png = scenario.with_extension("png");
        let (code, out, err) =
            run_args(&["export", path, "--pdf", pdf.to_str().unwrap(), "--png", png.to_str().unwrap()]);
        assert_eq!(code, 0, "{sample}: {out} {err}");
        assert!(!out.contains("left out"), "{sample}: {out}");
        let sizes = pdf_image_sizes(&std::fs::read(&pdf).unwrap());
        assert!(sizes.contains(&(64, 48)), "{sample}: the kind's art and logo at 64 x 48 pixels: {sizes:?}");
        assert!(sizes.contains(&(300, 200)), "{sample}: the cover at 300 x 200 pixels: {sizes:?}");
        assert!(std::fs::metadata(&png).unwrap().len() > 0);
    }
}

#[test]
fn the_cover_page_and_the_low_resolution_note_are_on_the_pages_that_print_them() {
    use skirmish_studio::export::ExportOptions;
    for (sample, kind) in SAMPLES {
        let art = format!("(kinds: {{\"{kind}\": \"assets/photo.jpg\"}}, cover: \"assets/board-300x200.png\")");
        let scenario = with_art(sample, &art, "pages");
        let text = std::fs::read_to_string(&scenario).unwrap();
        let opened = skirmish_studio::systems::system_of(&text).unwrap().rules(None).unwrap().open(&text).unwrap();
        let loaded = skirmish_studio::art::art_for_print(opened.art(), Some(&scenario));
        assert!(loaded.missing.is_empty(), "{sample}: {:?}", loaded.missing);
        let base =
            ExportOptions { scale: opened.default_scale(), paper: opened.default_paper(), ..ExportOptions::default() };
        let options = ExportOptions { art: Some(std::sync::Arc::new(loaded)), ..base.clone() };
        let report = opened.export_pdf(&options, &mut |_, _| {}).unwrap();
        let cover =
            report.page_text.iter().position(|t| t.contains("Cover: assets/board-300x200.png, 300 x 200 pixels"));
        assert!(cover.is_some(), "{sample}: a cover page names its image");
        // 64 pixels across anything an inch or more wide is under 150 dpi: the page says so.
        let soft = report.page_text.iter().filter(|t| t.contains("Art below 150 dpi on this page: assets/photo.jpg"));
        assert!(soft.count() >= 1, "{sample}: a page that prints the kind's art notes its low resolution");
        assert!(report.text_outside_margins.is_empty(), "{sample}: {:?}", report.text_outside_margins);
        // Without art there is neither.
        let plain = opened.export_pdf(&base, &mut |_, _| {}).unwrap();
        assert!(
            !plain.page_text.iter().any(|t| t.contains("Cover: assets/") || t.contains("Art below 150 dpi")),
            "{sample}"
        );
    }
}

#[test]
fn a_missing_art_image_is_a_warning_with_a_fix_and_the_scenario_still_prints() {
    for (sample, kind) in SAMPLES {
        let art = format!("(kinds: {{\"{kind}\": \"assets/missing.png\"}})");
        let scenario = with_art(sample, &art, "missing");
        let path = scenario.to_str().unwrap();
        let (code, out, _) = run_args(&["validate", path]);
        assert_eq!(code, 0, "a warning, not an error: {out}");
        assert!(out.contains("warning[art-image-unreadable]"), "{sample}: {out}");
        assert!(out.contains(&format!("kind '{kind}'")), "{sample}: names what the image is for: {out}");
        assert!(out.contains("assets/missing.png") && out.contains("(fix: Find the file…)"), "{sample}: {out}");
        let pdf = scenario.with_extension("pdf");
        let (code, out, err) = run_args(&["export", path, "--pdf", pdf.to_str().unwrap()]);
        assert_eq!(code, 0, "{sample}: {err}");
        assert!(out.contains("note: the image 'assets/missing.png' is left out of the print"), "{sample}: {out}");
        assert!(pdf_image_sizes(&std::fs::read(&pdf).unwrap()).is_empty());
    }
}

#[test]
fn an_art_path_outside_the_folder_is_refused_where_the_file_says() {
    for (sample, kind) in SAMPLES {
        for (art, says) in [
            (format!("(kinds: {{\"{kind}\": \"../photo.jpg\"}})"), "leaves the scenario's folder"),
            ("(logo: \"/etc/logo.png\")".to_owned(), "art.logo"),
            ("(cover: \"assets/photo.jpg\", colour: 3)".to_owned(), "colour"),
        ] {
            let scenario = with_art(sample, &art, "refused");
            let (code, _, err) = run_args(&["validate", scenario.to_str().unwrap()]);
            assert_eq!(code, 2, "{sample} {art}: {err}");
            assert!(err.contains(says), "{sample} {art}: expected '{says}' in {err}");
            assert!(err.contains("line "), "{sample}: the refusal says where: {err}");
        }
    }
}

#[test]
fn a_units_art_is_looked_up_from_the_most_particular_name_given() {
    let picture = |w: u32| {
        std::sync::Arc::new(skirmish_studio::art::Picture {
            width: w,
            height: 1,
            rgba: std::sync::Arc::new(vec![0; w as usize * 4]),
            format: skirmish_studio::art::PictureFormat::Png,
            encoded: std::sync::Arc::new(Vec::new()),
        })
    };
    let mut art = LoadedArt::default();
    for (name, w) in [("tank", 1), ("tank@red", 2), ("tank@red:reduced", 3), ("Tank:reduced", 4)] {
        art.kinds.insert(name.to_owned(), picture(w));
    }
    let width = |side, face| art.kind("tank", side, face).map(|p| p.width);
    assert_eq!(width(None, None), Some(1));
    assert_eq!(width(Some("red"), None), Some(2));
    assert_eq!(width(Some("red"), Some("reduced")), Some(3));
    assert_eq!(width(Some("blue"), Some("reduced")), Some(4), "kinds match without regard to case");
    assert_eq!(width(Some("blue"), None), Some(1));
    assert_eq!(art.kind("infantry", None, None).map(|p| p.width), None);
    assert!(ArtBook::default().is_empty());
}
