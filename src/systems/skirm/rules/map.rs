//! The battle map's geometry for Skirm: adjacency across heights and walls, the cost of each
//! step in eight directions, reach within a Move, line of sight by the corner rule and cover.
//!
//! Readings of the text written here ([house] in `docs/SKIRM.md`):
//! - a height difference between two squares is a vertical face: one level is climbed like a
//!   wall 1 high; more needs a climbable wall on that edge;
//! - two diagonal squares are adjacent unless both orthogonal routes between them cross a wall
//!   higher than 1 (or their heights differ by more than 1);
//! - sight lines run between points a tenth of a square inside the corners; one is blocked
//!   where it touches a wall 2 or more high (or a closed door), or passes through the inside of
//!   an impassable square, of a square standing higher than both ends, or of a square holding
//!   another unit;
//! - cover: a wall (or closed door) on a side of the target's square that faces the attacker.

use super::ruleset::{Movement, Ruleset};
use crate::board::{Board, Edge, Pos, Wall};
use std::collections::BinaryHeap;

/// A figure on the map as geometry sees it: its square and its squad.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figure {
    /// Its square.
    pub pos: Pos,
    /// Its squad, 0 or 1.
    pub squad: u8,
}

/// How a unit moves: the special rules that change movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mover {
    /// FLY: ignores heights, walls and difficult terrain.
    pub flying: bool,
    /// RGR: ignores difficult terrain.
    pub ranger: bool,
    /// NMB: may pass enemy-occupied and enemy-adjacent squares.
    pub nimble: bool,
}

/// The battle map with its ruleset: every geometric question the rules ask.
#[derive(Debug, Clone, Copy)]
pub struct Map<'a> {
    /// The squares, heights and edges.
    pub board: &'a Board,
    /// For the terrain kinds.
    pub rules: &'a Ruleset,
}

/// The eight directions, in a fixed order so every search is deterministic.
const DIRECTIONS: [(i32, i32); 8] = [(0, -1), (-1, 0), (1, 0), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)];

impl<'a> Map<'a> {
    /// The map of a board.
    #[must_use]
    pub fn new(board: &'a Board, rules: &'a Ruleset) -> Self {
        Self { board, rules }
    }

    /// How a square treats movement (an unknown terrain counts as impassable).
    #[must_use]
    pub fn movement(&self, pos: Pos) -> Movement {
        self.rules.terrains.get(self.board.terrain_at(pos).index()).map_or(Movement::Impassable, |t| t.movement)
    }

    /// Whether the square is stairs or a slope.
    #[must_use]
    pub fn stairs(&self, pos: Pos) -> bool {
        self.rules.terrains.get(self.board.terrain_at(pos).index()).is_some_and(|t| t.stairs)
    }

    /// The square `(dx, dy)` away, if it is on the map.
    #[must_use]
    pub fn step(&self, pos: Pos, dx: i32, dy: i32) -> Option<Pos> {
        crate::board::shift(pos, dx, dy).filter(|&p| self.board.contains(p))
    }

    /// Squares within one step in the eight directions, on the map, in a fixed order.
    pub fn around(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        DIRECTIONS.iter().filter_map(move |&(dx, dy)| self.step(pos, dx, dy))
    }

    /// Distance on the horizontal plane, counted in squares with diagonal steps: the larger of
    /// the column and row differences.
    #[must_use]
    pub fn distance(a: Pos, b: Pos) -> u32 {
        u32::from(a.x.abs_diff(b.x).max(a.y.abs_diff(b.y)))
    }

    /// The wall on an edge, counting a closed door as the wall it sits in.
    fn wall_on(&self, edge: Edge) -> Option<Wall> {
        let feature = self.board.edge(edge)?;
        match (feature.wall, feature.door) {
            (Some(_), Some(door)) if door.open => None,
            (wall, _) => wall,
        }
    }

