//! `legal_actions`: every action the rules allow now. Shots are listed whole; a move on an
//! open table is continuous, so moves are listed at candidate destinations: sixteen
//! directions at the full and half allowance, ending facing the way they went (which Slow
//! Reverse asks for). Any other destination can still be checked and taken.

use super::action::Action;
use super::check::{Checked, check};
use super::geometry::{profile, shape};
use super::shooting::Shot;
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
    let mut out = Vec::new();
    for step in 0..DIRECTIONS {
        let facing = Facing::from_centidegrees(i64::from(step * 36_000 / DIRECTIONS));
        let (fx, fy) = facing.vector();
        for fraction in [1.0, 0.5] {
            let d = reach * fraction * UM_PER_INCH as f64;
            let to = ((u.pose.x as f64 + fx * d).round() as i64, (u.pose.y as f64 + fy * d).round() as i64);
            out.push(if free { Action::FreeMove { unit, to, facing } } else { Action::Move { unit, to, facing } });
        }
    }
    out
}

/// Every shot the rules allow now, each with the shot worked out.
#[must_use]
pub fn legal_shots(data: &Ruleset, state: &GameState) -> Vec<(Action, Shot)> {
    let mut out = Vec::new();
    for (unit, u) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
        let weapons = profile(data, u).map_or(0, |p| p.weapons.len());
        for weapon in 0..weapons {
            for (target, _) in state.units.iter().enumerate().filter(|(_, t)| t.alive() && t.side != state.side) {
                let action = Action::Fire { unit, weapon, target };
                if let Ok(Checked::Fire(shot)) = check(data, state, &action) {
                    out.push((action, shot));
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
    let aim = state.setup.readings.boarding_reach * UM_PER_INCH as f64 / 2.0;
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
    let has = |i: usize, k: Keyword| {
        state.units.get(i).and_then(|u| profile(data, u)).is_some_and(|p| p.keywords.contains(&k))
    };
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
                            fp.class != UnitClass::Infantry && fp.weapons.iter().any(|w| w.anti_infantry.is_none())
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
        if has(unit, Keyword::Tow) || p.keywords.iter().any(|k| matches!(k, Keyword::Apc(_))) {
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
