//! Drawing the board for print, on any surface that can fill rectangles and polygons, stroke
//! lines and write text: the PDF pages and the PNG image share this code, so they agree.

use crate::export::Sketch;
use crate::systems::swat::colours::{self, Rgb};
use crate::systems::swat::rules::{Pos, PropertyKind, Ruleset, TerrainId};
use crate::systems::swat::scenario::{Army, Scenario};

/// Colour or ink-saving greyscale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Print greys; owners are told apart by pattern and letter.
    pub greyscale: bool,
}

impl Style {
    /// A colour, greyed when printing in greyscale.
    #[must_use]
    pub fn ink(&self, color: Rgb) -> Rgb {
        // Greyscale is also ink-saving: every grey is lightened toward white.
        if self.greyscale { color.grey().lighter(0.45) } else { color }
    }

    /// An army's fill.
    #[must_use]
    pub fn army(&self, army: Army) -> Rgb {
        if self.greyscale {
            // Distinct greys, light enough for black letters.
            match army {
                Army::Red => Rgb(150, 150, 150),
                Army::Blue => Rgb(190, 190, 190),
                Army::Green => Rgb(120, 120, 120),
                Army::Yellow => Rgb(225, 225, 225),
            }
        } else {
            colours::army(army)
        }
    }

    /// Draws the army's hatching over a rectangle in greyscale, so owners differ by pattern.
    pub fn army_pattern(&self, sk: &mut dyn Sketch, army: Army, x: f32, y: f32, w: f32, h: f32) {
        if !self.greyscale {
            return;
        }
        let stroke = (w.min(h) * 0.04).max(0.4);
        sk.push_clip(x, y, w, h);
        let step = w.min(h) / 4.0;
        let mut i = -4.0;
        while i <= 8.0 {
            let o = i * step;
            match army {
                Army::Red => {}
                Army::Blue => sk.line((x + o, y), (x + o + h, y + h), stroke, colours::BLACK),
                Army::Green => sk.line((x + o + h, y), (x + o, y + h), stroke, colours::BLACK),
                Army::Yellow => {
                    sk.line((x + o, y), (x + o + h, y + h), stroke, colours::BLACK);
                    sk.line((x + o + h, y), (x + o, y + h), stroke, colours::BLACK);
                }
            }
            i += 1.0;
        }
        sk.pop_clip();
    }
}

/// Where and how large the board's squares are drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// The page position of square (0, 0)'s top-left corner.
    pub origin: (f32, f32),
    /// The side of a square, in points.
    pub square: f32,
    /// A background image lies under the board.
    pub backdrop: bool,
}

impl Frame {
    /// Top-left corner of a square.
    #[must_use]
    pub fn corner(&self, x: u16, y: u16) -> (f32, f32) {
        (self.origin.0 + f32::from(x) * self.square, self.origin.1 + f32::from(y) * self.square)
    }
}

