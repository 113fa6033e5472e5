//! The stamp: lays the chosen library tile, turned, on the tile grid square under the cursor,
//! and records the placement for the print sheets in the same undoable step.

use super::{Drag, ToolBehaviour};
use crate::board::shapes::rect_squares;
use crate::systems::swat::editing::Editor;
use crate::systems::swat::editing::clipboard::stamp_ops;
use crate::systems::swat::rules::Pos;

pub(super) struct Stamp;

/// The top-left square of the tile-grid cell holding `at`.
fn corner(editor: &Editor, at: Pos) -> (Pos, u16) {
    let size = u16::from(editor.doc.scenario.tile_size.max(1));
    (Pos::new(at.x / size * size, at.y / size * size), size)
}

impl ToolBehaviour for Stamp {
    fn press(&self, editor: &mut Editor, drag: &mut Drag, at: Pos) {
        let (corner, _) = corner(editor, at);
        let Some(tile) = editor.tiles.get(editor.stamp).cloned() else {
            editor.tell("Choose a library tile to stamp first.");
            return;
        };
        let ops = stamp_ops(&editor.rules, &editor.doc.scenario, &tile, corner, editor.stamp_rotation);
        editor.apply(&format!("Stamp {}", tile.name), &ops, Some(drag.gesture), false);
        editor.doc.record_tile(corner, &tile.name, editor.stamp_rotation, drag.gesture);
    }

    fn preview(&self, editor: &Editor, _drag: Option<&Drag>, hover: Pos) -> Vec<Pos> {
        let (corner, size) = corner(editor, hover);
        let far = Pos::new(corner.x.saturating_add(size - 1), corner.y.saturating_add(size - 1));
        rect_squares(corner, far).into_iter().filter(|p| editor.doc.scenario.contains(*p)).collect()
    }
}
