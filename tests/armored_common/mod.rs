//! Helpers the Armored Advance rules tests share: a 48" table with a few units and pieces, a
//! game on it with side 1 first, and moves written in inches.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::systems::armored::rules::{Action, GameState, start_game};
use skirmish_studio::systems::armored::ruleset::Ruleset;
use skirmish_studio::systems::armored::scenario::setup::setup_of;
use skirmish_studio::systems::armored::scenario::{ArmoredScenario, new_scenario};
use skirmish_studio::table::{Facing, Footprint, Piece, PlacedUnit, Pose, UM_PER_INCH};

pub const IN: i64 = UM_PER_INCH;

pub fn data() -> Ruleset {
    Ruleset::builtin().unwrap()
}

/// A 48" open table with these units (profile, side, x, y, facing in degrees) and pieces.
pub fn table(units: &[(&str, u8, f64, f64, f64)], pieces: Vec<Piece>) -> ArmoredScenario {
    let data = data();
    let mut s = new_scenario(&data, 48, 48);
    s.requisition_limit = 10_000;
    s.table.units = units
        .iter()
        .map(|&(profile, side, x, y, f)| PlacedUnit {
            profile: profile.into(),
            owner: side,
            pose: Pose::new(
                (x * IN as f64).round() as i64,
                (y * IN as f64).round() as i64,
                Facing::from_degrees(f).unwrap(),
            ),
        })
        .collect();
    s.table.pieces = pieces;
    s
}

pub fn piece(kind: &str, footprint: Footprint, x: f64, y: f64, facing: f64, height: f64) -> Piece {
    Piece {
        kind: kind.into(),
        footprint,
        pose: Pose::new((x * IN as f64) as i64, (y * IN as f64) as i64, Facing::from_degrees(facing).unwrap()),
        height: (height * IN as f64) as i64,
        walls: vec![],
    }
}

/// A game on `scenario` with side 1 moving first.
pub fn game(data: &Ruleset, scenario: &ArmoredScenario) -> GameState {
    let setup = setup_of(data, scenario, Some(0));
    start_game(data, &setup, 7).unwrap().0
}

pub fn mv(unit: usize, x: f64, y: f64) -> Action {
    Action::Move { unit, to: ((x * IN as f64) as i64, (y * IN as f64) as i64), facing: Facing::UP }
}

pub fn free(unit: usize, x: f64, y: f64) -> Action {
    Action::FreeMove { unit, to: ((x * IN as f64) as i64, (y * IN as f64) as i64), facing: Facing::UP }
}

/// The scenario with its side labels swapped: the same units on the same table, each zone and
/// unit owned by the other side (side 1 now deploys where side 0 did).
pub fn relabelled(scenario: &ArmoredScenario) -> ArmoredScenario {
    let mut swapped = scenario.clone();
    for zone in &mut swapped.table.zones {
        zone.owner = zone.owner.map(|o| 1 - o);
    }
    for unit in &mut swapped.table.units {
        unit.owner = 1 - unit.owner;
    }
    swapped
}
