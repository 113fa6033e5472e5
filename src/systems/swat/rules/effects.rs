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
