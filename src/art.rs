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

/// A background image under the board or table, placed at true scale the way a designer
/// traces a scanned board: two points clicked on the image, the distance between them on the
/// board typed in, and where the first of them lies on the board. It is not turned: the
/// image's rows run along the board's.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Backdrop {
    /// The image file, relative to the scenario's folder (inside it: no `..`, not absolute).
    pub image: String,
    /// Two points on the image, in pixels from its top-left corner.
    pub points: [(f64, f64); 2],
    /// The distance between the two points on the board, in the board's unit (squares,
    /// inches or centimetres).
    pub distance: f64,
    /// Where the first point lies on the board, in the board's unit from its top-left corner.
    pub at: (f64, f64),
}

/// The art a scenario of any game carries (every game's file has the same `backdrop` and
/// `art` fields; the framework reads, checks, draws and prints them). Implement it with
/// [`with_art_fields!`], which every game's scenario uses.
pub trait WithArt {
    /// The background image under the board, if any.
    fn backdrop(&self) -> Option<&Backdrop>;
    /// The images per kind, the logo and the cover.
    fn art(&self) -> &ArtBook;
    /// The same scenario with another background and other art (the editor's Art panel and
    /// "Find the file…" assign through it, as one undoable step).
    #[must_use]
    fn with_art(&self, backdrop: Option<Backdrop>, art: ArtBook) -> Self
    where
        Self: Sized;
}

/// [`WithArt`] for a scenario type whose `backdrop: Option<Backdrop>` and `art: ArtBook` fields
/// hold its art, as every game's does.
macro_rules! with_art_fields {
    ($scenario:ty) => {
        impl $crate::art::WithArt for $scenario {
            fn backdrop(&self) -> Option<&$crate::art::Backdrop> {
                self.backdrop.as_ref()
            }

            fn art(&self) -> &$crate::art::ArtBook {
                &self.art
            }

            fn with_art(&self, backdrop: Option<$crate::art::Backdrop>, art: $crate::art::ArtBook) -> Self {
                Self { backdrop, art, ..self.clone() }
            }
        }
    };
}
pub(crate) use with_art_fields;

/// The designer's art of one scenario beyond its background: an image per kind (a terrain, a
/// piece kind, a unit kind, an item), a logo and a cover for the setup sheet. Every game's file
/// has the same `art` field; the framework reads, checks, loads and prints it, and each game's
/// drawing asks the surface for a kind's image where it draws that kind
/// ([`crate::export::Sketch::art`]).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ArtBook {
    /// An image per kind, by the kind's id as the game's file writes it (`forest`, `building`,
    /// `infantry`). A unit's art may be given per side and face: `infantry@red` for one side's
    /// counters, `infantry@red:reduced` (or `infantry:reduced`) for the reduced face; the most
    /// particular name given wins ([`LoadedArt::kind`]).
    pub kinds: std::collections::BTreeMap<String, String>,
    /// A logo, printed at the head of the setup sheet.
    pub logo: Option<String>,
    /// Cover art, printed on the setup sheet's first page.
    pub cover: Option<String>,
}

