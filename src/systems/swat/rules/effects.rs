//! How CO effects in force change the numbers the engine reads: one function per quantity, so
//! every rule that needs a number asks here and no effect is applied twice or forgotten.

use super::ids::{PlayerId, UnitKindId};
use super::ruleset::{Effect, Ruleset, UnitFilter};
use super::state::{GameState, PowerLevel};

/// Every lasting effect in force for a player: the CO's passive and the power in use.
pub fn effects_in_force<'r>(
    rules: &'r Ruleset,
    state: &GameState,
    player: PlayerId,
) -> impl Iterator<Item = &'r Effect> + use<'r> {
    let player_state = state.player(player);
    let co = player_state.co.map(|co| rules.co(co));
    let power = co.and_then(|co| match player_state.active_power {
        Some(PowerLevel::Power) => Some(&co.power.effects),
        Some(PowerLevel::SuperPower) => Some(&co.super_power.effects),
        None => None,
    });
    co.map(|co| co.passive.iter())
        .into_iter()
        .flatten()
        .chain(power.into_iter().flatten())
        .filter(|effect| !effect.is_instant())
}

/// Whether a filter selects a unit kind.
#[must_use]
pub fn filter_matches(rules: &Ruleset, filter: &UnitFilter, kind: UnitKindId) -> bool {
    let card = rules.unit(kind);
    match filter {
        UnitFilter::All => true,
        UnitFilter::Direct => card.firepower.is_some() && !card.is_indirect(),
        UnitFilter::Indirect => card.is_indirect(),
        UnitFilter::MoveType(move_type) => card.move_type == *move_type,
        UnitFilter::Kinds(kinds) => kinds.contains(&kind),
    }
}

fn sum_for_kind(
    rules: &Ruleset,
    state: &GameState,
    player: PlayerId,
    kind: UnitKindId,
    pick: impl Fn(&Effect) -> Option<(&UnitFilter, i32)>,
) -> i32 {
    effects_in_force(rules, state, player)
        .filter_map(pick)
        .filter(|(filter, _)| filter_matches(rules, filter, kind))
        .map(|(_, amount)| amount)
        .sum()
}

/// Firepower added to a player's units of this kind.
#[must_use]
pub fn firepower_bonus(rules: &Ruleset, state: &GameState, player: PlayerId, kind: UnitKindId) -> i32 {
    sum_for_kind(rules, state, player, kind, |effect| match effect {
        Effect::Firepower { units, amount } => Some((units, *amount)),
        _ => None,
    })
}

/// Defense added to a player's units of this kind.
#[must_use]
pub fn defense_bonus(rules: &Ruleset, state: &GameState, player: PlayerId, kind: UnitKindId) -> i32 {
    sum_for_kind(rules, state, player, kind, |effect| match effect {
        Effect::Defense { units, amount } => Some((units, *amount)),
        _ => None,
    })
}

/// Movement points of a player's unit of this kind, with effects, never below zero.
#[must_use]
pub fn movement_points(rules: &Ruleset, state: &GameState, player: PlayerId, kind: UnitKindId) -> u32 {
    let bonus = sum_for_kind(rules, state, player, kind, |effect| match effect {
        Effect::Movement { units, amount } => Some((units, *amount)),
        _ => None,
    });
    u32::try_from(i32::from(rules.unit(kind).movement) + bonus).unwrap_or(0)
}

/// Nearest and farthest range of a player's unit of this kind, with effects (range bonuses
/// apply to indirect units only and never bring the farthest below the nearest).
#[must_use]
pub fn fire_range(rules: &Ruleset, state: &GameState, player: PlayerId, kind: UnitKindId) -> (u8, u8) {
    let card = rules.unit(kind);
    let (min, max) = card.range;
    if !card.is_indirect() {
        return (min, max);
    }
    let bonus: i32 = effects_in_force(rules, state, player)
        .map(|effect| match effect {
            Effect::Range { amount } => *amount,
            _ => 0,
        })
        .sum();
    let max = (i32::from(max) + bonus).clamp(i32::from(min), i32::from(u8::MAX));
    (min, u8::try_from(max).unwrap_or(min))
}

