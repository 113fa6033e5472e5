//! The New scenario dialog's generated start, in every game: the preview is drawn, "Another"
//! moves to the next seed, a pinned choice holds, and Create opens the generated scenario.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use skirmish_studio::ui::{AppConfig, Prefs, StudioApp};
use window_common::{Answers, sample};

fn harness() -> Harness<'static, StudioApp> {
    harness_on("bridgehead.ron")
}

/// The window at 1280 x 800 on a sample.
fn harness_on(file: &str) -> Harness<'static, StudioApp> {
    let config = AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: None, save: None }),
        prefs: Prefs::default(),
        open: Some(sample(file)),
    };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::new(config));
    harness.run_steps(6);
    harness
}

#[test]
fn every_game_creates_a_generated_start_after_a_preview_and_another_seed() {
    let games = ["Skirmish Wars", "Skirm", "Armored Advance", "Modern Skirmish"];
    for game in games {
        let mut harness = harness();
        harness.get_by_label("File").click();
        harness.run_steps(2);
        harness.get_by_label_contains("New scenario").click();
        harness.run_steps(3);
        // The open document's game is named on its tab too; the dialog's button comes last.
        harness.get_all_by_label(game).last().unwrap().click();
        harness.run_steps(2);
        harness.get_by_label("A generated start").click();
        harness.run_steps(3);
        harness.get_by_label("Generated scenario preview");
        harness.get_by_label_contains("Generated from seed 1:");
        harness.get_by_label("Another").click();
        harness.run_steps(3);
        harness.get_by_label_contains("Generated from seed 2:");
        assert!(
            harness.query_by_label_contains("Generated from seed 1:").is_none(),
            "{game}: the preview did not move on"
        );
        harness.get_by_label("Create").click();
        harness.run_steps(6);
        let title = harness.state().title();
        assert!(title.contains("Generated"), "{game}: the generated scenario is not open: {title}");
        assert!(harness.state().modal.is_none(), "{game}: a dialog is still open");
    }
}

#[test]
fn a_family_the_seed_never_draws_reads_as_none_and_a_pinned_one_makes_its_map() {
    let mut harness = harness();
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("New scenario").click();
    harness.run_steps(3);
    harness.get_by_label("A generated start").click();
    harness.run_steps(3);
    // Not "the seed's (…)": the seed never picks a family.
    let family = harness.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Family");
    assert_eq!(family.value().as_deref(), Some("none (the seed's own map)"));
    family.click();
    harness.run_steps(2);
    harness.get_by_label("four factories a side").click();
    harness.run_steps(4);
    harness.get_by_label_contains("family four factories a side");
    // A family that sets another choice says so where the seed's value would be named.
    let family = harness.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Family");
    family.click();
    harness.run_steps(2);
    harness.get_by_label("islands joined by one bridge").click();
    harness.run_steps(4);
    let terrain = harness.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Terrain");
    assert_eq!(terrain.value().as_deref(), Some("islands (set by family=one-bridge)"));
    harness.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Family").click();
    harness.run_steps(2);
    harness.get_by_label("four factories a side").click();
    harness.run_steps(4);
    harness.get_by_label("Create").click();
    harness.run_steps(6);
    let title = harness.state().title();
    assert!(title.contains("four factories a side"), "the family's map is not open: {title}");
}

#[test]
fn the_new_scenario_dialog_starts_on_the_open_game_and_keeps_its_top_edge_as_it_grows() {
    let mut harness = harness_on("skirm-ruined-crossing.ron");
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("New scenario").click();
    harness.run_steps(3);
    let skirm = skirmish_studio::ui::DESKS.iter().position(|g| g.title() == "Skirm").expect("Skirm is a game");
    match &harness.state().modal {
        Some(skirmish_studio::ui::Modal::NewScenario(form)) => assert_eq!(form.game, skirm, "Skirm's form first"),
        _ => panic!("the New scenario dialog is open"),
    }
    let top = harness.get_by_label("A generated start").rect().top();
    harness.get_by_label("A generated start").click();
    harness.run_steps(4);
    harness.get_by_label("Generated scenario preview");
    let after = harness.get_by_label("A generated start").rect().top();
    assert!((after - top).abs() < 1.0, "the dialog moved from {top} to {after} as it grew");
    // Another game's form, of another height: the buttons stay where they were.
    harness.get_all_by_label("Skirmish Wars").last().unwrap().click();
    harness.run_steps(4);
    let other = harness.get_by_label("A generated start").rect().top();
    assert!((other - top).abs() < 1.0, "the dialog moved from {top} to {other} with another game");
}