impl ArtBook {
    /// Whether it names no image at all (a saved file then leaves the field out).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty() && self.logo.is_none() && self.cover.is_none()
    }

    /// Every image it names, with what it is for (`kind 'forest'`, `logo`, `cover`), in a
    /// stable order.
    #[must_use]
    pub fn images(&self) -> Vec<(String, &str)> {
        let mut images: Vec<(String, &str)> =
            self.kinds.iter().map(|(kind, image)| (format!("kind '{kind}'"), image.as_str())).collect();
        images.extend(self.logo.as_deref().map(|image| ("logo".to_owned(), image)));
        images.extend(self.cover.as_deref().map(|image| ("cover".to_owned(), image)));
        images
    }

    /// What is wrong with its names and paths, if anything (the files themselves are read
    /// apart, so a missing one is a finding, not a refusal).
    ///
    /// # Errors
    /// The field and the reason.
    pub fn check(&self) -> Result<(), String> {
        for (kind, image) in &self.kinds {
            if kind.trim().is_empty() {
                return Err("art.kinds: a kind's name is empty".into());
            }
            check_relative(image).map_err(|why| format!("art.kinds '{kind}': {why}"))?;
        }
        for (field, image) in [("logo", &self.logo), ("cover", &self.cover)] {
            if let Some(image) = image {
                check_relative(image).map_err(|why| format!("art.{field}: {why}"))?;
            }
        }
        Ok(())
    }

    /// Reads every image it names beside the scenario in `folder`, each file once; one that
    /// cannot be read is left out and said in [`LoadedArt::missing`], so the rest still shows
    /// and prints.
    #[must_use]
    pub fn load(&self, folder: &Path) -> LoadedArt {
        let mut read: std::collections::BTreeMap<&str, Result<Arc<Picture>, String>> =
            std::collections::BTreeMap::new();
        for (_, image) in self.images() {
            read.entry(image).or_insert_with(|| read_picture(&folder.join(image)).map(Arc::new));
        }
        let picture = |image: &str| read.get(image).and_then(|r| r.as_ref().ok()).cloned();
        LoadedArt {
            files: read
                .iter()
                .filter_map(|(image, r)| r.as_ref().ok().map(|p| ((*image).to_owned(), Arc::clone(p))))
                .collect(),
            kinds: self.kinds.iter().filter_map(|(kind, image)| Some((kind.clone(), picture(image)?))).collect(),
            logo: self.logo.as_deref().and_then(picture),
            cover: self.cover.as_deref().and_then(picture),
            missing: read
                .iter()
                .filter_map(|(image, r)| r.as_ref().err().map(|why| ((*image).to_owned(), why.clone())))
                .collect(),
        }
    }
}

/// A kind a game draws with the designer's art where a scenario gives some: its id (the key
/// in `art.kinds`), its name for people and what it is ("Terrain", "Unit", "Piece", "Item",
/// "Portrait").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArtKind {
    /// The id `art.kinds` names it by.
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// What kind of thing it is, for people.
    pub what: &'static str,
}

impl ArtKind {
    /// A kind `id` named `name`, a `what`.
    #[must_use]
    pub fn new(what: &'static str, id: &str, name: &str) -> Self {
        Self { id: id.to_owned(), name: name.to_owned(), what }
    }
}

/// What an image of the art is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArtTarget {
    /// A kind the game draws.
    Kind(ArtKind),
    /// The setup sheet's logo.
    Logo,
    /// The setup sheet's cover.
    Cover,
}

impl ArtTarget {
    /// Its name for people, as a step's label says it.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            ArtTarget::Kind(kind) => format!("{} ({})", kind.name, kind.what.to_lowercase()),
            ArtTarget::Logo => "the logo".into(),
            ArtTarget::Cover => "the cover".into(),
        }
    }

    /// Its row's name in the panel.
    #[must_use]
    pub fn row_label(&self) -> String {
        match self {
            ArtTarget::Kind(_) => self.label(),
            ArtTarget::Logo => "Logo (setup sheet)".into(),
            ArtTarget::Cover => "Cover (setup sheet)".into(),
        }
    }

    /// The image the art gives it, if any.
    #[must_use]
    pub fn image<'a>(&self, art: &'a ArtBook) -> Option<&'a str> {
        match self {
            ArtTarget::Kind(kind) => art.kinds.get(&kind.id).map(String::as_str),
            ArtTarget::Logo => art.logo.as_deref(),
            ArtTarget::Cover => art.cover.as_deref(),
        }
    }

    /// The art with `image` for this (none: its image removed).
    #[must_use]
    pub fn set(&self, art: &ArtBook, image: Option<String>) -> ArtBook {
        let mut art = art.clone();
        match (self, image) {
            (ArtTarget::Kind(kind), Some(image)) => {
                art.kinds.insert(kind.id.clone(), image);
            }
            (ArtTarget::Kind(kind), None) => {
                art.kinds.remove(&kind.id);
            }
            (ArtTarget::Logo, image) => art.logo = image,
            (ArtTarget::Cover, image) => art.cover = image,
        }
        art
    }
}

/// A scenario's art, decoded: what a print or a window draws from.
#[derive(Debug, Clone, Default)]
pub struct LoadedArt {
    /// The image of each kind that could be read.
    pub kinds: std::collections::BTreeMap<String, Arc<Picture>>,
    /// The logo, if given and read.
    pub logo: Option<Arc<Picture>>,
    /// The cover, if given and read.
    pub cover: Option<Arc<Picture>>,
    /// Each image that could not be read, with why (naming the file).
    pub missing: Vec<(String, String)>,
    /// Each file that was read, by its name in the scenario.
    pub files: Vec<(String, Arc<Picture>)>,
}

