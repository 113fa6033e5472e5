//! Whether the rules allow an action now, and what it costs: `check` refuses with a named
//! reason and changes nothing.

use super::action::{Action, Rejection, Target};
use super::map::{Map, Sight};
use super::ruleset::{ItemKind, Movement, Ruleset, Scoring, UnitSpecial, Weapon, WeaponKind, WeaponSpecial};
use super::state::{ActionKind, CrateContent, GameState, Outcome, Unit, UnitId};
use super::strike::*;
use crate::board::{Edge, Pos};
use std::collections::BTreeSet;

/// The action kind an action is paid as, with its weapon.
pub(super) fn kind_of(action: &Action) -> Option<ActionKind> {
    Some(match action {
        Action::Move { .. } => ActionKind::Move,
        Action::Dash { .. } => ActionKind::Dash,
        Action::Leap { .. } => ActionKind::Leap,
        Action::Ranged { .. } => ActionKind::Ranged,
        Action::Melee { .. } => ActionKind::Melee,
        Action::UseTurret { .. } => ActionKind::Turret,
        Action::Door { .. } => ActionKind::Door,
        Action::PickUp | Action::Drop => ActionKind::PickUpDrop,
        Action::OpenCrate { .. } => ActionKind::OpenCrate,
        Action::Medkit { .. } => ActionKind::Medkit,
        Action::MissionAction => ActionKind::Mission,
        _ => return None,
    })
}

/// The mission's action, if it has one: its name, ACT cost and points.
pub(super) fn mission_action(rules: &Ruleset, state: &GameState) -> Option<(String, u8, u8)> {
    rules.mission(&state.mission)?.scoring.iter().find_map(|s| match s {
        Scoring::MissionAction { name, cost, points } => Some((name.clone(), *cost, *points)),
        _ => None,
    })
}

/// What an action costs in ACT now: its listed cost, one more per earlier use in this
/// activation (the second attack of a 2MC or 2RC unit or weapon excepted, and a turret's every
/// use), HVY's extra ACT, TCH's one less.
#[must_use]
pub fn cost(rules: &Ruleset, state: &GameState, action: &Action) -> Option<u8> {
    let kind = kind_of(action)?;
    let activation = state.activation.as_ref()?;
    let unit = state.unit(activation.unit)?;
    let weapon = match action {
        Action::Ranged { weapon, .. } | Action::Melee { weapon, .. } => rules.weapon(weapon),
        _ => None,
    };
    let weapon_has = |s: WeaponSpecial| weapon.is_some_and(|w| w.specials.contains(&s));
    let uses = activation.uses.get(&kind).copied().unwrap_or(0);
    let base = match kind {
        ActionKind::Leap => 2,
        ActionKind::Mission => mission_action(rules, state).map_or(1, |(_, cost, _)| cost),
        _ => 1,
    };
    let double = match kind {
        ActionKind::Melee => {
            unit.has(UnitSpecial::DoubleMelee)
                || activation.double_melee_weapon
                || weapon_has(WeaponSpecial::DoubleMelee)
        }
        ActionKind::Ranged => {
            unit.has(UnitSpecial::DoubleRanged)
                || activation.double_ranged_weapon
                || weapon_has(WeaponSpecial::DoubleRanged)
        }
        _ => false,
    };
    let repeats = match kind {
        ActionKind::Turret => 0,
        _ if double && uses == 1 => 0,
        _ => uses,
    };
    let mut total = base + repeats;
    if kind == ActionKind::Ranged && weapon_has(WeaponSpecial::Heavy) && activation.moved {
        total += 1;
    }
    if kind == ActionKind::Move && activation.fired_heavy {
        total += 1;
    }
    if kind == ActionKind::Mission && unit.has(UnitSpecial::Technician) && !activation.technician_used {
        total = total.saturating_sub(1);
    }
    Some(total)
}

pub(super) fn swift(unit: &Unit) -> u32 {
    u32::from(unit.has(UnitSpecial::Swift))
}

