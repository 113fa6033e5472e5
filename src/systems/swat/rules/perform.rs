//! Carrying out a checked action: `apply` calls `check` first and only then changes the state
//! (moves, attacks, captures, purchases, CO powers), so a refused action leaves it untouched.

use super::action::{Action, DefeatReason, Event, Rejection, Strike};
use super::combat::{in_range, strike_numbers};
use super::effects::{build_cost, capture_bonus, fire_range};
use super::ids::{PlayerId, Pos, UnitId};
use super::movement::check_path;
use super::ruleset::{PropertyKind, Ruleset};
use super::state::{Capture, GameState, Phase, PowerLevel, Status, Unit};
use super::{check::*, cycle::*};

/// Applies a legal action and returns what happened, in order.
///
/// # Errors
/// The named [`Rejection`] when the action is not legal; the state is then unchanged.
pub fn apply(rules: &Ruleset, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
    check(rules, state, action)?;
    let mut events = Vec::new();
    let turn = (state.current, state.round);
    let acting_unit = match action {
        Action::Move { unit, .. } | Action::Attack { unit, .. } | Action::Capture { unit } => Some(*unit),
        Action::Unload { transport, .. } => Some(*transport),
        Action::Buy { .. } | Action::EndTurn => None,
        Action::UsePower { .. } => state.active_unit,
    };
    if state.active_unit != acting_unit {
        finish_activation(state);
    }
    match action {
        Action::Move { unit, path } => apply_move(rules, state, *unit, path, &mut events),
        Action::Attack { unit, target } => apply_attack(rules, state, *unit, *target, &mut events),
        Action::Capture { unit } => apply_capture(rules, state, *unit, &mut events),
        Action::Unload { transport, passenger, to } => {
            if let Some(rider) = state.unit_mut(*passenger) {
                rider.carried_by = None;
                rider.pos = *to;
                rider.status = Status::JustUnloaded;
            }
            if let Some(carrier) = state.unit_mut(*transport) {
                carrier.status = Status::Unloading;
            }
            state.active_unit = Some(*transport);
            events.push(Event::UnitUnloaded { unit: *passenger, transport: *transport, to: *to });
        }
        Action::Buy { factory, kind } => {
            let cost = build_cost(rules, state, state.current, *kind);
            let id = UnitId(state.next_unit_id);
            state.next_unit_id += 1;
            let current = state.current;
            state.roster.push((id, current, *kind));
            let player = &mut state.players[current.index()];
            player.funds -= cost;
            player.fielded = true;
            let funds = player.funds;
            state.units.push(Unit {
                id,
                kind: *kind,
                owner: current,
                hp: rules.economy.max_hp,
                pos: *factory,
                status: Status::JustBought,
                carried_by: None,
            });
            state.phase = Phase::Purchase;
            events.push(Event::UnitBought { unit: id, kind: *kind, pos: *factory, cost, funds });
        }
        Action::UsePower { level } => apply_power(rules, state, *level, &mut events),
        Action::EndTurn => {
            events.push(Event::TurnEnded { player: state.current });
            advance_turn(rules, state, &mut events);
        }
    }
    settle(rules, state, &mut events, turn);
    Ok(events)
}

pub(super) fn apply_move(rules: &Ruleset, state: &mut GameState, id: UnitId, path: &[Pos], events: &mut Vec<Event>) {
    let Some(unit) = state.unit(id) else { return };
    let Ok(checked) = check_path(rules, state, unit, path) else { return };
    let from = unit.pos;
    lose_capture_of(state, id, events);
    for unit in &mut state.units {
        if unit.id == id || unit.carried_by == Some(id) {
            unit.pos = checked.to;
        }
    }
    events.push(Event::UnitMoved { unit: id, from, to: checked.to, cost: checked.cost });
    if let Some(unit) = state.unit_mut(id) {
        if let Some(transport) = checked.boards {
            unit.carried_by = Some(transport);
            unit.status = Status::Done;
            events.push(Event::UnitLoaded { unit: id, transport });
        } else {
            unit.status = Status::Moved;
            state.active_unit = Some(id);
        }
    }
}

