//! Modern Skirmish's table drawn once through the shared `Sketch`, on paper and on screen:
//! the cloth, deployment zones, terrain pieces and every figure's round base in its side's
//! colour.

use crate::export::{INK, Rgb, Sketch};
use crate::systems::modern::ruleset::Ruleset;
use crate::systems::modern::scenario::{ModernScenario, side_of};
use crate::table::ZonePurpose;

/// The sides' colours: Affiliation blue, Antagonist red-brown.
pub const SIDE_COLOURS: [Rgb; 2] = [Rgb(52, 90, 160), Rgb(165, 62, 44)];
/// The table's cloth.
pub const CLOTH: Rgb = Rgb(214, 208, 176);
/// The fire chart's rows: 30, 50 and 60 cm.
pub const BAND_COLOURS: [Rgb; 3] = [Rgb(150, 200, 120), Rgb(240, 214, 110), Rgb(236, 150, 100)];

/// Where the table is drawn (the open-table games' shared frame).
pub use crate::export::TableFrame as Frame;

pub(super) fn outline(sk: &mut dyn Sketch, points: &[(f32, f32)], width: f32, colour: Rgb) {
    for i in 0..points.len() {
        sk.line(points[i], points[(i + 1) % points.len()], width, colour);
    }
}

pub(super) fn rect(sk: &mut dyn Sketch, x: f32, y: f32, w: f32, h: f32, width: f32) {
    outline(sk, &[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], width, INK);
}

/// Short letters and a number for each piece: `B1`, `W2`.
#[must_use]
pub fn piece_labels(rules: &Ruleset, scenario: &ModernScenario) -> Vec<String> {
    let mut numbers = std::collections::BTreeMap::<&str, usize>::new();
    scenario
        .table
        .pieces
        .iter()
        .map(|p| {
            let n = numbers.entry(p.kind.as_str()).or_insert(0);
            *n += 1;
            let letter = rules.kind(&p.kind).and_then(|k| k.name.chars().next()).unwrap_or('?');
            format!("{letter}{n}")
        })
        .collect()
}

/// Draws the table: its terrain, and every figure's base in its side's colour with its unit's
/// number (labels only when `labels`).
pub fn draw_table(sk: &mut dyn Sketch, rules: &Ruleset, scenario: &ModernScenario, frame: &Frame, labels: bool) {
    draw_terrain(sk, rules, scenario, frame, labels);
    let radius = rules.base_um() as f32 / 2.0 * frame.scale;
    for (u, unit) in scenario.units.iter().enumerate() {
        let side = side_of(rules, unit);
        let colour = frame.colour(SIDE_COLOURS[usize::from(side.min(1))]);
        let side_name = rules.side_name(side).to_lowercase();
        for &(x, y) in &unit.figures {
            let c = frame.at((x as f64, y as f64));
            draw_base(sk, c, radius, colour);
            // The designer's top-down image of the troop type inside its base.
            let pose = crate::table::Pose { x, y, facing: crate::table::Facing::default() };
            let inner = crate::table::Footprint::Round { diameter: rules.base_um() * 4 / 5 };
            crate::export::draw_footprint_art(sk, frame, (&unit.troop, Some(&side_name)), &inner, pose);
            if labels && radius >= 4.0 {
                sk.text(c.0 - 2.5, c.1 + 2.5, 7.0, &(u + 1).to_string(), Rgb(255, 255, 255), false);
            }
        }
    }
}

/// A round base at `c` (points) of `radius` points.
pub fn draw_base(sk: &mut dyn Sketch, c: (f32, f32), radius: f32, colour: Rgb) {
    let ring: Vec<(f32, f32)> = (0..16)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 16.0;
            (c.0 + radius * a.cos(), c.1 + radius * a.sin())
        })
        .collect();
    sk.fill_polygon(&ring, colour);
    outline(sk, &ring, 0.5, INK);
}

/// Draws the cloth, the deployment zones and the pieces (labelled when `labels`).
pub fn draw_terrain(sk: &mut dyn Sketch, rules: &Ruleset, scenario: &ModernScenario, frame: &Frame, labels: bool) {
    let table = &scenario.table;
    if !frame.backdrop {
        sk.fill_rect(
            frame.origin.0,
            frame.origin.1,
            table.width as f32 * frame.scale,
            table.depth as f32 * frame.scale,
            frame.colour(CLOTH),
        );
    }
    for zone in &table.zones {
        let colour = zone.owner.map_or(Rgb(120, 120, 120), |o| SIDE_COLOURS[usize::from(o.min(1))]);
        let points: Vec<(f32, f32)> = zone.points.iter().map(|&(x, y)| frame.at((x as f64, y as f64))).collect();
        let wash = if zone.purpose == ZonePurpose::Deployment { 0.82 } else { 0.9 };
        // Over the designer's own table the wash would hide it: the edge says enough.
        if !frame.backdrop {
            sk.fill_polygon(&points, frame.colour(colour.lighter(wash)));
        }
        outline(&mut *sk, &points, 1.0, frame.colour(colour));
        if labels && let Some(&first) = points.first() {
            sk.text(first.0 + 4.0, first.1 + 10.0, 8.0, &zone.name, frame.colour(colour), false);
        }
    }
    let names = piece_labels(rules, scenario);
    for (piece, label) in table.pieces.iter().zip(&names) {
        let colour = rules.kind(&piece.kind).map_or(Rgb(160, 160, 160), |k| Rgb(k.colour.0, k.colour.1, k.colour.2));
        let points: Vec<(f32, f32)> = piece.shape().outline().into_iter().map(|p| frame.at(p)).collect();
        if !crate::export::draw_footprint_art(sk, frame, (&piece.kind, None), &piece.footprint, piece.pose) {
            sk.fill_polygon(&points, frame.colour(colour));
        }
        outline(sk, &points, 0.8, INK);
        if labels {
            let (cx, cy) = frame.at(piece.shape().centre());
            sk.text(cx - 5.0, cy + 3.0, 8.0, label, INK, false);
        }
    }
}
