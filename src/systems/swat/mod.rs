//! Skirmish Wars: Advance Tactics (SWAT), the studio's first game system: its rules core,
//! ruleset data, scenario documents, validation, statistics, computer player and tile library.

pub mod colours;
pub mod editing;
mod fair;
pub mod game;
pub mod playtest;
pub mod print;
pub mod rules;
mod ruleset;
pub mod scenario;
mod settings;
mod stalls;
mod system;
pub mod text;

pub use playtest::SwatPlay;
pub use system::Swat;
