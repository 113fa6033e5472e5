//! Carrying out a checked action: `apply` checks first, then pays and performs it, which
//! cannot fail after the check.

use super::action::{Action, Event, Rejection, RollKind, Target};
use super::map::Map;
use super::ruleset::{ItemKind, Ruleset, UnitSpecial, WeaponSpecial};
use super::state::{Activation, CrateContent, GameState, TakeOutMeans, UnitId};
use super::strike::{self, Strike, Window};
use super::{check::*, cycle::*, strike::*};
use std::collections::BTreeMap;

/// Checks and applies an action.
///
/// # Errors
/// The named reason the rules refuse it; the state is then unchanged.
pub fn apply(rules: &Ruleset, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
    let mut move_cost = None;
    check_costed(rules, state, action, &mut move_cost)?;
    Ok(made(rules, state, action, move_cost))
}

/// [`apply`] for an action [`super::legal_actions`] listed for this very state, on a copy whose
/// events the caller throws away (the computer's look at what a move opens up): it is not
/// checked again, and a move's path is not searched for, so its Moved event reads a cost of 0.
pub(super) fn apply_listed(rules: &Ruleset, state: &mut GameState, action: &Action) -> Vec<Event> {
    made(rules, state, action, Some(0))
}

/// The changes of a checked action and what follows from them, as events.
fn made(rules: &Ruleset, state: &mut GameState, action: &Action, move_cost: Option<u32>) -> Vec<Event> {
    let mut events = Vec::new();
    perform(rules, state, action, move_cost, &mut events);
    strike::run(rules, state, &mut events);
    // An activation ends by itself when its unit is taken out and nothing is left to roll.
    if state.pending.is_none()
        && state.queue.is_empty()
        && let Some(activation) = &state.activation
        && state.unit(activation.unit).is_none_or(|u| u.pos.is_none())
    {
        end_activation(rules, state, &mut events);
    }
    events
}

/// Pays an action: ACT first, then Tactical Orders ([house]: ACT left at the end of an
/// activation is lost while orders serve the whole squad, so ACT is always the better coin).
pub(super) fn pay(rules: &Ruleset, state: &mut GameState, action: &Action, events: &mut Vec<Event>) {
    let Some(kind) = kind_of(action) else { return };
    let cost = cost(rules, state, action).unwrap_or(0);
    let Some(activation) = state.activation.as_mut() else { return };
    let act = cost.min(activation.act_left);
    activation.act_left -= act;
    let orders = cost - act;
    *activation.uses.entry(kind).or_default() += 1;
    let squad = state.units[activation.unit].squad;
    let s = &mut state.squads[usize::from(squad)];
    s.orders = s.orders.saturating_sub(orders);
    events.push(Event::Paid { action: kind, act, orders });
}

