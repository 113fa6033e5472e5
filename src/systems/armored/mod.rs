//! Armored Advance (`system: "armored-advance"`), a WW2 game on an open table measured in
//! inches: its data (the text's tables and terrain, the studio's house roster), scenario
//! documents with a validator and statistics, the editing model, the print sheets, and its
//! place behind the seam.

pub mod calibrate;
pub mod editing;
mod fair;
pub mod game;
pub mod playtest;
pub mod print;
pub mod rules;
pub mod ruleset;
pub mod scenario;
mod settings;
pub mod system;
pub mod text;

pub use system::ArmoredAdvance;
