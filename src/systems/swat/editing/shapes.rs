//! Which squares a gesture covers: a square brush, a straight line, a rectangle, a flood fill
//! that stops at walls, every square of one terrain.

use crate::systems::swat::rules::{Pos, TerrainId};
use crate::systems::swat::scenario::Scenario;

/// The squares a square brush of `size` (1, 3 or 5) covers around `center`.
#[must_use]
pub fn brush_squares(scenario: &Scenario, center: Pos, size: u16) -> Vec<Pos> {
    let r = i32::from(size.max(1) / 2);
    let mut out = Vec::new();
    for dy in -r..=r {
        for dx in -r..=r {
            let (x, y) = (i32::from(center.x) + dx, i32::from(center.y) + dy);
            if let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) {
                let pos = Pos::new(x, y);
                if scenario.contains(pos) {
                    out.push(pos);
                }
            }
        }
    }
    out
}

/// The squares of a straight line from `a` to `b` (Bresenham), both ends included.
#[must_use]
pub fn line_squares(a: Pos, b: Pos) -> Vec<Pos> {
    let (mut x, mut y) = (i32::from(a.x), i32::from(a.y));
    let (x1, y1) = (i32::from(b.x), i32::from(b.y));
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
    let mut error = dx + dy;
    let mut out = Vec::new();
    loop {
        if let (Ok(px), Ok(py)) = (u16::try_from(x), u16::try_from(y)) {
            out.push(Pos::new(px, py));
        }
        if x == x1 && y == y1 {
            break;
        }
        let twice = 2 * error;
        if twice >= dy {
            error += dy;
            x += sx;
        }
        if twice <= dx {
            error += dx;
            y += sy;
        }
    }
    out
}

/// The squares of the rectangle with corners `a` and `b`, row by row.
#[must_use]
pub fn rect_squares(a: Pos, b: Pos) -> Vec<Pos> {
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
    (y0..=y1).flat_map(|y| (x0..=x1).map(move |x| Pos::new(x, y))).collect()
}

/// The connected squares of the same terrain as `start` (orthogonal neighbours), never
/// crossing a wall, so a fill stays inside a walled room.
#[must_use]
pub fn flood_squares(scenario: &Scenario, start: Pos) -> Vec<Pos> {
    if !scenario.contains(start) {
        return Vec::new();
    }
    let target = scenario.terrain_at(start);
    let mut seen = vec![false; scenario.board.terrain.len()];
    let mut stack = vec![start];
    seen[scenario.index(start)] = true;
    let mut out = Vec::new();
    while let Some(pos) = stack.pop() {
        out.push(pos);
        for next in pos.neighbours(scenario.board.width, scenario.board.height) {
            let index = scenario.index(next);
            if !seen[index]
                && scenario.board.terrain[index] == target
                && scenario.board.wall_between(pos, next).is_none()
            {
                seen[index] = true;
                stack.push(next);
            }
        }
    }
    out.sort_by_key(|p| (p.y, p.x));
    out
}

/// Every square of one terrain, for "replace all".
#[must_use]
pub fn squares_of(scenario: &Scenario, terrain: TerrainId) -> Vec<Pos> {
    scenario.squares().filter(|&p| scenario.terrain_at(p) == terrain).collect()
}

/// The squares a brush of `size` sweeps moving in a straight line from `a` to `b`, each once,
/// in the order it reaches them.
#[must_use]
pub fn stroke_squares(scenario: &Scenario, a: Pos, b: Pos, size: u16) -> Vec<Pos> {
    let mut squares = Vec::new();
    for centre in line_squares(a, b) {
        for pos in brush_squares(scenario, centre, size) {
            if !squares.contains(&pos) {
                squares.push(pos);
            }
        }
    }
    squares
}
