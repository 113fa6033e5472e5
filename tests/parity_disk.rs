//! A file changed on disk by another program while it is open (issue 77, item 4): the studio
//! notices, offers to reload, to keep its own version or to compare, never saves over the
//! other program's change without being told to, and autosave writes only its recovery file.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use skirmish_studio::ui::{AppConfig, DeskExt as _, Modal, Prefs, StudioApp, UiCommand};
use std::path::{Path, PathBuf};
use window_common::{Answers, GameDesks as _, sample};

/// A copy of a sample in a folder of its own, opened in the window with autosave on.
fn opened(name: &str, test: &str) -> (Harness<'static, StudioApp>, PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("parity-disk-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let file = dir.join(name);
    std::fs::copy(sample(name), &file).unwrap();
    let config = AppConfig {
        data_dir: Some(dir.join("data")),
        dialogs: Box::new(Answers { open: None, save: None }),
        prefs: Prefs::default(),
        open: Some(file.clone()),
    };
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::new(config));
    harness.run_steps(3);
    assert_eq!(harness.state().desk.path(), Some(file.as_path()), "{}", harness.state().status);
    (harness, file, dir)
}

/// Another program's edit: the scenario's name changed in the file.
fn edit_elsewhere(file: &Path, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "the sample has {from}");
    let changed = text.replacen(from, to, 1);
    std::fs::write(file, &changed).unwrap();
    changed
}

fn prompt_shown(harness: &Harness<'static, StudioApp>) -> bool {
    matches!(harness.state().modal, Some(Modal::DiskChanged(_)))
}

#[test]
fn parity_a_file_changed_on_disk_with_no_edits_here_is_offered_for_reload_and_reloads() {
    let (mut harness, file, _dir) = opened("bridgehead.ron", "reload");
    harness.state_mut().check_disk();
    assert!(!prompt_shown(&harness), "nothing changed yet");
    let theirs = edit_elsewhere(&file, "name: \"Bridgehead\"", "name: \"Bridgehead at dawn\"");
    harness.state_mut().check_disk();
    harness.run_steps(2);
    assert!(prompt_shown(&harness));
    harness.get_by_label("The file changed on disk");
    harness.get_by_label_contains("You have no unsaved edits here");
    harness.get_by_label("Reload").click();
    harness.run_steps(2);
    assert!(!prompt_shown(&harness));
    assert_eq!(harness.state().desk.name(), "Bridgehead at dawn");
    assert!(!harness.state().desk.is_modified());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), theirs, "reloading writes nothing");
}

#[test]
fn parity_with_unsaved_edits_save_is_refused_until_a_choice_and_keep_mine_then_saves_over_it() {
    let (mut harness, file, dir) = opened("crossroads-duel.ron", "keep");
    // My edit here: a forest painted on an open square.
    {
        use skirmish_studio::systems::swat::editing::Op;
        let desk = harness.state_mut().swat_mut().unwrap();
        let rules = std::sync::Arc::clone(&desk.editor.rules);
        let forest = Op::Terrain(rules.terrain_id("forest").unwrap());
        let square = skirmish_studio::systems::swat::rules::Pos::new(0, 0);
        desk.editor.doc.apply_ops(&rules, "Paint forest", &[(square, forest)], None, true, None);
    }
    assert!(harness.state().desk.is_modified());
    let mine = harness.state().desk.text().unwrap();
    let theirs = edit_elsewhere(&file, "name: \"Crossroads Duel\"", "name: \"Their duel\"");
    // Saving before the studio has looked (the poll has not run): refused all the same.
    harness.state_mut().queue(UiCommand::Save);
    harness.run_steps(3);
    assert!(prompt_shown(&harness), "{}", harness.state().status);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), theirs, "the other program's change stands");
    harness.get_by_label_contains("you have unsaved edits here");
    // Autosave meanwhile writes only its recovery file.
    harness.state_mut().autosave(1000.0);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), theirs);
    assert_eq!(std::fs::read_to_string(dir.join("data").join("recovery.ron")).unwrap(), mine);
    // Compare shows both versions' differing lines.
    harness.get_by_label("Compare").click();
    harness.run_steps(2);
    harness.get_by_label("On disk");
    assert!(harness.query_all_by_label_contains("Their duel").next().is_some(), "their line is shown");
    assert!(harness.query_all_by_label_contains("\"Crossroads Duel\"").next().is_some(), "my line is shown");
    harness.get_by_label("Keep mine").click();
    harness.run_steps(2);
    assert!(!prompt_shown(&harness));
    harness.state_mut().queue(UiCommand::Save);
    harness.run_steps(3);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), mine, "told to, it saves over theirs");
    assert!(!harness.state().desk.is_modified());
}

#[test]
fn parity_a_file_deleted_while_open_is_said_and_saving_writes_it_again() {
    let (mut harness, file, _dir) = opened("ms-town.ron", "removed");
    std::fs::remove_file(&file).unwrap();
    harness.state_mut().check_disk();
    harness.run_steps(2);
    harness.get_by_label_contains("deleted or moved");
    assert!(harness.query_by_label("Reload").is_none(), "nothing to reload");
    harness.get_by_label("Keep mine").click();
    harness.run_steps(2);
    harness.state_mut().queue(UiCommand::Save);
    harness.run_steps(3);
    assert!(std::fs::read_to_string(&file).unwrap().contains("Town"));
}