    /// Whether a wall higher than 1 (or a closed door in one) stands between two orthogonal
    /// neighbours.
    fn high_wall_between(&self, a: Pos, b: Pos) -> bool {
        Edge::between(a, b).and_then(|e| self.wall_on(e)).is_some_and(|w| w.height > 1)
    }

    /// Adjacent squares (rule "Adjacent Squares"): one of the eight around, their heights no
    /// more than 1 apart, and no wall higher than 1 between them.
    #[must_use]
    pub fn adjacent(&self, a: Pos, b: Pos) -> bool {
        if a == b || Self::distance(a, b) != 1 || !self.board.contains(a) || !self.board.contains(b) {
            return false;
        }
        if self.board.height_at(a).abs_diff(self.board.height_at(b)) > 1 {
            return false;
        }
        if a.x == b.x || a.y == b.y {
            return !self.high_wall_between(a, b);
        }
        // Diagonal: adjacent while one of the two orthogonal routes is open.
        let via = [Pos::new(a.x, b.y), Pos::new(b.x, a.y)];
        via.iter().any(|&c| !self.high_wall_between(a, c) && !self.high_wall_between(c, b))
    }

    /// The cost in squares of one step to a neighbouring square, ignoring other figures, or
    /// `None` when the step cannot be made (impassable, a wall or face too high to climb, a
    /// diagonal past a blocked side square).
    #[must_use]
    pub fn step_cost(&self, mover: Mover, from: Pos, to: Pos) -> Option<u32> {
        if Self::distance(from, to) != 1 || self.movement(to) == Movement::Impassable {
            return None;
        }
        let leaving = if self.movement(from) == Movement::Difficult && !mover.flying && !mover.ranger { 2 } else { 1 };
        let diagonal = from.x != to.x && from.y != to.y;
        if diagonal {
            // Both squares beside the diagonal must be traversable, and (for a unit on foot)
            // no wall may stand between them and either end.
            for side in [Pos::new(from.x, to.y), Pos::new(to.x, from.y)] {
                let walled = Edge::between(from, side).and_then(|e| self.wall_on(e)).is_some()
                    || Edge::between(side, to).and_then(|e| self.wall_on(e)).is_some();
                if self.movement(side) == Movement::Impassable || (walled && !mover.flying) {
                    return None;
                }
            }
        }
        // FLY ignores heights, walls and difficult squares.
        if mover.flying {
            return Some(1);
        }
        let wall = if diagonal { None } else { Edge::between(from, to).and_then(|e| self.wall_on(e)) };
        // Stairs and slopes: a step onto or off them is horizontal, its vertical part free
        // (a wall on the edge is still climbed as a wall).
        if wall.is_none() && (self.stairs(from) || self.stairs(to)) {
            return Some(leaving);
        }
        self.climb(from, to, wall).map(|cost| cost.max(leaving))
    }

    /// The cost of the vertical part of a step (and its horizontal square), or `None` when it
    /// is too high to climb: up costs 1 per level plus 1 across; down costs 1 less per level.
    /// A wall on the edge is climbed up to its top and down the other side.
    fn climb(&self, from: Pos, to: Pos, wall: Option<Wall>) -> Option<u32> {
        let here = u32::from(self.board.height_at(from));
        let there = u32::from(self.board.height_at(to));
        match wall {
            None => {
                let rise = there.abs_diff(here);
                if rise == 0 {
                    return Some(1);
                }
                // A face of one level is climbed like a wall 1 high; a higher face cannot be
                // climbed without a climbable wall on the edge.
                if rise > 1 {
                    return None;
                }
                Some(if there > here { rise + 1 } else { rise })
            }
            Some(wall) => {
                // A wall on an edge between two levels stands from the lower square: a
                // climbable wall on a 2-level face is the face, climbed for 3 up and 2 down as
                // the text counts ("1 Square per vertical Square, plus 1 Square for the
                // horizontal direction"; down "costs 1 less").
                let top = here.max(there).max(here.min(there) + u32::from(wall.height));
                let up = top - here;
                let down = top - there;
                if up > 1 && !wall.climbable {
                    return None;
                }
                if down > 1 && !wall.climbable {
                    return None;
                }
                // Same level, wall 1 high: 2 squares (rule "Vertical Movement").
                Some(up + 1 + down.saturating_sub(1))
            }
        }
    }

