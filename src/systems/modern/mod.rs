//! Modern Skirmish (`system: "modern-skirmish"`), Greg Barnsley's one-on-one modern combat on
//! an open table measured in centimetres: its data (the text's charts and forces), its rules
//! core with the house readings and a computer player, scenario documents with a validator and
//! statistics, the print sheets, and its place behind the seam.

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

pub use system::ModernSkirmish;
