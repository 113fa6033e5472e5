//! The editor's model: the open document, its undo history and the editing tools, all in grid
//! coordinates and free of any user interface, so every tool is tested without a window.

mod document;
mod history;
mod tools;

pub use document::{ApplyReport, Document, resized};
pub use history::{History, Step};
pub use tools::{
    Clipboard, Op, Refusal, brush_squares, edits_for, flood_squares, judge, line_squares, paste_ops, property_terrain,
    rect_squares, squares_of, stamp_ops, with_symmetry,
};
