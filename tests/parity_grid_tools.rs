//! Grid tools in the framework (issue 77, item 1): Skirmish Wars and Skirm share the editing
//! kernel's selection (select, copy, cut, paste, move, turn, mirror) and shapes, a Skirm
//! selection carries every layer with its walls and doors turning along, and Skirm lays stamps
//! of rooms from its library and from the designer's own selection.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::board::selection::{GridClip, GridEditing};
use skirmish_studio::board::shapes::Shape;
use skirmish_studio::board::{Door, Edge, EdgeAxis, EdgeFeature, Pos, SquareMap, TerrainId, Wall};
use skirmish_studio::systems::skirm::editing::{
    Document, Editor, SkirmClip, SkirmTool, Spot, check_builtin_rooms, new_scenario, stamps_from_text, stamps_text,
};
use skirmish_studio::systems::skirm::rules::{ItemKind, Ruleset};
use skirmish_studio::systems::skirm::scenario::{SkirmScenario, load_scenario};
use std::sync::Arc;

fn rules() -> Arc<Ruleset> {
    Arc::new(Ruleset::builtin().unwrap())
}

fn blank_editor(width: u16, height: u16) -> Editor {
    let rules = rules();
    let scenario = new_scenario(&rules, width, height);
    Editor::new(rules, Document::new(scenario))
}

