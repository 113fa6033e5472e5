//! The window on an Armored Advance table, driven headless with egui_kittest by label: a new
//! table from the dialog, a piece placed with its mirrored echo and undone, a piece turned by
//! its handle, a unit added from the force builder, a sight line between two tanks read out,
//! and a finding fixed with one click.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui::Pos2;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use skirmish_studio::table::UM_PER_INCH;
use skirmish_studio::ui::{AppConfig, Prefs, StudioApp};
use std::path::PathBuf;
use window_common::{Answers, GameDesks, click_at, menu, run_until, sample, settle_findings};

fn harness(open: Option<PathBuf>) -> Harness<'static, StudioApp> {
    let config = AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: None, save: None }),
        prefs: Prefs::default(),
        open,
    };
    let app = StudioApp::new(config);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), app);
    harness.run_steps(6);
    harness
}

/// The screen point of a table point in inches.
fn at(harness: &Harness<'static, StudioApp>, x: f32, y: f32) -> Pos2 {
    let place = harness.state().placement.expect("the table was drawn");
    place.origin + egui::vec2(x, y) * place.zoom
}

fn press_drag_release(harness: &mut Harness<'static, StudioApp>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.run_steps(1);
    harness.drag_at(from);
    harness.run_steps(1);
    for i in 1..=6 {
        harness.hover_at(from + (to - from) * (i as f32 / 6.0));
        harness.run_steps(1);
    }
    harness.drop_at(to);
    harness.run_steps(2);
}

/// Lets the computer play the Axis turn out if the Axis won the roll-off.
fn until_the_allies_act(harness: &mut Harness<'static, StudioApp>) {
    run_until(harness, 20.0, "the computer to hand the turn to the Allies", |app| {
        app.armored().unwrap().play.as_ref().unwrap().play.state().side == 0
    });
}

fn pieces(harness: &Harness<'static, StudioApp>) -> usize {
    harness.state().armored().expect("a table is open").editor.doc.scenario.table.pieces.len()
}

#[test]
fn a_new_table_takes_a_piece_with_its_echo_which_undoes_as_one_step() {
    let mut harness = harness(Some(sample("bridgehead.ron")));
    menu(&mut harness, "File", "New scenario");
    harness.get_by_label("Armored Advance").click();
    harness.run_steps(2);
    harness.get_by_label("Create").click();
    harness.run_steps(8);
    assert_eq!(harness.state().armored().unwrap().editor.doc.scenario.table.width, 48 * UM_PER_INCH);
    harness.get_by_label("Building").click();
    harness.run_steps(2);
    let point = at(&harness, 10.0, 20.0);
    press_drag_release(&mut harness, point, point);
    assert_eq!(pieces(&harness), 2, "the piece and its mirror image");
    let table = &harness.state().armored().unwrap().editor.doc.scenario.table;
    assert_eq!((table.pieces[1].pose.x, table.pieces[1].pose.y), (10 * UM_PER_INCH, 28 * UM_PER_INCH));
    // "Undo " is the menu's entry naming the step, not the toolbar's bare "Undo".
    menu(&mut harness, "Edit", "Undo ");
    assert_eq!(pieces(&harness), 0);
}

#[test]
fn a_piece_turns_by_its_handle_and_its_image_turns_the_mirror_way() {
    let mut harness = harness(Some(sample("aa-hedgerow-crossing.ron")));
    harness.get_by_label("Select and move").click();
    harness.run_steps(2);
    let building = at(&harness, 11.0, 15.0);
    press_drag_release(&mut harness, building, building);
    let handle = {
        let desk = harness.state().armored().unwrap();
        let place = harness.state().placement.unwrap();
        assert!(desk.editor.selected.is_some(), "the building is selected");
        let pose = desk.editor.pose(desk.editor.selected.unwrap()).unwrap();
        assert_eq!(pose.x, 11 * UM_PER_INCH);
        // The handle stands above a piece facing up: find it by its drawn place.
        let shape = desk.editor.shape(desk.editor.selected.unwrap()).unwrap();
        let reach = shape.farthest_from_point(pose.point()) as f32 / UM_PER_INCH as f32 + 0.6;
        place.origin + egui::vec2(11.0, 15.0 - reach) * place.zoom
    };
    // Drag the handle a quarter turn round to the right of the piece.
    let right = at(&harness, 20.0, 15.0);
    press_drag_release(&mut harness, handle, right);
    let table = &harness.state().armored().unwrap().editor.doc.scenario.table;
    assert_eq!(table.pieces[1].pose.facing.degrees(), 90.0);
    assert_eq!(table.pieces[2].pose.facing.degrees(), 90.0, "mirrored top to bottom, 90 stays 90");
    harness.get_by_label_contains("Its image, moved with it");
}

