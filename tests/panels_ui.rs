//! The board keeps room beside the panels in every game (issue 38, item 1): at 1280 × 800
//! with Balance open the canvas is at least 640 px wide, at 130% it keeps half the window,
//! and the View menu hides and shows both columns in the editor and in the playtest.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use skirmish_studio::ui::{Prefs, StudioApp};

const SAMPLES: [&str; 4] = ["crossroads-duel.ron", "skirm-night-extraction.ron", "aa-three-farms.ron", "ms-town.ron"];

fn harness(open: &str, prefs: Prefs) -> Harness<'static, StudioApp> {
    window_common::window_on(open, prefs)
}

/// The canvas's width in pixels, as the board was last placed.
fn canvas_px(harness: &Harness<'static, StudioApp>) -> f32 {
    let place = harness.state().placement.expect("the board was drawn");
    place.area.width() * harness.output().pixels_per_point
}

/// Clicks a View menu entry by its label.
fn view_menu(harness: &mut Harness<'static, StudioApp>, entry: &str) {
    harness.get_by_label("View").click();
    harness.run_steps(2);
    // A menu entry's label ends with its shortcut ("Tool panel Ctrl+8").
    let with_shortcut = format!("{entry} Ctrl+");
    {
        let mut entries = harness.query_all_by_label_contains(entry).filter(|n| {
            n.accesskit_node().label().is_some_and(|label| label == entry || label.starts_with(&with_shortcut))
        });
        entries.next().unwrap_or_else(|| panic!("the View menu has {entry:?}")).click();
    }
    harness.run_steps(4);
}

#[test]
fn with_balance_open_every_games_canvas_keeps_at_least_640_px_of_1280() {
    for file in SAMPLES {
        let harness = harness(file, Prefs { show_balance: true, ..Prefs::default() });
        let width = canvas_px(&harness);
        assert!(width >= 640.0, "{file}: the canvas is {width} px wide with Balance open");
        // Balance shares the right column as a tab: the game's side panel gives way to it.
        harness.get_by_label("Scenario");
        harness.get_by_label("Run balance games");
    }
}

#[test]
fn at_130_percent_every_games_canvas_keeps_half_the_window() {
    for file in SAMPLES {
        let harness = harness(file, Prefs { show_balance: true, ui_scale: 1.3, ..Prefs::default() });
        let width = canvas_px(&harness);
        assert!(width >= 640.0, "{file}: the canvas is {width} px of 1280 at 130%");
    }
}

#[test]
fn the_scenario_and_balance_lab_tabs_switch_the_right_column() {
    let mut harness = harness("ms-town.ron", Prefs::default());
    harness.get_by_label("Balance lab").click();
    harness.run_steps(4);
    assert!(harness.state().prefs.show_balance, "the Balance lab tab opens the lab");
    harness.get_by_label("Run balance games");
    harness.get_by_label("Scenario").click();
    harness.run_steps(4);
    assert!(!harness.state().prefs.show_balance, "the Scenario tab brings the game's panel back");
    assert!(harness.query_by_label("Run balance games").is_none());
    // The View menu's Balance entry does the same.
    view_menu(&mut harness, "Balance");
    assert!(harness.state().prefs.show_balance, "View → Balance opens the lab");
}

#[test]
fn the_view_menu_hides_and_shows_both_columns_in_every_game_and_its_playtest() {
    for file in SAMPLES {
        let mut harness = harness(file, Prefs::default());
        for playtest in [false, true] {
            if playtest {
                harness.key_press(Key::F5);
                harness.run_steps(4);
                assert!(harness.state().desk.in_playtest(), "{file}: the playtest began");
            }
            let both = canvas_px(&harness);
            view_menu(&mut harness, "Tool panel");
            let without_tools = canvas_px(&harness);
            view_menu(&mut harness, "Side panel");
            let bare = canvas_px(&harness);
            let at = if playtest { "playtest" } else { "editor" };
            assert!(bare > without_tools && without_tools >= both, "{file} {at}: {both} → {without_tools} → {bare}");
            assert!(bare >= 1200.0, "{file} {at}: with both columns hidden the canvas is nearly the window: {bare}");
            view_menu(&mut harness, "Tool panel");
            view_menu(&mut harness, "Side panel");
            let back = canvas_px(&harness);
            assert!((back - both).abs() < 1.0, "{file} {at}: both columns come back: {both} then {back}");
        }
    }
}

#[test]
fn the_skirmish_wars_panels_name_each_seat_by_its_army_not_a_number() {
    let harness = harness("crossroads-duel.ron", Prefs { show_statistics: true, ..Prefs::default() });
    // The owner palette and the statistics table both name the seats.
    assert!(harness.query_all_by_label("Red").count() >= 2);
    assert!(harness.query_all_by_label("Blue").count() >= 2);
    for numbered in ["P1", "P2", "Player 1", "player 1"] {
        assert!(harness.query_by_label_contains(numbered).is_none(), "a panel says {numbered:?}");
    }
}

