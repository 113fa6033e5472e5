//! The Skirm battle map drawn once through the shared `Sketch`, on paper and on screen: walls
//! as thick lines, doors, height shading with level numbers and contour lines, difficult
//! squares hatched, objectives, items, deployment zones and units.

use crate::board::{EdgeAxis, Pos};
use crate::export::{INK, Rgb, Sketch};
use crate::systems::skirm::rules::{ItemKind, Movement, Ruleset};
use crate::systems::skirm::scenario::SkirmScenario;

/// The two squads' colours: red and blue, as the window draws them.
pub(super) const SQUAD_COLOURS: [Rgb; 2] = [Rgb(196, 52, 44), Rgb(40, 92, 180)];

/// A squad's ink: its colour, or in greyscale a dark grey for A and a light one for B (the
/// two colours would grey to nearly the same shade).
pub(super) fn squad_ink(squad: usize, greyscale: bool) -> Rgb {
    match (greyscale, squad % 2) {
        (false, s) => SQUAD_COLOURS[s],
        (true, 0) => Rgb(40, 40, 40),
        (true, _) => Rgb(165, 165, 165),
    }
}

/// Ink or its grey, for the greyscale print.
pub(super) fn ink(color: Rgb, greyscale: bool) -> Rgb {
    if greyscale { color.grey().lighter(0.35) } else { color }
}

