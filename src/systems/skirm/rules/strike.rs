//! Attacks in the battle: each target's attack dice and saves as a roll that waits for its
//! owner's choices (free re-rolls from BRx, PRx and TGx; re-rolls and +1/-1 bought with
//! Tactical Orders), then damage, HIT lost, units taken out, barrels exploding, turrets
//! wrecked and counter-attacks. Every die is an event.
//!
//! A roll waits only while its owner has a choice that could help: a failed die and a free
//! re-roll or an order to spend. Otherwise it is accepted at once, so scripts and the computer
//! player see no pause they cannot use.

use super::action::{Event, Rejection, RollKind, Target};
use super::combat::succeeds;
use super::map::{Map, Sight, squares_on_line};
pub use super::roll::{Die, Pending, Strike, Window};
use super::ruleset::{ItemKind, Ruleset, Scoring, UnitSpecial, Weapon, WeaponKind, WeaponSpecial};
use super::state::{GameState, TakeOut, TakeOutMeans, Unit, UnitId};
use crate::board::Pos;
use std::collections::BTreeSet;

/// The armour a target saves with.
#[must_use]
pub fn target_arm(rules: &Ruleset, state: &GameState, target: Target) -> u8 {
    match target {
        Target::Unit(u) => state.unit(u).map_or(0, |u| u.arm),
        Target::Item(_) => rules.turret_arm,
        Target::Square(_) => 0,
    }
}

/// Whether the waiting roll's owner has a choice that could help it.
#[must_use]
pub fn has_choice(rules: &Ruleset, state: &GameState, pending: &Pending) -> bool {
    let Some(squad) = pending.decider else { return false };
    let orders = state.squads[usize::from(squad)].orders;
    let arm = target_arm(rules, state, pending.strike.target);
    pending.dice.iter().any(|die| {
        // AHx: "You may still choose to roll that die" (a rolled 1 deals more).
        (die.automatic && !die.rerolled)
            || (!die.automatic
                && !pending.good(die, arm)
                && (orders > 0 || (pending.free_rerolls > 0 && !die.rerolled)))
    })
}

/// Queues attacks and runs them until a roll waits for a choice or none is left.
pub fn attack(rules: &Ruleset, state: &mut GameState, strikes: Vec<Strike>, events: &mut Vec<Event>) {
    state.queue.extend(strikes);
    run(rules, state, events);
}

/// Runs queued attacks and closes rolls without a choice.
pub fn run(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    loop {
        if let Some(pending) = &state.pending {
            if has_choice(rules, state, pending) {
                return;
            }
            close(rules, state, events);
            continue;
        }
        let Some(strike) = state.queue.pop_front() else { return };
        begin(state, strike, events);
    }
}

/// Closes the waiting roll as it stands.
pub fn close(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    let Some(pending) = state.pending.take() else { return };
    match pending.window {
        Window::Attack => close_attack(rules, state, pending, events),
        Window::Save => close_saves(rules, state, pending, events),
        Window::Heal => {
            if let (Target::Unit(unit), Some(die)) = (pending.strike.target, pending.dice.first()) {
                let size = u8::try_from(pending.damage).unwrap_or(u8::MAX);
                healed(state, unit, die.face, size, events);
            }
        }
    }
}

fn target_standing(state: &GameState, target: Target) -> bool {
    match target {
        Target::Unit(u) => state.unit(u).is_some_and(|u| u.pos.is_some()),
        Target::Item(i) => state.items.get(i).is_some_and(|i| !i.gone),
        Target::Square(_) => true,
    }
}

fn squad_of(state: &GameState, unit: Option<UnitId>) -> Option<u8> {
    unit.and_then(|u| state.unit(u)).map(|u| u.squad)
}

pub(super) fn roll(state: &mut GameState, kind: RollKind, squad: Option<u8>, events: &mut Vec<Event>) -> u8 {
    let face = state.dice.roll_d6();
    events.push(Event::Die { kind, squad, face });
    face
}

