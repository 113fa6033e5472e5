//! One list of page jobs a game's print is made of, shared by its PDF and its PNG: the board
//! poster's pages, the assembly page and the game's own pages, written once here from what a
//! game says of its board ([`PrintJobs`]); the PNG is the same board job drawn whole.

use super::layout::{BoardLayout, BoardPage, ExportOptions, FOOTER, PdfReport, board_layout, table_layout};
use super::poster::poster_page;
use super::raster::PngSketch;
use super::sketch::{ArtSketch, INK, Rgb, Sketch, write_pdf};
use crate::art::{LoadedArt, Picture, PlacedPicture};

/// Where a board is drawn on a surface: its top-left corner, points per board unit (square,
/// inch, centimetre) and whether in greys.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardFrame {
    /// The board's top-left corner, in points.
    pub origin: (f32, f32),
    /// A background image lies under the board: the game leaves out its plain ground (the
    /// table's cloth) so the image shows, and draws what the rules need on top.
    pub backdrop: bool,
    /// Points per board unit.
    pub scale: f32,
    /// Greys for colours (ink-saving prints).
    pub greyscale: bool,
}

impl BoardFrame {
    /// The corner of board unit (x, y), in points.
    #[must_use]
    pub fn corner(&self, x: u16, y: u16) -> (f32, f32) {
        (self.origin.0 + f32::from(x) * self.scale, self.origin.1 + f32::from(y) * self.scale)
    }
}

/// What a game says of its print: its board and the pages only it prints. The poster, its
/// assembly page, the page list, the PDF and the PNG are written once from it
/// ([`print_pdf`], [`print_png`]).
pub trait PrintJobs {
    /// A page only this game prints (a card sheet, a setup sheet, a reference, ...).
    type Page;
    /// The sheet id whose pages are the board poster and its assembly page.
    const BOARD_SHEET: &'static str;
    /// What the poster's pages call the board ("Board", "Battle map", "Table").
    const BOARD_NAME: &'static str;
    /// What one board unit is called in the poster's words ("squares", "inches", "centimetres").
    const BOARD_UNITS: &'static str = "squares";
    /// An open table: its poster shares the table evenly between the fewest pages at 1:1
    /// ([`super::layout::table_layout`]) instead of cutting between squares.
    const OPEN_TABLE: bool = false;
    /// The sheet id of the setup sheet, which opens with the designer's cover and logo.
    const SETUP_SHEET: &'static str = "setup";

    /// The scenario's name, in every page's foot and the PDF's title.
    fn name(&self) -> &str;
    /// The board's size in the whole units the poster cuts on (squares, inches, centimetres).
    fn board_units(&self) -> (u16, u16);
    /// Board units per tile, so poster pages cut on tile boundaries (1 where there are none).
    fn tile_units(&self) -> u8 {
        1
    }
    /// Draws board units `xs` x `ys` (half-open) with the board's corner where `frame` says;
    /// `full` is false in the overlap strips and on the assembly page's small board (labels
    /// may be left out there).
    fn draw_board(&self, sk: &mut dyn Sketch, frame: BoardFrame, xs: (u16, u16), ys: (u16, u16), full: bool);
    /// The game's own pages of the chosen sheets, in print order, after the board's.
    ///
    /// # Errors
    /// A page that does not fit the paper.
    fn own_pages(&self, options: &ExportOptions) -> Result<Vec<Self::Page>, String>;
    /// Draws one of the game's own pages.
    fn draw_page(&self, sk: &mut dyn Sketch, options: &ExportOptions, page: &Self::Page);
    /// A line for the assembly page on how the board is turned (which side's edge is at the
    /// top), where the game has one.
    fn board_orientation(&self) -> Option<String> {
        None
    }
}

