//! Every editing tool driven as the window drives it, in squares and without a window: press,
//! drag and release on an `Editor`, checking the document, the history and the preview.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::board::selection::GridEditing;
use skirmish_studio::systems::swat::editing::{Document, Editor, Paint, Tool};
use skirmish_studio::systems::swat::rules::{Pos, PropertyKind, Ruleset, TerrainId};
use skirmish_studio::systems::swat::scenario::{Scenario, SquareMap, Symmetry, builtin_tiles};
use std::sync::Arc;

fn p(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

fn editor(w: u16, h: u16) -> Editor {
    let rules = Ruleset::builtin().unwrap();
    let tiles = builtin_tiles(&rules).unwrap();
    let scenario = Scenario::new(&rules, w, h, rules.terrain_id("plain").unwrap(), 2);
    Editor::new(Arc::new(rules), tiles, Document::new(scenario))
}

fn terrain(editor: &Editor, name: &str) -> TerrainId {
    editor.rules.terrain_id(name).unwrap()
}

fn count(editor: &Editor, name: &str) -> usize {
    let t = terrain(editor, name);
    editor.doc.scenario.squares().filter(|&q| editor.doc.scenario.terrain_at(q) == t).count()
}

/// A whole gesture: press on the first square, drag through the rest, release on the last.
fn gesture(editor: &mut Editor, path: &[Pos]) {
    editor.press(path[0]);
    for &at in &path[1..] {
        editor.drag_to(at);
    }
    editor.release(path.last().copied());
}

#[test]
fn the_brush_paints_along_the_drag_as_one_step_and_previews_its_size() {
    let mut ed = editor(10, 10);
    ed.paint = Paint::Terrain(terrain(&ed, "forest"));
    ed.brush_size = 3;
    assert_eq!(ed.preview(p(5, 5)).len(), 9);
    // A jump from (1, 1) to (5, 1) still paints the squares in between.
    gesture(&mut ed, &[p(1, 1), p(5, 1)]);
    assert_eq!(count(&ed, "forest"), 7 * 3);
    assert_eq!(ed.doc.history.labels().collect::<Vec<_>>(), vec!["Paint forest"]);
    assert_eq!(ed.take_feedback().as_deref(), Some("Paint forest."));
    // A second drag with the same paint is a second step.
    gesture(&mut ed, &[p(1, 8), p(2, 8)]);
    assert_eq!(ed.doc.history.labels().count(), 2);
}

#[test]
fn saving_in_the_middle_of_a_drag_records_the_rest_of_it() {
    let mut ed = editor(8, 8);
    let forest = terrain(&ed, "forest");
    ed.paint = Paint::Terrain(forest);
    ed.press(p(0, 0));
    ed.drag_to(p(1, 0));
    // The window saves here (Ctrl+S with the button held).
    ed.doc.history.mark_clean();
    let saved = ed.doc.scenario.clone();
    ed.drag_to(p(2, 0));
    ed.drag_to(p(3, 0));
    ed.release(Some(p(3, 0)));
    let finished = ed.doc.scenario.clone();
    assert!(ed.doc.is_modified(), "the squares painted after the save are unsaved work");
    assert_eq!(ed.doc.undo().as_deref(), Some("Paint forest"));
    assert_eq!(ed.doc.scenario, saved, "undo goes back to exactly what was saved");
    assert!(!ed.doc.is_modified());
    ed.doc.redo();
    assert_eq!(ed.doc.scenario, finished);
    ed.doc.undo();
    ed.doc.undo();
    assert_eq!(count(&ed, "forest"), 0, "the part before the save is its own step");
}

#[test]
fn the_eraser_removes_units_then_properties() {
    let mut ed = editor(6, 6);
    ed.paint = Paint::Unit("tank".into());
    gesture(&mut ed, &[p(2, 2)]);
    ed.paint = Paint::Property(PropertyKind::City);
    gesture(&mut ed, &[p(3, 2)]);
    assert_eq!(ed.doc.scenario.units.len(), 1);
    ed.tool = Tool::Eraser;
    gesture(&mut ed, &[p(2, 2), p(3, 2)]);
    assert!(ed.doc.scenario.units.is_empty());
    assert_eq!(ed.doc.scenario.terrain_at(p(3, 2)), terrain(&ed, "plain"));
    assert_eq!(ed.doc.history.undo_label(), Some("Erase"));
}

#[test]
fn the_rectangle_and_line_paint_on_release_and_preview_while_dragging() {
    let mut ed = editor(10, 10);
    ed.paint = Paint::Terrain(terrain(&ed, "hill"));
    ed.tool = Tool::Rectangle;
    ed.press(p(1, 1));
    ed.drag_to(p(3, 2));
    assert_eq!(ed.preview(p(3, 2)).len(), 6);
    assert_eq!(count(&ed, "hill"), 0, "nothing is painted before the release");
    ed.release(Some(p(3, 2)));
    assert_eq!(count(&ed, "hill"), 6);
    assert_eq!(ed.doc.history.undo_label(), Some("Rectangle of hill"));

    ed.paint = Paint::Terrain(terrain(&ed, "road"));
    ed.tool = Tool::Line;
    gesture(&mut ed, &[p(0, 9), p(4, 5), p(9, 9)]);
    assert_eq!(count(&ed, "road"), 10, "the line runs from the press to the release");
    assert_eq!(ed.doc.history.undo_label(), Some("Line of road"));
    // Released off the board: the line ends where the pointer last was on it.
    ed.tool = Tool::Line;
    ed.press(p(0, 0));
    ed.drag_to(p(0, 3));
    ed.release(None);
    assert_eq!(ed.doc.scenario.terrain_at(p(0, 3)), terrain(&ed, "road"));
}

#[test]
fn the_fill_stops_at_other_terrain() {
    let mut ed = editor(6, 4);
    ed.paint = Paint::Terrain(terrain(&ed, "water"));
    ed.tool = Tool::Rectangle;
    gesture(&mut ed, &[p(3, 0), p(3, 3)]);
    ed.paint = Paint::Terrain(terrain(&ed, "forest"));
    ed.tool = Tool::Fill;
    gesture(&mut ed, &[p(0, 0)]);
    assert_eq!(count(&ed, "forest"), 12);
    assert_eq!(ed.doc.history.undo_label(), Some("Fill forest"));
}

#[test]
fn the_selection_drags_out_and_moves_what_it_holds() {
    let mut ed = editor(10, 10);
    ed.paint = Paint::Unit("infantry".into());
    gesture(&mut ed, &[p(1, 1)]);
    ed.tool = Tool::Select;
    gesture(&mut ed, &[p(0, 0), p(2, 2)]);
    assert_eq!(ed.selection, Some((p(0, 0), p(2, 2))));
    // Press inside the selection and drag: it moves by the drag.
    gesture(&mut ed, &[p(1, 1), p(5, 4)]);
    assert_eq!(ed.doc.scenario.units[0].pos, p(5, 4));
    assert_eq!(ed.selection, Some((p(4, 3), p(6, 5))));
    assert_eq!(ed.doc.history.undo_label(), Some("Move selection"));
}

#[test]
fn the_stamp_lays_a_tile_on_the_tile_grid_and_records_it_in_the_same_step() {
    let mut ed = editor(12, 12);
    ed.doc.scenario.tile_size = 6;
    ed.tool = Tool::Stamp;
    ed.stamp = ed.tiles.iter().position(|t| t.name == "headquarters").unwrap();
    assert_eq!(ed.preview(p(8, 9)).len(), 36, "the preview is the whole tile-grid cell");
    gesture(&mut ed, &[p(8, 9)]);
    assert_eq!(ed.doc.scenario.tiles.len(), 1);
    assert_eq!(ed.doc.scenario.tiles[0].pos, p(6, 6));
    assert_eq!(ed.doc.history.labels().count(), 1);
    ed.doc.undo();
    assert!(ed.doc.scenario.tiles.is_empty());
}

#[test]
fn symmetric_painting_echoes_the_brush_and_a_quarter_turn_needs_a_square_board() {
    let mut ed = editor(8, 6);
    ed.set_symmetry(Some(Symmetry::Rotate90));
    assert_eq!(ed.symmetry, None);
    assert!(ed.take_feedback().unwrap().contains("square board"));
    ed.set_symmetry(Some(Symmetry::MirrorLeftRight));
    ed.paint = Paint::Unit("tank".into());
    gesture(&mut ed, &[p(0, 2)]);
    let units: Vec<(Pos, u8)> = ed.doc.scenario.units.iter().map(|u| (u.pos, u.owner)).collect();
    assert_eq!(units, vec![(p(0, 2), 0), (p(7, 2), 1)]);
}

#[test]
fn refusals_are_told_and_overruling_lets_them_through() {
    let mut ed = editor(6, 6);
    ed.paint = Paint::Terrain(terrain(&ed, "water"));
    gesture(&mut ed, &[p(2, 2)]);
    ed.paint = Paint::Unit("tank".into());
    gesture(&mut ed, &[p(2, 2)]);
    assert!(ed.doc.scenario.units.is_empty());
    assert!(ed.take_feedback().unwrap().starts_with("Refused at"));
    ed.overrule = true;
    gesture(&mut ed, &[p(2, 2)]);
    assert_eq!(ed.doc.scenario.units.len(), 1);
}

#[test]
fn copy_paste_and_turning_the_selection() {
    let mut ed = editor(10, 10);
    ed.paint = Paint::Terrain(terrain(&ed, "forest"));
    ed.tool = Tool::Rectangle;
    gesture(&mut ed, &[p(0, 0), p(2, 0)]);
    ed.tool = Tool::Select;
    gesture(&mut ed, &[p(0, 0), p(2, 0)]);
    ed.copy_selection(false);
    ed.paste(Some(p(5, 5)));
    assert_eq!(count(&ed, "forest"), 6);
    assert_eq!(ed.selection, Some((p(5, 5), p(7, 5))));
    ed.transform_selection("Rotate selection", SquareMap::Turn90);
    assert_eq!(ed.selection, Some((p(5, 5), p(5, 7))));
    assert_eq!(ed.doc.scenario.terrain_at(p(5, 7)), terrain(&ed, "forest"));
    assert_eq!(ed.doc.scenario.terrain_at(p(7, 5)), terrain(&ed, "plain"));
}