#[test]
fn the_force_builder_adds_a_tank_in_the_zone_and_the_sight_line_reads_what_it_crosses() {
    let mut harness = harness(Some(sample("aa-hedgerow-crossing.ron")));
    let before = harness.state().armored().unwrap().editor.doc.scenario.table.units.len();
    harness.get_all_by_label("+").nth(2).unwrap().click();
    harness.run_steps(3);
    let units = &harness.state().armored().unwrap().editor.doc.scenario.table.units;
    assert_eq!(units.len(), before + 2, "the heavy tank and its image for the Axis");
    assert!(units[before].pose.y > 36 * UM_PER_INCH, "in the Allies' zone");
    harness.get_by_label("Sight line").click();
    harness.run_steps(2);
    let (from, to) = (at(&harness, 10.0, 42.0), at(&harness, 10.0, 6.0));
    press_drag_release(&mut harness, from, to);
    harness.get_by_label_contains("edge to edge: hit on");
    harness.get_by_label_contains("Visible:");
}

#[test]
fn a_unit_dragged_out_of_its_zone_is_found_and_put_back_with_one_click() {
    let mut harness = harness(Some(sample("aa-hedgerow-crossing.ron")));
    harness.state_mut().armored_mut().unwrap().editor.echo = None;
    harness.get_by_label("Select and move").click();
    harness.run_steps(2);
    let (from, to) = (at(&harness, 20.0, 42.0), at(&harness, 20.0, 26.0));
    press_drag_release(&mut harness, from, to);
    settle_findings(&mut harness);
    assert!(harness.state().armored().unwrap().findings.list.iter().any(|f| f.code == "unit-outside-zone"));
    harness.get_by_label("Move it into its zone").click();
    settle_findings(&mut harness);
    assert!(!harness.state().armored().unwrap().findings.list.iter().any(|f| f.code == "unit-outside-zone"));
}

#[test]
fn the_balance_panel_judges_an_armored_advance_table_with_its_sides_named() {
    let mut harness = harness(Some(sample("aa-hedgerow-crossing.ron")));
    harness.get_by_label("Balance lab").click();
    harness.run_steps(3);
    assert!(harness.state().prefs.show_balance);
    assert!(harness.query_by_label("Judge the map without COs").is_none());
    harness.state_mut().balance.games = 8;
    harness.get_by_label("Run balance games").click();
    harness.run_steps(2);
    let start = std::time::Instant::now();
    while harness.state().balance.run.is_some() && start.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        harness.run_steps(1);
    }
    harness.run_steps(2);
    let revision = harness.state().armored().unwrap().editor.doc.revision;
    let result = harness.state().balance.shown(revision).expect("a result for this revision");
    assert_eq!(result.seats.len(), 2);
    assert!(result.games >= 8, "{} games", result.games);
    harness.get_by_label_contains("Allies wins");
    // Draws always show, and each side's share of the decided games.
    harness.get_by_label_contains("Draws: ");
    harness.get_by_label_contains("decisive games");
    // The heatmap: where units were destroyed, in 3" cells on the table.
    assert!(!result.heatmap.is_empty());
    let desk = harness.state().desk.as_ref();
    let ((x, y), size) = desk.place_board_rect(result.heatmap[0].at);
    assert_eq!(size, 3.0);
    assert!((0.0..=48.0).contains(&x) && (0.0..=48.0).contains(&y), "{x} {y} in inches");
    harness.get_by_label("Show the heatmap: where units were destroyed").click();
    harness.run_steps(2);
    harness.get_by_label_contains("units destroyed at a place in");
}

