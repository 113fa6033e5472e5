//! The setup a scenario gives Modern Skirmish's rules core: its terrain pieces, its units with
//! their figures, and the house readings it plays by.

use super::document::ModernScenario;
use super::validate::side_of;
use crate::systems::modern::rules::{Readings, Setup, Terrain, UnitSetup};
use crate::systems::modern::ruleset::Ruleset;
use std::sync::Arc;

/// The rules' setup of a scenario's table and units (the game's, and the statistics').
#[must_use]
pub fn setup_of(rules: &Ruleset, scenario: &ModernScenario, readings: Readings) -> Setup {
    let terrain = scenario
        .table
        .pieces
        .iter()
        .filter_map(|p| rules.terrain.iter().position(|k| k.id == p.kind).map(|kind| Terrain::new(kind, p.shape())))
        .collect();
    Setup {
        size: (scenario.table.width, scenario.table.depth),
        terrain: Arc::new(terrain),
        units: scenario
            .units
            .iter()
            .filter_map(|u| {
                Some(UnitSetup {
                    troop: rules.troop_index(&u.troop)?,
                    side: side_of(rules, u),
                    name: u.name.clone(),
                    figures: u.figures.clone(),
                })
            })
            .collect(),
        readings,
    }
}
