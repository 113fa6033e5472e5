//! The map view every game's canvas shares: where the board sits on screen (pan, zoom, fit,
//! centring), which square or point is under the pointer, which squares are visible, and the
//! coordinate rulers.

use crate::board::Pos;
use egui::{Color32, PointerButton, Pos2, Rect, Sense, Ui, pos2, vec2};

/// Width of the coordinate rulers along the top and left edges.
const RULER: f32 = 26.0;

/// Pan and zoom of the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Screen offset of the board's top-left corner from the canvas's top-left corner.
    pub offset: egui::Vec2,
    /// Screen points per board unit (a square, for a game on squares).
    pub zoom: f32,
    /// Fit the board on the next frame.
    pub fit: bool,
    /// The map's area when the board was last fitted.
    pub fit_area: Option<egui::Vec2>,
    /// The board is shown as it was last fitted: nobody has panned or zoomed since, so a
    /// change in the map's area (a panel opened, closed, switched or widened, the window
    /// resized) fits it again rather than cutting it off.
    pub fitted: bool,
}

/// Where the board sits on screen this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// Screen position of the board's top-left corner.
    pub origin: Pos2,
    /// Points per board unit (a square, for a game on squares).
    pub zoom: f32,
    /// The area the board is drawn in.
    pub area: Rect,
    /// The board's size in board units.
    pub extent: egui::Vec2,
}

/// The centre of a square, in board units.
#[must_use]
pub fn square_centre(pos: Pos) -> Pos2 {
    pos2(f32::from(pos.x) + 0.5, f32::from(pos.y) + 0.5)
}

impl Placement {
    /// The whole board's rectangle on screen.
    #[must_use]
    pub fn board_on_screen(&self) -> Rect {
        Rect::from_min_size(self.origin, self.extent * self.zoom)
    }

    /// The screen rectangle of a square.
    #[must_use]
    pub fn square_rect(&self, pos: Pos) -> Rect {
        Rect::from_min_size(
            self.origin + vec2(f32::from(pos.x), f32::from(pos.y)) * self.zoom,
            vec2(self.zoom, self.zoom),
        )
    }

    /// The screen point of a point in board units.
    #[must_use]
    pub fn to_screen(&self, x: f32, y: f32) -> Pos2 {
        self.origin + vec2(x, y) * self.zoom
    }

    /// The screen rectangle of a place in board units (its top-left corner and its side), as a
    /// desk's `place_board_rect` gives it.
    #[must_use]
    pub fn board_rect_on_screen(&self, ((x, y), size): ((f32, f32), f32)) -> Rect {
        Rect::from_min_size(self.to_screen(x, y), vec2(size, size) * self.zoom)
    }

    /// The square under the pointer of `response`, if in the map's area and on the board.
    #[must_use]
    pub fn hovered_square(&self, response: &egui::Response, width: u16, height: u16) -> Option<Pos> {
        response.hover_pos().filter(|p| self.area.contains(*p)).and_then(|p| self.square_at(p, width, height))
    }

    /// The square under a screen point, if on the board.
    #[must_use]
    pub fn square_at(&self, point: Pos2, width: u16, height: u16) -> Option<Pos> {
        let local = (point - self.origin) / self.zoom;
        if local.x < 0.0 || local.y < 0.0 {
            return None;
        }
        let (x, y) = (local.x.floor(), local.y.floor());
        (x < f32::from(width) && y < f32::from(height)).then(|| Pos::new(x as u16, y as u16))
    }
}