#[test]
fn every_games_toolbar_ends_with_playtest_fit_undo_and_redo() {
    for file in SAMPLES {
        let harness = harness(file, Prefs::default());
        for label in ["Playtest", "Fit", "Undo", "Redo"] {
            assert_eq!(harness.query_all_by_label(label).count(), 1, "{file}: one {label} button");
        }
        // A fresh document has nothing to undo or redo.
        assert!(harness.get_by_label("Undo").accesskit_node().is_disabled(), "{file}");
        assert!(harness.get_by_label("Redo").accesskit_node().is_disabled(), "{file}");
    }
}

/// Skirmish Wars' house reading in the Balance panel: "Test every reading" tables
/// `medal_loss`, the verdict at the scenario's own readings names the favoured seat by the
/// scenario's name for it (Bridgehead's Red), never as "player 1", and each value's shift and
/// verdict are seen whole in the side panel.
#[test]
fn the_balance_panel_tests_the_skirmish_wars_reading_and_names_the_favoured_seat() {
    let mut harness = harness("bridgehead.ron", Prefs::default());
    window_common::test_every_reading(&mut harness, 200, 240);
    harness.get_by_label("medal loss");
    harness.get_by_label("always");
    harness.get_by_label_contains("At its own readings (");
    harness.get_by_label_contains("): Red is favoured");
    assert!(harness.query_by_label_contains("player 1").is_none(), "the seats are named, never numbered");
    let shift = harness.get_by_label_contains("First seat ");
    let text = shift.accesskit_node().value().unwrap_or_default().to_owned();
    assert!(text.contains("95% interval") && text.contains("; the verdict "), "{text}");
    let (panel_left, shift) = (harness.get_by_label("medal loss").rect().min.x, shift.rect());
    assert!(shift.min.x >= panel_left - 1.0 && shift.max.x <= 1280.0 - 8.0, "the shift runs off the panel: {shift:?}");
}

/// Whether the whole board is inside the canvas, as it was last placed.
fn board_whole(harness: &Harness<'static, StudioApp>) -> bool {
    let place = harness.state().placement.expect("the board was drawn");
    place.area.expand(0.5).contains_rect(place.board_on_screen())
}

#[test]
fn the_board_fits_again_whenever_a_panel_opens_closes_or_switches_tab_in_every_game() {
    for file in ["bridgehead.ron", "skirm-ruined-crossing.ron", "aa-hedgerow-crossing.ron", "ms-town.ron"] {
        let mut harness = harness(file, Prefs::default());
        assert!(board_whole(&harness), "{file}: the board is whole when opened");
        for step in ["Balance lab", "Scenario"] {
            harness.get_by_label(step).click();
            harness.run_steps(6);
            assert!(board_whole(&harness), "{file}: the board is whole after the {step} tab");
        }
        for entry in ["Tool panel", "Side panel", "Tool panel", "Side panel"] {
            view_menu(&mut harness, entry);
            assert!(board_whole(&harness), "{file}: the board is whole after View, {entry}");
        }
    }
}

#[test]
fn a_board_the_person_zoomed_stays_as_they_left_it_when_a_panel_changes() {
    let mut harness = harness("bridgehead.ron", Prefs::default());
    let fitted = harness.state().placement.expect("the board was drawn").zoom;
    harness.key_press(Key::Equals);
    harness.run_steps(3);
    let zoom = harness.state().placement.expect("the board was drawn").zoom;
    assert!(zoom > fitted * 1.2, "zoomed in from {fitted} to {zoom}");
    harness.get_by_label("Balance lab").click();
    harness.run_steps(6);
    assert_eq!(harness.state().placement.expect("the board was drawn").zoom, zoom, "the chosen zoom is kept");
}

#[test]
fn the_games_at_every_level_and_at_every_reading_can_be_cancelled() {
    let mut harness = harness("crossroads-duel.ron", Prefs { show_balance: true, ..Prefs::default() });
    harness.state_mut().balance.games = 2000;
    for (start, cancel) in
        [("Judge at every level", "Cancel level games"), ("Test every reading", "Cancel reading games")]
    {
        harness.get_by_label(start).click();
        harness.run_steps(3);
        harness.get_by_label(cancel).click();
        harness.run_steps(3);
        // The section is as it was: its button back, no run under way, no result.
        harness.get_by_label(start);
        assert!(harness.query_by_label(cancel).is_none(), "{start}: the run stopped");
        assert!(harness.query_by_label_contains("failed").is_none(), "{start}: a cancel is no failure");
    }
}