    /// Whether `pos` is held by an enemy of `squad` or next to one that no squadmate of the
    /// mover is next to: such a square may be entered but not passed through.
    fn engaged(&self, pos: Pos, squad: u8, figures: &[Figure], mover_at: Pos) -> bool {
        figures.iter().filter(|f| f.squad != squad).any(|enemy| {
            let touches = enemy.pos == pos || self.adjacent(enemy.pos, pos);
            touches
                && !figures
                    .iter()
                    .any(|mate| mate.squad == squad && mate.pos != mover_at && self.adjacent(mate.pos, enemy.pos))
        })
    }

    /// Every square a figure can end a move of up to `budget` squares on, with its cost: eight
    /// directions, difficult terrain, walls and heights, never through an engaged square (rule
    /// "Occupied Squares"), never ending on another figure.
    #[must_use]
    pub fn reach(&self, mover: Mover, from: Pos, squad: u8, figures: &[Figure], budget: u32) -> Vec<(Pos, u32)> {
        let best = self.cheapest(mover, from, squad, figures, budget, None);
        self.board
            .squares()
            .filter(|&p| p != from && best[self.board.index(p)] <= budget)
            .filter(|&p| !figures.iter().any(|f| f.pos == p))
            .map(|p| (p, best[self.board.index(p)]))
            .collect()
    }

    /// The cost of a move from `from` that ends on `to`, as [`Map::reach`] lists it, or `None`
    /// where the move cannot end there. It stops searching once `to` is settled, so a move
    /// being checked or made costs less than listing every square it could reach.
    #[must_use]
    pub fn cost_to(&self, mover: Mover, from: Pos, squad: u8, figures: &[Figure], budget: u32, to: Pos) -> Option<u32> {
        if to == from || !self.board.contains(to) || figures.iter().any(|f| f.pos == to) {
            return None;
        }
        let best = self.cheapest(mover, from, squad, figures, budget, Some(to));
        Some(best[self.board.index(to)]).filter(|&cost| cost <= budget)
    }

    /// The cheapest cost of reaching each square within `budget` (`u32::MAX` beyond it), by
    /// Dijkstra's search; with `settle`, the search stops once that square's cost is final.
    fn cheapest(
        &self,
        mover: Mover,
        from: Pos,
        squad: u8,
        figures: &[Figure],
        budget: u32,
        settle: Option<Pos>,
    ) -> Vec<u32> {
        let width = usize::from(self.board.width);
        let mut best = vec![u32::MAX; self.board.terrain.len()];
        let mut heap = BinaryHeap::new();
        best[self.board.index(from)] = 0;
        heap.push(std::cmp::Reverse((0u32, from.y, from.x)));
        while let Some(std::cmp::Reverse((cost, y, x))) = heap.pop() {
            let here = Pos::new(x, y);
            if cost > best[usize::from(y) * width + usize::from(x)] {
                continue;
            }
            if settle == Some(here) {
                break;
            }
            if here != from && !mover.nimble && self.engaged(here, squad, figures, from) {
                continue;
            }
            for next in self.around(here) {
                // NMB "may move through enemy-occupied and enemy-adjacent Squares" (it still ends on
                // no figure).
                if !mover.nimble && figures.iter().any(|f| f.pos == next && f.squad != squad) {
                    continue;
                }
                let Some(step) = self.step_cost(mover, here, next) else { continue };
                let diagonal_blocked = next.x != here.x
                    && next.y != here.y
                    && [Pos::new(here.x, next.y), Pos::new(next.x, here.y)]
                        .iter()
                        .any(|side| figures.iter().any(|f| f.pos == *side && f.pos != from));
                if diagonal_blocked {
                    continue;
                }
                let total = cost + step;
                let slot = &mut best[self.board.index(next)];
                if total <= budget && total < *slot {
                    *slot = total;
                    heap.push(std::cmp::Reverse((total, next.y, next.x)));
                }
            }
        }
        best
    }
}

