//! The real editor window driven headless with egui_kittest: widgets are found by their labels
//! and clicked, squares are clicked where the map draws them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use skirmish_studio::systems::swat::rules::{Pos, Ruleset};

use skirmish_studio::ui::{AppConfig, DeskExt as _, Modal, Prefs, StudioApp};
use std::path::PathBuf;
use std::sync::Arc;
use window_common::{Answers, GameDesks, run_until, sample, settle_findings, wait_for_export};

/// The verdict as the panel shows it: its first letter capitalised.
fn capitalised_verdict(verdict: &str) -> String {
    let mut chars = verdict.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-ui-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn app_with(open: Option<PathBuf>, dialogs: Answers, data_dir: Option<PathBuf>) -> StudioApp {
    StudioApp::new(AppConfig { data_dir, dialogs: Box::new(dialogs), prefs: Prefs::default(), open })
}

fn harness(app: StudioApp) -> Harness<'static, StudioApp> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), app);
    harness.run_steps(3);
    harness
}

/// Clicks the centre of a square of the map.
fn click_square(harness: &mut Harness<'static, StudioApp>, pos: Pos) {
    let place = harness.state().placement.expect("the map was drawn");
    let centre: Pos2 = place.square_rect(pos).center();
    harness.drag_at(centre);
    harness.run_steps(1);
    harness.drop_at(centre);
    harness.run_steps(2);
}

#[test]
fn paint_a_square_then_undo_and_redo_it() {
    let mut harness = harness(app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, None));
    let forest = harness.state().swat().unwrap().editor.rules.terrain_id("forest").unwrap();
    let square = Pos::new(5, 4);
    let before = harness.state().swat().unwrap().editor.doc.scenario.terrain_at(square);
    assert_ne!(before, forest);
    harness.get_by_label("Forest").click();
    harness.run_steps(2);
    click_square(&mut harness, square);
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario.terrain_at(square), forest);
    assert_eq!(harness.state().swat().unwrap().editor.doc.history.undo_label(), Some("Paint forest"));
    assert!(harness.state().swat().unwrap().editor.doc.is_modified());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario.terrain_at(square), before);
    assert!(!harness.state().swat().unwrap().editor.doc.is_modified(), "the modified flag follows the history");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(2);
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario.terrain_at(square), forest);
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run_steps(1);
    // Nothing more to redo; the toolbar's Undo button undoes again.
    harness.get_by_label("Undo").click();
    harness.run_steps(2);
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario.terrain_at(square), before);
}

#[test]
fn with_mirror_symmetry_a_placed_unit_is_echoed_for_the_other_player() {
    let mut harness = harness(app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, None));
    harness.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Symmetric painting:").click();
    harness.run_steps(2);
    harness.get_by_label("Mirror left-right").click();
    harness.run_steps(2);
    harness.get_by_label("Tank").click();
    harness.run_steps(2);
    let square = Pos::new(4, 5);
    click_square(&mut harness, square);
    let scenario = &harness.state().swat().unwrap().editor.doc.scenario;
    let placed = scenario.units.iter().find(|u| u.pos == square).expect("the tank is placed");
    assert_eq!((placed.kind.as_str(), placed.owner), ("tank", 0));
    let mirror =
        scenario.units.iter().find(|u| u.pos == Pos::new(scenario.board.width - 1 - 4, 5)).expect("the mirrored tank");
    assert_eq!((mirror.kind.as_str(), mirror.owner), ("tank", 1), "player 1's unit mirrored becomes player 2's");
    assert_eq!(harness.state().swat().unwrap().editor.doc.history.labels().count(), 1, "one gesture, one step");
}

#[test]
fn a_tank_on_a_hill_is_refused_with_the_reason_in_the_status_bar() {
    let mut harness = harness(app_with(Some(sample("bridgehead.ron")), Answers { open: None, save: None }, None));
    harness.get_by_label("Tank").click();
    harness.run_steps(2);
    // (6, 5) is a hill in Bridgehead.
    click_square(&mut harness, Pos::new(6, 5));
    assert!(harness.state().swat().unwrap().editor.doc.scenario.unit_index_at(Pos::new(6, 5)).is_none());
    assert!(harness.state().status.contains("cannot stand on Hill"), "{}", harness.state().status);
}

