//! `legal_actions`: every action the rules allow now. Shots are listed whole; a move on an
//! open table is continuous, so moves are listed at candidate destinations: sixteen
//! directions at the full and half allowance, the rims of objectives and the lee of cover in
//! reach, ending facing the way they went (which Slow Reverse asks for). Any other destination
//! can still be checked and taken.

use super::action::Action;
use super::check::{check, may_fire};
use super::geometry::{profile, shape};
use super::shooting::{Shot, shot};
use super::state::{GameState, Outcome};
use crate::systems::armored::ruleset::{Keyword, Ruleset, UnitClass, Weight};
use crate::table::{Facing, UM_PER_INCH};

/// Directions tried from a unit.
const DIRECTIONS: i32 = 16;

/// Candidate moves of a unit: destinations and facings, unchecked.
#[must_use]
pub fn move_candidates(data: &Ruleset, state: &GameState, unit: usize, free: bool) -> Vec<Action> {
    let Some(u) = state.live(unit) else { return Vec::new() };
    let Some(p) = profile(data, u) else { return Vec::new() };
    let reach = if free {
        if u.started_on_road { 3.0 } else { 2.0 }
    } else if p.weight == Some(Weight::Heavy) && u.moves >= 1 && p.class == UnitClass::Vehicle {
        2.0
    } else {
        p.movement
    };
    // Room for the two lengths in every direction and the places of note beside them: the
    // computer lists these for every unit it weighs.
    let mut out = Vec::with_capacity(2 * DIRECTIONS as usize + 20);
    for step in 0..DIRECTIONS {
        let facing = Facing::from_centidegrees(i64::from(step * 36_000 / DIRECTIONS));
        let (fx, fy) = facing.vector();
        for fraction in [1.0, 0.5] {
            let d = reach * fraction * UM_PER_INCH as f64;
            let to = ((u.pose.x as f64 + fx * d).round() as i64, (u.pose.y as f64 + fy * d).round() as i64);
            out.push(if free { Action::FreeMove { unit, to, facing } } else { Action::Move { unit, to, facing } });
        }
    }
    // Half a move ahead, back or to either side without turning: a hull that stands close
    // beside a building or a wall sweeps into it as it turns toward any of the directions
    // above, and without these it could make no move at all for the rest of the game. Half a
    // move, so a unit that reverses slowly may take them too.
    for quarter in 0..4 {
        let (fx, fy) = u.pose.facing.turned(quarter * 9_000).vector();
        let d = reach * 0.5 * UM_PER_INCH as f64;
        let to = ((u.pose.x as f64 + fx * d).round() as i64, (u.pose.y as f64 + fy * d).round() as i64);
        let facing = u.pose.facing;
        out.push(if free { Action::FreeMove { unit, to, facing } } else { Action::Move { unit, to, facing } });
    }
    if !free {
        let make = |to: (i64, i64)| {
            let facing = toward((u.pose.x, u.pose.y), to);
            Action::Move { unit, to, facing }
        };
        out.extend(places_of_note(data, state, u, reach * UM_PER_INCH as f64).into_iter().map(make));
    }
    out
}

/// Offsets snapped to hundredths of an inch: a unit and its mirror image get mirrored places
/// whatever the last bits of the arithmetic.
fn snap(v: f64) -> i64 {
    (v / 254.0).round() as i64 * 254
}

/// The facing from one point toward another, in whole degrees (the way of travel).
fn toward(from: (i64, i64), to: (i64, i64)) -> Facing {
    let (dx, dy) = ((to.0 - from.0) as f64, (to.1 - from.1) as f64);
    if dx == 0.0 && dy == 0.0 {
        return Facing::UP;
    }
    Facing::from_degrees(libm::atan2(dx, -dy).to_degrees().round()).unwrap_or_default()
}

