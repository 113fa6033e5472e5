//! The raster surface of [`Sketch`]: tiny-skia, encoded as a PNG whose pHYs chunk records the
//! resolution, so the image prints at its true size.

use super::sketch::{Rgb, Sketch};
use std::sync::OnceLock;
use tiny_skia::{FillRule, Mask, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// The largest image side written, in pixels.
pub const MAX_PIXELS: u32 = 16_000;

/// A raster sketch, drawn in points and scaled to pixels.
pub struct PngSketch {
    pixmap: Pixmap,
    clips: Vec<Mask>,
    scale: f32,
    /// The turn of the picture being drawn, in points (identity but inside `picture_turned`).
    turn: Transform,
}

impl PngSketch {
    /// A blank image of `width` x `height` pixels, `scale` pixels to the point.
    ///
    /// # Errors
    /// When the image cannot be allocated.
    pub fn new(width: u32, height: u32, scale: f32) -> Result<Self, String> {
        let pixmap = Pixmap::new(width.max(1), height.max(1)).ok_or("the image cannot be allocated")?;
        Ok(Self { pixmap, clips: Vec::new(), scale, turn: Transform::identity() })
    }

    /// A blank image for a whole board of `width` x `height` squares of `square` points at
    /// `dpi` dots per inch.
    ///
    /// # Errors
    /// When the dpi is out of range (10 to 1200) or a side would exceed [`MAX_PIXELS`].
    pub fn for_board(width: u16, height: u16, square: f32, dpi: u32) -> Result<Self, String> {
        if !(10..=1200).contains(&dpi) {
            return Err(format!("{dpi} dpi is out of range (10 to 1200)"));
        }
        let scale = dpi as f32 / 72.0;
        let w = (f32::from(width) * square * scale).round();
        let h = (f32::from(height) * square * scale).round();
        if w > MAX_PIXELS as f32 || h > MAX_PIXELS as f32 {
            return Err(format!("the image would be {w} x {h} pixels; lower the dpi (at most {MAX_PIXELS} a side)"));
        }
        Self::new(w.max(1.0) as u32, h.max(1.0) as u32, scale)
    }

    /// The image as a PNG at `dpi` dots per inch.
    ///
    /// # Errors
    /// When it cannot be encoded.
    pub fn into_png(self, dpi: u32) -> Result<Vec<u8>, String> {
        let (w, h) = (self.pixmap.width(), self.pixmap.height());
        let rgba = self.pixmap.take_demultiplied();
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, w, h);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            // Dots per metre, so the image prints at its true size.
            let per_metre = (dpi as f32 / 0.0254).round() as u32;
            encoder.set_pixel_dims(Some(png::PixelDimensions {
                xppu: per_metre,
                yppu: per_metre,
                unit: png::Unit::Meter,
            }));
            let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
            writer.write_image_data(&rgba).map_err(|e| e.to_string())?;
        }
        Ok(bytes)
    }
}

impl PngSketch {
    fn paint(color: Rgb) -> Paint<'static> {
        let mut paint = Paint::default();
        paint.set_color_rgba8(color.0, color.1, color.2, 255);
        paint.anti_alias = true;
        paint
    }

    fn transform(&self) -> Transform {
        Transform::from_scale(self.scale, self.scale)
    }
}