#[test]
fn a_playtest_moves_a_tank_by_dragging_it_undoes_it_and_returns_to_the_untouched_table() {
    let mut harness = harness(Some(sample("aa-hedgerow-crossing.ron")));
    let before = harness.state().armored().unwrap().editor.doc.scenario.clone();
    harness.get_by_label("Playtest").click();
    harness.run_steps(6);
    assert!(harness.state().armored().unwrap().play.is_some(), "the playtest is under way");
    // Side 1 (the Allies) may or may not have won the roll-off: let the computer play the
    // Axis turn out if it came first.
    until_the_allies_act(&mut harness);
    let (from, to) = (at(&harness, 20.0, 42.0), at(&harness, 20.0, 38.5));
    press_drag_release(&mut harness, from, to);
    let moved = {
        let play = &harness.state().armored().unwrap().play.as_ref().unwrap().play;
        assert_eq!(play.session.actions.len(), 1, "{:?}", play.log);
        play.state().units[2].pose.y
    };
    assert!(moved < 42 * UM_PER_INCH && moved > 37 * UM_PER_INCH, "{moved}");
    harness.get_by_label_contains("moves from (20\", 42\")");
    harness.get_by_label("Undo action").click();
    harness.run_steps(2);
    assert!(harness.state().armored().unwrap().play.as_ref().unwrap().play.session.actions.is_empty());
    harness.get_by_label("Back to editor").click();
    harness.run_steps(3);
    let desk = harness.state().armored().unwrap();
    assert!(desk.play.is_none());
    assert_eq!(desk.editor.doc.scenario, before, "the playtest never touches the document");
}

#[test]
fn a_playtest_says_how_to_give_orders_and_a_click_that_does_nothing_says_why() {
    let mut harness = harness(Some(sample("aa-hedgerow-crossing.ron")));
    harness.get_by_label("Playtest").click();
    harness.run_steps(6);
    until_the_allies_act(&mut harness);
    harness.get_by_label_contains("Allies to act: click one of its units to choose it, then drag it to move");
    // Open ground in the middle of the table: nothing to choose there.
    let open = at(&harness, 2.0, 24.0);
    harness.hover_at(open);
    harness.run_steps(1);
    harness.drag_at(open);
    harness.run_steps(1);
    harness.drop_at(open);
    harness.run_steps(2);
    harness.get_by_label_contains("No unit there: click one of Allies' units");
    // A press on the Allies' Sherman chooses it, by its numbered name, and says how it moves.
    let tank = at(&harness, 20.0, 42.0);
    harness.hover_at(tank);
    harness.run_steps(1);
    harness.drag_at(tank);
    harness.run_steps(1);
    harness.drop_at(tank);
    harness.run_steps(2);
    harness.get_by_label_contains("to move it: the ruler gives the cost");
    harness.get_by_label_contains("Drag its round handle to turn it in place");
}

#[test]
fn a_playtest_boards_a_squad_on_its_halftrack_with_the_keyword_action_button() {
    let mut harness = harness(Some(sample("aa-three-farms.ron")));
    harness.get_by_label("Playtest").click();
    harness.run_steps(6);
    until_the_allies_act(&mut harness);
    // Select the Allies' halftrack by pressing on it (a press without a drag moves nothing).
    let halftrack = at(&harness, 34.0, 43.0);
    harness.hover_at(halftrack);
    harness.run_steps(1);
    harness.drag_at(halftrack);
    harness.run_steps(1);
    harness.drop_at(halftrack);
    harness.run_steps(3);
    harness.get_by_label("Keyword actions");
    harness.get_by_label_contains("boards Halftrack").click();
    harness.run_steps(3);
    let play = &harness.state().armored().unwrap().play.as_ref().unwrap().play;
    let riders = play.state().units.iter().filter(|u| u.riding.is_some()).count();
    assert_eq!(riders, 1, "{:?}", play.log);
    harness.get_by_label_contains("Carries Infantry squad");
}

