//! The selection: drag a rectangle; press inside it and drag to move what it holds, leaving
//! plain ground behind.

use super::{Drag, ToolBehaviour};
use crate::systems::swat::editing::Editor;
use crate::systems::swat::editing::clipboard::Clipboard;
use crate::systems::swat::editing::shapes::rect_squares;
use crate::systems::swat::rules::Pos;

pub(super) struct Select;

impl ToolBehaviour for Select {
    fn press(&self, editor: &mut Editor, drag: &mut Drag, at: Pos) {
        if let Some((a, b)) = editor.selection
            && rect_squares(a, b).contains(&at)
        {
            drag.carrying = Some(Clipboard::copy(&editor.doc.scenario, a, b));
        } else {
            editor.selection = Some((at, at));
        }
    }

    fn drag(&self, editor: &mut Editor, drag: &mut Drag, at: Pos) {
        if drag.carrying.is_none() {
            editor.selection = Some((drag.start, at));
        }
    }

    fn release(&self, editor: &mut Editor, drag: &Drag, at: Option<Pos>) {
        let (Some(clip), Some((a, b))) = (&drag.carrying, editor.selection) else { return };
        let end = at.unwrap_or(drag.last);
        let (dx, dy) = (i32::from(end.x) - i32::from(drag.start.x), i32::from(end.y) - i32::from(drag.start.y));
        let min = Pos::new(a.x.min(b.x), a.y.min(b.y));
        let to = (u16::try_from(i32::from(min.x) + dx), u16::try_from(i32::from(min.y) + dy));
        if let (Ok(x), Ok(y)) = to
            && (dx, dy) != (0, 0)
        {
            editor.replace_selection("Move selection", clip, Pos::new(x, y));
        }
    }
}
