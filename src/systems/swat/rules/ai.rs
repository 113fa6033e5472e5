//! A computer player: one legal action at a time, chosen by simple, readable priorities. It
//! uses powers when charged, keeps capturing, attacks where the expected trade is good, pulls
//! badly damaged units back to an own property to repair, moves capturers toward properties
//! and fighters toward the enemy, and buys a mix of units. It rolls no dice and reads no
//! clock: the same state always gives the same action, so the same seed gives the same game.

use super::action::Action;
use super::combat::preview_attack;
use super::effects::build_cost;
use super::engine::{LegalChoices, check};
use super::ids::{PlayerId, Pos, UnitId, UnitKindId};
use super::movement::reachable;
use super::ruleset::{PropertyKind, Ruleset};
use super::state::{GameState, Outcome, Phase, PowerLevel, Status, Unit};

/// A unit at or below this share of its maximum HP retreats to repair.
const RETREAT_BELOW: f32 = 0.4;

/// The value of a strike: enemy HP removed times the enemy's cost per HP, minus own HP lost
/// times own cost per HP, with a bonus for eliminating the target.
fn trade_value(rules: &Ruleset, state: &GameState, attacker: &Unit, target: UnitId, from: Pos) -> Option<f32> {
    let preview = preview_attack(rules, state, attacker.id, target, Some(from)).ok()?;
    let target_unit = state.unit(target)?;
    let max = f32::from(rules.economy.max_hp);
    let target_cost = rules.unit(target_unit.kind).cost.max(1) as f32;
    let own_cost = rules.unit(attacker.kind).cost.max(1) as f32;
    let dealt: f32 =
        preview.attack.outcomes.iter().map(|o| f32::from(target_unit.hp - o.hp) * o.probability as f32).sum();
    let kill: f32 = preview.attack.outcomes.iter().filter(|o| o.hp == 0).map(|o| o.probability as f32).sum();
    let lost: f32 =
        preview.attacker_outcomes.iter().map(|o| f32::from(attacker.hp - o.hp) * o.probability as f32).sum();
    Some(dealt * target_cost / max + kill * target_cost * 0.5 - lost * own_cost / max)
}

fn is_enemy(state: &GameState, a: PlayerId, b: PlayerId) -> bool {
    a != b && !state.player(b).defeated
}

/// Properties a capturer of `player` would want: every property not its own.
fn capture_targets(rules: &Ruleset, state: &GameState, player: PlayerId) -> Vec<Pos> {
    state
        .board
        .squares()
        .filter(|&p| state.property_at(rules, p).is_some() && state.owner_at(p) != Some(player))
        .collect()
}

fn nearest(from: Pos, targets: &[Pos]) -> Option<(u32, Pos)> {
    targets.iter().map(|&t| (from.distance(t), t)).min()
}

/// The best attack for `unit` from one of the squares it may fire from: (value, from, target).
fn best_attack(rules: &Ruleset, state: &GameState, unit: &Unit, from_squares: &[Pos]) -> Option<(f32, Pos, UnitId)> {
    let card = rules.unit(unit.kind);
    card.firepower.as_ref()?;
    let mut best: Option<(f32, Pos, UnitId)> = None;
    for &from in from_squares {
        for target in state.units.iter().filter(|t| t.carried_by.is_none() && is_enemy(state, unit.owner, t.owner)) {
            let distance = from.distance(target.pos);
            if distance < u32::from(card.range.0) || distance > u32::from(card.range.1) + 2 {
                continue;
            }
            if let Some(value) = trade_value(rules, state, unit, target.id, from)
                && best.is_none_or(|(v, _, _)| value > v)
            {
                best = Some((value, from, target.id));
            }
        }
    }
    best.filter(|(value, _, _)| *value > 0.0)
}

