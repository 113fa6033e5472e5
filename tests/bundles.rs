//! A scenario and its art as one bundle: `export --bundle` packs the scenario with every image
//! it names, the bundle validates and prints on "another machine" (a folder with nothing
//! beside it) with its art, the window opens one into a folder beside it and saves one back;
//! a hostile bundle (an entry leaving it, a zip bomb, no scenario, not a zip) is refused with
//! what and where.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cli_common::{pdf_image_sizes, run_args};
use crate::window_common;
use egui_kittest::Harness;
use skirmish_studio::ui::{AppConfig, Prefs, StudioApp};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use window_common::{Answers, menu};

fn fresh(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-bundles-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Bridgehead with art on forest, a logo and a cover, in a folder of its own with its images.
fn scenario_with_art(tag: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = fresh(tag);
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    for image in ["board-300x200.png", "photo.jpg"] {
        std::fs::copy(root.join("tests/fixtures/images").join(image), dir.join("assets").join(image)).unwrap();
    }
    let text = std::fs::read_to_string(root.join("scenarios/bridgehead.ron")).unwrap();
    let end = text.trim_end().rfind(')').unwrap();
    let art = "    art: (kinds: {\"forest\": \"assets/photo.jpg\"}, logo: \"assets/photo.jpg\", cover: \"assets/board-300x200.png\"),\n";
    let path = dir.join("bridgehead.ron");
    std::fs::write(&path, format!("{}{art}{}", &text[..end], &text[end..])).unwrap();
    path
}

#[test]
fn a_bundle_carries_the_scenario_and_its_art_to_another_machine() {
    let scenario = scenario_with_art("pack");
    let elsewhere = fresh("elsewhere");
    let bundle = elsewhere.join("bridgehead.zip");
    let (code, out, err) = run_args(&["export", scenario.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(out.contains("(2 images)"), "each image once: {out}");
    // Nothing else lies beside the bundle: the art comes out of it.
    let (code, out, err) = run_args(&["validate", bundle.to_str().unwrap()]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(!out.contains("unreadable"), "{out}");
    let pdf = elsewhere.join("printed.pdf");
    let (code, out, err) = run_args(&["export", bundle.to_str().unwrap(), "--pdf", pdf.to_str().unwrap()]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(!out.contains("left out"), "{out}");
    let sizes = pdf_image_sizes(&std::fs::read(&pdf).unwrap());
    assert!(sizes.contains(&(64, 48)) && sizes.contains(&(300, 200)), "the art travelled into the print: {sizes:?}");
}

#[test]
fn an_image_the_scenario_names_but_lacks_is_said_and_the_bundle_still_written() {
    let scenario = scenario_with_art("lacks");
    std::fs::remove_file(scenario.parent().unwrap().join("assets/board-300x200.png")).unwrap();
    let bundle = scenario.with_extension("zip");
    let (code, out, _) = run_args(&["export", scenario.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("note: the bundle travels without assets/board-300x200.png"), "{out}");
    assert!(out.contains("(1 images)") || out.contains("(1 image"), "{out}");
}

/// A bundle's entries: each name with its bytes.
type Entries<'a> = Vec<(&'a str, &'a [u8])>;

/// A zip at `path` holding each (name, bytes).
fn zip_of(path: &Path, entries: &[(&str, &[u8])]) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
}

#[test]
fn a_hostile_bundle_is_refused_with_what_and_where() {
    let dir = fresh("hostile");
    let scenario = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bridgehead.ron")).unwrap();
    let zeros = vec![0u8; 60 * 1024 * 1024];
    let cases: Vec<(&str, Entries<'_>, &str)> = vec![
        ("slip.zip", vec![("bridgehead.ron", &scenario), ("../evil.png", b"x")], "leaves the bundle"),
        ("absolute.zip", vec![("bridgehead.ron", &scenario), ("/tmp/evil.png", b"x")], "leaves the bundle"),
        ("bomb.zip", vec![("bridgehead.ron", &scenario), ("assets/huge.png", &zeros)], "unpacks to more than 48 MB"),
        ("empty.zip", vec![("assets/a.png", b"x")], "holds no scenario file"),
        ("two.zip", vec![("a.ron", &scenario), ("b.ron", &scenario)], "holds 2 scenario files"),
    ];
    for (name, entries, says) in cases {
        let path = dir.join(name);
        zip_of(&path, &entries);
        let (code, _, err) = run_args(&["validate", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains(says) && err.contains(name), "{name}: expected '{says}' naming the bundle in: {err}");
    }
    let not_zip = dir.join("text.zip");
    std::fs::write(&not_zip, "just text").unwrap();
    let (code, _, err) = run_args(&["validate", not_zip.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("is not a bundle the studio reads"), "{err}");
    assert!(!dir.parent().unwrap().join("evil.png").exists(), "nothing was written outside");
}

#[test]
fn the_window_opens_a_bundle_beside_it_and_saves_one_with_its_art() {
    let scenario = scenario_with_art("window");
    let bundle = fresh("window-bundles").join("shared.zip");
    let (code, _, err) = run_args(&["export", scenario.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let again = bundle.with_file_name("saved-again.zip");
    let config = AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: None, save: Some(again.clone()) }),
        prefs: Prefs::default(),
        open: Some(bundle.clone()),
    };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::new(config));
    harness.run_steps(4);
    let opened = harness.state().desk.document().path().map(Path::to_path_buf).expect("opened from the bundle");
    assert_eq!(opened, bundle.with_file_name("shared").join("bridgehead.ron"), "unpacked into a folder beside it");
    assert!(opened.with_file_name("assets").join("photo.jpg").is_file());
    assert_eq!(harness.state().desk.document().art().kinds.get("forest").map(String::as_str), Some("assets/photo.jpg"));
    menu(&mut harness, "File", "Bundle with its art");
    assert!(again.is_file(), "the window wrote the bundle: {}", harness.state().status);
    let (code, out, err) = run_args(&["validate", again.to_str().unwrap()]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(!out.contains("unreadable"), "{out}");
}
