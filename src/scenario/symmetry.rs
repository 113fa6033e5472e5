//! The symmetry report: every square whose terrain, property or unit breaks the symmetry a
//! scenario is meant to have, with owners permuted the way the symmetry maps the seats.

use super::model::{Scenario, Symmetry};
use crate::rules::Pos;
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

impl Symmetry {
    /// Every symmetry, for menus.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::MirrorBoth,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
    ];

    /// The maps a square must agree with (two for `MirrorBoth`).
    #[must_use]
    pub fn maps(self) -> &'static [SquareMap] {
        match self {
            Symmetry::MirrorLeftRight => &[SquareMap::FlipX],
            Symmetry::MirrorTopBottom => &[SquareMap::FlipY],
            Symmetry::MirrorBoth => &[SquareMap::FlipX, SquareMap::FlipY],
            Symmetry::Rotate180 => &[SquareMap::Turn180],
            Symmetry::Rotate90 => &[SquareMap::Turn90],
        }
    }
}

/// One geometric map of the board onto itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SquareMap {
    /// Mirror left-right.
    FlipX,
    /// Mirror top-bottom.
    FlipY,
    /// Half turn.
    Turn180,
    /// Quarter turn clockwise (square boards).
    Turn90,
}

impl SquareMap {
    /// Where a square goes on a `width` x `height` board.
    #[must_use]
    pub fn apply(self, pos: Pos, width: u16, height: u16) -> Pos {
        let (mx, my) = (width - 1 - pos.x, height - 1 - pos.y);
        match self {
            SquareMap::FlipX => Pos::new(mx, pos.y),
            SquareMap::FlipY => Pos::new(pos.x, my),
            SquareMap::Turn180 => Pos::new(mx, my),
            SquareMap::Turn90 => Pos::new(height - 1 - pos.y, pos.x),
        }
    }

    /// Which seat a seat's pieces become. With two players every map swaps them; with four,
    /// seats sit clockwise from the top-left corner (1 top-left, 2 top-right, 3 bottom-right,
    /// 4 bottom-left); with three the third sits on the axis and keeps its pieces.
    #[must_use]
    pub fn seat(self, seat: u8, seats: usize) -> u8 {
        match seats {
            2 => 1 - seat.min(1),
            3 => match seat {
                0 => 1,
                1 => 0,
                other => other,
            },
            4 => {
                let table: [u8; 4] = match self {
                    SquareMap::FlipX => [1, 0, 3, 2],
                    SquareMap::FlipY => [3, 2, 1, 0],
                    SquareMap::Turn180 => [2, 3, 0, 1],
                    SquareMap::Turn90 => [1, 2, 3, 0],
                };
                table.get(usize::from(seat)).copied().unwrap_or(seat)
            }
            _ => seat,
        }
    }
}

/// Every asymmetry of `scenario` under `symmetry`, row by row.
///
/// # Errors
/// [`SymmetryError::NotSquare`] for a quarter turn on a board that is not square.
pub fn symmetry_report(scenario: &Scenario, symmetry: Symmetry) -> Result<Vec<Asymmetry>, SymmetryError> {
    let (w, h) = (scenario.width, scenario.height);
    if symmetry == Symmetry::Rotate90 && w != h {
        return Err(SymmetryError::NotSquare);
    }
    let seats = scenario.players.len();
    let mut unit_at: Vec<Option<usize>> = vec![None; scenario.terrain.len()];
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
            if scenario.terrain[a] != scenario.terrain[b] {
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