/// The action the computer takes next for the player whose turn it is (`EndTurn` when it has
/// nothing left to do). Always legal while the game goes on.
#[must_use]
pub fn ai_action(rules: &Ruleset, state: &GameState) -> Action {
    if state.outcome != Outcome::Ongoing {
        return Action::EndTurn;
    }
    for level in [PowerLevel::SuperPower, PowerLevel::Power] {
        let action = Action::UsePower { level };
        if check(rules, state, &action).is_ok() {
            return action;
        }
    }
    if state.phase == Phase::MoveAndAttack {
        if let Some(active) = state.active_unit.and_then(|id| state.unit(id))
            && let Some(action) = finish_active(rules, state, active)
        {
            return action;
        }
        for unit in state
            .units
            .iter()
            .filter(|u| u.owner == state.current && u.carried_by.is_none() && u.status == Status::Ready)
        {
            if let Some(action) = plan_unit(rules, state, unit) {
                return action;
            }
        }
    }
    if let Some(action) = purchase(rules, state) {
        return action;
    }
    Action::EndTurn
}

/// After a move: fire if worth it, capture if standing on a target, unload passengers.
fn finish_active(rules: &Ruleset, state: &GameState, unit: &Unit) -> Option<Action> {
    if unit.status != Status::Moved && unit.status != Status::Unloading {
        return None;
    }
    let card = rules.unit(unit.kind);
    if unit.status == Status::Moved {
        if card.captures && state.property_at(rules, unit.pos).is_some() && state.owner_at(unit.pos) != Some(unit.owner)
        {
            return Some(Action::Capture { unit: unit.id });
        }
        if !card.is_indirect()
            && let Some((_, _, target)) = best_attack(rules, state, unit, &[unit.pos])
        {
            return Some(Action::Attack { unit: unit.id, target });
        }
    }
    if card.transport.is_some() {
        let choices = LegalChoices::of_unit(rules, state, unit.id);
        let targets = capture_targets(rules, state, unit.owner);
        let mut best: Option<(u32, Action)> = None;
        for index in 0..choices.len() {
            if let Some(action @ Action::Unload { to, .. }) = choices.action(index) {
                let distance = nearest(to, &targets).map_or(u32::MAX, |(d, _)| d);
                if distance <= 4 && best.as_ref().is_none_or(|(d, _)| distance < *d) {
                    best = Some((distance, action));
                }
            }
        }
        return best.map(|(_, action)| action);
    }
    None
}

/// What one ready unit does first this turn, or `None` to leave it where it is.
fn plan_unit(rules: &Ruleset, state: &GameState, unit: &Unit) -> Option<Action> {
    let card = rules.unit(unit.kind);
    let here_capturable =
        card.captures && state.property_at(rules, unit.pos).is_some() && state.owner_at(unit.pos) != Some(unit.owner);
    if here_capturable {
        return Some(Action::Capture { unit: unit.id });
    }
    let reach = reachable(rules, state, unit);
    let destinations: Vec<(Pos, u32)> = reach.destinations().filter(|(p, _)| !reach.boards(*p)).collect();
    let move_to = |to: Pos| reach.path_to(to).map(|path| Action::Move { unit: unit.id, path });
    // Badly hurt: back to an own property to repair, if one can be reached.
    if f32::from(unit.hp) <= f32::from(rules.economy.max_hp) * RETREAT_BELOW {
        let on_own = state.property_at(rules, unit.pos).is_some() && state.owner_at(unit.pos) == Some(unit.owner);
        if on_own {
            return None;
        }
        if let Some((to, _)) = destinations
            .iter()
            .filter(|(p, _)| state.property_at(rules, *p).is_some() && state.owner_at(*p) == Some(unit.owner))
            .min_by_key(|(p, cost)| (*cost, p.y, p.x))
        {
            return move_to(*to);
        }
    }
    // A capturer that can reach a property not its own goes there (and captures next).
    if card.captures
        && let Some((to, _)) = destinations
            .iter()
            .filter(|(p, _)| state.property_at(rules, *p).is_some() && state.owner_at(*p) != Some(unit.owner))
            .min_by_key(|(p, cost)| (state.property_at(rules, *p) != Some(PropertyKind::Hq), *cost, p.y, p.x))
    {
        return move_to(*to);
    }
    // Attack where the trade is good: indirect units from where they stand, direct ones from
    // any square they can reach.
    if card.firepower.is_some() {
        let squares: Vec<Pos> = if card.is_indirect() {
            vec![unit.pos]
        } else {
            std::iter::once(unit.pos).chain(destinations.iter().map(|(p, _)| *p)).collect()
        };
        if let Some((_, from, target)) = best_attack(rules, state, unit, &squares) {
            return if from == unit.pos { Some(Action::Attack { unit: unit.id, target }) } else { move_to(from) };
        }
    }
    // Capturers head for the nearest property not their own; step onto it if they can.
    let goals: Vec<Pos> = if card.captures || card.transport.is_some() {
        capture_targets(rules, state, unit.owner)
    } else {
        state
            .units
            .iter()
            .filter(|t| t.carried_by.is_none() && is_enemy(state, unit.owner, t.owner))
            .map(|t| t.pos)
            .collect()
    };
    let goals = if goals.is_empty() { capture_targets(rules, state, unit.owner) } else { goals };
    let (current, _) = nearest(unit.pos, &goals)?;
    let free_goal = |p: Pos| goals.contains(&p) && state.unit_at(p).is_none();
    let best = destinations
        .iter()
        .map(|&(p, cost)| {
            let distance = nearest(p, &goals).map_or(u32::MAX, |(d, _)| d);
            // Standing on a goal beats standing next to it; then nearer, then cheaper.
            (u32::from(!free_goal(p) || !card.captures), distance, cost, p.y, p.x, p)
        })
        .min()?;
    let (not_on_goal, distance, _, _, _, to) = best;
    if not_on_goal == 1 && distance >= current {
        return None;
    }
    move_to(to)
}

