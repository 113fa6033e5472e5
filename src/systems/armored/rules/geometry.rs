//! The table as the rules measure it: each unit's hull or base where it stands, edge-to-edge
//! range, sight with the readings' threshold, what a line of fire crosses (foliage, walls),
//! bearings, arcs and the armour face a shot strikes.

use super::readings::{ArcEdge, ArcMeasure, Asked, Readings};
use super::state::{GameState, Unit};
use crate::systems::armored::ruleset::{Keyword, Profile, Ruleset};
use crate::table::measure::length;
use crate::table::{Eye, Obstacle, Piece, Scene, Shape, UM_PER_INCH, distance_um};

/// A piece as sight sees it: a building hides what is behind it; a wall piece without drawn
/// segments stands as one wall along its width, its full height.
#[must_use]
pub fn obstacle(data: &Ruleset, piece: &Piece) -> Obstacle {
    let kind = data.kind(&piece.kind);
    let mut obstacle = piece.obstacle(kind.is_some_and(|k| k.blocks_sight));
    if kind.is_some_and(|k| k.wall) && piece.walls.is_empty() {
        let half = match &piece.footprint {
            crate::table::Footprint::Rect { width, .. } | crate::table::Footprint::Oval { width, .. } => width / 2,
            other => crate::table::round_to_i64(other.reach()),
        };
        obstacle.walls.push(crate::table::WallLine {
            a: crate::table::model::local_to_table(piece.pose, (-half, 0)),
            b: crate::table::model::local_to_table(piece.pose, (half, 0)),
            height: piece.height as f64,
        });
    }
    obstacle
}

/// The table's pieces as sight and paths see them.
#[must_use]
pub fn scene(data: &Ruleset, pieces: &[Piece]) -> Scene {
    Scene::new(pieces.iter().map(|p| obstacle(data, p)).collect())
}

/// Where vehicles and infantry can stand on an inch lattice: a vehicle's cell is closed within
/// an inch of a building, a wall or tank traps; infantry's within half an inch of a building.
#[must_use]
pub fn ground(data: &Ruleset, table: &crate::table::Table, scene: &Scene) -> super::state::Ground {
    let cell = data.unit.um();
    let (width, depth) = (((table.width + cell - 1) / cell) as usize, ((table.depth + cell - 1) / cell) as usize);
    let vehicles = vehicle_cells(data, table, scene, (width, depth, cell), cell as f64);
    let mut infantry = vec![true; width * depth];
    let reach = cell as f64 / 2.0;
    for_cells_near(table, scene, (width, depth, cell), reach, |(piece, o), at, i| {
        if data.kind(&piece.kind).is_some_and(|k| k.blocks_sight) && o.shape.distance_to_point(at) < reach - 1.0 {
            infantry[i] = false;
        }
    });
    super::state::Ground { width, depth, cell, vehicles, infantry }
}

/// The cells of `ground`'s lattice where a hull `breadth` micrometres wide can stand and from
/// which it can step to every open neighbour without touching a piece that stops vehicles: a
/// cell is closed within half the breadth and half a diagonal step of such a piece. The
/// computer's way-finding falls back on it where the inch-wide lattice shows a way through a
/// gap the hull does not fit (a field that leads into a gap the rules refuse holds the unit
/// there for ever).
#[must_use]
pub fn hull_cells(data: &Ruleset, table: &crate::table::Table, scene: &Scene, breadth: i64) -> Vec<bool> {
    let cell = data.unit.um();
    let (width, depth) = (((table.width + cell - 1) / cell) as usize, ((table.depth + cell - 1) / cell) as usize);
    let reach = breadth as f64 / 2.0 + cell as f64 * std::f64::consts::FRAC_1_SQRT_2;
    vehicle_cells(data, table, scene, (width, depth, cell), reach)
}

/// The lattice's cells open to vehicles when a cell within `reach` of a building, a wall or
/// tank traps is closed.
fn vehicle_cells(
    data: &Ruleset,
    table: &crate::table::Table,
    scene: &Scene,
    lattice: (usize, usize, i64),
    reach: f64,
) -> Vec<bool> {
    let mut vehicles = vec![true; lattice.0 * lattice.1];
    for_cells_near(table, scene, lattice, reach, |(piece, o), at, i| {
        let Some(kind) = data.kind(&piece.kind) else { return };
        // A micrometre short of the reach: a cell centre exactly at the reach from a piece is
        // open on both sides of a symmetric table, whatever the last bit says.
        let near_wall = o.walls.iter().any(|w| segment_distance(at, w.a, w.b) < reach - 1.0);
        let inside = (kind.blocks_sight || kind.wall || kind.tank_trap) && o.shape.distance_to_point(at) < reach - 1.0;
        if near_wall || inside {
            vehicles[i] = false;
        }
    });
    vehicles
}

