//! Operations on squares (paint terrain, place a property or unit, erase, set a height or an
//! edge), how the rules judge them, the edits that carry them out, and their symmetric echo.

use crate::board::{Edge, EdgeFeature, Symmetry};
use crate::systems::swat::rules::{Pos, PropertyKind, Ruleset, TerrainId};
use crate::systems::swat::scenario::{Edit, Passenger, Scenario, ScenarioUnit};
use serde::{Deserialize, Serialize};

/// One thing to do to one square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    /// Paint terrain (a property terrain comes neutral).
    Terrain(TerrainId),
    /// Place a property of a kind, owned by a seat or neutral.
    Property(PropertyKind, Option<u8>),
    /// Place a unit of a kind for a seat (replacing one there; a foot unit boards an own APC).
    Unit(String, u8),
    /// Remove the unit there, or else the property (leaving plain), or else do nothing.
    Erase,
    /// Set the square's height level.
    Height(u8),
    /// Set or clear the wall and door on an edge (the operation's square is ignored: the
    /// edge says where).
    Edge(Edge, Option<EdgeFeature>),
}
/// The same operations echoed by a symmetry: each square's images get the operation with the
/// owner's seat mapped (player 1's unit mirrored becomes player 2's). Squares whose image is
/// the square itself are not repeated.
#[must_use]
pub fn with_symmetry(scenario: &Scenario, ops: &[(Pos, Op)], symmetry: Option<Symmetry>) -> Vec<(Pos, Op)> {
    let mut out: Vec<(Pos, Op)> = ops.to_vec();
    let Some(symmetry) = symmetry else { return out };
    let (w, h) = (scenario.board.width, scenario.board.height);
    if !symmetry.fits(w, h) {
        return out;
    }
    let seats = scenario.players.len();
    // Every combination of the symmetry's maps: one image for a mirror, three for mirrors both
    // ways or a quarter turn.
    let chains = symmetry.image_chains();
    for (pos, original) in ops {
        for chain in &chains {
            let mut image = *pos;
            let mut op = original.clone();
            for map in chain {
                image = map.apply(image, w, h);
                op = match op {
                    Op::Property(kind, owner) => Op::Property(kind, owner.map(|o| map.seat(o, seats))),
                    Op::Unit(kind, owner) => Op::Unit(kind, map.seat(owner, seats)),
                    Op::Edge(edge, feature) => Op::Edge(map.edge(edge, w, h), feature),
                    other => other,
                };
            }
            if let (Op::Edge(from, _), Op::Edge(to, _)) = (original, &op) {
                // An edge is its own place: its image is new when the edge itself moved.
                if to != from && !out.iter().any(|(_, o)| *o == op) {
                    out.push((Pos::new(to.x, to.y), op));
                }
                continue;
            }
            if image != *pos && !out.iter().any(|(p, o)| *p == image && *o == op) {
                out.push((image, op));
            }
        }
    }
    out
}

/// Why an operation was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The square.
    pub pos: Pos,
    /// The rules' reason, for the status bar.
    pub reason: String,
}

/// Whether the rules allow an operation on a square as the document stands, and if not, why.
/// Painting terrain under a unit that cannot stand on it is refused like placing the unit.
///
/// # Errors
/// The [`Refusal`] with the rules' reason.
pub fn judge(rules: &Ruleset, scenario: &Scenario, pos: Pos, op: &Op) -> Result<(), Refusal> {
    let refuse = |reason: String| Err(Refusal { pos, reason });
    if !scenario.contains(pos) && !matches!(op, Op::Edge(..)) {
        return refuse(format!("{pos} is off the board"));
    }
    let unit_here = scenario.unit_index_at(pos).map(|i| &scenario.units[i]);
    let stands =
        |kind: &str, terrain: TerrainId| rules.unit_id(kind).is_some_and(|k| rules.move_cost(k, terrain).is_some());
    let terrain_name = |t: TerrainId| rules.terrains.get(t.index()).map_or("?", |t| t.name.as_str());
    match op {
        Op::Terrain(terrain) => {
            if let Some(unit) = unit_here
                && !stands(&unit.kind, *terrain)
            {
                return refuse(format!("the {} at {pos} cannot stand on {}", unit.kind, terrain_name(*terrain)));
            }
        }
        Op::Property(kind, owner) => {
            if owner.is_some_and(|o| usize::from(o) >= scenario.players.len()) {
                return refuse("that player is not in this scenario".into());
            }
            let Some(terrain) = rules.terrain_of_property(*kind) else {
                return refuse(format!("the ruleset has no {}", kind.label()));
            };
            if let Some(unit) = unit_here
                && !stands(&unit.kind, terrain)
            {
                return refuse(format!("the {} at {pos} cannot stand on a {}", unit.kind, kind.label()));
            }
        }
        Op::Unit(kind, owner) => {
            let Some(id) = rules.unit_id(kind) else { return refuse(format!("the ruleset has no unit '{kind}'")) };
            if usize::from(*owner) >= scenario.players.len() {
                return refuse("that player is not in this scenario".into());
            }
            let card = rules.unit(id);
            let terrain = scenario.terrain_at(pos);
            if rules.move_cost(id, terrain).is_none() {
                return refuse(format!(
                    "a {} cannot stand on {}: {} units cannot enter it",
                    card.name,
                    terrain_name(terrain),
                    rules.move_types[card.move_type.index()]
                ));
            }
        }
        Op::Erase | Op::Height(_) => {}
        Op::Edge(edge, _) => {
            if !edge.on_board(scenario.board.width, scenario.board.height) {
                return refuse(format!("the edge at ({}, {}) is off the board", edge.x, edge.y));
            }
        }
    }
    Ok(())
}

