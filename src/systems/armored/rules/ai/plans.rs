//! The computer's use of the keyword actions and of its infantry's duties: a scout's mark when
//! it helps a friend's shot more than the scout's own, an Accurate shot when the +1 is worth
//! the move it costs, squads that man the field guns and hold objectives, casemates that turn
//! to their targets, and indirect guns that stay set up.

use super::{frame, value};
use crate::systems::armored::rules::action::Action;
use crate::systems::armored::rules::check::check;
use crate::systems::armored::rules::geometry::{profile, shape};
use crate::systems::armored::rules::shooting::{Shot, expected_damage, shot, shot_with};
use crate::systems::armored::rules::special::{crew_of, manned_gun};
use crate::systems::armored::rules::state::{GameState, Unit, Victory};
use crate::systems::armored::ruleset::{Keyword, Ruleset, UnitClass};
use crate::table::{UM_PER_INCH, distance_um};

/// What a shot is worth: the expected share of the target destroyed times its cost, and half
/// its cost again when the shot is expected to finish it.
pub fn shot_worth(data: &Ruleset, state: &GameState, s: &Shot, target: &Unit) -> f64 {
    let full = profile(data, target).map_or(1, |p| p.men.map_or(p.hit_points, u32::from)).max(1);
    let expected = state.setup.readings.ask(|r| expected_damage(s, r.advantage_on_penetration(), target));
    expected / f64::from(full) * value(data, target)
        + if expected >= f64::from(target.hp) { value(data, target) * 0.5 } else { 0.0 }
}

/// The share of a target's remaining strength a shot is expected to take (at most all of it).
pub fn silenced(state: &GameState, s: &Shot, target: &Unit) -> f64 {
    let expected = state.setup.readings.ask(|r| expected_damage(s, r.advantage_on_penetration(), target));
    (expected / f64::from(target.hp.max(1))).min(1.0)
}

/// The best a unit's guns could do to `target` now (0 when none may fire).
fn best_worth_at(data: &Ruleset, state: &GameState, unit: usize, target: usize) -> f64 {
    let has_action = state.live(unit).is_some_and(|u| u.actions_spent < profile(data, u).map_or(0, |p| p.actions));
    if has_action { any_shot_worth(data, state, unit, target) } else { 0.0 }
}

/// What `unit`'s best weapon could do to `target` where they stand (Hard's look at a
/// destination, in a probe whose weapons are all ready: the shots of the next turn).
pub fn any_shot_worth(data: &Ruleset, probe: &GameState, unit: usize, target: usize) -> f64 {
    let (Some(u), Some(t)) = (probe.live(unit), probe.live(target)) else { return 0.0 };
    let weapons = profile(data, u).map_or(0, |p| p.weapons.len());
    (0..weapons)
        .filter_map(|w| shot(data, probe, unit, w, target).ok())
        .map(|s| shot_worth(data, probe, &s, t))
        .fold(0.0, f64::max)
}

/// A copy of the position with every weapon ready, for `any_shot_worth`.
pub fn ready_probe(state: &GameState) -> GameState {
    let mut probe = state.clone();
    for u in &mut probe.units {
        u.fired.iter_mut().for_each(|x| *x = 0);
        u.fired_last_turn = false;
        u.set_up = true;
    }
    probe
}

