//! The computer player of Armored Advance, one action at a time: fire the shot worth most
//! (the expected share of the target destroyed times its cost), else move the unit that gains
//! most toward its goal (the nearest enemy it can hurt; in Domination, infantry to the nearest
//! objective not held), choosing among candidate destinations; else end the turn. Normal also
//! weighs how many enemies would see the destination and prefers ground from which it can
//! fire. Ties fall to each side's own frame (side 2's table turned about its centre), never to
//! listing order.

use super::action::Action;
use super::check::check;
use super::geometry::profile;
use super::legal::{legal_shots, move_candidates};
use super::shooting::expected_damage;
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

/// A position as a side sees it, for ties: how far from its own edge, then how far off the
/// table's centre line (the same for a position and its image under a mirror or a half turn),
/// then left or right by a coin from the game's seed (read, not rolled), so neither side is
/// favoured by a tie.
fn frame(state: &GameState, side: u8, (x, y): (i64, i64)) -> (i64, i64, i64) {
    let (w, d) = (state.setup.table.width, state.setup.table.depth);
    let from_edge = if side == 0 { d - y } else { y };
    let coin = state.dice.clone().below(2) == 1;
    (from_edge, (2 * x - w).abs(), if coin { x } else { w - x })
}

fn value(data: &Ruleset, unit: &Unit) -> f64 {
    profile(data, unit).map_or(10.0, |p| f64::from(p.cost.max(10)))
}

/// A choice with its worth and its tie-breaking places in the side's own frame.
type Candidate = (f64, (i64, i64, i64), (i64, i64, i64), Action);

