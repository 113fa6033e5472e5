//! Images, the designer's and the studio's own: read through the bounded reader and decoded
//! by `image` within limits on size and memory, so a decompression bomb, a truncated JPEG or a
//! file that is not an image is refused with what and where instead of eating memory or
//! panicking. A decoded picture keeps its encoded bytes too, so a PDF embeds the file itself at
//! its own resolution.

use std::path::Path;
use std::sync::Arc;

/// The largest image file read, in bytes.
pub const MAX_IMAGE_BYTES: usize = 32 * 1024 * 1024;
/// The most pixels a decoded image may have (6000 x 4000): its RGBA buffer is at most 96 MB,
/// and with the decoder's own buffer a decode stays under 200 MB.
pub const MAX_PIXELS: u64 = 24_000_000;
/// The longest side a decoded image may have, in pixels.
pub const MAX_SIDE: u32 = 12_000;
/// What the decoder may allocate, in bytes.
const MAX_DECODE_ALLOC: u64 = 128 * 1024 * 1024;

/// The image formats the studio reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureFormat {
    /// Portable Network Graphics.
    Png,
    /// JPEG (JFIF or Exif).
    Jpeg,
}

impl PictureFormat {
    /// Its name for people.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Png => "PNG",
            Self::Jpeg => "JPEG",
        }
    }
}

/// A decoded image: its pixels as straight RGBA and the file it came from.
#[derive(Debug, Clone)]
pub struct Picture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Four bytes a pixel, row by row from the top.
    pub rgba: Arc<Vec<u8>>,
    /// The file's format.
    pub format: PictureFormat,
    /// The file's own bytes, embedded as they are in a PDF.
    pub encoded: Arc<Vec<u8>>,
}

impl Picture {
    /// Dots per inch when printed `printed_width_mm` wide.
    #[must_use]
    pub fn dpi_at(&self, printed_width_mm: f64) -> f64 {
        if printed_width_mm <= 0.0 { 0.0 } else { f64::from(self.width) / (printed_width_mm / 25.4) }
    }
}

/// Reads and decodes the image file at `path`.
///
/// # Errors
/// What is wrong, naming the file: missing or unreadable, too large, not a PNG or JPEG, too
/// many pixels, damaged or cut short.
pub fn read_picture(path: &Path) -> Result<Picture, String> {
    let bytes = crate::files::read_bytes_bounded(path, MAX_IMAGE_BYTES, "an image")?;
    decode_picture(bytes, &path.display().to_string())
}

/// Decodes an image file's bytes; `source` names it in refusals.
///
/// # Errors
/// As [`read_picture`].
pub fn decode_picture(bytes: Vec<u8>, source: &str) -> Result<Picture, String> {
    use image::ImageDecoder as _;
    let format = match image::guess_format(&bytes) {
        Ok(image::ImageFormat::Png) => PictureFormat::Png,
        Ok(image::ImageFormat::Jpeg) => PictureFormat::Jpeg,
        Ok(other) => {
            return Err(format!(
                "{source}: is a {} image; the studio reads PNG and JPEG images (save it as one of those)",
                other.extensions_str().first().map_or("other", |e| e).to_uppercase()
            ));
        }
        Err(_) => return Err(format!("{source}: is not an image the studio reads (PNG or JPEG)")),
    };
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    let damaged = |e: image::ImageError| match e {
        image::ImageError::Limits(_) => format!(
            "{source}: the {} image is larger than the studio opens (at most {MAX_SIDE} pixels a side and {} million pixels)",
            format.name(),
            MAX_PIXELS / 1_000_000
        ),
        other => format!("{source}: the {} image is damaged or cut short ({other})", format.name()),
    };
    let cursor = std::io::Cursor::new(bytes.as_slice());
    let mut reader = image::ImageReader::new(cursor);
    reader.set_format(match format {
        PictureFormat::Png => image::ImageFormat::Png,
        PictureFormat::Jpeg => image::ImageFormat::Jpeg,
    });
    let mut decoder = reader.into_decoder().map_err(damaged)?;
    let (width, height) = decoder.dimensions();
    // The header's size is checked before a pixel is decoded: a bomb says it is huge.
    if width == 0 || height == 0 {
        return Err(format!("{source}: the {} image has no pixels ({width} x {height})", format.name()));
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(format!(
            "{source}: the {} image is {width} x {height} pixels; the studio opens images of at most {MAX_SIDE} pixels a side and {} million pixels (6000 x 4000)",
            format.name(),
            MAX_PIXELS / 1_000_000
        ));
    }
    decoder.set_limits(limits).map_err(damaged)?;
    let image = image::DynamicImage::from_decoder(decoder).map_err(damaged)?;
    let rgba = image.into_rgba8();
    Ok(Picture { width, height, rgba: Arc::new(rgba.into_raw()), format, encoded: Arc::new(bytes) })
}
