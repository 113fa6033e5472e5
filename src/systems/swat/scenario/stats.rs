//! Statistics per player: properties, income, unit value, and who gets to each neutral property
//! first. All movement knowledge comes from the rules core's analysis.

use super::model::Scenario;
use crate::systems::swat::rules::{PropertyKind, Ruleset, Start, UnitKindId, turns_to_reach};
use serde::Serialize;
use std::collections::BTreeMap;

/// One player's starting position in numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerStats {
    /// Seat from 0.
    pub player: u8,
    /// Owned cities.
    pub cities: u32,
    /// Owned factories.
    pub factories: u32,
    /// Owned HQs.
    pub hqs: u32,
    /// Income collected at the start of the first turn.
    pub starting_income: u32,
    /// Total cost of the starting units and their passengers.
    pub starting_unit_value: u32,
    /// Number of starting units, passengers included.
    pub units: u32,
    /// Starting funds.
    pub funds: i64,
}

/// Who can stand on a neutral property first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PropertyRace {
    /// The property's square.
    pub pos: crate::systems::swat::rules::Pos,
    /// What it is.
    pub kind: PropertyKind,
    /// Per seat, the first of that player's turns at whose end one of its capturing units can
    /// stand on it (0: one stands there at the start); `None` if none ever can.
    pub first_turn: Vec<Option<u32>>,
}

/// The statistics of a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Statistics {
    /// One entry per seat.
    pub players: Vec<PlayerStats>,
    /// Every neutral property, row by row.
    pub neutral_properties: Vec<PropertyRace>,
}

/// For each square (row-major), the first turn at whose end one of `player`'s capturing units
/// can stand there: its starting capturing units (passengers included, from their transport's
/// square) from turn 1, and the fastest capturing unit it can afford on turn 1 bought at each
/// of its factories, moving from turn 2. Other units are ignored.
#[must_use]
pub fn capture_arrivals(rules: &Ruleset, scenario: &Scenario, player: u8) -> Vec<Option<u32>> {
    let mut starts: BTreeMap<UnitKindId, Vec<Start>> = BTreeMap::new();
    let mut add = |kind: &str, pos| {
        if let Some(kind) = rules.unit_id(kind).filter(|k| rules.unit(*k).captures) {
            starts.entry(kind).or_default().push(Start { pos, first_turn: 1 });
        }
    };
    for unit in scenario.units.iter().filter(|u| u.owner == player && scenario.contains(u.pos)) {
        add(&unit.kind, unit.pos);
        for passenger in &unit.passengers {
            add(&passenger.kind, unit.pos);
        }
    }
    let budget = scenario.players.get(usize::from(player)).map_or(0, |p| p.funds.max(0))
        + i64::from(starting_income(rules, scenario, player));
    let bought = rules
        .units
        .iter()
        .enumerate()
        .filter(|(_, card)| card.captures && i64::from(card.cost) <= budget)
        .max_by_key(|(index, card)| (card.movement, std::cmp::Reverse(*index)))
        .and_then(|(index, _)| u8::try_from(index).ok().map(UnitKindId));
    if let Some(kind) = bought {
        for (&pos, &owner) in &scenario.owners {
            if owner == player
                && scenario.contains(pos)
                && rules.terrain(scenario.terrain_at(pos)).property == Some(PropertyKind::Factory)
            {
                starts.entry(kind).or_default().push(Start { pos, first_turn: 2 });
            }
        }
    }
    let board = &scenario.board;
    let mut best: Vec<Option<u32>> = vec![None; board.terrain.len()];
    for (kind, starts) in starts {
        for (slot, turn) in best.iter_mut().zip(turns_to_reach(rules, board, kind, &starts)) {
            *slot = match (*slot, turn) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }
    best
}

/// Income a player collects at the start of its first turn.
#[must_use]
pub fn starting_income(rules: &Ruleset, scenario: &Scenario, player: u8) -> u32 {
    scenario
        .owners
        .iter()
        .filter(|&(&pos, &owner)| owner == player && scenario.contains(pos))
        .filter_map(|(&pos, _)| rules.terrain(scenario.terrain_at(pos)).property)
        .map(|kind| rules.economy.income_of(kind))
        .sum()
}

/// Computes the statistics of a scenario.
#[must_use]
pub fn statistics(rules: &Ruleset, scenario: &Scenario) -> Statistics {
    let seats = u8::try_from(scenario.players.len()).unwrap_or(u8::MAX);
    let cost = |name: &str| rules.unit_id(name).map_or(0, |k| rules.unit(k).cost);
    let players = (0..seats)
        .map(|player| {
            let count = |kind| {
                let owned = scenario.owners.iter().filter(|&(&pos, &owner)| {
                    owner == player
                        && scenario.contains(pos)
                        && rules.terrain(scenario.terrain_at(pos)).property == Some(kind)
                });
                u32::try_from(owned.count()).unwrap_or(u32::MAX)
            };
            let own_units = scenario.units.iter().filter(|u| u.owner == player);
            let (mut value, mut units) = (0u32, 0u32);
            for unit in own_units {
                value += cost(&unit.kind) + unit.passengers.iter().map(|p| cost(&p.kind)).sum::<u32>();
                units += 1 + u32::try_from(unit.passengers.len()).unwrap_or(0);
            }
            PlayerStats {
                player,
                cities: count(PropertyKind::City),
                factories: count(PropertyKind::Factory),
                hqs: count(PropertyKind::Hq),
                starting_income: starting_income(rules, scenario, player),
                starting_unit_value: value,
                units,
                funds: scenario.players[usize::from(player)].funds,
            }
        })
        .collect();
    let arrivals: Vec<Vec<Option<u32>>> = (0..seats).map(|p| capture_arrivals(rules, scenario, p)).collect();
    let neutral_properties = scenario
        .squares()
        .filter(|pos| !scenario.owners.contains_key(pos))
        .filter_map(|pos| {
            let kind = rules.terrain(scenario.terrain_at(pos)).property?;
            let index = scenario.index(pos);
            Some(PropertyRace { pos, kind, first_turn: arrivals.iter().map(|a| a[index]).collect() })
        })
        .collect();
    Statistics { players, neutral_properties }
}