pub(super) fn apply_attack(
    rules: &Ruleset,
    state: &mut GameState,
    attacker: UnitId,
    target: UnitId,
    events: &mut Vec<Event>,
) {
    let survived = strike(rules, state, Strike::Attack, attacker, target, events);
    if survived {
        let (Some(a), Some(t)) = (state.unit(attacker), state.unit(target)) else { return };
        let range = fire_range(rules, state, t.owner, t.kind);
        if rules.unit(t.kind).firepower.is_some() && in_range(range, a.pos.distance(t.pos)) {
            strike(rules, state, Strike::Counter, target, attacker, events);
        }
    }
    if let Some(unit) = state.unit_mut(attacker) {
        unit.status = Status::Done;
    }
    state.active_unit = None;
}

/// Resolves one strike with its die roll; returns whether the target survived.
pub(super) fn strike(
    rules: &Ruleset,
    state: &mut GameState,
    which: Strike,
    attacker: UnitId,
    target: UnitId,
    events: &mut Vec<Event>,
) -> bool {
    let (Some(a), Some(t)) = (state.unit(attacker), state.unit(target)) else { return false };
    let Some(numbers) = strike_numbers(rules, state, a, t, t.pos) else { return true };
    let attacker_owner = a.owner;
    events.push(Event::StrikeDeclared {
        strike: which,
        attacker,
        target,
        initial_damage: numbers.initial_damage,
        column: numbers.column,
        hits: numbers.cell.hits,
        die: numbers.cell.die,
    });
    let mut hits = numbers.cell.hits;
    if let Some(needed) = numbers.cell.die {
        let tries = if numbers.reroll { 2 } else { 1 };
        for _ in 0..tries {
            let roll = state.dice.roll_d6();
            let hit = roll <= needed;
            events.push(Event::DieRolled { strike: which, roll, needed, hit });
            if hit {
                hits = hits.saturating_add(1);
                break;
            }
        }
    }
    damage(rules, state, target, hits, Some(attacker_owner), events)
}

/// Takes HP from a unit, eliminating it (and its passengers) at zero; returns whether it
/// survived.
pub(super) fn damage(
    rules: &Ruleset,
    state: &mut GameState,
    target: UnitId,
    hits: u8,
    by: Option<PlayerId>,
    events: &mut Vec<Event>,
) -> bool {
    let Some(unit) = state.unit_mut(target) else { return false };
    let hits = hits.min(unit.hp);
    unit.hp -= hits;
    let hp = unit.hp;
    events.push(Event::UnitDamaged { unit: target, hits, hp, reduced: hp < rules.economy.reduced_below });
    if hp > 0 {
        return true;
    }
    let doomed: Vec<UnitId> = std::iter::once(target).chain(state.passengers(target).map(|p| p.id)).collect();
    for id in doomed {
        eliminate(rules, state, id, by, events);
    }
    false
}

pub(super) fn eliminate(
    rules: &Ruleset,
    state: &mut GameState,
    id: UnitId,
    by: Option<PlayerId>,
    events: &mut Vec<Event>,
) {
    let Ok(index) = state.units.binary_search_by_key(&id, |u| u.id) else { return };
    let unit = state.units.remove(index);
    lose_capture_of(state, id, events);
    if state.active_unit == Some(id) {
        state.active_unit = None;
    }
    events.push(Event::UnitEliminated { unit: id, owner: unit.owner, by });
    let Some(player) = by.filter(|p| *p != unit.owner) else { return };
    // Rule 4.0: "the player receives that unit as a victory medal. This particular unit is lost
    // to the other player for the remainder of the game." The reading `medal_loss` says in which
    // games (the sentence stands under the Victory Medals condition).
    if state.victory.victory_medals.is_some() || state.readings.medal_loss == super::MedalLoss::Always {
        *state.players[unit.owner.index()].lost_counters.entry(unit.kind).or_default() += 1;
    }
    let player_state = &mut state.players[player.index()];
    player_state.medals += 1;
    if let Some(co) = player_state.co {
        // No charging while the track is full, until the Super Power is used.
        if player_state.charge < rules.co(co).super_power.stars {
            player_state.charge += 1;
            events.push(Event::ChargeGained { player, charge: player_state.charge });
        }
    }
}

