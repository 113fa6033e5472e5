//! Edits to a scenario document: the one vocabulary shared by the validator's suggested fixes
//! and (later) the editor's undo history. Each edit can be applied and gives back its inverse.

use super::model::{Passenger, Scenario, ScenarioUnit, TilePlacement};
use crate::board::{Edge, EdgeFeature};
use crate::systems::swat::rules::{CoChoice, Pos, TerrainId, VictoryConditions};
use serde::{Deserialize, Serialize};

/// One change to a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Edit {
    /// Paint a square.
    SetTerrain {
        /// The square.
        pos: Pos,
        /// The new terrain.
        terrain: TerrainId,
    },
    /// Set a square's height level.
    SetHeight {
        /// The square.
        pos: Pos,
        /// The new level.
        level: u8,
    },
    /// Set or clear the wall and door on an edge.
    SetEdge {
        /// The edge.
        edge: Edge,
        /// What stands there, or nothing.
        feature: Option<EdgeFeature>,
    },
    /// Give a property an owner (a seat from 0) or make it neutral.
    SetOwner {
        /// The square.
        pos: Pos,
        /// The new owner.
        owner: Option<u8>,
    },
    /// Put a unit into the list at an index.
    InsertUnit {
        /// Where in the list.
        index: usize,
        /// The unit.
        unit: ScenarioUnit,
    },
    /// Take a unit out of the list.
    RemoveUnit {
        /// Where in the list.
        index: usize,
    },
    /// Change a unit's HP.
    SetUnitHp {
        /// Which unit.
        index: usize,
        /// The new HP.
        hp: u8,
    },
    /// Replace a transport's passengers.
    SetPassengers {
        /// Which unit.
        index: usize,
        /// The new passengers.
        passengers: Vec<Passenger>,
    },
    /// Change a player's starting funds.
    SetFunds {
        /// The seat.
        player: usize,
        /// The new amount.
        funds: i64,
    },
    /// Change a player's CO.
    SetCo {
        /// The seat.
        player: usize,
        /// The new CO, by ruleset name, or dealt at random.
        co: CoChoice<String>,
    },
    /// Replace the victory conditions.
    SetVictory(VictoryConditions),
    /// Replace the record of stamped library tiles.
    SetTiles(Vec<TilePlacement>),
    /// Replace the whole document (settings, resizing): kept whole so undo is exact.
    Replace(Box<Scenario>),
}

impl Edit {
    /// Applies the edit and returns the edit that undoes it; `None` (and no change) when the
    /// edit does not fit the document, such as an index past the end.
    pub fn apply(&self, scenario: &mut Scenario) -> Option<Edit> {
        match self {
            Edit::SetTerrain { pos, terrain } => {
                let old = scenario.board.set_terrain(*pos, *terrain)?;
                Some(Edit::SetTerrain { pos: *pos, terrain: old })
            }
            Edit::SetHeight { pos, level } => {
                let old = scenario.board.set_height(*pos, *level)?;
                Some(Edit::SetHeight { pos: *pos, level: old })
            }
            Edit::SetEdge { edge, feature } => {
                let old = scenario.board.set_edge(*edge, *feature)?;
                Some(Edit::SetEdge { edge: *edge, feature: old })
            }
            Edit::SetOwner { pos, owner } => {
                let old = match owner {
                    Some(owner) => scenario.owners.insert(*pos, *owner),
                    None => scenario.owners.remove(pos),
                };
                Some(Edit::SetOwner { pos: *pos, owner: old })
            }
            Edit::InsertUnit { index, unit } => {
                if *index > scenario.units.len() {
                    return None;
                }
                scenario.units.insert(*index, unit.clone());
                Some(Edit::RemoveUnit { index: *index })
            }
            Edit::RemoveUnit { index } => {
                if *index >= scenario.units.len() {
                    return None;
                }
                let unit = scenario.units.remove(*index);
                Some(Edit::InsertUnit { index: *index, unit })
            }
            Edit::SetUnitHp { index, hp } => {
                let unit = scenario.units.get_mut(*index)?;
                let old = std::mem::replace(&mut unit.hp, *hp);
                Some(Edit::SetUnitHp { index: *index, hp: old })
            }
            Edit::SetPassengers { index, passengers } => {
                let unit = scenario.units.get_mut(*index)?;
                let old = std::mem::replace(&mut unit.passengers, passengers.clone());
                Some(Edit::SetPassengers { index: *index, passengers: old })
            }
            Edit::SetFunds { player, funds } => {
                let seat = scenario.players.get_mut(*player)?;
                let old = std::mem::replace(&mut seat.funds, *funds);
                Some(Edit::SetFunds { player: *player, funds: old })
            }
            Edit::SetCo { player, co } => {
                let seat = scenario.players.get_mut(*player)?;
                let old = std::mem::replace(&mut seat.co, co.clone());
                Some(Edit::SetCo { player: *player, co: old })
            }
            Edit::SetVictory(victory) => {
                let old = std::mem::replace(&mut scenario.victory, victory.clone());
                Some(Edit::SetVictory(old))
            }
            Edit::Replace(next) => {
                let old = std::mem::replace(scenario, (**next).clone());
                Some(Edit::Replace(Box::new(old)))
            }
            Edit::SetTiles(tiles) => {
                let old = std::mem::replace(&mut scenario.tiles, tiles.clone());
                Some(Edit::SetTiles(old))
            }
        }
    }
}

/// Applies a list of edits as one step; returns the edits that undo them all (in the order to
/// apply them), or `None` with the document unchanged if any edit does not fit.
pub fn apply_all(scenario: &mut Scenario, edits: &[Edit]) -> Option<Vec<Edit>> {
    let mut undo = Vec::with_capacity(edits.len());
    for edit in edits {
        match edit.apply(scenario) {
            Some(inverse) => undo.push(inverse),
            None => {
                for inverse in undo.iter().rev() {
                    let _ = inverse.apply(scenario);
                }
                return None;
            }
        }
    }
    undo.reverse();
    Some(undo)
}
