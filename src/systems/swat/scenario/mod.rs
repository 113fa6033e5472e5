//! Scenario documents: the model, the versioned RON file, validation against the rules core,
//! statistics, the symmetry report, the tile library and AWBW import and export.
//!
//! Depends only on `crate::systems::swat::rules`; knows nothing of any user interface.

mod awbw;
mod edit;
mod file;
mod generate;
mod model;
mod report;
mod script;
mod setup;
mod stats;
mod symmetry;
mod tiles;
mod validate;

pub use awbw::{ImportReport, Imported, Substitution, export_awbw_csv, import_awbw};
pub use edit::{Edit, apply_all};
pub use file::{FORMAT_VERSION, MAX_FILE_BYTES, SYSTEM_ID, load_scenario, save_scenario};
pub use generate::generate;
pub use model::{
    Army, Controller, MAX_SIDE, Passenger, Scenario, ScenarioPlayer, ScenarioUnit, Symmetry, TilePlacement,
};
pub use report::{stats_report, symmetry_text};
pub use script::{ScriptAction, ScriptError, parse_script};
pub use setup::fork;
pub use stats::{PlayerStats, PropertyRace, Statistics, capture_arrivals, starting_income, statistics};
pub use symmetry::{Asymmetry, Broken, SquareMap, SymmetryError, symmetry_report};
pub use tiles::{BUILTIN_TILES_RON, Tile, builtin_tiles, generated_scenario, lay_out_tiles, load_tiles, stamp_tile};
pub use validate::{Finding, Fix, Severity, has_errors, validate};
