//! Skirm, the squad skirmish game on 40 mm squares: its rules core and house data, its place
//! behind the typed game interface, its scenario documents and editing model, its playtest,
//! its print sheets, and its place behind the studio's seam.

pub mod editing;
mod fair;
pub mod game;
pub mod playtest;
mod print;
pub mod rules;
mod ruleset;
pub mod scenario;
mod settings;
mod system;
pub mod text;

pub use playtest::SkirmPlay;
pub use print::CARD_MM;
pub use print::{SHEETS, draw_battle_map, item_art_name};
pub use system::{Skirm, computer_battle};
pub use text::describe_event;