/// Destinations worth a look besides the lattice of directions: the rim of each objective in
/// reach (the point of its control circle nearest the unit, pulled an inch inside) and the lee
/// of each building or wall in reach (two inches beyond it, away from the enemy's centre).
fn places_of_note(data: &Ruleset, state: &GameState, u: &super::state::Unit, reach: f64) -> Vec<(i64, i64)> {
    let at = (u.pose.x as f64, u.pose.y as f64);
    let inch = UM_PER_INCH as f64;
    let mut out = Vec::new();
    let mut add = |p: (f64, f64)| {
        let d = crate::table::measure::length(p.0 - at.0, p.1 - at.1);
        if d > inch / 2.0 && d <= reach {
            out.push((u.pose.x + snap(p.0 - at.0), u.pose.y + snap(p.1 - at.1)));
        }
    };
    for o in &state.setup.table.objectives {
        let (cx, cy) = (o.at.0 as f64, o.at.1 as f64);
        let d = crate::table::measure::length(at.0 - cx, at.1 - cy);
        let rim = (o.radius as f64 - inch).max(0.0);
        if d > rim && d > 0.0 {
            add((cx + (at.0 - cx) / d * rim, cy + (at.1 - cy) / d * rim));
        }
    }
    let enemies: Vec<(f64, f64)> = state
        .units
        .iter()
        .filter(|e| e.alive() && e.side != u.side)
        .map(|e| (e.pose.x as f64, e.pose.y as f64))
        .collect();
    if enemies.is_empty() {
        return out;
    }
    let n = enemies.len() as f64;
    let centre = (enemies.iter().map(|e| e.0).sum::<f64>() / n, enemies.iter().map(|e| e.1).sum::<f64>() / n);
    for (piece, o) in state.setup.table.pieces.iter().zip(&state.setup.scene.0.obstacles) {
        let cover = data.kind(&piece.kind).is_some_and(|k| k.blocks_sight || k.wall);
        let (px, py) = (piece.pose.x as f64, piece.pose.y as f64);
        let from_unit = crate::table::measure::length(px - at.0, py - at.1);
        if !cover || from_unit > reach + o.shape.bounds().max.0 - o.shape.bounds().min.0 {
            continue;
        }
        let (dx, dy) = (px - centre.0, py - centre.1);
        let d = crate::table::measure::length(dx, dy);
        if d == 0.0 {
            continue;
        }
        // Past the piece's far side from the enemy, two inches clear of it.
        let b = o.shape.bounds();
        let half = ((b.max.0 - b.min.0).abs() * (dx / d).abs() + (b.max.1 - b.min.1).abs() * (dy / d).abs()) / 2.0;
        let beyond = half + 2.0 * inch;
        add((px + dx / d * beyond, py + dy / d * beyond));
    }
    out
}

/// Every shot the rules allow now, each with the shot worked out.
#[must_use]
pub fn legal_shots(data: &Ruleset, state: &GameState) -> Vec<(Action, Shot)> {
    let mut out = Vec::new();
    // What `check` asks of a Fire action: what asks neither weapon nor target once per unit
    // (`may_fire`), then the shot itself for each pair.
    for (unit, u) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
        if may_fire(data, state, unit).is_err() {
            continue;
        }
        let weapons = profile(data, u).map_or(0, |p| p.weapons.len());
        for weapon in 0..weapons {
            for (target, _) in state.units.iter().enumerate().filter(|(_, t)| t.alive() && t.side != state.side) {
                if let Ok(shot) = shot(data, state, unit, weapon, target) {
                    out.push((Action::Fire { unit, weapon, target }, shot));
                }
            }
        }
    }
    out
}