fn begin(state: &mut GameState, strike: Strike, events: &mut Vec<Event>) {
    if !target_standing(state, strike.target) {
        return;
    }
    if strike.attacker.is_some_and(|a| state.unit(a).is_none_or(|u| u.pos.is_none())) && strike.dice > 0 {
        return;
    }
    events.push(Event::Attack {
        attacker: strike.attacker,
        weapon: strike.weapon.clone(),
        target: strike.target,
        skill: strike.skill,
        cover: strike.cover,
    });
    if strike.dice == 0 {
        let damage = u32::from(strike.flat_damage);
        begin_saves(state, strike, damage, events);
        return;
    }
    let squad = squad_of(state, strike.attacker);
    let automatic = strike.automatic.min(strike.dice);
    let mut dice = Vec::with_capacity(usize::from(strike.dice));
    for _ in 0..automatic {
        events.push(Event::AutomaticStrike);
        dice.push(Die { face: 1, adjusted: false, rerolled: false, automatic: true });
    }
    for _ in automatic..strike.dice {
        let face = roll(state, RollKind::Attack, squad, events);
        dice.push(Die { face, adjusted: false, rerolled: false, automatic: false });
    }
    if strike.relentless {
        for (index, die) in dice.iter_mut().enumerate() {
            if !die.automatic && die.face == 6 {
                let face = state.dice.roll_d6();
                events.push(Event::Die { kind: RollKind::Attack, squad, face });
                events.push(Event::Rerolled { die: index, face, order: false });
                *die = Die { face, adjusted: false, rerolled: true, automatic: false };
            }
        }
    }
    let free_rerolls = strike.attack_rerolls;
    state.pending = Some(Pending { strike, window: Window::Attack, dice, free_rerolls, damage: 0, decider: squad });
}

fn close_attack(rules: &Ruleset, state: &mut GameState, mut pending: Pending, events: &mut Vec<Event>) {
    let strike = pending.strike.clone();
    // PAR: the defender has the attacker re-roll one die; it picks the strike that deals most.
    if let Target::Unit(defender) = strike.target
        && strike.melee
        && state.unit(defender).is_some_and(|u| u.has(UnitSpecial::Parry))
    {
        let best = pending
            .dice
            .iter()
            .enumerate()
            .filter(|(_, d)| !d.automatic && !d.rerolled && succeeds(d.face, strike.skill))
            .min_by_key(|(_, d)| (d.face != 1 || d.adjusted, d.face))
            .map(|(i, _)| i);
        if let Some(index) = best {
            let face = roll(state, RollKind::Attack, squad_of(state, strike.attacker), events);
            events.push(Event::Rerolled { die: index, face, order: false });
            pending.dice[index] = Die { face, adjusted: false, rerolled: true, automatic: false };
        }
    }
    let mut strikes = 0u8;
    let mut damage = 0u32;
    let mut stun = false;
    for die in &pending.dice {
        if !(die.automatic || succeeds(die.face, strike.skill)) {
            continue;
        }
        strikes += 1;
        let natural_one = !die.automatic && !die.adjusted && die.face == 1;
        let bonus = match (natural_one, strike.rending) {
            (true, true) => 2,
            (true, false) => 1,
            (false, _) => 0,
        };
        damage += u32::from(strike.dam) + bonus;
        stun |= natural_one && strike.stun;
    }
    if strikes > 0 {
        damage += u32::from(strike.deadly);
    }
    events.push(Event::Strikes { strikes, damage });
    if stun
        && let Target::Unit(target) = strike.target
        && let Some(unit) = state.units.get_mut(target)
        && unit.pos.is_some()
    {
        unit.stunned = true;
        events.push(Event::Stunned { unit: target });
    }
    match strike.target {
        Target::Item(index) => {
            let Some(item) = state.items.get(index) else { return };
            match item.kind {
                ItemKind::Barrel if strikes > 0 => explode(rules, state, index, strike.attacker, events),
                ItemKind::Turret(_) if damage > 0 => begin_saves(state, strike, damage, events),
                _ => {}
            }
        }
        Target::Unit(_) if damage > 0 => begin_saves(state, strike, damage, events),
        Target::Unit(defender) if strike.melee && strike.primary && !strike.counter => {
            counter(rules, state, defender, &strike);
        }
        _ => {}
    }
}

