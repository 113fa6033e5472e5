//! How far a unit may go with one move action and what a straight path costs it: weight
//! classes (light: a free 2"; heavy: 2" for the second move), roads (+1" tracked, +2" wheeled
//! and halftracks on one continuous road), thick mud and deep water by propulsion, and ground
//! no armoured vehicle crosses.

use super::action::Rejection;
use super::geometry::{profile, shape};
use super::state::{GameState, Unit};
use crate::systems::armored::ruleset::{Ground, Propulsion, Ruleset, TerrainKind, UnitClass, Weight};
use crate::table::measure::length;
use crate::table::shape::inside_intervals;
use crate::table::{Facing, Pose, UM_PER_INCH, overlaps, segment_meets, swept};

/// What a move may spend and what its path costs, in micrometres.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveCost {
    /// What the path costs (its length, mud counted again where the rules say).
    pub cost: i64,
    /// What this move may spend.
    pub allowance: i64,
}

fn inches(value: f64) -> i64 {
    (value * UM_PER_INCH as f64).round() as i64
}

/// Whether a point lies on a road.
fn on_road(data: &Ruleset, state: &GameState, at: (f64, f64)) -> bool {
    state
        .setup
        .table
        .pieces
        .iter()
        .zip(&state.setup.scene.0.obstacles)
        .any(|(p, o)| data.kind(&p.kind).is_some_and(|k| k.ground == Ground::Road) && o.shape.contains_point(at))
}

/// Whether the unit stands on a road now (its centre).
#[must_use]
pub fn stands_on_road(data: &Ruleset, state: &GameState, unit: &Unit) -> bool {
    on_road(data, state, (unit.pose.x as f64, unit.pose.y as f64))
}

/// The cost of moving unit `index` straight to `to` and what the move may spend (the free move when
/// `free`), or why it cannot go.
///
/// # Errors
/// Ground it cannot cross, a field gun asked to leave firm ground.
pub fn move_cost(
    data: &Ruleset,
    state: &GameState,
    index: usize,
    to: (i64, i64),
    facing: Facing,
    free: bool,
) -> Result<MoveCost, Rejection> {
    let Some(unit) = state.units.get(index) else { return Err(Rejection::NoSuchUnit) };
    let Some(p) = profile(data, unit) else { return Err(Rejection::NoSuchUnit) };
    let from = (unit.pose.x as f64, unit.pose.y as f64);
    let end = (to.0 as f64, to.1 as f64);
    let path = length(end.0 - from.0, end.1 - from.1);
    let stat = inches(p.movement);
    let mut allowance = if free {
        if unit.started_on_road { inches(3.0) } else { inches(2.0) }
    } else {
        match p.weight {
            Some(Weight::Heavy) if unit.moves >= 1 => inches(2.0),
            _ => stat,
        }
    };
    if !free && towing_heavy(data, state, index) {
        // "Field guns with the heavy keyword halve the movement characteristic of the towing
        // unit."
        allowance /= 2;
    }
    let armoured = p.class != UnitClass::Infantry;
    let mut mud = 0.0;
    let mut on_roads = 0.0;
    let pieces = &state.setup.table.pieces;
    for (index, inside) in state.setup.scene.0.path_inside(from, end) {
        if state.demolished.contains(&index) {
            continue;
        }
        let Some(kind) = pieces.get(index).and_then(|piece| data.kind(&piece.kind)) else { continue };
        if kind.blocks_sight {
            return Err(Rejection::Impassable(kind.name.clone()));
        }
        if armoured && (kind.tank_trap || kind.wall) {
            return Err(Rejection::Impassable(kind.name.clone()));
        }
        let heavy_enough = matches!(p.weight, Some(Weight::Medium | Weight::Heavy)) && p.class == UnitClass::Vehicle;
        match kind.ground {
            Ground::Road => on_roads += inside,
            Ground::Mud => mud += inside,
            Ground::DeepWater if !heavy_enough => mud += inside,
            _ => {}
        }
        if p.class == UnitClass::FieldGun && matches!(kind.ground, Ground::Mud | Ground::DeepWater) {
            return Err(Rejection::Impassable(format!("{} (a field gun only crosses it towed)", kind.name)));
        }
    }
    // A wall piece drawn as segments stops vehicles where the path crosses a segment.
    if armoured {
        for (obstacle, piece) in state.setup.scene.0.obstacles.iter().zip(pieces) {
            let crosses = obstacle.walls.iter().any(|w| segments_cross(from, end, w.a, w.b));
            if crosses {
                return Err(Rejection::Impassable(
                    data.kind(&piece.kind).map_or_else(|| piece.kind.clone(), |k| k.name.clone()),
                ));
            }
        }
    }
    hull_clear(data, state, index, Pose::new(to.0, to.1, facing))?;
    let mut cost = path.round() as i64;
    if p.class != UnitClass::Infantry && mud > 0.0 {
        match p.propulsion {
            Some(Propulsion::Wheeled) => cost += mud.round() as i64,
            Some(Propulsion::Halftrack) => cost += (mud - stat as f64 / 2.0).max(0.0).round() as i64,
            Some(Propulsion::Tracked) => allowance -= inches(1.0),
            None => {}
        }
    }
    // One continuous road from start to end: every point of the path on some road piece.
    if !free && path > 0.0 && on_roads + 1.0 >= path && road_all_the_way(data, state, from, end) {
        allowance += match p.propulsion {
            Some(Propulsion::Tracked) => inches(1.0),
            Some(Propulsion::Wheeled | Propulsion::Halftrack) => inches(2.0),
            None => 0,
        };
    }
    Ok(MoveCost { cost, allowance: allowance.max(0) })
}

