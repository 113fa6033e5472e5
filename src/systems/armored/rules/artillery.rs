//! Indirect fire and artillery HE: a set-up gun fires over obstructing terrain (not at a target
//! within a piece's cover range behind it), its hit die modified by the target's weight and
//! whether it moved twice, its damage `base - n x D6 - side armour`, halved against a target
//! that moved 8" or more last turn; one that moved more than 15" cannot be targeted.

use super::action::Rejection;
use super::geometry::{profile, shape};
use super::readings::IndirectGap;
use super::state::{GameState, Unit};
use crate::systems::armored::ruleset::{Ruleset, UnitClass, Weight};
use crate::table::{Eye, UM_PER_INCH};

/// HE damage before the dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct He {
    /// The base damage (with Support's bonus against guns).
    pub base: u32,
    /// D6s taken from it (the reading `he_dice`).
    pub dice: u8,
    /// The target's side armour, taken from it.
    pub armour: i32,
    /// Whether the result is halved (the target moved far last turn).
    pub halve: bool,
    /// The hit die's modifier by the target's weight and movement.
    pub modifier: i8,
}

impl He {
    /// The damage for a sum of the dice.
    #[must_use]
    pub fn damage(&self, dice_sum: u32) -> u32 {
        let raw = i64::from(self.base) - i64::from(dice_sum) - i64::from(self.armour);
        let done = u32::try_from(raw.max(0)).unwrap_or(0);
        if self.halve { done / 2 } else { done }
    }

    /// The expected damage, capped at `hp`, over every throw of the dice.
    #[must_use]
    pub fn expected(&self, hp: u32) -> f64 {
        // The distribution of the sum of n D6, by convolution.
        let mut ways = vec![1.0f64];
        for _ in 0..self.dice {
            let mut next = vec![0.0; ways.len() + 6];
            for (sum, w) in ways.iter().enumerate() {
                for face in 1..=6 {
                    next[sum + face] += w / 6.0;
                }
            }
            ways = next;
        }
        ways.iter().enumerate().map(|(sum, w)| w * f64::from(self.damage(sum as u32).min(hp))).sum()
    }
}

/// The indirect shot's HE terms and hit-die modifier against `target`, or why it may not fire.
///
/// # Errors
/// Not set up, the target moved too fast, or it is in cover.
pub fn indirect(data: &Ruleset, state: &GameState, firer: &Unit, target: &Unit, base: u32) -> Result<He, Rejection> {
    if !firer.set_up {
        return Err(Rejection::NotSetUp);
    }
    let specials = &data.specials;
    let moved = target.moved_last_turn_um as f64 / UM_PER_INCH as f64;
    let untargetable = state.setup.readings.ask(|r| match r.indirect_gap() {
        IndirectGap::Halve => moved > specials.indirect_untargetable_beyond,
        IndirectGap::Untargetable => moved > specials.indirect_halve_to,
    });
    if untargetable {
        return Err(Rejection::MovedTooFast);
    }
    if in_cover(data, state, firer, target) {
        return Err(Rejection::InCover);
    }
    let Some(tp) = profile(data, target) else { return Err(Rejection::NoSuchUnit) };
    let row = match (tp.class, tp.weight) {
        (UnitClass::Vehicle, Some(Weight::Medium)) => 1,
        (UnitClass::Vehicle, Some(Weight::Heavy)) => 2,
        _ => 0,
    };
    let (still, twice) = specials.he_hit_modifiers.get(row).copied().unwrap_or((0, 0));
    Ok(He {
        base,
        dice: state.setup.readings.ask(|r| r.he_dice()),
        armour: tp.armour.side,
        halve: moved >= specials.indirect_halve_from,
        modifier: if target.moves_last_turn >= 2 { twice } else { still },
    })
}

/// Whether a piece with a cover range stands between the firer and the target, within that
/// range of the target ("a tank directly behind a building cannot be hit").
fn in_cover(data: &Ruleset, state: &GameState, firer: &Unit, target: &Unit) -> bool {
    let Some(target_shape) = shape(data, target) else { return false };
    let scene = &state.setup.scene.0;
    let line = scene.line(Eye { at: firer.pose.point(), z: 0.0 }, Eye { at: target.pose.point(), z: 0.0 }, &[]);
    line.crossings.iter().any(|c| {
        let Some(kind) = state.setup.table.pieces.get(c.obstacle).and_then(|p| data.kind(&p.kind)) else {
            return false;
        };
        kind.cover_range > 0.0
            && !state.demolished.contains(&c.obstacle)
            && scene.obstacles.get(c.obstacle).is_some_and(|o| {
                crate::table::distance(&o.shape, &target_shape) <= kind.cover_range * UM_PER_INCH as f64
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn he_damage_is_base_less_the_dice_and_side_armour_halved_when_asked() {
        let he = He { base: 20, dice: 1, armour: 3, halve: false, modifier: 0 };
        assert_eq!(he.damage(4), 13);
        assert_eq!(He { halve: true, ..he }.damage(4), 6);
        assert_eq!(He { armour: 30, ..he }.damage(1), 0);
        // One D6: 20 - 3 - 3.5 on average.
        assert!((he.expected(100) - 13.5).abs() < 1e-9);
        let two = He { dice: 2, ..he };
        assert!((two.expected(100) - 10.0).abs() < 1e-9);
    }
}
