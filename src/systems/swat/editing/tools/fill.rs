//! The fill: paints every square connected to the clicked one with the same terrain, without
//! crossing a wall.

use super::{Drag, ToolBehaviour};
use crate::systems::swat::editing::Editor;
use crate::systems::swat::rules::Pos;

pub(super) struct Fill;

impl ToolBehaviour for Fill {
    fn press(&self, editor: &mut Editor, _drag: &mut Drag, at: Pos) {
        editor.fill(at);
    }
}
