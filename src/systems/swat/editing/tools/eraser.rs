//! The eraser: the brush's sweep, removing the unit on each square, or else its property.

use super::brush::sweep;
use super::{Drag, ToolBehaviour};
use crate::board::shapes::brush_squares;
use crate::systems::swat::editing::Editor;
use crate::systems::swat::editing::ops::Op;
use crate::systems::swat::rules::Pos;

pub(super) struct Eraser;

impl ToolBehaviour for Eraser {
    fn press(&self, editor: &mut Editor, drag: &mut Drag, at: Pos) {
        sweep(editor, drag, at, at, &Op::Erase, "Erase");
    }

    fn drag(&self, editor: &mut Editor, drag: &mut Drag, at: Pos) {
        sweep(editor, drag, drag.last, at, &Op::Erase, "Erase");
    }

    fn preview(&self, editor: &Editor, _drag: Option<&Drag>, hover: Pos) -> Vec<Pos> {
        brush_squares(&editor.doc.scenario.board, hover, editor.brush_size)
    }
}