/// One page of a print.
#[derive(Debug, Clone, PartialEq)]
pub enum PageJob<P> {
    /// How the poster's pages go together (only for a poster of more than one page).
    Assembly,
    /// One page of the board poster.
    Poster(BoardPage),
    /// The setup sheet's cover: the scenario's name, the designer's cover art and logo.
    Cover,
    /// A page only the game prints.
    Own(P),
}

/// What a print will be: the poster's layout when the board is printed, and every page.
#[derive(Debug, Clone, PartialEq)]
pub struct PrintPlan<P> {
    /// How the board is cut into pages, when the board is printed.
    pub layout: Option<BoardLayout>,
    /// Every page, in print order.
    pub pages: Vec<PageJob<P>>,
}

/// The pages of the chosen sheets in print order, and the poster's layout when the board is
/// printed: the assembly page (a poster of more than one page), the poster, then the game's own.
///
/// # Errors
/// A square or a page that does not fit the paper, or no page at all.
pub fn page_jobs<J: PrintJobs>(job: &J, options: &ExportOptions) -> Result<PrintPlan<J::Page>, String> {
    let layout = if options.sheets.has(J::BOARD_SHEET) {
        let (w, h) = job.board_units();
        Some(if J::OPEN_TABLE { table_layout(options, w, h)? } else { board_layout(options, w, h, job.tile_units())? })
    } else {
        None
    };
    let mut pages = Vec::new();
    if let Some(layout) = &layout {
        if layout.pages.len() > 1 {
            pages.push(PageJob::Assembly);
        }
        pages.extend(layout.pages.iter().map(|&p| PageJob::Poster(p)));
    }
    let own = job.own_pages(options)?;
    let has_cover = options.art.as_ref().is_some_and(|art| art.cover.is_some() || art.logo.is_some());
    if has_cover && options.sheets.has(J::SETUP_SHEET) {
        pages.push(PageJob::Cover);
    }
    pages.extend(own.into_iter().map(PageJob::Own));
    if pages.is_empty() {
        return Err("nothing to print: the chosen sheets have no pages".into());
    }
    Ok(PrintPlan { layout, pages })
}

