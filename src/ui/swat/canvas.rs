//! The map canvas: draws the board with its properties, units, grid, rulers, findings and
//! overlays, and turns pointer and keyboard input into pan, zoom and tool gestures.

use super::SwatDesk;
use super::theme;
use crate::systems::swat::editing::Editor;
use crate::systems::swat::rules::Pos;
use crate::systems::swat::scenario::{Severity, SquareMap};
use crate::ui::desk::DeskContext;
use crate::ui::desk::prepare_view;
use crate::ui::gesture::{GestureTarget, pointer_gesture};
use crate::ui::view::{Placement, draw_rulers, visible};
use egui::{Color32, Mesh, Rect, Stroke, StrokeKind, Ui, vec2};

/// Draws the canvas and handles its input.
pub fn canvas(desk: &mut SwatDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let (w, h) = (desk.editor.doc.scenario.board.width, desk.editor.doc.scenario.board.height);
    let (response, painter, place) = prepare_view(cx, ui, egui::vec2(f32::from(w), f32::from(h)), "Map");
    desk.hover = place.hovered_square(&response, w, h);
    tool_input(desk, ui, &response);
    let board_painter = painter.with_clip_rect(place.area);
    draw_board(desk, cx, &board_painter, place);
    draw_overlays(desk, cx, &board_painter, place);
    if cx.prefs.show_grid {
        draw_rulers(&painter, place, response.rect, w, h);
    }
}

/// Hands the pointer to the editor in squares: press, drag and release of the primary button
/// to the tool, a right click to the eyedropper. Space or the middle button pans instead.
fn tool_input(desk: &mut SwatDesk, ui: &Ui, response: &egui::Response) {
    if let Some(pos) = pointer_gesture(ui, response, desk.hover, &mut desk.editor) {
        desk.editor.pick(pos);
    }
}

impl GestureTarget<Pos> for Editor {
    fn press(&mut self, at: Pos) {
        Editor::press(self, at);
    }

    fn dragging(&self) -> bool {
        self.drag.is_some()
    }

    fn drag_to(&mut self, at: Pos) {
        Editor::drag_to(self, at);
    }

    fn release(&mut self, at: Option<Pos>) {
        Editor::release(self, at);
    }
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
    /// The terrain left unpainted so a background image under the board shows through it
    /// (the board's commonest, as in print), when there is one.
    pub open_ground: Option<crate::systems::swat::rules::TerrainId>,
    /// The designer's art per kind, drawn in place of the studio's symbols.
    pub art: &'a crate::art::LoadedArt,
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

/// Below this many screen points a square, the ground is drawn without symbols: plain colours,
/// and each property as its owner's colour inside the terrain's.
const DETAILED_ZOOM: f32 = 7.0;

/// Texture pixels per square of the ground texture (a property's owner colour fills the inner
/// half, near the plain drawing's inset of 0.15 of a square).
const TEXEL_SQUARE: usize = 4;

/// What one square of the ground texture shows; a square is drawn again only when this changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct GroundTexel {
    /// The terrain's colour, or none where the background image shows through.
    base: Option<Color32>,
    /// A property's owner colour (neutral when nobody owns it).
    owner: Option<Color32>,
}

/// The whole board's ground at small zoom as one texture kept between frames: a frame compares
/// each square with what the texture shows and uploads only the squares that changed, so a
/// fully visible 200 x 200 board costs one textured quad, not forty thousand.
#[derive(Clone)]
struct GroundTexture {
    width: u16,
    height: u16,
    texels: Vec<GroundTexel>,
    texture: egui::TextureHandle,
}

impl GroundTexel {
    fn of(ground: &Ground, pos: Pos) -> Self {
        let id = ground.terrain.get(usize::from(pos.y) * usize::from(ground.width) + usize::from(pos.x)).copied();
        if ground.open_ground.is_some() && id == ground.open_ground {
            return GroundTexel { base: None, owner: None };
        }
        let terrain = ground.terrain_at(pos);
        let base = Some(terrain.map_or(Color32::GRAY, theme::terrain_color));
        let owner = terrain.and_then(|t| t.property).map(|_| (ground.owner_color)(pos).unwrap_or(theme::NEUTRAL));
        GroundTexel { base, owner }
    }

