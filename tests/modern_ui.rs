//! The window on a Modern Skirmish table, driven headless with egui_kittest by label: a building
//! placed from the library with its mirrored echo and undone as one step, a broken force put
//! right with one click of its fix, and a playtest in which a unit is tested, a figure aims at
//! an enemy (the chances or the reason there is no shot are shown) and a planned move is made.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui::{Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use skirmish_studio::systems::modern::rules::Outcome;
use skirmish_studio::ui::modern::ModernDesk;
use skirmish_studio::ui::{AppConfig, Prefs, StudioApp};
use std::path::PathBuf;
use window_common::{Answers, click_at, drawn_text, run_until, sample, settle_findings};

fn harness(open: Option<PathBuf>) -> Harness<'static, StudioApp> {
    harness_answering(open, None)
}

/// A window whose file dialogs answer `game` to both opening and saving.
fn harness_answering(open: Option<PathBuf>, game: Option<PathBuf>) -> Harness<'static, StudioApp> {
    let config = AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: game.clone(), save: game }),
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

fn desk<'a>(harness: &'a Harness<'static, StudioApp>) -> &'a ModernDesk {
    harness.state().desk_as::<ModernDesk>().expect("a Modern Skirmish table is open")
}

/// The screen point of a table point in centimetres.
fn at(harness: &Harness<'static, StudioApp>, x: f32, y: f32) -> Pos2 {
    let place = harness.state().placement.expect("the table was drawn");
    place.origin + egui::vec2(x, y) * place.zoom
}

#[test]
fn a_building_is_placed_with_its_echo_and_undone_as_one_step() {
    let mut harness = harness(Some(sample("ms-open-field.ron")));
    let before = desk(&harness).editor.doc.scenario.table.pieces.len();
    harness.get_by_label("Kill chance of one shot (exact)");
    harness.get_by_label("Building").click();
    harness.run_steps(2);
    let point = at(&harness, 45.0, 25.0);
    click_at(&mut harness, point);
    let pieces = &desk(&harness).editor.doc.scenario.table.pieces;
    assert_eq!(pieces.len(), before + 2, "the building and its mirror image");
    assert_eq!(pieces[before].kind, "building");
    harness.get_by_label("Edit").click();
    harness.run_steps(2);
    // The menu's entry names the step ("Undo Place ..."); the toolbar's button is a bare "Undo".
    harness.get_by_label_contains("Undo ").click();
    harness.run_steps(3);
    assert_eq!(desk(&harness).editor.doc.scenario.table.pieces.len(), before);
}

#[test]
fn a_broken_force_is_put_right_with_one_click() {
    let mut harness = harness(Some(sample("ms-town.ron")));
    harness.state_mut().desk_as_mut::<ModernDesk>().unwrap().editor.doc.scenario.units.truncate(4);
    harness.state_mut().desk_as_mut::<ModernDesk>().unwrap().editor.doc.revision += 1;
    settle_findings(&mut harness);
    harness.run_steps(2);
    harness.get_by_label_contains("the forces are not the text's");
    harness.get_by_label("Set up the text's forces in the deployment zones").click();
    settle_findings(&mut harness);
    harness.run_steps(2);
    assert_eq!(desk(&harness).editor.doc.scenario.units.len(), 6);
    harness.get_by_label("No problems: the table follows the rules.");
}

/// Open Field in a playtest, once the computer has played the Antagonist's first initiative
/// and the person's side (the Affiliation) is to act.
fn open_field_playtest_at_the_persons_turn() -> Harness<'static, StudioApp> {
    let mut harness = harness(Some(sample("ms-open-field.ron")));
    harness.get_by_label("Playtest").click();
    harness.run_steps(4);
    run_until(&mut harness, 20.0, "the computer to play the Antagonist's initiative", |app| {
        let play = &app.desk_as::<ModernDesk>().unwrap().play.as_ref().unwrap().play;
        play.state().side == 0 || play.state().outcome != Outcome::Ongoing
    });
    harness
}

