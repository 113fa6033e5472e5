//! The board as a PNG at a chosen resolution, with its physical size recorded in the file so
//! it prints at true scale. Drawn with the same code as the PDF, rasterised by tiny-skia.

use super::draw::{Frame, Style, draw_region};
use crate::export::PngSketch;
use crate::systems::swat::rules::Ruleset;
use crate::systems::swat::scenario::Scenario;

/// The largest image side written, in pixels.
pub const MAX_PIXELS: u32 = 16_000;

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
    let mut sketch = PngSketch::new(width.max(1.0) as u32, height.max(1.0) as u32, scale)?;
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
    sketch.into_png(dpi)
}
