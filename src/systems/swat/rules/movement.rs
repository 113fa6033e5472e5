//! Movement: the squares a unit can reach with their cheapest costs and paths, and the check of
//! an explicit path. Both read movement costs from the ruleset and nothing else.

use super::action::Rejection;
use super::effects::movement_points;
use super::ids::{Pos, UnitId, UnitKindId};
use super::ruleset::Ruleset;
use super::state::{GameState, Unit};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Marks a square not reached in a [`Reach`].
const UNREACHED: u16 = u16::MAX;

/// What stands on a square, as movement sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Occupant {
    Empty,
    /// A transport of the mover's owner with room for the mover: it may end its move there.
    Boardable,
    Blocked,
}

/// One square of a [`Reach`] window.
#[derive(Debug, Clone, Copy)]
struct Cell {
    cost: u16,
    previous: u16,
    occupant: Occupant,
}

/// The squares one unit can reach this activation, each with its cheapest cost and a path.
///
/// Kept in a window around the unit no larger than its movement allows, so the search costs
/// the same on a 10 x 10 board as on a 200 x 200 one.
#[derive(Debug, Clone)]
pub struct Reach {
    origin: Pos,
    left: u16,
    top: u16,
    width: u16,
    height: u16,
    cells: Vec<Cell>,
}

impl Reach {
    /// Where the unit stands.
    #[must_use]
    pub fn origin(&self) -> Pos {
        self.origin
    }

    fn local(&self, pos: Pos) -> Option<usize> {
        if pos.x < self.left || pos.y < self.top {
            return None;
        }
        let (dx, dy) = (pos.x - self.left, pos.y - self.top);
        (dx < self.width && dy < self.height).then(|| usize::from(dy) * usize::from(self.width) + usize::from(dx))
    }

    fn global(&self, index: usize) -> Pos {
        let width = usize::from(self.width);
        let dx = u16::try_from(index % width).unwrap_or(0);
        let dy = u16::try_from(index / width).unwrap_or(0);
        Pos::new(self.left + dx, self.top + dy)
    }

    /// The cheapest cost to reach a square, if it can be reached (0 for the unit's own square).
    #[must_use]
    pub fn cost(&self, pos: Pos) -> Option<u32> {
        let cell = self.cells[self.local(pos)?];
        (cell.cost != UNREACHED).then_some(u32::from(cell.cost))
    }

    /// Whether reaching this square means boarding a transport.
    #[must_use]
    pub fn boards(&self, pos: Pos) -> bool {
        self.local(pos).is_some_and(|index| {
            let cell = self.cells[index];
            cell.cost != UNREACHED && cell.occupant == Occupant::Boardable
        })
    }

    /// Every square the unit may end its move on, with its cost, row by row (the unit's own
    /// square excluded).
    pub fn destinations(&self) -> impl Iterator<Item = (Pos, u32)> + '_ {
        let width = usize::from(self.width);
        (0..self.height).flat_map(move |dy| {
            let row = &self.cells[usize::from(dy) * width..][..width];
            (0..self.width)
                .zip(row)
                .filter(|(_, cell)| cell.cost != UNREACHED && cell.cost != 0)
                .map(move |(dx, cell)| (Pos::new(self.left + dx, self.top + dy), u32::from(cell.cost)))
        })
    }

    /// The cheapest path to a square: the squares entered, in order.
    #[must_use]
    pub fn path_to(&self, pos: Pos) -> Option<Vec<Pos>> {
        let end = self.local(pos)?;
        if self.cells[end].cost == UNREACHED || pos == self.origin {
            return None;
        }
        let start = self.local(self.origin)?;
        let mut steps = 0;
        let mut index = end;
        while index != start {
            steps += 1;
            index = usize::from(self.cells[index].previous);
        }
        let mut path = vec![pos; steps];
        let mut index = end;
        for slot in path.iter_mut().rev() {
            *slot = self.global(index);
            index = usize::from(self.cells[index].previous);
        }
        Some(path)
    }
}