#[test]
fn the_balance_panel_tests_every_house_reading_and_tables_the_shifts() {
    let mut harness = harness(Some(sample("aa-hedgerow-crossing.ron")));
    window_common::test_every_reading(&mut harness, 2, 240);
    harness.get_by_label("foliage");
    harness.get_by_label("range");
    // Each value says the games it played (a whole batch at the least).
    let games_played = harness
        .query_all_by_label_contains(" games")
        .filter_map(|node| node.accesskit_node().value().map(|text| text.to_string()))
        .filter(|text| text.strip_suffix(" games").is_some_and(|n| n.parse::<usize>().is_ok()))
        .count();
    assert!(games_played >= 2, "{games_played} values say the games they played");
    harness.get_by_label_contains("At its own readings (");
}

#[test]
fn a_playtest_game_is_saved_loaded_and_forked_to_the_editor_by_its_buttons() {
    let path = std::env::temp_dir().join(format!("aa-game-{}.ron", std::process::id()));
    let config = AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: Some(path.clone()), save: Some(path.clone()) }),
        prefs: Prefs::default(),
        open: Some(sample("aa-hedgerow-crossing.ron")),
    };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::new(config));
    harness.run_steps(6);
    harness.get_by_label("Playtest").click();
    harness.run_steps(4);
    harness.get_by_label("Computer acts").click();
    // The computer plans on a worker; its moves are played some frames later.
    run_until(&mut harness, 60.0, "the computer's moves", |app| {
        !app.armored().unwrap().play.as_ref().unwrap().play.session.actions.is_empty()
    });
    let actions = harness.state().armored().unwrap().play.as_ref().unwrap().play.session.actions.clone();
    assert!(!actions.is_empty());
    harness.get_by_label("Save game").click();
    harness.run_steps(3);
    assert!(path.exists(), "the game was written");
    harness.get_by_label("Restart").click();
    harness.run_steps(2);
    harness.get_by_label("Load game").click();
    harness.run_steps(3);
    let loaded = harness.state().armored().unwrap().play.as_ref().unwrap().play.session.actions.clone();
    assert!(loaded.len() >= actions.len(), "{loaded:?}");
    let before = harness.state().armored().unwrap().editor.doc.scenario.clone();
    // Until some unit has moved from where the scenario put it.
    for _ in 0..30 {
        if harness.state().armored().unwrap().play.as_ref().unwrap().play.fork().table.units != before.table.units {
            break;
        }
        harness.get_by_label("Computer acts").click();
        // Wait for the move itself: one still on the worker would land after `standing` is
        // read, and the fork would carry a table the test did not see.
        run_until(&mut harness, 60.0, "the computer's move", |app| {
            !app.armored().unwrap().play.as_ref().unwrap().computer_asked
        });
    }
    let standing = harness.state().armored().unwrap().play.as_ref().unwrap().play.fork().table;
    harness.get_by_label("Fork to editor").click();
    harness.run_steps(3);
    let desk = harness.state().armored().unwrap();
    assert!(desk.play.is_none(), "the fork leaves the playtest");
    assert_eq!(desk.editor.doc.scenario.table.units, standing.units);
    assert_ne!(desk.editor.doc.scenario, before);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn the_export_dialog_lays_a_table_out_in_inches_not_squares() {
    let mut harness = harness(Some(sample("aa-hedgerow-crossing.ron")));
    menu(&mut harness, "File", "Export for print");
    let layout = harness.get_by_label_contains("in all) of");
    let text = layout.accesskit_node().value().unwrap_or_default();
    assert!(text.starts_with("The table prints on") && text.contains("inches") && !text.contains("squares"), "{text}");
    // Only what changes the print: no square sizes for a table that prints at 1:1, and the
    // orientation that takes fewest pages unless another is chosen.
    harness.get_by_label_contains("1:1, one of the table's inches to one on paper");
    assert!(harness.query_by_label("40 mm").is_none(), "no square size is offered for an open table");
    // Hedgerow Crossing's 48" table on Letter: 5 x 8 landscape pages of 9.6" x 6", where
    // portrait takes 7 x 6.
    harness.get_by_label("Fewest pages (landscape)");
    assert!(harness.state().export.as_ref().unwrap().options.landscape);
    assert!(text.contains("5 x 8 pages (40 in all) of 9.6 x 6 inches at 1:1"), "{text}");
    harness.get_by_label_contains("Fewest table pages on other paper: A4 ");
    harness.get_by_label("Portrait").click();
    harness.run_steps(2);
    assert!(!harness.state().export.as_ref().unwrap().options.landscape, "a chosen orientation holds");
    let portrait = harness.get_by_label_contains("in all) of").accesskit_node().value().unwrap_or_default();
    assert!(portrait.contains("7 x 6 pages (42 in all)"), "{portrait}");
}

