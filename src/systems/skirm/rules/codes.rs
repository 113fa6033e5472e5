//! What the codes on a Skirm stat card mean, in a few words each, as the rules text's tables
//! of unit and weapon special rules give them: printed on cards, on the reference sheet and
//! shown in the window, so nobody at the table needs the rulebook to read a card.

use super::action::CrateContent;
use super::ruleset::{UnitSpecial, WeaponSpecial};

/// Camouflage works against a ranged attacker at least this many squares away. The text reads
/// "more than at least 4 Squares away"; the studio plays "at least 4" (docs/SKIRM.md), and the
/// card prints the same number from here.
pub const CAMOUFLAGE_FROM: u32 = 4;

/// An Infiltrator deploys at least this many squares from enemy units and objectives.
pub const INFILTRATOR_CLEARANCE: u32 = 3;

impl UnitSpecial {
    /// For a special whose effect depends on a distance in squares (Camouflage: the attacker's;
    /// Infiltrator: the nearest enemy's or objective's), whether it applies at `distance`; `None`
    /// for the others. The engine asks this, and the card prints the same threshold.
    #[must_use]
    pub fn applies_at(self, distance: u32) -> Option<bool> {
        match self {
            UnitSpecial::Camouflage => Some(distance >= CAMOUFLAGE_FROM),
            UnitSpecial::Infiltrator => Some(distance >= INFILTRATOR_CLEARANCE),
            _ => None,
        }
    }

    /// Its name and what it does, in a few words.
    #[must_use]
    pub fn summary(self) -> String {
        match self {
            UnitSpecial::DoubleMelee => "Double Melee: two Melee Attacks for 1 ACT each per activation".into(),
            UnitSpecial::DoubleRanged => "Double Ranged: two Ranged Attacks for 1 ACT each per activation".into(),
            UnitSpecial::BlastShield => "Blast Shield: never hit as a secondary target".into(),
            UnitSpecial::Brutal(x) => format!("Brutal {x}: re-roll up to {x} melee attack dice"),
            UnitSpecial::Camouflage => {
                format!("Camouflage: a ranged attacker {CAMOUFLAGE_FROM} or more squares away gets -1 RSK (at least 2)")
            }
            UnitSpecial::Counter => "Counter: strikes back at a melee attacker it survives".into(),
            UnitSpecial::Duellist => "Duellist: a melee attacker gets -1 MSK".into(),
            UnitSpecial::Flying => "Flying: ignores height and difficult ground when it moves".into(),
            UnitSpecial::Infiltrator => format!(
                "Infiltrator: deploys anywhere {INFILTRATOR_CLEARANCE} or more squares from enemies and objectives"
            ),
            UnitSpecial::Leader(x) => format!("Leader {x}: {x} more Tactical Order dice while on the map"),
            UnitSpecial::Leap(x) => format!("Leap {x}: 2 ACT to move up to {x} squares straight, ignoring height"),
            UnitSpecial::NoEquipment => "No Equipment: no gear that costs EP, no XP, no Spoils of War".into(),
            UnitSpecial::Nimble => "Nimble: moves through enemy-occupied and enemy-adjacent squares".into(),
            UnitSpecial::Parry => "Parry: a melee attacker re-rolls one attack die".into(),
            UnitSpecial::Precise(x) => format!("Precise {x}: re-roll up to {x} ranged attack dice"),
            UnitSpecial::Ranger => "Ranger: difficult ground costs it nothing extra".into(),
            UnitSpecial::Swift => "Swift: one more square on every Move and Dash".into(),
            UnitSpecial::Technician => "Technician: one mission action per activation for 1 ACT less".into(),
            UnitSpecial::Tough(x) => format!("Tough {x}: re-roll up to {x} save dice"),
            UnitSpecial::Unique => "Unique: at most one in a squad".into(),
        }
    }
}

