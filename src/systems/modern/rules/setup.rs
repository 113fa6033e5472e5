//! The start of a Modern Skirmish game: the units and their figures from the setup, each
//! checked against the data, and the first initiative to the data's first side.

use super::cycle::finish_if_over;
use super::state::{Event, Figure, GameState, Outcome, Setup, UnitState};
use crate::dice::Dice;
use crate::systems::modern::ruleset::Ruleset;
use std::sync::Arc;

/// Starts a game: the Antagonist (the data's first side) takes the first initiative.
///
/// # Errors
/// The setup names a troop type the data does not have, or a unit without figures.
pub fn start_game(rules: &Ruleset, setup: &Setup, seed: u64) -> Result<(GameState, Vec<Event>), String> {
    let mut figures = Vec::new();
    let mut units = Vec::new();
    for (index, unit) in setup.units.iter().enumerate() {
        if rules.troops.get(unit.troop).is_none() {
            return Err(format!("unit {} ({}) has a troop type the data does not have", index + 1, unit.name));
        }
        if unit.figures.is_empty() {
            return Err(format!("unit {} ({}) has no figures", index + 1, unit.name));
        }
        units.push(UnitState {
            troop: unit.troop,
            side: unit.side.min(1),
            name: unit.name.clone(),
            casualties: 0,
            ammo: 0,
            shaken: 0,
            routed: false,
        });
        figures.extend(unit.figures.iter().map(|&at| Figure { unit: index, at, killed: false, fired: false }));
    }
    let side = rules.first_side;
    let mut state = GameState {
        setup: Arc::new(setup.clone()),
        figures,
        units,
        side,
        active: None,
        round: 1,
        kills: [0, 0],
        broken: [0, 0],
        dice: Dice::new(seed),
        outcome: Outcome::Ongoing,
    };
    let mut events = vec![Event::Initiative { side, round: 1 }];
    finish_if_over(rules, &mut state, &mut events);
    Ok((state, events))
}