    /// Its pixels, `TEXEL_SQUARE` a side.
    fn pixels(self) -> egui::ColorImage {
        let mut image = egui::ColorImage::filled([TEXEL_SQUARE; 2], self.base.unwrap_or(Color32::TRANSPARENT));
        if let Some(owner) = self.owner {
            let inner = 1..TEXEL_SQUARE - 1;
            for y in inner.clone() {
                for x in inner.clone() {
                    image.pixels[y * TEXEL_SQUARE + x] = owner;
                }
            }
        }
        image
    }
}

/// The ground texture of `ground`, brought up to date: made whole the first time or when the
/// board's size changed, else patched square by square where the board changed.
fn ground_texture(ctx: &egui::Context, ground: &Ground) -> egui::TextureHandle {
    let key = egui::Id::unique("swat-ground-texture");
    let (w, h) = (usize::from(ground.width), usize::from(ground.height));
    let texels: Vec<GroundTexel> = (0..ground.height)
        .flat_map(|y| (0..ground.width).map(move |x| Pos::new(x, y)))
        .map(|p| GroundTexel::of(ground, p))
        .collect();
    let options = egui::TextureOptions::NEAREST;
    // The kept texture is patched where it stands in egui's memory: taking a copy of it each
    // frame would copy its texel list (forty thousand squares on a 200 x 200 board). The
    // squares that changed are noted under the memory's lock and uploaded after it.
    let patch = ctx.data_mut(|d| {
        let kept = d.get_temp_mut_or_default::<Option<GroundTexture>>(key).as_mut()?;
        if (kept.width, kept.height) != (ground.width, ground.height) {
            return None;
        }
        let mut changed = Vec::new();
        for (i, (old, new)) in kept.texels.iter_mut().zip(&texels).enumerate() {
            if old != new {
                changed.push((i, *new));
                *old = *new;
            }
        }
        Some((kept.texture.clone(), changed))
    });
    if let Some((mut texture, changed)) = patch {
        for (i, texel) in changed {
            texture.set_partial([i % w * TEXEL_SQUARE, i / w * TEXEL_SQUARE], texel.pixels(), options);
        }
        return texture;
    }
    let mut image = egui::ColorImage::filled([w * TEXEL_SQUARE, h * TEXEL_SQUARE], Color32::TRANSPARENT);
    for (i, texel) in texels.iter().enumerate() {
        let square = texel.pixels();
        let (x, y) = (i % w * TEXEL_SQUARE, i / w * TEXEL_SQUARE);
        for row in 0..TEXEL_SQUARE {
            let at = (y + row) * w * TEXEL_SQUARE + x;
            image.pixels[at..at + TEXEL_SQUARE]
                .copy_from_slice(&square.pixels[row * TEXEL_SQUARE..(row + 1) * TEXEL_SQUARE]);
        }
    }
    let texture = ctx.load_texture("swat-ground", image, options);
    let made = GroundTexture { width: ground.width, height: ground.height, texels, texture: texture.clone() };
    ctx.data_mut(|d| d.insert_temp(key, Some(made)));
    texture
}

