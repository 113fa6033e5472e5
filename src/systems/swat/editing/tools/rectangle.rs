//! The rectangle: drag from one corner to the other; the rectangle is painted on release.

use super::{Drag, ToolBehaviour};
use crate::board::shapes::rect_squares;
use crate::systems::swat::editing::Editor;
use crate::systems::swat::editing::ops::Op;
use crate::systems::swat::rules::Pos;

pub(super) struct Rectangle;

impl ToolBehaviour for Rectangle {
    fn release(&self, editor: &mut Editor, drag: &Drag, at: Option<Pos>) {
        let op = editor.paint_op();
        let ops: Vec<(Pos, Op)> =
            rect_squares(drag.start, at.unwrap_or(drag.last)).into_iter().map(|p| (p, op.clone())).collect();
        let label = editor.paint_label().replacen("Paint", "Rectangle of", 1);
        editor.apply(&label, &ops, None, false);
    }

    fn preview(&self, _editor: &Editor, drag: Option<&Drag>, hover: Pos) -> Vec<Pos> {
        drag.map_or_else(|| vec![hover], |d| rect_squares(d.start, hover))
    }
}
