//! The changes a one-click fix makes to an Armored Advance scenario, as data: the validator
//! attaches them, the window applies them as one undoable step, and `validate --json` shows
//! them in the game's unit.

use super::document::ArmoredScenario;
use crate::table::{LengthUnit, Objective, Piece, PlacedUnit, Pose, Zone};

/// One change to a scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Sets the table's size (micrometres).
    SetTableSize(i64, i64),
    /// Moves and turns a piece.
    MovePiece(usize, Pose),
    /// Takes a piece away.
    RemovePiece(usize),
    /// Adds a piece.
    AddPiece(Piece),
    /// Moves and turns a unit.
    MoveUnit(usize, Pose),
    /// Adds a unit.
    AddUnit(PlacedUnit),
    /// Replaces a zone.
    SetZone(usize, Zone),
    /// Adds a zone.
    AddZone(Zone),
    /// Moves an objective.
    MoveObjective(usize, (i64, i64)),
    /// Adds an objective.
    AddObjective(Objective),
    /// Takes an objective away.
    RemoveObjective(usize),
    /// Sets the requisition limit.
    SetRequisitionLimit(u32),
    /// Sets the action limit.
    SetActionLimit(u32),
    /// Sets the turn limit.
    SetTurnLimit(Option<u32>),
}

impl Edit {
    /// Carries the change out; an index that no longer exists changes nothing.
    pub fn apply(&self, scenario: &mut ArmoredScenario) {
        let table = &mut scenario.table;
        match self {
            Edit::SetTableSize(w, d) => {
                table.width = *w;
                table.depth = *d;
            }
            Edit::MovePiece(i, pose) => {
                if let Some(p) = table.pieces.get_mut(*i) {
                    p.pose = *pose;
                }
            }
            Edit::RemovePiece(i) => {
                if *i < table.pieces.len() {
                    table.pieces.remove(*i);
                }
            }
            Edit::AddPiece(piece) => table.pieces.push(piece.clone()),
            Edit::MoveUnit(i, pose) => {
                if let Some(u) = table.units.get_mut(*i) {
                    u.pose = *pose;
                }
            }
            Edit::AddUnit(unit) => table.units.push(unit.clone()),
            Edit::SetZone(i, zone) => {
                if let Some(z) = table.zones.get_mut(*i) {
                    *z = zone.clone();
                }
            }
            Edit::AddZone(zone) => table.zones.push(zone.clone()),
            Edit::MoveObjective(i, at) => {
                if let Some(o) = table.objectives.get_mut(*i) {
                    o.at = *at;
                }
            }
            Edit::AddObjective(objective) => table.objectives.push(objective.clone()),
            Edit::RemoveObjective(i) => {
                if *i < table.objectives.len() {
                    table.objectives.remove(*i);
                }
            }
            Edit::SetRequisitionLimit(n) => scenario.requisition_limit = *n,
            Edit::SetActionLimit(n) => scenario.action_limit = *n,
            Edit::SetTurnLimit(n) => scenario.turn_limit = *n,
        }
    }

    /// The change for a script, lengths in `unit`.
    #[must_use]
    pub fn json(&self, unit: LengthUnit) -> serde_json::Value {
        use serde_json::json;
        let v = |um: i64| unit.value(um);
        let pose = |p: &Pose| json!({ "at": [v(p.x), v(p.y)], "facing": p.facing.degrees() });
        match self {
            Edit::SetTableSize(w, d) => json!({ "SetTableSize": { "width": v(*w), "depth": v(*d) } }),
            Edit::MovePiece(i, p) => json!({ "MovePiece": { "piece": i + 1, "to": pose(p) } }),
            Edit::RemovePiece(i) => json!({ "RemovePiece": { "piece": i + 1 } }),
            Edit::AddPiece(p) => json!({ "AddPiece": { "kind": p.kind, "to": pose(&p.pose) } }),
            Edit::MoveUnit(i, p) => json!({ "MoveUnit": { "unit": i + 1, "to": pose(p) } }),
            Edit::AddUnit(u) => {
                json!({ "AddUnit": { "profile": u.profile, "side": u.owner + 1, "to": pose(&u.pose) } })
            }
            Edit::SetZone(i, z) => {
                json!({ "SetZone": { "zone": i + 1, "points": z.points.iter().map(|&(x, y)| [v(x), v(y)]).collect::<Vec<_>>() } })
            }
            Edit::AddZone(z) => {
                json!({ "AddZone": { "name": z.name, "points": z.points.iter().map(|&(x, y)| [v(x), v(y)]).collect::<Vec<_>>() } })
            }
            Edit::MoveObjective(i, (x, y)) => json!({ "MoveObjective": { "objective": i + 1, "to": [v(*x), v(*y)] } }),
            Edit::AddObjective(o) => json!({ "AddObjective": { "name": o.name, "at": [v(o.at.0), v(o.at.1)] } }),
            Edit::RemoveObjective(i) => json!({ "RemoveObjective": { "objective": i + 1 } }),
            Edit::SetRequisitionLimit(n) => json!({ "SetRequisitionLimit": n }),
            Edit::SetActionLimit(n) => json!({ "SetActionLimit": n }),
            Edit::SetTurnLimit(n) => json!({ "SetTurnLimit": n }),
        }
    }
}

/// A one-click fix: what it says ("Move it into its zone") and what it changes.
pub type Fix = crate::game::Fix<Edit>;

impl crate::game::Fix<Edit> {
    /// Carries it out.
    pub fn apply(&self, scenario: &mut ArmoredScenario) {
        for edit in &self.edits {
            edit.apply(scenario);
        }
    }
}