#[test]
fn a_playtest_tests_a_unit_aims_and_moves() {
    let mut harness = open_field_playtest_at_the_persons_turn();
    // Test until a unit passes (a unit without minuses always does).
    harness.get_by_label_contains("Test 1st Legionaries (passes 100%)").click();
    harness.run_steps(3);
    let state = desk(&harness).play.as_ref().unwrap().play.state().clone();
    assert_eq!(state.active, Some(0), "1st Legionaries passed and may act");
    let first = state.figures[0].at;
    let cm = |um: i64| um as f32 / 10_000.0;
    let point = at(&harness, cm(first.0), cm(first.1));
    click_at(&mut harness, point);
    assert_eq!(desk(&harness).play.as_ref().unwrap().selected, Some(0));
    harness.get_by_label_contains("Reach 15 cm outside");
    assert!(harness.query_by_label_contains("mm outside").is_none(), "one unit of length, the table's");
    let enemy = state.figures.iter().position(|f| state.units[f.unit].side == 1 && !f.killed).unwrap();
    let target = at(&harness, cm(state.figures[enemy].at.0), cm(state.figures[enemy].at.1));
    click_at(&mut harness, target);
    assert_eq!(desk(&harness).play.as_ref().unwrap().target, Some(enemy));
    let shot =
        harness.query_by_label_contains("No shot").is_some() || harness.query_by_label_contains("Hit ").is_some();
    assert!(shot, "the fire preview shows the chances or why there is none");
    let charge = harness.query_by_label_contains("No charge").is_some()
        || harness.query_by_label_contains("Charge: defender eliminated 40%").is_some();
    assert!(charge, "close combat's odds or why there is no charge");
    // Undo takes the morale test back: the chosen figure, the aim and any Fire button go with
    // it (issue 38, item 13), and the test passes again on the same dice.
    harness.get_by_label("Undo action").click();
    harness.run_steps(2);
    let play = desk(&harness).play.as_ref().unwrap();
    assert_eq!((play.selected, play.target), (None, None), "the aim survived the undo");
    assert!(harness.query_by_label_contains("Fire (").is_none(), "a Fire button survived the undo");
    harness.get_by_label_contains("Test 1st Legionaries (passes 100%)").click();
    harness.run_steps(3);
    assert_eq!(desk(&harness).play.as_ref().unwrap().play.state().active, Some(0));
    // Plan a 4 cm move up the table and make it. As in the editor, Shift-drag plans one
    // figure's move and a plain drag the whole unit's (issue 38, item 9).
    let from = at(&harness, cm(first.0), cm(first.1));
    let to = at(&harness, cm(first.0), cm(first.1) - 4.0);
    let drag = |harness: &mut Harness<'_, StudioApp>, shift: bool| {
        let held = if shift { Modifiers::SHIFT } else { Modifiers::NONE };
        harness.event(egui::Event::ModifiersChanged(held));
        harness.hover_at(from);
        harness.run_steps(1);
        harness.drag_at(from);
        harness.run_steps(1);
        for i in 1..=5 {
            harness.hover_at(from + (to - from) * (i as f32 / 5.0));
            harness.run_steps(1);
        }
        harness.drop_at(to);
        harness.run_steps(2);
        harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
        harness.run_steps(1);
    };
    drag(&mut harness, true);
    assert_eq!(desk(&harness).play.as_ref().unwrap().planned.len(), 1, "Shift-drag: one figure");
    drag(&mut harness, false);
    let figures = state.figures.iter().filter(|f| f.unit == 0).count();
    assert_eq!(desk(&harness).play.as_ref().unwrap().planned.len(), figures, "a drag: the whole unit");
    harness.get_by_label("Move them (passes the initiative)").click();
    harness.run_steps(2);
    let after = desk(&harness).play.as_ref().unwrap().play.state().clone();
    assert!(after.figures[0].at.1 < first.1 - 35_000, "the figure moved up the table");
    assert!(after.side == 1 || after.round > 1, "the move passed the initiative");
}

/// "Computer acts" plays, for the person's side, the move the computer player chooses in that
/// position: the playtest's own way for every game, with the bar and the plans kept in step.
#[test]
fn computer_acts_plays_the_computer_players_choice_for_the_side_deciding() {
    let mut harness = open_field_playtest_at_the_persons_turn();
    for _ in 0..3 {
        let play = &desk(&harness).play.as_ref().unwrap().play;
        let (before, taken) = (play.state().clone(), play.session.actions.len());
        let chosen = skirmish_studio::game::Rules::computer_moves(&play.rules, &before, play.level);
        harness.get_by_label("Computer acts").click();
        // The planner thinks on a worker; its moves arrive some frames later.
        run_until(&mut harness, 60.0, "the computer's moves", |app| {
            app.desk_as::<ModernDesk>()
                .and_then(|d| d.play.as_ref())
                .is_some_and(|p| p.play.session.actions.len() > taken)
        });
        let p = desk(&harness).play.as_ref().unwrap();
        assert!(p.note.is_empty(), "the computer's move was refused: {}", p.note);
        // The side's run of moves as the computer plans it (the computer's own side may answer
        // after it).
        let played = p.play.session.actions.get(taken..taken + chosen.len());
        assert_eq!(played, Some(&chosen[..]), "the computer's choice in that position");
    }
}

