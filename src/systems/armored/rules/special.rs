//! The keyword actions and what infantry and guns do for each other: Scout's mark, Accurate's
//! shot, boarding a transport (APC) and hooking a field gun to a tow, getting out, a Support
//! vehicle demolishing tank traps, who mans a field gun, and sandbags' cover.

use super::action::{Action, Event, Rejection, Roll};
use super::geometry::inches;
use super::geometry::{line_of_fire, off_facing, profile, range, shape};
use super::movement::may_stand;
use super::readings::ScoutMark;
use super::state::{GameState, Mark, Unit};
use crate::systems::armored::ruleset::{Keyword, Ruleset, UnitClass, parse_kills};
use crate::table::{Pose, UM_PER_INCH, distance_um};

/// Whether the unit's side may spend one of its actions now, and its actions are its own to
/// spend (not carried, not stunned).
pub fn may_act(data: &Ruleset, state: &GameState, unit: usize, actions: u32) -> Result<(), Rejection> {
    let Some(u) = state.live(unit) else { return Err(Rejection::NoSuchUnit) };
    if u.side != state.side {
        return Err(Rejection::NotYourUnit);
    }
    if u.riding.is_some() || u.towed_by.is_some() {
        return Err(Rejection::Carried);
    }
    if u.stunned {
        return Err(Rejection::Stunned);
    }
    let Some(p) = profile(data, u) else { return Err(Rejection::NoSuchUnit) };
    if actions > 1 && (u.actions_spent > 0 || p.actions < actions) {
        return Err(Rejection::NeedsBothActions);
    }
    if u.actions_spent + actions > p.actions {
        return Err(Rejection::UnitActionsSpent);
    }
    if p.class != UnitClass::Infantry && state.actions_spent + actions > state.setup.action_limit {
        return Err(if actions > 1 { Rejection::NeedsBothActions } else { Rejection::ActionLimitSpent });
    }
    Ok(())
}

/// Spends `actions` of a unit (and of the limit, unless it is infantry).
pub fn spend(data: &Ruleset, state: &mut GameState, unit: usize, actions: u32) {
    let infantry = state.units.get(unit).and_then(|u| profile(data, u)).is_some_and(|p| p.class == UnitClass::Infantry);
    if let Some(u) = state.units.get_mut(unit) {
        u.actions_spent += actions;
    }
    if !infantry {
        state.actions_spent += actions;
    }
}

/// The infantry that mans a field gun: a friendly squad standing within the crew reach of the
/// gun, behind it (more than 90 degrees off its facing). A squad mans one gun: guns claim
/// crews in the table's order, each the nearest free squad (then the lower index).
#[must_use]
pub fn crew_of(data: &Ruleset, state: &GameState, gun: usize) -> Option<usize> {
    let reach = inches(data.specials.crew_reach);
    let mut taken: Vec<usize> = Vec::new();
    for (index, g) in state.units.iter().enumerate() {
        if !g.alive() || profile(data, g).is_none_or(|p| p.class != UnitClass::FieldGun) || g.towed_by.is_some() {
            continue;
        }
        let Some(gun_shape) = shape(data, g) else { continue };
        let crew = state
            .units
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                c.alive()
                    && c.side == g.side
                    && c.riding.is_none()
                    && !taken.contains(i)
                    && profile(data, c).is_some_and(|p| p.class == UnitClass::Infantry)
                    && off_facing(g, (c.pose.x as f64, c.pose.y as f64)) > 90.0
            })
            .filter_map(|(i, c)| Some((distance_um(&gun_shape, &shape(data, c)?), i)))
            .filter(|(d, _)| *d <= reach)
            .min();
        if let Some((_, crew)) = crew {
            if index == gun {
                return Some(crew);
            }
            taken.push(crew);
        } else if index == gun {
            return None;
        }
    }
    None
}

/// The gun an infantry squad mans, if any.
#[must_use]
pub fn manned_gun(data: &Ruleset, state: &GameState, squad: usize) -> Option<usize> {
    state
        .units
        .iter()
        .enumerate()
        .filter(|(_, g)| g.alive() && profile(data, g).is_some_and(|p| p.class == UnitClass::FieldGun))
        .map(|(i, _)| i)
        .find(|&gun| crew_of(data, state, gun) == Some(squad))
}

