//! The Skirm tools and the squad builder driven in grid coordinates, without a window.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::tools::wall_run;
use super::*;
use crate::board::EdgeAxis;

fn editor() -> Editor {
    let rules = Arc::new(Ruleset::builtin().unwrap());
    let scenario = new_scenario(&rules, 10, 8);
    Editor::new(rules, Document::new(scenario))
}

/// The spot in the middle of square (x, y), nearest its top edge and top-left corner.
fn spot(x: u16, y: u16) -> Spot {
    Spot::at(f32::from(x) + 0.4, f32::from(y) + 0.2, 10, 8).unwrap()
}

fn corner(x: u16, y: u16) -> Spot {
    Spot::at(f32::from(x) + 0.05, f32::from(y) + 0.02, 10, 8).unwrap()
}

fn click(editor: &mut Editor, at: Spot) {
    editor.press(at);
    editor.release(Some(at));
}

fn walls(editor: &Editor) -> usize {
    editor.doc.scenario.board.edges.values().filter(|f| f.wall.is_some()).count()
}

#[test]
fn spot_names_square_corner_and_nearest_edge() {
    let s = Spot::at(2.9, 3.5, 10, 8).unwrap();
    assert_eq!(s.square, Pos::new(2, 3));
    assert_eq!(s.corner, Pos::new(3, 4));
    assert_eq!(s.edge, Edge { x: 3, y: 3, axis: EdgeAxis::Vertical });
    assert!(Spot::at(-0.1, 1.0, 10, 8).is_none());
    assert!(Spot::at(10.0, 1.0, 10, 8).is_none());
    assert!(Spot::at(f32::NAN, 1.0, 10, 8).is_none());
}

#[test]
fn a_wall_drag_follows_the_main_direction_and_undoes_in_one_step() {
    assert_eq!(wall_run(Pos::new(1, 2), Pos::new(4, 3)).len(), 3);
    let mut e = editor();
    e.tool = SkirmTool::Wall;
    e.edge_paint.wall = Wall { height: 2, climbable: true };
    e.press(corner(1, 2));
    e.drag_to(corner(3, 2));
    e.drag_to(corner(5, 2));
    assert_eq!(walls(&e), 0, "walls are built when the button comes up");
    assert_eq!(e.preview(corner(5, 2)).1.len(), 4);
    e.release(Some(corner(5, 2)));
    assert_eq!(walls(&e), 4);
    let wall = e.doc.scenario.board.edge(Edge { x: 2, y: 2, axis: EdgeAxis::Horizontal }).unwrap().wall.unwrap();
    assert_eq!(wall, Wall { height: 2, climbable: true });
    assert_eq!(e.doc.undo().as_deref(), Some("Draw wall (4 squares)"));
    assert_eq!(walls(&e), 0);
    assert!(e.doc.redo().is_some());
    assert_eq!(walls(&e), 4);
}

#[test]
fn clicking_a_wall_takes_it_away() {
    let mut e = editor();
    e.tool = SkirmTool::Wall;
    click(&mut e, spot(4, 4));
    assert_eq!(walls(&e), 1);
    click(&mut e, spot(4, 4));
    assert_eq!(walls(&e), 0);
}

#[test]
fn a_door_needs_a_wall_and_a_second_click_takes_it_out() {
    let mut e = editor();
    e.tool = SkirmTool::Door;
    click(&mut e, spot(3, 3));
    assert!(e.doc.scenario.board.edges.is_empty());
    assert!(e.take_feedback().unwrap().contains("draw the wall first"));
    e.tool = SkirmTool::Wall;
    click(&mut e, spot(3, 3));
    e.tool = SkirmTool::Door;
    e.edge_paint.door_open = true;
    click(&mut e, spot(3, 3));
    let edge = spot(3, 3).edge;
    assert_eq!(e.doc.scenario.board.edge(edge).unwrap().door, Some(Door { open: true }));
    click(&mut e, spot(3, 3));
    let feature = e.doc.scenario.board.edge(edge).unwrap();
    assert_eq!((feature.door, feature.wall.is_some()), (None, true));
}

#[test]
fn the_height_brush_paints_a_drag_without_gaps_as_one_step() {
    let mut e = editor();
    e.tool = SkirmTool::Height;
    e.level = 2;
    e.press(spot(0, 0));
    e.drag_to(spot(5, 0));
    e.release(Some(spot(5, 0)));
    let board = &e.doc.scenario.board;
    assert!((0..=5).all(|x| board.height_at(Pos::new(x, 0)) == 2));
    assert_eq!(board.height_at(Pos::new(6, 0)), 0);
    e.doc.undo();
    assert!(e.doc.scenario.board.is_flat());
    assert_eq!(crate::board::shapes::line_squares(Pos::new(0, 0), Pos::new(3, 1)).len(), 4);
}