/// Draws terrain, properties, grid and tile boundaries of the visible squares.
pub fn draw_ground(painter: &egui::Painter, place: Placement, ground: &Ground, show_grid: bool) {
    let (x0, y0, x1, y1) = visible(place, ground.width, ground.height);
    let detailed = place.zoom >= DETAILED_ZOOM;
    let terrain_art = ground.rules.terrains.iter().any(|t| ground.art.kind(&t.id, None, None).is_some());
    if !detailed && !terrain_art {
        // Zoomed out, the plain colours of every square come from one texture.
        let texture = ground_texture(painter.ctx(), ground);
        let board =
            Rect::from_min_size(place.origin, vec2(f32::from(ground.width), f32::from(ground.height)) * place.zoom);
        let uv = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(texture.id(), board, uv, Color32::WHITE);
        draw_lines(painter, place, ground, show_grid, (x0, y0, x1, y1));
        return;
    }
    // Base colours as one mesh.
    let mut mesh = Mesh::default();
    for y in y0..y1 {
        for x in x0..x1 {
            let pos = Pos::new(x, y);
            let id = ground.terrain.get(usize::from(y) * usize::from(ground.width) + usize::from(x)).copied();
            if ground.open_ground.is_some() && id == ground.open_ground {
                continue;
            }
            let color = ground.terrain_at(pos).map_or(Color32::GRAY, theme::terrain_color);
            mesh.add_colored_rect(place.square_rect(pos), color);
        }
    }
    painter.add(egui::Shape::mesh(mesh));
    for y in y0..y1 {
        for x in x0..x1 {
            let pos = Pos::new(x, y);
            let rect = place.square_rect(pos);
            let Some(terrain) = ground.terrain_at(pos) else { continue };
            let id = ground.terrain.get(usize::from(y) * usize::from(ground.width) + usize::from(x)).copied();
            let open = ground.open_ground.is_some() && id == ground.open_ground;
            if let Some(picture) = ground.art.kind(&terrain.id, None, None) {
                // The designer's art fills the square, drawn from a texture made once.
                let texture = crate::ui::sketch::picture_texture(painter.ctx(), &picture);
                let uv = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
                painter.image(texture.id(), rect, uv, Color32::WHITE);
            } else if detailed && terrain.property.is_none() && !open {
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
    draw_lines(painter, place, ground, show_grid, (x0, y0, x1, y1));
}

/// The grid over the visible squares (when shown and the squares are big enough to tell apart)
/// and the tile boundaries.
fn draw_lines(painter: &egui::Painter, place: Placement, ground: &Ground, show_grid: bool, seen: (u16, u16, u16, u16)) {
    let (x0, y0, x1, y1) = seen;
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

fn draw_board(desk: &SwatDesk, cx: &DeskContext<'_>, painter: &egui::Painter, place: Placement) {
    let s = &desk.editor.doc.scenario;
    let rules = &desk.editor.rules;
    let (x0, y0, x1, y1) = visible(place, s.board.width, s.board.height);
    let owner_color =
        |pos: Pos| s.owners.get(&pos).and_then(|&o| s.players.get(usize::from(o))).map(|p| theme::army_color(p.army));
    let art = (crate::ui::desk::DeskExt::path(desk), s.backdrop.as_ref());
    let mut sketch = crate::ui::sketch::PainterSketch::new(painter);
    let backdrop = crate::ui::sketch::draw_backdrop(&mut sketch, art, (place.origin.x, place.origin.y), place.zoom);
    let loaded = crate::ui::sketch::scenario_art(painter.ctx(), art.0, &s.art);
    let ground = Ground {
        rules,
        width: s.board.width,
        height: s.board.height,
        tile_size: s.tile_size,
        terrain: &s.board.terrain,
        owner_color: &owner_color,
        open_ground: if backdrop { s.board.commonest_terrain() } else { None },
        art: &loaded,
    };
    draw_ground(painter, place, &ground, cx.prefs.show_grid);
    let max_hp = rules.economy.max_hp;
    // Small counters without art go into one mesh: a whole 200 x 200 board of them is one shape.
    let mut small = Mesh::default();
    for unit in &s.units {
        if unit.pos.x < x0 || unit.pos.x >= x1 || unit.pos.y < y0 || unit.pos.y >= y1 {
            continue;
        }
        let color = s.players.get(usize::from(unit.owner)).map_or(Color32::GRAY, |p| theme::army_color(p.army));
        let symbol = rules.unit_id(&unit.kind).map_or("?", |k| rules.unit(k).symbol.as_str());
        let army = s.players.get(usize::from(unit.owner)).map(|p| p.army.name().to_lowercase());
        let face = (unit.hp < max_hp).then_some("reduced");
        let art = loaded.kind(&unit.kind, army.as_deref(), face);
        let art = art.map(|picture| crate::ui::sketch::picture_texture(painter.ctx(), &picture).id());
        let counter = theme::Counter { color, symbol, hp: unit.hp, max_hp, passengers: unit.passengers.len(), art };
        if place.zoom < theme::SMALL_COUNTER && art.is_none() {
            theme::small_unit(&mut small, place.square_rect(unit.pos), &counter);
        } else {
            theme::draw_unit(painter, place.square_rect(unit.pos), &counter);
        }
    }
    painter.add(egui::Shape::mesh(small));
    let board =
        Rect::from_min_size(place.origin, vec2(f32::from(s.board.width), f32::from(s.board.height)) * place.zoom);
    painter.rect_stroke(board, 0.0, Stroke::new(2.0, Color32::from_gray(15)), StrokeKind::Outside);
}

fn draw_overlays(desk: &SwatDesk, cx: &DeskContext<'_>, painter: &egui::Painter, place: Placement) {
    let s = &desk.editor.doc.scenario;
    for finding in &desk.findings.list {
        let color = if finding.severity == Severity::Error { theme::ERROR } else { theme::WARNING };
        for &pos in &finding.places {
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
    if cx.prefs.show_race
        && let Some(stats) = desk.stats.kept()
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
                egui::FontId::proportional((rect.height() * 0.28).max(crate::ui::style::MIN_TEXT)),
                Color32::WHITE,
            );
        }
    }
    if let Some(symmetry) = desk.editor.symmetry {
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
    if let Some((a, b)) = desk.editor.selection {
        let rect = place
            .square_rect(Pos::new(a.x.min(b.x), a.y.min(b.y)))
            .union(place.square_rect(Pos::new(a.x.max(b.x), a.y.max(b.y))));
        painter.rect_filled(rect, 0.0, Color32::from_rgba_unmultiplied(80, 200, 255, 30));
        painter.rect_stroke(rect, 0.0, Stroke::new(2.0, theme::SELECTION), StrokeKind::Inside);
    }
    if let Some(pos) = desk.editor.selected.filter(|p| s.contains(*p)) {
        painter.rect_stroke(place.square_rect(pos), 0.0, Stroke::new(2.0, Color32::WHITE), StrokeKind::Inside);
    }
    if let Some(hover) = desk.hover {
        let squares = desk.editor.preview(hover);
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

/// The id of the art kind drawn under the pointer, where an image dropped now goes.
pub fn art_kind_under_pointer(desk: &SwatDesk) -> Option<String> {
    let s = &desk.editor.doc.scenario;
    let pos = desk.hover.filter(|p| s.contains(*p))?;
    match s.units.iter().find(|u| u.pos == pos) {
        Some(unit) => Some(unit.kind.clone()),
        None => desk.editor.rules.terrains.get(s.terrain_at(pos).index()).map(|t| t.id.clone()),
    }
}

impl SwatDesk {
    /// The terrain colour of every square, row by row.
    #[must_use]
    pub fn miniature(&self) -> Vec<egui::Color32> {
        let s = &self.editor.doc.scenario;
        let mut colours: Vec<egui::Color32> = s
            .board
            .terrain
            .iter()
            .map(|t| self.editor.rules.terrains.get(t.index()).map_or(egui::Color32::GRAY, theme::terrain_color))
            .collect();
        // Owned properties in their army's colour and units as a half tint of it, so a preview
        // shows who holds what, not the ground alone.
        let army = |owner: u8| s.players.get(usize::from(owner)).map(|p| theme::army_color(p.army));
        for (pos, owner) in &s.owners {
            if let (Some(colour), true) = (army(*owner), s.contains(*pos)) {
                colours[s.index(*pos)] = colour;
            }
        }
        for unit in &s.units {
            if let (Some(colour), true) = (army(unit.owner), s.contains(unit.pos)) {
                let ground = colours[s.index(unit.pos)];
                colours[s.index(unit.pos)] = ground.lerp_to_gamma(colour, 0.6);
            }
        }
        colours
    }
}
