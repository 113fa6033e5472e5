//! No text under 12 px on the editor, playtest and balance screens at the default scale, for
//! every game: the test reads the size of every piece of text the window drew (issue 26,
//! item 7).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui::Key;
use egui::epaint::Shape;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use window_common::drawn_text;

use skirmish_studio::ui::DeskExt as _;
use skirmish_studio::ui::{Prefs, StudioApp};

fn harness(open: &str, prefs: Prefs) -> Harness<'static, StudioApp> {
    window_common::window_on(open, prefs)
}

/// Every piece of text drawn last frame smaller than 12 px, with its size.
fn small_text(harness: &Harness<'static, StudioApp>) -> Vec<(String, f32)> {
    fn walk(shape: &Shape, scale: f32, found: &mut Vec<(String, f32)>) {
        match shape {
            Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, scale, found)),
            Shape::Text(text) => {
                for section in &text.galley.job.sections {
                    let px = section.format.font_id.size * scale;
                    let range = section.byte_range.start.0..section.byte_range.end.0;
                    let words = text.galley.job.text.get(range).unwrap_or_default().trim().to_owned();
                    if px < 11.95 && !words.is_empty() {
                        found.push((words, px));
                    }
                }
            }
            _ => {}
        }
    }
    let output = harness.output();
    let scale = output.pixels_per_point;
    let mut found = Vec::new();
    for clipped in &output.shapes {
        walk(&clipped.shape, scale, &mut found);
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found.dedup_by(|a, b| a.0 == b.0);
    found
}

fn results_shown(harness: &Harness<'static, StudioApp>) -> bool {
    let app = harness.state();
    app.balance.run.is_none() && app.balance.shown(app.desk.revision()).is_some()
}

fn all_panels() -> Prefs {
    Prefs {
        show_statistics: true,
        show_history: true,
        show_settings: true,
        show_balance: true,
        show_race: true,
        ..Prefs::default()
    }
}

fn assert_readable(harness: &Harness<'static, StudioApp>, screen: &str) {
    let small = small_text(harness);
    assert!(small.is_empty(), "{screen}: text under 12 px: {small:?}");
}

#[test]
fn every_games_editor_with_every_panel_draws_no_text_under_12_px() {
    for file in ["crossroads-duel.ron", "skirm-night-extraction.ron", "aa-three-farms.ron", "ms-town.ron"] {
        let harness = harness(file, all_panels());
        assert_readable(&harness, &format!("{file}, editor"));
    }
}

#[test]
fn every_games_playtest_draws_no_text_under_12_px() {
    for file in ["crossroads-duel.ron", "skirm-night-extraction.ron", "aa-three-farms.ron", "ms-town.ron"] {
        let mut harness = harness(file, Prefs::default());
        harness.key_press(Key::F5);
        harness.run_steps(4);
        assert!(harness.state().desk.in_playtest(), "{file}");
        assert_readable(&harness, &format!("{file}, playtest"));
    }
}

#[test]
fn the_balance_panel_with_results_draws_no_text_under_12_px() {
    let mut harness = harness("crossroads-duel.ron", all_panels());
    harness.state_mut().balance.games = 40;
    harness.get_by_label("Run balance games").click();
    for waited in 0.. {
        harness.run_steps(1);
        if results_shown(&harness) {
            break;
        }
        assert!(waited < 800, "waited 20 s for the balance results to show, in vain");
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    harness.run_steps(2);
    assert!(results_shown(&harness), "the balance run finished");
    assert_readable(&harness, "balance panel");
    // The charts have axes and legends; the verdict says how it was reached.
    let drawn = drawn_text(&harness);
    for label in ["0%", "50%", "100%", "round 1"] {
        assert!(drawn.iter().any(|t| t == label), "the charts draw {label:?}: {drawn:?}");
    }
    harness.get_by_label_contains("Share of wins: bar, 95% interval");
    let explained = harness.query_by_label_contains("once the sequential test could tell").is_some()
        || harness.query_by_label_contains("A fixed count of 40 games").is_some()
        || harness.query_by_label_contains("All 40 games played without the sequential test deciding").is_some();
    assert!(explained, "the panel says how the verdict was reached");
    // The heatmap has a legend, and pointing at a place says what happened there.
    harness.get_by_label("Show the heatmap: where properties changed hands").click();
    harness.run_steps(2);
    harness.get_by_label_contains("changes of hands at a place in 40 games");
    let (app, revision) = (harness.state(), harness.state().desk.revision());
    let cell = app.balance.shown(revision).unwrap().heatmap.first().cloned().expect("places changed hands");
    let place = app.placement.expect("the map was drawn");
    let centre = place.board_rect_on_screen(app.desk.place_board_rect(cell.at)).center();
    harness.hover_at(centre);
    harness.run_steps(2);
    let drawn = drawn_text(&harness);
    assert!(drawn.iter().any(|t| t.contains("changes of hands in 40 games")), "a tooltip over the heatmap: {drawn:?}");
    assert!(drawn.iter().any(|t| t.starts_with("taken by ")), "who took it: {drawn:?}");
    assert_readable(&harness, "balance panel with the heatmap");
    // A dialog opened over the board covers the heatmap (issue 38, item 10): every label of the
    // heatmap is painted before the dialog, and pointing through the dialog shows no tooltip.
    harness.state_mut().prefs.own_file_dialog = true;
    harness.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, Key::S);
    harness.run_steps(3);
    harness.hover_at(centre);
    harness.run_steps(2);
    let order = drawn_text(&harness);
    let dialog = order.iter().position(|t| t.contains("Save as")).expect("the Save dialog is drawn");
    let last_label = order.iter().rposition(|t| t.contains("\nR")).expect("the heatmap's labels are drawn");
    assert!(last_label < dialog, "a heatmap label is painted over the Save dialog: {order:?}");
    let dialog_rect = harness.get_by_label_contains("Save as").rect();
    if dialog_rect.contains(centre) {
        assert!(
            !order.iter().any(|t| t.contains("changes of hands in")),
            "the heatmap's tooltip shows through the dialog"
        );
    }
}

#[test]
fn a_larger_ui_scale_draws_text_larger() {
    let prefs = Prefs { ui_scale: 1.5, ..Prefs::default() };
    let harness = harness("crossroads-duel.ron", prefs);
    assert!((harness.output().pixels_per_point - 1.5).abs() < 1e-3, "{}", harness.output().pixels_per_point);
}

#[test]
fn on_the_largest_sample_board_with_every_panel_open_each_counter_shows_its_type_at_12_px() {
    // Four Corners is 24 squares a side, so its squares are the smallest a sample opens at.
    let harness = harness("four-corners.ron", all_panels());
    assert_readable(&harness, "four-corners.ron, editor");
    let labels = drawn_text(&harness).iter().filter(|t| *t == "INF").count();
    assert_eq!(labels, 4, "each of the four infantry counters shows its type");
}
