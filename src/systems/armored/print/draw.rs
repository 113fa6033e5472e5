//! Drawing an Armored Advance table through the print `Sketch`: the same code draws the
//! poster, the setup map, the PNG and the window's map, so the screen and the paper agree.
//! Lengths arrive in micrometres and leave in points at a given scale.

use super::super::ruleset::Ruleset;
use super::super::scenario::ArmoredScenario;
use crate::export::{INK, Rgb, Sketch};
use crate::table::{Piece, Shape, ZonePurpose};

/// The sides' colours: side 1 blue-grey, side 2 red-brown.
pub const SIDE_COLOURS: [Rgb; 2] = [Rgb(58, 92, 150), Rgb(160, 60, 46)];
/// The table's cloth.
pub const CLOTH: Rgb = Rgb(222, 214, 186);

/// Where the table is drawn (the open-table games' shared frame).
pub use crate::export::TableFrame as Frame;

/// A dashed line.
pub fn dashed(sk: &mut dyn Sketch, a: (f32, f32), b: (f32, f32), dash: f32, width: f32, colour: Rgb) {
    let length = (b.0 - a.0).hypot(b.1 - a.1);
    if length <= 0.0 || dash <= 0.0 {
        return;
    }
    let steps = (length / dash).ceil() as usize;
    for i in (0..steps).step_by(2) {
        let t0 = i as f32 * dash / length;
        let t1 = ((i + 1) as f32 * dash / length).min(1.0);
        let p = |t: f32| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        sk.line(p(t0), p(t1), width, colour);
    }
}

/// Strokes a closed outline.
pub fn outline(sk: &mut dyn Sketch, points: &[(f32, f32)], width: f32, colour: Rgb, dash: Option<f32>) {
    for i in 0..points.len() {
        let (a, b) = (points[i], points[(i + 1) % points.len()]);
        match dash {
            Some(d) => dashed(sk, a, b, d, width, colour),
            None => sk.line(a, b, width, colour),
        }
    }
}

/// A shape's outline on the surface.
#[must_use]
pub fn shape_points(frame: &Frame, shape: &Shape) -> Vec<(f32, f32)> {
    shape.outline().into_iter().map(|p| frame.at(p)).collect()
}

/// Draws one piece: its footprint in its kind's colour (washed toward white by `wash`, 0 to
/// 1, for templates that are cut out), its walls thick, its label.
pub fn draw_piece(sk: &mut dyn Sketch, rules: &Ruleset, frame: &Frame, piece: &Piece, label: Option<&str>, wash: f32) {
    let kind = rules.kind(&piece.kind);
    let colour = kind.map_or(Rgb(160, 160, 160), |k| Rgb(k.colour.0, k.colour.1, k.colour.2)).lighter(wash);
    let points = shape_points(frame, &piece.shape());
    if !crate::export::draw_footprint_art(sk, frame, (&piece.kind, None), &piece.footprint, piece.pose) {
        sk.fill_polygon(&points, frame.colour(colour));
    }
    outline(sk, &points, 0.6, INK, None);
    for wall in piece.wall_lines() {
        sk.line(frame.at(wall.a), frame.at(wall.b), (0.25 * rules.unit.um() as f32 * frame.scale).max(1.5), INK);
    }
    if kind.is_some_and(|k| k.wall) && piece.walls.is_empty() {
        // A wall piece without drawn segments: its whole length stands as a wall.
        let shape = piece.shape();
        let (cx, cy) = shape.centre();
        let (fx, fy) = piece.pose.facing.vector();
        let half = match &piece.footprint {
            crate::table::Footprint::Rect { width, .. } => *width as f64 / 2.0,
            other => other.reach(),
        };
        let (rx, ry) = (-fy, fx);
        sk.line(frame.at((cx - rx * half, cy - ry * half)), frame.at((cx + rx * half, cy + ry * half)), 1.8, INK);
    }
    if let Some(text) = label {
        chip_label(sk, frame.at(piece.shape().centre()), text, 7.0);
    }
}

/// A label centred on `centre` on a white chip with a thin edge, so it reads on any colour (a
/// black wall, dark tank traps) and nothing drawn earlier hides it.
pub fn chip_label(sk: &mut dyn Sketch, centre: (f32, f32), text: &str, size: f32) {
    // Ubuntu's figures and capitals are about 0.6 em wide.
    let width = text.chars().count() as f32 * size * 0.6 + 3.0;
    let height = size + 2.0;
    let (x, y) = (centre.0 - width / 2.0, centre.1 - height / 2.0);
    sk.fill_rect(x, y, width, height, Rgb(255, 255, 255));
    outline(sk, &[(x, y), (x + width, y), (x + width, y + height), (x, y + height)], 0.4, INK, None);
    sk.text(x + 1.5, y + height - 2.2, size, text, INK, false);
}