/// Candidate places for a carried unit to get out: sixteen directions round its carrier, just
/// clear of the carrier's hull, facing away from it.
#[must_use]
pub fn disembark_candidates(data: &Ruleset, state: &GameState, unit: usize) -> Vec<Action> {
    let Some(u) = state.live(unit) else { return Vec::new() };
    let Some(carrier) = u.riding.or(u.towed_by).and_then(|c| state.live(c)) else { return Vec::new() };
    let Some(carrier_shape) = shape(data, carrier) else { return Vec::new() };
    let aim = state.setup.readings.ask(|r| r.boarding_reach()) * UM_PER_INCH as f64 / 2.0;
    (0..DIRECTIONS)
        .map(|step| {
            let facing = Facing::from_centidegrees(i64::from(step * 36_000 / DIRECTIONS));
            let (fx, fy) = facing.vector();
            // Offsets snapped to hundredths of an inch: the last bits of the search below differ
            // between a carrier and its mirror image, a hundredth does not.
            let snap = |v: f64| (v / 254.0).round() as i64 * 254;
            let at = |gap: f64| (carrier.pose.x + snap(fx * gap), carrier.pose.y + snap(fy * gap));
            // Out from the carrier's centre until the gap between hulls is half the reach:
            // two steps of the difference are enough for convex hulls.
            let b = carrier_shape.bounds();
            let mut gap = (b.max.0 - b.min.0).max(b.max.1 - b.min.1);
            for _ in 0..3 {
                let placed =
                    super::state::Unit { pose: crate::table::Pose::new(at(gap).0, at(gap).1, facing), ..u.clone() };
                let Some(d) = shape(data, &placed).map(|s| crate::table::distance(&s, &carrier_shape)) else { break };
                gap -= d - aim;
            }
            Action::Disembark { unit, to: at(gap), facing }
        })
        .collect()
}

/// The keyword actions the rules allow now: Accurate shots, scouting (each enemy for each
/// friendly vehicle or gun with a gun), boarding, getting out (at candidate places), and
/// demolition.
#[must_use]
pub fn legal_specials(data: &Ruleset, state: &GameState) -> Vec<Action> {
    let mut out = Vec::new();
    let side = state.side;
    let own: Vec<usize> =
        state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == side).map(|(i, _)| i).collect();
    let enemies: Vec<usize> =
        state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side != side).map(|(i, _)| i).collect();
    let ok = |a: &Action| check(data, state, a).is_ok();
    for &unit in &own {
        let Some(p) = state.units.get(unit).and_then(|u| profile(data, u)) else { continue };
        if p.keywords.contains(&Keyword::Accurate) {
            for weapon in 0..p.weapons.len() {
                out.extend(enemies.iter().map(|&target| Action::AccurateFire { unit, weapon, target }).filter(ok));
            }
        }
        if p.keywords.contains(&Keyword::Scout) {
            let gunners: Vec<usize> = own
                .iter()
                .copied()
                .filter(|&f| {
                    f != unit
                        && state.units.get(f).and_then(|x| profile(data, x)).is_some_and(|fp| {
                            fp.class != UnitClass::Infantry && fp.weapons.iter().any(|w| w.fires_at_vehicles())
                        })
                })
                .collect();
            for &target in &enemies {
                let first = Action::Scout { unit, target, friend: gunners.first().copied().unwrap_or(unit) };
                if gunners.is_empty() || !ok(&first) {
                    continue;
                }
                out.extend(gunners.iter().map(|&friend| Action::Scout { unit, target, friend }));
            }
        }
        if p.keywords.contains(&Keyword::Support) {
            for (piece, _) in state.setup.table.pieces.iter().enumerate() {
                let action = Action::Demolish { unit, piece };
                if ok(&action) {
                    out.push(action);
                }
            }
        }
        if p.keywords.contains(&Keyword::Tow) || p.keywords.iter().any(|k| matches!(k, Keyword::Apc(_))) {
            out.extend(own.iter().map(|&rider| Action::Embark { unit: rider, carrier: unit }).filter(ok));
        }
        out.extend(disembark_candidates(data, state, unit).into_iter().filter(ok));
    }
    out
}

/// Every action the rules allow now (moves at their candidate destinations).
#[must_use]
pub fn legal_actions(data: &Ruleset, state: &GameState) -> Vec<Action> {
    if state.outcome != Outcome::Ongoing {
        return Vec::new();
    }
    if state.deploying {
        return super::deploy::deploy_candidates(state).into_iter().filter(|a| check(data, state, a).is_ok()).collect();
    }
    let mut out = vec![Action::EndTurn];
    out.extend(legal_shots(data, state).into_iter().map(|(action, _)| action));
    out.extend(legal_specials(data, state));
    for (unit, _) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
        for free in [false, true] {
            out.extend(move_candidates(data, state, unit, free).into_iter().filter(|a| check(data, state, a).is_ok()));
        }
    }
    out
}
