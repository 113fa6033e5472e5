//! Armored Advance's rules core: pure functions over plain data (no I/O, no clock, dice only
//! from the seeded state), split by phase as the other games' cores are. Every rejection is
//! named and every die is an event; the house readings are named switches.

mod action;
mod ai;
mod check;
mod cycle;
mod geometry;
mod legal;
mod movement;
mod perform;
mod readings;
mod setup;
mod shooting;
mod state;

pub use action::{Action, Event, Rejection, Roll};
pub use ai::{Level, computer_action};
pub use check::{Checked, check};
pub use cycle::objectives_held;
pub use geometry::{LineOfFire, armour_faced, ground, in_arc, line_of_fire, obstacle, range, scene, shape};
pub use legal::{legal_actions, legal_shots, move_candidates};
pub use movement::{MoveCost, move_cost};
pub use perform::apply;
pub use readings::{BandEdge, Foliage, READINGS, ReadingInfo, Readings, TurnLimit, WallRule};
pub use setup::start_game;
pub use shooting::{Shot, band_roll, chance, expected_damage, penetrating_chance, penetration_roll, shot};
pub use state::{FieldMemo, GameState, Ground, Outcome, SceneCache, Setup, Unit, Victory, WinBy};
