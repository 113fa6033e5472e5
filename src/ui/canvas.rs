//! The map canvas: draws the board with its properties, units, grid, rulers, findings and
//! overlays, and turns pointer and keyboard input into pan, zoom and tool gestures.

use super::app::StudioApp;
use super::theme;
use crate::systems::swat::rules::Pos;
use crate::systems::swat::scenario::{Severity, SquareMap};
use egui::{Color32, Mesh, PointerButton, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, pos2, vec2};

/// Width of the coordinate rulers along the top and left edges.
const RULER: f32 = 20.0;

/// Where the board sits on screen this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// Screen position of the board's top-left corner.
    pub origin: Pos2,
    /// Points per square.
    pub zoom: f32,
    /// The area the board is drawn in.
    pub area: Rect,
}

impl Placement {
    /// The screen rectangle of a square.
    #[must_use]
    pub fn square_rect(&self, pos: Pos) -> Rect {
        Rect::from_min_size(
            self.origin + vec2(f32::from(pos.x), f32::from(pos.y)) * self.zoom,
            vec2(self.zoom, self.zoom),
        )
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

/// Allocates the map area, applies fit, centring, pan and zoom, and finds the hovered square.
pub fn prepare_view(
    app: &mut StudioApp,
    ui: &mut Ui,
    width: u16,
    height: u16,
    label: &str,
) -> (egui::Response, egui::Painter, Placement) {
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let label = label.to_owned();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, label.clone()));
    let rect = response.rect;
    let ruler = if app.prefs.show_grid { RULER } else { 0.0 };
    let area = Rect::from_min_max(rect.min + vec2(ruler, ruler), rect.max);
    let (w, h) = (width.max(1), height.max(1));
    if app.view.fit {
        let zoom = ((area.width() - 16.0) / f32::from(w)).min((area.height() - 16.0) / f32::from(h)).clamp(2.0, 160.0);
        app.view.zoom = zoom;
        app.view.offset = vec2(ruler, ruler) + (area.size() - vec2(f32::from(w), f32::from(h)) * zoom) / 2.0;
        // Panels settle their sizes over the first frames of a layout: keep fitting until the
        // map's area stops changing.
        if app.view.fit_area == Some(area.size()) {
            app.view.fit = false;
        } else {
            ui.ctx().request_repaint();
        }
        app.view.fit_area = Some(area.size());
    }
    if let Some(pos) = app.centre_on.take() {
        let centre = (vec2(f32::from(pos.x), f32::from(pos.y)) + vec2(0.5, 0.5)) * app.view.zoom;
        app.view.offset = area.center() - rect.min - centre;
    }
    pan_and_zoom(app, ui, &response, rect);
    let place = Placement { origin: rect.min + app.view.offset, zoom: app.view.zoom, area };
    app.placement = Some(place);
    let pointer = response.hover_pos();
    app.hover = pointer.filter(|p| area.contains(*p)).and_then(|p| place.square_at(p, w, h));
    (response, painter, place)
}

/// Draws the canvas and handles its input.
pub fn canvas(app: &mut StudioApp, ui: &mut Ui) {
    let (w, h) = (app.editor.doc.scenario.board.width, app.editor.doc.scenario.board.height);
    let (response, painter, place) = prepare_view(app, ui, w, h, "Map");
    tool_input(app, ui, &response);
    let board_painter = painter.with_clip_rect(place.area);
    draw_board(app, &board_painter, place);
    draw_overlays(app, &board_painter, place);
    if app.prefs.show_grid {
        draw_rulers(&painter, place, response.rect, w, h);
    }
}

