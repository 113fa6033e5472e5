//! Static analysis of a board for designers: how many turns a unit kind needs to reach each
//! square, ignoring other units. The validator and the statistics ask here, so movement
//! knowledge stays in the rules core.

use super::ids::{Pos, UnitKindId};
use super::ruleset::Ruleset;
use super::state::Board;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Where a unit of some kind starts moving, and on which of its owner's turns it first moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Start {
    /// Its square.
    pub pos: Pos,
    /// The owner's turn (from 1) on which it first moves; it stands on `pos` from the turn
    /// before.
    pub first_turn: u32,
}

/// For each square (row-major), the first of the owner's turns at whose end a unit of `kind`
/// from one of `starts` can stand there, ignoring other units (0 for a square a unit stands on
/// when the game starts); `None` where it never can.
///
/// A move may not be split across turns: a step that does not fit in what is left of this
/// turn's movement points waits for the next turn.
#[must_use]
pub fn turns_to_reach(rules: &Ruleset, board: &Board, kind: UnitKindId, starts: &[Start]) -> Vec<Option<u32>> {
    let area = board.terrain.len();
    let points = u32::from(rules.unit(kind).movement);
    let move_type = rules.unit(kind).move_type.index();
    // Label: (turn, points used in that turn), compared lexicographically.
    let mut best: Vec<(u32, u32)> = vec![(u32::MAX, 0); area];
    let mut queue = BinaryHeap::new();
    for start in starts {
        if !board.contains(start.pos) {
            continue;
        }
        let index = board.index(start.pos);
        // It stands on its start square from the turn before it first moves (0: from the
        // start of the game), with that turn's movement used up.
        let label = (start.first_turn.saturating_sub(1), points);
        if label < best[index] {
            best[index] = label;
            queue.push(Reverse((label, index, start.pos)));
        }
    }
    if points == 0 {
        return best.into_iter().map(|(turn, _)| (turn != u32::MAX).then_some(turn)).collect();
    }
    while let Some(Reverse(((turn, used), index, here))) = queue.pop() {
        if (turn, used) > best[index] {
            continue;
        }
        for next in here.neighbours(board.width, board.height) {
            let Some(step) = rules.terrain(board.terrain_at(next)).costs[move_type] else {
                continue;
            };
            let step = u32::from(step);
            if step > points {
                continue;
            }
            let label = if used + step <= points { (turn, used + step) } else { (turn + 1, step) };
            let next_index = board.index(next);
            if label < best[next_index] {
                best[next_index] = label;
                queue.push(Reverse((label, next_index, next)));
            }
        }
    }
    best.into_iter().map(|(turn, _)| (turn != u32::MAX).then_some(turn)).collect()
}
