//! Modern Skirmish's scenario documents: the file, the validator with its fixes, the
//! designer's statistics and the action scripts of `play`.

pub mod document;
mod generate;
pub mod report;
pub mod script;
pub mod setup;
pub mod stats;
pub mod validate;

pub use document::{
    FORMAT_VERSION, ModernScenario, PlacedUnit, SYSTEM_ID, deployment_zone, formation, load_scenario, new_scenario,
    save_scenario, text_forces,
};
pub use generate::generate;
pub use report::{stats_report, symmetry_text};
pub use setup::{fork, setup_of};
pub use stats::{KillChance, Statistics, statistics};
pub use validate::{Finding, Fix, side_of, validate};
