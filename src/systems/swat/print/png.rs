//! The board as a PNG at a chosen resolution, with its physical size recorded in the file so
//! it prints at true scale. Drawn with the same code as the PDF, rasterised by tiny-skia.

use super::draw::{Frame, Style, draw_region};
use crate::export::PngSketch;
use crate::systems::swat::rules::Ruleset;
use crate::systems::swat::scenario::Scenario;

pub use crate::export::MAX_PIXELS;

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
    let mut sketch = PngSketch::for_board(scenario.board.width, scenario.board.height, square, dpi)?;
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
