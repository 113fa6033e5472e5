//! `check`: whether the rules allow an action now, with the named reason when not. It changes
//! nothing.

use super::action::{Action, Rejection};
use super::geometry::profile;
use super::movement::{MoveCost, may_go, move_cost};
use super::shooting::{Shot, shot, shot_with};
use super::special::{check_special, crew_of, may_act};
use super::state::{GameState, Outcome};
use crate::systems::armored::ruleset::{Keyword, Ruleset, UnitClass, Weight};
use crate::table::{Facing, Pose};

/// What an allowed action will do, worked out once for `apply`.
#[derive(Debug, Clone, PartialEq)]
pub enum Checked {
    /// A move and its cost.
    Move(MoveCost),
    /// A shot.
    Fire(Shot),
    /// The end of the turn.
    EndTurn,
    /// A keyword action (Scout, boarding, getting out, demolition).
    Special,
}

/// Whether a unit may make a move (a free move, with `free`) now at all, wherever it goes: the
/// part of a move's check that does not ask where. A refusal here refuses every destination,
/// so the computer asks it once per unit before it weighs any.
///
/// # Errors
/// The named reason every such move of the unit is refused now.
pub fn may_move(data: &Ruleset, state: &GameState, unit: usize, free: bool) -> Result<(), Rejection> {
    if state.outcome != Outcome::Ongoing {
        return Err(Rejection::GameOver);
    }
    if state.deploying {
        return Err(Rejection::Deploying);
    }
    let Some(u) = state.live(unit) else { return Err(Rejection::NoSuchUnit) };
    if u.side != state.side {
        return Err(Rejection::NotYourUnit);
    }
    let Some(p) = profile(data, u) else { return Err(Rejection::NoSuchUnit) };
    // "One cannot move their vehicle if they elect to fire an accurate shot."
    if u.fired_accurate {
        return Err(Rejection::FiredAccurate);
    }
    // "Field guns ... need to be manned to gain any functionality": an unmanned gun
    // does not move under its own power (a tow moves it).
    if p.class == UnitClass::FieldGun && u.towed_by.is_none() && crew_of(data, state, unit).is_none() {
        return Err(Rejection::Unmanned);
    }
    if free {
        if p.weight != Some(Weight::Light) || p.class != UnitClass::Vehicle || u.free_move_used {
            return Err(Rejection::NoFreeMove);
        }
        if u.riding.is_some() || u.towed_by.is_some() {
            return Err(Rejection::Carried);
        }
        if u.stunned {
            return Err(Rejection::Stunned);
        }
        Ok(())
    } else {
        may_act(data, state, unit, 1)
    }
}

/// Whether a unit may fire (a plain shot) now at all, whatever the weapon and the target: the
/// part of a shot's check that asks neither. A refusal here refuses every shot of the unit, so
/// the list of shots asks it once per unit.
///
/// # Errors
/// The named reason every such shot of the unit is refused now.
pub fn may_fire(data: &Ruleset, state: &GameState, unit: usize) -> Result<(), Rejection> {
    if state.outcome != Outcome::Ongoing {
        return Err(Rejection::GameOver);
    }
    if state.deploying {
        return Err(Rejection::Deploying);
    }
    may_act(data, state, unit, 1)
}

/// The rules' verdict on an action now.
///
/// # Errors
/// The named reason it is refused.
pub fn check(data: &Ruleset, state: &GameState, action: &Action) -> Result<Checked, Rejection> {
    if state.outcome != Outcome::Ongoing {
        return Err(Rejection::GameOver);
    }
    if let Action::Deploy { .. } = action {
        super::deploy::check_deploy(data, state, action)?;
        return Ok(Checked::Special);
    }
    if state.deploying {
        return Err(Rejection::Deploying);
    }
    match action {
        Action::EndTurn => Ok(Checked::EndTurn),
        Action::Move { unit, to, facing } | Action::FreeMove { unit, to, facing } => {
            let free = matches!(action, Action::FreeMove { .. });
            may_move(data, state, *unit, free)?;
            let Some(u) = state.live(*unit) else { return Err(Rejection::NoSuchUnit) };
            let Some(p) = profile(data, u) else { return Err(Rejection::NoSuchUnit) };
            let cost = move_cost(data, state, *unit, *to, free)?;
            if cost.cost > cost.allowance {
                return Err(if p.class == UnitClass::FieldGun {
                    Rejection::Immobile
                } else {
                    Rejection::BeyondReach { cost: cost.cost, allowance: cost.allowance }
                });
            }
            let stat = super::geometry::inches(p.movement);
            if p.keywords.contains(&Keyword::SlowReverse) && cost.cost * 2 > stat {
                let (dx, dy) = ((to.0 - u.pose.x) as f64, (to.1 - u.pose.y) as f64);
                let travel = Facing::from_degrees(libm::atan2(dx, -dy).to_degrees()).unwrap_or_default();
                if travel.difference(*facing) > 1_500 {
                    return Err(Rejection::MustFaceTravel);
                }
            }
            let end = Pose::new(to.0, to.1, *facing);
            may_go(data, state, *unit, u.pose, end)?;
            // A towed gun follows behind, held to the same test: never off the table, never
            // into a building or another unit.
            if let Some((gun, at)) = super::special::towed_at(data, state, *unit, end)
                && let Some(g) = state.units.get(gun)
            {
                may_go(data, state, gun, g.pose, at).map_err(|why| Rejection::TowedGun(Box::new(why)))?;
            }
            Ok(Checked::Move(cost))
        }
        Action::Fire { unit, weapon, target } => {
            may_fire(data, state, *unit)?;
            Ok(Checked::Fire(shot(data, state, *unit, *weapon, *target)?))
        }
        Action::AccurateFire { unit, weapon, target } => {
            // Refused by the Accurate rule itself, before the actions it would need: a unit
            // that moved has usually spent one of them too.
            let Some(u) = state.live(*unit) else { return Err(Rejection::NoSuchUnit) };
            let accurate = profile(data, u).is_some_and(|p| p.keywords.contains(&Keyword::Accurate));
            if accurate && u.side == state.side && u.moved {
                return Err(Rejection::HasMoved);
            }
            may_act(data, state, *unit, 2)?;
            Ok(Checked::Fire(shot_with(data, state, *unit, *weapon, *target, true)?))
        }
        Action::Deploy { .. } => Err(Rejection::NotDeploying),
        Action::Scout { .. } | Action::Embark { .. } | Action::Disembark { .. } | Action::Demolish { .. } => {
            check_special(data, state, action)?;
            Ok(Checked::Special)
        }
    }
}
