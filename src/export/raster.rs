//! The raster surface of [`Sketch`]: tiny-skia, encoded as a PNG whose pHYs chunk records the
//! resolution, so the image prints at its true size.

use super::sketch::{Rgb, Sketch};
use tiny_skia::{FillRule, Mask, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// The largest image side written, in pixels.
pub const MAX_PIXELS: u32 = 16_000;

/// A raster sketch, drawn in points and scaled to pixels.
pub struct PngSketch {
    pixmap: Pixmap,
    clips: Vec<Mask>,
    scale: f32,
}

impl PngSketch {
    /// A blank image of `width` x `height` pixels, `scale` pixels to the point.
    ///
    /// # Errors
    /// When the image cannot be allocated.
    pub fn new(width: u32, height: u32, scale: f32) -> Result<Self, String> {
        let pixmap = Pixmap::new(width.max(1), height.max(1)).ok_or("the image cannot be allocated")?;
        Ok(Self { pixmap, clips: Vec::new(), scale })
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

    // Text is left to the PDF: the image shows the board itself.
    fn text(&mut self, _x: f32, _y: f32, _size: f32, _text: &str, _color: Rgb, _mono: bool) {}

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
}
