//! Every action the rules allow now, for the playtest, the computer player and the property
//! tests.

use super::action::{Action, Target};
use super::map::{Map, Sight};
use super::ruleset::{ItemKind, Ruleset, UnitSpecial, Weapon, WeaponKind, WeaponSpecial};
use super::state::{CrateContent, GameState, Outcome};
use super::{check::*, strike::*};
use crate::board::{Edge, Pos};
use std::collections::BTreeSet;

/// Every action the rules allow now, in a fixed order. A Spread weapon is listed against
/// single targets and adjacent pairs; a Blast weapon against units, items and the empty squares
/// next to an enemy.
#[must_use]
pub fn legal_actions(rules: &Ruleset, state: &GameState) -> Vec<Action> {
    listed(rules, state, true)
}

/// The attacks (Ranged and Melee) the rules allow now, for a look at what could follow a move
/// without listing every other action, or searching the board for moves, again.
#[must_use]
pub fn legal_attacks(rules: &Ruleset, state: &GameState) -> Vec<Action> {
    listed(rules, state, false)
}

/// The actions of [`legal_actions`] where `all`, only its attacks where not.
fn listed(rules: &Ruleset, state: &GameState, all: bool) -> Vec<Action> {
    let mut out = Vec::new();
    if state.outcome != Outcome::Ongoing {
        return out;
    }
    if let Some(pending) = &state.pending {
        out.push(Action::Accept);
        for die in 0..pending.dice.len() {
            for action in [Action::Reroll { die }, Action::Adjust { die, up: false }, Action::Adjust { die, up: true }]
            {
                if check(rules, state, &action).is_ok() {
                    out.push(action);
                }
            }
        }
        return out;
    }
    let Some(activation) = &state.activation else {
        out.extend(
            state
                .units
                .iter()
                .enumerate()
                .filter(|(_, u)| u.squad == state.to_act && u.pos.is_some() && !u.activated)
                .map(|(unit, _)| Action::Activate { unit }),
        );
        if check(rules, state, &Action::Delay).is_ok() {
            out.push(Action::Delay);
        }
        return out;
    };
    let Ok((id, unit, pos)) = active_unit(state) else { return out };
    let affordable = |action: &Action| {
        let cost = cost(rules, state, action).unwrap_or(0);
        u32::from(cost) <= u32::from(activation.act_left) + u32::from(state.squads[usize::from(unit.squad)].orders)
    };
    let mut candidates = Vec::new();
    // One search serves both moves: the cheapest cost of a square does not depend on how far
    // the search may go, so a Move's squares are the Dash search's within the Move's budget.
    let budgets = [(false, rules.move_squares), (true, rules.dash_squares)].map(|(dash, squares)| {
        let probe = if dash { Action::Dash { to: pos } } else { Action::Move { to: pos } };
        Some(u32::from(squares) + swift(unit)).filter(|_| all && affordable(&probe))
    });
    if let Some(furthest) = budgets.iter().flatten().max() {
        let squares = reach(rules, state, unit, pos, *furthest);
        for (dash, budget) in [false, true].into_iter().zip(budgets) {
            let Some(budget) = budget else { continue };
            let within = squares.iter().filter(|(_, cost)| *cost <= budget);
            out.extend(within.map(|&(to, _)| if dash { Action::Dash { to } } else { Action::Move { to } }));
        }
    }
    if let Some(x) = unit.special(|s| if let UnitSpecial::Leap(x) = s { Some(x) } else { None })
        && all
        && affordable(&Action::Leap { to: pos })
    {
        let map = Map::new(&state.board, rules);
        for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)] {
            for k in 1..=i32::from(x) {
                if let Some(to) = map.step(pos, dx * k, dy * k)
                    && leap_ok(rules, state, pos, to, x)
                {
                    out.push(Action::Leap { to });
                }
            }
        }
    }
    let map = Map::new(&state.board, rules);
    let enemies: Vec<Target> = state
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.squad != unit.squad && u.pos.is_some())
        .map(|(i, _)| Target::Unit(i))
        .chain(
            state
                .items
                .iter()
                .enumerate()
                .filter(|(_, i)| !i.gone && i.kind != ItemKind::Crate)
                .map(|(i, _)| Target::Item(i)),
        )
        .collect();
    let mut ranged_weapons: Vec<(Option<String>, &Weapon)> = unit
        .weapons
        .iter()
        .filter_map(|id| rules.weapon(id))
        .filter(|w| w.kind == WeaponKind::Ranged)
        .map(|w| (Some(w.id.clone()), w))
        .collect();
    if let Some(turret) = state.item_at(pos).and_then(|i| match &state.items[i].kind {
        ItemKind::Turret(kind) => rules.turret(kind).and_then(|t| rules.weapon(&t.weapon)),
        _ => None,
    }) {
        ranged_weapons.push((None, turret));
    }
    // Ranged attacks are listed from one sight computation per kind of line (through units
    // or not), each target checked once; the pairs and squares are built from checked targets.
    let enemy_close = enemy_adjacent(rules, state, pos, unit.squad);
    let figures: Vec<Pos> = state.figures().iter().map(|f| f.pos).collect();
    let sight = Sight::on_board(&state.board, rules, &figures);
    let open_sight = sight.with_figures(&[]);
    for (id_or_turret, weapon) in ranged_weapons {
        let probe = match &id_or_turret {
            Some(w) => Action::Ranged { weapon: w.clone(), targets: Vec::new() },
            None => Action::UseTurret { targets: Vec::new() },
        };
        let spent = id_or_turret.as_ref().is_some_and(|w| unit.spent.contains(w));
        if enemy_close || spent || !affordable(&probe) {
            continue;
        }
        let make = |targets: Vec<Target>| match &id_or_turret {
            Some(w) => Action::Ranged { weapon: w.clone(), targets },
            None => Action::UseTurret { targets },
        };
        let lines = if weapon.specials.contains(&WeaponSpecial::Linear) { &open_sight } else { &sight };
        let valid = |t: Target| check_ranged_target(rules, state, lines, id, weapon, t).is_ok();
        let targets: Vec<Target> = enemies.iter().copied().filter(|&t| valid(t)).collect();
        out.extend(targets.iter().map(|&t| make(vec![t])));
        if weapon.specials.contains(&WeaponSpecial::Spread) && weapon.roa >= 2 {
            for (i, &a) in targets.iter().enumerate() {
                for &b in &targets[i + 1..] {
                    if let (Some(pa), Some(pb)) = (target_pos(state, a), target_pos(state, b))
                        && map.adjacent(pa, pb)
                    {
                        out.push(make(vec![a, b]));
                    }
                }
            }
        }
        if weapon.specials.contains(&WeaponSpecial::Blast) {
            let mut squares = BTreeSet::new();
            for &t in &enemies {
                if let (Target::Unit(_), Some(p)) = (t, target_pos(state, t)) {
                    squares.extend(map.around(p).filter(|&q| state.unit_at(q).is_none() && state.item_at(q).is_none()));
                }
            }
            out.extend(squares.into_iter().map(Target::Square).filter(|&t| valid(t)).map(|t| make(vec![t])));
        }
    }
    for weapon in unit.weapons.iter().filter_map(|id| rules.weapon(id)) {
        if weapon.kind == WeaponKind::Melee || weapon.specials.contains(&WeaponSpecial::MeleeRanged) {
            for &target in &enemies {
                if target_pos(state, target).is_some_and(|p| map.adjacent(pos, p)) {
                    candidates.push(Action::Melee { weapon: weapon.id.clone(), target });
                }
            }
        }
    }
    if !all {
        out.extend(candidates.into_iter().filter(|a| check(rules, state, a).is_ok()));
        return out.into_iter().filter(|a| matches!(a, Action::Ranged { .. } | Action::Melee { .. })).collect();
    }
    for edge in Edge::sides(pos) {
        candidates.push(Action::Door { edge });
    }
    candidates.push(Action::PickUp);
    candidates.push(Action::Drop);
    for content in CrateContent::ALL {
        candidates.push(Action::OpenCrate { content });
    }
    for target in std::iter::once(id).chain(state.units.iter().enumerate().filter(|(i, _)| *i != id).map(|(i, _)| i)) {
        if unit.medkit.is_some() {
            candidates.push(Action::Medkit { target });
        }
    }
    candidates.push(Action::MissionAction);
    out.extend(candidates.into_iter().filter(|a| check(rules, state, a).is_ok()));
    out.push(Action::EndActivation);
    out
}