/// Two are the same art when they hold the same files, decoded once (the pixels are not
/// compared).
impl PartialEq for LoadedArt {
    fn eq(&self, other: &Self) -> bool {
        self.missing == other.missing
            && self.files.len() == other.files.len()
            && self.files.iter().zip(&other.files).all(|((a, p), (b, q))| a == b && Arc::ptr_eq(p, q))
            && self.kinds.keys().eq(other.kinds.keys())
    }
}

impl LoadedArt {
    /// The image of `kind` for `side` (a side's or army's id, lower case) and `face`
    /// (`reduced`, or `None` for the full face): the most particular name given wins, `kind@side:face`,
    /// then `kind@side`, `kind:face`, `kind`. Kinds match without regard to case.
    #[must_use]
    pub fn kind(&self, kind: &str, side: Option<&str>, face: Option<&str>) -> Option<Arc<Picture>> {
        // Asked once per square or piece each frame: a scenario without art costs nothing.
        if self.kinds.is_empty() {
            return None;
        }
        let mut names = Vec::with_capacity(4);
        if let Some(side) = side {
            if let Some(face) = face {
                names.push(format!("{kind}@{side}:{face}"));
            }
            names.push(format!("{kind}@{side}"));
        }
        if let Some(face) = face {
            names.push(format!("{kind}:{face}"));
        }
        names.push(kind.to_owned());
        names
            .iter()
            .find_map(|name| {
                self.kinds
                    .get(name)
                    .or_else(|| self.kinds.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, p)| p))
            })
            .cloned()
    }

    /// Whether there is nothing to draw.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty() && self.logo.is_none() && self.cover.is_none()
    }

    /// The scenario's name of a picture it holds (by identity).
    #[must_use]
    pub fn name_of(&self, picture: &Picture) -> Option<&str> {
        self.files.iter().find(|(_, p)| std::ptr::eq(Arc::as_ptr(p), picture)).map(|(name, _)| name.as_str())
    }
}

/// Checks a scenario file's `art` as it is read, placing a refusal at the field.
///
/// # Errors
/// The field's place in `text` and what is wrong with it.
pub fn read_art(text: &str, art: ArtBook) -> Result<ArtBook, crate::files::FileError> {
    art.check().map_err(|why| crate::files::FileError::at_text(text, "art", why))?;
    Ok(art)
}

/// A scenario's art read beside its file saved at `scenario_path` (nothing where it is saved
/// nowhere yet: its relative paths have no folder to start from).
#[must_use]
pub fn art_for_print(art: &ArtBook, scenario_path: Option<&Path>) -> LoadedArt {
    match scenario_path {
        Some(path) if !art.is_empty() => art.load(path.parent().unwrap_or(Path::new("."))),
        Some(_) => LoadedArt::default(),
        None => LoadedArt {
            missing: art
                .images()
                .into_iter()
                .map(|(_, image)| {
                    (
                        image.to_owned(),
                        format!("'{image}' is found beside the scenario's file, and this scenario is not saved yet"),
                    )
                })
                .collect(),
            ..LoadedArt::default()
        },
    }
}

/// A decoded background image and the rectangle it covers, in board units from the board's
/// top-left corner (x, y, width, height). Two are equal when they are the same file at the
/// same place (the pixels are not compared).
#[derive(Debug, Clone)]
pub struct PlacedPicture {
    /// The image.
    pub picture: Arc<Picture>,
    /// Where it lies on the board.
    pub rect: (f64, f64, f64, f64),
    /// The file as the scenario names it.
    pub name: String,
}

impl Backdrop {
    /// `image`, of `pixels` (width, height), laid with its top-left corner on the board's and
    /// its full width across `board_width` units: where a new background starts before the
    /// designer places it by two points.
    #[must_use]
    pub fn fitted(image: String, pixels: (u32, u32), board_width: f64) -> Self {
        let width = f64::from(pixels.0.max(2));
        Backdrop { image, points: [(0.0, 0.0), (width, 0.0)], distance: board_width.max(1.0), at: (0.0, 0.0) }
    }

