//! A roll in the battle as plain data: one attack against one target worked out before the
//! dice (`Strike`), and a roll that waits for its owner's choices (`Pending`: its dice, the
//! free re-rolls left, who decides). The state holds these; `strike.rs` rolls and closes them.

use super::action::{Target, UnitId};
use super::combat::succeeds;
use serde::{Deserialize, Serialize};

/// One attack against one target, everything worked out before the dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strike {
    /// The attacking unit (for an explosion, the unit that set it off).
    pub attacker: Option<UnitId>,
    /// The weapon, by id; none for an explosion or a wreck.
    pub weapon: Option<String>,
    /// The target.
    pub target: Target,
    /// Attack dice (ROA); 0 for damage dealt without an attack roll.
    pub dice: u8,
    /// Damage dealt without attack dice (an explosion, a wreck).
    pub flat_damage: u8,
    /// The skill the attack dice roll against.
    pub skill: u8,
    /// Damage per strike.
    pub dam: u8,
    /// RND.
    pub rending: bool,
    /// Attack dice that strike without a roll (AHx, support).
    pub automatic: u8,
    /// DDx.
    pub deadly: u8,
    /// One automatic save (cover).
    pub cover: bool,
    /// Free attack re-rolls (BRx, PRx).
    pub attack_rerolls: u8,
    /// RLT: every 6 re-rolled.
    pub relentless: bool,
    /// STN.
    pub stun: bool,
    /// A melee attack (CTR, PAR and DLS apply).
    pub melee: bool,
    /// Against the chosen target, not a blast, chain or line victim.
    pub primary: bool,
    /// A counter-attack (which is not countered in turn).
    pub counter: bool,
    /// How a take-out by it counts for the medals.
    pub means: TakeOutMeans,
}

/// Which dice wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Window {
    /// The attacker's dice.
    Attack,
    /// The target's save dice.
    Save,
    /// A heal die (a medkit's or a crate's med pack): `Pending::damage` holds the die's size.
    Heal,
}

impl Window {
    /// Whose dice, as the window heads them.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Window::Attack => "Attack",
            Window::Save => "Save",
            Window::Heal => "Heal",
        }
    }
}

/// One die of a waiting roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    /// Its face now.
    pub face: u8,
    /// Changed by +1/-1 (a changed die triggers no effect of its face, such as a 1's extra
    /// damage).
    pub adjusted: bool,
    /// Re-rolled already (a die is re-rolled once).
    pub rerolled: bool,
    /// A strike taken without rolling.
    pub automatic: bool,
}

/// A roll waiting for its owner's choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The attack.
    pub strike: Strike,
    /// Attack or save dice.
    pub window: Window,
    /// The dice.
    pub dice: Vec<Die>,
    /// Free re-rolls left.
    pub free_rerolls: u8,
    /// Damage being saved against (save window).
    pub damage: u32,
    /// The squad that chooses (none for a turret's saves).
    pub decider: Option<u8>,
}

impl Pending {
    /// Whether a die is a success as it stands: a strike, or a save.
    #[must_use]
    pub fn good(&self, die: &Die, target_arm: u8) -> bool {
        match self.window {
            Window::Attack => die.automatic || succeeds(die.face, self.strike.skill),
            Window::Save => succeeds(die.face, target_arm),
            // A heal die is as good as it gets when it heals the most the die can.
            Window::Heal => {
                let size = u8::try_from(self.damage).unwrap_or(u8::MAX);
                heal_amount(die.face, size) >= size
            }
        }
    }
}

/// How a unit took an enemy out, for the medals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TakeOutMeans {
    /// A melee attack.
    Melee,
    /// A ranged attack with a weapon.
    Ranged,
    /// A ranged attack with an equipment item (a grenade).
    Equipment,
    /// An item: a barrel it set off, a turret it fired.
    Item,
}

/// The HIT a heal die of size `die` gives on a d6 showing `face`.
#[must_use]
pub fn heal_amount(face: u8, die: u8) -> u8 {
    // 1Dn from a d6: the face scaled to n, rounded up (1D3: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3).
    let scaled = (u16::from(face) * u16::from(die)).div_ceil(6);
    u8::try_from(scaled).unwrap_or(u8::MAX)
}
