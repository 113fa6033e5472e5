//! One page of a board poster, for any square-grid system: the page's squares at true size,
//! the overlap strips toward the next pages (hatched, to glue under them), alignment marks on
//! the cut lines, crop marks and the page's name. The system draws the squares; this draws
//! everything around them, so every game's poster is cut and assembled the same way.

use super::layout::{BoardLayout, BoardPage, ExportOptions};
use super::sketch::{INK, Rgb, Sketch};

/// Draws squares `xs` x `ys` (half-open ranges) with the board's top-left corner at `origin`;
/// `full` is false for the overlap strips (labels and tokens may be left out there).
pub type DrawRegion<'a> = dyn FnMut(&mut dyn Sketch, (f32, f32), (u16, u16), (u16, u16), bool) + 'a;

/// Draws one poster page of a board of (width, height) `units` ("squares", "inches", ...);
/// `what` names the sheet.
pub fn poster_page(
    sk: &mut dyn Sketch,
    options: &ExportOptions,
    layout: &BoardLayout,
    page: BoardPage,
    (board, units_name): ((u16, u16), &str),
    what: &str,
    draw: &mut DrawRegion<'_>,
) {
    let m = options.margin;
    let steps = layout.steps.max(1);
    // Points per layout step; the game draws whole units, clipped to the page's steps.
    let s = options.scale / f32::from(steps);
    let origin = (m - f32::from(page.x0) * s, m + 12.0 - f32::from(page.y0) * s);
    let corner = |x: u16, y: u16| (origin.0 + f32::from(x) * s, origin.1 + f32::from(y) * s);
    let units = |from: u16, to: u16| (from / steps, to.div_ceil(steps));
    let (left, top) = corner(page.x0, page.y0);
    let (right, bottom) = corner(page.x1, page.y1);
    let (board_x, board_y) = (board.0.saturating_mul(steps), board.1.saturating_mul(steps));
    let more_right = page.x1 < board_x;
    let more_below = page.y1 < board_y;
    let (xs, ys) = (units(page.x0, page.x1), units(page.y0, page.y1));
    sk.push_clip(left, top, right - left, bottom - top);
    draw(sk, origin, xs, ys, true);
    sk.pop_clip();
    // The overlap strips repeat the start of the neighbouring pages, hatched, to glue under
    // them: the cut line stays on the page's edge.
    let strip = options.overlap;
    let extra = (strip / s).ceil() as u16 + 1;
    let hatch = |sk: &mut dyn Sketch, x: f32, y: f32, w: f32, h: f32| {
        sk.push_clip(x, y, w, h);
        let mut d = -h;
        while d < w {
            sk.line((x + d, y + h), (x + d + h, y), 0.4, Rgb(90, 90, 90));
            d += 6.0;
        }
        sk.pop_clip();
    };
    if more_right && strip > 0.0 {
        sk.push_clip(right, top, strip, bottom - top);
        draw(sk, origin, units(page.x1, page.x1.saturating_add(extra).min(board_x)), ys, false);
        sk.pop_clip();
        hatch(sk, right, top, strip, bottom - top);
    }
    if more_below && strip > 0.0 {
        sk.push_clip(left, bottom, right - left, strip);
        draw(sk, origin, xs, units(page.y1, page.y1.saturating_add(extra).min(board_y)), false);
        sk.pop_clip();
        hatch(sk, left, bottom, right - left, strip);
    }
    // Alignment marks on the cut lines: a triangle at every whole unit of the joint.
    if more_right {
        for y in page.y0.div_ceil(steps)..=page.y1 / steps {
            let (_, py) = corner(0, y * steps);
            sk.fill_polygon(&[(right, py - 3.0), (right + 5.0, py), (right, py + 3.0)], INK);
        }
    }
    if more_below {
        for x in page.x0.div_ceil(steps)..=page.x1 / steps {
            let (px, _) = corner(x * steps, 0);
            sk.fill_polygon(&[(px - 3.0, bottom), (px, bottom + 5.0), (px + 3.0, bottom)], INK);
        }
    }
    // Crop marks just outside each corner of the part to keep.
    let mark = 8.0;
    let gap = 2.0;
    for (cx, cy, dx, dy) in
        [(left, top, -1.0, -1.0), (right, top, 1.0, -1.0), (left, bottom, -1.0, 1.0), (right, bottom, 1.0, 1.0)]
    {
        sk.line((cx + dx * gap, cy), (cx + dx * (gap + mark), cy), 0.5, INK);
        sk.line((cx, cy + dy * gap), (cx, cy + dy * (gap + mark)), 0.5, INK);
    }
    // The page's name clears the top-left crop mark (which stands at the left edge of the part
    // to keep, reaching up toward the margin) and ends before the top-right one: a narrow last
    // page gets a shorter name rather than one the mark runs through.
    let (start, end) = (m + gap + mark, right - gap - 2.0);
    let extent = page_extent(page, steps, units_name);
    let short = page_extent(page, steps, short_units(units_name));
    let full = format!(
        "{what} page {page} (row {} of {}, column {} of {}): {extent}",
        page.row + 1,
        layout.rows,
        page.col + 1,
        layout.cols
    );
    let names = [
        (9.0, full),
        (9.0, format!("{what} page {page}: {extent}")),
        (7.5, format!("page {page}: {short}")),
        (6.5, format!("page {page}: {short}")),
        (9.0, format!("{what} page {page}")),
    ];
    // About half an em a character in the print's sans-serif face.
    let fits = |(size, text): &(f32, String)| start + text.chars().count() as f32 * size * 0.5 <= end;
    let last = (7.5, format!("page {page}"));
    let (size, name) = names.iter().find(|n| fits(n)).unwrap_or(&last);
    sk.text(start, m + 8.0, *size, name, INK, false);
}

/// A unit's abbreviation, for a page's name where the whole word does not fit.
fn short_units(units: &str) -> &str {
    match units {
        "centimetres" => "cm",
        "inches" => "in",
        "millimetres" => "mm",
        other => other,
    }
}

/// Which part of the board a page holds: squares are counted (0-9 is ten squares), lengths are
/// measured from the board's left and top edges (0 to 9.5 inches).
fn page_extent(page: BoardPage, steps: u16, units: &str) -> String {
    if units == "squares" {
        format!("squares {}-{} across, {}-{} down", page.x0, page.x1 - 1, page.y0, page.y1 - 1)
    } else {
        let length = |at: u16| super::layout::steps_as_units(at, steps);
        format!(
            "{} to {} {units} across, {} to {} down",
            length(page.x0),
            length(page.x1),
            length(page.y0),
            length(page.y1)
        )
    }
}