    /// What is wrong with the numbers and the path, if anything (the file itself is read
    /// apart).
    ///
    /// # Errors
    /// The field and the reason.
    pub fn check(&self) -> Result<(), String> {
        check_relative(&self.image)?;
        let [(ax, ay), (bx, by)] = self.points;
        if ![ax, ay, bx, by, self.distance, self.at.0, self.at.1].iter().all(|v| v.is_finite()) {
            return Err("backdrop: its points, distance and place must be numbers".into());
        }
        if ax < 0.0 || ay < 0.0 || bx < 0.0 || by < 0.0 {
            return Err("backdrop.points: the points are pixels on the image, 0 or more".into());
        }
        if (ax - bx).hypot(ay - by) < 1.0 {
            return Err("backdrop.points: the two reference points are less than a pixel apart".into());
        }
        if self.distance <= 0.0 {
            return Err(format!("backdrop.distance: must be more than 0 (it is {})", self.distance));
        }
        Ok(())
    }

    /// Board units per image pixel.
    #[must_use]
    pub fn units_per_pixel(&self) -> f64 {
        let [(ax, ay), (bx, by)] = self.points;
        self.distance / (ax - bx).hypot(ay - by).max(1.0)
    }

    /// The rectangle an image of `width` x `height` pixels covers, in board units.
    #[must_use]
    pub fn rect(&self, width: u32, height: u32) -> (f64, f64, f64, f64) {
        let k = self.units_per_pixel();
        let [(ax, ay), _] = self.points;
        (self.at.0 - ax * k, self.at.1 - ay * k, f64::from(width) * k, f64::from(height) * k)
    }

    /// Reads the image beside the scenario in `folder`.
    ///
    /// # Errors
    /// What is wrong with the numbers, or with the file, naming it.
    pub fn load(&self, folder: &Path) -> Result<PlacedPicture, String> {
        self.check()?;
        let picture = read_picture(&folder.join(&self.image))?;
        let rect = self.rect(picture.width, picture.height);
        Ok(PlacedPicture { picture: Arc::new(picture), rect, name: self.image.clone() })
    }
}

/// Refuses a path that could leave the scenario's folder (or a bundle): absolute, a drive or
/// a `..` step.
///
/// # Errors
/// The path and why.
pub fn check_relative(path: &str) -> Result<(), String> {
    use std::path::Component;
    if path.trim().is_empty() {
        return Err("an image path is empty".into());
    }
    let parsed = Path::new(path);
    let leaves = parsed.components().any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
        || path.contains('\\') && path.split('\\').any(|part| part == "..")
        || path.contains(':');
    if leaves {
        return Err(format!(
            "the image path '{path}' leaves the scenario's folder; give it relative to the scenario, inside its folder (assets/board.png)"
        ));
    }
    Ok(())
}

impl PartialEq for PlacedPicture {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.rect == other.rect && Arc::ptr_eq(&self.picture, &other.picture)
    }
}

/// Checks a scenario file's `backdrop` as it is read, placing a refusal at the field.
///
/// # Errors
/// The field's place in `text` and what is wrong with it.
pub fn read_backdrop(text: &str, backdrop: Option<Backdrop>) -> Result<Option<Backdrop>, crate::files::FileError> {
    if let Some(b) = &backdrop {
        b.check().map_err(|why| crate::files::FileError::at_text(text, "backdrop", why))?;
    }
    Ok(backdrop)
}

/// The background image a print draws: read beside the scenario saved at `scenario_path`.
///
/// # Errors
/// Why it is left out: it cannot be read (naming the file), or the scenario is saved nowhere
/// yet, so its relative path has no folder to start from.
pub fn backdrop_for_print(
    backdrop: Option<&Backdrop>,
    scenario_path: Option<&Path>,
) -> Result<Option<PlacedPicture>, String> {
    let Some(backdrop) = backdrop else { return Ok(None) };
    let Some(path) = scenario_path else {
        return Err(format!(
            "the background image '{}' is found beside the scenario's file, and this scenario is not saved yet",
            backdrop.image
        ));
    };
    backdrop.load(path.parent().unwrap_or(Path::new("."))).map(Some)
}
