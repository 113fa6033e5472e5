//! The window on a Skirm scenario, driven headless with egui_kittest by label: a new battle
//! map, a wall drawn and undone, a door, a height, a squad over its EP limit and the fix, a
//! playtest through one activation of each side, and a PDF printed from the dialog.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use skirmish_studio::board::{Edge, EdgeAxis, Pos};

use skirmish_studio::ui::{AppConfig, Prefs, StudioApp};
use std::path::PathBuf;
use window_common::{
    Answers, GameDesks, map_corner as corner, menu, press_drag_release, sample, settle_findings, wait_for_export,
};

fn harness(open: Option<PathBuf>, save: Option<PathBuf>) -> Harness<'static, StudioApp> {
    harness_in(open, save, None)
}

fn harness_in(open: Option<PathBuf>, save: Option<PathBuf>, data_dir: Option<PathBuf>) -> Harness<'static, StudioApp> {
    let config =
        // The open dialog answers with the file last saved, so a saved game loads back.
        AppConfig { data_dir, dialogs: Box::new(Answers { open: save.clone(), save }), prefs: Prefs::default(), open };
    let app = StudioApp::new(config);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), app);
    harness.run_steps(4);
    harness
}

fn walls(harness: &Harness<'static, StudioApp>) -> usize {
    let desk = harness.state().skirm().expect("a Skirm document is open");
    desk.editor.doc.scenario.board.edges.values().filter(|f| f.wall.is_some()).count()
}

#[test]
fn create_a_skirm_map_draw_a_wall_undo_it_place_a_door_paint_a_height_and_fix_a_squad_over_its_limit() {
    let mut harness = harness(Some(sample("bridgehead.ron")), None);
    assert!(harness.state().skirm().is_none());
    menu(&mut harness, "File", "New scenario");
    harness.get_by_label("Skirm").click();
    harness.run_steps(2);
    harness.get_by_label("Create").click();
    harness.run_steps(6);
    {
        let desk = harness.state().skirm().expect("a Skirm battle map");
        let board = &desk.editor.doc.scenario.board;
        assert_eq!((board.width, board.height), (12, 12));
        assert_eq!(desk.editor.doc.scenario.squads.len(), 2);
    }
    // A wall along the grid line y = 5 from x = 2 to x = 6, then undone from the menu.
    harness.get_by_label("Wall").click();
    harness.run_steps(1);
    let (a, b) = (corner(&harness, 2.0, 5.0), corner(&harness, 6.0, 5.0));
    press_drag_release(&mut harness, a, b);
    assert_eq!(walls(&harness), 4);
    // "Undo " is the menu's entry naming the step, not the toolbar's bare "Undo".
    menu(&mut harness, "Edit", "Undo ");
    assert_eq!(walls(&harness), 0);
    menu(&mut harness, "Edit", "Redo ");
    assert_eq!(walls(&harness), 4);
    // A door in the wall: a click just below the grid line in square (3, 5).
    harness.get_by_label("Door").click();
    harness.run_steps(1);
    let door_at = corner(&harness, 3.5, 5.1);
    press_drag_release(&mut harness, door_at, door_at);
    let edge = Edge { x: 3, y: 5, axis: EdgeAxis::Horizontal };
    let board = &harness.state().skirm().unwrap().editor.doc.scenario.board;
    assert!(board.edge(edge).unwrap().door.is_some(), "the door stands in the wall");
    // A height of 2 on square (8, 8).
    harness.get_by_label("Height").click();
    harness.run_steps(1);
    harness.get_by_label("Level 2").click();
    harness.run_steps(1);
    let square = corner(&harness, 8.5, 8.5);
    press_drag_release(&mut harness, square, square);
    let board = &harness.state().skirm().unwrap().editor.doc.scenario.board;
    assert_eq!(board.height_at(Pos::new(8, 8)), 2);

    // Squad 1 gets units until it costs more than its limit; the finding shows with its fix.
    for _ in 0..12 {
        settle_findings(&mut harness);
        let over = harness.state().skirm().unwrap().findings.list.iter().any(|f| f.code == "squad-over-ep-limit");
        if over {
            break;
        }
        harness.get_all_by_label("Add unit").next().unwrap().scroll_to_me();
        harness.run_steps(20);
        harness.get_all_by_label("Add unit").next().unwrap().click();
        harness.run_steps(2);
        // A click can land while the side panel still settles after the scroll: click again
        // when the menu did not open.
        if harness.query_all_by_label_contains(" EP)").next().is_none() {
            harness.get_all_by_label("Add unit").next().unwrap().click();
            harness.run_steps(2);
        }
        harness.get_all_by_label_contains(" EP)").next().expect("a card of the roster").click();
        harness.run_steps(3);
    }
    settle_findings(&mut harness);
    let limit_before = harness.state().skirm().unwrap().editor.doc.scenario.ep_limit;
    assert!(harness.query_all_by_label_contains("; the limit is").next().is_some(), "the finding is shown");
    harness.get_by_label_contains("Raise the EP limit to").scroll_to_me();
    harness.run_steps(20);
    harness.get_by_label_contains("Raise the EP limit to").click();
    harness.run_steps(3);
    settle_findings(&mut harness);
    let desk = harness.state().skirm().unwrap();
    assert!(desk.editor.doc.scenario.ep_limit > limit_before);
    assert!(desk.findings.list.iter().all(|f| f.code != "squad-over-ep-limit"));
    assert!(harness.query_all_by_label_contains("; the limit is").next().is_none());
}

