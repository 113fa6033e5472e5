//! The Art panel in the real window of every game, driven headless with egui_kittest: Tools >
//! Art... lists the game's kinds, "Choose image…" assigns an image (copied beside the scenario
//! into its assets folder) as one undoable step, Undo and Redo take it back and forth, and
//! Remove gives the kind the studio's own symbol again.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use skirmish_studio::ui::{AppConfig, Prefs, StudioApp};
use std::path::{Path, PathBuf};
use window_common::{Answers, menu, sample};

/// One sample of each game, copied into a folder of its own; the image lies outside it.
/// `tag` keeps each test's folder its own: the tests run at once in one process.
fn window_on_copy(name: &str, tag: &str) -> (Harness<'static, StudioApp>, PathBuf) {
    let dir = std::env::temp_dir().join(format!("skirmish-art-ui-{tag}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join(name);
    std::fs::copy(sample(name), &scenario).unwrap();
    let image = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/images/photo.jpg");
    let config = AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: Some(image), save: None }),
        prefs: Prefs::default(),
        open: Some(scenario),
    };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::new(config));
    harness.run_steps(4);
    (harness, dir)
}

fn kinds_with_art(harness: &Harness<'static, StudioApp>) -> Vec<(String, String)> {
    let art = harness.state().desk.document().art().clone();
    art.kinds.into_iter().collect()
}

#[test]
fn every_game_assigns_art_to_a_kind_in_the_art_panel_and_undoes_it() {
    for name in ["bridgehead.ron", "skirm-ruined-crossing.ron", "aa-hedgerow-crossing.ron", "ms-town.ron"] {
        let (mut harness, dir) = window_on_copy(name, "assign");
        menu(&mut harness, "Tools", "Art...");
        assert!(harness.state().art.open, "{name}: Tools > Art... opens the panel");
        assert!(kinds_with_art(&harness).is_empty());
        // The first row is the game's first kind; its image is chosen through the file dialog.
        harness.get_all_by_label("Choose image…").next().expect("a row per kind").click();
        harness.run_steps(3);
        let assigned = kinds_with_art(&harness);
        assert_eq!(assigned.len(), 1, "{name}: one kind has art: {assigned:?} ({})", harness.state().status);
        assert_eq!(assigned[0].1, "assets/photo.jpg", "{name}: kept beside the scenario");
        assert!(dir.join("assets/photo.jpg").is_file(), "{name}: the image is copied into the scenario's folder");
        assert!(harness.state().status.contains("is now the art for"), "{}", harness.state().status);
        // The row now says the image's size and how sharply the board prints it.
        assert!(harness.query_by_label_contains("assets/photo.jpg: 64 x 48 pixels").is_some(), "{name}");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(3);
        assert!(kinds_with_art(&harness).is_empty(), "{name}: undone as one step");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
        harness.run_steps(3);
        assert_eq!(kinds_with_art(&harness), assigned, "{name}: redone");
        harness.get_by_label("Remove image").click();
        harness.run_steps(3);
        assert!(kinds_with_art(&harness).is_empty(), "{name}: removed");
        assert!(harness.state().desk.document().is_modified());
    }
}

#[test]
fn an_image_that_is_not_one_is_refused_in_a_dialog_and_nothing_changes() {
    let (mut harness, dir) = window_on_copy("bridgehead.ron", "refused");
    let fake = dir.join("notes.png");
    std::fs::write(&fake, "not an image").unwrap();
    harness.state_mut().dialogs = Box::new(Answers { open: Some(fake), save: None });
    menu(&mut harness, "Tools", "Art...");
    harness.get_all_by_label("Choose image…").next().unwrap().click();
    harness.run_steps(3);
    assert!(kinds_with_art(&harness).is_empty());
    let modal = format!("{:?}", harness.state().modal);
    assert!(modal.contains("The image was not assigned") && modal.contains("notes.png"), "{modal}");
    assert!(!harness.state().desk.document().is_modified(), "nothing was recorded");
}

#[test]
fn an_unreadable_image_is_a_finding_in_every_game_and_find_the_file_puts_one_in_its_place() {
    let kinds = [
        ("bridgehead.ron", "forest"),
        ("skirm-ruined-crossing.ron", "difficult"),
        ("aa-hedgerow-crossing.ron", "building"),
        ("ms-town.ron", "building"),
    ];
    for (name, kind) in kinds {
        let (mut harness, dir) = window_on_copy(name, "find");
        // The scenario names an image that is not there.
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let end = text.trim_end().rfind(')').unwrap();
        let art = format!("    art: (kinds: {{\"{kind}\": \"assets/lost.png\"}}),\n");
        std::fs::write(&path, format!("{}{art}{}", &text[..end], &text[end..])).unwrap();
        harness.state_mut().open_path(&path).unwrap();
        harness.run_steps(4);
        assert!(
            harness.query_by_label_contains("cannot be read, so the studio draws its own symbol").is_some(),
            "{name}: the findings say so"
        );
        harness.get_by_label("Find the file…").click();
        harness.run_steps(3);
        assert_eq!(kinds_with_art(&harness), vec![(kind.to_owned(), "assets/photo.jpg".to_owned())], "{name}");
        assert!(harness.query_by_label_contains("cannot be read, so the studio").is_none(), "{name}: mended");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(3);
        assert_eq!(kinds_with_art(&harness), vec![(kind.to_owned(), "assets/lost.png".to_owned())], "{name}: undone");
    }
}
