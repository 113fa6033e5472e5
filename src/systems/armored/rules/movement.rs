//! How far a unit may go with one move action and what a straight path costs it: weight
//! classes (light: a free 2"; heavy: 2" for the second move), roads (+1" tracked, +2" wheeled
//! and halftracks on one continuous road), thick mud and deep water by propulsion, and ground
//! no armoured vehicle crosses.

use super::action::Rejection;
use super::geometry::inches;
use super::geometry::profile;
use super::readings::ThroughUnits;
use super::state::{GameState, Unit};
use crate::systems::armored::ruleset::{Ground, Propulsion, Ruleset, TerrainKind, UnitClass, Weight};
use crate::table::measure::length;
use crate::table::shape::Bounds;
use crate::table::shape::inside_intervals;
use crate::table::{Pose, overlaps, segment_meets, swept};

/// What a move may spend and what its path costs, in micrometres.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveCost {
    /// What the path costs (its length, mud counted again where the rules say).
    pub cost: i64,
    /// What this move may spend.
    pub allowance: i64,
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
/// `free`): mud and deep water measured along its centre's path, the road bonus for one
/// continuous road. Whether its hull may go there at all is [`may_go`]'s.
///
/// # Errors
/// No such unit.
pub fn move_cost(
    data: &Ruleset,
    state: &GameState,
    index: usize,
    to: (i64, i64),
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
    let heavy_enough = matches!(p.weight, Some(Weight::Medium | Weight::Heavy)) && p.class == UnitClass::Vehicle;
    let mut mud = 0.0;
    let mut on_roads = 0.0;
    let pieces = &state.setup.table.pieces;
    for (index, inside) in state.setup.scene.0.path_inside(from, end) {
        if state.demolished.contains(&index) {
            continue;
        }
        let Some(kind) = pieces.get(index).and_then(|piece| data.kind(&piece.kind)) else { continue };
        match kind.ground {
            Ground::Road => on_roads += inside,
            Ground::Mud => mud += inside,
            Ground::DeepWater if !heavy_enough => mud += inside,
            _ => {}
        }
    }
    let mut cost = crate::table::round_to_i64(path);
    if p.class != UnitClass::Infantry && mud > 0.0 {
        match p.propulsion {
            Some(Propulsion::Wheeled) => cost += crate::table::round_to_i64(mud),
            Some(Propulsion::Halftrack) => cost += crate::table::round_to_i64((mud - stat as f64 / 2.0).max(0.0)),
            Some(Propulsion::Tracked) => allowance -= inches(1.0),
            None => {}
        }
    }
    // One continuous road from start to end: every point of the path on some road piece (the
    // stretches adding up to the path is the cheap half of that, asked first).
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

/// Whether unit `index`'s hull going from `from` to `to` (turning where it starts) keeps clear
/// of every piece it may not enter.
fn clear_of_pieces(data: &Ruleset, state: &GameState, index: usize, from: Pose, to: Pose) -> Result<(), Rejection> {
    let Some(unit) = state.units.get(index) else { return Err(Rejection::NoSuchUnit) };
    // A pure question of the table, the profile and the two poses: kept for the game.
    let question = (unit.profile, from, to, state.demolished.clone());
    state.setup.scene.3.paths.get(question, || clear_of_pieces_measured(data, state, unit, from, to))
}

/// [`clear_of_pieces`], worked out.
fn clear_of_pieces_measured(
    data: &Ruleset,
    state: &GameState,
    unit: &super::state::Unit,
    from: Pose,
    to: Pose,
) -> Result<(), Rejection> {
    let Some(p) = profile(data, unit) else { return Err(Rejection::NoSuchUnit) };
    let Some(hull) = data.hull_of(p) else {
        return Err(Rejection::NoSuchUnit);
    };
    let scene = &state.setup.scene.0;
    let pieces = &state.setup.table.pieces;
    let infantry = p.class == UnitClass::Infantry;
    // The pieces near the path that could stop it, found from a cheap box first: most moves
    // meet none, and then no swept area is worked out.
    let reach = Bounds::of_segment(from.point(), to.point()).grown(hull.reach());
    let near: Vec<usize> = scene
        .near_box(&reach)
        .into_iter()
        .filter(|&i| !state.demolished.contains(&i))
        .filter(|&i| {
            let walls = !infantry && scene.obstacles.get(i).is_some_and(|o| !o.walls.is_empty());
            walls || pieces.get(i).and_then(|pc| data.kind(&pc.kind)).is_some_and(|k| stops(k, p.class))
        })
        .collect();
    if near.is_empty() {
        return Ok(());
    }
    let area = swept(&hull, from, to);
    let stopping = |i: usize| pieces.get(i).and_then(|pc| data.kind(&pc.kind)).is_some_and(|k| stops(k, p.class));
    for &i in &near {
        let Some(obstacle) = scene.obstacles.get(i) else { continue };
        let walls_meet = !infantry && obstacle.walls.iter().any(|w| segment_meets(&area, w.a, w.b));
        if walls_meet || (stopping(i) && overlaps(&area, &obstacle.shape)) {
            // Where the piece leaves too narrow a gap beside another that stops the unit, the
            // refusal names both and the gap ("1.6\" wide, the gap is 0.5\"").
            let width = hull.breadth();
            let bounds = obstacle.shape.bounds();
            let beside = near
                .iter()
                .filter(|&&j| j != i && stopping(j))
                .filter_map(|&j| {
                    let other = &scene.obstacles.get(j)?.shape;
                    // A piece whose box alone is a hull's width away (and a micrometre, for the
                    // outlines' rounding) leaves a wide enough gap: its outline is not measured.
                    (other.bounds().gap(&bounds) <= width as f64 + 1.0)
                        .then(|| (j, crate::table::distance(&obstacle.shape, other)))
                })
                .filter(|&(_, gap)| gap > 0.0 && gap < width as f64)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            return Err(Rejection::HullBlocked {
                piece: data.piece_name(pieces, i),
                width,
                gap: beside.map(|(j, gap)| (data.piece_name(pieces, j), gap.round() as i64)),
            });
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

/// Whether a unit may stand at `pose` where it is set (deployed, set down, unhitched): on the
/// table, on no piece it may not enter, and on no other unit.
///
/// # Errors
/// Off the table, on such a piece (by name), or on another unit.
pub fn may_stand(data: &Ruleset, state: &GameState, index: usize, pose: Pose) -> Result<(), Rejection> {
    may_go(data, state, index, pose, pose)
}

/// Whether a unit may go from `from` to `pose` and stand there: it ends on the table, the area
/// its hull sweeps on the way (turning where it starts, then straight) and where it ends meets
/// no piece it may not enter, and it ends on no other unit. The hull, not its centre, is what
/// must fit ("the hull does not fit between the tank traps").
///
/// # Errors
/// Off the table, a piece in the way (by name, with the hull's width), or another unit.
pub fn may_go(data: &Ruleset, state: &GameState, index: usize, from: Pose, pose: Pose) -> Result<(), Rejection> {
    let Some(unit) = state.units.get(index) else { return Err(Rejection::NoSuchUnit) };
    let Some(footprint) = profile(data, unit).and_then(|p| data.hull_of(p)) else { return Err(Rejection::NoSuchUnit) };
    let hull = footprint.place(pose);
    let b = hull.bounds();
    let table = &state.setup.table;
    if b.min.0 < 0.0 || b.min.1 < 0.0 || b.max.0 > table.width as f64 || b.max.1 > table.depth as f64 {
        return Err(Rejection::OffTable);
    }
    clear_of_pieces(data, state, index, from, pose)?;
    // The other units' hulls that could meet a shape with box `near`: passengers are inside
    // their transport; a tow and its gun move as one. A unit whose reach from its centre stays
    // clear of the box cannot meet the shape, and its hull is not placed at all.
    let others = |near: &Bounds| -> Vec<crate::table::Shape> {
        state
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| {
                *i != index && u.alive() && u.riding.is_none() && u.towed_by != Some(index) && unit.towed_by != Some(*i)
            })
            .filter_map(|(_, u)| Some((u, profile(data, u).and_then(|p| data.hull_of(p))?)))
            .filter(|(u, f)| {
                let centre = u.pose.point();
                // A micrometre more than the reach: rounding in the turn cannot put a corner outside.
                Bounds::of_segment(centre, centre).grown(f.reach() + 1.0).meets(near)
            })
            .map(|(u, f)| f.place(u.pose))
            .collect()
    };
    if others(&b).iter().any(|other| overlaps(&hull, other)) {
        return Err(Rejection::Blocked);
    }
    // One question, so a move that passes no unit on its way answers alike under both
    // readings.
    let passes_a_unit = || {
        let area = swept(&footprint, from, pose);
        others(&area.bounds()).iter().any(|other| overlaps(&area, other))
    };
    if from != pose && state.setup.readings.ask(|r| r.through_units() == ThroughUnits::Around && passes_a_unit()) {
        return Err(Rejection::PathBlocked);
    }
    Ok(())
}

/// A tow's move allowance: halved while it tows a heavy gun.
#[must_use]
pub fn towing_heavy(data: &Ruleset, state: &GameState, tow: usize) -> bool {
    state.units.iter().any(|g| {
        g.alive() && g.towed_by == Some(tow) && profile(data, g).is_some_and(|p| p.weight == Some(Weight::Heavy))
    })
}