fn pan_and_zoom(app: &mut StudioApp, ui: &Ui, response: &egui::Response, rect: Rect) {
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
        app.view.offset += delta;
    }
    if response.hovered() && (scroll != 0.0 || pinch != 1.0) {
        let factor = (scroll * 0.0015).exp() * pinch;
        let new_zoom = (app.view.zoom * factor).clamp(2.0, 160.0);
        if let Some(cursor) = pointer {
            // Keep the board point under the cursor where it is.
            let origin = rect.min + app.view.offset;
            let board_point = (cursor - origin) / app.view.zoom;
            app.view.offset = cursor - rect.min - board_point * new_zoom;
        }
        app.view.zoom = new_zoom;
    }
    if !ui.ctx().egui_wants_keyboard_input() && app.modal.is_none() {
        let step = app.view.zoom.max(8.0);
        ui.input(|i| {
            for (key, d) in [
                (egui::Key::ArrowLeft, vec2(step, 0.0)),
                (egui::Key::ArrowRight, vec2(-step, 0.0)),
                (egui::Key::ArrowUp, vec2(0.0, step)),
                (egui::Key::ArrowDown, vec2(0.0, -step)),
            ] {
                if i.key_pressed(key) {
                    app.view.offset += d;
                }
            }
        });
    }
}

/// Hands the pointer to the editor in squares: press, drag and release of the primary button
/// to the tool, a right click to the eyedropper. Space or the middle button pans instead.
fn tool_input(app: &mut StudioApp, ui: &Ui, response: &egui::Response) {
    let (pressed, down, released, secondary, space, middle) = ui.input(|i| {
        (
            i.pointer.primary_pressed(),
            i.pointer.primary_down(),
            i.pointer.primary_released(),
            i.pointer.secondary_pressed(),
            i.key_down(egui::Key::Space),
            i.pointer.button_down(PointerButton::Middle),
        )
    });
    if space || middle {
        return;
    }
    let editor = &mut app.editor;
    let Some(pos) = app.hover else {
        if released {
            editor.release(None);
        }
        return;
    };
    if secondary && response.hovered() {
        editor.pick(pos);
        return;
    }
    if pressed && response.hovered() {
        editor.press(pos);
    } else if down && editor.drag.is_some() {
        editor.drag_to(pos);
    }
    if released {
        editor.release(Some(pos));
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

/// What the ground layer needs: the board's terrain and each property's owner colour.
pub struct Ground<'a> {
    /// The ruleset.
    pub rules: &'a crate::systems::swat::rules::Ruleset,
    /// Squares across.
    pub width: u16,
    /// Squares down.
    pub height: u16,
    /// Squares per tile side, for the tile boundaries.
    pub tile_size: u8,
    /// Terrain row by row.
    pub terrain: &'a [crate::systems::swat::rules::TerrainId],
    /// The owner's colour of the property on a square, if owned.
    pub owner_color: &'a dyn Fn(Pos) -> Option<Color32>,
}

impl Ground<'_> {
    fn terrain_at(&self, pos: Pos) -> Option<&crate::systems::swat::rules::Terrain> {
        let index = usize::from(pos.y) * usize::from(self.width) + usize::from(pos.x);
        self.terrain.get(index).and_then(|t| self.rules.terrains.get(t.index()))
    }

    /// Where a road or river on `pos` continues: to roads, bridges and buildings for a road;
    /// to rivers, bridges and water for a river.
    fn links(&self, pos: Pos) -> theme::Links {
        let name = |p: Pos| self.terrain_at(p).map_or("", |t| t.id.as_str());
        let here = name(pos);
        let joins = |other: &str| match here {
            "road" => matches!(other, "road" | "bridge" | "city" | "factory" | "hq"),
            "river" => matches!(other, "river" | "bridge" | "water"),
            _ => false,
        };
        let mut out = [false; 4];
        let steps: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
        for (slot, (dx, dy)) in out.iter_mut().zip(steps) {
            let (x, y) = (i32::from(pos.x) + dx, i32::from(pos.y) + dy);
            if let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y))
                && x < self.width
                && y < self.height
            {
                *slot = joins(name(Pos::new(x, y)));
            }
        }
        out
    }
}

