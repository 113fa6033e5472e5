//! A Modern Skirmish scenario and the game it sets up, both ways: the rules core's setup (its
//! terrain pieces, its units with their figures, the house readings it plays by), and a
//! playtest's position forked back into a scenario.

use super::document::{ModernScenario, PlacedUnit};
use super::validate::side_of;
use crate::systems::modern::rules::{GameState, Readings, Setup, Terrain, UnitSetup};
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
    let units = scenario
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
        .collect();
    Setup::new((scenario.table.width, scenario.table.depth), Arc::new(terrain), units, readings)
}

/// A playtest's position as a scenario: each unit still on the table with the figures it has
/// left where they stand now (casualties, ammo markers and morale start afresh).
#[must_use]
pub fn fork(rules: &Ruleset, base: &ModernScenario, state: &GameState) -> ModernScenario {
    let units = state
        .units
        .iter()
        .enumerate()
        .filter(|(_, unit)| !unit.routed)
        .filter_map(|(index, unit)| {
            let figures: Vec<_> = state.figures.iter().filter(|f| f.unit == index && !f.killed).map(|f| f.at).collect();
            let troop = rules.troops.get(unit.troop)?.id.clone();
            (!figures.is_empty()).then(|| PlacedUnit { name: unit.name.clone(), troop, figures })
        })
        .collect();
    ModernScenario { units, ..base.clone() }
}
