//! Saving, opening, exporting and saving a game on a system with no file dialog at all (no
//! portal, no zenity): the studio's own dialog asks instead, and a typed path is enough
//! (issue 26, item 1).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use skirmish_studio::ui::DeskExt as _;
use skirmish_studio::ui::{AppConfig, Prefs, StudioApp};
use std::path::{Path, PathBuf};
use window_common::{NoDialogs, sample, wait_for_export};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-nodialog-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn harness(open: &str) -> Harness<'static, StudioApp> {
    let config =
        AppConfig { data_dir: None, dialogs: Box::new(NoDialogs), prefs: Prefs::default(), open: Some(sample(open)) };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::new(config));
    harness.run_steps(3);
    harness
}

/// The in-app dialog's text field holding `value`.
fn file_name_field<'h>(harness: &'h Harness<'static, StudioApp>, value: &'h str) -> egui_kittest::Node<'h> {
    let fields: Vec<_> = harness.get_all_by_role(Role::TextInput).map(|n| n.accesskit_node().value()).collect();
    harness
        .query_by(|n| n.role() == Role::TextInput && n.value().as_deref() == Some(value))
        .unwrap_or_else(|| panic!("no field holds {value:?}; the fields hold {fields:?}"))
}

/// Types `path` over the in-app dialog's suggested file name (`suggested`) and presses
/// `button` ("Save" or "Open").
fn answer_in_app(harness: &mut Harness<'static, StudioApp>, suggested: &str, path: &Path) {
    assert!(harness.state().in_app_dialog.is_some(), "the studio's own dialog is open");
    file_name_field(harness, suggested).focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    file_name_field(harness, suggested).type_text(&path.display().to_string());
    harness.run_steps(2);
    harness.key_press(Key::Enter);
    harness.run_steps(3);
}

#[test]
fn save_as_without_a_system_dialog_asks_in_the_window_and_writes_the_typed_path_with_its_extension() {
    let dir = temp_dir("save");
    let mut harness = harness("crossroads-duel.ron");
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.run_steps(3);
    let title = harness.state().in_app_dialog.as_ref().map(|d| d.request.kind.filter_name());
    assert_eq!(title, Some("Skirmish Studio scenario"), "the filter matches what is saved");
    harness.get_by_label_contains("Save as: Skirmish Studio scenario");
    // No extension typed: the filter's is added.
    answer_in_app(&mut harness, "crossroads-duel.ron", &dir.join("mine"));
    let written = dir.join("mine.ron");
    assert!(written.exists(), "saved to {}: {}", written.display(), harness.state().status);
    assert!(harness.state().in_app_dialog.is_none());
    assert_eq!(harness.state().desk.path(), Some(written.as_path()));
    assert!(!harness.state().is_modified());
}

#[test]
fn open_without_a_system_dialog_opens_the_typed_path() {
    let mut harness = harness("crossroads-duel.ron");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run_steps(3);
    assert!(harness.state().in_app_dialog.is_some());
    harness.get_by_label_contains("Open: Scenarios and maps to import");
    // The file name field starts empty when opening: type the whole path there.
    let target = sample("skirm-night-extraction.ron");
    file_name_field(&harness, "").focus();
    harness.run_steps(1);
    file_name_field(&harness, "").type_text(&target.display().to_string());
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(4);
    assert_eq!(harness.state().desk.path(), Some(target.as_path()), "{}", harness.state().status);
    assert_eq!(harness.state().desk.game(), "Skirm");
}

#[test]
fn the_dialog_starts_in_the_open_documents_folder() {
    let mut harness = harness("crossroads-duel.ron");
    let folder = sample("crossroads-duel.ron").parent().unwrap().display().to_string();
    for (modifiers, key) in [(Modifiers::COMMAND | Modifiers::SHIFT, Key::S), (Modifiers::COMMAND, Key::O)] {
        harness.key_press_modifiers(modifiers, key);
        harness.run_steps(3);
        assert!(harness.state().in_app_dialog.is_some());
        let shown = harness.query_by_label(&folder).is_some()
            || harness
                .query_by(|n| n.role() == Role::TextInput && n.value().as_deref() == Some(folder.as_str()))
                .is_some();
        assert!(shown, "the dialog shows {folder}");
        harness.get_by_label("Cancel").click();
        harness.run_steps(3);
    }
}

#[test]
fn cancelling_the_in_app_dialog_says_nothing_was_saved() {
    let mut harness = harness("crossroads-duel.ron");
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.run_steps(3);
    harness.get_by_label("Cancel").click();
    harness.run_steps(3);
    assert!(harness.state().in_app_dialog.is_none());
    assert_eq!(harness.state().status, "Not saved: no file was chosen.");
}

#[test]
fn export_without_a_system_dialog_writes_the_pdf_to_the_typed_path() {
    let dir = temp_dir("export");
    let mut harness = harness("bridgehead.ron");
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Export for print").click();
    harness.run_steps(3);
    harness.get_by_label("Export PDF...").click();
    harness.run_steps(3);
    let kind = harness.state().in_app_dialog.as_ref().map(|d| d.request.kind.filter_name());
    assert_eq!(kind, Some("PDF document"), "an export asks for a PDF, not a scenario");
    answer_in_app(&mut harness, "bridgehead.pdf", &dir.join("board"));
    let target = dir.join("board.pdf");
    let bytes = wait_for_export(&mut harness, &target);
    assert!(bytes.starts_with(b"%PDF"), "{}", harness.state().export.as_ref().map_or("", |e| e.message.as_str()));
}

#[test]
fn a_playtests_save_game_without_a_system_dialog_writes_the_typed_path() {
    let dir = temp_dir("game");
    let mut harness = harness("skirm-night-extraction.ron");
    harness.key_press(Key::F5);
    harness.run_steps(3);
    assert!(harness.state().desk.in_playtest());
    harness.get_by_label("Save game").click();
    harness.run_steps(3);
    let kind = harness.state().in_app_dialog.as_ref().map(|d| d.request.kind.filter_name());
    assert_eq!(kind, Some("Saved game"));
    answer_in_app(&mut harness, "Night Extraction.game.ron", &dir.join("battle.ron"));
    let text = std::fs::read_to_string(dir.join("battle.ron")).expect("the game was saved");
    assert!(!text.is_empty());
    assert!(harness.state().status.starts_with("Saved the game"), "{}", harness.state().status);
}

#[test]
fn a_save_game_to_a_folder_that_does_not_exist_says_so_in_a_dialog_not_a_passing_status() {
    let mut harness = harness("skirm-night-extraction.ron");
    harness.key_press(Key::F5);
    harness.run_steps(3);
    harness.get_by_label("Save game").click();
    harness.run_steps(3);
    let nowhere = std::env::temp_dir().join(format!("no-such-folder-{}", std::process::id())).join("battle.ron");
    answer_in_app(&mut harness, "Night Extraction.game.ron", &nowhere);
    assert!(!nowhere.exists());
    let told = match &harness.state().modal {
        Some(skirmish_studio::ui::Modal::Message(message)) => message.clone(),
        _ => String::new(),
    };
    assert!(told.starts_with("Could not save the game:"), "a dialog says so: {told:?}");
    assert!(
        told.contains("does not exist") && !told.contains("os error"),
        "in words, not an OS error number: {told:?}"
    );
}