#[test]
fn open_a_sample_from_the_file_menu() {
    let dialogs = Answers { open: Some(sample("four-corners.ron")), save: None };
    let mut harness = harness(app_with(Some(sample("crossroads-duel.ron")), dialogs, None));
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Open...").click();
    harness.run_steps(3);
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario.name, "Four Corners");
    assert_eq!(harness.state().swat().unwrap().editor.doc.path.as_deref(), Some(sample("four-corners.ron").as_path()));
}

#[test]
fn click_a_diagnostic_to_select_its_square_then_apply_its_fix() {
    let mut app = app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, None);
    // Two units on one square: an error with a fix.
    let unit = skirmish_studio::systems::swat::scenario::ScenarioUnit {
        kind: "infantry".into(),
        owner: 0,
        hp: 8,
        pos: Pos::new(5, 6),
        passengers: vec![],
    };
    app.swat_mut().unwrap().editor.doc.apply_edits(
        "Add units",
        &[
            skirmish_studio::systems::swat::scenario::Edit::InsertUnit { index: 0, unit: unit.clone() },
            skirmish_studio::systems::swat::scenario::Edit::InsertUnit {
                index: 1,
                unit: skirmish_studio::systems::swat::scenario::ScenarioUnit { kind: "mech".into(), ..unit },
            },
        ],
    );
    let mut harness = harness(app);
    settle_findings(&mut harness);
    let finding = harness
        .state()
        .swat()
        .unwrap()
        .findings
        .list
        .iter()
        .find(|f| f.code == "units-share-square")
        .cloned()
        .expect("the finding is listed");
    harness.get_by_label(&finding.message).click();
    harness.run_steps(2);
    assert_eq!(harness.state().swat().unwrap().editor.selected, Some(Pos::new(5, 6)));
    let fix = finding.fix.expect("a fix is offered");
    // The pointer moves onto the fix first, as a hand does, so the tooltip of the finding just
    // clicked (right above it) has gone before the click.
    harness.get_by_label(&fix.label).hover();
    harness.run_steps(2);
    harness.get_by_label(&fix.label).click();
    settle_findings(&mut harness);
    assert!(harness.state().swat().unwrap().findings.list.iter().all(|f| f.code != "units-share-square"));
    assert_eq!(harness.state().swat().unwrap().editor.doc.history.undo_label(), Some(fix.label.as_str()));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle_findings(&mut harness);
    assert!(
        harness.state().swat().unwrap().findings.list.iter().any(|f| f.code == "units-share-square"),
        "the fix is one undoable step"
    );
}

#[test]
fn save_writes_the_file_and_clears_the_modified_flag() {
    let dir = temp_dir("save");
    let target = dir.join("saved.ron");
    let dialogs = Answers { open: None, save: Some(target.clone()) };
    let mut harness = harness(app_with(Some(sample("crossroads-duel.ron")), dialogs, Some(dir.clone())));
    harness.get_by_label("Forest").click();
    harness.run_steps(1);
    click_square(&mut harness, Pos::new(3, 3));
    assert!(harness.state().swat().unwrap().editor.doc.is_modified());
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.run_steps(2);
    assert!(!harness.state().swat().unwrap().editor.doc.is_modified());
    let text = std::fs::read_to_string(&target).unwrap();
    let rules = Ruleset::builtin().unwrap();
    let saved = skirmish_studio::systems::swat::scenario::load_scenario(&rules, &text).unwrap();
    assert_eq!(saved, harness.state().swat().unwrap().editor.doc.scenario);
}

