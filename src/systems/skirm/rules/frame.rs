//! A squad's own frame on a Skirm map: forward from its deployment zone toward the enemy's,
//! and a side the map itself names where the map is its own mirror image. The computer player
//! breaks ties in it, and units placed without a square deploy in its order, so a squad's
//! choices come from where it deploys, never from its number.

use super::state::GameState;
use crate::board::{Board, Pos};

/// A squad's own frame: forward runs from its deployment zone toward the enemy's, so a map
/// turned or mirrored, and the other seat on a symmetric map, read positions alike.
pub struct SquadFrame {
    /// The own zone's squares summed, and how many (its centre is the sum over the count):
    /// whole numbers throughout, so a turned map gives exactly the turned frame.
    origin: (i64, i64, i64),
    /// The step from the own zone's centre to the enemy's, scaled by both counts.
    forward: (i64, i64),
    /// On a map that is the mirror image of itself across the line between the zones (and not
    /// also its own half turn), the last tie goes to the side the map names, not the squad's
    /// own right: a mirror swaps right and left, so "own right" would send the two squads to
    /// different flanks of the same map. `Some((x, y))` is the map direction that side lies in.
    mirror_side: Option<(i64, i64)>,
}

impl SquadFrame {
    /// The frame of squad `squad` in a game under way.
    #[must_use]
    pub fn of(state: &GameState, squad: u8) -> Self {
        Self::on(&state.board, &state.objectives, &state.zones, squad)
    }

    /// The frame of squad `squad` on a map with these objectives and deployment zones.
    #[must_use]
    pub fn on(board: &Board, objectives: &[Pos], zones: &[Vec<Pos>], squad: u8) -> Self {
        let sums = |zone: &[Pos]| {
            let n = i64::try_from(zone.len()).unwrap_or(0).max(1);
            let (sx, sy) = zone.iter().fold((0i64, 0i64), |(x, y), p| (x + i64::from(p.x), y + i64::from(p.y)));
            (sx, sy, n)
        };
        let own = sums(zones.get(usize::from(squad)).map_or(&[][..], Vec::as_slice));
        let enemy = sums(zones.get(usize::from(1 - squad.min(1))).map_or(&[][..], Vec::as_slice));
        let forward = (enemy.0 * own.2 - own.0 * enemy.2, enemy.1 * own.2 - own.1 * enemy.2);
        // The mirror that swaps the zones: across the columns when they face each other along
        // the rows, across the rows otherwise. Its side direction lies along the mirror line.
        let (mirror, side) = if forward.0.abs() >= forward.1.abs() {
            (crate::board::SquareMap::FlipX, (0, 1))
        } else {
            (crate::board::SquareMap::FlipY, (1, 0))
        };
        let (width, height) = (board.width, board.height);
        let own_image = |map: crate::board::SquareMap| {
            board.is_symmetric_under(map)
                && objectives.iter().all(|o| objectives.contains(&map.apply(*o, width, height)))
        };
        let mirrored = own_image(mirror) && !own_image(crate::board::SquareMap::Turn180);
        Self { origin: own, forward, mirror_side: mirrored.then_some(side) }
    }

    /// A position's order for breaking ties: further forward first, then nearer the middle,
    /// then to the squad's own right (on a mirrored map, the side the map names).
    #[must_use]
    pub fn key(&self, pos: Option<Pos>) -> (i64, i64, i64) {
        let Some(p) = pos else { return (i64::MIN, i64::MIN, i64::MIN) };
        let (ox, oy, n) = self.origin;
        let (dx, dy) = (i64::from(p.x) * n - ox, i64::from(p.y) * n - oy);
        let ahead = dx * self.forward.0 + dy * self.forward.1;
        let side = match self.mirror_side {
            Some((sx, sy)) => dx * sx + dy * sy,
            None => dx * self.forward.1 - dy * self.forward.0,
        };
        (ahead, -side.abs(), side)
    }

    /// The squares of `zone` in the order units placed without a square fill them: from the
    /// squad's back edge forward, each row across from the frame's side, so the other squad on
    /// a turned or mirrored map fills the image squares in the same order.
    #[must_use]
    pub fn filling_order(&self, zone: &[Pos]) -> Vec<Pos> {
        let mut order = zone.to_vec();
        order.sort_by_key(|&p| {
            let (ahead, _, side) = self.key(Some(p));
            (ahead, side)
        });
        order
    }
}
