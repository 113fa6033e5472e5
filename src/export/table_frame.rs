//! A measured table on a print surface, shared by the open-table games: where its corner is
//! and how many points a micrometre takes, the region of whole units a poster page draws, and
//! the heading and drawing area of a page of theirs.

use super::jobs::BoardFrame;
use super::layout::{ExportOptions, FOOTER};
use super::sketch::{INK, Rgb, Sketch};

/// Where a table is drawn: its top-left corner in points and points per micrometre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableFrame {
    /// The table's top-left corner on the surface.
    pub origin: (f32, f32),
    /// Points per micrometre.
    pub scale: f32,
    /// Ink-saving grey.
    pub greyscale: bool,
    /// A background image lies under the table: the cloth is left out so it shows.
    pub backdrop: bool,
}

impl TableFrame {
    /// A table point (micrometres from its top-left corner) on the surface.
    #[must_use]
    pub fn at(&self, (x, y): (f64, f64)) -> (f32, f32) {
        (self.origin.0 + x as f32 * self.scale, self.origin.1 + y as f32 * self.scale)
    }

    /// A colour as this print shows it (its grey in an ink-saving print).
    #[must_use]
    pub fn colour(&self, c: Rgb) -> Rgb {
        if self.greyscale { c.grey() } else { c }
    }
}

/// Draws the designer's art for `kind` (for `side`, where a unit has one) inside a footprint
/// standing at `pose`, turned with it (the image's top is the front), and says whether there
/// was art to draw; the game draws its own outline over it and its own fill where there was
/// none.
pub fn draw_footprint_art(
    sk: &mut dyn Sketch,
    frame: &TableFrame,
    (kind, side): (&str, Option<&str>),
    footprint: &crate::table::Footprint,
    pose: crate::table::Pose,
) -> bool {
    let Some(picture) = sk.art(kind, side, None) else { return false };
    let (across, ahead) = footprint.art_box();
    let size = (across as f32 * frame.scale, ahead as f32 * frame.scale);
    sk.picture_turned(frame.at(pose.point()), size, pose.facing.degrees() as f32, &picture);
    true
}

/// Draws whole units `xs` x `ys` of a table measured in units of `um_per_unit` micrometres
/// (an inch, a centimetre): clipped to that region, `draw` draws the table at the frame's
/// scale.
pub fn table_region(
    sk: &mut dyn Sketch,
    frame: BoardFrame,
    (xs, ys): ((u16, u16), (u16, u16)),
    um_per_unit: i64,
    draw: &mut dyn FnMut(&mut dyn Sketch, &TableFrame),
) {
    let (x0, y0) = frame.corner(xs.0, ys.0);
    sk.push_clip(x0, y0, f32::from(xs.1 - xs.0) * frame.scale, f32::from(ys.1 - ys.0) * frame.scale);
    let per_um = frame.scale / um_per_unit.max(1) as f32;
    draw(sk, &TableFrame { origin: frame.origin, scale: per_um, greyscale: frame.greyscale, backdrop: frame.backdrop });
    sk.pop_clip();
}

/// The top-left corner of a page's drawing area under its heading, and its usable width and
/// height above the foot.
#[must_use]
pub fn page_area(options: &ExportOptions) -> (f32, f32, f32, f32) {
    let (pw, ph) = options.page_size();
    let m = options.margin;
    (m, m + 14.0, pw - 2.0 * m, ph - 2.0 * m - FOOTER - 14.0)
}

/// A page's heading, at the top of its margin.
pub fn page_title(sk: &mut dyn Sketch, options: &ExportOptions, text: &str) {
    // Its capitals' tops (about 0.7 of the size above the baseline) just inside the margin.
    sk.text(options.margin, options.margin + 9.0, 11.0, text, INK, false);
}
