//! The Skirm battle map on screen: drawn by Skirm's own print drawing through the window's
//! sketch (so walls, doors and heights look as they print), with findings, the tool's preview
//! and the line-of-sight and objective-race overlays on top; pointer input becomes grid
//! gestures at a [`Spot`].

use super::{Seen, SkirmDesk};
use crate::board::{Edge, EdgeAxis, Pos};
use crate::systems::skirm::draw_battle_map;
use crate::systems::skirm::editing::{Editor, Spot};
use crate::systems::skirm::rules::{Map, Sight};
use crate::systems::skirm::scenario::Severity;
use crate::ui::desk::DeskContext;
use crate::ui::desk::prepare_view;
use crate::ui::gesture::{GestureTarget, pointer_gesture};
use crate::ui::sketch::PainterSketch;
use crate::ui::style;
use crate::ui::view::Placement;
use egui::{Color32, Painter, Pos2, Rect, Stroke, StrokeKind, Ui, pos2, vec2};

/// The colour of each squad on screen.
pub const SQUAD_COLOURS: [Color32; 2] = [Color32::from_rgb(196, 52, 44), Color32::from_rgb(40, 92, 180)];

/// Draws the editing canvas and handles its input.
pub fn canvas(desk: &mut SkirmDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let (w, h) = (desk.editor.doc.scenario.board.width, desk.editor.doc.scenario.board.height);
    let (response, painter, place) = prepare_view(cx, ui, egui::vec2(f32::from(w), f32::from(h)), "Battle map");
    let pointer = response.hover_pos().filter(|p| place.area.contains(*p));
    desk.hover = pointer.and_then(|p| spot_at(place, p, w, h));
    input(desk, ui, &response);
    let board_painter = painter.with_clip_rect(place.area);
    draw_map(desk, &board_painter, place);
    draw_marks(desk, &board_painter, place);
    if cx.prefs.show_grid {
        crate::ui::view::draw_rulers(&painter, place, response.rect, w, h);
    }
}

/// The spot under a screen point.
#[must_use]
fn spot_at(place: Placement, point: Pos2, width: u16, height: u16) -> Option<Spot> {
    let local = (point - place.origin) / place.zoom;
    Spot::at(local.x, local.y, width, height)
}

/// Hands the pointer to the editor at the spot under it: press, drag and release of the
/// primary button to the tool. Space or the middle button pans instead.
fn input(desk: &mut SkirmDesk, ui: &Ui, response: &egui::Response) {
    pointer_gesture(ui, response, desk.hover, &mut desk.editor);
}

impl GestureTarget<Spot> for Editor {
    fn press(&mut self, at: Spot) {
        Editor::press(self, at);
    }

    fn dragging(&self) -> bool {
        self.drag.is_some()
    }

    fn drag_to(&mut self, at: Spot) {
        Editor::drag_to(self, at);
    }

    fn release(&mut self, at: Option<Spot>) {
        Editor::release(self, at);
    }
}

/// The battle map itself, through Skirm's own drawing.
pub fn draw_map(desk: &SkirmDesk, painter: &Painter, place: Placement) {
    let scenario = &desk.editor.doc.scenario;
    let board = &scenario.board;
    let (x0, y0, x1, y1) = crate::ui::view::visible(place, board.width, board.height);
    let mut sketch = PainterSketch::new(painter);
    let origin = (place.origin.x, place.origin.y);
    let art = (crate::ui::desk::DeskExt::path(desk), scenario.backdrop.as_ref());
    let backdrop = crate::ui::sketch::draw_backdrop(&mut sketch, art, origin, place.zoom);
    let loaded = crate::ui::sketch::scenario_art(painter.ctx(), art.0, &scenario.art);
    let mut sketch = crate::export::ArtSketch::new(&mut sketch, &loaded);
    // Walls on the visible region's border belong to it too, so draw one square wider.
    draw_battle_map(
        &mut sketch,
        &desk.editor.rules,
        scenario,
        (false, backdrop),
        origin,
        place.zoom,
        (x0.saturating_sub(1), x1.saturating_add(1)),
        (y0.saturating_sub(1), y1.saturating_add(1)),
        place.zoom >= 22.0,
    );
}