/// Draws squares `x0..x1` x `y0..y1` of a scenario: terrain with its glyphs, properties in
/// their owners' colours, grid lines, and the starting units' squares marked.
#[expect(clippy::too_many_arguments, reason = "a region of a board, its frame and its style")]
pub fn draw_region(
    sk: &mut dyn Sketch,
    rules: &Ruleset,
    scenario: &Scenario,
    style: Style,
    frame: Frame,
    xs: (u16, u16),
    ys: (u16, u16),
    units: bool,
) {
    let s = frame.square;
    // Over a background image the commonest terrain is left unpainted, so the image shows
    // through it; every other square is painted over it.
    let open_ground = if frame.backdrop { scenario.board.commonest_terrain() } else { None };
    for y in ys.0..ys.1.min(scenario.board.height) {
        for x in xs.0..xs.1.min(scenario.board.width) {
            let pos = Pos::new(x, y);
            let (px, py) = frame.corner(x, y);
            if open_ground != Some(scenario.terrain_at(pos)) {
                draw_terrain(sk, rules, style, scenario.terrain_at(pos), px, py, s);
            }
            if let Some(kind) = rules.terrains.get(scenario.terrain_at(pos).index()).and_then(|t| t.property) {
                let army =
                    scenario.owners.get(&pos).and_then(|&o| scenario.players.get(usize::from(o))).map(|p| p.army);
                draw_property(sk, style, kind, army, px, py, s);
            }
        }
    }
    let grid = Rgb(60, 60, 60);
    let width = (s * 0.012).max(0.3);
    let (left, top) = frame.corner(xs.0, ys.0);
    let (right, bottom) = frame.corner(xs.1.min(scenario.board.width), ys.1.min(scenario.board.height));
    for x in xs.0..=xs.1.min(scenario.board.width) {
        let (px, _) = frame.corner(x, 0);
        let tile_edge = is_tile_edge(x, scenario.board.width, scenario.tile_size);
        sk.line((px, top), (px, bottom), if tile_edge { width * 3.0 } else { width }, grid);
    }
    for y in ys.0..=ys.1.min(scenario.board.height) {
        let (_, py) = frame.corner(0, y);
        let tile_edge = is_tile_edge(y, scenario.board.height, scenario.tile_size);
        sk.line((left, py), (right, py), if tile_edge { width * 3.0 } else { width }, grid);
    }
    // Coordinates in each square's corner, so a loose page can be placed and a square named.
    if s >= 20.0 {
        for y in ys.0..ys.1.min(scenario.board.height) {
            for x in xs.0..xs.1.min(scenario.board.width) {
                let (px, py) = frame.corner(x, y);
                sk.text(px + s * 0.04, py + s * 0.97, s * 0.11, &format!("{x},{y}"), Rgb(40, 40, 40), true);
            }
        }
    }
    if units {
        for unit in
            scenario.units.iter().filter(|u| u.pos.x >= xs.0 && u.pos.x < xs.1 && u.pos.y >= ys.0 && u.pos.y < ys.1)
        {
            let (px, py) = frame.corner(unit.pos.x, unit.pos.y);
            let army = scenario.players.get(usize::from(unit.owner)).map_or(Army::Red, |p| p.army);
            let symbol = rules.unit_id(&unit.kind).map_or("?", |k| rules.unit(k).symbol.as_str());
            // A setup marker: a ring in the owner's colour with the unit's symbol, around the
            // designer's counter art where there is some.
            let inset = s * 0.22;
            if let Some(art) = sk.art(&unit.kind, Some(&army.name().to_lowercase()), None) {
                sk.picture(px + inset, py + inset, s - 2.0 * inset, s - 2.0 * inset, &art);
            }
            let ring = style.army(army);
            let w = (s * 0.06).max(0.5);
            let (a, b, c, d) = (
                (px + inset, py + inset),
                (px + s - inset, py + inset),
                (px + s - inset, py + s - inset),
                (px + inset, py + s - inset),
            );
            for (p, q) in [(a, b), (b, c), (c, d), (d, a)] {
                sk.line(p, q, w, ring);
            }
            // Centred in the ring, with room to spare (about half an em a letter).
            let size = s * 0.15;
            let width = symbol.chars().count() as f32 * size * 0.6;
            sk.text(px + (s - width) / 2.0, py + s * 0.55, size, symbol, colours::BLACK, false);
        }
    }
}

