//! The tools under the left mouse button, one file each. A tool hears a gesture in grid
//! coordinates (press, drag, release, as Tiled's tools hear mouse events) and says which
//! squares it would touch under the cursor; the window only turns pixels into squares.

mod brush;
mod eraser;
mod fill;
mod line;
mod rectangle;
mod select;
mod stamp;

use super::Editor;
use super::history::MergeKey;
use crate::systems::swat::rules::Pos;

/// The tool under the left mouse button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Square brush.
    Brush,
    /// Filled rectangle.
    Rectangle,
    /// Straight line.
    Line,
    /// Flood fill of connected terrain.
    Fill,
    /// Removes units, then properties.
    Eraser,
    /// Rectangular selection; drag it to move.
    Select,
    /// Stamps a library tile on the tile grid.
    Stamp,
}

/// A gesture under way: the tool it started with and the squares it has crossed.
#[derive(Debug, Clone)]
pub struct Drag {
    /// The tool it started with.
    pub tool: Tool,
    /// Where it started.
    pub start: Pos,
    /// The last square seen.
    pub last: Pos,
    /// What its edits merge under in the history: every gesture gets its own.
    pub gesture: MergeKey,
    /// It started inside the selection: it moves what the selection holds.
    pub moving: bool,
}

/// What a tool does with a gesture; each method has a do-nothing default, so a tool names only
/// the moments it cares about.
pub(super) trait ToolBehaviour {
    /// The button went down on `at`.
    fn press(&self, _editor: &mut Editor, _drag: &mut Drag, _at: Pos) {}
    /// The pointer moved to another square with the button held.
    fn drag(&self, _editor: &mut Editor, _drag: &mut Drag, _at: Pos) {}
    /// The button came up on `at`, or off the board when `None`.
    fn release(&self, _editor: &mut Editor, _drag: &Drag, _at: Option<Pos>) {}
    /// The squares to outline with the cursor on `hover` (and `drag` under way, if any).
    fn preview(&self, _editor: &Editor, _drag: Option<&Drag>, hover: Pos) -> Vec<Pos> {
        vec![hover]
    }
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 7] =
        [Tool::Brush, Tool::Rectangle, Tool::Line, Tool::Fill, Tool::Eraser, Tool::Select, Tool::Stamp];

    /// Its name in menus and on the toolbar.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Tool::Brush => "Brush",
            Tool::Rectangle => "Rectangle",
            Tool::Line => "Line",
            Tool::Fill => "Fill",
            Tool::Eraser => "Eraser",
            Tool::Select => "Select",
            Tool::Stamp => "Stamp tile",
        }
    }

    /// The status-bar hint.
    #[must_use]
    pub fn hint(self) -> &'static str {
        match self {
            Tool::Brush => {
                "Brush: click or drag to paint. Right click picks what is under the cursor. Hold Alt to overrule the rules."
            }
            Tool::Rectangle => "Rectangle: drag to fill a rectangle.",
            Tool::Line => "Line: drag from one end to the other.",
            Tool::Fill => "Fill: click to fill connected squares of the same terrain.",
            Tool::Eraser => "Eraser: removes the unit, or else the property.",
            Tool::Select => {
                "Select: drag a rectangle; drag inside it to move it. Ctrl+C, Ctrl+X, Ctrl+V, R to rotate, H and V to flip."
            }
            Tool::Stamp => "Stamp: click to lay the library tile on the tile grid; '.' turns it.",
        }
    }

    pub(super) fn behaviour(self) -> &'static dyn ToolBehaviour {
        match self {
            Tool::Brush => &brush::Brush,
            Tool::Rectangle => &rectangle::Rectangle,
            Tool::Line => &line::Line,
            Tool::Fill => &fill::Fill,
            Tool::Eraser => &eraser::Eraser,
            Tool::Select => &select::Select,
            Tool::Stamp => &stamp::Stamp,
        }
    }
}