/// A screen segment for an edge.
#[must_use]
pub fn edge_segment(place: Placement, edge: Edge) -> [Pos2; 2] {
    let corner = |x: u16, y: u16| place.origin + vec2(f32::from(x), f32::from(y)) * place.zoom;
    match edge.axis {
        EdgeAxis::Horizontal => [corner(edge.x, edge.y), corner(edge.x + 1, edge.y)],
        EdgeAxis::Vertical => [corner(edge.x, edge.y), corner(edge.x, edge.y + 1)],
    }
}

fn draw_marks(desk: &mut SkirmDesk, painter: &Painter, place: Placement) {
    draw_deployment(desk, painter, place);
    if desk.show_sight
        && let Some(from) = desk.hover.map(|s| s.square)
    {
        draw_sight(desk, painter, place, from);
    }
    if desk.show_race {
        draw_race(desk, painter, place);
    }
    for finding in &desk.findings.list {
        let color = if finding.severity == Severity::Error { style::ERROR } else { style::WARNING };
        for &pos in &finding.places {
            painter.rect_stroke(place.square_rect(pos).shrink(2.0), 3.0, Stroke::new(2.0, color), StrokeKind::Inside);
        }
    }
    if let Some(pos) = desk.editor.selected {
        painter.rect_stroke(place.square_rect(pos), 0.0, Stroke::new(2.0, style::SELECTION), StrokeKind::Inside);
    }
    if let Some((a, b)) = desk.editor.selection {
        let rect = place
            .square_rect(Pos::new(a.x.min(b.x), a.y.min(b.y)))
            .union(place.square_rect(Pos::new(a.x.max(b.x), a.y.max(b.y))));
        painter.rect_filled(rect, 0.0, Color32::from_rgba_unmultiplied(80, 200, 255, 30));
        painter.rect_stroke(rect, 0.0, Stroke::new(2.0, style::SELECTION), StrokeKind::Inside);
    }
    if let Some(spot) = desk.hover {
        let (squares, edges) = desk.editor.preview(spot);
        for pos in squares {
            painter.rect_stroke(
                place.square_rect(pos),
                0.0,
                Stroke::new(1.5, Color32::from_white_alpha(200)),
                StrokeKind::Inside,
            );
        }
        for edge in edges {
            painter
                .line_segment(edge_segment(place, edge), Stroke::new((place.zoom * 0.14).max(3.0), style::SELECTION));
        }
    }
}

/// Shades what the square `from` sees (dark: hidden; amber: in cover), the sight worked out
/// once per square and document revision; placed units block it.
fn draw_sight(desk: &mut SkirmDesk, painter: &Painter, place: Placement, from: Pos) {
    let revision = desk.editor.doc.revision;
    let fresh = desk.sight.as_ref().is_some_and(|(r, p, _)| *r == revision && *p == from);
    if !fresh {
        let scenario = &desk.editor.doc.scenario;
        let figures: Vec<Pos> = scenario.squads.iter().flat_map(|s| s.units.iter().filter_map(|u| u.pos)).collect();
        let sight = Sight::new(Map::new(&scenario.board, &desk.editor.rules), &figures);
        let seen = scenario
            .board
            .squares()
            .map(|to| {
                if to == from || sight.sees(from, to) {
                    if to != from && sight.in_cover(from, to) { Seen::Cover } else { Seen::Clear }
                } else {
                    Seen::Hidden
                }
            })
            .collect();
        desk.sight = Some((revision, from, seen));
    }
    if let Some((_, _, seen)) = &desk.sight {
        shade_sight(painter, place, desk.editor.doc.scenario.board.width, seen, from);
    }
}

/// Shades a sight map.
fn shade_sight(painter: &Painter, place: Placement, width: u16, seen: &[Seen], from: Pos) {
    let mut mesh = egui::Mesh::default();
    for (i, seen) in seen.iter().enumerate() {
        let pos = Pos::new((i % usize::from(width)) as u16, (i / usize::from(width)) as u16);
        let color = match seen {
            Seen::Clear => continue,
            Seen::Cover => Color32::from_rgba_unmultiplied(240, 180, 40, 70),
            Seen::Hidden => Color32::from_rgba_unmultiplied(0, 0, 0, 130),
        };
        mesh.add_colored_rect(place.square_rect(pos), color);
    }
    painter.add(egui::Shape::mesh(mesh));
    painter.rect_stroke(
        place.square_rect(from),
        0.0,
        Stroke::new(3.0, Color32::from_rgb(255, 230, 90)),
        StrokeKind::Inside,
    );
}

