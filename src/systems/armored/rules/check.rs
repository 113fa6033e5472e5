//! `check`: whether the rules allow an action now, with the named reason when not. It changes
//! nothing.

use super::action::{Action, Rejection};
use super::geometry::profile;
use super::movement::{MoveCost, may_stand, move_cost};
use super::shooting::{Shot, shot};
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
}

/// Whether a unit of this side may spend an action now (infantry's are free of the limit).
fn may_act(data: &Ruleset, state: &GameState, unit: usize) -> Result<(), Rejection> {
    let u = state.live(unit).ok_or(Rejection::NoSuchUnit)?;
    if u.side != state.side {
        return Err(Rejection::NotYourUnit);
    }
    let p = profile(data, u).ok_or(Rejection::NoSuchUnit)?;
    if u.actions_spent >= p.actions {
        return Err(Rejection::UnitActionsSpent);
    }
    if p.class != UnitClass::Infantry && state.actions_spent >= state.setup.action_limit {
        return Err(Rejection::ActionLimitSpent);
    }
    Ok(())
}

/// The rules' verdict on an action now.
///
/// # Errors
/// The named reason it is refused.
pub fn check(data: &Ruleset, state: &GameState, action: &Action) -> Result<Checked, Rejection> {
    if state.outcome != Outcome::Ongoing {
        return Err(Rejection::GameOver);
    }
    match action {
        Action::EndTurn => Ok(Checked::EndTurn),
        Action::Move { unit, to, facing } | Action::FreeMove { unit, to, facing } => {
            let free = matches!(action, Action::FreeMove { .. });
            let u = state.live(*unit).ok_or(Rejection::NoSuchUnit)?;
            if u.side != state.side {
                return Err(Rejection::NotYourUnit);
            }
            let p = profile(data, u).ok_or(Rejection::NoSuchUnit)?;
            if free {
                if p.weight != Some(Weight::Light) || p.class != UnitClass::Vehicle || u.free_move_used {
                    return Err(Rejection::NoFreeMove);
                }
            } else {
                may_act(data, state, *unit)?;
            }
            let cost = move_cost(data, state, u, *to, free)?;
            if cost.cost > cost.allowance {
                return Err(if p.class == UnitClass::FieldGun {
                    Rejection::Immobile
                } else {
                    Rejection::BeyondReach { cost: cost.cost, allowance: cost.allowance }
                });
            }
            let stat = (p.movement * crate::table::UM_PER_INCH as f64).round() as i64;
            if p.keywords.contains(&Keyword::SlowReverse) && cost.cost * 2 > stat {
                let (dx, dy) = ((to.0 - u.pose.x) as f64, (to.1 - u.pose.y) as f64);
                let travel = Facing::from_degrees(libm::atan2(dx, -dy).to_degrees()).unwrap_or_default();
                if travel.difference(*facing) > 1_500 {
                    return Err(Rejection::MustFaceTravel);
                }
            }
            may_stand(data, state, *unit, Pose::new(to.0, to.1, *facing))?;
            Ok(Checked::Move(cost))
        }
        Action::Fire { unit, weapon, target } => {
            may_act(data, state, *unit)?;
            Ok(Checked::Fire(shot(data, state, *unit, *weapon, *target)?))
        }
    }
}