#[test]
fn unsaved_work_is_autosaved_to_a_recovery_file_and_offered_back() {
    let dir = temp_dir("recovery");
    let mut app = app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, Some(dir.clone()));
    let forest = app.swat_mut().unwrap().editor.rules.terrain_id("forest").unwrap();
    app.swat_mut().unwrap().editor.doc.apply_edits(
        "Paint forest",
        &[skirmish_studio::systems::swat::scenario::Edit::SetTerrain { pos: Pos::new(2, 2), terrain: forest }],
    );
    app.autosave(100.0);
    assert!(dir.join("recovery.ron").exists());
    // A new session finds it and offers it back.
    let harness_app = app_with(Some(sample("bridgehead.ron")), Answers { open: None, save: None }, Some(dir.clone()));
    let mut harness = harness(harness_app);
    harness.get_by_label("Restore it").click();
    harness.run_steps(2);
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario.terrain_at(Pos::new(2, 2)), forest);
    assert!(harness.state().swat().unwrap().editor.doc.is_modified());
    // It remembers the file it belongs to: saving goes back there.
    let origin = sample("crossroads-duel.ron");
    assert_eq!(harness.state().desk.path(), Some(origin.as_path()), "{}", harness.state().status);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_failed_autosave_and_a_damaged_recovery_file_are_shown_not_ignored() {
    // The data folder is a plain file, so no recovery file can be written inside it.
    let blocker = temp_dir("blocked").join("not-a-folder");
    std::fs::write(&blocker, "x").unwrap();
    let mut app = app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, Some(blocker));
    let forest = app.swat_mut().unwrap().editor.rules.terrain_id("forest").unwrap();
    app.swat_mut().unwrap().editor.doc.apply_edits(
        "Paint forest",
        &[skirmish_studio::systems::swat::scenario::Edit::SetTerrain { pos: Pos::new(2, 2), terrain: forest }],
    );
    app.autosave(100.0);
    assert!(app.status.starts_with("Autosave failed"), "{}", app.status);
    assert!(matches!(&app.modal, Some(Modal::Message(m)) if m.contains("recovery file")), "{:?}", app.modal.is_some());
    // A damaged recovery file is reported and kept, never silently dropped.
    let dir = temp_dir("damaged-recovery");
    std::fs::write(dir.join("recovery.ron"), "Scenario(format_version: 3, name: ").unwrap();
    let app = app_with(Some(sample("bridgehead.ron")), Answers { open: None, save: None }, Some(dir.clone()));
    assert!(matches!(&app.modal, Some(Modal::Message(m)) if m.contains("cannot be read")));
    assert!(dir.join("recovery.ron").exists());
    let _ = std::fs::remove_dir_all(dir);
}

/// The command palette (F1) on Crossroads Duel, `query` typed into its search.
fn palette_searching(query: &str) -> Harness<'static, StudioApp> {
    let mut harness = harness(app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, None));
    harness.key_press(Key::F1);
    harness.run_steps(2);
    harness.get_by_role(egui::accesskit::Role::TextInput).type_text(query);
    harness.run_steps(2);
    harness
}

#[test]
fn the_command_palette_finds_and_runs_a_command() {
    let mut harness = palette_searching("eras");
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert_eq!(harness.state().swat().unwrap().editor.tool, skirmish_studio::systems::swat::editing::Tool::Eraser);
    assert!(harness.state().modal.is_none());
}

#[test]
fn the_command_palette_finds_the_new_scenario_dialog_by_generate() {
    let mut harness = palette_searching("generate");
    assert!(harness.query_by_label_contains("No command matches").is_none());
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert!(matches!(harness.state().modal, Some(Modal::NewScenario(_))), "Enter opens the New scenario dialog");
}

#[test]
fn the_command_palette_says_when_nothing_matches() {
    let mut harness = palette_searching("zzqx");
    harness.get_by_label("No command matches \"zzqx\".");
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert!(harness.state().modal.is_some(), "Enter with no match keeps the palette open");
}

