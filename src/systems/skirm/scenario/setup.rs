//! A Skirm scenario and the battle it sets up, both ways: the rules core's setup of a scenario
//! (each squad deployed in its zone), and a battle's position drawn or forked back into a
//! scenario.

use super::document::{SkirmScenario, Squad, SquadUnit};
use crate::systems::skirm::rules::{GameState, Ruleset, Setup, SquadSetup, UnitSetup};

impl SkirmScenario {
    /// The battle this scenario sets up.
    ///
    /// # Errors
    /// The scenario has no squads, or a unit finds no square.
    pub fn to_setup(&self, rules: &Ruleset) -> Result<Setup, String> {
        if self.squads.len() != 2 {
            return Err("the scenario has no squads to play; add two squads".into());
        }
        let deployment = self.deployment(rules);
        let mut squads = Vec::new();
        for (index, squad) in self.squads.iter().enumerate() {
            let mut units = Vec::new();
            for (unit, pos) in squad.units.iter().zip(&deployment[index]) {
                let pos = pos.ok_or_else(|| {
                    format!("{} has no free square in its zone for {}", squad.label(index), unit.label(rules))
                })?;
                units.push(UnitSetup {
                    profile: unit.profile.clone(),
                    name: unit.name.clone(),
                    weapons: unit.weapons.clone(),
                    gear: unit.gear.clone(),
                    xp: unit.xp,
                    pos,
                });
            }
            squads.push(SquadSetup { name: squad.name.clone(), faction: squad.faction.clone(), units });
        }
        let [first, second]: [SquadSetup; 2] = squads.try_into().map_err(|_| "two squads are needed".to_owned())?;
        Ok(Setup {
            board: self.board.clone(),
            mission: self.mission.clone(),
            environment: self.environment.clone(),
            turns: self.turns(rules),
            objectives: self.objectives.clone(),
            markers: self.markers.clone(),
            items: self.items.clone(),
            zones: self.zones.clone(),
            squads: [first, second],
        })
    }
}

/// The battle as a scenario to draw: the map with its doors as they stand now, the items left
/// and every standing unit on its square. Units taken out stay in their squads without a
/// square (drawn nowhere), so each standing unit keeps the mark it had ("R2" stays "R2").
#[must_use]
pub fn picture(base: &SkirmScenario, state: &GameState) -> SkirmScenario {
    let mut view = base.clone();
    view.board = crate::board::Board::clone(&state.board);
    view.items = state.items.iter().filter(|i| !i.gone).map(|i| (i.pos, i.kind.clone())).collect();
    view.markers = state.markers.iter().filter(|m| m.carrier.is_none() && !m.scored).map(|m| m.pos).collect();
    view.squads = (0..2u8)
        .map(|squad| Squad {
            name: state.squads[usize::from(squad)].name.clone(),
            faction: state.squads[usize::from(squad)].faction.clone(),
            units: state
                .units
                .iter()
                .filter(|u| u.squad == squad)
                .map(|u| SquadUnit {
                    profile: u.profile.to_string(),
                    name: u.name.to_string(),
                    weapons: Vec::new(),
                    gear: Vec::new(),
                    xp: u.xp,
                    pos: u.pos,
                })
                .collect(),
        })
        .collect();
    view
}

/// The battle as it stands as a scenario: the map with its doors as they are, the items left
/// and each squad's standing units on their squares (with the weapons and gear `base` gave).
#[must_use]
pub fn fork(base: &SkirmScenario, state: &GameState) -> SkirmScenario {
    let mut next = base.clone();
    next.board = crate::board::Board::clone(&state.board);
    next.items = state.items.iter().filter(|i| !i.gone).map(|i| (i.pos, i.kind.clone())).collect();
    next.markers = state.markers.iter().filter(|m| m.carrier.is_none() && !m.scored).map(|m| m.pos).collect();
    for (si, squad) in next.squads.iter_mut().enumerate() {
        let standing: Vec<_> = state.units.iter().filter(|u| usize::from(u.squad) == si).collect();
        let units = std::mem::take(&mut squad.units);
        squad.units = units
            .into_iter()
            .zip(standing)
            .filter_map(|(mut unit, now)| {
                unit.pos = Some(now.pos?);
                Some(unit)
            })
            .collect();
    }
    next
}