#[test]
fn every_units_morale_track_is_seen_whole_in_the_units_column() {
    // The units column takes at most a fifth of the window: 256 px here, less its margins. At
    // full size a track is 250 px, so the boxes must shrink to fit rather than run off the
    // column's edge behind a sideways scroll.
    let mut harness = harness(Some(sample("ms-open-field.ron")));
    harness.get_by_label("Playtest").click();
    harness.run_steps(4);
    let tracks: Vec<(String, egui::Rect)> = harness
        .query_all_by_label_contains("Morale track of")
        .map(|node| (node.accesskit_node().label().unwrap_or_default(), node.rect()))
        .collect();
    assert!(tracks.len() >= 4, "a track for every unit of both sides: {tracks:?}");
    assert!(tracks.iter().any(|(label, _)| label.contains("1st Legionaries")), "{tracks:?}");
    let column = 1280.0 * 0.2;
    for (label, rect) in &tracks {
        assert!(rect.max.x <= column, "{label} ends at {} px, past the column's {column} px", rect.max.x);
        assert!(rect.height() >= 10.0 && rect.width() >= 14.0 * 10.0, "{label}: boxes of at least 10 px, {rect:?}");
    }
}

#[test]
fn the_balance_panel_judges_the_sides_by_name() {
    let mut harness = harness(Some(sample("ms-town.ron")));
    if !harness.state().prefs.show_balance {
        harness.get_by_label("Balance lab").click();
        harness.run_steps(3);
    }
    harness.state_mut().balance.games = 40;
    harness.get_by_label("Run balance games").click();
    harness.run_steps(2);
    let start = std::time::Instant::now();
    while harness.state().balance.run.is_some() && start.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        harness.run_steps(1);
    }
    harness.run_steps(2);
    let revision = desk(&harness).editor.doc.revision;
    let result = harness.state().balance.shown(revision).expect("a result for this revision");
    assert_eq!(result.first_mover, None, "the text fixes the first side: no seat to rotate");
    harness.get_by_label_contains("Affiliation wins");
    harness.get_by_label_contains("Antagonist wins");
    assert!(harness.query_by_label_contains("layer 1").is_none(), "the verdict names sides, not seats");
    // Where figures fell, in 10 cm cells on the table.
    let desk = harness.state().desk.as_ref();
    let ((x, y), size) = desk.place_board_rect(result.heatmap[0].at);
    assert_eq!(size, 10.0);
    assert!((0.0..=120.0).contains(&x) && (0.0..=90.0).contains(&y), "{x} {y} in centimetres");
    harness.get_by_label_contains("Draws: ");
    harness.get_by_label_contains("decisive games");

    // The verdict at every level: the button, then each level's line, the sides named.
    harness.state_mut().balance.games = 6;
    harness.get_by_label("Judge at every level").click();
    let start = std::time::Instant::now();
    let said = |h: &Harness<'static, StudioApp>| {
        h.query_by_label_contains("holds at every level").is_some()
            || h.query_by_label_contains("depends on the computer's level").is_some()
    };
    while !said(&harness) {
        assert!(
            start.elapsed().as_secs() < 180,
            "the games at every level gave no verdict within 180 s (Easy, Normal and Hard, 6 games each)"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
        harness.run_steps(1);
    }
    for level in ["Easy: ", "Normal: ", "Hard: "] {
        harness.get_by_label_contains(level);
    }
    assert!(harness.query_by_label_contains("layer 1").is_none(), "the sides are named");
}