/// A barrel explodes: it is gone, and every unit on its square or an adjacent one takes its
/// damage (with saves).
fn explode(rules: &Ruleset, state: &mut GameState, index: usize, by: Option<UnitId>, events: &mut Vec<Event>) {
    let Some(item) = state.items.get_mut(index) else { return };
    item.gone = true;
    let pos = item.pos;
    events.push(Event::BarrelExploded { item: index, pos });
    let map = Map::new(&state.board, rules);
    let caught: Vec<UnitId> = state
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.pos.is_some_and(|p| p == pos || map.adjacent(p, pos)))
        .map(|(i, _)| i)
        .collect();
    let blasts = caught.into_iter().map(|unit| flat(by, Target::Unit(unit), rules.barrel_damage));
    // The explosion comes before anything else queued.
    for strike in blasts.rev().collect::<Vec<_>>() {
        state.queue.push_front(strike);
    }
}

/// Damage without an attack roll, credited to `by`.
#[must_use]
pub fn flat(by: Option<UnitId>, target: Target, damage: u8) -> Strike {
    Strike {
        attacker: by,
        weapon: None,
        target,
        dice: 0,
        flat_damage: damage,
        skill: 0,
        dam: 0,
        rending: false,
        automatic: 0,
        deadly: 0,
        cover: false,
        attack_rerolls: 0,
        relentless: false,
        stun: false,
        melee: false,
        primary: false,
        counter: false,
        means: TakeOutMeans::Item,
    }
}

fn begin_saves(state: &mut GameState, strike: Strike, damage: u32, events: &mut Vec<Event>) {
    let (decider, free_rerolls) = match strike.target {
        Target::Unit(u) => match state.unit(u) {
            Some(unit) => (
                Some(unit.squad),
                unit.special(|s| if let UnitSpecial::Tough(x) = s { Some(x) } else { None }).unwrap_or(0),
            ),
            None => return,
        },
        _ => (None, 0),
    };
    let automatic = u32::from(strike.cover).min(damage);
    for _ in 0..automatic {
        events.push(Event::AutomaticSave);
    }
    let mut dice = Vec::new();
    for _ in automatic..damage {
        let face = roll(state, RollKind::Save, decider, events);
        dice.push(Die { face, adjusted: false, rerolled: false, automatic: false });
    }
    state.pending = Some(Pending { strike, window: Window::Save, dice, free_rerolls, damage, decider });
}

fn close_saves(rules: &Ruleset, state: &mut GameState, pending: Pending, events: &mut Vec<Event>) {
    let arm = target_arm(rules, state, pending.strike.target);
    let failed = u32::try_from(pending.dice.iter().filter(|d| !succeeds(d.face, arm)).count()).unwrap_or(u32::MAX);
    events.push(Event::Saves { failed });
    let strike = pending.strike;
    match strike.target {
        Target::Unit(target) => {
            let Some(unit) = state.units.get_mut(target) else { return };
            let before = unit.hit;
            let lost = u8::try_from(failed).unwrap_or(u8::MAX).min(before);
            unit.hit = before - lost;
            if lost > 0 {
                events.push(Event::HitsLost { target: strike.target, hits: lost, remaining: unit.hit });
            }
            if unit.hit == 0 {
                take_out(rules, state, target, &strike, failed.saturating_sub(u32::from(before)), events);
            } else if strike.melee && strike.primary && !strike.counter {
                counter(rules, state, target, &strike);
            }
        }
        Target::Item(index) => {
            let Some(item) = state.items.get_mut(index) else { return };
            let lost = u8::try_from(failed).unwrap_or(u8::MAX).min(item.hit);
            item.hit -= lost;
            if lost > 0 {
                events.push(Event::HitsLost { target: strike.target, hits: lost, remaining: item.hit });
            }
            if item.hit == 0 {
                item.gone = true;
                let pos = item.pos;
                events.push(Event::TurretDestroyed { item: index, pos });
                if let Some(occupant) = state.unit_at(pos) {
                    state.queue.push_front(flat(strike.attacker, Target::Unit(occupant), rules.turret_wreck_damage));
                }
            }
        }
        Target::Square(_) => {}
    }
}

