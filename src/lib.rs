//! Skirmish Studio: design, check, playtest and print scenarios for tabletop skirmish wargames.
//!
//! The library holds everything; the binary only parses arguments and calls in here.
//! See `docs/ARCHITECTURE.md` for the module map and the invariants.

pub mod art;
pub mod balance;
pub mod board;
pub mod bundle;
pub mod cli;
pub mod dice;
pub mod editing;
pub mod export;
pub mod files;
pub mod game;
pub mod grid_file;
pub mod level;
pub mod ruleset;
pub mod systems;
pub mod table;
pub mod ui;
pub mod watch;
