//! Skirm, the squad skirmish game on 40 mm squares: its rules core and house data, its
//! scenario documents, and its place behind the studio's seam. The window and print follow
//! (issue 13).

pub mod rules;
pub mod scenario;
mod system;

pub use system::{Skirm, computer_battle, describe_event, diagnostic};
