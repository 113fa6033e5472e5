//! The designer's background image in every game, through the command line as a user runs
//! it: a scenario names an image beside it, `validate` is clean, the PDF embeds the image at
//! its own pixels under the board (and the PNG draws it), a missing image is a warning with
//! "Find the file…" while the scenario still validates and prints, and a path leaving the
//! scenario's folder or a zero distance is refused where the file says it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cli_common::{pdf_image_sizes, run_args};
use std::path::{Path, PathBuf};

/// One sample of each game.
const SAMPLES: [&str; 4] = ["bridgehead.ron", "skirm-ruined-crossing.ron", "aa-hedgerow-crossing.ron", "ms-town.ron"];

const BOARD_PNG: &str = "tests/fixtures/images/board-300x200.png";

/// The sample with a backdrop naming `image`, in a fresh folder of its own; returns the
/// scenario's path.
fn with_backdrop(sample: &str, image: &str, distance: f64, copy_image: bool) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir =
        std::env::temp_dir().join(format!("skirmish-art-{}-{sample}-{distance}-{copy_image}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    if copy_image {
        std::fs::copy(root.join(BOARD_PNG), dir.join("assets/board.png")).unwrap();
    }
    let text = std::fs::read_to_string(root.join("scenarios").join(sample)).unwrap();
    let end = text.trim_end().rfind(')').unwrap();
    let field = format!(
        "    backdrop: Some(Backdrop(image: \"{image}\", points: ((0.0, 0.0), (300.0, 0.0)), distance: {distance}, at: (0.0, 0.0))),\n"
    );
    let patched = format!("{}{field}{}", &text[..end], &text[end..]);
    let path = dir.join(sample);
    std::fs::write(&path, patched).unwrap();
    path
}

#[test]
fn every_game_prints_its_background_image_at_its_own_pixels() {
    for sample in SAMPLES {
        let scenario = with_backdrop(sample, "assets/board.png", 6.0, true);
        let path = scenario.to_str().unwrap();
        let (code, out, _) = run_args(&["validate", path]);
        assert_eq!(code, 0, "{sample}: {out}");
        assert!(!out.contains("background-image"), "{sample}: {out}");
        let pdf = scenario.with_extension("pdf");
        let png = scenario.with_extension("png");
        let (code, out, err) =
            run_args(&["export", path, "--pdf", pdf.to_str().unwrap(), "--png", png.to_str().unwrap()]);
        assert_eq!(code, 0, "{sample}: {out} {err}");
        assert!(!out.contains("left out"), "{sample}: {out}");
        // 300 pixels over 6 board units of an inch or more: far below what prints sharp.
        assert!(out.contains("Background image assets/board.png: 300 x 200 pixels printed"), "{sample}: {out}");
        assert!(out.contains("below the 150 dpi a print needs to look sharp"), "{sample}: {out}");
        let sizes = pdf_image_sizes(&std::fs::read(&pdf).unwrap());
        assert!(
            sizes.contains(&(300, 200)),
            "{sample}: the PDF holds the image at its own 300 x 200 pixels: {sizes:?}"
        );
        assert!(std::fs::metadata(&png).unwrap().len() > 0);
    }
}

#[test]
fn a_missing_background_image_is_a_warning_with_a_fix_and_the_scenario_still_prints() {
    for sample in SAMPLES {
        let scenario = with_backdrop(sample, "assets/board.png", 6.0, false);
        let path = scenario.to_str().unwrap();
        let (code, out, _) = run_args(&["validate", path]);
        assert_eq!(code, 0, "a warning, not an error: {out}");
        assert!(out.contains("warning[background-image-unreadable]"), "{sample}: {out}");
        assert!(out.contains("assets/board.png") && out.contains("(fix: Find the file…)"), "{sample}: {out}");
        let pdf = scenario.with_extension("pdf");
        let (code, out, err) = run_args(&["export", path, "--pdf", pdf.to_str().unwrap()]);
        assert_eq!(code, 0, "{sample}: {err}");
        assert!(out.contains("note: the background image is left out of the print"), "{sample}: {out}");
        assert!(pdf_image_sizes(&std::fs::read(&pdf).unwrap()).is_empty());
    }
}

#[test]
fn a_background_image_outside_the_folder_or_at_no_scale_is_refused_where_the_file_says() {
    for sample in SAMPLES {
        for (image, distance, says) in [
            ("../board.png", 6.0, "leaves the scenario's folder"),
            ("/etc/board.png", 6.0, "leaves the scenario's folder"),
            ("assets/board.png", 0.0, "backdrop.distance: must be more than 0"),
        ] {
            let scenario = with_backdrop(sample, image, distance, true);
            let (code, _, err) = run_args(&["validate", scenario.to_str().unwrap()]);
            assert_eq!(code, 2, "{sample} {image} {distance}: {err}");
            assert!(err.contains(says), "{sample} {image}: expected '{says}' in {err}");
            assert!(err.contains("line "), "{sample}: the refusal says where: {err}");
        }
    }
}