/// The pieces a unit may not enter: a building (every unit), walls and tank traps (anything
/// but infantry), mud and deep water (a field gun under its own crew's power).
fn stops(kind: &TerrainKind, class: UnitClass) -> bool {
    kind.blocks_sight
        || (class != UnitClass::Infantry && (kind.tank_trap || kind.wall))
        || (class == UnitClass::FieldGun && matches!(kind.ground, Ground::Mud | Ground::DeepWater))
}

/// A piece as people name it: its kind's name and its number among the pieces of its kind.
fn piece_name(data: &Ruleset, state: &GameState, index: usize) -> String {
    let pieces = &state.setup.table.pieces;
    let Some(piece) = pieces.get(index) else { return format!("piece {}", index + 1) };
    let same = pieces[..index].iter().filter(|p| p.kind == piece.kind).count();
    let name = data.kind(&piece.kind).map_or(piece.kind.as_str(), |k| k.name.as_str());
    format!("{name} {}", same + 1)
}

/// Whether unit `index`'s hull, turning where it stands and going straight to `to`, keeps
/// clear of every piece it may not enter, on the way and where it ends: the hull, not its
/// centre, is what must fit ("the hull does not fit between the tank traps").
///
/// # Errors
/// The first such piece the swept area meets, by name, with the hull's width.
pub fn hull_clear(data: &Ruleset, state: &GameState, index: usize, to: Pose) -> Result<(), Rejection> {
    let Some(unit) = state.units.get(index) else { return Err(Rejection::NoSuchUnit) };
    clear_of_pieces(data, state, index, unit.pose, to)
}

/// Whether unit `index`'s hull going from `from` to `to` (turning where it starts) keeps clear
/// of every piece it may not enter.
fn clear_of_pieces(data: &Ruleset, state: &GameState, index: usize, from: Pose, to: Pose) -> Result<(), Rejection> {
    let Some(unit) = state.units.get(index) else { return Err(Rejection::NoSuchUnit) };
    let Some(p) = profile(data, unit) else { return Err(Rejection::NoSuchUnit) };
    let Ok(hull) = crate::table::file::read_footprint(data.unit, &p.hull, &p.id) else {
        return Err(Rejection::NoSuchUnit);
    };
    let area = swept(&hull, from, to);
    let scene = &state.setup.scene.0;
    let pieces = &state.setup.table.pieces;
    for i in scene.near_box(&area.bounds()) {
        if state.demolished.contains(&i) {
            continue;
        }
        let (Some(obstacle), Some(kind)) = (scene.obstacles.get(i), pieces.get(i).and_then(|pc| data.kind(&pc.kind)))
        else {
            continue;
        };
        let walls_meet =
            p.class != UnitClass::Infantry && obstacle.walls.iter().any(|w| segment_meets(&area, w.a, w.b));
        let footprint_meets = stops(kind, p.class) && overlaps(&area, &obstacle.shape);
        if walls_meet || footprint_meets {
            return Err(Rejection::HullBlocked { piece: piece_name(data, state, i), width: hull.breadth() });
        }
    }
    Ok(())
}

