//! Skirm scenario documents: the file, the validator, the designer's statistics and the
//! action scripts the command line plays.

pub mod document;
pub mod fix;
mod generate;
mod report;
pub mod script;
mod setup;
pub mod stats;
pub mod validate;

pub use document::{
    FORMAT_VERSION, MAX_SIDE, SYSTEM_ID, SkirmScenario, Squad, SquadUnit, load_scenario, save_scenario,
};
pub use fix::{Edit, Fix, apply_edits};
pub use generate::generate;
pub use report::{stats_report, symmetry_text};
pub use script::parse_script;
pub use setup::{fork, picture};
pub use stats::statistics;
pub use validate::{Finding, Severity, squad_ep, unit_ep, validate};
