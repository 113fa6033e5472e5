//! The line: drag from one end to the other; the brush sweeps the straight line on release.

use super::{Drag, ToolBehaviour};
use crate::board::shapes::stroke_squares;
use crate::systems::swat::editing::Editor;
use crate::systems::swat::editing::ops::Op;
use crate::systems::swat::rules::Pos;

pub(super) struct Line;

impl ToolBehaviour for Line {
    fn release(&self, editor: &mut Editor, drag: &Drag, at: Option<Pos>) {
        let op = editor.paint_op();
        let end = at.unwrap_or(drag.last);
        let ops: Vec<(Pos, Op)> = stroke_squares(&editor.doc.scenario.board, drag.start, end, editor.brush_size)
            .into_iter()
            .map(|p| (p, op.clone()))
            .collect();
        let label = editor.paint_label().replacen("Paint", "Line of", 1);
        editor.apply(&label, &ops, None, false);
    }

    fn preview(&self, editor: &Editor, drag: Option<&Drag>, hover: Pos) -> Vec<Pos> {
        drag.map_or_else(
            || vec![hover],
            |d| stroke_squares(&editor.doc.scenario.board, d.start, hover, editor.brush_size),
        )
    }
}
