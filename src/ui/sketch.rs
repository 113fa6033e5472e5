//! The print surfaces' drawing interface on the screen: a [`Sketch`] that paints with egui, so
//! a game system's own print drawing (its walls, doors, heights) shows in the window exactly
//! as it prints, and the canvas does not keep a second copy of it.

use super::style::MIN_TEXT;
use crate::export::{Rgb, Sketch};
use egui::{Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, pos2};

/// How much bolder heavy lines are on screen than on paper.
const SCREEN_BOLD: f32 = 1.6;

/// Paints sketch calls on an egui painter; coordinates are screen points.
pub struct PainterSketch<'a> {
    painter: &'a Painter,
    clips: Vec<Rect>,
}

impl<'a> PainterSketch<'a> {
    /// A sketch over `painter`, clipped as the painter is.
    #[must_use]
    pub fn new(painter: &'a Painter) -> Self {
        Self { painter, clips: vec![painter.clip_rect()] }
    }

    fn clip(&self) -> Rect {
        self.clips.last().copied().unwrap_or(Rect::EVERYTHING)
    }

    fn add(&self, shape: Shape) {
        self.painter.with_clip_rect(self.clip()).add(shape);
    }
}

fn colour(c: Rgb) -> Color32 {
    Color32::from_rgb(c.0, c.1, c.2)
}

impl Sketch for PainterSketch<'_> {
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb) {
        let rect = Rect::from_min_size(pos2(x, y), egui::vec2(w, h));
        if rect.intersects(self.clip()) {
            self.add(Shape::rect_filled(rect, 0.0, colour(color)));
        }
    }

    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Rgb) {
        let points: Vec<Pos2> = points.iter().map(|&(x, y)| pos2(x, y)).collect();
        self.add(Shape::convex_polygon(points, colour(color), Stroke::NONE));
    }

    fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, color: Rgb) {
        // Paper is read at arm's length and a screen up close: heavy lines (walls, doors,
        // contours) are drawn bolder on screen, so they read at a glance; hairlines stay.
        let width = if width > 1.0 { width * SCREEN_BOLD } else { width };
        self.add(Shape::line_segment([pos2(a.0, a.1), pos2(b.0, b.1)], Stroke::new(width, colour(color))));
    }

    fn text(&mut self, x: f32, y: f32, size: f32, text: &str, color: Rgb, mono: bool) {
        // A sketch places text by its baseline; egui by its box: the bottom is near enough at
        // screen sizes.
        // Text on screen is never under the window's least size: what a zoomed-out map would
        // draw much smaller is left out (the inspector and tooltips say it), the rest is raised.
        if size < MIN_TEXT * 0.7 {
            return;
        }
        let size = size.max(MIN_TEXT);
        let font = if mono { FontId::monospace(size) } else { FontId::proportional(size) };
        self.painter.with_clip_rect(self.clip()).text(
            pos2(x, y + size * 0.2),
            egui::Align2::LEFT_BOTTOM,
            text,
            font,
            colour(color),
        );
    }

    fn push_clip(&mut self, x: f32, y: f32, w: f32, h: f32) {
        let rect = Rect::from_min_size(pos2(x, y), egui::vec2(w, h)).intersect(self.clip());
        self.clips.push(rect);
    }

    fn pop_clip(&mut self) {
        if self.clips.len() > 1 {
            self.clips.pop();
        }
    }

    fn picture(&mut self, x: f32, y: f32, w: f32, h: f32, picture: &crate::art::Picture) {
        let rect = Rect::from_min_size(pos2(x, y), egui::vec2(w, h));
        if !rect.intersects(self.clip()) {
            return;
        }
        let texture = picture_texture(self.painter.ctx(), picture);
        let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
        self.painter.with_clip_rect(self.clip()).image(texture.id(), rect, uv, Color32::WHITE);
    }

    fn picture_turned(&mut self, centre: (f32, f32), size: (f32, f32), degrees: f32, picture: &crate::art::Picture) {
        let reach = size.0.hypot(size.1) / 2.0;
        let bounds = Rect::from_center_size(pos2(centre.0, centre.1), egui::vec2(reach * 2.0, reach * 2.0));
        if !bounds.intersects(self.clip()) {
            return;
        }
        let texture = picture_texture(self.painter.ctx(), picture);
        let (sin, cos) = degrees.to_radians().sin_cos();
        // The image's corners about its centre, turned clockwise on a y-down screen.
        let corner = |dx: f32, dy: f32| pos2(centre.0 + dx * cos - dy * sin, centre.1 + dx * sin + dy * cos);
        let (hw, hh) = (size.0 / 2.0, size.1 / 2.0);
        let mut mesh = egui::Mesh::with_texture(texture.id());
        for (p, uv) in [
            (corner(-hw, -hh), pos2(0.0, 0.0)),
            (corner(hw, -hh), pos2(1.0, 0.0)),
            (corner(hw, hh), pos2(1.0, 1.0)),
            (corner(-hw, hh), pos2(0.0, 1.0)),
        ] {
            mesh.vertices.push(egui::epaint::Vertex { pos: p, uv, color: Color32::WHITE });
        }
        mesh.add_triangle(0, 1, 2);
        mesh.add_triangle(0, 2, 3);
        self.add(Shape::mesh(mesh));
    }
}

