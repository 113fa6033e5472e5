//! The Skirm rules core: pure functions over plain data. The ruleset (stat cards, gear,
//! missions) is data; the map's geometry and the combat dice are here.

pub mod action;
pub mod ai;
mod check;
pub mod combat;
mod cycle;
mod legal;
pub mod map;
pub mod odds;
mod perform;
pub mod ruleset;
mod setup;
pub mod state;
pub mod strike;

pub use action::{Action, Event, Rejection, RollKind, Target};
pub use check::{check, cost};
pub use combat::{Attack, AttackEvent, AttackResult, resolve_attack};
pub use legal::legal_actions;
pub use map::{Figure, Map, Mover, Sight, corners};
pub use perform::apply;
pub use ruleset::{BUILTIN_SKIRM_RON, Ruleset};
pub use setup::start_game;
pub use state::{CrateContent, GameState, Outcome, Setup, SetupError, SquadSetup, UnitId, UnitSetup};
pub use strike::weapon_strike;