/// Whether a standing enemy of `squad` is adjacent to `pos`.
pub(super) fn enemy_adjacent(rules: &Ruleset, state: &GameState, pos: Pos, squad: u8) -> bool {
    let map = Map::new(&state.board, rules);
    state.units.iter().filter(|u| u.squad != squad).filter_map(|u| u.pos).any(|p| map.adjacent(p, pos))
}

pub(super) fn active_unit(state: &GameState) -> Result<(UnitId, &Unit, Pos), Rejection> {
    let activation = state.activation.as_ref().ok_or(Rejection::NoActivation)?;
    let unit = state.unit(activation.unit).ok_or(Rejection::NoSuchUnit(activation.unit))?;
    let pos = unit.pos.ok_or(Rejection::NotReady(activation.unit))?;
    Ok((activation.unit, unit, pos))
}

/// The squares a move can end on, with their costs.
pub(super) fn reach(rules: &Ruleset, state: &GameState, unit: &Unit, from: Pos, budget: u32) -> Vec<(Pos, u32)> {
    Map::new(&state.board, rules).reach(unit.mover(), from, unit.squad, &state.figures(), budget)
}

/// The cost of a move from `from` ending on `to`, or `None` where it cannot end there.
pub(super) fn move_cost(
    rules: &Ruleset,
    state: &GameState,
    unit: &Unit,
    from: Pos,
    budget: u32,
    to: Pos,
) -> Option<u32> {
    Map::new(&state.board, rules).cost_to(unit.mover(), from, unit.squad, &state.figures(), budget, to)
}

/// Whether a leap from `from` to `to` is a straight line within `reach` squares over
/// passable squares, landing on a free one ([house]: it passes over walls, heights, difficult
/// squares and figures alike).
pub(super) fn leap_ok(rules: &Ruleset, state: &GameState, from: Pos, to: Pos, reach: u8) -> bool {
    let (dx, dy) = (i32::from(to.x) - i32::from(from.x), i32::from(to.y) - i32::from(from.y));
    let steps = dx.abs().max(dy.abs());
    if steps == 0 || steps > i32::from(reach) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return false;
    }
    let map = Map::new(&state.board, rules);
    let (sx, sy) = (dx.signum(), dy.signum());
    (1..=steps).all(|k| map.step(from, sx * k, sy * k).is_some_and(|p| map.movement(p) != Movement::Impassable))
        && state.unit_at(to).is_none()
}

/// Checks an action without changing anything.
///
/// # Errors
/// The named reason the rules refuse it.
pub fn check(rules: &Ruleset, state: &GameState, action: &Action) -> Result<(), Rejection> {
    check_costed(rules, state, action, &mut None)
}

