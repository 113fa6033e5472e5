//! Drawing surfaces every game system prints on: the `Sketch` trait (rectangles, polygons,
//! lines, text, clips, in points from the top-left corner), its PDF surface (krilla) and its
//! raster surface (tiny-skia, encoded as a PNG that records its true size), and the page foot
//! with its calibration bars. A system draws its sheets once, through `Sketch`, and gets both.

use super::layout::{ExportOptions, FOOTER, PT_PER_MM};
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Transform};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

/// An RGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The grey of the same lightness (for ink-saving prints).
    #[must_use]
    pub fn grey(self) -> Self {
        let Rgb(r, g, b) = self;
        let y = (u32::from(r) * 299 + u32::from(g) * 587 + u32::from(b) * 114) / 1000;
        let y = u8::try_from(y).unwrap_or(u8::MAX);
        Rgb(y, y, y)
    }

    /// Mixed with white by `amount` (0 keeps the colour, 1 is white).
    #[must_use]
    pub fn lighter(self, amount: f32) -> Self {
        let mix = |c: u8| {
            let c = f32::from(c);
            (c + (255.0 - c) * amount.clamp(0.0, 1.0)).round().clamp(0.0, 255.0) as u8
        };
        Rgb(mix(self.0), mix(self.1), mix(self.2))
    }
}

/// The ink of text and marks.
pub const INK: Rgb = Rgb(20, 20, 20);

/// A surface to draw on, in points from the top-left corner.
pub trait Sketch {
    /// Fills a rectangle.
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb);
    /// Fills a polygon.
    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Rgb);
    /// Strokes a straight line.
    fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, color: Rgb);
    /// Writes text with its baseline starting at (x, y); `mono` picks the monospace font.
    fn text(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, mono: bool);
    /// Writes text turned by `quarter_turns` quarter turns clockwise about its start point
    /// (surfaces that cannot turn text write it unturned).
    fn text_turned(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, quarter_turns: u8) {
        let _ = quarter_turns;
        self.text(x, y, size, text, color, true);
    }
    /// Draws only inside a rectangle until [`Sketch::pop_clip`].
    fn push_clip(&mut self, x: f32, y: f32, w: f32, h: f32);
    /// Ends the last clip.
    fn pop_clip(&mut self);
    /// Draws an image filling the rectangle (x, y, w, h): a PDF embeds the file at its own
    /// pixels, the PNG resamples it, the window draws it from a texture made once.
    fn picture(&mut self, x: f32, y: f32, w: f32, h: f32, picture: &crate::art::Picture);
    /// Draws an image `size` wide and long centred on `centre` and turned `degrees` clockwise
    /// (a table piece's or a unit's art turned with it: the image's top is the piece's front).
    fn picture_turned(&mut self, centre: (f32, f32), size: (f32, f32), degrees: f32, picture: &crate::art::Picture);
    /// The designer's image for `kind` (for `side` and `face`, where a counter has them), if
    /// the scenario gives one and this surface draws art ([`ArtSketch`]); a game's drawing asks
    /// here where it draws a kind, and draws its own symbol where there is none.
    fn art(&self, kind: &str, side: Option<&str>, face: Option<&str>) -> Option<std::sync::Arc<crate::art::Picture>> {
        let _ = (kind, side, face);
        None
    }
}

/// A surface that draws the designer's art: every call goes to the surface it wraps, and
/// [`Sketch::art`] answers from the scenario's loaded art, so a game's one drawing serves the
/// print, the PNG and the window alike.
pub struct ArtSketch<'a> {
    inner: &'a mut dyn Sketch,
    art: &'a crate::art::LoadedArt,
    /// Each of the art's files drawn, with the lowest dots per inch it was drawn at (a print
    /// notes those below [`super::SHARP_DPI`] on the page).
    drawn: Vec<(String, f64)>,
}

impl<'a> ArtSketch<'a> {
    /// `inner`, drawing `art` where a game asks for it.
    pub fn new(inner: &'a mut dyn Sketch, art: &'a crate::art::LoadedArt) -> Self {
        Self { inner, art, drawn: Vec::new() }
    }

    /// The surface it draws on.
    pub fn inner(&mut self) -> &mut dyn Sketch {
        self.inner
    }

    /// Each of the art's files drawn so far, with the lowest dots per inch it was drawn at,
    /// by name, in the order first drawn.
    #[must_use]
    pub fn drawn(&self) -> &[(String, f64)] {
        &self.drawn
    }

    /// Those of [`ArtSketch::drawn`] below [`super::SHARP_DPI`].
    #[must_use]
    pub fn soft(&self) -> Vec<(String, f64)> {
        self.drawn.iter().filter(|(_, dpi)| *dpi < super::SHARP_DPI).cloned().collect()
    }

