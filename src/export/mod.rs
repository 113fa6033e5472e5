//! Print geometry and surfaces every game shares: papers, scales, export options with the
//! sheets each game declares, how a board is cut into pages on square and tile boundaries, the
//! `Sketch` surfaces (PDF and PNG) and the page foot with calibration bars. Each game draws its
//! own sheets, in its own folder, on this geometry.

mod jobs;
mod layout;
mod poster;
mod raster;
mod sketch;
mod table_frame;

pub use self::jobs::{
    BoardFrame, PageJob, PrintArt, PrintJobs, PrintPlan, SHARP_DPI, art_dpi, backdrop_note, board_extent, fit_picture,
    page_jobs, print_pdf, print_png,
};
pub use self::layout::{
    BoardLayout, BoardPage, ExportOptions, FOOTER, PT_PER_MM, Paper, PdfReport, Poster, Sheet, Sheets, TABLE_STEPS,
    board_layout, fewest_pages_landscape, parse_square, steps_as_units, table_layout,
};
pub use self::poster::{DrawRegion, poster_page};
pub use self::raster::{MAX_PIXELS, PngSketch};
pub use self::sketch::{ArtSketch, INK, PdfSketch, Rgb, Sketch, footer, pdf_fonts, wrap, write_pdf};
pub use self::table_frame::{TableFrame, draw_footprint_art, page_area, page_title, table_region};