/// Allocates the map area and applies fit, centring (on `centre_on`, in board units), pan and
/// zoom for a board `extent` board units across and down; rulers take room when `rulers`.
pub fn place_view(
    view: &mut View,
    centre_on: &mut Option<Pos2>,
    rulers: bool,
    modal_open: bool,
    ui: &mut Ui,
    extent: egui::Vec2,
    label: &str,
) -> (egui::Response, egui::Painter, Placement) {
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let label = label.to_owned();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, label.clone()));
    let rect = response.rect;
    let ruler = if rulers { RULER } else { 0.0 };
    let area = Rect::from_min_max(rect.min + vec2(ruler, ruler), rect.max);
    let (w, h) = (extent.x.max(1.0), extent.y.max(1.0));
    if view.fitted && view.fit_area != Some(area.size()) {
        view.fit = true;
    }
    if view.fit {
        let zoom = ((area.width() - 16.0) / w).min((area.height() - 16.0) / h).clamp(2.0, 160.0);
        view.zoom = zoom;
        view.offset = vec2(ruler, ruler) + (area.size() - vec2(w, h) * zoom) / 2.0;
        // Panels settle their sizes over the first frames of a layout: keep fitting until the
        // map's area stops changing.
        if view.fit_area == Some(area.size()) {
            view.fit = false;
            view.fitted = true;
        } else {
            ui.ctx().request_repaint();
        }
        view.fit_area = Some(area.size());
    }
    let (offset, zoom) = (view.offset, view.zoom);
    if let Some(point) = centre_on.take() {
        let centre = point.to_vec2() * view.zoom;
        view.offset = area.center() - rect.min - centre;
    }
    pan_and_zoom(view, modal_open, ui, &response, rect);
    if (view.offset, view.zoom) != (offset, zoom) {
        // The person chose this view: it stays as they left it when panels change.
        view.fitted = false;
    }
    let place = Placement { origin: rect.min + view.offset, zoom: view.zoom, area, extent };
    (response, painter, place)
}

/// Middle button or Space-drag pans, the wheel or a pinch zooms about the cursor, arrow keys
/// pan by a square.
fn pan_and_zoom(view: &mut View, modal_open: bool, ui: &Ui, response: &egui::Response, rect: Rect) {
    let (space, middle, primary, delta, scroll, pinch, pointer) = ui.input(|i| {
        (
            i.key_down(egui::Key::Space),
            i.pointer.button_down(PointerButton::Middle),
            i.pointer.primary_down(),
            i.pointer.delta(),
            i.smooth_scroll_delta.y,
            i.zoom_delta(),
            i.pointer.hover_pos(),
        )
    });
    if response.hovered() && (middle || (space && primary)) {
        view.offset += delta;
    }
    if response.hovered() && (scroll != 0.0 || pinch != 1.0) {
        let factor = (scroll * 0.0015).exp() * pinch;
        let new_zoom = (view.zoom * factor).clamp(2.0, 160.0);
        if let Some(cursor) = pointer {
            // Keep the board point under the cursor where it is.
            let origin = rect.min + view.offset;
            let board_point = (cursor - origin) / view.zoom;
            view.offset = cursor - rect.min - board_point * new_zoom;
        }
        view.zoom = new_zoom;
    }
    if !ui.ctx().egui_wants_keyboard_input() && !modal_open {
        let step = view.zoom.max(8.0);
        ui.input(|i| {
            for (key, d) in [
                (egui::Key::ArrowLeft, vec2(step, 0.0)),
                (egui::Key::ArrowRight, vec2(-step, 0.0)),
                (egui::Key::ArrowUp, vec2(0.0, step)),
                (egui::Key::ArrowDown, vec2(0.0, -step)),
            ] {
                if i.key_pressed(key) {
                    view.offset += d;
                }
            }
        });
    }
}

/// The range of squares visible in the area.
pub fn visible(place: Placement, width: u16, height: u16) -> (u16, u16, u16, u16) {
    let first = (place.area.min - place.origin) / place.zoom;
    let last = (place.area.max - place.origin) / place.zoom;
    let clamp = |v: f32, max: u16| v.max(0.0).min(f32::from(max)) as u16;
    (
        clamp(first.x.floor(), width),
        clamp(first.y.floor(), height),
        clamp(last.x.ceil(), width),
        clamp(last.y.ceil(), height),
    )
}