fn occupant(rules: &Ruleset, state: &GameState, mover: &Unit, at: &Unit) -> Occupant {
    let card = rules.unit(at.kind);
    let boardable = at.owner == mover.owner
        && card.transport.as_ref().is_some_and(|transport| {
            transport.carries.contains(&rules.unit(mover.kind).move_type)
                && state.passengers(at.id).count() < usize::from(transport.capacity)
        });
    if boardable { Occupant::Boardable } else { Occupant::Blocked }
}

/// The squares a unit can reach, as if it were about to move now.
#[must_use]
pub fn reachable(rules: &Ruleset, state: &GameState, unit: &Unit) -> Reach {
    let points = movement_points(rules, state, unit.owner, unit.kind);
    let radius = u16::try_from(points.min(400)).unwrap_or(400);
    let board = &state.board;
    let left = unit.pos.x.saturating_sub(radius);
    let top = unit.pos.y.saturating_sub(radius);
    let right = unit.pos.x.saturating_add(radius).min(board.width - 1);
    let bottom = unit.pos.y.saturating_add(radius).min(board.height - 1);
    let (width, height) = (right - left + 1, bottom - top + 1);
    let area = usize::from(width) * usize::from(height);
    let mut reach = Reach {
        origin: unit.pos,
        left,
        top,
        width,
        height,
        cells: vec![Cell { cost: UNREACHED, previous: 0, occupant: Occupant::Empty }; area],
    };
    for other in &state.units {
        if other.carried_by.is_some() || other.id == unit.id {
            continue;
        }
        if let Some(index) = reach.local(other.pos) {
            reach.cells[index].occupant = occupant(rules, state, unit, other);
        }
    }
    let move_type = rules.unit(unit.kind).move_type.index();
    let Some(start) = reach.local(unit.pos) else {
        return reach;
    };
    reach.cells[start].cost = 0;
    // Cost first, then square index: ties always break the same way.
    // Squares travel with their board position so no division is needed to recover it.
    let mut queue = BinaryHeap::with_capacity(area.min(256));
    queue.push(Reverse((0u16, start, unit.pos)));
    while let Some(Reverse((cost, index, here))) = queue.pop() {
        let cell = reach.cells[index];
        if cost > cell.cost || cell.occupant == Occupant::Boardable {
            continue;
        }
        for next in here.neighbours(board.width, board.height) {
            let Some(next_index) = reach.local(next) else {
                continue;
            };
            let next_cell = &mut reach.cells[next_index];
            if next_cell.occupant == Occupant::Blocked {
                continue;
            }
            let Some(step) = rules.terrain(board.terrain_at(next)).costs[move_type] else {
                continue;
            };
            let total = cost + u16::from(step);
            if u32::from(total) <= points && total < next_cell.cost {
                next_cell.cost = total;
                next_cell.previous = u16::try_from(index).unwrap_or(0);
                queue.push(Reverse((total, next_index, next)));
            }
        }
    }
    reach
}

/// The result of checking an explicit path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckedPath {
    /// The square the move ends on.
    pub to: Pos,
    /// Movement points spent.
    pub cost: u32,
    /// The transport boarded at the end, if any.
    pub boards: Option<UnitId>,
}

