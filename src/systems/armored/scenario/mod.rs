//! Armored Advance's scenario documents: the file, the validator with its fixes, and the
//! designer's statistics.

pub mod document;
pub mod edit;
mod generate;
pub mod report;
pub mod script;
pub mod setup;
pub mod stats;
pub mod validate;

pub use document::{
    ArmoredScenario, FORMAT_VERSION, Mode, SYSTEM_ID, generated_scenario, load_scenario, new_scenario, save_scenario,
};
pub use edit::{Edit, Fix};
pub use generate::generate;
pub use stats::{Statistics, statistics};
pub use validate::{Finding, validate};
