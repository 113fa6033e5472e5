//! `apply`: checks an action, then carries it out; every die is an event and nothing changes
//! when the rules refuse.

use super::action::{Action, Event, Rejection, Roll};
use super::check::{Checked, check};
use super::cycle::{check_annihilation, end_turn};
use super::geometry::profile;
use super::shooting::Shot;
use super::special::{apply_special, place_towed, spend, transport_lost, use_mark};
use super::state::GameState;
use crate::systems::armored::ruleset::{Ruleset, UnitClass};
use crate::table::Pose;

/// Carries out an action.
///
/// # Errors
/// The rules' reason; the state is unchanged then.
pub fn apply(data: &Ruleset, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
    let checked = check(data, state, action)?;
    let mut events = Vec::new();
    match (action, checked) {
        (Action::EndTurn, _) => end_turn(data, state, &mut events),
        (Action::Move { unit, to, facing } | Action::FreeMove { unit, to, facing }, Checked::Move(cost)) => {
            let free = matches!(action, Action::FreeMove { .. });
            let infantry =
                state.units.get(*unit).and_then(|u| profile(data, u)).is_some_and(|p| p.class == UnitClass::Infantry);
            let Some(u) = state.units.get_mut(*unit) else { return Err(Rejection::NoSuchUnit) };
            let from = (u.pose.x, u.pose.y);
            if !free {
                if u.actions_spent == 0 {
                    u.moved_first = true;
                }
                u.actions_spent += 1;
                u.moves = u.moves.saturating_add(1);
                if !infantry {
                    state.actions_spent += 1;
                }
            } else {
                u.free_move_used = true;
            }
            u.moved = true;
            u.set_up = false;
            u.moved_um += crate::table::round_to_i64(crate::table::measure::length(
                (to.0 - from.0) as f64,
                (to.1 - from.1) as f64,
            ));
            let pose = Pose::new(to.0, to.1, *facing);
            u.pose = pose;
            // Passengers ride along; a towed gun follows behind.
            for passenger in state.units.iter_mut().filter(|p| p.riding == Some(*unit)) {
                passenger.pose = pose;
            }
            place_towed(data, state, *unit);
            events.push(Event::Moved { unit: *unit, from, to: *to, cost: cost.cost, free });
        }
        (
            Action::Fire { unit, weapon, target } | Action::AccurateFire { unit, weapon, target },
            Checked::Fire(shot),
        ) => {
            if matches!(action, Action::AccurateFire { .. }) {
                // Accurate: both actions for the one shot, and no move this turn.
                spend(data, state, *unit, 1);
                if let Some(u) = state.units.get_mut(*unit) {
                    u.fired_accurate = true;
                }
            }
            fire(data, state, *unit, *weapon, *target, &shot, &mut events);
        }
        (Action::Deploy { .. }, _) => super::deploy::apply_deploy(data, state, action, &mut events),
        (_, Checked::Special) => apply_special(data, state, action, &mut events),
        _ => {}
    }
    Ok(events)
}

/// Rolls a die for `side`, with its event.
fn roll(state: &mut GameState, side: u8, what: Roll, events: &mut Vec<Event>) -> u8 {
    let face = state.dice.roll_d6();
    events.push(Event::Die { roll: what, side, face });
    face
}

/// Rolls against `needed`, once more on a miss by exactly 1 when `advantage`.
fn roll_against(
    state: &mut GameState,
    side: u8,
    what: Roll,
    needed: u8,
    advantage: bool,
    events: &mut Vec<Event>,
) -> bool {
    if needed == 0 {
        return true;
    }
    if needed > 6 {
        return false;
    }
    let face = roll(state, side, what, events);
    if face >= needed {
        return true;
    }
    if advantage && face + 1 == needed {
        events.push(Event::Advantage);
        return roll(state, side, what, events) >= needed;
    }
    false
}

