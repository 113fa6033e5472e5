//! Page geometry for the print sheets, in PDF points (1/72 inch): paper sizes, square sizes,
//! and how a board is cut into pages on square (and, where they fit, tile) boundaries.

use serde::Serialize;
use std::fmt;

/// Points per millimetre.
pub const PT_PER_MM: f32 = 72.0 / 25.4;

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
    /// ISO A3, 297 x 420 mm.
    A3,
    /// US Tabloid, 11 x 17 in.
    Tabloid,
}

impl Paper {
    /// Width and height in points, portrait.
    #[must_use]
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
            Paper::A3 => (841.89, 1190.55),
            Paper::Tabloid => (792.0, 1224.0),
        }
    }

    /// Reads `a4`, `letter`, `a3` or `tabloid`.
    ///
    /// # Errors
    /// A message listing the papers.
    pub fn parse(text: &str) -> Result<Self, String> {
        match text.to_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            "a3" => Ok(Paper::A3),
            "tabloid" => Ok(Paper::Tabloid),
            other => Err(format!("unknown paper '{other}' (expected a4, letter, a3 or tabloid)")),
        }
    }
}

/// Reads a square size: `1in`, `25mm`, `2.5cm`, `72pt`; from 5 mm to 100 mm.
///
/// # Errors
/// A message saying what was expected.
pub fn parse_square(text: &str) -> Result<f32, String> {
    let text = text.trim().to_lowercase();
    let (number, unit) = text.split_at(text.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(text.len()));
    let value: f32 =
        number.trim().parse().map_err(|_| format!("'{text}' is not a size; write 1in, 25mm, 2.5cm or 72pt"))?;
    let points = match unit {
        "in" => value * 72.0,
        "mm" => value * PT_PER_MM,
        "cm" => value * 10.0 * PT_PER_MM,
        "pt" => value,
        _ => return Err(format!("'{text}' has no unit; write 1in, 25mm, 2.5cm or 72pt")),
    };
    if !(5.0 * PT_PER_MM..=100.0 * PT_PER_MM + 0.01).contains(&points) {
        return Err(format!("a square of {text} is out of range (5 mm to 100 mm)"));
    }
    Ok(points)
}

/// One sheet a game prints, as the game declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Sheet {
    /// Its id on the command line (`board`).
    pub id: &'static str,
    /// Its name for people (`Board poster and assembly page`).
    pub label: &'static str,
}

/// Which of its sheets a game is asked to print: every sheet it declares, or those named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Sheets {
    /// Every sheet the game declares.
    All,
    /// Only these, by id.
    Only(std::collections::BTreeSet<String>),
}

impl Sheets {
    /// Every sheet.
    pub const ALL: Sheets = Sheets::All;

    /// Only the sheets with these ids.
    #[must_use]
    pub fn only(ids: &[&str]) -> Self {
        Sheets::Only(ids.iter().map(|id| (*id).to_owned()).collect())
    }

    /// Whether the sheet with this id is asked for.
    #[must_use]
    pub fn has(&self, id: &str) -> bool {
        match self {
            Sheets::All => true,
            Sheets::Only(ids) => ids.contains(id),
        }
    }

    /// Asks for a sheet of `declared`, or leaves it out.
    pub fn set(&mut self, declared: &[Sheet], id: &str, on: bool) {
        let mut ids: std::collections::BTreeSet<String> =
            declared.iter().filter(|s| self.has(s.id)).map(|s| s.id.to_owned()).collect();
        if on {
            ids.insert(id.to_owned());
        } else {
            ids.remove(id);
        }
        *self = if ids.len() == declared.len() { Sheets::All } else { Sheets::Only(ids) };
    }