    /// Notes `picture` drawn `width` points wide (a point is 1/72 inch).
    fn note(&mut self, picture: &crate::art::Picture, width: f32) {
        let Some(name) = self.art.name_of(picture) else { return };
        let dpi = f64::from(picture.width) / (f64::from(width.abs().max(0.01)) / 72.0);
        match self.drawn.iter_mut().find(|(n, _)| n == name) {
            Some((_, low)) => *low = low.min(dpi),
            None => self.drawn.push((name.to_owned(), dpi)),
        }
    }
}

impl Sketch for ArtSketch<'_> {
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb) {
        self.inner.fill_rect(x, y, w, h, color);
    }

    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Rgb) {
        self.inner.fill_polygon(points, color);
    }

    fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, color: Rgb) {
        self.inner.line(a, b, width, color);
    }

    fn text(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, mono: bool) {
        self.inner.text(x, y, size, text, color, mono);
    }

    fn text_turned(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, quarter_turns: u8) {
        self.inner.text_turned(x, y, size, text, color, quarter_turns);
    }

    fn push_clip(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.inner.push_clip(x, y, w, h);
    }

    fn pop_clip(&mut self) {
        self.inner.pop_clip();
    }

    fn picture(&mut self, x: f32, y: f32, w: f32, h: f32, picture: &crate::art::Picture) {
        self.note(picture, w);
        self.inner.picture(x, y, w, h, picture);
    }

    fn picture_turned(&mut self, centre: (f32, f32), size: (f32, f32), degrees: f32, picture: &crate::art::Picture) {
        self.note(picture, size.0);
        self.inner.picture_turned(centre, size, degrees, picture);
    }

    fn art(&self, kind: &str, side: Option<&str>, face: Option<&str>) -> Option<std::sync::Arc<crate::art::Picture>> {
        self.art.kind(kind, side, face)
    }
}

/// A sketch on one page of a PDF.
pub struct PdfSketch<'a, 'b> {
    surface: &'a mut Surface<'b>,
    font: Font,
    mono: Font,
}

fn paint(color: Rgb) -> krilla::paint::Paint {
    rgb::Color::new(color.0, color.1, color.2).into()
}

impl Sketch for PdfSketch<'_, '_> {
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb) {
        let Some(rect) = Rect::from_xywh(x, y, w.max(0.01), h.max(0.01)) else { return };
        let mut builder = PathBuilder::new();
        builder.push_rect(rect);
        let Some(path) = builder.finish() else { return };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill { paint: paint(color), opacity: NormalizedF32::ONE, rule: FillRule::NonZero }));
        self.surface.draw_path(&path);
    }

    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Rgb) {
        let mut builder = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 { builder.move_to(x, y) } else { builder.line_to(x, y) }
        }
        builder.close();
        let Some(path) = builder.finish() else { return };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill { paint: paint(color), opacity: NormalizedF32::ONE, rule: FillRule::NonZero }));
        self.surface.draw_path(&path);
    }

    fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, color: Rgb) {
        let mut builder = PathBuilder::new();
        builder.move_to(a.0, a.1);
        builder.line_to(b.0, b.1);
        let Some(path) = builder.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke { paint: paint(color), width, ..Stroke::default() }));
        self.surface.draw_path(&path);
    }

    fn text(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, mono: bool) {
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill { paint: paint(color), opacity: NormalizedF32::ONE, rule: FillRule::NonZero }));
        let font = if mono { self.mono.clone() } else { self.font.clone() };
        self.surface.draw_text(Point::from_xy(x, y), font, size, text, false, TextDirection::Auto);
    }

    fn text_turned(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, quarter_turns: u8) {
        // y grows downward on the page, so a positive angle turns clockwise.
        let (sin, cos) = (f32::from(quarter_turns % 4) * std::f32::consts::FRAC_PI_2).sin_cos();
        self.surface.push_transform(&Transform::from_row(cos, sin, -sin, cos, x, y));
        self.text(0.0, 0.0, size, text, color, true);
        self.surface.pop();
    }

    fn push_clip(&mut self, x: f32, y: f32, w: f32, h: f32) {
        let Some(rect) = Rect::from_xywh(x, y, w.max(0.01), h.max(0.01)) else { return };
        let mut builder = PathBuilder::new();
        builder.push_rect(rect);
        if let Some(path) = builder.finish() {
            self.surface.push_clip_path(&path, &FillRule::NonZero);
        }
    }

    fn pop_clip(&mut self) {
        self.surface.pop();
    }

    fn picture(&mut self, x: f32, y: f32, w: f32, h: f32, picture: &crate::art::Picture) {
        // The file itself goes in (a JPEG as JPEG), at its own pixels; it was decoded within
        // the studio's limits already, so its header's size is known to be sane.
        let data = krilla::Data::from(std::sync::Arc::clone(&picture.encoded));
        let image = match picture.format {
            crate::art::PictureFormat::Png => krilla::image::Image::from_png(data, true),
            crate::art::PictureFormat::Jpeg => krilla::image::Image::from_jpeg(data, true),
        }
        .unwrap_or_else(|_| krilla::image::Image::from_rgba8(picture.rgba.to_vec(), picture.width, picture.height));
        let Some(size) = krilla::geom::Size::from_wh(w.max(0.01), h.max(0.01)) else { return };
        self.surface.push_transform(&Transform::from_translate(x, y));
        self.surface.draw_image(image, size);
        self.surface.pop();
    }

    fn picture_turned(&mut self, centre: (f32, f32), size: (f32, f32), degrees: f32, picture: &crate::art::Picture) {
        self.surface.push_transform(&Transform::from_translate(centre.0, centre.1));
        self.surface.push_transform(&Transform::from_rotate(degrees));
        self.picture(-size.0 / 2.0, -size.1 / 2.0, size.0, size.1, picture);
        self.surface.pop();
        self.surface.pop();
    }
}

