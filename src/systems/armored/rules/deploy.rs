//! Alternate deployment (the reading `deployment=alternate`): the forces start off the table;
//! a roll-off decides who places first, the sides place a unit each in turn wholly inside
//! their own zones, and when one side has placed everything the other places the rest. A
//! second roll-off (or the balance lab's seat) then gives the first turn.

use super::action::{Action, Event, Rejection, Roll};
use super::cycle::begin_turn;
use super::geometry::shape;
use super::movement::may_stand;
use super::state::GameState;
use crate::systems::armored::ruleset::Ruleset;
use crate::table::{Pose, ZonePurpose, wholly_inside};

/// Rolls a D6 each until they differ; the higher side wins.
pub fn roll_off(state: &mut GameState, what: Roll, events: &mut Vec<Event>) -> u8 {
    loop {
        let (a, b) = (state.dice.roll_d6(), state.dice.roll_d6());
        events.push(Event::Die { roll: what, side: 0, face: a });
        events.push(Event::Die { roll: what, side: 1, face: b });
        if a != b {
            return u8::from(b > a);
        }
    }
}

/// Whether a unit of this side still waits to be placed.
fn has_reserve(state: &GameState, side: u8) -> bool {
    state.units.iter().any(|u| u.reserve && u.hp > 0 && u.side == side)
}

/// Checks a placement.
///
/// # Errors
/// Not deploying, not this side's unit or not in reserve, outside its zones, on another unit.
pub(super) fn check_deploy(data: &Ruleset, state: &GameState, action: &Action) -> Result<(), Rejection> {
    let Action::Deploy { unit, to, facing } = *action else { return Ok(()) };
    if !state.deploying {
        return Err(Rejection::NotDeploying);
    }
    let Some(u) = state.units.get(unit).filter(|u| u.hp > 0) else { return Err(Rejection::NoSuchUnit) };
    if u.side != state.side {
        return Err(Rejection::NotYourUnit);
    }
    if !u.reserve {
        return Err(Rejection::NotInReserve);
    }
    let placed = super::state::Unit { pose: Pose::new(to.0, to.1, facing), reserve: false, ..u.clone() };
    let Some(hull) = shape(data, &placed) else { return Err(Rejection::NoSuchUnit) };
    let inside = state
        .setup
        .table
        .zones
        .iter()
        .filter(|z| z.owner == Some(u.side) && z.purpose == ZonePurpose::Deployment)
        .any(|z| wholly_inside(&hull, &z.polygon()));
    if !inside {
        return Err(Rejection::OutsideZone);
    }
    may_stand(data, state, unit, placed.pose)
}

/// Places a unit, passes the placement on, and when every unit is placed starts the first turn.
pub(super) fn apply_deploy(data: &Ruleset, state: &mut GameState, action: &Action, events: &mut Vec<Event>) {
    let Action::Deploy { unit, to, facing } = *action else { return };
    if let Some(u) = state.units.get_mut(unit) {
        u.reserve = false;
        u.pose = Pose::new(to.0, to.1, facing);
    }
    events.push(Event::Deployed { unit, to });
    let other = 1 - state.side.min(1);
    if has_reserve(state, other) {
        state.side = other;
    } else if !has_reserve(state, state.side) {
        state.deploying = false;
        let first = match state.setup.first {
            Some(side) => side.min(1),
            None => roll_off(state, Roll::FirstTurn, events),
        };
        events.push(Event::FirstTurn { side: first });
        state.first = first;
        state.side = first;
        begin_turn(data, state, events);
        return;
    }
    events.push(Event::Deploys { side: state.side });
}

/// Candidate placements of the side's reserve units: each unit's planned place (where the
/// scenario put it, kept while it waits), then a 3" lattice over its zones, facing as planned.
#[must_use]
pub fn deploy_candidates(state: &GameState) -> Vec<Action> {
    let mut out = Vec::new();
    let step = 3 * crate::table::UM_PER_INCH;
    for (unit, u) in state.units.iter().enumerate().filter(|(_, u)| u.reserve && u.hp > 0 && u.side == state.side) {
        let plan = &u.pose;
        out.push(Action::Deploy { unit, to: (plan.x, plan.y), facing: plan.facing });
        for zone in
            state.setup.table.zones.iter().filter(|z| z.owner == Some(u.side) && z.purpose == ZonePurpose::Deployment)
        {
            let (x0, x1) = (zone.points.iter().map(|p| p.0).min(), zone.points.iter().map(|p| p.0).max());
            let (y0, y1) = (zone.points.iter().map(|p| p.1).min(), zone.points.iter().map(|p| p.1).max());
            let (Some(x0), Some(x1), Some(y0), Some(y1)) = (x0, x1, y0, y1) else { continue };
            let mut y = y0 - y0.rem_euclid(step) + step;
            while y < y1 {
                let mut x = x0 - x0.rem_euclid(step) + step;
                while x < x1 {
                    out.push(Action::Deploy { unit, to: (x, y), facing: plan.facing });
                    x += step;
                }
                y += step;
            }
        }
    }
    out
}