/// Whether sandbags cover `target` from `firer`: the line between their centres crosses a
/// sandbags piece lying within the sandbag reach of the target.
#[must_use]
pub fn sandbagged(data: &Ruleset, state: &GameState, firer: &Unit, target: &Unit) -> bool {
    let Some(target_shape) = shape(data, target) else { return false };
    let scene = &state.setup.scene.0;
    let reach = data.specials.sandbag_reach * UM_PER_INCH as f64;
    // Only sandbags within reach of the target can cover it: most shots have none, and need no
    // line drawn.
    let near: Vec<usize> = state
        .setup
        .table
        .pieces
        .iter()
        .zip(&scene.obstacles)
        .enumerate()
        .filter(|(_, (p, o))| {
            data.kind(&p.kind).is_some_and(|k| k.sandbags) && crate::table::distance(&o.shape, &target_shape) <= reach
        })
        .map(|(i, _)| i)
        .collect();
    if near.is_empty() {
        return false;
    }
    let eye = crate::table::Eye { at: firer.pose.point(), z: 0.0 };
    let line = scene.line(eye, crate::table::Eye { at: target.pose.point(), z: 0.0 }, &[]);
    line.crossings.iter().any(|c| near.contains(&c.obstacle))
}

/// The bonus a scout at `um` from its target gives, by the data's bands.
#[must_use]
pub fn scout_bonus(data: &Ruleset, um: i64) -> u8 {
    let inches = um as f64 / UM_PER_INCH as f64;
    data.specials.scout_bands.iter().find(|(below, _)| inches < *below).map_or(data.specials.scout_beyond, |b| b.1)
}

/// The mark for `friend` on `target`, if one stands.
#[must_use]
pub fn mark_for(state: &GameState, friend: usize, target: usize) -> Option<Mark> {
    state.marks.iter().copied().find(|m| m.friend == friend && m.target == target)
}

