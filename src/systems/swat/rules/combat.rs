//! Combat arithmetic: firepower minus defense, the chart lookup, and the exact odds of each
//! result for the preview. The engine rolls the dice; this module only computes.

use super::action::Rejection;
use super::effects::{defense_bonus, fire_range, firepower_bonus, rerolls_failed_dice};
use super::ids::{ColumnId, Pos, UnitId};
use super::ruleset::{ChartCell, Ruleset};
use super::state::{GameState, Unit};
use serde::Serialize;

/// The numbers of one strike before its die is rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StrikeNumbers {
    /// Firepower against the target's move type, with effects.
    pub firepower: i32,
    /// The target's defense, with effects.
    pub defense: i32,
    /// Firepower minus defense.
    pub initial_damage: i32,
    /// The chart column of the target's square.
    pub column: ColumnId,
    /// The chart cell: sure hits and die number.
    pub cell: ChartCell,
    /// Whether a failed die is rolled again (a CO effect).
    pub reroll: bool,
}

impl StrikeNumbers {
    /// The chance that the die adds a hit, counting a re-roll.
    #[must_use]
    pub fn extra_hit_chance(&self) -> f64 {
        let Some(die) = self.cell.die else {
            return 0.0;
        };
        let once = f64::from(die.min(6)) / 6.0;
        if self.reroll { once + (1.0 - once) * once } else { once }
    }
}

/// The numbers of a strike by `attacker` (with its HP as they are now) on `target` standing at
/// `target_pos`; `None` when the attacker has no weapon.
#[must_use]
pub fn strike_numbers(
    rules: &Ruleset,
    state: &GameState,
    attacker: &Unit,
    target: &Unit,
    target_pos: Pos,
) -> Option<StrikeNumbers> {
    let card = rules.unit(attacker.kind);
    let weapons = card.firepower.as_ref()?;
    let column_values = if attacker.hp < rules.economy.reduced_below { &weapons.reduced } else { &weapons.full };
    let target_card = rules.unit(target.kind);
    let firepower =
        column_values[target_card.move_type.index()] + firepower_bonus(rules, state, attacker.owner, attacker.kind);
    let defense = target_card.defense + defense_bonus(rules, state, target.owner, target.kind);
    let initial_damage = firepower - defense;
    let column = rules.terrain(state.board.terrain_at(target_pos)).column.unwrap_or(ColumnId(0));
    Some(StrikeNumbers {
        firepower,
        defense,
        initial_damage,
        column,
        cell: rules.chart_cell(initial_damage, column),
        reroll: rerolls_failed_dice(rules, state, attacker.owner),
    })
}

/// One possible result of a strike.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HpOutcome {
    /// The target's HP afterwards.
    pub hp: u8,
    /// Its probability.
    pub probability: f64,
}

/// What one strike can do.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StrikePreview {
    /// The numbers before the die.
    pub numbers: StrikeNumbers,
    /// Hits for certain (capped at the target's HP).
    pub hits: u8,
    /// The die number, if any.
    pub die: Option<u8>,
    /// The chance of the extra hit.
    pub extra_hit_chance: f64,
    /// The target's HP after the strike, each with its probability.
    pub outcomes: Vec<HpOutcome>,
}

fn strike_preview(numbers: StrikeNumbers, target_hp: u8) -> StrikePreview {
    let sure = numbers.cell.hits.min(target_hp);
    let chance = numbers.extra_hit_chance();
    let mut outcomes = vec![HpOutcome { hp: target_hp - sure, probability: 1.0 - chance }];
    if chance > 0.0 {
        let with_extra = numbers.cell.hits.saturating_add(1).min(target_hp);
        if with_extra == sure {
            outcomes[0].probability = 1.0;
        } else {
            outcomes.push(HpOutcome { hp: target_hp - with_extra, probability: chance });
        }
    }
    outcomes.retain(|o| o.probability > 0.0);
    StrikePreview { numbers, hits: sure, die: numbers.cell.die, extra_hit_chance: chance, outcomes }
}

/// The counter-attack that follows one result of the attack.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CounterCase {
    /// The defender's HP after the attack.
    pub defender_hp: u8,
    /// The probability of that result.
    pub probability: f64,
    /// The counter-strike, when the defender survives, has a weapon and is in range.
    pub counter: Option<StrikePreview>,
}

/// The combat preview: the attack and, for each of its results, the counter-attack.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CombatPreview {
    /// The attack.
    pub attack: StrikePreview,
    /// The counter-attack for each result of the attack.
    pub counter: Vec<CounterCase>,
    /// The attacker's HP after the whole combat, each with its probability.
    pub attacker_outcomes: Vec<HpOutcome>,
}

/// Whether a unit with this range band reaches a square at this distance.
#[must_use]
pub fn in_range(range: (u8, u8), distance: u32) -> bool {
    distance >= u32::from(range.0) && distance <= u32::from(range.1)
}

/// Previews an attack, optionally as if the attacker first moved to `from`.
///
/// # Errors
/// When either unit is missing, the target is friendly or loaded, the attacker has no weapon,
/// or the target is out of range from the square the attacker fires from.
pub fn preview_attack(
    rules: &Ruleset,
    state: &GameState,
    attacker: UnitId,
    target: UnitId,
    from: Option<Pos>,
) -> Result<CombatPreview, Rejection> {
    let attacker = state.unit(attacker).ok_or(Rejection::NoSuchUnit(attacker))?;
    let target = state.unit(target).ok_or(Rejection::NoSuchUnit(target))?;
    let from = from.unwrap_or(attacker.pos);
    if target.owner == attacker.owner {
        return Err(Rejection::TargetIsFriendly(target.id));
    }
    if target.carried_by.is_some() {
        return Err(Rejection::TargetIsLoaded(target.id));
    }
    let range = fire_range(rules, state, attacker.owner, attacker.kind);
    let distance = from.distance(target.pos);
    if !in_range(range, distance) {
        return Err(Rejection::TargetOutOfRange { distance, min: range.0, max: range.1 });
    }
    let numbers = strike_numbers(rules, state, attacker, target, target.pos).ok_or(Rejection::NoWeapon(attacker.id))?;
    let attack = strike_preview(numbers, target.hp);
    let defender_range = fire_range(rules, state, target.owner, target.kind);
    let mut counter = Vec::new();
    let mut attacker_outcomes: Vec<HpOutcome> = Vec::new();
    for outcome in &attack.outcomes {
        let damaged = Unit { hp: outcome.hp, ..target.clone() };
        let strike = (outcome.hp > 0 && in_range(defender_range, distance))
            .then(|| strike_numbers(rules, state, &damaged, attacker, from))
            .flatten()
            .map(|numbers| strike_preview(numbers, attacker.hp));
        let results = strike
            .as_ref()
            .map_or_else(|| vec![HpOutcome { hp: attacker.hp, probability: 1.0 }], |s| s.outcomes.clone());
        for result in results {
            let probability = result.probability * outcome.probability;
            match attacker_outcomes.iter_mut().find(|o| o.hp == result.hp) {
                Some(existing) => existing.probability += probability,
                None => attacker_outcomes.push(HpOutcome { hp: result.hp, probability }),
            }
        }
        counter.push(CounterCase { defender_hp: outcome.hp, probability: outcome.probability, counter: strike });
    }
    attacker_outcomes.sort_by_key(|o| std::cmp::Reverse(o.hp));
    Ok(CombatPreview { attack, counter, attacker_outcomes })
}