/// A scout's mark worth more than the scout's own best shot: what it adds to the best shot of
/// the friend it is made for.
pub fn scout_plan(data: &Ruleset, state: &GameState) -> Option<(f64, Action)> {
    let mut best: Option<(f64, (i64, i64, i64), Action)> = None;
    let enemies: Vec<usize> =
        state.units.iter().enumerate().filter(|(_, t)| t.alive() && t.side != state.side).map(|(i, _)| i).collect();
    for (unit, u) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
        if !profile(data, u).is_some_and(|p| p.keywords.contains(&Keyword::Scout)) {
            continue;
        }
        let own = enemies.iter().map(|&t| best_worth_at(data, state, unit, t)).fold(0.0, f64::max);
        // Each friend's best shot now, at any enemy: the same for every target this scout
        // might mark, so worked out once per friend rather than once per target.
        let mut best_now: Vec<Option<f64>> = vec![None; state.units.len()];
        for (target, t) in state.units.iter().enumerate().filter(|(_, t)| t.alive() && t.side != state.side) {
            let first_friend =
                state.units.iter().enumerate().position(|(i, x)| i != unit && x.alive() && x.side == u.side);
            let Some(first_friend) = first_friend else { continue };
            // Whether this scout may mark this target at all (reach and sight), once.
            if check(data, state, &Action::Scout { unit, target, friend: first_friend }).is_err() {
                continue;
            }
            let bonus = crate::systems::armored::rules::special::scout_bonus(
                data,
                crate::systems::armored::rules::geometry::range(data, u, t).unwrap_or(i64::MAX),
            );
            let friends = state.units.iter().enumerate().filter(|(f, x)| *f != unit && x.alive() && x.side == u.side);
            for (friend, x) in friends {
                if state.marks.iter().any(|m| m.friend == friend && m.target == target)
                    || x.actions_spent >= profile(data, x).map_or(0, |p| p.actions)
                {
                    continue;
                }
                // The friend's best shot now and with the bonus taken from its roll to hit.
                let weapons = profile(data, x).map_or(0, |p| p.weapons.len());
                let (mut before, mut after) = (0.0f64, 0.0f64);
                for weapon in 0..weapons {
                    let Ok(plain) = shot(data, state, friend, weapon, target) else { continue };
                    before = before.max(shot_worth(data, state, &plain, t));
                    if plain.kills.is_none() && (1..=6).contains(&plain.hit) {
                        let helped = Shot { hit: plain.hit.saturating_sub(bonus).max(1), scouted: bonus, ..plain };
                        after = after.max(shot_worth(data, state, &helped, t));
                    }
                }
                // A friend fires once: a mark is worth what it adds to the best shot the friend
                // has now (which counts the marks already made), not to a shot at this target
                // it would not take; marking five targets for one gun is worth one mark at most.
                let now = *best_now[friend].get_or_insert_with(|| {
                    enemies.iter().map(|&e| best_worth_at(data, state, friend, e)).fold(0.0, f64::max)
                });
                // Worths are never below 0, so the 0 the fold starts from changes nothing.
                let current = before.max(now);
                let gain = after - current;
                let key = frame(state, state.side, (t.pose.x, t.pose.y));
                if gain > own
                    && best.as_ref().is_none_or(|(g, k, _)| gain > *g + 1e-9 || (gain - *g).abs() <= 1e-9 && key < *k)
                {
                    best = Some((gain, key, Action::Scout { unit, target, friend }));
                }
            }
        }
    }
    best.map(|(g, _, a)| (g, a))
}

/// An Accurate shot when its worth beats the plain shot's by a quarter (it costs the move).
pub fn accurate_plan(data: &Ruleset, state: &GameState) -> Option<(f64, Action)> {
    let mut best: Option<(f64, (i64, i64, i64), Action)> = None;
    for (unit, u) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
        let Some(p) = profile(data, u).filter(|p| p.keywords.contains(&Keyword::Accurate)) else { continue };
        for weapon in 0..p.weapons.len() {
            for (target, t) in state.units.iter().enumerate().filter(|(_, t)| t.alive() && t.side != state.side) {
                let action = Action::AccurateFire { unit, weapon, target };
                let (Ok(plain), Ok(sure)) =
                    (shot(data, state, unit, weapon, target), shot_with(data, state, unit, weapon, target, true))
                else {
                    continue;
                };
                let worth = shot_worth(data, state, &sure, t);
                let key = frame(state, state.side, (t.pose.x, t.pose.y));
                if worth > 1.25 * shot_worth(data, state, &plain, t)
                    && check(data, state, &action).is_ok()
                    && best.as_ref().is_none_or(|(w, k, _)| worth > *w + 1e-9 || (worth - *w).abs() <= 1e-9 && key < *k)
                {
                    best = Some((worth, key, action));
                }
            }
        }
    }
    best.map(|(w, _, a)| (w, a))
}

