//! Colours and the drawn look of terrain, properties and units: one place, so the map, the
//! paint box and the minimap agree, and no colour is hard-coded elsewhere.

use crate::systems::swat::rules::{PropertyKind, Terrain};
use crate::systems::swat::scenario::Army;
use crate::ui::style::MIN_TEXT;
pub use crate::ui::style::{CANVAS_BACKGROUND, ERROR, SELECTION, WARNING};
use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, pos2, vec2};

/// Grid lines.
pub const GRID: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 60);
/// Tile boundaries.
pub const TILE_LINE: Color32 = Color32::from_rgba_premultiplied(20, 20, 20, 150);
/// Neutral properties.
pub const NEUTRAL: Color32 = Color32::from_rgb(
    crate::systems::swat::colours::NEUTRAL.0,
    crate::systems::swat::colours::NEUTRAL.1,
    crate::systems::swat::colours::NEUTRAL.2,
);

fn color(rgb: crate::systems::swat::colours::Rgb) -> Color32 {
    Color32::from_rgb(rgb.0, rgb.1, rgb.2)
}

/// An army's colour.
#[must_use]
pub fn army_color(army: Army) -> Color32 {
    color(crate::systems::swat::colours::army(army))
}

/// The base colour of a terrain, by its ruleset name (unknown names get a stable grey).
#[must_use]
pub fn terrain_color(terrain: &Terrain) -> Color32 {
    color(crate::systems::swat::colours::terrain(&terrain.id))
}

/// Which sides of a square a road or river continues through: up, left, right, down.
pub type Links = [bool; 4];

/// Draws a band (road or river) from the square's centre out through each linked side, so
/// neighbouring squares join into one road or river.
fn draw_band(painter: &Painter, rect: Rect, links: Links, width: f32, color: Color32) {
    let c = rect.center();
    let half = width / 2.0;
    let hub = Rect::from_center_size(c, vec2(width, width));
    painter.rect_filled(hub, 0.0, color);
    let any = links.iter().any(|l| *l);
    let links = if any { links } else { [false, true, true, false] };
    let arms = [
        Rect::from_min_max(pos2(c.x - half, rect.top()), pos2(c.x + half, c.y)),
        Rect::from_min_max(pos2(rect.left(), c.y - half), pos2(c.x, c.y + half)),
        Rect::from_min_max(pos2(c.x, c.y - half), pos2(rect.right(), c.y + half)),
        Rect::from_min_max(pos2(c.x - half, c.y), pos2(c.x + half, rect.bottom())),
    ];
    for (arm, linked) in arms.iter().zip(links) {
        if linked {
            painter.rect_filled(*arm, 0.0, color);
        }
    }
}

/// Draws one square of terrain with its details; details appear only when the square is big
/// enough to show them. `links` says where a road or river continues.
pub fn draw_terrain(painter: &Painter, rect: Rect, terrain: &Terrain, links: Links) {
    let base = match terrain.id.as_str() {
        "road" => Color32::from_rgb(178, 206, 120),
        _ => terrain_color(terrain),
    };
    painter.rect_filled(rect, 0.0, base);
    let size = rect.width();
    if size < 7.0 {
        return;
    }
    let c = rect.center();
    let s = size;
    match terrain.id.as_str() {
        "forest" => {
            let dark = Color32::from_rgb(38, 96, 44);
            for (dx, dy) in [(-0.2, 0.1), (0.18, -0.05), (0.0, 0.28)] {
                let top = pos2(c.x + dx * s, c.y + (dy - 0.22) * s);
                let base = c.y + (dy + 0.1) * s;
                painter.add(Shape::convex_polygon(
                    vec![top, pos2(top.x + 0.16 * s, base), pos2(top.x - 0.16 * s, base)],
                    dark,
                    Stroke::NONE,
                ));
            }
        }
        "hill" => {
            let body = Color32::from_rgb(128, 100, 66);
            let snow = Color32::from_rgb(236, 230, 214);
            let peak = pos2(c.x, c.y - 0.32 * s);
            painter.add(Shape::convex_polygon(
                vec![peak, pos2(c.x + 0.38 * s, c.y + 0.3 * s), pos2(c.x - 0.38 * s, c.y + 0.3 * s)],
                body,
                Stroke::NONE,
            ));
            painter.add(Shape::convex_polygon(
                vec![peak, pos2(c.x + 0.1 * s, c.y - 0.14 * s), pos2(c.x - 0.1 * s, c.y - 0.14 * s)],
                snow,
                Stroke::NONE,
            ));
        }
        "road" => {
            draw_band(painter, rect, links, s * 0.62, Color32::from_rgb(112, 108, 100));
            draw_band(painter, rect, links, s * 0.5, Color32::from_rgb(160, 156, 146));
        }
        "bridge" => {
            painter.rect_filled(rect, 0.0, Color32::from_rgb(110, 176, 220));
            let deck = Rect::from_center_size(c, vec2(s, s * 0.6));
            painter.rect_filled(deck, 0.0, Color32::from_rgb(150, 110, 70));
            for i in 1..4 {
                let x = rect.left() + s * i as f32 / 4.0;
                painter.vline(x, deck.y_range(), Stroke::new(1.0, Color32::from_rgb(100, 70, 40)));
            }
        }
        "river" | "water" => {
            let wave = Stroke::new((s * 0.04).max(1.0), Color32::from_rgba_unmultiplied(255, 255, 255, 110));
            for row in [-0.18, 0.16] {
                let y = c.y + row * s;
                let points: Vec<Pos2> = (0..=6)
                    .map(|i| {
                        pos2(
                            rect.left() + s * (0.15 + 0.7 * i as f32 / 6.0),
                            y + if i % 2 == 0 { -0.05 * s } else { 0.05 * s },
                        )
                    })
                    .collect();
                painter.add(Shape::line(points, wave));
            }
        }
        _ => {}
    }
}