/// Calls `visit` with each piece that stops vehicles (its kind blocks sight, is a wall or tank
/// traps, or it has walls drawn), each cell centre of the lattice `(width, depth, cell)` within
/// `reach` of its box, and the cell's index.
fn for_cells_near(
    table: &crate::table::Table,
    scene: &Scene,
    (width, depth, cell): (usize, usize, i64),
    reach: f64,
    mut visit: impl FnMut((&Piece, &Obstacle), (f64, f64), usize),
) {
    for (piece, o) in table.pieces.iter().zip(&scene.obstacles) {
        let b = o.bounds().grown(reach);
        let (x0, x1) =
            ((b.min.0 / cell as f64).floor().max(0.0) as usize, ((b.max.0 / cell as f64).ceil() as usize).min(width));
        let (y0, y1) =
            ((b.min.1 / cell as f64).floor().max(0.0) as usize, ((b.max.1 / cell as f64).ceil() as usize).min(depth));
        for y in y0..y1 {
            for x in x0..x1 {
                let at = ((x as f64 + 0.5) * cell as f64, (y as f64 + 0.5) * cell as f64);
                visit((piece, o), at, y * width + x);
            }
        }
    }
}

fn segment_distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l2 = dx * dx + dy * dy;
    let t = if l2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / l2).clamp(0.0, 1.0) };
    length(p.0 - (a.0 + t * dx), p.1 - (a.1 + t * dy))
}

/// Inches as whole micrometres, the game's unit rounded as every rule's length is.
pub(crate) fn inches(value: f64) -> i64 {
    crate::table::LengthUnit::Inch.whole_um(value)
}

/// A unit's profile.
#[must_use]
pub fn profile<'a>(data: &'a Ruleset, unit: &Unit) -> Option<&'a Profile> {
    data.profiles.get(unit.profile)
}

/// A unit's footprint where it stands.
#[must_use]
pub fn shape(data: &Ruleset, unit: &Unit) -> Option<Shape> {
    let p = profile(data, unit)?;
    Some(data.hull_of(p)?.place(unit.pose))
}

/// The edge-to-edge range between two units, in whole micrometres.
#[must_use]
pub fn range(data: &Ruleset, a: &Unit, b: &Unit) -> Option<i64> {
    Some(distance_um(&shape(data, a)?, &shape(data, b)?))
}

pub use super::state::LineOfFire;

/// The line of fire from `from` to `to`: eyes at the top of the firer's hull, the target's
/// sample points at three quarters of its height.
#[must_use]
pub fn line_of_fire(data: &Ruleset, state: &GameState, from: &Unit, to: &Unit) -> Option<LineOfFire> {
    line_of_fire_over(data, state, from, to, false)
}

/// The edge-to-edge range between two units in a game, kept for the game (see
/// [`super::SightMemo`]).
#[must_use]
pub fn range_in(data: &Ruleset, state: &GameState, a: &Unit, b: &Unit) -> Option<i64> {
    state.setup.scene.3.ranges.get(((a.profile, a.pose), (b.profile, b.pose)), || range(data, a, b))
}

/// The line of fire, over every wall when `over_walls` (a grenade is thrown over them); kept
/// for the game (see [`super::SightMemo`]).
#[must_use]
pub fn line_of_fire_over(
    data: &Ruleset,
    state: &GameState,
    from: &Unit,
    to: &Unit,
    over_walls: bool,
) -> Option<LineOfFire> {
    let key = ((from.profile, from.pose), (to.profile, to.pose), over_walls);
    state.setup.scene.3.lines.get(key, || measure_line_of_fire(data, state, from, to, over_walls))
}

/// [`line_of_fire_over`] worked out.
fn measure_line_of_fire(
    data: &Ruleset,
    state: &GameState,
    from: &Unit,
    to: &Unit,
    over_walls: bool,
) -> Option<LineOfFire> {
    let scene = &state.setup.scene.0;
    let ignore: Vec<usize> = if over_walls {
        state
            .setup
            .table
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| data.kind(&p.kind).is_some_and(|k| k.wall))
            .map(|(i, _)| i)
            .collect()
    } else {
        Vec::new()
    };
    let (a, b) = (shape(data, from)?, shape(data, to)?);
    let unit = data.unit.um() as f64;
    let eye = Eye { at: a.centre(), z: profile(data, from)?.height * unit };
    let target_z = profile(data, to)?.height * unit * 0.75;
    let (seen, of) = scene.visible_fraction(eye, &b, target_z, data.sight_samples, &ignore);
    let visible = seen as f64 / of.max(1) as f64;
    let centre = scene.line(eye, Eye { at: b.centre(), z: target_z }, &ignore);
    let pieces = &state.setup.table.pieces;
    let band = 3.0 * UM_PER_INCH as f64;
    // Each piece of foliage the line crosses, once however often the line enters it.
    let mut crossed: Vec<usize> = centre
        .crossings
        .iter()
        .filter(|c| c.wall.is_none())
        .map(|c| c.obstacle)
        .filter(|&i| pieces.get(i).and_then(|p| data.kind(&p.kind)).is_some_and(|k| k.foliage))
        .collect();
    crossed.sort_unstable();
    crossed.dedup();
    let count = |keep: &dyn Fn(&Shape) -> bool| {
        crossed.iter().filter(|&&i| scene.obstacles.get(i).is_some_and(|o| keep(&o.shape))).count() as u32
    };
    let foliage = count(&|piece| crate::table::distance(piece, &a) > band);
    let foliage_at_target = count(&|piece| crate::table::distance(piece, &b) <= band);
    let walls = centre.crossings.iter().filter(|c| c.wall.is_some()).count() as u32;
    Some(LineOfFire {
        visible,
        in_sight: seen > 0 && state.setup.readings.ask(|r| visible >= r.sight_threshold()),
        foliage,
        foliage_at_target,
        walls,
    })
}