#[test]
fn symmetric_painting_echoes_walls_doors_and_zones_with_squads_swapped() {
    let mut e = editor();
    e.set_symmetry(Some(Symmetry::MirrorTopBottom));
    e.tool = SkirmTool::Wall;
    e.press(corner(1, 3));
    e.release(Some(corner(3, 3)));
    // Horizontal line y = 3 mirrors to y = 8 - 3 = 5.
    let board = &e.doc.scenario.board;
    assert!(board.edge(Edge { x: 1, y: 5, axis: EdgeAxis::Horizontal }).is_some());
    assert_eq!(walls(&e), 4);
    e.tool = SkirmTool::Door;
    click(&mut e, Spot::at(1.5, 3.1, 10, 8).unwrap());
    assert!(e.doc.scenario.board.edge(Edge { x: 1, y: 5, axis: EdgeAxis::Horizontal }).unwrap().door.is_some());
    e.tool = SkirmTool::Zone;
    e.squad = 0;
    click(&mut e, spot(4, 3));
    assert!(e.doc.scenario.zones[0].contains(&Pos::new(4, 3)));
    assert!(e.doc.scenario.zones[1].contains(&Pos::new(4, 4)), "the mirror image goes to the other squad");
    e.set_symmetry(Some(Symmetry::Rotate90));
    assert_eq!(e.symmetry, Some(Symmetry::MirrorTopBottom), "a quarter turn needs a square map");
}

#[test]
fn a_zone_drag_that_starts_inside_the_zone_erases() {
    let mut e = editor();
    e.tool = SkirmTool::Zone;
    e.squad = 0;
    let before = e.doc.scenario.zones[0].len();
    e.press(spot(0, 0));
    e.drag_to(spot(3, 0));
    e.release(Some(spot(3, 0)));
    assert_eq!(e.doc.scenario.zones[0].len(), before - 4);
}

#[test]
fn objectives_items_and_markers_toggle_and_the_eraser_clears_square_then_edge() {
    let mut e = editor();
    e.tool = SkirmTool::Objective;
    click(&mut e, spot(5, 4));
    assert_eq!(e.doc.scenario.objectives, vec![Pos::new(5, 4)]);
    e.tool = SkirmTool::Item;
    e.item = ItemKind::Barrel;
    click(&mut e, spot(6, 4));
    assert_eq!(e.doc.scenario.items, vec![(Pos::new(6, 4), ItemKind::Barrel)]);
    e.tool = SkirmTool::Wall;
    click(&mut e, spot(5, 4));
    e.tool = SkirmTool::Eraser;
    click(&mut e, spot(5, 4));
    assert!(e.doc.scenario.objectives.is_empty());
    assert_eq!(walls(&e), 1, "the square's contents go first");
    click(&mut e, spot(5, 4));
    assert_eq!(walls(&e), 0);
    e.tool = SkirmTool::Terrain;
    e.terrain = e.rules.terrain_id("impassable").unwrap();
    click(&mut e, spot(7, 4));
    e.tool = SkirmTool::Objective;
    click(&mut e, spot(7, 4));
    assert!(e.doc.scenario.objectives.is_empty(), "nothing stands on impassable ground");
}

#[test]
fn the_squad_builder_reports_the_ep_limit_and_its_fix_raises_it() {
    let mut e = editor();
    let faction = e.rules.factions[0].clone();
    e.set_faction(0, &faction.id);
    let dearest = faction.profiles.iter().max_by_key(|p| p.ep).unwrap().id.clone();
    while validate::squad_ep(&e.rules, &e.doc.scenario.squads[0]) <= e.doc.scenario.ep_limit {
        assert!(e.add_unit(0, &dearest));
    }
    let over = e.findings().into_iter().find(|f| f.code == "squad-over-ep-limit").expect("over the limit");
    assert!(e.fix_label(&over).unwrap().starts_with("Raise the EP limit"));
    assert!(e.fix(&over));
    assert!(e.findings().iter().all(|f| f.code != "squad-over-ep-limit"));
    e.doc.undo();
    assert!(e.findings().iter().any(|f| f.code == "squad-over-ep-limit"));
    // Removing units is the other way under the limit.
    let count = e.doc.scenario.squads[0].units.len();
    assert!(e.remove_unit(0, count - 1));
    assert!(e.findings().iter().all(|f| f.code != "squad-over-ep-limit"));
}

#[test]
fn equipment_comes_from_the_armoury_and_goes_again() {
    let mut e = editor();
    let faction = e.rules.factions[0].clone();
    e.add_unit(0, &faction.profiles[0].id);
    let id = faction.armoury[0].clone();
    assert!(e.add_equipment(0, 0, &id));
    let unit = &e.doc.scenario.squads[0].units[0];
    assert_eq!(unit.weapons.len() + unit.gear.len(), 1);
    assert!(e.remove_equipment(0, 0, &id));
    let unit = &e.doc.scenario.squads[0].units[0];
    assert_eq!(unit.weapons.len() + unit.gear.len(), 0);
    assert!(!e.add_equipment(0, 0, "no-such-thing"));
}