/// Draws a property in its owner's colour (or the neutral colour) on its square.
pub fn draw_property(painter: &Painter, rect: Rect, kind: PropertyKind, owner: Option<Color32>) {
    let s = rect.width();
    let c = rect.center();
    let fill = owner.unwrap_or(NEUTRAL);
    let outline = Stroke::new((s * 0.04).max(1.0), Color32::from_rgb(40, 40, 40));
    match kind {
        PropertyKind::City => {
            let a = Rect::from_min_size(pos2(c.x - 0.34 * s, c.y - 0.1 * s), vec2(0.3 * s, 0.4 * s));
            let b = Rect::from_min_size(pos2(c.x - 0.02 * s, c.y - 0.3 * s), vec2(0.34 * s, 0.6 * s));
            for r in [b, a] {
                painter.rect_filled(r, 1.0, fill);
                painter.rect_stroke(r, 1.0, outline, StrokeKind::Inside);
            }
            if s >= 16.0 {
                for (x, y) in [(0.06, -0.18), (0.2, -0.18), (0.06, 0.0), (0.2, 0.0)] {
                    painter.rect_filled(
                        Rect::from_min_size(pos2(c.x + x * s, c.y + y * s), vec2(0.07 * s, 0.09 * s)),
                        0.0,
                        Color32::from_rgb(60, 60, 70),
                    );
                }
            }
        }
        PropertyKind::Factory => {
            let body = Rect::from_min_max(pos2(c.x - 0.36 * s, c.y - 0.05 * s), pos2(c.x + 0.36 * s, c.y + 0.32 * s));
            painter.rect_filled(body, 0.0, fill);
            for i in 0..3 {
                let x0 = body.left() + body.width() * i as f32 / 3.0;
                let x1 = body.left() + body.width() * (i + 1) as f32 / 3.0;
                painter.add(Shape::convex_polygon(
                    vec![pos2(x0, body.top()), pos2(x1, body.top() - 0.2 * s), pos2(x1, body.top())],
                    fill,
                    outline,
                ));
            }
            painter.rect_stroke(body, 0.0, outline, StrokeKind::Inside);
            painter.rect_filled(
                Rect::from_min_size(pos2(c.x + 0.18 * s, c.y - 0.42 * s), vec2(0.1 * s, 0.3 * s)),
                0.0,
                Color32::from_rgb(70, 70, 70),
            );
        }
        PropertyKind::Hq => {
            let base = Rect::from_min_max(pos2(c.x - 0.34 * s, c.y - 0.02 * s), pos2(c.x + 0.34 * s, c.y + 0.34 * s));
            painter.rect_filled(base, 1.0, fill);
            painter.rect_stroke(base, 1.0, outline, StrokeKind::Inside);
            let pole = pos2(c.x - 0.05 * s, c.y - 0.02 * s);
            painter.line_segment(
                [pole, pos2(pole.x, c.y - 0.42 * s)],
                Stroke::new((s * 0.05).max(1.0), Color32::from_rgb(50, 50, 50)),
            );
            painter.add(Shape::convex_polygon(
                vec![
                    pos2(pole.x, c.y - 0.42 * s),
                    pos2(pole.x + 0.32 * s, c.y - 0.32 * s),
                    pos2(pole.x, c.y - 0.22 * s),
                ],
                fill,
                outline,
            ));
            if s >= 48.0 {
                painter.text(
                    base.center(),
                    egui::Align2::CENTER_CENTER,
                    "HQ",
                    egui::FontId::proportional((s * 0.22).max(MIN_TEXT)),
                    Color32::from_rgb(30, 30, 30),
                );
            }
        }
    }
}