/// Draws the whole table: cloth, zones, ground, pieces, objectives and units; `labels` writes
/// names (the poster and the setup map), which the PNG leaves out.
pub fn draw_table(sk: &mut dyn Sketch, rules: &Ruleset, scenario: &ArmoredScenario, frame: &Frame, labels: bool) {
    let table = &scenario.table;
    let (w, d) = (table.width as f32 * frame.scale, table.depth as f32 * frame.scale);
    if !frame.backdrop {
        sk.fill_rect(frame.origin.0, frame.origin.1, w, d, frame.colour(CLOTH));
    }
    let inch = rules.unit.um() as f32 * frame.scale;
    // Zones: a wash of the side's colour and a dashed edge.
    for zone in &table.zones {
        let colour = zone.owner.map_or(Rgb(120, 120, 120), |o| SIDE_COLOURS[usize::from(o.min(1))]);
        let points: Vec<(f32, f32)> = zone.points.iter().map(|&(x, y)| frame.at((x as f64, y as f64))).collect();
        let wash = if zone.purpose == ZonePurpose::Deployment { 0.82 } else { 0.9 };
        // Over the designer's own table the wash would hide it: the dashed edge says enough.
        if !frame.backdrop {
            sk.fill_polygon(&points, frame.colour(colour.lighter(wash)));
        }
        outline(sk, &points, 1.2, frame.colour(colour), Some((inch / 2.0).max(3.0)));
        if labels && let Some(&first) = points.first() {
            sk.text(first.0 + 4.0, first.1 + 10.0, 8.0, &zone.name, frame.colour(colour), false);
        }
    }
    // Ground first, so pieces stand on roads and mud.
    let ground = |p: &&Piece| rules.kind(&p.kind).is_some_and(|k| k.may_overlap);
    for piece in table.pieces.iter().filter(ground) {
        draw_piece(sk, rules, frame, piece, None, 0.0);
    }
    for piece in table.pieces.iter().filter(|p| !ground(p)) {
        draw_piece(sk, rules, frame, piece, None, 0.0);
    }
    for objective in &table.objectives {
        let shape = objective.shape();
        let points = shape_points(frame, &shape);
        sk.fill_polygon(&points, frame.colour(Rgb(240, 200, 60)));
        outline(sk, &points, 0.8, INK, None);
        let ring =
            Shape::circle(geo::Coord { x: objective.at.0 as f64, y: objective.at.1 as f64 }, objective.radius as f64);
        outline(sk, &shape_points(frame, &ring), 0.8, frame.colour(Rgb(150, 110, 20)), Some(4.0));
        if labels {
            let (x, y) = frame.at((objective.at.0 as f64, objective.at.1 as f64));
            sk.text(x + 4.0 + objective.marker as f32 * frame.scale / 2.0, y + 3.0, 8.0, &objective.name, INK, false);
        }
    }
    for unit in &table.units {
        let Some(hull) = rules.hull(&unit.profile) else { continue };
        let shape = hull.place(unit.pose);
        let colour = SIDE_COLOURS[usize::from(unit.owner.min(1))];
        let points = shape_points(frame, &shape);
        // The designer's top-down image of the model inside its hull, framed in its side's
        // colour, or the side's colour alone.
        let side = scenario.sides.get(usize::from(unit.owner)).map(|s| s.to_lowercase());
        if crate::export::draw_footprint_art(sk, frame, (&unit.profile, side.as_deref()), &hull, unit.pose) {
            outline(sk, &points, 1.2, frame.colour(colour), None);
        } else {
            sk.fill_polygon(&points, frame.colour(colour));
            outline(sk, &points, 0.6, INK, None);
        }
        // The front: a tick from the centre along the facing.
        let (fx, fy) = unit.pose.facing.vector();
        let reach = hull.reach() * 0.9;
        let c = (unit.pose.x as f64, unit.pose.y as f64);
        sk.line(frame.at(c), frame.at((c.0 + fx * reach, c.1 + fy * reach)), 1.4, Rgb(250, 250, 250));
    }
    if labels {
        // Last, over everything: each piece's letters and number (as the setup list names it)
        // and each unit's number, so mud under a building or a label on a black wall still reads.
        for (piece, label) in table.pieces.iter().zip(piece_labels(rules, scenario)) {
            chip_label(sk, frame.at(piece.shape().centre()), &label, 7.0);
        }
        for (index, unit) in table.units.iter().enumerate() {
            chip_label(sk, frame.at((unit.pose.x as f64, unit.pose.y as f64)), &(index + 1).to_string(), 6.5);
        }
    }
}

/// Each piece's short label on the map and in the setup list: its kind's letters and its
/// number among pieces of that kind (`B2`, `TT1`).
#[must_use]
pub fn piece_labels(rules: &Ruleset, scenario: &ArmoredScenario) -> Vec<String> {
    let mut numbers = std::collections::BTreeMap::<&str, usize>::new();
    scenario
        .table
        .pieces
        .iter()
        .map(|piece| {
            let n = numbers.entry(piece.kind.as_str()).or_insert(0);
            *n += 1;
            format!("{}{n}", initials(rules, &piece.kind))
        })
        .collect()
}

/// Short letters for a kind on the map: `B` for building, `TT` for tank traps.
#[must_use]
pub fn initials(rules: &Ruleset, kind: &str) -> String {
    rules.kind(kind).map_or_else(
        || kind.chars().take(2).collect(),
        |k| k.name.split_whitespace().filter_map(|w| w.chars().next()).flat_map(char::to_uppercase).collect(),
    )
}