/// Labels each objective, marker and item with the activations each squad's zone needs to
/// reach it, ringed in the colour of the squad that gets there first.
fn draw_race(desk: &mut SkirmDesk, painter: &Painter, place: Placement) {
    let races = desk.statistics().races.clone();
    for race in races {
        let rect = place.square_rect(race.pos);
        let [a, b] = race.activations;
        let text = |n: Option<u32>| n.map_or_else(|| "-".to_owned(), |n| n.to_string());
        let ring = match (a, b) {
            (Some(a), Some(b)) if a < b => SQUAD_COLOURS[0],
            (Some(a), Some(b)) if b < a => SQUAD_COLOURS[1],
            (Some(_), None) => SQUAD_COLOURS[0],
            (None, Some(_)) => SQUAD_COLOURS[1],
            _ => Color32::WHITE,
        };
        painter.rect_stroke(rect.shrink(1.0), 4.0, Stroke::new(3.0, ring), StrokeKind::Inside);
        let label = format!("A{} B{}", text(a), text(b));
        let at = pos2(rect.center().x, rect.max.y - 2.0);
        let font = egui::FontId::proportional((place.zoom * 0.24).clamp(crate::ui::style::MIN_TEXT, 14.0));
        let galley = painter.layout_no_wrap(label, font, Color32::WHITE);
        let back = Rect::from_center_size(at - vec2(0.0, galley.size().y / 2.0), galley.size() + vec2(4.0, 0.0));
        painter.rect_filled(back, 2.0, Color32::from_black_alpha(190));
        painter.galley(back.min + vec2(2.0, 0.0), galley, Color32::WHITE);
    }
}

/// Units without a square of their own, faint where the battle will deploy them, so the
/// designer sees the starting position without placing every unit by hand.
fn draw_deployment(desk: &SkirmDesk, painter: &Painter, place: Placement) {
    let scenario = &desk.editor.doc.scenario;
    for (si, (squad, squares)) in scenario.squads.iter().zip(scenario.deployment(&desk.editor.rules)).enumerate() {
        for ((unit, square), mark) in squad.units.iter().zip(squares).zip(squad.counter_marks(&desk.editor.rules)) {
            let (None, Some(pos)) = (unit.pos, square) else { continue };
            let rect = place.square_rect(pos);
            let [r, g, b, _] = SQUAD_COLOURS[si % 2].to_array();
            painter.circle_filled(rect.center(), place.zoom * 0.3, Color32::from_rgba_unmultiplied(r, g, b, 90));
            if place.zoom >= 40.0 {
                // The mark a placed unit's disc shows (from the name the squad panel gives it).
                painter.text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    mark,
                    egui::FontId::proportional((place.zoom * 0.26).max(crate::ui::style::MIN_TEXT)),
                    // In the squad's full colour: white on the faint disc vanished into the floor.
                    SQUAD_COLOURS[si % 2],
                );
            }
        }
    }
}

/// The id of the art kind drawn under the pointer, where an image dropped now goes.
pub fn art_kind_under_pointer(desk: &SkirmDesk) -> Option<String> {
    let scenario = &desk.editor.doc.scenario;
    let square = desk.hover?.square;
    // Where each unit stands as drawn: its own square, or its place in its zone.
    let deployed = scenario.deployment(&desk.editor.rules);
    let placed = scenario.squads.iter().zip(&deployed).flat_map(|(s, at)| s.units.iter().zip(at));
    let unit = placed.filter(|(_, at)| **at == Some(square)).map(|(u, _)| u).next();
    if let Some(unit) = unit {
        return Some(if unit.name.is_empty() { unit.profile.clone() } else { unit.name.clone() });
    }
    if let Some((_, item)) = scenario.items.iter().find(|(at, _)| *at == square) {
        return Some(crate::systems::skirm::item_art_name(item).to_owned());
    }
    desk.editor.rules.terrains.get(scenario.board.terrain_at(square).index()).map(|t| t.id.clone())
}
