//! Skirm's combat dice (rules "Roll Attacks" and "Roll Saves"): one attack die per ROA, a strike
//! at or under the skill, a 1 always a strike adding 1 DAM (2 with RND), a 6 always a miss; one
//! save die per point of damage, saved at or under ARM, each failure one HIT. Every die is an
//! event.

use crate::dice::Dice;
use serde::{Deserialize, Serialize};

/// Everything one attack against one target needs, after target selection and modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    /// The skill the attack dice roll against (MSK or RSK with modifiers, or SKx).
    pub skill: u8,
    /// Attack dice (the weapon's ROA).
    pub roa: u8,
    /// Damage per strike.
    pub dam: u8,
    /// RND: a 1 adds 2 damage instead of 1.
    pub rending: bool,
    /// Attack dice that are strikes without a roll: AHx, and [house] melee support, which the
    /// text words the same way ("one automatic successful strike without having to roll it").
    pub automatic_strikes: u8,
    /// DDx: damage added when at least one strike succeeds.
    pub deadly: u8,
    /// The target's ARM.
    pub arm: u8,
    /// Saves the target makes without rolling (1 in cover).
    pub automatic_saves: u8,
    /// The target's HIT before the attack.
    pub hit: u8,
}

/// One step of an attack, in the order it happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackEvent {
    /// An attack die taken as a strike without rolling.
    AutomaticStrike {
        /// Damage it deals.
        damage: u8,
    },
    /// An attack die rolled.
    AttackDie {
        /// The face.
        face: u8,
        /// Whether it struck.
        strike: bool,
        /// Damage it deals (the weapon's DAM, more on a 1).
        damage: u8,
    },
    /// DDx added damage for a successful attack.
    DeadlyDamage {
        /// Damage added.
        damage: u8,
    },
    /// A save made without rolling (cover).
    AutomaticSave,
    /// A save die rolled.
    SaveDie {
        /// The face.
        face: u8,
        /// Whether the armour held.
        saved: bool,
    },
    /// The target lost HIT.
    HitsLost {
        /// How many.
        hits: u8,
        /// HIT left.
        remaining: u8,
    },
    /// The target reached zero HIT.
    TakenOut,
}

/// What an attack did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackResult {
    /// Every die and its effect, in order.
    pub events: Vec<AttackEvent>,
    /// Total damage dealt before saves.
    pub damage: u32,
    /// Failed saves, each one HIT (more than the target had, for the Merciless medal).
    pub failed_saves: u32,
    /// HIT left.
    pub remaining: u8,
}

/// Whether a die succeeds against a stat: at or under it, a 1 always, a 6 never.
#[must_use]
pub fn succeeds(face: u8, stat: u8) -> bool {
    face == 1 || (face != 6 && face <= stat)
}

/// Rolls an attack and its saves with the game's dice.
#[must_use]
pub fn resolve_attack(attack: &Attack, dice: &mut Dice) -> AttackResult {
    let mut events = Vec::new();
    let mut damage = 0u32;
    let mut strikes = 0u32;
    let automatic = attack.automatic_strikes.min(attack.roa);
    for _ in 0..automatic {
        events.push(AttackEvent::AutomaticStrike { damage: attack.dam });
        damage += u32::from(attack.dam);
        strikes += 1;
    }
    for _ in automatic..attack.roa {
        let face = dice.roll_d6();
        let strike = succeeds(face, attack.skill);
        let bonus = match (face, attack.rending) {
            (1, true) => 2,
            (1, false) => 1,
            _ => 0,
        };
        let dealt = if strike { attack.dam.saturating_add(bonus) } else { 0 };
        events.push(AttackEvent::AttackDie { face, strike, damage: dealt });
        damage += u32::from(dealt);
        strikes += u32::from(strike);
    }
    if strikes > 0 && attack.deadly > 0 {
        events.push(AttackEvent::DeadlyDamage { damage: attack.deadly });
        damage += u32::from(attack.deadly);
    }
    let automatic_saves = u32::from(attack.automatic_saves).min(damage);
    for _ in 0..automatic_saves {
        events.push(AttackEvent::AutomaticSave);
    }
    let mut failed = 0u32;
    for _ in automatic_saves..damage {
        let face = dice.roll_d6();
        let saved = succeeds(face, attack.arm);
        events.push(AttackEvent::SaveDie { face, saved });
        failed += u32::from(!saved);
    }
    let lost = u8::try_from(failed).unwrap_or(u8::MAX).min(attack.hit);
    let remaining = attack.hit - lost;
    if lost > 0 {
        events.push(AttackEvent::HitsLost { hits: lost, remaining });
    }
    if remaining == 0 && attack.hit > 0 {
        events.push(AttackEvent::TakenOut);
    }
    AttackResult { events, damage, failed_saves: failed, remaining }
}