/// Checks a path step by step and names the first thing wrong with it.
///
/// # Errors
/// A step that is not orthogonal, leaves the board, crosses a unit, enters impassable terrain,
/// costs more than the unit has, or ends on a square the unit cannot end on.
pub fn check_path(rules: &Ruleset, state: &GameState, unit: &Unit, path: &[Pos]) -> Result<CheckedPath, Rejection> {
    let Some(&to) = path.last() else {
        return Err(Rejection::EmptyPath);
    };
    let move_type = rules.unit(unit.kind).move_type.index();
    let available = movement_points(rules, state, unit.owner, unit.kind);
    let mut here = unit.pos;
    let mut cost = 0u32;
    for (step, &next) in path.iter().enumerate() {
        if here.distance(next) != 1 {
            return Err(Rejection::PathNotOrthogonal { at: next });
        }
        if !state.board.contains(next) {
            return Err(Rejection::OffBoard { at: next });
        }
        let last = step + 1 == path.len();
        if let Some(other) = state.unit_at(next) {
            if !last {
                return Err(Rejection::PathBlocked { at: next });
            }
            match occupant(rules, state, unit, other) {
                Occupant::Boardable | Occupant::Empty => {}
                Occupant::Blocked => {
                    let full = other.owner == unit.owner
                        && rules
                            .unit(other.kind)
                            .transport
                            .as_ref()
                            .is_some_and(|t| t.carries.contains(&rules.unit(unit.kind).move_type));
                    return Err(if full {
                        Rejection::TransportFull(other.id)
                    } else {
                        Rejection::DestinationOccupied { at: next }
                    });
                }
            }
        }
        let terrain = rules.terrain(state.board.terrain_at(next));
        let Some(step_cost) = terrain.costs[move_type] else {
            return Err(Rejection::TerrainImpassable { at: next, terrain: terrain.name.clone() });
        };
        cost += u32::from(step_cost);
        here = next;
    }
    if cost > available {
        return Err(Rejection::NotEnoughMovement { needed: cost, available });
    }
    let boards = state.unit_at(to).map(|transport| transport.id);
    Ok(CheckedPath { to, cost, boards })
}

/// Whether a unit of this kind could stand on this square: on the board, passable for its
/// move type and empty.
#[must_use]
pub fn can_stand(rules: &Ruleset, state: &GameState, kind: UnitKindId, pos: Pos) -> bool {
    state.board.contains(pos)
        && rules.move_cost(kind, state.board.terrain_at(pos)).is_some()
        && state.unit_at(pos).is_none()
}

/// Whether some one move type could walk from a square of `from` to a square of `to` over the
/// terrain alone (units, fuel and turns aside): the ground route two armies need to meet. Over
/// water with no bridge, no move type of the house ruleset has one, and nothing can carry a
/// unit across, so a Conquest game there can end only by a turn limit.
#[must_use]
pub fn ground_route(rules: &Ruleset, board: &crate::board::Board, from: &[Pos], to: &[Pos]) -> bool {
    let squares = board.terrain.len();
    let mut goal = vec![false; squares];
    for &pos in to.iter().filter(|&&p| board.contains(p)) {
        goal[board.index(pos)] = true;
    }
    let move_types = rules.terrains.iter().map(|t| t.costs.len()).max().unwrap_or(0);
    (0..move_types).any(|move_type| {
        let enters = |pos: Pos| rules.terrain(board.terrain_at(pos)).costs.get(move_type).copied().flatten().is_some();
        let mut seen = vec![false; squares];
        let mut open: Vec<Pos> = from.iter().copied().filter(|&p| board.contains(p)).collect();
        for &pos in &open {
            seen[board.index(pos)] = true;
        }
        while let Some(pos) = open.pop() {
            if goal[board.index(pos)] {
                return true;
            }
            for next in pos.neighbours(board.width, board.height) {
                let index = board.index(next);
                if !seen[index] && enters(next) {
                    seen[index] = true;
                    open.push(next);
                }
            }
        }
        false
    })
}

/// Whether no army among `standing` has a ground route (its units and properties to any
/// enemy's): water with no bridge between them, which no unit of these rules crosses.
#[must_use]
pub fn armies_apart(rules: &Ruleset, state: &GameState, standing: &[super::ids::PlayerId]) -> bool {
    let ground = |p: super::ids::PlayerId| -> Vec<Pos> {
        let units = state.units.iter().filter(|u| u.owner == p).map(|u| u.pos);
        state.board.squares().filter(|&pos| state.owner_at(pos) == Some(p)).chain(units).collect()
    };
    standing.len() > 1
        && !standing.iter().any(|&p| {
            let enemies: Vec<Pos> = standing.iter().filter(|&&q| q != p).flat_map(|&q| ground(q)).collect();
            ground_route(rules, &state.board, &ground(p), &enemies)
        })
}