/// A small duel: Red's tank near Blue's infantry, both players human.
fn duel(app: &mut StudioApp) {
    let rules = Arc::clone(&app.swat_mut().unwrap().editor.rules);
    let mut s =
        skirmish_studio::systems::swat::scenario::Scenario::new(&rules, 8, 5, rules.terrain_id("plain").unwrap(), 2);
    for (pos, name, owner) in [
        (Pos::new(0, 2), "hq", 0u8),
        (Pos::new(7, 2), "hq", 1),
        (Pos::new(0, 0), "factory", 0),
        (Pos::new(7, 4), "factory", 1),
    ] {
        let index = s.index(pos);
        s.board.terrain[index] = rules.terrain_id(name).unwrap();
        s.owners.insert(pos, owner);
    }
    s.units.push(skirmish_studio::systems::swat::scenario::ScenarioUnit {
        kind: "tank".into(),
        owner: 0,
        hp: 8,
        pos: Pos::new(2, 2),
        passengers: vec![],
    });
    s.units.push(skirmish_studio::systems::swat::scenario::ScenarioUnit {
        kind: "infantry".into(),
        owner: 1,
        hp: 8,
        pos: Pos::new(5, 2),
        passengers: vec![],
    });
    app.swat_mut().unwrap().editor.doc = skirmish_studio::systems::swat::editing::Document::new(s);
    app.view.fit = true;
}

#[test]
fn playtest_move_attack_end_turn_hand_off_ai_turn_and_back_to_an_unchanged_editor() {
    let mut app = app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, None);
    duel(&mut app);
    let before = app.swat_mut().unwrap().editor.doc.scenario.clone();
    let history = app.swat_mut().unwrap().editor.doc.history.labels().count();
    let mut harness = harness(app);
    harness.get_by_label("Playtest").click();
    harness.run_steps(3);
    assert!(harness.state().swat().unwrap().play.is_some(), "{}", harness.state().status);
    // Nothing played yet: the replay says so, with no slider over an empty game.
    harness.get_by_label("No actions to replay yet.");
    // The status bar speaks of the playtest, not of the editor's brush.
    let brush_hint = harness.state().swat().unwrap().editor.tool.hint().to_owned();
    harness.state_mut().status.clear();
    harness.run_steps(2);
    assert!(harness.query_by_label_contains(&brush_hint).is_none(), "the brush's hint in a playtest");
    harness.get_by_label_contains("Click a unit of the side to act");
    // Select the tank, move it next to the infantry, attack.
    click_square(&mut harness, Pos::new(2, 2));
    assert_eq!(
        harness.state().swat().unwrap().play.as_ref().unwrap().selected,
        Some(skirmish_studio::systems::swat::rules::UnitId(0))
    );
    click_square(&mut harness, Pos::new(4, 2));
    let state = &harness.state().swat().unwrap().play.as_ref().unwrap().session.state;
    assert_eq!(state.unit(skirmish_studio::systems::swat::rules::UnitId(0)).unwrap().pos, Pos::new(4, 2));
    click_square(&mut harness, Pos::new(5, 2));
    let session = &harness.state().swat().unwrap().play.as_ref().unwrap().session;
    assert!(
        session.events.iter().any(|e| matches!(e, skirmish_studio::systems::swat::rules::Event::UnitDamaged { .. })),
        "the attack happened"
    );
    assert!(harness.query_by_label("No actions to replay yet.").is_none(), "two actions to replay");
    // End the turn: the hand-off screen comes up for player 2.
    harness.get_by_label("End turn").click();
    harness.run_steps(3);
    harness.get_by_label("Start turn").click();
    harness.run_steps(2);
    // Player 2 hands over to the computer, which plays its turn.
    harness.get_by_label_contains("Computer plays Blue").click();
    // The computer plans on a worker; its turn is played some frames later.
    run_until(&mut harness, 60.0, "the computer's turn", |app| {
        app.swat().and_then(|d| d.play.as_ref()).is_some_and(|p| p.session.state.round == 2)
    });
    let state = &harness.state().swat().unwrap().play.as_ref().unwrap().session.state;
    assert_eq!(
        (state.round, state.current),
        (2, skirmish_studio::systems::swat::rules::PlayerId(0)),
        "the AI played its turn"
    );
    // The log runs oldest first, as every game's does.
    let first = harness.get_by_label_contains("round 1: Red's turn").rect().top();
    let later = harness.get_by_label_contains("round 2: Red's turn").rect().top();
    assert!(first < later, "round 1 is logged above round 2: {first} and {later}");
    harness.get_by_label("Leave playtest").click();
    harness.run_steps(2);
    assert!(harness.state().swat().unwrap().play.is_none());
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario, before, "the editor is exactly as it was");
    assert_eq!(harness.state().swat().unwrap().editor.doc.history.labels().count(), history);
}