/// What stands in the way of sight lines on a map with its figures: computed once, then asked
/// for many lines.
///
/// Sight lines run between points just inside the corners of the two squares (a tenth of a
/// square in), so a line never grazes the edge it starts or ends on: a tall wall on the near
/// side of the target's square hides it, a wall behind the attacker does not.
#[derive(Debug, Clone)]
pub struct Sight<'a> {
    map: Map<'a>,
    /// Walls of height 2 or more and closed doors, as segments in tenths of a square.
    walls: std::sync::Arc<[Segment]>,
    /// Squares whose inside blocks a line: impassable, and each figure's square.
    solid: Vec<bool>,
}

/// A wall's segment, in tenths of a square.
type Segment = ((i64, i64), (i64, i64));

/// A board and its tall walls.
type BoardWalls = (std::sync::Arc<Board>, std::sync::Arc<[Segment]>);

thread_local! {
    /// The tall walls of the board last asked on this thread, beside that board: kept while
    /// the board is (the `Arc` held here), so a board at the same address is the same board.
    static BOARD_WALLS: std::cell::RefCell<Option<BoardWalls>> = const { std::cell::RefCell::new(None) };
}

/// Walls of height 2 or more and closed doors on a map, as segments.
fn tall_walls(map: Map<'_>) -> std::sync::Arc<[Segment]> {
    map.board
        .edges
        .keys()
        .filter(|&&e| map.wall_on(e).is_some_and(|w| w.height > 1))
        .map(|e| {
            let (p, q) = e.corners();
            (scaled(p), scaled(q))
        })
        .collect()
}

/// Tenths of a square per square, for the inset corner points.
const SCALE: i64 = 10;

/// Twice the orientation of the turn a -> b -> c: positive anticlockwise, zero collinear.
fn orient(a: (i64, i64), b: (i64, i64), c: (i64, i64)) -> i64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

fn on_segment(a: (i64, i64), b: (i64, i64), p: (i64, i64)) -> bool {
    orient(a, b, p) == 0 && p.0 >= a.0.min(b.0) && p.0 <= a.0.max(b.0) && p.1 >= a.1.min(b.1) && p.1 <= a.1.max(b.1)
}

/// Whether two closed segments share a point.
fn touches(a: (i64, i64), b: (i64, i64), c: (i64, i64), d: (i64, i64)) -> bool {
    let (o1, o2, o3, o4) = (orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b));
    if o1.signum() * o2.signum() < 0 && o3.signum() * o4.signum() < 0 {
        return true;
    }
    on_segment(a, b, c) || on_segment(a, b, d) || on_segment(c, d, a) || on_segment(c, d, b)
}

/// A grid corner in tenths of a square.
fn scaled(p: Pos) -> (i64, i64) {
    (i64::from(p.x) * SCALE, i64::from(p.y) * SCALE)
}

/// A corner of `square` moved a tenth of a square towards its centre.
fn inset(corner: Pos, square: Pos) -> (i64, i64) {
    let (x, y) = scaled(corner);
    let dx = if corner.x > square.x { -1 } else { 1 };
    let dy = if corner.y > square.y { -1 } else { 1 };
    (x + dx, y + dy)
}

impl<'a> Sight<'a> {
    /// The obstacles of a map with figures on these squares.
    #[must_use]
    pub fn new(map: Map<'a>, figures: &[Pos]) -> Self {
        Self::with_walls(map, tall_walls(map), figures)
    }