/// Writes the chosen sheets as one PDF; `progress` hears (pages done, pages in all).
///
/// # Errors
/// A square or a page that does not fit the paper, no page at all, or the PDF cannot be
/// written.
pub fn print_pdf<J: PrintJobs>(
    job: &J,
    options: &ExportOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<PdfReport, String> {
    let PrintPlan { layout, pages } = page_jobs(job, options)?;
    let board = job.board_units();
    let total = pages.len();
    let no_art = LoadedArt::default();
    let written = write_pdf(options, job.name(), total, progress, &mut |page_sketch, index| {
        let mut with_art = ArtSketch::new(page_sketch, options.art.as_deref().unwrap_or(&no_art));
        let sk: &mut dyn Sketch = &mut with_art;
        match (pages.get(index), layout.as_ref()) {
            (Some(PageJob::Own(own)), _) => job.draw_page(sk, options, own),
            (Some(PageJob::Cover), _) => cover_page(sk, job.name(), options),
            (Some(PageJob::Assembly), Some(layout)) => assembly_page(sk, job, options, layout),
            (Some(PageJob::Poster(part)), Some(layout)) => {
                poster_page(
                    sk,
                    options,
                    layout,
                    *part,
                    (board, J::BOARD_UNITS),
                    J::BOARD_NAME,
                    &mut |sk, origin, xs, ys, full| {
                        let frame = BoardFrame {
                            origin,
                            scale: options.scale,
                            greyscale: options.greyscale,
                            backdrop: options.backdrop.is_some(),
                        };
                        draw_backdrop(sk, frame, options.backdrop.as_ref(), xs, ys);
                        job.draw_board(sk, frame, xs, ys, full);
                    },
                );
            }
            // The board's pages are listed only with its layout.
            _ => {}
        }
        soft_art_note(&mut with_art, options);
    })?;
    Ok(PdfReport {
        bytes: written.bytes,
        pages: total,
        poster: layout.as_ref().map(Into::into),
        page_text: written.page_text,
        text_outside_margins: written.outside_margins,
    })
}

/// The whole board as a PNG at `dpi` dots per inch, `scale` points per board unit, its true
/// size recorded in the file: the poster's board job drawn whole on one image.
///
/// # Errors
/// When the dpi is out of range, the image would be too large, or it cannot be encoded.
pub fn print_png<J: PrintJobs>(
    job: &J,
    scale: f32,
    dpi: u32,
    greyscale: bool,
    art: PrintArt<'_>,
) -> Result<Vec<u8>, String> {
    let (w, h) = job.board_units();
    let mut sketch = PngSketch::for_board(w, h, scale, dpi)?;
    let frame = BoardFrame { origin: (0.0, 0.0), scale, greyscale, backdrop: art.backdrop.is_some() };
    let no_art = LoadedArt::default();
    let mut with_art = ArtSketch::new(&mut sketch, art.kinds.unwrap_or(&no_art));
    draw_backdrop(&mut with_art, frame, art.backdrop, (0, w), (0, h));
    job.draw_board(&mut with_art, frame, (0, w), (0, h), true);
    sketch.into_png(dpi)
}

/// A surface that draws nothing: what a print would draw is measured on it.
struct Nothing;

impl Sketch for Nothing {
    fn fill_rect(&mut self, _: f32, _: f32, _: f32, _: f32, _: Rgb) {}
    fn fill_polygon(&mut self, _: &[(f32, f32)], _: Rgb) {}
    fn line(&mut self, _: (f32, f32), _: (f32, f32), _: f32, _: Rgb) {}
    fn text(&mut self, _: f32, _: f32, _: f32, _: &str, _: Rgb, _: bool) {}
    fn push_clip(&mut self, _: f32, _: f32, _: f32, _: f32) {}
    fn pop_clip(&mut self) {}
    fn picture(&mut self, _: f32, _: f32, _: f32, _: f32, _: &Picture) {}
    fn picture_turned(&mut self, _: (f32, f32), _: (f32, f32), _: f32, _: &Picture) {}
}

/// The board's size in whole board units and what one unit is called ("squares", "inches",
/// "centimetres"): where a background image is placed and in what words.
#[must_use]
pub fn board_extent<J: PrintJobs>(job: &J) -> (u16, u16, &'static str) {
    let (width, height) = job.board_units();
    (width, height, J::BOARD_UNITS)
}

/// Each of `art`'s files the board prints at `scale` points per board unit, with the lowest
/// dots per inch it prints at there: what the Art panel tells of each image.
#[must_use]
pub fn art_dpi<J: PrintJobs>(job: &J, art: &LoadedArt, scale: f32) -> Vec<(String, f64)> {
    let (w, h) = job.board_units();
    let mut nothing = Nothing;
    let mut measured = ArtSketch::new(&mut nothing, art);
    let frame = BoardFrame { origin: (0.0, 0.0), scale, greyscale: false, backdrop: false };
    job.draw_board(&mut measured, frame, (0, w), (0, h), true);
    measured.drawn().to_vec()
}

/// The designer's art a print draws: the background image and the images per kind.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrintArt<'a> {
    /// The background image under the board.
    pub backdrop: Option<&'a PlacedPicture>,
    /// The images per kind (and the logo and cover).
    pub kinds: Option<&'a LoadedArt>,
}

impl PrintArt<'_> {
    /// No art: the studio's own drawing alone.
    pub const NONE: PrintArt<'static> = PrintArt { backdrop: None, kinds: None };
}

impl ExportOptions {
    /// The art these options print with.
    #[must_use]
    pub fn print_art(&self) -> PrintArt<'_> {
        PrintArt { backdrop: self.backdrop.as_ref(), kinds: self.art.as_deref() }
    }
}