/// The place a squad stands to man a gun: just behind it, on its axis.
fn behind(data: &Ruleset, gun: &Unit) -> (i64, i64) {
    let back = profile(data, gun).and_then(|p| data.hull_of(p)).map_or(0.0, |f| f.reach()) + 0.9 * UM_PER_INCH as f64;
    let (fx, fy) = gun.pose.facing.vector();
    ((gun.pose.x as f64 - fx * back).round() as i64, (gun.pose.y as f64 - fy * back).round() as i64)
}

/// Where a squad should go to man a gun: behind the nearest friendly gun no squad mans and no
/// nearer free squad is heading for.
pub fn crew_goal(data: &Ruleset, state: &GameState, squad: usize) -> Option<(i64, i64)> {
    let s = state.standing(squad)?;
    let p = profile(data, s)?;
    if p.class != UnitClass::Infantry || p.weapons.iter().any(|w| w.fires_at_vehicles()) {
        return None;
    }
    let free_squads: Vec<usize> = state
        .units
        .iter()
        .enumerate()
        .filter(|(i, u)| {
            u.alive()
                && u.side == s.side
                && u.riding.is_none()
                && profile(data, u).is_some_and(|p| p.class == UnitClass::Infantry)
                && manned_gun(data, state, *i).is_none()
        })
        .map(|(i, _)| i)
        .collect();
    let guns = state.units.iter().enumerate().filter(|(g, u)| {
        u.alive()
            && u.side == s.side
            && u.towed_by.is_none()
            && profile(data, u).is_some_and(|p| p.class == UnitClass::FieldGun)
            && crew_of(data, state, *g).is_none()
    });
    let mut best: Option<(i64, (i64, i64))> = None;
    for (_, gun) in guns {
        let spot = behind(data, gun);
        let distance = |i: usize| {
            state.units.get(i).map_or(i64::MAX, |u| {
                crate::table::measure::length((u.pose.x - spot.0) as f64, (u.pose.y - spot.1) as f64).round() as i64
            })
        };
        let mine = distance(squad);
        // The nearest free squad goes (ties to the lower in the table's order cannot favour a
        // side: each side's squads are its own).
        let nearest = free_squads.iter().copied().min_by_key(|&i| (distance(i), i));
        if nearest == Some(squad) && best.is_none_or(|(d, _)| mine < d) {
            best = Some((mine, spot));
        }
    }
    best.map(|(_, spot)| spot)
}

/// Whether a unit should stay where it is: a squad manning a gun, an indirect gun set up or
/// with an enemy in its reach, a passenger.
pub fn holds(data: &Ruleset, state: &GameState, index: usize) -> bool {
    let Some(u) = state.live(index) else { return true };
    if u.riding.is_some() || u.towed_by.is_some() {
        return true;
    }
    let Some(p) = profile(data, u) else { return true };
    if p.class == UnitClass::Infantry {
        return manned_gun(data, state, index).is_some();
    }
    let reach = p.weapons.iter().flat_map(|w| &w.keywords).find_map(|k| match k {
        Keyword::Indirect(x) => Some(i64::from(*x) * UM_PER_INCH),
        _ => None,
    });
    let Some(reach) = reach else { return false };
    let Some(own) = shape(data, u) else { return false };
    u.set_up
        || state
            .units
            .iter()
            .filter(|e| e.alive() && e.side != u.side && e.riding.is_none())
            .filter_map(|e| shape(data, e))
            .any(|e| distance_um(&own, &e) <= reach)
}