#[test]
fn units_are_placed_one_after_another_and_never_on_a_held_square() {
    let mut e = editor();
    let profile = e.rules.factions[0].profiles[0].id.clone();
    e.add_unit(0, &profile);
    e.add_unit(0, &profile);
    e.add_unit(1, &e.rules.factions[1].profiles[0].id.clone());
    e.tool = SkirmTool::Unit;
    e.squad = 0;
    e.unit = 0;
    click(&mut e, spot(1, 0));
    assert_eq!(e.unit, 1, "the next click places the next unit");
    click(&mut e, spot(2, 0));
    assert_eq!(e.doc.scenario.squads[0].units[1].pos, Some(Pos::new(2, 0)));
    e.squad = 1;
    e.unit = 0;
    click(&mut e, spot(2, 0));
    assert_eq!(e.doc.scenario.squads[1].units[0].pos, None);
    assert!(e.take_feedback().unwrap().contains("already holds"));
}

#[test]
fn saving_mid_drag_records_the_rest_of_the_drag_as_its_own_step() {
    let mut e = editor();
    e.tool = SkirmTool::Height;
    e.level = 1;
    e.press(spot(0, 3));
    e.drag_to(spot(2, 3));
    e.doc.history.mark_clean();
    assert!(!e.doc.is_modified());
    e.drag_to(spot(4, 3));
    e.release(Some(spot(4, 3)));
    assert!(e.doc.is_modified());
    e.doc.undo();
    assert!(!e.doc.is_modified(), "undo returns to what was saved");
    assert_eq!(e.doc.scenario.board.height_at(Pos::new(2, 3)), 1);
    assert_eq!(e.doc.scenario.board.height_at(Pos::new(4, 3)), 0);
    e.doc.redo();
    assert_eq!(e.doc.scenario.board.height_at(Pos::new(4, 3)), 1);
}

#[test]
fn fixes_put_walls_under_doors_and_deploy_stray_units() {
    let mut e = editor();
    let edge = Edge { x: 2, y: 2, axis: EdgeAxis::Vertical };
    e.doc.change("door", None, |s| {
        let _ = s.board.set_edge(edge, Some(EdgeFeature { wall: None, door: Some(Door { open: false }) }));
    });
    let finding = e.findings().into_iter().find(|f| f.code == "door-without-wall").unwrap();
    assert!(e.fix(&finding));
    assert!(e.doc.scenario.board.edge(edge).unwrap().wall.is_some());
    let profile = e.rules.factions[0].profiles[0].id.clone();
    e.add_unit(0, &profile);
    e.place_unit(0, 0, Some(Pos::new(5, 5)));
    let stray = e.findings().into_iter().find(|f| f.code == "unit-outside-zone").unwrap();
    assert!(e.fix(&stray));
    assert_eq!(e.doc.scenario.squads[0].units[0].pos, None);
}

#[test]
fn a_squad_file_reads_back_and_hostile_ones_are_refused_with_the_reason() {
    let mut e = editor();
    let faction = e.rules.factions[0].clone();
    e.add_unit(0, &faction.profiles[0].id);
    e.place_unit(0, 0, Some(Pos::new(1, 0)));
    let text = squad_text(&e.doc.scenario.squads[0]).unwrap();
    let back = squad_from_text(&e.rules, &text).unwrap();
    assert_eq!(back.units.len(), 1);
    assert_eq!(back.units[0].pos, None, "squares stay with the map");
    assert!(e.replace_squad(1, back));
    assert_eq!(e.doc.scenario.squads[1].faction, faction.id);
    let wrong = text.replace(&faction.id, "no_such_faction");
    assert!(squad_from_text(&e.rules, &wrong).unwrap_err().contains("unknown faction"));
    assert!(squad_from_text(&e.rules, "(((").unwrap_err().starts_with("not a squad file"));
}

#[test]
fn a_change_after_undoing_past_the_save_never_passes_for_the_saved_state() {
    let mut e = editor();
    let name = Some(MergeKey::Field("settings", 0));
    e.doc.change("Edit settings", name, |s| s.name.push('!'));
    e.tool = SkirmTool::Wall;
    click(&mut e, spot(4, 4));
    e.doc.history.mark_clean();
    e.doc.undo();
    assert!(e.doc.is_modified());
    // Typing in the same field again starts a step of its own: the saved state (with the
    // wall) is gone for good, so no later step count can pass for it.
    e.doc.change("Edit settings", name, |s| s.name.push('?'));
    assert!(e.doc.is_modified());
    click(&mut e, spot(2, 2));
    assert!(e.doc.is_modified(), "two steps again, but not the saved two");
    assert_eq!(e.doc.undo().as_deref(), Some("Draw wall"));
    assert_eq!(e.doc.undo().as_deref(), Some("Edit settings"));
    assert!(e.doc.scenario.name.ends_with('!'), "the second edit was its own step");
}