/// The largest rectangle of `picture`'s proportions inside `w` x `h`, centred there: (x, y,
/// width, height) from the box's corner.
#[must_use]
pub fn fit_picture(picture: &Picture, w: f32, h: f32) -> (f32, f32, f32, f32) {
    let (pw, ph) = (picture.width.max(1) as f32, picture.height.max(1) as f32);
    let k = (w / pw).min(h / ph);
    let (fw, fh) = (pw * k, ph * k);
    ((w - fw) / 2.0, (h - fh) / 2.0, fw, fh)
}

/// The setup sheet's cover: the scenario's name, the logo in the top right corner and the
/// cover art as large as the page allows, each at its own pixels, with their sizes noted.
fn cover_page(sk: &mut dyn Sketch, name: &str, options: &ExportOptions) {
    let Some(art) = options.art.as_deref() else { return };
    let (pw, ph) = options.page_size();
    let m = options.margin;
    let logo_box = 30.0 * super::layout::PT_PER_MM;
    let title_right = if art.logo.is_some() { pw - m - logo_box - 8.0 } else { pw - m };
    let title_size = 22.0_f32;
    let per_line = ((title_right - m) / (title_size * 0.55)).max(8.0) as usize;
    let title = super::sketch::wrap(name, per_line);
    for (i, line) in title.iter().enumerate() {
        sk.text(m, m + title_size + i as f32 * (title_size + 4.0), title_size, line, INK, false);
    }
    if let Some(logo) = &art.logo {
        let (x, y, w, h) = fit_picture(logo, logo_box, logo_box);
        sk.picture(pw - m - logo_box + x, m + y, w, h, logo);
    }
    let top = m + logo_box.max(title.len() as f32 * (title_size + 4.0)) + 12.0;
    let bottom = ph - m - FOOTER - 30.0;
    if let Some(cover) = &art.cover {
        let (x, y, w, h) = fit_picture(cover, pw - 2.0 * m, (bottom - top).max(10.0));
        sk.picture(m + x, top + y, w, h, cover);
    }
    let notes: Vec<String> = [("Logo", &art.logo), ("Cover", &art.cover)]
        .into_iter()
        .filter_map(|(what, picture)| {
            let picture = picture.as_ref()?;
            let name = art.name_of(picture).unwrap_or("");
            Some(format!("{what}: {name}, {} x {} pixels", picture.width, picture.height))
        })
        .collect();
    for (i, note) in notes.iter().enumerate() {
        sk.text(m, bottom + 12.0 + 11.0 * i as f32, 8.0, note, INK, false);
    }
}

/// In the page's foot, beside its name: each of the designer's images this page drew below
/// [`SHARP_DPI`] at its printed size, so a soft print is explained where it shows.
fn soft_art_note(sk: &mut ArtSketch<'_>, options: &ExportOptions) {
    let soft = sk.soft();
    if soft.is_empty() {
        return;
    }
    let listed: Vec<String> = soft.iter().map(|(name, dpi)| format!("{name} {dpi:.0} dpi")).collect();
    let note = format!("Art below {SHARP_DPI:.0} dpi on this page: {}", listed.join(", "));
    let (pw, ph) = options.page_size();
    let m = options.margin;
    // Right of the page's name, and of "NOT VALID" where that is said.
    let x = pw / 2.0 + if options.not_valid { 115.0 } else { 0.0 };
    let room = ((pw - m - x) / (7.0 * 0.56)).max(10.0) as usize;
    let line = if note.chars().count() > room {
        let mut cut: String = note.chars().take(room.saturating_sub(1)).collect();
        cut.push('…');
        cut
    } else {
        note
    };
    sk.inner().text(x, ph - m - FOOTER + 14.0, 7.0, &line, INK, false);
}

/// The dots per inch below which a printed image looks soft.
pub const SHARP_DPI: f64 = 150.0;