fn draw_terrain(sk: &mut dyn Sketch, rules: &Ruleset, style: Style, terrain: TerrainId, x: f32, y: f32, s: f32) {
    let name = rules.terrains.get(terrain.index()).map_or("", |t| t.id.as_str());
    let base = if name == "road" { colours::terrain("plain") } else { colours::terrain(name) };
    sk.fill_rect(x, y, s, s, style.ink(base));
    // The designer's art for this terrain fills the square in place of the studio's symbol.
    if let Some(art) = sk.art(name, None, None) {
        sk.picture(x, y, s, s, &art);
        return;
    }
    let c = (x + s / 2.0, y + s / 2.0);
    let dark = |rgb: Rgb| style.ink(rgb);
    match name {
        "forest" => {
            for (dx, dy) in [(-0.2, 0.1), (0.18, -0.05), (0.0, 0.28)] {
                let top = (c.0 + dx * s, c.1 + (dy - 0.22) * s);
                let base_y = c.1 + (dy + 0.1) * s;
                sk.fill_polygon(&[top, (top.0 + 0.16 * s, base_y), (top.0 - 0.16 * s, base_y)], dark(Rgb(38, 96, 44)));
            }
        }
        "hill" => {
            let peak = (c.0, c.1 - 0.32 * s);
            sk.fill_polygon(
                &[peak, (c.0 + 0.38 * s, c.1 + 0.3 * s), (c.0 - 0.38 * s, c.1 + 0.3 * s)],
                dark(Rgb(128, 100, 66)),
            );
        }
        "road" => sk.fill_rect(x, c.1 - 0.25 * s, s, 0.5 * s, dark(Rgb(160, 156, 146))),
        "bridge" => {
            sk.fill_rect(x, y + 0.2 * s, s, 0.6 * s, dark(Rgb(150, 110, 70)));
            for i in 1..4 {
                let px = x + s * i as f32 / 4.0;
                sk.line((px, y + 0.2 * s), (px, y + 0.8 * s), (s * 0.02).max(0.3), dark(Rgb(100, 70, 40)));
            }
        }
        "river" | "water" => {
            let wave = if style.greyscale { colours::BLACK } else { Rgb(235, 245, 255) };
            for row in [-0.18, 0.16] {
                let yy = c.1 + row * s;
                let mut last = (x + 0.15 * s, yy);
                for i in 1..=6 {
                    let next =
                        (x + s * (0.15 + 0.7 * i as f32 / 6.0), yy + if i % 2 == 0 { -0.05 * s } else { 0.05 * s });
                    sk.line(last, next, (s * 0.03).max(0.4), wave);
                    last = next;
                }
            }
        }
        _ => {}
    }
}

/// Draws a property, with its owner's colour, pattern and letter.
pub fn draw_property(
    sk: &mut dyn Sketch,
    style: Style,
    kind: PropertyKind,
    army: Option<Army>,
    x: f32,
    y: f32,
    s: f32,
) {
    let fill = army.map_or(style.ink(colours::NEUTRAL), |a| style.army(a));
    let outline = colours::BLACK;
    let w = (s * 0.03).max(0.4);
    let (bx, by, bw, bh) = match kind {
        PropertyKind::City => (x + 0.2 * s, y + 0.25 * s, 0.6 * s, 0.55 * s),
        PropertyKind::Factory => (x + 0.14 * s, y + 0.42 * s, 0.72 * s, 0.38 * s),
        PropertyKind::Hq => (x + 0.16 * s, y + 0.48 * s, 0.68 * s, 0.34 * s),
    };
    sk.fill_rect(bx, by, bw, bh, fill);
    if let Some(army) = army {
        style.army_pattern(sk, army, bx, by, bw, bh);
    }
    for (a, b) in [
        ((bx, by), (bx + bw, by)),
        ((bx + bw, by), (bx + bw, by + bh)),
        ((bx + bw, by + bh), (bx, by + bh)),
        ((bx, by + bh), (bx, by)),
    ] {
        sk.line(a, b, w, outline);
    }
    match kind {
        PropertyKind::Factory => {
            for i in 0..3 {
                let x0 = bx + bw * i as f32 / 3.0;
                let x1 = bx + bw * (i + 1) as f32 / 3.0;
                sk.fill_polygon(&[(x0, by), (x1, by - 0.18 * s), (x1, by)], fill);
            }
        }
        PropertyKind::Hq => {
            let pole = (bx + bw * 0.3, by);
            sk.line(pole, (pole.0, y + 0.1 * s), w * 1.5, outline);
            sk.fill_polygon(&[(pole.0, y + 0.1 * s), (pole.0 + 0.3 * s, y + 0.2 * s), (pole.0, y + 0.3 * s)], fill);
        }
        PropertyKind::City => {
            for (dx, dy) in [(0.1, 0.1), (0.32, 0.1), (0.1, 0.3), (0.32, 0.3)] {
                sk.fill_rect(bx + dx * s, by + dy * s, 0.1 * s, 0.1 * s, Rgb(60, 60, 70));
            }
        }
    }
    let letter = army.map_or("N", colours::army_letter);
    let label = match kind {
        PropertyKind::City => letter.to_owned(),
        PropertyKind::Factory => letter.to_owned(),
        PropertyKind::Hq => format!("HQ {letter}"),
    };
    if s >= 14.0 {
        // Centred in the building with a margin all round (about 0.6 em a letter), and no
        // bigger than its inner width allows, so "HQ R" neither touches the walls nor crowds.
        let chars = label.chars().count() as f32;
        let size = (s * 0.15).min(bw * 0.75 / (chars * 0.6));
        let width = chars * size * 0.6;
        sk.text(bx + (bw - width) / 2.0, by + bh / 2.0 + size * 0.35, size, &label, colours::BLACK, false);
    }
}