/// Draws squares `xs` x `ys` of the battle map with its top-left corner at `origin`, on paper
/// and, through the window's own sketch, on screen; `full` adds the small print (levels,
/// letters, initials) where there is room for it. With `backdrop` (a background image lies
/// under the map) the commonest terrain at ground level is left unpainted, so the image shows
/// through it, and every other square is painted over it.
#[expect(clippy::too_many_arguments, reason = "a region of a map and how to draw it")]
pub fn draw_battle_map(
    sk: &mut dyn Sketch,
    rules: &Ruleset,
    scenario: &SkirmScenario,
    (greyscale, backdrop): (bool, bool),
    origin: (f32, f32),
    square: f32,
    xs: (u16, u16),
    ys: (u16, u16),
    full: bool,
) {
    let board = &scenario.board;
    let open_ground = if backdrop { board.commonest_terrain() } else { None };
    let (x1, y1) = (xs.1.min(board.width), ys.1.min(board.height));
    let corner = |x: u16, y: u16| (origin.0 + f32::from(x) * square, origin.1 + f32::from(y) * square);
    // Nothing spills past the region (a wall on its border belongs to both sides, and each
    // side draws its half).
    let (left, top) = corner(xs.0, ys.0);
    let (right, bottom) = corner(x1, y1);
    sk.push_clip(left, top, right - left, bottom - top);
    for y in ys.0..y1 {
        for x in xs.0..x1 {
            let pos = Pos::new(x, y);
            let (px, py) = corner(x, y);
            let movement = rules.terrains.get(board.terrain_at(pos).index()).map_or(Movement::Open, |t| t.movement);
            // Higher ground is darker: each level a step toward the terrain's shadow.
            let level = board.height_at(pos);
            let base = match movement {
                Movement::Open => Rgb(238, 232, 214),
                Movement::Difficult => Rgb(206, 220, 186),
                Movement::Impassable => Rgb(92, 88, 84),
            };
            let shade = |c: u8| c.saturating_sub(level.saturating_mul(22));
            let fill = Rgb(shade(base.0), shade(base.1), shade(base.2));
            if !(level == 0 && open_ground == Some(board.terrain_at(pos))) {
                sk.fill_rect(px, py, square, square, ink(fill, greyscale));
            }
            // The designer's art for this terrain fills the square in place of the hatching;
            // heights, contours, walls and doors are still drawn over it.
            let terrain_id = rules.terrains.get(board.terrain_at(pos).index()).map_or("", |t| t.id.as_str());
            let art = sk.art(terrain_id, None, None);
            if let Some(picture) = &art {
                sk.picture(px, py, square, square, picture);
            }
            if movement == Movement::Difficult && art.is_none() {
                // Hatched, so difficult ground reads in greyscale too.
                sk.push_clip(px, py, square, square);
                let mut d = -square;
                while d < square {
                    sk.line((px + d, py + square), (px + d + square, py), 0.5, ink(Rgb(110, 140, 90), greyscale));
                    d += square / 5.0;
                }
                sk.pop_clip();
            }
            if rules.terrains.get(board.terrain_at(pos).index()).is_some_and(|t| t.stairs) {
                // Stairs or a slope: treads across the square.
                for i in 1..5 {
                    let y = py + square * i as f32 / 5.0;
                    sk.line((px + square * 0.12, y), (px + square * 0.88, y), 1.0, ink(Rgb(90, 70, 50), greyscale));
                }
            }
            sk.line((px, py), (px + square, py), 0.3, Rgb(150, 150, 150));
            sk.line((px, py), (px, py + square), 0.3, Rgb(150, 150, 150));
            if level > 0 && full {
                sk.text(px + 2.0, py + square * 0.22, square * 0.2, &format!("{level}"), INK, true);
            }
            // Contour lines where the level changes, on the higher square's side.
            for (dx, dy) in [(1i32, 0i32), (0, 1)] {
                let Some(next) = crate::board::shift(pos, dx, dy).filter(|&q| board.contains(q)) else { continue };
                if board.height_at(next) != level {
                    let (a, b) = if dx == 1 {
                        ((px + square, py), (px + square, py + square))
                    } else {
                        ((px, py + square), (px + square, py + square))
                    };
                    sk.line(a, b, 1.4, ink(Rgb(120, 80, 40), greyscale));
                }
            }
        }
    }
    // Deployment zones: a band of the squad's colour inside each square, with its letter.
    for (squad, zone) in scenario.zones.iter().enumerate() {
        let colour = squad_ink(squad, greyscale);
        for &pos in zone.iter().filter(|p| (xs.0..x1).contains(&p.x) && (ys.0..y1).contains(&p.y)) {
            let (px, py) = corner(pos.x, pos.y);
            let band = square * 0.045;
            sk.fill_rect(px, py, square, band, colour);
            sk.fill_rect(px, py + square - band, square, band, colour);
            sk.fill_rect(px, py, band, square, colour);
            sk.fill_rect(px + square - band, py, band, square, colour);
            if full {
                let letter = if squad == 0 { "A" } else { "B" };
                sk.text(px + square * 0.72, py + square * 0.3, square * 0.2, letter, colour, false);
            }
        }
    }
    let within = |p: Pos| (xs.0..x1).contains(&p.x) && (ys.0..y1).contains(&p.y);
    let centre = |p: Pos| {
        let (px, py) = corner(p.x, p.y);
        (px + square / 2.0, py + square / 2.0)
    };
    let polygon = |sides: usize, (cx, cy): (f32, f32), r: f32, turn: f32| -> Vec<(f32, f32)> {
        (0..sides)
            .map(|i| {
                let a = turn + i as f32 * std::f32::consts::TAU / sides as f32;
                (cx + r * a.cos(), cy + r * a.sin())
            })
            .collect()
    };
    for &pos in scenario.objectives.iter().filter(|&&p| within(p)) {
        let c = centre(pos);
        sk.fill_polygon(&polygon(8, c, square * 0.34, 0.0), ink(Rgb(222, 176, 40), greyscale));
        sk.fill_polygon(&polygon(8, c, square * 0.22, 0.0), Rgb(255, 255, 255));
        if full {
            sk.text(c.0 - square * 0.08, c.1 + square * 0.08, square * 0.24, "O", INK, false);
        }
    }
    for &pos in scenario.markers.iter().filter(|&&p| within(p)) {
        sk.fill_polygon(&polygon(4, centre(pos), square * 0.2, 0.0), ink(Rgb(120, 60, 160), greyscale));
    }
    for (pos, item) in scenario.items.iter().filter(|(p, _)| within(*p)) {
        let c = centre(*pos);
        // The designer's art for this kind of item, in place of the studio's shape.
        if let Some(picture) = sk.art(item_art_name(item), None, None) {
            let side = square * 0.7;
            sk.picture(c.0 - side / 2.0, c.1 - side / 2.0, side, side, &picture);
            continue;
        }
        let (shape, colour, letter) = match item {
            ItemKind::Crate => (polygon(4, c, square * 0.3, std::f32::consts::FRAC_PI_4), Rgb(150, 100, 50), "C"),
            // A hexagon ringed in black with a warning mark: never mistaken for a unit's disc.
            ItemKind::Barrel => {
                sk.fill_polygon(&polygon(6, c, square * 0.32, 0.0), ink(Rgb(25, 25, 25), greyscale));
                (polygon(6, c, square * 0.24, 0.0), Rgb(240, 150, 20), "!")
            }
            ItemKind::Turret(_) => (polygon(3, c, square * 0.32, -std::f32::consts::FRAC_PI_2), Rgb(70, 70, 70), "T"),
        };
        sk.fill_polygon(&shape, ink(colour, greyscale));
        if full {
            sk.text(c.0 - square * 0.07, c.1 + square * 0.08, square * 0.22, letter, Rgb(255, 255, 255), false);
        }
    }
    // Units placed by the scenario: a disc of the squad's colour with the unit's mark (its
    // initial, and its number where the squad has several of its name: "R2").
    for (squad_index, squad) in scenario.squads.iter().enumerate() {
        for (unit, mark) in squad.units.iter().zip(&squad.counter_marks(rules)) {
            let Some(pos) = unit.pos.filter(|&p| within(p)) else { continue };
            let c = centre(pos);
            sk.fill_polygon(&polygon(20, c, square * 0.3, 0.0), squad_ink(squad_index, greyscale));
            // The designer's portrait inside the squad's disc, the mark then left out.
            let portrait = [&unit.name, &unit.profile]
                .into_iter()
                .filter(|key| !key.is_empty())
                .find_map(|key| sk.art(key, None, None));
            if let Some(picture) = portrait {
                let side = square * 0.42;
                sk.picture(c.0 - side / 2.0, c.1 - side / 2.0, side, side, &picture);
                continue;
            }
            if full {
                let chars = mark.chars().count().max(1) as f32;
                let size = square * (0.3 - 0.04 * chars).max(0.16);
                let half_width = chars * size * 0.3;
                sk.text(c.0 - half_width, c.1 + size * 0.35, size, mark, Rgb(255, 255, 255), false);
            }
        }
    }
    // Walls last, over everything: thick dark lines on the grid lines, thicker for taller
    // walls, dashed where climbable; doors as a gap with a leaf (open: swung aside).
    for (edge, feature) in &board.edges {
        let (a, b) = match edge.axis {
            EdgeAxis::Horizontal => (corner(edge.x, edge.y), corner(edge.x + 1, edge.y)),
            EdgeAxis::Vertical => (corner(edge.x, edge.y), corner(edge.x, edge.y + 1)),
        };
        // An edge borders the region when it lies on one of the region's grid lines (the clip
        // keeps the half outside from showing).
        let borders = match edge.axis {
            EdgeAxis::Horizontal => (xs.0..x1).contains(&edge.x) && (ys.0..=y1).contains(&edge.y),
            EdgeAxis::Vertical => (xs.0..=x1).contains(&edge.x) && (ys.0..y1).contains(&edge.y),
        };
        if !borders {
            continue;
        }
        let at = |t: f32| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        if let Some(wall) = feature.wall {
            let width = square * (0.09 + 0.025 * f32::from(wall.height.min(4)));
            let dark = ink(Rgb(40, 36, 34), greyscale);
            if wall.climbable {
                for i in 0..4 {
                    let t0 = i as f32 / 4.0;
                    sk.line(at(t0), at(t0 + 0.16), width, dark);
                }
            } else {
                sk.line(a, b, width, dark);
            }
            if wall.height > 1 && full {
                let mid = ((a.0 + b.0) / 2.0 + 2.0, (a.1 + b.1) / 2.0 - 2.0);
                sk.text(mid.0, mid.1, square * 0.16, &format!("{}", wall.height), Rgb(255, 255, 255), true);
            }
        }
        if let Some(door) = feature.door {
            let leaf = ink(Rgb(168, 110, 52), greyscale);
            // The gap in the wall, the width of the door.
            sk.line(at(0.2), at(0.8), square * 0.16, Rgb(255, 255, 255));
            if door.open {
                // Swung open: the leaf stands across the edge from its hinge.
                let hinge = at(0.2);
                let (dx, dy) = ((b.1 - a.1) * 0.6, (a.0 - b.0) * 0.6);
                sk.line(hinge, (hinge.0 + dx, hinge.1 + dy), square * 0.06, leaf);
            } else {
                sk.line(at(0.2), at(0.8), square * 0.1, leaf);
            }
        }
    }
    sk.pop_clip();
}

/// The name an item's art is given by in a scenario's `art.kinds`: `crate`, `barrel`, `turret`.
#[must_use]
pub fn item_art_name(item: &ItemKind) -> &'static str {
    match item {
        ItemKind::Crate => "crate",
        ItemKind::Barrel => "barrel",
        ItemKind::Turret(_) => "turret",
    }
}