    /// [`Sight::new`] on a battle's own board, its walls found once for the board as it stands:
    /// the computer lists the attacks of many positions on one board, and only a door that
    /// opens or closes (a new board) changes them.
    #[must_use]
    pub fn on_board(board: &'a std::sync::Arc<Board>, rules: &'a Ruleset, figures: &[Pos]) -> Self {
        let map = Map::new(board, rules);
        let walls = BOARD_WALLS.with(|kept| match kept.try_borrow_mut() {
            Ok(mut kept) => match kept.as_ref() {
                Some((seen, walls)) if std::sync::Arc::ptr_eq(seen, board) => std::sync::Arc::clone(walls),
                _ => {
                    let walls = tall_walls(map);
                    *kept = Some((std::sync::Arc::clone(board), std::sync::Arc::clone(&walls)));
                    walls
                }
            },
            Err(_) => tall_walls(map),
        });
        Self::with_walls(map, walls, figures)
    }

    /// The same board's sight with figures on other squares (or none).
    #[must_use]
    pub fn with_figures(&self, figures: &[Pos]) -> Self {
        Self::with_walls(self.map, std::sync::Arc::clone(&self.walls), figures)
    }

    fn with_walls(map: Map<'a>, walls: std::sync::Arc<[Segment]>, figures: &[Pos]) -> Self {
        let mut solid: Vec<bool> = map.board.squares().map(|p| map.movement(p) == Movement::Impassable).collect();
        for &pos in figures {
            if map.board.contains(pos) {
                solid[map.board.index(pos)] = true;
            }
        }
        Self { map, walls, solid }
    }

    /// Whether the straight line between two points (in tenths of a square) is uninterrupted
    /// by tall walls and by the inside of solid squares other than the two it joins, or of
    /// squares standing higher than both.
    fn clear(&self, a: (i64, i64), b: (i64, i64), ends: [Pos; 2]) -> bool {
        let (lo_x, hi_x) = (a.0.min(b.0), a.0.max(b.0));
        let (lo_y, hi_y) = (a.1.min(b.1), a.1.max(b.1));
        for &(c, d) in self.walls.iter() {
            if c.0.max(d.0) < lo_x || c.0.min(d.0) > hi_x || c.1.max(d.1) < lo_y || c.1.min(d.1) > hi_y {
                continue;
            }
            if touches(a, b, c, d) {
                return false;
            }
        }
        let level = ends.map(|s| self.map.board.height_at(s)).into_iter().max().unwrap_or(0);
        let columns = lo_x.div_euclid(SCALE)..=hi_x.div_euclid(SCALE);
        for y in lo_y.div_euclid(SCALE)..=hi_y.div_euclid(SCALE) {
            for x in columns.clone() {
                let (Ok(sx), Ok(sy)) = (u16::try_from(x), u16::try_from(y)) else { continue };
                let square = Pos::new(sx, sy);
                if !self.map.board.contains(square) || ends.contains(&square) {
                    continue;
                }
                let blocks = self.solid[self.map.board.index(square)] || self.map.board.height_at(square) > level;
                if blocks && crosses_inside(a, b, x * SCALE, y * SCALE) {
                    return false;
                }
            }
        }
        true
    }

    /// Line of sight (rule "Line Of Sight"): from one corner of the attacker's square, two
    /// uninterrupted lines to the two corners of the target's square nearest that corner.
    #[must_use]
    pub fn sees(&self, attacker: Pos, target: Pos) -> bool {
        attacker != target && corners(attacker).into_iter().any(|c| self.sees_from(c, attacker, target))
    }

    fn sees_from(&self, corner: Pos, attacker: Pos, target: Pos) -> bool {
        let mut by_distance: Vec<(i64, Pos)> =
            corners(target).into_iter().map(|t| (squared(scaled(corner), scaled(t)), t)).collect();
        by_distance.sort_unstable_by_key(|&(d, t)| (d, t.y, t.x));
        let ends = [attacker, target];
        let from = inset(corner, attacker);
        if !self.clear(from, inset(by_distance[0].1, target), ends) {
            return false;
        }
        // The second nearest; where two tie, either will do.
        let second = by_distance[1].0;
        by_distance[1..].iter().filter(|(d, _)| *d == second).any(|&(_, t)| self.clear(from, inset(t, target), ends))
    }