#[test]
fn a_scenario_with_errors_cannot_be_playtested() {
    let mut app = app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, None);
    app.swat_mut().unwrap().editor.doc.scenario.players[0].funds = -5;
    let mut harness = harness(app);
    harness.get_by_label("Playtest").click();
    harness.run_steps(2);
    assert!(harness.state().swat().unwrap().play.is_none());
    assert!(matches!(harness.state().modal, Some(skirmish_studio::ui::Modal::Message(ref m)) if m.contains("funds")));
}

#[test]
fn export_for_print_from_the_window_writes_a_pdf() {
    let dir = temp_dir("export");
    let target = dir.join("board.pdf");
    let dialogs = Answers { open: None, save: Some(target.clone()) };
    let mut harness = harness(app_with(Some(sample("crossroads-duel.ron")), dialogs, None));
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Export for print").click();
    // The command runs after the frame of the click; the dialog shows the frame after.
    harness.run_steps(3);
    assert!(harness.state().export.is_some());
    harness.get_by_label("A4").click();
    harness.run_steps(1);
    harness.get_by_label("Export PDF...").click();
    let bytes = wait_for_export(&mut harness, &target);
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(String::from_utf8_lossy(&bytes).contains("/MediaBox[0 0 595.28 841.89]"));
    assert!(harness.state().export.as_ref().unwrap().message.starts_with("Wrote"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_new_scenario_from_the_menu_and_settings_typed_as_one_undoable_step() {
    let mut harness = harness(app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, None));
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("New scenario").click();
    harness.run_steps(3);
    harness.get_by_label("Create").click();
    harness.run_steps(3);
    let s = &harness.state().swat().unwrap().editor.doc.scenario;
    assert_eq!((s.board.width, s.board.height, s.players.len()), (24, 18, 2));
    assert_eq!(s.name, "Untitled scenario");
    // Show the settings and type a name: the typing is one step, undone at once.
    harness.get_by_label("View").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Scenario settings").click();
    harness.run_steps(3);
    let name = harness.get_all_by_role(egui::accesskit::Role::TextInput).next().expect("the name field");
    name.focus();
    harness.run_steps(1);
    harness.get_all_by_role(egui::accesskit::Role::TextInput).next().unwrap().type_text(" II");
    harness.run_steps(3);
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario.name, "Untitled scenario II");
    assert_eq!(harness.state().swat().unwrap().editor.doc.history.labels().collect::<Vec<_>>(), vec!["Edit settings"]);
    assert_eq!(
        harness.state().swat().unwrap().editor.doc.scenario.board.width,
        24,
        "the board is kept when settings change"
    );
    harness.state_mut().swat_mut().unwrap().editor.doc.undo();
    harness.run_steps(2);
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario.name, "Untitled scenario");
}