impl Sketch for PngSketch {
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb) {
        if let Some(rect) = Rect::from_xywh(x, y, w.max(0.01), h.max(0.01)) {
            let mut paint = Self::paint(color);
            paint.anti_alias = false;
            self.pixmap.fill_rect(rect, &paint, self.transform(), self.clips.last());
        }
    }

    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Rgb) {
        let mut builder = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 { builder.move_to(x, y) } else { builder.line_to(x, y) }
        }
        builder.close();
        if let Some(path) = builder.finish() {
            self.pixmap.fill_path(&path, &Self::paint(color), FillRule::Winding, self.transform(), self.clips.last());
        }
    }

    fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, color: Rgb) {
        let mut builder = PathBuilder::new();
        builder.move_to(a.0, a.1);
        builder.line_to(b.0, b.1);
        if let Some(path) = builder.finish() {
            let stroke = Stroke { width, ..Stroke::default() };
            self.pixmap.stroke_path(&path, &Self::paint(color), &stroke, self.transform(), self.clips.last());
        }
    }

    /// The PDF's fonts, each glyph's outline filled: the image carries every label the PDF has.
    fn text(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, mono: bool) {
        let Some(face) = fonts().map(|f| if mono { &f.mono } else { &f.regular }) else { return };
        if let Some(path) = text_path(face, (x, y), size, text) {
            self.pixmap.fill_path(&path, &Self::paint(color), FillRule::Winding, self.transform(), self.clips.last());
        }
    }

    fn text_turned(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, quarter_turns: u8) {
        let Some(face) = fonts().map(|f| &f.mono) else { return };
        if let Some(path) = text_path(face, (0.0, 0.0), size, text) {
            // y grows downward, so a positive angle turns clockwise, as on the PDF.
            let turn = Transform::from_rotate(90.0 * f32::from(quarter_turns % 4)).post_translate(x, y);
            let transform = turn.post_concat(self.transform());
            self.pixmap.fill_path(&path, &Self::paint(color), FillRule::Winding, transform, self.clips.last());
        }
    }

    fn push_clip(&mut self, x: f32, y: f32, w: f32, h: f32) {
        let Some(mut mask) = Mask::new(self.pixmap.width(), self.pixmap.height()) else { return };
        if let Some(rect) = Rect::from_xywh(x, y, w.max(0.01), h.max(0.01)) {
            let path = PathBuilder::from_rect(rect);
            mask.fill_path(&path, FillRule::Winding, false, self.transform());
        }
        self.clips.push(mask);
    }

    fn pop_clip(&mut self) {
        self.clips.pop();
    }

    fn picture(&mut self, x: f32, y: f32, w: f32, h: f32, picture: &crate::art::Picture) {
        // tiny-skia draws premultiplied pixels.
        let mut data = picture.rgba.to_vec();
        for px in data.chunks_exact_mut(4) {
            let a = u16::from(px[3]);
            for c in &mut px[..3] {
                *c = u8::try_from((u16::from(*c) * a + 127) / 255).unwrap_or(u8::MAX);
            }
        }
        let Some(size) = tiny_skia::IntSize::from_wh(picture.width, picture.height) else { return };
        let Some(pixmap) = Pixmap::from_vec(data, size) else { return };
        let (sx, sy) = (w / picture.width.max(1) as f32, h / picture.height.max(1) as f32);
        let transform = self.transform().pre_concat(self.turn).pre_translate(x, y).pre_scale(sx, sy);
        let paint = tiny_skia::PixmapPaint { quality: tiny_skia::FilterQuality::Bilinear, ..Default::default() };
        self.pixmap.draw_pixmap(0, 0, pixmap.as_ref(), &paint, transform, self.clips.last());
    }

    fn picture_turned(&mut self, centre: (f32, f32), size: (f32, f32), degrees: f32, picture: &crate::art::Picture) {
        let before = self.turn;
        self.turn = before.pre_translate(centre.0, centre.1).pre_rotate(degrees);
        self.picture(-size.0 / 2.0, -size.1 / 2.0, size.0, size.1, picture);
        self.turn = before;
    }
}

/// Where the ink of `text` set at `size` points in the PDF's font (`mono`: its monospace one)
/// lies about its start on the baseline, in points with y down: left, top, right, bottom.
/// `None` for text that leaves no ink (spaces alone).
#[must_use]
pub fn text_ink(size: f32, text: &str, mono: bool) -> Option<(f32, f32, f32, f32)> {
    let face = fonts().map(|f| if mono { &f.mono } else { &f.regular })?;
    let k = size / f32::from(face.units_per_em().max(1));
    let (mut pen, mut ink): (f32, Option<(f32, f32, f32, f32)>) = (0.0, None);
    for c in text.chars() {
        let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
        if let Some(b) = face.glyph_bounding_box(glyph) {
            let glyph_ink = (
                pen + f32::from(b.x_min) * k,
                -f32::from(b.y_max) * k,
                pen + f32::from(b.x_max) * k,
                -f32::from(b.y_min) * k,
            );
            ink = Some(ink.map_or(glyph_ink, |i| {
                (i.0.min(glyph_ink.0), i.1.min(glyph_ink.1), i.2.max(glyph_ink.2), i.3.max(glyph_ink.3))
            }));
        }
        pen += f32::from(face.glyph_hor_advance(glyph).unwrap_or(0)) * k;
    }
    ink
}