fn fire(
    data: &Ruleset,
    state: &mut GameState,
    unit: usize,
    weapon: usize,
    target: usize,
    shot: &Shot,
    events: &mut Vec<Event>,
) {
    let side = state.side;
    spend(data, state, unit, 1);
    if let Some(u) = state.units.get_mut(unit) {
        if let Some(count) = u.fired.get_mut(weapon) {
            *count = count.saturating_add(1);
        }
        if let Some(used) = u.used.get_mut(weapon) {
            *used = used.saturating_add(1);
        }
        if shot.kills.is_some()
            && let Some(count) = u.fired_at_infantry.get_mut(weapon)
        {
            *count = count.saturating_add(1);
        }
        u.fired_this_turn = true;
    }
    if shot.scouted > 0 {
        use_mark(state, unit, target);
    }
    events.push(Event::Fired { unit, weapon, target, range: shot.range, needed: shot.hit });
    let mut loss = 0u32;
    if let Some((die, modifier)) = shot.kills {
        // A D3 is a D6 halved, rounded up.
        let face = match 6u8.checked_div(die) {
            Some(per) => i32::from(roll(state, side, Roll::Kills, events).div_ceil(per)),
            None => 0,
        };
        loss = u32::try_from((face + modifier).max(0)).unwrap_or(0);
        if shot.halved {
            // Sandbags: infantry halve incoming losses, rounded down.
            loss /= 2;
        }
    } else if let Some(he) = shot.he {
        if roll_against(state, side, Roll::Hit, shot.hit, shot.advantage, events) {
            if shot.hit > 0 {
                events.push(Event::Hit { needed: 0 });
            }
            let sum: u32 = (0..he.dice).map(|_| u32::from(roll(state, side, Roll::Shell, events))).sum();
            loss = he.damage(sum);
            if loss == 0 {
                events.push(Event::Bounced);
            }
        } else {
            events.push(Event::Missed);
        }
    } else {
        // Asked only of a shot at advantage: for any other the reading cannot matter.
        let on_pen = shot.advantage && state.setup.readings.ask(|r| r.advantage_on_penetration());
        for _ in 0..shot.shots {
            if shot.single_roll {
                // One die for both: it hits on the hit roll and penetrates on the penetration
                // roll (at advantage, re-rolled when it misses the higher by exactly 1).
                let needed = shot.hit.max(shot.penetration);
                let mut face = roll(state, side, Roll::Hit, events);
                if shot.advantage && face + 1 == needed && needed <= 6 {
                    events.push(Event::Advantage);
                    face = roll(state, side, Roll::Hit, events);
                }
                if shot.hit > 6 || face < shot.hit.max(1) {
                    events.push(Event::Missed);
                } else {
                    events.push(Event::Hit { needed: shot.penetration });
                    if shot.penetration <= 6 && face >= shot.penetration {
                        loss += shot.damage;
                    } else {
                        events.push(Event::Bounced);
                    }
                }
                continue;
            }
            if !roll_against(state, side, Roll::Hit, shot.hit, shot.advantage, events) {
                events.push(Event::Missed);
                continue;
            }
            events.push(Event::Hit { needed: shot.penetration });
            if roll_against(state, side, Roll::Penetration, shot.penetration, shot.advantage && on_pen, events) {
                loss += shot.damage;
            } else {
                events.push(Event::Bounced);
            }
        }
    }
    if loss == 0 {
        return;
    }
    let Some(t) = state.units.get_mut(target) else { return };
    let lost = loss.min(t.hp);
    t.hp -= lost;
    let left = t.hp;
    if shot.kills.is_some() {
        events.push(Event::MenLost { unit: target, men: lost, left });
    } else {
        events.push(Event::Damaged { unit: target, damage: lost, left });
    }
    if left == 0 {
        let (at, side) = state.units.get(target).map_or(((0, 0), 0), |t| ((t.pose.x, t.pose.y), t.side));
        events.push(Event::Destroyed { unit: target, at, side });
        transport_lost(data, state, target, events);
        check_annihilation(data, state, events);
    }
}