#[test]
fn measure_by_clicking_one_tank_then_another_reads_the_gap_between_them() {
    let mut harness = harness(Some(sample("aa-hedgerow-crossing.ron")));
    harness.get_by_label("Measure").click();
    harness.run_steps(2);
    // A click on the Allies' first Sherman (10", 42"): only a start, nothing measured yet.
    let first = at(&harness, 10.0, 42.0);
    click_at(&mut harness, first);
    harness.get_by_label("Click the other thing or point to measure to.");
    assert!(harness.query_by_label_contains("edge to edge").is_none(), "a tank is not measured against itself");
    // A click on the Axis' first Sherman (10", 6") ends the line.
    let second = at(&harness, 10.0, 6.0);
    click_at(&mut harness, second);
    let line = harness.state().armored().unwrap().editor.line.expect("a line");
    assert_ne!(line.0, line.1);
    harness.get_by_label_contains("From Medium tank (M4 Sherman) 1 of Allies to Medium tank (M4 Sherman) 1 of Axis");
    harness.get_by_label_contains("edge to edge: hit on");
}

/// "Computer acts" at Hard, with a person on both sides: the frame does not wait for the
/// planner, which thinks on a worker while the side panel says so with its progress and a
/// Cancel, and the computer's turn follows.
#[test]
fn computer_acts_at_hard_thinks_on_a_worker_and_says_so_then_moves() {
    use skirmish_studio::game::GenerateRequest;
    let rules = skirmish_studio::systems::system("armored-advance").unwrap().rules(None).unwrap();
    let text = rules.generate(&GenerateRequest::seeded(13_083)).unwrap().text;
    let path = std::env::temp_dir().join(format!("aa-computer-acts-{}.ron", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let mut harness = harness(Some(path.clone()));
    harness.get_by_label("Playtest").click();
    harness.run_steps(4);
    window_common::choose_level(&mut harness, "Hard");
    let actions = |harness: &Harness<'static, StudioApp>| {
        harness.state().armored().unwrap().play.as_ref().unwrap().play.session.actions.len()
    };
    harness.get_by_label("Computer acts").click();
    // The click's frame asks; the next frame starts the thinking and plays nothing: the moves
    // arrive at a later frame, however fast the worker.
    harness.run_steps(2);
    assert_eq!(actions(&harness), 0, "no move in the frame that began the thinking");
    assert!(harness.query_by_label_contains("Hard is planning").is_some(), "the panel should say so");
    assert!(harness.query_by_label("Cancel").is_some(), "with a Cancel");
    run_until(&mut harness, 120.0, "the computer's turn after its thinking", |app| {
        !app.armored().unwrap().play.as_ref().unwrap().play.session.actions.is_empty()
    });
    harness.run_steps(2);
    // One press, one turn: the side that asked is done, and any thinking now is for the side
    // the computer plays.
    let play = &harness.state().armored().unwrap().play.as_ref().unwrap().play;
    assert!(
        play.thinking_progress().is_none_or(|(_, seat, _)| play.computer[usize::from(seat)]),
        "the asking side's thinking is over: {:?}",
        play.thinking_progress()
    );
    let _ = std::fs::remove_file(&path);
}