/// [`check`], keeping in `move_cost` what a Move or Dash it allows costs, so the move is not
/// searched for again when it is made.
pub(super) fn check_costed(
    rules: &Ruleset,
    state: &GameState,
    action: &Action,
    found_cost: &mut Option<u32>,
) -> Result<(), Rejection> {
    if state.outcome != Outcome::Ongoing {
        return Err(Rejection::GameOver);
    }
    if let Some(pending) = &state.pending {
        let squad = pending.decider.unwrap_or(state.to_act);
        let orders = state.squads[usize::from(squad)].orders;
        return match action {
            Action::Accept => Ok(()),
            Action::Reroll { die } => {
                let d = pending.dice.get(*die).ok_or(Rejection::NoSuchDie(*die))?;
                // An automatic die may be rolled after all, for nothing (AHx).
                if d.automatic {
                    return Ok(());
                }
                if d.rerolled {
                    return Err(Rejection::AlreadyRerolled(*die));
                }
                if pending.free_rerolls == 0 && orders == 0 {
                    return Err(Rejection::NoOrders);
                }
                Ok(())
            }
            Action::Adjust { die, up } => {
                let d = pending.dice.get(*die).ok_or(Rejection::NoSuchDie(*die))?;
                if d.automatic {
                    return Err(Rejection::NotRolled(*die));
                }
                if orders == 0 {
                    return Err(Rejection::NoOrders);
                }
                if (*up && d.face >= 6) || (!*up && d.face <= 1) {
                    return Err(Rejection::FaceOutOfRange);
                }
                Ok(())
            }
            _ => Err(Rejection::RollPending),
        };
    }
    match action {
        Action::Accept | Action::Reroll { .. } | Action::Adjust { .. } => return Err(Rejection::NoRollPending),
        Action::Activate { unit } => {
            if state.activation.is_some() {
                return Err(Rejection::ActivationUnderway);
            }
            let u = state.unit(*unit).ok_or(Rejection::NoSuchUnit(*unit))?;
            if u.squad != state.to_act {
                return Err(Rejection::NotYourUnit(*unit));
            }
            if u.activated || u.pos.is_none() {
                return Err(Rejection::NotReady(*unit));
            }
            return Ok(());
        }
        Action::Delay => {
            if state.activation.is_some() {
                return Err(Rejection::ActivationUnderway);
            }
            let squad = state.to_act;
            let mine = state.standing(squad).count();
            let theirs = state.standing(1 - squad).count();
            if state.squads[usize::from(squad)].delayed || mine + 2 > theirs || !state.has_ready(1 - squad) {
                return Err(Rejection::CannotDelay);
            }
            return Ok(());
        }
        Action::EndActivation => {
            return state.activation.as_ref().map(|_| ()).ok_or(Rejection::NoActivation);
        }
        _ => {}
    }
    let (id, unit, pos) = active_unit(state)?;
    let activation = state.activation.as_ref().ok_or(Rejection::NoActivation)?;
    let map = Map::new(&state.board, rules);
    match action {
        Action::Move { to } | Action::Dash { to } => {
            let squares = if matches!(action, Action::Move { .. }) { rules.move_squares } else { rules.dash_squares };
            let budget = u32::from(squares) + swift(unit);
            *found_cost = move_cost(rules, state, unit, pos, budget, *to);
            if found_cost.is_none() {
                return Err(Rejection::Unreachable(*to));
            }
        }
        Action::Leap { to } => {
            let x = unit.special(|s| if let UnitSpecial::Leap(x) = s { Some(x) } else { None });
            let x = x.ok_or(Rejection::CannotLeap)?;
            if !leap_ok(rules, state, pos, *to, x) {
                return Err(Rejection::BadLeap(*to));
            }
        }
        Action::Ranged { weapon, targets } => {
            if !unit.weapons.contains(weapon) {
                return Err(Rejection::NoSuchWeapon(weapon.clone()));
            }
            let w = rules.weapon(weapon).ok_or_else(|| Rejection::NoSuchWeapon(weapon.clone()))?;
            if w.kind != WeaponKind::Ranged {
                return Err(Rejection::WrongWeapon(weapon.clone()));
            }
            if unit.spent.contains(weapon) {
                return Err(Rejection::WeaponSpent(weapon.clone()));
            }
            check_ranged_attack(rules, state, id, pos, w, targets)?;
        }
        Action::UseTurret { targets } => {
            let turret = state
                .item_at(pos)
                .and_then(|i| match &state.items[i].kind {
                    ItemKind::Turret(kind) => rules.turret(kind),
                    _ => None,
                })
                .ok_or(Rejection::NoTurret)?;
            let w = rules.weapon(&turret.weapon).ok_or(Rejection::NoTurret)?;
            check_ranged_attack(rules, state, id, pos, w, targets)?;
        }
        Action::Melee { weapon, target } => {
            if !unit.weapons.contains(weapon) {
                return Err(Rejection::NoSuchWeapon(weapon.clone()));
            }
            let w = rules.weapon(weapon).ok_or_else(|| Rejection::NoSuchWeapon(weapon.clone()))?;
            if w.kind != WeaponKind::Melee && !w.specials.contains(&WeaponSpecial::MeleeRanged) {
                return Err(Rejection::WrongWeapon(weapon.clone()));
            }
            if unit.spent.contains(weapon) {
                return Err(Rejection::WeaponSpent(weapon.clone()));
            }
            if matches!(target, Target::Square(_)) {
                return Err(Rejection::NotASquareTarget);
            }
            let to = target_kind_ok(state, unit.squad, *target, w)?;
            if !map.adjacent(pos, to) {
                return Err(Rejection::TargetNotAdjacent);
            }
        }
        Action::Door { edge } => {
            let ours = Edge::sides(pos).contains(edge);
            if !ours || state.board.edge(*edge).and_then(|f| f.door).is_none() {
                return Err(Rejection::NoDoor);
            }
        }
        Action::PickUp => {
            let carrying = state.markers.iter().any(|m| m.carrier == Some(id));
            let here = state.markers.iter().any(|m| m.carrier.is_none() && !m.scored && m.pos == pos);
            if carrying || !here {
                return Err(Rejection::NoMarker);
            }
        }
        Action::Drop if !state.markers.iter().any(|m| m.carrier == Some(id)) => {
            return Err(Rejection::NotCarrying);
        }
        Action::OpenCrate { content } => {
            let crate_here = state.item_at(pos).is_some_and(|i| state.items[i].kind == ItemKind::Crate);
            if !crate_here {
                return Err(Rejection::NoCrate);
            }
            let refill_needed = *content == CrateContent::AmmoRefill && unit.spent.is_empty();
            if state.crate_contents_taken.contains(content) || refill_needed {
                return Err(Rejection::ContentUnavailable(*content));
            }
        }
        Action::Medkit { target } => {
            if unit.medkit.is_none() {
                return Err(Rejection::NoMedkit);
            }
            let patient = state.unit(*target).ok_or(Rejection::NoSuchUnit(*target))?;
            let close = patient.pos.is_some_and(|p| p == pos || map.adjacent(p, pos));
            if patient.squad != unit.squad || !close || patient.hit >= patient.max_hit {
                return Err(Rejection::CannotHeal(*target));
            }
        }
        Action::MissionAction => {
            let objective = state.objectives.iter().position(|&o| o == pos);
            let done = objective.is_none_or(|o| state.squads[usize::from(unit.squad)].mission_actions.contains(&o));
            if mission_action(rules, state).is_none() || done {
                return Err(Rejection::NoMissionAction);
            }
        }
        _ => {}
    }
    let cost = cost(rules, state, action).unwrap_or(0);
    let orders = state.squads[usize::from(unit.squad)].orders;
    if u32::from(cost) > u32::from(activation.act_left) + u32::from(orders) {
        return Err(Rejection::NotEnoughActions { cost, act: activation.act_left, orders });
    }
    Ok(())
}