    /// Whether the target is in cover from the attacker (see [`Map::in_cover`]).
    #[must_use]
    pub fn in_cover(&self, attacker: Pos, target: Pos) -> bool {
        self.map.in_cover(attacker, target)
    }
}

impl Map<'_> {
    /// Whether the target is in cover from the attacker ([house] reading of the legs, torso and
    /// head test): a wall (or closed door) on a side of the target's square that faces the
    /// attacker, unless the attacker stands `high_ground` levels or more above the target.
    /// It reads only the board's walls and heights, never the figures, so an attack's cover is
    /// found without working out every line of sight on the board.
    #[must_use]
    pub fn in_cover(&self, attacker: Pos, target: Pos) -> bool {
        let above = u32::from(self.board.height_at(attacker)).saturating_sub(u32::from(self.board.height_at(target)));
        if above >= u32::from(self.rules.high_ground) {
            return false;
        }
        facing_sides(attacker, target).into_iter().any(|(side, facing)| facing && self.wall_on(side).is_some())
    }
}

/// The four sides of the target's square, each with whether it faces the attacker.
fn facing_sides(attacker: Pos, target: Pos) -> [(Edge, bool); 4] {
    let [top, left, right, bottom] = Edge::sides(target);
    [
        (top, attacker.y < target.y),
        (left, attacker.x < target.x),
        (right, attacker.x > target.x),
        (bottom, attacker.y > target.y),
    ]
}

/// Whether the segment a-b passes through the inside of the square whose top-left corner is
/// (x, y), all in tenths of a square (Liang-Barsky clipping on exact integers).
fn crosses_inside(a: (i64, i64), b: (i64, i64), x: i64, y: i64) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    // The part of the segment inside the open square is t in (t0, t1); fractions kept as
    // (numerator, denominator) with a positive denominator.
    let mut t0 = (0i64, 1i64);
    let mut t1 = (1i64, 1i64);
    for (p, q) in [(-dx, a.0 - x), (dx, x + SCALE - a.0), (-dy, a.1 - y), (dy, y + SCALE - a.1)] {
        if p == 0 {
            if q <= 0 {
                return false;
            }
            continue;
        }
        let r = if p < 0 { (-q, -p) } else { (q, p) };
        if p < 0 {
            if r.0 * t0.1 > t0.0 * r.1 {
                t0 = r;
            }
        } else if r.0 * t1.1 < t1.0 * r.1 {
            t1 = r;
        }
    }
    t1.0 * t0.1 > t0.0 * t1.1
}

/// The four corners of a square, as grid points: top-left, top-right, bottom-left,
/// bottom-right.
#[must_use]
pub fn corners(pos: Pos) -> [Pos; 4] {
    [Pos::new(pos.x, pos.y), Pos::new(pos.x + 1, pos.y), Pos::new(pos.x, pos.y + 1), Pos::new(pos.x + 1, pos.y + 1)]
}

fn squared(a: (i64, i64), b: (i64, i64)) -> i64 {
    (a.0 - b.0).pow(2) + (a.1 - b.1).pow(2)
}

/// The squares whose inside the line between the centres of two squares passes through, in
/// order from `a`, without the two ends ([house] reading of LNR's corner-to-corner line: the
/// centre line, so the squares hit do not depend on which corners a player picks).
#[must_use]
pub fn squares_on_line(a: Pos, b: Pos) -> Vec<Pos> {
    let centre = |p: Pos| (i64::from(p.x) * SCALE + SCALE / 2, i64::from(p.y) * SCALE + SCALE / 2);
    let (from, to) = (centre(a), centre(b));
    let mut found: Vec<Pos> = Vec::new();
    for y in a.y.min(b.y)..=a.y.max(b.y) {
        for x in a.x.min(b.x)..=a.x.max(b.x) {
            let square = Pos::new(x, y);
            if square != a && square != b && crosses_inside(from, to, i64::from(x) * SCALE, i64::from(y) * SCALE) {
                found.push(square);
            }
        }
    }
    found.sort_by_key(|p| squared(centre(*p), from));
    found
}