    /// Reads a comma list of the ids a game declares (`board,tiles`), or `all`.
    ///
    /// # Errors
    /// A message naming the unknown sheet and the game's sheets.
    pub fn parse(text: &str, declared: &[Sheet]) -> Result<Self, String> {
        let mut ids = std::collections::BTreeSet::new();
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            if word == "all" {
                return Ok(Sheets::All);
            }
            if !declared.iter().any(|s| s.id == word) {
                return Err(format!("unknown sheet '{word}' (expected {})", sheet_list(declared)));
            }
            ids.insert(word.to_owned());
        }
        Ok(Sheets::Only(ids))
    }

    /// Checks that every sheet asked for is one of `declared`.
    ///
    /// # Errors
    /// The first sheet the game does not print, with the game's sheets.
    pub fn check(&self, declared: &[Sheet], game: &str) -> Result<(), String> {
        match self {
            Sheets::All => Ok(()),
            Sheets::Only(ids) => match ids.iter().find(|id| !declared.iter().any(|s| s.id == id.as_str())) {
                Some(unknown) => {
                    Err(format!("{game} prints no sheet '{unknown}'; its sheets are {}", sheet_list(declared)))
                }
                None if !declared.iter().any(|s| ids.contains(s.id)) => {
                    Err(format!("no sheet is chosen; {game}'s sheets are {}", sheet_list(declared)))
                }
                None => Ok(()),
            },
        }
    }
}

/// The ids of a game's sheets, quoted: `'board', 'tiles'`.
fn sheet_list(declared: &[Sheet]) -> String {
    declared.iter().map(|s| format!("'{}'", s.id)).collect::<Vec<_>>().join(", ")
}

/// Everything the export needs to know.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportOptions {
    /// The paper.
    pub paper: Paper,
    /// Landscape instead of portrait.
    pub landscape: bool,
    /// Points per board unit: a square's side on a board of squares; on an open table, the
    /// points one unit of its measure takes (72 per inch at 1:1).
    pub scale: f32,
    /// The overlap strip between neighbouring board pages, in points.
    pub overlap: f32,
    /// The margin printers cannot reach, in points.
    pub margin: f32,
    /// Which sheets.
    pub sheets: Sheets,
    /// Ink-saving greyscale, owners told apart by pattern and letter.
    pub greyscale: bool,
    /// Extra counters per unit kind and player, beyond one per starting unit.
    pub extra_counters: u32,
    /// The scenario has errors: every page says it is not a valid scenario.
    pub not_valid: bool,
    /// The designer's background image, read beside the scenario by whoever asks for the
    /// print, drawn under the board on every poster page, the assembly page and the PNG.
    #[serde(skip)]
    pub backdrop: Option<crate::art::PlacedPicture>,
    /// The designer's art per kind, logo and cover, read beside the scenario by whoever asks
    /// for the print: each game draws a kind's image where it draws that kind, and the setup
    /// sheet opens with the cover and the logo.
    #[serde(skip)]
    pub art: Option<std::sync::Arc<crate::art::LoadedArt>>,
}

impl Default for ExportOptions {
    fn default() -> Self {
        Self {
            paper: Paper::Letter,
            landscape: false,
            scale: 72.0,
            overlap: 8.0 * PT_PER_MM,
            margin: 10.0 * PT_PER_MM,
            sheets: Sheets::ALL,
            greyscale: false,
            extra_counters: 2,
            not_valid: false,
            backdrop: None,
            art: None,
        }
    }
}

impl ExportOptions {
    /// Page width and height in points.
    #[must_use]
    pub fn page_size(&self) -> (f32, f32) {
        let (w, h) = self.paper.size();
        if self.landscape { (h, w) } else { (w, h) }
    }
}

/// The space reserved at the foot of every page for its label and the calibration bars.
pub const FOOTER: f32 = 40.0;

/// One page of the board poster, in its layout's steps (a square on a board of squares, a
/// tenth of the table's unit on an open table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BoardPage {
    /// Row of pages, from 0.
    pub row: u16,
    /// Column of pages, from 0.
    pub col: u16,
    /// First step across on the page.
    pub x0: u16,
    /// One past the last step across.
    pub x1: u16,
    /// First step down.
    pub y0: u16,
    /// One past the last step down.
    pub y1: u16,
}

impl fmt::Display for BoardPage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}C{}", self.row + 1, self.col + 1)
    }
}

