//! The Skirm rules core: pure functions over plain data. The ruleset (stat cards, gear,
//! missions) is data; the map's geometry and the combat dice are here.

pub mod combat;
pub mod map;
pub mod ruleset;

pub use combat::{Attack, AttackEvent, AttackResult, resolve_attack};
pub use map::{Figure, Map, Mover, Sight, corners};
pub use ruleset::{BUILTIN_SKIRM_RON, Ruleset};