#[test]
fn a_random_co_is_picked_in_the_settings_and_dealt_in_the_playtest_and_the_shop_counts_counters() {
    let mut app = app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, None);
    duel(&mut app);
    app.swat_mut().unwrap().editor.doc.scenario.counters.insert("mech".into(), Some(0));
    // Only the settings in the side panel, so the seats are in view.
    app.prefs.show_minimap = false;
    app.prefs.show_diagnostics = false;
    app.prefs.show_inspector = false;
    app.prefs.show_settings = true;
    let mut harness = harness(app);
    // Player 1's CO box, then its "Random CO" entry.
    harness.get_by_label("CO of player 1").click();
    harness.run_steps(2);
    harness.get_by_label("Random CO").click();
    harness.run_steps(3);
    assert_eq!(
        harness.state().swat().unwrap().editor.doc.scenario.players[0].co,
        skirmish_studio::systems::swat::rules::CoChoice::Random
    );
    // The pools are in the settings, the ruleset's number shown.
    harness.get_by_label("Counters per army").click();
    harness.run_steps(2);
    let tank_pool = harness.get_by_label("Tank counters per army");
    tank_pool.scroll_to_me();
    harness.run_steps(6);
    harness.get_by_label("Tank counters per army").click();
    harness.run_steps(2);
    harness.get_by_label("No limit").click();
    harness.run_steps(3);
    assert_eq!(
        harness.state().swat().unwrap().editor.doc.scenario.counters.get("tank"),
        Some(&None),
        "the Tank pool is lifted"
    );
    harness.state_mut().swat_mut().unwrap().editor.doc.scenario.counters.remove("tank");
    harness.get_by_label("Playtest").click();
    harness.run_steps(3);
    let session = &harness.state().swat().unwrap().play.as_ref().expect("the playtest started").session;
    let dealt = session.state.player(skirmish_studio::systems::swat::rules::PlayerId(0)).co;
    assert!(dealt.is_some(), "player 1 was dealt a CO");
    assert!(
        session.events.iter().any(|e| matches!(e, skirmish_studio::systems::swat::rules::Event::CoDealt { .. })),
        "the deal is in the event log"
    );
    // Red's factory: the shop shows what is left of each pool; the Mech pool is empty.
    click_square(&mut harness, Pos::new(0, 0));
    // (The dealt CO may change prices, so only the start and the count are compared.)
    let shop_button = |name: &str| {
        let prefix = format!("{name} - $");
        let buttons: Vec<_> = harness
            .query_all_by_label_contains(&prefix)
            .filter(|b| b.accesskit_node().label().is_some_and(|l| l.starts_with(&prefix)))
            .collect();
        assert_eq!(buttons.len(), 1, "one {name} button");
        let label = buttons[0].accesskit_node().label().unwrap_or_default();
        (label, buttons[0].accesskit_node().is_disabled())
    };
    assert!(shop_button("Infantry").0.ends_with("(12 left)"));
    assert!(shop_button("Tank").0.ends_with("(4 left)"), "one of five Tanks is on the board");
    let (mech, disabled) = shop_button("Mech");
    assert!(mech.ends_with("(0 left)") && disabled, "no Mech counter is left to buy");
}

/// Steps the window until the balance run is over (failing, saying so, after four minutes).
fn wait_for_balance(harness: &mut Harness<'static, StudioApp>) {
    // The lab plays at Normal, the planner, which costs up to six times Easy: under a loaded
    // test run (two cores, every test at once) a run took over a minute.
    run_until(harness, 240.0, "the balance run to finish", |app| app.balance.run.is_none());
    harness.run_steps(2);
}