/// Whether a unit carries riders (it then heads for the objectives).
pub fn carries(state: &GameState, index: usize) -> bool {
    state.units.iter().any(|u| u.alive() && u.riding == Some(index))
}

/// A casemate that could hurt an enemy but for its arc turns in place to face it (its front,
/// or its back for a reverse casemate): a move of no distance. Without it two casemates side
/// by side would sit for ever.
pub fn pivot_plan(data: &Ruleset, state: &GameState) -> Option<Action> {
    use crate::systems::armored::rules::action::Rejection;
    let mut best: Option<(f64, (i64, i64, i64), Action)> = None;
    // One copy of the game for every turn weighed, made when first needed: each turn sets the
    // unit's facing in it and puts the old one back after (a copy per turn cost a twentieth of
    // a game's time).
    let mut turned: Option<GameState> = None;
    for (unit, u) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
        let Some(p) = profile(data, u) else { continue };
        let reverse = p.keywords.contains(&Keyword::ReverseCasemate);
        if !reverse && !p.keywords.contains(&Keyword::Casemate) {
            continue;
        }
        for (target, t) in state.units.iter().enumerate().filter(|(_, t)| t.alive() && t.side != state.side) {
            let out_of_arc =
                (0..p.weapons.len()).any(|w| shot(data, state, unit, w, target) == Err(Rejection::OutOfArc));
            if !out_of_arc {
                continue;
            }
            let (dx, dy) = ((t.pose.x - u.pose.x) as f64, (t.pose.y - u.pose.y) as f64);
            let bearing = libm::atan2(dx, -dy).to_degrees() + if reverse { 180.0 } else { 0.0 };
            let Ok(facing) = crate::table::Facing::from_degrees(bearing.round()) else { continue };
            let action = Action::Move { unit, to: (u.pose.x, u.pose.y), facing };
            let turned = turned.get_or_insert_with(|| state.clone());
            if let Some(x) = turned.units.get_mut(unit) {
                x.pose.facing = facing;
            }
            let worth = (0..p.weapons.len())
                .filter_map(|w| shot(data, turned, unit, w, target).ok())
                .map(|s| shot_worth(data, state, &s, t))
                .fold(0.0, f64::max);
            if let Some(x) = turned.units.get_mut(unit) {
                x.pose.facing = u.pose.facing;
            }
            let key = frame(state, state.side, (t.pose.x, t.pose.y));
            if worth > 0.0
                && best.as_ref().is_none_or(|(w, k, _)| worth > *w + 1e-9 || (worth - *w).abs() <= 1e-9 && key < *k)
                && check(data, state, &action).is_ok()
            {
                best = Some((worth, key, action));
            }
        }
    }
    best.map(|(_, _, a)| a)
}

/// Whether an infantry unit stands within an objective's control radius (Domination).
pub fn on_objective(data: &Ruleset, state: &GameState, unit: &Unit) -> bool {
    if state.setup.victory != Victory::Domination || unit.riding.is_some() {
        return false;
    }
    if profile(data, unit).is_none_or(|p| p.class != UnitClass::Infantry) {
        return false;
    }
    state.setup.table.objectives.iter().any(|o| stands_on(data, unit, o))
}

/// Whether a squad's base reaches within an objective's control radius (any unit's shape;
/// the caller decides which units count).
pub fn stands_on(data: &Ruleset, unit: &Unit, objective: &crate::table::Objective) -> bool {
    if unit.riding.is_some() || profile(data, unit).is_none_or(|p| p.class != UnitClass::Infantry) {
        return false;
    }
    shape(data, unit).is_some_and(|base| {
        base.distance_to_point((objective.at.0 as f64, objective.at.1 as f64)) <= objective.radius as f64
    })
}

/// A squad on an objective stays there (Normal and Hard): it is what scores.
pub fn holds_objective(data: &Ruleset, state: &GameState, index: usize) -> bool {
    state.live(index).is_some_and(|u| on_objective(data, state, u))
}
