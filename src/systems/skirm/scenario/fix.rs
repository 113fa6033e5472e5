//! The one-click fixes of Skirm's findings: the validator attaches each finding's fix as a
//! label and a list of edits, so the window, `validate --json` and any script see the same
//! fix, and the editor carries it out as one undoable step.

use super::document::{SkirmScenario, Squad};
use super::validate::{Finding, squad_ep};
use crate::board::{Edge, Pos, Wall};
use crate::systems::skirm::rules::Movement;
use crate::systems::skirm::rules::Ruleset;
use serde::Serialize;

/// One change a fix makes to a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Edit {
    /// Put a plain wall, one level high, along an edge.
    PutWall {
        /// The edge.
        edge: Edge,
    },
    /// Take the objective off a square.
    RemoveObjective {
        /// Its square.
        at: Pos,
    },
    /// Take the marker off a square.
    RemoveMarker {
        /// Its square.
        at: Pos,
    },
    /// Take the item off a square.
    RemoveItem {
        /// Its square.
        at: Pos,
    },
    /// Take a unit off the map, so it deploys in its zone.
    Undeploy {
        /// The squad, from 0.
        squad: usize,
        /// The unit in the squad, from 0.
        unit: usize,
    },
    /// Add an empty squad.
    AddSquad {
        /// Its name.
        name: String,
        /// Its faction, by id.
        faction: String,
    },
    /// Set the EP limit.
    SetEpLimit {
        /// The new limit.
        ep: u32,
    },
    /// Take a square out of a squad's deployment zone.
    RemoveFromZone {
        /// The zone's squad, from 0.
        zone: usize,
        /// The square.
        at: Pos,
    },
}

/// A finding's one-click fix.
pub type Fix = crate::game::Fix<Edit>;

/// Carries out a fix's edits on a scenario.
pub fn apply_edits(scenario: &mut SkirmScenario, edits: &[Edit]) {
    for edit in edits {
        match edit {
            Edit::PutWall { edge } => {
                let mut feature = scenario.board.edge(*edge).copied().unwrap_or_default();
                feature.wall = Some(Wall { height: 1, climbable: false });
                let _ = scenario.board.set_edge(*edge, Some(feature));
            }
            Edit::RemoveObjective { at } => scenario.objectives.retain(|p| p != at),
            Edit::RemoveMarker { at } => scenario.markers.retain(|p| p != at),
            Edit::RemoveItem { at } => scenario.items.retain(|(p, _)| p != at),
            Edit::Undeploy { squad, unit } => {
                if let Some(u) = scenario.squads.get_mut(*squad).and_then(|s| s.units.get_mut(*unit)) {
                    u.pos = None;
                }
            }
            Edit::AddSquad { name, faction } => {
                scenario.squads.push(Squad { name: name.clone(), faction: faction.clone(), units: Vec::new() });
            }
            Edit::SetEpLimit { ep } => scenario.ep_limit = *ep,
            Edit::RemoveFromZone { zone, at } => {
                if let Some(zone) = scenario.zones.get_mut(*zone) {
                    zone.retain(|p| p != at);
                }
            }
        }
    }
}

/// The fix of a finding on `scenario`, if it has one.
#[must_use]
pub fn fix_for(rules: &Ruleset, scenario: &SkirmScenario, finding: &Finding) -> Option<Fix> {
    let impassable = |p: Pos| {
        scenario.board.contains(p)
            && rules
                .terrains
                .get(scenario.board.terrain_at(p).index())
                .is_some_and(|t| t.movement == Movement::Impassable)
    };
    let (label, edits): (String, Vec<Edit>) = match finding.code {
        "door-without-wall" => {
            let edges = scenario.board.edges.iter().filter(|(_, f)| f.door.is_some() && f.wall.is_none());
            ("Put a wall under each door".into(), edges.map(|(&edge, _)| Edit::PutWall { edge }).collect())
        }
        "objective-on-impassable" => (
            "Remove objectives on impassable squares".into(),
            scenario.objectives.iter().filter(|&&p| impassable(p)).map(|&at| Edit::RemoveObjective { at }).collect(),
        ),
        "item-on-impassable" => {
            let markers = scenario.markers.iter().filter(|&&p| impassable(p)).map(|&at| Edit::RemoveMarker { at });
            let items = scenario.items.iter().filter(|(p, _)| impassable(*p)).map(|&(at, _)| Edit::RemoveItem { at });
            ("Remove items on impassable squares".into(), markers.chain(items).collect())
        }
        "unit-on-impassable" | "unit-outside-zone" => {
            let mut edits = Vec::new();
            for (squad, s) in scenario.squads.iter().enumerate() {
                for (unit, u) in s.units.iter().enumerate() {
                    if u.pos.is_some_and(|p| finding.places.contains(&p)) {
                        edits.push(Edit::Undeploy { squad, unit });
                    }
                }
            }
            ("Deploy those units in their zone".into(), edits)
        }
        "no-squads" => {
            let factions: Vec<String> = rules.factions.iter().map(|f| f.id.clone()).collect();
            let edits = ["Squad A", "Squad B"]
                .into_iter()
                .enumerate()
                .map(|(i, name)| Edit::AddSquad {
                    name: name.into(),
                    faction: factions.get(i).or(factions.first()).cloned().unwrap_or_default(),
                })
                .collect();
            ("Add two empty squads".into(), edits)
        }
        "squad-over-ep-limit" => {
            let most = scenario.squads.iter().map(|q| squad_ep(rules, q)).max()?.max(scenario.ep_limit);
            (format!("Raise the EP limit to {most}"), vec![Edit::SetEpLimit { ep: most }])
        }
        "zones-overlap" => {
            let [a, b] = &scenario.zones;
            let shared: Vec<Pos> = a.iter().copied().filter(|p| b.contains(p)).collect();
            let edits = shared.iter().flat_map(|&at| [0, 1].map(|zone| Edit::RemoveFromZone { zone, at })).collect();
            ("Give shared squares to neither zone".into(), edits)
        }
        _ => return None,
    };
    (!edits.is_empty()).then_some(Fix { label, edits })
}