/// The angle of a point off a unit's facing, in degrees, 0 to 180.
#[must_use]
pub fn off_facing(unit: &Unit, point: (f64, f64)) -> f64 {
    let (fx, fy) = unit.pose.facing.vector();
    let (dx, dy) = (point.0 - unit.pose.x as f64, point.1 - unit.pose.y as f64);
    let d = length(dx, dy);
    if d == 0.0 {
        return 0.0;
    }
    let cos = ((fx * dx + fy * dy) / d).clamp(-1.0, 1.0);
    // Rounded to a millionth of a degree, so that an angle exactly on an arc's or a face's
    // edge (45 degrees, often, on a table of 22.5-degree moves) falls the same way for a unit
    // and its mirror image, whatever the last bit of the sines.
    (libm::acos(cos).to_degrees() * 1e6).round() / 1e6
}

/// The bearings, off `unit`'s facing, of what the readings measure an arc or an angle to on
/// `other`: its centre, or the corners of its hull (`arc_measure`).
fn bearings(data: &Ruleset, readings: &Asked<'_>, unit: &Unit, other: &Unit) -> Vec<f64> {
    let centre = || vec![off_facing(unit, (other.pose.x as f64, other.pose.y as f64))];
    match readings.arc_measure() {
        ArcMeasure::Centre => centre(),
        ArcMeasure::Hull => match shape(data, other) {
            Some(hull) => hull.outline().into_iter().map(|p| off_facing(unit, p)).collect(),
            None => centre(),
        },
    }
}

/// Whether a bearing lies in the front quarter (within 45 degrees of the facing), exactly 45
/// degrees falling as `arc_edge` says.
fn in_front(readings: &Asked<'_>, angle: f64) -> bool {
    match readings.arc_edge() {
        ArcEdge::Front => angle <= 45.0,
        ArcEdge::Side => angle < 45.0,
    }
}

/// Whether a weapon's arc holds the target: Casemate the front 90 degrees, Reverse Casemate
/// the rear 90 (any of the target's hull in it when `arc_measure` is `hull`); anything else
/// all round.
#[must_use]
pub fn in_arc(data: &Ruleset, readings: &Readings, firer: &Unit, target: &Unit) -> bool {
    readings.ask(|r| in_arc_as_asked(data, r, firer, target))
}

/// [`in_arc`] inside a question already put to the readings.
fn in_arc_as_asked(data: &Ruleset, readings: &Asked<'_>, firer: &Unit, target: &Unit) -> bool {
    let Some(p) = profile(data, firer) else { return false };
    let casemate = p.keywords.contains(&Keyword::Casemate);
    let reverse = p.keywords.contains(&Keyword::ReverseCasemate);
    if !casemate && !reverse {
        return true;
    }
    bearings(data, readings, firer, target)
        .into_iter()
        .any(|angle| if casemate { in_front(readings, angle) } else { in_front(readings, 180.0 - angle) })
}

/// The armour a shot from `firer` meets on `target`: front within 45 degrees of its facing,
/// rear within 45 of its back, else side [house: quarters]; Angling (X) gives X when the
/// firer is 30 to 60 degrees off the front axis.
#[must_use]
pub fn armour_faced(data: &Ruleset, readings: &Readings, firer: &Unit, target: &Unit) -> i32 {
    readings.ask(|r| armour_faced_as_asked(data, r, firer, target))
}

/// [`armour_faced`] inside a question already put to the readings.
pub(super) fn armour_faced_as_asked(data: &Ruleset, readings: &Asked<'_>, firer: &Unit, target: &Unit) -> i32 {
    let Some(p) = profile(data, target) else { return 0 };
    let angle = off_facing(target, (firer.pose.x as f64, firer.pose.y as f64));
    for keyword in &p.keywords {
        if let Keyword::Angling(x) = keyword
            && bearings(data, readings, target, firer).into_iter().all(|a| (30.0..=60.0).contains(&a))
        {
            return i32::try_from(*x).unwrap_or(i32::MAX);
        }
    }
    if in_front(readings, angle) {
        p.armour.front
    } else if in_front(readings, 180.0 - angle) {
        p.armour.rear
    } else {
        p.armour.side
    }
}