fn p(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

fn horizontal(x: u16, y: u16) -> Edge {
    Edge { x, y, axis: EdgeAxis::Horizontal }
}

fn vertical(x: u16, y: u16) -> Edge {
    Edge { x, y, axis: EdgeAxis::Vertical }
}

const WALL: EdgeFeature = EdgeFeature { wall: Some(Wall { height: 1, climbable: false }), door: None };
const DOOR: EdgeFeature =
    EdgeFeature { wall: Some(Wall { height: 1, climbable: false }), door: Some(Door { open: false }) };

/// What a room is made of, in squares and edges from its top-left square.
struct Room {
    size: (u16, u16),
    doors: Vec<Edge>,
    crate_at: Pos,
    difficult_at: Pos,
    raised_at: Pos,
}

/// Builds `room` by hand at `at`, one tool stroke at a time, as a designer would.
fn build_by_hand(editor: &mut Editor, room: &Room, at: Pos) {
    let (w, h) = room.size;
    let shift = |e: Edge| Edge { x: e.x + at.x, y: e.y + at.y, axis: e.axis };
    let mut walls = Vec::new();
    for x in 0..w {
        walls.extend([horizontal(x, 0), horizontal(x, h)]);
    }
    for y in 0..h {
        walls.extend([vertical(0, y), vertical(w, y)]);
    }
    let walls: Vec<Edge> = walls.into_iter().map(shift).collect();
    editor.set_edges("Draw wall", None, &walls, |_| Some(WALL));
    let doors: Vec<Edge> = room.doors.iter().copied().map(shift).collect();
    editor.set_edges("Place door", None, &doors, |_| Some(DOOR));
    let at_room = |q: Pos| p(q.x + at.x, q.y + at.y);
    let difficult = editor.rules.terrain_id("difficult").unwrap();
    editor.change_squares("Paint", None, &[at_room(room.difficult_at)], 0, |s, q, _| {
        s.board.set_terrain(q, difficult);
    });
    editor.change_squares("Height", None, &[at_room(room.raised_at)], 0, |s, q, _| {
        s.board.set_height(q, 1);
    });
    editor.change_squares("Item", None, &[at_room(room.crate_at)], 0, |s, q, _| s.items.push((q, ItemKind::Crate)));
}

/// The scenario with its lists in one order, so two built in another order compare.
fn settled(scenario: &SkirmScenario) -> SkirmScenario {
    let mut s = scenario.clone();
    s.items.sort();
    s.objectives.sort();
    s.markers.sort();
    s.zones.iter_mut().for_each(|z| z.sort());
    s
}

/// A 4 × 3 room: walls all round, a door in its top wall over its second square, a crate on
/// its right-hand square of the middle row, difficult ground top left, a raised square on the
/// bottom row.
fn the_room() -> Room {
    Room { size: (4, 3), doors: vec![horizontal(1, 0)], crate_at: p(3, 1), difficult_at: p(0, 0), raised_at: p(2, 2) }
}

/// The same room turned a quarter clockwise, worked out by hand: 3 × 4, the top wall is now
/// its right wall (the door beside its second square down), the right-hand side is its
/// bottom row (the crate in the middle of it), the top-left corner is the top-right one, and
/// the bottom row is the left column (the raised square third down).
fn the_room_turned() -> Room {
    Room { size: (3, 4), doors: vec![vertical(3, 1)], crate_at: p(1, 3), difficult_at: p(2, 0), raised_at: p(0, 2) }
}

#[test]
fn parity_a_skirm_room_turned_a_quarter_and_pasted_matches_the_room_built_by_hand_at_that_place() {
    let mut editor = blank_editor(16, 16);
    build_by_hand(&mut editor, &the_room(), p(3, 4));
    editor.selection = Some((p(3, 4), p(6, 6)));
    editor.copy_selection(false);
    editor.paste(Some(p(9, 8)));
    assert_eq!(editor.selection, Some((p(9, 8), p(12, 10))), "the paste is selected");
    let before_turn = editor.doc.scenario.clone();
    editor.transform_selection("Turn selection", SquareMap::Turn90);
    assert_eq!(editor.selection, Some((p(9, 8), p(11, 11))), "the turned room is selected");

    let mut by_hand = blank_editor(16, 16);
    build_by_hand(&mut by_hand, &the_room(), p(3, 4));
    build_by_hand(&mut by_hand, &the_room_turned(), p(9, 8));
    assert_eq!(settled(&editor.doc.scenario), settled(&by_hand.doc.scenario));
    // The turn is one step, and undo gives back the scenario exactly.
    assert_eq!(editor.doc.history.undo_label(), Some("Turn selection"));
    editor.doc.undo();
    assert_eq!(editor.doc.scenario, before_turn);
}

#[test]
fn parity_mirroring_a_skirm_selection_mirrors_its_doors_and_four_turns_give_it_back() {
    let mut editor = blank_editor(12, 12);
    build_by_hand(&mut editor, &the_room(), p(2, 3));
    let built = editor.doc.scenario.clone();
    editor.selection = Some((p(2, 3), p(5, 5)));
    editor.transform_selection("Mirror selection", SquareMap::FlipX);
    // The door over the second of four squares is now over the third.
    let board = &editor.doc.scenario.board;
    assert_eq!(board.edge(horizontal(4, 3)), Some(&DOOR));
    assert_eq!(board.edge(horizontal(3, 3)), Some(&WALL));
    editor.transform_selection("Mirror selection", SquareMap::FlipX);
    assert_eq!(editor.doc.scenario, built, "mirrored twice it is as it was");
    for _ in 0..4 {
        editor.transform_selection("Turn selection", SquareMap::Turn90);
    }
    assert_eq!(settled(&editor.doc.scenario), settled(&built), "four quarter turns give it back");
}

/// Ruined Crossing with a unit of each squad placed inside the rectangle (2, 2)–(5, 4).
fn crossing_with_placed_units() -> Editor {
    let rules = rules();
    let text = include_str!("../scenarios/skirm-ruined-crossing.ron");
    let scenario = load_scenario(&rules, text).unwrap();
    let mut editor = Editor::new(rules, Document::new(scenario));
    editor.doc.change("Clear", None, |s| {
        for pos in [p(2, 2), p(4, 3)] {
            s.board.set_terrain(pos, TerrainId(0));
        }
    });
    assert!(editor.place_unit(0, 0, Some(p(2, 2))), "squad A's first unit placed");
    assert!(editor.place_unit(1, 1, Some(p(4, 3))), "squad B's second unit placed");
    editor
}

#[test]
fn parity_moving_a_skirm_selection_carries_its_units_as_the_same_units_in_one_undoable_step() {
    let mut editor = crossing_with_placed_units();
    let before = editor.doc.scenario.clone();
    let names: Vec<String> = before.squads.iter().map(|s| s.units.iter().map(|u| u.name.clone()).collect()).collect();
    editor.selection = Some((p(2, 2), p(5, 4)));
    editor.move_selection(p(3, 5));
    let s = &editor.doc.scenario;
    assert_eq!(s.squads[0].units[0].pos, Some(p(3, 5)), "the same unit, moved");
    assert_eq!(s.squads[1].units[1].pos, Some(p(5, 6)));
    let after: Vec<String> = s.squads.iter().map(|q| q.units.iter().map(|u| u.name.clone()).collect()).collect();
    assert_eq!(after, names, "no unit was added or lost");
    assert_eq!(editor.doc.history.undo_label(), Some("Move selection"));
    editor.doc.undo();
    assert_eq!(editor.doc.scenario, before, "undo restores it exactly");
}

#[test]
fn parity_cut_and_paste_on_skirm_takes_units_out_and_pastes_them_as_new_members() {
    let mut editor = crossing_with_placed_units();
    let counts = |e: &Editor| e.doc.scenario.squads.iter().map(|s| s.units.len()).collect::<Vec<_>>();
    let before = counts(&editor);
    editor.selection = Some((p(2, 2), p(5, 4)));
    editor.copy_selection(true);
    assert_eq!(counts(&editor), vec![before[0] - 1, before[1] - 1], "cut takes the units out of their squads");
    assert!(editor.doc.scenario.board.edges.keys().all(|e| !(e.x >= 3 && e.x <= 5 && e.y >= 3 && e.y <= 4)));
    editor.paste(Some(p(2, 2)));
    editor.paste(Some(p(7, 2)));
    assert_eq!(counts(&editor), vec![before[0] + 1, before[1] + 1], "each paste adds its units again");
    let clip = editor.clipboard.clone().unwrap();
    assert_eq!(SkirmClip::copy(&editor.doc.scenario, p(7, 2), p(10, 4)).units.len(), clip.units.len());
}

#[test]
fn parity_skirm_shapes_lay_terrain_heights_and_zones_and_a_fill_stops_at_walls() {
    let mut editor = blank_editor(10, 10);
    let difficult = editor.rules.terrain_id("difficult").unwrap();
    let drag = |editor: &mut Editor, from: Pos, to: Pos| {
        let at = |q: Pos| Spot::at(f32::from(q.x) + 0.5, f32::from(q.y) + 0.5, 10, 10).unwrap();
        editor.press(at(from));
        editor.drag_to(at(to));
        editor.release(Some(at(to)));
    };
    editor.tool = SkirmTool::Terrain;
    editor.terrain = difficult;
    editor.shape = Shape::Rectangle;
    drag(&mut editor, p(1, 2), p(3, 4));
    let painted = editor.doc.scenario.board.squares().filter(|&q| editor.doc.scenario.board.terrain_at(q) == difficult);
    assert_eq!(painted.count(), 9, "a 3 × 3 rectangle, one step");
    editor.tool = SkirmTool::Height;
    editor.level = 2;
    editor.shape = Shape::Line;
    drag(&mut editor, p(0, 7), p(6, 7));
    assert_eq!((0..10).filter(|&x| editor.doc.scenario.board.height_at(p(x, 7)) == 2).count(), 7);
    editor.shape = Shape::Brush(3);
    drag(&mut editor, p(8, 1), p(8, 1));
    assert_eq!(editor.doc.scenario.board.height_at(p(9, 2)), 2, "a 3 × 3 brush");
    // A wall across the map at y = 5 stops a fill of open ground from the top.
    let wall: Vec<Edge> = (0..10).map(|x| horizontal(x, 5)).collect();
    editor.set_edges("Draw wall", None, &wall, |_| Some(WALL));
    editor.tool = SkirmTool::Terrain;
    editor.terrain = editor.rules.terrain_id("impassable").unwrap();
    editor.shape = Shape::Fill;
    drag(&mut editor, p(0, 0), p(0, 0));
    let board = &editor.doc.scenario.board;
    assert_eq!(board.terrain_at(p(5, 4)), editor.terrain, "the fill reached the wall");
    assert_eq!(board.terrain_at(p(2, 3)), difficult, "other terrain stays");
    assert_eq!(board.terrain_at(p(5, 6)), TerrainId(0), "nothing beyond the wall");
    // The zone tool's rectangle paints squad A's zone; one started inside squad B's (its two
    // bottom rows) takes squares out of it.
    editor.tool = SkirmTool::Zone;
    editor.shape = Shape::Rectangle;
    drag(&mut editor, p(0, 3), p(9, 3));
    assert!((0..10).all(|x| editor.doc.scenario.zones[0].contains(&p(x, 3))));
    editor.squad = 1;
    drag(&mut editor, p(0, 8), p(9, 8));
    assert_eq!(editor.doc.scenario.zones[1].len(), 10, "only the bottom row is left");
}

#[test]
fn parity_every_built_in_skirm_room_reads_and_a_selection_saved_as_a_stamp_lays_again_from_its_file() {
    let rules = rules();
    let rooms = check_builtin_rooms(&rules).unwrap();
    assert!(rooms.len() >= 5, "a small library of rooms");
    assert!(rooms.iter().all(|r| !r.clip.block.board.edges.is_empty()), "every room has walls");
    let mut editor = blank_editor(16, 16);
    assert_eq!(editor.stamps.len(), rooms.len(), "the editor offers every room");
    // The guard post laid turned at (5, 5), then saved from a selection under a name.
    editor.tool = SkirmTool::Stamp;
    editor.stamp = 0;
    editor.stamp_turns = 1;
    let at = Spot::at(5.5, 5.5, 16, 16).unwrap();
    editor.press(at);
    editor.release(Some(at));
    assert!(editor.doc.history.undo_label().is_some_and(|l| l.starts_with("Stamp ")));
    let laid = SkirmClip::copy(&editor.doc.scenario, p(5, 5), p(7, 7));
    assert_eq!(laid, rooms[0].clip.mapped(SquareMap::Turn90), "laid turned a quarter");
    editor.selection = Some((p(5, 5), p(7, 7)));
    editor.stamp_name = "Turned post".into();
    let index = editor.save_selection_as_stamp().unwrap();
    let text = stamps_text(&editor.stamps).unwrap();
    let read = stamps_from_text(&rules, &text, &skirmish_studio::systems::name_of).unwrap();
    assert_eq!(read.len(), 1, "only the designer's own stamps are written");
    assert_eq!((read[0].name.as_str(), &read[0].clip), ("Turned post", &editor.stamps[index].clip));
    // A damaged file says where; another game's stamps are refused.
    let damaged = stamps_from_text(&rules, &text[..text.len() / 2], &skirmish_studio::systems::name_of).unwrap_err();
    assert!(damaged.contains("line"), "{damaged}");
    let other = text.replace("system: \"skirm\"", "system: \"swat\"");
    assert!(
        stamps_from_text(&rules, &other, &skirmish_studio::systems::name_of).unwrap_err().contains("Skirmish Wars")
    );
}

#[test]
fn parity_a_skirm_clip_read_from_elsewhere_is_checked_before_it_is_pasted() {
    let rules = rules();
    let editor = crossing_with_placed_units();
    let clip = SkirmClip::copy(&editor.doc.scenario, p(2, 2), p(5, 4));
    assert_eq!(clip.check(&rules), Ok(()));
    let mut stranger = clip.clone();
    stranger.units[0].unit.profile = "dragon".into();
    assert!(stranger.check(&rules).unwrap_err().contains("unknown card 'dragon'"));
    let mut armed = clip.clone();
    armed.units[0].unit.weapons.push("death ray".into());
    assert!(armed.check(&rules).unwrap_err().contains("unknown weapon 'death ray'"));
    let mut high = clip.clone();
    high.block.board.set_height(p(0, 0), 9);
    assert!(high.check(&rules).unwrap_err().contains("higher than level"));
    let mut stray = clip;
    stray.items.push((p(40, 1), ItemKind::Barrel));
    assert!(stray.check(&rules).unwrap_err().contains("outside"));
}

/// Copies the rectangle, turns it four times and mirrors it twice through the shared
/// selection, whichever game's editor it is.
fn turned_round<E: GridEditing>(editor: &mut E, rect: (Pos, Pos)) {
    editor.set_selection(Some(rect));
    for _ in 0..4 {
        editor.transform_selection("Turn selection", SquareMap::Turn90);
    }
    editor.transform_selection("Mirror selection", SquareMap::FlipY);
    editor.transform_selection("Mirror selection", SquareMap::FlipY);
}

#[test]
fn parity_skirmish_wars_and_skirm_turn_and_mirror_through_the_one_shared_selection() {
    use skirmish_studio::systems::swat::editing::{Clipboard, Document as SwatDocument, Editor as SwatEditor};
    use skirmish_studio::systems::swat::rules::Ruleset as SwatRuleset;
    let swat_rules = Arc::new(SwatRuleset::builtin().unwrap());
    let text = include_str!("../scenarios/bridgehead.ron");
    let scenario = skirmish_studio::systems::swat::scenario::load_scenario(&swat_rules, text).unwrap();
    let mut swat = SwatEditor::new(swat_rules, Vec::new(), SwatDocument::new(scenario));
    let corner = Clipboard::copy(&swat.doc.scenario, p(0, 0), p(4, 4));
    turned_round(&mut swat, (p(0, 0), p(4, 4)));
    assert_eq!(Clipboard::copy(&swat.doc.scenario, p(0, 0), p(4, 4)), corner, "Skirmish Wars");

    let mut skirm = crossing_with_placed_units();
    let before = settled(&skirm.doc.scenario);
    turned_round(&mut skirm, (p(2, 2), p(5, 5)));
    assert_eq!(settled(&skirm.doc.scenario), before, "Skirm");
}

mod window {
    //! The same tools in the window, reached by their labels.

    use super::p;
    use crate::window_common::{GameDesks as _, map_corner, press_drag_release, window_on};
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use skirmish_studio::board::shapes::Shape;
    use skirmish_studio::systems::skirm::editing::SkirmClip;
    use skirmish_studio::ui::{Prefs, StudioApp};

    fn click(harness: &mut Harness<'static, StudioApp>, label: &str) {
        harness.get_by_label(label).click();
        harness.run_steps(2);
    }

    /// A drag on the map from the middle of one square to the middle of another.
    fn drag_squares(harness: &mut Harness<'static, StudioApp>, from: (u16, u16), to: (u16, u16)) {
        let centre =
            |h: &Harness<'static, StudioApp>, (x, y): (u16, u16)| map_corner(h, f32::from(x) + 0.5, f32::from(y) + 0.5);
        let (a, b) = (centre(harness, from), centre(harness, to));
        press_drag_release(harness, a, b);
    }

    #[test]
    fn parity_skirm_select_copy_turn_paste_stamp_and_shapes_by_label_in_the_window() {
        let mut harness = window_on("skirm-ruined-crossing.ron", Prefs::default());
        click(&mut harness, "Select");
        drag_squares(&mut harness, (1, 1), (4, 3));
        assert_eq!(harness.state().skirm().unwrap().editor.selection, Some((p(1, 1), p(4, 3))));
        harness.get_by_label_contains("Selected: 4 × 3 squares").click();
        click(&mut harness, "Copy");
        let copied = harness.state().skirm().unwrap().editor.clipboard.clone().expect("copied");
        // Turned in place by its button: one step, 3 × 4 now.
        click(&mut harness, "Turn a quarter");
        let desk = harness.state().skirm().unwrap();
        assert_eq!(desk.editor.selection, Some((p(1, 1), p(3, 4))));
        assert_eq!(desk.editor.doc.history.undo_label(), Some("Turn selection"));
        // The window's own clipboard pastes where the selection is.
        click(&mut harness, "Paste");
        let scenario = &harness.state().skirm().unwrap().editor.doc.scenario;
        assert_eq!(SkirmClip::copy(scenario, p(1, 1), p(4, 3)), copied);

        // The Stamp tool lays the chosen room where the map is clicked.
        click(&mut harness, "Stamp");
        click(&mut harness, "Guard post (3 × 3)");
        drag_squares(&mut harness, (8, 8), (8, 8));
        let desk = harness.state().skirm().unwrap();
        assert_eq!(desk.editor.doc.history.undo_label(), Some("Stamp Guard post"));
        assert_eq!(
            SkirmClip::copy(&desk.editor.doc.scenario, p(8, 8), p(10, 10)).block,
            desk.editor.stamps[0].clip.block
        );
        // Saved as a stamp under a typed name, it joins the list.
        fn field<'h>(h: &'h Harness<'static, StudioApp>) -> egui_kittest::Node<'h> {
            h.query_by(|n| n.role() == egui::accesskit::Role::TextInput && n.label().as_deref() == Some("Stamp name"))
                .expect("the stamp name field")
        }
        field(&harness).focus();
        harness.run_steps(1);
        field(&harness).type_text("My post");
        harness.run_steps(2);
        click(&mut harness, "Save selection as stamp");
        assert!(harness.query_by_label("My post (3 × 3)").is_some(), "{}", harness.state().status);

        // The terrain tool's rectangle shape, chosen by its label.
        click(&mut harness, "Terrain");
        click(&mut harness, "Rectangle");
        click(&mut harness, "Impassable (no one passes)");
        assert_eq!(harness.state().skirm().unwrap().editor.shape, Shape::Rectangle);
        drag_squares(&mut harness, (9, 1), (10, 2));
        let desk = harness.state().skirm().unwrap();
        assert_eq!(desk.editor.doc.history.undo_label(), Some("Paint Impassable"), "{}", harness.state().status);
        let board = &desk.editor.doc.scenario.board;
        assert!([p(9, 1), p(10, 1), p(9, 2), p(10, 2)].iter().all(|&q| board.terrain_at(q) == desk.editor.terrain));
    }

    #[test]
    fn parity_every_skirm_selection_button_and_shape_is_one_step_by_its_label() {
        let mut harness = window_on("skirm-ruined-crossing.ron", Prefs::default());
        click(&mut harness, "Select");
        let buttons = [
            ("Turn a quarter", "Turn selection"),
            ("Mirror left-right", "Mirror selection"),
            ("Mirror top-bottom", "Mirror selection"),
            ("Clear", "Clear selection"),
            ("Cut", "Cut selection"),
        ];
        for (label, step) in buttons {
            harness.state_mut().skirm_mut().unwrap().editor.selection = Some((p(4, 2), p(7, 7)));
            harness.run_steps(1);
            let before = harness.state().skirm().unwrap().editor.doc.scenario.clone();
            click(&mut harness, label);
            let desk = harness.state().skirm().unwrap();
            assert_eq!(desk.editor.doc.history.undo_label(), Some(step), "{label}");
            assert_ne!(desk.editor.doc.scenario, before, "{label} changed the map");
            harness.state_mut().skirm_mut().unwrap().editor.doc.undo();
            assert_eq!(harness.state().skirm().unwrap().editor.doc.scenario, before, "undo takes {label} back");
        }
        // Each shape of the height tool, chosen by its label, paints in one step.
        click(&mut harness, "Height");
        click(&mut harness, "Level 3");
        for (shape, from, to) in [
            ("Brush 3×3", (2, 5), (3, 5)),
            ("Brush 5×5", (9, 6), (9, 6)),
            ("Line", (0, 4), (4, 4)),
            ("Fill", (10, 3), (10, 3)),
        ] {
            click(&mut harness, shape);
            let steps = harness.state().skirm().unwrap().editor.doc.history.undo_label().map(str::to_owned);
            let before = harness.state().skirm().unwrap().editor.doc.scenario.clone();
            drag_squares(&mut harness, from, to);
            let desk = harness.state().skirm().unwrap();
            assert_eq!(desk.editor.doc.history.undo_label(), Some("Height 3"), "{shape}");
            let raised =
                desk.editor.doc.scenario.board.squares().filter(|&q| desk.editor.doc.scenario.board.height_at(q) == 3);
            assert!(raised.count() >= 3, "{shape} raised several squares");
            harness.state_mut().skirm_mut().unwrap().editor.doc.undo();
            let after = harness.state().skirm().unwrap();
            assert_eq!(after.editor.doc.scenario, before, "{shape} was one step");
            assert_eq!(after.editor.doc.history.undo_label().map(str::to_owned), steps);
        }
    }

    #[test]
    fn parity_a_skirm_selection_copied_in_one_window_pastes_in_another_through_the_system_clipboard() {
        let mut first = window_on("skirm-ruined-crossing.ron", Prefs::default());
        first.state_mut().skirm_mut().unwrap().editor.selection = Some((p(0, 0), p(5, 5)));
        first.event(egui::Event::Copy);
        first.step();
        let text = first
            .output()
            .platform_output
            .commands
            .iter()
            .find_map(|c| match c {
                egui::OutputCommand::CopyText(text) => Some(text.clone()),
                _ => None,
            })
            .expect("the selection went to the system clipboard");
        assert!(text.starts_with("StudioSelection(") && text.contains("system: \"skirm\""), "{text}");
        let corner = SkirmClip::copy(&first.state().skirm().unwrap().editor.doc.scenario, p(0, 0), p(5, 5));
        let mut second = window_on("skirm-night-extraction.ron", Prefs::default());
        second.state_mut().skirm_mut().unwrap().editor.selection = Some((p(2, 2), p(2, 2)));
        second.event(egui::Event::Paste(text.clone()));
        second.run_steps(2);
        let desk = second.state().skirm().unwrap();
        assert_eq!(SkirmClip::copy(&desk.editor.doc.scenario, p(2, 2), p(7, 7)).block, corner.block);
        assert_eq!(desk.editor.doc.history.undo_label(), Some("Paste"));
        // Skirmish Wars refuses it, naming both games.
        let mut swat = window_on("bridgehead.ron", Prefs::default());
        swat.event(egui::Event::Paste(text));
        swat.run_steps(2);
        assert_eq!(
            swat.state().status,
            "The clipboard holds a selection from Skirm; a Skirmish Wars: Advance Tactics scenario cannot take it."
        );
    }
}

#[test]
fn parity_a_stamp_goes_down_around_objectives_and_units_while_a_paste_replaces_the_whole_rectangle() {
    let mut editor = crossing_with_placed_units();
    editor.doc.change("Objective", None, |s| s.objectives.push(p(3, 3)));
    let before = editor.doc.scenario.clone();
    editor.tool = SkirmTool::Stamp;
    editor.stamp = 0;
    editor.lay_stamp(p(2, 2));
    let s = &editor.doc.scenario;
    assert!(s.objectives.contains(&p(3, 3)), "the objective stays under the room");
    assert_eq!(s.squads[0].units[0].pos, Some(p(2, 2)), "the unit stays where it was placed");
    assert_ne!(s.board.edges, before.board.edges, "the room's walls went down");
    // A paste of an empty corner over the same place takes everything there.
    editor.selection = Some((p(0, 5), p(2, 7)));
    editor.copy_selection(false);
    editor.paste(Some(p(2, 2)));
    let s = &editor.doc.scenario;
    assert!(!s.objectives.contains(&p(3, 3)));
    assert_eq!(s.squads[0].units[0].pos, None, "the unit went off the map, to deploy in its zone");
    assert!(editor.take_feedback().is_some_and(|m| m.contains("went off the map")));
}
