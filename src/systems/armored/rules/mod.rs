//! Armored Advance's rules core: pure functions over plain data (no I/O, no clock, dice only
//! from the seeded state), split by phase as the other games' cores are. Every rejection is
//! named and every die is an event; the house readings are named switches.

mod action;
mod ai;
mod artillery;
mod check;
mod cycle;
pub(crate) mod deploy;
mod geometry;
mod legal;
mod movement;
mod perform;
mod readings;
mod setup;
mod shooting;
mod special;
mod state;

pub use action::{Action, Event, Rejection, Roll};
pub use ai::{
    Idle, SCRIPT_NAMES, computer_action, computer_action_looking, either_side_can_hurt, evaluate, idle_units,
    script_action,
};
pub use artillery::He;
pub use check::{Checked, check};
pub use cycle::objectives_held;
pub use deploy::deploy_candidates;
pub use geometry::{LineOfFire, armour_faced, ground, in_arc, line_of_fire, obstacle, range, scene, shape};
pub use legal::{disembark_candidates, legal_actions, legal_shots, legal_specials, move_candidates};
pub use movement::{MoveCost, move_cost};
pub use perform::apply;
pub use readings::{
    AnnihilationLimit, ArcEdge, ArcMeasure, BandEdge, Deployment, Foliage, FoliagePieces, IndirectGap, IndirectHit,
    Occupation, READINGS, RangePenetration, ReadingInfo, Readings, ScoutMark, ShotDice, ThroughUnits, TurnLimit,
    WallRule, WeakSpotRange,
};
pub use setup::start_game;
pub use shooting::{Shot, band_roll, chance, expected_damage, penetrating_chance, penetration_roll, shot, shot_with};
pub use special::{crew_of, manned_gun, sandbagged, scout_bonus};
pub use state::{
    FieldMemo, GameState, Ground, Look, Mark, Outcome, SceneCache, Setup, SightMemo, Unit, Victory, WinBy,
};