/// The shot worth most, with its worth.
fn best_shot(data: &Ruleset, state: &GameState) -> Option<(f64, Action)> {
    let on_pen = state.setup.readings.advantage_on_penetration;
    let mut best: Option<Candidate> = None;
    for (action, s) in legal_shots(data, state) {
        let Action::Fire { unit, target, .. } = action else { continue };
        let (Some(t), Some(u)) = (state.live(target), state.live(unit)) else { continue };
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

/// Hundredths of an inch from every open cell centre of the lattice to the nearest goal,
/// going round closed cells (the way round walls and buildings). Goals seed the four centres
/// around them and points read the four centres around them, weighted by nearness, so a
/// mirrored table gives a mirrored field (whole-inch positions sit on cell edges, where a plain
/// floor would favour one side).
#[derive(Debug, Clone)]
struct Field {
    width: usize,
    depth: usize,
    cell: f64,
    steps: std::sync::Arc<Vec<u32>>,
}

/// The four cell centres around a point: (index, weight), where on the lattice.
fn around(width: usize, depth: usize, cell: f64, (x, y): (i64, i64)) -> Vec<(usize, f64, f64)> {
    let (fx, fy) = (x as f64 / cell - 0.5, y as f64 / cell - 0.5);
    let (x0, y0) = (fx.floor(), fy.floor());
    let (tx, ty) = (fx - x0, fy - y0);
    let mut out = Vec::with_capacity(4);
    for (dx, dy, w) in [
        (0.0, 0.0, (1.0 - tx) * (1.0 - ty)),
        (1.0, 0.0, tx * (1.0 - ty)),
        (0.0, 1.0, (1.0 - tx) * ty),
        (1.0, 1.0, tx * ty),
    ] {
        let (cx, cy) = (x0 + dx, y0 + dy);
        if cx >= 0.0 && cy >= 0.0 && (cx as usize) < width && (cy as usize) < depth {
            let distance = crate::table::measure::length(fx - cx, fy - cy);
            out.push((cy as usize * width + cx as usize, w, distance));
        }
    }
    out
}

impl Field {
    fn new(ground: &Ground, open: &[bool], goals: &[(i64, i64)], memo: &super::state::FieldMemo, kind: usize) -> Self {
        let (width, depth, cell) = (ground.width, ground.depth, ground.cell as f64);
        let steps = memo.get(kind, goals, || Self::steps(ground, open, goals));
        Self { width, depth, cell, steps }
    }

    fn steps(ground: &Ground, open: &[bool], goals: &[(i64, i64)]) -> Vec<u32> {
        let (width, depth, cell) = (ground.width, ground.depth, ground.cell as f64);
        let mut steps = vec![u32::MAX; width * depth];
        let mut queue = std::collections::BinaryHeap::new();
        for &goal in goals {
            for (i, _, distance) in around(width, depth, cell, goal) {
                let d = (distance * 100.0).round() as u32;
                if d < steps[i] {
                    steps[i] = d;
                    queue.push(std::cmp::Reverse((d, i)));
                }
            }
        }
        while let Some(std::cmp::Reverse((d, i))) = queue.pop() {
            if d > steps[i] {
                continue;
            }
            let (x, y) = ((i % width) as i64, (i / width) as i64);
            for (dx, dy, cost) in [
                (1, 0, 100),
                (-1, 0, 100),
                (0, 1, 100),
                (0, -1, 100),
                (1, 1, 141),
                (1, -1, 141),
                (-1, 1, 141),
                (-1, -1, 141),
            ] {
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
        steps
    }

    /// Hundredths of an inch from a point to the nearest goal, read from the centres around it
    /// that can reach one (very far where none can).
    fn at(&self, at: (i64, i64)) -> f64 {
        let (mut sum, mut weights) = (0.0, 0.0);
        for (i, w, _) in around(self.width, self.depth, self.cell, at) {
            if let Some(&s) = self.steps.get(i).filter(|&&s| s != u32::MAX) {
                sum += f64::from(s) * w;
                weights += w;
            }
        }
        if weights > 0.0 { sum / weights } else { f64::from(u32::MAX) }
    }
}

/// The goals of a unit: in Domination infantry goes for the objectives it does not hold; the
/// rest go for the enemy.
fn goals(data: &Ruleset, state: &GameState, unit: &Unit) -> Vec<(i64, i64)> {
    let infantry = profile(data, unit).is_some_and(|p| p.class == UnitClass::Infantry);
    if state.setup.victory == Victory::Domination && infantry && !state.setup.table.objectives.is_empty() {
        return state.setup.table.objectives.iter().map(|o| o.at).collect();
    }
    // The enemies it has a weapon against: anti-infantry fire for infantry, a gun that could
    // penetrate the weakest face for the rest; all enemies when it can hurt none.
    let enemies: Vec<&Unit> = state.units.iter().filter(|e| e.alive() && e.side != unit.side).collect();
    let Some(own) = profile(data, unit) else { return Vec::new() };
    let hurts = |e: &Unit| {
        let Some(p) = profile(data, e) else { return false };
        let weakest = p.armour.front.min(p.armour.side).min(p.armour.rear);
        own.weapons.iter().any(|w| match (&w.anti_infantry, p.class == UnitClass::Infantry) {
            (Some(_), true) => true,
            (None, false) => {
                super::shooting::penetration_roll(
                    data,
                    w.penetration - weakest,
                    p.keywords.contains(&crate::systems::armored::ruleset::Keyword::WeakSpot),
                ) <= 6
            }
            _ => false,
        })
    };
    let targets: Vec<(i64, i64)> = enemies.iter().filter(|e| hurts(e)).map(|e| (e.pose.x, e.pose.y)).collect();
    if targets.is_empty() { enemies.iter().map(|e| (e.pose.x, e.pose.y)).collect() } else { targets }
}

/// How many enemy vehicles would see a unit standing at `pose` (Normal's caution): clear lines
/// from their hull tops to its centre.
fn exposure(data: &Ruleset, state: &GameState, unit: &Unit, pose: Pose) -> usize {
    let scene = &state.setup.scene.0;
    let inch = UM_PER_INCH as f64;
    let z = profile(data, unit).map_or(0.0, |p| p.height * 0.75 * inch);
    state
        .units
        .iter()
        .filter(|e| e.alive() && e.side != unit.side)
        .filter_map(|e| profile(data, e).filter(|p| p.class != UnitClass::Infantry).map(|p| (e, p.height * inch)))
        .filter(|(e, eye_z)| {
            let eye = crate::table::Eye { at: e.pose.point(), z: *eye_z };
            scene.line(eye, crate::table::Eye { at: pose.point(), z }, &[]).clear
        })
        .count()
}

/// A field for one kind of unit (0 vehicles, 1 infantry) and one set of goals.
type SharedField = (usize, Vec<(i64, i64)>, Field);

/// The move that gains most toward a goal, if any gains an inch.
fn best_move(data: &Ruleset, state: &GameState, level: Level) -> Option<Action> {
    let mut best: Option<(f64, (i64, i64, i64), Action)> = None;
    let ground = &state.setup.scene.1;
    // One field per kind of unit and set of goals: units with the same weapons share it.
    let mut fields: Vec<SharedField> = Vec::new();
    for (index, unit) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
        let Some(p) = profile(data, unit) else { continue };
        if p.class == UnitClass::FieldGun {
            continue;
        }
        let kind = usize::from(p.class == UnitClass::Infantry);
        let wanted = goals(data, state, unit);
        let at = match fields.iter().position(|(k, g, _)| *k == kind && *g == wanted) {
            Some(at) => at,
            None => {
                let open = if kind == 1 { &ground.infantry } else { &ground.vehicles };
                let field = Field::new(ground, open, &wanted, &state.setup.scene.2, kind);
                fields.push((kind, wanted, field));
                fields.len() - 1
            }
        };
        let field = &fields[at].2;
        let here = field.at((unit.pose.x, unit.pose.y));
        for free in [false, true] {
            for action in move_candidates(data, state, index, free) {
                let (Action::Move { to, facing, .. } | Action::FreeMove { to, facing, .. }) = action else { continue };
                // A hundred steps an inch.
                let mut gain = (here - field.at(to)) / 100.0 * UM_PER_INCH as f64;
                if gain < UM_PER_INCH as f64 {
                    continue;
                }
                // Normal prefers, among the moves that advance, those that keep its vehicles out
                // of sight (infantry must stand on the objectives whatever sees them); it never
                // refuses to advance for it, or a gun it must pass would hold it back for ever.
                if level != Level::Easy && kind == 0 {
                    let pose = Pose::new(to.0, to.1, facing);
                    gain -= exposure(data, state, unit, pose) as f64 * 2.0 * UM_PER_INCH as f64;
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