/// CTR: a unit that survives a melee attack strikes back at once with its best melee weapon
/// that is not Unwieldy ([house]: the counter is always taken, as it can only help).
fn counter(rules: &Ruleset, state: &mut GameState, defender: UnitId, strike: &Strike) {
    let Some(attacker) = strike.attacker else { return };
    let (Some(unit), Some(enemy)) = (state.unit(defender), state.unit(attacker)) else { return };
    let (Some(at), Some(enemy_at)) = (unit.pos, enemy.pos) else { return };
    if !unit.has(UnitSpecial::Counter) || !Map::new(&state.board, rules).adjacent(at, enemy_at) {
        return;
    }
    let weapon = unit
        .weapons
        .iter()
        .filter_map(|id| rules.weapon(id))
        .filter(|w| {
            (w.kind == WeaponKind::Melee || w.specials.contains(&WeaponSpecial::MeleeRanged))
                && !w.specials.contains(&WeaponSpecial::Unwieldy)
                && !(w.specials.contains(&WeaponSpecial::Limited) && unit.spent.contains(&w.id))
        })
        .max_by_key(|w| u32::from(w.roa) * u32::from(w.dam));
    let Some(weapon) = weapon else { return };
    let id = weapon.id.clone();
    if let Some(mut strike) = weapon_strike(rules, state, defender, &id, Target::Unit(attacker), true) {
        strike.counter = true;
        state.queue.push_front(strike);
    }
}

fn take_out(
    rules: &Ruleset,
    state: &mut GameState,
    victim: UnitId,
    strike: &Strike,
    overkill: u32,
    events: &mut Vec<Event>,
) {
    let Some(unit) = state.units.get_mut(victim) else { return };
    let Some(pos) = unit.pos.take() else { return };
    let victim_squad = unit.squad;
    let was_leader = unit.leader().is_some();
    let credited = strike.attacker.filter(|&a| state.unit(a).is_some_and(|u| u.squad != victim_squad));
    if let Some(unit) = state.units.get_mut(victim) {
        unit.taken_out_by = credited;
    }
    events.push(Event::TakenOut { unit: victim, by: credited });
    for (index, marker) in state.markers.iter_mut().enumerate() {
        if marker.carrier == Some(victim) {
            marker.carrier = None;
            marker.pos = pos;
            events.push(Event::Dropped { marker: index, pos });
        }
    }
    let enemy = 1 - victim_squad;
    state.squads[usize::from(victim_squad)].record.lost += 1;
    // House reading: the enemy takes a unit out only through a strike of its own. A unit lost
    // to its own squad (a barrel it set off, a squadmate's Blast or LNR) or to the battlefield
    // (an event) is lost, but scores nothing for the other squad.
    if credited.is_none() {
        return;
    }
    let record = &mut state.squads[usize::from(enemy)].record;
    record.taken_out += 1;
    record.leader_taken_out |= was_leader;
    record.melee_take_out |= strike.melee;
    let turn = state.turn;
    if let Some(by) = credited
        && let Some(unit) = state.units.get_mut(by)
    {
        unit.take_outs.push(TakeOut { turn, victim, means: strike.means, overkill });
    }
    if state.first_blood.is_none() {
        state.first_blood = credited;
    }
    let Some(mission) = rules.mission(&state.mission) else { return };
    for scoring in &mission.scoring {
        if let Scoring::EnemiesTakenOut { points } = scoring {
            let points = u32::from(*points);
            state.squads[usize::from(enemy)].points += points;
            events.push(Event::Scored { squad: enemy, points, reason: "enemy taken out".into() });
        }
    }
}

