//! The board as a PNG at a chosen resolution, with its physical size recorded in the file so
//! it prints at true scale. Drawn with the same code as the PDF, rasterised by tiny-skia.

use super::draw::{Frame, Sketch, Style, draw_region};
use crate::systems::swat::colours::Rgb;
use crate::systems::swat::rules::Ruleset;
use crate::systems::swat::scenario::Scenario;
use tiny_skia::{FillRule, Mask, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// The largest image side written, in pixels.
pub const MAX_PIXELS: u32 = 16_000;

struct PngSketch {
    pixmap: Pixmap,
    clips: Vec<Mask>,
    scale: f32,
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

/// Renders the whole board at `dpi` dots per inch with squares of `square` points, and encodes
/// it as a PNG whose pHYs chunk records the resolution.
///
/// # Errors
/// When the image would be larger than [`MAX_PIXELS`] a side, or cannot be encoded.
pub fn export_png(
    rules: &Ruleset,
    scenario: &Scenario,
    square: f32,
    dpi: u32,
    greyscale: bool,
) -> Result<Vec<u8>, String> {
    if !(10..=1200).contains(&dpi) {
        return Err(format!("{dpi} dpi is out of range (10 to 1200)"));
    }
    let scale = dpi as f32 / 72.0;
    let width = (f32::from(scenario.board.width) * square * scale).round();
    let height = (f32::from(scenario.board.height) * square * scale).round();
    if width > MAX_PIXELS as f32 || height > MAX_PIXELS as f32 {
        return Err(format!(
            "the image would be {width} x {height} pixels; lower the dpi (at most {MAX_PIXELS} a side)"
        ));
    }
    let pixmap = Pixmap::new(width.max(1.0) as u32, height.max(1.0) as u32).ok_or("the image cannot be allocated")?;
    let mut sketch = PngSketch { pixmap, clips: Vec::new(), scale };
    let frame = Frame { origin: (0.0, 0.0), square };
    draw_region(
        &mut sketch,
        rules,
        scenario,
        Style { greyscale },
        frame,
        (0, scenario.board.width),
        (0, scenario.board.height),
        true,
    );
    let (w, h) = (sketch.pixmap.width(), sketch.pixmap.height());
    let rgba = sketch.pixmap.take_demultiplied();
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, w, h);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        // Dots per metre, so the image prints at its true size.
        let per_metre = (dpi as f32 / 0.0254).round() as u32;
        encoder.set_pixel_dims(Some(png::PixelDimensions { xppu: per_metre, yppu: per_metre, unit: png::Unit::Meter }));
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        writer.write_image_data(&rgba).map_err(|e| e.to_string())?;
    }
    Ok(bytes)
}
