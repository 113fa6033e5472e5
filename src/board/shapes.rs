//! Which squares a gesture covers, for every square-grid editor: a square brush, a straight
//! line, a rectangle, a flood fill that stops at walls, every square of one terrain, and the
//! shape a paint tool draws with ([`Shape`]).

use super::{Board, Pos, TerrainId};

/// The brush sizes offered: squares across.
pub const BRUSH_SIZES: [u16; 3] = [1, 3, 5];

/// The squares a square brush of `size` (1, 3 or 5) covers around `center`.
#[must_use]
pub fn brush_squares(board: &Board, center: Pos, size: u16) -> Vec<Pos> {
    let r = i32::from(size.max(1) / 2);
    let mut out = Vec::new();
    for dy in -r..=r {
        for dx in -r..=r {
            let (x, y) = (i32::from(center.x) + dx, i32::from(center.y) + dy);
            if let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) {
                let pos = Pos::new(x, y);
                if board.contains(pos) {
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
pub fn flood_squares(board: &Board, start: Pos) -> Vec<Pos> {
    if !board.contains(start) {
        return Vec::new();
    }
    let target = board.terrain_at(start);
    flood_where(board, start, |pos| board.terrain_at(pos) == target)
}

/// The squares joined to `start` through orthogonal neighbours for which `alike` holds, never
/// crossing a wall, row by row.
#[must_use]
pub fn flood_where(board: &Board, start: Pos, alike: impl Fn(Pos) -> bool) -> Vec<Pos> {
    if !board.contains(start) {
        return Vec::new();
    }
    let mut seen = vec![false; board.terrain.len()];
    let mut stack = vec![start];
    seen[board.index(start)] = true;
    let mut out = Vec::new();
    while let Some(pos) = stack.pop() {
        out.push(pos);
        for next in pos.neighbours(board.width, board.height) {
            let index = board.index(next);
            if !seen[index] && alike(next) && board.wall_between(pos, next).is_none() {
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
pub fn squares_of(board: &Board, terrain: TerrainId) -> Vec<Pos> {
    board.squares().filter(|&p| board.terrain_at(p) == terrain).collect()
}

/// The squares a brush of `size` sweeps moving in a straight line from `a` to `b`, each once,
/// in the order it reaches them.
#[must_use]
pub fn stroke_squares(board: &Board, a: Pos, b: Pos, size: u16) -> Vec<Pos> {
    let mut squares = Vec::new();
    for centre in line_squares(a, b) {
        for pos in brush_squares(board, centre, size) {
            if !squares.contains(&pos) {
                squares.push(pos);
            }
        }
    }
    squares
}

/// How a square-painting tool lays what it paints: as Tiled's and Commander Wars' tools do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A square brush of one of [`BRUSH_SIZES`], painting as it is dragged.
    Brush(u16),
    /// A filled rectangle from the press to the release.
    Rectangle,
    /// A straight line from the press to the release.
    Line,
    /// The connected squares alike to the one clicked, stopped by walls.
    Fill,
}

impl Shape {
    /// Every shape, in palette order.
    pub const ALL: [Shape; 6] =
        [Shape::Brush(1), Shape::Brush(3), Shape::Brush(5), Shape::Rectangle, Shape::Line, Shape::Fill];

    /// Its name on the palette.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Shape::Brush(3) => "Brush 3×3",
            Shape::Brush(5) => "Brush 5×5",
            Shape::Brush(_) => "Brush 1×1",
            Shape::Rectangle => "Rectangle",
            Shape::Line => "Line",
            Shape::Fill => "Fill",
        }
    }

    /// Whether the shape paints as the pointer moves (else once, at the release or the press).
    #[must_use]
    pub fn paints_while_dragging(self) -> bool {
        matches!(self, Shape::Brush(_))
    }

    /// The squares the shape covers on `board` for a gesture from `start` to `end`; `alike`
    /// says which squares a fill spreads to.
    #[must_use]
    pub fn squares(self, board: &Board, start: Pos, end: Pos, alike: impl Fn(Pos) -> bool) -> Vec<Pos> {
        let on_board = |squares: Vec<Pos>| squares.into_iter().filter(|p| board.contains(*p)).collect();
        match self {
            Shape::Brush(size) => stroke_squares(board, start, end, size),
            Shape::Rectangle => on_board(rect_squares(start, end)),
            Shape::Line => on_board(line_squares(start, end)),
            Shape::Fill => flood_where(board, end, alike),
        }
    }
}