pub(super) fn apply_capture(rules: &Ruleset, state: &mut GameState, id: UnitId, events: &mut Vec<Event>) {
    let Some(unit) = state.unit(id) else { return };
    let (pos, owner, hp) = (unit.pos, unit.owner, unit.hp);
    let Some(kind) = state.property_at(rules, pos) else { return };
    let economy = &rules.economy;
    let rate = if hp < economy.reduced_below { economy.capture_rate_reduced } else { economy.capture_rate_full };
    let rate = u32::try_from(i64::from(rate) + i64::from(capture_bonus(rules, state, owner))).unwrap_or(0).max(1);
    let required = economy.capture_points_of(kind);
    let so_far = state.capture_at(pos).filter(|c| c.unit == id).map_or(0, |c| c.points);
    let points = so_far + rate;
    state.captures.retain(|c| c.pos != pos);
    events.push(Event::CaptureProgressed { unit: id, pos, points: points.min(required), required });
    if points >= required {
        let index = state.board.index(pos);
        let from = state.owners[index];
        state.owners[index] = Some(owner);
        events.push(Event::PropertyCaptured { pos, from, to: owner });
        if kind == PropertyKind::Hq {
            if state.victory.conquest
                && let Some(loser) = from
            {
                defeat(state, loser, DefeatReason::HqCaptured, events);
            }
            // [house] A taken HQ is a city from now on: its captor has one HQ, its own.
            if let Some(city) = rules.terrain_of_property(PropertyKind::City) {
                state.board.terrain[index] = city;
                events.push(Event::HqBecameCity { pos, terrain: city });
            }
        }
    } else {
        state.captures.push(Capture { pos, unit: id, points });
    }
    if let Some(unit) = state.unit_mut(id) {
        unit.status = Status::Done;
    }
    state.active_unit = None;
}

pub(super) fn apply_power(rules: &Ruleset, state: &mut GameState, level: PowerLevel, events: &mut Vec<Event>) {
    let current = state.current;
    let Some(co) = state.player(current).co else { return };
    let card = rules.co(co);
    let power = match level {
        PowerLevel::Power => &card.power,
        PowerLevel::SuperPower => &card.super_power,
    };
    let player = &mut state.players[current.index()];
    player.charge = 0;
    player.active_power = Some(level);
    events.push(Event::PowerUsed { player: current, level });
    for effect in &power.effects {
        match effect {
            super::ruleset::Effect::Repair { hp } => {
                let max = rules.economy.max_hp;
                for unit in state.units.iter_mut().filter(|u| u.owner == current && u.carried_by.is_none()) {
                    let healed = unit.hp.saturating_add(*hp).min(max);
                    if healed != unit.hp {
                        unit.hp = healed;
                        events.push(Event::UnitRepaired { unit: unit.id, hp: healed });
                    }
                }
            }
            super::ruleset::Effect::DamageEnemies { hits } => {
                for unit in state.units.iter_mut().filter(|u| u.owner != current && u.carried_by.is_none()) {
                    // A power wears units down but never eliminates them.
                    let taken = (*hits).min(unit.hp.saturating_sub(1));
                    if taken > 0 {
                        unit.hp -= taken;
                        events.push(Event::UnitDamaged {
                            unit: unit.id,
                            hits: taken,
                            hp: unit.hp,
                            reduced: unit.hp < rules.economy.reduced_below,
                        });
                    }
                }
            }
            _ => {}
        }
    }
}
