//! The selection: drag a rectangle; press inside it and drag to move what it holds, leaving
//! plain ground behind (the shared grid selection's gestures).

use super::{Drag, ToolBehaviour};
use crate::board::selection::GridEditing;
use crate::systems::swat::editing::Editor;
use crate::systems::swat::rules::Pos;

pub(super) struct Select;

impl ToolBehaviour for Select {
    fn press(&self, editor: &mut Editor, drag: &mut Drag, at: Pos) {
        drag.moving = editor.select_press(at);
    }

    fn drag(&self, editor: &mut Editor, drag: &mut Drag, at: Pos) {
        editor.select_drag(drag.start, at, drag.moving);
    }

    fn release(&self, editor: &mut Editor, drag: &Drag, at: Option<Pos>) {
        editor.select_release(drag.start, at.unwrap_or(drag.last), drag.moving);
    }

    fn preview(&self, editor: &Editor, drag: Option<&Drag>, hover: Pos) -> Vec<Pos> {
        editor.select_preview(drag.map(|d| (d.start, d.moving)), hover)
    }
}