pub(super) fn check_ranged_attack(
    rules: &Ruleset,
    state: &GameState,
    attacker: UnitId,
    from: Pos,
    weapon: &Weapon,
    targets: &[Target],
) -> Result<(), Rejection> {
    let spread = weapon.specials.contains(&WeaponSpecial::Spread);
    if targets.is_empty() || (targets.len() > 1 && !spread) || targets.len() > usize::from(weapon.roa) {
        return Err(Rejection::BadTargets);
    }
    let unique: BTreeSet<&Target> = targets.iter().collect();
    if unique.len() != targets.len() {
        return Err(Rejection::BadTargets);
    }
    let squad = state.units[attacker].squad;
    if enemy_adjacent(rules, state, from, squad) {
        return Err(Rejection::EnemyAdjacent);
    }
    let map = Map::new(&state.board, rules);
    // [house] A Linear weapon fires through units: it strikes every unit on its line.
    let figures: Vec<Pos> = if weapon.specials.contains(&WeaponSpecial::Linear) {
        Vec::new()
    } else {
        state.figures().iter().map(|f| f.pos).collect()
    };
    let sight = Sight::on_board(&state.board, rules, &figures);
    for &target in targets {
        check_ranged_target(rules, state, &sight, attacker, weapon, target)?;
    }
    if targets.len() > 1 {
        let squares: Vec<Pos> = targets.iter().filter_map(|&t| target_pos(state, t)).collect();
        let linked = squares.iter().all(|&a| squares.iter().any(|&b| a != b && map.adjacent(a, b)));
        if !linked {
            return Err(Rejection::SpreadApart);
        }
    }
    Ok(())
}