/// What a print says of its background image: its pixels, printed size and dots per inch, and
/// a warning when that is below [`SHARP_DPI`].
#[must_use]
pub fn backdrop_note(options: &ExportOptions) -> Option<String> {
    let placed = options.backdrop.as_ref()?;
    let width_mm = placed.rect.2 * f64::from(options.scale) / f64::from(super::layout::PT_PER_MM);
    let dpi = placed.picture.dpi_at(width_mm);
    let size = format!(
        "Background image {}: {} x {} pixels printed {:.0} mm wide, {dpi:.0} dpi",
        placed.name, placed.picture.width, placed.picture.height, width_mm
    );
    Some(if dpi < SHARP_DPI {
        format!(
            "{size}, below the {SHARP_DPI:.0} dpi a print needs to look sharp: use a larger scan for a sharper board."
        )
    } else {
        format!("{size}.")
    })
}

/// Draws the background image under board units `xs` x `ys` (clipped to them), at its place
/// on the board and its own pixels.
fn draw_backdrop(
    sk: &mut dyn Sketch,
    frame: BoardFrame,
    backdrop: Option<&PlacedPicture>,
    xs: (u16, u16),
    ys: (u16, u16),
) {
    let Some(placed) = backdrop else { return };
    let (left, top) = frame.corner(xs.0, ys.0);
    let (right, bottom) = frame.corner(xs.1, ys.1);
    let (x, y, w, h) = placed.rect;
    let s = f64::from(frame.scale);
    sk.push_clip(left, top, right - left, bottom - top);
    sk.picture(
        frame.origin.0 + (x * s) as f32,
        frame.origin.1 + (y * s) as f32,
        (w * s) as f32,
        (h * s) as f32,
        &placed.picture,
    );
    sk.pop_clip();
}

/// How the poster's pages go together: the whole board small, each page's part outlined in
/// red and named as its page says, with how to cut and glue them.
fn assembly_page<J: PrintJobs>(sk: &mut dyn Sketch, job: &J, options: &ExportOptions, layout: &BoardLayout) {
    let (pw, ph) = options.page_size();
    let m = options.margin;
    let what = J::BOARD_NAME.to_lowercase();
    sk.text(m, m + 12.0, 16.0, &format!("{}: assembling the {what}", job.name()), INK, false);
    let mut lines = vec![
        format!(
            "{} pages across and {} down. Print at actual size (100%) and check the 5 cm bar with a ruler.",
            layout.cols, layout.rows
        ),
        "Trim each page at its crop marks; glue the hatched strip under the next page, matching the triangles."
            .to_owned(),
    ];
    lines.extend(job.board_orientation());
    lines.extend(backdrop_note(options));
    for (i, line) in lines.iter().enumerate() {
        sk.text(m, m + 30.0 + 13.0 * i as f32, 9.0, line, INK, false);
    }
    let top = m + 30.0 + 13.0 * lines.len() as f32 + 8.0;
    let (w, h) = job.board_units();
    let scale = ((pw - 2.0 * m) / f32::from(w.max(1))).min((ph - top - m - FOOTER) / f32::from(h.max(1)));
    let frame =
        BoardFrame { origin: (m, top), scale, greyscale: options.greyscale, backdrop: options.backdrop.is_some() };
    draw_backdrop(sk, frame, options.backdrop.as_ref(), (0, w), (0, h));
    job.draw_board(sk, frame, (0, w), (0, h), false);
    let red = Rgb(200, 0, 0);
    let step = scale / f32::from(layout.steps.max(1));
    for page in &layout.pages {
        let at = |x: u16, y: u16| (m + f32::from(x) * step, top + f32::from(y) * step);
        let ((x0, y0), (x1, y1)) = (at(page.x0, page.y0), at(page.x1, page.y1));
        for (a, b) in [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))] {
            sk.line(a, b, 1.5, red);
        }
        sk.fill_rect(x0 + 2.0, y0 + 2.0, 30.0, 12.0, Rgb(255, 255, 255));
        sk.text(x0 + 4.0, y0 + 11.0, 9.0, &page.to_string(), red, false);
    }
}
