//! `legal_actions`: every action the rules allow now. Shots are listed whole; a move on an
//! open table is continuous, so moves are listed at candidate destinations: sixteen
//! directions at the full and half allowance, ending facing the way they went (which Slow
//! Reverse asks for). Any other destination can still be checked and taken.

use super::action::Action;
use super::check::{Checked, check};
use super::geometry::profile;
use super::shooting::Shot;
use super::state::{GameState, Outcome};
use crate::systems::armored::ruleset::{Ruleset, UnitClass, Weight};
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

/// Every action the rules allow now (moves at their candidate destinations).
#[must_use]
pub fn legal_actions(data: &Ruleset, state: &GameState) -> Vec<Action> {
    if state.outcome != Outcome::Ongoing {
        return Vec::new();
    }
    let mut out = vec![Action::EndTurn];
    out.extend(legal_shots(data, state).into_iter().map(|(action, _)| action));
    for (unit, _) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
        for free in [false, true] {
            out.extend(move_candidates(data, state, unit, free).into_iter().filter(|a| check(data, state, a).is_ok()));
        }
    }
    out
}
