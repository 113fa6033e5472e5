//! The designer's numbers for a Skirm scenario: for each squad, the activations its zone needs
//! to reach each objective, marker and item, and how many squares its zone sees.

use super::document::SkirmScenario;
use super::validate::{activations, item_name, squad_ep, zone_costs};
use crate::board::Pos;
use crate::systems::skirm::rules::{Map, Ruleset, Sight};
use serde::Serialize;

/// One thing to reach and how soon each squad reaches it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Race {
    /// What it is.
    pub what: String,
    /// Where.
    pub pos: Pos,
    /// Activations per squad; `None` when it cannot.
    pub activations: [Option<u32>; 2],
}

/// One squad's numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SquadStats {
    /// 0 or 1.
    pub squad: usize,
    /// Squares in its zone.
    pub zone_squares: usize,
    /// Squares of the map seen from some square of its zone.
    pub squares_seen: usize,
    /// Its units, when the scenario holds squads.
    pub units: usize,
    /// Its EP, when the scenario holds squads.
    pub ep: u32,
}

/// All the numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Statistics {
    /// Per squad.
    pub squads: Vec<SquadStats>,
    /// Per objective, marker and item.
    pub races: Vec<Race>,
}

/// Works the numbers out.
#[must_use]
pub fn statistics(rules: &Ruleset, scenario: &SkirmScenario) -> Statistics {
    let costs = [zone_costs(rules, scenario, &scenario.zones[0]), zone_costs(rules, scenario, &scenario.zones[1])];
    let sight = Sight::new(Map::new(&scenario.board, rules), &[]);
    let squads = (0..2)
        .map(|squad| {
            let zone = &scenario.zones[squad];
            let squares_seen = scenario
                .board
                .squares()
                .filter(|&p| zone.contains(&p) || zone.iter().any(|&z| sight.sees(z, p)))
                .count();
            let preset = scenario.squads.get(squad);
            SquadStats {
                squad,
                zone_squares: zone.len(),
                squares_seen,
                units: preset.map_or(0, |s| s.units.len()),
                ep: preset.map_or(0, |s| squad_ep(rules, s)),
            }
        })
        .collect();
    let things = scenario
        .objectives
        .iter()
        .map(|&p| ("objective".to_owned(), p))
        .chain(scenario.markers.iter().map(|&p| ("marker".to_owned(), p)))
        .chain(scenario.items.iter().map(|(p, item)| (item_name(rules, item), *p)));
    let races = things
        .map(|(what, pos)| Race {
            what,
            pos,
            activations: [0, 1].map(|s| activations(rules, costs[s][scenario.board.index(pos)])),
        })
        .collect();
    Statistics { squads, races }
}