/// Draws a unit counter face: the owner's colour and pattern, the symbol, the unit's name, and
/// the HP numbers on its edges for the rules' rotation convention (the current HP is turned to
/// face its owner): four numbers, one per edge.
#[expect(clippy::too_many_arguments, reason = "a counter face and where")]
pub fn draw_counter(
    sk: &mut dyn Sketch,
    style: Style,
    (army, kind): (Army, &str),
    symbol: &str,
    name: &str,
    hp: [u8; 4],
    reduced: bool,
    x: f32,
    y: f32,
    s: f32,
) {
    let fill = if reduced { style.army(army).lighter(0.45) } else { style.army(army) };
    sk.fill_rect(x, y, s, s, fill);
    style.army_pattern(sk, army, x, y, s, s);
    // The designer's art for this kind (for this army and face where given) lies inside the
    // army's border, which keeps the edge numbers on plain colour; the symbol and the name
    // keep their dark band over it.
    let face = reduced.then_some("reduced");
    if let Some(art) = sk.art(kind, Some(&army.name().to_lowercase()), face) {
        let inset = COUNTER_ART_INSET * s;
        sk.picture(x + inset, y + inset, s - 2.0 * inset, s - 2.0 * inset, &art);
    }
    let w = (s * 0.02).max(0.4);
    for (a, b) in
        [((x, y), (x + s, y)), ((x + s, y), (x + s, y + s)), ((x + s, y + s), (x, y + s)), ((x, y + s), (x, y))]
    {
        sk.line(a, b, w, colours::BLACK);
    }
    let text = if style.greyscale { colours::BLACK } else { colours::WHITE };
    sk.fill_rect(
        x + 0.22 * s,
        y + 0.3 * s,
        0.56 * s,
        0.36 * s,
        if style.greyscale { colours::WHITE } else { Rgb(30, 30, 30) },
    );
    sk.text(
        x + 0.27 * s,
        y + 0.53 * s,
        s * 0.17,
        symbol,
        if style.greyscale { colours::BLACK } else { colours::WHITE },
        false,
    );
    sk.text(
        x + 0.25 * s,
        y + 0.62 * s,
        s * 0.07,
        name,
        if style.greyscale { colours::BLACK } else { colours::WHITE },
        false,
    );
    let size = s * 0.13;
    // One number per edge, upright when that edge is turned away from its owner (the rules'
    // rotation convention): top, right, bottom, left, each turned a further quarter.
    let (cx, cy) = (x + s / 2.0, y + s / 2.0);
    let half = size * 0.3;
    let inner = 0.05 * s + 0.75 * size;
    let spots =
        [(cx - half, y + inner), (x + s - inner, cy - half), (cx + half, y + s - inner), (x + inner, cy + half)];
    for (turns, (value, (tx, ty))) in hp.iter().zip(spots).enumerate() {
        sk.text_turned(tx, ty, size, &value.to_string(), text, u8::try_from(turns).unwrap_or(0));
    }
    if reduced {
        sk.text(x + 0.05 * s, y + 0.16 * s, s * 0.08, "RED.", text, false);
    }
}

/// How far in from a counter's edge its art starts, as a share of its side: the border
/// outside it holds the edge numbers on the army's plain colour.
pub const COUNTER_ART_INSET: f32 = 0.17;

/// Whether grid line `at` (of a side `side` squares long) is drawn heavy: the board's border and,
/// when the board is built of tiles larger than a square, every tile edge.
fn is_tile_edge(at: u16, side: u16, tile_size: u8) -> bool {
    at == 0 || at >= side || (tile_size > 1 && at.is_multiple_of(u16::from(tile_size)))
}