/// Where a target stands.
pub(super) fn target_pos(state: &GameState, target: Target) -> Option<Pos> {
    match target {
        Target::Unit(u) => state.unit(u)?.pos,
        Target::Item(i) => state.items.get(i).filter(|i| !i.gone).map(|i| i.pos),
        Target::Square(p) => state.board.contains(p).then_some(p),
    }
}

/// Whether a target is an enemy unit, an attackable item (barrel, turret) or (for a Blast
/// weapon) an empty square.
pub(super) fn target_kind_ok(state: &GameState, squad: u8, target: Target, weapon: &Weapon) -> Result<Pos, Rejection> {
    match target {
        Target::Unit(u) => {
            let unit = state.unit(u).ok_or(Rejection::NoSuchTarget)?;
            if unit.squad == squad {
                return Err(Rejection::NoSuchTarget);
            }
            unit.pos.ok_or(Rejection::NoSuchTarget)
        }
        Target::Item(i) => {
            let item = state.items.get(i).filter(|i| !i.gone).ok_or(Rejection::NoSuchTarget)?;
            if item.kind == ItemKind::Crate {
                return Err(Rejection::NoSuchTarget);
            }
            Ok(item.pos)
        }
        Target::Square(p) => {
            if !weapon.specials.contains(&WeaponSpecial::Blast)
                || !state.board.contains(p)
                || state.unit_at(p).is_some()
                || state.item_at(p).is_some()
            {
                return Err(Rejection::NotASquareTarget);
            }
            Ok(p)
        }
    }
}

/// Whether a squadmate of `unit` (not the unit itself) stands adjacent to `pos`: it forbids a
/// ranged attack on that target and gives a melee attack its support.
pub(super) fn squadmate_next_to(map: &Map<'_>, state: &GameState, unit: UnitId, pos: Pos) -> bool {
    let Some(squad) = state.unit(unit).map(|u| u.squad) else { return false };
    state
        .units
        .iter()
        .enumerate()
        .filter(|&(i, u)| u.squad == squad && i != unit)
        .filter_map(|(_, u)| u.pos)
        .any(|p| map.adjacent(p, pos))
}

/// Checks a ranged target (rule "Select Target"): not adjacent, in range (and under this
/// turn's cap), in sight, no squadmate adjacent to it; and no enemy adjacent to the attacker.
pub(super) fn check_ranged_target(
    rules: &Ruleset,
    state: &GameState,
    sight: &Sight<'_>,
    attacker: UnitId,
    weapon: &Weapon,
    target: Target,
) -> Result<(), Rejection> {
    let unit = state.unit(attacker).ok_or(Rejection::NoSuchUnit(attacker))?;
    let from = unit.pos.ok_or(Rejection::NotReady(attacker))?;
    let to = target_kind_ok(state, unit.squad, target, weapon)?;
    let map = Map::new(&state.board, rules);
    if map.adjacent(from, to) || from == to {
        return Err(Rejection::TargetAdjacent);
    }
    let range = state.range_cap.map_or(weapon.range, |cap| cap.min(weapon.range));
    let distance = Map::distance(from, to);
    if distance > u32::from(range) {
        return Err(Rejection::OutOfRange { distance, range });
    }
    if !sight.sees(from, to) {
        return Err(Rejection::NotInSight);
    }
    if squadmate_next_to(&map, state, attacker, to) {
        return Err(Rejection::SquadmateNextToTarget);
    }
    Ok(())
}

/// The skill a unit shoots `weapon` with before anything about its target: SKx, else its RSK,
/// with +SK.
fn ranged_skill(rules: &Ruleset, unit: &Unit, weapon: &Weapon) -> u8 {
    let skill = weapon.special(|s| if let WeaponSpecial::Skill(x) = s { Some(x) } else { None }).unwrap_or(unit.rsk);
    if weapon.specials.contains(&WeaponSpecial::ImproveSkill) {
        (skill + 1).min(rules.max_skill.max(skill))
    } else {
        skill
    }
}