/// The fonts embedded in every PDF (subset to the glyphs used): the same open-licence fonts
/// the window uses.
///
/// # Errors
/// When a built-in font cannot be read.
pub fn pdf_fonts() -> Result<(Font, Font), String> {
    let font = Font::new(epaint_default_fonts::UBUNTU_LIGHT.into(), 0).ok_or("the built-in font cannot be read")?;
    let mono =
        Font::new(epaint_default_fonts::HACK_REGULAR.into(), 0).ok_or("the built-in monospace font cannot be read")?;
    Ok((font, mono))
}

impl<'a, 'b> PdfSketch<'a, 'b> {
    /// A sketch on one PDF page's surface, writing with `font` and `mono`.
    pub fn new(surface: &'a mut Surface<'b>, font: Font, mono: Font) -> Self {
        Self { surface, font, mono }
    }
}

/// The page label and the calibration bars at the foot of every page.
pub fn footer(sk: &mut dyn Sketch, options: &ExportOptions, label: &str) {
    let (pw, ph) = options.page_size();
    let m = options.margin;
    let y = ph - m - FOOTER + 14.0;
    sk.text(m, y, 9.0, label, INK, false);
    if options.not_valid {
        sk.text(pw / 2.0 - 60.0, y, 9.0, "NOT VALID: the scenario has errors", Rgb(200, 0, 0), false);
    }
    // "This bar measures 5 cm" and "2 in": print at actual size and check with a ruler.
    let cm5 = 50.0 * PT_PER_MM;
    let in2 = 144.0;
    let bar_y = y + 10.0;
    sk.fill_rect(m, bar_y, cm5, 3.0, INK);
    for i in 0..=5 {
        let x = m + i as f32 * 10.0 * PT_PER_MM;
        sk.line((x, bar_y - 3.0), (x, bar_y + 6.0), 0.6, INK);
    }
    sk.text(m, bar_y + 14.0, 7.0, "This bar measures 5 cm. Print at actual size (100%).", INK, false);
    let x2 = pw - m - in2;
    sk.fill_rect(x2, bar_y, in2, 3.0, INK);
    for i in 0..=2 {
        let x = x2 + i as f32 * 72.0;
        sk.line((x, bar_y - 3.0), (x, bar_y + 6.0), 0.6, INK);
    }
    sk.text(x2, bar_y + 14.0, 7.0, "This bar measures 2 in.", INK, false);
}

