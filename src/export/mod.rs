//! Print geometry every game system shares: papers, square sizes, export options, and how a
//! board is cut into pages on square and tile boundaries. Each system draws its own sheets
//! (for Skirmish Wars, `systems::swat::print`) on this geometry.

mod layout;

pub use self::layout::{
    BoardLayout, BoardPage, ExportOptions, FOOTER, PT_PER_MM, Paper, PdfReport, Sheets, board_layout, parse_square,
};
