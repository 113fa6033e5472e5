//! Modern Skirmish's rules core: pure functions over plain data (no I/O, no clock, dice only
//! from the seeded state). Files split by phase as in every game, none importing another in a
//! circle: the readings, the state, the geometry and odds, the setup, the turn cycle, the
//! check, what happens, the legal actions and the computer player.

mod ai;
mod check;
mod cycle;
mod geometry;
mod legal;
mod odds;
mod perform;
mod readings;
mod setup;
mod state;

pub use ai::{Level, SCRIPT_NAMES, computer_action, evaluate, script_action};
pub use check::{Aim, aim, check};
pub use geometry::{
    CONTACT_SLACK, allowance, band, building_at, centre_distance, contact_point, crosses_building, groups, hidden,
    in_contact, in_cover, on_table, overlap, range,
};
pub use legal::{formation_move, legal_actions};
pub use odds::{differential, hits_with, kills_with, melee_counts, melee_result, minuses, passing_faces, shot_counts};
pub use perform::apply;
pub use readings::{
    Asked, BandEdge, Beyond, BuildingToBuilding, Charge, Coherency, Cover, Deployment, Field, FireLimit, GameEnd,
    HitNoKill, Measuring, Passing, READINGS, Reading, Readings, RoutPasses, Sight, Skirmish, Tie,
};
pub use setup::start_game;
pub use state::{
    Action, Ending, Event, Figure, GameState, Outcome, Rejection, Roll, Setup, Terrain, UnitSetup, UnitState,
};