/// Breaks `text` into lines of at most `width` characters, at spaces (a word longer than a
/// line keeps a line of its own).
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        if !current.is_empty() && current.len() + word.len() + 1 > width {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Writes a PDF of `pages` pages of the chosen paper: `draw` draws page number `index` (from
/// 0), then each page gets its foot ("`name` - page i of n" and the calibration bars), and
/// `progress` hears (pages done, pages in all).
///
/// # Errors
/// When the fonts cannot be read, the paper size is invalid or the PDF cannot be written.
pub fn write_pdf(
    options: &ExportOptions,
    name: &str,
    pages: usize,
    progress: &mut dyn FnMut(usize, usize),
    draw: &mut dyn FnMut(&mut dyn Sketch, usize),
) -> Result<Written, String> {
    let (font, mono) = pdf_fonts()?;
    let (pw, ph) = options.page_size();
    let mut document = Document::new();
    document.set_metadata(
        krilla::metadata::Metadata::new()
            .title(name.to_owned())
            .creator("Skirmish Studio".to_owned())
            .producer("Skirmish Studio".to_owned()),
    );
    let mut page_text = Vec::with_capacity(pages);
    let mut outside_margins = Vec::new();
    for index in 0..pages {
        let settings = PageSettings::from_wh(pw, ph).ok_or_else(|| "the paper size is invalid".to_owned())?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        let mut text = String::new();
        {
            let mut pdf = PdfSketch::new(&mut surface, font.clone(), mono.clone());
            let m = options.margin;
            let mut sk = Recording {
                inner: &mut pdf,
                text: &mut text,
                printable: (m, m, pw - m, ph - m),
                clips: Vec::new(),
                outside: &mut outside_margins,
                page: index + 1,
            };
            draw(&mut sk, index);
            footer(&mut sk, options, &format!("{name} - page {} of {pages}", index + 1));
        }
        page_text.push(text);
        surface.finish();
        page.finish();
        progress(index + 1, pages);
    }
    let bytes = document.finish().map_err(|e| format!("the PDF could not be written: {e:?}"))?;
    Ok(Written { bytes, page_text, outside_margins })
}

/// A PDF written, with the words on each page (what a reader would find on it, in the order
/// drawn), for checks and tests that read the print as a person would.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    /// The file.
    pub bytes: Vec<u8>,
    /// Per page, its text, a line per piece of text drawn.
    pub page_text: Vec<String>,
    /// Each piece of text whose visible part reaches past the page's margins, with its page
    /// and place (none in a good print).
    pub outside_margins: Vec<String>,
}

/// A sketch that passes everything on and keeps the text drawn.
struct Recording<'a> {
    inner: &'a mut dyn Sketch,
    text: &'a mut String,
    /// The printable area inside the margins: left, top, right, bottom.
    printable: (f32, f32, f32, f32),
    /// The clips in force, as left, top, right, bottom.
    clips: Vec<(f32, f32, f32, f32)>,
    /// Where text reaching past the margins is told.
    outside: &'a mut Vec<String>,
    /// The page's number, from 1.
    page: usize,
}

impl Recording<'_> {
    /// Notes `text` when the part of its ink a clip leaves visible reaches past the margins (by
    /// more than half a point, for rounding).
    fn check_margins(&mut self, (x0, y0, x1, y1): (f32, f32, f32, f32), text: &str) {
        let (mut x0, mut y0, mut x1, mut y1) = (x0, y0, x1, y1);
        for &(cx0, cy0, cx1, cy1) in &self.clips {
            (x0, y0, x1, y1) = (x0.max(cx0), y0.max(cy0), x1.min(cx1), y1.min(cy1));
        }
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let (left, top, right, bottom) = self.printable;
        let slack = 0.5;
        if x0 < left - slack || y0 < top - slack || x1 > right + slack || y1 > bottom + slack {
            self.outside.push(format!(
                "page {}: \"{text}\" spans ({x0:.1}, {y0:.1}) to ({x1:.1}, {y1:.1}) pt; the margins leave ({left:.1}, {top:.1}) to ({right:.1}, {bottom:.1})",
                self.page
            ));
        }
    }
}

impl Sketch for Recording<'_> {
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb) {
        self.inner.fill_rect(x, y, w, h, color);
    }

    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Rgb) {
        self.inner.fill_polygon(points, color);
    }

    fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, color: Rgb) {
        self.inner.line(a, b, width, color);
    }

    fn text(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, mono: bool) {
        self.text.push_str(text);
        self.text.push('\n');
        if let Some((left, top, right, bottom)) = super::raster::text_ink(size, text, mono) {
            self.check_margins((x + left, y + top, x + right, y + bottom), text);
        }
        self.inner.text(x, y, size, text, color, mono);
    }

    fn text_turned(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, quarter_turns: u8) {
        self.text.push_str(text);
        self.text.push('\n');
        self.inner.text_turned(x, y, size, text, color, quarter_turns);
    }

    fn push_clip(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.clips.push((x, y, x + w, y + h));
        self.inner.push_clip(x, y, w, h);
    }

    fn picture(&mut self, x: f32, y: f32, w: f32, h: f32, picture: &crate::art::Picture) {
        self.inner.picture(x, y, w, h, picture);
    }

    fn picture_turned(&mut self, centre: (f32, f32), size: (f32, f32), degrees: f32, picture: &crate::art::Picture) {
        self.inner.picture_turned(centre, size, degrees, picture);
    }

    fn pop_clip(&mut self) {
        self.clips.pop();
        self.inner.pop_clip();
    }
}