impl WeaponSpecial {
    /// The code a stat card prints for it: `BLS`, `AH1`, `+SK`, `*`.
    #[must_use]
    pub fn code(self) -> String {
        match self {
            WeaponSpecial::Unique => "*".into(),
            WeaponSpecial::ImproveSkill => "+SK".into(),
            WeaponSpecial::DoubleMelee => "2MC".into(),
            WeaponSpecial::DoubleRanged => "2RC".into(),
            WeaponSpecial::Autohit(x) => format!("AH{x}"),
            WeaponSpecial::Blast => "BLS".into(),
            WeaponSpecial::Brutal(x) => format!("BR{x}"),
            WeaponSpecial::ChainReaction(x) => format!("CR{x}"),
            WeaponSpecial::Deadly(x) => format!("DD{x}"),
            WeaponSpecial::Heavy => "HVY".into(),
            WeaponSpecial::Limited => "LIM".into(),
            WeaponSpecial::Linear => "LNR".into(),
            WeaponSpecial::MeleeRanged => "MCR".into(),
            WeaponSpecial::NoCover => "NCV".into(),
            WeaponSpecial::Precise(x) => format!("PR{x}"),
            WeaponSpecial::Relentless => "RLT".into(),
            WeaponSpecial::Rending => "RND".into(),
            WeaponSpecial::Skill(x) => format!("SK{x}"),
            WeaponSpecial::Spread => "SPR".into(),
            WeaponSpecial::Stun => "STN".into(),
            WeaponSpecial::Unwieldy => "UWD".into(),
            WeaponSpecial::MinXp(x) => format!("XP{x}"),
        }
    }

    /// Its name and what it does, in a few words.
    #[must_use]
    pub fn summary(self) -> String {
        match self {
            WeaponSpecial::Unique => "Unique: at most one in a squad".into(),
            WeaponSpecial::ImproveSkill => "Improve Skill: the unit's skill +1 with it (at most 5)".into(),
            WeaponSpecial::DoubleMelee => "Double Melee: two melee attacks for 1 ACT each if this is one".into(),
            WeaponSpecial::DoubleRanged => "Double Ranged: two ranged attacks for 1 ACT each if this is one".into(),
            WeaponSpecial::Autohit(x) => format!("Autohit {x}: {x} attack dice strike without rolling"),
            WeaponSpecial::Blast => {
                "Blast: also attacks every unit next to the target that it can see; no cover".into()
            }
            WeaponSpecial::Brutal(x) => format!("Brutal {x}: re-roll up to {x} melee attack dice"),
            WeaponSpecial::ChainReaction(x) => {
                format!("Chain Reaction {x}: also attacks up to {x} units next to the target")
            }
            WeaponSpecial::Deadly(x) => format!("Deadly {x}: {x} more damage when a strike succeeds"),
            WeaponSpecial::Heavy => "Heavy: firing after a Move, or moving after firing, costs 1 more ACT".into(),
            WeaponSpecial::Limited => "Limited: once per battle".into(),
            WeaponSpecial::Linear => "Linear: attacks every unit and item on the line to the target".into(),
            WeaponSpecial::MeleeRanged => "Melee Ranged: a ranged weapon that may be used in melee".into(),
            WeaponSpecial::NoCover => "No Cover: targets get no cover".into(),
            WeaponSpecial::Precise(x) => format!("Precise {x}: re-roll up to {x} ranged attack dice"),
            WeaponSpecial::Relentless => "Relentless: re-roll every 6".into(),
            WeaponSpecial::Rending => "Rending: a 1 adds 2 damage instead of 1".into(),
            WeaponSpecial::Skill(x) => format!("Skill {x}: use {x} as the skill"),
            WeaponSpecial::Spread => "Spread: the attack dice may be shared between adjacent targets".into(),
            WeaponSpecial::Stun => "Stun: a 1 costs the target 1 ACT next activation (at least 2 left)".into(),
            WeaponSpecial::Unwieldy => "Unwieldy: only in the unit's own activation".into(),
            WeaponSpecial::MinXp(x) => format!("Experience {x}: only for a unit with {x} XP or more"),
        }
    }
}

impl CrateContent {
    /// What a player takes from a crate, and what it gives.
    #[must_use]
    pub fn summary(self) -> &'static str {
        match self {
            CrateContent::MissionPoint => "Mission Point: the squad gains 1 MP",
            CrateContent::MedPack => "Med Pack: the unit regains 1D3 HIT",
            CrateContent::AmmoRefill => "Ammo Refill: a used LIM weapon may be used once more",
            CrateContent::TacticalOrder => "Tactical Order: the squad gains 1 Tactical Order",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_code_is_explained_under_its_own_letters() {
        assert_eq!(WeaponSpecial::Autohit(1).code(), "AH1");
        assert!(WeaponSpecial::Blast.summary().starts_with("Blast"));
        assert!(UnitSpecial::Leader(2).summary().starts_with("Leader 2"));
        assert_eq!(UnitSpecial::DoubleMelee.code(), "2MC");
    }
}
