//! The symmetry report: every square whose terrain, property or unit breaks the symmetry a
//! scenario is meant to have, with owners permuted the way the symmetry maps the seats.

use super::model::Scenario;
pub use crate::board::{SquareMap, Symmetry};
use crate::systems::swat::rules::Pos;
use serde::Serialize;

/// What differs between a square and its image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Broken {
    /// Different terrain.
    Terrain,
    /// A property's owner does not map onto the image's owner.
    Property,
    /// A unit (kind, owner or HP) does not match the image's.
    Unit,
}

impl Broken {
    /// What differs, as a sentence's subject.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Broken::Terrain => "Terrain",
            Broken::Property => "A property's owner",
            Broken::Unit => "A unit",
        }
    }
}

/// One asymmetry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Asymmetry {
    /// The square.
    pub pos: Pos,
    /// Where the symmetry maps it.
    pub image: Pos,
    /// What differs.
    pub broken: Broken,
}

/// Why a symmetry cannot be checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum SymmetryError {
    /// A quarter turn needs a square board.
    NotSquare,
}

/// Every asymmetry of `scenario` under `symmetry`, row by row.
///
/// # Errors
/// [`SymmetryError::NotSquare`] for a quarter turn on a board that is not square.
pub fn symmetry_report(scenario: &Scenario, symmetry: Symmetry) -> Result<Vec<Asymmetry>, SymmetryError> {
    let (w, h) = (scenario.board.width, scenario.board.height);
    if symmetry == Symmetry::Rotate90 && w != h {
        return Err(SymmetryError::NotSquare);
    }
    let seats = scenario.players.len();
    let mut unit_at: Vec<Option<usize>> = vec![None; scenario.board.terrain.len()];
    for (index, unit) in scenario.units.iter().enumerate() {
        if scenario.contains(unit.pos) {
            unit_at[scenario.index(unit.pos)] = Some(index);
        }
    }
    let mut report = Vec::new();
    for map in symmetry.maps() {
        for pos in scenario.squares() {
            let image = map.apply(pos, w, h);
            let (a, b) = (scenario.index(pos), scenario.index(image));
            if scenario.board.terrain[a] != scenario.board.terrain[b] {
                report.push(Asymmetry { pos, image, broken: Broken::Terrain });
            }
            let owner = scenario.owners.get(&pos).map(|&o| map.seat(o, seats));
            if owner != scenario.owners.get(&image).copied() {
                report.push(Asymmetry { pos, image, broken: Broken::Property });
            }
            let here = unit_at[a].map(|i| &scenario.units[i]);
            let there = unit_at[b].map(|i| &scenario.units[i]);
            let matches = match (here, there) {
                (None, None) => true,
                (Some(u), Some(v)) => {
                    u.kind == v.kind
                        && map.seat(u.owner, seats) == v.owner
                        && u.hp == v.hp
                        && u.passengers == v.passengers
                }
                _ => false,
            };
            if !matches {
                report.push(Asymmetry { pos, image, broken: Broken::Unit });
            }
        }
    }
    report.sort_by_key(|a| (a.pos.y, a.pos.x));
    report.dedup();
    Ok(report)
}