/// How a board is cut into pages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardLayout {
    /// Layout steps per board unit: 1 on a board of squares (pages cut between squares), 10 on
    /// an open table (pages cut at tenths of its unit, so its pages share the table evenly).
    pub steps: u16,
    /// Steps across one page (the last page may hold fewer).
    pub per_page_x: u16,
    /// Steps down one page.
    pub per_page_y: u16,
    /// Columns of pages.
    pub cols: u16,
    /// Rows of pages.
    pub rows: u16,
    /// Every page, row by row.
    pub pages: Vec<BoardPage>,
}

/// Cuts a `width` x `height` board into pages: as many whole squares as fit beside the overlap
/// strip, rounded down to whole tiles when at least one tile fits.
///
/// # Errors
/// When not even one square fits on the page.
pub fn board_layout(options: &ExportOptions, width: u16, height: u16, tile_size: u8) -> Result<BoardLayout, String> {
    let (pw, ph) = options.page_size();
    let usable_w = pw - 2.0 * options.margin - options.overlap;
    let usable_h = ph - 2.0 * options.margin - FOOTER - options.overlap;
    let fit = |usable: f32| -> u16 {
        let n = (usable / options.scale).floor();
        if n < 1.0 { 0 } else { n.min(f32::from(u16::MAX)) as u16 }
    };
    let (mut per_x, mut per_y) = (fit(usable_w), fit(usable_h));
    if per_x == 0 || per_y == 0 {
        return Err(format!(
            "a {:.1} mm square does not fit on {:?} {} with {:.0} mm margins",
            options.scale / PT_PER_MM,
            options.paper,
            if options.landscape { "landscape" } else { "portrait" },
            options.margin / PT_PER_MM
        ));
    }
    let tile = u16::from(tile_size.max(1));
    if per_x >= tile {
        per_x -= per_x % tile;
    }
    if per_y >= tile {
        per_y -= per_y % tile;
    }
    // A last strip that fits in its neighbour's page (the overlap strip the last page in a row
    // does not need, and the part of a square the rounding left) goes on that page instead of
    // a page of its own; on a board of tiles the pages keep to whole tiles.
    let merged = |extent: u16, per: u16, usable: f32| -> u16 {
        let count = extent.div_ceil(per).max(1);
        let room = fit(usable + options.overlap).saturating_sub(per);
        let last = extent - (count - 1) * per;
        if count > 1 && tile == 1 && last <= room { count - 1 } else { count }
    };
    let (cols, rows) = (merged(width, per_x, usable_w), merged(height, per_y, usable_h));
    let pages = page_grid((cols, rows), (per_x, per_y), (width, height));
    Ok(BoardLayout { steps: 1, per_page_x: per_x, per_page_y: per_y, cols, rows, pages })
}

/// Every page of a grid of `cols` x `rows` pages, row by row, each `per` steps across and down
/// but the last in a row or column, which runs to the board's `extent`.
fn page_grid((cols, rows): (u16, u16), (per_x, per_y): (u16, u16), (width, height): (u16, u16)) -> Vec<BoardPage> {
    let end = |index: u16, count: u16, per: u16, extent: u16| {
        if index + 1 == count { extent } else { ((index + 1) * per).min(extent) }
    };
    let mut pages = Vec::with_capacity(usize::from(cols) * usize::from(rows));
    for row in 0..rows {
        for col in 0..cols {
            pages.push(BoardPage {
                row,
                col,
                x0: col * per_x,
                x1: end(col, cols, per_x, width),
                y0: row * per_y,
                y1: end(row, rows, per_y, height),
            });
        }
    }
    pages
}

/// A length of `at` layout steps in whole units, with a tenth where it has one ("9.6", "12").
#[must_use]
pub fn steps_as_units(at: u16, steps: u16) -> String {
    let steps = steps.max(1);
    let units = f32::from(at) / f32::from(steps);
    if at.is_multiple_of(steps) { format!("{units:.0}") } else { format!("{units:.1}") }
}

/// Steps per unit of an open table's poster layout.
pub const TABLE_STEPS: u16 = 10;

