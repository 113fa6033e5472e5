//! The Skirm rules core: pure functions over plain data. The ruleset (stat cards, gear,
//! missions) is data; the map's geometry and the combat dice are here.

pub mod action;
pub mod ai;
pub mod combat;
pub mod engine;
pub mod map;
pub mod odds;
pub mod ruleset;
pub mod state;
pub mod strike;

pub use action::{Action, Event, Rejection, RollKind, Target};
pub use combat::{Attack, AttackEvent, AttackResult, resolve_attack};
pub use engine::{apply, check, cost, legal_actions, start_game};
pub use map::{Figure, Map, Mover, Sight, corners};
pub use ruleset::{BUILTIN_SKIRM_RON, Ruleset};
pub use state::{CrateContent, GameState, Outcome, Setup, SetupError, SquadSetup, UnitId, UnitSetup};
