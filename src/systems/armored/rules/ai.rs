//! The computer player of Armored Advance, one action at a time: fire the shot worth most
//! (the expected share of the target destroyed times its cost), else move the unit that gains
//! most toward its goal (the nearest enemy it can hurt; in Domination, infantry to the nearest
//! objective not held), choosing among candidate destinations; else end the turn. Normal also
//! weighs how many enemies would see the destination and prefers ground from which it can
//! fire. Ties fall to each side's own frame (side 2's table turned about its centre), never to
//! listing order.

use super::action::Action;
use super::check::check;
use super::geometry::{line_of_fire, profile};
use super::legal::{legal_shots, move_candidates};
use super::shooting::{expected_damage, shot};
use super::state::{GameState, Ground, Outcome, Unit, Victory};
use crate::systems::armored::ruleset::{Ruleset, UnitClass};
use crate::table::{Pose, UM_PER_INCH};

/// How strong the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// The baseline: the best shot, else the move nearest its goal.
    Easy,
    /// Also weighs how many enemies would see where it goes.
    Normal,
}

/// A position in the side's own frame, for ties.
fn frame(state: &GameState, side: u8, (x, y): (i64, i64)) -> (i64, i64) {
    if side == 0 { (x, y) } else { (state.setup.table.width - x, state.setup.table.depth - y) }
}

fn value(data: &Ruleset, unit: &Unit) -> f64 {
    profile(data, unit).map_or(10.0, |p| f64::from(p.cost.max(10)))
}

/// A choice with its worth and its tie-breaking places in the side's own frame.
type Candidate = (f64, (i64, i64), (i64, i64), Action);

/// The shot worth most, with its worth.
fn best_shot(data: &Ruleset, state: &GameState) -> Option<(f64, Action)> {
    let on_pen = state.setup.readings.advantage_on_penetration;
    let mut best: Option<Candidate> = None;
    for action in legal_shots(data, state) {
        let Action::Fire { unit, weapon, target } = action else { continue };
        let (Ok(s), Some(t), Some(u)) = (shot(data, state, unit, weapon, target), state.live(target), state.live(unit))
        else {
            continue;
        };
        let full = profile(data, t).map_or(1, |p| p.men.map_or(p.hit_points, u32::from)).max(1);
        let worth = expected_damage(&s, on_pen, t) / f64::from(full) * value(data, t)
            + if expected_damage(&s, on_pen, t) >= f64::from(t.hp) { value(data, t) * 0.5 } else { 0.0 };
        let key = (frame(state, state.side, (u.pose.x, u.pose.y)), frame(state, state.side, (t.pose.x, t.pose.y)));
        let better = best
            .as_ref()
            .is_none_or(|(w, a, b, _)| worth > *w + 1e-9 || ((worth - *w).abs() <= 1e-9 && (key.0, key.1) < (*a, *b)));
        if worth > 0.0 && better {
            best = Some((worth, key.0, key.1, action));
        }
    }
    best.map(|(w, _, _, a)| (w, a))
}

/// Steps from every open cell of the lattice to the nearest goal cell (10 a side, 14 a
/// diagonal), going round closed cells: the way round walls and buildings.
#[derive(Debug, Clone)]
struct Field {
    width: usize,
    cell: i64,
    steps: Vec<u32>,
}

impl Field {
    fn new(ground: &Ground, open: &[bool], goals: &[(i64, i64)]) -> Self {
        let (width, depth) = (ground.width, ground.depth);
        let mut steps = vec![u32::MAX; width * depth];
        let mut queue = std::collections::BinaryHeap::new();
        for &(x, y) in goals {
            let (cx, cy) = (x / ground.cell, y / ground.cell);
            if cx >= 0 && cy >= 0 && (cx as usize) < width && (cy as usize) < depth {
                let i = cy as usize * width + cx as usize;
                steps[i] = 0;
                queue.push(std::cmp::Reverse((0u32, i)));
            }
        }
        while let Some(std::cmp::Reverse((d, i))) = queue.pop() {
            if d > steps[i] {
                continue;
            }
            let (x, y) = ((i % width) as i64, (i / width) as i64);
            for (dx, dy, cost) in
                [(1, 0, 10), (-1, 0, 10), (0, 1, 10), (0, -1, 10), (1, 1, 14), (1, -1, 14), (-1, 1, 14), (-1, -1, 14)]
            {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx as usize >= width || ny as usize >= depth {
                    continue;
                }
                let j = ny as usize * width + nx as usize;
                if !open[j] {
                    continue;
                }
                let next = d + cost;
                if next < steps[j] {
                    steps[j] = next;
                    queue.push(std::cmp::Reverse((next, j)));
                }
            }
        }
        Self { width, cell: ground.cell, steps }
    }