/// Draws terrain, properties, grid and tile boundaries of the visible squares.
pub fn draw_ground(painter: &egui::Painter, place: Placement, ground: &Ground, show_grid: bool) {
    let (x0, y0, x1, y1) = visible(place, ground.width, ground.height);
    // Base colours as one mesh: cheap even for a whole 200 x 200 board.
    let mut mesh = Mesh::default();
    for y in y0..y1 {
        for x in x0..x1 {
            let pos = Pos::new(x, y);
            let color = ground.terrain_at(pos).map_or(Color32::GRAY, theme::terrain_color);
            mesh.add_colored_rect(place.square_rect(pos), color);
        }
    }
    painter.add(egui::Shape::mesh(mesh));
    let detailed = place.zoom >= 7.0;
    for y in y0..y1 {
        for x in x0..x1 {
            let pos = Pos::new(x, y);
            let rect = place.square_rect(pos);
            let Some(terrain) = ground.terrain_at(pos) else { continue };
            if detailed && terrain.property.is_none() {
                theme::draw_terrain(painter, rect, terrain, ground.links(pos));
            }
            if let Some(kind) = terrain.property {
                let owner = (ground.owner_color)(pos);
                if detailed {
                    theme::draw_property(painter, rect, kind, owner);
                } else {
                    painter.rect_filled(rect.shrink(place.zoom * 0.15), 0.0, owner.unwrap_or(theme::NEUTRAL));
                }
            }
        }
    }
    if !show_grid {
        return;
    }
    if place.zoom >= 6.0 {
        let grid = Stroke::new(1.0, theme::GRID);
        let (top, bottom) = (place.origin.y + f32::from(y0) * place.zoom, place.origin.y + f32::from(y1) * place.zoom);
        let (left, right) = (place.origin.x + f32::from(x0) * place.zoom, place.origin.x + f32::from(x1) * place.zoom);
        for x in x0..=x1 {
            painter.vline(place.origin.x + f32::from(x) * place.zoom, top..=bottom, grid);
        }
        for y in y0..=y1 {
            painter.hline(left..=right, place.origin.y + f32::from(y) * place.zoom, grid);
        }
    }
    // A tile of one square means the board is not built of tiles: no tile lines.
    if ground.tile_size <= 1 {
        return;
    }
    let tile = u16::from(ground.tile_size);
    let stroke = Stroke::new(2.0, theme::TILE_LINE);
    let (bw, bh) = (f32::from(ground.width) * place.zoom, f32::from(ground.height) * place.zoom);
    for x in (0..=ground.width).step_by(usize::from(tile)) {
        painter.vline(place.origin.x + f32::from(x) * place.zoom, place.origin.y..=place.origin.y + bh, stroke);
    }
    for y in (0..=ground.height).step_by(usize::from(tile)) {
        painter.hline(place.origin.x..=place.origin.x + bw, place.origin.y + f32::from(y) * place.zoom, stroke);
    }
}

fn draw_board(app: &StudioApp, painter: &egui::Painter, place: Placement) {
    let s = &app.editor.doc.scenario;
    let rules = &app.editor.rules;
    let (x0, y0, x1, y1) = visible(place, s.board.width, s.board.height);
    let owner_color =
        |pos: Pos| s.owners.get(&pos).and_then(|&o| s.players.get(usize::from(o))).map(|p| theme::army_color(p.army));
    let ground = Ground {
        rules,
        width: s.board.width,
        height: s.board.height,
        tile_size: s.tile_size,
        terrain: &s.board.terrain,
        owner_color: &owner_color,
    };
    draw_ground(painter, place, &ground, app.prefs.show_grid);
    let max_hp = rules.economy.max_hp;
    for unit in &s.units {
        if unit.pos.x < x0 || unit.pos.x >= x1 || unit.pos.y < y0 || unit.pos.y >= y1 {
            continue;
        }
        let color = s.players.get(usize::from(unit.owner)).map_or(Color32::GRAY, |p| theme::army_color(p.army));
        let symbol = rules.unit_id(&unit.kind).map_or("?", |k| rules.unit(k).symbol.as_str());
        theme::draw_unit(painter, place.square_rect(unit.pos), color, symbol, unit.hp, max_hp, unit.passengers.len());
    }
    let board =
        Rect::from_min_size(place.origin, vec2(f32::from(s.board.width), f32::from(s.board.height)) * place.zoom);
    painter.rect_stroke(board, 0.0, Stroke::new(2.0, Color32::from_gray(15)), StrokeKind::Outside);
}