/// Whether every point of the straight path from `a` to `b` lies on a road piece: the pieces'
/// stretches of the path joined, with no gap between them (two overlapping road pieces do not
/// make the open ground beyond their overlap a road, however long their stretches add up to).
fn road_all_the_way(data: &Ruleset, state: &GameState, a: (f64, f64), b: (f64, f64)) -> bool {
    let pieces = &state.setup.table.pieces;
    let mut stretches: Vec<(f64, f64)> = state
        .setup
        .scene
        .0
        .obstacles
        .iter()
        .zip(pieces)
        .filter(|(_, piece)| data.kind(&piece.kind).is_some_and(|k| k.ground == Ground::Road))
        .flat_map(|(o, _)| inside_intervals(&o.shape, a, b))
        .collect();
    stretches.sort_by(|x, y| x.0.total_cmp(&y.0));
    // A micrometre's slack along the path, so a road's edge met exactly is no gap.
    let slack = 1.0 / length(b.0 - a.0, b.1 - a.1).max(1.0);
    let mut reached = 0.0f64;
    for (start, end) in stretches {
        if start > reached + slack {
            return false;
        }
        reached = reached.max(end);
    }
    reached + slack >= 1.0
}

fn segments_cross(a: (f64, f64), b: (f64, f64), p: (f64, f64), q: (f64, f64)) -> bool {
    let cross = |o: (f64, f64), u: (f64, f64), v: (f64, f64)| (u.0 - o.0) * (v.1 - o.1) - (u.1 - o.1) * (v.0 - o.0);
    let (d1, d2) = (cross(p, q, a), cross(p, q, b));
    let (d3, d4) = (cross(a, b, p), cross(a, b, q));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// Whether a unit may stand at `pose` (deployed, set down, unhitched, or at the end of a
/// move): on the table, on no piece it may not enter, and on no other unit.
///
/// # Errors
/// Off the table, on such a piece (by name), or on another unit.
pub fn may_stand(data: &Ruleset, state: &GameState, index: usize, pose: Pose) -> Result<(), Rejection> {
    let Some(unit) = state.units.get(index) else { return Err(Rejection::NoSuchUnit) };
    let moved = super::state::Unit { pose, ..unit.clone() };
    let Some(hull) = shape(data, &moved) else { return Err(Rejection::NoSuchUnit) };
    let b = hull.bounds();
    let table = &state.setup.table;
    if b.min.0 < 0.0 || b.min.1 < 0.0 || b.max.0 > table.width as f64 || b.max.1 > table.depth as f64 {
        return Err(Rejection::OffTable);
    }
    clear_of_pieces(data, state, index, pose, pose)?;
    let clash = state
        .units
        .iter()
        .enumerate()
        .filter(|(i, u)| {
            // Passengers are inside their transport; a tow and its gun move as one.
            *i != index && u.alive() && u.riding.is_none() && u.towed_by != Some(index) && unit.towed_by != Some(*i)
        })
        .filter_map(|(_, u)| shape(data, u))
        .any(|other| overlaps(&hull, &other));
    if clash { Err(Rejection::Blocked) } else { Ok(()) }
}

/// A tow's move allowance: halved while it tows a heavy gun.
#[must_use]
pub fn towing_heavy(data: &Ruleset, state: &GameState, tow: usize) -> bool {
    state.units.iter().any(|g| {
        g.alive() && g.towed_by == Some(tow) && profile(data, g).is_some_and(|p| p.weight == Some(Weight::Heavy))
    })
}