#[test]
fn a_game_saved_in_the_playtest_loads_back_where_it_stood() {
    let file = std::env::temp_dir().join(format!("modern-game-{}.ron", std::process::id()));
    let mut harness = harness_answering(Some(sample("ms-town.ron")), Some(file.clone()));
    harness.get_by_label("Playtest").click();
    harness.run_steps(3);
    {
        let play = &mut harness.state_mut().desk_as_mut::<ModernDesk>().unwrap().play.as_mut().unwrap().play;
        play.computer = vec![false, false];
        play.act(&skirmish_studio::systems::modern::rules::Action::Pass).unwrap();
        let side = play.state().side;
        let unit = play.state().units.iter().position(|u| u.side == side).unwrap();
        play.act(&skirmish_studio::systems::modern::rules::Action::Test { unit }).unwrap();
    }
    // The bar's words change with the position: lay it out again before clicking in it.
    harness.run_steps(2);
    let before = desk(&harness).play.as_ref().unwrap().play.log.clone();
    harness.get_by_label("Save game").click();
    harness.run_steps(4);
    let written = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}: {}", harness.state().status));
    assert!(written.contains("actions"), "the game was written");
    harness.get_by_label("Restart").click();
    harness.run_steps(2);
    assert_ne!(desk(&harness).play.as_ref().unwrap().play.log, before);
    harness.get_by_label("Load game").click();
    harness.run_steps(4);
    // The computer may play on from there at once; the game up to the save is the same.
    let loaded = desk(&harness).play.as_ref().unwrap().play.log.clone();
    assert_eq!(loaded[..before.len()], before[..], "loaded where it stood");
    let _ = std::fs::remove_file(file);
}

#[test]
fn a_symmetry_a_table_cannot_have_is_refused_in_words_and_the_echo_kept() {
    use egui::{Key, Modifiers};
    use skirmish_studio::table::TableSymmetry;
    let mut harness = harness(Some(sample("ms-open-field.ron")));
    // Alt+2: mirror top-bottom, which a table for two sides has.
    harness.key_press_modifiers(Modifiers::ALT, Key::Num2);
    harness.run_steps(2);
    assert_eq!(desk(&harness).editor.echo, Some(TableSymmetry::MirrorTopBottom));
    // Alt+3: mirror both ways, which it does not: refused, and the echo stays.
    harness.key_press_modifiers(Modifiers::ALT, Key::Num3);
    harness.run_steps(2);
    assert_eq!(desk(&harness).editor.echo, Some(TableSymmetry::MirrorTopBottom));
    let status = &harness.state().status;
    assert!(status.contains("is not a symmetry of a table for two sides"), "{status}");
    harness.get_by_label_contains("is not a symmetry of a table for two sides");
}

#[test]
fn a_measure_on_the_table_is_painted_under_a_dialog_opened_over_it() {
    let mut harness = harness(Some(sample("ms-town.ron")));
    {
        let desk = harness.state_mut().desk_as_mut::<ModernDesk>().unwrap();
        desk.editor.tool = skirmish_studio::systems::modern::editing::Tool::Measure;
        desk.editor.measured = Some(((300_000, 300_000), (600_000, 450_000)));
    }
    harness.run_steps(2);
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Export for print").click();
    harness.run_steps(3);
    let order = drawn_text(&harness);
    let measure = order.iter().rposition(|t| t.contains("edge to edge")).expect("the measure is drawn");
    let dialog = order.iter().position(|t| t.contains("prints on")).expect("the export dialog is drawn");
    assert!(measure < dialog, "the measure's label is painted over the dialog: {order:?}");
}

#[test]
fn the_kill_chance_table_is_seen_whole_in_the_editors_right_column() {
    // The right column is a few hundred pixels wide; the kill chances (a block for each firer
    // and enemy, a cell for each range row) must fit it rather than run off its edge behind a
    // sideways scroll.
    let mut harness = harness(Some(sample("ms-open-field.ron")));
    harness.run_steps(2);
    harness.get_by_label("Kill chance of one shot (exact)").click();
    harness.run_steps(4);
    let heading = harness.get_by_label("In the open above, in cover below.").rect();
    let cells: Vec<(String, egui::Rect)> = harness
        .query_all_by_label_contains(" cm\n")
        .map(|node| {
            let node_text = node.accesskit_node().value().or_else(|| node.accesskit_node().label());
            (node_text.unwrap_or_default().replace('\n', " "), node.rect())
        })
        .collect();
    // Two troops a side against the two enemy troops, at three range rows.
    assert!(cells.len() >= 12, "a cell for every firer, enemy and range row: {cells:?}");
    for (label, rect) in &cells {
        assert!(rect.min.x >= heading.min.x - 1.0, "{label} starts at {} px, left of the column", rect.min.x);
        assert!(rect.max.x <= 1280.0 - 8.0, "{label} ends at {} px, past the column's edge", rect.max.x);
    }
}