fn draw_overlays(app: &StudioApp, painter: &egui::Painter, place: Placement) {
    let s = &app.editor.doc.scenario;
    for finding in &app.findings {
        let color = if finding.severity == Severity::Error { theme::ERROR } else { theme::WARNING };
        for &pos in &finding.squares {
            if s.contains(pos) {
                painter.rect_stroke(
                    place.square_rect(pos).shrink(1.0),
                    2.0,
                    Stroke::new(2.5, color),
                    StrokeKind::Inside,
                );
            }
        }
    }
    if app.prefs.show_race
        && let Some((_, stats)) = &app.stats
    {
        for race in &stats.neutral_properties {
            let best = race.first_turn.iter().filter_map(|t| *t).min();
            let leaders: Vec<usize> = race
                .first_turn
                .iter()
                .enumerate()
                .filter(|(_, t)| t.is_some() && **t == best)
                .map(|(i, _)| i)
                .collect();
            let Some(turn) = best else { continue };
            let rect = place.square_rect(race.pos);
            let badge = Rect::from_min_size(rect.min, vec2(rect.width() * 0.5, rect.height() * 0.4));
            let color = match leaders.as_slice() {
                [one] => s.players.get(*one).map_or(Color32::GRAY, |p| theme::army_color(p.army)),
                _ => Color32::from_gray(90),
            };
            painter.rect_filled(badge, 2.0, color);
            painter.text(
                badge.center(),
                egui::Align2::CENTER_CENTER,
                format!("T{turn}"),
                egui::FontId::proportional((rect.height() * 0.28).max(8.0)),
                Color32::WHITE,
            );
        }
    }
    super::balance_panel::heatmap_overlay(app, painter, &place);
    if let Some(symmetry) = app.editor.symmetry {
        let stroke = Stroke::new(1.5, Color32::from_rgba_unmultiplied(255, 255, 255, 140));
        let board =
            Rect::from_min_size(place.origin, vec2(f32::from(s.board.width), f32::from(s.board.height)) * place.zoom);
        for map in symmetry.maps() {
            match map {
                SquareMap::FlipX => {
                    painter.vline(board.center().x, board.y_range(), stroke);
                }
                SquareMap::FlipY => {
                    painter.hline(board.x_range(), board.center().y, stroke);
                }
                SquareMap::Turn180 | SquareMap::Turn90 => {
                    painter.circle_stroke(board.center(), place.zoom * 0.6, stroke);
                }
            }
        }
    }
    if let Some((a, b)) = app.editor.selection {
        let rect = place
            .square_rect(Pos::new(a.x.min(b.x), a.y.min(b.y)))
            .union(place.square_rect(Pos::new(a.x.max(b.x), a.y.max(b.y))));
        painter.rect_filled(rect, 0.0, Color32::from_rgba_unmultiplied(80, 200, 255, 30));
        painter.rect_stroke(rect, 0.0, Stroke::new(2.0, theme::SELECTION), StrokeKind::Inside);
    }
    if let Some(pos) = app.editor.selected.filter(|p| s.contains(*p)) {
        painter.rect_stroke(place.square_rect(pos), 0.0, Stroke::new(2.0, Color32::WHITE), StrokeKind::Inside);
    }
    if let Some(hover) = app.hover {
        let squares = app.editor.preview(hover);
        for pos in squares {
            painter.rect_stroke(
                place.square_rect(pos),
                0.0,
                Stroke::new(1.5, Color32::from_rgba_unmultiplied(255, 255, 255, 200)),
                StrokeKind::Inside,
            );
        }
    }
}

/// Draws the column and row numbers along the top and left edges.
pub fn draw_rulers(painter: &egui::Painter, place: Placement, rect: Rect, width: u16, height: u16) {
    let top = Rect::from_min_max(rect.min, pos2(rect.max.x, rect.min.y + RULER));
    let left = Rect::from_min_max(rect.min, pos2(rect.min.x + RULER, rect.max.y));
    let ruler_color = Color32::from_rgb(44, 48, 56);
    painter.rect_filled(top, 0.0, ruler_color);
    painter.rect_filled(left, 0.0, ruler_color);
    let every = [1u16, 2, 5, 10, 20, 50].into_iter().find(|n| f32::from(*n) * place.zoom >= 22.0).unwrap_or(100);
    let font = egui::FontId::monospace(10.0);
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