/// Checks a keyword action (Scout, Embark, Disembark, Demolish), or says why not.
///
/// # Errors
/// The named reason.
pub fn check_special(data: &Ruleset, state: &GameState, action: &Action) -> Result<(), Rejection> {
    match *action {
        Action::Scout { unit, target, friend } => {
            may_act(data, state, unit, 1)?;
            let Some(u) = state.live(unit) else { return Err(Rejection::NoSuchUnit) };
            if !profile(data, u).is_some_and(|p| p.keywords.contains(&Keyword::Scout)) {
                return Err(Rejection::LacksKeyword("Scout".into()));
            }
            let Some(t) = state.standing(target) else { return Err(Rejection::NoSuchUnit) };
            if t.side == u.side {
                return Err(Rejection::NotAnEnemy);
            }
            let Some(f) = state.live(friend) else { return Err(Rejection::NoSuchUnit) };
            if f.side != u.side || friend == unit {
                return Err(Rejection::NotYourUnit);
            }
            let Some(distance) = range(data, u, t) else { return Err(Rejection::NoSuchUnit) };
            let allowed = inches(data.specials.scout_reach);
            if distance > allowed {
                return Err(Rejection::TooFar { distance, allowed });
            }
            if !line_of_fire(data, state, u, t).is_some_and(|l| l.in_sight) {
                return Err(Rejection::NotInSight);
            }
            Ok(())
        }
        Action::Embark { unit, carrier } => {
            may_act(data, state, carrier, 1)?;
            let Some(u) = state.live(unit) else { return Err(Rejection::NoSuchUnit) };
            let Some(c) = state.live(carrier) else { return Err(Rejection::NoSuchUnit) };
            if u.side != c.side {
                return Err(Rejection::NotYourUnit);
            }
            if u.riding.is_some() || u.towed_by.is_some() {
                return Err(Rejection::Carried);
            }
            if u.stunned {
                return Err(Rejection::Stunned);
            }
            let (up, cp) =
                (profile(data, u).ok_or(Rejection::NoSuchUnit)?, profile(data, c).ok_or(Rejection::NoSuchUnit)?);
            let room = match up.class {
                UnitClass::Infantry => cp.keywords.iter().find_map(|k| match k {
                    Keyword::Apc(x) => Some(
                        usize::try_from(*x).unwrap_or(0)
                            > state.units.iter().filter(|p| p.alive() && p.riding == Some(carrier)).count(),
                    ),
                    _ => None,
                }),
                UnitClass::FieldGun => cp
                    .keywords
                    .contains(&Keyword::Tow)
                    .then(|| !state.units.iter().any(|g| g.alive() && g.towed_by == Some(carrier))),
                UnitClass::Vehicle => None,
            };
            match room {
                None => return Err(Rejection::CannotBoard),
                Some(false) => return Err(Rejection::NoRoom),
                Some(true) => {}
            }
            let Some(distance) = range(data, u, c) else { return Err(Rejection::NoSuchUnit) };
            if let Some(allowed) = too_far(state, distance) {
                return Err(Rejection::TooFar { distance, allowed });
            }
            Ok(())
        }
        Action::Disembark { unit, to, facing } => {
            let Some(u) = state.live(unit) else { return Err(Rejection::NoSuchUnit) };
            if u.side != state.side {
                return Err(Rejection::NotYourUnit);
            }
            let Some(carrier) = u.riding.or(u.towed_by) else { return Err(Rejection::NotCarried) };
            let Some(c) = state.live(carrier) else { return Err(Rejection::NoSuchUnit) };
            let placed = Unit { pose: Pose::new(to.0, to.1, facing), riding: None, towed_by: None, ..u.clone() };
            let Some(distance) = range(data, &placed, c) else { return Err(Rejection::NoSuchUnit) };
            if let Some(allowed) = too_far(state, distance) {
                return Err(Rejection::TooFar { distance, allowed });
            }
            may_stand(data, state, unit, placed.pose)
        }
        Action::Demolish { unit, piece } => {
            may_act(data, state, unit, 2)?;
            let Some(u) = state.live(unit) else { return Err(Rejection::NoSuchUnit) };
            let Some(p) = profile(data, u) else { return Err(Rejection::NoSuchUnit) };
            if !p.keywords.contains(&Keyword::Support) || p.class == UnitClass::Infantry {
                return Err(Rejection::LacksKeyword("Support".into()));
            }
            // Demolition is "firing upon" the traps: Long Reload forbids it the turn after firing.
            if p.keywords.contains(&Keyword::LongReload) && u.fired_last_turn {
                return Err(Rejection::Reloading);
            }
            // An unmanned field gun has no "functionality", demolition included.
            if p.class == UnitClass::FieldGun && crew_of(data, state, unit).is_none() {
                return Err(Rejection::Unmanned);
            }
            let Some(trap) = state.setup.table.pieces.get(piece) else { return Err(Rejection::NotATankTrap) };
            if !data.kind(&trap.kind).is_some_and(|k| k.tank_trap) || state.demolished.contains(&piece) {
                return Err(Rejection::NotATankTrap);
            }
            let Some(obstacle) = state.setup.scene.0.obstacles.get(piece) else { return Err(Rejection::NotATankTrap) };
            let distance = distance_um(&shape(data, u).ok_or(Rejection::NoSuchUnit)?, &obstacle.shape);
            let allowed = inches(data.specials.demolish_reach);
            if distance > allowed {
                return Err(Rejection::TooFar { distance, allowed });
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Carries out a checked keyword action.
pub fn apply_special(data: &Ruleset, state: &mut GameState, action: &Action, events: &mut Vec<Event>) {
    match *action {
        Action::Scout { unit, target, friend } => {
            let bonus = match (state.units.get(unit), state.units.get(target)) {
                (Some(u), Some(t)) => range(data, u, t).map_or(data.specials.scout_beyond, |d| scout_bonus(data, d)),
                _ => data.specials.scout_beyond,
            };
            spend(data, state, unit, 1);
            state.marks.retain(|m| !(m.target == target && m.friend == friend));
            state.marks.push(Mark { scout: unit, target, friend, bonus });
            events.push(Event::Scouted { unit, target, friend, bonus });
        }
        Action::Embark { unit, carrier } => {
            spend(data, state, carrier, 1);
            let gun =
                state.units.get(unit).and_then(|u| profile(data, u)).is_some_and(|p| p.class == UnitClass::FieldGun);
            let carrier_pose = state.units.get(carrier).map(|c| c.pose);
            if let Some(u) = state.units.get_mut(unit) {
                if gun {
                    u.towed_by = Some(carrier);
                } else {
                    u.riding = Some(carrier);
                    if let Some(pose) = carrier_pose {
                        u.pose = pose;
                    }
                }
            }
            if gun {
                place_towed(data, state, carrier);
            }
            events.push(Event::Embarked { unit, carrier });
        }
        Action::Disembark { unit, to, facing } => {
            if let Some(u) = state.units.get_mut(unit) {
                // Passengers who get out take no other action this turn; a gun deployed from its
                // tow keeps its own.
                if u.riding.is_some() {
                    u.stunned = true;
                }
                u.riding = None;
                u.towed_by = None;
                u.pose = Pose::new(to.0, to.1, facing);
            }
            events.push(Event::Disembarked { unit, to });
        }
        Action::Demolish { unit, piece } => {
            spend(data, state, unit, 2);
            if let Some(u) = state.units.get_mut(unit) {
                u.fired_this_turn = true;
            }
            let clear = data.specials.demolish_clear * UM_PER_INCH as f64;
            let scene = std::sync::Arc::clone(&state.setup.scene.0);
            let mut cleared = vec![piece];
            if let Some(hit) = scene.obstacles.get(piece) {
                for (index, (p, o)) in state.setup.table.pieces.iter().zip(&scene.obstacles).enumerate() {
                    let trap = data.kind(&p.kind).is_some_and(|k| k.tank_trap);
                    if index != piece
                        && trap
                        && !state.demolished.contains(&index)
                        && crate::table::distance(&hit.shape, &o.shape) <= clear
                    {
                        cleared.push(index);
                    }
                }
            }
            state.demolished.extend(&cleared);
            events.push(Event::Demolished { pieces: cleared });
        }
        _ => {}
    }
}

/// Puts a tow's gun right behind it, facing the way it faces.
pub fn place_towed(data: &Ruleset, state: &mut GameState, tow: usize) {
    let Some(pose) = state.units.get(tow).map(|t| t.pose) else { return };
    if let Some((gun, at)) = towed_at(data, state, tow, pose)
        && let Some(g) = state.units.get_mut(gun)
    {
        g.pose = at;
    }
}

/// The gun `tow` tows, if any, and where it stands when the tow stands at `pose`: behind it,
/// a quarter inch between the hulls, facing the same way.
#[must_use]
pub fn towed_at(data: &Ruleset, state: &GameState, tow: usize, pose: Pose) -> Option<(usize, Pose)> {
    let t = state.units.get(tow)?;
    let gun = state.units.iter().position(|g| g.alive() && g.towed_by == Some(tow))?;
    let half = |u: &Unit| profile(data, u).map_or(0.0, |p| hull_length(data, p));
    let back = (half(t) + state.units.get(gun).map_or(0.0, half)) / 2.0 + 0.25 * UM_PER_INCH as f64;
    let (fx, fy) = pose.facing.vector();
    let at =
        Pose::new((pose.x as f64 - fx * back).round() as i64, (pose.y as f64 - fy * back).round() as i64, pose.facing);
    Some((gun, at))
}

/// A hull's length along its facing, micrometres.
fn hull_length(data: &Ruleset, p: &crate::systems::armored::ruleset::Profile) -> f64 {
    data.hull_of(p).map_or(0.0, |f| match f {
        crate::table::Footprint::Rect { length, .. } | crate::table::Footprint::Oval { length, .. } => length as f64,
        other => 2.0 * other.reach(),
    })
}

/// A transport is destroyed: each passenger loses the data's casualties (D3-1), gets out where
/// the transport stood, and loses its next action; a towed gun is unhooked.
pub fn transport_lost(data: &Ruleset, state: &mut GameState, carrier: usize, events: &mut Vec<Event>) {
    let (die, modifier) = parse_kills(&data.specials.transport_casualties).unwrap_or((3, -1));
    let passengers: Vec<usize> = state
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.alive() && u.riding == Some(carrier))
        .map(|(i, _)| i)
        .collect();
    for passenger in passengers {
        let side = state.units.get(passenger).map_or(0, |u| u.side);
        let face = match 6u8.checked_div(die) {
            Some(per) => {
                let face = state.dice.roll_d6();
                events.push(Event::Die { roll: Roll::Casualties, side, face });
                i32::from(face.div_ceil(per))
            }
            None => 0,
        };
        let lost = u32::try_from((face + modifier).max(0)).unwrap_or(0);
        events.push(Event::ThrownOut { unit: passenger });
        let Some(u) = state.units.get_mut(passenger) else { continue };
        u.riding = None;
        u.stunned_next = true;
        let men = lost.min(u.hp);
        u.hp -= men;
        let left = u.hp;
        if men > 0 {
            events.push(Event::MenLost { unit: passenger, men, left });
        }
        if left == 0 {
            events.push(Event::Destroyed { unit: passenger, at: (u.pose.x, u.pose.y), side: u.side });
        }
    }
    for gun in state.units.iter_mut().filter(|g| g.towed_by == Some(carrier)) {
        gun.towed_by = None;
    }
}

/// The boarding reach when `distance` is beyond it: too far to board, hook up or get out.
fn too_far(state: &GameState, distance: i64) -> Option<i64> {
    state.setup.readings.ask(|r| {
        let allowed = inches(r.boarding_reach());
        (distance > allowed).then_some(allowed)
    })
}

/// Uses the scout mark `friend` had on `target`, when the reading says a mark is for one shot.
pub fn use_mark(state: &mut GameState, friend: usize, target: usize) {
    let used = |m: &super::state::Mark| m.friend == friend && m.target == target;
    // Asked only when there is a mark to use: without one the reading cannot matter.
    if state.marks.iter().any(used) && state.setup.readings.ask(|r| r.scout_mark() == ScoutMark::Shot) {
        state.marks.retain(|m| !used(m));
    }
}