/// Extra income per owned city.
#[must_use]
pub fn income_per_city_bonus(rules: &Ruleset, state: &GameState, player: PlayerId) -> i32 {
    effects_in_force(rules, state, player)
        .map(|effect| match effect {
            Effect::IncomePerCity { amount } => *amount,
            _ => 0,
        })
        .sum()
}

/// Extra capture points per declaration.
#[must_use]
pub fn capture_bonus(rules: &Ruleset, state: &GameState, player: PlayerId) -> i32 {
    effects_in_force(rules, state, player)
        .map(|effect| match effect {
            Effect::CaptureBonus { amount } => *amount,
            _ => 0,
        })
        .sum()
}

/// What a player pays for a unit of this kind, never below $1.
#[must_use]
pub fn build_cost(rules: &Ruleset, state: &GameState, player: PlayerId, kind: UnitKindId) -> u32 {
    let change = sum_for_kind(rules, state, player, kind, |effect| match effect {
        Effect::BuildCost { units, amount } => Some((units, *amount)),
        _ => None,
    });
    let base = i64::from(rules.unit(kind).cost);
    u32::try_from((base + i64::from(change)).max(1)).unwrap_or(u32::MAX)
}

/// Whether a failed hit die is rolled once more for this player.
#[must_use]
pub fn rerolls_failed_dice(rules: &Ruleset, state: &GameState, player: PlayerId) -> bool {
    effects_in_force(rules, state, player).any(|effect| matches!(effect, Effect::RerollFailedHitDice))
}

/// The most an effect list adds to a quantity of units of `kind`.
fn listed_for_kind(
    rules: &Ruleset,
    effects: &[Effect],
    kind: UnitKindId,
    pick: impl Fn(&Effect) -> Option<(&UnitFilter, i32)>,
) -> i32 {
    effects.iter().filter_map(pick).filter(|(f, _)| filter_matches(rules, f, kind)).map(|(_, a)| a).sum()
}

/// The largest initial damage any strike can have under this ruleset: the strongest weapon
/// of each unit with the most firepower a CO can add to it (passive and the stronger of its
/// powers), against the weakest defense any CO can leave a target with.
#[must_use]
pub fn largest_possible_damage(rules: &Ruleset) -> i32 {
    fn firepower(e: &Effect) -> Option<(&UnitFilter, i32)> {
        match e {
            Effect::Firepower { units, amount } => Some((units, *amount)),
            _ => None,
        }
    }
    fn defense(e: &Effect) -> Option<(&UnitFilter, i32)> {
        match e {
            Effect::Defense { units, amount } => Some((units, *amount)),
            _ => None,
        }
    }
    // Per CO (and no CO at all), the best bonus for a kind: passive plus the stronger power.
    let best = |kind: UnitKindId, pick: fn(&Effect) -> Option<(&UnitFilter, i32)>, worst: bool| -> i32 {
        let per_co = rules.cos.iter().map(|co| {
            let passive = listed_for_kind(rules, &co.passive, kind, pick);
            let power = listed_for_kind(rules, &co.power.effects, kind, pick);
            let super_power = listed_for_kind(rules, &co.super_power.effects, kind, pick);
            if worst { passive + power.min(super_power).min(0) } else { passive + power.max(super_power).max(0) }
        });
        let all = per_co.chain(std::iter::once(0));
        if worst { all.min().unwrap_or(0) } else { all.max().unwrap_or(0) }
    };
    let kinds = || (0..rules.units.len()).filter_map(|i| u8::try_from(i).ok()).map(UnitKindId);
    let weakest: std::collections::BTreeMap<usize, i32> = kinds()
        .map(|k| (rules.unit(k).move_type.index(), rules.unit(k).defense + best(k, defense, true)))
        .fold(std::collections::BTreeMap::new(), |mut map, (move_type, d)| {
            let slot = map.entry(move_type).or_insert(d);
            *slot = (*slot).min(d);
            map
        });
    kinds()
        .filter_map(|k| {
            let weapons = rules.unit(k).firepower.as_ref()?;
            let bonus = best(k, firepower, false);
            weapons
                .full
                .iter()
                .enumerate()
                .filter_map(|(move_type, &fp)| weakest.get(&move_type).map(|d| fp + bonus - d))
                .max()
        })
        .max()
        .unwrap_or(0)
}