    /// Steps from a point to the nearest goal (a closed or cut-off cell: very far).
    fn at(&self, (x, y): (i64, i64)) -> f64 {
        let (cx, cy) = (x.div_euclid(self.cell), y.div_euclid(self.cell));
        if cx < 0 || cy < 0 || cx as usize >= self.width {
            return f64::from(u32::MAX);
        }
        self.steps.get(cy as usize * self.width + cx as usize).map_or(f64::from(u32::MAX), |&s| f64::from(s))
    }
}

/// The goals of a unit: in Domination infantry goes for the objectives it does not hold; the
/// rest go for the enemy.
fn goals(data: &Ruleset, state: &GameState, unit: &Unit) -> Vec<(i64, i64)> {
    let infantry = profile(data, unit).is_some_and(|p| p.class == UnitClass::Infantry);
    if state.setup.victory == Victory::Domination && infantry && !state.setup.table.objectives.is_empty() {
        return state.setup.table.objectives.iter().map(|o| o.at).collect();
    }
    state.units.iter().filter(|e| e.alive() && e.side != unit.side).map(|e| (e.pose.x, e.pose.y)).collect()
}

/// How many enemies would see a unit standing at `pose` (Normal's caution).
fn exposure(data: &Ruleset, state: &GameState, unit: &Unit, pose: Pose) -> usize {
    let moved = Unit { pose, ..unit.clone() };
    state
        .units
        .iter()
        .filter(|e| {
            e.alive() && e.side != unit.side && profile(data, e).is_some_and(|p| p.class != UnitClass::Infantry)
        })
        .filter(|e| line_of_fire(data, state, e, &moved).is_some_and(|l| l.in_sight))
        .count()
}

/// The move that gains most toward a goal, if any gains an inch.
fn best_move(data: &Ruleset, state: &GameState, level: Level) -> Option<Action> {
    let mut best: Option<(f64, (i64, i64), Action)> = None;
    let ground = &state.setup.scene.1;
    for (index, unit) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
        let Some(p) = profile(data, unit) else { continue };
        if p.class == UnitClass::FieldGun {
            continue;
        }
        let open = if p.class == UnitClass::Infantry { &ground.infantry } else { &ground.vehicles };
        let field = Field::new(ground, open, &goals(data, state, unit));
        let here = field.at((unit.pose.x, unit.pose.y));
        for free in [false, true] {
            for action in move_candidates(data, state, index, free) {
                let (Action::Move { to, facing, .. } | Action::FreeMove { to, facing, .. }) = action else { continue };
                // Ten steps an inch.
                let mut gain = (here - field.at(to)) / 10.0 * UM_PER_INCH as f64;
                if level != Level::Easy {
                    let pose = Pose::new(to.0, to.1, facing);
                    gain -= exposure(data, state, unit, pose) as f64 * 2.0 * UM_PER_INCH as f64;
                }
                if gain < UM_PER_INCH as f64 {
                    continue;
                }
                let key = frame(state, state.side, to);
                if best.as_ref().is_some_and(|(g, k, _)| gain < *g - 1e-6 || ((gain - *g).abs() <= 1e-6 && key >= *k)) {
                    continue;
                }
                if check(data, state, &action).is_ok() {
                    best = Some((gain, key, action));
                }
            }
        }
    }
    best.map(|(_, _, a)| a)
}

/// The computer's next action for the side whose turn it is.
#[must_use]
pub fn computer_action(data: &Ruleset, state: &GameState, level: Level) -> Option<Action> {
    if state.outcome != Outcome::Ongoing {
        return None;
    }
    if let Some((_, action)) = best_shot(data, state) {
        return Some(action);
    }
    Some(best_move(data, state, level).unwrap_or(Action::EndTurn))
}