/// Cuts an open table of `width` x `height` whole units into the fewest pages at 1:1, the
/// pages sharing the table evenly (no thin last strip): every page but the last in a row
/// leaves room for the overlap strip, the last needs none. A page's edge falls on a whole unit
/// where that takes no more pages, else on a half, else on a tenth.
///
/// # Errors
/// When not even a tenth of a unit fits on the page.
pub fn table_layout(options: &ExportOptions, width: u16, height: u16) -> Result<BoardLayout, String> {
    let (pw, ph) = options.page_size();
    let step = options.scale / f32::from(TABLE_STEPS);
    let fit = |usable: f32| -> u32 { if usable <= 0.0 { 0 } else { (usable / step).floor() as u32 } };
    let usable_w = pw - 2.0 * options.margin - options.overlap;
    let usable_h = ph - 2.0 * options.margin - FOOTER - options.overlap;
    // (steps each page holds, pages) along one edge of `extent` units.
    let split = |extent: u16, usable: f32| -> Option<(u16, u16)> {
        let (inner, last) = (fit(usable), fit(usable + options.overlap));
        let extent = u32::from(extent.max(1)) * u32::from(TABLE_STEPS);
        if inner == 0 {
            return None;
        }
        let count = if extent <= last { 1 } else { 1 + (extent - last).div_ceil(inner) };
        let even = extent.div_ceil(count);
        // The coarsest grain that keeps the count: the pages before the last hold `per`, the
        // last the rest, which must fit it and be at least half a page (no thin strip).
        let per = [u32::from(TABLE_STEPS), u32::from(TABLE_STEPS) / 2, 1]
            .into_iter()
            .map(|grain| even.div_ceil(grain) * grain)
            .find(|&per| {
                let rest = extent.saturating_sub((count - 1) * per);
                per <= inner && rest <= last && (count == 1 || 2 * rest >= per)
            })
            .unwrap_or(inner);
        Some((u16::try_from(per).ok()?, u16::try_from(count).ok()?))
    };
    let (Some((per_x, cols)), Some((per_y, rows))) = (split(width, usable_w), split(height, usable_h)) else {
        return Err(format!(
            "the table does not fit on {:?} {} with {:.0} mm margins",
            options.paper,
            if options.landscape { "landscape" } else { "portrait" },
            options.margin / PT_PER_MM
        ));
    };
    let steps = |extent: u16| u16::try_from(u32::from(extent.max(1)) * u32::from(TABLE_STEPS)).ok();
    let (Some(w), Some(h)) = (steps(width), steps(height)) else {
        return Err(format!("a {width} x {height} table is too large to print"));
    };
    let pages = page_grid((cols, rows), (per_x, per_y), (w, h));
    Ok(BoardLayout { steps: TABLE_STEPS, per_page_x: per_x, per_page_y: per_y, cols, rows, pages })
}

/// Whether landscape pages cut a `width` x `height` table into fewer pages than portrait (on a
/// tie, the orientation `options` asks for): an open table prints at 1:1, so the orientation is
/// the one thing that changes how many pages it takes.
#[must_use]
pub fn fewest_pages_landscape(options: &ExportOptions, width: u16, height: u16) -> bool {
    let pages = |landscape: bool| {
        table_layout(&ExportOptions { landscape, ..options.clone() }, width, height)
            .map_or(usize::MAX, |l| l.pages.len())
    };
    let (portrait, landscape) = (pages(false), pages(true));
    if portrait == landscape { options.landscape } else { landscape < portrait }
}

/// How a poster of the board is cut: pages across and down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Poster {
    /// Pages across.
    pub across: u16,
    /// Pages down.
    pub down: u16,
}

impl From<&BoardLayout> for Poster {
    fn from(layout: &BoardLayout) -> Self {
        Poster { across: layout.cols, down: layout.rows }
    }
}

/// What was written, for reports and tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdfReport {
    /// The PDF file.
    pub bytes: Vec<u8>,
    /// Pages written.
    pub pages: usize,
    /// The poster's pages across and down, when the board was printed.
    pub poster: Option<Poster>,
    /// Per page, the text printed on it (a line per piece of text drawn).
    pub page_text: Vec<String>,
    /// Text reaching past the margins, with its page and place (none in a good print).
    pub text_outside_margins: Vec<String>,
}
