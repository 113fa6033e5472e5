//! Print-ready export: the board poster, modular tiles, counters and setup sheet as a PDF at
//! true square size, and the board as a PNG. Knows nothing of any user interface.

mod draw;
mod layout;
mod pdf;
mod png;

pub use self::draw::{Frame, Sketch, Style};
pub use self::layout::{
    BoardLayout, BoardPage, ExportOptions, FOOTER, PT_PER_MM, Paper, Sheets, board_layout, parse_square,
};
pub use self::pdf::{PdfReport, export_pdf};
pub use self::png::{MAX_PIXELS, export_png};