/// A unit's counter as the window draws it.
#[derive(Debug, Clone, Copy)]
pub struct Counter<'a> {
    /// Its army's colour.
    pub color: Color32,
    /// Its card's symbol (left out where the designer's art stands for it).
    pub symbol: &'a str,
    /// Its hit points now.
    pub hp: u8,
    /// Its hit points in full.
    pub max_hp: u8,
    /// Units it carries.
    pub passengers: usize,
    /// The designer's art for its kind, army and face, as a texture.
    pub art: Option<egui::TextureId>,
}

/// Below this many screen points a square, counters without art are drawn flat (no rounding,
/// shadow or text, none of which shows at that size) into one mesh for all of them.
pub const SMALL_COUNTER: f32 = 10.0;

/// Adds a counter on the square `rect`, too small for rounding, shadow or text, to `mesh`: the
/// white edge, the army's colour, the damage badge and a dot per passenger, as flat quads.
pub fn small_unit(mesh: &mut egui::Mesh, rect: Rect, unit: &Counter<'_>) {
    let s = rect.width();
    let counter = rect.shrink(s * 0.12);
    mesh.add_colored_rect(counter, Color32::from_rgb(250, 250, 250));
    mesh.add_colored_rect(counter.shrink((s * 0.04).max(1.0)), unit.color);
    if unit.hp < unit.max_hp {
        let badge =
            Rect::from_min_size(pos2(counter.right() - s * 0.3, counter.bottom() - s * 0.3), vec2(s * 0.34, s * 0.34));
        mesh.add_colored_rect(badge, Color32::from_rgb(20, 20, 20));
    }
    for i in 0..unit.passengers {
        let center = pos2(counter.left() + s * (0.12 + 0.16 * i as f32), counter.top() + s * 0.12);
        mesh.add_colored_rect(Rect::from_center_size(center, vec2(2.0, 2.0)), Color32::WHITE);
    }
}

/// Draws a unit counter: a rounded square in the owner's colour with its symbol (or the
/// designer's art), its HP when damaged, and one dot per passenger.
pub fn draw_unit(painter: &Painter, rect: Rect, unit: &Counter<'_>) {
    let Counter { color, symbol, hp, max_hp, passengers, art } = *unit;
    let s = rect.width();
    let counter = rect.shrink(s * 0.12);
    painter.rect_filled(counter.translate(vec2(s * 0.03, s * 0.03)), s * 0.12, Color32::from_black_alpha(90));
    painter.rect_filled(counter, s * 0.12, color);
    if let Some(texture) = art {
        // The designer's counter art inside the army's colour, which frames it.
        let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
        painter.image(texture, counter.shrink(s * 0.06), uv, Color32::WHITE);
    }
    painter.rect_stroke(
        counter,
        s * 0.12,
        Stroke::new((s * 0.04).max(1.0), Color32::from_rgb(250, 250, 250)),
        StrokeKind::Inside,
    );
    let damaged = hp < max_hp;
    let badge =
        Rect::from_min_size(pos2(counter.right() - s * 0.3, counter.bottom() - s * 0.3), vec2(s * 0.34, s * 0.34));
    if art.is_none() {
        // The type at 12 px or more, wherever it fits across the square (it may cross the
        // counter's white rim on a small one); on a damaged counter it sits above the HP badge,
        // which would otherwise cover its last letter.
        let galley = painter.layout_no_wrap(
            symbol.to_owned(),
            egui::FontId::proportional((s * 0.26).max(MIN_TEXT)),
            Color32::WHITE,
        );
        let size = galley.size();
        if size.x <= s - 2.0 {
            let y = if damaged { counter.center().y.min(badge.top() + 1.0 - size.y / 2.0) } else { counter.center().y };
            painter.galley(pos2(counter.center().x - size.x / 2.0, y - size.y / 2.0), galley, Color32::WHITE);
        }
    }
    if damaged {
        painter.rect_filled(badge, s * 0.06, Color32::from_rgb(20, 20, 20));
        // Its number at 12 px or more, past the badge's edge on a small counter rather than
        // a badge that says nothing.
        if s >= 20.0 {
            painter.text(
                badge.center(),
                egui::Align2::CENTER_CENTER,
                hp.to_string(),
                egui::FontId::monospace((s * 0.24).max(MIN_TEXT)),
                Color32::from_rgb(255, 220, 90),
            );
        }
    }
    for i in 0..passengers {
        let center = pos2(counter.left() + s * (0.12 + 0.16 * i as f32), counter.top() + s * 0.12);
        painter.circle_filled(center, (s * 0.06).max(1.5), Color32::WHITE);
        painter.circle_stroke(center, (s * 0.06).max(1.5), Stroke::new(1.0, Color32::BLACK));
    }
}