#[test]
fn balance_panel_runs_games_in_the_background_shows_shares_and_keeps_results_per_revision() {
    // Only the Balance panel on the side, so every widget of it is on screen to be clicked.
    let prefs = Prefs {
        show_balance: true,
        show_minimap: false,
        show_inspector: false,
        show_diagnostics: false,
        ..Prefs::default()
    };
    let app = StudioApp::new(AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: None, save: None }),
        prefs,
        open: Some(sample("crossroads-duel.ron")),
    });
    let mut harness = harness(app);
    harness.state_mut().balance.games = 40;
    harness.get_by_label("Run balance games").click();
    harness.run_steps(2);
    assert!(harness.state().balance.run.is_some(), "the games run in the background");
    wait_for_balance(&mut harness);
    let revision = harness.state().swat().unwrap().editor.doc.revision;
    let result = harness.state().balance.shown(revision).expect("a result for this revision");
    assert!(result.games >= 20 && result.games <= 40);
    harness.get_by_label_contains("Red wins");
    // The verdict says whether a seat is favoured, and how sure.
    harness.get_by_label(&capitalised_verdict(&result.verdict));
    harness.get_by_label("Show the heatmap: where properties changed hands").click();
    harness.run_steps(2);
    assert!(harness.state().balance.show_heatmap);
    // An edit makes a new revision: the old result no longer claims to describe the map.
    let forest = harness.state().swat().unwrap().editor.rules.terrain_id("forest").unwrap();
    harness.state_mut().swat_mut().unwrap().editor.doc.apply_edits(
        "Paint forest",
        &[skirmish_studio::systems::swat::scenario::Edit::SetTerrain { pos: Pos::new(0, 0), terrain: forest }],
    );
    harness.run_steps(2);
    assert!(harness.state().balance.shown(harness.state().swat().unwrap().editor.doc.revision).is_none());
    harness.get_by_label_contains("The map changed since the last run");
    // Cancel stops a run after the batch under way.
    harness.state_mut().balance.games = 2000;
    harness.state_mut().balance.until_clear = false;
    // By its accessibility action: under a loaded run the rows above it (the last result's
    // chart and notes) can move between frames, and a pointer click then misses it.
    harness.get_by_label("Run balance games").click_accesskit();
    run_until(&mut harness, 60.0, "the long run to start", |app| app.balance.run.is_some());
    harness.run_steps(2);
    // By its accessibility action, not a pointer at where it was drawn: under a loaded test run
    // the first results arrive between frames and move the panel's rows under a pointer.
    harness.get_by_label("Cancel balance games").click_accesskit();
    wait_for_balance(&mut harness);
    let cancelled =
        harness.state().balance.shown(harness.state().swat().unwrap().editor.doc.revision).expect("the games played");
    assert!(cancelled.games < 2000, "{} games", cancelled.games);
}

#[test]
fn a_replacement_ruleset_goes_to_the_game_whose_rules_accept_it_and_garbage_is_refused_with_where() {
    let config = || AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: None, save: None }),
        prefs: Prefs::default(),
        open: None,
    };
    for (text, game) in [
        (skirmish_studio::systems::swat::rules::BUILTIN_SWAT_RON, "swat"),
        (skirmish_studio::systems::skirm::rules::BUILTIN_SKIRM_RON, "skirm"),
    ] {
        let app = StudioApp::try_new(Some(text.to_owned()), config()).unwrap();
        assert_eq!(app.ruleset.as_ref().map(|(id, _)| *id), Some(game));
    }
    let error = StudioApp::try_new(Some("garbage(".into()), config()).err().expect("no game accepts it");
    assert!(error.contains("fits no game") && error.contains("line 1, column 1"), "{error}");
}

#[test]
fn a_status_message_clears_once_its_moment_has_passed() {
    let mut app = app_with(Some(sample("crossroads-duel.ron")), Answers { open: None, save: None }, None);
    app.status = "Saved board.ron.".into();
    assert_eq!(app.age_status(100.0), Some(skirmish_studio::ui::STATUS_SECONDS));
    assert!(app.age_status(105.0).is_some());
    assert_eq!(app.status, "Saved board.ron.", "still its moment");
    assert_eq!(app.age_status(100.0 + skirmish_studio::ui::STATUS_SECONDS + 0.1), None);
    assert!(app.status.is_empty(), "cleared: {}", app.status);
    // A new message starts its own time.
    app.status = "Undid Paint.".into();
    assert_eq!(app.age_status(200.0), Some(skirmish_studio::ui::STATUS_SECONDS));
}

/// Partial texture uploads (where, what) as the window hands them to the renderer.
type Patches = std::sync::Arc<std::sync::Mutex<Vec<([usize; 2], egui::ColorImage)>>>;

/// A renderer that only notes the partial uploads it is handed, of every texture but the font
/// atlas.
struct PatchRecorder(Patches);