#[test]
fn a_skirm_playtest_runs_one_activation_of_each_side_saves_and_loads_and_leaves_the_document_untouched() {
    let dir = std::env::temp_dir().join(format!("skirm-ui-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let battle = dir.join("battle.ron");
    let mut harness = harness(Some(sample("skirm-ruined-crossing.ron")), Some(battle.clone()));
    let before = harness.state().skirm().expect("the Skirm sample opens").editor.doc.scenario.clone();
    harness.get_by_label("Playtest").click();
    harness.run_steps(4);
    assert!(harness.state().skirm().unwrap().play.is_some(), "{}", harness.state().status);
    for side in 0..2 {
        let squad = harness.state().skirm().unwrap().play.as_ref().unwrap().state.to_act;
        harness.get_all_by_label_contains("Activate ").next().expect("a unit to activate").click();
        harness.run_steps(3);
        let play = harness.state().skirm().unwrap().play.as_ref().unwrap();
        let activation = play.state.activation.as_ref().expect("a unit is activated");
        assert_eq!(play.state.unit(activation.unit).unwrap().squad, squad, "side {side}");
        assert!(harness.query_by_label_contains("ACT left").is_some());
        let unit = play.state.unit(activation.unit).unwrap();
        let line = format!("{}: HIT {}/{} · acting now", unit.name, unit.hit, unit.max_hit);
        assert!(harness.query_by_label(&line).is_some(), "the unit acting is no longer listed as ready: {line}");
        harness.get_by_label_contains("End activation").click();
        harness.run_steps(3);
        let play = harness.state().skirm().unwrap().play.as_ref().unwrap();
        assert!(play.state.activation.is_none());
        assert!(harness.query_by_label_contains("acting now").is_none(), "its activation ended");
    }
    let play = harness.state().skirm().unwrap().play.as_ref().unwrap();
    let activated: Vec<u8> = play.state.units.iter().filter(|u| u.activated).map(|u| u.squad).collect();
    assert_eq!(activated.len(), 2);
    assert_ne!(activated[0], activated[1], "one activation of each side");
    // Saved and loaded back, the battle stands where it stood.
    let state = play.state.clone();
    harness.get_by_label("Save game").click();
    harness.run_steps(3);
    assert!(battle.exists(), "{}", harness.state().status);
    harness.get_by_label("Undo action").click();
    harness.run_steps(3);
    assert_ne!(harness.state().skirm().unwrap().play.as_ref().unwrap().state, state);
    harness.get_by_label("Load game").click();
    harness.run_steps(3);
    let loaded = &harness.state().skirm().unwrap().play.as_ref().unwrap().state;
    assert!(*loaded == state, "{}", harness.state().status);
    let _ = std::fs::remove_dir_all(&dir);
    harness.get_by_label("Back to editor").click();
    harness.run_steps(3);
    let desk = harness.state().skirm().unwrap();
    assert!(desk.play.is_none());
    assert_eq!(desk.editor.doc.scenario, before);
    assert!(!desk.editor.doc.is_modified());
}

#[test]
fn a_skirm_battle_map_prints_to_pdf_from_the_export_dialog() {
    let dir = std::env::temp_dir().join(format!("skirm-ui-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("map.pdf");
    let mut harness = harness(Some(sample("skirm-ruined-crossing.ron")), Some(target.clone()));
    menu(&mut harness, "File", "Export for print");
    assert!(
        harness
            .state()
            .export
            .as_ref()
            .is_some_and(|d| d.preset.square_mm == 40.0 && d.preset.sheets.iter().all(|s| s.id != "tiles"))
    );
    assert!(harness.query_by_label_contains("Stat cards").is_some());
    harness.get_by_label("Export PDF...").click();
    let bytes = wait_for_export(&mut harness, &target);
    assert!(bytes.starts_with(b"%PDF-"));
    let message = &harness.state().export.as_ref().unwrap().message;
    assert!(message.starts_with("Wrote"), "{message}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn unsaved_skirm_work_is_autosaved_saved_and_offered_back_from_the_recovery_file() {
    let dir = std::env::temp_dir().join(format!("skirm-ui-recovery-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("mine.ron");
    let mut harness = harness_in(Some(sample("skirm-night-extraction.ron")), Some(target.clone()), Some(dir.clone()));
    harness.get_by_label("Wall").click();
    harness.run_steps(1);
    let (a, b) = (corner(&harness, 1.0, 3.0), corner(&harness, 4.0, 3.0));
    press_drag_release(&mut harness, a, b);
    let walls_now = walls(&harness);
    assert!(harness.state().is_modified());
    harness.state_mut().autosave(100.0);
    assert!(dir.join("recovery.ron").exists(), "{}", harness.state().status);
    // A new session finds the Skirm work and brings it back as unsaved work.
    let mut again = harness_in(Some(sample("bridgehead.ron")), None, Some(dir.clone()));
    again.get_by_label("Restore it").click();
    again.run_steps(3);
    assert_eq!(walls(&again), walls_now);
    assert!(again.state().is_modified());
    // Saved to a file of its own, the work reads back as a Skirm scenario.
    menu(&mut harness, "File", "Save as");
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(text.contains("system: \"skirm\""));
    assert!(!harness.state().is_modified());
    let _ = std::fs::remove_dir_all(dir);
}

/// The command palette's search field: the text field that has the focus.
fn palette_field<'h>(harness: &'h Harness<'static, StudioApp>) -> egui_kittest::Node<'h> {
    harness.get_all_by_role(egui::accesskit::Role::TextInput).find(|n| n.is_focused()).expect("the palette's field")
}

#[test]
fn on_a_skirm_map_the_palette_and_shortcuts_offer_skirm_tools_and_not_skirmish_wars_ones() {
    use skirmish_studio::systems::skirm::editing::SkirmTool;
    let mut harness = harness(Some(sample("skirm-ruined-crossing.ron")), None);
    harness.key_press(egui::Key::F1);
    harness.run_steps(2);
    palette_field(&harness).type_text("selection");
    harness.run_steps(2);
    assert!(harness.query_by_label("Rotate selection").is_none(), "a Skirmish Wars command on a Skirm map");
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    harness.key_press(egui::Key::F1);
    harness.run_steps(2);
    palette_field(&harness).type_text("door");
    harness.run_steps(2);
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    assert_eq!(harness.state().skirm().unwrap().editor.tool, SkirmTool::Door);
    // The bare key H picks the height brush (on a Skirmish Wars map it flips the selection).
    harness.key_press(egui::Key::H);
    harness.run_steps(2);
    assert_eq!(harness.state().skirm().unwrap().editor.tool, SkirmTool::Height);
}

#[test]
fn broken_files_are_refused_with_what_and_where_and_the_open_work_is_kept() {
    let dir = std::env::temp_dir().join(format!("skirm-ui-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, "Scenario(format_version: 1, system: \"skirm\", name: \"x\", mission: ").unwrap();
    // The open dialog and the load buttons all answer with the broken file.
    let mut harness = harness(Some(sample("skirm-ruined-crossing.ron")), Some(broken.clone()));
    let before = harness.state().skirm().unwrap().editor.doc.scenario.clone();
    menu(&mut harness, "File", "Open...");
    let shown = match &harness.state().modal {
        Some(skirmish_studio::ui::Modal::Message(m)) => m.clone(),
        other => panic!("no message: {other:?}"),
    };
    // Named by its game even though it does not parse: Skirm's reader says what is wrong.
    assert!(shown.contains("broken.ron") && shown.contains("line 1") && shown.contains("docs/SKIRM.md"), "{shown}");
    assert_eq!(harness.state().skirm().unwrap().editor.doc.scenario, before);
    harness.get_by_label("OK").click();
    harness.run_steps(2);
    // A squad file that is no squad.
    harness.get_all_by_label("Load squad...").next().unwrap().scroll_to_me();
    harness.run_steps(20);
    harness.get_all_by_label("Load squad...").next().unwrap().click();
    harness.run_steps(3);
    assert!(harness.state().status.starts_with("Could not load the squad"), "{}", harness.state().status);
    assert_eq!(harness.state().skirm().unwrap().editor.doc.scenario, before);
    // A saved battle that is no battle.
    harness.get_by_label("Playtest").click();
    harness.run_steps(3);
    harness.get_by_label("Load game").click();
    harness.run_steps(3);
    // A failed load is told in a dialog, not a status message that leaves.
    let told = match &harness.state().modal {
        Some(skirmish_studio::ui::Modal::Message(message)) => message.clone(),
        other => panic!("no message: {other:?}"),
    };
    assert!(told.contains("broken.ron") && told.contains("not a saved Skirm game"), "{told}");
    assert!(harness.state().skirm().unwrap().play.as_ref().unwrap().actions.is_empty());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_skirm_map_has_the_balance_panel_and_it_judges_the_map_with_its_squads_named() {
    let mut harness = harness(Some(sample("skirm-ruined-crossing.ron")), None);
    harness.get_by_label("Balance lab").click();
    harness.run_steps(3);
    assert!(harness.state().prefs.show_balance, "the Balance panel is offered on a Skirm map");
    // A Skirm scenario has no COs to leave out.
    assert!(harness.query_by_label("Judge the map without COs").is_none());
    harness.state_mut().balance.games = 20;
    harness.get_by_label("Run balance games").click();
    harness.run_steps(2);
    let start = std::time::Instant::now();
    while harness.state().balance.run.is_some() && start.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        harness.run_steps(1);
    }
    harness.run_steps(2);
    let revision = harness.state().skirm().unwrap().editor.doc.revision;
    let result = harness.state().balance.shown(revision).expect("a result for this revision");
    assert_eq!(result.seats.len(), 2);
    assert!(result.games >= 20, "{} games", result.games);
    let squad = harness.state().skirm().unwrap().editor.doc.scenario.squads[0].name.clone();
    harness.get_by_label_contains(&format!("{squad} wins"));
}

#[test]
fn skirms_sight_and_race_overlays_have_menu_entries_and_shortcuts() {
    let mut harness = harness(Some(sample("skirm-night-extraction.ron")), None);
    menu(&mut harness, "View", "Line of sight overlay");
    settle_findings(&mut harness);
    assert!(harness.state().skirm().unwrap().show_sight, "the View menu shows the sight overlay");
    harness.key_press(egui::Key::R);
    settle_findings(&mut harness);
    assert!(harness.state().skirm().unwrap().show_race, "R shows the objective race");
    harness.key_press(egui::Key::L);
    settle_findings(&mut harness);
    assert!(!harness.state().skirm().unwrap().show_sight, "L hides the sight overlay again");
}

#[test]
fn the_door_tool_shows_the_doors_setting_not_the_walls() {
    let mut harness = harness(Some(sample("skirm-night-extraction.ron")), None);
    harness.key_press(egui::Key::W);
    settle_findings(&mut harness);
    harness.get_by_label("Wall height");
    harness.get_by_label("Climbable");
    harness.key_press(egui::Key::D);
    settle_findings(&mut harness);
    harness.get_by_label("Doors placed open");
    assert!(harness.query_by_label("Wall height").is_none(), "the Door tool has no wall height");
    assert!(harness.query_by_label("Climbable").is_none());
}

/// A playtest with the computer at Hard on both squads: the planner thinks on a worker, the
/// panel says so while it does (with a Cancel), and the computer plays: whole activations, one
/// squad's and then the other's.
#[test]
fn a_skirm_playtest_at_hard_says_the_computer_is_planning_then_it_plays() {
    let mut harness = harness(Some(sample("skirm-night-extraction.ron")), None);
    harness.get_by_label("Playtest").click();
    harness.run_steps(4);
    window_common::choose_level(&mut harness, "Hard");
    harness.get_by_label("Computer plays Reaver Raiders").click();
    harness.run_steps(1);
    harness.get_by_label("Computer plays Vanguard Recovery Team").click();
    let actions = |harness: &Harness<'static, StudioApp>| {
        harness.state().skirm().unwrap().play.as_ref().unwrap().play.session.actions.len()
    };
    // Frame by frame (a worker's pace is no frame's): the panel says the computer is planning
    // at some frame, and the computer goes on playing.
    let started = std::time::Instant::now();
    let mut said = false;
    while !said || actions(&harness) < 20 {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "after 120 s: said so {said}, {} actions",
            actions(&harness)
        );
        harness.run_steps(1);
        said |=
            harness.query_by_label_contains("Hard is planning").is_some() && harness.query_by_label("Cancel").is_some();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

#[test]
fn the_battle_maps_marks_have_a_legend_in_the_editor_and_the_playtest() {
    let mut harness = harness(Some(sample("skirm-night-extraction.ron")), None);
    for screen in ["editor", "playtest"] {
        if screen == "playtest" {
            harness.get_by_label("Playtest").click();
            harness.run_steps(4);
            assert!(harness.state().skirm().unwrap().play.is_some());
        }
        harness.get_by_label("Legend").click();
        harness.run_steps(2);
        for meaning in ["a square's height level", "an objective", "a crate", "a door", "the squads' deployment zones"]
        {
            harness.get_by_label_contains(meaning);
        }
    }
}

#[test]
fn the_miniature_of_a_battle_map_carries_its_walls_and_doors_as_lines_along_the_grid() {
    // The generated-start preview and the print dialog paint this miniature: a map of rooms
    // showed as flat colour, "walls many" or none.
    let game = skirmish_studio::ui::DESKS.iter().find(|g| g.system_id() == "skirm").unwrap();
    let text = std::fs::read_to_string(sample("skirm-ruined-crossing.ron")).unwrap();
    let desk = game.open(&text, None).unwrap();
    let miniature = desk.print_preview();
    assert!(miniature.lines.len() == 8, "the sample's eight walls: {}", miniature.lines.len());
    assert!(
        miniature.lines.contains(&((3, 4), (4, 4), egui::Color32::from_rgb(30, 28, 26))),
        "the wall at (3, 4), along"
    );
    for (from, to, _) in &miniature.lines {
        assert_eq!(u16::abs_diff(from.0, to.0) + u16::abs_diff(from.1, to.1), 1, "one square's side each");
    }
}

#[test]
fn a_squads_roster_and_its_activate_buttons_tell_two_troopers_apart() {
    // Night Extraction's squads field several figures of one card: the roster numbered them
    // nowhere, so "Trooper: HIT 3/3 · ready" stood three times under one squad.
    let mut harness = harness(Some(sample("skirm-night-extraction.ron")), None);
    harness.get_by_label("Playtest").click();
    harness.run_steps(4);
    let rows: Vec<String> = harness
        .query_all_by_label_contains("HIT ")
        .filter_map(|n| n.accesskit_node().value().map(|t| t.to_string()))
        .filter(|l| l.ends_with(" · ready"))
        .collect();
    assert!(rows.len() >= 14, "both squads' figures are listed: {rows:?}");
    let mut distinct = rows.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), rows.len(), "two roster rows read alike: {rows:?}");
    assert!(rows.iter().any(|r| r.starts_with("Trooper 2: ")), "{rows:?}");
    harness.get_by_label_contains("Activate Raider 2 at ");
}