/// The attack one weapon makes on one target, all modifiers worked out: SKx, +SK, CAM, DLS,
/// AHx and melee support, cover (cancelled by high ground, NCV and Blast), BRx/PRx re-rolls,
/// RLT, RND, DDx, STN.
#[must_use]
pub fn weapon_strike(
    rules: &Ruleset,
    state: &GameState,
    attacker: UnitId,
    weapon_id: &str,
    target: Target,
    melee: bool,
) -> Option<Strike> {
    let unit = state.unit(attacker)?;
    let weapon = rules.weapon(weapon_id)?;
    let from = unit.pos?;
    let to = target_pos(state, target)?;
    let has = |s: WeaponSpecial| weapon.specials.contains(&s);
    let mut skill = weapon
        .special(|s| if let WeaponSpecial::Skill(x) = s { Some(x) } else { None })
        .unwrap_or(if melee { unit.msk } else { unit.rsk });
    if has(WeaponSpecial::ImproveSkill) {
        skill = (skill + 1).min(rules.max_skill.max(skill));
    }
    let target_unit = match target {
        Target::Unit(u) => state.unit(u),
        _ => None,
    };
    if !melee
        && target_unit.is_some_and(|t| t.has(UnitSpecial::Camouflage))
        && UnitSpecial::Camouflage.applies_at(Map::distance(from, to)) == Some(true)
    {
        skill = skill.saturating_sub(1).max(2).min(skill);
    }
    if melee && target_unit.is_some_and(|t| t.has(UnitSpecial::Duellist)) {
        skill = skill.saturating_sub(1).max(1);
    }
    let map = Map::new(&state.board, rules);
    let support = melee && squadmate_next_to(&map, state, attacker, to);
    let autohit = weapon.special(|s| if let WeaponSpecial::Autohit(x) = s { Some(x) } else { None }).unwrap_or(0);
    let cover = !melee && !has(WeaponSpecial::NoCover) && !has(WeaponSpecial::Blast) && map.in_cover(from, to);
    let rerolls = if melee {
        unit.special(|s| if let UnitSpecial::Brutal(x) = s { Some(x) } else { None }).unwrap_or(0)
            + weapon.special(|s| if let WeaponSpecial::Brutal(x) = s { Some(x) } else { None }).unwrap_or(0)
    } else {
        unit.special(|s| if let UnitSpecial::Precise(x) = s { Some(x) } else { None }).unwrap_or(0)
            + weapon.special(|s| if let WeaponSpecial::Precise(x) = s { Some(x) } else { None }).unwrap_or(0)
    };
    Some(Strike {
        attacker: Some(attacker),
        weapon: Some(weapon.id.clone()),
        target,
        dice: weapon.roa,
        flat_damage: 0,
        skill,
        dam: weapon.dam,
        rending: has(WeaponSpecial::Rending),
        automatic: autohit.saturating_add(u8::from(support)),
        deadly: weapon.special(|s| if let WeaponSpecial::Deadly(x) = s { Some(x) } else { None }).unwrap_or(0),
        cover,
        attack_rerolls: rerolls,
        relentless: has(WeaponSpecial::Relentless),
        stun: has(WeaponSpecial::Stun),
        melee,
        primary: true,
        counter: false,
        means: if melee {
            TakeOutMeans::Melee
        } else if weapon.equipment {
            TakeOutMeans::Equipment
        } else {
            TakeOutMeans::Ranged
        },
    })
}

