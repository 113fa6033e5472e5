//! The editor's model: the open document, its undo history, the editing state and the tools,
//! all in grid coordinates and free of any user interface, so every tool is tested without a
//! window.

mod clipboard;
mod document;
mod history;
mod ops;
mod state;
mod tools;

pub use crate::board::shapes::{brush_squares, flood_squares, line_squares, rect_squares, squares_of, stroke_squares};
pub use clipboard::{Clipboard, paste_ops, stamp_ops};
pub use document::{ApplyReport, Document, resized};
pub use history::{Edits, History, MergeKey};
pub use ops::{Op, Refusal, edits_for, judge, with_symmetry};
pub use state::{BRUSH_SIZES, Editor, Paint};
pub use tools::{Drag, Tool};