/// The fonts the PDF embeds, parsed once for the image's text.
struct RasterFonts {
    regular: ttf_parser::Face<'static>,
    mono: ttf_parser::Face<'static>,
}

/// The parsed fonts (`None` only if the fonts built into the binary were unreadable, when the
/// image goes without text rather than failing).
fn fonts() -> Option<&'static RasterFonts> {
    static FONTS: OnceLock<Option<RasterFonts>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            Some(RasterFonts {
                regular: ttf_parser::Face::parse(epaint_default_fonts::UBUNTU_LIGHT, 0).ok()?,
                mono: ttf_parser::Face::parse(epaint_default_fonts::HACK_REGULAR, 0).ok()?,
            })
        })
        .as_ref()
}

/// Glyph outlines in points: font units (y up) scaled by `k` from the pen's position.
struct Outline {
    path: PathBuilder,
    pen: (f32, f32),
    k: f32,
}

impl Outline {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.pen.0 + x * self.k, self.pen.1 - y * self.k)
    }
}

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.path.move_to(x, y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.path.line_to(x, y);
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let ((x1, y1), (x, y)) = (self.at(x1, y1), self.at(x, y));
        self.path.quad_to(x1, y1, x, y);
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let ((x1, y1), (x2, y2), (x, y)) = (self.at(x1, y1), self.at(x2, y2), self.at(x, y));
        self.path.cubic_to(x1, y1, x2, y2, x, y);
    }

    fn close(&mut self) {
        self.path.close();
    }
}

/// `text` set in `face` at `size` points with its baseline starting at `start`, as one path
/// (glyphs side by side by their advances, as the PDF sets the labels it prints).
fn text_path(face: &ttf_parser::Face<'_>, start: (f32, f32), size: f32, text: &str) -> Option<Path> {
    let k = size / f32::from(face.units_per_em().max(1));
    let mut outline = Outline { path: PathBuilder::new(), pen: start, k };
    for c in text.chars() {
        let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
        face.outline_glyph(glyph, &mut outline);
        outline.pen.0 += f32::from(face.glyph_hor_advance(glyph).unwrap_or(0)) * k;
    }
    outline.path.finish()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Pixels darker than mid-grey inside and outside a box (in pixels).
    fn inked(sketch: &PngSketch, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> (usize, usize) {
        let (mut inside, mut outside) = (0, 0);
        for y in 0..sketch.pixmap.height() {
            for x in 0..sketch.pixmap.width() {
                let pixel = sketch.pixmap.pixel(x, y).unwrap();
                if pixel.alpha() > 128 && u16::from(pixel.red()) + u16::from(pixel.green()) < 200 {
                    if (x0..x1).contains(&x) && (y0..y1).contains(&y) { inside += 1 } else { outside += 1 }
                }
            }
        }
        (inside, outside)
    }

    #[test]
    fn a_label_is_inked_where_the_pdf_sets_it_and_nowhere_else() {
        // 100 x 40 points at 2 pixels a point; "INF" at 12 pt from (10, 30) on its baseline.
        let mut sketch = PngSketch::new(200, 80, 2.0).unwrap();
        sketch.text(10.0, 30.0, 12.0, "INF", Rgb(0, 0, 0), false);
        // Capitals stand about 0.7 em above the baseline; three of them are under 30 points wide.
        let (inside, outside) = inked(&sketch, (20, 60 - 20, 20 + 60, 61));
        assert!(inside > 60, "the label is drawn: {inside} dark pixels");
        assert_eq!(outside, 0, "and only where it belongs");
    }

    #[test]
    fn turned_text_runs_down_the_page() {
        let mut sketch = PngSketch::new(80, 200, 2.0).unwrap();
        sketch.text_turned(20.0, 10.0, 12.0, "12 inches", Rgb(0, 0, 0), 1);
        // A quarter turn clockwise about its start: the line runs down from (20, 10), its
        // glyphs standing to the right of x = 20 points... and left of it by their height.
        let (inside, outside) = inked(&sketch, (40 - 24, 20, 40 + 24, 200));
        assert!(inside > 60, "{inside}");
        assert_eq!(outside, 0);
    }
}