/// The edits that carry out an operation on the document as it stands (to be applied at once,
/// since unit edits are by list index).
#[must_use]
pub fn edits_for(rules: &Ruleset, scenario: &Scenario, pos: Pos, op: &Op) -> Vec<Edit> {
    let unit_index = scenario.unit_index_at(pos);
    let plain = rules.terrain_id("plain").unwrap_or(TerrainId(0));
    match op {
        Op::Terrain(terrain) => {
            let mut edits = Vec::new();
            if scenario.terrain_at(pos) != *terrain {
                edits.push(Edit::SetTerrain { pos, terrain: *terrain });
            }
            if scenario.owners.contains_key(&pos)
                && rules.terrains.get(terrain.index()).is_none_or(|t| t.property.is_none())
            {
                edits.push(Edit::SetOwner { pos, owner: None });
            }
            edits
        }
        Op::Property(kind, owner) => {
            let Some(terrain) = rules.terrain_of_property(*kind) else { return Vec::new() };
            let mut edits = Vec::new();
            if scenario.terrain_at(pos) != terrain {
                edits.push(Edit::SetTerrain { pos, terrain });
            }
            if scenario.owners.get(&pos).copied() != *owner {
                edits.push(Edit::SetOwner { pos, owner: *owner });
            }
            edits
        }
        Op::Unit(kind, owner) => {
            let hp = rules.economy.max_hp;
            match unit_index {
                // A foot unit placed on its own transport with room boards it.
                Some(index) if boards(rules, &scenario.units[index], kind, *owner) => {
                    let mut passengers = scenario.units[index].passengers.clone();
                    passengers.push(Passenger { kind: kind.clone(), hp });
                    vec![Edit::SetPassengers { index, passengers }]
                }
                Some(index) if scenario.units[index].kind == *kind && scenario.units[index].owner == *owner => {
                    Vec::new()
                }
                Some(index) => vec![
                    Edit::RemoveUnit { index },
                    Edit::InsertUnit {
                        index,
                        unit: ScenarioUnit { kind: kind.clone(), owner: *owner, hp, pos, passengers: Vec::new() },
                    },
                ],
                None => vec![Edit::InsertUnit {
                    index: scenario.units.len(),
                    unit: ScenarioUnit { kind: kind.clone(), owner: *owner, hp, pos, passengers: Vec::new() },
                }],
            }
        }
        Op::Height(level) => {
            if scenario.board.height_at(pos) == *level {
                Vec::new()
            } else {
                vec![Edit::SetHeight { pos, level: *level }]
            }
        }
        Op::Edge(edge, feature) => {
            if scenario.board.edge(*edge).copied() == feature.filter(|f| !f.is_empty()) {
                Vec::new()
            } else {
                vec![Edit::SetEdge { edge: *edge, feature: *feature }]
            }
        }
        Op::Erase => match unit_index {
            Some(index) => vec![Edit::RemoveUnit { index }],
            None if rules.terrains.get(scenario.terrain_at(pos).index()).is_some_and(|t| t.property.is_some()) => {
                let mut edits = vec![Edit::SetTerrain { pos, terrain: plain }];
                if scenario.owners.contains_key(&pos) {
                    edits.push(Edit::SetOwner { pos, owner: None });
                }
                edits
            }
            None => Vec::new(),
        },
    }
}

fn boards(rules: &Ruleset, transport: &ScenarioUnit, kind: &str, owner: u8) -> bool {
    let (Some(t), Some(k)) = (rules.unit_id(&transport.kind), rules.unit_id(kind)) else { return false };
    transport.owner == owner
        && rules.unit(t).transport.as_ref().is_some_and(|tr| {
            tr.carries.contains(&rules.unit(k).move_type) && transport.passengers.len() < usize::from(tr.capacity)
        })
}