/// Draws the column and row numbers along the top and left edges.
pub fn draw_rulers(painter: &egui::Painter, place: Placement, rect: Rect, width: u16, height: u16) {
    let top = Rect::from_min_max(rect.min, pos2(rect.max.x, rect.min.y + RULER));
    let left = Rect::from_min_max(rect.min, pos2(rect.min.x + RULER, rect.max.y));
    let ruler_color = Color32::from_rgb(44, 48, 56);
    painter.rect_filled(top, 0.0, ruler_color);
    painter.rect_filled(left, 0.0, ruler_color);
    let every = [1u16, 2, 5, 10, 20, 50].into_iter().find(|n| f32::from(*n) * place.zoom >= 26.0).unwrap_or(100);
    let font = egui::FontId::monospace(super::style::MIN_TEXT);
    let text = Color32::from_gray(190);
    let top_painter = painter.with_clip_rect(Rect::from_min_max(pos2(rect.min.x + RULER, rect.min.y), top.max));
    for x in (0..width).step_by(usize::from(every)) {
        let cx = place.origin.x + (f32::from(x) + 0.5) * place.zoom;
        top_painter.text(pos2(cx, top.center().y), egui::Align2::CENTER_CENTER, x.to_string(), font.clone(), text);
    }
    let left_painter = painter.with_clip_rect(Rect::from_min_max(pos2(rect.min.x, rect.min.y + RULER), left.max));
    for y in (0..height).step_by(usize::from(every)) {
        let cy = place.origin.y + (f32::from(y) + 0.5) * place.zoom;
        left_painter.text(pos2(left.center().x, cy), egui::Align2::CENTER_CENTER, y.to_string(), font.clone(), text);
    }
}

/// The status bar's common part: the findings count (or "Valid"), the zoom, and the message of
/// the moment (truncated to the room left).
pub fn status_summary(ui: &mut Ui, errors: usize, warnings: usize, zoom: f32, message: String) {
    use super::style;
    ui.separator();
    let (text, color) = if errors > 0 {
        (
            format!(
                "{}, {}",
                crate::game::counted(errors, "error", "errors"),
                crate::game::counted(warnings, "warning", "warnings")
            ),
            style::ERROR,
        )
    } else if warnings > 0 {
        (crate::game::counted(warnings, "warning", "warnings"), style::WARNING)
    } else {
        ("Valid".to_owned(), style::VALID)
    };
    ui.label(egui::RichText::new(text).color(color));
    ui.separator();
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        ui.label(format!("Zoom {:.0}%", zoom / 32.0 * 100.0));
        ui.separator();
        ui.add(egui::Label::new(message).truncate());
    });
}

/// Lines of text in dark boxes beside a point of the map, kept inside it (readable at 13 px
/// over any terrain).
pub fn text_boxes(painter: &egui::Painter, place: Placement, at: Pos2, lines: &[String]) {
    let galleys: Vec<_> = lines
        .iter()
        .map(|t| painter.layout_no_wrap(t.clone(), egui::FontId::proportional(13.0), Color32::WHITE))
        .collect();
    let widest = galleys.iter().map(|g| g.size().x).fold(0.0, f32::max);
    let x = (at.x + 14.0).min(place.area.max.x - widest - 12.0).max(place.area.min.x + 4.0);
    let mut y = (at.y + 14.0).min(place.area.max.y - 20.0 * galleys.len() as f32 - 4.0);
    for galley in galleys {
        let rect = egui::Rect::from_min_size(egui::pos2(x, y - 2.0), galley.size() + egui::vec2(8.0, 4.0));
        painter.rect_filled(rect, 3.0, Color32::from_black_alpha(210));
        painter.galley(egui::pos2(x + 4.0, y), galley, Color32::WHITE);
        y += 20.0;
    }
}
