//! The brush: paints a square of 1, 3 or 5 squares under the cursor, and along the path the
//! cursor takes, as one undoable step per drag.

use super::{Drag, ToolBehaviour};
use crate::board::shapes::{brush_squares, stroke_squares};
use crate::systems::swat::editing::Editor;
use crate::systems::swat::editing::ops::Op;
use crate::systems::swat::rules::Pos;

pub(super) struct Brush;

/// Puts `op` on the squares the brush sweeps from `from` to `to`, as part of the drag's step.
pub(super) fn sweep(editor: &mut Editor, drag: &Drag, from: Pos, to: Pos, op: &Op, label: &str) {
    let ops: Vec<(Pos, Op)> = stroke_squares(&editor.doc.scenario.board, from, to, editor.brush_size)
        .into_iter()
        .map(|p| (p, op.clone()))
        .collect();
    editor.apply(label, &ops, Some(drag.gesture), false);
}

impl ToolBehaviour for Brush {
    fn press(&self, editor: &mut Editor, drag: &mut Drag, at: Pos) {
        sweep(editor, drag, at, at, &editor.paint_op(), &editor.paint_label());
    }

    fn drag(&self, editor: &mut Editor, drag: &mut Drag, at: Pos) {
        sweep(editor, drag, drag.last, at, &editor.paint_op(), &editor.paint_label());
    }

    fn preview(&self, editor: &Editor, _drag: Option<&Drag>, hover: Pos) -> Vec<Pos> {
        brush_squares(&editor.doc.scenario.board, hover, editor.brush_size)
    }
}