/// The texture of a decoded picture, made on first use and kept in the context's memory by
/// the picture's pixel buffer, so a frame never uploads an image it already showed.
pub fn picture_texture(ctx: &egui::Context, picture: &crate::art::Picture) -> egui::TextureHandle {
    let key = egui::Id::unique(("picture-texture", std::sync::Arc::as_ptr(&picture.rgba) as usize));
    if let Some(texture) = ctx.data(|d| d.get_temp::<egui::TextureHandle>(key)) {
        return texture;
    }
    let size = [picture.width as usize, picture.height as usize];
    let image = egui::ColorImage::from_rgba_unmultiplied(size, &picture.rgba);
    let texture = ctx.load_texture(format!("picture {key:?}"), image, egui::TextureOptions::LINEAR);
    ctx.data_mut(|d| d.insert_temp(key, texture.clone()));
    texture
}

/// The background image of the scenario saved at `path`, decoded once and kept in the
/// context's memory by the file and its placement (a frame never decodes): `Ok(None)` when
/// there is none, and why when it cannot be read.
pub fn read_backdrop(
    ctx: &egui::Context,
    path: Option<&std::path::Path>,
    backdrop: Option<&crate::art::Backdrop>,
) -> Result<Option<crate::art::PlacedPicture>, String> {
    let Some(backdrop) = backdrop else { return Ok(None) };
    let key = egui::Id::unique(("backdrop", path, format!("{backdrop:?}")));
    type Cached = std::sync::Arc<Result<Option<crate::art::PlacedPicture>, String>>;
    if let Some(cached) = ctx.data(|d| d.get_temp::<Cached>(key)) {
        return (*cached).clone();
    }
    let placed = crate::art::backdrop_for_print(Some(backdrop), path);
    ctx.data_mut(|d| d.insert_temp::<Cached>(key, std::sync::Arc::new(placed.clone())));
    placed
}

/// The background image to draw, as [`read_backdrop`]; `None` when there is none or it cannot
/// be read (the findings say why).
pub fn backdrop_picture(
    ctx: &egui::Context,
    path: Option<&std::path::Path>,
    backdrop: Option<&crate::art::Backdrop>,
) -> Option<crate::art::PlacedPicture> {
    read_backdrop(ctx, path, backdrop).ok().flatten()
}

/// The designer's art of the scenario saved at `path`, decoded once and kept in the context's
/// memory by the file and the art it names (a frame never decodes); what cannot be read is
/// left out (the validator says why).
pub fn scenario_art(
    ctx: &egui::Context,
    path: Option<&std::path::Path>,
    art: &crate::art::ArtBook,
) -> std::sync::Arc<crate::art::LoadedArt> {
    type Cached = std::sync::Arc<crate::art::LoadedArt>;
    if art.is_empty() {
        return Cached::default();
    }
    let key = egui::Id::unique(("scenario-art", path, format!("{art:?}")));
    if let Some(cached) = ctx.data(|d| d.get_temp::<Cached>(key)) {
        return cached;
    }
    let loaded: Cached = std::sync::Arc::new(crate::art::art_for_print(art, path));
    ctx.data_mut(|d| d.insert_temp::<Cached>(key, std::sync::Arc::clone(&loaded)));
    loaded
}

/// Draws the background image of the scenario saved at `path` under a board whose top-left
/// corner is at `origin` on screen, at `points_per_unit` screen points per board unit (a
/// square, an inch, a centimetre); whether there was one to draw.
pub fn draw_backdrop(
    sketch: &mut PainterSketch<'_>,
    (path, backdrop): (Option<&std::path::Path>, Option<&crate::art::Backdrop>),
    origin: (f32, f32),
    points_per_unit: f32,
) -> bool {
    let Some(placed) = backdrop_picture(sketch.painter.ctx(), path, backdrop) else { return false };
    let (x, y, w, h) = placed.rect;
    let k = f64::from(points_per_unit);
    sketch.picture(
        origin.0 + (x * k) as f32,
        origin.1 + (y * k) as f32,
        (w * k) as f32,
        (h * k) as f32,
        &placed.picture,
    );
    true
}
