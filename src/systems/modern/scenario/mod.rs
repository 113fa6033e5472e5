//! Modern Skirmish's scenario documents: the file, the validator with its fixes, and the
//! designer's statistics.

pub mod document;
pub mod stats;
pub mod validate;

pub use document::{
    FORMAT_VERSION, ModernScenario, PlacedUnit, SYSTEM_ID, deployment_zone, formation, load_scenario, new_scenario,
    save_scenario, text_forces,
};
pub use stats::{KillChance, Statistics, setup_of, statistics};
pub use validate::{Finding, Fix, side_of, validate};