/// Every attack a ranged shot makes: the targets chosen (Spread shares the dice between them),
/// then Blast's units around the target that it can see, Chain Reaction's enemies next to it,
/// Linear's units on the line. Secondary targets with Blast Shield are spared.
pub(super) fn ranged_strikes(
    rules: &Ruleset,
    state: &GameState,
    attacker: UnitId,
    weapon: &Weapon,
    targets: &[Target],
) -> Vec<Strike> {
    let mut strikes = Vec::new();
    let count = u8::try_from(targets.len()).unwrap_or(u8::MAX).max(1);
    for (index, &target) in targets.iter().enumerate() {
        if matches!(target, Target::Square(_)) {
            continue;
        }
        if let Some(mut strike) = weapon_strike(rules, state, attacker, &weapon.id, target, false) {
            let share = weapon.roa / count + u8::from(u8::try_from(index).unwrap_or(u8::MAX) < weapon.roa % count);
            strike.dice = share;
            strike.automatic = strike.automatic.min(share);
            strikes.push(strike);
        }
    }
    let Some(&primary) = targets.first() else { return strikes };
    let Some(centre) = target_pos(state, primary) else { return strikes };
    let Some(from) = state.unit(attacker).and_then(|u| u.pos) else { return strikes };
    let squad = state.units[attacker].squad;
    let map = Map::new(&state.board, rules);
    let mut secondary: Vec<UnitId> = Vec::new();
    // LNR "attacks all units (including Squadmates and Items)" on its line: a barrel on the
    // line is struck too.
    let mut secondary_items: Vec<usize> = Vec::new();
    if weapon.specials.contains(&WeaponSpecial::Blast) {
        let figures: Vec<Pos> = state.figures().iter().map(|f| f.pos).collect();
        let sight = Sight::on_board(&state.board, rules, &figures);
        secondary.extend(state.units.iter().enumerate().filter_map(|(i, u)| {
            let p = u.pos?;
            (i != attacker && map.adjacent(p, centre) && sight.sees(centre, p)).then_some(i)
        }));
    }
    if let Some(x) = weapon.special(|s| if let WeaponSpecial::ChainReaction(x) = s { Some(x) } else { None }) {
        secondary.extend(
            state
                .units
                .iter()
                .enumerate()
                .filter(|(i, u)| u.squad != squad && u.pos.is_some_and(|p| map.adjacent(p, centre)) && *i != attacker)
                .map(|(i, _)| i)
                .filter(|&i| targets.first() != Some(&Target::Unit(i)))
                .take(usize::from(x)),
        );
    }
    if weapon.specials.contains(&WeaponSpecial::Linear) && state.board.height_at(from) == state.board.height_at(centre)
    {
        for square in squares_on_line(from, centre) {
            if let Some(unit) = state.unit_at(square) {
                secondary.push(unit);
            }
            if let Some(item) = state.item_at(square) {
                secondary_items.push(item);
            }
        }
    }
    let mut seen: BTreeSet<UnitId> =
        targets.iter().filter_map(|t| if let Target::Unit(u) = t { Some(*u) } else { None }).collect();
    for unit in secondary {
        if !seen.insert(unit) || state.units[unit].has(UnitSpecial::BlastShield) {
            continue;
        }
        if let Some(mut strike) = weapon_strike(rules, state, attacker, &weapon.id, Target::Unit(unit), false) {
            strike.primary = false;
            strike.cover = false;
            // CAM works "each time this Unit is the primary target": a secondary target's
            // camouflage takes nothing off the attacker's skill.
            if state.units[unit].has(UnitSpecial::Camouflage)
                && let Some(shooter) = state.unit(attacker)
            {
                strike.skill = ranged_skill(rules, shooter, weapon);
            }
            strikes.push(strike);
        }
    }
    for item in secondary_items {
        if targets.contains(&Target::Item(item)) {
            continue;
        }
        if let Some(mut strike) = weapon_strike(rules, state, attacker, &weapon.id, Target::Item(item), false) {
            strike.primary = false;
            strike.cover = false;
            strikes.push(strike);
        }
    }
    strikes
}

/// Heals `unit` by a heal die of size `die` showing `face`.
pub(super) fn healed(state: &mut GameState, unit: UnitId, face: u8, die: u8, events: &mut Vec<Event>) {
    let u = &mut state.units[unit];
    let hits = super::roll::heal_amount(face, die).min(u.max_hit - u.hit);
    u.hit += hits;
    events.push(Event::Healed { unit, hits });
}