/// Makes a checked action's changes, its events pushed to `events`. `known_cost` is what the check found a Move or Dash to cost, so it is not searched again.
pub(super) fn perform(
    rules: &Ruleset,
    state: &mut GameState,
    action: &Action,
    known_cost: Option<u32>,
    events: &mut Vec<Event>,
) {
    match action {
        Action::Accept => {
            strike::close(rules, state, events);
            return;
        }
        Action::Reroll { die } => {
            let Some(pending) = state.pending.as_mut() else { return };
            if pending.dice.get(*die).is_some_and(|d| d.automatic) {
                // AHx: the automatic die rolled after all, free; it now stands as rolled.
                let squad = pending.decider;
                let face = state.dice.roll_d6();
                events.push(Event::Die { kind: RollKind::Attack, squad, face });
                events.push(Event::AutomaticRolled { die: *die, face });
                if let Some(d) = state.pending.as_mut().and_then(|p| p.dice.get_mut(*die)) {
                    *d = strike::Die { face, adjusted: false, rerolled: false, automatic: false };
                }
                return;
            }
            let order = pending.free_rerolls == 0;
            if order {
                let squad = pending.decider.unwrap_or(state.to_act);
                let s = &mut state.squads[usize::from(squad)];
                s.orders = s.orders.saturating_sub(1);
            } else {
                pending.free_rerolls -= 1;
            }
            let kind = match pending.window {
                Window::Attack => RollKind::Attack,
                Window::Save => RollKind::Save,
                Window::Heal => RollKind::Heal,
            };
            let squad = pending.decider;
            let face = state.dice.roll_d6();
            events.push(Event::Die { kind, squad, face });
            events.push(Event::Rerolled { die: *die, face, order });
            if let Some(d) = state.pending.as_mut().and_then(|p| p.dice.get_mut(*die)) {
                *d = strike::Die { face, adjusted: false, rerolled: true, automatic: false };
            }
            return;
        }
        Action::Adjust { die, up } => {
            let Some(pending) = state.pending.as_mut() else { return };
            let squad = pending.decider.unwrap_or(state.to_act);
            if let Some(d) = pending.dice.get_mut(*die) {
                let from = d.face;
                d.face = if *up { d.face + 1 } else { d.face - 1 };
                d.adjusted = true;
                events.push(Event::Adjusted { die: *die, from, face: d.face });
            }
            let s = &mut state.squads[usize::from(squad)];
            s.orders = s.orders.saturating_sub(1);
            return;
        }
        Action::Activate { unit } => {
            let u = &mut state.units[*unit];
            let act = if u.stunned { u.act.saturating_sub(1).max(2).min(u.act) } else { u.act };
            u.stunned = false;
            state.activation = Some(Activation {
                unit: *unit,
                act_left: act,
                uses: BTreeMap::new(),
                moved: false,
                fired_heavy: false,
                double_melee_weapon: false,
                double_ranged_weapon: false,
                technician_used: false,
            });
            events.push(Event::Activated { unit: *unit, act });
            return;
        }
        Action::Delay => {
            let squad = state.to_act;
            state.squads[usize::from(squad)].delayed = true;
            state.to_act = 1 - squad;
            state.extra_activation = true;
            events.push(Event::Delayed { squad });
            return;
        }
        Action::EndActivation => {
            end_activation(rules, state, events);
            return;
        }
        _ => {}
    }
    pay(rules, state, action, events);
    let Some(activation) = state.activation.clone() else { return };
    let id = activation.unit;
    let Some(pos) = state.units[id].pos else { return };
    let squad = state.units[id].squad;
    match action {
        Action::Move { to } | Action::Dash { to } | Action::Leap { to } => {
            let moving = &state.units[id];
            let cost = match action {
                Action::Leap { .. } => Map::distance(pos, *to),
                _ => known_cost.unwrap_or_else(|| {
                    let squares =
                        if matches!(action, Action::Move { .. }) { rules.move_squares } else { rules.dash_squares };
                    let budget = u32::from(squares) + swift(moving);
                    move_cost(rules, state, moving, pos, budget, *to).unwrap_or(0)
                }),
            };
            state.units[id].pos = Some(*to);
            if let (Action::Move { .. }, Some(a)) = (action, state.activation.as_mut()) {
                a.moved = true;
            }
            events.push(Event::Moved { unit: id, from: pos, to: *to, cost });
        }
        Action::Ranged { weapon, targets } => {
            let Some(w) = rules.weapon(weapon) else { return };
            if let Some(a) = state.activation.as_mut() {
                a.fired_heavy |= w.specials.contains(&WeaponSpecial::Heavy);
                a.double_ranged_weapon |= w.specials.contains(&WeaponSpecial::DoubleRanged);
            }
            if w.specials.contains(&WeaponSpecial::Limited) {
                state.units[id].spent.insert(weapon.clone());
                state.units[id].ever_spent.insert(weapon.clone());
            }
            let strikes = ranged_strikes(rules, state, id, w, targets);
            strike::attack(rules, state, strikes, events);
        }
        Action::UseTurret { targets } => {
            let Some(weapon) = state.item_at(pos).and_then(|i| match &state.items[i].kind {
                ItemKind::Turret(kind) => rules.turret(kind).and_then(|t| rules.weapon(&t.weapon)),
                _ => None,
            }) else {
                return;
            };
            let mut strikes = ranged_strikes(rules, state, id, weapon, targets);
            for s in &mut strikes {
                s.means = TakeOutMeans::Item;
            }
            strike::attack(rules, state, strikes, events);
        }
        Action::Melee { weapon, target } => {
            let Some(w) = rules.weapon(weapon) else { return };
            if let Some(a) = state.activation.as_mut() {
                a.double_melee_weapon |= w.specials.contains(&WeaponSpecial::DoubleMelee);
            }
            if w.specials.contains(&WeaponSpecial::Limited) {
                state.units[id].spent.insert(weapon.clone());
                state.units[id].ever_spent.insert(weapon.clone());
            }
            let strikes: Vec<Strike> = weapon_strike(rules, state, id, weapon, *target, true).into_iter().collect();
            strike::attack(rules, state, strikes, events);
        }
        Action::Door { edge } => {
            if let Some(mut feature) = state.board.edge(*edge).copied()
                && let Some(door) = feature.door.as_mut()
            {
                door.open = !door.open;
                let open = door.open;
                let _ = std::sync::Arc::make_mut(&mut state.board).set_edge(*edge, Some(feature));
                events.push(Event::Door { edge: *edge, open });
            }
        }
        Action::PickUp => {
            if let Some(index) = state.markers.iter().position(|m| m.carrier.is_none() && !m.scored && m.pos == pos) {
                state.markers[index].carrier = Some(id);
                events.push(Event::PickedUp { unit: id, marker: index });
            }
        }
        Action::Drop => {
            if let Some(index) = state.markers.iter().position(|m| m.carrier == Some(id)) {
                state.markers[index].carrier = None;
                state.markers[index].pos = pos;
                events.push(Event::Dropped { marker: index, pos });
            }
        }
        Action::OpenCrate { content } => {
            if let Some(index) = state.item_at(pos) {
                state.items[index].gone = true;
            }
            state.crate_contents_taken.push(*content);
            state.units[id].opened_crate = true;
            state.squads[usize::from(squad)].record.crate_opened = true;
            events.push(Event::CrateOpened { unit: id, content: *content });
            match content {
                CrateContent::MissionPoint => {
                    state.squads[usize::from(squad)].points += 1;
                    events.push(Event::Scored { squad, points: 1, reason: "crate".into() });
                }
                CrateContent::MedPack => heal(state, id, rules.crate_heal_die, events),
                CrateContent::AmmoRefill => {
                    if let Some(weapon) = state.units[id].spent.pop_first() {
                        events.push(Event::Refilled { unit: id, weapon });
                    }
                }
                CrateContent::TacticalOrder => {
                    let s = &mut state.squads[usize::from(squad)];
                    s.orders = s.orders.saturating_add(1);
                    events.push(Event::OrdersChanged { squad, orders: s.orders });
                }
            }
        }
        Action::Medkit { target } => {
            let die = state.units[id].medkit.take().unwrap_or(0);
            heal(state, *target, die, events);
        }
        Action::MissionAction => {
            let Some((name, _, points)) = mission_action(rules, state) else { return };
            if let Some(objective) = state.objectives.iter().position(|&o| o == pos) {
                let unit_is_technician = state.units[id].has(UnitSpecial::Technician);
                if let Some(a) = state.activation.as_mut() {
                    a.technician_used |= unit_is_technician;
                }
                let s = &mut state.squads[usize::from(squad)];
                s.mission_actions.insert(objective);
                s.points += u32::from(points);
                events.push(Event::MissionAction { squad, objective });
                events.push(Event::Scored { squad, points: u32::from(points), reason: name });
            }
        }
        _ => {}
    }
}

/// Rolls a heal die of size `die` for `unit`; the roll waits while its squad could re-roll or
/// raise it with a Tactical Order ("Re-roll any one die for any of your rolls"), and heals
/// once it closes.
pub(super) fn heal(state: &mut GameState, unit: UnitId, die: u8, events: &mut Vec<Event>) {
    let squad = state.units[unit].squad;
    let face = roll(state, RollKind::Heal, Some(squad), events);
    state.pending = Some(strike::Pending {
        strike: flat(None, Target::Unit(unit), 0),
        window: Window::Heal,
        dice: vec![strike::Die { face, adjusted: false, rerolled: false, automatic: false }],
        free_rerolls: 0,
        damage: u32::from(die),
        decider: Some(squad),
    });
}
