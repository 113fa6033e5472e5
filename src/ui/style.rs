//! The window's colours that every game's screens share: the canvas behind a map, the
//! outlines of errors, warnings and the selection, and the "valid" green.

use egui::Color32;

/// Background behind the board.
pub const CANVAS_BACKGROUND: Color32 = Color32::from_rgb(32, 35, 41);
/// Error outline.
pub const ERROR: Color32 = Color32::from_rgb(235, 64, 52);
/// Warning outline.
pub const WARNING: Color32 = Color32::from_rgb(245, 166, 35);
/// Selection and highlight.
pub const SELECTION: Color32 = Color32::from_rgb(80, 200, 255);
/// A scenario without problems.
pub const VALID: Color32 = Color32::from_rgb(80, 190, 100);
