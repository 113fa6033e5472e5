//! Skirm, the squad skirmish game on 40 mm squares: its rules core and house data, its
//! scenario documents, its print sheets, and its place behind the studio's seam. The window
//! follows (issue 13).

pub mod editing;
mod print;
pub mod rules;
pub mod scenario;
mod system;

pub use print::{CARD_MM, draw_battle_map};
pub use system::{Skirm, computer_battle, describe_event, diagnostic, open_scenario};