/// What to buy: capturers while there are few, otherwise the unit kind the army has least of
/// (relative to a wished-for mix), the dearest affordable first.
fn purchase(rules: &Ruleset, state: &GameState) -> Option<Action> {
    let me = state.current;
    let funds = state.player(me).funds;
    let factory = state.board.squares().find(|&p| {
        state.property_at(rules, p) == Some(PropertyKind::Factory)
            && state.owner_at(p) == Some(me)
            && state.unit_at(p).is_none()
    })?;
    let kinds: Vec<UnitKindId> = (0..rules.units.len()).filter_map(|k| u8::try_from(k).ok()).map(UnitKindId).collect();
    let count = |kind: UnitKindId| state.units.iter().filter(|u| u.owner == me && u.kind == kind).count();
    let army = state.units.iter().filter(|u| u.owner == me).count();
    let capturers = state.units.iter().filter(|u| u.owner == me && rules.unit(u.kind).captures).count();
    let affordable = |kind: &UnitKindId| {
        build_cost(rules, state, me, *kind) <= funds
            && rules.unit(*kind).transport.is_none()
            && state.counters_left(rules, me, *kind) != Some(0)
    };
    let pick = if capturers < 3 || capturers * 5 < army * 2 {
        kinds
            .iter()
            .copied()
            .filter(|k| rules.unit(*k).captures && affordable(k))
            .max_by_key(|k| (rules.unit(*k).movement, std::cmp::Reverse(k.0)))
    } else {
        kinds.iter().copied().filter(|k| rules.unit(*k).firepower.is_some() && affordable(k)).min_by_key(|k| {
            (count(*k) * 4 / (1 + rules.unit(*k).cost as usize / 4), std::cmp::Reverse(rules.unit(*k).cost), k.0)
        })
    }?;
    Some(Action::Buy { factory, kind: pick })
}

/// Plays the computer's whole turn: the actions until the turn passes (at most `limit`).
#[must_use]
pub fn ai_turn(rules: &Ruleset, state: &GameState, limit: usize) -> Vec<Action> {
    let mut scratch = state.clone();
    let player = scratch.current;
    let mut actions = Vec::new();
    while scratch.outcome == Outcome::Ongoing && scratch.current == player && actions.len() < limit {
        let action = ai_action(rules, &scratch);
        if super::engine::apply(rules, &mut scratch, &action).is_err() {
            // Never expected: fall back to ending the turn.
            let _ = super::engine::apply(rules, &mut scratch, &Action::EndTurn);
            actions.push(Action::EndTurn);
            break;
        }
        actions.push(action);
    }
    actions
}