impl egui_kittest::TestRenderer for PatchRecorder {
    fn handle_delta(&mut self, delta: &mut egui::TexturesDelta) {
        // The font atlas (texture 0) grows by patches too, as new glyphs are drawn.
        for (_, deltas) in delta.set.iter().filter(|entry| *entry.0 != egui::TextureId::default()) {
            for delta in deltas {
                if let (Some(pos), egui::ImageData::Color(image)) = (delta.pos, &delta.image) {
                    self.0.lock().unwrap().push((pos, (**image).clone()));
                }
            }
        }
        // Noted, so handled: there is no real renderer to hand them on to.
        delta.clear();
    }
}

#[test]
fn a_zoomed_out_200_by_200_board_is_one_ground_texture_patched_only_where_a_stroke_paints() {
    let rules = Arc::new(Ruleset::builtin().unwrap());
    let mut app = app_with(None, Answers { open: None, save: None }, None);
    let scenario = skirmish_studio::systems::swat::scenario::generated_scenario(&rules, 200, 200).unwrap();
    app.swat_mut().unwrap().editor.doc = skirmish_studio::systems::swat::editing::Document::new(scenario);
    app.view.fit = true;
    let patches = Patches::default();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .renderer(PatchRecorder(patches.clone()))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), app);
    harness.run_steps(5);
    let place = harness.state().placement.expect("the map was drawn");
    assert!(place.zoom < 7.0, "the whole board is in view, zoomed out ({} points a square)", place.zoom);
    // The ground is one textured quad: no mesh holds a quad per square.
    let biggest_mesh = harness
        .output()
        .shapes
        .iter()
        .filter_map(|clipped| match &clipped.shape {
            egui::Shape::Mesh(mesh) => Some(mesh.vertices.len()),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    assert!(biggest_mesh < 4 * 200 * 200, "a mesh of {biggest_mesh} vertices");
    let forest = rules.terrain_id("forest").unwrap();
    let square = Pos::new(120, 80);
    assert_ne!(harness.state().swat().unwrap().editor.doc.scenario.terrain_at(square), forest);
    harness.get_by_label("Forest").click();
    harness.run_steps(2);
    let centre = place.square_rect(square).center();
    patches.lock().unwrap().clear();
    harness.drag_at(centre);
    harness.step();
    harness.drop_at(centre);
    harness.run_steps(3);
    let painted = std::mem::take(&mut *patches.lock().unwrap());
    assert_eq!(harness.state().swat().unwrap().editor.doc.scenario.terrain_at(square), forest, "painted");
    let skirmish_studio::export::Rgb(r, g, b) = skirmish_studio::systems::swat::colours::terrain("forest");
    let green = egui::Color32::from_rgb(r, g, b);
    let at = [usize::from(square.x) * 4, usize::from(square.y) * 4];
    assert!(
        painted
            .iter()
            .any(|(pos, image)| *pos == at && image.size == [4, 4] && image.pixels.iter().all(|p| *p == green)),
        "the painted square is uploaded again in forest green: {:?}",
        painted.iter().map(|(pos, image)| (pos, image.size)).collect::<Vec<_>>()
    );
    assert!(painted.iter().all(|(_, image)| image.size == [4, 4]), "only squares are uploaded, never the board");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(3);
    let undone = std::mem::take(&mut *patches.lock().unwrap());
    assert!(undone.iter().any(|(pos, image)| *pos == at && image.pixels[0] != green), "undo paints it back");
}

#[test]
fn the_library_tiles_are_listed_by_name_in_words_and_say_how_a_stamp_is_turned() {
    let mut harness = harness(app_with(Some(sample("bridgehead.ron")), Answers { open: None, save: None }, None));
    // The file's names ("open-field", "river-crossing") are ids; the palette says them in words.
    harness.get_by_label("Open field tile");
    harness.get_by_label("River crossing tile");
    assert!(harness.query_by_label("open-field").is_none());
    harness.get_by_label("Stamped not turned ('.' turns it a quarter)");
    harness.get_by_label("Open field tile").click();
    harness.run_steps(2);
    harness.key_press(Key::Period);
    harness.run_steps(2);
    harness.get_by_label("Stamped turned a quarter ('.' turns it a quarter)");
}
