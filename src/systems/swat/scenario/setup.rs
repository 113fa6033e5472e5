//! A Skirmish Wars scenario and the game it sets up, both ways: the rules core's setup of a
//! scenario, and a playtest's position forked back into a scenario.

use super::model::{Passenger, Scenario, ScenarioUnit};
use crate::systems::swat::rules::{
    CoChoice, GameSetup, GameState, PlayerId, PlayerSetup, Ruleset, UnitKindId, UnitSetup,
};

impl Scenario {
    /// What the rules core needs to start a game from this scenario.
    ///
    /// # Errors
    /// A unit kind or CO name the ruleset lacks, or a negative amount of money; the validator
    /// reports these (and everything else) in full.
    pub fn to_setup(&self, rules: &Ruleset) -> Result<GameSetup, String> {
        let kind = |name: &str| rules.unit_id(name).ok_or_else(|| format!("the ruleset has no unit kind '{name}'"));
        let mut units = Vec::with_capacity(self.units.len());
        for unit in &self.units {
            units.push(UnitSetup {
                kind: kind(&unit.kind)?,
                owner: PlayerId(unit.owner),
                hp: unit.hp,
                pos: unit.pos,
                passengers: unit
                    .passengers
                    .iter()
                    .map(|p| Ok((kind(&p.kind)?, p.hp)))
                    .collect::<Result<_, String>>()?,
            });
        }
        let mut players = Vec::with_capacity(self.players.len());
        for player in &self.players {
            let co = match &player.co {
                CoChoice::NoCo => CoChoice::NoCo,
                CoChoice::Random => CoChoice::Random,
                CoChoice::Chosen(name) => {
                    CoChoice::Chosen(rules.co_id(name).ok_or_else(|| format!("the ruleset has no CO '{name}'"))?)
                }
            };
            let funds = u32::try_from(player.funds).map_err(|_| format!("funds of {} cannot be used", player.funds))?;
            players.push(PlayerSetup { co, funds });
        }
        Ok(GameSetup {
            board: self.board.clone(),
            owned_properties: self.owners.iter().map(|(&pos, &owner)| (pos, PlayerId(owner))).collect(),
            units,
            players,
            first_player: PlayerId(self.first_player),
            victory: self.victory.clone(),
            counter_limits: self
                .counters
                .iter()
                .map(|(name, &limit)| Ok((kind(name)?, limit)))
                .collect::<Result<_, String>>()?,
            readings: self.readings,
        })
    }
}

/// A playtest's position as a scenario: terrain, owners, units (with passengers and HP) and
/// funds as they stand, named after `base` and the round; the player whose turn it is moves
/// first.
#[must_use]
pub fn fork(rules: &Ruleset, base: &Scenario, state: &GameState) -> Scenario {
    let mut scenario = base.clone();
    scenario.name = format!("{} (round {})", base.name, state.round);
    scenario.owners = state.board.squares().filter_map(|p| state.owner_at(p).map(|o| (p, o.0))).collect();
    let kind_name = |k: UnitKindId| rules.units.get(k.index()).map_or_else(String::new, |u| u.id.clone());
    scenario.units = state
        .units
        .iter()
        .filter(|u| u.carried_by.is_none())
        .map(|u| ScenarioUnit {
            kind: kind_name(u.kind),
            owner: u.owner.0,
            hp: u.hp,
            pos: u.pos,
            passengers: state.passengers(u.id).map(|p| Passenger { kind: kind_name(p.kind), hp: p.hp }).collect(),
        })
        .collect();
    for (seat, player) in scenario.players.iter_mut().enumerate() {
        if let Some(now) = state.players.get(seat) {
            player.funds = i64::from(now.funds);
        }
    }
    scenario.first_player = state.current.0;
    scenario
}
