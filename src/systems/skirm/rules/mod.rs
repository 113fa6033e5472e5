//! The Skirm rules core: pure functions over plain data. The ruleset (stat cards, gear,
//! missions) is data; the map's geometry and the combat dice are here. Its files are private:
//! callers use the flat list below, as they do Skirmish Wars' core.

mod action;
mod ai;
mod check;
mod codes;
pub use codes::{CAMOUFLAGE_FROM, INFILTRATOR_CLEARANCE};
mod combat;
mod cycle;
mod frame;
pub use frame::SquadFrame;
mod legal;
mod map;
mod odds;
mod perform;
mod roll;
mod ruleset;
mod setup;
mod state;
mod strike;

pub use action::{Action, ActionKind, CrateContent, Event, Rejection, RollKind, Target, UnitId};
pub use ai::{
    Level, Listed, SCRIPT_NAMES, choose as computer_action, choose_unstudied, evaluate, script_action,
    script_action_listed,
};
pub use check::{check, cost};
pub use combat::{Attack, AttackEvent, AttackResult, resolve_attack, succeeds};
pub use legal::{legal_actions, legal_attacks};
pub use map::{Figure, Map, Mover, Sight, corners, squares_on_line};
pub use odds::hits_lost_odds;
pub use perform::apply;
pub use roll::{Die, Pending, Strike, TakeOutMeans, Window, heal_amount};
pub use ruleset::{
    BUILTIN_SKIRM_RON, Environment, EnvironmentEvent, EventEffect, Faction, Gear, GearEffect, ItemCount, ItemKind,
    Medal, MedalValue, Mission, Movement, Profile, Ruleset, Scoring, SecondaryGoal, SecondaryObjective, Terrain,
    TurretType, UnitSpecial, Weapon, WeaponKind, WeaponSpecial,
};
pub use setup::start_game;
pub use state::{
    Activation, GameState, Item, Marker, Outcome, Setup, SetupError, SquadSetup, SquadState, TakeOut, TurnRecord, Unit,
    UnitSetup, build_unit, weapon_has,
};
pub use strike::{flat, has_choice, target_arm, weapon_strike};
